//! Where a path inline Python computes can point: the lexical rules of `posixpath` and
//! `pathlib.PurePosixPath` (checked against CPython 3.11.7, 3.12.1 and 3.13.0: `join`,
//! `dirname`, `basename`, a path's string form, `name` and `parent`) applied to what the
//! code is known to hold. A value is a literal text, a path below a literal directory
//! whose further components are directory entries chosen at run time, or one such entry's
//! name; everything else is not known, and a file named by it is outside the grammar.
//!
//! Why a path below a directory stays below it: an entry name from a listing
//! (`os.listdir`, `Path.iterdir`, `glob`) is never empty, never `.` or `..` and holds no
//! `/`; text added after it may hold no `.` or `..` component (a component glued onto a
//! name such as `name + '.bak'` is still one name that is neither). So no `..` can take
//! the path above its directory. `Path.stem` and `Path.suffix` are not names: the stem of
//! the entry `...x` is `..`.

/// Most places one value may name before it counts as not known.
const MAX_SPOTS: usize = 16;

/// One place a str or `pathlib.Path` value may name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Spot {
    /// This text exactly.
    Exact(String),
    /// `root/` and then entry names chosen at run time and literal text with no `.` or
    /// `..` component: a path strictly below the directory `root`. `open`: the text ends
    /// with `/`, so what comes next starts a component of its own.
    Under { root: String, open: bool },
    /// One directory entry's name, chosen at run time (relative to the working directory
    /// when used as a path).
    Name,
}

/// The places a value may name; `None` when it is not known.
pub(super) type Spots = Option<Vec<Spot>>;

/// Every place of `a` and of `b`.
pub(super) fn union(a: &Spots, b: &Spots) -> Spots {
    let (a, b) = (a.as_ref()?, b.as_ref()?);
    let mut out = a.clone();
    for s in b {
        if !out.contains(s) {
            out.push(s.clone());
        }
    }
    (out.len() <= MAX_SPOTS).then_some(out)
}

/// `f` over every pair of places of `a` and `b`; not known when any pair is not.
pub(super) fn pairwise(a: &Spots, b: &Spots, f: impl Fn(&Spot, &Spot) -> Option<Spot>) -> Spots {
    let (a, b) = (a.as_ref()?, b.as_ref()?);
    let mut out: Vec<Spot> = Vec::new();
    for x in a {
        for y in b {
            let s = f(x, y)?;
            if !out.contains(&s) {
                out.push(s);
            }
            if out.len() > MAX_SPOTS {
                return None;
            }
        }
    }
    Some(out)
}

/// `f` over every place of `a`; not known when any is not.
pub(super) fn each(a: &Spots, f: impl Fn(&Spot) -> Option<Spot>) -> Spots {
    let mut out: Vec<Spot> = Vec::new();
    for x in a.as_ref()? {
        let s = f(x)?;
        if !out.contains(&s) {
            out.push(s);
        }
    }
    Some(out)
}

/// The directory a text ending in `/` names (`a//` → `a`, `//` → `/`).
fn dir_of(text: &str) -> String {
    let t = text.trim_end_matches('/');
    if t.is_empty() {
        "/".into()
    } else {
        t.into()
    }
}

/// Literal text added after a path below a directory: where it ends up, or `None` when it
/// could leave the directory (a `.` or `..` component, or one that could become either).
fn append_text(root: &str, open: bool, text: &str) -> Option<Spot> {
    let parts: Vec<&str> = text.split('/').collect();
    // The first part continues the last component, or starts one when the path is open.
    if open && matches!(parts[0], "." | "..") {
        return None;
    }
    if parts[1..].iter().any(|p| matches!(*p, "." | "..")) {
        return None;
    }
    let last = parts[parts.len() - 1];
    let open = if parts.len() > 1 {
        last.is_empty()
    } else {
        open && last.is_empty()
    };
    Some(Spot::Under {
        root: root.to_string(),
        open,
    })
}

/// `a + b` for strings.
pub(super) fn concat(a: &Spot, b: &Spot) -> Option<Spot> {
    use Spot::*;
    match (a, b) {
        (Exact(x), Exact(y)) => Some(Exact(format!("{x}{y}"))),
        (Exact(x), Name) if x.is_empty() => Some(Name),
        (Exact(x), Name) if x.ends_with('/') => Some(Under {
            root: dir_of(x),
            open: false,
        }),
        (Exact(x), u @ Under { .. }) if x.is_empty() => Some(u.clone()),
        // A name with more of its own text is still one name.
        (Name, Exact(y)) if !y.contains('/') => Some(Name),
        (Name, Exact(y)) => append_text(".", false, y),
        (Name, Name) => Some(Name),
        (Under { root, open }, Exact(y)) => append_text(root, *open, y),
        (Under { root, .. }, Name) => Some(Under {
            root: root.clone(),
            open: false,
        }),
        _ => None,
    }
}

/// `os.path.join(a, b)` (CPython's `posixpath.join`: an absolute part starts over, a `/`
/// is added unless the path so far is empty or ends with one).
pub(super) fn join(a: &Spot, b: &Spot) -> Option<Spot> {
    use Spot::*;
    match b {
        Exact(y) if y.starts_with('/') => return Some(b.clone()),
        Under { root, .. } if root.starts_with('/') => return Some(b.clone()),
        _ => {}
    }
    match (a, b) {
        (Exact(x), Under { root, open }) => Some(Under {
            root: posix_join(x, root),
            open: *open,
        }),
        (_, Under { .. }) => None,
        (Exact(x), _) if x.is_empty() || x.ends_with('/') => concat(a, b),
        (Under { open: true, .. }, _) => concat(a, b),
        _ => concat(&concat(a, &Exact("/".into()))?, b),
    }
}

/// `posixpath.join` of two texts.
fn posix_join(a: &str, b: &str) -> String {
    if b.starts_with('/') {
        b.to_string()
    } else if a.is_empty() || a.ends_with('/') {
        format!("{a}{b}")
    } else {
        format!("{a}/{b}")
    }
}

/// The string form of `pathlib.PurePosixPath(text)`: empty and `.` components dropped,
/// a leading `//` kept (three or more slashes are one), `.` for nothing.
pub(super) fn path_text(text: &str) -> String {
    let root = if text.starts_with("//") && !text.starts_with("///") {
        "//"
    } else if text.starts_with('/') {
        "/"
    } else {
        ""
    };
    let parts: Vec<&str> = text
        .split('/')
        .filter(|p| !p.is_empty() && *p != ".")
        .collect();
    if root.is_empty() && parts.is_empty() {
        return ".".into();
    }
    format!("{root}{}", parts.join("/"))
}

/// A value as a `pathlib.Path` holds it (its string form).
pub(super) fn as_path(s: &Spot) -> Option<Spot> {
    Some(match s {
        Spot::Exact(t) => Spot::Exact(path_text(t)),
        Spot::Under { root, .. } => Spot::Under {
            root: path_text(root),
            open: false,
        },
        Spot::Name => Spot::Name,
    })
}

/// `Path(a) / b` (`pathlib` joins as `os.path.join` does, then takes the string form).
pub(super) fn path_join(a: &Spot, b: &Spot) -> Option<Spot> {
    let a = as_path(a)?;
    let b = match b {
        Spot::Exact(t) if t.is_empty() => return Some(a),
        _ => as_path(b)?,
    };
    let j = match (&a, &b) {
        // `Path('.') / 'x'` is `x`.
        (Spot::Exact(x), _) if x == "." => b.clone(),
        _ => join(&a, &b)?,
    };
    as_path(&j)
}

/// `Path(p).name`: the last component of the string form (`''` for `/` and `.`).
pub(super) fn path_name(s: &Spot) -> Option<Spot> {
    Some(match s {
        Spot::Exact(t) => {
            let p = path_text(t);
            let body = p.trim_start_matches('/');
            if body == "." || body.is_empty() {
                Spot::Exact(String::new())
            } else {
                Spot::Exact(body.rsplit('/').next().unwrap_or("").to_string())
            }
        }
        Spot::Under { .. } | Spot::Name => Spot::Name,
    })
}

/// `Path(p).parent`, for a literal path only (a path below a directory may be one level
/// below it, and its parent's parent above it).
pub(super) fn path_parent(s: &Spot) -> Option<Spot> {
    let Spot::Exact(t) = s else { return None };
    let p = path_text(t);
    let root_len = p.len() - p.trim_start_matches('/').len();
    let (root, body) = p.split_at(root_len);
    if body.is_empty() || body == "." {
        return Some(Spot::Exact(p.clone()));
    }
    Some(Spot::Exact(match body.rsplit_once('/') {
        Some((head, _)) => format!("{root}{head}"),
        None if root.is_empty() => ".".into(),
        None => root.to_string(),
    }))
}

/// `os.path.basename`.
pub(super) fn basename(s: &Spot) -> Option<Spot> {
    Some(match s {
        Spot::Exact(t) => Spot::Exact(t.rsplit('/').next().unwrap_or("").to_string()),
        Spot::Under { open: true, .. } => Spot::Exact(String::new()),
        Spot::Under { .. } | Spot::Name => Spot::Name,
    })
}

/// `os.path.dirname`, for a literal path only.
pub(super) fn dirname(s: &Spot) -> Option<Spot> {
    let Spot::Exact(t) = s else { return None };
    let i = t.rfind('/').map_or(0, |i| i + 1);
    let head = &t[..i];
    Some(Spot::Exact(
        if !head.is_empty() && head.chars().any(|c| c != '/') {
            head.trim_end_matches('/').to_string()
        } else {
            head.to_string()
        },
    ))
}

/// The entries of the directory `s` names (`Path.iterdir`, a `glob` of it): paths below it.
pub(super) fn below(s: &Spot) -> Option<Spot> {
    Some(match s {
        Spot::Exact(t) => Spot::Under {
            root: path_text(t),
            open: false,
        },
        Spot::Under { root, .. } => Spot::Under {
            root: root.clone(),
            open: false,
        },
        Spot::Name => Spot::Under {
            root: ".".into(),
            open: false,
        },
    })
}

/// The path a place is judged by, and whether it stands for the whole tree below it.
pub(super) fn judged_as(s: &Spot) -> (String, bool) {
    match s {
        Spot::Exact(t) => (t.clone(), false),
        Spot::Under { root, .. } => (root.clone(), true),
        Spot::Name => (".".into(), true),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use Spot::*;

    fn ex(s: &str) -> Spot {
        Exact(s.into())
    }
    fn under(r: &str) -> Spot {
        Under {
            root: r.into(),
            open: false,
        }
    }

    /// The string form, name and parent of `PurePosixPath`, as CPython 3.11–3.13 print them.
    #[test]
    fn pathlib_forms_match_cpython() {
        for (text, form, name, parent) in [
            ("", ".", "", "."),
            (".", ".", "", "."),
            ("a/", "a", "a", "."),
            ("a//b/./c/", "a/b/c", "c", "a/b"),
            ("//a", "//a", "a", "//"),
            ("///a", "/a", "a", "/"),
            ("/", "/", "", "/"),
            ("a/..", "a/..", "..", "a"),
            ("..", "..", "..", "."),
            ("./a", "a", "a", "."),
            ("/.", "/", "", "/"),
        ] {
            assert_eq!(path_text(text), form, "{text:?}");
            assert_eq!(path_name(&ex(text)), Some(ex(name)), "{text:?}");
            assert_eq!(path_parent(&ex(text)), Some(ex(parent)), "{text:?}");
        }
    }

    /// `posixpath.join`, `dirname` and `basename`, as CPython prints them.
    #[test]
    fn posixpath_matches_cpython() {
        for (a, b, j) in [
            ("a", "b", "a/b"),
            ("a/", "b", "a/b"),
            ("", "b", "b"),
            ("a", "/b", "/b"),
            ("a", "", "a/"),
            ("/", "x", "/x"),
        ] {
            assert_eq!(join(&ex(a), &ex(b)), Some(ex(j)), "{a:?} {b:?}");
        }
        for (p, d, b) in [
            ("a/b", "a", "b"),
            ("a/b/", "a/b", ""),
            ("/a", "/", "a"),
            ("a", "", "a"),
            ("", "", ""),
            ("/", "/", ""),
            ("//a", "//", "a"),
            ("a//b", "a", "b"),
        ] {
            assert_eq!(dirname(&ex(p)), Some(ex(d)), "{p:?}");
            assert_eq!(basename(&ex(p)), Some(ex(b)), "{p:?}");
        }
        assert_eq!(
            path_join(&ex("d"), &ex("/etc/passwd")),
            Some(ex("/etc/passwd"))
        );
        assert_eq!(path_join(&ex(""), &ex("x")), Some(ex("x")));
        assert_eq!(path_join(&ex("a"), &ex("")), Some(ex("a")));
    }

    /// Entry names keep a path below its directory; text that could climb out does not.
    #[test]
    fn names_stay_below_their_directory() {
        assert_eq!(join(&ex("d"), &Name), Some(under("d")));
        assert_eq!(join(&ex("/d/"), &Name), Some(under("/d")));
        assert_eq!(concat(&ex("d/"), &Name), Some(under("d")));
        assert_eq!(concat(&Name, &ex(".json")), Some(Name));
        assert_eq!(concat(&under("d"), &ex(".bak")), Some(under("d")));
        assert_eq!(join(&under("d"), &ex("x.json")), Some(under("d")));
        assert_eq!(join(&under("d"), &Name), Some(under("d")));
        assert_eq!(path_join(&ex("d"), &Name), Some(under("d")));
        assert_eq!(path_name(&under("d")), Some(Name));
        assert_eq!(basename(&under("d")), Some(Name));
        // An absolute part starts over, as Python does.
        assert_eq!(
            join(&under("d"), &ex("/etc/passwd")),
            Some(ex("/etc/passwd"))
        );
        // Climbing out, or a component that could become `..`, is not known.
        for (a, b) in [
            (under("d"), ex("/..")),
            (under("d"), ex("/../x")),
            (under("d"), ex("/.")),
            (Name, ex("/..")),
        ] {
            assert_eq!(concat(&a, &b), None, "{a:?} + {b:?}");
        }
        assert_eq!(join(&under("d"), &ex("..")), None);
        assert_eq!(join(&under("d"), &ex(".")), None);
        // `d/x/` then `..` would be `d`'s parent's child: refused at the open component.
        let open = concat(&under("d"), &ex("/")).unwrap();
        assert_eq!(
            open,
            Under {
                root: "d".into(),
                open: true
            }
        );
        assert_eq!(concat(&open, &ex("..")), None);
        assert_eq!(concat(&open, &ex(".")), None);
        // Text glued onto a literal directory name is not below it.
        assert_eq!(concat(&ex("d"), &Name), None);
        assert_eq!(path_parent(&under("d")), None);
        assert_eq!(dirname(&under("d")), None);
    }
}
