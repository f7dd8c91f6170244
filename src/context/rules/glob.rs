//! The small matchers behind permission rules: text wildcards (Bash patterns, tool names,
//! parameter values), path globs (gitignore-like, segment-aware) and host names
//! (`domain:` rules). No I/O, no allocation-heavy regex engine: rules run on every call.

/// `*` matches any run of characters (including none, including spaces). No other
/// metacharacters: everything else is literal. Byte-wise, which is sound for UTF-8 because a
/// literal byte sequence can only line up with whole characters.
pub(crate) fn wildcard(pat: &str, text: &str) -> bool {
    let (p, t) = (pat.as_bytes(), text.as_bytes());
    let (mut pi, mut ti) = (0usize, 0usize);
    // Position after the last `*` seen, and the text position it is currently absorbing up to.
    let mut star: Option<(usize, usize)> = None;
    while ti < t.len() {
        if pi < p.len() && p[pi] == b'*' {
            star = Some((pi + 1, ti));
            pi += 1;
        } else if pi < p.len() && p[pi] == t[ti] {
            pi += 1;
            ti += 1;
        } else if let Some((sp, st)) = star {
            pi = sp;
            ti = st + 1;
            star = Some((sp, st + 1));
        } else {
            return false;
        }
    }
    p[pi..].iter().all(|&b| b == b'*')
}

/// A Claude Code command pattern: `*` anywhere matches anything; a trailing ` *` or `:*`
/// means "this prefix, then optionally a space and anything" (so `ls *` matches `ls` and
/// `ls -la` but not `lsof`). Without a wildcard the match is exact.
pub(crate) fn command_pattern(pat: &str, text: &str) -> bool {
    let prefix = pat
        .strip_suffix(":*")
        .or_else(|| pat.strip_suffix(" *"))
        .filter(|p| !p.is_empty());
    match prefix {
        Some(prefix) => {
            if wildcard(prefix, text) {
                return true;
            }
            let mut with_tail = String::with_capacity(prefix.len() + 2);
            with_tail.push_str(prefix);
            with_tail.push_str(" *");
            wildcard(&with_tail, text)
        }
        None => wildcard(pat, text),
    }
}

/// One segment of a path pattern.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Seg {
    /// Compared verbatim (also used for the cwd / home / project root a pattern is anchored
    /// at, so a `*` in a real directory name is never taken as a wildcard).
    Literal(String),
    /// `*` (any run within the segment) and `?` (one character).
    Glob(String),
    /// `**`: zero or more whole segments.
    AnyDepth,
}

impl Seg {
    pub(crate) fn from_pattern(s: &str) -> Seg {
        if s == "**" {
            Seg::AnyDepth
        } else if s.contains(['*', '?']) {
            Seg::Glob(s.to_string())
        } else {
            Seg::Literal(s.to_string())
        }
    }
}

fn segment_glob(pat: &str, name: &str) -> bool {
    let p: Vec<char> = pat.chars().collect();
    let t: Vec<char> = name.chars().collect();
    let (mut pi, mut ti) = (0usize, 0usize);
    let mut star: Option<(usize, usize)> = None;
    while ti < t.len() {
        if pi < p.len() && p[pi] == '*' {
            star = Some((pi + 1, ti));
            pi += 1;
        } else if pi < p.len() && (p[pi] == '?' || p[pi] == t[ti]) {
            pi += 1;
            ti += 1;
        } else if let Some((sp, st)) = star {
            pi = sp;
            ti = st + 1;
            star = Some((sp, st + 1));
        } else {
            return false;
        }
    }
    p[pi..].iter().all(|&c| c == '*')
}

/// Whether the whole of `path` (its normal components, root excluded) matches `pat`.
pub(crate) fn path_glob(pat: &[Seg], path: &[&str]) -> bool {
    match pat.split_first() {
        None => path.is_empty(),
        Some((Seg::AnyDepth, rest)) => (0..=path.len()).any(|skip| path_glob(rest, &path[skip..])),
        Some((seg, rest)) => match path.split_first() {
            None => false,
            Some((name, more)) => {
                let ok = match seg {
                    Seg::Literal(l) => l == name,
                    Seg::Glob(g) => segment_glob(g, name),
                    Seg::AnyDepth => false,
                };
                ok && path_glob(rest, more)
            }
        },
    }
}

/// A parsed `domain:` pattern, labels lowercased. A leading `*` label means "one or more
/// labels" (any subdomain depth, never the apex); any other `*` label matches exactly one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct DomainPat {
    pub(crate) any_subdomain: bool,
    pub(crate) labels: Vec<String>,
}

impl DomainPat {
    pub(crate) fn parse(s: &str) -> Result<DomainPat, String> {
        let lower = s.to_ascii_lowercase();
        let lower = lower.strip_suffix('.').unwrap_or(&lower);
        if lower.is_empty() {
            return Err("`domain:` needs a host name".into());
        }
        let mut labels: Vec<String> = lower.split('.').map(str::to_string).collect();
        let any_subdomain = labels.first().is_some_and(|l| l == "*");
        if any_subdomain {
            labels.remove(0);
        }
        for l in &labels {
            let ok = l == "*"
                || (!l.is_empty()
                    && l.chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'));
            if !ok {
                return Err(format!(
                    "bad domain `{s}`: labels are letters, digits, `-`, `_`, or a whole `*`"
                ));
            }
        }
        Ok(DomainPat {
            any_subdomain,
            labels,
        })
    }

    pub(crate) fn matches(&self, host: &str) -> bool {
        let host: Vec<&str> = host.split('.').collect();
        let n = self.labels.len();
        if self.any_subdomain {
            if host.len() <= n {
                return false;
            }
        } else if host.len() != n {
            return false;
        }
        let tail = &host[host.len() - n..];
        self.labels
            .iter()
            .zip(tail)
            .all(|(p, h)| p == "*" || p == h)
    }
}

/// The host of an absolute URL (`scheme://[userinfo@]host[:port]/…`), lowercased, without a
/// trailing dot. `None` for anything we can't model with certainty (odd characters,
/// percent-escapes, non-ASCII, empty host): callers fail closed on `None`.
pub(crate) fn url_host(url: &str) -> Option<String> {
    let (scheme, rest) = url.split_once("://")?;
    if scheme.is_empty()
        || !scheme
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
    {
        return None;
    }
    // NOTE: `\` ends the authority too: browsers and WHATWG parsers treat it as `/` for http(s),
    // so `http://evil.com\@good.com/` must be read as host `evil.com`, not `good.com`.
    let end = rest.find(['/', '?', '#', '\\']).unwrap_or(rest.len());
    let authority = &rest[..end];
    let hostport = match authority.rfind('@') {
        Some(i) => &authority[i + 1..],
        None => authority,
    };
    let host = if let Some(v6) = hostport.strip_prefix('[') {
        let close = v6.find(']')?;
        let after = &v6[close + 1..];
        if !(after.is_empty() || port_ok(after)) {
            return None;
        }
        let inner = &v6[..close];
        if inner.is_empty()
            || !inner
                .chars()
                .all(|c| c.is_ascii_hexdigit() || c == ':' || c == '.')
        {
            return None;
        }
        return Some(format!("[{}]", inner.to_ascii_lowercase()));
    } else {
        match hostport.find(':') {
            Some(i) if port_ok(&hostport[i..]) => &hostport[..i],
            Some(_) => return None,
            None => hostport,
        }
    };
    let host = host.to_ascii_lowercase();
    let host = host.strip_suffix('.').unwrap_or(&host);
    let ok = !host.is_empty()
        && host
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_'))
        && host.split('.').all(|l| !l.is_empty());
    ok.then(|| host.to_string())
}

fn port_ok(s: &str) -> bool {
    match s.strip_prefix(':') {
        Some(digits) => digits.chars().all(|c| c.is_ascii_digit()),
        None => false,
    }
}
