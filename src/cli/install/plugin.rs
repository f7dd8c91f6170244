//! The registration gatehook's Claude Code plugin (`plugin/`) makes, and the command it
//! runs: the fail-closed portable form (`gatehook` found on `PATH`, or every call is
//! refused with exit 2), which must stay the same as `gatehook install`'s portable command.
//! The tests below read the plugin's own files, so a drift fails the build's tests.

/// The hook command of the plugin: `install`'s portable form, one constant for both.
pub use super::PORTABLE_COMMAND;

/// The plugin's `hooks/hooks.json`, as shipped.
pub const HOOKS_JSON: &str = include_str!("../../../plugin/hooks/hooks.json");
/// The plugin's manifest, as shipped.
pub const MANIFEST_JSON: &str = include_str!("../../../plugin/.claude-plugin/plugin.json");

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;
    use serde_json::Value;

    /// Every handler of every event in the plugin's hooks file.
    fn handlers(v: &Value) -> Vec<(String, Value)> {
        let mut out = Vec::new();
        for (event, groups) in v["hooks"].as_object().expect("hooks is an object") {
            for g in groups.as_array().expect("an event holds matcher groups") {
                for h in g["hooks"].as_array().expect("a group holds handlers") {
                    out.push((event.clone(), h.clone()));
                }
            }
        }
        out
    }

    #[test]
    fn the_plugin_runs_exactly_the_portable_command_on_every_event() {
        let v: Value = serde_json::from_str(HOOKS_JSON).unwrap();
        let hs = handlers(&v);
        let events: Vec<&str> = hs.iter().map(|(e, _)| e.as_str()).collect();
        for want in [
            "PreToolUse",
            "PermissionRequest",
            "UserPromptSubmit",
            "SubagentStop",
            "PostToolUse",
        ] {
            assert!(events.contains(&want), "{want} missing: {events:?}");
        }
        for (event, h) in &hs {
            assert_eq!(h["type"], "command", "{event}");
            assert_eq!(h["command"], PORTABLE_COMMAND, "{event}");
            // Nothing that would weaken the gate: no async run, no `if` filter, and a
            // timeout above the reviewer's default worst case.
            assert!(
                h.get("async").is_none() && h.get("if").is_none(),
                "{event}: {h}"
            );
            assert!(h["timeout"].as_u64().unwrap() >= super::super::MIN_TIMEOUT_S);
        }
        let pre = &v["hooks"]["PreToolUse"][0];
        assert_eq!(pre["matcher"], "*");
        assert_eq!(v["hooks"]["PostToolUse"][0]["matcher"], "Agent|Task");
    }

    #[test]
    fn the_manifest_names_the_plugin_and_the_marketplace_lists_it() {
        let m: Value = serde_json::from_str(MANIFEST_JSON).unwrap();
        assert_eq!(m["name"], "gatehook");
        assert_eq!(m["version"], env!("CARGO_PKG_VERSION"));
        let market: Value =
            serde_json::from_str(include_str!("../../../.claude-plugin/marketplace.json")).unwrap();
        let p = &market["plugins"][0];
        assert_eq!(p["name"], "gatehook");
        assert_eq!(p["source"], "./plugin");
    }

    /// The command really fails closed: without gatehook on PATH it exits 2 with the
    /// reason on stderr (what Claude Code shows and blocks on).
    #[test]
    fn the_portable_command_exits_2_when_gatehook_is_missing() {
        let empty = tempfile::tempdir().unwrap();
        let out = std::process::Command::new("/bin/sh")
            .args(["-c", PORTABLE_COMMAND])
            .env("PATH", empty.path())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&out.stderr).contains("gatehook: not found on PATH"));
    }
}
