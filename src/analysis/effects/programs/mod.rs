//! Program grammars as data: one [`Program`] per program the floor understands, each with
//! what it does (the phrase a reason line uses), its [`Grammar`], and — where effects
//! depend on combinations of options and operands — a small function that adds them.
//! [`lookup`] is one `match` on the program name per family, so the cost does not grow
//! with the tables and nothing is built at start-up.
//!
//! Families: `coreutils` (file readers of GNU coreutils), `files` (coreutils' file
//! mutators: mkdir, cp, mv, ln, rm, chmod, tee, dd…), `info` (programs that print
//! information about the system, the user, processes and names), `viewers` (file
//! viewers and dumpers beyond coreutils: file, diff, bat, tree, eza…), `own`
//! (programs whose argv is not read by getopt: echo, printf, test, xxd, jq, ps, dd…,
//! each with a small parser of its own), `checkers` (counters and linters that read a
//! project's files and run none of its code: tokei, yamllint); `search` (grep, ripgrep, fd), `find`, `sed`, `awk` and
//! `git` (read by the command floor's own glue, `command::routine_search` and
//! `command::routine_git`, which adds what needs the file system: the commands `find -exec`
//! and `fd -x` run, script files named by `sed -f`/`awk -f`, the repository git would
//! use); `runners` (build and test runners, whose subcommands each have a grammar;
//! `nix develop --command` in `nix`), `linters` (linters, formatters and type checkers,
//! reached through `runners`) and `interpreters` (Python, Node and the shells given a
//! script), which are consulted through their own entry points by the command floor's
//! `build` module rather than [`lookup`], since what they run depends on the project's
//! files.

pub mod awk;
mod builders;
mod checkers;
mod common;
mod coreutils;
mod devtools;
mod ecosystems;
pub mod files;
pub mod find;
pub mod git;
mod git_opts;
mod info;
pub mod interpreters;
pub mod jsinline;
mod langs;
pub mod linters;
pub mod netcalls;
mod nix;
mod own;
pub mod pip;
pub mod pyinline;
#[cfg(test)]
mod runner_test_support;
pub mod runners;
pub mod search;
pub mod sed;
mod toolchains;
mod viewers;

use super::grammar::{self, Grammar, GrammarError, Parsed};
use super::Effect;

/// One program the floor understands.
pub struct Program {
    /// The name it is run by.
    pub name: &'static str,
    /// What it does, for reason lines ("prints files").
    pub does: &'static str,
    pub grammar: Grammar,
    /// Effects that depend on combinations the grammar cannot express.
    pub extra: Option<fn(&Parsed, &mut Vec<Effect>)>,
    /// With no operand it reads its working directory (`ls`, `du`, `tree`).
    pub reads_cwd_by_default: bool,
}

/// The program known by this name, if any.
pub fn lookup(name: &str) -> Option<&'static Program> {
    coreutils::lookup(name)
        .or_else(|| files::lookup(name))
        .or_else(|| info::lookup(name))
        .or_else(|| viewers::lookup(name))
        .or_else(|| own::lookup(name))
        .or_else(|| toolchains::lookup(name))
        .or_else(|| checkers::lookup(name))
}

/// What a program can do to files through its arguments, whatever they are: `(writes,
/// deletes)`. For a command whose arguments arrive when it runs (`xargs dd`, `ls |
/// parallel rm`): the file mutators (`files`: cp, mv, ln, tee, chmod, rm, …), the programs
/// with a parser of their own that write (dd `of=`, xxd's output file, tree `-o`), and any
/// other grammar with an option or operand that writes (sort `-o`, uniq's output).
pub fn changes_through_arguments(name: &str) -> (bool, bool) {
    let deletes = matches!(
        name,
        "rm" | "rmdir" | "unlink" | "shred" | "mv" | "srm" | "trash" | "trash-put"
    );
    let writes = (files::lookup(name).is_some()
        && !matches!(name, "rm" | "rmdir" | "unlink" | "shred"))
        || matches!(name, "dd" | "xxd" | "tree")
        || lookup(name).is_some_and(|p| {
            let w = |v: &grammar::Val| matches!(v, grammar::Val::Write | grammar::Val::Append);
            p.grammar.opts.iter().any(|o| w(&o.val))
                || p.grammar.operands.leading.iter().any(w)
                || p.grammar.operands.rest.as_ref().is_some_and(w)
        });
    (writes, deletes)
}

/// Does this `kill` argv name only jobs of the shell it runs in (`kill %1`), as the
/// grammar of `own` reads it (`dynamic` marks the words computed at run time)?
pub fn kill_names_jobs(argv: &[String], dynamic: &[bool]) -> bool {
    own::lookup("kill").is_some_and(|p| effects(p, argv, dynamic).is_ok())
}

/// The effects of running `argv` (argv[0] is the program) with `dynamic` marking the words
/// holding an unresolved expansion or glob.
pub fn effects(
    p: &Program,
    argv: &[String],
    dynamic: &[bool],
) -> Result<Vec<Effect>, GrammarError> {
    // Programs with a parser of their own (their argv is not getopt's).
    if let Some(own) = own::parser(p.name) {
        return own(p, argv, dynamic);
    }
    let parsed = grammar::parse(&p.grammar, argv, dynamic)?;
    let mut out = p.grammar.effects(&parsed);
    if let Some(extra) = p.extra {
        extra(&parsed, &mut out);
    }
    if p.reads_cwd_by_default && parsed.operands.is_empty() {
        out.push(Effect::read("."));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::changes_through_arguments as changes;

    /// Given any arguments, what a program can do to files: the mutators write or delete,
    /// dd and tree write through their own syntax, a grammar with a writing option writes,
    /// readers and printers do neither.
    #[test]
    fn writers_and_deleters_by_their_grammars() {
        assert_eq!(changes("rm"), (false, true));
        assert_eq!(changes("shred"), (false, true));
        assert_eq!(changes("mv"), (true, true));
        for w in [
            "cp", "ln", "tee", "chmod", "truncate", "mkdir", "dd", "xxd", "tree", "sort",
        ] {
            assert_eq!(changes(w), (true, false), "{w}");
        }
        for r in [
            "cat",
            "grep",
            "wc",
            "echo",
            "head",
            "basename",
            "ls",
            "frobnicate",
        ] {
            assert_eq!(changes(r), (false, false), "{r}");
        }
    }
}
