//! Small JSON state files of one session (`reviews.json`, `owner.json`): read and replaced
//! whole under a lock file that is never renamed, written to a temporary file and renamed
//! into place so a reader never sees half a file. No file is opened through a symlink, and
//! files larger than a bound are treated as absent (the caller starts afresh).

use crate::context::state;
use anyhow::{bail, Context as _};
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::fs::{File, OpenOptions};
use std::io::{Read, Write};
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};

/// State files larger than this are ignored and rewritten.
pub const MAX_STATE_BYTES: u64 = 4 * 1024 * 1024;

fn open_nofollow(path: &Path, write: bool) -> std::io::Result<File> {
    let mut o = OpenOptions::new();
    o.read(true);
    if write {
        o.write(true).create(true).truncate(true).mode(0o600);
    }
    o.custom_flags(libc::O_NOFOLLOW | libc::O_CLOEXEC | libc::O_NONBLOCK);
    o.open(path)
}

/// A held lock on one state file of a session.
pub struct Locked {
    _lock: File,
    dir: PathBuf,
    name: String,
}

/// Take the lock for `dir/name` (creating the private session directory).
pub fn lock(dir: &Path, name: &str) -> anyhow::Result<Locked> {
    state::private_dir(dir)?;
    let lock_path = dir.join(format!("{name}.lock"));
    let f = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .mode(0o600)
        .custom_flags(libc::O_NOFOLLOW | libc::O_CLOEXEC | libc::O_NONBLOCK)
        .open(&lock_path)
        .with_context(|| format!("opening {}", lock_path.display()))?;
    if !f.metadata()?.is_file() {
        bail!("{} is not a regular file", lock_path.display());
    }
    f.lock().context("locking session state")?;
    Ok(Locked {
        _lock: f,
        dir: dir.to_path_buf(),
        name: name.to_string(),
    })
}

impl Locked {
    /// The current value, or `None` when absent, oversized or unparsable.
    pub fn read<T: DeserializeOwned>(&self) -> Option<T> {
        read_unlocked(&self.dir.join(&self.name))
    }

    /// Replace the file atomically.
    pub fn write<T: Serialize>(&self, value: &T) -> anyhow::Result<()> {
        let text = serde_json::to_vec(value)?;
        let tmp = self
            .dir
            .join(format!("{}.tmp.{}", self.name, std::process::id()));
        let _ = std::fs::remove_file(&tmp);
        let mut f =
            open_nofollow(&tmp, true).with_context(|| format!("creating {}", tmp.display()))?;
        f.write_all(&text)?;
        drop(f);
        std::fs::rename(&tmp, self.dir.join(&self.name))
            .with_context(|| format!("replacing {}", self.name))?;
        Ok(())
    }
}

/// Read a state file without the lock (renames make this safe for readers).
pub fn read_unlocked<T: DeserializeOwned>(path: &Path) -> Option<T> {
    let f = open_nofollow(path, false).ok()?;
    let md = f.metadata().ok()?;
    if !md.is_file() || md.len() > MAX_STATE_BYTES {
        return None;
    }
    let mut buf = Vec::with_capacity(md.len() as usize);
    f.take(MAX_STATE_BYTES).read_to_end(&mut buf).ok()?;
    serde_json::from_slice(&buf).ok()
}
