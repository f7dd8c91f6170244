//! Running the real Codex CLI, offline, in a throwaway project with a throwaway `HOME` and
//! `CODEX_HOME`.
//!
//! Where the CLI comes from: `GATEHOOK_CODEX_BIN` (the native binary), else the pinned npm
//! install under `e2e/node_modules` (`@openai/codex` pulls the platform package, whose
//! `vendor/<target>/bin/codex` is the binary; see `e2e/package.json`, `scripts/test.sh`
//! installs it). Missing: a loud skip on a laptop, a failure under `CI`.
//!
//! What a headless run needs (measured on 0.171.0):
//! - A model provider of its own in `$CODEX_HOME/config.toml` (`base_url` on loopback,
//!   `wire_api = "responses"`, `env_key`, `supports_websockets = false`): the built-in
//!   provider tries the Responses WebSocket first and retries it five times (~7 s) before
//!   falling back to HTTP. A model Codex knows (`gpt-5.5`) is offered the `apply_patch`
//!   tool; with an unknown name Codex falls back to metadata without it.
//! - `codex exec --dangerously-bypass-approvals-and-sandbox`: no sandbox and no approvals,
//!   so gatehook is the only gate (the default `read-only` sandbox would refuse writes by
//!   itself and prove nothing).
//! - Codex runs hooks with the user's login shell from the passwd entry and `-c` (not
//!   `$SHELL`, not a login shell), inheriting Codex's environment: the hooks' PATH is the
//!   run's PATH.

pub use super::runner::Run;
use super::runner::{find_cli, run_to_end};
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;
use tempfile::TempDir;

/// Longest a single `codex exec` run may take before it is killed and the test fails.
pub const RUN_TIMEOUT: Duration = Duration::from_secs(120);

/// The model the runs ask for: one Codex knows, so it offers `apply_patch`.
pub const MODEL: &str = "gpt-5.5";

/// The Codex binary, or `None` (after a loud notice) when it is not installed and this is
/// not CI. Under CI a missing binary fails the test.
pub fn codex_bin() -> Option<PathBuf> {
    find_cli(
        "Codex CLI",
        "GATEHOOK_CODEX_BIN",
        find_installed,
        "no GATEHOOK_CODEX_BIN, no e2e/node_modules/@openai/codex-*/vendor/*/bin/codex",
    )
}

/// The native binary of the platform package npm installed.
fn find_installed() -> Option<PathBuf> {
    let scope = Path::new(env!("CARGO_MANIFEST_DIR")).join("e2e/node_modules/@openai");
    let mut found: Vec<PathBuf> = std::fs::read_dir(&scope)
        .ok()?
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().starts_with("codex-"))
        .filter_map(|e| std::fs::read_dir(e.path().join("vendor")).ok())
        .flatten()
        .filter_map(Result::ok)
        .map(|t| t.path().join("bin/codex"))
        .filter(|p| p.is_file())
        .collect();
    found.sort();
    found.into_iter().next()
}

/// A throwaway git project, `HOME`, `CODEX_HOME` (outside `HOME`), `GATEHOOK_HOME`, and a
/// `bin/` holding `gatehook` (this build) and `codex` for PATH.
pub struct Project {
    pub tmp: TempDir,
    pub dir: PathBuf,
    pub home: PathBuf,
    pub codex_home: PathBuf,
    pub gatehook_home: PathBuf,
    pub bin: PathBuf,
}

impl Project {
    /// Creates the directories and a `config.toml` whose model provider is `base_url`.
    pub fn new(codex: &Path, base_url: &str) -> Project {
        let tmp = tempfile::Builder::new()
            .prefix("gatehook-e2e-codex-")
            .tempdir()
            .expect("create temp dir");
        let root = tmp.path().canonicalize().expect("canonicalize temp dir");
        let dir = root.join("project");
        let home = root.join("home");
        let codex_home = root.join("codex-home");
        let gatehook_home = root.join("gh");
        let bin = root.join("bin");
        for d in [
            dir.join("src"),
            home.clone(),
            codex_home.clone(),
            bin.clone(),
        ] {
            std::fs::create_dir_all(&d).expect("mkdir");
        }
        let git = Command::new("git")
            .args(["init", "-q"])
            .current_dir(&dir)
            .output()
            .expect("run git init (is git installed?)");
        assert!(git.status.success(), "git init failed: {git:?}");
        std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_gatehook"), bin.join("gatehook"))
            .expect("link gatehook");
        std::os::unix::fs::symlink(codex, bin.join("codex")).expect("link codex");
        let config = format!(
            "model = \"{MODEL}\"\nmodel_provider = \"e2e\"\ncheck_for_update_on_startup = false\n\n\
             [model_providers.e2e]\nname = \"e2e\"\nbase_url = \"{base_url}\"\n\
             env_key = \"E2E_CODEX_KEY\"\nwire_api = \"responses\"\n\
             supports_websockets = false\nrequest_max_retries = 0\nstream_max_retries = 0\n"
        );
        std::fs::write(codex_home.join("config.toml"), config).expect("write config.toml");
        Project {
            tmp,
            dir,
            home,
            codex_home,
            gatehook_home,
            bin,
        }
    }

    /// `bin/` plus the test's own PATH.
    pub fn path_with_gatehook(&self) -> OsString {
        let mut dirs = vec![self.bin.clone()];
        dirs.extend(std::env::split_paths(
            &std::env::var_os("PATH").unwrap_or_default(),
        ));
        std::env::join_paths(dirs).expect("join PATH")
    }

    /// The test's PATH without any directory holding a `gatehook`.
    pub fn path_without_gatehook(&self) -> OsString {
        let dirs: Vec<PathBuf> =
            std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())
                .filter(|d| !d.join("gatehook").exists())
                .collect();
        std::env::join_paths(dirs).expect("join PATH")
    }

    /// A command with this project's scrubbed environment and `path` as PATH.
    pub fn command(&self, program: &Path, path: &OsString) -> Command {
        let mut cmd = Command::new(program);
        cmd.current_dir(&self.dir)
            // Nothing from the developer's own Codex or gatehook setup may leak in.
            .env_clear()
            .env("PATH", path)
            .env("HOME", &self.home)
            .env("CODEX_HOME", &self.codex_home)
            .env("E2E_CODEX_KEY", "dummy")
            .env("GATEHOOK_HOME", &self.gatehook_home)
            .stdin(Stdio::null());
        if let Some(tmpdir) = std::env::var_os("TMPDIR") {
            cmd.env("TMPDIR", tmpdir);
        }
        cmd
    }
}

/// Runs `codex exec --dangerously-bypass-approvals-and-sandbox <prompt>` in the project,
/// in a process group of its own that is killed after [`RUN_TIMEOUT`].
pub fn run_codex(bin: &Path, project: &Project, prompt: &str, path: &OsString) -> Run {
    let out_path = project.tmp.path().join("codex.stdout");
    let err_path = project.tmp.path().join("codex.stderr");
    let stdout = std::fs::File::create(&out_path).expect("create stdout file");
    let stderr = std::fs::File::create(&err_path).expect("create stderr file");
    let mut cmd = project.command(bin, path);
    cmd.args(["exec", "--dangerously-bypass-approvals-and-sandbox", prompt])
        .stdout(stdout)
        .stderr(stderr);
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
    run_to_end("codex", cmd, &out_path, &err_path, RUN_TIMEOUT, |child| {
        #[cfg(unix)]
        let _ = Command::new("kill")
            .args(["-KILL", "--", &format!("-{}", child.id())])
            .stderr(Stdio::null())
            .status();
        let _ = child.kill();
    })
}
