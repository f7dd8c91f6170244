//! What a directory tree can lead a reader to: symbolic links whose target lies outside
//! the workspace (followed by `grep -R`, `rg --follow`, `find -L`, `cp -L`, and by any
//! reader handed names chosen at run time), and hard links to a sensitive file (read by
//! every recursive reader, following or not). The sensitive files are the credential
//! locations of the path floor (`floor::credential_locations`), statted when a check needs
//! them; a hard link can only exist to a file whose link count is above one, so when no
//! sensitive file has one (the usual case) no tree is walked for hard links at all. The
//! set is built only when it is needed: a small tree whose files all have one name needs
//! no set (and no stat of every credential location).

use super::glob::NamePattern;
use crate::context::floor::{self, FloorCtx};
use crate::context::paths::{self, Workspace};
use std::collections::HashSet;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

/// Entries looked at per check, at most; past it the tree is not known.
pub const MAX_ENTRIES: usize = 20_000;
/// Files statted to build the sensitive set, at most; past it the set is incomplete.
pub const MAX_SENSITIVE: usize = 2_000;

/// Sensitive files that have other names somewhere (link count above one).
#[derive(Debug, Default)]
pub struct Sensitive {
    /// (device, inode) → one of the sensitive file's own paths.
    pub linked: Vec<(u64, u64, PathBuf)>,
    /// Every sensitive location was looked at.
    pub complete: bool,
}

impl Sensitive {
    pub fn gather(floor: &FloorCtx) -> Sensitive {
        let mut out = Sensitive {
            linked: Vec::new(),
            complete: true,
        };
        let mut budget = MAX_SENSITIVE;
        for root in floor::credential_locations(floor) {
            collect(&root, 0, &mut budget, &mut out);
        }
        out
    }

    pub fn find(&self, dev: u64, ino: u64) -> Option<&Path> {
        self.linked
            .iter()
            .find(|(d, i, _)| *d == dev && *i == ino)
            .map(|(_, _, p)| p.as_path())
    }
}

fn collect(p: &Path, depth: u8, budget: &mut usize, out: &mut Sensitive) {
    if *budget == 0 {
        out.complete = false;
        return;
    }
    *budget -= 1;
    let Ok(m) = std::fs::symlink_metadata(p) else {
        return;
    };
    if m.is_file() {
        if m.nlink() > 1 {
            out.linked.push((m.dev(), m.ino(), p.to_path_buf()));
        }
    } else if m.is_dir() {
        if depth >= 6 {
            out.complete = false;
            return;
        }
        let Ok(rd) = std::fs::read_dir(p) else {
            // A directory we cannot read holds nothing we could be led to read either.
            return;
        };
        for e in rd.flatten() {
            collect(&e.path(), depth + 1, budget, out);
        }
    }
}

/// What a tree leads to.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Reach {
    /// Targets of links that leave the workspace (resolved), and sensitive files a hard
    /// link in the tree names: paths the reader reads too.
    pub reads: Vec<PathBuf>,
    /// The walk was cut short (too many entries, an unreadable or non-UTF-8 name, a file
    /// with several links while the sensitive set is incomplete): not known.
    pub unknown: Option<String>,
}

/// The kinds of entries (as `lstat` sees them) a reader reads or is handed: what a
/// lister's `-type` prints. Directories are walked whatever this says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Kinds {
    /// Regular files.
    pub files: bool,
    /// Directories (handed to a reader that recurses, everything below them is read).
    pub dirs: bool,
    /// Symbolic links: without them, a link is neither read nor entered.
    pub links: bool,
    /// FIFOs, sockets, devices.
    pub other: bool,
}

impl Kinds {
    pub const ALL: Kinds = Kinds {
        files: true,
        dirs: true,
        links: true,
        other: true,
    };
    pub const NONE: Kinds = Kinds {
        files: false,
        dirs: false,
        links: false,
        other: false,
    };

    pub fn union(self, o: Kinds) -> Kinds {
        Kinds {
            files: self.files || o.files,
            dirs: self.dirs || o.dirs,
            links: self.links || o.links,
            other: self.other || o.other,
        }
    }

    pub fn intersect(self, o: Kinds) -> Kinds {
        Kinds {
            files: self.files && o.files,
            dirs: self.dirs && o.dirs,
            links: self.links && o.links,
            other: self.other && o.other,
        }
    }

    pub fn complement(self) -> Kinds {
        Kinds {
            files: !self.files,
            dirs: !self.dirs,
            links: !self.links,
            other: !self.other,
        }
    }

    pub fn is_empty(self) -> bool {
        self == Kinds::NONE
    }

    /// Does an entry of this type pass?
    fn admits(self, t: std::fs::FileType) -> bool {
        if t.is_symlink() {
            self.links
        } else if t.is_dir() {
            self.dirs
        } else if t.is_file() {
            self.files
        } else {
            self.other
        }
    }
}

/// How a walker treats what it meets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Walker<'a> {
    /// Only files whose name matches one of these patterns are read (`grep
    /// --include=GLOB`, `rg -g GLOB`, `find -name P` handing names on); `None`: every file.
    pub only: Option<&'a [NamePattern]>,
    /// Only entries of these kinds are read or handed on (`find -type f`); a link left
    /// out is not entered either.
    pub kinds: Kinds,
    /// It follows symbolic links (then a link out of the workspace is a read of its
    /// target, and a link to a directory inside is walked too).
    pub follow: bool,
    /// It reads the files' contents (a lister like `find` only reads names: a hard link
    /// shows it nothing).
    pub contents: bool,
    /// A link whose name `only` leaves out is left out too, target and all (names a
    /// `find -name` lists, which does not enter linked directories); otherwise a link to
    /// a directory is entered whatever its name (`grep -R --include`).
    pub links_by_name: bool,
    /// The tree's names are handed to a reader (`find … | xargs cat`, `cat $(find …)`):
    /// every file it could be handed that the path floor knows (a credential store under
    /// the root, an `.env`, a private key by name) is a read of its own; and the names are
    /// words that `xargs` or the shell split at blanks (and `xargs` at quotes and
    /// backslashes), so a name holding one stands for other paths (`./a
    /// /home/u/.ssh/id_rsa` from a directory `a `) and the tree is not known.
    pub handed_on: bool,
}

/// Characters at which `xargs` (blanks, quotes, backslashes) or the shell's word
/// splitting (blanks) cut a listed name into other words.
fn splits(name: &str) -> bool {
    name.chars()
        .any(|c| c.is_whitespace() || matches!(c, '\'' | '"' | '\\'))
}

/// Walk `root` as `how` walks it.
pub fn walk(
    root: &Path,
    how: Walker<'_>,
    ws: &Workspace,
    home: &Path,
    sensitive: &mut Option<Sensitive>,
    floor: &FloorCtx,
) -> Reach {
    let follow = how.follow;
    let mut reach = Reach::default();
    // Whether hard links can lead anywhere: only for a reader of contents, and only when
    // some sensitive file has other names. Building that set stats every credential
    // location, so a small tree is walked first: a file with one name cannot be a hard
    // link to anything, and the set is built only when the walk meets a file with several
    // names or outgrows `LAZY_ENTRIES`.
    let mut hard = match (how.contents, sensitive.as_ref()) {
        (false, _) => Hard::No,
        (true, Some(s)) => Hard::of(s),
        (true, None) => Hard::Undecided,
    };
    if !follow && hard == Hard::No {
        return reach;
    }
    let mut seen: HashSet<(u64, u64)> = HashSet::new();
    let mut stack = vec![root.to_path_buf()];
    let mut entries = 0usize;
    while let Some(dir) = stack.pop() {
        let Ok(m) = std::fs::metadata(&dir) else {
            continue;
        };
        if !m.is_dir() || !seen.insert((m.dev(), m.ino())) {
            continue;
        }
        let Ok(rd) = std::fs::read_dir(&dir) else {
            continue;
        };
        for e in rd {
            entries += 1;
            if hard == Hard::Undecided && entries > LAZY_ENTRIES {
                hard = Hard::of(sensitive.get_or_insert_with(|| Sensitive::gather(floor)));
                if !follow && hard == Hard::No {
                    return reach;
                }
            }
            if entries > MAX_ENTRIES {
                reach.unknown = Some(format!(
                    "{} has more than {MAX_ENTRIES} entries to check for links",
                    root.display()
                ));
                return reach;
            }
            let Ok(e) = e else { continue };
            let path = e.path();
            let Ok(lm) = std::fs::symlink_metadata(&path) else {
                continue;
            };
            // An entry of a kind the reader is not handed is left out, a link with
            // its target (directories are still entered: what is below them may be).
            if !lm.is_dir() && !how.kinds.admits(lm.file_type()) {
                continue;
            }
            // A file the reader's name filter leaves out is not read (directories are
            // still entered).
            let skipped = |lm: &std::fs::Metadata| {
                !lm.is_dir()
                    && how.only.is_some_and(|globs| {
                        let name = e.file_name().to_string_lossy().into_owned();
                        !globs.iter().any(|g| g.matches(&name))
                    })
            };
            if skipped(&lm)
                && (how.links_by_name || !(lm.file_type().is_symlink() && path.is_dir()))
            {
                continue;
            }
            if how.handed_on && splits(&e.file_name().to_string_lossy()) {
                reach.unknown = Some(format!(
                    "{} is handed on as words split at blanks and quotes, and it holds {}",
                    root.display(),
                    path.display()
                ));
                return reach;
            }
            if how.handed_on
                && !lm.is_dir()
                && floor::classify(&path, floor::Access::Read, floor).is_some()
            {
                reach.reads.push(path.clone());
            }
            if lm.file_type().is_symlink() {
                if !follow {
                    continue;
                }
                let forms = paths::forms(&path.display().to_string(), root, home);
                match forms.resolved.clone() {
                    Some(target) if ws.contains(&forms) => {
                        if target.is_dir() {
                            stack.push(target);
                        } else if hard != Hard::No {
                            if let Ok(tm) = std::fs::metadata(&target) {
                                hard.check(&target, &tm, sensitive, floor, &mut reach);
                            }
                        }
                    }
                    Some(target) => reach.reads.push(target),
                    // A dangling link reads nothing.
                    None => {}
                }
            } else if lm.is_dir() {
                stack.push(path);
            } else if lm.is_file() && hard != Hard::No {
                hard.check(&path, &lm, sensitive, floor, &mut reach);
            }
            if reach.unknown.is_some() {
                return reach;
            }
        }
    }
    reach
}

/// Entries a contents reader's walk looks at before the sensitive set is built anyway.
const LAZY_ENTRIES: usize = 256;

/// Whether a walk must look for hard links to sensitive files.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Hard {
    /// No sensitive file has another name (or the reader reads no contents).
    No,
    /// Some sensitive file has other names, or not every location could be looked at.
    Yes,
    /// Not looked yet: decided at the first file with several names.
    Undecided,
}

impl Hard {
    fn of(s: &Sensitive) -> Hard {
        if s.linked.is_empty() && s.complete {
            Hard::No
        } else {
            Hard::Yes
        }
    }

    /// A file met on the walk: when it has several names, build the set if need be and
    /// look it up.
    fn check(
        &mut self,
        path: &Path,
        m: &std::fs::Metadata,
        sensitive: &mut Option<Sensitive>,
        floor: &FloorCtx,
        reach: &mut Reach,
    ) {
        if m.nlink() <= 1 {
            return;
        }
        let s = sensitive.get_or_insert_with(|| Sensitive::gather(floor));
        *self = Hard::of(s);
        if *self == Hard::Yes {
            hard_link(path, m, Some(s), reach);
        }
    }
}

/// A file with other names: the sensitive file it is, if it is one.
fn hard_link(path: &Path, m: &std::fs::Metadata, sensitive: Option<&Sensitive>, reach: &mut Reach) {
    if m.nlink() <= 1 {
        return;
    }
    let Some(s) = sensitive else { return };
    match s.find(m.dev(), m.ino()) {
        Some(p) => reach.reads.push(p.to_path_buf()),
        None if !s.complete => {
            reach.unknown = Some(format!(
                "{} has several names and the credential files could not all be checked",
                path.display()
            ))
        }
        None => {}
    }
}

/// One file read: when it has several names and one of them is a sensitive file, that
/// file (the read reads it). `Err` when that cannot be told.
pub fn alias(
    path: &Path,
    sensitive: &mut Option<Sensitive>,
    floor: &FloorCtx,
) -> Result<Option<PathBuf>, String> {
    let Ok(m) = std::fs::metadata(path) else {
        return Ok(None);
    };
    if !m.is_file() || m.nlink() <= 1 {
        return Ok(None);
    }
    let s = sensitive.get_or_insert_with(|| Sensitive::gather(floor));
    let mut reach = Reach::default();
    hard_link(path, &m, Some(s), &mut reach);
    match reach.unknown {
        Some(why) => Err(why),
        None => Ok(reach.reads.into_iter().next()),
    }
}

/// The credential stores below `root` whose files a lister of the tree could hand a
/// reader (`find ~ -name credentials | xargs cat`): each one that exists, or, when the
/// names printed are limited to `only`'s patterns, each file in one whose name matches
/// (a store that holds too much to look at whole counts as a whole). Independent of
/// the tree's size: a home too big to walk still holds `~/.aws/credentials`.
pub fn stores_under(root: &Path, only: Option<&[NamePattern]>, floor: &FloorCtx) -> Vec<PathBuf> {
    let matches = |name: &str| only.is_none_or(|globs| globs.iter().any(|g| g.matches(name)));
    let mut out = Vec::new();
    // Lexically, or with the links in the root and in the home resolved (a home reached
    // through a linked parent): two resolutions a call, not one per store.
    let canon_root = std::fs::canonicalize(root).ok();
    let canon_home = std::fs::canonicalize(&floor.home).ok();
    let below = |r: &Path, l: &Path| l.starts_with(r) && l != r;
    let moved = floor.credentials.iter().map(|(p, _)| p.clone());
    for loc in floor::credential_locations(floor).into_iter().chain(moved) {
        let real = canon_home
            .as_deref()
            .and_then(|h| loc.strip_prefix(&floor.home).ok().map(|rel| h.join(rel)));
        let under = [Some(root), canon_root.as_deref()]
            .into_iter()
            .flatten()
            .any(|r| below(r, &loc) || real.as_deref().is_some_and(|l| below(r, l)));
        if !under {
            continue;
        }
        let Ok(m) = std::fs::symlink_metadata(&loc) else {
            continue;
        };
        if only.is_none() || !m.is_dir() {
            let name = loc.file_name().map(|n| n.to_string_lossy().into_owned());
            if only.is_none() || name.as_deref().is_some_and(matches) {
                out.push(loc);
            }
            continue;
        }
        // A store that is a directory: the files in it a name filter lets through.
        let mut stack = vec![(loc.clone(), 0usize)];
        let mut seen = 0usize;
        let mut whole = false;
        let mut found = Vec::new();
        while let Some((d, depth)) = stack.pop() {
            let Ok(rd) = std::fs::read_dir(&d) else {
                whole = true;
                break;
            };
            for e in rd.flatten() {
                seen += 1;
                if seen > MAX_SENSITIVE || depth > 6 {
                    whole = true;
                    break;
                }
                let path = e.path();
                let name = e.file_name().to_string_lossy().into_owned();
                if matches(&name) {
                    found.push(path.clone());
                }
                if e.file_type().is_ok_and(|t| t.is_dir()) {
                    stack.push((path, depth + 1));
                }
            }
            if whole {
                break;
            }
        }
        if whole {
            out.push(loc);
        } else {
            out.extend(found);
        }
    }
    out
}
