//! What a tool call is, as far as the floor is concerned ([`Kind`]), and the evaluation in
//! progress ([`Eval`]): its steps, the paths the call names with their forms and classes.

use super::{Call, Context, Evaluation, Outcome, PathFact, Step};
use crate::cause::Cause;
use crate::command::Judgement;
use crate::decision::Gate;
use crate::floor::{self, Access, PathClass};
use crate::paths::{self, PathForms};
use crate::shell;
use serde_json::Value;
use std::path::Path;

/// What kind of thing a tool does, as far as the floor is concerned.
pub(super) enum Kind {
    /// Read-only file tools with the paths they read.
    Read,
    /// File-writing tools.
    Edit,
    /// A shell command.
    Shell(String),
    /// A URL fetch.
    Fetch(String),
    /// A tool with no side effects.
    Inert,
    /// A subagent delegation (`Agent`, formerly `Task`): its prompt and subagent type.
    Agent { prompt: String, agent: String },
    /// A PowerShell command: matched by deny/ask rules on its words, never allowed by the
    /// floor or an allow rule (it is not read with the bash grammar).
    PowerShell(String),
    /// Anything else (MCP tools, WebSearch, unknown tools).
    Other,
}

/// Tools that never change anything outside the conversation.
const INERT_TOOLS: &[&str] = &[
    "TodoWrite",
    "TodoRead",
    "TaskCreate",
    "TaskUpdate",
    "TaskList",
    "TaskGet",
    "AskUserQuestion",
    "ExitPlanMode",
    "EnterPlanMode",
    "BashOutput",
    "ListMcpResourcesTool",
];

/// Tools that read, never write or run (for plan mode).
pub(super) fn is_read_only_tool(tool: &str) -> bool {
    matches!(
        tool,
        "Read" | "Glob" | "Grep" | "LS" | "WebFetch" | "WebSearch" | "NotebookRead"
    ) || INERT_TOOLS.contains(&tool)
}

pub(super) struct Eval<'c, 'a> {
    pub(super) call: &'c Call<'a>,
    pub(super) ctx: &'c Context<'a>,
    pub(super) steps: Vec<Step>,
    pub(super) paths: Vec<PathFact>,
    pub(super) shell: Option<shell::Analysis>,
    pub(super) judgement: Option<Judgement>,
}

impl Eval<'_, '_> {
    pub(super) fn step(&mut self, stage: &'static str, detail: impl Into<String>) {
        self.steps.push(Step {
            stage,
            detail: detail.into(),
        });
    }

    pub(super) fn finish(self, outcome: Outcome, gate: Gate, cause: Cause) -> Evaluation {
        Evaluation {
            outcome,
            gate,
            cause,
            steps: self.steps,
            paths: self.paths,
            shell: self.shell,
            judgement: self.judgement,
        }
    }

    pub(super) fn str_field(
        &self,
        field: &'static str,
        required: bool,
    ) -> Result<Option<String>, Cause> {
        match self.call.input.get(field) {
            Some(Value::String(s)) if s.is_empty() => Err(bad(format!("`{field}` is empty"))),
            Some(Value::String(s)) if s.contains('\0') => {
                Err(bad(format!("`{field}` contains a NUL byte")))
            }
            Some(Value::String(s)) => Ok(Some(s.clone())),
            None | Some(Value::Null) if !required => Ok(None),
            None | Some(Value::Null) => {
                Err(bad(format!("{} input has no `{field}`", self.call.tool)))
            }
            Some(_) => Err(bad(format!("`{field}` is not a string"))),
        }
    }

    /// The new text of a file tool is what the risky-edit scan reads: a mistyped one (a
    /// number, an array, edits that are not objects of strings) would go unscanned, so it
    /// is bad input. Empty strings are fine (deleting text, an empty file).
    pub(super) fn edit_text_types(&self) -> Result<(), Cause> {
        let input = self.call.input;
        for field in ["content", "old_string", "new_string", "new_source"] {
            match input.get(field) {
                None | Some(Value::String(_)) => {}
                Some(_) => return Err(bad(format!("`{field}` is not a string"))),
            }
        }
        match input.get("edits") {
            None => Ok(()),
            Some(Value::Array(edits)) => {
                for e in edits {
                    let Value::Object(e) = e else {
                        return Err(bad("`edits` holds a non-object".to_string()));
                    };
                    for field in ["old_string", "new_string"] {
                        if !matches!(e.get(field), None | Some(Value::String(_))) {
                            return Err(bad(format!("`edits[].{field}` is not a string")));
                        }
                    }
                }
                Ok(())
            }
            Some(_) => Err(bad("`edits` is not an array".to_string())),
        }
    }

    pub(super) fn add_path(&mut self, raw: &str, access: Access) {
        let forms = paths::forms(raw, self.call.cwd, &self.ctx.home);
        self.add_forms(raw, forms, access);
    }

    pub(super) fn add_forms(&mut self, raw: &str, forms: PathForms, access: Access) {
        let class = forms
            .forms()
            .filter_map(|p| floor::classify(p, access, &self.ctx.floor))
            .max_by_key(severity);
        let in_workspace = self.ctx.workspace.contains(&forms);
        self.paths.push(PathFact {
            raw: raw.to_string(),
            access,
            forms,
            class,
            in_workspace,
        });
    }

    /// What a read reaches beyond its path (`reach`): the credential a file with several
    /// names is, and, for a tree a search walks (`tree`; it follows no links), credentials
    /// hard-linked inside it. Each is added as a path read; what cannot be told becomes a
    /// path that does not resolve (asked about, never allowed).
    pub(super) fn add_reached(&mut self, raw: &str, tree: bool) {
        let forms = paths::forms(raw, self.call.cwd, &self.ctx.home);
        let Some(target) = forms.resolved.clone() else {
            return;
        };
        let mut sensitive = None;
        let (found, unknown) = if tree && target.is_dir() {
            let r = crate::reach::walk(
                &target,
                crate::reach::Walker {
                    follow: false,
                    contents: true,
                },
                &self.ctx.workspace,
                &self.ctx.home,
                &mut sensitive,
                &self.ctx.floor,
            );
            (r.reads, r.unknown)
        } else {
            match crate::reach::alias(&target, &mut sensitive, &self.ctx.floor) {
                Ok(found) => (found.into_iter().collect(), None),
                Err(why) => (Vec::new(), Some(why)),
            }
        };
        for p in found {
            let text = p.display().to_string();
            self.add_path(&text, Access::Read);
        }
        if let Some(why) = unknown {
            let lexical = forms.lexical.clone();
            self.add_forms(
                &format!("{raw} ({why})"),
                PathForms {
                    lexical,
                    resolved: None,
                },
                Access::Read,
            );
        }
    }

    /// Work out what the tool does and which paths it touches.
    pub(super) fn classify_tool(&mut self) -> Result<Kind, Cause> {
        let tool = self.call.tool;
        Ok(match tool {
            "Read" | "NotebookRead" => {
                let field = if tool == "Read" {
                    "file_path"
                } else {
                    "notebook_path"
                };
                let p = self.str_field(field, true)?.unwrap_or_default();
                self.add_path(&p, Access::Read);
                self.add_reached(&p, false);
                Kind::Read
            }
            "Glob" => {
                let pattern = self.str_field("pattern", true)?.unwrap_or_default();
                let base = self.str_field("path", false)?;
                let base_dir = base
                    .clone()
                    .unwrap_or_else(|| self.call.cwd.display().to_string());
                self.add_path(&base_dir, Access::Read);
                // A pattern can climb out (`../../**`) or be absolute: judge its literal stem.
                let stem = glob_stem(&pattern);
                if !stem.is_empty() {
                    let joined = if Path::new(&stem).is_absolute() {
                        stem
                    } else {
                        format!("{}/{}", base_dir.trim_end_matches('/'), stem)
                    };
                    self.add_path(&joined, Access::Read);
                }
                Kind::Read
            }
            "Grep" | "LS" => {
                let p = self
                    .str_field("path", false)?
                    .unwrap_or_else(|| self.call.cwd.display().to_string());
                self.add_path(&p, Access::Read);
                if tool == "Grep" {
                    self.add_reached(&p, true);
                }
                if let Some(g) = self.str_field("glob", false)? {
                    let stem = glob_stem(&g);
                    if !stem.is_empty() {
                        self.add_path(
                            &format!("{}/{}", p.trim_end_matches('/'), stem),
                            Access::Read,
                        );
                    }
                }
                Kind::Read
            }
            "Write" | "Edit" | "MultiEdit" => {
                let p = self.str_field("file_path", true)?.unwrap_or_default();
                self.edit_text_types()?;
                self.add_path(&p, Access::Write);
                Kind::Edit
            }
            "NotebookEdit" => {
                let p = self.str_field("notebook_path", true)?.unwrap_or_default();
                self.edit_text_types()?;
                self.add_path(&p, Access::Write);
                Kind::Edit
            }
            "Bash" => {
                let c = self.str_field("command", true)?.unwrap_or_default();
                Kind::Shell(c)
            }
            // NOTE: PowerShell has its own grammar (backtick escapes, `$(…)` subexpressions,
            // cmdlets); reading it with the bash parser could misjudge it, so it is never
            // fast-pathed: rules, then the harness (guard) or the reviewer (auto) decide.
            "PowerShell" => Kind::PowerShell(self.str_field("command", true)?.unwrap_or_default()),
            "WebFetch" => Kind::Fetch(self.str_field("url", true)?.unwrap_or_default()),
            "Agent" | "Task" => Kind::Agent {
                prompt: self.str_field("prompt", true)?.unwrap_or_default(),
                agent: self
                    .str_field("subagent_type", false)?
                    .unwrap_or_else(|| "general-purpose".to_string()),
            },
            t if INERT_TOOLS.contains(&t) => Kind::Inert,
            _ => Kind::Other,
        })
    }
}

pub(super) fn bad(error: String) -> Cause {
    Cause::BadInput { error }
}

/// Order path classes by severity so the worst form of a path wins.
pub(super) fn severity(c: &PathClass) -> u8 {
    match c {
        PathClass::Protected { .. } => 1,
        PathClass::HarnessConfig { .. } => 2,
        PathClass::SelfConfig { .. } => 3,
        PathClass::Credential { .. } => 4,
    }
}

/// The literal directory part of a glob before its first wildcard (`../../x/**/*.rs` →
/// `../../x`).
pub(super) fn glob_stem(pattern: &str) -> String {
    let mut stem = Vec::new();
    for seg in pattern.split('/') {
        if seg.contains(['*', '?', '[', '{']) {
            break;
        }
        stem.push(seg);
    }
    // The last literal segment may be a file name; keeping it is still a path to judge.
    stem.join("/")
}
