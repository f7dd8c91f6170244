//! Stage 3, the analysis: what a call does. A Bash command is parsed into the simple
//! commands bash would run ([`shell`]), what it reaches on the filesystem at decision time expanded ([`reach`]),
//! each program's arguments read by an allowlisted grammar into typed effects
//! ([`effects`]), and the command floor's judgement of the whole built from them
//! ([`command`]). [`sql`] is what SQL words say, for every reader of SQL.

pub mod command;
pub mod effects;
pub mod reach;
pub mod shell;
pub mod sql;
