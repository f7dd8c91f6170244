//! Doctor for OpenAI Codex: where Codex's home is (`CODEX_HOME`), whether gatehook is in
//! its `hooks.json` (the user's and the project's) for the events it needs with a command
//! that works here, and whether Codex itself trusts those hooks — asked of Codex
//! (`codex app-server`'s `hooks/list`), since Codex skips an untrusted hook without a
//! word. Entries are recognised with the same code `install --codex` uses.

use super::registration::command_line;
use super::{Check, Level};
use crate::cli::install::codex::{self, AppServer};
use crate::cli::install::merge::{self, Found, CODEX_REGISTRATIONS};
use crate::cli::install::ordered::Json;
use crate::cli::install::{self, write};
use crate::context::Env;
use std::path::{Path, PathBuf};

pub fn checks(cwd: &Path, env: &Env) -> Vec<Check> {
    let mut out = Vec::new();
    let (home, from) = match codex::home(env.home.as_deref(), cwd) {
        Ok(h) => h,
        Err(e) => return vec![Check::new("codex home", Level::Skip, e)],
    };
    let root = crate::context::paths::project_root(env.claude_project_dir.as_deref(), cwd);
    let files = [
        ("user", home.join("hooks.json")),
        ("project", root.join(".codex").join("hooks.json")),
    ];
    let exe_name = install::exe_name();
    let mut found: Vec<(&str, PathBuf, Vec<Found>)> = Vec::new();
    let mut broken = Vec::new();
    for (scope, path) in &files {
        match read(path, &exe_name) {
            Ok(Some(f)) if !f.is_empty() => found.push((scope, path.clone(), f)),
            Ok(_) => {}
            Err(e) => broken.push(e),
        }
    }
    if found.is_empty() && broken.is_empty() {
        return vec![Check::new(
            "codex",
            Level::Skip,
            format!(
                "gatehook is not registered for Codex ({} and {} have no gatehook hooks; `gatehook install --codex` adds them)",
                files[0].1.display(),
                files[1].1.display()
            ),
        )];
    }
    out.push(home_check(&home, from));
    for e in broken {
        out.push(Check::new("codex registration", Level::Fail, e).fix(
            "fix the file by hand (Codex ignores a hooks.json it cannot parse, with a warning)",
        ));
    }
    if let Some(key) = codex::hooks_disabled(&home) {
        out.push(
            Check::new(
                "codex registration",
                Level::Fail,
                format!(
                    "{}/config.toml sets [features] {key} = false: Codex runs no hook",
                    home.display()
                ),
            )
            .fix("remove that line"),
        );
    }
    for (scope, path, f) in &found {
        out.push(coverage(scope, path, f));
        let mut cmds: Vec<&str> = f.iter().map(|h| h.command.as_str()).collect();
        cmds.sort_unstable();
        cmds.dedup();
        for cmd in cmds {
            let (level, message) = command_line(cmd, &format!("codex {scope}"), &exe_name);
            out.push(Check::new("codex hook command", level, message));
        }
    }
    out.push(trust(&home, &root, &found, &exe_name));
    out
}

fn read(path: &Path, exe_name: &str) -> Result<Option<Vec<Found>>, String> {
    let orig = write::read(path)?;
    if orig.bytes.is_none() {
        return Ok(None);
    }
    let text = orig.text()?;
    if text.trim().is_empty() {
        return Ok(Some(Vec::new()));
    }
    let doc =
        Json::parse(text).map_err(|e| format!("{} is not valid JSON: {e}", path.display()))?;
    merge::find(&doc, exe_name)
        .map(Some)
        .map_err(|e| format!("{}: {e}", path.display()))
}

fn home_check(home: &Path, from: &str) -> Check {
    let name = "codex home";
    let raw = std::env::var_os("CODEX_HOME").unwrap_or_default();
    if from == "CODEX_HOME" && !Path::new(&raw).is_absolute() {
        return Check::new(
            name,
            Level::Warn,
            format!(
                "CODEX_HOME is relative ({}): each program resolves it from its own directory; here it is {}",
                Path::new(&raw).display(),
                home.display()
            ),
        )
        .fix("set CODEX_HOME to an absolute path");
    }
    if !home.is_dir() {
        return Check::new(
            name,
            Level::Warn,
            format!("{} ({from}) is not a directory", home.display()),
        );
    }
    Check::new(name, Level::Ok, format!("{} ({from})", home.display()))
}

fn coverage(scope: &str, path: &Path, found: &[Found]) -> Check {
    let name = "codex registration";
    let missing: Vec<String> = CODEX_REGISTRATIONS
        .iter()
        .filter(|r| {
            !found
                .iter()
                .any(|f| f.event == r.event && f.covers(r) && !f.is_async)
        })
        .map(|r| format!("{} ({})", r.event, r.purpose))
        .collect();
    if missing.is_empty() {
        return Check::new(
            name,
            Level::Ok,
            format!(
                "{scope}: {} handles {}",
                path.display(),
                CODEX_REGISTRATIONS
                    .iter()
                    .map(|r| r.event)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        );
    }
    let essential = CODEX_REGISTRATIONS
        .iter()
        .any(|r| r.essential && missing.iter().any(|m| m.starts_with(r.event)));
    Check::new(
        name,
        if essential { Level::Fail } else { Level::Warn },
        format!("{scope}: {} lacks {}", path.display(), missing.join(", ")),
    )
    .fix(if scope == "project" {
        "gatehook install --codex --project"
    } else {
        "gatehook install --codex"
    })
}

/// Whether Codex runs gatehook's hooks, as Codex reports it.
fn trust(home: &Path, root: &Path, found: &[(&str, PathBuf, Vec<Found>)], exe_name: &str) -> Check {
    let name = "codex trust";
    let Some(bin) = codex::find_codex() else {
        return Check::new(
            name,
            Level::Warn,
            "`codex` is not on PATH, so Codex cannot be asked whether it trusts gatehook's hooks (it skips untrusted hooks without a word)",
        )
        .fix("run `gatehook doctor` where `codex` is on PATH");
    };
    let listing = AppServer::start(&bin, home).and_then(|mut s| s.list(root));
    let listing = match listing {
        Ok(l) => l,
        Err(e) => {
            return Check::new(name, Level::Warn, format!("could not ask Codex: {e}"))
                .fix("open Codex and check /hooks")
        }
    };
    let mut problems = Vec::new();
    let mut trusted = 0;
    for (scope, path, f) in found {
        let listed = listing.gatehook_from(path, exe_name);
        if listed.is_empty() {
            problems.push(if *scope == "project" {
                format!(
                    "Codex does not load {} (the project {} is not trusted in Codex), so these hooks do not run",
                    path.display(),
                    root.display()
                )
            } else {
                format!("Codex does not list the hooks of {}", path.display())
            });
            continue;
        }
        if listed.len() < f.len() {
            problems.push(format!(
                "Codex lists {} of the {} gatehook hooks in {}",
                listed.len(),
                f.len(),
                path.display()
            ));
        }
        for h in listed {
            if h.runs() {
                trusted += 1;
            } else {
                problems.push(format!(
                    "{scope} {} is {}{} (Codex skips it without a word)",
                    h.event,
                    h.trust_status,
                    if h.enabled { "" } else { " and disabled" }
                ));
            }
        }
    }
    let says: Vec<String> = listing
        .problems
        .iter()
        .map(|p| format!("Codex says: {p}"))
        .collect();
    if problems.is_empty() {
        let mut message = format!(
            "Codex ({}) runs all {trusted} of gatehook's hooks",
            bin.display()
        );
        if says.is_empty() {
            return Check::new(name, Level::Ok, message);
        }
        message.push_str("; ");
        message.push_str(&says.join("; "));
        return Check::new(name, Level::Warn, message);
    }
    problems.extend(says);
    Check::new(name, Level::Fail, problems.join("; ")).fix(
        "gatehook install --codex (or --codex --project) records Codex's trust; or open Codex, type /hooks and trust them",
    )
}
