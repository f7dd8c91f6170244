//! One review per action per turn. Verdicts are kept in the session's `reviews.json`,
//! keyed by the sha256 of everything the verdict depends on: the tool and its input, the
//! permission mode and gatehook mode, the turn (`prompt_id`), the person's messages and
//! the environment note, the floor's findings, and the content hash of every file the
//! command would run (a missing file is a state too). Any change is a new review. A refused
//! action stays refused for the turn, and the turn's refusals are counted for the
//! refusal limit. The file is bounded, locked and replaced atomically.

use super::guard::Findings;
use super::owner::OwnerMessage;
use super::verdict::Verdict;
use crate::context::state;
use crate::context::store;
use crate::decision::Decision;
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};
use sha2::{Digest, Sha256};
use std::io::Read;
use std::path::Path;

/// The state file's name in the session directory.
pub const FILE: &str = "reviews.json";
const MAX_ENTRIES: usize = 256;
const MAX_TURNS: usize = 32;
/// Files larger than this are hashed by their first bytes plus their length.
const MAX_HASH_BYTES: u64 = 16 * 1024 * 1024;

/// A settled review as stored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stored {
    pub decision: Decision,
    pub stage: String,
    pub model: String,
    pub verdict: Verdict,
    /// The guarantee that withdrew an allow, with its detail.
    pub guarantee: Option<(String, String)>,
    pub packet_sha256: String,
    /// What would let a withdrawn allow pass (grounding).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub remedy: Option<String>,
    /// Not sent: no verdict could have allowed the call (see `guard::foreclosed`); it counts
    /// as a refusal all the same.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub withheld: bool,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
struct Entry {
    key: String,
    stored: Stored,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
struct Turn {
    turn: String,
    refusals: u32,
    /// Action keys refused in this turn, with what they got.
    refused: Vec<(String, Stored)>,
    /// The risk rank of each refused action that needed the person's authorisation.
    #[serde(default)]
    ranks: Vec<u8>,
}

#[derive(Debug, Default, Serialize, Deserialize)]
struct CacheFile {
    entries: Vec<Entry>,
    turns: Vec<Turn>,
    #[serde(default)]
    session: Pause,
}

/// Reviewer refusals across the session: enough in a row, or in total, pause auto mode
/// until the person resumes it (`gatehook resume`) or starts a new session.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pause {
    pub in_a_row: u32,
    pub total: u32,
    pub paused: bool,
    /// The riskiest rank among the counted refusals: the pause stops calls up to it.
    #[serde(default)]
    pub rank: u8,
}

/// Thresholds from `[reviewer] pause_after` / `pause_total`.
#[derive(Clone, Copy, Debug)]
pub struct PauseLimits {
    pub in_a_row: u32,
    pub total: u32,
}

/// What the cache knows before a review.
pub enum Lookup {
    Hit(Stored),
    /// This action was refused earlier in the turn.
    Refused(Stored),
    /// The turn reached the refusal limit for actions this risky.
    Paused(u32),
    /// Auto mode is paused for the session.
    SessionPaused(Pause),
    Miss,
}

fn sha(parts: &[&[u8]]) -> String {
    let mut h = Sha256::new();
    for p in parts {
        h.update((p.len() as u64).to_le_bytes());
        h.update(p);
    }
    state::hex(&h.finalize())
}

/// The input as keyed: agent prose (`description`) does not change the action.
fn input_text(input: &Map<String, Value>) -> String {
    let mut m = input.clone();
    m.remove("description");
    Value::Object(m).to_string()
}

/// The key of the action alone (for "refused stays refused this turn").
pub fn action_key(tool: &str, input: &Map<String, Value>) -> String {
    sha(&[tool.as_bytes(), input_text(input).as_bytes()])
}

/// Everything a verdict depends on.
pub struct KeyParts<'a> {
    pub tool: &'a str,
    pub input: &'a Map<String, Value>,
    pub permission_mode: &'a str,
    pub mode: &'a str,
    pub prompt_id: Option<&'a str>,
    pub owner: &'a [OwnerMessage],
    pub environment: Option<&'a str>,
    pub findings: &'a Findings,
    pub files: &'a [(String, String)],
}

pub fn key(p: &KeyParts) -> String {
    let owner = json!([p.owner, p.environment]).to_string();
    let findings = serde_json::to_string(p.findings).unwrap_or_default();
    let files = json!(p.files).to_string();
    sha(&[
        p.tool.as_bytes(),
        input_text(p.input).as_bytes(),
        p.permission_mode.as_bytes(),
        p.mode.as_bytes(),
        p.prompt_id.unwrap_or("").as_bytes(),
        owner.as_bytes(),
        findings.as_bytes(),
        files.as_bytes(),
    ])
}

fn hash_file(path: &Path) -> String {
    let Ok(f) = state::open_regular(path) else {
        return "missing".into();
    };
    let len = f.metadata().map(|m| m.len()).unwrap_or(0);
    let mut buf = Vec::new();
    if f.take(MAX_HASH_BYTES).read_to_end(&mut buf).is_err() {
        return "unreadable".into();
    }
    let mut h = Sha256::new();
    h.update(&buf);
    h.update(len.to_le_bytes());
    state::hex(&h.finalize())
}

/// The files a command would run, with their content hashes.
pub fn files_run(argv: &[Vec<String>], cwd: &Path) -> Vec<(String, String)> {
    let mut files: Vec<String> = Vec::new();
    for exec in argv {
        let Some(prog) = exec.first() else { continue };
        let name = prog.rsplit('/').next().unwrap_or(prog);
        let first_file = || exec[1..].iter().find(|a| !a.starts_with('-')).cloned();
        if prog.contains('/') {
            files.push(prog.clone());
        }
        match name {
            "python" | "python3" | "node" | "bash" | "sh" | "zsh" | "ruby" | "perl" | "deno"
            | "bun" | "ts-node" | "tsx" | "source" | "." | "php" | "Rscript" => {
                files.extend(first_file().filter(|f| f != "run"));
                if matches!(name, "deno" | "bun") {
                    files.extend(exec.iter().skip(2).find(|a| !a.starts_with('-')).cloned());
                }
            }
            "make" | "gmake" => {
                let f = exec.windows(2).find(|w| w[0] == "-f").map(|w| w[1].clone());
                match f {
                    Some(f) => files.push(f),
                    None => files.extend(["GNUmakefile", "makefile", "Makefile"].map(String::from)),
                }
            }
            "npm" | "yarn" | "pnpm" => files.push("package.json".into()),
            "just" => files.extend(["justfile", "Justfile"].map(String::from)),
            _ => {}
        }
    }
    files.sort();
    files.dedup();
    files
        .into_iter()
        .map(|f| {
            let h = hash_file(&cwd.join(&f));
            (f, h)
        })
        .collect()
}

/// Look a key up. `rank` is the risk rank of the call's riskiest need for authorisation
/// (0: it needs none). The session pause and the turn's refusal limit stop only calls that
/// need authorisation: the limit counts only refusals of actions as risky or riskier than
/// this one, and the pause stops calls no riskier than the refusals that caused it.
/// Errors reading state count as a miss (a new review).
pub fn lookup(dir: &Path, key: &str, turn: &str, action: &str, limit: u32, rank: u8) -> Lookup {
    let Some(c) = store::read_unlocked::<CacheFile>(&dir.join(FILE)) else {
        return Lookup::Miss;
    };
    if c.session.paused && rank > 0 && rank <= c.session.rank.max(1) {
        return Lookup::SessionPaused(c.session);
    }
    if let Some(t) = c.turns.iter().find(|t| t.turn == turn) {
        if let Some((_, s)) = t.refused.iter().find(|(a, _)| a == action) {
            return Lookup::Refused(s.clone());
        }
        let n = t.ranks.iter().filter(|r| rank > 0 && **r >= rank).count() as u32;
        if rank > 0 && n >= limit {
            return Lookup::Paused(n);
        }
    }
    match c.entries.iter().rev().find(|e| e.key == key) {
        Some(e) => Lookup::Hit(e.stored.clone()),
        None => Lookup::Miss,
    }
}

/// Record a settled review. A refusal of an action that needed authorisation (`rank` > 0)
/// is counted for the turn's limit and the session's pause (an allow resets the in-a-row
/// count), and pauses the session at the limits; every refusal stays refused for the turn.
pub fn record(
    dir: &Path,
    key: &str,
    turn: &str,
    action: &str,
    s: &Stored,
    limits: PauseLimits,
    rank: u8,
) -> anyhow::Result<()> {
    let l = store::lock(dir, FILE)?;
    let mut c: CacheFile = l.read().unwrap_or_default();
    if s.decision == Decision::Allow {
        c.session.in_a_row = 0;
    } else if rank > 0 {
        c.session.in_a_row = c.session.in_a_row.saturating_add(1);
        c.session.total = c.session.total.saturating_add(1);
        c.session.rank = c.session.rank.max(rank);
        if c.session.in_a_row >= limits.in_a_row || c.session.total >= limits.total {
            c.session.paused = true;
        }
    }
    c.entries.retain(|e| e.key != key);
    c.entries.push(Entry {
        key: key.to_string(),
        stored: s.clone(),
    });
    if c.entries.len() > MAX_ENTRIES {
        let drop = c.entries.len() - MAX_ENTRIES;
        c.entries.drain(..drop);
    }
    if s.decision != Decision::Allow {
        let pos = match c.turns.iter().position(|t| t.turn == turn) {
            Some(p) => p,
            None => {
                c.turns.push(Turn {
                    turn: turn.to_string(),
                    ..Turn::default()
                });
                c.turns.len() - 1
            }
        };
        let t = &mut c.turns[pos];
        t.refusals += 1;
        if rank > 0 && t.ranks.len() < MAX_ENTRIES {
            t.ranks.push(rank);
        }
        if !t.refused.iter().any(|(a, _)| a == action) && t.refused.len() < MAX_ENTRIES {
            t.refused.push((action.to_string(), s.clone()));
        }
        if c.turns.len() > MAX_TURNS {
            let drop = c.turns.len() - MAX_TURNS;
            c.turns.drain(..drop);
        }
    }
    l.write(&c)
}

/// Lift a session's pause (`gatehook resume`); returns what it was.
pub fn resume(dir: &Path) -> anyhow::Result<Pause> {
    let l = store::lock(dir, FILE)?;
    let mut c: CacheFile = l.read().unwrap_or_default();
    let was = c.session;
    c.session = Pause::default();
    // Refusals of the current turns stay refused; only the pause and its counts reset.
    l.write(&c)?;
    Ok(was)
}

/// A session's pause state, without locking.
pub fn pause_state(dir: &Path) -> Pause {
    store::read_unlocked::<CacheFile>(&dir.join(FILE))
        .map(|c| c.session)
        .unwrap_or_default()
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod refusal_tests {
    use super::*;
    use crate::review::verdict::{Risk, Verdict};

    fn refused() -> Stored {
        Stored {
            decision: Decision::Deny,
            stage: "full".into(),
            model: "m".into(),
            verdict: Verdict {
                decision: Decision::Allow,
                risk: Risk::Low,
                reason: "r".into(),
                kind: None,
                evidence: vec!["m1".into()],
            },
            guarantee: Some(("grounding".into(), "d".into())),
            packet_sha256: String::new(),
            remedy: None,
            withheld: false,
        }
    }

    const LIMITS: PauseLimits = PauseLimits {
        in_a_row: 100,
        total: 100,
    };

    #[test]
    fn the_limit_counts_refusals_as_risky_or_riskier_and_spares_the_rest() {
        let d = tempfile::tempdir().unwrap();
        for i in 0..3 {
            record(
                d.path(),
                &format!("k{i}"),
                "t",
                &format!("a{i}"),
                &refused(),
                LIMITS,
                5,
            )
            .unwrap();
        }
        assert!(matches!(
            lookup(d.path(), "x", "t", "b", 3, 5),
            Lookup::Paused(3)
        ));
        assert!(matches!(
            lookup(d.path(), "x", "t", "b", 3, 2),
            Lookup::Paused(3)
        ));
        assert!(matches!(
            lookup(d.path(), "x", "t", "b", 3, 8),
            Lookup::Miss
        ));
        assert!(matches!(
            lookup(d.path(), "x", "t", "b", 3, 0),
            Lookup::Miss
        ));
        assert!(matches!(
            lookup(d.path(), "x", "t2", "b", 3, 5),
            Lookup::Miss
        ));
        // Refusals of calls that needed no authorisation are never counted.
        let e = tempfile::tempdir().unwrap();
        for i in 0..5 {
            record(
                e.path(),
                &format!("k{i}"),
                "t",
                &format!("a{i}"),
                &refused(),
                LIMITS,
                0,
            )
            .unwrap();
        }
        assert!(matches!(
            lookup(e.path(), "x", "t", "b", 3, 1),
            Lookup::Miss
        ));
        assert!(!pause_state(e.path()).paused);
    }

    #[test]
    fn the_session_pause_stops_only_calls_no_riskier_than_its_refusals() {
        let d = tempfile::tempdir().unwrap();
        let limits = PauseLimits {
            in_a_row: 2,
            total: 100,
        };
        for i in 0..2 {
            record(
                d.path(),
                &format!("k{i}"),
                &format!("t{i}"),
                "a",
                &refused(),
                limits,
                4,
            )
            .unwrap();
        }
        assert!(pause_state(d.path()).paused);
        assert!(matches!(
            lookup(d.path(), "x", "t9", "b", 3, 4),
            Lookup::SessionPaused(_)
        ));
        assert!(matches!(
            lookup(d.path(), "x", "t9", "b", 3, 1),
            Lookup::SessionPaused(_)
        ));
        assert!(matches!(
            lookup(d.path(), "x", "t9", "b", 3, 9),
            Lookup::Miss
        ));
        assert!(matches!(
            lookup(d.path(), "x", "t9", "b", 3, 0),
            Lookup::Miss
        ));
        resume(d.path()).unwrap();
        assert!(matches!(
            lookup(d.path(), "x", "t9", "b", 3, 4),
            Lookup::Miss
        ));
    }
}
