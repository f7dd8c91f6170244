//! The destructive floor for git: force-pushes and history rewrites of the default branch
//! are hard; operations that discard work, rewrite history elsewhere, delete refs, change
//! configuration, skip the repository's hooks or publish are soft. The tiers read the
//! effects of git's grammar (`effects::programs::git`, through `routine_git`), so the
//! command the routine floor understands and the one the tiers judge are one parse; an
//! argv the grammar does not understand is still judged by its words (`by_words`), so an
//! unknown option never lowers a tier.

use super::core::Cmd;
use super::tier::{Hit, Tier};
use crate::analysis::effects::programs::git::{key_kind, GitCall, KeyKind};
use crate::analysis::effects::{Change, Effect, RepoOp};

const DEFAULT_BRANCHES: &[&str] = &["main", "master", "trunk", "develop", "production", "prod"];

fn soft(reason: impl Into<String>) -> Option<Hit> {
    Some((Tier::Soft, "git", reason.into(), Vec::new()))
}

fn hard(reason: impl Into<String>) -> Option<Hit> {
    Some((Tier::Hard, "git-history", reason.into(), Vec::new()))
}

/// Skip git's global options; return the subcommand index.
pub(super) fn sub_index(args: &[String]) -> Option<usize> {
    let mut i = 0;
    while let Some(a) = args.get(i) {
        if !a.starts_with('-') {
            return Some(i);
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

pub(super) fn check(cmd: &Cmd) -> Option<Hit> {
    match super::routine_git::parse(cmd) {
        Ok(call) => by_effects(cmd, &call),
        Err(_) => by_words(cmd),
    }
}

/// The tiers of a git command the grammar understood.
fn by_effects(cmd: &Cmd, call: &GitCall) -> Option<Hit> {
    let sub = call.sub;
    if call.rejected.is_some() || call.has("--help") {
        return None;
    }
    let negated = |n: &str| call.parsed.given.iter().any(|g| g.negated && g.name == n);
    let hooks_path = call
        .globals
        .config
        .iter()
        .any(|(k, _)| k == "core.hookspath");
    let no_verify = match sub {
        "commit" | "merge" | "am" | "cherry-pick" | "revert" | "pull" | "rebase" | "push" => {
            call.has("--no-verify") || negated("--verify")
        }
        _ => false,
    };
    if hooks_path || no_verify {
        return soft(format!(
            "git {sub} skipping the repository's hooks (--no-verify, core.hooksPath) bypasses its checks"
        ));
    }
    if sub == "filter-branch" || sub == "filter-repo" {
        return hard(format!(
            "git {sub} rewrites the whole history, the default branch included"
        ));
    }
    if sub == "push" {
        let ops: Vec<&str> = call.parsed.operands.iter().map(|(w, _)| w.text).collect();
        let pos: Vec<String> = ops.iter().map(|s| s.to_string()).collect();
        let pos_refs: Vec<&String> = pos.iter().collect();
        let force = call.has("--force")
            || call.has("--force-with-lease")
            || call.has("--force-if-includes");
        return push(
            &pos,
            &pos_refs,
            force,
            call.has("--mirror"),
            call.has("--delete"),
        );
    }
    if sub == "rebase" {
        let root = call.has("--root");
        let default = call
            .parsed
            .operands
            .iter()
            .any(|(w, _)| DEFAULT_BRANCHES.contains(&w.text));
        if root && default {
            return hard("git rebase --root rewrites the default branch's history");
        }
        return soft("git rebase rewrites history");
    }
    if let Some((key, value)) = &call.config_write {
        return soft(match key_kind(key) {
            KeyKind::Code => format!(
                "git config sets {key}{}, which makes git run a program later",
                value
                    .as_deref()
                    .map(|v| format!(" to `{v}`"))
                    .unwrap_or_default()
            ),
            _ => format!("git config changes git's configuration ({key})"),
        });
    }
    if matches!(sub, "fetch" | "pull") && !call.has("--multiple") && !call.has("--all") {
        if let Some((w, _)) = call.parsed.operands.first() {
            if let Some(h) = foreign_source(cmd, sub, w.text) {
                return Some(h);
            }
        }
    }
    let effects = super::routine_git::resolved_effects(call, cmd);
    for e in &effects {
        let reason = match e {
            Effect::Repo {
                op: RepoOp::Rewrite,
                target,
            } => Some(rewrite_reason(call, target.as_deref())),
            Effect::Repo {
                op: RepoOp::DeleteRef,
                target,
            } => Some(match sub {
                "stash" => "git stash drop/clear deletes stashed work".to_string(),
                "branch" => "git branch -d/-m deletes or renames a branch".to_string(),
                "tag" => "git tag -d deletes a tag".to_string(),
                "reflog" => "git reflog expire drops the history of lost commits".to_string(),
                "gc" => "git gc --prune deletes unreachable commits".to_string(),
                "update-ref" | "symbolic-ref" => format!("git {sub} -d deletes a ref"),
                "worktree" => "git worktree prune deletes worktree metadata".to_string(),
                _ => format!("git {sub} deletes {}", target.as_deref().unwrap_or("a ref")),
            }),
            Effect::Repo {
                op: RepoOp::Configure,
                target,
            } => match target.as_deref() {
                Some("a branch's upstream") | Some("worktree metadata") => None,
                Some(t) if t.starts_with("where fetches and pushes go") => Some(format!(
                    "git remote changes {t}: later pushes and fetches go there"
                )),
                t => Some(format!(
                    "git {sub} changes {}",
                    t.unwrap_or("the repository's configuration")
                )),
            },
            Effect::Delete { .. } => match sub {
                "clean" => Some("git clean -f deletes untracked files".to_string()),
                "worktree" => Some("git worktree remove deletes a worktree".to_string()),
                "submodule" => Some("git submodule deinit removes a submodule's files".to_string()),
                // git rm and git mv only touch files whose content git has.
                _ => None,
            },
            Effect::Remote {
                change: Change::Publish,
                ..
            } => Some(format!("git {sub} publishes commits")),
            _ => None,
        };
        if let Some(r) = reason {
            return soft(r);
        }
    }
    None
}

fn rewrite_reason(call: &GitCall, target: Option<&str>) -> String {
    let sub = call.sub;
    match sub {
        "reset" if call.has("--hard") || call.has("--merge") || call.has("--keep") => {
            "git reset --hard discards uncommitted work".into()
        }
        "reset" => format!(
            "git reset moves the branch to {}",
            target.unwrap_or("another commit")
        ),
        "checkout" | "restore" => format!("git {sub} over paths discards uncommitted changes"),
        "switch" => "git switch --discard-changes loses work".into(),
        "commit" => "git commit --amend rewrites the last commit".into(),
        "branch" => "git branch -D deletes a branch with unmerged work".into(),
        "rm" => "git rm -f deletes files with uncommitted changes".into(),
        "mv" => "git mv -f overwrites a file".into(),
        "merge" | "cherry-pick" | "revert" => {
            format!("git {sub} --abort discards the work in progress")
        }
        "pull" => "git pull --rebase rewrites local commits".into(),
        "fetch" => "git fetch of a forced refspec overwrites a local branch".into(),
        _ => format!(
            "git {sub} rewrites {}",
            target.unwrap_or("history or discards work")
        ),
    }
}

/// The tiers by the words of an argv the grammar does not understand.
fn by_words(cmd: &Cmd) -> Option<Hit> {
    let args = cmd.args();
    let i = sub_index(args)?;
    let sub = args.get(i)?.as_str();
    let rest = args.get(i + 1..).unwrap_or(&[]);
    // git accepts any unambiguous prefix of a long option (`--har` is `--hard`).
    let before_dd: Vec<&String> = rest.iter().take_while(|a| *a != "--").collect();
    let has = |f: &[&str]| {
        before_dd.iter().any(|a| {
            let name = a.split('=').next().unwrap_or(a);
            f.iter().any(|x| {
                *a == x
                    || name == *x
                    || (name.len() >= 5 && name.starts_with("--") && x.starts_with(name))
            })
        })
    };
    let short = |c: char| {
        before_dd
            .iter()
            .any(|a| a.starts_with('-') && !a.starts_with("--") && a.contains(c))
    };
    let pos: Vec<&String> = rest.iter().filter(|a| !a.starts_with('-')).collect();
    // Skipping the repository's hooks bypasses its checks (typically added after they
    // failed; gatehook never sees the failure, so the skip is always a question).
    let hooks_path = args[..i].windows(2).any(|w| {
        w[0] == "-c"
            && w[1]
                .split('=')
                .next()
                .is_some_and(|k| k.eq_ignore_ascii_case("core.hookspath"))
    });
    let no_verify = match sub {
        "commit" => has(&["--no-verify"]) || short('n'),
        "merge" | "am" | "cherry-pick" | "revert" | "pull" | "rebase" | "push" => {
            has(&["--no-verify"])
        }
        _ => false,
    };
    if hooks_path || no_verify {
        return soft(format!(
            "git {sub} skipping the repository's hooks (--no-verify, core.hooksPath) bypasses its checks"
        ));
    }
    if matches!(sub, "fetch" | "pull") && !has(&["--multiple", "--all"]) {
        if let Some(h) = pos.first().and_then(|w| foreign_source(cmd, sub, w)) {
            return Some(h);
        }
    }
    match sub {
        "push" => push(
            rest,
            &pos,
            has(&["--force", "--force-with-lease", "--force-if-includes"]) || short('f'),
            has(&["--mirror"]),
            has(&["--delete"]) || short('d'),
        ),
        "reset" if has(&["--hard", "--merge", "--keep"]) => {
            soft("git reset --hard discards uncommitted work")
        }
        "clean" if (short('f') || has(&["--force"])) && !short('n') && !has(&["--dry-run"]) => {
            soft("git clean -f deletes untracked files")
        }
        "checkout"
            if rest.iter().any(|a| a == "--" || a == ".")
                || short('f')
                || has(&["--force", "--pathspec-from-file", "--ours", "--theirs"])
                || pos.len() >= 2 =>
        {
            soft("git checkout over paths discards uncommitted changes")
        }
        "restore" if !staged_only(rest) => soft("git restore discards uncommitted changes"),
        "switch" if has(&["--discard-changes", "--force"]) || short('f') => {
            soft("git switch --discard-changes loses work")
        }
        "stash"
            if pos
                .first()
                .is_some_and(|s| matches!(s.as_str(), "drop" | "clear")) =>
        {
            soft("git stash drop/clear deletes stashed work")
        }
        "branch"
            if short('D')
                || has(&["--delete"]) && has(&["--force"])
                || short('d') && short('f')
                || short('f')
                || has(&["--force"]) =>
        {
            soft("git branch -D deletes a branch with unmerged work")
        }
        "branch"
            if short('d') || has(&["--delete"]) || short('M') || short('m') || has(&["--move"]) =>
        {
            soft("git branch -d/-m deletes or renames a branch")
        }
        "tag" if short('d') || has(&["--delete"]) => soft("git tag -d deletes a tag"),
        "filter-branch" | "filter-repo" => hard(format!(
            "git {sub} rewrites the whole history, the default branch included"
        )),
        "rebase" => {
            if pos.iter().any(|p| DEFAULT_BRANCHES.contains(&p.as_str())) && has(&["--root"]) {
                return hard("git rebase --root rewrites the default branch's history");
            }
            soft("git rebase rewrites history")
        }
        "commit" if has(&["--amend"]) => soft("git commit --amend rewrites the last commit"),
        "reflog"
            if pos
                .first()
                .is_some_and(|s| matches!(s.as_str(), "expire" | "delete")) =>
        {
            soft("git reflog expire drops the history of lost commits")
        }
        "gc" if has(&["--prune"]) || has(&["--aggressive"]) => {
            soft("git gc --prune deletes unreachable commits")
        }
        "update-ref" if short('d') => soft("git update-ref -d deletes a ref"),
        // Plumbing that puts a tree's files in place of the index's or the work tree's
        // (`read-tree -u --reset`, `checkout-index -f -a`) or moves a branch to any commit
        // (`update-ref`, `symbolic-ref`): what it discards or points at is not checked.
        // `maintenance start|register` schedules git to run in the background from now on
        // (a cron, systemd or launchd entry: git-maintenance(1)).
        "maintenance"
            if pos
                .first()
                .is_some_and(|s| matches!(s.as_str(), "start" | "register")) =>
        {
            soft("git maintenance start schedules git to run in the background from now on")
        }
        "read-tree" => soft(
            "git read-tree replaces the index (with -u, the work tree's files too), discarding uncommitted changes",
        ),
        "checkout-index" if short('f') || short('a') || has(&["--force", "--all"]) => {
            soft("git checkout-index -f overwrites files in the work tree")
        }
        "update-ref" | "symbolic-ref" if pos.len() >= 2 => {
            soft(format!("git {sub} points a ref at another commit"))
        }
        "worktree"
            if pos
                .first()
                .is_some_and(|s| matches!(s.as_str(), "remove" | "prune")) =>
        {
            soft("git worktree remove deletes a worktree")
        }
        "rm" => soft("git rm deletes files"),
        "replace" | "notes" if has(&["--force"]) || short('f') => soft("rewrites git metadata"),
        "submodule" if pos.first().is_some_and(|s| s.as_str() == "deinit") => {
            soft("git submodule deinit removes a submodule's files")
        }
        // git-prune(1): deletes the unreachable loose objects (older than `--expire`),
        // unless `-n`/`--dry-run`.
        "prune" if !short('n') && !has(&["--dry-run"]) => {
            soft("git prune deletes unreachable objects (lost commits cannot be recovered)")
        }
        // git-instaweb(1): starts the web server its `--httpd` names (lighttpd by default)
        // serving the repository, and a browser.
        "instaweb" => soft("git instaweb starts a web server (--httpd) serving the repository"),
        // git-send-email: mails patches (commits' contents) to the addresses it is given.
        "send-email" => Some((
            Tier::Soft,
            "exfiltration",
            "git send-email mails the repository's commits to the addresses it is given".into(),
            Vec::new(),
        )),
        // git-lfs-push(1): uploads LFS objects to the remote or URL it is given.
        "lfs" if pos.first().is_some_and(|s| s.as_str() == "push") => Some((
            Tier::Soft,
            "publish",
            format!(
                "git lfs push uploads large files to {}",
                pos.get(1).map_or("a remote", |s| s.as_str())
            ),
            Vec::new(),
        )),
        _ => None,
    }
}

/// A fetch or pull from a URL or a path rather than one of the repository's remotes
/// (`git pull https://…`, `git fetch ../other && git merge FETCH_HEAD`): commits from
/// wherever the agent named, which nobody has seen, land in the work tree (a pull) or wait
/// in `FETCH_HEAD` for the merge that puts them there. The person's remotes are theirs to
/// trust; a name (`origin`, `upstream`) is one of them or fails.
fn foreign_source(cmd: &Cmd, sub: &str, word: &str) -> Option<Hit> {
    let foreign = word.contains("://")
        || word.contains(':')
        || word.contains('/')
        || word.starts_with('.')
        || word.starts_with('~');
    if !foreign {
        return None;
    }
    // The URL of one of the repository's own remotes, written out (`git fetch
    // git@github.com:o/r.git main` where origin is that URL), is that remote.
    let norm = |u: &str| {
        u.trim()
            .trim_end_matches('/')
            .trim_end_matches(".git")
            .to_string()
    };
    if let Some(cwd) = cmd.cwd.dir() {
        if super::git_repo::remote_urls(cwd)
            .iter()
            .any(|u| norm(u) == norm(word))
        {
            return None;
        }
    }
    soft(if sub == "pull" {
        format!("git pull merges commits from {word}, which is not one of the repository's remotes, into the work tree")
    } else {
        format!("git fetch downloads commits from {word}, which is not one of the repository's remotes, for a merge to put in the work tree")
    })
}

/// `git restore --staged PATH` only unstages; anything else rewrites the working tree.
/// Values of `--source`, `--conflict` and `--pathspec-from-file` are not flags.
fn staged_only(rest: &[String]) -> bool {
    let mut staged = false;
    let mut skip = false;
    for a in rest {
        if skip {
            skip = false;
            continue;
        }
        match a.as_str() {
            "--" => break,
            "-s" | "--source" | "--conflict" | "--pathspec-from-file" => skip = true,
            "--staged" | "-S" => staged = true,
            "--worktree" | "-W" => return false,
            s if s.starts_with('-') && !s.starts_with("--") && s.contains('W') => return false,
            _ => {}
        }
    }
    staged
}

fn push(rest: &[String], pos: &[&String], force: bool, mirror: bool, delete: bool) -> Option<Hit> {
    if mirror {
        return hard("git push --mirror overwrites and deletes every remote ref");
    }
    // refspecs after the remote
    let refspecs: Vec<&str> = pos.iter().skip(1).map(|s| s.as_str()).collect();
    let dst_default = |r: &str| {
        let dst = r.trim_start_matches('+').rsplit(':').next().unwrap_or(r);
        let dst = dst.trim_start_matches("refs/heads/");
        DEFAULT_BRANCHES.contains(&dst)
    };
    for r in &refspecs {
        if r.starts_with(':') && dst_default(r) {
            return hard(format!(
                "git push {r} deletes the default branch on the remote"
            ));
        }
        if (r.starts_with('+') || force) && dst_default(r) {
            return hard(format!(
                "force-pushing {r} rewrites the default branch's history"
            ));
        }
        if delete && dst_default(r) {
            return hard(format!(
                "git push --delete {r} deletes the default branch on the remote"
            ));
        }
    }
    let _ = rest;
    if force || refspecs.iter().any(|r| r.starts_with('+')) {
        return soft("git push --force overwrites remote history");
    }
    if delete || refspecs.iter().any(|r| r.starts_with(':')) {
        return soft("git push --delete deletes a remote branch");
    }
    soft("git push publishes commits")
}
