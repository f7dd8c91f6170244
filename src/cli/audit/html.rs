//! `gatehook audit report --html FILE`: one self-contained page (inline CSS and SVG, no
//! script, no font, no network; a Content-Security-Policy forbids them anyway) with the
//! headline numbers, decisions over time, a latency histogram, gates and causes, the most
//! asked and denied calls and the latest refusals.
//!
//! NOTE: everything taken from the log is hostile (an agent wrote the command text) and
//! reaches the page only through `esc(&clean(..))`: escaped for HTML text and attributes,
//! with control and bidi characters made visible.

use super::stats::{fmt_us, percentile, Stats};
use super::svg::{self, Series};
use super::{clean, field, summary, ts};
use chrono::{DateTime, Duration, DurationRound, Utc};
use serde_json::Value;
use std::fmt::Write as _;

const DECISIONS: [Series; 4] = [
    Series {
        name: "allow",
        color: "#2f9e62",
    },
    Series {
        name: "ask",
        color: "#e3a008",
    },
    Series {
        name: "deny",
        color: "#d64545",
    },
    Series {
        name: "none",
        color: "#9aa5b1",
    },
];

/// Escape for HTML text and (double- or single-quoted) attribute values.
pub fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 8);
    for ch in s.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// Log text for the page: cleaned (visible escapes, one line, cut) and escaped.
fn t(s: &str, max: usize) -> String {
    esc(&clean(s, max))
}

pub fn page(records: &[&Value], skipped: usize, scope: &str, now: DateTime<Utc>) -> String {
    let st = Stats::of(records, skipped);
    let mut h = String::with_capacity(64 * 1024);
    h.push_str(concat!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">",
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; img-src data:\">",
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">",
        "<title>gatehook audit report</title><style>",
        include_str!("report.css"),
        "</style></head><body><main>"
    ));
    let period = match (st.first, st.last) {
        (Some(a), Some(b)) => format!(
            "{} – {}",
            a.format("%Y-%m-%d %H:%M"),
            b.format("%Y-%m-%d %H:%M UTC")
        ),
        _ => "no dated records".to_string(),
    };
    let _ = write!(
        h,
        "<header><h1>gatehook audit report</h1><p class=\"sub\">{} · {} · generated {}</p></header>",
        esc(scope),
        esc(&period),
        now.format("%Y-%m-%d %H:%M UTC")
    );
    if st.total == 0 {
        h.push_str(
            "<section class=\"card\"><p id=\"empty\">No audit records in this range.</p></section>",
        );
    } else {
        headline(&mut h, &st);
        over_time(&mut h, records);
        latency(&mut h, &st);
        breakdown(&mut h, &st);
        tops(&mut h, &st);
        refusals(&mut h, records);
    }
    if skipped > 0 {
        let _ = write!(
            h,
            "<p class=\"note\" id=\"skipped\">{skipped} unreadable line(s) in the log were skipped.</p>"
        );
    }
    h.push_str("<footer>Strings from the log are shown escaped; control and bidi characters appear as \\u{…}.</footer></main></body></html>\n");
    h
}

fn headline(h: &mut String, st: &Stats) {
    let pct = |n: usize| {
        if st.total == 0 {
            0.0
        } else {
            n as f64 * 100.0 / st.total as f64
        }
    };
    let count = |d: &str| Stats::count(&st.by_decision, d);
    let cards = [
        ("records", st.total.to_string(), String::new(), ""),
        (
            "allowed",
            format!("{:.1}%", pct(count("allow"))),
            format!("{} calls", count("allow")),
            "allow",
        ),
        (
            "asked",
            count("ask").to_string(),
            format!("{:.1}%", pct(count("ask"))),
            "ask",
        ),
        (
            "denied",
            count("deny").to_string(),
            format!("{:.1}%", pct(count("deny"))),
            "deny",
        ),
        (
            "fast path",
            format!("{:.1}%", st.fastpath_share() * 100.0),
            format!("{} calls", st.fastpath),
            "",
        ),
        (
            "latency p50",
            fmt_us(percentile(&st.latency_us, 50)),
            format!("p95 {}", fmt_us(percentile(&st.latency_us, 95))),
            "",
        ),
        (
            "reviewer calls",
            st.review_ms.len().to_string(),
            format!(
                "p50 {} · p95 {} · {} cached",
                fmt_us(percentile(&st.review_ms, 50).map(|m| m * 1000)),
                fmt_us(percentile(&st.review_ms, 95).map(|m| m * 1000)),
                st.review_cache_hits
            ),
            "",
        ),
    ];
    h.push_str("<section class=\"kpis\" id=\"headline\">");
    for (label, value, sub, class) in cards {
        let _ = write!(
            h,
            "<div class=\"kpi {class}\"><div class=\"kl\">{label}</div><div class=\"kv\">{}</div><div class=\"ks\">{}</div></div>",
            esc(&value),
            esc(&sub)
        );
    }
    h.push_str("</section>");
}

fn over_time(h: &mut String, records: &[&Value]) {
    let times: Vec<DateTime<Utc>> = records.iter().filter_map(|r| ts(r)).collect();
    let (Some(first), Some(last)) = (times.iter().min(), times.iter().max()) else {
        return;
    };
    let hourly = *last - *first <= Duration::hours(48);
    let step = if hourly {
        Duration::hours(1)
    } else {
        Duration::days(1)
    };
    // At most 120 bars: the most recent ones.
    let last_b = last.duration_trunc(step).unwrap_or(*last);
    let mut first_b = first.duration_trunc(step).unwrap_or(*first);
    if (last_b - first_b).num_seconds() / step.num_seconds() >= 120 {
        first_b = last_b - step * 119;
    }
    let n = ((last_b - first_b).num_seconds() / step.num_seconds()) as usize + 1;
    let mut buckets: Vec<(String, Vec<usize>)> = (0..n)
        .map(|i| {
            let at = first_b + step * i as i32;
            let label = if hourly {
                at.format("%d %H:00").to_string()
            } else {
                at.format("%m-%d").to_string()
            };
            (label, vec![0; DECISIONS.len()])
        })
        .collect();
    for rec in records {
        let Some(at) = ts(rec) else { continue };
        if at < first_b {
            continue;
        }
        let i = ((at - first_b).num_seconds() / step.num_seconds()) as usize;
        let k = DECISIONS
            .iter()
            .position(|s| s.name == field(rec, "decision"))
            .unwrap_or(DECISIONS.len() - 1);
        if let Some(b) = buckets.get_mut(i) {
            b.1[k] += 1;
        }
    }
    let unit = if hourly { "hour" } else { "day" };
    let title = format!("Decisions per {unit} (UTC)");
    // Allows dwarf the rest: the refusals get a chart of their own.
    let refusals: Vec<(String, Vec<usize>)> = buckets
        .iter()
        .map(|(l, c)| (l.clone(), vec![c[1], c[2]]))
        .collect();
    let _ = write!(
        h,
        "<section class=\"card\" id=\"over-time\"><h2>{title}</h2>{}<h2 class=\"later\">Asks and denials per {unit}</h2>{}</section>",
        svg::stacked_bars(&buckets, &DECISIONS, &title, 240.0),
        svg::stacked_bars(&refusals, &DECISIONS[1..3], &format!("Asks and denials per {unit}"), 170.0)
    );
}

/// Histogram bins of the decision latency, in µs: [lower, upper).
const BINS: [(u64, &str); 12] = [
    (0, "<0.5ms"),
    (500, "0.5–1ms"),
    (1_000, "1–2ms"),
    (2_000, "2–5ms"),
    (5_000, "5–10ms"),
    (10_000, "10–20ms"),
    (20_000, "20–50ms"),
    (50_000, "50–100ms"),
    (100_000, "0.1–0.5s"),
    (500_000, "0.5–1s"),
    (1_000_000, "1–5s"),
    (5_000_000, "≥5s"),
];

fn latency(h: &mut String, st: &Stats) {
    let mut bins: Vec<(String, usize)> = BINS.iter().map(|(_, l)| (l.to_string(), 0)).collect();
    for us in &st.latency_us {
        let i = BINS.iter().rposition(|(lo, _)| us >= lo).unwrap_or(0);
        bins[i].1 += 1;
    }
    let _ = write!(
        h,
        "<section class=\"card\" id=\"latency\"><h2>Decision latency</h2><p class=\"sub\">Whole hook, including any reviewer call · p50 {} · p95 {} · max {}</p>{}</section>",
        fmt_us(percentile(&st.latency_us, 50)),
        fmt_us(percentile(&st.latency_us, 95)),
        fmt_us(st.latency_us.last().copied()),
        svg::histogram(&bins, "#3b6fd8", "Decision latency histogram")
    );
}

fn breakdown(h: &mut String, st: &Stats) {
    let color_of_gate = |g: &str| match g {
        "fastpath" => "#2f9e62",
        "rule" => "#3b6fd8",
        "floor" => "#7c4dcc",
        "reviewer" | "cache" => "#0f8a9d",
        "hold" | "paused" => "#e3a008",
        "error" => "#d64545",
        _ => "#9aa5b1",
    };
    let gates: Vec<(String, usize, &str)> = st
        .by_gate
        .iter()
        .map(|(g, c)| (g.clone(), *c, color_of_gate(g)))
        .collect();
    let causes: Vec<(String, usize, &str)> = st
        .by_cause
        .iter()
        .take(14)
        .map(|(g, c)| (g.clone(), *c, "#5b6b7f"))
        .collect();
    let _ = write!(
        h,
        "<div class=\"two\"><section class=\"card\" id=\"gates\"><h2>Gates</h2><p class=\"sub\">Which stage settled each call</p>{}</section><section class=\"card\" id=\"causes\"><h2>Causes</h2><p class=\"sub\">Why ({} distinct)</p>{}</section></div>",
        svg::hbars(&gates, "Calls by gate"),
        st.by_cause.len(),
        svg::hbars(&causes, "Calls by cause")
    );
}

fn tops(h: &mut String, st: &Stats) {
    let table = |h: &mut String, id: &str, title: &str, rows: &[(String, usize)], class: &str| {
        let _ = write!(h, "<section class=\"card\" id=\"{id}\"><h2>{title}</h2>");
        if rows.is_empty() {
            h.push_str("<p class=\"sub\">none</p></section>");
            return;
        }
        let max = rows.iter().map(|r| r.1).max().unwrap_or(1).max(1);
        h.push_str("<table><thead><tr><th>call</th><th class=\"n\">count</th></tr></thead><tbody>");
        for (k, c) in rows {
            let _ = write!(
                h,
                "<tr><td><code>{}</code><div class=\"bar {class}\" style=\"width:{:.0}%\"></div></td><td class=\"n\">{c}</td></tr>",
                t(k, 120),
                (*c as f64 * 100.0 / max as f64).max(1.0)
            );
        }
        h.push_str("</tbody></table></section>");
    };
    h.push_str("<div class=\"two\">");
    table(h, "top-asked", "Most asked", &st.top_asked, "ask");
    table(h, "top-denied", "Most denied", &st.top_denied, "deny");
    h.push_str("</div>");
}

fn refusals(h: &mut String, records: &[&Value]) {
    let latest: Vec<&&Value> = records
        .iter()
        .rev()
        .filter(|r| matches!(field(r, "decision"), "deny" | "ask"))
        .take(15)
        .collect();
    if latest.is_empty() {
        return;
    }
    h.push_str("<section class=\"card\" id=\"refusals\"><h2>Latest refusals</h2><table><thead><tr><th>time (UTC)</th><th>decision</th><th>cause</th><th>tool</th><th>call</th></tr></thead><tbody>");
    for rec in latest {
        let time = ts(rec).map_or_else(
            || t(field(rec, "ts"), 24),
            |x| x.format("%m-%d %H:%M:%S").to_string(),
        );
        let d = field(rec, "decision");
        let _ = write!(
            h,
            "<tr><td class=\"nw\">{time}</td><td><span class=\"pill {}\">{}</span></td><td>{}</td><td>{}</td><td><code>{}</code></td></tr>",
            if d == "deny" { "deny" } else { "ask" },
            t(d, 5),
            t(field(rec, "cause"), 40),
            t(field(rec, "tool"), 40),
            esc(&summary(rec, 160)),
        );
    }
    h.push_str("</tbody></table></section>");
}
