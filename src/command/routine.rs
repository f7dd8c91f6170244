//! The routine catalogue: programs that only read, each with a reason, and for each the
//! flags that would make it write or run something (named and excluded, one per line).
//! Anything not listed here is not routine. A program named by a path that is not a plain
//! name (`./x`, `bin/x`) is never a catalogue tool. Build and test runners live in `build`.

use super::routine_search::{awk, fd, find, grep, rg, sed};
use super::{build, is_expansion, Cmd, JudgeCtx, Look};

/// Readers whose every non-option argument is a file or directory they read.
const FILE_READERS: &[(&str, &str)] = &[
    ("cat", "prints files"),
    ("head", "prints the start of files"),
    ("tail", "prints the end of files"),
    ("wc", "counts lines, words and bytes"),
    ("stat", "shows file metadata"),
    ("file", "guesses file types"),
    ("nl", "numbers lines"),
    ("tac", "prints files in reverse"),
    ("ls", "lists directories"),
    ("ll", "lists directories (the usual alias of ls -l)"),
    ("la", "lists directories (the usual alias of ls -A)"),
    ("eza", "lists directories"),
    ("exa", "lists directories"),
    ("du", "measures disk usage"),
    ("df", "shows free disk space"),
    ("md5sum", "checksums files"),
    ("sha1sum", "checksums files"),
    ("sha256sum", "checksums files"),
    ("sha512sum", "checksums files"),
    ("b2sum", "checksums files"),
    ("cksum", "checksums files"),
    ("shasum", "checksums files"),
    ("strings", "prints printable strings"),
    ("od", "dumps bytes"),
    ("hexdump", "dumps bytes"),
    ("readlink", "prints a link target"),
    ("realpath", "prints a resolved path"),
    ("cut", "selects columns"),
    ("paste", "joins lines"),
    ("column", "formats columns"),
    ("fold", "wraps lines"),
    ("fmt", "formats paragraphs"),
    ("rev", "reverses lines"),
    ("comm", "compares sorted files"),
    ("cmp", "compares files"),
    ("diff", "compares files"),
    ("expand", "converts tabs"),
    ("unexpand", "converts spaces"),
    ("bat", "prints files with highlighting"),
    ("tree", "lists a directory tree"),
    ("base64", "encodes or decodes to stdout"),
    ("xxd", "dumps bytes"),
    ("uniq", "filters repeated lines"),
    ("sort", "sorts lines"),
    ("jq", "filters JSON"),
];

/// Programs that read no files and change nothing (their arguments are not paths).
const PURE: &[(&str, &str)] = &[
    ("echo", "prints its arguments"),
    ("printf", "prints its arguments"),
    ("true", "does nothing"),
    ("false", "does nothing"),
    (":", "does nothing"),
    ("pwd", "prints the working directory"),
    ("whoami", "prints the user name"),
    ("id", "prints user and group ids"),
    ("groups", "prints group names"),
    ("uname", "prints system information"),
    ("uptime", "prints uptime"),
    ("nproc", "prints the CPU count"),
    ("arch", "prints the architecture"),
    ("tty", "prints the terminal"),
    ("locale", "prints locale settings"),
    ("which", "finds programs on PATH"),
    ("whereis", "finds programs and manuals"),
    ("type", "describes a command name"),
    ("basename", "strips directories from a name"),
    ("dirname", "strips the last part of a name"),
    ("seq", "prints numbers"),
    ("sleep", "waits"),
    ("test", "evaluates a condition"),
    ("[", "evaluates a condition"),
    ("[[", "evaluates a condition"),
    ("tr", "translates characters on stdin"),
    ("cd", "changes the working directory"),
    ("free", "shows memory use"),
    ("ps", "lists processes"),
    ("pgrep", "lists matching processes"),
    ("lsblk", "lists block devices"),
    ("printenv", "prints named environment variables"),
    ("help", "shows shell help"),
    ("cal", "prints a calendar"),
    ("locate", "looks names up in the file database"),
    ("read", "reads a line into a variable"),
    ("expr", "evaluates an expression"),
];

/// Flags that make a catalogued reader write, run a program or read somewhere else.
const DANGEROUS_FLAGS: &[(&str, &str, &str)] = &[
    ("sort", "-o", "writes its output to a file"),
    ("sort", "--output", "writes its output to a file"),
    ("sort", "--compress-program", "runs a program"),
    ("tree", "-o", "writes its output to a file"),
    ("tree", "-R", "writes HTML files per directory"),
    ("base64", "-o", "writes its output to a file"),
    ("base64", "--output", "writes its output to a file"),
    ("bat", "--pager", "runs a pager program"),
    ("jq", "-f", "reads its program from a file"),
    ("jq", "--from-file", "reads its program from a file"),
    ("date", "-s", "sets the clock"),
    ("date", "--set", "sets the clock"),
    ("dmesg", "-c", "clears the kernel log"),
    ("dmesg", "-C", "clears the kernel log"),
    ("dmesg", "-D", "changes console logging"),
    ("dmesg", "-E", "changes console logging"),
    ("dmesg", "-n", "changes console logging"),
    ("man", "-P", "runs a pager program"),
    ("man", "--pager", "runs a pager program"),
    ("man", "-H", "runs a browser"),
    ("man", "--html", "runs a browser"),
    ("xxd", "-r", "writes binary"),
    ("dmesg", "--clear", "clears the kernel log"),
    ("dmesg", "--read-clear", "clears the kernel log"),
    ("dmesg", "--console-off", "changes console logging"),
    ("dmesg", "--console-on", "changes console logging"),
    ("dmesg", "--console-level", "changes console logging"),
];

/// Options that take the next word as their value, per reader (so it is not a path).
fn value_options(prog: &str) -> &'static [&'static str] {
    match prog {
        "head" | "tail" => &["-n", "-c", "--lines", "--bytes", "-s", "--pid"],
        "cut" => &["-d", "-f", "-c", "-b", "--delimiter", "--fields"],
        "paste" => &["-d", "--delimiters"],
        "column" => &["-s", "-c", "-t", "-o", "-N", "-l", "-R", "-H", "-W"],
        "fold" | "fmt" => &["-w", "--width"],
        "sort" => &[
            "-k",
            "-t",
            "-S",
            "-T",
            "--key",
            "--field-separator",
            "--parallel",
        ],
        "uniq" => &["-f", "-s", "-w"],
        "tree" => &["-L", "-P", "-I", "--charset", "--filelimit", "--sort"],
        "du" => &["-d", "--max-depth", "-B", "--exclude", "-t", "--threshold"],
        "ls" | "ll" | "la" | "eza" | "exa" => {
            &["-I", "--ignore", "-w", "--hide", "-T", "-L", "--level"]
        }
        "diff" => &["-U", "-C", "-x", "-X", "-I", "--label", "-W"],
        "nl" => &["-b", "-n", "-s", "-v", "-w", "-i"],
        "od" => &["-t", "-A", "-j", "-N", "-w"],
        "hexdump" => &["-n", "-s", "-e", "-f"],
        "xxd" => &["-c", "-g", "-l", "-s", "-o"],
        "stat" => &["-c", "--format", "--printf", "-f"],
        "strings" => &["-n", "-t", "-e"],
        "bat" => &[
            "-l",
            "--language",
            "-r",
            "--line-range",
            "--style",
            "--theme",
            "-H",
        ],
        "jq" => &["--arg", "--argjson", "--indent"],
        "md5sum" | "sha1sum" | "sha256sum" | "sha512sum" | "b2sum" | "shasum" => &["-a", "-l"],
        _ => &[],
    }
}

/// Look a command up in the catalogue.
pub(super) fn look(cmd: &Cmd, ctx: &JudgeCtx) -> Look {
    let prog = cmd.program();
    if prog.contains('/') {
        return Look::unknown(format!("{prog} is a program from a path, not a known tool"));
    }
    if cmd.dynamic.first().copied().unwrap_or(false) {
        return Look::unknown("the program name is computed at run time");
    }
    if cmd.args().iter().any(|a| a == "--help" || a == "--version") && cmd.args().len() == 1 {
        return Look::routine("prints help or its version");
    }
    // A lone `-h` is help too, except to shells and interpreters (`bash -h` sets an
    // option and reads commands) and to programs for which it means something else.
    if cmd.args() == ["-h"] && !is_runner(prog) && !H_IS_NOT_HELP.contains(&prog) {
        return Look::routine("prints help");
    }
    if let Some(l) = build::look(cmd) {
        return l;
    }
    if let Some(p) = crate::effects::programs::lookup(prog) {
        return match crate::effects::programs::effects(p, cmd.argv, cmd.dynamic) {
            Ok(effects) => {
                let mut l = Look::from_effects(p.does, effects);
                l.uses_cwd = p.reads_cwd_by_default && l.reads.iter().any(|r| r == ".");
                l
            }
            Err(e) => Look::unknown(format!("{prog}: {e}")),
        };
    }
    if let Some(l) = super::catalog::look(cmd, ctx) {
        return l;
    }
    match prog {
        "git" => return super::routine_git::look(cmd, ctx),
        "find" => return find(cmd),
        "grep" | "egrep" | "fgrep" => return grep(cmd),
        "rg" => return rg(cmd),
        "fd" | "fdfind" => return fd(cmd),
        "sed" => return sed(cmd),
        "awk" | "gawk" | "mawk" | "nawk" => return awk(cmd),
        "fzf" => return super::routine_git::fzf(cmd, ctx),
        "env" => {
            return Look::unknown("env without a command prints every secret in the environment")
        }
        "printenv" if cmd.args().is_empty() => {
            return Look::unknown("printenv with no name prints every secret in the environment")
        }
        "hostname" if cmd.args().iter().any(|a| !a.starts_with('-')) => {
            return Look::unknown("hostname NAME changes the host name")
        }
        "command" => return command_v(cmd),
        "man" | "date" | "dmesg" | "hostname" => {}
        _ => {}
    }
    if let Some(reason) = danger_flag(cmd) {
        return Look::unknown(reason);
    }
    if let Some((_, why)) = PURE.iter().find(|(n, _)| *n == prog) {
        return Look::routine(*why);
    }
    if matches!(prog, "man" | "date" | "dmesg" | "hostname") {
        return Look::routine("prints information");
    }
    let Some((_, why)) = FILE_READERS.iter().find(|(n, _)| *n == prog) else {
        return Look::unknown(format!("{prog} is not in the routine catalogue"));
    };
    let mut l = Look::routine(*why);
    let files = match positional(cmd, value_options(prog)) {
        Ok(f) => f,
        Err(e) => return Look::unknown(e),
    };
    let files: Vec<String> = if prog == "jq" {
        files.into_iter().skip(1).collect()
    } else {
        files
    };
    match prog {
        "uniq" if files.len() > 1 => return Look::unknown("uniq IN OUT writes OUT"),
        "xxd" if files.len() > 1 => return Look::unknown("xxd IN OUT writes OUT"),
        _ => {}
    }
    if files.is_empty() && matches!(prog, "ls" | "ll" | "la" | "eza" | "exa" | "du" | "tree") {
        l.reads.push(".".into());
        l.uses_cwd = true;
    }
    l.reads.extend(files.into_iter().filter(|f| f != "-"));
    l
}

/// Programs for which a lone `-h` is not help (halt, hold, no-dereference, endless output).
const H_IS_NOT_HELP: &[&str] = &[
    "shutdown", "halt", "poweroff", "reboot", "yes", "chown", "chgrp", "tar", "init", "telinit",
    "hostname", "sort", "ln", "cp", "mv",
];

fn is_runner(prog: &str) -> bool {
    let base = prog.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    super::destructive::RUNNERS.contains(&prog) || super::destructive::RUNNERS.contains(&base)
}

/// Is this program in a routine catalogue (so its arguments are data, not commands)?
pub(super) fn is_catalogued(prog: &str) -> bool {
    known(prog)
        || matches!(
            prog,
            "git"
                | "find"
                | "grep"
                | "egrep"
                | "fgrep"
                | "rg"
                | "fd"
                | "sed"
                | "awk"
                | "fzf"
                | "man"
                | "date"
                | "dmesg"
                | "hostname"
        )
}

fn known(prog: &str) -> bool {
    PURE.iter().any(|(n, _)| *n == prog) || FILE_READERS.iter().any(|(n, _)| *n == prog)
}

fn danger_flag(cmd: &Cmd) -> Option<String> {
    let prog = cmd.program();
    for a in cmd.args() {
        for (p, flag, why) in DANGEROUS_FLAGS {
            if *p != prog {
                continue;
            }
            let hit = a == flag
                || (flag.starts_with("--") && a.starts_with(&format!("{flag}=")))
                || (!flag.starts_with("--")
                    && a.starts_with('-')
                    && !a.starts_with("--")
                    && a.len() > 2
                    && short_bundle_has(a, flag));
            if hit {
                return Some(format!("{prog} {flag} {why}"));
            }
        }
    }
    None
}

/// Does a bundle like `-nro` contain the short flag `-o`?
fn short_bundle_has(bundle: &str, flag: &str) -> bool {
    let Some(c) = flag.chars().nth(1) else {
        return false;
    };
    bundle.chars().skip(1).any(|x| x == c)
}

/// Positional arguments, skipping options and the values of `value_opts`. A dynamic word
/// that is a glob counts by its literal directory; an expansion makes it unknown.
pub(super) fn positional(cmd: &Cmd, value_opts: &[&str]) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    let mut skip = false;
    let mut ended = false;
    for (i, a) in cmd.args().iter().enumerate() {
        if skip {
            skip = false;
            continue;
        }
        if !ended && a == "--" {
            ended = true;
            continue;
        }
        if !ended && a.starts_with('-') && a.len() > 1 {
            if cmd.arg_dynamic(i) && is_expansion(a) {
                return Err(format!("the option {a} is computed at run time"));
            }
            if value_opts.contains(&a.as_str()) {
                skip = true;
            }
            continue;
        }
        if cmd.arg_dynamic(i) {
            if is_expansion(a) {
                return Err(format!("the path {a} is computed at run time"));
            }
            out.push(glob_dir(a));
            continue;
        }
        out.push(a.clone());
    }
    Ok(out)
}

/// The literal directory a glob searches (`src/*.rs` → `src`, `*.rs` → `.`).
pub(super) fn glob_dir(word: &str) -> String {
    let mut parts = Vec::new();
    for seg in word.split('/') {
        if seg.contains(['*', '?', '[', '{']) {
            break;
        }
        parts.push(seg);
    }
    let s = parts.join("/");
    if s.is_empty() {
        if word.starts_with('/') {
            "/".into()
        } else {
            ".".into()
        }
    } else {
        s
    }
}

fn command_v(cmd: &Cmd) -> Look {
    match (cmd.args().first().map(String::as_str), cmd.args().len()) {
        (Some("-v") | Some("-V"), 2) => Look::routine("describes a command name"),
        _ => Look::unknown("command runs a program"),
    }
}
