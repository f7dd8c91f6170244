//! The reason line over every cause × decision × harness surface × mode: the remedy fits
//! what the person meets (nothing to approve where no prompt shows, a hard floor says
//! nothing lifts it, the reviewer only in auto mode, an allow needs nothing).

use crate::answer::reason_line;
use crate::answer::render::audience;
use crate::decision::cause::*;
use crate::decision::{Decision, Mode};
use crate::input::harness::Surface;
use crate::input::Event;
use std::path::PathBuf;

/// Every variant, exhaustively: a new cause fails to compile here until it has an index,
/// and the test fails until [`samples`] carries one of it.
fn index(c: &Cause) -> usize {
    match c {
        Cause::DenyRule { .. } => 0,
        Cause::AskRule { .. } => 1,
        Cause::AllowRule { .. } => 2,
        Cause::Credential { .. } => 3,
        Cause::SelfModification { .. } => 4,
        Cause::HarnessConfig { .. } => 5,
        Cause::ProtectedPath { .. } => 6,
        Cause::OutsideWorkspace { .. } => 7,
        Cause::UnresolvablePath { .. } => 8,
        Cause::PlanMode { .. } => 9,
        Cause::WorkspaceRead => 10,
        Cause::WorkspaceEdit => 11,
        Cause::NoSideEffects { .. } => 12,
        Cause::BypassMode => 13,
        Cause::Destructive { .. } => 14,
        Cause::RiskyCommand { .. } => 15,
        Cause::RoutineCommand { .. } => 16,
        Cause::BuildFilesChanged { .. } => 17,
        Cause::OpaqueCommand { .. } => 18,
        Cause::UnknownCommand { .. } => 19,
        Cause::Undecided { .. } => 20,
        Cause::ReviewerUnavailable { .. } => 21,
        Cause::ReviewerAllow { .. } => 22,
        Cause::ReviewerAsk { .. } => 23,
        Cause::ReviewerDeny { .. } => 24,
        Cause::Guarantee { .. } => 25,
        Cause::BadInput { .. } => 26,
        Cause::IncompleteInput { .. } => 43,
        Cause::BadConfig { .. } => 27,
        Cause::Internal { .. } => 28,
        Cause::UnsafeState { .. } => 29,
        Cause::Hold { .. } => 30,
        Cause::RiskyDelegation { .. } => 31,
        Cause::ReadOnlyAgent { .. } => 32,
        Cause::Subagent { .. } => 41,
        Cause::Paused { .. } => 33,
        Cause::RiskyEdit { .. } => 34,
        Cause::AllowOnce { .. } => 35,
        Cause::Secret { .. } => 36,
        Cause::OrdinaryRead { .. } => 37,
        Cause::ScratchWrite { .. } => 42,
        Cause::PlanFile { .. } => 44,
        Cause::HarnessTool { .. } => 38,
        Cause::Lookup { .. } => 39,
        Cause::RiskyTool { .. } => 40,
    }
}
const VARIANTS: usize = 45;

fn samples() -> Vec<Cause> {
    let p = || PathBuf::from("/w/x");
    let s = |t: &str| t.to_string();
    vec![
        Cause::DenyRule {
            rule: s("Bash(git push:*)"),
            source: s("/c.toml:3"),
            message: None,
        },
        Cause::DenyRule {
            rule: s("Bash(python:*)"),
            source: s("/c.toml:4"),
            message: Some(s("use `uv run python`")),
        },
        Cause::AskRule {
            rule: s("Bash(git push:*)"),
            source: s("/c.toml:3"),
            message: None,
        },
        Cause::AllowOnce {
            code: s("7Y2G-RNK8"),
            lifted: s("risky-command"),
        },
        Cause::AllowRule {
            rules: vec![s("Bash(ls)")],
        },
        Cause::Secret {
            command: s("printenv"),
            reason: s("prints every variable in the environment, secrets included"),
        },
        Cause::OrdinaryRead {
            path: PathBuf::from("/usr/include/stdio.h"),
            listing: false,
        },
        Cause::OrdinaryRead {
            path: PathBuf::from("/home/u/.config"),
            listing: true,
        },
        Cause::ScratchWrite {
            path: PathBuf::from("/tmp/commit-msg.txt"),
        },
        Cause::PlanFile {
            path: PathBuf::from("/home/u/.claude/plans/quiet-river.md"),
        },
        Cause::Credential {
            path: p(),
            what: s("an SSH key"),
        },
        Cause::SelfModification {
            path: p(),
            what: s("gatehook's config"),
        },
        Cause::HarnessConfig {
            path: p(),
            what: s("Claude Code settings"),
        },
        Cause::ProtectedPath {
            path: p(),
            what: s("secrets"),
            write: true,
        },
        Cause::ProtectedPath {
            path: p(),
            what: s("secrets"),
            write: false,
        },
        Cause::OutsideWorkspace {
            path: p(),
            write: true,
            shell: true,
            why: None,
        },
        Cause::OutsideWorkspace {
            path: p(),
            write: false,
            shell: true,
            why: None,
        },
        Cause::OutsideWorkspace {
            path: p(),
            write: true,
            shell: false,
            why: None,
        },
        Cause::OutsideWorkspace {
            path: p(),
            write: false,
            shell: false,
            why: None,
        },
        Cause::UnresolvablePath { path: p() },
        Cause::PlanMode { tool: s("Write") },
        Cause::WorkspaceRead,
        Cause::WorkspaceEdit,
        Cause::NoSideEffects {
            tool: s("TodoWrite"),
        },
        Cause::HarnessTool {
            tool: s("TaskOutput"),
            does: s("reads the harness's own task output"),
        },
        Cause::Lookup {
            tool: s("WebSearch"),
            does: s("searches the web for \"serde derive\"; the query carries no secret"),
        },
        Cause::RiskyTool {
            tool: s("mcp__db__execute"),
            reason: s("runs SQL that destroys data (`DROP DATABASE prod`)"),
        },
        Cause::BypassMode,
        Cause::Destructive {
            category: s("deletion"),
            reason: s("deletes ~"),
            command: s("rm -rf ~"),
        },
        Cause::RiskyCommand {
            category: s("git"),
            reason: s("publishes"),
            command: s("git push"),
        },
        Cause::RoutineCommand {
            summary: s("`cargo test` runs the project's tests"),
        },
        Cause::BuildFilesChanged {
            files: vec![p()],
            command: s("cargo test"),
        },
        Cause::OpaqueCommand { reason: s("eval") },
        Cause::UnknownCommand {
            command: s("foo"),
            reason: s("not catalogued"),
        },
        Cause::Undecided {
            why: s("no rule covers WebFetch"),
        },
        Cause::ReviewerUnavailable {
            error: s("timeout"),
        },
        Cause::ReviewerAllow {
            reason: s("asked for"),
            evidence: vec![s("m1")],
        },
        Cause::ReviewerAsk {
            reason: s("unclear"),
            risk: s("medium"),
        },
        Cause::ReviewerDeny {
            reason: s("not asked"),
            risk: s("high"),
        },
        Cause::Guarantee {
            guarantee: s("evidence"),
            detail: s("no message cited"),
            not_sent: false,
            remedy: None,
        },
        Cause::BadInput {
            error: s("not JSON"),
        },
        Cause::IncompleteInput {
            tool: s("Agent"),
            field: s("prompt"),
        },
        Cause::BadConfig {
            error: s("/c.toml:1: unknown key"),
        },
        Cause::Internal { error: s("boom") },
        Cause::UnsafeState {
            dir: s("/d"),
            why: s("is group-writable"),
        },
        Cause::Hold {
            class: s("push code to a remote"),
            quote: s("don't push yet"),
            unknown: false,
        },
        Cause::RiskyDelegation {
            kind: s("destructive"),
            found: s("rm -rf"),
        },
        Cause::ReadOnlyAgent {
            agent: s("Explore"),
        },
        Cause::Subagent {
            agent: s("general-purpose"),
            does: s("starts `general-purpose`, a subagent built into Claude Code; each call it makes is judged"),
        },
        Cause::Paused {
            in_a_row: 3,
            total: 3,
            session: s("s1"),
        },
        Cause::RiskyEdit {
            path: p(),
            file: s("a build file"),
            found: s("pipes a download to sh"),
        },
    ]
}

/// Causes that only arise in auto mode (the reviewer's, or a paused reviewer).
fn auto_only(c: &Cause) -> bool {
    matches!(
        c,
        Cause::ReviewerUnavailable { .. }
            | Cause::ReviewerAllow { .. }
            | Cause::ReviewerAsk { .. }
            | Cause::ReviewerDeny { .. }
            | Cause::Guarantee { .. }
            | Cause::Paused { .. }
    )
}

fn hard_floor(c: &Cause) -> bool {
    matches!(
        c,
        Cause::Credential { .. }
            | Cause::SelfModification { .. }
            | Cause::HarnessConfig { .. }
            | Cause::Destructive { .. }
    )
}

/// Causes whose decision is an ask (or on_failure) that a person could approve.
fn approvable(c: &Cause) -> bool {
    matches!(
        c,
        Cause::AskRule { .. }
            | Cause::ProtectedPath { .. }
            | Cause::OutsideWorkspace { .. }
            | Cause::UnresolvablePath { .. }
            | Cause::RiskyCommand { .. }
            | Cause::BuildFilesChanged { .. }
            | Cause::OpaqueCommand { .. }
            | Cause::UnknownCommand { .. }
            | Cause::Undecided { .. }
            | Cause::ReviewerUnavailable { .. }
            | Cause::ReviewerAsk { .. }
            | Cause::Guarantee { .. }
            | Cause::Hold { .. }
            | Cause::RiskyDelegation { .. }
            | Cause::Paused { .. }
            | Cause::RiskyEdit { .. }
            | Cause::IncompleteInput { .. }
    )
}

#[test]
fn samples_cover_every_cause() {
    let mut seen = [false; VARIANTS];
    for c in samples() {
        seen[index(&c)] = true;
    }
    let missing: Vec<usize> = (0..VARIANTS).filter(|i| !seen[*i]).collect();
    assert!(missing.is_empty(), "no sample for cause index {missing:?}");
}

#[test]
fn every_remedy_fits_the_decision_the_harness_and_the_mode() {
    let surfaces = [
        (Surface::Claude, Event::PreToolUse),
        (Surface::Claude, Event::PermissionRequest),
        (Surface::GeminiTool, Event::PreToolUse),
        (Surface::CursorPermission, Event::PreToolUse),
        (Surface::CursorReadFile, Event::PreToolUse),
        (Surface::CopilotTool, Event::PreToolUse),
        (Surface::CodexPreTool, Event::PreToolUse),
    ];
    let decisions = [
        Some(Decision::Allow),
        Some(Decision::Ask),
        Some(Decision::Deny),
        None,
    ];
    let mut checked = 0;
    for cause in samples() {
        for (surface, event) in &surfaces {
            for decision in decisions {
                for mode in [Mode::Guard, Mode::Observe, Mode::Auto] {
                    let a = audience(*surface, event, decision, mode);
                    let line = reason_line(&cause, &a);
                    let low = line.to_lowercase();
                    let remedy = cause.remedy(&a).unwrap_or_default().to_lowercase();
                    let ctx =
                        format!("{cause:?} {surface:?} {event:?} {decision:?} {mode:?}: {line}");
                    assert!(
                        line.chars().count() <= MAX_REASON_CHARS && !line.contains('\n'),
                        "{ctx}"
                    );
                    assert!(
                        line.starts_with(&format!("gatehook {} [{}]: ", a.verb(), cause.id())),
                        "{ctx}"
                    );
                    match a.reply {
                        Reply::Allowed => {
                            assert!(remedy.is_empty(), "an allow needs no remedy: {ctx}")
                        }
                        Reply::Refused | Reply::Silent => {
                            assert!(!remedy.contains("approve"), "nothing to approve: {ctx}");
                            assert!(!remedy.contains("prompt"), "no prompt shows: {ctx}");
                        }
                        Reply::Prompted => {
                            if approvable(&cause) {
                                assert!(remedy.contains("approve"), "a prompt shows: {ctx}");
                            }
                        }
                    }
                    if *surface == Surface::CursorReadFile {
                        assert!(
                            !remedy.contains("prompt"),
                            "beforeReadFile has no prompt: {ctx}"
                        );
                    }
                    if mode != Mode::Auto && !auto_only(&cause) {
                        assert!(
                            !low.contains("reviewer"),
                            "guard mode has no reviewer: {ctx}"
                        );
                    }
                    if hard_floor(&cause) && a.reply != Reply::Allowed {
                        assert!(
                            remedy.contains("no rule") && remedy.contains("lifts it"),
                            "{ctx}"
                        );
                        assert!(!remedy.contains("allow rule"), "{ctx}");
                    }
                    if a.reply == Reply::Refused && decision == Some(Decision::Ask) {
                        if approvable(&cause) {
                            assert!(
                                remedy.contains("cannot ask")
                                    && remedy.contains(&a.harness.to_lowercase()),
                                "{ctx}"
                            );
                        }
                        if let Cause::Hold { .. } = cause {
                            assert!(
                                remedy.contains("new message"),
                                "the person's own words lift a hold: {ctx}"
                            );
                        }
                    }
                    if matches!(
                        cause,
                        Cause::RiskyEdit { .. } | Cause::ProtectedPath { write: true, .. }
                    ) {
                        assert!(
                            !remedy.contains("add") || remedy.contains("do not lift"),
                            "no rule lifts it: {ctx}"
                        );
                    }
                    checked += 1;
                }
            }
        }
    }
    assert_eq!(checked, samples().len() * 7 * 4 * 3);
}

#[test]
fn audiences_follow_what_each_harness_does() {
    let ask = Some(Decision::Ask);
    let a = |s, e: &Event, d| audience(s, e, d, Mode::Guard).reply;
    assert_eq!(a(Surface::Claude, &Event::PreToolUse, ask), Reply::Prompted);
    assert_eq!(
        a(Surface::Claude, &Event::PermissionRequest, ask),
        Reply::Prompted
    );
    assert_eq!(
        a(Surface::CursorReadFile, &Event::PreToolUse, ask),
        Reply::Refused
    );
    assert_eq!(
        a(Surface::CodexPreTool, &Event::PreToolUse, ask),
        Reply::Refused
    );
    assert_eq!(
        a(Surface::CopilotTool, &Event::PreToolUse, None),
        Reply::Prompted
    );
    assert_eq!(a(Surface::Claude, &Event::PreToolUse, None), Reply::Silent);
}

#[test]
fn every_cause_is_in_the_reference() {
    let reference = include_str!("../../docs/REFERENCE.md");
    for c in samples() {
        let id = c.id();
        assert!(
            reference.contains(&format!("`{id}`")),
            "docs/REFERENCE.md does not name the cause `{id}`"
        );
    }
}
