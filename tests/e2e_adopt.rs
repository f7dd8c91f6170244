//! End to end against the real Claude Code (offline, `-p`, a scripted model on loopback):
//! what users of other gates expect. gatehook's plugin (`plugin/`, loaded with
//! `--plugin-dir`) gates a session with no settings hook at all, and refuses every call when
//! gatehook is not on PATH; and allow-once: an ask carries a code, the person grants it,
//! the retried call (in the resumed session) runs.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod e2e_support;
mod support;

use e2e_support::claude::{self, Project};
use e2e_support::model_server::{tool_result_text, ModelServer, Reply};
use serde_json::{json, Value};
use std::path::Path;

const GATEHOOK: &str = env!("CARGO_BIN_EXE_gatehook");

/// A directory holding `gatehook` (a link to the built binary), for PATH.
fn bin_dir(root: &Path) -> std::path::PathBuf {
    let dir = root.join("bin");
    std::fs::create_dir_all(&dir).unwrap();
    std::os::unix::fs::symlink(GATEHOOK, dir.join("gatehook")).unwrap();
    dir
}

fn path_with(dir: Option<&Path>) -> std::ffi::OsString {
    let rest = std::env::var_os("PATH").unwrap_or_default();
    match dir {
        Some(d) => {
            let mut p = d.as_os_str().to_os_string();
            p.push(":");
            p.push(rest);
            p
        }
        None => rest,
    }
}

fn audit(project: &Project) -> Vec<Value> {
    std::fs::read_to_string(project.gatehook_home.join("audit.jsonl"))
        .unwrap_or_default()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// `claude plugin …` in the project's throwaway HOME, offline.
fn claude_cli(bin: &Path, project: &Project, args: &[&str]) -> std::process::Output {
    std::process::Command::new(bin)
        .args(args)
        .current_dir(&project.dir)
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", &project.home)
        .env("CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC", "1")
        .env("DISABLE_TELEMETRY", "1")
        .env("DISABLE_AUTOUPDATER", "1")
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap()
}

#[test]
fn the_plugin_gates_a_session_that_has_no_settings_hook() {
    let Some(bin) = claude::claude_bin() else {
        return;
    };
    let plugin = Path::new(env!("CARGO_MANIFEST_DIR")).join("plugin");
    rm_home_is_denied(&bin, &["--plugin-dir", plugin.to_str().unwrap()], |_| {});
}

/// The README's marketplace route: `claude plugin marketplace add <repo>` and
/// `claude plugin install gatehook@gatehook`, then a session with no settings hook.
#[test]
fn the_plugin_installed_from_the_repositorys_marketplace_gates_a_session() {
    let Some(bin) = claude::claude_bin() else {
        return;
    };
    let repo = env!("CARGO_MANIFEST_DIR");
    rm_home_is_denied(&bin, &[], |project| {
        for args in [
            vec!["plugin", "marketplace", "add", repo],
            vec!["plugin", "install", "gatehook@gatehook"],
        ] {
            let out = claude_cli(&bin, project, &args);
            assert!(out.status.success(), "claude {args:?}: {out:?}");
        }
    });
}

/// A session whose only gatehook registration is the plugin (`extra` arguments and
/// `setup` put it in place): `rm -rf ~` is denied with gatehook's reason, and the prompt
/// reaches gatehook too.
fn rm_home_is_denied(bin: &Path, extra: &[&str], setup: impl FnOnce(&Project)) {
    let project = Project::new("unused");
    setup(&project);
    // No hook in any settings file: only the plugin registers gatehook.
    std::fs::write(project.dir.join(".claude/settings.json"), "{}\n").unwrap();
    let canary = project.home.join("keep-me.txt");
    std::fs::write(&canary, "still here\n").unwrap();
    let bins = bin_dir(project.tmp.path());
    let mut server = ModelServer::start(vec![
        Reply::tool_use(
            "toolu_rm",
            "Bash",
            json!({"command": "rm -rf ~", "description": "clean"}),
        ),
        Reply::text("done"),
    ]);
    let run = claude::run_claude_with(
        bin,
        &project,
        &server.base_url(),
        "clean up",
        "default",
        extra,
        Some(&path_with(Some(&bins))),
    );
    server.shutdown();
    let ctx = format!("\n{}\n{}", run.report(), server.report());
    assert!(run.success, "claude failed{ctx}");
    assert!(canary.exists(), "rm -rf ~ ran{ctx}");
    let result = server
        .tool_result("toolu_rm")
        .unwrap_or_else(|| panic!("no tool result{ctx}"));
    let text = tool_result_text(&result);
    assert!(
        text.contains("gatehook deny [destructive]"),
        "the model was not told gatehook's reason: {text}{ctx}"
    );
    let records = audit(&project);
    assert!(
        records
            .iter()
            .any(|r| r["event"] == "PreToolUse" && r["cause"] == "destructive"),
        "the plugin's hook did not run gatehook: {records:?}{ctx}"
    );
    // The person's prompt reached gatehook through the plugin's UserPromptSubmit too.
    let session = run.result.as_ref().unwrap()["session_id"]
        .as_str()
        .unwrap()
        .to_string();
    let prompts = project
        .gatehook_home
        .join("state")
        .join(&session)
        .join("prompts.jsonl");
    assert!(
        std::fs::read_to_string(&prompts)
            .unwrap_or_default()
            .contains("clean up"),
        "{}{ctx}",
        prompts.display()
    );
}

#[test]
fn without_gatehook_on_path_the_plugin_refuses_every_call() {
    let Some(bin) = claude::claude_bin() else {
        return;
    };
    let plugin = Path::new(env!("CARGO_MANIFEST_DIR")).join("plugin");
    let project = Project::new("unused");
    std::fs::write(project.dir.join(".claude/settings.json"), "{}\n").unwrap();
    let target = project.dir.join("src/new.txt");
    let mut server = ModelServer::start(vec![
        Reply::tool_use(
            "toolu_w",
            "Write",
            json!({"file_path": target, "content": "x\n"}),
        ),
        Reply::text("done"),
    ]);
    // PATH without gatehook (the test runner's PATH has no gatehook of its own: checked).
    let path = path_with(None);
    let found = std::env::split_paths(&path).any(|d| d.join("gatehook").exists());
    if found {
        eprintln!("SKIPPED: a gatehook is on this machine's PATH");
        return;
    }
    let run = claude::run_claude_with(
        &bin,
        &project,
        &server.base_url(),
        "write a file",
        "default",
        &["--plugin-dir", plugin.to_str().unwrap()],
        Some(&path),
    );
    server.shutdown();
    let ctx = format!("\n{}\n{}", run.report(), server.report());
    assert!(!target.exists(), "the write ran without gatehook{ctx}");
    // Measured (2.1.328): the plugin's UserPromptSubmit handler already exits 2, so Claude
    // Code blocks the prompt itself and no model request, and so no tool call, happens.
    let result = run
        .result
        .as_ref()
        .unwrap_or_else(|| panic!("no result{ctx}"));
    let said = result["result"].as_str().unwrap_or("");
    assert!(
        said.contains("UserPromptSubmit operation blocked by hook")
            && said.contains("gatehook: not found on PATH"),
        "no refusal naming gatehook{ctx}"
    );
    assert!(
        server.main_requests().is_empty(),
        "the model was asked{ctx}"
    );
}

#[test]
fn allow_once_lets_the_retried_call_run_in_real_claude_code() {
    let Some(bin) = claude::claude_bin() else {
        return;
    };
    let command = format!("'{GATEHOOK}' hook");
    let project = Project::new(&command);
    let build = project.dir.join("build");
    std::fs::create_dir_all(&build).unwrap();
    std::fs::write(build.join("out.o"), "x").unwrap();
    let rm = json!({"command": "rm -rf build", "description": "clean the build"});

    // Turn 1: gatehook asks; under -p nobody can answer, so the call does not run and the
    // model is told the reason, with the code.
    let mut server = ModelServer::start(vec![
        Reply::tool_use("toolu_1", "Bash", rm.clone()),
        Reply::text("gatehook asked; you can let it run once"),
    ]);
    let run = claude::run_claude(&bin, &project, &server.base_url(), "clean the build");
    server.shutdown();
    let ctx = format!("\n{}\n{}", run.report(), server.report());
    assert!(run.success, "claude failed{ctx}");
    assert!(build.exists(), "rm -rf build ran before the grant{ctx}");
    let told = tool_result_text(&server.tool_result("toolu_1").unwrap());
    let records = audit(&project);
    let asked = records
        .iter()
        .find(|r| r["decision"] == "ask" && r["tool"] == "Bash")
        .unwrap_or_else(|| panic!("no ask in the audit: {records:?}{ctx}"));
    let code = asked["allow_once"]["code"].as_str().unwrap().to_string();
    assert!(
        told.contains(&format!("gatehook allow-once {code}")),
        "the reason did not carry the code: {told}{ctx}"
    );

    // The person grants it.
    let grant = std::process::Command::new(GATEHOOK)
        .args(["allow-once", &code])
        .env("GATEHOOK_HOME", &project.gatehook_home)
        .env("HOME", &project.home)
        .output()
        .unwrap();
    assert!(grant.status.success(), "{grant:?}");

    // Turn 2, same session: the agent retries the same call, which now runs.
    let session = run.result.as_ref().unwrap()["session_id"]
        .as_str()
        .unwrap()
        .to_string();
    let mut server = ModelServer::start(vec![
        Reply::tool_use(
            "toolu_2",
            "Bash",
            json!({"command": "rm -rf build", "description": "retry the clean"}),
        ),
        Reply::text("cleaned"),
    ]);
    let run = claude::run_claude_with(
        &bin,
        &project,
        &server.base_url(),
        "I let it run once: try again",
        "default",
        &["--resume", &session],
        None,
    );
    server.shutdown();
    let ctx = format!("\n{}\n{}", run.report(), server.report());
    assert!(run.success, "claude failed{ctx}");
    assert!(!build.exists(), "the granted call did not run{ctx}");
    let records = audit(&project);
    let used: Vec<&Value> = records
        .iter()
        .filter(|r| r["gate"] == "allow-once" && r["decision"] == "allow")
        .collect();
    assert_eq!(used.len(), 1, "{records:?}{ctx}");
    assert_eq!(used[0]["session_id"], json!(session));
    assert!(records.iter().any(|r| r["event"] == "AllowOnceGrant"));
}
