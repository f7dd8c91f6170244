//! Bytes on stdin → `gatehook::cli::hook::run`: never a panic or hang, always a valid answer.
//! The first byte picks how the rest is used: raw stdin, or the text as a Bash command, a
//! file path or a subagent prompt inside an otherwise valid PreToolUse payload (so the
//! fuzzer reaches the evaluation, not only the JSON parser).
#![no_main]

use gatehook_fuzz::{assert_answer_shape, sandbox};
use libfuzzer_sys::fuzz_target;
use serde_json::json;

fuzz_target!(|data: &[u8]| {
    let sb = sandbox();
    let Some((&sel, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    let ws = sb.ws.to_string_lossy();
    let modes = ["default", "plan", "acceptEdits", "bypassPermissions"];
    let mode = modes[usize::from(sel >> 6)];
    let wrap = |tool: &str, input: serde_json::Value| {
        json!({"session_id": "fuzz", "cwd": ws, "hook_event_name": if sel & 0x20 == 0 {"PreToolUse"} else {"PermissionRequest"},
               "permission_mode": mode, "tool_name": tool, "tool_input": input})
        .to_string()
        .into_bytes()
    };
    let bytes: Vec<u8> = match sel & 0x7 {
        0 | 1 => rest.to_vec(),
        2 | 3 => wrap("Bash", json!({"command": text})),
        4 => wrap("Read", json!({"file_path": text})),
        5 => wrap(
            "Write",
            json!({"file_path": format!("{ws}/src/x.sh"), "content": text}),
        ),
        6 => wrap(
            "Agent",
            json!({"subagent_type": "general-purpose", "prompt": text}),
        ),
        _ => wrap("Grep", json!({"pattern": "x", "path": text})),
    };
    let answer = gatehook::cli::hook::run(&mut bytes.as_slice(), &sb.env);
    assert_answer_shape(&answer, &bytes);
});
