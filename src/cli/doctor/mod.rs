//! `gatehook doctor`: is this setup actually gating? One line per check, each `ok`, `warn`,
//! `fail` or `skip`, with the fix. Exit 0 when nothing failed, 1 otherwise.
//!
//! It checks the binary on PATH, the registration in the Claude Code settings files that
//! apply ([`registration`]) and in Codex's hooks with Codex's own trust in them
//! ([`codex`]), the config in effect (and `gatehook check`'s lints), the audit
//! log (the audit module's own safety checks plus a write probe), the state directory's
//! privacy, and, live ([`live`]), one harmless reviewer request and the in-process time of
//! a fast-path decision. It decides nothing itself: the speed check runs the hook's own
//! preparation and evaluation, and the reviewer probe uses the reviewer's own client.

mod codex;
mod live;
mod registration;

use crate::context::config;
use crate::context::Env;
use serde::Serialize;
use std::fmt::Write as _;
use std::fs;
use std::os::unix::fs::{MetadataExt, OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};

/// How a check came out, from best to worst.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// Not applicable here (with the reason).
    Skip,
    Ok,
    /// Works, but not as well as it could.
    Warn,
    /// gatehook is not gating, or would fail on the next call.
    Fail,
}

impl Level {
    fn as_str(self) -> &'static str {
        match self {
            Level::Skip => "skip",
            Level::Ok => "ok",
            Level::Warn => "warn",
            Level::Fail => "fail",
        }
    }
}

/// One check's line.
#[derive(Clone, Debug, Serialize)]
pub struct Check {
    pub name: String,
    pub level: Level,
    pub message: String,
    pub fix: Option<String>,
}

impl Check {
    fn new(name: &str, level: Level, message: impl Into<String>) -> Check {
        Check {
            name: name.to_string(),
            level,
            message: message.into(),
            fix: None,
        }
    }

    fn fix(mut self, fix: impl Into<String>) -> Check {
        self.fix = Some(fix.into());
        self
    }
}

/// Run every check; returns the exit code after printing.
pub fn run(json: bool, offline: bool) -> i32 {
    let env = Env::from_process();
    let checks = match std::env::current_dir() {
        Ok(cwd) => gather(&cwd, &env, offline),
        Err(e) => vec![Check::new(
            "cwd",
            Level::Fail,
            format!("no current directory: {e}"),
        )],
    };
    let text = if json {
        render_json(&checks)
    } else {
        render_text(&checks)
    };
    println!("{}", text.trim_end());
    exit_code(&checks)
}

pub fn exit_code(checks: &[Check]) -> i32 {
    i32::from(checks.iter().any(|c| c.level == Level::Fail))
}

/// Every check, in the order they are printed.
pub fn gather(cwd: &Path, env: &Env, offline: bool) -> Vec<Check> {
    let mut checks = vec![path_check()];
    let prepared = crate::context::prepare(cwd, env).map(|mut p| {
        // Doctor only looks: no build-file sightings are recorded for its probes.
        p.record_baseline = false;
        p
    });
    let reviewer = match &prepared {
        Ok(p) => p.config.reviewer.clone(),
        Err(_) => crate::cli::install::reviewer_in_effect(cwd, env).0,
    };
    let auto = matches!(&prepared, Ok(p) if p.config.mode == crate::decision::Mode::Auto);
    checks.extend(registration::checks(cwd, env, &reviewer, auto));
    checks.extend(codex::checks(cwd, env));
    checks.extend(config_checks(cwd, env, &prepared));
    let dirs = config::gatehook_dirs();
    let audit_on = prepared.as_ref().map_or(true, |p| p.config.audit.enabled);
    checks.push(audit_check(&dirs.data, audit_on));
    checks.push(state_check(&dirs.data.join("state")));
    match &prepared {
        Ok(p) => {
            checks.extend(live::reviewer_checks(p, offline));
            checks.push(live::speed_check(cwd, env));
        }
        Err(_) => {
            let why = "skipped: the config does not load (see the config line)";
            checks.push(Check::new("reviewer", Level::Skip, why));
            checks.push(Check::new("speed", Level::Skip, why));
        }
    }
    checks
}

pub fn render_text(checks: &[Check]) -> String {
    let mut s = String::new();
    for c in checks {
        let _ = write!(s, "{:<5} {:<22} {}", c.level.as_str(), c.name, c.message);
        if let Some(f) = &c.fix {
            let _ = write!(s, " — fix: {f}");
        }
        s.push('\n');
    }
    let n = |l: Level| checks.iter().filter(|c| c.level == l).count();
    let _ = writeln!(
        s,
        "{} ok, {} warn, {} fail, {} skipped",
        n(Level::Ok),
        n(Level::Warn),
        n(Level::Fail),
        n(Level::Skip)
    );
    s
}

pub fn render_json(checks: &[Check]) -> String {
    serde_json::json!({
        "ok": exit_code(checks) == 0,
        "checks": checks,
    })
    .to_string()
}

/// Our effective uid without `unsafe`: `/proc/self` is owned by it (Linux).
fn current_uid() -> Option<u32> {
    fs::metadata("/proc/self").ok().map(|m| m.uid())
}

fn is_executable(p: &Path) -> bool {
    fs::metadata(p).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

/// The first executable `name` on PATH.
pub(crate) fn which(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .filter(|d| d.is_absolute())
        .map(|d| d.join(name))
        .find(|p| is_executable(p))
}

/// Whether two paths are the same file (same device and inode).
pub(crate) fn same_file(a: &Path, b: &Path) -> bool {
    match (fs::metadata(a), fs::metadata(b)) {
        (Ok(x), Ok(y)) => x.dev() == y.dev() && x.ino() == y.ino(),
        _ => false,
    }
}

fn path_check() -> Check {
    let exe = std::env::current_exe().unwrap_or_default();
    match which("gatehook") {
        None => Check::new(
            "path",
            Level::Warn,
            format!(
                "gatehook is not on PATH (a hook registered by absolute path still runs; the portable command of project and Codex files blocks every call here; this binary is {})",
                exe.display()
            ),
        )
        .fix(format!(
            "ln -s {} ~/.local/bin/gatehook (or add its directory to PATH)",
            exe.display()
        )),
        Some(found) if same_file(&found, &exe) => Check::new(
            "path",
            Level::Ok,
            format!("gatehook on PATH is this binary ({})", found.display()),
        ),
        Some(found) => Check::new(
            "path",
            Level::Warn,
            format!(
                "gatehook on PATH is {}, but this binary is {}: they may be different versions",
                found.display(),
                exe.display()
            ),
        )
        .fix("put one gatehook on PATH and run `gatehook install` with it"),
    }
}

fn config_checks(
    cwd: &Path,
    env: &Env,
    prepared: &Result<crate::context::Prepared, crate::decision::cause::Cause>,
) -> Vec<Check> {
    let p = match prepared {
        Ok(p) => p,
        Err(cause) => {
            return vec![Check::new("config", Level::Fail, cause.describe())
                .fix("fix the file at the line named (`gatehook check` lists every error); until then every call is denied")]
        }
    };
    let files: Vec<String> = p
        .config
        .files
        .iter()
        .filter(|f| f.exists)
        .map(|f| format!("{} {}", f.layer, f.path.display()))
        .collect();
    let mut out = vec![Check::new(
        "config",
        Level::Ok,
        format!(
            "loads: mode {}, reviewer {}; files: {}",
            p.config.mode.as_str(),
            p.config.reviewer.provider.as_str(),
            if files.is_empty() {
                "none (built-in defaults)".to_string()
            } else {
                files.join(", ")
            }
        ),
    )];
    let report = crate::cli::check::run(&[], cwd, env);
    let problems: Vec<&String> = report.broken.iter().chain(&report.failures).collect();
    out.push(if problems.is_empty() {
        Check::new(
            "config lints",
            Level::Ok,
            format!(
                "gatehook check: no lint problems, {} policy test(s) passed",
                report.passed
            ),
        )
    } else {
        let first: Vec<String> = problems.iter().take(3).map(|s| s.to_string()).collect();
        Check::new(
            "config lints",
            Level::Warn,
            format!(
                "gatehook check found {} problem(s): {}{}",
                problems.len(),
                first.join("; "),
                if problems.len() > 3 { "; …" } else { "" }
            ),
        )
        .fix("run `gatehook check` and fix what it names")
    });
    out
}

/// The audit module's own checks, then a create-and-remove probe for writability.
fn audit_check(dir: &Path, enabled: bool) -> Check {
    let name = "audit log";
    if !enabled {
        return Check::new(
            name,
            Level::Warn,
            "disabled ([audit] enabled = false): decisions are not recorded",
        )
        .fix("remove `enabled = false` from [audit]");
    }
    match fs::symlink_metadata(dir) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Check::new(
                name,
                Level::Ok,
                format!(
                    "{} does not exist yet; it is created (0700) on the first decision",
                    dir.display()
                ),
            )
        }
        _ => {}
    }
    if let Err(e) = crate::audit::inspect(dir) {
        return Check::new(
            name,
            Level::Fail,
            format!("{e}; the hook cannot write its log"),
        )
        .fix(format!(
            "make {} a private directory of yours (chmod 700; no symlinks or hard links in it)",
            dir.display()
        ));
    }
    let probe = dir.join(format!(".doctor-probe-{}", std::process::id()));
    let made = fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .custom_flags(libc::O_NOFOLLOW)
        .open(&probe);
    match made {
        Ok(_) => {
            let _ = fs::remove_file(&probe);
            Check::new(
                name,
                Level::Ok,
                format!(
                    "{} is private and writable",
                    dir.join(crate::audit::LOG_NAME).display()
                ),
            )
        }
        Err(e) => Check::new(
            name,
            Level::Fail,
            format!("cannot write in {}: {e}", dir.display()),
        )
        .fix(format!("chmod u+w {}", dir.display())),
    }
}

fn state_check(dir: &Path) -> Check {
    let name = "state dir";
    let fix = format!(
        "chmod 700 {0} (and make sure you own it: chown -R \"$USER\" {0})",
        dir.display()
    );
    let meta = match fs::symlink_metadata(dir) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Check::new(
                name,
                Level::Ok,
                format!("{} does not exist yet; it is created 0700", dir.display()),
            )
        }
        Err(e) => {
            return Check::new(
                name,
                Level::Fail,
                format!("cannot inspect {}: {e}", dir.display()),
            )
        }
        Ok(m) => m,
    };
    if meta.file_type().is_symlink() || !meta.is_dir() {
        return Check::new(
            name,
            Level::Fail,
            format!("{} is not a plain directory", dir.display()),
        )
        .fix(format!(
            "remove it; gatehook recreates it: rm {}",
            dir.display()
        ));
    }
    if let Some(uid) = current_uid() {
        if meta.uid() != uid {
            return Check::new(
                name,
                Level::Fail,
                format!(
                    "{} is owned by uid {}, not {uid}",
                    dir.display(),
                    meta.uid()
                ),
            )
            .fix(fix);
        }
    }
    let mode = meta.permissions().mode() & 0o777;
    if mode & 0o022 != 0 {
        return Check::new(
            name,
            Level::Fail,
            format!("{} is writable by group or others (mode {mode:o}): they could plant holds, verdicts or prompts", dir.display()),
        )
        .fix(fix);
    }
    if mode & 0o077 != 0 {
        return Check::new(
            name,
            Level::Warn,
            format!(
                "{} is readable by others (mode {mode:o}); it holds your prompts",
                dir.display()
            ),
        )
        .fix(fix);
    }
    Check::new(
        name,
        Level::Ok,
        format!("{} is private (mode {mode:o})", dir.display()),
    )
}
