//! Program grammars as data: one [`Program`] per program the floor understands, each with
//! what it does (the phrase a reason line uses), its [`Grammar`], and — where effects
//! depend on combinations of options and operands — a small function that adds them.
//! [`lookup`] is one `match` on the program name per family, so the cost does not grow
//! with the tables and nothing is built at start-up.
//!
//! Families: `coreutils` (file readers and pure programs of GNU coreutils and the usual
//! companions), `search` (grep, ripgrep, fd), `find` (find's expression language), `sed`
//! (sed's script language), `awk` (awk programs) and `git` (git's global options and
//! subcommands). The last five are read by the command floor's own glue
//! (`command::routine_search`, `command::routine_git`), which adds what needs the file
//! system: the commands `find -exec` and `fd -x` run, with the found paths in place;
//! script files named by `sed -f` and `awk -f`; the configuration of the repository git
//! would use.

pub mod awk;
mod common;
mod coreutils;
pub mod find;
pub mod git;
mod git_opts;
pub mod search;
pub mod sed;

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
}

/// The effects of running `argv` (argv[0] is the program) with `dynamic` marking the words
/// holding an unresolved expansion or glob.
pub fn effects(
    p: &Program,
    argv: &[String],
    dynamic: &[bool],
) -> Result<Vec<Effect>, GrammarError> {
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
