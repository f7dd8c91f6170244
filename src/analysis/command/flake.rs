//! The flake `nix develop` evaluates, found the way Nix finds it (checked against the
//! source of Nix 2.36.0: `parsePathFlakeRefWithFragment` in `src/libflake/flakeref.cc`,
//! `lockFlake` in `src/libflake/flake.cc`, `RootArgs::parseCmdline` in
//! `src/libutil/args.cc`):
//!
//! - the installable `.` (the default) is the working directory with its links resolved;
//!   when it holds no `flake.nix` (a link there counts: Nix asks `lstat`), Nix looks in
//!   each parent in turn, and gives up with an error at the first directory that holds a
//!   `.git` (after looking for a `flake.nix` there), at another file system, or at `/` —
//!   before it evaluates, builds or runs anything (the search here also looks across file
//!   systems and at `/` itself, which can only find more);
//! - `flake.lock` beside the `flake.nix` found pins the flake's inputs; without it, or
//!   when `flake.nix` names inputs it does not lock, Nix locks them at their newest,
//!   fetching them, and writes it (unless `--no-write-lock-file`);
//! - when the first word after `nix` names a file in the working directory that starts
//!   with `#!`, Nix takes the command for a script run by `nix` and reads more arguments
//!   from that file's `#! nix` lines.
//!
//! Pure look-ups; `build` judges what they find against the session's baseline.

use std::io::Read;
use std::path::{Path, PathBuf};

/// Where `nix develop` looked for the flake of a working directory.
pub(super) struct Flake {
    /// Each `flake.nix` Nix looks for, nearest first (the last is the flake's when one is
    /// found).
    pub looked_at: Vec<PathBuf>,
    /// The flake's directory, when Nix finds one.
    pub dir: Option<PathBuf>,
}

impl Flake {
    /// The flake's lock file, when there is a flake.
    pub fn lock(&self) -> Option<PathBuf> {
        self.dir.as_ref().map(|d| d.join("flake.lock"))
    }
}

/// The flake of `cwd` (already resolved through its links), as Nix searches for it.
pub(super) fn find(cwd: &Path) -> Flake {
    let mut looked_at = Vec::new();
    let mut dir = Some(cwd);
    while let Some(d) = dir {
        let f = d.join("flake.nix");
        let found = std::fs::symlink_metadata(&f).is_ok();
        looked_at.push(f);
        if found {
            return Flake {
                looked_at,
                dir: Some(d.to_path_buf()),
            };
        }
        if std::fs::symlink_metadata(d.join(".git")).is_ok() {
            break;
        }
        dir = d.parent();
    }
    Flake {
        looked_at,
        dir: None,
    }
}

/// Would Nix read `path` (the first word after `nix`, in the working directory) as a
/// script of more arguments? Yes when it starts with `#!`, and when it is there but
/// cannot be read to tell (a directory cannot start with anything).
pub(super) fn read_as_script(path: &Path) -> bool {
    if std::fs::symlink_metadata(path).is_err() {
        return false;
    }
    match std::fs::metadata(path) {
        Ok(m) if m.is_dir() => return false,
        // A link that leads nowhere: Nix cannot open it.
        Err(_) => return false,
        Ok(_) => {}
    }
    let Ok(f) = crate::context::state::open_regular(path) else {
        return true;
    };
    let mut head = Vec::new();
    match f.take(2).read_to_end(&mut head) {
        Ok(_) => head == b"#!",
        Err(_) => true,
    }
}
