//! `gatehook audit stats`: what the gate did over a set of records — counts by decision,
//! gate and cause, the fast-path share, decision and reviewer latencies, and the calls
//! most often asked about and denied. The HTML report draws from the same numbers.

use super::{clean, command_key, field, ts};
use chrono::{DateTime, Utc};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::fmt::Write as _;

/// How many entries the "top" lists keep.
const TOP: usize = 10;

/// Counts over a set of records, in descending order of count (then name).
#[derive(Debug, Default)]
pub struct Stats {
    pub total: usize,
    pub skipped: usize,
    pub first: Option<DateTime<Utc>>,
    pub last: Option<DateTime<Utc>>,
    pub by_decision: Vec<(String, usize)>,
    pub by_gate: Vec<(String, usize)>,
    pub by_cause: Vec<(String, usize)>,
    pub fastpath: usize,
    /// Every record's `latency_us` (the whole hook, including any review), sorted.
    pub latency_us: Vec<u64>,
    /// `review.latency_ms` of the reviewer calls that were really made (no cache hit).
    pub review_ms: Vec<u64>,
    pub review_cache_hits: usize,
    pub top_asked: Vec<(String, usize)>,
    pub top_denied: Vec<(String, usize)>,
}

impl Stats {
    pub fn of(records: &[&Value], skipped: usize) -> Stats {
        let mut decision = HashMap::new();
        let mut gate = HashMap::new();
        let mut cause = HashMap::new();
        let mut asked = HashMap::new();
        let mut denied = HashMap::new();
        let mut s = Stats {
            total: records.len(),
            skipped,
            ..Stats::default()
        };
        for rec in records {
            let d = name_of(field(rec, "decision"));
            let g = name_of(field(rec, "gate"));
            *decision.entry(d.clone()).or_insert(0) += 1;
            *gate.entry(g.clone()).or_insert(0) += 1;
            *cause.entry(name_of(field(rec, "cause"))).or_insert(0) += 1;
            if g == "fastpath" {
                s.fastpath += 1;
            }
            match d.as_str() {
                "ask" => *asked.entry(command_key(rec)).or_insert(0) += 1,
                "deny" => *denied.entry(command_key(rec)).or_insert(0) += 1,
                _ => {}
            }
            if let Some(us) = rec["latency_us"].as_u64() {
                s.latency_us.push(us);
            }
            let review = &rec["review"];
            if review.is_object() {
                if review["cache_hit"].as_bool() == Some(true) {
                    s.review_cache_hits += 1;
                } else if g == "reviewer" {
                    if let Some(ms) = review["latency_ms"].as_u64() {
                        s.review_ms.push(ms);
                    }
                }
            }
            if let Some(t) = ts(rec) {
                s.first = Some(s.first.map_or(t, |f| f.min(t)));
                s.last = Some(s.last.map_or(t, |l| l.max(t)));
            }
        }
        s.latency_us.sort_unstable();
        s.review_ms.sort_unstable();
        s.by_decision = ranked(decision, usize::MAX);
        s.by_gate = ranked(gate, usize::MAX);
        s.by_cause = ranked(cause, usize::MAX);
        s.top_asked = ranked(asked, TOP);
        s.top_denied = ranked(denied, TOP);
        s
    }

    pub fn count(list: &[(String, usize)], name: &str) -> usize {
        list.iter().find(|(n, _)| n == name).map_or(0, |(_, c)| *c)
    }

    /// Share of records settled by the fast path, 0.0 when there are none.
    pub fn fastpath_share(&self) -> f64 {
        if self.total == 0 {
            0.0
        } else {
            self.fastpath as f64 / self.total as f64
        }
    }

    pub fn to_json(&self) -> Value {
        let pairs = |l: &[(String, usize)]| -> Value {
            l.iter()
                .map(|(k, v)| json!({"name": k, "count": v}))
                .collect()
        };
        json!({
            "records": self.total,
            "skipped_lines": self.skipped,
            "first": self.first.map(|t| t.to_rfc3339()),
            "last": self.last.map(|t| t.to_rfc3339()),
            "by_decision": pairs(&self.by_decision),
            "by_gate": pairs(&self.by_gate),
            "by_cause": pairs(&self.by_cause),
            "fastpath": {"count": self.fastpath, "share": self.fastpath_share()},
            "latency_us": {
                "count": self.latency_us.len(),
                "p50": percentile(&self.latency_us, 50),
                "p95": percentile(&self.latency_us, 95),
                "max": self.latency_us.last(),
            },
            "reviewer": {
                "calls": self.review_ms.len(),
                "cache_hits": self.review_cache_hits,
                "latency_ms": {
                    "p50": percentile(&self.review_ms, 50),
                    "p95": percentile(&self.review_ms, 95),
                    "max": self.review_ms.last(),
                },
            },
            "top_asked": pairs(&self.top_asked),
            "top_denied": pairs(&self.top_denied),
        })
    }

    pub fn render_text(&self, scope: &str) -> String {
        let mut s = String::new();
        let _ = write!(s, "{} records ({scope})", self.total);
        if let (Some(a), Some(b)) = (self.first, self.last) {
            let _ = write!(
                s,
                ", {} to {}",
                a.format("%Y-%m-%d %H:%M:%S"),
                b.format("%Y-%m-%d %H:%M:%S UTC")
            );
        }
        s.push('\n');
        if self.skipped > 0 {
            let _ = writeln!(s, "{} unreadable line(s) skipped", self.skipped);
        }
        if self.total == 0 {
            return s;
        }
        let list = |s: &mut String, title: &str, l: &[(String, usize)]| {
            let _ = writeln!(s, "\n{title}:");
            for (k, v) in l {
                let _ = writeln!(s, "  {v:>7}  {}", clean(k, 100));
            }
        };
        list(&mut s, "decisions", &self.by_decision);
        list(&mut s, "gates", &self.by_gate);
        list(&mut s, "causes", &self.by_cause);
        let _ = writeln!(
            s,
            "\nfast path: {} of {} ({:.1}%)",
            self.fastpath,
            self.total,
            self.fastpath_share() * 100.0
        );
        let _ = writeln!(
            s,
            "decision latency: p50 {}  p95 {}  max {}",
            fmt_us(percentile(&self.latency_us, 50)),
            fmt_us(percentile(&self.latency_us, 95)),
            fmt_us(self.latency_us.last().copied()),
        );
        let ms = |v: Option<u64>| fmt_us(v.map(|m| m.saturating_mul(1000)));
        let _ = writeln!(
            s,
            "reviewer: {} call(s), {} cache hit(s); latency p50 {}  p95 {}",
            self.review_ms.len(),
            self.review_cache_hits,
            ms(percentile(&self.review_ms, 50)),
            ms(percentile(&self.review_ms, 95)),
        );
        if !self.top_asked.is_empty() {
            list(&mut s, "most asked", &self.top_asked);
        }
        if !self.top_denied.is_empty() {
            list(&mut s, "most denied", &self.top_denied);
        }
        s
    }
}

/// A field value as a count key: missing or empty reads as `(none)`, cut and cleaned.
fn name_of(v: &str) -> String {
    if v.is_empty() {
        "(none)".to_string()
    } else {
        clean(v, 60)
    }
}

fn ranked(map: HashMap<String, usize>, limit: usize) -> Vec<(String, usize)> {
    let mut v: Vec<(String, usize)> = map.into_iter().collect();
    v.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    v.truncate(limit);
    v
}

/// Nearest-rank percentile of sorted values; `None` for none.
pub fn percentile(sorted: &[u64], p: usize) -> Option<u64> {
    if sorted.is_empty() {
        return None;
    }
    let rank = (p * sorted.len()).div_ceil(100).max(1);
    sorted.get(rank - 1).copied()
}

/// 850µs, 12.3ms, 4.20s; "-" for none.
pub fn fmt_us(us: Option<u64>) -> String {
    match us {
        None => "-".to_string(),
        Some(u) if u < 1_000 => format!("{u}µs"),
        Some(u) if u < 1_000_000 => format!("{:.1}ms", u as f64 / 1e3),
        Some(u) => format!("{:.2}s", u as f64 / 1e6),
    }
}
