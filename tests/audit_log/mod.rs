//! Synthetic audit logs for the `gatehook audit` tests: records shaped like the hook's
//! (see src/hook.rs `audit_record`), hostile strings, garbage lines, rotated files.
#![allow(
    dead_code,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::too_many_arguments
)]

use serde_json::{json, Value};
use std::os::unix::fs::PermissionsExt;
use std::path::Path;

/// A command an agent could send that tries everything against a viewer: HTML and script
/// injection, attribute breaking, a bidi override, a terminal escape, a BEL, a C1 CSI.
pub const HOSTILE: &str = "echo '</code></td><script>document.title=\"pwned\"</script><img src=x onerror=\"document.body.dataset.pwned=1\">' \"q\" \u{202e}gnp.exe \u{1b}[2J\u{7}\u{9b}31m";

pub fn rec(
    ts: &str,
    session: &str,
    tool: &str,
    input: Value,
    d: &str,
    gate: &str,
    cause: &str,
    us: u64,
) -> Value {
    let mut r = json!({
        "ts": ts, "version": "0.1.0", "session_id": session, "tool": tool, "input": input,
        "cwd": "/ws", "mode": "auto", "permission_mode": "default", "decision": d,
        "gate": gate, "cause": cause, "reason": format!("gatehook {d} [{cause}]"),
        "latency_us": us,
    });
    if gate == "reviewer" || gate == "cache" {
        r["review"] = json!({"stage": "full", "latency_ms": us / 1000, "decision": d,
                             "cache_hit": gate == "cache"});
        r["floor_cause"] = json!("unknown-command");
    }
    r
}

pub fn bash(
    ts: &str,
    session: &str,
    cmd: &str,
    d: &str,
    gate: &str,
    cause: &str,
    us: u64,
) -> Value {
    rec(
        ts,
        session,
        "Bash",
        json!({"command": cmd}),
        d,
        gate,
        cause,
        us,
    )
}

/// Make GATEHOOK_HOME as the hook would (0700).
pub fn make_home(gh: &Path) {
    std::fs::create_dir_all(gh).unwrap();
    std::fs::set_permissions(gh, std::fs::Permissions::from_mode(0o700)).unwrap();
}

/// Write `name` in `gh` with one record per line and any extra raw lines after them.
pub fn write(gh: &Path, name: &str, records: &[Value], extra: &[&str]) {
    make_home(gh);
    let mut text = String::new();
    for r in records {
        text.push_str(&r.to_string());
        text.push('\n');
    }
    for e in extra {
        text.push_str(e);
        text.push('\n');
    }
    std::fs::write(gh.join(name), text).unwrap();
}

/// RFC 3339 time `secs` seconds before now.
pub fn ago(secs: i64) -> String {
    (chrono::Utc::now() - chrono::Duration::seconds(secs))
        .to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
}

/// A varied day of traffic (for the report): fast-path reads and routine commands, some
/// reviewed calls, asks and denials, and the hostile command, spread over 30 hours.
pub fn day_of_traffic() -> Vec<Value> {
    let mut out = Vec::new();
    for i in 0..300i64 {
        let t = ago(30 * 3600 - i * 360);
        let s = ["s1", "s2", "s3"][(i % 3) as usize];
        let r = match i % 20 {
            0..=6 => rec(
                &t,
                s,
                "Read",
                json!({"file_path": "/ws/src/main.rs"}),
                "allow",
                "fastpath",
                "workspace-read",
                800 + (i as u64 % 7) * 300,
            ),
            7..=11 => bash(
                &t,
                s,
                "cargo test",
                "allow",
                "fastpath",
                "routine-command",
                1500 + (i as u64 % 5) * 700,
            ),
            12 | 13 => bash(
                &t,
                s,
                "make deploy-staging",
                "allow",
                "reviewer",
                "reviewer-allow",
                900_000 + (i as u64 % 9) * 100_000,
            ),
            14 => bash(
                &t,
                s,
                "git push origin main",
                "ask",
                "reviewer",
                "reviewer-ask",
                1_400_000,
            ),
            15 => rec(
                &t,
                s,
                "Read",
                json!({"file_path": "/home/u/.ssh/id_rsa"}),
                "deny",
                "floor",
                "credential",
                400,
            ),
            16 => bash(&t, s, "rm -rf /", "deny", "floor", "destructive", 600),
            17 => bash(&t, s, HOSTILE, "ask", "floor", "opaque-command", 2_000),
            18 => rec(
                &t,
                s,
                "WebFetch",
                json!({"url": "https://example.com/a"}),
                "ask",
                "floor",
                "unknown-command",
                900,
            ),
            _ => rec(
                &t,
                s,
                "Edit",
                json!({"file_path": "/ws/src/lib.rs"}),
                "allow",
                "fastpath",
                "workspace-edit",
                1_100,
            ),
        };
        out.push(r);
    }
    out
}
