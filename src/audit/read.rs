//! Reading the audit log back: every record of the live log and its rotated files, and a
//! follower that picks up new lines as hooks append them (across rotations). The one
//! place that turns log bytes into records: `denied` and `audit` read through here. A torn
//! or garbage line is skipped and counted, never an error; an insecure file or directory
//! (a symlink, a hard link, a FIFO, someone else's file) is an error, as for writing.

use super::{
    check_regular, classify_open, open_no_follow, rotated_name, secure_dir,
    shared_lock_with_deadline, AuditError, LOCK_NAME, LOG_NAME, MAX_LINE,
};
use serde_json::Value;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Read};
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Parse the complete lines of `bytes` (each ending at a `\n` or at the end of `bytes`),
/// pushing records onto `out`; returns how many non-blank lines did not parse as a JSON
/// object (torn writes, garbage, a line of a foreign format).
pub fn parse_lines(bytes: &[u8], out: &mut Vec<Value>) -> usize {
    let mut skipped = 0;
    for line in bytes.split(|&b| b == b'\n') {
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        // Every line we write is shorter than MAX_LINE: anything longer is not ours.
        if line.len() >= MAX_LINE {
            skipped += 1;
            continue;
        }
        match serde_json::from_slice::<Value>(line) {
            Ok(v) if v.is_object() => out.push(v),
            _ => skipped += 1,
        }
    }
    skipped
}

/// Read every record of the live log and its rotated files (oldest first), skipping
/// unparsable lines (counted in the second value). A missing directory reads as empty.
pub fn read_all(dir: &Path, keep: u32) -> Result<(Vec<Value>, usize), AuditError> {
    let (mut records, mut skipped, follower) = read_for_follow(dir, keep)?;
    // The live log's last line lacks its newline: a torn write, read like any other line.
    skipped += parse_lines(&follower.partial, &mut records);
    Ok((records, skipped))
}

/// `read_all`, also returning a follower positioned just after what was read (taken under
/// the same lock, so no line is lost or repeated between the two). A last line still
/// without its newline is left to the follower, not counted.
pub fn read_for_follow(dir: &Path, keep: u32) -> Result<(Vec<Value>, usize, Follower), AuditError> {
    let mut follower = Follower {
        dir: dir.to_path_buf(),
        keep,
        live: None,
        newest: None,
        partial: Vec::new(),
    };
    match fs::symlink_metadata(dir) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok((Vec::new(), 0, follower)),
        _ => {}
    }
    secure_dir(dir, false)?;
    let _guard = shared_guard(dir)?;
    let mut records = Vec::new();
    let mut skipped = 0;
    for n in (1..=keep).rev() {
        let path = dir.join(rotated_name(n));
        if let Some(mut file) = open_existing(&path)? {
            skipped += parse_lines(&read_rest(&mut file, &path)?, &mut records);
            follower.newest = Some(identity(&file, &path)?);
        }
    }
    let live_path = dir.join(LOG_NAME);
    if let Some(mut file) = open_existing(&live_path)? {
        let mut bytes = read_rest(&mut file, &live_path)?;
        let complete = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        follower.partial = bytes.split_off(complete);
        skipped += parse_lines(&bytes, &mut records);
        follower.newest = Some(identity(&file, &live_path)?);
        follower.live = Some(file);
    }
    Ok((records, skipped, follower))
}

/// A shared lock on `audit.lock`, when it exists: it keeps a rotation from moving a file
/// between our reads of two names (which would skip or repeat it).
fn shared_guard(dir: &Path) -> Result<Option<File>, AuditError> {
    let lock_path = dir.join(LOCK_NAME);
    match open_no_follow(&lock_path, OpenOptions::new().read(true)) {
        Ok(lock) => {
            check_regular(&lock_path, &lock)?;
            Ok(Some(shared_lock_with_deadline(
                lock,
                &lock_path,
                Duration::from_secs(2),
            )?))
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(classify_open(&lock_path, e, |p, s| AuditError::OpenLock {
            path: p,
            source: s,
        })),
    }
}

/// Which file a handle is (device and inode): rotation renames, so this follows a file
/// from `audit.jsonl` to `audit.jsonl.1` and on.
type Identity = (u64, u64);

fn identity(file: &File, path: &Path) -> Result<Identity, AuditError> {
    let meta = file.metadata().map_err(|e| AuditError::Read {
        path: path.to_path_buf(),
        source: e,
    })?;
    Ok((meta.dev(), meta.ino()))
}

/// Follows the log: each `poll` returns the complete records appended since the last one.
/// When hooks rotate the log (once or several times between two polls), the rest of the
/// file we hold is read through our handle, then every rotated file newer than it, then the
/// new live log from its start.
pub struct Follower {
    dir: PathBuf,
    keep: u32,
    /// The live log as we opened it (it may have been rotated since).
    live: Option<File>,
    /// The newest file read to its end so far (the live log, once opened).
    newest: Option<Identity>,
    /// Bytes after the last newline read so far (a line still being written).
    partial: Vec<u8>,
}

impl Follower {
    /// New complete records since the last poll, and how many new lines were skipped.
    pub fn poll(&mut self) -> Result<(Vec<Value>, usize), AuditError> {
        let path = self.dir.join(LOG_NAME);
        let mut records = Vec::new();
        let mut skipped = self.drain(&path, &mut records)?;
        let current = match fs::symlink_metadata(&path) {
            Ok(m) => Some(((m.dev(), m.ino()), m.len())),
            Err(e) if e.kind() == io::ErrorKind::NotFound => None,
            Err(e) => return Err(AuditError::Read { path, source: e }),
        };
        let moved = match (current, self.newest) {
            // Removed (keep = 0) and not yet created again: nothing to read.
            (None, _) => false,
            (Some(_), None) => true,
            // A new inode may reuse a deleted one's number: a shorter file is a new one.
            (Some((id, len)), Some(newest)) => id != newest || len < self.position(&path)?,
        };
        if !moved {
            return Ok((records, skipped));
        }
        secure_dir(&self.dir, false)?;
        let _guard = shared_guard(&self.dir)?;
        // Finish the file we held (writers only rename it, under the lock we now hold).
        skipped += self.drain(&path, &mut records)?;
        if !self.partial.is_empty() {
            skipped += 1; // a torn line at the end of a rotated file never ends
            self.partial.clear();
        }
        self.live = None;
        // Rotated files newer than the newest we read: those above it in the rotation
        // order, or all of them when it is gone (rotated past `keep`) or there was none.
        let mut newer = Vec::new();
        for n in 1..=self.keep {
            let p = self.dir.join(rotated_name(n));
            let Some(file) = open_existing(&p)? else {
                continue;
            };
            if Some(identity(&file, &p)?) == self.newest {
                break;
            }
            newer.push((file, p));
        }
        for (mut file, p) in newer.into_iter().rev() {
            skipped += parse_lines(&read_rest(&mut file, &p)?, &mut records);
            self.newest = Some(identity(&file, &p)?);
        }
        if let Some(file) = open_existing(&path)? {
            self.newest = Some(identity(&file, &path)?);
            self.live = Some(file);
            skipped += self.drain(&path, &mut records)?;
        }
        Ok((records, skipped))
    }

    /// How far into the live log we have read.
    fn position(&mut self, path: &Path) -> Result<u64, AuditError> {
        use std::io::Seek as _;
        match self.live.as_mut() {
            Some(f) => f.stream_position().map_err(|e| AuditError::Read {
                path: path.to_path_buf(),
                source: e,
            }),
            None => Ok(0),
        }
    }

    /// Read what is new in the file we hold; parse the complete lines.
    fn drain(&mut self, path: &Path, out: &mut Vec<Value>) -> Result<usize, AuditError> {
        let Some(live) = self.live.as_mut() else {
            return Ok(0);
        };
        let bytes = read_rest(live, path)?;
        if bytes.is_empty() {
            return Ok(0);
        }
        self.partial.extend_from_slice(&bytes);
        let Some(last_nl) = self.partial.iter().rposition(|&b| b == b'\n') else {
            if self.partial.len() >= MAX_LINE {
                // No line of ours is this long: garbage without newlines.
                self.partial.clear();
                return Ok(1);
            }
            return Ok(0);
        };
        let rest = self.partial.split_off(last_nl + 1);
        let skipped = parse_lines(&self.partial, out);
        self.partial = rest;
        Ok(skipped)
    }
}

/// Open a log file for reading with the writer's checks; `None` when it does not exist.
fn open_existing(path: &Path) -> Result<Option<File>, AuditError> {
    match open_no_follow(path, OpenOptions::new().read(true)) {
        Ok(f) => {
            check_regular(path, &f)?;
            Ok(Some(f))
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(classify_open(path, e, |p, s| AuditError::Read {
            path: p,
            source: s,
        })),
    }
}

/// Everything from the handle's position to its end.
fn read_rest(file: &mut File, path: &Path) -> Result<Vec<u8>, AuditError> {
    let mut bytes = Vec::new();
    loop {
        match file.read_to_end(&mut bytes) {
            Ok(_) => return Ok(bytes),
            // O_NONBLOCK on a regular file never blocks; retry a signal.
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => {
                return Err(AuditError::Read {
                    path: path.to_path_buf(),
                    source: e,
                })
            }
        }
    }
}
