//! What a web call reaches and carries: whether a URL names a public host (not a local
//! name, an address, a metadata endpoint, a look-alike), and whether a URL or a query
//! carries a secret-shaped value (the redaction scanner's test, also on the URL's
//! percent-decoded form).

use crate::decision::redact;

/// Domains whose names resolve to an address written in the name (`127.0.0.1.nip.io`) or
/// to loopback (`lvh.me`): a public-looking name for a local address.
const ADDRESS_DOMAINS: &[&str] = &[
    "nip.io",
    "sslip.io",
    "xip.io",
    "traefik.me",
    "localtest.me",
    "lvh.me",
    "vcap.me",
    "lacolhost.com",
    "localh.st",
];

/// Last labels that name a local or reserved network, never the public web.
const LOCAL_SUFFIXES: &[&str] = &[
    "localhost",
    "local",
    "localdomain",
    "internal",
    "intranet",
    "lan",
    "home",
    "corp",
    "private",
    "test",
    "invalid",
    "onion",
    "home.arpa",
    "in-addr.arpa",
    "ip6.arpa",
];

/// Cloud metadata endpoints known by name (the addresses are IP literals, refused anyway).
const METADATA_HOSTS: &[&str] = &[
    "metadata.google.internal",
    "metadata.goog",
    "metadata.tencentyun.com",
];

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
    if labels.iter().any(|l| l.starts_with("xn--")) {
        return Err(format!(
            "names {host}, an internationalised (punycode) name that can look like another"
        ));
    }
    let ends_with = |suffix: &str| host == suffix || host.ends_with(&format!(".{suffix}"));
    if let Some(s) = LOCAL_SUFFIXES.iter().find(|s| ends_with(s)) {
        return Err(format!(
            "names {host}, on the local or reserved `.{s}` network"
        ));
    }
    if METADATA_HOSTS.iter().any(|m| ends_with(m)) {
        return Err(format!("names {host}, a cloud metadata endpoint"));
    }
    if ADDRESS_DOMAINS.iter().any(|d| ends_with(d)) || embeds_address(&labels) {
        return Err(format!(
            "names {host}, which resolves to an address written in it or to loopback"
        ));
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

/// Four numeric labels in a row (`10.0.0.1.example.com`) or a dashed address label
/// (`127-0-0-1.example.com`): names that wildcard DNS services map to that address.
fn embeds_address(labels: &[&str]) -> bool {
    let numeric = |l: &&str| !l.is_empty() && l.len() <= 3 && l.chars().all(|c| c.is_ascii_digit());
    let run = labels.windows(4).any(|w| w.iter().all(numeric));
    let dashed = labels.iter().any(|l| {
        let parts: Vec<&str> = l.split('-').collect();
        parts.windows(4).any(|w| w.iter().all(numeric))
    });
    run || dashed
}

/// Whether a URL carries a long encoded value (base64 or hex) in its path or query: data
/// leaving through the URL. Base64-like runs mix upper case, lower case and digits (a
/// slug or a word does not); hex-only runs count in the query (commit hashes in a path are
/// ordinary).
pub fn carries_encoded_data(url: &str) -> bool {
    let rest = url.split_once("://").map(|(_, r)| r).unwrap_or(url);
    let after_host = rest.find(['/', '?', '#']).map(|i| &rest[i..]).unwrap_or("");
    let decoded = percent_decoded(after_host);
    let (path, query) = decoded.split_once('?').unwrap_or((&decoded, ""));
    let runs = |s: &str| -> Vec<String> {
        s.split(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '+' | '/' | '=' | '_' | '-')))
            .flat_map(|w| w.split('/'))
            .map(str::to_string)
            .collect()
    };
    let base64ish = |w: &str| {
        w.len() >= 24
            && w.chars().any(|c| c.is_ascii_uppercase())
            && w.chars().any(|c| c.is_ascii_lowercase())
            && w.chars().any(|c| c.is_ascii_digit())
    };
    let hexish = |w: &str| w.len() >= 32 && w.chars().all(|c| c.is_ascii_hexdigit());
    runs(path).iter().any(|w| base64ish(w))
        || query
            .split('&')
            .filter_map(|kv| kv.split_once('=').map(|(_, v)| v).or(Some(kv)))
            .flat_map(runs)
            .any(|w| base64ish(&w) || hexish(&w))
}

/// Whether `text` carries a secret-shaped value, as written or percent-decoded.
pub fn carries_secret(text: &str) -> bool {
    redact::has_secret(text) || (text.contains('%') && redact::has_secret(&percent_decoded(text)))
}

/// `%XX` escapes decoded (invalid ones kept as written; bytes that are not UTF-8 replaced).
fn percent_decoded(text: &str) -> String {
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
        ] {
            assert!(public_host(url).is_ok(), "{url}: {:?}", public_host(url));
        }
    }

    #[test]
    fn hosts_that_are_not_public() {
        for (url, why) in [
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
                ".internal",
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
}
