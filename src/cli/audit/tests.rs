use super::html::esc;
use super::stats::{percentile, Stats};
use super::*;
use crate::audit::{append, read_for_follow, AuditSettings};
use serde_json::json;

fn at(s: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
}

#[test]
fn since_takes_durations_and_times() {
    let now = at("2026-11-30T12:00:00Z");
    assert_eq!(parse_since("90m", now).unwrap(), at("2026-11-30T10:30:00Z"));
    assert_eq!(parse_since("24h", now).unwrap(), at("2026-11-29T12:00:00Z"));
    assert_eq!(parse_since("7d", now).unwrap(), at("2026-11-23T12:00:00Z"));
    assert_eq!(parse_since("2w", now).unwrap(), at("2026-11-16T12:00:00Z"));
    assert_eq!(
        parse_since("2026-11-01T00:00:00+01:00", now).unwrap(),
        at("2026-10-31T23:00:00Z")
    );
    for bad in ["", "h", "12", "3y", "-5h", "99999999999999999999d", "1e3s"] {
        assert!(parse_since(bad, now).is_err(), "{bad:?}");
    }
    // Overflowing chrono's range is an error, not a panic.
    assert!(parse_since("999999999999w", now).is_err());
}

#[test]
fn filter_by_session_and_time_drops_undated_records() {
    let now = at("2026-11-30T12:00:00Z");
    let f = Filter::new(Some("1h"), Some("s1".into()), now).unwrap();
    assert!(f.keeps(&json!({"ts": "2026-11-30T11:30:00Z", "session_id": "s1"})));
    assert!(!f.keeps(&json!({"ts": "2026-11-30T10:30:00Z", "session_id": "s1"})));
    assert!(!f.keeps(&json!({"ts": "2026-11-30T11:30:00Z", "session_id": "s2"})));
    assert!(!f.keeps(&json!({"ts": "yesterday", "session_id": "s1"})));
    assert!(!f.keeps(&json!({"session_id": "s1"})));
}

#[test]
fn clean_makes_controls_and_bidi_visible() {
    assert_eq!(clean("a\u{1b}[31mb", 80), "a\\u{001b}[31mb");
    assert_eq!(clean("x\u{202e}y\u{200b}z", 80), "x\\u{202e}y\\u{200b}z");
    assert_eq!(clean("a\n\tb   c", 80), "a b c");
    assert_eq!(clean("\u{9b}31m", 80), "\\u{009b}31m");
    assert_eq!(clean(&"x".repeat(500), 10).chars().count(), 11);
}

#[test]
fn esc_escapes_every_html_special() {
    assert_eq!(
        esc(r#"<script>"a" & 'b'</script>"#),
        "&lt;script&gt;&quot;a&quot; &amp; &#39;b&#39;&lt;/script&gt;"
    );
}

#[test]
fn command_keys_name_program_and_subcommand() {
    let bash = |cmd: &str| json!({"tool": "Bash", "input": {"command": cmd}});
    assert_eq!(command_key(&bash("git push origin main")), "git push");
    assert_eq!(command_key(&bash("rm -rf /tmp/x")), "rm");
    assert_eq!(
        command_key(&bash("FOO=1 make deploy-staging")),
        "make deploy-staging"
    );
    assert_eq!(command_key(&bash("/usr/bin/curl https://x.y/z")), "curl");
    assert_eq!(command_key(&bash("")), "Bash (empty)");
    // The hook's analysis wins over the raw text.
    let analysed = json!({"tool": "Bash", "input": {"command": "cd a && cargo test"},
        "shell": {"commands": [["cd", "a"], ["cargo", "test", "--all"]]}});
    assert_eq!(command_key(&analysed), "cd a && cargo test");
    assert_eq!(
        command_key(&json!({"tool": "Read", "input": {"file_path": "/home/u/.ssh/id_rsa"}})),
        "Read /home/u/.ssh/"
    );
    assert_eq!(
        command_key(&json!({"tool": "WebFetch", "input": {"url": "https://ex.com/a?b"}})),
        "WebFetch ex.com"
    );
    assert_eq!(command_key(&json!({"decision": "deny"})), "(no tool)");
    // Hostile text stays one visible line.
    assert_eq!(command_key(&bash("\u{202e}evil\nx")), "\\u{202e}evil x");
}

#[test]
fn summaries_are_short_and_clean() {
    let r = json!({"tool": "Bash", "input": {"command": "echo\u{1b}]0;pwned\u{7}"}});
    assert_eq!(summary(&r, 80), "echo\\u{001b}]0;pwned\\u{0007}");
    let r = json!({"tool": "mcp__gh__issue", "input": {"n": 1}});
    assert_eq!(summary(&r, 80), r#"{"n":1}"#);
}

#[test]
fn percentiles_use_nearest_rank() {
    let v: Vec<u64> = (1..=100).collect();
    assert_eq!(percentile(&v, 50), Some(50));
    assert_eq!(percentile(&v, 95), Some(95));
    assert_eq!(percentile(&[7], 95), Some(7));
    assert_eq!(percentile(&[], 50), None);
}

#[test]
fn stats_count_gates_causes_and_reviewer_latency() {
    let recs = [
        json!({"decision": "allow", "gate": "fastpath", "cause": "workspace-read", "latency_us": 100}),
        json!({"decision": "allow", "gate": "reviewer", "cause": "reviewer-allow", "latency_us": 900_000,
               "review": {"latency_ms": 880, "cache_hit": false}}),
        json!({"decision": "allow", "gate": "cache", "cause": "reviewer-allow", "latency_us": 300,
               "review": {"latency_ms": 1, "cache_hit": true}}),
        json!({"decision": "deny", "gate": "floor", "cause": "credential", "tool": "Read",
               "input": {"file_path": "/h/.ssh/id_rsa"}}),
        json!({"nothing": "here"}),
    ];
    let refs: Vec<&Value> = recs.iter().collect();
    let s = Stats::of(&refs, 2);
    assert_eq!(s.total, 5);
    assert_eq!(Stats::count(&s.by_decision, "allow"), 3);
    assert_eq!(Stats::count(&s.by_decision, "(none)"), 1);
    assert_eq!(s.fastpath, 1);
    assert_eq!(s.review_ms, vec![880]);
    assert_eq!(s.review_cache_hits, 1);
    assert_eq!(s.latency_us, vec![100, 300, 900_000]);
    assert_eq!(s.top_denied, vec![("Read /h/.ssh/".to_string(), 1)]);
    let j = s.to_json();
    assert_eq!(j["skipped_lines"], 2);
    assert_eq!(j["reviewer"]["latency_ms"]["p50"], 880);
}

fn small_log(dir: &std::path::Path) -> AuditSettings {
    AuditSettings {
        max_bytes: 400,
        keep: 2,
        ..AuditSettings::new(dir)
    }
}

#[test]
fn follower_reads_across_rotation_without_loss_or_repeat() {
    let tmp = tempfile::tempdir().unwrap();
    let s = small_log(&tmp.path().join("gh"));
    let rec = |i: usize| json!({"i": i, "pad": "x".repeat(100)});
    for i in 0..3 {
        append(&s, &rec(i)).unwrap();
    }
    let (records, skipped, mut f) = read_for_follow(&s.dir, s.keep).unwrap();
    assert_eq!((records.len(), skipped), (3, 0));
    let mut seen = Vec::new();
    // Several rotations between two polls (3 records a file, 2 rotated files kept).
    for i in 3..20 {
        append(&s, &rec(i)).unwrap();
        if i % 6 == 0 {
            let (new, skipped) = f.poll().unwrap();
            assert_eq!(skipped, 0);
            seen.extend(new.iter().map(|r| r["i"].as_u64().unwrap()));
        }
    }
    let (new, _) = f.poll().unwrap();
    seen.extend(new.iter().map(|r| r["i"].as_u64().unwrap()));
    assert_eq!(seen, (3..20).collect::<Vec<u64>>());
    assert_eq!(
        f.poll().unwrap(),
        (vec![], 0),
        "nothing new, nothing repeated"
    );
}

#[test]
fn follower_waits_for_a_line_to_end_and_skips_garbage() {
    let tmp = tempfile::tempdir().unwrap();
    let s = small_log(&tmp.path().join("gh"));
    append(&s, &json!({"i": 0})).unwrap();
    let (_, _, mut f) = read_for_follow(&s.dir, s.keep).unwrap();
    let live = s.dir.join(crate::audit::LOG_NAME);
    let mut file = std::fs::OpenOptions::new()
        .append(true)
        .open(&live)
        .unwrap();
    use std::io::Write as _;
    file.write_all(b"{\"i\": 1").unwrap();
    assert_eq!(
        f.poll().unwrap(),
        (vec![], 0),
        "half a line is not a record yet"
    );
    file.write_all(b"}\nnot json\n[1]\n").unwrap();
    let (new, skipped) = f.poll().unwrap();
    assert_eq!(new, vec![json!({"i": 1})]);
    assert_eq!(
        skipped, 2,
        "garbage and a non-object are skipped and counted"
    );
}

#[test]
fn follower_of_a_missing_log_picks_it_up_when_created() {
    let tmp = tempfile::tempdir().unwrap();
    let s = small_log(&tmp.path().join("gh"));
    let (records, _, mut f) = read_for_follow(&s.dir, s.keep).unwrap();
    assert!(records.is_empty());
    assert_eq!(f.poll().unwrap(), (vec![], 0));
    append(&s, &json!({"i": 7})).unwrap();
    assert_eq!(f.poll().unwrap(), (vec![json!({"i": 7})], 0));
}

#[test]
fn follower_that_falls_behind_keep_never_repeats_or_reorders() {
    let tmp = tempfile::tempdir().unwrap();
    let s = small_log(&tmp.path().join("gh"));
    let rec = |i: usize| json!({"i": i, "pad": "x".repeat(100)});
    append(&s, &rec(0)).unwrap();
    let (_, _, mut f) = read_for_follow(&s.dir, s.keep).unwrap();
    // Far more rotations than files kept: the oldest new records are gone for good.
    for i in 1..40 {
        append(&s, &rec(i)).unwrap();
    }
    let (new, skipped) = f.poll().unwrap();
    let seen: Vec<u64> = new.iter().map(|r| r["i"].as_u64().unwrap()).collect();
    assert_eq!(skipped, 0);
    // The rest of the file we held (1, 2), then the kept files in full (33..=39).
    assert_eq!(seen, [1, 2, 33, 34, 35, 36, 37, 38, 39]);
    assert_eq!(f.poll().unwrap(), (vec![], 0));
}
