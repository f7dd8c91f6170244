//! Which files ripgrep reads in a tree it walks, as far as its name filters decide:
//! `--glob`/`-g` and `--iglob` (Claude Code's Grep tool passes its `glob` field as
//! `--glob`), and `--type`/`-t`. Read from ripgrep's source at 15.2.0 (the `ignore` crate's
//! `overrides.rs`, `gitignore.rs`, `types.rs` and `dir.rs`; globset's `glob.rs`) and
//! checked against ripgrep 13.0.0 here:
//!
//! - The globs are one gitignore-style set, `!` inverted: a glob is a whitelist, `!glob`
//!   ignores. A line starting with `#` is a comment (no glob at all), trailing blanks are
//!   trimmed (not `\ `), `\!` and `\#` escape. A glob ending in `/` matches directories
//!   only. One without a `/` matches the name at any depth (it becomes `**/glob`); one
//!   with a `/` matches the whole path as ripgrep prints it — relative to ripgrep's
//!   working directory when under it, else as given (`rg -g rgt/a/x x rgt` from the parent
//!   matches, `-g a/x` there does not) — so only its last component is a bound on the name.
//! - When at least one whitelist glob is given, a file that matches none is not read, and
//!   the globs decide before the types do (`dir.rs`: an override match, whitelist or
//!   ignore, is final), so `--type` then changes nothing a whitelist admits. A directory
//!   matching a whitelist is entered, but the files below it are matched on their own
//!   paths (`rg -g foo` reads nothing in `foo/`). Without a whitelist the types decide: a
//!   selected type admits a file whose name matches one of its globs. An unknown type is
//!   an error (`unrecognized file type`), but a ripgrep newer than the table may know it,
//!   so it bounds nothing here; nor does `all`, nor any type once `--type-add` or
//!   `--type-clear` redefined one.
//! - globset: `*` and `?` never match `/` (`literal_separator`), but a bracket class can
//!   (`rg -g 'a[!y]x'` reads `a/x`), and so does an escaped `\/`; `{a,b}` alternates
//!   (nested groups in 15.x, an error before); `**` inside a component is `*`, and `**` as
//!   a last component (or the `/*` ripgrep adds after a trailing `/**`) matches any name.
//!   `--iglob` and `--glob-case-insensitive` fold ASCII case only (`(?-u)(?i)`).
//!
//! So the bound of a whitelist glob is, for every brace alternative, the pattern of its
//! last component — and, for each class in it that may match `/`, the part after that
//! class. Each is a superset of what ripgrep admits; anything this cannot read is not
//! bounded.

use super::glob::{Item, NamePattern, Tok};

/// Brace alternatives expanded from one glob, at most; past it the glob is not bounded.
const MAX_ALTERNATIVES: usize = 256;

/// How one glob line reads once gitignore's rules are applied.
enum Line<'a> {
    /// A comment or nothing: no glob.
    Nothing,
    /// `!glob`: it only leaves files out.
    Ignore,
    /// A whitelist glob; `dir_only`: it ended in `/` and admits no file.
    Whitelist { glob: &'a str, dir_only: bool },
}

fn line(raw: &str) -> Line<'_> {
    if raw.starts_with('#') {
        return Line::Nothing;
    }
    let trimmed = if raw.ends_with("\\ ") {
        raw
    } else {
        raw.trim_end()
    };
    if trimmed.is_empty() {
        return Line::Nothing;
    }
    let glob = if trimmed.starts_with("\\!") || trimmed.starts_with("\\#") {
        &trimmed[1..]
    } else if trimmed.starts_with('!') {
        return Line::Ignore;
    } else {
        trimmed.strip_prefix('/').unwrap_or(trimmed)
    };
    Line::Whitelist {
        glob,
        dir_only: glob.ends_with('/'),
    }
}

/// The names ripgrep may read below a directory it walks, given its `--glob`/`--iglob`
/// values in order (each with whether it matches case-insensitively) and the names
/// `--type` selects (`types_fixed`: no `--type-add`/`--type-clear` redefined a type).
/// `None`: any name. `Some` of no pattern: no file at all.
pub fn admitted(
    globs: &[(&str, bool)],
    types: &[&str],
    types_fixed: bool,
) -> Option<Vec<NamePattern>> {
    let mut out = Vec::new();
    let mut whitelists = 0usize;
    for (raw, fold) in globs {
        if let Line::Whitelist { glob, dir_only } = line(raw) {
            whitelists += 1;
            if !dir_only {
                out.extend(last_components(glob, *fold)?);
            }
        }
    }
    if whitelists > 0 {
        return Some(out);
    }
    if types.is_empty() || !types_fixed {
        return None;
    }
    for t in types {
        for g in type_globs(t)? {
            out.extend(last_components(g, false)?);
        }
    }
    Some(out)
}

/// The globs of a built-in type; `None` for `all` and for a name not in the table.
pub fn type_globs(name: &str) -> Option<&'static [&'static str]> {
    let table = super::rg_types::TYPES;
    table
        .binary_search_by(|(n, _)| (*n).cmp(name))
        .ok()
        .and_then(|i| table.get(i))
        .map(|(_, g)| *g)
}

/// The name patterns bounding a whitelist glob (see the module docs); `None` when it
/// cannot be bounded.
fn last_components(glob: &str, fold: bool) -> Option<Vec<NamePattern>> {
    if !glob.is_ascii() {
        return None;
    }
    let mut out = Vec::new();
    for alt in alternatives(glob)? {
        let comps = components(&alt)?;
        let last = comps.last()?;
        let toks: Vec<Tok> = last.iter().map(|(t, _)| t.clone()).collect();
        out.push(NamePattern::from_tokens(toks, fold));
        // A class that may match `/`: the name may be what follows it.
        for (k, (_, sep)) in last.iter().enumerate() {
            if *sep {
                let rest: Vec<Tok> = last
                    .get(k + 1..)
                    .unwrap_or(&[])
                    .iter()
                    .map(|(t, _)| t.clone())
                    .collect();
                out.push(NamePattern::from_tokens(rest, fold));
            }
        }
    }
    Some(out)
}

/// Where a bracket class that starts after the `[` at `start - 1` ends (the index after
/// its `]`), as globset reads it: an optional `!`/`^`, then a first character taken
/// literally even if it is `]`, no escapes; `None` when it never closes.
fn class_end(chars: &[char], start: usize) -> Option<usize> {
    let mut i = start;
    if matches!(chars.get(i), Some('!' | '^')) {
        i += 1;
    }
    let mut first = true;
    loop {
        let c = *chars.get(i)?;
        i += 1;
        if c == ']' && !first {
            return Some(i);
        }
        first = false;
    }
}

/// One piece of a glob around its brace groups.
enum Piece {
    Text(String),
    Group(Vec<Vec<Piece>>),
}

/// The glob with every brace group expanded, escapes and classes kept as written;
/// `None` for a group that does not open or close, or past [`MAX_ALTERNATIVES`].
fn alternatives(glob: &str) -> Option<Vec<String>> {
    let chars: Vec<char> = glob.chars().collect();
    let mut at = 0;
    let seq = sequence(&chars, &mut at, 0)?;
    if at != chars.len() {
        return None;
    }
    expand(&seq)
}

fn sequence(chars: &[char], at: &mut usize, depth: usize) -> Option<Vec<Piece>> {
    let mut out = Vec::new();
    let mut text = String::new();
    while let Some(&c) = chars.get(*at) {
        match c {
            '\\' => {
                text.push(c);
                text.push(*chars.get(*at + 1)?);
                *at += 2;
            }
            '[' => {
                let end = class_end(chars, *at + 1)?;
                text.extend(chars.get(*at..end)?);
                *at = end;
            }
            '{' => {
                *at += 1;
                if !text.is_empty() {
                    out.push(Piece::Text(std::mem::take(&mut text)));
                }
                let mut branches = vec![sequence(chars, at, depth + 1)?];
                loop {
                    match chars.get(*at) {
                        Some(',') => {
                            *at += 1;
                            branches.push(sequence(chars, at, depth + 1)?);
                        }
                        Some('}') => {
                            *at += 1;
                            break;
                        }
                        _ => return None,
                    }
                }
                out.push(Piece::Group(branches));
            }
            ',' | '}' if depth > 0 => break,
            '}' => return None,
            _ => {
                text.push(c);
                *at += 1;
            }
        }
    }
    if !text.is_empty() {
        out.push(Piece::Text(text));
    }
    Some(out)
}

fn expand(seq: &[Piece]) -> Option<Vec<String>> {
    let mut acc = vec![String::new()];
    for p in seq {
        match p {
            Piece::Text(t) => acc.iter_mut().for_each(|a| a.push_str(t)),
            Piece::Group(branches) => {
                let mut next = Vec::new();
                for b in branches {
                    for tail in expand(b)? {
                        for head in &acc {
                            next.push(format!("{head}{tail}"));
                            if next.len() > MAX_ALTERNATIVES {
                                return None;
                            }
                        }
                    }
                }
                acc = next;
            }
        }
    }
    Some(acc)
}

/// A brace-free globset pattern split into components at each `/` (escaped too), every
/// token marked with whether it may match a `/` itself (a class that holds it, or a
/// negated one that does not). `None` for what globset rejects (a dangling `\`, a class
/// that does not close, a range that runs backwards).
type Component = Vec<(Tok, bool)>;

fn components(alt: &str) -> Option<Vec<Component>> {
    let chars: Vec<char> = alt.chars().collect();
    let mut comps: Vec<Component> = vec![Vec::new()];
    let mut i = 0;
    while let Some(&c) = chars.get(i) {
        i += 1;
        let tok = match c {
            '\\' => {
                let n = *chars.get(i)?;
                i += 1;
                if n == '/' {
                    comps.push(Vec::new());
                    continue;
                }
                (Tok::Char(n), false)
            }
            '/' => {
                comps.push(Vec::new());
                continue;
            }
            '*' => (Tok::Star, false),
            '?' => (Tok::Any, false),
            '[' => {
                let (tok, slash, end) = class(&chars, i)?;
                i = end;
                (tok, slash)
            }
            c => (Tok::Char(c), false),
        };
        let cur = comps.last_mut()?;
        if tok.0 == Tok::Star && cur.last().is_some_and(|(t, _)| *t == Tok::Star) {
            continue;
        }
        cur.push(tok);
    }
    Some(comps)
}

/// A class as globset's parser reads it (`parse_class`), starting after its `[`: the
/// token, whether it may match `/`, and the index after its `]`.
fn class(chars: &[char], start: usize) -> Option<(Tok, bool, usize)> {
    let mut i = start;
    let negated = matches!(chars.get(i), Some('!' | '^'));
    if negated {
        i += 1;
    }
    let mut ranges: Vec<(char, char)> = Vec::new();
    let mut first = true;
    let mut in_range = false;
    loop {
        let c = *chars.get(i)?;
        i += 1;
        match c {
            ']' if !first => break,
            '-' if first => ranges.push(('-', '-')),
            '-' if in_range => {
                let r = ranges.last_mut()?;
                r.1 = '-';
                if r.1 < r.0 {
                    return None;
                }
                in_range = false;
            }
            '-' => in_range = true,
            c if in_range => {
                let r = ranges.last_mut()?;
                r.1 = c;
                if r.1 < r.0 {
                    return None;
                }
                in_range = false;
            }
            c => ranges.push((c, c)),
        }
        first = false;
    }
    if in_range {
        ranges.push(('-', '-'));
    }
    let holds_slash = ranges.iter().any(|(a, b)| *a <= '/' && '/' <= *b);
    let items = ranges
        .into_iter()
        .map(|(a, b)| {
            if a == b {
                Item::One(a)
            } else {
                Item::Range(a, b)
            }
        })
        .collect();
    Some((Tok::Class(negated, items), holds_slash != negated, i))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    /// Does some pattern of the bound admit `name`? (`None`: every name.)
    fn admits(bound: &Option<Vec<NamePattern>>, name: &str) -> bool {
        bound
            .as_ref()
            .is_none_or(|ps| ps.iter().any(|p| p.matches(name)))
    }

    fn globs(gs: &[&str]) -> Option<Vec<NamePattern>> {
        let v: Vec<(&str, bool)> = gs.iter().map(|g| (*g, false)).collect();
        admitted(&v, &[], true)
    }

    #[test]
    fn whitelist_globs_bound_the_name_by_their_last_component() {
        let b = globs(&["*.md"]);
        assert!(admits(&b, "README.md") && !admits(&b, "data.bin"));
        let b = globs(&["**/*.cpp", "core/common/load_block.cpp"]);
        assert!(admits(&b, "x.cpp") && admits(&b, "load_block.cpp"));
        assert!(!admits(&b, "data.bin") && !admits(&b, "x.cppm"));
        let b = globs(&["**/opencore/*.cpp"]);
        assert!(admits(&b, "a.cpp") && !admits(&b, "opencore"));
        // Braces, nested ones too, each alternative by its own last component.
        let b = globs(&["*.{ts,tsx}", "{src/*.rs,docs/{a,b}.md}"]);
        for n in ["a.ts", "a.tsx", "m.rs", "a.md", "b.md"] {
            assert!(admits(&b, n), "{n}");
        }
        for n in ["c.md", "a.tsy", "data.bin", "notes.txt"] {
            assert!(!admits(&b, n), "{n}");
        }
        // Classes as globset reads them: `[.-]`, `]` first, negation.
        let b = globs(&["COPYING[.-]*", "[]x]y", "*.[!o]"]);
        assert!(admits(&b, "COPYING-2") && admits(&b, "]y") && admits(&b, "a.c"));
        assert!(!admits(&b, "COPYINGx") && !admits(&b, "a.o"));
        // `**` in a component is `*`; a last `**` is any name.
        assert!(admits(&globs(&["a**"]), "abc"));
        assert_eq!(globs(&["src/**"]).map(|b| b.len()), Some(1));
        assert!(admits(&globs(&["src/**"]), "data.bin"));
        // Case-insensitive globs fold ASCII letters, classes too.
        let b = admitted(&[("*.MD", true), ("[A-C]x", true)], &[], true);
        assert!(admits(&b, "a.md") && admits(&b, "bX") && !admits(&b, "dx"));
    }

    #[test]
    fn what_a_glob_cannot_bound_admits_every_name() {
        // No whitelist: negations, comments, blanks only.
        for gs in [&["!*.md"][..], &["#*.md"], &["  "], &[]] {
            assert_eq!(globs(gs), None, "{gs:?}");
        }
        // Braces or classes globset rejects, too many alternatives, non-ASCII.
        for g in [
            "{a,b",
            "a}",
            "[abc",
            "[z-a]",
            "x\\",
            "{a,b}{c,d}{e,f}{g,h}{i,j}{k,l}{m,n}{o,p}{q,r}",
            "*.é",
        ] {
            assert_eq!(globs(&[g]), None, "{g}");
        }
        // A whitelist that cannot be bounded makes the whole set unbounded.
        assert_eq!(globs(&["*.md", "{x"]), None);
    }

    #[test]
    fn a_class_that_may_match_a_slash_bounds_by_what_follows_it() {
        // globset's classes match `/` even with literal separators: `a[!y]x` is `a/x`.
        for (g, name) in [
            ("a[!y]x", "x"),
            ("a[/]bin", "bin"),
            ("a[+-0]data.bin", "data.bin"),
            ("a\\/data.bin", "data.bin"),
        ] {
            assert!(admits(&globs(&[g]), name), "{g} {name}");
        }
        assert!(!admits(&globs(&["a[!/]x"]), "x"));
    }

    #[test]
    fn gitignore_lines_are_read_as_ripgrep_reads_them() {
        // A trailing `/` admits no file; an escaped `!` or `#` is a whitelist; a leading
        // `/` anchors only; trailing blanks are trimmed.
        assert_eq!(globs(&["src/"]).map(|b| b.len()), Some(0));
        assert!(admits(&globs(&["\\!x"]), "!x"));
        assert!(admits(&globs(&["\\#x"]), "#x"));
        assert!(admits(&globs(&["/x.md"]), "x.md"));
        assert!(admits(&globs(&["*.md  "]), "a.md"));
        // A negation beside a whitelist leaves the whitelist's bound.
        let b = globs(&["*.rs", "!*.md"]);
        assert!(admits(&b, "a.rs") && !admits(&b, "a.md") && !admits(&b, "data.bin"));
    }

    #[test]
    fn types_bound_the_name_when_no_whitelist_decides() {
        let b = admitted(&[], &["cpp"], true);
        for n in ["a.cpp", "a.H", "a.hxx.in"] {
            assert!(admits(&b, n), "{n}");
        }
        assert!(!admits(&b, "data.bin") && !admits(&b, "env.txt"));
        let b = admitted(&[], &["make", "md"], true);
        assert!(admits(&b, "GNUmakefile") && admits(&b, "x.md") && !admits(&b, "x.txt"));
        // Unknown, `all`, or redefined: not bounded.
        assert_eq!(admitted(&[], &["nosuchtype"], true), None);
        assert_eq!(admitted(&[], &["all"], true), None);
        assert_eq!(admitted(&[], &["cpp"], false), None);
        // A whitelist glob decides before the type.
        let b = admitted(&[("*.bin", false)], &["cpp"], true);
        assert!(admits(&b, "data.bin") && !admits(&b, "a.cpp"));
        let b = admitted(&[("!*.md", false)], &["cpp"], true);
        assert!(admits(&b, "a.cpp") && !admits(&b, "data.bin"));
    }

    #[test]
    fn the_type_table_is_sorted_and_bounded() {
        let t = super::super::rg_types::TYPES;
        assert!(t.windows(2).all(|w| w[0].0 < w[1].0));
        for (name, gs) in t {
            for g in *gs {
                let b = last_components(g, false);
                assert!(b.is_some(), "{name}: {g}");
            }
        }
        assert_eq!(type_globs("rust"), Some(&["*.rs"][..]));
    }
}
