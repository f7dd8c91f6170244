//! The routine catalogue: programs that only read, each with a reason, and for each the
//! flags that would make it write or run something (named and excluded, one per line).
//! Anything not listed here is not routine. A program named by a path that is not a plain
//! name (`./x`, `bin/x`) is never a catalogue tool. Build and test runners live in `build`.

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

/// find: roots are read; actions that run, delete or write files are excluded.
fn find(cmd: &Cmd) -> Look {
    const BAD: &[(&str, &str)] = &[
        ("-exec", "runs a program per file"),
        ("-execdir", "runs a program per file"),
        ("-ok", "runs a program per file"),
        ("-okdir", "runs a program per file"),
        ("-delete", "deletes files"),
        ("-fprint", "writes a file"),
        ("-fprint0", "writes a file"),
        ("-fprintf", "writes a file"),
        ("-fls", "writes a file"),
    ];
    let mut roots = Vec::new();
    let mut in_expr = false;
    for (i, a) in cmd.args().iter().enumerate() {
        if let Some((_, why)) = BAD.iter().find(|(f, _)| a == f) {
            return Look::unknown(format!("find {a} {why}"));
        }
        if cmd.arg_dynamic(i) && is_expansion(a) {
            return Look::unknown(format!("find is given a run-time value {a}"));
        }
        if in_expr {
            continue;
        }
        if matches!(
            a.as_str(),
            "-H" | "-L" | "-P" | "-E" | "-X" | "-d" | "-s" | "-x"
        ) || a.starts_with("-O")
        {
            continue;
        }
        if a.starts_with('-') || a == "(" || a == "!" || a == "\\(" {
            in_expr = true;
            continue;
        }
        roots.push(a.clone());
    }
    let mut l = Look::routine("searches for files by name and metadata");
    if roots.is_empty() {
        roots.push(".".into());
        l.uses_cwd = true;
    }
    l.reads = roots;
    l
}

fn grep(cmd: &Cmd) -> Look {
    const VALUE: &[&str] = &[
        "-e",
        "-f",
        "-m",
        "-A",
        "-B",
        "-C",
        "-d",
        "-D",
        "--regexp",
        "--file",
        "--max-count",
        "--context",
        "--label",
        "--include",
        "--exclude",
        "--exclude-dir",
        "--color",
    ];
    let mut explicit_pattern = false;
    let mut pattern_files = Vec::new();
    let mut recursive = false;
    let args = cmd.args();
    for (i, a) in args.iter().enumerate() {
        if matches!(a.as_str(), "-e" | "--regexp") || a.starts_with("--regexp=") {
            explicit_pattern = true;
        }
        if matches!(a.as_str(), "-f" | "--file") {
            explicit_pattern = true;
            if let Some(f) = args.get(i + 1) {
                pattern_files.push(f.clone());
            }
        }
        if a == "-r" || a == "-R" || a == "--recursive" || a == "--dereference-recursive" {
            recursive = true;
        }
        if a.starts_with('-') && !a.starts_with("--") && (a.contains('r') || a.contains('R')) {
            recursive = true;
        }
        if matches!(a.as_str(), "-m" | "-A" | "-B" | "-C")
            && args.get(i + 1).is_none_or(|v| v.parse::<u64>().is_err())
        {
            return Look::unknown(format!("grep {a} is not given a number"));
        }
    }
    let mut files = match positional(cmd, VALUE) {
        Ok(f) => f,
        Err(e) => return Look::unknown(e),
    };
    if !explicit_pattern && !files.is_empty() {
        files.remove(0);
    }
    let mut l = Look::routine("searches text");
    if files.is_empty() && recursive {
        files.push(".".into());
        l.uses_cwd = true;
    }
    l.reads = files;
    l.reads.extend(pattern_files);
    l
}

fn rg(cmd: &Cmd) -> Look {
    const BAD: &[(&str, &str)] = &[
        ("--pre", "runs a preprocessor program per file"),
        ("--pre-glob", "runs a preprocessor program per file"),
        ("-z", "runs decompression programs"),
        ("--search-zip", "runs decompression programs"),
        ("--hostname-bin", "runs a program"),
    ];
    const VALUE: &[&str] = &[
        "-e",
        "-f",
        "-g",
        "-t",
        "-T",
        "-m",
        "-A",
        "-B",
        "-C",
        "-j",
        "-M",
        "-r",
        "-E",
        "--regexp",
        "--file",
        "--glob",
        "--iglob",
        "--type",
        "--type-not",
        "--max-count",
        "--context",
        "--after-context",
        "--before-context",
        "--threads",
        "--max-columns",
        "--replace",
        "--encoding",
        "--max-depth",
        "--sort",
        "--sortr",
        "--color",
        "--colors",
        "--type-add",
        "--max-filesize",
        "--path-separator",
        "-d",
    ];
    const NUMERIC: &[&str] = &["-m", "-A", "-B", "-C", "-j", "-M", "-d", "--max-depth"];
    let args = cmd.args();
    for (i, a) in args.iter().enumerate() {
        let name = a.split('=').next().unwrap_or(a);
        if let Some((_, why)) = BAD.iter().find(|(f, _)| *f == name) {
            return Look::unknown(format!("rg {name} {why}"));
        }
        if a.starts_with('-') && !a.starts_with("--") && a.len() > 2 && a.contains('z') {
            return Look::unknown("rg -z runs decompression programs");
        }
        if NUMERIC.contains(&a.as_str())
            && args.get(i + 1).is_none_or(|v| v.parse::<u64>().is_err())
        {
            return Look::unknown(format!("rg {a} is not given a number"));
        }
    }
    let explicit = args
        .iter()
        .any(|a| matches!(a.as_str(), "-e" | "-f" | "--regexp" | "--file" | "--files"));
    let mut files = match positional(cmd, VALUE) {
        Ok(f) => f,
        Err(e) => return Look::unknown(e),
    };
    if !explicit && !files.is_empty() {
        files.remove(0);
    }
    let mut l = Look::routine("searches text");
    if files.is_empty() {
        files.push(".".into());
        l.uses_cwd = true;
    }
    l.reads = files;
    l
}

fn fd(cmd: &Cmd) -> Look {
    const BAD: &[&str] = &["-x", "--exec", "-X", "--exec-batch"];
    const VALUE: &[&str] = &[
        "-t",
        "-e",
        "-E",
        "-d",
        "-j",
        "-S",
        "-o",
        "--type",
        "--extension",
        "--exclude",
        "--max-depth",
        "--min-depth",
        "--changed-within",
        "--changed-before",
        "--size",
        "--owner",
        "--search-path",
        "--base-directory",
        "-c",
        "--color",
        "--max-results",
    ];
    if let Some(a) = cmd.args().iter().find(|a| BAD.contains(&a.as_str())) {
        return Look::unknown(format!("fd {a} runs a program per file"));
    }
    let mut files = match positional(cmd, VALUE) {
        Ok(f) => f,
        Err(e) => return Look::unknown(e),
    };
    if !files.is_empty() {
        files.remove(0);
    }
    let mut l = Look::routine("searches for files by name");
    if files.is_empty() {
        files.push(".".into());
        l.uses_cwd = true;
    }
    l.reads = files;
    l
}

/// sed: printing only. `-i` edits files; the `e`, `w`, `W`, `r`, `R` commands and the `e`
/// and `w` flags of `s` run programs or touch other files.
fn sed(cmd: &Cmd) -> Look {
    let args = cmd.args();
    let mut scripts = Vec::new();
    let mut files = Vec::new();
    let mut i = 0;
    let mut ended = false;
    while let Some(a) = args.get(i) {
        if cmd.arg_dynamic(i) && is_expansion(a) {
            return Look::unknown(format!("sed is given a run-time value {a}"));
        }
        if !ended && a.starts_with('-') && a.len() > 1 {
            match a.as_str() {
                "--" => ended = true,
                "-e" | "--expression" => {
                    scripts.push(args.get(i + 1).cloned().unwrap_or_default());
                    i += 1;
                }
                "-n" | "--quiet" | "--silent" | "-E" | "-r" | "--regexp-extended" | "-s"
                | "--separate" | "-u" | "--unbuffered" | "-z" | "--null-data" | "--posix"
                | "--debug" | "--sandbox" => {}
                "-l" => i += 1,
                s if s.starts_with("--expression=") => {
                    scripts.push(s.trim_start_matches("--expression=").to_string())
                }
                s if s.starts_with("-i") || s.starts_with("--in-place") => {
                    return Look::unknown("sed -i edits files in place")
                }
                s if s.starts_with("-f") || s.starts_with("--file") => {
                    return Look::unknown("sed -f reads its script from a file")
                }
                s if s.chars().skip(1).all(|c| "nErsuz".contains(c)) => {}
                s => return Look::unknown(format!("sed {s} is not a known printing option")),
            }
        } else if scripts.is_empty() && !args.iter().any(|x| x == "-e" || x == "--expression") {
            scripts.push(a.clone());
        } else {
            files.push(if cmd.arg_dynamic(i) {
                super::routine::glob_dir(a)
            } else {
                a.clone()
            });
        }
        i += 1;
    }
    for s in &scripts {
        if let Err(why) = sed_script_ok(s) {
            return Look::unknown(why);
        }
    }
    let mut l = Look::routine("prints edited text to stdout");
    l.reads = files;
    l
}

/// Walk a sed script, rejecting commands that run programs or touch files.
pub(super) fn sed_script_ok(s: &str) -> Result<(), String> {
    let c: Vec<char> = s.chars().collect();
    let mut i = 0;
    let skip_delimited = |i: &mut usize, delim: char| {
        while *i < c.len() {
            if c[*i] == '\\' {
                *i += 2;
                continue;
            }
            if c[*i] == delim {
                *i += 1;
                return;
            }
            *i += 1;
        }
    };
    while i < c.len() {
        let ch = c[i];
        match ch {
            ' ' | '\t' | '\n' | ';' | '{' | '}' | '!' | ',' | '$' | '~' | '+' => i += 1,
            '0'..='9' => i += 1,
            '/' => {
                i += 1;
                skip_delimited(&mut i, '/');
            }
            '\\' => {
                let d = c.get(i + 1).copied().unwrap_or('/');
                i += 2;
                skip_delimited(&mut i, d);
            }
            's' | 'y' => {
                let Some(&d) = c.get(i + 1) else {
                    return Err("sed script ends early".into());
                };
                i += 2;
                skip_delimited(&mut i, d);
                skip_delimited(&mut i, d);
                if ch == 's' {
                    while i < c.len() && !matches!(c[i], ';' | '\n' | '}') {
                        match c[i] {
                            'e' => {
                                return Err("the sed s///e flag runs the result as a command".into())
                            }
                            'w' | 'W' => return Err("the sed s///w flag writes a file".into()),
                            _ => {}
                        }
                        i += 1;
                    }
                }
            }
            'e' => return Err("the sed e command runs a program".into()),
            'w' | 'W' => return Err("the sed w command writes a file".into()),
            'r' | 'R' => return Err("the sed r command reads another file".into()),
            'a' | 'i' | 'c' | ':' | 'b' | 't' | 'T' | '#' => {
                while i < c.len()
                    && c[i] != '\n'
                    && !(ch != 'a' && ch != 'i' && ch != 'c' && ch != '#' && c[i] == ';')
                {
                    i += 1;
                }
            }
            'p' | 'P' | 'd' | 'D' | 'n' | 'N' | 'g' | 'G' | 'h' | 'H' | 'x' | '=' | 'z' | 'F'
            | 'l' | 'q' | 'Q' | 'L' => i += 1,
            other => return Err(format!("the sed command {other:?} is not known to be safe")),
        }
    }
    Ok(())
}

/// awk: only programs without `system`, pipes, redirections or `getline`.
fn awk(cmd: &Cmd) -> Look {
    let args = cmd.args();
    if args.first().map(String::as_str) == Some("-W") {
        return match args.get(1).map(String::as_str) {
            Some("version") | Some("v") => Look::routine("prints its version"),
            _ => Look::unknown("awk -W sets an implementation option"),
        };
    }
    let mut i = 0;
    let mut program = None;
    let mut files = Vec::new();
    while let Some(a) = args.get(i) {
        if program.is_none() && a.starts_with('-') && a.len() > 1 {
            match a.as_str() {
                "-F" | "-v" => i += 1,
                s if s.starts_with("-F") || s.starts_with("-v") => {}
                "--" => {}
                s => return Look::unknown(format!("awk {s} may load code or write files")),
            }
        } else if program.is_none() {
            program = Some(a.clone());
        } else if !a.contains('=') {
            files.push(a.clone());
        }
        i += 1;
    }
    let Some(p) = program else {
        return Look::unknown("awk without a program");
    };
    for bad in [
        "system", "|", ">", "getline", "@load", "@include", "close", "fflush", "ENVIRON",
    ] {
        if p.contains(bad) {
            return Look::unknown(format!(
                "the awk program uses {bad}, which can run or write"
            ));
        }
    }
    let mut l = Look::routine("filters text");
    l.reads = files;
    l
}
