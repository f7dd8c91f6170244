//! `gatehook check`: the CI / pre-commit view of a policy. It lints the config files in
//! effect and runs policy-test files (`[[case]]` tables) through the same preparation and
//! evaluation the hook uses — never the reviewer: a call that would be reviewed answers
//! `review`. Exit codes (chosen by `cli`): 0 all good, 1 a case or lint failed, 2 a file
//! could not be read or parsed.

use crate::decision::{Decision, Mode};
use crate::engine::{Call, Outcome};
use crate::hook::{self, Env};
use crate::input::PermissionMode;
use crate::rules::LoadedRule;
use serde::Deserialize;
use serde_json::{Map, Value};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// One policy-test file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct TestFile {
    #[serde(default)]
    case: Vec<Case>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    name: String,
    tool: String,
    input: toml::Table,
    cwd: Option<PathBuf>,
    prompt: Option<String>,
    /// A Claude Code permission mode (`plan`, `default`, …) or a gatehook mode
    /// (`guard`, `auto`, `observe`).
    mode: Option<String>,
    expect: String,
}

const EXPECTATIONS: &[&str] = &["allow", "ask", "deny", "none", "review", "not-allow"];

/// The result of a check run.
#[derive(Debug, Default)]
pub struct Report {
    pub passed: usize,
    pub failures: Vec<String>,
    /// Files that could not be read or parsed.
    pub broken: Vec<String>,
}

impl Report {
    pub fn exit_code(&self) -> i32 {
        if !self.broken.is_empty() {
            2
        } else if !self.failures.is_empty() {
            1
        } else {
            0
        }
    }

    pub fn render_text(&self) -> String {
        let mut s = String::new();
        for b in &self.broken {
            let _ = writeln!(s, "ERROR {b}");
        }
        for f in &self.failures {
            let _ = writeln!(s, "FAIL  {f}");
        }
        let _ = writeln!(
            s,
            "{} passed, {} failed",
            self.passed,
            self.failures.len() + self.broken.len()
        );
        s
    }

    pub fn render_json(&self) -> String {
        serde_json::json!({
            "passed": self.passed,
            "failures": self.failures,
            "errors": self.broken,
            "ok": self.exit_code() == 0,
        })
        .to_string()
    }
}

/// Run `gatehook check`. `paths` empty: lint the config in effect for `cwd`'s project and
/// run `.gatehook/tests/*.toml` there.
pub fn run(paths: &[PathBuf], cwd: &Path, env: &Env) -> Report {
    let mut report = Report::default();
    let files: Vec<PathBuf> = if paths.is_empty() {
        lint(cwd, env, &mut report);
        let root = crate::paths::project_root(env.claude_project_dir.as_deref(), cwd);
        let dir = root.join(".gatehook/tests");
        let mut found: Vec<PathBuf> = match std::fs::read_dir(&dir) {
            Ok(rd) => rd
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.extension().map(|x| x == "toml").unwrap_or(false))
                .collect(),
            Err(_) => Vec::new(),
        };
        found.sort();
        found
    } else {
        paths.to_vec()
    };
    for f in &files {
        run_file(f, cwd, env, &mut report);
    }
    report
}

/// Lint the config files in effect: load errors, rules that can never match, broad allow
/// rules, allow rules shadowed by a deny or ask rule of the same text, and notes about a
/// project file whose loosening is ignored.
fn lint(cwd: &Path, env: &Env, report: &mut Report) {
    let prepared = match hook::prepare(cwd, env) {
        Ok(p) => p,
        Err(cause) => {
            report.broken.push(cause.describe());
            return;
        }
    };
    let rules = &prepared.config.rules;
    let at = |r: &LoadedRule| format!("{}:{}", r.source.file.display(), r.source.line);
    for r in rules.deny.iter().chain(&rules.ask).chain(&rules.allow) {
        if r.rule.can_never_match() {
            report
                .failures
                .push(format!("{}: rule `{}` can never match", at(r), r.rule.text));
        } else {
            report.passed += 1;
        }
    }
    for r in &rules.allow {
        if r.rule.is_broad() {
            report.failures.push(format!(
                "{}: allow rule `{}` is broad (it allows whole interpreters or every command; auto mode ignores it)",
                at(r),
                r.rule.text
            ));
        }
        if let Some(d) = rules
            .deny
            .iter()
            .chain(&rules.ask)
            .find(|d| d.rule.text == r.rule.text)
        {
            report.failures.push(format!(
                "{}: allow rule `{}` is shadowed by the same rule at {}",
                at(r),
                r.rule.text,
                at(d)
            ));
        }
    }
    for note in &prepared.config.notes {
        report.failures.push(format!("config: {note}"));
    }
}

fn run_file(path: &Path, cwd: &Path, env: &Env, report: &mut Report) {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            report.broken.push(format!("{}: {e}", path.display()));
            return;
        }
    };
    let file: TestFile = match toml::from_str(&text) {
        Ok(f) => f,
        Err(e) => {
            report.broken.push(format!(
                "{}: {}",
                path.display(),
                crate::cause::one_line(&e.to_string(), 300)
            ));
            return;
        }
    };
    for (i, case) in file.case.iter().enumerate() {
        let label = format!("{} case {} ({})", path.display(), i + 1, case.name);
        match run_case(case, cwd, env) {
            Ok(None) => report.passed += 1,
            Ok(Some(why)) => report.failures.push(format!("{label}: {why}")),
            Err(why) => report.broken.push(format!("{label}: {why}")),
        }
    }
}

/// `Ok(None)` when the case passes, `Ok(Some(why))` when it fails, `Err` when it is invalid.
fn run_case(case: &Case, cwd: &Path, env: &Env) -> Result<Option<String>, String> {
    if !EXPECTATIONS.contains(&case.expect.as_str()) {
        return Err(format!(
            "expect = {:?} is not one of {}",
            case.expect,
            EXPECTATIONS.join(", ")
        ));
    }
    let input: Map<String, Value> = match serde_json::to_value(&case.input) {
        Ok(Value::Object(m)) => m,
        _ => return Err("input is not a table".to_string()),
    };
    let cwd = match &case.cwd {
        Some(c) if c.is_absolute() => c.clone(),
        Some(c) => cwd.join(c),
        None => cwd.to_path_buf(),
    };
    let mut permission_mode = PermissionMode::Default;
    let mut gatehook_mode = None;
    if let Some(m) = &case.mode {
        match Mode::parse(m) {
            Some(gm) => gatehook_mode = Some(gm),
            None => permission_mode = PermissionMode::parse(m),
        }
    }
    let mut prepared = hook::prepare(&cwd, env).map_err(|c| c.describe())?;
    if let Some(m) = gatehook_mode {
        prepared.config.mode = m;
    }
    // A policy test records nothing: build files are compared, never baselined.
    prepared.record_baseline = false;
    let call = Call {
        tool: &case.tool,
        input: &input,
        cwd: &cwd,
        permission_mode,
        session_id: "gatehook-check",
    };
    let _ = &case.prompt; // The prompt only matters to the reviewer, which check never calls.
    let ev = prepared.evaluate(&call);
    let got = match ev.outcome {
        Outcome::Decided(d) => d.as_str(),
        Outcome::Silent => "none",
        Outcome::Review => "review",
    };
    let ok = match case.expect.as_str() {
        "not-allow" => ev.outcome != Outcome::Decided(Decision::Allow),
        want => want == got,
    };
    Ok((!ok).then(|| {
        format!(
            "expected {}, got {got} [{}]: {}",
            case.expect,
            ev.cause.id(),
            ev.cause.describe()
        )
    }))
}
