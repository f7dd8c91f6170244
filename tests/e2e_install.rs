//! End to end: `gatehook install --project` run over a project whose settings register
//! gatehook by an older command, then the real Claude Code binary (offline, scripted model)
//! must load what install wrote: a workspace Read runs, a `.env` write is refused with
//! gatehook's reason, the person's prompt is recorded (UserPromptSubmit), and every
//! registered event is in the file once. Needs Claude Code (see `tests/e2e_claude.rs`).
#![allow(clippy::unwrap_used, clippy::expect_used, dead_code)]

mod e2e_support;

use e2e_support::claude::{self, Project};
use e2e_support::model_server::{tool_result_text, ModelServer, Reply};
use serde_json::{json, Value};
use std::process::Command;

#[test]
fn installed_registration_gates_real_claude_code() {
    let Some(bin) = claude::claude_bin() else {
        return;
    };
    let gatehook = env!("CARGO_BIN_EXE_gatehook");
    // The project starts with an older registration (a bare `gatehook hook` on PATH that
    // does not exist here): install must rewrite it in place with its absolute path.
    let project = Project::new("gatehook hook");
    let o = Command::new(gatehook)
        .args(["install", "--project"])
        .current_dir(&project.dir)
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", &project.home)
        .env("GATEHOOK_HOME", &project.gatehook_home)
        .output()
        .unwrap();
    assert!(o.status.success(), "install failed: {o:?}");
    let settings: Value = serde_json::from_str(
        &std::fs::read_to_string(project.dir.join(".claude/settings.json")).unwrap(),
    )
    .unwrap();
    for event in [
        "PreToolUse",
        "PermissionRequest",
        "UserPromptSubmit",
        "SubagentStop",
        "PostToolUse",
    ] {
        let groups = settings["hooks"][event].as_array().unwrap();
        assert_eq!(groups.len(), 1, "{event}: {settings}");
        let cmd = groups[0]["hooks"][0]["command"].as_str().unwrap();
        assert!(
            cmd.starts_with('/') && cmd.ends_with("gatehook hook"),
            "{cmd}"
        );
    }

    let main_rs = project.dir.join("src/main.rs");
    std::fs::write(&main_rs, "fn main() {}\n").unwrap();
    let env_file = project.dir.join(".env");
    let mut server = ModelServer::start(vec![
        Reply::tool_use("toolu_i1", "Read", json!({"file_path": main_rs})),
        Reply::tool_use(
            "toolu_i2",
            "Write",
            json!({"file_path": env_file, "content": "K=v\n"}),
        ),
        Reply::text("done"),
    ]);
    let run = claude::run_claude(&bin, &project, &server.base_url(), "look at main.rs");
    server.shutdown();
    let audit =
        std::fs::read_to_string(project.gatehook_home.join("audit.jsonl")).unwrap_or_default();
    let ctx = format!(
        "\n{}--- model server ---\n{}--- audit ---\n{audit}",
        run.report(),
        server.report()
    );
    assert!(run.success, "claude failed{ctx}");
    assert!(!env_file.exists(), ".env was written{ctx}");
    let r = server
        .tool_result("toolu_i2")
        .unwrap_or_else(|| panic!("no tool_result for the .env write{ctx}"));
    assert!(
        tool_result_text(&r).contains("[protected-path]"),
        "{r}{ctx}"
    );
    let decisions: Vec<(String, String)> = audit
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|r| r["event"] == json!("PreToolUse"))
        .map(|r| {
            (
                r["tool"].as_str().unwrap_or_default().to_string(),
                r["decision"].as_str().unwrap_or_default().to_string(),
            )
        })
        .collect();
    assert_eq!(
        decisions,
        [
            ("Read".into(), "allow".into()),
            ("Write".into(), "ask".into())
        ],
        "{ctx}"
    );
    // UserPromptSubmit reached gatehook: the person's words are in the session state.
    let state = project.gatehook_home.join("state");
    let recorded = std::fs::read_dir(&state)
        .map(|rd| {
            rd.filter_map(Result::ok).any(|e| {
                std::fs::read_to_string(e.path().join("prompts.jsonl"))
                    .is_ok_and(|t| t.contains("look at main.rs"))
            })
        })
        .unwrap_or(false);
    assert!(recorded, "the prompt was not recorded{ctx}");
}
