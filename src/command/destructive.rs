//! The destructive floor in two tiers. *Hard* (denied, never lifted): deleting `/`, a
//! top-level directory, the home directory or the workspace or its ancestors (also through
//! globs and expansions that could), wiping disks, fork bombs, recursive permission changes
//! on system or home trees, network or decoded payloads fed to a shell, credentials sent
//! over the network, killing the gate, agents started with their checks off, and
//! force-pushes or history rewrites of the default branch. *Soft* (asked): deletion
//! elsewhere, git operations that lose work or publish, dropping data, infrastructure
//! teardown, killing processes, and publish-like actions. Every entry names its category
//! and reason.

use super::{is_expansion, routine, Class, Cmd, Finding, JudgeCtx, Verdict};
use crate::floor::{Access, PathClass};
use crate::paths;
use crate::shell::{Analysis, Opaque, Origin, SimpleCommand};
use std::path::{Path, PathBuf};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Tier {
    Hard,
    Soft,
}

impl Tier {
    pub fn class(self, category: &'static str, reason: String) -> Class {
        match self {
            Tier::Hard => Class::Hard { category, reason },
            Tier::Soft => Class::Soft { category, reason },
        }
    }
}

pub(super) type Hit = (Tier, &'static str, String, Vec<String>);

fn hit(t: Tier, cat: &'static str, reason: impl Into<String>) -> Option<Hit> {
    Some((t, cat, reason.into(), Vec::new()))
}

/// Agents and the flags that turn their permission checks off.
const AGENT_SKIP_FLAGS: &[(&str, &str)] = &[
    ("claude", "--dangerously-skip-permissions"),
    ("claude", "--allow-dangerously-skip-permissions"),
    ("claude", "--permission-mode=bypassPermissions"),
    ("gemini", "--yolo"),
    ("gemini", "-y"),
    ("gemini", "--approval-mode=yolo"),
    ("codex", "--dangerously-bypass-approvals-and-sandbox"),
    ("codex", "--yolo"),
    ("codex", "--sandbox=danger-full-access"),
    ("q", "--trust-all-tools"),
    ("kiro-cli", "--trust-all-tools"),
    ("cursor-agent", "--force"),
    ("cursor-agent", "-f"),
    ("amp", "--dangerously-allow-all"),
    ("copilot", "--allow-all-tools"),
    ("copilot", "--yolo"),
    ("aider", "--yes-always"),
    ("opencode", "--dangerously-skip-permissions"),
    ("qwen", "--yolo"),
    ("qwen", "-y"),
];

/// Programs that reach the network.
pub(super) const NETWORK: &[&str] = &[
    "curl", "wget", "nc", "ncat", "netcat", "socat", "ssh", "scp", "sftp", "rsync", "dig",
    "nslookup", "host", "ping", "telnet", "ftp", "http", "https", "xh", "aria2c", "gh", "openssl",
    "fetch",
];

/// Programs whose output is a payload fetched from the network.
const FETCHERS: &[&str] = &[
    "curl", "wget", "fetch", "http", "https", "xh", "aria2c", "nc", "ncat", "socat",
];

/// Shells and interpreters: a payload fed to them runs.
pub(super) const RUNNERS: &[&str] = &[
    "sh",
    "bash",
    "zsh",
    "dash",
    "ksh",
    "fish",
    "python",
    "python2",
    "python3",
    "perl",
    "ruby",
    "node",
    "nodejs",
    "php",
    "lua",
    "deno",
    "bun",
    "pwsh",
    "osascript",
    "tclsh",
];

/// Database clients and the statements that destroy data.
const DB_CLIENTS: &[&str] = &[
    "psql",
    "mysql",
    "mariadb",
    "sqlite3",
    "redis-cli",
    "mongo",
    "mongosh",
    "cqlsh",
    "clickhouse-client",
    "clickhouse",
    "sqlcmd",
    "duckdb",
    "cockroach",
];
const DB_DESTROY: &[&str] = &[
    "DROP ",
    "TRUNCATE",
    "DELETE FROM",
    "FLUSHALL",
    "FLUSHDB",
    "DROPDATABASE",
    ".DROP(",
    "DELETEMANY",
    "ALTER TABLE",
    "UNLINK ",
];

/// Publish-like actions: `(program, subcommand)`.
const PUBLISH: &[(&str, &str)] = &[
    ("npm", "publish"),
    ("npm", "unpublish"),
    ("pnpm", "publish"),
    ("yarn", "publish"),
    ("cargo", "publish"),
    ("cargo", "yank"),
    ("docker", "push"),
    ("podman", "push"),
    ("twine", "upload"),
    ("gem", "push"),
    ("fly", "deploy"),
    ("flyctl", "deploy"),
    ("netlify", "deploy"),
    ("firebase", "deploy"),
    ("wrangler", "deploy"),
    ("wrangler", "publish"),
    ("serverless", "deploy"),
    ("sls", "deploy"),
    ("vercel", "deploy"),
    ("railway", "up"),
    ("heroku", "releases:rollback"),
    ("helm", "install"),
    ("helm", "upgrade"),
    ("helm", "uninstall"),
    ("helm", "delete"),
    ("kubectl", "apply"),
    ("kubectl", "delete"),
    ("kubectl", "drain"),
    ("kubectl", "replace"),
    ("kubectl", "scale"),
    ("terraform", "destroy"),
    ("terraform", "apply"),
    ("tofu", "destroy"),
    ("tofu", "apply"),
    ("pulumi", "destroy"),
    ("pulumi", "up"),
];

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

/// Glob components that match everything in a directory.
const MATCH_ALL: &[&str] = &[
    "*", ".*", "*.*", ".[!.]*", ".??*", "{*,.*}", "{.*,*}", "**", "*/",
];

/// Directories meant to be emptied: deleting them is asked about, not denied.
const SCRATCH: &[&str] = &["/tmp", "/var/tmp", "/private/tmp"];

/// Does deleting this target destroy something no one can get back?
fn hard_target(word: &str, dynamic: bool, cmd: &Cmd, ctx: &JudgeCtx) -> Option<String> {
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
        None => {
            return Some(format!(
                "{word} is relative to a directory that is not known"
            ))
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
        "rm" | "rmdir" | "unlink" | "shred" | "srm" | "trash" | "trash-put" => {
            let recursive = has_short(&flags, 'r')
                || has_short(&flags, 'R')
                || has_long(&flags, &["--recursive"]);
            let force = has_short(&flags, 'f') || has_long(&flags, &["--force"]);
            let targets: Vec<(String, bool)> = match inherited {
                Some(t) if pos.iter().all(|(p, _)| p == "{}") || pos.is_empty() => t.to_vec(),
                _ => pos.clone(),
            };
            let writes: Vec<String> = pos
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
            if recursive || force || prog == "shred" || cmd.sc.origin == Origin::Xargs {
                for (t, d) in &targets {
                    // A find filter chooses among the files under the workspace: asked.
                    let found = inherited.is_some() && cmd.sc.origin == Origin::FindExec;
                    if let Some(why) = hard_target(t, *d, cmd, ctx)
                        .filter(|w| !(found && w.contains("the workspace")))
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
            if flags
                .iter()
                .any(|f| f.starts_with("--delete") || f == "--remove-source-files") =>
        {
            if let Some((t, d)) = pos.last() {
                if let Some(why) = hard_target(t, *d, cmd, ctx) {
                    return hit(
                        Tier::Hard,
                        "deletion",
                        format!("rsync --delete would delete {why}"),
                    );
                }
            }
            hit(
                Tier::Soft,
                "deletion",
                "rsync --delete deletes files at the destination",
            )
        }
        "mv" => {
            let writes: Vec<String> = pos
                .iter()
                .filter(|(_, d)| !d)
                .map(|(p, _)| p.clone())
                .collect();
            if pos.last().is_some_and(|(p, _)| p == "/dev/null") {
                return Some((
                    Tier::Hard,
                    "deletion",
                    "mv into /dev/null destroys the source".into(),
                    writes,
                ));
            }
            for (t, d) in pos.iter().take(pos.len().saturating_sub(1)) {
                if let Some(why) = hard_target(t, *d, cmd, ctx) {
                    return Some((
                        Tier::Hard,
                        "deletion",
                        format!("mv would move away {why}"),
                        writes,
                    ));
                }
            }
            None
        }
        "dd" => {
            let of = cmd.args().iter().find_map(|a| a.strip_prefix("of="));
            match of {
                Some(t)
                    if t.starts_with("/dev/")
                        && !super::is_null_device(t)
                        && !matches!(t, "/dev/zero" | "/dev/random" | "/dev/urandom") =>
                {
                    hit(
                        Tier::Hard,
                        "disk",
                        format!("dd writes straight to the device {t}"),
                    )
                }
                _ => None,
            }
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
            let recursive = has_short(&flags, 'R')
                || has_short(&flags, 'r')
                || has_long(&flags, &["--recursive"]);
            let targets = pos
                .iter()
                .skip(if flags.iter().any(|f| f.starts_with("--reference")) {
                    0
                } else {
                    1
                });
            for (t, d) in targets {
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
            hit(Tier::Soft, "process", format!("{prog} kills processes"))
        }
        "crontab" if !flags.iter().any(|f| f == "-l") => hit(
            Tier::Soft,
            "persistence",
            "crontab replaces or removes scheduled jobs",
        ),
        "shutdown" | "reboot" | "halt" | "poweroff" => {
            hit(Tier::Soft, "system", format!("{prog} stops the machine"))
        }
        "systemctl"
            if pos.first().is_some_and(|(s, _)| {
                matches!(
                    s.as_str(),
                    "stop" | "disable" | "mask" | "kill" | "poweroff" | "reboot" | "halt"
                )
            }) =>
        {
            hit(Tier::Soft, "system", "systemctl stops or disables services")
        }
        "git" => super::destructive_git::check(cmd),
        _ if DB_CLIENTS.contains(&prog) => db(cmd),
        "docker" | "podman" | "nerdctl" => container(&pos),
        "aws" | "gcloud" | "az" | "doctl" => cloud(prog, &pos),
        "gh" => match (
            pos.first().map(|p| p.0.as_str()),
            pos.get(1).map(|p| p.0.as_str()),
        ) {
            (Some("release"), Some("create" | "delete" | "upload")) => hit(
                Tier::Soft,
                "publish",
                "gh release publishes or deletes a release",
            ),
            (Some("repo"), Some("delete" | "archive" | "edit")) => hit(
                Tier::Soft,
                "publish",
                "gh repo changes or deletes a repository",
            ),
            (Some("gist"), Some("create")) => {
                hit(Tier::Soft, "publish", "gh gist create publishes files")
            }
            (Some("pr"), Some("merge")) => {
                hit(Tier::Soft, "publish", "gh pr merge changes a shared branch")
            }
            (Some("api"), _)
                if flags.iter().any(|f| {
                    f == "-X"
                        || f == "--method"
                        || f.starts_with("--method=")
                        || f.starts_with("-X")
                }) =>
            {
                hit(
                    Tier::Soft,
                    "publish",
                    "gh api with a method changes remote state",
                )
            }
            _ => None,
        },
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
            if let Some((p, s)) = PUBLISH.iter().find(|(p, s)| *p == prog && *s == sub) {
                let cat = if matches!(*s, "destroy" | "delete" | "uninstall" | "drain") {
                    "infrastructure"
                } else {
                    "publish"
                };
                if (*p == "terraform" || *p == "tofu")
                    && *s == "apply"
                    && !flags
                        .iter()
                        .any(|f| f.starts_with("-auto-approve") || f.starts_with("--auto-approve"))
                {
                    return None;
                }
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

fn is_disk_device(t: &str) -> bool {
    let Some(d) = t.strip_prefix("/dev/") else {
        return false;
    };
    [
        "sd", "hd", "vd", "xvd", "nvme", "mmcblk", "disk", "rdisk", "md", "dm-", "mapper/", "loop",
    ]
    .iter()
    .any(|p| d.starts_with(p))
}

fn db(cmd: &Cmd) -> Option<Hit> {
    let mut text: String = cmd.args().join(" ");
    if let Some(s) = &cmd.sc.stdin_text {
        text.push(' ');
        text.push_str(s);
    }
    let upper = text.to_uppercase().replace(['\n', '\t'], " ");
    let prog = cmd.program();
    if let Some(s) = DB_DESTROY.iter().find(|s| upper.contains(*s)) {
        return hit(
            Tier::Soft,
            "database",
            format!("{prog} runs {} which destroys data", s.trim()),
        );
    }
    if prog == "redis-cli"
        && cmd
            .args()
            .iter()
            .any(|a| matches!(a.to_uppercase().as_str(), "DEL" | "FLUSHALL" | "FLUSHDB"))
    {
        return hit(Tier::Soft, "database", "redis-cli deletes keys");
    }
    None
}

fn container(pos: &[(String, bool)]) -> Option<Hit> {
    let w: Vec<&str> = pos.iter().map(|(p, _)| p.as_str()).collect();
    let destroy = matches!(
        w.as_slice(),
        ["system", "prune", ..]
            | ["rm", ..]
            | ["rmi", ..]
            | ["volume", "rm" | "prune", ..]
            | ["container", "prune" | "rm", ..]
            | ["image", "prune" | "rm", ..]
            | ["network", "prune" | "rm", ..]
            | ["builder", "prune", ..]
            | ["compose", "down", ..]
    );
    if destroy {
        return hit(
            Tier::Soft,
            "container",
            format!(
                "docker {} removes containers, images or volumes",
                w.join(" ")
            ),
        );
    }
    if w.first() == Some(&"push") {
        return hit(Tier::Soft, "publish", "docker push publishes an image");
    }
    None
}

fn cloud(prog: &str, pos: &[(String, bool)]) -> Option<Hit> {
    for (p, _) in pos.iter().take(4) {
        if p.starts_with("delete")
            || p.starts_with("terminate")
            || p.starts_with("remove")
            || p == "rb"
            || (prog == "aws" && p == "rm")
            || p == "destroy"
        {
            return hit(
                Tier::Soft,
                "cloud",
                format!("{prog} {p} deletes cloud resources"),
            );
        }
    }
    None
}

/// Programs the destructive tier knows by name (to find them behind unknown wrappers).
pub(super) fn is_destructive_program(w: &str) -> bool {
    matches!(
        w,
        "rm" | "rmdir"
            | "shred"
            | "git"
            | "dd"
            | "mkfs"
            | "chmod"
            | "chown"
            | "kill"
            | "pkill"
            | "killall"
            | "find"
            | "rsync"
            | "mv"
            | "docker"
            | "kubectl"
            | "terraform"
            | "xargs"
            | "psql"
            | "mysql"
            | "redis-cli"
            | "sh"
            | "bash"
            | "zsh"
            | "eval"
            | "npm"
            | "cargo"
            | "crontab"
            | "shutdown"
            | "reboot"
    ) || w.starts_with("mkfs")
}

/// Commands that run code the analysis cannot see: children of `xargs`, `parallel`,
/// `find -exec` and `watch` that are shells, interpreters or not routine, shells given a
/// script named at run time or a startup file, and `parallel` itself.
pub(super) fn runs_unseen(cmd: &Cmd) -> Option<(&'static str, String)> {
    let prog = cmd.program();
    let base = prog.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    let runner = RUNNERS.contains(&prog)
        || RUNNERS.contains(&base)
        || matches!(
            prog,
            "awk"
                | "gawk"
                | "mawk"
                | "nawk"
                | "env"
                | "eval"
                | "source"
                | "."
                | "exec"
                | "xargs"
                | "git"
                | "find"
        );
    if prog == "parallel" {
        return Some((
            "dynamic-exec",
            "parallel runs commands built from its input".into(),
        ));
    }
    let child = matches!(
        cmd.sc.origin,
        Origin::Xargs | Origin::Parallel | Origin::FindExec | Origin::Watch
    );
    if child && runner {
        return Some((
            "dynamic-exec",
            format!(
                "{prog} runs with arguments chosen at run time ({})",
                cmd.sc.origin.describe()
            ),
        ));
    }
    if RUNNERS.contains(&prog) || RUNNERS.contains(&base) {
        let args = cmd.args();
        if args
            .iter()
            .any(|a| matches!(a.as_str(), "--init-file" | "--rcfile"))
        {
            return Some(("env-injection", format!("{prog} loads a startup file")));
        }
        if args
            .iter()
            .enumerate()
            .any(|(i, a)| !a.starts_with('-') && cmd.arg_dynamic(i) && is_expansion(a))
        {
            return Some((
                "dynamic-exec",
                format!("{prog} runs a script named at run time"),
            ));
        }
    }
    if matches!(
        prog,
        "export" | "declare" | "typeset" | "readonly" | "local"
    ) {
        if let Some(a) = cmd
            .args()
            .iter()
            .find(|a| a.split_once('=').is_some_and(|(n, _)| super::code_env(n)))
        {
            return Some((
                "env-injection",
                format!("{prog} {a} makes later programs load or run other code"),
            ));
        }
    }
    if matches!(prog, "sh" | "bash" | "zsh" | "dash" | "ksh")
        && cmd
            .args()
            .iter()
            .any(|a| a == "-c" || (a.starts_with('-') && !a.starts_with("--") && a.ends_with('c')))
        && cmd.args().iter().any(|a| a.contains('$'))
    {
        return Some((
            "dynamic-exec",
            format!("{prog} -c runs a string built at run time"),
        ));
    }
    if prog == "git" {
        if let Some(sub) = git_subcommand(cmd.args()) {
            if !GIT_BUILTINS.contains(&sub) && !sub.starts_with('-') {
                return Some((
                    "git-alias",
                    format!(
                        "git {sub} is not a git command, so it may be an alias that runs anything"
                    ),
                ));
            }
        }
        let args = cmd.args();
        let bad = args
            .iter()
            .take_while(|a| {
                a.starts_with('-')
                    || args.iter().position(|x| x == *a).is_some_and(|p| {
                        p > 0 && matches!(args[p - 1].as_str(), "-c" | "-C" | "--config-env")
                    })
            })
            .any(|a| {
                a.starts_with("-calias")
                    || a.starts_with("--config-env")
                    || a.starts_with("alias.")
                    || a.contains(".sshcommand")
                    || a.contains("core.pager")
                    || a.contains("core.fsmonitor")
                    || a.contains("core.hookspath")
                    || a.contains("diff.external")
                    || a.contains("textconv")
                    || a.contains("core.editor")
                    || a.contains("sequence.editor")
            });
        if bad {
            return Some((
                "git-config-exec",
                "git is given config that runs a program".into(),
            ));
        }
    }
    None
}

/// git's own commands; any other subcommand is an alias or an external `git-*` program.
const GIT_BUILTINS: &[&str] = &[
    "add",
    "am",
    "annotate",
    "apply",
    "archive",
    "bisect",
    "blame",
    "branch",
    "bundle",
    "cat-file",
    "check-attr",
    "check-ignore",
    "check-mailmap",
    "check-ref-format",
    "checkout",
    "cherry",
    "cherry-pick",
    "citool",
    "clean",
    "clone",
    "commit",
    "commit-graph",
    "commit-tree",
    "config",
    "count-objects",
    "credential",
    "describe",
    "diff",
    "diff-files",
    "diff-index",
    "diff-tree",
    "difftool",
    "fetch",
    "filter-branch",
    "filter-repo",
    "for-each-ref",
    "format-patch",
    "fsck",
    "gc",
    "grep",
    "hash-object",
    "help",
    "init",
    "instaweb",
    "log",
    "ls-files",
    "ls-remote",
    "ls-tree",
    "maintenance",
    "merge",
    "merge-base",
    "mergetool",
    "mv",
    "name-rev",
    "notes",
    "pull",
    "push",
    "range-diff",
    "read-tree",
    "rebase",
    "reflog",
    "remote",
    "repack",
    "replace",
    "request-pull",
    "rerere",
    "reset",
    "restore",
    "rev-list",
    "rev-parse",
    "revert",
    "rm",
    "send-email",
    "shortlog",
    "show",
    "show-branch",
    "show-ref",
    "sparse-checkout",
    "stash",
    "status",
    "submodule",
    "switch",
    "symbolic-ref",
    "tag",
    "update-index",
    "update-ref",
    "var",
    "verify-commit",
    "verify-tag",
    "version",
    "whatchanged",
    "worktree",
    "write-tree",
    "lfs",
    "gui",
    "prune",
    "fast-export",
    "fast-import",
    "mktag",
    "mktree",
    "pack-refs",
    "verify-pack",
    "bugreport",
    "backfill",
    "scalar",
    "switch",
    "restore",
    "blame",
    "init-db",
    "column",
];

fn git_subcommand(args: &[String]) -> Option<&str> {
    let mut i = 0;
    while let Some(a) = args.get(i) {
        if !a.starts_with('-') {
            return Some(a);
        }
        if matches!(
            a.as_str(),
            "-C" | "-c" | "--git-dir" | "--work-tree" | "--namespace" | "--config-env"
        ) {
            i += 1;
        }
        i += 1;
    }
    None
}

/// Whole-command patterns that no single part shows.
pub(super) fn whole(
    analysis: &Analysis,
    findings: &[Finding],
    _reads: &[PathBuf],
    ctx: &JudgeCtx,
) -> Vec<Verdict> {
    let mut out = Vec::new();
    let cmds = &analysis.commands;
    // Fork bombs: a function that pipes itself into itself in the background.
    if analysis.opaque.contains(&Opaque::FunctionDefinition) {
        if let Some(v) = cmds
            .iter()
            .find_map(|c| fork_bomb(&c.text))
            .or_else(|| fork_bomb_shape(cmds))
        {
            out.push(v);
        }
    }
    // Network or decoded payloads fed to a shell or interpreter.
    let ids = pipeline_ids(cmds);
    let mut groups = ids.clone();
    groups.dedup();
    for g in groups {
        let in_part: Vec<&SimpleCommand> = cmds
            .iter()
            .zip(&ids)
            .filter(|(_, id)| **id == g)
            .map(|(c, _)| c)
            .collect();
        let source = in_part.iter().find(|c| is_fetch_or_decode(c));
        let sink = in_part.iter().find(|c| runs_unknown_code(c));
        if let (Some(src), Some(snk)) = (source, sink) {
            out.push(Verdict::Hard {
                category: "remote-code",
                reason: format!(
                    "{} feeds a payload to {}, which runs it unseen",
                    src.program().unwrap_or("?"),
                    snk.program().unwrap_or("?")
                ),
                command: crate::cause::one_line(&src.text, 200),
            });
        }
    }
    // Credentials together with network egress.
    let egress = cmds.iter().any(|c| {
        c.program().is_some_and(|p| NETWORK.contains(&p))
            || c.exec
                .iter()
                .any(|w| w.contains("/dev/tcp/") || w.contains("/dev/udp/"))
            || c.redirects
                .iter()
                .any(|r| r.target.contains("/dev/tcp/") || r.target.contains("/dev/udp/"))
    });
    if egress {
        let cred = findings
            .iter()
            .flat_map(|f| f.reads.iter())
            .find(|p| is_credential(p, ctx))
            .cloned()
            .or_else(|| cmds.iter().find_map(|c| credential_word(c, ctx)));
        if let Some(p) = cred {
            out.push(Verdict::Hard {
                category: "exfiltration",
                reason: format!(
                    "reads the credential {} and talks to the network in the same command",
                    p.display()
                ),
                command: crate::cause::one_line(
                    &cmds
                        .iter()
                        .map(|c| c.text.as_str())
                        .collect::<Vec<_>>()
                        .join("; "),
                    200,
                ),
            });
        }
    }
    out
}

/// Which pipeline each command belongs to: a top-level stage fed by a pipe joins the
/// pipeline before it; nested commands belong to their part's pipeline.
pub(super) fn pipeline_ids(cmds: &[SimpleCommand]) -> Vec<usize> {
    let mut out = Vec::with_capacity(cmds.len());
    let mut id = 0usize;
    let mut part_id: std::collections::BTreeMap<usize, usize> = std::collections::BTreeMap::new();
    let mut last_part = None;
    for c in cmds {
        let known = part_id.get(&c.part).copied();
        let this = match known {
            Some(x) => x,
            None => {
                if !(c.piped_stdin && last_part.is_some()) {
                    id += 1;
                }
                part_id.insert(c.part, id);
                id
            }
        };
        last_part = Some(c.part);
        out.push(this);
    }
    out
}

/// `f(){ f|f& };f`: a function piping itself into itself, then called.
fn fork_bomb_shape(cmds: &[SimpleCommand]) -> Option<Verdict> {
    for (i, a) in cmds.iter().enumerate() {
        let Some(name) = a.program() else { continue };
        let piped_twin = cmds
            .iter()
            .skip(i + 1)
            .any(|b| b.program() == Some(name) && b.piped_stdin && b.part == a.part);
        let called = cmds.iter().filter(|b| b.program() == Some(name)).count() >= 3;
        if piped_twin && called {
            return Some(Verdict::Hard {
                category: "fork-bomb",
                reason: format!("the function {name} starts copies of itself without end"),
                command: crate::cause::one_line(&a.text, 200),
            });
        }
    }
    None
}

fn fork_bomb(text: &str) -> Option<Verdict> {
    let t: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let pos = t.find("(){")?;
    let name: String = t[..pos]
        .chars()
        .rev()
        .take_while(|c| !matches!(c, ';' | '&' | '|' | '{' | '}' | '(' | ')'))
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    let name = name.trim_start_matches("function");
    if name.is_empty() {
        return None;
    }
    let body = &t[pos + 3..];
    if body.contains(&format!("{name}|{name}")) {
        return Some(Verdict::Hard {
            category: "fork-bomb",
            reason: format!("the function {name} starts copies of itself without end"),
            command: crate::cause::one_line(text, 200),
        });
    }
    None
}

fn is_fetch_or_decode(c: &SimpleCommand) -> bool {
    let Some(p) = c.program() else { return false };
    let args = c.exec.get(1..).unwrap_or(&[]);
    FETCHERS.contains(&p)
        || (p == "base64"
            && args
                .iter()
                .any(|a| matches!(a.as_str(), "-d" | "--decode" | "-D")))
        || (p == "xxd" && args.iter().any(|a| a == "-r" || a.starts_with("-r")))
        || (p == "openssl" && args.iter().any(|a| a == "-d" || a == "base64"))
        || matches!(p, "uudecode" | "rev" | "base32" | "basenc")
        || (p == "tr" && args.len() >= 2)
        || (p == "printf" && args.iter().any(|a| a.contains("\\x") || a.contains("\\0")))
}

/// A shell or interpreter whose program comes from stdin, a process substitution, or a
/// run-time string.
fn runs_unknown_code(c: &SimpleCommand) -> bool {
    let Some(p) = c.program() else { return false };
    let args = c.exec.get(1..).unwrap_or(&[]);
    let base = p.trim_end_matches(|ch: char| ch.is_ascii_digit() || ch == '.');
    let runner = RUNNERS.contains(&p) || RUNNERS.contains(&base);
    if p == "eval" || p == "source" || p == "." {
        return true;
    }
    if !runner {
        return false;
    }
    let script_args: Vec<&String> = args.iter().filter(|a| !a.starts_with('-')).collect();
    (c.piped_stdin && script_args.is_empty())
        || args
            .iter()
            .any(|a| a.starts_with("<(") || a == "/dev/stdin" || a == "-")
        || (args.iter().any(|a| a == "-c" || a == "-e")
            && args.iter().any(|a| a.contains("$(") || a.contains('`')))
}

fn is_credential(p: &Path, ctx: &JudgeCtx) -> bool {
    matches!(
        super::path_class(p, Access::Read, ctx),
        Some(PathClass::Credential { .. })
    )
}

/// A word of any command that names a credential file (`@~/.ssh/id_rsa`, `f=@~/.aws/…`),
/// leaving out ssh's own `-i KEY`.
fn credential_word(c: &SimpleCommand, ctx: &JudgeCtx) -> Option<PathBuf> {
    let mut skip = false;
    for w in c.exec.iter().skip(1) {
        if skip {
            skip = false;
            continue;
        }
        if w == "-i" && matches!(c.program(), Some("ssh" | "scp" | "sftp")) {
            skip = true;
            continue;
        }
        let w = w.rsplit_once('@').map(|(_, r)| r).unwrap_or(w);
        let w = w.rsplit_once('=').map(|(_, r)| r).unwrap_or(w);
        let w = w.trim_start_matches('<');
        if !(w.starts_with('/') || w.starts_with('~')) {
            continue;
        }
        let p = paths::lexical(w, Path::new("/"), ctx.home);
        if is_credential(&p, ctx) {
            return Some(p);
        }
    }
    None
}
