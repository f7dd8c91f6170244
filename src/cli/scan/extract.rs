//! Which files run code, and the commands in each, for `gatehook scan`: shell scripts and
//! git hooks (by extension, shebang or place), Makefiles (recipe lines, with the file's own
//! variables and the rule's target expanded as make would), `package.json` scripts,
//! Dockerfiles (`RUN`), devcontainer lifecycle commands, VS Code tasks, and CI files (see
//! `yaml`). Extraction decides only what text is a command and where it stands; the
//! judgement is the hook's (`engine::evaluate`).

use super::{script, yaml, Command};
use serde_json::Value;
use std::collections::HashMap;
use std::path::Path;

/// What kind of file runs code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Shell,
    GitHook,
    Makefile,
    PackageJson,
    Dockerfile,
    GithubActions,
    GitlabCi,
    Devcontainer,
    VscodeTasks,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Shell => "shell script",
            Kind::GitHook => "git hook",
            Kind::Makefile => "Makefile",
            Kind::PackageJson => "package.json",
            Kind::Dockerfile => "Dockerfile",
            Kind::GithubActions => "GitHub Actions",
            Kind::GitlabCi => "GitLab CI",
            Kind::Devcontainer => "devcontainer",
            Kind::VscodeTasks => "VS Code tasks",
        }
    }
}

/// Does a first line name a POSIX-family shell (`#!/bin/sh`, `#!/usr/bin/env bash`, …)?
pub fn shell_shebang(first: &str) -> bool {
    let Some(rest) = first.strip_prefix("#!") else {
        return false;
    };
    let mut words = rest.split_whitespace();
    let mut prog = words.next().unwrap_or("");
    if prog.ends_with("/env") {
        prog = words.find(|w| !w.starts_with('-')).unwrap_or("");
    }
    let name = prog.rsplit('/').next().unwrap_or(prog);
    matches!(name, "sh" | "bash" | "dash" | "ash" | "ksh" | "mksh")
}

/// The kind of `path` (`first`: its first line), or `None` when it does not run code.
pub fn kind_of(path: &Path, first: &str) -> Option<Kind> {
    let name = path.file_name()?.to_str()?;
    let lower = name.to_ascii_lowercase();
    let parent = path
        .parent()
        .and_then(|p| p.file_name())
        .and_then(|n| n.to_str())
        .unwrap_or("");
    let grand = path
        .parent()
        .and_then(Path::parent)
        .and_then(|p| p.file_name())
        .and_then(|n| n.to_str())
        .unwrap_or("");
    let yaml = lower.ends_with(".yml") || lower.ends_with(".yaml");
    if yaml && parent == "workflows" && grand == ".github" {
        return Some(Kind::GithubActions);
    }
    if lower == "action.yml" || lower == "action.yaml" {
        return Some(Kind::GithubActions);
    }
    if lower == ".gitlab-ci.yml" || lower.ends_with(".gitlab-ci.yml") {
        return Some(Kind::GitlabCi);
    }
    if matches!(name, "Makefile" | "makefile" | "GNUmakefile") || lower.ends_with(".mk") {
        return Some(Kind::Makefile);
    }
    if name == "package.json" {
        return Some(Kind::PackageJson);
    }
    if name == "Dockerfile"
        || name == "Containerfile"
        || lower.starts_with("dockerfile.")
        || lower.ends_with(".dockerfile")
    {
        return Some(Kind::Dockerfile);
    }
    if name == "devcontainer.json" || name == ".devcontainer.json" {
        return Some(Kind::Devcontainer);
    }
    if name == "tasks.json" && parent == ".vscode" {
        return Some(Kind::VscodeTasks);
    }
    if lower.ends_with(".sample") {
        return None;
    }
    // Git hooks: in a hooks directory git or a hook manager runs (`.git/hooks`, `.husky`,
    // `.githooks`) or named as git names them with a shell shebang.
    let hook_dir =
        (parent == "hooks" && grand == ".git") || parent == ".husky" || parent == ".githooks";
    if hook_dir
        && (crate::context::floor::sensitive::GIT_HOOKS.contains(&name) || shell_shebang(first))
    {
        return Some(Kind::GitHook);
    }
    if crate::context::floor::sensitive::GIT_HOOKS.contains(&name) && shell_shebang(first) {
        return Some(Kind::GitHook);
    }
    if lower.ends_with(".sh") || lower.ends_with(".bash") || name == ".envrc" {
        return Some(Kind::Shell);
    }
    if shell_shebang(first) {
        return Some(Kind::Shell);
    }
    None
}

/// The commands of a file of `kind`, or why they cannot be read.
pub fn commands(kind: Kind, text: &str) -> Result<Vec<Command>, String> {
    Ok(match kind {
        Kind::Shell | Kind::GitHook => script::pieces(text)
            .into_iter()
            .map(|p| Command {
                line: p.line,
                text: p.text,
                kind: kind.as_str(),
                carries: p.carries,
            })
            .collect(),
        Kind::Makefile => makefile(text),
        Kind::PackageJson => package_json(text)?,
        Kind::Dockerfile => dockerfile(text),
        Kind::GithubActions => yaml::github(&yaml::parse(text)?),
        Kind::GitlabCi => yaml::gitlab(&yaml::parse(text)?),
        Kind::Devcontainer => devcontainer(text)?,
        Kind::VscodeTasks => vscode_tasks(text)?,
    })
}

// ---------------------------------------------------------------- Makefile

/// A rule line (`target: prerequisites`), not an assignment.
fn rule_of(line: &str) -> Option<(String, Vec<String>, Option<String>)> {
    if line.starts_with('\t') || line.trim_start().starts_with('#') {
        return None;
    }
    let colon = line.find(':')?;
    let before = &line[..colon];
    let after = &line[colon + 1..];
    if before.contains('=') || after.starts_with('=') || after.starts_with(":=") {
        return None;
    }
    let after = after.strip_prefix(':').unwrap_or(after);
    let (prereqs, inline) = match after.split_once(';') {
        Some((p, cmd)) => (p, Some(cmd.trim().to_string())),
        None => (after, None),
    };
    let target = before.split_whitespace().next()?.to_string();
    let prereqs = prereqs
        .split('#')
        .next()
        .unwrap_or("")
        .split_whitespace()
        .map(str::to_string)
        .collect();
    Some((target, prereqs, inline))
}

/// `NAME = value` (and `:=`, `::=`, `?=`, `+=`, `export`, `override`): the name, the
/// operator and the value.
fn assignment_of(line: &str) -> Option<(String, &'static str, String)> {
    if line.starts_with('\t') {
        return None;
    }
    let mut l = line.trim();
    for prefix in ["export ", "override ", "private "] {
        if let Some(rest) = l.strip_prefix(prefix) {
            l = rest.trim_start();
        }
    }
    let eq = l.find('=')?;
    let (op, name_end) = match l[..eq].chars().last() {
        Some(':') if l[..eq].ends_with("::") => ("=", eq - 2),
        Some(':') => (":=", eq - 1),
        Some('?') => ("?=", eq - 1),
        Some('+') => ("+=", eq - 1),
        Some('!') => ("!=", eq - 1),
        _ => ("=", eq),
    };
    let name = l[..name_end].trim();
    if name.is_empty() || name.contains(char::is_whitespace) || name.contains(':') {
        return None;
    }
    Some((name.to_string(), op, l[eq + 1..].trim().to_string()))
}

/// Expand make's references in recipe text: `$$` → `$`, variables the file defines, the
/// rule's own automatic variables when its target and prerequisites are literal, and
/// `$(MAKE)`. A reference whose value make decides at run time (an unset or environment
/// variable, a function such as `$(wildcard …)`) becomes a shell expansion of unknown
/// value, which is what it is to the judgement. `$(shell …)` commands are collected.
struct Expander<'a> {
    vars: &'a HashMap<String, String>,
    target: Option<&'a str>,
    prereqs: &'a [String],
    shell_cmds: Vec<String>,
}

impl Expander<'_> {
    fn expand(&mut self, s: &str, depth: usize) -> String {
        let mut out = String::with_capacity(s.len());
        let chars: Vec<char> = s.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            if c != '$' || i + 1 >= chars.len() {
                out.push(c);
                i += 1;
                continue;
            }
            let n = chars[i + 1];
            if n == '$' {
                out.push('$');
                i += 2;
                continue;
            }
            let (name, next) = if n == '(' || n == '{' {
                let close = if n == '(' { ')' } else { '}' };
                let mut level = 0;
                let mut j = i + 2;
                while j < chars.len() {
                    if chars[j] == n {
                        level += 1;
                    } else if chars[j] == close {
                        if level == 0 {
                            break;
                        }
                        level -= 1;
                    }
                    j += 1;
                }
                (
                    chars[i + 2..j.min(chars.len())].iter().collect::<String>(),
                    j + 1,
                )
            } else {
                (n.to_string(), i + 2)
            };
            out.push_str(&self.reference(&name, depth));
            i = next;
        }
        out
    }

    fn reference(&mut self, name: &str, depth: usize) -> String {
        let unknown = |n: &str| {
            let ident = !n.is_empty()
                && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                && !n.starts_with(|c: char| c.is_ascii_digit());
            if ident {
                format!("${{{n}}}")
            } else {
                "${MAKE_VALUE}".to_string()
            }
        };
        if depth > 10 {
            return unknown(name);
        }
        if let Some(cmd) = name.strip_prefix("shell ") {
            let cmd = self.expand(cmd, depth + 1);
            self.shell_cmds.push(cmd);
            return "${MAKE_SHELL_OUTPUT}".to_string();
        }
        let literal = |s: &str| !s.contains('%') && !s.contains('$');
        let target = self.target.filter(|t| literal(t));
        let first = self.prereqs.first().filter(|p| literal(p));
        let all = !self.prereqs.is_empty() && self.prereqs.iter().all(|p| literal(p));
        match name {
            "MAKE" => return "make".to_string(),
            "@" if target.is_some() => return target.unwrap_or_default().to_string(),
            "<" if first.is_some() => return first.cloned().unwrap_or_default(),
            "^" | "+" if all => return self.prereqs.join(" "),
            _ => {}
        }
        match self.vars.get(name) {
            Some(v) => {
                let v = v.clone();
                self.expand(&v, depth + 1)
            }
            None => unknown(name),
        }
    }
}

fn makefile(text: &str) -> Vec<Command> {
    // Physical lines joined where a non-recipe line continues.
    let lines: Vec<&str> = text.lines().collect();
    let mut vars: HashMap<String, String> = HashMap::new();
    // First pass: the file's own variables (last definition wins, `+=` appends, `?=` only
    // if unset), as make reads the whole file before running recipes.
    let mut i = 0;
    let mut var_shell: Vec<(usize, String)> = Vec::new();
    while i < lines.len() {
        let start = i;
        let mut line = lines[i].to_string();
        while line.ends_with('\\') && i + 1 < lines.len() && !lines[i].starts_with('\t') {
            line.pop();
            i += 1;
            line.push(' ');
            line.push_str(lines[i].trim_start());
        }
        i += 1;
        if let Some((name, op, value)) = assignment_of(&line) {
            if value.contains("$(shell ") || op == "!=" {
                var_shell.push((start + 1, value.clone()));
            }
            match op {
                "?=" => {
                    vars.entry(name).or_insert(value);
                }
                "+=" => {
                    let e = vars.entry(name).or_default();
                    if !e.is_empty() {
                        e.push(' ');
                    }
                    e.push_str(&value);
                }
                _ => {
                    vars.insert(name, value);
                }
            }
        }
    }
    let mut out = Vec::new();
    let empty: Vec<String> = Vec::new();
    for (line, value) in var_shell {
        let mut ex = Expander {
            vars: &vars,
            target: None,
            prereqs: &empty,
            shell_cmds: Vec::new(),
        };
        let v = ex.expand(&value, 0);
        let cmds = if value.contains("$(shell ") {
            ex.shell_cmds
        } else {
            vec![v]
        };
        for c in cmds {
            out.push(Command {
                line,
                text: c,
                kind: "Makefile $(shell …)",
                carries: false,
            });
        }
    }
    // Second pass: recipes. A recipe line starts with a tab after a rule (blank and comment
    // lines may sit between); a `\` at its end continues it on the next line.
    let mut rule: Option<(String, Vec<String>)> = None;
    let mut i = 0;
    while i < lines.len() {
        let raw = lines[i];
        let start = i + 1;
        if let Some(body) = raw.strip_prefix('\t') {
            if rule.is_none() {
                i += 1;
                continue;
            }
            let mut text = body.to_string();
            while text.ends_with('\\') && i + 1 < lines.len() {
                i += 1;
                text.push('\n');
                text.push_str(lines[i].strip_prefix('\t').unwrap_or(lines[i]));
            }
            i += 1;
            if text.trim_start().starts_with('#') {
                continue;
            }
            let (target, prereqs) = rule
                .as_ref()
                .map(|(t, p)| (t.as_str(), p.as_slice()))
                .unwrap_or(("", &[]));
            push_recipe(&text, start, &vars, target, prereqs, &mut out);
            continue;
        }
        i += 1;
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        if let Some((target, prereqs, inline)) = rule_of(raw) {
            if let Some(cmd) = inline.filter(|c| !c.is_empty()) {
                push_recipe(&cmd, start, &vars, &target, &prereqs, &mut out);
            }
            rule = Some((target, prereqs));
        } else {
            // An assignment, directive or anything else ends the recipe.
            rule = None;
        }
    }
    out.sort_by_key(|c| c.line);
    out
}

fn push_recipe(
    text: &str,
    line: usize,
    vars: &HashMap<String, String>,
    target: &str,
    prereqs: &[String],
    out: &mut Vec<Command>,
) {
    // Recipe prefixes: `@` (silent), `-` (ignore errors), `+` (run under -n too).
    let body = text
        .trim_start()
        .trim_start_matches(['@', '-', '+'])
        .trim_start();
    let mut ex = Expander {
        vars,
        target: Some(target),
        prereqs,
        shell_cmds: Vec::new(),
    };
    let cmd = ex.expand(body, 0);
    for c in ex.shell_cmds {
        out.push(Command {
            line,
            text: c,
            kind: "Makefile $(shell …)",
            carries: false,
        });
    }
    if !cmd.trim().is_empty() {
        out.push(Command {
            line,
            text: cmd,
            kind: "Makefile recipe",
            carries: false,
        });
    }
}

// ---------------------------------------------------------------- JSON files

/// The 1-based line of the first `"key"` followed by `:` at or after byte `from`.
fn line_of_key(text: &str, key: &str, from: usize) -> (usize, usize) {
    let quoted = serde_json::to_string(key).unwrap_or_default();
    let mut pos = from;
    while let Some(at) = text.get(pos..).and_then(|t| t.find(&quoted)) {
        let abs = pos + at;
        let after = text[abs + quoted.len()..].trim_start();
        if after.starts_with(':') {
            return (text[..abs].matches('\n').count() + 1, abs);
        }
        pos = abs + quoted.len();
    }
    // `from` may sit inside a character (callers step it by one byte); count newline
    // bytes, which never needs a char boundary.
    let before = &text.as_bytes()[..from.min(text.len())];
    (before.iter().filter(|&&c| c == b'\n').count() + 1, from)
}

fn package_json(text: &str) -> Result<Vec<Command>, String> {
    let v: Value = serde_json::from_str(text).map_err(|e| format!("JSON: {e}"))?;
    let Some(scripts) = v.get("scripts").and_then(Value::as_object) else {
        return Ok(Vec::new());
    };
    let (_, pos) = line_of_key(text, "scripts", 0);
    let mut out = Vec::new();
    for (name, cmd) in scripts {
        let Some(cmd) = cmd.as_str() else { continue };
        let (line, _) = line_of_key(text, name, pos);
        out.push(Command {
            line,
            text: cmd.to_string(),
            kind: "package.json script",
            carries: false,
        });
    }
    out.sort_by_key(|c| c.line);
    Ok(out)
}

/// JSON with comments and trailing commas (devcontainer.json, tasks.json) as JSON: the
/// comments become spaces, so offsets and lines stay where they were.
fn strip_jsonc(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    let mut in_str = false;
    while i < b.len() {
        let c = b[i];
        if in_str {
            out.push(c);
            if c == b'\\' && i + 1 < b.len() {
                out.push(b[i + 1]);
                i += 2;
                continue;
            }
            if c == b'"' {
                in_str = false;
            }
            i += 1;
            continue;
        }
        if c == b'"' {
            in_str = true;
            out.push(c);
            i += 1;
        } else if c == b'/' && b.get(i + 1) == Some(&b'/') {
            while i < b.len() && b[i] != b'\n' {
                out.push(b' ');
                i += 1;
            }
        } else if c == b'/' && b.get(i + 1) == Some(&b'*') {
            while i < b.len() && !(b[i] == b'*' && b.get(i + 1) == Some(&b'/')) {
                out.push(if b[i] == b'\n' { b'\n' } else { b' ' });
                i += 1;
            }
            out.extend_from_slice(b"  ");
            i += 2;
        } else if c == b',' {
            // A trailing comma: the next non-space character closes the container.
            let next = b[i + 1..].iter().find(|x| !x.is_ascii_whitespace());
            out.push(if matches!(next, Some(b'}') | Some(b']')) {
                b' '
            } else {
                c
            });
            i += 1;
        } else {
            out.push(c);
            i += 1;
        }
    }
    String::from_utf8(out).unwrap_or_default()
}

fn quote_argv(argv: &[&str]) -> String {
    argv.iter()
        .map(|a| crate::cli::denied::shell_quote(a))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A command given as a string (shell) or an array (exec form, no shell).
fn command_value(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.clone()),
        Value::Array(a) => {
            let argv: Option<Vec<&str>> = a.iter().map(Value::as_str).collect();
            argv.filter(|a| !a.is_empty()).map(|a| quote_argv(&a))
        }
        _ => None,
    }
}

/// devcontainer lifecycle commands (containers.dev reference): each a string, an array,
/// or an object of named commands run in parallel.
const DEVCONTAINER_KEYS: &[&str] = &[
    "initializeCommand",
    "onCreateCommand",
    "updateContentCommand",
    "postCreateCommand",
    "postStartCommand",
    "postAttachCommand",
];

fn devcontainer(text: &str) -> Result<Vec<Command>, String> {
    let clean = strip_jsonc(text);
    let v: Value = serde_json::from_str(&clean).map_err(|e| format!("JSON: {e}"))?;
    let mut out = Vec::new();
    for key in DEVCONTAINER_KEYS {
        let Some(val) = v.get(*key) else { continue };
        let (line, pos) = line_of_key(&clean, key, 0);
        let mut cmds: Vec<(usize, String)> = Vec::new();
        match val {
            Value::Object(named) => {
                for (name, c) in named {
                    let (l, _) = line_of_key(&clean, name, pos);
                    if let Some(c) = command_value(c) {
                        cmds.push((l, c));
                    }
                }
                cmds.sort();
            }
            other => {
                if let Some(c) = command_value(other) {
                    cmds.push((line, c));
                }
            }
        }
        for (line, text) in cmds {
            out.push(Command {
                line,
                text,
                kind: "devcontainer lifecycle command",
                carries: false,
            });
        }
    }
    Ok(out)
}

fn vscode_tasks(text: &str) -> Result<Vec<Command>, String> {
    let clean = strip_jsonc(text);
    let v: Value = serde_json::from_str(&clean).map_err(|e| format!("JSON: {e}"))?;
    let mut out = Vec::new();
    let Some(tasks) = v.get("tasks").and_then(Value::as_array) else {
        return Ok(out);
    };
    let mut pos = 0;
    for t in tasks {
        // The platform block for Linux replaces the task's own command.
        let t_linux = t.get("linux").unwrap_or(t);
        let Some(cmd) = t_linux
            .get("command")
            .or_else(|| t.get("command"))
            .and_then(Value::as_str)
        else {
            continue;
        };
        let (line, at) = line_of_key(&clean, "command", pos);
        pos = at + 1;
        let args: Vec<String> = t_linux
            .get("args")
            .or_else(|| t.get("args"))
            .and_then(Value::as_array)
            .map(|a| {
                a.iter()
                    .filter_map(|x| {
                        x.as_str()
                            .or_else(|| x.get("value").and_then(Value::as_str))
                            .map(str::to_string)
                    })
                    .collect()
            })
            .unwrap_or_default();
        let shell = t.get("type").and_then(Value::as_str) != Some("process");
        let text = if shell {
            // `type: shell`: the command line is shell text; args are appended quoted.
            let mut s = cmd.to_string();
            for a in &args {
                s.push(' ');
                s.push_str(&crate::cli::denied::shell_quote(a));
            }
            s
        } else {
            let mut argv = vec![cmd];
            argv.extend(args.iter().map(String::as_str));
            quote_argv(&argv)
        };
        out.push(Command {
            line,
            text,
            kind: "VS Code task",
            carries: false,
        });
    }
    Ok(out)
}

// ---------------------------------------------------------------- Dockerfile

fn dockerfile(text: &str) -> Vec<Command> {
    let lines: Vec<&str> = text.lines().collect();
    // Parser directives at the top: `# escape=`` ` changes the continuation character.
    let mut escape = '\\';
    for l in &lines {
        let t = l.trim();
        if let Some(d) = t.strip_prefix('#') {
            if let Some(e) = d.trim().strip_prefix("escape=") {
                escape = e.trim().chars().next().unwrap_or('\\');
            }
            continue;
        }
        break;
    }
    let mut out = Vec::new();
    let mut posix = true;
    let mut i = 0;
    while i < lines.len() {
        let start = i + 1;
        let mut line = lines[i].to_string();
        // An instruction continues while its line ends with the escape character; comment
        // lines inside it are removed (Docker's own rule).
        while line.trim_end().ends_with(escape) && i + 1 < lines.len() {
            let trimmed = line.trim_end();
            line = trimmed[..trimmed.len() - escape.len_utf8()].to_string();
            i += 1;
            while i < lines.len() && lines[i].trim_start().starts_with('#') {
                i += 1;
            }
            if i < lines.len() {
                line.push_str("\\\n");
                line.push_str(lines[i]);
            }
        }
        i += 1;
        let t = line.trim_start();
        let (word, rest) = t.split_once(char::is_whitespace).unwrap_or((t, ""));
        let mut word = word.to_ascii_uppercase();
        let mut rest = rest.trim_start().to_string();
        if word == "ONBUILD" {
            let r = rest.clone();
            let (w, r2) = r.split_once(char::is_whitespace).unwrap_or((&r, ""));
            word = w.to_ascii_uppercase();
            rest = r2.trim_start().to_string();
        }
        if word == "SHELL" {
            let argv: Vec<String> = serde_json::from_str(&rest).unwrap_or_default();
            posix = argv
                .first()
                .map(|p| {
                    let n = p.rsplit('/').next().unwrap_or(p);
                    matches!(n, "sh" | "bash" | "dash" | "ash")
                })
                .unwrap_or(false);
            continue;
        }
        if word == "FROM" {
            posix = true;
            continue;
        }
        if word != "RUN" || !posix {
            continue;
        }
        // Flags of RUN (`--mount=…`, `--network=…`, `--security=…`).
        while rest.starts_with("--") {
            let (_, r) = rest.split_once(char::is_whitespace).unwrap_or((&rest, ""));
            rest = r.trim_start().to_string();
        }
        if rest.starts_with('[') {
            let flat = rest.replace("\\\n", "");
            if let Ok(argv) = serde_json::from_str::<Vec<String>>(&flat) {
                let a: Vec<&str> = argv.iter().map(String::as_str).collect();
                out.push(Command {
                    line: start,
                    text: quote_argv(&a),
                    kind: "Dockerfile RUN",
                    carries: false,
                });
            }
            continue;
        }
        // A heredoc (`RUN <<EOF … EOF`): the body is the script.
        if let Some(delim) = rest.strip_prefix("<<") {
            let delim = delim
                .trim_start_matches('-')
                .trim_matches(|c| c == '"' || c == '\'')
                .split_whitespace()
                .next()
                .unwrap_or("")
                .trim_matches(|c| c == '"' || c == '\'')
                .to_string();
            let body_start = i;
            let mut body = Vec::new();
            while i < lines.len() && lines[i].trim() != delim {
                body.push(lines[i]);
                i += 1;
            }
            i += 1;
            for p in script::pieces(&body.join("\n")) {
                out.push(Command {
                    line: body_start + p.line,
                    text: p.text,
                    kind: "Dockerfile RUN",
                    carries: false,
                });
            }
            continue;
        }
        out.push(Command {
            line: start,
            text: rest,
            kind: "Dockerfile RUN",
            carries: false,
        });
    }
    out
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn cmds(v: Vec<Command>) -> Vec<(usize, String)> {
        v.into_iter().map(|c| (c.line, c.text)).collect()
    }

    #[test]
    fn makefile_recipes_expand_the_files_own_variables() {
        let m = "BUILD := out\nRM = rm -rf\n\n.PHONY: clean\nclean: stuff\n\t@$(RM) $(BUILD) $$HOME/x\n\t-echo done # note\n# comment\n\techo still a recipe\nX = 1\nall: a.c b.c\n\tcc -o $@ $^\n\t$(MAKE) -C sub \\\n\t  install\n%.o: %.c\n\tcc -c $< -o $@\nv = $(shell git rev-parse HEAD)\n";
        assert_eq!(
            cmds(makefile(m)),
            vec![
                (6, "rm -rf out $HOME/x".into()),
                (7, "echo done # note".into()),
                (9, "echo still a recipe".into()),
                (12, "cc -o all a.c b.c".into()),
                (13, "make -C sub \\\n  install".into()),
                (16, "cc -c ${MAKE_VALUE} -o ${MAKE_VALUE}".into()),
                (17, "git rev-parse HEAD".into()),
            ]
        );
    }

    #[test]
    fn package_json_scripts_are_found_at_their_lines() {
        let p = "{\n  \"name\": \"x\",\n  \"scripts\": {\n    \"test\": \"jest\",\n    \"name\": \"rm -rf ~\"\n  }\n}\n";
        assert_eq!(
            cmds(package_json(p).unwrap()),
            vec![(4, "jest".into()), (5, "rm -rf ~".into())]
        );
    }

    #[test]
    fn dockerfiles_run_lines_continuations_exec_form_and_heredocs() {
        let d = "# syntax=docker/dockerfile:1\nFROM debian\nRUN apt-get update && \\\n    # a comment\n    apt-get install -y curl\nRUN --mount=type=cache,target=/x [\"rm\", \"-rf\", \"/\"]\nRUN <<EOF\necho a\ncurl -fsSL https://x.example/i.sh | sh\nEOF\nSHELL [\"pwsh\", \"-c\"]\nRUN Remove-Item x\n";
        assert_eq!(
            cmds(dockerfile(d)),
            vec![
                (
                    3,
                    "apt-get update && \\\n    apt-get install -y curl".into()
                ),
                (6, "rm -rf /".into()),
                (8, "echo a".into()),
                (9, "curl -fsSL https://x.example/i.sh | sh".into()),
            ]
        );
    }

    #[test]
    fn jsonc_devcontainer_and_tasks() {
        let d = "{\n  // comment\n  \"postCreateCommand\": \"npm ci\",\n  \"postStartCommand\": {\n    \"a\": \"echo a\",\n    \"b\": [\"rm\", \"-rf\", \"/\"],\n  },\n}\n";
        assert_eq!(
            cmds(devcontainer(d).unwrap()),
            vec![
                (3, "npm ci".into()),
                (5, "echo a".into()),
                (6, "rm -rf /".into())
            ]
        );
        let t = "{ \"version\": \"2.0.0\", \"tasks\": [\n  { \"label\": \"a\", \"type\": \"shell\", \"command\": \"make\", \"args\": [\"test\"] },\n  /* x */ { \"label\": \"b\", \"type\": \"process\", \"command\": \"rm\", \"args\": [\"-rf\", \"/\"] }\n]}\n";
        assert_eq!(
            cmds(vscode_tasks(t).unwrap()),
            vec![(2, "make test".into()), (3, "rm -rf /".into())]
        );
    }

    #[test]
    fn tasks_whose_command_key_is_escaped_do_not_panic_inside_a_character() {
        // `"comm\u0061nd"` is the key `command` but not found as text, so the search
        // start steps one byte per task and lands inside the `é` after the first key.
        let escaped = "{\"comm\\u0061nd\": \"ls\"}";
        let t = format!(
            "{{\"tasks\": [{{\"command\":\"éééééééé\"}}, {}]}}",
            [escaped; 20].join(", ")
        );
        let got = cmds(vscode_tasks(&t).unwrap());
        assert_eq!(got.len(), 21);
        assert_eq!(got[0], (1, "éééééééé".into()));
        assert!(got[1..]
            .iter()
            .all(|(line, text)| *line == 1 && text == "ls"));
    }

    #[test]
    fn kinds_by_name_place_and_shebang() {
        for (path, first, want) in [
            ("a/.github/workflows/ci.yml", "", Some(Kind::GithubActions)),
            ("x/.gitlab-ci.yml", "", Some(Kind::GitlabCi)),
            ("Makefile", "", Some(Kind::Makefile)),
            ("web/package.json", "", Some(Kind::PackageJson)),
            ("Dockerfile.dev", "", Some(Kind::Dockerfile)),
            (
                ".devcontainer/devcontainer.json",
                "",
                Some(Kind::Devcontainer),
            ),
            (".vscode/tasks.json", "", Some(Kind::VscodeTasks)),
            (".git/hooks/pre-commit", "", Some(Kind::GitHook)),
            (".git/hooks/pre-commit.sample", "#!/bin/sh", None),
            (".husky/pre-push", "npm test", Some(Kind::GitHook)),
            (
                "hooks/pre-commit",
                "#!/usr/bin/env bash",
                Some(Kind::GitHook),
            ),
            ("scripts/x.sh", "", Some(Kind::Shell)),
            (".ci/run", "#!/usr/bin/env bash", Some(Kind::Shell)),
            ("bin/tool", "#!/usr/bin/env python3", None),
            ("README.md", "# x", None),
        ] {
            assert_eq!(kind_of(Path::new(path), first), want, "{path}");
        }
    }
}
