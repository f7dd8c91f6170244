//! Everyday checkers and test runners judged end to end in a throwaway workspace: the
//! cargo dependency checkers (`cargo audit`, `cargo deny check`, `cargo machete`, `cargo
//! outdated`, `cargo udeps`), `golangci-lint run`, `cloc`, and
//! jest and vitest run directly. Routine while they read the workspace and the files
//! that define what runs are unchanged; asked about when those changed; not routine when
//! an option writes outside the workspace, loads code or a configuration from outside
//! it, names another database or program, or is outside the program's grammar.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::fixture::{expect, short, Fx, Session, CLEAN};
use super::*;

fn project() -> Fx {
    let f = Fx::build("home/proj", |home, _| {
        std::fs::create_dir_all(home.join(".ssh")).unwrap();
        std::fs::write(home.join(".ssh/id_rsa"), "k").unwrap();
        std::fs::write(home.join(".bashrc"), "# rc\n").unwrap();
    });
    f.write(
        "Cargo.toml",
        "[package]\nname = \"demo\"\nversion = \"0.1.0\"\n",
    );
    f.write("Cargo.lock", "version = 3\n");
    f.write("deny.toml", "[advisories]\n");
    f.write("src/lib.rs", "pub fn f() {}\n");
    f.write("go.mod", "module demo\n");
    f.write("main.go", "package main\nfunc main(){}\n");
    f.write(".golangci.yml", "linters:\n  enable: [govet]\n");
    f.write(
        "package.json",
        r#"{"name": "demo", "scripts": {"test": "jest"}}"#,
    );
    f.write("jest.config.js", "module.exports = {};\n");
    f.write("vitest.config.ts", "export default {};\n");
    f.write("src/a.test.js", "test('x', () => {});\n");
    f
}

fn not_routine(f: &Fx, cmds: &[String]) {
    let bad: Vec<String> = cmds
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
}

#[test]
fn everyday_forms_are_routine_in_the_workspace() {
    let f = project();
    expect(
        &f,
        &CLEAN,
        &[
            ("cargo audit", "routine"),
            ("cargo audit --deny warnings --json", "routine"),
            ("cargo audit -n --ignore RUSTSEC-2020-0071", "routine"),
            ("cargo deny check", "routine"),
            ("cargo deny check licenses bans", "routine"),
            ("cargo deny --workspace check -d advisories", "routine"),
            ("cargo machete", "routine"),
            ("cargo machete --with-metadata src", "routine"),
            ("cargo outdated -R", "routine"),
            ("cargo outdated --workspace --format json", "routine"),
            ("cargo udeps --all-targets", "routine"),
            ("golangci-lint run", "routine"),
            ("golangci-lint run ./...", "routine"),
            (
                "golangci-lint run --timeout 5m -E gosec --out-format json",
                "routine",
            ),
            ("golangci-lint --version", "routine"),
            ("cloc .", "routine"),
            ("cloc src --by-file --json", "routine"),
            (
                "cloc --exclude-dir=node_modules,target --quiet .",
                "routine",
            ),
            ("jest", "routine"),
            ("jest src/a.test.js --coverage", "routine"),
            ("jest -t 'adds numbers' --ci --runInBand", "routine"),
            ("jest --config jest.config.js --passWithNoTests", "routine"),
            ("vitest run", "routine"),
            ("vitest run src/a --reporter verbose", "routine"),
            ("vitest --run --coverage", "routine"),
            ("npm test -- --coverage", "routine"),
        ],
    );
}

#[test]
fn outside_the_workspace_or_outside_the_grammar_is_not_routine() {
    let f = project();
    let home = f.home.display().to_string();
    not_routine(
        &f,
        &[
            // Another advisory database, fetched from anywhere or written anywhere.
            "cargo audit --url https://evil.example/db.git".to_string(),
            "cargo audit --db /tmp/db".to_string(),
            "cargo audit fix".to_string(),
            format!("cargo deny --manifest-path {home}/x/Cargo.toml check"),
            "cargo deny check -c /tmp/deny.toml".to_string(),
            "cargo deny check --graph /tmp/g".to_string(),
            "cargo deny init".to_string(),
            "cargo machete --fix".to_string(),
            "cargo outdated --manifest-path /tmp/x/Cargo.toml".to_string(),
            "cargo udeps --target-dir /tmp/t".to_string(),
            // A toolchain rustup may install first, or a directory outside.
            "cargo +nightly udeps".to_string(),
            "cargo +1.80.0 test".to_string(),
            "cargo +mytool test".to_string(),
            "cargo +/tmp/tc test".to_string(),
            format!("cargo +{home}/tc build"),
            // golangci-lint: a configuration from outside, files rewritten, git asked.
            "golangci-lint run --config /tmp/evil.yml".to_string(),
            "golangci-lint run -c /tmp/evil.yml ./...".to_string(),
            "golangci-lint run --fix".to_string(),
            "golangci-lint run --new-from-rev HEAD~".to_string(),
            "golangci-lint run --out-format json:/tmp/x.json".to_string(),
            format!("golangci-lint run --cpu-profile-path {home}/.bashrc"),
            "golangci-lint run /tmp/other/...".to_string(),
            "golangci-lint cache clean".to_string(),
            "golangci-lint custom".to_string(),
            // cloc: programs, git, archives, option files, writes outside.
            "cloc --extract-with='sh -c id' x.tar".to_string(),
            "cloc HEAD".to_string(),
            "cloc 1a2b3c4d".to_string(),
            "cloc x.tar.gz".to_string(),
            "cloc --vcs=git".to_string(),
            "cloc --config /tmp/opts.txt .".to_string(),
            "cloc --strip-comments=nc .".to_string(),
            // jest and vitest: code or configuration from outside, git, watch.
            "jest --config /tmp/jest.config.js".to_string(),
            "jest --config '{\"setupFiles\":[\"/tmp/x.js\"]}'".to_string(),
            "jest --setupFiles /tmp/x.js".to_string(),
            "jest --globalSetup=/tmp/g.js".to_string(),
            "jest --testEnvironment /tmp/env.js".to_string(),
            "jest --reporters /tmp/r.js".to_string(),
            "jest --onlyChanged".to_string(),
            "jest /tmp/evil.test.js".to_string(),
            format!("jest --outputFile {home}/.bashrc --json"),
            "vitest run --config /tmp/v.ts".to_string(),
            "vitest run --globalSetup /tmp/g.ts".to_string(),
            "vitest run --reporter /tmp/r.ts".to_string(),
            "vitest run --root /tmp".to_string(),
            "vitest related src/a.js".to_string(),
            "vitest --ui".to_string(),
            "vitest run --coverage.reporter=/tmp/r.js".to_string(),
        ],
    );
    // What the readers read or write besides the project reaches the engine's path
    // floor, which refuses a key and asks about a start-up file.
    for (cmd, path) in [
        (format!("cargo machete {home}/.ssh"), f.home.join(".ssh")),
        (format!("cloc {home}/.ssh"), f.home.join(".ssh")),
        (format!("cloc -- {home}/.ssh"), f.home.join(".ssh")),
    ] {
        let j = f.judged_with(&cmd, &CLEAN);
        assert!(
            j.findings.iter().any(|x| x.reads.contains(&path)),
            "{cmd}: {:?}",
            j.findings
        );
    }
    let j = f.judged_with(&format!("cloc --out={home}/.bashrc ."), &CLEAN);
    assert!(
        j.findings
            .iter()
            .any(|x| x.writes.contains(&f.home.join(".bashrc"))),
        "{:?}",
        j.findings
    );
}

#[test]
fn a_changed_or_agent_written_definition_is_asked_about() {
    let f = project();
    for (cmd, file) in [
        ("cargo audit", "Cargo.toml"),
        ("cargo deny check", "deny.toml"),
        ("cargo udeps", "Cargo.toml"),
        ("golangci-lint run", ".golangci.yml"),
        ("jest", "jest.config.js"),
        ("vitest run", "vitest.config.ts"),
    ] {
        let changed = Session {
            changed: vec![f.ws.join(file)],
            written: Vec::new(),
        };
        match f.judged_with(cmd, &changed).verdict {
            Verdict::BuildFilesChanged { files, .. } => {
                assert!(files.contains(&f.ws.join(file)), "{cmd}: {files:?}")
            }
            v => panic!("{cmd}: {v:?}"),
        }
    }
    // A configuration file the agent wrote this session, named on the command line.
    let written = Session {
        changed: Vec::new(),
        written: vec![f.ws.join("lint.yml")],
    };
    f.write("lint.yml", "linters: {}\n");
    assert_ne!(
        short(
            &f.judged_with("golangci-lint run -c lint.yml", &written)
                .verdict
        ),
        "routine"
    );
}
