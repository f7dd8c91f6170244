//! `gatehook doctor` through the binary: an unregistered setup, after `install`, unsafe
//! state and audit directories, broken settings and config, and the reviewer probe against
//! a real HTTP server on loopback (and a refused port).
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::os::unix::fs::PermissionsExt;
use std::sync::{Arc, Mutex};
use support::{Env, Out};

fn doctor(env: &Env, args: &[&str]) -> Out {
    let mut a = vec!["doctor"];
    a.extend_from_slice(args);
    env.run_raw(env.command(&a), b"")
}

/// The level of the line named `name` (`ok`, `warn`, `fail`, `skip`).
fn level(o: &Out, name: &str) -> String {
    let line = o
        .stdout
        .lines()
        .find(|l| {
            l.split_whitespace()
                .skip(1)
                .collect::<Vec<_>>()
                .join(" ")
                .starts_with(name)
        })
        .unwrap_or_else(|| panic!("no `{name}` line in\n{}", o.stdout));
    line.split_whitespace().next().unwrap().to_string()
}

fn line<'a>(o: &'a Out, name: &str) -> &'a str {
    o.stdout
        .lines()
        .find(|l| l.contains(name))
        .unwrap_or_else(|| panic!("no `{name}` line in\n{}", o.stdout))
}

fn install(env: &Env) {
    let o = env.run_raw(env.command(&["install"]), b"");
    assert_eq!(o.code, 0, "{o:?}");
}

#[test]
fn unregistered_setup_fails_and_says_how_to_fix_it() {
    let env = Env::new();
    let o = doctor(&env, &["--offline"]);
    assert_eq!(o.code, 1, "{o:?}");
    assert_eq!(level(&o, "registration"), "fail");
    assert!(line(&o, "registration").contains("PreToolUse"));
    assert!(line(&o, "registration").contains("fix: gatehook install"));
    assert_eq!(level(&o, "config "), "ok");
    assert_eq!(level(&o, "audit log"), "ok");
    assert_eq!(level(&o, "state dir"), "ok");
    assert_eq!(level(&o, "reviewer"), "skip");
    assert_eq!(level(&o, "speed"), "ok");
    assert!(line(&o, "speed").contains("µs"), "{o:?}");
    assert!(o.stdout.trim_end().ends_with("skipped"));

    let o = doctor(&env, &["--offline", "--json"]);
    assert_eq!(o.code, 1);
    let v = o.json();
    assert_eq!(v["ok"], json!(false));
    let reg = v["checks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "registration")
        .unwrap();
    assert_eq!(reg["level"], "fail");
    assert!(reg["fix"].as_str().unwrap().contains("gatehook install"));
}

#[test]
fn after_install_every_check_passes() {
    let env = Env::new();
    install(&env);
    let o = doctor(&env, &[]);
    assert_eq!(o.code, 0, "{}", o.stdout);
    for name in [
        "settings (user)",
        "registration",
        "hook command",
        "hook timeout",
        "config ",
        "audit log",
        "state dir",
        "speed",
    ] {
        assert_eq!(level(&o, name), "ok", "{name}: {}", o.stdout);
    }
    assert!(
        !o.stdout.lines().any(|l| l.starts_with("fail")),
        "{}",
        o.stdout
    );
    assert_eq!(doctor(&env, &["--json"]).json()["ok"], json!(true));
}

#[test]
fn missing_secondary_events_warn_but_a_missing_pretooluse_fails() {
    let env = Env::new();
    let exe = std::path::Path::new(support::BIN).canonicalize().unwrap();
    let cmd = format!("{} hook", exe.display());
    std::fs::write(
        env.home.join(".claude/settings.json"),
        json!({"hooks": {"PreToolUse": [{"matcher": "*", "hooks": [{"type": "command", "command": cmd, "timeout": 30}]}]}}).to_string(),
    )
    .unwrap();
    let o = doctor(&env, &["--offline"]);
    assert_eq!(o.code, 0, "{}", o.stdout);
    assert_eq!(level(&o, "registration"), "warn");
    assert!(line(&o, "registration").contains("UserPromptSubmit"));
    assert!(!line(&o, "registration").contains("PreToolUse"));

    // Registered only for Bash: the other tools are not gated.
    std::fs::write(
        env.home.join(".claude/settings.json"),
        json!({"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": cmd}]}]}}).to_string(),
    )
    .unwrap();
    let o = doctor(&env, &["--offline"]);
    assert_eq!(o.code, 1);
    assert_eq!(level(&o, "registration"), "fail");
}

#[test]
fn a_registered_command_that_cannot_start_fails() {
    let env = Env::new();
    std::fs::write(
        env.home.join(".claude/settings.json"),
        json!({"hooks": {"PreToolUse": [{"matcher": "*", "hooks": [{"type": "command", "command": "/nonexistent/bin/gatehook hook"}]}]}}).to_string(),
    )
    .unwrap();
    let o = doctor(&env, &["--offline"]);
    assert_eq!(o.code, 1);
    assert_eq!(level(&o, "hook command"), "fail");
    assert!(line(&o, "hook command").contains("/nonexistent/bin/gatehook"));
}

#[test]
fn broken_settings_json_fails() {
    let env = Env::new();
    std::fs::create_dir_all(env.ws.join(".claude")).unwrap();
    std::fs::write(env.ws.join(".claude/settings.json"), "{\"hooks\": ").unwrap();
    install(&env);
    let o = doctor(&env, &["--offline"]);
    assert_eq!(o.code, 1);
    assert_eq!(level(&o, "settings (project)"), "fail");
    assert!(line(&o, "settings (project)").contains("not valid JSON"));
    assert_eq!(
        level(&o, "registration"),
        "ok",
        "the user file still registers it"
    );
}

#[test]
fn world_writable_state_dir_fails_and_readable_one_warns() {
    let env = Env::new();
    install(&env);
    let state = env.gh.join("state");
    std::fs::create_dir_all(&state).unwrap();
    std::fs::set_permissions(&state, std::fs::Permissions::from_mode(0o777)).unwrap();
    let o = doctor(&env, &["--offline"]);
    assert_eq!(o.code, 1, "{}", o.stdout);
    assert_eq!(level(&o, "state dir"), "fail");
    assert!(line(&o, "state dir").contains("writable by group or others"));
    assert!(line(&o, "state dir").contains("chmod 700"));
    std::fs::set_permissions(&state, std::fs::Permissions::from_mode(0o755)).unwrap();
    let o = doctor(&env, &["--offline"]);
    assert_eq!(o.code, 0);
    assert_eq!(level(&o, "state dir"), "warn");
    std::fs::set_permissions(&state, std::fs::Permissions::from_mode(0o700)).unwrap();
    assert_eq!(level(&doctor(&env, &["--offline"]), "state dir"), "ok");
}

#[test]
fn unsafe_audit_dir_or_planted_log_symlink_fails() {
    let env = Env::new();
    install(&env);
    std::fs::create_dir_all(&env.gh).unwrap();
    std::fs::set_permissions(&env.gh, std::fs::Permissions::from_mode(0o777)).unwrap();
    let o = doctor(&env, &["--offline"]);
    assert_eq!(o.code, 1);
    assert_eq!(level(&o, "audit log"), "fail");
    std::fs::set_permissions(&env.gh, std::fs::Permissions::from_mode(0o700)).unwrap();
    std::os::unix::fs::symlink(env.home.join(".bashrc"), env.gh.join("audit.jsonl")).unwrap();
    let o = doctor(&env, &["--offline"]);
    assert_eq!(o.code, 1);
    assert_eq!(level(&o, "audit log"), "fail");
    assert!(line(&o, "audit log").contains("symlink"), "{}", o.stdout);
}

#[test]
fn bad_config_fails() {
    let env = Env::new();
    install(&env);
    env.config("mode = \"auto\"\nno_such_key = 1\n");
    let o = doctor(&env, &[]);
    assert_eq!(o.code, 1);
    assert_eq!(level(&o, "config "), "fail");
    assert!(line(&o, "config ").contains("config.toml"), "{}", o.stdout);
    assert_eq!(level(&o, "reviewer"), "skip");
}

#[test]
fn lint_problems_warn() {
    let env = Env::new();
    install(&env);
    env.config("[permissions]\nallow = [\"Bash\"]\n");
    let o = doctor(&env, &["--offline"]);
    assert_eq!(o.code, 0, "{}", o.stdout);
    assert_eq!(level(&o, "config lints"), "warn");
    assert!(
        line(&o, "config lints").contains("gatehook check"),
        "{}",
        o.stdout
    );
}

#[test]
fn low_timeout_fails_in_auto_mode_and_warns_in_guard() {
    let env = Env::new();
    let exe = std::path::Path::new(support::BIN).canonicalize().unwrap();
    std::fs::write(
        env.home.join(".claude/settings.json"),
        json!({"hooks": {"PreToolUse": [{"matcher": "*", "hooks": [{"type": "command", "command": format!("{} hook", exe.display()), "timeout": 5}]}]}}).to_string(),
    )
    .unwrap();
    let o = doctor(&env, &["--offline"]);
    assert_eq!(level(&o, "hook timeout"), "warn");
    env.config("mode = \"auto\"\n[reviewer]\nprovider = \"openai\"\nurl = \"http://127.0.0.1:9/v1/chat/completions\"\nmodel = \"m\"\n");
    let o = doctor(&env, &["--offline"]);
    assert_eq!(o.code, 1);
    assert_eq!(level(&o, "hook timeout"), "fail");
    assert!(
        line(&o, "hook timeout").contains("PreToolUse 5 s"),
        "{}",
        o.stdout
    );
    assert_eq!(level(&o, "reviewer"), "skip", "--offline calls nothing");
    install(&env);
    assert_eq!(level(&doctor(&env, &["--offline"]), "hook timeout"), "ok");
}

/// A one-connection-at-a-time OpenAI-style server answering `reply` as the model's text;
/// returns its port and the bodies it received.
fn reviewer_server(reply: &'static str) -> (u16, Arc<Mutex<Vec<String>>>) {
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = l.local_addr().unwrap().port();
    let bodies = Arc::new(Mutex::new(Vec::new()));
    let b2 = bodies.clone();
    std::thread::spawn(move || {
        for s in l.incoming().flatten() {
            let mut r = BufReader::new(s.try_clone().unwrap());
            let mut len = 0usize;
            loop {
                let mut h = String::new();
                if r.read_line(&mut h).unwrap_or(0) == 0 || h.trim().is_empty() {
                    break;
                }
                if let Some((k, v)) = h.split_once(':') {
                    if k.eq_ignore_ascii_case("content-length") {
                        len = v.trim().parse().unwrap();
                    }
                }
            }
            let mut body = vec![0; len];
            r.read_exact(&mut body).unwrap();
            b2.lock()
                .unwrap()
                .push(String::from_utf8_lossy(&body).into_owned());
            let text = json!({"id": "c", "object": "chat.completion", "model": "fake",
                "choices": [{"index": 0, "finish_reason": "stop",
                             "message": {"role": "assistant", "content": reply}}]})
            .to_string();
            let mut w = s;
            let _ = write!(
                w,
                "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{text}",
                text.len()
            );
        }
    });
    (port, bodies)
}

fn auto_config(env: &Env, port: u16, extra: &str) {
    env.config(&format!(
        "mode = \"auto\"\n[reviewer]\nprovider = \"openai\"\nurl = \"http://127.0.0.1:{port}/v1/chat/completions\"\nmodel = \"fake\"\ntimeout_ms = 3000\n{extra}"
    ));
}

const ALLOW: &str = r#"{"decision": "allow", "risk": "low", "reason": "asked for", "kind": null, "evidence": ["m1"]}"#;

#[test]
fn loopback_reviewer_answering_a_verdict_is_ok() {
    let env = Env::new();
    let (port, bodies) = reviewer_server(ALLOW);
    auto_config(&env, port, "[reviewer.fast]\ntimeout_ms = 2000\n");
    install(&env);
    let o = doctor(&env, &[]);
    assert_eq!(o.code, 0, "{}", o.stdout);
    assert_eq!(level(&o, "reviewer (fast)"), "ok");
    assert_eq!(level(&o, "reviewer (full)"), "ok");
    assert!(line(&o, "reviewer (full)").contains(" ms"), "{}", o.stdout);
    let bodies = bodies.lock().unwrap();
    assert_eq!(bodies.len(), 2, "one request per stage");
    let req: Value = serde_json::from_str(&bodies[1]).unwrap();
    let user = req["messages"][1]["content"].as_str().unwrap();
    assert!(user.contains("List the files in this directory."), "{user}");
    assert!(user.contains("\"ls\""), "{user}");
    // The probe leaves no session state behind.
    assert!(!env.gh.join("state/gatehook-doctor").exists());

    // --offline sends nothing.
    drop(bodies);
    let o = doctor(&env, &["--offline"]);
    assert_eq!(level(&o, "reviewer"), "skip");
}

#[test]
fn an_allow_the_guarantees_would_withdraw_is_not_ok() {
    // A small model citing the data container instead of the message id: the hook would
    // withdraw that allow, so doctor must not call the reviewer ok.
    let env = Env::new();
    install(&env);
    let (port, _) = reviewer_server(
        r#"{"decision": "allow", "risk": "low", "reason": "asked", "kind": null, "evidence": ["<DATA-0 m1>"]}"#,
    );
    auto_config(&env, port, "");
    let o = doctor(&env, &[]);
    assert_eq!(level(&o, "reviewer (full)"), "warn", "{}", o.stdout);
    assert!(
        line(&o, "reviewer (full)").contains("`evidence` guarantee withdrew it"),
        "{}",
        o.stdout
    );
}

#[test]
fn reviewer_refusing_a_harmless_call_warns_and_garbage_fails() {
    let env = Env::new();
    install(&env);
    let (port, _) = reviewer_server(
        r#"{"decision": "deny", "risk": "high", "reason": "no", "kind": "x", "evidence": []}"#,
    );
    auto_config(&env, port, "");
    let o = doctor(&env, &[]);
    assert_eq!(o.code, 0, "{}", o.stdout);
    assert_eq!(level(&o, "reviewer (full)"), "warn");
    let (port, _) = reviewer_server("Sure! I think it is fine.");
    auto_config(&env, port, "");
    let o = doctor(&env, &[]);
    assert_eq!(o.code, 1);
    assert_eq!(level(&o, "reviewer (full)"), "fail");
}

#[test]
fn refused_reviewer_port_fails() {
    let env = Env::new();
    install(&env);
    let port = {
        let l = TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap().port()
    };
    auto_config(&env, port, "");
    let o = doctor(&env, &[]);
    assert_eq!(o.code, 1, "{}", o.stdout);
    assert_eq!(level(&o, "reviewer (full)"), "fail");
    assert!(
        line(&o, "reviewer (full)").contains("no verdict"),
        "{}",
        o.stdout
    );
    assert!(line(&o, "reviewer (full)").contains("fix:"));
}

#[test]
fn doctor_says_which_form_each_registration_uses_and_whether_it_works_here() {
    let env = Env::new();
    assert_eq!(
        env.run_raw(env.command(&["install", "--project"]), b"")
            .code,
        0
    );
    install(&env);
    let bin_dir = env.root.join("pathbin");
    std::fs::create_dir_all(&bin_dir).unwrap();
    std::os::unix::fs::symlink(support::BIN, bin_dir.join("gatehook")).unwrap();
    let with_path = |path: &str| {
        let mut c = env.command(&["doctor", "--offline"]);
        c.env("PATH", path);
        env.run_raw(c, b"")
    };
    let o = with_path(&format!("{}:/usr/bin:/bin", bin_dir.display()));
    assert_eq!(level(&o, "hook command"), "ok", "{}", o.stdout);
    let l = line(&o, "hook command");
    assert!(
        l.contains("project: portable") && l.contains("user: this machine's path"),
        "{l}"
    );
    // Without gatehook on PATH the project's registration blocks every call here.
    let o = with_path("/usr/bin:/bin");
    assert_eq!(level(&o, "hook command"), "fail", "{}", o.stdout);
    assert!(
        line(&o, "hook command").contains("gatehook is not on this PATH: every call is blocked"),
        "{}",
        o.stdout
    );
}

#[test]
fn codex_registration_is_checked_and_trust_needs_codex_to_ask() {
    let env = Env::new();
    let codex_home = env.root.join("codex-home");
    std::fs::create_dir_all(&codex_home).unwrap();
    let run = |path: &str| {
        let mut c = env.command(&["doctor", "--offline"]);
        c.env("CODEX_HOME", &codex_home).env("PATH", path);
        env.run_raw(c, b"")
    };
    // Not registered for Codex: one skip line.
    let o = run("/usr/bin:/bin");
    assert_eq!(level(&o, "codex"), "skip", "{}", o.stdout);
    // Registered (install without codex on PATH writes the file and exits 1: not active).
    let mut c = env.command(&["install", "--codex"]);
    c.env("CODEX_HOME", &codex_home)
        .env("PATH", "/usr/bin:/bin");
    let o = env.run_raw(c, b"");
    assert_eq!(o.code, 1, "{o:?}");
    assert!(o.stdout.contains("NOT ACTIVE YET"), "{o:?}");
    assert!(codex_home.join("hooks.json").exists());
    let o = run("/usr/bin:/bin");
    assert_eq!(level(&o, "codex home"), "ok", "{}", o.stdout);
    assert!(
        line(&o, "codex home").contains("CODEX_HOME"),
        "{}",
        o.stdout
    );
    assert_eq!(level(&o, "codex registration"), "ok", "{}", o.stdout);
    assert_eq!(level(&o, "codex hook command"), "fail", "{}", o.stdout);
    assert_eq!(level(&o, "codex trust"), "warn", "{}", o.stdout);
    // Hooks turned off in Codex's config: a failure.
    std::fs::write(
        codex_home.join("config.toml"),
        "[features]\nhooks = false\n",
    )
    .unwrap();
    let o = run("/usr/bin:/bin");
    assert!(
        o.stdout
            .lines()
            .any(|l| l.starts_with("fail") && l.contains("hooks = false")),
        "{}",
        o.stdout
    );
    assert_eq!(o.code, 1);
}

/// gatehook's Claude Code plugin enabled in user settings registers every event: no
/// `registration` failure for a person who installed it that way.
#[test]
fn an_enabled_gatehook_plugin_counts_as_registered() {
    let env = Env::new();
    std::fs::write(
        env.home.join(".claude/settings.json"),
        r#"{"enabledPlugins": {"gatehook@gatehook": true, "other@x": true}}"#,
    )
    .unwrap();
    let o = doctor(&env, &["--offline"]);
    assert_eq!(level(&o, "registration"), "ok", "{}", o.stdout);
    assert!(line(&o, "registration").contains("gatehook@gatehook"));
    // Disabled is not registered.
    std::fs::write(
        env.home.join(".claude/settings.json"),
        r#"{"enabledPlugins": {"gatehook@gatehook": false}}"#,
    )
    .unwrap();
    let o = doctor(&env, &["--offline"]);
    assert_eq!(level(&o, "registration"), "fail", "{}", o.stdout);
}
