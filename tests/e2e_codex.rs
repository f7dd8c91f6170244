//! End to end against the real Codex CLI (pinned in `e2e/package.json`), offline: a
//! scripted Responses API on loopback, `gatehook install --codex` into a temporary
//! `CODEX_HOME` (which must record Codex's own trust, or Codex would skip the hooks
//! without a word), then `codex exec` with no sandbox and no approvals, so gatehook is the
//! only gate:
//! - `rm -r ~/` must not run: a canary in the temporary HOME survives, and the model is
//!   told gatehook's reason;
//! - a harmless command runs;
//! - an `apply_patch` that writes `.codex/hooks.json` is refused and nothing is written;
//! - with gatehook missing from PATH the registration must not fail open.
//!
//! Needs the Codex CLI; `scripts/test.sh` installs it (see `e2e/README.md`).
#![allow(clippy::unwrap_used, clippy::expect_used, dead_code)]

mod e2e_support;

use e2e_support::codex::{self, Project};
use e2e_support::codex_server::{output_text, CodexServer, Reply};
use serde_json::{json, Value};

fn audit(project: &Project) -> Vec<Value> {
    std::fs::read_to_string(project.gatehook_home.join("audit.jsonl"))
        .unwrap_or_default()
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect()
}

/// `gatehook install --codex` with `codex` and `gatehook` on PATH: exit 0, trust recorded.
fn install(project: &Project) {
    let o = project
        .command(
            std::path::Path::new(env!("CARGO_BIN_EXE_gatehook")),
            &project.path_with_gatehook(),
        )
        .args(["install", "--codex"])
        .output()
        .unwrap();
    assert!(
        o.status.success(),
        "install --codex failed: {}\n{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.contains("Codex trust: 3 of gatehook's hooks trusted"),
        "{text}"
    );
    let config = std::fs::read_to_string(project.codex_home.join("config.toml")).unwrap();
    assert!(config.contains("trusted_hash"), "{config}");
}

#[test]
fn installed_gatehook_gates_the_real_codex_cli() {
    let Some(bin) = codex::codex_bin() else {
        return;
    };
    let mut server = CodexServer::start(vec![
        Reply::function("call_rm", "exec_command", json!({"cmd": "rm -r ~/"})),
        Reply::function(
            "call_ok",
            "exec_command",
            json!({"cmd": "echo hello > harmless.txt"}),
        ),
        Reply::custom(
            "call_patch",
            "apply_patch",
            "*** Begin Patch\n*** Add File: .codex/hooks.json\n+{\"hooks\": {}}\n*** End Patch\n",
        ),
        Reply::text("done"),
    ]);
    let project = Project::new(&bin, &server.base_url());
    let canary = project.home.join("canary.txt");
    std::fs::write(&canary, "still here\n").unwrap();
    // Another hook's trust entry in the person's config survives gatehook's write.
    let config = project.codex_home.join("config.toml");
    let other =
        "[hooks.state.\"/elsewhere/hooks.json:stop:0:0\"]\ntrusted_hash = \"sha256:other\"\n";
    let text = std::fs::read_to_string(&config).unwrap();
    std::fs::write(&config, format!("{text}\n{other}")).unwrap();
    install(&project);
    let after = std::fs::read_to_string(&config).unwrap();
    assert!(
        after.contains("sha256:other") && after.contains("model_provider = \"e2e\""),
        "{after}"
    );

    let run = codex::run_codex(
        &bin,
        &project,
        "clean up my home directory",
        &project.path_with_gatehook(),
    );
    server.shutdown();
    let records = audit(&project);
    let ctx = format!(
        "\n{}--- model server ---\n{}--- audit ---\n{records:#?}",
        run.report(),
        server.report()
    );
    assert!(run.success, "codex failed{ctx}");
    assert_eq!(
        server.unused_replies(),
        0,
        "the script was not played out{ctx}"
    );

    // rm -r ~/ did not run, and the model was told why.
    assert!(canary.exists(), "the canary in HOME is gone{ctx}");
    let rm = output_text(&server.call_output("call_rm").expect("no output for rm"));
    assert!(
        rm.contains("Command blocked by PreToolUse hook: gatehook deny [destructive]"),
        "{rm}{ctx}"
    );
    // The harmless command ran.
    assert_eq!(
        std::fs::read_to_string(project.dir.join("harmless.txt")).unwrap_or_default(),
        "hello\n",
        "{ctx}"
    );
    // apply_patch into .codex/ was refused.
    assert!(
        !project.dir.join(".codex/hooks.json").exists(),
        ".codex/hooks.json was written{ctx}"
    );
    let patch = output_text(
        &server
            .call_output("call_patch")
            .expect("no output for patch"),
    );
    assert!(patch.contains("[harness-config]"), "{patch}{ctx}");

    // What gatehook saw: Codex's payloads, its own decisions, Codex's permission mode not
    // taken as the person's bypass.
    let pre: Vec<(&str, &str)> = records
        .iter()
        .filter(|r| r["event"] == json!("PreToolUse"))
        .map(|r| {
            (
                r["tool"].as_str().unwrap_or(""),
                r["decision"].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(
        pre,
        [("Bash", "deny"), ("Bash", "allow"), ("apply_patch", "deny")],
        "{ctx}"
    );
    for r in records.iter().filter(|r| r["event"] == json!("PreToolUse")) {
        assert_eq!(r["harness"], json!("codex"), "{r}");
        assert_ne!(r["permission_mode"], json!("bypassPermissions"), "{r}");
    }
    // doctor asks Codex: all of gatehook's hooks run. Editing one untrusts it, silently for
    // Codex, loudly for doctor; install records the trust again.
    let doctor = || {
        let o = project
            .command(
                std::path::Path::new(env!("CARGO_BIN_EXE_gatehook")),
                &project.path_with_gatehook(),
            )
            .args(["doctor", "--offline"])
            .output()
            .unwrap();
        String::from_utf8_lossy(&o.stdout).to_string()
    };
    let line = |out: &str| {
        out.lines()
            .find(|l| l.contains("codex trust"))
            .unwrap_or_default()
            .to_string()
    };
    let d = doctor();
    assert!(
        line(&d).starts_with("ok") && line(&d).contains("runs all 3"),
        "{d}"
    );
    let hooks_json = project.codex_home.join("hooks.json");
    let text = std::fs::read_to_string(&hooks_json).unwrap();
    std::fs::write(
        &hooks_json,
        text.replace("\"timeout\": 30", "\"timeout\": 31"),
    )
    .unwrap();
    let d = doctor();
    assert!(
        line(&d).starts_with("fail") && line(&d).contains("modified"),
        "{d}"
    );
    install(&project);
    assert!(line(&doctor()).starts_with("ok"));

    // UserPromptSubmit reached gatehook: the person's words are in the session state.
    let state = project.gatehook_home.join("state");
    let recorded = std::fs::read_dir(&state).is_ok_and(|rd| {
        rd.filter_map(Result::ok).any(|e| {
            std::fs::read_to_string(e.path().join("prompts.jsonl"))
                .is_ok_and(|t| t.contains("clean up my home directory"))
        })
    });
    assert!(recorded, "the prompt was not recorded{ctx}");
}

/// With gatehook missing from PATH the portable command exits 2 with its one line, which
/// Codex treats as a block: the person's prompt is refused before the model is asked
/// (UserPromptSubmit), and with only the PreToolUse handler the command is refused and the
/// model is told why. Either way it does not run.
#[test]
fn a_missing_gatehook_does_not_fail_open_in_codex() {
    let Some(bin) = codex::codex_bin() else {
        return;
    };
    let message = "gatehook: not found on PATH; refusing this tool call";
    let script = || {
        vec![
            Reply::function(
                "call_touch",
                "exec_command",
                json!({"cmd": "touch ran.txt"}),
            ),
            Reply::text("done"),
        ]
    };
    let mut server = CodexServer::start(script());
    let project = Project::new(&bin, &server.base_url());
    install(&project);
    let run = codex::run_codex(
        &bin,
        &project,
        "make a file",
        &project.path_without_gatehook(),
    );
    server.shutdown();
    let ctx = format!(
        "\n{}--- model server ---\n{}",
        run.report(),
        server.report()
    );
    assert!(
        !project.dir.join("ran.txt").exists(),
        "the command ran without gatehook{ctx}"
    );
    assert!(
        run.stderr.contains("hook: UserPromptSubmit Blocked"),
        "{ctx}"
    );
    assert!(
        server.main_requests().is_empty(),
        "the model was asked{ctx}"
    );

    // Only the PreToolUse handler (its trust entry stays valid: the key is its position,
    // the hash its own definition).
    let hooks_json = project.codex_home.join("hooks.json");
    let installed: Value =
        serde_json::from_str(&std::fs::read_to_string(&hooks_json).unwrap()).unwrap();
    let pre_only = json!({"hooks": {"PreToolUse": installed["hooks"]["PreToolUse"].clone()}});
    std::fs::write(&hooks_json, pre_only.to_string()).unwrap();
    let mut server = CodexServer::start(script());
    let config = std::fs::read_to_string(project.codex_home.join("config.toml")).unwrap();
    let old_url = config
        .lines()
        .find_map(|l| l.strip_prefix("base_url = "))
        .unwrap()
        .trim_matches('"')
        .to_string();
    std::fs::write(
        project.codex_home.join("config.toml"),
        config.replace(&old_url, &server.base_url()),
    )
    .unwrap();
    let run = codex::run_codex(
        &bin,
        &project,
        "make a file",
        &project.path_without_gatehook(),
    );
    server.shutdown();
    let ctx = format!(
        "\n{}--- model server ---\n{}",
        run.report(),
        server.report()
    );
    assert!(
        !project.dir.join("ran.txt").exists(),
        "the command ran without gatehook{ctx}"
    );
    let told = output_text(
        &server
            .call_output("call_touch")
            .expect("no output for the call"),
    );
    assert!(told.contains(message), "{told}{ctx}");
}
