//! Running the real Claude Code binary, offline, in a throwaway project.
//!
//! Where the binary comes from: `GATEHOOK_CLAUDE_BIN`, else the pinned npm install under
//! `e2e/node_modules` (see `e2e/package.json`; `scripts/test.sh` installs it). Missing
//! binary: a loud skip on a laptop, a failure under `CI`.

pub use super::runner::Run;
use super::runner::{find_cli, run_to_end};
use serde_json::json;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;
use tempfile::TempDir;

/// Longest a single `claude -p` run may take before it is killed and the test fails.
pub const RUN_TIMEOUT: Duration = Duration::from_secs(60);

/// The Claude Code binary, or `None` (after a loud notice) when it is not installed and
/// this is not CI. Under CI a missing binary fails the test.
pub fn claude_bin() -> Option<PathBuf> {
    find_cli(
        "Claude Code",
        "GATEHOOK_CLAUDE_BIN",
        find_installed,
        "no GATEHOOK_CLAUDE_BIN, nothing under e2e/node_modules/@anthropic-ai/claude-code-*/",
    )
}

/// The native binary npm put in the platform package (`claude-code-linux-x64`, `-musl`,
/// `darwin-arm64`, …). The platform package npm picked is the one present.
fn find_installed() -> Option<PathBuf> {
    let scope = Path::new(env!("CARGO_MANIFEST_DIR")).join("e2e/node_modules/@anthropic-ai");
    let mut candidates: Vec<PathBuf> = std::fs::read_dir(&scope)
        .ok()?
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().starts_with("claude-code-"))
        .flat_map(|e| [e.path().join("claude"), e.path().join("claude.exe")])
        .filter(|p| p.is_file())
        .collect();
    candidates.sort();
    candidates.into_iter().next()
}

/// A throwaway git project plus a throwaway `HOME` and `GATEHOOK_HOME`.
pub struct Project {
    pub tmp: TempDir,
    pub dir: PathBuf,
    pub home: PathBuf,
    pub gatehook_home: PathBuf,
}

impl Project {
    /// Creates `<tmp>/project` (a git repo with `src/`) whose `.claude/settings.json`
    /// registers `hook_command` for PreToolUse, PermissionRequest and UserPromptSubmit.
    pub fn new(hook_command: &str) -> Project {
        let tmp = tempfile::Builder::new()
            .prefix("gatehook-e2e-")
            .tempdir()
            .expect("create temp dir");
        // Canonical, so paths compare equal to what Claude Code reports (macOS /private).
        let root = tmp.path().canonicalize().expect("canonicalize temp dir");
        let dir = root.join("project");
        let home = root.join("home");
        let gatehook_home = root.join("gh");
        std::fs::create_dir_all(dir.join("src")).expect("mkdir project/src");
        std::fs::create_dir_all(dir.join(".claude")).expect("mkdir project/.claude");
        std::fs::create_dir_all(&home).expect("mkdir home");
        let git = Command::new("git")
            .args(["init", "-q"])
            .current_dir(&dir)
            .output()
            .expect("run git init (is git installed?)");
        assert!(git.status.success(), "git init failed: {git:?}");

        let handler = json!([{"hooks": [{"type": "command", "command": hook_command}]}]);
        let settings = json!({"hooks": {
            "PreToolUse": [{"matcher": "*", "hooks": [{"type": "command", "command": hook_command}]}],
            "PermissionRequest": handler,
            "UserPromptSubmit": handler,
        }});
        std::fs::write(
            dir.join(".claude/settings.json"),
            serde_json::to_string_pretty(&settings).expect("serialize settings"),
        )
        .expect("write .claude/settings.json");
        Project {
            tmp,
            dir,
            home,
            gatehook_home,
        }
    }
}

/// Kills what a killed run left behind. Claude Code starts each hook in a session of its
/// own, so killing claude (or its process group) leaves a hung hook running; every process
/// of this run, and only those, carries this run's unique `GATEHOOK_HOME`.
fn kill_leftovers(gatehook_home: &Path) {
    #[cfg(target_os = "linux")]
    {
        let mut marker = b"GATEHOOK_HOME=".to_vec();
        marker.extend_from_slice(gatehook_home.as_os_str().as_encoded_bytes());
        let Ok(procs) = std::fs::read_dir("/proc") else {
            return;
        };
        for entry in procs.filter_map(Result::ok) {
            let name = entry.file_name();
            let Some(pid) = name
                .to_str()
                .filter(|n| n.bytes().all(|b| b.is_ascii_digit()))
            else {
                continue;
            };
            let Ok(environ) = std::fs::read(entry.path().join("environ")) else {
                continue;
            };
            if environ
                .split(|&b| b == 0)
                .any(|var| var == marker.as_slice())
            {
                let _ = Command::new("kill")
                    .args(["-KILL", pid])
                    .stderr(Stdio::null())
                    .status();
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = gatehook_home;
}

/// Runs `claude -p <prompt> --output-format json --permission-mode default` in the
/// project against `base_url`, with a scrubbed environment, killing it after
/// [`RUN_TIMEOUT`].
pub fn run_claude(bin: &Path, project: &Project, base_url: &str, prompt: &str) -> Run {
    run_claude_with(bin, project, base_url, prompt, "default", &[], None)
}

/// [`run_claude`] in another `--permission-mode`, with extra CLI arguments (`--resume ID`,
/// `--plugin-dir DIR`) and, when given, another `PATH` for Claude Code and its hooks.
pub fn run_claude_with(
    bin: &Path,
    project: &Project,
    base_url: &str,
    prompt: &str,
    permission_mode: &str,
    extra: &[&str],
    path: Option<&std::ffi::OsStr>,
) -> Run {
    let out_path = project.tmp.path().join("claude.stdout");
    let err_path = project.tmp.path().join("claude.stderr");
    let stdout = std::fs::File::create(&out_path).expect("create stdout file");
    let stderr = std::fs::File::create(&err_path).expect("create stderr file");

    let mut cmd = Command::new(bin);
    cmd.args([
        "-p",
        prompt,
        "--output-format",
        "json",
        "--permission-mode",
        permission_mode,
    ])
    .args(extra)
    .current_dir(&project.dir)
    // Nothing from the developer's own Claude Code or gatehook setup may leak in.
    .env_clear()
    .env(
        "PATH",
        path.map(std::ffi::OsStr::to_os_string)
            .unwrap_or_else(|| std::env::var_os("PATH").unwrap_or_default()),
    )
    .env("HOME", &project.home)
    .env("ANTHROPIC_BASE_URL", base_url)
    .env("ANTHROPIC_API_KEY", "dummy")
    .env("CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC", "1")
    .env("DISABLE_TELEMETRY", "1")
    .env("DISABLE_AUTOUPDATER", "1")
    .env("GATEHOOK_HOME", &project.gatehook_home)
    .stdin(Stdio::null())
    .stdout(stdout)
    .stderr(stderr);
    if let Some(tmpdir) = std::env::var_os("TMPDIR") {
        cmd.env("TMPDIR", tmpdir);
    }

    let gatehook_home = project.gatehook_home.clone();
    run_to_end(
        "claude",
        cmd,
        &out_path,
        &err_path,
        RUN_TIMEOUT,
        move |child| {
            let _ = child.kill();
            kill_leftovers(&gatehook_home);
        },
    )
}
