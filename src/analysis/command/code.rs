//! Interpreter code given inline (`python -c`, `node -e`, `perl -e`, `ruby -e`, `php -r`,
//! heredocs and herestrings to an interpreter): never routine, except Python and
//! JavaScript inside their grammars (`pure_python`, `pure_javascript`), and searched for
//! obvious destruction — deletion APIs (hard when the code names `/`, a top-level
//! directory or the home directory, soft otherwise) and shell-outs whose quoted command
//! strings are judged like any other command.

use super::core::{can_recurse, Class, Cmd, Judge, JudgeCtx, Verdict};
use super::policy;
use super::tier::RUNNERS;
use crate::analysis::effects::Effect;
use crate::analysis::shell::RedirectOp;
use std::path::Path;

/// Where secrets are read from inside code.
const SECRET_SOURCES: &[&str] = &[
    "os.environ",
    "environ",
    "process.env",
    "ENV[",
    "ENV.to_h",
    "%ENV",
    "getenv",
    ".ssh/",
    ".aws/",
    ".netrc",
    "credentials",
    "id_rsa",
    "id_ed25519",
];

/// Network calls inside code.
const NETWORK_APIS: &[&str] = &[
    "urlopen",
    "urllib",
    "requests.",
    "http.client",
    "httpx",
    "socket",
    "fetch(",
    "http.request",
    "https.request",
    "axios",
    "Net::HTTP",
    "LWP::",
    "HTTP::Tiny",
    "curl",
];

/// APIs that delete files or trees.
const DELETE_APIS: &[&str] = &[
    "shutil.rmtree",
    "os.remove",
    "os.unlink",
    "os.rmdir",
    "os.removedirs",
    ".unlink(",
    ".rmdir(",
    "fs.rmSync",
    "fs.rm(",
    "fs.rmdirSync",
    "fs.unlinkSync",
    "fs.unlink(",
    "fs.promises.rm",
    "rmSync(",
    "rimraf",
    "FileUtils.rm",
    "FileUtils.remove",
    "rm_rf",
    "File.delete",
    "Dir.rmdir",
    "unlink(",
    "rmtree(",
    "remove_tree",
    "Deno.remove",
    "File::Path",
    "rmdir(",
    // Emacs Lisp.
    "delete-file",
    "delete-directory",
];

/// APIs that run a shell command.
const SHELL_APIS: &[&str] = &[
    "os.system",
    "subprocess",
    "child_process",
    "execSync",
    "exec(",
    "spawn",
    "system(",
    "popen",
    "Deno.run",
    "Deno.Command",
    "Bun.spawn",
    "%x(",
    "IO.popen",
    "shell_exec",
    "passthru",
    "proc_open",
    "`",
    "Runtime.getRuntime",
    // Emacs Lisp.
    "shell-command",
    "call-process",
    "start-process",
    "make-process",
    "getline",
    "| \"",
    "|\"",
];

/// Signs that code names the root, a top-level directory or the home directory.
const HARD_SIGNS: &[&str] = &[
    "'/'",
    "\"/\"",
    "'/etc",
    "\"/etc",
    "'/usr",
    "\"/usr",
    "'/home",
    "\"/home",
    "'/Users",
    "\"/Users",
    "'/var",
    "\"/var",
    "'/root",
    "\"/root",
    "'/opt",
    "\"/opt",
    "homedir",
    "expanduser",
    "Path.home",
    "'~",
    "\"~",
    "$HOME",
    "ENV['HOME']",
    "ENV[\"HOME\"]",
    "environ['HOME']",
    "environ[\"HOME\"]",
    "getenv('HOME')",
    "getenv(\"HOME\")",
    "Dir.home",
    "os.homedir",
    "'/bin",
    "\"/bin",
    "'/lib",
    "\"/lib",
    "'/boot",
    "\"/boot",
];

/// Options that introduce inline code, per interpreter family.
fn code_flag(prog: &str) -> &'static [&'static str] {
    match prog {
        "python" | "python2" | "python3" | "pypy" | "pypy3" => &["-c"],
        "node" | "nodejs" | "bun" => &["-e", "--eval", "-p", "--print"],
        "deno" => &["eval"],
        "perl" => &["-e", "-E"],
        "ruby" => &["-e"],
        "php" => &["-r"],
        "lua" => &["-e"],
        "Rscript" | "R" => &["-e"],
        "osascript" => &["-e"],
        "awk" | "gawk" | "mawk" | "nawk" => &["-e", "--source"],
        "pwsh" | "powershell" => &["-c", "-Command", "-command"],
        // Editors run their own command language: vim's Ex commands (`-c`, `--cmd`, `+cmd`),
        // Emacs Lisp (`--eval`).
        "vim" | "vi" | "nvim" | "ex" | "view" | "gvim" | "vimdiff" | "rvim" => &["-c", "--cmd"],
        "emacs" => &["--eval", "-eval", "--execute"],
        _ => &[],
    }
}

fn is_vim(prog: &str) -> bool {
    matches!(
        prog,
        "vim" | "vi" | "nvim" | "ex" | "view" | "gvim" | "vimdiff" | "rvim"
    )
}

/// The shell commands Ex command lines run: `!cmd`, `:%!cmd`, `r !cmd`, `w !cmd`,
/// `silent !cmd` (a `|` ends an Ex command, except inside a `!` command, which takes the
/// rest of the line). `Err` when a line builds a command at run time (`exe`, `execute`,
/// `norm`) or calls a function, which the floor does not follow.
fn ex_shell_commands(code: &str) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    for line in code.lines() {
        let mut rest = line;
        loop {
            let cmd = rest.trim_start_matches([' ', '\t', ':']);
            // A range: `%`, `.`, `$`, numbers, marks, `,`, `;`.
            let cmd =
                cmd.trim_start_matches(|c: char| c.is_ascii_digit() || "%.$,;'<>+-".contains(c));
            let cmd = cmd.strip_prefix("silent!").unwrap_or(cmd);
            let cmd = cmd
                .strip_prefix("silent ")
                .or_else(|| cmd.strip_prefix("sil "))
                .unwrap_or(cmd)
                .trim_start();
            let word: String = cmd
                .chars()
                .take_while(|c| c.is_ascii_alphabetic())
                .collect();
            let after = cmd[word.len()..].trim_start();
            if let Some(sh) = cmd.strip_prefix('!') {
                out.push(sh.to_string());
                break;
            }
            if matches!(word.as_str(), "r" | "read" | "w" | "write") && after.starts_with('!') {
                out.push(after[1..].to_string());
                break;
            }
            // A write to a file other than the one edited (`:w ~/.bashrc`, `:wq! FILE`,
            // `:sav FILE`, `:w >> FILE`): a write the floor does not place.
            let writes = matches!(
                word.as_str(),
                "w" | "write"
                    | "wq"
                    | "x"
                    | "xi"
                    | "xit"
                    | "exi"
                    | "exit"
                    | "sav"
                    | "saveas"
                    | "up"
                    | "update"
                    | "wn"
                    | "wnext"
                    | "wN"
                    | "wNext"
                    | "wp"
                    | "wprevious"
            );
            let file = after
                .trim_start_matches('!')
                .trim_start()
                .trim_start_matches(">>")
                .trim();
            let file = file.split('|').next().unwrap_or("").trim();
            if writes && !file.is_empty() {
                return Err(format!(
                    "the Ex command `{word}` writes {file}, a file the floor does not place"
                ));
            }
            if matches!(
                word.as_str(),
                "exe"
                    | "exec"
                    | "execute"
                    | "norm"
                    | "normal"
                    | "call"
                    | "so"
                    | "source"
                    | "lua"
                    | "py"
                    | "python"
                    | "py3"
                    | "python3"
                    | "perl"
                    | "ruby"
                    | "terminal"
                    | "term"
                    | "sh"
                    | "shell"
                    | "make"
                    | "grep"
                    | "vimgrep"
            ) {
                return Err(format!(
                    "the Ex command `{word}` runs what the floor does not see"
                ));
            }
            match cmd.find('|') {
                Some(i) => rest = &cmd[i + 1..],
                None => break,
            }
        }
    }
    Ok(out)
}

fn is_awk(prog: &str) -> bool {
    matches!(prog, "awk" | "gawk" | "mawk" | "nawk")
}

fn is_interpreter(prog: &str) -> bool {
    let base = prog.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    (RUNNERS.contains(&prog) || RUNNERS.contains(&base) || !code_flag(prog).is_empty())
        && !matches!(prog, "sh" | "bash" | "zsh" | "dash" | "ksh" | "fish")
}

/// The inline code a command runs, if it is an interpreter given code.
fn inline_code(cmd: &Cmd) -> Option<String> {
    let prog = cmd.program();
    let prog = prog.rsplit('/').next().unwrap_or(prog);
    let prog = prog.strip_suffix(".exe").unwrap_or(prog);
    if !is_interpreter(prog) && !is_awk(prog) {
        return None;
    }
    let base = prog.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    let flags = if code_flag(prog).is_empty() {
        code_flag(base)
    } else {
        code_flag(prog)
    };
    let args = cmd.args();
    // Python's own options end at the script or at `-m MODULE`: a `-c` after them is the
    // script's or the module's (`python -m pytest -c pytest.ini`), not code (CPython 3.11
    // `python --help`: "-m mod : run library module as a script (terminates option list)";
    // the same for a file and for `-c`).
    let args = if base == "python" || base == "pypy" {
        let mut end = args.len();
        let mut skip = false;
        for (i, a) in args.iter().enumerate() {
            if skip {
                skip = false;
                continue;
            }
            if a == "-W" || a == "-X" || a == "--check-hash-based-pycs" {
                skip = true;
                continue;
            }
            if a == "--" {
                break;
            }
            if !a.starts_with('-') || a == "-" {
                end = i;
                break;
            }
            // A bundle of flags: `-c` in it (`-Bc`) cuts nothing; `-m` (`-Bm`) ends the
            // options. `-W`/`-X` with their value attached are skipped whole.
            let Some(short) = a.strip_prefix('-').filter(|r| !r.starts_with('-')) else {
                continue;
            };
            if short.starts_with(['W', 'X']) {
                continue;
            }
            match short.chars().find(|c| *c == 'c' || *c == 'm') {
                Some('c') => break,
                Some(_) => {
                    end = i;
                    break;
                }
                None => {}
            }
        }
        &args[..end]
    } else {
        args
    };
    let mut code = String::new();
    // `python -m timeit [-n N] [-r N] [-u U] [-s SETUP] STATEMENT…` runs SETUP and the
    // statements as Python (CPython 3.11 `python -m timeit -h`): inline code.
    if base == "python" || base == "pypy" {
        let all = cmd.args();
        if let Some(m) = all
            .get(args.len()..)
            .filter(|rest| rest.first().is_some_and(|a| a == "-m"))
            .filter(|rest| rest.get(1).is_some_and(|a| a == "timeit"))
        {
            let mut it = m.iter().skip(2);
            while let Some(a) = it.next() {
                match a.as_str() {
                    "-n" | "--number" | "-r" | "--repeat" | "-u" | "--unit" => {
                        it.next();
                    }
                    "-p" | "--process" | "-v" | "--verbose" | "-h" | "--help" => {}
                    "-s" | "--setup" => {
                        if let Some(v) = it.next() {
                            code.push_str(v);
                            code.push('\n');
                        }
                    }
                    s => {
                        code.push_str(s.strip_prefix("--setup=").unwrap_or(s));
                        code.push('\n');
                    }
                }
            }
        }
    }
    for (i, a) in args.iter().enumerate() {
        if flags.iter().any(|f| a == f) {
            if let Some(v) = args.get(i + 1) {
                code.push_str(v);
                code.push('\n');
            }
        } else if flags.iter().any(|f| {
            f.len() == 2 && a.starts_with('-') && !a.starts_with("--") && a.ends_with(&f[1..])
        }) {
            // A bundle ending in the code flag (`perl -we CODE`, `ruby -we CODE`).
            if let Some(v) = args.get(i + 1) {
                code.push_str(v);
                code.push('\n');
            }
        } else if flags
            .iter()
            .any(|f| f.len() == 2 && a.starts_with(f) && a.len() > 2)
        {
            code.push_str(&a[2..]);
            code.push('\n');
        } else if let Some(v) = flags.iter().find_map(|f| {
            a.strip_prefix(f)
                .filter(|_| f.starts_with("--"))
                .and_then(|rest| rest.strip_prefix('='))
        }) {
            // `--eval=CODE`. Node reads `--print=X` as `--print` and runs the next operand
            // (v20): every word after it is searched too.
            code.push_str(v);
            code.push('\n');
            if a.starts_with("--print=") {
                for w in &args[i + 1..] {
                    code.push_str(w);
                    code.push('\n');
                }
            }
        }
    }
    if matches!(base, "node" | "nodejs" | "bun") {
        for (i, a) in args.iter().enumerate() {
            if let Some(c) = data_url_module(a, args.get(i + 1).map(String::as_str)) {
                code.push_str(&c);
                code.push('\n');
            }
        }
    }
    if is_vim(prog) {
        // `+cmd` runs an Ex command; `+` and `+N` only place the cursor.
        for a in args {
            if let Some(c) = a.strip_prefix('+') {
                if !c.is_empty() && !c.chars().all(|c| c.is_ascii_digit()) {
                    code.push_str(c);
                    code.push('\n');
                }
            }
        }
    }
    if is_awk(prog) && code.is_empty() {
        // The first non-option word is the awk program.
        let mut skip = false;
        for a in args {
            if skip {
                skip = false;
                continue;
            }
            if a == "-F" || a == "-v" || a == "-f" {
                skip = true;
                continue;
            }
            if !a.starts_with('-') {
                code.push_str(a);
                break;
            }
        }
    }
    if let Some(s) = &cmd.sc.stdin_text {
        code.push_str(s);
    }
    (!code.is_empty()).then_some(code)
}

/// Node's options that load a module before the script (`--import`, `--require`/`-r`, the
/// loader hooks `--loader`/`--experimental-loader`), each given as a separate word or
/// after `=`.
const NODE_PRELOADS: &[&str] = &[
    "--import",
    "--require",
    "-r",
    "--loader",
    "--experimental-loader",
];

/// The source of a module Node loads from a `data:` URL given to one of its preload
/// options ([`NODE_PRELOADS`]; `word` the option, `next` the word after it): Node imports
/// `data:text/javascript,CODE` (percent-encoded) and `data:…;base64,CODE` as a module
/// (Node 20 docs, ECMAScript modules, "data: imports"; checked with node 20.20 here: both
/// forms given to `--import` ran), so it is inline code, searched as `-e CODE` is. (Node
/// 20's `--require` does not load `data:` URLs; searching one costs nothing.) Base64 that
/// does not decode is kept as written.
fn data_url_module(word: &str, next: Option<&str>) -> Option<String> {
    let url = NODE_PRELOADS.iter().find_map(|o| {
        if word == *o {
            next
        } else {
            word.strip_prefix(o).and_then(|r| r.strip_prefix('='))
        }
    })?;
    let rest = url
        .get(..5)
        .filter(|p| p.eq_ignore_ascii_case("data:"))
        .map(|_| &url[5..])?;
    let (meta, body) = rest.split_once(',').unwrap_or(("", rest));
    let decoded = crate::context::web::percent_decoded(body);
    if meta.to_ascii_lowercase().ends_with(";base64") {
        let compact: String = decoded.chars().filter(|c| !c.is_whitespace()).collect();
        if let Some(b) = crate::context::web::base64_decoded(&compact) {
            return Some(String::from_utf8_lossy(&b).into_owned());
        }
    }
    Some(decoded)
}

/// Calls that extract an archive's members onto the disk (Python's `tarfile`, `zipfile`
/// and `shutil`; Node's `tar`, `adm-zip`, `extract-zip`; Ruby's `Zip::File`).
const EXTRACT_APIS: &[&str] = &[
    "extractall(",
    ".extract(",
    "unpack_archive(",
    "extractAllTo(",
    "extractEntryTo(",
    "tar.x(",
    "extract-zip",
];

/// The string literals of inline code that extracts an archive (see
/// [`super::unpack::inline_extraction`]); `None` when the command gives no inline code or
/// it calls none of the extraction APIs.
pub(super) fn extracted_literals(cmd: &Cmd) -> Option<Vec<String>> {
    let code = inline_code(cmd)?;
    EXTRACT_APIS
        .iter()
        .any(|a| code.contains(a))
        .then(|| quoted_strings(&code))
}

/// Search an interpreter's inline code. `None` when the command gives no inline code.
pub(super) fn search(cmd: &Cmd, ctx: &JudgeCtx, depth: u8, judge: &dyn Judge) -> Option<Class> {
    let code = inline_code(cmd)?;
    let prog = cmd.program();
    let prog = prog.rsplit('/').next().unwrap_or(prog);
    if let Some(what) = prints_secrets(prog, &code) {
        // A one-liner's output is what the agent reads: this is `printenv` by another road.
        return Some(Class::Hard {
            category: "credential",
            reason: format!("{prog} code reads {what} where the agent sees it"),
        });
    }
    search_code(prog, &code, ctx, depth, judge)
}

/// Code the grammars leave unknown that resolves or reaches a host by name
/// (`effects::programs::netcalls`): each a network exchange with that host, or with a
/// host computed at run time, among the part's effects (the reviewer's needs name the
/// host; a computed one no words name).
pub(super) fn add_network_effects(cmd: &Cmd, look: &mut super::core::Look) {
    if !matches!(look.class, Class::Unknown { .. }) {
        return;
    }
    if let Some(code) = inline_code(cmd) {
        for e in crate::analysis::effects::programs::netcalls::effects(&code) {
            if !look.effects.contains(&e) {
                look.effects.push(e);
            }
        }
    }
}

/// Handles on the process environment in code, per language, with how a single variable
/// is picked from each: the suffix that follows the handle before the variable's name.
type Handles = &'static [(&'static str, &'static [&'static str])];

fn env_handles(prog: &str) -> Handles {
    let base = prog.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    match base {
        // os.environ['X'], os.environ.get('X'), os.getenv('X'); `environ` reached through
        // any name (`posix.environ`, `o.environ` after `import os as o`, `from os import
        // environ`).
        "python" | "pypy" => &[
            ("os.environ", &["[", ".get(", ".pop(", ".setdefault("]),
            ("os.environb", &["[", ".get("]),
            ("os.getenv", &["("]),
            ("environ", &["[", ".get(", ".pop(", ".setdefault("]),
            ("environb", &["[", ".get("]),
        ],
        // process.env.X, process.env['X'], Bun.env.X, Deno.env.get('X').
        "node" | "nodejs" | "bun" | "deno" => &[
            ("process.env", &[".", "["]),
            ("Bun.env", &[".", "["]),
            ("Deno.env", &[".get("]),
        ],
        // $ENV{X}, %ENV.
        "perl" => &[("$ENV", &["{"]), ("%ENV", &[])],
        // ENV['X'], ENV.fetch('X').
        "ruby" => &[("ENV", &["[", ".fetch("])],
        // getenv('X'), $_ENV['X'], $_SERVER['X'].
        "php" => &[("getenv", &["("]), ("$_ENV", &["["]), ("$_SERVER", &["["])],
        "lua" => &[("os.getenv", &["("])],
        // Sys.getenv('X'); `Sys.getenv()` is every variable.
        "Rscript" | "R" => &[("Sys.getenv", &["("])],
        _ => &[],
    }
}

/// Modules that hand code the person's stored credentials.
const CREDENTIAL_APIS: &[(&str, &str)] = &[
    ("netrc.netrc(", "the credentials in ~/.netrc"),
    ("import netrc", "the credentials in ~/.netrc"),
    ("keyring.get_password", "a password from the keyring"),
    ("keyring.get_credential", "a credential from the keyring"),
    (".get_credentials()", "cloud credentials"),
    ("gh auth token", "the GitHub CLI's token"),
];

/// What secrets a piece of code reads where its output lands: the whole environment (a
/// handle used other than to pick one variable by a literal name, or passed on to a
/// child as `env=os.environ` / `...process.env`), a variable whose name is a secret's, or
/// a credential store's API. `None` when it reads none of these.
pub(super) fn prints_secrets(prog: &str, code: &str) -> Option<String> {
    if let Some((_, what)) = CREDENTIAL_APIS.iter().find(|(api, _)| code.contains(api)) {
        return Some((*what).to_string());
    }
    let base = prog.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    // PHP's `phpinfo()` prints the environment among its tables (every section by default,
    // `INFO_ENVIRONMENT` and `INFO_VARIABLES` alone).
    if base == "php" && code.contains("phpinfo") {
        return Some("every variable in the environment (phpinfo), secrets included".into());
    }
    let code = &env_spellings(base, code);
    for (handle, pickers) in env_handles(prog) {
        let mut from = 0;
        while let Some(i) = code[from..].find(handle).map(|i| from + i) {
            from = i + handle.len();
            let before = code[..i].chars().next_back();
            // `ENV` inside `os.environ`, `MY_ENV`, `$ENV` seen as `ENV`: not this handle.
            // Python's `environ` is the environment through whatever name reaches it
            // (`posix.environ`, `__import__('os').environ`).
            let attribute = before == Some('.')
                && (handle.starts_with("environ") || code[..i].ends_with("..."));
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.' || c == '$')
                && !handle.starts_with(['$', '%'])
                && !attribute
            {
                continue;
            }
            let rest = &code[from..];
            if rest.starts_with(|c: char| c.is_alphanumeric() || c == '_') {
                continue; // `os.environment`, `ENVIRONMENT`: another name
            }
            // Spread or unpacked into a child's environment (`env={**os.environ, …}`,
            // `{ env: { ...process.env } }`); elsewhere (`json.dumps({**os.environ})`,
            // `console.log({...process.env})`) it is the whole environment copied.
            let child_env = code.contains("env=") || code.contains("env:");
            // What comes before the whole name (`posix.environ`: before `posix`).
            let lead = if attribute && !code[..i].ends_with("...") {
                code[..i].trim_end_matches(|c: char| c.is_alphanumeric() || c == '_' || c == '.')
            } else {
                &code[..i]
            };
            let passed_on = lead.ends_with("env=")
                || (lead.ends_with("**") && child_env)
                || (lead.ends_with("...") && child_env)
                || lead.trim_end().ends_with("env:")
                // `'CI' in os.environ`: asks whether a name is set (`for k in
                // os.environ.items()` walks them all).
                || (lead.ends_with(" in ") && !rest.starts_with('.'));
            let picked = pickers.iter().find_map(|p| {
                rest.strip_prefix(p)
                    .map(|after| (after, *p == "." || *p == "{"))
            });
            match picked {
                // `Sys.getenv()`, `getenv()`: no name, every variable.
                Some((after, _)) if after.starts_with(')') => {
                    return Some("every variable in the environment, secrets included".into())
                }
                Some((after, bare_is_name)) => match variable_name(after, bare_is_name) {
                    Some(name) if !crate::analysis::effects::secret_name(&name) => continue,
                    Some(name) => return Some(format!("the secret variable {name}")),
                    None => return Some("a variable chosen at run time".to_string()),
                },
                None if passed_on => continue,
                // PHP's `$_SERVER` and `$_ENV` alone are the whole environment's arrays;
                // Perl's `$ENV` alone is another variable.
                None if handle.starts_with('$') && base != "php" => continue,
                None => return Some("every variable in the environment, secrets included".into()),
            }
        }
    }
    None
}

/// The code with other spellings of the environment's handle written as the usual one:
/// JavaScript's `process['env']`, `globalThis.process`, `require('process')`; Python's
/// `__import__('os')`.
fn env_spellings(base: &str, code: &str) -> String {
    let mut out = code.to_string();
    let swaps: &[(&str, &str)] = match base {
        "node" | "nodejs" | "bun" | "deno" => &[
            ("globalThis.process", "process"),
            ("global.process", "process"),
            ("require('process')", "process"),
            ("require(\"process\")", "process"),
            ("require('node:process')", "process"),
            ("require(\"node:process\")", "process"),
            ("process['env']", "process.env"),
            ("process[\"env\"]", "process.env"),
            ("process[`env`]", "process.env"),
        ],
        "python" | "pypy" => &[
            ("__import__('os')", "os"),
            ("__import__(\"os\")", "os"),
            ("__import__('posix')", "os"),
            ("__import__(\"posix\")", "os"),
        ],
        _ => &[],
    };
    for (from, to) in swaps {
        out = out.replace(from, to);
    }
    out
}

/// The literal variable name at the start of `s` (`'HOME']`, `"HOME")`, and where a bare
/// word is a name rather than a variable of the code, `HOME}` or `HOME.x`), or `None` when
/// the name is computed.
fn variable_name(s: &str, bare_is_name: bool) -> Option<String> {
    let (quoted, body) = match s.chars().next()? {
        q @ ('\'' | '"' | '`') => (Some(q), &s[1..]),
        _ => (None, s),
    };
    let name: String = body
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect();
    if name.is_empty() || name.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let next = body[name.len()..].chars().next();
    match quoted {
        Some(q) if next == Some(q) => Some(name),
        Some(_) => None,
        // A bare word after `[` or `(` is a variable of the code holding the name.
        None if !bare_is_name => None,
        None if next.is_none()
            || next.is_some_and(|c| c.is_whitespace() || "}.;+-*/,|&=<>!?:)]".contains(c)) =>
        {
            Some(name)
        }
        None => None,
    }
}

/// Search a piece of code run by `prog` (an interpreter one-liner, or the new text of a
/// file that runs). `None` when nothing is found and the code is awk.
pub(super) fn search_code(
    prog: &str,
    code: &str,
    ctx: &JudgeCtx,
    depth: u8,
    judge: &dyn Judge,
) -> Option<Class> {
    if is_vim(prog) {
        return Some(search_ex(prog, code, ctx, depth, judge));
    }
    // Shell commands quoted inside the code.
    if SHELL_APIS.iter().any(|a| code.contains(a)) && can_recurse(depth) {
        let mut worst: Option<Class> = None;
        for s in quoted_strings(code) {
            if !s.contains(' ') {
                continue;
            }
            let j = judge.text(&s, ctx, depth);
            let c = match j.verdict {
                Verdict::Hard {
                    category, reason, ..
                } => Class::Hard {
                    category,
                    reason: format!("{prog} code runs a shell command that {reason}"),
                },
                Verdict::Soft {
                    category, reason, ..
                } => Class::Soft {
                    category,
                    reason: format!("{prog} code runs a shell command: {reason}"),
                },
                _ => continue,
            };
            let stricter = matches!(c, Class::Hard { .. }) || worst.is_none();
            if stricter {
                worst = Some(c);
            }
            if matches!(worst, Some(Class::Hard { .. })) {
                break;
            }
        }
        if let Some(w) = worst {
            return Some(w);
        }
    }
    // Code that reads like a shell command line (`ruby -e "rm -rf /"`). A path it reads
    // as a program in the temporary directory is the code's own text (`open('/tmp/o.txt',
    // 'w')`), not a file it runs.
    if can_recurse(depth) {
        let j = judge.text(code, ctx, depth);
        if let Verdict::Hard {
            category, reason, ..
        }
        | Verdict::Soft {
            category, reason, ..
        } = j.verdict
        {
            if category != super::build::SCRATCH_CODE && category != super::build::OUTSIDE_CODE {
                return Some(Class::Soft {
                    category,
                    reason: format!("{prog} code reads like a command that {reason}"),
                });
            }
        }
    }
    if let Some(api) = DELETE_APIS.iter().find(|a| code.contains(*a)) {
        let hard = HARD_SIGNS.iter().any(|s| code.contains(s))
            || code.contains(&ctx.home.display().to_string());
        let reason = format!("{prog} code calls {api}");
        return Some(if hard {
            Class::Hard {
                category: "deletion",
                reason: format!("{reason} on the root, a system directory or your home"),
            }
        } else {
            Class::Soft {
                category: "deletion",
                reason: format!("{reason}, which deletes files"),
            }
        });
    }
    if SHELL_APIS.iter().any(|a| code.contains(a)) {
        return Some(Class::Soft {
            category: "dynamic-exec",
            reason: format!("{prog} code runs shell commands"),
        });
    }
    // A credential store its text names, found through the home directory at run time
    // or written out (`Path.home().joinpath('.netrc').read_text()`).
    if let Some(why) = code_names_store(code, ctx.cwd, ctx) {
        return Some(Class::Soft {
            category: "credentials",
            reason: format!("{prog} code names a credential store, {why}"),
        });
    }
    // The environment (where tokens live) or a credential file, and a network call.
    let secrets = SECRET_SOURCES.iter().find(|a| code.contains(*a));
    let network = NETWORK_APIS.iter().find(|a| code.contains(*a));
    if let (Some(src), Some(net)) = (secrets, network) {
        return Some(Class::Soft {
            category: "exfiltration",
            reason: format!("{prog} code reads {src} and calls {net}"),
        });
    }
    if is_awk(prog) {
        return None;
    }
    Some(Class::Unknown {
        reason: format!("{prog} runs inline code, which is never routine"),
    })
}

/// Interpreter code that finds the home directory at run time (`Path.home()`,
/// `expanduser`, `os.homedir()`, `$HOME`, `Dir.home`) and names, in its string literals, a
/// credential store below it (`Path.home() / '.netrc'`, `joinpath('.ssh', 'id_rsa')`,
/// `homedir() + '/.aws/credentials'`: each literal is tried alone and joined to the one
/// after it). Why, if so.
fn code_names_store(code: &str, cwd: &std::path::Path, ctx: &JudgeCtx) -> Option<String> {
    const HOME_APIS: &[&str] = &[
        "home()",
        "expanduser",
        "homedir",
        "HOME",
        "Dir.home",
        "USERPROFILE",
        "'~'",
        "\"~\"",
        "getpwuid",
    ];
    let home_ref = HOME_APIS.iter().any(|a| code.contains(a));
    let literals = quoted_strings(code);
    let store = |placed: &std::path::Path| {
        let forms = crate::context::paths::forms(&placed.display().to_string(), cwd, ctx.home);
        let class = forms.forms().find_map(|f| {
            crate::context::floor::classify(f, crate::context::floor::Access::Read, ctx.floor)
        });
        match class {
            Some(crate::context::floor::PathClass::Credential { what }) => Some(what),
            _ => None,
        }
    };
    for (k, lit) in literals.iter().enumerate() {
        let lit = lit.trim();
        if lit.is_empty() || lit.len() > 4096 || lit.contains(['\n', '*', '{']) {
            continue;
        }
        let mut candidates: Vec<std::path::PathBuf> = Vec::new();
        if let Some(rest) = lit.strip_prefix("~/") {
            // Code does not expand `~` itself; only through a home API (`expanduser`).
            if home_ref {
                candidates.push(ctx.home.join(rest));
            }
        } else if lit.starts_with('/') {
            // A path written out is the grammar's and the path floor's (a read of it is
            // refused there); joined to the home found at run time it is this check's
            // (`homedir() + '/.aws/credentials'`).
            if home_ref {
                candidates.push(ctx.home.join(lit.trim_start_matches('/')));
            }
        } else if home_ref && !lit.contains(' ') {
            let rel = lit.trim_start_matches("./");
            candidates.push(ctx.home.join(rel));
            if let Some(next) = literals.get(k + 1) {
                if !next.is_empty() && !next.contains([' ', '\n']) && !next.starts_with('/') {
                    candidates.push(ctx.home.join(rel).join(next.trim()));
                }
            }
        }
        for c in candidates {
            if c == ctx.home {
                continue;
            }
            if let Some(what) = store(&c) {
                return Some(format!("`{lit}` ({what})"));
            }
        }
    }
    None
}

/// An editor's Ex commands: the shell commands they run judged like any command line;
/// the editor itself (which edits and writes files its commands name) is never routine.
fn search_ex(prog: &str, code: &str, ctx: &JudgeCtx, depth: u8, judge: &dyn Judge) -> Class {
    let shells = match ex_shell_commands(code) {
        Ok(s) => s,
        Err(why) => {
            return Class::Soft {
                category: "dynamic-exec",
                reason: format!("{prog}: {why}"),
            }
        }
    };
    let mut worst: Option<Class> = None;
    for sh in &shells {
        if !can_recurse(depth) {
            break;
        }
        let c = match judge.text(sh, ctx, depth).verdict {
            Verdict::Hard {
                category, reason, ..
            } => Class::Hard {
                category,
                reason: format!("{prog} runs a shell command that {reason}"),
            },
            Verdict::Soft {
                category, reason, ..
            } => Class::Soft {
                category,
                reason: format!("{prog} runs a shell command: {reason}"),
            },
            _ => Class::Soft {
                category: "dynamic-exec",
                reason: format!(
                    "{prog} runs the shell command `{}`",
                    crate::decision::cause::one_line(sh, 60)
                ),
            },
        };
        if matches!(c, Class::Hard { .. }) {
            return c;
        }
        worst.get_or_insert(c);
    }
    worst.unwrap_or_else(|| Class::Unknown {
        reason: format!("{prog} runs editor commands, which are never routine"),
    })
}

/// The contents of '…', "…" and `…` literals in code (escapes kept as written).
pub(super) fn quoted_strings(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let chars: Vec<char> = code.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let q = chars[i];
        if q == '\'' || q == '"' || q == '`' {
            let mut s = String::new();
            let mut j = i + 1;
            while j < chars.len() && chars[j] != q {
                if chars[j] == '\\' && j + 1 < chars.len() {
                    s.push(chars[j + 1]);
                    j += 2;
                    continue;
                }
                s.push(chars[j]);
                j += 1;
            }
            out.push(s);
            i = j + 1;
        } else {
            i += 1;
        }
    }
    out
}

/// Python flags that change nothing the grammar of inline code relies on.
const PYTHON_PLAIN_FLAGS: &[&str] = &[
    "-I", "-E", "-s", "-S", "-u", "-B", "-O", "-OO", "-q", "-b", "-bb",
];

/// Inline Python inside the grammar of [`pyinline`](crate::analysis::effects::programs::pyinline):
/// `python3 [FLAGS] -c CODE [ARGS…]`, or `python3 [FLAGS] [-]` fed a heredoc or here-string
/// bash does not expand, in a working directory holding nothing that shadows a
/// standard-library module (`sys.path[0]` is that directory). The command's look: what it
/// reads, writes and fetches (the path floor and the network policy judge them as a
/// shell command's), and routine. `None` when the command is not Python given inline code
/// in these forms; `Err` with why the code is outside the grammar.
pub(super) fn pure_python(cmd: &Cmd) -> Option<Result<super::core::Look, String>> {
    use crate::analysis::effects::programs::pyinline;
    let prog = cmd.program();
    let base = prog.rsplit('/').next().unwrap_or(prog);
    if !pure_python_program(prog) {
        return None;
    }
    let args = cmd.args();
    let mut i = 0;
    while args
        .get(i)
        .is_some_and(|a| PYTHON_PLAIN_FLAGS.contains(&a.as_str()))
    {
        i += 1;
    }
    let code = match args.get(i).map(String::as_str) {
        Some("-c") => {
            let code = args.get(i + 1)?;
            if cmd.arg_dynamic(i + 1) {
                return None;
            }
            code.clone()
        }
        None | Some("-") => {
            if args.len() > i + 1 {
                return None;
            }
            stdin_code(cmd)?
        }
        Some(_) => return None,
    };
    let Some(dir) = cmd.cwd.dir() else {
        return Some(Err(
            "its working directory, where Python looks for modules first, is not known".into(),
        ));
    };
    if let Some(why) = shadowing(dir) {
        return Some(Err(why));
    }
    let pure = match pyinline::judge(&code) {
        Ok(p) => p,
        Err(why) => return Some(Err(format!("the code {why}"))),
    };
    let does = inline_python_does(base, &pure.effects);
    // A GET the grammar reads whole (a literal URL of a public host, literal headers,
    // nothing sent) is a described fetch: routine, as a catalogue's is
    // (`policy::catalogue_class`); reads and writes go to the path floor like any.
    let (fetches, local): (Vec<Effect>, Vec<Effect>) = pure
        .effects
        .into_iter()
        .partition(|e| matches!(e, Effect::Net { .. }));
    let mut look = policy::from_effects(&does, local);
    look.effects.extend(fetches);
    Some(Ok(look))
}

/// What inline Python inside the grammar does, for the reason line: what it reads, looks
/// at, writes and fetches besides computing and printing.
fn inline_python_does(base: &str, effects: &[Effect]) -> String {
    use crate::analysis::effects::Reach;
    if effects.is_empty() {
        return format!("{base} runs inline code that only computes and prints");
    }
    let files: Vec<&str> = effects
        .iter()
        .filter_map(|e| match e {
            Effect::Read {
                path,
                reach: Reach::File,
            } => Some(path.as_str()),
            _ => None,
        })
        .collect();
    let mut parts = Vec::new();
    if !files.is_empty() {
        parts.push(format!("reads {}", files.join(", ")));
    }
    parts.extend(
        effects
            .iter()
            .filter(|e| {
                !matches!(
                    e,
                    Effect::Read {
                        reach: Reach::File,
                        ..
                    }
                )
            })
            .map(Effect::phrase),
    );
    let shown = if parts.len() > 4 {
        format!("{} and {} more", parts[..3].join(", "), parts.len() - 3)
    } else {
        parts.join(", ")
    };
    format!("{base} runs inline code that computes and prints; it {shown}")
}

/// The code an interpreter reads on its standard input when the last input redirection
/// is a heredoc or here-string whose text bash does not expand, or, with no redirection,
/// the literal text a pipe brings it as its program (`echo 'print(1)' | python3`, which
/// the shell analysis hands over as its input text). `None`: a file, or text known only
/// at run time.
fn stdin_code(cmd: &Cmd) -> Option<String> {
    let input = |r: &&crate::analysis::shell::Redirect| {
        r.fd.is_none_or(|fd| fd == 0)
            && matches!(
                r.op,
                RedirectOp::HereDoc | RedirectOp::HereString | RedirectOp::In
            )
    };
    if cmd.sc.piped_stdin && !cmd.sc.redirects.iter().any(|r| input(&r)) {
        return cmd.sc.stdin_text.clone();
    }
    let fed = cmd.sc.redirects.iter().rev().find(|r| {
        r.fd.is_none_or(|fd| fd == 0)
            && matches!(
                r.op,
                RedirectOp::HereDoc | RedirectOp::HereString | RedirectOp::In
            )
    })?;
    if fed.dynamic || !matches!(fed.op, RedirectOp::HereDoc | RedirectOp::HereString) {
        return None;
    }
    cmd.sc.stdin_text.clone()
}

/// Is `prog` a Python 3 whose inline code [`pure_python`] reads (`python`, `python3`,
/// `python3.12`, by any path)?
pub(super) fn pure_python_program(prog: &str) -> bool {
    let base = prog.rsplit('/').next().unwrap_or(prog);
    let Some(version) = base.strip_prefix("python") else {
        return false;
    };
    version.is_empty()
        || version == "3"
        || version
            .strip_prefix("3.")
            .is_some_and(|m| !m.is_empty() && m.chars().all(|c| c.is_ascii_digit()))
}

/// Node options that change nothing the grammar of inline code relies on (`node --help`,
/// v20: warnings, source maps, the heap's size, CommonJS input).
const NODE_PLAIN_FLAGS: &[&str] = &[
    "--no-warnings",
    "--no-deprecation",
    "--pending-deprecation",
    "--throw-deprecation",
    "--trace-warnings",
    "--trace-deprecation",
    "--trace-uncaught",
    "--enable-source-maps",
    "--input-type=commonjs",
];

/// Inline JavaScript inside the grammar of [`jsinline`](crate::analysis::effects::programs::jsinline):
/// `node [FLAGS] (-e|--eval|-p|--print|-pe) CODE [FLAGS] [ARGS…]` (Node reads its options
/// until the first operand or `--`, so a flag after the code is still one), or `node
/// [FLAGS] [-]` fed a heredoc or here-string bash does not expand. The command's look:
/// the files it reads and writes, placed where Node would place them (`os.homedir()` is
/// the home only when the command does not set `HOME` or run through `env`;
/// `process.cwd()` is where it runs), and routine; the path floor and the risky-edit rule
/// judge those paths as they judge a shell read or redirect. `None` when the command is
/// not Node given inline code in these forms; `Err` with why the code is outside the
/// grammar.
pub(super) fn pure_javascript(cmd: &Cmd, home: &Path) -> Option<Result<super::core::Look, String>> {
    use crate::analysis::effects::programs::jsinline::{self, Base, JsPath};
    use crate::analysis::effects::Effect;
    let prog = cmd.program();
    let base = prog.rsplit('/').next().unwrap_or(prog);
    if !matches!(base, "node" | "nodejs") {
        return None;
    }
    let args = cmd.args();
    let mut code: Option<String> = None;
    let mut i = 0;
    while let Some(a) = args.get(i) {
        let a = a.as_str();
        if code.is_some() && !a.starts_with('-') {
            break; // the script's arguments (`process.argv`)
        }
        if cmd.arg_dynamic(i) {
            return None;
        }
        match a {
            "-e" | "--eval" | "-p" | "--print" | "-pe" => {
                // The last code given is the one that runs: one, or not judged.
                let c = args.get(i + 1)?;
                if code.is_some() || cmd.arg_dynamic(i + 1) || c.starts_with('-') {
                    return None;
                }
                code = Some(c.clone());
                i += 2;
                continue;
            }
            "--" if code.is_some() => break,
            _ if a.starts_with("--eval=") => {
                if code.is_some() {
                    return None;
                }
                code = Some(a["--eval=".len()..].to_string());
            }
            _ if NODE_PLAIN_FLAGS.contains(&a)
                || a.strip_prefix("--max-old-space-size=")
                    .is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit())) => {}
            "-" if code.is_none() && args.len() == i + 1 => break,
            _ => return None,
        }
        i += 1;
    }
    let code = match code {
        Some(c) => c,
        None => stdin_code(cmd)?,
    };
    let pure = match jsinline::judge(&code) {
        Ok(p) => p,
        Err(why) => return Some(Err(format!("the code {why}"))),
    };
    let home_set = cmd.sc.assignments.iter().any(|(n, _)| n == "HOME")
        || cmd.sc.wrappers.iter().any(|w| w == "env");
    let place = |p: &JsPath| -> Result<String, String> {
        match p.base {
            Base::Plain => Ok(p.text.clone()),
            Base::Home if home_set => {
                Err("names a path under os.homedir() while the command sets HOME".into())
            }
            Base::Home => Ok(format!("{}{}", home.display(), p.text)),
            Base::Cwd => cmd
                .cwd
                .dir()
                .map(|d| format!("{}{}", d.display(), p.text))
                .ok_or_else(|| {
                    "names a path under process.cwd() where the directory is not known".into()
                }),
        }
    };
    let mut effects = Vec::new();
    let mut reads = Vec::new();
    let mut lists = Vec::new();
    let mut writes = Vec::new();
    for (p, reach) in &pure.reads {
        let p = match place(p) {
            Ok(p) => p,
            Err(why) => return Some(Err(format!("the code {why}"))),
        };
        if *reach == crate::analysis::effects::Reach::Metadata {
            lists.push(p.clone());
        } else {
            reads.push(p.clone());
        }
        effects.push(Effect::Read {
            path: p,
            reach: *reach,
        });
    }
    for (p, how) in &pure.writes {
        let p = match place(p) {
            Ok(p) => p,
            Err(why) => return Some(Err(format!("the code {why}"))),
        };
        writes.push(p.clone());
        effects.push(Effect::write(p, *how));
    }
    let mut does = format!("{base} runs inline code that only computes");
    if pure.stdin {
        does.push_str(", reads its input");
    }
    if !reads.is_empty() {
        does.push_str(&format!(", reads {}", reads.join(", ")));
    }
    if !lists.is_empty() {
        does.push_str(&format!(", lists {}", lists.join(", ")));
    }
    if !writes.is_empty() {
        does.push_str(&format!(", writes {}", writes.join(", ")));
    }
    does.push_str(" and prints");
    Some(Ok(policy::from_effects(&does, effects)))
}

/// Why `dir` could hold what Python would import instead of a standard-library module
/// (`json.py`, `re/__init__.py`, `_json.cpython-311-x86_64-linux-gnu.so`): such an entry,
/// or a directory that cannot be listed.
fn shadowing(dir: &std::path::Path) -> Option<String> {
    use crate::analysis::effects::programs::pyinline::STDLIB_MODULES;
    let unlisted = |e: std::io::Error| {
        format!(
            "its working directory {}, where Python looks for modules first, cannot be listed ({e})",
            dir.display()
        )
    };
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) => return Some(unlisted(e)),
    };
    for entry in entries {
        let entry = match entry {
            Ok(e) => e,
            Err(e) => return Some(unlisted(e)),
        };
        let name = entry.file_name();
        let name = name.to_string_lossy();
        let (stem, ext) = match name.split_once('.') {
            Some((s, rest)) => (s, rest.rsplit('.').next().unwrap_or("")),
            None => (name.as_ref(), ""),
        };
        if !STDLIB_MODULES.contains(&stem) {
            continue;
        }
        let code_file = matches!(ext, "py" | "pyc" | "pyw" | "so" | "pyd");
        let package = ext.is_empty() && entry.path().join("__init__.py").exists();
        if code_file || package {
            return Some(format!(
                "{name} in its working directory would be imported instead of the standard library's {stem}"
            ));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::prints_secrets;

    #[test]
    fn one_liners_that_read_the_environment_or_a_credential_store_print_secrets() {
        let secret = [
            ("node", "process.env"),
            ("node", "console.log(JSON.stringify(process.env))"),
            ("node", "process.env.GITHUB_TOKEN"),
            ("node", "console.log(process.env['NPM_TOKEN'])"),
            ("node", "console.log(process.env[k])"),
            ("bun", "Bun.env"),
            ("python3", "import os;print(os.environ)"),
            ("python3", "import os;print(dict(os.environ))"),
            (
                "python3",
                "import os;[print(k, v) for k, v in os.environ.items()]",
            ),
            (
                "python3",
                "import os;print(os.environ['AWS_SECRET_ACCESS_KEY'])",
            ),
            ("python3", "import os;print(os.getenv(\"OPENAI_API_KEY\"))"),
            ("python3", "from os import environ; print(environ)"),
            ("python3", "import netrc;print(netrc.netrc().hosts)"),
            (
                "python3",
                "import keyring; print(keyring.get_password('x', 'y'))",
            ),
            ("perl", "print %ENV"),
            ("perl", "print \"$_=$ENV{$_}\\n\" for keys %ENV"),
            ("perl", "print $ENV{GITHUB_TOKEN}"),
            ("ruby", "p ENV"),
            ("ruby", "puts ENV.to_h"),
            ("ruby", "puts ENV.fetch('STRIPE_SECRET_KEY')"),
            ("php", "var_dump(getenv());"),
            // The whole environment by other spellings and names.
            (
                "python3",
                "import os,json; print(json.dumps({**os.environ}))",
            ),
            ("python3", "import posix; print(posix.environ)"),
            ("python3", "print(__import__(\"os\").environ)"),
            ("python3", "import os as o; print(o.environ)"),
            ("python3", "import os; print(os.environ.copy())"),
            ("node", "console.log(process[\"env\"])"),
            ("node", "globalThis.process.env"),
            ("node", "console.log(require('process').env)"),
            ("node", "console.log({...process.env})"),
            ("node", "Object.entries(process.env)"),
            ("php", "print_r($_SERVER);"),
            ("php", "var_dump($_ENV);"),
            ("php", "phpinfo(INFO_ENVIRONMENT);"),
            ("php", "phpinfo();"),
            ("Rscript", "Sys.getenv()"),
            ("Rscript", "print(Sys.getenv('GITHUB_TOKEN'))"),
        ];
        for (prog, code) in secret {
            assert!(prints_secrets(prog, code).is_some(), "{prog}: {code}");
        }
        let fine = [
            ("node", "process.env.HOME"),
            ("node", "console.log(process.env.NODE_ENV)"),
            ("node", "spawn('x', { env: { ...process.env, X: '1' } })"),
            ("python3", "import os;print(os.environ['HOME'])"),
            ("python3", "import os;print(os.environ.get('PATH'))"),
            ("python3", "import os; print('CI' in os.environ)"),
            (
                "python3",
                "import subprocess,os; subprocess.run(['ls'], env=os.environ)",
            ),
            ("python3", "print('ENV')"),
            ("python3", "import os; print(os.environment)"),
            ("perl", "print $ENV{HOME}"),
            ("ruby", "puts ENV['PATH']"),
            ("ruby", "puts MY_ENV"),
            ("awk", "ENVIRON"), // awk's own scan judges ENVIRON
            // One variable by name, or the environment handed to a child.
            ("python3", "print(__import__('os').environ.get('PATH'))"),
            (
                "python3",
                "import os,subprocess; subprocess.run(['ls'], env={**os.environ, 'X': '1'})",
            ),
            ("node", "console.log(process['env'].NODE_ENV)"),
            ("node", "console.log(globalThis.process.env.HOME)"),
            ("php", "echo $_SERVER['PHP_SELF'];"),
            ("php", "echo getenv('HOME');"),
            ("Rscript", "Sys.getenv('HOME')"),
            ("Rscript", "print(1 + 1)"),
            ("perl", "print $ENV"),
        ];
        for (prog, code) in fine {
            assert_eq!(prints_secrets(prog, code), None, "{prog}: {code}");
        }
    }
}
