//! `gatehook audit`: the person's and the security lead's view of the audit log — `tail`
//! (recent records, or follow new ones), `stats` (counts, shares, latencies, top
//! commands), `suggest` (narrow allow rules distilled from what the reviewer kept allowing)
//! and `report` (one self-contained HTML page). Reads the log through `audit::read_all` /
//! `audit::Follower`; decides nothing and writes nothing but the report file.
//!
//! Every string shown comes from the log and is hostile input (an agent chose the command
//! text): text output passes it through [`clean`], the HTML page through `html::esc`.

mod html;
mod stats;
mod suggest;
mod svg;
mod tail;

use crate::audit;
use anyhow::{bail, Context as _};
use chrono::{DateTime, Utc};
use clap::Subcommand;
use serde_json::Value;
use std::path::PathBuf;

pub use stats::Stats;

#[derive(Subcommand, Debug)]
pub enum AuditAction {
    /// Show the last records, one line each (time, decision, gate, cause, tool, call).
    Tail {
        /// How many records.
        #[arg(short = 'n', long = "lines", default_value_t = 20)]
        n: usize,
        /// Keep polling for new records (across rotations) until interrupted.
        #[arg(long)]
        follow: bool,
        /// Only this session.
        #[arg(long)]
        session: Option<String>,
        /// Print each record as stored, one JSON object per line.
        #[arg(long)]
        json: bool,
    },
    /// Counts by decision, gate and cause; fast-path share; latencies; top commands.
    Stats {
        /// Only records newer than this (e.g. 90m, 24h, 7d, 2w) or an RFC 3339 time.
        #[arg(long)]
        since: Option<String>,
        /// Only this session.
        #[arg(long)]
        session: Option<String>,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Narrow allow rules for calls the reviewer keeps allowing (printed, never written).
    ///
    /// Each comes with the `gatehook rules add` command a person may run to accept it.
    Suggest {
        /// Only calls allowed at least this many times.
        #[arg(long, default_value_t = 3)]
        min: usize,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Write one self-contained HTML page (no scripts, no network) with charts and tables.
    Report {
        /// Where to write the page.
        #[arg(long, value_name = "FILE")]
        html: PathBuf,
        /// Only records newer than this (e.g. 24h, 7d) or an RFC 3339 time.
        #[arg(long)]
        since: Option<String>,
        /// Only this session.
        #[arg(long)]
        session: Option<String>,
    },
}

/// Run one `gatehook audit` subcommand; returns the exit code (0, or 2 on any error).
pub fn run(action: AuditAction) -> i32 {
    let (name, result) = match action {
        AuditAction::Tail {
            n,
            follow,
            session,
            json,
        } => (
            "tail",
            tail::run(n, follow, session.as_deref(), json, now()),
        ),
        AuditAction::Stats {
            since,
            session,
            json,
        } => ("stats", stats_cmd(since.as_deref(), session, json)),
        AuditAction::Suggest { min, json } => ("suggest", suggest_cmd(min, json)),
        AuditAction::Report {
            html,
            since,
            session,
        } => ("report", report_cmd(&html, since.as_deref(), session)),
    };
    match result {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("gatehook audit {name}: {e:#}");
            2
        }
    }
}

fn now() -> DateTime<Utc> {
    Utc::now()
}

fn stats_cmd(since: Option<&str>, session: Option<String>, json: bool) -> anyhow::Result<()> {
    let filter = Filter::new(since, session, now())?;
    let log = Log::load()?;
    let records = filter.apply(&log.records);
    let s = Stats::of(&records, log.skipped);
    print(&if json {
        s.to_json().to_string()
    } else {
        s.render_text(&filter.describe())
    });
    Ok(())
}

fn suggest_cmd(min: usize, json: bool) -> anyhow::Result<()> {
    let log = Log::load()?;
    let records: Vec<&Value> = log.records.iter().collect();
    let found = suggest::suggest(&records, min.max(1));
    print(&if json {
        suggest::render_json(&found, min, log.skipped)
    } else {
        suggest::render_text(&found, min, log.skipped)
    });
    Ok(())
}

fn report_cmd(
    file: &std::path::Path,
    since: Option<&str>,
    session: Option<String>,
) -> anyhow::Result<()> {
    let now = now();
    let filter = Filter::new(since, session, now)?;
    let log = Log::load()?;
    let records = filter.apply(&log.records);
    let page = html::page(&records, log.skipped, &filter.describe(), now);
    std::fs::write(file, page).with_context(|| format!("writing {}", file.display()))?;
    eprintln!(
        "gatehook audit report: wrote {} ({} records)",
        file.display(),
        records.len()
    );
    Ok(())
}

/// The records of the log (oldest first) and how many lines were unreadable.
pub struct Log {
    pub records: Vec<Value>,
    pub skipped: usize,
}

impl Log {
    /// Read the whole log where hooks write it (GATEHOOK_HOME, or the data dir), with the
    /// rotation count of the config in effect. A last line without its newline counts as
    /// torn.
    pub fn load() -> anyhow::Result<Log> {
        let (records, skipped) =
            audit::read_all(&log_dir(), log_keep()).map_err(|e| anyhow::anyhow!("{e}"))?;
        Ok(Log { records, skipped })
    }

    /// `load`, and a follower for what hooks append after it (a last line still without
    /// its newline is left to the follower).
    pub fn load_and_follow() -> anyhow::Result<(Log, audit::Follower)> {
        let (records, skipped, follower) =
            audit::read_for_follow(&log_dir(), log_keep()).map_err(|e| anyhow::anyhow!("{e}"))?;
        Ok((Log { records, skipped }, follower))
    }
}

fn log_dir() -> PathBuf {
    crate::context::config::gatehook_dirs().data
}

fn log_keep() -> u32 {
    match crate::context::config::load(&crate::context::config::ConfigPaths::discover(None)) {
        Ok(c) => c.audit.keep,
        Err(_) => {
            eprintln!(
                "gatehook audit: the config does not load; reading the default 3 rotated files"
            );
            3
        }
    }
}

/// Which records a command looks at.
pub struct Filter {
    since: Option<(String, DateTime<Utc>)>,
    session: Option<String>,
}

impl Filter {
    pub fn new(
        since: Option<&str>,
        session: Option<String>,
        now: DateTime<Utc>,
    ) -> anyhow::Result<Filter> {
        let since = match since {
            Some(s) => Some((s.to_string(), parse_since(s, now)?)),
            None => None,
        };
        Ok(Filter { since, session })
    }

    pub fn keeps(&self, rec: &Value) -> bool {
        if let Some(s) = &self.session {
            if rec["session_id"].as_str() != Some(s.as_str()) {
                return false;
            }
        }
        if let Some((_, t)) = &self.since {
            // A record without a readable time cannot be shown to be recent.
            return ts(rec).is_some_and(|r| r >= *t);
        }
        true
    }

    pub fn apply<'a>(&self, records: &'a [Value]) -> Vec<&'a Value> {
        records.iter().filter(|r| self.keeps(r)).collect()
    }

    /// "all records", "since 24h (2026-…)", "session abc".
    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        if let Some((text, t)) = &self.since {
            parts.push(format!(
                "since {} ({})",
                clean(text, 40),
                t.format("%Y-%m-%d %H:%M UTC")
            ));
        }
        if let Some(s) = &self.session {
            parts.push(format!("session {}", clean(s, 80)));
        }
        if parts.is_empty() {
            "all records".to_string()
        } else {
            parts.join(", ")
        }
    }
}

/// `90s`, `15m`, `24h`, `7d`, `2w` before `now`, or an RFC 3339 time.
pub fn parse_since(text: &str, now: DateTime<Utc>) -> anyhow::Result<DateTime<Utc>> {
    let t = text.trim();
    if let Ok(at) = DateTime::parse_from_rfc3339(t) {
        return Ok(at.with_timezone(&Utc));
    }
    let split = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let (num, unit) = t.split_at(split);
    let Ok(n) = num.parse::<i64>() else {
        bail!(
            "--since wants a duration like 90m, 24h, 7d, 2w or an RFC 3339 time, not `{}`",
            clean(text, 40)
        );
    };
    let secs = match unit {
        "s" => 1,
        "m" | "min" => 60,
        "h" => 3600,
        "d" => 86_400,
        "w" => 604_800,
        _ => bail!(
            "--since: unknown unit `{}` (use s, m, h, d or w)",
            clean(unit, 20)
        ),
    };
    let delta = n
        .checked_mul(secs)
        .and_then(chrono::Duration::try_seconds)
        .context("--since: duration too large")?;
    now.checked_sub_signed(delta)
        .context("--since: duration too large")
}

/// The record's time, if it has a readable one.
pub fn ts(rec: &Value) -> Option<DateTime<Utc>> {
    DateTime::parse_from_rfc3339(rec["ts"].as_str()?)
        .ok()
        .map(|t| t.with_timezone(&Utc))
}

/// A string field, or "" when absent or not a string.
pub fn field<'a>(rec: &'a Value, key: &str) -> &'a str {
    rec[key].as_str().unwrap_or("")
}

/// One line of log text made safe to show: control and invisible characters (escape
/// sequences, bidi overrides, zero-width spaces) become visible `\u{…}` escapes, runs of
/// whitespace one space, and the result is cut at `max` characters with `…`.
pub fn clean(text: &str, max: usize) -> String {
    let mut shown = String::with_capacity(text.len().min(max * 4));
    for ch in text.chars() {
        if ch.is_whitespace() {
            shown.push(' ');
        } else if ch.is_control() || crate::decision::cause::is_invisible_format(ch) {
            shown.push_str(&format!("\\u{{{:04x}}}", ch as u32));
        } else {
            shown.push(ch);
        }
        if shown.len() > max * 8 {
            break; // enough to fill `max` characters; one_line cuts the rest
        }
    }
    crate::decision::cause::one_line(&shown, max)
}

/// A short summary of the call a record describes (already redacted by the hook).
pub fn summary(rec: &Value, max: usize) -> String {
    let input = &rec["input"];
    let tool = field(rec, "tool");
    let text = match tool {
        "Bash" => input["command"].as_str().map(str::to_string),
        "Read" | "Edit" | "Write" | "MultiEdit" | "NotebookEdit" => input["file_path"]
            .as_str()
            .or(input["notebook_path"].as_str())
            .map(str::to_string),
        "WebFetch" => input["url"].as_str().map(str::to_string),
        "WebSearch" => input["query"].as_str().map(str::to_string),
        "Glob" | "Grep" => input["pattern"].as_str().map(str::to_string),
        "Task" | "Agent" => input["description"].as_str().map(str::to_string),
        _ => None,
    };
    let text = text.unwrap_or_else(|| match (input, &rec["payload"]) {
        // A payload gatehook could not use: only its size and hash were recorded.
        (Value::Null, p) if p.is_object() => format!(
            "unusable payload, {} bytes, sha256 {:.12}",
            p["bytes"],
            p["sha256"].as_str().unwrap_or("")
        ),
        (Value::Null, _) => String::new(),
        (other, _) => other.to_string(),
    });
    clean(&text, max)
}

/// The call reduced to what repeats: a Bash command's program and subcommand for each
/// command it runs (`git push`, `cargo test && git commit`), a file tool with the file's
/// directory, a web fetch with its host; used to rank the most asked and denied calls.
pub fn command_key(rec: &Value) -> String {
    let tool = field(rec, "tool");
    let key = match tool {
        "Bash" => bash_key(rec),
        "Read" | "Edit" | "Write" | "MultiEdit" => {
            let p = rec["input"]["file_path"].as_str().unwrap_or("");
            let dir = match p.rfind('/') {
                Some(0) => "/",
                Some(i) => &p[..i],
                None => ".",
            };
            format!("{tool} {dir}/")
        }
        "WebFetch" => {
            let url = rec["input"]["url"].as_str().unwrap_or("");
            let host = url
                .split("://")
                .nth(1)
                .and_then(|r| r.split(['/', '?', '#']).next())
                .unwrap_or("");
            format!("WebFetch {host}")
        }
        "" => "(no tool)".to_string(),
        _ => tool.to_string(),
    };
    clean(&key, 80)
}

fn bash_key(rec: &Value) -> String {
    // The hook's own analysis of what runs (wrappers stripped, redacted), when it has one.
    let analysed: Vec<Vec<String>> = rec["shell"]["commands"]
        .as_array()
        .map(|cmds| {
            cmds.iter()
                .filter_map(|c| {
                    c.as_array().map(|w| {
                        w.iter()
                            .filter_map(|x| x.as_str().map(str::to_string))
                            .collect()
                    })
                })
                .filter(|w: &Vec<String>| !w.is_empty())
                .collect()
        })
        .unwrap_or_default();
    let commands = if analysed.is_empty() {
        let text = rec["input"]["command"].as_str().unwrap_or("");
        vec![shlex::split(text)
            .unwrap_or_else(|| text.split_whitespace().map(str::to_string).collect())]
    } else {
        analysed
    };
    let keys: Vec<String> = commands
        .iter()
        .map(|argv| program_and_subcommand(argv))
        .filter(|k| !k.is_empty())
        .take(4)
        .collect();
    if keys.is_empty() {
        "Bash (empty)".to_string()
    } else {
        keys.join(" && ")
    }
}

/// `git push origin main` → `git push`; `rm -rf x` → `rm`; `FOO=1 make deploy` → `make deploy`.
fn program_and_subcommand(argv: &[String]) -> String {
    let mut words = argv
        .iter()
        .skip_while(|w| w.contains('=') && !w.starts_with('-') && !w.starts_with('/'));
    let Some(program) = words.next() else {
        return String::new();
    };
    let program = program.rsplit('/').next().unwrap_or(program);
    let sub = words.next().filter(|w| {
        !w.is_empty()
            && w.len() <= 32
            && !w.starts_with('-')
            && w.chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | ':' | '.'))
            && w.chars().any(|c| c.is_ascii_alphabetic())
    });
    match sub {
        Some(s) => format!("{program} {s}"),
        None => program.to_string(),
    }
}

fn print(text: &str) {
    use std::io::Write as _;
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes());
    if !text.ends_with('\n') {
        let _ = out.write_all(b"\n");
    }
    let _ = out.flush();
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests;
