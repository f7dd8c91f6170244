//! What a `find` command line can print, or hand to its `-exec` commands: a [`Listed`]
//! (the names and kinds of the entries), read as find reads its expression. `dynamic`
//! bounds the names handed on at run time with it (`xargs`, `$(find …)`), `routine_search`
//! what `find -exec` is handed.

use crate::analysis::reach::{Kinds, NamePattern};

/// What a lister hands on (`dynamic::listed`): names matching one of `names` (`None`:
/// any name), of the kinds in `kinds`. A superset of what it prints.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Listed {
    pub names: Option<Vec<NamePattern>>,
    pub kinds: Kinds,
}

impl Listed {
    const ALL: Listed = Listed {
        names: None,
        kinds: Kinds::ALL,
    };
    const EMPTY: Listed = Listed {
        names: Some(Vec::new()),
        kinds: Kinds::NONE,
    };

    fn names(p: NamePattern) -> Listed {
        Listed {
            names: Some(vec![p]),
            kinds: Kinds::ALL,
        }
    }

    fn kinds(kinds: Kinds) -> Listed {
        Listed { names: None, kinds }
    }

    fn is_empty(&self) -> bool {
        self.kinds.is_empty() || self.names.as_ref().is_some_and(Vec::is_empty)
    }

    fn union(&self, o: &Listed) -> Listed {
        if self.is_empty() {
            return o.clone();
        }
        if o.is_empty() {
            return self.clone();
        }
        Listed {
            names: match (&self.names, &o.names) {
                (Some(a), Some(b)) => Some(a.iter().chain(b).cloned().collect()),
                _ => None,
            },
            kinds: self.kinds.union(o.kinds),
        }
    }

    /// A superset of the entries in both: the kinds exactly, the names of either side
    /// (each is a bound on the intersection).
    fn intersect(&self, o: &Listed) -> Listed {
        if self.is_empty() || o.is_empty() {
            return Listed::EMPTY;
        }
        let names = match (&self.names, &o.names) {
            (None, n) | (n, None) => n.clone(),
            (Some(a), Some(b)) => Some(if a.len() <= b.len() { a } else { b }.clone()),
        };
        Listed {
            names,
            kinds: self.kinds.intersect(o.kinds),
        }
    }
}

/// Of a find command line (after `find`): a superset of what it prints, read as find
/// reads its expression (`!` binds tightest, then the implied `-a`, then `-o`, then `,`;
/// parentheses group). Each part of the expression is interpreted as the entries for
/// which it may be true, may be false, and may print (GNU findutils 4.9.0, find(1) and
/// the real find here): `-name`/`-iname` are true only for names their pattern matches,
/// `-type` (and, without following, `-xtype`, which is also true for links) only for its
/// kinds and false for the others; every other test may be either; `-print`/`-print0`
/// print what reaches them; without an action other than `-prune` or `-quit` the whole
/// expression's true set is printed; `-printf` whose format prints only each entry's path
/// (`%p`, each followed by `\n` or `\0`: [`printf_names`]) prints like `-print`. `-L`, `-H`,
/// `-follow` (a followed link is printed as what it points to), and any action that
/// prints or runs something else (`-printf` of any other format — `%l` prints where a
/// link points, `%f` and `%P` names relative to the starting point, `%h` its parent —,
/// `-ls`, `-fprint…`, `-exec`, `-ok`, `-delete`) give `None`.
pub(crate) fn find_listed(args: &[String]) -> Option<Listed> {
    find_expression(args, false)
}

/// Of a find command line: a superset of the entries its `-exec`/`-execdir`/`-ok`/`-okdir`
/// commands are handed (and of what it prints), read as [`find_listed`] reads it, each such
/// action taking what reaches it.
pub(crate) fn find_handed(args: &[String]) -> Option<Listed> {
    find_expression(args, true)
}

/// What a `-printf` format prints of each entry, when it prints nothing but names (GNU
/// findutils 4.9.0, checked with the real find): `%p` is the entry's path as found (under
/// the starting point, like `-print`); `%P` is that path without the starting point and
/// `%f` the last component — names a reader then opens relative to its own working
/// directory, not in the tree. Every other directive (`%l`, where a link points; `%h`, the
/// parent, which for a starting point is the directory above it; sizes, times, owners),
/// a field width, `%%` and any literal text (`/home/%f`) make what is printed other than
/// names in the tree: `None`. Each directive must be followed at once by `\n` or `\0`
/// (the same one throughout): names printed with no separator between them run together.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PrintfNames {
    /// `%p` alone: paths under the starting points.
    Paths,
    /// `%P` or `%f` among them: names relative to the reader's working directory.
    Relative,
}

pub(crate) fn printf_names(fmt: &str) -> Option<PrintfNames> {
    printf_format(fmt).map(|(names, _)| names)
}

/// Of a `-printf` format that prints only names ([`printf_names`]): what they are, and
/// whether each is ended by a NUL (`\0`) rather than a newline. Every directive must be
/// followed at once by its separator, all separators the same: `%p` alone, or `%p%p`,
/// glues names into one (`.` and `./.netrc` print `../.netrc`).
pub(crate) fn printf_format(fmt: &str) -> Option<(PrintfNames, bool)> {
    let mut out = None;
    let mut nul = None;
    let mut chars = fmt.chars();
    while let Some(c) = chars.next() {
        match (c, chars.next()) {
            ('%', Some('p')) => {
                out.get_or_insert(PrintfNames::Paths);
            }
            ('%', Some('P' | 'f')) => out = Some(PrintfNames::Relative),
            _ => return None,
        }
        let ends_nul = match (chars.next(), chars.next()) {
            (Some('\\'), Some('n')) => false,
            (Some('\\'), Some('0')) => true,
            _ => return None,
        };
        if *nul.get_or_insert(ends_nul) != ends_nul {
            return None;
        }
    }
    Some((out?, nul?))
}

/// Of a find command line: whether each name it prints ends with a NUL (`-print0`,
/// `-printf '%p\0'`: `Some(true)`) or a newline (`Some(false)`; also when nothing but
/// the implied `-print` prints). `None` when it mixes them or prints anything else.
pub(crate) fn find_separator(args: &[String]) -> Option<bool> {
    let mut st = Reading {
        printed: false,
        exec: false,
        nul: None,
        relative: true,
    };
    find_reading(args, &mut st)?;
    match st.nul {
        Some(Some(n)) => Some(n),
        Some(None) => None,
        None => Some(false),
    }
}

fn find_expression(args: &[String], exec: bool) -> Option<Listed> {
    let mut st = Reading {
        printed: false,
        exec,
        nul: None,
        relative: false,
    };
    find_reading(args, &mut st)
}

fn find_reading(args: &[String], st: &mut Reading) -> Option<Listed> {
    // The roots come first: words that start no expression.
    let start = args
        .iter()
        .position(|a| a.starts_with('-') || a == "(" || a == "!")
        .unwrap_or(args.len());
    let expr = &args[start..];
    let mut at = 0;
    let whole = if expr.is_empty() {
        Sets::of(Listed::ALL, Listed::EMPTY, Listed::EMPTY)
    } else {
        comma_expr(expr, &mut at, st)?
    };
    if at != expr.len() {
        return None;
    }
    Some(if st.printed {
        whole.print
    } else {
        whole.print.union(&whole.t)
    })
}

/// What a reading of a find expression carries along: whether an action that prints (or
/// hands on) was met, and whether `-exec` and its kin count as such actions.
struct Reading {
    printed: bool,
    exec: bool,
    /// What ends each printed name: unset until something prints, `Some(None)` once
    /// both a NUL and a newline may.
    nul: Option<Option<bool>>,
    /// Whether `-printf` of names relative to the reader (`%P`, `%f`) counts as printing
    /// (only how names are ended is asked).
    relative: bool,
}

impl Reading {
    fn prints(&mut self, nul: bool) {
        self.printed = true;
        let was = *self.nul.get_or_insert(Some(nul));
        if was != Some(nul) {
            self.nul = Some(None);
        }
    }
}

/// For one part of a find expression: the entries it may be true for, false for, and
/// may print while it is evaluated.
struct Sets {
    t: Listed,
    f: Listed,
    print: Listed,
}

impl Sets {
    fn of(t: Listed, f: Listed, print: Listed) -> Sets {
        Sets { t, f, print }
    }
}

fn comma_expr(t: &[String], at: &mut usize, st: &mut Reading) -> Option<Sets> {
    let mut s = or_expr(t, at, st)?;
    while t.get(*at).map(String::as_str) == Some(",") {
        *at += 1;
        let r = or_expr(t, at, st)?;
        s = Sets::of(r.t, r.f, s.print.union(&r.print));
    }
    Some(s)
}

fn or_expr(t: &[String], at: &mut usize, st: &mut Reading) -> Option<Sets> {
    let mut s = and_expr(t, at, st)?;
    while matches!(t.get(*at).map(String::as_str), Some("-o" | "-or")) {
        *at += 1;
        let r = and_expr(t, at, st)?;
        // The right side runs only where the left is false.
        s = Sets::of(
            s.t.union(&s.f.intersect(&r.t)),
            s.f.intersect(&r.f),
            s.print.union(&s.f.intersect(&r.print)),
        );
    }
    Some(s)
}

fn and_expr(t: &[String], at: &mut usize, st: &mut Reading) -> Option<Sets> {
    let mut s = unary(t, at, st)?;
    loop {
        match t.get(*at).map(String::as_str) {
            None | Some("-o" | "-or" | ")" | ",") => return Some(s),
            Some("-a" | "-and") => *at += 1,
            Some(_) => {}
        }
        let r = unary(t, at, st)?;
        // The right side runs only where the left is true.
        s = Sets::of(
            s.t.intersect(&r.t),
            s.f.union(&s.t.intersect(&r.f)),
            s.print.union(&s.t.intersect(&r.print)),
        );
    }
}

fn unary(t: &[String], at: &mut usize, st: &mut Reading) -> Option<Sets> {
    if matches!(t.get(*at).map(String::as_str), Some("!" | "-not")) {
        *at += 1;
        let s = unary(t, at, st)?;
        return Some(Sets::of(s.f, s.t, s.print));
    }
    primary(t, at, st)
}

/// The kinds `-type`/`-xtype` name (`f`, `d,l`, …); `None` for a letter find rejects.
fn type_kinds(v: &str) -> Option<Kinds> {
    let mut k = Kinds::NONE;
    for c in v.split(',') {
        match c {
            "f" => k.files = true,
            "d" => k.dirs = true,
            "l" => k.links = true,
            "b" | "c" | "p" | "s" | "D" => k.other = true,
            _ => return None,
        }
    }
    Some(k)
}

fn primary(t: &[String], at: &mut usize, st: &mut Reading) -> Option<Sets> {
    let word = t.get(*at)?.as_str();
    *at += 1;
    let mut value = || -> Option<&String> {
        let v = t.get(*at)?;
        *at += 1;
        Some(v)
    };
    let either = || Sets::of(Listed::ALL, Listed::ALL, Listed::EMPTY);
    let always = || Sets::of(Listed::ALL, Listed::EMPTY, Listed::EMPTY);
    Some(match word {
        "(" => {
            let s = comma_expr(t, at, st)?;
            (t.get(*at).map(String::as_str) == Some(")")).then_some(())?;
            *at += 1;
            s
        }
        "-name" => Sets::of(
            Listed::names(NamePattern::fnmatch(value()?)),
            Listed::ALL,
            Listed::EMPTY,
        ),
        "-iname" => Sets::of(
            Listed::names(NamePattern::fnmatch_folded(value()?)),
            Listed::ALL,
            Listed::EMPTY,
        ),
        "-type" => {
            let k = type_kinds(value()?)?;
            Sets::of(
                Listed::kinds(k),
                Listed::kinds(k.complement()),
                Listed::EMPTY,
            )
        }
        "-xtype" => {
            let k = type_kinds(value()?)?;
            let with_links = k.union(Kinds {
                links: true,
                ..Kinds::NONE
            });
            Sets::of(Listed::kinds(with_links), Listed::ALL, Listed::EMPTY)
        }
        // Tests that may be true or false for anything.
        "-path" | "-ipath" | "-wholename" | "-iwholename" | "-regex" | "-iregex" | "-lname"
        | "-ilname" | "-size" | "-perm" | "-user" | "-group" | "-uid" | "-gid" | "-links"
        | "-inum" | "-amin" | "-atime" | "-cmin" | "-ctime" | "-mmin" | "-mtime" | "-used"
        | "-newer" | "-anewer" | "-cnewer" | "-samefile" | "-fstype" | "-context" => {
            value()?;
            either()
        }
        w if w.starts_with("-newer") && w.len() == 8 => {
            value()?;
            either()
        }
        "-empty" | "-executable" | "-readable" | "-writable" | "-nouser" | "-nogroup" => either(),
        // Options and tests that are always true; `-prune` only leaves out more.
        "-maxdepth" | "-mindepth" | "-regextype" => {
            value()?;
            always()
        }
        "-true"
        | "-depth"
        | "-mount"
        | "-xdev"
        | "-noleaf"
        | "-daystart"
        | "-warn"
        | "-nowarn"
        | "-ignore_readdir_race"
        | "-noignore_readdir_race"
        | "-prune" => always(),
        "-false" => Sets::of(Listed::EMPTY, Listed::ALL, Listed::EMPTY),
        // Stops find; whatever follows never runs.
        "-quit" => Sets::of(Listed::EMPTY, Listed::EMPTY, Listed::EMPTY),
        "-print" | "-print0" => {
            st.prints(word == "-print0");
            Sets::of(Listed::ALL, Listed::EMPTY, Listed::ALL)
        }
        "-printf" => match printf_format(value()?)? {
            (names, nul) if names == PrintfNames::Paths || st.relative => {
                st.prints(nul);
                Sets::of(Listed::ALL, Listed::EMPTY, Listed::ALL)
            }
            _ => return None,
        },
        // The command is handed what reaches it, and may succeed or fail.
        "-exec" | "-execdir" | "-ok" | "-okdir" if st.exec => {
            let mut prev: Option<&String> = None;
            loop {
                let w = value()?;
                if w == ";" || (w == "+" && prev.is_some_and(|p| p == "{}")) {
                    break;
                }
                prev = Some(w);
            }
            // What it prints is its own; only what find prints is ended here.
            st.printed = true;
            Sets::of(Listed::ALL, Listed::ALL, Listed::ALL)
        }
        _ => return None,
    })
}
