//! The files that plug gatehook into other tools: the Agent SDK example (run against the
//! real binary), the hook registration snippets, the pre-commit and GitHub Actions files.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use serde_json::Value;
use std::path::Path;
use support::{Env, Out, BIN};

const REPO: &str = env!("CARGO_MANIFEST_DIR");

fn python(env: &Env, script: &str) -> Out {
    let mut cmd = std::process::Command::new("python3");
    cmd.arg("-c")
        .arg(script)
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("HOME", &env.home)
        .env("GATEHOOK_HOME", &env.gh)
        .env("GATEHOOK_MANAGED_CONFIG", &env.managed)
        .env("GATEHOOK_BIN", BIN)
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .env("EXAMPLES", Path::new(REPO).join("examples/sdk"))
        .env("WS", &env.ws)
        .current_dir(&env.ws);
    env.run_raw(cmd, b"")
}

#[test]
fn python_sdk_example_maps_gatehooks_answers() {
    let env = Env::new();
    let script = r#"
import json, os, sys
sys.path.insert(0, os.environ["EXAMPLES"])
import can_use_tool as m   # imports without the SDK installed
ws = os.environ["WS"]
out = {}
out["destructive"] = m.decide("Bash", {"command": "rm -rf ~"}, cwd=ws)
out["read"] = m.decide("Read", {"file_path": ws + "/README.md"}, cwd=ws)
out["ask_nobody"] = m.decide("Bash", {"command": "git push origin feature"}, cwd=ws)
out["ask_yes"] = m.decide("Bash", {"command": "git push origin feature"}, cwd=ws, ask_person=lambda t, i, r: True)
out["ask_no"] = m.decide("Bash", {"command": "git push origin feature"}, cwd=ws, ask_person=lambda t, i, r: False)
out["none_nobody"] = m.decide("WebFetch", {"url": "http://10.0.0.5/", "prompt": "x"}, cwd=ws)
out["no_binary"] = m.decide("Read", {"file_path": ws + "/README.md"}, cwd=ws, gatehook="/nonexistent/gatehook")
out["not_json_input"] = m.decide("Bash", {"command": object()}, cwd=ws)
print(json.dumps(out))
"#;
    let out = python(&env, script);
    assert_eq!(out.code, 0, "{out:?}");
    let v: Value = serde_json::from_str(&out.stdout).unwrap();
    let b = |k: &str| v[k]["behavior"].as_str().unwrap().to_string();
    let msg = |k: &str| v[k]["message"].as_str().unwrap_or("").to_string();
    assert_eq!(b("destructive"), "deny");
    assert!(msg("destructive").contains("[destructive]"), "{v}");
    assert_eq!(b("read"), "allow");
    assert_eq!(
        v["read"]["updated_input"]["file_path"],
        format!("{}/README.md", env.ws.display())
    );
    assert_eq!(b("ask_nobody"), "deny");
    assert!(
        msg("ask_nobody").contains("[risky-command]")
            && msg("ask_nobody").contains("nobody to ask"),
        "{v}"
    );
    assert_eq!(b("ask_yes"), "allow");
    assert_eq!(b("ask_no"), "deny");
    assert_eq!(b("none_nobody"), "deny");
    assert_eq!(b("no_binary"), "deny");
    assert_eq!(b("not_json_input"), "deny");
    // The calls went through the hook: the audit log has them.
    assert!(env.audit_lines().len() >= 6);
}

#[test]
fn registration_snippets_call_the_right_format() {
    for (file, format, events) in [
        (
            "hooks/gemini-settings.json",
            "gemini",
            &["BeforeTool", "BeforeAgent"][..],
        ),
        (
            "hooks/cursor-hooks.json",
            "cursor",
            &[
                "beforeShellExecution",
                "beforeMCPExecution",
                "beforeReadFile",
                "beforeSubmitPrompt",
            ][..],
        ),
        (
            "hooks/copilot-hooks.json",
            "copilot",
            &["preToolUse", "userPromptSubmitted"][..],
        ),
        (
            "hooks/codex-hooks.json",
            "codex",
            &["PreToolUse", "PermissionRequest", "UserPromptSubmit"][..],
        ),
    ] {
        let text = std::fs::read_to_string(Path::new(REPO).join(file)).unwrap();
        let v: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{file}: {e}"));
        for ev in events {
            let entry = v["hooks"][ev].to_string();
            assert!(
                entry.contains(&format!("gatehook hook --format {format}")),
                "{file}: {ev}: {entry}"
            );
        }
    }
}

#[test]
fn pre_commit_and_actions_files_are_valid_yaml_with_the_required_fields() {
    let script = r#"
import json, re, sys, yaml
hooks = yaml.safe_load(open(sys.argv[1]))
wf = yaml.safe_load(open(sys.argv[2]))
files = re.compile(hooks[0]["files"])
matched = [p for p in [".gatehook.toml", "sub/.gatehook.toml", ".gatehook/tests/a.toml", "src/main.rs", "x.gatehook.toml.bak"] if files.search(p)]
print(json.dumps({"hooks": hooks, "matched": matched, "steps": [s.get("run", "") for s in wf["jobs"]["check"]["steps"]]}))
"#;
    let env = Env::new();
    let mut cmd = std::process::Command::new("python3");
    cmd.args(["-c", script])
        .arg(Path::new(REPO).join(".pre-commit-hooks.yaml"))
        .arg(Path::new(REPO).join("examples/github-actions/gatehook-check.yml"));
    let out = env.run_raw(cmd, b"");
    assert_eq!(out.code, 0, "{out:?}");
    let v = out.json();
    let hook = &v["hooks"][0];
    assert_eq!(hook["id"], "gatehook-check");
    assert_eq!(hook["entry"], "gatehook check");
    assert_eq!(hook["language"], "rust");
    assert_eq!(hook["pass_filenames"], false);
    assert_eq!(hook["minimum_pre_commit_version"], "3.2.0");
    assert_eq!(
        hook["stages"],
        serde_json::json!(["pre-commit", "pre-merge-commit", "pre-push", "manual"])
    );
    assert_eq!(v["hooks"][1]["language"], "system");
    // pre-commit matches `files` with Python's `re.search`.
    assert_eq!(
        v["matched"],
        serde_json::json!([
            ".gatehook.toml",
            "sub/.gatehook.toml",
            ".gatehook/tests/a.toml"
        ])
    );
    let steps = v["steps"].to_string();
    assert!(
        steps.contains("cargo install") && steps.contains("gatehook check --format junit > "),
        "{steps}"
    );
}
