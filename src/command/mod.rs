//! The command floor: judges what a parsed shell command does. It owns the catalogues (as
//! data, one reason per entry) and the [`judge`] that walks every simple command of an
//! [`Analysis`], tracks the directory each part runs in, collects the paths it reads and
//! writes, and combines the findings into one [`Verdict`], strictest first.
//!
//! It decides nothing about modes, rules or reviewers (that is `engine`), and it does no
//! I/O of its own apart from resolving paths through `paths` and asking the [`Baseline`]
//! whether build files changed.
//!
//! Submodules: `catalog` (tool and service families as data: cloud CLIs, Kubernetes,
//! containers, GitHub, IaC, package managers, databases, fetchers, archivers), `routine`,
//! `routine_search` and `routine_git` (the read-only catalogue and
//! each tool's dangerous flags), `dynamic` (paths chosen at run time by a plain lister:
//! `xargs` and command substitutions), `destructive` (filesystem and the tier dispatch),
//! `destructive_git`, `destructive_exec` (agents, fetchers, code run out of sight),
//! `destructive_infra` (data, containers, cloud, publishing), `destructive_whole`
//! (whole-command patterns), `build` (build and test runners and the files that define what
//! they run), `code` (searching interpreter one-liners and heredocs), `edits` (searching the
//! new text of edits to files that run or steer the agent), `env` (environment prefixes)
//! and `cwd` (where each part runs).

mod build;
mod catalog;
mod code;
mod cwd;
mod destructive;
mod destructive_exec;
mod destructive_git;
mod destructive_infra;
mod destructive_whole;
mod dynamic;
mod edits;
mod env;
mod policy;
mod remote;
mod routine;
mod routine_git;
mod routine_search;
mod sensitive;
pub mod writers;

#[cfg(test)]
mod edits_tests;
#[cfg(test)]
mod tests;

pub use edits::{proposed_text, scan as scan_edit, EditRisk};
pub(crate) use env::{code_env, harmless_env};

use cwd::{next_cwd, place};
use destructive_exec::destructive_any;
use env::PRIVILEGE_WRAPPERS;

use crate::effects::{Code, Effect, WriteHow};
use crate::floor::{self, Access, FloorCtx, PathClass};
use crate::paths::{self, Workspace};
use crate::shell::{self, Analysis, Origin, RedirectOp, SimpleCommand};
use serde::Serialize;
use std::path::{Path, PathBuf};

/// The session's record of build-defining files.
pub trait Baseline {
    /// Files among `files` whose sha256 differs from the session's first-seen value (first
    /// sight records it, so it is "unchanged"). A missing file is a state too.
    fn changed(&self, files: &[PathBuf]) -> Vec<PathBuf>;
}

/// A baseline that has seen nothing and records nothing: every file is unchanged.
pub struct NoBaseline;

impl Baseline for NoBaseline {
    fn changed(&self, _files: &[PathBuf]) -> Vec<PathBuf> {
        Vec::new()
    }
}

/// What the judge needs besides the analysis.
pub struct JudgeCtx<'a> {
    pub home: &'a Path,
    pub cwd: &'a Path,
    pub workspace: &'a Workspace,
    pub floor: &'a FloorCtx,
    pub baseline: &'a dyn Baseline,
}

/// How one simple command is classed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "class", rename_all = "kebab-case")]
pub enum Class {
    /// Only reads (or writes inside the workspace through a redirect).
    Routine { reason: String },
    /// Runs project code whose definition files are unchanged since the session began.
    Build { reason: String },
    /// Runs project code whose definition files changed this session.
    BuildFilesChanged { files: Vec<PathBuf> },
    /// Destructive but recoverable or scoped: asked about.
    Soft {
        category: &'static str,
        reason: String,
    },
    /// Destructive beyond repair, or an attack on the gate itself: denied.
    Hard {
        category: &'static str,
        reason: String,
    },
    /// Not in any catalogue, or given an option or input that is not routine.
    Unknown { reason: String },
}

/// One simple command as the judge saw it.
#[derive(Clone, Debug, Serialize)]
pub struct Finding {
    pub part: usize,
    /// The normalised argv of the program that runs (wrappers stripped).
    pub argv: Vec<String>,
    /// The directory it runs in, when known.
    pub cwd: Option<PathBuf>,
    pub origin: &'static str,
    #[serde(flatten)]
    pub class: Class,
    pub reads: Vec<PathBuf>,
    pub writes: Vec<PathBuf>,
    /// What it does, as typed effects (from its grammar, or derived from the catalogue's
    /// class and paths for programs not yet described by a grammar).
    pub effects: Vec<Effect>,
}

/// The overall answer, strictest wins.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "verdict", rename_all = "kebab-case")]
pub enum Verdict {
    Hard {
        category: &'static str,
        reason: String,
        command: String,
    },
    Soft {
        category: &'static str,
        reason: String,
        command: String,
    },
    BuildFilesChanged {
        files: Vec<PathBuf>,
        command: String,
    },
    Opaque {
        reason: String,
    },
    Unknown {
        command: String,
        reason: String,
    },
    Routine,
}

impl Verdict {
    fn rank(&self) -> u8 {
        match self {
            Verdict::Hard { .. } => 5,
            Verdict::Soft { .. } => 4,
            Verdict::BuildFilesChanged { .. } => 3,
            Verdict::Opaque { .. } => 2,
            Verdict::Unknown { .. } => 1,
            Verdict::Routine => 0,
        }
    }
}

/// The judge's result: per-command findings and the overall verdict. The paths read and
/// written are for the engine's path floor (credentials, self, harness, protected,
/// outside the workspace).
#[derive(Clone, Debug, Serialize)]
pub struct Judgement {
    pub findings: Vec<Finding>,
    pub verdict: Verdict,
    pub reads: Vec<PathBuf>,
    pub writes: Vec<PathBuf>,
}

impl Judgement {
    /// Routine and writes nothing (what plan mode accepts).
    pub fn read_only(&self) -> bool {
        self.verdict == Verdict::Routine && self.writes.is_empty()
    }
}

/// Where a command runs.
#[derive(Clone, Debug)]
pub(crate) enum Cwd {
    /// A literal directory; `in_ws` when inside the workspace.
    Known { dir: PathBuf, in_ws: bool },
    /// After `cd` to a run-time path (or `cd -`, `popd`, `cd` inside a subshell).
    Unknown,
}

impl Cwd {
    fn dir(&self) -> Option<&Path> {
        match self {
            Cwd::Known { dir, .. } => Some(dir),
            Cwd::Unknown => None,
        }
    }
    fn in_ws(&self) -> bool {
        matches!(self, Cwd::Known { in_ws: true, .. })
    }
}

/// One command handed to the catalogues.
pub(crate) struct Cmd<'a> {
    pub sc: &'a SimpleCommand,
    /// `exec`: the program and its arguments.
    pub argv: &'a [String],
    /// Per `argv` word: an unresolved expansion or glob.
    pub dynamic: &'a [bool],
    pub cwd: &'a Cwd,
}

impl Cmd<'_> {
    pub fn program(&self) -> &str {
        self.argv.first().map(String::as_str).unwrap_or("")
    }
    pub fn args(&self) -> &[String] {
        self.argv.get(1..).unwrap_or(&[])
    }
    /// Is argument `i` (0-based after the program) dynamic?
    pub fn arg_dynamic(&self, i: usize) -> bool {
        self.dynamic.get(i + 1).copied().unwrap_or(false)
    }
    /// Does any argument contain a run-time expansion (not just a glob)?
    pub fn has_expansion(&self) -> bool {
        self.args()
            .iter()
            .enumerate()
            .any(|(i, a)| self.arg_dynamic(i) && is_expansion(a))
    }
}

/// A word that holds a run-time expansion (`$X`, `$(…)`, backticks) rather than a glob.
pub(crate) fn is_expansion(word: &str) -> bool {
    word.contains('$') || word.contains('`')
}

/// What a catalogue says about one command.
pub(crate) struct Look {
    pub class: Class,
    /// Raw path words read (relative to the command's cwd).
    pub reads: Vec<String>,
    /// Raw path words written or deleted.
    pub writes: Vec<String>,
    /// The command acts on its working directory (git, builds, `ls` with no argument).
    pub uses_cwd: bool,
    /// The effects its grammar found (empty for catalogue entries without a grammar).
    pub effects: Vec<Effect>,
}

impl Look {
    pub fn routine(reason: impl Into<String>) -> Look {
        Look {
            class: Class::Routine {
                reason: reason.into(),
            },
            reads: Vec::new(),
            writes: Vec::new(),
            uses_cwd: false,
            effects: Vec::new(),
        }
    }
    pub fn unknown(reason: impl Into<String>) -> Look {
        Look {
            class: Class::Unknown {
                reason: reason.into(),
            },
            reads: Vec::new(),
            writes: Vec::new(),
            uses_cwd: false,
            effects: Vec::new(),
        }
    }

    /// A program described by a grammar: its effects decide its class and paths.
    pub fn from_effects(does: &str, effects: Vec<Effect>) -> Look {
        let mut look = Look::routine(does);
        look.class = effect_class(does, &effects);
        for e in &effects {
            match e {
                Effect::Read { path, .. } => look.reads.push(path.clone()),
                Effect::Write { path, .. } | Effect::Delete { path, .. } => {
                    look.writes.push(path.clone())
                }
                _ => {}
            }
        }
        look.effects = effects;
        look
    }
}

/// The tier of a command from its effects: unknown effects make it unknown, code the
/// floor cannot see makes it soft, and reads and writes are left to the path floor.
pub(crate) fn effect_class(does: &str, effects: &[Effect]) -> Class {
    if let Some(Effect::Unknown { why }) = effects.iter().find(|e| e.is_unknown()) {
        return Class::Unknown {
            reason: why.clone(),
        };
    }
    if let Some(e) = effects.iter().find(|e| matches!(e, Effect::Secret { .. })) {
        return Class::Hard {
            category: "credential",
            reason: e.phrase(),
        };
    }
    if let Some(e) = effects.iter().find(|e| {
        matches!(
            e,
            Effect::Run {
                code: Code::Hidden { .. } | Code::Inline { .. } | Code::File { .. }
            }
        )
    }) {
        return Class::Soft {
            category: "runs-code",
            reason: e.phrase(),
        };
    }
    if let Some(e) = effects.iter().find(|e| {
        matches!(e, Effect::Run { code } if matches!(code, Code::Network { .. }) && !policy::is_package(code))
    }) {
        return Class::Hard {
            category: "remote-code",
            reason: e.phrase(),
        };
    }
    // Remote state, privileges, the network and packages: one table (`policy`).
    if let Some(c) = policy::remote_tier(effects, None) {
        return c;
    }
    if let Some(e) = effects.iter().find(|e| matches!(e, Effect::Net { .. })) {
        return Class::Unknown { reason: e.phrase() };
    }
    Class::Routine {
        reason: does.to_string(),
    }
}

/// Effects for a command judged by a catalogue without a grammar: its paths and, when it
/// is not routine, what its class says.
fn derived_effects(look: &Look, reads: &[PathBuf], writes: &[PathBuf]) -> Vec<Effect> {
    let mut out: Vec<Effect> = reads
        .iter()
        .map(|p| Effect::read(p.display().to_string()))
        .chain(
            writes
                .iter()
                .map(|p| Effect::write(p.display().to_string(), WriteHow::Replace)),
        )
        .collect();
    match &look.class {
        Class::Routine { .. } => {}
        Class::Build { reason } => out.push(Effect::Run {
            code: Code::Project {
                runner: reason.clone(),
                defined_by: Vec::new(),
            },
        }),
        Class::BuildFilesChanged { files } => out.push(Effect::Run {
            code: Code::Project {
                runner: "a build runner".into(),
                defined_by: files.iter().map(|f| f.display().to_string()).collect(),
            },
        }),
        Class::Soft { reason, .. } | Class::Hard { reason, .. } | Class::Unknown { reason } => {
            out.push(Effect::unknown(reason.clone()))
        }
    }
    out
}

/// Depth of interpreter-string recursion (`python -c "os.system('bash -c …')"`).
const MAX_DEPTH: u8 = 3;

/// Judge an analysed command.
pub fn judge(analysis: &Analysis, ctx: &JudgeCtx) -> Judgement {
    judge_at(analysis, ctx, 0)
}

fn judge_at(analysis: &Analysis, ctx: &JudgeCtx, depth: u8) -> Judgement {
    let mut verdict = Verdict::Routine;
    let raise = |v: Verdict, verdict: &mut Verdict| {
        if v.rank() > verdict.rank() {
            *verdict = v;
        }
    };
    if let Some(o) = analysis.opaque.first() {
        raise(
            Verdict::Opaque {
                reason: o.describe(),
            },
            &mut verdict,
        );
    }
    for (name, _) in &analysis.bare_assignments {
        if code_env(name) {
            raise(
                Verdict::Soft {
                    category: "env-injection",
                    reason: format!("assigning {name} makes later programs load or run other code"),
                    command: format!("{name}=…"),
                },
                &mut verdict,
            );
        } else if !harmless_env(name) {
            raise(
                Verdict::Unknown {
                    command: format!("{name}=…"),
                    reason: format!("assigning {name} can change what later commands run"),
                },
                &mut verdict,
            );
        }
    }
    if analysis.commands.is_empty() && analysis.bare_assignments.is_empty() {
        raise(
            Verdict::Unknown {
                command: String::new(),
                reason: "the command is empty".into(),
            },
            &mut verdict,
        );
    }
    let root_cwd = Cwd::Known {
        dir: paths::normalize(ctx.cwd),
        in_ws: ctx.workspace.contains(&paths::forms(
            &ctx.cwd.display().to_string(),
            ctx.cwd,
            ctx.home,
        )),
    };
    let mut cwd = root_cwd;
    // Where the commands of an `ssh HOST CMD` run on the host: not known at first.
    let mut remote_cwd = Cwd::Unknown;
    let mut findings: Vec<Finding> = Vec::new();
    let mut all_reads = Vec::new();
    let mut all_writes = Vec::new();
    let cmds = &analysis.commands;
    for (i, sc) in cmds.iter().enumerate() {
        let offset = sc.argv.len().saturating_sub(sc.exec.len());
        let dynamic = sc.dynamic_words.get(offset..).unwrap_or(&[]);
        if sc.remote.is_none() {
            remote_cwd = Cwd::Unknown;
        }
        let cmd = Cmd {
            sc,
            argv: &sc.exec,
            dynamic,
            cwd: if sc.remote.is_some() {
                &remote_cwd
            } else {
                &cwd
            },
        };
        let written = sc.argv.get(offset).map(String::as_str).unwrap_or("");
        let mut look = if sc.exec.is_empty() {
            Look::routine("no program runs")
        } else if written.starts_with('/') && !paths::system_program(Path::new(written)) {
            // `/var/tmp/grep` is whatever file is there, not grep.
            let mut l = Look::unknown(format!(
                "{written} is a file outside the system's program directories, not {}",
                sc.exec
                    .first()
                    .map(String::as_str)
                    .unwrap_or("a known program")
            ));
            l.effects = vec![Effect::Run {
                code: Code::File {
                    path: written.to_string(),
                },
            }];
            l
        } else {
            classify(&cmd, cmds, i, ctx, depth)
        };
        // Redirections: dups, /dev/null and workspace files are fine; the rest is judged.
        redirects(&cmd, &mut look);
        // Privilege wrappers: the same command as another user is not routine.
        if let Some(w) = sc
            .wrappers
            .iter()
            .find(|w| PRIVILEGE_WRAPPERS.contains(&w.as_str()))
        {
            demote(&mut look, format!("it runs through {w}"));
        }
        // A substitution the analysis did not reach (`${x:-`…`}`) hides a command.
        if sc.exec.iter().any(|w| w.contains('`') || w.contains("$("))
            && !cmds.iter().any(|c| {
                c.part == sc.part
                    && matches!(c.origin, Origin::Substitution | Origin::ProcessSubstitution)
            })
        {
            demote(&mut look, "a command substitution was not analysed".into());
        }
        // Prefixes that change what runs.
        if let Some((name, _)) = sc.assignments.iter().find(|(n, _)| code_env(n)) {
            look.class = Class::Soft {
                category: "env-injection",
                reason: format!("the {name}=… prefix makes the program load or run other code"),
            };
        }
        if let Some((name, _)) = sc.assignments.iter().find(|(n, _)| !harmless_env(n)) {
            demote(
                &mut look,
                format!("the {name}=… prefix can change what the program runs"),
            );
        }
        // Where it runs.
        if let Some(host) = sc.remote.as_deref() {
            // On the host: its paths are not this machine's.
            remote::on_host(&mut look, host, sc, ctx);
        } else if look.uses_cwd && !cwd.in_ws() {
            demote(
                &mut look,
                "it acts on a working directory outside the workspace or not known".into(),
            );
        }
        let (reads, r_unplaced) = place(&look.reads, &cwd);
        let (writes, w_unplaced) = place(&look.writes, &cwd);
        if r_unplaced || w_unplaced {
            demote(
                &mut look,
                "a relative path follows a cd whose target is not known".into(),
            );
        }
        let text = one_line(&sc.text);
        match &look.class {
            Class::Hard { category, reason } => raise(
                Verdict::Hard {
                    category,
                    reason: reason.clone(),
                    command: text,
                },
                &mut verdict,
            ),
            Class::Soft { category, reason } => raise(
                Verdict::Soft {
                    category,
                    reason: reason.clone(),
                    command: text,
                },
                &mut verdict,
            ),
            Class::BuildFilesChanged { files } => raise(
                Verdict::BuildFilesChanged {
                    files: files.clone(),
                    command: text,
                },
                &mut verdict,
            ),
            Class::Unknown { reason } => raise(
                Verdict::Unknown {
                    command: text,
                    reason: reason.clone(),
                },
                &mut verdict,
            ),
            Class::Routine { .. } | Class::Build { .. } => {}
        }
        let effects = if look.effects.is_empty() {
            derived_effects(&look, &reads, &writes)
        } else {
            std::mem::take(&mut look.effects)
        };
        findings.push(Finding {
            part: sc.part,
            argv: sc.exec.clone(),
            cwd: if sc.remote.is_some() {
                remote_cwd.dir().map(Path::to_path_buf)
            } else {
                cwd.dir().map(Path::to_path_buf)
            },
            origin: sc.origin.describe(),
            class: look.class,
            reads: reads.clone(),
            writes: writes.clone(),
            effects,
        });
        all_reads.extend(reads);
        all_writes.extend(writes);
        // `cd` moves the cwd for later commands of the same list.
        if sc.remote.is_some() {
            if matches!(sc.program(), Some("cd" | "pushd")) {
                remote_cwd = next_cwd(&cmd, sc, ctx);
            } else if sc.program() == Some("popd") {
                remote_cwd = Cwd::Unknown;
            }
        } else if sc.program() == Some("cd") || sc.program() == Some("pushd") {
            cwd = next_cwd(&cmd, sc, ctx);
        } else if sc.program() == Some("popd") {
            cwd = Cwd::Unknown;
        }
    }
    // Whole-command patterns: network into a shell, credentials with egress, fork bombs.
    for v in destructive::whole(analysis, &findings, &all_reads, ctx) {
        raise(v, &mut verdict);
    }
    Judgement {
        findings,
        verdict,
        reads: all_reads,
        writes: all_writes,
    }
}

fn demote(look: &mut Look, reason: String) {
    if matches!(
        look.class,
        Class::Routine { .. } | Class::Build { .. } | Class::BuildFilesChanged { .. }
    ) {
        look.class = Class::Unknown { reason };
    }
}

/// Classify one command: hard and soft tiers first, then the catalogues.
fn classify(cmd: &Cmd, all: &[SimpleCommand], i: usize, ctx: &JudgeCtx, depth: u8) -> Look {
    let targets = destructive::inherited_targets(cmd, all, i);
    let mut look = if cmd.program() == "xargs" {
        dynamic::xargs(cmd, all)
    } else {
        routine::look(cmd, ctx)
    };
    if matches!(look.class, Class::Unknown { .. }) && cmd.has_expansion() {
        if let Some(l) = dynamic::with_substitutions(cmd, all, ctx) {
            look = l;
        }
    }
    dynamic::xargs_child(cmd, all, i, ctx, &mut look);
    catalog::secret_consumed(all, i, &mut look);
    runs_code(&mut look);
    if matches!(look.class, Class::Unknown { .. } | Class::Routine { .. }) {
        let prev = i
            .checked_sub(1)
            .and_then(|p| all.get(p))
            .filter(|_| cmd.sc.piped_stdin)
            .map(|p| p.exec.as_slice());
        if let Some(c) = sensitive::classify(cmd, prev) {
            look.class = c;
        }
    }
    if let Some((tier, category, reason, writes)) =
        destructive_any(cmd, targets.as_deref(), ctx, depth)
    {
        look.writes.extend(writes);
        look.class = tier.class(category, reason);
        return look;
    }
    let found = code::search(cmd, ctx, depth);
    if let Some(c @ (Class::Hard { .. } | Class::Soft { .. })) = found {
        look.class = c;
        return look;
    }
    if let Some((category, reason)) = destructive::runs_unseen(cmd) {
        look.class = Class::Soft { category, reason };
        return look;
    }
    if let Some(c) = found {
        look.class = c;
        return look;
    }
    // The long tail: a tool no catalogue knows, told to delete, purge, revoke, … .
    let prog = cmd.program();
    if matches!(look.class, Class::Unknown { .. })
        && !catalog::knows(prog)
        && !routine::is_catalogued(prog)
        && !destructive::RUNNERS.contains(&prog)
    {
        if let Some((category, reason)) = catalog::unknown_program_mutation(cmd) {
            look.class = Class::Soft { category, reason };
            return look;
        }
    }
    if matches!(look.class, Class::Build { .. }) {
        build::check_baseline(cmd, ctx, &mut look);
    }
    look
}

/// Judge a command string found inside another program (interpreter strings, fzf
/// bindings). Used by the catalogues.
pub(crate) fn judge_text(text: &str, ctx: &JudgeCtx, depth: u8) -> Judgement {
    let analysis = shell::analyze(
        text,
        &shell::ShellEnv {
            home: ctx.home.to_path_buf(),
            cwd: ctx.cwd.to_path_buf(),
        },
    );
    judge_at(&analysis, ctx, depth + 1)
}

pub(crate) fn can_recurse(depth: u8) -> bool {
    depth < MAX_DEPTH
}

fn redirects(cmd: &Cmd, look: &mut Look) {
    for r in &cmd.sc.redirects {
        match r.op {
            RedirectOp::DupOut | RedirectOp::DupIn | RedirectOp::Close => {}
            RedirectOp::HereDoc | RedirectOp::HereString => {}
            _ if r.dynamic => demote(
                look,
                format!("a redirection target is computed at run time: {}", r.target),
            ),
            RedirectOp::In => look.reads.push(r.target.clone()),
            _ if is_null_device(&r.target) => {}
            RedirectOp::InOut => {
                look.reads.push(r.target.clone());
                look.writes.push(r.target.clone());
            }
            _ => look.writes.push(r.target.clone()),
        }
    }
}

pub(crate) fn is_null_device(t: &str) -> bool {
    matches!(t, "/dev/null" | "/dev/stdout" | "/dev/stderr" | "/dev/tty")
}

/// Classify one absolute path for the floor, worst form first (lexical and resolved).
pub(crate) fn path_class(p: &Path, access: Access, ctx: &JudgeCtx) -> Option<PathClass> {
    let forms = paths::forms(&p.display().to_string(), ctx.cwd, ctx.home);
    forms
        .forms()
        .filter_map(|f| floor::classify(f, access, ctx.floor))
        .max_by_key(|c| match c {
            PathClass::Protected { .. } => 1,
            PathClass::HarnessConfig { .. } => 2,
            PathClass::SelfConfig { .. } => 3,
            PathClass::Credential { .. } => 4,
        })
}

fn one_line(text: &str) -> String {
    crate::cause::one_line(text, 200)
}

/// What the catalogues say when a reader is given an option that makes it run another
/// program (`rg --pre`, `sort --compress-program`, `sed 1e`, `git --ext-diff`, `man -P`…).
// `find -exec`, `fd -x`, `xargs` and `ssh host cmd` are left out: the shell analysis
// extracts the command they run, which is judged on its own.
const RUNS_CODE: &[&str] = &[
    "runs a pager program",
    "runs a preprocessor program",
    "runs decompression programs",
    "runs a browser",
    "runs an external diff program",
    "runs textconv filter programs",
    "runs programs from a path",
    "config that runs programs",
    "runs the result as a command",
    "e command runs a program",
    "--compress-program runs a program",
    "--hostname-bin runs a program",
];

/// A reader turned into a launcher is not merely unknown: whatever it runs is hidden from
/// the floor, so it is asked about (guard) and needs grounded words (auto).
fn runs_code(look: &mut Look) {
    if let Class::Unknown { reason } = &look.class {
        if RUNS_CODE.iter().any(|r| reason.contains(r)) {
            look.class = Class::Soft {
                category: "runs-code",
                reason: reason.clone(),
            };
        }
    }
}
