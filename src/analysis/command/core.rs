//! The vocabulary of the command floor: what the judge is given ([`JudgeCtx`]), what it
//! hands a tier ([`Cmd`], with the [`Cwd`] it runs in) and hears back ([`Look`], with its
//! [`Class`]), what it answers ([`Finding`], [`Verdict`], [`Judgement`], with what a write
//! plants: [`Planted`]), the way back into it for a command inside another ([`Judge`]),
//! and the small helpers every tier shares (a word computed at run time, the null devices,
//! a path's floor class, one reason line, a look demoted to unknown, how deep a command
//! inside another may be judged, which pipeline a command belongs to). It imports no other
//! module of the floor: every tier reads it, it reads none.

use crate::analysis::effects::Effect;
use crate::analysis::shell::SimpleCommand;
use crate::context::baseline::Baseline;
use crate::context::floor::{self, Access, FloorCtx, PathClass};
use crate::context::paths::{self, Workspace};
use serde::Serialize;
use std::path::{Path, PathBuf};

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
    pub(crate) fn rank(&self) -> u8 {
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
    /// Paths of which only the metadata is read (`stat`, `ls -l FILE`): judged as the
    /// path itself, its last component not followed.
    pub stats: Vec<PathBuf>,
    /// Directories among `reads` of which only the names and metadata are read (`ls DIR`),
    /// by every command that reads them.
    pub listings: Vec<PathBuf>,
    pub writes: Vec<PathBuf>,
    /// Writes into files that run or steer the agent whose new content plants something
    /// or cannot be known (judged like a file tool's risky edit).
    pub planted: Vec<Planted>,
    /// Code the judge found it cannot see, beyond what the shell analysis marked opaque
    /// (a sourced file that is not an activation it follows): as opaque as those.
    pub opaque: Vec<String>,
}

/// A write into a file that runs or steers the agent, with what it plants there (or why
/// what it writes cannot be known).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Planted {
    pub path: PathBuf,
    /// The kind of file (`agent instructions`, `a script`, …).
    pub file: &'static str,
    /// What the new text does, or that it is not known.
    pub found: String,
}

impl Judgement {
    /// Routine, and nothing any part does changes state (what plan mode accepts): no path
    /// written and every effect one that [`Effect::changes_nothing`] — so a commit, a
    /// stash or a branch switch, routine as they are, are not read-only.
    pub fn read_only(&self) -> bool {
        self.verdict == Verdict::Routine
            && self.writes.is_empty()
            && self
                .findings
                .iter()
                .all(|f| f.effects.iter().all(Effect::changes_nothing))
    }
}

/// Where a command runs.
#[derive(Clone, Debug)]
pub(crate) enum Cwd {
    /// A literal directory; `in_ws` when inside the workspace.
    Known { dir: PathBuf, in_ws: bool },
    /// After `cd` to a run-time path (or one that may have failed, or may not have run;
    /// `popd`, `cd -P`, `CDPATH`: see `shell::dirs`).
    Unknown,
}

impl Cwd {
    pub(crate) fn dir(&self) -> Option<&Path> {
        match self {
            Cwd::Known { dir, .. } => Some(dir),
            Cwd::Unknown => None,
        }
    }
    pub(crate) fn in_ws(&self) -> bool {
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

/// A word that holds a run-time expansion (`$X`, `$(…)`, backticks, a tilde prefix known
/// only at run time: `effects::grammar::is_expansion`) rather than a glob.
pub(crate) fn is_expansion(word: &str) -> bool {
    crate::analysis::effects::grammar::is_expansion(word)
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
    /// Words handed to code the floor does not model (a project script's arguments, the
    /// words after a `hatch run` or `pdm run` name): what that code does with them is not
    /// known, so a path outside the workspace among them is code or configuration it may
    /// load (`build::handed_outside`).
    pub handed: Vec<String>,
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
            handed: Vec::new(),
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
            handed: Vec::new(),
        }
    }
}

/// The way back into the judge for a command inside another: a wrapper's command (`uv run
/// CMD`), what `find -exec` or `fd -x` runs, the shell text in an interpreter string, an fzf
/// binding or an edit. The judge hands itself down to the tiers that judge such commands,
/// so none of them imports it.
pub(crate) trait Judge {
    /// Judge shell `text` found inside another program, one level below `depth`.
    fn text(&self, text: &str, ctx: &JudgeCtx, depth: u8) -> Judgement;
    /// Classify `cmd`, part `i` of `all`, on its own (a wrapper's command), at `depth`.
    fn classify(
        &self,
        cmd: &Cmd,
        all: &[SimpleCommand],
        i: usize,
        ctx: &JudgeCtx,
        depth: u8,
    ) -> Look;
}

/// Depth of interpreter-string recursion (`python -c "os.system('bash -c …')"`).
const MAX_DEPTH: u8 = 3;

/// May a command found inside another, `depth` levels down, be judged again?
pub(crate) fn can_recurse(depth: u8) -> bool {
    depth < MAX_DEPTH
}

/// A redirection or output target that is no file: the null device, the terminal streams.
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

/// What the reason of a host name computed at run time says (`sensitive::exposures` writes
/// it; `edits` reads it: in a line of text no shell reads, a template literal's `${host}` is
/// no shell expansion).
pub(crate) const HOST_AT_RUN_TIME: &str = "is given the host name";

/// A command's text as a reason line shows it: one line, at most 200 characters.
pub(crate) fn one_line(text: &str) -> String {
    crate::decision::cause::one_line(text, 200)
}

/// A routine or build look made unknown for `reason` (a soft or hard tier stays).
pub(crate) fn demote(look: &mut Look, reason: String) {
    if matches!(
        look.class,
        Class::Routine { .. } | Class::Build { .. } | Class::BuildFilesChanged { .. }
    ) {
        look.class = Class::Unknown { reason };
    }
}

/// Which pipeline each command belongs to: a top-level stage fed by a pipe joins the
/// pipeline before it; nested commands belong to their part's pipeline.
pub(crate) fn pipeline_ids(cmds: &[SimpleCommand]) -> Vec<usize> {
    let mut out = Vec::with_capacity(cmds.len());
    let mut id = 0usize;
    let mut part_id: std::collections::BTreeMap<usize, usize> = std::collections::BTreeMap::new();
    let mut last_part = None;
    for c in cmds {
        let known = part_id.get(&c.part).copied();
        let this = match known {
            Some(x) => x,
            None => {
                if !(c.piped_stdin && last_part.is_some()) {
                    id += 1;
                }
                part_id.insert(c.part, id);
                id
            }
        };
        last_part = Some(c.part);
        out.push(this);
    }
    out
}
