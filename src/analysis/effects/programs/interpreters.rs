//! Interpreters given a script or module: `python [OPTS] script.py ARGS`, `python -m
//! MODULE`, `node [OPTS] script.js`, `bash [OPTS] script.sh`, and a program run by its path
//! (`./scripts/x.sh`). Each interpreter's own options are a grammar (what `-X
//! pycache_prefix=` writes, what `--require` loads, what `bash -l` reads); where the options
//! stop, the script and its arguments begin. Inline code (`python -c`, `node -e`/`-p`),
//! commands read from stdin (`bash -s`, no script) and `bash -c` are not script runs: the
//! one-liner search (`command::code`) and the shell analysis judge those. Pure: the command
//! floor (`command::build`) decides whether the script is the project's, unchanged since
//! the session began and not written by the agent.
//!
//! Checked against: CPython 3.11 (`python3 --help`, `--help-xoptions`; the `-X` options
//! added up to 3.14 from the documentation), Node.js 20.20 (`node --help`; Node accepts `_`
//! for `-` in option names), GNU bash 5.2 (`bash --help`, `help set`) and dash 0.5.12.

use super::super::grammar::{
    flag, opt, parse, value, Arity, Grammar, GrammarError, Operands, Opt, Style, Val,
};
use super::super::{Code, Effect, WriteHow};

/// What running a script through an interpreter (or by its path) does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScriptRun {
    /// "python", "node", "bash", …; empty for a program run by its path.
    pub interpreter: &'static str,
    /// The script file as written, when one runs.
    pub script: Option<String>,
    /// `python -m MODULE`.
    pub module: Option<String>,
    /// Effects of the interpreter's own options.
    pub effects: Vec<Effect>,
    /// Where the script's (or module's) own arguments start in the argv.
    pub args_at: usize,
    /// A shell given a name without `/` looks it up on PATH when it is not in the
    /// working directory.
    pub searches_path: bool,
    /// Only checks the script's syntax (`bash -n`, `node --check`): nothing of it runs.
    pub syntax_only: bool,
    /// `node --test`: the test runner over the project's test files.
    pub test_runner: bool,
    /// The files or patterns `node --test` is given (its default: the test files below
    /// the working directory).
    pub test_paths: Vec<String>,
    /// Only prints help or a version (`python -V`).
    pub prints_only: bool,
}

impl ScriptRun {
    fn new(interpreter: &'static str) -> ScriptRun {
        ScriptRun {
            interpreter,
            script: None,
            module: None,
            effects: Vec::new(),
            args_at: 0,
            searches_path: false,
            syntax_only: false,
            test_runner: false,
            test_paths: Vec::new(),
            prints_only: false,
        }
    }
}

type Found = Option<Result<ScriptRun, GrammarError>>;

/// The script run this argv is, if it is one. `None`: not an interpreter, or one given
/// inline code or stdin (judged elsewhere).
pub fn script_run(argv: &[String], dynamic: &[bool]) -> Found {
    let prog = argv.first()?.as_str();
    let base = prog.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    match base {
        _ if prog.contains('/') => Some(Ok(ScriptRun {
            script: Some(prog.to_string()),
            args_at: 1,
            ..ScriptRun::new("")
        })),
        "python" | "pypy" => python(argv, dynamic),
        "node" | "nodejs" => node(argv, dynamic),
        "bash" | "sh" | "dash" | "zsh" | "ksh" => shell(argv, dynamic),
        "uvicorn" => uvicorn(argv, dynamic),
        _ => None,
    }
}

// ---------------------------------------------------------------------------------------
// uvicorn

/// `uvicorn [OPTIONS] MODULE:APP` (uvicorn 0.30, `uvicorn --help`): serves the project's
/// ASGI application, importing MODULE as `python -m` would from the working directory.
/// Options that import other code (`--loop`, `--http`, `--ws`, `--interface` beyond their
/// named implementations, `--log-config`, which may build any class it names,
/// `--app-dir`, which moves where MODULE is found, `--reload-include` of other files,
/// `--uds`, `--fd`, `--env-file` read into the environment the app sees) are outside the
/// grammar; TLS key and certificate files are reads.
static UVICORN: &[Opt] = &[
    value(&["--host"], Val::Plain),
    value(&["--port"], Val::Num),
    flag(&["--reload"]),
    value(&["--reload-dir"], Val::Stat),
    value(&["--reload-exclude"], Val::Pattern),
    value(&["--reload-delay"], Val::Num),
    value(&["--workers"], Val::Num),
    value(
        &["--loop"],
        Val::Choice(&["auto", "asyncio", "uvloop", "none"]),
    ),
    value(&["--http"], Val::Choice(&["auto", "h11", "httptools"])),
    value(
        &["--ws"],
        Val::Choice(&["auto", "none", "websockets", "websockets-sansio", "wsproto"]),
    ),
    value(&["--ws-max-size"], Val::Num),
    value(&["--ws-max-queue"], Val::Num),
    value(&["--ws-ping-interval"], Val::Num),
    value(&["--ws-ping-timeout"], Val::Num),
    flag(&["--ws-per-message-deflate"]),
    value(&["--lifespan"], Val::Choice(&["auto", "on", "off"])),
    value(
        &["--interface"],
        Val::Choice(&["auto", "asgi3", "asgi2", "wsgi"]),
    ),
    value(
        &["--log-level"],
        Val::Choice(&["critical", "error", "warning", "info", "debug", "trace"]),
    ),
    flag(&["--access-log"]),
    flag(&["--no-access-log"]),
    flag(&["--use-colors"]),
    flag(&["--no-use-colors"]),
    flag(&["--proxy-headers"]),
    flag(&["--no-proxy-headers"]),
    flag(&["--server-header"]),
    flag(&["--no-server-header"]),
    flag(&["--date-header"]),
    flag(&["--no-date-header"]),
    value(&["--forwarded-allow-ips"], Val::Plain),
    value(&["--root-path"], Val::Plain),
    value(&["--limit-concurrency"], Val::Num),
    value(&["--backlog"], Val::Num),
    value(&["--limit-max-requests"], Val::Num),
    value(&["--timeout-keep-alive"], Val::Num),
    value(&["--timeout-graceful-shutdown"], Val::Num),
    value(&["--ssl-keyfile"], Val::Read),
    value(&["--ssl-certfile"], Val::Read),
    value(&["--ssl-ca-certs"], Val::Read),
    value(
        &["--ssl-keyfile-password"],
        Val::Unsafe("passes a key's password on the command line"),
    ),
    value(&["--ssl-version"], Val::Num),
    value(&["--ssl-cert-reqs"], Val::Num),
    value(&["--ssl-ciphers"], Val::Plain),
    value(&["--header"], Val::Plain),
    value(&["--h11-max-incomplete-event-size"], Val::Num),
    flag(&["--factory"]),
    flag(&["--version"]),
    flag(&["--help"]),
];

fn uvicorn(argv: &[String], dynamic: &[bool]) -> Found {
    let g = Grammar {
        style: Style::Gnu,
        opts: UVICORN,
        operands: Operands::all(Val::Plain),
        numeric_short: false,
    };
    let p = match parse(&g, argv, dynamic) {
        Ok(p) => p,
        Err(e) => return Some(Err(e)),
    };
    let mut run = ScriptRun::new("uvicorn");
    if p.has("--help") || p.has("--version") {
        run.prints_only = true;
        return Some(Ok(run));
    }
    let app = match p.operands.as_slice() {
        [(w, _)] => w.text,
        [] => return Some(Err(GrammarError::MissingValue("MODULE:APP".into()))),
        [_, (extra, _), ..] => return Some(Err(GrammarError::ExtraOperand(extra.text.into()))),
    };
    // `MODULE:ATTRIBUTE`, the module dotted names.
    let bad = || {
        Some(Err(GrammarError::BadValue {
            option: "MODULE:APP".into(),
            value: app.to_string(),
        }))
    };
    let Some((module, attr)) = app.split_once(':') else {
        return bad();
    };
    let ident = |s: &str| {
        !s.is_empty()
            && s.split('.').all(|p| {
                !p.is_empty()
                    && !p.starts_with(|c: char| c.is_ascii_digit())
                    && p.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            })
    };
    if !ident(module) || !ident(attr) {
        return bad();
    }
    run.effects = g.effects(&p);
    run.module = Some(module.to_string());
    run.args_at = argv.len();
    Some(Ok(run))
}

fn gram(opts: &'static [Opt]) -> Grammar {
    Grammar {
        style: Style::Gnu,
        opts,
        operands: Operands::NONE,
        numeric_short: false,
    }
}

// ---------------------------------------------------------------------------------------
// python

static PYTHON: &[Opt] = &[
    flag(&["-b"]),
    flag(&["-B"]),
    flag(&["-d"]),
    flag(&["-E"]),
    flag(&["-h", "-?", "--help"]),
    flag(&["--help-env"]),
    flag(&["--help-xoptions"]),
    flag(&["--help-all"]),
    opt(
        &["-i"],
        Arity::Flag,
        Val::Unsafe("enters the interactive interpreter after the script"),
    ),
    flag(&["-I"]),
    value(&["-m"], Val::Plain),
    flag(&["-O"]),
    flag(&["-P"]),
    flag(&["-q"]),
    flag(&["-s"]),
    flag(&["-S"]),
    flag(&["-u"]),
    flag(&["-v"]),
    flag(&["-V", "--version"]),
    value(&["-W"], Val::Plain),
    flag(&["-x"]),
    value(&["-X"], Val::Plain),
    value(
        &["--check-hash-based-pycs"],
        Val::Choice(&["always", "default", "never"]),
    ),
];

/// `-X` options and what their values are.
fn xoption(v: &str, out: &mut Vec<Effect>) {
    let (name, val) = match v.split_once('=') {
        Some((n, x)) => (n, Some(x)),
        None => (v, None),
    };
    match name {
        "faulthandler"
        | "showrefcount"
        | "tracemalloc"
        | "importtime"
        | "dev"
        | "utf8"
        | "warn_default_encoding"
        | "no_debug_ranges"
        | "frozen_modules"
        | "int_max_str_digits"
        | "perf"
        | "perf_jit"
        | "cpu_count"
        | "gil"
        | "context_aware_warnings"
        | "thread_inherit_context"
        | "tlbc"
        | "disable_remote_debug" => {}
        "pycache_prefix" => out.push(Effect::write(val.unwrap_or(""), WriteHow::Mkdir)),
        "presite" => out.push(Effect::Run {
            code: Code::Hidden {
                what: format!("the module {} before the site module", val.unwrap_or("")),
            },
        }),
        other => out.push(Effect::unknown(format!(
            "python -X {other} is not in its grammar"
        ))),
    }
}

/// Where python's own options end: `-c` and `-m` end them (their value follows), and so
/// does the script (the first word that is not an option). `Err` for an option python
/// does not have.
enum PyEnd {
    Script(usize),
    Module(usize),
    Inline,
    Stdin,
}

fn python_end(argv: &[String]) -> Result<(usize, PyEnd), GrammarError> {
    let takes_value = |c: char| matches!(c, 'W' | 'X');
    let mut i = 1;
    while let Some(t) = argv.get(i) {
        if t == "-" {
            return Ok((i, PyEnd::Stdin));
        }
        if t == "--" {
            return Ok(match argv.get(i + 1) {
                Some(_) => (i, PyEnd::Script(i + 1)),
                None => (i, PyEnd::Stdin),
            });
        }
        if !t.starts_with('-') {
            return Ok((i, PyEnd::Script(i)));
        }
        if let Some(long) = t.strip_prefix("--") {
            if long == "check-hash-based-pycs" {
                i += 1;
            }
            i += 1;
            continue;
        }
        let body: Vec<char> = t[1..].chars().collect();
        let mut j = 0;
        while let Some(&c) = body.get(j) {
            if c == 'c' {
                return Ok((i, PyEnd::Inline));
            }
            if c == 'm' {
                let attached = j + 1 < body.len();
                return if attached {
                    Ok((i + 1, PyEnd::Module(i)))
                } else if i + 1 < argv.len() {
                    Ok((i + 2, PyEnd::Module(i + 1)))
                } else {
                    // `python -m` with no module: python refuses it; so does the grammar.
                    Err(GrammarError::MissingValue("-m".into()))
                };
            }
            if takes_value(c) {
                if j + 1 == body.len() {
                    i += 1;
                }
                break;
            }
            j += 1;
        }
        i += 1;
    }
    Ok((i, PyEnd::Stdin))
}

fn python(argv: &[String], dynamic: &[bool]) -> Found {
    let (end, how) = match python_end(argv) {
        Ok(x) => x,
        Err(e) => return Some(Err(e)),
    };
    if matches!(how, PyEnd::Inline) {
        return None;
    }
    let mut run = ScriptRun::new("python");
    let own_end = match how {
        PyEnd::Script(s) => {
            run.script = Some(argv[s].clone());
            run.args_at = s + 1;
            end
        }
        PyEnd::Module(m) => {
            let text = &argv[m];
            // `-mpytest` carries the module attached.
            let module = if m + 1 == end && text.starts_with("-") {
                text.split_once('m')
                    .map(|(_, r)| r)
                    .unwrap_or("")
                    .to_string()
            } else {
                text.clone()
            };
            run.module = Some(module);
            run.args_at = end;
            end
        }
        PyEnd::Stdin | PyEnd::Inline => end,
    };
    let g = gram(PYTHON);
    let p = match parse(&g, &argv[..own_end.min(argv.len())], dynamic) {
        Ok(p) => p,
        Err(e) => return Some(Err(e)),
    };
    if p.has("--help")
        || p.has("--version")
        || p.has("--help-env")
        || p.has("--help-xoptions")
        || p.has("--help-all")
    {
        run.prints_only = true;
        return Some(Ok(run));
    }
    if run.script.is_none() && run.module.is_none() {
        // Commands from stdin: the heredoc search decides.
        return None;
    }
    run.effects.extend(g.effects(&p));
    for gv in &p.given {
        if gv.name == "-X" {
            if let Some(v) = gv.value {
                xoption(v.text, &mut run.effects);
            }
        }
    }
    Some(Ok(run))
}

// ---------------------------------------------------------------------------------------
// node

static NODE: &[Opt] = &[
    flag(&["--abort-on-uncaught-exception"]),
    flag(&["--allow-addons"]),
    flag(&["--allow-child-process"]),
    value(&["--allow-fs-read"], Val::Plain),
    value(&["--allow-fs-write"], Val::Plain),
    flag(&["--allow-wasi"]),
    flag(&["--allow-worker"]),
    flag(&["-c", "--check"]),
    value(&["-C", "--conditions"], Val::Plain),
    flag(&["--cpu-prof"]),
    value(&["--cpu-prof-dir"], Val::Write),
    value(&["--cpu-prof-interval"], Val::Num),
    value(&["--cpu-prof-name"], Val::Write),
    value(&["--diagnostic-dir"], Val::Write),
    value(&["--disable-proto"], Val::Choice(&["delete", "throw"])),
    value(&["--disable-warning"], Val::Plain),
    flag(&["--disallow-code-generation-from-strings"]),
    value(
        &["--dns-result-order"],
        Val::Choice(&["ipv4first", "ipv6first", "verbatim"]),
    ),
    flag(&["--enable-source-maps"]),
    value(
        &["--env-file", "--env-file-if-exists"],
        Val::Code("code the environment file can load,"),
    ),
    value(
        &["--experimental-default-type"],
        Val::Choice(&["commonjs", "module"]),
    ),
    flag(&["--experimental-import-meta-resolve"]),
    value(
        &["--loader", "--experimental-loader"],
        Val::Code("the module loader"),
    ),
    flag(&["--experimental-network-imports"]),
    flag(&["--experimental-permission", "--permission"]),
    flag(&["--experimental-test-coverage"]),
    flag(&["--experimental-test-module-mocks"]),
    flag(&["--experimental-vm-modules"]),
    flag(&["--experimental-wasm-modules"]),
    flag(&["--experimental-websocket"]),
    flag(&["--experimental-eventsource"]),
    flag(&["--experimental-detect-module"]),
    flag(&["--no-experimental-detect-module"]),
    flag(&["--experimental-require-module"]),
    flag(&["--no-experimental-require-module"]),
    flag(&["--experimental-strip-types"]),
    flag(&["--experimental-transform-types"]),
    flag(&["--expose-gc"]),
    flag(&["--force-context-aware"]),
    flag(&["--frozen-intrinsics"]),
    flag(&["--heap-prof"]),
    value(&["--heap-prof-dir"], Val::Write),
    value(&["--heap-prof-interval"], Val::Num),
    value(&["--heap-prof-name"], Val::Write),
    value(&["--heapsnapshot-near-heap-limit"], Val::Num),
    value(&["--heapsnapshot-signal"], Val::Plain),
    flag(&["-h", "--help"]),
    flag(&["--huge-max-old-generation-size"]),
    value(&["--import"], Val::Code("the preloaded module")),
    value(&["--input-type"], Val::Choice(&["commonjs", "module"])),
    flag(&["--insecure-http-parser"]),
    opt(
        &[
            "--inspect",
            "--inspect-brk",
            "--inspect-wait",
            "--inspect-port",
            "--debug-port",
        ],
        Arity::Optional,
        Val::Unsafe("opens a debugger port that other programs can drive"),
    ),
    opt(
        &["-i", "--interactive"],
        Arity::Flag,
        Val::Unsafe("enters the interactive interpreter"),
    ),
    flag(&["--jitless"]),
    value(&["--max-http-header-size"], Val::Num),
    flag(&["--no-addons"]),
    flag(&["--no-deprecation"]),
    flag(&["--no-experimental-fetch"]),
    flag(&["--no-experimental-global-customevent"]),
    flag(&["--no-experimental-global-webcrypto"]),
    flag(&["--no-experimental-repl-await"]),
    flag(&["--no-extra-info-on-fatal-exception"]),
    flag(&["--no-force-async-hooks-checks"]),
    flag(&["--no-global-search-paths"]),
    flag(&["--no-warnings"]),
    value(
        &["--openssl-config"],
        Val::Code("engines the OpenSSL configuration loads from"),
    ),
    flag(&["--openssl-legacy-provider"]),
    flag(&["--openssl-shared-config"]),
    flag(&["--pending-deprecation"]),
    flag(&["--preserve-symlinks"]),
    flag(&["--preserve-symlinks-main"]),
    flag(&["--prof"]),
    value(&["--redirect-warnings"], Val::Write),
    flag(&["--report-compact"]),
    value(&["--report-directory", "--report-dir"], Val::Write),
    flag(&["--report-exclude-network"]),
    value(&["--report-filename"], Val::Write),
    flag(&["--report-on-fatalerror"]),
    flag(&["--report-on-signal"]),
    value(&["--report-signal"], Val::Plain),
    flag(&["--report-uncaught-exception"]),
    value(&["-r", "--require"], Val::Code("the preloaded module")),
    value(&["--secure-heap"], Val::Num),
    value(&["--secure-heap-min"], Val::Num),
    value(&["--snapshot-blob"], Val::Code("the startup snapshot")),
    flag(&["--test"]),
    value(&["--test-concurrency"], Val::Num),
    flag(&["--test-force-exit"]),
    value(&["--test-name-pattern"], Val::Pattern),
    value(&["--test-skip-pattern"], Val::Pattern),
    flag(&["--test-only"]),
    value(&["--test-reporter"], Val::Plain),
    value(&["--test-reporter-destination"], Val::Plain),
    value(&["--test-shard"], Val::Plain),
    value(&["--test-timeout"], Val::Num),
    flag(&["--throw-deprecation"]),
    value(&["--title"], Val::Plain),
    value(&["--tls-cipher-list"], Val::Plain),
    value(&["--tls-keylog"], Val::Write),
    flag(&["--tls-max-v1.2"]),
    flag(&["--tls-max-v1.3"]),
    flag(&["--tls-min-v1.0"]),
    flag(&["--tls-min-v1.1"]),
    flag(&["--tls-min-v1.2"]),
    flag(&["--tls-min-v1.3"]),
    flag(&["--trace-deprecation"]),
    value(&["--trace-event-categories"], Val::Plain),
    value(&["--trace-event-file-pattern"], Val::Write),
    flag(&["--trace-exit"]),
    flag(&["--trace-promises"]),
    flag(&["--trace-sigint"]),
    flag(&["--trace-sync-io"]),
    flag(&["--trace-tls"]),
    flag(&["--trace-uncaught"]),
    flag(&["--trace-warnings"]),
    flag(&["--track-heap-objects"]),
    value(
        &["--unhandled-rejections"],
        Val::Choice(&["strict", "warn", "none", "throw", "warn-with-error-code"]),
    ),
    flag(&["--use-bundled-ca"]),
    flag(&["--use-openssl-ca"]),
    value(&["--v8-pool-size"], Val::Num),
    flag(&["-v", "--version"]),
    flag(&["--watch"]),
    value(&["--watch-path"], Val::Plain),
    flag(&["--watch-preserve-output"]),
    flag(&["--zero-fill-buffers"]),
    // V8 options node passes on.
    value(&["--max-old-space-size"], Val::Num),
    value(&["--max-semi-space-size"], Val::Num),
    value(&["--stack-size"], Val::Num),
    value(&["--stack-trace-limit"], Val::Num),
];

/// Node's built-in test reporters; any other value is a module node loads.
const NODE_REPORTERS: &[&str] = &["spec", "tap", "dot", "junit", "lcov"];

fn node(argv: &[String], dynamic: &[bool]) -> Found {
    // Node reads `_` and `-` alike in option names.
    let norm: Vec<String> = argv
        .iter()
        .enumerate()
        .map(|(i, w)| {
            if i == 0 || !w.starts_with("--") {
                return w.clone();
            }
            match w.split_once('=') {
                Some((n, v)) => format!("{}={v}", n.replace('_', "-")),
                None => w.replace('_', "-"),
            }
        })
        .collect();
    // Options until the script (the first word that is not an option or a value).
    let mut i = 1;
    let mut script_at = None;
    while let Some(t) = norm.get(i) {
        if t == "--" {
            script_at = norm.get(i + 1).map(|_| i + 1);
            break;
        }
        if t == "-" {
            return None;
        }
        if !t.starts_with('-') {
            script_at = Some(i);
            break;
        }
        let name = t.split('=').next().unwrap_or(t);
        if matches!(name, "-e" | "--eval" | "-p" | "--print" | "-pe") {
            return None;
        }
        let takes = NODE
            .iter()
            .find(|o| o.names.contains(&name))
            .is_some_and(|o| o.arity == Arity::Required);
        if takes && !t.contains('=') {
            i += 1;
        }
        i += 1;
    }
    let own_end = match script_at {
        Some(s) if norm.get(s - 1).is_some_and(|w| w == "--") => s - 1,
        Some(s) => s,
        None => norm.len(),
    };
    let g = gram(NODE);
    let p = match parse(&g, &norm[..own_end], dynamic) {
        Ok(p) => p,
        Err(e) => return Some(Err(e)),
    };
    let mut run = ScriptRun::new("node");
    if p.has("--help") || p.has("--version") {
        run.prints_only = true;
        return Some(Ok(run));
    }
    run.effects.extend(g.effects(&p));
    if let Some(r) = p.value("--test-reporter") {
        if !NODE_REPORTERS.contains(&r) {
            run.effects.push(Effect::Run {
                code: Code::Hidden {
                    what: format!("the test reporter module {r}"),
                },
            });
        }
    }
    if let Some(d) = p.value("--test-reporter-destination") {
        if !matches!(d, "stdout" | "stderr") {
            run.effects.push(Effect::write(d, WriteHow::Replace));
        }
    }
    if p.has("--experimental-network-imports") {
        run.effects.push(Effect::Run {
            code: Code::Network { url: None },
        });
    }
    if p.has("--test") {
        // Every word after the options is a test file or a pattern of them (node 22
        // `--help`, "Test runner"): each loads and runs.
        run.test_runner = true;
        run.test_paths = argv
            .iter()
            .skip(own_end)
            .filter(|w| *w != "--")
            .cloned()
            .collect();
        run.args_at = own_end;
        return Some(Ok(run));
    }
    let s = script_at?;
    run.script = Some(argv[s].clone());
    run.args_at = s + 1;
    run.syntax_only = p.has("--check");
    Some(Ok(run))
}

// ---------------------------------------------------------------------------------------
// shells

/// `bash|sh|dash [OPTIONS] -c STRING [NAME [ARG…]]`: the shell runs STRING as a script,
/// which the shell analysis re-enters and judges command by command; the shell adds
/// nothing of its own when its options change only how the script runs. Checked against
/// bash 5.2's invocation (bash(1): options are all read before the first non-option
/// word, which `-c` makes the command string; the words after it are `$0` and the
/// positional parameters) and dash 0.5.12's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShellString {
    pub shell: &'static str,
    /// Where the command string is in the argv.
    pub at: usize,
}

/// Letters that change only how the script runs and leave its parse and expansions as
/// the shell analysis reads them: exit on error (`e`), unset variables are errors (`u`),
/// tracing (`x`, `v`), `ERR`/`DEBUG` traps inherited (`E`, `T`). Not `-k` (assignments
/// anywhere on a line go to the environment), `-i`/`-l` (startup files run), `-s`
/// (commands from stdin), `-p`, `-a`, `-r` and the rest.
const STRING_SHELL_LETTERS: &str = "euxvET";

/// `-o`/`+o` names allowed with the command string: the same kinds of setting.
const STRING_SHELL_SETTINGS: &[&str] = &[
    "errexit",
    "nounset",
    "xtrace",
    "verbose",
    "pipefail",
    "errtrace",
    "functrace",
];

/// The command string a shell runs, if this argv is `SHELL … -c STRING …`. `None`: not a
/// shell given `-c` (a script, stdin, or another program).
pub fn shell_string(
    argv: &[String],
    dynamic: &[bool],
) -> Option<Result<ShellString, GrammarError>> {
    let prog = argv.first()?;
    let shell: &'static str = match prog.as_str() {
        "bash" => "bash",
        "sh" => "sh",
        "dash" => "dash",
        _ => return None,
    };
    let mut command = false;
    let mut bad = None;
    let mut i = 1;
    while let Some(t) = argv.get(i) {
        if dynamic.get(i).copied().unwrap_or(false) {
            bad.get_or_insert(GrammarError::Dynamic(t.clone()));
            break;
        }
        if t == "--" {
            i += 1;
            break;
        }
        if let Some(long) = t.strip_prefix("--") {
            if !matches!(long, "norc" | "noprofile" | "noediting") {
                bad.get_or_insert(GrammarError::UnknownOption(t.clone()));
            }
            // The two that take a value (bash(1)).
            i += if matches!(long, "rcfile" | "init-file") {
                2
            } else {
                1
            };
            continue;
        }
        let on = t.starts_with('-');
        let Some(flags) = t.strip_prefix('-').or_else(|| t.strip_prefix('+')) else {
            break;
        };
        if flags.is_empty() {
            // `-` or `+` alone ends the options and is skipped (bash 5.2, dash 0.5.12).
            i += 1;
            break;
        }
        let mut takes = 0;
        for c in flags.chars() {
            match c {
                'c' if on => command = true,
                'O' => {
                    takes += 1;
                    bad.get_or_insert(GrammarError::UnknownOption(t.clone()));
                }
                'o' => {
                    takes += 1;
                    let setting = argv.get(i + takes).map(String::as_str).unwrap_or("");
                    if !STRING_SHELL_SETTINGS.contains(&setting) {
                        bad.get_or_insert(GrammarError::BadValue {
                            option: format!("{}o", if on { '-' } else { '+' }),
                            value: setting.to_string(),
                        });
                    }
                }
                _ if STRING_SHELL_LETTERS.contains(c) => {}
                _ => {
                    bad.get_or_insert(GrammarError::UnknownOption(format!(
                        "{}{c}",
                        if on { '-' } else { '+' }
                    )));
                }
            }
        }
        i += 1 + takes;
    }
    if !command {
        return None;
    }
    if let Some(e) = bad {
        return Some(Err(e));
    }
    if argv.get(i).is_none() {
        return Some(Err(GrammarError::MissingValue("-c STRING".into())));
    }
    if dynamic.get(i).copied().unwrap_or(false) {
        return Some(Err(GrammarError::Dynamic(argv[i].clone())));
    }
    Some(Ok(ShellString { shell, at: i }))
}

/// Single-letter options of `set` and of the shell's invocation that change only how the
/// script runs (tracing, exit on error, unset variables, globbing, …).
const BASH_LETTERS: &str = "abefhkmnptuvxBCEHPTrD";

fn shell(argv: &[String], _dynamic: &[bool]) -> Found {
    let prog: &'static str =
        match argv[0].trim_end_matches(|c: char| c.is_ascii_digit() || c == '.') {
            "bash" => "bash",
            "sh" => "sh",
            "dash" => "dash",
            "zsh" => "zsh",
            _ => "ksh",
        };
    let letters = if matches!(prog, "bash" | "sh" | "dash") {
        BASH_LETTERS
    } else {
        "euvxn"
    };
    let mut run = ScriptRun::new(prog);
    let mut i = 1;
    while let Some(t) = argv.get(i) {
        if t == "--" || t == "-" {
            if t == "-" {
                return None;
            }
            i += 1;
            break;
        }
        if let Some(long) = t.strip_prefix("--") {
            match long {
                "noediting" | "noprofile" | "norc" | "posix" | "restricted" | "verbose" => {}
                "help" | "version" | "dump-po-strings" | "dump-strings" | "pretty-print" => {
                    run.prints_only = true;
                    return Some(Ok(run));
                }
                "login" => run.effects.push(Effect::unknown(format!(
                    "{prog} --login reads the login startup files"
                ))),
                "rcfile" | "init-file" => {
                    // Startup files of an interactive shell: the runs-unseen tier decides.
                    return None;
                }
                _ => {
                    return Some(Err(GrammarError::UnknownOption(t.clone())));
                }
            }
            i += 1;
            continue;
        }
        let Some(flags) = t.strip_prefix('-').or_else(|| t.strip_prefix('+')) else {
            break;
        };
        if flags.is_empty() {
            break;
        }
        let on = t.starts_with('-');
        let mut takes = 0;
        for c in flags.chars() {
            match c {
                // `-c STRING` and `-s` (stdin) are judged by the shell analysis.
                'c' | 's' if on => return None,
                'o' | 'O' => takes += 1,
                'i' => run.effects.push(Effect::unknown(format!(
                    "{prog} -i runs an interactive shell, which reads startup files"
                ))),
                'l' => run.effects.push(Effect::unknown(format!(
                    "{prog} -l runs a login shell, which reads startup files"
                ))),
                'n' if on => run.syntax_only = true,
                _ if letters.contains(c) => {}
                _ => return Some(Err(GrammarError::UnknownOption(format!("-{c}")))),
            }
        }
        i += 1 + takes;
    }
    // No script: commands come from stdin (the shell analysis saw them).
    let script = argv.get(i)?;
    run.script = Some(script.clone());
    run.args_at = i + 1;
    run.searches_path = !script.contains('/');
    Some(Ok(run))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn a_shell_given_a_command_string() {
        let ss = |a: &[&str]| {
            let argv: Vec<String> = a.iter().map(|s| s.to_string()).collect();
            shell_string(&argv, &vec![false; argv.len()])
        };
        for (a, at) in [
            (&["bash", "-c", "ls"][..], 2),
            (&["sh", "-ec", "ls"][..], 2),
            (
                &["bash", "-euo", "pipefail", "-c", "ls", "name", "arg"][..],
                4,
            ),
            (&["bash", "-c", "-x", "ls"][..], 3),
            (&["dash", "--norc", "-c", "ls"][..], 3),
            (&["bash", "+e", "-c", "ls"][..], 3),
            (&["bash", "-c", "+", "ls"][..], 3),
            (&["bash", "-c", "-", "ls"][..], 3),
        ] {
            assert_eq!(ss(a).unwrap().unwrap().at, at, "{a:?}");
        }
        // Options that run startup files, read stdin, change the parse, or are unknown.
        for a in [
            &["bash", "-lc", "ls"][..],
            &["bash", "-ic", "ls"][..],
            &["bash", "-kc", "ls"][..],
            &["bash", "--login", "-c", "ls"][..],
            &["bash", "--rcfile", "x", "-c", "ls"][..],
            &["bash", "-o", "posix", "-c", "ls"][..],
            &["bash", "-O", "extglob", "-c", "ls"][..],
            &["bash", "-c"][..],
        ] {
            assert!(ss(a).unwrap().is_err(), "{a:?}");
        }
        // Not a command string: a script, stdin, zsh (which reads ~/.zshenv first).
        for a in [
            &["bash", "x.sh"][..],
            &["bash", "-s"][..],
            &["bash"][..],
            &["zsh", "-c", "ls"][..],
        ] {
            assert!(ss(a).is_none(), "{a:?}");
        }
        // A string computed at run time.
        let argv: Vec<String> = ["bash", "-c", "$CMD"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert!(shell_string(&argv, &[false, false, true]).unwrap().is_err());
    }

    fn run(words: &[&str]) -> Option<Result<ScriptRun, GrammarError>> {
        let v: Vec<String> = words.iter().map(|w| w.to_string()).collect();
        let d: Vec<bool> = v.iter().map(|w| w.contains('$')).collect();
        script_run(&v, &d)
    }

    fn script(words: &[&str]) -> Option<String> {
        run(words).and_then(|r| r.ok()).and_then(|r| r.script)
    }

    #[test]
    fn python_options_end_at_the_script_or_module() {
        assert_eq!(
            script(&["python", "scripts/x.py", "-c", "y"]),
            Some("scripts/x.py".into())
        );
        assert_eq!(
            script(&["python3", "-u", "-B", "-O", "x.py"]),
            Some("x.py".into())
        );
        assert_eq!(
            script(&["python", "-W", "ignore", "x.py"]),
            Some("x.py".into())
        );
        assert_eq!(script(&["python", "-Wignore", "x.py"]), Some("x.py".into()));
        assert_eq!(script(&["python", "--", "x.py"]), Some("x.py".into()));
        let m = run(&["python", "-m", "pytest", "-x"]).unwrap().unwrap();
        assert_eq!((m.module.as_deref(), m.args_at), (Some("pytest"), 3));
        let m = run(&["python3", "-mpytest", "-q"]).unwrap().unwrap();
        assert_eq!((m.module.as_deref(), m.args_at), (Some("pytest"), 2));
        let m = run(&["python", "-u", "-m", "pkg.tool"]).unwrap().unwrap();
        assert_eq!(m.module.as_deref(), Some("pkg.tool"));
        // `-m` with nothing after it is python's own usage error, not a module.
        assert!(matches!(
            run(&["python", "-m"]),
            Some(Err(GrammarError::MissingValue(_)))
        ));
        assert!(matches!(
            run(&["python3", "-u", "-m"]),
            Some(Err(GrammarError::MissingValue(_)))
        ));
        // Inline code and stdin belong to the one-liner search.
        assert!(run(&["python", "-c", "print(1)"]).is_none());
        assert!(run(&["python3", "-uc", "print(1)"]).is_none());
        assert!(run(&["python"]).is_none());
        assert!(run(&["python", "-"]).is_none());
        // Help and version print.
        assert!(run(&["python", "-VV"]).unwrap().unwrap().prints_only);
        assert!(run(&["python3", "--version"]).unwrap().unwrap().prints_only);
        assert!(run(&["python", "-h"]).unwrap().unwrap().prints_only);
    }

    #[test]
    fn python_option_values_are_effects() {
        let e = run(&["python", "-X", "pycache_prefix=/tmp/pc", "x.py"])
            .unwrap()
            .unwrap();
        assert_eq!(e.effects, vec![Effect::write("/tmp/pc", WriteHow::Mkdir)]);
        let e = run(&["python", "-X", "presite=evil", "x.py"])
            .unwrap()
            .unwrap();
        assert!(matches!(
            e.effects[0],
            Effect::Run {
                code: Code::Hidden { .. }
            }
        ));
        let e = run(&["python", "-X", "frobnicate", "x.py"])
            .unwrap()
            .unwrap();
        assert!(e.effects[0].is_unknown());
        let e = run(&["python", "-i", "x.py"]).unwrap().unwrap();
        assert!(e.effects[0].is_unknown());
        assert!(matches!(
            run(&["python", "-Z", "x.py"]),
            Some(Err(GrammarError::UnknownOption(_)))
        ));
    }

    #[test]
    fn node_options_are_read_with_underscores_and_values() {
        assert_eq!(
            script(&["node", "scripts/x.js", "--require", "y"]),
            Some("scripts/x.js".into())
        );
        assert_eq!(
            script(&["node", "--max-old-space-size=4096", "x.js"]),
            Some("x.js".into())
        );
        assert_eq!(
            script(&["node", "--stack_size", "100", "x.js"]),
            Some("x.js".into())
        );
        for (argv, what) in [
            (&["node", "--require", "./evil.js", "x.js"][..], "./evil.js"),
            (&["node", "-r", "./evil.js", "x.js"][..], "./evil.js"),
            (
                &["node", "--import=data:text/javascript,1", "x.js"][..],
                "data:",
            ),
            (&["node", "--env_file=.env", "x.js"][..], ".env"),
            (&["node", "--loader", "./l.mjs", "x.js"][..], "./l.mjs"),
        ] {
            let e = run(argv).unwrap().unwrap();
            assert!(
                e.effects.iter().any(|e| matches!(e, Effect::Run { code: Code::Hidden { what: w } } if w.contains(what))),
                "{argv:?}: {:?}",
                e.effects
            );
        }
        assert!(run(&["node", "--inspect", "x.js"])
            .unwrap()
            .unwrap()
            .effects[0]
            .is_unknown());
        assert!(run(&["node", "-e", "1"]).is_none());
        assert!(run(&["node", "-p", "process.env"]).is_none());
        assert!(run(&["node", "--print", "1"]).is_none());
        assert!(run(&["node", "--test"]).unwrap().unwrap().test_runner);
        // The files and patterns node --test is given are the tests it loads.
        assert_eq!(
            run(&["node", "--test", "a.test.js", "--", "/tmp/b.test.js"])
                .unwrap()
                .unwrap()
                .test_paths,
            ["a.test.js", "/tmp/b.test.js"]
        );
        assert!(
            run(&["node", "--check", "x.js"])
                .unwrap()
                .unwrap()
                .syntax_only
        );
        assert!(matches!(
            run(&["node", "--frobnicate", "x.js"]),
            Some(Err(GrammarError::UnknownOption(_)))
        ));
        let e = run(&["node", "--test", "--test-reporter=./r.js"])
            .unwrap()
            .unwrap();
        assert!(matches!(
            e.effects[0],
            Effect::Run {
                code: Code::Hidden { .. }
            }
        ));
    }

    #[test]
    fn shells_run_scripts_and_leave_strings_and_stdin_alone() {
        assert_eq!(
            script(&["bash", "build.sh", "-c", "x"]),
            Some("build.sh".into())
        );
        assert_eq!(
            script(&["bash", "-x", "-e", "scripts/b.sh"]),
            Some("scripts/b.sh".into())
        );
        assert_eq!(script(&["sh", "-eu", "x.sh"]), Some("x.sh".into()));
        assert_eq!(
            script(&["bash", "-o", "pipefail", "x.sh"]),
            Some("x.sh".into())
        );
        assert_eq!(script(&["bash", "+x", "x.sh"]), Some("x.sh".into()));
        assert!(run(&["bash", "x.sh"]).unwrap().unwrap().searches_path);
        assert!(!run(&["bash", "./x.sh"]).unwrap().unwrap().searches_path);
        assert!(run(&["bash", "-c", "ls"]).is_none());
        assert!(run(&["bash", "-xc", "ls"]).is_none());
        assert!(run(&["bash", "-s"]).is_none());
        assert!(run(&["bash"]).is_none());
        assert!(run(&["bash", "--rcfile", "x", "y.sh"]).is_none());
        assert!(run(&["bash", "-n", "x.sh"]).unwrap().unwrap().syntax_only);
        assert!(run(&["bash", "-l", "x.sh"]).unwrap().unwrap().effects[0].is_unknown());
        assert!(run(&["bash", "--version"]).unwrap().unwrap().prints_only);
        assert!(matches!(
            run(&["bash", "-Q", "x.sh"]),
            Some(Err(GrammarError::UnknownOption(_)))
        ));
        // A program run by its path.
        assert_eq!(
            script(&["./scripts/regen.sh", "a"]),
            Some("./scripts/regen.sh".into())
        );
    }
}
