//! Claude Code permission rules (`Bash(npm run test:*)`, `Read(./.env)`, `mcp__github`, …):
//! parsing with clear errors, and matching against a tool call as the engine describes it
//! (`Subject`). This module owns the rule grammar and its semantics; it knows nothing about
//! files or layers (that is `config`) nor about shell parsing (the engine hands us argv).
//!
//! Semantics chosen where Claude Code leaves room (see `PROTOCOLS.md` §2):
//! - `Read(/path)` is relative to the **project root** (Claude Code: "the settings source").
//! - `Write`/`MultiEdit`/`NotebookEdit(...)` path rules are aliases of `Edit(...)`;
//!   `Glob`/`Grep`/`LS(...)` of `Read(...)`. Bare `Read`/`Edit` cover every tool of their access;
//!   a bare alias (`Glob`) covers only that tool.
//! - Deny/ask path rules are gitignore-like and fail closed: a relative pattern (`src/**`,
//!   `.env`) matches at any depth anywhere, and a pattern that matches a directory also
//!   matches everything under it. Allow path rules are anchored and exact.
//! - A `Read` deny or ask also covers Edit access.
//! - Anything a rule can't inspect (unparseable URL, a file tool without a path) matches
//!   every deny/ask rule of that tool and no allow rule (not even a bare `WebFetch`).
//! - `Bash(...)` and `PowerShell(...)` rules both apply to every shell subject. Deny/ask shell
//!   patterns also see the command with its assignments (`FOO=1 rm …`) and with an absolute
//!   program path reduced to its name (`/bin/rm` → `rm`).
//! - Parentheses inside a specifier are rejected (no nesting), and there is no escape for a
//!   literal `*`.

pub(crate) mod glob;
mod matching;

#[cfg(test)]
mod tests;

use crate::context::config::Layer;
use glob::{DomainPat, Seg};
use std::path::PathBuf;

pub use matching::{RuleOutcome, RuleSet};

/// Which list a rule sits in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum RuleKind {
    Allow,
    Ask,
    Deny,
}

/// Whether a file tool reads or writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    Read,
    Edit,
}

/// One simple command of a (possibly compound) shell command, wrapper-stripped by the shell
/// analysis.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BashCommand {
    pub argv: Vec<String>,
    pub assignments: Vec<(String, String)>,
    pub has_file_redirect: bool,
}

pub use crate::context::paths::PathForms;

/// What a tool call looks like to the rule matcher (built by the engine).
#[derive(Clone, Copy, Debug)]
pub enum Subject<'a> {
    /// A Bash/PowerShell call. One entry per simple command (normalised argv).
    /// `fully_parsed == false`: the shell analysis could not model it, so no allow rule covers
    /// it. `input` is the raw `tool_input`, for `Bash(run_in_background:true)`-style rules.
    Bash {
        commands: &'a [BashCommand],
        fully_parsed: bool,
        input: &'a serde_json::Value,
    },
    /// A file tool: Read for Read/Glob/Grep/LS, Edit for Edit/Write/MultiEdit/NotebookEdit.
    Path {
        tool: &'a str,
        access: Access,
        paths: &'a [PathForms],
    },
    WebFetch {
        url: &'a str,
    },
    /// Anything else: MCP tools, Agent/Task, WebSearch, Skill, …
    Tool {
        name: &'a str,
        input: &'a serde_json::Value,
    },
}

/// Directories that relative path patterns are anchored at.
#[derive(Clone, Copy, Debug)]
pub struct MatchCtx<'a> {
    pub cwd: &'a std::path::Path,
    pub project_root: &'a std::path::Path,
    pub home: &'a std::path::Path,
}

/// Where a rule came from, for `explain` and the audit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleSource {
    pub layer: Layer,
    pub file: PathBuf,
    pub line: usize,
}

#[derive(Clone, Debug)]
pub struct LoadedRule {
    pub rule: Rule,
    pub kind: RuleKind,
    pub source: RuleSource,
    /// What the person's config tells the agent (and the person) when this rule matches
    /// (`{ rule = "…", message = "…" }`), as written; shown bounded and on one line.
    pub message: Option<String>,
}

/// One parsed permission rule. `text` is the rule as written (outer whitespace trimmed).
#[derive(Clone, Debug)]
pub struct Rule {
    pub text: String,
    tool: ToolPat,
    family: Family,
    spec: Spec,
    /// Why this rule may not sit in an allow list (`None`: it may).
    allow_error: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum ToolPat {
    /// One tool by exact name.
    Name(String),
    /// Every tool of an MCP server; holds the `mcp__<server>__` prefix.
    Server(String),
    /// A `*` wildcard over tool names.
    Glob(String),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Family {
    Shell,
    Path(Access),
    WebFetch,
    Agent,
    Other,
}

#[derive(Clone, Debug)]
enum Spec {
    /// Bare `Tool` or `Tool(*)`.
    Any,
    /// A command-style pattern: Bash/PowerShell text, Agent type, or another tool's main field.
    Command(String),
    Path(PathPat),
    Domain(DomainPat),
    /// `key:value` over `tool_input` (deny/ask only).
    Param {
        key: String,
        value: String,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Anchor {
    /// `//path`
    Root,
    /// `~/path`
    Home,
    /// `/path`
    Project,
    /// `path`, `./path`
    Cwd,
}

#[derive(Clone, Debug)]
struct PathPat {
    anchor: Anchor,
    /// Leading `..` steps above the anchor.
    up: usize,
    segs: Vec<Seg>,
    /// No `/` in the pattern (`.env`, `*.pem`): the name at any depth.
    floating: bool,
}

/// Tools whose names people type in rules; a case-only mismatch (`bash(rm *)`) is an error,
/// because such a deny would silently never match.
const KNOWN_TOOLS: &[&str] = &[
    "Bash",
    "PowerShell",
    "Read",
    "Glob",
    "Grep",
    "LS",
    "Edit",
    "Write",
    "MultiEdit",
    "NotebookEdit",
    "WebFetch",
    "WebSearch",
    "Agent",
    "Task",
    "Skill",
    "TodoWrite",
    "AskUserQuestion",
    "ExitPlanMode",
    "Monitor",
    "BashOutput",
    "KillShell",
    "SlashCommand",
];

/// Further tool names a rule may name: the rest of Claude Code's tools gatehook sees in
/// payloads, and Codex's `apply_patch`. With [`KNOWN_TOOLS`], the catalogue a rule's tool
/// name is linted against (`gatehook check`).
const OTHER_TOOLS: &[&str] = &[
    "NotebookRead",
    "TodoRead",
    "TaskCreate",
    "TaskUpdate",
    "TaskList",
    "TaskGet",
    "EnterPlanMode",
    "ListMcpResourcesTool",
    "ReadMcpResourceTool",
    "KillBash",
    "apply_patch",
];

/// Tools whose bare allow rule (`Read`, `Write`, `Bash(*)`) allows every call of the tool,
/// wherever it reads, writes or runs: too broad for an allow list.
const GATED_TOOLS: &[&str] = &[
    "Bash",
    "PowerShell",
    "Read",
    "Glob",
    "Grep",
    "LS",
    "Edit",
    "Write",
    "MultiEdit",
    "NotebookEdit",
    "NotebookRead",
    "WebFetch",
    "WebSearch",
    "Agent",
    "Task",
    "Skill",
    "apply_patch",
];

/// `tool_input` keys that make `Bash(key:value)` a parameter rule rather than a command prefix.
const BASH_PARAMS: &[&str] = &[
    "run_in_background",
    "timeout",
    "description",
    "dangerouslyDisableSandbox",
];
/// Same for `Agent(key:value)`.
const AGENT_PARAMS: &[&str] = &[
    "model",
    "subagent_type",
    "run_in_background",
    "isolation",
    "name",
    "description",
    "prompt",
];

const PARAM_IN_ALLOW: &str =
    "`key:value` rules work in deny and ask lists only (Claude Code ignores them in allow)";
const GLOB_IN_ALLOW: &str =
    "tool-name wildcards in allow rules are only allowed after a literal `mcp__<server>__` prefix";

impl Rule {
    /// Parse a rule with the syntax every list accepts (deny/ask). A rule parsed this way that
    /// is not valid as an allow rule never matches as one.
    pub fn parse(s: &str) -> Result<Rule, String> {
        let text = s.trim();
        if text.is_empty() {
            return Err("empty rule".into());
        }
        let (name, inner) = split_rule(text)?;
        let (tool, mut allow_error) = parse_tool(name)?;
        let family = match &tool {
            ToolPat::Name(n) => family_of(n),
            _ => Family::Other,
        };
        let spec = match inner {
            None => Spec::Any,
            Some("") => {
                return Err(format!(
                    "empty specifier `{name}()`: write `{name}` alone to mean every call"
                ))
            }
            Some("*") => Spec::Any,
            Some(inner) => parse_spec(family, name, inner)?,
        };
        if matches!(spec, Spec::Param { .. }) && allow_error.is_none() {
            allow_error = Some(PARAM_IN_ALLOW.into());
        }
        Ok(Rule {
            text: text.to_string(),
            tool,
            family,
            spec,
            allow_error,
        })
    }

    /// Parse a rule for a given list; allow lists reject deny/ask-only forms.
    pub fn parse_for(kind: RuleKind, s: &str) -> Result<Rule, String> {
        let rule = Rule::parse(s)?;
        match (&rule.allow_error, kind) {
            (Some(e), RuleKind::Allow) => Err(e.clone()),
            _ => Ok(rule),
        }
    }

    /// Broad allow rules are dropped in auto mode, as Claude Code does: blanket shell access,
    /// wildcarded interpreters and wrappers, package-manager run commands, any Agent rule.
    pub fn is_broad(&self) -> bool {
        match (self.family, &self.spec) {
            (Family::Shell, Spec::Any) => true,
            (Family::Shell, Spec::Command(p)) => broad_command(p),
            (Family::Agent, _) => true,
            _ => matches!(&self.tool, ToolPat::Name(n) if n == "Monitor"),
        }
    }

    /// A bare allow of a gated tool (`Write`, `Bash`, `Bash(*)`, `Edit`): every call of it,
    /// wherever it lands. For `gatehook check` lints; the tool's name when it is one.
    pub fn bare_gated_tool(&self) -> Option<&str> {
        match (&self.tool, &self.spec) {
            (ToolPat::Name(n), Spec::Any) if GATED_TOOLS.contains(&n.as_str()) => Some(n),
            _ => None,
        }
    }

    /// A tool name no catalogue knows (`Rea(x)`), with the nearest known name as a
    /// suggestion. MCP tools (`mcp__server__tool`) and tool-name wildcards are not judged.
    pub fn unknown_tool(&self) -> Option<(&str, Option<&'static str>)> {
        let ToolPat::Name(n) = &self.tool else {
            return None;
        };
        if n.starts_with("mcp__")
            || KNOWN_TOOLS.contains(&n.as_str())
            || OTHER_TOOLS.contains(&n.as_str())
            || crate::input::tools::lookup(n).is_some()
        {
            return None;
        }
        let lower = n.to_ascii_lowercase();
        let nearest = KNOWN_TOOLS
            .iter()
            .chain(OTHER_TOOLS)
            .map(|k| (edit_distance(&lower, &k.to_ascii_lowercase()), *k))
            .filter(|(d, k)| *d <= 2.max(k.len() / 4))
            .min_by_key(|(d, _)| *d)
            .map(|(_, k)| k);
        Some((n, nearest))
    }

    /// A rule that no real call can satisfy (for `gatehook check` lints). Conservative: only
    /// flags forms that are certainly dead.
    pub fn can_never_match(&self) -> bool {
        match (&self.spec, self.family) {
            // Normalised command text is argv joined by single spaces: no edge or double spaces.
            (Spec::Command(p), Family::Shell) => {
                p.starts_with(' ') || p.ends_with("  ") || p.contains("  ")
            }
            _ => false,
        }
    }
}

/// Levenshtein distance over characters (tool names are short).
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != *cb);
            cur[j + 1] = sub.min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

/// Split `Tool(spec)` into its parts, rejecting unbalanced, nested and trailing parentheses.
fn split_rule(text: &str) -> Result<(&str, Option<&str>), String> {
    let Some(open) = text.find('(') else {
        if text.contains(')') {
            return Err(format!("unbalanced `)` in rule `{text}`"));
        }
        return Ok((text, None));
    };
    let name = &text[..open];
    let rest = &text[open + 1..];
    let Some(close) = rest.rfind(')') else {
        return Err(format!("missing `)` in rule `{text}`"));
    };
    if close + 1 != rest.len() {
        return Err(format!(
            "unexpected text `{}` after `)` in rule `{text}`",
            &rest[close + 1..]
        ));
    }
    let inner = &rest[..close];
    if inner.contains(['(', ')']) {
        return Err(format!(
            "nested or unbalanced parentheses in rule `{text}` (not supported)"
        ));
    }
    if name.is_empty() {
        return Err(format!("missing tool name before `(` in rule `{text}`"));
    }
    Ok((name, Some(inner)))
}

fn parse_tool(name: &str) -> Result<(ToolPat, Option<String>), String> {
    if let Some(bad) = name
        .chars()
        .find(|c| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '*')))
    {
        return Err(format!(
            "bad character `{bad}` in tool name `{name}` (letters, digits, `_`, `-`, `*`)"
        ));
    }
    if let Some(known) = KNOWN_TOOLS
        .iter()
        .find(|k| k.eq_ignore_ascii_case(name) && **k != name)
    {
        return Err(format!(
            "unknown tool `{name}`: tool names are case-sensitive, did you mean `{known}`?"
        ));
    }
    if let Some(rest) = name.strip_prefix("mcp__") {
        let (server, tool) = match rest.split_once("__") {
            Some((s, t)) => (s, Some(t)),
            None => (rest, None),
        };
        let literal_server = !server.is_empty() && !server.contains('*');
        let prefix = format!("mcp__{server}__");
        return Ok(match tool {
            _ if !literal_server && !name.contains('*') => {
                return Err(format!("`{name}`: missing MCP server name"))
            }
            _ if !literal_server => (ToolPat::Glob(name.into()), Some(GLOB_IN_ALLOW.into())),
            None | Some("*") => (ToolPat::Server(prefix), None),
            Some("") => return Err(format!("`{name}`: missing MCP tool name after `__`")),
            Some(t) if t.contains('*') => (ToolPat::Glob(name.into()), None),
            Some(_) => (ToolPat::Name(name.into()), None),
        });
    }
    if name.contains('*') {
        return Ok((ToolPat::Glob(name.into()), Some(GLOB_IN_ALLOW.into())));
    }
    Ok((ToolPat::Name(name.into()), None))
}

fn family_of(name: &str) -> Family {
    match name {
        "Bash" | "PowerShell" => Family::Shell,
        "Read" | "Glob" | "Grep" | "LS" => Family::Path(Access::Read),
        "Edit" | "Write" | "MultiEdit" | "NotebookEdit" => Family::Path(Access::Edit),
        "WebFetch" => Family::WebFetch,
        "Agent" | "Task" => Family::Agent,
        _ => Family::Other,
    }
}

fn parse_spec(family: Family, name: &str, inner: &str) -> Result<Spec, String> {
    let param = parse_param(inner);
    match family {
        Family::Shell => match param {
            Some((k, v)) if BASH_PARAMS.contains(&k) => make_param(k, v),
            _ => command_spec(name, inner),
        },
        Family::Agent => match param {
            Some((k, v)) if AGENT_PARAMS.contains(&k) => make_param(k, v),
            _ => command_spec(name, inner),
        },
        // `Skill(deploy:*)` is a prefix and `Skill(deploy: prod)` text, not parameters.
        Family::Other => match param {
            Some((k, v)) if !inner.ends_with(":*") && !v.contains(' ') => make_param(k, v),
            _ => command_spec(name, inner),
        },
        Family::WebFetch => match inner.strip_prefix("domain:") {
            Some(d) => Ok(Spec::Domain(DomainPat::parse(d)?)),
            None => Err(format!(
                "`{name}({inner})`: WebFetch rules take `domain:HOST` (e.g. `WebFetch(domain:example.com)`)"
            )),
        },
        Family::Path(_) => Ok(Spec::Path(parse_path(inner)?)),
    }
}

/// `key:value` with an identifier key; `None` if the specifier isn't of that shape.
fn parse_param(inner: &str) -> Option<(&str, &str)> {
    let (k, v) = inner.split_once(':')?;
    let mut chars = k.chars();
    let first = chars.next()?;
    let ident = (first.is_ascii_alphabetic() || first == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_');
    ident.then_some((k, v))
}

fn make_param(key: &str, value: &str) -> Result<Spec, String> {
    if value.is_empty() {
        return Err(format!("`{key}:` needs a value"));
    }
    Ok(Spec::Param {
        key: key.into(),
        value: value.into(),
    })
}

fn command_spec(name: &str, inner: &str) -> Result<Spec, String> {
    if let Some((i, _)) = inner
        .match_indices(":*")
        .find(|(i, _)| i + 2 != inner.len())
    {
        return Err(format!(
            "`:*` is only allowed at the very end of `{name}({inner})` (found at offset {i}); use `*` inside a pattern"
        ));
    }
    Ok(Spec::Command(inner.into()))
}

fn parse_path(inner: &str) -> Result<PathPat, String> {
    if inner.contains('\0') {
        return Err("path pattern contains a NUL byte".into());
    }
    let (anchor, rest) = if let Some(r) = inner.strip_prefix("//") {
        (Anchor::Root, r)
    } else if inner == "~" {
        (Anchor::Home, "")
    } else if let Some(r) = inner.strip_prefix("~/") {
        (Anchor::Home, r)
    } else if let Some(r) = inner.strip_prefix('/') {
        (Anchor::Project, r)
    } else if let Some(r) = inner.strip_prefix("./") {
        (Anchor::Cwd, r)
    } else {
        (Anchor::Cwd, inner)
    };
    let mut up = 0usize;
    let mut segs: Vec<Seg> = Vec::new();
    for part in rest.split('/') {
        match part {
            "" | "." => {}
            ".." => match segs.last() {
                None => up += 1,
                Some(Seg::Literal(_)) => {
                    segs.pop();
                }
                Some(_) => return Err(format!("`..` after a wildcard in path pattern `{inner}`")),
            },
            p => segs.push(Seg::from_pattern(p)),
        }
    }
    let floating = anchor == Anchor::Cwd && !inner.contains('/') && up == 0;
    Ok(PathPat {
        anchor,
        up,
        segs,
        floating,
    })
}

/// Interpreters, shells and wrappers: a wildcard after them runs arbitrary code.
const INTERPRETERS: &[&str] = &[
    "python",
    "node",
    "nodejs",
    "bash",
    "sh",
    "zsh",
    "dash",
    "ksh",
    "fish",
    "perl",
    "ruby",
    "deno",
    "bun",
    "bunx",
    "npx",
    "uvx",
    "pnpx",
    "env",
    "sudo",
    "doas",
    "xargs",
    "php",
    "lua",
    "pwsh",
    "powershell",
    "osascript",
    "exec",
    "eval",
    "command",
    "builtin",
    "nohup",
    "nice",
    "timeout",
    "time",
    "stdbuf",
    "watch",
    "setsid",
    "ssh",
    "docker",
    "podman",
    "kubectl",
];
/// Package managers / task runners whose every subcommand can run project scripts.
const RUNNERS: &[&str] = &["pnpm", "yarn", "make", "just", "rake", "gradle", "mvn"];
/// `tool sub` pairs that run project code.
const RUN_SUBCOMMANDS: &[(&str, &str)] = &[
    ("npm", "run"),
    ("npm", "run-script"),
    ("npm", "exec"),
    ("npm", "x"),
    ("cargo", "run"),
    ("uv", "run"),
    ("poetry", "run"),
    ("pipx", "run"),
    ("go", "run"),
];

fn broad_command(pattern: &str) -> bool {
    if !pattern.contains('*') {
        return false;
    }
    let core = pattern.strip_suffix(":*").unwrap_or(pattern);
    let mut words = core.split(' ').filter(|w| !w.is_empty());
    let first = words.next().unwrap_or("");
    let base = first.trim_end_matches('*');
    let base = base.rsplit('/').next().unwrap_or(base);
    let is_runner =
        |b: &str| INTERPRETERS.contains(&b) || RUNNERS.contains(&b) || b.starts_with("python");
    // A wildcard in the command name itself can reach an interpreter (`py*`, `*`).
    if first.contains('*')
        && (base.len() < 2
            || base.contains('*')
            || INTERPRETERS
                .iter()
                .chain(RUNNERS)
                .any(|i| i.starts_with(base)))
    {
        return true;
    }
    if is_runner(base) {
        return true;
    }
    let second = words.next().unwrap_or("");
    RUN_SUBCOMMANDS.iter().any(|(tool, sub)| {
        base == *tool && (second.contains('*') || second.trim_end_matches('*') == *sub)
    })
}
