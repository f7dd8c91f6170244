//! Table tests of the file mutators' grammars (`programs::files`, `dd` in `own`): argv in,
//! effects (or a grammar error) out, with abbreviations, bundles, `--opt=value`, `--` and
//! words computed at run time.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::grammar::GrammarError;
use super::programs::{self, files};
use super::{Effect, Reach, WriteHow};

fn argv(words: &[&str]) -> (Vec<String>, Vec<bool>) {
    let v: Vec<String> = words.iter().map(|w| w.to_string()).collect();
    let d = v.iter().map(|w| w.contains(['$', '*', '?', '['])).collect();
    (v, d)
}

fn fx(words: &[&str]) -> Result<Vec<Effect>, GrammarError> {
    let (v, d) = argv(words);
    let p = programs::lookup(words[0]).expect("a known program");
    programs::effects(p, &v, &d)
}

fn w(p: &str, how: WriteHow) -> Effect {
    Effect::write(p, how)
}

fn r(p: &str) -> Effect {
    Effect::read(p)
}

fn tree(p: &str) -> Effect {
    Effect::Read {
        path: p.into(),
        reach: Reach::Tree,
    }
}

fn del(p: &str, recursive: bool) -> Effect {
    Effect::Delete {
        path: p.into(),
        recursive,
    }
}

fn unknown(words: &[&str]) -> bool {
    fx(words).is_err() || fx(words).unwrap().iter().any(Effect::is_unknown)
}

#[test]
fn mkdir_touch_chmod_name_what_they_change() {
    use WriteHow::*;
    assert_eq!(fx(&["mkdir", "-p", "src/x"]), Ok(vec![w("src/x", Mkdir)]));
    assert_eq!(
        fx(&["mkdir", "--par", "-m", "700", "a", "b"]),
        Ok(vec![w("a", Mkdir), w("b", Mkdir)])
    );
    assert_eq!(fx(&["mkdir", "--mode=755", "a"]), Ok(vec![w("a", Mkdir)]));
    assert_eq!(fx(&["touch", "src/a.rs"]), Ok(vec![w("src/a.rs", Touch)]));
    assert_eq!(
        fx(&["touch", "-c", "-r", "ref", "a"]),
        Ok(vec![r("ref"), w("a", Metadata)])
    );
    assert_eq!(
        fx(&["chmod", "+x", "scripts/run.sh"]),
        Ok(vec![w("scripts/run.sh", Metadata)])
    );
    assert_eq!(
        fx(&["chmod", "-R", "u+rw", "a", "b"]),
        Ok(vec![w("a", Metadata), w("b", Metadata)])
    );
    assert_eq!(
        fx(&["chmod", "--reference=ref", "a"]),
        Ok(vec![r("ref"), w("a", Metadata)])
    );
    assert_eq!(
        fx(&["chown", "-hR", "me:me", "a"]),
        Ok(vec![w("a", Metadata)])
    );
    assert_eq!(fx(&["chgrp", "staff", "a"]), Ok(vec![w("a", Metadata)]));
    // chgrp has no --from; mkdir no -x.
    assert!(fx(&["chgrp", "--from=a", "b", "c"]).is_err());
    assert!(fx(&["mkdir", "-x", "a"]).is_err());
    // A target computed at run time, or a pattern bash matches only when it runs, is not
    // a place the floor can judge.
    assert!(unknown(&["mkdir", "$D"]));
    assert!(unknown(&["chmod", "+x", "scripts/*.sh"]));
}

#[test]
fn a_link_target_climbing_out_of_a_name_is_not_followed() {
    // `A/..` is where A's own link leads, not the text's directory.
    for target in ["A/..", "A/../../etc", "./x/../y"] {
        assert!(
            fx(&["ln", "-s", target, "B"])
                .unwrap()
                .iter()
                .any(Effect::is_unknown),
            "{target}"
        );
    }
    // Climbing from the link's own directory, or no climbing: followed as text.
    for target in ["../lib/x", "../../shared", "lib/x", "/usr/share/doc"] {
        assert!(
            !fx(&["ln", "-s", target, "B"])
                .unwrap()
                .iter()
                .any(Effect::is_unknown),
            "{target}"
        );
    }
}

#[test]
fn cp_mv_ln_install_land_where_their_operands_say() {
    use WriteHow::*;
    // One source and a destination that may be a directory: the path given (the command
    // floor looks at the file system).
    assert_eq!(fx(&["cp", "a", "b"]), Ok(vec![r("a"), w("b", Replace)]));
    // Several sources, a trailing slash or -t: a directory.
    assert_eq!(
        fx(&["cp", "a", "b", "d"]),
        Ok(vec![r("a"), w("d/a", Replace), r("b"), w("d/b", Replace)])
    );
    assert_eq!(
        fx(&["cp", "x/a.sh", "bin/"]),
        Ok(vec![r("x/a.sh"), w("bin/a.sh", Replace)])
    );
    assert_eq!(
        fx(&["cp", "-t", "d", "a"]),
        Ok(vec![r("a"), w("d/a", Replace)])
    );
    assert_eq!(
        fx(&["cp", "--target-dir=d", "a"]),
        Ok(vec![r("a"), w("d/a", Replace)])
    );
    assert_eq!(
        fx(&["cp", "-T", "a", "b"]),
        Ok(vec![r("a"), w("b", Replace)])
    );
    assert!(fx(&["cp", "-T", "a", "b", "c"])
        .unwrap()
        .iter()
        .any(Effect::is_unknown));
    // --parents keeps the whole source path under the directory.
    assert_eq!(
        fx(&["cp", "--parents", "src/a", "d"]),
        Ok(vec![r("src/a"), w("d/src/a", Replace)])
    );
    // Recursive copies read trees; -L follows every link met in them.
    // … and put what a directory holds below where it lands: onto `b`, or into it when it
    // is a directory already (the command floor lists the tree).
    let put = |from: &str, into: &str| Effect::Unpack {
        archive: from.into(),
        into: into.into(),
        format: crate::analysis::effects::Packed::Tree,
        strip: Some(0),
        flat: false,
        reverse: false,
    };
    assert_eq!(
        fx(&["cp", "-r", "a", "b"]),
        Ok(vec![
            tree("a"),
            w("b", Replace),
            put("a", "b"),
            put("a", "b/a")
        ])
    );
    assert_eq!(
        fx(&["cp", "-a", "/tmp/s/.", "d/"]),
        Ok(vec![
            tree("/tmp/s/."),
            w("d/.", Replace),
            put("/tmp/s/.", "d/.")
        ])
    );
    assert_eq!(
        fx(&["cp", "-rL", "a", "b"]),
        Ok(vec![
            Effect::Read {
                path: "a".into(),
                reach: Reach::TreeFollow
            },
            w("b", Replace),
            put("a", "b"),
            put("a", "b/a")
        ])
    );
    assert_eq!(
        fx(&["cp", "-a", "--", "-a", "b"]),
        Ok(vec![
            tree("-a"),
            w("b", Replace),
            put("-a", "b"),
            put("-a", "b/-a")
        ])
    );
    // Symbolic and hard links made by cp.
    assert_eq!(fx(&["cp", "-s", "a", "b"]), Ok(vec![r("a"), w("b", Link)]));
    assert_eq!(fx(&["cp", "-l", "a", "b"]), Ok(vec![r("a"), w("b", Link)]));
    // mv moves its sources away.
    assert_eq!(
        fx(&["mv", "a", "b"]),
        Ok(vec![
            w("a", MoveAway),
            w("b", MoveInto),
            put("a", "b"),
            put("a", "b/a")
        ])
    );
    assert_eq!(
        fx(&["mv", "-f", "a", "b", "d/"]),
        Ok(vec![
            w("a", MoveAway),
            w("d/a", MoveInto),
            put("a", "d/a"),
            w("b", MoveAway),
            w("d/b", MoveInto),
            put("b", "d/b")
        ])
    );
    // A pattern's matches decide where they land: not known before the command runs.
    assert!(unknown(&["mv", "stage/*", "."]));
    assert!(unknown(&["cp", "stage/*", "."]));
    // ln: a relative symlink target is read from the link's directory.
    assert_eq!(
        fx(&["ln", "-s", "../x", "sub/link"]),
        Ok(vec![r("sub/../x"), w("sub/link", Link), r("sub/link/../x")])
    );
    assert_eq!(
        fx(&["ln", "-s", "/home/u/.ssh", "keys"]),
        Ok(vec![r("/home/u/.ssh"), w("keys", Link)])
    );
    // `ln -s T L` where L may be a directory: T is read from inside it too.
    assert_eq!(
        fx(&["ln", "-s", "t", "d"]),
        Ok(vec![r("./t"), w("d", Link), r("d/t")])
    );
    // With -r the target is relative to the working directory; hard links likewise.
    assert_eq!(
        fx(&["ln", "-sr", "a", "sub/l"]),
        Ok(vec![r("a"), w("sub/l", Link)])
    );
    assert_eq!(fx(&["ln", "a", "b"]), Ok(vec![r("a"), w("b", Link)]));
    // `ln TARGET` links into the working directory.
    assert_eq!(
        fx(&["ln", "-s", "/x/y"]),
        Ok(vec![r("/x/y"), w("./y", Link)])
    );
    // install copies, -d makes directories, -s runs strip, --strip-program a program.
    assert_eq!(
        fx(&["install", "-m", "755", "a", "bin/a"]),
        Ok(vec![r("a"), w("bin/a", Replace)])
    );
    assert_eq!(
        fx(&["install", "-d", "a", "b"]),
        Ok(vec![w("a", Mkdir), w("b", Mkdir)])
    );
    assert!(matches!(
        fx(&["install", "-s", "a", "b"]).unwrap().first(),
        Some(Effect::Run { .. })
    ));
    assert!(fx(&["install", "--strip-prog=sh", "a", "b"])
        .unwrap()
        .iter()
        .any(|e| matches!(e, Effect::Run { .. })));
    // Abbreviations resolve against the grammar; an ambiguous one is an error.
    assert_eq!(
        fx(&["cp", "--recur", "a", "b"]),
        Ok(vec![
            tree("a"),
            w("b", Replace),
            put("a", "b"),
            put("a", "b/a")
        ])
    );
    assert!(fx(&["cp", "--re", "a", "b"]).is_err());
    assert!(fx(&["cp", "--sparse=sometimes", "a", "b"]).is_err());
}

#[test]
fn transfer_reads_the_same_words_as_the_effects() {
    let (v, d) = argv(&["cp", "-r", "-t", "dst", "a", "b"]);
    let t = files::transfer(&v, &d).unwrap().unwrap();
    assert_eq!(
        t.sources.iter().map(|w| w.text).collect::<Vec<_>>(),
        ["a", "b"]
    );
    assert_eq!(t.dest.map(|(_, d)| d), Some(files::Dest::Into("dst")));
    assert!(t.recursive && !t.follow);
    let (v, d) = argv(&["cat", "a"]);
    assert!(files::transfer(&v, &d).is_none());
}

#[test]
fn deletes_name_their_targets_and_reach() {
    assert_eq!(fx(&["rm", "a"]), Ok(vec![del("a", false)]));
    assert_eq!(fx(&["rm", "-rf", "build"]), Ok(vec![del("build", true)]));
    assert_eq!(
        fx(&["rm", "--recursive", "--force", "b"]),
        Ok(vec![del("b", true)])
    );
    assert_eq!(fx(&["rm", "-d", "--", "-x"]), Ok(vec![del("-x", false)]));
    assert_eq!(
        fx(&["rm", "--interactive=never", "a"]),
        Ok(vec![del("a", false)])
    );
    assert!(fx(&["rm", "--interactive=maybe", "a"]).is_err());
    assert_eq!(fx(&["rmdir", "-p", "a/b"]), Ok(vec![del("a/b", false)]));
    assert_eq!(fx(&["unlink", "a"]), Ok(vec![del("a", false)]));
    assert!(fx(&["unlink", "a", "b"]).is_err());
    // Its content destroyed first, then the name removed.
    assert_eq!(
        fx(&["shred", "-u", "-n", "3", "k"]),
        Ok(vec![Effect::write("k", WriteHow::Destroy), del("k", false)])
    );
    assert!(unknown(&["shred", "-"]));
    assert!(unknown(&["rm", "-rf", "$X"]));
    // A glob stays a word: the destructive tier judges what it can match.
    assert_eq!(fx(&["rm", "*.o"]), Ok(vec![del("*.o", false)]));
    let (v, d) = argv(&["rm", "-r", "a", "b/$X"]);
    let (dels, forced) = files::deletions(&v, &d).unwrap().unwrap();
    assert!(forced);
    assert_eq!(
        dels.iter()
            .map(|d| (d.word, d.dynamic, d.recursive))
            .collect::<Vec<_>>(),
        [("a", false, true), ("b/$X", true, true)]
    );
}

#[test]
fn tee_truncate_split_csplit_mktemp_dd_write_what_they_name() {
    use WriteHow::*;
    assert_eq!(fx(&["tee", "out"]), Ok(vec![w("out", Replace)]));
    assert_eq!(
        fx(&["tee", "-a", "log", "log2"]),
        Ok(vec![w("log", Append), w("log2", Append)])
    );
    assert_eq!(fx(&["tee", "--app", "log"]), Ok(vec![w("log", Append)]));
    assert_eq!(fx(&["truncate", "-s", "0", "f"]), Ok(vec![w("f", Edit)]));
    assert!(unknown(&["truncate", "f"]));
    assert_eq!(
        fx(&["split", "-l", "10", "big.txt"]),
        Ok(vec![r("big.txt"), w("xaa", Replace)])
    );
    assert_eq!(
        fx(&[
            "split",
            "-d",
            "-a",
            "3",
            "--additional-suffix=.sh",
            "big",
            "part/p"
        ]),
        Ok(vec![r("big"), w("part/p000.sh", Replace)])
    );
    assert!(fx(&["split", "--filter=sh", "big"])
        .unwrap()
        .iter()
        .any(|e| matches!(e, Effect::Run { .. })));
    assert_eq!(
        fx(&["csplit", "-f", "part", "-b", "%02d.sh", "f", "/x/"]),
        Ok(vec![r("f"), w("part00.sh", Replace)])
    );
    assert_eq!(
        fx(&["mktemp", "build/tmp.XXXX"]),
        Ok(vec![w("build/tmp.XXXX", Replace)])
    );
    assert_eq!(
        fx(&["mktemp", "-d", "-p", "out", "t.XXX"]),
        Ok(vec![w("out/t.XXX", Mkdir)])
    );
    // Under $TMPDIR as this process has it (the shell inherits it), else /tmp; `-t`
    // prefers $TMPDIR to `-p DIR`, `-p DIR` wins over it otherwise.
    let tmp = std::env::var("TMPDIR")
        .ok()
        .filter(|t| !t.is_empty())
        .unwrap_or_else(|| "/tmp".into());
    let tmp = tmp.trim_end_matches('/');
    assert_eq!(
        fx(&["mktemp"]),
        Ok(vec![w(&format!("{tmp}/tmp.XXXXXXXXXX"), Replace)])
    );
    assert_eq!(
        fx(&["mktemp", "-d"]),
        Ok(vec![w(&format!("{tmp}/tmp.XXXXXXXXXX"), Mkdir)])
    );
    assert_eq!(
        fx(&["mktemp", "-t", "x.XXX"]),
        Ok(vec![w(&format!("{tmp}/x.XXX"), Replace)])
    );
    assert_eq!(
        fx(&["mktemp", "--tmpdir", "x.XXX"]),
        Ok(vec![w(&format!("{tmp}/x.XXX"), Replace)])
    );
    assert_eq!(
        fx(&["mktemp", "--tmpdir=out", "x.XXX"]),
        Ok(vec![w("out/x.XXX", Replace)])
    );
    assert!(unknown(&["mktemp", "-p", "$D", "x.XXX"]));
    assert_eq!(fx(&["mktemp", "-u"]), Ok(vec![]));
    // dd reads if= and writes of= (in place with conv=notrunc); other words are errors.
    assert_eq!(
        fx(&["dd", "if=a", "of=b", "bs=1M", "status=progress"]),
        Ok(vec![r("a"), w("b", Replace)])
    );
    assert_eq!(
        fx(&["dd", "if=a", "of=b", "conv=notrunc,sync"]),
        Ok(vec![r("a"), w("b", Edit)])
    );
    assert!(fx(&["dd", "if=a", "bogus=1"]).is_err());
    assert!(fx(&["dd", "a"]).is_err());
    assert!(unknown(&["dd", "of=$OUT"]));
}
