//! The tool catalogue: every tool Claude Code offers its model (as of the version
//! `e2e/package.json` pins, plus earlier names still seen in payloads), the input fields
//! each takes, and how the floor judges it ([`Judge`]). `tests/e2e_claude.rs` reads the
//! tool list the real CLI sends to its model and fails when a tool, or a field of one, is
//! missing here, so the table stays current.
//!
//! A tool that is not here (an MCP tool, another harness's tool, a tool of a later Claude
//! Code) is judged by its input values where the floor can (`mcp`), else it gets no
//! opinion: it is never allowed. A tool that is here but carries a field this table does
//! not list is not allowed either (unless its judge is one of the established file,
//! shell and delegation judges, which read the fields they know and check their types).

/// How the floor judges a tool's input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Judge {
    /// `Read`, `NotebookRead`: one path read.
    Read,
    /// `Glob`: a pattern under a base directory.
    Glob,
    /// `Grep`, `LS`: a directory or file searched or listed.
    Search,
    /// `Write`, `Edit`, `MultiEdit`, `NotebookEdit`: one path written, its text scanned.
    Edit,
    /// `Bash`: a shell command.
    Shell,
    /// `PowerShell`: never read with the bash grammar.
    PowerShell,
    /// `Agent`/`Task`: a subagent's prompt.
    Agent,
    /// `WebFetch`: a URL fetched.
    WebFetch,
    /// `WebSearch`: a query sent to a search engine.
    WebSearch,
    /// Changes nothing outside the conversation.
    Inert,
    /// The harness's own bookkeeping; the text says what the call does.
    Harness(&'static str),
    /// The harness's own bookkeeping, only read; the text says what the call does.
    HarnessRead(&'static str),
    /// Stops work in progress (a background shell, task or agent this session started):
    /// whether to is the person's call; no opinion, with the text saying what it does.
    Stops(&'static str),
    /// `Monitor`: a shell command run in the background, or a WebSocket opened.
    Monitor,
    /// `Skill`, `SlashCommand`: loads a skill's instructions (and may run what its file says).
    Skill,
    /// `ScheduleWakeup`: this session resumes later with a prompt.
    Wakeup,
    /// `CronCreate`: a prompt scheduled in this session, or persisted for later sessions.
    Cron,
    /// `EnterWorktree`: a git worktree created (or an existing one entered).
    EnterWorktree,
    /// `ExitWorktree`: leaves the worktree, keeping or removing it.
    ExitWorktree,
    /// `SendMessage`: a message to another agent or session, which acts on it.
    Message,
    /// `Workflow`: a script that starts subagents.
    Workflow,
    /// `ReadMcpResourceTool`: a resource an MCP server serves.
    McpResource,
}

impl Judge {
    /// Does a call of this tool never write or run anything (plan mode lets it through)?
    pub fn read_only(self) -> bool {
        matches!(
            self,
            Judge::Read
                | Judge::Glob
                | Judge::Search
                | Judge::WebFetch
                | Judge::WebSearch
                | Judge::Inert
                | Judge::HarnessRead(_)
                | Judge::McpResource
        )
    }

    /// Judges that read their own fields (and check their types) the way they always
    /// have: an extra field does not change what they judge.
    fn reads_own_fields(self) -> bool {
        matches!(
            self,
            Judge::Read
                | Judge::Glob
                | Judge::Search
                | Judge::Edit
                | Judge::Shell
                | Judge::PowerShell
                | Judge::Agent
        )
    }
}

/// One tool of the catalogue.
#[derive(Debug)]
pub struct Tool {
    pub name: &'static str,
    /// Every input field the tool takes (across the Claude Code versions seen).
    pub fields: &'static [&'static str],
    pub judge: Judge,
}

impl Tool {
    /// The first input field this table does not know, where an unknown field matters.
    pub fn unknown_field<'a>(&self, keys: impl Iterator<Item = &'a String>) -> Option<&'a str> {
        if self.judge.reads_own_fields() || self.fields == ANY_FIELDS {
            return None;
        }
        keys.map(String::as_str).find(|k| !self.fields.contains(k))
    }
}

/// The fields of a tool whose input schema is the caller's own (`StructuredOutput` takes
/// whatever `--json-schema` says); its values go nowhere but back to the caller.
const ANY_FIELDS: &[&str] = &["*"];

const fn t(name: &'static str, fields: &'static [&'static str], judge: Judge) -> Tool {
    Tool {
        name,
        fields,
        judge,
    }
}

/// Claude Code's tools. Fields are the union over the versions seen (the pinned one's
/// schemas, measured by `tests/e2e_claude.rs`, and older payloads).
pub const TOOLS: &[Tool] = &[
    // Files.
    t(
        "Read",
        &["file_path", "offset", "limit", "pages", "allow_large"],
        Judge::Read,
    ),
    t("NotebookRead", &["notebook_path", "cell_id"], Judge::Read),
    t("Glob", &["pattern", "path"], Judge::Glob),
    t(
        "Grep",
        &[
            "pattern",
            "path",
            "glob",
            "type",
            "output_mode",
            "-A",
            "-B",
            "-C",
            "-n",
            "-i",
            "context",
            "head_limit",
            "offset",
            "multiline",
        ],
        Judge::Search,
    ),
    t("LS", &["path", "ignore"], Judge::Search),
    t(
        "Edit",
        &["file_path", "old_string", "new_string", "replace_all"],
        Judge::Edit,
    ),
    t("Write", &["file_path", "content"], Judge::Edit),
    t("MultiEdit", &["file_path", "edits"], Judge::Edit),
    t(
        "NotebookEdit",
        &[
            "notebook_path",
            "cell_id",
            "new_source",
            "cell_type",
            "edit_mode",
        ],
        Judge::Edit,
    ),
    // Shells.
    t(
        "Bash",
        &[
            "command",
            "description",
            "timeout",
            "run_in_background",
            "dangerouslyDisableSandbox",
        ],
        Judge::Shell,
    ),
    t(
        "PowerShell",
        &["command", "description", "timeout", "run_in_background"],
        Judge::PowerShell,
    ),
    t(
        "Monitor",
        &["command", "ws", "description", "timeout_ms", "persistent"],
        Judge::Monitor,
    ),
    // Subagents and other agents.
    t(
        "Agent",
        &[
            "prompt",
            "description",
            "subagent_type",
            "model",
            "effort",
            "isolation",
            "run_in_background",
            "name",
            "team_name",
            "mode",
        ],
        Judge::Agent,
    ),
    t(
        "Task",
        &["prompt", "description", "subagent_type", "model"],
        Judge::Agent,
    ),
    t(
        "SendMessage",
        &["to", "message", "summary", "notify_when_idle"],
        Judge::Message,
    ),
    t(
        "Workflow",
        &[
            "script",
            "scriptPath",
            "name",
            "args",
            "description",
            "title",
            "resumeFromRunId",
        ],
        Judge::Workflow,
    ),
    // The web.
    t("WebFetch", &["url", "prompt", "offset"], Judge::WebFetch),
    t(
        "WebSearch",
        &["query", "allowed_domains", "blocked_domains"],
        Judge::WebSearch,
    ),
    // Skills.
    t("Skill", &["skill", "args"], Judge::Skill),
    t("SlashCommand", &["command"], Judge::Skill),
    // The conversation only.
    t("TodoWrite", &["todos", "merge"], Judge::Inert),
    t("TodoRead", &[], Judge::Inert),
    t(
        "TaskCreate",
        &["subject", "description", "activeForm", "metadata"],
        Judge::Inert,
    ),
    t(
        "TaskUpdate",
        &[
            "taskId",
            "status",
            "subject",
            "description",
            "activeForm",
            "owner",
            "addBlocks",
            "addBlockedBy",
            "metadata",
        ],
        Judge::Inert,
    ),
    t("TaskList", &[], Judge::Inert),
    t("TaskGet", &["taskId"], Judge::Inert),
    t(
        "AskUserQuestion",
        &["questions", "answers", "metadata"],
        Judge::Inert,
    ),
    t("ExitPlanMode", &["plan", "allowedPrompts"], Judge::Inert),
    t("EnterPlanMode", &[], Judge::Inert),
    t("ToolSearch", &["query", "max_results"], Judge::Inert),
    t("ListAgents", &["channel", "cursor", "q"], Judge::Inert),
    t("ReportFindings", &["findings", "level"], Judge::Inert),
    t("StructuredOutput", ANY_FIELDS, Judge::Inert),
    t("DeferredToolPlaceholder", &[], Judge::Inert),
    t("ListMcpResourcesTool", &["server"], Judge::Inert),
    t("CronList", &[], Judge::Inert),
    // The harness's own background tasks and schedules.
    t(
        "TaskOutput",
        &["task_id", "block", "timeout"],
        Judge::HarnessRead("reads the harness's own task output"),
    ),
    t(
        "BashOutput",
        &["bash_id", "filter"],
        Judge::HarnessRead("reads the output of a background shell this session started"),
    ),
    t(
        "TaskStop",
        &["task_id", "shell_id"],
        Judge::Stops("stops a background task, shell or agent this session started"),
    ),
    t(
        "KillShell",
        &["shell_id"],
        Judge::Stops("stops a background shell this session started"),
    ),
    t(
        "KillBash",
        &["shell_id"],
        Judge::Stops("stops a background shell this session started"),
    ),
    t(
        "CronDelete",
        &["id"],
        Judge::Harness("cancels a prompt this session scheduled"),
    ),
    t(
        "ScheduleWakeup",
        &["delaySeconds", "reason", "prompt", "stop", "noop"],
        Judge::Wakeup,
    ),
    t(
        "CronCreate",
        &["cron", "prompt", "recurring", "durable"],
        Judge::Cron,
    ),
    t("EnterWorktree", &["name", "path"], Judge::EnterWorktree),
    t(
        "ExitWorktree",
        &["action", "discard_changes"],
        Judge::ExitWorktree,
    ),
    t(
        "ReadMcpResourceTool",
        &["server", "uri"],
        Judge::McpResource,
    ),
];

/// The catalogue entry of a tool, if gatehook classifies it.
pub fn lookup(name: &str) -> Option<&'static Tool> {
    TOOLS.iter().find(|t| t.name == name)
}

/// Skills built into Claude Code (listed to the model with no file behind them), as of
/// the pinned version; `tests/e2e_claude.rs` fails when the real CLI lists another.
pub const BUILTIN_SKILLS: &[&str] = &[
    "dataviz",
    "update-config",
    "keybindings-help",
    "code-review",
    "simplify",
    "fewer-permission-prompts",
    "loop",
    "claude-api",
    "workflow-authoring",
    "run",
    "plugin-authoring",
    "init",
    "security-review",
];

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_fields_distinct() {
        for (i, a) in TOOLS.iter().enumerate() {
            assert!(
                TOOLS[i + 1..].iter().all(|b| b.name != a.name),
                "{} twice",
                a.name
            );
            for (j, f) in a.fields.iter().enumerate() {
                assert!(!a.fields[j + 1..].contains(f), "{}.{f} twice", a.name);
            }
        }
    }

    #[test]
    fn unknown_fields_matter_only_for_new_judges() {
        let keys = |ks: &[&str]| ks.iter().map(|k| k.to_string()).collect::<Vec<_>>();
        let out = lookup("TaskOutput").unwrap();
        assert_eq!(out.unknown_field(keys(&["task_id"]).iter()), None);
        assert_eq!(
            out.unknown_field(keys(&["task_id", "command"]).iter()),
            Some("command")
        );
        // The file tools read their own fields; an extra one changes nothing they judge.
        let read = lookup("Read").unwrap();
        assert_eq!(read.unknown_field(keys(&["file_path", "x"]).iter()), None);
        assert!(lookup("mcp__db__query").is_none());
        let structured = lookup("StructuredOutput").unwrap();
        assert_eq!(structured.unknown_field(keys(&["anything"]).iter()), None);
    }

    #[test]
    fn read_only_judges() {
        for name in [
            "Read",
            "Grep",
            "WebSearch",
            "TodoWrite",
            "ToolSearch",
            "TaskOutput",
        ] {
            assert!(lookup(name).unwrap().judge.read_only(), "{name}");
        }
        for name in [
            "Write",
            "Bash",
            "Monitor",
            "Skill",
            "TaskStop",
            "EnterWorktree",
            "Workflow",
            "SendMessage",
            "CronCreate",
        ] {
            assert!(!lookup(name).unwrap().judge.read_only(), "{name}");
        }
    }
}
