//! The spawn floor for benchmarks: the least a hook can do — read stdin, print one JSON
//! object. `gatehook hook` is measured against this program (scripts/bench.sh).
use std::io::{Read, Write};

fn main() {
    let mut input = String::new();
    let _ = std::io::stdin().read_to_string(&mut input);
    let v: serde_json::Value = serde_json::from_str(&input).unwrap_or_default();
    let out = serde_json::json!({"hookSpecificOutput": {"hookEventName": "PreToolUse",
        "permissionDecision": "allow", "permissionDecisionReason": v["tool_name"]}});
    let _ = writeln!(std::io::stdout(), "{out}");
}
