//! `gatehook install` / `uninstall` through the binary, against real settings files in a
//! temp HOME and project; plus `completions` and `man`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use serde_json::{json, Value};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use support::{Env, Out, BIN};

fn run(env: &Env, args: &[&str]) -> Out {
    env.run_raw(env.command(args), b"")
}

fn user_settings(env: &Env) -> PathBuf {
    env.home.join(".claude/settings.json")
}

fn read_json(p: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap()
}

fn expected_command() -> String {
    format!(
        "{} hook",
        Path::new(BIN).canonicalize().unwrap().to_str().unwrap()
    )
}

/// Every gatehook handler: (event, matcher, command, timeout).
fn gatehook_handlers(v: &Value) -> Vec<(String, Value, String, Value)> {
    let mut out = Vec::new();
    for (event, groups) in v["hooks"].as_object().cloned().unwrap_or_default() {
        for g in groups.as_array().unwrap() {
            for h in g["hooks"].as_array().unwrap() {
                let cmd = h["command"].as_str().unwrap_or_default();
                if cmd.ends_with("gatehook hook") || cmd.ends_with("gatehook hook --format codex") {
                    out.push((
                        event.clone(),
                        g["matcher"].clone(),
                        cmd.to_string(),
                        h["timeout"].clone(),
                    ));
                }
            }
        }
    }
    out
}

const EVENTS: [&str; 5] = [
    "PreToolUse",
    "PermissionRequest",
    "UserPromptSubmit",
    "SubagentStop",
    "PostToolUse",
];

#[test]
fn install_registers_every_event_with_this_binary_and_the_hook_runs() {
    let env = Env::new();
    std::fs::remove_file(user_settings(&env)).unwrap();
    let o = run(&env, &["install"]);
    assert_eq!(o.code, 0, "{o:?}");
    assert!(o.stdout.contains("registered"), "{o:?}");
    let v = read_json(&user_settings(&env));
    let hs = gatehook_handlers(&v);
    let events: Vec<&str> = hs.iter().map(|h| h.0.as_str()).collect();
    assert_eq!(events.len(), 5);
    for e in EVENTS {
        assert!(events.contains(&e), "{e} missing: {v}");
    }
    for (event, matcher, cmd, timeout) in &hs {
        assert_eq!(cmd, &expected_command());
        assert_eq!(timeout, &json!(30));
        let want = match event.as_str() {
            "PreToolUse" | "PermissionRequest" => json!("*"),
            "PostToolUse" => json!("Agent|Task"),
            _ => Value::Null,
        };
        assert_eq!(matcher, &want, "{event}");
    }
    // The registered command, run by a shell as Claude Code does, answers a payload.
    let payload = env.payload("Read", json!({"file_path": env.ws.join("README.md")}));
    let mut c = std::process::Command::new("sh");
    c.args(["-c", &hs[0].2])
        .env_clear()
        .env("HOME", &env.home)
        .env("GATEHOOK_HOME", &env.gh)
        .env("GATEHOOK_MANAGED_CONFIG", &env.managed)
        .current_dir(&env.ws);
    let o = env.run_raw(c, payload.to_string().as_bytes());
    assert_eq!(o.decision(), "allow", "{o:?}");
}

#[test]
fn the_sample_in_hooks_matches_what_install_writes() {
    let env = Env::new();
    assert_eq!(run(&env, &["install"]).code, 0);
    let text = std::fs::read_to_string(user_settings(&env))
        .unwrap()
        .replace(&expected_command(), "gatehook hook");
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("hooks/claude-settings.json");
    assert_eq!(
        serde_json::from_str::<Value>(&text).unwrap(),
        read_json(&sample),
        "hooks/claude-settings.json is out of date"
    );
}

#[test]
fn install_twice_changes_nothing() {
    let env = Env::new();
    assert_eq!(run(&env, &["install"]).code, 0);
    let first = std::fs::read(user_settings(&env)).unwrap();
    let backup = env.home.join(".claude/settings.json.gatehook-backup");
    let backup_first = std::fs::read(&backup).unwrap();
    let o = run(&env, &["install"]);
    assert_eq!(o.code, 0);
    assert!(o.stdout.contains("nothing to change"), "{o:?}");
    assert_eq!(std::fs::read(user_settings(&env)).unwrap(), first);
    assert_eq!(std::fs::read(&backup).unwrap(), backup_first);
}

const RICH: &str = r#"{
    "model": "opus",
    "permissions": {
        "allow": ["Bash(npm test)"],
        "deny": []
    },
    "hooks": {
        "PreToolUse": [
            {
                "matcher": "Bash",
                "hooks": [{"type": "command", "command": "my-logger --json", "timeout": 5}]
            }
        ],
        "Stop": [{"hooks": [{"type": "command", "command": "notify-send done"}]}]
    },
    "env": {"FOO": "1"},
    "zeta": [3, 2, 1]
}
"#;

#[test]
fn install_keeps_every_other_key_hook_order_indent_and_mode_and_backs_up() {
    let env = Env::new();
    let p = user_settings(&env);
    std::fs::write(&p, RICH).unwrap();
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o640)).unwrap();
    let o = run(&env, &["install"]);
    assert_eq!(o.code, 0, "{o:?}");
    let text = std::fs::read_to_string(&p).unwrap();
    let new: Value = serde_json::from_str(&text).unwrap();
    let old: Value = serde_json::from_str(RICH).unwrap();
    for k in ["model", "permissions", "env", "zeta"] {
        assert_eq!(new[k], old[k], "{k}");
    }
    assert_eq!(new["hooks"]["Stop"], old["hooks"]["Stop"]);
    assert_eq!(new["hooks"]["PreToolUse"][0], old["hooks"]["PreToolUse"][0]);
    // Key order and the file's 4-space indentation are kept.
    let pos = |k: &str| text.find(&format!("\"{k}\"")).unwrap();
    assert!(pos("model") < pos("permissions") && pos("permissions") < pos("hooks"));
    assert!(pos("hooks") < pos("env") && pos("env") < pos("zeta"));
    assert!(text.contains("\n    \"model\""), "{text}");
    let mode = std::fs::metadata(&p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o640);
    let backup = env.home.join(".claude/settings.json.gatehook-backup");
    assert_eq!(std::fs::read_to_string(&backup).unwrap(), RICH);
    assert!(o.stdout.contains("gatehook-backup"), "{o:?}");
    // No temp file is left behind.
    let leftovers: Vec<_> = std::fs::read_dir(env.home.join(".claude"))
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty());

    // Uninstall gives the original document back.
    let o = run(&env, &["uninstall"]);
    assert_eq!(o.code, 0, "{o:?}");
    assert_eq!(read_json(&p), old);
    let o = run(&env, &["uninstall"]);
    assert!(o.stdout.contains("nothing to change"), "{o:?}");
}

#[test]
fn an_older_gatehook_entry_is_updated_in_place_not_duplicated() {
    let env = Env::new();
    let p = user_settings(&env);
    std::fs::write(
        &p,
        r#"{"hooks": {"PreToolUse": [{"matcher": "*", "hooks": [
            {"type": "command", "command": "/old/place/gatehook hook", "timeout": 5},
            {"type": "command", "command": "my-logger"}]}],
          "UserPromptSubmit": [{"hooks": [{"type": "command", "command": "gatehook hook", "timeout": 10}]}]}}"#,
    )
    .unwrap();
    assert_eq!(run(&env, &["install"]).code, 0);
    let v = read_json(&p);
    let hs = gatehook_handlers(&v);
    assert_eq!(hs.len(), 5, "{v}");
    assert!(hs
        .iter()
        .all(|h| h.2 == expected_command() && h.3 == json!(30)));
    let pre = &v["hooks"]["PreToolUse"];
    assert_eq!(pre.as_array().unwrap().len(), 1, "{v}");
    assert_eq!(pre[0]["hooks"][0]["command"], json!(expected_command()));
    assert_eq!(pre[0]["hooks"][1]["command"], json!("my-logger"));
}

#[test]
fn timeout_follows_the_reviewer_in_effect() {
    let env = Env::new();
    env.config("[reviewer]\ntimeout_ms = 40000\n[reviewer.fast]\ntimeout_ms = 4500\n");
    let o = run(&env, &["install"]);
    assert_eq!(o.code, 0, "{o:?}");
    let hs = gatehook_handlers(&read_json(&user_settings(&env)));
    // 40 s + 4.5 s rounded up to 45, plus the 10 s margin.
    assert!(hs.iter().all(|h| h.3 == json!(55)), "{hs:?}");
    // A changed reviewer deadline updates the timeout in place on the next install.
    env.config("[reviewer]\ntimeout_ms = 60000\n");
    assert_eq!(run(&env, &["install"]).code, 0);
    let hs = gatehook_handlers(&read_json(&user_settings(&env)));
    assert_eq!(hs.len(), 5);
    assert!(hs.iter().all(|h| h.3 == json!(70)), "{hs:?}");
}

#[test]
fn refuses_files_it_cannot_edit_safely_and_changes_nothing() {
    for (text, why) in [
        ("{\"hooks\": ", "not valid JSON"),
        ("{\"a\": 1} trailing", "not valid JSON"),
        ("{\"a\": 1, \"a\": 2}", "duplicate key"),
        ("[1, 2]", "top level is not a JSON object"),
        ("{\"hooks\": []}", "\"hooks\" is not an object"),
        (
            "{\"hooks\": {\"PreToolUse\": {\"matcher\": \"*\"}}}",
            "hooks.PreToolUse is not an array",
        ),
        (
            "{\"hooks\": {\"PreToolUse\": [{\"matcher\": \"*\"}]}}",
            "hooks.PreToolUse[0].hooks is not an array",
        ),
        ("\u{feff}{}", "not valid JSON"),
    ] {
        for cmd in ["install", "uninstall"] {
            let env = Env::new();
            let p = user_settings(&env);
            std::fs::write(&p, text).unwrap();
            let o = run(&env, &[cmd]);
            assert_eq!(o.code, 2, "{cmd} {text}: {o:?}");
            assert!(o.stderr.contains(why), "{cmd} {text}: {o:?}");
            assert_eq!(
                std::fs::read_to_string(&p).unwrap(),
                text,
                "{cmd} changed it"
            );
            assert!(!env
                .home
                .join(".claude/settings.json.gatehook-backup")
                .exists());
        }
    }
}

#[test]
fn refuses_a_settings_path_that_is_not_a_regular_file() {
    let env = Env::new();
    let p = user_settings(&env);
    std::fs::remove_file(&p).unwrap();
    std::fs::create_dir(&p).unwrap();
    let o = run(&env, &["install"]);
    assert_eq!(o.code, 2, "{o:?}");
    assert!(o.stderr.contains("not a regular file"), "{o:?}");
}

#[test]
fn dry_run_prints_a_diff_and_writes_nothing() {
    let env = Env::new();
    let p = user_settings(&env);
    std::fs::write(&p, RICH).unwrap();
    let o = run(&env, &["install", "--dry-run"]);
    assert_eq!(o.code, 0, "{o:?}");
    assert!(
        o.stdout.starts_with(&format!("--- {}\n+++ ", p.display())),
        "{o:?}"
    );
    assert!(o.stdout.contains("\n@@ -"), "{o:?}");
    // The file's 4-space indent: a handler sits 6 levels deep.
    let added = format!(
        "\n+{}\"command\": \"{}\"",
        " ".repeat(24),
        expected_command()
    );
    assert!(o.stdout.contains(&added), "{o:?}");
    assert!(o.stdout.contains("dry run: nothing was written"));
    assert_eq!(std::fs::read_to_string(&p).unwrap(), RICH);
    assert!(!env
        .home
        .join(".claude/settings.json.gatehook-backup")
        .exists());

    // Missing file: the diff is against /dev/null and the file stays missing.
    std::fs::remove_file(&p).unwrap();
    let o = run(&env, &["install", "--dry-run"]);
    assert!(o.stdout.starts_with("--- /dev/null\n"), "{o:?}");
    assert!(!p.exists());

    // Uninstall's dry run shows removals only.
    assert_eq!(run(&env, &["install"]).code, 0);
    let before = std::fs::read(&p).unwrap();
    let o = run(&env, &["uninstall", "--dry-run"]);
    assert_eq!(o.code, 0);
    assert!(
        o.stdout.contains(&format!(
            "\n-{}\"command\": \"{}\"",
            " ".repeat(12),
            expected_command()
        )),
        "{o:?}"
    );
    assert_eq!(std::fs::read(&p).unwrap(), before);
}

#[test]
fn project_and_local_scopes_write_under_the_project_root() {
    let env = Env::new();
    std::fs::create_dir_all(env.ws.join("src/deep")).unwrap();
    let mut c = env.command(&["install", "--project"]);
    c.current_dir(env.ws.join("src/deep"));
    let o = env.run_raw(c, b"");
    assert_eq!(o.code, 0, "{o:?}");
    assert_eq!(
        gatehook_handlers(&read_json(&env.ws.join(".claude/settings.json"))).len(),
        5
    );
    assert_eq!(run(&env, &["install", "--local"]).code, 0);
    assert_eq!(
        gatehook_handlers(&read_json(&env.ws.join(".claude/settings.local.json"))).len(),
        5
    );
    assert_eq!(
        read_json(&user_settings(&env)),
        json!({}),
        "user settings untouched"
    );

    // CLAUDE_PROJECT_DIR wins over the git root.
    let other = env.root.join("other");
    std::fs::create_dir_all(&other).unwrap();
    let mut c = env.command(&["install", "--local"]);
    c.env("CLAUDE_PROJECT_DIR", &other);
    assert_eq!(env.run_raw(c, b"").code, 0);
    assert!(other.join(".claude/settings.local.json").exists());

    // One scope at a time.
    let o = run(&env, &["install", "--user", "--project"]);
    assert_eq!(o.code, 2, "{o:?}");
}

#[test]
fn claude_config_dir_and_symlinked_settings() {
    let env = Env::new();
    let cfg = env.root.join("cc");
    let dotfiles = env.root.join("dotfiles");
    std::fs::create_dir_all(&cfg).unwrap();
    std::fs::create_dir_all(&dotfiles).unwrap();
    std::fs::write(dotfiles.join("settings.json"), "{\"model\": \"x\"}\n").unwrap();
    std::os::unix::fs::symlink(dotfiles.join("settings.json"), cfg.join("settings.json")).unwrap();
    let mut c = env.command(&["install"]);
    c.env("CLAUDE_CONFIG_DIR", &cfg);
    let o = env.run_raw(c, b"");
    assert_eq!(o.code, 0, "{o:?}");
    assert!(std::fs::symlink_metadata(cfg.join("settings.json"))
        .unwrap()
        .file_type()
        .is_symlink());
    let v = read_json(&dotfiles.join("settings.json"));
    assert_eq!(v["model"], json!("x"));
    assert_eq!(gatehook_handlers(&v).len(), 5);
    assert_eq!(
        read_json(&user_settings(&env)),
        json!({}),
        "~/.claude untouched"
    );
}

#[test]
fn project_settings_symlinked_out_of_the_project_are_refused() {
    let env = Env::new();
    // Some other JSON file of the person's, which a hostile repository links to.
    let victim = env.home.join("app.json");
    std::fs::write(&victim, "{\"theme\": \"dark\"}\n").unwrap();
    std::fs::create_dir_all(env.ws.join(".claude")).unwrap();
    std::os::unix::fs::symlink(&victim, env.ws.join(".claude/settings.json")).unwrap();
    let o = run(&env, &["install", "--project"]);
    assert_eq!(o.code, 2, "{o:?}");
    assert!(o.stderr.contains("outside the project"), "{o:?}");
    assert_eq!(
        std::fs::read_to_string(&victim).unwrap(),
        "{\"theme\": \"dark\"}\n"
    );

    // The same through a symlinked `.claude` directory.
    let env = Env::new();
    let elsewhere = env.root.join("elsewhere");
    std::fs::create_dir_all(&elsewhere).unwrap();
    std::fs::write(elsewhere.join("settings.local.json"), "{}").unwrap();
    std::os::unix::fs::symlink(&elsewhere, env.ws.join(".claude")).unwrap();
    let o = run(&env, &["install", "--local"]);
    assert_eq!(o.code, 2, "{o:?}");
    assert_eq!(
        std::fs::read_to_string(elsewhere.join("settings.local.json")).unwrap(),
        "{}"
    );

    // A link that stays inside the project is followed.
    let env = Env::new();
    std::fs::create_dir_all(env.ws.join(".claude")).unwrap();
    std::fs::write(env.ws.join("shared.json"), "{}").unwrap();
    std::os::unix::fs::symlink(
        env.ws.join("shared.json"),
        env.ws.join(".claude/settings.json"),
    )
    .unwrap();
    assert_eq!(run(&env, &["install", "--project"]).code, 0);
    assert_eq!(
        gatehook_handlers(&read_json(&env.ws.join("shared.json"))).len(),
        5
    );
}

#[test]
fn completions_name_the_subcommands() {
    let env = Env::new();
    let o = run(&env, &["completions", "bash"]);
    assert_eq!(o.code, 0, "{o:?}");
    for sub in [
        "hook",
        "explain",
        "check",
        "install",
        "doctor",
        "completions",
        "man",
    ] {
        assert!(o.stdout.contains(sub), "{sub} missing");
    }
    for shell in ["zsh", "fish", "powershell", "elvish"] {
        let o = run(&env, &["completions", shell]);
        assert_eq!(o.code, 0, "{shell}: {o:?}");
        assert!(o.stdout.contains("install"), "{shell}");
    }
    assert_eq!(run(&env, &["completions", "tcsh"]).code, 2);
}

#[test]
fn man_page_is_roff_naming_the_subcommands() {
    let env = Env::new();
    let o = run(&env, &["man"]);
    assert_eq!(o.code, 0, "{o:?}");
    assert!(
        o.stdout.starts_with(".TH"),
        "{}",
        &o.stdout[..80.min(o.stdout.len())]
    );
    assert!(o.stdout.contains("hook"));
    assert!(o.stdout.contains(".SH \"GATEHOOK INSTALL\""));
    assert!(o.stdout.contains("\\-\\-dry\\-run") || o.stdout.contains("--dry-run"));
    // No help line can start a roff request.
    assert!(o.stdout.lines().all(|l| !l.starts_with(".gatehook")));
}

/// `uninstall` takes the gate away and `install --local` could re-point it: the agent may
/// run neither (the command floor denies gatehook subcommands that are not read-only).
#[test]
fn the_agent_cannot_uninstall_or_reinstall_its_gate() {
    let env = Env::new();
    for cmd in [
        "gatehook uninstall",
        "gatehook uninstall --local --dry-run",
        "/usr/local/bin/gatehook install --project",
        "cd /tmp && gatehook doctor",
    ] {
        let out = env.hook(&env.payload("Bash", json!({ "command": cmd })));
        assert_eq!(
            (out.decision().as_str(), out.cause().as_str()),
            ("deny", "self-modification"),
            "{cmd}"
        );
    }
}

/// A directory holding only a `gatehook` that is this build (for PATH), under `env.root`.
fn path_dir_with_gatehook(env: &Env) -> PathBuf {
    let d = env.root.join("pathbin");
    std::fs::create_dir_all(&d).unwrap();
    let link = d.join("gatehook");
    if !link.exists() {
        std::os::unix::fs::symlink(BIN, &link).unwrap();
    }
    d
}

/// Runs a registered hook command the way the harnesses do (`SHELL -c COMMAND`), with
/// `path` as PATH, a workspace Read payload on stdin.
fn run_registered(env: &Env, shell: &str, command: &str, path: &str) -> Out {
    let mut c = Command::new(shell);
    c.args(["-c", command])
        .env_clear()
        .env("PATH", path)
        .env("HOME", &env.home)
        .env("GATEHOOK_HOME", &env.gh)
        .env("GATEHOOK_MANAGED_CONFIG", &env.managed)
        .current_dir(&env.ws);
    let payload = json!({"session_id": "s", "hook_event_name": "PreToolUse", "cwd": env.ws,
        "tool_name": "Read", "tool_input": {"file_path": env.ws.join("src/main.rs")}});
    env.run_raw(c, payload.to_string().as_bytes())
}

#[test]
fn project_registration_is_portable_and_blocks_where_gatehook_is_missing() {
    let env = Env::new();
    assert_eq!(run(&env, &["install", "--project"]).code, 0);
    let hs = gatehook_handlers(&read_json(&env.ws.join(".claude/settings.json")));
    assert_eq!(hs.len(), 5);
    let command = hs[0].2.clone();
    for h in &hs {
        assert_eq!(h.2, command, "one command for every event");
    }
    // No path of this machine in a file shared through the repository.
    assert!(
        !command.contains(&env.root.display().to_string()),
        "{command}"
    );
    assert!(
        command.starts_with("command -v gatehook") && command.ends_with("exec gatehook hook"),
        "{command}"
    );
    // User and local settings stay on this binary's absolute path.
    assert_eq!(run(&env, &["install", "--local"]).code, 0);
    let local = gatehook_handlers(&read_json(&env.ws.join(".claude/settings.local.json")));
    assert_eq!(local[0].2, expected_command());

    let with = format!("{}:/usr/bin:/bin", path_dir_with_gatehook(&env).display());
    // Claude Code runs hooks with /bin/sh -c, Gemini CLI and Codex (for bash users) bash -c.
    for shell in ["/bin/sh", "bash"] {
        let o = run_registered(&env, shell, &command, &with);
        assert_eq!(
            o.decision(),
            "allow",
            "{shell} with gatehook on PATH: {o:?}"
        );
        let o = run_registered(&env, shell, &command, "/usr/bin:/bin");
        assert_eq!(o.code, 2, "{shell} without gatehook must block: {o:?}");
        assert_eq!(
            o.stderr.trim(),
            "gatehook: not found on PATH; refusing this tool call (install gatehook, or remove its hook)",
            "{shell}"
        );
        assert!(o.stdout.is_empty(), "{o:?}");
    }
    // Running install again recognises the portable entries and changes nothing.
    let o = run(&env, &["install", "--project"]);
    assert!(o.stdout.contains("nothing to change"), "{o:?}");
    // Uninstall finds them too.
    assert_eq!(run(&env, &["uninstall", "--project"]).code, 0);
    assert!(gatehook_handlers(&read_json(&env.ws.join(".claude/settings.json"))).is_empty());
}

#[test]
fn codex_install_writes_hooks_json_with_the_portable_command_and_uninstall_removes_it() {
    let env = Env::new();
    let codex_home = env.root.join("codex-home");
    let run_codex = |args: &[&str]| {
        let mut c = env.command(args);
        // No codex on PATH: the file is written, the trust step is printed, exit 1.
        c.env("CODEX_HOME", &codex_home)
            .env("PATH", "/usr/bin:/bin");
        env.run_raw(c, b"")
    };
    let o = run_codex(&["install", "--codex"]);
    assert_eq!(o.code, 1, "{o:?}");
    assert!(
        o.stdout.contains("NOT ACTIVE YET") && o.stdout.contains("/hooks"),
        "{o:?}"
    );
    let v = read_json(&codex_home.join("hooks.json"));
    let hs = gatehook_handlers(&v);
    let mut events: Vec<&str> = hs.iter().map(|h| h.0.as_str()).collect();
    events.sort_unstable();
    assert_eq!(
        events,
        ["PermissionRequest", "PreToolUse", "UserPromptSubmit"],
        "{v}"
    );
    for h in &hs {
        assert_eq!(
            h.2,
            format!(
                "{} --format codex",
                gatehook::cli::install::PORTABLE_COMMAND
            )
        );
    }
    // The snippet for merging by hand is what install writes.
    let snippet = read_json(&Path::new(env!("CARGO_MANIFEST_DIR")).join("hooks/codex-hooks.json"));
    let mut snippet_events: Vec<String> = gatehook_handlers(&snippet)
        .into_iter()
        .map(|h| {
            assert_eq!(h.2, hs[0].2, "hooks/codex-hooks.json");
            assert_eq!(h.3, json!(30));
            h.0
        })
        .collect();
    snippet_events.sort_unstable();
    assert_eq!(snippet_events, events);
    // The project's file, under the project root.
    assert_eq!(run_codex(&["install", "--codex", "--project"]).code, 1);
    assert_eq!(
        gatehook_handlers(&read_json(&env.ws.join(".codex/hooks.json"))).len(),
        3
    );
    // Codex has no per-checkout file.
    assert_eq!(run_codex(&["install", "--codex", "--local"]).code, 2);
    // Uninstall takes them out again and leaves Claude Code's settings alone.
    let o = run_codex(&["uninstall", "--codex"]);
    assert_eq!(o.code, 0, "{o:?}");
    assert!(gatehook_handlers(&read_json(&codex_home.join("hooks.json"))).is_empty());
    assert_eq!(read_json(&user_settings(&env)), json!({}));
}
