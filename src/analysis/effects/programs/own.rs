//! Programs whose argv is not read by getopt, each with a small parser of its own that
//! follows the real one (the source read is named at each): bash's `echo`, `printf`,
//! `test`/`[`, `true`/`false`/`:` and `command`; GNU `expr`, `seq` and `dd` (coreutils
//! 9.1); `xxd` (vim's `xxd.c`); `jq` (jq 1.6–1.8 `main.c`, and its filter language for
//! `env`, `$ENV` and modules); `yq` (kislyuk's yq 3.1 `--help` and mikefarah's yq 4
//! `eval --help`, read only where both agree, [`yq`]); procps-ng 4.0.2 `ps` (UNIX, BSD and GNU options); `tree`
//! 2.1 (`tree.c`, whose options take the *next* word as their value); lsof 4.95 (options
//! led by `-` or `+`, bundled, some with a value only when one follows); bash 5.2's `kill`
//! builtin given jobspecs (`help kill`, and run: `sleep 30 & kill %1` stops the job, and
//! a shell with no such job answers `no such job`).
//!
//! What these print is judged like any other effect: a secret variable expanded into
//! `echo`'s arguments, `ps e` (the environment of processes) or `jq env` print secrets.

use super::super::grammar::{self, is_expansion, GrammarError};
use super::super::{secret_name, Effect, Reach, WriteHow};
use super::Program;

/// A program's own parser.
pub(super) type Parser = fn(&Program, &[String], &[bool]) -> Result<Vec<Effect>, GrammarError>;

/// The parser of a program that has one.
pub(super) fn parser(name: &str) -> Option<Parser> {
    Some(match name {
        "echo" => echo,
        "printf" => printf,
        "true" | "false" | ":" | "test" | "[" | "[[" | "expr" => nothing,
        "command" => command,
        "truncate" => truncate,
        "seq" => seq,
        "dd" => dd,
        "xxd" => xxd,
        "jq" => jq,
        "yq" => yq,
        "ps" => ps,
        "tree" => tree,
        "lsof" => lsof,
        "break" | "continue" => loop_control,
        "exit" => exit_status,
        "set" => set_options,
        "kill" => kill_jobs,
        _ => return None,
    })
}

pub(super) fn lookup(name: &str) -> Option<&'static Program> {
    Some(match name {
        "echo" => &ECHO,
        "printf" => &PRINTF,
        "true" | ":" => &TRUE,
        "false" => &FALSE,
        "test" | "[" | "[[" => &TEST,
        "expr" => &EXPR,
        "command" => &COMMAND,
        "seq" => &SEQ,
        "dd" => &DD,
        "xxd" => &XXD,
        "jq" => &JQ,
        "yq" => &YQ,
        "ps" => &PS,
        "tree" => &TREE,
        "lsof" => &LSOF,
        "break" => &BREAK,
        "continue" => &CONTINUE,
        "exit" => &EXIT,
        "set" => &SET,
        "kill" => &KILL,
        _ => return None,
    })
}

/// A program described by its own parser: the grammar is unused (empty).
const fn own(name: &'static str, does: &'static str, reads_cwd: bool) -> Program {
    Program {
        name,
        does,
        grammar: grammar::Grammar {
            style: grammar::Style::Posix,
            opts: &[],
            operands: grammar::Operands::NONE,
            numeric_short: false,
        },
        extra: None,
        reads_cwd_by_default: reads_cwd,
    }
}

static ECHO: Program = own("echo", "prints its arguments", false);
static PRINTF: Program = own("printf", "prints its arguments", false);
static TRUE: Program = own("true", "does nothing", false);
static FALSE: Program = own("false", "does nothing", false);
static TEST: Program = own("test", "evaluates a condition", false);
static EXPR: Program = own("expr", "evaluates an expression", false);
static COMMAND: Program = own("command", "describes a command name", false);
static SEQ: Program = own("seq", "prints numbers", false);
static DD: Program = own("dd", "copies and converts data", false);
static XXD: Program = own("xxd", "dumps bytes", false);
static JQ: Program = own("jq", "filters JSON", false);
static YQ: Program = own("yq", "queries YAML", false);
static PS: Program = own("ps", "lists processes", false);
static TREE: Program = own("tree", "lists a directory tree", true);
static LSOF: Program = own("lsof", "lists open files and sockets", false);
static BREAK: Program = own("break", "leaves a loop", false);
static CONTINUE: Program = own("continue", "goes on to a loop's next round", false);
static EXIT: Program = own("exit", "ends the shell", false);
static SET: Program = own("set", "sets the shell's own error and trace options", false);
static KILL: Program = own("kill", "signals a background job this shell started", false);

/// bash's `kill` builtin given only jobspecs (bash 5.2 `help kill`; `builtins/kill.def`):
/// `kill [-s SIGSPEC | -n SIGNUM | -SIGSPEC] %JOB…`. A jobspec (`%1`, `%%`, `%+`, `%-`,
/// `%NAME`, `%?TEXT`) names a job in the job table of the shell that runs the command,
/// and only that shell's own children are there: jobs this command put in the
/// background. A process id (any process of the user's), `-l`/`-L`, and a word computed
/// at run time are outside the grammar.
fn kill_jobs(_p: &Program, argv: &[String], dynamic: &[bool]) -> Result<Vec<Effect>, GrammarError> {
    let mut i = 1;
    let mut jobs = 0;
    let mut options_end = false;
    while let Some(w) = argv.get(i) {
        if dynamic.get(i).copied().unwrap_or(false) {
            return Err(GrammarError::Dynamic(w.clone()));
        }
        let t = w.as_str();
        if !options_end && jobs == 0 {
            match t {
                "--" => {
                    options_end = true;
                    i += 1;
                    continue;
                }
                "-s" | "-n" => {
                    let v = argv
                        .get(i + 1)
                        .ok_or_else(|| GrammarError::MissingValue(t.to_string()))?;
                    if !signal_name(v) || dynamic.get(i + 1).copied().unwrap_or(false) {
                        return Err(GrammarError::BadValue {
                            option: t.to_string(),
                            value: v.clone(),
                        });
                    }
                    i += 2;
                    continue;
                }
                _ if t.len() > 1 && t.starts_with('-') => {
                    if !signal_name(&t[1..]) {
                        return Err(GrammarError::UnknownOption(t.to_string()));
                    }
                    i += 1;
                    continue;
                }
                _ => {}
            }
        }
        if !(t.len() > 1 && t.starts_with('%')) {
            return Err(GrammarError::BadValue {
                option: "kill".into(),
                value: format!("{t} (not a jobspec of this shell)"),
            });
        }
        jobs += 1;
        i += 1;
    }
    if jobs == 0 {
        return Err(GrammarError::MissingValue("kill %JOB".into()));
    }
    Ok(Vec::new())
}

/// A signal as `kill` names it: a number, or letters with an optional `SIG` prefix.
fn signal_name(v: &str) -> bool {
    !v.is_empty()
        && (v.chars().all(|c| c.is_ascii_digit())
            || v.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '+' || c == '-'))
}

/// bash's `set`: the option letters and `-o` names that change only how the shell reports
/// and stops on errors (errexit, nounset, pipefail, noclobber, errtrace, hashall, notify),
/// each with `-` or `+`, bundled, `-o NAME` taking the next word, or `-o`/`+o` alone
/// (which print the settings); tracing (`x`/`v`, xtrace/verbose) only turned off. Not
/// here: turning tracing on (every later word is printed as expanded, a secret
/// variable's value included, where the agent reads it), `-a`/`-k` (later assignments
/// would reach programs' environments), `-f`, `-B`, `-H`, `-P`, `-o posix` and the rest
/// (they change how later words expand or where `cd` goes), operands (positional
/// parameters), and `set` alone, which prints every variable, secrets included.
fn set_options(
    p: &Program,
    argv: &[String],
    dynamic: &[bool],
) -> Result<Vec<Effect>, GrammarError> {
    const LETTERS: &str = "euCEhb";
    // Tracing may be turned off, never on.
    const OFF_ONLY: &str = "xv";
    const NAMES: &[&str] = &[
        "errexit",
        "nounset",
        "pipefail",
        "noclobber",
        "errtrace",
        "hashall",
        "notify",
    ];
    let args: Vec<(usize, &str, bool)> = words(argv, dynamic).collect();
    if args.is_empty() {
        return Ok(vec![Effect::Secret {
            what: "every variable of the shell, secrets included".into(),
        }]);
    }
    let mut k = 0;
    while let Some((_, w, d)) = args.get(k) {
        if *d {
            return Err(GrammarError::Dynamic(w.to_string()));
        }
        k += 1;
        let off = w.starts_with('+');
        let Some(body) = w.strip_prefix('-').or_else(|| w.strip_prefix('+')) else {
            return Err(GrammarError::ExtraOperand(format!("{} {w}", p.name)));
        };
        if body.is_empty() || body == "-" {
            return Err(GrammarError::UnknownOption(format!("{} {w}", p.name)));
        }
        for (i, c) in body.char_indices() {
            if c == 'o' {
                // The name is the next word; `-o` as the last word prints the settings.
                if i + 1 != body.len() {
                    return Err(GrammarError::UnknownOption(format!("{} {w}", p.name)));
                }
                match args.get(k) {
                    None => {}
                    Some((_, n, false))
                        if NAMES.contains(n) || (off && matches!(*n, "xtrace" | "verbose")) =>
                    {
                        k += 1
                    }
                    Some((_, n, _)) => {
                        return Err(GrammarError::UnknownOption(format!("{} -o {n}", p.name)))
                    }
                }
            } else if !(LETTERS.contains(c) || (off && OFF_ONLY.contains(c))) {
                return Err(GrammarError::UnknownOption(format!("{} -{c}", p.name)));
            }
        }
    }
    Ok(Vec::new())
}

/// bash's `break [N]` / `continue [N]`: N a literal number of loops (at least 1).
fn loop_control(
    p: &Program,
    argv: &[String],
    dynamic: &[bool],
) -> Result<Vec<Effect>, GrammarError> {
    literal_count(p, argv, dynamic, 1)
}

/// `exit [N]`: a literal status (bash takes it modulo 256).
fn exit_status(
    p: &Program,
    argv: &[String],
    dynamic: &[bool],
) -> Result<Vec<Effect>, GrammarError> {
    literal_count(p, argv, dynamic, 0)
}

/// A builtin that takes at most one operand, a literal number of at least `min` (nine
/// digits at most); it has no effect of its own.
fn literal_count(
    p: &Program,
    argv: &[String],
    dynamic: &[bool],
    min: u32,
) -> Result<Vec<Effect>, GrammarError> {
    let args: Vec<(usize, &str, bool)> = words(argv, dynamic).collect();
    match args.as_slice() {
        [] => Ok(Vec::new()),
        [(_, n, false)]
            if n.len() <= 9
                && n.bytes().all(|b| b.is_ascii_digit())
                && n.parse::<u32>().is_ok_and(|v| v >= min) =>
        {
            Ok(Vec::new())
        }
        [(_, n, _), ..] => Err(GrammarError::UnknownOption(format!("{} {n}", p.name))),
    }
}

fn words<'a>(
    argv: &'a [String],
    dynamic: &'a [bool],
) -> impl Iterator<Item = (usize, &'a str, bool)> {
    argv.iter()
        .enumerate()
        .skip(1)
        .map(move |(i, w)| (i, w.as_str(), dynamic.get(i).copied().unwrap_or(false)))
}

fn read_word(text: &str, dynamic: bool, reach: Reach, out: &mut Vec<Effect>) {
    let w = grammar::Word {
        text,
        dynamic,
        index: 0,
    };
    super::common::read(w, reach, out);
}

fn write_word(text: &str, dynamic: bool, how: WriteHow, out: &mut Vec<Effect>) {
    if dynamic {
        out.push(Effect::unknown(format!(
            "the path {text} is computed at run time"
        )));
    } else if text != "-" {
        out.push(Effect::write(text, how));
    }
}

/// Programs that take no options and whose operands are data.
fn nothing(_: &Program, _: &[String], _: &[bool]) -> Result<Vec<Effect>, GrammarError> {
    Ok(Vec::new())
}

/// Secret variables a word expands when printed: `$TOKEN`, `${TOKEN}`, `${TOKEN:-x}`,
/// `${TOKEN:0:4}`, and `${!name}` (a variable chosen at run time). `${#TOKEN}` (its
/// length) and `${TOKEN:+x}` (a word if it is set) print no part of it, nor does a
/// variable used inside a command substitution (`$([ -n "$TOKEN" ] && echo set)`: that
/// command is judged on its own). The expansions are read by the one scanner,
/// [`crate::analysis::effects::secrets::expansions`].
pub fn printed_secrets(word: &str) -> Vec<String> {
    let mut out = Vec::new();
    if outside_substitutions(word).contains("${!") {
        out.push("a variable chosen at run time".to_string());
    }
    for u in crate::analysis::effects::secrets::expansions(word) {
        if let Some(name) = u.value() {
            if secret_name(name) {
                out.push(format!("the secret variable {name}"));
            }
        }
    }
    out
}

/// The text of a word with its command substitutions (`$(…)`, `` `…` ``) left out.
fn outside_substitutions(word: &str) -> String {
    let chars: Vec<char> = word.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        match chars[i] {
            '\\' => {
                out.extend(chars[i..(i + 2).min(chars.len())].iter());
                i += 2;
            }
            '`' => {
                i = chars[i + 1..]
                    .iter()
                    .position(|c| *c == '`')
                    .map_or(chars.len(), |p| i + 2 + p);
            }
            '$' if chars.get(i + 1) == Some(&'(') => {
                let mut depth = 0usize;
                let mut j = i + 1;
                while j < chars.len() {
                    match chars[j] {
                        '\\' => j += 1,
                        '(' => depth += 1,
                        ')' => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        _ => {}
                    }
                    j += 1;
                }
                i = j + 1;
            }
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
    out
}

fn secrets_of(words: &[(usize, &str, bool)], out: &mut Vec<Effect>) {
    for (_, w, dynamic) in words {
        if *dynamic {
            for what in printed_secrets(w) {
                out.push(Effect::Secret { what });
            }
        }
    }
}

/// bash's `echo`: leading words made only of `-n`, `-e`, `-E` are options; everything
/// else is printed.
fn echo(_: &Program, argv: &[String], dynamic: &[bool]) -> Result<Vec<Effect>, GrammarError> {
    let ws: Vec<(usize, &str, bool)> = words(argv, dynamic).collect();
    let mut out = Vec::new();
    let mut k = 0;
    while let Some((_, w, d)) = ws.get(k) {
        let opt = w.len() > 1
            && w.starts_with('-')
            && w[1..].chars().all(|c| matches!(c, 'n' | 'e' | 'E'));
        if !opt {
            break;
        }
        if *d {
            return Err(GrammarError::Dynamic(w.to_string()));
        }
        k += 1;
    }
    secrets_of(&ws[k..], &mut out);
    Ok(out)
}

/// Shell variables whose assignment changes what later commands run or where they look
/// (bash's and zsh's special variables are upper case, except zsh's arrays tied to
/// them).
fn assigns_safely(name: &str) -> bool {
    !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        && !matches!(
            name,
            "path"
                | "fpath"
                | "cdpath"
                | "manpath"
                | "module_path"
                | "mailpath"
                | "fignore"
                | "psvar"
        )
}

/// Can this shell variable be assigned without changing what later commands run?
pub fn shell_variable_is_inert(name: &str) -> bool {
    assigns_safely(name)
}

/// bash's `printf [-v VAR] FORMAT [ARGUMENTS]`.
fn printf(_: &Program, argv: &[String], dynamic: &[bool]) -> Result<Vec<Effect>, GrammarError> {
    let ws: Vec<(usize, &str, bool)> = words(argv, dynamic).collect();
    let mut out = Vec::new();
    let mut k = 0;
    if let Some((_, w, d)) = ws.first() {
        if *d && w.starts_with('$') {
            return Err(GrammarError::Dynamic(w.to_string()));
        }
        if *w == "-v" {
            let (_, name, nd) = ws
                .get(1)
                .ok_or_else(|| GrammarError::MissingValue("-v".into()))?;
            if *nd || !assigns_safely(name) {
                out.push(Effect::unknown(format!(
                    "printf -v assigns {name}, which can change what later commands run"
                )));
            }
            k = 2;
        } else if let Some(name) = w.strip_prefix("-v") {
            if !assigns_safely(name) {
                out.push(Effect::unknown(format!(
                    "printf -v assigns {name}, which can change what later commands run"
                )));
            }
            k = 1;
        }
    }
    if ws.get(k).is_some_and(|(_, w, _)| *w == "--") {
        k += 1;
    }
    secrets_of(&ws[k..], &mut out);
    Ok(out)
}

/// bash's `command [-pVv] NAME [ARG…]`: with `-v`/`-V` it describes NAME; otherwise it
/// runs it (the shell analysis unwraps that case, so here it is unknown).
fn command(_: &Program, argv: &[String], dynamic: &[bool]) -> Result<Vec<Effect>, GrammarError> {
    let mut describe = false;
    for (_, w, d) in words(argv, dynamic) {
        if w == "--" || !w.starts_with('-') || w == "-" {
            break;
        }
        if d {
            return Err(GrammarError::Dynamic(w.to_string()));
        }
        for c in w[1..].chars() {
            match c {
                'v' | 'V' => describe = true,
                'p' => {}
                _ => return Err(GrammarError::UnknownOption(format!("-{c}"))),
            }
        }
    }
    let names = words(argv, dynamic)
        .skip_while(|(_, w, _)| w.starts_with('-') && *w != "-" && *w != "--")
        .filter(|(_, w, _)| *w != "--")
        .count();
    if !describe {
        return Ok(vec![Effect::unknown("command runs a program")]);
    }
    // `command -v NAME` describes one name; more words read like a command line, and are
    // left to the judgement of what they would run.
    if names != 1 {
        return Err(GrammarError::ExtraOperand(
            argv.last().cloned().unwrap_or_default(),
        ));
    }
    Ok(Vec::new())
}

/// GNU truncate: its grammar, and it needs `--size` or `--reference` (without either it
/// is an error and changes nothing).
fn truncate(p: &Program, argv: &[String], dynamic: &[bool]) -> Result<Vec<Effect>, GrammarError> {
    let t = super::files::lookup("truncate").unwrap_or(p);
    let parsed = grammar::parse(&t.grammar, argv, dynamic)?;
    // `--help` and `--version` answer and exit before truncate looks for a size.
    let answers = parsed.has("--help") || parsed.has("--version");
    if !answers && !parsed.has("-s") && !parsed.has("-r") {
        return Err(GrammarError::MissingValue("--size or --reference".into()));
    }
    let mut out = t.grammar.effects(&parsed);
    if let Some(extra) = t.extra {
        extra(&parsed, &mut out);
    }
    Ok(out)
}

/// GNU seq: `-f FORMAT`, `-s STRING`, `-w`, and a word that starts like a negative number
/// ends the options (seq.c checks `-` followed by a digit or `.`).
fn seq(_: &Program, argv: &[String], dynamic: &[bool]) -> Result<Vec<Effect>, GrammarError> {
    use grammar::{flag, value, Grammar, Operands, Style, Val};
    static OPTS: &[grammar::Opt] = &[
        value(&["-f", "--format"], Val::Plain),
        value(&["-s", "--separator"], Val::Plain),
        flag(&["-w", "--equal-width"]),
    ];
    let g = Grammar {
        style: Style::Gnu,
        opts: OPTS,
        operands: Operands::all(Val::Plain),
        numeric_short: false,
    };
    let cut = argv
        .iter()
        .enumerate()
        .skip(1)
        .find(|(_, w)| {
            let b = w.as_bytes();
            b.first() == Some(&b'-') && b.get(1).is_some_and(|c| c.is_ascii_digit() || *c == b'.')
        })
        .map(|(i, _)| i)
        .unwrap_or(argv.len());
    grammar::parse(&g, &argv[..cut], &dynamic[..cut.min(dynamic.len())])?;
    Ok(Vec::new())
}

/// GNU dd: `KEY=VALUE` operands only.
fn dd(_: &Program, argv: &[String], dynamic: &[bool]) -> Result<Vec<Effect>, GrammarError> {
    let mut out = Vec::new();
    let mut of: Option<(&str, bool)> = None;
    let mut notrunc = false;
    for (k, (_, w, d)) in words(argv, dynamic).enumerate() {
        if k == 0 && w == "--" {
            continue;
        }
        let Some((key, val)) = w.split_once('=') else {
            return Err(GrammarError::ExtraOperand(w.to_string()));
        };
        if d && is_expansion(key) {
            return Err(GrammarError::Dynamic(w.to_string()));
        }
        match key {
            "if" => read_word(val, d, Reach::File, &mut out),
            "of" => of = Some((val, d)),
            "conv" => notrunc |= val.split(',').any(|c| c == "notrunc"),
            "bs" | "cbs" | "count" | "ibs" | "obs" | "seek" | "oseek" | "skip" | "iseek"
            | "iflag" | "oflag" | "status" => {}
            _ => return Err(GrammarError::UnknownOption(w.to_string())),
        }
    }
    if let Some((path, d)) = of {
        let how = if notrunc {
            WriteHow::Edit
        } else {
            WriteHow::Replace
        };
        write_word(path, d, how, &mut out);
    }
    Ok(out)
}

/// vim's xxd: an option is recognised by its first two characters (`-ps`, `-revert`,
/// `-cols 8`, `-c8`), `--x` is `-x`, the first non-option ends the options, then
/// `[infile [outfile]]`; the outfile is written (patched in place with `-r`).
fn xxd(_: &Program, argv: &[String], dynamic: &[bool]) -> Result<Vec<Effect>, GrammarError> {
    let mut i = 1;
    let mut revert = false;
    while let Some(w) = argv.get(i) {
        let d = dynamic.get(i).copied().unwrap_or(false);
        let pp: &str = if w.starts_with("--") && w.len() > 2 {
            &w[1..]
        } else {
            w
        };
        if w == "--" {
            i += 1;
            break;
        }
        if !pp.starts_with('-') || pp.len() < 2 {
            break;
        }
        if d {
            return Err(GrammarError::Dynamic(w.to_string()));
        }
        // Two bytes that are not two characters (`-é`) spell no option.
        let Some(head) = pp.get(..2) else {
            return Err(GrammarError::UnknownOption(w.to_string()));
        };
        let rest = pp.get(2..).unwrap_or("");
        // Options with a value: attached unless the rest spells the long name.
        let long_tail = match head {
            "-c" => Some("ols"),
            "-g" => Some("roup"),
            "-o" => Some("ffset"),
            "-l" => Some("en"),
            "-n" => Some("ame"),
            _ => None,
        };
        match head {
            "-a" | "-b" | "-e" | "-u" | "-p" | "-i" | "-C" | "-d" | "-E" | "-t" => {}
            "-r" => revert = true,
            "-v" => return Ok(Vec::new()),
            "-c" if rest.starts_with("apitalize") => {}
            "-c" | "-g" | "-o" | "-l" | "-n" => {
                let tail = long_tail.unwrap_or("");
                if rest.is_empty() || rest.starts_with(tail) {
                    i += 1;
                    if argv.get(i).is_none() {
                        return Err(GrammarError::MissingValue(w.to_string()));
                    }
                }
            }
            "-s" => {
                if rest.is_empty() || rest.starts_with("kip") || rest.starts_with("eek") {
                    i += 1;
                    if argv.get(i).is_none() {
                        return Err(GrammarError::MissingValue(w.to_string()));
                    }
                }
            }
            "-R" => {
                let when = if rest.is_empty() {
                    i += 1;
                    argv.get(i).map(String::as_str).unwrap_or("")
                } else {
                    rest
                };
                if !(when.starts_with("always")
                    || when.starts_with("never")
                    || when.starts_with("auto"))
                {
                    return Err(GrammarError::BadValue {
                        option: "-R".into(),
                        value: when.to_string(),
                    });
                }
            }
            _ => return Err(GrammarError::UnknownOption(w.to_string())),
        }
        i += 1;
    }
    let ops: Vec<(&str, bool)> = (i..argv.len())
        .map(|k| (argv[k].as_str(), dynamic.get(k).copied().unwrap_or(false)))
        .collect();
    if ops.len() > 2 {
        return Err(GrammarError::ExtraOperand(ops[2].0.to_string()));
    }
    let mut out = Vec::new();
    if let Some((f, d)) = ops.first() {
        read_word(f, *d, Reach::File, &mut out);
    }
    if let Some((f, d)) = ops.get(1) {
        let how = if revert {
            WriteHow::Edit
        } else {
            WriteHow::Replace
        };
        write_word(f, *d, how, &mut out);
    }
    Ok(out)
}

/// jq's own option loop (main.c): long options by exact name, short ones bundled, `-L`
/// with its value attached or next, `--arg`/`--argjson`/`--rawfile`/`--slurpfile` with two
/// words, `--args`/`--jsonargs` making later operands data; the first operand is the
/// filter (or, with `-f`, the file it is read from), the rest are files read.
fn jq(_: &Program, argv: &[String], dynamic: &[bool]) -> Result<Vec<Effect>, GrammarError> {
    let mut out = Vec::new();
    let mut filter: Option<(&str, bool)> = None;
    let mut data_args = false;
    let mut done = false;
    let mut from_file = false;
    let mut i = 1;
    let need = |i: usize, n: usize, w: &str| -> Result<(), GrammarError> {
        if i + n < argv.len() {
            Ok(())
        } else {
            Err(GrammarError::MissingValue(w.to_string()))
        }
    };
    // A library directory (`-L DIR`, `--library-path DIR`): modules and data (`import "x"
    // as $x`) load by name from anywhere below it, so it is a tree read through links.
    let library = |f: usize, out: &mut Vec<Effect>| {
        read_word(
            &argv[f],
            dynamic.get(f).copied().unwrap_or(false),
            Reach::TreeFollow,
            out,
        )
    };
    while let Some(w) = argv.get(i) {
        let d = dynamic.get(i).copied().unwrap_or(false);
        let b = w.as_bytes();
        let optish = b.first() == Some(&b'-')
            && b.get(1)
                .is_some_and(|c| *c == b'-' || c.is_ascii_alphabetic());
        if done || !optish {
            if d && !done && (w.starts_with('$') || w.starts_with('`')) && filter.is_some() {
                // Could expand to an option.
                return Err(GrammarError::Dynamic(w.to_string()));
            }
            if filter.is_none() {
                filter = Some((w, d));
            } else if !data_args {
                read_word(w, d, Reach::File, &mut out);
            }
            i += 1;
            continue;
        }
        if d {
            return Err(GrammarError::Dynamic(w.to_string()));
        }
        if w == "--" {
            done = true;
            i += 1;
            continue;
        }
        if let Some(long) = w.strip_prefix("--") {
            match long {
                "slurp"
                | "raw-output"
                | "raw-output0"
                | "join-output"
                | "compact-output"
                | "color-output"
                | "monochrome-output"
                | "ascii-output"
                | "unbuffered"
                | "sort-keys"
                | "raw-input"
                | "null-input"
                | "binary"
                | "tab"
                | "seq"
                | "stream"
                | "stream-errors"
                | "exit-status"
                | "debug-dump-disasm"
                | "debug-trace"
                | "debug-trace=all"
                | "help"
                | "version"
                | "build-configuration" => {}
                "from-file" => from_file = true,
                "args" | "jsonargs" => data_args = true,
                "library-path" => {
                    need(i, 1, w)?;
                    library(i + 1, &mut out);
                    i += 1;
                }
                "indent" => {
                    need(i, 1, w)?;
                    i += 1;
                }
                "arg" | "argjson" => {
                    need(i, 2, w)?;
                    i += 2;
                }
                "rawfile" | "slurpfile" => {
                    need(i, 2, w)?;
                    let f = i + 2;
                    read_word(
                        &argv[f],
                        dynamic.get(f).copied().unwrap_or(false),
                        Reach::File,
                        &mut out,
                    );
                    i += 2;
                }
                "run-tests" => out.push(Effect::unknown("jq --run-tests runs test files")),
                _ => return Err(GrammarError::UnknownOption(w.to_string())),
            }
            i += 1;
            continue;
        }
        let body = &w[1..];
        for (pos, c) in body.char_indices() {
            match c {
                's' | 'r' | 'j' | 'c' | 'C' | 'M' | 'a' | 'S' | 'R' | 'n' | 'b' | 'e' | 'h'
                | 'V' => {}
                'f' => from_file = true,
                'L' => {
                    // `-L DIR` / `-LDIR`: a library directory read like `--library-path`.
                    let attached = &body[pos + 1..];
                    if attached.is_empty() {
                        need(i, 1, w)?;
                        library(i + 1, &mut out);
                        i += 1;
                    } else {
                        read_word(attached, false, Reach::TreeFollow, &mut out);
                    }
                    break;
                }
                _ => return Err(GrammarError::UnknownOption(format!("-{c}"))),
            }
        }
        i += 1;
    }
    if let Some((f, d)) = filter {
        if from_file {
            read_word(f, d, Reach::File, &mut out);
            out.push(Effect::unknown(format!(
                "jq runs the filter in {f}, which the floor does not read"
            )));
        } else if d && is_expansion(f) {
            out.push(Effect::unknown("the jq filter is computed at run time"));
        } else {
            jq_filter(f, &mut out);
        }
    }
    Ok(out)
}

/// `yq`, either of the two programs of that name, read only as far as both agree: kislyuk's
/// yq 3.1 (Debian's, `yq --help` here: a jq wrapper; `-y`/`-Y` print YAML, `-i`/
/// `--in-place` rewrites the files, every other option goes to jq) and mikefarah's yq 4
/// (its `eval --help`: `-r` unwrap scalars, `-e` exit status, `-C`/`-M` colours, `-P`
/// pretty print, `-o FORMAT`; `-i` rewrites the first file, `-s` writes a file per
/// document, `--from-file` reads the expression, and its `env`, `strenv`, `load` operators
/// read the environment and files). Accepted: those flags as exact words (an option one
/// of them does not know stops it with an error: nothing is read or written), a filter of
/// paths only (`.a.b`, `.[]`, `.[0]`, `."k"`, `..`, `|`, `,` and a few builtins that
/// take no argument, [`yq_path`]), then the files it reads. Anything else — `-i`, another
/// option, a filter with a variable, a call, a string with an escape — is outside.
fn yq(p: &Program, argv: &[String], dynamic: &[bool]) -> Result<Vec<Effect>, GrammarError> {
    let mut out = Vec::new();
    let mut filter = false;
    let mut i = 1;
    while let Some(w) = argv.get(i) {
        i += 1;
        if dynamic.get(i - 1).copied().unwrap_or(false) {
            return Err(GrammarError::Dynamic(w.to_string()));
        }
        match w.as_str() {
            "-r" | "-e" | "-c" | "-C" | "-M" | "-P" | "-y" | "-Y" | "--yaml-output" => {}
            "-o" | "--output-format" => {
                let v = argv
                    .get(i)
                    .ok_or_else(|| GrammarError::MissingValue(w.to_string()))?;
                i += 1;
                if !matches!(v.as_str(), "json" | "j" | "yaml" | "y") {
                    return Err(GrammarError::BadValue {
                        option: w.to_string(),
                        value: v.to_string(),
                    });
                }
            }
            o if o.starts_with('-') && o != "-" => {
                return Err(GrammarError::UnknownOption(o.to_string()))
            }
            f if !filter => {
                if !yq_path(f) {
                    return Err(GrammarError::BadValue {
                        option: format!("{} filter", p.name),
                        value: f.to_string(),
                    });
                }
                filter = true;
            }
            f => read_word(f, false, Reach::File, &mut out),
        }
    }
    Ok(out)
}

/// A yq filter that only picks paths: `.`-led keys (`.jobs.build.steps[].name`, `.on`,
/// `."a b"`), `..`, `[]`, `[N]`, `["k"]`, `|`, `,`, blanks, and the builtins `keys`,
/// `length`, `type`, `sort`, `unique`, `first`, `last`, `to_entries`, `add`, `reverse`
/// standing alone. No variable (`$ENV`), call (`env(X)`, `load("f")`), assignment,
/// escape or interpolation in a string: in both yq programs such a filter reads its input
/// and prints a part of it.
pub fn yq_path(text: &str) -> bool {
    const BUILTINS: &[&str] = &[
        "keys",
        "length",
        "type",
        "sort",
        "unique",
        "first",
        "last",
        "to_entries",
        "add",
        "reverse",
    ];
    let b = text.as_bytes();
    let mut i = 0;
    let mut any = false;
    while i < b.len() {
        let c = b[i];
        match c {
            b' ' | b'|' | b',' | b'[' | b']' => i += 1,
            b'.' => {
                any = true;
                i += 1;
                // A key spelled after the dot is data, whatever its name.
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                    i += 1;
                }
            }
            b'0'..=b'9' => {
                // An index: only inside brackets.
                if i == 0 || b[i - 1] != b'[' {
                    return false;
                }
                while i < b.len() && b[i].is_ascii_digit() {
                    i += 1;
                }
            }
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    if b[i] == b'\\' {
                        return false;
                    }
                    i += 1;
                }
                if i >= b.len() {
                    return false;
                }
                i += 1;
            }
            c if c.is_ascii_alphabetic() => {
                let s = i;
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                    i += 1;
                }
                if !BUILTINS.contains(&&text[s..i]) {
                    return false;
                }
            }
            _ => return false,
        }
    }
    any
}

/// What a jq filter does beyond filtering its input: `env` and `$ENV` print the
/// environment (one variable with `env.NAME`, a secret when NAME is), `import`/`include`
/// and `modulemeta` load modules from the library path.
pub fn jq_filter(text: &str, out: &mut Vec<Effect>) {
    let b = text.as_bytes();
    let mut i = 0;
    // Open brackets, to tell `{env}` (a key) from `[env]` (the builtin).
    let mut stack: Vec<u8> = Vec::new();
    // Nesting of string interpolation: the bracket depth at which each `\(` opened.
    let mut interp: Vec<usize> = Vec::new();
    let mut in_string = false;
    let mut prev: u8 = 0;
    let ident_end = |s: usize| -> usize {
        let mut e = s;
        while e < b.len() && (b[e].is_ascii_alphanumeric() || b[e] == b'_') {
            e += 1;
        }
        e
    };
    while i < b.len() {
        let c = b[i];
        if in_string {
            match c {
                b'\\' if b.get(i + 1) == Some(&b'(') => {
                    in_string = false;
                    stack.push(b'(');
                    interp.push(stack.len());
                    i += 2;
                    prev = b'(';
                    continue;
                }
                b'\\' => i += 2,
                b'"' => {
                    in_string = false;
                    prev = b'"';
                    i += 1;
                }
                _ => i += 1,
            }
            continue;
        }
        match c {
            b'"' => {
                in_string = true;
                i += 1;
                continue;
            }
            b'#' => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'(' | b'[' | b'{' => stack.push(c),
            b')' => {
                if interp.last() == Some(&stack.len()) {
                    interp.pop();
                    stack.pop();
                    in_string = true;
                    i += 1;
                    continue;
                }
                stack.pop();
            }
            b']' | b'}' => {
                stack.pop();
            }
            b'$' => {
                let e = ident_end(i + 1);
                if &text[i + 1..e] == "ENV" && e == i + 4 {
                    env_reference(text, e, out);
                }
                prev = b'a';
                i = e.max(i + 1);
                continue;
            }
            _ if c.is_ascii_alphabetic() || c == b'_' => {
                let e = ident_end(i);
                let word = &text[i..e];
                let after_dot = prev == b'.';
                if !after_dot {
                    match word {
                        "env" => {
                            let next = next_non_space(b, e);
                            let key = (next == Some(b':') && b.get(e + 1) != Some(&b':'))
                                || (stack.last() == Some(&b'{')
                                    && matches!(prev, b'{' | b',')
                                    && matches!(next, Some(b',') | Some(b'}')));
                            if !key {
                                env_reference(text, e, out);
                            }
                        }
                        "import" | "include" | "modulemeta" => out.push(Effect::unknown(format!(
                            "the jq filter's {word} loads modules from the library path"
                        ))),
                        _ => {}
                    }
                }
                prev = b'a';
                i = e;
                continue;
            }
            _ => {}
        }
        if !c.is_ascii_whitespace() {
            prev = c;
        }
        i += 1;
    }
}

fn next_non_space(b: &[u8], mut i: usize) -> Option<u8> {
    while i < b.len() && b[i].is_ascii_whitespace() {
        i += 1;
    }
    b.get(i).copied()
}

/// After `env` or `$ENV` (at byte `at`): `.NAME`, `."NAME"` and `["NAME"]` print one
/// variable; anything else prints them all.
fn env_reference(text: &str, at: usize, out: &mut Vec<Effect>) {
    let rest = text[at..].trim_start();
    let name: Option<String> = if let Some(r) = rest.strip_prefix('.') {
        let r = r.trim_start();
        if let Some(q) = r.strip_prefix('"') {
            q.split('"').next().map(str::to_string)
        } else if let Some(q) = r.strip_prefix("[\"") {
            q.split('"').next().map(str::to_string)
        } else {
            let n: String = r
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            (!n.is_empty()).then_some(n)
        }
    } else if let Some(q) = rest.strip_prefix("[\"") {
        q.split('"').next().map(str::to_string)
    } else {
        None
    };
    match name {
        Some(n) if n.contains('\\') || n.contains('(') => out.push(Effect::Secret {
            what: "an environment variable chosen at run time".into(),
        }),
        Some(n) if secret_name(&n) => out.push(Effect::Secret {
            what: format!("the secret variable {n}"),
        }),
        Some(_) => {}
        None => out.push(Effect::Secret {
            what: "every variable in the environment, secrets included".into(),
        }),
    }
}

/// procps-ng ps: words starting with `--` are GNU options, with `-` UNIX options, others
/// BSD options; option letters bundle, and a list-taking option takes the rest of its
/// word or the next one. BSD `e` prints the environment of every process shown.
fn ps(_: &Program, argv: &[String], dynamic: &[bool]) -> Result<Vec<Effect>, GrammarError> {
    const GNU_FLAGS: &[&str] = &[
        "deselect",
        "forest",
        "context",
        "headers",
        "no-headers",
        "cumulative",
        "version",
        "help",
        "info",
    ];
    const GNU_VALUES: &[&str] = &[
        "Group",
        "group",
        "pid",
        "ppid",
        "quick-pid",
        "sid",
        "tty",
        "user",
        "User",
        "format",
        "cols",
        "columns",
        "width",
        "rows",
        "lines",
        "sort",
    ];
    const UNIX_FLAGS: &str = "AeadNFfHjlMZPyLmTcwVE";
    const UNIX_VALUES: &str = "CGgpqstuUOo";
    const BSD_FLAGS: &str = "arTxfjlsuvXHmceLnSVwZ";
    const BSD_VALUES: &str = "pqtUOok";
    let mut out = Vec::new();
    let mut i = 1;
    while let Some(w) = argv.get(i) {
        if dynamic.get(i).copied().unwrap_or(false) {
            return Err(GrammarError::Dynamic(w.to_string()));
        }
        i += 1;
        if let Some(long) = w.strip_prefix("--") {
            let (name, inline) = match long.split_once('=') {
                Some((n, v)) => (n, Some(v)),
                None => (long, None),
            };
            if GNU_FLAGS.contains(&name) {
                // `--help SECTION`
                if name == "help"
                    && inline.is_none()
                    && argv.get(i).is_some_and(|n| !n.starts_with('-'))
                {
                    i += 1;
                }
            } else if GNU_VALUES.contains(&name) {
                if inline.is_none() {
                    if argv.get(i).is_none() {
                        return Err(GrammarError::MissingValue(w.to_string()));
                    }
                    i += 1;
                }
            } else {
                return Err(GrammarError::UnknownOption(w.to_string()));
            }
            continue;
        }
        let (body, flags, values) = match w.strip_prefix('-') {
            Some(b) => (b, UNIX_FLAGS, UNIX_VALUES),
            None if w.chars().all(|c| c.is_ascii_digit() || c == ',') => continue,
            None => (w.as_str(), BSD_FLAGS, BSD_VALUES),
        };
        let bsd = !w.starts_with('-');
        for (pos, c) in body.char_indices() {
            if values.contains(c) {
                if body[pos + 1..].is_empty() {
                    if argv.get(i).is_none() {
                        return Err(GrammarError::MissingValue(format!("{c}")));
                    }
                    i += 1;
                }
                break;
            } else if flags.contains(c) {
                // procps' BSD-style `e`, and macOS's `-E` ("display the environment as
                // well", ps(1) of macOS 14).
                if (bsd && c == 'e') || (!bsd && c == 'E') {
                    out.push(Effect::Secret {
                        what: "the environment of every process it lists".into(),
                    });
                }
            } else {
                return Err(GrammarError::UnknownOption(format!("{w} ({c})")));
            }
        }
    }
    Ok(out)
}

/// tree 2.1's option loop (tree.c): option letters bundle, and each that takes a value
/// takes the *next word* (`-L 2`, `-oL out 2`); long options by exact name, with values
/// after `=` or in the next word; `--` ends the options; operands are directories.
fn tree(_: &Program, argv: &[String], dynamic: &[bool]) -> Result<Vec<Effect>, GrammarError> {
    let mut out = Vec::new();
    let mut dirs: Vec<(&str, bool)> = Vec::new();
    let mut follow = false;
    let mut from_file = false;
    let mut gitignore = false;
    let mut output: Option<(&str, bool)> = None;
    let mut optf = true;
    let mut n = 1;
    while n < argv.len() {
        let i = n;
        n += 1;
        let w = argv[i].as_str();
        let d = dynamic.get(i).copied().unwrap_or(false);
        if !(optf && w.starts_with('-') && w.len() > 1) {
            dirs.push((w, d));
            continue;
        }
        if d {
            return Err(GrammarError::Dynamic(w.to_string()));
        }
        let take = |n: &mut usize| -> Result<(&str, bool), GrammarError> {
            let k = *n;
            let v = argv
                .get(k)
                .ok_or_else(|| GrammarError::MissingValue(w.to_string()))?;
            *n += 1;
            Ok((v.as_str(), dynamic.get(k).copied().unwrap_or(false)))
        };
        if let Some(long) = w.strip_prefix("--") {
            if long.is_empty() {
                optf = false;
                continue;
            }
            let (name, inline) = match long.split_once('=') {
                Some((a, v)) => (a, Some(v)),
                None => (long, None),
            };
            let flags = [
                "help",
                "version",
                "inodes",
                "device",
                "noreport",
                "nolinks",
                "dirsfirst",
                "filesfirst",
                "si",
                "du",
                "prune",
                "ignore-case",
                "matchdirs",
                "metafirst",
                "gitignore",
                "info",
                "fflinks",
                "hyperlink",
                "opt-toggle",
                "condense",
                "acl",
                "selinux",
            ];
            if flags.contains(&name) && inline.is_none() {
                gitignore |= name == "gitignore";
                continue;
            }
            if matches!(name, "fromfile" | "fromtabfile") && inline.is_none() {
                from_file = true;
                continue;
            }
            let valued = [
                "filelimit",
                "charset",
                "timefmt",
                "sort",
                "gitfile",
                "infofile",
                "hintro",
                "houtro",
                "scheme",
                "authority",
                "compress",
            ];
            if !valued.contains(&name) {
                return Err(GrammarError::UnknownOption(w.to_string()));
            }
            let (v, vd) = match inline {
                Some(v) => (v, false),
                None => take(&mut n)?,
            };
            if matches!(name, "gitfile" | "infofile" | "hintro" | "houtro") {
                read_word(v, vd, Reach::File, &mut out);
            }
            continue;
        }
        for c in w[1..].chars() {
            match c {
                'N' | 'q' | 'Q' | 'd' | 's' | 'h' | 'u' | 'g' | 'f' | 'F' | 'a' | 'p' | 'i'
                | 'C' | 'n' | 'x' | 'A' | 'S' | 'D' | 't' | 'c' | 'r' | 'v' | 'U' | 'X' | 'J' => {}
                'l' => follow = true,
                'P' | 'I' | 'H' | 'T' | 'L' => {
                    take(&mut n)?;
                }
                'o' => output = Some(take(&mut n)?),
                'R' => out.push(Effect::unknown(
                    "tree -R runs itself again in each directory, writing a file in each",
                )),
                _ => return Err(GrammarError::UnknownOption(format!("-{c}"))),
            }
        }
    }
    // Names and metadata below each directory, never contents (but for the `.gitignore`
    // files `--gitignore` reads on the way); with -l the links met lead the listing
    // wherever they point.
    let reach = if from_file {
        Reach::ListOfFiles
    } else if follow {
        Reach::TreeFollow
    } else if gitignore {
        Reach::Tree
    } else {
        Reach::Metadata
    };
    if dirs.is_empty() {
        if from_file {
            out.push(Effect::unknown(
                "tree --fromfile reads the paths to list from its input",
            ));
        } else {
            out.push(Effect::Read {
                path: ".".into(),
                reach,
            });
        }
    }
    for (w, d) in dirs {
        if from_file && w == "." {
            out.push(Effect::unknown(
                "tree --fromfile reads the paths to list from its input",
            ));
            continue;
        }
        read_word(w, d, reach, &mut out);
    }
    if let Some((f, d)) = output {
        write_word(f, d, WriteHow::Replace, &mut out);
    }
    Ok(out)
}

/// lsof 4.95's option loop, as the real program behaves (checked against it): options are
/// led by `-` (some also by `+`) and bundle (`-nP`, `-ti:3000`); one that takes a value
/// takes the rest of its word or else the next word (`-p 1`, `-c node`); one whose value
/// is optional (`-i`, `-s`, `-F`, …) takes the rest of its word, or the next word when
/// that does not begin with `-` or `+` (`-i :8081`, but `-F -p 1`). `--` ends the options.
/// Only listing options are declared: the mount supplement (`±m`), the kernel name list
/// (`-k`), the device cache (`-D`) and the flag letters of `±f` are not. Names are files
/// whose users it lists, from their metadata; `+d`/`+D` look at a directory's entries.
fn lsof(_: &Program, argv: &[String], dynamic: &[bool]) -> Result<Vec<Effect>, GrammarError> {
    const FLAGS: &str = "?ablhnNOPQRtUvVX";
    const PLUS_FLAGS: &str = "EMw";
    const REQUIRED: &str = "cdpue";
    const PLUS_REQUIRED: &str = "cdDe";
    const OPTIONAL: &str = "FgiosSTxKZ";
    const PLUS_OPTIONAL: &str = "Lr";
    let mut out = Vec::new();
    let mut names: Vec<(&str, bool)> = Vec::new();
    let mut optf = true;
    let mut n = 1;
    while n < argv.len() {
        let i = n;
        n += 1;
        let w = argv[i].as_str();
        let d = dynamic.get(i).copied().unwrap_or(false);
        let plus = w.starts_with('+');
        if !(optf && (w.starts_with('-') || plus) && w.len() > 1) {
            names.push((w, d));
            continue;
        }
        if w == "--" {
            optf = false;
            continue;
        }
        if d {
            return Err(GrammarError::Dynamic(w.to_string()));
        }
        for (pos, c) in w.char_indices().skip(1) {
            let rest = &w[pos + c.len_utf8()..];
            let (required, optional) = if plus {
                if PLUS_FLAGS.contains(c) {
                    continue;
                }
                (PLUS_REQUIRED.contains(c), PLUS_OPTIONAL.contains(c))
            } else {
                if FLAGS.contains(c) || PLUS_FLAGS.contains(c) {
                    continue;
                }
                (
                    REQUIRED.contains(c),
                    OPTIONAL.contains(c) || PLUS_OPTIONAL.contains(c),
                )
            };
            if !(required || optional) {
                return Err(GrammarError::UnknownOption(format!("{}{c}", &w[..1])));
            }
            let value = if !rest.is_empty() {
                Some((rest, false))
            } else if required
                || (optional && argv.get(n).is_some_and(|v| !v.starts_with(['-', '+'])))
            {
                let k = n;
                let v = argv
                    .get(k)
                    .ok_or_else(|| GrammarError::MissingValue(format!("{}{c}", &w[..1])))?;
                n += 1;
                Some((v.as_str(), dynamic.get(k).copied().unwrap_or(false)))
            } else {
                None
            };
            if let Some((v, vd)) = value {
                if vd {
                    return Err(GrammarError::Dynamic(v.to_string()));
                }
                if plus && matches!(c, 'd' | 'D') {
                    read_word(v, vd, Reach::Metadata, &mut out);
                }
            }
            break;
        }
    }
    for (w, d) in names {
        read_word(w, d, Reach::Metadata, &mut out);
    }
    Ok(out)
}
