//! Writes outside the workspace through the binary: a program's own scratch file in the
//! system's temporary directory runs at once (file tools and the shell); a link there
//! (symbolic or hard) is judged by the file it reaches, the harness's own directory there
//! and a home that lies there are not scratch, deleting there stays a question, and
//! `[paths] writes = "workspace"` asks for every one.
#![allow(clippy::unwrap_used)]

mod support;
use serde_json::json;
use support::Env;

#[test]
fn scratch_writes_in_the_temporary_directory() {
    let env = Env::new();
    // The real /tmp, whatever TMPDIR says: that is the place the rule is about.
    let tmp = tempfile::Builder::new()
        .prefix("gatehook-scratch-")
        .tempdir_in("/tmp")
        .unwrap();
    let t = tmp.path().canonicalize().unwrap();
    let t = t.to_str().unwrap().to_string();
    std::fs::write(format!("{t}/own.log"), "old\n").unwrap();
    std::os::unix::fs::symlink(env.home.join(".bashrc"), format!("{t}/rc")).unwrap();
    std::os::unix::fs::symlink(env.home.join("dev"), format!("{t}/dev")).unwrap();
    std::fs::create_dir_all(env.home.join("dev")).unwrap();
    std::fs::write(env.home.join("dev/notes.txt"), "x\n").unwrap();
    let hard = std::fs::hard_link(env.home.join("dev/notes.txt"), format!("{t}/hard")).is_ok();
    let home = env.home.display().to_string();
    let mut cases = vec![
        (
            "Write",
            json!({"file_path": format!("{t}/commit-msg.txt"), "content": "fix: x\n"}),
            "allow",
            "scratch-write",
        ),
        (
            "Bash",
            json!({"command": format!("echo hi >> {t}/own.log")}),
            "allow",
            "routine-command",
        ),
        (
            "Bash",
            json!({"command": format!("ls -la > {t}/build.log 2>&1; tail -3 {t}/build.log")}),
            "allow",
            "routine-command",
        ),
        (
            "Bash",
            json!({"command": format!("cat > {t}/msg.txt <<'EOF'\nsubject\nEOF\ngit commit -F {t}/msg.txt")}),
            "allow",
            "routine-command",
        ),
        (
            "Bash",
            json!({"command": format!("mkdir -p {t}/out && cp README.md {t}/out/")}),
            "allow",
            "routine-command",
        ),
        // A symlink leading out is judged where it leads.
        (
            "Bash",
            json!({"command": format!("echo x > {t}/rc")}),
            "ask",
            "protected-path",
        ),
        (
            "Write",
            json!({"file_path": format!("{t}/dev/notes.txt"), "content": "x"}),
            "ask",
            "outside-workspace",
        ),
        // The harness's own directory there, a home that lies there, the directory itself.
        (
            "Bash",
            json!({"command": "echo x > /tmp/claude-1000/-ws/tasks/b1.output"}),
            "ask",
            "outside-workspace",
        ),
        (
            "Write",
            json!({"file_path": format!("{home}/dev/new.txt"), "content": "x"}),
            "ask",
            "outside-workspace",
        ),
        (
            "Bash",
            json!({"command": format!("rm -f {t}/own.log")}),
            "ask",
            "risky-command",
        ),
        // Running what was written there is not scratch work: code in the temporary
        // directory, which nobody in the session has seen, asks.
        (
            "Bash",
            json!({"command": format!("echo 'echo hi' > {t}/a.sh && sh {t}/a.sh")}),
            "ask",
            "risky-command",
        ),
    ];
    if hard {
        cases.push((
            "Write",
            json!({"file_path": format!("{t}/hard"), "content": "x"}),
            "ask",
            "outside-workspace",
        ));
    }
    let mut failures = Vec::new();
    for (tool, input, want, cause) in &cases {
        let out = env.hook(&env.payload(tool, input.clone()));
        if out.decision() != *want || out.cause() != *cause {
            failures.push(format!(
                "{tool} {input}: want {want} [{cause}], got {} [{}] ({})",
                out.decision(),
                out.cause(),
                out.reason()
            ));
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));

    // The reason says where the file goes.
    let out = env.hook(&env.payload(
        "Bash",
        json!({"command": format!("echo hi >> {t}/own.log")}),
    ));
    assert!(
        out.reason().contains("in the system's temporary directory"),
        "{}",
        out.reason()
    );

    // Workspace-only writes: every allow above asks instead.
    env.config("[paths]\nwrites = \"workspace\"\n");
    for (tool, input, want, _) in &cases {
        if *want == "allow" {
            let out = env.hook(&env.payload(tool, input.clone()));
            assert_eq!(out.decision(), "ask", "{tool} {input}: {}", out.reason());
            assert_eq!(out.cause(), "outside-workspace", "{tool} {input}");
        }
    }
}

/// Claude Code's plan mode has the agent write its plan to `~/.claude/plans/NAME.md`, the
/// one file that mode lets it edit: that write runs at once, in plan mode and out of it.
/// Everything else under `~/.claude` stays the harness's (a link there too), a second name
/// of another file is asked about, and the shell writing there is not the plan.
#[test]
fn claude_code_plan_file_is_the_agents_own() {
    let env = Env::new();
    let home = env.home.display().to_string();
    let plans = env.home.join(".claude/plans");
    std::fs::create_dir_all(&plans).unwrap();
    std::fs::write(plans.join("old-plan.md"), "# Plan\n").unwrap();
    std::os::unix::fs::symlink(env.home.join(".bashrc"), plans.join("rc.md")).unwrap();
    std::fs::write(env.home.join("notes.md"), "x\n").unwrap();
    let hard = std::fs::hard_link(env.home.join("notes.md"), plans.join("twin.md")).is_ok();
    let plan = |name: &str| format!("{home}/.claude/plans/{name}");
    let mut cases = vec![
        (
            "Write",
            json!({"file_path": plan("quiet-river-fox.md"), "content": "# Plan\n1. fix it\n"}),
            "allow",
            "plan-file",
        ),
        (
            "Edit",
            json!({"file_path": plan("old-plan.md"), "old_string": "# Plan", "new_string": "# Plan v2"}),
            "allow",
            "plan-file",
        ),
        // Not the plan file: other kinds of file, deeper, hidden, or the harness's own.
        (
            "Write",
            json!({"file_path": plan("run.sh"), "content": "x"}),
            "deny",
            "harness-config",
        ),
        (
            "Write",
            json!({"file_path": plan("sub/x.md"), "content": "x"}),
            "deny",
            "harness-config",
        ),
        (
            "Write",
            json!({"file_path": plan(".hidden.md"), "content": "x"}),
            "deny",
            "harness-config",
        ),
        (
            "Write",
            json!({"file_path": plan("../settings.json"), "content": "{}"}),
            "deny",
            "harness-config",
        ),
        (
            "Write",
            json!({"file_path": format!("{home}/.claude/CLAUDE.md"), "content": "x"}),
            "deny",
            "harness-config",
        ),
        // A link there is no plan file: it stays the harness's.
        (
            "Write",
            json!({"file_path": plan("rc.md"), "content": "x"}),
            "deny",
            "harness-config",
        ),
        // The shell writing there is not the plan-mode file tool.
        (
            "Bash",
            json!({"command": format!("echo x > {}", plan("p.md"))}),
            "deny",
            "harness-config",
        ),
    ];
    if hard {
        cases.push((
            "Write",
            json!({"file_path": plan("twin.md"), "content": "x"}),
            "ask",
            "outside-workspace",
        ));
    }
    let mut failures = Vec::new();
    for mode in ["default", "plan"] {
        for (tool, input, want, cause) in &cases {
            let mut payload = env.payload(tool, input.clone());
            payload["permission_mode"] = json!(mode);
            let out = env.hook(&payload);
            if out.decision() != *want || out.cause() != *cause {
                failures.push(format!(
                    "{mode} {tool} {input}: want {want} [{cause}], got {} [{}] ({})",
                    out.decision(),
                    out.cause(),
                    out.reason()
                ));
            }
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}
