//! Tool tables: each harness's tool names and input fields mapped onto the Claude tools
//! the engine knows. A name not listed keeps a `<harness>:` prefix ([`unknown`]).

use super::Harness;
use serde_json::{Map, Value};

/// Build a Claude tool input from `src`: each target field takes the first source field
/// present (values are copied as they are; the engine checks their types).
pub(super) fn remap(src: &Map<String, Value>, fields: &[(&str, &[&str])]) -> Map<String, Value> {
    let mut out = Map::new();
    for (to, from) in fields {
        if let Some(v) = from
            .iter()
            .find_map(|f| src.get(*f).filter(|v| !v.is_null()))
        {
            out.insert((*to).to_string(), v.clone());
        }
    }
    out
}

pub(super) fn unknown(
    h: Harness,
    name: &str,
    input: Map<String, Value>,
) -> (String, Map<String, Value>) {
    (format!("{}:{name}", h.as_str()), input)
}

pub(super) fn gemini_tool(
    name: &str,
    input: Map<String, Value>,
    mcp: Option<(String, String)>,
) -> (String, Map<String, Value>) {
    if let Some((server, tool)) = mcp {
        return (format!("mcp__{server}__{tool}"), input);
    }
    let mapped = |tool: &str, fields: &[(&str, &[&str])]| (tool.to_string(), remap(&input, fields));
    match name {
        // `is_background` is Claude's `run_in_background`, so `Bash(run_in_background:true)`
        // rules apply.
        "run_shell_command" => mapped(
            "Bash",
            &[
                ("command", &["command"]),
                ("description", &["description"]),
                ("run_in_background", &["is_background"]),
            ],
        ),
        "write_file" => mapped(
            "Write",
            &[("file_path", &["file_path"]), ("content", &["content"])],
        ),
        "replace" => mapped(
            "Edit",
            &[
                ("file_path", &["file_path"]),
                ("old_string", &["old_string"]),
                ("new_string", &["new_string"]),
            ],
        ),
        "read_file" => mapped("Read", &[("file_path", &["file_path", "absolute_path"])]),
        "glob" => mapped(
            "Glob",
            &[("pattern", &["pattern"]), ("path", &["dir_path", "path"])],
        ),
        "grep_search" | "search_file_content" => mapped(
            "Grep",
            &[
                ("pattern", &["pattern"]),
                ("path", &["dir_path", "path"]),
                // 0.61.0 names it `include_pattern`; older versions `include`.
                ("glob", &["include_pattern", "include"]),
            ],
        ),
        "list_directory" => mapped("LS", &[("path", &["dir_path", "path"])]),
        "google_web_search" => mapped("WebSearch", &[("query", &["query"])]),
        // web_fetch names its URLs inside a prompt: one URL is a fetch of it; none or
        // several cannot be matched against WebFetch rules.
        "web_fetch" => {
            let text = input
                .get("url")
                .or(input.get("prompt"))
                .and_then(Value::as_str)
                .unwrap_or("");
            let urls: Vec<&str> = text
                .split_whitespace()
                .filter(|w| w.starts_with("http://") || w.starts_with("https://"))
                .collect();
            match urls.as_slice() {
                [url] => {
                    let mut m = Map::new();
                    m.insert("url".into(), Value::String((*url).to_string()));
                    m.insert("prompt".into(), Value::String(text.to_string()));
                    ("WebFetch".to_string(), m)
                }
                _ => unknown(Harness::Gemini, name, input),
            }
        }
        n if n.starts_with("mcp__") => (n.to_string(), input),
        _ => unknown(Harness::Gemini, name, input),
    }
}

pub(super) fn copilot_tool(name: &str, input: Map<String, Value>) -> (String, Map<String, Value>) {
    let mapped = |tool: &str, fields: &[(&str, &[&str])]| (tool.to_string(), remap(&input, fields));
    match name {
        "bash" => mapped(
            "Bash",
            &[("command", &["command"]), ("description", &["description"])],
        ),
        "powershell" => mapped("PowerShell", &[("command", &["command"])]),
        "view" => mapped("Read", &[("file_path", &["path", "file_path"])]),
        "create" => mapped(
            "Write",
            &[
                ("file_path", &["path", "file_path"]),
                ("content", &["file_text", "content"]),
            ],
        ),
        "edit" => mapped(
            "Edit",
            &[
                ("file_path", &["path", "file_path"]),
                ("old_string", &["old_str", "old_string"]),
                ("new_string", &["new_str", "new_string"]),
            ],
        ),
        "glob" => mapped("Glob", &[("pattern", &["pattern"]), ("path", &["path"])]),
        "grep" => mapped(
            "Grep",
            &[
                ("pattern", &["pattern"]),
                ("path", &["path"]),
                ("glob", &["glob"]),
            ],
        ),
        "web_fetch" => mapped("WebFetch", &[("url", &["url"]), ("prompt", &["prompt"])]),
        "task" => mapped(
            "Agent",
            &[
                ("prompt", &["prompt"]),
                ("subagent_type", &["agent_type", "subagent_type"]),
                ("description", &["description"]),
            ],
        ),
        _ => unknown(Harness::Copilot, name, input),
    }
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
    fn tools_map_onto_the_engines_kinds() {
        let (t, i) = gemini_tool(
            "replace",
            obj(json!({"file_path":"/a","old_string":"x","new_string":"y"})),
            None,
        );
        assert_eq!((t.as_str(), i["new_string"].as_str()), ("Edit", Some("y")));
        let (t, _) = gemini_tool(
            "run_shell_command",
            obj(json!({"command":"ls"})),
            Some(("s".into(), "t".into())),
        );
        assert_eq!(t, "mcp__s__t");
        let (t, _) = gemini_tool(
            "web_fetch",
            obj(json!({"prompt":"see https://a.b and https://c.d"})),
            None,
        );
        assert_eq!(t, "gemini:web_fetch");
        let (t, i) = copilot_tool("create", obj(json!({"path":"x","file_text":"y"})));
        assert_eq!(
            (t.as_str(), i["file_path"].as_str(), i["content"].as_str()),
            ("Write", Some("x"), Some("y"))
        );
        let (t, _) = copilot_tool("TodoWrite", Map::new());
        assert_eq!(
            t, "copilot:TodoWrite",
            "an unknown name never passes as a Claude tool"
        );
    }
}
