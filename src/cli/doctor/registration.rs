//! Doctor: is gatehook registered in the Claude Code settings files that apply (user,
//! project, local; Claude Code merges their hooks), for which events, with a command that
//! runs (and how it finds gatehook: the portable PATH lookup that blocks where gatehook is
//! missing, or this machine's path) and a timeout above the reviewer's worst case? Entries
//! are recognised with the same code `install` uses.

use super::{same_file, which, Check, Level};
use crate::cli::install::merge::{self, Found, REGISTRATIONS};
use crate::cli::install::ordered::Json;
use crate::cli::install::{self, write, CommandForm, Scope};
use crate::context::config::ReviewerConfig;
use crate::context::Env;
use std::path::{Path, PathBuf};

/// What Claude Code waits for a command hook without a `timeout` (600 s in current
/// versions, 60 s in older ones: the lower one is assumed).
const DEFAULT_TIMEOUT_S: u64 = 60;

/// Claude Code's managed (organisation) settings file.
#[cfg(target_os = "macos")]
const MANAGED_SETTINGS: &str = "/Library/Application Support/ClaudeCode/managed-settings.json";
#[cfg(not(target_os = "macos"))]
const MANAGED_SETTINGS: &str = "/etc/claude-code/managed-settings.json";

pub fn checks(cwd: &Path, env: &Env, reviewer: &ReviewerConfig, auto: bool) -> Vec<Check> {
    let exe_name = install::exe_name();
    let mut out = Vec::new();
    let mut all: Vec<(String, Found)> = Vec::new();
    // Settings files that enable gatehook's Claude Code plugin (`plugin/`), which registers
    // every event with the portable command.
    let mut plugin: Vec<String> = Vec::new();
    let mut files: Vec<(&str, Result<PathBuf, String>)> = Scope::ALL
        .iter()
        .map(|s| (s.as_str(), install::settings_path(*s, env, cwd)))
        .collect();
    // Organisation-wide hooks count too; only looked at when the file exists.
    let managed = PathBuf::from(MANAGED_SETTINGS);
    if managed.exists() {
        files.push(("managed", Ok(managed)));
    }
    for (scope, path) in files {
        let name = format!("settings ({scope})");
        let path = match path {
            Ok(p) => p,
            Err(e) => {
                out.push(Check::new(&name, Level::Skip, e));
                continue;
            }
        };
        match read_found(&path, &exe_name) {
            Err(e) => out.push(Check::new(&name, Level::Fail, e).fix(format!(
                "fix {} by hand (a backup may be at {}{})",
                path.display(),
                path.display(),
                write::BACKUP_SUFFIX
            ))),
            Ok(None) => out.push(Check::new(
                &name,
                Level::Skip,
                format!("{} does not exist", path.display()),
            )),
            Ok(Some((doc, found))) => {
                if matches!(doc.get("disableAllHooks"), Some(Json::Bool(true))) {
                    out.push(
                        Check::new(
                            &name,
                            Level::Fail,
                            format!("{} sets \"disableAllHooks\": true: no hook runs, gatehook gates nothing", path.display()),
                        )
                        .fix("remove \"disableAllHooks\" from that file"),
                    );
                }
                out.push(if found.is_empty() {
                    Check::new(
                        &name,
                        Level::Skip,
                        format!("no gatehook handlers in {}", path.display()),
                    )
                } else {
                    let events: Vec<&str> = found.iter().map(|f| f.event.as_str()).collect();
                    Check::new(
                        &name,
                        Level::Ok,
                        format!("{}: gatehook handles {}", path.display(), events.join(", ")),
                    )
                });
                if let Some(Json::Object(enabled)) = doc.get("enabledPlugins") {
                    for (id, on) in enabled {
                        if id.starts_with("gatehook@") && matches!(on, Json::Bool(true)) {
                            plugin.push(format!("{id} in {}", path.display()));
                        }
                    }
                }
                all.extend(found.into_iter().map(|f| (scope.to_string(), f)));
            }
        }
    }
    if plugin.is_empty() {
        out.push(coverage(&all));
    } else {
        out.push(Check::new(
            "registration",
            Level::Ok,
            format!(
                "gatehook's plugin is enabled ({}): it registers every event and refuses every call when gatehook is not on PATH",
                plugin.join(", ")
            ),
        ));
    }
    if !all.is_empty() {
        out.push(commands(&all));
        out.push(timeouts(&all, reviewer, auto));
    }
    out
}

/// The file's document and gatehook handlers; `Ok(None)` when it does not exist.
fn read_found(path: &Path, exe_name: &str) -> Result<Option<(Json, Vec<Found>)>, String> {
    let orig = write::read(path)?;
    if orig.bytes.is_none() {
        return Ok(None);
    }
    let text = orig.text()?;
    if text.trim().is_empty() {
        return Ok(Some((Json::Object(Vec::new()), Vec::new())));
    }
    let doc = Json::parse(text).map_err(|e| {
        format!(
            "{} is not valid JSON ({e}): Claude Code cannot load its hooks",
            path.display()
        )
    })?;
    let found = merge::find(&doc, exe_name).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(Some((doc, found)))
}

fn coverage(all: &[(String, Found)]) -> Check {
    let name = "registration";
    let covered = |r: &merge::Registration| {
        all.iter()
            .any(|(_, f)| f.event == r.event && f.covers(r) && !f.is_async)
    };
    let missing: Vec<&merge::Registration> = REGISTRATIONS.iter().filter(|r| !covered(r)).collect();
    let asyncs: Vec<String> = all
        .iter()
        .filter(|(_, f)| f.is_async)
        .map(|(s, f)| format!("{} ({s})", f.event))
        .collect();
    let async_note = if asyncs.is_empty() {
        String::new()
    } else {
        format!(
            "; marked async (Claude Code does not wait for them): {}",
            asyncs.join(", ")
        )
    };
    if missing.is_empty() {
        return Check::new(
            name,
            Level::Ok,
            format!(
                "registered for every event ({})",
                REGISTRATIONS
                    .iter()
                    .map(|r| r.event)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        );
    }
    let list: Vec<String> = missing
        .iter()
        .map(|r| format!("{} ({})", r.event, r.purpose))
        .collect();
    let essential = missing.iter().any(|r| r.essential);
    let message = if essential {
        format!(
            "not registered for {} in any settings file: gatehook gates nothing{async_note}",
            list.join(", ")
        )
    } else {
        format!("not registered for {}{async_note}", list.join(", "))
    };
    let level = if essential { Level::Fail } else { Level::Warn };
    Check::new(name, level, message).fix("gatehook install (or --project / --local)")
}

/// One registered command: how it finds gatehook, and whether that works here.
pub(super) fn command_line(cmd: &str, scopes: &str, exe_name: &str) -> (Level, String) {
    let this = std::env::current_exe().unwrap_or_default();
    let runs = |p: &Path, what: &str| -> (Level, String) {
        if !super::is_executable(p) {
            return (
                Level::Fail,
                format!(
                    "{scopes}: {what}, but {} is not an executable file here",
                    p.display()
                ),
            );
        }
        if same_file(p, &this) {
            (Level::Ok, format!("{scopes}: {what}: this binary"))
        } else {
            (
                Level::Warn,
                format!(
                    "{scopes}: {what}: {}, not this binary ({})",
                    p.display(),
                    this.display()
                ),
            )
        }
    };
    match install::command_form(cmd, exe_name) {
        Some(CommandForm::Portable) => match which("gatehook") {
            Some(p) => runs(
                &p,
                "portable (gatehook on PATH; blocks every call where it is missing)",
            ),
            None => (
                Level::Fail,
                format!("{scopes}: portable, but gatehook is not on this PATH: every call is blocked (exit 2) here"),
            ),
        },
        Some(CommandForm::Path(p)) => {
            let (level, msg) = runs(&p, &format!("this machine's path {}", p.display()));
            if level == Level::Fail {
                (level, format!("{msg}; the harness lets every call through when a hook cannot start"))
            } else {
                (level, msg)
            }
        }
        Some(CommandForm::OnPath(name)) => match which(&name) {
            Some(p) => {
                let (level, msg) = runs(&p, &format!("`{name}` on PATH"));
                (
                    level.max(Level::Warn),
                    format!("{msg}; where it is missing the hook cannot start and the call runs"),
                )
            }
            None => (
                Level::Fail,
                format!("{scopes}: `{name}` is not on PATH: the hook cannot start, and the harness lets every call through"),
            ),
        },
        None => (Level::Fail, format!("{scopes}: `{cmd}` is not a gatehook command")),
    }
}

fn commands(all: &[(String, Found)]) -> Check {
    let name = "hook command";
    let exe_name = install::exe_name();
    let mut distinct: Vec<(&str, Vec<&str>)> = Vec::new();
    for (scope, f) in all {
        match distinct.iter_mut().find(|(c, _)| *c == f.command) {
            Some((_, scopes)) => {
                if !scopes.contains(&scope.as_str()) {
                    scopes.push(scope);
                }
            }
            None => distinct.push((&f.command, vec![scope])),
        }
    }
    let lines: Vec<(Level, String)> = distinct
        .iter()
        .map(|(cmd, scopes)| command_line(cmd, &scopes.join(", "), &exe_name))
        .collect();
    let level = lines.iter().map(|l| l.0).max().unwrap_or(Level::Ok);
    let message = lines
        .into_iter()
        .map(|l| l.1)
        .collect::<Vec<_>>()
        .join("; ");
    let check = Check::new(name, level, message);
    match level {
        Level::Fail => check.fix("gatehook install (--project registers the portable command; put gatehook on PATH for it)"),
        Level::Warn => check.fix("gatehook install, from the binary you mean to use"),
        _ => check,
    }
}

fn timeouts(all: &[(String, Found)], reviewer: &ReviewerConfig, auto: bool) -> Check {
    let name = "hook timeout";
    let need = install::required_timeout(reviewer);
    let worst_ms = reviewer
        .timeout_ms
        .saturating_add(reviewer.fast.as_ref().map_or(0, |f| f.timeout_ms));
    let low: Vec<String> = all
        .iter()
        .filter(|(_, f)| matches!(f.event.as_str(), "PreToolUse" | "PermissionRequest"))
        .filter_map(|(scope, f)| {
            let t = f.timeout.unwrap_or(DEFAULT_TIMEOUT_S);
            (t < need).then(|| format!("{} {t} s ({scope})", f.event))
        })
        .collect();
    if low.is_empty() {
        return Check::new(
            name,
            Level::Ok,
            format!("at least {need} s (reviewer worst case {worst_ms} ms + margin)"),
        );
    }
    let level = if auto { Level::Fail } else { Level::Warn };
    Check::new(
        name,
        level,
        format!(
            "too low: {}; needs at least {need} s (reviewer worst case {worst_ms} ms + margin): a hook that times out lets the call run{}",
            low.join(", "),
            if auto { "" } else { " (matters once mode = \"auto\")" }
        ),
    )
    .fix("gatehook install (rewrites the timeout)")
}
