//! File-transfer, paste and mail clients beyond `transfer`'s: each sends files or its
//! input to another host. What each sends becomes an `Effect::Net` to the host it names,
//! carrying the files it reads (each also a read the path floor judges), so a send is
//! never routine and in auto mode needs the person's words naming the host
//! (`review::soft`). A transfer script's other commands (downloads, a shell escape) and
//! any option outside these readings leave the command not understood beside the send.
//!
//! Checked against the manuals (search tool; none of these is installed here): ncftpput
//! 3.2 (`ncftpput [options] HOST REMOTE-DIR LOCAL-FILES…`, `-c` sends its input to the
//! remote path, `-f FILE` reads host and login from FILE, value options `-u -p -P -j`)
//! and swaks 20201014 (`--to/-t`, `--server/-s HOST[:PORT]`, `--attach FILE|@FILE|-`,
//! `--body FILE|@FILE|-`, `--pipe PROGRAM` runs PROGRAM). Not re-fetched, from the
//! programs' documented usage: lftp (`-c COMMANDS`, `-e COMMANDS`, `-f FILE`, `open [-u
//! USER[,PASS]] [-p PORT] SITE`, `put [-o DST] FILE`, `mput FILES`, `mirror -R|--reverse
//! LOCAL [REMOTE]` uploads, `!` runs a shell); ncftpput's other value options (`-d -e -t
//! -U -B -T -S -X -Y -W`); BusyBox `ftpput [-v] [-u USER] [-p PASS] [-P PORT] HOST
//! [REMOTE] LOCAL` and `tftp [-g|-p] [-l LOCAL] [-r REMOTE] [-b SIZE] HOST [PORT]`;
//! tftp-hpa (`tftp HOST -c put FILE…`); smbclient (`//SERVER/SHARE`, `-c 'CMD; CMD'` with
//! `put LOCAL [REMOTE]`, `mput MASK…`, value options `-U -W -I -p -m -A -D -n -O -s -l -d
//! -t -b`); pastebinit (files or `-i FILE`, `-b URL` the pastebin, otherwise its
//! configured default); msmtp (recipients as operands, the message its input,
//! `--host=HOST`, `-a ACCOUNT` an account of its configuration). Each reading only adds a
//! send, and what it does not read leaves the command not understood: a mistake here
//! makes the floor ask more, never allow more.

use super::table::{asks_help, Said};
use super::transfer::send;
use crate::analysis::command::core::Cmd;
use crate::analysis::effects::{Carry, Effect};

/// The host of `URL`, `user@host`, `//host/share`, `host:port` or a bare host.
fn host_of(target: &str) -> String {
    let t = target
        .split_once("://")
        .map_or(target, |(_, r)| r)
        .trim_start_matches(['/', '\\']);
    let t = t.split(['/', '\\']).next().unwrap_or(t);
    let t = t.rsplit('@').next().unwrap_or(t);
    let t = if let Some(v6) = t.strip_prefix('[') {
        v6.split(']').next().unwrap_or(v6)
    } else {
        t.split(':').next().unwrap_or(t)
    };
    t.to_ascii_lowercase()
}

/// The operands of `args` (words that are not options nor their values).
fn operands<'a>(args: &'a [String], value_opts: &[&str]) -> Vec<&'a String> {
    let mut out = Vec::new();
    let mut it = args.iter();
    let mut only = false;
    while let Some(a) = it.next() {
        if only || !a.starts_with('-') || a == "-" {
            out.push(a);
        } else if a == "--" {
            only = true;
        } else if value_opts.contains(&a.as_str()) {
            it.next();
        }
    }
    out
}

/// The value of the last of `names` (`-c X`, `--x=X`).
fn opt<'a>(args: &'a [String], names: &[&str]) -> Option<&'a str> {
    let mut found = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if names.contains(&a.as_str()) {
            found = it.next().map(String::as_str);
        } else if let Some((n, v)) = a.split_once('=') {
            if names.contains(&n) && n.starts_with("--") {
                found = Some(v);
            }
        }
    }
    found
}

/// The commands of a transfer script (`open x; put a b`), split at `;`, `&&`, `||` and
/// new lines, each as its words.
fn script(text: &str) -> Vec<Vec<String>> {
    text.split(['\n', ';'])
        .flat_map(|c| c.split("&&"))
        .flat_map(|c| c.split("||"))
        .map(|c| {
            shlex::split(c.trim())
                .unwrap_or_else(|| c.split_whitespace().map(str::to_string).collect())
        })
        .filter(|w| !w.is_empty())
        .collect()
}

/// What a transfer script's commands upload, and whether it does anything else the floor
/// does not read (`get`, `!cmd`, `shell`, `source`).
struct Script {
    sends: Vec<Carry>,
    opens: Option<String>,
    other: Option<String>,
}

fn read_script(cmds: &[Vec<String>], smb: bool) -> Script {
    let mut s = Script {
        sends: Vec::new(),
        opens: None,
        other: None,
    };
    for c in cmds {
        let verb = c[0].as_str();
        let rest: Vec<&String> = c[1..].iter().collect();
        match verb {
            "open" | "connect" if !smb => {
                s.opens = rest
                    .iter()
                    .rev()
                    .find(|a| !a.starts_with('-'))
                    .map(|a| a.to_string());
            }
            "put" | "reput" | "append" => {
                // lftp `put [-o DST] FILE…`, smbclient `put LOCAL [REMOTE]`.
                let mut it = rest.iter();
                let mut files = Vec::new();
                while let Some(a) = it.next() {
                    if a.as_str() == "-o" || a.as_str() == "-O" {
                        it.next();
                    } else if !a.starts_with('-') {
                        files.push(a.to_string());
                    }
                }
                if smb {
                    files.truncate(1);
                }
                s.sends
                    .extend(files.into_iter().map(|path| Carry::File { path }));
            }
            "mput" => {
                s.sends.extend(
                    rest.iter()
                        .filter(|a| !a.starts_with('-'))
                        .map(|a| Carry::File {
                            path: a.to_string(),
                        }),
                )
            }
            "mirror" if rest.iter().any(|a| *a == "-R" || *a == "--reverse") => {
                if let Some(local) = rest.iter().find(|a| !a.starts_with('-')) {
                    s.sends.push(Carry::File {
                        path: local.to_string(),
                    });
                }
            }
            "cd" | "lcd" | "ls" | "dir" | "pwd" | "prompt" | "recurse" | "bye" | "quit"
            | "exit" | "user" | "set" | "mkdir" => {}
            _ => {
                s.other
                    .get_or_insert_with(|| format!("runs the transfer command `{}`", c.join(" ")));
            }
        }
    }
    s
}

/// `lftp [-c CMDS | -e CMDS | -f FILE] [SITE]`.
pub(super) fn lftp(cmd: &Cmd) -> Said {
    let args = cmd.args();
    if asks_help(args) || args == ["--version"] {
        return Said::read("lftp prints help or its version");
    }
    let text = opt(args, &["-c", "-e"]);
    let site = operands(args, &["-c", "-e", "-f", "-u", "-p", "-d"])
        .last()
        .map(|s| s.to_string());
    let parsed = text.map(|t| read_script(&script(t), false));
    let target = parsed
        .as_ref()
        .and_then(|p| p.opens.clone())
        .or(site)
        .unwrap_or_else(|| "the site its commands open".to_string());
    let mut carries = parsed.as_ref().map(|p| p.sends.clone()).unwrap_or_default();
    if carries.is_empty() {
        carries.push(Carry::Literal {
            text: "the files its commands name".to_string(),
        });
    }
    let said = send(
        format!("lftp sends files to {target} as its commands say"),
        &target,
        Some(host_of(&target)),
        carries,
    );
    match parsed.and_then(|p| p.other) {
        Some(why) if text.is_some() => said.and(Effect::unknown(format!("lftp {why}"))),
        None if text.is_some() && opt(args, &["-f"]).is_none() => said,
        _ => said.and(Effect::unknown(
            "lftp runs transfer commands the floor does not read",
        )),
    }
}

/// `ncftpput [options] HOST REMOTE-DIR LOCAL-FILES…` (`-c`: its input to a remote path;
/// `-f FILE`: the host comes from FILE).
pub(super) fn ncftpput(cmd: &Cmd) -> Said {
    let args = cmd.args();
    const VALUES: &[&str] = &[
        "-u", "-p", "-P", "-j", "-d", "-e", "-t", "-U", "-B", "-T", "-S", "-X", "-Y", "-W", "-f",
    ];
    let ops = operands(args, VALUES);
    let from_file = opt(args, &["-f"]);
    let (host, files): (String, Vec<&String>) = match from_file {
        Some(f) => (
            format!("the host {f} names"),
            ops.iter().skip(1).copied().collect(),
        ),
        None => match ops.first() {
            Some(h) => (h.to_string(), ops.iter().skip(2).copied().collect()),
            None => return Said::unknown("ncftpput without a host"),
        },
    };
    let mut carries: Vec<Carry> = files
        .iter()
        .map(|p| Carry::File {
            path: p.to_string(),
        })
        .collect();
    if args.iter().any(|a| a == "-c") {
        carries = vec![Carry::Stdin];
    }
    send(
        format!("ncftpput uploads files to {host}"),
        &host,
        from_file.is_none().then(|| host_of(&host)),
        carries,
    )
}

/// BusyBox `ftpput [-v] [-u USER] [-p PASS] [-P PORT] HOST [REMOTE] LOCAL`.
pub(super) fn ftpput(cmd: &Cmd) -> Said {
    let args = cmd.args();
    let ops = operands(
        args,
        &["-u", "-p", "-P", "--username", "--password", "--port"],
    );
    let (Some(host), Some(local)) = (ops.first(), ops.last().filter(|_| ops.len() >= 2)) else {
        return Said::unknown("ftpput without a host and a file");
    };
    let carry = if local.as_str() == "-" {
        Carry::Stdin
    } else {
        Carry::File {
            path: local.to_string(),
        }
    };
    send(
        format!("ftpput uploads {local} to {host}"),
        host,
        Some(host_of(host)),
        vec![carry],
    )
}

/// `tftp`: BusyBox's `-p -l LOCAL HOST` (a put), tftp-hpa's `HOST -c put FILE…`; a get or
/// an interactive session is not understood beside the host it talks to.
pub(super) fn tftp(cmd: &Cmd) -> Said {
    let args = cmd.args();
    let mut carries = Vec::new();
    let mut host = None;
    let mut other = None;
    let mut it = args.iter().peekable();
    while let Some(a) = it.next() {
        match a.as_str() {
            "-l" => {
                if let Some(f) = it.next() {
                    if args.iter().any(|x| x == "-p") {
                        carries.push(Carry::File { path: f.clone() });
                    }
                }
            }
            "-r" | "-b" | "-m" | "-R" | "-w" => {
                it.next();
            }
            "-p" | "-g" | "-v" | "-4" | "-6" | "-V" => {}
            "-c" => {
                let verb = it.next().map(String::as_str).unwrap_or("");
                let rest: Vec<String> = it.by_ref().cloned().collect();
                if verb == "put" {
                    // `put FILE`, `put LOCAL REMOTE`, `put F1 F2 … DIR`: all but a
                    // trailing remote name are local files.
                    let n = if rest.len() > 1 {
                        rest.len() - 1
                    } else {
                        rest.len()
                    };
                    carries.extend(rest[..n].iter().map(|p| Carry::File { path: p.clone() }));
                } else {
                    other = Some(format!("tftp {verb} is not modelled"));
                }
            }
            w if !w.starts_with('-') && host.is_none() => host = Some(w.to_string()),
            _ => {}
        }
    }
    let Some(host) = host else {
        return Said::unknown("tftp without a host");
    };
    let mut said = send(
        format!("tftp sends files to {host}"),
        &host,
        Some(host_of(&host)),
        if carries.is_empty() {
            vec![Carry::Stdin]
        } else {
            carries.clone()
        },
    );
    if carries.is_empty() || other.is_some() {
        said =
            said.and(Effect::unknown(other.unwrap_or_else(|| {
                "tftp transfers what its commands say".to_string()
            })));
    }
    said
}

/// `smbclient //SERVER/SHARE [-c 'put …; mput …'] …`.
pub(super) fn smbclient(cmd: &Cmd) -> Said {
    let args = cmd.args();
    if asks_help(args) || args == ["--version"] || args == ["-V"] {
        return Said::read("smbclient prints help or its version");
    }
    const VALUES: &[&str] = &[
        "-U",
        "-W",
        "-I",
        "-p",
        "-m",
        "-A",
        "-D",
        "-n",
        "-O",
        "-s",
        "-l",
        "-d",
        "-t",
        "-b",
        "-c",
        "-T",
        "-M",
        "-L",
        "--user",
        "--workgroup",
        "--port",
        "--authentication-file",
        "--directory",
        "--command",
    ];
    let ops = operands(args, VALUES);
    let Some(share) = ops
        .iter()
        .find(|o| o.starts_with("//") || o.starts_with("\\\\"))
        .map(|s| s.to_string())
        .or_else(|| opt(args, &["-L", "-M"]).map(str::to_string))
    else {
        return Said::unknown("smbclient without a server");
    };
    let host = host_of(&share);
    let Some(text) = opt(args, &["-c", "--command"]) else {
        return send(
            format!("smbclient talks to {host} as the commands on its input say"),
            &share,
            Some(host),
            vec![Carry::Stdin],
        )
        .and(Effect::unknown(
            "smbclient runs the commands its input holds",
        ));
    };
    let parsed = read_script(&script(text), true);
    let said = send(
        format!("smbclient uploads files to {share}"),
        &share,
        Some(host),
        if parsed.sends.is_empty() {
            vec![Carry::Literal {
                text: "what its commands name".to_string(),
            }]
        } else {
            parsed.sends
        },
    );
    match parsed.other {
        Some(why) => said.and(Effect::unknown(format!("smbclient {why}"))),
        None if args.iter().any(|a| a == "-T" || a.starts_with("-T")) => {
            said.and(Effect::unknown("smbclient -T moves a tar archive"))
        }
        None => said,
    }
}

/// `pastebinit [FILE…] [-i FILE] [-b URL] …`: the files (or its input) posted to the
/// pastebin, `-b`'s or the configured default.
pub(super) fn pastebinit(cmd: &Cmd) -> Said {
    let args = cmd.args();
    if asks_help(args) || args == ["-v"] || args == ["-l"] {
        return Said::read("pastebinit prints help, its version or its pastebins");
    }
    const VALUES: &[&str] = &[
        "-a", "-b", "-f", "-i", "-t", "-u", "-p", "-P", "-j", "-m", "-e", "-E",
    ];
    let mut files: Vec<String> = operands(args, VALUES)
        .into_iter()
        .map(|s| s.to_string())
        .collect();
    files.extend(opt(args, &["-i"]).map(str::to_string));
    let to = opt(args, &["-b"])
        .map(str::to_string)
        .unwrap_or_else(|| "its configured pastebin".to_string());
    let host = opt(args, &["-b"]).map(host_of);
    let carries = if files.is_empty() {
        vec![Carry::Stdin]
    } else {
        files.into_iter().map(|path| Carry::File { path }).collect()
    };
    send(
        format!("pastebinit posts to {to}, where anyone with the link reads it"),
        &to,
        host,
        carries,
    )
}

/// `swaks --to ADDR [--server HOST] [--attach F] [--body F] …`: the message and its
/// attachments go to the server (or the recipients' mail exchangers). `--pipe` runs a
/// program.
pub(super) fn swaks(cmd: &Cmd) -> Said {
    let args = cmd.args();
    if asks_help(args) || args == ["--version"] {
        return Said::read("swaks prints help or its version");
    }
    let mut carries = Vec::new();
    let mut other = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let (name, inline) = match a.split_once('=') {
            Some((n, v)) if n.starts_with("--") => (n, Some(v.to_string())),
            _ => (a.as_str(), None),
        };
        let mut value = || inline.clone().or_else(|| it.next().cloned());
        match name {
            "--attach" | "--attach-body" | "--body" | "--data" | "-d" | "--add-header"
            | "--header" | "-ah" | "--attach-type" | "--attach-name" => {
                if let Some(v) = value() {
                    if matches!(
                        name,
                        "--add-header" | "--header" | "-ah" | "--attach-type" | "--attach-name"
                    ) {
                        continue;
                    }
                    if v == "-" {
                        carries.push(Carry::Stdin);
                    } else if let Some(f) = v.strip_prefix('@') {
                        carries.push(Carry::File {
                            path: f.to_string(),
                        });
                    } else if !v.contains(char::is_whitespace)
                        && (v.contains('/') || v.contains('.'))
                    {
                        // Older swaks read a value naming an existing file as the file.
                        carries.push(Carry::File { path: v });
                    } else {
                        carries.push(Carry::Literal { text: v });
                    }
                }
            }
            "--pipe" | "--socket" | "-l" | "--input-file" | "--tls-cert" | "--tls-key" => {
                value();
                other.get_or_insert_with(|| format!("swaks {name} is not modelled"));
            }
            _ => {}
        }
    }
    let to = opt(args, &["--to", "-t"]).unwrap_or("the recipients it is given");
    let server = opt(args, &["--server", "-s"]);
    let host = server
        .map(host_of)
        .or_else(|| to.rsplit_once('@').map(|(_, d)| d.to_ascii_lowercase()));
    if carries.is_empty() {
        carries.push(Carry::Literal {
            text: "a test message".to_string(),
        });
    }
    let said = send(
        format!(
            "swaks mails {to}{}",
            server.map(|s| format!(" through {s}")).unwrap_or_default()
        ),
        server.unwrap_or(to),
        host,
        carries,
    );
    match other {
        Some(why) => said.and(Effect::unknown(why)),
        None => said,
    }
}

/// `msmtp [options] RECIPIENT…`: its input mailed to each (`-a` names an account of its
/// configuration, not an attachment).
pub(super) fn msmtp(cmd: &Cmd) -> Said {
    let args = cmd.args();
    if asks_help(args) || args == ["--version"] {
        return Said::read("msmtp prints help or its version");
    }
    let rcpts = operands(
        args,
        &["-a", "-C", "-f", "-F", "-N", "-R", "-L", "-X", "-O", "-o"],
    );
    let to = if rcpts.is_empty() {
        "the recipients its headers name".to_string()
    } else {
        rcpts
            .iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let host = opt(args, &["--host"]).map(host_of).or_else(|| {
        rcpts.iter().find_map(|r| {
            r.rsplit_once('@')
                .map(|(_, d)| d.trim_end_matches('>').to_ascii_lowercase())
        })
    });
    send(
        format!("msmtp mails its input to {to}"),
        &to,
        host,
        vec![Carry::Stdin],
    )
}

/// `ftp [-n] [-i] [-p] [-v] HOST [PORT]` (and `ftp URL`): the commands on its input run
/// against HOST — `put` sends any file named there, `!` runs a shell.
pub(super) fn ftp(cmd: &Cmd) -> Said {
    let args = cmd.args();
    if asks_help(args) || args == ["--version"] {
        return Said::read("ftp prints help or its version");
    }
    let ops = operands(args, &["-P", "-o", "-r", "-s", "-T", "-q"]);
    let Some(target) = ops.first() else {
        return Said::unknown("ftp without a host runs the commands its input holds");
    };
    send(
        format!("ftp talks to {target} as the commands on its input say"),
        target,
        Some(host_of(target)),
        vec![Carry::Stdin],
    )
    .and(Effect::unknown("ftp runs the commands its input holds"))
}
