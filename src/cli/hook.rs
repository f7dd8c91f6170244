//! `gatehook hook`: the edge that runs once per tool call. It reads the payload, gathers
//! the context (config, workspace, home), asks the core for an evaluation, settles a
//! pending review, appends the audit record and renders the answer. Every failure on the
//! way becomes a fail-closed answer; nothing here decides policy.

use crate::answer::{self, render, Answer};
use crate::audit;
use crate::context::config::{self, ConfigPaths};
use crate::context::paths::{self};
use crate::context::state;
use crate::context::{Env, Prepared};
use crate::decision::cause::{Audience, Cause};
use crate::decision::redact;
use crate::decision::Settled;
use crate::decision::{Decision, Gate, Mode};
use crate::input::harness::{self, Harness, ProjectHint, Surface};
use crate::input::{self, Event, HookInput, InputError};
use crate::policy::engine::{Call, Evaluation, Outcome};
use crate::review;
use serde_json::{json, Value};
use std::path::Path;
use std::time::Instant;

/// How a payload is answered: its harness, the answer shape and the event.
struct Reply {
    harness: Harness,
    surface: Surface,
}

impl Reply {
    fn fail(&self, event: Option<&Event>, cause: &Cause) -> Answer {
        render::fail_closed(self.harness, self.surface, event, cause)
    }
}

/// A payload gatehook could not use: denied in the harness's shape and audited with what
/// could be read safely (size, sha256, the event, the claimed session and tool, the error),
/// never the bytes themselves.
fn input_failure(
    reply: &Reply,
    raw: Option<&[u8]>,
    text: Option<&str>,
    e: &InputError,
    start: Instant,
) -> Answer {
    let claims = text.map(input::sniff_claims).unwrap_or_default();
    let cause = Cause::BadInput {
        error: e.to_string(),
    };
    let answer = reply.fail(claims.event.as_ref(), &cause);
    let record = json!({
        "ts": chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true),
        "version": env!("CARGO_PKG_VERSION"),
        "session_id": claims.session_id.as_deref().map(redact::redact_str),
        "event": claims.event.as_ref().map(Event::as_str),
        "tool": claims.tool.as_deref().map(redact::redact_str),
        "harness": reply.harness.as_str(),
        "decision": "deny",
        "gate": Gate::Error.as_str(),
        "cause": cause.id(),
        "reason": redact::redact_str(&answer::reason_line(&cause, &Audience::refusal())),
        "error": redact::redact_str(&e.to_string()),
        "payload": raw.map(input::PayloadFacts::of),
        "latency_us": start.elapsed().as_micros() as u64,
    });
    // The config may not be readable either: its audit settings when it is, else defaults.
    let settings = match config::load(&ConfigPaths::discover(None)) {
        Ok(c) if !c.audit.enabled => return answer,
        Ok(c) => audit::AuditSettings {
            max_bytes: c.audit.max_bytes,
            keep: c.audit.keep,
            ..audit::AuditSettings::new(config::gatehook_dirs().data)
        },
        Err(_) => audit::AuditSettings::new(config::gatehook_dirs().data),
    };
    match audit::append(&settings, &record) {
        Ok(()) => answer,
        // NOTE: a logging failure never changes the decision; it is reported on stderr.
        Err(err) => Answer {
            stderr: Some(format!(
                "{}\ngatehook: audit log not written: {err}",
                answer.stderr.clone().unwrap_or_default()
            )),
            ..answer
        },
    }
}

/// Run the hook on raw stdin bytes, detecting the harness from the payload.
pub fn run(stdin: &mut impl std::io::Read, env: &Env) -> Answer {
    run_as(stdin, env, None)
}

/// Run the hook for `format` (`None`: detect it where the payload is unambiguous).
pub fn run_as(stdin: &mut impl std::io::Read, env: &Env, format: Option<Harness>) -> Answer {
    let start = Instant::now();
    // Debug builds only: lets the test suite prove that a crash blocks the call.
    #[cfg(debug_assertions)]
    if std::env::var_os("GATEHOOK_TEST_PANIC").is_some() {
        panic!("GATEHOOK_TEST_PANIC is set");
    }
    let guess = format.unwrap_or(Harness::Claude);
    let mut reply = Reply {
        harness: guess,
        surface: harness::surface(guess, &serde_json::Map::new()),
    };
    let raw = match input::read_raw(stdin) {
        Ok(b) => b,
        Err(e) => return input_failure(&reply, None, None, &e, start),
    };
    // The bytes are hashed only when the payload turns out unusable, never on the hot path.
    let text = match input::decode(raw) {
        Ok(t) => t,
        Err((e, raw)) => return input_failure(&reply, Some(&raw), None, &e, start),
    };
    let obj = match input::parse_object(&text) {
        Ok(o) => o,
        Err(e) => return input_failure(&reply, Some(text.as_bytes()), Some(&text), &e, start),
    };
    reply.harness = format.unwrap_or_else(|| harness::detect(&obj));
    reply.surface = harness::surface(reply.harness, &obj);
    let norm = match harness::normalize(reply.harness, obj) {
        Ok(n) => n,
        Err(e) => return input_failure(&reply, Some(text.as_bytes()), Some(&text), &e, start),
    };
    let hook = match input::from_object(norm.object) {
        Ok(h) => h,
        Err(e) => return input_failure(&reply, Some(text.as_bytes()), Some(&text), &e, start),
    };
    let mut env = env.clone();
    if env.claude_project_dir.as_deref().is_none_or(str::is_empty) {
        env.claude_project_dir = match norm.project {
            Some(ProjectHint::Root(r)) => Some(r),
            Some(ProjectHint::From(cwd)) => {
                Some(paths::project_root(None, &cwd).display().to_string())
            }
            None => None,
        };
    }
    match hook.event {
        Event::PreToolUse | Event::PermissionRequest => decide(&hook, &env, &reply, start),
        Event::UserPromptSubmit => {
            let answer = user_prompt(&hook, &env);
            match reply.harness {
                // Only Claude Code takes the subagent summary as prompt context.
                Harness::Claude => answer,
                _ => Answer {
                    stdout: render::prompt_answer(reply.surface),
                    ..answer
                },
            }
        }
        Event::SubagentStop if reply.harness == Harness::Claude => subagent_stop(&hook, &env),
        Event::PostToolUse if reply.harness == Harness::Claude => post_tool_use(&hook, &env),
        Event::SubagentStop | Event::PostToolUse | Event::SessionStart | Event::Other(_) => {
            Answer::default()
        }
    }
}

/// UserPromptSubmit: record the person's words (never blocks them). A prompt the CLI
/// generated (a background agent's `<task-notification>`, local command output) is not
/// theirs and is not recorded; a task notification gets the agent's summary as context.
fn user_prompt(hook: &HookInput, env: &Env) -> Answer {
    let prompt = hook.prompt.as_deref().unwrap_or_default();
    if review::owner::is_cli_generated(prompt) {
        return match crate::audit::subagents::task_notification_agent(prompt) {
            Some(agent) => subagent_context(hook, env, agent, None),
            None => Answer::default(),
        };
    }
    match record_prompt(hook) {
        Ok(()) => Answer::default(),
        Err(e) => Answer {
            stdout: None,
            stderr: Some(format!("gatehook: could not record the prompt: {e}")),
            exit: 0,
        },
    }
}

/// SubagentStop: store the summary of the subagent's decisions for the parent. Nothing is
/// printed: `additionalContext` here would go to the subagent and keep it running.
fn subagent_stop(hook: &HookInput, env: &Env) -> Answer {
    let Some(agent) = hook.agent_id.as_deref() else {
        return Answer::default();
    };
    match summarize_subagent(hook, env, agent, hook.agent_type.as_deref()) {
        Ok(_) => Answer::default(),
        Err(e) => Answer {
            stdout: None,
            stderr: Some(format!("gatehook: no subagent summary: {e}")),
            exit: 0,
        },
    }
}

/// PostToolUse of a finished foreground `Agent`/`Task` call: the summary as context for
/// the parent. A background agent's launch (status `async_launched`) says nothing yet.
fn post_tool_use(hook: &HookInput, env: &Env) -> Answer {
    match &hook.subagent_result {
        Some(r) if r.completed => subagent_context(hook, env, &r.agent_id, Some("PostToolUse")),
        _ => Answer::default(),
    }
}

/// The stored summary of `agent` (computed from the audit log when SubagentStop left
/// none), as `additionalContext` for the event of `hook`.
fn subagent_context(hook: &HookInput, env: &Env, agent: &str, event: Option<&str>) -> Answer {
    let state_root = config::gatehook_dirs().data.join("state");
    if let Err(e) = private_state(&state_root, &hook.session_id) {
        return Answer {
            stdout: None,
            stderr: Some(format!("gatehook: no subagent summary: {e}")),
            exit: 0,
        };
    }
    let summary = match crate::audit::subagents::load(&state_root, &hook.session_id, agent) {
        Some(s) => Ok(s),
        None => summarize_subagent(hook, env, agent, None),
    };
    match summary {
        Ok(s) => Answer {
            stdout: Some(
                json!({"hookSpecificOutput": {
                    "hookEventName": event.unwrap_or(hook.event.as_str()),
                    "additionalContext": crate::audit::subagents::render(&s),
                }})
                .to_string(),
            ),
            stderr: None,
            exit: 0,
        },
        Err(e) => Answer {
            stdout: None,
            stderr: Some(format!("gatehook: no subagent summary: {e}")),
            exit: 0,
        },
    }
}

/// Summarise `agent` from the audit log and store it in the session's state.
fn summarize_subagent(
    hook: &HookInput,
    env: &Env,
    agent: &str,
    agent_type: Option<&str>,
) -> anyhow::Result<crate::audit::subagents::Summary> {
    // The audit settings of the config in effect; a config that does not load still has
    // the default rotation.
    let project_root = paths::project_root(env.claude_project_dir.as_deref(), &hook.cwd);
    let keep = config::load(&ConfigPaths::discover(Some(&project_root)))
        .map(|c| c.audit.keep)
        .unwrap_or(crate::context::config::AuditConfig::default().keep);
    let dirs = config::gatehook_dirs();
    private_state(&dirs.data.join("state"), &hook.session_id)?;
    let summary =
        crate::audit::subagents::from_audit(&dirs.data, keep, &hook.session_id, agent, agent_type)?;
    crate::audit::subagents::store(&dirs.data.join("state"), &hook.session_id, &summary)?;
    Ok(summary)
}

/// Refuse state others could have written (see `state::unsafe_state`).
fn private_state(root: &Path, session_id: &str) -> anyhow::Result<()> {
    match state::unsafe_state(root, session_id) {
        Some((dir, why)) => anyhow::bail!("{} {why}", dir.display()),
        None => Ok(()),
    }
}

fn record_prompt(hook: &HookInput) -> anyhow::Result<()> {
    let dirs = config::gatehook_dirs();
    let prompt = hook.prompt.as_deref().unwrap_or_default();
    let root = dirs.data.join("state");
    private_state(&root, &hook.session_id)?;
    state::record_prompt(
        &root,
        &hook.session_id,
        hook.prompt_id.as_deref(),
        prompt,
        crate::policy::holds::action_clauses,
    )?;
    state::prune(&root, std::time::SystemTime::now());
    crate::policy::holds::refresh(&root, &hook.session_id)
}

/// Settle for the hook: in auto mode with a configured provider, a pending review goes to
/// the reviewer (`review::settle`); everything else settles as `explain` shows it.
fn settle_for_hook(
    hook: &HookInput,
    call: &Call,
    ev: &Evaluation,
    p: &Prepared,
) -> (Settled, Option<Value>) {
    if ev.outcome != Outcome::Review || p.config.reviewer.provider == config::Provider::None {
        return (review::unreviewed(ev, &p.config), None);
    }
    let req = review::Request {
        session_id: &hook.session_id,
        prompt_id: hook.prompt_id.as_deref(),
        transcript_path: hook.transcript_path.as_deref(),
        call,
        state_root: config::gatehook_dirs().data.join("state"),
    };
    let r = review::settle(ev, &req, p);
    (r.settled, Some(r.record))
}

fn decide(hook: &HookInput, env: &Env, reply: &Reply, start: Instant) -> Answer {
    let Some(tool) = hook.tool.as_ref() else {
        let cause = Cause::Internal {
            error: "tool event without a tool".to_string(),
        };
        audit_failure(hook, reply, &cause, start);
        return reply.fail(Some(&hook.event), &cause);
    };
    let prepared = match crate::context::prepare(&hook.cwd, env) {
        Ok(p) => p,
        Err(cause) => {
            audit_failure(hook, reply, &cause, start);
            return reply.fail(Some(&hook.event), &cause);
        }
    };
    let call = Call {
        tool: &tool.name,
        input: &tool.input,
        cwd: &hook.cwd,
        permission_mode: hook.permission_mode,
        session_id: &hook.session_id,
    };
    let ev = prepared.evaluate(&call);
    let mode = prepared.config.mode;
    let mut notes: Vec<String> = Vec::new();
    // Allow-once: only where the answer is enforced (not observe), on the event that
    // decides (PreToolUse), and only from private state.
    // (The state directory is only looked at for refusals: the hot path stays as it was.)
    let once_on = mode != Mode::Observe && hook.event == Event::PreToolUse;
    let once_state = || {
        Some(config::gatehook_dirs().data.join("state"))
            .filter(|root| state::unsafe_state(root, &hook.session_id).is_none())
    };
    let mut used = None;
    if once_on && crate::cli::once::may_take(&ev, &prepared.config) {
        if let Some(root) = once_state() {
            match crate::cli::once::take(&root, &call, std::time::SystemTime::now()) {
                Ok(code) => used = code,
                Err(e) => notes.push(format!("gatehook: allow-once state not read: {e}")),
            }
        }
    }
    let (settled, review) = match &used {
        Some(code) => (
            Settled {
                decision: Some(Decision::Allow),
                gate: Gate::AllowOnce,
                cause: Cause::AllowOnce {
                    code: code.clone(),
                    lifted: ev.cause.id().to_string(),
                },
            },
            None,
        ),
        None => settle_for_hook(hook, &call, &ev, &prepared),
    };
    let audience = render::audience(reply.surface, &hook.event, settled.decision, mode);
    let mut issued = None;
    if once_on
        && used.is_none()
        && crate::cli::once::liftable(settled.decision, &settled.cause, &prepared.config)
    {
        if let Some(root) = once_state() {
            let summary = crate::cli::once::summary(&tool.name, &tool.input);
            match crate::cli::once::issue(
                &root,
                &call,
                &settled.cause,
                &summary,
                std::time::SystemTime::now(),
            ) {
                Ok(code) => issued = Some(code),
                Err(e) => notes.push(format!("gatehook: no allow-once code: {e}")),
            }
        }
    }
    // One line, rendered for what this harness does with the answer; the audit keeps it.
    let reason = match &issued {
        Some(code) => answer::reason_line_with_code(&settled.cause, &audience, code),
        None => answer::reason_line(&settled.cause, &audience),
    };

    let mut record = audit_record(hook, &ev, &settled, &reason, mode, start);
    if let Some(r) = review {
        record["review"] = r;
    }
    if let Some(code) = &used {
        record["allow_once"] = json!({"code": code, "used": true});
    } else if let Some(code) = &issued {
        record["allow_once"] = json!({"code": code});
    }
    record["harness"] = json!(reply.harness.as_str());
    let told = render::told(reply.surface, &hook.event, settled.decision);
    if reply.surface != Surface::Claude && told != record["decision"] {
        // What the harness was told, where it cannot express gatehook's decision.
        record["answered"] = json!(told);
    }
    let mut stderr = (!notes.is_empty()).then(|| notes.join("\n"));
    if prepared.config.audit.enabled {
        let settings = audit::AuditSettings {
            dir: config::gatehook_dirs().data,
            max_bytes: prepared.config.audit.max_bytes,
            keep: prepared.config.audit.keep,
            lock_timeout: std::time::Duration::from_secs(2),
        };
        // NOTE: a logging failure never changes the decision; it is reported on stderr.
        if let Err(e) = audit::append(&settings, &record) {
            let note = format!("gatehook: audit log not written: {e}");
            stderr = Some(match stderr {
                Some(s) => format!("{s}\n{note}"),
                None => note,
            });
        }
    }

    if mode == Mode::Observe {
        return Answer {
            stdout: None,
            stderr,
            exit: 0,
        };
    }
    Answer {
        stdout: render::answer(
            reply.surface,
            &hook.event,
            settled.decision,
            &reason,
            &tool.name,
            Some(&tool.input),
        ),
        stderr,
        exit: 0,
    }
}

fn audit_record(
    hook: &HookInput,
    ev: &Evaluation,
    s: &Settled,
    reason: &str,
    mode: Mode,
    start: Instant,
) -> Value {
    let tool = hook.tool.as_ref();
    let paths: Vec<Value> = ev
        .paths
        .iter()
        .map(|p| {
            json!({"raw": redact::redact_str(&p.raw), "access": p.access, "lexical": p.forms.lexical,
                   "resolved": p.forms.resolved, "class": p.class, "in_workspace": p.in_workspace})
        })
        .collect();
    let rule = match &s.cause {
        Cause::DenyRule {
            rule,
            source,
            message,
        }
        | Cause::AskRule {
            rule,
            source,
            message,
        } => match message {
            Some(m) => json!({"rule": rule, "source": source, "message": m}),
            None => json!({"rule": rule, "source": source}),
        },
        Cause::AllowRule { rules } => json!({"rules": rules}),
        _ => Value::Null,
    };
    let shell = ev.shell.as_ref().map(|a| {
        json!({
            "commands": a.commands.iter().map(|c| redact::redact_value(&json!(c.exec))).collect::<Vec<_>>(),
            "opaque": a.opaque.iter().map(|o| o.describe()).collect::<Vec<_>>(),
        })
    });
    json!({
        "ts": chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true),
        "version": env!("CARGO_PKG_VERSION"),
        "session_id": hook.session_id,
        "prompt_id": hook.prompt_id,
        "tool_use_id": tool.and_then(|t| t.tool_use_id.clone()),
        "agent_id": hook.agent_id,
        "event": hook.event.as_str(),
        "tool": tool.map(|t| t.name.clone()),
        "input": tool.map(|t| redact::redact_value(&Value::Object(t.input.clone()))),
        "cwd": hook.cwd,
        "mode": mode.as_str(),
        "permission_mode": hook.permission_mode.as_str(),
        "decision": s.decision.map(|d| d.as_str()).unwrap_or("none"),
        "gate": s.gate.as_str(),
        "cause": s.cause.id(),
        "reason": redact::redact_str(reason),
        "floor_cause": (ev.cause != s.cause).then(|| ev.cause.id()),
        "rule": rule,
        "paths": paths,
        "shell": shell,
        "latency_us": start.elapsed().as_micros() as u64,
    })
}

/// A decision that failed before evaluation (bad config) is still recorded, best effort,
/// with default audit settings.
fn audit_failure(hook: &HookInput, reply: &Reply, cause: &Cause, start: Instant) {
    let reason = answer::reason_line(cause, &Audience::refusal());
    let tool = hook.tool.as_ref();
    let record = json!({
        "ts": chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true),
        "version": env!("CARGO_PKG_VERSION"),
        "session_id": hook.session_id,
        "prompt_id": hook.prompt_id,
        "event": hook.event.as_str(),
        "tool": tool.map(|t| t.name.clone()),
        "input": tool.map(|t| redact::redact_value(&Value::Object(t.input.clone()))),
        "cwd": hook.cwd,
        "harness": reply.harness.as_str(),
        "decision": "deny",
        "gate": Gate::Error.as_str(),
        "cause": cause.id(),
        "reason": redact::redact_str(&reason),
        "latency_us": start.elapsed().as_micros() as u64,
    });
    let settings = audit::AuditSettings {
        dir: config::gatehook_dirs().data,
        max_bytes: 5_000_000,
        keep: 3,
        lock_timeout: std::time::Duration::from_secs(2),
    };
    let _ = audit::append(&settings, &record);
}
