//! Edits to files that decide what runs or what the agent is told. A workspace edit is
//! normally allowed without asking, but the new text of a build or test definition, a
//! script, a CI file, a git hook or an agent-instruction file runs (or steers the agent)
//! later, under a command that looks routine (which files those are: `file_kinds`). So the
//! proposed text is searched: its lines and quoted strings are judged as shell commands,
//! code is searched like an interpreter one-liner, and a few markers are looked for
//! (credential paths, network into a shell, permission-skipping flags, the whole
//! environment sent out, instructions to stop asking). The sources of every other
//! language a build or test run compiles (`file_kinds::source_kind`) are read for what
//! their code does instead (`edits_code`), and scripts and build files get those searches
//! too, on their text as their own parser decodes it.
//!
//! This module only finds; `engine` decides what a finding means for the call.

use super::code;
use super::core::{Class, Judge, JudgeCtx, Verdict};
use super::edits_code::{self, short, NETWORK, PIPE_SHELLS, PLANTING, SKIP_MARKERS};
use super::edits_config;
use super::edits_sources;
use super::file_kinds::{
    config_kind, file_kind, source_kind, CONFIG_KIND, SOURCE_KIND, STARTUP_KIND,
};
use crate::context::paths;
use serde_json::{Map, Value};
use std::path::{Path, PathBuf};

/// What an edit plants, and the kind of file it lands in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EditRisk {
    /// The kind of file (`a build or test definition`, `a script`, `agent instructions`…).
    pub file: &'static str,
    /// What the new text does.
    pub found: String,
}

/// The kind `file_kinds` gives the runners' definition files and tool configuration that is
/// code.
const DEFINITION_KIND: &str = "a build or test definition";

/// The kind `file_kinds` gives editor workspace files.
const EDITOR_KIND: &str = "editor tasks or settings";

/// Most bytes of a file's present text read to tell what an edit adds.
const MAX_BEFORE: u64 = 1 << 20;

/// The text `path` holds now (empty when it is absent, not a regular file, or larger than
/// [`MAX_BEFORE`]): what an edit keeps is not new.
fn current_text(path: &Path) -> String {
    match std::fs::symlink_metadata(path) {
        Ok(m) if m.is_file() && m.len() <= MAX_BEFORE => {
            std::fs::read_to_string(path).unwrap_or_default()
        }
        _ => String::new(),
    }
}

/// How many pieces of text (lines, quoted strings) are judged as shell at most.
/// Beyond it the text is not searched and the edit is asked about (fail closed).
const MAX_PIECES: usize = 3000;

/// Git configuration keys (lower case, last part of the name) whose values are programs
/// git runs: `core.fsmonitor`, `core.hooksPath`, `core.sshCommand`, a pager, an editor,
/// a credential helper, a diff or merge driver, a clean/smudge filter, a `!` alias.
const GIT_RUN_KEYS: &[&str] = &[
    "fsmonitor",
    "hookspath",
    "sshcommand",
    "pager",
    "editor",
    "askpass",
    "gitproxy",
    "helper",
    "textconv",
    "command",
    "cmd",
    "external",
    "driver",
    "clean",
    "smudge",
    "process",
    "program",
    "receivepack",
    "uploadpack",
    "worktree",
    "update",
    "path",
];

/// Programs that decode a payload: decoded text that is then run hides what runs.
const DECODERS: &[&str] = &[
    "base64 -d",
    "base64 --decode",
    "base64 -D",
    "xxd -r",
    "openssl enc -d",
    "openssl base64 -d",
    "b64decode",
    "atob(",
    "'base64')",
    "\"base64\")",
    "fromCharCode",
    "bytes.fromhex",
    "decode('hex')",
];

/// Ways text is run once decoded.
const RUNS_DECODED: &[&str] = &[
    "$(",
    "`",
    "eval",
    "exec(",
    "| sh",
    "|sh",
    "| bash",
    "|bash",
    "system(",
    "popen(",
    "subprocess",
    "spawn",
    "execSync",
    "Command::new(",
    "exec.Command(",
];

/// Paths that hold credentials, as they appear in code or commands.
pub(super) const CREDENTIAL_MARKERS: &[&str] = &[
    ".ssh/",
    "/.ssh",
    "~/.ssh",
    "id_rsa",
    "id_ed25519",
    "id_ecdsa",
    ".aws/credentials",
    "/.aws",
    ".aws/config",
    "/proc/self/environ",
    ".gnupg",
    ".netrc",
    ".git-credentials",
    ".docker/config.json",
    ".kube/config",
    ".config/gh/hosts",
    ".config/gcloud",
    ".azure/",
    "/etc/shadow",
    ".pgpass",
    ".pypirc",
];

/// Instructions that tell an agent to stop asking or to hide what it does.
const OVERSIGHT_MARKERS: &[&str] = &[
    "never ask",
    "don't ask",
    "do not ask",
    "dont ask",
    "no need to ask",
    "never mention",
    "don't mention",
    "do not mention",
    "dont mention",
    "don't tell",
    "do not tell",
    "never tell",
    "do not report",
    "don't report",
    "do not disclose",
    "don't disclose",
    "keep this secret",
    "hide this",
    "ignore previous instructions",
    "ignore all previous",
    "ignore any previous",
    "disable the hook",
    "skip permission",
    "skip the permission",
    "bypass permission",
    "auto-approve",
    "approve everything",
];

/// Phrases that tell an agent to stop asking unless a negation before them on the same
/// line makes them a restriction ("never commit without asking").
const UNLESS_NEGATED: &[&str] = &[
    "without asking",
    "without permission",
    "without confirmation",
    "without approval",
];

/// Words that turn an UNLESS_NEGATED phrase into a restriction.
const NEGATIONS: &[&str] = &["never ", "don't ", "do not ", "dont ", "no ", "not "];

/// The whole environment turned into data (rather than one variable read).
const ENV_DUMPS: &[&str] = &[
    "dict(os.environ",
    "os.environ.copy()",
    "os.environ.items()",
    "dumps(os.environ",
    "str(os.environ",
    "repr(os.environ",
    "{**os.environ",
    "os.environ)",
    "JSON.stringify(process.env",
    "process.env)",
    "Object.entries(process.env",
    "Object.keys(process.env",
    "{...process.env",
    "ENV.to_h",
    "ENV.to_a",
    "ENV.inspect",
    "System.getenv()",
    "std::env::vars()",
    "env::vars()",
    "os.Environ()",
    "printenv",
    "`env`",
    "$(env)",
    "env |",
    "%ENV",
];

/// The first `key = value` of git configuration text whose key names a program git runs.
fn git_config_runs(text: &str) -> Option<String> {
    let mut section = String::new();
    for line in text.lines() {
        let l = line.trim();
        if l.starts_with('#') || l.starts_with(';') || l.is_empty() {
            continue;
        }
        if let Some(rest) = l.strip_prefix('[') {
            section = rest.split(']').next().unwrap_or("").trim().to_lowercase();
            continue;
        }
        let (key, value) = match l.split_once('=') {
            Some((k, v)) => (k.trim().to_lowercase(), v.trim()),
            None => (l.to_lowercase(), ""),
        };
        let last = key.rsplit('.').next().unwrap_or(&key);
        let alias_shell = section == "alias" && value.starts_with('!');
        // git-lfs's endpoints (`lfs.url`, `lfs.pushurl`, `remote.NAME.lfsurl`): where `git
        // lfs push` and a push's pre-push hook send the repository's large files.
        let lfs_endpoint = (section == "lfs" && matches!(last, "url" | "pushurl"))
            || matches!(last, "lfsurl" | "lfspushurl");
        if lfs_endpoint {
            let name = format!("{section}.{key}");
            return Some(format!(
                "sets {name}, where git lfs sends the repository's files ({})",
                short(value)
            ));
        }
        let runs = GIT_RUN_KEYS.contains(&last)
            && !(last == "path"
                && !section.starts_with("submodule")
                && !section.starts_with("include"));
        if runs || alias_shell || section.starts_with("include") {
            let name = if section.is_empty() {
                key.clone()
            } else {
                format!("{section}.{key}")
            };
            return Some(format!(
                "sets {name}, which git runs or loads ({})",
                short(value)
            ));
        }
    }
    None
}

/// The new text a file tool proposes: Write `content`, Edit `new_string`, MultiEdit
/// `edits[].new_string`, NotebookEdit `new_source`.
pub fn proposed_text(input: &Map<String, Value>) -> Vec<String> {
    let mut out = Vec::new();
    for field in ["content", "new_string", "new_source"] {
        if let Some(Value::String(s)) = input.get(field) {
            out.push(s.clone());
        }
    }
    if let Some(Value::Array(edits)) = input.get("edits") {
        for e in edits {
            if let Some(Value::String(s)) = e.get("new_string") {
                out.push(s.clone());
            }
        }
    }
    out
}

/// The new text a file tool proposes for `path`, as the file will hold it: each new
/// fragment ([`proposed_text`]), and, for an `Edit` or `MultiEdit`, the lines the edits
/// leave changed once applied in order to the file's present text ([`edited_lines`]), so
/// text split across edits (`curl … -o x` in one, `sh x` in the next; `| s` completed to
/// `| sh`) is read whole, in place. Claude Code's MultiEdit applies its edits in
/// sequence, each to the result of the one before, and fails whole if one does not apply
/// (its tool description); Codex's `apply_patch` applies an update's hunks in order, each
/// reading the file the one before left (`codex-rs/apply-patch`,
/// `derive_new_contents_from_chunks`), and `policy::patch` hands them on as a MultiEdit.
pub fn proposed_text_at(path: &Path, input: &Map<String, Value>) -> Vec<String> {
    let mut out = proposed_text(input);
    let edit = |e: &Value| -> Option<(String, String, bool)> {
        Some((
            e.get("old_string")?.as_str()?.to_string(),
            e.get("new_string")?.as_str()?.to_string(),
            e.get("replace_all")
                .and_then(Value::as_bool)
                .unwrap_or(false),
        ))
    };
    let edits: Vec<(String, String, bool)> = match input.get("edits") {
        Some(Value::Array(list)) => list.iter().filter_map(edit).collect(),
        _ => input
            .get("new_string")
            .and_then(|_| edit(&Value::Object(input.clone())))
            .into_iter()
            .collect(),
    };
    if edits.is_empty() {
        return out;
    }
    let whole = edited_lines(&current_text(path), &edits).unwrap_or_else(|| {
        // More than gatehook applies: the fragments one after another, at the least.
        edits
            .iter()
            .map(|(_, n, _)| n.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    });
    if !out.contains(&whole) {
        out.push(whole);
    }
    out
}

/// Most replacements, and most bytes of text, [`edited_lines`] works through.
const MAX_REPLACEMENTS: usize = 10_000;
const MAX_EDITED: usize = 4 << 20;

/// Put `new` for the `o` bytes of `text` at `p`, moving the written ranges `spans` with it
/// (one that meets the replaced bytes joins the new text's range).
fn replace_at(text: &mut String, spans: &mut Vec<(usize, usize)>, p: usize, o: usize, new: &str) {
    let n = new.len();
    let end_old = p + o;
    let mut merged = (p, p + n);
    let mut kept = Vec::with_capacity(spans.len() + 1);
    for &(a, b) in spans.iter() {
        if b < p {
            kept.push((a, b));
        } else if a > end_old {
            kept.push((a - o + n, b - o + n));
        } else {
            merged.0 = merged.0.min(a);
            merged.1 = merged.1.max(if b > end_old { b - o + n } else { p + n });
        }
    }
    kept.push(merged);
    *spans = kept;
    text.replace_range(p..end_old, new);
}

/// The lines of `before` that `edits` (old text, new text, every occurrence) leave
/// changed, applied in order as the file tools apply them, joined in file order: what the
/// edits put in the file with the rest of each line they touch, and none of the lines they
/// leave alone. An edit whose old text is not found (the file is absent, unreadable, or
/// changes before the tool runs) is read as its new text added at the end, so the result
/// is never less than every fragment in order. `None` past [`MAX_REPLACEMENTS`] or
/// [`MAX_EDITED`].
pub(super) fn edited_lines(before: &str, edits: &[(String, String, bool)]) -> Option<String> {
    let mut text = before.to_string();
    // Byte ranges of `text` that the edits wrote.
    let mut spans: Vec<(usize, usize)> = Vec::new();
    let mut replaced = 0usize;
    for (old, new, all) in edits {
        let mut at = 0usize;
        let mut found = false;
        loop {
            let pos = if old.is_empty() {
                (text.is_empty() && !found).then_some(0)
            } else {
                text.get(at..)
                    .and_then(|t| t.find(old.as_str()))
                    .map(|i| i + at)
            };
            let Some(p) = pos else { break };
            replaced += 1;
            if replaced > MAX_REPLACEMENTS || text.len() + new.len() > MAX_EDITED {
                return None;
            }
            replace_at(&mut text, &mut spans, p, old.len(), new);
            found = true;
            at = p + new.len();
            if !*all || old.is_empty() {
                break;
            }
        }
        if !found {
            if text.len() + new.len() + 1 > MAX_EDITED {
                return None;
            }
            if !text.is_empty() && !text.ends_with('\n') {
                text.push('\n');
            }
            let start = text.len();
            replace_at(&mut text, &mut spans, start, 0, new);
        }
    }
    let mut lines: Vec<(usize, usize)> = spans
        .iter()
        .map(|&(a, b)| {
            // New text that ends its line does not reach into the next one.
            let b = if b > a && text.as_bytes()[b - 1] == b'\n' {
                b - 1
            } else {
                b
            };
            let start = text[..a].rfind('\n').map_or(0, |i| i + 1);
            let end = text[b..].find('\n').map_or(text.len(), |i| b + i);
            (start, end.max(start))
        })
        .collect();
    lines.sort_unstable();
    let mut merged: Vec<(usize, usize)> = Vec::new();
    for (a, b) in lines {
        match merged.last_mut() {
            Some(last) if a <= last.1 + 1 => last.1 = last.1.max(b),
            _ => merged.push((a, b)),
        }
    }
    Some(
        merged
            .iter()
            .map(|&(a, b)| &text[a..b])
            .collect::<Vec<_>>()
            .join("\n"),
    )
}

/// Search the new text of an edit to `path`. `None` when the file neither runs nor steers
/// the agent, or when the text plants nothing gatehook recognises.
pub(super) fn scan(
    path: &Path,
    texts: &[String],
    ctx: &JudgeCtx,
    judge: &dyn Judge,
) -> Option<EditRisk> {
    let first = texts.first().map(String::as_str).unwrap_or("");
    let Some(file) = file_kind(path, first)
        .or_else(|| source_kind(path))
        .or_else(|| config_kind(path))
    else {
        // Every other file is read for what its text does, whatever it is called.
        let found = super::payload::scan(path, texts, false, ctx, judge)?;
        return Some(EditRisk {
            file: super::payload::ANY_KIND,
            found,
        });
    };
    if file == super::file_kinds::INSTALLED_KIND {
        // Whatever it says, it runs: a `.pth` line at every interpreter start, a module
        // or plugin whenever the project's tools import it.
        return Some(EditRisk {
            file,
            found: "changes code that runs whenever the project's tools and interpreters load it"
                .to_string(),
        });
    }
    if file == super::file_kinds::NOTEBOOK_KIND {
        if let Some(found) = notebook_magics(texts, ctx, judge) {
            return Some(EditRisk { file, found });
        }
    }
    // A list of MCP servers another agent or editor starts (`.vscode/mcp.json`,
    // `.roo/mcp.json`, `.continue/mcpServers/x.yaml`, Zed's `context_servers`): a server
    // with a command is a program that runs whenever that tool opens the project.
    let full = path.to_string_lossy();
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_lowercase())
        .unwrap_or_default();
    // Agents' settings that hold such a list among others (`.qwen/settings.json`'s
    // `mcpServers`, `opencode.json`'s and `.crush.json`'s `mcp`, an Amazon Q agent's
    // `mcpServers`) count by what the new text holds.
    let lists_servers = name.contains("mcp")
        || full.contains("/mcpServers/")
        || full.contains("/.continue/")
        || texts
            .iter()
            .any(|t| t.contains("mcpServers") || t.contains("\"mcp\""));
    if lists_servers {
        if let Some(t) = texts.iter().find(|t| {
            t.contains("\"command\"") || t.contains("command:") || t.contains("context_servers")
        }) {
            return Some(EditRisk {
                file,
                found: format!(
                    "lists an MCP server that runs a command when its editor or agent opens the project ({})",
                    short(t)
                ),
            });
        }
    }
    // Toolchain pins that name a toolchain by path or build one from source: every later
    // build or test runs it (`rust-toolchain.toml`'s `path`, rustup 1.27; a path in
    // `.python-version`, which uv accepts; asdf's and mise's `ref:`/`path:` versions).
    let pinned = match name.as_str() {
        "rust-toolchain.toml" | "rust-toolchain" => texts.iter().find(|t| {
            t.lines()
                .any(|l| l.trim_start().starts_with("path") && l.contains('='))
        }),
        ".python-version" | ".node-version" | ".nvmrc" | ".ruby-version" => {
            texts.iter().find(|t| t.contains('/'))
        }
        ".tool-versions" | "mise.toml" | ".mise.toml" => texts
            .iter()
            .find(|t| t.contains("ref:") || t.contains("path:") || t.contains("ref=")),
        _ => None,
    };
    if let Some(t) = pinned {
        return Some(EditRisk {
            file,
            found: format!(
                "pins a toolchain by path or source, which every later build runs ({})",
                short(t)
            ),
        });
    }
    if let Some(found) = setting_runs(&full, texts) {
        return Some(EditRisk { file, found });
    }
    // A new place the next build fetches code from or a push sends data to, and a
    // widened list of what a tool may execute (`edits_sources`). A recipe's command lines
    // name URLs as their own work and are judged as commands; package.json's and
    // deno.json's other fields are settings.
    let settings = [DEFINITION_KIND, CONFIG_KIND, STARTUP_KIND, EDITOR_KIND].contains(&file)
        && (!super::file_kinds::is_recipe(&name)
            || matches!(name.as_str(), "package.json" | "deno.json" | "deno.jsonc"));
    if settings {
        let before = current_text(path);
        if let Some(found) = edits_sources::new_source(path, &name, texts, &before)
            .or_else(|| edits_sources::widens_exec(texts, &before))
            .or_else(|| edits_sources::replaces_module(&name, texts, &before))
            .or_else(|| edits_sources::loads_missing(path, &name, texts))
        {
            return Some(EditRisk { file, found });
        }
    }
    if let Some(found) = names_outside_code(path, &name, file, texts, ctx) {
        return Some(EditRisk { file, found });
    }
    // Settings that are code or command lines, whatever the tool calls them: a runner's
    // options, a plugin module, a value that is a command line (`edits_config`).
    if file == DEFINITION_KIND || file == CONFIG_KIND {
        if let Some(found) = edits_config::scan(path, texts, ctx, judge) {
            return Some(EditRisk { file, found });
        }
    }
    if file == CONFIG_KIND {
        // Configuration by format only: its values were judged above; the markers of
        // planted text are looked for, not every line as a script, and code a setting
        // holds (pylint's `init-hook`, a `.sequelizerc` that is JavaScript) is read as a
        // script's is.
        let decoded: Vec<String> = texts
            .iter()
            .filter_map(|t| edits_code::decoded(path, t))
            .collect();
        let found = texts
            .iter()
            .chain(decoded.iter())
            .find_map(|t| {
                markers(file, &t.to_lowercase(), t)
                    .or_else(|| edits_code::scan_code(path, t, false, ctx, judge))
            })
            // What any text plants, read as every written file is (containers given the
            // host, credentials read or sent out).
            .or_else(|| super::payload::scan(path, texts, true, ctx, judge))?;
        return Some(EditRisk { file, found });
    }
    if texts.iter().any(|t| t.contains("context_servers")) {
        return Some(EditRisk {
            file,
            found:
                "lists an MCP server (context_servers) that runs when the editor opens the project"
                    .into(),
        });
    }
    // Binary content (a compiled program copied into a `bin` directory) is not text a
    // shell or an interpreter reads: searching its bytes as commands finds nothing and
    // costs the hot path (the floor judges such a copy by where it lands).
    let lang = language(path, first);
    // What the file's own parser decodes before anything runs it (JSON and YAML escapes,
    // XML entities, a Makefile's variables) is searched as well as the text as written.
    let makefile = name == "makefile"
        || name == "gnumakefile"
        || name.ends_with(".mk")
        || name.ends_with(".mak");
    let mut all: Vec<String> = Vec::with_capacity(texts.len());
    // Literals joined as the language joins them (`'cu' + 'rl'`), searched apart: joining
    // moves quotes, so only the searches that do not pair them read these.
    let mut joined: Vec<String> = Vec::new();
    for t in texts.iter().filter(|t| !t.contains('\0')) {
        all.push(t.clone());
        if let Some(d) = edits_code::decoded(path, t) {
            all.push(d);
        }
        if makefile {
            if let Some(d) = edits_code::make_expanded(t) {
                all.push(d);
            }
        }
        let last = all.last().cloned().unwrap_or_default();
        if let Some(d) = edits_code::joined(&last) {
            joined.push(d);
        }
    }
    let found = all.iter().find_map(|t| {
        if file == SOURCE_KIND {
            // The sources of a program: read for what the code does, not what it names.
            return edits_code::scan_code(path, t, true, ctx, judge);
        }
        scan_text(file, lang, t, ctx, judge).or_else(|| {
            (file != "agent instructions")
                .then(|| edits_code::scan_code(path, t, false, ctx, judge))
                .flatten()
        })
    });
    let found = found.or_else(|| {
        (file != "agent instructions")
            .then(|| joined.iter().find_map(|t| edits_code::scan_joined(t)))
            .flatten()
    });
    // What any text plants, read as every written file is (a source file's strings stay
    // data until its code hands them to a shell).
    let found = found.or_else(|| {
        if file == SOURCE_KIND {
            super::payload::scan_source(texts, ctx, judge)
        } else {
            super::payload::scan(path, texts, true, ctx, judge)
        }
    })?;
    Some(EditRisk { file, found })
}

/// What the IPython magics of a notebook's cells run (`super::magics`), judged as the
/// command lines they are: anything but a routine command (or a build whose definitions
/// the floor has seen) is what the cell plants. A notebook written whole is read as its
/// JSON, cell by cell; a cell's new source (NotebookEdit) as the cell.
fn notebook_magics(texts: &[String], ctx: &JudgeCtx, judge: &dyn Judge) -> Option<String> {
    let mut cells: Vec<String> = Vec::new();
    for t in texts {
        match serde_json::from_str::<Value>(t) {
            Ok(Value::Object(nb)) if nb.contains_key("cells") => {
                for cell in nb
                    .get("cells")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                {
                    if cell.get("cell_type").and_then(Value::as_str) == Some("markdown") {
                        continue;
                    }
                    match cell.get("source") {
                        Some(Value::String(s)) => cells.push(s.clone()),
                        Some(Value::Array(lines)) => cells.push(
                            lines
                                .iter()
                                .filter_map(Value::as_str)
                                .collect::<Vec<_>>()
                                .concat(),
                        ),
                        _ => {}
                    }
                }
            }
            _ => cells.push(t.clone()),
        }
    }
    for cell in &cells {
        let commands = match super::magics::cell_commands(cell) {
            Ok(c) => c,
            Err(why) => return Some(why),
        };
        // The magics' own commands, as one script (a `%cd` moves the ones after it): as
        // Bash judges them.
        let script: Vec<&str> = commands
            .iter()
            .filter(|c| c.magic)
            .map(|c| c.line.as_str())
            .collect();
        if !script.is_empty() {
            let j = judge.text(&script.join("\n"), ctx, 1);
            match j.verdict {
                Verdict::Routine | Verdict::BuildFilesChanged { .. } => {}
                Verdict::Hard { reason, .. }
                | Verdict::Soft { reason, .. }
                | Verdict::Unknown { reason, .. }
                | Verdict::Opaque { reason } => {
                    return Some(format!(
                        "has IPython magics that run `{}`: {reason}",
                        short(&script.join("; "))
                    ))
                }
            }
        }
        // `%env` and the shell escapes it prefixes: as every shell escape is judged.
        for c in commands.iter().filter(|c| !c.magic) {
            match judge.text(&c.line, ctx, 1).verdict {
                Verdict::Hard {
                    category, reason, ..
                } => {
                    return Some(format!(
                        "would run `{}`: {reason} ({category})",
                        short(&c.line)
                    ))
                }
                Verdict::Soft {
                    category, reason, ..
                } if edits_code::PLANTING.contains(&category) => {
                    return Some(format!(
                        "would run `{}`: {reason} ({category})",
                        short(&c.line)
                    ))
                }
                _ => {}
            }
        }
    }
    None
}

/// A tool's settings file (a build, test or lint definition that is not a recipe of shell
/// commands, and not a container's, whose paths are the container's) that names a place
/// outside the workspace where code the floor has not seen may be — a scratch directory,
/// the home directory or its dot-directories, a directory beside the workspace reached by
/// `..` from the file — or a package index to install from: the tool loads, runs or
/// installs from it the next time it runs (mypy's `plugins`, pytest's `pythonpath`,
/// mocha's and nyc's `require`, jest's `setupFiles`, babel's and prettier's `plugins`,
/// eslint's `parser`, `.rspec`'s `--require`, phpunit's `bootstrap`, coverage's
/// `data_file`, `go.work`'s `replace`, Cargo's `build`, `index-url` in `uv.toml` or
/// `requirements.txt`, a Pipfile `[[source]]`, NuGet's `packageSources`).
fn names_outside_code(
    path: &Path,
    name: &str,
    file: &str,
    texts: &[String],
    ctx: &JudgeCtx,
) -> Option<String> {
    if ![DEFINITION_KIND, CONFIG_KIND, STARTUP_KIND, EDITOR_KIND].contains(&file) {
        return None;
    }
    // A recipe's command lines name scratch paths as their own work (`rm -rf /tmp/build`)
    // and are judged as commands; package.json's other fields (`main`, `jest.setupFiles`,
    // `mocha.require`, `nodemonConfig.exec`) are settings: its values of one word are.
    let single_words: Vec<String>;
    let texts = if super::file_kinds::is_recipe(name) {
        if !matches!(name, "package.json" | "deno.json" | "deno.jsonc") {
            return None;
        }
        single_words = texts
            .iter()
            .flat_map(|t| code::quoted_strings(t))
            .filter(|w| !w.contains(char::is_whitespace))
            .collect();
        &single_words[..]
    } else {
        texts
    };
    let dir = path.parent().unwrap_or(ctx.cwd);
    const INDEX_KEYS: &[&str] = &[
        "index-url",
        "index_url",
        "extra-index-url",
        "--index-url",
        "--extra-index-url",
        "-i ",
        "registry",
        "[[source]]",
        "packagesources",
    ];
    // Configuration found by its format alone belongs to a tool the floor does not know:
    // a place outside named as data there (`cache_dir: /tmp/cache`, `--out /tmp/m.bin` in
    // a command line, which is judged as one) is where it keeps its data, not code.
    // An editor's settings are read the same way: a place outside set as data there
    // (`files.watcherExclude`) is the editor's business, a program it starts is not.
    let by_format = file == CONFIG_KIND || file == EDITOR_KIND;
    for t in texts {
        // Words only prose values hold (a description naming `/path/to/lib.so`): a
        // scratch or home path there still counts, a code file elsewhere or a URL not.
        let prose = edits_config::prose_words(t);
        let lower = t.to_ascii_lowercase();
        if INDEX_KEYS.iter().any(|k| lower.contains(k)) {
            if let Some(url) = t
                .split(|c: char| c.is_whitespace() || matches!(c, '"' | '\'' | '='))
                .find(|w| w.contains("://") && !w.contains("://localhost"))
            {
                return Some(format!(
                    "names a package index or source to install from ({})",
                    short(url)
                ));
            }
        }
        for word in t.split(|c: char| {
            c.is_whitespace()
                || matches!(
                    c,
                    '"' | '\'' | '=' | ',' | '[' | ']' | '{' | '}' | '(' | ')' | '<' | '>' | ';'
                )
        }) {
            let word = word.trim_end_matches([':', '.']);
            if let Some(url) = code_url(word).filter(|_| !prose.contains(word)) {
                return Some(format!(
                    "names code at {}, which the tool may fetch and run the next time it runs",
                    short(url)
                ));
            }
            let escape = word.starts_with("../");
            if !(escape
                || word.starts_with('/')
                || word.starts_with("~/")
                || word.starts_with("$HOME/"))
            {
                continue;
            }
            let expanded = word
                .strip_prefix("~/")
                .or_else(|| word.strip_prefix("$HOME/"))
                .map(|rest| ctx.home.join(rest));
            let abs = match expanded {
                Some(p) => p,
                None if escape => paths::lexical(word, dir, ctx.home),
                None => PathBuf::from(word),
            };
            let forms = paths::forms(&abs.display().to_string(), dir, ctx.home);
            if ctx.workspace.contains(&forms) {
                continue;
            }
            let scratch = crate::context::floor::in_scratch(&abs)
                || abs.starts_with("/tmp")
                || abs.starts_with("/var/tmp")
                || abs.starts_with("/dev/shm");
            let home_dot = abs.strip_prefix(ctx.home).ok().is_some_and(|r| {
                r.components()
                    .next()
                    .is_none_or(|c| c.as_os_str().to_string_lossy().starts_with('.'))
            });
            let other_home = ["/home/", "/Users/", "/root/"]
                .iter()
                .any(|h| abs.starts_with(h) && !abs.starts_with(ctx.home));
            // Anywhere else but the system's own directories, a file of code: what the
            // person has not put there for this project (`/srv/x/plugin.js`).
            let elsewhere_code = !prose.contains(word)
                && !SYSTEM_DIRS.iter().any(|d| abs.starts_with(d))
                && is_code_file(&abs.display().to_string());
            if by_format && !is_code_file(&abs.display().to_string()) && data_setting(t, word) {
                continue;
            }
            if escape || scratch || home_dot || other_home || elsewhere_code {
                return Some(format!(
                    "names {}, outside the workspace, which the tool may load, run or write the next time it runs",
                    abs.display()
                ));
            }
        }
    }
    None
}

/// Words in a setting's key that make its value a program, a module or a script the tool
/// loads or runs.
const CODE_KEYS: &[&str] = &[
    "require",
    "plugin",
    "preset",
    "hook",
    "exec",
    "command",
    "cmd",
    "program",
    "app",
    "script",
    "load",
    "module",
    "binary",
    "bin",
    "interpreter",
    "runtime",
    "loader",
    "init",
    "setup",
    "entry",
    "main",
    "handler",
    "server",
    "lsp",
    "shell",
    "run",
    "path",
];

/// Is `word`, on its line of `text`, a setting's data (a directory or file a tool keeps
/// its data in) rather than code it loads? Only when a key sets it (`key: word`,
/// `key = word`, `"key": "word"`) and the key names no code — or the key names a command
/// and `word` is one of its later arguments (the command line is judged as one). A list
/// item or a bare word is not known to be data.
fn data_setting(text: &str, word: &str) -> bool {
    // Every place the word stands must be data: the same path set once as a cache and
    // once as a program is code.
    let mut places = text
        .lines()
        .flat_map(|l| l.match_indices(word).map(move |(i, _)| (l, i)))
        .peekable();
    places.peek().is_some() && places.all(|(line, pos)| data_at(line, pos, word))
}

/// Is `word`, at byte `pos` of `line`, a setting's data (see [`data_setting`])?
fn data_at(line: &str, pos: usize, word: &str) -> bool {
    let before = &line[..pos];
    let Some(sep) = before.rfind([':', '=']) else {
        return false;
    };
    let key = before[..sep]
        .rsplit(|c: char| !(c.is_alphanumeric() || matches!(c, '_' | '-' | '.')))
        .find(|s| !s.is_empty())
        .unwrap_or("")
        .to_ascii_lowercase();
    if key.is_empty() {
        return false;
    }
    if !CODE_KEYS.iter().any(|k| key.contains(k)) {
        return true;
    }
    let value = line[sep + 1..].trim_matches(|c: char| {
        c.is_whitespace() || matches!(c, '"' | '\'' | '[' | ']' | ',' | '{' | '}')
    });
    let mut words = value.split_whitespace();
    let first = words.next().unwrap_or("");
    words.next().is_some() && !first.contains(word) && !word.contains(first)
}

/// Directories of the system's own programs, libraries and settings (written by its
/// package manager, not the agent).
const SYSTEM_DIRS: &[&str] = &[
    "/usr",
    "/bin",
    "/sbin",
    "/lib",
    "/lib32",
    "/lib64",
    "/etc",
    "/opt",
    "/nix",
    "/snap",
    "/proc",
    "/sys",
    "/dev",
    "/System",
    "/Library",
    "/Applications",
];

/// Extensions of files a tool loads or runs as code (scripts, modules, native libraries,
/// archives of classes).
const CODE_FILE_EXTS: &[&str] = &[
    "js", "mjs", "cjs", "ts", "mts", "cts", "jsx", "tsx", "py", "pyc", "rb", "sh", "bash", "zsh",
    "pl", "pm", "php", "lua", "exs", "ex", "so", "dylib", "dll", "jar", "wasm", "ps1", "bat",
    "cmd",
];

/// Does `path` name a file of code by its extension?
fn is_code_file(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or(path);
    name.rsplit_once('.').is_some_and(|(stem, ext)| {
        !stem.is_empty() && CODE_FILE_EXTS.contains(&ext.to_ascii_lowercase().as_str())
    })
}

/// A URL (http, https, ftp) whose path names a file of code, which a setting may make a
/// tool fetch and run (`"presets": ["https://x.example/p.js"]`, an `import` of a URL).
fn code_url(word: &str) -> Option<&str> {
    let rest = ["https://", "http://", "ftp://"]
        .iter()
        .find_map(|s| word.strip_prefix(s))?;
    let path = rest.split(['?', '#']).next().unwrap_or(rest);
    let (host, path) = path.split_once('/')?;
    if host.is_empty() || host.starts_with("localhost") || host.starts_with("127.") {
        return None;
    }
    is_code_file(path).then_some(word)
}

/// Settings files whose named keys are a program the tool starts, a plugin it loads, or a
/// shell command it runs: (path ending, keys, a value the key must hold or "", what it
/// does). A line setting the key (`key = …`, `key: …`, `"key": …`) plants it, whatever the
/// value, since the value is a program the tool runs. Checked against each tool's docs:
/// Helix 25 (`languages.toml`: `[language-server.NAME] command`), Crush (`crush.json`:
/// `lsp.NAME.command`), Cursor's background agents (`.cursor/environment.json`:
/// `install`, `start`, `terminals[].command`), cargo-nextest 0.9 (`.config/nextest.toml`:
/// `[scripts.setup.NAME] command`, `[scripts.wrapper.NAME] command`), tflint 0.5x
/// (`.tflint.hcl`: `plugin "NAME" { source = "github.com/…" }`, downloaded by `tflint
/// --init` and run), golangci-lint 1.6x/2.x (`linters-settings.custom.NAME.path`, a Go
/// plugin `.so`; other `path:` keys are exclusion patterns), Kiro's agent hooks
/// (`.kiro.hook`: a `runCommand` action's `command`).
const SETTING_KEYS: &[(&str, &[&str], &str, &str)] = &[
    (
        ".helix/languages.toml",
        &["command"],
        "",
        "names a language server Helix starts",
    ),
    (
        "crush.json",
        &["command"],
        "",
        "names a program Crush starts",
    ),
    (
        ".cursor/environment.json",
        &["install", "start", "command"],
        "",
        "sets a command Cursor's background agent runs",
    ),
    (
        ".config/nextest.toml",
        &["command"],
        "",
        "sets a script cargo-nextest runs with the tests",
    ),
    (
        ".tflint.hcl",
        &["source"],
        "",
        "names a plugin tflint downloads and runs",
    ),
    (
        ".kiro.hook",
        &["command"],
        "",
        "sets a command a Kiro hook runs",
    ),
    // kustomize's plugin lists (kubectl.docs.kubernetes.io, "Extending Kustomize", "Exec
    // KRM functions"): each entry is a plugin configuration whose
    // `config.kubernetes.io/function` may name an executable or a container kustomize runs
    // (`--enable-exec`, `--enable-alpha-plugins`); the built-in generators have their own
    // keys (`configMapGenerator`, `secretGenerator`).
    (
        "kustomization.yaml",
        &["generators", "transformers", "validators"],
        "",
        "names a kustomize plugin, which may run a program (an exec or container KRM function)",
    ),
    (
        "kustomization.yml",
        &["generators", "transformers", "validators"],
        "",
        "names a kustomize plugin, which may run a program (an exec or container KRM function)",
    ),
    // The .NET local tool manifest (`dotnet new tool-manifest`): each tool's `commands`
    // are programs `dotnet tool restore` installs and `dotnet COMMAND` runs by name.
    (
        "dotnet-tools.json",
        &["commands"],
        "",
        "adds a program `dotnet tool restore` installs and `dotnet` runs by name",
    ),
];

/// The golangci-lint configuration names (a custom linter's `path` ending in `.so`).
const GOLANGCI_FILES: &[&str] = &[
    ".golangci.yml",
    ".golangci.yaml",
    ".golangci.toml",
    ".golangci.json",
];

/// What a [`SETTING_KEYS`] file's new text sets that runs, or an agent command file's
/// `!{…}` (Gemini CLI's and Qwen Code's custom commands run it as a shell command when
/// the command is used), or golangci-lint's Go plugin path.
fn setting_runs(full: &str, texts: &[String]) -> Option<String> {
    // Every place `key` stands as a key (not inside a longer name), followed by `=` or
    // `:`, on a line or in one-line JSON.
    let sets = |t: &str, key: &str, must: &str| -> Option<String> {
        t.match_indices(key).find_map(|(i, _)| {
            let before = t[..i].chars().next_back();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.') {
                return None;
            }
            let rest = t[i + key.len()..].trim_start_matches(['"', '\'']);
            let value = rest
                .trim_start_matches([' ', '\t'])
                .strip_prefix(['=', ':'])?;
            let value = value.lines().next().unwrap_or("");
            (must.is_empty() || value.contains(must)).then(|| short(value.trim()))
        })
    };
    for (end, keys, must, what) in SETTING_KEYS {
        if !full.ends_with(end) {
            continue;
        }
        for t in texts {
            if let Some(v) = keys.iter().find_map(|k| sets(t, k, must)) {
                if v.is_empty() {
                    return Some((*what).to_string());
                }
                return Some(format!("{what} ({v})"));
            }
        }
    }
    if GOLANGCI_FILES.iter().any(|f| full.ends_with(f)) {
        if let Some(v) = texts.iter().find_map(|t| sets(t, "path", ".so")) {
            return Some(format!("names a Go plugin golangci-lint loads ({v})"));
        }
    }
    if full.contains("/commands/") && full.ends_with(".toml") {
        if let Some(t) = texts.iter().find(|t| t.contains("!{")) {
            return Some(format!(
                "runs a shell command (`!{{…}}`) whenever the agent's command is used ({})",
                short(t)
            ));
        }
    }
    None
}

/// How the text of a file is read, for searching it for commands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Language {
    /// A shell reads it, or gatehook cannot tell that none does: the whole text is
    /// searched as a shell script too.
    Shell,
    /// Markdown or plain text: prose, whose commands sit in code spans and fenced blocks.
    Prose,
    /// The source of another language (Python, TypeScript, …): its lines and strings are
    /// searched, not its whole text as a script.
    Code,
}

/// Extensions of files no shell reads (with no shell `#!` line).
const PROSE_EXTS: &[&str] = &["md", "markdown", "mdx", "txt", "rst"];
const CODE_EXTS: &[&str] = &[
    "py", "pyi", "js", "mjs", "cjs", "jsx", "ts", "tsx", "mts", "cts", "rb", "go", "rs", "java",
    "kt", "kts", "scala", "c", "h", "cc", "cpp", "cxx", "hpp", "hh", "cs", "swift", "php", "lua",
    "json", "svelte", "vue", "dart", "ex", "exs", "erl", "hs", "ml", "r", "jl", "pl", "pm", "t",
];

fn language(path: &Path, first: &str) -> Language {
    if let Some(line) = first.lines().next().filter(|l| l.starts_with("#!")) {
        let words: Vec<&str> = line[2..].split_whitespace().collect();
        let interp = match words.as_slice() {
            [env, rest @ ..] if env.ends_with("/env") => rest
                .iter()
                .find(|w| !w.starts_with('-'))
                .copied()
                .unwrap_or(""),
            [prog, ..] => prog,
            [] => "",
        };
        let name = interp.rsplit('/').next().unwrap_or("");
        return if code_interpreter(name) {
            Language::Code
        } else {
            Language::Shell
        };
    }
    let ext = path
        .extension()
        .map(|e| e.to_string_lossy().to_lowercase())
        .unwrap_or_default();
    if PROSE_EXTS.contains(&ext.as_str()) {
        Language::Prose
    } else if CODE_EXTS.contains(&ext.as_str()) {
        Language::Code
    } else {
        Language::Shell
    }
}

/// Interpreters of other languages named on a `#!` line.
fn code_interpreter(name: &str) -> bool {
    let base = name.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    matches!(
        base,
        "python"
            | "pypy"
            | "node"
            | "nodejs"
            | "deno"
            | "bun"
            | "ruby"
            | "perl"
            | "php"
            | "lua"
            | "Rscript"
            | "tsx"
            | "ts-node"
            | "uv"
    )
}

/// The code of a Markdown text: each inline code span and each fenced block.
fn code_spans(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut fence: Option<Vec<&str>> = None;
    for line in text.lines() {
        let t = line.trim_start();
        if t.starts_with("```") || t.starts_with("~~~") {
            match fence.take() {
                Some(block) => out.push(block.join("\n")),
                None => fence = Some(Vec::new()),
            }
            continue;
        }
        if let Some(block) = fence.as_mut() {
            block.push(line);
            continue;
        }
        // Segments between backticks: the odd ones, each closed by the next backtick.
        let parts: Vec<&str> = line.split('`').collect();
        for code in parts
            .iter()
            .take(parts.len().saturating_sub(1))
            .skip(1)
            .step_by(2)
        {
            if !code.trim().is_empty() {
                out.push(code.to_string());
            }
        }
    }
    // An unclosed fence runs to the end, as Markdown renders it.
    if let Some(block) = fence {
        out.push(block.join("\n"));
    }
    out
}

fn scan_text(
    file: &str,
    lang: Language,
    text: &str,
    ctx: &JudgeCtx,
    judge: &dyn Judge,
) -> Option<String> {
    let lower = text.to_lowercase();
    if let Some(found) = markers(file, &lower, text) {
        return Some(found);
    }
    if let Some(found) = judge_pieces(text, lang, file == "agent instructions", ctx, judge) {
        return Some(found);
    }
    if let Some(Class::Hard { category, reason }) =
        code::search_code("the file", text, ctx, 1, judge)
    {
        return Some(format!("{reason} ({category})"));
    }
    None
}

/// What a text plants that shows in its words alone: permission checks switched off, an
/// agent told to stop asking, git settings that run programs, a decoded payload run, a JVM
/// agent, a credential path, the environment or a download handed on. `lower` is `text`
/// in lower case.
fn markers(file: &str, lower: &str, text: &str) -> Option<String> {
    if let Some(m) = SKIP_MARKERS.iter().find(|m| lower.contains(*m)) {
        return Some(format!("switches an agent's permission checks off ({m})"));
    }
    if file == "agent instructions" {
        if let Some(m) = OVERSIGHT_MARKERS.iter().find(|m| lower.contains(*m)) {
            return Some(format!(
                "tells the agent to stop asking or to hide things (\"{m}\")"
            ));
        }
        if let Some(m) = unnegated(lower) {
            return Some(format!("tells the agent to stop asking (\"{m}\")"));
        }
    }
    if file == "git configuration" {
        if let Some(found) = git_config_runs(text) {
            return Some(found);
        }
    }
    if let Some(d) = DECODERS.iter().find(|d| text.contains(*d)) {
        if RUNS_DECODED.iter().any(|r| text.contains(r)) {
            return Some(format!("decodes a payload ({d}) and runs it"));
        }
    }
    // A JVM agent or native agent library loaded into every JVM the build starts
    // (`org.gradle.jvmargs=-javaagent:/tmp/x.jar`, `.mvn/jvm.config`).
    if let Some(m) = ["-javaagent:", "-agentpath:", "-agentlib:"]
        .iter()
        .find(|m| lower.contains(*m))
    {
        return Some(format!(
            "loads a JVM agent into the programs it starts ({m})"
        ));
    }
    if lower.contains("/proc/") && lower.contains("/environ") {
        return Some("names a process environment (/proc/…/environ)".to_string());
    }
    let network = NETWORK.iter().any(|n| lower.contains(&n.to_lowercase()));
    if let Some(m) = CREDENTIAL_MARKERS.iter().find(|m| text.contains(*m)) {
        return Some(format!("names a credential path ({m})"));
    }
    if network {
        if let Some(m) = ENV_DUMPS.iter().find(|m| text.contains(*m)) {
            return Some(format!(
                "sends the whole environment over the network ({m})"
            ));
        }
        if (lower.contains("curl") || lower.contains("wget") || lower.contains("invoke-webrequest"))
            && PIPE_SHELLS.iter().any(|p| lower.contains(p))
        {
            return Some("pipes a download into a shell".to_string());
        }
    }
    None
}

/// Judge each line (recipe and `run:` prefixes stripped) and each quoted string as a shell
/// command; report the first that is hard, or soft in a category that plants something.
/// In agent instructions every soft finding counts: a sentence that tells the agent to
/// force-push, delete or publish ("Always run git push --force origin main") is followed
/// later, by an agent that reads it as its instructions.
fn judge_pieces(
    text: &str,
    lang: Language,
    instructions: bool,
    ctx: &JudgeCtx,
    judge: &dyn Judge,
) -> Option<String> {
    let lines = text
        .lines()
        .map(strip_prefix)
        .filter(|l| looks_like_command(l));
    let strings = code::quoted_strings(text)
        .into_iter()
        .filter(|s| s.contains(' ') && !s.contains('\n'));
    let whole = (lang == Language::Shell).then(|| text.to_string());
    let spans = if lang == Language::Prose {
        code_spans(text)
    } else {
        Vec::new()
    };
    // Each piece with whether it is a line of text no shell reads: there a line is often
    // a sentence, whose first word is no program and whose verbs ("Remove the cache")
    // are not a tool's. Code spans, strings and shell text keep every finding.
    let sentence_lines = lang != Language::Shell;
    let pieces: Vec<(String, bool)> = whole
        .into_iter()
        .chain(spans)
        .map(|p| (p, false))
        .chain(lines.map(|l| (l.to_string(), sentence_lines)))
        .chain(strings.map(|p| (p, false)))
        .collect();
    if pieces.len() > MAX_PIECES {
        return Some(format!(
            "is too long to search ({} lines and strings)",
            pieces.len()
        ));
    }
    for (p, sentence) in &pieces {
        let j = judge.text(p, ctx, 1);
        let prose_verb = |reason: &str| *sentence && sentence_verb(reason);
        match j.verdict {
            Verdict::Soft { ref reason, .. } if prose_verb(reason) => {}
            // A line of code or prose naming a file in the temporary directory, read as a
            // shell line, runs it only by the shell's syntax (a Markdown code span is a
            // command substitution); a string, a code span or shell text runs it. A file
            // outside the workspace named to run is judged when it runs (it asks then),
            // not where it is written down.
            Verdict::Soft { category, .. }
                if (*sentence && category == super::build::SCRATCH_CODE)
                    || category == super::build::OUTSIDE_CODE => {}
            Verdict::Hard {
                category, reason, ..
            } => return Some(format!("would run `{}`: {reason} ({category})", short(p))),
            Verdict::Soft {
                category, reason, ..
            } if instructions || PLANTING.contains(&category) => {
                return Some(format!("would run `{}`: {reason} ({category})", short(p)))
            }
            _ => {}
        }
    }
    None
}

/// A soft finding that a sentence read as a command line makes of its words alone: an
/// unknown "program" whose name or words say a destructive verb, a word the floor took
/// for a host computed at run time, or a path outside the workspace taken for a program
/// (`/opt/x/lib/`, `// a comment`). In prose these say nothing about a program.
pub fn sentence_verb(reason: &str) -> bool {
    reason.contains(super::catalog::TOOL_WILL)
        || reason.contains(super::catalog::NAMES_ACTION)
        || reason.contains(super::build::OUTSIDE_FILE)
        || reason.contains(super::core::HOST_AT_RUN_TIME)
}

/// An UNLESS_NEGATED phrase with no negation before it on its line.
fn unnegated(lower: &str) -> Option<&'static str> {
    lower.lines().find_map(|line| {
        UNLESS_NEGATED.iter().copied().find(|m| {
            line.find(m)
                .is_some_and(|at| !NEGATIONS.iter().any(|n| line[..at].contains(n)))
        })
    })
}

fn strip_prefix(line: &str) -> &str {
    let l = line.trim_start();
    let l = l
        .strip_prefix("RUN ")
        .or_else(|| l.strip_prefix("- run:"))
        .or_else(|| l.strip_prefix("run:"))
        .or_else(|| l.strip_prefix("- "))
        .or_else(|| l.strip_prefix("script:"))
        // A start-up file's shell escape: GHCi's and Vim's `:!`, psql's `\!`, pdb's and
        // gdb's `!`.
        .or_else(|| l.strip_prefix(":!"))
        .or_else(|| l.strip_prefix("\\!"))
        .or_else(|| l.strip_prefix('!'))
        .unwrap_or(l);
    l.trim_start_matches(['@', '-', '+', ' ', '\t'])
}

fn looks_like_command(line: &str) -> bool {
    !line.is_empty() && !line.starts_with("//") && !line.starts_with('#') && line.contains(' ')
}
