//! Network tools: `ip`, `ifconfig`, `openssl`, `ping`, `gnutls-cli`, the DNS look-up tools,
//! `whois`.
//! Showing state is read-only; changing interfaces, routes or keys is not: changing the
//! machine's network configuration is a privileged act (`Effect::Privilege`, asked about).
//! `ping` and a DNS look-up of a literal name talk to the host they name and send nothing
//! of the machine's (`Effect::Net`); `ping -p PATTERN` fills its packets with bytes the
//! command chooses, data sent to the host (iputils ping(8), inetutils ping(1)).
//!
//! TLS clients (`openssl s_client`, `gnutls-cli`) copy their standard input to the peer
//! once the handshake is done, so what the command line feeds them (a file redirected in,
//! a heredoc or here-string, a pipe: `table::stdin_sent`) is data sent to that host, as for
//! `nc`; `</dev/null` sends nothing and is the routine certificate check. Values that go
//! into the handshake (the SNI of `-servername`, `-psk_identity`, the STARTTLS `-name` and
//! `-xmpphost`, `-srpuser`, `-proxy_user`) carry what a substitution computes; a literal
//! one is a name written in the command. `-early_data FILE` sends the file. Options outside
//! the grammar (engines, providers, a private key or its pass phrase, files written) are not
//! understood. `openssl s_server -WWW`/`-HTTP` serve the files under its directory to
//! whoever connects (`-www` only a status page), as a static file server does.
//! Checked against OpenSSL 3.0.19 (`openssl s_client -help`, `openssl s_server -help`,
//! s_client(1ossl): "any data typed in the terminal is sent to the server"). gnutls-cli is
//! not installed here: its grammar (GnuTLS 3.7, gnutls-cli(1): "it reads from standard input
//! and sends to the server") is kept to the host, the port and a few flags.
//!
//! DNS look-ups (`dig`, `host`, `nslookup`; BIND 9.18's dig(1), host(1), nslookup(1)) send
//! each name they look up to a resolver, and the domain's owner sees it: a literal name is
//! a look-up, `dig -f FILE` looks up every line of FILE (the file's content sent), and
//! `nslookup` with no name or `-` reads its queries from standard input (what is fed there
//! sent). A name computed at run time is `sensitive::exposures`'s. `dig +tls-ca=`,
//! `+tls-certfile=`, `+tls-keyfile=` and `-k` read files; `-y` puts a TSIG key in the
//! command line.

use super::table::{asks_help, has_flag, Said};
use crate::analysis::command::core::Cmd;
use crate::analysis::effects::{grammar::host_of, Carry, Change, Effect};

/// A privileged change of the machine's network configuration.
fn changes(reason: String) -> Said {
    let mut s = Said::read(reason.clone()).and(Effect::Privilege { how: reason });
    s.category = "system";
    s
}

/// Talks to `host`, sending nothing of the machine's.
fn talks(host: Option<&str>, reason: impl Into<String>) -> Said {
    Said::read(reason).and(Effect::Net {
        url: None,
        host: host.and_then(host_of),
        sends: Vec::new(),
    })
}

/// `ip [OPTIONS] OBJECT [COMMAND]`: showing is read-only, changing is soft.
pub(super) fn ip(cmd: &Cmd) -> Said {
    let args = cmd.args();
    let mut words = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if matches!(
            a.as_str(),
            "-n" | "-netns"
                | "-b"
                | "-batch"
                | "-rc"
                | "-rcvbuf"
                | "-l"
                | "-loops"
                | "-f"
                | "-family"
        ) {
            if a == "-b" || a == "-batch" {
                return Said::unknown("ip -batch reads commands from a file");
            }
            it.next();
        } else if !a.starts_with('-') {
            words.push(a.as_str());
        }
    }
    if asks_help(args) || words.first() == Some(&"help") {
        return Said::read("ip prints help");
    }
    let Some(object) = words.first() else {
        return Said::unknown("ip without an object");
    };
    if matches!(*object, "monitor" | "mon") {
        return Said::read("ip monitor prints network events");
    }
    let command = words.get(1).copied().unwrap_or("show");
    let reads = [
        "show", "list", "ls", "lst", "sh", "get", "identify", "pids", "help", "s",
    ];
    if reads.contains(&command)
        || (!is_ip_write(command) && words.len() <= 3 && command.starts_with("dev"))
    {
        return Said::read(format!("ip {object} {command} shows network state"));
    }
    if is_ip_write(command) {
        return changes(format!(
            "ip {object} {command} changes network configuration"
        ));
    }
    Said::unknown(format!(
        "ip {object} {command} is not a known read-only command"
    ))
}

fn is_ip_write(w: &str) -> bool {
    matches!(
        w,
        "add"
            | "a"
            | "del"
            | "delete"
            | "d"
            | "change"
            | "chg"
            | "replace"
            | "set"
            | "flush"
            | "f"
            | "exec"
            | "attach"
            | "detach"
            | "append"
            | "prepend"
            | "save"
            | "restore"
            | "update"
    )
}

/// `ifconfig` with no settings shows interfaces.
pub(super) fn ifconfig(cmd: &Cmd) -> Said {
    let args = cmd.args();
    let pos: Vec<&String> = args.iter().filter(|a| !a.starts_with('-')).collect();
    if pos.len() <= 1
        && args.iter().all(|a| {
            matches!(a.as_str(), "-a" | "-s" | "-l" | "-v" | "-L" | "-m") || !a.starts_with('-')
        })
    {
        return Said::read("ifconfig shows interfaces");
    }
    changes("ifconfig changes an interface".into())
}

/// `openssl`: inspecting certificates and connecting are read-only; writing keys or files
/// is not catalogued.
pub(super) fn openssl(cmd: &Cmd) -> Said {
    let args = cmd.args();
    let sub = args.first().map(String::as_str).unwrap_or("");
    let rest = args.get(1..).unwrap_or(&[]);
    let writes_file = rest.iter().any(|a| {
        matches!(
            a.as_str(),
            "-out"
                | "-keyout"
                | "-signkey"
                | "-req"
                | "-sess_out"
                | "-keylogfile"
                | "-msgfile"
                | "-CAkey"
                | "-new"
                | "-genkey"
                | "-x509toreq"
        )
    });
    let in_files = super::table::option_files(rest, &["-in", "-CAfile", "-cert", "-key"]);
    match sub {
        "version" | "list" | "help" | "ciphers" => {
            Said::read(format!("openssl {sub} prints information"))
        }
        "x509" | "crl" | "req" if rest.iter().any(|a| a == "-noout") && !writes_file => {
            Said::read(format!("openssl {sub} -noout prints certificate fields"))
                .with_reads(in_files)
        }
        "s_client" => s_client(cmd, rest),
        "s_server" => s_server(rest),
        "verify" if !writes_file => {
            Said::read("openssl verify checks a certificate").with_reads(in_files)
        }
        "rand" if rand_prints(rest) => Said::read("openssl rand prints random bytes"),
        "dgst" => match dgst_reads(rest) {
            Some(files) => Said::read("openssl dgst prints digests of files").with_reads(files),
            // `-sign`, `-hmac`, `-passin`: keys and pass phrases.
            None => Said::soft(
                KEY_MATERIAL,
                "openssl dgst is given an option outside its read-only ones (keys, pass phrases)",
            ),
        },
        // Everything else handles keys, pass phrases or encrypted data (`rsa`, `pkey`,
        // `pkcs12 -nodes`, `enc -d`, `smime -decrypt`, a cipher's own command name such as
        // `aes-256-cbc -d`), or is outside the grammar: it may print a private key or a
        // decrypted secret where the agent reads it. The files it is given are read.
        _ => Said::soft(
            KEY_MATERIAL,
            format!(
                "openssl {sub} may print key material or decrypt data, outside its read-only commands"
            ),
        )
        .with_reads(
            super::table::option_files(rest, &["-in", "-inkey", "-key", "-CAfile", "-cert", "-kfile"])
                .into_iter()
                // A pass phrase read from a file (`-passin file:pw.txt`).
                .chain(
                    super::table::option_files(rest, &["-passin", "-passout", "-pass"])
                        .into_iter()
                        .filter_map(|v| v.strip_prefix("file:").map(str::to_string)),
                )
                .collect(),
        ),
    }
}

/// The soft category of a program that may print key material or decrypt data where the
/// agent reads it (`openssl rsa -in key.pem`, `openssl enc -d`): the person names what it
/// reads (`review::soft` makes it a secret-read need).
pub(crate) const KEY_MATERIAL: &str = "key-material";

/// `openssl rand [-hex|-base64] NUM` (OpenSSL 3.0.19 `rand -help`): prints NUM random
/// bytes. Not here: `-out`, `-writerand` (write a file), `-rand` (reads files), `-engine`,
/// `-provider`, `-provider-path` (load a library).
fn rand_prints(rest: &[String]) -> bool {
    let mut num = false;
    for a in rest {
        match a.as_str() {
            "-hex" | "-base64" => {}
            n if !num && !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => num = true,
            _ => return false,
        }
    }
    num
}

/// `openssl dgst [-DIGEST] [-r|-c|-hex|-binary] FILE…` (OpenSSL 3.0.19 `dgst -help`):
/// prints the files' digests; the files it reads, `None` past these. Not here: `-out`,
/// `-writerand` (write), `-sign`, `-verify`, `-prverify`, `-hmac`, `-mac`, `-passin`,
/// `-keyform`, `-sigopt`, `-signature` (keys and pass phrases), `-rand`, `-engine`,
/// `-provider`, `-provider-path` (load a library). A file named like an option is its
/// option (OpenSSL's own parser takes options until the first operand or `--`).
fn dgst_reads(rest: &[String]) -> Option<Vec<String>> {
    const DIGESTS: &[&str] = &[
        "md5",
        "sha1",
        "sha224",
        "sha256",
        "sha384",
        "sha512",
        "sha512-224",
        "sha512-256",
        "sha3-224",
        "sha3-256",
        "sha3-384",
        "sha3-512",
        "blake2b512",
        "blake2s256",
        "sm3",
        "ripemd160",
        "shake128",
        "shake256",
    ];
    let mut files = Vec::new();
    let mut operands = false;
    for a in rest {
        if operands || !a.starts_with('-') || a == "-" {
            operands = true;
            files.push(a.clone());
            continue;
        }
        match a.as_str() {
            "--" => operands = true,
            "-r" | "-c" | "-hex" | "-binary" | "-list" => {}
            o if DIGESTS.contains(&&o[1..]) => {}
            _ => return None,
        }
    }
    Some(files)
}

/// `openssl s_client` options without a value (OpenSSL 3.0.19 `s_client -help`).
const S_CLIENT_FLAGS: &[&str] = &[
    "-4",
    "-6",
    "-ct",
    "-noct",
    "-fallback_scsv",
    "-build_chain",
    "-no-CAfile",
    "-no-CApath",
    "-no-CAstore",
    "-dane_ee_no_namechecks",
    "-reconnect",
    "-crlf",
    "-quiet",
    "-ign_eof",
    "-no_ign_eof",
    "-brief",
    "-prexit",
    "-showcerts",
    "-debug",
    "-msg",
    "-nbio_test",
    "-state",
    "-security_debug",
    "-security_debug_verbose",
    "-trace",
    "-nocommands",
    "-noservername",
    "-tlsextdebug",
    "-ignore_unexpected_eof",
    "-status",
    "-async",
    "-nbio",
    "-tls1",
    "-tls1_1",
    "-tls1_2",
    "-tls1_3",
    "-dtls",
    "-timeout",
    "-dtls1",
    "-dtls1_2",
    "-enable_pha",
    "-no_ssl3",
    "-no_tls1",
    "-no_tls1_1",
    "-no_tls1_2",
    "-no_tls1_3",
    "-bugs",
    "-no_comp",
    "-comp",
    "-no_ticket",
    "-serverpref",
    "-legacy_renegotiation",
    "-client_renegotiation",
    "-no_renegotiation",
    "-legacy_server_connect",
    "-no_resumption_on_reneg",
    "-no_legacy_server_connect",
    "-allow_no_dhe_kex",
    "-prioritize_chacha",
    "-strict",
    "-no_middlebox",
    "-no_etm",
    "-crl_check",
    "-crl_check_all",
    "-policy_check",
    "-explicit_policy",
    "-inhibit_any",
    "-inhibit_map",
    "-x509_strict",
    "-extended_crl",
    "-use_deltas",
    "-policy_print",
    "-check_ss_sig",
    "-trusted_first",
    "-suiteB_128_only",
    "-suiteB_128",
    "-suiteB_192",
    "-partial_chain",
    "-no_check_time",
    "-allow_proxy_certs",
    "-crl_download",
    "-verify_return_error",
    "-verify_quiet",
];

/// `openssl s_client` options whose value only tunes the connection or its checks.
const S_CLIENT_VALUES: &[&str] = &[
    "-port",
    "-bind",
    "-maxfraglen",
    "-max_send_frag",
    "-split_send_frag",
    "-max_pipelines",
    "-read_buf",
    "-certform",
    "-verify",
    "-nameopt",
    "-starttls",
    "-keymatexport",
    "-keymatexportlen",
    "-alpn",
    "-mtu",
    "-nextprotoneg",
    "-use_srtp",
    "-sigalgs",
    "-client_sigalgs",
    "-groups",
    "-curves",
    "-named_curve",
    "-cipher",
    "-ciphersuites",
    "-min_protocol",
    "-max_protocol",
    "-record_padding",
    "-policy",
    "-purpose",
    "-verify_name",
    "-verify_depth",
    "-auth_level",
    "-attime",
    "-verify_hostname",
    "-verify_email",
    "-verify_ip",
    "-CRLform",
    "-dane_tlsa_domain",
    "-dane_tlsa_rrdata",
    "-serverinfo",
];

/// `openssl s_client` options with a value outside the grammar: engines, providers, a
/// private key or pass phrase, files written, a Unix socket.
const S_CLIENT_OTHER_VALUES: &[&str] = &[
    "-engine",
    "-ssl_client_engine",
    "-ssl_config",
    "-key",
    "-keyform",
    "-pass",
    "-psk",
    "-unix",
    "-proxy_pass",
    "-msgfile",
    "-keylogfile",
    "-sess_out",
    "-writerand",
    "-rand",
    "-srppass",
    "-srp_strength",
    "-xkey",
    "-xcert",
    "-xchain",
    "-xcertform",
    "-xkeyform",
    "-provider-path",
    "-provider",
    "-propquery",
    "-CAstore",
    "-chainCAstore",
    "-verifyCAstore",
];

/// `openssl s_client` options whose value is a file or directory it reads (certificates,
/// CRLs, a saved session).
const S_CLIENT_READS: &[&str] = &[
    "-cert",
    "-cert_chain",
    "-CApath",
    "-CAfile",
    "-requestCAfile",
    "-CRL",
    "-chainCAfile",
    "-chainCApath",
    "-verifyCAfile",
    "-verifyCApath",
    "-sess_in",
    "-ctlogfile",
    "-psk_session",
];

/// `openssl s_client` options whose value goes to the peer in the handshake or the
/// STARTTLS exchange.
const S_CLIENT_SENT: &[&str] = &[
    "-servername",
    "-psk_identity",
    "-name",
    "-xmpphost",
    "-srpuser",
    "-proxy_user",
];

/// `openssl s_client [OPTIONS] [HOST:PORT]` (see the module docs).
fn s_client(cmd: &Cmd, rest: &[String]) -> Said {
    let mut effects = Vec::new();
    let mut reads = Vec::new();
    let mut sends: Vec<Carry> = Vec::new();
    let mut peer: Option<String> = None;
    // An HTTP proxy carries the whole exchange to the host.
    let mut proxy: Option<String> = None;
    let mut i = 0;
    while let Some(a) = rest.get(i) {
        i += 1;
        let dynamic = |k: usize| {
            cmd.arg_dynamic(k + 1) && crate::analysis::command::core::is_expansion(&rest[k])
        };
        if !a.starts_with('-') {
            // `HOST:PORT` as an operand (3.0).
            if peer.is_some() {
                effects.push(Effect::unknown(format!(
                    "openssl s_client is given a second host ({a})"
                )));
            }
            if dynamic(i - 1) {
                sends.push(Carry::Substitution);
            }
            peer = Some(a.clone());
            continue;
        }
        let name = a.as_str();
        if S_CLIENT_FLAGS.contains(&name) {
            continue;
        }
        let known = S_CLIENT_VALUES.contains(&name)
            || S_CLIENT_READS.contains(&name)
            || S_CLIENT_SENT.contains(&name)
            || matches!(name, "-connect" | "-host" | "-proxy" | "-early_data");
        if !known {
            effects.push(Effect::unknown(format!(
                "openssl s_client {name} is not known to be safe"
            )));
            // Its value, if it takes one, is no host.
            if S_CLIENT_OTHER_VALUES.contains(&name) {
                i += 1;
            }
            continue;
        }
        let Some(v) = rest.get(i) else {
            return Said::unknown(format!("openssl s_client {name} without a value"));
        };
        let computed = dynamic(i);
        i += 1;
        match name {
            "-connect" | "-host" => {
                if computed {
                    sends.push(Carry::Substitution);
                }
                peer = Some(v.clone());
            }
            "-proxy" => proxy = host_of(v),
            "-early_data" => {
                reads.push(v.clone());
                sends.push(Carry::File { path: v.clone() });
            }
            _ if S_CLIENT_READS.contains(&name) => reads.push(v.clone()),
            _ if S_CLIENT_SENT.contains(&name) && computed => sends.push(Carry::Substitution),
            _ => {}
        }
    }
    if let Some(c) = super::table::stdin_sent(cmd) {
        sends.push(c);
    }
    let to = peer.as_deref().and_then(host_of);
    // A value computed at run time in the handshake (`-servername "$(whoami)"`) leaves
    // the machine whatever the host answers, as a computed DNS name does.
    if sends.contains(&Carry::Substitution) {
        return Said::soft(
            "exfiltration",
            format!(
                "openssl s_client puts a command's output into what it sends to {}",
                to.as_deref().unwrap_or("the host it connects to")
            ),
        )
        .and(Effect::Net {
            url: None,
            host: to,
            sends,
        })
        // Asked about as a send; what else is not understood is the person's to see.
        .and_effects(effects.into_iter().filter(|e| !e.is_unknown()).collect());
    }
    let reason = if sends.is_empty() {
        "openssl s_client connects and shows the server's certificate".to_string()
    } else {
        format!(
            "openssl s_client sends what it is fed to {}",
            to.as_deref().unwrap_or("the host it connects to")
        )
    };
    if proxy.is_some() {
        effects.push(Effect::Net {
            url: None,
            host: proxy,
            sends: sends.clone(),
        });
    }
    let mut said = Said::read(reason).with_reads(reads).and(Effect::Net {
        url: None,
        host: to,
        sends,
    });
    said.category = "exfiltration";
    said.and_effects(effects)
}

/// `openssl s_server`: a TLS listener. `-WWW`/`-HTTP` answer each request with the file
/// it names under the working directory; anything else is not understood.
fn s_server(rest: &[String]) -> Said {
    if rest.iter().any(|a| a == "-WWW" || a == "-HTTP") {
        return Said::remote(
            "openssl s_server",
            "serves",
            Some("the files under its working directory".to_string()),
            Change::Create,
            "exfiltration",
            "openssl s_server -WWW/-HTTP serves the files under its working directory to whoever connects",
        )
        .with_cwd();
    }
    Said::unknown("openssl s_server listens for connections and answers them")
}

/// `gnutls-cli [OPTIONS] HOST`: connects and copies its standard input to the host.
pub(super) fn gnutls_cli(cmd: &Cmd) -> Said {
    let args = cmd.args();
    if asks_help(args) || matches!(args, [a] if a == "-v" || a == "--version") {
        return Said::read("gnutls-cli prints help or its version");
    }
    let mut effects = Vec::new();
    let mut reads = Vec::new();
    let mut sends = Vec::new();
    let mut peer = None;
    let mut it = args.iter().enumerate();
    while let Some((k, a)) = it.next() {
        let (name, inline) = match a.split_once('=') {
            Some((n, v)) if n.starts_with("--") => (n, Some(v.to_string())),
            _ => (a.as_str(), None),
        };
        match name {
            _ if !name.starts_with('-') => {
                if cmd.arg_dynamic(k) && crate::analysis::command::core::is_expansion(a) {
                    sends.push(Carry::Substitution);
                }
                peer = Some(a.clone());
            }
            "--insecure"
            | "--crlf"
            | "--print-cert"
            | "--verbose"
            | "-V"
            | "--no-ca-verification"
            | "--starttls"
            | "-s"
            | "--resume"
            | "-r"
            | "--rehandshake"
            | "-e"
            | "--tofu"
            | "--no-tofu" => {}
            "-p" | "--port" | "--starttls-proto" | "--priority" | "--alpn" => {
                if inline.is_none() {
                    it.next();
                }
            }
            "--x509cafile" | "--x509crlfile" => {
                if let Some(v) = inline.or_else(|| it.next().map(|(_, v)| v.clone())) {
                    reads.push(v);
                }
            }
            "--sni-hostname" => {
                let dynamic = match &inline {
                    Some(v) => crate::analysis::command::core::is_expansion(v),
                    None => it.next().is_some_and(|(j, v)| {
                        cmd.arg_dynamic(j) && crate::analysis::command::core::is_expansion(v)
                    }),
                };
                if dynamic {
                    sends.push(Carry::Substitution);
                }
            }
            _ => effects.push(Effect::unknown(format!(
                "gnutls-cli {name} is not known to be safe"
            ))),
        }
    }
    let Some(peer) = peer else {
        return Said::unknown("gnutls-cli without a host");
    };
    if let Some(c) = super::table::stdin_sent(cmd) {
        sends.push(c);
    }
    let to = host_of(&peer);
    let mut said = Said::read(if sends.is_empty() {
        "gnutls-cli connects and shows the server's certificate".to_string()
    } else {
        format!("gnutls-cli sends what it is fed to {peer}")
    })
    .with_reads(reads)
    .and(Effect::Net {
        url: None,
        host: to,
        sends,
    });
    said.category = "exfiltration";
    said.and_effects(effects)
}

/// dig's options with a value (BIND 9 dig(1) synopsis: `[-b address] [-c class] [-f
/// filename] [-k filename] [-m] [-p port#] [-q name] [-t type] [-v] [-x addr] [-y
/// [hmac:]name:key] [-4|-6]`, checked on man.freebsd.org's BIND 9 page); `-f` and `-k`
/// name files, `-m` is a flag (memory-usage debugging).
const DIG_VALUES: &[&str] = &["-b", "-c", "-p", "-q", "-t", "-x", "-y"];
/// host's options with a value (host(1)).
const HOST_VALUES: &[&str] = &["-c", "-N", "-p", "-R", "-t", "-W", "-m"];

/// `dig`, `host`, `nslookup` (see the module docs).
pub(super) fn resolver(cmd: &Cmd) -> Said {
    let prog = cmd.program().rsplit('/').next().unwrap_or("");
    let args = cmd.args();
    if asks_help(args) || matches!(args, [a] if a == "-v" || a == "-V" || a == "-version") {
        return Said::read(format!("{prog} prints help or its version"));
    }
    let mut effects = Vec::new();
    let mut reads = Vec::new();
    let mut sends = Vec::new();
    let mut names: Vec<&str> = Vec::new();
    let mut server: Option<&str> = None;
    let values: &[&str] = if prog == "dig" {
        DIG_VALUES
    } else {
        HOST_VALUES
    };
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if let Some(s) = a.strip_prefix('@') {
            server = Some(s);
        } else if prog == "dig" && a.starts_with('+') {
            // Query options; the TLS ones name files it reads.
            for key in ["+tls-ca=", "+tls-certfile=", "+tls-keyfile="] {
                if let Some(f) = a.strip_prefix(key) {
                    reads.push(f.to_string());
                }
            }
        } else if prog == "dig" && (a == "-f" || a == "-k") {
            let Some(f) = it.next() else {
                return Said::unknown(format!("dig {a} without a file"));
            };
            reads.push(f.clone());
            if a == "-f" {
                sends.push(Carry::File { path: f.clone() });
            }
        } else if prog == "nslookup" && a.starts_with('-') && a.len() > 1 {
            // `-type=mx`, `-port=53`, `-debug`: settings of the look-up.
        } else if a == "-" && prog == "nslookup" {
            names.push("-");
        } else if values.contains(&a.as_str()) {
            if a == "-y" {
                effects.push(Effect::unknown(format!(
                    "{prog} -y puts a TSIG key in the command"
                )));
            }
            it.next();
        } else if a.starts_with('-') && a.len() > 1 {
            let known = match prog {
                "dig" => a[1..].chars().all(|c| "46himruv".contains(c)),
                _ => a[1..].chars().all(|c| "46aACdlnrsTUwv".contains(c)),
            };
            if !known {
                effects.push(Effect::unknown(format!(
                    "{prog} {a} is not known to be safe"
                )));
            }
        } else {
            names.push(a);
        }
    }
    // nslookup's second operand is the server.
    if prog == "nslookup" && names.len() == 2 {
        server = names.pop();
    }
    if prog == "host" && names.len() == 2 {
        server = names.pop();
    }
    if prog == "nslookup" && matches!(names.as_slice(), [] | ["-"]) {
        // Interactive: its queries come from standard input.
        if let Some(c) = super::table::stdin_sent(cmd) {
            sends.push(c);
        }
    }
    let to = server
        .or_else(|| names.iter().copied().find(|n| *n != "-"))
        .and_then(host_of);
    let mut said = Said::read(if sends.is_empty() {
        format!("{prog} looks up a name in the DNS")
    } else {
        format!("{prog} sends what it reads as DNS queries")
    })
    .with_reads(reads)
    .and(Effect::Net {
        url: None,
        host: to,
        sends,
    });
    said.category = "exfiltration";
    said.and_effects(effects)
}

/// whois's options with a value (whois 5.5.17 `--help`, Debian's: getopt_long, so flags
/// bundle); the rest of its options are flags.
const WHOIS_VALUES: &[&str] = &[
    "-h", "--host", "-p", "--port", "-i", "-T", "-s", "-g", "-t", "-v", "-q",
];
const WHOIS_FLAGS: &str = "IHlLmMcxbBGdKrRa";

/// `whois [OPTION]… OBJECT…`: the objects, joined into one query, are sent to a whois
/// server (the registry's for the name, or `-h HOST`), which answers with the public
/// registration record. Like a DNS look-up of a literal name it is a read that sends the
/// name to the servers that own it: judged by that name (or the server named). Options
/// outside its `--help` are not understood.
pub(super) fn whois(cmd: &Cmd) -> Said {
    let args = cmd.args();
    if matches!(args, [a] if a == "--help" || a == "--version") {
        return Said::read("whois prints help or its version");
    }
    if cmd.has_expansion() {
        // The query, or the server it goes to, is computed when the command runs.
        return Said::unknown("whois is given a value computed at run time");
    }
    let mut names: Vec<&str> = Vec::new();
    let mut server: Option<&str> = None;
    let mut it = args.iter();
    let mut ended = false;
    while let Some(a) = it.next() {
        let t = a.as_str();
        if ended || !t.starts_with('-') || t == "-" {
            names.push(t);
            continue;
        }
        if t == "--" {
            ended = true;
            continue;
        }
        if let Some(v) = t.strip_prefix("--host=") {
            server = Some(v);
            continue;
        }
        if t.starts_with("--port=") || matches!(t, "--verbose" | "--no-recursion") {
            continue;
        }
        if WHOIS_VALUES.contains(&t) {
            let Some(v) = it.next() else {
                return Said::unknown(format!("whois {t} without a value"));
            };
            if matches!(t, "-h" | "--host") {
                server = Some(v);
            }
            continue;
        }
        let body = &t[1..];
        if !t.starts_with("--") && !body.is_empty() && body.chars().all(|c| WHOIS_FLAGS.contains(c))
        {
            continue;
        }
        return Said::unknown(format!("whois {t} is not in its grammar"));
    }
    if names.is_empty() {
        return Said::unknown("whois without an object");
    }
    let to = server.or_else(|| names.first().copied()).and_then(host_of);
    let mut said = Said::read("whois looks up a public registration record").and(Effect::Net {
        url: None,
        host: to,
        sends: Vec::new(),
    });
    said.category = "exfiltration";
    said
}

pub(super) fn ping(cmd: &Cmd) -> Said {
    if has_flag(cmd.args(), "-f") {
        return Said::unknown("ping -f floods the network");
    }
    let host = cmd
        .args()
        .iter()
        .rfind(|a| !a.starts_with('-') && !a.chars().all(|c| c.is_ascii_digit() || c == '.'))
        .map(String::as_str);
    // `-p PATTERN` (`--pattern=PATTERN`): up to 16 bytes the command chooses fill every
    // echo request (iputils ping(8), inetutils ping(1)): data sent to the host.
    if let Some(p) = super::table::option_value(cmd.args(), &["-p", "--pattern"]) {
        return Said::read("ping sends echo requests filled with the -p pattern").and(
            Effect::Net {
                url: None,
                host: host.and_then(host_of),
                sends: vec![Carry::Literal {
                    text: p.to_string(),
                }],
            },
        );
    }
    talks(host, "ping sends echo requests")
}

/// Static file servers (busybox's `httpd`, darkhttpd, miniserve, webfsd,
/// static-web-server, simple-http-server, the http-server and live-server packages, caddy):
/// each serves a directory (the one named, or the current one) to whoever connects, on
/// every address unless told otherwise. What a directory holds is not checked, so serving
/// is asked about, as `python -m http.server` is; printing help or a version is not.
pub(super) fn file_server(cmd: &Cmd) -> Said {
    let prog = cmd.program().rsplit('/').next().unwrap_or("");
    let args = cmd.args();
    let first = args
        .iter()
        .find(|a| !a.starts_with('-'))
        .map(String::as_str);
    if args.len() == 1 && (asks_help(args) || has_flag(args, "--version") || has_flag(args, "-V"))
        || (prog == "caddy" && matches!(first, Some("version" | "help")) && args.len() == 1)
    {
        return Said::read(format!("{prog} prints help or its version"));
    }
    Said::remote(
        prog,
        "serves",
        Some("files of this machine".to_string()),
        Change::Create,
        "exfiltration",
        format!("{prog} serves this machine's files to whoever connects"),
    )
}

/// Tunnels that put a port of this machine on the internet through someone's servers
/// (`ngrok http 3000`, `cloudflared tunnel --url …`, `lt --port`, `bore local`, `zrok
/// share`, `tailscale funnel`): whatever listens there is then reachable by anyone, so it
/// is data sent out and needs the person's words. Help and version print.
pub(super) fn tunnel(cmd: &Cmd) -> Said {
    let prog = cmd.program().rsplit('/').next().unwrap_or("");
    let args = cmd.args();
    let first = args
        .iter()
        .find(|a| !a.starts_with('-'))
        .map(String::as_str);
    // Tailscale (tailscale.com/docs/reference/tailscale-cli): `funnel` shares a local
    // service on the internet, `serve` with the whole tailnet, and `up`/`set`/`login`
    // given `--ssh` run Tailscale's SSH server, which lets the tailnet open a shell here.
    // Its other subcommands are not modelled.
    let tailscale_exposes = matches!(first, Some("funnel" | "serve"))
        || matches!(first, Some("up" | "set" | "login")) && has_flag(args, "--ssh");
    if asks_help(args)
        || has_flag(args, "--version")
        || matches!(first, Some("version" | "help" | "completion"))
        || (prog == "tailscale" && !tailscale_exposes)
    {
        return if prog == "tailscale" && !tailscale_exposes {
            Said::unknown(format!("tailscale {} is not modelled", first.unwrap_or("")))
        } else {
            Said::read(format!("{prog} prints help or its version"))
        };
    }
    Said::remote(
        prog,
        "exposes",
        Some("a port of this machine".to_string()),
        Change::Create,
        "exfiltration",
        format!("{prog} puts a port of this machine on the internet, reachable by anyone"),
    )
}

/// Programs that hand this machine's terminal or desktop to whoever holds a link or
/// connects: tmate (a tmux fork whose sessions are reached through tmate.io's ssh and web
/// servers), sshx and tty-share (a terminal shared through their relays), upterm (`upterm
/// host` shares a terminal through uptermd), ttyd and GoTTY (a command's terminal served to
/// web browsers), x11vnc (the X display served over VNC). Any use but help or a version
/// exposes a shell (or the desktop) to the network: remote state created that only the
/// person's words naming it authorise. A subcommand of upterm other than `host` is not
/// modelled.
pub(super) fn remote_control(cmd: &Cmd) -> Said {
    let prog = cmd.program().rsplit('/').next().unwrap_or("");
    let args = cmd.args();
    let first = args
        .iter()
        .find(|a| !a.starts_with('-'))
        .map(String::as_str);
    if asks_help(args)
        || has_flag(args, "--version")
        || (args.len() == 1 && matches!(args[0].as_str(), "-V" | "-v" | "-version" | "-help"))
        || (prog == "upterm" && matches!(first, Some("version" | "help" | "completion")))
    {
        return Said::read(format!("{prog} prints help or its version"));
    }
    if prog == "upterm" && first != Some("host") {
        return Said::unknown(format!("upterm {} is not modelled", first.unwrap_or("")));
    }
    let what = if prog == "x11vnc" {
        "this machine's desktop"
    } else {
        "a shell of this machine"
    };
    Said::remote(
        prog,
        "exposes",
        Some(what.to_string()),
        Change::Create,
        "exfiltration",
        format!("{prog} hands {what} to whoever connects over the network"),
    )
}
