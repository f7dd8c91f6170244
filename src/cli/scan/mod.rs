//! `gatehook scan [PATH...]`: the command floor over the files of a repository that run
//! code (shell scripts, git hooks, Makefiles, `package.json` scripts, Dockerfiles, CI
//! workflows, devcontainer and VS Code task files). Each command found (`extract`,
//! `script`, `yaml`) becomes a Bash call judged by `engine::evaluate` in a neutral
//! context: built-in defaults (no one's rules), guard mode, default permission mode, no
//! session state, the scanned project as the workspace. Every command the floor would
//! deny or ask about is reported with its file and line (`report`: text, JSON, JUnit,
//! SARIF 2.1.0). There is no second classifier: what `scan` reports is what the hook
//! would answer to an agent running that command.
//!
//! Exit codes (like `check`): 0 no finding, 1 findings, 2 a file could not be read.

mod extract;
pub mod report;
mod script;
mod yaml;

use crate::context::config::{self, Config};
use crate::context::floor::FloorCtx;
use crate::context::paths::{self, Workspace};
use crate::decision::Decision;
use crate::input::PermissionMode;
use crate::policy::engine::{self, Call, Context, Outcome};
use serde::Serialize;
use serde_json::{json, Map, Value};
use std::path::{Path, PathBuf};

pub use extract::Kind;

/// Files larger than this are not read (reported as unreadable).
pub const MAX_FILE_BYTES: u64 = 4 * 1024 * 1024;
/// The most text of a script's earlier assignments and `cd`s a command is judged after.
const MAX_PRELUDE: usize = 8 * 1024;
/// The session id of the neutral context (no state exists for it).
const SESSION: &str = "gatehook-scan";

/// One command found in a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Command {
    pub line: usize,
    pub text: String,
    /// Where in the file it was found ("Makefile recipe", "GitHub Actions run step", …).
    pub kind: &'static str,
    /// It sets state (a variable, the directory) for the commands after it in the same
    /// script, which are judged after it (see `scan_file`).
    pub carries: bool,
}

/// A command the floor would deny or ask about.
#[derive(Clone, Debug, Serialize)]
pub struct Finding {
    /// The file, relative to the scanned root where it lies under it.
    pub file: String,
    pub line: usize,
    pub kind: &'static str,
    pub command: String,
    pub decision: Decision,
    pub cause: &'static str,
    /// The cause described on one line (what the hook's reason says).
    pub reason: String,
    /// The script's earlier assignments and `cd`s the command was judged after (empty
    /// for a command judged alone).
    #[serde(skip_serializing_if = "String::is_empty")]
    pub after: String,
}

/// A file that could not be read or parsed.
#[derive(Clone, Debug, Serialize)]
pub struct Unreadable {
    pub file: String,
    pub error: String,
}

/// What a scan found.
#[derive(Debug, Default, Serialize)]
pub struct Report {
    /// The files that run code, scanned (relative paths), with their kind.
    pub files: Vec<(String, &'static str)>,
    pub commands: usize,
    pub findings: Vec<Finding>,
    pub unreadable: Vec<Unreadable>,
    /// The directory paths are shown relative to (SARIF's `%SRCROOT%`).
    pub root: PathBuf,
}

impl Report {
    pub fn exit_code(&self) -> i32 {
        if !self.unreadable.is_empty() {
            2
        } else if !self.findings.is_empty() {
            1
        } else {
            0
        }
    }
}

/// Which decisions are reported.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// Denials only.
    Deny,
    /// Denials and asks.
    Ask,
}

/// Directories never entered when walking (named files in them are still scanned).
fn skipped_dir(dir: &Path) -> bool {
    let name = dir.file_name().and_then(|n| n.to_str()).unwrap_or("");
    // Dependencies installed by a package manager, and cache directories marked as such
    // (`CACHEDIR.TAG`, e.g. cargo's `target/`): not the project's own files.
    matches!(name, "node_modules" | ".venv" | "__pycache__") || dir.join("CACHEDIR.TAG").exists()
}

/// Collect the files under `p` (not following symlinks), `.git` only for its hooks.
fn walk(p: &Path, out: &mut Vec<PathBuf>, depth: usize) {
    let Ok(md) = std::fs::symlink_metadata(p) else {
        return;
    };
    if md.is_file() {
        out.push(p.to_path_buf());
        return;
    }
    if !md.is_dir() || depth > 64 || skipped_dir(p) {
        return;
    }
    let Ok(rd) = std::fs::read_dir(p) else {
        return;
    };
    let mut entries: Vec<PathBuf> = rd.filter_map(Result::ok).map(|e| e.path()).collect();
    entries.sort();
    for e in entries {
        if e.file_name().is_some_and(|n| n == ".git") {
            walk(&e.join("hooks"), out, depth + 1);
            continue;
        }
        walk(&e, out, depth + 1);
    }
}

/// The neutral context every command is judged in.
struct Neutral {
    config: Config,
    home: PathBuf,
    floor_self: Vec<PathBuf>,
}

impl Neutral {
    fn new(home: PathBuf) -> Neutral {
        let dirs = config::gatehook_dirs();
        let cpaths = config::ConfigPaths::discover(None);
        let mut floor_self = vec![dirs.config, dirs.data, cpaths.managed, cpaths.trust_store];
        if let Ok(exe) = std::env::current_exe() {
            floor_self.push(exe);
        }
        Neutral {
            config: Config::default(),
            home,
            floor_self,
        }
    }

    /// The hook's evaluation of `command` as a Bash call in `cwd`, in project `root`.
    fn judge(
        &self,
        command: &str,
        cwd: &Path,
        root: &Path,
    ) -> (Option<Decision>, crate::decision::cause::Cause) {
        let mut input = Map::new();
        input.insert("command".into(), Value::String(command.to_string()));
        let call = Call {
            tool: "Bash",
            input: &input,
            cwd,
            permission_mode: PermissionMode::Default,
            session_id: SESSION,
        };
        let holds = Vec::new;
        let workspace = Workspace::new(root, &[]);
        let floor = FloorCtx {
            home: self.home.clone(),
            self_paths: self.floor_self.clone(),
            project_root: root.to_path_buf(),
            harness: crate::context::floor::env_harness(|k| std::env::var_os(k), root),
            credentials: crate::context::floor::env_credentials(
                |k| std::env::var_os(k),
                root,
                &self.home,
            ),
        };
        let ctx = Context {
            config: &self.config,
            home: &self.home,
            workspace: &workspace,
            floor: &floor,
            baseline: &crate::context::baseline::NoBaseline,
            holds: &holds,
        };
        let ev = engine::evaluate(&call, &ctx);
        let decision = match ev.outcome {
            Outcome::Decided(d) => Some(d),
            // Guard mode never reviews; silence is no finding.
            Outcome::Silent | Outcome::Review => None,
        };
        (decision, ev.cause)
    }
}

fn shown(p: &Path, root: &Path) -> String {
    p.strip_prefix(root)
        .map(|r| r.display().to_string())
        .unwrap_or_else(|_| p.display().to_string())
}

/// Scan `paths` (default: the current directory). `cwd` anchors relative paths.
pub fn run(paths: &[PathBuf], cwd: &Path, home: Option<PathBuf>, level: Level) -> Report {
    let targets: Vec<PathBuf> = if paths.is_empty() {
        vec![cwd.to_path_buf()]
    } else {
        paths.iter().map(|p| cwd.join(p)).collect()
    };
    let root = paths::project_root(None, targets.first().map(PathBuf::as_path).unwrap_or(cwd));
    let root = if root.is_dir() {
        root
    } else {
        root.parent().map(Path::to_path_buf).unwrap_or(root)
    };
    let neutral = Neutral::new(home.unwrap_or_else(|| PathBuf::from(config::NO_HOME)));
    let mut report = Report {
        root: root.clone(),
        ..Report::default()
    };
    let mut files = Vec::new();
    for t in &targets {
        if std::fs::symlink_metadata(t).is_err() {
            report.unreadable.push(Unreadable {
                file: shown(t, &root),
                error: "no such file or directory".into(),
            });
            continue;
        }
        walk(t, &mut files, 0);
    }
    files.dedup();
    for f in files {
        scan_file(&f, &root, &neutral, level, &mut report);
    }
    report
}

fn scan_file(f: &Path, root: &Path, neutral: &Neutral, level: Level, report: &mut Report) {
    let name = shown(f, root);
    // Kind by name first: most files are not read at all.
    let by_name = extract::kind_of(f, "");
    let md = match std::fs::metadata(f) {
        Ok(m) => m,
        Err(e) => {
            if by_name.is_some() {
                report.unreadable.push(Unreadable {
                    file: name,
                    error: e.to_string(),
                });
            }
            return;
        }
    };
    if by_name.is_none() {
        // Only a shebang can make it a script: read its first line, not the whole file.
        if md.len() > MAX_FILE_BYTES || !md.is_file() {
            return;
        }
        let mut head = [0u8; 256];
        let n = crate::context::state::open_regular(f)
            .and_then(|mut h| std::io::Read::read(&mut h, &mut head))
            .unwrap_or(0);
        let first = head[..n].split(|&b| b == b'\n').next().unwrap_or(&[]);
        if extract::kind_of(f, &String::from_utf8_lossy(first)).is_none() {
            return;
        }
    }
    // Only a regular file is opened (never a FIFO or device).
    let bytes = match crate::context::state::open_regular(f).and_then(|mut h| {
        let mut b = Vec::new();
        std::io::Read::read_to_end(&mut std::io::Read::take(&mut h, MAX_FILE_BYTES + 1), &mut b)
            .map(|_| b)
    }) {
        Ok(b) => b,
        Err(e) => {
            if by_name.is_some() {
                report.unreadable.push(Unreadable {
                    file: name,
                    error: e.to_string(),
                });
            }
            return;
        }
    };
    let first_line = bytes.split(|&b| b == b'\n').next().unwrap_or(&[]);
    let first = String::from_utf8_lossy(first_line);
    let Some(kind) = by_name.or_else(|| extract::kind_of(f, &first)) else {
        return;
    };
    if bytes.len() as u64 > MAX_FILE_BYTES {
        report.unreadable.push(Unreadable {
            file: name,
            error: format!("larger than {MAX_FILE_BYTES} bytes"),
        });
        return;
    }
    let text = match String::from_utf8(bytes) {
        Ok(t) => t,
        Err(_) => {
            report.unreadable.push(Unreadable {
                file: name,
                error: "not UTF-8".into(),
            });
            return;
        }
    };
    let commands = match extract::commands(kind, &text) {
        Ok(c) => c,
        Err(e) => {
            report.unreadable.push(Unreadable {
                file: name,
                error: crate::decision::cause::one_line(&e, 300),
            });
            return;
        }
    };
    report.files.push((name.clone(), kind.as_str()));
    // Where the commands run: make and npm run a Makefile's or package.json's commands in
    // its own directory; git runs hooks, CI runs its steps and people run scripts from the
    // project root (containers and editors too, as far as the workspace is concerned).
    let cwd = match kind {
        Kind::Makefile | Kind::PackageJson => f
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_else(|| root.to_path_buf()),
        Kind::Shell
        | Kind::GitHook
        | Kind::Dockerfile
        | Kind::GithubActions
        | Kind::GitlabCi
        | Kind::Devcontainer
        | Kind::VscodeTasks => root.to_path_buf(),
    };
    // A script runs its lines in one shell: a later command is judged after the
    // top-level assignments and `cd`s before it (`venv=build/venv` … `rm -rf "$venv"`),
    // as the hook judges them on one line. Only statements that are no finding
    // themselves are carried, and a `cd` only to a place written literally (a script that
    // `cd`s to a computed place, most often its own checkout, is judged from the project
    // root).
    let mut prelude = String::new();
    for c in commands {
        report.commands += 1;
        let judged = if prelude.is_empty() {
            c.text.clone()
        } else {
            format!("{prelude}{}", c.text)
        };
        let (decision, cause) = neutral.judge(&judged, &cwd, root);
        let reported = match (decision, level) {
            (Some(Decision::Deny), _) | (Some(Decision::Ask), Level::Ask) => decision,
            _ => None,
        };
        if let Some(d) = reported {
            report.findings.push(Finding {
                file: name.clone(),
                line: c.line,
                kind: c.kind,
                command: crate::decision::cause::one_line(&c.text, 200),
                decision: d,
                cause: cause.id(),
                reason: crate::decision::cause::one_line(&cause.describe(), 300),
                after: prelude.clone(),
            });
        }
        let computed_cd = c.text.trim_start().starts_with("cd") && c.text.contains(['$', '`']);
        if c.carries
            && decision.is_none_or(|d| d == Decision::Allow)
            && !computed_cd
            && prelude.len() + c.text.len() < MAX_PRELUDE
        {
            prelude.push_str(&c.text);
            prelude.push('\n');
        }
    }
}

/// The JSON report (`--format json`).
pub fn to_json(r: &Report) -> Value {
    json!({
        "root": r.root,
        "files_scanned": r.files.iter().map(|(f, k)| json!({"file": f, "kind": k})).collect::<Vec<_>>(),
        "commands": r.commands,
        "findings": r.findings,
        "unreadable": r.unreadable,
    })
}
