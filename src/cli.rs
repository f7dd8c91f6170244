//! Command-line interface: clap definitions and dispatch. Exit codes are chosen here and
//! nowhere else.

use crate::explain::{self, ExplainArgs};
use crate::hook::{self, Env};
use clap::{Parser, Subcommand};
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
    Hook,
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
        /// Compare build files against this session's baseline (read only).
        #[arg(long)]
        session: Option<String>,
        /// A Bash command, or `-` to read a whole hook payload from stdin.
        command: Option<String>,
    },
    /// Trust a project's .gatehook.toml as it is now (records its sha256), so its allow
    /// rules and settings apply. Editing the file withdraws the trust.
    Trust {
        /// The file (default: .gatehook.toml at the current project's root).
        path: Option<PathBuf>,
    },
}

/// Run the CLI; returns the process exit code.
pub fn run() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            // clap's own exit code for usage errors is 2; help and version are 0.
            return e.exit_code();
        }
    };
    match cli.command {
        Command::Hook => {
            let answer = hook::run(&mut std::io::stdin().lock(), &Env::from_process());
            emit(answer)
        }
        Command::Explain {
            json,
            cwd,
            prompt,
            tool,
            input,
            permission_mode,
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
        Command::Trust { path } => match crate::trust_cmd(path) {
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

fn print_out(text: &str) {
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes());
    if !text.ends_with('\n') {
        let _ = out.write_all(b"\n");
    }
    let _ = out.flush();
}

fn emit(a: hook::Answer) -> i32 {
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
