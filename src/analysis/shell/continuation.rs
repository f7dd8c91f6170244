//! Line continuations, removed the way bash's reader removes them before it tokenises:
//! a backslash-newline disappears everywhere except inside single quotes and `$'…'`, in
//! comments, in the body of a heredoc whose delimiter is quoted, and after a backslash
//! that is itself escaped. Inside backquotes it disappears even within single quotes (bash
//! reads the backquoted text first and parses it later). The grammar misreads
//! continuations in many shapes (`_\⏎==`, `$HO\⏎ME`, a `#` after one), so every text is
//! joined here first and parsed joined; words are then read from the joined text, which is
//! exactly what bash tokenises. Each rule above is pinned by a differential test against
//! bash (`tests`, and the property in `tests/properties.rs`).
//!
//! A construct whose reading this scanner cannot pin down (a `case` inside `$(…)`, quotes
//! inside `"${…}"`, a heredoc without a delimiter, `<<-` with a continued body line) is
//! reported as uncertain, and the caller makes the analysis opaque.

use std::borrow::Cow;

/// Where the scanner is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ctx {
    /// Command text at the top level.
    Top,
    /// Inside `$(…)`, counting parentheses.
    Subst { depth: u32 },
    /// Inside `$((…))` or `((…))`: no comments, no heredocs.
    Arith { depth: u32 },
    /// Inside `"…"`.
    Double,
    /// Inside `${…}`; `dq` when the expansion itself stands inside double quotes.
    Brace { depth: u32, dq: bool },
    /// Inside backquotes.
    Back,
}

/// A heredoc whose body starts after the next newline.
struct Pending {
    delimiter: String,
    quoted: bool,
    strip_tabs: bool,
}

/// The text with every line continuation bash would remove removed, and why the reading
/// is uncertain, if it is.
pub(super) fn join(src: &str) -> (Cow<'_, str>, Option<&'static str>) {
    if !src.contains("\\\n") {
        return (Cow::Borrowed(src), None);
    }
    let mut s = Scanner {
        b: src.as_bytes(),
        src,
        i: 0,
        out: String::with_capacity(src.len()),
        stack: vec![Ctx::Top],
        pending: Vec::new(),
        uncertain: None,
    };
    s.run();
    (Cow::Owned(s.out), s.uncertain)
}

struct Scanner<'s> {
    b: &'s [u8],
    src: &'s str,
    i: usize,
    out: String,
    stack: Vec<Ctx>,
    pending: Vec<Pending>,
    uncertain: Option<&'static str>,
}

/// Bytes after which a `#` starts a comment (bash's metacharacters, and the start).
fn word_boundary(prev: Option<u8>) -> bool {
    match prev {
        None => true,
        Some(c) => b" \t\n;&|()<>".contains(&c),
    }
}

impl Scanner<'_> {
    fn peek(&self, k: usize) -> Option<u8> {
        self.b.get(self.i + k).copied()
    }

    fn starts(&self, s: &str) -> bool {
        self.b
            .get(self.i..)
            .is_some_and(|r| r.starts_with(s.as_bytes()))
    }

    /// Copy `n` bytes of the source (the scanner only stops on ASCII, so this never splits
    /// a character).
    fn copy(&mut self, n: usize) {
        let end = (self.i + n).min(self.b.len());
        self.out.push_str(self.src.get(self.i..end).unwrap_or(""));
        self.i = end;
    }

    fn prev_out(&self) -> Option<u8> {
        self.out.as_bytes().last().copied()
    }

    fn doubt(&mut self, why: &'static str) {
        self.uncertain.get_or_insert(why);
    }

    fn ctx(&self) -> Ctx {
        self.stack.last().copied().unwrap_or(Ctx::Top)
    }

    /// A backslash: a continuation is dropped, any other pair copied whole.
    fn backslash(&mut self) {
        if self.peek(1) == Some(b'\n') {
            self.i += 2;
        } else {
            self.copy(2);
        }
    }

    fn run(&mut self) {
        while self.i < self.b.len() {
            match self.ctx() {
                Ctx::Top | Ctx::Subst { .. } => self.command_text(),
                Ctx::Arith { .. } => self.arith(),
                Ctx::Double => self.double(),
                Ctx::Brace { .. } => self.brace(),
                Ctx::Back => self.back(),
            }
        }
    }

    /// Openings shared by the unquoted contexts: quotes, expansions, backquotes.
    /// Returns false when the byte is not one of them.
    fn open(&mut self) -> bool {
        match self.peek(0) {
            Some(b'\'') => self.single(),
            Some(b'"') => {
                self.copy(1);
                self.stack.push(Ctx::Double);
            }
            Some(b'`') => {
                self.copy(1);
                self.stack.push(Ctx::Back);
            }
            Some(b'$') => match self.peek(1) {
                Some(b'\'') => self.ansi_c(),
                Some(b'"') => {
                    self.copy(2);
                    self.stack.push(Ctx::Double);
                }
                _ => return self.dollar(false),
            },
            _ => return false,
        }
        true
    }

    /// `$(`, `$((`, `${` (and a plain `$`).
    fn dollar(&mut self, dq: bool) -> bool {
        if self.starts("$((") {
            self.copy(3);
            self.stack.push(Ctx::Arith { depth: 2 });
        } else if self.starts("$(") {
            self.copy(2);
            self.stack.push(Ctx::Subst { depth: 1 });
        } else if self.starts("${") {
            self.copy(2);
            self.stack.push(Ctx::Brace { depth: 1, dq });
        } else if self.starts("$[") {
            self.copy(2);
            self.stack.push(Ctx::Arith { depth: 1 });
        } else {
            self.copy(1);
        }
        true
    }

    /// `'…'`: copied as it is.
    fn single(&mut self) {
        let end = self
            .b
            .get(self.i + 1..)
            .and_then(|r| r.iter().position(|&c| c == b'\''))
            .map_or(self.b.len() - self.i, |p| p + 2);
        self.copy(end);
    }

    /// `$'…'`: a backslash escapes any character, a continuation included; copied as it is.
    fn ansi_c(&mut self) {
        let mut j = self.i + 2;
        while let Some(&c) = self.b.get(j) {
            match c {
                b'\\' => j += 2,
                b'\'' => {
                    j += 1;
                    break;
                }
                _ => j += 1,
            }
        }
        self.copy(j.min(self.b.len()) - self.i);
    }

    /// Top level and `$(…)`: comments, heredocs, parentheses, newlines.
    fn command_text(&mut self) {
        let Some(c) = self.peek(0) else { return };
        if self.open() {
            return;
        }
        match c {
            b'\\' => self.backslash(),
            b'#' if word_boundary(self.prev_out()) => {
                let end = self
                    .b
                    .get(self.i..)
                    .and_then(|r| r.iter().position(|&c| c == b'\n'))
                    .unwrap_or(self.b.len() - self.i);
                self.copy(end);
            }
            b'\n' => {
                self.copy(1);
                self.bodies();
            }
            b'<' if self.starts("<<<") => self.copy(3),
            b'<' if self.starts("<<") => self.heredoc_operator(),
            b'(' => {
                if self.starts("((") && word_boundary(self.prev_out()) {
                    self.copy(2);
                    self.stack.push(Ctx::Arith { depth: 2 });
                    return;
                }
                self.copy(1);
                if let Some(Ctx::Subst { depth }) = self.stack.last_mut() {
                    *depth += 1;
                }
            }
            b')' => {
                self.copy(1);
                if let Some(Ctx::Subst { depth }) = self.stack.last_mut() {
                    *depth -= 1;
                    if *depth == 0 {
                        self.stack.pop();
                    }
                }
            }
            _ => {
                if matches!(self.ctx(), Ctx::Subst { .. })
                    && word_boundary(self.prev_out())
                    && self.starts("case")
                    && self.peek(4).is_none_or(|n| b" \t\n;".contains(&n))
                {
                    // `case x in a) …` closes no parenthesis it opened.
                    self.doubt("a line continuation near a case statement inside $( )");
                }
                self.copy(1);
            }
        }
    }

    fn arith(&mut self) {
        let Some(c) = self.peek(0) else { return };
        if self.open() {
            return;
        }
        match c {
            b'\\' => self.backslash(),
            b'(' => {
                self.copy(1);
                if let Some(Ctx::Arith { depth }) = self.stack.last_mut() {
                    *depth += 1;
                }
            }
            b')' | b']' => {
                self.copy(1);
                if let Some(Ctx::Arith { depth }) = self.stack.last_mut() {
                    *depth -= 1;
                    if *depth == 0 {
                        self.stack.pop();
                    }
                }
            }
            _ => self.copy(1),
        }
    }

    fn double(&mut self) {
        match self.peek(0) {
            Some(b'\\') => self.backslash(),
            Some(b'"') => {
                self.copy(1);
                self.stack.pop();
            }
            Some(b'`') => {
                self.copy(1);
                self.stack.push(Ctx::Back);
            }
            Some(b'$') => {
                self.dollar(true);
            }
            _ => self.copy(1),
        }
    }

    fn brace(&mut self) {
        let Some(Ctx::Brace { dq, .. }) = self.stack.last().copied() else {
            return;
        };
        let Some(c) = self.peek(0) else { return };
        if dq {
            match c {
                // Bash reads quotes inside "${…}" by rules that depend on the operator.
                b'\'' => {
                    self.doubt("a line continuation near quotes inside \"${…}\"");
                    self.copy(1);
                    return;
                }
                b'"' => {
                    self.copy(1);
                    self.stack.push(Ctx::Double);
                    return;
                }
                b'`' => {
                    self.copy(1);
                    self.stack.push(Ctx::Back);
                    return;
                }
                b'$' => {
                    self.dollar(true);
                    return;
                }
                _ => {}
            }
        } else if self.open() {
            return;
        }
        match c {
            b'\\' => self.backslash(),
            b'{' => {
                self.copy(1);
                if let Some(Ctx::Brace { depth, .. }) = self.stack.last_mut() {
                    *depth += 1;
                }
            }
            b'}' => {
                self.copy(1);
                if let Some(Ctx::Brace { depth, .. }) = self.stack.last_mut() {
                    *depth -= 1;
                    if *depth == 0 {
                        self.stack.pop();
                    }
                }
            }
            _ => self.copy(1),
        }
    }

    fn back(&mut self) {
        match self.peek(0) {
            Some(b'\\') => self.backslash(),
            Some(b'`') => {
                self.copy(1);
                self.stack.pop();
            }
            _ => self.copy(1),
        }
    }

    /// `<<` or `<<-` and the delimiter word after it.
    fn heredoc_operator(&mut self) {
        self.copy(2);
        let strip_tabs = self.peek(0) == Some(b'-');
        if strip_tabs {
            self.copy(1);
        }
        // Blanks (and continuations) before the word.
        loop {
            match self.peek(0) {
                Some(b' ' | b'\t') => self.copy(1),
                Some(b'\\') if self.peek(1) == Some(b'\n') => self.i += 2,
                _ => break,
            }
        }
        let mut delimiter = String::new();
        let mut quoted = false;
        while let Some(c) = self.peek(0) {
            match c {
                b' ' | b'\t' | b'\n' | b';' | b'&' | b'|' | b'(' | b')' | b'<' | b'>' => break,
                b'\\' if self.peek(1) == Some(b'\n') => self.i += 2,
                b'\\' => {
                    quoted = true;
                    let start = self.out.len();
                    self.copy(2);
                    delimiter.push_str(self.out.get(start + 1..).unwrap_or(""));
                }
                b'\'' => {
                    quoted = true;
                    let start = self.out.len();
                    self.single();
                    let raw = self.out.get(start..).unwrap_or("");
                    delimiter.push_str(raw.trim_start_matches('\'').trim_end_matches('\''));
                }
                b'"' => {
                    quoted = true;
                    self.copy(1);
                    while let Some(d) = self.peek(0) {
                        match d {
                            b'"' => break,
                            b'\\' if self.peek(1) == Some(b'\n') => self.i += 2,
                            b'\\' => {
                                let next = self.peek(1);
                                let start = self.out.len();
                                self.copy(2);
                                let pair = self.out.get(start..).unwrap_or("");
                                if next.is_some_and(|n| b"$`\"\\".contains(&n)) {
                                    delimiter.push_str(pair.get(1..).unwrap_or(""));
                                } else {
                                    delimiter.push_str(pair);
                                }
                            }
                            b'$' | b'`' => {
                                self.doubt("an expansion in a heredoc delimiter");
                                self.copy(1);
                            }
                            _ => {
                                let start = self.out.len();
                                self.copy(1);
                                delimiter.push_str(self.out.get(start..).unwrap_or(""));
                            }
                        }
                    }
                    self.copy(1);
                }
                b'$' | b'`' => {
                    self.doubt("an expansion in a heredoc delimiter");
                    self.copy(1);
                }
                _ => {
                    let start = self.out.len();
                    self.copy(1);
                    delimiter.push_str(self.out.get(start..).unwrap_or(""));
                }
            }
        }
        if delimiter.is_empty() && !quoted {
            self.doubt("a heredoc without a delimiter");
            return;
        }
        self.pending.push(Pending {
            delimiter,
            quoted,
            strip_tabs,
        });
    }

    /// After a newline: the bodies of the heredocs started on the line just ended.
    fn bodies(&mut self) {
        for doc in std::mem::take(&mut self.pending) {
            while self.i < self.b.len() {
                let line_start = self.out.len();
                let mut joined = false;
                // One logical line: continuations are joined unless the delimiter is quoted.
                while let Some(c) = self.peek(0) {
                    match c {
                        b'\n' => break,
                        b'\\' if !doc.quoted => {
                            joined |= self.peek(1) == Some(b'\n');
                            self.backslash();
                        }
                        _ => self.copy(1),
                    }
                }
                if doc.strip_tabs && joined {
                    self.doubt("a line continuation in a <<- heredoc");
                }
                let line = self.out.get(line_start..).unwrap_or("");
                let line = if doc.strip_tabs {
                    line.trim_start_matches('\t')
                } else {
                    line
                };
                let end = line == doc.delimiter;
                self.copy(1); // the newline
                if end {
                    break;
                }
            }
        }
    }
}
