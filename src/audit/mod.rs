//! Stage 6, the audit: every answer is written down. [`crate::decision::redact`] takes
//! secrets out of whatever is recorded (the log, the reviewer's packet), and [`subagents`]
//! summarises a finished subagent's decisions from the log for its parent.
//!
//! The append-only audit log: one JSON object per line in `<dir>/audit.jsonl`, rotated by
//! size to `audit.jsonl.1 … .keep`, written safely by many short-lived hook processes at once.
//!
//! This module owns the file protocol (reliability.md §4): serialise first, then take an
//! exclusive `flock` on `audit.lock` (a file that is never renamed, so every writer locks
//! the same inode), open the live log only while holding the lock, repair a torn last line,
//! rotate when the next line would overflow, and write the line with one `write_all`.
//! Every name is opened with `O_NOFOLLOW`, and the directory and files are checked so that
//! an agent cannot redirect the log into another file (a symlink to `~/.bashrc`, a hard
//! link, a FIFO that would hang us). It does not decide what goes into a record, nor
//! redact it (`redact`), nor what an audit failure does to the decision (the caller).

use serde_json::{Map, Value};
use std::fmt;
use std::fs::{self, DirBuilder, File, OpenOptions, TryLockError};
use std::io::{self, Write};
use std::os::unix::fs::{DirBuilderExt, FileExt, MetadataExt, OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::thread;
use std::time::{Duration, Instant};

mod read;
pub mod subagents;
pub use read::{parse_lines, read_all, read_for_follow, Follower};

/// The live log's file name inside the audit directory.
pub const LOG_NAME: &str = "audit.jsonl";
/// The lock file's name; it is never renamed or deleted.
pub const LOCK_NAME: &str = "audit.lock";
/// Every line (with its `\n`) is strictly shorter than this.
pub const MAX_LINE: usize = 64 * 1024;

/// Where and how the log is kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AuditSettings {
    /// Holds `audit.jsonl`, `audit.lock` and `audit.jsonl.N`; created 0700 if missing.
    pub dir: PathBuf,
    /// Rotate before a write that would make the live log larger than this.
    pub max_bytes: u64,
    /// Rotated files kept (`audit.jsonl.1` is the newest); 0 keeps none.
    pub keep: u32,
    /// How long to wait for the lock before giving up with `LockTimeout`.
    pub lock_timeout: Duration,
}

impl AuditSettings {
    /// The defaults of INTERFACE.md: 5 MB, three rotated files, a 2 s lock deadline.
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        AuditSettings {
            dir: dir.into(),
            max_bytes: 5_000_000,
            keep: 3,
            lock_timeout: Duration::from_secs(2),
        }
    }
}

/// One variant per step that can fail; each names the path it was working on.
#[derive(Debug)]
pub enum AuditError {
    /// The audit directory could not be created or inspected.
    CreateDir { path: PathBuf, source: io::Error },
    /// Something at one of our names is not what we created: a symlink, a FIFO, a hard
    /// link, a directory others can write, or a file owned by someone else.
    Insecure { path: PathBuf, why: String },
    /// `audit.lock` could not be opened.
    OpenLock { path: PathBuf, source: io::Error },
    /// `flock` failed for a reason other than contention.
    Lock { path: PathBuf, source: io::Error },
    /// Another writer held the lock past the deadline.
    LockTimeout { path: PathBuf, waited: Duration },
    /// The live log could not be opened or inspected.
    OpenLog { path: PathBuf, source: io::Error },
    /// A rename, delete or directory fsync during rotation failed.
    Rotate { path: PathBuf, source: io::Error },
    /// Writing the line (or the repair newline) failed.
    Write { path: PathBuf, source: io::Error },
    /// The record could not be serialised.
    Serialize(serde_json::Error),
    /// A log file could not be read back.
    Read { path: PathBuf, source: io::Error },
}

impl fmt::Display for AuditError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AuditError::CreateDir { path, source } => {
                write!(f, "cannot create audit dir {}: {source}", path.display())
            }
            AuditError::Insecure { path, why } => {
                write!(f, "refusing insecure audit path {}: {why}", path.display())
            }
            AuditError::OpenLock { path, source } => {
                write!(f, "cannot open audit lock {}: {source}", path.display())
            }
            AuditError::Lock { path, source } => {
                write!(f, "cannot lock {}: {source}", path.display())
            }
            AuditError::LockTimeout { path, waited } => {
                write!(
                    f,
                    "timed out after {waited:?} waiting for {}",
                    path.display()
                )
            }
            AuditError::OpenLog { path, source } => {
                write!(f, "cannot open audit log {}: {source}", path.display())
            }
            AuditError::Rotate { path, source } => {
                write!(f, "cannot rotate audit log at {}: {source}", path.display())
            }
            AuditError::Write { path, source } => {
                write!(f, "cannot write audit log {}: {source}", path.display())
            }
            AuditError::Serialize(source) => write!(f, "cannot serialise audit record: {source}"),
            AuditError::Read { path, source } => {
                write!(f, "cannot read audit log {}: {source}", path.display())
            }
        }
    }
}

impl std::error::Error for AuditError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            AuditError::CreateDir { source, .. }
            | AuditError::OpenLock { source, .. }
            | AuditError::Lock { source, .. }
            | AuditError::OpenLog { source, .. }
            | AuditError::Rotate { source, .. }
            | AuditError::Write { source, .. }
            | AuditError::Read { source, .. } => Some(source),
            AuditError::Serialize(source) => Some(source),
            AuditError::Insecure { .. } | AuditError::LockTimeout { .. } => None,
        }
    }
}

/// Append one record as one JSON line. `record` is serialised BEFORE taking the lock; lines
/// over 64 KiB are shrunk (the largest strings are truncated and `"truncated": true` is
/// added) so one line is always < 64 KiB.
pub fn append(settings: &AuditSettings, record: &Value) -> Result<(), AuditError> {
    let line = serialize_line(record)?;
    let dir = &settings.dir;
    let dir_handle = secure_dir(dir, true)?;

    let lock_path = dir.join(LOCK_NAME);
    let lock = open_no_follow(
        &lock_path,
        OpenOptions::new().read(true).write(true).create(true),
    )
    .map_err(|e| {
        classify_open(&lock_path, e, |p, s| AuditError::OpenLock {
            path: p,
            source: s,
        })
    })?;
    check_regular(&lock_path, &lock)?;
    let _guard = lock_with_deadline(&lock, &lock_path, settings.lock_timeout)?;

    let log_path = dir.join(LOG_NAME);
    let mut log = open_log(&log_path)?;
    let mut size = log
        .metadata()
        .map_err(|e| AuditError::OpenLog {
            path: log_path.clone(),
            source: e,
        })?
        .len();
    if size > 0 && !ends_with_newline(&log, size, &log_path)? {
        // An earlier writer was cut short (ENOSPC, a signal): end its partial line so
        // ours starts on a line of its own. Readers skip the partial one.
        log.write_all(b"\n").map_err(|e| AuditError::Write {
            path: log_path.clone(),
            source: e,
        })?;
        size += 1;
    }
    if size > 0 && size.saturating_add(line.len() as u64) > settings.max_bytes {
        // The old inode must be complete on disk before its name moves.
        log.sync_all().map_err(|e| AuditError::Rotate {
            path: log_path.clone(),
            source: e,
        })?;
        drop(log);
        rotate(dir, settings.keep)?;
        dir_handle.sync_all().map_err(|e| AuditError::Rotate {
            path: dir.clone(),
            source: e,
        })?;
        log = open_log(&log_path)?;
    }
    log.write_all(&line).map_err(|e| AuditError::Write {
        path: log_path,
        source: e,
    })?;
    // NOTE: the log is dropped before the guard, so no process ever holds a log fd outside
    // the lock and none can be left writing to an inode that was rotated away.
    drop(log);
    Ok(())
}

/// The checks `append` makes before it writes, without writing (for `gatehook doctor`):
/// the directory is a real directory of ours that nobody else can write, and the lock file
/// and live log, where they exist, are regular files of ours with a single link.
pub fn inspect(dir: &Path) -> Result<(), AuditError> {
    secure_dir(dir, false)?;
    for name in [LOCK_NAME, LOG_NAME] {
        let path = dir.join(name);
        match open_no_follow(&path, OpenOptions::new().read(true)) {
            Ok(f) => check_regular(&path, &f)?,
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(e) => {
                return Err(classify_open(&path, e, |p, s| AuditError::OpenLog {
                    path: p,
                    source: s,
                }))
            }
        }
    }
    Ok(())
}

/// The name of the `n`th rotated file (`audit.jsonl.1` is the newest).
pub fn rotated_name(n: u32) -> String {
    format!("{LOG_NAME}.{n}")
}

// ---------------------------------------------------------------------------------------
// Serialising and shrinking.

/// The record as one compact JSON line ending in `\n`, shorter than `MAX_LINE`.
fn serialize_line(record: &Value) -> Result<Vec<u8>, AuditError> {
    let mut line = serde_json::to_vec(record).map_err(AuditError::Serialize)?;
    if line.len() >= MAX_LINE {
        line = shrink(record, line.len())?;
    }
    line.push(b'\n');
    Ok(line)
}

/// Truncate every string longer than a cap, halving the cap until the line fits; if even
/// short strings don't fit (a huge array of numbers, thousands of keys), keep only the
/// top-level scalars, and at worst only the fact that a record was dropped.
fn shrink(record: &Value, original: usize) -> Result<Vec<u8>, AuditError> {
    let fits = |v: &Value| -> Result<Option<Vec<u8>>, AuditError> {
        let bytes = serde_json::to_vec(v).map_err(AuditError::Serialize)?;
        Ok((bytes.len() < MAX_LINE).then_some(bytes))
    };
    let mut cap = MAX_LINE / 2;
    while cap >= 32 {
        let mut shrunk = truncate_strings(record, cap);
        mark_truncated(&mut shrunk, original);
        if let Some(bytes) = fits(&shrunk)? {
            return Ok(bytes);
        }
        cap /= 2;
    }
    let mut stub = Map::new();
    if let Value::Object(map) = record {
        for (k, v) in map {
            let small = match v {
                Value::String(_) => truncate_strings(v, 256),
                Value::Number(_) | Value::Bool(_) | Value::Null => v.clone(),
                Value::Array(_) | Value::Object(_) => continue,
            };
            if k.len() <= 256 {
                stub.insert(k.clone(), small);
            }
        }
    }
    let mut stub = Value::Object(stub);
    mark_truncated(&mut stub, original);
    if let Some(bytes) = fits(&stub)? {
        return Ok(bytes);
    }
    let mut bare = Value::Object(Map::new());
    mark_truncated(&mut bare, original);
    serde_json::to_vec(&bare).map_err(AuditError::Serialize)
}

fn truncate_strings(v: &Value, cap: usize) -> Value {
    match v {
        Value::String(s) if s.len() > cap => {
            let cut = floor_char_boundary(s, cap);
            Value::String(format!("{}…[truncated {} bytes]", &s[..cut], s.len() - cut))
        }
        Value::Array(items) => {
            Value::Array(items.iter().map(|i| truncate_strings(i, cap)).collect())
        }
        Value::Object(map) => Value::Object(
            map.iter()
                .map(|(k, v)| (k.clone(), truncate_strings(v, cap)))
                .collect(),
        ),
        other => other.clone(),
    }
}

fn mark_truncated(v: &mut Value, original: usize) {
    if !v.is_object() {
        let inner = std::mem::take(v);
        let mut map = Map::new();
        map.insert("record".into(), inner);
        *v = Value::Object(map);
    }
    if let Value::Object(map) = v {
        map.insert("truncated".into(), Value::Bool(true));
        map.insert("original_bytes".into(), Value::from(original));
    }
}

/// The largest index `<= i` that is a char boundary of `s` (std's is newer than our MSRV).
fn floor_char_boundary(s: &str, i: usize) -> usize {
    let mut i = i.min(s.len());
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

// ---------------------------------------------------------------------------------------
// Opening files safely.

/// Open `path` without following a symlink at its last component, without blocking on a
/// FIFO, with mode 0600 if created. (std already sets O_CLOEXEC.)
fn open_no_follow(path: &Path, options: &mut OpenOptions) -> io::Result<File> {
    options
        .mode(0o600)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK | libc::O_CLOEXEC)
        .open(path)
}

/// Turn an open failure into `Insecure` when something foreign sits at the name (a
/// symlink gives ELOOP under O_NOFOLLOW, a FIFO without reader gives ENXIO).
fn classify_open(
    path: &Path,
    err: io::Error,
    plain: impl FnOnce(PathBuf, io::Error) -> AuditError,
) -> AuditError {
    if let Ok(meta) = fs::symlink_metadata(path) {
        let ft = meta.file_type();
        if ft.is_symlink() {
            return insecure(path, "is a symlink");
        }
        if !ft.is_file() {
            return insecure(path, "is not a regular file");
        }
    }
    plain(path.to_path_buf(), err)
}

fn open_log(path: &Path) -> Result<File, AuditError> {
    let log = open_no_follow(
        path,
        OpenOptions::new().read(true).append(true).create(true),
    )
    .map_err(|e| classify_open(path, e, |p, s| AuditError::OpenLog { path: p, source: s }))?;
    check_regular(path, &log)?;
    Ok(log)
}

/// Check the handle we hold (not the name, which could change under us).
fn check_regular(path: &Path, file: &File) -> Result<(), AuditError> {
    let meta = file.metadata().map_err(|e| AuditError::OpenLog {
        path: path.to_path_buf(),
        source: e,
    })?;
    if !meta.file_type().is_file() {
        return Err(insecure(path, "is not a regular file"));
    }
    // A hard link would make our appends land in some other file of the same user.
    if meta.nlink() != 1 {
        return Err(insecure(path, &format!("has {} hard links", meta.nlink())));
    }
    if let Some(uid) = crate::context::state::current_uid() {
        if meta.uid() != uid {
            return Err(insecure(
                path,
                &format!("is owned by uid {}, not {uid}", meta.uid()),
            ));
        }
    }
    Ok(())
}

fn ends_with_newline(log: &File, size: u64, path: &Path) -> Result<bool, AuditError> {
    let mut last = [0u8; 1];
    log.read_exact_at(&mut last, size - 1)
        .map_err(|e| AuditError::OpenLog {
            path: path.to_path_buf(),
            source: e,
        })?;
    Ok(last[0] == b'\n')
}

/// Create the directory (0700) if asked and missing, then refuse it unless it is a real
/// directory of ours that nobody else can write. Returns a handle for fsyncing it.
fn secure_dir(dir: &Path, create: bool) -> Result<File, AuditError> {
    let create_err = |e| AuditError::CreateDir {
        path: dir.to_path_buf(),
        source: e,
    };
    if create {
        match fs::symlink_metadata(dir) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => DirBuilder::new()
                .recursive(true)
                .mode(0o700)
                .create(dir)
                .map_err(create_err)?,
            Err(e) => return Err(create_err(e)),
            Ok(_) => {}
        }
    }
    let meta = fs::symlink_metadata(dir).map_err(create_err)?;
    if meta.file_type().is_symlink() {
        return Err(insecure(dir, "is a symlink"));
    }
    let handle = OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_DIRECTORY | libc::O_CLOEXEC)
        .open(dir)
        .map_err(|e| classify_dir_open(dir, e))?;
    let meta = handle.metadata().map_err(create_err)?;
    if !meta.is_dir() {
        return Err(insecure(dir, "is not a directory"));
    }
    let mode = meta.permissions().mode();
    if mode & 0o022 != 0 {
        return Err(insecure(
            dir,
            &format!("is writable by group or others (mode {:o})", mode & 0o777),
        ));
    }
    if let Some(uid) = crate::context::state::current_uid() {
        if meta.uid() != uid {
            return Err(insecure(
                dir,
                &format!("is owned by uid {}, not {uid}", meta.uid()),
            ));
        }
    }
    Ok(handle)
}

fn classify_dir_open(dir: &Path, err: io::Error) -> AuditError {
    match fs::symlink_metadata(dir) {
        Ok(m) if m.file_type().is_symlink() => insecure(dir, "is a symlink"),
        Ok(m) if !m.is_dir() => insecure(dir, "is not a directory"),
        _ => AuditError::CreateDir {
            path: dir.to_path_buf(),
            source: err,
        },
    }
}

fn insecure(path: &Path, why: &str) -> AuditError {
    AuditError::Insecure {
        path: path.to_path_buf(),
        why: why.to_string(),
    }
}

// ---------------------------------------------------------------------------------------
// Locking and rotating.

/// Releases the flock when dropped (closing the fd would too; this makes it explicit).
struct LockGuard<'a>(&'a File);

impl Drop for LockGuard<'_> {
    fn drop(&mut self) {
        let _ = self.0.unlock();
    }
}

/// Take the exclusive lock, polling `try_lock` with a short growing backoff until the
/// deadline: a wedged writer must not hang every hook behind it.
fn lock_with_deadline<'a>(
    lock: &'a File,
    path: &Path,
    timeout: Duration,
) -> Result<LockGuard<'a>, AuditError> {
    poll_lock(path, timeout, || lock.try_lock())?;
    Ok(LockGuard(lock))
}

fn shared_lock_with_deadline(
    lock: File,
    path: &Path,
    timeout: Duration,
) -> Result<File, AuditError> {
    poll_lock(path, timeout, || lock.try_lock_shared())?;
    Ok(lock)
}

fn poll_lock(
    path: &Path,
    timeout: Duration,
    mut try_lock: impl FnMut() -> Result<(), TryLockError>,
) -> Result<(), AuditError> {
    let start = Instant::now();
    let mut backoff = Duration::from_micros(200);
    loop {
        match try_lock() {
            Ok(()) => return Ok(()),
            Err(TryLockError::WouldBlock) => {}
            Err(TryLockError::Error(e)) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(TryLockError::Error(e)) => {
                return Err(AuditError::Lock {
                    path: path.to_path_buf(),
                    source: e,
                })
            }
        }
        let waited = start.elapsed();
        if waited >= timeout {
            return Err(AuditError::LockTimeout {
                path: path.to_path_buf(),
                waited,
            });
        }
        // Jitter from the clock keeps many waiters from waking in lockstep.
        let jitter = Duration::from_micros(u64::from(start.elapsed().subsec_nanos() % 500));
        thread::sleep((backoff + jitter).min(timeout - waited));
        backoff = (backoff * 2).min(Duration::from_millis(10));
    }
}

/// Shift `.keep-1 → .keep … .1 → .2`, then `audit.jsonl → .1`; with `keep == 0` the live
/// log is simply removed. `rename` replaces the oldest file and never follows a symlink.
fn rotate(dir: &Path, keep: u32) -> Result<(), AuditError> {
    let rot_err = |path: PathBuf| move |e| AuditError::Rotate { path, source: e };
    let live = dir.join(LOG_NAME);
    if keep == 0 {
        return remove_if_present(&live).map_err(rot_err(live.clone()));
    }
    // Files beyond `keep` (left over from a larger `keep`) are deleted, oldest name first
    // gone; stop at the first gap.
    let mut n = keep + 1;
    loop {
        let path = dir.join(rotated_name(n));
        match fs::remove_file(&path) {
            Ok(()) => n += 1,
            Err(e) if e.kind() == io::ErrorKind::NotFound => break,
            Err(e) => return Err(rot_err(path)(e)),
        }
    }
    for n in (1..keep).rev() {
        let from = dir.join(rotated_name(n));
        match fs::rename(&from, dir.join(rotated_name(n + 1))) {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(e) => return Err(rot_err(from)(e)),
        }
    }
    fs::rename(&live, dir.join(rotated_name(1))).map_err(rot_err(live.clone()))
}

fn remove_if_present(path: &Path) -> io::Result<()> {
    match fs::remove_file(path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
        other => other,
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
#[path = "audit_tests.rs"]
mod tests;
