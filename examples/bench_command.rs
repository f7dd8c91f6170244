//! In-process micro-benchmark of the command floor: parses and judges a fixed list of
//! commands many times and prints the median nanoseconds per command. Run before and after
//! catalogue changes to see that the fast path's cost does not grow with the catalogues:
//! `cargo run --release --example bench_command`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use gatehook::analysis::command::{judge, JudgeCtx};
use gatehook::analysis::shell::{analyze, ShellEnv};
use gatehook::context::baseline::NoBaseline;
use gatehook::context::floor::FloorCtx;
use gatehook::context::paths::Workspace;
use std::time::Instant;

const COMMANDS: &[&str] = &[
    "ls -la src",
    "cat README.md | head -20",
    "git status",
    "git log --oneline -5",
    "grep -rn TODO src",
    "kubectl get pods -n prod",
    "kubectl -n prod delete pod web-1",
    "docker ps -a",
    "aws s3 ls s3://bucket",
    "aws --profile prod s3 rm s3://bucket --recursive",
    "gcloud compute instances list",
    "az vm list",
    "gh pr view 12",
    "terraform plan",
    "helm list -A",
    "npm ls",
    "pip show requests",
    "psql -c 'SELECT 1'",
    "curl -s https://example.com",
    "tar -tzf a.tgz",
    "unzip -l a.zip",
    "rm -rf build",
    "cargo build",
    "echo hi > /dev/null",
];

fn main() {
    let tmp = std::env::temp_dir().join("gatehook-bench");
    let ws = tmp.join("ws");
    let home = tmp.join("home");
    std::fs::create_dir_all(ws.join("src")).unwrap();
    std::fs::create_dir_all(&home).unwrap();
    let floor = FloorCtx {
        home: home.clone(),
        self_paths: vec![tmp.join("gh")],
        project_root: ws.clone(),
        harness: Vec::new(),
        credentials: Vec::new(),
    };
    let workspace = Workspace::new(&ws, &[]);
    let ctx = JudgeCtx {
        home: &home,
        cwd: &ws,
        workspace: &workspace,
        floor: &floor,
        baseline: &NoBaseline,
    };
    let env = ShellEnv::new(home.clone(), ws.clone());
    let rounds: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(200);
    let mut per_cmd = Vec::with_capacity(rounds);
    for _ in 0..rounds {
        let start = Instant::now();
        for c in COMMANDS {
            let a = analyze(c, &env);
            std::hint::black_box(judge(&a, &ctx));
        }
        per_cmd.push(start.elapsed().as_nanos() / COMMANDS.len() as u128);
    }
    per_cmd.sort_unstable();
    println!(
        "{} commands x {rounds} rounds: median {} ns per command (min {}, max {})",
        COMMANDS.len(),
        per_cmd[rounds / 2],
        per_cmd[0],
        per_cmd[rounds - 1]
    );
}
