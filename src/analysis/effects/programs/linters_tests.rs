//! Table tests of the linter, formatter and type-checker grammars: argv → what it reads,
//! rewrites and runs, or an error.
#![allow(clippy::unwrap_used)]

use super::super::runner_test_support::{argv, runs_hidden, unknown, writes};
use super::*;

fn call(words: &[&str]) -> RunnerCall {
    let (v, d) = argv(words);
    match linter(&v, &d) {
        Some(Ok(c)) => c,
        other => panic!("{words:?}: {other:?}"),
    }
}

fn err(words: &[&str]) -> GrammarError {
    let (v, d) = argv(words);
    match linter(&v, &d) {
        Some(Err(e)) => e,
        other => panic!("{words:?} should be outside the grammar: {other:?}"),
    }
}

fn lint(c: &RunnerCall) -> &Lint {
    c.lint.as_ref().unwrap()
}

fn rewrites(words: &[&str]) -> bool {
    lint(&call(words)).rewrites
}

/// Routine as far as the grammar goes: nothing unknown, nothing hidden run.
fn plain(words: &[&str]) -> RunnerCall {
    let c = call(words);
    assert!(
        !unknown(&c) && !runs_hidden(&c),
        "{words:?}: {:?}",
        c.effects
    );
    c
}

#[test]
fn tsc_reads_its_own_way() {
    let c = plain(&["tsc", "--noEmit"]);
    assert_eq!((c.tool, c.family), ("tsc", Family::TypeScript));
    assert!(c.does.contains("type-checks"), "{}", c.does);
    assert!(writes(&c).is_empty());
    // Case-insensitive, one or two dashes, a boolean's `true`/`false` after it.
    plain(&["tsc", "-NOEMIT", "--Strict", "-p", "."]);
    assert!(call(&["tsc", "--noEmit", "false"])
        .does
        .contains("compiles"));
    assert!(call(&["tsc", "--noEmit", "true"])
        .does
        .contains("type-checks"));
    assert!(call(&["tsc"]).does.contains("compiles"));
    // Values that write, and the project's configuration.
    assert_eq!(writes(&call(&["tsc", "--outDir", "/x/out"])), ["/x/out"]);
    assert_eq!(
        writes(&call(&[
            "tsc",
            "--declarationDir",
            "types",
            "--tsBuildInfoFile",
            "b.info"
        ])),
        ["types", "b.info"]
    );
    let p = call(&["tsc", "-p", "packages/app", "--noEmit"]);
    assert_eq!(p.defined_by, ["packages/app/tsconfig.json"]);
    assert_eq!(p.dirs, ["packages/app"]);
    assert_eq!(
        call(&["tsc", "--project", "tsconfig.build.json"]).defined_by,
        ["tsconfig.build.json"]
    );
    assert_eq!(lint(&call(&["tsc", "src/a.ts"])).operands, ["src/a.ts"]);
    // No prefixes, no `--name=value`, `@file` reads more arguments.
    assert!(matches!(
        err(&["tsc", "--noEmi"]),
        GrammarError::UnknownOption(_)
    ));
    assert!(matches!(
        err(&["tsc", "--outDir=/tmp/x"]),
        GrammarError::UnknownOption(_)
    ));
    assert!(unknown(&call(&["tsc", "@args.txt"])));
    assert!(unknown(&call(&["tsc", "--init"])));
    assert!(unknown(&call(&["tsc", "-b", "--clean"])));
    assert!(matches!(
        err(&["tsc", "--plugins", "x"]),
        GrammarError::UnknownOption(_)
    ));
    // `--build` options only in build mode.
    plain(&["tsc", "-b", "--verbose", "packages/a"]);
    assert!(err(&["tsc", "--verbose"]) == GrammarError::UnknownOption("--verbose".into()));
}

#[test]
fn eslint_options_and_fixes() {
    let c = plain(&["eslint", "."]);
    assert_eq!((c.tool, c.family), ("eslint", Family::Eslint));
    assert!(!lint(&c).rewrites && lint(&c).nested);
    assert_eq!(lint(&plain(&["eslint"])).operands, ["."]);
    assert!(rewrites(&["eslint", "--fix", "src"]));
    assert!(!rewrites(&["eslint", "--fix-dry-run", "src"]));
    assert!(!rewrites(&["eslint", "--fix", "--stdin"]));
    plain(&[
        "eslint",
        "--max-warnings",
        "0",
        "-f",
        "json",
        "--no-warn-ignored",
        "src/",
    ]);
    assert_eq!(
        call(&["eslint", "-c", "cfg/eslint.config.mjs", "."]).defined_by,
        ["cfg/eslint.config.mjs"]
    );
    assert_eq!(
        writes(&call(&["eslint", "-o", "/tmp/r.txt", "."])),
        ["/tmp/r.txt"]
    );
    assert_eq!(writes(&call(&["eslint", "--cache", "."])), [".eslintcache"]);
    assert_eq!(
        writes(&call(&[
            "eslint",
            "--cache",
            "--cache-location",
            "/x/c",
            "."
        ])),
        ["/x/c"]
    );
    // Code from elsewhere.
    for words in [
        &["eslint", "--plugin", "foo", "."][..],
        &["eslint", "--rulesdir", "rules", "."],
        &["eslint", "--resolve-plugins-relative-to", "/tmp", "."],
        &["eslint", "--parser", "x", "."],
        &["eslint", "-f", "./my-formatter.js", "."],
    ] {
        assert!(runs_hidden(&call(words)), "{words:?}");
    }
    assert!(unknown(&call(&["eslint", "--inspect-config"])));
    assert!(unknown(&call(&["eslint", "--init"])));
    assert!(unknown(&call(&["eslint", "--mcp"])));
    // optionator takes no prefixes.
    assert!(matches!(
        err(&["eslint", "--qui", "."]),
        GrammarError::UnknownOption(_)
    ));
}

#[test]
fn prettier_check_and_write() {
    let c = plain(&["prettier", "--check", "."]);
    assert_eq!(c.family, Family::Prettier);
    assert!(!lint(&c).rewrites);
    assert!(!rewrites(&["prettier", "-l", "src"]));
    assert!(rewrites(&["prettier", "--write", "src", "README.md"]));
    assert!(rewrites(&["prettier", "-w", "."]));
    // With no file it formats stdin to stdout.
    assert!(!rewrites(&["prettier", "--write"]));
    plain(&[
        "prettier",
        "--single-quote",
        "--print-width",
        "100",
        "--check",
        "src",
    ]);
    assert!(runs_hidden(&call(&[
        "prettier", "--plugin", "x", "--check", "."
    ])));
    assert_eq!(
        call(&["prettier", "--config", ".prettierrc.json", "-c", "."]).defined_by,
        [".prettierrc.json"]
    );
    assert_eq!(
        writes(&call(&[
            "prettier",
            "--cache",
            "--cache-location",
            "/x/c",
            "-c",
            "."
        ])),
        ["/x/c"]
    );
    assert!(lint(&call(&["prettier", "-c", "."]))
        .skips
        .contains(&"node_modules"));
    assert!(
        !lint(&call(&["prettier", "--with-node-modules", "-c", "."]))
            .skips
            .contains(&"node_modules")
    );
    assert!(matches!(
        err(&["prettier", "--chec", "."]),
        GrammarError::UnknownOption(_)
    ));
    assert!(matches!(
        err(&["prettier", "--trailing-comma", "sometimes", "."]),
        GrammarError::BadValue { .. }
    ));
}

#[test]
fn ruff_check_and_format() {
    let c = plain(&["ruff", "check", "."]);
    assert_eq!((c.tool, c.family), ("ruff", Family::Ruff));
    assert!(!lint(&c).rewrites);
    assert_eq!(lint(&plain(&["ruff", "check"])).operands, ["."]);
    assert_eq!(writes(&c), [".ruff_cache"]);
    assert!(writes(&plain(&["ruff", "check", "--no-cache", "."])).is_empty());
    assert!(rewrites(&["ruff", "check", "--fix", "src"]));
    assert!(rewrites(&["ruff", "check", "--fix-only", "src"]));
    assert!(rewrites(&["ruff", "check", "--add-noqa", "src"]));
    assert!(!rewrites(&["ruff", "check", "--fix", "--diff", "src"]));
    assert!(!rewrites(&["ruff", "check", "--fix", "--no-fix", "src"]));
    assert!(rewrites(&["ruff", "check", "--no-fix", "--fix", "src"]));
    assert!(rewrites(&["ruff", "format", "."]));
    assert!(!rewrites(&["ruff", "format", "--check", "."]));
    assert!(!rewrites(&["ruff", "format", "--diff", "."]));
    assert!(!rewrites(&["ruff", "format", "-"]));
    // Global options on either side of the command.
    plain(&[
        "ruff",
        "--isolated",
        "check",
        "-q",
        "--select",
        "E,F",
        "src",
    ]);
    plain(&[
        "ruff",
        "check",
        "--output-format",
        "json",
        "--statistics",
        ".",
    ]);
    assert_eq!(
        writes(&call(&["ruff", "check", "-o", "/tmp/r.json", "."])),
        ["/tmp/r.json", ".ruff_cache"]
    );
    // `--config`: a file, or a data setting; other settings are outside the grammar.
    assert_eq!(
        call(&["ruff", "check", "--config", "ci/ruff.toml", "."]).defined_by,
        ["ci/ruff.toml"]
    );
    plain(&["ruff", "check", "--config", "lint.select = [\"E\"]", "."]);
    plain(&["ruff", "format", "--config", "line-length=100", "."]);
    assert!(unknown(&call(&[
        "ruff",
        "check",
        "--config",
        "cache-dir = '/tmp'",
        "."
    ])));
    assert!(unknown(&call(&[
        "ruff",
        "check",
        "--config",
        "extend = '/x.toml'",
        "."
    ])));
    // clap: no prefixes; other commands are not this runner.
    assert!(matches!(
        err(&["ruff", "check", "--fi", "."]),
        GrammarError::UnknownOption(_)
    ));
    let (v, d) = argv(&["ruff", "clean"]);
    assert!(linter(&v, &d).is_none());
    // `ruff format` reads Markdown code blocks too; `ruff check` does not.
    assert!(lint(&call(&["ruff", "format", "."]))
        .handles
        .contains(&".md"));
    assert!(!lint(&call(&["ruff", "check", "--fix", "."]))
        .handles
        .contains(&".md"));
}

#[test]
fn black_and_isort() {
    let c = plain(&["black", "src", "tests"]);
    assert_eq!(c.family, Family::Black);
    assert!(lint(&c).rewrites);
    assert!(!rewrites(&["black", "--check", "."]));
    assert!(!rewrites(&["black", "--diff", "-q", "."]));
    assert!(!rewrites(&["black", "-c", "x=1"]));
    plain(&["black", "-l", "100", "-t", "py311", "--preview", "."]);
    assert_eq!(
        call(&["black", "--config", "x.toml", "."]).defined_by,
        ["x.toml"]
    );
    assert_eq!(writes(&call(&["black", "--cache-dir", "/c", "."])), ["/c"]);
    assert!(lint(&call(&["black", "--include", "\\.pyw$", "."]))
        .handles
        .is_empty());
    assert!(matches!(
        err(&["black", "--chec", "."]),
        GrammarError::UnknownOption(_)
    ));

    let c = plain(&["isort", "."]);
    assert_eq!(c.family, Family::Isort);
    assert!(lint(&c).rewrites);
    assert!(!rewrites(&["isort", "--check-only", "--diff", "."]));
    // argparse takes unique prefixes.
    assert!(!rewrites(&["isort", "--check-on", "."]));
    assert!(!rewrites(&["isort", "-c", "src"]));
    assert!(!rewrites(&["isort"]));
    plain(&[
        "isort",
        "--profile",
        "black",
        "--float-to-top",
        "-l",
        "100",
        "src",
    ]);
    assert!(unknown(&call(&[
        "isort",
        "-a",
        "import os; os.system('x')",
        "a.py"
    ])));
    assert!(runs_hidden(&call(&["isort", "--formatter", "x", "."])));
    assert!(runs_hidden(&call(&[
        "isort",
        "--sort-order",
        "plugin",
        "."
    ])));
    plain(&["isort", "--sort-order", "natural", "."]);
    assert_eq!(
        call(&["isort", "--settings-path", "cfg/.isort.cfg", "."]).defined_by,
        ["cfg/.isort.cfg"]
    );
    assert!(unknown(&call(&["isort", "--interactive", "."])));
}

#[test]
fn mypy_options() {
    let c = plain(&["mypy", "src"]);
    assert_eq!((c.tool, c.family), ("mypy", Family::Mypy));
    assert!(!lint(&c).rewrites);
    assert_eq!(writes(&c), [".mypy_cache"]);
    plain(&["mypy", "--strict", "--ignore-missing-imports", "-p", "pkg"]);
    // A unique prefix is the option it abbreviates.
    plain(&["mypy", "--strict-opt", "--no-incr", "."]);
    assert!(matches!(
        err(&["mypy", "--no-warn", "."]),
        GrammarError::Ambiguous { .. }
    ));
    assert_eq!(
        call(&["mypy", "--config-file", "ci/mypy.ini", "."]).defined_by,
        ["ci/mypy.ini"]
    );
    assert_eq!(
        writes(&call(&[
            "mypy",
            "--cache-dir",
            "/tmp/c",
            "--junit-xml",
            "r.xml",
            "."
        ])),
        ["/tmp/c", "r.xml"]
    );
    assert!(writes(&call(&["mypy", "--html-report", "out", "."])).contains(&"out".to_string()));
    assert!(runs_hidden(&call(&[
        "mypy",
        "--python-executable",
        "/tmp/py",
        "."
    ])));
    assert!(runs_hidden(&call(&["mypy", "--install-types", "."])));
    assert!(unknown(&call(&["mypy", "--pdb", "."])));
    assert!(unknown(&call(&["mypy", "@args.txt"])));
    assert!(matches!(
        err(&["mypy", "--shadow-file", "a.py", "b.py", "."]),
        GrammarError::UnknownOption(_)
    ));
}

#[test]
fn pyright_and_basedpyright() {
    let c = plain(&["pyright"]);
    assert_eq!((c.tool, c.family), ("pyright", Family::Pyright));
    plain(&["pyright", "--outputjson", "--level", "error", "src"]);
    assert_eq!(call(&["pyright", "-p", "sub"]).dirs, ["sub"]);
    assert_eq!(
        call(&["pyright", "-p", "sub/pyrightconfig.json"]).defined_by,
        ["sub/pyrightconfig.json"]
    );
    assert!(runs_hidden(&call(&["pyright", "--pythonpath", "/tmp/py"])));
    assert!(runs_hidden(&call(&["pyright", "-v", "/tmp/venvs"])));
    assert!(matches!(
        err(&["pyright", "--outputj"]),
        GrammarError::UnknownOption(_)
    ));
    // basedpyright's own options are not pyright's.
    assert!(matches!(
        err(&["pyright", "--writebaseline"]),
        GrammarError::UnknownOption(_)
    ));
    let b = call(&["basedpyright", "--writebaseline", "src"]);
    assert_eq!(b.tool, "basedpyright");
    assert_eq!(writes(&b), [".basedpyright/baseline.json"]);
    assert_eq!(
        writes(&call(&[
            "basedpyright",
            "--gitlabcodequality",
            "/tmp/q.json"
        ])),
        ["/tmp/q.json"]
    );
}

#[test]
fn flake8_and_pylint() {
    let c = plain(&["flake8"]);
    assert_eq!((c.tool, c.family), ("flake8", Family::Flake8));
    assert_eq!(lint(&c).operands, ["."]);
    plain(&[
        "flake8",
        "--max-line-length",
        "100",
        "--extend-ignore",
        "E203",
        "src",
    ]);
    plain(&["flake8", "--max-line=100", "src"]);
    assert_eq!(
        writes(&call(&["flake8", "--output-file", "/tmp/o", "."])),
        ["/tmp/o"]
    );
    assert_eq!(
        call(&[
            "flake8",
            "--config",
            "ci/.flake8",
            "--append-config",
            "x.cfg"
        ])
        .defined_by,
        ["ci/.flake8", "x.cfg"]
    );
    assert!(matches!(
        err(&["flake8", "--bogus"]),
        GrammarError::UnknownOption(_)
    ));

    let c = plain(&["pylint", "src"]);
    assert_eq!((c.tool, c.family), ("pylint", Family::Pylint));
    plain(&[
        "pylint",
        "--disable=C0114,R",
        "-j",
        "4",
        "--recursive=y",
        "src",
    ]);
    // argparse prefixes.
    plain(&["pylint", "--disa=all", "src"]);
    // pylint's own first pass: its prefixes, a value that does not start with `-`.
    assert!(runs_hidden(&call(&[
        "pylint",
        "--init-hook",
        "import os",
        "src"
    ])));
    assert!(runs_hidden(&call(&["pylint", "--init-h=import os", "src"])));
    assert!(runs_hidden(&call(&[
        "pylint",
        "--load-plugins=pylint_django",
        "src"
    ])));
    assert!(runs_hidden(&call(&["pylint", "--loa", "x", "src"])));
    assert_eq!(
        call(&["pylint", "--rcf=ci/pylintrc", "src"]).defined_by,
        ["ci/pylintrc"]
    );
    assert_eq!(
        writes(&call(&["pylint", "--output=/tmp/o", "src"])),
        ["/tmp/o"]
    );
    assert!(matches!(
        err(&["pylint", "--init-hook", "--disable=all", "src"]),
        GrammarError::MissingValue(_)
    ));
    // Reporters: the ones pylint ships, each to a file when one is named.
    plain(&["pylint", "--output-format=colorized", "src"]);
    assert_eq!(
        writes(&call(&["pylint", "-f", "json:/tmp/r.json,text", "src"])),
        ["/tmp/r.json"]
    );
    assert!(runs_hidden(&call(&[
        "pylint",
        "--output-format=my.Reporter",
        "src"
    ])));
    assert!(runs_hidden(&call(&[
        "pylint",
        "--evaluation",
        "__import__('os')",
        "src"
    ])));
    assert!(matches!(
        err(&["pylint", "--bogus", "src"]),
        GrammarError::UnknownOption(_)
    ));
}

#[test]
fn biome_commands() {
    let c = plain(&["biome", "check", "."]);
    assert_eq!((c.tool, c.family), ("biome", Family::Biome));
    assert!(!lint(&c).rewrites);
    assert_eq!(lint(&plain(&["biome", "lint"])).operands, ["."]);
    assert!(rewrites(&["biome", "check", "--write", "src"]));
    assert!(rewrites(&["biome", "lint", "--fix", "src"]));
    assert!(rewrites(&["biome", "format", "--write", "."]));
    assert!(!rewrites(&["biome", "format", "."]));
    assert!(!rewrites(&["biome", "ci", "."]));
    // Settings are data, by name: `--name=VALUE` or `--name VALUE`.
    plain(&[
        "biome",
        "format",
        "--indent-width=4",
        "--javascript-formatter-quote-style",
        "single",
        "--write",
        "src",
    ]);
    assert_eq!(
        writes(&call(&["biome", "check", "--reporter-file=/tmp/r", "."])),
        ["/tmp/r"]
    );
    assert_eq!(
        call(&["biome", "check", "--config-path=cfg/biome.json", "."]).defined_by,
        ["cfg/biome.json"]
    );
    assert!(unknown(&call(&["biome", "check", "--use-server", "."])));
    assert!(matches!(
        err(&["biome", "check", "--writ", "."]),
        GrammarError::UnknownOption(_)
    ));
    let (v, d) = argv(&["biome", "migrate"]);
    assert!(linter(&v, &d).is_none());
}

#[test]
fn python_module_forms() {
    let (v, d) = argv(&["python", "-m", "mypy", "--strict", "src"]);
    let c = python_module("mypy", &v, &d, 3).unwrap().unwrap();
    assert_eq!((c.tool, c.module.as_deref()), ("mypy", Some("mypy")));
    assert_eq!(c.lint.unwrap().operands, ["src"]);
    let (v, d) = argv(&["python3", "-m", "ruff", "format", "--check", "."]);
    let c = python_module("ruff", &v, &d, 3).unwrap().unwrap();
    assert!(!c.lint.unwrap().rewrites);
    let (v, d) = argv(&["python", "-m", "black", "."]);
    assert!(
        python_module("black", &v, &d, 3)
            .unwrap()
            .unwrap()
            .lint
            .unwrap()
            .rewrites
    );
    let (v, d) = argv(&["python", "-m", "json.tool"]);
    assert!(python_module("json.tool", &v, &d, 3).is_none());
}

/// RuboCop reads the Ruby files below its operands (the project by default) and rewrites
/// them only with `-a`/`-A`/`-x`; `.rubocop.yml` and `-c` define what it loads; a
/// required file or plugin, a report or cache written where it says, and an option
/// outside its grammar (servers, config generators) are what they are.
#[test]
fn rubocop_lints_and_autocorrects() {
    let c = plain(&["rubocop"]);
    assert_eq!((c.tool, c.family), ("rubocop", Family::Rubocop));
    assert_eq!(lint(&c).operands, ["."]);
    assert!(!lint(&c).rewrites);
    assert!(lint(&c).handles.contains(&".rb"));
    assert!(!rewrites(&[
        "rubocop",
        "app",
        "lib",
        "-f",
        "json",
        "--parallel"
    ]));
    assert!(!rewrites(&[
        "rubocop",
        "--only",
        "Style/StringLiterals",
        "--fail-level",
        "W"
    ]));
    assert!(!rewrites(&["rubocop", "--no-par", "app"]));
    assert!(rewrites(&["rubocop", "-a", "app"]));
    assert!(rewrites(&["rubocop", "-A"]));
    assert!(rewrites(&["rubocop", "--autocorrect-all", "app"]));
    assert!(rewrites(&["rubocop", "-x"]));
    assert!(!rewrites(&["rubocop", "-a", "-s", "app/x.rb"]));
    assert_eq!(
        call(&["rubocop", "-c", "/tmp/evil.yml"]).defined_by,
        ["/tmp/evil.yml"]
    );
    assert_eq!(
        writes(&call(&["rubocop", "-o", "/tmp/r.txt"])),
        ["/tmp/r.txt"]
    );
    assert_eq!(
        writes(&call(&["rubocop", "-f", "json", "--out", "report.json"])),
        ["report.json"]
    );
    assert!(runs_hidden(&call(&["rubocop", "-r", "/tmp/x.rb"])));
    assert!(runs_hidden(&call(&["rubocop", "--plugin", "rubocop-evil"])));
    for a in [
        &["rubocop", "--server"][..],
        &["rubocop", "--start-server"],
        &["rubocop", "--auto-gen-config"],
        &["rubocop", "--init"],
        &["rubocop", "--lsp"],
        &["rubocop", "--profile"],
        &["rubocop", "--frobnicate"],
    ] {
        assert!(matches!(err(a), GrammarError::UnknownOption(_)), "{a:?}");
    }
}
