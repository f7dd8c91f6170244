//! Word normalisation: turns the CST of one shell word into the field(s) bash would pass
//! as arguments. Removes quotes and backslashes, resolves `~`, `$HOME`, `$PWD`, splits on
//! unquoted `$IFS`, decodes `$'…'`, and flags every piece it cannot resolve as dynamic.
//! Command substitutions met on the way are handed back to the walker (`parse`).

use super::assign::Binding;
use super::expand::{expand, Braces, Expanded, Here, Seg, Use, MAX_BRACE_WORDS};
use super::parse::Walker;
use super::quoting::{ansi_c_closes_at_end, decode_ansi_c, double_quoted};
use super::{Opaque, Origin, ShellEnv};
use tree_sitter::Node;

/// One normalised argument.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Word {
    pub text: String,
    /// Contains an unresolved expansion, or an unquoted glob pattern.
    pub dynamic: bool,
    /// The word is a pathname pattern and nothing else is unknown: the pattern, with the
    /// characters that were quoted escaped by a backslash (for the command floor to
    /// expand against the filesystem).
    pub glob: Option<String>,
}

impl Word {
    pub fn lit(text: &str) -> Word {
        Word::new(text.to_string(), false)
    }

    pub fn new(text: String, dynamic: bool) -> Word {
        Word {
            text,
            dynamic,
            glob: None,
        }
    }
}

/// Accumulates the pieces of one shell word; [`expand`] turns them into fields.
#[derive(Default)]
struct Builder {
    segs: Vec<Seg>,
    /// A bare `$` whose name may sit in the next node (the grammar splits `$IFS~`).
    pending_dollar: bool,
    /// This word is an assignment value: `~` also expands after each `:`.
    assignment_value: bool,
    braces: Braces,
    /// An unquoted `$IFS` split this word.
    split_used: bool,
    /// A bare literal `$` is in this word.
    bare_dollar: bool,
    /// Unquoted, unescaped blank inside a word node: the grammar and bash disagree.
    misread: bool,
}

impl Builder {
    fn quoted(&mut self, s: &str) {
        self.segs.push(Seg::Quoted(s.to_string()));
    }

    fn dynamic(&mut self, s: &str) {
        self.segs.push(Seg::Dynamic {
            text: s.to_string(),
            open_name: false,
        });
    }

    /// The value of an expansion (`open_name`: a `$NAME` written without braces).
    fn value(&mut self, s: &str, quoted: bool, open_name: bool) {
        self.segs.push(Seg::Value {
            text: s.to_string(),
            quoted,
            open_name,
        });
    }

    /// A bare `$` token; two in a row are `$$`, the shell's pid.
    fn dollar(&mut self) {
        if std::mem::take(&mut self.pending_dollar) {
            self.dynamic("$$");
        } else {
            self.pending_dollar = true;
        }
    }

    /// Unquoted `$IFS`: ends the current field.
    fn split(&mut self) {
        self.split_used = true;
        self.segs.push(Seg::Split);
    }

    /// Unquoted literal text: backslash escapes, syntax characters (kept raw for brace,
    /// tilde and pattern expansion).
    fn unquoted(&mut self, text: &str) {
        if text.is_empty() {
            return;
        }
        if std::mem::take(&mut self.pending_dollar) {
            self.bare_dollar = true;
            self.quoted("$");
        }
        let mut chars = text.chars();
        while let Some(c) = chars.next() {
            match c {
                '\\' => match chars.next() {
                    Some('\n') => {}
                    Some(next) => self.segs.push(Seg::Quoted(next.to_string())),
                    None => self.quoted("\\"),
                },
                ' ' | '\t' | '\n' => {
                    self.misread = true;
                    self.segs.push(Seg::Raw(c));
                }
                _ => self.segs.push(Seg::Raw(c)),
            }
        }
    }

    fn finish(mut self, env: &ShellEnv, here: Here) -> Expanded {
        if std::mem::take(&mut self.pending_dollar) {
            self.bare_dollar = true;
            self.quoted("$");
        }
        let how = Use {
            assignment_value: self.assignment_value,
            braces: self.braces,
        };
        let mut out = expand(self.segs, env, here, how);
        // NOTE: bash does not split a word that contains a bare `$` (`${IFS}x$` stays one
        // word, found by differential testing); treat such words as unknown.
        if self.split_used && self.bare_dollar {
            for f in &mut out.words {
                f.dynamic = true;
                f.glob = None;
            }
        }
        out
    }
}

impl Walker<'_> {
    /// Normalise one bash word made of one or more adjacent CST nodes.
    pub(super) fn word_group(&mut self, nodes: &[Node], src: &str) -> Vec<Word> {
        let mut b = Builder {
            braces: self.braces,
            ..Builder::default()
        };
        for node in nodes {
            // `$"…"` is split by the grammar into a bare `$` and a string.
            if !node.is_named() && node.kind() == "$" {
                self.dollar_token(*node, src, &mut b);
                continue;
            }
            self.piece(*node, src, &mut b);
        }
        self.finish_word(b)
    }

    /// Expand the pieces of a word; record what could not be modelled.
    fn finish_word(&mut self, b: Builder) -> Vec<Word> {
        if b.misread {
            self.opaque(Opaque::ParseError("a blank inside a word".into()));
        }
        let here = Here {
            pwd: self.dirs.pwd.as_deref(),
            oldpwd: self.dirs.old.as_deref(),
        };
        let out = b.finish(self.env, here);
        if out.too_many {
            self.opaque(Opaque::UnsupportedSyntax(format!(
                "a brace expansion of more than {MAX_BRACE_WORDS} words"
            )));
        }
        out.words
    }

    /// A bare `$` token outside an expansion. Its text may carry more than `$`: `$$` (the
    /// pid), or characters before it the grammar swallowed (`-$` in `}-$`).
    fn dollar_token(&mut self, node: Node, src: &str, b: &mut Builder) {
        let t = text(node, src);
        let at = t.find('$').unwrap_or(t.len());
        let (prefix, dollars) = t.split_at(at);
        if prefix.chars().rev().take_while(|&c| c == '\\').count() % 2 == 1 {
            b.unquoted(t); // `\$`: an escaped, literal dollar
            return;
        }
        b.unquoted(prefix);
        let quote_follows = src
            .get(node.end_byte()..)
            .is_some_and(|r| r.starts_with('"'));
        match dollars {
            "$$" => b.dynamic("$$"),
            "$" if quote_follows => self.opaque(Opaque::LocaleQuote),
            "$" => b.dollar(),
            other => {
                self.opaque(Opaque::ParseError(format!("misread `{}`", short(other))));
                b.dynamic(other);
            }
        }
    }

    /// Normalise one CST node as a whole word.
    pub(super) fn word(&mut self, node: Node, src: &str) -> Vec<Word> {
        self.word_group(&[node], src)
    }

    fn piece(&mut self, node: Node, src: &str, b: &mut Builder) {
        if !self.enter() {
            b.dynamic(text(node, src));
            return;
        }
        let mut t = text(node, src);
        let container = matches!(node.kind(), "concatenation" | "command_name");
        if !container && b.pending_dollar && t.starts_with('$') {
            // `$${X}` is `$$` then `{X}` to bash, but `$` then `${X}` to the grammar.
            b.pending_dollar = false;
            self.opaque(Opaque::ParseError(format!("misread `$${}`", short(t))));
            b.dynamic(t);
            self.scan(node, src);
            self.leave();
            return;
        }
        if !container && std::mem::take(&mut b.pending_dollar) {
            // `$NAME` split by the grammar into `$` and a word starting with NAME.
            let name_len = match t.chars().next() {
                Some(c) if c.is_ascii_alphabetic() || c == '_' => t
                    .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                    .unwrap_or(t.len()),
                Some(c) if c.is_ascii_digit() || "@*#?$!-".contains(c) => 1,
                _ => 0,
            };
            if name_len > 0 && matches!(node.kind(), "word" | "number") {
                let (name, rest) = t.split_at(name_len);
                self.variable(name, &format!("${name}"), false, true, b);
                t = rest;
                if t.is_empty() {
                    self.leave();
                    return;
                }
            } else {
                b.bare_dollar = true;
                b.quoted("$");
            }
        }
        match node.kind() {
            "word" => b.unquoted(t),
            "concatenation" | "command_name" => self.container(node, src, b),
            "number" if node.named_child_count() == 0 => b.unquoted(t),
            "variable_name" | "special_variable_name" | "test_operator" | "file_descriptor" => {
                b.quoted(t)
            }
            "raw_string" => {
                let inner = t.strip_prefix('\'').unwrap_or(t);
                b.quoted(inner.strip_suffix('\'').unwrap_or(inner));
            }
            "string" => self.double_string(node, src, b),
            "translated_string" => {
                self.opaque(Opaque::LocaleQuote);
                self.container(node, src, b);
            }
            "ansi_c_string" => {
                self.opaque(Opaque::AnsiCQuote);
                if !ansi_c_closes_at_end(t) {
                    // The grammar ends `$'\'` at the escaped quote; bash does not.
                    self.opaque(Opaque::ParseError(format!(
                        "misread $'…' quoting `{}`",
                        short(t)
                    )));
                }
                let inner = t.strip_prefix("$'").unwrap_or(t);
                let decoded = decode_ansi_c(inner.strip_suffix('\'').unwrap_or(inner));
                super::check_characters(&decoded, &mut self.opaque);
                b.quoted(&decoded);
            }
            "simple_expansion" => self.simple_expansion(t, false, b),
            "expansion" => self.expansion(node, src, false, b),
            "command_substitution" => {
                self.substitution(node, src, Origin::Substitution);
                b.dynamic(t);
            }
            "process_substitution" => {
                self.substitution(node, src, Origin::ProcessSubstitution);
                b.dynamic(t);
            }
            // `{1..5}`: text for brace expansion.
            "brace_expression" => b.unquoted(t),
            "arithmetic_expansion" | "extglob_pattern" | "regex" | "number" | "array" => {
                if node.kind() == "arithmetic_expansion" {
                    self.expansion_assigns(t);
                }
                if matches!(node.kind(), "arithmetic_expansion" | "array") {
                    // Evaluated: `$(( 'a[$(…)]' ))`, `x=( ['$(…)']=1 )` (see `evaluated`).
                    self.evaluated_node(node, src);
                }
                self.scan(node, src);
                b.dynamic(t);
            }
            kind => {
                if kind == "ERROR" || node.is_missing() {
                    self.opaque(Opaque::ParseError(format!("near `{}`", short(t))));
                } else {
                    self.opaque(Opaque::UnsupportedSyntax(kind.to_string()));
                }
                self.scan(node, src);
                // What it may still run when bash evaluates it (`${x:0:'a[$(…)]'}`).
                self.evaluated_node(node, src);
                b.dynamic(t);
            }
        }
        self.leave();
    }

    /// The value of `NAME=value`: like a word, but `~` also expands after `:`.
    pub(super) fn assignment_value(&mut self, node: Node, src: &str) -> Vec<Word> {
        let mut b = Builder {
            assignment_value: true,
            braces: Braces::Literal,
            ..Builder::default()
        };
        self.piece(node, src, &mut b);
        self.finish_word(b)
    }

    /// Children in order; any text between them is unquoted word text.
    fn container(&mut self, node: Node, src: &str, b: &mut Builder) {
        let mut pos = node.start_byte();
        let mut cursor = node.walk();
        let children: Vec<Node> = node.children(&mut cursor).collect();
        for child in &children {
            if let Some(gap) = src.get(pos..child.start_byte()) {
                b.unquoted(gap);
            }
            if !child.is_named() && child.kind() == "$" {
                self.dollar_token(*child, src, b);
            } else {
                self.piece(*child, src, b);
            }
            pos = child.end_byte();
        }
        if let Some(gap) = src.get(pos..node.end_byte()) {
            b.unquoted(gap);
        }
    }

    /// `"…"`: literal parts keep their text (minus the four escapes); expansions resolve.
    fn double_string(&mut self, node: Node, src: &str, b: &mut Builder) {
        b.quoted("");
        let mut pos = node.start_byte();
        let mut cursor = node.walk();
        let children: Vec<Node> = node.children(&mut cursor).collect();
        for child in children {
            if let Some(gap) = src.get(pos..child.start_byte()) {
                b.quoted(&double_quoted(gap));
            }
            pos = child.end_byte();
            let raw = text(child, src);
            // NOTE: the grammar puts the blanks before `$` inside the expansion's token
            // (`" ${HOME}"`); they are string content.
            let t = raw.trim_start();
            if child.is_named() && t.len() < raw.len() {
                b.quoted(raw.get(..raw.len() - t.len()).unwrap_or(""));
            }
            match child.kind() {
                // The grammar may fold blanks before the closing quote into its token.
                "\"" if !child.is_named() => {
                    b.quoted(&double_quoted(raw.strip_suffix('"').unwrap_or(raw)))
                }
                "string_content" => b.quoted(&double_quoted(t)),
                "simple_expansion" => self.simple_expansion(t, true, b),
                "expansion" => self.expansion(child, src, true, b),
                "command_substitution" => {
                    self.substitution(child, src, Origin::Substitution);
                    b.dynamic(t);
                }
                // The blanks before it are string content (`" $"`).
                "$" if !child.is_named() => b.quoted(&double_quoted(raw)),
                "arithmetic_expansion" => {
                    self.expansion_assigns(t);
                    self.evaluated_node(child, src);
                    self.scan(child, src);
                    b.dynamic(t);
                }
                kind => {
                    if kind == "ERROR" || child.is_missing() {
                        self.opaque(Opaque::ParseError(format!("near `{}`", short(t))));
                    } else {
                        self.opaque(Opaque::UnsupportedSyntax(format!("{kind} in a string")));
                    }
                    self.scan(child, src);
                    self.evaluated_node(child, src);
                    b.dynamic(t);
                }
            }
        }
        if let Some(gap) = src.get(pos..node.end_byte()) {
            b.quoted(&double_quoted(gap));
        }
    }

    /// `$NAME` as the grammar found it; a name bash would read differently (`$$HOME` is
    /// `$$` then `HOME`) is a parse error.
    fn simple_expansion(&mut self, t: &str, quoted: bool, b: &mut Builder) {
        let name = t.strip_prefix('$').unwrap_or(t);
        let mut chars = name.chars();
        let valid = match chars.next() {
            Some(c) if c.is_ascii_alphabetic() || c == '_' => {
                chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
            }
            Some(c) if c.is_ascii_digit() || "@*#?$!-".contains(c) => chars.next().is_none(),
            _ => false,
        };
        if !valid {
            self.opaque(Opaque::ParseError(format!(
                "misread expansion `{}`",
                short(t)
            )));
            b.dynamic(t);
            return;
        }
        self.variable(name, t, quoted, true, b);
    }

    /// `$NAME`: HOME, PWD, OLDPWD, IFS and the variable of a loop being unrolled are
    /// resolved.
    /// `open`: written without braces (brace expansion may glue a longer name to it).
    fn variable(&mut self, name: &str, source: &str, quoted: bool, open: bool, b: &mut Builder) {
        // `PWD` and `OLDPWD` as `cd` and assignments leave them (see `dirs`).
        if matches!(name, "PWD" | "OLDPWD") {
            let v = if name == "PWD" {
                &self.dirs.pwd
            } else {
                &self.dirs.old
            };
            match v {
                // Unquoted, the value is split and expanded like any other: the agent
                // chooses it (`cd 'x /root'`).
                Some(p) => b.value(&p.to_string_lossy(), quoted, open),
                None => b.segs.push(Seg::Dynamic {
                    text: source.to_string(),
                    open_name: open,
                }),
            }
            return;
        }
        if let Some(value) = self.bound(name) {
            match value {
                Binding::Value(v) => b.value(&v, quoted, open),
                // `$a` is `${a[0]}`; an empty array expands to nothing.
                Binding::Array(v) => b.value(v.first().map_or("", String::as_str), quoted, open),
                Binding::Computed(t) => b.segs.push(Seg::Dynamic {
                    text: t,
                    open_name: false,
                }),
                Binding::Unknown => b.segs.push(Seg::Dynamic {
                    text: source.to_string(),
                    open_name: open,
                }),
            }
            return;
        }
        match name {
            "HOME" => b.value(&self.env.home.to_string_lossy(), true, open),
            "IFS" if quoted => b.quoted(" \t\n"),
            "IFS" => b.split(),
            _ => b.segs.push(Seg::Dynamic {
                text: source.to_string(),
                open_name: open,
            }),
        }
    }

    /// `${…}`: plain `${NAME}` resolves like `$NAME`; rewriting and indirection are opaque;
    /// every other operator is merely dynamic.
    fn expansion(&mut self, node: Node, src: &str, quoted: bool, b: &mut Builder) {
        let t = text(node, src).trim_start();
        let mut cursor = node.walk();
        let children: Vec<Node> = node.children(&mut cursor).collect();
        let simple_name = match children.as_slice() {
            [open, name, close]
                if open.kind() == "${"
                    && close.kind() == "}"
                    && matches!(name.kind(), "variable_name" | "special_variable_name") =>
            {
                Some(text(*name, src))
            }
            _ => None,
        };
        if let Some(name) = simple_name {
            self.variable(name, t, quoted, false, b);
            return;
        }
        // `${a[N]}` of an array this command assigned literal words: that element (an
        // index past the end is empty, as in bash).
        if let Some((name, index)) = t
            .strip_prefix("${")
            .and_then(|r| r.strip_suffix("]}"))
            .and_then(|r| r.split_once('['))
            .filter(|(_, i)| !i.is_empty() && i.len() < 6 && i.bytes().all(|c| c.is_ascii_digit()))
        {
            if let (Some(Binding::Array(v)), Ok(i)) = (self.bound(name), index.parse::<usize>()) {
                b.value(v.get(i).map_or("", String::as_str), quoted, false);
                return;
            }
        }
        // An operator applied to a value the analysis knows (`${HOME%/}`, `${PWD#}`,
        // `${HOME:0}`, `${HOME,}`, `${HOME:-/x}`): the result bash computes.
        // (Unquoted, the result is split and globbed, and an empty one is no word.)
        if let Some((v, _)) = self.operated(t, quoted) {
            b.value(&v, quoted, false);
            return;
        }
        self.expansion_assigns(t);
        // A subscript or substring offset is evaluated: `${a['$(…)']}` (see `evaluated`).
        self.evaluated_node(node, src);
        let rewrites = children
            .iter()
            .any(|c| !c.is_named() && matches!(c.kind(), "/" | "//" | "/#" | "/%" | "!" | "@"));
        if rewrites || t.starts_with("${!") {
            self.opaque(Opaque::PatternSubstitution);
        }
        self.scan(node, src);
        b.dynamic(t);
    }
}

impl Walker<'_> {
    /// The value of a variable the analysis knows, and whether it is used as if quoted
    /// (HOME is never split, as in [`Self::variable`]); `None` when unknown or unset.
    fn known(&self, name: &str, quoted: bool) -> Option<(String, bool)> {
        if matches!(name, "PWD" | "OLDPWD") {
            let v = if name == "PWD" {
                &self.dirs.pwd
            } else {
                &self.dirs.old
            };
            return v
                .as_ref()
                .map(|p| (p.to_string_lossy().into_owned(), quoted));
        }
        match self.bound(name) {
            Some(Binding::Value(v)) => Some((v, quoted)),
            Some(_) => None,
            None if name == "HOME" => Some((self.env.home.to_string_lossy().into_owned(), true)),
            None => None,
        }
    }

    /// `${NAME<op>ARG}` evaluated as bash does, when NAME's value is known and ARG is
    /// literal (no expansion, quote, escape, bracket or extended pattern): the default
    /// forms (`:-`, `-`, `:=`, `=`, `:?`, `?`, `:+`, `+`), prefix and suffix removal
    /// (`#`, `##`, `%`, `%%`, patterns of `*`, `?` and literal characters), substrings
    /// (`:OFF`, `:OFF:LEN`, negative offsets after a blank) and case conversion without a
    /// pattern (`^`, `^^`, `,`, `,,`). Anything else is left to the caller (dynamic). The
    /// rules follow bash 5.2's manual, "Shell Parameter Expansion".
    fn operated(&self, t: &str, quoted: bool) -> Option<(String, bool)> {
        let inner = t.strip_prefix("${")?.strip_suffix('}')?;
        let name_len = inner
            .char_indices()
            .find(|&(i, c)| !(c == '_' || c.is_ascii_alphabetic() || (i > 0 && c.is_ascii_digit())))
            .map_or(inner.len(), |(i, _)| i);
        if name_len == 0 {
            return None;
        }
        let (name, rest) = inner.split_at(name_len);
        if rest.is_empty()
            || rest.contains([
                '$', '`', '\\', '\'', '"', '[', ']', '{', '}', '(', ')', '\n',
            ])
        {
            return None;
        }
        let (value, q) = self.known(name, quoted)?;
        const OPS: &[&str] = &[
            ":-", ":=", ":+", ":?", "##", "#", "%%", "%", "^^", "^", ",,", ",", "-", "=", "+", "?",
            ":",
        ];
        let op = OPS.iter().find(|o| rest.starts_with(**o))?;
        let arg = &rest[op.len()..];
        let out = match *op {
            ":-" | ":=" | ":?" if !value.is_empty() => value,
            "-" | "=" | "?" => value,
            ":+" if !value.is_empty() => arg.to_string(),
            "+" => arg.to_string(),
            "#" | "##" | "%" | "%%" => {
                if arg.contains(['!', '@', '+']) {
                    return None;
                }
                trim(&value, arg, op.starts_with('#'), op.len() == 2)?
            }
            "^" | "^^" | "," | ",," if arg.is_empty() => {
                let upper = op.starts_with('^');
                let conv = |c: char| -> String {
                    if upper {
                        c.to_uppercase().collect()
                    } else {
                        c.to_lowercase().collect()
                    }
                };
                if op.len() == 2 {
                    value.chars().map(conv).collect()
                } else {
                    let mut cs = value.chars();
                    match cs.next() {
                        Some(c) => conv(c) + cs.as_str(),
                        None => String::new(),
                    }
                }
            }
            ":" => substring(&value, arg)?,
            _ => return None,
        };
        Some((out, q))
    }
}

/// `${V#P}`, `${V##P}`, `${V%P}`, `${V%%P}`: `value` without its shortest or longest
/// prefix (`front`) or suffix matching `pat` (`*`, `?` and literal characters).
fn trim(value: &str, pat: &str, front: bool, longest: bool) -> Option<String> {
    if value.len() > 4096 || pat.len() > 256 {
        return None;
    }
    let cuts: Vec<usize> = value
        .char_indices()
        .map(|(i, _)| i)
        .chain(std::iter::once(value.len()))
        .collect();
    let matching = |i: &usize| {
        if front {
            glob_match(pat, &value[..*i])
        } else {
            glob_match(pat, &value[*i..])
        }
    };
    // Front: shortest prefix is the smallest cut; back: shortest suffix the largest cut.
    let found = match (front, longest) {
        (true, false) | (false, true) => cuts.iter().find(|i| matching(i)),
        (true, true) | (false, false) => cuts.iter().rev().find(|i| matching(i)),
    };
    Some(match found {
        Some(&i) if front => value[i..].to_string(),
        Some(&i) => value[..i].to_string(),
        None => value.to_string(),
    })
}

/// Does `text` match the pattern `pat` of `*`, `?` and literal characters, whole?
fn glob_match(pat: &str, text: &str) -> bool {
    let p: Vec<char> = pat.chars().collect();
    let t: Vec<char> = text.chars().collect();
    let (mut pi, mut ti) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while ti < t.len() {
        if pi < p.len() && (p[pi] == '?' || (p[pi] != '*' && p[pi] == t[ti])) {
            pi += 1;
            ti += 1;
        } else if pi < p.len() && p[pi] == '*' {
            star = Some((pi, ti));
            pi += 1;
        } else if let Some((sp, st)) = star {
            pi = sp + 1;
            ti = st + 1;
            star = Some((sp, st + 1));
        } else {
            return false;
        }
    }
    p[pi..].iter().all(|c| *c == '*')
}

/// `${V:OFF}` and `${V:OFF:LEN}` with literal integers (a negative offset written after a
/// blank, `${V: -3}`; a negative length counts from the end).
fn substring(value: &str, arg: &str) -> Option<String> {
    let (off, len) = match arg.split_once(':') {
        Some((o, l)) => (o, Some(l)),
        None => (arg, None),
    };
    let num = |s: &str| -> Option<i64> {
        let s = s.trim();
        if s.is_empty() {
            return Some(0);
        }
        s.parse::<i64>().ok()
    };
    // `${V:-3}` is the default form, handled before; here a leading `-` is only allowed
    // after a blank.
    if off.starts_with('-') {
        return None;
    }
    let chars: Vec<char> = value.chars().collect();
    let n = chars.len() as i64;
    let mut start = num(off)?;
    if start < 0 {
        start += n;
    }
    if start < 0 || start > n {
        return Some(String::new());
    }
    let end = match len {
        None => n,
        Some(l) => {
            let l = num(l)?;
            if l < 0 {
                n + l
            } else {
                (start + l).min(n)
            }
        }
    };
    if end < start {
        return None;
    }
    Some(chars[start as usize..end as usize].iter().collect())
}

/// Join the fields of one word with spaces (for strings handed to a shell).
pub(super) fn join_fields(fields: Vec<Word>) -> Word {
    let dynamic = fields.iter().any(|f| f.dynamic);
    let text = fields
        .into_iter()
        .map(|f| f.text)
        .collect::<Vec<_>>()
        .join(" ");
    Word::new(text, dynamic)
}

/// The source text of a node ("" if the range is not valid UTF-8 boundaries).
pub(super) fn text<'s>(node: Node, src: &'s str) -> &'s str {
    src.get(node.byte_range()).unwrap_or("")
}

/// A short, single-line excerpt for explanations.
pub(super) fn short(text: &str) -> String {
    let one_line: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .take(40)
        .collect();
    if text.chars().count() > 40 {
        format!("{one_line}…")
    } else {
        one_line
    }
}
