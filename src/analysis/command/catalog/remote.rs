//! Remote shells and copies: `ssh`, `scp`, `rsync`. Options checked against OpenSSH 9.2p1
//! (`ssh` and `scp` usage lines, ssh(1), ssh_config(5)) and rsync 3.5.0 (`rsync --help`).
//!
//! `ssh HOST CMD`: the command string runs on the host; the shell analysis hands its
//! commands to the judge marked with the host (`command::remote` judges them there), so
//! `ssh` itself only connects: routine when its options only choose how to connect.
//! Options that run local programs (`-F` config, `-I`/`PKCS11Provider`, `ProxyCommand`,
//! `LocalCommand`), forward the agent, X11 or ports, or send local environment variables
//! are asked about or not understood. `ssh HOST` with no command opens a shell there that
//! reads stdin: not understood.
//!
//! `scp`/`rsync` between this machine and a host: the local files sent are reads for the
//! path floor, files received are written with names and content gatehook cannot see; both
//! change the host's files or this machine's, so they are asked about (soft), with the
//! host and path named.

use super::{asks_help, Said};
use crate::analysis::command::Cmd;
use crate::analysis::effects::{Change, Code, Effect, Reach};

/// ssh's short options without a value (OpenSSH 9.2 usage: `[-46AaCfGgKkMNnqsTtVvXxYy]`).
const SSH_FLAGS: &str = "46AaCfGgKkMNnqsTtVvXxYy";
/// ssh's short options with a value.
const SSH_VALUES: &str = "BbcDEeFIiJLlmOoPpQRSWw";

/// `-o` keys (ssh_config(5)) that only choose how to connect and authenticate.
const SSH_SAFE_KEYS: &[&str] = &[
    "addressfamily",
    "batchmode",
    "checkhostip",
    "ciphers",
    "compression",
    "connectionattempts",
    "connecttimeout",
    "controlmaster",
    "controlpath",
    "controlpersist",
    "escapechar",
    "exitonforwardfailure",
    "hashknownhosts",
    "hostkeyalgorithms",
    "hostkeyalias",
    "hostname",
    "identitiesonly",
    "identityfile",
    "kbdinteractiveauthentication",
    "kexalgorithms",
    "loglevel",
    "macs",
    "numberofpasswordprompts",
    "passwordauthentication",
    "port",
    "preferredauthentications",
    "proxyjump",
    "pubkeyacceptedalgorithms",
    "pubkeyacceptedkeytypes",
    "pubkeyauthentication",
    "requesttty",
    "serveralivecountmax",
    "serveraliveinterval",
    "stricthostkeychecking",
    "tcpkeepalive",
    "updatehostkeys",
    "user",
    "verifyhostkeydns",
    "visualhostkey",
];

/// What one ssh option does, as effects (`Err`: not understood).
fn ssh_option(letter: char, value: Option<&str>, out: &mut Vec<Effect>) -> Result<(), String> {
    let privilege = |how: &str| Effect::Privilege { how: how.into() };
    match letter {
        'A' => out.push(privilege("lets the host use this machine's SSH agent (-A)")),
        'X' | 'Y' => out.push(privilege("gives the host this machine's X display (-X/-Y)")),
        'K' => out.push(privilege("delegates GSSAPI credentials to the host (-K)")),
        'g' => out.push(privilege(
            "lets other hosts connect to forwarded ports (-g)",
        )),
        'D' | 'L' | 'R' | 'W' | 'w' => out.push(privilege(&format!(
            "opens a tunnel (-{letter} {})",
            value.unwrap_or("")
        ))),
        'F' => out.push(Effect::Run {
            code: Code::Hidden {
                what: format!(
                    "what the ssh config {} runs (ProxyCommand, LocalCommand, …)",
                    value.unwrap_or("")
                ),
            },
        }),
        'I' => out.push(Effect::Run {
            code: Code::Hidden {
                what: format!("the PKCS#11 library {}", value.unwrap_or("")),
            },
        }),
        'E' => out.push(Effect::write(
            value.unwrap_or(""),
            crate::analysis::effects::WriteHow::Append,
        )),
        'N' => return Err("ssh -N holds a connection open for forwarding".into()),
        's' => return Err("ssh -s runs a subsystem on the host".into()),
        'O' => return Err("ssh -O sends a control command to a master connection".into()),
        'o' => {
            let v = value.unwrap_or("");
            let (key, val) = v
                .split_once(['=', ' ', '\t'])
                .map(|(k, v)| (k.trim(), v.trim()))
                .unwrap_or((v, ""));
            let key = key.to_ascii_lowercase();
            match key.as_str() {
                k if SSH_SAFE_KEYS.contains(&k) => {}
                "userknownhostsfile" | "globalknownhostsfile" => {
                    // Host keys are added there; `/dev/null` is the usual value.
                    for f in val.split_whitespace() {
                        if !crate::analysis::command::is_null_device(f) {
                            out.push(Effect::write(f, crate::analysis::effects::WriteHow::Append));
                        }
                    }
                }
                "forwardagent" | "forwardx11" | "forwardx11trusted" | "gatewayports"
                    if val.eq_ignore_ascii_case("no") => {}
                "forwardagent" | "forwardx11" | "forwardx11trusted" | "gatewayports"
                | "localforward" | "remoteforward" | "dynamicforward" | "tunnel"
                | "tunneldevice" => out.push(privilege(&format!("-o {v}"))),
                "proxycommand"
                | "localcommand"
                | "permitlocalcommand"
                | "knownhostscommand"
                | "pkcs11provider"
                | "securitykeyprovider"
                | "include" => out.push(Effect::Run {
                    code: Code::Hidden {
                        what: format!("the program ssh -o {key} names"),
                    },
                }),
                _ => return Err(format!("ssh -o {key} is not known to be safe")),
            }
        }
        _ => {}
    }
    Ok(())
}

/// Parse ssh's options from `args[i..]` (getopt: bundles, a value letter takes the rest of
/// the word or the next word), stopping at the first operand; returns its index.
fn ssh_options(args: &[String], mut i: usize, out: &mut Vec<Effect>) -> Result<usize, String> {
    while let Some(a) = args.get(i) {
        if a == "--" {
            return Ok(i + 1);
        }
        let Some(letters) = a.strip_prefix('-').filter(|l| !l.is_empty()) else {
            return Ok(i);
        };
        i += 1;
        for (k, c) in letters.char_indices() {
            if SSH_FLAGS.contains(c) {
                ssh_option(c, None, out)?;
            } else if SSH_VALUES.contains(c) {
                let rest = &letters[k + c.len_utf8()..];
                let value = if rest.is_empty() {
                    i += 1;
                    args.get(i - 1)
                        .map(String::as_str)
                        .ok_or(format!("ssh -{c} without a value"))?
                } else {
                    rest
                };
                ssh_option(c, Some(value), out)?;
                break;
            } else {
                return Err(format!("ssh -{c} is not an option of ssh"));
            }
        }
    }
    Ok(i)
}

/// `ssh [OPTS] DESTINATION [OPTS] [COMMAND…]`.
pub(super) fn ssh(cmd: &Cmd) -> Said {
    let args = cmd.args();
    if asks_help(args) {
        return Said::read("ssh prints its usage");
    }
    let mut effects = Vec::new();
    let host_at = match ssh_options(args, 0, &mut effects) {
        Ok(i) => i,
        Err(e) => return Said::unknown(e),
    };
    let Some(host) = args.get(host_at) else {
        if args.iter().any(|a| a == "-V") {
            return Said::read("ssh prints its version");
        }
        if args.iter().any(|a| a.starts_with("-Q")) {
            return Said::read("ssh -Q lists the algorithms it supports");
        }
        return Said::unknown("ssh without a destination");
    };
    // OpenSSH reads options again after the destination.
    let cmd_at = match ssh_options(args, host_at + 1, &mut effects) {
        Ok(i) => i,
        Err(e) => return Said::unknown(e),
    };
    if args.iter().take(cmd_at).any(|a| a == "-G") {
        return Said::read("ssh -G prints the configuration for a host without connecting");
    }
    let dest = host.rsplit('@').next().unwrap_or(host);
    // No command or an empty one: OpenSSH asks the host for a shell, which reads stdin
    // (words that are only blanks are treated alike).
    if args[cmd_at.min(args.len())..]
        .iter()
        .all(|a| a.trim().is_empty())
    {
        return Said::unknown(format!(
            "ssh {dest} without a command opens a shell there that reads stdin"
        ));
    }
    // What the options do besides connecting names the reason.
    let reason = match effects.first() {
        Some(e) => format!("ssh {dest}: {}", e.phrase()),
        None => format!("ssh runs a command on {dest}, judged as it runs there"),
    };
    let mut said = Said::remote(
        "ssh",
        "connects",
        Some(dest.to_string()),
        Change::Read,
        "remote",
        reason,
    );
    said.effects.extend(effects);
    said
}

/// A remote operand of scp/rsync (`[user@]host:path`, `scp://…`, `rsync://…`,
/// `host::module`): the host and path.
fn remote_operand(w: &str) -> Option<(String, String)> {
    for scheme in ["scp://", "rsync://"] {
        if let Some(rest) = w.strip_prefix(scheme) {
            let (host, path) = rest.split_once('/').unwrap_or((rest, ""));
            return Some((host.to_string(), format!("/{path}")));
        }
    }
    // A colon before any slash (rsync(1), scp(1)); `./a:b` and `/a:b` are local.
    let colon = w.find(':')?;
    if w[..colon].contains('/') || colon == 0 {
        return None;
    }
    let host = w[..colon].rsplit('@').next().unwrap_or("").to_string();
    let path = w[colon + 1..].trim_start_matches(':').to_string();
    Some((host, path))
}

/// The effects of copying `sources` to `target` over ssh: local sources are read
/// (`reach`), a local target is written, and the host's files change.
fn copies(prog: &str, sources: &[&str], target: &str, reach: Reach) -> Said {
    let remote_sources: Vec<_> = sources.iter().filter_map(|s| remote_operand(s)).collect();
    let mut effects: Vec<Effect> = sources
        .iter()
        .filter(|s| remote_operand(s).is_none())
        .map(|s| Effect::Read {
            path: s.to_string(),
            reach,
        })
        .collect();
    let (reason, target_host) = match remote_operand(target) {
        Some((host, path)) => {
            effects.push(Effect::Remote {
                service: "ssh".into(),
                action: format!("{prog} copies files to"),
                target: Some(format!("{host}:{path}")),
                change: Change::Modify,
            });
            (
                format!("{prog} copies files to {host}:{path}, changing that host's files"),
                Some(host),
            )
        }
        None => {
            effects.push(Effect::write(
                target,
                crate::analysis::effects::WriteHow::Replace,
            ));
            (
                format!(
                    "{prog} copies files from {} into {target}, with names and content gatehook cannot see",
                    remote_sources
                        .first()
                        .map(|(h, _)| h.as_str())
                        .unwrap_or("another host")
                ),
                None,
            )
        }
    };
    if remote_sources.is_empty() && target_host.is_none() {
        return Said::unknown(format!("{prog} between local paths"));
    }
    let mut said = Said::read(reason);
    said.category = "remote";
    said.effects = effects;
    // The files received or sent change something the floor cannot see: asked about.
    said.effects.push(Effect::Remote {
        service: "ssh".into(),
        action: format!("{prog} transfers"),
        target: remote_sources
            .first()
            .map(|(h, p)| format!("{h}:{p}"))
            .or(target_host),
        change: Change::Modify,
    });
    said
}

/// scp's options (OpenSSH 9.2 usage): flags `-346ABCOpqRrsTv`, values `-c -D -F -i -J -l
/// -o -P -S -X`.
pub(super) fn scp(cmd: &Cmd) -> Said {
    let args = cmd.args();
    let mut effects = Vec::new();
    let mut operands: Vec<&str> = Vec::new();
    let mut recursive = false;
    let mut i = 0;
    while let Some(a) = args.get(i) {
        i += 1;
        if a == "--" {
            operands.extend(args[i..].iter().map(String::as_str));
            break;
        }
        let Some(letters) = a.strip_prefix('-').filter(|l| !l.is_empty()) else {
            operands.push(a);
            continue;
        };
        for (k, c) in letters.char_indices() {
            match c {
                'r' => recursive = true,
                '3' | '4' | '6' | 'B' | 'C' | 'O' | 'p' | 'q' | 'R' | 's' | 'T' | 'v' => {}
                'A' => effects.push(Effect::Privilege {
                    how: "lets the hosts use this machine's SSH agent (-A)".into(),
                }),
                'c' | 'D' | 'F' | 'i' | 'J' | 'l' | 'o' | 'P' | 'S' | 'X' => {
                    let rest = &letters[k + 1..];
                    let value = if rest.is_empty() {
                        i += 1;
                        match args.get(i - 1) {
                            Some(v) => v.as_str(),
                            None => return Said::unknown(format!("scp -{c} without a value")),
                        }
                    } else {
                        rest
                    };
                    match c {
                        'o' | 'F' => {
                            if let Err(e) = ssh_option(c, Some(value), &mut effects) {
                                return Said::unknown(e.replacen("ssh", "scp", 1));
                            }
                        }
                        'S' | 'D' => effects.push(Effect::Run {
                            code: Code::Hidden {
                                what: format!("the program scp -{c} names ({value})"),
                            },
                        }),
                        _ => {}
                    }
                    break;
                }
                _ => return Said::unknown(format!("scp -{c} is not an option of scp")),
            }
        }
    }
    let Some((target, sources)) = operands.split_last() else {
        return Said::unknown("scp without files");
    };
    if sources.is_empty() {
        return Said::unknown("scp without a source");
    }
    let reach = if recursive {
        // scp follows symbolic links met in a recursive copy.
        Reach::TreeFollow
    } else {
        Reach::File
    };
    let mut said = copies("scp", sources, target, reach);
    said.effects.extend(effects);
    said
}

/// rsync 3.5.0 options with a value that only choose how to copy.
const RSYNC_VALUES: &[&str] = &[
    "--exclude",
    "--include",
    "--timeout",
    "--contimeout",
    "--bwlimit",
    "--chmod",
    "--info",
    "--debug",
    "--port",
    "--max-size",
    "--min-size",
    "--modify-window",
    "--compress-level",
    "--compress-choice",
    "--checksum-choice",
    "--out-format",
    "--protocol",
    "--iconv",
    "--usermap",
    "--groupmap",
    "--chown",
    "--block-size",
    "--max-delete",
];

/// rsync 3.5.0 flags (long) that only choose how to copy.
const RSYNC_FLAGS: &[&str] = &[
    "--verbose",
    "--quiet",
    "--archive",
    "--recursive",
    "--relative",
    "--no-implied-dirs",
    "--update",
    "--inplace",
    "--append",
    "--append-verify",
    "--dirs",
    "--mkpath",
    "--links",
    "--copy-unsafe-links",
    "--safe-links",
    "--hard-links",
    "--perms",
    "--executability",
    "--acls",
    "--xattrs",
    "--owner",
    "--group",
    "--devices",
    "--specials",
    "--times",
    "--atimes",
    "--omit-dir-times",
    "--omit-link-times",
    "--super",
    "--fake-super",
    "--sparse",
    "--preallocate",
    "--dry-run",
    "--whole-file",
    "--no-whole-file",
    "--one-file-system",
    "--existing",
    "--ignore-existing",
    "--ignore-times",
    "--size-only",
    "--checksum",
    "--compress",
    "--cvs-exclude",
    "--prune-empty-dirs",
    "--numeric-ids",
    "--human-readable",
    "--progress",
    "--partial",
    "--stats",
    "--itemize-changes",
    "--8-bit-output",
    "--list-only",
    "--ipv4",
    "--ipv6",
    "--no-motd",
    "--delay-updates",
    "--blocking-io",
    "--crtimes",
    "--fuzzy",
    "--secluded-args",
];

/// rsync's short flags that only choose how to copy (`-a` is `-rlptgoD`).
const RSYNC_SHORT: &str = "vqarRuldHpEAXogDtUONJSnWxyczChPi846Ims";

/// `rsync [OPTS] SRC… DEST` over ssh. `-e`/`--rsh` may name ssh with options; deleting
/// options remove the receiver's files; `--rsync-path` runs a program on the host.
pub(super) fn rsync(cmd: &Cmd) -> Said {
    let args = cmd.args();
    if asks_help(args) {
        return Said::read("rsync prints its usage");
    }
    let mut effects = Vec::new();
    let mut operands: Vec<&str> = Vec::new();
    let mut follow = false;
    let mut i = 0;
    while let Some(a) = args.get(i) {
        i += 1;
        if a == "--" {
            operands.extend(args[i..].iter().map(String::as_str));
            break;
        }
        if let Some(long) = a.strip_prefix("--") {
            let (name, inline) = match long.split_once('=') {
                Some((n, v)) => (format!("--{n}"), Some(v)),
                None => (a.clone(), None),
            };
            let n = name.as_str();
            let mut value = || -> Option<&str> {
                inline.or_else(|| {
                    i += 1;
                    args.get(i - 1).map(String::as_str)
                })
            };
            match n {
                _ if RSYNC_FLAGS.contains(&n) && inline.is_none() => {}
                "--copy-links" | "--copy-dirlinks" | "--keep-dirlinks" if inline.is_none() => {
                    follow = true
                }
                _ if RSYNC_VALUES.contains(&n) => {
                    if value().is_none() {
                        return Said::unknown(format!("rsync {n} without a value"));
                    }
                }
                "--delete" | "--delete-before" | "--delete-during" | "--delete-delay"
                | "--delete-after" | "--delete-excluded" | "--del"
                    if inline.is_none() =>
                {
                    effects.push(Effect::Remote {
                        service: "ssh".into(),
                        action: format!("rsync {n} deletes the receiver's files not in the source"),
                        target: None,
                        change: Change::Destroy,
                    })
                }
                "--rsh" => match value() {
                    Some(v) if rsh_is_ssh(v) => {}
                    Some(v) => effects.push(Effect::Run {
                        code: Code::Hidden {
                            what: format!("the remote shell rsync -e runs ({v})"),
                        },
                    }),
                    None => return Said::unknown("rsync --rsh without a value"),
                },
                "--rsync-path" => {
                    let v = value().unwrap_or("").to_string();
                    effects.push(Effect::Run {
                        code: Code::Hidden {
                            what: format!("the program rsync --rsync-path runs on the host ({v})"),
                        },
                    })
                }
                _ => return Said::unknown(format!("rsync {n} is not known to be safe")),
            }
            continue;
        }
        let Some(letters) = a.strip_prefix('-').filter(|l| !l.is_empty()) else {
            operands.push(a);
            continue;
        };
        for (k, c) in letters.char_indices() {
            if c == 'L' || c == 'K' || c == 'k' {
                follow = true;
            } else if c == 'e' {
                let rest = &letters[k + 1..];
                let v = if rest.is_empty() {
                    i += 1;
                    match args.get(i - 1) {
                        Some(v) => v.as_str(),
                        None => return Said::unknown("rsync -e without a value"),
                    }
                } else {
                    rest
                };
                if !rsh_is_ssh(v) {
                    effects.push(Effect::Run {
                        code: Code::Hidden {
                            what: format!("the remote shell rsync -e runs ({v})"),
                        },
                    });
                }
                break;
            } else if !RSYNC_SHORT.contains(c) {
                return Said::unknown(format!("rsync -{c} is not known to be safe"));
            }
        }
    }
    let Some((target, sources)) = operands.split_last() else {
        return Said::unknown("rsync without files");
    };
    if sources.is_empty() {
        return Said::unknown("rsync lists a host's files only with a source");
    }
    let reach = if follow {
        Reach::TreeFollow
    } else {
        Reach::Tree
    };
    let mut said = copies("rsync", sources, target, reach);
    said.effects.extend(effects);
    said
}

/// Is `rsync -e VALUE` plain ssh with options that only choose how to connect?
fn rsh_is_ssh(v: &str) -> bool {
    let words: Vec<String> = v.split_whitespace().map(str::to_string).collect();
    match words.split_first() {
        Some((first, rest)) if first == "ssh" => {
            let mut fx = Vec::new();
            matches!(ssh_options(rest, 0, &mut fx), Ok(n) if n == rest.len()) && fx.is_empty()
        }
        _ => false,
    }
}

/// `adb` (Android Debug Bridge): `adb shell CMD` runs CMD on the device, judged as it
/// runs there (the shell analysis marks its commands with the device); what only reports
/// on the connection or waits for it is read-only; what changes the device, the server
/// or the connection is a remote change (asked about); anything else is unknown.
pub(super) fn adb(cmd: &Cmd) -> Said {
    let argv: Vec<&str> = cmd.argv.iter().map(String::as_str).collect();
    let call = match crate::analysis::shell::adb_call(&argv) {
        Ok(c) => c,
        Err(e) => return Said::unknown(e),
    };
    let sub = argv.get(call.sub_at).copied().unwrap_or("");
    let rest = argv.get(call.sub_at + 1..).unwrap_or(&[]);
    let device = call.device;
    match sub {
        "shell" => {
            let at = call.shell_at.unwrap_or(argv.len());
            if argv[at.min(argv.len())..]
                .iter()
                .all(|a| a.trim().is_empty())
            {
                return Said::unknown(format!(
                    "adb shell without a command opens a shell on {device} that reads stdin"
                ));
            }
            Said::remote(
                "adb",
                "connects",
                Some(device.clone()),
                Change::Read,
                "remote",
                format!("adb runs a command on {device}, judged as it runs there"),
            )
        }
        "devices" if rest.iter().all(|a| *a == "-l") => {
            Said::read("adb devices lists the connected devices")
        }
        "get-state" | "get-serialno" | "get-devpath" | "version" | "help" if rest.is_empty() => {
            Said::read(format!("adb {sub} reports on the connection"))
        }
        s if s.starts_with("wait-for-") && rest.is_empty() => {
            Said::read(format!("adb {s} waits for the device"))
        }
        "root" | "unroot" | "reboot" | "reboot-bootloader" | "remount" | "install"
        | "install-multiple" | "uninstall" | "push" | "sync" | "sideload" | "tcpip" | "usb"
        | "disable-verity" | "enable-verity" | "emu" | "forward" | "reverse" | "connect"
        | "disconnect" | "pair" | "kill-server" | "start-server" | "reconnect" => Said::remote(
            "adb",
            format!("adb {sub}"),
            Some(device.clone()),
            Change::Modify,
            "remote",
            format!("adb {sub} changes {device} or its connection"),
        ),
        "" => Said::unknown("adb without a command"),
        s => Said::unknown(format!("adb {s} is not in adb's routine catalogue")),
    }
}
