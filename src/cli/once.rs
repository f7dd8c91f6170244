//! `gatehook allow-once CODE`: a one-time way past a false positive. An ask or a soft deny
//! carries a short code in its reason line; the person runs `gatehook allow-once CODE`,
//! which lets exactly that call (tool, canonical input, cwd, session) run once within
//! [`RUN_WINDOW`], then it is spent. Codes can be granted for [`GRANT_WINDOW`] after they
//! were issued.
//!
//! What it never lifts: a hard floor (credentials, gatehook's own files, the harness's
//! settings, the destructive tier), plan mode, failures (bad input or config, unsafe
//! state), a managed deny rule, or anything at all under `managed_allow_only`. No code is
//! issued for those, and a grant does nothing for them even if one were planted in the
//! state file: [`liftable`] is checked again on every use. The agent cannot grant: the
//! self-command floor denies `allow-once` in every spelling (`command::selfcmd`).
//!
//! State: `state/<session>/allow-once.json`, under its own lock file, replaced atomically,
//! private like every other session file (`review::store`, `state::unsafe_state`).

use crate::context::config::{Config, Layer};
use crate::context::state;
use crate::context::store;
use crate::decision::cause::Cause;
use crate::decision::Decision;
use crate::policy::engine::{Call, Evaluation, Outcome};
use anyhow::bail;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use sha2::{Digest, Sha256};
use std::io::Read as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// The session file of pending and granted codes.
pub const FILE: &str = "allow-once.json";
/// How long after it was issued a code can be granted.
pub const GRANT_WINDOW: Duration = Duration::from_secs(15 * 60);
/// How long after the grant the call may run (once).
pub const RUN_WINDOW: Duration = Duration::from_secs(5 * 60);
/// At most this many codes are kept per session (the oldest go first).
const MAX_ENTRIES: usize = 64;
/// The code alphabet: no 0/O, 1/I/L, so a person can read it back.
const ALPHABET: &[u8] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/// One issued code.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Entry {
    pub code: String,
    /// The session id as the harness sent it (the directory name may be its hash).
    #[serde(default)]
    pub session: String,
    /// sha256 of the canonical call (see [`call_key`]).
    pub call: String,
    pub tool: String,
    /// A short, redacted summary of the call, for the person granting it.
    pub summary: String,
    pub cwd: String,
    /// The cause the code was issued for.
    pub cause: String,
    /// Unix seconds.
    pub issued: u64,
    pub granted: Option<u64>,
    pub used: Option<u64>,
}

#[derive(Debug, Default, Serialize, Deserialize)]
struct Store {
    entries: Vec<Entry>,
}

fn now_secs(now: SystemTime) -> u64 {
    now.duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}

/// Keys sorted at every depth, so the same input always hashes the same.
fn sorted(v: &Value) -> Value {
    match v {
        Value::Object(m) => {
            let mut keys: Vec<&String> = m.keys().collect();
            keys.sort();
            let mut out = Map::new();
            for k in keys {
                out.insert(k.clone(), sorted(&m[k]));
            }
            Value::Object(out)
        }
        Value::Array(a) => Value::Array(a.iter().map(sorted).collect()),
        other => other.clone(),
    }
}

/// The identity of a call: tool, canonical input, cwd and session. The agent's prose
/// about a command (`description` of Bash/PowerShell/Agent) is not part of what runs, so
/// a retry that words it differently is the same call.
pub fn call_key(call: &Call) -> String {
    let mut input = call.input.clone();
    if matches!(call.tool, "Bash" | "PowerShell" | "Agent" | "Task") {
        input.remove("description");
    }
    let canonical = serde_json::json!({
        "tool": call.tool,
        "input": sorted(&Value::Object(input)),
        "cwd": call.cwd.to_string_lossy(),
        "session": call.session_id,
    });
    state::hex(&Sha256::digest(canonical.to_string().as_bytes()))
}

/// Can a person's allow-once lift this decision? Hard floors, plan mode, failures and
/// managed denies never; every ask and soft deny otherwise. No catch-all arm: a new cause
/// must say.
pub fn liftable(decision: Option<Decision>, cause: &Cause, cfg: &Config) -> bool {
    if cfg.managed_allow_only || !matches!(decision, Some(Decision::Ask | Decision::Deny)) {
        return false;
    }
    match cause {
        Cause::DenyRule { rule, source, .. } => !cfg.rules.deny.iter().any(|r| {
            r.source.layer == Layer::Managed
                && r.rule.text == *rule
                && format!("{}:{}", r.source.file.display(), r.source.line) == *source
        }),
        Cause::AskRule { .. }
        | Cause::ProtectedPath { .. }
        | Cause::OutsideWorkspace { .. }
        | Cause::UnresolvablePath { .. }
        | Cause::RiskyCommand { .. }
        | Cause::RiskyTool { .. }
        | Cause::BuildFilesChanged { .. }
        | Cause::OpaqueCommand { .. }
        | Cause::UnknownCommand { .. }
        | Cause::Undecided { .. }
        | Cause::ReviewerUnavailable { .. }
        | Cause::ReviewerAsk { .. }
        | Cause::ReviewerDeny { .. }
        | Cause::Guarantee { .. }
        | Cause::Hold { .. }
        | Cause::RiskyDelegation { .. }
        | Cause::Paused { .. }
        | Cause::RiskyEdit { .. } => true,
        Cause::Credential { .. }
        | Cause::SelfModification { .. }
        | Cause::HarnessConfig { .. }
        | Cause::Destructive { .. }
        | Cause::Secret { .. }
        | Cause::PlanMode { .. }
        | Cause::BadInput { .. }
        | Cause::IncompleteInput { .. }
        | Cause::BadConfig { .. }
        | Cause::Internal { .. }
        | Cause::UnsafeState { .. }
        | Cause::AllowOnce { .. }
        | Cause::AllowRule { .. }
        | Cause::WorkspaceRead
        | Cause::OrdinaryRead { .. }
        | Cause::ScratchWrite { .. }
        | Cause::PlanFile { .. }
        | Cause::WorkspaceEdit
        | Cause::NoSideEffects { .. }
        | Cause::HarnessTool { .. }
        | Cause::Lookup { .. }
        | Cause::BypassMode
        | Cause::RoutineCommand { .. }
        | Cause::ReviewerAllow { .. }
        | Cause::ReadOnlyAgent { .. }
        | Cause::Subagent { .. } => false,
    }
}

/// May a grant be spent on this evaluation, before any reviewer is asked? A pending
/// review is never a hard floor; a decided ask or deny must be liftable.
pub fn may_take(ev: &Evaluation, cfg: &Config) -> bool {
    match ev.outcome {
        Outcome::Review => !cfg.managed_allow_only,
        Outcome::Decided(d) => liftable(Some(d), &ev.cause, cfg),
        Outcome::Silent => false,
    }
}

/// A fresh code from the OS's randomness; `None` if there is none (then no code is issued).
fn new_code() -> Option<String> {
    let mut b = [0u8; 8];
    std::fs::File::open("/dev/urandom")
        .and_then(|mut f| f.read_exact(&mut b))
        .ok()?;
    let chars: String = b
        .iter()
        .map(|x| ALPHABET[usize::from(*x) % ALPHABET.len()] as char)
        .collect();
    Some(format!("{}-{}", &chars[..4], &chars[4..]))
}

/// The code as the person may type it: case and the dash do not matter.
pub fn normalize(code: &str) -> String {
    let plain: String = code
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_uppercase())
        .collect();
    if plain.len() == 8 {
        format!("{}-{}", &plain[..4], &plain[4..])
    } else {
        plain
    }
}

/// Drop what can no longer be granted or used.
fn prune(s: &mut Store, now: u64) {
    s.entries.retain(|e| match (e.granted, e.used) {
        (_, Some(_)) | (Some(_), None) => {
            e.granted.unwrap_or(e.issued) + RUN_WINDOW.as_secs() + GRANT_WINDOW.as_secs() > now
        }
        (None, None) => e.issued + GRANT_WINDOW.as_secs() > now,
    });
    let excess = s.entries.len().saturating_sub(MAX_ENTRIES);
    s.entries.drain(..excess);
}

/// Issue (or find again) the code for a refused call. The same call keeps its code while
/// it can still be granted.
pub fn issue(
    state_root: &Path,
    call: &Call,
    cause: &Cause,
    summary: &str,
    now: SystemTime,
) -> anyhow::Result<String> {
    let dir = state::session_dir(state_root, call.session_id);
    let key = call_key(call);
    let lock = store::lock(&dir, FILE)?;
    let mut s: Store = lock.read().unwrap_or_default();
    let t = now_secs(now);
    prune(&mut s, t);
    if let Some(e) = s
        .entries
        .iter()
        .find(|e| e.call == key && e.granted.is_none() && e.used.is_none())
    {
        return Ok(e.code.clone());
    }
    let Some(code) = new_code() else {
        bail!("no randomness for a code (/dev/urandom)");
    };
    s.entries.push(Entry {
        code: code.clone(),
        session: call.session_id.to_string(),
        call: key,
        tool: call.tool.to_string(),
        summary: crate::decision::cause::one_line(summary, 120),
        cwd: call.cwd.display().to_string(),
        cause: cause.id().to_string(),
        issued: t,
        granted: None,
        used: None,
    });
    lock.write(&s)?;
    Ok(code)
}

/// Spend a grant on this call, if the person granted one that is still fresh; the code.
pub fn take(state_root: &Path, call: &Call, now: SystemTime) -> anyhow::Result<Option<String>> {
    let dir = state::session_dir(state_root, call.session_id);
    if !dir.join(FILE).exists() {
        return Ok(None);
    }
    let key = call_key(call);
    let lock = store::lock(&dir, FILE)?;
    let Some(mut s) = lock.read::<Store>() else {
        return Ok(None);
    };
    let t = now_secs(now);
    let Some(e) = s.entries.iter_mut().find(|e| {
        e.call == key
            && e.used.is_none()
            && e.granted
                .is_some_and(|g| g <= t && t < g + RUN_WINDOW.as_secs())
    }) else {
        return Ok(None);
    };
    e.used = Some(t);
    let code = e.code.clone();
    lock.write(&s)?;
    Ok(Some(code))
}

/// What `gatehook allow-once` granted.
#[derive(Debug, Clone)]
pub struct Granted {
    pub session: String,
    pub entry: Entry,
}

/// Grant `code`: find it among the sessions' pending codes (only in private state), audit
/// it through `audit`, and mark it granted. A code never issued, already granted or used, or past its window is
/// refused.
pub fn grant(
    state_root: &Path,
    code: &str,
    session: Option<&str>,
    now: SystemTime,
    audit: &mut dyn FnMut(&str, &Entry) -> anyhow::Result<()>,
) -> anyhow::Result<Granted> {
    let code = normalize(code);
    let sessions: Vec<String> = match session {
        Some(s) => vec![s.to_string()],
        None => std::fs::read_dir(state_root)
            .map(|rd| {
                rd.filter_map(Result::ok)
                    .filter(|e| e.path().join(FILE).is_file())
                    .filter_map(|e| e.file_name().into_string().ok())
                    .collect()
            })
            .unwrap_or_default(),
    };
    let t = now_secs(now);
    for name in sessions {
        // A session id given by the person is mapped the way the hook maps it; a directory
        // found by listing already has its on-disk name.
        let dir: PathBuf = match session {
            Some(s) => state::session_dir(state_root, s),
            None => state_root.join(&name),
        };
        if let Some((bad, why)) = unsafe_dir(state_root, &dir) {
            bail!("{} {why}: its codes cannot be trusted", bad.display());
        }
        let path = dir.join(FILE);
        if !path.is_file() {
            continue;
        }
        let lock = store::lock(&dir, FILE)?;
        let Some(mut s) = lock.read::<Store>() else {
            continue;
        };
        let Some(e) = s.entries.iter_mut().find(|e| e.code == code) else {
            continue;
        };
        if e.used.is_some() {
            bail!("code {code} was already used; a code lets one call through once");
        }
        if e.granted.is_some() {
            bail!("code {code} was already granted; it lets the call through once");
        }
        if t >= e.issued + GRANT_WINDOW.as_secs() {
            bail!(
                "code {code} has expired (codes can be granted for {} minutes)",
                GRANT_WINDOW.as_secs() / 60
            );
        }
        e.granted = Some(t);
        let entry = e.clone();
        // NOTE: audited before it takes effect, under the lock: a grant the log does not
        // show never lets anything through.
        let who = if entry.session.is_empty() {
            &name
        } else {
            &entry.session
        };
        audit(who, &entry)?;
        lock.write(&s)?;
        let session = if entry.session.is_empty() {
            name
        } else {
            entry.session.clone()
        };
        return Ok(Granted { session, entry });
    }
    bail!("no pending call has the code {code} (it may have expired, or never been issued)")
}

/// `state::unsafe_state` for a session directory found by name.
fn unsafe_dir(state_root: &Path, dir: &Path) -> Option<(PathBuf, String)> {
    let name = dir.file_name()?.to_str()?;
    // The on-disk name maps to itself (plain ids are kept as they are).
    state::unsafe_state(state_root, name)
}

/// `gatehook allow-once CODE [--session ID]`: grant, audit, and say what was granted.
pub fn run(code: &str, session: Option<&str>) -> anyhow::Result<String> {
    let dirs = crate::context::config::gatehook_dirs();
    let root = dirs.data.join("state");
    if let Some((dir, why)) = state::unsafe_state(&root, session.unwrap_or("")) {
        bail!("{} {why}: refusing to grant from it", dir.display());
    }
    let (max_bytes, keep) =
        crate::context::config::load(&crate::context::config::ConfigPaths::discover(None))
            .map(|c| (c.audit.max_bytes, c.audit.keep))
            .unwrap_or((5_000_000, 3));
    let settings = crate::audit::AuditSettings {
        dir: dirs.data.clone(),
        max_bytes,
        keep,
        lock_timeout: Duration::from_secs(2),
    };
    let mut audit = |session: &str, e: &Entry| -> anyhow::Result<()> {
        let record = serde_json::json!({
            "ts": chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true),
            "version": env!("CARGO_PKG_VERSION"),
            "event": "AllowOnceGrant",
            "session_id": session,
            "tool": e.tool,
            "summary": e.summary,
            "cwd": e.cwd,
            "decision": "none",
            "gate": "allow-once",
            "cause": "allow-once",
            "floor_cause": e.cause,
            "allow_once": {"code": e.code, "granted": true},
            "latency_us": 0,
        });
        crate::audit::append(&settings, &record).map_err(|err| {
            anyhow::anyhow!("the grant could not be audited, so it was not made: {err}")
        })
    };
    let g = grant(&root, code, session, SystemTime::now(), &mut audit)?;
    Ok(format!(
        "granted {}: {} in {} (session {}) may run once in the next {} minutes",
        g.entry.code,
        g.entry.summary,
        g.entry.cwd,
        g.session,
        RUN_WINDOW.as_secs() / 60
    ))
}

/// A short, redacted summary of a call for the person granting it.
pub fn summary(tool: &str, input: &Map<String, Value>) -> String {
    let redacted = crate::decision::redact::redact_value(&Value::Object(input.clone()));
    let main = [
        "command",
        "file_path",
        "notebook_path",
        "url",
        "pattern",
        "prompt",
    ]
    .iter()
    .find_map(|k| redacted.get(*k).and_then(Value::as_str).map(str::to_string))
    .unwrap_or_else(|| redacted.to_string());
    crate::decision::cause::one_line(&format!("{tool} {main}"), 120)
}
