//! Version control systems besides git (`hg`, Sapling's `sl`, Jujutsu's `jj`, `darcs`,
//! Breezy/Bazaar's `brz`/`bzr`, `dvc`): the verbs that throw history or uncommitted work
//! away, or change what a remote holds, as `destructive_git` judges git's. Each is asked
//! about under the category its grounding reads (`review::soft::judged`): `history` for
//! work or history discarded (the person names it), `push` for a remote changed, `deletion`
//! for data removed from remote storage. Anything else these programs do stays what it
//! was (not understood: the reviewer judges it, with the long-tail verb rule before).
//!
//! From each program's documentation (search tool; none is installed here): Mercurial
//! (`hg help strip`: "strip changesets and all their descendants from the repository";
//! `update -C/--clean` "discard uncommitted changes (no backup)"; `purge`/`clean` removes
//! untracked files; `rollback`, `histedit`, `rebase`, `revert`, `commit --amend`,
//! `uncommit`, evolve's `prune`/`obsolete`, `push -f/--force`), Sapling (Mercurial's verbs
//! with `hide`, `unamend`, `goto -C`, `undo`), Jujutsu (jj-abandon(1) "Abandon a
//! revision", jj-restore(1) "undoing changes to some paths in the working copy",
//! jj-operation-abandon(1) "Abandon operation history", `op restore`/`op revert`/`undo`,
//! jj-util-gc(1) prunes unreachable objects, `bookmark delete|forget`, `git push`), darcs
//! 2.16 (`Darcs.UI.Commands.Unrecord`: `unrecord`, `unpull`, `obliterate`; `revert`,
//! `amend`, `rollback`, `push`, `send`), Breezy (`uncommit`, `revert`, `clean-tree`,
//! `remove-branch`, `remove-tree`, `push --overwrite`, `push`), DVC (dvc.org `dvc gc`:
//! "With --cloud, it also removes data in remote storage … Cloud deletion is
//! irreversible"; `push`, `destroy`, `exp remove`, `exp gc`, `checkout --force`).

use crate::analysis::command::core::Cmd;

/// `(verb, flags one of which must be given (empty: always), category, what it does)`.
type Verb = (
    &'static str,
    &'static [&'static str],
    &'static str,
    &'static str,
);

/// Mercurial's and Sapling's verbs (Sapling keeps Mercurial's names).
const HG: &[Verb] = &[
    (
        "strip",
        &[],
        "history",
        "strips changesets and their descendants from the repository",
    ),
    (
        "debugstrip",
        &[],
        "history",
        "strips changesets and their descendants from the repository",
    ),
    (
        "rollback",
        &[],
        "history",
        "rolls back the last transaction",
    ),
    ("histedit", &[], "history", "rewrites history"),
    ("rebase", &[], "history", "rewrites history"),
    ("uncommit", &[], "history", "uncommits a changeset"),
    ("unamend", &[], "history", "undoes an amend"),
    ("amend", &[], "history", "rewrites a changeset"),
    ("fold", &[], "history", "rewrites changesets into one"),
    ("prune", &[], "history", "makes changesets obsolete"),
    ("obsolete", &[], "history", "makes changesets obsolete"),
    ("hide", &[], "history", "hides changesets"),
    ("undo", &[], "history", "undoes an operation"),
    (
        "purge",
        &[],
        "discard",
        "deletes the working copy's untracked files",
    ),
    (
        "clean",
        &[],
        "discard",
        "deletes the working copy's untracked files",
    ),
    ("revert", &[], "discard", "discards uncommitted changes"),
    (
        "update",
        &["-C", "--clean"],
        "discard",
        "discards uncommitted changes",
    ),
    (
        "up",
        &["-C", "--clean"],
        "discard",
        "discards uncommitted changes",
    ),
    (
        "checkout",
        &["-C", "--clean"],
        "discard",
        "discards uncommitted changes",
    ),
    (
        "co",
        &["-C", "--clean"],
        "discard",
        "discards uncommitted changes",
    ),
    (
        "goto",
        &["-C", "--clean"],
        "discard",
        "discards uncommitted changes",
    ),
    (
        "commit",
        &["--amend"],
        "history",
        "rewrites the last changeset",
    ),
    ("ci", &["--amend"], "history", "rewrites the last changeset"),
    (
        "shelve",
        &["-d", "--delete", "--cleanup"],
        "discard",
        "deletes shelved changes",
    ),
    (
        "push",
        &[],
        "push",
        "pushes changesets to a remote repository",
    ),
];

const JJ: &[Verb] = &[
    ("abandon", &[], "history", "abandons revisions"),
    ("restore", &[], "discard", "discards changes in a revision"),
    ("undo", &[], "history", "undoes an operation"),
    ("squash", &[], "history", "rewrites revisions"),
    ("rebase", &[], "history", "rewrites revisions"),
    ("split", &[], "history", "rewrites a revision"),
    ("diffedit", &[], "history", "rewrites a revision"),
    ("backout", &[], "history", "rewrites the working copy"),
];

/// `jj GROUP VERB`: two-word commands.
const JJ2: &[(&str, &str, &str, &str)] = &[
    ("op", "abandon", "history", "abandons operation history"),
    (
        "op",
        "restore",
        "history",
        "restores the repository to an earlier operation",
    ),
    ("op", "revert", "history", "reverts an operation"),
    ("op", "undo", "history", "undoes an operation"),
    (
        "operation",
        "abandon",
        "history",
        "abandons operation history",
    ),
    (
        "operation",
        "restore",
        "history",
        "restores the repository to an earlier operation",
    ),
    ("operation", "revert", "history", "reverts an operation"),
    ("operation", "undo", "history", "undoes an operation"),
    (
        "util",
        "gc",
        "history",
        "prunes unreachable commits and operations",
    ),
    ("bookmark", "delete", "history", "deletes bookmarks"),
    ("bookmark", "forget", "history", "forgets bookmarks"),
    ("branch", "delete", "history", "deletes branches"),
    ("branch", "forget", "history", "forgets branches"),
    ("workspace", "forget", "history", "forgets a workspace"),
    ("git", "push", "push", "pushes bookmarks to a git remote"),
];

const DARCS: &[Verb] = &[
    (
        "obliterate",
        &[],
        "history",
        "deletes patches from the repository",
    ),
    (
        "unpull",
        &[],
        "history",
        "deletes patches from the repository",
    ),
    ("unrecord", &[], "history", "removes recorded patches"),
    ("amend", &[], "history", "rewrites a recorded patch"),
    ("amend-record", &[], "history", "rewrites a recorded patch"),
    ("rollback", &[], "history", "rolls back patches"),
    ("revert", &[], "discard", "discards unrecorded changes"),
    ("push", &[], "push", "pushes patches to another repository"),
    (
        "send",
        &[],
        "push",
        "sends patches by mail or to another repository",
    ),
];

const BZR: &[Verb] = &[
    (
        "uncommit",
        &[],
        "history",
        "removes the last committed revision",
    ),
    ("revert", &[], "discard", "discards uncommitted changes"),
    ("clean-tree", &[], "discard", "deletes untracked files"),
    ("remove-branch", &[], "history", "deletes a branch"),
    ("remove-tree", &[], "discard", "deletes a working tree"),
    ("push", &[], "push", "pushes revisions to another branch"),
];

const DVC: &[Verb] = &[
    (
        "gc",
        &["-c", "--cloud"],
        "deletion",
        "garbage-collects with --cloud, deleting data from remote storage past recovery",
    ),
    ("gc", &[], "discard", "garbage-collects the cache"),
    ("push", &[], "push", "uploads data to remote storage"),
    (
        "checkout",
        &["-f", "--force"],
        "discard",
        "overwrites workspace files without asking",
    ),
];

/// Does `args` give one of `flags` (`-C`, `--clean`, or in a cluster of short flags)?
fn given(args: &[String], flags: &[&str]) -> bool {
    args.iter().take_while(|a| *a != "--").any(|a| {
        flags.iter().any(|f| {
            a == f
                || (f.starts_with("--") && a.starts_with(&format!("{f}=")))
                || (f.len() == 2
                    && !f.starts_with("--")
                    && a.starts_with('-')
                    && !a.starts_with("--")
                    && a[1..].contains(&f[1..]))
        })
    })
}

/// What the VCS command destroys or changes elsewhere: `(category, reason)`.
pub(super) fn destroys(cmd: &Cmd) -> Option<(&'static str, String)> {
    let prog = cmd.program();
    let args = cmd.args();
    // Global options that take a value before the command (`hg -R repo strip`, `jj
    // --at-op X abandon`, `dvc --cd dir gc`): the value is no command word.
    const VALUED: &[&str] = &[
        "-R",
        "--repository",
        "--cwd",
        "--cd",
        "--config",
        "--config-file",
        "--encoding",
        "--at-operation",
        "--at-op",
        "--color",
    ];
    let words: Vec<&str> = args
        .iter()
        .enumerate()
        .filter(|(i, a)| !(a.starts_with('-') || *i > 0 && VALUED.contains(&args[i - 1].as_str())))
        .map(|(_, a)| a.as_str())
        .collect();
    let first = *words.first()?;
    let table: &[Verb] = match prog {
        "hg" | "sl" => HG,
        "jj" => {
            if let Some((g, v, cat, what)) = JJ2
                .iter()
                .find(|(g, v, _, _)| *g == first && words.get(1) == Some(v))
            {
                return Some((*cat, format!("{prog} {g} {v} {what}")));
            }
            JJ
        }
        "darcs" => DARCS,
        "bzr" | "brz" => BZR,
        "dvc" => DVC,
        _ => return None,
    };
    // hg's and jj's `push --force` is still a push; the first entry that fits decides.
    table
        .iter()
        .find(|(verb, flags, _, _)| *verb == first && (flags.is_empty() || given(args, flags)))
        .map(|(verb, _, cat, what)| (*cat, format!("{prog} {verb} {what}")))
}
