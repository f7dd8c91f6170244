//! Answers in each harness's own shape, honouring what each can express (PROTOCOLS §6):
//! Cursor's `beforeReadFile` knows only allow and deny, so an ask is a deny there; Codex
//! honours only a deny on `PreToolUse` (an allow without `updatedInput` and an ask fail
//! open), so gatehook is silent on allow and turns an ask into a deny that says what the
//! person can do; on Codex's `PermissionRequest` it sends only a deny (an allow there runs
//! the call outside the sandbox without asking the person; an ask is Codex's own prompt).
//! Where silence is not documented as "the harness's own flow decides" (Cursor, Copilot),
//! gatehook's "no opinion" is rendered as an ask.

use super::Answer;
use crate::decision::cause::{Audience, Cause, Reply};
use crate::decision::{Decision, Mode};
use crate::input::harness::{Harness, Surface};
use crate::input::Event;
use serde_json::{json, Map, Value};

fn codex_deny(reason: &str) -> Value {
    json!({"hookSpecificOutput": {
        "hookEventName": "PreToolUse",
        "permissionDecision": "deny",
        "permissionDecisionReason": reason}})
}

fn cursor(permission: Decision, reason: &str) -> Value {
    json!({"permission": permission.as_str(), "user_message": reason, "agent_message": reason})
}

/// What the harness is told for `decision` on `surface`: `allow`, `ask`, `deny` or `none`
/// (silence). Recorded in the audit when it differs from gatehook's own decision.
pub fn told(surface: Surface, event: &Event, decision: Option<Decision>) -> &'static str {
    told_decision(surface, event, decision)
        .map(Decision::as_str)
        .unwrap_or("none")
}

/// Who reads the reason line on `surface`: what the person meets (a prompt, a refusal,
/// the harness's own flow) and, where an ask cannot be shown, the harness's name.
pub fn audience(
    surface: Surface,
    event: &Event,
    decision: Option<Decision>,
    mode: Mode,
) -> Audience {
    let reply = match (told_decision(surface, event, decision), surface, event) {
        (Some(Decision::Allow), ..) => Reply::Allowed,
        (Some(Decision::Ask), ..) => Reply::Prompted,
        (Some(Decision::Deny), ..) => Reply::Refused,
        // Claude Code's PermissionRequest: silence lets its own dialog show.
        (None, Surface::Claude, Event::PermissionRequest) if decision == Some(Decision::Ask) => {
            Reply::Prompted
        }
        // Codex's PermissionRequest: silence leaves the person's own approval prompt.
        (None, Surface::CodexPermission, _) if decision == Some(Decision::Ask) => Reply::Prompted,
        (None, ..) => Reply::Silent,
    };
    let harness = match surface {
        Surface::Claude => "Claude Code",
        Surface::GeminiTool => "Gemini CLI",
        Surface::CursorPermission | Surface::CursorPrompt => "Cursor",
        Surface::CursorReadFile => "Cursor's beforeReadFile",
        Surface::CopilotTool => "Copilot CLI",
        Surface::CodexPreTool => "Codex hooks",
        Surface::CodexPermission => "Codex's permission prompt",
        Surface::Silent => "the harness",
    };
    Audience {
        decision,
        reply,
        mode,
        harness,
    }
}

fn told_decision(surface: Surface, event: &Event, decision: Option<Decision>) -> Option<Decision> {
    match surface {
        Surface::Claude => match (event, decision) {
            // PermissionRequest has no ask: silence lets the harness show its dialog.
            (Event::PermissionRequest, Some(Decision::Ask)) => None,
            _ => decision,
        },
        Surface::Silent | Surface::CursorPrompt => None,
        Surface::GeminiTool => decision,
        Surface::CursorPermission | Surface::CopilotTool => Some(decision.unwrap_or(Decision::Ask)),
        Surface::CursorReadFile => match decision {
            Some(Decision::Allow) => Some(Decision::Allow),
            _ => Some(Decision::Deny),
        },
        Surface::CodexPreTool => match decision {
            Some(Decision::Ask | Decision::Deny) => Some(Decision::Deny),
            _ => None,
        },
        Surface::CodexPermission => match decision {
            Some(Decision::Deny) => Some(Decision::Deny),
            _ => None,
        },
    }
}

/// The stdout text for a prompt event: it is recorded, never blocked.
pub fn prompt_answer(surface: Surface) -> Option<String> {
    (surface == Surface::CursorPrompt).then(|| json!({"continue": true}).to_string())
}

/// The stdout text for a decided tool event, or `None` for silence.
pub fn answer(
    surface: Surface,
    event: &Event,
    decision: Option<Decision>,
    reason: &str,
    tool: &str,
    input: Option<&Map<String, Value>>,
) -> Option<String> {
    let told = told(surface, event, decision);
    let v = match surface {
        Surface::Claude => return super::render(event, decision, reason, tool, input),
        Surface::Silent => return None,
        Surface::CursorPrompt => json!({"continue": true}),
        Surface::GeminiTool => json!({"decision": decision?.as_str(), "reason": reason}),
        Surface::CursorPermission => cursor(decision.unwrap_or(Decision::Ask), reason),
        Surface::CursorReadFile if told == "allow" => json!({"permission": "allow"}),
        Surface::CursorReadFile => cursor(Decision::Deny, reason),
        Surface::CopilotTool => json!({
            "permissionDecision": decision.unwrap_or(Decision::Ask).as_str(),
            "permissionDecisionReason": reason}),
        Surface::CodexPreTool => match decision {
            Some(Decision::Deny) => codex_deny(reason),
            // The reason was rendered for this audience: it says Codex cannot ask.
            Some(Decision::Ask) => codex_deny(reason),
            Some(Decision::Allow) | None => return None,
        },
        Surface::CodexPermission => match decision {
            Some(Decision::Deny) => json!({"hookSpecificOutput": {
                "hookEventName": "PermissionRequest",
                "decision": {"behavior": "deny", "message": reason}}}),
            Some(Decision::Allow | Decision::Ask) | None => return None,
        },
    };
    Some(v.to_string())
}

/// A payload or context gatehook could not use, answered as a deny in the harness's shape:
/// Claude's own rules (`crate::answer::fail_closed`), exit 2 with the reason on stderr for Codex
/// (its only blocking failure), a JSON deny at exit 0 for the others (their failures fail
/// open).
pub fn fail_closed(h: Harness, surface: Surface, event: Option<&Event>, cause: &Cause) -> Answer {
    let reason = super::reason_line(cause, &Audience::refusal());
    let deny = |v: Value| Answer {
        stdout: Some(v.to_string()),
        stderr: Some(reason.clone()),
        exit: 0,
    };
    match (h, surface) {
        (Harness::Claude, _) | (_, Surface::Claude) => super::fail_closed(event, cause),
        (Harness::Codex, _) => Answer {
            stdout: None,
            stderr: Some(reason.clone()),
            exit: 2,
        },
        (_, Surface::CursorPrompt) => deny(json!({"continue": false, "user_message": reason})),
        (_, Surface::CursorPermission | Surface::CursorReadFile) | (Harness::Cursor, _) => {
            deny(cursor(Decision::Deny, &reason))
        }
        (Harness::Gemini, _) | (_, Surface::GeminiTool) => {
            deny(json!({"decision": "deny", "reason": reason}))
        }
        (Harness::Copilot, _) => {
            deny(json!({"permissionDecision": "deny", "permissionDecisionReason": reason}))
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn what_each_surface_can_say() {
        let e = Event::PreToolUse;
        let cases = [
            (Surface::CodexPreTool, Some(Decision::Allow), "none"),
            (Surface::CodexPreTool, Some(Decision::Ask), "deny"),
            (Surface::CodexPreTool, None, "none"),
            (Surface::CodexPermission, Some(Decision::Allow), "none"),
            (Surface::CodexPermission, Some(Decision::Ask), "none"),
            (Surface::CodexPermission, None, "none"),
            (Surface::CodexPermission, Some(Decision::Deny), "deny"),
            (Surface::CursorReadFile, Some(Decision::Ask), "deny"),
            (Surface::CursorReadFile, None, "deny"),
            (Surface::CursorPermission, None, "ask"),
            (Surface::CopilotTool, None, "ask"),
            (Surface::GeminiTool, None, "none"),
            (Surface::GeminiTool, Some(Decision::Ask), "ask"),
        ];
        for (s, d, want) in cases {
            assert_eq!(told(s, &e, d), want, "{s:?} {d:?}");
            let out = answer(s, &e, d, "gatehook ask [x]: y", "Bash", None);
            assert_eq!(out.is_none(), want == "none", "{s:?} {d:?} {out:?}");
        }
        let a = audience(Surface::CodexPreTool, &e, Some(Decision::Ask), Mode::Guard);
        let r = crate::answer::reason_line(&Cause::BadInput { error: "x".into() }, &a);
        assert!(r.starts_with("gatehook deny [bad-input]: "), "{r}");
        let hold = Cause::Hold {
            class: "push".into(),
            quote: "don't push".into(),
            unknown: false,
        };
        let r = crate::answer::reason_line(&hold, &a);
        assert!(
            r.contains("Codex hooks cannot ask") && r.contains("run it yourself"),
            "{r}"
        );
    }
}
