//! Archivers, encoders and patchers: listing, testing and printing to stdout are read-only
//! (`tar -t`, `unzip -l`, `gzip -t`/`-c`, `zcat`, `7z l`, `iconv` without `-o`).
//! Extraction and patching (`tar -x`, `unzip`, `patch`) are an [`Effect::Unpack`]: the
//! command floor lists what the archive or patch holds and judges each member as a write
//! under the destination. Creation (`tar -c`/`-r`/`-u`, `zip`) reads its operands —
//! whole trees, through symbolic links only where the program follows them (GNU tar 1.34
//! with `-h`/`--dereference`; Info-ZIP zip 3.0 always, unless `-y`, checked with both) —
//! and writes the archive: an archive of workspace files into the workspace (or a
//! scratch file under `/tmp`) is ordinary work, one of a credential store or of the home
//! is a read of what it holds, judged by the path floor like any read. Archivers delete
//! what they archive when told to (`tar --remove-files`, `zip -m`). `tar -I PROG` (attached,
//! `-I./x.sh`, or separate) and `--use-compress-program` run PROG: code the floor does not
//! see (`tar --help`, GNU tar 1.34). Every option not listed is not understood (`tar
//! --to-command`, `--checkpoint-action` run programs, `-T` names the files at run time
//! (judged by `reach`), `-P` and `--transform` move where members land; `zip -TT` runs a
//! command).

use super::table::{asks_help, has_flag, Said};
use crate::analysis::command::core::Cmd;
use crate::analysis::effects::{Carry, Change, Code, Effect, Packed, Reach};

fn read_files(reason: String, files: Vec<String>) -> Said {
    Said::read(reason).with_reads(files)
}

/// What a `tar` command line asks for.
#[derive(Default)]
struct TarLine {
    list: bool,
    extract: bool,
    /// `-c`, or `-r`/`-u` (append to, update an archive): the operands are archived.
    create: bool,
    /// `-O`: extracted members go to stdout.
    to_stdout: bool,
    archive: Option<String>,
    dirs: Vec<String>,
    strip: u32,
    remove_files: bool,
    /// `-h`: creation follows symbolic links.
    dereference: bool,
    operands: Vec<String>,
    /// Every `-f`/`--file` given.
    archives: Vec<String>,
    /// `--force-local`: an archive name with a colon is a local file.
    force_local: bool,
    /// `--rsh-command`, `--rmt-command`, `-F`/`--info-script`/`--new-volume-script`: the
    /// option and the command it names.
    programs: Vec<(String, String)>,
}

/// The compression programs `tar --help` (GNU tar 1.34) names, and their parallel forms.
const COMPRESSORS: &[&str] = &[
    "gzip", "bzip2", "xz", "lzip", "lzma", "lzop", "zstd", "pigz", "pbzip2", "pixz", "plzip",
    "lz4", "zstdmt", "brotli",
];

/// Short options `tar` is understood with; `f`, `C`, `F` and `I` take a value (attached,
/// `-I./x.sh`, or the next word).
const TAR_SHORT: &str = "txcruOvzjJaZfCFIpkhm";
/// Long options understood (a value after `=`, or the next word for `--file`,
/// `--directory`).
const TAR_LONG: &[&str] = &[
    "--list",
    "--extract",
    "--get",
    "--create",
    "--append",
    "--update",
    "--to-stdout",
    "--verbose",
    "--gzip",
    "--gunzip",
    "--ungzip",
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
    "--directory",
    "--strip-components",
    "--keep-old-files",
    "--skip-old-files",
    "--keep-newer-files",
    "--preserve-permissions",
    "--same-permissions",
    "--no-same-owner",
    "--no-same-permissions",
    "--touch",
    "--remove-files",
    "--dereference",
    "--full-time",
    "--utc",
    "--anchored",
    "--no-anchored",
    "--ignore-case",
    "--force-local",
    "--rsh-command",
    "--rmt-command",
    "--info-script",
    "--new-volume-script",
    "--use-compress-program",
];

fn tar_line(args: &[String]) -> Result<TarLine, String> {
    let mut t = TarLine::default();
    let mut it = args.iter().enumerate();
    let mut only_operands = false;
    let value = |c: char, v: Option<String>, t: &mut TarLine| -> Result<(), String> {
        let v = v.ok_or_else(|| format!("tar -{c} needs a value"))?;
        match c {
            'f' => {
                t.archive = Some(v.clone());
                t.archives.push(v);
            }
            'F' => t.programs.push(("-F".into(), v)),
            'I' => t.programs.push(("-I".into(), v)),
            _ => t.dirs.push(v),
        }
        Ok(())
    };
    while let Some((i, a)) = it.next() {
        if only_operands {
            t.operands.push(a.clone());
            continue;
        }
        if a == "--" {
            only_operands = true;
            continue;
        }
        if let Some(long) = a.strip_prefix("--") {
            let (name, val) = match long.split_once('=') {
                Some((n, v)) => (format!("--{n}"), Some(v.to_string())),
                None => (format!("--{long}"), None),
            };
            if !TAR_LONG.contains(&name.as_str()) {
                return Err(format!("tar {name} is not an option the floor models"));
            }
            match name.as_str() {
                "--list" => t.list = true,
                "--extract" | "--get" => t.extract = true,
                "--create" | "--append" | "--update" => t.create = true,
                "--to-stdout" => t.to_stdout = true,
                "--remove-files" => t.remove_files = true,
                "--dereference" => t.dereference = true,
                "--force-local" => t.force_local = true,
                "--rsh-command"
                | "--rmt-command"
                | "--info-script"
                | "--new-volume-script"
                | "--use-compress-program" => {
                    let v = val
                        .or_else(|| it.next().map(|(_, v)| v.clone()))
                        .ok_or_else(|| format!("tar {name} needs a value"))?;
                    t.programs.push((name.clone(), v));
                }
                "--file" | "--directory" => {
                    let v = val.or_else(|| it.next().map(|(_, v)| v.clone()));
                    value(if name == "--file" { 'f' } else { 'C' }, v, &mut t)?;
                }
                "--strip-components" => {
                    t.strip = val
                        .and_then(|v| v.parse().ok())
                        .ok_or("tar --strip-components needs a number")?;
                }
                _ => {}
            }
            continue;
        }
        // The first word may be a bundle without a dash (`xvzf`): its value letters take
        // the following words in order. With a dash, a value letter takes the rest of the
        // word, or the next word.
        let dashed = a.strip_prefix('-').filter(|b| !b.is_empty());
        let old_style = i == 0 && !a.starts_with('-');
        let Some(bundle) = dashed.or(old_style.then_some(a.as_str())) else {
            t.operands.push(a.clone());
            continue;
        };
        let chars: Vec<char> = bundle.chars().collect();
        let mut k = 0;
        while k < chars.len() {
            let c = chars[k];
            k += 1;
            if !TAR_SHORT.contains(c) {
                return Err(format!("tar -{c} is not an option the floor models"));
            }
            match c {
                't' => t.list = true,
                'x' => t.extract = true,
                'c' | 'r' | 'u' => t.create = true,
                'O' => t.to_stdout = true,
                'h' => t.dereference = true,
                'f' | 'C' | 'F' | 'I' => {
                    let attached = !old_style && k < chars.len();
                    let v = if attached {
                        let rest: String = chars[k..].iter().collect();
                        k = chars.len();
                        Some(rest)
                    } else {
                        it.next().map(|(_, v)| v.clone())
                    };
                    match (c, v) {
                        // Attached (`-I./x.sh`): no other reader sees the program in it.
                        ('I', Some(v)) if attached => t.programs.push(("-I…".into(), v)),
                        (c, v) => value(c, v, &mut t)?,
                    }
                }
                _ => {}
            }
        }
    }
    Ok(t)
}

/// GNU tar's rule for a remote archive (paxutils' `rmt.h`, `_remdev`, which GNU tar 1.34
/// uses to open `-f`): a name with a colon that is not its first character and has no
/// `/` before it, unless `--force-local`. The host and the file there, split as
/// paxutils' `rmt_open__` (`rtapelib.c`) splits the name: the first `@` anywhere ends the
/// user and starts the host, the first `:` ends whatever it is in and starts the file, so
/// `h:/tmp/a@evil.example` is the file `/tmp/a` on `evil.example` (as user `h`). Checked
/// with tar 1.34: `-f dev@10.0.0.5:/tmp/out.tar` runs the `--rsh-command` program (rsh by
/// default) as `10.0.0.5 -l dev /usr/sbin/rmt`, while `./a:b.tar`, `:b.tar` and
/// `--force-local -f h:c.tar` are local files.
pub(super) fn tar_remote(archive: &str, force_local: bool) -> Option<(String, String)> {
    if force_local {
        return None;
    }
    let colon = archive.find(':')?;
    if colon == 0 || archive[..colon].contains('/') {
        return None;
    }
    let at = archive.find('@');
    // Each part runs to the next place the loop cut the name, or to its end.
    let end = |start: usize| {
        [at, Some(colon)]
            .into_iter()
            .flatten()
            .filter(|c| *c >= start)
            .min()
            .unwrap_or(archive.len())
    };
    let host_start = at.map_or(0, |a| a + 1);
    let host = &archive[host_start..end(host_start)];
    let file = &archive[colon + 1..end(colon + 1)];
    Some((host.to_string(), file.to_string()))
}

/// `tar`: list (`-t`), extract (`-x`, judged by the members it writes under `-C`), and
/// create (`-c`: the trees it reads, the archive it writes, and with `--remove-files` the
/// operands it deletes). An archive on another host ([`tar_remote`]) is reached over rsh:
/// creating one sends what it archives to that host and writes the archive there (never
/// routine; it needs the person's word naming the host); listing or extracting one is not
/// understood. The programs the options name run: `--rsh-command` here (for a remote
/// archive), `--rmt-command` on the host, and `-F`/`--info-script`/`--new-volume-script`
/// through the shell at the end of each volume (checked with tar 1.34): code the floor
/// does not see, and so does `-I`/`--use-compress-program`'s program. Several `-f` with
/// one on another host are judged as that one (GNU tar 1.34 refuses several without
/// `-M`; another tar may take it). Anything outside the options above is not understood
/// (`--to-command` runs a program, `--transform` and `-P` change where members land).
pub(super) fn tar(cmd: &Cmd) -> Said {
    let args = cmd.args();
    if asks_help(args) {
        return Said::read("tar prints help or its version");
    }
    let t = match tar_line(args) {
        Ok(t) => t,
        Err(why) => return Said::unknown(why),
    };
    let modes = [t.list, t.extract, t.create].iter().filter(|m| **m).count();
    if modes != 1 {
        return Said::unknown("tar without exactly one of -t, -x and -c (-r, -u)");
    }
    // Several `-f`: GNU tar 1.34 refuses them without `-M` ("Multiple archive files
    // require '-M' option", checked), other tars may take any one; one on another host is
    // judged as the archive (the most it could do), anything else is not understood.
    let mut t = t;
    if t.archives.len() > 1 {
        match t
            .archives
            .iter()
            .find(|a| tar_remote(a, t.force_local).is_some())
        {
            Some(a) => t.archive = Some(a.clone()),
            None => return Said::unknown("tar with several -f archives (volumes)"),
        }
    }
    let remote = t
        .archive
        .as_deref()
        .and_then(|a| tar_remote(a, t.force_local));
    // What the named programs run: `--rsh-command` and `--rmt-command` only reach a
    // remote archive; a volume script runs whenever a volume ends. A compression program
    // named by one of the compressors `tar --help` lists is not understood (as before);
    // a command line in a separate word is left to the reader of carried commands
    // (`embedded`), which judges what it runs; any other program runs unseen.
    let known_compressor = |v: &str| {
        let mut words = v.split_whitespace();
        words.next().is_some_and(|p| COMPRESSORS.contains(&p))
            && words.all(|w| w.starts_with('-') && !w.contains(['$', '`', ';', '|', '&']))
    };
    if let Some((o, v)) = t.programs.iter().find(|(o, v)| {
        matches!(o.as_str(), "-I" | "--use-compress-program")
            && (known_compressor(v) || v.contains(char::is_whitespace))
    }) {
        return Said::unknown(format!(
            "tar {o} {v} runs a compression program the floor does not model"
        ));
    }
    let programs: Vec<Effect> = t
        .programs
        .iter()
        .filter(|(o, _)| {
            remote.is_some() || !matches!(o.as_str(), "--rsh-command" | "--rmt-command")
        })
        .map(|(o, v)| Effect::Run {
            code: Code::Hidden {
                what: match o.as_str() {
                    "--rsh-command" => format!("the remote shell tar {o} names ({v})"),
                    "--rmt-command" => format!("the program tar {o} runs on the host ({v})"),
                    "-I" | "-I…" | "--use-compress-program" => {
                        format!("the compression program tar {o} names ({v})")
                    }
                    _ => format!("the shell command tar {o} runs at each volume's end ({v})"),
                },
            },
        })
        .collect();
    let mut said = tar_local(cmd, t, remote);
    if !programs.is_empty() {
        let what = programs[0].phrase();
        said.effects.extend(programs);
        if !said.effects.iter().any(Effect::is_unknown) && said.category != "deletion" {
            said.category = "runs-code";
            said.reason = format!("tar {what}");
        }
    }
    said
}

/// `tar` once its programs are set aside: what it reads, writes, sends and deletes.
fn tar_local(cmd: &Cmd, t: TarLine, remote: Option<(String, String)>) -> Said {
    if let Some((host, file)) = remote {
        let archive = t.archive.clone().unwrap_or_default();
        // A host the remote shell would read again (`b@c`, an option) or none.
        if host.is_empty() || host.contains(['@', '\n']) || host.starts_with('-') {
            return Said::unknown(format!(
                "tar -f {archive} names the host {host:?}, which the remote shell reads its own way"
            ));
        }
        if !t.create {
            let mut said = Said::unknown(format!(
                "tar -f {archive} reads the archive from {host} over rsh"
            ));
            said.effects.push(Effect::Net {
                url: None,
                host: Some(host),
                sends: Vec::new(),
            });
            return said;
        }
        if t.operands.is_empty() {
            return Said::unknown("tar -c without files to archive");
        }
        if t.dirs.len() > 1 {
            return Said::unknown("tar with several -C directories");
        }
        let placed = tar_placed(&t);
        let reach = if t.dereference {
            Reach::TreeFollow
        } else {
            Reach::Tree
        };
        let mut said = Said::read(format!(
            "tar sends the archive of {} to {host} over rsh, writing {file} there",
            placed.join(", ")
        ));
        said.category = "remote";
        said.effects.extend(placed.iter().map(|p| Effect::Read {
            path: p.clone(),
            reach,
        }));
        said.effects.push(Effect::Net {
            url: None,
            host: Some(host.clone()),
            sends: placed
                .iter()
                .map(|p| Carry::File { path: p.clone() })
                .collect(),
        });
        said.effects.push(Effect::Remote {
            service: "rsh".into(),
            action: "tar writes an archive on".into(),
            target: Some(archive),
            change: Change::Modify,
        });
        if t.remove_files {
            said.effects
                .extend(placed.into_iter().map(|p| Effect::Delete {
                    path: p,
                    recursive: true,
                }));
            said.category = "deletion";
        }
        return said;
    }
    if t.list {
        if t.archive.is_none() && !cmd.sc.piped_stdin && cmd.sc.stdin_text.is_none() {
            // No -f: tar reads $TAPE or stdin.
            return Said::unknown("tar without -f reads the tape device");
        }
        let reads: Vec<String> = t.archive.into_iter().collect();
        return read_files("tar -t lists an archive".into(), reads);
    }
    if t.dirs.len() > 1 {
        return Said::unknown("tar with several -C directories");
    }
    let dir = t.dirs.first().cloned();
    if t.extract {
        let archive = t.archive.unwrap_or_else(|| "-".into());
        let reads: Vec<String> = std::iter::once(archive.clone()).collect();
        if t.to_stdout {
            return read_files("tar -xO prints an archive's members".into(), reads);
        }
        if t.remove_files {
            return Said::unknown("tar --remove-files while extracting");
        }
        return read_files("tar -x extracts an archive".into(), reads).and(Effect::Unpack {
            archive,
            into: dir.unwrap_or_else(|| ".".into()),
            format: Packed::Tar,
            strip: Some(t.strip),
            flat: false,
            reverse: false,
        });
    }
    // Creation: the operands (under -C) are read whole, the archive written; with
    // --remove-files they are deleted once archived.
    if t.operands.is_empty() {
        return Said::unknown("tar -c without files to archive");
    }
    let placed = tar_placed(&t);
    let reach = if t.dereference {
        Reach::TreeFollow
    } else {
        Reach::Tree
    };
    // The trees archived are read (through links with -h; GNU tar 1.34 stores a link as a
    // link otherwise), the archive written: where each lands, the path floor judges.
    let mut said = Said::read("tar archives files");
    said.effects.extend(placed.iter().map(|p| Effect::Read {
        path: p.clone(),
        reach,
    }));
    match t.archive.as_deref() {
        None => return Said::unknown("tar -c without -f writes to the tape device"),
        Some("-") => {}
        Some(a) if crate::analysis::command::core::is_null_device(a) => {}
        Some(a) => said = said.with_writes(vec![a.to_string()]),
    }
    if t.remove_files {
        said.effects
            .extend(placed.into_iter().map(|p| Effect::Delete {
                path: p,
                recursive: true,
            }));
        said.category = "deletion";
        said.reason = "tar --remove-files deletes the files it archives".into();
    }
    said
}

/// The operands `tar -c` archives, placed under its `-C` directory.
fn tar_placed(t: &TarLine) -> Vec<String> {
    t.operands
        .iter()
        .map(|o| match t.dirs.first() {
            Some(d) if !o.starts_with('/') => format!("{}/{o}", d.trim_end_matches('/')),
            _ => o.clone(),
        })
        .collect()
}

/// `zipinfo` (Info-ZIP's `unzip -Z`): lists an archive's members in one of its formats
/// (`-1 -2 -s -m -l -v -h -M -t -T -z -C`, `-x` exclusions); it extracts and runs nothing
/// (zipinfo(1) of UnZip 6.0). The archive is read; member names only narrow the listing.
pub(super) fn zipinfo(cmd: &Cmd) -> Said {
    let args = cmd.args();
    let mut archive = None;
    let mut excluding = false;
    for a in args {
        if a == "-x" {
            excluding = true;
            continue;
        }
        if let Some(flags) = a.strip_prefix('-') {
            if flags.is_empty() || !flags.chars().all(|c| "12smlvhMtTzC".contains(c)) {
                return Said::unknown(format!("zipinfo {a} is not a listing option"));
            }
            continue;
        }
        if archive.is_none() && !excluding {
            archive = Some(a.clone());
        }
    }
    match archive {
        Some(a) => Said::read("zipinfo lists an archive's members").with_reads(vec![a]),
        None => Said::unknown("zipinfo without an archive"),
    }
}

/// `unzip`: list, test or print the comment (`-l`/`-v`/`-t`/`-z`/`-Z`); or extract
/// (`-d DIR`, `-o`, `-n`, `-q`, `-j`), judged by the members it writes. Member names
/// after the archive (and `-x` exclusions) only narrow what is extracted.
/// The members an extraction names (`tar -xOf backup.tar .ssh/id_rsa`, `unzip -p
/// backup.zip home/dev/.aws/credentials`): what it prints or writes out of the archive. A
/// listing names members too but shows no contents, so it names none here; a tar line the
/// grammar does not read names none (it is not understood anyway). unzip's members are
/// the operands after the archive, up to `-x`, whatever its options.
pub(super) fn members_named(cmd: &Cmd) -> Vec<String> {
    let args = cmd.args();
    match cmd.program() {
        "tar" | "bsdtar" | "gtar" => match tar_line(args) {
            Ok(t) if t.extract && !t.list && !t.create => t.operands,
            _ => Vec::new(),
        },
        "unzip" => {
            let mut pos = Vec::new();
            let mut it = args.iter();
            let mut only = false;
            while let Some(a) = it.next() {
                if only || !a.starts_with('-') || a == "-" {
                    pos.push(a.clone());
                } else if a == "--" {
                    only = true;
                } else if a == "-x" {
                    break;
                } else if a == "-d" || a == "-P" {
                    it.next();
                }
            }
            pos.into_iter().skip(1).collect()
        }
        // `docker cp CONTAINER:SRC DEST` (docker-container-cp(1)) copies SRC out of the
        // container's file system, as an extraction takes a member out of an archive.
        "docker" | "podman" | "nerdctl" => {
            let pos: Vec<&String> = args.iter().filter(|a| !a.starts_with('-')).collect();
            let from = match pos.as_slice() {
                [cp, src, ..] if cp.as_str() == "cp" => Some(src.as_str()),
                [c, cp, src, ..] if c.as_str() == "container" && cp.as_str() == "cp" => {
                    Some(src.as_str())
                }
                _ => None,
            };
            from.and_then(|s| s.split_once(':'))
                .filter(|(c, _)| !c.is_empty() && !c.contains('/'))
                .map(|(_, p)| vec![p.to_string()])
                .unwrap_or_default()
        }
        _ => Vec::new(),
    }
}

pub(super) fn unzip(cmd: &Cmd) -> Said {
    let args = cmd.args();
    if asks_help(args) {
        return Said::read("unzip prints help");
    }
    let mut list = false;
    let mut flat = false;
    let mut dir: Option<String> = None;
    let mut pos = Vec::new();
    let mut after_x = false;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if let Some(b) = a.strip_prefix('-').filter(|b| !b.is_empty()) {
            if b == "x" {
                after_x = true;
                continue;
            }
            if let Some(d) = b.strip_prefix('d') {
                dir = if d.is_empty() {
                    it.next().cloned()
                } else {
                    Some(d.to_string())
                };
                if dir.is_none() {
                    return Said::unknown("unzip -d needs a directory");
                }
                continue;
            }
            if let Some(c) = b.chars().find(|c| !"lvtzZq1onj".contains(*c)) {
                return Said::unknown(format!("unzip -{c} is not an option the floor models"));
            }
            list |= b.contains(['l', 'v', 't', 'z', 'Z']);
            flat |= b.contains('j');
        } else if !after_x {
            pos.push(a.clone());
        }
    }
    let zip: Vec<String> = pos.into_iter().take(1).collect();
    if list {
        return read_files("unzip lists or tests an archive".into(), zip);
    }
    let Some(archive) = zip.first().cloned() else {
        return Said::unknown("unzip without an archive");
    };
    read_files("unzip extracts an archive".into(), zip).and(Effect::Unpack {
        archive,
        into: dir.unwrap_or_else(|| ".".into()),
        format: Packed::Zip,
        strip: Some(0),
        flat,
        reverse: false,
    })
}

/// `zip`: creates or updates an archive from its operands (`-u`, `-f` update or freshen
/// it; `-q`, `-v`, `-j`, `-X`, `-D`, `-0`…`-9` only shape it; `-x`/`-i` patterns only
/// narrow what is archived). `-r` reads whole trees and, unless `-y`, stores what a
/// symbolic link points at (so it follows links); `-m`/`--move` deletes what it archived.
/// Other options are not understood.
pub(super) fn zip(cmd: &Cmd) -> Said {
    let args = cmd.args();
    if asks_help(args) {
        return Said::read("zip prints help");
    }
    let (mut recursive, mut links_kept, mut moves) = (false, false, false);
    let mut pos: Vec<String> = Vec::new();
    let mut only_operands = false;
    // `-TT CMD` / `--unzip-command CMD`: zip runs CMD through the shell to test the archive.
    let mut test_command: Option<String> = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if only_operands || a == "-" || !a.starts_with('-') {
            pos.push(a.clone());
            continue;
        }
        match a.as_str() {
            "--" => only_operands = true,
            // Patterns that narrow what is archived, up to the next option or `@`.
            "-x" | "-i" | "--exclude" | "--include" => {
                while let Some(p) = it.clone().next() {
                    if p.starts_with('-') || p == "@" {
                        break;
                    }
                    it.next();
                }
            }
            "-TT" | "--unzip-command" => match it.next() {
                Some(cmd) => test_command = Some(cmd.clone()),
                None => return Said::unknown(format!("zip {a} without a command")),
            },
            "--recurse-paths" => recursive = true,
            "--symlinks" => links_kept = true,
            "--move" => moves = true,
            "--quiet" | "--verbose" | "--junk-paths" | "--update" | "--freshen" | "--no-extra"
            | "--no-dir-entries" => {}
            l if l.starts_with("--") => {
                return Said::unknown(format!("zip {l} is not an option the floor models"))
            }
            b => {
                let b = &b[1..];
                if let Some(c) = b.chars().find(|c| !"rymqvjufXD0123456789".contains(*c)) {
                    return Said::unknown(format!("zip -{c} is not an option the floor models"));
                }
                recursive |= b.contains('r');
                links_kept |= b.contains('y');
                moves |= b.contains('m');
            }
        }
    }
    let Some((archive, files)) = pos.split_first() else {
        return Said::unknown("zip without an archive");
    };
    if files.is_empty() {
        return Said::unknown("zip without files to archive reads names from its input");
    }
    let reach = match (recursive, links_kept) {
        // `-y` stores a link as a link (zip 3.0, checked here): its target is not read.
        (false, true) => Reach::FileNoFollow,
        (false, false) => Reach::File,
        (true, true) => Reach::Tree,
        (true, false) => Reach::TreeFollow,
    };
    let mut said = Said::read("zip archives files");
    said.effects
        .extend(files.iter().filter(|f| *f != "-").map(|f| Effect::Read {
            path: f.clone(),
            reach,
        }));
    if archive != "-" {
        said = said.with_writes(vec![archive.clone()]);
    }
    if moves {
        said.effects
            .extend(files.iter().filter(|f| *f != "-").map(|f| Effect::Delete {
                path: f.clone(),
                recursive,
            }));
        said.category = "deletion";
        said.reason = "zip -m deletes the files it archives".into();
    }
    if let Some(cmd) = test_command {
        // Code the floor does not see runs: soft, whatever else it does (a delete of a
        // catastrophic target stays what the deletion tier says).
        let what = format!(
            "zip -TT runs the shell command `{}`",
            crate::decision::cause::one_line(&cmd, 60)
        );
        said.effects.retain(|e| !e.is_unknown());
        said.effects.push(Effect::Run {
            code: Code::Hidden { what: what.clone() },
        });
        if !moves {
            said.category = "dynamic-exec";
            said.reason = what;
        }
    }
    said
}

/// GNU `patch`: applies a unified or git diff (`-i FILE` or standard input) to the files
/// it names, judged by those files; `-p N`, `-d DIR`, `-R`, `--dry-run` and quiet or
/// batch options are understood. An operand names the one file every hunk goes to. It
/// may also write `FILE.orig` backups and `FILE.rej` rejects next to each.
pub(super) fn patch(cmd: &Cmd) -> Said {
    let args = cmd.args();
    if asks_help(args) {
        return Said::read("patch prints help or its version");
    }
    let mut strip: Option<u32> = None;
    let mut input: Option<String> = None;
    let mut dir: Option<String> = None;
    let (mut reverse, mut dry) = (false, false);
    let mut pos: Vec<String> = Vec::new();
    let mut it = args.iter();
    let num = |v: Option<&String>| v.and_then(|v| v.parse::<u32>().ok());
    while let Some(a) = it.next() {
        let (name, val) = match a.split_once('=') {
            Some((n, v)) if n.starts_with("--") => (n, Some(v.to_string())),
            _ => (a.as_str(), None),
        };
        let mut take = |val: Option<String>| val.or_else(|| it.next().cloned());
        match name {
            "-N"
            | "--forward"
            | "-s"
            | "--silent"
            | "--quiet"
            | "-t"
            | "--batch"
            | "-f"
            | "--force"
            | "-u"
            | "--unified"
            | "-l"
            | "--ignore-whitespace"
            | "--no-backup-if-mismatch"
            | "--verbose"
            | "-E"
            | "--remove-empty-files" => {}
            "-R" | "--reverse" => reverse = true,
            "--dry-run" => dry = true,
            "-p" | "--strip" => match num(take(val).as_ref()) {
                Some(n) => strip = Some(n),
                None => return Said::unknown("patch -p needs a number"),
            },
            "-i" | "--input" => input = take(val),
            "-d" | "--directory" => dir = take(val),
            "-F" | "--fuzz" => {
                take(val);
            }
            _ if a.starts_with("-p") && a.len() > 2 => match a[2..].parse() {
                Ok(n) => strip = Some(n),
                Err(_) => return Said::unknown("patch -p needs a number"),
            },
            _ if a.starts_with("-i") && a.len() > 2 => input = Some(a[2..].to_string()),
            _ if a.starts_with("-d") && a.len() > 2 => dir = Some(a[2..].to_string()),
            _ if a.starts_with('-') && a != "-" => {
                return Said::unknown(format!("patch {a} is not an option the floor models"))
            }
            _ => pos.push(a.clone()),
        }
    }
    let redirected = cmd
        .sc
        .redirects
        .iter()
        .rev()
        .find(|r| r.op == crate::analysis::shell::RedirectOp::In && !r.dynamic)
        .map(|r| r.target.clone());
    let (target, from_operand) = match pos.as_slice() {
        [] => (None, None),
        [t] => (Some(t.clone()), None),
        [t, p] => (Some(t.clone()), Some(p.clone())),
        _ => return Said::unknown("patch with more than two operands"),
    };
    let archive = input
        .or(from_operand)
        .or(redirected)
        .unwrap_or_else(|| "-".into());
    let mut said = read_files("patch applies a diff".into(), vec![archive.clone()]);
    if dry {
        said.reason = "patch --dry-run only reports".into();
        return said;
    }
    let into = dir.unwrap_or_else(|| ".".into());
    if let Some(t) = target {
        // Every hunk goes to the file named.
        let at = |s: &str| {
            if t.starts_with('/') || into == "." {
                format!("{t}{s}")
            } else {
                format!("{}/{t}{s}", into.trim_end_matches('/'))
            }
        };
        return said.with_writes(vec![at(""), at(".orig"), at(".rej")]);
    }
    said.and(Effect::Unpack {
        archive,
        into,
        format: Packed::Patch,
        strip,
        flat: false,
        reverse,
    })
}

/// `gzip`/`gunzip`/`bzip2`/`bunzip2`/`xz`/`unxz`/`zstd` (checked against each one's
/// `--help`: GNU gzip 1.12, bzip2 1.0.8, XZ Utils 5.4.1, zstd 1.5.4, and by running them): testing, listing and writing to
/// stdout read. Otherwise each FILE is (de)compressed beside itself: compressing reads
/// FILE and writes `FILE.gz` (`.bz2`, `.xz`, `.zst`); decompressing reads `FILE.gz` and
/// writes FILE (`x.tgz` → `x.tar`). The input is then deleted, unless `-k`/`--keep` (zstd
/// keeps it unless `--rm`): a delete, asked about like any. A name without the suffix to
/// strip, `-S` suffixes, `-r` and options not listed are outside the grammar.
///
/// gzip's `-N`/`--name` while decompressing writes the name stored in the archive's
/// header instead (gzip 1.12, checked: `gzip -dkN x.gz` writes `Makefile`, `.bashrc` or
/// `CLAUDE.md` beside it, whatever the header says; only the base name is kept), so the
/// file it writes is not known from the command: not routine. Reading the header when the
/// floor decides would not do (an earlier part of the same command can write the archive,
/// `wget …/x.gz && gunzip -N x.gz`), so the header is not read. `-N` when compressing (the
/// default) or with `-c`, `-t`, `-l` only stores or prints the name. bzip2, xz and zstd
/// store no name and have no such option (each one's `--help`).
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
    // gzip's own: the name stored in the header (`-n`/`-N`).
    const GZIP_ONLY: &[&str] = &["--no-name", "--name"];
    let gzip_family = matches!(prog, "gzip" | "gunzip" | "zcat");
    let mut restores_name = false;
    let mut files = Vec::new();
    let mut output: Option<String> = None;
    let mut removes = false;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "-S" || a == "--suffix" || a.starts_with("--suffix=") {
            return Said::unknown(format!("{prog} -S changes the suffix"));
        } else if prog == "zstd" && a == "--rm" {
            removes = true;
        } else if prog == "zstd" && a == "-o" {
            match it.next() {
                Some(o) => output = Some(o.clone()),
                None => return Said::unknown("zstd -o without a file"),
            }
        } else if a.starts_with("--") {
            if !LONG_OK.contains(&a.as_str()) || (!gzip_family && GZIP_ONLY.contains(&a.as_str())) {
                return Said::unknown(format!("{prog} {a} is not a known option"));
            }
            restores_name |= a == "--name";
        } else if let Some(b) = a.strip_prefix('-').filter(|b| !b.is_empty()) {
            let shorts = if gzip_family {
                "cdtlvfqknN123456789"
            } else {
                "cdtlvfqk123456789"
            };
            if let Some(c) = b.chars().find(|c| !shorts.contains(*c)) {
                return Said::unknown(format!("{prog} -{c} is not a known option"));
            }
            restores_name |= b.contains('N');
        } else {
            files.push(a.clone());
        }
    }
    if stdout || check {
        if output.is_some() {
            return Said::unknown(format!("{prog} -o with -c or -t"));
        }
        return read_files(format!("{prog} tests, lists or prints to stdout"), files);
    }
    if files.is_empty() || files.iter().any(|f| f == "-") {
        return Said::unknown(format!("{prog} filters its standard input"));
    }
    let decompress = matches!(prog, "gunzip" | "bunzip2" | "unxz")
        || short('d')
        || has_flag(args, "--decompress")
        || has_flag(args, "--uncompress");
    let (suffix, tar_suffixes): (&str, &[&str]) = match prog {
        "gzip" | "gunzip" => (".gz", &[".tgz"]),
        "bzip2" | "bunzip2" => (".bz2", &[".tbz2", ".tbz"]),
        "xz" | "unxz" => (".xz", &[".txz"]),
        _ => (".zst", &[".tzst"]),
    };
    if decompress && restores_name {
        return Said::unknown(format!(
            "{prog} --name writes the file name stored in the archive's header, which the floor does not know"
        ));
    }
    let keeps = short('k') || has_flag(args, "--keep") || (prog == "zstd" && !removes);
    if output.is_some() && files.len() != 1 {
        return Said::unknown("zstd -o with several inputs");
    }
    let mut said = Said::read(if decompress {
        format!("{prog} decompresses files beside them")
    } else {
        format!("{prog} compresses files beside them")
    });
    for f in &files {
        let out = if decompress {
            match f.strip_suffix(suffix) {
                Some(base) if !base.is_empty() && !base.ends_with('/') => base.to_string(),
                _ => match tar_suffixes.iter().find_map(|t| f.strip_suffix(t)) {
                    Some(base) if !base.is_empty() && !base.ends_with('/') => format!("{base}.tar"),
                    _ => {
                        return Said::unknown(format!(
                            "{prog} -d {f}: the name does not end in {suffix}"
                        ))
                    }
                },
            }
        } else {
            format!("{f}{suffix}")
        };
        said.effects.push(Effect::read(f.clone()));
        said.effects.push(Effect::write(
            output.clone().unwrap_or(out),
            crate::analysis::effects::WriteHow::Replace,
        ));
        if !keeps {
            said.effects.push(Effect::Delete {
                path: f.clone(),
                recursive: false,
            });
        }
    }
    if !keeps {
        said.category = "deletion";
        said.reason = format!("{prog} deletes each file it (de)compresses (without -k)");
    }
    said
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
