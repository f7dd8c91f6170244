//! The throwaway world the command floor's tests judge in: a home and a workspace under a
//! temporary directory, and the context the floor reads there. Each test file sets up its
//! own files (credentials in the home, links a cloned repository could carry, archives)
//! and judges through the same few calls.
#![allow(clippy::unwrap_used)]

use super::core::{JudgeCtx, Judgement, Verdict};
use super::judge;
use crate::analysis::shell::{analyze, ShellEnv};
use crate::context::baseline::{Baseline, NoBaseline};
use crate::context::floor::FloorCtx;
use crate::context::paths::Workspace;
use std::path::{Path, PathBuf};

/// A home, a workspace and the floor's context for them; removed when dropped.
pub(super) struct Fx {
    _t: tempfile::TempDir,
    pub home: PathBuf,
    pub ws: PathBuf,
    pub workspace: Workspace,
    pub floor: FloorCtx,
}

impl Fx {
    /// A home at `home` and the workspace `~/proj` in it.
    pub fn new() -> Fx {
        Fx::build("home/proj", |_, _| {})
    }

    /// A home at `home` and a workspace at `ws` (relative to the temporary directory),
    /// both created, then `setup(home, ws)` run before the workspace is opened.
    pub fn build(ws: &str, setup: impl FnOnce(&Path, &Path)) -> Fx {
        Fx::layout("home", ws, setup)
    }

    /// [`Fx::build`] with the home at `home` (`""`: the temporary directory itself).
    pub fn layout(home: &str, ws: &str, setup: impl FnOnce(&Path, &Path)) -> Fx {
        let t = tempfile::tempdir().unwrap();
        let base = t.path().canonicalize().unwrap();
        let home = if home.is_empty() {
            base.clone()
        } else {
            base.join(home)
        };
        let ws = base.join(ws);
        std::fs::create_dir_all(&home).unwrap();
        std::fs::create_dir_all(&ws).unwrap();
        setup(&home, &ws);
        let workspace = Workspace::new(&ws, &[]);
        let floor = FloorCtx {
            home: home.clone(),
            self_paths: vec![base.join("gh")],
            project_root: ws.clone(),
            harness: Vec::new(),
            credentials: Vec::new(),
        };
        Fx {
            _t: t,
            home,
            ws,
            workspace,
            floor,
        }
    }

    /// Write `text` at `rel` in the workspace, creating its directories.
    pub fn write(&self, rel: &str, text: &str) {
        write(&self.ws.join(rel), text);
    }

    /// The context the floor judges in from the workspace, with `baseline`.
    pub fn ctx_with<'a>(&'a self, baseline: &'a dyn Baseline) -> JudgeCtx<'a> {
        JudgeCtx {
            home: &self.home,
            cwd: &self.ws,
            workspace: &self.workspace,
            floor: &self.floor,
            baseline,
        }
    }

    /// The context with no record of the session's changes.
    pub fn ctx(&self) -> JudgeCtx<'_> {
        self.ctx_with(&NoBaseline)
    }

    /// What the floor decides for `cmd`, run in the workspace, under `baseline`.
    pub fn judged_with(&self, cmd: &str, baseline: &dyn Baseline) -> Judgement {
        let a = analyze(cmd, &ShellEnv::new(self.home.clone(), self.ws.clone()));
        judge(&a, &self.ctx_with(baseline))
    }

    /// What the floor decides for `cmd`, run in the workspace.
    pub fn judged(&self, cmd: &str) -> Judgement {
        self.judged_with(cmd, &NoBaseline)
    }

    /// The verdict's short name for `cmd` (see [`short`]).
    pub fn verdict(&self, cmd: &str) -> &'static str {
        short(&self.judged(cmd).verdict)
    }
}

/// Write `text` at `p`, creating its directories.
pub(super) fn write(p: &Path, text: &str) {
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(p, text).unwrap();
}

/// The verdict's short name: routine, unknown, opaque, build-changed, soft, hard.
pub(super) fn short(v: &Verdict) -> &'static str {
    match v {
        Verdict::Routine => "routine",
        Verdict::Unknown { .. } => "unknown",
        Verdict::Opaque { .. } => "opaque",
        Verdict::BuildFilesChanged { .. } => "build-changed",
        Verdict::Soft { .. } => "soft",
        Verdict::Hard { .. } => "hard",
    }
}

/// Each command's verdict under `b`, by its short name ([`short`]); `!NAME` wants any
/// other. Every mismatch is listed in one failure.
pub(super) fn expect(f: &Fx, b: &dyn Baseline, cases: &[(&str, &str)]) {
    let bad: Vec<String> = cases
        .iter()
        .filter_map(|(cmd, want)| {
            let got = short(&f.judged_with(cmd, b).verdict);
            let ok = match want.strip_prefix('!') {
                Some(not) => got != not,
                None => got == *want,
            };
            (!ok).then(|| format!("{cmd}: got {got}, want {want}"))
        })
        .collect();
    assert!(bad.is_empty(), "\n{}", bad.join("\n"));
}

/// A baseline with a record of what the agent wrote and of files changed since it began.
pub(super) struct Session {
    pub changed: Vec<PathBuf>,
    pub written: Vec<PathBuf>,
}

impl Baseline for Session {
    fn changed(&self, files: &[PathBuf]) -> Vec<PathBuf> {
        files
            .iter()
            .filter(|f| self.changed.contains(f))
            .cloned()
            .collect()
    }
    fn written(&self) -> Vec<PathBuf> {
        self.written.clone()
    }
}

/// Nothing changed, nothing written.
pub(super) const CLEAN: Session = Session {
    changed: Vec::new(),
    written: Vec::new(),
};
