//! Other agents' hooks: Gemini CLI, Cursor, GitHub Copilot CLI and OpenAI Codex
//! (PROTOCOLS §6.1–6.4). Each payload is rewritten into the Claude Code shape — event
//! names, tool names and tool inputs mapped onto the tools the engine knows — so every
//! harness goes through the one evaluation; [`crate::answer::render`] answers in the harness's own shape.
//! A tool this module does not map keeps a `<harness>:` prefix, so it can never be taken
//! for a tool the floor fast-paths. Nothing here decides anything.

mod tools;

use tools::{copilot_tool, gemini_tool, remap, unknown};

use crate::input::InputError;
use serde_json::{Map, Value};
use std::path::PathBuf;

/// The agent whose hook protocol a payload speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Harness {
    Claude,
    Gemini,
    Cursor,
    Copilot,
    Codex,
}

impl Harness {
    pub const NAMES: &'static [&'static str] = &["claude", "gemini", "cursor", "copilot", "codex"];

    pub fn parse(s: &str) -> Option<Harness> {
        match s {
            "claude" => Some(Harness::Claude),
            "gemini" => Some(Harness::Gemini),
            "cursor" => Some(Harness::Cursor),
            "copilot" => Some(Harness::Copilot),
            "codex" => Some(Harness::Codex),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Harness::Claude => "claude",
            Harness::Gemini => "gemini",
            Harness::Cursor => "cursor",
            Harness::Copilot => "copilot",
            Harness::Codex => "codex",
        }
    }
}

/// Codex's patch tool, judged file by file (`crate::policy::patch`).
pub const APPLY_PATCH: &str = "apply_patch";

/// A tool of another harness this module does not map (`gemini:save_memory`): gatehook
/// cannot know what it does.
pub fn is_unmapped(tool: &str) -> bool {
    Harness::NAMES
        .iter()
        .any(|h| tool.strip_prefix(h).is_some_and(|r| r.starts_with(':')))
}

/// The answer shape a payload expects (see [`crate::answer::render`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Surface {
    /// Claude Code's shapes (also Codex's PermissionRequest and prompt events).
    Claude,
    /// Gemini `BeforeTool`: `{"decision", "reason"}`.
    GeminiTool,
    /// Cursor `beforeShellExecution` / `beforeMCPExecution` / `preToolUse`.
    CursorPermission,
    /// Cursor `beforeReadFile`: allow or deny only.
    CursorReadFile,
    /// Cursor `beforeSubmitPrompt`: `{"continue": true}`.
    CursorPrompt,
    /// Copilot `preToolUse`: `{"permissionDecision", "permissionDecisionReason"}`.
    CopilotTool,
    /// Codex `PreToolUse`: only a deny can be expressed; allow and ask fail open there.
    CodexPreTool,
    /// Codex `PermissionRequest`: only a deny is sent; an allow there would run the call
    /// outside Codex's sandbox without asking the person, so every other decision is
    /// silence and Codex's own prompt stays the person's.
    CodexPermission,
    /// An event answered with silence (prompts, other events).
    Silent,
}

/// Where the project root comes from when `CLAUDE_PROJECT_DIR` is not set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProjectHint {
    /// The harness named its workspace root (Cursor `workspace_roots[0]`).
    Root(String),
    /// Find the root above the session's cwd, not the call's (Gemini `dir_path`).
    From(PathBuf),
}

/// A payload rewritten into the Claude Code shape.
#[derive(Debug)]
pub struct Normalized {
    pub object: Map<String, Value>,
    pub project: Option<ProjectHint>,
}

fn event_name(obj: &Map<String, Value>) -> Option<&str> {
    obj.get("hook_event_name").and_then(Value::as_str)
}

/// The harness a payload unambiguously comes from; anything else is treated as Claude.
pub fn detect(obj: &Map<String, Value>) -> Harness {
    match event_name(obj) {
        Some(
            "beforeShellExecution" | "beforeMCPExecution" | "beforeReadFile" | "beforeSubmitPrompt",
        ) => Harness::Cursor,
        Some("preToolUse") if obj.contains_key("conversation_id") => Harness::Cursor,
        Some("BeforeTool" | "BeforeAgent") => Harness::Gemini,
        Some(_) if obj.contains_key("turn_id") => Harness::Codex,
        Some(_) => Harness::Claude,
        // Copilot's camelCase payloads carry no event name.
        None if obj.contains_key("toolName") || obj.contains_key("toolArgs") => Harness::Copilot,
        None if obj.contains_key("prompt")
            && (obj.contains_key("sessionId") || obj.contains_key("timestamp")) =>
        {
            Harness::Copilot
        }
        None => Harness::Claude,
    }
}

/// The answer shape for a payload of `h` (best effort: used for failures too).
pub fn surface(h: Harness, obj: &Map<String, Value>) -> Surface {
    let ev = event_name(obj);
    match h {
        Harness::Claude => Surface::Claude,
        Harness::Gemini => match ev {
            Some("BeforeAgent") => Surface::Silent,
            _ => Surface::GeminiTool,
        },
        Harness::Cursor => match ev {
            Some("beforeReadFile") => Surface::CursorReadFile,
            Some("beforeSubmitPrompt") => Surface::CursorPrompt,
            _ => Surface::CursorPermission,
        },
        Harness::Copilot => match ev {
            Some("UserPromptSubmit") => Surface::Silent,
            Some(_) => Surface::CopilotTool,
            None if obj.contains_key("prompt") && !obj.contains_key("toolName") => Surface::Silent,
            None => Surface::CopilotTool,
        },
        Harness::Codex => match ev {
            Some("PreToolUse") | None => Surface::CodexPreTool,
            Some("PermissionRequest") => Surface::CodexPermission,
            Some(_) => Surface::Claude,
        },
    }
}

/// Rewrite a payload of `h` into the Claude Code shape `input::from_object` reads.
pub fn normalize(h: Harness, obj: Map<String, Value>) -> Result<Normalized, InputError> {
    match h {
        Harness::Claude => Ok(Normalized {
            object: obj,
            project: None,
        }),
        Harness::Gemini => gemini(obj),
        Harness::Cursor => cursor(obj),
        Harness::Copilot => copilot(obj),
        Harness::Codex => codex(obj),
    }
}

// ---------------------------------------------------------------------------------------
// Field helpers.

fn opt_str<'a>(
    obj: &'a Map<String, Value>,
    field: &'static str,
) -> Result<Option<&'a str>, InputError> {
    match obj.get(field) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(_) => Err(InputError::WrongType {
            field,
            expected: "a string",
        }),
    }
}

fn req_str<'a>(obj: &'a Map<String, Value>, field: &'static str) -> Result<&'a str, InputError> {
    opt_str(obj, field)?.ok_or(InputError::Missing(field))
}

/// A tool input that is an object, or (Cursor MCP, Copilot) a JSON string holding one.
fn object_or_json(
    obj: &mut Map<String, Value>,
    field: &'static str,
) -> Result<Map<String, Value>, InputError> {
    match obj.remove(field) {
        Some(Value::Object(m)) => Ok(m),
        Some(Value::String(s)) => match crate::input::parse_unique(&s) {
            Ok(Value::Object(m)) => Ok(m),
            _ => Err(InputError::BadValue {
                field,
                why: "is not a JSON object",
            }),
        },
        Some(_) => Err(InputError::WrongType {
            field,
            expected: "an object",
        }),
        None => Err(InputError::Missing(field)),
    }
}

fn set(obj: &mut Map<String, Value>, k: &str, v: impl Into<Value>) {
    obj.insert(k.to_string(), v.into());
}

fn rename(obj: &mut Map<String, Value>, from: &str, to: &str) {
    if !obj.contains_key(to) {
        if let Some(v) = obj.remove(from) {
            obj.insert(to.to_string(), v);
        }
    }
}

fn tool_event(obj: &mut Map<String, Value>, name: String, input: Map<String, Value>) {
    set(obj, "hook_event_name", "PreToolUse");
    set(obj, "tool_name", name);
    set(obj, "tool_input", Value::Object(input));
}

// ---------------------------------------------------------------------------------------
// Gemini CLI.

fn gemini(mut obj: Map<String, Value>) -> Result<Normalized, InputError> {
    let mut project = None;
    match req_str(&obj, "hook_event_name")? {
        "BeforeTool" => {
            let name = req_str(&obj, "tool_name")?.to_string();
            let input = object_or_json(&mut obj, "tool_input")?;
            let mcp = obj
                .get("mcp_context")
                .and_then(Value::as_object)
                .and_then(|m| {
                    Some((
                        m.get("server_name")?.as_str()?.to_string(),
                        m.get("tool_name")?.as_str()?.to_string(),
                    ))
                });
            // A shell command's own directory: the call runs there, but the workspace
            // stays the session's.
            if name == "run_shell_command" {
                if let Some(dir) = opt_str(&input, "dir_path")? {
                    let session_cwd = req_str(&obj, "cwd")?.to_string();
                    let cwd = PathBuf::from(&session_cwd).join(dir);
                    project = Some(ProjectHint::From(PathBuf::from(session_cwd)));
                    set(&mut obj, "cwd", cwd.display().to_string());
                }
            }
            let (tool, input) = gemini_tool(&name, input, mcp);
            tool_event(&mut obj, tool, input);
        }
        "BeforeAgent" => set(&mut obj, "hook_event_name", "UserPromptSubmit"),
        _ => {}
    }
    Ok(Normalized {
        object: obj,
        project,
    })
}

// ---------------------------------------------------------------------------------------
// Cursor.

fn cursor(mut obj: Map<String, Value>) -> Result<Normalized, InputError> {
    rename(&mut obj, "conversation_id", "session_id");
    rename(&mut obj, "generation_id", "prompt_id");
    let root = obj
        .get("workspace_roots")
        .and_then(Value::as_array)
        .and_then(|a| a.first())
        .and_then(Value::as_str)
        .filter(|r| r.starts_with('/'))
        .map(str::to_string);
    if !matches!(obj.get("cwd"), Some(Value::String(s)) if !s.is_empty()) {
        if let Some(r) = &root {
            set(&mut obj, "cwd", r.clone());
        }
    }
    match req_str(&obj, "hook_event_name")? {
        "beforeShellExecution" => {
            let input = remap(&obj, &[("command", &["command"])]);
            tool_event(&mut obj, "Bash".into(), input);
        }
        "beforeReadFile" => {
            // Only the path: the file's content (sent along) is never logged or judged.
            let input = remap(&obj, &[("file_path", &["file_path"])]);
            obj.remove("content");
            obj.remove("attachments");
            tool_event(&mut obj, "Read".into(), input);
        }
        "beforeMCPExecution" => {
            let name = req_str(&obj, "tool_name")?.to_string();
            let input = object_or_json(&mut obj, "tool_input")?;
            // Cursor does not name the MCP server.
            tool_event(&mut obj, format!("mcp__cursor__{name}"), input);
        }
        "preToolUse" => {
            let name = req_str(&obj, "tool_name")?.to_string();
            let input = object_or_json(&mut obj, "tool_input")?;
            let (tool, input) = match name.as_str() {
                "Shell" => (
                    "Bash".to_string(),
                    remap(&input, &[("command", &["command"])]),
                ),
                "Read" => (
                    "Read".to_string(),
                    remap(&input, &[("file_path", &["file_path", "path"])]),
                ),
                "Write" => (
                    "Write".to_string(),
                    remap(
                        &input,
                        &[
                            ("file_path", &["file_path", "path"]),
                            ("content", &["content", "contents"]),
                        ],
                    ),
                ),
                _ => unknown(Harness::Cursor, &name, input),
            };
            tool_event(&mut obj, tool, input);
        }
        "beforeSubmitPrompt" => set(&mut obj, "hook_event_name", "UserPromptSubmit"),
        _ => {}
    }
    Ok(Normalized {
        object: obj,
        project: root.map(ProjectHint::Root),
    })
}

// ---------------------------------------------------------------------------------------
// GitHub Copilot CLI.

fn copilot(mut obj: Map<String, Value>) -> Result<Normalized, InputError> {
    rename(&mut obj, "sessionId", "session_id");
    // The timestamp is a number in the camelCase payload; nothing reads it.
    match event_name(&obj).map(str::to_string).as_deref() {
        // The VS Code (PascalCase) format is Claude-shaped apart from the tool names.
        Some("PreToolUse" | "PermissionRequest") => {
            let name = req_str(&obj, "tool_name")?.to_string();
            let input = object_or_json(&mut obj, "tool_input")?;
            let (tool, input) = copilot_tool(&name, input);
            set(&mut obj, "tool_name", tool);
            set(&mut obj, "tool_input", Value::Object(input));
        }
        Some(_) => {}
        None if obj.contains_key("toolName") => {
            let name = req_str(&obj, "toolName")?.to_string();
            let input = object_or_json(&mut obj, "toolArgs")?;
            let (tool, input) = copilot_tool(&name, input);
            tool_event(&mut obj, tool, input);
        }
        None if obj.contains_key("prompt") => set(&mut obj, "hook_event_name", "UserPromptSubmit"),
        None => return Err(InputError::Missing("toolName")),
    }
    Ok(Normalized {
        object: obj,
        project: None,
    })
}

// ---------------------------------------------------------------------------------------
// OpenAI Codex: Claude-shaped, with its own tool set.

fn codex(mut obj: Map<String, Value>) -> Result<Normalized, InputError> {
    // Codex's `permission_mode` reports its own approval policy (`codex exec` says
    // `bypassPermissions` whenever approvals are `never`, which is always in exec), not
    // the person's instruction to gatehook: gatehook's own mode decides. Only `plan` is
    // kept, since it can only make gatehook stricter.
    if obj.get("permission_mode").and_then(Value::as_str) != Some("plan") {
        obj.remove("permission_mode");
    }
    if !obj.contains_key("prompt_id") {
        if let Some(t) = obj.get("turn_id").cloned() {
            obj.insert("prompt_id".into(), t);
        }
    }
    if matches!(event_name(&obj), Some("PreToolUse" | "PermissionRequest")) {
        let name = req_str(&obj, "tool_name")?.to_string();
        let mut input = object_or_json(&mut obj, "tool_input")?;
        let tool = match name.as_str() {
            "Bash" => {
                // An argv array is joined the way a shell would read it back; Codex's
                // usual `["bash", "-lc", SCRIPT]` is judged as the SCRIPT bash runs.
                if let Some(Value::Array(argv)) = input.get("command") {
                    let words: Option<Vec<&str>> = argv.iter().map(Value::as_str).collect();
                    let script = match words.as_deref() {
                        Some([sh, flag, script])
                            if matches!(
                                *sh,
                                "bash"
                                    | "/bin/bash"
                                    | "/usr/bin/bash"
                                    | "sh"
                                    | "/bin/sh"
                                    | "zsh"
                                    | "/bin/zsh"
                            ) && matches!(*flag, "-c" | "-lc") =>
                        {
                            Some(script.to_string())
                        }
                        Some(w) => shlex::try_join(w.iter().copied()).ok(),
                        None => None,
                    };
                    let script = script.ok_or(InputError::BadValue {
                        field: "tool_input",
                        why: "has a `command` that is neither a string nor a list of strings",
                    })?;
                    input.insert("command".into(), Value::String(script));
                }
                name
            }
            APPLY_PATCH => name,
            n if n.starts_with("mcp__") => name,
            _ => format!("{}:{name}", Harness::Codex.as_str()),
        };
        set(&mut obj, "tool_name", tool);
        set(&mut obj, "tool_input", Value::Object(input));
    }
    Ok(Normalized {
        object: obj,
        project: None,
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use serde_json::json;

    fn obj(v: Value) -> Map<String, Value> {
        v.as_object().unwrap().clone()
    }

    #[test]
    fn detection_is_only_what_the_payload_makes_unambiguous() {
        let cases = [
            (
                json!({"hook_event_name":"beforeShellExecution"}),
                Harness::Cursor,
            ),
            (
                json!({"hook_event_name":"preToolUse","conversation_id":"c"}),
                Harness::Cursor,
            ),
            (json!({"hook_event_name":"preToolUse"}), Harness::Claude),
            (json!({"hook_event_name":"BeforeTool"}), Harness::Gemini),
            (json!({"hook_event_name":"BeforeAgent"}), Harness::Gemini),
            (
                json!({"hook_event_name":"PreToolUse","turn_id":"t"}),
                Harness::Codex,
            ),
            (json!({"hook_event_name":"PreToolUse"}), Harness::Claude),
            (json!({"toolName":"bash","toolArgs":"{}"}), Harness::Copilot),
            (json!({"prompt":"x","timestamp":1}), Harness::Copilot),
            (json!({"prompt":"x"}), Harness::Claude),
        ];
        for (v, want) in cases {
            assert_eq!(detect(&obj(v.clone())), want, "{v}");
        }
        assert!(is_unmapped("gemini:save_memory") && is_unmapped("codex:x"));
        assert!(!is_unmapped("mcp__a__b") && !is_unmapped("Bash") && !is_unmapped("geminix:y"));
    }
}
