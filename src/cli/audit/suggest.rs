//! `gatehook audit suggest`: calls the reviewer allowed again and again, as the narrow
//! Claude Code rule that would allow each without a review (the same rule `gatehook
//! denied` offers: an exact command, a file, a host; never a wildcard). Nothing is written:
//! each suggestion comes with the `gatehook rules add` command a person may run.
//!
//! Only exact rules are proposed. A prefix rule (`Bash(make deploy:*)`) would have to be
//! a routine subcommand path, and the calls the reviewer settles are by construction the
//! ones the floor did not find routine.

use super::{clean, field};
use crate::cli::denied::{narrow_rule, shell_quote};
use serde_json::{json, Value};
use std::collections::{BTreeSet, HashMap};
use std::fmt::Write as _;

#[derive(Debug)]
pub struct Suggestion {
    pub rule: String,
    pub count: usize,
    pub sessions: usize,
    pub last: String,
}

pub struct Found {
    pub suggestions: Vec<Suggestion>,
    /// Rules left out because the same call was also asked about or denied.
    pub contested: usize,
}

/// The same call, for telling whether it was ever refused: tool plus exact input.
fn call_key(rec: &Value) -> String {
    format!("{}\u{0}{}", field(rec, "tool"), rec["input"])
}

fn reviewer_allowed(rec: &Value) -> bool {
    field(rec, "decision") == "allow" && matches!(field(rec, "gate"), "reviewer" | "cache")
}

pub fn suggest(records: &[&Value], min: usize) -> Found {
    let refused: BTreeSet<String> = records
        .iter()
        .filter(|r| matches!(field(r, "decision"), "ask" | "deny"))
        .map(|r| call_key(r))
        .collect();
    struct Acc {
        count: usize,
        sessions: BTreeSet<String>,
        last: String,
        contested: bool,
    }
    let mut by_rule: HashMap<String, Acc> = HashMap::new();
    for rec in records.iter().filter(|r| reviewer_allowed(r)) {
        let Some(rule) = narrow_rule(rec) else {
            continue;
        };
        let acc = by_rule.entry(rule).or_insert_with(|| Acc {
            count: 0,
            sessions: BTreeSet::new(),
            last: String::new(),
            contested: false,
        });
        acc.count += 1;
        acc.sessions.insert(field(rec, "session_id").to_string());
        acc.last = field(rec, "ts").to_string();
        acc.contested |= refused.contains(&call_key(rec));
    }
    let mut contested = 0;
    let mut suggestions: Vec<Suggestion> = Vec::new();
    for (rule, acc) in by_rule {
        if acc.count < min {
            continue;
        }
        if acc.contested {
            contested += 1;
            continue;
        }
        suggestions.push(Suggestion {
            rule,
            count: acc.count,
            sessions: acc.sessions.len(),
            last: acc.last,
        });
    }
    suggestions.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.rule.cmp(&b.rule)));
    Found {
        suggestions,
        contested,
    }
}

fn add_command(rule: &str) -> String {
    format!("gatehook rules add {}", shell_quote(rule))
}

pub fn render_text(found: &Found, min: usize, skipped: usize) -> String {
    let mut s = String::new();
    if found.suggestions.is_empty() {
        let _ = writeln!(
            s,
            "no call was allowed by the reviewer at least {min} time(s) that a narrow rule could allow"
        );
    } else {
        let _ = writeln!(
            s,
            "Calls the reviewer allowed at least {min} time(s), as narrow allow rules.\n\
             Nothing is written; to accept one, run the command under it.\n"
        );
        for sg in &found.suggestions {
            let _ = writeln!(
                s,
                "{:>6}x  {}   ({} session(s), last {})",
                sg.count,
                clean(&sg.rule, 200),
                sg.sessions,
                clean(&sg.last, 30)
            );
            let _ = writeln!(s, "         {}", clean(&add_command(&sg.rule), 240));
        }
    }
    if found.contested > 0 {
        let _ = writeln!(
            s,
            "{} frequent call(s) left out: the same call was also asked about or denied",
            found.contested
        );
    }
    if skipped > 0 {
        let _ = writeln!(s, "{skipped} unreadable line(s) skipped");
    }
    s
}

pub fn render_json(found: &Found, min: usize, skipped: usize) -> String {
    let list: Vec<Value> = found
        .suggestions
        .iter()
        .map(|sg| {
            json!({
                "rule": sg.rule,
                "count": sg.count,
                "sessions": sg.sessions,
                "last": sg.last,
                "command": add_command(&sg.rule),
            })
        })
        .collect();
    super::tail::json_line(&json!({
        "min": min,
        "suggestions": list,
        "contested": found.contested,
        "skipped_lines": skipped,
    }))
}
