//! `gatehook denied` and `gatehook rules add`: the person's view of recent refusals, with
//! the exact `explain` command for each and, where it makes sense, the one narrow rule that
//! would allow it (never a wildcard), plus the command that writes such a rule to the
//! user config after showing it. Reads the audit log; decides nothing.

use crate::audit;
use crate::config::{self, ConfigPaths};
use crate::rules::{Rule, RuleKind};
use anyhow::{bail, Context as _};
use serde_json::{json, Value};
use std::fmt::Write as _;
use std::io::{IsTerminal, Write as _};
use std::path::Path;

/// Causes a rule can never lift: no suggestion is offered for them.
const UNLIFTABLE: &[&str] = &[
    "credential",
    "self-modification",
    "harness-config",
    "destructive",
    "plan-mode",
    "bad-input",
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
    pub explain: String,
    pub suggestion: Option<String>,
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
                || cmd.contains(crate::redact::REDACTED)
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
        .any(|c| c.is_control() || crate::cause::is_invisible_format(c))
    {
        return None;
    }
    // Only suggest what parses as a narrow allow rule.
    let parsed = Rule::parse_for(RuleKind::Allow, &rule).ok()?;
    (!parsed.is_broad()).then_some(rule)
}

fn explain_command(rec: &Value) -> String {
    let cwd = rec["cwd"].as_str().unwrap_or(".");
    let tool = rec["tool"].as_str().unwrap_or("");
    match (tool, rec["input"]["command"].as_str()) {
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
    }
}

/// Recent denials and asks, newest first.
pub fn recent(
    data_dir: &Path,
    keep: u32,
    session: Option<&str>,
    limit: usize,
) -> anyhow::Result<Vec<Entry>> {
    let (records, _) = audit::read_all(data_dir, keep).map_err(|e| anyhow::anyhow!("{e}"))?;
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
        out.push(Entry {
            ts: rec["ts"].as_str().unwrap_or("").to_string(),
            session_id: rec["session_id"].as_str().unwrap_or("").to_string(),
            tool: rec["tool"].as_str().unwrap_or("").to_string(),
            decision: decision.to_string(),
            cause: rec["cause"].as_str().unwrap_or("").to_string(),
            reason: crate::cause::one_line(rec["reason"].as_str().unwrap_or(""), 300),
            explain: explain_command(rec),
            suggestion: narrow_rule(rec),
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
        let _ = writeln!(s, "  explain: {}", e.explain);
        if let Some(r) = &e.suggestion {
            let _ = writeln!(s, "  to allow it: gatehook rules add {}", shell_quote(r));
        }
        if let Some(c) = &e.allow_once {
            let _ = writeln!(
                s,
                "  to let it run once: gatehook allow-once {c} (within {} minutes of the refusal)",
                crate::once::GRANT_WINDOW.as_secs() / 60
            );
        }
    }
    s
}

pub fn render_json(entries: &[Entry]) -> String {
    json!({ "entries": entries }).to_string()
}

/// `gatehook rules add RULE`: validate, show, and (with consent) append to the user config's
/// `[permissions] allow`, keeping the rest of the file as it is.
pub fn rules_add(rule: &str, kind: RuleKind, yes: bool) -> anyhow::Result<String> {
    Rule::parse_for(kind, rule)
        .map_err(|e| anyhow::anyhow!("`{rule}` is not a valid rule: {e}"))?;
    let paths = ConfigPaths::discover(None);
    let Some(file) = paths.user else {
        bail!("no user config location (set GATEHOOK_HOME or HOME)");
    };
    let list = match kind {
        RuleKind::Allow => "allow",
        RuleKind::Ask => "ask",
        RuleKind::Deny => "deny",
    };
    let text = match std::fs::read_to_string(&file) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(e).with_context(|| format!("reading {}", file.display())),
    };
    let mut doc: toml_edit::DocumentMut = text
        .parse()
        .with_context(|| format!("{} is not valid TOML", file.display()))?;
    let perms = doc
        .entry("permissions")
        .or_insert_with(|| toml_edit::Item::Table(toml_edit::Table::new()))
        .as_table_mut()
        .context("[permissions] is not a table")?;
    let arr = perms
        .entry(list)
        .or_insert_with(|| toml_edit::value(toml_edit::Array::new()))
        .as_array_mut()
        .with_context(|| format!("permissions.{list} is not an array"))?;
    let same = |v: &toml_edit::Value| {
        v.as_str() == Some(rule)
            || v.as_inline_table()
                .and_then(|t| t.get("rule"))
                .and_then(|r| r.as_str())
                == Some(rule)
    };
    if arr.iter().any(same) {
        return Ok(format!(
            "`{rule}` is already in [permissions] {list} of {}",
            file.display()
        ));
    }
    let preview = format!("add `{rule}` to [permissions] {list} in {}", file.display());
    if !yes {
        if !std::io::stdin().is_terminal() {
            bail!("would {preview}; re-run with --yes to write it");
        }
        print!("{preview}? [y/N] ");
        let _ = std::io::stdout().flush();
        let mut answer = String::new();
        std::io::stdin().read_line(&mut answer)?;
        if !matches!(answer.trim(), "y" | "Y" | "yes") {
            bail!("nothing written");
        }
    }
    arr.push(rule);
    let new_text = doc.to_string();
    // Validate the whole new file before it replaces the old one.
    if let Some(dir) = file.parent() {
        std::fs::create_dir_all(dir)?;
    }
    // Validated beside the real file (never in a shared temp directory, where a planted
    // symlink could redirect the write).
    let check = file.with_extension(format!("toml.check.{}", std::process::id()));
    let _ = std::fs::remove_file(&check);
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&check)
        .and_then(|mut f| std::io::Write::write_all(&mut f, new_text.as_bytes()))
        .with_context(|| format!("writing {}", check.display()))?;
    let probe = ConfigPaths {
        user: Some(check.clone()),
        project: None,
        managed: paths.managed.clone(),
        trust_store: paths.trust_store.clone(),
    };
    let valid = config::load(&probe);
    let _ = std::fs::remove_file(&check);
    if let Err(errs) = valid {
        bail!(
            "the result would not load: {}",
            errs.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("; ")
        );
    }
    let tmp = file.with_extension("toml.tmp");
    std::fs::write(&tmp, new_text)?;
    std::fs::rename(&tmp, &file)?;
    Ok(format!("{preview}: done"))
}
