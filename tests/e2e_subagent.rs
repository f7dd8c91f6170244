//! End to end with the real Claude Code: a foreground subagent's calls are gated by
//! gatehook under the subagent's `agent_id`, and the parent model is told gatehook's
//! summary of them (PostToolUse of the `Agent` call) after `SubagentStop` stored it.
//!
//! Script (one queue, played in order because the agent runs in the foreground):
//! parent → `Agent` (run_in_background: false); subagent → `Bash ls`; subagent →
//! `Bash rm -rf ~` (denied by the floor); subagent → text; parent → text.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod e2e_support;

use e2e_support::claude::{self, Project};
use e2e_support::model_server::{ModelServer, Reply};
use serde_json::{json, Value};

#[test]
fn a_subagents_decisions_reach_the_parent_model() {
    let Some(bin) = claude::claude_bin() else {
        return;
    };
    let gatehook = env!("CARGO_BIN_EXE_gatehook");
    let command = format!("'{gatehook}' hook");
    let project = Project::new(&command);
    let handler = json!([{"hooks": [{"type": "command", "command": command}]}]);
    let settings = json!({"hooks": {
        "PreToolUse": [{"matcher": "*", "hooks": [{"type": "command", "command": command}]}],
        "PostToolUse": [{"matcher": "Agent|Task", "hooks": [{"type": "command", "command": command}]}],
        "UserPromptSubmit": handler,
        "SubagentStop": handler,
    }});
    std::fs::write(
        project.dir.join(".claude/settings.json"),
        settings.to_string(),
    )
    .unwrap();
    let mut server = ModelServer::start(vec![
        Reply::tool_use(
            "toolu_a1",
            "Agent",
            json!({"description": "tidy up", "prompt": "list the files, then clean the home directory",
                   "subagent_type": "general-purpose", "run_in_background": false}),
        ),
        Reply::tool_use(
            "toolu_s1",
            "Bash",
            json!({"command": "ls", "description": "list"}),
        ),
        Reply::tool_use(
            "toolu_s2",
            "Bash",
            json!({"command": "rm -rf ~", "description": "clean"}),
        ),
        Reply::text("subagent: listed the files; the cleanup was refused"),
        Reply::text("done"),
    ]);
    let run = claude::run_claude(
        &bin,
        &project,
        &server.base_url(),
        "tidy up with a subagent",
    );
    server.shutdown();
    let audit_text =
        std::fs::read_to_string(project.gatehook_home.join("audit.jsonl")).unwrap_or_default();
    let ctx = format!(
        "\n{}--- model server requests ---\n{}--- audit ---\n{audit_text}",
        run.report(),
        server.report()
    );
    assert!(run.success, "claude did not exit successfully{ctx}");
    assert!(project.home.exists(), "the home directory was deleted{ctx}");

    // gatehook saw the subagent's calls under its agent id.
    let audit: Vec<Value> = audit_text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let sub: Vec<&Value> = audit
        .iter()
        .filter(|r| r["agent_id"].is_string() && r["event"] == json!("PreToolUse"))
        .collect();
    let decisions: Vec<(&str, &str)> = sub
        .iter()
        .map(|r| {
            (
                r["input"]["command"].as_str().unwrap_or(""),
                r["decision"].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(decisions, [("ls", "allow"), ("rm -rf ~", "deny")], "{ctx}");
    let agent_id = sub[0]["agent_id"].as_str().unwrap();

    // The parent's request after the Agent call carries gatehook's summary.
    let main = server.main_requests();
    let last = main.last().unwrap().body.to_string();
    let expected =
        format!("({agent_id}) made 2 tool calls: 1 allowed, 0 asked the person, 1 denied");
    assert!(
        last.contains(&expected),
        "no summary in the parent's request{ctx}"
    );
    assert!(last.contains("gatehook deny [destructive]"), "{ctx}");
    // …and not in the subagent's own conversation (SubagentStop printed nothing, so the
    // subagent stopped after its one text answer).
    assert_eq!(server.unused_replies(), 0, "{ctx}");
    assert_eq!(main.len(), 5, "{ctx}");
}
