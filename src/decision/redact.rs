//! Secret redaction for everything gatehook writes down (the audit log, the reviewer's
//! packet): a deep copy of a JSON value, or of a string, with secret values replaced by
//! `[REDACTED]` while the surrounding command stays readable.
//!
//! It owns the recognisers, hand-written byte scanners (no regex) that run in linear time
//! and only cut at ASCII bytes, so they never split a UTF-8 character:
//! - object keys and `NAME=value` / `--name value` / `"name": value` whose name looks secret,
//! - `Authorization:` / `Cookie:` headers and `Bearer <token>`,
//! - PEM private-key blocks, well-known token shapes (AWS, GitHub, Slack, OpenAI/Anthropic,
//!   Google, Stripe, npm, GitLab, JWT), URL passwords, `curl -u user:pass`, `mysql -p…`,
//! - netrc entries (`machine HOST login USER password SECRET`, on one line or several).
//!
//! Redaction is best effort on free text and idempotent: redacting twice changes nothing.
//! It does not decide what is logged; callers pass everything through it.

use serde_json::Value;
use std::borrow::Cow;
use std::ops::Range;

/// What a secret is replaced with; the whole value goes, never a prefix of it.
pub const REDACTED: &str = "[REDACTED]";

/// A deep copy of `v` with secrets replaced: values under secret-looking keys wholesale,
/// and secrets inside every string (keys included).
pub fn redact_value(v: &Value) -> Value {
    match v {
        Value::String(s) => Value::String(redact_str(s).into_owned()),
        Value::Array(items) => Value::Array(items.iter().map(redact_value).collect()),
        Value::Object(map) => map
            .iter()
            .map(|(k, v)| {
                let value = if name_is_secret(k) {
                    redact_whole(v)
                } else {
                    redact_value(v)
                };
                (redact_str(k).into_owned(), value)
            })
            .collect(),
        Value::Null | Value::Bool(_) | Value::Number(_) => v.clone(),
    }
}

/// `s` with every secret found replaced by `[REDACTED]`; borrowed when nothing was found.
pub fn redact_str(s: &str) -> Cow<'_, str> {
    let Cow::Owned(mut current) = redact_once(s) else {
        return Cow::Borrowed(s);
    };
    // A replacement can change a neighbour's context (where a word starts, what precedes a
    // name), so repeat to a fixed point; that is what makes redaction idempotent. Every
    // round that changes the text removes secret bytes or merges markers, so this ends
    // quickly in practice; the bound only guards against surprises.
    for _ in 0..8 {
        match redact_once(&current) {
            Cow::Borrowed(_) => break,
            Cow::Owned(next) => current = next,
        }
    }
    Cow::Owned(current)
}

/// Whether `s` carries a secret-shaped value: anything [`redact_str`] would replace (a
/// well-known token shape, a PEM key, `NAME=value` with a secret-looking name, a URL
/// password, an `Authorization` header). The one test of a secret value gatehook has; the
/// floor reads web queries and URLs with it.
pub fn has_secret(s: &str) -> bool {
    matches!(redact_once(s), Cow::Owned(_))
}

/// The secrets one pass of the scanners finds in `s` (what [`redact_str`] replaces
/// first), each as its byte range (on character boundaries) and whether it is recognised
/// by its shape alone — a private key block, a well-known token, a URL's password —
/// rather than by a name before it (`password = …`, netrc's `password …`, a header): for
/// a judge that weighs the two apart (a settings file's comments hold `password = secret`
/// as examples, never a real token shape by accident).
pub fn secret_spans(s: &str) -> Vec<(Range<usize>, bool)> {
    let mut shaped = Vec::new();
    scan_pem(s, &mut shaped);
    scan_token_shapes(s, &mut shaped);
    scan_url_passwords(s, &mut shaped);
    let mut named = Vec::new();
    scan_names(s, &mut named);
    scan_netrc(s, &mut named);
    let bounded = |r: Range<usize>| floor_boundary(s, r.start)..ceil_boundary(s, r.end);
    shaped
        .into_iter()
        .map(|r| (bounded(r), true))
        .chain(named.into_iter().map(|r| (bounded(r), false)))
        .filter(|(r, _)| r.start < r.end)
        .collect()
}

/// One pass of every scanner over `s`.
fn redact_once(s: &str) -> Cow<'_, str> {
    let mut found = Vec::new();
    scan_pem(s, &mut found);
    scan_token_shapes(s, &mut found);
    scan_names(s, &mut found);
    scan_url_passwords(s, &mut found);
    scan_netrc(s, &mut found);
    if found.is_empty() {
        return Cow::Borrowed(s);
    }
    found.sort_by_key(|r| r.start);
    let mut out = String::with_capacity(s.len());
    let mut copied = 0;
    let mut i = 0;
    while i < found.len() {
        let start = floor_boundary(s, found[i].start.max(copied));
        let mut end = found[i].end;
        i += 1;
        // Overlapping findings become one replacement.
        while i < found.len() && found[i].start < end {
            end = end.max(found[i].end);
            i += 1;
        }
        let end = ceil_boundary(s, end);
        if start >= end {
            continue;
        }
        out.push_str(&s[copied..start]);
        out.push_str(REDACTED);
        copied = end;
    }
    out.push_str(&s[copied..]);
    Cow::Owned(out)
}

/// Whether a key, variable or flag name (`GITHUB_TOKEN`, `--password`, `apiKey`,
/// `MYSQL_PWD`) names a secret. Names of secrets' *properties* (`password_file`,
/// `max_tokens`, `token_type`) do not.
pub fn name_is_secret(name: &str) -> bool {
    let trimmed = name.trim_start_matches('-');
    let flag = trimmed.len() < name.len();
    if trimmed.is_empty() || trimmed.len() > 128 {
        return false;
    }
    // Every secret word contains one of these pairs; most names contain none, and are
    // rejected here without allocating.
    let maybe = trimmed.as_bytes().windows(2).any(|w| {
        let pair = [w[0].to_ascii_lowercase(), w[1].to_ascii_lowercase()];
        matches!(
            &pair,
            b"pa"
                | b"pw"
                | b"se"
                | b"to"
                | b"ke"
                | b"au"
                | b"co"
                | b"cr"
                | b"jw"
                | b"be"
                | b"ot"
                | b"sa"
                | b"ps"
        )
    });
    if !maybe {
        return false;
    }
    let lower = trimmed.to_ascii_lowercase();
    let segments: Vec<&str> = lower
        .split(['_', '-', '.'])
        .filter(|s| !s.is_empty())
        .collect();
    let (Some(first), Some(last)) = (segments.first(), segments.last()) else {
        return false;
    };
    if NOT_SECRET_LAST.contains(last) || NOT_SECRET_FIRST.contains(first) {
        return false;
    }
    let squashed: String = segments.concat();
    if SECRET_WORDS.iter().any(|w| squashed.contains(w)) {
        return true;
    }
    if segments.iter().any(|s| STRONG_SEGMENTS.contains(s)) {
        return true;
    }
    // Short words count only as a whole segment of a longer name (MYSQL_PWD, DB_PASS), or
    // as a flag (`--pass x`): `PWD=/home/me` is the working directory, not a password.
    let weak = |s: &&str| WEAK_SEGMENTS.contains(s);
    if (segments.len() >= 2 || flag) && segments.iter().any(weak) {
        return true;
    }
    // `ENCRYPTION_KEY`, `STRIPE_KEY`, but not `SORT_KEY` or `PUBLIC_KEY`.
    segments.len() >= 2 && *last == "key" && !NOT_SECRET_KEY_KINDS.contains(first)
}

/// Substrings of a squashed (lowercase, separators removed) name that make it secret.
const SECRET_WORDS: &[&str] = &[
    "password",
    "passwd",
    "passphrase",
    "secret",
    "token",
    "apikey",
    "accesskey",
    "privatekey",
    "authorization",
    "cookie",
    "credential",
    "sessionkey",
];
/// Whole segments that make a name secret on their own (`JWT`, `APP_JWT`, `AWS_CREDS`,
/// a Wi-Fi pre-shared key `psk`).
const STRONG_SEGMENTS: &[&str] = &["jwt", "bearer", "creds", "otp", "totp", "salt", "psk"];
/// Whole segments that make a name secret when it has several segments or is a flag.
const WEAK_SEGMENTS: &[&str] = &["pass", "pwd", "pw", "auth", "pat"];
/// A last segment that makes the name describe a secret rather than hold one.
const NOT_SECRET_LAST: &[&str] = &[
    "file",
    "path",
    "dir",
    "stdin",
    "env",
    "fd",
    "cmd",
    "command",
    "prompt",
    "length",
    "len",
    "count",
    "type",
    "tokens",
    "tokenizer",
    "limit",
    "ttl",
    "expiry",
    "expires",
    "expiration",
    "policy",
    "name",
    "id",
    "url",
    "uri",
    "endpoint",
    "hint",
    "field",
    "strength",
    "reset",
    "required",
    "enabled",
    "mode",
    "method",
    "header",
    "helper",
    "store",
    "manager",
    "usage",
    "sock",
    "socket",
    "home",
    "disabled",
    "region",
    "timeout",
    "program",
];
const NOT_SECRET_FIRST: &[&str] = &["max", "min", "num", "no"];
const NOT_SECRET_KEY_KINDS: &[&str] = &[
    "public",
    "primary",
    "sort",
    "partition",
    "foreign",
    "hash",
    "range",
    "cache",
    "object",
];

fn redact_whole(v: &Value) -> Value {
    match v {
        Value::Null | Value::Bool(_) => v.clone(),
        Value::String(s) if s.is_empty() => v.clone(),
        Value::String(_) | Value::Number(_) | Value::Array(_) | Value::Object(_) => {
            Value::String(REDACTED.to_string())
        }
    }
}

// ---------------------------------------------------------------------------------------
// Byte helpers. Every index a scanner reports sits next to an ASCII byte (or at an end),
// so it is a char boundary; `redact_str` still rounds to be safe.

fn floor_boundary(s: &str, mut i: usize) -> usize {
    i = i.min(s.len());
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

fn ceil_boundary(s: &str, mut i: usize) -> usize {
    i = i.min(s.len());
    while !s.is_char_boundary(i) {
        i += 1;
    }
    i
}

/// Case-insensitive search for an ASCII `needle` in `hay` from `from`.
fn find_ci(hay: &[u8], from: usize, needle: &[u8]) -> Option<usize> {
    let (&first, _) = needle.split_first()?;
    let last_start = hay.len().checked_sub(needle.len())?;
    (from..=last_start).find(|&i| {
        hay[i].eq_ignore_ascii_case(&first) && hay[i..i + needle.len()].eq_ignore_ascii_case(needle)
    })
}

fn skip_blanks(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && (b[i] == b' ' || b[i] == b'\t') {
        i += 1;
    }
    i
}

fn is_already_redacted(b: &[u8], i: usize) -> bool {
    b.get(i..)
        .is_some_and(|rest| rest.starts_with(REDACTED.as_bytes()))
}

/// Characters of a name: `GITHUB_TOKEN`, `--api-key`, `spring.datasource.password`.
fn is_name_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b'.')
}

/// Characters of a well-known token (the base64url alphabet).
fn is_token_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-')
}

/// Characters of a bearer credential (RFC 6750 `b64token`).
fn is_bearer_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'.' | b'_' | b'~' | b'+' | b'/' | b'=' | b'-')
}

/// Where an unquoted shell or config value ends.
fn is_value_end(c: u8) -> bool {
    c.is_ascii_whitespace()
        || matches!(
            c,
            b'"' | b'\'' | b'`' | b';' | b'&' | b'|' | b'<' | b'>' | b'(' | b')' | b',' | b'}'
        )
}

/// The end of the maximal run of `class` bytes starting at `i`.
fn run_end(b: &[u8], mut i: usize, class: fn(u8) -> bool) -> usize {
    while i < b.len() && class(b[i]) {
        i += 1;
    }
    i
}

/// The value starting at `i`: the inside of a quoted string (to its closing quote, or the
/// end of the line) or an unquoted word. `None` when empty, already redacted, or a shell
/// expansion like `$TOKEN` (a reference, not the secret itself).
fn value_at(b: &[u8], i: usize) -> Option<Range<usize>> {
    let q = *b.get(i)?;
    let (start, end) = if q == b'"' || q == b'\'' {
        let mut j = i + 1;
        while j < b.len() && b[j] != q && b[j] != b'\n' && b[j] != b'\r' {
            if q == b'"' && b[j] == b'\\' {
                j += 1;
            }
            j += 1;
        }
        (i + 1, j.min(b.len()))
    } else {
        (i, run_end(b, i, |c| !is_value_end(c)))
    };
    if start >= end || is_already_redacted(b, start) || (q != b'\'' && b[start] == b'$') {
        return None;
    }
    // `Bearer abc` as one value: the scheme alone is not the secret.
    if q != b'"' && q != b'\'' && is_auth_scheme(&b[start..end]) && b.get(end) == Some(&b' ') {
        let next = skip_blanks(b, end);
        let next_end = run_end(b, next, |c| !is_value_end(c));
        if is_already_redacted(b, next) {
            return None;
        }
        if next_end > next {
            return Some(start..next_end);
        }
    }
    Some(start..end)
}

fn is_auth_scheme(word: &[u8]) -> bool {
    const SCHEMES: &[&[u8]] = &[
        b"bearer",
        b"basic",
        b"token",
        b"digest",
        b"negotiate",
        b"ntlm",
        b"dpop",
        b"hoba",
        b"mutual",
    ];
    SCHEMES.iter().any(|s| word.eq_ignore_ascii_case(s))
}

// ---------------------------------------------------------------------------------------
// Scanners. Each appends byte ranges to replace and moves strictly forward.

/// `-----BEGIN … PRIVATE KEY-----` through its `-----END … -----`, or to the end of the
/// text when the block is cut off.
fn scan_pem(s: &str, out: &mut Vec<Range<usize>>) {
    let b = s.as_bytes();
    let mut pos = 0;
    while let Some(start) = find_ci(b, pos, b"-----BEGIN") {
        let header_from = start + 10;
        let header_to = (header_from + 100).min(b.len());
        let header_end = find_ci(&b[..header_to], header_from, b"-----");
        let Some(header_end) = header_end else {
            pos = header_from;
            continue;
        };
        if find_ci(&b[..header_end], header_from, b"PRIVATE KEY").is_none() {
            pos = header_end;
            continue;
        }
        let end = match find_ci(b, header_end + 5, b"-----END") {
            Some(e) => match find_ci(b, e + 8, b"-----") {
                Some(close) if !b[e + 8..close].contains(&b'\n') => close + 5,
                _ => run_end(b, e, |c| c != b'\n'),
            },
            None => b.len(),
        };
        out.push(start..end);
        pos = end;
    }
}

/// Tokens recognised by their shape alone, wherever they appear. A token may start after
/// any non-alphanumeric byte (also `-` or `_`, as in `KEY-----ghp_…`) and runs to the end
/// of its base64url run. Each candidate start costs O(1) (checks look at a bounded
/// prefix), so the scan stays linear.
fn scan_token_shapes(s: &str, out: &mut Vec<Range<usize>>) {
    let b = s.as_bytes();
    let mut run_stop = 0;
    // Where a JWT whose header is this run would end; computed once per run.
    let mut jwt_tail: Option<Option<usize>> = None;
    let mut i = 0;
    while i < b.len() {
        let starts_word =
            b[i].is_ascii_alphanumeric() && (i == 0 || !b[i - 1].is_ascii_alphanumeric());
        if !starts_word {
            i += 1;
            continue;
        }
        if run_stop <= i {
            run_stop = run_end(b, i, is_token_byte);
            jwt_tail = None;
        }
        if run_stop - i >= 10 && b[i..].starts_with(b"eyJ") {
            if let Some(end) = *jwt_tail.get_or_insert_with(|| jwt_end(b, run_stop)) {
                out.push(i..end);
                i = end;
                continue;
            }
        }
        if is_token_shape(&b[i..run_stop]) {
            out.push(i..run_stop);
            i = run_stop;
            continue;
        }
        i += 1;
    }
}

fn is_token_shape(w: &[u8]) -> bool {
    let after = |prefix: &[u8]| w.strip_prefix(prefix).map_or(0, <[u8]>::len);
    let head = &w[..w.len().min(64)];
    let has_digit = head.iter().skip(3).any(u8::is_ascii_digit);
    let upper_or_digit = |r: &[u8]| {
        r.iter()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
    };
    // AWS access key ids: AKIA/ASIA + 16 upper-case letters or digits.
    ((w.starts_with(b"AKIA") || w.starts_with(b"ASIA")) && w.len() == 20 && upper_or_digit(&w[4..]))
        // GitHub personal, OAuth, user, server and refresh tokens; fine-grained PATs.
        || [&b"ghp_"[..], b"gho_", b"ghu_", b"ghs_", b"ghr_"].iter().any(|p| after(p) >= 20)
        || after(b"github_pat_") >= 20
        || after(b"glpat-") >= 20
        // Slack: xoxa-, xoxb-, xoxp-, xoxr-, xoxs-.
        || (w.len() >= 15 && w.starts_with(b"xox") && matches!(w[3], b'a' | b'b' | b'p' | b'r' | b's') && w[4] == b'-')
        // OpenAI and Anthropic (sk-, sk-proj-, sk-ant-): long and with a digit, unlike a
        // branch name such as sk-fix-the-login-page.
        || (w.starts_with(b"sk-") && w.len() >= 20 && has_digit)
        || [&b"sk_live_"[..], b"rk_live_", b"sk_test_", b"rk_test_"].iter().any(|p| after(p) >= 10)
        // Google API keys: AIza + 35.
        || (w.starts_with(b"AIza") && w.len() == 39)
        // age identities (age-keygen's `keys.txt`): AGE-SECRET-KEY-1 + 58 bech32 characters.
        || (w.starts_with(b"AGE-SECRET-KEY-1") && w.len() >= 50)
        // npm tokens: npm_ + 36 alphanumerics (npm_config_* variables have underscores).
        || ((30..=60).contains(&after(b"npm_")) && w[4..].iter().all(u8::is_ascii_alphanumeric))
}

/// Where a JWT `eyJ….eyJ….sig` ends, given that its header run ends at `end`.
fn jwt_end(b: &[u8], end: usize) -> Option<usize> {
    if b.get(end) != Some(&b'.') {
        return None;
    }
    let payload_end = run_end(b, end + 1, is_token_byte);
    if payload_end - (end + 1) < 4
        || !b[end + 1..].starts_with(b"eyJ")
        || b.get(payload_end) != Some(&b'.')
    {
        return None;
    }
    Some(run_end(b, payload_end + 1, is_token_byte))
}

/// `user:password@` in a URL's authority: the password goes, the user and host stay.
fn scan_url_passwords(s: &str, out: &mut Vec<Range<usize>>) {
    let b = s.as_bytes();
    let mut pos = 0;
    while let Some(scheme_end) = find_ci(b, pos, b"://") {
        let start = scheme_end + 3;
        let end = run_end(b, start, |c| {
            !c.is_ascii_whitespace()
                && !matches!(c, b'/' | b'?' | b'#' | b'"' | b'\'' | b'`' | b'<' | b'>')
        });
        let authority = &b[start..end];
        if let Some(at) = authority.iter().rposition(|&c| c == b'@') {
            if let Some(colon) = authority[..at].iter().position(|&c| c == b':') {
                let (from, to) = (start + colon + 1, start + at);
                if from < to && !is_already_redacted(b, from) {
                    out.push(from..to);
                }
            }
        }
        pos = end.max(start);
    }
}

/// Everything keyed by a name: `NAME=value`, `"name": "value"`, `--name value`,
/// `Authorization: …`, `Bearer …`, `-u user:pass`, `-p'pass'`.
fn scan_names(s: &str, out: &mut Vec<Range<usize>>) {
    let b = s.as_bytes();
    // `-pSECRET` is a password only for MySQL-style clients; elsewhere `-p` is a port,
    // `mkdir -p`, `cp -p`.
    // Looked up only once a `-p…` word shows up.
    let mysql_cell = std::cell::OnceCell::new();
    let mysql_from = || {
        *mysql_cell.get_or_init(|| {
            [&b"mysql"[..], b"mariadb"]
                .iter()
                .filter_map(|n| find_ci(b, 0, n))
                .min()
        })
    };
    let mut i = 0;
    while i < b.len() {
        if !is_name_byte(b[i]) {
            i += 1;
            continue;
        }
        let end = run_end(b, i, is_name_byte);
        let name = &b[i..end];
        let found = header_value(b, name, end)
            .or_else(|| bearer_value(b, name, end))
            .or_else(|| user_password(b, name, end))
            .or_else(|| mysql_password(b, name, i, end, &mysql_from))
            .or_else(|| named_value(s, i, end));
        i = end;
        if let Some(range) = found {
            // Nothing inside a redacted value needs a second look.
            i = i.max(range.end);
            out.push(range);
        }
    }
}

/// A netrc entry's password (`machine h login u password SECRET`, `default login u
/// passwd SECRET`, on one line or several): the word after `password`/`passwd` when the
/// text also has the entry's `machine HOST` (or `default`) and `login USER` tokens, so
/// prose such as "password reset" stays.
fn scan_netrc(s: &str, out: &mut Vec<Range<usize>>) {
    let b = s.as_bytes();
    // Only texts that name a password word are looked at further.
    if find_ci(b, 0, b"passw").is_none() {
        return;
    }
    let words: Vec<(usize, usize)> = {
        let mut v = Vec::new();
        let mut i = 0;
        while i < b.len() {
            if b[i].is_ascii_whitespace() {
                i += 1;
                continue;
            }
            let end = run_end(b, i, |c| !c.is_ascii_whitespace());
            v.push((i, end));
            i = end;
        }
        v
    };
    let word = |k: usize| words.get(k).map(|&(a, e)| &b[a..e]);
    let is = |k: usize, w: &[u8]| word(k).is_some_and(|x| x.eq_ignore_ascii_case(w));
    let has_entry =
        (0..words.len()).any(|k| (is(k, b"machine") && word(k + 1).is_some()) || is(k, b"default"));
    let has_login = (0..words.len()).any(|k| is(k, b"login") && word(k + 1).is_some());
    if !has_entry || !has_login {
        return;
    }
    for k in 0..words.len() {
        if (is(k, b"password") || is(k, b"passwd"))
            && !is_already_redacted(b, words.get(k + 1).map_or(b.len(), |w| w.0))
        {
            if let Some(&(a, e)) = words.get(k + 1) {
                out.push(a..e);
            }
        }
    }
}

/// `Authorization: Bearer x`, `Proxy-Authorization: …`, `Cookie: a=b; c=d`: everything to
/// the end of the line or quote, keeping a known scheme word readable.
fn header_value(b: &[u8], name: &[u8], end: usize) -> Option<Range<usize>> {
    if !is_header_name(name) {
        return None;
    }
    let colon = skip_blanks(b, end);
    if b.get(colon) != Some(&b':') {
        return None;
    }
    let mut start = skip_blanks(b, colon + 1);
    let scheme_end = run_end(b, start, |c| c.is_ascii_alphabetic());
    if is_auth_scheme(&b[start..scheme_end]) && b.get(scheme_end) == Some(&b' ') {
        start = skip_blanks(b, scheme_end);
    }
    let stop = run_end(b, start, |c| {
        !matches!(c, b'\n' | b'\r' | b'"' | b'\'' | b'`')
    });
    (stop > start && !is_already_redacted(b, start)).then_some(start..stop)
}

fn is_header_name(name: &[u8]) -> bool {
    let ends_with = |suffix: &[u8]| {
        name.len() >= suffix.len() && name[name.len() - suffix.len()..].eq_ignore_ascii_case(suffix)
    };
    ends_with(b"authorization")
        || name.eq_ignore_ascii_case(b"cookie")
        || name.eq_ignore_ascii_case(b"set-cookie")
}

/// A free-standing `Bearer <token>`. The token must look like one (a digit or a symbol),
/// so "the bearer authentication scheme" stays.
fn bearer_value(b: &[u8], name: &[u8], end: usize) -> Option<Range<usize>> {
    if !name.eq_ignore_ascii_case(b"bearer") || b.get(end) != Some(&b' ') {
        return None;
    }
    let start = skip_blanks(b, end);
    let stop = run_end(b, start, is_bearer_byte);
    let token = &b[start..stop];
    let looks_random = token.iter().any(|c| !c.is_ascii_alphabetic());
    (token.len() >= 8 && looks_random).then_some(start..stop)
}

/// `curl -u user:pass`, `--user user:pass`, `--user=user:pass`: the part after the colon.
fn user_password(b: &[u8], name: &[u8], end: usize) -> Option<Range<usize>> {
    let v = match (name, b.get(end)) {
        (b"--user", Some(b'=')) => end + 1,
        (b"-u" | b"--user", Some(b' ' | b'\t')) => skip_blanks(b, end),
        _ => return None,
    };
    let word = value_at(b, v)?;
    let colon = b[word.clone()].iter().position(|&c| c == b':')?;
    let from = word.start + colon + 1;
    (from < word.end && !is_already_redacted(b, from)).then_some(from..word.end)
}

/// `mysql -p'secret'` anywhere; `mysql -psecret` after a MySQL-style command name.
fn mysql_password(
    b: &[u8],
    name: &[u8],
    start: usize,
    end: usize,
    mysql_from: &dyn Fn() -> Option<usize>,
) -> Option<Range<usize>> {
    if !name.starts_with(b"-p") {
        return None;
    }
    if name.len() == 2 && matches!(b.get(end), Some(b'\'' | b'"')) {
        return value_at(b, end);
    }
    if name.len() > 2 && mysql_from().is_some_and(|m| m < start) {
        return value_at(b, start + 2);
    }
    None
}

/// `NAME=value`, `name = value`, `name: value`, `"name": "value"`, `--name=value`,
/// `--name value` where the name looks secret.
fn named_value(s: &str, start: usize, end: usize) -> Option<Range<usize>> {
    let b = s.as_bytes();
    if !name_is_secret(&s[start..end]) {
        return None;
    }
    // A quoted key: `"password": …` or `'token' = …`.
    let quoted =
        start > 0 && matches!(b[start - 1], b'"' | b'\'') && b.get(end) == Some(&b[start - 1]);
    let after = if quoted { end + 1 } else { end };
    let op = skip_blanks(b, after);
    match b.get(op) {
        Some(b'=') if b.get(op + 1) != Some(&b'=') => {
            // `name = value` (ini) may space both sides; `NAME= cmd` (shell) may not.
            let v = if op > after {
                skip_blanks(b, op + 1)
            } else {
                op + 1
            };
            value_at(b, v)
        }
        // `token: x` (YAML, headers) needs a space or a quoted key, so `vault/secret:1.2`
        // and `secret::path` stay.
        // Headers were `header_value`'s to take (or to leave, when already redacted).
        Some(b':') if is_header_name(&b[start..end]) => None,
        Some(b':') if quoted || matches!(b.get(op + 1), Some(b' ' | b'\t')) => {
            value_at(b, skip_blanks(b, op + 1))
        }
        _ if b[start..].starts_with(b"--") && op > after && b.get(op) != Some(&b'-') => {
            value_at(b, op)
        }
        _ => None,
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
#[path = "redact_tests.rs"]
mod tests;
