//! The hook's edges through the built binary: permission modes and the PermissionRequest
//! shape, gatehook's own modes, the audit record, other events, and every fail-closed path
//! (bad payloads, bad config, no HOME, crashes), plus project-file trust and managed config.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use serde_json::json;
use support::Env;

#[test]
fn permission_modes() {
    let env = Env::new();
    let mut p = env.payload(
        "Write",
        env.expand(r#"{"file_path":"$WS/src/a.rs","content":"x"}"#),
    );
    p["permission_mode"] = json!("plan");
    let out = env.hook(&p);
    assert_eq!(
        (out.decision().as_str(), out.cause().as_str()),
        ("deny", "plan-mode")
    );
    p["tool_name"] = json!("Read");
    p["tool_input"] = env.expand(r#"{"file_path":"$WS/src/main.rs"}"#);
    assert_eq!(env.hook(&p).decision(), "allow", "plan mode still reads");

    p["permission_mode"] = json!("bypassPermissions");
    p["tool_input"] = env.expand(r#"{"file_path":"$HOME/.ssh/id_rsa"}"#);
    assert_eq!(
        env.hook(&p).decision(),
        "deny",
        "the hard floor holds in bypass mode"
    );
    p["tool_name"] = json!("Write");
    p["tool_input"] = env.expand(r#"{"file_path":"/tmp/x","content":"x"}"#);
    assert_eq!(
        env.hook(&p).decision(),
        "none",
        "bypass leaves the rest to the harness"
    );
}

#[test]
fn permission_request_uses_its_own_shape() {
    let env = Env::new();
    let mut p = env.payload(
        "Read",
        env.expand(r#"{"file_path":"$HOME/.aws/credentials"}"#),
    );
    p["hook_event_name"] = json!("PermissionRequest");
    p.as_object_mut().unwrap().remove("tool_use_id");
    let out = env.hook(&p);
    assert_eq!(out.code, 0);
    let v = out.json();
    assert_eq!(
        v["hookSpecificOutput"]["hookEventName"],
        "PermissionRequest"
    );
    assert_eq!(v["hookSpecificOutput"]["decision"]["behavior"], "deny");
    assert!(v["hookSpecificOutput"]["decision"]["message"]
        .as_str()
        .unwrap()
        .contains("credential"));
    // ask = let the dialog show: silence
    p["tool_input"] = env.expand(r#"{"file_path":"$WS/.env"}"#);
    assert_eq!(env.hook(&p).stdout, "");
}

#[test]
fn auto_mode_without_a_reviewer_fails_closed() {
    let env = Env::new();
    env.config("mode = \"auto\"\n[reviewer]\nprovider = \"none\"\n");
    let out = env.pre("WebFetch", r#"{"url":"https://example.com","prompt":"x"}"#);
    assert_eq!(
        (out.decision().as_str(), out.cause().as_str()),
        ("deny", "reviewer-unavailable")
    );
    env.config("mode = \"auto\"\n[reviewer]\nprovider = \"none\"\non_failure = \"ask\"\n");
    let out = env.pre("WebFetch", r#"{"url":"https://example.com","prompt":"x"}"#);
    assert_eq!(out.decision(), "ask");
    // The fast path needs no reviewer.
    assert_eq!(
        env.pre("Read", r#"{"file_path":"$WS/src/main.rs"}"#)
            .decision(),
        "allow"
    );
}

#[test]
fn observe_mode_prints_nothing_but_logs() {
    let env = Env::new();
    env.config("mode = \"observe\"\n");
    let out = env.pre("Read", r#"{"file_path":"$HOME/.ssh/id_rsa"}"#);
    assert_eq!((out.code, out.stdout.as_str()), (0, ""));
    let lines = env.audit_lines();
    assert_eq!(lines.last().unwrap()["decision"], "deny");
    assert_eq!(lines.last().unwrap()["mode"], "observe");
}

#[test]
fn audit_records_every_decision_without_secrets() {
    let env = Env::new();
    env.pre("Read", r#"{"file_path":"$WS/src/main.rs"}"#);
    env.pre(
        "Write",
        r#"{"file_path":"$WS/.env","content":"GITHUB_TOKEN=ghp_abcdefghijklmnopqrstuvwxyz0123456789\n"}"#,
    );
    env.pre("WebFetch", r#"{"url":"https://example.com","prompt":"x"}"#);
    let lines = env.audit_lines();
    assert_eq!(lines.len(), 3, "{lines:?}");
    for l in &lines {
        for f in [
            "ts",
            "session_id",
            "tool",
            "decision",
            "cause",
            "gate",
            "latency_us",
            "version",
        ] {
            assert!(!l[f].is_null(), "audit field {f} missing in {l}");
        }
    }
    assert_eq!(
        [
            &lines[0]["decision"],
            &lines[1]["decision"],
            &lines[2]["decision"]
        ],
        [&json!("allow"), &json!("ask"), &json!("none")]
    );
    assert_eq!(lines[0]["gate"], "fastpath");
    let text = std::fs::read_to_string(env.gh.join("audit.jsonl")).unwrap();
    assert!(
        !text.contains("ghp_abcdefghijklmnopqrstuvwxyz0123456789"),
        "token leaked into the audit log"
    );
}

#[test]
fn audit_failure_never_changes_the_decision() {
    let env = Env::new();
    // A directory where the log should be: the log cannot be written.
    std::fs::create_dir_all(env.gh.join("audit.jsonl")).unwrap();
    let out = env.pre("Read", r#"{"file_path":"$HOME/.ssh/id_rsa"}"#);
    assert_eq!(out.decision(), "deny");
    let out = env.pre("Read", r#"{"file_path":"$WS/src/main.rs"}"#);
    assert_eq!(out.decision(), "allow");
    assert!(out.stderr.contains("audit"), "{}", out.stderr);
}

#[test]
fn audit_refuses_a_planted_symlink() {
    let env = Env::new();
    std::fs::create_dir_all(&env.gh).unwrap();
    std::os::unix::fs::symlink(env.home.join(".bashrc"), env.gh.join("audit.jsonl")).unwrap();
    let out = env.pre("Read", r#"{"file_path":"$HOME/.ssh/id_rsa"}"#);
    assert_eq!(out.decision(), "deny");
    assert_eq!(
        std::fs::read_to_string(env.home.join(".bashrc")).unwrap(),
        "# rc\n"
    );
}

#[test]
fn user_prompt_submit_records_and_never_blocks() {
    let env = Env::new();
    let p = json!({"session_id":"s-1","cwd":env.ws,"hook_event_name":"UserPromptSubmit","prompt":"don't push yet","prompt_id":"p1"});
    let out = env.hook(&p);
    assert_eq!((out.code, out.stdout.as_str()), (0, ""));
    let rec = std::fs::read_to_string(env.gh.join("state/s-1/prompts.jsonl")).unwrap();
    assert!(rec.contains("don't push yet"));
    // Even when state cannot be written, the prompt is not blocked.
    std::fs::remove_dir_all(env.gh.join("state")).unwrap();
    std::fs::write(env.gh.join("state"), "x").unwrap();
    let out = env.hook(&p);
    assert_eq!((out.code, out.stdout.as_str()), (0, ""));
}

#[test]
fn other_events_are_silent() {
    let env = Env::new();
    for ev in [
        "SessionStart",
        "SubagentStop",
        "Stop",
        "Notification",
        "PostToolUse",
    ] {
        let out = env.hook(&json!({"session_id":"s","cwd":env.ws,"hook_event_name":ev}));
        assert_eq!((out.code, out.stdout.as_str()), (0, ""), "{ev}");
    }
}

/// Every malformed input is refused with a named cause; never exit 1, never an allow.
#[test]
fn fails_closed_on_bad_payloads() {
    let env = Env::new();
    let deep = format!("{}{}", "[".repeat(50_000), "]".repeat(50_000));
    let big = format!(
        "{{\"hook_event_name\":\"PreToolUse\",\"x\":\"{}\"}}",
        "a".repeat(9 * 1024 * 1024)
    );
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("empty", b"".to_vec()),
        ("whitespace", b"  \n".to_vec()),
        ("not json", b"hello".to_vec()),
        (
            "truncated",
            br#"{"hook_event_name":"PreToolUse","tool_name":"Re"#.to_vec(),
        ),
        (
            "not utf-8",
            b"{\"hook_event_name\":\"PreToolUse\xff\"}".to_vec(),
        ),
        ("array", b"[1,2]".to_vec()),
        ("deep", deep.into_bytes()),
        ("oversized", big.into_bytes()),
        (
            "no event",
            br#"{"tool_name":"Read","tool_input":{}}"#.to_vec(),
        ),
        ("event not string", br#"{"hook_event_name":1}"#.to_vec()),
    ];
    for (name, bytes) in cases {
        let out = env.hook_bytes(&bytes);
        assert_eq!(out.code, 2, "{name}: {out:?}");
        assert!(
            out.stderr.contains("gatehook deny [bad-input]"),
            "{name}: {}",
            out.stderr
        );
    }
    // Known event, broken fields: a JSON deny in the event's shape.
    let cases = [
        json!({"hook_event_name":"PreToolUse","cwd":env.ws,"tool_name":"Read"}),
        json!({"hook_event_name":"PreToolUse","cwd":env.ws,"tool_input":{}}),
        json!({"hook_event_name":"PreToolUse","cwd":"relative","tool_name":"Read","tool_input":{}}),
        json!({"hook_event_name":"PreToolUse","tool_name":"Read","tool_input":{"file_path":"/x"}}),
        json!({"hook_event_name":"PreToolUse","cwd":env.ws,"tool_name":"Read","tool_input":[]}),
        json!({"hook_event_name":"PreToolUse","cwd":env.ws,"tool_name":5,"tool_input":{}}),
    ];
    for p in cases {
        let out = env.hook(&p);
        assert_eq!((out.code, out.decision().as_str()), (0, "deny"), "{p}");
        assert_eq!(out.cause(), "bad-input", "{p}");
    }
}

#[test]
fn fails_closed_on_bad_config() {
    let env = Env::new();
    let read = r#"{"file_path":"$WS/src/main.rs"}"#;
    let bad = [
        "mode = \"yolo\"\n",
        "unknown_key = 1\n",
        "[permissions]\nallow = [\"Bash(\"]\n",
        "not toml at all [[[\n",
        "[audit]\nmax_bytes = \"big\"\n",
    ];
    for text in bad {
        env.config(text);
        let out = env.pre("Read", read);
        assert_eq!(
            (out.decision().as_str(), out.cause().as_str()),
            ("deny", "bad-config"),
            "{text}"
        );
        assert!(
            out.reason().contains("config.toml"),
            "names the file: {}",
            out.reason()
        );
    }
    // Unreadable: a directory where the file should be.
    std::fs::remove_file(env.gh.join("config.toml")).unwrap();
    std::fs::create_dir_all(env.gh.join("config.toml")).unwrap();
    assert_eq!(env.pre("Read", read).decision(), "deny");
    // A broken project file (which the agent could write) also fails closed.
    std::fs::remove_dir_all(env.gh.join("config.toml")).unwrap();
    std::fs::write(env.path(".gatehook.toml"), "[permissions]\ndeny = [3]\n").unwrap();
    assert_eq!(env.pre("Read", read).decision(), "deny");
}

#[test]
fn missing_home_fails_closed() {
    let env = Env::new();
    let mut cmd = env.command(&["hook"]);
    cmd.env_remove("HOME");
    let p = env.payload("Read", env.expand(r#"{"file_path":"$WS/src/main.rs"}"#));
    let out = env.run_raw(cmd, p.to_string().as_bytes());
    assert_eq!(out.decision(), "deny");
}

#[test]
fn project_file_only_tightens_until_trusted() {
    let env = Env::new();
    std::fs::write(
        env.path(".gatehook.toml"),
        "mode = \"observe\"\n[permissions]\nallow = [\"Read(//etc/**)\"]\ndeny = [\"Read(./src/secret.rs)\"]\n",
    )
    .unwrap();
    std::fs::write(env.path("src/secret.rs"), "x").unwrap();
    assert_eq!(
        env.pre("Read", r#"{"file_path":"$WS/src/secret.rs"}"#)
            .decision(),
        "deny"
    );
    let out = env.pre("Read", r#"{"file_path":"/etc/hostname"}"#);
    assert_eq!(
        out.decision(),
        "ask",
        "untrusted project allow rules and mode are ignored"
    );
    // The person trusts this exact file.
    let t = env.run_raw(env.command(&["trust"]), b"");
    assert_eq!(t.code, 0, "{t:?}");
    let out = env.pre("Read", r#"{"file_path":"/etc/hostname"}"#);
    assert_eq!(
        (out.code, out.stdout.as_str()),
        (0, ""),
        "trusted: observe mode applies"
    );
    // Editing it withdraws the trust.
    std::fs::write(
        env.path(".gatehook.toml"),
        "[permissions]\nallow = [\"Read(//etc/**)\", \"Read(~/**)\"]\n",
    )
    .unwrap();
    assert_eq!(
        env.pre("Read", r#"{"file_path":"/etc/hostname"}"#)
            .decision(),
        "ask"
    );
}

#[test]
fn managed_config_can_forbid_user_allow_rules() {
    let env = Env::new();
    env.config("[permissions]\nallow = [\"Read(//etc/**)\"]\n");
    assert_eq!(
        env.pre("Read", r#"{"file_path":"/etc/hostname"}"#)
            .decision(),
        "allow"
    );
    std::fs::create_dir_all(env.managed.parent().unwrap()).unwrap();
    std::fs::write(&env.managed, "[permissions]\nmanaged_allow_only = true\n").unwrap();
    assert_eq!(
        env.pre("Read", r#"{"file_path":"/etc/hostname"}"#)
            .decision(),
        "ask"
    );
}

#[test]
fn reasons_are_one_bounded_line() {
    let env = Env::new();
    let long = format!("{}/{}\u{202e}\n.env", env.ws.display(), "a/".repeat(400));
    let input = json!({ "file_path": long });
    let out = env.hook(&env.payload("Read", input));
    let r = out.reason();
    assert!(
        !r.contains('\n') && !r.contains('\u{202e}') && r.chars().count() <= 401,
        "{r}"
    );
}

#[test]
fn a_crash_blocks_the_call() {
    let env = Env::new();
    let mut cmd = env.command(&["hook"]);
    cmd.env("GATEHOOK_TEST_PANIC", "1");
    let p = env.payload("Read", env.expand(r#"{"file_path":"$WS/src/main.rs"}"#));
    let out = env.run_raw(cmd, p.to_string().as_bytes());
    assert_eq!(
        out.code, 2,
        "a panic must exit 2 (blocking), never 0 or 1: {out:?}"
    );
    assert!(out.stderr.contains("internal-error"), "{}", out.stderr);
    assert_eq!(out.stdout, "");
}

/// The sample payloads in fixtures/ answer as fixtures/README.md says.
#[test]
fn fixtures_answer_as_documented() {
    let env = Env::new();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    for (file, want) in [
        ("read-in-workspace.json", "allow"),
        ("read-credential.json", "deny"),
        ("write-env.json", "ask"),
        ("write-claude-settings.json", "deny"),
    ] {
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        // The workspace stands in for $PWD; README.md must exist there.
        std::fs::write(env.ws.join("README.md"), "x").unwrap();
        let text = text
            .replace("@PWD@", env.ws.to_str().unwrap())
            .replace("@HOME@", env.home.to_str().unwrap());
        let out = env.hook_bytes(text.as_bytes());
        assert_eq!(out.decision(), want, "{file}: {}", out.reason());
    }
}
