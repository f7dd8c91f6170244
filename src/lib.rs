//! gatehook: a stateless, fail-closed permission gate for AI coding agents.
#![forbid(unsafe_code)]

pub mod audit;
pub mod decision;
pub mod redact;
