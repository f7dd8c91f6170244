//! gatehook: a stateless, fail-closed permission gate for AI coding agents.
//!
//! The modules, in the order a hook call runs through them:
//! 1. [`input`]: the payload on stdin, capped and validated; other agents' payloads
//!    (Gemini, Cursor, Copilot, Codex) rewritten into the Claude shape;
//! 2. [`context`]: the layered config and the person's rules, the workspace and home, the
//!    session's state and baseline — everything the call is judged against;
//! 3. [`analysis`]: what the call does — bash as bash runs it, paths placed and resolved,
//!    argument grammars read into typed effects, the command floor's judgement;
//! 4. [`policy`]: the one evaluation (rules, hard floors, holds, delegations, the fast
//!    path), returning an outcome, a gate and a [`decision::cause::Cause`];
//! 5. [`review`]: in auto mode, the LLM reviewer that settles pending reviews, bounded by
//!    code;
//! 6. [`audit`]: the redacted, file-locked JSONL record of every answer;
//! 7. [`answer`]: what the harness is told, in its own shape.
//!
//! [`decision`] is the vocabulary they share. [`cli`] holds the edges: `gatehook hook`
//! runs the stages above once per tool call, and `explain`, `check`, `denied`, `scan`,
//! `doctor`, `audit` and the rest are views of the same evaluation or of the log. Each
//! stage imports only those before it and the vocabulary; no stage imports an edge.
#![forbid(unsafe_code)]

pub mod analysis;
pub mod answer;
pub mod audit;
pub mod cli;
pub mod context;
pub mod decision;
pub mod input;
pub mod policy;
pub mod review;
