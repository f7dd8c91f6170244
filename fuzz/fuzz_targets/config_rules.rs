//! Any text as the user's `config.toml` (and each line as a rule): no panic; a config that
//! does not load makes the hook deny with `bad-config`, never anything looser.
#![no_main]

use gatehook::context::config::{self, ConfigPaths};
use gatehook::context::rules::Rule;
use gatehook_fuzz::{assert_answer_shape, sandbox};
use libfuzzer_sys::fuzz_target;
use serde_json::json;

fuzz_target!(|data: &[u8]| {
    let sb = sandbox();
    if let Ok(text) = std::str::from_utf8(data) {
        for line in text.lines() {
            let _ = Rule::parse(line);
        }
    }
    let gh = std::path::PathBuf::from(std::env::var_os("GATEHOOK_HOME").expect("set"));
    std::fs::write(gh.join("config.toml"), data).expect("write config");
    let loaded = config::load(&ConfigPaths::discover(Some(&sb.ws)));
    let payload = json!({"session_id": "fuzz", "cwd": sb.ws, "hook_event_name": "PreToolUse",
        "tool_name": "Bash", "tool_input": {"command": "git status && rm -rf src"}})
    .to_string();
    let answer = gatehook::cli::hook::run(&mut payload.as_bytes(), &sb.env);
    assert_answer_shape(&answer, data);
    if let Err(errs) = loaded {
        let out = answer.stdout.as_deref().unwrap_or_default();
        assert!(
            out.contains("\"deny\"") && out.contains("[bad-config]"),
            "config errors {errs:?} but answer {answer:?}"
        );
    }
});
