//! Running the real Gemini CLI, offline, in a throwaway project.
//!
//! Where the CLI comes from: `GATEHOOK_GEMINI_BIN` (its JavaScript entry point, run with
//! `node`), else the pinned npm install under `e2e/node_modules` (see `e2e/package.json`;
//! `scripts/test.sh` installs it). Missing: a loud skip on a laptop, a failure under `CI`.
//!
//! What a headless run needs (measured on 0.61.0):
//! - `GOOGLE_GEMINI_BASE_URL` alone selects the `gateway` auth type, which `-p` rejects
//!   ("Invalid auth method selected."); `security.auth.selectedType: "gemini-api-key"` in
//!   the user settings plus `GEMINI_API_KEY` keeps the base URL and passes.
//! - Project hooks run only in a trusted folder. `GEMINI_CLI_TRUST_WORKSPACE=true` trusts
//!   it; `--skip-trust` lets the run start but the project's hooks are silently not run.
//! - Under `-p` in the default approval mode, tools that need a confirmation
//!   (`write_file`, `run_shell_command`, …) are not offered at all ("Tool not found"), so
//!   the run uses `--approval-mode yolo`: every call runs unless a hook refuses it.
//! - The default model `auto` first asks a router model (`:generateContent`); `-m` skips it.
//! - With usage statistics, telemetry and auto-update off in the user settings the only
//!   connection is to the model server (checked with `strace -e connect`: before, two DNS
//!   queries went out).

pub use super::runner::Run;
use super::runner::{find_cli, run_to_end};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;
use tempfile::TempDir;

/// Longest a single `gemini -p` run may take before it is killed and the test fails.
pub const RUN_TIMEOUT: Duration = Duration::from_secs(90);

/// The model the runs ask for (any name works; pinning one skips the router).
pub const MODEL: &str = "gemini-2.5-flash";

/// The Gemini CLI entry script, or `None` (after a loud notice) when it is not installed
/// and this is not CI. Under CI a missing CLI fails the test.
pub fn gemini_bin() -> Option<PathBuf> {
    find_cli(
        "Gemini CLI",
        "GATEHOOK_GEMINI_BIN",
        find_installed,
        "no GATEHOOK_GEMINI_BIN, no e2e/node_modules/@google/gemini-cli",
    )
}

/// The `bin.gemini` script of the installed package.
fn find_installed() -> Option<PathBuf> {
    let pkg = Path::new(env!("CARGO_MANIFEST_DIR")).join("e2e/node_modules/@google/gemini-cli");
    let manifest: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(pkg.join("package.json")).ok()?).ok()?;
    let script = pkg.join(manifest["bin"]["gemini"].as_str()?);
    script.is_file().then_some(script)
}

/// A throwaway git project plus a throwaway `HOME` and `GATEHOOK_HOME`.
pub struct Project {
    pub tmp: TempDir,
    pub dir: PathBuf,
    pub home: PathBuf,
    pub gatehook_home: PathBuf,
}

impl Project {
    /// Creates `<tmp>/project` (a git repo with `src/`) whose `.gemini/settings.json`
    /// registers `hook_command` for BeforeTool (every tool) and BeforeAgent, and a `HOME`
    /// whose `.gemini/settings.json` selects API-key auth and turns off everything that
    /// would leave the machine.
    pub fn new(hook_command: &str) -> Project {
        let tmp = tempfile::Builder::new()
            .prefix("gatehook-e2e-gemini-")
            .tempdir()
            .expect("create temp dir");
        // Canonical, so paths compare equal to what the CLI reports (macOS /private).
        let root = tmp.path().canonicalize().expect("canonicalize temp dir");
        let dir = root.join("project");
        let home = root.join("home");
        let gatehook_home = root.join("gh");
        for d in [dir.join("src"), dir.join(".gemini"), home.join(".gemini")] {
            std::fs::create_dir_all(&d).expect("mkdir");
        }
        let git = Command::new("git")
            .args(["init", "-q"])
            .current_dir(&dir)
            .output()
            .expect("run git init (is git installed?)");
        assert!(git.status.success(), "git init failed: {git:?}");

        let handler = |timeout: u32| {
            serde_json::json!({"type": "command", "name": "gatehook", "command": hook_command,
                               "timeout": timeout})
        };
        let project_settings = serde_json::json!({"hooks": {
            "BeforeTool": [{"matcher": ".*", "hooks": [handler(30000)]}],
            "BeforeAgent": [{"hooks": [handler(10000)]}],
        }});
        let user_settings = serde_json::json!({
            "security": {"auth": {"selectedType": "gemini-api-key"}},
            "privacy": {"usageStatisticsEnabled": false},
            "telemetry": {"enabled": false},
            "general": {"enableAutoUpdate": false, "enableAutoUpdateNotification": false},
        });
        for (path, v) in [
            (dir.join(".gemini/settings.json"), project_settings),
            (home.join(".gemini/settings.json"), user_settings),
        ] {
            std::fs::write(&path, serde_json::to_string_pretty(&v).expect("serialize"))
                .unwrap_or_else(|e| panic!("write {}: {e}", path.display()));
        }
        Project {
            tmp,
            dir,
            home,
            gatehook_home,
        }
    }
}

/// Runs `node <bin> -p <prompt> -m MODEL --approval-mode yolo --output-format json`
/// (plus `extra_args`) in the project against `base_url`, with a scrubbed environment, in
/// a process group of its own that is killed after [`RUN_TIMEOUT`].
pub fn run_gemini(
    bin: &Path,
    project: &Project,
    base_url: &str,
    prompt: &str,
    extra_args: &[&str],
) -> Run {
    let out_path = project.tmp.path().join("gemini.stdout");
    let err_path = project.tmp.path().join("gemini.stderr");
    let stdout = std::fs::File::create(&out_path).expect("create stdout file");
    let stderr = std::fs::File::create(&err_path).expect("create stderr file");

    let mut cmd = Command::new("node");
    cmd.arg(bin)
        .args(["-p", prompt, "-m", MODEL, "--approval-mode", "yolo"])
        .args(["--output-format", "json"])
        .args(extra_args)
        .current_dir(&project.dir)
        // Nothing from the developer's own Gemini CLI or gatehook setup may leak in.
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", &project.home)
        .env("GOOGLE_GEMINI_BASE_URL", base_url)
        .env("GEMINI_API_KEY", "dummy")
        .env("GEMINI_CLI_TRUST_WORKSPACE", "true")
        .env("GATEHOOK_HOME", &project.gatehook_home)
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(stderr);
    if let Some(tmpdir) = std::env::var_os("TMPDIR") {
        cmd.env("TMPDIR", tmpdir);
    }
    // The CLI relaunches itself as a child node process and runs hooks as grandchildren:
    // a group of their own lets a timeout kill all of them, and only them.
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut cmd, 0);

    run_to_end("gemini", cmd, &out_path, &err_path, RUN_TIMEOUT, |child| {
        #[cfg(unix)]
        let _ = Command::new("kill")
            .args(["-KILL", "--", &format!("-{}", child.id())])
            .stderr(Stdio::null())
            .status();
        let _ = child.kill();
    })
}
