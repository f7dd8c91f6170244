//! Character-level quoting rules of bash: escapes inside double quotes, `$'…'` decoding
//! and termination. Pure functions on text; `words` applies them to CST nodes (line
//! continuations are removed before parsing, in `continuation`).

/// Text inside double quotes: only `\$ \` \" \\ \newline` are escapes.
pub(super) fn double_quoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('\n') => {}
            Some(n @ ('$' | '`' | '"' | '\\')) => out.push(n),
            Some(n) => {
                out.push('\\');
                out.push(n);
            }
            None => out.push('\\'),
        }
    }
    out
}

/// Does `$'…'` end, by bash's rules (a backslash escapes any character), exactly at its
/// last character?
pub(super) fn ansi_c_closes_at_end(t: &str) -> bool {
    let Some(body) = t.strip_prefix("$'") else {
        return false;
    };
    let mut chars = body.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '\\' => {
                chars.next();
            }
            '\'' => return i + 1 == body.len(),
            _ => {}
        }
    }
    false
}

/// Decode the body of `$'…'` like bash does, so its content can be checked.
pub(super) fn decode_ansi_c(body: &str) -> String {
    let mut out = String::with_capacity(body.len());
    let chars: Vec<char> = body.chars().collect();
    let mut i = 0;
    let radix_run = |start: usize, max: usize, radix: u32| -> (u32, usize) {
        let mut v: u32 = 0;
        let mut n = 0;
        while n < max {
            match chars.get(start + n).and_then(|c| c.to_digit(radix)) {
                Some(d) => {
                    v = v.saturating_mul(radix).saturating_add(d);
                    n += 1;
                }
                None => break,
            }
        }
        (v, n)
    };
    while let Some(&c) = chars.get(i) {
        i += 1;
        if c != '\\' {
            out.push(c);
            continue;
        }
        let Some(&e) = chars.get(i) else {
            out.push('\\');
            break;
        };
        i += 1;
        let simple = match e {
            'a' => Some('\x07'),
            'b' => Some('\x08'),
            'e' | 'E' => Some('\x1b'),
            'f' => Some('\x0c'),
            'n' => Some('\n'),
            'r' => Some('\r'),
            't' => Some('\t'),
            'v' => Some('\x0b'),
            '\\' | '\'' | '"' | '?' => Some(e),
            _ => None,
        };
        if let Some(s) = simple {
            out.push(s);
            continue;
        }
        let (value, used) = match e {
            '0'..='7' => {
                let (v, n) = radix_run(i - 1, 3, 8);
                (Some(v), n.saturating_sub(1))
            }
            'x' => {
                let (v, n) = radix_run(i, 2, 16);
                (if n > 0 { Some(v) } else { None }, n)
            }
            'u' => {
                let (v, n) = radix_run(i, 4, 16);
                (if n > 0 { Some(v) } else { None }, n)
            }
            'U' => {
                let (v, n) = radix_run(i, 8, 16);
                (if n > 0 { Some(v) } else { None }, n)
            }
            'c' => match chars.get(i) {
                Some(&ctl) => (Some(u32::from(ctl) & 0x1f), 1),
                None => (None, 0),
            },
            _ => (None, 0),
        };
        match value {
            Some(v) => {
                i += used;
                out.push(char::from_u32(v & 0x10_FFFF).unwrap_or('\u{FFFD}'));
            }
            None => {
                out.push('\\');
                out.push(e);
            }
        }
    }
    out
}
