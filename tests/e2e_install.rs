//! End to end: `gatehook install --project` run over a project whose settings register
//! gatehook by an older command, then the real Claude Code binary (offline, scripted model)
//! must load what install wrote: a workspace Read runs, a `.env` write is refused with
//! gatehook's reason, the person's prompt is recorded (UserPromptSubmit), and every
//! registered event is in the file once. The registration is the portable command (gatehook
//! on PATH): with gatehook on PATH a workspace write in `acceptEdits` lands; on a machine
//! where gatehook is missing the same write must not. Needs Claude Code (see
//! `tests/e2e_claude.rs`).
#![allow(clippy::unwrap_used, clippy::expect_used, dead_code)]

mod e2e_support;

use e2e_support::claude::{self, Project};
use e2e_support::model_server::{tool_result_text, ModelServer, Reply};
use serde_json::{json, Value};
use std::ffi::OsString;
use std::path::Path;
use std::process::Command;

/// `dir` + the test's own PATH, where `dir` holds a `gatehook` that is this build.
fn path_with_gatehook(dir: &Path) -> OsString {
    std::fs::create_dir_all(dir).unwrap();
    let link = dir.join("gatehook");
    if !link.exists() {
        std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_gatehook"), &link).unwrap();
    }
    let mut dirs = vec![dir.to_path_buf()];
    dirs.extend(std::env::split_paths(
        &std::env::var_os("PATH").unwrap_or_default(),
    ));
    std::env::join_paths(dirs).unwrap()
}

/// The test's PATH without any directory that holds a `gatehook`.
fn path_without_gatehook() -> OsString {
    let dirs: Vec<_> = std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())
        .filter(|d| !d.join("gatehook").exists())
        .collect();
    std::env::join_paths(dirs).unwrap()
}

#[test]
fn installed_registration_gates_real_claude_code() {
    let Some(bin) = claude::claude_bin() else {
        return;
    };
    let gatehook = env!("CARGO_BIN_EXE_gatehook");
    // The project starts with an older registration (a bare `gatehook hook`, which fails
    // open where gatehook is missing): install must rewrite it in place with the portable
    // command.
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
        assert_eq!(cmd, gatehook::cli::install::PORTABLE_COMMAND, "{event}");
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
    let path = path_with_gatehook(&project.tmp.path().join("bin"));
    let run = claude::run_claude_with(
        &bin,
        &project,
        &server.base_url(),
        "look at main.rs",
        "default",
        &[],
        Some(&path),
    );
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

/// In `acceptEdits` Claude Code writes a workspace file without asking, so only the hook
/// stands between the call and the file: with gatehook on PATH the write lands (gatehook
/// allows it). With gatehook missing the portable command exits 2: the person's prompt is
/// refused with its message before the model is asked (UserPromptSubmit), and with only the
/// PreToolUse handler the write is refused with the same message and does not land.
#[test]
fn installed_registration_fails_closed_where_gatehook_is_missing() {
    let Some(bin) = claude::claude_bin() else {
        return;
    };
    let project = Project::new("gatehook hook");
    let o = Command::new(env!("CARGO_BIN_EXE_gatehook"))
        .args(["install", "--project"])
        .current_dir(&project.dir)
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", &project.home)
        .env("GATEHOOK_HOME", &project.gatehook_home)
        .output()
        .unwrap();
    assert!(o.status.success(), "install failed: {o:?}");
    let settings_path = project.dir.join(".claude/settings.json");
    let installed: Value =
        serde_json::from_str(&std::fs::read_to_string(&settings_path).unwrap()).unwrap();
    let message = "gatehook: not found on PATH; refusing this tool call";

    let write = |file: &Path, path: OsString| {
        let mut server = ModelServer::start(vec![
            Reply::tool_use(
                "toolu_w1",
                "Write",
                json!({"file_path": file, "content": "fn f() {}\n"}),
            ),
            Reply::text("done"),
        ]);
        let run = claude::run_claude_with(
            &bin,
            &project,
            &server.base_url(),
            "add a file",
            "acceptEdits",
            &[],
            Some(&path),
        );
        server.shutdown();
        let ctx = format!(
            "\n{}--- model server ---\n{}",
            run.report(),
            server.report()
        );
        assert!(run.success, "claude failed{ctx}");
        (run, server, ctx)
    };

    // gatehook on PATH: it allows the workspace write, which lands.
    let landed = project.dir.join("src/landed.rs");
    let (_, _, ctx) = write(&landed, path_with_gatehook(&project.tmp.path().join("bin")));
    assert!(landed.exists(), "the allowed write did not land{ctx}");

    // gatehook missing: the prompt itself is refused with the message; nothing runs.
    let blocked = project.dir.join("src/blocked.rs");
    let (run, server, ctx) = write(&blocked, path_without_gatehook());
    assert!(!blocked.exists(), "the write ran without gatehook{ctx}");
    assert!(run.stdout.contains(message), "{ctx}");
    assert!(
        server.main_requests().is_empty(),
        "the model was asked{ctx}"
    );

    // Only the PreToolUse handler install wrote: the write is refused with the message.
    let pre_only = json!({"hooks": {"PreToolUse": installed["hooks"]["PreToolUse"].clone()}});
    std::fs::write(&settings_path, pre_only.to_string()).unwrap();
    let (_, server, ctx) = write(&blocked, path_without_gatehook());
    assert!(!blocked.exists(), "the write ran without gatehook{ctx}");
    let r = server
        .tool_result("toolu_w1")
        .unwrap_or_else(|| panic!("no tool_result for the blocked write{ctx}"));
    assert!(tool_result_text(&r).contains(message), "{r}{ctx}");
}
