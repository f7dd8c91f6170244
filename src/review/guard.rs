//! The guarantees gatehook enforces in code, whatever the model says. A reviewer's allow
//! stands only if every one holds: owner messages exist; the evidence cites shown owner
//! ids; the risk is below high and no risk kind is named; the shell command was fully
//! understood; and every destructive or publish-like action is *grounded* in a cited
//! message: the message names the action (a verb from a small table) and, where the action
//! has one, its target (path, branch, host). So "fix the test" cannot authorise
//! `git reset --hard`. Hard-floor calls never get here (see [`is_hard_floor`]).
//!
//! The soft-action table in `soft.rs` is the integration point for the shell floor: once
//! the engine reports soft/publish findings, they fill [`Findings::soft`] instead.

use super::owner::OwnerMessage;
use super::verdict::{Risk, Verdict};
use crate::cause::Cause;
use crate::decision::Decision;
use crate::engine::{Evaluation, Outcome};
use crate::floor::PathClass;
use serde::Serialize;

/// A destructive or publish-like action found in the call.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SoftAction {
    /// What kind of action: `delete`, `discard`, `push`, `force-push`, `publish`, …
    pub category: String,
    /// Any one of these words (or its inflections) names the action.
    pub verbs: Vec<String>,
    /// Any one of these names its target; empty when the action has none.
    pub targets: Vec<String>,
    /// Set when the target cannot be named safely (home, `/`, the workspace root, a glob,
    /// an unresolved expansion): nothing the person wrote grounds it.
    pub ungroundable: Option<String>,
}

/// What the floor found about a call that needs review: the reviewer sees it, the guard
/// checks the verdict against it, and the cache key includes it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Findings {
    pub cause_id: String,
    pub why: String,
    pub soft: Vec<SoftAction>,
    pub paths: Vec<String>,
    pub argv: Vec<Vec<String>>,
    /// Constructs the shell analysis could not model.
    pub opaque: Vec<String>,
    /// The input carries a secret-shaped value (it changes under redaction): sending or
    /// using a literal credential is never lifted by the reviewer.
    pub secret: bool,
}

/// A guarantee that withdrew an allow.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Violation {
    pub guarantee: &'static str,
    pub detail: String,
}

impl Violation {
    pub fn cause(&self) -> Cause {
        Cause::Guarantee {
            guarantee: self.guarantee.to_string(),
            detail: self.detail.clone(),
        }
    }
}

/// How many refused proposals in one turn stop the reviewer from allowing anything more.
pub const REFUSALS_PER_TURN: u32 = 3;

/// A hard floor (credentials, gatehook's own files, harness settings) is decided by the
/// engine and must never reach the reviewer.
pub fn is_hard_floor(ev: &Evaluation) -> bool {
    matches!(
        ev.cause,
        Cause::Credential { .. }
            | Cause::Secret { .. }
            | Cause::SelfModification { .. }
            | Cause::HarnessConfig { .. }
    ) || ev.paths.iter().any(|p| {
        matches!(
            p.class,
            Some(PathClass::Credential { .. })
                | Some(PathClass::SelfConfig { .. })
                | Some(PathClass::HarnessConfig { .. })
        )
    }) || ev.outcome != Outcome::Review
}

/// What a withdrawn allow becomes: `ask`, or `on_failure` where that is stricter.
pub fn downgraded(on_failure: Decision) -> Decision {
    Decision::Ask.max(on_failure)
}

/// Check an allow against every guarantee. Non-allow verdicts pass through untouched.
pub fn check(v: &Verdict, shown: &[OwnerMessage], f: &Findings) -> Result<(), Violation> {
    if v.decision != Decision::Allow {
        return Ok(());
    }
    let fail = |guarantee, detail: String| Err(Violation { guarantee, detail });
    if shown.is_empty() {
        return fail(
            "no-owner-messages",
            "there are no messages from the person to authorise it".into(),
        );
    }
    if v.evidence.is_empty() {
        return fail(
            "evidence",
            "the allow cites none of the person's messages".into(),
        );
    }
    let mut cited = Vec::new();
    for id in &v.evidence {
        match shown.iter().find(|m| m.id() == *id) {
            Some(m) => cited.push(m),
            None => {
                return fail(
                    "evidence",
                    format!(
                        "the allow cites `{}`, which is not a shown message of the person",
                        crate::cause::one_line(id, 24)
                    ),
                )
            }
        }
    }
    if v.risk >= Risk::High {
        return fail("risk", format!("no allow at {} risk", v.risk.as_str()));
    }
    if let Some(k) = v.kind.as_deref().filter(|k| !k.trim().is_empty()) {
        return fail(
            "risk-kind",
            format!(
                "no allow with a risk kind named (`{}`)",
                crate::cause::one_line(k, 40)
            ),
        );
    }
    if f.secret {
        return fail(
            "secret",
            "the call carries a secret-shaped value; only the person can approve that".into(),
        );
    }
    if let Some(o) = f.opaque.first() {
        return fail(
            "opaque",
            format!("the command could not be fully analysed ({o})"),
        );
    }
    for s in &f.soft {
        if let Some(why) = &s.ungroundable {
            return fail(
                "grounding",
                format!(
                    "{} of {why} cannot be authorised by the reviewer",
                    s.category
                ),
            );
        }
        if !cited.iter().any(|m| grounds(&m.text, s)) {
            let target = if s.targets.is_empty() {
                String::new()
            } else {
                format!(" and its target ({})", s.targets.join(" | "))
            };
            return fail(
                "grounding",
                format!(
                    "no cited message names the {} action ({}){target}",
                    s.category,
                    s.verbs.join(" | ")
                ),
            );
        }
    }
    Ok(())
}

/// Words that negate a following verb ("don't push", "never delete").
const NEGATORS: &[&str] = &["don't", "dont", "not", "never", "no", "without", "avoid"];

fn words(text: &str) -> Vec<String> {
    text.to_lowercase()
        .replace('\u{2019}', "'")
        .split(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '-' || c == '_'))
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

fn verb_matches(word: &str, verb: &str) -> bool {
    if verb.len() <= 2 {
        return word == verb;
    }
    let stem = if verb.len() > 4 {
        verb.strip_suffix('e').unwrap_or(verb)
    } else {
        verb
    };
    word.starts_with(stem)
}

/// Does the message name the action (not negated) and, where there is one, its target?
pub fn grounds(text: &str, s: &SoftAction) -> bool {
    let ws = words(text);
    let lower = text.to_lowercase();
    let names_verb = s.verbs.iter().any(|verb| {
        if verb.contains(' ') {
            return lower.contains(verb.as_str());
        }
        ws.iter().enumerate().any(|(i, w)| {
            verb_matches(w, verb)
                && !ws[i.saturating_sub(3)..i]
                    .iter()
                    .any(|p| NEGATORS.contains(&p.as_str()))
        })
    });
    names_verb && (s.targets.is_empty() || s.targets.iter().any(|t| names(&lower, t)))
}

/// Is `target` written in `lower` as a whole token?
fn names(lower: &str, target: &str) -> bool {
    let t = target.to_lowercase();
    if t.len() < 2 {
        return false;
    }
    let boundary = |c: Option<char>| c.is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
    let mut from = 0;
    while let Some(i) = lower[from..].find(&t) {
        let a = from + i;
        let b = a + t.len();
        if boundary(lower[..a].chars().next_back()) && boundary(lower[b..].chars().next()) {
            return true;
        }
        from = a + t.len().max(1);
        while from < lower.len() && !lower.is_char_boundary(from) {
            from += 1;
        }
    }
    false
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn soft(verbs: &[&str], targets: &[&str]) -> SoftAction {
        SoftAction {
            category: "x".into(),
            verbs: verbs.iter().map(|s| s.to_string()).collect(),
            targets: targets.iter().map(|s| s.to_string()).collect(),
            ungroundable: None,
        }
    }

    #[test]
    fn grounding_needs_verb_and_target() {
        let reset = soft(&["reset", "discard"], &[]);
        assert!(!grounds("fix the test", &reset));
        assert!(grounds("Reset the branch, discard my changes", &reset));
        let push = soft(&["push"], &["main", "origin"]);
        assert!(grounds("please push to main", &push));
        assert!(grounds("Pushing to origin is fine", &push));
        assert!(!grounds("don't push to main", &push));
        assert!(!grounds("push the feature branch", &push));
        assert!(!grounds(
            "maintain the push docs",
            &soft(&["push"], &["main"])
        ));
        let rm = soft(&["delete", "remove", "rm"], &["build"]);
        assert!(grounds("delete the build dir", &rm));
        assert!(grounds("removing build/", &rm));
        assert!(!grounds("rebuild it", &rm));
    }
}
