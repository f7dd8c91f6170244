//! The expansions bash applies to one word after parsing, in bash's order: brace expansion
//! (`{a,b}`, `{1..5}`, `{a..e..2}`; bounded), tilde expansion of each resulting word (at its
//! start and, in assignments and arguments shaped like them, after `=` and each `:`),
//! field splitting at unquoted `$IFS` and unquoted known values, pathname patterns (marked,
//! never expanded here: the command floor expands them against the filesystem), and the
//! removal of unquoted empty words. `words` turns CST nodes into the [`Seg`]s of a word;
//! this module knows nothing of the grammar. Each rule is pinned by differential tests
//! against bash (`tests/bash.rs`).

use super::words::Word;
use super::ShellEnv;

/// More words than this from one brace expansion make the analysis opaque.
pub(super) const MAX_BRACE_WORDS: usize = 256;

/// One piece of a word, tagged with how bash treats it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Seg {
    /// An unquoted, unescaped character: may be brace, tilde or pattern syntax.
    Raw(char),
    /// Text made literal by quotes or a backslash (`''` is an empty one: an explicit null).
    Quoted(String),
    /// The known value of an expansion. Unquoted values are split into fields at blanks
    /// and may be patterns; `open_name` marks a `$NAME` without braces, which would read a
    /// longer name if brace expansion glued word characters to it (`$HOME{a,b}`).
    Value {
        text: String,
        quoted: bool,
        open_name: bool,
    },
    /// An expansion whose value is not known (its source text).
    Dynamic { text: String, open_name: bool },
    /// An unquoted `$IFS`: a field break.
    Split,
}

/// How the word is used.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Use {
    /// The value of `NAME=value`: `~` expands at its start and after each `:`.
    pub assignment_value: bool,
    pub braces: Braces,
}

/// Whether bash brace-expands the word.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) enum Braces {
    /// Arguments, loop words, the arguments of declaration builtins.
    #[default]
    Expand,
    /// Assignments, here-strings, `case` and `[[ ]]` words: braces are literal.
    Literal,
    /// A redirection target: several words are an error ("ambiguous redirect"), so the
    /// word is not known.
    Single,
}

/// The words one shell word becomes.
#[derive(Debug, Default)]
pub(super) struct Expanded {
    pub words: Vec<Word>,
    /// Brace expansion would make more than [`MAX_BRACE_WORDS`] words.
    pub too_many: bool,
    /// Brace expansion produced something not modelled exactly (a letter range across
    /// cases, an expansion name extended by the braces): those words are dynamic.
    pub unmodelled: bool,
}

/// Where a word is expanded: what `~+` and `~-` give there, the values of `PWD` and
/// `OLDPWD` as the walk follows them (`None`: not known; see `dirs`).
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Here<'a> {
    pub pwd: Option<&'a std::path::Path>,
    pub oldpwd: Option<&'a std::path::Path>,
}

pub(super) fn expand(segs: Vec<Seg>, env: &ShellEnv, here: Here, how: Use) -> Expanded {
    let mut out = Expanded::default();
    let assign_like = assignment_shaped(&segs);
    let has_brace = how.braces != Braces::Literal && segs.contains(&Seg::Raw('{'));
    let variants = if has_brace {
        let mut variants = Vec::new();
        match braces(segs.clone(), 0, &mut variants) {
            Ok(()) => variants,
            Err(Stop::TooMany) => {
                out.too_many = true;
                vec![segs]
            }
            Err(Stop::Unmodelled) => {
                out.unmodelled = true;
                vec![segs]
            }
        }
    } else {
        vec![segs]
    };
    let variants = if how.braces == Braces::Single && variants.len() > 1 {
        out.unmodelled = true;
        let mut fields = fields(&segs_of_first(&variants));
        for f in &mut fields {
            f.dynamic = true;
            f.glob = None;
        }
        out.words = fields;
        return out;
    } else {
        variants
    };
    for v in variants {
        let glued = has_brace && glued_name(&v);
        let v = tilde(v, env, here, how, assign_like);
        let mut fields = fields(&v);
        if glued || out.too_many || out.unmodelled {
            out.unmodelled |= glued;
            for f in &mut fields {
                f.dynamic = true;
                f.glob = None;
            }
        }
        out.words.extend(fields);
    }
    out
}

fn segs_of_first(variants: &[Vec<Seg>]) -> Vec<Seg> {
    variants.first().cloned().unwrap_or_default()
}

enum Stop {
    TooMany,
    Unmodelled,
}

/// Brace-expand `segs`, scanning for the first expansion at or after `from`, appending the
/// resulting words to `out` (bash's left-to-right order). As bash does it: the preamble
/// before the first group, then each alternative brace-expanded on its own, then the
/// postamble after the group brace-expanded on its own — an alternative and the text after
/// it are never read together as a new group (`{x,{a}},y}` is `x,y}` and `{a},y}`).
fn braces(segs: Vec<Seg>, from: usize, out: &mut Vec<Vec<Seg>>) -> Result<(), Stop> {
    let mut i = from;
    while i < segs.len() {
        // bash ignores a `{` that starts the word and is followed at once by `}` (`{},}`
        // stays as it is; `''{},}` is `}` and an empty word).
        let opens = segs.get(i) == Some(&Seg::Raw('{'))
            && !(i == 0 && segs.get(i + 1) == Some(&Seg::Raw('}')))
            && !(i > 0 && segs.get(i - 1) == Some(&Seg::Raw('$')));
        if !opens {
            i += 1;
            continue;
        }
        let Some((close, commas)) = matching(&segs, i) else {
            i += 1;
            continue;
        };
        let alternatives: Vec<Vec<Vec<Seg>>> = if commas.is_empty() {
            match sequence(segs.get(i + 1..close).unwrap_or(&[]))? {
                Some(words) => words
                    .into_iter()
                    .map(|w| vec![w.chars().map(Seg::Raw).collect()])
                    .collect(),
                None => {
                    i += 1;
                    continue;
                }
            }
        } else {
            let mut alts = Vec::new();
            let mut start = i + 1;
            for c in commas.iter().copied().chain(std::iter::once(close)) {
                let mut words = Vec::new();
                braces(segs.get(start..c).unwrap_or(&[]).to_vec(), 0, &mut words)?;
                alts.push(words);
                start = c + 1;
            }
            alts
        };
        let prefix = segs.get(..i).unwrap_or(&[]);
        let mut posts = Vec::new();
        braces(segs.get(close + 1..).unwrap_or(&[]).to_vec(), 0, &mut posts)?;
        for alt in alternatives.iter().flatten() {
            for post in &posts {
                let mut word = Vec::with_capacity(prefix.len() + alt.len() + post.len());
                word.extend_from_slice(prefix);
                word.extend_from_slice(alt);
                word.extend_from_slice(post);
                // A `$` brought next to other text by the expansion may start a parameter
                // expansion bash performs afterwards (`{$,}HOME` is `$HOME`): not known.
                for seg in &mut word {
                    if matches!(seg, Seg::Raw('$')) || matches!(seg, Seg::Quoted(q) if q == "$") {
                        *seg = Seg::Dynamic {
                            text: "$".into(),
                            open_name: false,
                        };
                    }
                }
                out.push(word);
                if out.len() > MAX_BRACE_WORDS {
                    return Err(Stop::TooMany);
                }
            }
        }
        return Ok(());
    }
    out.push(segs);
    if out.len() > MAX_BRACE_WORDS {
        return Err(Stop::TooMany);
    }
    Ok(())
}

/// The longest text between braces that is read as a sequence (`{x..y..step}`).
const MAX_SEQUENCE_TEXT: usize = 64;

/// The `}` that closes the `{` at `open`, and the commas at its top level. As bash reads
/// it, a `}` at the top level closes only once a top-level comma was seen or what it
/// encloses is a sequence; before that it is a literal character and the search goes on:
/// `{a},b}` is `a}` and `b`, `{a..}b,c}` is `a..}b` and `c`, `{a}{b,c}` expands only its
/// second group.
fn matching(segs: &[Seg], open: usize) -> Option<(usize, Vec<usize>)> {
    let mut depth = 0usize;
    let mut commas = Vec::new();
    for (k, s) in segs.iter().enumerate().skip(open) {
        match s {
            Seg::Raw('{') => depth += 1,
            Seg::Raw('}') => {
                if depth == 1 {
                    let inner = segs.get(open + 1..k).unwrap_or(&[]);
                    // A sequence is short (`-01..10..2`); a long text is none, and checking
                    // it at every `}` would make nested braces cost the cube of their length.
                    let seq =
                        inner.len() <= MAX_SEQUENCE_TEXT && !matches!(sequence(inner), Ok(None));
                    if !commas.is_empty() || seq {
                        return Some((k, commas));
                    }
                    continue;
                }
                depth -= 1;
            }
            Seg::Raw(',') if depth == 1 => commas.push(k),
            _ => {}
        }
    }
    None
}

/// `x..y[..step]` of integers or of single letters, as bash expands it; `None` when the
/// text is no sequence (then the braces are literal).
fn sequence(inner: &[Seg]) -> Result<Option<Vec<String>>, Stop> {
    let mut text = String::new();
    for s in inner {
        match s {
            Seg::Raw(c) => text.push(*c),
            _ => return Ok(None),
        }
    }
    let parts: Vec<&str> = text.split("..").collect();
    let (a, b, step) = match parts.as_slice() {
        [a, b] => (*a, *b, None),
        [a, b, s] => (*a, *b, Some(*s)),
        _ => return Ok(None),
    };
    let step = match step {
        None => 1,
        Some(s) => match integer(s) {
            Some(n) => n.unsigned_abs().max(1),
            None => return Ok(None),
        },
    };
    if let (Some(x), Some(y)) = (integer(a), integer(b)) {
        let span = x.abs_diff(y);
        if span / step >= MAX_BRACE_WORDS as u64 {
            return Err(Stop::TooMany);
        }
        let pad = |s: &str| {
            let digits = s.trim_start_matches(['-', '+']);
            digits.len() > 1 && digits.starts_with('0')
        };
        let width = if pad(a) || pad(b) {
            a.len().max(b.len())
        } else {
            0
        };
        let mut out = Vec::new();
        let mut n = x;
        loop {
            out.push(if n < 0 {
                format!("-{:0w$}", n.unsigned_abs(), w = width.saturating_sub(1))
            } else {
                format!("{n:0width$}")
            });
            if n == y {
                break;
            }
            let next = if x <= y {
                n.checked_add(step as i64)
            } else {
                n.checked_sub(step as i64)
            };
            match next {
                Some(m) if (x <= y && m <= y) || (x > y && m >= y) => n = m,
                _ => break,
            }
        }
        return Ok(Some(out));
    }
    let letter = |s: &str| {
        let mut cs = s.chars();
        match (cs.next(), cs.next()) {
            (Some(c), None) if c.is_ascii_alphabetic() => Some(c),
            _ => None,
        }
    };
    match (letter(a), letter(b)) {
        (Some(x), Some(y)) => {
            // Bash walks the code points between, through `[\]^_` and the backquote; a
            // range across cases is not modelled.
            if x.is_ascii_lowercase() != y.is_ascii_lowercase() {
                return Err(Stop::Unmodelled);
            }
            let (lo, hi) = (x as u8, y as u8);
            let mut out = Vec::new();
            let mut n = lo;
            loop {
                out.push((n as char).to_string());
                if n == hi {
                    break;
                }
                let next = if lo <= hi {
                    n.checked_add(step as u8)
                } else {
                    n.checked_sub(step as u8)
                };
                match next {
                    Some(m) if (lo <= hi && m <= hi) || (lo > hi && m >= hi) => n = m,
                    _ => break,
                }
            }
            Ok(Some(out))
        }
        _ => Ok(None),
    }
}

/// A decimal integer with an optional sign, as brace sequences take it.
fn integer(s: &str) -> Option<i64> {
    let digits = s.strip_prefix(['-', '+']).unwrap_or(s);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.strip_prefix('+').unwrap_or(s).parse().ok()
}

/// Does a `$NAME` without braces run into word characters (which bash would read as a
/// longer name)?
fn glued_name(segs: &[Seg]) -> bool {
    segs.windows(2).any(|w| match (&w[0], &w[1]) {
        (
            Seg::Value {
                open_name: true, ..
            }
            | Seg::Dynamic {
                open_name: true, ..
            },
            Seg::Raw(c),
        ) => c.is_ascii_alphanumeric() || *c == '_',
        _ => false,
    })
}

/// Is the word shaped like an assignment (`name=`, `name+=`, `name[i]=`, all unquoted)?
/// Bash then expands `~` after the `=` and each `:` in arguments too (not in POSIX mode).
fn assignment_shaped(segs: &[Seg]) -> Option<usize> {
    let mut k = 0;
    let raw = |k: usize| match segs.get(k) {
        Some(Seg::Raw(c)) => Some(*c),
        _ => None,
    };
    match raw(0) {
        Some(c) if c.is_ascii_alphabetic() || c == '_' => {}
        _ => return None,
    }
    while raw(k).is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
        k += 1;
    }
    if raw(k) == Some('[') {
        while raw(k).is_some_and(|c| c != ']') {
            k += 1;
        }
        if raw(k) != Some(']') {
            return None;
        }
        k += 1;
    }
    if raw(k) == Some('+') {
        k += 1;
    }
    (raw(k) == Some('=')).then_some(k + 1)
}

/// Tilde expansion of one word: at its start, and after the `=` and each `:` of an
/// assignment or an argument shaped like one.
fn tilde(
    segs: Vec<Seg>,
    env: &ShellEnv,
    here: Here,
    how: Use,
    assign_like: Option<usize>,
) -> Vec<Seg> {
    // The `=` is found again: brace expansion may have moved it (`a{b,cd}=~` is no
    // assignment to bash, since the word was not shaped like one before).
    let value_start = match assign_like {
        Some(_) => assignment_shaped(&segs),
        None => None,
    };
    let colons = how.assignment_value || value_start.is_some();
    let mut points = vec![0];
    if let Some(v) = value_start {
        points.push(v);
    }
    if colons {
        let from = value_start.unwrap_or(0);
        points.extend(
            segs.iter()
                .enumerate()
                .filter(|(k, s)| *k >= from && **s == Seg::Raw(':'))
                .map(|(k, _)| k + 1),
        );
    }
    points.sort_unstable();
    points.dedup();
    let mut out = Vec::with_capacity(segs.len());
    let mut k = 0;
    let mut next_points = points.into_iter().peekable();
    while k < segs.len() {
        while next_points.peek().is_some_and(|&p| p < k) {
            next_points.next();
        }
        let at_point = next_points.peek() == Some(&k);
        if at_point && segs.get(k) == Some(&Seg::Raw('~')) {
            let mut end = k + 1;
            let mut plain = true;
            let mut colon = None;
            while let Some(s) = segs.get(end) {
                match s {
                    Seg::Raw('/') => break,
                    Seg::Raw(':') if colons => break,
                    Seg::Raw(':') => {
                        colon.get_or_insert(end);
                    }
                    Seg::Raw(_) => {}
                    _ => plain = false,
                }
                end += 1;
            }
            // In any word bash also ends the prefix at `:` (`~:x` is `$HOME:x`), but only
            // when nothing up to the first `/` is quoted (`~:\x` stays as it is).
            if let (Some(c), true) = (colon, plain) {
                end = c;
            }
            if colon.is_some() && !plain {
                // `~:\$` stays, `~:$` expands: a quoted and a bare `$` look the same here,
                // so whether bash expands it is not known.
                out.push(Seg::Dynamic {
                    text: "~".into(),
                    open_name: false,
                });
                k += 1;
                continue;
            }
            if plain {
                let name: String = segs
                    .get(k + 1..end)
                    .unwrap_or(&[])
                    .iter()
                    .map(|s| match s {
                        Seg::Raw(c) => *c,
                        _ => '?',
                    })
                    .collect();
                out.push(tilde_prefix(&name, env, here));
                k = end;
                continue;
            }
        }
        if let Some(s) = segs.get(k) {
            out.push(s.clone());
        }
        k += 1;
    }
    out
}

/// What `~NAME` becomes (bash's "Tilde Expansion"): `~` is HOME, `~+` the value of PWD,
/// `~-` that of OLDPWD (where the walk knows them), `~user` a home read from the passwd
/// database when that is certain; `~N`, `~+N`, `~-N` (entries of the directory stack), an
/// unknown user and a value not known here are not known — never a directory named `~-`.
fn tilde_prefix(name: &str, env: &ShellEnv, here: Here) -> Seg {
    let value = |p: &std::path::Path| Seg::Value {
        text: p.to_string_lossy().into_owned(),
        quoted: true,
        open_name: false,
    };
    let dynamic = || Seg::Dynamic {
        text: format!("~{name}"),
        open_name: false,
    };
    let stack = {
        let n = name.strip_prefix(['+', '-']).unwrap_or(name);
        !n.is_empty() && n.chars().all(|c| c.is_ascii_digit())
    };
    match name {
        "" => value(&env.home),
        "+" => here.pwd.map_or_else(dynamic, value),
        "-" => here.oldpwd.map_or_else(dynamic, value),
        _ if stack => dynamic(),
        _ => match env.users.home(name) {
            Some(home) => value(&home),
            None => dynamic(),
        },
    }
}

/// Field splitting and pattern marking; unquoted empty words are removed.
fn fields(segs: &[Seg]) -> Vec<Word> {
    #[derive(Default)]
    struct Field {
        text: String,
        pattern: String,
        dynamic: bool,
        glob: bool,
        explicit: bool,
        any: bool,
        open_bracket: bool,
    }
    impl Field {
        fn raw(&mut self, c: char) {
            self.any = true;
            self.text.push(c);
            self.pattern.push(c);
            match c {
                '*' | '?' => self.glob = true,
                '[' => self.open_bracket = true,
                ']' if self.open_bracket => self.glob = true,
                _ => {}
            }
        }
        fn literal(&mut self, s: &str) {
            self.any = true;
            self.text.push_str(s);
            for c in s.chars() {
                if matches!(c, '*' | '?' | '[' | ']' | '\\') {
                    self.pattern.push('\\');
                }
                self.pattern.push(c);
            }
        }
        fn done(self, out: &mut Vec<Word>) {
            if self.any && (self.explicit || !self.text.is_empty() || self.dynamic) {
                let glob = self.glob && !self.dynamic;
                out.push(Word {
                    text: self.text,
                    dynamic: self.dynamic || self.glob,
                    glob: glob.then_some(self.pattern),
                });
            }
        }
    }
    let mut out = Vec::new();
    let mut f = Field::default();
    for s in segs {
        match s {
            Seg::Raw(c) => f.raw(*c),
            Seg::Quoted(t) => {
                f.explicit = true;
                f.literal(t);
            }
            Seg::Value {
                text, quoted: true, ..
            } => {
                f.explicit = true;
                f.literal(text);
            }
            Seg::Value {
                text,
                quoted: false,
                ..
            } => {
                // Split at blanks; what is left may hold pattern characters.
                let mut first = true;
                for piece in text.split([' ', '\t', '\n']) {
                    if !first {
                        std::mem::take(&mut f).done(&mut out);
                    }
                    first = false;
                    for c in piece.chars() {
                        f.raw(c);
                    }
                }
            }
            Seg::Dynamic { text, .. } => {
                f.any = true;
                f.dynamic = true;
                f.text.push_str(text);
                f.pattern.push_str(text);
            }
            Seg::Split => std::mem::take(&mut f).done(&mut out),
        }
    }
    f.done(&mut out);
    out
}
