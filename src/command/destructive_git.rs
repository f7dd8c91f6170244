//! The destructive floor for git: force-pushes and history rewrites of the default branch
//! are hard; operations that discard work, rewrite history elsewhere or publish are soft.

use super::destructive::Tier;
use super::Cmd;

type Hit = (Tier, &'static str, String, Vec<String>);

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
        _ => None,
    }
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
