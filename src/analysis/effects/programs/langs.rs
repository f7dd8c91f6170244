//! The build and test runners of Elixir (`mix test`), Haskell (`cabal build|test`, `stack
//! build|test`) and Zig (`zig build`), as grammars filling a [`RunnerCall`] like
//! [`super::ecosystems`]: each option is what it does, and anything not declared here is
//! outside the grammar. Each runs the project's own code (mix.exs and the config scripts,
//! a custom `Setup.hs`, build.zig) and fetches the dependencies its files pin, so what
//! defines the run is the project's files (`command::definitions`).
//!
//! Checked against: Mix 1.19 (`lib/mix/lib/mix/tasks/test.ex`: `OptionParser.parse!` with
//! `strict:` switches, so options by their full name, `--no-NAME` for a boolean, and `-b`,
//! `-n` as aliases), the Cabal user guide for cabal-install 3.x (`cabal build`, `cabal
//! test`, the `v2-`/`new-` spellings; its GetOpt reader takes unique prefixes of long
//! options), Stack 3.x's `stack build` reference (docs.haskellstack.org; `stack test` is
//! `stack build --test`) and Zig 0.14's `lib/compiler/build_runner.zig` (each option by
//! its exact spelling; `-Dname=value` for the build script's own options; any other
//! word is a step the build script defines).

use super::super::grammar::{flag, parse, value, Arity, GrammarError, Operands, Opt, Style, Val};
use super::super::{Effect, WriteHow};
use super::builders::{literal, plain};
use super::runners::{code, gram, sub, Family, Found, RunnerCall};

// ---------------------------------------------------------------------------------------
// mix

/// `mix test`'s switches (Mix 1.19 `@switches`), those that choose which tests run and
/// how they report. `--formatter` (a module to load), `--export-coverage` (a name joined
/// below `cover/`), `--listen-on-stdin` and `--breakpoints` are left out.
static MIX_TEST: &[Opt] = &[
    flag(&["--all-warnings", "--no-all-warnings"]),
    flag(&["--force", "--no-force"]),
    flag(&["--color", "--no-color"]),
    flag(&["--cover", "--no-cover"]),
    flag(&["--trace", "--no-trace"]),
    value(&["--max-cases"], Val::Num),
    value(&["--max-failures"], Val::Num),
    value(&["--max-requires"], Val::Num),
    value(&["--include"], Val::Pattern),
    value(&["--exclude"], Val::Pattern),
    value(&["--only"], Val::Pattern),
    value(&["--seed"], Val::Num),
    value(&["-n", "--name-pattern"], Val::Pattern),
    flag(&["--compile", "--no-compile"]),
    flag(&["--start", "--no-start"]),
    value(&["--timeout"], Val::Num),
    flag(&["--raise", "--no-raise"]),
    flag(&["--deps-check", "--no-deps-check"]),
    flag(&["--archives-check", "--no-archives-check"]),
    flag(&["--elixir-version-check", "--no-elixir-version-check"]),
    flag(&["--failed", "--no-failed"]),
    flag(&["--stale", "--no-stale"]),
    value(&["--slowest"], Val::Num),
    value(&["--slowest-modules"], Val::Num),
    value(&["--partitions"], Val::Num),
    flag(&["--preload-modules", "--no-preload-modules"]),
    flag(&["--warnings-as-errors", "--no-warnings-as-errors"]),
    value(&["--profile-require"], Val::Choice(&["time"])),
    value(&["--exit-status"], Val::Num),
    value(&["--repeat-until-failure"], Val::Num),
];

/// `mix test [OPTIONS] [PATH[:LINE]…]`: Mix evaluates mix.exs and the config scripts
/// (Elixir code), compiles the project and its dependencies as mix.lock pins them, loads
/// `test/test_helper.exs` and runs the tests. The test paths are the files it loads. Any
/// other task (`mix run`, `mix deps.get`, an alias mix.exs defines) is not a runner here.
pub(super) fn mix(argv: &[String], dynamic: &[bool]) -> Found {
    if argv.get(1)? != "test" {
        return None;
    }
    Some((|| {
        let g = gram(Style::Clap, MIX_TEST, Operands::all(Val::Plain));
        let (words, dyn_) = sub(argv, dynamic, 1);
        let p = parse(&g, words, dyn_)?;
        let mut call = RunnerCall::new(
            "mix",
            "runs the Elixir project's tests with mix test",
            Family::Mix,
        );
        call.effects.extend(g.effects(&p));
        for t in p.operand_texts() {
            // `test/x_test.exs:12` runs the test at that line.
            let path = match t.rsplit_once(':') {
                Some((f, n)) if !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()) => f,
                _ => t,
            };
            call.test_paths.push(path.to_string());
        }
        Ok(call)
    })())
}

// ---------------------------------------------------------------------------------------
// cabal

/// Options of `cabal build|test` (the user guide's build and test flags): jobs,
/// verbosity, which components, optimisation, package flags and the test report.
/// `--builddir` writes there; `--project-file` is a definition. Compiler choice and
/// arguments (`-w`, `--with-compiler`, `--ghc-options`, `--PROG-option(s)`,
/// `--with-PROG`), `--store-dir`, package databases and `--test-wrapper` run or load
/// other code and are left out.
static CABAL: &[Opt] = &[
    Opt {
        names: &["-j", "--jobs"],
        arity: Arity::Optional,
        val: Val::Num,
    },
    Opt {
        names: &["-v", "--verbose"],
        arity: Arity::Optional,
        val: Val::Plain,
    },
    Opt {
        names: &["-O", "--enable-optimization", "--enable-optimisation"],
        arity: Arity::Optional,
        val: Val::Choice(&["0", "1", "2"]),
    },
    flag(&["--disable-optimization", "--disable-optimisation"]),
    flag(&["--enable-tests"]),
    flag(&["--disable-tests"]),
    flag(&["--enable-benchmarks"]),
    flag(&["--disable-benchmarks"]),
    flag(&["--enable-coverage"]),
    flag(&["--disable-coverage"]),
    flag(&["--only-dependencies"]),
    flag(&["--only-configure"]),
    flag(&["--dry-run"]),
    flag(&["--keep-going"]),
    value(&["-f", "--flags"], Val::Plain),
    value(&["--builddir"], Val::Write),
    value(&["--project-file"], Val::Plain),
    value(
        &["--test-show-details"],
        Val::Choice(&["always", "never", "failures", "streaming", "direct"]),
    ),
    value(&["--test-option"], Val::Pattern),
    value(&["--test-options"], Val::Pattern),
];

/// `cabal build|test [TARGET…] [FLAGS]` (also `v2-` and `new-`): cabal reads the project
/// files and the packages' `.cabal` files, solves and fetches the dependencies from its
/// package index (as `cabal.project.freeze` pins them, when there is one), runs a
/// package's `Setup.hs` when its build type is custom, builds, and for `test` runs the
/// test suites. Targets are the project's packages and components.
pub(super) fn cabal(argv: &[String], dynamic: &[bool]) -> Found {
    let subc = argv.get(1)?.as_str();
    let does = match subc.trim_start_matches("v2-").trim_start_matches("new-") {
        "build" => "builds the Haskell project with cabal build",
        "test" => "runs the Haskell project's test suites with cabal test",
        _ => return None,
    };
    Some((|| {
        let g = gram(Style::Gnu, CABAL, Operands::all(Val::Plain));
        let (words, dyn_) = sub(argv, dynamic, 1);
        let p = parse(&g, words, dyn_)?;
        for t in p.operand_texts() {
            // A target is a package, a component or a directory (`.`, `pkg:test:spec`).
            if !plain(t.trim_start_matches("./")) {
                return Err(GrammarError::BadValue {
                    option: "target".into(),
                    value: t.to_string(),
                });
            }
        }
        let mut call = RunnerCall::new("cabal", does, Family::Cabal);
        call.effects.extend(g.effects(&p));
        if let Some(f) = p.value("--project-file") {
            call.defined_by.push(f.to_string());
        }
        Ok(call)
    })())
}

// ---------------------------------------------------------------------------------------
// stack

/// Options of `stack build` and its synonym `stack test` (Stack's build command
/// reference): optimisation and warnings, which components, tests and benchmarks and
/// their arguments (to the project's own programs), package flags, jobs. `--exec` (a
/// command), `--ghc-options`, `--copy-bins` (into `~/.local/bin`), `--file-watch`,
/// `--haddock` and the global options that choose another configuration or compiler
/// (`--stack-yaml`, `--resolver`, `--compiler`, `--docker`, `--nix`) are left out.
static STACK: &[Opt] = &[
    flag(&["--dry-run"]),
    flag(&["--pedantic"]),
    flag(&["--fast"]),
    value(&["--flag"], Val::Plain),
    flag(&["--only-dependencies", "--dependencies-only"]),
    flag(&["--only-snapshot"]),
    flag(&["--only-locals"]),
    flag(&["--only-configure"]),
    flag(&["--test"]),
    flag(&["--no-test"]),
    flag(&["--bench"]),
    flag(&["--no-bench"]),
    flag(&["--run-tests"]),
    flag(&["--no-run-tests"]),
    flag(&["--run-benchmarks"]),
    flag(&["--no-run-benchmarks"]),
    flag(&["--rerun-tests"]),
    flag(&["--no-rerun-tests"]),
    value(&["--ta", "--test-arguments"], Val::Pattern),
    value(&["--ba", "--benchmark-arguments"], Val::Pattern),
    flag(&["--coverage"]),
    value(&["--test-suite-timeout"], Val::Num),
    flag(&["--keep-going"]),
    flag(&["--no-keep-going"]),
    flag(&["--force-dirty"]),
    flag(&["--no-force-dirty"]),
    flag(&["--interleaved-output"]),
    flag(&["--no-interleaved-output"]),
    flag(&["--trace"]),
    flag(&["--profile"]),
    value(&["-j", "--jobs"], Val::Num),
    value(&["--skip"], Val::Plain),
];

/// `stack build|test [TARGET…] [OPTIONS]`: Stack reads stack.yaml (the snapshot and the
/// extra dependencies, which may be git repositories or archives), generates each
/// package's `.cabal` file from package.yaml, downloads the compiler and the snapshot's
/// packages it lacks, builds, and with `test` runs the test suites.
pub(super) fn stack(argv: &[String], dynamic: &[bool]) -> Found {
    let subc = argv.get(1)?.as_str();
    let does = match subc {
        "build" => "builds the Haskell project with stack build",
        "test" => "runs the Haskell project's test suites with stack test",
        _ => return None,
    };
    Some((|| {
        let g = gram(Style::Clap, STACK, Operands::all(Val::Plain));
        let (words, dyn_) = sub(argv, dynamic, 1);
        let p = parse(&g, words, dyn_)?;
        for t in p.operand_texts() {
            if !plain(t.trim_start_matches("./")) {
                return Err(GrammarError::BadValue {
                    option: "target".into(),
                    value: t.to_string(),
                });
            }
        }
        let mut call = RunnerCall::new("stack", does, Family::Stack);
        call.effects.extend(g.effects(&p));
        Ok(call)
    })())
}

// ---------------------------------------------------------------------------------------
// zig build

/// `zig build [STEP…] [OPTIONS]`: Zig compiles and runs build.zig (Zig code), fetching
/// the packages build.zig.zon names (each by URL and hash) into its global cache, and
/// runs the steps named (`install` by default; `test`, `run` and the rest are what
/// build.zig defines). `-p`/`--prefix` is where `install` copies to; `-Dname=value` is an
/// option of the build script (data when it is a plain word). Options that choose other
/// code or places (`--build-file`, `--build-runner`, `--zig-lib-dir`, `--cache-dir`,
/// `--global-cache-dir`, `--search-prefix`, `--sysroot`, `--libc`, `--system`, the
/// `--prefix-*-dir`s, `-fsys=`, `-fqemu`, `-fwine`, …) and `--` (arguments for a run
/// step's program) are left out.
pub(super) fn zig(argv: &[String], dynamic: &[bool]) -> Found {
    if argv.get(1)? != "build" {
        return None;
    }
    Some((|| {
        let (words, dyn_) = sub(argv, dynamic, 2);
        literal(words, dyn_)?;
        let mut call = RunnerCall::new("zig", String::new(), Family::Zig);
        let mut steps: Vec<&str> = Vec::new();
        let mut i = 0;
        while let Some(w) = words.get(i) {
            i += 1;
            let w = w.as_str();
            let choice =
                |v: Option<&String>, of: &[&str]| v.is_some_and(|v| of.contains(&v.as_str()));
            match w {
                "-p" | "--prefix" => {
                    let Some(d) = words.get(i) else {
                        return Err(GrammarError::MissingValue(w.to_string()));
                    };
                    i += 1;
                    call.effects
                        .push(Effect::write(d.as_str(), WriteHow::Replace));
                }
                "--color" => {
                    if !choice(words.get(i), &["auto", "on", "off"]) {
                        return Err(GrammarError::BadValue {
                            option: w.to_string(),
                            value: words.get(i).cloned().unwrap_or_default(),
                        });
                    }
                    i += 1;
                }
                "--summary" => {
                    if !choice(words.get(i), &["all", "new", "failures", "none"]) {
                        return Err(GrammarError::BadValue {
                            option: w.to_string(),
                            value: words.get(i).cloned().unwrap_or_default(),
                        });
                    }
                    i += 1;
                }
                "--seed" | "--maxrss" | "--debounce" => {
                    if !words.get(i).is_some_and(|v| {
                        !v.is_empty() && v.chars().all(|c| c.is_ascii_alphanumeric())
                    }) {
                        return Err(GrammarError::MissingValue(w.to_string()));
                    }
                    i += 1;
                }
                "--verbose"
                | "-l"
                | "--list-steps"
                | "--release"
                | "--skip-oom-steps"
                | "--prominent-compile-errors"
                | "--verbose-link"
                | "--verbose-cc"
                | "--verbose-cimport"
                | "--verbose-air"
                | "--verbose-llvm-ir"
                | "-freference-trace"
                | "-fno-reference-trace" => {}
                _ if w.starts_with("--release=") => {
                    let m = &w["--release=".len()..];
                    if !["off", "any", "fast", "safe", "small"].contains(&m) {
                        return Err(GrammarError::UnknownOption(w.to_string()));
                    }
                }
                _ if w.starts_with("-freference-trace=")
                    && w["-freference-trace=".len()..]
                        .chars()
                        .all(|c| c.is_ascii_digit()) => {}
                _ if w.starts_with("-j")
                    && w.len() > 2
                    && w[2..].chars().all(|c| c.is_ascii_digit()) => {}
                _ if w.starts_with("-D") && w.len() > 2 => {
                    let opt = &w[2..];
                    if !plain(opt) {
                        call.effects.push(code(&format!(
                            "the build script's option {w}, which is more than a plain word"
                        )));
                    }
                }
                _ if w.starts_with('-') => {
                    return Err(GrammarError::UnknownOption(w.to_string()));
                }
                _ => {
                    if !plain(w) {
                        return Err(GrammarError::BadValue {
                            option: "step".into(),
                            value: w.to_string(),
                        });
                    }
                    steps.push(w);
                }
            }
        }
        call.does = if steps.is_empty() {
            "runs the Zig project's build script (its install step) with zig build".into()
        } else {
            format!(
                "runs the Zig project's build steps {} with zig build",
                steps.join(", ")
            )
        };
        // Steps are not make targets: `install` copies into the prefix, `zig-out` in the
        // project unless `-p` says otherwise (a write there).
        Ok(call)
    })())
}
