//! Real multi-process test of the audit log: this test binary re-executes itself as many
//! writer processes (selected by `GATEHOOK_AUDIT_CHILD`) that append to one directory at
//! once with a tiny `max_bytes`, so rotation happens under contention. Then the parent
//! checks that nothing was lost, torn, duplicated or reordered, and that files stay bounded.

#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a panic is the failure report

use gatehook::audit::{append, read_all, rotated_name, AuditSettings, LOG_NAME};
use serde_json::json;
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use std::{env, fs, thread};

const CHILD_ENV: &str = "GATEHOOK_AUDIT_CHILD";
const WRITERS: u64 = 16;
const APPENDS: u64 = 300;
const MAX_BYTES: u64 = 20_000;

fn child_settings(dir: &Path, keep: u32) -> AuditSettings {
    AuditSettings {
        dir: dir.to_path_buf(),
        max_bytes: MAX_BYTES,
        keep,
        // Correctness under contention is the point here, not the production deadline.
        lock_timeout: Duration::from_secs(60),
    }
}

/// The record writer `w` appends as its `seq`th line; its size varies with `seq`.
fn record(w: u64, seq: u64) -> serde_json::Value {
    json!({"writer": w, "seq": seq, "pad": "p".repeat((seq % 97) as usize)})
}

fn max_record_len() -> u64 {
    (0..97)
        .map(|s| serde_json::to_vec(&record(WRITERS, 1000 + s)).map_or(0, |v| v.len() as u64 + 1))
        .max()
        .unwrap_or(0)
}

/// Runs only inside a child process: `GATEHOOK_AUDIT_CHILD=<dir>|<keep>|<writer>`.
#[test]
fn child_writer() {
    let Ok(spec) = env::var(CHILD_ENV) else {
        return; // an ordinary test run: nothing to do
    };
    let parts: Vec<&str> = spec.split('|').collect();
    let dir = PathBuf::from(parts[0]);
    let keep: u32 = parts[1].parse().unwrap();
    let writer: u64 = parts[2].parse().unwrap();
    let settings = child_settings(&dir, keep);
    // Start together so the writers really overlap.
    let go = dir.with_extension("go");
    let deadline = Instant::now() + Duration::from_secs(30);
    while !go.exists() && Instant::now() < deadline {
        thread::sleep(Duration::from_millis(1));
    }
    for seq in 0..APPENDS {
        append(&settings, &record(writer, seq)).unwrap();
    }
}

/// Start `WRITERS` copies of this binary appending to `root/state`, and wait for them.
fn run_writers(root: &Path, keep: u32) -> PathBuf {
    let dir = root.join("state");
    let exe = env::current_exe().unwrap();
    let children: Vec<_> = (0..WRITERS)
        .map(|w| {
            Command::new(&exe)
                .args(["child_writer", "--exact", "--nocapture", "--test-threads=1"])
                .env(CHILD_ENV, format!("{}|{keep}|{w}", dir.display()))
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    fs::write(dir.with_extension("go"), "").unwrap();
    for child in children {
        let out = child.wait_with_output().unwrap();
        assert!(
            out.status.success(),
            "writer failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    dir
}

/// Every log file: each line parses and no file exceeds `max_bytes` plus one record.
fn check_files(dir: &Path, keep: u32) -> usize {
    let bound = MAX_BYTES + max_record_len();
    let mut lines = 0;
    for name in (1..=keep).map(rotated_name).chain([LOG_NAME.to_string()]) {
        let Ok(text) = fs::read_to_string(dir.join(&name)) else {
            continue;
        };
        assert!(
            text.len() as u64 <= bound,
            "{name} has {} bytes > {bound}",
            text.len()
        );
        assert!(
            text.is_empty() || text.ends_with('\n'),
            "{name} ends mid-line"
        );
        for line in text.lines() {
            serde_json::from_str::<serde_json::Value>(line)
                .unwrap_or_else(|e| panic!("{name}: bad line {line:?}: {e}"));
            lines += 1;
        }
    }
    assert!(
        !dir.join(rotated_name(keep + 1)).exists(),
        "more than {keep} rotated files"
    );
    lines
}

/// (writer, seq) pairs are unique and each writer's records appear in the order written.
fn check_ids(records: &[serde_json::Value]) -> HashSet<(u64, u64)> {
    let mut seen = HashSet::new();
    let mut last: HashMap<u64, u64> = HashMap::new();
    for r in records {
        let id = (r["writer"].as_u64().unwrap(), r["seq"].as_u64().unwrap());
        assert!(seen.insert(id), "duplicate record {id:?}");
        if let Some(prev) = last.insert(id.0, id.1) {
            assert!(
                id.1 > prev,
                "writer {} out of order: {} after {prev}",
                id.0,
                id.1
            );
        }
    }
    seen
}

#[test]
fn sixteen_processes_lose_nothing_across_rotations() {
    let tmp = tempfile::tempdir().unwrap();
    let keep = 1000;
    let dir = run_writers(tmp.path(), keep);
    let lines = check_files(&dir, keep);
    let (records, skipped) = read_all(&dir, keep).unwrap();
    assert_eq!(skipped, 0);
    assert_eq!(lines, (WRITERS * APPENDS) as usize);
    assert_eq!(check_ids(&records).len(), (WRITERS * APPENDS) as usize);
    assert!(
        dir.join(rotated_name(5)).exists(),
        "the test should rotate many times"
    );
}

#[test]
fn sixteen_processes_with_small_keep_stay_bounded() {
    let tmp = tempfile::tempdir().unwrap();
    let keep = 3;
    let dir = run_writers(tmp.path(), keep);
    let lines = check_files(&dir, keep);
    let (records, skipped) = read_all(&dir, keep).unwrap();
    assert_eq!(skipped, 0);
    assert_eq!(records.len(), lines);
    assert!(lines > 0 && lines < (WRITERS * APPENDS) as usize);
    let ids = check_ids(&records);
    // Rotation drops only the oldest files, so what survives of each writer is a suffix
    // of what it wrote: from some seq up to its last one, with no gaps.
    for w in 0..WRITERS {
        let seqs: Vec<u64> = (0..APPENDS).filter(|&s| ids.contains(&(w, s))).collect();
        if let Some(&first) = seqs.first() {
            assert_eq!(
                seqs,
                (first..APPENDS).collect::<Vec<_>>(),
                "writer {w} has gaps"
            );
        }
    }
}
