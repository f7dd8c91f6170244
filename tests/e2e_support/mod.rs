//! Helpers for the end-to-end tests against the real Claude Code binary
//! (`tests/e2e_claude.rs`, `tests/e2e_subagent.rs`): a scripted model server and a Claude
//! Code runner. Each test file uses a different part of them.
#![allow(dead_code)]

pub mod claude;
pub mod model_server;
