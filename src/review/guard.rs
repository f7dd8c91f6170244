//! The guarantees gatehook enforces in code, whatever the model says. A reviewer's allow
//! stands only if every one holds: owner messages exist; the evidence cites shown owner
//! ids; the risk is below high and no risk kind is named; the call carries no
//! secret-shaped value; the shell command was fully understood; no word of the call
//! names a credential, gatehook's own files or the harness's settings (directly, through a
//! link, as another name of the same file: [`Findings::sensitive`]); and every effect that
//! needs the person's own authorisation ([`Findings::soft`], built by `soft::needs` from
//! the call's effects) is *grounded* in a cited message: the message names its target
//! structurally (see [`super::ground`]). So "fix the test" cannot authorise
//! `git reset --hard` or a write to `/etc/cron.d/test`. Hard-floor calls never get here
//! (see [`is_hard_floor`]).

use super::ground::{self, Need, Places};
use super::owner::OwnerMessage;
use super::verdict::{Risk, Verdict};
use crate::context::floor::PathClass;
use crate::decision::cause::Cause;
use crate::decision::Decision;
use crate::policy::engine::{Evaluation, Outcome};
use serde::Serialize;
use std::path::PathBuf;

/// An effect that needs the person's authorisation (see [`ground`]).
pub type SoftAction = Need;

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
    /// Words of the command that name a credential, gatehook's own files or the harness's
    /// settings (directly, through a link, or as another name of the same file) where the
    /// floor could not tell what the program does with them (`less ~/.netrc` with `less`
    /// unknown, a path inside a string of code): never lifted by the reviewer.
    pub sensitive: Vec<String>,
    /// Reads no reviewer can check, each as what is read: a tree holding a home or a
    /// credential store read file by file (`grep -r token ~`), files named inside another
    /// file (`cat $(cat list.txt)`). Never lifted by the reviewer.
    pub unseen_reads: Vec<String>,
    /// Where relative names in the person's words resolve (not part of the cache key: the
    /// needs' targets are already absolute).
    #[serde(skip)]
    pub home: PathBuf,
    #[serde(skip)]
    pub cwd: PathBuf,
    #[serde(skip)]
    pub roots: Vec<PathBuf>,
}

impl Findings {
    fn places(&self) -> Places<'_> {
        Places {
            home: &self.home,
            cwd: &self.cwd,
            roots: &self.roots,
        }
    }

    /// The risk rank of the call's riskiest need (0: it needs no authorisation).
    pub fn rank(&self) -> u8 {
        self.soft.iter().map(|n| n.kind.rank()).max().unwrap_or(0)
    }
}

/// A guarantee that withdrew an allow.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Violation {
    pub guarantee: &'static str,
    pub detail: String,
    /// What would let it pass, when the guarantee can say (grounding).
    pub remedy: Option<String>,
}

impl Violation {
    /// The cause of a guarantee that held the call back before any request was made.
    pub fn cause(&self) -> Cause {
        Cause::Guarantee {
            guarantee: self.guarantee.to_string(),
            detail: self.detail.clone(),
            not_sent: true,
            remedy: self.remedy.clone(),
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

/// What a withdrawn allow becomes: `ask`, whatever `on_failure` says. A guarantee
/// withdraws an allow because only the person can authorise the call (or the floor could
/// not see all of it), so the person is asked; `on_failure` is for a reviewer that gave no
/// usable answer.
pub const WITHDRAWN: Decision = Decision::Ask;

/// Check an allow against every guarantee. Non-allow verdicts pass through untouched.
pub fn check(v: &Verdict, shown: &[OwnerMessage], f: &Findings) -> Result<(), Violation> {
    if v.decision != Decision::Allow {
        return Ok(());
    }
    if shown.is_empty() {
        return Err(no_owner_messages());
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
                        crate::decision::cause::one_line(id, 24)
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
                crate::decision::cause::one_line(k, 40)
            ),
        );
    }
    of_findings(&cited, f, "no cited message of yours")
}

/// The guarantee that would withdraw *any* allow of this call, whatever the reviewer
/// answered and whichever of the shown messages it cited: no messages of the person, a
/// secret-shaped value, a construct the floor could not model, a protected path it could
/// not judge, or an effect that none of the person's messages grounds. Such a call is not
/// sent: the reviewer's only possible allow could not stand, so the person is asked at once
/// (no model latency, no request) and told what would let it pass.
pub fn foreclosed(shown: &[OwnerMessage], f: &Findings) -> Option<Violation> {
    if shown.is_empty() {
        return Some(no_owner_messages());
    }
    let all: Vec<&OwnerMessage> = shown.iter().collect();
    of_findings(&all, f, "no message of yours").err()
}

fn fail(guarantee: &'static str, detail: String) -> Result<(), Violation> {
    Err(Violation {
        guarantee,
        detail,
        remedy: None,
    })
}

fn no_owner_messages() -> Violation {
    Violation {
        guarantee: "no-owner-messages",
        detail: "there are no messages from the person to authorise it".into(),
        remedy: None,
    }
}

/// The guarantees that depend only on what the floor found and on `messages` (the cited
/// ones for a verdict; all shown ones for [`foreclosed`]): grounding in a subset of the
/// messages needs grounding in the whole, so a call that fails here against every shown
/// message fails for every verdict.
fn of_findings(messages: &[&OwnerMessage], f: &Findings, none_of: &str) -> Result<(), Violation> {
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
    if let Some(p) = f.sensitive.first() {
        return fail(
            "sensitive-path",
            format!(
                "the command names {}, a path the floor protects, in a way it could not judge",
                crate::decision::cause::one_line(p, 80)
            ),
        );
    }
    if let Some(r) = f.unseen_reads.first() {
        return fail(
            "sensitive-path",
            format!(
                "the command reads {}, which the floor cannot check",
                crate::decision::cause::one_line(r, 100)
            ),
        );
    }
    let places = f.places();
    for n in &f.soft {
        if let Some(why) = &n.ungroundable {
            return Err(Violation {
                guarantee: "grounding",
                detail: format!("{}: {why} cannot be authorised by the reviewer", n.what),
                remedy: Some(n.remedy()),
            });
        }
        if !messages
            .iter()
            .any(|m| ground::grounds(&m.text, n, &places))
        {
            return Err(Violation {
                guarantee: "grounding",
                detail: format!(
                    "{} ({}), and {none_of} names {}",
                    crate::decision::cause::one_line(&n.what, 80),
                    n.category,
                    if n.targets.is_empty() {
                        "the action".to_string()
                    } else {
                        "its target".to_string()
                    }
                ),
                remedy: Some(n.remedy()),
            });
        }
    }
    Ok(())
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::review::ground::{Kind, Target};

    #[test]
    fn an_ungrounded_need_withdraws_the_allow_with_its_remedy() {
        let v = Verdict {
            decision: Decision::Allow,
            risk: Risk::Low,
            reason: "ok".into(),
            kind: None,
            evidence: vec!["m1".into()],
        };
        let shown = vec![OwnerMessage {
            n: 1,
            text: "fix the failing unit test in src/lib.rs".into(),
        }];
        let f = Findings {
            soft: vec![Need::new(
                Kind::Push,
                "git push origin main",
                vec![Target::Name("main".into())],
            )],
            home: "/h".into(),
            cwd: "/h/p".into(),
            roots: vec!["/h/p".into()],
            ..Findings::default()
        };
        let e = check(&v, &shown, &f).unwrap_err();
        assert_eq!(e.guarantee, "grounding");
        assert!(e.remedy.unwrap().contains("push main"));
        let ok = vec![OwnerMessage {
            n: 1,
            text: "then push to main".into(),
        }];
        assert!(check(&v, &ok, &f).is_ok());
    }
}
