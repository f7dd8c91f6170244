//! Shell analysis: turns a Bash command string into the simple commands bash would really
//! run, with words normalised the way bash does (quotes, backslashes, `~`, `$HOME`, `$IFS`),
//! wrappers stripped (`sudo`, `env`, `timeout`, …) and shell re-entries (`bash -c`, `eval`,
//! `find -exec`, `xargs`, heredocs fed to a shell, …) analysed recursively.
//!
//! It owns *understanding* the text, not judging it: whatever it cannot model is reported
//! in [`Analysis::opaque`], and the caller must never allow an opaque command. Deciding
//! which commands are routine or dangerous is left to the rules and floor modules.
//!
//! Submodules: `continuation` removes line continuations where bash's reader does,
//! `parse` walks the tree-sitter CST (allowlisting node kinds), `command`
//! assembles simple commands and redirects, `words` normalises words (with the character
//! rules in `quoting`), `emit` stores commands and runs re-entries, `unwrap` strips
//! wrappers, `reenter` finds commands run again by a shell or tool, `opts`/`specs` parse
//! wrapper options, `expand` applies brace and tilde expansion and field splitting to a
//! word's pieces, `loops` unrolls `for`/`select` over literal words, `evaluated` finds
//! command substitutions in text bash evaluates again (a name's subscript, arithmetic).
//!
//! The grammar and bash disagree in places (found by differential tests against bash in
//! `tests`); each known disagreement is either corrected or reported as
//! [`Opaque::ParseError`], never silently trusted.
//!
//! Cost (release, this machine): `analyze("git status && git diff --stat")` takes about
//! 21–29 µs including parser creation (`Parser::new` + `set_language` is ≈0.6 µs, so no
//! parser cache is needed). Parsing costs roughly 1 µs per byte, which is why text beyond
//! [`HARD_MAX_LEN`] is not parsed and all parsing per call is capped at [`PARSE_BUDGET`].

mod assign;
mod command;
mod continuation;
mod dirs;
mod emit;
mod evaluated;
mod expand;
mod fast;
mod loops;
mod opts;
mod parse;
mod quoting;
mod reenter;
pub use reenter::{adb_call, exec_call, ssh_config_pair, ssh_tokens, AdbCall, ExecCall};
mod specs;
mod unwrap;
mod words;

#[cfg(test)]
mod tests;

use serde::Serialize;
use std::path::PathBuf;

/// Input longer than this is opaque (it is still analysed, up to [`HARD_MAX_LEN`]).
pub const MAX_LEN: usize = 10_000;
/// Text beyond this is not parsed at all (the analysis is already opaque by then). The
/// grammar parses roughly 1 µs per byte, so this bounds the worst case.
pub const HARD_MAX_LEN: usize = 32 * 1024;
/// Total bytes parsed per analysis, re-entries included (`eval eval eval …` re-parses).
pub const PARSE_BUDGET: usize = 3 * HARD_MAX_LEN;
/// More simple commands than this make the analysis opaque.
pub const MAX_COMMANDS: usize = 128;
/// Commands are still collected past [`MAX_COMMANDS`] (so deny rules see them), up to this.
pub const HARD_MAX_COMMANDS: usize = 1024;
/// Deepest nesting of shell re-entries (`bash -c "sh -c '…'"`, `xargs`, `find -exec`, …).
pub const MAX_REENTRY: u8 = 6;
/// Deepest recursion over the syntax tree.
pub const MAX_TREE_DEPTH: usize = 200;
/// At most this many opaque reasons are kept (they are deduplicated too).
const MAX_OPAQUE: usize = 64;

/// What the analysis needs to know about the machine to resolve words.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ShellEnv {
    /// `~`, `$HOME` and `${HOME}` resolve to this.
    pub home: PathBuf,
    /// `$PWD` and `~+` resolve to this.
    pub cwd: PathBuf,
    /// Where `~user` finds a home.
    pub users: Users,
}

impl ShellEnv {
    /// The machine's own user database for `~user`.
    pub fn new(home: PathBuf, cwd: PathBuf) -> ShellEnv {
        ShellEnv {
            home,
            cwd,
            users: Users::System,
        }
    }
}

/// The homes `~user` expands to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Users {
    /// None is known: every `~user` is a dynamic word.
    Unknown,
    /// `/etc/passwd`, read when a `~user` is met, and trusted only when the name service
    /// reads it first (`passwd: files …` in `/etc/nsswitch.conf`, or no such file), the
    /// name is there exactly once and its home is absolute. Anything else: dynamic.
    System,
    /// A fixed table (tests).
    Fixed(Vec<(String, PathBuf)>),
}

impl Users {
    pub fn home(&self, name: &str) -> Option<PathBuf> {
        let valid = !name.is_empty()
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "._-".contains(c))
            && !name.starts_with('-');
        if !valid {
            return None;
        }
        match self {
            Users::Unknown => None,
            Users::Fixed(table) => table
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, h)| h.clone()),
            Users::System => {
                let nss = std::fs::read_to_string("/etc/nsswitch.conf").ok();
                let passwd = std::fs::read_to_string("/etc/passwd").ok()?;
                passwd_home(nss.as_deref(), &passwd, name)
            }
        }
    }
}

/// `name`'s home in a passwd file, when the name service would read that file first.
fn passwd_home(nsswitch: Option<&str>, passwd: &str, name: &str) -> Option<PathBuf> {
    if let Some(conf) = nsswitch {
        let line = conf
            .lines()
            .map(|l| l.split('#').next().unwrap_or("").trim())
            .find(|l| l.starts_with("passwd:"))?;
        let first = line.trim_start_matches("passwd:").split_whitespace().next();
        if first != Some("files") {
            return None;
        }
    }
    let mut found = passwd.lines().filter_map(|l| {
        let f: Vec<&str> = l.split(':').collect();
        (f.len() == 7 && f.first() == Some(&name)).then(|| f.get(5).copied().unwrap_or(""))
    });
    let home = found.next()?;
    if found.next().is_some() || !home.starts_with('/') {
        return None;
    }
    Some(PathBuf::from(home))
}

/// The result of analysing one command string.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Default)]
pub struct Analysis {
    /// Every simple command found anywhere, in source order: top level, inside pipelines,
    /// lists, subshells, groups, compound statements, substitutions, and the bodies of
    /// shell re-entries (`bash -c '…'`, `eval`, `find -exec`, `xargs`, heredocs to a shell).
    pub commands: Vec<SimpleCommand>,
    /// Why the analysis cannot fully model the text. Non-empty => the caller never allows.
    pub opaque: Vec<Opaque>,
    /// Statements that only assign variables (`a=b`, `a=$(…)`), with normalised values.
    pub bare_assignments: Vec<(String, String)>,
}

impl Analysis {
    /// True when every construct in the text was understood.
    pub fn is_transparent(&self) -> bool {
        self.opaque.is_empty()
    }
}

/// One simple command, the unit bash executes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SimpleCommand {
    /// Words after bash-like normalisation (quotes and backslashes removed, `~`/`$HOME`
    /// resolved, unquoted `$IFS` splitting words).
    pub argv: Vec<String>,
    /// `argv` with transparent wrappers stripped: the program that really runs and its
    /// arguments. An absolute program path becomes its basename; a relative one is kept.
    pub exec: Vec<String>,
    /// Names of the wrappers stripped to get `exec`, outermost first. Commands found as
    /// children of `xargs`/`find -exec`/… also list that parent here.
    pub wrappers: Vec<String>,
    /// `NAME=value` prefixes (normalised value), including those given to `env`, and
    /// the variables an earlier `export` of the same command put in its environment
    /// (also named in `exported`).
    pub assignments: Vec<(String, String)>,
    /// Names among `assignments` that an earlier `export NAME=…` (or `declare -x`) of
    /// this command put in its environment, rather than a prefix written on it.
    pub exported: Vec<String>,
    pub redirects: Vec<Redirect>,
    /// Where this command sits and how it was reached.
    pub origin: Origin,
    /// Index of the top-level part (list element or pipeline stage) it belongs to.
    pub part: usize,
    /// Per `argv` word: did it contain an expansion that was not resolved, or an unquoted
    /// glob or brace pattern?
    pub dynamic_words: Vec<bool>,
    /// Per `argv` word: the pathname pattern it is, when it is one and nothing else in it
    /// is unknown (quoted characters escaped with `\`). The command floor expands these
    /// against the filesystem; the analysis never reads it.
    pub globs: Vec<Option<String>>,
    /// The source text of this command (for display).
    pub text: String,
    /// Is stdin fed by a pipe from a previous pipeline stage?
    pub piped_stdin: bool,
    /// The raw body of a heredoc or herestring feeding this command.
    pub stdin_text: Option<String>,
    /// Is all of what feeds its stdin known before it runs: a heredoc or here-string
    /// without expansions, or a pipe from a command that only prints literals? (A program
    /// that runs its input, `ssh HOST`, `sh`, has had it analysed only then.)
    #[serde(skip)]
    pub stdin_known: bool,
    /// The host it runs on when it is part of `ssh HOST CMD` (the remote shell runs it
    /// there: its paths are the remote's); `None`: here.
    pub remote: Option<String>,
    /// What the command is known to print, when it only prints literals (`echo x`,
    /// `printf '%s\0' x`, `cat` of its heredoc).
    pub output: Option<String>,
    /// The directory it runs in, as the analysis follows `cd` (bash's logical working
    /// directory, see `dirs`); `None` when that is not known.
    pub cwd: Option<PathBuf>,
    /// When `cwd` is not known only because a `cd` before it may have failed: the
    /// directories it may run in (two to `dirs::MAX_PLACES`), each of which the command
    /// floor judges it in.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cwd_places: Vec<PathBuf>,
}

impl SimpleCommand {
    /// The program name that runs (`exec[0]`), if any.
    pub fn program(&self) -> Option<&str> {
        self.exec.first().map(String::as_str)
    }

    /// Is `exec[0]` the result of an unresolved expansion?
    pub fn exec_is_dynamic(&self) -> bool {
        let offset = self.argv.len().saturating_sub(self.exec.len());
        self.dynamic_words.get(offset).copied().unwrap_or(false)
    }
}

/// One redirection of a simple command (or of the group that contains it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Redirect {
    /// The explicit file descriptor (`2>`), if written.
    pub fd: Option<u32>,
    pub op: RedirectOp,
    /// Normalised target: a path, a descriptor number for dups, a heredoc delimiter, or
    /// the herestring's text.
    pub target: String,
    /// The target contains an unresolved expansion or glob.
    pub dynamic: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum RedirectOp {
    /// `>`
    Out,
    /// `>>`
    Append,
    /// `<`
    In,
    /// `<>`
    InOut,
    /// `>&N` (`2>&1`)
    DupOut,
    /// `<&N`
    DupIn,
    /// `>&-` / `<&-`
    Close,
    /// `<<` / `<<-`
    HereDoc,
    /// `<<<`
    HereString,
    /// `&>` (and `>&file`)
    OutErr,
    /// `&>>`
    AppendErr,
    /// `>|`
    Clobber,
}

impl RedirectOp {
    /// Does this redirection write to its target file?
    pub fn writes(self) -> bool {
        matches!(
            self,
            RedirectOp::Out
                | RedirectOp::Append
                | RedirectOp::InOut
                | RedirectOp::OutErr
                | RedirectOp::AppendErr
                | RedirectOp::Clobber
        )
    }
}

/// How a command was reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Origin {
    /// A list element or pipeline stage of the command string itself (incl. `{ }`, loops).
    TopLevel,
    /// Inside `( … )`.
    Subshell,
    /// Inside `$( … )` or backticks.
    Substitution,
    /// Inside `<( … )` or `>( … )`.
    ProcessSubstitution,
    /// A string run by a shell again: `bash -c`, `su -c`, `env -S`, `ssh host cmd`,
    /// `eval`, `docker exec`/`kubectl exec`. `depth` counts the re-entries.
    ShellString { depth: u8 },
    /// The child command of `xargs`.
    Xargs,
    /// The child command of `find -exec`/`-execdir`/`-ok`/`-okdir`.
    FindExec,
    /// A `git -c alias.x=!cmd` shell alias.
    GitAlias,
    /// The command run repeatedly by `watch`.
    Watch,
    /// The command run by GNU `parallel`.
    Parallel,
    /// A heredoc or herestring fed to a shell.
    Heredoc,
}

impl Origin {
    pub fn describe(&self) -> &'static str {
        match self {
            Origin::TopLevel => "top level",
            Origin::Subshell => "inside a ( ) subshell",
            Origin::Substitution => "inside a $( ) or backtick command substitution",
            Origin::ProcessSubstitution => "inside a <( ) or >( ) process substitution",
            Origin::ShellString { .. } => "inside a string run by a shell (bash -c, eval, ssh, …)",
            Origin::Xargs => "run by xargs",
            Origin::FindExec => "run by find -exec",
            Origin::GitAlias => "in a git -c alias.*=! shell alias",
            Origin::Watch => "run by watch",
            Origin::Parallel => "run by parallel",
            Origin::Heredoc => "in a heredoc or herestring fed to a shell",
        }
    }
}

/// Why the analysis cannot fully model the text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Opaque {
    /// The parser found a syntax error or had to invent a missing token.
    ParseError(String),
    /// The text has more characters than [`MAX_LEN`].
    TooLong(usize),
    /// More simple commands than [`MAX_COMMANDS`].
    TooManyCommands(usize),
    /// Nesting beyond [`MAX_REENTRY`] re-entries or [`MAX_TREE_DEPTH`] tree levels.
    TooDeep,
    /// `eval` builds a command at run time.
    Eval,
    /// `source f` / `. f` runs a file's contents in this shell.
    Source,
    /// A function definition can shadow any command.
    FunctionDefinition,
    /// An alias definition can rewrite any command.
    AliasDefinition,
    /// The program name comes from an expansion (`$X`, `$(…)`, a glob).
    DynamicCommandName(String),
    /// A string given to a shell contains unresolved expansions.
    DynamicShellString(String),
    /// A C0 control character other than tab and newline (NUL, CR, ESC, …).
    ControlCharacter(char),
    /// An invisible Unicode format character (zero-width, bidi control, tag, BOM, …).
    InvisibleUnicode(char),
    /// `$'…'` quoting, whose escapes can spell anything.
    AnsiCQuote,
    /// `$"…"` locale-translated quoting.
    LocaleQuote,
    /// `${v/a/b}`, `${v//a/b}`, `${!v}` and similar rewriting or indirect expansions.
    PatternSubstitution,
    /// An assignment to a variable that changes how later words are parsed (`IFS`, `HOME`).
    SpecialAssignment(String),
    /// A wrapper was given an option the analysis does not know, so what it runs is unsure.
    UnknownWrapperOption { wrapper: String, option: String },
    /// A wrapper gives its command state the analysis cannot see (`envdir DIR`: an
    /// environment from files) or sends something on (`sshpass -f FILE`).
    WrapperHides { wrapper: String, what: String },
    /// A shell reads its commands from a pipe whose content is not known.
    ShellFromStdin(String),
    /// A variable is set to literal text containing `$(…)` or backticks, which a later
    /// expansion (`eval`, arithmetic, `${v@P}`, `sh -c "$v"`) may run.
    LatentCode(String),
    /// Text bash evaluates as a variable name with a subscript or as an arithmetic
    /// expression (`[[ -v 'a[$(…)]' ]]`, `x['$(…)']=1`, `let`, `printf -v`) holds a
    /// command substitution, which the evaluation runs (see `evaluated`).
    EvaluatedCode(String),
    /// A construct the analysis does not model (`coproc`, `select`, `trap`, `((…))`, …).
    UnsupportedSyntax(String),
}

impl Opaque {
    /// One human line explaining the reason.
    pub fn describe(&self) -> String {
        match self {
            Opaque::ParseError(what) => format!("the command does not parse cleanly: {what}"),
            Opaque::TooLong(n) => {
                format!("the command is too long to analyse ({n} characters, limit {MAX_LEN})")
            }
            Opaque::TooManyCommands(n) => {
                format!("the command has too many parts ({n}, limit {MAX_COMMANDS})")
            }
            Opaque::TooDeep => "the command nests shells or syntax too deeply".to_string(),
            Opaque::Eval => "eval builds a command at run time".to_string(),
            Opaque::Source => "source/. runs the contents of a file".to_string(),
            Opaque::FunctionDefinition => {
                "defines a shell function, which can shadow any command".to_string()
            }
            Opaque::AliasDefinition => {
                "defines an alias, which can rewrite any command".to_string()
            }
            Opaque::DynamicCommandName(w) => {
                format!("the program name is computed at run time: {w}")
            }
            Opaque::DynamicShellString(s) => {
                format!("a string run by a shell contains run-time expansions: {s}")
            }
            Opaque::ControlCharacter(c) => {
                format!("contains the control character U+{:04X}", u32::from(*c))
            }
            Opaque::InvisibleUnicode(c) => {
                format!(
                    "contains the invisible Unicode character U+{:04X}",
                    u32::from(*c)
                )
            }
            Opaque::AnsiCQuote => "uses $'…' quoting, whose escapes can hide text".to_string(),
            Opaque::LocaleQuote => "uses $\"…\" locale quoting".to_string(),
            Opaque::PatternSubstitution => {
                "uses a rewriting or indirect expansion (${v/a/b}, ${!v})".to_string()
            }
            Opaque::SpecialAssignment(name) => {
                format!("assigns {name}, which changes how the rest of the command is read")
            }
            Opaque::UnknownWrapperOption { wrapper, option } => {
                format!("{wrapper} is given the unknown option {option}")
            }
            Opaque::WrapperHides { wrapper, what } => format!("{wrapper} {what}"),
            Opaque::ShellFromStdin(shell) => {
                format!("{shell} runs commands read from a pipe whose content is unknown")
            }
            Opaque::LatentCode(name) => {
                format!(
                    "{name} is set to text containing a command substitution, which may run later"
                )
            }
            Opaque::EvaluatedCode(text) => {
                format!(
                    "bash evaluates `{text}` as a variable subscript or arithmetic, which runs the command substitution in it"
                )
            }
            Opaque::UnsupportedSyntax(what) => {
                format!("uses shell syntax gatehook does not model: {what}")
            }
        }
    }
}

/// Analyse a command string. Never panics; the work is bounded by the limits above.
pub fn analyze(command: &str, env: &ShellEnv) -> Analysis {
    let mut opaque = Vec::new();
    let chars = command.chars().count();
    if chars > MAX_LEN {
        opaque.push(Opaque::TooLong(chars));
    }
    check_characters(command, &mut opaque);
    let text = truncate(command, HARD_MAX_LEN);
    let clean = opaque.is_empty();
    let mut walker = parse::Walker::new(env, opaque);
    walker.cdpath = cdpath_may_be_set(command);
    if !(clean && fast::analyze(text, &mut walker)) {
        walker.analyze_top(text);
    }
    walker.finish()
}

/// May `cd` search `CDPATH` here: does the command name it anywhere (an assignment, an
/// export, `read CDPATH`), or does this environment set it (the agent's shell inherits
/// the harness's)?
fn cdpath_may_be_set(command: &str) -> bool {
    command.contains("CDPATH") || std::env::var_os("CDPATH").is_some_and(|v| !v.is_empty())
}

/// The full parse only, never the plain-command fast path (for the differential test).
#[cfg(test)]
pub(crate) fn analyze_parsed(command: &str, env: &ShellEnv) -> Analysis {
    let mut opaque = Vec::new();
    let chars = command.chars().count();
    if chars > MAX_LEN {
        opaque.push(Opaque::TooLong(chars));
    }
    check_characters(command, &mut opaque);
    let mut walker = parse::Walker::new(env, opaque);
    walker.cdpath = cdpath_may_be_set(command);
    walker.analyze_top(truncate(command, HARD_MAX_LEN));
    walker.finish()
}

/// Reject control characters and invisible Unicode before the parser sees them: bash and
/// the parser may disagree on them, and a person reading the command cannot see them.
fn check_characters(text: &str, opaque: &mut Vec<Opaque>) {
    let mut prev: Option<char> = None;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let before = prev.replace(c);
        let found = if c.is_control() && c != '\t' && c != '\n' && (c as u32) < 0x80 {
            Some(Opaque::ControlCharacter(c))
        } else if (0x80..0xA0).contains(&(c as u32)) {
            // C1 controls.
            Some(Opaque::ControlCharacter(c))
        } else if is_invisible(c) && !emoji_joiner(before, c, chars.peek().copied()) {
            Some(Opaque::InvisibleUnicode(c))
        } else {
            None
        };
        if let Some(o) = found {
            if !opaque.contains(&o) {
                opaque.push(o);
            }
            if opaque.len() >= MAX_OPAQUE {
                return;
            }
        }
    }
}

/// A pictograph that has an emoji presentation (symbols, dingbats, emoji blocks).
fn pictograph(c: char) -> bool {
    matches!(c as u32,
        0x00A9 | 0x00AE | 0x203C | 0x2049 | 0x2122 | 0x2139 | 0x2194..=0x21AA | 0x231A..=0x23FF
        | 0x24C2 | 0x25AA..=0x27BF | 0x2934 | 0x2935 | 0x2B05..=0x2B55 | 0x3030 | 0x303D
        | 0x3297 | 0x3299 | 0x1F000..=0x1FAFF)
}

/// The invisible characters of emoji as every keyboard types them, in their only places:
/// a variation selector (U+FE0E text, U+FE0F emoji presentation) right after a pictograph
/// or a keycap base (`1️⃣`), and a zero-width joiner between two emoji (`👩‍💻`). There
/// they change how one symbol is drawn and hide nothing; anywhere else they stay opaque.
fn emoji_joiner(before: Option<char>, c: char, after: Option<char>) -> bool {
    let Some(b) = before else { return false };
    match c as u32 {
        0xFE0E | 0xFE0F => {
            pictograph(b) || (matches!(b, '0'..='9' | '#' | '*') && after == Some('\u{20E3}'))
        }
        // After a pictograph or its presentation selector, before a pictograph.
        0x200D => {
            (pictograph(b) || b == '\u{FE0F}' || (0x1F3FB..=0x1F3FF).contains(&(b as u32)))
                && after.is_some_and(pictograph)
        }
        _ => false,
    }
}

/// Unicode general category Cf (format characters) plus other invisible fillers.
fn is_invisible(c: char) -> bool {
    matches!(c as u32,
        0x00AD | 0x034F | 0x061C | 0x115F | 0x1160 | 0x17B4 | 0x17B5 | 0x180B..=0x180F
        | 0x200B..=0x200F | 0x202A..=0x202E | 0x2060..=0x206F | 0x3164 | 0xFE00..=0xFE0F
        | 0xFEFF | 0xFFA0 | 0xFFF9..=0xFFFB | 0x110BD | 0x110CD | 0x13430..=0x1343F
        | 0x1BCA0..=0x1BCA3 | 0x1D173..=0x1D17A | 0xE0000..=0xE0FFF
        | 0x0600..=0x0605 | 0x06DD | 0x070F | 0x0890 | 0x0891 | 0x08E2)
}

fn truncate(text: &str, max: usize) -> &str {
    if text.len() <= max {
        return text;
    }
    let mut end = max;
    while end > 0 && !text.is_char_boundary(end) {
        end -= 1;
    }
    text.get(..end).unwrap_or("")
}
