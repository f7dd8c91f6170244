//! The decision core. [`evaluate`] turns one tool call plus its context into an
//! [`Evaluation`]: the outcome, its cause, and every step taken. The hook, `explain`,
//! `check` and the audit record all render this one value; nothing re-derives a decision
//! on the side. Apart from resolving the paths a call names (symlinks are facts of the
//! file system, read once here), the core does no I/O: config, clock and reviewer verdicts
//! come from the edges.

use crate::cause::Cause;
use crate::command::{self, Baseline, Judgement, Verdict};
use crate::config::Config;
use crate::decision::{Decision, Gate, Mode};
use crate::delegate;
use crate::floor::{self, Access, FloorCtx, PathClass};
use crate::holds;
use crate::input::PermissionMode;
use crate::paths::{self, PathForms, Workspace};
use crate::rules::{self, MatchCtx, RuleOutcome, Subject};
use crate::shell;
use serde::Serialize;
use serde_json::{Map, Value};
use std::path::{Path, PathBuf};

/// One tool call to judge.
#[derive(Clone, Debug)]
pub struct Call<'a> {
    pub tool: &'a str,
    pub input: &'a Map<String, Value>,
    pub cwd: &'a Path,
    pub permission_mode: PermissionMode,
    /// The harness's session id: build-file baselines are per session.
    pub session_id: &'a str,
}

/// Everything the core needs besides the call.
pub struct Context<'a> {
    pub config: &'a Config,
    pub home: PathBuf,
    pub workspace: Workspace,
    pub floor: FloorCtx,
    /// The session's record of build-defining files.
    pub baseline: &'a dyn Baseline,
    /// Holds the person's own words put in force this session.
    pub holds: &'a [holds::Hold],
}

/// The floor's answer before any reviewer is asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    /// A decision the floor or a rule made.
    Decided(Decision),
    /// No opinion: the harness's own permission flow decides.
    Silent,
    /// Auto mode: the LLM reviewer decides, bounded by code.
    Review,
}

/// One step of the evaluation, for `explain`.
#[derive(Clone, Debug, Serialize)]
pub struct Step {
    pub stage: &'static str,
    pub detail: String,
}

/// A path the call touches, with what the floor found.
#[derive(Clone, Debug, Serialize)]
pub struct PathFact {
    pub raw: String,
    pub access: Access,
    #[serde(flatten)]
    pub forms: PathForms,
    pub class: Option<PathClass>,
    pub in_workspace: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct Evaluation {
    pub outcome: Outcome,
    pub gate: Gate,
    pub cause: Cause,
    pub steps: Vec<Step>,
    pub paths: Vec<PathFact>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shell: Option<shell::Analysis>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub judgement: Option<Judgement>,
}

/// What kind of thing a tool does, as far as the floor is concerned.
enum Kind {
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
fn is_read_only_tool(tool: &str) -> bool {
    matches!(
        tool,
        "Read" | "Glob" | "Grep" | "LS" | "WebFetch" | "WebSearch" | "NotebookRead"
    ) || INERT_TOOLS.contains(&tool)
}

struct Eval<'c, 'a> {
    call: &'c Call<'a>,
    ctx: &'c Context<'a>,
    steps: Vec<Step>,
    paths: Vec<PathFact>,
    shell: Option<shell::Analysis>,
    judgement: Option<Judgement>,
}

impl Eval<'_, '_> {
    fn step(&mut self, stage: &'static str, detail: impl Into<String>) {
        self.steps.push(Step {
            stage,
            detail: detail.into(),
        });
    }

    fn finish(self, outcome: Outcome, gate: Gate, cause: Cause) -> Evaluation {
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

    fn str_field(&self, field: &'static str, required: bool) -> Result<Option<String>, Cause> {
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
    fn edit_text_types(&self) -> Result<(), Cause> {
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

    fn add_path(&mut self, raw: &str, access: Access) {
        let forms = paths::forms(raw, self.call.cwd, &self.ctx.home);
        self.add_forms(raw, forms, access);
    }

    fn add_forms(&mut self, raw: &str, forms: PathForms, access: Access) {
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

    /// Work out what the tool does and which paths it touches.
    fn classify_tool(&mut self) -> Result<Kind, Cause> {
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

fn bad(error: String) -> Cause {
    Cause::BadInput { error }
}

/// Order path classes by severity so the worst form of a path wins.
fn severity(c: &PathClass) -> u8 {
    match c {
        PathClass::Protected { .. } => 1,
        PathClass::HarnessConfig { .. } => 2,
        PathClass::SelfConfig { .. } => 3,
        PathClass::Credential { .. } => 4,
    }
}

/// The literal directory part of a glob before its first wildcard (`../../x/**/*.rs` →
/// `../../x`).
fn glob_stem(pattern: &str) -> String {
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

/// Judge one call.
pub fn evaluate(call: &Call, ctx: &Context) -> Evaluation {
    let mut ev = Eval {
        call,
        ctx,
        steps: Vec::new(),
        paths: Vec::new(),
        shell: None,
        judgement: None,
    };
    let cfg = ctx.config;
    ev.step(
        "context",
        format!(
            "tool {} · cwd {} · mode {} · permission_mode {}",
            call.tool,
            call.cwd.display(),
            cfg.mode.as_str(),
            call.permission_mode.as_str()
        ),
    );
    ev.step(
        "workspace",
        ctx.workspace
            .roots
            .iter()
            .map(|r| r.lexical.display().to_string())
            .collect::<Vec<_>>()
            .join(", "),
    );

    let kind = match ev.classify_tool() {
        Ok(k) => k,
        Err(cause) => {
            ev.step("input", cause.describe());
            return ev.finish(Outcome::Decided(Decision::Deny), Gate::Error, cause);
        }
    };
    path_steps(&mut ev, 0);

    // 1. Hard floor: credentials, gatehook's own files, the harness's settings.
    if let Some(cause) = hard_floor(&ev.paths) {
        ev.step("hard-floor", cause.describe());
        return ev.finish(Outcome::Decided(Decision::Deny), Gate::Floor, cause);
    }

    // 2. Shell analysis (the parse every later step uses).
    let mut bash_commands: Vec<rules::BashCommand> = Vec::new();
    let mut fully_parsed = false;
    if let Kind::Shell(command) = &kind {
        let analysis = shell::analyze(
            command,
            &shell::ShellEnv {
                home: ctx.home.clone(),
                cwd: call.cwd.to_path_buf(),
            },
        );
        for c in &analysis.commands {
            bash_commands.push(rules::BashCommand {
                argv: c.exec.clone(),
                assignments: c.assignments.clone(),
                has_file_redirect: c
                    .redirects
                    .iter()
                    .any(|r| r.op.writes() && !is_dev_null(&r.target)),
            });
            ev.step(
                "shell",
                format!("part {}: {:?} ({})", c.part, c.exec, c.origin.describe()),
            );
        }
        for o in &analysis.opaque {
            ev.step("shell", format!("opaque: {}", o.describe()));
        }
        fully_parsed = analysis.opaque.is_empty() && !analysis.commands.is_empty();
        let judgement = command::judge(
            &analysis,
            &command::JudgeCtx {
                home: &ctx.home,
                cwd: call.cwd,
                workspace: &ctx.workspace,
                floor: &ctx.floor,
                baseline: ctx.baseline,
            },
        );
        ev.shell = Some(analysis);
        let from = ev.paths.len();
        for f in &judgement.findings {
            ev.step("command", finding_line(f));
        }
        for (list, access) in [
            (&judgement.reads, Access::Read),
            (&judgement.writes, Access::Write),
        ] {
            for p in list {
                let raw = p.display().to_string();
                let forms = paths::forms(&raw, call.cwd, &ctx.home);
                ev.add_forms(&raw, forms, access);
            }
        }
        // Paths written (or linked) through arguments: `sed -i`, `find -fprint`, `cp`, `ln`…
        for f in &judgement.findings {
            let (writes, reads) = command::writers::targets(&f.argv);
            let cwd = f.cwd.as_deref().unwrap_or(call.cwd);
            for (list, access) in [(writes, Access::Write), (reads, Access::Read)] {
                for raw in list {
                    let forms = paths::forms(&raw, cwd, &ctx.home);
                    if !ev
                        .paths
                        .iter()
                        .any(|p| p.forms == forms && p.access == access)
                    {
                        ev.add_forms(&raw, forms, access);
                    }
                }
            }
        }
        path_steps(&mut ev, from);
        ev.judgement = Some(judgement);
    }
    let verdict = ev.judgement.as_ref().map(|j| j.verdict.clone());

    // 2a. A delegated prompt is judged before the subagent runs.
    let mut intents: Vec<delegate::Intent> = Vec::new();
    if let Kind::Agent { prompt, agent } = &kind {
        intents = delegate::scan(
            prompt,
            &command::JudgeCtx {
                home: &ctx.home,
                cwd: call.cwd,
                workspace: &ctx.workspace,
                floor: &ctx.floor,
                baseline: ctx.baseline,
            },
        );
        for i in &intents {
            ev.step(
                "delegation",
                format!("{agent}: {} intent ({})", i.kind, i.found),
            );
        }
    }
    let read_only_agent = matches!(&kind, Kind::Agent { agent, .. }
        if intents.is_empty() && delegate::READ_ONLY_AGENTS.contains(&agent.as_str()));

    // 2a'. Programs that change the gate or the harness from the inside: the agent may
    //      not trust a project file, add rules, resume a pause, or edit Claude Code's own
    //      settings through its CLI.
    if let Some(a) = &ev.shell {
        if let Some(cause) = a.commands.iter().find_map(|c| self_command(&c.exec)) {
            ev.step("hard-floor", cause.describe());
            return ev.finish(Outcome::Decided(Decision::Deny), Gate::Floor, cause);
        }
    }

    // 2b. The shell floor: credentials, self and harness through Bash, then the hard tier.
    if let Some(cause) = hard_floor(&ev.paths) {
        ev.step("hard-floor", cause.describe());
        return ev.finish(Outcome::Decided(Decision::Deny), Gate::Floor, cause);
    }
    if let Some(Verdict::Hard {
        category,
        reason,
        command,
    }) = &verdict
    {
        let cause = Cause::Destructive {
            category: category.to_string(),
            reason: reason.clone(),
            command: command.clone(),
        };
        ev.step("destructive", cause.describe());
        return ev.finish(Outcome::Decided(Decision::Deny), Gate::Floor, cause);
    }

    // 3. Plan mode: nothing that writes or runs (a read-only routine command may run).
    let plan_ok = ev.judgement.as_ref().is_some_and(Judgement::read_only);
    if call.permission_mode == PermissionMode::Plan
        && !is_read_only_tool(call.tool)
        && !plan_ok
        && !read_only_agent
    {
        let cause = Cause::PlanMode {
            tool: call.tool.to_string(),
        };
        ev.step("plan-mode", cause.describe());
        return ev.finish(Outcome::Decided(Decision::Deny), Gate::Floor, cause);
    }

    // 4. Rules: deny, then ask, then allow.
    let rule_paths: Vec<PathForms> = ev.paths.iter().map(|p| p.forms.clone()).collect();
    let access = if matches!(kind, Kind::Edit) {
        rules::Access::Edit
    } else {
        rules::Access::Read
    };
    let input_value = Value::Object(call.input.clone());
    let ps_commands: Vec<rules::BashCommand> = match &kind {
        Kind::PowerShell(c) => vec![rules::BashCommand {
            argv: c.split_whitespace().map(str::to_string).collect(),
            assignments: Vec::new(),
            has_file_redirect: false,
        }],
        _ => Vec::new(),
    };
    let subject = match &kind {
        Kind::Read | Kind::Edit => Subject::Path {
            tool: call.tool,
            access,
            paths: &rule_paths,
        },
        Kind::Shell(_) => Subject::Bash {
            commands: &bash_commands,
            fully_parsed,
            input: &input_value,
        },
        // Words split on blanks: enough for deny and ask rules to see it; an allow never
        // covers a command that is not fully parsed.
        Kind::PowerShell(_) => Subject::Bash {
            commands: &ps_commands,
            fully_parsed: false,
            input: &input_value,
        },
        Kind::Fetch(url) => Subject::WebFetch { url },
        Kind::Inert | Kind::Agent { .. } | Kind::Other => Subject::Tool {
            name: call.tool,
            input: &input_value,
        },
    };
    let mctx = MatchCtx {
        cwd: call.cwd,
        project_root: &ctx.workspace.root,
        home: &ctx.home,
    };
    let auto = cfg.mode == Mode::Auto;
    let rule_outcome = cfg.rules.evaluate(&subject, &mctx, auto);
    let mut allow_rules: Option<Vec<String>> = None;
    match rule_outcome {
        RuleOutcome::Deny(r) => {
            let cause = Cause::DenyRule {
                rule: r.rule.text.clone(),
                source: source_label(&r.source),
            };
            ev.step("rules", cause.describe());
            return ev.finish(Outcome::Decided(Decision::Deny), Gate::Rule, cause);
        }
        RuleOutcome::Ask(r) => {
            let cause = Cause::AskRule {
                rule: r.rule.text.clone(),
                source: source_label(&r.source),
            };
            ev.step("rules", cause.describe());
            return ev.finish(Outcome::Decided(Decision::Ask), Gate::Rule, cause);
        }
        RuleOutcome::Allow(rs) => {
            let texts: Vec<String> = rs.iter().map(|r| r.rule.text.clone()).collect();
            ev.step(
                "rules",
                format!("allow rules cover the call: {}", texts.join(", ")),
            );
            allow_rules = Some(texts);
        }
        RuleOutcome::NoMatch => ev.step("rules", "no rule matches"),
    }

    // 4b. Holds: the person said not to do this kind of thing; ask them, quoting their
    //     words. No allow rule, fast path or reviewer lifts a hold; only their own later
    //     words do (the holds in the context are already the ones in force).
    if !ctx.holds.is_empty() {
        let mut classes = match &ev.shell {
            Some(a) => a
                .commands
                .iter()
                .flat_map(|c| holds::classes_of_argv(&c.exec))
                .collect::<Vec<_>>(),
            None => match &kind {
                Kind::Agent { prompt, .. } => delegate::hold_classes(&intents, prompt),
                _ => holds::classes_of_tool(call.tool, call.input),
            },
        };
        classes.sort();
        classes.dedup();
        if let Some(h) = holds::applicable(ctx.holds, &classes) {
            let cause = Cause::Hold {
                class: h.class.phrase().to_string(),
                quote: h.quote.clone(),
            };
            ev.step("hold", cause.describe());
            return ev.finish(Outcome::Decided(Decision::Ask), Gate::Hold, cause);
        }
    }

    // 5. Permission checks bypassed: the hard floor and deny/ask rules were all that apply.
    if call.permission_mode == PermissionMode::BypassPermissions {
        ev.step("bypass", Cause::BypassMode.describe());
        return ev.finish(Outcome::Silent, Gate::Floor, Cause::BypassMode);
    }

    let unsure = |ev: Eval, gate: Gate, cause: Cause| -> Evaluation {
        let outcome = match cfg.mode {
            Mode::Auto => Outcome::Review,
            Mode::Guard | Mode::Observe => Outcome::Decided(Decision::Ask),
        };
        ev.finish(outcome, gate, cause)
    };

    // 6. Protected paths: writes are never lifted by an allow rule; reads of secret-bearing
    //    files may be, by the person's own rule.
    if let Some(p) = ev.paths.iter().find(|p| {
        matches!(p.class, Some(PathClass::Protected { .. }))
            && (p.access == Access::Write || allow_rules.is_none())
    }) {
        let what = match &p.class {
            Some(PathClass::Protected { what }) => what.to_string(),
            _ => String::new(),
        };
        let cause = Cause::ProtectedPath {
            path: p.forms.lexical.clone(),
            what,
        };
        ev.step("floor", cause.describe());
        return unsure(ev, Gate::Floor, cause);
    }

    // 6b. Shell writes outside the workspace, then the soft tier (a person's allow rule
    //     covering every part lifts the soft tier, never a write outside).
    if ev.judgement.is_some() {
        if let Some(p) = ev
            .paths
            .iter()
            .find(|p| p.access == Access::Write && !p.in_workspace)
        {
            let path = p
                .forms
                .resolved
                .clone()
                .unwrap_or_else(|| p.forms.lexical.clone());
            let cause = Cause::OutsideWorkspace { path };
            ev.step("floor", format!("write: {}", cause.describe()));
            return unsure(ev, Gate::Floor, cause);
        }
    }
    if let (
        Some(Verdict::Soft {
            category,
            reason,
            command,
        }),
        None,
    ) = (&verdict, &allow_rules)
    {
        let cause = Cause::RiskyCommand {
            category: category.to_string(),
            reason: reason.clone(),
            command: command.clone(),
        };
        ev.step("risky", cause.describe());
        return unsure(ev, Gate::Floor, cause);
    }

    // 6c. Edits that plant something in a file that runs later or steers the agent; an
    //     allow rule does not lift it (the rule names the file, not what is planted).
    if matches!(kind, Kind::Edit) {
        if let Some(cause) = risky_edit(&ev) {
            ev.step("risky-edit", cause.describe());
            return unsure(ev, Gate::Floor, cause);
        }
    }

    // 7. Allow rules.
    if let Some(rules) = allow_rules {
        let cause = Cause::AllowRule { rules };
        return ev.finish(Outcome::Decided(Decision::Allow), Gate::Rule, cause);
    }

    // 7b. A delegation whose prompt shows destructive, publish-like, credential or
    //     permission-skipping intent: the person (or the reviewer) sees it first.
    if let Some(first) = intents.first() {
        let cause = Cause::RiskyDelegation {
            found: intents
                .iter()
                .map(|i| format!("{} ({})", i.kind, i.found))
                .collect::<Vec<_>>()
                .join(", "),
            kind: first.kind.to_string(),
        };
        ev.step("delegation", cause.describe());
        return unsure(ev, Gate::Floor, cause);
    }

    // 8. Paths the floor cannot place, or that leave the workspace.
    if let Some(p) = ev.paths.iter().find(|p| p.forms.resolved.is_none()) {
        let cause = Cause::UnresolvablePath {
            path: p.forms.lexical.clone(),
        };
        ev.step("floor", cause.describe());
        return unsure(ev, Gate::Floor, cause);
    }
    if let Some(p) = ev.paths.iter().find(|p| !p.in_workspace) {
        let path = p
            .forms
            .resolved
            .clone()
            .unwrap_or_else(|| p.forms.lexical.clone());
        let cause = Cause::OutsideWorkspace { path };
        ev.step("floor", cause.describe());
        return unsure(ev, Gate::Floor, cause);
    }

    // 9. Fast path.
    let fast = match &kind {
        Kind::Read => Some(Cause::WorkspaceRead),
        Kind::Edit => Some(Cause::WorkspaceEdit),
        Kind::Inert => Some(Cause::NoSideEffects {
            tool: call.tool.to_string(),
        }),
        Kind::Agent { agent, .. } if read_only_agent => Some(Cause::ReadOnlyAgent {
            agent: agent.clone(),
        }),
        Kind::Shell(_)
        | Kind::PowerShell(_)
        | Kind::Fetch(_)
        | Kind::Agent { .. }
        | Kind::Other => None,
    };
    if let Some(cause) = fast {
        ev.step("fast-path", cause.describe());
        return ev.finish(Outcome::Decided(Decision::Allow), Gate::Fastpath, cause);
    }
    let shell_cause = match verdict {
        Some(Verdict::Routine) => {
            ev.step("fast-path", Cause::RoutineCommand.describe());
            return ev.finish(
                Outcome::Decided(Decision::Allow),
                Gate::Fastpath,
                Cause::RoutineCommand,
            );
        }
        Some(Verdict::BuildFilesChanged { files, command }) => {
            let cause = Cause::BuildFilesChanged { files, command };
            ev.step("build-files", cause.describe());
            return unsure(ev, Gate::Floor, cause);
        }
        Some(Verdict::Opaque { reason }) => {
            // What runs cannot be seen: a person (or the reviewer) looks at it.
            let cause = Cause::OpaqueCommand { reason };
            ev.step("opaque", cause.describe());
            return unsure(ev, Gate::Floor, cause);
        }
        Some(Verdict::Unknown { command, reason }) => {
            Some(Cause::UnknownCommand { command, reason })
        }
        // Hard and soft were settled above.
        Some(Verdict::Hard { .. }) | Some(Verdict::Soft { .. }) | None => None,
    };
    if let Some(cause) = shell_cause {
        ev.step("fallback", cause.describe());
        let outcome = match cfg.mode {
            Mode::Auto => Outcome::Review,
            Mode::Guard | Mode::Observe => Outcome::Silent,
        };
        return ev.finish(outcome, Gate::Floor, cause);
    }

    // 10. Nothing decided it.
    let why = match &kind {
        Kind::Shell(_) if !fully_parsed => {
            "the shell command could not be fully analysed and no rule covers it".to_string()
        }
        Kind::Shell(_) => "no rule covers this shell command".to_string(),
        Kind::Fetch(_) => "no rule covers this fetch".to_string(),
        _ => format!("no rule covers {}", call.tool),
    };
    let cause = Cause::Undecided { why };
    ev.step("fallback", cause.describe());
    let outcome = match cfg.mode {
        Mode::Auto => Outcome::Review,
        Mode::Guard | Mode::Observe => Outcome::Silent,
    };
    ev.finish(outcome, Gate::Floor, cause)
}

fn path_steps(ev: &mut Eval, from: usize) {
    for i in from..ev.paths.len() {
        let p = &ev.paths[i];
        let detail = format!(
            "{} {} → {}{}{}",
            match p.access {
                Access::Read => "read",
                Access::Write => "write",
            },
            p.raw,
            p.forms.lexical.display(),
            match &p.forms.resolved {
                Some(r) if *r != p.forms.lexical => format!(" (resolves to {})", r.display()),
                Some(_) => String::new(),
                None => " (unresolvable)".to_string(),
            },
            if p.in_workspace {
                " · in workspace"
            } else {
                " · outside workspace"
            }
        );
        ev.step("path", detail);
    }
}

fn hard_floor(paths: &[PathFact]) -> Option<Cause> {
    paths.iter().find_map(|p| {
        let path = p.forms.lexical.clone();
        match &p.class {
            Some(PathClass::Credential { what }) => Some(Cause::Credential {
                path,
                what: what.to_string(),
            }),
            Some(PathClass::SelfConfig { what }) => Some(Cause::SelfModification {
                path,
                what: what.to_string(),
            }),
            Some(PathClass::HarnessConfig { what }) => Some(Cause::HarnessConfig {
                path,
                what: what.to_string(),
            }),
            Some(PathClass::Protected { .. }) | None => None,
        }
    })
}

fn finding_line(f: &command::Finding) -> String {
    let class = match &f.class {
        command::Class::Routine { reason } => format!("routine ({reason})"),
        command::Class::Build { reason } => format!("build ({reason}; definition files unchanged)"),
        command::Class::BuildFilesChanged { files } => format!(
            "build, but {} changed",
            files
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ),
        command::Class::Soft { category, reason } => format!("soft {category}: {reason}"),
        command::Class::Hard { category, reason } => format!("HARD {category}: {reason}"),
        command::Class::Unknown { reason } => format!("not routine: {reason}"),
    };
    format!(
        "part {} {:?} in {} ({}): {class}",
        f.part,
        f.argv,
        f.cwd
            .as_ref()
            .map(|c| c.display().to_string())
            .unwrap_or_else(|| "an unknown directory".into()),
        f.origin
    )
}

fn source_label(s: &rules::RuleSource) -> String {
    format!("{}:{}", s.file.display(), s.line)
}

fn is_dev_null(target: &str) -> bool {
    target == "/dev/null"
}

/// `gatehook` subcommands that only read; any other use of gatehook by the agent changes
/// its own gate.
const GATEHOOK_READ_ONLY: &[&str] = &[
    "explain",
    "check",
    "denied",
    "--version",
    "-V",
    "--help",
    "-h",
    "help",
];

/// A command that changes gatehook's or the harness's settings through their own CLIs.
fn self_command(exec: &[String]) -> Option<Cause> {
    let prog = exec.first()?;
    let name = prog.rsplit('/').next().unwrap_or(prog);
    let sub: Vec<&str> = exec
        .iter()
        .skip(1)
        .map(String::as_str)
        .filter(|a| !a.starts_with('-'))
        .collect();
    match name {
        "gatehook" => {
            let first = exec.get(1).map(String::as_str).unwrap_or("");
            (!GATEHOOK_READ_ONLY.contains(&first) && first != "hook").then(|| {
                Cause::SelfModification {
                    path: PathBuf::from(prog),
                    what: format!("gatehook's own CLI (`gatehook {first}`)"),
                }
            })
        }
        "claude" => {
            let changes = match sub.first().copied() {
                Some("config") => sub
                    .get(1)
                    .is_some_and(|s| matches!(*s, "set" | "add" | "remove")),
                Some("mcp") => sub.get(1).is_some_and(|s| {
                    matches!(
                        *s,
                        "add"
                            | "add-json"
                            | "remove"
                            | "add-from-claude-desktop"
                            | "reset-project-choices"
                    )
                }),
                Some("plugin") | Some("plugins") => true,
                _ => false,
            };
            changes.then(|| Cause::HarnessConfig {
                path: PathBuf::from(prog),
                what: format!(
                    "Claude Code's settings through its CLI (`claude {}`)",
                    sub.join(" ")
                ),
            })
        }
        _ => None,
    }
}

/// Search the new text of a file edit (see `command::edits`).
fn risky_edit(ev: &Eval) -> Option<Cause> {
    let p = ev.paths.first()?;
    let texts = command::proposed_text(ev.call.input);
    let jctx = command::JudgeCtx {
        home: &ev.ctx.home,
        cwd: ev.call.cwd,
        workspace: &ev.ctx.workspace,
        floor: &ev.ctx.floor,
        baseline: &command::NoBaseline,
    };
    let risk = command::scan_edit(&p.forms.lexical, &texts, &jctx)?;
    Some(Cause::RiskyEdit {
        path: p.forms.lexical.clone(),
        file: risk.file.to_string(),
        found: risk.found,
    })
}
