//! Archivers and encoders: listing, testing and printing to stdout are read-only
//! (`tar -t`, `unzip -l`, `gzip -t`/`-c`, `zcat`, `7z l`, `iconv` without `-o`); anything
//! that extracts, creates, appends or rewrites files in place is not catalogued, and so
//! is every option not listed (`tar --to-command` and `-I` run programs).

use super::{asks_help, has_flag, Said};
use crate::command::Cmd;

fn read_files(reason: String, files: Vec<String>) -> Said {
    Said::read(reason).with_reads(files)
}

/// `tar`: only the list mode (`-t`, `--list`, or a bundle like `tvzf`) with known options.
pub(super) fn tar(cmd: &Cmd) -> Said {
    let args = cmd.args();
    if asks_help(args) {
        return Said::read("tar prints help or its version");
    }
    const SHORT_OK: &str = "tvzjJfaZ";
    const LONG_OK: &[&str] = &[
        "--list",
        "--verbose",
        "--gzip",
        "--gunzip",
        "--bzip2",
        "--xz",
        "--zstd",
        "--lzma",
        "--wildcards",
        "--no-wildcards",
        "--exclude",
        "--numeric-owner",
        "--auto-compress",
        "--file",
        "--full-time",
        "--utc",
        "--anchored",
        "--no-anchored",
        "--ignore-case",
    ];
    let mut list = false;
    let mut files = Vec::new();
    let mut archive: Option<String> = None;
    let mut it = args.iter().enumerate().peekable();
    while let Some((i, a)) = it.next() {
        if let Some(long) = a.strip_prefix("--") {
            let name = format!("--{}", long.split('=').next().unwrap_or(""));
            if !LONG_OK.contains(&name.as_str()) {
                return Said::unknown(format!("tar {name} is not a listing option"));
            }
            list |= name == "--list";
            if name == "--file" {
                archive = match long.split_once('=') {
                    Some((_, v)) => Some(v.to_string()),
                    None => it.next().map(|(_, v)| v.clone()),
                };
            }
            continue;
        }
        // The first word may be a bundle without a dash (`tvzf`).
        let bundle = a.strip_prefix('-').or((i == 0).then_some(a.as_str()));
        match bundle {
            Some(b) if !b.is_empty() && (a.starts_with('-') || i == 0) => {
                if let Some(c) = b.chars().find(|c| !SHORT_OK.contains(*c)) {
                    return Said::unknown(format!("tar -{c} is not a listing option"));
                }
                list |= b.contains('t');
                if b.contains('f') {
                    archive = it.next().map(|(_, v)| v.clone());
                }
            }
            _ => files.push(a.clone()),
        }
    }
    if !list {
        return Said::unknown("tar without -t extracts or creates an archive");
    }
    let mut reads: Vec<String> = archive.into_iter().collect();
    if reads.is_empty() && !cmd.sc.piped_stdin && cmd.sc.stdin_text.is_none() {
        // No -f: tar reads $TAPE or stdin.
        return Said::unknown("tar without -f reads the tape device");
    }
    reads.retain(|r| r != "-");
    read_files("tar -t lists an archive".into(), reads)
}

/// `unzip -l`/`-v`/`-t`/`-z`/`-Z`: list, test or print the comment; never extract.
pub(super) fn unzip(cmd: &Cmd) -> Said {
    let args = cmd.args();
    if asks_help(args) {
        return Said::read("unzip prints help");
    }
    let mut list = false;
    let mut pos = Vec::new();
    let mut after_x = false;
    for a in args {
        if let Some(b) = a.strip_prefix('-') {
            if b == "x" {
                after_x = true;
                continue;
            }
            if let Some(c) = b.chars().find(|c| !"lvtzZq1".contains(*c)) {
                return Said::unknown(format!("unzip -{c} extracts or changes files"));
            }
            list |= b.contains(['l', 'v', 't', 'z', 'Z']);
        } else if !after_x {
            pos.push(a.clone());
        }
    }
    if !list {
        return Said::unknown("unzip without -l or -t extracts files");
    }
    let zip: Vec<String> = pos.into_iter().take(1).collect();
    read_files("unzip lists or tests an archive".into(), zip)
}

/// `gzip`/`gunzip`/`bzip2`/`xz`/`zstd`: testing, listing and writing to stdout read; the
/// default (replace the file in place) does not.
pub(super) fn gzip(cmd: &Cmd) -> Said {
    let prog = cmd.program();
    let args = cmd.args();
    if asks_help(args) || args == ["-V"] {
        return Said::read(format!("{prog} prints help or its version"));
    }
    let short = |c: char| has_flag(args, &format!("-{c}"));
    let stdout =
        prog == "zcat" || short('c') || has_flag(args, "--stdout") || has_flag(args, "--to-stdout");
    let check = short('t') || short('l') || has_flag(args, "--test") || has_flag(args, "--list");
    if short('r') || has_flag(args, "--recursive") {
        return Said::unknown(format!("{prog} -r works on whole directories"));
    }
    if !(stdout || check) {
        return Said::unknown(format!("{prog} replaces files in place"));
    }
    const LONG_OK: &[&str] = &[
        "--stdout",
        "--to-stdout",
        "--decompress",
        "--uncompress",
        "--test",
        "--list",
        "--verbose",
        "--quiet",
        "--force",
        "--keep",
        "--no-name",
        "--name",
        "--fast",
        "--best",
    ];
    let mut files = Vec::new();
    let mut skip = false;
    for a in args {
        if skip {
            skip = false;
        } else if a == "-S" || a == "--suffix" {
            skip = true;
        } else if a.starts_with("--") {
            if !LONG_OK.contains(&a.as_str()) {
                return Said::unknown(format!("{prog} {a} is not a known option"));
            }
        } else if let Some(b) = a.strip_prefix('-') {
            if let Some(c) = b.chars().find(|c| !"cdtlvfqkn123456789".contains(*c)) {
                return Said::unknown(format!("{prog} -{c} is not a known option"));
            }
        } else {
            files.push(a.clone());
        }
    }
    read_files(format!("{prog} tests, lists or prints to stdout"), files)
}

/// `7z l|t|h|i|b`: list, test, hash, show codecs, benchmark.
pub(super) fn sevenzip(cmd: &Cmd) -> Said {
    let args = cmd.args();
    let prog = cmd.program();
    let Some(mode) = args.first() else {
        return Said::read(format!("{prog} prints help"));
    };
    if asks_help(args) {
        return Said::read(format!("{prog} prints help"));
    }
    if !matches!(mode.as_str(), "l" | "t" | "h" | "i" | "b") {
        return Said::unknown(format!("{prog} {mode} extracts or changes an archive"));
    }
    let rest = &args[1..];
    if let Some(s) = rest.iter().find(|a| {
        a.starts_with('-')
            && ![
                "-scrc",
                "-slt",
                "-p",
                "-r",
                "-bb",
                "-ba",
                "-bs",
                "-t",
                "-sccUTF-8",
                "-mmt",
            ]
            .iter()
            .any(|ok| a.starts_with(ok))
    }) {
        return Said::unknown(format!("{prog} {s} is not a known listing switch"));
    }
    let files: Vec<String> = rest
        .iter()
        .filter(|a| !a.starts_with('-'))
        .cloned()
        .collect();
    read_files(format!("{prog} {mode} lists, tests or hashes"), files)
}

/// `iconv`: converts to stdout unless `-o`.
pub(super) fn iconv(cmd: &Cmd) -> Said {
    let args = cmd.args();
    if asks_help(args) || has_flag(args, "-l") || has_flag(args, "--list") {
        return Said::read("iconv prints help or its encodings");
    }
    if has_flag(args, "-o") || has_flag(args, "--output") {
        return Said::unknown("iconv -o writes a file");
    }
    let mut files = Vec::new();
    let mut skip = false;
    for a in args {
        if skip {
            skip = false;
        } else if matches!(a.as_str(), "-f" | "-t" | "--from-code" | "--to-code") {
            skip = true;
        } else if !a.starts_with('-') {
            files.push(a.clone());
        }
    }
    read_files("iconv converts text to stdout".into(), files)
}

/// `binhex encode -c FILE` prints; other modes write files.
pub(super) fn binhex(cmd: &Cmd) -> Said {
    let args = cmd.args();
    if asks_help(args) || args == ["-V"] {
        return Said::read("binhex prints its version");
    }
    if args.first().map(String::as_str) == Some("encode") && has_flag(args, "-c") {
        let files: Vec<String> = args[1..]
            .iter()
            .filter(|a| !a.starts_with('-'))
            .cloned()
            .collect();
        return read_files("binhex encode -c prints to stdout".into(), files);
    }
    Said::unknown("binhex writes files")
}
