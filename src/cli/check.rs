//! `gatehook check`: the CI / pre-commit view of a policy. It lints the config files in
//! effect and runs policy-test files (`[[case]]` tables) through the same preparation and
//! evaluation the hook uses — never the reviewer: a call that would be reviewed answers
//! `review`. Exit codes (chosen by `cli`): 0 all good, 1 a case or lint failed, 2 a file
//! could not be read or parsed.

use crate::context::rules::LoadedRule;
use crate::context::Env;
use crate::decision::{Decision, Mode};
use crate::input::PermissionMode;
use crate::policy::engine::{Call, Outcome};
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

/// One named case of a run, for the JUnit report.
#[derive(Debug)]
pub struct CaseResult {
    pub name: String,
    /// Why it failed (or, with `error`, why it could not run).
    pub failure: Option<String>,
    pub error: bool,
}

/// The result of a check run.
#[derive(Debug, Default)]
pub struct Report {
    /// Policy cases that passed (in a replay: unchanged calls).
    pub passed: usize,
    /// Policy cases that failed (in a replay: changed calls).
    pub failed: usize,
    /// Policy cases that could not run (their config does not load).
    pub not_run: usize,
    /// Lints (one per config check: the config loads, each rule, each note) that passed
    /// and failed.
    pub lints_passed: usize,
    pub lints_failed: usize,
    /// One line per problem: failed lints, then failed cases.
    pub failures: Vec<String>,
    /// Files that could not be read or parsed.
    pub broken: Vec<String>,
    pub cases: Vec<CaseResult>,
    /// Informational lines (`--replay`).
    pub notes: Vec<String>,
    /// A replay: failures are changed decisions, reported but not failing unless asked.
    pub replay: bool,
    pub fail_on_change: bool,
}

impl Report {
    pub fn pass(&mut self, name: String) {
        self.passed += 1;
        self.cases.push(CaseResult {
            name,
            failure: None,
            error: false,
        });
    }

    pub fn fail(&mut self, name: String, why: String) {
        self.failed += 1;
        self.failures.push(format!("{name}: {why}"));
        self.cases.push(CaseResult {
            name,
            failure: Some(why),
            error: false,
        });
    }

    pub fn error(&mut self, name: String, why: String) {
        self.broken.push(format!("{name}: {why}"));
        self.cases.push(CaseResult {
            name,
            failure: Some(why),
            error: true,
        });
    }

    /// One lint: passed when `problems` is empty, else failed with one line per problem.
    pub fn lint(&mut self, name: String, problems: Vec<String>) {
        if problems.is_empty() {
            self.lints_passed += 1;
        } else {
            self.lints_failed += 1;
            for p in &problems {
                self.failures.push(format!("{name}: {p}"));
            }
        }
        self.cases.push(CaseResult {
            name,
            failure: (!problems.is_empty()).then(|| problems.join("; ")),
            error: false,
        });
    }

    /// An error line, printed once however many cases meet it.
    fn error_once(&mut self, name: String, why: String) {
        if !self.broken.contains(&format!("{name}: {why}")) {
            self.error(name, why);
        }
    }

    pub fn exit_code(&self) -> i32 {
        if !self.broken.is_empty() {
            2
        } else if !self.failures.is_empty() && (!self.replay || self.fail_on_change) {
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
        let label = if self.replay { "CHANGED" } else { "FAIL " };
        for f in &self.failures {
            let _ = writeln!(s, "{label} {f}");
        }
        for n in &self.notes {
            let _ = writeln!(s, "NOTE  {n}");
        }
        if self.replay {
            let _ = writeln!(
                s,
                "{} replayed, {} unchanged, {} changed, {} errors",
                self.passed + self.failures.len(),
                self.passed,
                self.failures.len(),
                self.broken.len()
            );
        } else {
            let _ = writeln!(s, "{}", self.summary());
        }
        s
    }

    /// `N cases: P passed, F failed; M lints: P passed, F failed` (and errors, cases not run).
    pub fn summary(&self) -> String {
        let plural = |n: usize, one: &str| format!("{n} {one}{}", if n == 1 { "" } else { "s" });
        let cases = self.passed + self.failed + self.not_run;
        let mut s = format!(
            "{}: {} passed, {} failed",
            plural(cases, "case"),
            self.passed,
            self.failed
        );
        if self.not_run > 0 {
            s.push_str(&format!(", {} not run", self.not_run));
        }
        s.push_str(&format!(
            "; {}: {} passed, {} failed",
            plural(self.lints_passed + self.lints_failed, "lint"),
            self.lints_passed,
            self.lints_failed
        ));
        if !self.broken.is_empty() {
            s.push_str(&format!("; {}", plural(self.broken.len(), "error")));
        }
        s
    }

    pub fn render_json(&self) -> String {
        let mut v = serde_json::json!({
            "passed": self.passed,
            "cases": {"total": self.passed + self.failed + self.not_run, "passed": self.passed,
                      "failed": self.failed, "not_run": self.not_run},
            "lints": {"total": self.lints_passed + self.lints_failed,
                      "passed": self.lints_passed, "failed": self.lints_failed},
            "summary": self.summary(),
            "failures": self.failures,
            "errors": self.broken,
            "ok": self.exit_code() == 0,
        });
        if self.replay {
            v["changed"] = serde_json::json!(self.failures);
            v["notes"] = serde_json::json!(self.notes);
        }
        v.to_string()
    }

    /// A JUnit XML report: one `testcase` per case, `failure` for a failed case (a changed
    /// decision in a replay), `error` for one that could not run.
    pub fn render_junit(&self) -> String {
        let failures = self
            .cases
            .iter()
            .filter(|c| c.failure.is_some() && !c.error)
            .count();
        let errors = self.cases.iter().filter(|c| c.error).count();
        let counts = format!(
            r#"tests="{}" failures="{failures}" errors="{errors}""#,
            self.cases.len()
        );
        let mut s = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        let _ = writeln!(s, r#"<testsuites name="gatehook" {counts}>"#);
        let _ = writeln!(s, r#"  <testsuite name="gatehook check" {counts}>"#);
        for c in &self.cases {
            let name = xml_escape(&c.name);
            match &c.failure {
                None => {
                    let _ = writeln!(s, r#"    <testcase classname="gatehook" name="{name}"/>"#);
                }
                Some(why) => {
                    let tag = if c.error { "error" } else { "failure" };
                    let why = xml_escape(why);
                    let _ = writeln!(
                        s,
                        r#"    <testcase classname="gatehook" name="{name}"><{tag} message="{why}">{why}</{tag}></testcase>"#
                    );
                }
            }
        }
        s.push_str("  </testsuite>\n</testsuites>\n");
        s
    }
}

/// Escape text for an XML attribute or element; characters XML 1.0 cannot carry at all
/// (most control characters) become U+FFFD.
pub fn xml_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' => out.push_str("&#9;"),
            '\n' => out.push_str("&#10;"),
            '\r' => out.push_str("&#13;"),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

/// Run `gatehook check`: always lint the config in effect for `cwd`'s project, then run
/// the policy-test files in `paths`, or with none, `.gatehook/tests/*.toml` there.
pub fn run(paths: &[PathBuf], cwd: &Path, env: &Env) -> Report {
    let mut report = Report::default();
    lint(cwd, env, &mut report);
    let files: Vec<PathBuf> = if paths.is_empty() {
        let root = crate::context::paths::project_root(env.claude_project_dir.as_deref(), cwd);
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

/// The config's load errors for the project at `cwd`, one per error (file:line: what).
fn config_errors(cwd: &Path, env: &Env) -> Vec<String> {
    let root = crate::context::paths::project_root(env.claude_project_dir.as_deref(), cwd);
    match crate::context::config::load(&crate::context::config::ConfigPaths::discover(Some(&root)))
    {
        Ok(_) => Vec::new(),
        Err(errs) => errs.iter().map(ToString::to_string).collect(),
    }
}

/// Why a context could not be prepared, one error per line.
fn prepare_errors(cause: &crate::decision::cause::Cause, cwd: &Path, env: &Env) -> Vec<String> {
    match cause {
        crate::decision::cause::Cause::BadConfig { .. } => {
            let errs = config_errors(cwd, env);
            if errs.is_empty() {
                vec![cause.describe()]
            } else {
                errs
            }
        }
        other => vec![other.describe()],
    }
}

/// Lint the config files in effect, one lint per check: the config loads; each rule (can
/// never match; for an allow rule: broad, a bare tool, shadowed by the same deny or ask
/// rule; a tool name no catalogue knows, with a suggestion); each note about a project file
/// whose loosening is ignored.
fn lint(cwd: &Path, env: &Env, report: &mut Report) {
    let prepared = match crate::context::prepare(cwd, env) {
        Ok(p) => p,
        Err(cause) => {
            for e in prepare_errors(&cause, cwd, env) {
                report.error_once("config".to_string(), e);
            }
            return;
        }
    };
    report.lint("config loads".to_string(), Vec::new());
    let rules = &prepared.config.rules;
    let at = |r: &LoadedRule| format!("{}:{}", r.source.file.display(), r.source.line);
    for r in rules.deny.iter().chain(&rules.ask).chain(&rules.allow) {
        let kind = match r.kind {
            crate::context::rules::RuleKind::Allow => "allow",
            crate::context::rules::RuleKind::Ask => "ask",
            crate::context::rules::RuleKind::Deny => "deny",
        };
        let mut problems = Vec::new();
        if r.rule.can_never_match() {
            problems.push("can never match".to_string());
        }
        if let Some((name, near)) = r.rule.unknown_tool() {
            problems.push(match near {
                Some(k) => format!("`{name}` is not a tool gatehook knows; did you mean `{k}`?"),
                None => format!(
                    "`{name}` is not a tool gatehook knows (MCP tools are named `mcp__server__tool`)"
                ),
            });
        }
        if let Some(why) = r.message.as_deref().and_then(|m| message_lint(m, r.kind)) {
            problems.push(format!("its message {why}"));
        }
        if r.kind == crate::context::rules::RuleKind::Allow {
            if let Some(tool) = r.rule.bare_gated_tool() {
                problems.push(format!(
                    "allows every {tool} call wherever it lands; name what it may do (`Bash(make test)`, `Edit(src/**)`, `Read(~/notes/**)`)"
                ));
            } else if r.rule.is_broad() {
                problems.push(
                    "is broad (it allows whole interpreters or every command; auto mode ignores it)"
                        .to_string(),
                );
            }
            if let Some(d) = rules
                .deny
                .iter()
                .chain(&rules.ask)
                .find(|d| d.rule.text == r.rule.text)
            {
                problems.push(format!("is shadowed by the same rule at {}", at(d)));
            }
        }
        report.lint(
            format!("{}: {kind} rule `{}`", at(r), r.rule.text),
            problems,
        );
    }
    for note in &prepared.config.notes {
        report.lint("config".to_string(), vec![note.to_string()]);
    }
}

/// What is wrong with a rule's message, if anything: it is shown to the agent on one
/// bounded line, so an empty one, one with control or invisible characters (dropped when
/// shown) or one longer than the bound does not say what its author wrote.
fn message_lint(m: &str, kind: crate::context::rules::RuleKind) -> Option<String> {
    use crate::decision::cause::{is_invisible_format, MAX_MESSAGE_CHARS};
    if m.trim().is_empty() {
        return Some("is empty (remove `message`, or say what the agent should do instead)".into());
    }
    if let Some(c) = m
        .chars()
        .find(|c| (c.is_control() && *c != ' ') || is_invisible_format(*c))
    {
        return Some(format!(
            "contains the control or invisible character U+{:04X} (it is dropped when shown)",
            u32::from(c)
        ));
    }
    let n = m.chars().count();
    if n > MAX_MESSAGE_CHARS {
        return Some(format!(
            "is {n} characters long; only the first {MAX_MESSAGE_CHARS} are shown"
        ));
    }
    if kind == crate::context::rules::RuleKind::Allow {
        return Some(
            "is on an allow rule, where it is never shown (a call it allows needs no steering)"
                .into(),
        );
    }
    None
}

fn run_file(path: &Path, cwd: &Path, env: &Env, report: &mut Report) {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            report.error(path.display().to_string(), e.to_string());
            return;
        }
    };
    let file: TestFile = match toml::from_str(&text) {
        Ok(f) => f,
        Err(e) => {
            report.error(
                path.display().to_string(),
                crate::decision::cause::one_line(&e.to_string(), 300),
            );
            return;
        }
    };
    for (i, case) in file.case.iter().enumerate() {
        let label = format!("{} case {} ({})", path.display(), i + 1, case.name);
        match run_case(case, cwd, env) {
            Ok(None) => report.pass(label),
            Ok(Some(why)) => report.fail(label, why),
            Err(CaseError::Invalid(why)) => report.error(label, why),
            // The same config error for every case: printed once, the cases counted.
            Err(CaseError::NoContext(errors)) => {
                for e in errors {
                    report.error_once("config".to_string(), e);
                }
                report.not_run += 1;
            }
        }
    }
}

/// Why a case could not run.
enum CaseError {
    /// The case itself is invalid.
    Invalid(String),
    /// Its context could not be prepared (a config that does not load, no HOME): one
    /// error per line.
    NoContext(Vec<String>),
}

/// `Ok(None)` when the case passes, `Ok(Some(why))` when it fails, `Err` when it cannot run.
fn run_case(case: &Case, cwd: &Path, env: &Env) -> Result<Option<String>, CaseError> {
    if !EXPECTATIONS.contains(&case.expect.as_str()) {
        return Err(CaseError::Invalid(format!(
            "expect = {:?} is not one of {}",
            case.expect,
            EXPECTATIONS.join(", ")
        )));
    }
    let input: Map<String, Value> = match serde_json::to_value(&case.input) {
        Ok(Value::Object(m)) => m,
        _ => return Err(CaseError::Invalid("input is not a table".to_string())),
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
    let mut prepared = crate::context::prepare(&cwd, env)
        .map_err(|c| CaseError::NoContext(prepare_errors(&c, &cwd, env)))?;
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
