//! `gatehook audit tail`: the last records, one readable line each, and `--follow` to keep
//! printing new ones as hooks append them (the follower reads across rotations).

use super::{clean, field, summary, ts, Filter, Log};
use chrono::{DateTime, Utc};
use serde_json::Value;
use std::io::Write as _;
use std::time::Duration;

/// How often `--follow` looks for new lines.
const POLL: Duration = Duration::from_millis(250);

pub fn run(
    n: usize,
    follow: bool,
    session: Option<&str>,
    json: bool,
    now: DateTime<Utc>,
) -> anyhow::Result<()> {
    let filter = Filter::new(None, session.map(str::to_string), now)?;
    let (Log { records, skipped }, mut follower) = if follow {
        let (log, f) = Log::load_and_follow()?;
        (log, Some(f))
    } else {
        (Log::load()?, None)
    };
    let kept = filter.apply(&records);
    let start = kept.len().saturating_sub(n);
    let mut out = std::io::stdout().lock();
    if !write_all(&mut out, &kept[start..], json) {
        return Ok(());
    }
    note_skipped(skipped);
    if kept.is_empty() && !json && !follow {
        let _ = writeln!(out, "no audit records");
    }
    let Some(follower) = follower.as_mut() else {
        return Ok(());
    };
    loop {
        std::thread::sleep(POLL);
        let (new, skipped) = follower.poll().map_err(|e| anyhow::anyhow!("{e}"))?;
        note_skipped(skipped);
        let new: Vec<&Value> = new.iter().filter(|r| filter.keeps(r)).collect();
        // A closed stdout (`| head`) ends the follow quietly.
        if !write_all(&mut out, &new, json) {
            return Ok(());
        }
    }
}

fn note_skipped(skipped: usize) {
    if skipped > 0 {
        eprintln!("gatehook audit tail: skipped {skipped} unreadable line(s)");
    }
}

/// Write the records; false when stdout is gone.
fn write_all(out: &mut impl std::io::Write, records: &[&Value], json: bool) -> bool {
    for rec in records {
        let line = if json { json_line(rec) } else { line(rec) };
        if writeln!(out, "{line}").is_err() {
            return false;
        }
    }
    out.flush().is_ok()
}

/// `2026-11-30 05:09:05  ask    reviewer  reviewer-ask          Bash   git push origin main`
pub fn line(rec: &Value) -> String {
    let time = match ts(rec) {
        Some(t) => t.format("%Y-%m-%d %H:%M:%S").to_string(),
        None => clean(field(rec, "ts"), 19),
    };
    format!(
        "{time:<19}  {:<5}  {:<8}  {:<22}  {:<8}  {}",
        clean(field(rec, "decision"), 5),
        clean(field(rec, "gate"), 8),
        clean(field(rec, "cause"), 22),
        clean(field(rec, "tool"), 40),
        summary(rec, 120)
    )
}

/// The stored record as one JSON line, with every control or invisible character inside
/// its strings escaped (serde_json leaves C1 controls and bidi overrides raw, and a
/// terminal would act on them).
pub fn json_line(rec: &Value) -> String {
    let text = rec.to_string();
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        if ch.is_control() || crate::decision::cause::is_invisible_format(ch) {
            // Outside strings compact JSON has no such characters, so this is inside one.
            let mut buf = [0u16; 2];
            for unit in ch.encode_utf16(&mut buf) {
                out.push_str(&format!("\\u{unit:04x}"));
            }
        } else {
            out.push(ch);
        }
    }
    out
}
