//! gofmt, sphinx-build and `mkdocs build` judged end to end in a throwaway workspace:
//! routine while they read and write the workspace and the files that define what runs
//! (`conf.py`, `mkdocs.yml`) are unchanged; asked about when those changed or the agent
//! wrote them; not routine when an option writes or empties a place outside the
//! workspace, or is outside the program's grammar.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::fixture::{expect, short, Fx, Session, CLEAN};
use super::*;

fn project() -> Fx {
    let f = Fx::build("home/proj", |home, _| {
        std::fs::create_dir_all(home.join(".ssh")).unwrap();
        std::fs::write(home.join(".ssh/id_rsa"), "k").unwrap();
    });
    f.write("go.mod", "module demo\n");
    f.write("main.go", "package main\nfunc main(){}\n");
    f.write("internal/x.go", "package internal\n");
    f.write("docs/conf.py", "project = 'demo'\n");
    f.write("docs/index.rst", "Demo\n====\n");
    f.write("mkdocs.yml", "site_name: demo\n");
    f
}

#[test]
fn everyday_forms_are_routine_in_the_workspace() {
    let f = project();
    expect(
        &f,
        &CLEAN,
        &[
            ("gofmt -l .", "routine"),
            ("gofmt -d -s internal main.go", "routine"),
            ("gofmt -w -s .", "routine"),
            ("test -z \"$(gofmt -l .)\"", "routine"),
            ("sphinx-build -b html docs docs/_build/html", "routine"),
            (
                "sphinx-build -M html docs docs/_build -W --keep-going",
                "routine",
            ),
            ("sphinx-build -W -n -j auto docs _build", "routine"),
            ("mkdocs build --strict", "routine"),
            ("mkdocs build -f mkdocs.yml -q", "routine"),
        ],
    );
}

#[test]
fn outside_the_workspace_or_outside_the_grammar_is_not_routine() {
    let f = project();
    let home = f.home.display().to_string();
    let not_routine = [
        format!("gofmt -w {home}/.bashrc"),
        format!("gofmt -cpuprofile {home}/.profile -l ."),
        "gofmt -x .".to_string(),
        format!("sphinx-build docs {home}/site"),
        format!("sphinx-build -w {home}/.profile docs _build"),
        format!("sphinx-build -d {home}/.cache/x docs _build"),
        "sphinx-build -D extensions=evil docs _build".to_string(),
        "sphinx-build -b linkcheck docs _build".to_string(),
        "sphinx-build -M clean docs _build".to_string(),
        "sphinx-build -M latexpdf docs _build".to_string(),
        // `-d DIR` is emptied before the build.
        "mkdocs build -d site".to_string(),
        format!("mkdocs build --dirty -d {home}/www"),
        "mkdocs build -f -".to_string(),
    ];
    let bad: Vec<String> = not_routine
        .iter()
        .filter_map(|cmd| {
            let got = short(&f.judged_with(cmd, &CLEAN).verdict);
            (got == "routine").then(|| cmd.clone())
        })
        .collect();
    assert!(
        bad.is_empty(),
        "routine but should not be:\n{}",
        bad.join("\n")
    );
    // A read of a credential store is the engine's path floor's to refuse (a deny); here
    // the read is named so that floor sees it.
    let j = f.judged_with(&format!("gofmt -l {home}/.ssh"), &CLEAN);
    assert!(j.findings[0].reads.contains(&f.home.join(".ssh")));
}

#[test]
fn a_changed_or_agent_written_definition_is_asked_about() {
    let f = project();
    for (cmd, file) in [
        ("sphinx-build -b html docs _build", "docs/conf.py"),
        ("sphinx-build -M html docs _build", "docs/conf.py"),
        ("mkdocs build", "mkdocs.yml"),
    ] {
        let changed = Session {
            changed: vec![f.ws.join(file)],
            written: Vec::new(),
        };
        let written = Session {
            changed: Vec::new(),
            written: vec![f.ws.join(file)],
        };
        for b in [&changed, &written] {
            match f.judged_with(cmd, b).verdict {
                Verdict::BuildFilesChanged { files, .. } => {
                    assert!(files.contains(&f.ws.join(file)), "{cmd}: {files:?}")
                }
                v => panic!("{cmd}: {v:?}"),
            }
        }
    }
    // Written earlier in the same command.
    expect(
        &f,
        &CLEAN,
        &[
            (
                "echo 'import os' >> docs/conf.py && sphinx-build docs _build",
                "build-changed",
            ),
            (
                "echo 'hooks: [x.py]' >> mkdocs.yml && mkdocs build",
                "build-changed",
            ),
        ],
    );
}
