//! The vocabulary every part of gatehook speaks: the decision, the gate that made it, and
//! its cause. The cause is a closed set: every renderer (the hook's reason line, `explain`,
//! the audit record) matches it exhaustively, so a new cause forces each of them to say
//! something about it. The decision a call is answered with, after any review, is
//! [`Settled`].

pub mod cause;
pub mod redact;

use cause::Cause;
use serde::Serialize;
use std::fmt;

/// The decision a hook answers with, after any review.
pub struct Settled {
    pub decision: Option<Decision>,
    pub gate: Gate,
    pub cause: Cause,
}

/// What gatehook tells the harness. Ordered from the most to the least permissive, so the
/// strictest of several findings is their `max()`.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Decision {
    /// Run the call without asking the person.
    Allow,
    /// Show the person the harness's permission prompt, with gatehook's reason.
    Ask,
    /// Refuse the call; the agent is told why.
    Deny,
}

impl Decision {
    pub fn as_str(self) -> &'static str {
        match self {
            Decision::Allow => "allow",
            Decision::Ask => "ask",
            Decision::Deny => "deny",
        }
    }
}

impl fmt::Display for Decision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Which stage of the pipeline settled the call (INTERFACE: the audit field `gate`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Gate {
    /// An allow, ask or deny rule from the person's (or organisation's) config.
    Rule,
    /// The deterministic floor: hard floors, protected paths, plan mode, and the fallbacks.
    Floor,
    /// The fast path: reads, workspace edits, tools without side effects.
    Fastpath,
    /// The LLM reviewer.
    Reviewer,
    /// A cached reviewer verdict for the same action in the same turn.
    Cache,
    /// A hold the person set in their own words ("don't push yet").
    Hold,
    /// Auto mode paused for this session after repeated reviewer refusals.
    Paused,
    /// Bad input, bad config or an internal error: gatehook failed closed.
    Error,
    /// The person let exactly this call run once (`gatehook allow-once CODE`).
    #[serde(rename = "allow-once")]
    AllowOnce,
}

impl Gate {
    pub fn as_str(self) -> &'static str {
        match self {
            Gate::Rule => "rule",
            Gate::Floor => "floor",
            Gate::Fastpath => "fastpath",
            Gate::Reviewer => "reviewer",
            Gate::Cache => "cache",
            Gate::Hold => "hold",
            Gate::Paused => "paused",
            Gate::Error => "error",
            Gate::AllowOnce => "allow-once",
        }
    }
}

/// gatehook's operating mode (config key `mode`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// The floor decides what it can; everything else is left to the harness (silence).
    #[default]
    Guard,
    /// The floor decides what it can; everything else goes to the LLM reviewer.
    Auto,
    /// Decide and log exactly as `guard` would, but print nothing: a dry run for adoption.
    Observe,
}

impl Mode {
    pub fn as_str(self) -> &'static str {
        match self {
            Mode::Guard => "guard",
            Mode::Auto => "auto",
            Mode::Observe => "observe",
        }
    }

    pub fn parse(s: &str) -> Option<Mode> {
        match s {
            "guard" => Some(Mode::Guard),
            "auto" => Some(Mode::Auto),
            "observe" => Some(Mode::Observe),
            _ => None,
        }
    }
}
