//! Whole-process latency of `gatehook hook` against the spawn floor, measured alternately
//! in one run. Usage (see scripts/bench.sh):
//!   bench_spawn GATEHOOK_BIN FLOOR_BIN [ITERATIONS]
//! Each case pipes a PreToolUse payload into a fresh process; the floor program reads
//! stdin and prints JSON. Prints the median and p90 of each, and their ratio.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use serde_json::json;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn run_once(
    bin: &Path,
    args: &[&str],
    payload: &[u8],
    env: &[(&str, &Path)],
    cwd: &Path,
) -> Duration {
    let t = Instant::now();
    let mut c = Command::new(bin);
    c.args(args)
        .current_dir(cwd)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    for (k, v) in env {
        c.env(k, v);
    }
    let mut child = c.spawn().expect("spawn");
    child.stdin.take().unwrap().write_all(payload).unwrap();
    let out = child.wait_with_output().unwrap();
    let d = t.elapsed();
    assert!(out.status.success(), "{} failed", bin.display());
    d
}

fn pct(v: &mut [Duration], p: f64) -> f64 {
    v.sort();
    let i = ((v.len() as f64 - 1.0) * p).round() as usize;
    v[i].as_secs_f64() * 1e6
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 3 {
        eprintln!("usage: bench_spawn GATEHOOK_BIN FLOOR_BIN [ITERATIONS]");
        std::process::exit(2);
    }
    let gatehook = &std::fs::canonicalize(&args[1]).expect("gatehook binary");
    let floor = &std::fs::canonicalize(&args[2]).expect("floor binary");
    let n: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(300);

    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().canonicalize().unwrap();
    let (home, ws, gh) = (root.join("home"), root.join("ws"), root.join("gh"));
    std::fs::create_dir_all(ws.join(".git")).unwrap();
    std::fs::create_dir_all(ws.join("src")).unwrap();
    std::fs::create_dir_all(&home).unwrap();
    std::fs::write(ws.join("src/main.rs"), "fn main() {}\n").unwrap();
    let managed = root.join("managed.toml");
    let env: Vec<(&str, &Path)> = vec![
        ("HOME", &home),
        ("GATEHOOK_HOME", &gh),
        ("GATEHOOK_MANAGED_CONFIG", &managed),
    ];

    let cases = [
        (
            "fast-path Read in the workspace",
            "Read",
            json!({"file_path": ws.join("src/main.rs")}),
        ),
        (
            "routine Bash: git status && git diff --stat",
            "Bash",
            json!({"command": "git status && git diff --stat"}),
        ),
    ];
    println!("{n} alternating runs per case; microseconds (median / p90)");
    for (name, tool, input) in cases {
        let payload =
            json!({"session_id": "bench", "transcript_path": root.join("t.jsonl"), "cwd": ws,
            "permission_mode": "default", "hook_event_name": "PreToolUse", "tool_name": tool,
            "tool_input": input, "tool_use_id": "toolu_bench"})
            .to_string();
        let (mut g, mut f) = (Vec::with_capacity(n), Vec::with_capacity(n));
        for _ in 0..10 {
            run_once(gatehook, &["hook"], payload.as_bytes(), &env, &ws);
            run_once(floor, &[], payload.as_bytes(), &env, &ws);
        }
        for _ in 0..n {
            g.push(run_once(gatehook, &["hook"], payload.as_bytes(), &env, &ws));
            f.push(run_once(floor, &[], payload.as_bytes(), &env, &ws));
        }
        let (gm, g90) = (pct(&mut g, 0.5), pct(&mut g, 0.9));
        let (fm, f90) = (pct(&mut f, 0.5), pct(&mut f, 0.9));
        println!(
            "{name:48} gatehook {gm:7.0} / {g90:7.0}   floor {fm:7.0} / {f90:7.0}   ratio (median) {:.2}",
            gm / fm
        );
    }
}
