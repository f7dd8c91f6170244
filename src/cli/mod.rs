//! The edges: the command-line interface (clap definitions and dispatch; exit codes are
//! chosen here and nowhere else) and one module per subcommand. [`hook`] runs the pipeline
//! once per tool call; the others are views of the same evaluation or of the audit log.
//! Edges import the core (input, context, analysis, policy, review, audit, answer); the
//! core never imports an edge.

pub mod audit;
pub mod check;
pub mod denied;
pub mod doctor;
pub mod explain;
pub mod generate;
pub mod hook;
pub mod install;
pub mod once;
pub mod replay;
pub mod rules;
pub mod scan;

use crate::context::Env;
use crate::input::harness::Harness;
use clap::{Parser, Subcommand};
use explain::ExplainArgs;
use std::io::Write;
use std::path::PathBuf;

#[derive(Parser, Debug)]
#[command(
    name = "gatehook",
    version,
    about = "A fast, fail-closed permission gate for AI coding agents"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Read one hook payload (JSON) on stdin and answer on stdout.
    Hook {
        /// The harness's protocol (default: detected where unambiguous, else claude).
        #[arg(long, value_parser = crate::input::harness::Harness::NAMES.to_vec())]
        format: Option<String>,
    },
    /// Show how a call would be decided, step by step, without running it.
    Explain {
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
        /// Working directory of the call (default: the current directory).
        #[arg(long)]
        cwd: Option<PathBuf>,
        /// What the person asked (shown to the reviewer in auto mode).
        #[arg(long)]
        prompt: Option<String>,
        /// Tool name (with --input).
        #[arg(long)]
        tool: Option<String>,
        /// Tool input as a JSON object.
        #[arg(long)]
        input: Option<String>,
        /// The harness's permission mode (default, plan, acceptEdits, bypassPermissions, …).
        #[arg(long)]
        permission_mode: Option<String>,
        /// Print the exact packet the reviewer would be sent (nothing is sent).
        #[arg(long)]
        packet: bool,
        /// Compare build files against this session's baseline (read only).
        #[arg(long)]
        session: Option<String>,
        /// A Bash command, or `-` to read a whole hook payload from stdin.
        command: Option<String>,
    },
    /// Lint the config in effect and run policy tests (.gatehook/tests/*.toml, or PATHs).
    /// Exit 0: all good; 1: a test or lint failed; 2: a file could not be read or parsed.
    Check {
        /// Output format.
        #[arg(long, value_parser = ["text", "json", "junit"], default_value = "text")]
        format: String,
        /// Re-decide the calls in this audit log under the current policy (never the
        /// reviewer) and list those whose decision would change. Exit 0 unless the file
        /// cannot be read (2), or `--fail-on-change` and something changed (1).
        #[arg(long, conflicts_with = "paths")]
        replay: Option<PathBuf>,
        /// With --replay: exit 1 when any decision would change.
        #[arg(long, requires = "replay")]
        fail_on_change: bool,
        /// Policy-test files to run (default: lint + .gatehook/tests/*.toml).
        paths: Vec<PathBuf>,
    },
    /// Run the command floor over files that run code (shell scripts, git hooks, Makefiles,
    /// package.json scripts, Dockerfiles, CI workflows, devcontainer and VS Code tasks):
    /// every command gatehook would deny or ask about, with file:line. Exit 0: none;
    /// 1: findings; 2: a file could not be read.
    Scan {
        /// Output format (sarif: SARIF 2.1.0 for code-scanning UIs).
        #[arg(long, value_parser = ["text", "json", "junit", "sarif"], default_value = "text")]
        format: String,
        /// Report denials and asks (ask), or denials only (deny).
        #[arg(long, value_parser = ["ask", "deny"], default_value = "ask")]
        level: String,
        /// Files or directories (default: the current directory).
        paths: Vec<PathBuf>,
    },
    /// List recent denials and asks, with the explain command and either the narrow rule
    /// that, re-evaluated, would allow each, or what would.
    Denied {
        /// Only this session.
        #[arg(long)]
        session: Option<String>,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
        /// How many to show.
        #[arg(long, default_value_t = 20)]
        limit: usize,
    },
    /// Let one refused call run once: the code is in its reason line (and in `gatehook
    /// denied`). Only for asks and soft denies, never a hard floor; the exact call (tool,
    /// input, cwd, session) may run once within 5 minutes. Run it yourself: the agent is
    /// refused. Exit 0: granted; 1: no such pending code (unknown, expired, already used).
    AllowOnce {
        /// The code from the reason line (case and the dash do not matter).
        code: String,
        /// Look the code up in this session only.
        #[arg(long)]
        session: Option<String>,
    },
    /// Read the audit log: tail, stats, suggest rules, or write an HTML report.
    Audit {
        #[command(subcommand)]
        action: crate::cli::audit::AuditAction,
    },
    /// Manage the rules in your user config.
    Rules {
        #[command(subcommand)]
        action: RulesAction,
    },
    /// Resume auto mode after it paused on repeated reviewer refusals.
    Resume {
        /// The session (default: every paused session).
        #[arg(long)]
        session: Option<String>,
    },
    /// Trust a project's .gatehook.toml as it is now (records its sha256), so its allow
    /// rules and settings apply. Editing the file withdraws the trust.
    Trust {
        /// The file (default: .gatehook.toml at the current project's root).
        path: Option<PathBuf>,
    },
    /// Register gatehook in Claude Code's settings (user by default), or with --codex in
    /// Codex's hooks (and Codex's trust in them), keeping the rest of the file; running it
    /// again changes nothing. Exit 1: written, but Codex will not run it yet (the step is
    /// printed).
    Install {
        #[command(flatten)]
        target: SettingsTarget,
    },
    /// Remove gatehook's handlers from Claude Code's settings (or with --codex from Codex's
    /// hooks), keeping the rest of the file.
    Uninstall {
        #[command(flatten)]
        target: SettingsTarget,
    },
    /// Check the setup: PATH, registration, config, audit log, state, reviewer, speed.
    /// Exit 0: no check failed; 1: a check failed.
    Doctor {
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
        /// Do not call the reviewer.
        #[arg(long)]
        offline: bool,
    },
    /// Print shell completions (bash, zsh, fish, powershell, elvish).
    Completions {
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff) to stdout.
    Man,
}

/// Which Claude Code settings file `install` / `uninstall` edit.
#[derive(clap::Args, Debug)]
pub struct SettingsTarget {
    /// ~/.claude/settings.json: every project (the default).
    #[arg(long, group = "scope")]
    pub user: bool,
    /// <project>/.claude/settings.json: this project, shared through the repository.
    #[arg(long, group = "scope")]
    pub project: bool,
    /// <project>/.claude/settings.local.json: this project, this checkout only.
    #[arg(long, group = "scope")]
    pub local: bool,
    /// Print the change as a diff; write nothing.
    #[arg(long)]
    pub dry_run: bool,
    /// OpenAI Codex instead of Claude Code: $CODEX_HOME/hooks.json (or, with --project,
    /// <project>/.codex/hooks.json), and Codex's trust in gatehook's hooks.
    #[arg(long, conflicts_with = "local")]
    pub codex: bool,
}

#[derive(Subcommand, Debug)]
pub enum RulesAction {
    /// Add a rule to [permissions] in the user config (without --yes: show the change).
    Add {
        /// The rule, in Claude Code syntax (e.g. 'Bash(make deploy-staging)').
        rule: String,
        /// Which list: allow (default), ask or deny.
        #[arg(long, value_parser = ["allow", "ask", "deny"], default_value = "allow")]
        kind: String,
        /// Write it (without: only show the change, exit 0).
        #[arg(long)]
        yes: bool,
    },
    /// List the rules in effect for this project, with the file and line of each.
    List {
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Remove a rule from [permissions] in the user config (without --yes: show the change).
    Remove {
        /// The rule exactly as written in the config.
        rule: String,
        /// Only from this list (default: whichever holds it).
        #[arg(long, value_parser = ["allow", "ask", "deny"])]
        kind: Option<String>,
        /// Write it (without: only show the change, exit 0).
        #[arg(long)]
        yes: bool,
    },
}

fn rule_kind(kind: &str) -> crate::context::rules::RuleKind {
    match kind {
        "ask" => crate::context::rules::RuleKind::Ask,
        "deny" => crate::context::rules::RuleKind::Deny,
        _ => crate::context::rules::RuleKind::Allow,
    }
}

/// `gatehook rules …`: exit 0 done or shown, 2 refused with nothing written.
fn rules_cmd(action: RulesAction) -> i32 {
    let env = Env::from_process();
    let cwd = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("/"));
    let (name, result) = match action {
        RulesAction::Add { rule, kind, yes } => {
            ("add", crate::cli::rules::add(&rule, rule_kind(&kind), yes))
        }
        RulesAction::List { json } => ("list", crate::cli::rules::list(json, &cwd, &env)),
        RulesAction::Remove { rule, kind, yes } => (
            "remove",
            crate::cli::rules::remove(&rule, kind.as_deref().map(rule_kind), yes, &cwd, &env),
        ),
    };
    match result {
        Ok(msg) => {
            print_out(&msg);
            0
        }
        Err(e) => {
            eprintln!("gatehook rules {name}: {e:#}");
            2
        }
    }
}

/// Run the CLI; returns the process exit code.
pub fn run() -> i32 {
    // The hook runs once per tool call: skip building the clap command tree for it (that
    // alone touches dozens of pages at start-up). Any other argument list goes to clap.
    let args: Vec<_> = std::env::args_os().skip(1).collect();
    if args.first().is_some_and(|a| a == "hook") {
        if let Some(format) = hook_format(&args[1..]) {
            return run_hook(format);
        }
    }
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            // clap's own exit code for usage errors is 2; help and version are 0.
            return e.exit_code();
        }
    };
    match cli.command {
        Command::Hook { format } => run_hook(format.as_deref().and_then(Harness::parse)),
        Command::Explain {
            json,
            cwd,
            prompt,
            tool,
            input,
            permission_mode,
            packet,
            session,
            command,
        } => {
            let args = ExplainArgs {
                json,
                cwd,
                prompt,
                tool,
                input,
                command,
                permission_mode,
                packet,
                session,
            };
            match explain::run(&args) {
                Ok(text) => {
                    print_out(&text);
                    0
                }
                Err(e) => {
                    eprintln!("gatehook explain: {e:#}");
                    2
                }
            }
        }
        Command::Check {
            format,
            replay,
            fail_on_change,
            paths,
        } => {
            let cwd = match std::env::current_dir() {
                Ok(c) => c,
                Err(e) => {
                    eprintln!("gatehook check: no current directory: {e}");
                    return 2;
                }
            };
            let env = Env::from_process();
            let report = match &replay {
                Some(file) => crate::cli::replay::run(file, &env, fail_on_change),
                None => crate::cli::check::run(&paths, &cwd, &env),
            };
            print_out(&match format.as_str() {
                "json" => report.render_json(),
                "junit" => report.render_junit(),
                _ => report.render_text(),
            });
            report.exit_code()
        }
        Command::Denied {
            session,
            json,
            limit,
        } => {
            let dirs = crate::context::config::gatehook_dirs();
            let keep = match crate::context::config::load(
                &crate::context::config::ConfigPaths::discover(None),
            ) {
                Ok(c) => c.audit.keep,
                Err(_) => 3,
            };
            let env = Env::from_process();
            match crate::cli::denied::recent(&dirs.data, keep, session.as_deref(), limit, &env) {
                Ok(entries) => {
                    print_out(&if json {
                        crate::cli::denied::render_json(&entries)
                    } else {
                        crate::cli::denied::render_text(&entries)
                    });
                    0
                }
                Err(e) => {
                    eprintln!("gatehook denied: {e:#}");
                    2
                }
            }
        }
        Command::Audit { action } => crate::cli::audit::run(action),
        Command::Scan {
            format,
            level,
            paths,
        } => {
            let cwd = match std::env::current_dir() {
                Ok(c) => c,
                Err(e) => {
                    eprintln!("gatehook scan: no current directory: {e}");
                    return 2;
                }
            };
            let level = if level == "deny" {
                crate::cli::scan::Level::Deny
            } else {
                crate::cli::scan::Level::Ask
            };
            let report = crate::cli::scan::run(&paths, &cwd, Env::from_process().home, level);
            use crate::cli::scan::report;
            print_out(&match format.as_str() {
                "json" => report::json(&report),
                "junit" => report::junit(&report),
                "sarif" => report::sarif(&report),
                _ => report::text(&report),
            });
            report.exit_code()
        }
        Command::AllowOnce { code, session } => {
            match crate::cli::once::run(&code, session.as_deref()) {
                Ok(msg) => {
                    print_out(&msg);
                    0
                }
                Err(e) => {
                    eprintln!("gatehook allow-once: {e:#}");
                    1
                }
            }
        }
        Command::Rules { action } => rules_cmd(action),
        Command::Resume { session } => match crate::review::resume(session.as_deref()) {
            Ok(msg) => {
                print_out(&msg);
                0
            }
            Err(e) => {
                eprintln!("gatehook resume: {e:#}");
                2
            }
        },
        Command::Install { target } => settings_cmd(&target, false),
        Command::Uninstall { target } => settings_cmd(&target, true),
        Command::Doctor { json, offline } => crate::cli::doctor::run(json, offline),
        Command::Completions { shell } => {
            let _ = std::io::stdout().write_all(&crate::cli::generate::completions(shell));
            0
        }
        Command::Man => match crate::cli::generate::man() {
            Ok(page) => {
                let _ = std::io::stdout().write_all(&page);
                0
            }
            Err(e) => {
                eprintln!("gatehook man: {e}");
                2
            }
        },
        Command::Trust { path } => match trust_cmd(path) {
            Ok(msg) => {
                print_out(&msg);
                0
            }
            Err(e) => {
                eprintln!("gatehook trust: {e:#}");
                2
            }
        },
    }
}

/// `install` / `uninstall`: exit 0 done (or nothing to do), 1 written but not yet in force
/// (Codex does not trust the hooks yet: the text says the step), 2 refused with nothing
/// written.
fn settings_cmd(t: &SettingsTarget, uninstall: bool) -> i32 {
    use crate::cli::install::{self, Scope};
    let name = if uninstall { "uninstall" } else { "install" };
    let scope = match (t.project, t.local) {
        (true, _) => Scope::Project,
        (_, true) => Scope::Local,
        _ => Scope::User,
    };
    let args = install::Args {
        scope,
        dry_run: t.dry_run,
        uninstall,
        agent: if t.codex {
            install::Agent::Codex
        } else {
            install::Agent::Claude
        },
    };
    let result = std::env::current_dir()
        .map_err(|e| format!("no current directory: {e}"))
        .and_then(|cwd| install::run(&args, &cwd, &Env::from_process()));
    match result {
        Ok(done) => {
            print_out(&done.text);
            i32::from(!done.active)
        }
        Err(e) => {
            eprintln!("gatehook {name}: {e}");
            2
        }
    }
}

/// `hook`, `hook --format X`, `hook --format=X` without clap: `Some(format)` when the
/// arguments are exactly one of those with a known harness, else `None` (clap reports it).
fn hook_format(rest: &[std::ffi::OsString]) -> Option<Option<Harness>> {
    let rest: Vec<&str> = rest.iter().map(|a| a.to_str()).collect::<Option<_>>()?;
    let name = match rest.as_slice() {
        [] => return Some(None),
        ["--format", name] => *name,
        [one] => one.strip_prefix("--format=")?,
        _ => return None,
    };
    Harness::parse(name).map(Some)
}

fn run_hook(format: Option<Harness>) -> i32 {
    emit(hook::run_as(
        &mut std::io::stdin().lock(),
        &Env::from_process(),
        format,
    ))
}

fn print_out(text: &str) {
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes());
    if !text.ends_with('\n') {
        let _ = out.write_all(b"\n");
    }
    let _ = out.flush();
}

fn emit(a: crate::answer::Answer) -> i32 {
    if let Some(s) = &a.stderr {
        eprintln!("{s}");
    }
    if let Some(s) = &a.stdout {
        let mut out = std::io::stdout().lock();
        if out
            .write_all(s.as_bytes())
            .and_then(|_| out.flush())
            .is_err()
        {
            // stdout is gone: the answer cannot be delivered; exit 2 blocks the call.
            return 2;
        }
    }
    a.exit
}

/// `gatehook trust [PATH]`: record the sha256 of a project's `.gatehook.toml`.
fn trust_cmd(path: Option<PathBuf>) -> anyhow::Result<String> {
    let file = match path {
        Some(p) => std::path::absolute(p)?,
        None => {
            let cwd = std::env::current_dir()?;
            let env = crate::context::Env::from_process();
            crate::context::paths::project_root(env.claude_project_dir.as_deref(), &cwd)
                .join(".gatehook.toml")
        }
    };
    let store = crate::context::config::ConfigPaths::discover(None).trust_store;
    let sha = crate::context::config::trust(&file, &store)?;
    Ok(format!(
        "trusted {} (sha256 {sha}); its allow rules and settings now apply until it changes",
        file.display()
    ))
}
