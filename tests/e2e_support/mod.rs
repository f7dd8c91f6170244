//! Helpers for the end-to-end tests against the real Claude Code binary, Gemini CLI and
//! Codex CLI (`tests/e2e_claude.rs`, `tests/e2e_subagent.rs`, `tests/e2e_gemini.rs`,
//! `tests/e2e_codex.rs`): scripted model servers (Anthropic, Gemini and OpenAI Responses
//! APIs) and runners for each CLI.
//! Each test file uses a different part of them.
#![allow(dead_code)]

pub mod claude;
pub mod codex;
pub mod codex_server;
pub mod gemini;
pub mod gemini_server;
pub mod model_server;
pub mod runner;
pub mod scripted;
