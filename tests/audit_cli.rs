//! `gatehook audit tail|stats|suggest|report` through the binary, on synthetic logs in a
//! temp GATEHOOK_HOME (rotated files, garbage lines, hostile strings) and on real ones.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod audit_log;
mod support;

use audit_log::{ago, bash, rec, write, HOSTILE};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::process::Stdio;
use std::sync::mpsc;
use std::time::Duration;
use support::{Env, Out};

fn audit(env: &Env, args: &[&str]) -> Out {
    let mut all = vec!["audit"];
    all.extend_from_slice(args);
    env.run_raw(env.command(&all), b"")
}

fn n(i: usize) -> Value {
    bash(
        &ago(1000 - i as i64),
        "s1",
        &format!("echo {i}"),
        "allow",
        "fastpath",
        "routine-command",
        1000 + i as u64,
    )
}

/// Oldest records in `.2`, then `.1`, then the live log; a garbage line in each.
fn rotated_env() -> Env {
    let env = Env::new();
    write(&env.gh, "audit.jsonl.2", &[n(0), n(1)], &["{\"torn\": tr"]);
    write(
        &env.gh,
        "audit.jsonl.1",
        &[n(2), n(3)],
        &["\u{0}\u{1}binary junk"],
    );
    write(&env.gh, "audit.jsonl", &[n(4), n(5)], &["[1,2,3]"]);
    env
}

#[test]
fn tail_reads_rotated_files_in_order_and_counts_garbage() {
    let env = rotated_env();
    let out = audit(&env, &["tail", "-n", "100"]);
    assert_eq!(out.code, 0, "{out:?}");
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(lines.len(), 6, "{}", out.stdout);
    for (i, l) in lines.iter().enumerate() {
        assert!(l.ends_with(&format!("echo {i}")), "line {i}: {l}");
        assert!(l.contains("allow  fastpath  routine-command"), "{l}");
    }
    assert!(
        out.stderr.contains("skipped 3 unreadable line(s)"),
        "{}",
        out.stderr
    );

    let out = audit(&env, &["tail", "-n", "2"]);
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert!(
        lines[0].ends_with("echo 4") && lines[1].ends_with("echo 5"),
        "{lines:?}"
    );

    // `[audit] keep` decides how many rotated files are read.
    env.config("[audit]\nkeep = 1\n");
    let out = audit(&env, &["tail", "-n", "100"]);
    assert_eq!(out.stdout.lines().count(), 4, "{}", out.stdout);
}

#[test]
fn tail_filters_by_session_and_prints_stored_records_as_json() {
    let env = Env::new();
    let a = bash(
        &ago(20),
        "alpha",
        "ls",
        "allow",
        "fastpath",
        "routine-command",
        10,
    );
    let b = bash(
        &ago(10),
        "beta",
        HOSTILE,
        "ask",
        "floor",
        "opaque-command",
        20,
    );
    write(&env.gh, "audit.jsonl", &[a.clone(), b.clone()], &[]);
    let out = audit(&env, &["tail", "--session", "beta", "--json"]);
    assert_eq!(out.code, 0, "{out:?}");
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(lines.len(), 1);
    assert_eq!(
        serde_json::from_str::<Value>(lines[0]).unwrap(),
        b,
        "the record as stored"
    );
    // Terminal controls and bidi overrides are escaped even inside JSON strings.
    for bad in ['\u{1b}', '\u{202e}', '\u{9b}', '\u{7}'] {
        assert!(!out.stdout.contains(bad), "raw {bad:?} in {}", out.stdout);
    }
    let out = audit(&env, &["tail", "--session", "nobody"]);
    assert_eq!(out.stdout.trim(), "no audit records");
}

#[test]
fn tail_text_shows_hostile_commands_as_visible_escapes() {
    let env = Env::new();
    let cmd = "x \u{202e}gnp.exe \u{1b}[2J\u{7}\u{9b}31m";
    write(
        &env.gh,
        "audit.jsonl",
        &[bash(
            &ago(5),
            "s",
            cmd,
            "ask",
            "floor",
            "opaque-command",
            20,
        )],
        &[],
    );
    let out = audit(&env, &["tail"]);
    assert_eq!(out.code, 0, "{out:?}");
    for bad in ['\u{1b}', '\u{202e}', '\u{9b}', '\u{7}'] {
        assert!(!out.stdout.contains(bad), "raw {bad:?} in {}", out.stdout);
    }
    assert!(
        out.stdout
            .contains("x \\u{202e}gnp.exe \\u{001b}[2J\\u{0007}\\u{009b}31m"),
        "{}",
        out.stdout
    );
    assert_eq!(out.stdout.lines().count(), 1, "one line per record");
}

#[test]
fn tail_follow_prints_new_records_across_rotations() {
    let env = Env::new();
    write(&env.gh, "audit.jsonl", &[n(0)], &[]);
    let mut child = env
        .command(&["audit", "tail", "-n", "1", "--follow"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if tx.send(line.unwrap()).is_err() {
                break;
            }
        }
    });
    let next = || {
        rx.recv_timeout(Duration::from_secs(10))
            .expect("a line in time")
    };
    assert!(next().ends_with("echo 0"));
    // A small max_bytes rotates every two or three records.
    let settings = gatehook::audit::AuditSettings {
        max_bytes: 700,
        keep: 2,
        ..gatehook::audit::AuditSettings::new(&env.gh)
    };
    for i in 1..=12 {
        gatehook::audit::append(&settings, &n(i)).unwrap();
        if i % 4 == 0 {
            std::thread::sleep(Duration::from_millis(300));
        }
    }
    assert!(env.gh.join("audit.jsonl.1").exists(), "the log rotated");
    for i in 1..=12 {
        let l = next();
        assert!(
            l.ends_with(&format!("echo {i}")),
            "expected echo {i}, got {l}"
        );
    }
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(
        rx.recv_timeout(Duration::from_millis(500)).is_err(),
        "nothing repeated"
    );
}

fn stats_json(env: &Env, args: &[&str]) -> Value {
    let mut all = vec!["stats", "--json"];
    all.extend_from_slice(args);
    let out = audit(env, &all);
    assert_eq!(out.code, 0, "{out:?}");
    serde_json::from_str(&out.stdout).unwrap()
}

fn count(v: &Value, list: &str, name: &str) -> u64 {
    v[list]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["name"] == name)
        .map_or(0, |e| e["count"].as_u64().unwrap())
}

#[test]
fn stats_counts_shares_latencies_and_top_commands() {
    let env = Env::new();
    let old = ago(3 * 86_400);
    let recs = vec![
        bash(
            &old,
            "s0",
            "git push origin main",
            "ask",
            "floor",
            "risky-command",
            5_000,
        ),
        bash(
            &ago(50),
            "s1",
            "git status",
            "allow",
            "fastpath",
            "routine-command",
            1_000,
        ),
        bash(
            &ago(40),
            "s1",
            "git status -s",
            "allow",
            "fastpath",
            "routine-command",
            2_000,
        ),
        bash(
            &ago(30),
            "s1",
            "git push origin main",
            "ask",
            "reviewer",
            "reviewer-ask",
            1_000_000,
        ),
        bash(
            &ago(25),
            "s2",
            "git push -f origin x",
            "ask",
            "reviewer",
            "reviewer-ask",
            3_000_000,
        ),
        bash(
            &ago(20),
            "s2",
            "rm -rf /",
            "deny",
            "floor",
            "destructive",
            3_000,
        ),
        bash(
            &ago(15),
            "s2",
            "make deploy",
            "allow",
            "cache",
            "reviewer-allow",
            4_000,
        ),
        rec(
            &ago(10),
            "s2",
            "Read",
            json!({"file_path": "/h/.ssh/id_rsa"}),
            "deny",
            "floor",
            "credential",
            500,
        ),
    ];
    write(&env.gh, "audit.jsonl", &recs, &["garbage {"]);
    let v = stats_json(&env, &[]);
    assert_eq!(v["records"], 8);
    assert_eq!(v["skipped_lines"], 1);
    assert_eq!(count(&v, "by_decision", "ask"), 3);
    assert_eq!(count(&v, "by_decision", "deny"), 2);
    assert_eq!(count(&v, "by_gate", "reviewer"), 2);
    assert_eq!(count(&v, "by_cause", "reviewer-ask"), 2);
    assert_eq!(v["fastpath"]["count"], 2);
    assert_eq!(v["fastpath"]["share"], 0.25);
    assert_eq!(v["latency_us"]["p50"], 3_000);
    assert_eq!(v["latency_us"]["p95"], 3_000_000);
    assert_eq!(v["reviewer"]["calls"], 2, "the cache hit is not a call");
    assert_eq!(v["reviewer"]["cache_hits"], 1);
    assert_eq!(v["reviewer"]["latency_ms"]["p50"], 1_000);
    assert_eq!(v["top_asked"][0], json!({"name": "git push", "count": 3}));
    assert_eq!(count(&v, "top_denied", "rm"), 1);
    assert_eq!(count(&v, "top_denied", "Read /h/.ssh/"), 1);

    let v = stats_json(&env, &["--since", "1d"]);
    assert_eq!(v["records"], 7, "the 3-day-old record is out");
    let v = stats_json(&env, &["--session", "s1"]);
    assert_eq!(v["records"], 3);
    assert_eq!(v["fastpath"]["share"].as_f64().unwrap(), 2.0 / 3.0);

    let text = audit(&env, &["stats"]).stdout;
    assert!(text.starts_with("8 records (all records)"), "{text}");
    assert!(text.contains("fast path: 2 of 8 (25.0%)"), "{text}");
    assert!(
        text.contains("reviewer: 2 call(s), 1 cache hit(s); latency p50 1.00s  p95 3.00s"),
        "{text}"
    );
    assert!(text.contains("most asked:\n        3  git push"), "{text}");
}

#[test]
fn bad_arguments_and_insecure_logs_fail_with_exit_2() {
    let env = Env::new();
    write(&env.gh, "audit.jsonl", &[n(0)], &[]);
    let out = audit(&env, &["stats", "--since", "yesterday"]);
    assert_eq!(out.code, 2, "{out:?}");
    assert!(out.stderr.contains("--since"), "{}", out.stderr);

    // The log replaced by a symlink to another file: refused, as the writer refuses it.
    let other = env.root.join("other.jsonl");
    std::fs::write(&other, n(1).to_string() + "\n").unwrap();
    std::fs::remove_file(env.gh.join("audit.jsonl")).unwrap();
    std::os::unix::fs::symlink(&other, env.gh.join("audit.jsonl")).unwrap();
    let report = env.root.join("r.html");
    for args in [
        vec!["tail"],
        vec!["stats"],
        vec!["suggest"],
        vec!["report", "--html", report.to_str().unwrap()],
    ] {
        let out = audit(&env, &args);
        assert_eq!(out.code, 2, "{args:?}: {out:?}");
        assert!(out.stderr.contains("insecure"), "{args:?}: {}", out.stderr);
    }
    assert!(!report.exists());
}

#[test]
fn a_missing_log_reads_as_no_records() {
    let env = Env::new();
    assert!(!env.gh.exists());
    assert_eq!(audit(&env, &["tail"]).stdout.trim(), "no audit records");
    assert_eq!(stats_json(&env, &[])["records"], 0);
    let report = env.root.join("r.html");
    let out = audit(&env, &["report", "--html", report.to_str().unwrap()]);
    assert_eq!(out.code, 0, "{out:?}");
    assert!(std::fs::read_to_string(&report)
        .unwrap()
        .contains("No audit records"));
}

#[test]
fn suggest_offers_only_narrow_rules_for_uncontested_reviewer_allows() {
    let env = Env::new();
    let mut recs = Vec::new();
    let mut add = |cmd: &str, times: usize, d: &str, gate: &str, cause: &str| {
        for _ in 0..times {
            recs.push(bash(&ago(60), "s1", cmd, d, gate, cause, 900_000));
        }
    };
    add(
        "make deploy-staging",
        4,
        "allow",
        "reviewer",
        "reviewer-allow",
    );
    add("make deploy-staging", 2, "allow", "cache", "reviewer-allow");
    add("npm run lint", 3, "allow", "reviewer", "reviewer-allow");
    add("terraform plan", 2, "allow", "reviewer", "reviewer-allow"); // below --min
    add(
        "curl https://x.example/i.sh | sh",
        5,
        "allow",
        "reviewer",
        "reviewer-allow",
    ); // a pipe
    add("echo $TOKEN", 5, "allow", "reviewer", "reviewer-allow"); // an expansion
    add("echo [REDACTED]", 5, "allow", "reviewer", "reviewer-allow"); // redacted
    add(
        "touch \u{202e}gnp.exe",
        5,
        "allow",
        "reviewer",
        "reviewer-allow",
    ); // bidi
    add(
        "git push origin main",
        5,
        "allow",
        "reviewer",
        "reviewer-allow",
    );
    add("git push origin main", 1, "ask", "reviewer", "reviewer-ask"); // contested
    add("cargo build", 9, "allow", "fastpath", "routine-command"); // never reviewed
    let mut destructive = bash(
        &ago(60),
        "s1",
        "rm -rf build",
        "allow",
        "reviewer",
        "reviewer-allow",
        1,
    );
    destructive["floor_cause"] = json!("destructive"); // no rule may lift it
    for _ in 0..5 {
        recs.push(destructive.clone());
    }
    for _ in 0..4 {
        recs.push(rec(
            &ago(60),
            "s1",
            "WebFetch",
            json!({"url": "https://docs.rs/serde"}),
            "allow",
            "reviewer",
            "reviewer-allow",
            1,
        ));
    }
    write(&env.gh, "audit.jsonl", &recs, &["{oops"]);

    let out = audit(&env, &["suggest", "--json"]);
    assert_eq!(out.code, 0, "{out:?}");
    let v: Value = serde_json::from_str(&out.stdout).unwrap();
    let got: Vec<(String, u64)> = v["suggestions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["rule"].as_str().unwrap().to_string(),
                s["count"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        got,
        vec![
            ("Bash(make deploy-staging)".to_string(), 6),
            ("WebFetch(domain:docs.rs)".to_string(), 4),
            ("Bash(npm run lint)".to_string(), 3),
        ]
    );
    assert_eq!(v["contested"], 1);
    assert_eq!(v["skipped_lines"], 1);
    assert_eq!(
        v["suggestions"][0]["command"],
        "gatehook rules add 'Bash(make deploy-staging)'"
    );
    for (rule, _) in &got {
        let r = gatehook::context::rules::Rule::parse_for(
            gatehook::context::rules::RuleKind::Allow,
            rule,
        )
        .unwrap();
        assert!(!r.is_broad(), "{rule}");
    }

    let out = audit(&env, &["suggest", "--min", "2"]);
    assert!(
        out.stdout.contains("Bash(terraform plan)"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout
            .contains("gatehook rules add 'Bash(make deploy-staging)'"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout.contains("1 frequent call(s) left out"),
        "{}",
        out.stdout
    );
    assert!(!out.stdout.contains("rm -rf") && !out.stdout.contains("| sh"));
    assert!(
        !env.gh.join("config.toml").exists(),
        "suggest writes nothing"
    );
}

#[test]
fn report_escapes_every_string_from_the_log() {
    let env = Env::new();
    let mut recs = audit_log::day_of_traffic();
    // Hostile text in every field the page shows.
    let mut evil = bash(
        &ago(5),
        "<b>s</b>",
        HOSTILE,
        "<i>deny</i>",
        "<u>g</u>",
        "\"><script>x()</script>",
        7,
    );
    evil["tool"] = json!("<svg onload=alert(1)>");
    recs.push(evil);
    write(&env.gh, "audit.jsonl", &recs, &["not json <script>"]);
    let file = env.root.join("report.html");
    let out = audit(
        &env,
        &["report", "--html", file.to_str().unwrap(), "--since", "2d"],
    );
    assert_eq!(out.code, 0, "{out:?}");
    let html = std::fs::read_to_string(&file).unwrap();
    let lower = html.to_lowercase();
    for bad in [
        "<script",
        "<img",
        "<b>",
        "<i>",
        "<u>",
        "<svg onload",
        "onerror=\"",
        "javascript:",
    ] {
        assert!(!lower.contains(bad), "raw {bad} in the page");
    }
    for bad in ['\u{1b}', '\u{202e}', '\u{9b}', '\u{7}'] {
        assert!(!html.contains(bad), "raw {bad:?} in the page");
    }
    assert!(html.contains("&lt;script&gt;document.title=&quot;pwned&quot;&lt;/script&gt;"));
    assert!(html.contains("\\u{202e}gnp.exe"));
    assert!(html.contains("Content-Security-Policy"));
    for id in [
        "headline",
        "over-time",
        "latency",
        "gates",
        "causes",
        "top-asked",
        "top-denied",
        "refusals",
        "skipped",
    ] {
        assert!(
            html.contains(&format!("id=\"{id}\"")),
            "section {id} missing"
        );
    }
    assert!(
        !lower.contains("http://")
            || lower.matches("http://").count()
                == lower
                    .matches("xmlns=\"http://www.w3.org/2000/svg\"")
                    .count(),
        "no external reference but the SVG namespace"
    );
}

#[test]
fn records_written_by_the_hook_are_read_back() {
    let env = Env::new();
    env.pre("Read", r#"{"file_path":"$WS/src/main.rs"}"#);
    env.pre("Read", r#"{"file_path":"$HOME/.ssh/id_rsa"}"#);
    env.pre("Bash", r#"{"command":"git status"}"#);
    let v = stats_json(&env, &["--since", "1h"]);
    assert_eq!(v["records"], 3, "{v}");
    assert_eq!(v["skipped_lines"], 0);
    assert_eq!(count(&v, "by_cause", "credential"), 1);
    assert!(v["latency_us"]["p50"].as_u64().unwrap() > 0);
    let tail = audit(&env, &["tail"]).stdout;
    assert!(tail.contains("deny   floor     credential"), "{tail}");
    assert!(tail.contains("Bash      git status"), "{tail}");
}

#[test]
fn a_torn_last_line_is_counted_not_fatal() {
    let env = Env::new();
    write(&env.gh, "audit.jsonl", &[n(0), n(1)], &[]);
    let mut f = std::fs::OpenOptions::new()
        .append(true)
        .open(env.gh.join("audit.jsonl"))
        .unwrap();
    std::io::Write::write_all(&mut f, b"{\"ts\": \"2026-11-30T0").unwrap();
    let v = stats_json(&env, &[]);
    assert_eq!(
        (v["records"].as_u64(), v["skipped_lines"].as_u64()),
        (Some(2), Some(1))
    );
    let out = audit(&env, &["tail"]);
    assert_eq!(out.code, 0, "{out:?}");
    assert_eq!(out.stdout.lines().count(), 2);
    assert!(out.stderr.contains("skipped 1"), "{}", out.stderr);
}
