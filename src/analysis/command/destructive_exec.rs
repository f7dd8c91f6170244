//! The destructive floor, part two: code that runs out of sight. Agents and the flags that
//! switch their checks off, the programs that fetch from the network or run code, and the
//! children of `xargs`, `parallel`, `find -exec` and `watch` whose arguments are chosen at
//! run time; and [`destructive_any`], which tries the tiers under every spelling that would
//! still run (case, `.exe`, a path, an unknown wrapper in front). The tiers themselves are
//! in `destructive`, the program tables they share in `tier`.

use super::core::{can_recurse, is_expansion, Cmd, Judge, JudgeCtx, Verdict};
use super::tier::{Hit, Tier, RUNNERS};
use super::{destructive, frameworks, routine};
use crate::analysis::effects::programs::git::{key_kind, KeyKind};
use crate::analysis::effects::programs::interpreters;
use crate::analysis::shell::Origin;

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
            | "tofu"
            | "helm"
            | "aws"
            | "gcloud"
            | "az"
            | "gh"
            | "curl"
            | "wget"
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
            // Where the interpreter's grammar is known, which word is the script: a
            // computed word after a literal script or module is one of its arguments
            // (judged with the script); inline code is judged by the one-liner search.
            let grammar = matches!(
                base,
                "python" | "pypy" | "node" | "nodejs" | "bash" | "sh" | "dash" | "zsh" | "ksh"
            );
            let why = match interpreters::script_run(cmd.argv, cmd.dynamic) {
                Some(Ok(run)) if grammar => run
                    .script
                    .as_ref()
                    .filter(|s| {
                        cmd.argv
                            .iter()
                            .position(|a| a == *s)
                            .is_some_and(|i| cmd.dynamic.get(i).copied().unwrap_or(false))
                    })
                    .map(|_| format!("{prog} runs a script named at run time")),
                None if grammar => Some(format!(
                    "{prog} runs inline code or its input with words computed at run time"
                )),
                _ => Some(format!("{prog} runs a script named at run time")),
            };
            if let Some(why) = why {
                return Some(("dynamic-exec", why));
            }
        }
    }
    if matches!(
        prog,
        "export" | "declare" | "typeset" | "readonly" | "local"
    ) {
        if let Some(a) = cmd.args().iter().find(|a| {
            a.split_once('=')
                .is_some_and(|(n, _)| super::env::code_env(n))
        }) {
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
        // Every `-c KEY=VALUE` before the subcommand whose key names a program git runs
        // (`mergetool.x.cmd`, `protocol.ext.allow`: `effects::programs::git::key_kind`),
        // whatever the subcommand (`mergetool` has no grammar of its own).
        let globals = &args[..super::destructive_git::sub_index(args).unwrap_or(args.len())];
        let config_code = globals.windows(2).any(|w| {
            w[0] == "-c"
                && matches!(
                    key_kind(w[1].split('=').next().unwrap_or("")),
                    KeyKind::Code
                )
        });
        if bad || config_code {
            return Some((
                "git-config-exec",
                "git is given config that runs a program".into(),
            ));
        }
        // `--exec-path=DIR` with a command: git runs its own programs from DIR
        // (git(1): "Path to wherever your core Git programs are installed").
        if let Some(dir) = globals.iter().find_map(|a| a.strip_prefix("--exec-path=")) {
            return Some((
                "git-config-exec",
                format!("git --exec-path={dir} runs git's own programs from {dir}"),
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
    "credential-cache",
    "credential-store",
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
    let i = super::destructive_git::sub_index(args)?;
    args.get(i).map(String::as_str)
}

/// The destructive tiers, also under the spellings a case-insensitive file system or a
/// `.exe` suffix would still run, and inside words that hide a command line.
pub(super) fn destructive_any(
    cmd: &Cmd,
    targets: Option<&[(String, bool)]>,
    ctx: &JudgeCtx,
    depth: u8,
    judge: &dyn Judge,
) -> Option<Hit> {
    if let Some(h) = destructive::check(cmd, targets, ctx) {
        return Some(h);
    }
    // A framework's entry point asked for a built-in action (`manage.py flush`).
    if let Some(h) = frameworks::check(cmd, ctx, depth, judge) {
        return Some(h);
    }
    // `RM -rf /`, `git RESET --HARD`, `git.exe reset --hard`, `./git reset --hard`.
    let prog = cmd.program();
    let base = prog.rsplit('/').next().unwrap_or(prog);
    let base = base.strip_suffix(".exe").unwrap_or(base).to_lowercase();
    let mut first_pos = true;
    // The catalogues own their flags' case (`gh api -X GET` is not `-x`).
    let keep_flags = super::catalog::owns_tier(&base);
    let norm: Vec<String> = std::iter::once(base)
        .chain(cmd.args().iter().map(|a| {
            if a.starts_with('-') && keep_flags {
                a.clone()
            } else if a.starts_with('-') {
                a.to_lowercase()
            } else if first_pos {
                first_pos = false;
                // A path or file name is not a subcommand: its case is the file's (a
                // kubeconfig under `/home/Dev/.kube` is not one under `/home/dev/.kube`).
                if a.contains(['/', '.']) {
                    a.clone()
                } else {
                    a.to_lowercase()
                }
            } else {
                a.clone()
            }
        }))
        .collect();
    if norm.as_slice() != cmd.argv {
        let c = Cmd {
            sc: cmd.sc,
            argv: &norm,
            dynamic: cmd.dynamic,
            cwd: cmd.cwd,
        };
        if let Some(h) = destructive::check(&c, targets, ctx) {
            return Some(h);
        }
    }
    // A program word holding a whole command line (`'rm -rf /tmp/x'`), or an unknown
    // program in front of a known one (`tool git reset --hard`, `A-B=2 git reset --hard`).
    // A catalogue family that read the whole line and found it only reads (`systemctl
    // reboot --dry-run`) runs no program named among its words.
    let family_reads = super::catalog::knows(prog)
        && super::catalog::said(cmd, ctx).is_some_and(|s| s.is_routine());
    if !routine::is_catalogued(prog) && !family_reads && can_recurse(depth) {
        if prog.contains(char::is_whitespace) {
            let j = judge.text(&cmd.argv.join(" "), ctx, depth);
            if let Verdict::Hard {
                category, reason, ..
            }
            | Verdict::Soft {
                category, reason, ..
            } = j.verdict
            {
                return Some((
                    Tier::Soft,
                    category,
                    format!("a word holds a command line that {reason}"),
                    Vec::new(),
                ));
            }
        }
        for k in 1..cmd.argv.len() {
            let sub = cmd.argv.get(k..).unwrap_or(&[]);
            let dynamic = cmd.dynamic.get(k..).unwrap_or(&[]);
            if !sub.first().is_some_and(|w| is_destructive_program(w)) {
                continue;
            }
            let c = Cmd {
                sc: cmd.sc,
                argv: sub,
                dynamic,
                cwd: cmd.cwd,
            };
            if let Some((_, category, reason, writes)) = destructive::check(&c, None, ctx) {
                return Some((
                    Tier::Soft,
                    category,
                    format!("{prog} may run it: {reason}"),
                    writes,
                ));
            }
        }
    }
    None
}
