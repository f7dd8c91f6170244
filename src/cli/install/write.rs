//! Reading and replacing a settings file safely: a symlinked file is edited at its target
//! (dotfile repositories stay linked), anything but a regular file is refused, the new
//! text goes to a temp file in the same directory that is fsynced and renamed over the old
//! one with the old file's permissions and owner, the previous bytes are kept in
//! `<file>.gatehook-backup`, and a file that changed while we worked is left alone.

use std::fs::{self, File, OpenOptions};
use std::io::{Read, Write};
use std::os::unix::fs::{MetadataExt, OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};

/// Settings files are small; a bigger one is refused rather than rewritten.
pub const MAX_SETTINGS_BYTES: u64 = 4 * 1024 * 1024;

/// Suffix of the backup written next to the file before it is replaced.
pub const BACKUP_SUFFIX: &str = ".gatehook-backup";

/// A settings file as found.
#[derive(Debug)]
pub struct Original {
    /// The path asked for.
    pub path: PathBuf,
    /// Where the bytes live (the symlink's target when `path` is a symlink).
    pub real: PathBuf,
    /// `None`: the file does not exist yet.
    pub bytes: Option<Vec<u8>>,
    pub mode: Option<u32>,
    pub owner: Option<(u32, u32)>,
}

impl Original {
    pub fn text(&self) -> Result<&str, String> {
        std::str::from_utf8(self.bytes.as_deref().unwrap_or_default())
            .map_err(|_| format!("{} is not UTF-8 text", self.real.display()))
    }
}

fn read_regular(path: &Path) -> Result<Option<(Vec<u8>, fs::Metadata)>, String> {
    let mut f = match OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK | libc::O_CLOEXEC)
        .open(path)
    {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("cannot open {}: {e}", path.display())),
    };
    let meta = f
        .metadata()
        .map_err(|e| format!("cannot inspect {}: {e}", path.display()))?;
    if !meta.is_file() {
        return Err(format!("{} is not a regular file", path.display()));
    }
    if meta.len() > MAX_SETTINGS_BYTES {
        return Err(format!(
            "{} is {} bytes, larger than the {MAX_SETTINGS_BYTES} a settings file may be",
            path.display(),
            meta.len()
        ));
    }
    let mut bytes = Vec::new();
    (&mut f)
        .take(MAX_SETTINGS_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    Ok(Some((bytes, meta)))
}

/// Read `path` (following a symlink to its target).
pub fn read(path: &Path) -> Result<Original, String> {
    let real = match fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => fs::canonicalize(path).map_err(|e| {
            format!(
                "{} is a symlink whose target cannot be resolved: {e}",
                path.display()
            )
        })?,
        _ => path.to_path_buf(),
    };
    let found = read_regular(&real)?;
    Ok(Original {
        path: path.to_path_buf(),
        owner: found.as_ref().map(|(_, m)| (m.uid(), m.gid())),
        mode: found.as_ref().map(|(_, m)| m.permissions().mode() & 0o7777),
        bytes: found.map(|(b, _)| b),
        real,
    })
}

fn temp_path(dir: &Path, name: &str) -> PathBuf {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or(0);
    dir.join(format!(
        ".{name}.gatehook-{}-{nanos}.tmp",
        std::process::id()
    ))
}

/// Write `bytes` to `dest` by temp file + fsync + rename, with `mode` and `owner`.
fn replace(dest: &Path, bytes: &[u8], mode: u32, owner: Option<(u32, u32)>) -> Result<(), String> {
    let dir = dest.parent().unwrap_or(Path::new("/"));
    let name = dest
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = temp_path(dir, &name);
    let result = (|| -> std::io::Result<()> {
        let mut f: File = OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(0o600)
            .custom_flags(libc::O_NOFOLLOW | libc::O_CLOEXEC)
            .open(&tmp)?;
        f.write_all(bytes)?;
        // The create mode went through the umask; set the exact one.
        f.set_permissions(fs::Permissions::from_mode(mode))?;
        if let Some((uid, gid)) = owner {
            let meta = f.metadata()?;
            if meta.uid() != uid || meta.gid() != gid {
                std::os::unix::fs::fchown(&f, Some(uid), Some(gid))?;
            }
        }
        f.sync_all()?;
        drop(f);
        fs::rename(&tmp, dest)?;
        File::open(dir)?.sync_all()
    })();
    if let Err(e) = result {
        let _ = fs::remove_file(&tmp);
        return Err(format!("cannot write {}: {e}", dest.display()));
    }
    Ok(())
}

/// Replace the file's contents with `new`, keeping a backup of the old bytes. Returns the
/// backup path when one was written (none for a file that did not exist).
pub fn commit(orig: &Original, new: &str) -> Result<Option<PathBuf>, String> {
    let dir = orig.real.parent().unwrap_or(Path::new("/"));
    if !dir.exists() {
        fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    let backup = match &orig.bytes {
        Some(old) => {
            let mut b = orig.real.clone().into_os_string();
            b.push(BACKUP_SUFFIX);
            let b = PathBuf::from(b);
            replace(&b, old, orig.mode.unwrap_or(0o600), orig.owner)?;
            Some(b)
        }
        None => None,
    };
    // Someone (Claude Code's /permissions, an editor) may have written the file meanwhile:
    // their change must not be lost under ours.
    let now = read_regular(&orig.real)?.map(|(b, _)| b);
    if now != orig.bytes {
        return Err(format!(
            "{} changed while gatehook was editing it; nothing was written, run the command again",
            orig.real.display()
        ));
    }
    replace(
        &orig.real,
        new.as_bytes(),
        orig.mode.unwrap_or(0o600),
        orig.owner,
    )?;
    Ok(backup)
}
