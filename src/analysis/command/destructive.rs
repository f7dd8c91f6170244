//! The destructive floor in two tiers. *Hard* (denied, never lifted): deleting `/`, a
//! top-level directory, the home directory or the workspace or its ancestors (also through
//! globs and expansions that could), wiping disks, fork bombs, recursive permission changes
//! on system or home trees, network or decoded payloads fed to a shell, credentials sent
//! over the network, killing the gate, agents started with their checks off, and
//! force-pushes or history rewrites of the default branch. *Soft* (asked): deletion
//! elsewhere, git operations that lose work or publish, dropping data, infrastructure
//! teardown, killing processes, and publish-like actions. Every entry names its category
//! and reason.

//!
//! Below it: `tier` (the two tiers and the program tables the parts share),
//! `destructive_infra` (databases, containers, cloud, publishing) and `destructive_git`.
//! Above it: `destructive_exec` (agents, fetchers, code run out of sight, and every
//! spelling of a command that still runs). Beside it: `destructive_whole` (whole-command
//! patterns).

use super::core::{is_expansion, pipeline_ids, Cmd, JudgeCtx};
use super::destructive_infra::{cloud, container, db, DB_CLIENTS, PUBLISH};
use super::routine;
use super::tier::{hit, Hit, Tier, AGENT_SKIP_FLAGS};
use crate::analysis::effects::programs::files;
use crate::analysis::shell::{Origin, SimpleCommand};
use crate::context::paths;
use std::path::{Path, PathBuf};

/// Targets inherited from a parent: `find ROOT -exec rm {} \;` deletes under ROOT, and
/// `… | xargs rm` deletes what the producer of its stdin names.
pub(super) fn inherited_targets(
    cmd: &Cmd,
    all: &[SimpleCommand],
    i: usize,
) -> Option<Vec<(String, bool)>> {
    match cmd.sc.origin {
        Origin::FindExec => {
            let find = all
                .get(..i)?
                .iter()
                .rev()
                .find(|c| c.program() == Some("find"))?;
            let mut roots = Vec::new();
            let off = find.argv.len().saturating_sub(find.exec.len());
            for (k, a) in find.exec.iter().enumerate().skip(1) {
                if a.starts_with('-') || a == "(" || a == "!" {
                    if matches!(a.as_str(), "-H" | "-L" | "-P") {
                        continue;
                    }
                    break;
                }
                roots.push((
                    a.clone(),
                    find.dynamic_words.get(off + k).copied().unwrap_or(false),
                ));
            }
            if roots.is_empty() {
                roots.push((".".to_string(), false));
            }
            Some(roots)
        }
        Origin::Xargs => {
            let mut words = Vec::new();
            let ids = pipeline_ids(all);
            let me = ids.get(i).copied().unwrap_or(usize::MAX);
            for (j, c) in all.iter().enumerate().take(i) {
                if ids.get(j) != Some(&me) || c.part == cmd.sc.part || c.program() == Some("xargs")
                {
                    continue;
                }
                let off = c.argv.len().saturating_sub(c.exec.len());
                for (k, a) in c.exec.iter().enumerate().skip(1) {
                    if !a.starts_with('-') {
                        words.push((
                            a.clone(),
                            c.dynamic_words.get(off + k).copied().unwrap_or(false),
                        ));
                    }
                }
            }
            Some(words)
        }
        _ => None,
    }
}

/// A computed word naming one thing, not a directory's contents: `$log`, `"$(mktemp)"`
/// (not `$X/*`, `$X/`).
fn one_name(word: &str) -> bool {
    is_expansion(word) && {
        let last = word.rsplit('/').next().unwrap_or(word);
        !last.is_empty() && !MATCH_ALL.contains(&last) && !last.ends_with('*')
    }
}

/// Glob components that match everything in a directory.
const MATCH_ALL: &[&str] = &[
    "*", ".*", "*.*", ".[!.]*", ".??*", "{*,.*}", "{.*,*}", "**", "*/",
];

/// Directories meant to be emptied: deleting them is asked about, not denied.
const SCRATCH: &[&str] = &["/tmp", "/var/tmp", "/private/tmp"];

/// Does deleting this target destroy something no one can get back?
pub(super) fn hard_target(word: &str, dynamic: bool, cmd: &Cmd, ctx: &JudgeCtx) -> Option<String> {
    if dynamic && is_expansion(word) {
        let prefix = &word[..word.find(['$', '`']).unwrap_or(0)];
        if prefix.is_empty() || prefix == "./" || prefix == "." {
            // `$X`, `$X/`, `$X/*` could be `/` or the home directory; `$TMPDIR/build`
            // names one thing below whatever `$X` is.
            let tail = word.split_once('/').map(|(_, t)| t).unwrap_or("");
            if tail.is_empty() || MATCH_ALL.contains(&tail) {
                return Some(format!(
                    "{word} is computed at run time and could be empty or /"
                ));
            }
            return None;
        }
        let dir = if prefix.ends_with('/') {
            prefix.to_string()
        } else {
            Path::new(prefix)
                .parent()
                .map(|p| p.display().to_string())
                .unwrap_or_default()
        };
        return hard_dir(&dir, cmd, ctx).map(|w| format!("{word} expands inside {w}"));
    }
    if dynamic {
        // A glob: the directory it matches in, if the last part matches everything.
        let dir = routine::glob_dir(word);
        let last = word.rsplit('/').next().unwrap_or(word);
        if MATCH_ALL.contains(&last) {
            return hard_dir(&dir, cmd, ctx).map(|w| format!("{word} matches everything in {w}"));
        }
        return None;
    }
    hard_dir(word, cmd, ctx)
}

/// Is this literal directory `/`, top-level, home, or the workspace or an ancestor?
fn hard_dir(word: &str, cmd: &Cmd, ctx: &JudgeCtx) -> Option<String> {
    let base: PathBuf = match cmd.cwd.dir() {
        Some(d) => d.to_path_buf(),
        None if Path::new(word).is_absolute() || word.starts_with('~') => PathBuf::from("/"),
        // Relative to a directory that is not known (after a `cd` to a computed place, on
        // an ssh host): the directory itself or one above it could be anything, the home
        // directory included; a name below it is one entry, asked about like any delete.
        None => {
            let up_or_itself = Path::new(word)
                .components()
                .all(|c| matches!(c, std::path::Component::CurDir))
                || Path::new(word)
                    .components()
                    .any(|c| matches!(c, std::path::Component::ParentDir));
            return up_or_itself
                .then(|| format!("{word} is relative to a directory that is not known"));
        }
    };
    let forms = paths::forms(word, &base, ctx.home);
    for p in forms.forms() {
        if let Some(w) = hard_place(p, ctx) {
            return Some(w);
        }
    }
    None
}

fn hard_place(p: &Path, ctx: &JudgeCtx) -> Option<String> {
    if SCRATCH.iter().any(|t| p == Path::new(t)) {
        return None;
    }
    let n = p.components().count();
    if n <= 1 {
        return Some("the root directory".into());
    }
    if n == 2 {
        return Some(format!("the top-level directory {}", p.display()));
    }
    if ctx.home.starts_with(p) {
        return Some(format!("{} (your home directory or above it)", p.display()));
    }
    // Another person's home: one directly under the directories that hold homes
    // (`/home/NAME`, macOS `/Users/NAME`). Not "beside yours": with a home under /tmp (a
    // sandbox, a test) every temporary directory would be someone's home.
    if n == 3 && (p.starts_with("/home") || p.starts_with("/Users")) {
        return Some(format!("{} (a person's home directory)", p.display()));
    }
    if ctx
        .workspace
        .roots
        .iter()
        .any(|r| r.forms().any(|root| root.starts_with(p)))
    {
        return Some(format!("{} (the workspace or above it)", p.display()));
    }
    None
}

/// Split args into short/long flags and positionals (after `--` everything is positional).
fn split_args(cmd: &Cmd) -> (Vec<String>, Vec<(String, bool)>) {
    let mut flags = Vec::new();
    let mut pos = Vec::new();
    let mut ended = false;
    for (i, a) in cmd.args().iter().enumerate() {
        if !ended && a == "--" {
            ended = true;
        } else if !ended && a.starts_with('-') && a.len() > 1 {
            flags.push(a.clone());
        } else {
            pos.push((a.clone(), cmd.arg_dynamic(i)));
        }
    }
    (flags, pos)
}

fn has_short(flags: &[String], c: char) -> bool {
    flags
        .iter()
        .any(|f| !f.starts_with("--") && f.chars().skip(1).any(|x| x == c))
}

fn has_long(flags: &[String], names: &[&str]) -> bool {
    flags.iter().any(|f| {
        names
            .iter()
            .any(|n| f == n || f.starts_with(&format!("{n}=")))
    })
}

/// The hard and soft tiers for one command.
pub(super) fn check(
    cmd: &Cmd,
    inherited: Option<&[(String, bool)]>,
    ctx: &JudgeCtx,
) -> Option<Hit> {
    let prog = cmd.program();
    // Disk devices written through a redirection.
    for r in &cmd.sc.redirects {
        if r.op.writes() && is_disk_device(&r.target) {
            return hit(
                Tier::Hard,
                "disk",
                format!("writes straight to the disk device {}", r.target),
            );
        }
    }
    if let Some(dev) = device_write(cmd) {
        return hit(
            Tier::Hard,
            "disk",
            format!("{prog} writes straight to the disk device {dev}"),
        );
    }
    if let Some(mode) = special_mode(cmd) {
        return hit(
            Tier::Soft,
            "permissions",
            format!(
                "{prog} sets the set-user-ID or set-group-ID bit ({mode}): the file then runs with its owner's or group's privileges, whoever starts it"
            ),
        );
    }
    if prog.starts_with("mkfs") || prog == "wipefs" || prog == "mkswap" {
        let on_device = cmd.args().iter().any(|a| a.starts_with("/dev/")) || cmd.has_expansion();
        if on_device {
            return hit(
                Tier::Hard,
                "disk",
                format!("{prog} erases a file system on a device"),
            );
        }
        return hit(Tier::Soft, "disk", format!("{prog} formats an image file"));
    }
    let (flags, pos) = split_args(cmd);
    if let Some((_, flag)) = AGENT_SKIP_FLAGS
        .iter()
        .find(|(p, f)| *p == prog && cmd.args().iter().any(|a| a == f))
    {
        return hit(
            Tier::Hard,
            "unguarded-agent",
            format!("starts {prog} with {flag}, which turns its permission checks off"),
        );
    }
    if prog == "claude" {
        let args = cmd.args();
        if args
            .windows(2)
            .any(|w| w[0] == "--permission-mode" && w[1] == "bypassPermissions")
        {
            return hit(
                Tier::Hard,
                "unguarded-agent",
                "starts claude with permission checks bypassed",
            );
        }
    }
    if matches!(prog, "gemini" | "codex") {
        let args = cmd.args();
        if args.windows(2).any(|w| {
            (w[0] == "--approval-mode" && w[1] == "yolo")
                || ((w[0] == "-s" || w[0] == "--sandbox") && w[1] == "danger-full-access")
        }) {
            return hit(
                Tier::Hard,
                "unguarded-agent",
                format!("starts {prog} with its checks off"),
            );
        }
    }
    match prog {
        _ if super::catalog::owns_tier(prog) => super::catalog::tier(cmd, ctx),
        "rm" | "rmdir" | "unlink" | "shred" | "srm" | "trash" | "trash-put" => {
            deletion(cmd, prog, &flags, &pos, inherited, ctx)
        }
        "find" if cmd.args().iter().any(|a| a == "-delete") => {
            let roots = inherited_targets_find(cmd);
            for (t, d) in &roots {
                if let Some(why) =
                    hard_target(t, *d, cmd, ctx).filter(|w| !w.contains("the workspace"))
                {
                    return hit(
                        Tier::Hard,
                        "deletion",
                        format!("find -delete would delete {why}"),
                    );
                }
            }
            hit(
                Tier::Soft,
                "deletion",
                "find -delete deletes the files it matches",
            )
        }
        "rsync"
            if flags.iter().any(|f| {
                f.starts_with("--delete") || *f == "--del" || *f == "--remove-source-files"
            }) =>
        {
            // `--delete*` deletes in the destination, `--remove-source-files` the sources.
            let deletes = flags
                .iter()
                .any(|f| f.starts_with("--delete") || *f == "--del");
            let removes = flags.iter().any(|f| *f == "--remove-source-files");
            let n = pos.len();
            for (k, (t, d)) in pos.iter().enumerate() {
                let dest = k + 1 == n;
                if (dest && !deletes) || (!dest && !removes) {
                    continue;
                }
                if let Some(why) = hard_target(t, *d, cmd, ctx) {
                    let opt = if dest {
                        "--delete"
                    } else {
                        "--remove-source-files"
                    };
                    return hit(
                        Tier::Hard,
                        "deletion",
                        format!("rsync {opt} would delete {why}"),
                    );
                }
            }
            hit(
                Tier::Soft,
                "deletion",
                if deletes {
                    "rsync --delete deletes files at the destination"
                } else {
                    "rsync --remove-source-files deletes the files it copied"
                },
            )
        }
        "mv" => {
            // The sources, as mv's grammar reads them (leniently when it cannot).
            let sources: Vec<(String, bool)> = match files::transfer(cmd.argv, cmd.dynamic) {
                Some(Ok(t)) => t
                    .sources
                    .iter()
                    .map(|w| (w.text.to_string(), w.dynamic))
                    .collect(),
                _ => pos
                    .iter()
                    .take(pos.len().saturating_sub(1))
                    .cloned()
                    .collect(),
            };
            if pos.last().is_some_and(|(p, _)| p == "/dev/null") {
                return hit(
                    Tier::Hard,
                    "deletion",
                    "mv into /dev/null destroys the source",
                );
            }
            for (t, d) in &sources {
                if let Some(why) = hard_target(t, *d, cmd, ctx) {
                    return hit(Tier::Hard, "deletion", format!("mv would move away {why}"));
                }
            }
            None
        }
        "fdisk" | "sfdisk" | "parted" | "gdisk" | "sgdisk"
            if !flags.iter().any(|f| f == "-l" || f == "--list") =>
        {
            hit(
                Tier::Hard,
                "disk",
                format!("{prog} rewrites a partition table"),
            )
        }
        "chmod" | "chown" | "chgrp" => {
            // The files changed, as the program's grammar reads them (its first operand
            // is the mode or owner unless --reference names one); leniently when the
            // grammar cannot read the argv.
            let (targets, recursive) = match metadata_targets(cmd) {
                Some(t) => t,
                None => {
                    let recursive = has_short(&flags, 'R')
                        || has_short(&flags, 'r')
                        || has_long(&flags, &["--recursive"]);
                    let skip = usize::from(!flags.iter().any(|f| f.starts_with("--reference")));
                    (pos.iter().skip(skip).cloned().collect(), recursive)
                }
            };
            for (t, d) in &targets {
                if let Some(why) = hard_target(t, *d, cmd, ctx) {
                    let tree = why.contains("root directory")
                        || why.contains("top-level")
                        || why.contains("home");
                    if recursive || tree {
                        return hit(
                            Tier::Hard,
                            "permissions",
                            format!("{prog} changes permissions of {why}"),
                        );
                    }
                }
            }
            None
        }
        "kill" | "pkill" | "killall" | "skill" => {
            if cmd.args().iter().any(|a| a.contains("gatehook")) {
                return hit(
                    Tier::Hard,
                    "gate-tampering",
                    format!("{prog} would stop gatehook"),
                );
            }
            // Jobs of the shell that runs the command (`kill %1`, `kill -TERM %+`): only
            // what this command put in the background (the grammar in `programs::own`).
            if prog == "kill"
                && crate::analysis::effects::programs::kill_names_jobs(cmd.argv, cmd.dynamic)
            {
                return None;
            }
            // Every process of the user (`kill -1`, `kill 0`, `pkill -u dev`, `killall
            // -u dev`): not only ones the agent started.
            let args = cmd.args();
            let every = args.iter().any(|a| {
                // `kill 1` signals init (the whole machine, as root).
                matches!(a.as_str(), "-1" | "0")
                    || (prog == "kill" && a == "1")
                    || (prog != "kill"
                        && (a.starts_with("-u")
                            || a.starts_with("-U")
                            || a.starts_with("--user")
                            || a.starts_with("--uid")
                            || a.starts_with("--euid")))
            });
            if every {
                return hit(
                    Tier::Soft,
                    "every-process",
                    format!("{prog} stops every process of a user, not only the session's"),
                );
            }
            // A name or pattern that matches every process of a runtime the user runs
            // many programs in (`pkill -f node`, `killall -9 python3`): the agent's own
            // harness among them (Claude Code and Gemini CLI run on node, Aider on
            // python), and whatever else the person has open.
            if prog != "kill" {
                if let Some(name) = broad_process_pattern(args) {
                    return hit(
                        Tier::Soft,
                        "broad-kill",
                        format!(
                            "{prog} stops every process matching `{name}`, the agent's own harness and the person's other programs among them"
                        ),
                    );
                }
            }
            hit(Tier::Soft, "process", format!("{prog} kills processes"))
        }
        // A job submitted to run later, outside the session (the job's text is judged as
        // its own command by the shell analysis); listing, removing or printing jobs submits
        // none.
        "at" | "batch"
            if !flags
                .iter()
                .any(|f| !f.starts_with("--") && f.contains(['l', 'r', 'd', 'c'])) =>
        {
            hit(
                Tier::Soft,
                "persistence",
                format!("{prog} schedules a command to run later, outside this session"),
            )
        }
        "crontab" if !flags.iter().any(|f| f == "-l") => hit(
            Tier::Soft,
            "persistence",
            "crontab replaces or removes scheduled jobs",
        ),
        "shutdown" | "reboot" | "halt" | "poweroff" => {
            hit(Tier::Soft, "system", format!("{prog} stops the machine"))
        }
        "git" => super::destructive_git::check(cmd),
        _ if DB_CLIENTS.contains(&prog) => db(cmd),
        // docker, podman, aws, gcloud, az, gh: `catalog` (above).
        "nerdctl" => container(&pos),
        "doctl" => cloud(prog, &pos),
        "vercel"
            if flags.iter().any(|f| f == "--prod")
                || pos
                    .first()
                    .is_some_and(|(p, _)| p == "deploy" || p == "--prod") =>
        {
            hit(Tier::Soft, "publish", "vercel deploys")
        }
        _ => {
            let sub = pos.first().map(|p| p.0.as_str()).unwrap_or("");
            // The registry verbs' listings (`npm access get status`, `npm owner ls`,
            // `npm dist-tag ls`) change nothing.
            let lists = matches!(sub, "access" | "owner" | "dist-tag")
                && pos
                    .get(1)
                    .is_none_or(|(w, _)| matches!(w.as_str(), "ls" | "list" | "get"));
            if lists {
                return None;
            }
            if let Some((p, s)) = PUBLISH.iter().find(|(p, s)| *p == prog && *s == sub) {
                let cat = if matches!(*s, "destroy" | "delete" | "uninstall" | "drain") {
                    "infrastructure"
                } else {
                    "publish"
                };
                return hit(
                    Tier::Soft,
                    cat,
                    format!("{p} {s} changes shared or remote state"),
                );
            }
            None
        }
    }
}

/// What a delete reaches and whether it is forced, from the program's grammar; an argv
/// the grammar cannot read (a BSD option, an option of a later version, a program with
/// no grammar) is read leniently — every non-option word a target — so no unknown option
/// slips a catastrophic delete past the hard tier. Deletes are soft otherwise: whether
/// what is deleted can be recovered is not shown cheaply (a git index or object store
/// would have to be read to prove a file is committed and unchanged).
fn deletion(
    cmd: &Cmd,
    prog: &str,
    flags: &[String],
    pos: &[(String, bool)],
    inherited: Option<&[(String, bool)]>,
    ctx: &JudgeCtx,
) -> Option<Hit> {
    // `recursive` as rm's grammar reads it (`-r`, `-R`, `--recursive` and its prefixes);
    // when the grammar cannot read the command, as the flags suggest, or assumed.
    let (named, forced, recursive): (Vec<(String, bool)>, bool, bool) =
        match files::deletions(cmd.argv, cmd.dynamic) {
            Some(Ok((dels, forced))) => (
                dels.iter()
                    .map(|d| (d.word.to_string(), d.dynamic))
                    .collect(),
                forced,
                prog != "rm" || dels.iter().any(|d| d.recursive),
            ),
            _ => {
                let recursive = has_short(flags, 'r')
                    || has_short(flags, 'R')
                    || flags.iter().any(|f| f.starts_with("--"));
                let force = has_short(flags, 'f') || has_long(flags, &["--force"]);
                (
                    pos.to_vec(),
                    recursive || force || prog == "shred",
                    recursive || prog != "rm",
                )
            }
        };
    let targets: Vec<(String, bool)> = match inherited {
        Some(t) if named.iter().all(|(p, _)| p == "{}") || named.is_empty() => t.to_vec(),
        _ => named.clone(),
    };
    let writes: Vec<String> = named
        .iter()
        .filter(|(p, d)| !d && p != "{}")
        .map(|(p, _)| p.clone())
        .collect();
    if prog == "shred" {
        if let Some((t, _)) = targets.iter().find(|(t, _)| is_disk_device(t)) {
            return Some((
                Tier::Hard,
                "disk",
                format!("shred overwrites the disk device {t}"),
                writes,
            ));
        }
    }
    // Without recursion rm deletes no directory: a name computed at run time (`rm -f
    // "$log"`) is one file, asked about like any delete; a glob that matches everything in
    // a directory still deletes all its files.
    if forced || cmd.sc.origin == Origin::Xargs {
        for (t, d) in &targets {
            if !recursive && *d && one_name(t) {
                continue;
            }
            // A find filter chooses among the files under the workspace: asked.
            let found = inherited.is_some() && cmd.sc.origin == Origin::FindExec;
            if let Some(why) =
                hard_target(t, *d, cmd, ctx).filter(|w| !(found && w.contains("the workspace")))
            {
                return Some((
                    Tier::Hard,
                    "deletion",
                    format!("{prog} would delete {why}"),
                    writes,
                ));
            }
        }
    }
    let what = if targets.is_empty() {
        "files named at run time".to_string()
    } else {
        targets
            .iter()
            .map(|(t, _)| t.as_str())
            .collect::<Vec<_>>()
            .join(" ")
    };
    Some((
        Tier::Soft,
        "deletion",
        format!("{prog} deletes {what}"),
        writes,
    ))
}

/// The files `chmod`/`chown`/`chgrp` change and whether recursively, from the grammar.
fn metadata_targets(cmd: &Cmd) -> Option<(Vec<(String, bool)>, bool)> {
    let p = crate::analysis::effects::programs::lookup(cmd.program())?;
    let parsed =
        crate::analysis::effects::grammar::parse(&p.grammar, cmd.argv, cmd.dynamic).ok()?;
    let skip = usize::from(!parsed.has("--reference"));
    let targets = parsed
        .operands
        .iter()
        .skip(skip)
        .map(|(w, _)| (w.text.to_string(), w.dynamic))
        .collect();
    Some((targets, parsed.has("-R")))
}

/// A write the program's grammar names straight to a device (`tee /dev/sda`, `cp img
/// /dev/nvme0n1`, `dd of=/dev/sdb`, `dd of=/dev/mem`); the null device, the terminal and
/// the standard streams are not devices here.
fn device_write(cmd: &Cmd) -> Option<String> {
    let p = crate::analysis::effects::programs::lookup(cmd.program())?;
    let effects = crate::analysis::effects::programs::effects(p, cmd.argv, cmd.dynamic).ok()?;
    effects.iter().find_map(|e| match e {
        crate::analysis::effects::Effect::Write { path, .. }
            if is_disk_device(path)
                || (path.starts_with("/dev/")
                    && !super::core::is_null_device(path)
                    && !path.starts_with("/dev/fd/")
                    && !matches!(
                        path.as_str(),
                        "/dev/zero" | "/dev/random" | "/dev/urandom" | "/dev/full"
                    )) =>
        {
            Some(path.clone())
        }
        _ => None,
    })
}

fn inherited_targets_find(cmd: &Cmd) -> Vec<(String, bool)> {
    let mut roots = Vec::new();
    for (i, a) in cmd.args().iter().enumerate() {
        if matches!(a.as_str(), "-H" | "-L" | "-P") {
            continue;
        }
        if a.starts_with('-') || a == "(" || a == "!" {
            break;
        }
        roots.push((a.clone(), cmd.arg_dynamic(i)));
    }
    if roots.is_empty() {
        roots.push((".".into(), false));
    }
    roots
}

/// Does `t` name a disk device (`/dev/sda`, `/dev/nvme0n1`, `/dev/mapper/…`)?
pub(super) fn is_disk_device(t: &str) -> bool {
    let Some(d) = t.strip_prefix("/dev/") else {
        return false;
    };
    [
        "sd", "hd", "vd", "xvd", "nvme", "mmcblk", "disk", "rdisk", "md", "dm-", "mapper/", "loop",
    ]
    .iter()
    .any(|p| d.starts_with(p))
}

/// The operand of `pkill`/`killall`/`skill` that matches every process of a common
/// runtime, shell, editor or browser, or almost anything (a pattern of fewer than three
/// literal characters): the pattern with its regex anchors and punctuation removed, when
/// it is one of those names. Options' values (`-s SIG`, `--signal SIG`, `-t TERM`, `-g
/// PGID`) are skipped.
fn broad_process_pattern(args: &[String]) -> Option<String> {
    const RUNTIMES: &[&str] = &[
        "node",
        "nodejs",
        "npm",
        "npx",
        "deno",
        "bun",
        "python",
        "python2",
        "python3",
        "java",
        "ruby",
        "perl",
        "php",
        "dotnet",
        "bash",
        "sh",
        "zsh",
        "fish",
        "dash",
        "ksh",
        "tmux",
        "screen",
        "ssh",
        "sshd",
        "code",
        "electron",
        "chrome",
        "chromium",
        "firefox",
        "claude",
        "gemini",
        "cursor",
        "git",
        "docker",
        "containerd",
        "dockerd",
        "systemd",
        "init",
        "login",
        "sudo",
    ];
    const VALUED: &[&str] = &[
        "-s",
        "--signal",
        "-t",
        "--terminal",
        "-g",
        "--pgroup",
        "-G",
        "--group",
        "-P",
        "--parent",
        "-F",
        "--pidfile",
        "--ns",
        "--nslist",
        "-o",
        "--older-than",
        "-y",
        "--younger-than",
        "--session",
        "-c",
        "--context",
    ];
    let mut skip = false;
    for a in args {
        if skip {
            skip = false;
            continue;
        }
        if VALUED.contains(&a.as_str()) {
            skip = true;
            continue;
        }
        if a.starts_with('-') {
            continue;
        }
        let literal: String = a
            .trim_start_matches('^')
            .trim_end_matches('$')
            .chars()
            .filter(|c| {
                !matches!(
                    c,
                    '.' | '*' | '+' | '?' | '\\' | '(' | ')' | '[' | ']' | '|'
                )
            })
            .collect();
        let base = literal.rsplit('/').next().unwrap_or(&literal);
        let digits = base.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
        if literal.chars().count() < 3 || RUNTIMES.contains(&base) || RUNTIMES.contains(&digits) {
            return Some(a.clone());
        }
    }
    None
}

/// The mode a command gives files when it sets the set-user-ID or set-group-ID bit:
/// chmod's mode operand (octal `4755`/`2755`/`06755`, symbolic `u+s`, `+s`, `g=rxs`;
/// chmod(1)), and the `-m`/`--mode` of install(1) (a directory's set-group-ID bit from
/// `mkdir -m 2775` only passes the group on). Every word is
/// looked at, whatever the grammar makes of it, so a mode anywhere counts.
fn special_mode(cmd: &Cmd) -> Option<String> {
    let prog = cmd.program();
    let args = cmd.args();
    let modes: Vec<&str> = match prog {
        "chmod" => args
            .iter()
            .filter(|a| !a.starts_with("--"))
            .map(String::as_str)
            .collect(),
        "install" | "ginstall" => {
            let mut out = Vec::new();
            for (i, a) in args.iter().enumerate() {
                if let Some(m) = a.strip_prefix("--mode=") {
                    out.push(m);
                } else if a == "-m" || a == "--mode" {
                    if let Some(m) = args.get(i + 1) {
                        out.push(m.as_str());
                    }
                } else if let Some(m) = a.strip_prefix("-m").filter(|m| !m.is_empty()) {
                    out.push(m);
                }
            }
            out
        }
        _ => return None,
    };
    modes
        .into_iter()
        .find(|m| sets_special_bits(m))
        .map(str::to_string)
}

/// Whether a chmod-style mode sets the set-user-ID or set-group-ID bit.
fn sets_special_bits(mode: &str) -> bool {
    if !mode.is_empty() && mode.bytes().all(|b| (b'0'..=b'7').contains(&b)) {
        return u32::from_str_radix(mode, 8).is_ok_and(|m| m & 0o6000 != 0);
    }
    // Symbolic: clauses `[ugoa]*[-+=][perms]…`, comma-separated; `s` after a `+` or `=`.
    mode.split(',').any(|clause| {
        let Some(op_at) = clause.find(['+', '=', '-']) else {
            return false;
        };
        if !clause[..op_at].bytes().all(|b| b"ugoa".contains(&b)) {
            return false;
        }
        let mut adding = false;
        for c in clause[op_at..].chars() {
            match c {
                '+' | '=' => adding = true,
                '-' => adding = false,
                's' if adding => return true,
                _ => {}
            }
        }
        false
    })
}
