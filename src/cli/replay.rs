//! `gatehook check --replay AUDIT.jsonl`: re-decide logged calls under the current policy,
//! through the same preparation and evaluation as the hook — never the reviewer (a call
//! that would be reviewed answers `review`) — and list those whose decision would change.
//! The audit record holds the tool, the *redacted* input, the cwd and the permission mode:
//! redacted values are replayed as redacted. Session state (holds, pauses, build-file
//! baselines) is not replayed: calls decided by a hold or a pause are skipped.

use crate::cli::check::Report;
use crate::context::Env;
use crate::context::Prepared;
use crate::input::PermissionMode;
use crate::policy::engine::{Call, Outcome};
use serde_json::Value;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// The session id replays run under: no state exists for it, so no hold or baseline applies.
const SESSION: &str = "gatehook-check-replay";

/// Gates whose decision came from the session's state rather than the policy.
const SESSION_GATES: &[&str] = &["hold", "paused", "allow-once"];

/// Gates that mean the call went to the reviewer.
const REVIEW_GATES: &[&str] = &["reviewer", "cache"];

fn summary(tool: &str, input: &serde_json::Map<String, Value>) -> String {
    let s = [
        "command",
        "file_path",
        "notebook_path",
        "url",
        "pattern",
        "prompt",
    ]
    .iter()
    .find_map(|k| input.get(*k).and_then(Value::as_str))
    .unwrap_or("");
    let s = crate::decision::cause::one_line(s, 80);
    if s.is_empty() {
        tool.to_string()
    } else {
        format!("{tool} {s}")
    }
}

/// Replay one audit file into a report (failures are the changed decisions).
pub fn run(path: &Path, env: &Env, fail_on_change: bool) -> Report {
    let mut report = Report {
        replay: true,
        fail_on_change,
        ..Report::default()
    };
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => {
            report.error(path.display().to_string(), e.to_string());
            return report;
        }
    };
    let mut prepared: HashMap<PathBuf, Result<Prepared, String>> = HashMap::new();
    let (mut not_json, mut not_replayable, mut session_state, mut redacted) = (0, 0, 0, 0);
    for (n, line) in bytes.split(|&b| b == b'\n').enumerate() {
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let Ok(rec) = serde_json::from_slice::<Value>(line) else {
            not_json += 1;
            continue;
        };
        let (Some(tool), Some(Value::Object(input)), Some(cwd), Some(old)) = (
            rec["tool"].as_str(),
            rec.get("input"),
            rec["cwd"].as_str().map(PathBuf::from),
            rec["decision"].as_str(),
        ) else {
            not_replayable += 1;
            continue;
        };
        if !cwd.is_absolute() {
            not_replayable += 1;
            continue;
        }
        let gate = rec["gate"].as_str().unwrap_or("");
        if SESSION_GATES.contains(&gate) {
            session_state += 1;
            continue;
        }
        let text = Value::Object(input.clone()).to_string();
        if text.contains(crate::decision::redact::REDACTED) || rec["truncated"] == true {
            redacted += 1;
        }
        let old = if REVIEW_GATES.contains(&gate) {
            "review"
        } else {
            old
        };
        let name = format!(
            "line {} · {} · {}",
            n + 1,
            rec["ts"].as_str().unwrap_or("?"),
            summary(tool, input)
        );
        let p = prepared.entry(cwd.clone()).or_insert_with(|| {
            crate::context::prepare(&cwd, env)
                .map(|mut p| {
                    // Nothing is recorded: build files are compared, never baselined.
                    p.record_baseline = false;
                    p
                })
                .map_err(|c| c.describe())
        });
        let p = match p {
            Ok(p) => p,
            Err(why) => {
                report.error(name, why.clone());
                continue;
            }
        };
        let call = Call {
            tool,
            input,
            cwd: &cwd,
            permission_mode: PermissionMode::parse(rec["permission_mode"].as_str().unwrap_or("")),
            session_id: SESSION,
        };
        let ev = p.evaluate(&call);
        let new = match ev.outcome {
            Outcome::Decided(d) => d.as_str(),
            Outcome::Silent => "none",
            Outcome::Review => "review",
        };
        if new == old {
            report.pass(name);
        } else {
            report.fail(
                name,
                format!("{old} → {new} [{}]: {}", ev.cause.id(), ev.cause.describe()),
            );
        }
    }
    if redacted > 0 {
        report.notes.push(format!(
            "{redacted} records hold redacted or truncated inputs: they were replayed as logged (redacted values as redacted)"
        ));
    }
    if session_state > 0 {
        report.notes.push(format!(
            "{session_state} records decided by a hold or a pause were skipped (session state is not replayed)"
        ));
    }
    if not_replayable > 0 {
        report.notes.push(format!(
            "{not_replayable} records without a tool, input object, absolute cwd or decision were skipped"
        ));
    }
    if not_json > 0 {
        report
            .notes
            .push(format!("{not_json} lines are not JSON and were skipped"));
    }
    report
}
