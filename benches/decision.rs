//! In-process costs (criterion): one evaluation of typical calls, and how the cost grows
//! with the command's length, the transcript's length (incremental reads keep it flat) and
//! the audit log's size (appends keep it flat). Run: `cargo bench --bench decision`
//! (`scripts/bench.sh` runs it with the whole-process benchmark).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use criterion::{criterion_group, criterion_main, BatchSize, BenchmarkId, Criterion};
use gatehook::audit::{self, AuditSettings};
use gatehook::context::Env;
use gatehook::context::Prepared;
use gatehook::input::PermissionMode;
use gatehook::policy::engine::Call;
use gatehook::review::owner::{self, TranscriptState};
use serde_json::{json, Map, Value};
use std::hint::black_box;
use std::io::Write;
use std::path::{Path, PathBuf};

struct Fixture {
    _tmp: tempfile::TempDir,
    ws: PathBuf,
    prepared: Prepared,
}

fn fixture() -> Fixture {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().canonicalize().unwrap();
    let (ws, home, gh) = (root.join("ws"), root.join("home"), root.join("gh"));
    std::fs::create_dir_all(ws.join(".git")).unwrap();
    std::fs::create_dir_all(ws.join("src")).unwrap();
    std::fs::create_dir_all(home.join(".ssh")).unwrap();
    std::fs::create_dir_all(&gh).unwrap();
    std::fs::write(ws.join("src/main.rs"), "fn main() {}\n").unwrap();
    std::fs::write(gh.join("config.toml"), "mode = \"guard\"\n").unwrap();
    // NOTE: set once, before any evaluation, in this single-threaded bench process.
    std::env::set_var("GATEHOOK_HOME", &gh);
    std::env::set_var("GATEHOOK_MANAGED_CONFIG", root.join("managed.toml"));
    let env = Env {
        home: Some(home),
        claude_project_dir: Some(ws.display().to_string()),
    };
    let prepared = gatehook::context::prepare(&ws, &env).expect("prepare");
    Fixture {
        _tmp: tmp,
        ws,
        prepared,
    }
}

fn evaluate(f: &Fixture, tool: &str, input: &Map<String, Value>) -> bool {
    let call = Call {
        tool,
        input,
        cwd: &f.ws,
        permission_mode: PermissionMode::Default,
        session_id: "bench",
    };
    let ev = f.prepared.evaluate(&call);
    gatehook::review::unreviewed(&ev, &f.prepared.config)
        .decision
        .is_some()
}

fn obj(v: Value) -> Map<String, Value> {
    v.as_object().unwrap().clone()
}

fn typical(c: &mut Criterion) {
    let f = fixture();
    let main_rs = f.ws.join("src/main.rs");
    let cases = [
        ("read", "Read", json!({"file_path": main_rs})),
        (
            "edit",
            "Edit",
            json!({"file_path": main_rs, "old_string": "a", "new_string": "b"}),
        ),
        ("git_status", "Bash", json!({"command": "git status"})),
        (
            "compound",
            "Bash",
            json!({"command": "git status && git diff --stat | head -20"}),
        ),
        (
            "grammar",
            "Bash",
            json!({"command": "for f in src/*.rs; do wc -l \"$f\"; done"}),
        ),
        ("rm_rf_home", "Bash", json!({"command": "rm -rf ~"})),
    ];
    let mut g = c.benchmark_group("evaluate");
    for (name, tool, input) in cases {
        let input = obj(input);
        g.bench_function(name, |b| b.iter(|| black_box(evaluate(&f, tool, &input))));
    }
    g.finish();
}

fn command_length(c: &mut Criterion) {
    let f = fixture();
    let mut g = c.benchmark_group("command_length");
    for words in [4usize, 64, 1024] {
        let cmd = format!(
            "ls {}",
            (0..words)
                .map(|i| format!("src/f{i}.rs"))
                .collect::<Vec<_>>()
                .join(" ")
        );
        let input = obj(json!({ "command": cmd }));
        g.bench_with_input(BenchmarkId::from_parameter(words), &input, |b, input| {
            b.iter(|| black_box(evaluate(&f, "Bash", input)))
        });
    }
    g.finish();
}

fn transcript_line(i: usize) -> String {
    let rec = if i.is_multiple_of(3) {
        json!({"type": "user", "uuid": format!("u{i}"), "message": {"role": "user", "content": format!("please fix bug {i}")}})
    } else {
        json!({"type": "assistant", "uuid": format!("a{i}"), "message": {"role": "assistant",
               "content": [{"type": "text", "text": "x".repeat(400)}]}})
    };
    format!("{rec}\n")
}

/// One new line read after `lines` already read: the incremental read must not grow.
fn transcript_length(c: &mut Criterion) {
    let tmp = tempfile::tempdir().unwrap();
    let mut g = c.benchmark_group("transcript_incremental");
    for lines in [100usize, 10_000, 100_000] {
        let path = tmp.path().join(format!("t{lines}.jsonl"));
        let mut file = std::fs::File::create(&path).unwrap();
        for i in 0..lines {
            file.write_all(transcript_line(i).as_bytes()).unwrap();
        }
        let mut base = TranscriptState::default();
        // Reads are capped per call: catch up with the whole file first.
        while owner::read_transcript(&path, &mut base) {}
        let last = transcript_line(lines);
        file.write_all(last.as_bytes()).unwrap();
        g.bench_with_input(BenchmarkId::from_parameter(lines), &path, |b, path| {
            // The state is copied outside the measurement: only the read is timed.
            b.iter_batched(
                || base.clone(),
                |mut st| black_box(owner::read_transcript(path, &mut st)),
                BatchSize::SmallInput,
            )
        });
    }
    g.finish();
}

fn audit_size(c: &mut Criterion) {
    let mut g = c.benchmark_group("audit_append");
    let record = json!({"ts": "2026-11-30T00:00:00Z", "session_id": "bench", "tool": "Bash",
                        "decision": "allow", "cause": "routine-command", "gate": "fastpath",
                        "input": {"command": "git status"}, "latency_us": 100});
    for mb in [0u64, 1, 4] {
        let tmp = tempfile::tempdir().unwrap();
        let dir: &Path = tmp.path();
        let settings = AuditSettings {
            dir: dir.to_path_buf(),
            // Never rotate during the measurement.
            max_bytes: 1 << 40,
            keep: 1,
            lock_timeout: std::time::Duration::from_secs(2),
        };
        let line = format!("{record}\n");
        let mut text = String::new();
        while (text.len() as u64) < mb * 1024 * 1024 {
            text.push_str(&line);
        }
        std::fs::create_dir_all(dir).unwrap();
        std::fs::write(dir.join("audit.jsonl"), &text).unwrap();
        g.bench_with_input(
            BenchmarkId::from_parameter(format!("{mb}MiB")),
            &settings,
            |b, s| b.iter(|| audit::append(s, &record).unwrap()),
        );
    }
    g.finish();
}

criterion_group!(
    benches,
    typical,
    command_length,
    transcript_length,
    audit_size
);
criterion_main!(benches);
