//! Local git work through the binary, in a workspace made a real repository by `git init`
//! (issue 15): recoverable work inside the workspace runs at once, the person's "don't
//! commit" still asks until their own words lift it, and publishing, rewriting, deleting
//! and hook skipping keep their tiers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use support::{bash, say, Env};

fn repo() -> Env {
    let env = Env::new();
    let out = std::process::Command::new("git")
        .args(["init", "-q", "-b", "main"])
        .current_dir(&env.ws)
        .env("HOME", &env.home)
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .output()
        .expect("git runs");
    assert!(out.status.success(), "{out:?}");
    env
}

const ROUTINE: &[&str] = &[
    "git add -A",
    "git commit -m 'fix: the parser'",
    "git add src/main.rs && git commit -m wip",
    "git stash",
    "git stash push -m wip",
    "git switch -c topic",
    "git checkout -b topic",
    "git fetch origin && git merge origin/main",
    "git merge --ff-only origin/main",
];

#[test]
fn recoverable_local_git_work_is_allowed() {
    let env = repo();
    for cmd in ROUTINE {
        let out = bash(&env, cmd);
        assert_eq!(out.decision(), "allow", "{cmd}: {}", out.reason());
    }
}

#[test]
fn dont_commit_holds_commits_and_merges_until_lifted() {
    let env = repo();
    say(&env, "Fix the parser, but don't commit anything yet.");
    for cmd in [
        "git commit -m 'fix: the parser'",
        "git add -A && git commit -m wip",
        "git fetch origin && git merge origin/main",
    ] {
        let out = bash(&env, cmd);
        assert_eq!(
            (out.decision().as_str(), out.cause().as_str()),
            ("ask", "hold"),
            "{cmd}: {}",
            out.reason()
        );
        assert!(out.reason().contains("don't commit"), "{}", out.reason());
    }
    // What does not commit is not held.
    for cmd in [
        "git add -A",
        "git stash",
        "git switch -c topic",
        "git fetch",
    ] {
        assert_eq!(bash(&env, cmd).decision(), "allow", "{cmd}");
    }
    say(&env, "looks good, commit it now");
    let out = bash(&env, "git commit -m 'fix: the parser'");
    assert_eq!(out.decision(), "allow", "{}", out.reason());
}

#[test]
fn publishing_rewriting_deleting_and_hook_skipping_are_not_allowed_at_once() {
    let env = repo();
    for cmd in [
        "git push origin main",
        "git push --force origin main",
        "git commit --no-verify -m x",
        "git -c core.hooksPath=/dev/null commit -m x",
        "git commit --amend --no-edit",
        "git rebase -i HEAD~3",
        "git branch -D topic",
        "git push origin --delete topic",
        "git reset --hard HEAD~1",
    ] {
        let out = bash(&env, cmd);
        assert_ne!(out.decision(), "allow", "{cmd}: {}", out.reason());
    }
    assert_eq!(
        bash(&env, "git push --force origin main").decision(),
        "deny"
    );
}

#[test]
fn a_planted_repository_in_the_workspace_is_not_used_at_once() {
    let env = repo();
    // A second repository the agent could make with ordinary writes (not named `.git`).
    let out = std::process::Command::new("git")
        .args(["init", "-q", "--bare", "planted"])
        .current_dir(&env.ws)
        .env("HOME", &env.home)
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .output()
        .expect("git runs");
    assert!(out.status.success(), "{out:?}");
    // git's own fresh bare repository holds only layout keys and sample hooks.
    assert_eq!(bash(&env, "git -C planted log").decision(), "allow");
    let cfg = env.path("planted/config");
    let mut text = std::fs::read_to_string(&cfg).unwrap();
    text.push_str("[core]\n\tfsmonitor = touch pwned\n");
    std::fs::write(&cfg, text).unwrap();
    let out = bash(&env, "git -C planted log");
    assert_ne!(out.decision(), "allow", "{}", out.reason());
    assert!(out.reason().contains("touch pwned"), "{}", out.reason());
}
