//! Allowlisted argument grammars. A [`Grammar`] declares every option a program accepts
//! (its names, whether it takes a value, and what the value *is*: a path read or written,
//! code run, a URL, a pattern, a number, plain text) and what its operands are. [`parse`]
//! reads an argv the way the program's own option parser does — GNU `getopt_long` with
//! permutation and unique-prefix abbreviations, git's parse-options (prefixes and
//! `--no-` negation), Go's `flag` package, Python's `argparse`, plain POSIX `getopt` —
//! and [`Grammar::effects`] turns the result into [`Effect`]s. An option that is not
//! declared, an ambiguous prefix, a missing value or an option computed at run time is a
//! [`GrammarError`]: the command is not understood, so it is not routine.

use super::{Code, Effect, Reach, WriteHow};
use std::fmt;

/// Which option parser the program uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// GNU `getopt_long`: bundled short options (`-nr`), `-oVALUE`, `--long=VALUE` or
    /// `--long VALUE`, unique prefixes of long options (`--ou` = `--output`), options
    /// anywhere among the operands until `--`.
    Gnu,
    /// POSIX `getopt` (BSD tools, busybox applets): short options only, and the first
    /// operand ends the options.
    Posix,
    /// git's parse-options: like GNU, plus `--no-NAME` for every long option `NAME`.
    Git,
    /// Go's `flag` package: `-name` or `--name`, `-name=VALUE`, `-name VALUE` for options
    /// with a value; no bundling, no prefixes; the first operand ends the options.
    Go,
    /// Python's `argparse`: like GNU (prefixes are accepted by default), options anywhere.
    Argparse,
    /// Rust's clap and other parsers without abbreviations: like GNU (bundles, `=` or a
    /// separate value, options anywhere), but a long option only by its full name.
    Clap,
}

/// Whether an option takes a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arity {
    /// A flag: `-v`, `--verbose`.
    Flag,
    /// A required value: `-o FILE`, `-oFILE`, `--output FILE`, `--output=FILE`.
    Required,
    /// An optional value, only when attached: `--color`, `--color=always`, `-iSUFFIX`.
    Optional,
}

/// What an option's value (or an operand) is to the machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Val {
    /// A flag with no effect of its own, or a value that is plain data (a label, a
    /// format, a delimiter, a key name).
    Plain,
    /// A number (digits, optionally signed, with a unit suffix).
    Num,
    /// One of these words.
    Choice(&'static [&'static str]),
    /// A pattern or expression that is data to the program (a regex, a jq filter).
    Pattern,
    /// A path the program reads.
    Read,
    /// A path whose metadata (or link target) the program prints, never its contents.
    Stat,
    /// A directory the program reads recursively.
    ReadTree,
    /// A directory whose names and metadata the program reads recursively (`du`), never
    /// a file's contents; with a [`Val::Follow`] flag the links met lead anywhere.
    StatTree,
    /// A file that lists more files to read (`--files0-from`, `-T`).
    FileList,
    /// A path the program writes (creates or replaces).
    Write,
    /// A path the program appends to.
    Append,
    /// A program or code the program runs (`--compress-program`, `--pre`, `-vettool`).
    Code(&'static str),
    /// A URL it talks to.
    Url,
    /// Known, and it makes the command not routine for this reason.
    Unsafe(&'static str),
    /// It prints a secret (what).
    Secret(&'static str),
    /// A flag that makes every recursive read follow symlinks.
    Follow,
}

/// One declared option.
#[derive(Debug)]
pub struct Opt {
    /// Every spelling: `-o`, `--output`; Go-style programs write `-name`.
    pub names: &'static [&'static str],
    pub arity: Arity,
    pub val: Val,
}

/// Declare an option (a `const fn`, so tables are plain data).
pub const fn opt(names: &'static [&'static str], arity: Arity, val: Val) -> Opt {
    Opt { names, arity, val }
}

/// A flag with no effect of its own.
pub const fn flag(names: &'static [&'static str]) -> Opt {
    Opt {
        names,
        arity: Arity::Flag,
        val: Val::Plain,
    }
}

/// An option with a required value of the given kind.
pub const fn value(names: &'static [&'static str], val: Val) -> Opt {
    Opt {
        names,
        arity: Arity::Required,
        val,
    }
}

/// What the operands are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Operands {
    /// The first operands, in order (`grep PATTERN`, `jq FILTER`).
    pub leading: &'static [Val],
    /// Every further operand, or `None` when no more are accepted.
    pub rest: Option<Val>,
}

impl Operands {
    pub const NONE: Operands = Operands {
        leading: &[],
        rest: None,
    };
    /// Every operand is of this kind.
    pub const fn all(v: Val) -> Operands {
        Operands {
            leading: &[],
            rest: Some(v),
        }
    }
}

/// A program's grammar.
#[derive(Debug)]
pub struct Grammar {
    pub style: Style,
    pub opts: &'static [Opt],
    pub operands: Operands,
    /// `-NUM` is an option (`head -5`, `tail -20`, `nice -10`).
    pub numeric_short: bool,
}

/// Why an argv is outside the grammar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GrammarError {
    /// An option the grammar does not declare.
    UnknownOption(String),
    /// A prefix that matches several options.
    Ambiguous {
        given: String,
        candidates: Vec<String>,
    },
    /// An option without its value.
    MissingValue(String),
    /// A value given to an option that takes none.
    UnexpectedValue(String),
    /// A value of the wrong kind (`-n x` where a number belongs).
    BadValue { option: String, value: String },
    /// An option (or a value that must be literal) computed at run time.
    Dynamic(String),
    /// More operands than the program takes.
    ExtraOperand(String),
}

impl fmt::Display for GrammarError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GrammarError::UnknownOption(o) => write!(f, "the option {o} is not in its grammar"),
            GrammarError::Ambiguous { given, candidates } => write!(
                f,
                "{given} is an ambiguous abbreviation ({})",
                candidates.join(", ")
            ),
            GrammarError::MissingValue(o) => write!(f, "the option {o} has no value"),
            GrammarError::UnexpectedValue(o) => write!(f, "the option {o} takes no value"),
            GrammarError::BadValue { option, value } => {
                write!(f, "{value} is not a valid value for {option}")
            }
            GrammarError::Dynamic(w) => write!(f, "the option {w} is computed at run time"),
            GrammarError::ExtraOperand(w) => write!(f, "the operand {w} is not in its grammar"),
        }
    }
}

/// One word of the argv with whether it holds an unresolved expansion or glob.
#[derive(Clone, Copy, Debug)]
pub struct Word<'a> {
    pub text: &'a str,
    pub dynamic: bool,
    /// Index in the argv given to [`parse`].
    pub index: usize,
}

/// One option as given.
#[derive(Clone, Debug)]
pub struct Given<'a> {
    pub opt: &'static Opt,
    /// The canonical name (the option's first long name, else its first name), so
    /// callers compare against one spelling whatever prefix or alias was written.
    pub name: &'static str,
    /// `--no-NAME` (git style).
    pub negated: bool,
    pub value: Option<Word<'a>>,
}

/// An argv read through a grammar.
#[derive(Clone, Debug, Default)]
pub struct Parsed<'a> {
    pub given: Vec<Given<'a>>,
    /// Operands with the kind the grammar gives them.
    pub operands: Vec<(Word<'a>, Val)>,
}

impl<'a> Parsed<'a> {
    /// Was this option given (by any of its names, not negated)?
    pub fn has(&self, name: &str) -> bool {
        self.given
            .iter()
            .any(|g| !g.negated && g.opt.names.contains(&name))
    }

    /// The last value given to this option.
    pub fn value(&self, name: &str) -> Option<&'a str> {
        self.given
            .iter()
            .rev()
            .find(|g| g.opt.names.contains(&name))
            .and_then(|g| g.value.map(|w| w.text))
    }

    /// Operand texts, in order.
    pub fn operand_texts(&self) -> Vec<&'a str> {
        self.operands.iter().map(|(w, _)| w.text).collect()
    }
}

static HELP: Opt = flag(&["--help"]);
static VERSION: Opt = flag(&["--version"]);

/// The canonical name of an option: its first long name, else its first name.
fn canonical(opt: &'static Opt) -> &'static str {
    opt.names
        .iter()
        .copied()
        .find(|n| n.starts_with("--"))
        .or_else(|| opt.names.first().copied())
        .unwrap_or("")
}

impl Grammar {
    fn short(&self, c: char) -> Option<&'static Opt> {
        let opts: &'static [Opt] = self.opts;
        opts.iter().find(|o| {
            o.names.iter().any(|n| {
                let mut ch = n.chars();
                ch.next() == Some('-') && ch.next() == Some(c) && ch.next().is_none()
            })
        })
    }

    /// Resolve a long option name (without dashes) the way the style does.
    fn long(&self, name: &str, dashes: &str) -> Result<(&'static Opt, bool), GrammarError> {
        let opts: &'static [Opt] = self.opts;
        let full = format!("{dashes}{name}");
        if self.style == Style::Posix {
            // getopt has no long options: `--name` is the invalid short option `-`.
            return Err(GrammarError::UnknownOption(full));
        }
        let exact = |n: &str| opts.iter().find(|o| o.names.contains(&n));
        if let Some(o) = exact(&full) {
            return Ok((o, false));
        }
        // Every GNU-style program answers `--help` and `--version` and exits.
        if dashes == "--" && self.style != Style::Posix {
            match name {
                "help" => return Ok((&HELP, false)),
                "version" => return Ok((&VERSION, false)),
                _ => {}
            }
        }
        if self.style == Style::Clap {
            return Err(GrammarError::UnknownOption(full));
        }
        if self.style == Style::Go {
            // Go accepts one or two dashes for every flag; no prefixes.
            let other = if dashes == "-" {
                format!("--{name}")
            } else {
                format!("-{name}")
            };
            return exact(&other)
                .map(|o| (o, false))
                .ok_or(GrammarError::UnknownOption(full));
        }
        if self.style == Style::Git {
            if let Some(base) = name.strip_prefix("no-") {
                if let Some(o) = exact(&format!("--{base}")) {
                    return Ok((o, true));
                }
            }
        }
        // Unique prefix among the long names; several names of one option are one match.
        let mut hits: Vec<(&'static Opt, &'static str)> = Vec::new();
        for o in opts {
            for n in o.names {
                if let Some(long) = n.strip_prefix("--") {
                    if long.starts_with(name) && !hits.iter().any(|(h, _)| std::ptr::eq(*h, o)) {
                        hits.push((o, n));
                    }
                }
            }
        }
        if self.style == Style::Git {
            if let Some(base) = name.strip_prefix("no-") {
                for o in opts {
                    for n in o.names {
                        if let Some(long) = n.strip_prefix("--") {
                            if long.starts_with(base)
                                && !base.is_empty()
                                && !hits.iter().any(|(h, _)| std::ptr::eq(*h, o))
                            {
                                hits.push((o, n));
                            }
                        }
                    }
                }
            }
        }
        match hits.as_slice() {
            [] => Err(GrammarError::UnknownOption(full)),
            [(o, n)] => {
                let negated = self.style == Style::Git
                    && name.starts_with("no-")
                    && !n.trim_start_matches('-').starts_with("no-");
                Ok((o, negated))
            }
            many => Err(GrammarError::Ambiguous {
                given: full,
                candidates: many.iter().map(|(_, n)| n.to_string()).collect(),
            }),
        }
    }
}

/// Check a literal value against its kind.
fn check_value(opt_name: &str, val: Val, w: Word) -> Result<(), GrammarError> {
    let bad = || GrammarError::BadValue {
        option: opt_name.to_string(),
        value: w.text.to_string(),
    };
    match val {
        Val::Num => {
            if w.dynamic {
                return Err(GrammarError::Dynamic(format!("{opt_name} {}", w.text)));
            }
            let t = w.text.trim_start_matches(['+', '-']);
            let digits = t.trim_end_matches(|c: char| c.is_ascii_alphabetic());
            if digits.is_empty()
                || !digits
                    .chars()
                    .all(|c| c.is_ascii_digit() || c == '.' || c == ',')
            {
                return Err(bad());
            }
            Ok(())
        }
        Val::Choice(words) => {
            if w.dynamic {
                return Err(GrammarError::Dynamic(format!("{opt_name} {}", w.text)));
            }
            if words.contains(&w.text) {
                Ok(())
            } else {
                Err(bad())
            }
        }
        _ => Ok(()),
    }
}

/// Read `argv[1..]` (argv[0] is the program) through `g`.
pub fn parse<'a>(
    g: &Grammar,
    argv: &'a [String],
    dynamic: &[bool],
) -> Result<Parsed<'a>, GrammarError> {
    let word = |i: usize| -> Option<Word<'a>> {
        argv.get(i).map(|t| Word {
            text: t.as_str(),
            dynamic: dynamic.get(i).copied().unwrap_or(false),
            index: i,
        })
    };
    let mut out = Parsed::default();
    let mut raw_operands: Vec<Word<'a>> = Vec::new();
    let mut options_end = false;
    let permute = matches!(
        g.style,
        Style::Gnu | Style::Git | Style::Argparse | Style::Clap
    );
    let mut i = 1;
    while let Some(w) = word(i) {
        i += 1;
        let t = w.text;
        if options_end || t == "-" || !t.starts_with('-') {
            if w.dynamic && !options_end && could_be_option(t) {
                return Err(GrammarError::Dynamic(t.to_string()));
            }
            raw_operands.push(w);
            if !permute {
                options_end = true;
            }
            continue;
        }
        if t == "--" {
            options_end = true;
            continue;
        }
        if w.dynamic {
            return Err(GrammarError::Dynamic(t.to_string()));
        }
        let go_like = g.style == Style::Go;
        if let Some(long) =
            t.strip_prefix("--")
                .or_else(|| if go_like { t.strip_prefix('-') } else { None })
        {
            let dashes = if t.starts_with("--") { "--" } else { "-" };
            let (name, inline) = match long.split_once('=') {
                Some((n, v)) => (n, Some(v)),
                None => (long, None),
            };
            let (opt, negated) = g.long(name, dashes)?;
            let shown = canonical(opt);
            let value = match (opt.arity, inline) {
                (Arity::Flag, Some(v)) => {
                    // Go bools take `-name=true`; nothing else takes a value.
                    if go_like && matches!(v, "true" | "false" | "1" | "0") {
                        None
                    } else {
                        return Err(GrammarError::UnexpectedValue(format!("{dashes}{name}")));
                    }
                }
                (Arity::Flag, None) => None,
                (_, Some(v)) => Some(Word {
                    text: v,
                    dynamic: w.dynamic,
                    index: w.index,
                }),
                (Arity::Optional, None) => None,
                (Arity::Required, None) if negated => None,
                (Arity::Required, None) => {
                    let v = word(i).ok_or_else(|| GrammarError::MissingValue(t.to_string()))?;
                    i += 1;
                    Some(v)
                }
            };
            if let Some(v) = value {
                check_value(shown, opt.val, v)?;
                if inline.is_some() && w.dynamic {
                    return Err(GrammarError::Dynamic(t.to_string()));
                }
            }
            out.given.push(Given {
                opt,
                name: shown,
                negated,
                value,
            });
            continue;
        }
        // Short options, bundled.
        let body = &t[1..];
        if g.numeric_short && body.chars().all(|c| c.is_ascii_digit()) {
            continue;
        }
        for (pos, c) in body.char_indices() {
            let opt = g
                .short(c)
                .ok_or_else(|| GrammarError::UnknownOption(format!("-{c}")))?;
            let shown = canonical(opt);
            let rest = &body[pos + c.len_utf8()..];
            match opt.arity {
                Arity::Flag => out.given.push(Given {
                    opt,
                    name: shown,
                    negated: false,
                    value: None,
                }),
                Arity::Optional | Arity::Required => {
                    let value = if !rest.is_empty() {
                        Some(Word {
                            text: rest,
                            dynamic: w.dynamic,
                            index: w.index,
                        })
                    } else if opt.arity == Arity::Required {
                        let v =
                            word(i).ok_or_else(|| GrammarError::MissingValue(format!("-{c}")))?;
                        i += 1;
                        Some(v)
                    } else {
                        None
                    };
                    if let Some(v) = value {
                        check_value(shown, opt.val, v)?;
                    }
                    out.given.push(Given {
                        opt,
                        name: shown,
                        negated: false,
                        value,
                    });
                    break;
                }
            }
        }
    }
    // Operands take their kinds in order.
    let mut leading = g.operands.leading.iter();
    for w in raw_operands {
        let kind = match leading.next() {
            Some(k) => *k,
            None => g
                .operands
                .rest
                .ok_or_else(|| GrammarError::ExtraOperand(w.text.to_string()))?,
        };
        check_value("an operand", kind, w)?;
        out.operands.push((w, kind));
    }
    Ok(out)
}

/// A dynamic word in option position might expand to an option at run time.
fn could_be_option(t: &str) -> bool {
    // A word that starts with a literal character other than `-` cannot become an option;
    // one that starts with an expansion can.
    t.starts_with(['$', '`', '"', '\'']) || t.starts_with('-')
}

/// Is a dynamic word a run-time expansion (rather than a glob only)? `$X`, `$(…)`,
/// backticks, and a tilde prefix the shell analysis left unexpanded because its value is
/// known only when the command runs (`~-/x`, `~2`, `--file=~-/x`, `a:~+1`; bash's tilde
/// expansion happens at a word's start and after an assignment's `=` and `:`): such a word
/// is a path computed at run time, never a directory named `~-`.
pub fn is_expansion(word: &str) -> bool {
    word.contains('$')
        || word.contains('`')
        || word.starts_with('~')
        || word.contains("=~")
        || word.contains(":~")
}

/// Is this word a process substitution (`<(cmd)`, `>(cmd)`, as the shell analysis keeps
/// it)? bash hands the program a pipe (`/dev/fd/63`) that carries what `cmd` prints, or
/// feeds what is written to `cmd`: never a file of the workspace. The command inside is a
/// part of its own, judged as any other. (A quoted word of that shape is read the same
/// way: a file named `<(x)` is never given a milder answer for it.)
pub fn is_process_substitution(word: &str) -> bool {
    (word.starts_with("<(") || word.starts_with(">(")) && word.ends_with(')')
}

/// Does a program given this word as a file read a stream another command fills rather
/// than a file: a process substitution, or its own standard input (`/dev/stdin`,
/// `/dev/fd/N`, `/proc/self/fd/N`, and `-` where the program reads a file operand)? Code
/// or a definition read from one is code a command prints ([`Code::Output`]).
pub fn is_stream(word: &str) -> bool {
    is_process_substitution(word)
        || word == "-"
        || word == "/dev/stdin"
        || ["/dev/fd/", "/proc/self/fd/"].iter().any(|d| {
            word.strip_prefix(d)
                .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        })
}

impl Grammar {
    /// The effects of a parsed argv: every typed value and operand. The program's own
    /// logic adds what depends on combinations (`sed -i` makes operands edits).
    pub fn effects(&self, parsed: &Parsed) -> Vec<Effect> {
        let follow = parsed
            .given
            .iter()
            .any(|g| !g.negated && g.opt.val == Val::Follow);
        let mut out = Vec::new();
        for g in &parsed.given {
            if g.negated {
                continue;
            }
            match (g.opt.arity, g.value) {
                (Arity::Flag, _) | (_, None) => match g.opt.val {
                    Val::Unsafe(why) => out.push(Effect::unknown(format!("{} {why}", g.name))),
                    Val::Secret(what) => out.push(Effect::Secret {
                        what: what.to_string(),
                    }),
                    Val::Code(what) => out.push(Effect::Run {
                        code: Code::Hidden {
                            what: what.to_string(),
                        },
                    }),
                    _ => {}
                },
                (_, Some(v)) => value_effect(g.name, g.opt.val, v, follow, &mut out),
            }
        }
        for (w, kind) in &parsed.operands {
            value_effect("an operand", *kind, *w, follow, &mut out);
        }
        out
    }
}

fn value_effect(name: &str, val: Val, w: Word, follow: bool, out: &mut Vec<Effect>) {
    let path_word = |out: &mut Vec<Effect>| -> bool {
        if w.dynamic && is_expansion(w.text) {
            out.push(Effect::unknown(format!(
                "the path {} is computed at run time",
                w.text
            )));
            return false;
        }
        true
    };
    if is_process_substitution(w.text) {
        // A pipe another part of the command fills or drains: no file of the workspace.
        match val {
            Val::Code(_) => out.push(Effect::Run {
                code: Code::Output {
                    word: w.text.to_string(),
                },
            }),
            Val::FileList => out.push(Effect::unknown(format!(
                "{name} reads the names of files to read from a command's output"
            ))),
            Val::Url | Val::Unsafe(_) | Val::Secret(_) => {}
            _ => return,
        }
    }
    match val {
        Val::Plain | Val::Num | Val::Choice(_) | Val::Pattern | Val::Follow => {}
        Val::Code(_) | Val::FileList if is_process_substitution(w.text) => {}
        Val::Read => {
            if w.text != "-" && path_word(out) {
                out.push(Effect::Read {
                    path: w.text.to_string(),
                    reach: if follow {
                        Reach::TreeFollow
                    } else {
                        Reach::File
                    },
                });
            }
        }
        Val::Stat => {
            if w.text != "-" && path_word(out) {
                out.push(Effect::Read {
                    path: w.text.to_string(),
                    reach: Reach::Metadata,
                });
            }
        }
        Val::ReadTree | Val::StatTree => {
            if path_word(out) {
                out.push(Effect::Read {
                    path: w.text.to_string(),
                    reach: match (follow, val) {
                        (true, _) => Reach::TreeFollow,
                        (false, Val::StatTree) => Reach::Metadata,
                        _ => Reach::Tree,
                    },
                });
            }
        }
        Val::FileList => {
            if w.text == "-" {
                out.push(Effect::unknown(format!(
                    "{name} reads the names of files to read from stdin"
                )));
            } else if path_word(out) {
                out.push(Effect::Read {
                    path: w.text.to_string(),
                    reach: Reach::ListOfFiles,
                });
            }
        }
        Val::Write | Val::Append => {
            if w.text != "-" && path_word(out) {
                let how = if val == Val::Append {
                    WriteHow::Append
                } else {
                    WriteHow::Replace
                };
                out.push(Effect::write(w.text, how));
            }
        }
        Val::Code(what) => out.push(Effect::Run {
            code: Code::Hidden {
                what: format!("{what} {}", w.text),
            },
        }),
        Val::Url => out.push(Effect::Net {
            url: Some(w.text.to_string()),
            host: host_of(w.text),
            sends: Vec::new(),
        }),
        Val::Unsafe(why) => out.push(Effect::unknown(format!("{name} {why}"))),
        Val::Secret(what) => out.push(Effect::Secret {
            what: what.to_string(),
        }),
    }
}

/// The host of a URL-ish word, lowercased (`https://Example.com:8/x` → `example.com`).
pub fn host_of(url: &str) -> Option<String> {
    let rest = url.split_once("://").map(|(_, r)| r).unwrap_or(url);
    let authority = rest.split(['/', '?', '#']).next()?;
    let host_port = authority.rsplit('@').next()?;
    let host = if let Some(v6) = host_port.strip_prefix('[') {
        v6.split(']').next()?
    } else {
        host_port.split(':').next()?
    };
    (!host.is_empty()).then(|| host.to_ascii_lowercase())
}
