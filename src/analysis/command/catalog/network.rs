//! Network tools: `ip`, `ifconfig`, `openssl`, `ping`. Showing state is read-only;
//! changing interfaces, routes or keys is not: changing the machine's network configuration
//! is a privileged act (`Effect::Privilege`, asked about). `ping` and `openssl s_client`
//! talk to the host they name and send nothing of the machine's (`Effect::Net`).

use super::table::{asks_help, has_flag, Said};
use crate::analysis::command::core::Cmd;
use crate::analysis::effects::Change;
use crate::analysis::effects::{grammar::host_of, Effect};

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
        "s_client" if !writes_file && !rest.iter().any(|a| a == "-key" || a == "-pass") => talks(
            super::table::option_value(rest, &["-connect", "-servername"]),
            "openssl s_client connects and shows the server's certificate",
        ),
        "verify" if !writes_file => {
            Said::read("openssl verify checks a certificate").with_reads(in_files)
        }
        _ => Said::unknown(format!("openssl {sub} is not a known read-only command")),
    }
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
    talks(host, "ping sends echo requests")
}

/// Tunnels that put a port of this machine on the internet through someone's servers
/// (`ngrok http 3000`, `cloudflared tunnel --url …`, `lt --port`, `bore local`, `zrok
/// share`, `tailscale funnel`): whatever listens there is then reachable by anyone, so it
/// is data sent out and needs the person's words. Help and version print.
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

pub(super) fn tunnel(cmd: &Cmd) -> Said {
    let prog = cmd.program().rsplit('/').next().unwrap_or("");
    let args = cmd.args();
    let first = args
        .iter()
        .find(|a| !a.starts_with('-'))
        .map(String::as_str);
    if asks_help(args)
        || has_flag(args, "--version")
        || matches!(first, Some("version" | "help" | "completion"))
        || (prog == "tailscale" && first != Some("funnel"))
    {
        return if prog == "tailscale" && first != Some("funnel") {
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
