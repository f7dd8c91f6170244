//! A small getopt-style parser for the options of wrappers (`sudo -u x`, `timeout -k 5`),
//! driven by a per-wrapper table of which options take a value. It only finds where the
//! options end; it does not judge them.

use super::words::Word;

/// Which options a wrapper accepts. Options not listed are reported as unknown.
pub(super) struct Spec {
    /// Short options that take a value (`-u USER`, `-uUSER`).
    pub short_val: &'static str,
    /// Short options whose value, if any, must be attached (`-i{}`, `-l5`).
    pub short_opt: &'static str,
    /// Short options without a value.
    pub short_bool: &'static str,
    /// Long options that take a value (`--user USER`, `--user=USER`).
    pub long_val: &'static [&'static str],
    /// Long options without a value (an `=value` is still accepted).
    pub long_bool: &'static [&'static str],
    /// Accept `-<digits>` as an option (`nice -10`).
    pub numeric: bool,
}

pub(super) const NO_OPTS: Spec = Spec {
    short_val: "",
    short_opt: "",
    short_bool: "",
    long_val: &[],
    long_bool: &["help", "version"],
    numeric: false,
};

/// One parsed option: its name (`-u`, `--user`) and value.
#[derive(Debug)]
pub(super) struct Flag {
    pub name: String,
    pub value: Option<String>,
}

#[derive(Debug)]
pub(super) struct Parsed {
    /// Index of the first word after the options (and after `--`).
    pub next: usize,
    pub flags: Vec<Flag>,
    /// Options not in the spec (treated as taking no value).
    pub unknown: Vec<String>,
    /// Some word in the option region contained an unresolved expansion.
    pub dynamic: bool,
}

impl Parsed {
    pub fn has(&self, name: &str) -> bool {
        self.flags.iter().any(|f| f.name == name)
    }

    pub fn value(&self, name: &str) -> Option<&str> {
        self.flags
            .iter()
            .find(|f| f.name == name)
            .and_then(|f| f.value.as_deref())
    }
}

/// Parse options from `words[start..]` until the first operand or `--`.
pub(super) fn parse(words: &[Word], start: usize, spec: &Spec) -> Parsed {
    let mut out = Parsed {
        next: start,
        flags: Vec::new(),
        unknown: Vec::new(),
        dynamic: false,
    };
    let mut i = start;
    while let Some(word) = words.get(i) {
        let w = word.text.as_str();
        if word.dynamic && w.starts_with('-') {
            out.dynamic = true;
        }
        if w == "--" {
            i += 1;
            break;
        }
        if let Some(long) = w.strip_prefix("--") {
            let (name, inline) = match long.split_once('=') {
                Some((n, v)) => (n, Some(v.to_string())),
                None => (long, None),
            };
            let flag_name = format!("--{name}");
            if spec.long_val.contains(&name) {
                let value = match inline {
                    Some(v) => Some(v),
                    None => {
                        i += 1;
                        words.get(i).map(|w| w.text.clone())
                    }
                };
                out.flags.push(Flag {
                    name: flag_name,
                    value,
                });
            } else {
                if !spec.long_bool.contains(&name) {
                    out.unknown.push(flag_name.clone());
                }
                out.flags.push(Flag {
                    name: flag_name,
                    value: inline,
                });
            }
            i += 1;
            continue;
        }
        let Some(short) = w.strip_prefix('-') else {
            break;
        };
        if short.is_empty() {
            break;
        }
        if spec.numeric && short.chars().all(|c| c.is_ascii_digit()) {
            out.flags.push(Flag {
                name: "-N".to_string(),
                value: Some(short.to_string()),
            });
            i += 1;
            continue;
        }
        for (pos, c) in short.char_indices() {
            let name = format!("-{c}");
            if spec.short_val.contains(c) {
                let rest = short.get(pos + c.len_utf8()..).unwrap_or("");
                let value = if rest.is_empty() {
                    i += 1;
                    words.get(i).map(|w| w.text.clone())
                } else {
                    Some(rest.to_string())
                };
                out.flags.push(Flag { name, value });
                break;
            }
            if spec.short_opt.contains(c) {
                let rest = short.get(pos + c.len_utf8()..).unwrap_or("");
                let value = (!rest.is_empty()).then(|| rest.to_string());
                out.flags.push(Flag { name, value });
                break;
            }
            if !spec.short_bool.contains(c) {
                out.unknown.push(name.clone());
            }
            out.flags.push(Flag { name, value: None });
        }
        i += 1;
    }
    out.next = i.min(words.len());
    out
}
