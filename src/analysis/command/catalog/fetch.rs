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
//! (`-d`, `-F`, `--json`), an upload (`-T`), a config file (`-K`), `.netrc` credentials,
//! headers read from files (`-H @file`) or an unknown option is not routine. Files they
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
            let (name, val) = match a.split_once('=') {
                Some((n, v)) if CURL_VALUES.contains(&n) => (n.to_string(), Some(v.to_string())),
                _ => (a.clone(), None),
            };
            if val.is_none() && CURL_VALUES.contains(&name.as_str()) {
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
    let mut soft_why: Option<String> = None;
    let mut resolve = Vec::new();
    let mut sends = Vec::new();
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
            "--unix-socket" | "--abstract-unix-socket" => {
                unknown = Some(format!("curl {name} talks to a local socket ({v})"))
            }
            "--etag-compare" => reads.push(v),
            "--etag-save" | "--hsts" | "--alt-svc" => {
                writes.push(v.clone());
                soft_why = Some(format!(
                    "curl {name} {v} writes a value the server chooses into {v}"
                ));
            }
            "-H" | "--header" | "--proxy-header" if v.starts_with('@') => {
                unknown = Some("curl -H @file sends headers read from a file".into())
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
    if !matches!(method.as_str(), "GET" | "HEAD") || has_body {
        let said = if matches!(method.as_str(), "GET" | "HEAD") {
            sends_to(
                "curl sends data from the command line or a file".into(),
                &urls,
                &sends,
            )
        } else {
            mutation("curl", &method, &urls, &body, &sends)
        };
        return with_unknown(said, unknown);
    }
    if let Some(u) = unknown {
        return Said::unknown(u);
    }
    if urls.is_empty() {
        return Said::unknown("curl without a URL");
    }
    if let Some(u) = urls.iter().find(|u| {
        u.split_once("://").is_some_and(|(scheme, _)| {
            !matches!(
                scheme.to_ascii_lowercase().as_str(),
                "http" | "https" | "ftp" | "ftps"
            )
        })
    }) {
        return Said::unknown(format!("curl {u}: only http, https and ftp are catalogued"));
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
    let mut said = Said::read("curl fetches a URL (GET)")
        .with_reads(reads)
        .with_writes(writes);
    for u in &urls {
        said = said.and(fetches(u));
    }
    said
}

/// The file `wget URL` saves in its directory, as GNU Wget 1.21.3 names it (checked
/// against a local server): the URL's last path component, its query kept
/// (`file.txt?x=1`), `index.html` when the path ends in `/` or is empty; percent escapes
/// are decoded (so a name holding one is not known here). A redirect does not change the
/// name without `--trust-server-names`. `None` when the name is not known.
fn wget_file_name(url: &str) -> Option<String> {
    let rest = url.split_once("://").map_or(url, |(_, r)| r);
    let rest = rest.split('#').next().unwrap_or(rest);
    let (rest, query) = match rest.split_once('?') {
        Some((r, q)) => (r, Some(q)),
        None => (rest, None),
    };
    let path = rest.split_once('/').map_or("", |(_, p)| p);
    let last = path.rsplit('/').next().unwrap_or("");
    let name = if last.is_empty() { "index.html" } else { last };
    let odd = |s: &str| s.is_empty() || s.contains(['%', '/', '\\']) || s == "." || s == "..";
    if odd(name) || query.is_some_and(|q| q.is_empty() || q.contains(['%', '/', '\\'])) {
        return None;
    }
    Some(match query {
        Some(q) => format!("{name}?{q}"),
        None => name.to_string(),
    })
}

/// `wget`, checked against GNU Wget 1.21.3 (`wget --help` and a local server): a GET (or
/// HEAD) of each URL, saved to `-O FILE` (`-O -`: printed), or by default to a new file
/// in its directory (`-P DIR`, else the working directory) named from the URL
/// ([`wget_file_name`]): an existing file is kept and the download goes to `NAME.1`
/// (`.2`, …) unless `-nc` (skip), `-c` (continue it) or `-N` (replace it when newer), so
/// both `NAME` and `NAME.1` are its writes. `--spider` only checks. `-o`/`-a` write
/// its log. Judged as `curl -o` is: what it sends decides first (a secret, a metadata
/// endpoint), a method other than GET/HEAD or a body is a mutation, and each file written
/// goes to the path floor. A name the server chooses (`--content-disposition`,
/// `--trust-server-names` after a redirect) and wgetrc commands (`-e`) are soft; a URL
/// list (`-i`), recursion (`-r`, `-m`), `-x` directories and every other option are
/// outside the grammar. (Wget also records hosts' HSTS policies in `~/.wget-hsts`, its
/// own cache, which is not modelled.)
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
    ];
    // Short options bundle as getopt reads them: `-qO FILE`, `-qOFILE` are `-q -O FILE`
    // (`-nv`, `-nc` and `-nd` are wget's own two-letter forms).
    let mut words: Vec<String> = Vec::with_capacity(args.len());
    for a in args {
        let bundle = a.len() > 2
            && a.starts_with('-')
            && !a.starts_with("--")
            && !matches!(a.as_str(), "-nv" | "-nc" | "-nd");
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
    let mut prefix: Option<String> = None;
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
        let v = match inline {
            Some(v) => v,
            None => match it.next() {
                Some(v) => v.clone(),
                None => return Said::unknown(format!("wget {name} without a value")),
            },
        };
        match name.as_str() {
            "-O" | "--output-document" => out = Some(v),
            "-P" | "--directory-prefix" => prefix = Some(v),
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
            // A new file named from each URL, beside what is there.
            let keeps = [
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
            for u in &urls {
                let Some(name) = wget_file_name(u) else {
                    return Said::unknown(format!(
                        "wget saves {u} under a name the floor cannot work out"
                    ));
                };
                let path = match &prefix {
                    Some(d) => crate::analysis::effects::programs::files::join(d, &name),
                    None => name,
                };
                let kept = format!("{path}.1");
                writes.push(path);
                if !keeps {
                    writes.push(kept);
                }
            }
            with_urls(
                Said::read("wget downloads a URL to a file named from it").with_writes(writes),
            )
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
