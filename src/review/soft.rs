//! The floor's findings for the reviewer and the guard, derived from an [`Evaluation`].
//!
//! Two sources feed [`Findings::soft`]: the table in [`shell_actions`], which names each
//! action's verbs and targets precisely from the parsed argv, and the command floor's own
//! judgement (`ev.judgement`): every command the floor classed as soft-destructive or
//! publish-like that the table did not name still gets a grounding requirement (its
//! program and subcommand as verbs, its arguments as targets). So nothing the floor calls
//! soft can be allowed by the reviewer on words that do not name it.

use super::guard::{Findings, SoftAction};
use crate::engine::{Evaluation, PathFact};
use crate::floor::Access;
use crate::shell::SimpleCommand;
use serde_json::{Map, Value};
use std::path::{Component, Path, PathBuf};

/// Verbs that name each category of action.
const DELETE: &[&str] = &[
    "delete", "remove", "rm", "erase", "wipe", "purge", "clean", "prune", "get rid",
];
const DISCARD: &[&str] = &[
    "reset",
    "discard",
    "revert",
    "restore",
    "undo",
    "throw away",
];
const PUBLISH: &[&str] = &["publish", "release", "upload", "ship"];
const PUSH: &[&str] = &["push"];
const FORCE: &[&str] = &["force", "force-push", "overwrite"];
const REWRITE: &[&str] = &["rebase", "amend", "rewrite", "squash"];
const INFRA_APPLY: &[&str] = &[
    "deploy", "apply", "install", "upgrade", "roll out", "rollout",
];
const INFRA_DESTROY: &[&str] = &["destroy", "delete", "tear down", "remove", "uninstall"];
const SEND: &[&str] = &[
    "upload", "send", "post", "put", "submit", "sync", "deploy", "copy",
];
const PERSIST: &[&str] = &[
    "cron", "crontab", "schedule", "service", "systemd", "launchd", "daemon",
];
const DATABASE: &[&str] = &["drop", "truncate", "delete", "wipe"];
const WRITE: &[&str] = &[
    "write",
    "edit",
    "create",
    "update",
    "change",
    "modify",
    "save",
    "add",
    "append",
    "fix",
    "overwrite",
    "replace",
];

/// What is needed to judge targets: where home and the workspace are.
pub struct Places<'a> {
    pub home: &'a Path,
    pub cwd: &'a Path,
    pub roots: &'a [PathBuf],
}

/// Build the findings of an evaluation that needs review.
pub fn findings(
    ev: &Evaluation,
    tool: &str,
    input: &Map<String, Value>,
    places: &Places,
) -> Findings {
    let mut f = Findings {
        cause_id: ev.cause.id().to_string(),
        why: ev.cause.describe(),
        paths: ev.paths.iter().map(path_note).collect(),
        secret: {
            let v = Value::Object(input.clone());
            crate::redact::redact_value(&v) != v
        },
        ..Findings::default()
    };
    if let Some(a) = &ev.shell {
        f.argv = a.commands.iter().map(|c| c.exec.clone()).collect();
        f.opaque = a.opaque.iter().map(|o| o.describe()).collect();
        for c in &a.commands {
            f.soft.extend(shell_actions(c, places));
        }
    }
    if let Some(j) = &ev.judgement {
        for finding in &j.findings {
            if let crate::command::Class::Soft { category, .. } = &finding.class {
                // Named by the table when the same command produced an action there.
                let named = ev.shell.as_ref().is_some_and(|a| {
                    a.commands
                        .iter()
                        .filter(|c| c.exec == finding.argv)
                        .any(|c| !shell_actions(c, places).is_empty())
                });
                if !named {
                    let assigned: Vec<String> = ev
                        .shell
                        .iter()
                        .flat_map(|a| a.commands.iter())
                        .filter(|c| c.exec == finding.argv)
                        .flat_map(|c| c.assignments.iter().map(|(n, _)| n.clone()))
                        .collect();
                    f.soft
                        .push(judged_action(category, &finding.argv, &assigned));
                }
            }
        }
    }
    {
        // A file edit reaches the reviewer only off the fast path (protected or outside
        // the workspace): the person must name the file. The same holds for every path a
        // shell command writes (redirects, `tee`, `find -fprint`, `sed -i`, `cp`, `ln` …)
        // that is protected or outside the workspace.
        let file_tool = matches!(tool, "Write" | "Edit" | "MultiEdit" | "NotebookEdit");
        for p in ev.paths.iter().filter(|p| {
            p.access == Access::Write && (file_tool || p.class.is_some() || !p.in_workspace)
        }) {
            let lexical = p.forms.lexical.display().to_string();
            let mut targets = vec![lexical];
            if let Some(name) = p.forms.lexical.file_name() {
                targets.push(name.to_string_lossy().into_owned());
            }
            f.soft.push(action("write", WRITE, targets, None));
        }
    }
    if tool.starts_with("mcp__") || !matches!(tool, "Bash" | "PowerShell") && f.soft.is_empty() {
        f.soft
            .extend(tool_action(tool, &Value::Object(input.clone())));
    }
    f
}

/// Words in a tool's name that mean it only looks.
const LOOK_WORDS: &[&str] = &[
    "get", "list", "search", "read", "view", "show", "find", "fetch", "query", "describe",
];
/// Input fields that name where an outward action lands.
const TARGET_FIELDS: &[&str] = &[
    "repo",
    "repository",
    "channel",
    "to",
    "recipient",
    "bucket",
    "url",
    "host",
    "project",
];

/// An MCP or other non-file tool that is not a lookup: the person must name its action
/// (a word of the tool's name) and, where the input has one, where it lands.
fn tool_action(tool: &str, input: &Value) -> Option<SoftAction> {
    let name = tool.rsplit("__").next().unwrap_or(tool);
    let words: Vec<String> = name
        .split(|c: char| c == '_' || c == '-' || c.is_whitespace())
        .flat_map(split_camel)
        .filter(|w| w.len() >= 2)
        .collect();
    if words.is_empty() || LOOK_WORDS.contains(&words[0].as_str()) {
        return None;
    }
    if matches!(
        tool,
        "WebFetch" | "WebSearch" | "Read" | "Glob" | "Grep" | "LS" | "NotebookRead"
    ) {
        return None;
    }
    let targets = TARGET_FIELDS
        .iter()
        .filter_map(|k| input.get(*k).and_then(Value::as_str))
        .filter(|v| v.len() >= 2)
        .map(|v| host_of(v).unwrap_or_else(|| v.to_string()))
        .collect();
    Some(SoftAction {
        category: format!("tool {tool}"),
        verbs: words,
        targets,
        ungroundable: None,
    })
}

fn split_camel(w: &str) -> Vec<String> {
    let mut out = vec![String::new()];
    for c in w.chars() {
        if c.is_uppercase() && out.last().is_some_and(|l| !l.is_empty()) {
            out.push(String::new());
        }
        if let Some(l) = out.last_mut() {
            l.extend(c.to_lowercase());
        }
    }
    out
}

fn path_note(p: &PathFact) -> String {
    let access = match p.access {
        Access::Read => "read",
        Access::Write => "write",
    };
    let resolved = match &p.forms.resolved {
        Some(r) if *r != p.forms.lexical => format!(" (resolves to {})", r.display()),
        Some(_) => String::new(),
        None => " (unresolvable)".into(),
    };
    let class = p
        .class
        .as_ref()
        .map(|c| format!(" · {}", serde_json::to_string(c).unwrap_or_default()))
        .unwrap_or_default();
    format!(
        "{access} {}{resolved} · {}{class}",
        p.forms.lexical.display(),
        if p.in_workspace {
            "in workspace"
        } else {
            "outside workspace"
        }
    )
}

/// A grounding requirement for a command the floor judged soft but the table above does
/// not name: the program and the words of its danger category are the verbs (so "run the
/// tests" does not ground `NODE_OPTIONS=… npm test`), its arguments and any variables it
/// sets are the targets.
fn judged_action(category: &str, argv: &[String], assignments: &[String]) -> SoftAction {
    let mut verbs: Vec<String> = argv
        .first()
        .map(|p| p.rsplit('/').next().unwrap_or(p).to_string())
        .into_iter()
        .collect();
    verbs.extend(
        category
            .split('-')
            .filter(|w| w.len() > 2)
            .map(str::to_string),
    );
    let mut targets: Vec<String> = argv
        .iter()
        .skip(1)
        .filter(|a| !a.starts_with('-') && a.len() > 1)
        .cloned()
        .collect();
    targets.extend(assignments.iter().cloned());
    SoftAction {
        category: category.to_string(),
        verbs,
        targets,
        ungroundable: None,
    }
}

fn action(
    category: &str,
    verbs: &[&str],
    targets: Vec<String>,
    ungroundable: Option<String>,
) -> SoftAction {
    SoftAction {
        category: category.to_string(),
        verbs: verbs.iter().map(|v| v.to_string()).collect(),
        targets,
        ungroundable,
    }
}

fn lexical_join(cwd: &Path, p: &str) -> PathBuf {
    let mut out = PathBuf::new();
    for c in cwd.join(p).components() {
        match c {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            other => out.push(other.as_os_str()),
        }
    }
    out
}

/// Path arguments of a deletion: their names, or why they cannot be named.
fn path_targets(
    c: &SimpleCommand,
    args: &[(usize, &String)],
    places: &Places,
) -> (Vec<String>, Option<String>) {
    let offset = c.argv.len().saturating_sub(c.exec.len());
    let mut names = Vec::new();
    for (i, a) in args {
        if c.dynamic_words.get(offset + i).copied().unwrap_or(false) || a.contains(['*', '?']) {
            return (names, Some(format!("`{a}` (a pattern or expansion)")));
        }
        let abs = lexical_join(places.cwd, a);
        let critical = abs.components().count() <= 2
            || abs == places.home
            || places.home.starts_with(&abs)
            || places.roots.iter().any(|r| r.starts_with(&abs));
        if critical {
            return (names, Some(format!("`{a}` (a critical directory)")));
        }
        names.push(a.to_string());
        if let Some(n) = abs.file_name() {
            names.push(n.to_string_lossy().into_owned());
        }
    }
    (names, None)
}

fn host_of(arg: &str) -> Option<String> {
    if let Some(rest) = arg.split("://").nth(1) {
        let host = rest.split(['/', '?', '#']).next()?;
        let host = host.rsplit('@').next()?.split(':').next()?;
        return (!host.is_empty()).then(|| host.to_string());
    }
    None
}

/// The soft actions of one simple command (the interim table).
pub fn shell_actions(c: &SimpleCommand, places: &Places) -> Vec<SoftAction> {
    let Some(prog) = c.program() else {
        return Vec::new();
    };
    let prog = prog.rsplit('/').next().unwrap_or(prog);
    let args: Vec<(usize, &String)> = c.exec.iter().enumerate().skip(1).collect();
    let nonflags: Vec<(usize, &String)> = args
        .iter()
        .copied()
        .filter(|(_, a)| !a.starts_with('-'))
        .collect();
    let has = |flags: &[&str]| args.iter().any(|(_, a)| flags.contains(&a.as_str()));
    let after = |sub: &str| -> Vec<String> {
        nonflags
            .iter()
            .skip_while(|(_, a)| a.as_str() != sub)
            .skip(1)
            .flat_map(|(_, a)| a.split(':').map(str::to_string).collect::<Vec<_>>())
            .map(|a| a.trim_start_matches('+').to_string())
            .filter(|a| !a.is_empty())
            .collect()
    };
    let sub = nonflags.first().map(|(_, a)| a.as_str()).unwrap_or("");
    let mut out = Vec::new();
    let mut written: Vec<String> = c
        .redirects
        .iter()
        .filter(|r| r.op.writes() && r.target != "/dev/null" && r.fd.is_none_or(|fd| fd != 2))
        .map(|r| r.target.clone())
        .collect();
    if prog == "tee" {
        written.extend(nonflags.iter().map(|(_, a)| a.to_string()));
    }
    for w in written {
        let abs = lexical_join(places.cwd, &w);
        if !places.roots.iter().any(|r| abs.starts_with(r)) {
            let name = abs.file_name().map(|n| n.to_string_lossy().into_owned());
            out.push(action(
                "write-outside",
                WRITE,
                [Some(w)].into_iter().chain([name]).flatten().collect(),
                None,
            ));
        }
    }
    match prog {
        "rm" | "rmdir" | "unlink" | "shred" | "trash" => {
            let (t, u) = path_targets(c, &nonflags, places);
            out.push(action("delete", DELETE, t, u));
        }
        "find" if has(&["-delete"]) => {
            let roots: Vec<(usize, &String)> = nonflags.iter().take(1).copied().collect();
            let (t, u) = path_targets(c, &roots, places);
            out.push(action("delete", DELETE, t, u));
        }
        "git" => {
            let sub = git_sub(&c.exec);
            match sub.as_str() {
                "push" => {
                    let targets = after("push");
                    if has(&[
                        "--force",
                        "-f",
                        "--force-with-lease",
                        "--mirror",
                        "--delete",
                        "-d",
                    ]) || nonflags.iter().any(|(_, a)| a.starts_with(':'))
                        || nonflags.iter().any(|(_, a)| a.starts_with('+'))
                    {
                        out.push(action("force-push", FORCE, Vec::new(), None));
                    }
                    out.push(action("push", PUSH, targets, None));
                }
                "reset" if has(&["--hard", "--merge", "--keep"]) => {
                    out.push(action("discard", DISCARD, after("reset"), None));
                }
                "clean" if !has(&["-n", "--dry-run"]) => {
                    out.push(action("delete", DELETE, Vec::new(), None));
                }
                "checkout" if has(&["--", ".", "-f", "--force"]) => {
                    out.push(action("discard", DISCARD, Vec::new(), None));
                }
                "restore" => out.push(action("discard", DISCARD, Vec::new(), None)),
                "branch" | "tag" if has(&["-D", "-d", "--delete"]) => {
                    out.push(action("delete", DELETE, after(&sub), None));
                }
                "stash" if nonflags.iter().any(|(_, a)| *a == "drop" || *a == "clear") => {
                    out.push(action("delete", DELETE, Vec::new(), None));
                }
                "config" if has(&["--global", "--system"]) => {
                    out.push(action(
                        "git-config",
                        &["configure", "config"],
                        Vec::new(),
                        None,
                    ));
                }
                "reflog" | "gc"
                    if has(&["expire", "--prune=now", "--expire=now"]) || sub == "gc" =>
                {
                    out.push(action("delete", DELETE, Vec::new(), None));
                }
                "rebase" | "filter-branch" | "filter-repo" => {
                    out.push(action("rewrite", REWRITE, Vec::new(), None));
                }
                "commit" if has(&["--amend"]) => {
                    out.push(action("rewrite", REWRITE, Vec::new(), None));
                }
                _ => {}
            }
        }
        "npm" | "pnpm" | "yarn" | "bun" | "cargo" | "poetry" | "twine" | "flit" | "hatch"
            if matches!(sub, "publish" | "upload") =>
        {
            out.push(action("publish", PUBLISH, Vec::new(), None));
        }
        "docker" | "podman" if matches!(sub, "rm" | "rmi" | "prune" | "system" | "volume") => {
            out.push(action("delete", DELETE, Vec::new(), None));
        }
        "gem" | "docker" | "podman" if sub == "push" => {
            out.push(action(
                "publish",
                &[PUBLISH, PUSH].concat(),
                Vec::new(),
                None,
            ));
        }
        "gh" if matches!(sub, "release" | "pr" | "repo" | "gist") => {
            out.push(action(
                "publish",
                &[PUBLISH, &["merge"]].concat(),
                Vec::new(),
                None,
            ));
        }
        "kubectl" | "terraform" | "tofu" | "helm" | "pulumi" => {
            let destroy = ["delete", "destroy", "uninstall", "drain"];
            let apply = [
                "apply", "replace", "scale", "rollout", "patch", "install", "upgrade", "up",
                "rollback", "import", "create",
            ];
            if destroy.contains(&sub) {
                out.push(action("infra-destroy", INFRA_DESTROY, after(sub), None));
            } else if apply.contains(&sub) {
                out.push(action("deploy", INFRA_APPLY, Vec::new(), None));
            }
        }
        "scp" | "rsync" | "sftp" => {
            let hosts: Vec<String> = nonflags
                .iter()
                .filter_map(|(_, a)| {
                    let (h, _) = a.split_once(':')?;
                    Some(h.rsplit('@').next().unwrap_or(h).to_string())
                })
                .filter(|h| !h.is_empty() && !h.contains('/'))
                .collect();
            if !hosts.is_empty() {
                out.push(action("send", SEND, hosts, None));
            }
            if prog == "rsync" && has(&["--delete"]) {
                out.push(action("delete", DELETE, Vec::new(), None));
            }
        }
        "curl" | "wget" | "http" | "xh" => {
            let sends = args.iter().any(|(_, a)| {
                a.starts_with("--data")
                    || a.starts_with("--post")
                    || a.starts_with("--upload")
                    || a.starts_with("--form")
                    || matches!(
                        a.as_str(),
                        "-d" | "-F" | "-T" | "-X" | "--request" | "--json"
                    )
            });
            if sends {
                let hosts: Vec<String> = args.iter().filter_map(|(_, a)| host_of(a)).collect();
                out.push(action("send", SEND, hosts, None));
            }
        }
        "dropdb" | "dropuser" => out.push(action("database", DATABASE, after(prog), None)),
        "psql" | "mysql" | "sqlite3" | "mongosh" => {
            let text = c.exec.join(" ").to_lowercase();
            if ["drop ", "truncate ", "delete ", "dropdatabase"]
                .iter()
                .any(|k| text.contains(k))
            {
                out.push(action("database", DATABASE, Vec::new(), None));
            }
        }
        "mv" | "chmod" | "chown" | "chgrp" => {
            let (t, u) = path_targets(c, &nonflags, places);
            let verbs: &[&str] = if prog == "mv" {
                &["move", "rename", "mv"]
            } else {
                &["chmod", "chown", "permission", "owner"]
            };
            out.push(action(prog, verbs, t, u));
        }
        "crontab" | "systemctl" | "systemd-run" | "launchctl" | "at" | "service" => {
            out.push(action("persistence", PERSIST, Vec::new(), None));
        }
        "kill" | "pkill" | "killall" => {
            out.push(action(
                "kill",
                &["kill", "stop", "terminate"],
                Vec::new(),
                None,
            ));
        }
        "nc" | "ncat" | "netcat" | "socat" | "telnet" | "ssh" | "mosh" => {
            let hosts: Vec<String> = nonflags
                .iter()
                .take(1)
                .map(|(_, a)| a.rsplit('@').next().unwrap_or(a).to_string())
                .collect();
            out.push(action(
                "remote",
                &["ssh", "connect", "send", "log in", "run on"],
                hosts,
                None,
            ));
        }
        "claude" | "codex" | "gemini" | "aider" | "opencode" | "cursor-agent" => {
            let bypass = args.iter().any(|(_, a)| {
                a.contains("dangerously") || a.contains("yolo") || a.contains("bypass")
            });
            out.push(action(
                "nested-agent",
                &["agent", prog],
                Vec::new(),
                bypass.then(|| "an agent with its permission checks off".to_string()),
            ));
        }
        p if p.starts_with("mkfs") || p == "dd" || p == "wipefs" => {
            out.push(action(
                "destroy",
                DELETE,
                Vec::new(),
                Some("a disk or device".into()),
            ));
        }
        _ => {}
    }
    out
}

/// The git subcommand, skipping global options (`-C dir`, `-c k=v`, `--git-dir=…`).
fn git_sub(exec: &[String]) -> String {
    let mut i = 1;
    while i < exec.len() {
        let a = exec[i].as_str();
        if matches!(a, "-C" | "-c" | "--git-dir" | "--work-tree" | "--namespace") {
            i += 2;
        } else if a.starts_with('-') {
            i += 1;
        } else {
            return a.to_string();
        }
    }
    String::new()
}
