//! gatehook's registrations inside a Claude Code settings document: adding them, removing
//! them, and finding them (for `doctor`). Pure functions over [`Json`]; nothing here reads
//! or writes a file.
//!
//! A gatehook handler is one whose `command` runs gatehook's `hook` subcommand (see
//! [`is_gatehook_command`]). It is gatehook's to rewrite: install replaces it whole (so an
//! `async` or `if` key that would weaken the gate goes), keeps one per event, and leaves
//! every other key, event, group and handler of the file as it was.

use super::ordered::Json;

/// One event gatehook is registered for, with the matcher of its group.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Registration {
    pub event: &'static str,
    /// `None`: the group has no matcher (events that ignore it).
    pub matcher: Option<&'static str>,
    /// Without it gatehook does not gate at all (doctor fails instead of warning).
    pub essential: bool,
    pub purpose: &'static str,
}

/// Every registration `gatehook install` writes, in this order.
pub const REGISTRATIONS: &[Registration] = &[
    Registration {
        event: "PreToolUse",
        matcher: Some("*"),
        essential: true,
        purpose: "decides every tool call",
    },
    Registration {
        event: "PermissionRequest",
        matcher: Some("*"),
        essential: false,
        purpose: "answers permission dialogs with the same verdict",
    },
    Registration {
        event: "UserPromptSubmit",
        matcher: None,
        essential: false,
        purpose: "records your own words (holds, reviewer evidence)",
    },
    Registration {
        event: "SubagentStop",
        matcher: None,
        essential: false,
        purpose: "sees subagents finish",
    },
    Registration {
        event: "PostToolUse",
        matcher: Some("Agent|Task"),
        essential: false,
        purpose: "hands a subagent's decision summary to its parent",
    },
];

/// What `gatehook install --codex` writes into a Codex `hooks.json`: Codex has the same
/// `PreToolUse`, `PermissionRequest` and `UserPromptSubmit` events (it has no subagent
/// events gatehook uses).
pub const CODEX_REGISTRATIONS: &[Registration] = &[
    Registration {
        event: "PreToolUse",
        matcher: Some("*"),
        essential: true,
        purpose: "decides every tool call",
    },
    Registration {
        event: "PermissionRequest",
        matcher: Some("*"),
        essential: false,
        purpose: "refuses Codex's approval requests that gatehook denies",
    },
    Registration {
        event: "UserPromptSubmit",
        matcher: None,
        essential: false,
        purpose: "records your own words (holds, reviewer evidence)",
    },
];

/// Whether `command` runs `gatehook hook`: the portable command
/// ([`super::is_portable`]), or `[NAME=value …] PATH hook [--format codex]` where PATH's
/// file name is `gatehook` or `exe_name` (the running binary's file name). A command the shell words
/// cannot be split from counts when it ends in `gatehook hook`.
pub fn is_gatehook_command(command: &str, exe_name: &str) -> bool {
    if super::is_portable(command) {
        return true;
    }
    let Some(words) = shlex::split(command.trim()) else {
        return command.trim_end().ends_with("gatehook hook");
    };
    let words: Vec<&str> = words
        .iter()
        .map(String::as_str)
        .skip_while(|w| is_assignment(w))
        .collect();
    // The one format gatehook registers (Codex's); another harness's format in a
    // settings file is someone's own handler, not gatehook's to rewrite.
    let known = |f: &str| f == crate::input::harness::Harness::Codex.as_str();
    let prog = match words.as_slice() {
        [prog, "hook"] => Some(prog),
        [prog, "hook", "--format", f] if known(f) => Some(prog),
        [prog, "hook", f] if f.strip_prefix("--format=").is_some_and(known) => Some(prog),
        _ => None,
    };
    match prog {
        Some(prog) => {
            let name = prog.rsplit('/').next().unwrap_or(prog);
            name == "gatehook" || (!exe_name.is_empty() && name == exe_name)
        }
        _ => false,
    }
}

/// `NAME=value`: a shell assignment word before the program.
pub(crate) fn is_assignment(word: &str) -> bool {
    match word.split_once('=') {
        Some((name, _)) => {
            !name.is_empty()
                && !name.starts_with(|c: char| c.is_ascii_digit())
                && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        }
        None => false,
    }
}

/// A matcher that matches every tool: absent, `""` or `"*"`.
fn matches_all(m: Option<&str>) -> bool {
    matches!(m, None | Some("") | Some("*"))
}

fn same_matcher(have: Option<&str>, want: Option<&str>) -> bool {
    (matches_all(have) && matches_all(want)) || have == want
}

/// The handler gatehook writes.
pub fn handler(command: &str, timeout: u64) -> Json {
    Json::Object(vec![
        ("type".into(), Json::str("command")),
        ("command".into(), Json::str(command)),
        ("timeout".into(), Json::Number(timeout.into())),
    ])
}

fn is_ours(h: &Json, exe_name: &str) -> bool {
    h.get("command")
        .and_then(Json::as_str)
        .is_some_and(|c| is_gatehook_command(c, exe_name))
}

/// The document's `hooks` object; `Ok(None)` when absent. A non-object is refused.
fn hooks_of(doc: &Json) -> Result<Option<&Vec<(String, Json)>>, String> {
    if !matches!(doc, Json::Object(_)) {
        return Err("the file's top level is not a JSON object".into());
    }
    match doc.get("hooks") {
        None => Ok(None),
        Some(Json::Object(kv)) => Ok(Some(kv)),
        Some(_) => Err("its \"hooks\" is not an object".into()),
    }
}

/// Check one event's value is the documented shape: an array of objects whose `hooks` is
/// an array (and whose `matcher`, when present, is a string).
fn check_event(event: &str, v: &Json) -> Result<(), String> {
    let Json::Array(groups) = v else {
        return Err(format!("hooks.{event} is not an array"));
    };
    for (i, g) in groups.iter().enumerate() {
        if !matches!(g, Json::Object(_)) {
            return Err(format!("hooks.{event}[{i}] is not an object"));
        }
        if !matches!(g.get("hooks"), Some(Json::Array(_))) {
            return Err(format!("hooks.{event}[{i}].hooks is not an array"));
        }
        if g.get("matcher").is_some_and(|m| m.as_str().is_none()) {
            return Err(format!("hooks.{event}[{i}].matcher is not a string"));
        }
    }
    Ok(())
}

/// Remove gatehook's handlers from one event's groups, except the one at `keep`; a group
/// emptied by the removal goes too (groups that were empty already stay).
fn strip_event(groups: &mut Vec<Json>, keep: Option<(usize, usize)>, exe_name: &str) -> usize {
    let mut removed = 0;
    let mut emptied = Vec::new();
    for (gi, g) in groups.iter_mut().enumerate() {
        if let Some(Json::Array(hs)) = g.get_mut("hooks") {
            let before = hs.len();
            let mut hi = 0;
            hs.retain(|h| {
                let stay = !is_ours(h, exe_name) || keep == Some((gi, hi));
                hi += 1;
                stay
            });
            removed += before - hs.len();
            if before > 0 && hs.is_empty() {
                emptied.push(gi);
            }
        }
    }
    let mut gi = 0;
    groups.retain(|_| {
        let stay = !emptied.contains(&gi);
        gi += 1;
        stay
    });
    removed
}

/// Register gatehook for every event of [`REGISTRATIONS`] with `command` and `timeout`.
/// An existing gatehook handler in a group with the same matcher is rewritten in place;
/// other gatehook handlers of the event are removed; otherwise a new group is appended.
pub fn install(doc: &mut Json, command: &str, timeout: u64, exe_name: &str) -> Result<(), String> {
    install_for(doc, REGISTRATIONS, command, timeout, exe_name)
}

/// [`install`] for another harness's list of registrations.
pub fn install_for(
    doc: &mut Json,
    registrations: &[Registration],
    command: &str,
    timeout: u64,
    exe_name: &str,
) -> Result<(), String> {
    if let Some(kv) = hooks_of(doc)? {
        for r in registrations {
            if let Some((_, v)) = kv.iter().find(|(k, _)| k == r.event) {
                check_event(r.event, v)?;
            }
        }
    }
    if doc.get("hooks").is_none() {
        doc.set("hooks", Json::Object(Vec::new()));
    }
    let Some(hooks) = doc.get_mut("hooks") else {
        return Err("internal: hooks vanished".into());
    };
    for r in registrations {
        if hooks.get(r.event).is_none() {
            hooks.set(r.event, Json::Array(Vec::new()));
        }
        let Some(Json::Array(groups)) = hooks.get_mut(r.event) else {
            return Err(format!("hooks.{} is not an array", r.event));
        };
        let mut found = None;
        for (gi, g) in groups.iter().enumerate() {
            if !same_matcher(g.get("matcher").and_then(Json::as_str), r.matcher) {
                continue;
            }
            if let Some(Json::Array(hs)) = g.get("hooks") {
                if let Some(hi) = hs.iter().position(|h| is_ours(h, exe_name)) {
                    found = Some((gi, hi));
                    break;
                }
            }
        }
        strip_event(groups, found, exe_name);
        let mine = handler(command, timeout);
        match found {
            Some(_) => {
                // After the strip the kept handler is the event's only gatehook handler.
                let ours = groups
                    .iter_mut()
                    .filter_map(|g| match g.get_mut("hooks") {
                        Some(Json::Array(hs)) => Some(hs),
                        _ => None,
                    })
                    .flat_map(|hs| hs.iter_mut())
                    .filter(|h| is_ours(h, exe_name));
                for h in ours {
                    *h = mine.clone();
                }
            }
            None => {
                let mut group = Vec::new();
                if let Some(m) = r.matcher {
                    group.push(("matcher".to_string(), Json::str(m)));
                }
                group.push(("hooks".to_string(), Json::Array(vec![mine])));
                groups.push(Json::Object(group));
            }
        }
    }
    Ok(())
}

/// Remove every gatehook handler from every event; drop groups and events the removal
/// emptied, and `hooks` itself if it ends up empty because of it. Returns how many.
pub fn uninstall(doc: &mut Json, exe_name: &str) -> Result<usize, String> {
    let Some(kv) = hooks_of(doc)? else {
        return Ok(0);
    };
    for (event, v) in kv {
        check_event(event, v)?;
    }
    let Some(Json::Object(events)) = doc.get_mut("hooks") else {
        return Ok(0);
    };
    let had_events = !events.is_empty();
    let mut removed = 0;
    let mut emptied = Vec::new();
    for (event, v) in events.iter_mut() {
        if let Json::Array(groups) = v {
            let before = groups.len();
            let n = strip_event(groups, None, exe_name);
            removed += n;
            if n > 0 && before > 0 && groups.is_empty() {
                emptied.push(event.clone());
            }
        }
    }
    events.retain(|(k, _)| !emptied.contains(k));
    if had_events && events.is_empty() && removed > 0 {
        doc.remove("hooks");
    }
    Ok(removed)
}

/// One gatehook handler found in a settings document.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Found {
    pub event: String,
    pub matcher: Option<String>,
    pub command: String,
    /// Seconds; `None` when the handler leaves Claude Code's default.
    pub timeout: Option<u64>,
    /// `async: true`: Claude Code does not wait for the answer, so it gates nothing.
    pub is_async: bool,
}

impl Found {
    /// Whether the group's matcher covers every call `r` should see.
    pub fn covers(&self, r: &Registration) -> bool {
        same_matcher(self.matcher.as_deref(), r.matcher) || matches_all(self.matcher.as_deref())
    }
}

/// Every gatehook handler in the document (for `doctor`), refusing a malformed shape.
pub fn find(doc: &Json, exe_name: &str) -> Result<Vec<Found>, String> {
    let Some(kv) = hooks_of(doc)? else {
        return Ok(Vec::new());
    };
    let mut out = Vec::new();
    for (event, v) in kv {
        check_event(event, v)?;
        let Json::Array(groups) = v else { continue };
        for g in groups {
            let matcher = g.get("matcher").and_then(Json::as_str).map(str::to_string);
            let Some(Json::Array(hs)) = g.get("hooks") else {
                continue;
            };
            for h in hs.iter().filter(|h| is_ours(h, exe_name)) {
                out.push(Found {
                    event: event.clone(),
                    matcher: matcher.clone(),
                    command: h
                        .get("command")
                        .and_then(Json::as_str)
                        .unwrap_or_default()
                        .to_string(),
                    timeout: h.get("timeout").and_then(Json::as_u64),
                    is_async: matches!(h.get("async"), Some(Json::Bool(true))),
                });
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
#[path = "merge_tests.rs"]
mod tests;
