//! Why a decision was made: one closed enum. The hook's reason line, `explain` and the
//! audit record all render from it, and none of them has a catch-all arm, so a new cause
//! has to be described everywhere. Every deny or ask also says what would make it pass.

use serde::Serialize;
use std::path::PathBuf;

/// Longest reason line gatehook prints.
pub const MAX_REASON_CHARS: usize = 400;

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "cause", rename_all = "kebab-case")]
pub enum Cause {
    /// A deny rule from the person's or organisation's config matched.
    DenyRule { rule: String, source: String },
    /// An ask rule matched.
    AskRule { rule: String, source: String },
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
    /// persistence surfaces). Never fast-pathed.
    ProtectedPath { path: PathBuf, what: String },
    /// The call touches a path outside the workspace.
    OutsideWorkspace { path: PathBuf },
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
    /// and no secret (`floor::outside_read`): system headers, other projects, tool caches.
    OrdinaryRead { path: PathBuf },
    /// A file edit inside the workspace, off every protected path.
    WorkspaceEdit,
    /// A tool with no side effects (todo lists, questions to the person).
    NoSideEffects { tool: String },
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
    /// Every part of the shell command only reads (or writes inside the workspace through a
    /// redirection); allowed without asking.
    RoutineCommand,
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
    /// The reviewer allowed the call, but a guarantee gatehook enforces in code does not
    /// hold (no evidence, high risk, ungrounded destructive action, refusal limit, …), so
    /// the allow was withdrawn.
    Guarantee { guarantee: String, detail: String },
    /// The hook payload was unusable.
    BadInput { error: String },
    /// A config file was unreadable or invalid.
    BadConfig { error: String },
    /// gatehook itself failed.
    Internal { error: String },
    /// gatehook's own state directory (or its parent) is not private: someone else could
    /// have written the person's words, holds, baselines or review cache kept there.
    /// Reported as `internal-error` (the closed set of causes does not grow).
    UnsafeState { dir: String, why: String },
    /// The person asked not to do this kind of thing ("don't push yet"); a hold asks
    /// them, whatever rules, the fast path or the reviewer would say.
    Hold { class: String, quote: String },
    /// A subagent delegation whose prompt shows destructive, publish-like, credential or
    /// permission-skipping intent: seen by the person (guard) or the reviewer (auto) first.
    RiskyDelegation { kind: String, found: String },
    /// A read-only subagent (Explore, Plan) with a harmless prompt.
    ReadOnlyAgent { agent: String },
    /// Auto mode is paused for this session after repeated reviewer refusals: calls that
    /// would go to the reviewer ask the person instead.
    Paused {
        in_a_row: u32,
        total: u32,
        session: String,
    },
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
            Cause::WorkspaceEdit => "workspace-edit",
            Cause::NoSideEffects { .. } => "no-side-effects",
            Cause::BypassMode => "bypass-mode",
            Cause::Destructive { .. } => "destructive",
            Cause::Secret { .. } => "secret",
            Cause::RiskyCommand { .. } => "risky-command",
            Cause::RoutineCommand => "routine-command",
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
            Cause::BadConfig { .. } => "bad-config",
            Cause::Internal { .. } | Cause::UnsafeState { .. } => "internal-error",
            Cause::Hold { .. } => "hold",
            Cause::Paused { .. } => "paused",
            Cause::RiskyDelegation { .. } => "risky-delegation",
            Cause::ReadOnlyAgent { .. } => "read-only-agent",
            Cause::RiskyEdit { .. } => "risky-edit",
        }
    }

    /// What happened, in one line.
    pub fn describe(&self) -> String {
        match self {
            Cause::DenyRule { rule, source } => format!("deny rule `{rule}` ({source}) matches"),
            Cause::AskRule { rule, source } => format!("ask rule `{rule}` ({source}) matches"),
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
            Cause::ProtectedPath { path, what } => {
                format!("{} is protected ({what})", path.display())
            }
            Cause::OutsideWorkspace { path } => {
                format!("{} is outside the workspace", path.display())
            }
            Cause::UnresolvablePath { path } => {
                format!(
                    "{} cannot be resolved (symlink loop or unreadable link)",
                    path.display()
                )
            }
            Cause::PlanMode { tool } => format!("plan mode: {tool} would write or run something"),
            Cause::WorkspaceRead => "read-only access inside the workspace".to_string(),
            Cause::OrdinaryRead { path } => format!(
                "reads {} outside the workspace, where no credential or secret is kept",
                path.display()
            ),
            Cause::WorkspaceEdit => "edit inside the workspace".to_string(),
            Cause::NoSideEffects { tool } => format!("{tool} has no side effects"),
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
            Cause::RoutineCommand => "every part of the command only reads".to_string(),
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
            Cause::Guarantee { guarantee, detail } => {
                format!("the reviewer's allow was withdrawn ({guarantee}): {detail}")
            }
            Cause::BadInput { error } => format!("unusable hook payload: {error}"),
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
            Cause::Paused { in_a_row, total, .. } => format!(
                "auto mode is paused for this session after {in_a_row} reviewer refusals in a row ({total} in total)"
            ),
            Cause::Hold { class, quote } => format!(
                "You asked me not to {class} (\"{quote}\"), so I'm checking before I do it now"
            ),
            Cause::RiskyEdit { path, file, found } => {
                format!("{} is {file}, and the new text {found}", path.display())
            }
        }
    }

    /// What would make the call pass, for a deny or ask.
    pub fn remedy(&self) -> Option<String> {
        match self {
            Cause::DenyRule { source, .. } => Some(format!(
                "remove or narrow the deny rule in {source} if this call is intended"
            )),
            Cause::AskRule { .. } => Some("approve it at the prompt".to_string()),
            Cause::Credential { .. } => Some(
                "run it yourself outside the agent if you really mean it".to_string(),
            ),
            Cause::SelfModification { .. } => Some(
                "edit gatehook's config yourself (gatehook explain shows which files are read)"
                    .to_string(),
            ),
            Cause::HarnessConfig { .. } => {
                Some("edit your harness settings yourself, outside the agent".to_string())
            }
            Cause::ProtectedPath { path, .. } => Some(format!(
                "approve it at the prompt, or add an allow rule for {} if it is routine for you",
                path.display()
            )),
            Cause::OutsideWorkspace { path } => Some(format!(
                "approve it, add the directory to [workspace] additional_directories, or add a rule such as `Read(/{})`",
                path.display()
            )),
            Cause::UnresolvablePath { .. } => Some("fix or remove the broken symlink".to_string()),
            Cause::PlanMode { .. } => Some("leave plan mode first".to_string()),
            Cause::Destructive { .. } => Some(
                "run it yourself outside the agent if you really mean it".to_string(),
            ),
            Cause::Secret { .. } => Some(
                "run it yourself outside the agent if you need the value".to_string(),
            ),
            Cause::RiskyCommand { .. } => Some(
                "approve it if it is what you asked for, or add a narrow allow rule".to_string(),
            ),
            Cause::BuildFilesChanged { .. } => Some(
                "review the changed file, then approve (a new session takes a new baseline)"
                    .to_string(),
            ),
            Cause::OpaqueCommand { .. } => Some(
                "approve it, or ask the agent for a plainer command".to_string(),
            ),
            Cause::UnknownCommand { .. } | Cause::Undecided { .. } => Some(
                "approve it, or add a narrow allow rule (gatehook explain shows the parsed command)"
                    .to_string(),
            ),
            Cause::ReviewerUnavailable { .. } => Some(
                "check [reviewer] in your config (gatehook explain), or approve it yourself".to_string(),
            ),
            Cause::ReviewerAsk { .. } | Cause::ReviewerDeny { .. } | Cause::Guarantee { .. } => {
                Some(
                    "say explicitly what you want done (name the action and its target), or approve it yourself"
                        .to_string(),
                )
            }
            Cause::BadInput { .. } => Some("this is a harness or gatehook bug; report it".to_string()),
            Cause::BadConfig { .. } => Some("fix the config file named above".to_string()),
            Cause::Internal { .. } => Some("report this gatehook bug".to_string()),
            Cause::UnsafeState { dir, .. } => Some(format!(
                "make {dir} a directory of yours that only you can write (chmod 700), or remove it"
            )),
            Cause::RiskyDelegation { .. } => Some(
                "approve the delegation, or ask for it in your own words so the reviewer can see it"
                    .to_string(),
            ),
            Cause::Paused { session, .. } => Some(format!(
                "approve it yourself; `gatehook resume --session {session}` (or a new session) resumes auto mode"
            )),
            Cause::Hold { class, .. } => Some(format!(
                "approve it here, or tell the agent in a new message that it may {class} now"
            )),
            Cause::RiskyEdit { .. } => Some(
                "read the change; approve it only if it is what you asked for".to_string(),
            ),
            Cause::AllowRule { .. }
            | Cause::WorkspaceRead
            | Cause::OrdinaryRead { .. }
            | Cause::WorkspaceEdit
            | Cause::NoSideEffects { .. }
            | Cause::ReadOnlyAgent { .. }
            | Cause::ReviewerAllow { .. }
            | Cause::RoutineCommand
            | Cause::BypassMode => None,
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
