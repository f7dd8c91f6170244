//! `gatehook install` / `gatehook uninstall`: register gatehook in a Claude Code settings
//! file, or take it out, keeping everything else in the file.
//!
//! This module picks the file (user, project or local settings), the command (the running
//! binary's absolute path) and the timeout (above the reviewer's worst case for the config
//! in effect), then lets [`merge`] change the document and [`write`] replace the file
//! atomically with a backup. `--dry-run` prints a [`diff`] instead. A file that is not
//! valid JSON, or whose hooks are not the documented shape, is refused unchanged.

pub mod diff;
pub mod merge;
pub mod ordered;
pub mod plugin;
pub mod write;

use crate::config::{self, ConfigPaths, ReviewerConfig};
use crate::hook::Env;
use ordered::Json;
use std::path::{Path, PathBuf};

/// Seconds added to the reviewer's deadlines: process start, config, audit lock (2 s).
pub const TIMEOUT_MARGIN_S: u64 = 10;
/// The smallest hook timeout written.
pub const MIN_TIMEOUT_S: u64 = 30;

/// Which settings file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Scope {
    /// `~/.claude/settings.json` (all projects).
    User,
    /// `<project>/.claude/settings.json` (shared with the repository).
    Project,
    /// `<project>/.claude/settings.local.json` (this checkout, not committed).
    Local,
}

impl Scope {
    pub const ALL: [Scope; 3] = [Scope::User, Scope::Project, Scope::Local];

    pub fn as_str(self) -> &'static str {
        match self {
            Scope::User => "user",
            Scope::Project => "project",
            Scope::Local => "local",
        }
    }
}

/// The settings file of `scope`: user settings live in `CLAUDE_CONFIG_DIR` when set (as
/// Claude Code does), else `~/.claude`; project ones under the project root
/// (`CLAUDE_PROJECT_DIR`, else the git root above `cwd`, else `cwd`).
pub fn settings_path(scope: Scope, env: &Env, cwd: &Path) -> Result<PathBuf, String> {
    match scope {
        Scope::User => {
            let dir = std::env::var_os("CLAUDE_CONFIG_DIR")
                .map(PathBuf::from)
                .filter(|d| d.is_absolute());
            let dir = match dir {
                Some(d) => d,
                None => env
                    .home
                    .as_ref()
                    .ok_or("HOME is not set, so ~/.claude/settings.json cannot be found")?
                    .join(".claude"),
            };
            Ok(dir.join("settings.json"))
        }
        Scope::Project | Scope::Local => {
            let root = crate::paths::project_root(env.claude_project_dir.as_deref(), cwd);
            let name = if scope == Scope::Project {
                "settings.json"
            } else {
                "settings.local.json"
            };
            Ok(root.join(".claude").join(name))
        }
    }
}

/// The running binary's file name (`gatehook` unless renamed), for recognising entries.
pub fn exe_name() -> String {
    std::env::current_exe()
        .ok()
        .and_then(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
        .unwrap_or_else(|| "gatehook".into())
}

/// The hook command: the running binary's canonical absolute path, shell-quoted when
/// needed, plus ` hook`.
pub fn hook_command() -> Result<String, String> {
    let exe = std::env::current_exe()
        .and_then(std::fs::canonicalize)
        .map_err(|e| format!("cannot find the running gatehook binary: {e}"))?;
    let text = exe
        .to_str()
        .ok_or_else(|| format!("the binary's path {} is not UTF-8", exe.display()))?;
    let quoted = shlex::try_quote(text)
        .map_err(|e| format!("the binary's path cannot be quoted for a shell: {e}"))?;
    Ok(format!("{quoted} hook"))
}

/// The hook timeout (seconds) for a reviewer: the fast and full deadlines, rounded up,
/// plus [`TIMEOUT_MARGIN_S`], at least [`MIN_TIMEOUT_S`]. A hook that times out lets the
/// call run in Claude Code, so this must stay above the worst case.
pub fn required_timeout(r: &ReviewerConfig) -> u64 {
    let ms = r
        .timeout_ms
        .saturating_add(r.fast.as_ref().map_or(0, |f| f.timeout_ms));
    ms.div_ceil(1000)
        .saturating_add(TIMEOUT_MARGIN_S)
        .max(MIN_TIMEOUT_S)
}

/// The reviewer settings in effect for `cwd`'s project, or the defaults with a note when
/// the config does not load (the hook then denies every call until it is fixed).
pub fn reviewer_in_effect(cwd: &Path, env: &Env) -> (ReviewerConfig, Option<String>) {
    let root = crate::paths::project_root(env.claude_project_dir.as_deref(), cwd);
    match config::load(&ConfigPaths::discover(Some(&root))) {
        Ok(c) => (c.reviewer, None),
        Err(errs) => (
            ReviewerConfig::default(),
            Some(format!(
                "the config does not load ({}); timeout computed from the defaults",
                errs.iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join("; ")
            )),
        ),
    }
}

/// A repository can plant `.claude` or `.claude/settings.json` as a symlink to some other
/// JSON file of the person's; project and local settings are only edited where they really
/// are inside the project.
fn inside_project(real: &Path, cwd: &Path, env: &Env) -> Result<(), String> {
    let root = crate::paths::project_root(env.claude_project_dir.as_deref(), cwd);
    let root = std::fs::canonicalize(&root).unwrap_or(root);
    // The deepest existing ancestor of the file, resolved.
    let mut dir = real.parent();
    while let Some(d) = dir {
        if let Ok(resolved) = std::fs::canonicalize(d) {
            if resolved.starts_with(&root) {
                return Ok(());
            }
            return Err(format!(
                "{} resolves to {}, outside the project {}; refusing to edit it",
                real.display(),
                resolved.display(),
                root.display()
            ));
        }
        dir = d.parent();
    }
    Err(format!(
        "{} has no existing directory above it",
        real.display()
    ))
}

/// What `install` / `uninstall` do.
#[derive(Clone, Copy, Debug)]
pub struct Args {
    pub scope: Scope,
    pub dry_run: bool,
    pub uninstall: bool,
}

/// Run install or uninstall; `Ok` is the text for stdout, `Err` the reason it refused
/// (exit 2, nothing written).
pub fn run(a: &Args, cwd: &Path, env: &Env) -> Result<String, String> {
    let path = settings_path(a.scope, env, cwd)?;
    let orig = write::read(&path)?;
    if a.scope != Scope::User {
        inside_project(&orig.real, cwd, env)?;
    }
    let old_text = orig.text()?;
    let mut doc = if old_text.trim().is_empty() {
        Json::Object(Vec::new())
    } else {
        Json::parse(old_text)
            .map_err(|e| format!("{} is not valid JSON: {e}", orig.real.display()))?
    };
    let before = doc.clone();
    let exe = exe_name();
    let mut notes = Vec::new();
    let mut summary = String::new();
    if a.uninstall {
        let n = merge::uninstall(&mut doc, &exe)
            .map_err(|e| format!("refusing to edit {}: {e}", orig.real.display()))?;
        summary = format!(
            "removed {n} gatehook handler(s) from {}",
            orig.real.display()
        );
    } else {
        let command = hook_command()?;
        let (reviewer, note) = reviewer_in_effect(cwd, env);
        notes.extend(note);
        let timeout = required_timeout(&reviewer);
        merge::install(&mut doc, &command, timeout, &exe)
            .map_err(|e| format!("refusing to edit {}: {e}", orig.real.display()))?;
        let events: Vec<String> = merge::REGISTRATIONS
            .iter()
            .map(|r| match r.matcher {
                Some(m) if m != "*" => format!("{}({m})", r.event),
                _ => r.event.to_string(),
            })
            .collect();
        summary.push_str(&format!(
            "gatehook is registered in {} for {}\n  command: {command}\n  timeout: {timeout} s (reviewer worst case {} ms + {TIMEOUT_MARGIN_S} s margin, at least {MIN_TIMEOUT_S} s)",
            orig.real.display(),
            events.join(", "),
            reviewer.timeout_ms + reviewer.fast.as_ref().map_or(0, |f| f.timeout_ms),
        ));
        if matches!(doc.get("disableAllHooks"), Some(Json::Bool(true))) {
            notes.push("this file sets \"disableAllHooks\": true, so no hook runs".into());
        }
    }
    let verb = if a.uninstall { "uninstall" } else { "install" };
    if doc == before {
        let mut out = format!(
            "nothing to change in {} ({})",
            orig.real.display(),
            if a.uninstall {
                "gatehook is not registered there"
            } else {
                "gatehook is already registered there as it should be"
            }
        );
        for n in &notes {
            out.push_str(&format!("\nnote: {n}"));
        }
        return Ok(out);
    }
    let indent = ordered::detect_indent(old_text);
    let new_text = doc.to_pretty(&indent);
    if a.dry_run {
        let old_label = if orig.bytes.is_some() {
            orig.real.display().to_string()
        } else {
            "/dev/null".into()
        };
        let mut out = diff::unified(
            old_text,
            &new_text,
            &old_label,
            &format!("{} (after gatehook {verb})", orig.real.display()),
        );
        out.push_str("(dry run: nothing was written)");
        for n in &notes {
            out.push_str(&format!("\nnote: {n}"));
        }
        return Ok(out);
    }
    let backup = write::commit(&orig, &new_text)?;
    let mut out = summary;
    if let Some(b) = backup {
        out.push_str(&format!("\n  previous file kept in {}", b.display()));
    }
    if orig.real != orig.path {
        out.push_str(&format!(
            "\n  ({} is a symlink; its target was edited)",
            orig.path.display()
        ));
    }
    for n in &notes {
        out.push_str(&format!("\nnote: {n}"));
    }
    if !a.uninstall {
        out.push_str("\nRunning Claude Code sessions pick this up when they restart; `gatehook doctor` checks the setup.");
    }
    Ok(out)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::config::StageConfig;
    use crate::decision::Decision;

    #[test]
    fn timeout_stays_above_the_reviewer_worst_case() {
        let mut r = ReviewerConfig::default();
        assert_eq!(required_timeout(&r), 30, "8 s + margin is under the floor");
        r.timeout_ms = 30_001;
        assert_eq!(required_timeout(&r), 31 + TIMEOUT_MARGIN_S);
        r.fast = Some(Box::new(StageConfig {
            provider: config::Provider::OpenAi,
            url: None,
            model: None,
            api_key_env: None,
            timeout_ms: 4000,
            on_failure: Decision::Deny,
        }));
        assert_eq!(required_timeout(&r), 35 + TIMEOUT_MARGIN_S);
        r.timeout_ms = u64::MAX;
        assert_eq!(required_timeout(&r), u64::MAX / 1000 + 1 + TIMEOUT_MARGIN_S);
    }
}
