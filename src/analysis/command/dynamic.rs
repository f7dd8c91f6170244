//! Paths chosen at run time by another command: `git ls-files | xargs wc -l`,
//! `wc -l $(find . -name '*.rs')`, `ls $(pwd)`. The arguments are dynamic, but when the
//! command that produces them only lists paths under roots gatehook can see (`find ROOT`,
//! `fd`, `ls DIR`, `git ls-files`, `grep -l`, a literal `echo`, `pwd`), possibly filtered
//! by `grep`/`head`/`sort` reading stdin, the reader reads under those roots; the roots
//! become its read paths, so the path floor (credentials, outside the workspace) judges
//! them like literal arguments. Anything else stays dynamic and is not routine.

use super::{routine, Class, Cmd, Cwd, JudgeCtx, Look};
use crate::analysis::shell::{Origin, Redirect, RedirectOp, SimpleCommand};

/// xargs options that take a value (the value is not the child program).
const XARGS_VALUE_OPTS: &[&str] = &[
    "-I",
    "-n",
    "-L",
    "-P",
    "-d",
    "-s",
    "-E",
    "-e",
    "--delimiter",
];

/// xargs options that are fine: they shape how input becomes arguments.
const XARGS_FLAGS: &[&str] = &[
    "-0",
    "--null",
    "-r",
    "--no-run-if-empty",
    "-t",
    "--verbose",
    "-x",
    "--exit",
    "-i",
];

/// Readers that may be handed paths chosen at run time: none has an option that writes,
/// runs a program or prints another file (a name from a lister could start with `-`).
const SAFE_READERS: &[&str] = &[
    "cat", "head", "tail", "wc", "stat", "ls", "nl", "grep", "egrep", "fgrep", "du",
];

/// `xargs` itself, when the analysis extracted its child (judged on its own).
pub(super) fn xargs(cmd: &Cmd, all: &[SimpleCommand]) -> Look {
    let has_child = all
        .iter()
        .any(|c| c.part == cmd.sc.part && c.origin == Origin::Xargs);
    if !has_child {
        return Look::unknown("xargs runs a command gatehook could not extract");
    }
    let mut skip = false;
    for a in cmd.args() {
        if skip {
            skip = false;
            continue;
        }
        if XARGS_VALUE_OPTS.contains(&a.as_str()) {
            skip = true;
            continue;
        }
        if !a.starts_with('-') {
            break;
        }
        let name = a.split('=').next().unwrap_or(a);
        let joined = XARGS_VALUE_OPTS
            .iter()
            .any(|o| o.len() == 2 && a.starts_with(o) && a.len() > 2);
        if !(XARGS_FLAGS.contains(&name)
            || joined
            || matches!(name, "--max-args" | "--max-procs" | "--max-lines"))
        {
            return Look::unknown(format!("xargs {name} is not routine"));
        }
    }
    Look::routine("runs the command after it (judged on its own) with arguments from stdin")
}

/// A routine reader run by xargs: its arguments come from the earlier stages of the
/// pipeline, which must only list paths under known roots.
pub(super) fn xargs_child(
    cmd: &Cmd,
    all: &[SimpleCommand],
    i: usize,
    ctx: &JudgeCtx,
    look: &mut Look,
) {
    if cmd.sc.origin != Origin::Xargs || !matches!(look.class, Class::Routine { .. }) {
        return;
    }
    if !SAFE_READERS.contains(&cmd.program()) {
        look.class = Class::Unknown {
            reason: format!(
                "{} is given arguments chosen at run time by xargs",
                cmd.program()
            ),
        };
        return;
    }
    let producers = xargs_producers(cmd, all, i);
    match roots(&producers, cmd.cwd, ctx) {
        Some(r) => look.reads.extend(r),
        None => look.class = Class::Unknown {
            reason:
                "xargs gives it paths chosen at run time by a command that is not a plain lister"
                    .into(),
        },
    }
}

/// The stages before xargs's in its pipeline, the lister first: the top-level commands
/// of the other parts (not commands nested inside them).
fn xargs_producers<'a>(cmd: &Cmd, all: &'a [SimpleCommand], i: usize) -> Vec<&'a SimpleCommand> {
    let ids = super::destructive::pipeline_ids(all);
    let me = ids.get(i).copied();
    all.iter()
        .enumerate()
        .take(i)
        .filter(|(j, c)| {
            ids.get(*j).copied() == me && c.part != cmd.sc.part && c.origin == cmd_origin_of(c)
        })
        .map(|(_, c)| c)
        .collect()
}

/// Producers are the top-level stages (not commands nested inside them).
fn cmd_origin_of(c: &SimpleCommand) -> Origin {
    match c.origin {
        Origin::TopLevel => Origin::TopLevel,
        _ => Origin::Heredoc,
    }
}

/// A reader given whole-word command substitutions (`wc -l $(find . -name '*.rs')`,
/// ``ls `pwd` ``): judged again with each substitution replaced by the roots its command
/// lists under. `None` when some substitution is not a plain lister.
pub(super) fn with_substitutions(cmd: &Cmd, all: &[SimpleCommand], ctx: &JudgeCtx) -> Option<Look> {
    let mut argv: Vec<String> = Vec::new();
    let mut dynamic: Vec<bool> = Vec::new();
    let mut any = false;
    let mut listed = false;
    for (k, w) in cmd.argv.iter().enumerate() {
        let is_dyn = cmd.dynamic.get(k).copied().unwrap_or(false);
        let inner = if is_dyn && k > 0 {
            substitution_body(w)
        } else {
            None
        };
        if let (true, None, Some(p)) = (is_dyn && k > 0, inner, pwd_prefix(w, cmd, all)) {
            argv.push(p);
            dynamic.push(false);
            any = true;
            continue;
        }
        let Some(body) = inner else {
            argv.push(w.clone());
            dynamic.push(is_dyn);
            continue;
        };
        let producers: Vec<&SimpleCommand> = all
            .iter()
            .filter(|c| {
                c.part == cmd.sc.part
                    && c.origin == Origin::Substitution
                    && !c.text.is_empty()
                    && body.contains(c.text.trim())
            })
            .collect();
        let r = roots(&producers, cmd.cwd, ctx)?;
        if r.is_empty() {
            return None;
        }
        any = true;
        listed = true;
        for p in r {
            argv.push(p);
            dynamic.push(false);
        }
    }
    // Paths from a lister could start with `-`: only readers with no dangerous option.
    if !any || (listed && !SAFE_READERS.contains(&cmd.program())) {
        return None;
    }
    let c = Cmd {
        sc: cmd.sc,
        argv: &argv,
        dynamic: &dynamic,
        cwd: cmd.cwd,
    };
    let look = routine::look(&c, ctx);
    matches!(look.class, Class::Routine { .. }).then_some(look)
}

/// A word `$(pwd)/x` or `--opt=$(pwd)/x`: the substitution replaced by the cwd.
fn pwd_prefix(word: &str, cmd: &Cmd, all: &[SimpleCommand]) -> Option<String> {
    let dir = cmd.cwd.dir()?;
    let start = word.find("$(pwd)")?;
    let (head, tail) = (&word[..start], &word[start + "$(pwd)".len()..]);
    if !(head.is_empty() || head.ends_with('=')) || super::is_expansion(tail) {
        return None;
    }
    let analysed = all
        .iter()
        .any(|c| c.part == cmd.sc.part && c.origin == Origin::Substitution && c.exec == ["pwd"]);
    analysed.then(|| format!("{head}{}{tail}", dir.display()))
}

/// The command inside a word that is wholly `$(…)` or `` `…` ``.
fn substitution_body(word: &str) -> Option<&str> {
    if let Some(b) = word.strip_prefix("$(").and_then(|w| w.strip_suffix(')')) {
        return (!b.contains("$(")).then_some(b);
    }
    let b = word.strip_prefix('`')?.strip_suffix('`')?;
    (!b.contains('`')).then_some(b)
}

/// The roots the producers' output paths lie under, as raw words relative to the cwd:
/// the first producer lists paths, the rest only filter stdin. `None` when that is not so.
fn roots(producers: &[&SimpleCommand], cwd: &Cwd, ctx: &JudgeCtx) -> Option<Vec<String>> {
    let (first, filters) = producers.split_first()?;
    for f in filters {
        if !is_filter(f, cwd, ctx) {
            return None;
        }
    }
    lister_roots(first, cwd, ctx)
}

fn routine_look(sc: &SimpleCommand, cwd: &Cwd, ctx: &JudgeCtx) -> Option<Look> {
    // Only error messages may be sent elsewhere (`2>/dev/null`): any other redirection
    // changes what reaches the pipe, or reads and writes files of its own.
    let quiet = |r: &Redirect| {
        r.fd == Some(2)
            && !r.dynamic
            && matches!(r.op, RedirectOp::Out | RedirectOp::Append)
            && r.target == "/dev/null"
    };
    // A prefix (or an earlier export) that changes nothing about what runs is no reason
    // to doubt the lister.
    let steers = sc
        .assignments
        .iter()
        .any(|(n, v)| !super::harmless_env(n) && !super::env::harmless_flags(n, v));
    if steers || !sc.wrappers.is_empty() || !sc.redirects.iter().all(quiet) {
        return None;
    }
    let offset = sc.argv.len().saturating_sub(sc.exec.len());
    let dynamic = sc.dynamic_words.get(offset..).unwrap_or(&[]);
    if dynamic.iter().any(|d| *d) {
        return None;
    }
    let c = Cmd {
        sc,
        argv: &sc.exec,
        dynamic,
        cwd,
    };
    let look = routine::look(&c, ctx);
    matches!(look.class, Class::Routine { .. }).then_some(look)
}

/// Reads stdin and prints a subset of its lines.
fn is_filter(sc: &SimpleCommand, cwd: &Cwd, ctx: &JudgeCtx) -> bool {
    matches!(
        sc.program(),
        Some("grep" | "egrep" | "fgrep" | "rg" | "head" | "tail" | "sort" | "uniq" | "cat")
    ) && sc.piped_stdin
        && routine_look(sc, cwd, ctx).is_some_and(|l| l.reads.is_empty())
}

/// Options that make a lister print text other than the paths it finds.
const FORMAT_OPTS: &[&str] = &[
    "-printf",
    "-fprintf",
    "-fprint",
    "-fprint0",
    "-fls",
    "-ls",
    "--format",
    "-l",
    "--list-details",
];

/// The only `ls` options under which it prints bare names (no long format, whose
/// `link -> target` would hand xargs a path outside the roots).
const LS_OPTS: &[&str] = &["-1", "-a", "-A", "-d", "-t", "-S", "-r", "-F", "-p"];

fn lister_roots(sc: &SimpleCommand, cwd: &Cwd, ctx: &JudgeCtx) -> Option<Vec<String>> {
    let look = routine_look(sc, cwd, ctx)?;
    let args = sc.exec.get(1..).unwrap_or(&[]);
    let prog = sc.program()?;
    if args
        .iter()
        .any(|a| FORMAT_OPTS.contains(&a.split('=').next().unwrap_or(a)))
        && prog != "grep"
        && prog != "rg"
    {
        return None;
    }
    let with_cwd = |mut r: Vec<String>| {
        r.push(".".into());
        r
    };
    match prog {
        "ls" if args
            .iter()
            .all(|a| !a.starts_with('-') || LS_OPTS.contains(&a.as_str())) =>
        {
            Some(with_cwd(look.reads))
        }
        "find" | "fd" | "fdfind" => Some(with_cwd(look.reads)),
        "grep" | "egrep" | "fgrep" | "rg"
            if args.iter().any(|a| {
                matches!(
                    a.as_str(),
                    "-l" | "-L" | "--files" | "--files-with-matches" | "--files-without-match"
                ) || (a.starts_with('-') && !a.starts_with("--") && a.contains('l'))
            }) =>
        {
            Some(with_cwd(look.reads))
        }
        "git" => {
            let sub = args.first().map(String::as_str);
            let names = args.iter().any(|a| a == "--name-only");
            match sub {
                Some("ls-files") => Some(vec![".".into()]),
                Some("diff" | "show" | "ls-tree") if names => Some(vec![".".into()]),
                _ => None,
            }
        }
        "pwd" => Some(vec![".".into()]),
        "echo" => {
            let words: Vec<String> = args
                .iter()
                .filter(|a| !matches!(a.as_str(), "-n" | "-e" | "-E"))
                .flat_map(|a| a.split_whitespace().map(str::to_string))
                .collect();
            (!words.iter().any(|w| w.starts_with('-'))).then_some(words)
        }
        _ => None,
    }
}

/// The `-name` patterns every path xargs hands `cmd` matches, when the first stage of its
/// pipeline is a `find` whose expression can print nothing else (`find . -name '*.h'`,
/// `find src -type f \( -name '*.c' -o -name '*.h' \)`), filters only dropping lines
/// after it. `None` when that is not so: then any name under the roots may be handed.
pub(super) fn listed_names(cmd: &Cmd, all: &[SimpleCommand], i: usize) -> Option<Vec<String>> {
    if cmd.sc.origin != Origin::Xargs {
        return None;
    }
    let producers = xargs_producers(cmd, all, i);
    let sc = *producers.first()?;
    if sc.program() != Some("find") || sc.dynamic_words.iter().any(|d| *d) {
        return None;
    }
    find_names(sc.exec.get(1..)?)
}

/// Of a find command line (after `find`): the `-name` patterns when its expression is
/// false for every name they all miss, read as find reads it (`-o` binds looser than
/// the implied `-a`, parentheses group). Any option or test other than `-name`, `-type`,
/// `-maxdepth`, `-mindepth`, `-print`, `-print0`, `-a`/`-and`/`-o`/`-or` and parentheses
/// (so `-L`, `-follow`, `-not`, `!`, `-path`, `-iname`, actions) gives `None`.
pub(crate) fn find_names(args: &[String]) -> Option<Vec<String>> {
    // The roots come first: words that start no expression.
    let start = args
        .iter()
        .position(|a| a.starts_with('-') || a == "(" || a == "!")
        .unwrap_or(args.len());
    let expr = &args[start..];
    if expr.is_empty() {
        return None;
    }
    let mut names = Vec::new();
    let mut at = 0;
    // `Some(true)`: the expression may be true for a name no pattern matches.
    let may = or_expr(expr, &mut at, &mut names)?;
    (at == expr.len() && !may && !names.is_empty()).then_some(names)
}

fn or_expr(t: &[String], at: &mut usize, names: &mut Vec<String>) -> Option<bool> {
    let mut may = and_expr(t, at, names)?;
    while matches!(t.get(*at).map(String::as_str), Some("-o" | "-or")) {
        *at += 1;
        may |= and_expr(t, at, names)?;
    }
    Some(may)
}

fn and_expr(t: &[String], at: &mut usize, names: &mut Vec<String>) -> Option<bool> {
    let mut may = primary(t, at, names)?;
    loop {
        match t.get(*at).map(String::as_str) {
            None | Some("-o" | "-or" | ")") => return Some(may),
            Some("-a" | "-and") => *at += 1,
            Some(_) => {}
        }
        may &= primary(t, at, names)?;
    }
}

fn primary(t: &[String], at: &mut usize, names: &mut Vec<String>) -> Option<bool> {
    let word = t.get(*at)?.as_str();
    *at += 1;
    match word {
        "(" => {
            let may = or_expr(t, at, names)?;
            (t.get(*at).map(String::as_str) == Some(")")).then_some(())?;
            *at += 1;
            Some(may)
        }
        "-name" => {
            let p = t.get(*at)?;
            *at += 1;
            names.push(p.clone());
            // False for a name that matches no pattern.
            Some(false)
        }
        "-type" | "-maxdepth" | "-mindepth" => {
            t.get(*at)?;
            *at += 1;
            Some(true)
        }
        "-print" | "-print0" => Some(true),
        _ => None,
    }
}
