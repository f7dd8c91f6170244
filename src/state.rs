//! Per-session state under `<data dir>/state/`: today, the person's own words, recorded
//! from UserPromptSubmit so the reviewer can read them without trusting the transcript.
//! One directory per session; appends happen under a lock file that is never renamed, and
//! no file is opened through a symlink.

use anyhow::{bail, Context as _};
use serde_json::json;
use sha2::{Digest, Sha256};
use std::fs::{DirBuilder, File, OpenOptions};
use std::io::Write;
use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt};
use std::path::{Path, PathBuf};

/// Sessions untouched for this long are removed (on the next recorded prompt).
pub const RETENTION: std::time::Duration = std::time::Duration::from_secs(14 * 24 * 3600);

/// Longest prompt kept verbatim; longer ones keep their head and tail.
pub const MAX_PROMPT_BYTES: usize = 64 * 1024;

/// A file-system-safe name for a session id chosen by the payload (hostile): kept when it
/// is short and plain, hashed otherwise.
pub fn session_dir_name(session_id: &str) -> String {
    let plain = !session_id.is_empty()
        && session_id.len() <= 100
        && session_id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        && !session_id.starts_with('-');
    if plain {
        session_id.to_string()
    } else {
        let h = Sha256::digest(session_id.as_bytes());
        format!("h-{}", hex(&h[..16]))
    }
}

pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The directory of one session's state.
pub fn session_dir(state_root: &Path, session_id: &str) -> PathBuf {
    state_root.join(session_dir_name(session_id))
}

/// Create `dir` (and parents) private to the user; refuse a symlink in its place.
pub fn private_dir(dir: &Path) -> anyhow::Result<()> {
    DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(dir)
        .with_context(|| format!("creating {}", dir.display()))?;
    let md = std::fs::symlink_metadata(dir)?;
    if md.file_type().is_symlink() || !md.is_dir() {
        bail!("{} is not a plain directory", dir.display());
    }
    Ok(())
}

pub(crate) fn open_nofollow(path: &Path, append: bool) -> anyhow::Result<File> {
    let mut o = OpenOptions::new();
    o.read(true).create(true).mode(0o600);
    if append {
        o.append(true);
    } else {
        o.write(true);
    }
    o.custom_flags(libc::O_NOFOLLOW | libc::O_CLOEXEC | libc::O_NONBLOCK);
    let f = o
        .open(path)
        .with_context(|| format!("opening {}", path.display()))?;
    if !f.metadata()?.is_file() {
        bail!("{} is not a regular file", path.display());
    }
    Ok(f)
}

/// Append one line to `dir/name` while holding `dir/name.lock`.
pub fn locked_append(dir: &Path, name: &str, line: &str) -> anyhow::Result<()> {
    // The same lock file convention (`NAME.lock`, never renamed) as the other state files.
    let lock = crate::review::store::lock(dir, name)?;
    let mut f = open_nofollow(&dir.join(name), true)?;
    f.write_all(line.as_bytes())?;
    drop(f);
    drop(lock);
    Ok(())
}

/// Keep the head and tail of an over-long prompt, with an explicit marker.
pub fn cap_text(text: &str, max: usize) -> String {
    if text.len() <= max {
        return text.to_string();
    }
    let half = max / 2;
    let mut head_end = half;
    while !text.is_char_boundary(head_end) {
        head_end -= 1;
    }
    let mut tail_start = text.len() - half;
    while !text.is_char_boundary(tail_start) {
        tail_start += 1;
    }
    format!(
        "{}[… {} bytes truncated by gatehook …]{}",
        &text[..head_end],
        tail_start - head_end,
        &text[tail_start..]
    )
}

/// Record one of the person's prompts for the session.
pub fn record_prompt(
    state_root: &Path,
    session_id: &str,
    prompt_id: Option<&str>,
    prompt: &str,
) -> anyhow::Result<()> {
    let dir = session_dir(state_root, session_id);
    let rec = json!({
        "ts": chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true),
        "prompt_id": prompt_id,
        "prompt": cap_text(prompt, MAX_PROMPT_BYTES),
    });
    locked_append(&dir, "prompts.jsonl", &format!("{rec}\n"))
}

/// Remove the state of sessions not touched for [`RETENTION`]; returns how many. A symlink
/// planted in the state directory is removed as a link, never followed.
pub fn prune(state_root: &Path, now: std::time::SystemTime) -> usize {
    let Ok(rd) = std::fs::read_dir(state_root) else {
        return 0;
    };
    let mut removed = 0;
    for e in rd.flatten() {
        let path = e.path();
        let Ok(md) = std::fs::symlink_metadata(&path) else {
            continue;
        };
        let old = md
            .modified()
            .ok()
            .and_then(|m| now.duration_since(m).ok())
            .is_some_and(|age| age > RETENTION);
        if !old {
            continue;
        }
        let gone = if md.is_dir() {
            std::fs::remove_dir_all(&path)
        } else {
            std::fs::remove_file(&path)
        };
        if gone.is_ok() {
            removed += 1;
        }
    }
    removed
}

/// The person's recorded prompts for a session, oldest first (unparsable lines skipped).
pub fn read_prompts(state_root: &Path, session_id: &str) -> Vec<String> {
    let path = session_dir(state_root, session_id).join("prompts.jsonl");
    let Ok(text) = std::fs::read_to_string(path) else {
        return Vec::new();
    };
    text.lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter_map(|v| v.get("prompt").and_then(|p| p.as_str()).map(str::to_string))
        .collect()
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn session_names_are_safe() {
        assert_eq!(session_dir_name("abc-123_x"), "abc-123_x");
        for hostile in ["../../etc", "a/b", "", "-rf", "x\0y", &"a".repeat(200)] {
            let n = session_dir_name(hostile);
            assert!(
                n.starts_with("h-") && !n.contains('/'),
                "{hostile:?} -> {n}"
            );
        }
    }

    #[test]
    fn prompts_round_trip_and_cap() {
        let t = tempfile::tempdir().unwrap();
        record_prompt(t.path(), "s1", Some("p1"), "don't push").unwrap();
        record_prompt(t.path(), "s1", None, &"é".repeat(MAX_PROMPT_BYTES)).unwrap();
        let got = read_prompts(t.path(), "s1");
        assert_eq!(got[0], "don't push");
        assert!(got[1].contains("truncated by gatehook") && got[1].len() < MAX_PROMPT_BYTES + 100);
    }

    #[test]
    fn prunes_old_sessions_only() {
        let t = tempfile::tempdir().unwrap();
        record_prompt(t.path(), "old", None, "x").unwrap();
        record_prompt(t.path(), "new", None, "y").unwrap();
        let later = std::time::SystemTime::now() + RETENTION + std::time::Duration::from_secs(60);
        // Nothing is stale now; past the retention period, both are.
        assert_eq!(prune(t.path(), std::time::SystemTime::now()), 0);
        assert_eq!(prune(t.path(), later), 2);
        assert!(read_prompts(t.path(), "old").is_empty());
    }

    #[test]
    fn refuses_symlinked_state_file() {
        let t = tempfile::tempdir().unwrap();
        let dir = session_dir(t.path(), "s");
        private_dir(&dir).unwrap();
        let target = t.path().join("victim");
        std::fs::write(&target, "keep").unwrap();
        std::os::unix::fs::symlink(&target, dir.join("prompts.jsonl")).unwrap();
        assert!(record_prompt(t.path(), "s", None, "x").is_err());
        assert_eq!(std::fs::read_to_string(target).unwrap(), "keep");
    }
}
