use super::*;

const CMD: &str = "/opt/bin/gatehook hook";

fn doc(text: &str) -> Json {
    Json::parse(text).unwrap()
}

fn installed(text: &str) -> Json {
    let mut d = doc(text);
    install(&mut d, CMD, 30, "gatehook").unwrap();
    d
}

#[test]
fn recognises_gatehook_commands() {
    for (cmd, ours) in [
        ("gatehook hook", true),
        ("/usr/local/bin/gatehook hook", true),
        ("'/home/me/my tools/gatehook' hook", true),
        ("GATEHOOK_HOME=/x gatehook hook", true),
        ("  gatehook   hook  ", true),
        ("/x/gatehook-dev hook", true), // the running binary's own name
        ("gatehook explain", false),
        ("gatehook hook --format gemini", false),
        // The Codex snippet people merged by hand is gatehook's, so install rewrites it.
        ("gatehook hook --format codex", true),
        ("/x/gatehook hook --format=codex", true),
        ("gatehook hook --format nope", false),
        ("gatehooks hook", false),
        ("echo gatehook hook | sh", false),
        ("my-logger", false),
        ("'unterminated gatehook hook", true),
    ] {
        assert_eq!(is_gatehook_command(cmd, "gatehook-dev"), ours, "{cmd}");
    }
}

#[test]
fn install_into_empty_writes_every_registration() {
    let d = installed("{}");
    let found = find(&d, "gatehook").unwrap();
    let events: Vec<&str> = found.iter().map(|f| f.event.as_str()).collect();
    assert_eq!(
        events,
        [
            "PreToolUse",
            "PermissionRequest",
            "UserPromptSubmit",
            "SubagentStop",
            "PostToolUse"
        ]
    );
    assert!(found
        .iter()
        .all(|f| f.command == CMD && f.timeout == Some(30)));
    assert_eq!(found[4].matcher.as_deref(), Some("Agent|Task"));
    assert_eq!(found[2].matcher, None);
}

#[test]
fn install_is_idempotent_and_keeps_other_keys_in_order() {
    let text = r#"{"model": "x", "hooks": {"PreToolUse": [{"matcher": "Bash",
        "hooks": [{"type": "command", "command": "my-logger"}]}], "Stop": []}, "z": [1]}"#;
    let once = installed(text);
    let mut twice = once.clone();
    install(&mut twice, CMD, 30, "gatehook").unwrap();
    assert_eq!(once, twice);
    let Json::Object(top) = &once else { panic!() };
    let keys: Vec<&str> = top.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(keys, ["model", "hooks", "z"]);
    let pre = once.get("hooks").unwrap().get("PreToolUse").unwrap();
    let Json::Array(groups) = pre else { panic!() };
    assert_eq!(
        groups.len(),
        2,
        "the person's Bash group stays, ours is appended"
    );
    assert_eq!(
        groups[0],
        doc(text)
            .get("hooks")
            .unwrap()
            .get("PreToolUse")
            .unwrap()
            .clone_first()
    );
    assert!(once.get("hooks").unwrap().get("Stop").is_some());
}

trait First {
    fn clone_first(&self) -> Json;
}
impl First for Json {
    fn clone_first(&self) -> Json {
        match self {
            Json::Array(a) => a[0].clone(),
            _ => Json::Null,
        }
    }
}

#[test]
fn older_entry_is_updated_in_place_not_duplicated() {
    let text = r#"{"hooks": {"PreToolUse": [{"matcher": "*", "hooks": [
        {"type": "command", "command": "my-logger"},
        {"type": "command", "command": "gatehook hook", "timeout": 5, "async": true}]}]}}"#;
    let d = installed(text);
    let Some(Json::Array(groups)) = d.get("hooks").unwrap().get("PreToolUse") else {
        panic!()
    };
    assert_eq!(groups.len(), 1);
    let Some(Json::Array(hs)) = groups[0].get("hooks") else {
        panic!()
    };
    assert_eq!(hs.len(), 2);
    assert_eq!(hs[0].get("command").unwrap().as_str(), Some("my-logger"));
    assert_eq!(hs[1], handler(CMD, 30), "rewritten whole: async is gone");
}

#[test]
fn entries_under_other_matchers_and_duplicates_collapse_to_one() {
    let text = r#"{"hooks": {"PreToolUse": [
        {"matcher": "Bash", "hooks": [{"type": "command", "command": "gatehook hook"}]},
        {"hooks": [{"type": "command", "command": "/old/gatehook hook"}]},
        {"matcher": "*", "hooks": [{"type": "command", "command": "gatehook hook"}]}]}}"#;
    let d = installed(text);
    let found: Vec<Found> = find(&d, "gatehook")
        .unwrap()
        .into_iter()
        .filter(|f| f.event == "PreToolUse")
        .collect();
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].matcher, None, "the first match-all group is kept");
    let Some(Json::Array(groups)) = d.get("hooks").unwrap().get("PreToolUse") else {
        panic!()
    };
    assert_eq!(groups.len(), 1, "groups emptied by the removal are dropped");
}

#[test]
fn uninstall_removes_only_gatehook_and_restores_empty_file() {
    let mut d = installed("{}");
    assert_eq!(uninstall(&mut d, "gatehook").unwrap(), 5);
    assert_eq!(d, doc("{}"));

    let text = r#"{"hooks": {"PreToolUse": [{"matcher": "*", "hooks": [
        {"type": "command", "command": "my-logger"}]}], "Stop": []}}"#;
    let mut d = installed(text);
    uninstall(&mut d, "gatehook").unwrap();
    assert_eq!(d, doc(text), "other hooks and an already-empty event stay");
    assert_eq!(uninstall(&mut d, "gatehook").unwrap(), 0);
}

#[test]
fn refuses_malformed_shapes() {
    for (text, why) in [
        ("[]", "top level"),
        (r#"{"hooks": []}"#, "\"hooks\" is not an object"),
        (
            r#"{"hooks": {"PreToolUse": {}}}"#,
            "hooks.PreToolUse is not an array",
        ),
        (
            r#"{"hooks": {"PreToolUse": [1]}}"#,
            "hooks.PreToolUse[0] is not an object",
        ),
        (
            r#"{"hooks": {"PreToolUse": [{"matcher": "*"}]}}"#,
            "hooks.PreToolUse[0].hooks",
        ),
        (
            r#"{"hooks": {"PostToolUse": [{"matcher": 3, "hooks": []}]}}"#,
            "matcher is not a string",
        ),
    ] {
        let mut d = doc(text);
        let before = d.clone();
        let e = install(&mut d, CMD, 30, "gatehook").unwrap_err();
        assert!(e.contains(why), "{text}: {e}");
        assert_eq!(d, before, "nothing changed on refusal");
        assert!(uninstall(&mut d, "gatehook").is_err(), "{text}");
    }
    // Uninstall checks every event, not only gatehook's.
    let mut d = doc(r#"{"hooks": {"Stop": "x"}}"#);
    assert!(uninstall(&mut d, "gatehook")
        .unwrap_err()
        .contains("hooks.Stop"));
}

#[test]
fn the_portable_command_is_gatehooks_and_its_form_is_known() {
    use crate::cli::install::{command_form, CommandForm, PORTABLE_COMMAND};
    assert!(is_gatehook_command(PORTABLE_COMMAND, "gatehook"));
    assert!(is_gatehook_command(
        &format!("  {PORTABLE_COMMAND}\n"),
        "gatehook"
    ));
    assert_eq!(
        command_form(PORTABLE_COMMAND, "gatehook"),
        Some(CommandForm::Portable)
    );
    let codex = crate::cli::install::portable_command(Some(crate::input::harness::Harness::Codex));
    assert_eq!(codex, format!("{PORTABLE_COMMAND} --format codex"));
    assert_eq!(
        command_form(&codex, "gatehook"),
        Some(CommandForm::Portable)
    );
    assert!(is_gatehook_command(&codex, "gatehook"));
    assert!(!crate::cli::install::is_portable(&format!(
        "{PORTABLE_COMMAND} --format nope"
    )));
    assert_eq!(
        command_form("'/opt/x y/gatehook' hook", "gatehook"),
        Some(CommandForm::Path("/opt/x y/gatehook".into()))
    );
    assert_eq!(
        command_form("GATEHOOK_HOME=/g gatehook hook", "gatehook"),
        Some(CommandForm::OnPath("gatehook".into()))
    );
    // A look-alike that differs from the portable command is not taken for it.
    let other = PORTABLE_COMMAND.replace("exit 2", "exit 0");
    assert_eq!(command_form(&other, "gatehook"), None);
    assert_eq!(command_form("echo hi", "gatehook"), None);
    // It is one shell line, quoted for nothing but POSIX sh.
    assert!(!PORTABLE_COMMAND.contains('\n') && !PORTABLE_COMMAND.contains('\''));
}
