//! Table tests of gofmt, sphinx-build and `mkdocs build`: argv → what it reads, writes,
//! rewrites and which files define what runs, or outside the grammar.
#![allow(clippy::unwrap_used)]

use super::*;

fn argv(words: &[&str]) -> (Vec<String>, Vec<bool>) {
    let v: Vec<String> = words.iter().map(|w| w.to_string()).collect();
    let d = v.iter().map(|w| w.contains('$')).collect();
    (v, d)
}

fn call(words: &[&str]) -> RunnerCall {
    let (v, d) = argv(words);
    match tool(&v, &d) {
        Some(Ok(c)) => c,
        other => panic!("{words:?}: {other:?}"),
    }
}

fn outside(words: &[&str]) -> bool {
    let (v, d) = argv(words);
    matches!(tool(&v, &d), Some(Err(_)))
}

fn writes(c: &RunnerCall) -> Vec<String> {
    c.effects
        .iter()
        .filter_map(|e| match e {
            Effect::Write { path, .. } => Some(path.clone()),
            _ => None,
        })
        .collect()
}

fn deletes(c: &RunnerCall) -> Vec<String> {
    c.effects
        .iter()
        .filter_map(|e| match e {
            Effect::Delete { path, .. } => Some(path.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn gofmt_lists_and_diffs_without_rewriting() {
    for w in [
        &["gofmt", "-l", "."][..],
        &["gofmt", "-d", "-s", "cmd", "internal"],
        &["gofmt", "-l", "-e", "main.go"],
        &["gofmt", "-r", "a[b:len(a)] -> a[b:]", "-d", "."],
    ] {
        let c = call(w);
        assert_eq!(c.family, Family::Gofmt, "{w:?}");
        let lint = c.lint.as_ref().unwrap();
        assert!(!lint.rewrites, "{w:?}");
        assert_eq!(lint.handles, &[".go"]);
        assert!(writes(&c).is_empty(), "{w:?}");
    }
    assert!(call(&["gofmt", "-l", "."])
        .does
        .contains("the project's Go files"));
}

#[test]
fn gofmt_w_rewrites_its_operands_and_cpuprofile_is_a_write() {
    let c = call(&["gofmt", "-w", "-s", "."]);
    let lint = c.lint.as_ref().unwrap();
    assert!(lint.rewrites);
    assert_eq!(lint.operands, vec!["."]);
    assert!(c.does.contains("in place"));
    // `-w` on standard input rewrites nothing (gofmt refuses it).
    assert!(!call(&["gofmt", "-w"]).lint.unwrap().rewrites);
    let c = call(&["gofmt", "-cpuprofile", "/tmp/x/cpu.out", "-l", "."]);
    assert_eq!(writes(&c), vec!["/tmp/x/cpu.out"]);
    let c = call(&["gofmt", "-cpuprofile=/home/u/.bashrc", "-l", "."]);
    assert_eq!(writes(&c), vec!["/home/u/.bashrc"]);
}

#[test]
fn gofmt_options_outside_its_table_and_after_operands() {
    assert!(outside(&["gofmt", "-x", "."]));
    assert!(outside(&["gofmt", "--list", "."]));
    // Go's flag package stops at the first operand: `-w` after `.` is a path, not a
    // flag, so nothing is rewritten.
    let c = call(&["gofmt", ".", "-w"]);
    assert!(!c.lint.as_ref().unwrap().rewrites);
    assert_eq!(c.lint.unwrap().operands, vec![".", "-w"]);
}

#[test]
fn sphinx_build_reads_the_source_writes_the_output_and_runs_conf_py() {
    let c = call(&["sphinx-build", "-b", "html", "docs", "docs/_build/html"]);
    assert_eq!(c.family, Family::Sphinx);
    assert_eq!(c.defined_by, vec!["docs/conf.py"]);
    let w = writes(&c);
    assert!(w.contains(&"docs/_build/html".to_string()), "{w:?}");
    assert!(
        w.contains(&"docs/_build/html/.doctrees".to_string()),
        "{w:?}"
    );
    assert!(c.effects.iter().any(|e| matches!(
        e,
        Effect::Read { path, reach: crate::analysis::effects::Reach::Tree } if path == "docs"
    )));
    let c = call(&[
        "sphinx-build",
        "-W",
        "--keep-going",
        "-n",
        "-j",
        "auto",
        "-c",
        "conf",
        "-d",
        "_build/doctrees",
        "docs",
        "_build",
    ]);
    assert_eq!(c.defined_by, vec!["conf/conf.py"]);
    let w = writes(&c);
    assert!(w.contains(&"_build/doctrees".to_string()));
    assert!(!w.contains(&"_build/.doctrees".to_string()));
    // `-C`: no configuration file runs.
    assert!(call(&["sphinx-build", "-C", "docs", "out"])
        .defined_by
        .is_empty());
    // A warning file is a write the path floor judges.
    let c = call(&["sphinx-build", "-w", "/home/u/.profile", "docs", "out"]);
    assert!(writes(&c).contains(&"/home/u/.profile".to_string()));
}

#[test]
fn sphinx_make_mode_is_the_build_it_becomes() {
    let c = call(&["sphinx-build", "-M", "html", "docs", "_build", "-W"]);
    let w = writes(&c);
    assert!(w.contains(&"_build/html".to_string()), "{w:?}");
    assert!(w.contains(&"_build/doctrees".to_string()), "{w:?}");
    assert_eq!(c.defined_by, vec!["docs/conf.py"]);
    // `clean` empties the build directory; latexpdf and info run make; linkcheck fetches.
    for b in [
        "clean",
        "latexpdf",
        "latexpdfja",
        "info",
        "linkcheck",
        "doctest",
    ] {
        assert!(outside(&["sphinx-build", "-M", b, "docs", "_build"]), "{b}");
    }
    assert!(outside(&["sphinx-build", "-M", "html", "docs"]));
}

#[test]
fn sphinx_settings_overrides_debugger_and_network_builders_are_outside() {
    // `-D extensions=…` imports modules named on the command line.
    assert!(outside(&[
        "sphinx-build",
        "-D",
        "extensions=evil",
        "docs",
        "out"
    ]));
    assert!(outside(&["sphinx-build", "--define", "x=1", "docs", "out"]));
    assert!(outside(&["sphinx-build", "-P", "docs", "out"]));
    assert!(outside(&["sphinx-build", "-b", "linkcheck", "docs", "out"]));
    assert!(outside(&["sphinx-build", "-b", "doctest", "docs", "out"]));
    // They write a Makefile into the output directory.
    assert!(outside(&["sphinx-build", "-b", "latex", "docs", "."]));
    assert!(outside(&["sphinx-build", "-b", "texinfo", "docs", "."]));
    assert!(outside(&["sphinx-build", "--frobnicate", "docs", "out"]));
}

#[test]
fn mkdocs_build_is_defined_by_its_config_and_empties_a_named_site_dir() {
    let c = call(&["mkdocs", "build", "--strict"]);
    assert_eq!(c.family, Family::Mkdocs);
    assert!(c.defined_by.is_empty());
    assert!(deletes(&c).is_empty() && writes(&c).is_empty());
    let c = call(&["mkdocs", "build", "-f", "docs/mkdocs.yml", "-q"]);
    assert_eq!(c.defined_by, vec!["docs/mkdocs.yml"]);
    // `-d DIR` is emptied first, unless `--dirty` (the last of the pair wins).
    let c = call(&["mkdocs", "build", "-d", "/home/u"]);
    assert_eq!(deletes(&c), vec!["/home/u"]);
    assert_eq!(writes(&c), vec!["/home/u"]);
    let c = call(&["mkdocs", "build", "--dirty", "-d", "public"]);
    assert!(deletes(&c).is_empty());
    let c = call(&["mkdocs", "build", "--dirty", "--clean", "-d", "public"]);
    assert_eq!(deletes(&c), vec!["public"]);
}

#[test]
fn mkdocs_other_subcommands_and_stdin_config_are_not_this_grammar() {
    let (v, d) = argv(&["mkdocs", "serve"]);
    assert!(tool(&v, &d).is_none());
    let (v, d) = argv(&["mkdocs", "gh-deploy"]);
    assert!(tool(&v, &d).is_none());
    assert!(outside(&["mkdocs", "build", "-f", "-"]));
    assert!(outside(&["mkdocs", "build", "--config", "x.yml"]));
    assert!(outside(&["mkdocs", "build", "extra"]));
}

/// The Go analysers load the project's packages (Go's definition files) and print what
/// they find; govulncheck reads the Go vulnerability database. Profiles are writes,
/// another database or mode is outside the grammar.
#[test]
fn go_analysers() {
    for a in [
        &["staticcheck", "./..."][..],
        &[
            "staticcheck",
            "-checks",
            "all,-ST1000",
            "-f",
            "json",
            "./...",
        ],
        &["staticcheck", "-tests=false", "./pkg/..."],
        &["govulncheck", "./..."],
        &["govulncheck", "-json", "-test", "./..."],
        &["govulncheck", "-scan", "module"],
    ] {
        let c = call(a);
        assert_eq!(c.family, Family::Go, "{a:?}");
        assert!(writes(&c).is_empty(), "{a:?}");
        assert!(
            !c.effects
                .iter()
                .any(|e| matches!(e, Effect::Unknown { .. })),
            "{a:?}: {:?}",
            c.effects
        );
    }
    assert!(call(&["govulncheck", "./..."])
        .effects
        .iter()
        .any(|e| matches!(e, Effect::Remote { target: Some(t), .. } if t == "vuln.go.dev")));
    assert_eq!(
        writes(&call(&[
            "staticcheck",
            "-debug.cpuprofile",
            "/tmp/p",
            "./..."
        ])),
        ["/tmp/p"]
    );
    assert_eq!(call(&["staticcheck", "/tmp/x/..."]).dirs, ["/tmp/x"]);
    assert_eq!(call(&["govulncheck", "-C", "sub", "./..."]).dirs, ["sub"]);
    assert!(outside(&[
        "govulncheck",
        "-db",
        "https://evil.example",
        "./..."
    ]));
    assert!(outside(&["govulncheck", "-mode", "binary", "./app"]));
    assert!(outside(&["staticcheck", "-frobnicate", "./..."]));
    // Reached from the runners' dispatch by name.
    let (v, d) = argv(&["staticcheck", "./..."]);
    assert!(matches!(super::super::runners::runner(&v, &d), Some(Ok(_))));
    let (v, d) = argv(&["govulncheck", "./..."]);
    assert!(matches!(super::super::runners::runner(&v, &d), Some(Ok(_))));
}
