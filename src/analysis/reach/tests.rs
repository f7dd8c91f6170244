//! Pathname expansion against bash itself, in a planted directory; links and hard links.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::glob::{expand, Glob};
use std::path::Path;

fn plant(root: &Path) {
    for f in [
        "a.txt", "b.txt", "ab.txt", ".hidden", "dir/x.rs", "dir/.y", "dir2/z", "[x]", "-rf", "A.md",
    ] {
        let p = root.join(f);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(&p, "x").unwrap();
    }
    std::os::unix::fs::symlink(root.join("dir"), root.join("ldir")).unwrap();
    std::os::unix::fs::symlink("/nonexistent", root.join("dangling")).unwrap();
}

fn bash(root: &Path, word: &str) -> Option<Vec<String>> {
    let out = std::process::Command::new("bash")
        .arg("--norc")
        .arg("-c")
        .arg(format!("printf '%s\\0' {word}"))
        .current_dir(root)
        .env("LC_ALL", "C")
        .output()
        .ok()?;
    let text = String::from_utf8(out.stdout).ok()?;
    Some(text.split_terminator('\0').map(str::to_string).collect())
}

#[test]
fn patterns_expand_as_bash_expands_them() {
    let t = tempfile::tempdir().unwrap();
    let root = t.path().canonicalize().unwrap();
    plant(&root);
    for pattern in [
        "*",
        "*.txt",
        "?.txt",
        "[ab].txt",
        "[!a].txt",
        "[^a]*",
        "*/x.rs",
        "*/*",
        "d*/",
        "**",
        "[[:upper:]]*",
        "[[:alpha:]].txt",
        "nomatch*",
        "*.nomatch",
        "a*b*",
        "*x*",
        "l*/*",
        "dang*",
        "d?r/.*y",
        "*/.y",
        "[a-b]*",
        "[]x]*",
        "\\[x\\]",
        "[[]x]",
        "ab?txt",
        "*.",
        "-*",
    ] {
        let Some(theirs) = bash(&root, pattern) else {
            return;
        };
        let ours = match expand(pattern, &root) {
            Glob::Matches(m) => m,
            Glob::NoMatch(lit) => vec![lit],
            Glob::Unknown => panic!("{pattern}: unknown"),
        };
        assert_eq!(ours, theirs, "{pattern}");
    }
    // Absolute patterns.
    let abs = format!("{}/*.txt", root.display());
    assert_eq!(
        expand(&abs, Path::new("/")),
        Glob::Matches(bash(&root, &abs).unwrap())
    );
    // A leading dot must be written; older bash also gives `.` and `..`, kept here.
    match expand(".h*", &root) {
        Glob::Matches(m) => assert_eq!(m, [".hidden"]),
        other => panic!("{other:?}"),
    }
    match expand(".*", &root) {
        Glob::Matches(m) => assert_eq!(m, [".", "..", ".hidden"]),
        other => panic!("{other:?}"),
    }
    // Quoted pattern characters are literal.
    assert_eq!(expand("\\*.txt", &root), Glob::NoMatch("*.txt".into()));
}

#[test]
fn large_directories_are_not_known() {
    let t = tempfile::tempdir().unwrap();
    for i in 0..(super::glob::MAX_MATCHES + 1) {
        std::fs::write(t.path().join(format!("f{i}")), "").unwrap();
    }
    assert_eq!(expand("f*", t.path()), Glob::Unknown);
}
