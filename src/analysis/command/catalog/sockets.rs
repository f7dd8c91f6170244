//! Raw connections: `nc`/`netcat`/`ncat`, `socat`, `telnet`. Each joins two ends and
//! copies bytes between them; what that does follows from the ends:
//!
//! - a host it connects to: a network exchange with that host carrying what the other end
//!   gives (`Effect::Net`: stdin, a file, a program's output); loopback is this machine, as
//!   for curl; a listener: the same with whoever connects (a host no one can name, unless it
//!   only listens on loopback);
//! - a local socket (`nc -U`, socat `UNIX-CONNECT:`, a socket path): a change to the
//!   service listening there (`Effect::Remote`, service `socket`, the path as target);
//! - a file (socat `OPEN:`, `GOPEN:`, a path): a read or a write of it, for the path floor;
//!   an address option that creates, truncates, appends to, opens for writing or sets the
//!   mode of it (`creat`, `trunc`, `append`, `wronly`, `rdwr`, `perm`) writes it whichever
//!   way the data flows; an abstract socket (`ABSTRACT-LISTEN:`) is no file but a
//!   listener any local user reaches, as a port bound to loopback;
//! - a program bound to the connection (`nc -e`/`-c`, ncat `--exec`/`--sh-exec`/
//!   `--lua-exec`, socat `EXEC:`/`SYSTEM:` facing a host, listener or socket): code run for
//!   whoever is at the other end, as code fetched from the network is (hard); facing only
//!   this machine's stdio or a file, a program the floor does not see (soft).
//!
//! `-z` (a port check), `--recv-only`, `-d` (`nc.openbsd`: no stdin) and socat's `-u`/`-U`
//! send nothing the other way. `nc` and `netcat` may be Ncat (RHEL, Fedora), where `-d`
//! takes a delay and `-x` writes a hex dump to a file: for them `-d` is not understood and
//! `-x` is both a proxy and a file written. An option or address outside the grammar is not understood, but
//! what the rest of the command does still stands.
//!
//! Checked against: netcat-openbsd 1.219 (Debian 12, `nc -h`), netcat-traditional 1.10-47
//! (`nc.traditional -h`: `-e`, `-c`, `-o`), BusyBox 1.35.0's `nc` (`-e PROG [ARGS]`, `-f
//! FILE`), Ncat 7.93 (`ncat -h`), socat 1.7.4.4 (`socat -h`, and its address aliases by
//! running it: `TCP:`, `SSL:`, `UNIX:`, `LOCAL:`, `FILE:`, `CREAT:`, `SOCKS:`, `ABSTRACT:`,
//! `TCP-L:`, `ECHO`), inetutils telnet 2.4 (`telnet --help`).

use super::table::Said;
use crate::analysis::command::core::Cmd;
use crate::analysis::effects::{Carry, Change, Code, Effect, WriteHow};
use crate::context::floor::is_loopback;

/// One end of what the command joins.
#[derive(Clone, Debug, PartialEq, Eq)]
enum End {
    /// The command's own stdin and stdout.
    Stdio,
    /// A host it connects to (`None`: computed at run time or not given).
    Peer(Option<String>),
    /// A port of this machine whoever connects reaches (the address it is bound to).
    Listen(Option<String>),
    /// A local socket: the service listening there.
    Socket(String),
    /// A local socket it creates and listens on.
    ListenSocket(String),
    /// A file it opens.
    File(String),
    /// A path it opens whatever it is: a file, or a local socket it connects to.
    Path(String),
    /// A program whose stdin and stdout are the other end (its command line).
    Program(String),
}

impl End {
    /// Does data at this end reach, or come from, something outside this command?
    fn networked(&self) -> bool {
        matches!(
            self,
            End::Peer(_) | End::Listen(_) | End::Socket(_) | End::ListenSocket(_)
        )
    }

    fn describe(&self) -> String {
        match self {
            End::Stdio => "its stdin and stdout".into(),
            End::Peer(Some(h)) => format!("the connection to {h}"),
            End::Peer(None) => "a connection to a host not known before it runs".into(),
            End::Listen(_) => "whoever connects to the port it listens on".into(),
            End::Socket(p) | End::ListenSocket(p) => format!("the local socket {p}"),
            End::File(p) | End::Path(p) => p.clone(),
            End::Program(p) => format!("the program {p}"),
        }
    }
}

/// A host as written (`[::1]`, `user@host`), lower case.
fn host(word: &str) -> Option<String> {
    let w = word.rsplit('@').next().unwrap_or(word);
    let w = w.trim_start_matches('[').trim_end_matches(']');
    (!w.is_empty() && !w.contains(['$', '`'])).then(|| w.to_ascii_lowercase())
}

/// A listener's bind address, when it only accepts this machine's connections.
fn bound_to_loopback(addr: Option<&str>) -> Option<String> {
    let a = host(addr?)?;
    // `0.0.0.0` and `::` listen on every interface.
    (is_loopback(&a) && a != "0.0.0.0").then_some(a)
}

/// What joining `a` and `b` does; `a_to_b` / `b_to_a`: the directions data flows.
fn join(a: &End, b: &End, a_to_b: bool, b_to_a: bool, out: &mut Vec<Effect>) {
    for (x, other, into_x, from_x) in [(a, b, b_to_a, a_to_b), (b, a, a_to_b, b_to_a)] {
        let carry = || match other {
            End::File(p) | End::Path(p) => Carry::File { path: p.clone() },
            End::Program(_) => Carry::Substitution,
            _ => Carry::Stdin,
        };
        match x {
            End::Stdio => {}
            End::Peer(h) => out.push(Effect::Net {
                url: None,
                host: h.clone(),
                sends: if into_x { vec![carry()] } else { Vec::new() },
            }),
            End::Listen(bind) => {
                if bind.is_none() {
                    out.push(Effect::unknown(
                        "it listens on every interface: whoever reaches this machine connects",
                    ));
                }
                out.push(Effect::Net {
                    url: None,
                    host: bind.clone(),
                    sends: if into_x { vec![carry()] } else { Vec::new() },
                })
            }
            End::Socket(p) => out.push(Effect::Remote {
                service: "socket".into(),
                action: if into_x {
                    "sends its input to the service listening at".into()
                } else {
                    "reads from the service listening at".into()
                },
                target: Some(p.clone()),
                change: if into_x { Change::Modify } else { Change::Read },
            }),
            End::ListenSocket(p) => out.push(Effect::write(p.clone(), WriteHow::Replace)),
            End::File(p) | End::Path(p) => {
                if from_x {
                    out.push(Effect::read(p.clone()));
                }
                if into_x {
                    out.push(Effect::write(p.clone(), WriteHow::Edit));
                }
                if let End::Path(p) = x {
                    out.push(Effect::Remote {
                        service: "socket".into(),
                        action: "may send its input to a service listening at".into(),
                        target: Some(p.clone()),
                        change: Change::Modify,
                    });
                }
            }
            End::Program(text) => {
                // Bound to a connection, the program runs what whoever is at the other end
                // sends it: code from the network.
                if other.networked() {
                    out.push(Effect::Run {
                        code: Code::Network {
                            url: Some(format!("{} (through {text})", other.describe())),
                        },
                    });
                } else {
                    out.push(Effect::Run {
                        code: Code::Hidden {
                            what: format!("{text}, joined to {}", other.describe()),
                        },
                    });
                }
            }
        }
    }
}

/// The reason line of a join.
fn reason(prog: &str, a: &End, b: &End, effects: &[Effect]) -> String {
    if let Some(e) = effects.iter().find(|e| {
        matches!(
            e,
            Effect::Run {
                code: Code::Network { .. }
            }
        )
    }) {
        let _ = e;
        let (p, other) = match (a, b) {
            (End::Program(p), o) | (o, End::Program(p)) => (p.as_str(), o),
            _ => ("a program", b),
        };
        return format!(
            "{prog} binds {p} to {}: it runs what whoever is at the other end sends",
            other.describe()
        );
    }
    format!("{prog} joins {} and {}", a.describe(), b.describe())
}

fn said(prog: &str, a: &End, b: &End, effects: Vec<Effect>) -> Said {
    let mut s = Said::read(reason(prog, a, b, &effects));
    s.category = "network";
    s.effects = effects;
    s
}

// ---------------------------------------------------------------------------------------
// nc, netcat, ncat

/// Short options with a value, across the netcat family (`-d`, `-x` take one in ncat
/// only, where `-x` writes a hex dump; OpenBSD's `-x` names a proxy).
const NC_VALUES: &str = "IiMmOPpqsTVWwXxgGocef";
const NCAT_VALUES: &str = "cedgGmoxipsw";
/// Short options without a value.
const NC_FLAGS: &str = "46bCDdFhklNnrStUuvZz";
const NCAT_FLAGS: &str = "46UCklnthuvz";

/// ncat's long options with a value (and what the value is: `r` read, `w` write).
const NCAT_LONG_VALUES: &[(&str, char)] = &[
    ("--sh-exec", 'x'),
    ("--exec", 'x'),
    ("--lua-exec", 'x'),
    ("--max-conns", ' '),
    ("--delay", ' '),
    ("--output", 'w'),
    ("--hex-dump", 'w'),
    ("--idle-timeout", ' '),
    ("--source-port", ' '),
    ("--source", ' '),
    ("--wait", ' '),
    ("--allow", ' '),
    ("--allowfile", 'r'),
    ("--deny", ' '),
    ("--denyfile", 'r'),
    ("--proxy", 'p'),
    ("--proxy-type", ' '),
    ("--proxy-auth", ' '),
    ("--proxy-dns", ' '),
    ("--ssl-cert", 'r'),
    ("--ssl-key", 'r'),
    ("--ssl-trustfile", 'r'),
    ("--ssl-ciphers", ' '),
    ("--ssl-servername", ' '),
    ("--ssl-alpn", ' '),
];

const NCAT_LONG_FLAGS: &[&str] = &[
    "--unixsock",
    "--vsock",
    "--crlf",
    "--listen",
    "--keep-open",
    "--nodns",
    "--telnet",
    "--udp",
    "--sctp",
    "--verbose",
    "--append-output",
    "--send-only",
    "--recv-only",
    "--no-shutdown",
    "--broker",
    "--chat",
    "--ssl",
    "--ssl-verify",
    "--version",
    "--help",
    "--ipv4",
    "--ipv6",
];

/// `nc [OPTS] [HOST] [PORT…]`, `ncat [OPTS] [HOST] [PORT]` (options may follow operands).
pub(super) fn netcat(cmd: &Cmd) -> Said {
    let prog = cmd.program();
    let ncat = prog == "ncat";
    // `nc`/`netcat` may be any of the family (Ncat on RHEL and Fedora): only the name
    // `nc.openbsd` is surely OpenBSD's, where `-d` reads no stdin and `-x` names a proxy.
    let openbsd = prog == "nc.openbsd";
    let args = cmd.args();
    let (values, flags) = if ncat {
        (NCAT_VALUES, NCAT_FLAGS)
    } else {
        (NC_VALUES, NC_FLAGS)
    };
    if matches!(args, [a] if a == "-h" || a == "--help" || a == "--version") {
        return Said::read(format!("{prog} prints its usage"));
    }
    let mut effects = Vec::new();
    let mut operands: Vec<&str> = Vec::new();
    let mut program: Option<String> = None;
    let (mut listen, mut unix, mut no_input, mut no_output) = (false, false, false, false);
    let mut source: Option<String> = None;
    let mut file: Option<String> = None;
    let mut proxies: Vec<String> = Vec::new();
    let mut i = 0;
    while let Some(a) = args.get(i) {
        i += 1;
        if a == "--" {
            operands.extend(args[i..].iter().map(String::as_str));
            break;
        }
        if let Some(long) = a.strip_prefix("--").filter(|_| ncat) {
            let (name, inline) = match long.split_once('=') {
                Some((n, v)) => (format!("--{n}"), Some(v.to_string())),
                None => (a.clone(), None),
            };
            if let Some((_, kind)) = NCAT_LONG_VALUES.iter().find(|(n, _)| *n == name) {
                let v = inline.or_else(|| {
                    i += 1;
                    args.get(i - 1).cloned()
                });
                let v = v.unwrap_or_default();
                if name == "--source" {
                    source = Some(v.clone());
                }
                match kind {
                    'x' => program = Some(v),
                    'w' => effects.push(Effect::write(v, WriteHow::Replace)),
                    'r' => effects.push(Effect::read(v)),
                    'p' => proxies.push(v),
                    _ => {}
                }
            } else if NCAT_LONG_FLAGS.contains(&name.as_str()) && inline.is_none() {
                match name.as_str() {
                    "--listen" => listen = true,
                    "--unixsock" => unix = true,
                    "--recv-only" => no_input = true,
                    "--broker" | "--chat" => listen = true,
                    _ => {}
                }
            } else {
                effects.push(Effect::unknown(format!(
                    "{prog} {name} is not known to be safe"
                )));
            }
            continue;
        }
        let Some(letters) = a.strip_prefix('-').filter(|l| !l.is_empty()) else {
            operands.push(a);
            continue;
        };
        for (k, c) in letters.char_indices() {
            if values.contains(c) {
                let rest = &letters[k + c.len_utf8()..];
                let v = if rest.is_empty() {
                    i += 1;
                    args.get(i - 1).cloned().unwrap_or_default()
                } else {
                    rest.to_string()
                };
                match c {
                    // `-e PROG` (traditional, BusyBox), `-c CMD` (traditional: through
                    // /bin/sh): the program whose stdin and stdout are the connection.
                    'e' | 'c' => program = Some(v),
                    'o' => effects.push(Effect::write(v, WriteHow::Replace)),
                    'x' if ncat => effects.push(Effect::write(v, WriteHow::Replace)),
                    'x' if openbsd => proxies.push(v),
                    // OpenBSD's proxy, or Ncat's hex dump written to that file.
                    'x' => {
                        effects.push(Effect::write(v.clone(), WriteHow::Replace));
                        proxies.push(v);
                    }
                    'f' if !ncat => file = Some(v),
                    's' => source = Some(v),
                    'd' => {}
                    _ => {}
                }
                break;
            } else if flags.contains(c) {
                match c {
                    'l' => listen = true,
                    'U' => unix = true,
                    'z' => {
                        no_input = true;
                        no_output = true;
                    }
                    'd' if openbsd => no_input = true,
                    // Ncat's `-d DELAY` takes a value: what follows is not what it seems.
                    'd' if !ncat => {
                        effects.push(Effect::unknown(format!(
                            "{prog} -d reads no stdin in OpenBSD's nc, takes a delay in Ncat's"
                        )));
                        break;
                    }
                    _ => {}
                }
            } else {
                effects.push(Effect::unknown(format!(
                    "{prog} -{c} is not known to be safe"
                )));
                break;
            }
        }
    }
    if cmd.has_expansion() {
        effects.push(Effect::unknown(format!(
            "{prog} is given a word computed at run time"
        )));
    }
    // The network end.
    let net = if let Some(f) = file {
        End::File(f)
    } else if unix {
        match (operands.first(), listen) {
            (Some(p), true) => End::ListenSocket(p.to_string()),
            (Some(p), false) => End::Socket(p.to_string()),
            (None, _) => End::Peer(None),
        }
    } else if listen {
        // OpenBSD: `nc -l [ADDR] PORT`; traditional and ncat: `-s`/`-p` and an address.
        let addr = source
            .as_deref()
            .or_else(|| (operands.len() >= 2).then(|| operands[0]));
        End::Listen(bound_to_loopback(addr))
    } else {
        End::Peer(operands.first().and_then(|h| host(h)))
    };
    for p in &proxies {
        effects.push(Effect::Net {
            url: None,
            host: host(p.split(':').next().unwrap_or(p)),
            sends: if no_input {
                Vec::new()
            } else {
                vec![Carry::Stdin]
            },
        });
    }
    let local = match program {
        Some(p) => End::Program(p),
        None => End::Stdio,
    };
    join(&local, &net, !no_input, !no_output, &mut effects);
    said(prog, &local, &net, effects)
}

// ---------------------------------------------------------------------------------------
// telnet

/// telnet's short options that take a value (inetutils 2.4).
const TELNET_SHORT_VALUES: &str = "benlkX";

/// `telnet [OPTS] [HOST [PORT]]`: what it reads from stdin goes to the host; with no host
/// it reads its own commands (`open HOST`) from stdin.
pub(super) fn telnet(cmd: &Cmd) -> Said {
    let args = cmd.args();
    if matches!(args, [a] if matches!(a.as_str(), "--help" | "-?" | "--usage" | "-V" | "--version"))
    {
        return Said::read("telnet prints its usage");
    }
    let mut effects = Vec::new();
    let mut operands: Vec<&str> = Vec::new();
    let mut i = 0;
    while let Some(a) = args.get(i) {
        i += 1;
        if a == "--" {
            operands.extend(args[i..].iter().map(String::as_str));
            break;
        }
        let Some(opt) = a.strip_prefix('-').filter(|o| !o.is_empty()) else {
            operands.push(a);
            continue;
        };
        // As getopt reads them: a long option (`--user=x`), or short ones bundled, the
        // first that takes a value taking the rest of the word or the next one (`-8l prod`).
        let mut opts: Vec<(String, Option<String>)> = Vec::new();
        match opt.strip_prefix('-') {
            Some(long) => match long.split_once('=') {
                Some((n, v)) => opts.push((n.to_string(), Some(v.to_string()))),
                None => opts.push((long.to_string(), None)),
            },
            None => {
                for (k, c) in opt.char_indices() {
                    let rest = &opt[k + c.len_utf8()..];
                    if TELNET_SHORT_VALUES.contains(c) {
                        opts.push((c.to_string(), (!rest.is_empty()).then(|| rest.to_string())));
                        break;
                    }
                    opts.push((c.to_string(), None));
                }
            }
        }
        for (name, inline) in opts {
            let mut value = || {
                inline.clone().or_else(|| {
                    i += 1;
                    args.get(i - 1).cloned()
                })
            };
            match name.as_str() {
                "n" | "trace" => {
                    effects.push(Effect::write(value().unwrap_or_default(), WriteHow::Append))
                }
                "b" | "bind" | "e" | "escape" | "l" | "user" | "k" | "realm" | "X"
                | "disable-auth" => {
                    value();
                }
                "4" | "6" | "8" | "a" | "c" | "d" | "E" | "K" | "L" | "r" | "x" | "ipv4"
                | "ipv6" | "binary" | "login" | "no-rc" | "debug" | "no-escape" | "no-login"
                | "binary-output" | "rlogin" | "encrypt"
                    if inline.is_none() => {}
                other => effects.push(Effect::unknown(format!(
                    "telnet -{other} is not known to be safe"
                ))),
            }
        }
    }
    let peer = match operands.first() {
        Some(h) => End::Peer(host(h)),
        None => {
            effects.push(Effect::unknown(
                "telnet without a host reads its own commands from stdin",
            ));
            End::Peer(None)
        }
    };
    join(&End::Stdio, &peer, true, true, &mut effects);
    said("telnet", &End::Stdio, &peer, effects)
}

// ---------------------------------------------------------------------------------------
// socat

/// socat's options with a value (attached, or the next word).
const SOCAT_VALUES: &[&str] = &["-lf", "-lp", "-r", "-R", "-L", "-W", "-b", "-t", "-T", "-S"];
/// socat's options whose value, if any, is attached (`-d`, `-dd`, `-ly[facility]`).
fn socat_flag(a: &str) -> bool {
    a.len() >= 2 && a[1..].chars().all(|c| c == 'd')
        || a.starts_with("-ly")
        || a.starts_with("-lm")
        || matches!(
            a,
            "-D" | "-ls" | "-lu" | "-lh" | "-v" | "-x" | "-s" | "-u" | "-U" | "-g" | "-4" | "-6"
        )
}

/// socat address options that only choose how to connect or listen.
const SOCAT_SAFE_OPTS: &[&str] = &[
    "fork",
    "reuseaddr",
    "reuseport",
    "bind",
    "range",
    "crlf",
    "cr",
    "crnl",
    "raw",
    "rawer",
    "sane",
    "echo",
    "icanon",
    "ignoreeof",
    "nonblock",
    "keepalive",
    "nodelay",
    "verify",
    "commonname",
    "snihost",
    "connect-timeout",
    "retry",
    "forever",
    "interval",
    "pty",
    "stderr",
    "setsid",
    "sigint",
    "sighup",
    "sigquit",
    "ctty",
    "max-children",
    "backlog",
    "pf",
    "ipv4",
    "ipv6",
    "so-reuseaddr",
    "append",
    "creat",
    "trunc",
    "excl",
    "noatime",
    "rdonly",
    "wronly",
    "rdwr",
    "b9600",
    "b19200",
    "b38400",
    "b57600",
    "b115200",
    "cs8",
    "clocal",
    "end-close",
    "shut-none",
    "shut-down",
    "shut-close",
    "shut-null",
    "null-eof",
    "method",
    "mode",
    "perm",
    "nofork",
    "pipes",
    "sndbuf",
    "rcvbuf",
    "tcp-nodelay",
    "sourceport",
    "lowport",
    "openssl-commonname",
    "cipher",
    "openssl-method",
    "socktype",
];

/// One socat address, its effects beyond joining (privilege, files its options name).
fn socat_address(word: &str, out: &mut Vec<Effect>) -> End {
    // A word holding `!!` is two addresses: the first read, the second written.
    let (head, opts) = match word.split_once(',') {
        Some((h, o)) => (h, o),
        None => (word, ""),
    };
    let (kind, params) = match head.split_once(':') {
        Some((k, p)) => (k.to_ascii_uppercase(), p),
        None => (head.to_ascii_uppercase(), ""),
    };
    let mut bind = None;
    let mut path_opts = Vec::new();
    // Options that open the file for writing, create, truncate or chmod it: a write of
    // it whichever way the data flows (`socat -u OPEN:f,trunc STDOUT` empties f).
    let mut file_write: Option<WriteHow> = None;
    for opt in opts.split(',').filter(|o| !o.is_empty()) {
        let (name, value) = opt.split_once('=').unwrap_or((opt, ""));
        let name = name.to_ascii_lowercase();
        match name.as_str() {
            "bind" => bind = Some(value.split(':').next().unwrap_or(value).to_string()),
            "su" | "su-d" | "substuser" | "substuser-delayed" | "setuid" | "setuid-early"
            | "setgid" | "chroot" | "chroot-early" | "user" | "group" | "owner" => {
                out.push(Effect::Privilege {
                    how: format!("socat {name}={value}"),
                })
            }
            "cert" | "key" | "cafile" | "capath" | "dhparam" | "dhparams" | "egd" => {
                out.push(Effect::read(value.to_string()))
            }
            "link" | "history" | "lockfile" | "waitlock" => {
                out.push(Effect::write(value.to_string(), WriteHow::Replace))
            }
            "unlink-early" | "unlink-late" | "unlink-close" => path_opts.push(name.clone()),
            "trunc" | "o-trunc" => file_write = Some(WriteHow::Replace),
            "append" | "o-append" => {
                file_write.get_or_insert(WriteHow::Append);
            }
            "creat" | "create" | "o-creat" | "wronly" | "o-wronly" | "rdwr" | "o-rdwr" | "perm"
            | "mode" | "perm-late" | "excl" | "o-excl" => {
                file_write.get_or_insert(WriteHow::Edit);
            }
            n if SOCAT_SAFE_OPTS.contains(&n) => {}
            n => out.push(Effect::unknown(format!(
                "socat address option {n} is not known to be safe"
            ))),
        }
    }
    let first = params.split(':').next().unwrap_or("");
    let end = match kind.as_str() {
        "-" | "STDIO" | "STDIN" | "STDOUT" | "STDERR" | "ECHO" => End::Stdio,
        "PIPE" if params.is_empty() => End::Stdio,
        "FD" => End::Stdio,
        k if k.chars().all(|c| c.is_ascii_digit()) && params.is_empty() => End::Stdio,
        "TCP"
        | "TCP4"
        | "TCP6"
        | "TCP-CONNECT"
        | "TCP4-CONNECT"
        | "TCP6-CONNECT"
        | "UDP"
        | "UDP4"
        | "UDP6"
        | "UDP-CONNECT"
        | "UDP4-CONNECT"
        | "UDP6-CONNECT"
        | "UDP-SENDTO"
        | "UDP4-SENDTO"
        | "UDP6-SENDTO"
        | "UDP-DATAGRAM"
        | "UDP4-DATAGRAM"
        | "UDP6-DATAGRAM"
        | "SCTP"
        | "SCTP-CONNECT"
        | "SCTP4-CONNECT"
        | "SCTP6-CONNECT"
        | "OPENSSL"
        | "SSL"
        | "OPENSSL-CONNECT"
        | "OPENSSL-DTLS-CLIENT" => {
            let h = if let Some(v6) = params.strip_prefix('[') {
                v6.split(']').next().unwrap_or("")
            } else {
                first
            };
            End::Peer(host(h))
        }
        // `SOCKS4:PROXY:HOST:PORT`, `PROXY:PROXY:HOST:PORT`: the proxy carries it to the host.
        "SOCKS" | "SOCKS4" | "SOCKS4A" | "PROXY" | "PROXY-CONNECT" => {
            let mut parts = params.split(':');
            let proxy = parts.next().and_then(host);
            out.push(Effect::Net {
                url: None,
                host: proxy,
                sends: vec![Carry::Stdin],
            });
            End::Peer(parts.next().and_then(host))
        }
        "TCP-LISTEN"
        | "TCP-L"
        | "TCP4-LISTEN"
        | "TCP4-L"
        | "TCP6-LISTEN"
        | "TCP6-L"
        | "UDP-LISTEN"
        | "UDP-L"
        | "UDP4-LISTEN"
        | "UDP4-L"
        | "UDP6-LISTEN"
        | "UDP6-L"
        | "UDP-RECV"
        | "UDP-RECVFROM"
        | "UDP4-RECV"
        | "UDP4-RECVFROM"
        | "UDP6-RECV"
        | "UDP6-RECVFROM"
        | "SCTP-LISTEN"
        | "SCTP4-LISTEN"
        | "SCTP6-LISTEN"
        | "OPENSSL-LISTEN"
        | "SSL-L"
        | "OPENSSL-DTLS-SERVER" => End::Listen(bound_to_loopback(bind.as_deref())),
        "UNIX-CONNECT" | "UNIX-CLIENT" | "UNIX" | "LOCAL" | "UNIX-SENDTO" | "ABSTRACT-CONNECT"
        | "ABSTRACT-CLIENT" | "ABSTRACT" | "ABSTRACT-SENDTO" => End::Socket(params.to_string()),
        "UNIX-LISTEN" | "UNIX-L" | "UNIX-RECV" | "UNIX-RECVFROM" => {
            End::ListenSocket(params.to_string())
        }
        // An abstract socket is no file: any local user connects to it, as to a port
        // listening on loopback.
        "ABSTRACT-LISTEN" | "ABSTRACT-RECV" | "ABSTRACT-RECVFROM" => {
            End::Listen(Some("localhost".into()))
        }
        "OPEN" | "FILE" | "CREATE" | "CREAT" | "PIPE" => End::File(params.to_string()),
        "EXEC" | "SYSTEM" => End::Program(params.to_string()),
        // GOPEN, or a bare path: a file, or a socket it connects to.
        "GOPEN" => End::Path(params.to_string()),
        _ if !head.contains(':') && head.contains('/') => End::Path(head.to_string()),
        other => {
            out.push(Effect::unknown(format!(
                "socat address {other} is not known to be safe"
            )));
            // Whatever it is, it may reach another host.
            End::Peer(None)
        }
    };
    if let (Some(how), End::File(p) | End::Path(p)) = (file_write, &end) {
        out.push(Effect::write(p.clone(), how));
    }
    if !path_opts.is_empty() {
        if let End::File(p) | End::Path(p) | End::ListenSocket(p) | End::Socket(p) = &end {
            out.push(Effect::Delete {
                path: p.clone(),
                recursive: false,
            });
        }
    }
    end
}

/// `socat [OPTS] ADDRESS ADDRESS`.
pub(super) fn socat(cmd: &Cmd) -> Said {
    let args = cmd.args();
    if matches!(args, [a] if a == "-V" || a.starts_with("-h") || a == "-?") {
        return Said::read("socat prints its usage or version");
    }
    let mut effects = Vec::new();
    let mut addresses: Vec<&str> = Vec::new();
    let (mut a_to_b, mut b_to_a) = (true, true);
    let mut i = 0;
    while let Some(a) = args.get(i) {
        i += 1;
        if !addresses.is_empty() || !a.starts_with('-') || a == "-" {
            addresses.push(a);
            continue;
        }
        if let Some(opt) = SOCAT_VALUES.iter().find(|o| a.starts_with(**o)) {
            let v = if a.len() > opt.len() {
                a[opt.len()..].to_string()
            } else {
                i += 1;
                args.get(i - 1).cloned().unwrap_or_default()
            };
            if matches!(*opt, "-lf" | "-r" | "-R" | "-L" | "-W") {
                effects.push(Effect::write(v, WriteHow::Replace));
            }
        } else if socat_flag(a) {
            match a.as_str() {
                "-u" => b_to_a = false,
                "-U" => a_to_b = false,
                _ => {}
            }
        } else {
            effects.push(Effect::unknown(format!(
                "socat {a} is not known to be safe"
            )));
        }
    }
    if cmd.has_expansion() {
        effects.push(Effect::unknown(
            "socat is given a word computed at run time",
        ));
    }
    let [first, second] = addresses.as_slice() else {
        effects.push(Effect::unknown("socat takes two addresses"));
        let mut s = Said::read("socat without two addresses");
        s.effects = effects;
        return s;
    };
    // `A!!B`: reads from A, writes to B.
    let end = |w: &str, effects: &mut Vec<Effect>| match w.split_once("!!") {
        Some((r, _)) => {
            effects.push(Effect::unknown(format!(
                "socat {w} is a dual address, not modelled"
            )));
            socat_address(r, effects)
        }
        None => socat_address(w, effects),
    };
    let a = end(first, &mut effects);
    let b = end(second, &mut effects);
    join(&a, &b, a_to_b, b_to_a, &mut effects);
    said("socat", &a, &b, effects)
}

// ---------------------------------------------------------------------------------------
// logger

/// util-linux 2.38.1's logger (`logger --help` on this machine): a message (its operands,
/// else the lines of `-f FILE`, else stdin) entered into the system log, or written to a
/// Unix socket (`-u SOCKET`), or sent to a remote syslog server (`-n HOST`, `-P PORT`).
/// `--journald[=FILE]` reads the entry from FILE.
pub(super) fn logger(cmd: &Cmd) -> Said {
    const VALUES: &[&str] = &[
        "-f",
        "--file",
        "-p",
        "--priority",
        "-S",
        "--size",
        "-t",
        "--tag",
        "-n",
        "--server",
        "-P",
        "--port",
        "-u",
        "--socket",
        "--sd-id",
        "--sd-param",
        "--msgid",
    ];
    const FLAGS: &[&str] = &[
        "-i",
        "-e",
        "--skip-empty",
        "--no-act",
        "--octet-count",
        "--prio-prefix",
        "-s",
        "--stderr",
        "-T",
        "--tcp",
        "-d",
        "--udp",
        "--rfc3164",
        "-h",
        "--help",
        "-V",
        "--version",
    ];
    // Long options whose value is optional, given only as `--name=value`.
    const OPTIONAL: &[&str] = &["--id", "--rfc5424", "--socket-errors", "--journald"];
    let mut effects = Vec::new();
    let mut server = None;
    let mut socket = None;
    let mut files = Vec::new();
    let mut message = Vec::new();
    let mut args = cmd.args().iter();
    let mut ended = false;
    while let Some(a) = args.next() {
        if ended || !a.starts_with('-') || a == "-" {
            message.push(a.clone());
            continue;
        }
        if a == "--" {
            ended = true;
            continue;
        }
        let (name, inline) = match a.split_once('=') {
            Some((n, v)) if n.starts_with("--") => (n, Some(v.to_string())),
            _ => (a.as_str(), None),
        };
        let (name, inline) = match (name.len(), name.starts_with("--")) {
            // `-fFILE`, `-nHOST`
            (n, false) if n > 2 => (&name[..2], Some(name[2..].to_string())),
            _ => (name, inline),
        };
        if VALUES.contains(&name) {
            let v = inline.or_else(|| args.next().cloned()).unwrap_or_default();
            match name {
                "-f" | "--file" => files.push(v),
                "-n" | "--server" => server = Some(v),
                "-u" | "--socket" => socket = Some(v),
                _ => {}
            }
        } else if OPTIONAL.contains(&name) {
            if let (Some(v), "--journald") = (inline, name) {
                files.push(v);
            }
        } else if !(FLAGS.contains(&name) && inline.is_none()) {
            effects.push(Effect::unknown(format!(
                "logger {a} is not known to be safe"
            )));
        }
    }
    let sends: Vec<Carry> = if !message.is_empty() {
        vec![Carry::Literal {
            text: message.join(" "),
        }]
    } else if !files.is_empty() {
        files
            .iter()
            .map(|f| Carry::File { path: f.clone() })
            .collect()
    } else {
        vec![Carry::Stdin]
    };
    for f in &files {
        effects.push(Effect::read(f.clone()));
    }
    let reason = match (&server, &socket) {
        (Some(h), _) => {
            effects.push(Effect::Net {
                url: None,
                host: host(h),
                sends,
            });
            format!("logger sends its message to the syslog server {h}")
        }
        (None, Some(p)) => {
            effects.push(Effect::Remote {
                service: "socket".into(),
                action: "sends its message to the service listening at".into(),
                target: Some(p.clone()),
                change: Change::Modify,
            });
            format!("logger sends its message to the local socket {p}")
        }
        (None, None) => {
            effects.push(Effect::Remote {
                service: "syslog".into(),
                action: "enters a message into".into(),
                target: Some("the system log".into()),
                change: Change::Create,
            });
            "logger enters a message into the system log".to_string()
        }
    };
    let mut s = Said::read(reason);
    s.category = "network";
    s.effects = effects;
    s
}
