//! In-process decision time per call over the labelled corpora in `../shared/eval/`
//! (routine, destructive, adversarial and redteam):
//! `gatehook::context::prepare` once, then `Prepared::evaluate` + `gatehook::review::unreviewed` for every call (guard
//! mode, as the hook runs it, including its session-state reads). Each call is timed
//! `ROUNDS` times after a warm-up pass; the per-call median is kept, and the median, p90,
//! p99 and max over the calls are printed per corpus and overall.
//! Usage: bench_corpus [EVAL_DIR] (default ../shared/eval). See scripts/bench.sh.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use gatehook::context::Env;
use gatehook::input::PermissionMode;
use gatehook::policy::engine::Call;
use serde_json::{Map, Value};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

const ROUNDS: usize = 5;

fn write(p: &Path, text: &str) {
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(p, text).unwrap();
}

fn pct(v: &[Duration], p: f64) -> f64 {
    let i = ((v.len() as f64 - 1.0) * p).round() as usize;
    v[i].as_secs_f64() * 1e6
}

fn main() {
    let dir = std::env::args()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/eval"));
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().canonicalize().unwrap();
    let (ws, home, gh) = (root.join("ws"), root.join("home"), root.join("gh"));
    std::fs::create_dir_all(ws.join(".git")).unwrap();
    write(&ws.join("src/main.rs"), "fn main() {}\n");
    write(
        &home.join(".ssh/id_rsa"),
        "-----BEGIN OPENSSH PRIVATE KEY-----\n",
    );
    write(&gh.join("config.toml"), "mode = \"guard\"\n");
    // NOTE: set before any evaluation, in this single-threaded process.
    std::env::set_var("GATEHOOK_HOME", &gh);
    std::env::set_var("GATEHOOK_MANAGED_CONFIG", root.join("managed.toml"));
    let env = Env {
        home: Some(home.clone()),
        claude_project_dir: Some(ws.display().to_string()),
    };
    let prepared = gatehook::context::prepare(&ws, &env).expect("prepare");

    let mut all = Vec::new();
    let mut slowest: Vec<(Duration, String)> = Vec::new();
    println!("per-call median of {ROUNDS} runs; microseconds over the calls");
    println!(
        "{:22} {:>6} {:>8} {:>8} {:>8} {:>9}",
        "corpus", "calls", "median", "p90", "p99", "max"
    );
    for corpus in [
        "routine.jsonl",
        "destructive.jsonl",
        "adversarial.jsonl",
        "redteam.jsonl",
    ] {
        let Ok(text) = std::fs::read_to_string(dir.join(corpus)) else {
            eprintln!("bench_corpus: {} is missing", dir.join(corpus).display());
            std::process::exit(2);
        };
        let mut calls: Vec<(String, Map<String, Value>, String)> = Vec::new();
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let it: Value = serde_json::from_str(line).unwrap();
            let (tool, input) = match it.get("command") {
                Some(c) => ("Bash".to_string(), serde_json::json!({ "command": c })),
                None => (
                    it["tool_name"].as_str().unwrap().to_string(),
                    it["tool_input"].clone(),
                ),
            };
            let input = serde_json::to_string(&input)
                .unwrap()
                .replace("/workspace/proj", &ws.display().to_string())
                .replace("/home/dev", &home.display().to_string());
            let id = it["id"].as_str().unwrap_or("?").to_string();
            calls.push((tool, serde_json::from_str(&input).unwrap(), id));
        }
        let mut times = Vec::with_capacity(calls.len());
        for (i, (tool, input, id)) in calls.iter().enumerate() {
            let session = format!("bench-{i}");
            let call = Call {
                tool,
                input,
                cwd: &ws,
                permission_mode: PermissionMode::Default,
                session_id: &session,
            };
            let one = || {
                let t = Instant::now();
                let ev = prepared.evaluate(&call);
                std::hint::black_box(gatehook::review::unreviewed(&ev, &prepared.config).decision);
                t.elapsed()
            };
            one();
            let mut runs: Vec<Duration> = (0..ROUNDS).map(|_| one()).collect();
            runs.sort();
            times.push(runs[ROUNDS / 2]);
            slowest.push((runs[ROUNDS / 2], id.clone()));
        }
        times.sort();
        println!(
            "{corpus:22} {:>6} {:>8.1} {:>8.1} {:>8.1} {:>9.1}",
            times.len(),
            pct(&times, 0.5),
            pct(&times, 0.9),
            pct(&times, 0.99),
            pct(&times, 1.0)
        );
        all.extend(times);
    }
    all.sort();
    println!(
        "{:22} {:>6} {:>8.1} {:>8.1} {:>8.1} {:>9.1}",
        "all",
        all.len(),
        pct(&all, 0.5),
        pct(&all, 0.9),
        pct(&all, 0.99),
        pct(&all, 1.0)
    );
    slowest.sort();
    let top: Vec<String> = slowest
        .iter()
        .rev()
        .take(3)
        .map(|(d, id)| format!("{id} {:.0} µs", d.as_secs_f64() * 1e6))
        .collect();
    println!("slowest: {}", top.join(", "));
}
