//! `gatehook install` / `gatehook uninstall`: register gatehook in a Claude Code settings
//! file, or take it out, keeping everything else in the file.
//!
//! This module picks the file (user, project or local settings), the command (for a file
//! that may be read on another machine, [`portable_command`]; for this machine's own files,
//! the running binary's absolute path) and the timeout (above the reviewer's worst case for
//! the config in effect), then lets [`merge`] change the document and [`write`] replace the
//! file atomically with a backup. `--dry-run` prints a [`diff`] instead. A file that is not
//! valid JSON, or whose hooks are not the documented shape, is refused unchanged.

pub mod codex;
pub mod diff;
pub mod merge;
pub mod ordered;
pub mod plugin;
pub mod write;

use crate::context::config::{self, ConfigPaths, ReviewerConfig};
use crate::context::Env;
use crate::input::harness::Harness;
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
            let root = crate::context::paths::project_root(env.claude_project_dir.as_deref(), cwd);
            let name = if scope == Scope::Project {
                "settings.json"
            } else {
                "settings.local.json"
            };
            Ok(root.join(".claude").join(name))
        }
    }
}

/// The hook command of every registration that may run on another machine (Claude Code
/// `--project`, Codex, a Claude Code plugin): it finds `gatehook` on `PATH` and runs
/// `gatehook hook` (with `--format NAME` for a harness whose payloads gatehook should not
/// have to recognise: Codex); where gatehook is missing it prints one line on stderr and
/// exits 2, which Claude Code, Codex and Gemini CLI treat as "block, with stderr as the
/// reason" — a hook that cannot start would otherwise be a non-blocking error there, and
/// the call would run. Without a format it is exactly [`PORTABLE_COMMAND`].
///
/// Each harness runs it through a shell (measured): Claude Code 2.1.328 `/bin/sh -c`,
/// Gemini CLI 0.61.0 `bash -c`, Codex 0.171.0 the user's login shell from the passwd
/// entry with `-c` (bash, zsh or sh; a fish user's hooks run in bash). The command is plain
/// POSIX sh, the same in all of them. It looks up no project-relative path: a repository is
/// hostile ground, and a `gatehook` it ships could answer anything.
pub fn portable_command(format: Option<Harness>) -> String {
    match format {
        None => PORTABLE_COMMAND.to_string(),
        Some(h) => format!("{PORTABLE_COMMAND} --format {}", h.as_str()),
    }
}

/// Whether `command` is [`portable_command`] (with or without a known `--format`).
pub fn is_portable(command: &str) -> bool {
    let Some(rest) = command.trim().strip_prefix(PORTABLE_COMMAND) else {
        return false;
    };
    rest.is_empty()
        || rest
            .strip_prefix(" --format ")
            .is_some_and(|name| Harness::parse(name).is_some())
}

/// See [`portable_command`].
pub const PORTABLE_COMMAND: &str = "command -v gatehook >/dev/null 2>&1 || { echo \"gatehook: not found on PATH; refusing this tool call (install gatehook, or remove its hook)\" >&2; exit 2; }; exec gatehook hook";

/// How a registered command finds gatehook (for `doctor`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandForm {
    /// [`PORTABLE_COMMAND`]: `gatehook` on `PATH`, blocking where it is missing.
    Portable,
    /// A path to the binary (absolute, or relative to the harness's cwd): this machine only;
    /// where it does not exist the hook cannot start and the harness runs the call.
    Path(std::path::PathBuf),
    /// A bare program name looked up on `PATH`, with no fallback: where it is missing the
    /// harness runs the call.
    OnPath(String),
}

/// The form of a gatehook command (`None` for a command that is not gatehook's).
pub fn command_form(command: &str, exe_name: &str) -> Option<CommandForm> {
    if is_portable(command) {
        return Some(CommandForm::Portable);
    }
    if !merge::is_gatehook_command(command, exe_name) {
        return None;
    }
    let words = shlex::split(command.trim())?;
    let prog = words.into_iter().find(|w| !merge::is_assignment(w))?;
    Some(if prog.contains('/') {
        CommandForm::Path(std::path::PathBuf::from(prog))
    } else {
        CommandForm::OnPath(prog)
    })
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
    let root = crate::context::paths::project_root(env.claude_project_dir.as_deref(), cwd);
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
    let root = crate::context::paths::project_root(env.claude_project_dir.as_deref(), cwd);
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

/// Which agent's hooks `install` / `uninstall` edit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Agent {
    /// Claude Code's settings files.
    Claude,
    /// Codex's `hooks.json` (user: `$CODEX_HOME`, project: `.codex/`), and Codex's trust.
    Codex,
}

/// What `install` / `uninstall` do.
#[derive(Clone, Copy, Debug)]
pub struct Args {
    pub scope: Scope,
    pub dry_run: bool,
    pub uninstall: bool,
    pub agent: Agent,
}

/// What a finished `install` / `uninstall` says, and whether gatehook is now in force there
/// (`false`: the file is written, but the agent will not run gatehook until the person
/// takes the step the text names; exit 1).
#[derive(Debug)]
pub struct Outcome {
    pub text: String,
    pub active: bool,
}

/// The hooks file `a` edits.
fn target_path(a: &Args, cwd: &Path, env: &Env) -> Result<PathBuf, String> {
    match (a.agent, a.scope) {
        (Agent::Claude, scope) => settings_path(scope, env, cwd),
        (Agent::Codex, Scope::User) => Ok(codex::home(env.home.as_deref(), cwd)?.0.join("hooks.json")),
        (Agent::Codex, Scope::Project) => Ok(crate::context::paths::project_root(
            env.claude_project_dir.as_deref(),
            cwd,
        )
        .join(".codex")
        .join("hooks.json")),
        (Agent::Codex, Scope::Local) => Err(
            "Codex has no per-checkout hooks file: use --codex (your $CODEX_HOME) or --codex --project"
                .into(),
        ),
    }
}

/// Run install or uninstall; `Ok` is the text for stdout (and whether gatehook is in force),
/// `Err` the reason it refused (exit 2, nothing written).
pub fn run(a: &Args, cwd: &Path, env: &Env) -> Result<Outcome, String> {
    let path = target_path(a, cwd, env)?;
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
    let registrations = match a.agent {
        Agent::Claude => merge::REGISTRATIONS,
        Agent::Codex => merge::CODEX_REGISTRATIONS,
    };
    let mut notes = Vec::new();
    let mut summary = String::new();
    if a.uninstall {
        let n = merge::uninstall(&mut doc, &exe)
            .map_err(|e| format!("refusing to edit {}: {e}", orig.real.display()))?;
        summary = format!(
            "removed {n} gatehook handler(s) from {}",
            orig.real.display()
        );
        if a.agent == Agent::Codex && n > 0 {
            notes.push("Codex's trust entries for them stay in config.toml; they match only gatehook's own hook definitions".into());
        }
    } else {
        // A file another machine may read (a project's, or any Codex registration, whose
        // trust hash covers the command) gets the portable command; the user's and this
        // checkout's Claude Code files keep this binary's absolute path, so gatehook need
        // not be on PATH there.
        let portable = a.scope == Scope::Project || a.agent == Agent::Codex;
        let command = if portable {
            // Codex's payloads are read as Codex's whatever they carry: an answer in
            // Claude Code's shapes could be an allow on Codex's PermissionRequest.
            portable_command((a.agent == Agent::Codex).then_some(Harness::Codex))
        } else {
            hook_command()?
        };
        let (reviewer, note) = reviewer_in_effect(cwd, env);
        notes.extend(note);
        let timeout = required_timeout(&reviewer);
        merge::install_for(&mut doc, registrations, &command, timeout, &exe)
            .map_err(|e| format!("refusing to edit {}: {e}", orig.real.display()))?;
        let events: Vec<String> = registrations
            .iter()
            .map(|r| match r.matcher {
                Some(m) if m != "*" => format!("{}({m})", r.event),
                _ => r.event.to_string(),
            })
            .collect();
        summary.push_str(&format!(
            "gatehook is registered in {} for {}\n  command: {command}\n  {}\n  timeout: {timeout} s (reviewer worst case {} ms + {TIMEOUT_MARGIN_S} s margin, at least {MIN_TIMEOUT_S} s)",
            orig.real.display(),
            events.join(", "),
            if portable {
                "(portable: finds gatehook on PATH on every machine; where it is missing, every call is blocked)"
            } else {
                "(this binary's path: this machine only)"
            },
            reviewer.timeout_ms + reviewer.fast.as_ref().map_or(0, |f| f.timeout_ms),
        ));
        if matches!(doc.get("disableAllHooks"), Some(Json::Bool(true))) {
            notes.push("this file sets \"disableAllHooks\": true, so no hook runs".into());
        }
    }
    let verb = if a.uninstall { "uninstall" } else { "install" };
    let unchanged = doc == before;
    let mut out = if unchanged {
        format!(
            "nothing to change in {} ({})",
            orig.real.display(),
            if a.uninstall {
                "gatehook is not registered there"
            } else {
                "gatehook is already registered there as it should be"
            }
        )
    } else if a.dry_run {
        let indent = ordered::detect_indent(old_text);
        let new_text = doc.to_pretty(&indent);
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
        out
    } else {
        let indent = ordered::detect_indent(old_text);
        let backup = write::commit(&orig, &doc.to_pretty(&indent))?;
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
        out
    };
    let mut active = true;
    if a.agent == Agent::Codex && !a.uninstall && !a.dry_run {
        let (text, ok) = codex_trust(a.scope, &orig.real, cwd, env);
        out.push('\n');
        out.push_str(&text);
        active = ok;
    }
    for n in &notes {
        out.push_str(&format!("\nnote: {n}"));
    }
    if !a.uninstall && !a.dry_run && !unchanged {
        out.push_str(match a.agent {
            Agent::Claude => "\nRunning Claude Code sessions pick this up when they restart; `gatehook doctor` checks the setup.",
            Agent::Codex => "\nRunning Codex sessions pick this up when they restart; `gatehook doctor` checks the setup.",
        });
    }
    Ok(Outcome { text: out, active })
}

/// Codex runs only hooks it trusts: record its trust in gatehook's handlers of `source`
/// (asking `codex app-server`, see [`codex`]) and say whether Codex now runs them all.
fn codex_trust(scope: Scope, source: &Path, cwd: &Path, env: &Env) -> (String, bool) {
    let root = crate::context::paths::project_root(env.claude_project_dir.as_deref(), cwd);
    let (home, from) = match codex::home(env.home.as_deref(), cwd) {
        Ok(h) => h,
        Err(e) => return (format!("NOT ACTIVE: {e}"), false),
    };
    let again = if scope == Scope::Project {
        "gatehook install --codex --project"
    } else {
        "gatehook install --codex"
    };
    let manual = format!("open Codex, type /hooks and trust gatehook's hooks, or run `{again}` again with `codex` on PATH");
    let Some(codex) = codex::find_codex() else {
        return (
            format!("NOT ACTIVE YET: Codex runs a hook only once it is trusted, and `codex` is not on PATH to record that trust. To finish: {manual}."),
            false,
        );
    };
    let mut text = String::new();
    if let Some(key) = codex::hooks_disabled(&home) {
        text.push_str(&format!(
            "NOT ACTIVE: {}/config.toml sets [features] {key} = false, so Codex runs no hook; remove that line.\n",
            home.display()
        ));
    }
    let t = match codex::trust_gatehook(&codex, &home, &root, source, &exe_name()) {
        Ok(t) => t,
        Err(e) => {
            return (
                format!("{text}NOT ACTIVE YET: could not ask Codex to trust the hooks ({e}). To finish: {manual}."),
                false,
            )
        }
    };
    if t.hooks.is_empty() {
        let why = if scope == Scope::Project {
            format!(
                "Codex does not load {} here: it reads a project's .codex/ only in a project you trust in Codex. Trust {} in Codex (it asks when you start it there), then run `gatehook install --codex --project` again",
                source.display(),
                root.display()
            )
        } else {
            format!(
                "Codex does not list gatehook's hooks from {} ({} is {}){}",
                source.display(),
                from,
                home.display(),
                if t.problems.is_empty() {
                    String::new()
                } else {
                    format!("; Codex says: {}", t.problems.join("; "))
                }
            )
        };
        return (format!("{text}NOT ACTIVE: {why}."), false);
    }
    let not_running: Vec<String> = t
        .hooks
        .iter()
        .filter(|h| !h.runs())
        .map(|h| {
            format!(
                "{} is {}{}",
                h.event,
                h.trust_status,
                if h.enabled { "" } else { " and disabled" }
            )
        })
        .collect();
    if !not_running.is_empty() {
        return (
            format!("{text}NOT ACTIVE: after recording its trust, Codex still reports {}. To finish: open Codex, type /hooks and trust gatehook's hooks.", not_running.join(", ")),
            false,
        );
    }
    let ok = text.is_empty();
    text.push_str(&format!(
        "  Codex trust: {} of gatehook's hooks trusted, as {} reports ({}; trust recorded in {}/config.toml)",
        t.hooks.len(),
        codex.display(),
        if t.written > 0 {
            format!("{} entr{} written", t.written, if t.written == 1 { "y" } else { "ies" })
        } else {
            "already trusted".to_string()
        },
        home.display()
    ));
    (text, ok)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::context::config::StageConfig;
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
