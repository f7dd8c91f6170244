//! Fetchers: `curl`, `wget`, HTTPie/`xh`.
//!
//! What a request sends decides first: a URL naming a cloud metadata endpoint (it hands
//! out the machine's role credentials: `floor::metadata_host`, every IPv4 spelling) or a
//! secret-shaped variable expanded into the URL, a header, the body or the user
//! (`curl "https://x/?k=$AWS_SECRET_ACCESS_KEY"`, `-H "Authorization: $TOKEN"`) is a hard
//! floor: the secret leaves the machine. Options read from a file the floor does not parse
//! (`curl -K`, `wget -e`/`--execute`) and files named by the server (`curl -OJ`, `wget
//! --content-disposition`, `--trust-server-names`) are soft: what they upload or plant
//! cannot be seen. Credential files sent (`-d @FILE`,
//! `-T FILE`) are reads the path floor judges (and with egress, the whole-command floor).
//!
//! `curl` and `wget` are routine only as a GET (or HEAD) with every option known: a body
//! (`-d`, `-F`, `--json`), an upload (`-T`), a config file (`-K`, wget's `--config`),
//! `.netrc` credentials, headers read from files (`-H @FILE`: a send of the file),
//! variables (`--variable NAME@FILE`, `%NAME`, curl 8.3.0's docs: a send of what they
//! read, which `--expand-*` options put in the request) or an unknown option is not
//! routine. A URL's scheme is read as curl 7.88.1 reads it (`scheme:/…`, so `file:/x` is a
//! file): a `file:` URL is a read of the local file it names (the path floor judges it:
//! `curl file:/home/u/.netrc` is a credential read), and any scheme beyond HTTP and FTP
//! (telnet, dict, gopher, ldap, smtp, …) sends its request — the URL's text, and for
//! telnet what arrives on curl's input — to the host (checked with curl 7.88.1). Files they
//! write (`-o`, `-O`, `--cookie-jar`, `-D`; wget's file named from the URL, `-O`, `-P`)
//! are writes, judged like an edit (outside the workspace: asked). A `DELETE` is soft anywhere; `POST`/`PUT`/`PATCH` is
//! soft toward a known control plane (GitHub, Cloudflare, Railway, Vercel, Stripe, …), for
//! a GraphQL mutation, or for a path that names a deletion (`_delete_by_query`).
//!
//! What a request sends is a `Net` effect to its host with what it carries ([`carried`]):
//! a file for `-d @FILE`, `--data-binary @FILE`, `--data-urlencode [NAME]@FILE`, `--json
//! @FILE`, `-F NAME=@FILE`, `-F NAME=<FILE`, `-T FILE` and wget's `--post-file`/
//! `--body-file` (each also a read of the file); its input for `@-` and `-T -`; literal
//! data otherwise (`--data-raw` and `--form-string` never read a file). Checked against
//! curl 7.88.1 and GNU Wget 1.21.3 posting to a local server. A send no entry above
//! describes is not routine (`policy::catalogue_class`), and it needs the person's word
//! naming the host.

use super::table::{asks_help, has_flag, Said};
use crate::analysis::command::core::Cmd;
use crate::analysis::effects::{Carry, Change, Effect};

/// API hosts of hosted services whose writes change someone's production.
const CONTROL_PLANES: &[&str] = &[
    "api.github.com",
    "uploads.github.com",
    "gitlab.com",
    "api.cloudflare.com",
    "api.railway.app",
    "backboard.railway.app",
    "backboard.railway.com",
    "api.vercel.com",
    "api.netlify.com",
    "api.fly.io",
    "api.machines.dev",
    "api.heroku.com",
    "api.stripe.com",
    "api.supabase.com",
    "supabase.co",
    "api.digitalocean.com",
    "management.azure.com",
    "googleapis.com",
    "amazonaws.com",
    "api.render.com",
    "api.sendgrid.com",
    "api.mailgun.net",
    "api.postmarkapp.com",
    "api.pagerduty.com",
    "datadoghq.com",
    "api.newrelic.com",
    "api.twilio.com",
    "slack.com",
    "hooks.slack.com",
    "discord.com",
    "api.linear.app",
    "console.neon.tech",
    "api.planetscale.com",
    "api.squareup.com",
    "braintreegateway.com",
    "app.launchdarkly.com",
    "api.split.io",
    "algolia.net",
    "api.fastly.com",
    "api.hetzner.cloud",
    "api.linode.com",
    "api.vultr.com",
    "api.atlassian.com",
    "atlassian.net",
];

/// Words in a URL path that name a deletion.
const DELETE_PATH_WORDS: &[&str] = &[
    "delete", "destroy", "purge", "_close", "drop", "remove", "wipe", "flush",
];

/// The first secret-shaped variable whose value reaches one of `args` (dynamic words only).
fn secret_sent(cmd: &Cmd) -> Option<String> {
    cmd.args().iter().enumerate().find_map(|(i, a)| {
        if !cmd.arg_dynamic(i) {
            return None;
        }
        crate::analysis::effects::secrets::expansions(a)
            .into_iter()
            .filter_map(|u| u.value().map(str::to_string))
            .find(|n| crate::analysis::effects::secret_name(n))
    })
}

/// The request's secret flows and credential sources, if any: a metadata endpoint asked,
/// or a secret-shaped variable sent.
fn sends_secret(prog: &str, cmd: &Cmd, urls: &[String], resolve: &[String]) -> Option<Said> {
    let to = urls
        .first()
        .map(|u| host_of(u).to_string())
        .unwrap_or_else(|| "a host".into());
    for u in urls {
        if let Some(what) = crate::context::floor::metadata_host(host_of(u)) {
            return Some(Said::secret(
                "this machine's cloud credentials",
                format!(
                "{prog} asks {what} at {}, which hands out this machine's credentials; the cloud SDKs and CLIs fetch them themselves",
                host_of(u)
            ),
            ).and(fetches(u)));
        }
    }
    // `--resolve HOST:PORT:ADDR`, `--connect-to HOST:PORT:ADDR:PORT`: the request goes to ADDR.
    for r in resolve {
        if r.split(':').any(|part| {
            crate::context::floor::metadata_host(part.trim_matches(['[', ']'])).is_some()
        }) {
            return Some(Said::secret(
                "this machine's cloud credentials",
                format!(
                "{prog} {r} points the request at a metadata endpoint, which hands out this machine's credentials"
            ),
            ));
        }
    }
    let name = secret_sent(cmd)?;
    let said = Said::secret(
        format!("${name}"),
        format!(
        "{prog} sends the value of the secret-shaped variable ${name} to {to}; to call an API with your credentials use its own CLI (gh api, aws, gcloud …), which authenticates without the token in the command"
    ),
    );
    // The exchange that carries it.
    let sent = sends_to(String::new(), urls, &[(Carry::Env { name }, None)]);
    Some(sent.effects.into_iter().fold(said, Said::and))
}

fn host_of(url: &str) -> &str {
    let rest = url.split_once("://").map(|(_, r)| r).unwrap_or(url);
    let host = rest.split(['/', '?', '#']).next().unwrap_or("");
    let host = host.rsplit('@').next().unwrap_or(host);
    // `[fd00:ec2::254]:80`
    if let Some(v6) = host.strip_prefix('[') {
        return v6.split(']').next().unwrap_or(v6);
    }
    host.split(':').next().unwrap_or(host)
}

/// What one body option's value carries out (and the file it reads, if any), as curl
/// 7.88.1 and GNU Wget 1.21.3 read it.
pub(super) fn carried(option: &str, value: &str) -> (Carry, Option<String>) {
    let file = |f: &str| -> (Carry, Option<String>) {
        if f == "-" || f == "." && matches!(option, "-T" | "--upload-file") {
            (Carry::Stdin, None)
        } else {
            (
                Carry::File {
                    path: f.to_string(),
                },
                Some(f.to_string()),
            )
        }
    };
    match option {
        "-T" | "--upload-file" | "--post-file" | "--body-file" => file(value),
        "-d" | "--data" | "--data-ascii" | "--data-binary" | "--json" => {
            match value.strip_prefix('@') {
                Some(f) => file(f),
                None => (literal(value), None),
            }
        }
        // `[NAME]@FILE`: the file's content, url-encoded (`NAME=CONTENT`, `=CONTENT` and
        // `CONTENT` are literal).
        "--data-urlencode" => match value.split_once('@') {
            Some((name, f)) if !name.contains('=') => file(f),
            _ => (literal(value), None),
        },
        // `NAME=@FILE` uploads the file, `NAME=<FILE` sends its content as the value.
        "-F" | "--form" => match value.split_once('=').map(|(_, v)| v) {
            Some(v) if v.starts_with('@') || v.starts_with('<') => {
                let f = v[1..].split(';').next().unwrap_or("");
                file(f)
            }
            _ => (literal(value), None),
        },
        _ => (literal(value), None),
    }
}

/// Data written in the command, as sent (bounded).
fn literal(text: &str) -> Carry {
    Carry::Literal {
        text: crate::decision::cause::one_line(text, 200),
    }
}

/// A request to each of `urls` that sends `sends`, reading the files it names.
fn sends_to(reason: String, urls: &[String], sends: &[(Carry, Option<String>)]) -> Said {
    let mut said = Said {
        effects: Vec::new(),
        category: "exfiltration",
        reason,
        uses_cwd: false,
    }
    .with_reads(sends.iter().filter_map(|(_, f)| f.clone()).collect());
    let carries: Vec<Carry> = sends.iter().map(|(c, _)| c.clone()).collect();
    let carries = if carries.is_empty() {
        // The request itself (a method, a path, a query).
        vec![literal("")]
    } else {
        carries
    };
    if urls.is_empty() {
        said.effects.push(Effect::Net {
            url: None,
            host: None,
            sends: carries.clone(),
        });
    }
    for u in urls {
        said.effects.push(Effect::Net {
            url: Some(u.clone()),
            host: crate::analysis::effects::grammar::host_of(u),
            sends: carries.clone(),
        });
    }
    said
}

/// A GET of `url`: the exchange, sending nothing of the machine's.
fn fetches(url: &str) -> Effect {
    Effect::Net {
        url: Some(url.to_string()),
        host: crate::analysis::effects::grammar::host_of(url),
        sends: Vec::new(),
    }
}

/// `said` with a fetch of each of `urls` (what it does besides is in `said`).
fn with_fetches(mut said: Said, urls: &[String]) -> Said {
    said.effects.extend(urls.iter().map(|u| fetches(u)));
    said
}

/// A send with an option outside the grammar is not understood either (a described remote
/// change keeps its tier: the change is what decides).
fn with_unknown(said: Said, unknown: Option<String>) -> Said {
    match unknown {
        Some(u)
            if !said
                .effects
                .iter()
                .any(|e| matches!(e, Effect::Remote { .. })) =>
        {
            said.and(Effect::unknown(u))
        }
        _ => said,
    }
}

fn control_plane(url: &str) -> Option<&'static str> {
    let h = host_of(url).to_ascii_lowercase();
    CONTROL_PLANES
        .iter()
        .find(|c| h == **c || h.ends_with(&format!(".{c}")))
        .copied()
}

/// What a request with a method other than GET does to the service it reaches.
fn mutation(
    prog: &str,
    method: &str,
    urls: &[String],
    body: &str,
    sends: &[(Carry, Option<String>)],
) -> Said {
    let url = urls.first().map(String::as_str).unwrap_or("");
    let host = host_of(url).to_ascii_lowercase();
    let path = url
        .split_once("://")
        .map(|(_, r)| r)
        .unwrap_or(url)
        .split_once('/')
        .map(|(_, p)| p.split(['?', '#']).next().unwrap_or(p))
        .unwrap_or("");
    let remote = |change: Change, reason: String| {
        Said::remote(
            &host,
            method,
            super::table::target([Some(host.as_str()), Some(path)]),
            change,
            "infrastructure",
            reason,
        )
    };
    if method == "DELETE" {
        return remote(Change::Destroy, format!("{prog} sends DELETE to {host}"));
    }
    if let Some(cp) = urls.iter().find_map(|u| control_plane(u)) {
        return remote(
            Change::Modify,
            format!("{prog} sends {method} to the {cp} API, which changes hosted resources"),
        );
    }
    let lower = body.to_ascii_lowercase();
    if lower.contains("mutation") {
        return remote(
            Change::Modify,
            format!("{prog} sends a GraphQL mutation to {host}"),
        );
    }
    if urls.iter().any(|u| {
        let path = u.split_once("://").map(|(_, r)| r).unwrap_or(u);
        let path = path
            .split_once('/')
            .map(|(_, p)| p)
            .unwrap_or("")
            .to_ascii_lowercase();
        DELETE_PATH_WORDS.iter().any(|w| path.contains(w))
    }) {
        return remote(
            Change::Destroy,
            format!("{prog} sends {method} to a deleting endpoint"),
        );
    }
    sends_to(
        format!("{prog} sends {method} with data to {}", host_of(url)),
        urls,
        sends,
    )
}

/// curl flags that take no value and only change how the response is fetched or shown.
const CURL_FLAGS: &[&str] = &[
    "-s",
    "--silent",
    "-S",
    "--show-error",
    "-L",
    "--location",
    "-i",
    "--include",
    "-I",
    "--head",
    "-v",
    "--verbose",
    "-f",
    "--fail",
    "--fail-with-body",
    "-k",
    "--insecure",
    "--compressed",
    "--http1.0",
    "--http1.1",
    "--http2",
    "--http2-prior-knowledge",
    "--http3",
    "-4",
    "-6",
    "--ipv4",
    "--ipv6",
    "-#",
    "--progress-bar",
    "-N",
    "--no-buffer",
    "-g",
    "--globoff",
    "-G",
    "--get",
    "-l",
    "--list-only",
    "-1",
    "-2",
    "-3",
    "--tlsv1",
    "--tlsv1.0",
    "--tlsv1.1",
    "--tlsv1.2",
    "--tlsv1.3",
    "--ssl-reqd",
    "--digest",
    "--negotiate",
    "--ntlm",
    "--anyauth",
    "--basic",
    "-M",
    "--manual",
    "--xattr",
    "--raw",
    "--tr-encoding",
    "--no-keepalive",
    "--no-progress-meter",
    "--path-as-is",
    "--retry-all-errors",
    "--location-trusted",
    "-q",
    "--disable",
    "-R",
    "--remote-time",
    "--fail-early",
    "--no-sessionid",
    "--ssl-no-revoke",
    "--styled-output",
    "--no-styled-output",
    "-j",
    "--junk-session-cookies",
    "--create-dirs",
    "-O",
    "--remote-name",
    "-J",
    "--remote-header-name",
];

/// curl options whose value is harmless data.
const CURL_VALUES: &[&str] = &[
    "-H",
    "--header",
    "-A",
    "--user-agent",
    "-e",
    "--referer",
    "-m",
    "--max-time",
    "--connect-timeout",
    "--retry",
    "--retry-delay",
    "--retry-max-time",
    "-r",
    "--range",
    "-w",
    "--write-out",
    "-X",
    "--request",
    "-x",
    "--proxy",
    "-U",
    "--proxy-user",
    "-u",
    "--user",
    "--interface",
    "--resolve",
    "--connect-to",
    "--max-redirs",
    "--limit-rate",
    "-y",
    "--speed-time",
    "-Y",
    "--speed-limit",
    "-z",
    "--time-cond",
    "--capath",
    "--cacert",
    "-E",
    "--cert",
    "--key",
    "-b",
    "--cookie",
    "-c",
    "--cookie-jar",
    "--stderr",
    "--libcurl",
    "-D",
    "--dump-header",
    "--trace",
    "--trace-ascii",
    "-o",
    "--output",
    "-Q",
    "--quote",
    "--url",
    "--oauth2-bearer",
    "--cert-type",
    "--key-type",
    "--ciphers",
    "--dns-servers",
    "--expect100-timeout",
    "--keepalive-time",
    "--max-filesize",
    "--noproxy",
    "--proto",
    "--proto-redir",
    "--proxy-header",
    "-d",
    "--data",
    "--data-raw",
    "--data-binary",
    "--data-ascii",
    "--data-urlencode",
    "-F",
    "--form",
    "--form-string",
    "--json",
    "-T",
    "--upload-file",
    "-K",
    "--config",
    "--etag-save",
    "--etag-compare",
    "--hsts",
    "--alt-svc",
    "--unix-socket",
    "--abstract-unix-socket",
    "--variable",
];

/// Options that send a body (and make the method POST, or PUT for uploads).
const CURL_BODY: &[&str] = &[
    "-d",
    "--data",
    "--data-raw",
    "--data-binary",
    "--data-ascii",
    "--data-urlencode",
    "-F",
    "--form",
    "--form-string",
    "--json",
    "-T",
    "--upload-file",
];

/// Read-only FTP commands for `-Q`.
const FTP_READ: &[&str] = &[
    "LIST", "NLST", "NOOP", "PWD", "SYST", "STAT", "HELP", "SIZE", "MDTM", "FEAT",
];

/// Split a curl short-option word into (option, attached value): `-XPOST` → (`-X`, `POST`),
/// `-sSL` → each flag.
fn curl_words(args: &[String]) -> Result<Vec<(String, Option<String>)>, String> {
    let mut out = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a.starts_with("--") && a.len() > 2 {
            // `--expand-OPTION` is OPTION with `{{name}}` expanded (curl 8.3.0).
            let takes = |n: &str| CURL_VALUES.contains(&n) || n.starts_with("--expand-");
            let (name, val) = match a.split_once('=') {
                Some((n, v)) if takes(n) => (n.to_string(), Some(v.to_string())),
                _ => (a.clone(), None),
            };
            if val.is_none() && takes(&name) {
                let v = it
                    .next()
                    .ok_or_else(|| format!("curl {name} without a value"))?;
                out.push((name, Some(v.clone())));
            } else {
                out.push((name, val));
            }
        } else if a.starts_with('-') && a.len() > 1 {
            let chars: Vec<char> = a[1..].chars().collect();
            let mut i = 0;
            while i < chars.len() {
                let name = format!("-{}", chars[i]);
                if CURL_VALUES.contains(&name.as_str()) {
                    let rest: String = chars[i + 1..].iter().collect();
                    let v = if rest.is_empty() {
                        it.next()
                            .ok_or_else(|| format!("curl {name} without a value"))?
                            .clone()
                    } else {
                        rest
                    };
                    out.push((name, Some(v)));
                    break;
                }
                out.push((name, None));
                i += 1;
            }
        } else {
            out.push((String::new(), Some(a.clone())));
        }
    }
    Ok(out)
}

pub(super) fn curl(cmd: &Cmd) -> Said {
    let args = cmd.args();
    if asks_help(args) || args == ["-M"] || args == ["--manual"] {
        return Said::read("curl prints help or its version");
    }
    let words = match curl_words(args) {
        Ok(w) => w,
        Err(e) => return Said::unknown(e),
    };
    let mut urls = Vec::new();
    let mut reads = Vec::new();
    let mut writes = Vec::new();
    let mut method: Option<String> = None;
    let mut body = String::new();
    let mut has_body = false;
    let mut upload = false;
    let mut unknown: Option<String> = None;
    let mut extra_effects: Vec<Effect> = Vec::new();
    let mut soft_why: Option<String> = None;
    let mut resolve = Vec::new();
    let mut sends = Vec::new();
    // What the request carries besides a body: header files, variables.
    let mut extra: Vec<(Carry, Option<String>)> = Vec::new();
    for (name, val) in &words {
        let v = val.clone().unwrap_or_default();
        match name.as_str() {
            "" | "--url" => urls.push(v),
            "-X" | "--request" => method = Some(v.to_ascii_uppercase()),
            n if CURL_BODY.contains(&n) => {
                sends.push(carried(n, &v));
                has_body = true;
                upload |= matches!(n, "-T" | "--upload-file");
                body.push_str(&v);
                body.push(' ');
            }
            "-K" | "--config" => {
                soft_why = Some(format!(
                    "curl -K {v} reads its options from a file the floor does not parse (they can upload files, send headers or write anywhere)"
                ))
            }
            "--resolve" | "--connect-to" => resolve.push(v),
            // The daemon listening on the socket (Docker's `/var/run/docker.sock`,
            // containerd's, a proxy's admin socket) takes the request: what it does there
            // is that daemon's API, not modelled, and a change to it is the person's to
            // name (the socket).
            "--unix-socket" | "--abstract-unix-socket" => {
                unknown = Some(format!("curl {name} talks to a local socket ({v})"));
                extra_effects.push(Effect::Remote {
                    service: "the daemon on a local socket".into(),
                    action: "takes a request".into(),
                    target: Some(v.clone()),
                    change: Change::Modify,
                });
            }
            "--etag-compare" => reads.push(v),
            "--etag-save" | "--hsts" | "--alt-svc" => {
                writes.push(v.clone());
                soft_why = Some(format!(
                    "curl {name} {v} writes a value the server chooses into {v}"
                ));
            }
            // Headers read from a file (`-H @FILE`, `@-` its input) are sent with the request.
            "-H" | "--header" | "--proxy-header" if v.starts_with('@') => {
                extra.push(header_file(&v[1..]));
            }
            // `--variable [%]NAME=TEXT | [%]NAME[RANGE]@FILE` (curl 8.3.0; `@-` its input,
            // `%NAME` the environment variable): what an `--expand-*` option puts in the
            // request (`{{NAME}}`), so a file or variable read is taken as sent.
            "--variable" => match variable_carry(&v) {
                Some(c) => extra.push(c),
                None => unknown = Some(format!("curl --variable {v} is not understood")),
            },
            // `--expand-url`, `--expand-data`, `--expand-header`, …: the option with
            // `{{NAME}}` replaced by a variable's value (or `{{env:NAME}}`'s).
            n if n.starts_with("--expand-") => {
                let inner = &n["--expand-".len()..];
                extra.push((literal(&v), None));
                if inner == "url" || v.contains("{{env:") || !CURL_VALUES.contains(&format!("--{inner}").as_str()) {
                    unknown = Some(format!("curl {n} builds its value at run time"));
                }
            }
            "-w" | "--write-out" if v.starts_with('@') || v.contains("%output") => {
                unknown = Some("curl -w reads or writes a file".into())
            }
            "-Q" | "--quote" => {
                let c = v
                    .trim_start_matches(['-', '+', '*'])
                    .split_whitespace()
                    .next()
                    .unwrap_or("");
                if !FTP_READ.contains(&c.to_ascii_uppercase().as_str()) {
                    unknown = Some(format!(
                        "curl -Q {c} runs an FTP command that changes files"
                    ));
                }
            }
            "--capath" | "--cacert" | "-E" | "--cert" | "--key" => reads.push(v),
            "-b" | "--cookie" if !v.contains('=') => reads.push(v),
            "-o" | "--output" | "-c" | "--cookie-jar" | "--stderr" | "--libcurl" | "-D"
            | "--dump-header" | "--trace" | "--trace-ascii" => {
                if v != "-" {
                    writes.push(v);
                }
            }
            n if CURL_VALUES.contains(&n) || CURL_FLAGS.contains(&n) => {}
            n if n.starts_with("--netrc") || n == "-n" => {
                unknown = Some("curl --netrc sends saved credentials".into())
            }
            n => unknown = Some(format!("curl {n} is not a known read-only option")),
        }
    }
    if let Some(s) = sends_secret("curl", cmd, &urls, &resolve) {
        return s;
    }
    if let Some(why) = soft_why {
        let category = if why.contains("-K") {
            "exfiltration"
        } else {
            "planting"
        };
        return with_fetches(Said::soft(category, why), &urls);
    }
    let method = method.unwrap_or_else(|| {
        if upload {
            "PUT".into()
        } else if has_body && !has_flag(args, "-G") && !has_flag(args, "--get") {
            "POST".into()
        } else {
            "GET".into()
        }
    });
    let files_read: Vec<String> = extra.iter().filter_map(|(_, f)| f.clone()).collect();
    let carries_more = !extra.is_empty();
    sends.extend(extra);
    // A request to a `file:` URL that sends something writes the local file.
    if (!matches!(method.as_str(), "GET" | "HEAD") || has_body)
        && urls
            .iter()
            .any(|u| url_scheme(u).as_deref() == Some("file"))
    {
        return Said::unknown("curl sends data to a file: URL, which writes a local file");
    }
    if !matches!(method.as_str(), "GET" | "HEAD") || has_body || carries_more {
        let said = if matches!(method.as_str(), "GET" | "HEAD") {
            sends_to(
                "curl sends data from the command line or a file".into(),
                &urls,
                &sends,
            )
        } else {
            mutation("curl", &method, &urls, &body, &sends)
        };
        return with_unknown(said, unknown).and_effects(extra_effects);
    }
    if let Some(u) = unknown {
        return Said::unknown(u).and_effects(extra_effects);
    }
    if urls.is_empty() {
        return Said::unknown("curl without a URL");
    }
    // `file:` URLs are local files curl prints; every other scheme beyond HTTP and FTP
    // (telnet, dict, gopher, ldap, mqtt, smtp, tftp, …) sends the URL's own text as its
    // request, and telnet sends what arrives on curl's input too (curl(1) 7.88.1).
    let mut local = Vec::new();
    for u in &urls {
        match url_scheme(u).as_deref() {
            None | Some("http" | "https" | "ftp" | "ftps") => {}
            Some("file") => {
                match file_url_path(u, has_flag(args, "-g") || has_flag(args, "--globoff")) {
                    Some(p) => local.push(p),
                    None => {
                        return Said::unknown(format!(
                            "curl {u}: a file: URL whose local path the floor cannot work out"
                        ))
                    }
                }
            }
            Some(scheme) => {
                let mut carries: Vec<(Carry, Option<String>)> = vec![(literal(u), None)];
                if scheme == "telnet" {
                    carries.push((Carry::Stdin, None));
                }
                return sends_to(
                    format!(
                        "curl talks {scheme} to {}, sending its request (and for telnet its input)",
                        host_of(u)
                    ),
                    &urls,
                    &carries,
                )
                .with_reads(files_read);
            }
        }
    }
    let dash_o = words.iter().any(|(n, _)| n == "-O" || n == "--remote-name");
    if dash_o {
        if words
            .iter()
            .any(|(n, _)| n == "-J" || n == "--remote-header-name")
        {
            return with_fetches(
                Said::soft(
                    "planting",
                    "curl -J -O writes a file the server names (it could be .envrc, .bashrc or a build script)",
                ),
                &urls,
            );
        }
        for u in &urls {
            let path = u.split(['?', '#']).next().unwrap_or(u);
            let name = path.rsplit('/').next().unwrap_or("");
            if name.is_empty() || name.contains("..") {
                return Said::unknown("curl -O writes a file named by the URL");
            }
            writes.push(name.to_string());
        }
    }
    let reason = if local.is_empty() {
        "curl fetches a URL (GET)".to_string()
    } else {
        format!(
            "curl prints the local file {} (a file: URL)",
            local.join(", ")
        )
    };
    let mut said = Said::read(reason)
        .with_reads(reads)
        .with_reads(local)
        .with_writes(writes);
    for u in urls
        .iter()
        .filter(|u| url_scheme(u).as_deref() != Some("file"))
    {
        said = said.and(fetches(u));
    }
    said
}

/// The scheme of a URL as curl 7.88.1 reads one (`Curl_is_absolute_url` with a guessed
/// scheme): up to 40 letters, digits, `+`, `-` or `.` followed by `:/` (so `file:/x` and
/// `FILE:///x` are files, checked with curl 7.88.1), lowercased. `None`: curl guesses the
/// scheme (http, or ftp for a host named `ftp.…`).
pub(super) fn url_scheme(url: &str) -> Option<String> {
    let end = url.find(':')?;
    let scheme = &url[..end];
    let ok = !scheme.is_empty()
        && scheme.len() <= 40
        && scheme
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
        && url[end + 1..].starts_with('/');
    ok.then(|| scheme.to_ascii_lowercase())
}

/// The local path a `file:` URL names, as curl 7.88.1 opens it: `file:/PATH`,
/// `file:///PATH` or `file://HOST/PATH` where HOST is `localhost` or `127.0.0.1` (any
/// other host is refused), the query and fragment dropped, `%XX` decoded (checked with
/// curl 7.88.1: `file://LOCALHOST/etc/%68ostname` prints `/etc/hostname`). `None` when
/// it cannot be worked out: another host, a name that is not UTF-8 once decoded, or a
/// `{…}`/`[…]` pattern curl would glob (without `-g`).
fn file_url_path(url: &str, globoff: bool) -> Option<String> {
    let rest = &url[url.find(':')? + 1..];
    let path = match rest.strip_prefix("//") {
        Some(r) => {
            let slash = r.find('/')?;
            let host = &r[..slash];
            if !(host.is_empty() || host.eq_ignore_ascii_case("localhost") || host == "127.0.0.1") {
                return None;
            }
            &r[slash..]
        }
        None => rest,
    };
    let path = path.split(['?', '#']).next().unwrap_or(path);
    if !globoff && path.contains(['{', '[']) {
        return None;
    }
    let decoded = wget_unescape(path.as_bytes());
    let p = String::from_utf8(decoded).ok()?;
    (p.starts_with('/') && !p.contains('\0')).then_some(p)
}

/// A header file curl sends (`-H @FILE`; `@-` its input).
fn header_file(f: &str) -> (Carry, Option<String>) {
    if f == "-" {
        (Carry::Stdin, None)
    } else {
        (
            Carry::File {
                path: f.to_string(),
            },
            Some(f.to_string()),
        )
    }
}

/// What `--variable` puts in a variable: a file's content (`NAME@FILE`, `NAME[N-M]@FILE`,
/// `@-` its input), an environment variable (`%NAME`, `%NAME=default`) or literal text.
/// `None`: not a form curl 8.3+ documents.
fn variable_carry(v: &str) -> Option<(Carry, Option<String>)> {
    let (env, body) = match v.strip_prefix('%') {
        Some(b) => (true, b),
        None => (false, v),
    };
    let name_end = body
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(body.len());
    let name = &body[..name_end];
    if name.is_empty() {
        return None;
    }
    let mut rest = &body[name_end..];
    // A byte range (curl 8.12): `[N-M]`.
    if let Some(r) = rest.strip_prefix('[') {
        rest = &r[r.find(']')? + 1..];
    }
    if env {
        return Some((
            Carry::Env {
                name: name.to_string(),
            },
            None,
        ));
    }
    match rest.chars().next() {
        Some('@') => Some(header_file(&rest[1..])),
        Some('=') => Some((literal(&rest[1..]), None)),
        _ => None,
    }
}

/// How wget names the files it saves (GNU Wget 1.21.3's `url_file_name`,
/// `append_dir_structure` and `append_uri_pathel` in url.c, `url_parse` and `split_path`
/// for the parts): the `-P` prefix; with `-x` (`--force-directories`; `-nd` turns it off
/// again, the last one counts) the scheme (`--protocol-directories`), the host with a
/// port that is not the scheme's (unless `-nH`) and the URL's directories less the first
/// `--cut-dirs`; then the file name. `--restrict-file-names` chooses which characters are
/// written as `%XX` and the case.
#[derive(Clone, Debug)]
struct WgetNames {
    prefix: Option<String>,
    dirstruct: bool,
    host_dir: bool,
    protocol_dirs: bool,
    cut_dirs: usize,
    /// `windows`: `\|:?"*<>` are quoted too, and `@`, `+` separate the query and port.
    windows: bool,
    /// Control characters are quoted (unless `nocontrol`).
    control: bool,
    /// `ascii`: bytes above 127 are quoted.
    ascii: bool,
    /// `lowercase` / `uppercase`.
    case: Option<bool>,
}

impl Default for WgetNames {
    fn default() -> Self {
        WgetNames {
            prefix: None,
            dirstruct: false,
            host_dir: true,
            protocol_dirs: false,
            cut_dirs: 0,
            windows: false,
            control: true,
            ascii: false,
            case: None,
        }
    }
}

/// wget's `url_unescape`: `%HH` becomes the byte, except `%00`; a `%` without two hex
/// digits stays.
fn wget_unescape(s: &[u8]) -> Vec<u8> {
    let hex = |c: u8| (c as char).to_digit(16);
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        if s[i] == b'%' {
            if let (Some(h), Some(l)) = (
                s.get(i + 1).and_then(|c| hex(*c)),
                s.get(i + 2).and_then(|c| hex(*c)),
            ) {
                let c = (h * 16 + l) as u8;
                if c != 0 {
                    out.push(c);
                    i += 3;
                    continue;
                }
            }
        }
        out.push(s[i]);
        i += 1;
    }
    out
}

/// Does `s` hold a `%XX` escape (a `%` and two hex digits)?
fn has_escape(s: &str) -> bool {
    let b = s.as_bytes();
    b.windows(3)
        .any(|w| w[0] == b'%' && w[1].is_ascii_hexdigit() && w[2].is_ascii_hexdigit())
}

/// The directories on the way to `path` (below `base` when relative) that exist as
/// something other than a directory: wget's `mkalldirs` unlinks the one it must make a
/// directory of (`utils.c`, "directory danger"), so each is a delete.
fn wget_non_dirs(path: &str, base: &std::path::Path) -> Vec<String> {
    let p = std::path::Path::new(path);
    let mut out = Vec::new();
    let mut dirs: Vec<&std::path::Path> = p.ancestors().skip(1).collect();
    dirs.reverse();
    for d in dirs {
        if d.as_os_str().is_empty() || d == std::path::Path::new("/") {
            continue;
        }
        let abs = base.join(d);
        if std::fs::metadata(&abs).is_ok_and(|m| !m.is_dir()) {
            out.push(d.display().to_string());
        }
    }
    out
}

/// wget's `path_simplify` on the URL's path (still escaped): `.` segments go, `..` drops
/// the segment before it; either one last leaves the path ending in `/`.
fn wget_simplify(path: &str) -> String {
    let segs: Vec<&str> = path.split('/').collect();
    let mut out: Vec<&str> = Vec::new();
    for (i, s) in segs.iter().enumerate() {
        let last = i + 1 == segs.len();
        match *s {
            "." => {}
            ".." => {
                out.pop();
            }
            s => {
                out.push(s);
                continue;
            }
        }
        if last {
            out.push("");
        }
    }
    out.join("/")
}

impl WgetNames {
    /// `append_uri_pathel`: one path element unescaped once more, `..` defanged, the
    /// characters the file system or the restriction rules out written as `%XX`, the
    /// case changed if asked.
    fn pathel(&self, raw: &[u8]) -> Vec<u8> {
        let b = wget_unescape(raw);
        let b: Vec<u8> = if b == b".." { b"%2E%2E".to_vec() } else { b };
        let quoted = |c: u8| {
            c == b'/'
                || c == 0
                || (self.control && (c < 32 || c == 127))
                || (self.ascii && c > 127)
                || (self.windows && b"\\|:?\"*<>".contains(&c))
        };
        let mut out = Vec::with_capacity(b.len());
        for c in b {
            if quoted(c) {
                out.extend_from_slice(format!("%{c:02X}").as_bytes());
            } else {
                out.push(c);
            }
        }
        match self.case {
            Some(true) => out.make_ascii_lowercase(),
            Some(false) => out.make_ascii_uppercase(),
            None => {}
        }
        out
    }

    /// The path `wget URL` writes (relative to the working directory unless `-P` is
    /// absolute), or `None` when the floor cannot work it out: a name that is not plain
    /// text once decoded (wget converts it to the locale's charset), one too long for
    /// wget to keep whole, `.` (nothing is saved), an FTP URL with `;` parameters, a
    /// query or `..`, a host with escapes or an IPv6 address.
    fn path(&self, url: &str) -> Option<String> {
        // A name that still holds a `%XX` escape is not known: in a locale that is not
        // UTF-8 wget decodes it once more.
        self.saved(url).filter(|p| !has_escape(p))
    }

    /// The path as wget 1.21.3 saved it in a UTF-8 locale.
    fn saved(&self, url: &str) -> Option<String> {
        let (scheme, rest) = match url.split_once("://") {
            Some((s, r)) => (s.to_ascii_lowercase(), r),
            None => ("http".to_string(), url),
        };
        let default_port = match scheme.as_str() {
            "http" => 80,
            "https" => 443,
            "ftp" => 21,
            "ftps" => 990,
            _ => return None,
        };
        let ftp = scheme.starts_with("ftp");
        let rest = rest.split('#').next().unwrap_or(rest);
        let auth_end = rest.find(['/', '?']).unwrap_or(rest.len());
        let (authority, tail) = rest.split_at(auth_end);
        let hostport = authority.rsplit('@').next().unwrap_or(authority);
        let (host, port) = match hostport.split_once(':') {
            Some((h, p)) => (h, Some(p)),
            None => (hostport, None),
        };
        let host = host.to_ascii_lowercase();
        let plain_host = |h: &str| {
            !h.is_empty()
                && h.chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_'))
        };
        if !plain_host(&host) {
            return None;
        }
        let port: u32 = match port {
            None | Some("") => default_port,
            Some(p) if p.chars().all(|c| c.is_ascii_digit()) => p.parse().ok()?,
            Some(_) => return None,
        };
        // What follows the host: `/PATH[?QUERY]`, `?QUERY` or nothing.
        let (path, query) = match tail.strip_prefix('/').unwrap_or(tail).split_once('?') {
            Some((p, q)) => (p, Some(q)),
            None => (tail.strip_prefix('/').unwrap_or(tail), None),
        };
        if ftp && (query.is_some() || path.contains(';') || path.split('/').any(|s| s == "..")) {
            return None;
        }
        let path = wget_simplify(path);
        let (dir, file) = match path.rfind('/') {
            Some(i) => (&path[..i + 1], &path[i + 1..]),
            None => ("", path.as_str()),
        };
        // `split_path` unescapes the file name once; `append_uri_pathel` again, with the
        // query (unescaped only there).
        let file = wget_unescape(file.as_bytes());
        let mut name = if file.is_empty() {
            b"index.html".to_vec()
        } else {
            file
        };
        if let Some(q) = query {
            name.push(if self.windows { b'@' } else { b'?' });
            name.extend_from_slice(q.as_bytes());
        }
        let name = self.pathel(&name);
        if name.is_empty() || name == b"." || name.len() > 200 {
            return None;
        }
        let mut parts: Vec<Vec<u8>> = Vec::new();
        if self.dirstruct {
            if self.protocol_dirs {
                parts.push(scheme.clone().into_bytes());
            }
            if self.host_dir {
                // A host named `..` is defanged as a path element is.
                let mut h = if host == ".." {
                    "%2E%2E".to_string()
                } else {
                    host.clone()
                };
                if port != default_port {
                    h.push(if self.windows { '+' } else { ':' });
                    h.push_str(&port.to_string());
                }
                parts.push(h.into_bytes());
            }
            let mut cut = self.cut_dirs;
            for seg in dir.split_terminator('/') {
                if cut > 0 {
                    cut -= 1;
                    continue;
                }
                if seg.is_empty() {
                    continue;
                }
                let el = self.pathel(seg.as_bytes());
                if el.len() > 200 {
                    return None;
                }
                parts.push(el);
            }
        }
        parts.push(name);
        let rel = parts
            .into_iter()
            .map(|p| String::from_utf8(p).ok().filter(|s| s.is_ascii()))
            .collect::<Option<Vec<String>>>()?
            .join("/");

        // The prefix loses its trailing slashes (`cmd_directory`): `-P /` is no prefix at
        // all (checked: it saves into the working directory).
        Some(
            match self.prefix.as_deref().map(|p| p.trim_end_matches('/')) {
                Some(p) if !p.is_empty() => format!("{p}/{rel}"),
                _ => rel,
            },
        )
    }
}

/// `wget`, checked against GNU Wget 1.21.3 (`wget --help`, its source, and a local server
/// answering every path): a GET (or HEAD) of each URL, saved to `-O FILE` (`-O -`:
/// printed), or by default to the path wget makes from the URL ([`WgetNames`]: the `-P`
/// prefix, with `-x` the host and directories, and the last path element decoded as
/// wget decodes it, so `-P .claude …/settings%2Ejson` writes `.claude/settings.json`
/// and `…/%2Emcp.json` writes `.mcp.json`, each judged by the path floor; a name with a
/// `%XX` escape left is not understood, and a file where wget makes a directory is
/// unlinked, a delete): an existing
/// file is kept and the download goes to `NAME.1` (`.2`, …) unless `-nc` (skip), `-c`
/// (continue it), `-N` (replace it when newer) or `-x` (replace it), so both `NAME` and
/// `NAME.1` are its writes. `--spider` only checks. `-o`/`-a` write its log. Judged as
/// `curl -o` is: what it sends decides first (a secret, a metadata endpoint), a method
/// other than GET/HEAD or a body is a mutation, and each file written goes to the path
/// floor. A name the server chooses (`--content-disposition`, `--trust-server-names`
/// after a redirect) and wgetrc commands (`-e`) are soft; a URL list (`-i`), recursion
/// (`-r`, `-m`) and every other option are outside the grammar. (Wget also records
/// hosts' HSTS policies in `~/.wget-hsts`, its own cache, which is not modelled.)
pub(super) fn wget(cmd: &Cmd) -> Said {
    let args = cmd.args();
    if asks_help(args) || args == ["-V"] {
        return Said::read("wget prints help or its version");
    }
    const FLAGS: &[&str] = &[
        "-q",
        "--quiet",
        "-nv",
        "--no-verbose",
        "-S",
        "--server-response",
        "--spider",
        "--no-check-certificate",
        "-4",
        "-6",
        "--inet4-only",
        "--inet6-only",
        "-v",
        "--verbose",
        "-nc",
        "--no-clobber",
        "-c",
        "--continue",
        "-N",
        "--timestamping",
        "-nd",
        "--no-directories",
        "--show-progress",
        "--retry-connrefused",
        "--no-hsts",
        "--content-disposition",
        "--trust-server-names",
        "-x",
        "--force-directories",
        "-nH",
        "--no-host-directories",
        "--protocol-directories",
        "--no-directories",
    ];
    const VALUES: &[&str] = &[
        "-T",
        "--timeout",
        "-t",
        "--tries",
        "--header",
        "-U",
        "--user-agent",
        "-O",
        "--output-document",
        "--max-redirect",
        "--method",
        "--post-data",
        "--post-file",
        "--body-data",
        "--body-file",
        "-e",
        "--execute",
        "--config",
        "-P",
        "--directory-prefix",
        "-o",
        "--output-file",
        "-a",
        "--append-output",
        "-w",
        "--wait",
        "--limit-rate",
        "--progress",
        "--cut-dirs",
        "--restrict-file-names",
    ];
    // Short options bundle as getopt reads them: `-qO FILE`, `-qOFILE` are `-q -O FILE`
    // (`-nv`, `-nc`, `-nd` and `-nH` are wget's own two-letter forms).
    let mut words: Vec<String> = Vec::with_capacity(args.len());
    for a in args {
        let bundle = a.len() > 2
            && a.starts_with('-')
            && !a.starts_with("--")
            && !matches!(a.as_str(), "-nv" | "-nc" | "-nd" | "-nH");
        if !bundle {
            words.push(a.clone());
            continue;
        }
        for (i, c) in a[1..].char_indices() {
            let short = format!("-{c}");
            words.push(short.clone());
            if VALUES.contains(&short.as_str()) {
                let rest = &a[1 + i + c.len_utf8()..];
                if !rest.is_empty() {
                    words.push(rest.to_string());
                }
                break;
            }
            if !FLAGS.contains(&short.as_str()) {
                return Said::unknown(format!("wget {short} is not a known option"));
            }
        }
    }
    let args = &words[..];
    let mut urls = Vec::new();
    let mut soft_why: Option<(&'static str, String)> = None;
    let mut out: Option<String> = None;
    let mut names = WgetNames::default();
    let mut logs: Vec<String> = Vec::new();
    let mut method = "GET".to_string();
    let mut body = String::new();
    let mut sends = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let (name, inline) = match a.split_once('=') {
            Some((n, v)) if n.starts_with("--") => (n.to_string(), Some(v.to_string())),
            _ => (a.clone(), None),
        };
        if !name.starts_with('-') {
            urls.push(a.clone());
            continue;
        }
        if FLAGS.contains(&name.as_str()) {
            match name.as_str() {
                "-x" | "--force-directories" => names.dirstruct = true,
                "-nd" | "--no-directories" => names.dirstruct = false,
                "-nH" | "--no-host-directories" => names.host_dir = false,
                "--protocol-directories" => names.protocol_dirs = true,
                _ => {}
            }
            if matches!(
                name.as_str(),
                "--content-disposition" | "--trust-server-names"
            ) {
                soft_why = Some((
                    "planting",
                    format!(
                        "wget {name} saves a file the server names (it could be .envrc, .bashrc or a build script)"
                    ),
                ));
            }
            continue;
        }
        if !VALUES.contains(&name.as_str()) {
            return Said::unknown(format!("wget {name} is not a known option"));
        }
        if name == "--restrict-file-names" && inline.is_none() {
            // Its value is optional: the next word is not it.
            return Said::unknown("wget --restrict-file-names without =MODES");
        }
        let v = match inline {
            Some(v) => v,
            None => match it.next() {
                Some(v) => v.clone(),
                None => return Said::unknown(format!("wget {name} without a value")),
            },
        };
        match name.as_str() {
            "-O" | "--output-document" => out = Some(v),
            "-P" | "--directory-prefix" => names.prefix = Some(v),
            "--cut-dirs" => match v.parse() {
                Ok(n) if v.chars().all(|c| c.is_ascii_digit()) => names.cut_dirs = n,
                _ => return Said::unknown(format!("wget --cut-dirs={v} is not a number")),
            },
            "--restrict-file-names" => {
                for mode in v.split(',') {
                    match mode {
                        "unix" => names.windows = false,
                        "windows" => names.windows = true,
                        "nocontrol" => names.control = false,
                        "ascii" => names.ascii = true,
                        "lowercase" => names.case = Some(true),
                        "uppercase" => names.case = Some(false),
                        // `vms` leaves `/` unquoted in a decoded name.
                        m => {
                            return Said::unknown(format!(
                                "wget --restrict-file-names={m} is not modelled"
                            ))
                        }
                    }
                }
            }
            "-o" | "--output-file" | "-a" | "--append-output" => logs.push(v),
            "--method" => method = v.to_ascii_uppercase(),
            "--post-data" | "--post-file" | "--body-data" | "--body-file" => {
                sends.push(carried(&name, &v));
                if method == "GET" {
                    method = "POST".into();
                }
                body.push_str(&v);
            }
            "--header" if v.starts_with('@') => {
                return Said::unknown("wget reads a header from a file")
            }
            // A startup file of wgetrc commands in place of ~/.wgetrc (GNU Wget 1.21.3
            // `--config=FILE`): `post_file = …`, `output_document = …` as `-e` gives them.
            "--config" => {
                soft_why = Some((
                    "exfiltration",
                    format!(
                    "wget --config={v} reads wgetrc commands from a file the floor does not parse (they can upload a file or write anywhere)"
                ),
                ))
            }
            // A wgetrc command: `post_file = …`, `output_document = …`, `dir_prefix = …`.
            "-e" | "--execute" => {
                soft_why = Some((
                    "exfiltration",
                    format!(
                    "wget -e {v} runs a wgetrc command (it can upload a file or write anywhere)"
                ),
                ))
            }
            _ => {}
        }
    }
    if let Some(s) = sends_secret("wget", cmd, &urls, &[]) {
        return s;
    }
    if let Some((category, why)) = soft_why {
        return with_fetches(Said::soft(category, why), &urls);
    }
    if method != "GET" && method != "HEAD" {
        return mutation("wget", &method, &urls, &body, &sends);
    }
    if urls.is_empty() {
        return Said::unknown("wget without a URL");
    }
    if let Some(u) = urls.iter().find(|u| {
        u.split_once("://").is_some_and(|(scheme, _)| {
            !matches!(
                scheme.to_ascii_lowercase().as_str(),
                "http" | "https" | "ftp" | "ftps"
            )
        })
    }) {
        return Said::unknown(format!("wget {u}: only http, https and ftp are catalogued"));
    }
    let with_urls = |mut s: Said| {
        s = s.with_writes(logs.clone());
        for u in &urls {
            s = s.and(fetches(u));
        }
        s
    };
    match out.as_deref() {
        Some("-") => with_urls(Said::read("wget prints a URL to stdout")),
        Some(f) => {
            with_urls(Said::read("wget downloads a URL to a file").with_writes(vec![f.to_string()]))
        }
        None if has_flag(args, "--spider") => {
            with_urls(Said::read("wget --spider only checks a URL"))
        }
        None => {
            // A new file named from each URL, beside what is there (with -x, in place
            // of it).
            let keeps = names.dirstruct
                || [
                    "-nc",
                    "--no-clobber",
                    "-c",
                    "--continue",
                    "-N",
                    "--timestamping",
                ]
                .iter()
                .any(|f| has_flag(args, f));
            let mut writes = Vec::new();
            let mut deletes = Vec::new();
            for u in &urls {
                let Some(path) = names.path(u) else {
                    return Said::unknown(format!(
                        "wget saves {u} under a name the floor cannot work out"
                    ));
                };
                if path.contains('/') {
                    let Some(base) = cmd.cwd.dir() else {
                        return Said::unknown(format!(
                            "wget saves {u} into directories below a working directory the \
                             floor does not know"
                        ));
                    };
                    for d in wget_non_dirs(&path, base) {
                        if !deletes.contains(&d) {
                            deletes.push(d);
                        }
                    }
                }
                let kept = format!("{path}.1");
                writes.push(path);
                if !keeps {
                    writes.push(kept);
                }
            }
            let mut said = with_urls(
                Said::read("wget downloads a URL to a file named from it").with_writes(writes),
            );
            if !deletes.is_empty() {
                said.reason = format!(
                    "wget removes {} to make the directory it saves into",
                    deletes.join(", ")
                );
                said.effects
                    .extend(deletes.into_iter().map(|path| Effect::Delete {
                        path,
                        recursive: false,
                    }));
                said.category = "deletion";
            }
            said
        }
    }
}

/// HTTPie and xh: `http [METHOD] URL [ITEMS…]`. Only writes are catalogued (a GET is left
/// unknown: request items can read files, `@file`).
pub(super) fn httpie(cmd: &Cmd) -> Said {
    let args = cmd.args();
    let pos: Vec<&String> = args.iter().filter(|a| !a.starts_with('-')).collect();
    let urls: Vec<String> = pos
        .iter()
        .filter(|p| p.contains("://") || p.contains('.') || p.starts_with(':'))
        .take(1)
        .map(|s| s.to_string())
        .collect();
    if let Some(s) = sends_secret(cmd.program(), cmd, &urls, &[]) {
        return s;
    }
    let method = pos
        .first()
        .filter(|m| m.chars().all(|c| c.is_ascii_alphabetic()) && m.len() <= 7)
        .map(|m| m.to_ascii_uppercase());
    match method.as_deref() {
        Some(m @ ("POST" | "PUT" | "PATCH" | "DELETE")) => {
            let urls: Vec<String> = pos.iter().skip(1).take(1).map(|s| s.to_string()).collect();
            let body = pos
                .iter()
                .skip(2)
                .map(|s| s.as_str())
                .collect::<Vec<_>>()
                .join(" ");
            // Request items send data (`key=value`, `key:=json`) or a file (`key@file`,
            // `key=@file`, `key:=@file`), which this catalogue does not separate yet.
            let sends: Vec<(Carry, Option<String>)> =
                pos.iter().skip(2).map(|p| (literal(p), None)).collect();
            let said = mutation(cmd.program(), m, &urls, &body, &sends);
            let file = pos.iter().skip(2).any(|p| p.contains('@'));
            with_unknown(
                said,
                file.then(|| format!("{} sends a file named in a request item", cmd.program())),
            )
        }
        _ => Said::unknown(format!("{} is not catalogued as read-only", cmd.program())),
    }
}

#[cfg(test)]
mod tests {
    use super::WgetNames;

    /// Each case as GNU Wget 1.21.3 saved it, fetched from a local server that answers
    /// every path.
    #[test]
    fn wget_names_files_as_wget_does() {
        let n = WgetNames::default();
        let x = WgetNames {
            dirstruct: true,
            ..WgetNames::default()
        };
        let xn = WgetNames {
            dirstruct: true,
            host_dir: false,
            ..WgetNames::default()
        };
        let u = "http://127.0.0.1:18765";
        let with = |w: &WgetNames, p: &str| w.saved(&format!("{u}{p}"));
        let cases: &[(&WgetNames, &str, Option<&str>)] = &[
            (&n, "/settings%2Ejson", Some("settings.json")),
            (&n, "/%2Emcp.json", Some(".mcp.json")),
            (&n, "/%252Ebashrc", Some(".bashrc")),
            (&n, "/x?a=/../.bashrc", Some("x?a=%2F..%2F.bashrc")),
            (&n, "/a?%252F", Some("a?%2F")),
            (&n, "/a%2Fb", Some("a%2Fb")),
            (&n, "/a%0Ab", Some("a%0Ab")),
            (&n, "/", Some("index.html")),
            (&n, "", Some("index.html")),
            (&n, "/..", Some("index.html")),
            (&n, "/a%2e%2e", Some("a..")),
            (&n, "/%2e%2e", Some("%2E%2E")),
            (&n, "/a/..%2F.bashrc", Some("..%2F.bashrc")),
            (&n, "/x%zz", Some("x%zz")),
            (&n, "/x%25zz", Some("x%zz")),
            (&n, "/a%00b", Some("a%00b")),
            (&n, "/a?b#c", Some("a?b")),
            (&n, "/a#b?c", Some("a")),
            (&n, "/%2E", None),
            (&n, "/a%C3%A9", None),
            (&x, "/a/b.txt", Some("127.0.0.1:18765/a/b.txt")),
            (&xn, "/.claude/settings.json", Some(".claude/settings.json")),
            (&xn, "/a/%2E%2E/b.txt", Some("a/%2E%2E/b.txt")),
            (&xn, "/a/%252E%252E/b.txt", Some("a/%2E%2E/b.txt")),
            (&xn, "/a/./b/../c.txt", Some("a/c.txt")),
            (&xn, "/../../c.txt", Some("c.txt")),
            (&xn, "/a/b/..", Some("a/index.html")),
            (&xn, "/a/b/.", Some("a/b/index.html")),
            (&xn, "/%2E/c.txt", Some("./c.txt")),
            (&xn, "/a%2Fb/c.txt", Some("a%2Fb/c.txt")),
        ];
        for (w, p, want) in cases {
            assert_eq!(with(w, p).as_deref(), *want, "{p}");
        }
        let cut = WgetNames {
            cut_dirs: 1,
            ..xn.clone()
        };
        assert_eq!(with(&cut, "/a/b/c.txt").as_deref(), Some("b/c.txt"));
        assert_eq!(with(&cut, "/a//b/c.txt").as_deref(), Some("b/c.txt"));
        let proto = WgetNames {
            protocol_dirs: true,
            ..x.clone()
        };
        assert_eq!(
            with(&proto, "/a/b.txt").as_deref(),
            Some("http/127.0.0.1:18765/a/b.txt")
        );
        assert_eq!(
            x.path("http://LOCALHOST:18765/b.txt").as_deref(),
            Some("localhost:18765/b.txt")
        );
        assert_eq!(
            x.path("http://u:p@127.0.0.1:18765/b.txt").as_deref(),
            Some("127.0.0.1:18765/b.txt")
        );
        assert_eq!(
            x.path("https://example.com:443/b.txt").as_deref(),
            Some("example.com/b.txt")
        );
        assert_eq!(
            n.path("127.0.0.1:18765/noscheme.txt").as_deref(),
            Some("noscheme.txt")
        );
        let windows = WgetNames {
            windows: true,
            ..WgetNames::default()
        };
        assert_eq!(with(&windows, "/x?a=b").as_deref(), Some("x@a=b"));
        assert_eq!(with(&windows, "/a:b").as_deref(), Some("a%3Ab"));
        let lower = WgetNames {
            case: Some(true),
            ..WgetNames::default()
        };
        assert_eq!(with(&lower, "/ABC%2Etxt").as_deref(), Some("abc.txt"));
        let upper = WgetNames {
            case: Some(false),
            ..WgetNames::default()
        };
        assert_eq!(with(&upper, "/a%2fb").as_deref(), Some("A%2FB"));
        let ascii = WgetNames {
            ascii: true,
            ..WgetNames::default()
        };
        assert_eq!(with(&ascii, "/a%C3%A9").as_deref(), Some("a%C3%A9"));
        let prefixed = |p: &str| WgetNames {
            prefix: Some(p.to_string()),
            ..WgetNames::default()
        };
        assert_eq!(
            with(&prefixed(".claude"), "/settings%2Ejson").as_deref(),
            Some(".claude/settings.json")
        );
        assert_eq!(with(&prefixed("x/"), "/f").as_deref(), Some("x/f"));
        assert_eq!(with(&prefixed(""), "/f").as_deref(), Some("f"));
        assert_eq!(with(&prefixed("/"), "/f").as_deref(), Some("f"));
    }

    /// A name that still holds a `%XX` escape once wget has decoded it is decoded again in
    /// a locale that is not UTF-8: not known.
    #[test]
    fn wget_names_with_escapes_left_are_not_known() {
        let n = WgetNames::default();
        let xn = WgetNames {
            dirstruct: true,
            host_dir: false,
            ..WgetNames::default()
        };
        let u = "http://127.0.0.1:18765";
        for (w, p) in [
            (&n, "/a%2Fb"),
            (&n, "/%2e%2e"),
            (&n, "/a?%252F"),
            (&n, "/x?a=/../.bashrc"),
            (&xn, "/a/%2E%2E/b.txt"),
        ] {
            assert_eq!(w.path(&format!("{u}{p}")), None, "{p}");
        }
        for (w, p, want) in [
            (&n, "/settings%2Ejson", "settings.json"),
            (&n, "/x%25zz", "x%zz"),
            (&xn, "/a/b.txt", "a/b.txt"),
        ] {
            assert_eq!(w.path(&format!("{u}{p}")).as_deref(), Some(want), "{p}");
        }
    }
}
