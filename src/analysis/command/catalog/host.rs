//! What a program does to the host itself, beyond the files, services and network exchanges
//! the other families describe: one table ([`ROWS`]), a row per program, each with the act
//! its changing forms do (`HostAct`: the host's security controls, accounts or power
//! changed; another process, the person's screen, clipboard or terminal observed; another
//! session typed into), the words that name it in the person's messages, and its grammar —
//! which forms only print the host's state (`iptables -L`, `getenforce`, `firewall-cmd
//! --list-all`, `gsettings get`, `tmux ls`), which act, which print a secret (`nmcli -s …
//! connection show`, `wg show IFACE private-key`), and which are outside it (unknown, as
//! before). An act is `Effect::Host`: asked about in guard mode (`command::policy`), and in
//! auto mode a need only the person's words naming the program or its subject ground
//! (`review::soft`).
//!
//! Debuggers opened to the network by an interpreter's or a debugger's own option (`node
//! --inspect=0.0.0.0:9229`, `python -m debugpy --listen 0.0.0.0:5678`, `dlv --listen=:2345`,
//! `java -agentlib:jdwp=…,address=*:5005`, `gdbserver :2345`) are found over the whole
//! command ([`debugger_exposures`]), since those programs' grammars live elsewhere.
//!
//! Option facts: iptables(8) and iptables-save(8) (iptables 1.8), nft(8) (nftables 1.0),
//! firewall-cmd(1) (firewalld 1.x), ufw(8), setenforce(8)/getenforce(8), spctl(8) (macOS),
//! update-ca-certificates(8), usermod(8)/useradd(8)/gpasswd(1)/passwd(1)/chage(1) (shadow
//! 4.13, `--help` on this machine), auditctl(8), gsettings(1) (GLib 2.x), journalctl(1),
//! init(8)/telinit(8), swapon(8)/swapoff(8), pmset(1), tmux(1) (tmux 3.3, `tmux
//! list-commands` on this machine; commands may be abbreviated), screen(1) (`-X CMD`),
//! strace(1)/ltrace(1) (`-p PID`), tcpdump(8) (`-D`, `-r FILE`), tshark(1), nmcli(1)
//! (`-s`/`--show-secrets`, `-g`/`--get-values`, `device wifi show-password`), wg(8) (`show
//! IFACE private-key|preshared-keys|dump`, `showconf`), xclip(1) (`-o`), xsel(1) (`-o`;
//! with no option and no input it prints the selection), wl-paste(1), pbpaste(1), grim(1),
//! scrot(1), import(1) (ImageMagick), screencapture(1), Node's `--inspect[=[host:]port]`
//! (default 127.0.0.1:9229), debugpy's `--listen [host:]port` (default host 127.0.0.1),
//! Delve's `--listen` (`:PORT` is every interface), JDWP's `address=[host:]port` (JDK 9+:
//! a port alone is loopback, `*` every interface), gdbserver's `[host]:port`.

use super::table::{asks_help, has_flag, option_value, positionals, Said};
use crate::analysis::command::core::{Class, Cmd, Finding, Verdict};
use crate::analysis::effects::{Effect, HostAct};
use crate::analysis::shell::Analysis;

/// What one command line of a row's program does.
enum Form {
    /// Only prints the host's state, help or a version.
    Reads(String),
    /// Does the row's act, on this target (as written) if any.
    Acts(Option<String>),
    /// Does another act than the row's (`tmux send-keys` types into a session, where
    /// `tmux capture-pane` observes one).
    ActsAs(HostAct, Option<String>),
    /// Prints a secret (what) where the agent reads it.
    Secret(String),
    /// Outside the grammar.
    Unknown(String),
}

/// One program: its names, the act its changing forms do, the words that name it, its
/// grammar.
struct Row {
    names: &'static [&'static str],
    act: HostAct,
    named_by: &'static [&'static str],
    form: fn(&str, &[String]) -> Form,
}

/// The table: every program this family knows.
const ROWS: &[Row] = &[
    // -- the host's security controls --
    Row {
        names: &["setenforce"],
        act: HostAct::Security,
        named_by: &["setenforce", "selinux", "enforcing", "permissive"],
        form: acts_unless_help,
    },
    Row {
        names: &["getenforce", "sestatus", "aa-status", "apparmor_status"],
        act: HostAct::Security,
        named_by: &[],
        form: prints_state,
    },
    Row {
        names: &[
            "iptables",
            "ip6tables",
            "iptables-legacy",
            "ip6tables-legacy",
            "iptables-nft",
            "ip6tables-nft",
            "arptables",
            "ebtables",
        ],
        act: HostAct::Security,
        named_by: &["iptables", "ip6tables", "firewall", "netfilter"],
        form: iptables,
    },
    Row {
        names: &["iptables-save", "ip6tables-save"],
        act: HostAct::Security,
        named_by: &[],
        form: iptables_save,
    },
    Row {
        names: &["iptables-restore", "ip6tables-restore"],
        act: HostAct::Security,
        named_by: &["iptables", "firewall", "netfilter"],
        form: acts_unless_help,
    },
    Row {
        names: &["nft"],
        act: HostAct::Security,
        named_by: &["nft", "nftables", "firewall"],
        form: nft,
    },
    Row {
        names: &["firewall-cmd", "firewall-offline-cmd"],
        act: HostAct::Security,
        named_by: &["firewall-cmd", "firewalld", "firewall"],
        form: firewall_cmd,
    },
    Row {
        names: &["ufw"],
        act: HostAct::Security,
        named_by: &["ufw", "firewall"],
        form: ufw,
    },
    Row {
        names: &["spctl"],
        act: HostAct::Security,
        named_by: &["spctl", "gatekeeper"],
        form: spctl,
    },
    Row {
        names: &["csrutil"],
        act: HostAct::Security,
        named_by: &["csrutil", "system integrity protection"],
        form: csrutil,
    },
    Row {
        names: &[
            "update-ca-certificates",
            "update-ca-trust",
            "aa-disable",
            "aa-complain",
            "aa-teardown",
        ],
        act: HostAct::Security,
        named_by: &[
            "update-ca-certificates",
            "update-ca-trust",
            "ca-certificates",
            "trust store",
            "apparmor",
        ],
        form: acts_unless_help,
    },
    Row {
        names: &["auditctl"],
        act: HostAct::Security,
        named_by: &["auditctl", "audit rules", "auditd"],
        form: auditctl,
    },
    Row {
        names: &["gsettings"],
        act: HostAct::Security,
        named_by: &["gsettings", "dconf"],
        form: gsettings,
    },
    Row {
        names: &["modprobe", "insmod", "rmmod"],
        act: HostAct::Security,
        named_by: &["modprobe", "insmod", "rmmod", "kernel module"],
        form: modprobe,
    },
    Row {
        names: &["nmcli"],
        act: HostAct::Security,
        named_by: &["nmcli", "networkmanager"],
        form: nmcli,
    },
    Row {
        names: &["wg"],
        act: HostAct::Security,
        named_by: &["wireguard", "wg"],
        form: wg,
    },
    // -- accounts --
    Row {
        names: &[
            "usermod",
            "useradd",
            "adduser",
            "userdel",
            "deluser",
            "groupadd",
            "groupdel",
            "groupmod",
            "addgroup",
            "delgroup",
            "gpasswd",
            "chpasswd",
            "chgpasswd",
            "newusers",
            "chsh",
            "chfn",
            "vipw",
            "vigr",
            "sysadminctl",
        ],
        act: HostAct::Accounts,
        named_by: &[
            "usermod",
            "useradd",
            "adduser",
            "userdel",
            "deluser",
            "groupadd",
            "groupdel",
            "gpasswd",
            "chpasswd",
            "user account",
            "sudoers",
        ],
        form: acts_unless_help,
    },
    Row {
        names: &["passwd"],
        act: HostAct::Accounts,
        named_by: &["passwd", "password"],
        form: passwd,
    },
    Row {
        names: &["chage"],
        act: HostAct::Accounts,
        named_by: &["chage", "password expiry"],
        form: chage,
    },
    // -- power and memory --
    Row {
        names: &["init", "telinit"],
        act: HostAct::Power,
        named_by: &[
            "runlevel",
            "init",
            "telinit",
            "shut down",
            "shutdown",
            "reboot",
        ],
        form: init,
    },
    Row {
        names: &["swapoff", "swapon"],
        act: HostAct::Power,
        named_by: &["swap", "swapoff", "swapon"],
        form: swap,
    },
    Row {
        names: &["pmset"],
        act: HostAct::Power,
        named_by: &["pmset", "power settings", "sleep"],
        form: pmset,
    },
    // -- observing what is not the agent's --
    Row {
        names: &[
            "pbpaste",
            "wl-paste",
            "termux-clipboard-get",
            "xclip",
            "xsel",
        ],
        act: HostAct::Observe,
        named_by: &[
            "clipboard",
            "pbpaste",
            "wl-paste",
            "xclip",
            "xsel",
            "paste buffer",
        ],
        form: clipboard,
    },
    Row {
        names: &[
            "grim",
            "scrot",
            "screencapture",
            "gnome-screenshot",
            "spectacle",
            "xwd",
            "maim",
        ],
        act: HostAct::Observe,
        named_by: &[
            "screenshot",
            "screen capture",
            "screengrab",
            "capture the screen",
        ],
        form: acts_unless_help,
    },
    Row {
        names: &["import"],
        act: HostAct::Observe,
        named_by: &[
            "screenshot",
            "screen capture",
            "screengrab",
            "capture the screen",
        ],
        form: magick_import,
    },
    Row {
        names: &["tmux"],
        act: HostAct::Observe,
        named_by: &["tmux", "scrollback"],
        form: tmux,
    },
    Row {
        names: &["screen"],
        act: HostAct::Observe,
        named_by: &["gnu screen", "screen session", "hardcopy"],
        form: screen,
    },
    Row {
        names: &["strace", "ltrace"],
        act: HostAct::Observe,
        named_by: &["strace", "ltrace", "trace the process", "attach to"],
        form: tracer,
    },
    Row {
        names: &["perf"],
        act: HostAct::Observe,
        named_by: &["perf", "profile", "profiler", "profiling"],
        form: perf,
    },
    Row {
        names: &["bpftrace", "dtrace", "dtruss", "opensnoop", "execsnoop"],
        act: HostAct::Observe,
        named_by: &[
            "bpftrace",
            "ebpf",
            "bpf",
            "dtrace",
            "dtruss",
            "kernel tracing",
        ],
        form: kernel_tracer,
    },
    Row {
        names: &["tcpdump", "tshark", "dumpcap", "ngrep", "termshark"],
        act: HostAct::Observe,
        named_by: &[
            "tcpdump",
            "tshark",
            "wireshark",
            "ngrep",
            "packet capture",
            "sniff",
        ],
        form: capture,
    },
    Row {
        names: &["xdotool", "ydotool"],
        act: HostAct::Inject,
        named_by: &["xdotool", "ydotool"],
        form: xdotool,
    },
];

/// The row of a program, by its name.
fn row(prog: &str) -> Option<&'static Row> {
    ROWS.iter().find(|r| r.names.contains(&prog))
}

/// Does this family know the program?
pub(super) fn knows(prog: &str) -> bool {
    row(prog).is_some()
}

/// What the row of the program says about the command.
pub(super) fn host(cmd: &Cmd) -> Said {
    let prog = cmd.program().rsplit('/').next().unwrap_or("");
    let Some(r) = row(prog) else {
        return Said::unknown(format!("{prog} is not in the host catalogue"));
    };
    let act = |act: HostAct, target: Option<String>| {
        let e = Effect::Host {
            act,
            program: prog.to_string(),
            target,
            named_by: r.named_by,
        };
        let reason = e.phrase();
        let mut s = Said::read(reason).and(e);
        s.category = act.category();
        s
    };
    match (r.form)(prog, cmd.args()) {
        Form::Reads(why) => Said::read(why),
        Form::Acts(t) => act(r.act, t),
        Form::ActsAs(a, t) => act(a, t),
        Form::Secret(what) => Said::secret(what.clone(), format!("{prog} prints {what}")),
        Form::Unknown(why) => Said::unknown(why),
    }
}

/// Help or a version (`--help`, a lone `-h`, `--version`, `-V`, `-v`).
fn help(args: &[String]) -> bool {
    asks_help(args) || (args.len() == 1 && matches!(args[0].as_str(), "-V" | "-v"))
}

/// Every use but help or a version acts.
fn acts_unless_help(prog: &str, args: &[String]) -> Form {
    if help(args) {
        return Form::Reads(format!("{prog} prints help or its version"));
    }
    let pos = positionals(args, &[]);
    Form::Acts((!pos.is_empty()).then(|| pos.join(" ")))
}

/// Only prints the host's state (given no option it does not know, none of which act).
fn prints_state(prog: &str, args: &[String]) -> Form {
    if args.iter().all(|a| {
        matches!(
            a.as_str(),
            "-v" | "-b" | "--verbose" | "--help" | "-h" | "--version" | "--json" | "--pretty"
        )
    }) {
        Form::Reads(format!("{prog} prints the host's security state"))
    } else {
        Form::Unknown(format!(
            "{prog} is given an option outside its reading ones"
        ))
    }
}

/// ImageMagick's `import` (import(1)) grabs a window or the whole screen into an image
/// file: given one of its options (`-window`, `-screen`, `-frame`, …) or an image file to
/// write, it captures. The same word begins a line of Python or JavaScript (`import json`),
/// which the edit and code scans read as command lines: without that shape it is not
/// modelled, as before.
fn magick_import(prog: &str, args: &[String]) -> Form {
    const OPTIONS: &[&str] = &[
        "-window",
        "-screen",
        "-frame",
        "-silent",
        "-descend",
        "-snaps",
        "-pause",
        "-border",
        "-delay",
        "-display",
        "-crop",
        "-resize",
        "-quality",
        "-geometry",
        "-density",
    ];
    const IMAGES: &[&str] = &[
        ".png", ".jpg", ".jpeg", ".gif", ".bmp", ".tif", ".tiff", ".xwd", ".pdf", ".ps", ".webp",
        ".miff", ".ppm", ".pnm",
    ];
    if help(args) {
        return Form::Reads(format!("{prog} prints help or its version"));
    }
    let option = args.iter().any(|a| OPTIONS.contains(&a.as_str()));
    let image = args.iter().any(|a| {
        !a.starts_with('-') && {
            let l = a.to_ascii_lowercase();
            IMAGES.iter().any(|e| l.ends_with(e))
        }
    });
    if option || image {
        let pos = positionals(args, &[]);
        return Form::Acts(pos.last().map(|p| p.to_string()));
    }
    Form::Unknown(format!(
        "{prog} without a screen-capture option or image file is not modelled"
    ))
}

/// `iptables [-t TABLE] COMMAND …`: `-L`/`--list` and `-S`/`--list-rules` print, with
/// `-n`, `-v`, `-x`, `--line-numbers`, `-t TABLE`, `-w [SECS]`, `-4`, `-6` and a chain
/// name; every other command (`-A`, `-I`, `-D`, `-R`, `-F`, `-Z`, `-N`, `-X`, `-P`, `-E`)
/// changes the rules, and any other option (`--modprobe=CMD` runs a program) is outside
/// the reading grammar.
fn iptables(prog: &str, args: &[String]) -> Form {
    if help(args) {
        return Form::Reads(format!("{prog} prints help or its version"));
    }
    let mut lists = false;
    let mut reads_only = true;
    let mut it = args.iter().peekable();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--list" | "--list-rules" => lists = true,
            "--numeric" | "--verbose" | "--exact" | "--line-numbers" | "-4" | "-6" | "--ipv4"
            | "--ipv6" => {}
            "-t" | "--table" => {
                it.next();
            }
            "-w" | "--wait" => {
                if it
                    .peek()
                    .is_some_and(|v| v.chars().all(|c| c.is_ascii_digit()))
                {
                    it.next();
                }
            }
            s if s.starts_with("--table=") || s.starts_with("--wait=") => {}
            s if s.starts_with('-') && !s.starts_with("--") && s.len() > 1 => {
                for c in s[1..].chars() {
                    match c {
                        'L' | 'S' => lists = true,
                        'n' | 'v' | 'x' => {}
                        _ => reads_only = false,
                    }
                }
            }
            s if !s.starts_with('-') => {}
            _ => reads_only = false,
        }
    }
    if lists && reads_only {
        return Form::Reads(format!("{prog} lists the firewall rules"));
    }
    Form::Acts(Some(args.join(" ")))
}

/// `iptables-save` prints the rules (`-f FILE` writes them: outside the grammar).
fn iptables_save(prog: &str, args: &[String]) -> Form {
    if has_flag(args, "-f") || has_flag(args, "--file") {
        return Form::Unknown(format!("{prog} -f writes a file"));
    }
    Form::Reads(format!("{prog} prints the firewall rules"))
}

/// `nft [-a -n -s -j -c -t -y -e] list …` prints; `-f FILE`, `-i` and every other command
/// (`flush`, `add`, `insert`, `delete`, `replace`, `create`, `destroy`, `reset`, `rename`)
/// change the ruleset.
fn nft(prog: &str, args: &[String]) -> Form {
    if help(args) {
        return Form::Reads(format!("{prog} prints help or its version"));
    }
    let pos = positionals(
        args,
        &["-I", "--includepath", "-f", "--file", "-D", "--define"],
    );
    if pos.first() == Some(&"list")
        && args.iter().all(|a| {
            !a.starts_with('-')
                || matches!(
                    a.as_str(),
                    "-a" | "--handle"
                        | "-n"
                        | "--numeric"
                        | "-s"
                        | "--stateless"
                        | "-j"
                        | "--json"
                        | "-t"
                        | "--terse"
                        | "-y"
                        | "--numeric-priority"
                        | "-N"
                        | "-S"
                        | "--service"
                        | "-u"
                        | "--guid"
                        | "-T"
                        | "--numeric-time"
                )
        })
    {
        return Form::Reads(format!("{prog} lists the ruleset"));
    }
    Form::Acts(Some(args.join(" ")))
}

/// `firewall-cmd`: `--state`, `--list-*`, `--get-*`, `--query-*`, `--info-*` (with
/// `--zone`, `--permanent`, `--policy`) print; every other option changes the firewall.
fn firewall_cmd(prog: &str, args: &[String]) -> Form {
    if help(args) {
        return Form::Reads(format!("{prog} prints help or its version"));
    }
    let reads = |a: &str| {
        a == "--state"
            || a.starts_with("--list-")
            || a.starts_with("--get-")
            || a.starts_with("--query-")
            || a.starts_with("--info-")
            || a == "--permanent"
            || a.starts_with("--zone=")
            || a.starts_with("--policy=")
            || a == "-q"
            || a == "--quiet"
    };
    if !args.is_empty() && args.iter().all(|a| reads(a)) {
        return Form::Reads(format!("{prog} prints the firewall's configuration"));
    }
    Form::Acts(Some(args.join(" ")))
}

/// `ufw status [verbose|numbered]`, `ufw show …`, `ufw app list|info`, `ufw version`
/// print; every other command (`enable`, `disable`, `allow`, `deny`, `reset`, …) changes
/// the firewall.
fn ufw(prog: &str, args: &[String]) -> Form {
    if help(args) {
        return Form::Reads(format!("{prog} prints help or its version"));
    }
    let pos = positionals(args, &[]);
    if pos.len() != args.len() {
        return Form::Acts(Some(args.join(" ")));
    }
    match pos.as_slice() {
        ["status"]
        | ["status", "verbose" | "numbered"]
        | ["version"]
        | ["show", ..]
        | ["app", "list" | "info", ..] => {
            Form::Reads(format!("{prog} prints the firewall's state"))
        }
        _ => Form::Acts(Some(args.join(" "))),
    }
}

/// `spctl --status`, `--assess`/`-a` (with `-v`, `-t TYPE`), `--list` print; `--master-*`,
/// `--global-*`, `--add`, `--remove`, `--enable`, `--disable` change Gatekeeper.
fn spctl(prog: &str, args: &[String]) -> Form {
    if help(args) {
        return Form::Reads(format!("{prog} prints help"));
    }
    let acts = args.iter().any(|a| {
        a.starts_with("--master-")
            || a.starts_with("--global-")
            || matches!(
                a.as_str(),
                "--add" | "--remove" | "--enable" | "--disable" | "--reset-default"
            )
    });
    if !acts
        && args
            .iter()
            .any(|a| matches!(a.as_str(), "--status" | "--assess" | "-a" | "--list"))
    {
        return Form::Reads(format!("{prog} prints Gatekeeper's assessment"));
    }
    if acts {
        return Form::Acts(Some(args.join(" ")));
    }
    Form::Unknown(format!("{prog} is given options outside its grammar"))
}

/// `csrutil status` prints; `disable`, `enable`, `clear`, `netboot`, `authenticated-root`
/// change System Integrity Protection.
fn csrutil(prog: &str, args: &[String]) -> Form {
    match positionals(args, &[]).first() {
        Some(&"status") => {
            Form::Reads(format!("{prog} prints System Integrity Protection's state"))
        }
        _ if help(args) => Form::Reads(format!("{prog} prints help")),
        _ => Form::Acts(Some(args.join(" "))),
    }
}

/// `auditctl -l` (rules) and `-s` (status) print; every other option (`-D`, `-e 0`, `-a`,
/// `-w`, `-W`, `-R`, `-b`, `-f`, `-r`) changes the audit rules.
fn auditctl(prog: &str, args: &[String]) -> Form {
    if help(args) {
        return Form::Reads(format!("{prog} prints help or its version"));
    }
    if !args.is_empty()
        && args
            .iter()
            .all(|a| matches!(a.as_str(), "-l" | "-s" | "-v"))
    {
        return Form::Reads(format!("{prog} prints the audit rules or status"));
    }
    Form::Acts(Some(args.join(" ")))
}

/// `gsettings get|list-schemas|list-relocatable-schemas|list-keys|list-children|
/// list-recursively|range|describe|writable|help` print; `set`, `reset`,
/// `reset-recursively` change the person's settings (the screen lock among them);
/// `monitor` prints changes as they come; `--schemadir DIR` loads schemas from DIR.
fn gsettings(prog: &str, args: &[String]) -> Form {
    let pos = positionals(args, &["--schemadir"]);
    if option_value(args, &["--schemadir"]).is_some() {
        return Form::Unknown(format!("{prog} --schemadir loads schemas from a directory"));
    }
    match pos.first().copied() {
        Some(
            "get"
            | "list-schemas"
            | "list-relocatable-schemas"
            | "list-keys"
            | "list-children"
            | "list-recursively"
            | "range"
            | "describe"
            | "writable"
            | "help"
            | "monitor",
        ) => Form::Reads(format!("{prog} prints settings")),
        None if help(args) => Form::Reads(format!("{prog} prints help or its version")),
        Some("set" | "reset" | "reset-recursively") => Form::Acts(Some(pos[1..].join(" "))),
        _ => Form::Unknown(format!("{prog} {} is not modelled", pos.join(" "))),
    }
}

/// `modprobe -n`/`--dry-run`/`--show-depends`/`-c` print; other uses load or remove a
/// kernel module (`insmod`, `rmmod` always).
fn modprobe(prog: &str, args: &[String]) -> Form {
    if help(args) {
        return Form::Reads(format!("{prog} prints help or its version"));
    }
    let read_flag = |a: &str| {
        matches!(
            a,
            "-n" | "--dry-run" | "--show-depends" | "-D" | "-c" | "--showconfig"
        )
    };
    if prog == "modprobe"
        && args.iter().any(|a| read_flag(a))
        && args.iter().all(|a| {
            read_flag(a)
                || !a.starts_with('-')
                || matches!(
                    a.as_str(),
                    "-v" | "--verbose" | "-q" | "--quiet" | "-a" | "--all" | "-r" | "--remove"
                )
        })
    {
        return Form::Reads(format!("{prog} prints what it would load"));
    }
    Form::Acts(Some(positionals(args, &[]).join(" ")))
}

/// nmcli's objects and commands may be abbreviated to any prefix (`c s` is `connection
/// show`): does `w` abbreviate `full`?
fn abbrev(w: &str, full: &str) -> bool {
    !w.is_empty() && full.starts_with(w)
}

/// `nmcli [OPTIONS] OBJECT COMMAND`: `-s`/`--show-secrets` (global, or after `connection
/// show`) makes a connection's shown settings hold its passwords and keys, `-g`/`-f` of a
/// secret field asks for one, `device wifi show-password` prints the Wi-Fi password: a
/// secret printed. `general`, `networking connectivity`, `radio` without a setting,
/// `connection show`, `device status|show|wifi list`, `monitor` print; `connection
/// up|down|add|modify|delete|…`, `device connect|disconnect|set|wifi connect|hotspot`,
/// `networking on|off`, `radio … on|off`, `general hostname NAME` change the network
/// configuration.
fn nmcli(prog: &str, args: &[String]) -> Form {
    const VALUE: &[&str] = &[
        "-m",
        "--mode",
        "-c",
        "--colors",
        "-f",
        "--fields",
        "-g",
        "--get-values",
        "-e",
        "--escape",
        "-w",
        "--wait",
    ];
    if help(args) {
        return Form::Reads(format!("{prog} prints help or its version"));
    }
    let fields = option_value(args, &["-f", "--fields", "-g", "--get-values"]).unwrap_or("");
    let lower = fields.to_ascii_lowercase();
    let secret_field = ["psk", "password", "secret", "key", "wep-key", "pin"]
        .iter()
        .any(|w| lower.contains(w));
    let shows_secrets = has_flag(args, "-s") || has_flag(args, "--show-secrets");
    let pos = positionals(args, VALUE);
    let (obj, cmd) = (
        pos.first().copied().unwrap_or(""),
        pos.get(1).copied().unwrap_or(""),
    );
    if abbrev(obj, "device")
        && abbrev(cmd, "wifi")
        && pos.get(2).is_some_and(|w| abbrev(w, "show-password"))
    {
        return Form::Secret("the Wi-Fi password".into());
    }
    if abbrev(obj, "connection") && (cmd.is_empty() || abbrev(cmd, "show")) {
        if shows_secrets || secret_field {
            return Form::Secret("a network connection's passwords and keys".into());
        }
        return Form::Reads(format!("{prog} shows network connections"));
    }
    if shows_secrets {
        return Form::Unknown(format!(
            "{prog} --show-secrets with a command outside its grammar"
        ));
    }
    let reads = obj.is_empty()
        || (abbrev(obj, "general")
            && (cmd.is_empty()
                || ["status", "permissions"].iter().any(|c| abbrev(cmd, c))
                || (abbrev(cmd, "hostname") && pos.len() == 2)
                || (abbrev(cmd, "logging") && pos.len() == 2)))
        || (abbrev(obj, "networking") && (cmd.is_empty() || abbrev(cmd, "connectivity")))
        || (abbrev(obj, "radio") && pos.len() <= 2)
        || (abbrev(obj, "device")
            && (cmd.is_empty()
                || ["status", "show"].iter().any(|c| abbrev(cmd, c))
                || (abbrev(cmd, "wifi") && pos.get(2).is_none_or(|w| abbrev(w, "list")))))
        || abbrev(obj, "monitor");
    if reads {
        return Form::Reads(format!("{prog} shows the network's state"));
    }
    if ["general", "networking", "radio", "connection", "device"]
        .iter()
        .any(|o| abbrev(obj, o))
    {
        return Form::Acts(Some(pos.join(" ")));
    }
    Form::Unknown(format!("{prog} {obj} is not modelled"))
}

/// `wg show [IFACE|all|interfaces] [FIELD]`: `private-key`, `preshared-keys` and `dump`
/// print keys; `showconf IFACE` prints the configuration with its private key; other
/// fields print public state. `set`, `setconf`, `addconf`, `syncconf` change an interface;
/// `genkey`, `genpsk`, `pubkey` are outside the grammar.
fn wg(prog: &str, args: &[String]) -> Form {
    if help(args) {
        return Form::Reads(format!("{prog} prints help or its version"));
    }
    let pos = positionals(args, &[]);
    match pos.first().copied() {
        None | Some("show") => {
            if pos
                .iter()
                .skip(1)
                .any(|w| matches!(*w, "private-key" | "preshared-keys" | "dump"))
            {
                Form::Secret("a WireGuard interface's private or preshared keys".into())
            } else {
                Form::Reads(format!("{prog} shows WireGuard interfaces (keys hidden)"))
            }
        }
        Some("showconf") => {
            Form::Secret("a WireGuard interface's configuration with its private key".into())
        }
        Some("set" | "setconf" | "addconf" | "syncconf") => Form::Acts(Some(pos.join(" "))),
        Some(other) => Form::Unknown(format!("{prog} {other} is not modelled")),
    }
}

/// `passwd -S`/`--status` (with `-a`/`--all`) prints an account's status; every other use
/// changes a password or an account's state (`-d` deletes the password, `-l`/`-u` lock).
fn passwd(prog: &str, args: &[String]) -> Form {
    if help(args) {
        return Form::Reads(format!("{prog} prints help"));
    }
    if args.iter().any(|a| matches!(a.as_str(), "-S" | "--status"))
        && args.iter().all(|a| {
            !a.starts_with('-') || matches!(a.as_str(), "-S" | "--status" | "-a" | "--all")
        })
    {
        return Form::Reads(format!("{prog} prints an account's password status"));
    }
    let pos = positionals(args, &[]);
    Form::Acts(Some(if pos.is_empty() {
        "the current user".to_string()
    } else {
        pos.join(" ")
    }))
}

/// `chage -l USER` prints the account's aging; every other option changes it.
fn chage(prog: &str, args: &[String]) -> Form {
    if help(args) {
        return Form::Reads(format!("{prog} prints help"));
    }
    if args.iter().any(|a| a == "-l" || a == "--list")
        && args
            .iter()
            .all(|a| !a.starts_with('-') || a == "-l" || a == "--list")
    {
        return Form::Reads(format!("{prog} prints an account's password aging"));
    }
    Form::Acts(Some(positionals(args, &[]).join(" ")))
}

/// `init N`/`telinit N` switch the runlevel (`0` powers off, `6` reboots); `init` with no
/// argument or `--version` prints nothing that changes.
fn init(prog: &str, args: &[String]) -> Form {
    if args.is_empty() || help(args) {
        return Form::Unknown(format!("{prog} without a runlevel is not modelled"));
    }
    Form::Acts(Some(args.join(" ")))
}

/// `swapon --show`/`-s`/`--summary` print; other uses turn swap on or off.
fn swap(prog: &str, args: &[String]) -> Form {
    if help(args) {
        return Form::Reads(format!("{prog} prints help or its version"));
    }
    if prog == "swapon"
        && !args.is_empty()
        && args.iter().all(|a| {
            matches!(
                a.as_str(),
                "--show" | "-s" | "--summary" | "--noheadings" | "--bytes" | "--raw"
            ) || a.starts_with("--show=")
        })
    {
        return Form::Reads(format!("{prog} prints the swap areas"));
    }
    Form::Acts(Some(args.join(" ")))
}

/// `pmset -g [WHAT]` prints; every other use changes power settings or sleeps the machine.
fn pmset(prog: &str, args: &[String]) -> Form {
    if args.first().is_some_and(|a| a == "-g") {
        return Form::Reads(format!("{prog} prints power settings"));
    }
    Form::Acts(Some(args.join(" ")))
}

/// What a clipboard tool prints or is given: `pbpaste`, `wl-paste`, `termux-clipboard-get`
/// always print the clipboard; `xclip -o`/`-out` and `xsel -o`/`--output` (and `xsel` given
/// nothing on its input and no option) print a selection. `xclip`/`xsel` that set it from
/// their input are outside the grammar.
fn clipboard(prog: &str, args: &[String]) -> Form {
    if help(args) {
        return Form::Reads(format!("{prog} prints help or its version"));
    }
    let prints = match prog {
        "xclip" => args
            .iter()
            .any(|a| a == "-o" || (a.starts_with("-o") && "-out".starts_with(a.as_str()))),
        "xsel" => {
            has_flag(args, "-o")
                || has_flag(args, "--output")
                || args.iter().all(|a| {
                    matches!(
                        a.as_str(),
                        "-b" | "--clipboard" | "-p" | "--primary" | "-s" | "--secondary"
                    ) || (a.starts_with('-')
                        && !a.starts_with("--")
                        && a[1..].chars().all(|c| matches!(c, 'b' | 'p' | 's')))
                })
        }
        _ => true,
    };
    if prints {
        return Form::Acts(Some("the clipboard".into()));
    }
    Form::Unknown(format!("{prog} sets the clipboard, which is not modelled"))
}

/// tmux's commands that show what another session holds (`capture-pane`, `show-buffer`,
/// `save-buffer`, `pipe-pane`) and those that type into one (`send-keys`,
/// `paste-buffer`), with their aliases; tmux also takes any unambiguous prefix.
const TMUX_OBSERVE: &[(&str, &str)] = &[
    ("capture-pane", "capturep"),
    ("show-buffer", "showb"),
    ("save-buffer", "saveb"),
    ("pipe-pane", "pipep"),
];
const TMUX_INJECT: &[(&str, &str)] = &[("send-keys", "send"), ("paste-buffer", "pasteb")];
/// tmux's commands that only list or print state.
const TMUX_READS: &[&str] = &[
    "ls",
    "list-sessions",
    "lsw",
    "list-windows",
    "lsp",
    "list-panes",
    "lsc",
    "list-clients",
    "lsb",
    "list-buffers",
    "lscm",
    "list-commands",
    "lsk",
    "list-keys",
    "has",
    "has-session",
    "info",
    "server-info",
    "start-server",
    "start",
];

/// `tmux [-L NAME] [-S PATH] COMMAND [ARGS] [; COMMAND …]`: each command of the line
/// (separated by a `;` word) judged; one that shows what a session holds observes it, one
/// that types into it injects, a listing reads; anything else (a configuration `-f`, a
/// command that runs a shell) is outside the grammar.
fn tmux(prog: &str, args: &[String]) -> Form {
    if help(args) {
        return Form::Reads(format!("{prog} prints help or its version"));
    }
    // A format's `#(COMMAND)` runs COMMAND in a shell (tmux(1), FORMATS).
    if args.iter().any(|a| a.contains("#(")) {
        return Form::Unknown(format!(
            "{prog} is given a format that runs a shell command"
        ));
    }
    let mut i = 0;
    while i < args.len() && args[i].starts_with('-') {
        match args[i].as_str() {
            "-L" | "-S" => i += 2,
            "-2" | "-u" | "-N" => i += 1,
            o => return Form::Unknown(format!("{prog} {o} is not modelled")),
        }
    }
    let mut observed = None;
    let mut injected = None;
    let mut all_read = true;
    for part in args
        .get(i..)
        .unwrap_or(&[])
        .split(|a| a == ";" || a == "\\;")
    {
        let Some(c) = part.first().map(String::as_str) else {
            continue;
        };
        let is = |table: &[(&str, &str)]| {
            table
                .iter()
                .any(|(full, alias)| c == *alias || (c.len() >= 3 && full.starts_with(c)))
        };
        let target = option_value(&part[1..], &["-t"]).map(str::to_string);
        if is(TMUX_INJECT) {
            injected = Some(target.unwrap_or_else(|| "the current pane".into()));
        } else if is(TMUX_OBSERVE) {
            observed = Some(target.unwrap_or_else(|| "the current pane".into()));
        } else if !TMUX_READS.contains(&c) {
            all_read = false;
        }
    }
    if let Some(t) = injected {
        return Form::ActsAs(HostAct::Inject, Some(t));
    }
    if let Some(t) = observed {
        return Form::Acts(Some(t));
    }
    if all_read {
        return Form::Reads(format!("{prog} lists its sessions"));
    }
    Form::Unknown(format!("{prog} {} is not modelled", args[i..].join(" ")))
}

/// `screen -ls`/`-list` prints the sessions; `screen … -X CMD` sends CMD to a running
/// session: `stuff` types into it, `hardcopy`, `log` and `paste` show or keep what it
/// holds; other uses start or attach a session (outside the grammar).
fn screen(prog: &str, args: &[String]) -> Form {
    if help(args) {
        return Form::Reads(format!("{prog} prints help or its version"));
    }
    if args.iter().any(|a| matches!(a.as_str(), "-ls" | "-list")) {
        return Form::Reads(format!("{prog} lists its sessions"));
    }
    if let Some(at) = args.iter().position(|a| a == "-X") {
        let session = option_value(args, &["-S"]).map(str::to_string);
        return match args.get(at + 1).map(String::as_str) {
            Some("stuff" | "paste" | "exec" | "screen" | "eval") => {
                Form::ActsAs(HostAct::Inject, session)
            }
            Some("hardcopy" | "log" | "logfile" | "writebuf" | "readbuf") => Form::Acts(session),
            _ => Form::Unknown(format!("{prog} -X with a command outside the grammar")),
        };
    }
    Form::Unknown(format!(
        "{prog} starting or attaching a session is not modelled"
    ))
}

/// `strace`/`ltrace` attached to a running process (`-p PID`, `--attach=PID`): what it
/// reads, writes and passes is printed. (Tracing a program it starts is the shell
/// analysis's wrapper, judged as that program.)
fn tracer(prog: &str, args: &[String]) -> Form {
    if help(args) {
        return Form::Reads(format!("{prog} prints help or its version"));
    }
    if let Some(pid) = option_value(args, &["-p", "--attach"]) {
        return Form::Acts(Some(format!("process {pid}")));
    }
    Form::Unknown(format!("{prog} without a command to run is not modelled"))
}

/// `perf` (perf 6.x, `perf record -h` on this machine): `list`, `version`, `help` and help
/// print; a command given another process (`-p`/`--pid`, `-t`/`--tid`), a user
/// (`-u`/`--uid`), CPUs (`-C`/`--cpu`) or the whole system (`-a`/`--all-cpus`), `top`
/// (every process by default) and `probe` (new kernel tracepoints) observe what is not the
/// session's; the rest (profiling a command it runs, reading `perf.data`) is outside the
/// grammar.
fn perf(prog: &str, args: &[String]) -> Form {
    if help(args) || args.is_empty() {
        return Form::Reads(format!("{prog} prints help or its version"));
    }
    let sub = args[0].as_str();
    if matches!(sub, "list" | "version" | "help" | "--version") {
        return Form::Reads(format!("{prog} {sub} prints information"));
    }
    let rest = &args[1..];
    const OTHERS: &[&str] = &[
        "-p",
        "--pid",
        "-t",
        "--tid",
        "-u",
        "--uid",
        "-C",
        "--cpu",
        "-a",
        "--all-cpus",
    ];
    let other = rest.iter().find(|a| {
        let name = a.split('=').next().unwrap_or(a);
        OTHERS.contains(&name)
            || (a.starts_with('-')
                && !a.starts_with("--")
                && a.len() > 2
                && a[1..].starts_with(['p', 't', 'u', 'C', 'a']))
    });
    if let Some(pid) = option_value(rest, &["-p", "--pid", "-t", "--tid"]) {
        return Form::Acts(Some(format!("process {pid}")));
    }
    if other.is_some() || matches!(sub, "top" | "probe") {
        return Form::Acts(Some("the whole system".to_string()));
    }
    Form::Unknown(format!("{prog} {sub} is not modelled"))
}

/// Kernel tracers (bpftrace(8) 0.2x: `-l` lists probes; dtrace(1), dtruss(1m), the BCC
/// tools): every other use attaches probes that see every process's calls and data.
fn kernel_tracer(prog: &str, args: &[String]) -> Form {
    if help(args) {
        return Form::Reads(format!("{prog} prints help or its version"));
    }
    if prog == "bpftrace" && args.first().is_some_and(|a| a == "-l") {
        return Form::Reads(format!("{prog} -l lists probes"));
    }
    Form::Acts(None)
}

/// Packet capture: `tcpdump -D`/`--list-interfaces` (and `tshark -D`) list interfaces;
/// `-r FILE` reads a capture already made; every other use captures live traffic (what
/// others' connections carry, `-A`/`-X` printing their contents).
fn capture(prog: &str, args: &[String]) -> Form {
    if help(args) {
        return Form::Reads(format!("{prog} prints help or its version"));
    }
    if !args.is_empty()
        && args
            .iter()
            .all(|a| matches!(a.as_str(), "-D" | "--list-interfaces"))
    {
        return Form::Reads(format!("{prog} lists capture interfaces"));
    }
    if option_value(args, &["-r"]).is_some() && option_value(args, &["-i", "--interface"]).is_none()
    {
        return Form::Unknown(format!(
            "{prog} -r reads a capture file, which is not modelled"
        ));
    }
    let iface = option_value(args, &["-i", "--interface"]).map(|i| format!("interface {i}"));
    Form::Acts(Some(
        iface.unwrap_or_else(|| "the network's traffic".into()),
    ))
}

/// `xdotool`/`ydotool`: `type`, `key`, `keydown`, `keyup` type into the focused window;
/// `getactivewindow`, `getmouselocation`, `search`, `getwindowname` print; the rest is not
/// modelled.
fn xdotool(prog: &str, args: &[String]) -> Form {
    if help(args) {
        return Form::Reads(format!("{prog} prints help or its version"));
    }
    let pos = positionals(args, &[]);
    if pos
        .iter()
        .any(|w| matches!(*w, "type" | "key" | "keydown" | "keyup" | "windowactivate"))
    {
        return Form::Acts(Some("the focused window".into()));
    }
    match pos.first().copied() {
        Some("getactivewindow" | "getmouselocation" | "getwindowname" | "getwindowfocus") => {
            Form::Reads(format!("{prog} prints window state"))
        }
        _ => Form::Unknown(format!("{prog} {} is not modelled", pos.join(" "))),
    }
}

/// Words that name a debugger opened to the network in the person's messages.
const EXPOSE_WORDS: &[&str] = &[
    "0.0.0.0",
    "remote debugging",
    "remote debugger",
    "debug remotely",
    "all interfaces",
    "from another machine",
    "over the network",
];

/// Is `host` an address only this machine reaches, when a server listens on it? The
/// unspecified addresses (`0.0.0.0`, `::`, `*`) are every interface.
fn loopback(host: &str) -> bool {
    let h = host.trim_start_matches('[').trim_end_matches(']');
    if h.is_empty()
        || h == "*"
        || h.parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_unspecified())
    {
        return false;
    }
    crate::context::floor::is_loopback(h)
}

/// The address a `[host:]port` value listens on beyond this machine, if it does. `empty`
/// says what an empty host means (`:2345`): every interface for Delve and gdbserver.
fn beyond_loopback(value: &str, port_alone_loopback: bool) -> Option<String> {
    let v = value.trim();
    if v.is_empty() {
        return None;
    }
    match v.rsplit_once(':') {
        None if v.chars().all(|c| c.is_ascii_digit()) => {
            (!port_alone_loopback).then(|| format!("*:{v}"))
        }
        None => (!loopback(v)).then(|| v.to_string()),
        Some(("", port)) => Some(format!("*:{port}")),
        Some((host, _)) => (!loopback(host)).then(|| v.to_string()),
    }
}

/// A debugger this command opens to the network, with the address: Node's, Deno's and
/// Bun's `--inspect`, `--inspect-brk`, `--inspect-wait`, `--inspect-port` (also in
/// `NODE_OPTIONS`), debugpy's `--listen`, Delve's `--listen`/`-l`, JDWP's
/// `address=` with `server=y` (also in `JAVA_TOOL_OPTIONS`/`JDK_JAVA_OPTIONS`/`_JAVA_OPTIONS`),
/// gdbserver's `[host]:port` operand.
fn exposed_debugger(prog: &str, words: &[String]) -> Option<String> {
    let node = |w: &str| -> Option<String> {
        let (opt, v) = w.split_once('=')?;
        matches!(
            opt,
            "--inspect" | "--inspect-brk" | "--inspect-wait" | "--inspect-port" | "--debug-port"
        )
        .then(|| beyond_loopback(v, true))
        .flatten()
    };
    let jdwp = |w: &str| -> Option<String> {
        let opts = w
            .strip_prefix("-agentlib:jdwp=")
            .or_else(|| w.strip_prefix("-Xrunjdwp:"))?;
        let server = opts.split(',').any(|kv| kv == "server=y");
        let addr = opts.split(',').find_map(|kv| kv.strip_prefix("address="))?;
        server.then(|| beyond_loopback(addr, true)).flatten()
    };
    let base = prog.rsplit('/').next().unwrap_or(prog);
    match base {
        "node" | "nodejs" | "deno" | "bun" => words.iter().find_map(|w| node(w)),
        "java" => words.iter().find_map(|w| jdwp(w)),
        "dlv" => option_value(words, &["--listen", "-l"]).and_then(|v| beyond_loopback(v, false)),
        "gdbserver" => words
            .iter()
            .filter(|w| !w.starts_with('-'))
            .find(|w| w.contains(':'))
            .and_then(|w| beyond_loopback(w, false)),
        p if p.starts_with("python") => {
            let m = words.iter().position(|w| w == "-m")?;
            (words.get(m + 1).map(String::as_str) == Some("debugpy"))
                .then(|| option_value(&words[m + 2..], &["--listen"]))
                .flatten()
                .and_then(|v| beyond_loopback(v, true))
        }
        _ => None,
    }
}

/// Debuggers opened to the network over the whole command (see the module's text): each
/// part that opens one gets `Effect::Host` of `HostAct::Expose` and, unless it is denied
/// already, the soft `exposure` tier.
pub(crate) fn debugger_exposures(a: &Analysis, findings: &mut [Finding]) -> Vec<Verdict> {
    let mut out = Vec::new();
    for (i, sc) in a.commands.iter().enumerate() {
        let Some(prog) = sc.program() else { continue };
        let args = sc.exec.get(1..).unwrap_or(&[]);
        let from_env = sc.assignments.iter().find_map(|(n, v)| {
            let words: Vec<String> = v.split_whitespace().map(str::to_string).collect();
            match n.as_str() {
                "NODE_OPTIONS" => exposed_debugger("node", &words),
                "JAVA_TOOL_OPTIONS" | "JDK_JAVA_OPTIONS" | "_JAVA_OPTIONS" => {
                    exposed_debugger("java", &words)
                }
                _ => None,
            }
        });
        let Some(addr) = exposed_debugger(prog, args).or(from_env) else {
            continue;
        };
        let base = prog.rsplit('/').next().unwrap_or(prog).to_string();
        let e = Effect::Host {
            act: HostAct::Expose,
            program: base,
            target: Some(addr),
            named_by: EXPOSE_WORDS,
        };
        let reason = format!(
            "{}: whoever reaches that address runs code in the process",
            e.phrase()
        );
        let Some(f) = findings.get_mut(i) else {
            continue;
        };
        f.effects.push(e);
        if matches!(f.class, Class::Hard { .. }) {
            continue;
        }
        f.class = Class::Soft {
            category: HostAct::Expose.category(),
            reason: reason.clone(),
        };
        out.push(Verdict::Soft {
            category: HostAct::Expose.category(),
            reason,
            command: crate::decision::cause::one_line(&sc.text, 200),
        });
    }
    out
}
