//! The routine catalogue for tools with their own sub-languages: git's read forms (global
//! options that run programs or leave the workspace excluded, then one rule per
//! subcommand) and fzf (whose bindings and previews run shell commands, judged again).

use super::{can_recurse, is_expansion, judge_text, Cmd, JudgeCtx, Look, Verdict};
use crate::paths;

/// git subcommands that only read the repository, whatever their arguments.
const GIT_READ: &[(&str, &str)] = &[
    ("status", "shows the working tree status"),
    ("diff", "shows changes"),
    ("log", "shows history"),
    ("show", "shows objects"),
    ("blame", "annotates lines"),
    ("annotate", "annotates lines"),
    ("rev-parse", "parses revisions"),
    ("ls-files", "lists tracked files"),
    ("ls-tree", "lists a tree"),
    ("cat-file", "prints objects"),
    ("check-ignore", "checks ignore rules"),
    ("check-attr", "checks attributes"),
    ("cherry", "lists unmerged commits"),
    ("count-objects", "counts objects"),
    ("describe", "names a commit"),
    ("for-each-ref", "lists refs"),
    ("merge-base", "finds a common ancestor"),
    ("name-rev", "names a revision"),
    ("range-diff", "compares ranges"),
    ("rev-list", "lists commits"),
    ("show-ref", "lists refs"),
    ("show-branch", "shows branches"),
    ("shortlog", "summarises history"),
    ("whatchanged", "shows history"),
    ("grep", "searches tracked files"),
    ("verify-commit", "verifies a signature"),
    ("verify-tag", "verifies a signature"),
    ("var", "prints git variables"),
    ("version", "prints its version"),
    ("diff-tree", "compares trees"),
    ("diff-files", "compares files"),
    ("diff-index", "compares the index"),
    ("help", "shows help"),
    ("fetch", "downloads refs without touching the working tree"),
];

/// Options (anywhere after the subcommand) that run a program or write a file.
const GIT_BAD_OPTS: &[(&str, &str)] = &[
    ("--output", "writes its output to a file"),
    ("--ext-diff", "runs an external diff program"),
    ("--textconv", "runs textconv filter programs"),
    ("--exec", "runs a program"),
    ("--upload-pack", "runs a program on the remote side"),
    ("--receive-pack", "runs a program on the remote side"),
    ("--open-files-in-pager", "opens a pager program"),
    (
        "-O",
        "opens files in a pager program (grep) or reads an order file (diff)",
    ),
    ("--no-index", "compares files outside the repository"),
];

/// git's read forms.
pub(super) fn look(cmd: &Cmd, ctx: &JudgeCtx) -> Look {
    let args = cmd.args();
    let mut i = 0;
    // Global options.
    while let Some(a) = args.get(i) {
        if !a.starts_with('-') {
            break;
        }
        let (name, inline) = match a.split_once('=') {
            Some((n, v)) => (n, Some(v)),
            None => (a.as_str(), None),
        };
        match name {
            "-c" | "--config-env" => {
                return Look::unknown(format!("git {name} can set config that runs programs"))
            }
            "-p" | "--paginate" => return Look::unknown("git -p runs a pager program"),
            "--exec-path" => return Look::unknown("git --exec-path runs programs from a path"),
            "-C" | "--git-dir" | "--work-tree" => {
                let v = match inline {
                    Some(v) => v.to_string(),
                    None => {
                        i += 1;
                        args.get(i).cloned().unwrap_or_default()
                    }
                };
                if cmd.arg_dynamic(i) && is_expansion(&v) || v.is_empty() {
                    return Look::unknown(format!("git {name} is given a run-time path"));
                }
                let Some(dir) = cmd.cwd.dir() else {
                    return Look::unknown(format!("git {name} after a cd to an unknown place"));
                };
                let forms = paths::forms(&v, dir, ctx.home);
                if !ctx.workspace.contains(&forms) {
                    return Look::unknown(format!("git {name} {v} is outside the workspace"));
                }
            }
            "--no-pager"
            | "-P"
            | "--no-replace-objects"
            | "--literal-pathspecs"
            | "--no-optional-locks"
            | "--bare"
            | "--glob-pathspecs"
            | "--noglob-pathspecs"
            | "--icase-pathspecs" => {}
            "--help" | "--version" | "-h" => return with_cwd(Look::routine("prints help")),
            other => return Look::unknown(format!("git {other} is not a known global option")),
        }
        i += 1;
    }
    let Some(sub) = args.get(i) else {
        return with_cwd(Look::routine("prints usage"));
    };
    let rest = args.get(i + 1..).unwrap_or(&[]);
    for a in rest {
        let name = a.split('=').next().unwrap_or(a);
        if let Some((f, why)) = GIT_BAD_OPTS.iter().find(|(f, _)| *f == name) {
            return Look::unknown(format!("git {sub} {f} {why}"));
        }
        if a.starts_with("-O") && a.len() > 2 && !a.starts_with("--") {
            return Look::unknown(format!("git {sub} -O reads an order file or opens a pager"));
        }
        if a == "--help" || a == "-h" {
            return with_cwd(Look::routine("prints help"));
        }
    }
    if rest
        .iter()
        .enumerate()
        .any(|(k, a)| cmd.arg_dynamic(i + 1 + k) && is_expansion(a))
    {
        return Look::unknown(format!("git {sub} is given a run-time value"));
    }
    let has = |f: &[&str]| rest.iter().any(|a| f.contains(&a.as_str()));
    let positional = || rest.iter().filter(|a| !a.starts_with('-')).count();
    let verdict: Result<&str, String> = match sub.as_str() {
        "fetch" if has(&["-u", "--update-head-ok"]) => Err("git fetch -u".into()),
        s if GIT_READ.iter().any(|(n, _)| *n == s) => Ok(GIT_READ
            .iter()
            .find(|(n, _)| *n == s)
            .map(|(_, r)| *r)
            .unwrap_or("reads the repository")),
        "branch" => branch(rest),
        "tag" => tag(rest),
        "stash" => match rest.first().map(String::as_str) {
            Some("list") | Some("show") => Ok("lists or shows stashes"),
            _ => Err("git stash changes the working tree".into()),
        },
        "remote" => match rest.first().map(String::as_str) {
            None | Some("-v") | Some("--verbose") | Some("get-url") | Some("show") => {
                Ok("lists remotes")
            }
            _ => Err("git remote changes the remotes".into()),
        },
        "reflog" => match rest.first().map(String::as_str) {
            None | Some("show") => Ok("shows the reflog"),
            Some(s) if s.starts_with('-') => Ok("shows the reflog"),
            _ => Err("git reflog expire/delete rewrites the reflog".into()),
        },
        "bisect" => match rest.first().map(String::as_str) {
            Some("log") | Some("view") | Some("visualize") => Ok("shows the bisect state"),
            _ => Err("git bisect moves HEAD".into()),
        },
        "notes" => match rest.first().map(String::as_str) {
            None | Some("list") | Some("show") => Ok("shows notes"),
            _ => Err("git notes changes notes".into()),
        },
        "worktree" => match rest.first().map(String::as_str) {
            Some("list") => Ok("lists worktrees"),
            _ => Err("git worktree changes worktrees".into()),
        },
        "config" => {
            let writes = has(&[
                "-e",
                "--edit",
                "--add",
                "--unset",
                "--unset-all",
                "--replace-all",
                "--rename-section",
                "--remove-section",
                "set",
                "unset",
                "edit",
                "rename-section",
                "remove-section",
            ]);
            let reads = has(&[
                "--get",
                "--get-all",
                "--get-regexp",
                "--list",
                "-l",
                "list",
                "get",
            ]);
            if !writes && (reads || positional() <= 1) {
                Ok("reads config")
            } else {
                Err("git config changes config".into())
            }
        }
        other => Err(format!("git {other} is not a read-only git command")),
    };
    match verdict {
        Ok(r) => with_cwd(Look::routine(r)),
        Err(e) => Look::unknown(e),
    }
}

fn with_cwd(mut l: Look) -> Look {
    l.uses_cwd = true;
    l
}

fn branch(rest: &[String]) -> Result<&'static str, String> {
    const LIST: &[&str] = &[
        "--list",
        "-l",
        "-a",
        "--all",
        "-r",
        "--remotes",
        "--remote",
        "-v",
        "-vv",
        "--verbose",
        "--show-current",
        "--no-color",
        "--color",
        "--no-column",
        "--column",
        "-i",
        "--ignore-case",
        "--omit-empty",
    ];
    const VALUED: &[&str] = &[
        "--contains",
        "--no-contains",
        "--merged",
        "--no-merged",
        "--points-at",
        "--sort",
        "--format",
    ];
    let listing = rest.iter().any(|a| a == "--list" || a == "-l");
    let mut skip = false;
    for a in rest {
        if skip {
            skip = false;
            continue;
        }
        let name = a.split('=').next().unwrap_or(a);
        if VALUED.contains(&name) {
            skip = !a.contains('=');
            continue;
        }
        if LIST.contains(&name) || name.starts_with("--color") {
            continue;
        }
        if !a.starts_with('-') && listing {
            continue;
        }
        return Err(format!("git branch {a} changes branches"));
    }
    Ok("lists branches")
}

fn tag(rest: &[String]) -> Result<&'static str, String> {
    const VALUED: &[&str] = &[
        "--contains",
        "--no-contains",
        "--merged",
        "--no-merged",
        "--points-at",
        "--sort",
        "--format",
    ];
    let listing = rest
        .iter()
        .any(|a| matches!(a.as_str(), "-l" | "--list" | "-v" | "--verify"));
    let mut skip = false;
    for a in rest {
        if skip {
            skip = false;
            continue;
        }
        let name = a.split('=').next().unwrap_or(a);
        if VALUED.contains(&name) {
            skip = !a.contains('=');
            continue;
        }
        if matches!(
            name,
            "-l" | "--list" | "-v" | "--verify" | "--column" | "--no-column"
        ) || (name.starts_with("-n") && name[2..].chars().all(|c| c.is_ascii_digit()))
        {
            continue;
        }
        if !a.starts_with('-') && listing {
            continue;
        }
        return Err(format!("git tag {a} creates or deletes tags"));
    }
    Ok("lists tags")
}

/// fzf actions that run a shell command.
const FZF_EXEC_ACTIONS: &[&str] = &[
    "execute",
    "execute-silent",
    "execute-multi",
    "become",
    "reload",
    "reload-sync",
    "preview",
    "change-preview",
    "transform",
    "transform-query",
    "transform-prompt",
    "transform-header",
    "transform-footer",
    "transform-border-label",
    "transform-preview-label",
    "transform-list-label",
    "transform-input-label",
    "transform-header-label",
    "transform-footer-label",
    "transform-ghost",
    "transform-pointer",
    "transform-nth",
    "transform-search",
    "bg-transform",
];

/// fzf: a picker; its `--preview` and `--bind` commands are judged like any command.
pub(super) fn fzf(cmd: &Cmd, ctx: &JudgeCtx) -> Look {
    let args = cmd.args();
    let mut i = 0;
    while let Some(a) = args.get(i) {
        if a == "--listen-unsafe" || a.starts_with("--listen-unsafe=") {
            return Look::unknown("fzf --listen-unsafe lets others run commands");
        }
        let (name, value) = match a.split_once('=') {
            Some((n, v)) => (n, Some(v.to_string())),
            None => (a.as_str(), None),
        };
        if matches!(name, "--preview" | "--bind" | "--with-shell") {
            let v = match value {
                Some(v) => v,
                None => {
                    i += 1;
                    args.get(i).cloned().unwrap_or_default()
                }
            };
            if name == "--with-shell" {
                return Look::unknown("fzf --with-shell changes the shell that runs commands");
            }
            let commands = if name == "--preview" {
                vec![v]
            } else {
                bind_commands(&v)
            };
            for c in commands {
                if !routine_text(&c, ctx, cmd) {
                    return Look::unknown(format!("fzf runs `{c}`, which is not routine"));
                }
            }
        }
        i += 1;
    }
    Look::routine("an interactive picker")
}

fn routine_text(text: &str, ctx: &JudgeCtx, _cmd: &Cmd) -> bool {
    if !can_recurse(1) {
        return false;
    }
    let j = judge_text(text, ctx, 1);
    j.verdict == Verdict::Routine && j.writes.is_empty()
}

/// The shell commands in an fzf `--bind` value (`key:execute(cmd)+reload:cmd,…`).
fn bind_commands(v: &str) -> Vec<String> {
    let mut out = Vec::new();
    for action in v.split(['+', ',']) {
        let action = action.trim();
        for name in FZF_EXEC_ACTIONS {
            // `name(cmd)`, `name:cmd`, `name[cmd]`, … anywhere after `key:`.
            for sep in [
                "(", ":", "[", "{", "<", "~", "!", "@", "#", "$", "%", "^", "&", "*", ";", "/", "|",
            ] {
                let pat = format!("{name}{sep}");
                if let Some(pos) = action.find(&pat) {
                    let before = &action[..pos];
                    if !(before.is_empty() || before.ends_with(':')) {
                        continue;
                    }
                    let body = &action[pos + pat.len()..];
                    let body = match sep {
                        "(" => body.strip_suffix(')').unwrap_or(body),
                        "[" => body.strip_suffix(']').unwrap_or(body),
                        "{" => body.strip_suffix('}').unwrap_or(body),
                        "<" => body.strip_suffix('>').unwrap_or(body),
                        _ => body.strip_suffix(sep).unwrap_or(body),
                    };
                    out.push(body.to_string());
                }
            }
        }
    }
    // Anything that looks like an exec action but was not parsed is judged whole.
    if out.is_empty()
        && ["execute", "become", "reload"]
            .iter()
            .any(|a| v.contains(a))
    {
        out.push(v.to_string());
    }
    out
}
