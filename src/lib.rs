//! gatehook: a stateless, fail-closed permission gate for AI coding agents.
//!
//! The pipeline, in the order a hook call runs through it:
//! - [`input`]: the payload on stdin, capped and validated;
//! - [`config`] and [`rules`]: the layered policy and Claude Code rule syntax;
//! - [`paths`] and [`floor`]: where a call lands and what is protected there;
//! - [`shell`]: what a Bash command really runs; [`command`]: whether it is routine,
//!   risky or destructive, with [`baseline`] recording the session's build files;
//! - [`engine`]: the one evaluation, returning an outcome, a gate and a [`cause::Cause`];
//! - [`hook`]: the edge that settles reviews, writes the [`audit`] record and answers via
//!   [`output`]; [`explain`] renders the same evaluation for people;
//! - [`harness`]: other agents' payloads (Gemini, Cursor, Copilot, Codex) rewritten into
//!   the Claude shape, and answered in their own;
//! - [`review`]: the LLM reviewer that settles auto mode's pending reviews, bounded by code.
#![forbid(unsafe_code)]

pub mod audit;
pub mod auditcli;
pub mod baseline;
pub mod cause;
pub mod check;
pub mod cli;
pub mod command;
pub mod config;
pub mod decision;
pub mod delegate;
pub mod denied;
pub mod doctor;
pub mod effects;
pub mod engine;
pub mod explain;
pub mod floor;
pub mod generate;
pub mod harness;
pub mod holds;
pub mod hook;
pub mod input;
pub mod install;
pub mod once;
pub mod output;
pub mod paths;
pub mod reach;
pub mod redact;
pub mod replay;
pub mod review;
pub mod rules;
pub mod rulescli;
pub mod scan;
pub mod shell;
pub mod state;
pub mod subagents;

use std::path::PathBuf;

/// `gatehook trust [PATH]`: record the sha256 of a project's `.gatehook.toml`.
pub fn trust_cmd(path: Option<PathBuf>) -> anyhow::Result<String> {
    let file = match path {
        Some(p) => std::path::absolute(p)?,
        None => {
            let cwd = std::env::current_dir()?;
            let env = hook::Env::from_process();
            paths::project_root(env.claude_project_dir.as_deref(), &cwd).join(".gatehook.toml")
        }
    };
    let store = config::ConfigPaths::discover(None).trust_store;
    let sha = config::trust(&file, &store)?;
    Ok(format!(
        "trusted {} (sha256 {sha}); its allow rules and settings now apply until it changes",
        file.display()
    ))
}
