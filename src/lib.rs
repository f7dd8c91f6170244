//! gatehook: a stateless, fail-closed permission gate for AI coding agents.
#![forbid(unsafe_code)]

pub mod decision;
pub mod shell;
