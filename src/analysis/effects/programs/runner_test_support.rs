//! What the runner and linter grammar tests share (runners_tests.rs, builders_tests.rs,
//! linters_tests.rs): argv from words, the runner grammar's answer for them, and the
//! effects of a call.
#![allow(clippy::unwrap_used)]

use super::runners::{runner, RunnerCall};
use crate::analysis::effects::grammar::GrammarError;
use crate::analysis::effects::{Code, Effect};

/// The words, and which of them are dynamic (those holding a `$`).
pub(super) fn argv(words: &[&str]) -> (Vec<String>, Vec<bool>) {
    let v: Vec<String> = words.iter().map(|w| w.to_string()).collect();
    let d = v.iter().map(|w| w.contains('$')).collect();
    (v, d)
}

/// A call the runner grammars read.
pub(super) fn call(words: &[&str]) -> RunnerCall {
    let (v, d) = argv(words);
    match runner(&v, &d) {
        Some(Ok(c)) => c,
        other => panic!("{words:?}: {other:?}"),
    }
}

/// A runner's call outside its grammar.
pub(super) fn outside(words: &[&str]) -> GrammarError {
    let (v, d) = argv(words);
    match runner(&v, &d) {
        Some(Err(e)) => e,
        other => panic!("{words:?} should be outside the grammar: {other:?}"),
    }
}

pub(super) fn not_a_runner(words: &[&str]) {
    let (v, d) = argv(words);
    assert!(runner(&v, &d).is_none(), "{words:?}");
}

pub(super) fn writes(c: &RunnerCall) -> Vec<String> {
    c.effects
        .iter()
        .filter_map(|e| match e {
            Effect::Write { path, .. } => Some(path.clone()),
            _ => None,
        })
        .collect()
}

pub(super) fn runs_hidden(c: &RunnerCall) -> bool {
    c.effects.iter().any(|e| {
        matches!(
            e,
            Effect::Run {
                code: Code::Hidden { .. }
            }
        )
    })
}

pub(super) fn unknown(c: &RunnerCall) -> bool {
    c.effects.iter().any(Effect::is_unknown)
}
