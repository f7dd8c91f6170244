//! `gatehook denied` and `gatehook rules add` through the binary.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use serde_json::Value;
use support::Env;

#[test]
fn lists_recent_refusals_with_explain_and_narrow_rules() {
    let env = Env::new();
    env.pre("Read", r#"{"file_path":"$HOME/.ssh/id_rsa"}"#);
    env.pre("Read", r#"{"file_path":"/etc/hostname"}"#);
    env.pre("Read", r#"{"file_path":"$WS/src/main.rs"}"#);
    let out = env.run_raw(env.command(&["denied", "--json"]), b"");
    assert_eq!(out.code, 0, "{out:?}");
    let v: Value = serde_json::from_str(&out.stdout).unwrap();
    let e = v["entries"].as_array().unwrap();
    assert_eq!(e.len(), 2, "{v}");
    assert_eq!(e[0]["cause"], "outside-workspace", "newest first");
    assert_eq!(e[0]["suggestion"], "Read(//etc/hostname)");
    assert!(e[0]["explain"]
        .as_str()
        .unwrap()
        .starts_with("gatehook explain --cwd "));
    assert_eq!(e[1]["cause"], "credential");
    assert!(e[1]["suggestion"].is_null(), "no rule lifts the hard floor");

    // The explain command it prints reproduces the decision.
    let text = env.run_raw(env.command(&["denied"]), b"").stdout;
    assert!(
        text.contains("to allow it: gatehook rules add 'Read(//etc/hostname)'"),
        "{text}"
    );

    // Filter by session.
    let out = env.run_raw(
        env.command(&["denied", "--json", "--session", "other"]),
        b"",
    );
    let v: Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(v["entries"].as_array().unwrap().len(), 0);
}

#[test]
fn rules_add_writes_the_user_config_only_with_consent() {
    let env = Env::new();
    env.config("# my settings\nmode = \"guard\"\n");
    // No TTY and no --yes: shown, not written.
    let out = env.run_raw(env.command(&["rules", "add", "Read(//etc/hostname)"]), b"");
    assert_eq!(out.code, 2, "{out:?}");
    assert!(out.stderr.contains("--yes"));
    assert_eq!(
        env.pre("Read", r#"{"file_path":"/etc/hostname"}"#)
            .decision(),
        "ask"
    );

    let out = env.run_raw(
        env.command(&["rules", "add", "--yes", "Read(//etc/hostname)"]),
        b"",
    );
    assert_eq!(out.code, 0, "{out:?}");
    let cfg = std::fs::read_to_string(env.gh.join("config.toml")).unwrap();
    assert!(cfg.starts_with("# my settings"), "comments kept: {cfg}");
    assert_eq!(
        env.pre("Read", r#"{"file_path":"/etc/hostname"}"#)
            .decision(),
        "allow"
    );

    // Idempotent, and invalid rules are refused.
    let out = env.run_raw(
        env.command(&["rules", "add", "--yes", "Read(//etc/hostname)"]),
        b"",
    );
    assert!(out.stdout.contains("already"), "{out:?}");
    let out = env.run_raw(env.command(&["rules", "add", "--yes", "Bash("]), b"");
    assert_eq!(out.code, 2);
}
