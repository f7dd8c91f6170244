//! Paths chosen at run time by another command: `git ls-files | xargs wc -l`,
//! `wc -l $(find . -name '*.rs')`, `ls $(pwd)`. The arguments are dynamic, but when the
//! command that produces them only lists paths under roots gatehook can see (`find ROOT`,
//! `fd`, `ls DIR`, `git ls-files`, `grep -l`, a literal `echo`, `pwd`), possibly filtered
//! by `grep`/`head`/`sort` reading stdin, the reader reads under those roots; the roots
//! become its read paths, so the path floor (credentials, outside the workspace) judges
//! them like literal arguments. Anything else stays dynamic and is not routine.

use super::core::{Class, Cmd, Cwd, Judge, JudgeCtx, Look};
use super::listed::{self, find_listed, Listed};
use super::routine;
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
    judge: &dyn Judge,
) {
    run_time_targets(cmd, look);
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
    // `-I R`: each name replaces R inside the words too, gluing it to the text around
    // (`find . -maxdepth 0 | xargs -I R cat R./.netrc` reads `../.netrc`).
    if let Some(r) = xargs_replace(cmd, all) {
        let glued = cmd.args().iter().any(|w| w.contains(r.as_str()) && *w != r);
        if glued || r.is_empty() {
            look.class = Class::Unknown {
                reason: "xargs puts a name chosen at run time inside a word of its command".into(),
            };
            return;
        }
    }
    let producers = xargs_producers(cmd, all, i);
    let found = xargs_nul(cmd, all).and_then(|nul| roots(&producers, nul, cmd.cwd, ctx, judge));
    match found {
        Some(r) => look.reads.extend(r),
        None => look.class = Class::Unknown {
            reason:
                "xargs gives it paths chosen at run time by a command that is not a plain lister"
                    .into(),
        },
    }
}

/// A writer or deleter run by `xargs` or `parallel` is handed its arguments when it runs
/// (`xargs dd`, `… | xargs rm`, `ls | parallel cp {} /x`): any option or path may arrive
/// among them, so what it writes or deletes no one can name before it runs
/// ([`PATHS_AT_RUN_TIME`]); what else it does is not understood.
fn run_time_targets(cmd: &Cmd, look: &mut Look) {
    use crate::analysis::effects::{Effect, WriteHow, PATHS_AT_RUN_TIME};
    if !matches!(cmd.sc.origin, Origin::Xargs | Origin::Parallel) {
        return;
    }
    let prog = cmd.program().rsplit('/').next().unwrap_or("");
    let (writes, deletes) = crate::analysis::effects::programs::changes_through_arguments(prog);
    if !writes && !deletes {
        return;
    }
    if look.effects.is_empty() {
        // What its class says beyond its paths, as the judge would derive it.
        if let Class::Soft { reason, .. } | Class::Hard { reason, .. } | Class::Unknown { reason } =
            &look.class
        {
            look.effects.push(Effect::unknown(reason.clone()));
        }
    }
    if writes {
        look.effects
            .push(Effect::write(PATHS_AT_RUN_TIME, WriteHow::Replace));
    }
    if deletes {
        look.effects.push(Effect::Delete {
            path: PATHS_AT_RUN_TIME.into(),
            recursive: true,
        });
    }
    look.effects.push(Effect::unknown(format!(
        "{prog} is given arguments chosen at run time ({})",
        cmd.sc.origin.describe()
    )));
    if matches!(look.class, Class::Routine { .. }) {
        look.class = Class::Unknown {
            reason: format!(
                "{prog} is given arguments chosen at run time ({})",
                cmd.sc.origin.describe()
            ),
        };
    }
}

/// The stages before xargs's in its pipeline, the lister first: the top-level commands
/// of the other parts (not commands nested inside them).
fn xargs_producers<'a>(cmd: &Cmd, all: &'a [SimpleCommand], i: usize) -> Vec<&'a SimpleCommand> {
    let ids = super::core::pipeline_ids(all);
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
pub(super) fn with_substitutions(
    cmd: &Cmd,
    all: &[SimpleCommand],
    ctx: &JudgeCtx,
    judge: &dyn Judge,
) -> Option<Look> {
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
        // The substitution's output is split at blanks; a NUL in it is dropped.
        let r = roots(&producers, false, cmd.cwd, ctx, judge)?;
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
    let look = routine::look(&c, ctx, judge);
    matches!(look.class, Class::Routine { .. }).then_some(look)
}

/// A word `$(pwd)/x` or `--opt=$(pwd)/x`: the substitution replaced by the cwd.
fn pwd_prefix(word: &str, cmd: &Cmd, all: &[SimpleCommand]) -> Option<String> {
    let dir = cmd.cwd.dir()?;
    let start = word.find("$(pwd)")?;
    let (head, tail) = (&word[..start], &word[start + "$(pwd)".len()..]);
    if !(head.is_empty() || head.ends_with('=')) || super::core::is_expansion(tail) {
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
fn roots(
    producers: &[&SimpleCommand],
    nul: bool,
    cwd: &Cwd,
    ctx: &JudgeCtx,
    judge: &dyn Judge,
) -> Option<Vec<String>> {
    let (first, filters) = producers.split_first()?;
    for f in filters {
        if !is_filter(f, cwd, ctx, judge) {
            return None;
        }
    }
    if separator(first)? != nul {
        return None;
    }
    lister_roots(
        first,
        filters.iter().all(|f| keeps_lines(f)),
        cwd,
        ctx,
        judge,
    )
}

fn routine_look(sc: &SimpleCommand, cwd: &Cwd, ctx: &JudgeCtx, judge: &dyn Judge) -> Option<Look> {
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
        .any(|(n, v)| !super::env::harmless_env(n) && !super::env::harmless_flags(n, v));
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
    let look = routine::look(&c, ctx, judge);
    matches!(look.class, Class::Routine { .. }).then_some(look)
}

/// Reads stdin and prints a subset of its lines.
fn is_filter(sc: &SimpleCommand, cwd: &Cwd, ctx: &JudgeCtx, judge: &dyn Judge) -> bool {
    matches!(
        sc.program(),
        Some("grep" | "egrep" | "fgrep" | "rg" | "head" | "tail" | "sort" | "uniq" | "cat")
    ) && sc.piped_stdin
        && routine_look(sc, cwd, ctx, judge).is_some_and(|l| l.reads.is_empty())
}

/// Options that make a lister print text other than the paths it finds (a command run
/// per found file prints whatever it likes: `find src -exec printf ~/.ssh/id_rsa \;`).
const FORMAT_OPTS: &[&str] = &[
    "-exec",
    "-execdir",
    "-ok",
    "-okdir",
    "-x",
    "-X",
    "--exec",
    "--exec-batch",
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

/// The roots a lister's output lies under; `exact`: the filters after it pass its lines
/// on unchanged (else a cut line is a name relative to the working directory, which is
/// then a root too, as it is for `ls DIR`, whose names are relative to DIR).
fn lister_roots(
    sc: &SimpleCommand,
    exact: bool,
    cwd: &Cwd,
    ctx: &JudgeCtx,
    judge: &dyn Judge,
) -> Option<Vec<String>> {
    let look = routine_look(sc, cwd, ctx, judge)?;
    let args = sc.exec.get(1..).unwrap_or(&[]);
    let prog = sc.program()?;
    // `find -printf` of names only prints like `-print` (`%p`), or names a reader opens
    // relative to its working directory (`%P`, `%f`); any other format prints what is not
    // a name in the tree (`%l`: where each link points).
    let mut relative = false;
    let mut skip = false;
    for (k, a) in args.iter().enumerate() {
        if std::mem::take(&mut skip) {
            continue;
        }
        if prog == "find" && a == "-printf" {
            match args.get(k + 1).and_then(|f| listed::printf_names(f)) {
                Some(listed::PrintfNames::Paths) => {}
                Some(listed::PrintfNames::Relative) => relative = true,
                None => return None,
            }
            skip = true;
            continue;
        }
        if FORMAT_OPTS.contains(&a.split('=').next().unwrap_or(a)) && prog != "grep" && prog != "rg"
        {
            return None;
        }
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
        // Starting points named in a file: the names printed are under those.
        "find" if args.iter().any(|a| a == "-files0-from") => None,
        "find" if relative => Some(with_cwd(Vec::new())),
        "find" if exact => Some(look.reads),
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

/// What every path handed to `cmd` at run time is, when it is one a `find` prints: for a
/// child of xargs, the first stage of its pipeline; for a reader given `$(find …)` words,
/// their finds (every other run-time word is `$(pwd)…`). Only lines the stages after the
/// `find` pass on unchanged count (`keeps_lines`). `None` when that is not so: then any
/// name under the roots may be handed on.
pub(super) fn listed(cmd: &Cmd, all: &[SimpleCommand], i: usize) -> Option<Listed> {
    let producers: Vec<&SimpleCommand> = if cmd.sc.origin == Origin::Xargs {
        xargs_producers(cmd, all, i)
    } else {
        let subs: Vec<usize> = (1..cmd.argv.len())
            .filter(|&k| cmd.dynamic.get(k).copied().unwrap_or(false))
            .filter(|&k| {
                let w = cmd.argv.get(k).map(String::as_str).unwrap_or("");
                substitution_body(w).is_some() || pwd_prefix(w, cmd, all).is_none()
            })
            .collect();
        // One substitution, nothing else computed: its commands are this part's.
        let [k] = subs.as_slice() else { return None };
        substitution_body(cmd.argv.get(*k)?)?;
        all.iter()
            .enumerate()
            .filter(|(j, c)| *j != i && c.part == cmd.sc.part && c.origin == Origin::Substitution)
            .map(|(_, c)| c)
            .collect()
    };
    let nul = if cmd.sc.origin == Origin::Xargs {
        xargs_nul(cmd, all)?
    } else {
        false
    };
    let (sc, filters) = producers.split_first()?;
    if separator(sc)? != nul {
        return None;
    }
    if sc.program() != Some("find")
        || sc.dynamic_words.iter().any(|d| *d)
        || !filters.iter().all(|f| keeps_lines(f))
    {
        return None;
    }
    find_listed(sc.exec.get(1..)?)
}

/// How the `xargs` that runs `cmd` splits its input: `Some(true)` at NULs (`-0`,
/// `--null`), `Some(false)` at blanks and newlines (the default, or `-d '\n'`); `None`
/// for any other delimiter, which cuts a printed path anywhere (`-d x` makes
/// `/tmp/x/home/u/.netrcx/y` hand on `/home/u/.netrc`) (GNU findutils 4.9.0, xargs(1)).
fn xargs_nul(cmd: &Cmd, all: &[SimpleCommand]) -> Option<bool> {
    let xargs = all.iter().find(|c| {
        c.part == cmd.sc.part && c.origin != Origin::Xargs && c.program() == Some("xargs")
    })?;
    let mut nul = false;
    let mut args = xargs.exec.iter().skip(1);
    while let Some(a) = args.next() {
        if !a.starts_with('-') || a == "--" {
            break;
        }
        let delimiter = match a.as_str() {
            "-0" | "--null" => {
                nul = true;
                continue;
            }
            "-d" | "--delimiter" => args.next()?.as_str(),
            o if XARGS_VALUE_OPTS.contains(&o) => {
                args.next();
                continue;
            }
            _ => match a.strip_prefix("--delimiter=").or(a.strip_prefix("-d")) {
                Some(d) => d,
                None => continue,
            },
        };
        if !matches!(delimiter, "\\n" | "\n") {
            return None;
        }
    }
    Some(nul)
}

/// The replace string of the `xargs` that runs `cmd` (`-I R`, `-iR`, `-i` and `--replace`
/// being `{}`), if it has one (GNU findutils 4.9.0, xargs(1)).
fn xargs_replace(cmd: &Cmd, all: &[SimpleCommand]) -> Option<String> {
    let xargs = all.iter().find(|c| {
        c.part == cmd.sc.part && c.origin != Origin::Xargs && c.program() == Some("xargs")
    })?;
    let mut replace = None;
    let mut args = xargs.exec.iter().skip(1);
    while let Some(a) = args.next() {
        if !a.starts_with('-') || a == "--" {
            break;
        }
        if let Some(long) = a.strip_prefix("--") {
            match long.split_once('=') {
                Some(("replace", r)) => replace = Some(r.to_string()),
                None if long == "replace" => replace = Some("{}".to_string()),
                None if XARGS_VALUE_OPTS.contains(&a.as_str()) => {
                    args.next();
                }
                _ => {}
            }
            continue;
        }
        // A cluster of short options (`-0I{}`): a letter that takes a value takes the
        // rest, or the next word.
        let shorts = &a[1..];
        for (k, c) in shorts.char_indices() {
            let rest = &shorts[k + c.len_utf8()..];
            match c {
                'I' => {
                    replace = if rest.is_empty() {
                        args.next().cloned()
                    } else {
                        Some(rest.to_string())
                    };
                }
                'i' => {
                    replace = Some(if rest.is_empty() { "{}" } else { rest }.to_string());
                }
                'a' | 'd' | 'E' | 'L' | 'n' | 'P' | 's' => {
                    if rest.is_empty() {
                        args.next();
                    }
                }
                'e' | 'l' => {}
                _ => continue,
            }
            if !matches!(c, 'e' | 'l') || !rest.is_empty() {
                break;
            }
        }
    }
    replace
}

/// Whether a lister ends each name it prints with a NUL (`Some(true)`) or a newline
/// (`Some(false)`); `None` when it mixes them or an option may change it in a way not
/// read here. A consumer that splits otherwise sees names glued together: bash drops the
/// NULs of a substitution's output (`$(find . ./.netrc -maxdepth 0 -print0)` is
/// `../.netrc`), `xargs -0` takes newline-ended output as one name.
fn separator(sc: &SimpleCommand) -> Option<bool> {
    let args = sc.exec.get(1..).unwrap_or(&[]);
    if sc.program() == Some("find") {
        return listed::find_separator(args);
    }
    // Options that end names with a NUL, for the listers that have them.
    let prog = sc.program().unwrap_or("");
    let mut nul = false;
    for a in args {
        let short = a.strip_prefix('-').filter(|s| !s.starts_with('-'));
        let nul_like = matches!(a.as_str(), "--null" | "--print0" | "--zero" | "--null-data")
            || short.is_some_and(|s| s.contains(['0', 'z', 'Z']));
        if !nul_like {
            continue;
        }
        let known = match prog {
            "fd" | "fdfind" => matches!(a.as_str(), "-0" | "--print0"),
            "git" => a == "-z",
            "grep" | "egrep" | "fgrep" => {
                a == "--null" || short.is_some_and(|s| s.contains('Z') && !s.contains('z'))
            }
            "rg" => matches!(a.as_str(), "-0" | "--null"),
            _ => false,
        };
        if !known {
            return None;
        }
        nul = true;
    }
    Some(nul)
}

/// Does a filter after the lister print only lines it was given, unchanged (grep without
/// options that add or cut text, head and tail counting lines, sort, uniq without counts,
/// plain cat)? `grep -c`, `uniq -c`, `cat -n`, `head -c`, `grep -o` print other words.
fn keeps_lines(sc: &SimpleCommand) -> bool {
    let args = sc.exec.get(1..).unwrap_or(&[]);
    // (flags that take no value, options whose value is the next word or the rest)
    let (flags, valued, long): (&str, &str, &[&str]) = match sc.program() {
        Some("grep" | "egrep" | "fgrep") => (
            "vyiwxEFGPsa",
            "em",
            &[
                "--invert-match",
                "--ignore-case",
                "--no-ignore-case",
                "--word-regexp",
                "--line-regexp",
                "--extended-regexp",
                "--fixed-strings",
                "--basic-regexp",
                "--perl-regexp",
                "--no-messages",
                "--text",
                "--regexp",
                "--max-count",
            ],
        ),
        Some("head" | "tail") => ("", "n", &["--lines"]),
        Some("sort") => (
            "bdfghMnrRsuV",
            "kt",
            &[
                "--reverse",
                "--unique",
                "--numeric-sort",
                "--version-sort",
                "--ignore-case",
                "--human-numeric-sort",
                "--general-numeric-sort",
                "--month-sort",
                "--ignore-leading-blanks",
                "--dictionary-order",
                "--stable",
                "--random-sort",
                "--key",
                "--field-separator",
            ],
        ),
        Some("uniq") => (
            "udiD",
            "fsw",
            &[
                "--unique",
                "--repeated",
                "--ignore-case",
                "--all-repeated",
                "--skip-fields",
                "--skip-chars",
                "--check-chars",
            ],
        ),
        Some("cat") => ("", "", &[]),
        _ => return false,
    };
    let numeric = |w: &str| {
        w.strip_prefix('+')
            .unwrap_or(w)
            .chars()
            .all(|c| c.is_ascii_digit())
    };
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "--" || !a.starts_with('-') || a == "-" {
            // The pattern or a number: operands after it would be files, which a filter
            // of stdin does not have (`is_filter` checked it reads none).
            continue;
        }
        if let Some(l) = a.strip_prefix("--") {
            let name = l.split('=').next().unwrap_or(l);
            let full = format!("--{name}");
            if !long.contains(&full.as_str()) {
                return false;
            }
            continue;
        }
        let shorts = &a[1..];
        if matches!(sc.program(), Some("head" | "tail")) && numeric(shorts) {
            continue;
        }
        for (k, c) in shorts.char_indices() {
            if valued.contains(c) {
                if k + c.len_utf8() == shorts.len() {
                    it.next();
                }
                break;
            }
            if !flags.contains(c) {
                return false;
            }
        }
    }
    true
}
