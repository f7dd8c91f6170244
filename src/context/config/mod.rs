//! Layered configuration: built-in defaults < user < project < managed, read from TOML with
//! `file:line` errors, and the trust that decides how much a project file may say.
//!
//! A project's `.gatehook.toml` ships with the repository, so it is hostile until the person
//! trusts its exact bytes (`gatehook trust` records path → sha256). Untrusted, it can only
//! tighten: its deny and ask rules apply; its allow rules and every setting are ignored with a
//! note. Bad config of any layer is an error (the caller turns it into a deny), never skipped.
//! This module reads at most four small files and parses them; no directory scans.

mod parse;
mod trust;

#[cfg(test)]
mod tests;

use crate::context::rules::{LoadedRule, RuleKind, RuleSet};
use crate::decision::{Decision, Mode};
use parse::{FileSettings, StagePatch};
use std::ffi::OsString;
use std::fmt;
use std::path::{Path, PathBuf};

pub use trust::trust;

/// Config files are small; anything bigger is refused rather than parsed on every call.
pub const MAX_CONFIG_BYTES: u64 = 1024 * 1024;

/// Where a setting or rule came from, from weakest to strongest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Layer {
    /// Built in.
    Default,
    /// The person's own `config.toml`.
    User,
    /// The repository's `.gatehook.toml` (hostile unless trusted).
    Project,
    /// The organisation's `/etc/gatehook/config.toml`: overrides everything.
    Managed,
}

impl Layer {
    pub fn as_str(self) -> &'static str {
        match self {
            Layer::Default => "default",
            Layer::User => "user",
            Layer::Project => "project",
            Layer::Managed => "managed",
        }
    }
}

impl fmt::Display for Layer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The files a load considers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigPaths {
    /// `None` when no home / config directory can be determined.
    pub user: Option<PathBuf>,
    pub project: Option<PathBuf>,
    pub managed: PathBuf,
    pub trust_store: PathBuf,
}

/// Where gatehook keeps its own files. Both equal `GATEHOOK_HOME` when set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GatehookDirs {
    /// Holds `config.toml`.
    pub config: PathBuf,
    /// Holds `audit.jsonl`, `state/`, `trusted.toml`.
    pub data: PathBuf,
}

/// Used when neither `GATEHOOK_HOME` nor a home directory exists: a path that can't exist, so
/// no user config is read, no project is trusted, and audit writes fail visibly.
pub const NO_HOME: &str = "/nonexistent/gatehook";

/// Pure environment read; no file access.
pub fn gatehook_dirs() -> GatehookDirs {
    dirs_from(std::env::var_os("GATEHOOK_HOME"))
}

fn dirs_from(gatehook_home: Option<OsString>) -> GatehookDirs {
    if let Some(home) = gatehook_home.filter(|h| !h.is_empty()) {
        let home = PathBuf::from(home);
        return GatehookDirs {
            config: home.clone(),
            data: home,
        };
    }
    match directories::ProjectDirs::from("", "", "gatehook") {
        Some(d) => GatehookDirs {
            config: d.config_dir().to_path_buf(),
            data: d.data_dir().to_path_buf(),
        },
        None => GatehookDirs {
            config: PathBuf::from(NO_HOME),
            data: PathBuf::from(NO_HOME),
        },
    }
}

impl ConfigPaths {
    /// User: `GATEHOOK_HOME/config.toml`, else the platform config dir; project:
    /// `<project_root>/.gatehook.toml`; managed: `GATEHOOK_MANAGED_CONFIG`, else
    /// `/etc/gatehook/config.toml`; trust store: `<data dir>/trusted.toml`.
    pub fn discover(project_root: Option<&Path>) -> ConfigPaths {
        ConfigPaths::discover_from(
            project_root,
            std::env::var_os("GATEHOOK_HOME"),
            std::env::var_os("GATEHOOK_MANAGED_CONFIG"),
        )
    }

    fn discover_from(
        project_root: Option<&Path>,
        gatehook_home: Option<OsString>,
        managed: Option<OsString>,
    ) -> ConfigPaths {
        let dirs = dirs_from(gatehook_home);
        let user = (dirs.config != Path::new(NO_HOME)).then(|| dirs.config.join("config.toml"));
        let managed = managed
            .filter(|m| !m.is_empty())
            .map(PathBuf::from)
            .unwrap_or_else(|| PathBuf::from("/etc/gatehook/config.toml"));
        ConfigPaths {
            user,
            project: project_root.map(|r| r.join(".gatehook.toml")),
            managed,
            trust_store: dirs.data.join("trusted.toml"),
        }
    }
}

/// Which model provider the reviewer calls.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Provider {
    /// No reviewer: auto mode has nothing to ask, so undecided calls are left to the harness.
    #[default]
    None,
    /// POST an OpenAI-style chat completion.
    #[serde(rename = "openai")]
    OpenAi,
    /// POST an Anthropic messages request.
    Anthropic,
}

impl Provider {
    pub fn parse(s: &str) -> Option<Provider> {
        match s {
            "none" => Some(Provider::None),
            "openai" => Some(Provider::OpenAi),
            "anthropic" => Some(Provider::Anthropic),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Provider::None => "none",
            Provider::OpenAi => "openai",
            Provider::Anthropic => "anthropic",
        }
    }
}

/// The reviewer (`[reviewer]`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReviewerConfig {
    pub provider: Provider,
    pub url: Option<String>,
    pub model: Option<String>,
    /// The NAME of the environment variable holding the key; keys are never in files.
    pub api_key_env: Option<String>,
    pub timeout_ms: u64,
    /// What a timeout, HTTP error or malformed verdict yields: `Ask` or `Deny` only.
    pub on_failure: Decision,
    /// Prose about the environment for the reviewer; from user or managed config only.
    pub environment: Option<String>,
    /// Optional first stage (`[reviewer.fast]`) that may only allow.
    pub fast: Option<Box<StageConfig>>,
    /// Reviewer refusals in a row that pause auto mode for the session.
    pub pause_after: u32,
    /// Reviewer refusals in total that pause auto mode for the session.
    pub pause_total: u32,
}

impl Default for ReviewerConfig {
    fn default() -> Self {
        ReviewerConfig {
            provider: Provider::None,
            url: None,
            model: None,
            api_key_env: None,
            timeout_ms: 8000,
            on_failure: Decision::Deny,
            environment: None,
            fast: None,
            pause_after: 3,
            pause_total: 20,
        }
    }
}

/// `[reviewer.fast]`. Keys it leaves unset (provider, url, model, api_key_env, on_failure)
/// are inherited from `[reviewer]`; its timeout defaults to 4000 ms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StageConfig {
    pub provider: Provider,
    pub url: Option<String>,
    pub model: Option<String>,
    pub api_key_env: Option<String>,
    pub timeout_ms: u64,
    pub on_failure: Decision,
}

/// `[audit]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AuditConfig {
    pub enabled: bool,
    pub max_bytes: u64,
    pub keep: u32,
}

impl Default for AuditConfig {
    fn default() -> Self {
        AuditConfig {
            enabled: true,
            max_bytes: 5_000_000,
            keep: 3,
        }
    }
}

/// `[workspace]`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WorkspaceConfig {
    /// Absolute, `~` expanded. Lists from every contributing layer are concatenated.
    pub additional_directories: Vec<PathBuf>,
}

/// Where reads outside the workspace may run at once (`[paths] reads`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ReadScope {
    /// Reads of paths the floor finds no credential or secret in run at once wherever
    /// they are (`floor::outside_read`): system headers, other projects, tool caches.
    #[default]
    Anywhere,
    /// Every read outside the workspace is asked about (guard) or reviewed (auto).
    Workspace,
}

impl ReadScope {
    pub fn parse(s: &str) -> Option<ReadScope> {
        match s {
            "anywhere" => Some(ReadScope::Anywhere),
            "workspace" => Some(ReadScope::Workspace),
            _ => None,
        }
    }
    pub fn as_str(self) -> &'static str {
        match self {
            ReadScope::Anywhere => "anywhere",
            ReadScope::Workspace => "workspace",
        }
    }
}

/// Where writes outside the workspace may run at once (`[paths] writes`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum WriteScope {
    /// A program's own scratch files in the system's temporary directory run at once
    /// (`engine::checks::scratch_write`): a new file, or one of the user's own there that
    /// no other name links to.
    #[default]
    Scratch,
    /// Every write outside the workspace is asked about (guard) or reviewed (auto).
    Workspace,
}

impl WriteScope {
    pub fn parse(s: &str) -> Option<WriteScope> {
        match s {
            "scratch" => Some(WriteScope::Scratch),
            "workspace" => Some(WriteScope::Workspace),
            _ => None,
        }
    }
}

/// `[paths]`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PathsConfig {
    pub reads: ReadScope,
    pub writes: WriteScope,
}

/// One file a load considered.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ConfigFile {
    pub layer: Layer,
    pub path: PathBuf,
    pub exists: bool,
    /// Project file only: hex sha256 of the bytes parsed (when read), what the trust store
    /// records.
    pub sha256: Option<String>,
    /// Project file only: whether the trust store records exactly these bytes.
    pub trusted: Option<bool>,
}

/// The configuration in effect.
#[derive(Clone, Debug)]
pub struct Config {
    pub mode: Mode,
    pub reviewer: ReviewerConfig,
    pub audit: AuditConfig,
    pub workspace: WorkspaceConfig,
    pub paths: PathsConfig,
    pub rules: RuleSet,
    /// Set by the managed file: user and project allow rules were dropped.
    pub managed_allow_only: bool,
    pub files: Vec<ConfigFile>,
    /// Human notes for `explain` (ignored settings and why).
    pub notes: Vec<String>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            mode: Mode::Guard,
            reviewer: ReviewerConfig::default(),
            audit: AuditConfig::default(),
            workspace: WorkspaceConfig::default(),
            paths: PathsConfig::default(),
            rules: RuleSet::default(),
            managed_allow_only: false,
            files: Vec::new(),
            notes: Vec::new(),
        }
    }
}

/// A config problem, located. Displays as `file:line: message`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigError {
    pub file: PathBuf,
    pub line: Option<usize>,
    pub message: String,
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "{}:{}: {}", self.file.display(), line, self.message),
            None => write!(f, "{}: {}", self.file.display(), self.message),
        }
    }
}

impl std::error::Error for ConfigError {}

/// Load every layer and merge them. All errors of all files are reported at once.
pub fn load(paths: &ConfigPaths) -> Result<Config, Vec<ConfigError>> {
    let mut errors = Vec::new();
    let mut cfg = Config::default();
    let mut read =
        |layer: Layer, path: &Path, cfg: &mut Config| -> Option<(FileSettings, Option<String>)> {
            let (file, settings) = parse::read_layer(layer, path, &mut errors);
            let sha = file.sha256.clone();
            cfg.files.push(file);
            settings.map(|s| (s, sha))
        };
    let user = paths
        .user
        .as_deref()
        .and_then(|p| read(Layer::User, p, &mut cfg));
    let project = paths
        .project
        .as_deref()
        .and_then(|p| read(Layer::Project, p, &mut cfg));
    let managed = read(Layer::Managed, &paths.managed, &mut cfg);

    let mut project_trusted = false;
    if let (Some((_, Some(sha))), Some(project_path)) = (&project, &paths.project) {
        match trust::lookup(&paths.trust_store, project_path) {
            Ok(recorded) => {
                project_trusted = recorded.as_deref() == Some(sha.as_str());
                if let Some(f) = cfg.files.iter_mut().find(|f| f.layer == Layer::Project) {
                    f.trusted = Some(project_trusted);
                }
                if !project_trusted {
                    let why = if recorded.is_some() {
                        "changed since it was trusted"
                    } else {
                        "is not trusted"
                    };
                    if let Some((settings, _)) = &project {
                        note_untrusted(&mut cfg.notes, project_path, why, settings);
                    }
                }
            }
            Err(e) => errors.push(e),
        }
    }
    if !errors.is_empty() {
        errors.sort_by(|a, b| (&a.file, a.line).cmp(&(&b.file, b.line)));
        return Err(errors);
    }

    let user = user.map(|(s, _)| s);
    let project = project.map(|(s, _)| s);
    let managed = managed.map(|(s, _)| s);
    let managed_allow_only = managed
        .as_ref()
        .and_then(|m| m.managed_allow_only)
        .unwrap_or(false);
    cfg.managed_allow_only = managed_allow_only;

    // Settings: later layers override; an untrusted project contributes none.
    let mut fast_patch: Option<StagePatch> = None;
    for settings in [
        user.as_ref(),
        project.as_ref().filter(|_| project_trusted),
        managed.as_ref(),
    ]
    .into_iter()
    .flatten()
    {
        apply_settings(&mut cfg, settings);
        if let Some(fast) = &settings.fast {
            fast_patch
                .get_or_insert_with(StagePatch::default)
                .overlay(fast);
        }
    }
    cfg.reviewer.fast = fast_stage(&cfg.reviewer, fast_patch);
    if let (Some(p), Some(path)) = (&project, &paths.project) {
        if p.reviewer.environment.is_some() && project_trusted {
            cfg.notes.push(format!(
                "{}: ignored `reviewer.environment`: only user and managed config may describe the environment",
                path.display()
            ));
        }
    }

    // `[paths] reads`: a project file may only narrow it (trusted or not, like its deny
    // and ask rules); user and managed config set it either way.
    if let (Some(p), Some(path)) = (&project, &paths.project) {
        match p.reads {
            Some(ReadScope::Workspace) => cfg.paths.reads = ReadScope::Workspace,
            Some(ReadScope::Anywhere) => cfg.notes.push(format!(
                "{}: ignored `paths.reads = \"anywhere\"`: a project may only narrow reads to the workspace",
                path.display()
            )),
            None => {}
        }
    }
    if let Some(r) = managed.as_ref().and_then(|m| m.reads) {
        cfg.paths.reads = r;
    }
    // `[paths] writes`: the same, narrowing to the workspace only.
    if let (Some(p), Some(path)) = (&project, &paths.project) {
        match p.writes {
            Some(WriteScope::Workspace) => cfg.paths.writes = WriteScope::Workspace,
            Some(WriteScope::Scratch) => cfg.notes.push(format!(
                "{}: ignored `paths.writes = \"scratch\"`: a project may only narrow writes to the workspace",
                path.display()
            )),
            None => {}
        }
    }
    if let Some(w) = managed.as_ref().and_then(|m| m.writes) {
        cfg.paths.writes = w;
    }

    // Rules: every deny and ask applies; allow only from layers allowed to loosen.
    // NOTE: a rule's message is shown to the agent with gatehook's voice, so only files
    // the person vouches for (user, managed, a trusted project) may carry one.
    for (settings, may_allow, may_message) in [
        (managed.as_ref(), true, true),
        (user.as_ref(), !managed_allow_only, true),
        (
            project.as_ref(),
            project_trusted && !managed_allow_only,
            project_trusted,
        ),
    ] {
        let Some(settings) = settings else { continue };
        for r in &settings.rules {
            let list = match r.kind {
                RuleKind::Deny => &mut cfg.rules.deny,
                RuleKind::Ask => &mut cfg.rules.ask,
                RuleKind::Allow if may_allow => &mut cfg.rules.allow,
                RuleKind::Allow => continue,
            };
            let mut r = LoadedRule::clone(r);
            if !may_message {
                r.message = None;
            }
            list.push(r);
        }
    }
    if managed_allow_only {
        let dropped = [user.as_ref(), project.as_ref()]
            .into_iter()
            .flatten()
            .flat_map(|s| &s.rules)
            .filter(|r| r.kind == RuleKind::Allow)
            .count();
        if dropped > 0 {
            cfg.notes.push(format!(
                "managed config sets `managed_allow_only`: {dropped} allow rule(s) from user/project config ignored"
            ));
        }
    }
    Ok(cfg)
}

fn note_untrusted(notes: &mut Vec<String>, path: &Path, why: &str, s: &FileSettings) {
    let mut ignored = Vec::new();
    let allows = s.rules.iter().filter(|r| r.kind == RuleKind::Allow).count();
    if allows > 0 {
        ignored.push(format!("{allows} allow rule(s)"));
    }
    let messages = s.rules.iter().filter(|r| r.message.is_some()).count();
    if messages > 0 {
        ignored.push(format!("{messages} rule message(s)"));
    }
    if s.mode.is_some() {
        ignored.push("`mode`".to_string());
    }
    for (present, name) in [
        (s.has_reviewer, "[reviewer]"),
        (s.has_audit, "[audit]"),
        (s.has_workspace, "[workspace]"),
    ] {
        if present {
            ignored.push(name.to_string());
        }
    }
    if !ignored.is_empty() {
        notes.push(format!(
            "{} {why} (run `gatehook trust`): ignored its {}; its deny and ask rules still apply",
            path.display(),
            ignored.join(", ")
        ));
    }
}

fn apply_settings(cfg: &mut Config, s: &FileSettings) {
    if let Some(m) = s.mode {
        cfg.mode = m;
    }
    let r = &s.reviewer;
    let rv = &mut cfg.reviewer;
    if let Some(p) = r.provider {
        rv.provider = p;
    }
    set(&mut rv.url, &r.url);
    set(&mut rv.model, &r.model);
    set(&mut rv.api_key_env, &r.api_key_env);
    if let Some(t) = r.timeout_ms {
        rv.timeout_ms = t;
    }
    if let Some(d) = r.on_failure {
        rv.on_failure = d;
    }
    if s.layer != Layer::Project {
        set(&mut rv.environment, &r.environment);
    }
    if let Some(n) = r.pause_after {
        rv.pause_after = u32::try_from(n).unwrap_or(u32::MAX);
    }
    if let Some(n) = r.pause_total {
        rv.pause_total = u32::try_from(n).unwrap_or(u32::MAX);
    }
    let a = &mut cfg.audit;
    if let Some(e) = s.audit.enabled {
        a.enabled = e;
    }
    if let Some(m) = s.audit.max_bytes {
        a.max_bytes = m;
    }
    if let Some(k) = s.audit.keep {
        a.keep = k;
    }
    cfg.workspace
        .additional_directories
        .extend(s.additional_directories.iter().cloned());
    if s.layer == Layer::User {
        if let Some(r) = s.reads {
            cfg.paths.reads = r;
        }
        if let Some(w) = s.writes {
            cfg.paths.writes = w;
        }
    }
}

fn set(slot: &mut Option<String>, value: &Option<String>) {
    if value.is_some() {
        slot.clone_from(value);
    }
}

/// `[reviewer.fast]` keys left unset in every layer come from `[reviewer]`.
fn fast_stage(rv: &ReviewerConfig, patch: Option<StagePatch>) -> Option<Box<StageConfig>> {
    let patch = patch?;
    Some(Box::new(StageConfig {
        provider: patch.provider.unwrap_or(rv.provider),
        url: patch.url.or_else(|| rv.url.clone()),
        model: patch.model.or_else(|| rv.model.clone()),
        api_key_env: patch.api_key_env.or_else(|| rv.api_key_env.clone()),
        timeout_ms: patch.timeout_ms.unwrap_or(4000),
        on_failure: patch.on_failure.unwrap_or(rv.on_failure),
    }))
}
