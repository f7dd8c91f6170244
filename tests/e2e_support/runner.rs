//! What the CLI runners share (`claude`, `gemini`): finding the pinned CLI or skipping
//! loudly (failing under `CI`), and running one headless session to its end or a timeout.

use serde_json::Value;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Child, Command};
use std::time::{Duration, Instant};

fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "0" && v != "false")
}

/// The CLI named by `env_var`, else `installed()`, else `None` after a loud skip notice —
/// or a panic under `CI`, where a missing CLI must fail the run.
pub fn find_cli(
    what: &str,
    env_var: &str,
    installed: impl FnOnce() -> Option<PathBuf>,
    missing: &str,
) -> Option<PathBuf> {
    if let Some(explicit) = std::env::var_os(env_var).filter(|v| !v.is_empty()) {
        let path = PathBuf::from(explicit);
        assert!(
            path.is_file(),
            "{env_var}={} does not exist; run scripts/test.sh to install the pinned {what}",
            path.display()
        );
        return Some(path);
    }
    if let Some(found) = installed() {
        return Some(found);
    }
    let msg = format!(
        "{what} is not installed ({missing}). Run scripts/test.sh, which installs the pinned \
         version and runs the whole test suite."
    );
    if in_ci() {
        panic!("{msg}");
    }
    // Straight to stderr, past libtest's output capture, so the skip is seen on a pass.
    let bar = "=".repeat(78);
    let _ = writeln!(
        std::io::stderr(),
        "\n{bar}\nSKIPPED: end-to-end test against {what}.\n{msg}\n{bar}\n"
    );
    None
}

/// What one headless run left behind.
pub struct Run {
    /// Which CLI ran, for the report.
    pub name: &'static str,
    pub success: bool,
    pub exit: String,
    pub stdout: String,
    pub stderr: String,
    pub elapsed: Duration,
    /// stdout parsed as the CLI's `--output-format json` result object.
    pub result: Option<Value>,
}

impl Run {
    /// stdout/stderr and exit status, for assertion messages.
    pub fn report(&self) -> String {
        let n = self.name;
        format!(
            "{n} exit: {} after {:?}\n--- {n} stdout ---\n{}\n--- {n} stderr ---\n{}\n",
            self.exit, self.elapsed, self.stdout, self.stderr
        )
    }
}

/// Spawns `cmd` (its stdout and stderr already redirected to `out` and `err`), waits for
/// it, and on `timeout` calls `kill` with the child and waits again.
pub fn run_to_end(
    name: &'static str,
    mut cmd: Command,
    out: &Path,
    err: &Path,
    timeout: Duration,
    kill: impl FnOnce(&mut Child),
) -> Run {
    let started = Instant::now();
    let mut child = cmd
        .spawn()
        .unwrap_or_else(|e| panic!("spawn {name} ({cmd:?}): {e}"));
    let mut kill = Some(kill);
    let status = loop {
        match child.try_wait().expect("wait for the CLI") {
            Some(status) => break Some(status),
            None if started.elapsed() > timeout => {
                if let Some(k) = kill.take() {
                    k(&mut child);
                }
                let _ = child.wait();
                break None;
            }
            None => std::thread::sleep(Duration::from_millis(50)),
        }
    };
    let elapsed = started.elapsed();
    let stdout = std::fs::read_to_string(out).unwrap_or_default();
    let stderr = std::fs::read_to_string(err).unwrap_or_default();
    let result = serde_json::from_str(stdout.trim()).ok();
    let (success, exit) = match status {
        Some(s) => (s.success(), s.to_string()),
        None => (false, format!("KILLED after the {timeout:?} timeout")),
    };
    Run {
        name,
        success,
        exit,
        stdout,
        stderr,
        elapsed,
        result,
    }
}
