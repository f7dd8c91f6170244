//! What a tool call is, as far as the floor is concerned ([`Kind`]), and the evaluation in
//! progress ([`Eval`]): its steps, the paths the call names with their forms and classes.
//! Which tools there are and how each is judged is the catalogue's ([`super::tools`]);
//! this file reads each call's input the way its entry says.

use super::checks;
use super::{agent, mcp, skill, web};
use super::{Call, Context, Evaluation, Outcome, PathFact, Step};
use crate::analysis::command::Judgement;
use crate::analysis::reach::{rg, NamePattern};
use crate::analysis::shell;
use crate::context::floor::{self, Access, PathClass};
use crate::context::paths::{self, PathForms};
use crate::decision::cause::Cause;
use crate::decision::Gate;
use crate::input::tools::{self, Judge};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// What kind of thing a tool does, as far as the floor is concerned.
pub(super) enum Kind {
    /// Read-only file tools with the paths they read.
    Read,
    /// File-writing tools.
    Edit,
    /// A shell command.
    Shell(String),
    /// A URL fetch (`WebFetch`), with what its URL comes to.
    Fetch(String, Then),
    /// A tool with no side effects.
    Inert,
    /// A subagent delegation (`Agent`, formerly `Task`): its prompt, subagent type, and
    /// what the launch does apart from the prompt (`Ok`: only runs a prompt whose calls
    /// are each judged; `Err`: why not).
    Agent {
        prompt: String,
        agent: String,
        launch: Result<String, String>,
    },
    /// A PowerShell command: matched by deny/ask rules on its words, never allowed by the
    /// floor or an allow rule (it is not read with the bash grammar).
    PowerShell(String),
    /// A tool judged by its input values (catalogue tools beyond the file, shell and
    /// delegation ones; MCP tools), with what that comes to.
    Tool(Then),
    /// A tool whose input carries a prompt another agent (or this session, later) acts on
    /// (`SendMessage`, `ScheduleWakeup`, `CronCreate`, a skill's arguments): the prompt is
    /// scanned like a delegation's, and `Then` applies when it shows nothing risky.
    Prompted { prompt: String, then: Then },
    /// Anything else (tools of other harnesses, tools gatehook does not know).
    Other,
}

/// What a tool's input values come to.
pub(super) enum Then {
    /// Allowed on the fast path (after rules, holds and the path floor), for this cause.
    Allow(Cause),
    /// A person (or the reviewer) sees it first; an allow rule naming the tool lifts it.
    Risky(Cause),
    /// A hard floor (a credential named in a value).
    Floor(Cause),
    /// No opinion, for this reason.
    Unsure(String),
}

/// Tools that read, never write or run (for plan mode).
pub(super) fn is_read_only_tool(tool: &str) -> bool {
    tools::lookup(tool).is_some_and(|t| t.judge.read_only())
}

pub(super) struct Eval<'c, 'a> {
    pub(super) call: &'c Call<'a>,
    pub(super) ctx: &'c Context<'a>,
    pub(super) steps: Vec<Step>,
    pub(super) paths: Vec<PathFact>,
    pub(super) shell: Option<shell::Analysis>,
    pub(super) judgement: Option<Judgement>,
    pub(super) carried: Vec<Judgement>,
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
            carried: self.carried,
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
            None | Some(Value::Null) => Err(Cause::IncompleteInput {
                tool: self.call.tool.to_string(),
                field: field.to_string(),
            }),
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

    /// Record a path the call reaches; the new fact is returned for what only the caller
    /// knows of it ([`PathFact::listing`]).
    pub(super) fn add_path(&mut self, raw: &str, access: Access) -> &mut PathFact {
        let forms = paths::forms(raw, self.call.cwd, self.ctx.home);
        self.add_forms(raw, forms, access)
    }

    pub(super) fn add_forms(
        &mut self,
        raw: &str,
        forms: PathForms,
        access: Access,
    ) -> &mut PathFact {
        self.add_forms_as(raw, forms, access, false)
    }

    /// [`Self::add_forms`], saying whether only names and metadata are read
    /// ([`PathFact::listing`]): what such a read reaches is not judged by what the files
    /// hold, so `floor::outside_read` (which may read them) is not asked.
    pub(super) fn add_forms_as(
        &mut self,
        raw: &str,
        forms: PathForms,
        access: Access,
        listing: bool,
    ) -> &mut PathFact {
        let class = forms
            .forms()
            .filter_map(|p| floor::classify(p, access, self.ctx.floor))
            .max_by_key(severity);
        let in_workspace = self.ctx.workspace.contains(&forms);
        let listing = listing && access == Access::Read;
        let unordinary = (access == Access::Read && !in_workspace && class.is_none() && !listing)
            .then(|| checks::unordinary(&forms, self.ctx.floor, self.call.session_id))
            .flatten();
        self.paths.push(PathFact {
            raw: raw.to_string(),
            access,
            forms,
            class,
            in_workspace,
            listing,
            unordinary,
        });
        let last = self.paths.len() - 1;
        &mut self.paths[last]
    }

    /// A directory of which only the names and metadata are read (see [`PathFact::listing`]).
    pub(super) fn add_listing(&mut self, raw: &str) {
        let forms = paths::forms(raw, self.call.cwd, self.ctx.home);
        self.add_forms_as(raw, forms, Access::Read, true);
    }

    /// What a read reaches beyond its path (`reach`): the credential a file with several
    /// names is, and, for a tree a search walks (`tree`; it follows no links), credentials
    /// hard-linked inside it among the files whose names `only` lets through. Each is
    /// added as a path read; what cannot be told becomes a path that does not resolve
    /// (asked about, never allowed). For a write (`access`), the credential a file with
    /// several names is: a write through a hard link writes the store it shares.
    pub(super) fn add_reached(
        &mut self,
        raw: &str,
        tree: bool,
        only: Option<&[NamePattern]>,
        access: Access,
    ) {
        let forms = paths::forms(raw, self.call.cwd, self.ctx.home);
        let Some(target) = forms.resolved.clone() else {
            return;
        };
        let mut sensitive = None;
        let (found, unknown) = if tree && target.is_dir() {
            let r = crate::analysis::reach::walk(
                &target,
                crate::analysis::reach::Walker {
                    follow: false,
                    contents: true,
                    only,
                    kinds: crate::analysis::reach::Kinds::ALL,
                    links_by_name: false,
                    handed_on: false,
                },
                self.ctx.workspace,
                self.ctx.home,
                &mut sensitive,
                self.ctx.floor,
            );
            (r.reads, r.unknown)
        } else {
            match crate::analysis::reach::alias(&target, &mut sensitive, self.ctx.floor) {
                Ok(found) => (found.into_iter().collect(), None),
                Err(why) => (Vec::new(), Some(why)),
            }
        };
        for p in found {
            let text = p.display().to_string();
            self.add_path(&text, access);
        }
        if let Some(why) = unknown {
            let lexical = forms.lexical.clone();
            self.add_forms(
                &format!("{raw} ({why})"),
                PathForms {
                    lexical,
                    resolved: None,
                },
                access,
            );
        }
    }

    /// What a search below `dir` is aimed at, beyond the files there now: a name filter
    /// (`filter`, bounded to `only`) that admits a secret file's name but not an ordinary
    /// name of the same shape (`.env*`, `{.env,.env.*}`, `*.key`, `**/credentials*`) reads
    /// secrets wherever it runs, so a file of that name is added as a read, judged as
    /// Read judges it; outside the workspace a name that says it holds a secret counts
    /// too, and so does content searched for a secret's name (`password`,
    /// `aws_secret_access_key`) when the matching lines are shown.
    fn grep_aims(
        &mut self,
        dir: &str,
        filter: Option<&str>,
        only: Option<&[NamePattern]>,
    ) -> Result<(), Cause> {
        let forms = paths::forms(dir, self.call.cwd, self.ctx.home);
        let outside = !self.ctx.workspace.contains(&forms);
        let dir = dir.trim_end_matches('/');
        if let (Some(filter), Some(only)) = (filter, only) {
            let admits = |name: &str| {
                only.iter()
                    .any(|p| p.matches(name) || p.matches(&name.to_ascii_uppercase()))
            };
            let aimed = floor::secret_name_witnesses().into_iter().find(|w| {
                (outside || !w.outside_only) && admits(&w.secret) && !admits(&w.ordinary)
            });
            if let Some(w) = aimed {
                let fact = self.add_path(&format!("{dir}/{}", w.secret), Access::Read);
                fact.raw = format!(
                    "{dir}/{} (the search's filter `{}` admits it)",
                    w.secret,
                    crate::decision::cause::one_line(filter, 60)
                );
            }
        }
        let content = matches!(
            self.call.input.get("output_mode"),
            Some(Value::String(m)) if m == "content"
        );
        if outside && content {
            let pattern = self.str_field("pattern", false)?.unwrap_or_default();
            let lower = pattern.to_ascii_lowercase();
            if let Some(word) = floor::sensitive::SECRET_NAME_WORDS
                .iter()
                .find(|w| lower.contains(*w))
            {
                let fact = self.add_forms(
                    &format!(
                        "{dir} (its lines matching `{}`, a secret's name `{word}`)",
                        crate::decision::cause::one_line(&pattern, 60)
                    ),
                    PathForms {
                        lexical: forms.lexical,
                        resolved: None,
                    },
                    Access::Read,
                );
                if fact.class.is_none() {
                    fact.class = Some(PathClass::Protected {
                        what: floor::SECRET_LINES_OUTSIDE,
                    });
                }
            }
        }
        Ok(())
    }

    /// Work out what the tool does and which paths it touches.
    pub(super) fn classify_tool(&mut self) -> Result<Kind, Cause> {
        let tool = self.call.tool;
        let Some(entry) = tools::lookup(tool) else {
            return Ok(if mcp::split_name(tool).is_some() {
                self.mcp_tool()
            } else {
                Kind::Other
            });
        };
        if let Some(field) = entry.unknown_field(self.call.input.keys()) {
            return Ok(Kind::Tool(Then::Unsure(format!(
                "{tool}'s input has the field `{field}`, which gatehook does not know for this tool"
            ))));
        }
        match entry.judge {
            Judge::Read
            | Judge::Glob
            | Judge::Search
            | Judge::Edit
            | Judge::Shell
            | Judge::PowerShell
            | Judge::Agent
            | Judge::WebFetch => self.classify_file_shell_agent(),
            Judge::Inert => Ok(Kind::Inert),
            Judge::Harness(does) | Judge::HarnessRead(does) => {
                Ok(Kind::Tool(Then::Allow(Cause::HarnessTool {
                    tool: tool.to_string(),
                    does: does.to_string(),
                })))
            }
            Judge::Stops(does) => Ok(Kind::Tool(Then::Unsure(format!(
                "{tool} {does}; whether to stop work in progress is the person's call"
            )))),
            Judge::WebSearch => self.web_search(),
            Judge::Monitor => self.monitor(),
            Judge::Skill => self.skill(),
            Judge::Wakeup => self.wakeup(),
            Judge::Cron => self.cron(),
            Judge::EnterWorktree => self.enter_worktree(),
            Judge::ExitWorktree => self.exit_worktree(),
            Judge::Message => {
                let to = self.str_field("to", true)?.unwrap_or_default();
                let message = self.str_field("message", false)?.unwrap_or_default();
                Ok(Kind::Prompted {
                    prompt: message,
                    then: Then::Unsure(format!(
                        "SendMessage sends a message to `{}`, another agent that acts on it",
                        crate::decision::cause::one_line(&to, 80)
                    )),
                })
            }
            Judge::Workflow => Ok(Kind::Tool(Then::Unsure(
                "Workflow runs a workflow script that starts subagents; gatehook does not judge scripts"
                    .to_string(),
            ))),
            Judge::McpResource => {
                let server = self.str_field("server", false)?.unwrap_or_default();
                let uri = self.str_field("uri", false)?.unwrap_or_default();
                Ok(Kind::Tool(Then::Unsure(format!(
                    "ReadMcpResourceTool reads `{}` from the MCP server `{}`, which gatehook cannot see",
                    crate::decision::cause::one_line(&uri, 120),
                    crate::decision::cause::one_line(&server, 60)
                ))))
            }
        }
    }

    /// The established judges: file tools, shells, subagents, WebFetch.
    fn classify_file_shell_agent(&mut self) -> Result<Kind, Cause> {
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
                self.add_reached(&p, false, None, Access::Read);
                Kind::Read
            }
            "Glob" => {
                let pattern = self.str_field("pattern", true)?.unwrap_or_default();
                let base = self.str_field("path", false)?;
                let base_dir = base
                    .clone()
                    .unwrap_or_else(|| self.call.cwd.display().to_string());
                // Glob returns the names that match, never what the files hold: however
                // deep the pattern goes (`*.json`, `**/x`, `*/id_*`), it is a listing of
                // its base, as `find` and `ls -R` are. A store's names are listed, never
                // its contents; a base that is a store itself is refused by its class.
                let stem = glob_stem(&pattern);
                self.add_listing(&base_dir);
                // A pattern can climb out (`../../**`) or be absolute: judge its literal stem.
                if !stem.is_empty() {
                    let joined = if Path::new(&stem).is_absolute() {
                        stem
                    } else {
                        format!("{}/{}", base_dir.trim_end_matches('/'), stem)
                    };
                    self.add_listing(&joined);
                }
                Kind::Read
            }
            "Grep" | "LS" => {
                let p = self
                    .str_field("path", false)?
                    .unwrap_or_else(|| self.call.cwd.display().to_string());
                if tool == "Grep" {
                    // ripgrep reads below `path` only the files its `--glob`s and
                    // `--type` let through (a file `path` is read whatever they say).
                    let glob = self.str_field("glob", false)?;
                    let kind = match self.call.input.get("type") {
                        None | Some(Value::Null) => None,
                        Some(Value::String(t)) if t.is_empty() => None,
                        Some(Value::String(t)) => Some(t.clone()),
                        Some(_) => return Err(bad("`type` is not a string".to_string())),
                    };
                    let only = grep_admitted(glob.as_deref(), kind.as_deref());
                    self.add_path(&p, Access::Read);
                    self.add_reached(&p, true, only.as_deref(), Access::Read);
                    self.grep_aims(&p, glob.as_deref().or(kind.as_deref()), only.as_deref())?;
                } else {
                    self.add_listing(&p);
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
                let home = self.ctx.floor.home.clone();
                let fact = self.add_path(&p, Access::Write);
                // Claude Code's plan file, written by its file tools, is the agent's own
                // words rather than the harness's settings: judged as a write of the
                // agent's outside the workspace (`checks::scratch_write`), in every form
                // (a link out of the plans directory is no plan file).
                if fact.forms.forms().all(|f| floor::plan_file(f, &home))
                    && matches!(
                        fact.class,
                        Some(PathClass::HarnessConfig { .. } | PathClass::Protected { .. })
                    )
                {
                    fact.class = None;
                }
                self.add_reached(&p, false, None, Access::Write);
                Kind::Edit
            }
            "NotebookEdit" => {
                let p = self.str_field("notebook_path", true)?.unwrap_or_default();
                self.edit_text_types()?;
                self.add_path(&p, Access::Write);
                self.add_reached(&p, false, None, Access::Write);
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
            "WebFetch" => {
                let url = self.str_field("url", true)?.unwrap_or_default();
                self.str_field("prompt", false)?;
                let then = match web::reach(&url) {
                    // A `file:` URL naming a credential is refused as an MCP value's is.
                    web::Reach::File(p) => match self.credential_path("fetch", "url", &p) {
                        Some(c) => Then::Floor(c),
                        None => fetch_then(tool, &url),
                    },
                    _ => fetch_then(tool, &url),
                };
                Kind::Fetch(url, then)
            }
            "Agent" | "Task" => {
                let prompt = self.str_field("prompt", true)?.unwrap_or_default();
                let agent = self
                    .str_field("subagent_type", false)?
                    .unwrap_or_else(|| "general-purpose".to_string());
                let launch = match agent::options(self.call.input) {
                    Some(why) => Err(format!("{tool} {why}")),
                    None => agent::judge(
                        &agent,
                        self.call.cwd,
                        &self.ctx.workspace.root,
                        self.ctx.home,
                    )
                    .map_err(|why| format!("{tool}: {why}")),
                };
                Kind::Agent {
                    prompt,
                    agent,
                    launch,
                }
            }
            _ => Kind::Other,
        })
    }

    /// `WebSearch`: the query goes to a search engine; allowed unless a value carries a
    /// secret-shaped value.
    fn web_search(&mut self) -> Result<Kind, Cause> {
        if self.call.input.get("query") == Some(&Value::String(String::new())) {
            return Ok(Kind::Tool(Then::Unsure(
                "WebSearch has an empty query".to_string(),
            )));
        }
        let query = self.str_field("query", true)?.unwrap_or_default();
        let mut values = vec![query.clone()];
        for field in ["allowed_domains", "blocked_domains"] {
            match self.call.input.get(field) {
                None | Some(Value::Null) => {}
                Some(Value::Array(items)) if items.iter().all(Value::is_string) => {
                    values.extend(items.iter().filter_map(Value::as_str).map(str::to_string))
                }
                Some(_) => return Err(bad(format!("`{field}` is not a list of strings"))),
            }
        }
        let tool = self.call.tool.to_string();
        Ok(Kind::Tool(
            if values.iter().any(|v| web::carries_secret(v)) {
                Then::Risky(Cause::RiskyTool {
                    tool,
                    reason: "sends a secret-shaped value to the search engine in its query".into(),
                })
            } else {
                Then::Allow(Cause::Lookup {
                    tool,
                    does: format!(
                        "searches the web for \"{}\"; the query carries no secret",
                        crate::decision::cause::one_line(&query, 120)
                    ),
                })
            },
        ))
    }

    /// `Monitor`: a shell command run in the background is judged as that command; a
    /// WebSocket opened is judged like a fetch of its URL.
    fn monitor(&mut self) -> Result<Kind, Cause> {
        match (self.call.input.get("command"), self.call.input.get("ws")) {
            (Some(_), None) => Ok(Kind::Shell(
                self.str_field("command", true)?.unwrap_or_default(),
            )),
            (None, Some(Value::Object(ws))) => {
                let Some(Value::String(url)) = ws.get("url") else {
                    return Err(bad("`ws.url` is not a string".to_string()));
                };
                if let Some(k) = ws
                    .keys()
                    .find(|k| !matches!(k.as_str(), "url" | "protocols"))
                {
                    return Ok(Kind::Tool(Then::Unsure(format!(
                        "Monitor's `ws` has the field `{k}`, which gatehook does not know"
                    ))));
                }
                Ok(Kind::Tool(fetch_then("Monitor", url)))
            }
            (None, Some(_)) => Err(bad("`ws` is not an object".to_string())),
            (Some(_), Some(_)) => Err(bad("Monitor has both `command` and `ws`".to_string())),
            (None, None) => Err(bad("Monitor input has no `command` or `ws`".to_string())),
        }
    }

    /// `Skill` / `SlashCommand`: loads a skill, judged by the files it resolves to; its
    /// arguments are scanned like a delegated prompt.
    fn skill(&mut self) -> Result<Kind, Cause> {
        let tool = self.call.tool;
        let (name, args) = if tool == "SlashCommand" {
            let command = self.str_field("command", true)?.unwrap_or_default();
            let command = command.trim().trim_start_matches('/').to_string();
            match command.split_once(char::is_whitespace) {
                Some((n, a)) => (n.to_string(), a.trim().to_string()),
                None => (command, String::new()),
            }
        } else {
            (
                self.str_field("skill", true)?.unwrap_or_default(),
                self.str_field("args", false)?.unwrap_or_default(),
            )
        };
        let name = name.trim_start_matches('/');
        let root = self.ctx.workspace.root.clone();
        let then = match skill::judge(name, self.call.cwd, &root, self.ctx.home) {
            Ok(does) => Then::Allow(Cause::HarnessTool {
                tool: tool.to_string(),
                does,
            }),
            Err(why) => Then::Unsure(format!("{tool}: {why}")),
        };
        Ok(Kind::Prompted { prompt: args, then })
    }

    /// `ScheduleWakeup`: this session resumes later with a prompt (or its loop ends).
    fn wakeup(&mut self) -> Result<Kind, Cause> {
        let tool = self.call.tool.to_string();
        if self.call.input.get("stop") == Some(&Value::Bool(true)) {
            return Ok(Kind::Tool(Then::Allow(Cause::HarnessTool {
                tool,
                does: "ends this session's self-paced loop".into(),
            })));
        }
        let prompt = self.str_field("prompt", false)?.unwrap_or_default();
        let delay = match self.call.input.get("delaySeconds") {
            Some(Value::Number(n)) => n.as_f64().map(|d| format!(" in {}s", d.round())),
            None => None,
            Some(_) => return Err(bad("`delaySeconds` is not a number".to_string())),
        }
        .unwrap_or_default();
        Ok(Kind::Prompted {
            prompt,
            then: Then::Allow(Cause::HarnessTool {
                tool,
                does: format!(
                    "schedules this session to resume{delay} with a prompt; each call it makes then is judged"
                ),
            }),
        })
    }

    /// `CronCreate`: a prompt scheduled in this session; `durable` persists it for later
    /// sessions (`.claude/scheduled_tasks.json`), which is not allowed here.
    fn cron(&mut self) -> Result<Kind, Cause> {
        let cron = self.str_field("cron", true)?.unwrap_or_default();
        let prompt = self.str_field("prompt", true)?.unwrap_or_default();
        let flag = |k: &str| match self.call.input.get(k) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::Bool(b)) => Ok(Some(*b)),
            Some(_) => Err(bad(format!("`{k}` is not a boolean"))),
        };
        let durable = flag("durable")?.unwrap_or(false);
        let recurring = flag("recurring")?.unwrap_or(true);
        let cron = crate::decision::cause::one_line(&cron, 40);
        let then = if durable {
            Then::Unsure(format!(
                "CronCreate persists a prompt (cron `{cron}`) to .claude/scheduled_tasks.json, where it runs in later sessions"
            ))
        } else {
            Then::Allow(Cause::HarnessTool {
                tool: self.call.tool.to_string(),
                does: format!(
                    "schedules a prompt in this session only (cron `{cron}`{}); each call it makes then is judged",
                    if recurring { "" } else { ", once" }
                ),
            })
        };
        Ok(Kind::Prompted { prompt, then })
    }

    /// `EnterWorktree`: a new worktree under `.claude/worktrees/` on a new branch, or an
    /// existing worktree entered (inside the workspace only).
    fn enter_worktree(&mut self) -> Result<Kind, Cause> {
        let tool = self.call.tool.to_string();
        let name = self.str_field("name", false)?;
        let path = self.str_field("path", false)?;
        Ok(Kind::Tool(match (name, path) {
            (Some(_), Some(_)) => {
                return Err(bad("EnterWorktree has both `name` and `path`".to_string()))
            }
            (_, Some(p)) => {
                let forms = paths::forms(&p, self.call.cwd, self.ctx.home);
                if self.ctx.workspace.contains(&forms) {
                    Then::Allow(Cause::HarnessTool {
                        tool,
                        does: format!(
                            "moves the session into the existing worktree {} inside the workspace",
                            forms.lexical.display()
                        ),
                    })
                } else {
                    Then::Unsure(format!(
                        "EnterWorktree moves the session into {}, outside the workspace",
                        forms.lexical.display()
                    ))
                }
            }
            (name, None) => Then::Allow(Cause::HarnessTool {
                tool,
                does: format!(
                    "creates a git worktree{} under .claude/worktrees/ on a new branch and moves the session into it",
                    name.map(|n| format!(" `{}`", crate::decision::cause::one_line(&n, 64)))
                        .unwrap_or_default()
                ),
            }),
        }))
    }

    /// `ExitWorktree`: keep is harmless; remove deletes the worktree and its branch, and
    /// with `discard_changes` the work in it.
    fn exit_worktree(&mut self) -> Result<Kind, Cause> {
        let tool = self.call.tool.to_string();
        let action = self.str_field("action", true)?.unwrap_or_default();
        let discard = match self.call.input.get("discard_changes") {
            None | Some(Value::Null) => false,
            Some(Value::Bool(b)) => *b,
            Some(_) => return Err(bad("`discard_changes` is not a boolean".to_string())),
        };
        Ok(Kind::Tool(match action.as_str() {
            "keep" => Then::Allow(Cause::HarnessTool {
                tool,
                does: "returns the session to its directory, keeping the worktree and its branch"
                    .into(),
            }),
            "remove" if discard => Then::Risky(Cause::RiskyTool {
                tool,
                reason: "removes the worktree and its branch, discarding uncommitted changes and unmerged commits".into(),
            }),
            "remove" => Then::Unsure(
                "ExitWorktree removes the worktree and its branch (the tool refuses while it holds changes)"
                    .into(),
            ),
            other => return Err(bad(format!("`action` is `{other}`, not keep or remove"))),
        }))
    }

    /// An MCP tool, judged by its values: a credential path in any of them (a path, a
    /// `file:` URL) is the hard floor, and so is a URL or host that reaches a cloud
    /// metadata endpoint (judged as WebFetch's URL is, [`web::reach`]); then [`mcp::judge`].
    fn mcp_tool(&mut self) -> Kind {
        let tool = self.call.tool;
        if let Some(values) = mcp::strings(self.call.input) {
            for (field, v) in &values {
                let t = v.trim();
                let raw = if mcp::path_like(t) && !t.contains("://") {
                    t.to_string()
                } else if t.contains("://") && !t.contains(char::is_whitespace) {
                    match web::reach(t) {
                        web::Reach::File(p) => p,
                        web::Reach::Metadata(what) => {
                            self.step("mcp", format!("`{field}` reaches {what}"));
                            return Kind::Tool(Then::Floor(Cause::Credential {
                                path: PathBuf::from(t),
                                what: what.to_string(),
                            }));
                        }
                        _ => continue,
                    }
                } else {
                    if let Some(what) = mcp::metadata_address(t) {
                        self.step("mcp", format!("`{field}` names {what}"));
                        return Kind::Tool(Then::Floor(Cause::Credential {
                            path: PathBuf::from(t),
                            what: what.to_string(),
                        }));
                    }
                    continue;
                };
                if let Some(c) = self.credential_path("mcp", field, &raw) {
                    return Kind::Tool(Then::Floor(c));
                }
                // A tool not known to only read, given the harness's settings or gatehook's
                // own files, may write them: the floor no writer lifts.
                if !mcp::reads_by_name(tool) {
                    if let Some(c) = self.guarded_write_path(&raw) {
                        self.step("mcp", format!("`{field}` names {raw}, which it may write"));
                        return Kind::Tool(Then::Floor(c));
                    }
                }
            }
        }
        self.mcp_written_paths(tool);
        if let Some(t) = self.mcp_shell_values(tool) {
            return Kind::Tool(t);
        }
        if let Some(t) = self.mcp_edit(tool) {
            return Kind::Tool(t);
        }
        if let Some(t) = self.mcp_git_setting(tool) {
            return Kind::Tool(t);
        }
        if let Some(t) = self.mcp_option_value(tool) {
            return Kind::Tool(t);
        }
        if let Some(t) = self.mcp_stored_text(tool) {
            return Kind::Tool(t);
        }
        // Secret material asked for, by the tool's name or its values, whatever its verb:
        // what it prints lands where the agent reads it.
        if let Some(what) = mcp::secret_read(tool, self.call.input) {
            let server = mcp::split_name(tool).map_or(tool, |(s, _)| s);
            self.step("mcp", format!("asks for {what}"));
            return Kind::Tool(Then::Risky(Cause::RiskyTool {
                tool: tool.to_string(),
                reason: format!(
                    "asks the {server} server for {what}: what it prints is secret material"
                ),
            }));
        }
        Kind::Tool(match mcp::judge(tool, self.call.input) {
            mcp::Verdict::Allow(c) => Then::Allow(c),
            mcp::Verdict::Risky(c) => Then::Risky(c),
            mcp::Verdict::Unsure(why) => self
                .mcp_read(tool)
                .or_else(|| self.mcp_think(tool))
                .or_else(|| self.mcp_navigate(tool))
                .unwrap_or(Then::Unsure(why)),
        })
    }

    /// The files an MCP tool writes, by what its values are whatever the tool is called
    /// (issue #14): a value under a field that names where the tool puts what it makes
    /// ([`mcp::output_key`]: chrome-devtools-mcp's `responseFilePath`, a trace's or a
    /// screenshot's `filePath`, `outputPath`, `dest`), and, for a tool not known to only
    /// read, a file of this machine named under a field for a file (it may write it).
    /// Each is a write the path floor judges with the call (the harness's settings,
    /// persistence files, credentials; outside the workspace), and one the person names
    /// for the reviewer to let through.
    fn mcp_written_paths(&mut self, tool: &str) {
        let Some(values) = mcp::strings(self.call.input) else {
            return;
        };
        let reads = mcp::split_name(tool).is_some_and(|(_, n)| mcp::reads_by_name(n));
        for (field, v) in &values {
            let t = v.trim();
            if t.is_empty() || t.contains(char::is_whitespace) || t.contains("://") {
                continue;
            }
            let output = mcp::output_key(field);
            if output || (!reads && mcp::file_key(field) && self.names_a_local_file(field, t)) {
                self.step(
                    "mcp",
                    format!(
                        "`{field}` names {t}, {}",
                        if output {
                            "where it writes what it makes"
                        } else {
                            "a file it may write"
                        }
                    ),
                );
                self.add_path(t, Access::Write);
            }
        }
    }

    /// Shell text an MCP tool is handed, judged by what it is, whatever the field is
    /// called. A value in a field named for a command (`command`, `cmd`, `run`, `exec`,
    /// `script`, `shell`, `eval`, `code`) is the command line it is: what the floor refuses
    /// on its own is refused here, what it would ask about is shown to the person. Every
    /// other value that is more than a plain setting and fits on a line (a git setting's
    /// value, a note) is judged as the same command line: what the floor refuses or finds
    /// risky is shown to the person (a sentence the floor reads only by its verbs is no
    /// finding, as in the edit scan); prose that merely mentions a routine command
    /// (`run cargo test to reproduce`) is what the floor says it is, nothing. Each such
    /// judgement is kept with the evaluation ([`Evaluation::carried`]) for the reviewer's
    /// needs. A value the floor finds routine says nothing more (the tool still faces
    /// [`mcp::judge`]).
    fn mcp_shell_values(&mut self, tool: &str) -> Option<Then> {
        const FIELDS: &[&str] = &[
            "command", "cmd", "run", "exec", "script", "shell", "eval", "code",
        ];
        /// Most values judged as command lines in one call; past it, the call is shown.
        const MAX_JUDGED: usize = 64;
        let values = mcp::strings(self.call.input)?;
        // Text a tool writes into a file it names is judged by that file's kind (the edit
        // scan, [`Self::mcp_edit`]), as the file tools' text is.
        let writes_file = values.iter().any(|(k, v)| self.names_a_local_file(k, v));
        let search_name = mcp::split_name(tool).map_or(tool, |(_, t)| t);
        // The first value the floor refuses, else the first it finds risky.
        let mut refused: Option<Then> = None;
        let mut risky: Option<Then> = None;
        let mut judged = 0usize;
        for (field, v) in &values {
            let key = field
                .rsplit(['.', '/'])
                .next()
                .unwrap_or(field)
                .to_ascii_lowercase();
            let named = mcp::name_words(&key)
                .iter()
                .any(|w| FIELDS.contains(&w.as_str()));
            let text = v.trim();
            if text.is_empty() {
                continue;
            }
            // A word with no shell syntax is a name, a setting or a path (the path floor
            // judges those); SQL is judged as SQL ([`mcp::judge`]).
            let one_word = !text.contains(char::is_whitespace)
                && !text.contains(['|', ';', '&', '$', '<', '>', '`', '(']);
            if !named
                && (mcp::plain_setting(text)
                    || one_word
                    || mcp::looks_like_sql(text)
                    || mcp::search_query(search_name, field)
                    || text.contains('\n')
                    || text.len() > 2000
                    || (writes_file && (file_text_field(field) || replaced_text_field(field))))
            {
                // A name or setting runs nothing; text of many lines is judged line by
                // line by the edit and risky-text scans.
                continue;
            }
            judged += 1;
            if text.len() > 20_000 || judged > MAX_JUDGED {
                self.step("mcp", format!("`{field}`: more text than gatehook judges"));
                return Some(Then::Risky(Cause::RiskyTool {
                    tool: tool.to_string(),
                    reason: format!(
                        "is handed more text (in `{field}`) than gatehook judges as command lines"
                    ),
                }));
            }
            let analysis = shell::analyze(
                text,
                &shell::ShellEnv::new(self.ctx.home.to_path_buf(), self.call.cwd.to_path_buf()),
            );
            let j = crate::analysis::command::judge(&analysis, &self.ctx.judge_ctx(self.call.cwd));
            match &j.verdict {
                crate::analysis::command::Verdict::Hard {
                    category, reason, ..
                } if named => {
                    self.step("mcp", format!("`{field}` is a command line that {reason}"));
                    return Some(Then::Floor(Cause::Destructive {
                        category: category.to_string(),
                        reason: format!(
                            "{tool} is handed, in `{field}`, a command line that {reason}"
                        ),
                        command: crate::decision::cause::one_line(text, 200),
                    }));
                }
                crate::analysis::command::Verdict::Hard { reason, .. } => {
                    self.step(
                        "mcp",
                        format!("`{field}` reads as a command line that {reason}"),
                    );
                    refused.get_or_insert_with(|| {
                        Then::Risky(Cause::RiskyTool {
                            tool: tool.to_string(),
                            reason: format!(
                                "is handed, in `{field}`, a command line the floor refuses: {reason}"
                            ),
                        })
                    });
                    self.carried.push(j);
                }
                crate::analysis::command::Verdict::Soft { reason, .. }
                    if named || !crate::analysis::command::sentence_verb(reason) =>
                {
                    self.step("mcp", format!("`{field}` is a command line: {reason}"));
                    risky.get_or_insert_with(|| {
                        Then::Risky(Cause::RiskyTool {
                            tool: tool.to_string(),
                            reason: format!("is handed, in `{field}`, a command line: {reason}"),
                        })
                    });
                    self.carried.push(j);
                }
                _ => {}
            }
        }
        refused.or(risky)
    }

    /// A git setting an MCP tool not known to only read is handed (`{"key":
    /// "core.fsmonitor", "value": …}`): a key whose value is a program git runs, by the
    /// table the shell floor judges `git config` and `git -c` with
    /// ([`git::key_kind`](crate::analysis::effects::programs::git::key_kind)), is judged as
    /// `git config KEY VALUE` is, and shown to the person.
    fn mcp_git_setting(&mut self, tool: &str) -> Option<Then> {
        use crate::analysis::effects::programs::git::{key_kind, KeyKind};
        let (_, name) = mcp::split_name(tool)?;
        if mcp::reads_by_name(name) {
            return None;
        }
        let values = mcp::strings(self.call.input)?;
        let (field, key) = values.iter().find(|(_, v)| {
            let t = v.trim();
            t.contains('.') && mcp::plain_setting(t) && key_kind(t) == KeyKind::Code
        })?;
        let value = values
            .iter()
            .find(|(k, v)| k != field && k.to_ascii_lowercase().contains("value") && !v.is_empty())
            .map(|(_, v)| v.clone())
            .unwrap_or_default();
        let line = format!(
            "git config {} {}",
            shell_quote(key.trim()),
            shell_quote(&value)
        );
        self.step(
            "mcp",
            format!("`{field}` is git's `{}`, a program git runs", key.trim()),
        );
        let analysis = shell::analyze(
            &line,
            &shell::ShellEnv::new(self.ctx.home.to_path_buf(), self.call.cwd.to_path_buf()),
        );
        let j = crate::analysis::command::judge(&analysis, &self.ctx.judge_ctx(self.call.cwd));
        let why = match &j.verdict {
            crate::analysis::command::Verdict::Hard { reason, .. }
            | crate::analysis::command::Verdict::Soft { reason, .. } => reason.clone(),
            _ => format!("git runs the value of `{}` as a program", key.trim()),
        };
        // The reviewer's need is the key's own (`mcp_needs`: the person names the key); a
        // value the floor refuses was kept by [`Self::mcp_shell_values`].
        Some(Then::Risky(Cause::RiskyTool {
            tool: tool.to_string(),
            reason: format!(
                "sets git's `{}` (in `{field}`), whose value is a program git runs: {why}",
                key.trim()
            ),
        }))
    }

    /// An option where an MCP tool not known to only read expects a name of a ref, branch,
    /// tag, revision or path (`{"branch_name": "--"}`, `"-f"`, `"--force"`): a server that
    /// hands it to a program's command line passes it as an option (`git checkout --`
    /// with paths discards uncommitted work), not as the name. Shown to the person.
    fn mcp_option_value(&mut self, tool: &str) -> Option<Then> {
        const NAME_FIELDS: &[&str] = &[
            "branch", "ref", "refs", "rev", "revision", "tag", "commit", "sha", "target", "start",
            "point", "base", "head", "name", "remote", "upstream", "paths", "path", "file",
            "files",
        ];
        let (_, name) = mcp::split_name(tool)?;
        if mcp::reads_by_name(name) {
            return None;
        }
        let values = mcp::strings(self.call.input)?;
        let (field, v) = values.iter().find(|(k, v)| {
            let key = k.rsplit(['.', '/']).next().unwrap_or(k);
            let t = v.trim();
            t.starts_with('-')
                && !t.contains(char::is_whitespace)
                && mcp::name_words(key)
                    .iter()
                    .any(|w| NAME_FIELDS.contains(&w.as_str()))
        })?;
        self.step("mcp", format!("`{field}` is `{v}`, an option, not a name"));
        Some(Then::Risky(Cause::RiskyTool {
            tool: tool.to_string(),
            reason: format!(
                "is handed `{}` in `{field}`, which a program takes as an option, not as a name",
                crate::decision::cause::one_line(v, 40)
            ),
        }))
    }

    /// A tool that writes, creates, adds, updates, stores or remembers something an
    /// agent reads back later (a memory or knowledge store, notes, an issue): every string
    /// value anywhere in its input meets the scan a file tool's new text for agent
    /// instructions meets (`command::scan_edit`, as `CLAUDE.md` in the workspace: commands
    /// the floor refuses or finds risky, credential paths, markers that steer the agent).
    /// A hit is a risky edit of that store.
    fn mcp_stored_text(&mut self, tool: &str) -> Option<Then> {
        let (server, name) = mcp::split_name(tool)?;
        if mcp::reads_by_name(name) || !mcp::stores_by_name(name) {
            return None;
        }
        let values = mcp::strings(self.call.input)?;
        if values.iter().any(|(k, v)| self.names_a_local_file(k, v)) {
            // A file: judged by its own kind ([`Self::mcp_edit`]).
            return None;
        }
        let texts: Vec<String> = values
            .iter()
            .map(|(_, v)| v.clone())
            .filter(|v| !mcp::plain_setting(v.trim()))
            .collect();
        if texts.is_empty() {
            return None;
        }
        let ctx = crate::analysis::command::JudgeCtx {
            baseline: &crate::context::baseline::NoBaseline,
            ..self.ctx.judge_ctx(self.call.cwd)
        };
        let as_instructions = self.ctx.workspace.root.join("CLAUDE.md");
        let risk = crate::analysis::command::scan_edit(&as_instructions, &texts, &ctx)?;
        self.step(
            "mcp",
            format!(
                "what {tool} stores, read as agent instructions: {}",
                risk.found
            ),
        );
        Some(Then::Risky(Cause::RiskyEdit {
            path: PathBuf::from(format!("mcp__{server}")),
            file: format!("what the {server} server stores for the agent to read back"),
            found: risk.found,
        }))
    }

    /// A tool not known to only read, given a path and text (`write_file`, `edit_file`):
    /// the text meets the edit scan the file tools' new text meets, for the file the path
    /// names (what plants something in a file that runs or steers the agent is shown to
    /// the person, as an `Edit` of it is).
    fn mcp_edit(&mut self, tool: &str) -> Option<Then> {
        let (_, name) = mcp::split_name(tool)?;
        if mcp::reads_by_name(name) {
            return None;
        }
        let values = mcp::strings(self.call.input)?;
        let is_path = |field: &str, v: &str| names_a_file(field, v);
        // The new text, wherever it sits (`content`, `edits[].newText`, `new_string`,
        // `replacement`, …): every value but the paths and the text being replaced or
        // searched for (`oldText`, `old_string`, `search`), which is what goes away.
        let texts: Vec<String> = values
            .iter()
            .filter(|(k, v)| !is_path(k, v) && !replaced_text_field(k))
            .map(|(_, v)| v.clone())
            .collect();
        // A file it writes is a write as the file tools' are: judged by the path floor
        // with the call, and recorded, so a script or definition file it changes is no
        // longer the project's own code this session.
        if !texts.is_empty() {
            let files: Vec<String> = values
                .iter()
                .filter(|(k, v)| is_path(k, v))
                .map(|(_, v)| v.trim().to_string())
                .collect();
            for f in files {
                let forms = paths::forms(&f, self.call.cwd, self.ctx.home);
                if self.names_a_local_file("path", &f) && !forms.lexical.is_dir() {
                    self.add_path(&f, Access::Write);
                }
            }
        }
        if texts.is_empty() {
            return None;
        }
        // As the file tools' edits are scanned (`checks::risky_edit`): without the session's
        // baseline, so the same text in the same file finds the same.
        let ctx = crate::analysis::command::JudgeCtx {
            baseline: &crate::context::baseline::NoBaseline,
            ..self.ctx.judge_ctx(self.call.cwd)
        };
        for (field, v) in values.iter().filter(|(k, v)| is_path(k, v)) {
            let forms = paths::forms(v.trim(), self.call.cwd, self.ctx.home);
            let path = forms.resolved.clone().unwrap_or(forms.lexical.clone());
            if let Some(risk) = crate::analysis::command::scan_edit(&path, &texts, &ctx) {
                self.step(
                    "mcp",
                    format!(
                        "`{field}` names {}, {}: {}",
                        path.display(),
                        risk.file,
                        risk.found
                    ),
                );
                // The same ask, and the same need, as an `Edit` of that file.
                return Some(Then::Risky(Cause::RiskyEdit {
                    path,
                    file: risk.file.to_string(),
                    found: risk.found,
                }));
            }
        }
        None
    }

    /// A value that names a file of this machine ([`names_a_file`]): a path of a server's
    /// own namespace (a notes app's `/Sessions/x`) is none, since a file's top directory
    /// exists here.
    fn names_a_local_file(&self, field: &str, v: &str) -> bool {
        if !names_a_file(field, v) {
            return false;
        }
        let forms = paths::forms(v.trim(), self.call.cwd, self.ctx.home);
        let top: PathBuf = forms.lexical.components().take(2).collect();
        top.exists()
    }

    /// The harness's settings or gatehook's own files a path is, if so (as a write).
    fn guarded_write_path(&self, raw: &str) -> Option<Cause> {
        let forms = paths::forms(raw, self.call.cwd, self.ctx.home);
        let classes: Vec<PathClass> = forms
            .forms()
            .filter_map(|p| floor::classify(p, Access::Write, self.ctx.floor))
            .collect();
        classes.into_iter().find_map(|c| match c {
            PathClass::HarnessConfig { what } => Some(Cause::HarnessConfig {
                path: forms.lexical.clone(),
                what: what.to_string(),
            }),
            PathClass::SelfConfig { what } => Some(Cause::SelfModification {
                path: forms.lexical.clone(),
                what: what.to_string(),
            }),
            _ => None,
        })
    }

    /// The credential a path named by a tool's value (`field`) is, if it is one.
    fn credential_path(&mut self, stage: &'static str, field: &str, raw: &str) -> Option<Cause> {
        let forms = paths::forms(raw, self.call.cwd, self.ctx.home);
        let class = forms
            .forms()
            .filter_map(|p| floor::classify(p, Access::Read, self.ctx.floor))
            .max_by_key(severity);
        self.step(stage, format!("`{field}` names the path {raw}"));
        match class {
            Some(PathClass::Credential { what }) => Some(Cause::Credential {
                path: forms.lexical,
                what: what.to_string(),
            }),
            _ => None,
        }
    }

    /// A tool whose name says it reads (see [`mcp::reads_by_name`]) with every value a
    /// setting, a path or a public URL: each path is a read the path floor judges like the
    /// Read tool's (a credential is refused, a protected file asked about, one outside the
    /// workspace allowed only where it holds no secret), each URL a fetch judged like
    /// WebFetch's. `None` when it is not such a read.
    fn mcp_read(&mut self, tool: &str) -> Option<Then> {
        let (server, name) = mcp::split_name(tool)?;
        if !mcp::reads_by_name(name) {
            return None;
        }
        // Its name says it reads; what it is asked for may still be an operation of the
        // server's (a `command` field). (Secret material asked for is judged before,
        // [`mcp::secret_read`].)
        // An operation that is itself a read by its name (`pull_request_read {"method":
        // "get_diff"}`) says no more than the tool's name.
        if let Some((field, v)) = mcp::strings(self.call.input)
            .unwrap_or_default()
            .into_iter()
            .find(|(k, v)| {
                mcp::operation_field(k)
                    && !(mcp::plain_setting(v.trim()) && mcp::reads_by_name(v.trim()))
            })
        {
            return Some(Then::Unsure(format!(
                "{tool} is given an operation in `{field}` (`{}`), which its name does not describe",
                crate::decision::cause::one_line(&v, 60)
            )));
        }
        let values = match mcp::read_values(self.call.input) {
            Ok(v) => v,
            Err(why) => return Some(Then::Unsure(format!("{tool}: {why}"))),
        };
        // A view saved as a file (`browser_take_screenshot {"filename": …}`): the paths
        // it is given are where it writes.
        let saves = mcp::name_words(name)
            .iter()
            .any(|w| matches!(w.as_str(), "screenshot" | "snapshot"));
        // Git run in a repository outside the workspace runs what that repository's
        // configuration names (`core.fsmonitor`, `diff.external`, textconv drivers).
        let git = mcp::name_words(server)
            .iter()
            .chain(mcp::name_words(name).iter())
            .any(|w| w == "git");
        if git {
            for (field, v) in &values {
                if let mcp::ReadValue::Path(p) = v {
                    let forms = paths::forms(p, self.call.cwd, self.ctx.home);
                    if !self.ctx.workspace.contains(&forms) {
                        return Some(Then::Unsure(format!(
                            "{tool} runs git in {p} (`{field}`), outside the workspace: that repository's configuration may name programs git runs"
                        )));
                    }
                }
            }
        }
        let mut urls = Vec::new();
        for (field, v) in &values {
            match v {
                // Where it saves what it makes: a write, judged with the call
                // ([`Self::mcp_written_paths`]).
                mcp::ReadValue::Path(_) if mcp::output_key(field) => {}
                mcp::ReadValue::Path(p) if saves => {
                    self.step("mcp", format!("`{field}` is written as the path {p}"));
                    self.add_path(p, Access::Write);
                }
                mcp::ReadValue::Path(p) => {
                    self.step("mcp", format!("`{field}` is read as the path {p}"));
                    self.add_path(p, Access::Read);
                    // A bare name (`.env.production` under `path`) is judged where the
                    // call runs, by the names the floor keeps secret; a relative path
                    // also from home.
                    if !p.starts_with(['/', '~']) && p.contains('/') {
                        // Relative to a root the server chose, which may be the home
                        // directory: judged there too (`.ssh/id_rsa` is a credential).
                        self.add_path(&format!("~/{p}"), Access::Read);
                    }
                }
                mcp::ReadValue::Url(u) => urls.push(u.clone()),
                mcp::ReadValue::Plain => {}
            }
        }
        for u in &urls {
            if let t @ (Then::Unsure(_) | Then::Risky(_)) = fetch_then(tool, u) {
                return Some(t);
            }
        }
        Some(Then::Allow(Cause::Lookup {
            tool: tool.to_string(),
            does: if saves {
                format!(
                    "shows a view from the {server} server ({name}), saved where the floor judged a write may go; its other values are settings and public URLs"
                )
            } else {
                format!(
                    "reads from the {server} server ({name}); its values are settings, paths the floor judged and public URLs"
                )
            },
        }))
    }
}

impl Eval<'_, '_> {
    /// A tool whose name says it only thinks ([`mcp::thinks_by_name`]) given text and
    /// settings: no path, URL or secret among its values, so nothing leaves the call but
    /// the text the server keeps for itself and hands back.
    fn mcp_think(&mut self, tool: &str) -> Option<Then> {
        let (server, name) = mcp::split_name(tool)?;
        if !mcp::thinks_by_name(name) {
            return None;
        }
        let values = mcp::strings(self.call.input)?;
        let harmless = values.iter().all(|(_, v)| {
            let t = v.trim();
            !mcp::path_like(t)
                && !t.contains("://")
                && mcp::metadata_address(t).is_none()
                && !web::carries_secret(t)
                && t.len() <= 20_000
        });
        harmless.then(|| {
            Then::Allow(Cause::Lookup {
                tool: tool.to_string(),
                does: format!(
                    "hands its own thinking to the {server} server ({name}); its values are text and settings, no path, URL or secret"
                ),
            })
        })
    }

    /// A tool whose name says it opens a page ([`mcp::navigates_by_name`]) given one URL
    /// and settings: the fetch of that URL, judged as WebFetch's is ([`fetch_then`]).
    fn mcp_navigate(&mut self, tool: &str) -> Option<Then> {
        let (_, name) = mcp::split_name(tool)?;
        if !mcp::navigates_by_name(name) {
            return None;
        }
        let values = mcp::strings(self.call.input)?;
        let (urls, rest): (Vec<_>, Vec<_>) =
            values.iter().partition(|(_, v)| v.trim().contains("://"));
        if urls.len() != 1 || !rest.iter().all(|(_, v)| mcp::plain_setting(v.trim())) {
            return None;
        }
        let url = urls[0].1.trim();
        if url.contains(char::is_whitespace) {
            return None;
        }
        Some(fetch_then(tool, url))
    }
}

/// A fetch of `url` by `tool` ([`web::reach`]): a cloud metadata endpoint is the hard
/// floor; a public host with no secret in the URL is allowed; a secret in it is risky;
/// anything else (a service of this machine or its network, a file, a look-alike) gets no
/// opinion.
fn fetch_then(tool: &str, url: &str) -> Then {
    let shown = crate::decision::cause::one_line(url, 160);
    match web::reach(url) {
        web::Reach::Metadata(what) => Then::Floor(Cause::Credential {
            path: PathBuf::from(url),
            what: what.to_string(),
        }),
        web::Reach::File(p) => Then::Unsure(format!(
            "{tool} of {shown}: the URL names the local file {p}, not the web"
        )),
        web::Reach::Local(at) => Then::Unsure(match web::held_service(url) {
            Some((_, why)) => format!(
                "{tool} of {shown}: the URL reaches {at}, a service of this machine or its network; it {why}"
            ),
            None => format!(
                "{tool} of {shown}: the URL reaches {at}, a service of this machine or its network"
            ),
        }),
        web::Reach::NotPublic(why) => Then::Unsure(format!("{tool} of {shown}: the URL {why}")),
        web::Reach::Public(host) if web::carries_encoded_data(url) => Then::Unsure(format!(
            "{tool} of {shown}: the URL carries encoded data to {host}, which could be the workspace's content"
        )),
        web::Reach::Public(host) if web::carries_secret(url) => Then::Risky(Cause::RiskyTool {
            tool: tool.to_string(),
            reason: format!("sends a secret-shaped value in the URL to {host}"),
        }),
        web::Reach::Public(host) => Then::Allow(Cause::Lookup {
            tool: tool.to_string(),
            does: format!("fetches {shown} from the public host {host}; the URL carries no secret"),
        }),
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

/// The names Claude Code's Grep tool lets ripgrep read below its path, from its `glob` and
/// `type` fields (`None`: any). Claude Code 2.1.x runs `rg --hidden --no-follow`, adds
/// `--glob '!.git'` and other negations, passes `type` as `--type TYPE`, and splits `glob`
/// at blanks and, in a piece without both braces, at commas, each a `--glob` (read from
/// the pinned CLI's bundle); another version may pass `glob` whole, so both readings are
/// bounded (`reach::rg`) and their union taken.
fn grep_admitted(glob: Option<&str>, kind: Option<&str>) -> Option<Vec<NamePattern>> {
    let types: Vec<&str> = kind.into_iter().collect();
    let Some(g) = glob else {
        return rg::admitted(&[], &types, true);
    };
    let split: Vec<(&str, bool)> = g
        .split_whitespace()
        .flat_map(|piece| {
            if piece.contains('{') && piece.contains('}') {
                vec![piece]
            } else {
                piece.split(',').filter(|s| !s.is_empty()).collect()
            }
        })
        .map(|s| (s, false))
        .collect();
    let pieces = rg::admitted(&split, &types, true)?;
    let whole = rg::admitted(&[(g, false)], &types, true)?;
    Some(pieces.into_iter().chain(whole).collect())
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

/// A value that names a file: written as a path, or a relative name in a field named for
/// a file.
fn names_a_file(field: &str, v: &str) -> bool {
    let key = field.rsplit(['.', '/']).next().unwrap_or(field);
    mcp::path_like(v.trim())
        || (!v.contains(char::is_whitespace) && !v.is_empty() && mcp::file_key(key))
}

/// A field holding the text an edit replaces or looks for (`oldText`, `old_string`,
/// `search`, `pattern`), not text it writes.
fn replaced_text_field(field: &str) -> bool {
    mcp::name_words(field).iter().any(|w| {
        matches!(
            w.as_str(),
            "old" | "search" | "find" | "pattern" | "original"
        )
    })
}

/// A field holding text written into a file (`content`, `newText`, `replacement`).
fn file_text_field(field: &str) -> bool {
    mcp::name_words(field).iter().any(|w| {
        matches!(
            w.as_str(),
            "content" | "contents" | "text" | "replacement" | "data" | "body" | "source" | "string"
        )
    })
}

/// `s` as one shell word.
fn shell_quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', "'\\''"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn admits(glob: Option<&str>, kind: Option<&str>, name: &str) -> bool {
        grep_admitted(glob, kind).is_none_or(|ps| ps.iter().any(|p| p.matches(name)))
    }

    /// Claude Code splits `glob` at blanks and, in a piece without braces, at commas;
    /// the whole value is bounded too, so a version that passes it whole is covered.
    #[test]
    fn the_grep_tools_glob_is_read_both_ways() {
        for g in ["*.rs,*.md", "*.rs *.md", "*.{rs,md}", " *.rs ,, *.md "] {
            assert!(admits(Some(g), None, "a.rs"), "{g}");
            assert!(admits(Some(g), None, "a.md"), "{g}");
            assert!(!admits(Some(g), None, "data.bin"), "{g}");
        }
        // Whole, `*.md,x*` matches a name with a comma; split, `x*` any name starting x.
        assert!(admits(Some("*.md,x*"), None, "a.md,xyz"));
        assert!(admits(Some("*.md,x*"), None, "xdata.bin"));
        // A reading with no whitelist glob is unbounded: `!x *.md` whole is a negation.
        assert!(!admits(Some("*.md !x"), None, "data.bin"));
        assert!(admits(Some("!x *.md"), None, "data.bin"));
        assert!(admits(Some("!*.rs"), None, "data.bin"));
        // The type counts when no glob whitelists.
        assert!(admits(None, Some("rust"), "a.rs") && !admits(None, Some("rust"), "a.md"));
        assert!(admits(None, Some("nosuch"), "data.bin"));
        assert!(admits(None, None, "data.bin"));
    }
}
