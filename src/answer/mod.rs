//! Stage 7, the answer: a settled decision rendered as what the process prints and how it
//! exits, in Claude Code's output shapes (PROTOCOLS §1.5, §1.6) here and in other agents'
//! shapes in [`render`]. Pure string building: the hook edge decides what to print and
//! where.

#[cfg(test)]
mod reason_tests;
pub mod render;

use crate::decision::cause::{one_line, Audience, Cause, MAX_REASON_CHARS};
use crate::decision::Decision;
use crate::input::Event;
use serde_json::{json, Map, Value};

/// What the process prints and how it exits.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Answer {
    pub stdout: Option<String>,
    pub stderr: Option<String>,
    pub exit: i32,
}

/// A payload gatehook could not use: answered with exit 2 and the reason on stderr
/// (Claude Code blocks the call and shows the reason to the model), or with a JSON deny in
/// the event's own shape where the event is known and exit 2 is not honoured.
pub fn fail_closed(event: Option<&Event>, cause: &Cause) -> Answer {
    let reason = reason_line(cause, &Audience::refusal());
    match event {
        Some(ev @ (Event::PreToolUse | Event::PermissionRequest)) => Answer {
            stdout: render(ev, Some(Decision::Deny), &reason, "", None),
            stderr: Some(reason),
            exit: 0,
        },
        _ => Answer {
            stdout: None,
            stderr: Some(reason),
            exit: 2,
        },
    }
}

/// Tools whose allow must echo their input back as `updatedInput` (PROTOCOLS §1.5).
const ECHO_INPUT_TOOLS: &[&str] = &["AskUserQuestion", "ExitPlanMode"];

/// The one-line reason shown to the person (ask/allow) or the model (deny):
/// `gatehook <what the person meets> [<cause>]: <what happened> — <what would make it pass>`,
/// the remedy chosen for this audience (`Cause::remedy`).
pub fn reason_line(cause: &Cause, a: &Audience) -> String {
    let mut text = format!(
        "gatehook {} [{}]: {}",
        a.verb(),
        cause.id(),
        cause.describe()
    );
    if let Some(r) = cause.remedy(a) {
        text.push_str(" — ");
        text.push_str(&r);
    }
    one_line(&text, MAX_REASON_CHARS)
}

/// The reason line of a refusal that an allow-once code can lift: the code is appended
/// after the line is bounded, so it is never cut off.
pub fn reason_line_with_code(cause: &Cause, a: &Audience, code: &str) -> String {
    let tail = format!("; or let it run once: `gatehook allow-once {code}` (you, not the agent)");
    let head = reason_line(cause, a);
    let room = MAX_REASON_CHARS.saturating_sub(tail.chars().count());
    format!("{}{tail}", one_line(&head, room))
}

/// The stdout text for a tool event, or `None` for silence.
pub fn render(
    event: &Event,
    decision: Option<Decision>,
    reason: &str,
    tool: &str,
    input: Option<&Map<String, Value>>,
) -> Option<String> {
    let decision = decision?;
    let echo = (decision == Decision::Allow && ECHO_INPUT_TOOLS.contains(&tool))
        .then(|| input.cloned().map(Value::Object))
        .flatten();
    let v = match event {
        Event::PermissionRequest => match decision {
            Decision::Ask => return None,
            Decision::Allow => {
                let mut d = json!({"behavior": "allow"});
                if let Some(e) = echo {
                    d["updatedInput"] = e;
                }
                json!({"hookSpecificOutput": {"hookEventName": "PermissionRequest", "decision": d}})
            }
            Decision::Deny => json!({"hookSpecificOutput": {
                "hookEventName": "PermissionRequest",
                "decision": {"behavior": "deny", "message": reason}}}),
        },
        _ => {
            let mut h = json!({
                "hookEventName": "PreToolUse",
                "permissionDecision": decision.as_str(),
                "permissionDecisionReason": reason,
            });
            if let Some(e) = echo {
                h["updatedInput"] = e;
            }
            json!({ "hookSpecificOutput": h })
        }
    };
    Some(v.to_string())
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn shapes() {
        let c = Cause::PlanMode {
            tool: "Write".into(),
        };
        let r = reason_line(&c, &Audience::refusal());
        assert!(r.starts_with("gatehook deny [plan-mode]: plan mode"), "{r}");
        let out = render(&Event::PreToolUse, Some(Decision::Deny), &r, "Write", None).unwrap();
        let v: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["hookSpecificOutput"]["permissionDecision"], "deny");
        let out = render(
            &Event::PermissionRequest,
            Some(Decision::Deny),
            &r,
            "Write",
            None,
        )
        .unwrap();
        let v: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["hookSpecificOutput"]["decision"]["behavior"], "deny");
        assert_eq!(
            render(
                &Event::PermissionRequest,
                Some(Decision::Ask),
                &r,
                "Write",
                None
            ),
            None
        );
        assert_eq!(render(&Event::PreToolUse, None, &r, "Write", None), None);
        let mut m = Map::new();
        m.insert("plan".into(), json!("p"));
        let out = render(
            &Event::PreToolUse,
            Some(Decision::Allow),
            "x",
            "ExitPlanMode",
            Some(&m),
        )
        .unwrap();
        assert!(out.contains("updatedInput"));
    }
}
