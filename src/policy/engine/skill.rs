//! What loading a skill does. Claude Code's `Skill` tool puts a skill's instructions into
//! the turn; the skill's file can also run shell commands while it loads (`` !`cmd` ``
//! and ```` ```! ```` blocks, which Claude Code runs through its own permission check and
//! not through this hook, measured on the pinned version), register hooks, and grant
//! tools without asking (`allowed-tools`). So the floor reads every file the name can
//! resolve to — the project's `.claude/skills/<name>/SKILL.md` and `.claude/commands/
//! <name>.md` from the working directory up to the workspace root, the same under home,
//! and the managed ones — and allows the load only when each found says nothing that
//! runs or grants. A name with no file is one of the skills built into Claude Code or
//! nothing gatehook can see (a plugin's skill, an MCP prompt): the first is allowed, the
//! second gets no opinion.

use crate::input::tools::BUILTIN_SKILLS;
use std::path::{Path, PathBuf};

/// Largest skill file read; a larger one is not judged.
const MAX_SKILL_BYTES: u64 = 256 * 1024;

/// What loading the skill does: `Ok(line)` when it only loads instructions, else why not.
pub(super) fn judge(name: &str, cwd: &Path, root: &Path, home: &Path) -> Result<String, String> {
    let valid = !name.is_empty()
        && name.len() <= 128
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | ':'))
        && !name.contains("..")
        && !name.starts_with('.');
    if !valid {
        return Err(format!("the skill name `{name}` is not a plain name"));
    }
    if name.contains(':') || name.starts_with("mcp__") {
        return Err(format!(
            "`{name}` is a plugin's skill or an MCP prompt, whose file gatehook does not read"
        ));
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
        assert!(judge("../../etc/passwd", &sub, &root, &home).is_err());
    }
}
