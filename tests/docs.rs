//! The README is a guide and the reference lives in docs/: the quickstart and the two
//! commands are there and marked, every link lands, every subcommand and cause is
//! documented, and every section the long README had is still findable.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use clap::CommandFactory;
use std::path::Path;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn read(rel: &str) -> String {
    std::fs::read_to_string(Path::new(ROOT).join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

fn docs() -> Vec<(String, String)> {
    let mut out = vec![("README.md".to_string(), read("README.md"))];
    for e in std::fs::read_dir(Path::new(ROOT).join("docs")).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "md") {
            let rel = format!("docs/{}", p.file_name().unwrap().to_str().unwrap());
            out.push((rel.clone(), read(&rel)));
        }
    }
    out
}

/// GitHub's heading anchor: lower case, spaces to `-`, other punctuation dropped.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

#[test]
fn the_readme_is_a_guide_with_a_quickstart_and_the_two_commands() {
    let r = read("README.md");
    let quick = r.find("## Quickstart").expect("a quickstart section");
    let two = r
        .find("## The two commands")
        .expect("the two commands, marked");
    for step in [
        "scripts/install.sh",
        "cargo install --path .",
        "cargo install --git",
        "gatehook install",
        "gatehook doctor",
    ] {
        assert!(
            r[quick..two].contains(step),
            "the quickstart names `{step}`"
        );
    }
    assert!(r.contains("## Something I need was blocked: what now"));
    for place in [
        "## Other agents",
        "## Auto mode and the reviewer",
        "## Day to day",
    ] {
        assert!(r.contains(place), "{place}");
    }
    // The demo and the first command never write the person's real audit log.
    let demo = &r[r.find("## Try it").expect("a demo")..];
    let demo = &demo[..demo[3..].find("\n## ").unwrap()];
    assert!(
        demo.contains("export GATEHOOK_HOME=\"$(mktemp -d)\""),
        "{demo}"
    );
    assert!(r.contains(
        "cargo build --release && sed \"s|@PWD@|$PWD|g\" fixtures/read-in-workspace.json | GATEHOOK_HOME=\"$(mktemp -d)\" target/release/gatehook hook"
    ));
    assert!(r.contains("```sh\nscripts/test.sh\n```"));
    assert!(r.lines().count() < 250, "the README stays a guide");
}

#[test]
fn every_link_lands() {
    let all = docs();
    for (file, text) in &all {
        let dir = Path::new(file).parent().unwrap();
        let mut rest = text.as_str();
        while let Some(i) = rest.find("](") {
            rest = &rest[i + 2..];
            let end = rest.find(')').unwrap();
            let link = &rest[..end];
            if link.starts_with("http") || link.contains(' ') {
                continue;
            }
            let (path, anchor) = link.split_once('#').unwrap_or((link, ""));
            let target = if path.is_empty() {
                file.clone()
            } else {
                let joined = Path::new(ROOT).join(dir).join(path);
                assert!(joined.exists(), "{file}: link to missing {link}");
                joined
                    .canonicalize()
                    .unwrap()
                    .strip_prefix(Path::new(ROOT).canonicalize().unwrap())
                    .unwrap()
                    .display()
                    .to_string()
            };
            if !anchor.is_empty() {
                let t = read(&target);
                assert!(
                    t.lines()
                        .filter(|l| l.starts_with('#'))
                        .any(|l| slug(l.trim_start_matches('#')) == anchor),
                    "{file}: no heading for #{anchor} in {target}"
                );
            }
        }
    }
}

#[test]
fn every_subcommand_is_documented() {
    let text: String = docs().into_iter().map(|(_, t)| t).collect();
    for sub in gatehook::cli::Cli::command().get_subcommands() {
        let name = sub.get_name();
        if name == "help" {
            continue;
        }
        assert!(
            text.contains(&format!("gatehook {name}")),
            "gatehook {name} is not documented"
        );
        for s in sub.get_subcommands() {
            let full = format!("gatehook {name} {}", s.get_name());
            assert!(text.contains(&full), "{full} is not documented");
        }
    }
}

/// Each section of the long README it replaced is still a heading somewhere (moved, not lost).
#[test]
fn every_former_section_is_findable() {
    let text: String = docs().into_iter().map(|(_, t)| t).collect();
    for h in [
        "Register it in Claude Code",
        "Adopting gatehook in a team: four steps",
        "Shell completions and man page",
        "Other agents",
        "What each decision means",
        "Shell commands",
        "What the command floor knows: tools and services",
        "Modes",
        "Sessions: holds, pause, subagents, recently denied",
        "Configuration",
        "Files",
        "audit: tail, stats, suggest, report",
        "Fuzzing and hostile input",
        "explain",
        "Reviewer",
        "check: policy tests for CI and pre-commit",
        "Speed",
    ] {
        assert!(
            text.lines()
                .any(|l| l.starts_with('#') && l.trim_start_matches('#').trim() == h),
            "section `{h}` is gone"
        );
    }
}
