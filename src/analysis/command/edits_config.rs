//! Configuration that names code or commands. Tools load their settings from files in the
//! project (JSON, JSONC, YAML, TOML, INI/cfg, dotenv and `…rc` files, found by format as
//! well as by the well-known names `file_kinds` lists), and many settings are code: a
//! plugin or preset loaded by path or module name (`.babelrc` `presets`, `.stylelintrc`
//! `plugins`, `.nycrc` `require`, `.coveragerc` `[run] plugins`, `mkdocs.yml` `hooks`), a
//! command line run for the project (`.lintstagedrc`, `nodemon.json` `exec`/`events`,
//! `cdk.json` `app`, `wrangler.toml` `[build] command`, Terraform's `external` data
//! source `program`), a runner's own command line read from a file (pytest's `addopts`,
//! `.proverc`, `.rspec`), a module an environment file names (`.flaskenv` `FLASK_APP`).
//! A later routine command (`pytest`, `npm test`, `cdk synth`, `mkdocs build`, `flask
//! run`) then runs it. This module judges such text, whatever the key is called:
//!
//! - runner option text ([`runner_options`]): pytest's `addopts` (pytest.ini, tox.ini,
//!   setup.cfg, pyproject.toml, `PYTEST_ADDOPTS=` in an environment file), `.proverc` and
//!   `.rspec`, judged by the floor as the runner's command line with those options, so an
//!   option outside the runner's grammar (`--pastebin=all`, which posts the session log to
//!   bpa.st) or one that runs code (`-p MODULE`) is not routine;
//! - a plugin module coverage.py imports by name ([`coverage_plugins`]) that is neither a
//!   module of the workspace nor installed in the workspace's virtual environment;
//! - each value that reads as a command line ([`command_values`]), judged by the floor:
//!   what it would refuse, or what plants something (code fetched and run, data sent,
//!   code run from the temporary directory).
//!
//! A path or URL a value names outside the workspace is `edits::names_outside_code`'s,
//! for these files as for build definitions. Checked against: pytest 9.2 (`addopts` is
//! split with `shlex` and prepended to the command line; `[pytest]` in pytest.ini and
//! tox.ini, `[tool:pytest]` in setup.cfg, `[tool.pytest.ini_options]` in pyproject.toml;
//! `PYTEST_ADDOPTS`), coverage.py 7 (`[run] plugins`, a list of module names it imports,
//! in `.coveragerc`, `[coverage:run]` in setup.cfg and tox.ini, `[tool.coverage.run]`),
//! prove (Test::Harness 3: `.proverc` in the current directory holds options, one or more
//! a line), RSpec 3 (`.rspec`, `.rspec-local`: options, `--require` loads a file),
//! lint-staged 15 (`.lintstagedrc*`: glob to command line), nodemon 3 (`nodemon.json`:
//! `exec`, `events.start|restart|crash`), AWS CDK 2 (`cdk.json` `app`: the command `cdk
//! synth` runs), wrangler 3 (`[build] command`), mkdocs 1.5 (`hooks`: Python files it
//! imports), Pulumi (`runtime.options.nodeargs`), Flask 3 (`.flaskenv` read by `flask`
//! through python-dotenv), Terraform 1.x (`data "external"` `program`).

use super::code;
use super::core::{Judge, JudgeCtx, Verdict};
use super::edits_code::{short, PLANTING};
use std::path::Path;

/// How many values of one text are judged as command lines at most; beyond it the edit is
/// asked about (fail closed).
const MAX_VALUES: usize = 3000;

/// What a configuration text makes a tool run, as a reason; `None` when nothing here.
/// Every value of a file that is not a recipe is judged as a command line if it reads as
/// one (the edit scan's search of a definition's lines reads `commands = curl …` as a
/// program named `commands`).
pub(super) fn scan(
    path: &Path,
    texts: &[String],
    ctx: &JudgeCtx,
    judge: &dyn Judge,
) -> Option<String> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_lowercase())
        .unwrap_or_default();
    // A recipe's values are the commands the person runs by name (package.json's
    // scripts), judged by the edit scan's own search of its lines.
    let config = !super::file_kinds::is_recipe(&name);
    for t in texts {
        if let Some(f) = runner_options(path, &name, t, ctx, judge) {
            return Some(f);
        }
        if let Some(f) = coverage_plugins(path, &name, t, ctx) {
            return Some(f);
        }
        if config {
            if let Some(f) = command_values(t, ctx, judge) {
                return Some(f);
            }
        }
    }
    None
}

/// Runner options a file holds: (the runner, its option text). pytest's `addopts` in any
/// INI or TOML file (an `addopts` key means nothing to other tools), `PYTEST_ADDOPTS=`,
/// and the whole of `.proverc` and `.rspec`.
fn option_texts(name: &str, text: &str) -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    let whole = match name {
        ".proverc" => Some("prove"),
        ".rspec" | ".rspec-local" => Some("rspec"),
        _ => None,
    };
    if let Some(runner) = whole {
        let lines: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .collect();
        out.push((runner, lines.join(" ")));
        return out;
    }
    let lines: Vec<&str> = text.lines().collect();
    let mut i = 0;
    while i < lines.len() {
        let l = lines[i].trim();
        i += 1;
        let rest = if let Some(r) = l.strip_prefix("addopts") {
            r.trim_start().strip_prefix(['=', ':'])
        } else if let Some(r) = l
            .strip_prefix("export ")
            .unwrap_or(l)
            .trim_start()
            .strip_prefix("PYTEST_ADDOPTS")
        {
            r.trim_start().strip_prefix('=')
        } else {
            None
        };
        let Some(rest) = rest else { continue };
        let mut value = rest.trim().to_string();
        if value.starts_with('[') {
            // A TOML array, possibly over several lines: its strings are the words.
            while !value.contains(']') && i < lines.len() {
                value.push('\n');
                value.push_str(lines[i]);
                i += 1;
            }
            let words: Vec<String> = code::quoted_strings(&value);
            let joined = words
                .iter()
                .map(|w| shlex::try_quote(w).map(|q| q.into_owned()))
                .collect::<Result<Vec<_>, _>>();
            match joined {
                Ok(ws) => out.push(("pytest", ws.join(" "))),
                // A NUL byte: no command line holds it; judged as written.
                Err(_) => out.push(("pytest", value)),
            }
            continue;
        }
        // An INI value continues on the indented lines below it.
        while i < lines.len()
            && lines[i].starts_with([' ', '\t'])
            && !lines[i].trim().is_empty()
            && !lines[i].contains('=')
        {
            value.push(' ');
            value.push_str(lines[i].trim());
            i += 1;
        }
        let unquoted = value
            .strip_prefix(['"', '\''])
            .and_then(|v| v.strip_suffix(['"', '\'']))
            .map(str::to_string)
            .unwrap_or(value);
        out.push(("pytest", unquoted));
    }
    out
}

/// Characters a runner's option text never needs and a shell would read as more than
/// words: such text is judged as not routine (pytest splits `addopts` with `shlex`, which
/// runs nothing, but the floor would read them as the shell's).
const SHELL_SYNTAX: &[char] = &[
    ';', '|', '&', '$', '`', '<', '>', '(', ')', '\n', '\\', '*', '?',
];

/// Options a runner reads from a file, judged as that runner's command line: an option
/// outside its grammar, or one that runs code or sends data, makes every later run of the
/// runner do it.
fn runner_options(
    path: &Path,
    name: &str,
    text: &str,
    ctx: &JudgeCtx,
    judge: &dyn Judge,
) -> Option<String> {
    let dir = path.parent().unwrap_or(ctx.cwd);
    for (runner, opts) in option_texts(name, text) {
        if opts.trim().is_empty() {
            continue;
        }
        let line = format!("{runner} {opts}");
        let words = match shlex::split(&opts) {
            Some(w) if !opts.contains(SHELL_SYNTAX) => w,
            _ => {
                return Some(format!(
                    "sets options {runner} reads on every run that are not plain words ({})",
                    short(&line)
                ))
            }
        };
        let kept = without_workspace_modules(runner, words, dir, ctx);
        let Ok(joined) = shlex::try_join(kept.iter().map(String::as_str)) else {
            return Some(format!(
                "sets options {runner} reads on every run that are not plain words ({})",
                short(&line)
            ));
        };
        if joined.is_empty() {
            continue;
        }
        let line = format!("{runner} {joined}");
        let j = judge.text(&line, ctx, 1);
        let why = match j.verdict {
            Verdict::Routine | Verdict::BuildFilesChanged { .. } => continue,
            Verdict::Hard { reason, .. }
            | Verdict::Soft { reason, .. }
            | Verdict::Unknown { reason, .. }
            | Verdict::Opaque { reason } => reason,
        };
        return Some(format!(
            "sets options {runner} reads on every run, and `{}` is not routine: {why}",
            short(&line)
        ));
    }
    None
}

/// A runner's options without those that load a module or file of the workspace by name
/// (the runner's grammar cannot see what a name resolves to; this can): pytest's `-p
/// NAME` for a module of the workspace or its virtual environment ([`module_in_workspace`];
/// `-p no:NAME` disables one and is the grammar's), and RSpec's `-r`/`--require NAME` for
/// `lib/NAME.rb` or `spec/NAME.rb` (rspec-core 3.12 puts `lib` and the default path `spec`
/// on the load path, `Configuration#requires=`; `.rspec`'s usual `--require
/// spec_helper`).
fn without_workspace_modules(
    runner: &str,
    words: Vec<String>,
    dir: &Path,
    ctx: &JudgeCtx,
) -> Vec<String> {
    let loads = |name: &str| -> bool {
        match runner {
            "pytest" => {
                !name.starts_with("no:")
                    && is_module_name(name)
                    && module_in_workspace(name, dir, ctx)
            }
            "rspec" => {
                let rel = format!("{name}.rb");
                !name.contains("..")
                    && !name.starts_with('/')
                    && (dir.join("lib").join(&rel).is_file()
                        || dir.join("spec").join(&rel).is_file())
            }
            _ => false,
        }
    };
    let opt = match runner {
        "pytest" => ["-p", "-p"],
        "rspec" => ["-r", "--require"],
        _ => return words,
    };
    let mut out = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let w = &words[i];
        if opt.contains(&w.as_str()) && words.get(i + 1).is_some_and(|v| loads(v)) {
            i += 2;
            continue;
        }
        let joined = w
            .strip_prefix("--require=")
            .or_else(|| (runner == "pytest").then(|| w.strip_prefix("-p")).flatten())
            .or_else(|| (runner == "rspec").then(|| w.strip_prefix("-r")).flatten());
        if joined.is_some_and(|v| !v.is_empty() && !v.starts_with('-') && loads(v)) {
            i += 1;
            continue;
        }
        out.push(w.clone());
        i += 1;
    }
    out
}

/// coverage.py's `plugins` (`[run]` in `.coveragerc`, `[coverage:run]` in setup.cfg and
/// tox.ini, `[tool.coverage.run]` in pyproject.toml): module names it imports at every
/// run. One that is neither a module of the workspace (beside the file, or under `src/`)
/// nor installed in the workspace's virtual environment is code the floor has not seen.
fn coverage_plugins(path: &Path, name: &str, text: &str, ctx: &JudgeCtx) -> Option<String> {
    if !matches!(
        name,
        ".coveragerc" | "setup.cfg" | "tox.ini" | "pyproject.toml"
    ) {
        return None;
    }
    let dir = path.parent().unwrap_or(ctx.cwd);
    let mut section = String::new();
    let lines: Vec<&str> = text.lines().collect();
    let mut i = 0;
    // An Edit's new text may hold the key without its section header: a `plugins` key
    // counts in `.coveragerc` wherever it is, and elsewhere under a coverage section or
    // when no section is in sight.
    while i < lines.len() {
        let l = lines[i].trim();
        i += 1;
        if let Some(rest) = l.strip_prefix('[') {
            section = rest.trim_end_matches(']').trim().to_lowercase();
            continue;
        }
        let Some(rest) = l.strip_prefix("plugins") else {
            continue;
        };
        let Some(value) = rest.trim_start().strip_prefix('=') else {
            continue;
        };
        let coverage = name == ".coveragerc"
            || section.contains("coverage")
            || (section.is_empty() && name != "pyproject.toml");
        if !coverage {
            continue;
        }
        let mut value = value.to_string();
        while i < lines.len()
            && (lines[i].starts_with([' ', '\t']) || value.contains('[') && !value.contains(']'))
            && !lines[i].trim().is_empty()
        {
            value.push('\n');
            value.push_str(lines[i]);
            i += 1;
        }
        let modules = value
            .split(|c: char| c.is_whitespace() || matches!(c, ',' | '[' | ']' | '"' | '\''))
            .filter(|m| !m.is_empty());
        for m in modules {
            if !is_module_name(m) || module_in_workspace(m, dir, ctx) {
                continue;
            }
            return Some(format!(
                "names {m}, a plugin module coverage.py imports on every run, which is neither a module of the workspace nor installed in its environment"
            ));
        }
    }
    None
}

/// A dotted Python module name.
fn is_module_name(m: &str) -> bool {
    !m.is_empty()
        && m.split('.').all(|p| {
            !p.is_empty()
                && !p.starts_with(|c: char| c.is_ascii_digit())
                && p.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        })
}

/// Is module `m` a file of the workspace (beside `dir` or under its `src/`), or installed
/// in a virtual environment of the workspace (`.venv`, `venv`: its top-level package or
/// module in `lib/python*/site-packages`)?
fn module_in_workspace(m: &str, dir: &Path, ctx: &JudgeCtx) -> bool {
    let rel = m.replace('.', "/");
    let top = m.split('.').next().unwrap_or(m);
    let roots = [dir.to_path_buf(), dir.join("src"), ctx.cwd.to_path_buf()];
    let in_tree = roots.iter().any(|r| {
        r.join(format!("{rel}.py")).is_file() || r.join(&rel).join("__init__.py").is_file()
    });
    if in_tree {
        return true;
    }
    for venv in [".venv", "venv"] {
        let lib = dir.join(venv).join("lib");
        let Ok(entries) = std::fs::read_dir(&lib) else {
            continue;
        };
        for e in entries.flatten().take(8) {
            let sp = e.path().join("site-packages");
            if sp.join(top).is_dir() || sp.join(format!("{top}.py")).is_file() {
                return true;
            }
        }
    }
    false
}

/// The values of a configuration text: its quoted strings, and what follows the first
/// `=` or `:` of each line (a list item's `- `, an environment file's `export`), unquoted.
fn values(text: &str) -> Vec<String> {
    let mut out = code::quoted_strings(text);
    for line in text.lines() {
        let l = line.trim();
        if l.is_empty() || l.starts_with(['#', ';']) || l.starts_with("//") {
            continue;
        }
        let l = l.strip_prefix("- ").unwrap_or(l);
        let value = match l.find(['=', ':']) {
            Some(at) => &l[at + 1..],
            None => l,
        };
        let v = value
            .trim()
            .trim_end_matches(',')
            .trim_matches(['"', '\''])
            .trim();
        if !v.is_empty() {
            out.push(v.to_string());
        }
    }
    out
}

/// A value that reads as prose (a description, a message): a capitalised word followed by
/// at least two lower-case words of letters, or more than twelve words.
fn is_prose(v: &str) -> bool {
    let words: Vec<&str> = v.split_whitespace().collect();
    let capital = words.first().is_some_and(|w| {
        w.chars().next().is_some_and(char::is_uppercase) && w.chars().all(char::is_alphabetic)
    });
    let lower_words = words
        .iter()
        .skip(1)
        .filter(|w| !w.is_empty() && w.chars().all(|c| c.is_lowercase()))
        .count();
    (capital && lower_words >= 2) || words.len() > 12
}

/// The words of `text` that stand only in its prose values ([`is_prose`]), split and
/// trimmed as the edit scan splits a text into words (`LD_PRELOAD=/path/to/x.so` holds
/// `/path/to/x.so`).
pub(super) fn prose_words(text: &str) -> std::collections::HashSet<String> {
    let words = |v: &str| -> Vec<String> {
        v.split(|c: char| c.is_whitespace() || "\"'=,[]{}()<>;".contains(c))
            .map(|w| w.trim_end_matches([':', '.']).to_string())
            .filter(|w| !w.is_empty())
            .collect()
    };
    let (prose, other): (Vec<String>, Vec<String>) =
        values(text).into_iter().partition(|v| is_prose(v));
    let plain: std::collections::HashSet<String> = other.iter().flat_map(|v| words(v)).collect();
    prose
        .iter()
        .flat_map(|v| words(v))
        .filter(|w| !plain.contains(w))
        .collect()
}

/// A value that may be a command line: words, the first a lower-case program name or
/// path (a sentence of a message or description starts otherwise, or has no second word).
fn may_be_command(v: &str) -> bool {
    let Some(first) = v.split_whitespace().next() else {
        return false;
    };
    v.contains(' ')
        && v.len() <= 4000
        && first
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || "._/-+~".contains(c))
}

/// The first value that reads as a command line the floor refuses, or one that plants
/// something (code fetched and run, data sent out, code run from the temporary directory).
fn command_values(text: &str, ctx: &JudgeCtx, judge: &dyn Judge) -> Option<String> {
    let candidates: Vec<String> = values(text)
        .into_iter()
        .filter(|v| may_be_command(v))
        .collect();
    if candidates.len() > MAX_VALUES {
        return Some(format!(
            "is too long to search ({} values that may be command lines)",
            candidates.len()
        ));
    }
    let mut seen = std::collections::HashSet::new();
    for v in candidates {
        if !seen.insert(v.clone()) {
            continue;
        }
        let j = judge.text(&v, ctx, 1);
        // Data sent out whenever the tool runs the command (`curl -d @.env https://…`).
        let sends = j
            .findings
            .iter()
            .flat_map(|f| &f.effects)
            .find_map(|e| match e {
                crate::analysis::effects::Effect::Net { host, sends, .. } if !sends.is_empty() => {
                    Some(host.clone().unwrap_or_default())
                }
                _ => None,
            });
        if let Some(host) = sends {
            return Some(format!(
                "would run `{}`, which sends data to {}",
                short(&v),
                if host.is_empty() {
                    "the network"
                } else {
                    &host
                }
            ));
        }
        match j.verdict {
            Verdict::Hard {
                category, reason, ..
            } => return Some(format!("would run `{}`: {reason} ({category})", short(&v))),
            Verdict::Soft {
                category, reason, ..
            } if PLANTING.contains(&category) => {
                return Some(format!("would run `{}`: {reason} ({category})", short(&v)))
            }
            _ => {}
        }
    }
    None
}
