//! Pathname expansion with bash's default rules: `*`, `?` and bracket expressions (`[a-z]`,
//! `[!x]`, `[^x]`, `[[:alpha:]]`) match within one path component; a leading `.` must be
//! matched by a literal `.` (no `dotglob`); `**` is `*` (no `globstar`); a pattern that
//! matches nothing is passed literally (no `nullglob`, no `failglob`). Bounded: past
//! [`MAX_SCANNED`] entries read or [`MAX_MATCHES`] matches the expansion is not known.

use std::path::{Path, PathBuf};

/// Directory entries read per pattern, at most.
pub const MAX_SCANNED: usize = 10_000;
/// Matches per pattern, at most.
pub const MAX_MATCHES: usize = 256;

/// What a pattern expands to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Glob {
    /// The words bash passes, in its order (byte order here).
    Matches(Vec<String>),
    /// Nothing matched: bash passes the pattern itself, quotes removed.
    NoMatch(String),
    /// Past the bounds, or a directory could not be read: not known.
    Unknown,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Tok {
    Char(char),
    Any,
    Star,
    /// A bracket expression: negated, and its items.
    Class(bool, Vec<Item>),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Item {
    One(char),
    Range(char, char),
    Named(String),
}

/// Expand `pattern` (quoted characters escaped with `\`) relative to `cwd`.
pub fn expand(pattern: &str, cwd: &Path) -> Glob {
    let absolute = pattern.starts_with('/');
    let comps: Vec<&str> = pattern.split('/').collect();
    let mut bases: Vec<String> = vec![if absolute { "/".into() } else { String::new() }];
    let mut scanned = 0usize;
    let parts: Vec<&str> = if absolute {
        comps.get(1..).unwrap_or(&[]).to_vec()
    } else {
        comps
    };
    let last = parts.len().saturating_sub(1);
    for (k, comp) in parts.iter().enumerate() {
        let toks = tokens(comp);
        let is_pattern = toks.iter().any(|t| !matches!(t, Tok::Char(_)));
        let mut next = Vec::new();
        for base in &bases {
            let join = |name: &str| {
                if base.is_empty() {
                    name.to_string()
                } else if base.ends_with('/') {
                    format!("{base}{name}")
                } else {
                    format!("{base}/{name}")
                }
            };
            if !is_pattern {
                let name: String = toks
                    .iter()
                    .map(|t| match t {
                        Tok::Char(c) => *c,
                        _ => '?',
                    })
                    .collect();
                let p = join(&name);
                // A literal component must exist (a dangling link counts), and be a
                // directory unless it is the last.
                let full = place(&p, cwd);
                let ok = if name.is_empty() {
                    true
                } else if k == last {
                    std::fs::symlink_metadata(&full).is_ok()
                } else {
                    full.is_dir()
                };
                if ok {
                    next.push(p);
                }
                continue;
            }
            let dir = if base.is_empty() {
                cwd.to_path_buf()
            } else {
                place(base, cwd)
            };
            let Ok(rd) = std::fs::read_dir(&dir) else {
                // Unreadable or not a directory: no match below it (as bash).
                continue;
            };
            let dot_ok = toks.first() == Some(&Tok::Char('.'));
            let mut names: Vec<String> = Vec::new();
            if dot_ok {
                // Older bash (before `globskipdots`) also matches `.` and `..`: kept, so
                // the expansion is the widest any bash gives.
                names.push(".".into());
                names.push("..".into());
            }
            for e in rd {
                scanned += 1;
                if scanned > MAX_SCANNED {
                    return Glob::Unknown;
                }
                let Ok(e) = e else { return Glob::Unknown };
                match e.file_name().into_string() {
                    Ok(n) => names.push(n),
                    // A name that is not UTF-8 cannot be judged.
                    Err(_) => return Glob::Unknown,
                }
            }
            names.sort();
            for n in names {
                if n.starts_with('.') && !dot_ok {
                    continue;
                }
                if matches(&toks, &n) {
                    let p = join(&n);
                    if k < last && !place(&p, cwd).is_dir() {
                        continue;
                    }
                    next.push(p);
                    if next.len() > MAX_MATCHES {
                        return Glob::Unknown;
                    }
                }
            }
        }
        bases = next;
        if bases.is_empty() {
            break;
        }
    }
    if bases.is_empty() || bases.iter().all(|b| b.is_empty() || b == "/") {
        return Glob::NoMatch(unescape(pattern));
    }
    Glob::Matches(bases)
}

fn place(p: &str, cwd: &Path) -> PathBuf {
    let p = Path::new(p);
    if p.is_absolute() {
        p.to_path_buf()
    } else {
        cwd.join(p)
    }
}

/// The pattern with its escapes removed: what bash passes when nothing matches.
pub fn unescape(pattern: &str) -> String {
    let mut out = String::with_capacity(pattern.len());
    let mut chars = pattern.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            if let Some(n) = chars.next() {
                out.push(n);
            }
        } else {
            out.push(c);
        }
    }
    out
}

fn tokens(comp: &str) -> Vec<Tok> {
    let chars: Vec<char> = comp.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(&c) = chars.get(i) {
        i += 1;
        match c {
            '\\' => {
                if let Some(&n) = chars.get(i) {
                    out.push(Tok::Char(n));
                    i += 1;
                }
            }
            '*' => {
                if out.last() != Some(&Tok::Star) {
                    out.push(Tok::Star);
                }
            }
            '?' => out.push(Tok::Any),
            '[' => match bracket(&chars, i) {
                Some((tok, end)) => {
                    out.push(tok);
                    i = end;
                }
                None => out.push(Tok::Char('[')),
            },
            _ => out.push(Tok::Char(c)),
        }
    }
    out
}

/// A bracket expression starting after the `[` at `start - 1`: the token and the index
/// after its `]`; `None` when it does not close (then `[` is literal).
fn bracket(chars: &[char], start: usize) -> Option<(Tok, usize)> {
    let mut i = start;
    let negated = matches!(chars.get(i), Some('!' | '^'));
    if negated {
        i += 1;
    }
    let mut items = Vec::new();
    let mut first = true;
    loop {
        let c = *chars.get(i)?;
        if c == ']' && !first {
            return Some((Tok::Class(negated, items), i + 1));
        }
        first = false;
        if c == '[' && chars.get(i + 1) == Some(&':') {
            let rest: String = chars.get(i + 2..)?.iter().collect();
            if let Some(end) = rest.find(":]") {
                items.push(Item::Named(rest.get(..end)?.to_string()));
                i += 2 + rest.get(..end)?.chars().count() + 2;
                continue;
            }
        }
        let lo = if c == '\\' {
            i += 1;
            *chars.get(i)?
        } else {
            c
        };
        i += 1;
        if chars.get(i) == Some(&'-') && chars.get(i + 1).is_some_and(|&n| n != ']') {
            let mut hi = *chars.get(i + 1)?;
            i += 2;
            if hi == '\\' {
                hi = *chars.get(i)?;
                i += 1;
            }
            items.push(Item::Range(lo, hi));
        } else {
            items.push(Item::One(lo));
        }
    }
}

fn class_has(items: &[Item], c: char) -> bool {
    items.iter().any(|it| match it {
        Item::One(x) => *x == c,
        Item::Range(a, b) => *a <= c && c <= *b,
        Item::Named(n) => match n.as_str() {
            "alpha" => c.is_alphabetic(),
            "digit" => c.is_ascii_digit(),
            "alnum" => c.is_alphanumeric(),
            "upper" => c.is_uppercase(),
            "lower" => c.is_lowercase(),
            "space" => c.is_whitespace(),
            "blank" => c == ' ' || c == '\t',
            "punct" => c.is_ascii_punctuation(),
            "xdigit" => c.is_ascii_hexdigit(),
            "cntrl" => c.is_control(),
            "print" => !c.is_control(),
            "graph" => !c.is_control() && c != ' ',
            "word" => c.is_alphanumeric() || c == '_',
            // An unknown class matches nothing in bash.
            _ => false,
        },
    })
}

/// A file-name pattern of a reader's name filter, compiled: the names it lets through
/// (`find -name`/`-iname`, GNU grep's `--include`, the last component of a ripgrep glob,
/// `reach::rg`). Every answer is a superset of the real program's: a name the program's
/// filter admits always matches here.
///
/// A name that is not ASCII passes every pattern: the programs match bytes or characters
/// depending on the locale (`??` is `é` in the C locale), and fold case by locale rules.
/// A pattern with a character that is not ASCII passes every name, for the same reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamePattern {
    /// `None`: a pattern this cannot bound; every name passes.
    toks: Option<Vec<Tok>>,
    /// ASCII letters match in either case (`find -iname`, `rg --iglob`).
    fold: bool,
}

impl NamePattern {
    /// A pattern that lets every name through.
    pub fn any() -> NamePattern {
        NamePattern {
            toks: None,
            fold: false,
        }
    }

    /// An fnmatch(3) pattern without flags (`find -name`, GNU grep's `--include`): `*`,
    /// `?`, bracket expressions (`!`/`^` negation, ranges by code point, named classes),
    /// `\` escaping, no special leading `.`. One with `/` or braces (which fnmatch takes
    /// literally, and no file name holds a `/`) is not bounded here.
    pub fn fnmatch(pattern: &str) -> NamePattern {
        if pattern.contains(['/', '{', '}']) || !pattern.is_ascii() {
            return NamePattern::any();
        }
        NamePattern {
            toks: Some(tokens(pattern)),
            fold: false,
        }
    }

    /// An fnmatch(3) pattern with `FNM_CASEFOLD` (`find -iname`): letters match in either
    /// case. glibc folds a bracket expression's ends before comparing (`-iname '[Z-a]'`
    /// matches nothing, checked with GNU find 4.9.0), so one with a bracket expression is
    /// not bounded here.
    pub fn fnmatch_folded(pattern: &str) -> NamePattern {
        let mut p = NamePattern::fnmatch(pattern);
        if p.toks
            .as_ref()
            .is_some_and(|t| t.iter().any(|t| matches!(t, Tok::Class(..))))
        {
            return NamePattern::any();
        }
        p.fold = true;
        p
    }

    /// One path component of a globset pattern (`reach::rg`), as tokens; `fold`: ASCII
    /// case-insensitive, as globset's `(?-u)(?i)` regex is (a class matches a letter when
    /// it holds either case).
    pub(crate) fn from_tokens(toks: Vec<Tok>, fold: bool) -> NamePattern {
        NamePattern {
            toks: Some(toks),
            fold,
        }
    }

    /// Does `name` (one file name, no `/`) pass?
    pub fn matches(&self, name: &str) -> bool {
        match &self.toks {
            None => true,
            Some(_) if !name.is_ascii() => true,
            Some(t) => matches_folded(t, name, self.fold),
        }
    }
}

/// Does the fnmatch-style file-name pattern `pattern` match the name `name`? See
/// [`NamePattern::fnmatch`]: a pattern with `/` or braces is never answered `false`.
pub fn name_matches(pattern: &str, name: &str) -> bool {
    NamePattern::fnmatch(pattern).matches(name)
}

/// Does the component pattern match `name`? (No `/` in either.)
fn matches(toks: &[Tok], name: &str) -> bool {
    matches_folded(toks, name, false)
}

/// [`matches`], with ASCII letters compared in either case when `fold`.
fn matches_folded(toks: &[Tok], name: &str, fold: bool) -> bool {
    let name: Vec<char> = name.chars().collect();
    // Iterative matching with backtracking to the last `*`.
    let (mut t, mut n) = (0usize, 0usize);
    let mut star: Option<(usize, usize)> = None;
    while n < name.len() {
        let ok = match toks.get(t) {
            Some(Tok::Char(c)) => name
                .get(n)
                .is_some_and(|x| x == c || (fold && x.eq_ignore_ascii_case(c))),
            Some(Tok::Any) => true,
            Some(Tok::Class(neg, items)) => name.get(n).is_some_and(|&c| {
                let has = class_has(items, c)
                    || (fold
                        && (class_has(items, c.to_ascii_lowercase())
                            || class_has(items, c.to_ascii_uppercase())));
                has != *neg
            }),
            Some(Tok::Star) => {
                star = Some((t, n));
                t += 1;
                continue;
            }
            None => false,
        };
        if ok {
            t += 1;
            n += 1;
        } else if let Some((st, sn)) = star {
            t = st + 1;
            n = sn + 1;
            star = Some((st, sn + 1));
        } else {
            return false;
        }
    }
    while toks.get(t) == Some(&Tok::Star) {
        t += 1;
    }
    t == toks.len()
}
