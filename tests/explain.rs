//! `gatehook explain` through the binary: the same evaluation as the hook, rendered.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use serde_json::Value;
use support::Env;

fn explain_json(env: &Env, args: &[&str]) -> Value {
    let mut all = vec!["explain", "--json"];
    all.extend_from_slice(args);
    let out = env.run_raw(env.command(&all), b"");
    assert_eq!(out.code, 0, "{out:?}");
    serde_json::from_str(&out.stdout).unwrap()
}

#[test]
fn explain_matches_the_hook_for_every_file_tool_case() {
    let env = Env::new();
    let cases = [
        ("Read", r#"{"file_path":"$WS/src/main.rs"}"#),
        ("Read", r#"{"file_path":"$HOME/.ssh/id_rsa"}"#),
        ("Write", r#"{"file_path":"$WS/.env","content":"x"}"#),
        (
            "Write",
            r#"{"file_path":"$WS/.claude/settings.json","content":"x"}"#,
        ),
        ("WebFetch", r#"{"url":"https://example.com","prompt":"x"}"#),
        ("Read", r#"{}"#),
    ];
    for (tool, input) in cases {
        let input_v = env.expand(input);
        let hook = env.pre(tool, input);
        let ex = explain_json(&env, &["--tool", tool, "--input", &input_v.to_string()]);
        assert_eq!(
            ex["decision"],
            hook.decision().as_str(),
            "{tool} {input}: {ex}"
        );
        if hook.decision() != "none" {
            // The hook's reason adds an allow-once code where one can lift the refusal;
            // explain says whether it would (it issues no code itself).
            let reason = hook.reason();
            let (line, code) =
                match reason.split_once("; or let it run once: `gatehook allow-once ") {
                    Some((line, _)) => (line.to_string(), true),
                    None => (reason.clone(), false),
                };
            assert_eq!(ex["reason"], line.as_str(), "{tool} {input}");
            assert_eq!(ex["allow_once"], code, "{tool} {input}");
        }
    }
}

#[test]
fn explain_shows_its_steps_and_config() {
    let env = Env::new();
    env.config("[permissions]\ndeny = [\"Read(./secret/**)\"]\n");
    let ex = explain_json(
        &env,
        &[
            "--tool",
            "Read",
            "--input",
            &format!("{{\"file_path\":\"{}/secret/k\"}}", env.ws.display()),
        ],
    );
    assert_eq!(ex["decision"], "deny");
    assert_eq!(ex["cause"], "deny-rule");
    let stages: Vec<&str> = ex["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["stage"].as_str().unwrap())
        .collect();
    assert!(
        stages.contains(&"path") && stages.contains(&"rules"),
        "{stages:?}"
    );
    let config = ex["config"].to_string();
    assert!(config.contains("config.toml"), "{config}");
    assert!(ex["paths"][0]["resolved"]
        .as_str()
        .unwrap()
        .ends_with("/secret/k"));

    // The human rendering carries the same decision.
    let out = env.run_raw(
        env.command(&[
            "explain",
            "--tool",
            "Read",
            "--input",
            &format!("{{\"file_path\":\"{}/secret/k\"}}", env.ws.display()),
        ]),
        b"",
    );
    assert!(
        out.stdout
            .contains("decision: deny (gate rule, cause deny-rule)"),
        "{}",
        out.stdout
    );
    assert!(out.stdout.contains("steps:"), "{}", out.stdout);
}

#[test]
fn explain_reads_a_payload_from_stdin() {
    let env = Env::new();
    let p = env.payload(
        "Read",
        env.expand(r#"{"file_path":"$HOME/.aws/credentials"}"#),
    );
    let out = env.run_raw(
        env.command(&["explain", "--json", "-"]),
        p.to_string().as_bytes(),
    );
    let v: Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(
        (v["decision"].as_str(), v["cause"].as_str()),
        (Some("deny"), Some("credential"))
    );
}

#[test]
fn explain_a_bare_command_is_a_bash_call() {
    let env = Env::new();
    let ex = explain_json(&env, &["git status"]);
    assert!(ex["shell"]["commands"][0]["exec"].is_array(), "{ex}");
    assert!(["allow", "none", "ask"].contains(&ex["decision"].as_str().unwrap()));
}

#[test]
fn explain_usage_errors_exit_2() {
    let env = Env::new();
    for args in [
        vec!["explain"],
        vec!["explain", "--tool", "Read", "--input", "not json"],
    ] {
        let out = env.run_raw(env.command(&args), b"");
        assert_eq!(out.code, 2, "{args:?}: {out:?}");
    }
}

#[test]
fn explain_reports_bad_config_as_the_hook_would() {
    let env = Env::new();
    env.config("mode = 3\n");
    let ex = explain_json(
        &env,
        &["--tool", "Read", "--input", "{\"file_path\":\"/x\"}"],
    );
    assert_eq!(
        (ex["decision"].as_str(), ex["cause"].as_str()),
        (Some("deny"), Some("bad-config"))
    );
}
