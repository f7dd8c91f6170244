//! Programs whose work is carrying files or text to another host: object-store copiers
//! (`gsutil`, `rclone`), `sftp`, mail senders (`mail`/`mailx`, `sendmail`, `mutt`) and
//! `cpio` with an archive on another host. What each sends becomes an `Effect::Net` to
//! the host it reaches, carrying the files it reads (each also a read the path floor
//! judges: a credential store sent is refused there) or its input; a send is never
//! routine (`policy::catalogue_class`), and in auto mode it needs the person's words
//! naming the host (`review::soft`). Anything else these programs do is not understood.
//!
//! The argument shapes follow each program's documented usage, NOT yet checked against
//! the real programs here (only OpenSSH's sftp is installed on the machine this was
//! written on, and its `-b BATCHFILE` is as sftp(1) 9.2 says): gsutil `cp`/`mv`/`rsync`
//! (a `gs://BUCKET/…` URL is the bucket's, a plain path local), rclone `copy SOURCE DEST`
//! (a `NAME:PATH` is the configured remote NAME), mutt `-a FILE … --` (attachments),
//! mailx and sendmail (recipients are operands, the message is the input; `-t` takes them
//! from its headers), GNU cpio `-F`/`-O`/`-I [[USER@]HOST:]FILE` (a remote archive over
//! rsh, `--force-local` a local file, `--rsh-command` the remote shell), read with GNU
//! tar's paxutils rule (`archive::tar_remote`), which cpio shares. Where a shape is not
//! recognised the command stays not understood, so an error here never allows more.

use super::table::{asks_help, Said};
use crate::analysis::command::core::Cmd;
use crate::analysis::effects::{Carry, Code, Effect};

/// A send of `carries` to `to` (the URL or address it is named by; `host` when known),
/// reading the files it carries.
pub(super) fn send(reason: String, to: &str, host: Option<String>, carries: Vec<Carry>) -> Said {
    let files: Vec<String> = carries
        .iter()
        .filter_map(|c| match c {
            Carry::File { path } => Some(path.clone()),
            _ => None,
        })
        .collect();
    let mut said = Said::read(reason).with_reads(files);
    said.category = "exfiltration";
    said.effects.push(Effect::Net {
        url: Some(to.to_string()),
        host: host.filter(|h| !h.is_empty()),
        sends: carries,
    });
    said
}

/// What the long-tail verb rule says of a command whose verb or options name a deletion
/// (`rclone sync`, `gsutil rsync -d`, `rclone purge`): asked about as before this family
/// knew the program, with what it sends kept beside.
fn with_verb_rule(cmd: &Cmd, said: Said) -> Said {
    match super::verbs::mutation(cmd) {
        Some((category, why)) => Said::soft(category, why).and_effects(
            said.effects
                .into_iter()
                .filter(|e| !e.is_unknown())
                .collect(),
        ),
        None => said,
    }
}

/// Words that are not options (everything after `--` included).
fn operands(args: &[String], value_opts: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    let mut it = args.iter();
    let mut only = false;
    while let Some(a) = it.next() {
        if only || !a.starts_with('-') || a == "-" {
            out.push(a.clone());
        } else if a == "--" {
            only = true;
        } else if value_opts.contains(&a.as_str()) {
            it.next();
        }
    }
    out
}

/// `gsutil cp|mv|rsync … gs://BUCKET/…`: local files sent to the bucket.
pub(super) fn gsutil(cmd: &Cmd) -> Said {
    with_verb_rule(cmd, gsutil_said(cmd))
}

fn gsutil_said(cmd: &Cmd) -> Said {
    let args = cmd.args();
    if asks_help(args) {
        return Said::read("gsutil prints help");
    }
    let ops = operands(args, &["-o", "-h", "-p", "-u"]);
    let Some(verb) = ops.first().map(String::as_str) else {
        return Said::unknown("gsutil without a command");
    };
    if !matches!(verb, "cp" | "mv" | "rsync") {
        return Said::unknown(format!("gsutil {verb} is not catalogued"));
    }
    let rest = operands(
        &args[args.iter().position(|a| a == verb).map_or(0, |i| i + 1)..],
        &["-x", "-j", "-J", "-a", "-z", "-p", "-h"],
    );
    let Some((dest, sources)) = rest.split_last() else {
        return Said::unknown(format!("gsutil {verb} without a destination"));
    };
    let Some(bucket) = dest.strip_prefix("gs://") else {
        return Said::unknown(format!("gsutil {verb} to {dest}, which is not a bucket"));
    };
    let bucket = bucket.split('/').next().unwrap_or("").to_ascii_lowercase();
    let local: Vec<Carry> = sources
        .iter()
        .filter(|s| !s.contains("://"))
        .map(|s| match s.as_str() {
            "-" => Carry::Stdin,
            s => Carry::File {
                path: s.to_string(),
            },
        })
        .collect();
    if local.is_empty() {
        return Said::unknown(format!("gsutil {verb} between buckets"));
    }
    send(
        format!("gsutil {verb} uploads local files to the bucket gs://{bucket}"),
        dest,
        Some(bucket),
        local,
    )
}

/// `rclone copy|copyto|sync|move|moveto SOURCE REMOTE:PATH`: local files sent to the
/// remote the configuration names.
pub(super) fn rclone(cmd: &Cmd) -> Said {
    with_verb_rule(cmd, rclone_said(cmd))
}

fn rclone_said(cmd: &Cmd) -> Said {
    let args = cmd.args();
    if asks_help(args) {
        return Said::read("rclone prints help");
    }
    let ops = operands(args, &["--config", "--include", "--exclude", "--filter"]);
    let Some(verb) = ops.first().map(String::as_str) else {
        return Said::unknown("rclone without a command");
    };
    if !matches!(verb, "copy" | "copyto" | "sync" | "move" | "moveto") {
        return Said::unknown(format!("rclone {verb} is not catalogued"));
    }
    let (Some(src), Some(dest)) = (ops.get(1), ops.get(2)) else {
        return Said::unknown(format!("rclone {verb} without a source and a destination"));
    };
    // `NAME:PATH` is a configured remote (a drive letter or a path with `/` before the
    // colon is local).
    let remote = |w: &str| {
        w.split_once(':')
            .filter(|(n, _)| !n.is_empty() && n.len() > 1 && !n.contains('/'))
            .map(|(n, _)| n.to_ascii_lowercase())
    };
    match (remote(src), remote(dest)) {
        (None, Some(name)) => send(
            format!("rclone {verb} sends {src} to the remote {name}"),
            dest,
            Some(name),
            vec![Carry::File { path: src.clone() }],
        ),
        _ => Said::unknown(format!("rclone {verb} {src} {dest} is not catalogued")),
    }
}

/// `sftp [-b BATCH] [USER@]HOST`: the commands of the batch file or its input move files
/// both ways (`put` sends any local file).
pub(super) fn sftp(cmd: &Cmd) -> Said {
    with_verb_rule(cmd, sftp_said(cmd))
}

fn sftp_said(cmd: &Cmd) -> Said {
    let args = cmd.args();
    let ops = operands(
        args,
        &[
            "-b", "-B", "-c", "-D", "-F", "-i", "-J", "-l", "-o", "-P", "-R", "-S", "-s", "-X",
        ],
    );
    let Some(target) = ops.last() else {
        return Said::unknown("sftp without a host");
    };
    let host = target
        .rsplit('@')
        .next()
        .unwrap_or(target)
        .split(':')
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    let batch = args
        .iter()
        .position(|a| a == "-b")
        .and_then(|i| args.get(i + 1));
    let carry = match batch {
        Some(b) if b != "-" => Carry::Literal {
            text: format!("the files the commands of {b} name"),
        },
        _ => Carry::Stdin,
    };
    send(
        format!("sftp moves files between this machine and {host} as its commands say"),
        target,
        (!host.is_empty()).then_some(host),
        vec![carry],
    )
    .and(Effect::unknown(
        "sftp runs transfer commands the floor does not read",
    ))
}

/// `mail`/`mailx`/`mutt`/`sendmail`: the message (its input) and attachments go to each
/// recipient's mail domain.
pub(super) fn mail(cmd: &Cmd) -> Said {
    let prog = cmd.program().to_string();
    let args = cmd.args();
    let mut carries = vec![Carry::Stdin];
    let mut rcpts: Vec<String> = Vec::new();
    let mut it = args.iter().peekable();
    let mut only = false;
    while let Some(a) = it.next() {
        if only || !a.starts_with('-') {
            rcpts.push(a.clone());
            continue;
        }
        match a.as_str() {
            "--" => only = true,
            // mutt: `-a FILE… --`; mailx (s-nail, heirloom): `-a FILE`; mailutils: `-A FILE`.
            "-a" | "-A" | "--attach" => {
                while let Some(f) = it.next_if(|f| !f.starts_with('-')) {
                    carries.push(Carry::File { path: f.clone() });
                    if prog != "mutt" && prog != "neomutt" {
                        break;
                    }
                }
            }
            "-s" | "-c" | "-b" | "-r" | "-f" | "-F" | "-i" | "-e" | "-H" | "-S" | "-o" | "-O"
            | "-B" | "-N" | "-R" => {
                it.next();
            }
            _ => {}
        }
    }
    let domains: Vec<String> = rcpts
        .iter()
        .flat_map(|r| r.split(','))
        .filter_map(|r| r.rsplit_once('@').map(|(_, d)| d.trim_end_matches('>')))
        .map(str::to_ascii_lowercase)
        .collect();
    let to = if rcpts.is_empty() {
        "the recipients its headers name".to_string()
    } else {
        rcpts.join(", ")
    };
    let mut said = send(
        format!("{prog} mails its input to {to}"),
        &to,
        domains.first().cloned(),
        carries.clone(),
    );
    for d in domains.iter().skip(1) {
        said.effects.push(Effect::Net {
            url: Some(to.clone()),
            host: Some(d.clone()),
            sends: carries.clone(),
        });
    }
    said
}

/// `cpio -o|-i` with `-F`/`-O`/`-I` `[[USER@]HOST:]FILE`: the archive is written to or read
/// from another host over rsh (`--rsh-command` names the program that reaches it).
pub(super) fn cpio(cmd: &Cmd) -> Said {
    let args = cmd.args();
    if asks_help(args) {
        return Said::read("cpio prints help or its version");
    }
    let force_local = args.iter().any(|a| a == "--force-local");
    let mut archive: Option<String> = None;
    let mut rsh: Option<String> = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if let Some(v) = a.strip_prefix("--file=") {
            archive = Some(v.to_string());
        } else if let Some(v) = a.strip_prefix("--rsh-command=") {
            rsh = Some(v.to_string());
        } else if matches!(a.as_str(), "-F" | "-O" | "-I" | "--file") {
            archive = it.next().cloned();
        } else if a == "--rsh-command" {
            rsh = it.next().cloned();
        } else if let Some(v) = ["-F", "-O", "-I"]
            .iter()
            .find_map(|o| a.strip_prefix(o).filter(|v| !v.is_empty()))
        {
            archive = Some(v.to_string());
        }
    }
    let remote = archive
        .as_deref()
        .and_then(|a| super::archive::tar_remote(a, force_local));
    let Some((host, _)) = remote else {
        return Said::unknown("cpio is catalogued only with an archive on another host");
    };
    let archive = archive.unwrap_or_default();
    let out = args.iter().any(|a| {
        a == "--create" || (a.starts_with('-') && !a.starts_with("--") && a.contains('o'))
    });
    let mut said = if out {
        send(
            format!("cpio sends an archive of the files named on its input to {host} over rsh"),
            &archive,
            Some(host.to_ascii_lowercase()),
            vec![Carry::Stdin],
        )
    } else {
        Said::unknown(format!(
            "cpio reads the archive {archive} from {host} over rsh"
        ))
    };
    if let Some(r) = rsh {
        said.effects.push(Effect::Run {
            code: Code::Hidden {
                what: format!("the remote shell cpio --rsh-command names ({r})"),
            },
        });
    }
    said
}
