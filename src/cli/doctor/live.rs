//! Doctor's live checks: one harmless request to each configured reviewer stage (through
//! the reviewer's own packet builder, HTTP client, strict verdict parser and guarantees: an
//! allow the guarantees would withdraw, e.g. citing something other than a message id, is
//! not ok), and the in-process time of a fast-path decision (the hook's own `prepare` +
//! `evaluate`).

use super::{Check, Level};
use crate::context::Env;
use crate::context::Prepared;
use crate::decision::{Decision, Mode};
use crate::input::PermissionMode;
use crate::policy::engine::{Call, Outcome};
use crate::review::{self, packet, provider, verdict};
use serde_json::{json, Map, Value};
use std::path::Path;
use std::time::{Duration, Instant};

/// The session id the probes use (no state is written for it).
const PROBE_SESSION: &str = "gatehook-doctor";
/// The person's words and the action of the reviewer probe: plainly harmless and asked for.
const PROBE_PROMPT: &str = "List the files in this directory.";
const PROBE_COMMAND: &str = "ls";
/// Decisions timed by the speed check.
const SPEED_RUNS: usize = 200;
/// Above this median a release build is slower than it should be.
const SLOW_US: u128 = 2000;

fn object(v: Value) -> Map<String, Value> {
    match v {
        Value::Object(m) => m,
        _ => Map::new(),
    }
}

/// One line per reviewer stage (fast, then full), or one `skip` line saying why not.
pub fn reviewer_checks(p: &Prepared, offline: bool) -> Vec<Check> {
    let name = "reviewer";
    let rv = &p.config.reviewer;
    if p.config.mode != Mode::Auto {
        return vec![Check::new(
            name,
            Level::Skip,
            format!(
                "mode is {}: the reviewer is not called",
                p.config.mode.as_str()
            ),
        )];
    }
    if rv.provider == crate::context::config::Provider::None {
        return vec![Check::new(
            name,
            Level::Skip,
            format!(
                "[reviewer] provider is \"none\": calls auto mode would review get on_failure ({})",
                rv.on_failure.as_str()
            ),
        )];
    }
    if offline {
        return vec![Check::new(name, Level::Skip, "--offline: not called")];
    }
    let input = object(json!({ "command": PROBE_COMMAND }));
    let call = Call {
        tool: "Bash",
        input: &input,
        cwd: &p.project_root,
        permission_mode: PermissionMode::Default,
        session_id: PROBE_SESSION,
    };
    let ev = p.evaluate(&call);
    let req = review::Request {
        session_id: PROBE_SESSION,
        prompt_id: None,
        transcript_path: None,
        call: &call,
        state_root: p.state_root.clone(),
    };
    let pk = review::packet_for(&ev, &req, p, Some(PROBE_PROMPT), &packet::random_marker());
    let mut stages = Vec::new();
    if let Some(fast) = rv.fast.as_deref() {
        stages.push((provider::Stage::fast(fast), pk.fast_user()));
    }
    stages.push((provider::Stage::full(rv), pk.user.clone()));
    stages
        .into_iter()
        .map(|(stage, user)| {
            let label = format!("reviewer ({})", stage.name);
            let t = Instant::now();
            let reply = provider::ask_reply(&stage, &pk.system, &user);
            let answer = reply.text.and_then(|t| verdict::parse(&t));
            let ms = t.elapsed().as_millis();
            let tokens = match (reply.usage.prompt, reply.usage.cached) {
                (Some(p), Some(c)) => format!(", {p} prompt tokens ({c} from the server's prefix cache)"),
                (Some(p), None) => format!(", {p} prompt tokens"),
                _ => String::new(),
            };
            let target = format!(
                "{} model {:?} at {}",
                stage.provider.as_str(),
                stage.model_name(),
                stage.url.as_deref().unwrap_or("(no url)")
            );
            let withdrawn = |v: &verdict::Verdict| {
                review::guard::check(v, &pk.shown, &review::guard::Findings::default()).err()
            };
            match answer {
                Ok(v) if v.decision == Decision::Allow => match withdrawn(&v) {
                    None => Check::new(
                        &label,
                        Level::Ok,
                        format!("{target} allowed a harmless `{PROBE_COMMAND}` in {ms} ms (timeout {} ms){tokens}", stage.timeout.as_millis()),
                    ),
                    Some(w) => Check::new(
                        &label,
                        Level::Warn,
                        format!(
                            "{target} allowed a harmless `{PROBE_COMMAND}` in {ms} ms, but the `{}` guarantee withdrew it ({}): expect needless prompts",
                            w.guarantee, w.detail
                        ),
                    )
                    .fix("try a stronger model"),
                },
                Ok(v) => Check::new(
                    &label,
                    Level::Warn,
                    format!(
                        "{target} answered {} to a harmless `{PROBE_COMMAND}` the person asked for, in {ms} ms{tokens}: expect needless prompts",
                        v.decision.as_str()
                    ),
                )
                .fix("try a stronger model"),
                Err(e) => Check::new(
                    &label,
                    Level::Fail,
                    format!(
                        "{target} gave no verdict after {ms} ms: {}; every reviewed call gets on_failure ({})",
                        crate::decision::cause::one_line(&e, 200),
                        rv.on_failure.as_str()
                    ),
                )
                .fix("check [reviewer] url, model and api_key_env (and that the server is up)"),
            }
        })
        .collect()
}

/// The in-process cost of a workspace Read: the hook's `prepare` + `evaluate`, as each hook
/// process does them (without reading stdin, writing the audit line or process start-up).
pub fn speed_check(cwd: &Path, env: &Env) -> Check {
    let name = "speed";
    let prepare = || {
        crate::context::prepare(cwd, env).map(|mut p| {
            p.record_baseline = false;
            p
        })
    };
    let root = match prepare() {
        Ok(p) => p.project_root,
        Err(c) => return Check::new(name, Level::Skip, c.describe()),
    };
    let file = root.join("README.md");
    let input = object(json!({ "file_path": file }));
    let call = Call {
        tool: "Read",
        input: &input,
        cwd,
        permission_mode: PermissionMode::Default,
        session_id: PROBE_SESSION,
    };
    let mut times: Vec<Duration> = Vec::with_capacity(SPEED_RUNS);
    let mut last = None;
    for _ in 0..SPEED_RUNS {
        let t = Instant::now();
        let ev = match prepare() {
            Ok(p) => p.evaluate(&call),
            Err(c) => return Check::new(name, Level::Skip, c.describe()),
        };
        times.push(t.elapsed());
        last = Some(ev);
    }
    times.sort_unstable();
    let median = times[times.len() / 2].as_micros();
    let build = if cfg!(debug_assertions) {
        " (debug build: a release build is several times faster)"
    } else {
        ""
    };
    let Some(ev) = last else {
        return Check::new(name, Level::Skip, "no run");
    };
    if ev.outcome != Outcome::Decided(Decision::Allow) {
        return Check::new(
            name,
            Level::Warn,
            format!(
                "a Read of {} is not allowed by the fast path ({}); timed at median {median} µs{build}",
                file.display(),
                ev.cause.describe()
            ),
        )
        .fix(format!(
            "gatehook explain --tool Read --input '{{\"file_path\":\"{}\"}}' shows why",
            file.display()
        ));
    }
    let message = format!(
        "a workspace Read is decided in {median} µs median in-process (config load + evaluation, {SPEED_RUNS} runs){build}"
    );
    if median > SLOW_US && !cfg!(debug_assertions) {
        return Check::new(name, Level::Warn, message)
            .fix("check for a slow file system under the config or project root");
    }
    Check::new(name, Level::Ok, message)
}
