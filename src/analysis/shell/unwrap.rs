//! Wrapper stripping: from a command's normalised argv, find the program that really runs
//! (`sudo -u x timeout 5 nice -n 3 command rm` runs `rm`), the wrappers passed through,
//! `env` assignments, and builtins that change how the shell reads commands (`eval`,
//! `source`, `alias`, `trap`, …). Re-entries into a shell (`bash -c`, `xargs`, `find
//! -exec`, …) live in `reenter`; this module only hands them back to the walker.

use super::opts::{self, Spec, NO_OPTS};
use super::reenter;
use super::specs::*;
use super::words::Word;
use super::Opaque;

/// What the walker should do with the argv of one command.
#[derive(Debug, Default)]
pub(super) struct Unwrapped {
    /// `exec` is `argv[exec_start..]`…
    pub exec_start: usize,
    /// …unless a wrapper runs something not in argv (`sudo -s` runs a shell).
    pub exec_override: Option<Vec<Word>>,
    pub wrappers: Vec<String>,
    pub assignments: Vec<(String, String)>,
    pub nested: Vec<Nested>,
    pub opaque: Vec<Opaque>,
    /// A shell that reads its commands from stdin (a heredoc, herestring or pipe).
    pub reads_stdin: Option<String>,
    /// …on this host (`ssh HOST` with no command): its commands carry the host.
    pub stdin_host: Option<String>,
    /// The home directory, for what a program fills in before it runs a command (ssh's
    /// `%d` in `LocalCommand`).
    pub home: std::path::PathBuf,
}

/// A command run again by a shell or a command-running tool.
#[derive(Debug)]
pub(super) struct Nested {
    pub kind: NestKind,
    pub body: Body,
    /// The tool that runs it (`xargs`, `find`), added to the child's wrappers.
    pub parent: Option<String>,
    /// A string bash itself runs (`bash -c`); any other shell (sh, dash, a remote login
    /// shell, the one `watch` or `xargs sh -c` starts) reads some of bash's syntax
    /// otherwise, which the walker checks before it parses the string as bash.
    pub bash: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum NestKind {
    Shell,
    Xargs,
    FindExec,
    GitAlias,
    Watch,
    Parallel,
    /// A command string run by a remote shell (`ssh HOST CMD`): `parent` is the host.
    Remote,
}

#[derive(Debug)]
pub(super) enum Body {
    /// A string to parse as shell code.
    Shell(Word),
    /// Words that form a command directly.
    Argv(Vec<Word>),
}

impl Unwrapped {
    pub fn nest_shell(&mut self, kind: NestKind, word: Word) {
        self.nested.push(Nested {
            kind,
            body: Body::Shell(word),
            parent: None,
            bash: false,
        });
    }

    /// A string bash itself runs (`bash -c STRING`).
    pub fn nest_bash(&mut self, word: Word) {
        self.nested.push(Nested {
            kind: NestKind::Shell,
            body: Body::Shell(word),
            parent: None,
            bash: true,
        });
    }

    /// A command string that `ssh` hands to the shell of `host`.
    pub fn nest_remote(&mut self, host: &str, word: Word) {
        self.nested.push(Nested {
            kind: NestKind::Remote,
            body: Body::Shell(word),
            parent: Some(host.to_string()),
            bash: false,
        });
    }

    /// Words run as a command on another machine or in a container (`docker exec`).
    pub fn nest_remote_argv(&mut self, host: &str, words: Vec<Word>) {
        if words.is_empty() {
            return;
        }
        self.nested.push(Nested {
            kind: NestKind::Remote,
            body: Body::Argv(words),
            parent: Some(host.to_string()),
            bash: false,
        });
    }

    pub fn nest_argv(&mut self, kind: NestKind, words: Vec<Word>, parent: &str) {
        if words.is_empty() {
            return;
        }
        self.nested.push(Nested {
            kind,
            body: Body::Argv(words),
            parent: Some(parent.to_string()),
            bash: false,
        });
    }

    pub fn check(&mut self, wrapper: &str, parsed: &opts::Parsed, words: &[Word]) {
        if let Some(option) = parsed.unknown.first() {
            self.opaque.push(Opaque::UnknownWrapperOption {
                wrapper: wrapper.to_string(),
                option: option.clone(),
            });
        }
        if parsed.dynamic {
            let text = words
                .iter()
                .find(|w| w.dynamic)
                .map(|w| w.text.clone())
                .unwrap_or_default();
            self.opaque.push(Opaque::DynamicCommandName(text));
        }
    }
}

/// The name a program is looked up by: the basename of an absolute path, otherwise the
/// word itself (`./rm` and `bin/rm` are workspace programs, never a known tool).
pub(super) fn program_name(word: &str) -> &str {
    if word.starts_with('/') {
        match word.rsplit('/').next() {
            Some(base) if !base.is_empty() => base,
            _ => word,
        }
    } else {
        word
    }
}

/// Strip wrappers from `argv`, then look for re-entries in what remains.
pub(super) fn unwrap(argv: &[Word], home: &std::path::Path) -> Unwrapped {
    let mut u = Unwrapped {
        home: home.to_path_buf(),
        ..Unwrapped::default()
    };
    let mut i = 0;
    // NOTE: each step either advances `i` past a wrapper or stops, so this terminates.
    while let Some(word) = argv.get(i) {
        if word.dynamic {
            break;
        }
        let name = program_name(&word.text).to_string();
        let next = match name.as_str() {
            "sudo" => sudo(argv, i, &mut u),
            "doas" => doas(argv, i, &mut u),
            "pkexec" => plain(&name, argv, i, &PKEXEC, &mut u),
            "env" => env(argv, i, &mut u),
            "timeout" => {
                let p = opts::parse(argv, i + 1, &TIMEOUT);
                u.check(&name, &p, argv);
                Some(p.next + 1)
            }
            "nice" => plain(&name, argv, i, &NICE, &mut u),
            "ionice" => {
                let p = opts::parse(argv, i + 1, &IONICE);
                u.check(&name, &p, argv);
                let pid_mode = ["-p", "-P", "-u", "--pid", "--pgid", "--uid"]
                    .iter()
                    .any(|f| p.has(f));
                (!pid_mode).then_some(p.next)
            }
            "nohup" | "builtin" | "noglob" | "busybox" | "toybox" => {
                plain(&name, argv, i, &NO_OPTS, &mut u)
            }
            "time" => plain(&name, argv, i, &TIME, &mut u),
            "command" => {
                let p = opts::parse(argv, i + 1, &COMMAND);
                u.check(&name, &p, argv);
                // `command -v x` looks a name up; it runs nothing.
                (!(p.has("-v") || p.has("-V"))).then_some(p.next)
            }
            "exec" => plain(&name, argv, i, &EXEC, &mut u),
            "stdbuf" => plain(&name, argv, i, &STDBUF, &mut u),
            "setsid" => plain(&name, argv, i, &SETSID, &mut u),
            "unbuffer" => plain(&name, argv, i, &UNBUFFER, &mut u),
            "caffeinate" => plain(&name, argv, i, &CAFFEINATE, &mut u),
            "chrt" => {
                let p = opts::parse(argv, i + 1, &CHRT);
                u.check(&name, &p, argv);
                let no_cmd = ["-p", "--pid", "-m", "--max"].iter().any(|f| p.has(f));
                (!no_cmd).then_some(p.next + 1)
            }
            "taskset" => {
                let p = opts::parse(argv, i + 1, &TASKSET);
                u.check(&name, &p, argv);
                (!(p.has("-p") || p.has("--pid"))).then_some(p.next + 1)
            }
            "flock" => flock(argv, i, &mut u),
            "chronic" => plain(&name, argv, i, &CHRONIC, &mut u),
            // Each runs its command with other paths, users or namespaces: unwrapped so the
            // command is judged, and never routine (the command floor's privilege list).
            "chroot" => {
                let p = opts::parse(argv, i + 1, &CHROOT);
                u.check(&name, &p, argv);
                // No command: `$SHELL -i`, reading stdin.
                if p.next + 1 >= argv.len() {
                    login_shell("chroot", &mut u);
                    None
                } else {
                    Some(p.next + 1)
                }
            }
            "nsenter" | "unshare" | "proot" => {
                let spec = match name.as_str() {
                    "nsenter" => &NSENTER,
                    "unshare" => &UNSHARE,
                    _ => &PROOT,
                };
                let p = opts::parse(argv, i + 1, spec);
                u.check(&name, &p, argv);
                if p.next >= argv.len() {
                    login_shell(&name, &mut u);
                    None
                } else {
                    Some(p.next)
                }
            }
            "systemd-run" => {
                let p = opts::parse(argv, i + 1, &SYSTEMD_RUN);
                u.check(&name, &p, argv);
                if p.next >= argv.len() {
                    u.opaque.push(Opaque::UnsupportedSyntax(
                        "systemd-run without a command".into(),
                    ));
                }
                Some(p.next)
            }
            "firejail" => {
                let p = opts::parse(argv, i + 1, &FIREJAIL);
                u.check(&name, &p, argv);
                if p.next >= argv.len() {
                    login_shell("firejail", &mut u);
                    None
                } else {
                    Some(p.next)
                }
            }
            "strace" | "ltrace" => plain(&name, argv, i, &STRACE, &mut u),
            "sshpass" => plain(&name, argv, i, &SSHPASS, &mut u),
            "proxychains" | "proxychains4" => plain(&name, argv, i, &PROXYCHAINS, &mut u),
            "torsocks" => plain(&name, argv, i, &TORSOCKS, &mut u),
            "fakeroot" => plain(&name, argv, i, &FAKEROOT, &mut u),
            "xvfb-run" => plain(&name, argv, i, &XVFB_RUN, &mut u),
            _ => None,
        };
        match next {
            Some(n) if n > i && n < argv.len() => {
                u.wrappers.push(name);
                i = n;
            }
            _ => break,
        }
    }
    u.exec_start = i;
    if u.exec_override.is_none() {
        if let Some(rest) = argv.get(i..) {
            builtins(rest, &mut u);
            reenter::detect(rest, &mut u);
        }
    }
    u
}

/// A wrapper whose options are followed directly by the command.
fn plain(name: &str, argv: &[Word], i: usize, spec: &Spec, u: &mut Unwrapped) -> Option<usize> {
    let p = opts::parse(argv, i + 1, spec);
    u.check(name, &p, argv);
    Some(p.next)
}

fn sudo(argv: &[Word], i: usize, u: &mut Unwrapped) -> Option<usize> {
    let p = opts::parse(argv, i + 1, &SUDO);
    u.check("sudo", &p, argv);
    let not_exec = [
        "-e",
        "--edit",
        "-l",
        "--list",
        "-v",
        "--validate",
        "-V",
        "--version",
        "-K",
        "--remove-timestamp",
        "-h",
        "--help",
    ];
    if not_exec.iter().any(|f| p.has(f)) {
        return None;
    }
    let shell = ["-s", "--shell", "-i", "--login"].iter().any(|f| p.has(f));
    if p.next >= argv.len() && shell {
        login_shell("sudo", u);
        return None;
    }
    Some(p.next)
}

fn doas(argv: &[Word], i: usize, u: &mut Unwrapped) -> Option<usize> {
    let p = opts::parse(argv, i + 1, &DOAS);
    u.check("doas", &p, argv);
    if p.has("-C") || p.has("-L") {
        return None;
    }
    if p.next >= argv.len() && p.has("-s") {
        login_shell("doas", u);
        return None;
    }
    Some(p.next)
}

/// `sudo -s` and friends with no command: an interactive shell reading stdin.
fn login_shell(wrapper: &str, u: &mut Unwrapped) {
    u.wrappers.push(wrapper.to_string());
    u.exec_override = Some(vec![Word::lit("sh")]);
    u.reads_stdin = Some(format!("{wrapper} -s"));
}

fn env(argv: &[Word], i: usize, u: &mut Unwrapped) -> Option<usize> {
    let p = opts::parse(argv, i + 1, &ENV);
    u.check("env", &p, argv);
    let mut j = p.next;
    if argv.get(j).is_some_and(|w| w.text == "-") {
        j += 1;
    }
    if let Some(path) = p.value("-P") {
        u.assignments.push(("PATH".to_string(), path.to_string()));
    }
    // GNU env takes every word with a `=` before the command for `NAME=VALUE` and puts it
    // in the environment as it is, whatever NAME is (coreutils 9.1: `env '=x' true`,
    // `env 'a b=1' …`): such a word is never the program. (`BASH_FUNC_NAME%%=() {…}`
    // defines NAME in every bash it reaches: the command floor judges the name.)
    // A word computed at run time is one only when its name is written out (`A=$x`).
    while let Some((name, value)) = argv.get(j).and_then(|w| match w.dynamic {
        false => w.text.split_once('='),
        true => split_assignment(&w.text),
    }) {
        u.assignments.push((name.to_string(), value.to_string()));
        j += 1;
    }
    let split = p.value("-S").or_else(|| p.value("--split-string"));
    if let Some(s) = split {
        // `env -S 'cmd args' more`: the string is split into words, then the rest follow.
        let rest = argv.get(j..).unwrap_or(&[]);
        let mut text = s.to_string();
        for w in rest {
            text.push(' ');
            text.push_str(&quote(&w.text));
        }
        let dynamic = argv.iter().any(|w| w.dynamic);
        u.nest_shell(NestKind::Shell, Word::new(text, dynamic));
        return None;
    }
    Some(j)
}

fn flock(argv: &[Word], i: usize, u: &mut Unwrapped) -> Option<usize> {
    let p = opts::parse(argv, i + 1, &FLOCK);
    u.check("flock", &p, argv);
    if let Some(cmd) = p.value("-c").or_else(|| p.value("--command")) {
        u.nest_shell(NestKind::Shell, Word::lit(cmd));
        return None;
    }
    // flock FILE -c CMD | flock FILE CMD…
    let after = p.next + 1;
    match argv.get(after).map(|w| w.text.as_str()) {
        Some("-c") | Some("--command") => {
            if let Some(cmd) = argv.get(after + 1) {
                u.nest_shell(NestKind::Shell, cmd.clone());
            }
            None
        }
        _ => Some(after),
    }
}

/// `NAME=value` with a valid identifier.
pub(super) fn split_assignment(word: &str) -> Option<(&str, &str)> {
    let (name, value) = word.split_once('=')?;
    let mut chars = name.chars();
    let first = chars.next()?;
    let ok = (first.is_ascii_alphabetic() || first == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_');
    ok.then_some((name, value))
}

/// Single-quote a word for re-parsing as shell text.
pub(super) fn quote(word: &str) -> String {
    if !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./=:,+@%{}".contains(c))
    {
        return word.to_string();
    }
    format!("'{}'", word.replace('\'', "'\\''"))
}

/// `source DIR/bin/activate`: one literal word naming a venv's activation script.
fn is_activation(args: &[Word]) -> bool {
    matches!(args, [w] if !w.dynamic
        && (w.text == "bin/activate" || w.text.ends_with("/bin/activate")))
}

/// Builtins that change how the shell reads later commands, or run code from elsewhere.
fn builtins(exec: &[Word], u: &mut Unwrapped) {
    let Some(first) = exec.first() else {
        return;
    };
    let args = exec.get(1..).unwrap_or(&[]);
    let joined = || {
        let dynamic = args.iter().any(|w| w.dynamic);
        let text = args
            .iter()
            .map(|w| w.text.as_str())
            .collect::<Vec<_>>()
            .join(" ");
        Word::new(text, dynamic)
    };
    match first.text.as_str() {
        "eval" => {
            u.opaque.push(Opaque::Eval);
            let body = joined();
            u.nest_shell(NestKind::Shell, body);
        }
        // A virtual environment's activation script (`source .venv/bin/activate`) is
        // judged as the command `source PATH` (`command::venv`); any other file sourced
        // is code the analysis cannot see.
        "source" | "." if !is_activation(args) => u.opaque.push(Opaque::Source),
        "alias" => u.opaque.push(Opaque::AliasDefinition),
        "trap" => {
            u.opaque.push(Opaque::UnsupportedSyntax("trap".into()));
            let handler = args.iter().find(|w| !w.text.starts_with('-'));
            if let Some(h) = handler {
                u.nest_shell(NestKind::Shell, h.clone());
            }
        }
        "set" => {
            if let Some(bad) = unsafe_set_option(args) {
                u.opaque
                    .push(Opaque::UnsupportedSyntax(format!("set {bad}")));
            }
        }
        // `declare -x NAME=value`/`typeset -x` is `export NAME=value` (see `assign`).
        "declare" | "typeset"
            if super::assign::exports(&exec.iter().map(|w| w.text.clone()).collect::<Vec<_>>()) => {
        }
        name @ ("coproc" | "let" | "shopt" | "enable" | "hash" | "fc" | "bind" | "complete"
        | "compgen" | "mapfile" | "readarray" | "declare" | "typeset" | "function"
        | "select") => {
            u.opaque.push(Opaque::UnsupportedSyntax(name.to_string()));
        }
        _ => {}
    }
}

/// `set` options that only affect errors and tracing are understood; others (`-k`,
/// `-o posix`, …) change how commands are read.
fn unsafe_set_option(args: &[Word]) -> Option<String> {
    const FLAGS: &str = "abefhmnuvxBCEHPT";
    const NAMES: &[&str] = &[
        "pipefail",
        "errexit",
        "nounset",
        "xtrace",
        "verbose",
        "noclobber",
        "errtrace",
        "functrace",
        "noglob",
        "noexec",
        "allexport",
        "notify",
        "hashall",
        "monitor",
        "braceexpand",
        "histexpand",
        "history",
        "ignoreeof",
        "emacs",
        "vi",
        "physical",
    ];
    let mut iter = args.iter();
    while let Some(w) = iter.next() {
        let t = w.text.as_str();
        if w.dynamic {
            return Some(t.to_string());
        }
        if t == "--" || t == "-" {
            return None;
        }
        let Some(flags) = t.strip_prefix('-').or_else(|| t.strip_prefix('+')) else {
            // Positional parameters.
            return None;
        };
        let (flags, takes_name) = match flags.strip_suffix('o') {
            Some(f) => (f, true),
            None => (flags, false),
        };
        if !flags.chars().all(|c| FLAGS.contains(c)) {
            return Some(t.to_string());
        }
        if takes_name {
            match iter.next() {
                Some(name) if NAMES.contains(&name.text.as_str()) => {}
                Some(name) => return Some(format!("{t} {}", name.text)),
                None => {}
            }
        }
    }
    None
}
