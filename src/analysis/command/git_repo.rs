//! The repository a git command would use, and whether its configuration and hooks are
//! the person's. git runs programs named by its configuration (`core.fsmonitor`,
//! `core.pager`, `diff.*.textconv`, …) and by the hooks of the repository it finds, so a
//! repository the agent could have planted — a directory with `HEAD`, `objects/` and
//! `refs/` found by discovery as a bare repository, a `--git-dir` pointing at one, a
//! `.git` file pointing at one — is only used on the fast path when its configuration
//! holds nothing but known harmless keys and it has no hooks. A git directory whose
//! configuration the path floor protects (a `.git` directory, wherever it appears, named
//! exactly) is written only with the person's consent, so it is the person's; but the
//! files it — or the person's system and global configuration — includes from the
//! workspace, and a hooks directory any of them names in the workspace, are checked too.
//! Configuration is read in git's order, includes in place, so the last `core.hooksPath`
//! wins as it does for git.
//!
//! Everything here is a bounded read: at most a few stats per directory up to the root,
//! and configuration files of at most 64 KiB each, at most a few levels of includes.

use crate::analysis::effects::programs::git::{key_kind, KeyKind};
use std::path::{Component, Path, PathBuf};

/// The largest configuration file read.
const MAX_CONFIG: u64 = 64 * 1024;
/// How deep `include.path` is followed.
const MAX_INCLUDES: usize = 4;
/// The most configuration files read for one command (includes fan out).
const MAX_FILES: usize = 24;
/// The most directories discovery walks up.
const MAX_UP: usize = 64;

/// One `key = value` line of a configuration file (`value` is `None` for a bare key).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Entry {
    /// `section.subsection.name`, section and name lowercased.
    pub key: String,
    pub value: Option<String>,
}

/// Parse git's configuration syntax. `Err` for anything git's parser would not read the
/// same way (the caller then does not understand the repository).
pub(super) fn parse_config(text: &str) -> Result<Vec<Entry>, String> {
    let mut out = Vec::new();
    let mut section: Option<String> = None;
    // git skips a UTF-8 byte-order mark at the start of a file.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = text.lines().peekable();
    while let Some(raw) = lines.next() {
        let mut line = raw.trim_start().to_string();
        loop {
            if line.starts_with('[') {
                let end = header_end(&line).ok_or("has a section header git cannot read")?;
                section = Some(header(&line[1..end])?);
                line = line[end + 1..].trim_start().to_string();
                continue;
            }
            break;
        }
        if line.is_empty() || line.starts_with('#') || line.starts_with(';') {
            continue;
        }
        let sec = section.clone().ok_or("has a key outside any section")?;
        let name_end = line
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
            .unwrap_or(line.len());
        let name = &line[..name_end];
        if name.is_empty() || !name.chars().next().is_some_and(|c| c.is_ascii_alphabetic()) {
            return Err("has a line git cannot read".into());
        }
        let rest = line[name_end..].trim_start();
        let key = format!("{sec}.{}", name.to_ascii_lowercase());
        if rest.is_empty() || rest.starts_with('#') || rest.starts_with(';') {
            out.push(Entry { key, value: None });
            continue;
        }
        let Some(mut v) = rest.strip_prefix('=').map(str::to_string) else {
            return Err("has a line git cannot read".into());
        };
        // A value continues on the next line after a trailing backslash.
        while v.trim_end().ends_with('\\') && !v.trim_end().ends_with("\\\\") {
            let t = v.trim_end();
            v = t[..t.len() - 1].to_string();
            match lines.next() {
                Some(next) => v.push_str(next),
                None => break,
            }
        }
        out.push(Entry {
            key,
            value: Some(value(&v)?),
        });
    }
    Ok(out)
}

fn header_end(line: &str) -> Option<usize> {
    let mut quoted = false;
    let mut esc = false;
    for (i, c) in line.char_indices() {
        match c {
            _ if esc => esc = false,
            '\\' => esc = true,
            '"' => quoted = !quoted,
            ']' if !quoted => return Some(i),
            _ => {}
        }
    }
    None
}

/// `core`, `remote "origin"`, `branch.main` (the old spelling).
fn header(h: &str) -> Result<String, String> {
    let h = h.trim();
    if let Some((name, sub)) = h.split_once(char::is_whitespace) {
        let sub = sub.trim();
        let inner = sub
            .strip_prefix('"')
            .and_then(|s| s.strip_suffix('"'))
            .ok_or("has a section header git cannot read")?;
        let mut s = String::new();
        let mut esc = false;
        for c in inner.chars() {
            if esc {
                s.push(c);
                esc = false;
            } else if c == '\\' {
                esc = true;
            } else {
                s.push(c);
            }
        }
        return Ok(format!("{}.{s}", name.to_ascii_lowercase()));
    }
    if h.is_empty()
        || !h
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '.')
    {
        return Err("has a section header git cannot read".into());
    }
    Ok(h.to_ascii_lowercase())
}

/// A value: quotes removed, escapes read, a comment outside quotes cut off.
fn value(v: &str) -> Result<String, String> {
    let mut out = String::new();
    let mut quoted = false;
    let mut chars = v.trim().chars();
    let mut pending_space = String::new();
    while let Some(c) = chars.next() {
        match c {
            '"' => quoted = !quoted,
            '\\' => {
                out.push_str(&pending_space);
                pending_space.clear();
                match chars.next() {
                    Some('n') => out.push('\n'),
                    Some('t') => out.push('\t'),
                    Some('b') => out.push('\u{8}'),
                    Some('\\') => out.push('\\'),
                    Some('"') => out.push('"'),
                    _ => return Err("has an escape git does not read".into()),
                }
            }
            '#' | ';' if !quoted => break,
            c if c.is_whitespace() && !quoted => pending_space.push(c),
            c => {
                out.push_str(&pending_space);
                pending_space.clear();
                out.push(c);
            }
        }
    }
    if quoted {
        return Err("has an unterminated quote".into());
    }
    Ok(out)
}

/// The git directory a command would use, and the directory it was found from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct GitDir {
    pub dir: PathBuf,
    /// The shared directory of a linked worktree (`commondir`).
    pub common: Option<PathBuf>,
    /// The worktree root (for hooks paths), when not bare.
    pub worktree: Option<PathBuf>,
}

/// Find the git directory from `cwd` the way git's discovery does: `.git` (a directory,
/// or a file naming one) in each directory up to the root, or the directory itself when
/// it looks like a git directory (a bare repository). Once per directory in one
/// evaluation (`paths::kept`).
pub(super) fn discover(cwd: &Path) -> Option<GitDir> {
    use std::os::unix::ffi::OsStrExt;
    crate::context::paths::kept("git-discover", cwd.as_os_str().as_bytes(), || find(cwd))
}

fn find(cwd: &Path) -> Option<GitDir> {
    let mut dir = Some(cwd);
    let mut n = 0;
    while let Some(d) = dir {
        n += 1;
        if n > MAX_UP {
            return None;
        }
        let dot = d.join(".git");
        if let Ok(meta) = std::fs::symlink_metadata(&dot) {
            let target = if meta.is_file() {
                gitfile(&dot)?
            } else {
                std::fs::canonicalize(&dot).ok()?
            };
            return Some(with_common(target, Some(d.to_path_buf())));
        }
        if is_git_directory(d) {
            return Some(with_common(d.to_path_buf(), None));
        }
        dir = d.parent();
    }
    None
}

/// The URLs of the remotes of the repository `cwd` is in (`remote.NAME.url` of its
/// configuration; none when it cannot be found or read).
pub(super) fn remote_urls(cwd: &Path) -> Vec<String> {
    let Some(g) = discover(cwd) else {
        return Vec::new();
    };
    let config = g.common.as_ref().unwrap_or(&g.dir).join("config");
    match read_config(&config) {
        Ok(Some(entries)) => entries
            .into_iter()
            .filter(|e| e.key.starts_with("remote.") && e.key.ends_with(".url"))
            .filter_map(|e| e.value)
            .collect(),
        _ => Vec::new(),
    }
}

/// A git directory named explicitly (`--git-dir`, resolved against the cwd). Once per
/// directory in one evaluation (`paths::kept`).
pub(super) fn explicit(dir: &Path) -> GitDir {
    use std::os::unix::ffi::OsStrExt;
    crate::context::paths::kept("git-explicit", dir.as_os_str().as_bytes(), || named(dir))
}

fn named(dir: &Path) -> GitDir {
    let d = std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
    if let Ok(m) = std::fs::metadata(&d) {
        if m.is_file() {
            if let Some(t) = gitfile(&d) {
                return with_common(t, None);
            }
        }
    }
    with_common(d, None)
}

fn with_common(dir: PathBuf, worktree: Option<PathBuf>) -> GitDir {
    let common = std::fs::read_to_string(dir.join("commondir"))
        .ok()
        .map(|c| dir.join(c.trim()))
        .and_then(|c| std::fs::canonicalize(c).ok());
    GitDir {
        dir,
        common,
        worktree,
    }
}

/// `gitdir: PATH` in a `.git` file.
fn gitfile(path: &Path) -> Option<PathBuf> {
    let meta = std::fs::metadata(path).ok()?;
    if meta.len() > 4096 {
        return None;
    }
    let text = std::fs::read_to_string(path).ok()?;
    let target = text.lines().next()?.strip_prefix("gitdir:")?.trim();
    let base = path.parent()?;
    std::fs::canonicalize(base.join(target)).ok()
}

fn is_git_directory(d: &Path) -> bool {
    std::fs::metadata(d.join("HEAD")).is_ok_and(|m| m.is_file())
        && std::fs::metadata(d.join("objects")).is_ok_and(|m| m.is_dir())
        && std::fs::metadata(d.join("refs")).is_ok_and(|m| m.is_dir())
}

/// Is this path inside a `.git` directory (which the path floor protects)? The name is
/// compared exactly, as the path floor compares it: on a case-sensitive file system
/// `.GIT/` is an ordinary directory the agent may write.
pub(super) fn under_dot_git(p: &Path) -> bool {
    p.components()
        .any(|c| matches!(c, Component::Normal(n) if n == ".git"))
}

/// Read a configuration file (bounded). `Ok(None)` when it does not exist.
pub(super) fn read_config(path: &Path) -> Result<Option<Vec<Entry>>, String> {
    let meta = match std::fs::metadata(path) {
        Ok(m) => m,
        Err(_) => return Ok(None),
    };
    if !meta.is_file() {
        return Err(format!("{} is not a regular file", path.display()));
    }
    if meta.len() > MAX_CONFIG {
        return Err(format!("{} is too large to check", path.display()));
    }
    let text =
        std::fs::read_to_string(path).map_err(|_| format!("{} cannot be read", path.display()))?;
    parse_config(&text)
        .map(Some)
        .map_err(|why| format!("{} {why}", path.display()))
}

/// Keys a repository the person did not make may set: how the repository is laid out,
/// where its remotes are, and what git's own presentation settings allow anywhere.
fn planted_key_ok(e: &Entry) -> bool {
    let k = e.key.as_str();
    let (section, rest) = k.split_once('.').unwrap_or((k, ""));
    let name = rest.rsplit('.').next().unwrap_or(rest);
    let sub = rest.contains('.');
    let v = e.value.as_deref().unwrap_or("");
    match section {
        "remote" if sub => match name {
            "url" | "pushurl" => !v.contains("::") && !v.starts_with('-'),
            "fetch" | "push" | "tagopt" | "prune" | "mirror" | "skipdefaultupdate" => true,
            _ => false,
        },
        "branch" if sub => matches!(name, "remote" | "merge" | "pushremote" | "description"),
        "submodule" if sub => {
            matches!(name, "url" | "active" | "path" | "branch") && !v.contains("::")
        }
        "extensions" => matches!(name, "objectformat" | "worktreeconfig" | "refstorage"),
        _ => key_kind(k) == KeyKind::Harmless,
    }
}

/// What makes the repository's configuration or hooks not the person's on the fast path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Risk {
    /// git would run this program or hook.
    Runs(String),
    /// Configuration the floor does not understand, or cannot read.
    Unknown(String),
    /// Hooks in a workspace directory anyone may write, changed since the session began.
    HooksChanged(Vec<PathBuf>),
}

/// Check the repository `g` for code the agent could have planted. `protected` says
/// whether a path is one the path floor protects from writes; `in_ws` whether a path is
/// inside the workspace; `changed` is the session baseline.
pub(super) fn check(
    g: &GitDir,
    home: &Path,
    in_ws: &dyn Fn(&Path) -> bool,
    protected: &dyn Fn(&Path) -> bool,
    changed: &dyn Fn(&[PathBuf]) -> Vec<PathBuf>,
) -> Option<Risk> {
    // A git directory is the person's when the agent cannot write its configuration
    // without their consent (a `.git` directory, which the path floor protects wherever
    // it appears); any other one could have been planted with ordinary workspace writes.
    let planted = !protected(&g.dir.join("config"));
    let shared = g.common.clone().unwrap_or_else(|| g.dir.clone());
    let system_and_global = config_files(home, None).len();
    let mut scan = Scan {
        g,
        home,
        in_ws,
        protected,
        hooks_path: None,
        read: 0,
    };
    // In the order git reads them, the later winning: system, global (the person's own,
    // but what they include from the workspace is checked), then the repository's.
    for (i, f) in config_files(home, Some(g)).iter().enumerate() {
        let untrusted = planted && i >= system_and_global;
        if let Err(r) = scan.file(f, untrusted, 0) {
            return Some(r);
        }
    }
    let hooks_path = scan.hooks_path;
    // Hooks: the repository's own hooks directory, or the one its configuration names.
    let (hooks, named) = match hooks_path {
        Some(p) => (p, true),
        None => (shared.join("hooks"), false),
    };
    let present = hook_files(&hooks);
    if present.is_empty() {
        return None;
    }
    if planted && !named {
        return Some(Risk::Runs(format!(
            "the hook {} (of a repository the agent could have written)",
            present[0].display()
        )));
    }
    if named && in_ws(&hooks) && !protected(&hooks.join("pre-commit")) {
        let changed = changed(&present);
        if !changed.is_empty() {
            return Some(Risk::HooksChanged(changed));
        }
    }
    None
}

/// Reading configuration files, includes inline, as git does.
struct Scan<'a> {
    g: &'a GitDir,
    home: &'a Path,
    in_ws: &'a dyn Fn(&Path) -> bool,
    protected: &'a dyn Fn(&Path) -> bool,
    /// The last `core.hooksPath` set by a configuration the person keeps.
    hooks_path: Option<PathBuf>,
    /// Files opened so far.
    read: usize,
}

impl Scan<'_> {
    fn file(&mut self, file: &Path, untrusted: bool, depth: usize) -> Result<(), Risk> {
        self.read += 1;
        if self.read > MAX_FILES {
            return Err(Risk::Unknown(
                "the repository's configuration includes too many files".into(),
            ));
        }
        let entries = match read_config(file) {
            Ok(Some(e)) => e,
            Ok(None) => return Ok(()),
            Err(why) => {
                return Err(Risk::Unknown(format!(
                    "the repository's configuration {why}"
                )))
            }
        };
        for e in &entries {
            let include = e.key == "include.path"
                || (e.key.starts_with("includeif.") && e.key.ends_with(".path"));
            if include {
                if depth >= MAX_INCLUDES {
                    return Err(Risk::Unknown(
                        "the repository's configuration includes too many files".into(),
                    ));
                }
                let v = e.value.clone().unwrap_or_default();
                let p = if let Some(rest) = v.strip_prefix("~/") {
                    self.home.join(rest)
                } else {
                    file.parent().unwrap_or(Path::new("/")).join(&v)
                };
                let p = std::fs::canonicalize(&p).unwrap_or(p);
                // A file in the workspace that the path floor does not protect is the
                // agent's to write; one the person keeps elsewhere is theirs.
                let agent_writable = untrusted || ((self.in_ws)(&p) && !(self.protected)(&p));
                self.file(&p, agent_writable, depth + 1)?;
                continue;
            }
            if untrusted {
                if !planted_key_ok(e) {
                    let v = e.value.as_deref().unwrap_or("true");
                    return Err(match key_kind(&e.key) {
                        KeyKind::Code => Risk::Runs(format!(
                            "`{v}` ({} in {}, a file the agent could have written)",
                            e.key,
                            file.display()
                        )),
                        _ => Risk::Unknown(format!(
                            "{} in {} is configuration the floor does not know",
                            e.key,
                            file.display()
                        )),
                    });
                }
            } else if e.key == "core.hookspath" {
                let v = e.value.clone().unwrap_or_default();
                let base = self
                    .g
                    .worktree
                    .clone()
                    .unwrap_or_else(|| self.g.dir.clone());
                self.hooks_path = Some(if let Some(rest) = v.strip_prefix("~/") {
                    self.home.join(rest)
                } else {
                    base.join(&v)
                });
            }
        }
        Ok(())
    }
}

/// Executable-looking files of a hooks directory (not the `.sample` files git installs).
fn hook_files(dir: &Path) -> Vec<PathBuf> {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut out: Vec<PathBuf> = rd
        .flatten()
        .take(256)
        .filter(|e| e.file_type().is_ok_and(|t| !t.is_dir()))
        .map(|e| e.path())
        .filter(|p| p.extension().is_none_or(|x| x != "sample"))
        .collect();
    out.sort();
    out
}

/// Configuration files git reads (without `--file`), in its order, the later winning
/// (git-config(1) FILES): system, the two global ones, the repository's.
pub(super) fn config_files(home: &Path, g: Option<&GitDir>) -> Vec<PathBuf> {
    let mut v = vec![
        PathBuf::from("/etc/gitconfig"),
        home.join(".config/git/config"),
        home.join(".gitconfig"),
    ];
    if let Some(g) = g {
        if let Some(c) = &g.common {
            v.push(c.join("config"));
        }
        v.push(g.dir.join("config"));
        v.push(g.dir.join("config.worktree"));
    }
    v
}

/// Does a configuration entry hold a secret someone would not want printed (a URL with a
/// password, a token, an authorization header)?
pub(super) fn secret_entry(e: &Entry) -> bool {
    let name = e.key.rsplit('.').next().unwrap_or("");
    let v = e.value.as_deref().unwrap_or("");
    if v.is_empty() {
        return false;
    }
    if name == "extraheader" || crate::decision::redact::name_is_secret(name) {
        return true;
    }
    matches!(
        crate::decision::redact::redact_str(v),
        std::borrow::Cow::Owned(_)
    )
}

/// Does HEAD name a commit, as the repository's own files show it? HEAD is followed
/// through its symbolic refs (`ref: refs/heads/main`, loose or in `packed-refs`) to an
/// object id, and the object's type read from its loose file's header (zlib) or its pack
/// entry (found through the pack index, version 2). Anything else is `false`: replace refs
/// (`git replace -f` can stand a blob in for a commit, and `cat-file` follows them), a
/// reftable, `GIT_*` variables that move the repository or its replacements, a symbolic
/// ref to a per-worktree ref or more than five deep, an object that is missing (or only in
/// an alternate store), deltified or unreadable.
pub(super) fn head_is_commit(g: &GitDir) -> bool {
    const MOVED: &[&str] = &[
        "GIT_DIR",
        "GIT_COMMON_DIR",
        "GIT_OBJECT_DIRECTORY",
        "GIT_ALTERNATE_OBJECT_DIRECTORIES",
        "GIT_REPLACE_REF_BASE",
        "GIT_CONFIG_PARAMETERS",
        "GIT_CONFIG_COUNT",
    ];
    if MOVED.iter().any(|v| std::env::var_os(v).is_some()) {
        return false;
    }
    let common = g.common.clone().unwrap_or_else(|| g.dir.clone());
    if common.join("reftable").exists() || g.dir.join("reftable").exists() {
        return false;
    }
    let packed = read_small(&common.join("packed-refs")).unwrap_or_default();
    let has_replace = std::fs::read_dir(common.join("refs/replace"))
        .is_ok_and(|mut d| d.next().is_some())
        || packed.lines().any(|l| l.contains(" refs/replace/"));
    if has_replace {
        return false;
    }
    let mut text = match read_small(&g.dir.join("HEAD")) {
        Some(t) => t,
        None => return false,
    };
    for _ in 0..5 {
        let line = text.trim_end_matches(['\n', '\r']);
        let Some(name) = line.strip_prefix("ref: ") else {
            return object_is_commit(&common, line);
        };
        // Per-worktree refs live beside HEAD, the rest in the shared directory; only the
        // shared ones are followed, as git does for them.
        let per_worktree = ["refs/worktree/", "refs/bisect/", "refs/rewritten/"]
            .iter()
            .any(|p| name.starts_with(p));
        if !name.starts_with("refs/") || per_worktree || name.contains("..") || name.contains('\\')
        {
            return false;
        }
        text = match read_small(&common.join(name)) {
            Some(t) => t,
            None => match packed.lines().find_map(|l| {
                l.split_once(' ')
                    .filter(|(_, n)| *n == name)
                    .map(|(id, _)| id.to_string())
            }) {
                Some(id) => id,
                None => return false,
            },
        };
    }
    false
}

/// A small file's text (refs, HEAD, packed-refs up to 4 MiB).
fn read_small(p: &Path) -> Option<String> {
    let meta = std::fs::metadata(p).ok()?;
    if !meta.is_file() || meta.len() > 4 << 20 {
        return None;
    }
    std::fs::read_to_string(p).ok()
}

/// Is the object `id` (hex) a commit in the object store `common/objects`?
fn object_is_commit(common: &Path, id: &str) -> bool {
    use std::io::Read;
    if !(id.len() == 40 || id.len() == 64) || !id.bytes().all(|b| b.is_ascii_hexdigit()) {
        return false;
    }
    let id = id.to_ascii_lowercase();
    let objects = common.join("objects");
    let loose = objects.join(&id[..2]).join(&id[2..]);
    if let Ok(f) = std::fs::File::open(&loose) {
        let mut head = [0u8; 7];
        let mut z = flate2::read::ZlibDecoder::new(f);
        return z.read_exact(&mut head).is_ok() && &head == b"commit ";
    }
    let Some(raw) = (0..id.len() / 2)
        .map(|i| u8::from_str_radix(&id[2 * i..2 * i + 2], 16).ok())
        .collect::<Option<Vec<u8>>>()
    else {
        return false;
    };
    let Ok(dir) = std::fs::read_dir(objects.join("pack")) else {
        return false;
    };
    for e in dir.flatten().take(256) {
        let p = e.path();
        if p.extension().is_some_and(|x| x == "idx") {
            if let Some(off) = pack_offset(&p, &raw) {
                return pack_type(&p.with_extension("pack"), off) == Some(1);
            }
        }
    }
    false
}

/// Where object `raw` starts in the pack of index `idx` (version 2 only).
fn pack_offset(idx: &Path, raw: &[u8]) -> Option<u64> {
    let data = std::fs::read(idx).ok()?;
    let u32_at = |at: usize| -> Option<u32> {
        Some(u32::from_be_bytes(data.get(at..at + 4)?.try_into().ok()?))
    };
    if data.get(..4)? != b"\xfftOc" || u32_at(4)? != 2 {
        return None;
    }
    let w = raw.len();
    let n = u32_at(8 + 255 * 4)? as usize;
    let first = *raw.first()? as usize;
    let lo = if first == 0 {
        0
    } else {
        u32_at(8 + (first - 1) * 4)? as usize
    };
    let hi = u32_at(8 + first * 4)? as usize;
    let ids = 8 + 256 * 4;
    let pos = (lo..hi.min(n)).find(|&i| data.get(ids + i * w..ids + (i + 1) * w) == Some(raw))?;
    let offs = ids + n * w + n * 4;
    let o = u32_at(offs + pos * 4)?;
    if o & 0x8000_0000 == 0 {
        return Some(u64::from(o));
    }
    let at = offs + n * 4 + (o & 0x7fff_ffff) as usize * 8;
    Some(u64::from_be_bytes(data.get(at..at + 8)?.try_into().ok()?))
}

/// The type in a pack entry's header (1 commit, 2 tree, 3 blob, 4 tag, 6 and 7 deltas).
fn pack_type(pack: &Path, off: u64) -> Option<u8> {
    use std::io::{Read, Seek, SeekFrom};
    let mut f = std::fs::File::open(pack).ok()?;
    f.seek(SeekFrom::Start(off)).ok()?;
    let mut b = [0u8; 1];
    f.read_exact(&mut b).ok()?;
    Some((b[0] >> 4) & 7)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn config_syntax() {
        let e = parse_config(
            "[core]\n\trepositoryformatversion = 0\n\tfsmonitor = \"touch /tmp/x\" # c\n\
             [remote \"origin\"]\n\turl = https://example.com/a.git\n[branch.main] remote = origin\n\
             [Core] Bare\n; comment\n[x]\n\tlong = a \\\n b\n",
        )
        .unwrap();
        let kv: Vec<(String, Option<String>)> = e.into_iter().map(|e| (e.key, e.value)).collect();
        assert_eq!(
            kv,
            vec![
                ("core.repositoryformatversion".into(), Some("0".into())),
                ("core.fsmonitor".into(), Some("touch /tmp/x".into())),
                (
                    "remote.origin.url".into(),
                    Some("https://example.com/a.git".into())
                ),
                ("branch.main.remote".into(), Some("origin".into())),
                ("core.bare".into(), None),
                ("x.long".into(), Some("a  b".into())),
            ]
        );
        assert!(parse_config("key = x").is_err());
        assert!(parse_config("[core\nx = 1").is_err());
        assert!(parse_config("[core]\nx = \"open").is_err());
    }

    /// Configuration read by the real git (`git config --file F --list`, includes off):
    /// `None` when git refuses the file.
    fn git_reads(text: &str) -> Option<Vec<(String, Option<String>)>> {
        let t = tempfile::tempdir().unwrap();
        let f = t.path().join("config");
        std::fs::write(&f, text).unwrap();
        let out = std::process::Command::new("git")
            .args(["config", "--file"])
            .arg(&f)
            .args(["--list", "--no-includes", "-z"])
            .env("GIT_CONFIG_NOSYSTEM", "1")
            .env("HOME", t.path())
            .env_remove("XDG_CONFIG_HOME")
            .output()
            .unwrap();
        if !out.status.success() {
            return None;
        }
        let text = String::from_utf8(out.stdout).unwrap();
        // With -z: `key\nvalue\0`, or `key\0` for a bare key.
        Some(
            text.split_terminator('\0')
                .map(|item| match item.split_once('\n') {
                    Some((k, v)) => (k.to_string(), Some(v.to_string())),
                    None => (item.to_string(), None),
                })
                .collect(),
        )
    }

    #[test]
    fn configuration_is_read_the_way_git_reads_it() {
        let texts = [
            "[core]\n\tpager = less\n",
            "\u{feff}[core]\n\tpager = less\n",
            "[core]\r\n\tpager = less\r\n",
            "[core]\n\tpager = \"a b\" c  # x\n",
            "[core]\n\tpager = a ; b\n",
            "[core]\n\tk = a   b\n",
            "[core]\n\tk = \"  padded  \"\n",
            "[core]\n\tpager = a\\\n  b\n",
            "[core]\n\tk = \"a\\tb\\\"c\\\\\"\n",
            "[remote \"o\"]\n\turl = x\n[Remote \"O\"]\n\tURL = y\n",
            "[sec.Sub]\n\tk = v\n",
            "[sec \"a\\\"b\"]\n\tk = v\n",
            "[core] pager = less\n",
            "[core]\n  k=v\n[other]k2=v2\n",
            "[core]\n\tk\n\tj =\n",
            "# comment\n; comment\n\n[core]\n\tk = 1 ; c\n",
            "[includeIf \"gitdir/i:~/work/\"]\n\tpath = ~/w.cfg\n",
            "[url \"git@github.com:\"]\n\tinsteadOf = https://github.com/\n",
            "[alias]\n\tlg = \"!git log --oneline | head\"\n",
            // git refuses these.
            "[core]\n\tk_x = v\n",
            "[core]\n\tpager = a\\x\n",
            "[core\nk = 1\n",
            "[core]\n\tk = \"open\n",
        ];
        for text in texts {
            let git = git_reads(text);
            let ours = parse_config(text)
                .ok()
                .map(|v| v.into_iter().map(|e| (e.key, e.value)).collect::<Vec<_>>());
            assert_eq!(ours, git, "{text:?}");
        }
        // Stricter than git (then the repository is not understood, never misread): a
        // key before any section, which git reads with an empty section.
        let text = "k = 1\n";
        assert!(git_reads(text).is_some());
        assert!(parse_config(text).is_err());
    }

    fn tree(files: &[(&str, &str)]) -> tempfile::TempDir {
        let t = tempfile::tempdir().unwrap();
        for (p, text) in files {
            let p = t.path().join(p);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            if p.to_string_lossy().ends_with('/') {
                std::fs::create_dir_all(&p).unwrap();
            } else {
                std::fs::write(&p, text).unwrap();
            }
        }
        t
    }

    fn risk(g: &GitDir, ws: &Path) -> Option<Risk> {
        let ws = ws.to_path_buf();
        check(
            g,
            Path::new("/nonexistent-home"),
            &|p: &Path| p.starts_with(&ws),
            &|p: &Path| under_dot_git(p) || p.components().any(|c| c.as_os_str() == ".husky"),
            &|f: &[PathBuf]| f.to_vec(),
        )
    }

    #[test]
    fn discovery_finds_planted_bare_repositories_and_gitfiles() {
        let t = tree(&[
            ("ws/.git/HEAD", "ref: refs/heads/main\n"),
            ("ws/.git/config", "[core]\n\tbare = false\n"),
            ("ws/evil/HEAD", "ref: refs/heads/main\n"),
            ("ws/evil/objects/", ""),
            ("ws/evil/refs/", ""),
            ("ws/evil/config", "[core]\n\tfsmonitor = touch /tmp/pwned\n"),
            ("ws/sub/.git", "gitdir: ../evil\n"),
        ]);
        let ws = std::fs::canonicalize(t.path().join("ws")).unwrap();
        let top = discover(&ws.join("src-missing-is-fine"))
            .or_else(|| discover(&ws))
            .unwrap();
        assert_eq!(top.dir, ws.join(".git"));
        assert_eq!(risk(&top, &ws), None);
        // Inside the planted directory, discovery finds it as a bare repository.
        let bare = discover(&ws.join("evil/refs")).unwrap();
        assert_eq!(bare.dir, ws.join("evil"));
        assert!(matches!(risk(&bare, &ws), Some(Risk::Runs(_))));
        // A `.git` file pointing at it, and --git-dir naming it.
        let via = discover(&ws.join("sub")).unwrap();
        assert_eq!(via.dir, ws.join("evil"));
        assert!(matches!(
            risk(&explicit(&ws.join("evil")), &ws),
            Some(Risk::Runs(_))
        ));
    }

    #[test]
    fn planted_repositories_may_only_hold_harmless_keys_and_no_hooks() {
        let base = [
            ("r/HEAD", "ref: refs/heads/main\n"),
            ("r/objects/", ""),
            ("r/refs/", ""),
        ];
        let with = |extra: &[(&str, &str)]| {
            let mut v = base.to_vec();
            v.extend_from_slice(extra);
            tree(&v)
        };
        let ok = with(&[(
            "r/config",
            "[core]\n\trepositoryformatversion = 0\n\tbare = true\n[remote \"o\"]\n\turl = https://x/y\n",
        )]);
        let g = explicit(&ok.path().join("r"));
        assert_eq!(risk(&g, ok.path()), None);
        for cfg in [
            "[core]\n\tpager = less\n",
            "[diff \"x\"]\n\ttextconv = ./conv\n",
            "[include]\n\tpath = other\n",
            "[remote \"o\"]\n\turl = ext::sh -c x\n",
            "[safe]\n\tdirectory = *\n",
        ] {
            let t = with(&[("r/config", cfg), ("r/other", "[core]\n\teditor = x\n")]);
            assert!(
                risk(&explicit(&t.path().join("r")), t.path()).is_some(),
                "{cfg}"
            );
        }
        let hooked = with(&[
            ("r/hooks/post-checkout", "#!/bin/sh\n"),
            ("r/hooks/x.sample", ""),
        ]);
        assert!(matches!(
            risk(&explicit(&hooked.path().join("r")), hooked.path()),
            Some(Risk::Runs(_))
        ));
        let samples = with(&[("r/hooks/pre-commit.sample", "")]);
        assert_eq!(
            risk(&explicit(&samples.path().join("r")), samples.path()),
            None
        );
    }

    #[test]
    fn the_persons_repository_may_name_hooks_in_the_workspace() {
        let t = tree(&[
            ("ws/.git/HEAD", "ref: refs/heads/main\n"),
            (
                "ws/.git/config",
                "[core]\n\thooksPath = .githooks\n\tpager = less\n",
            ),
            ("ws/.githooks/pre-commit", "#!/bin/sh\n"),
        ]);
        let ws = std::fs::canonicalize(t.path().join("ws")).unwrap();
        let g = discover(&ws).unwrap();
        // The test baseline calls every file changed.
        assert!(matches!(risk(&g, &ws), Some(Risk::HooksChanged(_))));
        let husky = tree(&[
            ("ws/.git/HEAD", ""),
            ("ws/.git/config", "[core]\n\thooksPath = .husky\n"),
            ("ws/.husky/pre-commit", "#!/bin/sh\n"),
        ]);
        let ws = std::fs::canonicalize(husky.path().join("ws")).unwrap();
        assert_eq!(risk(&discover(&ws).unwrap(), &ws), None);
        // A workspace file the person's config includes is checked like a planted one.
        let inc = tree(&[
            ("ws/.git/HEAD", ""),
            ("ws/.git/config", "[include]\n\tpath = ../shared.cfg\n"),
            ("ws/shared.cfg", "[core]\n\tfsmonitor = ./x\n"),
        ]);
        let ws = std::fs::canonicalize(inc.path().join("ws")).unwrap();
        assert!(matches!(
            risk(&discover(&ws).unwrap(), &ws),
            Some(Risk::Runs(_))
        ));
    }

    #[test]
    fn a_workspace_file_the_persons_global_config_includes_is_checked() {
        let t = tree(&[
            (
                "home/.gitconfig",
                "[user]\n\tname = a\n[include]\n\tpath = ~/ws/.gitconfig.local\n",
            ),
            ("home/ws/.git/HEAD", ""),
            ("home/ws/.gitconfig.local", "[core]\n\tpager = ./x\n"),
        ]);
        let home = std::fs::canonicalize(t.path().join("home")).unwrap();
        let ws = home.join("ws");
        let g = discover(&ws).unwrap();
        let r = check(
            &g,
            &home,
            &|p: &Path| p.starts_with(&ws),
            &|p: &Path| under_dot_git(p),
            &|f: &[PathBuf]| f.to_vec(),
        );
        assert!(matches!(r, Some(Risk::Runs(_))), "{r:?}");
    }

    #[test]
    fn only_a_git_directory_named_exactly_dot_git_is_the_persons() {
        // `.GIT` is an ordinary directory on a case-sensitive file system: the path floor
        // does not protect it, so a repository there could have been planted.
        let t = tree(&[
            ("ws/.GIT/HEAD", "ref: refs/heads/main\n"),
            ("ws/.GIT/objects/", ""),
            ("ws/.GIT/refs/", ""),
            ("ws/.GIT/config", "[core]\n\tfsmonitor = ./x\n"),
        ]);
        let ws = std::fs::canonicalize(t.path().join("ws")).unwrap();
        assert!(!under_dot_git(&ws.join(".GIT/config")));
        assert!(under_dot_git(&ws.join(".git/config")));
        let g = explicit(&ws.join(".GIT"));
        assert!(matches!(risk(&g, &ws), Some(Risk::Runs(_))), "{g:?}");
        // A `.git` file in a nested directory pointing at it is the same repository.
        std::fs::create_dir_all(ws.join("sub/deeper")).unwrap();
        std::fs::write(ws.join("sub/.git"), "gitdir: ../.GIT\n").unwrap();
        let g = discover(&ws.join("sub/deeper")).unwrap();
        assert_eq!(g.dir, ws.join(".GIT"));
        assert_eq!(g.worktree, Some(ws.join("sub")));
        assert!(matches!(risk(&g, &ws), Some(Risk::Runs(_))));
    }

    #[test]
    fn the_persons_global_hooks_path_decides_which_hooks_run() {
        let t = tree(&[
            (
                "home/.config/git/config",
                "[core]\n\thooksPath = ~/ws/.githooks\n",
            ),
            ("home/ws/.git/HEAD", ""),
            ("home/ws/.githooks/pre-commit", "#!/bin/sh\n"),
            ("home/ws/planted/HEAD", ""),
            ("home/ws/planted/objects/", ""),
            ("home/ws/planted/refs/", ""),
            ("home/ws/planted/hooks/post-checkout", "#!/bin/sh\n"),
        ]);
        let home = std::fs::canonicalize(t.path().join("home")).unwrap();
        let ws = home.join("ws");
        let run = |g: &GitDir, changed: &dyn Fn(&[PathBuf]) -> Vec<PathBuf>| {
            check(
                g,
                &home,
                &|p: &Path| p.starts_with(&ws),
                &|p: &Path| under_dot_git(p),
                changed,
            )
        };
        let mine = discover(&ws).unwrap();
        // Hooks in a workspace directory the agent may write: judged by the baseline.
        assert_eq!(
            run(&mine, &|f: &[PathBuf]| f.to_vec()),
            Some(Risk::HooksChanged(vec![ws.join(".githooks/pre-commit")]))
        );
        assert_eq!(run(&mine, &|_: &[PathBuf]| Vec::new()), None);
        // The later global file wins: ~/.gitconfig moves the hooks out of the workspace.
        std::fs::write(home.join(".gitconfig"), "[core]\n\thooksPath = ~/hooks\n").unwrap();
        assert_eq!(run(&mine, &|f: &[PathBuf]| f.to_vec()), None);
        // A planted repository's own hooks directory is not the one git runs then.
        let planted = explicit(&ws.join("planted"));
        assert_eq!(run(&planted, &|f: &[PathBuf]| f.to_vec()), None);
        std::fs::remove_file(home.join(".gitconfig")).unwrap();
        std::fs::remove_file(home.join(".config/git/config")).unwrap();
        assert!(matches!(
            run(&planted, &|f: &[PathBuf]| f.to_vec()),
            Some(Risk::Runs(_))
        ));
    }

    #[test]
    fn includes_are_bounded_in_depth_and_number() {
        let many: String = (0..40)
            .map(|i| format!("[include]\n\tpath = f{i}\n"))
            .collect();
        let t = tree(&[("ws/.git/HEAD", ""), ("ws/.git/config", &many)]);
        let ws = std::fs::canonicalize(t.path().join("ws")).unwrap();
        for i in 0..40 {
            std::fs::write(ws.join(format!(".git/f{i}")), "[user]\n\tname = a\n").unwrap();
        }
        assert!(matches!(
            risk(&discover(&ws).unwrap(), &ws),
            Some(Risk::Unknown(_))
        ));
        // A file that includes itself.
        let t = tree(&[
            ("ws/.git/HEAD", ""),
            ("ws/.git/config", "[include]\n\tpath = config\n"),
        ]);
        let ws = std::fs::canonicalize(t.path().join("ws")).unwrap();
        assert!(matches!(
            risk(&discover(&ws).unwrap(), &ws),
            Some(Risk::Unknown(_))
        ));
    }

    #[test]
    fn secrets_in_configuration() {
        let e = |k: &str, v: &str| Entry {
            key: k.into(),
            value: Some(v.into()),
        };
        assert!(secret_entry(&e(
            "remote.origin.url",
            "https://x:ghp_abcdefghijklmnopqrstuvwxyz0123456789@github.com/a/b"
        )));
        assert!(secret_entry(&e(
            "http.https://x.extraheader",
            "Authorization: Bearer abc"
        )));
        assert!(!secret_entry(&e(
            "remote.origin.url",
            "https://github.com/a/b.git"
        )));
        assert!(!secret_entry(&e("user.email", "a@b.c")));
    }
}
