//! What a program the floor does not understand is told, by an option, to load or run:
//! a configuration or code file (`jest --config FILE`, `mocha --require FILE`, `ruby
//! -rFILE`, `gcc -fplugin=FILE`), a program (`gcc -wrapper PROG`, `mvn
//! -Dexec.executable=PROG`, `npm exec -c CMD`), code from the network (`deno run URL`, a
//! package index of another host), a directory it empties (`mkdocs build -d DIR`), or a
//! setting every later run reads (`go env -w`). Such a command stays outside the routine
//! catalogue; [`loaded`] makes what it loads explicit so it does not reach a reviewer as a
//! bare unknown: a file from outside the workspace, or one the agent wrote this session,
//! is code from outside (soft `runs-code`, as `go run /tmp/x.go` is); a program or inline
//! code it is handed is soft too; code fetched from a URL is an install; a directory it
//! empties is a write the path floor judges, and soft outside the workspace. A value that
//! names no path (`--testEnvironment=jsdom`, `-rjson`, `-C linker=clang`) and a file in the
//! workspace the agent has not written change nothing: the command stays unknown.
//!
//! Checked against: jest-cli's `args` (jest 29: `--config/-c`, and the module paths
//! `--globalSetup`, `--globalTeardown`, `--setupFiles`, `--setupFilesAfterEnv`,
//! `--testEnvironment`/`--env`, `--reporters`, `--runner`, `--testRunner`,
//! `--testResultsProcessor`, `--testSequencer`, `--snapshotSerializers`, `--transform`,
//! `--resolver`, `--preset`, `--projects`, `--rootDir`, `--roots`, array options taking
//! every word up to the next option); GCC 12.2 (`gcc --help`: `-specs=FILE`, `-B DIR`,
//! `-fplugin=FILE`; `-wrapper PROG,ARGS` run here: the program runs before every pass);
//! mkdocs 1.6 (`mkdocs build --help`: `-d/--site-dir`, cleaned before the build unless
//! `--dirty`; `-f/--config-file`); pip 23.2 (`pip install --help`: `-i/--index-url`,
//! `--extra-index-url`, `-f/--find-links`); GNU make and the Python modules in their own
//! grammars. vitest, playwright, mocha, ruby, golangci-lint, pre-commit, coverage, rustc,
//! go env, npm exec/explore/link, deno and the `python -m` debuggers from their
//! documented `--help` (vitest 3, playwright 1.5x, mocha 10, ruby 3.3, golangci-lint 1.6x,
//! pre-commit 4, coverage 7, rustc 1.9x, go 1.2x, npm 11, deno 2, CPython 3.11).
//! sphinx-build from its manual (`-c/--conf-dir PATH`: the configuration directory, whose
//! `conf.py` "is executed as Python code at build time"); uvicorn 0.55's `main.py`
//! (`--app-dir` is inserted first on `sys.path`; `--log-config` a logging configuration
//! file); celery 5.7's `bin/celery.py` (`--workdir` is an eager option whose callback is
//! `os.chdir`, before the app named by `-A` is loaded).

use super::core::{Class, Cmd, JudgeCtx};
use crate::analysis::effects::{Code, Effect, WriteHow};
use crate::context::paths;
use std::path::PathBuf;

/// What an option's value is.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// A configuration or code file (or a directory of code) it loads.
    File,
    /// A program or command line it runs, or inline code.
    Program,
    /// A directory it empties and writes.
    Cleans,
    /// A package index: another host's packages installed.
    Index,
}

/// One option of a program: its spellings (`--name` takes `--name V` and `--name=V`; a
/// short `-r` also `-rV`; a name ending in `=` only `name=V`), what its value is, and
/// whether it takes every word up to the next option (jest's arrays).
struct Carrier {
    names: &'static [&'static str],
    kind: Kind,
    many: bool,
}

const fn c(names: &'static [&'static str], kind: Kind) -> Carrier {
    Carrier {
        names,
        kind,
        many: false,
    }
}

const fn many(names: &'static [&'static str], kind: Kind) -> Carrier {
    Carrier {
        names,
        kind,
        many: true,
    }
}

static JEST: &[Carrier] = &[
    c(&["--config", "-c"], Kind::File),
    c(&["--globalSetup", "--globalTeardown"], Kind::File),
    many(&["--setupFiles", "--setupFilesAfterEnv"], Kind::File),
    c(&["--testEnvironment", "--env"], Kind::File),
    many(&["--reporters", "--snapshotSerializers"], Kind::File),
    c(
        &[
            "--runner",
            "--testRunner",
            "--testResultsProcessor",
            "--testSequencer",
            "--transform",
            "--resolver",
            "--preset",
            "--prettierPath",
            "--rootDir",
        ],
        Kind::File,
    ),
    many(&["--projects", "--roots"], Kind::File),
];

static VITEST: &[Carrier] = &[
    c(&["--config", "-c"], Kind::File),
    many(&["--globalSetup", "--setupFiles"], Kind::File),
    c(
        &[
            "--environment",
            "--reporter",
            "--root",
            "-r",
            "--dir",
            "--workspace",
        ],
        Kind::File,
    ),
];

static PLAYWRIGHT: &[Carrier] = &[c(&["--config", "-c", "--global-setup"], Kind::File)];

static MOCHA: &[Carrier] = &[
    c(
        &[
            "--require",
            "-r",
            "--config",
            "--package",
            "--file",
            "--reporter",
            "-R",
            "--ui",
            "-u",
        ],
        Kind::File,
    ),
    c(&["--spec"], Kind::File),
];

static RUBY: &[Carrier] = &[c(&["-r", "-I"], Kind::File)];

static GOLANGCI: &[Carrier] = &[c(&["--config", "-c"], Kind::File)];

static PRE_COMMIT: &[Carrier] = &[c(&["--config", "-c"], Kind::File)];

static COVERAGE: &[Carrier] = &[c(&["--rcfile"], Kind::File)];

static CC: &[Carrier] = &[
    c(&["-wrapper"], Kind::Program),
    c(&["-B"], Kind::File),
    c(&["-fplugin=", "-specs=", "--specs="], Kind::File),
];

static NPM: &[Carrier] = &[
    c(&["--userconfig", "--globalconfig"], Kind::File),
    c(&["--script-shell"], Kind::Program),
];

static MVN: &[Carrier] = &[c(&["-Dexec.executable="], Kind::Program)];

static MKDOCS: &[Carrier] = &[
    c(&["--site-dir", "-d"], Kind::Cleans),
    c(&["--config-file", "-f"], Kind::File),
];

/// `sphinx-build -c DIR`: the directory whose `conf.py` it executes instead of the source
/// directory's.
static SPHINX: &[Carrier] = &[c(&["-c", "--conf-dir"], Kind::File)];

/// `uvicorn --app-dir DIR` puts DIR first on `sys.path`, so the app is imported from
/// there; `--log-config FILE` is a logging configuration, which names the handler and
/// formatter classes it instantiates.
static UVICORN: &[Carrier] = &[c(&["--app-dir", "--log-config"], Kind::File)];

/// `celery --workdir DIR` changes to DIR before the app is loaded, so `-A NAME` is
/// imported from there.
static CELERY: &[Carrier] = &[c(&["--workdir"], Kind::File)];

static PIP: &[Carrier] = &[c(
    &[
        "--index-url",
        "-i",
        "--extra-index-url",
        "--find-links",
        "-f",
    ],
    Kind::Index,
)];

static UV_PIP: &[Carrier] = &[c(
    &[
        "--index-url",
        "-i",
        "--extra-index-url",
        "--find-links",
        "-f",
        "--index",
        "--default-index",
    ],
    Kind::Index,
)];

/// What an unknown command loads or runs through its options, as the class it makes the
/// command and the effects and writes it adds (`None`: nothing named in these tables, or
/// nothing from outside).
pub(super) fn loaded(cmd: &Cmd, ctx: &JudgeCtx) -> Option<(Class, Vec<Effect>, Vec<String>)> {
    let argv = cmd.argv;
    let prog = cmd.program().rsplit('/').next().unwrap_or("");
    // `python -m NAME …`: NAME's own words.
    let base = prog.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    let (name, at) = if base == "python" {
        let m = argv.iter().position(|a| a == "-m")?;
        (argv.get(m + 1)?.as_str(), m + 2)
    } else {
        (prog, 1)
    };
    let args = argv.get(at..).unwrap_or(&[]);
    let first = args.first().map(String::as_str);
    let mut found = Finds::default();
    match name {
        "jest" => scan(args, JEST, &mut found),
        "vitest" => scan(args, VITEST, &mut found),
        "playwright" => scan(args, PLAYWRIGHT, &mut found),
        "mocha" | "_mocha" => {
            scan(args, MOCHA, &mut found);
            // Its operands are the test files it loads.
            found.files.extend(
                args.iter()
                    .filter(|a| !a.starts_with('-') && a.contains('/'))
                    .cloned(),
            );
        }
        "ruby" => scan(args, RUBY, &mut found),
        "golangci-lint" => scan(args, GOLANGCI, &mut found),
        "pre-commit" => {
            scan(args, PRE_COMMIT, &mut found);
            match first {
                // Hooks of another repository, fetched and run.
                Some("try-repo") => found.programs.push(format!(
                    "pre-commit try-repo runs the hooks of {}",
                    args.get(1).map(String::as_str).unwrap_or("another repository")
                )),
                // The hook it writes runs at every commit.
                Some("install") => found.writes.push(".git/hooks/pre-commit".into()),
                _ => {}
            }
        }
        "coverage" => {
            scan(args, COVERAGE, &mut found);
            if first == Some("run") {
                found.files.extend(script_operand(&args[1..]));
            }
        }
        // The standard library's profilers, tracer and debugger run the script they are
        // given; pydoc -w imports what it documents. (timeit's statements are inline code,
        // judged as `python -c` is: `command::code`.)
        "cProfile" | "profile" | "trace" | "pdb" if base == "python" => {
            found.files.extend(script_operand(args));
            if name == "pdb" && args.iter().any(|a| a == "-c" || a.starts_with("--command")) {
                found
                    .programs
                    .push("python -m pdb runs the debugger commands it is given".into());
            }
        }
        "pydoc" if base == "python" && args.iter().any(|a| a == "-w") => {
            found.files.extend(
                args.iter()
                    .filter(|a| !a.starts_with('-') && (a.contains('/') || a.ends_with(".py")))
                    .cloned(),
            )
        }
        "gcc" | "g++" | "cc" | "c++" | "clang" | "clang++" => scan(args, CC, &mut found),
        "rustc" | "cargo" => {
            // `-C linker=PROG` / `-Clinker=PROG` / `--codegen linker=PROG`.
            let mut it = args.iter().peekable();
            while let Some(a) = it.next() {
                let v = match a.as_str() {
                    "-C" | "--codegen" => it.next().map(String::as_str),
                    s => s.strip_prefix("-C").or_else(|| s.strip_prefix("--codegen=")),
                };
                if let Some(p) = v.and_then(|v| v.strip_prefix("linker=")) {
                    found.files.push(p.to_string());
                }
            }
        }
        "go" if first == Some("env") && args.iter().any(|a| a == "-w") => {
            found.programs.push(
                "go env -w writes go's environment file in your home, which every later go command reads (CC, GOFLAGS, GOPROXY, …)"
                    .into(),
            )
        }
        "npm" => {
            scan(args, NPM, &mut found);
            let ops: Vec<&str> = args
                .iter()
                .map(String::as_str)
                .filter(|a| !a.starts_with('-'))
                .collect();
            match ops.first().copied() {
                Some("exec" | "x")
                    if args
                        .iter()
                        .any(|a| a == "-c" || a == "--call" || a.starts_with("--call=")) =>
                {
                    found
                        .programs
                        .push("npm exec -c runs the shell command it is given".into())
                }
                Some("explore") => found
                    .programs
                    .push("npm explore runs a shell command inside an installed package".into()),
                Some("link" | "ln") => found.files.extend(
                    ops.iter()
                        .skip(1)
                        .filter(|a| a.contains('/') || a.starts_with('.'))
                        .map(|a| a.to_string()),
                ),
                _ => {}
            }
        }
        "deno" => found.urls.extend(
            args.iter()
                .filter(|a| a.starts_with("https://") || a.starts_with("http://"))
                .cloned(),
        ),
        "mkdocs" if first == Some("build") && !args.iter().any(|a| a == "--dirty") => {
            scan(args, MKDOCS, &mut found)
        }
        "sphinx-build" | "sphinx" => scan(args, SPHINX, &mut found),
        "uvicorn" => scan(args, UVICORN, &mut found),
        "celery" => scan(args, CELERY, &mut found),
        "pip" | "pip3" => scan(args, PIP, &mut found),
        // exec-maven-plugin's `exec.executable`: the program `exec:exec` runs.
        "mvn" | "mvnw" => scan(args, MVN, &mut found),
        "uv" if first == Some("pip") => scan(args, UV_PIP, &mut found),
        "cmake" if first == Some("-E") && args.get(1).is_some_and(|a| a == "env") => found
            .programs
            .push("cmake -E env runs the command it is given".into()),
        _ => return None,
    }
    judge(name, found, cmd, ctx)
}

#[derive(Default)]
struct Finds {
    files: Vec<String>,
    programs: Vec<String>,
    cleans: Vec<String>,
    urls: Vec<String>,
    writes: Vec<String>,
}

/// The values of the carriers' options among `args`.
fn scan(args: &[String], table: &[Carrier], out: &mut Finds) {
    let mut i = 0;
    while let Some(a) = args.get(i) {
        i += 1;
        if a == "--" {
            break;
        }
        for car in table {
            for n in car.names {
                let mut vals = Vec::new();
                if let Some(eq) = n.strip_suffix('=') {
                    if let Some(v) = a.strip_prefix(eq).and_then(|r| r.strip_prefix('=')) {
                        vals.push(v.to_string());
                    }
                } else if a == n {
                    while let Some(v) = args.get(i) {
                        if v.starts_with('-') && !vals.is_empty() {
                            break;
                        }
                        vals.push(v.clone());
                        i += 1;
                        if !car.many {
                            break;
                        }
                    }
                } else if let Some(v) = a.strip_prefix(n).and_then(|r| r.strip_prefix('=')) {
                    vals.push(v.to_string());
                } else if n.len() == 2 && !n.starts_with("--") && a.len() > 2 && a.starts_with(n) {
                    vals.push(a[2..].to_string());
                }
                for v in vals {
                    match car.kind {
                        Kind::File => out.files.push(v),
                        Kind::Program => out.programs.push(format!("runs the program {v}")),
                        Kind::Cleans => out.cleans.push(v),
                        Kind::Index => out.urls.push(v),
                    }
                }
            }
        }
    }
}

/// The script a runner of scripts is given: its first word that is not an option (`-m
/// MODULE` runs a module, which is looked up by name).
fn script_operand(args: &[String]) -> Option<String> {
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "-m" => return None,
            // Options of cProfile/profile/trace/coverage that take a value.
            "-o" | "-s" | "--outfile" | "--file" | "-f" | "-c" | "--rcfile" | "--count" | "-C"
            | "--coverdir" | "--ignore-module" | "--ignore-dir" | "--source" | "--omit"
            | "--include" | "--data-file" | "--context" => {
                it.next();
            }
            s if s.starts_with('-') => {}
            s => return Some(s.to_string()),
        }
    }
    None
}

/// Does this value name a file (rather than a package or a built-in name)?
fn names_path(v: &str) -> bool {
    v.contains('/') || v.starts_with('.') || v.starts_with('~')
}

fn judge(
    name: &str,
    f: Finds,
    cmd: &Cmd,
    ctx: &JudgeCtx,
) -> Option<(Class, Vec<Effect>, Vec<String>)> {
    let cwd = cmd.cwd.dir()?;
    let written = ctx.baseline.written();
    let mut effects = Vec::new();
    let mut writes = Vec::new();
    let mut class: Option<Class> = None;
    let soft = |category: &'static str, reason: String| Class::Soft { category, reason };
    for u in &f.urls {
        if u.contains("://") || names_path(u) {
            effects.push(Effect::Run {
                code: Code::Network {
                    url: Some(u.clone()),
                },
            });
            class.get_or_insert_with(|| {
                soft(
                    "install",
                    format!("{name} fetches code from {u} and runs or installs it"),
                )
            });
        }
    }
    for p in &f.programs {
        effects.push(Effect::Run {
            code: Code::Hidden { what: p.clone() },
        });
        class.get_or_insert_with(|| soft("runs-code", format!("{name} {p}")));
    }
    for v in &f.files {
        if v.contains("://") {
            effects.push(Effect::Run {
                code: Code::Network {
                    url: Some(v.clone()),
                },
            });
            class.get_or_insert_with(|| soft("install", format!("{name} loads code from {v}")));
            continue;
        }
        if !names_path(v) && !v.contains('.') {
            continue;
        }
        let abs = paths::physical(&if v.starts_with('/') {
            PathBuf::from(v)
        } else {
            cwd.join(v)
        });
        let forms = paths::forms(&abs.display().to_string(), cwd, ctx.home);
        let outside = !ctx.workspace.contains(&forms);
        let by_agent = written.iter().any(|w| *w == abs || abs.starts_with(w));
        if !(outside || (by_agent && names_path(v)) || (by_agent && abs.exists())) {
            continue;
        }
        effects.push(Effect::Run {
            code: Code::File { path: v.clone() },
        });
        effects.push(Effect::read(v.clone()));
        class.get_or_insert_with(|| {
            soft(
                "runs-code",
                if outside {
                    format!(
                        "{name} loads {}, code or configuration from outside the workspace",
                        abs.display()
                    )
                } else {
                    format!(
                        "{name} loads {}, which the agent wrote this session",
                        abs.display()
                    )
                },
            )
        });
    }
    for d in &f.cleans {
        effects.push(Effect::Delete {
            path: d.clone(),
            recursive: true,
        });
        writes.push(d.clone());
        let forms = paths::forms(d, cwd, ctx.home);
        if !ctx.workspace.contains(&forms) {
            class.get_or_insert_with(|| {
                soft(
                    "deletion",
                    format!(
                        "{name} empties {} before it writes there, outside the workspace",
                        forms.lexical.display()
                    ),
                )
            });
        }
    }
    for w in &f.writes {
        effects.push(Effect::write(w.clone(), WriteHow::Replace));
        writes.push(w.clone());
    }
    if effects.is_empty() {
        return None;
    }
    let class = class.unwrap_or_else(|| Class::Unknown {
        reason: format!("{name} is not in the routine catalogue"),
    });
    Some((class, effects, writes))
}
