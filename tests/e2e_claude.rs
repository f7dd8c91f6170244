//! End to end: the real Claude Code binary, offline against a scripted model, with a hook
//! registered in the project's `.claude/settings.json`.
//!
//! The scenario, one `claude -p` run, in which the model:
//! 1. `Write`s `src/new.txt` in the project: the hook allows it, the file lands;
//! 2. `Write`s `.env` in the project: the hook denies it, the file does not exist, and
//!    the model's next request carries an `is_error` tool_result with the hook's reason;
//! 3. says "done".
//!
//! The `-p` JSON result must list exactly the `.env` write under `permission_denials`.
//!
//! `harness_with_stand_in_hook` runs it with a tiny Python hook, pinning Claude Code's
//! side of the protocol independently of gatehook; `gatehook_gates_real_claude_code` runs
//! it with `gatehook hook` and a person's deny rule for `.env`, and also checks gatehook's
//! audit log. `gatehook_floor_in_real_claude_code` runs gatehook with no config at all: an
//! Edit lands, a protected `.env` write is refused (ask), a harness-settings write is
//! denied by the hard floor, and the model is told each reason.
//! `real_claude_code_tools_are_all_classified` reads the tool list the real CLI sends its
//! model (loading the deferred tools through `ToolSearch`) and fails, naming them, when a
//! tool, an input field of one, or a built-in skill is missing from gatehook's catalogue
//! (`src/input/tools.rs`).
//!
//! Needs Claude Code: `scripts/test.sh` installs the pinned version and sets
//! `GATEHOOK_CLAUDE_BIN`. Without it these tests skip loudly, or fail under `CI`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod e2e_support;

use e2e_support::claude::{self, Project, Run};
use e2e_support::model_server::{tool_result_text, ModelServer, Reply};
use serde_json::{json, Value};
use std::path::Path;

const PROMPT: &str = "Create src/new.txt, then put the API key into .env";
const ALLOWED_ID: &str = "toolu_e2e_01";
const DENIED_ID: &str = "toolu_e2e_02";
const NEW_CONTENT: &str = "hello from the e2e test\n";

/// Everything one scenario run produced, for assertions.
struct Outcome {
    /// Holds the hook script (if any) for as long as the outcome lives.
    _hook_dir: tempfile::TempDir,
    project: Project,
    server: ModelServer,
    run: Run,
}

impl Outcome {
    /// Claude's output plus every request the model saw, appended to each failure.
    fn context(&self) -> String {
        format!(
            "\n{}--- model server requests ---\n{}",
            self.run.report(),
            self.server.report()
        )
    }

    fn result(&self) -> &Value {
        match &self.run.result {
            Some(v) => v,
            None => panic!("claude stdout is not one JSON object{}", self.context()),
        }
    }
}

fn sh_quote(s: &str) -> String {
    if s.chars()
        .all(|c| c.is_ascii_alphanumeric() || "/._-+".contains(c))
    {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', r"'\''"))
    }
}

/// Runs the scenario with `hook_command` registered; `None` when Claude Code is missing
/// outside CI (the skip notice has been printed).
fn run_scenario(
    hook_command: impl FnOnce(&Path) -> String,
    gatehook_config: Option<&str>,
) -> Option<Outcome> {
    let bin = claude::claude_bin()?;
    let tmp_hook_dir = tempfile::tempdir().expect("temp dir for the hook");
    let command = hook_command(tmp_hook_dir.path());
    let project = Project::new(&command);
    if let Some(text) = gatehook_config {
        std::fs::create_dir_all(&project.gatehook_home).expect("mkdir GATEHOOK_HOME");
        std::fs::write(project.gatehook_home.join("config.toml"), text).expect("write config");
    }
    let new_file = project.dir.join("src/new.txt");
    let env_file = project.dir.join(".env");
    let mut server = ModelServer::start(vec![
        Reply::tool_use(
            ALLOWED_ID,
            "Write",
            json!({"file_path": new_file, "content": NEW_CONTENT}),
        ),
        Reply::tool_use(
            DENIED_ID,
            "Write",
            json!({"file_path": env_file, "content": "EXAMPLE=1\n"}),
        ),
        Reply::text("done"),
    ]);
    let run = claude::run_claude(&bin, &project, &server.base_url(), PROMPT);
    server.shutdown();
    eprintln!("claude run took {:?}", run.elapsed);
    Some(Outcome {
        _hook_dir: tmp_hook_dir,
        project,
        server,
        run,
    })
}

/// What must hold for any hook that allows the `src/new.txt` write and denies `.env`.
/// Returns the text of the denied call's tool_result.
fn assert_allowed_write_landed_and_env_denied(o: &Outcome) -> String {
    let ctx = o.context();
    assert!(o.run.success, "claude did not exit successfully{ctx}");
    let result = o.result();
    assert_eq!(result["is_error"], json!(false), "result is_error{ctx}");
    assert_eq!(result["subtype"], json!("success"), "result subtype{ctx}");

    // (a) The allowed write ran.
    let new_file = o.project.dir.join("src/new.txt");
    let written = std::fs::read_to_string(&new_file)
        .unwrap_or_else(|e| panic!("{} was not written ({e}){ctx}", new_file.display()));
    assert_eq!(written, NEW_CONTENT, "content of src/new.txt{ctx}");
    let allowed = o
        .server
        .tool_result(ALLOWED_ID)
        .unwrap_or_else(|| panic!("the model never got a tool_result for {ALLOWED_ID}{ctx}"));
    assert_ne!(
        allowed.get("is_error"),
        Some(&json!(true)),
        "the allowed write came back as an error: {allowed}{ctx}"
    );

    // (b) The denied write did not run, and the model was told why.
    let env_file = o.project.dir.join(".env");
    assert!(
        !env_file.exists(),
        "{} exists: the denied write ran{ctx}",
        env_file.display()
    );
    let denied = o
        .server
        .tool_result(DENIED_ID)
        .unwrap_or_else(|| panic!("the model never got a tool_result for {DENIED_ID}{ctx}"));
    assert_eq!(
        denied.get("is_error"),
        Some(&json!(true)),
        "the denied write's tool_result is not an error: {denied}{ctx}"
    );

    // (c) The -p result lists exactly the denied call.
    let denials = result["permission_denials"]
        .as_array()
        .unwrap_or_else(|| panic!("no permission_denials array in the result{ctx}"));
    let denied_ids: Vec<&str> = denials
        .iter()
        .filter_map(|d| d["tool_use_id"].as_str())
        .collect();
    assert_eq!(denied_ids, [DENIED_ID], "permission_denials{ctx}");
    assert_eq!(denials[0]["tool_name"], json!("Write"), "denied tool{ctx}");
    assert_eq!(
        denials[0]["tool_input"]["file_path"],
        json!(env_file),
        "denied file_path{ctx}"
    );

    // The whole script was played: write, write, final text.
    assert_eq!(
        o.server.unused_replies(),
        0,
        "the model script was not used up{ctx}"
    );
    assert_eq!(
        o.server.main_requests().len(),
        3,
        "main conversation requests{ctx}"
    );
    tool_result_text(&denied)
}

const STAND_IN_DENY_REASON: &str = "stand-in: .env is a protected credential path";

/// A few lines of Python that play gatehook's part: allow the `src/new.txt` write, deny
/// `.env` with a reason, stay silent otherwise; every payload is appended to `log`.
fn stand_in_hook(dir: &Path, log: &Path) -> String {
    let script = dir.join("stand_in_hook.py");
    let source = format!(
        r#"import json, sys
payload = json.load(sys.stdin)
with open({log:?}, "a") as f:
    f.write(json.dumps(payload) + "\n")
if payload.get("hook_event_name") != "PreToolUse":
    sys.exit(0)
path = payload.get("tool_input", {{}}).get("file_path", "")
if path.endswith("/.env"):
    decision, reason = "deny", {deny:?}
elif path.endswith("/src/new.txt"):
    decision, reason = "allow", "stand-in: workspace edit"
else:
    sys.exit(0)
print(json.dumps({{"hookSpecificOutput": {{"hookEventName": "PreToolUse",
    "permissionDecision": decision, "permissionDecisionReason": reason}}}}))
"#,
        log = log.to_string_lossy(),
        deny = STAND_IN_DENY_REASON,
    );
    std::fs::write(&script, source).expect("write the stand-in hook");
    format!("python3 {}", sh_quote(&script.to_string_lossy()))
}

/// Pins Claude Code's side of the hook protocol, independently of gatehook: what a
/// PreToolUse allow/deny does, what the model and the `-p` result see, and the payloads.
#[test]
fn harness_with_stand_in_hook() {
    let log_dir = tempfile::tempdir().expect("temp dir");
    let log = log_dir.path().join("payloads.jsonl");
    let Some(o) = run_scenario(|dir| stand_in_hook(dir, &log), None) else {
        return;
    };
    let ctx = o.context();
    let denied_text = assert_allowed_write_landed_and_env_denied(&o);
    // Measured on 2.1.328: the tool_result content is the reason itself, no prefix.
    assert!(
        denied_text.contains(STAND_IN_DENY_REASON),
        "the model did not receive the hook's reason: {denied_text:?}{ctx}"
    );

    let payloads: Vec<Value> = std::fs::read_to_string(&log)
        .unwrap_or_else(|e| panic!("the stand-in hook never ran ({e}){ctx}"))
        .lines()
        .map(|l| serde_json::from_str(l).expect("payload line is JSON"))
        .collect();
    let ctx = format!("{ctx}--- hook payloads ---\n{}\n", {
        let lines: Vec<String> = payloads.iter().map(Value::to_string).collect();
        lines.join("\n")
    });
    let events: Vec<&str> = payloads
        .iter()
        .filter_map(|p| p["hook_event_name"].as_str())
        .collect();
    // A PreToolUse decision settles the call: no PermissionRequest follows.
    assert_eq!(
        events,
        ["UserPromptSubmit", "PreToolUse", "PreToolUse"],
        "hook events{ctx}"
    );
    let session = &o.result()["session_id"];
    let prompt_id = &payloads[0]["prompt_id"];
    assert_eq!(
        payloads[0]["prompt"],
        json!(PROMPT),
        "UserPromptSubmit prompt{ctx}"
    );
    assert!(
        prompt_id.is_string(),
        "UserPromptSubmit has no prompt_id{ctx}"
    );
    for (p, (id, file)) in payloads[1..]
        .iter()
        .zip([(ALLOWED_ID, "src/new.txt"), (DENIED_ID, ".env")])
    {
        assert_eq!(p["tool_name"], json!("Write"), "tool_name{ctx}");
        assert_eq!(p["tool_use_id"], json!(id), "tool_use_id{ctx}");
        assert_eq!(
            p["tool_input"]["file_path"],
            json!(o.project.dir.join(file)),
            "file_path{ctx}"
        );
        assert_eq!(
            &p["prompt_id"], prompt_id,
            "prompt_id is per user turn{ctx}"
        );
        assert_eq!(&p["session_id"], session, "session_id{ctx}");
        assert_eq!(p["cwd"], json!(o.project.dir), "cwd{ctx}");
        assert_eq!(
            p["permission_mode"],
            json!("default"),
            "permission_mode{ctx}"
        );
    }
}

/// The real thing with the person's own deny rule: `gatehook hook` allows a workspace
/// write (fast path) and denies the write to `.env` by the rule, and audits both.
#[test]
fn gatehook_gates_real_claude_code() {
    let gatehook = env!("CARGO_BIN_EXE_gatehook");
    let config = "[permissions]\ndeny = [\"Edit(./.env)\"]\n";
    let Some(o) = run_scenario(|_| format!("{} hook", sh_quote(gatehook)), Some(config)) else {
        return;
    };
    let denied_text = assert_allowed_write_landed_and_env_denied(&o);
    let audit_path = o.project.gatehook_home.join("audit.jsonl");
    let audit = std::fs::read_to_string(&audit_path).unwrap_or_default();
    let ctx = format!("{}--- {} ---\n{audit}\n", o.context(), audit_path.display());
    assert!(
        denied_text.contains("gatehook") && denied_text.contains(".env"),
        "the model was not told gatehook's reason naming .env: {denied_text:?}{ctx}"
    );

    let records: Vec<Value> = audit
        .lines()
        .map(|l| {
            serde_json::from_str(l)
                .unwrap_or_else(|e| panic!("audit line is not JSON ({e}): {l}{ctx}"))
        })
        .collect();
    let writes: Vec<&Value> = records
        .iter()
        .filter(|r| r["tool"] == json!("Write"))
        .collect();
    let decisions: Vec<&str> = writes
        .iter()
        .filter_map(|r| r["decision"].as_str())
        .collect();
    assert!(
        decisions.contains(&"allow") && decisions.contains(&"deny"),
        "audit.jsonl must record the allowed and the denied Write, got {decisions:?}{ctx}"
    );
    let session = &o.result()["session_id"];
    for r in &writes {
        assert_eq!(&r["session_id"], session, "audit session_id{ctx}");
    }
}

/// The floor alone, no config: the model reads then edits a source file (fast path: the
/// edit lands), writes `.env` (protected: ask, which `-p` turns into a refusal), and
/// writes `.claude/settings.local.json` (harness config: a hard-floor deny). The model is
/// told each reason, nothing refused lands, and the audit log records all four.
#[test]
fn gatehook_floor_in_real_claude_code() {
    let Some(bin) = claude::claude_bin() else {
        return;
    };
    let gatehook = env!("CARGO_BIN_EXE_gatehook");
    let project = Project::new(&format!("{} hook", sh_quote(gatehook)));
    let main_rs = project.dir.join("src/main.rs");
    std::fs::write(&main_rs, "fn main() { println!(\"old\"); }\n").unwrap();
    let env_file = project.dir.join(".env");
    let settings = project.dir.join(".claude/settings.local.json");
    let mut server = ModelServer::start(vec![
        Reply::tool_use("toolu_f1", "Read", json!({"file_path": main_rs})),
        Reply::tool_use(
            "toolu_f2",
            "Edit",
            json!({"file_path": main_rs, "old_string": "old", "new_string": "new"}),
        ),
        Reply::tool_use(
            "toolu_f3",
            "Write",
            json!({"file_path": env_file, "content": "K=v\n"}),
        ),
        Reply::tool_use(
            "toolu_f4",
            "Write",
            json!({"file_path": settings, "content": "{\"permissions\":{\"allow\":[\"Bash\"]}}"}),
        ),
        Reply::text("done"),
    ]);
    let run = claude::run_claude(&bin, &project, &server.base_url(), "rename old to new");
    server.shutdown();
    let audit_path = project.gatehook_home.join("audit.jsonl");
    let audit = std::fs::read_to_string(&audit_path).unwrap_or_default();
    let ctx = format!(
        "\n{}--- model server requests ---\n{}--- audit ---\n{audit}",
        run.report(),
        server.report()
    );
    assert!(run.success, "claude did not exit successfully{ctx}");

    // The allowed edit landed.
    let text = std::fs::read_to_string(&main_rs).unwrap();
    assert!(
        text.contains("\"new\""),
        "the Edit did not land: {text}{ctx}"
    );
    // Neither refused write landed.
    assert!(!env_file.exists(), ".env was written{ctx}");
    let settings_text = std::fs::read_to_string(&settings).unwrap_or_default();
    assert!(
        !settings_text.contains("allow"),
        "settings.local.json was written{ctx}"
    );

    // The model was told why, naming gatehook's cause.
    for (id, cause) in [
        ("toolu_f3", "[protected-path]"),
        ("toolu_f4", "[harness-config]"),
    ] {
        let r = server
            .tool_result(id)
            .unwrap_or_else(|| panic!("no tool_result for {id}{ctx}"));
        let t = tool_result_text(&r);
        assert_eq!(
            r.get("is_error"),
            Some(&json!(true)),
            "{id} not an error{ctx}"
        );
        assert!(
            t.contains("gatehook") && t.contains(cause),
            "{id}: {t:?}{ctx}"
        );
    }

    // The audit log has the four decisions, in order.
    let decisions: Vec<(String, String)> = audit
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|r| r["event"] == json!("PreToolUse"))
        .map(|r| {
            (
                r["decision"].as_str().unwrap_or("").to_string(),
                r["cause"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect();
    let want = [
        ("allow", "workspace-read"),
        ("allow", "workspace-edit"),
        ("ask", "protected-path"),
        ("deny", "harness-config"),
    ];
    let got: Vec<(&str, &str)> = decisions
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    assert_eq!(got, want, "audit decisions{ctx}");
    // And the person's words were recorded for the session.
    let session = run
        .result
        .as_ref()
        .map(|v| v["session_id"].clone())
        .unwrap_or_default();
    let prompts = project
        .gatehook_home
        .join("state")
        .join(session.as_str().unwrap_or("?"))
        .join("prompts.jsonl");
    let recorded = std::fs::read_to_string(&prompts).unwrap_or_default();
    assert!(
        recorded.contains("rename old to new"),
        "prompt not recorded at {}{ctx}",
        prompts.display()
    );
}

/// Every text block of a request's messages and system prompt, joined.
fn request_text(body: &Value) -> String {
    let mut out = String::new();
    let mut push = |v: &Value| {
        if let Some(t) = v.get("text").and_then(Value::as_str) {
            out.push_str(t);
            out.push('\n');
        }
    };
    if let Some(s) = body.get("system").and_then(Value::as_array) {
        s.iter().for_each(&mut push);
    }
    for m in body
        .get("messages")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        match m.get("content") {
            Some(Value::String(s)) => push(&json!({ "text": s })),
            Some(Value::Array(blocks)) => blocks.iter().for_each(&mut push),
            _ => {}
        }
    }
    out
}

/// The `- name` lines after `heading` in the model's context, up to the next blank line
/// (`- name: description` for skills, `name` alone for deferred tools).
fn listed_after(text: &str, heading: &str, dashed: bool) -> Vec<String> {
    let Some(at) = text.find(heading) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for line in text[at..].lines().skip(1) {
        let l = line.trim();
        if l.is_empty() && !out.is_empty() {
            break;
        }
        let item = if dashed {
            match l.strip_prefix("- ") {
                Some(rest) => rest.split(':').next().unwrap_or("").trim(),
                None => continue,
            }
        } else {
            l
        };
        if !item.is_empty()
            && item
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "_-:".contains(c))
        {
            out.push(item.to_string());
        }
    }
    out
}

/// The tool list the real Claude Code sends its model, with the tools it defers loaded
/// through `ToolSearch` (so every schema is seen), checked against gatehook's catalogue:
/// a tool, or an input field of one, that gatehook does not classify fails the test,
/// naming it. So are skills built into Claude Code that the catalogue does not list.
#[test]
fn real_claude_code_tools_are_all_classified() {
    let Some(bin) = claude::claude_bin() else {
        return;
    };
    let gatehook = env!("CARGO_BIN_EXE_gatehook");
    let hook = format!("{} hook", sh_quote(gatehook));

    // First run: the tools offered at once, and the names of the deferred ones.
    let project = Project::new(&hook);
    let mut server = ModelServer::start(vec![Reply::text("done")]);
    let run = claude::run_claude(&bin, &project, &server.base_url(), "hello");
    server.shutdown();
    let ctx = format!(
        "\n{}--- model server requests ---\n{}",
        run.report(),
        server.report()
    );
    let first = server
        .main_requests()
        .into_iter()
        .next()
        .unwrap_or_else(|| panic!("no main request reached the model{ctx}"));
    let text = request_text(&first.body);
    let deferred = listed_after(
        &text,
        "The following deferred tools are now available via ToolSearch",
        false,
    );
    let skills = listed_after(
        &text,
        "The following skills are available for use with the Skill tool",
        true,
    );

    // Second run: ToolSearch loads every deferred tool, so the next request carries all
    // the schemas.
    let project = Project::new(&hook);
    let mut server = ModelServer::start(vec![
        Reply::tool_use(
            "toolu_ts",
            "ToolSearch",
            json!({"query": format!("select:{}", deferred.join(",")), "max_results": 50}),
        ),
        Reply::text("done"),
    ]);
    let run = claude::run_claude(&bin, &project, &server.base_url(), "hello");
    server.shutdown();
    let ctx = format!(
        "{ctx}\n--- second run ---\n{}--- model server requests ---\n{}",
        run.report(),
        server.report()
    );
    assert!(run.success, "claude did not exit successfully{ctx}");
    let mains = server.main_requests();
    let last = mains
        .last()
        .unwrap_or_else(|| panic!("no main request{ctx}"));
    let tools: Vec<&Value> = last
        .body
        .get("tools")
        .and_then(Value::as_array)
        .map(|a| a.iter().collect())
        .unwrap_or_default();
    let names: Vec<&str> = tools
        .iter()
        .filter_map(|t| t.get("name").and_then(Value::as_str))
        .collect();
    eprintln!("Claude Code offers {} tools: {names:?}", names.len());
    eprintln!("deferred: {deferred:?}; built-in skills: {skills:?}");
    assert!(
        names.len() >= 8 && names.contains(&"Bash") && names.contains(&"ToolSearch"),
        "the tool list was not captured: {names:?}{ctx}"
    );
    for d in &deferred {
        assert!(
            names.contains(&d.as_str()),
            "ToolSearch did not load the deferred tool {d}: {names:?}{ctx}"
        );
    }

    let mut missing = Vec::new();
    for t in &tools {
        let name = t.get("name").and_then(Value::as_str).unwrap_or("?");
        let Some(entry) = gatehook::input::tools::lookup(name) else {
            missing.push(format!("the tool {name} is not in gatehook's catalogue"));
            continue;
        };
        let props = t
            .pointer("/input_schema/properties")
            .and_then(Value::as_object);
        for field in props.into_iter().flat_map(|p| p.keys()) {
            // `*`: the tool's schema is the caller's own (StructuredOutput).
            if !entry.fields.contains(&"*") && !entry.fields.contains(&field.as_str()) {
                missing.push(format!(
                    "{name}'s input field `{field}` is not in gatehook's catalogue"
                ));
            }
        }
    }
    for s in &skills {
        // Skills from files in the (empty) project and home would be listed too; these
        // are built into Claude Code.
        if !gatehook::input::tools::BUILTIN_SKILLS.contains(&s.as_str()) {
            missing.push(format!(
                "the built-in skill {s} is not in gatehook's BUILTIN_SKILLS"
            ));
        }
    }
    assert!(
        missing.is_empty(),
        "Claude Code offers what gatehook does not classify (src/input/tools.rs):\n{}",
        missing.join("\n")
    );

    // And each of these calls was judged: the ToolSearch call was allowed at once.
    let audit =
        std::fs::read_to_string(project.gatehook_home.join("audit.jsonl")).unwrap_or_default();
    assert!(
        audit.contains("\"ToolSearch\"") && audit.contains("no-side-effects"),
        "the ToolSearch call was not allowed by gatehook: {audit}{ctx}"
    );
}
