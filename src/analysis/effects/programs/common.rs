//! Small helpers the families with their own parsers share: turning a word into a read or
//! write effect the way [`Grammar::effects`](super::super::grammar::Grammar::effects) does
//! (a path computed at run time is unknown; `-` is stdin or stdout), and telling whether a
//! dynamic word could turn into an option.

use super::super::grammar::{is_expansion, Grammar, Operands, Opt, Style, Word};
use super::super::{Effect, Reach, WriteHow};

/// A GNU `getopt_long` grammar (the style of most tables) without `-NUM` options.
pub(super) const fn gnu(opts: &'static [Opt], operands: Operands) -> Grammar {
    Grammar {
        style: Style::Gnu,
        opts,
        operands,
        numeric_short: false,
    }
}

/// A path word that is read with this reach. `-` (stdin) reads no file.
pub(super) fn read(w: Word, reach: Reach, out: &mut Vec<Effect>) {
    if w.text == "-" {
        return;
    }
    if computed(w, out) {
        return;
    }
    out.push(Effect::Read {
        path: w.text.to_string(),
        reach,
    });
}

/// A path word whose metadata is read (never its contents). `-` names no file.
pub(super) fn stat(w: Word, out: &mut Vec<Effect>) {
    read(w, Reach::Metadata, out);
}

/// A path word that is written. `-` (stdout) writes no file.
pub(super) fn write(w: Word, how: WriteHow, out: &mut Vec<Effect>) {
    if w.text == "-" {
        return;
    }
    if computed(w, out) {
        return;
    }
    out.push(Effect::write(w.text, how));
}

/// A path computed at run time (an expansion, not only a glob) is unknown.
pub(super) fn computed(w: Word, out: &mut Vec<Effect>) -> bool {
    if w.dynamic && is_expansion(w.text) {
        out.push(Effect::unknown(format!(
            "the path {} is computed at run time",
            w.text
        )));
        return true;
    }
    false
}

/// A dynamic word in option position might expand to an option at run time: one that
/// starts with an expansion, a quote or a dash can, one that starts with a literal
/// character cannot.
pub(super) fn could_be_option(t: &str) -> bool {
    t.starts_with(['$', '`', '"', '\'', '-'])
}

/// The words of `argv` with their dynamic marks, as grammar words.
pub(super) fn words<'a>(argv: &'a [String], dynamic: &[bool]) -> Vec<Word<'a>> {
    argv.iter()
        .enumerate()
        .map(|(i, t)| Word {
            text: t.as_str(),
            dynamic: dynamic.get(i).copied().unwrap_or(false),
            index: i,
        })
        .collect()
}
