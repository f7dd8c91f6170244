//! Wrapper stripping: from a command's normalised argv, find the program that really runs
//! (`sudo -u x timeout 5 nice -n 3 command rm` runs `rm`), the wrappers passed through,
//! `env` assignments, and builtins that change how the shell reads commands (`eval`,
//! `source`, `alias`, `trap`, …). Re-entries into a shell (`bash -c`, `xargs`, `find
//! -exec`, …) live in `reenter`; this module only hands them back to the walker.
//!
//! A wrapper's own options are a grammar with what each value is, checked against the
//! program on this machine where it is installed (each function says which): where the
//! command runs ([`Place`]: GNU env 9.1's `-C`/`--chdir`, sudo(8)'s `-D`/`--chdir`, the
//! sudo-rs and sudo manuals; util-linux 2.38.1's `nsenter`/`unshare -w`; systemd 252's
//! `systemd-run --working-directory`/`--same-dir`; bubblewrap 0.8.0's `--chdir`), the
//! files it opens itself ([`WrapperFile`], judged as a command that opens them would be),
//! the environment it gives (pushed as assignments, judged as `VAR=VAL` prefixes), and
//! the programs it runs. An option outside a wrapper's grammar makes the command opaque.

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
    /// Directory changes the wrappers make before the command runs, in order (`env -C
    /// DIR`, `sudo -D DIR`): its relative paths land there.
    pub places: Vec<Place>,
    /// Files the wrappers themselves read or write (`time -o FILE`, `sshpass -f FILE`).
    pub files: Vec<WrapperFile>,
}

/// A directory a wrapper runs its command in.
#[derive(Debug, Clone)]
pub(super) enum Place {
    /// A path, relative to where the wrapper runs.
    Dir(Word),
    /// Somewhere not known (another root, a service manager's directory).
    Unknown,
}

/// A file a wrapper opens itself, judged as a command that reads or writes it would be.
#[derive(Debug)]
pub(super) struct WrapperFile {
    pub path: Word,
    pub access: Access,
    /// How many of [`Unwrapped::places`] apply where the wrapper opens it.
    pub at: usize,
}

#[derive(Debug)]
pub(super) enum Access {
    Read,
    /// Written with this text (what the wrapper puts there, as far as it is known).
    Write {
        append: bool,
        content: String,
    },
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
    /// Its commands read the wrapper's own standard input (`sh -c STRING`, `env -S
    /// STRING`): a known input (a heredoc, a pipe from a command printing literals) is
    /// theirs.
    pub stdin: bool,
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
            stdin: false,
        });
    }

    /// A string bash itself runs (`bash -c STRING`).
    pub fn nest_bash(&mut self, word: Word) {
        self.nested.push(Nested {
            kind: NestKind::Shell,
            body: Body::Shell(word),
            parent: None,
            bash: true,
            stdin: false,
        });
    }

    /// A string a shell runs with the wrapper's own standard input (`sh -c STRING`, `bash
    /// -c STRING`, `env -S STRING`: on this machine, coreutils 9.1, `echo 'echo x' | env -S
    /// bash` and `| sh -c bash` both run `echo x`).
    pub fn nest_fed(&mut self, word: Word, bash: bool) {
        self.nested.push(Nested {
            kind: NestKind::Shell,
            body: Body::Shell(word),
            parent: None,
            bash,
            stdin: true,
        });
    }

    /// A command string that `ssh` hands to the shell of `host`.
    pub fn nest_remote(&mut self, host: &str, word: Word) {
        self.nested.push(Nested {
            kind: NestKind::Remote,
            body: Body::Shell(word),
            parent: Some(host.to_string()),
            bash: false,
            stdin: false,
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
            stdin: false,
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
            stdin: false,
        });
    }

    fn chdir(&mut self, place: Place) {
        self.places.push(place);
    }

    fn file(&mut self, path: Word, access: Access) {
        let at = self.places.len();
        self.files.push(WrapperFile { path, access, at });
    }

    /// An option this grammar does not allow: the command is not routine.
    fn refuse(&mut self, wrapper: &str, option: &str) {
        self.opaque.push(Opaque::UnknownWrapperOption {
            wrapper: wrapper.to_string(),
            option: option.to_string(),
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
            // systemd's run0: its options are not modelled (any makes it opaque); it runs
            // as root, in a directory not known here, and a shell with no command.
            "run0" => {
                let p = opts::parse(argv, i + 1, &NO_OPTS);
                u.check(&name, &p, argv);
                u.chdir(Place::Unknown);
                if p.next >= argv.len() {
                    login_shell("run0", &mut u);
                    None
                } else {
                    Some(p.next)
                }
            }
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
            "time" => time(argv, i, &mut u),
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
                // Its paths are the new root's.
                u.chdir(Place::Unknown);
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
                namespace_place(&name, &p, argv, i, &mut u);
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
                // The service manager's directory (`/`, or the user's home), unless told.
                match last(&p, &["--working-directory"]) {
                    Some(d) => u.chdir(Place::Dir(value(argv, i, p.next, d))),
                    None if p.has("--same-dir") || p.has("-d") => {}
                    None => u.chdir(Place::Unknown),
                }
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
                // `--env=NAME=VALUE` is set in the sandboxed program's environment.
                for f in p.flags.iter().filter(|f| f.name == "--env") {
                    match f.value.as_deref().and_then(split_assignment) {
                        Some((n, v)) => u.assignments.push((n.to_string(), v.to_string())),
                        None => u.refuse("firejail", "--env"),
                    }
                }
                if p.next >= argv.len() {
                    login_shell("firejail", &mut u);
                    None
                } else {
                    Some(p.next)
                }
            }
            "strace" => strace(argv, i, &mut u),
            "ltrace" => ltrace(argv, i, &mut u),
            "sshpass" => sshpass(argv, i, &mut u),
            "proxychains" | "proxychains4" => plain(&name, argv, i, &PROXYCHAINS, &mut u),
            "torsocks" => plain(&name, argv, i, &TORSOCKS, &mut u),
            "fakeroot" => fakeroot(argv, i, &mut u),
            "xvfb-run" => xvfb_run(argv, i, &mut u),
            "bwrap" => bwrap(argv, i, &mut u),
            "envdir" => envdir(argv, i, &mut u),
            "chpst" => chpst(argv, i, &mut u),
            _ if RUNNERS.iter().any(|r| r.name == name) => runner(argv, i, &mut u),
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
    if let Some(d) = last(&p, &["-D", "--chdir"]) {
        u.chdir(Place::Dir(value(argv, i, p.next, d)));
    }
    // A login shell starts in the target user's home; another root is elsewhere.
    if ["-i", "--login", "-R", "--chroot"].iter().any(|f| p.has(f)) {
        u.chdir(Place::Unknown);
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
    if let Some(d) = last(&p, &["-C", "--chdir"]) {
        u.chdir(Place::Dir(value(argv, i, p.next, d)));
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
        u.nest_fed(Word::new(text, dynamic), false);
        return None;
    }
    Some(j)
}

/// The last value given to any of `names` (a repeated option: the last one counts).
fn last<'p>(p: &'p opts::Parsed, names: &[&str]) -> Option<&'p str> {
    p.flags
        .iter()
        .rev()
        .find(|f| names.contains(&f.name.as_str()))
        .and_then(|f| f.value.as_deref())
}

/// An option's value as a word: not known when any word of the options is computed.
fn value(argv: &[Word], i: usize, next: usize, text: &str) -> Word {
    let dynamic = argv
        .get(i + 1..next.min(argv.len()))
        .is_some_and(|ws| ws.iter().any(|w| w.dynamic));
    Word::new(text.to_string(), dynamic)
}

/// The wrapped command's words, as text a file written about it may hold.
fn command_text(argv: &[Word], from: usize) -> String {
    argv.get(from..)
        .unwrap_or(&[])
        .iter()
        .map(|w| w.text.as_str())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Where `nsenter`, `unshare` and `proot` run their command: `-w`/`--wd`/`--pwd`/`--cwd`
/// DIR there, a root of their own (`-r`/`--root`/`-R`/`--rootfs`) somewhere not known
/// (util-linux 2.38.1's `nsenter --help` and `unshare --help` on this machine; proot(1)).
fn namespace_place(name: &str, p: &opts::Parsed, argv: &[Word], i: usize, u: &mut Unwrapped) {
    let (wd, root): (&[&str], &[&str]) = match name {
        "nsenter" => (&["-w", "--wd"], &["-r", "--root"]),
        "unshare" => (&["-w", "--wd"], &["-R", "--root"]),
        _ => (&["-w", "--pwd", "--cwd"], &["-r", "--rootfs"]),
    };
    // A root of its own, or nsenter's `-W`/`--wdns DIR` (a directory inside the
    // namespace's mounts).
    if root.iter().any(|f| p.has(f)) || (name == "nsenter" && (p.has("-W") || p.has("--wdns"))) {
        u.chdir(Place::Unknown);
    }
    if wd.iter().any(|f| p.has(f)) {
        match last(p, wd) {
            Some(d) => u.chdir(Place::Dir(value(argv, i, p.next, d))),
            // `nsenter -w` alone: the target process's directory.
            None => u.chdir(Place::Unknown),
        }
    }
}

/// GNU time 1.9 (`/usr/bin/time --help` on this machine): `-o FILE` writes its report to
/// FILE (`-a` appends), in the `-f FORMAT` given (its `\n`, `\t`, `\\` escapes decoded,
/// `%C` the command's words, other `%` directives numbers), or the `-v` report, which
/// names the command. (Bash's own `time` keyword takes only `-p`: `time -o f cmd` runs a
/// program `-o`; judged as GNU time, it is judged for more than it does.)
fn time(argv: &[Word], i: usize, u: &mut Unwrapped) -> Option<usize> {
    let p = opts::parse(argv, i + 1, &TIME);
    u.check("time", &p, argv);
    if let Some(file) = last(&p, &["-o", "--output"]) {
        let cmd = command_text(argv, p.next);
        let content = match last(&p, &["-f", "--format"]) {
            Some(format) => time_format(format, &cmd),
            None if p.has("-v") || p.has("--verbose") => {
                format!("\tCommand being timed: \"{cmd}\"\n")
            }
            None => "0.00user 0.00system 0:00.00elapsed\n".to_string(),
        };
        let append = p.has("-a") || p.has("--append");
        let path = value(argv, i, p.next, file);
        u.file(path, Access::Write { append, content });
    }
    Some(p.next)
}

/// What GNU time writes for FORMAT: its escapes decoded, `%C` the command, `%%` a `%`,
/// any other directive a number.
fn time_format(format: &str, cmd: &str) -> String {
    let mut out = String::new();
    let mut chars = format.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some('n') => out.push('\n'),
                Some('t') => out.push('\t'),
                Some('\\') => out.push('\\'),
                Some(o) => {
                    out.push('\\');
                    out.push(o);
                }
                None => out.push('\\'),
            },
            '%' => match chars.next() {
                Some('C') => out.push_str(cmd),
                Some('%') => out.push('%'),
                Some(_) => out.push('0'),
                None => out.push('%'),
            },
            c => out.push(c),
        }
    }
    out.push('\n');
    out
}

/// strace 6.1 (`strace --help` on this machine): `-o FILE` writes the trace (the traced
/// program's calls and the strings they pass) to FILE, or pipes it to a shell command
/// when FILE starts with `|` or `!`; `-A` appends; `-E VAR=VAL` sets VAR in the traced
/// program's environment (judged as a `VAR=VAL` prefix); `-u USER` runs it as another
/// user; `-p PID` traces a running process instead (no command: judged as `strace`
/// itself); `-e inject=…`/`-e fault=…` change what its system calls return.
fn strace(argv: &[Word], i: usize, u: &mut Unwrapped) -> Option<usize> {
    let p = opts::parse(argv, i + 1, &STRACE);
    u.check("strace", &p, argv);
    for f in &p.flags {
        let v = f.value.as_deref().unwrap_or("");
        match f.name.as_str() {
            "-E" | "--env" => {
                if let Some((n, val)) = split_assignment(v) {
                    u.assignments.push((n.to_string(), val.to_string()));
                }
            }
            "-u" | "--user" => u.refuse("strace", &f.name),
            "-e" | "--expr" if v.starts_with("inject") || v.starts_with("fault") => {
                u.refuse("strace", &format!("{} {v}", f.name));
            }
            _ => {}
        }
    }
    trace_output(argv, i, &p, &["-o", "--output"], p.has("-A"), u);
    (!(p.has("-p") || p.has("--attach"))).then_some(p.next)
}

/// ltrace 0.7.3 (`ltrace --help` on this machine): `-o FILE` writes the trace; `-F FILE`
/// reads a configuration; `-u USER` runs the program as another user; `-p PID` traces a
/// running process.
fn ltrace(argv: &[Word], i: usize, u: &mut Unwrapped) -> Option<usize> {
    let p = opts::parse(argv, i + 1, &LTRACE);
    u.check("ltrace", &p, argv);
    for f in &p.flags {
        match f.name.as_str() {
            "-u" => u.refuse("ltrace", "-u"),
            "-F" | "--config" => {
                if let Some(v) = f.value.as_deref() {
                    u.file(value(argv, i, p.next, v), Access::Read);
                }
            }
            _ => {}
        }
    }
    trace_output(argv, i, &p, &["-o", "--output"], false, u);
    (!p.has("-p")).then_some(p.next)
}

/// A tracer's `-o FILE`: the trace, which holds the command's words, written to FILE; or,
/// for strace, `|CMD`/`!CMD`: a shell command the trace is piped to.
fn trace_output(
    argv: &[Word],
    i: usize,
    p: &opts::Parsed,
    names: &[&str],
    append: bool,
    u: &mut Unwrapped,
) {
    let Some(file) = last(p, names) else {
        return;
    };
    let word = value(argv, i, p.next, file);
    if let Some(cmd) = file.strip_prefix(['|', '!']) {
        u.opaque.push(Opaque::WrapperHides {
            wrapper: "strace".into(),
            what: format!("-o pipes the trace into the command {cmd}, which reads it"),
        });
        u.nest_shell(NestKind::Shell, Word::new(cmd.to_string(), word.dynamic));
        return;
    }
    let content = format!("execve({})\n", command_text(argv, p.next));
    u.file(word, Access::Write { append, content });
}

/// sshpass 1.09 (`sshpass -h` on this machine): `-f FILE` reads the password from FILE's
/// first line and types it to the program's password prompt (a read of FILE, sent to the
/// host: not routine); `-p PASSWORD`, `-d FD`, `-e` (from `SSHPASS`) give it otherwise.
fn sshpass(argv: &[Word], i: usize, u: &mut Unwrapped) -> Option<usize> {
    let p = opts::parse(argv, i + 1, &SSHPASS);
    u.check("sshpass", &p, argv);
    if let Some(file) = last(&p, &["-f"]) {
        u.file(value(argv, i, p.next, file), Access::Read);
        u.opaque.push(Opaque::WrapperHides {
            wrapper: "sshpass".into(),
            what: format!("-f sends the first line of {file} to the program's host"),
        });
    }
    Some(p.next)
}

/// fakeroot 1.31 (`fakeroot --help` on this machine): `-l`/`--lib LIB` preloads LIB into
/// the command (judged as `LD_PRELOAD=LIB`), `-f`/`--faked BIN` runs BIN as its daemon,
/// `-s FILE` saves the fake ownership to FILE on exit, `-i FILE` loads it.
fn fakeroot(argv: &[Word], i: usize, u: &mut Unwrapped) -> Option<usize> {
    let p = opts::parse(argv, i + 1, &FAKEROOT);
    u.check("fakeroot", &p, argv);
    for f in &p.flags {
        let Some(v) = f.value.as_deref() else {
            continue;
        };
        let word = value(argv, i, p.next, v);
        match f.name.as_str() {
            "-l" | "--lib" => u
                .assignments
                .push(("LD_PRELOAD".to_string(), v.to_string())),
            "-f" | "--faked" => u.nest_argv(NestKind::Shell, vec![word], "fakeroot"),
            "-s" => u.file(
                word,
                Access::Write {
                    append: false,
                    content: String::new(),
                },
            ),
            "-i" => u.file(word, Access::Read),
            _ => {}
        }
    }
    Some(p.next)
}

/// xvfb-run (Debian's script, its usage text): `-e FILE` writes the X server's errors to
/// FILE, `-f FILE` the authority cookie; `-s ARGS` is handed to the X server, whose
/// options are not modelled beyond screens, depths and extensions.
fn xvfb_run(argv: &[Word], i: usize, u: &mut Unwrapped) -> Option<usize> {
    let p = opts::parse(argv, i + 1, &XVFB_RUN);
    u.check("xvfb-run", &p, argv);
    for f in &p.flags {
        let Some(v) = f.value.as_deref() else {
            continue;
        };
        match f.name.as_str() {
            "-e" | "--error-file" | "-f" | "--auth-file" => u.file(
                value(argv, i, p.next, v),
                Access::Write {
                    append: false,
                    content: String::new(),
                },
            ),
            "-s" | "--server-args" if !plain_server_args(v) => {
                u.refuse("xvfb-run", &format!("{} {v}", f.name));
            }
            _ => {}
        }
    }
    Some(p.next)
}

/// X server arguments that only size the screen or switch extensions and listeners.
fn plain_server_args(args: &str) -> bool {
    let mut words = args.split_whitespace();
    while let Some(w) = words.next() {
        match w {
            "-screen" => {
                let ok = words
                    .next()
                    .is_some_and(|n| n.chars().all(|c| c.is_ascii_digit()))
                    && words
                        .next()
                        .is_some_and(|g| g.chars().all(|c| c.is_ascii_digit() || c == 'x'));
                if !ok {
                    return false;
                }
            }
            "-dpi" | "-nolisten" | "+extension" | "-extension" => {
                if !words
                    .next()
                    .is_some_and(|v| v.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'))
                {
                    return false;
                }
            }
            "-ac" | "-noreset" | "+render" | "-br" | "+iglx" | "-nocursor" => {}
            _ => return false,
        }
    }
    true
}

/// bubblewrap 0.8.0 (`bwrap --help` on this machine): options that take one, two or three
/// values. `--chdir DIR` is where the command starts; `--setenv VAR VALUE` sets its
/// environment; binds, symlinks and mounts remap every path, so the wrapper is never
/// routine (the command floor's list of wrappers that run in another place). `--args FD`
/// reads more options from a descriptor: not known.
fn bwrap(argv: &[Word], i: usize, u: &mut Unwrapped) -> Option<usize> {
    const ZERO: &[&str] = &[
        "--unshare-all",
        "--share-net",
        "--unshare-user",
        "--unshare-user-try",
        "--unshare-ipc",
        "--unshare-pid",
        "--unshare-net",
        "--unshare-uts",
        "--unshare-cgroup",
        "--unshare-cgroup-try",
        "--disable-userns",
        "--assert-userns-disabled",
        "--clearenv",
        "--new-session",
        "--die-with-parent",
        "--as-pid-1",
    ];
    const ONE: &[&str] = &[
        "--uid",
        "--gid",
        "--hostname",
        "--chdir",
        "--unsetenv",
        "--lock-file",
        "--remount-ro",
        "--proc",
        "--dev",
        "--tmpfs",
        "--mqueue",
        "--dir",
        "--cap-add",
        "--cap-drop",
        "--perms",
        "--size",
        "--exec-label",
        "--file-label",
    ];
    const TWO: &[&str] = &[
        "--setenv",
        "--bind",
        "--bind-try",
        "--dev-bind",
        "--dev-bind-try",
        "--ro-bind",
        "--ro-bind-try",
        "--symlink",
        "--chmod",
    ];
    // The real file system is no longer where the command's paths land.
    u.chdir(Place::Unknown);
    let mut j = i + 1;
    while let Some(w) = argv.get(j) {
        let t = w.text.as_str();
        if w.dynamic {
            u.opaque.push(Opaque::DynamicCommandName(t.to_string()));
            return None;
        }
        if t == "--" {
            j += 1;
            break;
        }
        if !t.starts_with("--") {
            break;
        }
        let n = if ZERO.contains(&t) {
            0
        } else if ONE.contains(&t) {
            1
        } else if TWO.contains(&t) {
            2
        } else {
            u.refuse("bwrap", t);
            return None;
        };
        if t == "--setenv" {
            if let (Some(k), Some(v)) = (argv.get(j + 1), argv.get(j + 2)) {
                u.assignments.push((k.text.clone(), v.text.clone()));
            }
        }
        if t == "--chdir" {
            if let Some(d) = argv.get(j + 1) {
                u.chdir(Place::Dir(d.clone()));
            }
        }
        j += 1 + n;
    }
    Some(j)
}

/// A program that fetches secrets and runs a command with them in its environment
/// (`doppler run -- CMD`): the command is judged on its own, and one that prints its
/// environment prints the secrets (the command floor's secret printers).
struct Runner {
    name: &'static str,
    /// The subcommand that runs a command (`run`, `exec`).
    sub: &'static str,
    /// Operands before the command (`aws-vault exec PROFILE`, `direnv exec DIR`); `None`:
    /// any number, the command after `--` only (`chamber exec SERVICE… -- CMD`).
    operands: Option<usize>,
    /// Options that take a value (`--project P`, `--project=P`).
    val: &'static [&'static str],
    /// Options that take none.
    flag: &'static [&'static str],
    /// Options whose value is a shell command it runs (`infisical run --command STR`).
    shell: &'static [&'static str],
    /// Options whose value is `NAME=VALUE` set in the command's environment.
    assign: &'static [&'static str],
}

/// The runners and the options of their run subcommand, from each one's reference (only
/// options checked there are listed; another makes the wrapper unknown, so not routine):
/// `doppler run` (docs.doppler.com's setup guide and configuration page, fig.io's
/// manual: `-p`/`--project`, `-c`/`--config`, `--scope`, `-t`/`--token`, `--fallback`,
/// `--fallback-only`, `--silent`, `--no-check-version`; `--command STR` runs a shell
/// string), `op run` (developer.1password.com: `--env-file`, `--no-masking`, the global
/// `--account`), `infisical run` (infisical.com/docs: `--env`, `--path`, `--projectId`,
/// `--silent`; `--command STR`), `dotenvx run` (its README and CLI reference: `-f`/
/// `--env-file`, `-fv`/`--env-vault-file`, `-o`/`--overload`, `--convention`, `--strict`,
/// `--env KEY=VALUE`, set in the command's environment), `chamber exec SERVICE… --
/// CMD`, `aws-vault exec PROFILE [--] CMD` (fig.io's manual and its USAGE.md: `-d`/
/// `--duration`, `-n`/`--no-session`, `--region`, `-t`/`--mfa-token`), `teller run --
/// CMD`, and `direnv exec DIR CMD` (direnv(1)).
const RUNNERS: &[Runner] = &[
    Runner {
        name: "doppler",
        sub: "run",
        operands: Some(0),
        val: &[
            "-p",
            "--project",
            "-c",
            "--config",
            "--scope",
            "--fallback",
            "--token",
            "-t",
        ],
        flag: &["--silent", "--no-check-version", "--fallback-only"],
        shell: &["--command"],
        assign: &[],
    },
    Runner {
        name: "op",
        sub: "run",
        operands: Some(0),
        val: &["--env-file", "--account"],
        flag: &["--no-masking"],
        shell: &[],
        assign: &[],
    },
    Runner {
        name: "infisical",
        sub: "run",
        operands: Some(0),
        val: &["--env", "--path", "--projectId"],
        flag: &["--silent"],
        shell: &["--command"],
        assign: &[],
    },
    Runner {
        name: "dotenvx",
        sub: "run",
        operands: Some(0),
        val: &[
            "-f",
            "--env-file",
            "-fv",
            "--env-vault-file",
            "--convention",
        ],
        flag: &["-o", "--overload", "--strict"],
        shell: &[],
        assign: &["--env"],
    },
    Runner {
        name: "chamber",
        sub: "exec",
        operands: None,
        val: &[],
        flag: &[],
        shell: &[],
        assign: &[],
    },
    Runner {
        name: "aws-vault",
        sub: "exec",
        operands: Some(1),
        val: &["-d", "--duration", "--region", "-t", "--mfa-token"],
        flag: &["-n", "--no-session"],
        shell: &[],
        assign: &[],
    },
    Runner {
        name: "teller",
        sub: "run",
        operands: None,
        val: &[],
        flag: &[],
        shell: &[],
        assign: &[],
    },
    Runner {
        name: "direnv",
        sub: "exec",
        operands: Some(1),
        val: &[],
        flag: &[],
        shell: &[],
        assign: &[],
    },
];

fn runner(argv: &[Word], i: usize, u: &mut Unwrapped) -> Option<usize> {
    let name = program_name(&argv.get(i)?.text);
    let r = RUNNERS.iter().find(|r| r.name == name)?;
    if argv.get(i + 1).map(|w| w.text.as_str()) != Some(r.sub) {
        return None;
    }
    let mut j = i + 2;
    let mut operands = 0;
    let mut unknown = false;
    while let Some(w) = argv.get(j) {
        let t = w.text.as_str();
        if w.dynamic {
            u.opaque.push(Opaque::DynamicCommandName(t.to_string()));
            return None;
        }
        // The command is what follows `--`, whatever the options before it were.
        if t == "--" {
            return Some(j + 1);
        }
        if t.starts_with('-') && t.len() > 1 {
            let (opt, inline) = match t.split_once('=') {
                Some((o, v)) => (o, Some(v)),
                None => (t, None),
            };
            if r.val.contains(&opt) || r.shell.contains(&opt) || r.assign.contains(&opt) {
                let v = match inline {
                    Some(v) => v.to_string(),
                    None => {
                        j += 1;
                        argv.get(j).map(|w| w.text.clone()).unwrap_or_default()
                    }
                };
                if r.shell.contains(&opt) {
                    u.nest_shell(NestKind::Shell, Word::lit(&v));
                    return None;
                }
                if r.assign.contains(&opt) {
                    match split_assignment(&v) {
                        Some((n, val)) => u.assignments.push((n.to_string(), val.to_string())),
                        None => {
                            u.refuse(r.name, t);
                            unknown = true;
                        }
                    }
                }
            } else if !r.flag.contains(&opt) || inline.is_some() {
                u.refuse(r.name, t);
                unknown = true;
            }
            j += 1;
            continue;
        }
        match r.operands {
            Some(n) if operands >= n => return (!unknown).then_some(j),
            _ => operands += 1,
        }
        j += 1;
    }
    None
}

/// runit 2.2.0's chpst(8): `-C DIR` runs the command in DIR; `-e DIR` sets its
/// environment from the files there (as `envdir`), `-u USER` runs it as another user and
/// `-/ ROOT` in another root (opaque); `-l`/`-L LOCK` opens LOCK for writing; `-U`, `-b`,
/// `-n`, the limits and `-v`/`-P`/`-0`/`-1`/`-2` change nothing the floor judges.
fn chpst(argv: &[Word], i: usize, u: &mut Unwrapped) -> Option<usize> {
    let p = opts::parse(argv, i + 1, &CHPST);
    u.check("chpst", &p, argv);
    for f in &p.flags {
        let Some(v) = f.value.as_deref() else {
            continue;
        };
        let word = value(argv, i, p.next, v);
        match f.name.as_str() {
            "-C" => u.chdir(Place::Dir(word)),
            "-/" => {
                u.chdir(Place::Unknown);
                u.refuse("chpst", &format!("-/ {v}"));
            }
            "-u" => u.refuse("chpst", &format!("-u {v}")),
            "-e" => u.opaque.push(Opaque::WrapperHides {
                wrapper: "chpst".into(),
                what: format!(
                    "-e sets the command's environment from the files in {v}, which may load code"
                ),
            }),
            "-l" | "-L" => u.file(
                word,
                Access::Write {
                    append: true,
                    content: String::new(),
                },
            ),
            _ => {}
        }
    }
    Some(p.next)
}

/// daemontools' and runit's `envdir DIR CMD` (envdir(8)): CMD's environment is set from
/// the files in DIR, whose names and contents are not known here (`LD_PRELOAD`, `PATH`):
/// judged as a prefix that may load code, so never routine.
fn envdir(argv: &[Word], i: usize, u: &mut Unwrapped) -> Option<usize> {
    let dir = argv.get(i + 1)?;
    u.opaque.push(Opaque::WrapperHides {
        wrapper: "envdir".into(),
        what: format!(
            "sets the command's environment from the files in {}, which may load code",
            dir.text
        ),
    });
    u.file(dir.clone(), Access::Read);
    Some(i + 2)
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
        // `mapfile`/`readarray` read lines into an array (its grammar is the command
        // floor's); `-C CALLBACK` evaluates code.
        "mapfile" | "readarray"
            if args.iter().all(|w| {
                !w.dynamic && (!w.text.starts_with('-') || !w.text.contains(['C', 'c']))
            }) => {}
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
