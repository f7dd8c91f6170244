//! What the source of a program plants, whatever its language (`edits` asks this of every
//! file that runs: scripts, build definitions, and the sources and tests a build or test
//! run compiles, `file_kinds::source_kind`). Code is read for what it does, not for what
//! it mentions: a comment or a path constant naming `~/.ssh` plants nothing. A finding is
//! one of
//! - a command line built for a process ([`exec_statements`]: `Command::new("sh").arg("-c")
//!   .arg("curl … | sh")`, `exec.Command("rm", "-rf", home)`, `system("…")`,
//!   `subprocess.run([…])`), judged by the floor as the shell command it is;
//! - the home directory handed whole to a recursive delete (`remove_dir_all(HOME)`,
//!   `shutil.rmtree(Path.home())`);
//! - a file under the home directory that runs or grants access later written or appended
//!   to (`~/.bashrc`, `authorized_keys`, `~/.claude/settings.json`);
//! - fetched text run in the language (`exec(urlopen(…).read())`, `.then(eval)`,
//!   `eval(Net::HTTP.get(…))`, `pickle.loads(urlopen(…))`);
//! - a file downloaded and then run (`curl -o /tmp/p URL && sh /tmp/p`,
//!   `urlretrieve(URL, "/tmp/p")` then `["sh", "/tmp/p"]`);
//! - a socket handed to a shell (a reverse shell);
//! - the value of a secret-shaped variable sent in the same call as a network request;
//! - a credential file read by code that also talks to the network or runs a program.
//!
//! Before any of it, text a file's own parser decodes ([`decoded`]: JSON `\u0063`, YAML
//! `"\x63"`, XML `&#99;`) and a Makefile's simple variables ([`make_expanded`]) are
//! undone, so the scan reads what runs.

use super::core::{Judge, JudgeCtx, Verdict};
use std::path::Path;

/// What a source text plants, as a reason; `None` when nothing here is found.
/// `source`: the file is the source of a compiled or other language (`SOURCE_KIND`),
/// whose strings are data until a call runs them.
pub(super) fn scan_code(
    path: &Path,
    text: &str,
    source: bool,
    ctx: &JudgeCtx,
    judge: &dyn Judge,
) -> Option<String> {
    let singles = single_quoted_strings(path);
    let code = strip_comments(path, text);
    let normal = homes_marked(&code);
    // In the sources of a compiled program a string is data until a call runs it: the
    // calls that delete, write, fetch and evaluate are looked for in the code around the
    // strings (`blank_strings`), and shell text only where a process is started. (A
    // script's or a build file's strings are commands often enough to be read as such.)
    let plain = if source {
        blank_strings(&normal, singles)
    } else {
        normal.clone()
    };
    let statements = exec_statements(&normal);
    let shell_text = if source {
        statements
            .iter()
            .flat_map(|st| literals(st, singles))
            .collect::<Vec<_>>()
            .join("\n")
    } else {
        code.clone()
    };
    if let Some(f) = deletes_home(&normal, &plain) {
        return Some(f);
    }
    if let Some(f) = writes_home_startup(&normal, &plain) {
        return Some(f);
    }
    if let Some(f) = runs_fetched(&plain) {
        return Some(f);
    }
    if let Some(f) = downloads_then_runs(&shell_text) {
        return Some(f);
    }
    if let Some(f) = installs_from_url(&shell_text) {
        return Some(f);
    }
    if let Some(f) = reverse_shell(&plain, &code) {
        return Some(f);
    }
    if let Some(f) = sends_secret(&normal, &plain) {
        return Some(f);
    }
    let spawns = !statements.is_empty();
    for st in &statements {
        for cmdline in command_lines(st, singles) {
            let j = judge.text(&cmdline, ctx, 1);
            match j.verdict {
                Verdict::Hard {
                    category, reason, ..
                } => return Some(format!("runs `{}`: {reason} ({category})", short(&cmdline))),
                Verdict::Soft {
                    category, reason, ..
                } if PLANTING.contains(&category) => {
                    return Some(format!("runs `{}`: {reason} ({category})", short(&cmdline)))
                }
                _ => {}
            }
        }
    }
    if source {
        // A credential file named in code that also talks to the network or runs a
        // program: read and sent (a mention alone, a constant or a doc, is not).
        let lower = code.to_lowercase();
        let network = NETWORK.iter().any(|n| lower.contains(&n.to_lowercase()));
        if network || spawns {
            if let Some(m) = KEY_FILES.iter().find(|m| code.contains(*m)) {
                return Some(format!(
                    "reads a credential path ({m}) in code that also {}",
                    if network {
                        "talks to the network"
                    } else {
                        "runs programs"
                    }
                ));
            }
        }
        if let Some(m) = SKIP_MARKERS
            .iter()
            .find(|m| statements.iter().any(|s| s.to_lowercase().contains(*m)))
        {
            return Some(format!("switches an agent's permission checks off ({m})"));
        }
    }
    None
}

/// Files that are themselves secrets (a private key, a token store), unlike the
/// directories around them (`~/.ssh/known_hosts` is not).
const KEY_FILES: &[&str] = &[
    "id_rsa",
    "id_ed25519",
    "id_ecdsa",
    "id_dsa",
    ".netrc",
    ".aws/credentials",
    ".git-credentials",
    ".docker/config.json",
    ".kube/config",
    ".config/gh/hosts",
    ".pgpass",
    ".pypirc",
    "/etc/shadow",
    "/proc/self/environ",
    "application_default_credentials.json",
];

/// The text with the inside of every string literal replaced by spaces (byte for byte,
/// so positions stay), the home directory's `"~"` kept.
fn blank_strings(text: &str, singles: bool) -> String {
    let b = text.as_bytes();
    let mut out = b.to_vec();
    let mut i = 0;
    while i < b.len() {
        let q = b[i];
        if q == b'"' || q == b'`' || (singles && q == b'\'') {
            let start = i + 1;
            let mut j = start;
            while j < b.len() && b[j] != q {
                if b[j] == b'\\' {
                    j += 1;
                }
                j += 1;
            }
            let end = j.min(b.len());
            if &b[start..end] != b"~" {
                for o in out.iter_mut().take(end).skip(start) {
                    if *o != b'\n' {
                        *o = b' ';
                    }
                }
            }
            i = end + 1;
        } else {
            i += 1;
        }
    }
    String::from_utf8(out).unwrap_or_default()
}

/// What text whose literals [`joined`] has put together plants, by the searches that
/// do not pair quotes (joining moves them): a download piped into a shell, a payload
/// decoded and run, a download run, fetched code evaluated, a package from a URL.
pub(super) fn scan_joined(text: &str) -> Option<String> {
    let lower = text.to_lowercase();
    if (lower.contains("curl") || lower.contains("wget"))
        && PIPE_SHELLS.iter().any(|p| lower.contains(p))
    {
        return Some("pipes a download into a shell".to_string());
    }
    downloads_then_runs(text)
        .or_else(|| runs_fetched(text))
        .or_else(|| installs_from_url(text))
}

/// Languages whose `'…'` is a string (not a character or a lifetime).
fn single_quoted_strings(path: &Path) -> bool {
    let ext = path
        .extension()
        .map(|e| e.to_string_lossy().to_lowercase())
        .unwrap_or_default();
    !matches!(
        ext.as_str(),
        "rs" | "c"
            | "h"
            | "cc"
            | "cpp"
            | "cxx"
            | "hpp"
            | "hh"
            | "m"
            | "mm"
            | "java"
            | "kt"
            | "kts"
            | "cs"
            | "go"
            | "scala"
            | "swift"
            | "hs"
            | "ml"
            | "zig"
            | "jl"
            | "fs"
            | "fsx"
            | "vb"
            | "clj"
            | "cljs"
            | "lisp"
            | "el"
            | "rkt"
            | "scm"
    )
}

/// The text with whole-line comments dropped (`//`, `#`, `--`, `;`, `%`, block-comment
/// continuation lines `*`): prose about a path is not code that uses it. `#!` and
/// C's `#include`/`#define` lines stay (they are code).
fn strip_comments(path: &Path, text: &str) -> String {
    let ext = path
        .extension()
        .map(|e| e.to_string_lossy().to_lowercase())
        .unwrap_or_default();
    let hash = !matches!(
        ext.as_str(),
        "c" | "h" | "cc" | "cpp" | "cxx" | "hpp" | "hh" | "m" | "mm" | "cs" | "rs"
    );
    let dashes = matches!(ext.as_str(), "hs" | "lhs" | "lua" | "sql" | "elm");
    let mut out = String::with_capacity(text.len());
    let mut block = false;
    for line in text.lines() {
        let t = line.trim_start();
        if block {
            if let Some(at) = t.find("*/") {
                block = false;
                out.push_str(&t[at + 2..]);
                out.push('\n');
            }
            continue;
        }
        let comment = t.starts_with("//")
            || (t.starts_with("/*") && !t.contains("*/") && {
                block = true;
                true
            })
            || (t.starts_with("/*") && t.ends_with("*/"))
            || (t.starts_with('*') && !t.starts_with("*/"))
            || (hash && t.starts_with('#') && !t.starts_with("#!") && !t.starts_with("#["))
            || (dashes && t.starts_with("--"));
        if !comment {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// What stands for the home directory once [`homes_marked`] has rewritten the ways code
/// names it: a string `"~"`.
const HOME: &str = "\"~\"";

/// Expressions that evaluate to the home directory, in the languages gatehook reads.
const HOME_EXPRS: &[&str] = &[
    "std::env::var(\"HOME\")",
    "env::var(\"HOME\")",
    "std::env::var_os(\"HOME\")",
    "env::var_os(\"HOME\")",
    "std::env::home_dir()",
    "env::home_dir()",
    "dirs::home_dir()",
    "home::home_dir()",
    "os.Getenv(\"HOME\")",
    "os.UserHomeDir()",
    "System.getProperty(\"user.home\")",
    "System.getenv(\"HOME\")",
    "require('os').homedir()",
    "require(\"os\").homedir()",
    "os.homedir()",
    "process.env.HOME",
    "process.env[\"HOME\"]",
    "process.env['HOME']",
    "os.path.expanduser(\"~\")",
    "os.path.expanduser('~')",
    "os.environ[\"HOME\"]",
    "os.environ['HOME']",
    "os.environ.get(\"HOME\")",
    "os.environ.get('HOME')",
    "os.getenv(\"HOME\")",
    "os.getenv('HOME')",
    "pathlib.Path.home()",
    "Path.home()",
    "Dir.home",
    "ENV[\"HOME\"]",
    "ENV['HOME']",
    "$ENV{HOME}",
    "$ENV{'HOME'}",
    "$ENV{\"HOME\"}",
    "Sys.getenv(\"HOME\")",
    "path.expand(\"~\")",
    "Environment.GetFolderPath(Environment.SpecialFolder.UserProfile)",
    "Environment.GetEnvironmentVariable(\"HOME\")",
    "FileManager.default.homeDirectoryForCurrentUser.path",
    "FileManager.default.homeDirectoryForCurrentUser",
    "NSHomeDirectory()",
    "System.user_home()",
    "System.user_home!()",
    "System.get_env(\"HOME\")",
    "Platform.environment['HOME']",
    "Platform.environment[\"HOME\"]",
    "homedir()",
    "getenv(\"HOME\")",
    "os.getenv(\"HOME\")",
    "\"$HOME\"",
    "'$HOME'",
    "\"${HOME}\"",
];

/// Suffixes that unwrap a value without changing it (`.unwrap()`, `?`, `!!`).
const UNWRAPS: &[&str] = &[
    ".unwrap()",
    ".unwrap_or_default()",
    ".expect(\"HOME\")",
    ".get()",
    "!!",
    "?",
    "!",
];

/// The code with each expression of [`HOME_EXPRS`] (and what only unwraps it) rewritten
/// to [`HOME`], and `new File(…)`/`Paths.get(…)`/`Path.of(…)`/`Path::new(…)` of it
/// likewise.
fn homes_marked(code: &str) -> String {
    let mut s = code.to_string();
    for e in HOME_EXPRS {
        if s.contains(e) {
            s = s.replace(e, HOME);
        }
    }
    loop {
        let before = s.clone();
        for u in UNWRAPS {
            s = s.replace(&format!("{HOME}{u}"), HOME);
        }
        for w in [
            "new File(",
            "File(",
            "Paths.get(",
            "Path.of(",
            "Path::new(",
            "PathBuf::from(",
            "Path(",
            "&",
        ] {
            s = s.replace(&format!("{w}{HOME})"), HOME);
            s = s.replace(&format!("{w}{HOME}"), HOME);
        }
        if s == before {
            break;
        }
    }
    s
}

/// Recursive deletes, as a call's name.
const DELETES: &[&str] = &[
    "remove_dir_all(",
    "rmtree(",
    "RemoveAll(",
    "rm_rf(",
    "rm_r(",
    "rmSync(",
    "rmdirSync(",
    "rimraf(",
    "rimraf.sync(",
    "deleteDirectory(",
    "deleteRecursively(",
    "Directory.Delete(",
    "unlink(",
    "rmdir(",
    "remove_tree(",
    "rm(",
    "fs.rm(",
    "deleteTree(",
    "File.rm_rf(",
    "File.rm_rf!(",
    "FileUtils.rm_rf(",
    "FileUtils.remove_dir(",
];

/// The home directory handed whole to a recursive delete.
fn deletes_home(code: &str, plain: &str) -> Option<String> {
    for d in DELETES {
        for (at, _) in code.match_indices(d) {
            if plain.get(at..at + d.len()) != Some(*d) {
                continue;
            }
            let rest = code[at + d.len()..].trim_start();
            if let Some(after) = rest.strip_prefix(HOME) {
                let next = after.trim_start().chars().next();
                if matches!(next, Some(')' | ',')) {
                    return Some(format!(
                        "deletes the home directory ({}…)",
                        d.trim_end_matches('(')
                    ));
                }
            }
        }
    }
    None
}

/// Files under the home directory that run at login or shell start, grant access, or
/// steer the agent or its harness.
const STARTUP: &[&str] = &[
    ".bashrc",
    ".bash_profile",
    ".bash_login",
    ".profile",
    ".zshrc",
    ".zprofile",
    ".zshenv",
    "authorized_keys",
    ".claude",
    "autostart",
    "LaunchAgents",
    ".config/systemd",
    ".config/fish",
    ".gitconfig",
    ".ssh/config",
    "crontab",
];

/// Calls that write or append to a file.
const WRITES: &[&str] = &[
    "write(",
    "write_text(",
    "write_bytes(",
    "writeFileSync(",
    "appendFileSync(",
    "writeFile(",
    "appendFile(",
    "WriteFile(",
    "OpenFile(",
    "O_APPEND",
    "O_WRONLY",
    "File::create(",
    "OpenOptions",
    "File.write(",
    "File.open(",
    "AppendAllText(",
    "WriteAllText(",
    "Files.write(",
    "Files.writeString(",
    "FileWriter(",
    "appendText(",
    "writeText(",
    "writeAsString",
    "write_file(",
];

/// Open modes that write or append, as a string argument.
const OPEN_MODES: &[&str] = &[
    "'a')", "\"a\")", "'w')", "\"w\")", "'a+')", "'ab')", "'wb')", "\"ab\")", "\"wb\")",
];

/// A line that writes or appends to a start-up or access file under the home directory.
fn writes_home_startup(code: &str, plain: &str) -> Option<String> {
    for (line, bare) in code.lines().zip(plain.lines()) {
        let home = line.contains(HOME) || line.contains("~/") || line.contains("$HOME");
        if !home {
            continue;
        }
        let Some(target) = STARTUP.iter().find(|t| line.contains(*t)) else {
            continue;
        };
        // The call is code (a write in a string is shell, judged as such); an open mode
        // is a string after `open(`.
        let mode = bare.contains("open(") && OPEN_MODES.iter().any(|m| line.contains(m));
        if mode || WRITES.iter().any(|w| bare.contains(w)) {
            return Some(format!(
                "writes {target} in the home directory, which runs or grants access later"
            ));
        }
    }
    None
}

/// Fetching calls, as they appear in code.
const FETCHES: &[&str] = &[
    "urlopen(",
    "requests.get(",
    "requests.post(",
    "httpx.get(",
    "fetch(",
    "Net::HTTP.get",
    "URI.open(",
    "URI.parse(",
    "open-uri",
    "file_get_contents('http",
    "file_get_contents(\"http",
    "get('http",
    "get(\"http",
    "get 'http",
    "get \"http",
    "http.get(",
    "https.get(",
    "axios.get(",
    "axios(",
    "reqwest::",
    "http.Get(",
    "Invoke-WebRequest",
    "Invoke-RestMethod",
    "DownloadString(",
    "curl_exec(",
    "LWP::Simple",
    "LWP::UserAgent",
    "HTTP::Tiny",
];

/// Sinks that run text as code in the language.
const EVALS: &[&str] = &[
    "exec(",
    "eval(",
    "eval ",
    "then(eval)",
    "pickle.loads(",
    "marshal.loads(",
    "new Function(",
    "instance_eval",
    "class_eval",
    "loadstring(",
    "vm.runIn",
    "runInThisContext",
    "Invoke-Expression",
    "iex ",
    "| iex",
];

/// Fetched text run as code in the same statement.
fn runs_fetched(code: &str) -> Option<String> {
    for st in statements(code) {
        let Some(f) = FETCHES.iter().find(|f| st.contains(*f)) else {
            continue;
        };
        if let Some(e) = EVALS.iter().find(|e| word_in(&st, e)) {
            return Some(format!(
                "runs code it fetches from the network ({} into {})",
                f.trim_end_matches('('),
                e.trim()
            ));
        }
    }
    None
}

/// Does `text` hold `word` not as the end of a longer name (`eval ` is not in
/// `retrieval `, `exec(` is not in `myexec(`)?
fn word_in(text: &str, word: &str) -> bool {
    text.match_indices(word).any(|(at, _)| {
        !word.starts_with(|c: char| c.is_alphanumeric())
            || text[..at]
                .chars()
                .next_back()
                .is_none_or(|c| !(c.is_alphanumeric() || c == '_'))
    })
}

/// Statements, roughly: lines joined while brackets stay open or the next line continues
/// a call chain (`.then(…)`, `.arg(…)`).
fn statements(code: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut cur = String::new();
    let mut depth: i32 = 0;
    for line in code.lines() {
        let t = line.trim_start();
        let continues = t.starts_with('.') || t.starts_with(')') || t.starts_with("&&");
        if !cur.is_empty() && depth <= 0 && !continues {
            out.push(std::mem::take(&mut cur));
        }
        if cur.len() > 4000 {
            out.push(std::mem::take(&mut cur));
            depth = 0;
        }
        cur.push_str(line);
        cur.push('\n');
        for c in line.chars() {
            match c {
                '(' | '[' => depth += 1,
                ')' | ']' => depth -= 1,
                _ => {}
            }
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// Download commands and calls, and where each one saves what it fetches.
fn download_targets(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let words: Vec<&str> = code
        .split(|c: char| {
            c.is_whitespace() || matches!(c, '"' | '\'' | ',' | '[' | ']' | '(' | ')' | ';')
        })
        .filter(|w| !w.is_empty())
        .collect();
    for (i, w) in words.iter().enumerate() {
        // The name a word ends with: `!curl`, `<argument>curl`, `urllib.request.urlretrieve`.
        let prog = w
            .rsplit(|c: char| !(c.is_alphanumeric() || matches!(c, '-' | '_')))
            .next()
            .unwrap_or(w);
        if prog == "clone" && i > 0 && words[i - 1].ends_with("git") {
            // `git clone URL [DIR]`: the clone's directory, run from later.
            let ops: Vec<&&str> = words[i + 1..words.len().min(i + 8)]
                .iter()
                .take_while(|a| !matches!(**a, "&&" | "||" | "|" | ";"))
                .filter(|a| !a.starts_with('-'))
                .collect();
            match ops.as_slice() {
                [url, dir, ..] if url.contains("://") || url.contains('@') => {
                    out.push(dir.to_string())
                }
                [url] => {
                    let last = url.trim_end_matches('/').rsplit('/').next().unwrap_or("");
                    out.push(last.trim_end_matches(".git").to_string());
                }
                _ => {}
            }
            continue;
        }
        if !matches!(
            prog,
            "curl" | "wget" | "urlretrieve" | "Invoke-WebRequest" | "iwr" | "aria2c" | "fetch"
        ) {
            continue;
        }
        let args = &words[i + 1..words.len().min(i + 12)];
        let mut url = None;
        for (k, a) in args.iter().enumerate() {
            if a.starts_with("http://") || a.starts_with("https://") {
                url = url.or(Some(*a));
            }
            let next = args.get(k + 1).copied();
            match *a {
                "-o" | "--output" | "-O" | "--output-document" | "-OutFile" | ">" | ">>"
                    if next.is_some_and(|n| !n.starts_with('-') && !n.starts_with("http")) =>
                {
                    if let Some(n) = next {
                        out.push(n.to_string());
                    }
                }
                _ => {
                    if let Some(rest) = a.strip_prefix('>') {
                        if !rest.is_empty() {
                            out.push(rest.to_string());
                        }
                    }
                    if let Some(rest) = a.strip_prefix("--output=") {
                        out.push(rest.to_string());
                    }
                }
            }
            if prog == "urlretrieve" && k == 1 {
                out.push(a.to_string());
            }
            if *a == "&&" || *a == "|" || *a == "||" {
                break;
            }
        }
        // `curl -O URL`, `wget URL`: the file is the URL's last part.
        let remote_name = (prog == "curl"
            && args.iter().any(|a| {
                *a == "--remote-name"
                    || (a.starts_with('-') && !a.starts_with("--") && a.contains('O'))
            }))
            || (prog == "wget"
                && !args
                    .iter()
                    .any(|a| a.starts_with("-O") || a.starts_with("--output")));
        if remote_name {
            if let Some(u) = url {
                let last = u.trim_end_matches('/').rsplit('/').next().unwrap_or("");
                let last = last.split(['?', '#']).next().unwrap_or("");
                if !last.is_empty() && !last.contains(':') {
                    out.push(last.to_string());
                }
            }
        }
    }
    out.retain(|t| t.len() > 1 && t != "-" && t != "/dev/null" && !t.starts_with('$'));
    out
}

/// Words before a file that run it.
const RUNS_FILE: &[&str] = &[
    "sh",
    "bash",
    "zsh",
    "dash",
    "ksh",
    "source",
    ".",
    "python",
    "python3",
    "node",
    "perl",
    "ruby",
    "php",
    "pwsh",
    "powershell",
    "chmod",
    "exec",
    "/bin/sh",
    "/bin/bash",
    "bun",
    "deno",
    "Rscript",
    "lua",
    "fish",
    "iex",
    "call",
    "load",
    "make",
];

/// A file downloaded and then run by its path (`curl -o /tmp/p URL && sh /tmp/p`,
/// `urlretrieve(URL, '/tmp/p')` then `subprocess.run(['sh', '/tmp/p'])`, `./p` after
/// `curl -O`).
fn downloads_then_runs(code: &str) -> Option<String> {
    for target in download_targets(code) {
        let base = target.trim_start_matches("./");
        for (at, _) in code.match_indices(base) {
            let before = &code[..at];
            let end = at + base.len();
            let after_ok = code[end..]
                .chars()
                .next()
                .is_none_or(|c| !(c.is_alphanumeric() || matches!(c, '_' | '-' | '.' | '/')));
            if !after_ok {
                continue;
            }
            if before.ends_with("./") && !before.ends_with("../") {
                return Some(format!("downloads {target} and runs it"));
            }
            let prev: Vec<&str> = before
                .rsplit(|c: char| {
                    c.is_whitespace() || matches!(c, '"' | '\'' | ',' | '[' | '(' | ';' | '&' | '|')
                })
                .filter(|w| !w.is_empty())
                .take(3)
                .collect();
            // The word before the file runs it, or the word before that when the file
            // follows a flag (`bash -x /tmp/p`, `make -C /tmp/x`, `chmod +x p`).
            let flag = |w: &str| w.starts_with('-') || w.starts_with('+');
            let runner = match prev.as_slice() {
                [w, ..] if !flag(w) => Some(*w),
                [f, w, ..] if flag(f) && !matches!(*f, "-o" | "-O" | "--output" | "-OutFile") => {
                    Some(*w)
                }
                _ => None,
            };
            let runs = runner.is_some_and(|w| {
                let name = w.rsplit('/').next().unwrap_or(w);
                RUNS_FILE.contains(&name)
            });
            if runs {
                return Some(format!("downloads {target} and runs it"));
            }
        }
    }
    None
}

/// Package installers and runners that build or run what they are given.
const INSTALLERS: &[&str] = &[
    "pip",
    "pip3",
    "pipx",
    "uv",
    "npm",
    "npx",
    "pnpm",
    "pnpx",
    "yarn",
    "bunx",
    "bun",
    "gem",
    "cargo",
    "go",
    "deno",
    "easy_install",
    "conda",
    "mamba",
];

/// A package installed or run straight from a URL (`pip install https://…/x.tar.gz`,
/// `npx -y https://…/x.tgz`): its build or entry code runs.
fn installs_from_url(code: &str) -> Option<String> {
    for line in code.lines() {
        for seg in line.split(['&', '|', ';']) {
            let words: Vec<&str> = seg
                .split(|c: char| c.is_whitespace() || matches!(c, '"' | '\'' | ',' | '[' | ']'))
                .filter(|w| !w.is_empty())
                .collect();
            let Some(at) = words
                .iter()
                .position(|w| INSTALLERS.contains(&w.rsplit('/').next().unwrap_or(w)))
            else {
                continue;
            };
            if let Some(u) = words[at + 1..].iter().find(|w| {
                let w = w.trim_start_matches("--index-url=");
                w.starts_with("http://")
                    || w.starts_with("https://")
                    || w.starts_with("git+")
                    || w.starts_with("git://")
            }) {
                return Some(format!(
                    "installs or runs a package straight from {} (its build code runs)",
                    short(u)
                ));
            }
        }
    }
    None
}

/// Text with its string literals joined where the language joins them: `'cu' + 'rl'`,
/// `"s".to_owned() + "h"`, `concat!("cu", "rl")`, a just `{{'…'}}` expression; and shell
/// `$(printf '\143…')` substitutions of literal escapes replaced by what they print.
/// `None` when nothing changes.
pub(super) fn joined(text: &str) -> Option<String> {
    let mut s = text.to_string();
    for q in ['"', '\''] {
        for glue in [
            "+",
            ".to_owned()+",
            ".to_string()+",
            ".to_owned() +",
            ".to_string() +",
            ".",
            "..",
            "<>",
            "++",
        ] {
            for sp in ["", " "] {
                // PHP's and Lua's `.`/`..` only spaced: `"."` alone is a string.
                if sp.is_empty() && matches!(glue, "." | "..") {
                    continue;
                }
                s = s.replace(&format!("{q}{sp}{glue}{sp}{q}"), "");
            }
        }
    }
    // `concat!("a", "b")` and `concat!("a","b")`.
    while let Some(at) = s.find("concat!(") {
        let rest = &s[at + "concat!(".len()..];
        let Some(end) = rest.find(')') else { break };
        let inner = &rest[..end];
        let joined: String = literals(inner, false).concat();
        s = format!("{}\"{}\"{}", &s[..at], joined, &rest[end + 1..]);
    }
    // just: `{{'x'}}` and `{{"x"}}` are the text x.
    for (open, close) in [
        ("{{'", "'}}"),
        ("{{\"", "\"}}"),
        ("{{ '", "' }}"),
        ("{{ \"", "\" }}"),
    ] {
        s = s.replace(open, "").replace(close, "");
    }
    let s = printf_substituted(&s);
    (s != text).then_some(s)
}

/// `$(printf 'ESCAPES')` (and `$$(…)`) whose format is only literal text and `\NNN`/`\xHH`
/// escapes, replaced by the text it prints.
fn printf_substituted(text: &str) -> String {
    let mut s = text.to_string();
    for open in ["$(printf '", "$(printf \""] {
        let q = open.chars().last().unwrap_or('\'');
        let mut from = 0;
        while let Some(rel) = s[from..].find(open) {
            let at = from + rel;
            let body_start = at + open.len();
            let Some(len) = s[body_start..].find(q) else {
                break;
            };
            let body = &s[body_start..body_start + len];
            let close = body_start + len + 1;
            if !s[close..].starts_with(')') || body.contains('%') {
                from = close;
                continue;
            }
            let printed = unprintf(body);
            s = format!("{}{}{}", &s[..at], printed, &s[close + 1..]);
            from = at + printed.len();
        }
    }
    s
}

/// printf's `\NNN` (octal) and `\xHH` escapes decoded.
fn unprintf(body: &str) -> String {
    let b: Vec<char> = body.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == '\\' && i + 1 < b.len() {
            if b[i + 1] == 'x' {
                let hex: String = b[i + 2..b.len().min(i + 4)].iter().collect();
                if let Some(c) = u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32) {
                    out.push(c);
                    i += 2 + hex.len();
                    continue;
                }
            }
            let oct: String = b[i + 1..b.len().min(i + 4)]
                .iter()
                .take_while(|c| c.is_digit(8))
                .collect();
            if !oct.is_empty() {
                if let Some(c) = u32::from_str_radix(&oct, 8).ok().and_then(char::from_u32) {
                    out.push(c);
                    i += 1 + oct.len();
                    continue;
                }
            }
        }
        out.push(b[i]);
        i += 1;
    }
    out
}

/// A socket connected out and handed to a shell or terminal: a reverse shell.
fn reverse_shell(plain: &str, code: &str) -> Option<String> {
    let socket = [
        "socket.socket(",
        "socket.create_connection(",
        "create_connection(",
        "net.Dial(",
        "TcpStream::connect(",
        "new Socket(",
        "net.connect(",
        "net.createConnection(",
        "TCPSocket.new(",
        "TCPSocket.open(",
        "fsockopen(",
        "IO::Socket::INET",
        "socketConnection(",
    ]
    .iter()
    .any(|s| plain.contains(s));
    if !socket {
        return None;
    }
    let shell = code.contains("dup2(")
        || code.contains("pty.spawn(")
        || code.contains("fileno()")
        || code.contains("/bin/sh")
        || code.contains("/bin/bash")
        || code.contains("'-i'")
        || code.contains("\"-i\"")
        || code.contains(".pipe(sh")
        || code.contains("cmd.exe");
    shell.then(|| "connects a socket to a shell (a reverse shell)".to_string())
}

/// Calls that send a request.
const SENDS: &[&str] = &[
    "urlopen(",
    "requests.",
    "httpx.",
    "fetch(",
    "axios",
    "http.Post",
    "http.Get",
    "http.NewRequest",
    "Net::HTTP",
    "reqwest",
    "HttpClient",
    "curl",
    "wget",
    "https.request(",
    "http.request(",
    "URLSession",
    "ureq::",
    "file_get_contents(",
];

/// Reads of one environment variable, as they open (the name follows).
const ENV_READS: &[&str] = &[
    "os.environ.get(",
    "os.environ[",
    "os.getenv(",
    "process.env.",
    "process.env[",
    "ENV[",
    "ENV.fetch(",
    "env::var(",
    "os.Getenv(",
    "System.getenv(",
    "getenv(",
    "Sys.getenv(",
    "System.get_env(",
    "Environment.GetEnvironmentVariable(",
    "$ENV{",
    "$_ENV[",
    "$_SERVER[",
];

/// The value of a secret-shaped environment variable in the same statement as a request.
fn sends_secret(code: &str, plain: &str) -> Option<String> {
    let urls = url_hosts(code);
    for (st, bare) in statements(code).into_iter().zip(statements(plain)) {
        if !SENDS.iter().any(|s| bare.contains(s)) {
            continue;
        }
        for r in ENV_READS {
            for (at, _) in st.match_indices(r) {
                if bare.get(at..at + r.len()) != Some(*r) {
                    continue;
                }
                let rest = st[at + r.len()..].trim_start_matches(['"', '\'', ' ']);
                let end = rest
                    .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                    .unwrap_or(rest.len());
                let name = &rest[..end];
                // A token sent to its own service (`GITHUB_TOKEN` to `api.github.com`,
                // every URL of the file that service's) is what it is for.
                let vendor = name.split('_').next().unwrap_or("").to_lowercase();
                let vendor = if vendor == "gh" {
                    "github".to_string()
                } else {
                    vendor
                };
                let own = !urls.is_empty()
                    && vendor.len() > 2
                    && urls.iter().all(|h| h.contains(&vendor));
                if !name.is_empty() && crate::analysis::effects::secret_name(name) && !own {
                    return Some(format!(
                        "sends the value of the secret-shaped variable {name} over the network"
                    ));
                }
            }
        }
    }
    None
}

/// The hosts of the `http(s)://` URLs a text names, lower case.
fn url_hosts(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    for scheme in ["https://", "http://"] {
        for (at, _) in code.match_indices(scheme) {
            let rest = &code[at + scheme.len()..];
            let end = rest
                .find(|c: char| !(c.is_alphanumeric() || matches!(c, '.' | '-')))
                .unwrap_or(rest.len());
            out.push(rest[..end].to_lowercase());
        }
    }
    out
}

/// Calls that start a process from a command line or an argument list.
const SPAWNS: &[&str] = &[
    "Command::new(",
    "exec.Command(",
    "exec.CommandContext(",
    "syscall.Exec(",
    "ProcessBuilder(",
    "getRuntime().exec(",
    "Process.Start(",
    "ProcessStartInfo(",
    ".arguments =",
    "launchPath =",
    "System.cmd(",
    "System.shell(",
    ":os.cmd(",
    "Process.run(",
    "Process.runSync(",
    "Process.start(",
    "system(",
    "system2(",
    "popen(",
    "execl(",
    "execlp(",
    "execv(",
    "execvp(",
    "execve(",
    "subprocess.",
    "os.system(",
    "os.popen(",
    "os.exec",
    "os.spawn",
    "pty.spawn(",
    "check_output(",
    "check_call(",
    "Popen(",
    "execSync(",
    "execFileSync(",
    "execFile(",
    "spawnSync(",
    "spawn(",
    "exec(",
    "execa(",
    "Bun.spawn(",
    "Deno.Command(",
    "Deno.run(",
    "shell_exec(",
    "passthru(",
    "proc_open(",
    "IO.popen(",
    "Open3.",
    "%x(",
    "qx(",
    "os.execute(",
    "io.popen(",
    "callCommand",
    "callProcess",
    "readProcess",
    "spawnCommand",
    "run(`",
    "read(`",
    "sys.process",
    ").!",
    "\".!",
    "Child.init(",
    "Child.run(",
    "execShellCmd(",
    "execCmd(",
    "execProcess(",
    "(sh \"",
    "shell/sh ",
    "Start-Process",
];

/// The statements that start a process ([`SPAWNS`]).
fn exec_statements(code: &str) -> Vec<String> {
    statements(code)
        .into_iter()
        .filter(|s| SPAWNS.iter().any(|m| s.contains(m)))
        .collect()
}

/// The string literals of a statement, in order (`"…"`, `` `…` ``, and `'…'` where the
/// language has such strings; Rust's `r#"…"#` read as `"…"`).
fn literals(st: &str, singles: bool) -> Vec<String> {
    let chars: Vec<char> = st.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let q = chars[i];
        if q == '"' || q == '`' || (singles && q == '\'') {
            let mut s = String::new();
            let mut j = i + 1;
            while j < chars.len() && chars[j] != q {
                if chars[j] == '\\' && j + 1 < chars.len() {
                    s.push(match chars[j + 1] {
                        'n' => '\n',
                        't' => '\t',
                        c => c,
                    });
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

/// The command lines a process-starting statement gives: each literal with a space (a
/// command string for `system("…")`, a shell's `-c` text), and all its literals joined
/// as an argument list (`["rm", "-rf", "~"]`).
fn command_lines(st: &str, singles: bool) -> Vec<String> {
    let lits = literals(st, singles);
    let mut out: Vec<String> = lits
        .iter()
        .filter(|l| l.contains(' ') && !l.contains('\n'))
        .cloned()
        .collect();
    if lits.len() > 1 {
        let quoted: Vec<String> = lits
            .iter()
            .enumerate()
            .map(|(k, l)| {
                // `Process.Start("sh", "-c \"…\"")`: an argument string, read by the shell.
                let args_string = k == 1 && l.starts_with("-c ");
                if l.is_empty()
                    || (!args_string && l.contains([' ', '|', '&', ';', '>', '<', '$', '`']))
                {
                    format!("'{}'", l.replace('\'', "'\\''"))
                } else {
                    l.clone()
                }
            })
            .collect();
        out.push(quoted.join(" "));
    }
    out.truncate(200);
    out
}

/// Text that a file's own parser decodes before anything runs it: JSON `\uXXXX`
/// escapes, YAML double-quoted `\xXX`/`\uXXXX`, XML character references and entities.
/// `None` when the text holds none of them.
pub(super) fn decoded(path: &Path, text: &str) -> Option<String> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_lowercase())
        .unwrap_or_default();
    let ext = name.rsplit('.').next().unwrap_or("");
    let out = match ext {
        "json" | "jsonc" | "json5" | "ipynb" | "toml" | "js" | "mjs" | "cjs" | "ts" => {
            unescape(text, false)
        }
        "yml" | "yaml" => unescape(text, true),
        "xml" | "targets" | "props" | "csproj" | "fsproj" | "vbproj" | "proj" | "nuspec"
        | "config" | "plist" | "html" | "svg" => entities(text),
        _ if name == "justfile" || name == "taskfile" => unescape(text, true),
        _ => return None,
    };
    (out != text).then_some(out)
}

/// `\uXXXX` (and with `hex`, `\xXX`) escapes decoded.
fn unescape(text: &str, hex: bool) -> String {
    let mut out = String::with_capacity(text.len());
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        if chars[i] == '\\' && i + 1 < chars.len() {
            let (len, radix_digits) = match chars[i + 1] {
                'u' => (4, true),
                'x' if hex => (2, true),
                _ => (0, false),
            };
            if radix_digits && i + 2 + len <= chars.len() {
                let digits: String = chars[i + 2..i + 2 + len].iter().collect();
                if let Some(c) = u32::from_str_radix(&digits, 16)
                    .ok()
                    .and_then(char::from_u32)
                {
                    out.push(c);
                    i += 2 + len;
                    continue;
                }
            }
            if chars[i + 1] == '/' {
                out.push('/');
                i += 2;
                continue;
            }
        }
        out.push(chars[i]);
        i += 1;
    }
    out
}

/// XML character references (`&#99;`, `&#x63;`) and the predefined entities decoded.
fn entities(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        let tail = &rest[at..];
        let Some(end) = tail.find(';').filter(|e| *e <= 10) else {
            out.push('&');
            rest = &tail[1..];
            continue;
        };
        let ent = &tail[1..end];
        let c = match ent {
            "amp" => Some('&'),
            "lt" => Some('<'),
            "gt" => Some('>'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            _ => ent
                .strip_prefix("#x")
                .or_else(|| ent.strip_prefix("#X"))
                .and_then(|h| u32::from_str_radix(h, 16).ok())
                .or_else(|| ent.strip_prefix('#').and_then(|d| d.parse().ok()))
                .and_then(char::from_u32),
        };
        match c {
            Some(c) => {
                out.push(c);
                rest = &tail[end + 1..];
            }
            None => {
                out.push('&');
                rest = &tail[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// A Makefile's text with its simple variables (`NAME = value`, `:=`, `?=`, `+=` taken
/// as set) substituted into `$(NAME)`/`${NAME}`, `$(SHELL)` read as `sh`, and `$$` as the
/// `$` the shell is given. `None` when nothing changes.
pub(super) fn make_expanded(text: &str) -> Option<String> {
    let mut vars: Vec<(String, String)> = vec![("SHELL".into(), "sh".into())];
    for line in text.lines() {
        if line.starts_with('\t') {
            continue;
        }
        let l = line.trim();
        for op in [":=", "::=", "?=", "+=", "="] {
            if let Some((k, v)) = l.split_once(op) {
                let k = k.trim().trim_start_matches("export ").trim();
                if !k.is_empty()
                    && k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                    && !k.contains(':')
                {
                    vars.retain(|(n, _)| n != k);
                    vars.push((k.to_string(), v.trim().to_string()));
                }
                break;
            }
        }
    }
    let mut s = text.to_string();
    for _ in 0..4 {
        let before = s.clone();
        for (k, v) in &vars {
            s = s.replace(&format!("$({k})"), v);
            s = s.replace(&format!("${{{k}}}"), v);
        }
        if s == before {
            break;
        }
    }
    let s = s.replace("$$", "$");
    (s != text).then_some(s)
}

/// Flags and settings that switch an agent's permission checks off.
pub(super) const SKIP_MARKERS: &[&str] = &[
    "--dangerously-skip-permissions",
    "dangerously-skip-permissions",
    "--dangerously-bypass-approvals-and-sandbox",
    "--yolo",
    "bypasspermissions",
    "skipdangerousmodepermissionprompt",
    "--allow-all-tools",
    "--trust-all-tools",
    "--full-auto",
    "approval_policy = \"never\"",
    "approval-policy never",
];

/// Signs that text talks to the network.
pub(super) const NETWORK: &[&str] = &[
    "urlopen",
    "urllib",
    "requests.",
    "httpx",
    "http.client",
    "socket",
    "fetch(",
    "axios",
    "http.request",
    "https.request",
    "XMLHttpRequest",
    "Net::HTTP",
    "curl",
    "wget",
    "ncat",
    "reqwest",
    "http.Post",
    "http.Get",
    "Invoke-WebRequest",
    "Invoke-RestMethod",
    "https://",
    "http://",
];

/// Shells and interpreters that run what is piped into them.
pub(super) const PIPE_SHELLS: &[&str] = &[
    "| sh", "|sh", "| bash", "|bash", "| zsh", "|zsh", "| python", "|python", "| node", "| perl",
    "| sudo", "|sudo", "| iex", "|iex",
];

/// Soft categories that are out of place in a file that runs later.
pub(super) const PLANTING: &[&str] = &[
    // Code in the temporary directory, where anyone's code may be, run by what the file
    // runs later (`sh /tmp/x.sh` in a script or a tool's settings).
    super::build::SCRATCH_CODE,
    "remote-code",
    "exfiltration",
    "unguarded-agent",
    "env-injection",
    "persistence",
];

pub(super) fn short(s: &str) -> String {
    crate::decision::cause::one_line(s, 120)
}
