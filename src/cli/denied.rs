//! `gatehook denied`: the person's view of recent refusals, with the exact `explain`
//! command for each and, where it works, the one narrow rule that would allow it (never a
//! wildcard). A rule is offered only after the same call, re-evaluated through the hook's
//! own preparation and `engine::evaluate` with that rule added to the user's allow list,
//! is allowed where it is not without it; otherwise the entry says what would lift it
//! (`Cause::remedy` of the re-evaluation: the person's words for a hold, reading the change
//! for a risky edit, nothing for a hard floor). Reads the audit log; writes nothing.

use crate::audit;
use crate::context::config::{ConfigPaths, Layer};
use crate::context::rules::{LoadedRule, Rule, RuleKind, RuleSource};
use crate::context::Env;
use crate::context::Prepared;
use crate::decision::cause::Audience;
use crate::decision::{Decision, Mode};
use crate::input::PermissionMode;
use crate::policy::engine::{Call, Outcome};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// Causes a rule can never lift: no suggestion is offered for them.
const UNLIFTABLE: &[&str] = &[
    "credential",
    "self-modification",
    "harness-config",
    "destructive",
    "plan-mode",
    "bad-input",
    "incomplete-input",
    "bad-config",
    "internal-error",
    "protected-path",
];

/// One refusal from the audit log, ready to show.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Entry {
    pub ts: String,
    pub session_id: String,
    pub tool: String,
    pub decision: String,
    pub cause: String,
    pub reason: String,
    /// The `gatehook explain` command that shows this call (none for an unusable payload).
    pub explain: Option<String>,
    /// The narrow allow rule that, re-evaluated, allows this call.
    pub suggestion: Option<String>,
    /// Where no rule would: what would (or that nothing lifts it).
    pub what_would: Option<String>,
    /// The allow-once code the refusal carried (`gatehook allow-once CODE`).
    pub allow_once: Option<String>,
}

pub(crate) fn shell_quote(s: &str) -> String {
    shlex::try_quote(s)
        .map(|c| c.into_owned())
        .unwrap_or_else(|_| format!("'{}'", s.replace('\0', "").replace('\'', r"'\''")))
}

/// The narrow rule that would allow the call of this audit record, if one makes sense:
/// never for a cause no rule can lift (the decision's or the floor's under a review), and
/// never a wildcard. Shared with `gatehook audit suggest`.
pub(crate) fn narrow_rule(rec: &Value) -> Option<String> {
    for key in ["cause", "floor_cause"] {
        if UNLIFTABLE.contains(&rec[key].as_str().unwrap_or("")) {
            return None;
        }
    }
    let tool = rec["tool"].as_str()?;
    let input = &rec["input"];
    let rule = match tool {
        "Bash" => {
            let cmd = input["command"].as_str()?;
            // Only a single plain command: an exact rule, no wildcard, nothing redacted.
            if cmd.contains(['\n', ';', '&', '|', '`', '$', '(', ')', '*', '<', '>'])
                || cmd.contains(crate::decision::redact::REDACTED)
                || cmd.len() > 200
            {
                return None;
            }
            let words: Vec<String> = shlex::split(cmd)?;
            format!("Bash({})", words.join(" "))
        }
        "Read" | "Edit" | "Write" => {
            let p = input["file_path"].as_str()?;
            if !p.starts_with('/') || p.contains('*') {
                return None;
            }
            let family = if tool == "Read" { "Read" } else { "Edit" };
            format!("{family}(/{p})")
        }
        "WebFetch" => {
            let url = input["url"].as_str()?;
            let host = url.split("://").nth(1)?.split(['/', '?', '#']).next()?;
            let host = host
                .rsplit('@')
                .next()?
                .split(':')
                .next()?
                .to_ascii_lowercase();
            if host.is_empty() || host.contains('*') {
                return None;
            }
            format!("WebFetch(domain:{host})")
        }
        t if t.starts_with("mcp__") && t.matches("__").count() >= 2 => t.to_string(),
        _ => return None,
    };
    // A control or invisible character (a bidi override) would make the rule read as
    // something other than what it matches: never offer one.
    if rule
        .chars()
        .any(|c| c.is_control() || crate::decision::cause::is_invisible_format(c))
    {
        return None;
    }
    // Only suggest what parses as a narrow allow rule.
    let parsed = Rule::parse_for(RuleKind::Allow, &rule).ok()?;
    (!parsed.is_broad()).then_some(rule)
}

fn explain_command(rec: &Value) -> Option<String> {
    let cwd = rec["cwd"].as_str().unwrap_or(".");
    let tool = rec["tool"].as_str()?;
    rec["input"].as_object()?;
    Some(match (tool, rec["input"]["command"].as_str()) {
        ("Bash", Some(cmd)) => format!(
            "gatehook explain --cwd {} {}",
            shell_quote(cwd),
            shell_quote(cmd)
        ),
        _ => format!(
            "gatehook explain --cwd {} --tool {} --input {}",
            shell_quote(cwd),
            shell_quote(tool),
            shell_quote(&rec["input"].to_string())
        ),
    })
}

/// What the re-evaluation of a logged call found.
struct Verdict {
    suggestion: Option<String>,
    what_would: Option<String>,
}

/// Re-evaluates logged calls under the config in effect now, the session's own state
/// (holds) included, build files compared but never recorded.
struct Reevaluator<'a> {
    env: &'a Env,
    user_config: Option<PathBuf>,
    prepared: HashMap<PathBuf, Result<Prepared, String>>,
}

impl Reevaluator<'_> {
    fn verdict(&mut self, rec: &Value) -> Verdict {
        let none = |why: String| Verdict {
            suggestion: None,
            what_would: Some(why),
        };
        let (Some(tool), Some(Value::Object(input)), Some(cwd)) = (
            rec["tool"].as_str(),
            rec.get("input"),
            rec["cwd"].as_str().map(PathBuf::from),
        ) else {
            return none(
                crate::decision::cause::Cause::BadInput {
                    error: String::new(),
                }
                .remedy(&Audience::refusal())
                .unwrap_or_default(),
            );
        };
        if !cwd.is_absolute() {
            return none("the logged call has no absolute working directory".to_string());
        }
        let env = self.env;
        let p = self.prepared.entry(cwd.clone()).or_insert_with(|| {
            crate::context::prepare(&cwd, env)
                .map(|mut p| {
                    p.record_baseline = false;
                    p
                })
                .map_err(|c| c.describe())
        });
        let p = match p {
            Ok(p) => p,
            Err(why) => return none(format!("cannot re-evaluate it: {why}")),
        };
        let call = Call {
            tool,
            input,
            cwd: &cwd,
            permission_mode: PermissionMode::parse(rec["permission_mode"].as_str().unwrap_or("")),
            session_id: rec["session_id"].as_str().unwrap_or(""),
        };
        let mode = p.config.mode;
        let now = p.evaluate(&call);
        let settled = crate::review::unreviewed(&now, &p.config);
        if settled.decision == Some(Decision::Allow) {
            return none(format!(
                "it would be allowed now ([{}]: {})",
                settled.cause.id(),
                settled.cause.describe()
            ));
        }
        let what_would = || {
            if now.outcome == Outcome::Review {
                // Auto mode: the reviewer decides it, from the person's own words.
                let a = Audience::claude(Some(Decision::Ask), Mode::Auto);
                let r = now.cause.remedy(&a).unwrap_or_default();
                format!("no rule lifts it; auto mode sends it to the reviewer ({r})")
            } else {
                settled
                    .cause
                    .remedy(&Audience::claude(settled.decision, mode))
                    .unwrap_or_else(|| settled.cause.describe())
            }
        };
        let Some(rule) = narrow_rule(rec) else {
            return none(what_would());
        };
        // NOTE: the same evaluation with the rule where `rules add` would put it: the user
        // config's allow list (ignored, like the user's own, under `managed_allow_only`).
        let lifted = match (&self.user_config, Rule::parse_for(RuleKind::Allow, &rule)) {
            (Some(file), Ok(parsed)) if !p.config.managed_allow_only => {
                p.config.rules.allow.push(LoadedRule {
                    rule: parsed,
                    kind: RuleKind::Allow,
                    source: RuleSource {
                        layer: Layer::User,
                        file: file.clone(),
                        line: 0,
                    },
                    message: None,
                });
                let ev = p.evaluate(&call);
                p.config.rules.allow.pop();
                crate::review::unreviewed(&ev, &p.config).decision == Some(Decision::Allow)
            }
            _ => false,
        };
        if lifted {
            Verdict {
                suggestion: Some(rule),
                what_would: None,
            }
        } else {
            none(format!("`{rule}` would not lift it: {}", what_would()))
        }
    }
}

/// Recent denials and asks, newest first, each re-evaluated under the config in effect.
pub fn recent(
    data_dir: &Path,
    keep: u32,
    session: Option<&str>,
    limit: usize,
    env: &Env,
) -> anyhow::Result<Vec<Entry>> {
    let (records, _) = audit::read_all(data_dir, keep).map_err(|e| anyhow::anyhow!("{e}"))?;
    let mut re = Reevaluator {
        env,
        user_config: ConfigPaths::discover(None).user,
        prepared: HashMap::new(),
    };
    let mut out = Vec::new();
    for rec in records.iter().rev() {
        let decision = rec["decision"].as_str().unwrap_or("");
        if decision != "deny" && decision != "ask" {
            continue;
        }
        if let Some(s) = session {
            if rec["session_id"].as_str() != Some(s) {
                continue;
            }
        }
        let v = re.verdict(rec);
        out.push(Entry {
            ts: rec["ts"].as_str().unwrap_or("").to_string(),
            session_id: rec["session_id"].as_str().unwrap_or("").to_string(),
            tool: rec["tool"].as_str().unwrap_or("").to_string(),
            decision: decision.to_string(),
            cause: rec["cause"].as_str().unwrap_or("").to_string(),
            reason: crate::decision::cause::one_line(rec["reason"].as_str().unwrap_or(""), 300),
            explain: explain_command(rec),
            suggestion: v.suggestion,
            what_would: v
                .what_would
                .map(|w| crate::decision::cause::one_line(&w, 300)),
            allow_once: rec["allow_once"]["code"]
                .as_str()
                .filter(|c| {
                    c.len() <= 16 && c.chars().all(|ch| ch.is_ascii_alphanumeric() || ch == '-')
                })
                .map(str::to_string),
        });
        if out.len() >= limit {
            break;
        }
    }
    Ok(out)
}

pub fn render_text(entries: &[Entry]) -> String {
    if entries.is_empty() {
        return "no recent denials or asks\n".to_string();
    }
    let mut s = String::new();
    for e in entries {
        let _ = writeln!(
            s,
            "{} {} {} [{}] session {}",
            e.ts, e.decision, e.tool, e.cause, e.session_id
        );
        let _ = writeln!(s, "  {}", e.reason);
        if let Some(x) = &e.explain {
            let _ = writeln!(s, "  explain: {x}");
        }
        if let Some(r) = &e.suggestion {
            let _ = writeln!(
                s,
                "  to allow it: gatehook rules add {}   (re-evaluated: with it, this call is allowed)",
                shell_quote(r)
            );
        }
        if let Some(w) = &e.what_would {
            let _ = writeln!(s, "  what would: {w}");
        }
        if let Some(c) = &e.allow_once {
            let _ = writeln!(
                s,
                "  to let it run once: gatehook allow-once {c} (within {} minutes of the refusal)",
                crate::cli::once::GRANT_WINDOW.as_secs() / 60
            );
        }
    }
    s
}

pub fn render_json(entries: &[Entry]) -> String {
    json!({ "entries": entries }).to_string()
}
