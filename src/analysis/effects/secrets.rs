//! Secret-shaped names and the expansions in a word: which variables' values flow into an
//! argument. The one answer to "is this variable name a secret" ([`secret_name`]) for
//! every program table and floor check, and a reader of the expansions bash performs in a
//! word ([`expansions`]), told apart by whether the variable's *value* reaches the word
//! (`$X`, `${X:-d}`, `${X%.*}`, `$((X))`) or not (`${X:+set}`, `${#X}`).
//!
//! [`expansions`] reads the words of the shell analysis, which keep the source text of
//! every expansion they could not resolve (`$X`, `${X:+set}`) and mark the word dynamic;
//! a word that is not dynamic holds no expansion (its `$` came from quotes), so callers
//! read dynamic words only. Literal `$` text next to an expansion in the same word can
//! only add names, never hide one.

/// Names that look secret-shaped but are not secrets.
const NOT_SECRET: &[&str] = &[
    "PWD",
    "OLDPWD",
    "TOKENIZERS_PARALLELISM",
    "GIT_ASKPASS",
    "SSH_ASKPASS",
    "SUDO_ASKPASS",
    "KEYTIMEOUT",
    "XAUTHORITY",
    "KEYMAP",
];

/// Database URLs carry a password in their user part.
const URL_OF: &[&str] = &[
    "DATABASE",
    "DB",
    "POSTGRES",
    "POSTGRESQL",
    "PG",
    "MYSQL",
    "MARIADB",
    "MONGO",
    "MONGODB",
    "REDIS",
    "AMQP",
    "RABBITMQ",
    "BROKER",
    "CELERY_BROKER",
    "SQLALCHEMY_DATABASE",
    "ELASTICSEARCH",
];

/// Variables that by convention carry credentials inside a URL or connection string.
const CARRIERS: &[&str] = &[
    "DATABASE_URL",
    "REDIS_URL",
    "MONGODB_URI",
    "MONGO_URL",
    "MONGO_URI",
    "AMQP_URL",
    "CLOUDAMQP_URL",
    "RABBITMQ_URL",
    "ELASTICSEARCH_URL",
    "POSTGRES_URL",
    "MYSQL_URL",
];

/// Is this variable name secret-shaped: would its value be a token, a password, a key?
/// The one answer for every program table, floor check and policy that prints or sends a
/// variable by name: a name [`crate::decision::redact::name_is_secret`] calls secret (the test the
/// audit log's redaction uses too, so what is refused and what is redacted agree), or one
/// that by convention carries credentials inside a URL (`DATABASE_URL`, `SENTRY_DSN`,
/// `REDIS_URI`, a webhook URL). Case does not matter (scripts use `$token` too).
pub fn secret_name(name: &str) -> bool {
    let bare = name.trim_start_matches('$');
    let n = bare.to_ascii_uppercase();
    if n.is_empty() || NOT_SECRET.contains(&n.as_str()) {
        return false;
    }
    if crate::decision::redact::name_is_secret(bare) {
        return true;
    }
    if CARRIERS.contains(&n.as_str())
        || n.ends_with("_DSN")
        || n.ends_with("_CONNECTION_STRING")
        || n.contains("WEBHOOK")
        || n.contains("ACCESS_KEY")
    {
        return true;
    }
    // `DATABASE_URL`, `REDIS_URI`, `MONGODB_DSN`.
    if let Some((head, last)) = n.rsplit_once('_') {
        if matches!(last, "URL" | "URI" | "DSN") && URL_OF.iter().any(|d| head.ends_with(d)) {
            return true;
        }
    }
    false
}

/// How a word uses a variable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Use {
    /// The value (or part of it) reaches the word: `$X`, `${X}`, `${X:-d}`, `${X%.*}`,
    /// `${X:0:4}`, `${X[0]}`, a name in `$(( … ))`.
    Value(String),
    /// Only whether it is set, or its length: `${X:+word}`, `${X+word}`, `${#X}`.
    NoValue(String),
    /// A command substitution's output reaches the word: `$(…)`, `` `…` ``.
    Substitution,
}

impl Use {
    /// The variable whose value reaches the word, if any.
    pub fn value(&self) -> Option<&str> {
        match self {
            Use::Value(n) => Some(n),
            _ => None,
        }
    }
}

/// The expansions in the text of one shell word, in order (bounded: 64).
pub fn expansions(word: &str) -> Vec<Use> {
    let mut out = Vec::new();
    scan(word, &mut out, 0);
    out.truncate(64);
    out
}

fn is_name_start(c: char) -> bool {
    c.is_ascii_alphabetic() || c == '_'
}

fn is_name(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The index just past the bracket that closes the one at `open` (`(`/`)` or `{`/`}`),
/// counting nesting; the end of the text when it never closes.
fn closing(chars: &[char], open: usize, o: char, c: char) -> usize {
    let mut depth = 0usize;
    let mut i = open;
    while i < chars.len() {
        if chars[i] == '\\' {
            i += 2;
            continue;
        }
        if chars[i] == o {
            depth += 1;
        } else if chars[i] == c {
            depth -= 1;
            if depth == 0 {
                return i + 1;
            }
        }
        i += 1;
    }
    chars.len()
}

fn scan(text: &str, out: &mut Vec<Use>, depth: u8) {
    if depth > 8 || out.len() >= 64 {
        return;
    }
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        match chars[i] {
            '\\' => i += 2,
            '`' => {
                out.push(Use::Substitution);
                let end = chars[i + 1..]
                    .iter()
                    .position(|c| *c == '`')
                    .map_or(chars.len(), |p| i + 2 + p);
                i = end;
            }
            '$' => {
                let next = chars.get(i + 1).copied();
                match next {
                    Some('(') if chars.get(i + 2) == Some(&'(') => {
                        let end = closing(&chars, i + 1, '(', ')');
                        let inner: String = chars[i + 3..end.saturating_sub(2).max(i + 3)]
                            .iter()
                            .collect();
                        arithmetic(&inner, out, depth);
                        i = end;
                    }
                    Some('(') => {
                        out.push(Use::Substitution);
                        i = closing(&chars, i + 1, '(', ')');
                    }
                    Some('{') => {
                        let end = closing(&chars, i + 1, '{', '}');
                        let inner: String = chars[i + 2..end.saturating_sub(1).max(i + 2)]
                            .iter()
                            .collect();
                        braced(&inner, out, depth);
                        i = end;
                    }
                    Some(c) if is_name_start(c) => {
                        let start = i + 1;
                        let mut j = start;
                        while j < chars.len() && is_name(chars[j]) {
                            j += 1;
                        }
                        out.push(Use::Value(chars[start..j].iter().collect()));
                        i = j;
                    }
                    _ => i += 1,
                }
            }
            _ => i += 1,
        }
    }
}

/// Names inside `$(( … ))` are evaluated: their values reach the word (and a value that is
/// not a number is printed in bash's error).
fn arithmetic(inner: &str, out: &mut Vec<Use>, depth: u8) {
    if inner.contains('$') {
        scan(inner, out, depth + 1);
    }
    let mut name = String::new();
    let mut prev_ok = true;
    for c in inner.chars().chain(std::iter::once(' ')) {
        if is_name(c) && (!name.is_empty() || (is_name_start(c) && prev_ok)) {
            name.push(c);
            continue;
        }
        if !name.is_empty() {
            out.push(Use::Value(std::mem::take(&mut name)));
        }
        prev_ok = !c.is_ascii_alphanumeric() && c != '$';
    }
}

/// The inside of `${ … }`.
fn braced(inner: &str, out: &mut Vec<Use>, depth: u8) {
    if let Some(rest) = inner.strip_prefix('#') {
        if !rest.is_empty() && rest.chars().all(is_name) {
            out.push(Use::NoValue(rest.to_string()));
            return;
        }
    }
    if let Some(rest) = inner.strip_prefix('!') {
        // Indirection: the value of the variable the named one names.
        let name: String = rest.chars().take_while(|c| is_name(*c)).collect();
        out.push(Use::Value(name));
        return;
    }
    let name: String = inner.chars().take_while(|c| is_name(*c)).collect();
    if name.is_empty() {
        return;
    }
    let rest = &inner[name.len()..];
    if rest.starts_with(":+") || rest.starts_with('+') {
        out.push(Use::NoValue(name));
        let word = rest.trim_start_matches(':').trim_start_matches('+');
        scan(word, out, depth + 1);
        return;
    }
    out.push(Use::Value(name));
    if !rest.is_empty() {
        scan(rest, out, depth + 1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secret_shaped_names() {
        for n in [
            "AWS_SECRET_ACCESS_KEY",
            "AWS_ACCESS_KEY_ID",
            "AWS_SESSION_TOKEN",
            "GITHUB_TOKEN",
            "GH_TOKEN",
            "ANTHROPIC_API_KEY",
            "OPENAI_API_KEY",
            "MINIMAX_API_KEY",
            "HF_TOKEN",
            "NPM_TOKEN",
            "PGPASSWORD",
            "MYSQL_PWD",
            "DATABASE_URL",
            "REDIS_URL",
            "SENTRY_DSN",
            "SLACK_WEBHOOK_URL",
            "CLAUDE_CODE_OAUTH_TOKEN",
            "NEXTAUTH_SECRET",
            "STRIPE_SECRET_KEY",
            "token",
            "api_key",
            "DOCKER_AUTH_CONFIG",
            "VAULT_TOKEN",
            "GITLAB_PAT",
            "APP_JWT",
            "AWS_CREDS",
            "GOOGLE_CREDENTIALS",
            "SESSION_COOKIE",
            "BEARER",
            "OTP_SEED",
            "SIGNING_SALT",
        ] {
            assert!(secret_name(n), "{n}");
        }
        for n in [
            "HOME",
            "PATH",
            "PWD",
            "OLDPWD",
            "USER",
            "SHELL",
            "LANG",
            "TERM",
            "AWS_REGION",
            "AWS_PROFILE",
            "GIT_AUTHOR_NAME",
            "SSH_AUTH_SOCK",
            "GOOGLE_APPLICATION_CREDENTIALS_FILE",
            "AWS_WEB_IDENTITY_TOKEN_FILE",
            "PASSWORD_STORE_DIR",
            "TOKENIZERS_PARALLELISM",
            "GIT_ASKPASS",
            "CLAUDE_PROJECT_DIR",
            "NODE_ENV",
            "CI",
            "KEYMAP",
        ] {
            assert!(!secret_name(n), "{n}");
        }
    }

    #[test]
    fn expansions_say_whether_the_value_reaches_the_word() {
        use Use::*;
        let v = |s: &str| Value(s.to_string());
        let n = |s: &str| NoValue(s.to_string());
        for (word, want) in [
            ("$X", vec![v("X")]),
            ("pre${X}post", vec![v("X")]),
            ("${X:-default}", vec![v("X")]),
            ("${X:-$Y}", vec![v("X"), v("Y")]),
            ("${X%.*}", vec![v("X")]),
            ("${X:0:4}", vec![v("X")]),
            ("${X[0]}", vec![v("X")]),
            ("${X:+set}", vec![n("X")]),
            ("${X+set}", vec![n("X")]),
            ("${X:+$Y}", vec![n("X"), v("Y")]),
            ("${#X}", vec![n("X")]),
            ("$((X + 1))", vec![v("X")]),
            ("$(( $Y * 2 ))", vec![v("Y")]),
            ("${!REF}", vec![v("REF")]),
            ("k=$A&j=$B", vec![v("A"), v("B")]),
            ("$(head -c 30 key).x", vec![Substitution]),
            ("`id`.x", vec![Substitution]),
            ("$1 $@ $$", vec![]),
            ("\\$X", vec![]),
        ] {
            assert_eq!(expansions(word), want, "{word}");
        }
    }
}
