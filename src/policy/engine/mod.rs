//! The decision core. [`evaluate`] turns one tool call plus its context into an
//! [`Evaluation`]: the outcome, its cause, and every step taken. The hook, `explain`,
//! `check` and the audit record all render this one value; nothing re-derives a decision
//! on the side. Apart from resolving the paths a call names (symlinks are facts of the
//! file system, read once here) and reading the skill files a `Skill` call would load
//! (`skill`), the core does no I/O: config, clock and reviewer verdicts come from the
//! edges. Which tools exist and how each is judged is the catalogue's (`tools`).

use crate::analysis::command::{self, Judgement, Verdict};
use crate::analysis::shell;
use crate::context::baseline::Baseline;
use crate::context::config::Config;
use crate::context::floor::{Access, FloorCtx, PathClass};
use crate::context::paths::{self, PathForms, Workspace};
use crate::context::rules::{self, MatchCtx, RuleOutcome, Subject};
use crate::decision::cause::Cause;
use crate::decision::{Decision, Gate, Mode};
use crate::input::PermissionMode;
use crate::policy::delegate;
use crate::policy::holds;
use serde::Serialize;
use serde_json::{Map, Value};
use std::path::{Path, PathBuf};

mod agent;
mod checks;
pub(crate) mod mcp;
mod plugins;
mod skill;
pub(crate) use skill::walks_out as skill_walks_out;
mod tool;
pub(crate) use crate::context::web;

use checks::{
    finding_line, hard_floor, is_dev_null, outside_read, path_steps, risky_edit, routine_summary,
    scratch_write, self_command, source_label,
};
use tool::{is_read_only_tool, Eval, Kind, Then};

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
    pub home: &'a std::path::Path,
    pub workspace: &'a Workspace,
    pub floor: &'a FloorCtx,
    /// The session's record of build-defining files.
    pub baseline: &'a dyn Baseline,
    /// The holds the person's own words put in force this session, read only when the
    /// call falls in an action class a hold could cover (most calls do not).
    pub holds: &'a dyn Fn() -> Vec<holds::Hold>,
}

impl Context<'_> {
    /// What the command floor is given for a command judged from `cwd` (a Bash call, a
    /// delegated prompt's command lines, an MCP tool's shell text or edit).
    pub(super) fn judge_ctx<'s>(&'s self, cwd: &'s std::path::Path) -> command::JudgeCtx<'s> {
        command::JudgeCtx {
            home: self.home,
            cwd,
            workspace: self.workspace,
            floor: self.floor,
            baseline: self.baseline,
        }
    }
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
    /// Only names and metadata are read (`ls DIR`, `stat FILE`, Glob, LS), never what a
    /// file holds: outside the workspace such a read is ordinary unless the path itself is
    /// classed (a credential store stays refused).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub listing: bool,
    /// A read outside the workspace the floor finds nothing in: why it is still not an
    /// ordinary read (`floor::outside_read`: a home's dotfile, an agent's session record,
    /// a history, a service's config), when it is not. In auto mode such a read needs the
    /// person's words naming the path (`review::soft`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unordinary: Option<String>,
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
    /// Command lines a tool is handed in its values (an MCP tool's inputs) that the
    /// command floor finds risky or refuses: judged as Bash would run them, not run here.
    /// The reviewer's needs are read from their effects as from a Bash call's.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub carried: Vec<Judgement>,
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
        carried: Vec::new(),
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
            // A missing field is asked about; a hostile shape (a NUL, a wrong type) is not.
            let decision = match cause {
                Cause::IncompleteInput { .. } => Decision::Ask,
                _ => Decision::Deny,
            };
            return ev.finish(Outcome::Decided(decision), Gate::Error, cause);
        }
    };
    path_steps(&mut ev, 0);

    // 1. Hard floor: credentials, gatehook's own files, the harness's settings (named by a
    //    path field, or by any value of an MCP tool), a cloud metadata endpoint fetched
    //    (the machine's role credentials: `web::reach`).
    if let Some(cause) = hard_floor(&ev.paths).or_else(|| match &kind {
        Kind::Tool(Then::Floor(c)) | Kind::Fetch(_, Then::Floor(c)) => Some(c.clone()),
        _ => None,
    }) {
        ev.step("hard-floor", cause.describe());
        return ev.finish(Outcome::Decided(Decision::Deny), Gate::Floor, cause);
    }

    // 2. Shell analysis (the parse every later step uses).
    let mut bash_commands: Vec<rules::BashCommand> = Vec::new();
    let mut fully_parsed = false;
    if let Kind::Shell(command) = &kind {
        let analysis = shell::analyze(
            command,
            &shell::ShellEnv::new(ctx.home.to_path_buf(), call.cwd.to_path_buf()),
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
        let judgement = command::judge(&analysis, &ctx.judge_ctx(call.cwd));
        // A part the judge found opaque is as unparsed as the shell's own.
        fully_parsed = fully_parsed && judgement.opaque.is_empty();
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
                let forms = paths::forms(&raw, call.cwd, ctx.home);
                let listing = access == Access::Read && judgement.listings.contains(p);
                ev.add_forms_as(&raw, forms, access, listing);
            }
        }
        // A look at a path's metadata is a read of the path itself, not of what a link
        // there points to.
        for p in &judgement.stats {
            let raw = p.display().to_string();
            let forms = paths::lstat_forms(&raw, call.cwd, ctx.home);
            ev.add_forms_as(&raw, forms, Access::Read, true);
        }
        // Paths written (or linked) through arguments: `sed -i`, `find -fprint`, `cp`, `ln`…
        for f in &judgement.findings {
            let (writes, reads) = command::writers::targets(&f.argv);
            let cwd = f.cwd.as_deref().unwrap_or(call.cwd);
            for (list, access) in [(writes, Access::Write), (reads, Access::Read)] {
                for raw in list {
                    let forms = paths::forms(&raw, cwd, ctx.home);
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
    let delegated = match &kind {
        Kind::Agent { prompt, agent, .. } => Some((prompt, agent.as_str())),
        Kind::Prompted { prompt, .. } => Some((prompt, call.tool)),
        _ => None,
    };
    if let Some((prompt, agent)) = delegated {
        intents = delegate::scan(prompt, &ctx.judge_ctx(call.cwd));
        for i in &intents {
            ev.step(
                "delegation",
                format!("{agent}: {} intent ({})", i.kind, i.found),
            );
        }
    }
    let read_only_agent = matches!(&kind, Kind::Agent { agent, launch: Ok(_), .. }
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
        let cause = if *category == "credential" {
            Cause::Secret {
                command: command.clone(),
                reason: reason.clone(),
            }
        } else {
            Cause::Destructive {
                category: category.to_string(),
                reason: reason.clone(),
                command: command.clone(),
            }
        };
        ev.step("destructive", cause.describe());
        return ev.finish(Outcome::Decided(Decision::Deny), Gate::Floor, cause);
    }

    // 3. Plan mode: nothing that writes or runs (a read-only routine command may run).
    let plan_ok = ev.judgement.as_ref().is_some_and(Judgement::read_only);
    // The plan itself: a file tool writing only Claude Code's plan file, the one file plan
    // mode has the agent edit (what is written is judged as any write there, below).
    let plan_file = matches!(kind, Kind::Edit)
        && !ev.paths.is_empty()
        && ev.paths.iter().all(|p| {
            p.access == Access::Write
                && p.forms
                    .forms()
                    .all(|f| crate::context::floor::plan_file(f, &ctx.floor.home))
        });
    if call.permission_mode == PermissionMode::Plan
        && !is_read_only_tool(call.tool)
        && !plan_ok
        && !read_only_agent
        && !plan_file
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
        Kind::Fetch(url, _) => Subject::WebFetch { url },
        Kind::Inert | Kind::Agent { .. } | Kind::Tool(_) | Kind::Prompted { .. } | Kind::Other => {
            Subject::Tool {
                name: call.tool,
                input: &input_value,
            }
        }
    };
    let mctx = MatchCtx {
        cwd: call.cwd,
        project_root: &ctx.workspace.root,
        home: ctx.home,
    };
    let auto = cfg.mode == Mode::Auto;
    let rule_outcome = cfg.rules.evaluate(&subject, &mctx, auto);
    let mut allow_rules: Option<Vec<String>> = None;
    match rule_outcome {
        RuleOutcome::Deny(r) => {
            let cause = Cause::DenyRule {
                rule: r.rule.text.clone(),
                source: source_label(&r.source),
                message: r.message.clone(),
            };
            ev.step("rules", cause.describe());
            return ev.finish(Outcome::Decided(Decision::Deny), Gate::Rule, cause);
        }
        RuleOutcome::Ask(r) => {
            let cause = Cause::AskRule {
                rule: r.rule.text.clone(),
                source: source_label(&r.source),
                message: r.message.clone(),
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
    //     What the call does is read from its effects, whatever it is called; a call
    //     with an effect the floor does not understand may be any held action, so every
    //     hold in force covers it (the reason line says gatehook cannot tell).
    let (mut classes, unknown) = match &ev.shell {
        Some(_) => {
            let effects = ev
                .judgement
                .iter()
                .flat_map(|j| j.findings.iter())
                .map(|f| &f.effects[..]);
            let mut c = Vec::new();
            let mut unknown = false;
            for fx in effects {
                c.extend(holds::classes_of_effects(fx));
                unknown |= holds::unknown_holds(fx);
            }
            (c, unknown)
        }
        None => match &kind {
            Kind::Agent { prompt, .. } => (delegate::hold_classes(&intents, prompt), false),
            Kind::Prompted { prompt, .. } => {
                let (mut c, unknown) = holds::classes_of_tool(call.tool, call.input);
                c.extend(delegate::hold_classes(&intents, prompt));
                (c, unknown)
            }
            _ => holds::classes_of_tool(call.tool, call.input),
        },
    };
    // A lookup reaches the network whatever tool makes it (an MCP search, a WebSocket).
    if matches!(
        &kind,
        Kind::Tool(Then::Allow(Cause::Lookup { .. })) | Kind::Fetch(..)
    ) {
        classes.push(holds::ActionClass::Network);
    }
    classes.sort();
    classes.dedup();
    if !classes.is_empty() || unknown {
        let in_force = (ctx.holds)();
        let held = holds::applicable(&in_force, &classes)
            .map(|h| (h, false))
            .or_else(|| in_force.first().filter(|_| unknown).map(|h| (h, true)));
        if let Some((h, unknown)) = held {
            let cause = Cause::Hold {
                class: h.class.phrase().to_string(),
                quote: h.quote.clone(),
                unknown,
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
            write: p.access == Access::Write,
        };
        ev.step("floor", cause.describe());
        return unsure(ev, Gate::Floor, cause);
    }

    // 6b. Shell writes outside the workspace, then the soft tier (a person's allow rule
    //     covering every part lifts the soft tier, never a write outside).
    //     Whether each write outside the workspace is a scratch file, judged once here
    //     for this step and step 8 (one `lstat` each).
    let scratch_of: Vec<Option<Result<(), String>>> = ev
        .paths
        .iter()
        .map(|p| {
            (p.access == Access::Write && !p.in_workspace)
                .then(|| scratch_write(p, cfg.paths.writes, ctx.floor))
        })
        .collect();
    if ev.judgement.is_some() {
        if let Some(p) = ev
            .paths
            .iter()
            .zip(&scratch_of)
            .find(|(_, s)| matches!(s, Some(Err(_))))
            .map(|(p, _)| p)
        {
            let path = p
                .forms
                .resolved
                .clone()
                .unwrap_or_else(|| p.forms.lexical.clone());
            let cause = Cause::OutsideWorkspace {
                path,
                write: true,
                shell: true,
                why: None,
            };
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

    // 6b'. A tool whose input values a person must see first (a secret in a query, SQL
    //      that destroys): an allow rule naming the tool lifts it.
    if let (Kind::Tool(Then::Risky(c)) | Kind::Fetch(_, Then::Risky(c)), None) =
        (&kind, &allow_rules)
    {
        let cause = c.clone();
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
    //     The same for the shell: `echo … >> CLAUDE.md`, `cp x.sh scripts/`, `tee Makefile`.
    if let Some(p) = ev.judgement.as_ref().and_then(|j| j.planted.first()) {
        let cause = Cause::RiskyEdit {
            path: p.path.clone(),
            file: p.file.to_string(),
            found: p.found.clone(),
        };
        ev.step("risky-edit", cause.describe());
        return unsure(ev, Gate::Floor, cause);
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
    // Reads outside the workspace of paths that hold no credential or secret run at once
    // (`floor::outside_read`), unless `[paths] reads = "workspace"`.
    //     Writes there run at once only as a program's own scratch files in the system's
    //     temporary directory (`checks::scratch_write`), unless `[paths] writes = "workspace"`.
    let mut ordinary: Option<PathBuf> = None;
    // Every ordinary read outside is a listing of names and metadata.
    let mut listing_only = true;
    let mut scratch: Option<PathBuf> = None;
    let mut plan: Option<PathBuf> = None;
    let mut refused: Option<(PathBuf, bool, String)> = None;
    for (p, scratch_fact) in ev
        .paths
        .iter()
        .zip(&scratch_of)
        .filter(|(p, _)| !p.in_workspace)
    {
        let path = p
            .forms
            .resolved
            .clone()
            .unwrap_or_else(|| p.forms.lexical.clone());
        let judged = match (p.access, scratch_fact) {
            (Access::Write, Some(fact)) => fact.clone().map(|()| {
                if crate::context::floor::plan_file(&path, &ctx.floor.home) {
                    &mut plan
                } else {
                    &mut scratch
                }
            }),
            (Access::Write, None) => Err("a write".to_string()),
            (Access::Read, _) => {
                listing_only &= p.listing;
                outside_read(p, cfg.paths.reads).map(|()| &mut ordinary)
            }
        };
        match judged {
            Ok(slot) => {
                slot.get_or_insert(path);
            }
            Err(why) => {
                refused = Some((path, p.access == Access::Write, why));
                break;
            }
        }
    }
    if let Some((path, write, why)) = refused {
        // A read says why it is not an ordinary one in the reason line itself.
        let cause = Cause::OutsideWorkspace {
            path,
            write,
            shell: ev.judgement.is_some(),
            why: (!write).then(|| why.clone()),
        };
        ev.step(
            "floor",
            if write {
                format!("{} ({why})", cause.describe())
            } else {
                cause.describe()
            },
        );
        return unsure(ev, Gate::Floor, cause);
    }
    if let Some(path) = &ordinary {
        ev.step(
            "floor",
            if listing_only {
                format!(
                    "outside the workspace: names and metadata under {} are listed, no contents",
                    path.display()
                )
            } else {
                format!(
                    "outside the workspace: {} holds no credential or secret",
                    path.display()
                )
            },
        );
    }
    if let Some(path) = &plan {
        ev.step(
            "floor",
            format!(
                "outside the workspace: {} is Claude Code's plan file",
                path.display()
            ),
        );
    }
    if let Some(path) = &scratch {
        ev.step(
            "floor",
            format!(
                "outside the workspace: {} is a scratch file in the system's temporary directory",
                path.display()
            ),
        );
    }

    // 9. Fast path.
    let fast = match &kind {
        Kind::Read => Some(match ordinary {
            Some(path) => Cause::OrdinaryRead {
                path,
                listing: listing_only,
            },
            None => Cause::WorkspaceRead,
        }),
        Kind::Edit => Some(match (scratch, plan) {
            (Some(path), _) => Cause::ScratchWrite { path },
            (None, Some(path)) => Cause::PlanFile { path },
            (None, None) => Cause::WorkspaceEdit,
        }),
        Kind::Inert => Some(Cause::NoSideEffects {
            tool: call.tool.to_string(),
        }),
        Kind::Agent { agent, .. } if read_only_agent => Some(Cause::ReadOnlyAgent {
            agent: agent.clone(),
        }),
        // Risky delegated prompts were settled above (7b); each call the subagent makes
        // comes through this hook.
        Kind::Agent {
            agent,
            launch: Ok(does),
            ..
        } if intents.is_empty() => Some(Cause::Subagent {
            agent: agent.clone(),
            does: does.clone(),
        }),
        Kind::Tool(Then::Allow(c)) | Kind::Fetch(_, Then::Allow(c)) => Some(c.clone()),
        // Risky delegated prompts were settled above (7b).
        Kind::Prompted {
            then: Then::Allow(c),
            ..
        } => Some(c.clone()),
        Kind::Shell(_)
        | Kind::PowerShell(_)
        | Kind::Fetch(..)
        | Kind::Agent { .. }
        | Kind::Tool(_)
        | Kind::Prompted { .. }
        | Kind::Other => None,
    };
    if let Some(cause) = fast {
        ev.step("fast-path", cause.describe());
        return ev.finish(Outcome::Decided(Decision::Allow), Gate::Fastpath, cause);
    }
    let shell_cause = match verdict {
        Some(Verdict::Routine) => {
            let cause = Cause::RoutineCommand {
                summary: ev
                    .judgement
                    .as_ref()
                    .map(|j| routine_summary(j, &ev.paths, ctx.workspace))
                    .unwrap_or_default(),
            };
            ev.step("fast-path", cause.describe());
            return ev.finish(Outcome::Decided(Decision::Allow), Gate::Fastpath, cause);
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
        Kind::Fetch(_, Then::Unsure(why))
        | Kind::Tool(Then::Unsure(why))
        | Kind::Prompted {
            then: Then::Unsure(why),
            ..
        } => why.clone(),
        Kind::Fetch(..) => "no rule covers this fetch".to_string(),
        Kind::Agent {
            launch: Err(why), ..
        } => why.clone(),
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
