//! Needs for paths a command computes from what another program prints: a command
//! substitution (`cat "$(npm config get userconfig)"`, `cp x "$(which gatehook)"`) or the
//! names a pipe hands to `xargs` or a `while read` loop (`locate id_rsa | xargs cat`).
//! The floor leaves such a word unknown (it is not there before the command runs); what
//! the program that prints it can print decides what it may be:
//! - a PATH lookup (`which`, `command -v`, `type -P`, `whereis`, `hash -t`, and what is
//!   derived from one: `dirname "$(command -v cargo)"`) names an installed program or its
//!   `bin` directory: anything but a look at it (a copy onto it, a link, `chmod`, `rm`, a
//!   redirection into it) changes what runs later, the gate itself included, and no words
//!   place it elsewhere;
//! - a producer known to print names inside the workspace (`pwd`, `mktemp`, `git
//!   rev-parse`, `git ls-files`, `find`, whose listing the floor judges itself, and
//!   listers such as `ls`, `fd`, `grep -l` whose operands all lie in the workspace or a
//!   temporary directory, through line filters such as `head -1`) bounds it;
//! - any other producer (`npm config get userconfig`, `printf '%s/.netrc' "$HOME"`,
//!   `locate id_rsa`) may print any path: a program that prints what files hold, reading
//!   it, reads a file no one has seen, a `secret-read` the person grounds by naming the
//!   producer and what it looks up — and none does when a literal word of the producer
//!   ends a credential store's path (`locate id_rsa`), which the floor never lets be read.

use super::ground::{Kind, Need, Places, Target};
use super::soft::CONTENT_PRINTERS;
use crate::analysis::shell::{Origin, SimpleCommand};
use std::path::Path;

/// Most words of one command looked at.
const MAX_WORDS: usize = 256;

/// Programs that only look at a path they are given (print it, its metadata or what it
/// holds, test it, change into it) and change nothing there.
const LOOKERS: &[&str] = &[
    "cat",
    "tac",
    "head",
    "tail",
    "less",
    "more",
    "bat",
    "batcat",
    "nl",
    "grep",
    "egrep",
    "fgrep",
    "rg",
    "ag",
    "cut",
    "od",
    "hexdump",
    "strings",
    "column",
    "fold",
    "fmt",
    "paste",
    "diff",
    "cmp",
    "wc",
    "ls",
    "stat",
    "file",
    "readlink",
    "realpath",
    "ldd",
    "otool",
    "nm",
    "objdump",
    "readelf",
    "md5sum",
    "sha1sum",
    "sha224sum",
    "sha256sum",
    "sha384sum",
    "sha512sum",
    "b2sum",
    "cksum",
    "sum",
    "du",
    "test",
    "[",
    "[[",
    "echo",
    "printf",
    "dirname",
    "basename",
    "cd",
    "pushd",
    "which",
    "whereis",
    "type",
    "command",
    "hash",
];

/// Interpreters whose first operand is a script they run (an installed program run, not
/// changed).
const RUNNERS: &[&str] = &[
    "python", "python3", "python2", "node", "bash", "sh", "zsh", "dash", "perl", "ruby",
];

/// Placers whose operands before the last are sources they read (unless `-t` names the
/// destination first).
const COPIERS: &[&str] = &["cp", "ln", "install", "ginstall", "rsync", "scp"];

/// Line filters: what they print is some of the lines they are handed, unchanged.
const FILTERS: &[&str] = &[
    "head", "tail", "sort", "uniq", "grep", "egrep", "fgrep", "rg",
];

/// Producers whose output is a path in the workspace or no path at all.
const PLAIN_PRODUCERS: &[&str] = &[
    "pwd", "mktemp", "date", "seq", "basename", "whoami", "id", "hostname", "uname", "nproc",
];

/// The git subcommands that print names of the repository's files, revisions or plain
/// values (never a path git reads from its configuration).
const GIT_LISTERS: &[&str] = &[
    "rev-parse",
    "ls-files",
    "diff",
    "ls-tree",
    "status",
    "log",
    "show",
    "merge-base",
    "describe",
    "symbolic-ref",
    "branch",
    "name-rev",
    "grep",
];

/// Listers whose output is names under their operands.
const LISTERS: &[&str] = &[
    "ls", "find", "fd", "fdfind", "rg", "grep", "egrep", "fgrep", "ag", "dirname", "realpath",
    "readlink", "tree",
];

fn base(p: &str) -> &str {
    p.rsplit('/').next().unwrap_or(p)
}

/// Does this command print where an installed program is (a PATH lookup)?
pub(super) fn path_lookup(c: &SimpleCommand) -> bool {
    let Some(p) = c.exec.first() else {
        return false;
    };
    let args = &c.exec[1..];
    match base(p) {
        "which" | "whereis" | "where" => true,
        "command" => args.iter().any(|a| a == "-v"),
        "type" => args
            .iter()
            .any(|a| a.starts_with('-') && !a.starts_with("--") && a.contains(['p', 'P'])),
        "hash" => args.iter().any(|a| a == "-t"),
        _ => false,
    }
}

/// The commands of `all` that run inside a command substitution of `word` (of `c`).
fn substitutions<'a>(
    word: &str,
    c: &SimpleCommand,
    all: &[&'a SimpleCommand],
) -> Vec<&'a SimpleCommand> {
    if !(word.contains("$(") || word.contains('`')) {
        return Vec::new();
    }
    all.iter()
        .filter(|s| {
            s.origin == Origin::Substitution
                && s.part == c.part
                && !std::ptr::eq(**s, c)
                && !s.text.trim().is_empty()
                && word.contains(s.text.trim())
        })
        .copied()
        .collect()
}

/// Is every operand of `s` a place in the workspace (or computed, judged by its own
/// substitution)? Options count as operands when they do not start with `-`.
fn operands_in_workspace(s: &SimpleCommand, places: &Places) -> bool {
    let offset = s.argv.len().saturating_sub(s.exec.len());
    s.exec.iter().enumerate().skip(1).all(|(k, a)| {
        if s.dynamic_words.get(offset + k).copied().unwrap_or(true) {
            // Computed: its own substitution decides, when there is one.
            if a.contains("$(") || a.contains('`') {
                return true;
            }
            if a.contains('$') || a.starts_with('~') {
                return false;
            }
            // A pattern: below its fixed directory, never climbing (`.*` matches `..`).
            let fixed = &a[..a.find(['*', '?', '[']).unwrap_or(a.len())];
            let dots = a
                .split('/')
                .any(|c| c == ".." || (c.starts_with('.') && c.contains(['*', '?', '['])));
            let dir = fixed.rfind('/').map_or("", |i| &fixed[..i]);
            let at = places.resolve(if dir.is_empty() { "." } else { dir }, s.cwd.as_deref());
            // (What it matches lies below that directory: `/tmp/*.log` in `/tmp`.)
            return !dots && within(&at.join("x"), places);
        }
        if a.starts_with('-') {
            // A value glued to an option (`--glob=/x`) is judged as a word.
            return match a.split_once('=') {
                Some((_, v)) => !(v.starts_with(['/', '~']) || v.contains("..")),
                None => true,
            };
        }
        let at = places.resolve(a, s.cwd.as_deref());
        within(&at, places)
    })
}

/// In the workspace, or in a temporary directory (scratch, whose files the command's own
/// work leaves there: `ls -t /tmp/build-*.log`).
fn within(at: &Path, places: &Places) -> bool {
    places.in_workspace(at) || super::ground::is_temp(at, places)
}

/// What a producer prints is bounded: a path in the workspace, an installed program, or no
/// path.
fn bounded(s: &SimpleCommand, places: &Places) -> bool {
    let Some(p) = s.exec.first() else {
        return true;
    };
    let p = base(p);
    // What a `find` hands on the floor reads itself (`command::listed::find_listed`:
    // its start points and name tests, the path floor over what it may print).
    if PLAIN_PRODUCERS.contains(&p) || path_lookup(s) || p == "find" {
        return true;
    }
    if p == "git" {
        let mut args = s.exec[1..].iter();
        while let Some(a) = args.next() {
            match a.as_str() {
                "-C" | "-c" | "--git-dir" | "--work-tree" => {
                    args.next();
                }
                a if a.starts_with('-') => {}
                a => return GIT_LISTERS.contains(&a) && operands_in_workspace(s, places),
            }
        }
        return false;
    }
    // `grep -o` prints a piece of a line, which may be any text it holds.
    let pieces = s.exec.iter().any(|a| {
        a == "--only-matching" || (a.starts_with('-') && !a.starts_with("--") && a.contains('o'))
    });
    if (LISTERS.contains(&p) || FILTERS.contains(&p)) && !(pieces && FILTERS.contains(&p)) {
        return operands_in_workspace(s, places);
    }
    false
}

/// The targets that ground reading what an unbounded producer names: the producer's
/// program, as a word the person writes, and its last literal operand; `None` when a
/// literal word of it ends a credential store's path (no words ground that).
fn producer_targets(s: &SimpleCommand, places: &Places) -> Option<(String, Vec<Target>)> {
    let prog = base(s.exec.first()?).to_string();
    let floor = crate::context::floor::FloorCtx {
        home: places.home.to_path_buf(),
        self_paths: Vec::new(),
        project_root: places
            .roots
            .first()
            .cloned()
            .unwrap_or_else(|| places.cwd.to_path_buf()),
        harness: Vec::new(),
        credentials: Vec::new(),
    };
    let offset = s.argv.len().saturating_sub(s.exec.len());
    let mut last = None;
    for (k, a) in s.exec.iter().enumerate().skip(1).take(MAX_WORDS) {
        if s.dynamic_words.get(offset + k).copied().unwrap_or(true) {
            continue;
        }
        let name = a
            .rsplit('/')
            .next()
            .unwrap_or(a)
            .trim_matches(['*', '?', '\'', '"']);
        // (`config` ends many a store's path and names none by itself.)
        if !name.is_empty() && name != "config" {
            let probe = format!("$x/{name}");
            if crate::analysis::command::computed_store(&probe, None, places.home, &floor).is_some()
            {
                return None;
            }
        }
        if !a.starts_with('-') && name.len() >= 3 {
            last = Some(name.to_string());
        }
    }
    Some((prog, last.map(Target::Name).into_iter().collect()))
}

/// The need for reading what `producers` print, through `reader`.
fn read_need(
    reader: &str,
    shown: &str,
    producers: &[&SimpleCommand],
    places: &Places,
    out: &mut Vec<Need>,
) {
    for s in producers {
        let prog = s.exec.first().map(|p| base(p)).unwrap_or("");
        let what = format!("{reader} reads {shown}, a path {prog} prints when it runs");
        let need = match producer_targets(s, places) {
            Some((word, targets)) if !targets.is_empty() => {
                let mut n = Need::new(Kind::SecretRead, what, targets);
                n.words = vec![word];
                n
            }
            Some(_) => Need::ungroundable(
                Kind::SecretRead,
                what,
                "a file whose path a program prints when it runs",
            ),
            None => Need::ungroundable(
                Kind::SecretRead,
                what,
                "a file whose path a program prints when it runs, looked up by a credential store's name",
            ),
        };
        if !out.iter().any(|n| n.what == need.what) {
            out.push(need);
        }
    }
}

/// The word of `c` that is its pattern, script or filter rather than a file, when no
/// option gives that instead (`grep "$(…)" f`, `sed "$(…)" f`, `awk …`, `jq …`): the first
/// operand.
fn pattern_operand(c: &SimpleCommand) -> Option<usize> {
    let p = base(c.exec.first()?);
    let given: &[&str] = match p {
        "grep" | "egrep" | "fgrep" | "rg" | "ag" => &["-e", "-f", "--regexp", "--file"],
        "sed" => &["-e", "-f", "--expression", "--file"],
        "awk" | "gawk" | "mawk" => &["-f", "--file"],
        "jq" | "yq" => &["-f", "--from-file"],
        _ => return None,
    };
    let opts = c.exec.iter().skip(1).take_while(|a| a.as_str() != "--");
    if opts.clone().any(|a| {
        given
            .iter()
            .any(|g| a == g || a.starts_with(&format!("{g}=")))
    }) {
        return None;
    }
    (1..c.exec.len()).find(|&i| !c.exec[i].starts_with('-'))
}

/// Does `c` only look at its word `k` of `exec` (print, test, list or run it)?
fn looks_at(c: &SimpleCommand, k: usize) -> bool {
    let Some(p) = c.exec.first().map(|p| base(p)) else {
        return true;
    };
    if LOOKERS.contains(&p) {
        return true;
    }
    let operands: Vec<usize> = (1..c.exec.len())
        .filter(|&i| !c.exec[i].starts_with('-'))
        .collect();
    if RUNNERS.contains(&p.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.')) {
        return operands.first() == Some(&k);
    }
    if COPIERS.contains(&p) {
        let targeted = c
            .exec
            .iter()
            .any(|a| a == "-t" || a.starts_with("--target-directory"));
        return !targeted && operands.last() != Some(&k);
    }
    false
}

/// The producers upstream of a command whose standard input is a pipe: the commands of
/// the part before it, through the line filters (`locate x | head -5 | xargs cat` →
/// `locate`).
fn upstream<'a>(c: &SimpleCommand, all: &[&'a SimpleCommand]) -> Vec<&'a SimpleCommand> {
    let mut part = c.part;
    let mut piped = c.piped_stdin;
    for _ in 0..16 {
        if !piped || part == 0 {
            return Vec::new();
        }
        part -= 1;
        let stage: Vec<&SimpleCommand> = all
            .iter()
            .filter(|s| s.part == part && s.origin == Origin::TopLevel)
            .copied()
            .collect();
        let filter = stage.len() == 1
            && stage[0]
                .exec
                .first()
                .is_some_and(|p| FILTERS.contains(&base(p)))
            && stage[0].exec.iter().skip(1).all(|a| a.starts_with('-'));
        if !filter {
            return stage;
        }
        piped = stage[0].piped_stdin;
    }
    Vec::new()
}

/// The needs of the paths `cmds` (the commands of one finding) compute from what other
/// programs print (see the module's comment).
pub(super) fn needs(
    cmds: &[&SimpleCommand],
    all: &[&SimpleCommand],
    places: &Places,
    out: &mut Vec<Need>,
) {
    for c in cmds {
        let Some(prog) = c.exec.first().map(|p| base(p)) else {
            continue;
        };
        dotenv_need(c, places, out);
        let offset = c.argv.len().saturating_sub(c.exec.len());
        // Words computed by a command substitution, and redirections.
        let mut words: Vec<(Option<usize>, &str, bool)> = c
            .exec
            .iter()
            .enumerate()
            .skip(1)
            .filter(|(k, _)| c.dynamic_words.get(offset + k).copied().unwrap_or(false))
            .map(|(k, w)| (Some(k), w.as_str(), false))
            .collect();
        words.extend(
            c.redirects
                .iter()
                .filter(|r| r.dynamic)
                .map(|r| (None, r.target.as_str(), r.op.writes())),
        );
        for (k, w, writes) in words.into_iter().take(MAX_WORDS) {
            let subs = substitutions(w, c, all);
            if subs.is_empty() {
                continue;
            }
            if subs.iter().any(|s| path_lookup(s)) {
                let looked = match k {
                    Some(k) => looks_at(c, k),
                    None => !writes,
                };
                if !looked {
                    let line = format!(
                        "{prog} is given {w}, an installed program (or its directory) found on PATH: changing it changes what runs later"
                    );
                    if !out.iter().any(|n| n.what == line) {
                        out.push(Need::ungroundable(
                            Kind::Persist,
                            line,
                            "a change to an installed program found on PATH",
                        ));
                    }
                }
                continue;
            }
            let reads = match k {
                Some(k) => CONTENT_PRINTERS.contains(&prog) && pattern_operand(c) != Some(k),
                None => !writes,
            };
            if !reads {
                continue;
            }
            let open: Vec<&SimpleCommand> =
                subs.into_iter().filter(|s| !bounded(s, places)).collect();
            read_need(prog, w, &open, places, out);
        }
        // Names handed down a pipe: to the command `xargs` runs, or to a `while read`
        // loop's variables.
        if !CONTENT_PRINTERS.contains(&prog) {
            continue;
        }
        let from_pipe = match c.origin {
            Origin::Xargs => true,
            Origin::TopLevel => {
                let vars: Vec<&str> = all
                    .iter()
                    .filter(|s| {
                        s.part == c.part
                            && s.exec.first().map(String::as_str) == Some("read")
                            && s.piped_stdin
                    })
                    .flat_map(|s| s.exec[1..].iter().filter(|a| !a.starts_with('-')))
                    .map(String::as_str)
                    .collect();
                c.exec.iter().enumerate().skip(1).any(|(k, w)| {
                    c.dynamic_words.get(offset + k).copied().unwrap_or(false)
                        && vars.iter().any(|v| {
                            let w = w.trim_matches('"');
                            w == format!("${v}") || w == format!("${{{v}}}")
                        })
                })
            }
            _ => false,
        };
        if !from_pipe {
            continue;
        }
        let source = if c.origin == Origin::Xargs {
            // The `xargs` command itself is piped.
            all.iter()
                .find(|s| {
                    s.part == c.part
                        && s.origin == Origin::TopLevel
                        && s.exec
                            .first()
                            .is_some_and(|p| matches!(base(p), "xargs" | "parallel"))
                })
                .map(|x| upstream(x, all))
                .unwrap_or_default()
        } else {
            let reader = all
                .iter()
                .find(|s| s.part == c.part && s.exec.first().map(String::as_str) == Some("read"));
            reader.map(|r| upstream(r, all)).unwrap_or_default()
        };
        // A list read from a file is the guarantee's (`reads_named_by_files`).
        let open: Vec<&SimpleCommand> = source
            .into_iter()
            .filter(|s| !bounded(s, places))
            .filter(|s| !from_file(s))
            .collect();
        read_need(prog, "the names handed down the pipe", &open, places, out);
    }
}

/// A command that prints what a `.env` file holds through python-dotenv: its CLI's `list`
/// and `get` (`dotenv [-f FILE] list`, `python -m dotenv list`: the file given by `-f`,
/// else `.env` in the working directory) or inline code calling `dotenv_values` or
/// `get_key` (the file a literal names, else the `.env` it finds from the working
/// directory). A file of secrets read into what the agent sees, as `cat .env` is: the
/// person names the file.
fn dotenv_need(c: &SimpleCommand, places: &Places, out: &mut Vec<Need>) {
    let e = &c.exec;
    let Some(p) = e.first().map(|p| base(p)) else {
        return;
    };
    let python = matches!(
        p.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.'),
        "python" | "pypy"
    );
    let args: &[String] = match (p, python) {
        ("dotenv", _) => &e[1..],
        (_, true)
            if e.get(1).map(String::as_str) == Some("-m")
                && e.get(2).map(String::as_str) == Some("dotenv") =>
        {
            &e[3..]
        }
        _ => &[],
    };
    let mut file = None;
    let mut cli = false;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "-f" | "--file" => file = it.next().cloned(),
            a if a.starts_with("--file=") => file = Some(a["--file=".len()..].to_string()),
            "list" | "get" => {
                cli = true;
                break;
            }
            a if a.starts_with('-') => {}
            _ => break,
        }
    }
    let code = python
        && e.iter().skip(1).any(|w| {
            w.contains("dotenv_values") || (w.contains("dotenv") && w.contains("get_key"))
        });
    if !(cli || code) {
        return;
    }
    if code {
        file = e
            .iter()
            .skip(1)
            .flat_map(|w| w.split(['\'', '"']))
            .find(|l| l.ends_with(".env") || l.contains(".env."))
            .map(str::to_string);
    }
    let at = places.resolve(file.as_deref().unwrap_or(".env"), c.cwd.as_deref());
    let what = format!("{p} prints the variables of {}", at.display());
    if !out.iter().any(|n| n.what == what) {
        out.push(Need::new(
            Kind::SecretRead,
            what,
            vec![super::ground::path_target(&at)],
        ));
    }
}

/// A producer that prints a file's lines (`cat list.txt`): the names it hands on are that
/// file's, which the guarantee `reads_named_by_files` judges.
fn from_file(s: &SimpleCommand) -> bool {
    s.exec.first().is_some_and(|p| {
        matches!(base(p), "cat" | "head" | "tail" | "sort" | "uniq" | "tac")
            && s.exec.iter().skip(1).any(|a| !a.starts_with('-'))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn run(cmd: &str) -> Vec<Need> {
        let home = Path::new("/home/u");
        let roots = vec![PathBuf::from("/ws")];
        let places = Places {
            home,
            cwd: Path::new("/ws"),
            roots: &roots,
        };
        let env =
            crate::analysis::shell::ShellEnv::new(PathBuf::from("/home/u"), PathBuf::from("/ws"));
        let a = crate::analysis::shell::analyze(cmd, &env);
        let all: Vec<&SimpleCommand> = a.commands.iter().collect();
        let mut out = Vec::new();
        for c in &all {
            needs(&[c], &all, &places, &mut out);
        }
        out
    }

    fn kinds(cmd: &str) -> Vec<(Kind, bool)> {
        run(cmd)
            .iter()
            .map(|n| (n.kind, n.ungroundable.is_some()))
            .collect()
    }

    #[test]
    fn changing_a_program_found_on_path_needs_words_no_one_gives() {
        for cmd in [
            "cp /bin/true $(which gatehook)",
            "cp /bin/true \"$(command -v gatehook)\"",
            "chmod -x \"$(which gatehook)\"",
            "cp x.txt \"$(dirname \"$(command -v cargo)\")/gatehook\"",
            "cp /bin/true \"$(type -P gatehook)\"",
            "cp /bin/true \"$(whereis -b gatehook | cut -d' ' -f2)\"",
            "ln -sf /bin/true \"$(which git)\"",
            "mv x \"$(which cargo)\"",
            "tee \"$(which gatehook)\" < /dev/null",
            "echo x > \"$(command -v gatehook)\"",
            "rm `which gatehook`",
            "install -m755 build/x \"$(dirname $(which cargo))/\"",
            "cp -t \"$(dirname $(which cargo))\" x",
            "sed -i s/a/b/ \"$(which script)\"",
        ] {
            assert!(
                kinds(cmd).contains(&(Kind::Persist, true)),
                "{cmd}: {:?}",
                run(cmd)
            );
        }
    }

    #[test]
    fn looking_at_a_program_found_on_path_needs_nothing() {
        for cmd in [
            "ls -la $(which python3)",
            "file \"$(command -v cargo)\"",
            "readlink -f $(which node)",
            "cat \"$(which pip)\"",
            "head -3 `which pytest`",
            "sha256sum $(which gatehook)",
            "cp $(which python3) ./backup/",
            "ln -s \"$(which python3)\" .venv/bin/python",
            "python3 \"$(which pytest)\" -q",
            "cd \"$(dirname \"$(which cargo)\")\" && ls",
            "echo $(which cargo)",
            "[ -x \"$(command -v rg)\" ] && echo ok",
            "$(which python3) -m pytest",
            "cat < \"$(which pip)\"",
        ] {
            assert!(run(cmd).is_empty(), "{cmd}: {:?}", run(cmd));
        }
    }

    #[test]
    fn reading_a_path_an_unbounded_program_prints_needs_the_persons_words() {
        for (cmd, groundable) in [
            ("cat \"$(npm config get userconfig)\"", true),
            ("cat $(printf '%s/.netrc' \"$HOME\")", false),
            ("cat $(locate id_rsa)", false),
            ("head -50 \"$(python3 -c 'print(1)')\"", true),
            ("cat $(ls -d ~/.config/* | head -1)", false),
            ("grep -h token $(cut -d: -f6 /etc/passwd)", false),
            ("cat $(ls | grep -o '/.*')", false),
            ("cat $(git config --get include.path)", true),
            ("grep -e x \"$(npm config get userconfig)\"", true),
            ("grep token \"$(npm config get userconfig)\"", true),
        ] {
            let k = kinds(cmd);
            assert!(
                k.contains(&(Kind::SecretRead, !groundable)),
                "{cmd}: {:?}",
                run(cmd)
            );
        }
    }

    #[test]
    fn reading_a_path_a_workspace_producer_prints_needs_nothing() {
        for cmd in [
            "cat \"$(git rev-parse --show-toplevel)/README.md\"",
            "cat $(pwd)/src/lib.rs",
            "head -20 $(ls -t logs/*.log | head -1)",
            "cat $(git ls-files '*.md')",
            "wc -l $(find . -name '*.rs')",
            "cat $(fd -e toml)",
            "cat \"$(mktemp)\"",
            "grep -n foo $(grep -rl bar src)",
            "cat $(git diff --name-only HEAD~1)",
            "diff $(ls /ws/a) b",
            "tail -50 $(ls -t /tmp/build-*.log | head -1)",
            "source \"$(conda info --base)/etc/profile.d/conda.sh\"",
            "wc -l $(npm root)/x/index.js",
            // A pattern, script or filter computed, not a file.
            "ls -la ~/.claude/projects/ | grep \"$(echo $ID | cut -c1-8)\"",
            "grep -n \"$(git config user.name)\" AUTHORS",
            "jq \"$(cat filter.jq)\" data.json",
        ] {
            assert!(run(cmd).is_empty(), "{cmd}: {:?}", run(cmd));
        }
    }

    #[test]
    fn names_handed_down_a_pipe_by_an_unbounded_program_need_words() {
        for (cmd, groundable) in [
            ("locate id_rsa | xargs cat", false),
            ("locate .netrc | while read f; do cat \"$f\"; done", false),
            ("locate notes.md | head -3 | xargs cat", true),
            ("npm ls --parseable | xargs head -5", false),
            ("cat list.txt | python3 -c 'import sys' | xargs cat", true),
        ] {
            let k = kinds(cmd);
            assert!(
                k.contains(&(Kind::SecretRead, !groundable)),
                "{cmd}: {:?}",
                run(cmd)
            );
        }
    }

    #[test]
    fn printing_a_dotenv_file_needs_the_file_named() {
        for (cmd, file) in [
            (
                "python3 -c \"import dotenv;print(dotenv.dotenv_values())\"",
                "/ws/.env",
            ),
            (
                "python3 -c \"from dotenv import dotenv_values as d; print(d('conf/.env.prod'))\"",
                "/ws/conf/.env.prod",
            ),
            (
                "python -c 'import dotenv; print(dotenv.get_key(\".env\", \"API_KEY\"))'",
                "/ws/.env",
            ),
            ("dotenv list", "/ws/.env"),
            ("dotenv -f deploy/.env get TOKEN", "/ws/deploy/.env"),
            (
                "python3 -m dotenv --file=x.env list --format=json",
                "/ws/x.env",
            ),
        ] {
            let n = run(cmd);
            assert!(
                n.iter().any(|n| n.kind == Kind::SecretRead
                    && n.ungroundable.is_none()
                    && n.targets == vec![Target::Path(file.into())]),
                "{cmd}: {n:?}"
            );
        }
        for cmd in [
            "python3 -c 'from dotenv import load_dotenv; load_dotenv()'",
            "dotenv set DEBUG 1",
            "dotenv run -- pytest",
            "python3 -m dotenv run pytest",
            "python3 -c 'import json; print(1)'",
        ] {
            assert!(run(cmd).is_empty(), "{cmd}: {:?}", run(cmd));
        }
    }

    #[test]
    fn names_handed_down_a_pipe_by_a_workspace_lister_need_nothing() {
        for cmd in [
            "find . -name '*.md' | xargs cat",
            "git ls-files | xargs wc -l",
            "ls src/*.rs | while read f; do head -1 \"$f\"; done",
            "rg -l TODO src | head -5 | xargs grep -n TODO",
            "cat list.txt | xargs cat",
            "fd -e rs | xargs cat",
            "find ~/.cache/pip -name '*.json' | xargs cat",
        ] {
            assert!(run(cmd).is_empty(), "{cmd}: {:?}", run(cmd));
        }
    }
}
