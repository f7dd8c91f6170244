//! Whole-process latency of `gatehook hook` against the spawn floor, measured alternately
//! in one run. Usage (see scripts/bench.sh):
//!   bench_spawn GATEHOOK_BIN FLOOR_BIN [ITERATIONS] [PEER_JS]
//! Each case pipes a PreToolUse payload into a fresh process; the floor program reads
//! stdin and prints JSON. Prints the median and p90 of each, their ratio, and gatehook's
//! peak RSS. gatehook runs in auto mode against a reviewer on loopback (a thread of this
//! process that answers at once). With PEER_JS (cc-safety-net's CLI script, installed from
//! npm by scripts/bench.sh) the peer hook is measured on the same Bash cases, alternating
//! with the same floor.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

struct Target<'a> {
    bin: &'a Path,
    args: Vec<String>,
}

fn run_once(t: &Target, payload: &[u8], env: &[(&str, &Path)], cwd: &Path) -> Duration {
    let start = Instant::now();
    let mut c = Command::new(t.bin);
    c.args(&t.args)
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
    let d = start.elapsed();
    assert!(out.status.success(), "{} failed", t.bin.display());
    d
}

/// The gate of the last record in the audit log.
fn last_gate(audit: &Path) -> String {
    let text = std::fs::read_to_string(audit).expect("audit log");
    let last = text.lines().last().expect("an audit record");
    let v: Value = serde_json::from_str(last).expect("a JSON record");
    v["gate"].as_str().unwrap_or_default().to_string()
}

fn pct(v: &mut [Duration], p: f64) -> f64 {
    v.sort();
    let i = ((v.len() as f64 - 1.0) * p).round() as usize;
    v[i].as_secs_f64() * 1e6
}

/// A reviewer that allows at once, citing the person's first message (OpenAI format).
fn start_reviewer() -> u16 {
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = l.local_addr().unwrap().port();
    std::thread::spawn(move || {
        for s in l.incoming().flatten() {
            let mut r = BufReader::new(s.try_clone().unwrap());
            let mut len = 0usize;
            loop {
                let mut h = String::new();
                if r.read_line(&mut h).unwrap_or(0) == 0 || h.trim().is_empty() {
                    break;
                }
                if let Some(v) = h.to_ascii_lowercase().strip_prefix("content-length:") {
                    len = v.trim().parse().unwrap_or(0);
                }
            }
            let mut body = vec![0; len];
            let _ = r.read_exact(&mut body);
            let verdict = json!({"decision": "allow", "risk": "low", "reason": "asked for",
                                 "kind": null, "evidence": ["m1"]})
            .to_string();
            let text = json!({"id": "c", "object": "chat.completion", "model": "bench",
                "choices": [{"index": 0, "finish_reason": "stop",
                             "message": {"role": "assistant", "content": verdict}}]})
            .to_string();
            let mut w = s;
            let _ = write!(
                w,
                "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{text}",
                text.len()
            );
        }
    });
    port
}

/// Peak resident set of one `gatehook hook` run, in KiB (GNU time's %M), if available.
fn peak_rss(bin: &Path, payload: &[u8], env: &[(&str, &Path)], cwd: &Path) -> Option<u64> {
    let time = Path::new("/usr/bin/time");
    if !time.exists() {
        return None;
    }
    let mut c = Command::new(time);
    c.args(["-f", "%M"])
        .arg(bin)
        .arg("hook")
        .current_dir(cwd)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    for (k, v) in env {
        c.env(k, v);
    }
    let mut child = c.spawn().ok()?;
    child.stdin.take()?.write_all(payload).ok()?;
    let out = child.wait_with_output().ok()?;
    String::from_utf8_lossy(&out.stderr)
        .lines()
        .last()?
        .trim()
        .parse()
        .ok()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 3 {
        eprintln!("usage: bench_spawn GATEHOOK_BIN FLOOR_BIN [ITERATIONS] [PEER_JS]");
        std::process::exit(2);
    }
    let gatehook_bin = std::fs::canonicalize(&args[1]).expect("gatehook binary");
    let floor_bin = std::fs::canonicalize(&args[2]).expect("floor binary");
    let n: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(300);
    let peer_js: Option<PathBuf> = args.get(4).map(|p| std::fs::canonicalize(p).expect("peer"));
    let node = PathBuf::from("/usr/bin/env");

    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().canonicalize().unwrap();
    let (home, ws, gh) = (root.join("home"), root.join("ws"), root.join("gh"));
    std::fs::create_dir_all(ws.join(".git")).unwrap();
    std::fs::create_dir_all(ws.join("src")).unwrap();
    std::fs::create_dir_all(&home).unwrap();
    std::fs::create_dir_all(&gh).unwrap();
    std::fs::write(ws.join("src/main.rs"), "fn main() {}\n").unwrap();
    let port = start_reviewer();
    std::fs::write(
        gh.join("config.toml"),
        format!(
            "mode = \"auto\"\n[reviewer]\nprovider = \"openai\"\n\
             url = \"http://127.0.0.1:{port}/v1/chat/completions\"\nmodel = \"bench\"\n\
             timeout_ms = 5000\n[permissions]\nallow = [\"Bash(make deploy-staging)\"]\n"
        ),
    )
    .unwrap();
    let managed = root.join("managed.toml");
    let env: Vec<(&str, &Path)> = vec![
        ("HOME", &home),
        ("GATEHOOK_HOME", &gh),
        ("GATEHOOK_MANAGED_CONFIG", &managed),
    ];
    let gatehook = Target {
        bin: &gatehook_bin,
        args: vec!["hook".into()],
    };
    let floor = Target {
        bin: &floor_bin,
        args: vec![],
    };
    let payload = |tool: &str, input: &Value| {
        json!({"session_id": "bench", "transcript_path": root.join("t.jsonl"), "cwd": ws,
               "permission_mode": "default", "hook_event_name": "PreToolUse",
               "tool_name": tool, "tool_input": input, "tool_use_id": "toolu_bench",
               "prompt_id": "p1"})
        .to_string()
    };
    // The person's words, so reviews can be grounded.
    let prompt = json!({"session_id": "bench", "cwd": ws, "hook_event_name": "UserPromptSubmit",
                        "prompt_id": "p1", "prompt": "please run acme-tidy --check"})
    .to_string();
    run_once(&gatehook, prompt.as_bytes(), &env, &ws);

    /// How a case's payload changes per iteration.
    enum Vary {
        Fixed,
        /// A new argument each time, so the reviewer's cache never answers.
        UniqueArg,
    }
    // Each case with the gate that must decide it (checked in the audit log before timing,
    // so a case that stops measuring what it names fails instead). `acme-tidy` is a program
    // no catalogue knows: auto mode sends it to the reviewer.
    let cases: Vec<(&str, &str, Value, Vary, &str)> = vec![
        (
            "fast-path Read in the workspace",
            "Read",
            json!({"file_path": ws.join("src/main.rs")}),
            Vary::Fixed,
            "fastpath",
        ),
        (
            "routine Bash: git status && git diff --stat",
            "Bash",
            json!({"command": "git status && git diff --stat"}),
            Vary::Fixed,
            "fastpath",
        ),
        (
            "allow-rule hit: make deploy-staging",
            "Bash",
            json!({"command": "make deploy-staging"}),
            Vary::Fixed,
            "rule",
        ),
        (
            "cached review: acme-tidy --check",
            "Bash",
            json!({"command": "acme-tidy --check"}),
            Vary::Fixed,
            "cache",
        ),
        (
            "review, loopback reviewer answering at once",
            "Bash",
            json!({"command": "acme-tidy --check --run"}),
            Vary::UniqueArg,
            "reviewer",
        ),
    ];
    println!("{n} alternating runs per case; microseconds (median / p90)");
    let mut counter = 0usize;
    let mut next_payload = |tool: &str, input: &Value, vary: &Vary| match vary {
        Vary::Fixed => payload(tool, input),
        Vary::UniqueArg => {
            counter += 1;
            let cmd = format!("{} {counter}", input["command"].as_str().unwrap());
            payload(tool, &json!({ "command": cmd }))
        }
    };
    let audit = gh.join("audit.jsonl");
    for (name, tool, input, vary, gate) in &cases {
        let (mut g, mut f) = (Vec::with_capacity(n), Vec::with_capacity(n));
        // Twice before the warm-up (a cached review needs a first review), then the gate of
        // the last call must be the one the case names.
        for _ in 0..2 {
            run_once(
                &gatehook,
                next_payload(tool, input, vary).as_bytes(),
                &env,
                &ws,
            );
        }
        let got = last_gate(&audit);
        assert_eq!(got, *gate, "{name}: decided by the {got} gate, not {gate}");
        for _ in 0..10 {
            let p = next_payload(tool, input, vary);
            run_once(&gatehook, p.as_bytes(), &env, &ws);
            run_once(&floor, p.as_bytes(), &env, &ws);
        }
        for _ in 0..n {
            let p = next_payload(tool, input, vary);
            g.push(run_once(&gatehook, p.as_bytes(), &env, &ws));
            f.push(run_once(&floor, p.as_bytes(), &env, &ws));
        }
        let (gm, g90) = (pct(&mut g, 0.5), pct(&mut g, 0.9));
        let (fm, f90) = (pct(&mut f, 0.5), pct(&mut f, 0.9));
        let rss = peak_rss(
            &gatehook_bin,
            next_payload(tool, input, vary).as_bytes(),
            &env,
            &ws,
        )
        .map(|k| format!("   peak RSS {k} KiB"))
        .unwrap_or_default();
        println!(
            "{name:48} gatehook {gm:7.0} / {g90:7.0}   floor {fm:7.0} / {f90:7.0}   ratio (median) {:.2}{rss}",
            gm / fm
        );
    }

    let Some(js) = peer_js else {
        return;
    };
    let peer = Target {
        bin: &node,
        args: vec![
            "node".into(),
            js.display().to_string(),
            "hook".into(),
            "--claude-code".into(),
        ],
    };
    for (name, cmd) in [
        (
            "peer cc-safety-net: git status && git diff --stat",
            "git status && git diff --stat",
        ),
        ("peer cc-safety-net: rm -rf ~ (blocked)", "rm -rf ~"),
    ] {
        let p = payload("Bash", &json!({ "command": cmd }));
        let (mut g, mut f) = (Vec::with_capacity(n), Vec::with_capacity(n));
        for _ in 0..5 {
            run_once(&peer, p.as_bytes(), &env, &ws);
        }
        for _ in 0..n {
            g.push(run_once(&peer, p.as_bytes(), &env, &ws));
            f.push(run_once(&floor, p.as_bytes(), &env, &ws));
        }
        let (gm, g90) = (pct(&mut g, 0.5), pct(&mut g, 0.9));
        let (fm, f90) = (pct(&mut f, 0.5), pct(&mut f, 0.9));
        println!(
            "{name:48} peer     {gm:7.0} / {g90:7.0}   floor {fm:7.0} / {f90:7.0}   ratio (median) {:.2}",
            gm / fm
        );
    }
}
