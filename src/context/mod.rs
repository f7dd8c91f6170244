//! Stage 2, the context: everything a call is judged against, gathered once per call —
//! the layered config ([`config`]) and the person's rules ([`rules`]), the workspace and
//! home, the paths gatehook protects, the session's state ([`state`]: the person's words,
//! holds), the baseline of build-defining files ([`baseline`]) and what a URL reaches
//! ([`web`]: a public host or not, a secret or encoded data carried). [`prepare`] builds it;
//! `crate::policy` runs the one evaluation over it ([`Prepared::evaluate`]).

pub mod baseline;
pub mod config;
pub mod floor;
pub mod paths;
pub mod rules;
pub mod state;
pub mod store;
pub mod web;

use crate::context::floor::FloorCtx;
use crate::decision::cause::Cause;
use config::{Config, ConfigPaths};
use paths::Workspace;
use std::path::{Path, PathBuf};

/// The environment the hook reads, gathered once so tests can pass their own.
#[derive(Clone, Debug, Default)]
pub struct Env {
    pub home: Option<PathBuf>,
    pub claude_project_dir: Option<String>,
}

impl Env {
    pub fn from_process() -> Env {
        Env {
            home: std::env::var_os("HOME")
                .filter(|h| !h.is_empty())
                .map(PathBuf::from),
            claude_project_dir: std::env::var("CLAUDE_PROJECT_DIR").ok(),
        }
    }
}

/// Everything `evaluate` needs, built from the payload and the environment. Shared with
/// `explain` so both see the same context.
pub struct Prepared {
    pub config: Config,
    pub context_home: PathBuf,
    pub project_root: PathBuf,
    pub workspace: Workspace,
    pub floor: FloorCtx,
    /// Record first sightings of build files (the hook) or only read them (`explain`).
    pub record_baseline: bool,
    pub state_root: PathBuf,
    /// What resolving the workspace's roots looked at: each evaluation starts from it.
    pub looked: paths::Looks,
}

pub fn prepare(cwd: &Path, env: &Env) -> Result<Prepared, Cause> {
    let home = env.home.clone().ok_or_else(|| Cause::Internal {
        error: "HOME is not set, so credential paths cannot be placed".to_string(),
    })?;
    let project_root = paths::project_root(env.claude_project_dir.as_deref(), cwd);
    let cpaths = ConfigPaths::discover(Some(&project_root));
    let config = config::load(&cpaths).map_err(|errs| Cause::BadConfig {
        error: errs
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("; "),
    })?;
    let (workspace, looked) = paths::remembered(|| {
        Workspace::new(&project_root, &config.workspace.additional_directories)
    });
    let dirs = config::gatehook_dirs();
    let mut self_paths = vec![dirs.config.clone(), dirs.data.clone()];
    // The managed file itself (its directory may be shared; `/etc/gatehook` is on the
    // floor's own list).
    self_paths.push(cpaths.managed.clone());
    self_paths.push(cpaths.trust_store.clone());
    if let Ok(exe) = std::env::current_exe() {
        self_paths.push(exe);
    }
    let floor = FloorCtx {
        home: home.clone(),
        self_paths,
        project_root: project_root.clone(),
        harness: crate::context::floor::env_harness(|k| std::env::var_os(k), cwd),
        credentials: crate::context::floor::env_credentials(|k| std::env::var_os(k), cwd, &home),
    };
    Ok(Prepared {
        config,
        context_home: home,
        project_root,
        workspace,
        floor,
        record_baseline: true,
        state_root: dirs.data.join("state"),
        looked,
    })
}
