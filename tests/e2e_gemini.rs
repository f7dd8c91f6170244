//! End to end: the real Gemini CLI, offline against a scripted model on loopback, with
//! `gatehook hook --format gemini` registered as the project's BeforeTool and BeforeAgent
//! hook (`.gemini/settings.json`).
//!
//! One `gemini -p` run in YOLO mode — the CLI approves every call itself, so whatever is
//! refused is refused by gatehook — in which the model:
//! 1. `write_file`s `src/new.txt` in the project: a workspace edit, allowed, the file lands;
//! 2. `run_shell_command`s `rm -rf ~`: denied, HOME is still there, and the model's next
//!    request carries gatehook's reason in the `functionResponse` error;
//! 3. `read_file`s `~/.ssh/id_rsa` planted in the fake HOME: denied as a credential, the
//!    key never reaches the model;
//! 4. says "done".
//!
//! HOME is added to the workspace (`--include-directories`) because Gemini CLI refuses a
//! path outside its workspace itself, before any BeforeTool hook runs (measured on
//! 0.61.0: "Path not in workspace"), and the point is that gatehook refuses it.
//!
//! `harness_with_stand_in_hook` pins Gemini CLI's side of the protocol independently of
//! gatehook: the payloads a few lines of Python receive, and what the model is told when
//! such a hook denies.
//!
//! Needs Gemini CLI: `scripts/test.sh` installs the pinned version and sets
//! `GATEHOOK_GEMINI_BIN`. Without it the test skips loudly, or fails under `CI`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod e2e_support;

use e2e_support::gemini::{self, Project};
use e2e_support::gemini_server::{GeminiServer, Reply};
use serde_json::{json, Value};

const PROMPT: &str = "Create src/new.txt, clean up my home directory and show me my SSH key";
const NEW_CONTENT: &str = "hello from the gemini e2e test\n";
const KEY: &str = "-----BEGIN OPENSSH PRIVATE KEY-----\nnot-a-real-key-e2e\n";

fn sh_quote(s: &str) -> String {
    if s.chars()
        .all(|c| c.is_ascii_alphanumeric() || "/._-+".contains(c))
    {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', r"'\''"))
    }
}

/// The `functionResponse.response.error` text the model got for its `name` call.
fn error_text(server: &GeminiServer, name: &str, ctx: &str) -> String {
    let response = server
        .function_response(name)
        .unwrap_or_else(|| panic!("the model never got a functionResponse for {name}{ctx}"));
    response["error"]
        .as_str()
        .unwrap_or_else(|| panic!("{name} did not come back as an error: {response}{ctx}"))
        .to_string()
}

#[test]
fn gatehook_gates_real_gemini_cli() {
    let Some(bin) = gemini::gemini_bin() else {
        return;
    };
    let gatehook = env!("CARGO_BIN_EXE_gatehook");
    let project = Project::new(&format!("{} hook --format gemini", sh_quote(gatehook)));
    let home = project.home.clone();
    let key = home.join(".ssh/id_rsa");
    std::fs::create_dir_all(home.join(".ssh")).unwrap();
    std::fs::write(&key, KEY).unwrap();
    let sentinel = home.join("keep-me.txt");
    std::fs::write(&sentinel, "still here\n").unwrap();
    let new_file = project.dir.join("src/new.txt");

    let mut server = GeminiServer::start(vec![
        Reply::call(
            "write_file",
            json!({"file_path": new_file, "content": NEW_CONTENT}),
        ),
        Reply::call(
            "run_shell_command",
            json!({"command": "rm -rf ~", "description": "clean up"}),
        ),
        Reply::call("read_file", json!({"file_path": key})),
        Reply::text("done"),
    ]);
    let home_arg = home.to_string_lossy().into_owned();
    let run = gemini::run_gemini(
        &bin,
        &project,
        &server.base_url(),
        PROMPT,
        &["--include-directories", &home_arg],
    );
    server.shutdown();
    eprintln!("gemini run took {:?}", run.elapsed);
    let audit_path = project.gatehook_home.join("audit.jsonl");
    let audit = std::fs::read_to_string(&audit_path).unwrap_or_default();
    let ctx = format!(
        "\n{}--- model server requests ---\n{}--- {} ---\n{audit}\n",
        run.report(),
        server.report(),
        audit_path.display()
    );

    assert!(run.success, "gemini did not exit successfully{ctx}");
    let result = run
        .result
        .as_ref()
        .unwrap_or_else(|| panic!("gemini stdout is not one JSON object{ctx}"));
    assert_eq!(result["response"], json!("done"), "final response{ctx}");

    // (1) The allowed write ran, and the model was told so.
    let written = std::fs::read_to_string(&new_file)
        .unwrap_or_else(|e| panic!("{} was not written ({e}){ctx}", new_file.display()));
    assert_eq!(written, NEW_CONTENT, "content of src/new.txt{ctx}");
    let wrote = server
        .function_response("write_file")
        .unwrap_or_else(|| panic!("no functionResponse for write_file{ctx}"));
    assert!(
        wrote.get("output").is_some() && wrote.get("error").is_none(),
        "the allowed write came back as an error: {wrote}{ctx}"
    );

    // (2) `rm -rf ~` did not run, and the model was told gatehook's reason.
    assert!(
        sentinel.is_file() && key.is_file(),
        "HOME was deleted: the denied rm ran{ctx}"
    );
    let rm = error_text(&server, "run_shell_command", &ctx);
    assert!(
        rm.contains("gatehook deny [destructive]") && rm.contains("rm -rf ~"),
        "the model was not told gatehook's reason for rm: {rm:?}{ctx}"
    );

    // (3) The key was not read, and the model was told why.
    assert_eq!(std::fs::read_to_string(&key).unwrap(), KEY, "the key{ctx}");
    let read = error_text(&server, "read_file", &ctx);
    assert!(
        read.contains("gatehook deny [credential]") && read.contains(".ssh/id_rsa"),
        "the model was not told gatehook's reason for the key: {read:?}{ctx}"
    );
    let everything_sent: String = server
        .requests()
        .iter()
        .map(|r| r.body.to_string())
        .collect();
    assert!(
        !everything_sent.contains("not-a-real-key-e2e"),
        "the private key reached the model{ctx}"
    );

    // The CLI's own account agrees: one success, two failures, nothing it refused itself.
    let by_name = &result["stats"]["tools"]["byName"];
    for (tool, success, fail) in [
        ("write_file", 1, 0),
        ("run_shell_command", 0, 1),
        ("read_file", 0, 1),
    ] {
        assert_eq!(
            (&by_name[tool]["success"], &by_name[tool]["fail"]),
            (&json!(success), &json!(fail)),
            "stats.tools.byName.{tool}{ctx}"
        );
    }
    assert_eq!(
        server.unused_replies(),
        0,
        "the script was not used up{ctx}"
    );
    assert_eq!(server.main_requests().len(), 4, "main requests{ctx}");

    // gatehook's audit log: the three calls, as the harness named them, in order.
    let records: Vec<Value> = audit
        .lines()
        .map(|l| {
            serde_json::from_str(l)
                .unwrap_or_else(|e| panic!("audit line is not JSON ({e}): {l}{ctx}"))
        })
        .collect();
    let got: Vec<(&str, &str, &str, &str)> = records
        .iter()
        .map(|r| {
            (
                r["harness"].as_str().unwrap_or(""),
                r["tool"].as_str().unwrap_or(""),
                r["decision"].as_str().unwrap_or(""),
                r["cause"].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            ("gemini", "Write", "allow", "workspace-edit"),
            ("gemini", "Bash", "deny", "destructive"),
            ("gemini", "Read", "deny", "credential"),
        ],
        "audit records{ctx}"
    );
    let session = &result["session_id"];
    assert!(session.is_string(), "no session_id in the result{ctx}");
    for r in &records {
        assert_eq!(&r["session_id"], session, "audit session_id{ctx}");
        assert_eq!(r["cwd"], json!(project.dir), "audit cwd{ctx}");
        assert_eq!(r["event"], json!("PreToolUse"), "audit event{ctx}");
    }

    // BeforeAgent recorded the person's words for the session (holds and the reviewer
    // read them from there).
    let prompts: Vec<String> = std::fs::read_dir(project.gatehook_home.join("state"))
        .map(|dirs| {
            dirs.filter_map(Result::ok)
                .filter_map(|d| std::fs::read_to_string(d.path().join("prompts.jsonl")).ok())
                .collect()
        })
        .unwrap_or_default();
    assert!(
        prompts
            .iter()
            .any(|p| p.contains(&json!(PROMPT).to_string())),
        "BeforeAgent did not record the prompt: {prompts:?}{ctx}"
    );
}

const STAND_IN_REASON: &str = "stand-in: no deleting home";

/// Gemini CLI's side, measured with a stand-in hook that logs every payload and denies
/// only `run_shell_command`: the events and their fields, and the exact text the model
/// gets for a deny.
#[test]
fn harness_with_stand_in_hook() {
    let Some(bin) = gemini::gemini_bin() else {
        return;
    };
    let hook_dir = tempfile::tempdir().unwrap();
    let log = hook_dir.path().join("payloads.jsonl");
    let script = hook_dir.path().join("stand_in.py");
    std::fs::write(
        &script,
        format!(
            r#"import json, sys
payload = json.load(sys.stdin)
with open({log:?}, "a") as f:
    f.write(json.dumps(payload) + "\n")
if payload.get("tool_name") == "run_shell_command":
    print(json.dumps({{"decision": "deny", "reason": {reason:?}}}))
"#,
            log = log.to_string_lossy(),
            reason = STAND_IN_REASON,
        ),
    )
    .unwrap();
    let project = Project::new(&format!("python3 {}", sh_quote(&script.to_string_lossy())));
    let sentinel = project.home.join("keep-me.txt");
    std::fs::write(&sentinel, "still here\n").unwrap();
    let new_file = project.dir.join("src/new.txt");
    let write_args = json!({"file_path": new_file, "content": NEW_CONTENT});
    let rm_args = json!({"command": "rm -rf ~"});
    let mut server = GeminiServer::start(vec![
        Reply::call("write_file", write_args.clone()),
        Reply::call("run_shell_command", rm_args.clone()),
        Reply::text("done"),
    ]);
    let run = gemini::run_gemini(&bin, &project, &server.base_url(), PROMPT, &[]);
    server.shutdown();
    let payloads: Vec<Value> = std::fs::read_to_string(&log)
        .unwrap_or_default()
        .lines()
        .map(|l| serde_json::from_str(l).expect("payload line is JSON"))
        .collect();
    let ctx = format!(
        "\n{}--- model server requests ---\n{}--- hook payloads ---\n{}\n",
        run.report(),
        server.report(),
        payloads
            .iter()
            .map(Value::to_string)
            .collect::<Vec<_>>()
            .join("\n")
    );
    assert!(run.success, "gemini did not exit successfully{ctx}");
    let result = run.result.as_ref().expect("JSON result");

    // A silent hook in YOLO mode: the write ran. The deny: HOME is intact, and the model
    // is told the reason behind a fixed prefix.
    assert_eq!(
        std::fs::read_to_string(&new_file).ok().as_deref(),
        Some(NEW_CONTENT),
        "the write under a silent hook{ctx}"
    );
    assert!(sentinel.is_file(), "the denied rm ran{ctx}");
    assert_eq!(
        error_text(&server, "run_shell_command", &ctx),
        format!("Tool execution blocked: {STAND_IN_REASON}"),
        "what the model is told{ctx}"
    );

    let events: Vec<&str> = payloads
        .iter()
        .filter_map(|p| p["hook_event_name"].as_str())
        .collect();
    assert_eq!(
        events,
        ["BeforeAgent", "BeforeTool", "BeforeTool"],
        "hook events{ctx}"
    );
    assert_eq!(
        payloads[0]["prompt"],
        json!(PROMPT),
        "BeforeAgent prompt{ctx}"
    );
    for (p, (tool, args)) in payloads[1..]
        .iter()
        .zip([("write_file", &write_args), ("run_shell_command", &rm_args)])
    {
        assert_eq!(p["tool_name"], json!(tool), "tool_name{ctx}");
        assert_eq!(
            &p["tool_input"], args,
            "tool_input is the model's args{ctx}"
        );
    }
    for p in &payloads {
        assert_eq!(p["session_id"], result["session_id"], "session_id{ctx}");
        assert_eq!(p["cwd"], json!(project.dir), "cwd{ctx}");
        assert!(
            p["timestamp"].is_string() && p["transcript_path"].is_string(),
            "timestamp and transcript_path{ctx}"
        );
    }
}
