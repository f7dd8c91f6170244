//! Helpers for the end-to-end test against the real Claude Code binary
//! (`tests/e2e_claude.rs`): a scripted model server and a Claude Code runner.

pub mod claude;
pub mod model_server;
