//! Many `gatehook hook` processes at once, as Claude Code's parallel tool calls run them:
//! every decision is logged as one whole line, none lost, across rotations.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use serde_json::Value;
use std::io::Write;
use std::process::Stdio;
use support::Env;

#[test]
fn sixteen_hook_processes_append_under_tiny_rotation() {
    let env = Env::new();
    env.config("[audit]\nmax_bytes = 4000\nkeep = 100\n");
    let procs = 16;
    let per = 12;
    let mut children = Vec::new();
    for p in 0..procs {
        for i in 0..per {
            let mut payload = env.payload("Read", env.expand(r#"{"file_path":"$WS/src/main.rs"}"#));
            payload["session_id"] = Value::String(format!("proc-{p}"));
            payload["tool_use_id"] = Value::String(format!("toolu-{p}-{i}"));
            let mut cmd = env.command(&["hook"]);
            cmd.stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped());
            let mut child = cmd.spawn().unwrap();
            child
                .stdin
                .take()
                .unwrap()
                .write_all(payload.to_string().as_bytes())
                .unwrap();
            children.push(child);
        }
    }
    for c in children {
        let o = c.wait_with_output().unwrap();
        assert!(o.status.success());
        assert!(String::from_utf8_lossy(&o.stdout).contains("\"allow\""));
        assert!(
            o.stderr.is_empty(),
            "{}",
            String::from_utf8_lossy(&o.stderr)
        );
    }
    let (records, skipped) = gatehook::audit::read_all(&env.gh, 100).unwrap();
    assert_eq!(skipped, 0);
    assert_eq!(records.len(), procs * per);
    let mut ids: Vec<String> = records
        .iter()
        .map(|r| r["tool_use_id"].as_str().unwrap().to_string())
        .collect();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), procs * per, "every call logged exactly once");
    let rotated = std::fs::read_dir(&env.gh)
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .file_name()
                .to_string_lossy()
                .starts_with("audit.jsonl.")
        })
        .count();
    assert!(rotated > 0, "the tiny max_bytes must have rotated the log");
}
