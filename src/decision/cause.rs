//! Why a decision was made: one closed enum. The hook's reason line, `explain` and the
//! audit record all render from it, and none of them has a catch-all arm, so a new cause
//! has to be described everywhere. Every deny or ask also says what would make it pass.

use crate::decision::{Decision, Mode};
use serde::Serialize;
use std::path::PathBuf;

/// Longest reason line gatehook prints.
pub const MAX_REASON_CHARS: usize = 400;

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "cause", rename_all = "kebab-case")]
pub enum Cause {
    /// A deny rule from the person's or organisation's config matched; `message` is the
    /// rule's own word to the agent (`{ rule = "…", message = "…" }`), if it has one.
    DenyRule {
        rule: String,
        source: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        message: Option<String>,
    },
    /// An ask rule matched (with the rule's message, if it has one).
    AskRule {
        rule: String,
        source: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        message: Option<String>,
    },
    /// Allow rules cover the whole call.
    AllowRule { rules: Vec<String> },
    /// The call reads or writes credentials (SSH keys, cloud tokens, another process's
    /// environment). A hard floor: no rule, mode or reviewer lifts it.
    Credential { path: PathBuf, what: String },
    /// The call writes gatehook's own config, state, audit log or binary. Hard floor.
    SelfModification { path: PathBuf, what: String },
    /// The call writes the harness's settings, hooks or MCP config. Hard floor.
    HarnessConfig { path: PathBuf, what: String },
    /// The call touches a protected path (secrets by name, config that runs code,
    /// persistence surfaces). Never fast-pathed; an allow rule lifts a read, never a write.
    ProtectedPath {
        path: PathBuf,
        what: String,
        write: bool,
    },
    /// The call touches a path outside the workspace. `shell`: through a shell command
    /// (a path rule does not cover a command, and nothing but the workspace lifts a
    /// shell write outside it).
    OutsideWorkspace {
        path: PathBuf,
        write: bool,
        shell: bool,
        /// Why a read outside is not one of the ordinary reads allowed there (a file
        /// whose name says it holds a secret, settings whose content cannot be checked):
        /// most reads outside the workspace are allowed, so the line says what this one is.
        why: Option<String>,
    },
    /// A path could not be resolved (symlink loop, unreadable link): gatehook cannot know
    /// where the call lands.
    UnresolvablePath { path: PathBuf },
    /// The session is in plan mode and the call writes or runs something.
    PlanMode { tool: String },
    /// A command prints a secret where the agent reads it, or sends one over the network:
    /// an environment dump, a secret-shaped variable expanded into a word, a CLI that
    /// prints a token (`gh auth token`), a secret in a URL or header. Hard floor.
    Secret { command: String, reason: String },
    /// A read-only file tool inside the workspace.
    WorkspaceRead,
    /// A read-only file tool outside the workspace, of a path that holds no credential
    /// and no secret (`floor::outside_read`): system headers, other projects, tool caches;
    /// or, with `listing`, of names and metadata only (`Glob`, `LS`), which a tree holding
    /// a store may give too (the store itself is never listed).
    OrdinaryRead { path: PathBuf, listing: bool },
    /// A file tool writes a program's own scratch file in the system's temporary directory.
    ScratchWrite { path: PathBuf },
    /// A file tool writes Claude Code's plan file (`~/.claude/plans/NAME.md`), the one
    /// file its plan mode has the agent edit.
    PlanFile { path: PathBuf },
    /// A file edit inside the workspace, off every protected path.
    WorkspaceEdit,
    /// A tool with no side effects (todo lists, questions to the person).
    NoSideEffects { tool: String },
    /// A tool of the harness's own bookkeeping, judged by its input: reading its own task
    /// output, cancelling a prompt it scheduled, scheduling this session, a worktree of its own,
    /// loading a skill whose file runs nothing. `does` says what the call does.
    HarnessTool { tool: String, does: String },
    /// A lookup judged by its input values: a web search or a fetch of a public host
    /// carrying no secret-shaped value, an MCP search or a read-only SQL query.
    Lookup { tool: String, does: String },
    /// A tool call whose input values do something a person must see first (a query that
    /// carries a secret, SQL that drops or deletes, discarding a worktree's changes).
    /// Asked about (guard) or reviewed (auto); an allow rule naming the tool lifts it.
    RiskyTool { tool: String, reason: String },
    /// The harness runs with permission checks off; gatehook applied its hard floor and
    /// deny/ask rules and leaves the rest to the harness.
    BypassMode,
    /// The shell command destroys something beyond repair (deleting the home directory or
    /// the workspace, wiping a disk, a fork bomb, remote code piped to a shell, credentials
    /// sent out, an unguarded agent, a force-push to the default branch) or attacks the
    /// gate itself. A hard floor: no rule, mode or reviewer lifts it.
    Destructive {
        category: String,
        reason: String,
        command: String,
    },
    /// The shell command loses work, publishes, or destroys something recoverable
    /// (deleting inside the workspace, `git reset --hard`, `git push`, dropping a table,
    /// killing processes). Asked about (guard) or reviewed (auto).
    RiskyCommand {
        category: String,
        reason: String,
        command: String,
    },
    /// Every part of the shell command is routine: it reads, runs a build or test runner
    /// whose definition files are unchanged, or writes inside the workspace. `summary`
    /// says what it does, from the command floor's findings; allowed without asking.
    RoutineCommand { summary: String },
    /// A build or test runner whose definition files (manifests, build scripts, runner
    /// config) changed since the session began: it may now run code nobody has seen.
    BuildFilesChanged {
        files: Vec<PathBuf>,
        command: String,
    },
    /// The shell command uses constructs gatehook cannot fully model; never allowed by the
    /// floor.
    OpaqueCommand { reason: String },
    /// A part of the shell command is not in the routine catalogue (or is given an option
    /// that is not routine), and nothing else decides it.
    UnknownCommand { command: String, reason: String },
    /// Nothing in the floor or the rules decides this call; it needs a person or the
    /// reviewer.
    Undecided { why: String },
    /// Auto mode wanted the reviewer, and it could not give a verdict.
    ReviewerUnavailable { error: String },
    /// The reviewer allowed the call, citing the person's messages, and every guarantee
    /// gatehook enforces in code held.
    ReviewerAllow {
        reason: String,
        evidence: Vec<String>,
    },
    /// The reviewer wants the person to decide.
    ReviewerAsk { reason: String, risk: String },
    /// The reviewer refused the call.
    ReviewerDeny { reason: String, risk: String },
    /// A guarantee gatehook enforces in code does not hold (no evidence, high risk,
    /// ungrounded destructive action, refusal limit, …): the reviewer's allow was
    /// withdrawn, or (`not_sent`) no allow could have stood, so the call was not sent.
    Guarantee {
        guarantee: String,
        detail: String,
        /// The reviewer was not asked: no answer of its could have allowed the call.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        not_sent: bool,
        /// What would let it pass, from the effect ("say which branch to push").
        #[serde(default, skip_serializing_if = "Option::is_none")]
        remedy: Option<String>,
    },
    /// The hook payload was unusable.
    BadInput { error: String },
    /// The tool's input lacks a field gatehook judges it by (`Agent` without its `prompt`,
    /// `Read` without its `file_path`): nothing hostile in its shape, but nothing to judge
    /// either, so the person sees it.
    IncompleteInput { tool: String, field: String },
    /// A config file was unreadable or invalid.
    BadConfig { error: String },
    /// gatehook itself failed.
    Internal { error: String },
    /// gatehook's own state directory (or its parent) is not private: someone else could
    /// have written the person's words, holds, baselines or review cache kept there.
    /// Reported as `internal-error` (the closed set of causes does not grow).
    UnsafeState { dir: String, why: String },
    /// The person asked not to do this kind of thing ("don't push yet"); a hold asks
    /// them, whatever rules, the fast path or the reviewer would say. `unknown`: the call
    /// has effects gatehook does not understand, so it may be the held action.
    Hold {
        class: String,
        quote: String,
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        unknown: bool,
    },
    /// A subagent delegation whose prompt shows destructive, publish-like, credential or
    /// permission-skipping intent: seen by the person (guard) or the reviewer (auto) first.
    RiskyDelegation { kind: String, found: String },
    /// A read-only subagent (Explore, Plan) with a harmless prompt.
    ReadOnlyAgent { agent: String },
    /// A subagent with a harmless prompt whose launch does nothing more than run it: each
    /// call it makes comes through the hook and is judged (`does`: what the launch is).
    Subagent { agent: String, does: String },
    /// Auto mode is paused for this session after repeated reviewer refusals: calls that
    /// would go to the reviewer ask the person instead.
    Paused {
        in_a_row: u32,
        total: u32,
        session: String,
    },
    /// The person let exactly this call run once (`gatehook allow-once CODE`); `lifted` is
    /// the cause it would otherwise have been refused or asked about for.
    AllowOnce { code: String, lifted: String },
    /// A workspace edit to a file that runs later (build or test definition, script, CI
    /// file, git hook) or that steers the agent (CLAUDE.md, AGENTS.md, …) plants something
    /// dangerous: a remote script piped to a shell, a credential path, the environment
    /// sent out, permission checks switched off. Asked about (guard) or reviewed (auto).
    RiskyEdit {
        path: PathBuf,
        file: String,
        found: String,
    },
}

impl Cause {
    /// The stable, kebab-case name used in the audit log and `explain --json`.
    pub fn id(&self) -> &'static str {
        match self {
            Cause::DenyRule { .. } => "deny-rule",
            Cause::AskRule { .. } => "ask-rule",
            Cause::AllowRule { .. } => "allow-rule",
            Cause::Credential { .. } => "credential",
            Cause::SelfModification { .. } => "self-modification",
            Cause::HarnessConfig { .. } => "harness-config",
            Cause::ProtectedPath { .. } => "protected-path",
            Cause::OutsideWorkspace { .. } => "outside-workspace",
            Cause::UnresolvablePath { .. } => "unresolvable-path",
            Cause::PlanMode { .. } => "plan-mode",
            Cause::WorkspaceRead => "workspace-read",
            Cause::OrdinaryRead { .. } => "ordinary-read",
            Cause::ScratchWrite { .. } => "scratch-write",
            Cause::PlanFile { .. } => "plan-file",
            Cause::WorkspaceEdit => "workspace-edit",
            Cause::NoSideEffects { .. } => "no-side-effects",
            Cause::HarnessTool { .. } => "harness-tool",
            Cause::Lookup { .. } => "lookup",
            Cause::RiskyTool { .. } => "risky-tool",
            Cause::BypassMode => "bypass-mode",
            Cause::Destructive { .. } => "destructive",
            Cause::Secret { .. } => "secret",
            Cause::RiskyCommand { .. } => "risky-command",
            Cause::RoutineCommand { .. } => "routine-command",
            Cause::BuildFilesChanged { .. } => "build-files-changed",
            Cause::OpaqueCommand { .. } => "opaque-command",
            Cause::UnknownCommand { .. } => "unknown-command",
            Cause::Undecided { .. } => "undecided",
            Cause::ReviewerUnavailable { .. } => "reviewer-unavailable",
            Cause::ReviewerAllow { .. } => "reviewer-allow",
            Cause::ReviewerAsk { .. } => "reviewer-ask",
            Cause::ReviewerDeny { .. } => "reviewer-deny",
            Cause::Guarantee { .. } => "guarantee",
            Cause::BadInput { .. } => "bad-input",
            Cause::IncompleteInput { .. } => "incomplete-input",
            Cause::BadConfig { .. } => "bad-config",
            Cause::Internal { .. } | Cause::UnsafeState { .. } => "internal-error",
            Cause::Hold { .. } => "hold",
            Cause::Paused { .. } => "paused",
            Cause::RiskyDelegation { .. } => "risky-delegation",
            Cause::ReadOnlyAgent { .. } => "read-only-agent",
            Cause::Subagent { .. } => "subagent",
            Cause::RiskyEdit { .. } => "risky-edit",
            Cause::AllowOnce { .. } => "allow-once",
        }
    }

    /// What happened, in one line.
    pub fn describe(&self) -> String {
        match self {
            Cause::DenyRule {
                rule,
                source,
                message,
            } => format!("deny rule `{rule}` matches{} ({source})", said(message)),
            Cause::AskRule {
                rule,
                source,
                message,
            } => format!("ask rule `{rule}` matches{} ({source})", said(message)),
            Cause::AllowRule { rules } => format!("allowed by rule {}", quote_list(rules)),
            Cause::Credential { path, what } => {
                format!(
                    "{} holds {what}; credentials are never read or written",
                    path.display()
                )
            }
            Cause::SelfModification { path, what } => {
                format!(
                    "{} is {what}; an agent may not change its own gate",
                    path.display()
                )
            }
            Cause::HarnessConfig { path, what } => {
                format!(
                    "{} is {what}; an agent may not change its harness's settings or hooks",
                    path.display()
                )
            }
            Cause::ProtectedPath { path, what, .. } => {
                format!("{} is protected ({what})", path.display())
            }
            Cause::OutsideWorkspace { path, why, .. } => match why {
                Some(why) => format!("{} is outside the workspace ({why})", path.display()),
                None => format!("{} is outside the workspace", path.display()),
            },
            Cause::UnresolvablePath { path } => {
                format!(
                    "{} cannot be resolved (symlink loop or unreadable link)",
                    path.display()
                )
            }
            Cause::PlanMode { tool } => format!("plan mode: {tool} would write or run something"),
            Cause::WorkspaceRead => "read-only access inside the workspace".to_string(),
            Cause::OrdinaryRead {
                path,
                listing: false,
            } => format!(
                "reads {} outside the workspace, where no credential or secret is kept",
                path.display()
            ),
            Cause::OrdinaryRead {
                path,
                listing: true,
            } => format!(
                "lists names under {} outside the workspace; no file's contents are read",
                path.display()
            ),
            Cause::WorkspaceEdit => "edit inside the workspace".to_string(),
            Cause::PlanFile { path } => format!(
                "writes the plan in Claude Code's plan file {} (a new file, or one of your own there that no other name links to)",
                path.display()
            ),
            Cause::ScratchWrite { path } => format!(
                "writes {} in the system's temporary directory (a new file, or one of your own there that no other name links to)",
                path.display()
            ),
            Cause::NoSideEffects { tool } => format!("{tool} has no side effects"),
            Cause::HarnessTool { tool, does } | Cause::Lookup { tool, does } => {
                format!("{tool} {does}")
            }
            Cause::RiskyTool { tool, reason } => format!("{tool} {reason}"),
            Cause::BypassMode => {
                "permission checks are bypassed; no hard floor or deny/ask rule applies".to_string()
            }
            Cause::Destructive {
                category,
                reason,
                command,
            } => format!("`{command}`: {reason} ({category}); never allowed"),
            Cause::Secret { command, reason } => {
                format!("`{command}`: {reason}; secrets never reach the agent or the network")
            }
            Cause::RiskyCommand {
                category,
                reason,
                command,
            } => format!("`{command}`: {reason} ({category})"),
            Cause::RoutineCommand { summary } => summary.clone(),
            Cause::BuildFilesChanged { files, command } => format!(
                "`{command}` runs project code, and {} changed since the session began",
                files
                    .iter()
                    .map(|f| f.display().to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Cause::OpaqueCommand { reason } => {
                format!("the command cannot be fully analysed: {reason}")
            }
            Cause::UnknownCommand { command, reason } => {
                format!("`{command}` is not known to be routine: {reason}")
            }
            Cause::Undecided { why } => why.clone(),
            Cause::ReviewerUnavailable { error } => {
                format!("the reviewer gave no verdict: {error}")
            }
            Cause::ReviewerAllow { reason, evidence } => format!(
                "the reviewer allowed it (citing {}): {reason}",
                evidence.join(", ")
            ),
            Cause::ReviewerAsk { reason, risk } => {
                format!("the reviewer asks the person ({risk} risk): {reason}")
            }
            Cause::ReviewerDeny { reason, risk } => {
                format!("the reviewer refused it ({risk} risk): {reason}")
            }
            Cause::Guarantee {
                guarantee,
                detail,
                not_sent: false,
                ..
            } => {
                format!("the reviewer's allow was withdrawn ({guarantee}): {detail}")
            }
            Cause::Guarantee {
                guarantee, detail, ..
            } => {
                format!("not sent to the reviewer, which could not allow it ({guarantee}): {detail}")
            }
            Cause::BadInput { error } => format!("unusable hook payload: {error}"),
            Cause::IncompleteInput { tool, field } => format!(
                "the {tool} call has no `{field}`, so gatehook cannot tell what it would do"
            ),
            Cause::BadConfig { error } => format!("invalid config: {error}"),
            Cause::Internal { error } => format!("internal error: {error}"),
            Cause::UnsafeState { dir, why } => format!(
                "gatehook's state directory {dir} {why}, so the person's words, holds, build \
                 baselines and review cache kept there cannot be trusted"
            ),
            Cause::RiskyDelegation { found, .. } => {
                format!("the delegated prompt shows {found}")
            }
            Cause::ReadOnlyAgent { agent } => {
                format!("{agent} is a read-only subagent with a harmless prompt")
            }
            Cause::Subagent { does, .. } => {
                format!("{does}; the delegated prompt shows nothing risky")
            }
            Cause::Paused { in_a_row, total, .. } => format!(
                "auto mode is paused for this session after {in_a_row} reviewer refusals in a row ({total} in total)"
            ),
            Cause::Hold {
                class,
                quote,
                unknown: false,
            } => format!(
                "You asked me not to {class} (\"{quote}\"), so I'm checking before I do it now"
            ),
            Cause::Hold {
                class,
                quote,
                unknown: true,
            } => format!(
                "You asked me not to {class} (\"{quote}\"), and gatehook cannot tell what this call does, so I'm checking before I do it now"
            ),
            Cause::RiskyEdit { path, file, found } => {
                format!("{} is {file}, and the new text {found}", path.display())
            }
            Cause::AllowOnce { code, lifted } => format!(
                "you let this exact call run once (`gatehook allow-once {code}`) past {lifted}"
            ),
        }
    }

    /// What would make the call pass, for the person who reads this line: chosen here
    /// and nowhere else, from the cause's facts, what the harness does with the answer,
    /// and gatehook's mode. Nothing is "approved" where no prompt shows (a deny, Codex,
    /// Cursor's `beforeReadFile`); a hard floor says nothing lifts it; the reviewer is
    /// named only in auto mode; an allow needs nothing.
    pub fn remedy(&self, a: &Audience) -> Option<String> {
        let auto = a.mode == Mode::Auto;
        if a.reply == Reply::Allowed {
            return None;
        }
        let fixed = |s: &str| Some(s.to_string());
        // A hard floor: no rule, mode (or reviewer) lifts it.
        let hard = |then: &str| {
            let lifts = if auto {
                "no rule, mode or reviewer lifts it"
            } else {
                "no rule or mode lifts it"
            };
            Some(format!("{lifts}; {then}"))
        };
        let words = if auto {
            "say it explicitly in your own words (name the action and its target) so the reviewer sees it"
        } else {
            "say it explicitly in your own words"
        };
        match self {
            Cause::Credential { .. } | Cause::Destructive { .. } => {
                hard("if you really mean it, run it yourself outside the agent")
            }
            Cause::Secret { .. } => hard("if you need the value, run it yourself outside the agent"),
            Cause::SelfModification { .. } => hard(
                "edit gatehook's config yourself, outside the agent (gatehook explain shows which files are read)",
            ),
            Cause::HarnessConfig { .. } => {
                hard("edit your harness settings yourself, outside the agent")
            }
            Cause::DenyRule { source, .. } => Some(format!(
                "remove or narrow the deny rule in {source} if this call is intended"
            )),
            Cause::PlanMode { .. } => fixed("leave plan mode first"),
            Cause::BadInput { .. } => fixed("this is a harness or gatehook bug; report it"),
            Cause::IncompleteInput { .. } => a.offer(
                "approve it only if you know what it would do",
                Some("report it if your harness renamed the field".to_string()),
            ),
            Cause::BadConfig { .. } => {
                fixed("fix the config file named above (gatehook check lists every error)")
            }
            Cause::Internal { .. } => fixed("report this gatehook bug"),
            Cause::UnsafeState { dir, .. } => Some(format!(
                "make {dir} a directory of yours that only you can write (chmod 700), or remove it"
            )),
            Cause::AskRule { source, .. } => a.offer(
                "approve it at the prompt",
                Some(format!("remove or narrow the ask rule in {source}")),
            ),
            Cause::ProtectedPath { write: true, .. } => a.offer_or(
                "approve it at the prompt if you meant it (allow rules do not lift a protected write)",
                None,
                "make the change yourself outside the agent",
            ),
            Cause::ProtectedPath { path, .. } => a.offer(
                "approve it at the prompt if you meant it",
                Some(format!(
                    "add the allow rule `Read(/{})` if reading it is routine for you",
                    path.display()
                )),
            ),
            Cause::OutsideWorkspace {
                path, write, shell, ..
            } => {
                let rule = match (shell, write) {
                    (true, true) => String::new(),
                    (true, false) => ", or allow the exact command with a Bash rule".to_string(),
                    (false, w) => format!(
                        ", or add the allow rule `{}(/{})`",
                        if *w { "Edit" } else { "Read" },
                        path.display()
                    ),
                };
                a.offer(
                    "approve it at the prompt",
                    Some(format!(
                        "add its directory to [workspace] additional_directories{rule}"
                    )),
                )
            }
            Cause::UnresolvablePath { .. } => a.offer(
                "approve it at the prompt",
                fixed("fix or remove the broken symlink"),
            ),
            Cause::RiskyCommand { .. } => a.offer(
                "approve it if it is what you asked for",
                fixed("allow it with a narrow Bash rule that covers every part"),
            ),
            Cause::RiskyTool { tool, .. } => a.offer(
                "approve it if it is what you asked for",
                Some(format!("allow it with a rule naming `{tool}`")),
            ),
            Cause::BuildFilesChanged { .. } => a.offer(
                "review the changed file, then approve it",
                fixed("a new session takes a new baseline"),
            ),
            Cause::OpaqueCommand { .. } => a.offer(
                "approve it",
                fixed("ask the agent for a plainer command"),
            ),
            Cause::UnknownCommand { .. } => a.offer(
                "approve it",
                fixed("add a narrow allow rule (gatehook explain shows the parsed command)"),
            ),
            // An unmapped tool of another harness is asked about and never allowed by a
            // rule; anything else undecided can be.
            Cause::Undecided { .. } if a.decision == Some(Decision::Ask) => {
                a.offer("approve it at the prompt if you want it", None)
            }
            Cause::Undecided { .. } => a.offer(
                "approve it",
                fixed("add a narrow allow rule (gatehook explain shows what it would match)"),
            ),
            Cause::ReviewerUnavailable { .. } => a.offer(
                "approve it at the prompt",
                fixed("check [reviewer] in your config (gatehook doctor tests it)"),
            ),
            Cause::Guarantee {
                remedy: Some(r), ..
            } => a.offer("approve it at the prompt", Some(format!("if you want it, {r}"))),
            Cause::ReviewerAsk { .. } | Cause::ReviewerDeny { .. } | Cause::Guarantee { .. } => {
                a.offer("approve it at the prompt", Some(format!("if you want it, {words}")))
            }
            Cause::Hold { class, .. } => a.offer(
                "approve it here",
                Some(format!(
                    "tell the agent in a new message that it may {class} now (no rule lifts a hold)"
                )),
            ),
            Cause::RiskyDelegation { .. } => a.offer(
                "approve the delegation if you asked for it",
                auto.then(|| format!("{words} before delegating")),
            ),
            Cause::Paused { session, .. } => a.offer(
                "approve it yourself",
                Some(format!(
                    "`gatehook resume --session {session}` (or a new session) resumes auto mode"
                )),
            ),
            Cause::RiskyEdit { .. } => a.offer_or(
                "read the change; approve it only if it is what you asked for (allow rules do not lift it)",
                None,
                "read the change and make it yourself if it is what you asked for",
            ),
            Cause::AllowRule { .. }
            | Cause::AllowOnce { .. }
            | Cause::WorkspaceRead
            | Cause::OrdinaryRead { .. }
            | Cause::ScratchWrite { .. }
            | Cause::PlanFile { .. }
            | Cause::WorkspaceEdit
            | Cause::NoSideEffects { .. }
            | Cause::HarnessTool { .. }
            | Cause::Lookup { .. }
            | Cause::ReadOnlyAgent { .. }
            | Cause::Subagent { .. }
            | Cause::ReviewerAllow { .. }
            | Cause::RoutineCommand { .. }
            | Cause::BypassMode => None,
        }
    }
}

/// What the harness does with gatehook's answer, as the person meets it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reply {
    /// The call runs.
    Allowed,
    /// The person is asked (the harness's prompt or dialog shows).
    Prompted,
    /// The call is refused: gatehook's deny, or an ask the harness cannot show.
    Refused,
    /// The harness's own permission flow decides.
    Silent,
}

/// Who reads a reason line: gatehook's decision, what the harness does with it, the mode,
/// and the harness's name where it cannot ask.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Audience {
    /// gatehook's own decision (`None`: no opinion).
    pub decision: Option<Decision>,
    pub reply: Reply,
    pub mode: Mode,
    /// "Codex hooks", "Cursor's beforeReadFile": named where an ask became a refusal.
    pub harness: &'static str,
}

impl Audience {
    /// Claude Code's PreToolUse: an ask shows the prompt, silence leaves its own flow.
    pub fn claude(decision: Option<Decision>, mode: Mode) -> Audience {
        Audience {
            decision,
            reply: match decision {
                Some(Decision::Allow) => Reply::Allowed,
                Some(Decision::Ask) => Reply::Prompted,
                Some(Decision::Deny) => Reply::Refused,
                None => Reply::Silent,
            },
            mode,
            harness: "Claude Code",
        }
    }

    /// A fail-closed deny (the config, and so the mode, may be unknown).
    pub fn refusal() -> Audience {
        Audience::claude(Some(Decision::Deny), Mode::Guard)
    }

    /// The verb the line starts with: what the person meets.
    pub fn verb(&self) -> &'static str {
        match self.reply {
            Reply::Allowed => "allow",
            Reply::Prompted => "ask",
            Reply::Refused => "deny",
            Reply::Silent => "no opinion",
        }
    }

    /// An ask (or no opinion) that the harness turned into a refusal.
    fn cannot_ask(&self) -> bool {
        self.reply == Reply::Refused && self.decision != Some(Decision::Deny)
    }

    /// The remedy of a cause a person can approve: `approve` where a prompt shows; `alt`
    /// (a change of rules, config or words) wherever it helps; else running it themselves.
    fn offer(&self, approve: &str, alt: Option<String>) -> Option<String> {
        self.offer_or(approve, alt, "run it yourself outside the agent")
    }

    /// [`Audience::offer`] with what the person can do themselves instead.
    fn offer_or(&self, approve: &str, alt: Option<String>, yourself: &str) -> Option<String> {
        match self.reply {
            Reply::Allowed => None,
            Reply::Prompted => Some(match alt {
                Some(alt) => format!("{approve}, or {alt}"),
                None => approve.to_string(),
            }),
            Reply::Refused if self.cannot_ask() => Some(format!(
                "gatehook would ask you, but {} cannot ask: {}{yourself}",
                self.harness,
                alt.map(|a| format!("{a}, or ")).unwrap_or_default()
            )),
            Reply::Refused => Some(alt.unwrap_or_else(|| yourself.to_string())),
            Reply::Silent => alt,
        }
    }
}

fn quote_list(items: &[String]) -> String {
    items
        .iter()
        .map(|r| format!("`{r}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Longest rule message shown in a reason line (the rest is cut with `…`).
pub const MAX_MESSAGE_CHARS: usize = 200;

/// `: <message>` for a rule that carries one (sanitised to one bounded line), else nothing.
fn said(message: &Option<String>) -> String {
    match message.as_deref().map(|m| one_line(m, MAX_MESSAGE_CHARS)) {
        Some(m) if !m.is_empty() => format!(": {m}"),
        _ => String::new(),
    }
}

/// Make text safe to show on one line: control, bidi and invisible format characters are
/// dropped, whitespace runs collapse to one space, and the length is bounded.
pub fn one_line(text: &str, max_chars: usize) -> String {
    let mut out = String::with_capacity(text.len().min(max_chars * 4));
    let mut last_space = false;
    let mut n = 0usize;
    for ch in text.chars() {
        let ch = if ch.is_whitespace() { ' ' } else { ch };
        if ch.is_control() || is_invisible_format(ch) {
            continue;
        }
        if ch == ' ' {
            if last_space {
                continue;
            }
            last_space = true;
        } else {
            last_space = false;
        }
        if n + 1 > max_chars {
            out.push('…');
            break;
        }
        out.push(ch);
        n += 1;
    }
    out.trim().to_string()
}

/// Unicode format characters that hide or reorder text (general category Cf and friends).
pub fn is_invisible_format(ch: char) -> bool {
    matches!(ch,
        '\u{00AD}' | '\u{061C}' | '\u{180E}'
        | '\u{200B}'..='\u{200F}'
        | '\u{202A}'..='\u{202E}'
        | '\u{2060}'..='\u{2064}'
        | '\u{2066}'..='\u{206F}'
        | '\u{FEFF}'
        | '\u{FFF9}'..='\u{FFFB}'
        | '\u{E0000}'..='\u{E007F}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_strips_controls_and_bidi() {
        assert_eq!(one_line("a\nb\r\tc", 100), "a b c");
        assert_eq!(one_line("x\u{202E}y\u{200B}z\u{1b}[31m", 100), "xyz[31m");
        assert_eq!(one_line("abcdef", 3), "abc…");
    }
}
