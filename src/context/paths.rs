//! Path facts: the lexical form of a path (absolute, `.` and `..` removed as text) and its
//! resolved form (symlinks followed the way the kernel would, for the part that exists).
//! Both forms are judged by the floor; either one landing somewhere sensitive counts. This
//! module also knows the workspace (project root plus additional directories) and the
//! project-root discovery. It classifies nothing as safe or dangerous: that is `floor`.

use serde::Serialize;
use std::any::Any;
use std::cell::RefCell;
use std::collections::HashMap;
use std::ffi::OsString;
use std::path::{Component, Path, PathBuf};
use std::rc::Rc;

/// Symlink hops followed before a path is declared unresolvable (the kernel's limit is 40).
const MAX_SYMLINK_HOPS: usize = 40;

/// Both forms of one path a call touches.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PathForms {
    /// Absolute, with `.` and `..` removed textually.
    pub lexical: PathBuf,
    /// Symlinks followed for the existing part; `None` when resolution failed (a loop, an
    /// unreadable link, a component that is not a directory).
    pub resolved: Option<PathBuf>,
}

impl PathForms {
    /// Every form that is known.
    pub fn forms(&self) -> impl Iterator<Item = &Path> {
        std::iter::once(self.lexical.as_path()).chain(self.resolved.as_deref())
    }
}

/// Expand a leading `~` and make `raw` absolute against `cwd`, then remove `.`/`..` as text.
pub fn lexical(raw: &str, cwd: &Path, home: &Path) -> PathBuf {
    let expanded: PathBuf = if raw == "~" {
        home.to_path_buf()
    } else if let Some(rest) = raw.strip_prefix("~/") {
        home.join(rest)
    } else {
        PathBuf::from(raw)
    };
    let absolute = if expanded.is_absolute() {
        expanded
    } else {
        cwd.join(expanded)
    };
    normalize(&absolute)
}

/// Remove `.` and `..` components textually (`/a/b/../c` → `/a/c`; `..` above `/` stays at `/`).
pub fn normalize(p: &Path) -> PathBuf {
    let mut out = PathBuf::from("/");
    for c in p.components() {
        match c {
            Component::RootDir | Component::Prefix(_) | Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            Component::Normal(n) => out.push(n),
        }
    }
    out
}

/// Remove `.` and `..` as the kernel does when it opens the path: a `..` leaves the
/// directory the part before it really is, links followed (`ws/link/../x`, with `link` →
/// `~/.ssh`, is `~/x`), where [`normalize`] drops the part as text. A part that does not
/// exist is dropped as text (the kernel fails there, so nothing is reached). Paths
/// without `..` are [`normalize`]d, with no lookup.
pub fn physical(p: &Path) -> PathBuf {
    placed(p, false).unwrap_or_else(|| normalize(p))
}

/// [`physical`], or `None` when a part before a `..` is not there when it is judged: the
/// command may make it (a link, `ln -s A/.. B`) before it opens the path, so where the
/// `..` leads is not known.
pub fn physical_strict(p: &Path) -> Option<PathBuf> {
    placed(p, true)
}

fn placed(p: &Path, strict: bool) -> Option<PathBuf> {
    if !p.components().any(|c| c == Component::ParentDir) {
        return Some(normalize(p));
    }
    let mut out = PathBuf::from("/");
    for c in p.components() {
        match c {
            Component::RootDir | Component::Prefix(_) | Component::CurDir => {}
            Component::ParentDir => {
                match std::fs::canonicalize(&out) {
                    Ok(real) => out = real,
                    Err(_) if strict => return None,
                    Err(_) => {}
                }
                out.pop();
            }
            Component::Normal(n) => out.push(n),
        }
    }
    Some(out)
}

/// What `lstat` (and `readlink`, for a link) said of one path.
#[derive(Clone, Debug)]
enum Looked {
    /// A symlink, with its target (`None`: it could not be read).
    Link(Option<PathBuf>),
    Dir,
    /// Anything else that exists.
    Other,
    Missing,
    /// `lstat` failed for another reason (permissions, a too-long name).
    Failed,
}

/// Facts kept for one evaluation ([`kept`]), by kind and key.
type Kept = HashMap<(&'static str, Vec<u8>), Rc<dyn Any>>;

thread_local! {
    /// Inside [`memo`]: what each path looked like the first time it was looked at.
    static LOOKED: RefCell<Option<HashMap<PathBuf, Looked>>> = const { RefCell::new(None) };
    /// Inside [`memo`]: facts other modules derive from the file system, by kind and key
    /// ([`kept`]).
    static KEPT: RefCell<Option<Kept>> = const { RefCell::new(None) };
}

/// Run `f` with every path [`resolve`] looks at remembered until `f` returns, so one
/// evaluation walks each directory of its paths once (`/`, the home, the workspace root
/// are met by every path a call names). Nested calls share the outer memo. Outside it,
/// every look is a fresh `lstat`. A file changing while one call is judged is the same
/// race as one changing between the decision and the run: the answer is about the file
/// system as it was looked at.
pub fn memo<T>(f: impl FnOnce() -> T) -> T {
    struct Forget(bool);
    impl Drop for Forget {
        fn drop(&mut self) {
            if self.0 {
                LOOKED.with(|m| *m.borrow_mut() = None);
                KEPT.with(|m| *m.borrow_mut() = None);
            }
        }
    }
    let outer = LOOKED.with(|m| {
        let mut m = m.borrow_mut();
        let fresh = m.is_none();
        if fresh {
            *m = Some(HashMap::new());
            KEPT.with(|k| *k.borrow_mut() = Some(HashMap::new()));
        }
        fresh
    });
    let _forget = Forget(outer);
    f()
}

/// The paths one [`memo`] looked at, kept to seed a later one ([`memo_from`]).
#[derive(Clone, Debug, Default)]
pub struct Looks(HashMap<PathBuf, Looked>);

/// Run `f` in a [`memo`] and keep what it looked at: `prepare` resolves the workspace's
/// roots this way, so each evaluation of the same process starts from those lookups
/// instead of making them again for the working directory.
pub fn remembered<T>(f: impl FnOnce() -> T) -> (T, Looks) {
    memo(|| {
        let v = f();
        let looks = LOOKED.with(|m| Looks(m.borrow().clone().unwrap_or_default()));
        (v, looks)
    })
}

/// [`memo`], starting from what `seed` looked at (a path looked at again inside is not
/// looked at anew): the same race as the memo's own, widened to the start of the
/// process that made `seed`.
pub fn memo_from<T>(seed: &Looks, f: impl FnOnce() -> T) -> T {
    memo(|| {
        LOOKED.with(|m| {
            if let Some(m) = m.borrow_mut().as_mut() {
                for (p, l) in &seed.0 {
                    m.entry(p.clone()).or_insert_with(|| l.clone());
                }
            }
        });
        f()
    })
}

/// Inside [`memo`], what `derive` gave the first time for this `kind` and `key`: a fact
/// derived from the file system (the repository git finds from a directory, what its
/// configuration and hooks run) is worked out once per evaluation however many commands
/// of the call ask for it, under the same rule as the paths: the answer is about the file
/// system as it was first looked at. `kind` names what `derive` computes, and `key` must
/// hold (as bytes: paths are not text) everything else it depends on that can differ
/// within one evaluation. Outside a memo, `derive` runs every time.
pub fn kept<V: Clone + 'static>(kind: &'static str, key: &[u8], derive: impl FnOnce() -> V) -> V {
    let hit = KEPT.with(|m| {
        m.borrow()
            .as_ref()
            .map(|m| m.get(&(kind, key.to_vec())).cloned())
    });
    let active = match hit {
        None => false,
        Some(Some(v)) => {
            if let Some(v) = v.downcast_ref::<V>() {
                return v.clone();
            }
            true
        }
        Some(None) => true,
    };
    // No borrow is held while `derive` runs: it may ask for other kept facts.
    let v = derive();
    if active {
        KEPT.with(|m| {
            if let Some(m) = m.borrow_mut().as_mut() {
                m.insert((kind, key.to_vec()), Rc::new(v.clone()));
            }
        });
    }
    v
}

fn look(p: &Path) -> Looked {
    if let Some(hit) = LOOKED.with(|m| m.borrow().as_ref().and_then(|m| m.get(p).cloned())) {
        return hit;
    }
    let looked = match std::fs::symlink_metadata(p) {
        Ok(md) if md.file_type().is_symlink() => Looked::Link(std::fs::read_link(p).ok()),
        Ok(md) if md.is_dir() => Looked::Dir,
        Ok(_) => Looked::Other,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Looked::Missing,
        Err(_) => Looked::Failed,
    };
    LOOKED.with(|m| {
        if let Some(m) = m.borrow_mut().as_mut() {
            m.insert(p.to_path_buf(), looked.clone());
        }
    });
    looked
}

/// Resolve an absolute path as the kernel would: walk it component by component, following
/// symlinks (also dangling ones, whose target is then resolved as far as it exists), with
/// `..` applied to the resolved directory. The non-existent tail is appended as text.
pub fn resolve(abs: &Path) -> Option<PathBuf> {
    let mut hops = 0usize;
    let mut pending: Vec<OsString> = Vec::new();
    push_components(abs, &mut pending);
    let mut cur = PathBuf::from("/");
    let mut exists = true;
    while let Some(c) = pending.pop() {
        if c == ".." {
            cur.pop();
            continue;
        }
        if c == "." {
            continue;
        }
        let next = cur.join(&c);
        if !exists {
            cur = next;
            continue;
        }
        match look(&next) {
            Looked::Link(target) => {
                hops += 1;
                if hops > MAX_SYMLINK_HOPS {
                    return None;
                }
                let target = target?;
                if target.is_absolute() {
                    cur = PathBuf::from("/");
                }
                push_components(&target, &mut pending);
            }
            Looked::Dir => cur = next,
            Looked::Other => {
                // A file used as a directory: the kernel would refuse (ENOTDIR).
                if pending.iter().any(|p| p != "." && p != "..") {
                    return None;
                }
                cur = next;
            }
            Looked::Missing => {
                exists = false;
                cur = next;
            }
            Looked::Failed => return None,
        }
    }
    Some(normalize(&cur))
}

/// Push `p`'s components onto the stack so they pop in order.
fn push_components(p: &Path, stack: &mut Vec<OsString>) {
    let parts: Vec<OsString> = p
        .components()
        .filter_map(|c| match c {
            Component::Normal(n) => Some(n.to_os_string()),
            Component::ParentDir => Some(OsString::from("..")),
            _ => None,
        })
        .collect();
    stack.extend(parts.into_iter().rev());
}

/// Both forms of `raw` as seen from `cwd`.
pub fn forms(raw: &str, cwd: &Path, home: &Path) -> PathForms {
    let lexical = lexical(raw, cwd, home);
    let unnormalized = {
        let expanded: PathBuf = if raw == "~" {
            home.to_path_buf()
        } else if let Some(rest) = raw.strip_prefix("~/") {
            home.join(rest)
        } else {
            PathBuf::from(raw)
        };
        if expanded.is_absolute() {
            expanded
        } else {
            cwd.join(expanded)
        }
    };
    let resolved = resolve(&unnormalized);
    PathForms { lexical, resolved }
}

/// The forms of `raw` for a look at the path itself (`lstat`): its directory resolved,
/// its last component not followed. A link named `env.txt` is the link, wherever it points.
pub fn lstat_forms(raw: &str, cwd: &Path, home: &Path) -> PathForms {
    let lexical = lexical(raw, cwd, home);
    let resolved = match (lexical.parent(), lexical.file_name()) {
        (Some(dir), Some(name)) => resolve(dir).map(|d| d.join(name)),
        _ => resolve(&lexical),
    };
    PathForms { lexical, resolved }
}

/// The directories an agent may read and edit freely: the project root and any additional
/// directories from the person's config, each in its lexical and resolved form.
#[derive(Clone, Debug, Serialize)]
pub struct Workspace {
    pub root: PathBuf,
    pub roots: Vec<PathForms>,
}

impl Workspace {
    pub fn new(root: &Path, additional: &[PathBuf]) -> Workspace {
        let mut roots = Vec::with_capacity(1 + additional.len());
        for r in std::iter::once(root).chain(additional.iter().map(PathBuf::as_path)) {
            let lexical = normalize(r);
            let resolved = resolve(&lexical);
            roots.push(PathForms { lexical, resolved });
        }
        Workspace {
            root: normalize(root),
            roots,
        }
    }

    /// Is this one form inside (or equal to) some workspace root, in either of its forms?
    fn contains_form(&self, p: &Path) -> bool {
        self.roots
            .iter()
            .any(|r| r.forms().any(|root| p.starts_with(root)))
    }

    /// Is this one path (taken as written) inside some workspace root?
    pub fn holds(&self, p: &Path) -> bool {
        self.contains_form(p)
    }

    /// Inside only if every known form is inside, and the path resolved at all.
    pub fn contains(&self, p: &PathForms) -> bool {
        match &p.resolved {
            None => false,
            Some(res) => self.contains_form(&p.lexical) && self.contains_form(res),
        }
    }
}

/// The project root: `CLAUDE_PROJECT_DIR` when given, else the nearest ancestor of `cwd`
/// holding a `.git` entry, else `cwd` itself.
pub fn project_root(claude_project_dir: Option<&str>, cwd: &Path) -> PathBuf {
    if let Some(d) = claude_project_dir.filter(|d| !d.is_empty() && Path::new(d).is_absolute()) {
        return normalize(Path::new(d));
    }
    let mut dir = Some(cwd);
    while let Some(d) = dir {
        if std::fs::symlink_metadata(d.join(".git")).is_ok() {
            return normalize(d);
        }
        dir = d.parent();
    }
    normalize(cwd)
}

/// Directories that hold the system's own programs.
const SYSTEM_PROGRAM_DIRS: &[&str] = &[
    "/usr/bin",
    "/bin",
    "/usr/sbin",
    "/sbin",
    "/usr/local/bin",
    "/usr/local/sbin",
    "/usr/libexec",
    "/opt/homebrew/bin",
    "/run/current-system/sw/bin",
];

/// Is `program` (an absolute path as written) the system's own program: directly in one
/// of the system's program directories, with that directory and the file (after links)
/// owned by root and writable by nobody else? Anything else is a file being run.
pub fn system_program(program: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    let lexical = normalize(program);
    let Some(dir) = lexical.parent() else {
        return false;
    };
    if !SYSTEM_PROGRAM_DIRS.iter().any(|d| Path::new(d) == dir) {
        return false;
    }
    let root_only = |p: &Path| {
        std::fs::metadata(p)
            .map(|m| m.uid() == 0 && m.mode() & 0o022 == 0)
            .unwrap_or(false)
    };
    // The file itself may be a link into another root-owned place (merged /usr, alternatives).
    let target = std::fs::canonicalize(&lexical).unwrap_or_else(|_| lexical.clone());
    root_only(dir) && root_only(&target) && target.parent().is_some_and(root_only)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    #[test]
    fn lexical_forms() {
        let home = Path::new("/home/u");
        let cwd = Path::new("/w/p");
        let cases = [
            ("a/b", "/w/p/a/b"),
            ("./a/../b", "/w/p/b"),
            ("../../../../etc", "/etc"),
            ("~", "/home/u"),
            ("~/.ssh/id_rsa", "/home/u/.ssh/id_rsa"),
            ("/x/./y/..", "/x"),
            ("~user/x", "/w/p/~user/x"),
        ];
        for (raw, want) in cases {
            assert_eq!(lexical(raw, cwd, home), PathBuf::from(want), "{raw}");
        }
    }

    #[test]
    fn resolve_follows_symlinks_and_dangling_links() {
        let t = tempfile::tempdir().unwrap();
        let base = t.path().canonicalize().unwrap();
        let ws = base.join("ws");
        let secret = base.join("secret");
        std::fs::create_dir_all(&ws).unwrap();
        std::fs::create_dir_all(&secret).unwrap();
        symlink(&secret, ws.join("link")).unwrap();
        symlink(base.join("nowhere/file"), ws.join("dangling")).unwrap();
        symlink(ws.join("loop"), ws.join("loop")).unwrap();
        assert_eq!(resolve(&ws.join("link/k")).unwrap(), secret.join("k"));
        assert_eq!(
            resolve(&ws.join("dangling")).unwrap(),
            base.join("nowhere/file")
        );
        assert_eq!(resolve(&ws.join("link/../ws")).unwrap(), base.join("ws"));
        assert_eq!(resolve(&ws.join("loop")), None);
        let f = forms("link/k", &ws, &base);
        assert_eq!(f.lexical, ws.join("link/k"));
        let w = Workspace::new(&ws, &[]);
        assert!(!w.contains(&f), "a symlink escape is outside");
        assert!(w.contains(&forms("src/x", &ws, &base)));
    }

    #[test]
    fn one_memo_looks_once_and_forgets_after() {
        let t = tempfile::tempdir().unwrap();
        let base = t.path().canonicalize().unwrap();
        std::fs::create_dir(base.join("real")).unwrap();
        std::fs::create_dir(base.join("other")).unwrap();
        symlink(base.join("real"), base.join("link")).unwrap();
        let swap = || {
            std::fs::remove_file(base.join("link")).unwrap();
            symlink(base.join("other"), base.join("link")).unwrap();
        };
        let seen = memo(|| {
            let first = resolve(&base.join("link/f")).unwrap();
            swap();
            // Nested scopes share the outer memo.
            let again = memo(|| resolve(&base.join("link/f")).unwrap());
            (first, again)
        });
        assert_eq!(seen.0, base.join("real/f"));
        assert_eq!(seen.1, base.join("real/f"));
        // Outside the scope every look is fresh.
        assert_eq!(resolve(&base.join("link/f")).unwrap(), base.join("other/f"));
        memo(|| assert_eq!(resolve(&base.join("link/f")).unwrap(), base.join("other/f")));
    }

    #[test]
    fn a_remembered_memo_seeds_later_ones_with_what_it_looked_at() {
        let t = tempfile::tempdir().unwrap();
        let base = t.path().canonicalize().unwrap();
        std::fs::create_dir(base.join("real")).unwrap();
        std::fs::create_dir(base.join("other")).unwrap();
        symlink(base.join("real"), base.join("link")).unwrap();
        let (first, looks) = remembered(|| resolve(&base.join("link/f")).unwrap());
        assert_eq!(first, base.join("real/f"));
        std::fs::remove_file(base.join("link")).unwrap();
        symlink(base.join("other"), base.join("link")).unwrap();
        // Seeded: the link as the remembered memo saw it; a path it never looked at is
        // looked at now.
        memo_from(&looks, || {
            assert_eq!(resolve(&base.join("link/f")).unwrap(), base.join("real/f"));
            assert_eq!(
                resolve(&base.join("other/g")).unwrap(),
                base.join("other/g")
            );
        });
        // Without the seed, and outside any memo, the file system as it is.
        memo(|| assert_eq!(resolve(&base.join("link/f")).unwrap(), base.join("other/f")));
        assert_eq!(resolve(&base.join("link/f")).unwrap(), base.join("other/f"));
    }

    #[test]
    fn a_kept_fact_is_derived_once_per_memo_by_kind_and_key() {
        use std::cell::Cell;
        let runs = Cell::new(0);
        let derive = |v: u32| {
            runs.set(runs.get() + 1);
            v
        };
        // Outside a memo every ask derives afresh.
        assert_eq!(kept("k", b"a", || derive(1)), 1);
        assert_eq!(kept("k", b"a", || derive(2)), 2);
        assert_eq!(runs.get(), 2);
        memo(|| {
            assert_eq!(kept("k", b"a", || derive(3)), 3);
            // The same kind and key: the first answer, nothing derived.
            assert_eq!(kept("k", b"a", || derive(4)), 3);
            // Nested scopes share the outer memo.
            assert_eq!(memo(|| kept("k", b"a", || derive(5))), 3);
            // Another key or another kind is its own fact.
            assert_eq!(kept("k", b"b", || derive(6)), 6);
            assert_eq!(kept("j", b"a", || derive(7)), 7);
            // Derived while another is derived.
            assert_eq!(kept("k", b"c", || kept("k", b"d", || derive(8)) + 1), 9);
            assert_eq!(kept("k", b"d", || derive(10)), 8);
        });
        assert_eq!(runs.get(), 6);
        // Forgotten when the memo ends.
        memo(|| assert_eq!(kept("k", b"a", || derive(11)), 11));
        assert_eq!(runs.get(), 7);
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod physical_tests {
    use super::*;

    #[test]
    fn dot_dot_leaves_what_the_part_before_it_really_is() {
        let tmp = tempfile::tempdir().unwrap();
        let base = tmp.path().canonicalize().unwrap();
        let home = base.join("home");
        let ws = home.join("ws");
        std::fs::create_dir_all(home.join(".ssh")).unwrap();
        std::fs::create_dir_all(ws.join("src")).unwrap();
        std::os::unix::fs::symlink(home.join(".ssh"), ws.join("sshlink")).unwrap();
        // Through the link: `..` is the link's target's parent, the home.
        assert_eq!(
            physical(&ws.join("sshlink/../.aws/credentials")),
            home.join(".aws/credentials")
        );
        assert_eq!(
            normalize(&ws.join("sshlink/../.aws/credentials")),
            ws.join(".aws/credentials")
        );
        // Chains of links whose targets end in `..`.
        std::os::unix::fs::symlink(ws.join("src"), ws.join("a")).unwrap();
        std::os::unix::fs::symlink("a/../..", ws.join("b")).unwrap();
        assert_eq!(physical(&ws.join("b/../x")), base.join("x"));
        // No link, or a part that does not exist: as text.
        assert_eq!(physical(&ws.join("src/../README.md")), ws.join("README.md"));
        assert_eq!(physical(&ws.join("nope/../x")), ws.join("x"));
        assert_eq!(physical_strict(&ws.join("nope/../x")), None);
        assert_eq!(physical_strict(&ws.join("src/../x")), Some(ws.join("x")));
        assert_eq!(physical(Path::new("/a/./b")), PathBuf::from("/a/b"));
    }
}
