//! `gatehook explain`: shows how a call would be decided, step by step, without running it
//! and without asking the reviewer. It builds the same context and calls the same
//! evaluation and settlement as the hook; it only renders them differently.

use crate::answer;
use crate::context::config::Config;
use crate::context::Env;
use crate::context::Prepared;
use crate::decision::cause::{Audience, Cause};
use crate::decision::Decision;
use crate::input::{self, PermissionMode};
use crate::policy::engine::{Call, Evaluation, Outcome};
use anyhow::{bail, Context as _};
use serde_json::{json, Map, Value};
use std::fmt::Write as _;
use std::path::PathBuf;

pub struct ExplainArgs {
    pub json: bool,
    pub cwd: Option<PathBuf>,
    pub prompt: Option<String>,
    pub tool: Option<String>,
    pub input: Option<String>,
    pub command: Option<String>,
    pub permission_mode: Option<String>,
    /// Print the reviewer packet instead of the steps.
    pub packet: bool,
    /// The session whose build-file baseline to compare against.
    pub session: Option<String>,
}

/// The call to explain, from the arguments (or a whole payload on stdin for `-`).
fn build_call(
    a: &ExplainArgs,
) -> anyhow::Result<(String, Map<String, Value>, PathBuf, PermissionMode)> {
    let default_cwd = || -> anyhow::Result<PathBuf> {
        match &a.cwd {
            Some(c) => Ok(std::path::absolute(c)?),
            None => Ok(std::env::current_dir()?),
        }
    };
    let pm = a
        .permission_mode
        .as_deref()
        .map(PermissionMode::parse)
        .unwrap_or_default();
    if a.command.as_deref() == Some("-") {
        let text = input::read_payload(&mut std::io::stdin().lock())
            .map_err(|e| anyhow::anyhow!("{e}"))?;
        let h = input::parse(&text).map_err(|e| anyhow::anyhow!("{e}"))?;
        let Some(t) = h.tool else {
            bail!(
                "the payload is a {} event, not a tool call",
                h.event.as_str()
            );
        };
        let cwd = match &a.cwd {
            Some(c) => std::path::absolute(c)?,
            None => h.cwd,
        };
        return Ok((t.name, t.input, cwd, h.permission_mode));
    }
    if let Some(tool) = &a.tool {
        let input_text = a.input.as_deref().unwrap_or("{}");
        let v: Value = serde_json::from_str(input_text).context("--input is not valid JSON")?;
        let Value::Object(m) = v else {
            bail!("--input must be a JSON object");
        };
        if a.command.is_some() {
            bail!("give either --tool/--input or a COMMAND, not both");
        }
        return Ok((tool.clone(), m, default_cwd()?, pm));
    }
    let Some(cmd) = &a.command else {
        bail!(
            "nothing to explain: give a COMMAND, `-` for a payload on stdin, or --tool and --input"
        );
    };
    let mut m = Map::new();
    m.insert("command".into(), Value::String(cmd.clone()));
    Ok(("Bash".to_string(), m, default_cwd()?, pm))
}

/// Run `explain`; returns the text to print.
pub fn run(a: &ExplainArgs) -> anyhow::Result<String> {
    let (tool, input, cwd, pm) = build_call(a)?;
    let env = Env::from_process();
    let mut prepared = match crate::context::prepare(&cwd, &env) {
        Ok(p) => p,
        Err(cause) => return Ok(render_failure(a.json, &cause)),
    };
    // explain never records a baseline; it only reads the session's, if one is named.
    prepared.record_baseline = false;
    let call = Call {
        tool: &tool,
        input: &input,
        cwd: &cwd,
        permission_mode: pm,
        session_id: a.session.as_deref().unwrap_or(""),
    };
    let ev = prepared.evaluate(&call);
    if a.packet {
        return Ok(render_packet(&prepared, &ev, &call, a.prompt.as_deref()));
    }
    let withheld = withheld(&prepared, &ev, &call, a.prompt.as_deref());
    Ok(if a.json {
        render_json(&prepared, &ev, withheld.as_ref(), a.prompt.as_deref())
    } else {
        render_text(
            &prepared,
            &ev,
            withheld.as_ref(),
            &tool,
            a.prompt.as_deref(),
        )
    })
}

fn review_request<'a>(call: &'a Call<'a>) -> crate::review::Request<'a> {
    crate::review::Request {
        session_id: "explain",
        prompt_id: None,
        transcript_path: None,
        call,
        state_root: crate::context::config::gatehook_dirs().data.join("state"),
    }
}

/// In auto mode, the guarantee that would keep the hook from sending a pending review at
/// all (no reviewer answer could allow the call), judged on `--prompt` as the person's
/// words: the hook then asks at once, and `explain` shows that answer.
fn withheld(
    p: &Prepared,
    ev: &Evaluation,
    call: &Call,
    prompt: Option<&str>,
) -> Option<crate::review::guard::Violation> {
    if ev.outcome != Outcome::Review
        || p.config.reviewer.provider == crate::context::config::Provider::None
    {
        return None;
    }
    crate::review::foreclosed_for(ev, &review_request(call), p, prompt)
}

/// The hook's answer: the floor's, or a withheld review's (see [`withheld`]).
fn settled_of(
    p: &Prepared,
    ev: &Evaluation,
    withheld: Option<&crate::review::guard::Violation>,
) -> crate::decision::Settled {
    match withheld {
        Some(v) => crate::decision::Settled {
            decision: Some(crate::review::guard::WITHDRAWN),
            gate: crate::decision::Gate::Reviewer,
            cause: v.cause(),
        },
        None => crate::review::unreviewed(ev, &p.config),
    }
}

fn decision_word(d: Option<Decision>) -> &'static str {
    d.map(|d| d.as_str()).unwrap_or("none")
}

fn render_failure(json: bool, cause: &Cause) -> String {
    let reason = answer::reason_line(cause, &Audience::refusal());
    if json {
        json!({"decision": "deny", "gate": "error", "cause": cause.id(), "reason": reason})
            .to_string()
    } else {
        format!("decision: deny (the hook fails closed)\n{reason}\n")
    }
}

fn config_lines(c: &Config) -> Vec<String> {
    let mut out = Vec::new();
    for f in &c.files {
        out.push(format!(
            "{:?} {}{}",
            f.layer,
            f.path.display(),
            if !f.exists {
                " (absent)".to_string()
            } else if f.layer == crate::context::config::Layer::Project {
                if f.trusted == Some(true) {
                    " (trusted)".to_string()
                } else {
                    " (not trusted: only its deny and ask rules apply)".to_string()
                }
            } else {
                String::new()
            }
        ));
    }
    out.extend(c.notes.iter().cloned());
    out
}

fn render_json(
    p: &Prepared,
    ev: &Evaluation,
    withheld: Option<&crate::review::guard::Violation>,
    prompt: Option<&str>,
) -> String {
    let settled = settled_of(p, ev, withheld);
    let reason = answer::reason_line(
        &settled.cause,
        &Audience::claude(settled.decision, p.config.mode),
    );
    json!({
        "decision": decision_word(settled.decision),
        "outcome": match ev.outcome { Outcome::Decided(_) => "decided", Outcome::Silent => "silent", Outcome::Review => "review" },
        "review": ev.outcome == Outcome::Review,
        // A pending review the hook would not send: no reviewer answer could allow it.
        "review_withheld": withheld.map(|v| v.guarantee),
        "gate": settled.gate.as_str(),
        "cause": settled.cause.id(),
        "reason": reason,
        "remedy": settled.cause.remedy(&Audience::claude(settled.decision, p.config.mode)),
        // Whether the hook would end this refusal's reason with an allow-once code (explain
        // issues none: it writes nothing).
        "allow_once": crate::cli::once::liftable(settled.decision, &settled.cause, &p.config),
        "floor_cause": ev.cause,
        "mode": p.config.mode.as_str(),
        "config": config_lines(&p.config),
        "project_root": p.project_root,
        "steps": ev.steps,
        "paths": ev.paths,
        "shell": ev.shell,
        "judgement": ev.judgement,
        "prompt": prompt,
    })
    .to_string()
}

fn render_text(
    p: &Prepared,
    ev: &Evaluation,
    withheld: Option<&crate::review::guard::Violation>,
    tool: &str,
    prompt: Option<&str>,
) -> String {
    let settled = settled_of(p, ev, withheld);
    let mut s = String::new();
    let _ = writeln!(s, "config:");
    for l in config_lines(&p.config) {
        let _ = writeln!(s, "  {l}");
    }
    let _ = writeln!(s, "  mode: {}", p.config.mode.as_str());
    if let Some(pr) = prompt {
        let _ = writeln!(s, "prompt (for the reviewer): {pr}");
    }
    let _ = writeln!(s, "steps:");
    for st in &ev.steps {
        let _ = writeln!(s, "  {:<11} {}", st.stage, st.detail);
    }
    if let Some(v) = withheld {
        let _ = writeln!(
            s,
            "review: auto mode would not send it, since no reviewer answer could allow it ({}){}; the hook asks",
            v.guarantee,
            if prompt.is_none() { " (give --prompt for the person's words)" } else { "" }
        );
    } else if ev.outcome == Outcome::Review {
        let _ = writeln!(
            s,
            "review: auto mode would ask the reviewer (not called by explain); without a verdict the hook answers {}",
            decision_word(settled.decision)
        );
    }
    let _ = writeln!(
        s,
        "decision: {} (gate {}, cause {})",
        decision_word(settled.decision),
        settled.gate.as_str(),
        settled.cause.id()
    );
    let _ = writeln!(
        s,
        "reason: {}",
        answer::reason_line(
            &settled.cause,
            &Audience::claude(settled.decision, p.config.mode)
        )
    );
    if settled.decision.is_none() {
        let _ = writeln!(
            s,
            "(silence: {tool} is left to the harness's own permission prompt)"
        );
    }
    if crate::cli::once::liftable(settled.decision, &settled.cause, &p.config) {
        let _ = writeln!(
            s,
            "allow-once: the hook ends this reason with a code you can grant (`gatehook allow-once CODE`)"
        );
    }
    s
}

/// `explain --packet`: the exact packet a review would send, built by the reviewer's own
/// code. Nothing is sent and no state is written; the person's words come from `--prompt`.
fn render_packet(p: &Prepared, ev: &Evaluation, call: &Call, prompt: Option<&str>) -> String {
    if ev.outcome != Outcome::Review {
        let settled = crate::review::unreviewed(ev, &p.config);
        return format!(
            "no review: this call is settled without the reviewer ({})\n",
            answer::reason_line(
                &settled.cause,
                &Audience::claude(settled.decision, p.config.mode)
            )
        );
    }
    let pk = crate::review::packet_for(ev, &review_request(call), p, prompt, "EXPLAIN");
    format!(
        "# the data marker is random per request in the hook; `EXPLAIN` stands in for it here\n{}",
        pk.render()
    )
}
