//! Remote shells and copies: `ssh`, `scp`, `rsync`. Options checked against OpenSSH 9.2p1
//! (`ssh` and `scp` usage lines, ssh(1), ssh_config(5)) and rsync 3.5.0 (`rsync --help`).
//!
//! `ssh -G HOST` prints the configuration without connecting, but evaluates it: a `Match
//! exec` line in the file `-F` names runs its command (checked with OpenSSH 9.2p1: it ran,
//! while `ProxyCommand`, `LocalCommand` and `KnownHostsCommand` did not, and `-o` refuses
//! `Match` and `Include`), so `-G -F FILE` is code the floor does not see.
//!
//! `ssh HOST CMD`: the command string runs on the host; the shell analysis hands its
//! commands to the judge marked with the host (`command::remote` judges them there), so
//! `ssh` itself only connects: routine when its options only choose how to connect.
//! `ProxyCommand`, `LocalCommand` and `KnownHostsCommand` are local commands the shell
//! analysis judges on their own, with `%%` and `%d` (the local home) filled in as ssh does
//! (code the floor cannot see when ssh fills in a token known only when it runs: `%h`,
//! `%p`, `%r`, `%u`, `%C`, …); options that run other local programs (`-F` config, `-I`/`PKCS11Provider`) or
//! forward the agent or X11 are asked about, and so are port forwards (`-L`, `-R`, `-D`,
//! `-W`, `-w`, `LocalForward`, …): traffic between this machine and the host's side, a
//! change there needing the host named. Local environment variables sent are not
//! understood. `ssh HOST` with no command runs what arrives on its input there (judged
//! like a command given, when the shell analysis sees all of it: a heredoc or here-string
//! without expansions, a pipe from a command printing literals,
//! `SimpleCommand::stdin_known`); with nothing it can see there (`curl … | ssh HOST`,
//! `ssh HOST <<< "$CMD"`), it opens a session whose commands no one sees: a change on the
//! host, asked about.
//!
//! `scp`/`rsync` between this machine and a host: the local files sent are reads for the
//! path floor, files received are written with names and content gatehook cannot see; both
//! change the host's files or this machine's, so they are asked about (soft), with the
//! host and path named. `rsync` between local paths is a copy like `cp -a`
//! ([`rsync_local_cp`]: where rsync 3.5.0 puts each file, checked with it), judged by
//! what it reads, writes and deletes.

use super::table::{asks_help, Said};
use crate::analysis::command::core::Cmd;
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

/// What ssh's options do besides choosing how to connect.
#[derive(Default)]
struct SshOpts {
    effects: Vec<Effect>,
    /// Ports or devices forwarded through the connection (`-L`, `-R`, `-D`, `-W`, `-w`,
    /// `-o LocalForward=…`): traffic between this machine and the host's side.
    forwards: Vec<String>,
    /// `-N`: no remote command, the connection is held for its forwards.
    no_command: bool,
    /// `-s`: the command names a subsystem of the host.
    subsystem: bool,
}

/// What one ssh option does (`Err`: the line cannot be read). `reentered`: the shell
/// analysis judges the command a `-o ProxyCommand=…` (or `LocalCommand`,
/// `KnownHostsCommand`) runs locally (`ssh` run directly); elsewhere (`scp -o`, `rsync -e
/// 'ssh …'`) it is code the floor does not see.
fn ssh_option(
    letter: char,
    value: Option<&str>,
    reentered: bool,
    out: &mut SshOpts,
) -> Result<(), String> {
    let privilege = |how: &str| Effect::Privilege { how: how.into() };
    match letter {
        'A' => out
            .effects
            .push(privilege("lets the host use this machine's SSH agent (-A)")),
        'X' | 'Y' => out
            .effects
            .push(privilege("gives the host this machine's X display (-X/-Y)")),
        'K' => out
            .effects
            .push(privilege("delegates GSSAPI credentials to the host (-K)")),
        'g' => out.effects.push(privilege(
            "lets other hosts connect to forwarded ports (-g)",
        )),
        'D' | 'L' | 'R' | 'W' => out
            .forwards
            .push(format!("-{letter} {}", value.unwrap_or(""))),
        // A tunnel device joins the two networks; creating one takes root.
        'w' => {
            out.forwards.push(format!("-w {}", value.unwrap_or("")));
            out.effects.push(privilege(&format!(
                "opens a tunnel device (-w {})",
                value.unwrap_or("")
            )));
        }
        'F' => out.effects.push(Effect::Run {
            code: Code::Hidden {
                what: format!(
                    "what the ssh config {} runs (ProxyCommand, LocalCommand, …)",
                    value.unwrap_or("")
                ),
            },
        }),
        'I' => out.effects.push(Effect::Run {
            code: Code::Hidden {
                what: format!("the PKCS#11 library {}", value.unwrap_or("")),
            },
        }),
        'E' => out.effects.push(Effect::write(
            value.unwrap_or(""),
            crate::analysis::effects::WriteHow::Append,
        )),
        'N' => out.no_command = true,
        's' => out.subsystem = true,
        'O' => out.effects.push(Effect::unknown(format!(
            "ssh -O {} sends a control command to a master connection",
            value.unwrap_or("")
        ))),
        'o' => {
            let v = value.unwrap_or("");
            let (key, val) = crate::analysis::shell::ssh_config_pair(v);
            match key.as_str() {
                k if SSH_SAFE_KEYS.contains(&k) => {}
                "userknownhostsfile" | "globalknownhostsfile" => {
                    // Host keys are added there; `/dev/null` is the usual value.
                    for f in val.split_whitespace() {
                        if !crate::analysis::command::core::is_null_device(f) {
                            out.effects
                                .push(Effect::write(f, crate::analysis::effects::WriteHow::Append));
                        }
                    }
                }
                "forwardagent" | "forwardx11" | "forwardx11trusted" | "gatewayports"
                | "permitlocalcommand"
                    if val.eq_ignore_ascii_case("no") => {}
                "forwardagent" | "forwardx11" | "forwardx11trusted" | "gatewayports" => {
                    out.effects.push(privilege(&format!("-o {v}")))
                }
                "localforward" | "remoteforward" | "dynamicforward" => {
                    out.forwards.push(format!("-o {v}"))
                }
                "tunnel" | "tunneldevice" if val.eq_ignore_ascii_case("no") => {}
                "tunnel" | "tunneldevice" => {
                    out.forwards.push(format!("-o {v}"));
                    out.effects.push(privilege(&format!("-o {v}")));
                }
                // A local command the shell analysis judges on its own, `%%` and `%d` (the
                // local home) filled in as ssh does — unless ssh puts words only known when
                // it runs in it (`%h` the host, `%u` the user, …).
                "proxycommand" | "localcommand" | "knownhostscommand"
                    if (reentered && !run_time_tokens(val)) || val.eq_ignore_ascii_case("none") => {
                }
                "proxycommand"
                | "localcommand"
                | "permitlocalcommand"
                | "knownhostscommand"
                | "pkcs11provider"
                | "securitykeyprovider"
                | "include" => out.effects.push(Effect::Run {
                    code: Code::Hidden {
                        what: format!("the program ssh -o {key} names"),
                    },
                }),
                _ => out.effects.push(Effect::unknown(format!(
                    "ssh -o {key} is not known to be safe"
                ))),
            }
        }
        _ => {}
    }
    Ok(())
}

/// Does an ssh command option's value hold `%` tokens ssh fills in only when it runs
/// (anything but `%%` and `%d`)?
fn run_time_tokens(val: &str) -> bool {
    crate::analysis::shell::ssh_tokens(val, std::path::Path::new("/")).1
}

/// Parse ssh's options from `args[i..]` (getopt: bundles, a value letter takes the rest of
/// the word or the next word), stopping at the first operand; returns its index.
fn ssh_options(
    args: &[String],
    mut i: usize,
    reentered: bool,
    out: &mut SshOpts,
) -> Result<usize, String> {
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
                ssh_option(c, None, reentered, out)?;
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
                ssh_option(c, Some(value), reentered, out)?;
                break;
            } else {
                return Err(format!("ssh -{c} is not an option of ssh"));
            }
        }
    }
    Ok(i)
}

/// `ssh [OPTS] DESTINATION [OPTS] [COMMAND…]`. The command runs on the host (its commands
/// are judged there, marked by the shell analysis); with none, commands given on stdin (a
/// heredoc, a here-string, a pipe) are judged there the same way, and otherwise ssh opens
/// a session on the host whose commands no one sees: a change there, needing the host
/// named. Forwards carry traffic between this machine and the host's side (`Net` with the
/// host), exposing this machine's ports (`-R`) or reaching the host's network (`-L`,
/// `-D`, `-W`).
pub(super) fn ssh(cmd: &Cmd) -> Said {
    let args = cmd.args();
    if asks_help(args) {
        return Said::read("ssh prints its usage");
    }
    let mut opts = SshOpts::default();
    let host_at = match ssh_options(args, 0, true, &mut opts) {
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
    let cmd_at = match ssh_options(args, host_at + 1, true, &mut opts) {
        Ok(i) => i,
        Err(e) => return Said::unknown(e),
    };
    if args.iter().take(cmd_at).any(|a| a == "-G") {
        // `-G` evaluates the configuration: a `Match exec` line in the file `-F` names runs
        // its command (OpenSSH 9.2p1, checked by running it), while `ProxyCommand`,
        // `LocalCommand` and `KnownHostsCommand` only run on a connection, and `-o` takes
        // neither `Match` nor `Include`.
        let said = Said::read("ssh -G prints the configuration for a host without connecting");
        return match super::table::option_value(&args[..cmd_at], &["-F"]) {
            Some(f) if !crate::analysis::command::core::is_null_device(f) => said
                .and(Effect::read(f))
                .and(Effect::Run {
                    code: Code::Hidden {
                        what: format!("the `Match exec` commands of the ssh config {f}, which ssh -G evaluates"),
                    },
                }),
            _ => said,
        };
    }
    let dest = host.rsplit('@').next().unwrap_or(host);
    let dest = dest.strip_prefix("ssh://").unwrap_or(dest);
    let mut effects = opts.effects;
    for f in &opts.forwards {
        // Traffic between this machine's ports and the host's side (`-W HOST:PORT`: that
        // host, through this one): a port opened there into this machine, or the host's
        // network reached from here. A change there, needing the host named.
        let to = f
            .strip_prefix("-W ")
            .and_then(|hp| hp.rsplit_once(':').map(|(h, _)| h.to_string()))
            .unwrap_or_else(|| dest.to_string());
        effects.push(Effect::Remote {
            service: "ssh".into(),
            action: format!("forwards traffic ({f}) through"),
            target: Some(to.trim_start_matches('[').trim_end_matches(']').to_string()),
            change: Change::Modify,
        });
    }
    // No command or an empty one (words that are only blanks are treated alike).
    let no_command = args[cmd_at.min(args.len())..]
        .iter()
        .all(|a| a.trim().is_empty());
    // Input the shell analysis judged on the host: known text (a heredoc or here-string
    // without expansions, a pipe from a command printing literals). Input it could not
    // see (`curl … | ssh prod`, `ssh prod <<< "$CMD"`) is a session no one sees.
    let fed = cmd.sc.stdin_known;
    let (action, change, reason) = if opts.subsystem {
        (
            "runs a subsystem on",
            Change::Modify,
            format!("ssh -s runs a subsystem on {dest}, which the floor does not see"),
        )
    } else if no_command && opts.no_command {
        (
            "holds a connection to",
            Change::Read,
            format!("ssh -N holds a connection to {dest} for its forwards"),
        )
    } else if no_command && !fed {
        (
            "opens a shell on",
            Change::Modify,
            format!("ssh {dest} opens a session there whose commands the floor does not see"),
        )
    } else if no_command {
        (
            "connects",
            Change::Read,
            format!("ssh runs the commands on its input on {dest}, judged as they run there"),
        )
    } else {
        (
            "connects",
            Change::Read,
            format!("ssh runs a command on {dest}, judged as it runs there"),
        )
    };
    // What the options do besides connecting names the reason.
    let reason = match effects.first() {
        Some(e) if change == Change::Read => format!("ssh {dest}: {}", e.phrase()),
        _ => reason,
    };
    let mut said = Said::remote(
        "ssh",
        action,
        Some(dest.to_string()),
        change,
        "remote",
        reason,
    );
    said.effects.extend(effects);
    said
}

/// A remote operand of scp (`[user@]host:path`, `scp://…`): the host and path. (rsync's
/// rule is [`rsync_hostspec`].)
fn scp_remote(w: &str) -> Option<(String, String)> {
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

/// rsync's own rule for a remote operand (rsync 3.5.0, `check_for_hostspec` and
/// `parse_hostspec` in options.c, applied by `start_client` in main.c to every operand):
/// `rsync://[USER@]HOST[:PORT][/PATH]` (the scheme in any case); else `[USER@]HOST:PATH`
/// or `[USER@]HOST::MODULE` where the first `:` comes before any `/` — the host may be
/// empty (`:d` is a path on the remote side, reached through the `-e` program with an
/// empty host name) — and a `[` may only open the host, as `[ADDR]` followed by `:`, `/`
/// or the end (`a[b:c` and `[x]y:z` are local names). The host (with its user) and the
/// path; `None` for a local operand.
pub(crate) fn rsync_hostspec(w: &str) -> Option<(String, String)> {
    /// `parse_hostspec`: the `[USER@]HOST` and where the path starts; `url` for what
    /// follows `rsync://` (the end of the string and a `/` end the host there, and a
    /// `:PORT` may follow it).
    fn parse(s: &[u8], url: bool) -> Option<(String, usize)> {
        let (mut host_start, mut hostlen, mut userlen) = (0usize, 0usize, 0usize);
        let mut i = 0;
        loop {
            let Some(&c) = s.get(i) else {
                if !url {
                    return None;
                }
                if hostlen == 0 {
                    hostlen = i - host_start;
                }
                break;
            };
            if c == b':' || c == b'/' {
                if hostlen == 0 {
                    hostlen = i - host_start;
                }
                i += 1;
                if c == b'/' {
                    if !url {
                        return None;
                    }
                } else if url {
                    while s.get(i).is_some_and(u8::is_ascii_digit) {
                        i += 1;
                    }
                    match s.get(i) {
                        None => {}
                        Some(b'/') => i += 1,
                        Some(_) => return None,
                    }
                }
                break;
            }
            if c == b'@' {
                userlen = i + 1;
                host_start = i + 1;
            } else if c == b'[' {
                if i != host_start {
                    return None;
                }
                host_start += 1;
                while s.get(i).is_some_and(|c| *c != b']' && *c != b'/') {
                    i += 1;
                }
                hostlen = i - host_start;
                if s.get(i) != Some(&b']')
                    || s.get(i + 1).is_some_and(|c| *c != b'/' && *c != b':')
                    || hostlen == 0
                {
                    return None;
                }
            }
            i += 1;
        }
        let mut host = String::from_utf8_lossy(&s[..userlen]).into_owned();
        host.push_str(&String::from_utf8_lossy(
            &s[host_start..host_start + hostlen],
        ));
        Some((host, i))
    }
    let b = w.as_bytes();
    const URL: &str = "rsync://";
    if b.len() >= URL.len() && b[..URL.len()].eq_ignore_ascii_case(URL.as_bytes()) {
        if let Some((host, at)) = parse(&b[URL.len()..], true) {
            let path = String::from_utf8_lossy(&b[URL.len() + at..]).into_owned();
            return Some((host, format!("/{path}")));
        }
    }
    let (host, at) = parse(b, false)?;
    let rest = &b[at..];
    let path = rest.strip_prefix(b":").unwrap_or(rest);
    Some((host, String::from_utf8_lossy(path).into_owned()))
}

/// The effects of copying `sources` to `target` over ssh: local sources are read
/// (`reach`), a local target is written, and the host's files change. `remote` is the
/// program's rule for which operands are remote.
fn copies(
    prog: &str,
    sources: &[&str],
    target: &str,
    reach: Reach,
    remote_operand: fn(&str) -> Option<(String, String)>,
) -> Said {
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
                            let mut o = SshOpts::default();
                            if let Err(e) = ssh_option(c, Some(value), false, &mut o) {
                                return Said::unknown(e.replacen("ssh", "scp", 1));
                            }
                            effects.extend(o.effects);
                            if !o.forwards.is_empty() {
                                effects.push(Effect::unknown(format!(
                                    "scp -o {value} forwards ports"
                                )));
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
    let mut said = copies("scp", sources, target, reach, scp_remote);
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
    "--backup",
];

/// rsync's short flags that only choose how to copy (`-a` is `-rlptgoD`; `-b` keeps the
/// replaced files beside them as `NAME~`; `-F` reads `.rsync-filter` files inside the
/// tree it copies).
const RSYNC_SHORT: &str = "vqarRuldHpEAXogDtUONJSnWxyczChPi846ImsbF";

/// What an rsync command line asks for (rsync 3.5.0, `rsync --help`).
#[derive(Default)]
struct RsyncLine<'a> {
    operands: Vec<&'a str>,
    /// `-r`/`-a`: directories are copied whole.
    recursive: bool,
    /// `-L`/`--copy-links`, `--copy-unsafe-links` (links out of the tree),
    /// `-k`/`--copy-dirlinks`, `-K`/`--keep-dirlinks`: what links point at is copied.
    follow: bool,
    /// `-R`/`--relative`: each source lands under its whole given path.
    relative: bool,
    /// `-n`/`--dry-run`: nothing is copied.
    dry_run: bool,
    /// A `--delete*` option: the receiver's files missing from the source are deleted.
    deletes: Option<String>,
    /// `--remove-source-files`.
    remove_source: bool,
    /// What only a remote transfer does (the remote shell, the program run on the host,
    /// deletes on the host); a copy between local paths runs neither `-e` nor
    /// `--rsync-path` (checked with rsync 3.5.0).
    remote_effects: Vec<Effect>,
    /// Files it writes wherever the copy goes (`--log-file`, `--write-batch` and its
    /// `.sh`, `--temp-dir`).
    writes: Vec<String>,
    /// Directories named relative to the destination (`--partial-dir`, `--backup-dir`).
    writes_in_dest: Vec<String>,
    /// Files read (`--exclude-from`, `--include-from`).
    reads: Vec<String>,
    /// Directories read, relative to the destination (`--link-dest`, `--compare-dest`,
    /// `--copy-dest`).
    reads_in_dest: Vec<String>,
    /// `--files-from`: only the listed files of each source directory are copied, as
    /// `-R` places them: a local copy is judged as the whole tree's (a superset).
    files_from: bool,
    /// Something a local copy cannot be judged with (`--read-batch`, a
    /// `--filter` rule that merges a file).
    local_unknown: Option<String>,
}

fn rsync_line(args: &[String]) -> Result<RsyncLine<'_>, String> {
    let mut t = RsyncLine::default();
    let mut i = 0;
    while let Some(a) = args.get(i) {
        i += 1;
        if a == "--" {
            t.operands.extend(args[i..].iter().map(String::as_str));
            break;
        }
        if let Some(long) = a.strip_prefix("--") {
            let (name, inline) = match long.split_once('=') {
                Some((n, v)) => (format!("--{n}"), Some(v)),
                None => (a.clone(), None),
            };
            let n = name.as_str();
            let mut value = || -> Result<&str, String> {
                inline
                    .or_else(|| {
                        i += 1;
                        args.get(i - 1).map(String::as_str)
                    })
                    .ok_or_else(|| format!("rsync {n} without a value"))
            };
            match n {
                _ if RSYNC_FLAGS.contains(&n) && inline.is_none() => {
                    t.recursive |= matches!(n, "--archive" | "--recursive");
                    t.relative |= n == "--relative";
                    t.dry_run |= n == "--dry-run";
                }
                "--copy-links" | "--copy-unsafe-links" | "--copy-dirlinks" | "--keep-dirlinks"
                    if inline.is_none() =>
                {
                    t.follow = true
                }
                _ if RSYNC_VALUES.contains(&n) => {
                    value()?;
                }
                "--delete" | "--delete-before" | "--delete-during" | "--delete-delay"
                | "--delete-after" | "--delete-excluded" | "--del"
                    if inline.is_none() =>
                {
                    t.deletes = Some(n.to_string());
                    t.remote_effects.push(Effect::Remote {
                        service: "ssh".into(),
                        action: format!("rsync {n} deletes the receiver's files not in the source"),
                        target: None,
                        change: Change::Destroy,
                    })
                }
                "--remove-source-files" if inline.is_none() => t.remove_source = true,
                "--rsh" => {
                    let v = value()?;
                    if !rsh_is_ssh(v) {
                        t.remote_effects.push(Effect::Run {
                            code: Code::Hidden {
                                what: format!("the remote shell rsync -e runs ({v})"),
                            },
                        });
                    }
                }
                "--rsync-path" => {
                    let v = value()?.to_string();
                    t.remote_effects.push(Effect::Run {
                        code: Code::Hidden {
                            what: format!("the program rsync --rsync-path runs on the host ({v})"),
                        },
                    })
                }
                "--log-file" | "--temp-dir" => t.writes.push(value()?.to_string()),
                "--write-batch" | "--only-write-batch" => {
                    let v = value()?.to_string();
                    t.writes.push(format!("{v}.sh"));
                    t.writes.push(v);
                }
                "--partial-dir" | "--backup-dir" => t.writes_in_dest.push(value()?.to_string()),
                "--exclude-from" | "--include-from" => t.reads.push(value()?.to_string()),
                "--link-dest" | "--compare-dest" | "--copy-dest" => {
                    t.reads_in_dest.push(value()?.to_string())
                }
                "--suffix" | "--log-file-format" => {
                    value()?;
                }
                // The files named in a list, each relative to the source directory, where
                // no `..` climbs above it (rsync(1) 3.2, `--files-from`): a subset of the
                // source tree, so the copy is judged as the whole tree's (below).
                "--files-from" => {
                    t.reads.push(value()?.to_string());
                    t.files_from = true;
                }
                "--read-batch" | "--filter" => {
                    value()?;
                    t.local_unknown = Some(format!("rsync {n} is not modelled for a local copy"));
                }
                _ => return Err(format!("rsync {n} is not known to be safe")),
            }
            continue;
        }
        let Some(letters) = a.strip_prefix('-').filter(|l| !l.is_empty()) else {
            t.operands.push(a);
            continue;
        };
        for (k, c) in letters.char_indices() {
            if matches!(c, 'L' | 'K' | 'k') {
                t.follow = true;
            } else if matches!(c, 'e' | 'T') {
                let rest = &letters[k + 1..];
                let v = if rest.is_empty() {
                    i += 1;
                    match args.get(i - 1) {
                        Some(v) => v.as_str(),
                        None => return Err(format!("rsync -{c} without a value")),
                    }
                } else {
                    rest
                };
                if c == 'T' {
                    t.writes.push(v.to_string());
                } else if !rsh_is_ssh(v) {
                    t.remote_effects.push(Effect::Run {
                        code: Code::Hidden {
                            what: format!("the remote shell rsync -e runs ({v})"),
                        },
                    });
                }
                break;
            } else if !RSYNC_SHORT.contains(c) {
                return Err(format!("rsync -{c} is not known to be safe"));
            } else {
                t.recursive |= matches!(c, 'a' | 'r');
                t.relative |= c == 'R';
                t.dry_run |= c == 'n';
            }
        }
    }
    Ok(t)
}

/// `rsync [OPTS] SRC… DEST`. Over ssh (a `host:path`, `host::module` or `rsync://`
/// operand): `-e`/`--rsh` may name ssh with options; deleting options remove the
/// receiver's files; `--rsync-path` runs a program on the host. Between local paths it is
/// judged like `cp -a` (see [`rsync_local_cp`]): the sources are read (through links with
/// `-L`, `--copy-unsafe-links`, `-k`, `-K`), every file lands under the destination where
/// rsync puts it, `--delete*` deletes in the destination tree, `--remove-source-files`
/// deletes the sources, and the files its options name (`--log-file`, `--temp-dir`,
/// `--partial-dir`, `--backup-dir`, `--write-batch`, `--exclude-from`, `--link-dest`, …)
/// are reads and writes; `--files-from`, `--read-batch`, `--filter` and `-R` are not
/// modelled for a local copy.
pub(super) fn rsync(cmd: &Cmd) -> Said {
    let args = cmd.args();
    if asks_help(args) {
        return Said::read("rsync prints its usage");
    }
    let t = match rsync_line(args) {
        Ok(t) => t,
        Err(e) => return Said::unknown(e),
    };
    let Some((target, sources)) = t.operands.split_last() else {
        return Said::unknown("rsync without files");
    };
    if sources.is_empty() {
        return Said::unknown("rsync lists a host's files only with a source");
    }
    // The local-copy judgement sees only operands rsync itself takes as local.
    if rsync_hostspec(target).is_none() && sources.iter().all(|s| rsync_hostspec(s).is_none()) {
        return rsync_local(cmd, &t);
    }
    let reach = if t.follow {
        Reach::TreeFollow
    } else {
        Reach::Tree
    };
    let mut said = copies("rsync", sources, target, reach, rsync_hostspec);
    said.effects.extend(t.remote_effects);
    said
}

/// Where a copy between local paths puts things: the `cp` line it amounts to (rsync 3.5.0,
/// checked): `SRC/` copies the directory's contents (`cp -R SRC/. DEST`), a directory
/// `SRC` lands as `DEST/SRC` (rsync creates `DEST`), as does anything when there are
/// several sources or `DEST` ends in `/`; one file onto a path that is not a directory
/// becomes that path. `-L` (and the other link-following options) is `cp -L`. `None`
/// when the line has no local copy to place (remote, dry run, outside the grammar, a
/// word computed at run time).
pub(crate) fn rsync_local_cp(cmd: &Cmd, is_dir: &dyn Fn(&str) -> bool) -> Option<Vec<String>> {
    if cmd.dynamic.iter().any(|d| *d) {
        return None;
    }
    let t = rsync_line(cmd.args()).ok()?;
    let (target, sources) = t.operands.split_last()?;
    if sources.is_empty()
        || t.dry_run
        || t.relative
        || t.local_unknown.is_some()
        || rsync_hostspec(target).is_some()
        || sources.iter().any(|s| rsync_hostspec(s).is_some())
    {
        return None;
    }
    let mut argv = vec!["cp".to_string()];
    // `--files-from` copies listed files below each source directory, whatever `-r` says:
    // the whole tree, `SRC/.` into the destination, holds every file it can.
    let recursive = t.recursive || t.files_from;
    if recursive {
        argv.push("-R".into());
    }
    if t.follow {
        argv.push("-L".into());
    }
    let contents = |s: &str| (t.recursive && s.ends_with('/')) || t.files_from;
    let into = sources.len() > 1
        || target.ends_with('/')
        || sources.iter().any(|s| contents(s))
        || (recursive && is_dir(sources[0]));
    if into {
        argv.push("-t".into());
        argv.push(target.to_string());
    }
    argv.push("--".into());
    for s in sources {
        if contents(s) {
            argv.push(format!("{}/.", s.trim_end_matches('/')));
        } else {
            argv.push(s.to_string());
        }
    }
    if !into {
        argv.push(target.to_string());
    }
    Some(argv)
}

/// rsync between local paths: the effects of the `cp` it amounts to, and of its options.
fn rsync_local(cmd: &Cmd, t: &RsyncLine) -> Said {
    if let Some(why) = &t.local_unknown {
        return Said::unknown(why.clone());
    }
    if t.relative {
        return Said::unknown("rsync -R between local paths is not modelled");
    }
    if cmd.dynamic.iter().any(|d| *d) {
        return Said::unknown("rsync is given a path computed at run time");
    }
    let Some((target, sources)) = t.operands.split_last() else {
        return Said::unknown("rsync without files");
    };
    let reach = if t.follow {
        Reach::TreeFollow
    } else {
        Reach::Tree
    };
    let mut said = Said::read(if t.dry_run {
        "rsync --dry-run lists what it would copy"
    } else {
        "rsync copies files between local paths"
    });
    said.effects.extend(sources.iter().map(|s| Effect::Read {
        path: s.to_string(),
        reach,
    }));
    let in_dest = |p: &str| {
        if p.starts_with('/') {
            p.to_string()
        } else {
            crate::analysis::effects::programs::files::join(target, p)
        }
    };
    said = said.with_reads(t.reads.clone());
    said.effects
        .extend(t.reads_in_dest.iter().map(|p| Effect::Read {
            path: in_dest(p),
            reach: Reach::Tree,
        }));
    said = said.with_writes(t.writes.clone());
    if t.dry_run {
        return said;
    }
    let dir = |w: &str| {
        let base = cmd.cwd.dir().map(std::path::Path::to_path_buf);
        base.is_some_and(|b| b.join(w).is_dir())
            || w.starts_with('/') && std::path::Path::new(w).is_dir()
    };
    if let Some(argv) = rsync_local_cp(cmd, &dir) {
        let dynamic = vec![false; argv.len()];
        match crate::analysis::effects::programs::files::transfer(&argv, &dynamic) {
            Some(Ok(tr)) => {
                let mut effects = Vec::new();
                crate::analysis::effects::programs::files::transfer_effects(&tr, &mut effects);
                // The reads are the ones above (with rsync's own link rules).
                said.effects.extend(
                    effects
                        .into_iter()
                        .filter(|e| !matches!(e, Effect::Read { .. })),
                );
            }
            _ => return Said::unknown("rsync's copy could not be placed"),
        }
    }
    said = said.with_writes(t.writes_in_dest.iter().map(|p| in_dest(p)).collect());
    if let Some(n) = &t.deletes {
        said.effects.push(Effect::Delete {
            path: target.to_string(),
            recursive: true,
        });
        said.category = "deletion";
        said.reason = format!("rsync {n} deletes what {target} holds that the source does not");
    }
    if t.remove_source {
        said.effects.extend(sources.iter().map(|s| Effect::Delete {
            path: s.to_string(),
            recursive: true,
        }));
        said.category = "deletion";
        said.reason = "rsync --remove-source-files deletes the files it copied".into();
    }
    said
}

/// Is `rsync -e VALUE` plain ssh with options that only choose how to connect?
fn rsh_is_ssh(v: &str) -> bool {
    let words: Vec<String> = v.split_whitespace().map(str::to_string).collect();
    match words.split_first() {
        Some((first, rest)) if first == "ssh" => {
            let mut o = SshOpts::default();
            matches!(ssh_options(rest, 0, false, &mut o), Ok(n) if n == rest.len())
                && o.effects.is_empty()
                && o.forwards.is_empty()
                && !o.no_command
                && !o.subsystem
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

#[cfg(test)]
mod tests {
    use super::rsync_hostspec;

    /// rsync 3.5.0's `check_for_hostspec`, case by case.
    #[test]
    fn rsync_reads_hosts_as_rsync_does() {
        let host = |w: &str| rsync_hostspec(w).map(|(h, p)| format!("{h}|{p}"));
        let cases: &[(&str, Option<&str>)] = &[
            ("h:d", Some("h|d")),
            (":d", Some("|d")),
            (":/home/dev/.ssh/", Some("|/home/dev/.ssh/")),
            ("u@h:d", Some("u@h|d")),
            ("h::mod/x", Some("h|mod/x")),
            ("[::1]:d", Some("::1|d")),
            ("u@[fe80::1]:d", Some("u@fe80::1|d")),
            ("rsync://h/mod/x", Some("h|/mod/x")),
            ("rsync://h:873/mod", Some("h|/mod")),
            ("Rsync://h", Some("h|/")),
            // A URL rsync cannot parse is still `rsync` as a host, as rsync falls back.
            ("rsync://h:x/y", Some("rsync|//h:x/y")),
            ("./a:b", None),
            ("/a:b", None),
            ("a/b:c", None),
            ("plain", None),
            ("a[b:c", None),
            ("[x]y:z", None),
            ("[::1]", None),
            ("[]:d", None),
        ];
        for (w, want) in cases {
            assert_eq!(host(w).as_deref(), *want, "{w}");
        }
    }
}
