//! The LLM reviewer: in `auto` mode, what the floor neither allows nor refuses goes to a
//! model over HTTP, blinded and bounded by code, failing closed.
//!
//! [`settle`] runs one review: the person's words ([`owner`]), the floor's findings
//! ([`soft`]), the cache ([`cache`]), the packet ([`packet`]), the optional fast stage and
//! the full stage ([`provider`]), the strict verdict ([`verdict`]) and the guarantees
//! ([`guard`]). It returns the settled decision and the audit's `review` object. `explain`
//! never calls it; it uses [`packet_for`] to print the packet instead.

pub mod cache;
mod computed;
pub mod ground;
pub mod guard;
mod mcpacts;
pub mod owner;
pub mod packet;
pub mod provider;
pub mod soft;
mod unknown;
pub mod verdict;

use crate::context::config::Config;
use crate::context::Prepared;
use crate::decision::cause::{one_line, Cause};
use crate::decision::Settled;
use crate::decision::{Decision, Gate};
use crate::policy::engine::{Call, Evaluation, Outcome};
use guard::{Findings, Violation};
use owner::OwnerMessage;
use packet::Packet;
use provider::Stage;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::time::Instant;
use verdict::Verdict;

/// Longest reviewer reason carried into the reason line and audit.
const MAX_REASON: usize = 200;

/// The hook call a review is for.
pub struct Request<'a> {
    pub session_id: &'a str,
    pub prompt_id: Option<&'a str>,
    pub transcript_path: Option<&'a str>,
    pub call: &'a Call<'a>,
    /// `<data dir>/state`.
    pub state_root: PathBuf,
}

/// The decision after review, and the audit's `review` object.
pub struct Reviewed {
    pub settled: Settled,
    pub record: Value,
}

/// Everything gathered before any request is made.
struct Gathered {
    owner: Vec<OwnerMessage>,
    findings: Findings,
    roots: Vec<PathBuf>,
}

fn gather(ev: &Evaluation, req: &Request, p: &Prepared, persist: bool) -> Gathered {
    let transcript = req.transcript_path.map(Path::new);
    let (owner, _) = owner::collect(&req.state_root, req.session_id, transcript, persist);
    let roots: Vec<PathBuf> = p
        .workspace
        .roots
        .iter()
        .map(|r| r.lexical.clone())
        .collect();
    let places = soft::Places {
        home: &p.context_home,
        cwd: req.call.cwd,
        roots: &roots,
    };
    let mut findings = soft::findings(ev, req.call.tool, req.call.input, &places);
    // A tool's input values are words too (a `file:` URL, a path an MCP tool is given);
    // not for the tools whose text is content (edits, delegated prompts) or a shell
    // command (its programs' words are the argv).
    let mut words = findings.argv.clone();
    // What redirections open and here-strings feed are words of the command too
    // (`read k <<< ~/.ssh/id_rsa; cat $k`).
    if let Some(a) = &ev.shell {
        for c in &a.commands {
            let mut extra: Vec<String> = c.redirects.iter().map(|r| r.target.clone()).collect();
            extra.extend(c.stdin_text.iter().cloned());
            if !extra.is_empty() {
                words.push(extra);
            }
        }
    }
    let mut too_large = false;
    if !matches!(
        req.call.tool,
        "Bash" | "Write" | "Edit" | "MultiEdit" | "NotebookEdit" | "Agent" | "Task"
    ) {
        // The values as the MCP floor reads them (bounded: an input too large or deep to
        // read is one the reviewer may not lift).
        match crate::policy::engine::mcp::strings(req.call.input) {
            Some(values) => words.push(values.into_iter().map(|(_, v)| v).collect()),
            None => too_large = true,
        }
    }
    findings.sensitive = soft::sensitive_mentions(&words, req.call.cwd, &p.context_home, &p.floor);
    // A command that runs elsewhere (`(cd ~ && tar c .ssh)`): its relative words are paths
    // there, a bare name too.
    if let Some(a) = &ev.shell {
        for c in &a.commands {
            let dirs = c.cwd.iter().chain(c.cwd_places.iter());
            for dir in dirs.filter(|d| d.as_path() != req.call.cwd) {
                let here: Vec<String> = c
                    .argv
                    .iter()
                    .skip(1)
                    .filter(|w| !w.starts_with(['/', '~', '-']) && !w.is_empty())
                    .map(|w| format!("./{w}"))
                    .collect();
                for m in soft::sensitive_mentions(&[here], dir, &p.context_home, &p.floor) {
                    let m = dir.join(m.trim_start_matches("./")).display().to_string();
                    if !findings.sensitive.contains(&m) {
                        findings.sensitive.push(m);
                    }
                }
            }
        }
    }
    findings.unseen_reads = soft::tree_reads_of_stores(ev, &places, &p.floor);
    findings.unseen_reads.extend(soft::reads_named_by_files(ev));
    // The content search tool reads every file below its path, as `grep -r` does.
    if req.call.tool == "Grep" {
        let path = req.call.input.get("path").and_then(Value::as_str);
        let dir = path.map_or_else(|| req.call.cwd.to_path_buf(), |d| places.resolve(d, None));
        if let Some(why) = crate::context::floor::tree_holds_store(&dir, &p.floor) {
            findings
                .unseen_reads
                .push(format!("every file below {} ({why})", dir.display()));
        }
    }
    if too_large {
        findings
            .sensitive
            .push("an input too large or deep to check".into());
    }
    Gathered {
        owner,
        findings,
        roots,
    }
}

fn build_packet(g: &Gathered, req: &Request, p: &Prepared, marker: &str) -> Packet {
    let action = packet::Action {
        tool: req.call.tool,
        input: req.call.input,
        cwd: req.call.cwd,
        roots: &g.roots,
        findings: &g.findings,
    };
    packet::build(
        p.config.reviewer.environment.as_deref(),
        &g.owner,
        &action,
        marker,
    )
}

/// What a review would gather, without writing state (for `explain`). `extra_prompt` is
/// shown as the person's message when the session has none recorded.
fn gather_for_explain(
    ev: &Evaluation,
    req: &Request,
    p: &Prepared,
    extra_prompt: Option<&str>,
) -> Gathered {
    let mut g = gather(ev, req, p, false);
    if g.owner.is_empty() {
        if let Some(text) = extra_prompt {
            g.owner.push(OwnerMessage {
                n: 1,
                text: text.to_string(),
            });
        }
    }
    g
}

/// The exact packet a review would send, without sending it or writing state (for
/// `explain --packet`). The marker is random per request in the hook; pass a fixed one here.
pub fn packet_for(
    ev: &Evaluation,
    req: &Request,
    p: &Prepared,
    extra_prompt: Option<&str>,
    marker: &str,
) -> Packet {
    let g = gather_for_explain(ev, req, p, extra_prompt);
    build_packet(&g, req, p, marker)
}

/// The guarantee that would keep the hook from sending this call to the reviewer at all
/// (see [`guard::foreclosed`]), judged on the messages the packet would show.
pub fn foreclosed_for(
    ev: &Evaluation,
    req: &Request,
    p: &Prepared,
    extra_prompt: Option<&str>,
) -> Option<Violation> {
    let g = gather_for_explain(ev, req, p, extra_prompt);
    let pk = build_packet(&g, req, p, "EXPLAIN");
    guard::foreclosed(&pk.shown, &g.findings)
}

fn stored_settled(s: &cache::Stored) -> Settled {
    let v = &s.verdict;
    let reason = one_line(&v.reason, MAX_REASON);
    let cause = match (&s.guarantee, v.decision) {
        (Some((g, d)), _) => Cause::Guarantee {
            guarantee: g.clone(),
            detail: d.clone(),
            not_sent: s.withheld,
            remedy: s.remedy.clone(),
        },
        (None, Decision::Allow) => Cause::ReviewerAllow {
            reason,
            evidence: v.evidence.clone(),
        },
        (None, Decision::Ask) => Cause::ReviewerAsk {
            reason,
            risk: v.risk.as_str().into(),
        },
        (None, Decision::Deny) => Cause::ReviewerDeny {
            reason,
            risk: v.risk.as_str().into(),
        },
    };
    let decision = if s.guarantee.is_some() {
        guard::WITHDRAWN
    } else {
        s.decision
    };
    Settled {
        decision: Some(decision),
        gate: Gate::Reviewer,
        cause,
    }
}

fn unavailable(on_failure: Decision, error: String) -> Settled {
    Settled {
        decision: Some(on_failure),
        gate: Gate::Reviewer,
        cause: Cause::ReviewerUnavailable { error },
    }
}

fn record_of(s: &cache::Stored, cache_hit: bool, latency_ms: u64) -> Value {
    json!({
        "stage": s.stage,
        "model": s.model,
        "latency_ms": latency_ms,
        "decision": s.verdict.decision,
        "risk": s.verdict.risk,
        "reason": one_line(&s.verdict.reason, MAX_REASON),
        "kind": s.verdict.kind.as_deref().map(|k| one_line(k, 60)),
        "evidence": s.verdict.evidence,
        "cache_hit": cache_hit,
        "packet_sha256": s.packet_sha256,
        "guarantee": s.guarantee.as_ref().map(|(g, _)| g),
    })
}

/// Ask one stage and parse its verdict; the server's token counts come back either way
/// (null when it reported none, e.g. no reply arrived).
fn ask_stage(stage: &Stage, system: &str, user: &str) -> (Result<Verdict, String>, Value) {
    let a = provider::ask_reply(stage, system, user);
    let tokens = if a.usage == provider::Usage::default() {
        Value::Null
    } else {
        json!(a.usage)
    };
    (a.text.and_then(|t| verdict::parse(&t)), tokens)
}

/// Settle an evaluation whose outcome is `Review` by asking the reviewer.
pub fn settle(ev: &Evaluation, req: &Request, p: &Prepared) -> Reviewed {
    let start = Instant::now();
    let rv = &p.config.reviewer;
    let on_failure = rv.on_failure;
    // NOTE: the engine denies hard floors before any review; this assert keeps it so.
    if guard::is_hard_floor(ev) {
        return Reviewed {
            settled: Settled {
                decision: Some(Decision::Deny),
                gate: Gate::Floor,
                cause: ev.cause.clone(),
            },
            record: json!({"error": "a hard-floor call reached the reviewer; refused"}),
        };
    }
    let g = gather(ev, req, p, true);
    let files = cache::files_run(&g.findings.argv, req.call.cwd);
    let key = cache::key(&cache::KeyParts {
        tool: req.call.tool,
        input: req.call.input,
        permission_mode: req.call.permission_mode.as_str(),
        mode: p.config.mode.as_str(),
        prompt_id: req.prompt_id,
        owner: &g.owner,
        environment: rv.environment.as_deref(),
        findings: &g.findings,
        files: &files,
    });
    let turn = req.prompt_id.unwrap_or("");
    let action = cache::action_key(req.call.tool, req.call.input);
    let dir = crate::context::state::session_dir(&req.state_root, req.session_id);
    let ms = |s: Instant| s.elapsed().as_millis() as u64;
    let rank = g.findings.rank();
    match cache::lookup(&dir, &key, turn, &action, guard::REFUSALS_PER_TURN, rank) {
        cache::Lookup::Hit(s) | cache::Lookup::Refused(s) => {
            let mut settled = stored_settled(&s);
            settled.gate = Gate::Cache;
            return Reviewed {
                settled,
                record: record_of(&s, true, ms(start)),
            };
        }
        cache::Lookup::Paused(n) => {
            // Stop lifting, and ask: the person decides, nothing is denied by the count alone.
            let v = Violation {
                guarantee: "refusal-limit",
                detail: format!(
                    "{n} proposals as risky as this one were refused in this turn; the reviewer lifts no more of them until you write again"
                ),
                remedy: g.findings.soft.first().map(|n| n.remedy()),
            };
            return Reviewed {
                settled: Settled {
                    decision: Some(Decision::Ask),
                    gate: Gate::Paused,
                    cause: v.cause(),
                },
                record: json!({"guarantee": v.guarantee, "cache_hit": false, "latency_ms": 0}),
            };
        }
        cache::Lookup::SessionPaused(pause) => {
            return Reviewed {
                settled: Settled {
                    decision: Some(Decision::Ask),
                    gate: Gate::Paused,
                    cause: Cause::Paused {
                        in_a_row: pause.in_a_row,
                        total: pause.total,
                        session: req.session_id.to_string(),
                    },
                },
                record: json!({"paused": pause, "cache_hit": false, "latency_ms": 0}),
            };
        }
        cache::Lookup::Miss => {}
    }
    let limits = cache::PauseLimits {
        in_a_row: rv.pause_after,
        total: rv.pause_total,
    };

    let marker = packet::session_marker(&dir);
    let pk = build_packet(&g, req, p, &marker);
    let sha = pk.sha256();
    if let Some(v) = guard::foreclosed(&pk.shown, &g.findings) {
        // No verdict could allow it: ask the person now instead of paying for an answer
        // that can only be withdrawn. It is stored and counted like a withdrawn allow.
        let s = cache::Stored {
            decision: guard::WITHDRAWN,
            stage: "withheld".into(),
            model: String::new(),
            verdict: Verdict {
                decision: Decision::Ask,
                risk: verdict::Risk::Low,
                reason: "not sent: no verdict could allow it".into(),
                kind: None,
                evidence: Vec::new(),
            },
            guarantee: Some((v.guarantee.to_string(), v.detail)),
            packet_sha256: sha,
            remedy: v.remedy,
            withheld: true,
        };
        let _ = cache::record(&dir, &key, turn, &action, &s, limits, rank);
        let mut record = record_of(&s, false, ms(start));
        record["sent"] = json!(false);
        return Reviewed {
            settled: stored_settled(&s),
            record,
        };
    }
    let judge = |stage: &Stage, v: Verdict| -> cache::Stored {
        let violation = guard::check(&v, &pk.shown, &g.findings).err();
        cache::Stored {
            remedy: violation.as_ref().and_then(|x| x.remedy.clone()),
            decision: match &violation {
                Some(_) => guard::WITHDRAWN,
                None => v.decision,
            },
            stage: stage.name.to_string(),
            model: stage.model_name(),
            verdict: v,
            guarantee: violation.map(|x| (x.guarantee.to_string(), x.detail)),
            packet_sha256: sha.clone(),
            withheld: false,
        }
    };

    // Fast stage: it may only allow, under every guarantee; anything else goes on.
    let mut fast_note = Value::Null;
    if let Some(fast) = rv.fast.as_deref() {
        let stage = Stage::fast(fast);
        let t = Instant::now();
        let (answer, tokens) = ask_stage(&stage, &pk.system, &pk.fast_user());
        match answer {
            Ok(v) if v.decision == Decision::Allow => {
                let s = judge(&stage, v);
                if s.guarantee.is_none() {
                    let _ = cache::record(&dir, &key, turn, &action, &s, limits, rank);
                    let mut record = record_of(&s, false, ms(t));
                    record["tokens"] = tokens;
                    return Reviewed {
                        settled: stored_settled(&s),
                        record,
                    };
                }
                fast_note = json!({"latency_ms": ms(t), "guarantee": s.guarantee.map(|x| x.0),
                                   "model": stage.model_name(), "tokens": tokens});
            }
            Ok(v) => {
                fast_note = json!({"latency_ms": ms(t), "decision": v.decision,
                                   "model": stage.model_name(), "tokens": tokens})
            }
            Err(e) => {
                fast_note = json!({"latency_ms": ms(t), "error": one_line(&e, 200),
                                   "model": stage.model_name(), "tokens": tokens})
            }
        }
    }

    let stage = Stage::full(rv);
    let t = Instant::now();
    let (answer, tokens) = ask_stage(&stage, &pk.system, &pk.user);
    match answer {
        Ok(v) => {
            let s = judge(&stage, v);
            let _ = cache::record(&dir, &key, turn, &action, &s, limits, rank);
            let mut record = record_of(&s, false, ms(t));
            record["fast"] = fast_note;
            record["tokens"] = tokens;
            Reviewed {
                settled: stored_settled(&s),
                record,
            }
        }
        Err(e) => Reviewed {
            settled: unavailable(on_failure, format!("{} stage: {e}", stage.name)),
            record: json!({
                "stage": stage.name, "model": stage.model_name(), "latency_ms": ms(t),
                "error": one_line(&e, 200), "cache_hit": false, "packet_sha256": sha,
                "fast": fast_note, "tokens": tokens,
            }),
        },
    }
}

/// `gatehook resume [--session ID]`: lift the pause of one session, or of every paused one.
pub fn resume(session: Option<&str>) -> anyhow::Result<String> {
    let root = crate::context::config::gatehook_dirs().data.join("state");
    let dirs: Vec<std::path::PathBuf> = match session {
        Some(id) => vec![crate::context::state::session_dir(&root, id)],
        None => match std::fs::read_dir(&root) {
            Ok(rd) => rd.filter_map(Result::ok).map(|e| e.path()).collect(),
            Err(_) => Vec::new(),
        },
    };
    let mut resumed = Vec::new();
    for dir in dirs {
        if !cache::pause_state(&dir).paused {
            continue;
        }
        let was = cache::resume(&dir)?;
        resumed.push(format!(
            "{} (after {} refusals in a row, {} in total)",
            dir.file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default(),
            was.in_a_row,
            was.total
        ));
    }
    Ok(if resumed.is_empty() {
        "no session is paused".to_string()
    } else {
        format!("resumed auto mode for: {}", resumed.join(", "))
    })
}

/// Settle an evaluation without the reviewer (what `explain` and `check` show, and the hook
/// with `provider = "none"`): a pending review yields `on_failure`.
pub fn unreviewed(ev: &Evaluation, config: &Config) -> Settled {
    match ev.outcome {
        Outcome::Decided(d) => Settled {
            decision: Some(d),
            gate: ev.gate,
            cause: ev.cause.clone(),
        },
        Outcome::Silent => Settled {
            decision: None,
            gate: ev.gate,
            cause: ev.cause.clone(),
        },
        Outcome::Review => Settled {
            decision: Some(config.reviewer.on_failure),
            gate: Gate::Reviewer,
            cause: Cause::ReviewerUnavailable {
                error: format!(
                    "no reviewer answered ({}; review needed because {})",
                    if config.reviewer.provider == crate::context::config::Provider::None {
                        "[reviewer] provider is \"none\""
                    } else {
                        "explain does not call the reviewer"
                    },
                    ev.cause.describe()
                ),
            },
        },
    }
}
