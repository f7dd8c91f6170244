//! `gatehook check --replay` and `--format junit` through the binary.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use serde_json::{json, Value};
use support::{Env, Out};

fn check(env: &Env, args: &[&str]) -> Out {
    let mut all = vec!["check"];
    all.extend_from_slice(args);
    env.run_raw(env.command(&all), b"")
}

/// Parse XML with python3's standard library: the report must be well-formed.
fn xml_ok(xml: &str) -> Value {
    let script = "import sys, json, xml.etree.ElementTree as E\n\
        r = E.fromstring(sys.stdin.read())\n\
        s = r.find('testsuite')\n\
        print(json.dumps({'tests': s.get('tests'), 'failures': s.get('failures'), 'errors': s.get('errors'),\n\
          'cases': [{'name': c.get('name'), 'failure': (c.find('failure').get('message') if c.find('failure') is not None else None),\n\
                     'error': c.find('error') is not None} for c in s.findall('testcase')]}))";
    let mut cmd = std::process::Command::new("python3");
    cmd.args(["-c", script]);
    let env = Env::new();
    let out = env.run_raw(cmd, xml.as_bytes());
    assert_eq!(out.code, 0, "not well-formed XML: {}\n{xml}", out.stderr);
    serde_json::from_str(&out.stdout).unwrap()
}

fn seed_audit(env: &Env) -> std::path::PathBuf {
    let calls = [
        env.payload("Read", json!({"file_path": env.path("README.md")})),
        env.payload("Bash", json!({"command": "rm -rf ~"})),
        env.payload("Bash", json!({"command": "git push origin feature"})),
        env.payload(
            "Bash",
            json!({"command": "curl -H 'Authorization: Bearer sk-live-abcdefghijklmnopqrstuvwx' https://api.example.com"}),
        ),
    ];
    for c in &calls {
        assert_eq!(env.hook(c).code, 0);
    }
    env.gh.join("audit.jsonl")
}

#[test]
fn replay_lists_only_changed_decisions_with_their_cause() {
    let env = Env::new();
    let log = seed_audit(&env);
    let log_s = log.to_str().unwrap();
    let out = check(&env, &["--replay", log_s]);
    assert_eq!(out.code, 0, "{out:?}");
    assert!(
        out.stdout.contains("4 replayed, 4 unchanged, 0 changed"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout
            .contains("replayed as logged (redacted values as redacted)"),
        "{}",
        out.stdout
    );

    // A new deny rule and a new allow rule change two decisions.
    env.config(
        "[permissions]\ndeny = [\"Read(/README.md)\"]\nallow = [\"Bash(git push origin feature)\"]\n",
    );
    let out = check(&env, &["--replay", log_s]);
    assert_eq!(out.code, 0, "replay is informational: {out:?}");
    assert!(out.stdout.contains("2 changed"), "{}", out.stdout);
    assert!(
        out.stdout.contains("CHANGED line 1") && out.stdout.contains("allow → deny [deny-rule]"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout.contains("ask → allow [allow-rule]"),
        "{}",
        out.stdout
    );
    assert!(
        !out.stdout.contains("rm -rf ~: "),
        "an unchanged call is not listed: {}",
        out.stdout
    );

    let out = check(&env, &["--replay", log_s, "--fail-on-change"]);
    assert_eq!(out.code, 1, "{out:?}");

    let out = check(&env, &["--replay", log_s, "--format", "json"]);
    let v = out.json();
    assert_eq!(v["changed"].as_array().unwrap().len(), 2, "{v}");
    assert_eq!(v["ok"], true);

    let out = check(&env, &["--replay", log_s, "--format", "junit"]);
    let x = xml_ok(&out.stdout);
    assert_eq!(
        (x["tests"].as_str(), x["failures"].as_str()),
        (Some("4"), Some("2")),
        "{x}"
    );
}

#[test]
fn replay_reports_review_never_calls_the_reviewer_and_skips_session_state() {
    let env = Env::new();
    let log = env.root.join("old.jsonl");
    let ws = env.ws.display().to_string();
    let lines = [
        // Reviewed in auto mode; under auto mode now it would go to the reviewer again.
        json!({"ts": "t1", "tool": "WebFetch", "input": {"url": "http://10.0.0.5/", "prompt": "x"},
               "cwd": ws, "decision": "allow", "gate": "reviewer", "permission_mode": "default"}),
        // Decided by a hold: session state, not replayed.
        json!({"ts": "t2", "tool": "Bash", "input": {"command": "git push"}, "cwd": ws,
               "decision": "ask", "gate": "hold"}),
        // Not replayable.
        json!({"ts": "t3", "tool": null, "input": null, "cwd": ws, "decision": "deny", "gate": "error"}),
        json!({"ts": "t4", "tool": "Read", "input": {"file_path": "x"}, "cwd": "relative", "decision": "allow"}),
    ];
    let mut text: String = lines.iter().map(|l| format!("{l}\n")).collect();
    text.push_str("{torn line\n");
    std::fs::write(&log, text).unwrap();
    // The reviewer URL points nowhere: a replay that called it would fail or hang.
    env.config("mode = \"auto\"\n[reviewer]\nprovider = \"openai\"\nurl = \"http://127.0.0.1:9/v1/chat/completions\"\nmodel = \"m\"\ntimeout_ms = 200\n");
    let out = check(&env, &["--replay", log.to_str().unwrap()]);
    assert_eq!(out.code, 0, "{out:?}");
    assert!(
        out.stdout.contains("1 replayed, 1 unchanged"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout.contains("1 records decided by a hold"),
        "{}",
        out.stdout
    );
    assert!(out.stdout.contains("2 records without"), "{}", out.stdout);
    assert!(
        out.stdout.contains("1 lines are not JSON"),
        "{}",
        out.stdout
    );
    // In guard mode the same fetch is silence: a change from review to none.
    env.config("mode = \"guard\"\n");
    let out = check(&env, &["--replay", log.to_str().unwrap()]);
    assert!(
        out.stdout.contains("review → none [undecided]"),
        "{}",
        out.stdout
    );
}

#[test]
fn replay_of_an_unreadable_file_exits_2() {
    let env = Env::new();
    let out = check(
        &env,
        &["--replay", env.root.join("missing.jsonl").to_str().unwrap()],
    );
    assert_eq!(out.code, 2, "{out:?}");
    assert!(out.stdout.contains("ERROR"), "{}", out.stdout);
    // --fail-on-change needs --replay; --replay takes no policy files.
    assert_eq!(check(&env, &["--fail-on-change"]).code, 2);
    assert_eq!(check(&env, &["--replay", "a", "b.toml"]).code, 2);
}

#[test]
fn junit_report_is_escaped_and_counts_failures_and_errors() {
    let env = Env::new();
    let file = env.root.join("policy.toml");
    std::fs::write(
        &file,
        format!(
            r#"
[[case]]
name = "reads <main> & \"friends\""
tool = "Read"
input = {{ file_path = "{ws}/src/main.rs" }}
expect = "allow"

[[case]]
name = "wrong on purpose: keys & <tokens>"
tool = "Read"
input = {{ file_path = "{home}/.ssh/id_rsa" }}
expect = "allow"

[[case]]
name = "bad expectation"
tool = "Read"
input = {{ file_path = "x" }}
expect = "maybe"
"#,
            ws = env.ws.display(),
            home = env.home.display()
        ),
    )
    .unwrap();
    let out = check(&env, &["--format", "junit", file.to_str().unwrap()]);
    assert_eq!(out.code, 2, "{out:?}");
    let x = xml_ok(&out.stdout);
    assert_eq!(
        (
            x["tests"].as_str(),
            x["failures"].as_str(),
            x["errors"].as_str()
        ),
        (Some("4"), Some("1"), Some("1")),
        "{x}"
    );
    let cases = x["cases"].as_array().unwrap();
    // The config lint comes first, then the three cases.
    assert_eq!(cases[0]["name"], "config loads", "{x}");
    let cases = &cases[1..];
    assert!(
        cases[0]["name"]
            .as_str()
            .unwrap()
            .ends_with("(reads <main> & \"friends\")"),
        "{x}"
    );
    assert!(
        cases[1]["failure"]
            .as_str()
            .unwrap()
            .contains("[credential]"),
        "{x}"
    );
    assert_eq!(cases[2]["error"], true);
}
