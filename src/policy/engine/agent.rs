//! What launching a subagent does. Every tool call a subagent makes fires the same
//! `PreToolUse` hook, so its work is judged call by call like the main agent's; what the
//! launch itself can do beyond that comes from the subagent's definition and the call's
//! own options. A definition (a Markdown file under `.claude/agents/`, its frontmatter
//! `name:` being the type) can start MCP servers (`mcpServers`, which run commands),
//! register hooks, preload skills (which may run commands as they load), choose a
//! permission mode that silences the gate (`bypassPermissions`), or spawn further agents
//! (`observer`). So the floor reads every definition the type can resolve to — the
//! project's, home's and the managed ones — and allows the launch only when each found
//! sets none of those; `plugin:name` is read from the installed plugin's agents
//! (`plugins`); a type with no file is one of Claude Code's built-ins (allowed) or nothing
//! gatehook can see (a plugin it cannot find installed): no opinion. The prompt is
//! scanned apart (`delegate::scan`).

use std::path::{Path, PathBuf};

/// Subagent types built into Claude Code (the pinned version's agent list).
pub const BUILTIN_AGENTS: &[&str] = &[
    "general-purpose",
    "Explore",
    "Plan",
    "statusline-setup",
    "claude-code-guide",
    "fork",
];

/// Largest definition file read; a larger one is not judged.
const MAX_AGENT_BYTES: u64 = 256 * 1024;
/// At most this many entries are looked at under one agents directory, this deep.
const MAX_ENTRIES: usize = 400;
const MAX_DEPTH: usize = 4;

/// Frontmatter keys that make a launch do more than run a prompt whose calls are judged.
const DOES_MORE: &[(&str, &str)] = &[
    ("mcpServers", "starts MCP servers, which run commands"),
    ("hooks", "registers hooks that run commands"),
    (
        "skills",
        "preloads skills, which can run commands as they load",
    ),
    ("observer", "spawns further agents as observers"),
];

/// Permission modes under which gatehook's answers still hold for every call.
const MODES_JUDGED: &[&str] = &["default", "plan", "acceptEdits", "dontAsk"];

/// What launching the subagent `agent` does: `Ok(line)` when its definition (or the
/// built-in) only runs a prompt whose calls are each judged, else why not.
pub(super) fn judge(agent: &str, cwd: &Path, root: &Path, home: &Path) -> Result<String, String> {
    let valid = !agent.is_empty()
        && agent.len() <= 128
        && agent
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | ':'));
    if !valid {
        return Err(format!("the subagent type `{agent}` is not a plain name"));
    }
    let mut found = Vec::new();
    if let Some((plugin, name)) = agent.split_once(':') {
        if plugin.is_empty() || name.is_empty() || name.contains(':') {
            return Err(format!(
                "`{agent}` is not a plugin's subagent name gatehook reads"
            ));
        }
        let roots = super::plugins::installed(plugin, home)?;
        for r in &roots {
            for p in super::plugins::component_paths(r, "agents")? {
                if p.is_dir() {
                    definitions(&p, name, &mut found)?;
                } else if p.is_file() {
                    one_definition(&p, name, &mut found)?;
                }
            }
        }
        if found.is_empty() {
            return Err(format!(
                "`{agent}` is a plugin's subagent, and no installed plugin `{plugin}` defines `{name}` where gatehook reads"
            ));
        }
    } else {
        for dir in dirs(cwd, root, home) {
            definitions(&dir, agent, &mut found)?;
        }
    }
    if found.is_empty() {
        return if BUILTIN_AGENTS.contains(&agent) {
            Ok(format!(
                "starts `{agent}`, a subagent built into Claude Code; each call it makes is judged"
            ))
        } else {
            Err(format!(
                "no definition of the subagent `{agent}` is in the project or home, and it is not built into Claude Code"
            ))
        };
    }
    for (file, text) in &found {
        if let Some(why) = scan(text) {
            return Err(format!("the subagent definition {} {why}", file.display()));
        }
    }
    Ok(format!(
        "starts the subagent `{agent}` defined in {}, which starts no server, registers no hook and keeps the permission mode; each call it makes is judged",
        found
            .iter()
            .map(|(p, _)| p.display().to_string())
            .collect::<Vec<_>>()
            .join(", ")
    ))
}

/// The call's own options that change what the launch does, if any.
pub(super) fn options(input: &serde_json::Map<String, serde_json::Value>) -> Option<String> {
    use serde_json::Value;
    match input.get("mode") {
        None | Some(Value::Null) => {}
        Some(Value::String(m)) if MODES_JUDGED.contains(&m.as_str()) => {}
        Some(m) => {
            return Some(format!(
                "starts the subagent in the permission mode {m}, where gatehook's answers do not all hold"
            ))
        }
    }
    match input.get("isolation") {
        None | Some(Value::Null) => None,
        Some(Value::String(i)) if matches!(i.as_str(), "none" | "worktree") => None,
        Some(i) => Some(format!(
            "starts the subagent with isolation {i}, where its calls may not reach this hook"
        )),
    }
}

/// The agents directories: the project's (from the working directory up to the workspace
/// root), home's and the managed ones.
fn dirs(cwd: &Path, root: &Path, home: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut dir = Some(cwd);
    while let Some(d) = dir {
        if d == root || !d.starts_with(root) {
            break;
        }
        out.push(d.join(".claude/agents"));
        dir = d.parent();
    }
    out.extend([
        root.join(".claude/agents"),
        home.join(".claude/agents"),
        PathBuf::from("/etc/claude-code/.claude/agents"),
        PathBuf::from("/Library/Application Support/ClaudeCode/.claude/agents"),
    ]);
    out
}

/// Every Markdown file under `dir` that defines `agent` (its frontmatter `name:`, or its
/// file stem when it has none), with its text. A directory too big or deep to read
/// whole, or a file that cannot be read, is an error: a definition could hide there.
fn definitions(dir: &Path, agent: &str, out: &mut Vec<(PathBuf, String)>) -> Result<(), String> {
    let mut stack = vec![(dir.to_path_buf(), 0usize)];
    let mut seen = 0usize;
    while let Some((d, depth)) = stack.pop() {
        let entries = match std::fs::read_dir(&d) {
            Ok(e) => e,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound && depth == 0 => return Ok(()),
            Err(e) => return Err(format!("{} cannot be listed ({e})", d.display())),
        };
        for entry in entries {
            let entry = entry.map_err(|e| format!("{} cannot be listed ({e})", d.display()))?;
            seen += 1;
            if seen > MAX_ENTRIES {
                return Err(format!(
                    "{} holds more than {MAX_ENTRIES} entries, too many to read every definition",
                    dir.display()
                ));
            }
            let path = entry.path();
            // Follows links, as Claude Code's loader does.
            let Ok(meta) = std::fs::metadata(&path) else {
                continue;
            };
            if meta.is_dir() {
                if depth + 1 >= MAX_DEPTH {
                    return Err(format!(
                        "{} nests deeper than {MAX_DEPTH} levels",
                        dir.display()
                    ));
                }
                stack.push((path, depth + 1));
                continue;
            }
            if path.extension().and_then(|e| e.to_str()) != Some("md") {
                continue;
            }
            one_definition(&path, agent, out)?;
        }
    }
    Ok(())
}

/// `path` (a Markdown file) when it defines `agent`: its frontmatter `name:`, or its file
/// stem when it has none.
fn one_definition(
    path: &Path,
    agent: &str,
    out: &mut Vec<(PathBuf, String)>,
) -> Result<(), String> {
    let len = std::fs::metadata(path)
        .map_err(|e| format!("{} cannot be read ({e})", path.display()))?
        .len();
    if len > MAX_AGENT_BYTES {
        return Err(format!(
            "{} is larger than {MAX_AGENT_BYTES} bytes",
            path.display()
        ));
    }
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("{} cannot be read ({e})", path.display()))?;
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
    let name = super::skill::frontmatter(&text).into_iter().find_map(|l| {
        let (k, v) = l.split_once(':')?;
        (k.trim() == "name").then(|| v.trim().trim_matches(['"', '\'']).to_string())
    });
    if name.as_deref() == Some(agent) || stem == agent {
        out.push((path.to_path_buf(), text));
    }
    Ok(())
}

/// What in a definition's frontmatter makes the launch do more, if anything.
fn scan(text: &str) -> Option<String> {
    for (key, value) in super::skill::frontmatter_keys(text) {
        if let Some((_, what)) = DOES_MORE.iter().find(|(k, _)| k.eq_ignore_ascii_case(&key)) {
            return Some(what.to_string());
        }
        if key.eq_ignore_ascii_case("permissionMode") && !MODES_JUDGED.contains(&value.as_str()) {
            return Some(format!(
                "sets the permission mode `{value}`, where gatehook's answers do not all hold"
            ));
        }
    }
    None
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;
    use serde_json::json;

    fn write(p: &Path, text: &str) {
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }

    #[test]
    fn what_a_definition_sets() {
        assert_eq!(scan("---\nname: x\ndescription: y\ntools: Read, Bash\nmodel: opus\n---\nYou review code.\n"), None);
        assert_eq!(
            scan("---\nname: x\npermissionMode: acceptEdits\n---\n"),
            None
        );
        for (text, says) in [
            (
                "---\nname: x\npermissionMode: bypassPermissions\n---\n",
                "bypassPermissions",
            ),
            (
                "---\nname: x\nmcpServers:\n  db:\n    command: sh\n---\n",
                "MCP servers",
            ),
            ("---\nname: x\nhooks:\n  PreToolUse: []\n---\n", "hooks"),
            ("---\nname: x\nskills: [release]\n---\n", "skills"),
            ("---\nname: x\nobserver: spy\n---\n", "observers"),
            ("---\nname: x\nHooks: {}\n---\n", "hooks"),
            (
                "---\n{name: x, permissionMode: bypassPermissions}\n---\n",
                "bypassPermissions",
            ),
            (
                "---\nname: x\n\"mcpServers\": {db: {command: sh}}\n---\n",
                "MCP servers",
            ),
            (
                "---\nname: x\npermissionMode: 'bypassPermissions' # yes\n---\n",
                "permission mode",
            ),
        ] {
            assert!(scan(text).is_some_and(|w| w.contains(says)), "{text}");
        }
        // Words in the body are the agent's instructions, not its definition.
        assert_eq!(
            scan("---\nname: x\n---\nhooks: are nice\npermissionMode: bypassPermissions\n"),
            None
        );
    }

    #[test]
    fn a_plugin_subagent_is_judged_by_its_installed_definition() {
        let tmp = tempfile::tempdir().unwrap();
        let home = tmp.path().canonicalize().unwrap();
        let ws = home.join("ws");
        std::fs::create_dir_all(&ws).unwrap();
        assert!(judge("ua:scanner", &ws, &ws, &home).is_err());
        let root = home.join(".claude/plugins/cache/m/ua/2.0");
        write(
            &home.join(".claude/plugins/installed_plugins.json"),
            &format!(
                r#"{{"version":2,"plugins":{{"ua@m":[{{"scope":"user","installPath":"{}"}}]}}}}"#,
                root.display()
            ),
        );
        let def = root.join("agents/project-scanner.md");
        write(
            &def,
            "---\nname: scanner\ntools: Read, Glob\n---\nScan the project.\n",
        );
        let ok = judge("ua:scanner", &ws, &ws, &home).unwrap();
        assert!(ok.contains("project-scanner.md"), "{ok}");
        // A definition that does more than run its prompt.
        write(&def, "---\nname: scanner\nhooks:\n  Stop: []\n---\nx\n");
        assert!(judge("ua:scanner", &ws, &ws, &home).is_err());
        write(
            &def,
            "---\nname: scanner\npermissionMode: bypassPermissions\n---\nx\n",
        );
        assert!(judge("ua:scanner", &ws, &ws, &home).is_err());
        // Not defined by the installed plugin; a name of another shape.
        assert!(judge("ua:other", &ws, &ws, &home).is_err());
        assert!(judge("ua:a:b", &ws, &ws, &home).is_err());
    }

    #[test]
    fn definitions_found_by_name_and_builtins() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path().join("ws");
        let home = tmp.path().join("home");
        std::fs::create_dir_all(&root).unwrap();
        std::fs::create_dir_all(&home).unwrap();
        // The type is the frontmatter name, wherever the file sits.
        write(
            &root.join(".claude/agents/team/be.md"),
            "---\nname: backend-developer\ndescription: d\n---\nBuild the API.\n",
        );
        let ok = judge("backend-developer", &root, &root, &home).unwrap();
        assert!(ok.contains("be.md"), "{ok}");
        assert!(judge("general-purpose", &root, &root, &home)
            .unwrap()
            .contains("built into"));
        assert!(judge("nosuchagent", &root, &root, &home).is_err());
        assert!(judge("understand-anything:scanner", &root, &root, &home).is_err());
        assert!(judge("../../x", &root, &root, &home).is_err());
        // A second definition of the same name in home that bypasses the gate spoils it.
        write(
            &home.join(".claude/agents/backend-developer.md"),
            "---\nname: backend-developer\npermissionMode: bypassPermissions\n---\n",
        );
        let err = judge("backend-developer", &root, &root, &home).unwrap_err();
        assert!(err.contains("bypassPermissions"), "{err}");
        // A project file that redefines a built-in is judged as the file.
        write(
            &root.join(".claude/agents/gp.md"),
            "---\nname: general-purpose\nhooks:\n  Stop: []\n---\n",
        );
        assert!(judge("general-purpose", &root, &root, &home).is_err());
    }

    #[test]
    fn too_many_entries_or_unreadable_is_no_opinion() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path().join("ws");
        let home = tmp.path().join("home");
        for i in 0..=MAX_ENTRIES {
            write(&root.join(format!(".claude/agents/a{i}.txt")), "x");
        }
        std::fs::create_dir_all(&home).unwrap();
        let err = judge("general-purpose", &root, &root, &home).unwrap_err();
        assert!(err.contains("too many"), "{err}");
        let deep = tmp.path().join("deep");
        write(&deep.join(".claude/agents/a/b/c/d/e.md"), "x");
        assert!(judge("general-purpose", &deep, &deep, &home)
            .unwrap_err()
            .contains("deeper"));
    }

    #[test]
    fn call_options_that_change_the_launch() {
        let m = |v: serde_json::Value| v.as_object().unwrap().clone();
        assert_eq!(options(&m(json!({"prompt": "p"}))), None);
        assert_eq!(
            options(&m(json!({"mode": "plan", "isolation": "worktree"}))),
            None
        );
        assert!(options(&m(json!({"mode": "bypassPermissions"}))).is_some());
        assert!(options(&m(json!({"isolation": "remote"}))).is_some());
        assert!(options(&m(json!({"mode": 3}))).is_some());
    }
}
