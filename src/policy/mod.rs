//! Stage 4, the policy: what may run. [`engine::evaluate`] is the one evaluation over the
//! effects the analysis works out: the person's rules, the hard floors (the path floor of
//! `context::floor`: credentials, gatehook's own files, the harness's settings; the
//! destructive tier), holds from the person's words ([`holds`]), subagent delegations
//! ([`delegate`]) and the fast path, returning an outcome, a gate and a cause.
//! [`Prepared::evaluate`] runs it with the session's baseline and holds, for the hook,
//! `explain`, `check`, `denied` and `scan` alike; Codex's `apply_patch` is judged file by
//! file ([`patch`]).

pub mod delegate;
pub mod engine;
pub mod holds;
pub mod patch;

use crate::context::baseline::FileBaseline;
use crate::context::config;
use crate::context::state;
use crate::context::Prepared;
use crate::decision::cause::Cause;
use crate::decision::{Decision, Gate};
use crate::input::harness;
use engine::{Call, Context, Evaluation, Outcome, Step};
use std::path::{Path, PathBuf};

impl Prepared {
    /// Judge a call. Codex's `apply_patch` is judged file by file ([`patch`]), each
    /// file through the same evaluation; another harness's unmapped tool is never allowed.
    pub fn evaluate(&self, call: &Call) -> Evaluation {
        // Each directory on the call's paths is looked at once per evaluation (the
        // workspace's roots once per process, when `prepare` resolved them).
        crate::context::paths::memo_from(&self.looked, || {
            if call.tool == patch::TOOL {
                return patch::evaluate(call, |c| self.evaluate_one(c));
            }
            let mut ev = self.evaluate_one(call);
            if harness::is_unmapped(call.tool) {
                never_allow(call.tool, &mut ev);
            }
            ev
        })
    }

    fn evaluate_one(&self, call: &Call) -> Evaluation {
        let unsafe_state = state::unsafe_state(&self.state_root, call.session_id);
        // Nothing is read from or recorded into a directory others can write.
        let baseline = match unsafe_state {
            None => FileBaseline::new(&self.state_root, call.session_id, self.record_baseline),
            Some(_) => FileBaseline::new(Path::new(config::NO_HOME), call.session_id, false),
        };
        let holds = || match unsafe_state {
            None => crate::policy::holds::load(&self.state_root, call.session_id),
            Some(_) => Vec::new(),
        };
        let ctx = Context {
            config: &self.config,
            home: &self.context_home,
            workspace: &self.workspace,
            floor: &self.floor,
            baseline: &baseline,
            holds: &holds,
        };
        let mut ev = engine::evaluate(call, &ctx);
        // What the agent may now have written (unless the floor refused it): a script or
        // definition file among these is no longer the project's own code this session.
        if self.record_baseline
            && unsafe_state.is_none()
            && !matches!(ev.outcome, Outcome::Decided(Decision::Deny))
        {
            let written: Vec<PathBuf> = ev
                .paths
                .iter()
                .filter(|p| p.access == crate::context::floor::Access::Write)
                .flat_map(|p| {
                    std::iter::once(p.forms.lexical.clone()).chain(p.forms.resolved.clone())
                })
                .collect();
            if baseline.record_written(&written).is_err() {
                // NOTE: an unrecorded write could later pass as the project's own script;
                // the record fails closed on read, so a failed write is only logged here.
                ev.steps.push(engine::Step {
                    stage: "state",
                    detail: "could not record the paths this call writes".into(),
                });
            }
        }
        // NOTE: state others can write may have loosened the evaluation (holds erased, a
        // changed build file blessed) and would steer a review (planted words, a cached
        // allow): an allow, silence or a pending review becomes a deny. Asks and denies
        // stand.
        if let Some((dir, why)) = unsafe_state {
            // Silence counts too: the erased hold might have asked.
            let stands = matches!(ev.outcome, Outcome::Decided(Decision::Ask | Decision::Deny));
            if !stands {
                ev.cause = Cause::UnsafeState {
                    dir: dir.display().to_string(),
                    why,
                };
                ev.steps.push(engine::Step {
                    stage: "state",
                    detail: ev.cause.describe(),
                });
                ev.outcome = Outcome::Decided(Decision::Deny);
                ev.gate = Gate::Error;
            }
        }
        ev
    }
}

/// An unmapped tool is never allowed: not by a wildcard rule, not by the reviewer (who
/// would be judging a name). What would have been allowed or reviewed is asked.
fn never_allow(tool: &str, ev: &mut Evaluation) {
    match ev.outcome {
        Outcome::Review => {}
        Outcome::Decided(Decision::Allow) => {
            ev.cause = Cause::Undecided {
                why: format!("{tool} is a tool gatehook does not know"),
            };
            ev.gate = Gate::Floor;
        }
        Outcome::Silent | Outcome::Decided(Decision::Ask | Decision::Deny) => return,
    }
    ev.outcome = Outcome::Decided(Decision::Ask);
    ev.steps.push(Step {
        stage: "harness",
        detail: format!("{tool} is not a tool gatehook knows: never allowed, the person decides"),
    });
}
