//! `gatehook check` through the binary: policy tests, lints, exit codes.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use support::Env;

fn check(env: &Env, args: &[&str]) -> support::Out {
    let mut all = vec!["check"];
    all.extend_from_slice(args);
    env.run_raw(env.command(&all), b"")
}

#[test]
fn policy_tests_pass_and_fail_by_name() {
    let env = Env::new();
    let file = env.root.join("policy.toml");
    std::fs::write(
        &file,
        format!(
            r#"
[[case]]
name = "keys are never read"
tool = "Read"
input = {{ file_path = "{home}/.ssh/id_rsa" }}
expect = "deny"

[[case]]
name = "workspace reads are routine"
tool = "Read"
input = {{ file_path = "{ws}/src/main.rs" }}
expect = "allow"

[[case]]
name = "plan mode refuses writes"
tool = "Write"
input = {{ file_path = "{ws}/src/x.rs", content = "x" }}
mode = "plan"
expect = "deny"

[[case]]
name = "auto mode reviews web fetches"
tool = "WebFetch"
input = {{ url = "https://example.com", prompt = "x" }}
mode = "auto"
expect = "review"

[[case]]
name = "env files are not allowed"
tool = "Write"
input = {{ file_path = "{ws}/.env", content = "x" }}
expect = "not-allow"
"#,
            home = env.home.display(),
            ws = env.ws.display()
        ),
    )
    .unwrap();
    let out = check(&env, &[file.to_str().unwrap()]);
    assert_eq!(out.code, 0, "{}", out.stdout);
    assert!(
        out.stdout
            .contains("5 cases: 5 passed, 0 failed; 1 lint: 1 passed, 0 failed"),
        "{}",
        out.stdout
    );

    std::fs::write(
        &file,
        format!(
            "[[case]]\nname = \"wrong on purpose\"\ntool = \"Read\"\ninput = {{ file_path = \"{}/.aws/credentials\" }}\nexpect = \"allow\"\n",
            env.home.display()
        ),
    )
    .unwrap();
    let out = check(&env, &["--format", "json", file.to_str().unwrap()]);
    assert_eq!(out.code, 1, "{}", out.stdout);
    assert!(
        out.stdout.contains("wrong on purpose") && out.stdout.contains("credential"),
        "{}",
        out.stdout
    );
}

#[test]
fn unreadable_or_invalid_files_exit_2() {
    let env = Env::new();
    let out = check(&env, &["/nonexistent/policy.toml"]);
    assert_eq!(out.code, 2, "{out:?}");
    let bad = env.root.join("bad.toml");
    std::fs::write(&bad, "[[case]]\nname = 1\n").unwrap();
    assert_eq!(check(&env, &[bad.to_str().unwrap()]).code, 2);
    std::fs::write(
        &bad,
        "[[case]]\nname = \"x\"\ntool = \"Read\"\ninput = {}\nexpect = \"maybe\"\n",
    )
    .unwrap();
    assert_eq!(check(&env, &[bad.to_str().unwrap()]).code, 2);
}

#[test]
fn lint_and_project_tests_without_paths() {
    let env = Env::new();
    // A clean setup with one project policy test.
    std::fs::create_dir_all(env.ws.join(".gatehook/tests")).unwrap();
    std::fs::write(
        env.ws.join(".gatehook/tests/floor.toml"),
        format!(
            "[[case]]\nname = \"settings are protected\"\ntool = \"Write\"\ninput = {{ file_path = \"{}/.claude/settings.json\", content = \"{{}}\" }}\nexpect = \"deny\"\n",
            env.ws.display()
        ),
    )
    .unwrap();
    let out = check(&env, &[]);
    assert_eq!(out.code, 0, "{}", out.stdout);
    // A broad allow rule is a lint failure, named with file and line.
    env.config("[permissions]\nallow = [\n  \"Bash(python *)\",\n]\n");
    let out = check(&env, &[]);
    assert_eq!(out.code, 1, "{}", out.stdout);
    assert!(
        out.stdout.contains("config.toml:3") && out.stdout.contains("broad"),
        "{}",
        out.stdout
    );
    // An invalid config cannot be checked at all.
    env.config("mode = \"sometimes\"\n");
    assert_eq!(check(&env, &[]).code, 2);
}

/// The config lints run with PATH arguments too: `check /dev/null` is not a way around them.
#[test]
fn lints_run_with_paths_too() {
    let env = Env::new();
    env.config("[permissions]\nallow = [\"Bash(*)\"]\n");
    let out = check(&env, &["/dev/null"]);
    assert_eq!(out.code, 1, "{out:?}");
    assert!(out.stdout.contains("Bash(*)"), "{}", out.stdout);
    assert!(
        out.stdout
            .contains("0 cases: 0 passed, 0 failed; 2 lints: 1 passed, 1 failed"),
        "{}",
        out.stdout
    );
}

/// Each config error is printed once, on its own line, however many cases meet it.
#[test]
fn each_config_error_once_on_its_own_line() {
    let env = Env::new();
    env.config("mode = \"yolo\"\nunknown_key = 1\n");
    let file = env.root.join("policy.toml");
    let case = "[[case]]\nname = \"n\"\ntool = \"Read\"\ninput = { file_path = \"/x\" }\nexpect = \"ask\"\n";
    std::fs::write(&file, case.repeat(3)).unwrap();
    let out = check(&env, &[file.to_str().unwrap()]);
    assert_eq!(out.code, 2, "{out:?}");
    let errors: Vec<&str> = out
        .stdout
        .lines()
        .filter(|l| l.starts_with("ERROR"))
        .collect();
    assert_eq!(errors.len(), 2, "{}", out.stdout);
    assert!(
        errors
            .iter()
            .any(|l| l.contains("yolo") && !l.contains("unknown_key")),
        "{errors:?}"
    );
    assert!(
        errors
            .iter()
            .any(|l| l.contains("unknown_key") && !l.contains("yolo")),
        "{errors:?}"
    );
    assert!(
        out.stdout
            .contains("3 cases: 0 passed, 0 failed, 3 not run"),
        "{}",
        out.stdout
    );
}

/// A bare allow of a gated tool and a tool name no catalogue knows are linted, with a
/// suggestion; MCP tools are not judged by name.
#[test]
fn bare_tool_allows_and_unknown_tools_are_linted() {
    let env = Env::new();
    env.config(
        "[permissions]\nallow = [\"Write\", \"Rea(//etc/hostname)\", \"mcp__github__get_issue\", \"Read(src/**)\"]\ndeny = [\"Bahs(rm:*)\"]\n",
    );
    let out = check(&env, &[]);
    assert_eq!(out.code, 1, "{out:?}");
    let fails: Vec<&str> = out
        .stdout
        .lines()
        .filter(|l| l.starts_with("FAIL"))
        .collect();
    assert!(
        fails
            .iter()
            .any(|l| l.contains("`Write`") && l.contains("every Write call")),
        "{fails:?}"
    );
    assert!(
        fails
            .iter()
            .any(|l| l.contains("`Rea`") && l.contains("did you mean `Read`")),
        "{fails:?}"
    );
    assert!(
        fails
            .iter()
            .any(|l| l.contains("`Bahs`") && l.contains("did you mean `Bash`")),
        "{fails:?}"
    );
    assert!(
        !fails.iter().any(|l| l.contains("mcp__github")),
        "{fails:?}"
    );
    assert!(
        !fails.iter().any(|l| l.contains("Read(src/**)")),
        "{fails:?}"
    );
    assert!(
        out.stdout.contains("6 lints: 3 passed, 3 failed"),
        "{}",
        out.stdout
    );
}

/// A rule's message reaches the agent in the hook's reason line (bounded, on one line),
/// `explain` shows it, and `check` lints messages that would not say what was written.
#[test]
fn rule_messages_reach_the_reason_line_and_are_linted() {
    let env = Env::new();
    let long = "x".repeat(300);
    env.config(&format!(
        concat!(
            "[permissions]\n",
            "deny = [\n",
            "  \"Bash(rm -rf /tmp/x)\",\n",
            "  {{ rule = \"Bash(python:*)\", message = \"use `uv run python`\" }},\n",
            "  {{ rule = \"Bash(pip install:*)\", message = \"\" }},\n",
            "  {{ rule = \"Bash(npm publish:*)\", message = \"{long}\" }},\n",
            "]\n",
            "ask = [{{ rule = \"Bash(make deploy:*)\", message = \"deploys go\\nthrough CI\\u202e\" }}]\n",
            "allow = [{{ rule = \"Bash(make test)\", message = \"fine\" }}]\n",
        ),
        long = long
    ));
    let out = env.pre("Bash", r#"{"command": "python x.py"}"#);
    assert_eq!(out.decision(), "deny");
    let reason = out.reason();
    assert!(
        reason.contains("deny rule `Bash(python:*)` matches: use `uv run python` ("),
        "{reason}"
    );
    let audit = env.audit_lines();
    assert_eq!(
        audit.last().unwrap()["rule"]["message"],
        "use `uv run python`"
    );

    // Sanitised and bounded: no newline or bidi override, at most 200 characters of it.
    let out = env.pre("Bash", r#"{"command": "make deploy prod"}"#);
    assert_eq!(out.decision(), "ask");
    assert!(
        out.reason().contains("matches: deploys go through CI ("),
        "{}",
        out.reason()
    );
    let out = env.pre("Bash", r#"{"command": "npm publish"}"#);
    let shown = out.reason();
    assert!(shown.contains(&format!("{}…", "x".repeat(200))), "{shown}");
    assert!(!shown.contains(&"x".repeat(201)), "{shown}");

    let ex = env.run_raw(env.command(&["explain", "python x.py"]), b"");
    assert!(
        ex.stdout.contains("matches: use `uv run python`"),
        "{}",
        ex.stdout
    );

    let out = check(&env, &[]);
    assert_eq!(out.code, 1, "{}", out.stdout);
    for want in [
        "deny rule `Bash(pip install:*)`: its message is empty",
        "ask rule `Bash(make deploy:*)`: its message contains the control or invisible character U+000A",
        "deny rule `Bash(npm publish:*)`: its message is 300 characters long",
        "allow rule `Bash(make test)`: its message is on an allow rule",
    ] {
        assert!(out.stdout.contains(want), "{want}: {}", out.stdout);
    }
    // A clean message is no finding.
    assert!(
        !out.stdout.contains("rule `Bash(python:*)`: its message"),
        "{}",
        out.stdout
    );
}
