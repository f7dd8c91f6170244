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
        live: None,
        partial: Vec::new(),
    };
    match fs::symlink_metadata(dir) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok((Vec::new(), 0, follower)),
        _ => {}
    }
    secure_dir(dir, false)?;
    // A shared lock, when the lock file exists, keeps a rotation from moving a file
    // between our reads of two names (which would skip or repeat it).
    let lock_path = dir.join(LOCK_NAME);
    let _guard = match open_no_follow(&lock_path, OpenOptions::new().read(true)) {
        Ok(lock) => {
            check_regular(&lock_path, &lock)?;
            Some(shared_lock_with_deadline(
                lock,
                &lock_path,
                Duration::from_secs(2),
            )?)
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => None,
        Err(e) => {
            return Err(classify_open(&lock_path, e, |p, s| AuditError::OpenLock {
                path: p,
                source: s,
            }))
        }
    };
    let mut records = Vec::new();
    let mut skipped = 0;
    for n in (1..=keep).rev() {
        let path = dir.join(rotated_name(n));
        if let Some(mut file) = open_existing(&path)? {
            skipped += parse_lines(&read_rest(&mut file, &path)?, &mut records);
        }
    }
    let live_path = dir.join(LOG_NAME);
    if let Some(mut file) = open_existing(&live_path)? {
        let mut bytes = read_rest(&mut file, &live_path)?;
        let complete = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        follower.partial = bytes.split_off(complete);
        skipped += parse_lines(&bytes, &mut records);
        follower.live = Some(Live::of(file, &live_path)?);
    }
    Ok((records, skipped, follower))
}

/// Follows the live log: each `poll` returns the complete records appended since the last
/// one. When a hook rotates the log, the rest of the old file is read through the handle
/// we hold (rotation renames, so it is the same inode) before the new file is opened.
pub struct Follower {
    dir: PathBuf,
    live: Option<Live>,
    /// Bytes after the last newline read so far (a line still being written).
    partial: Vec<u8>,
}

struct Live {
    file: File,
    dev: u64,
    ino: u64,
}

impl Live {
    fn of(file: File, path: &Path) -> Result<Live, AuditError> {
        let meta = file.metadata().map_err(|e| AuditError::Read {
            path: path.to_path_buf(),
            source: e,
        })?;
        Ok(Live {
            file,
            dev: meta.dev(),
            ino: meta.ino(),
        })
    }
}

impl Follower {
    /// New complete records since the last poll, and how many new lines were skipped.
    pub fn poll(&mut self) -> Result<(Vec<Value>, usize), AuditError> {
        let path = self.dir.join(LOG_NAME);
        let mut records = Vec::new();
        let mut skipped = self.drain(&path, &mut records)?;
        let current = match fs::symlink_metadata(&path) {
            Ok(m) => Some((m.dev(), m.ino())),
            Err(e) if e.kind() == io::ErrorKind::NotFound => None,
            Err(e) => {
                return Err(AuditError::Read {
                    path: path.clone(),
                    source: e,
                })
            }
        };
        let same = match (&self.live, current) {
            (Some(l), Some((dev, ino))) => l.dev == dev && l.ino == ino,
            (_, None) => true, // removed (keep = 0): wait for a writer to create it again
            (None, Some(_)) => false,
        };
        if !same {
            // Rotated (or created): finish the old file, then start the new one at 0.
            skipped += self.drain(&path, &mut records)?;
            if !self.partial.is_empty() {
                skipped += 1;
                self.partial.clear();
            }
            self.live = None;
            if let Some(file) = open_existing(&path)? {
                self.live = Some(Live::of(file, &path)?);
                skipped += self.drain(&path, &mut records)?;
            }
        }
        Ok((records, skipped))
    }

    /// Read what is new in the file we hold; parse the complete lines.
    fn drain(&mut self, path: &Path, out: &mut Vec<Value>) -> Result<usize, AuditError> {
        let Some(live) = self.live.as_mut() else {
            return Ok(0);
        };
        let bytes = read_rest(&mut live.file, path)?;
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
