//! What the command floor reaches at decision time: patterns expanded, links and hard
//! links behind them, trees walked by recursive readers, names chosen at run time.
#![allow(clippy::unwrap_used)]

use super::fixture::{short, Fx};
use super::*;
use crate::analysis::shell::{analyze, ShellEnv};
use crate::context::floor::PathClass;
use std::path::PathBuf;

/// A home with credentials and a workspace carrying the links a cloned repository could.
fn fx() -> Fx {
    Fx::build("ws", |home, ws| {
        for d in [
            home.join(".ssh"),
            home.join(".aws"),
            ws.join("src"),
            ws.join("docs"),
        ] {
            std::fs::create_dir_all(d).unwrap();
        }
        std::fs::write(home.join(".ssh/id_rsa"), "k").unwrap();
        std::fs::write(home.join(".aws/credentials"), "k").unwrap();
        std::fs::write(home.join(".netrc"), "k").unwrap();
        std::fs::write(ws.join("src/main.rs"), "").unwrap();
        std::fs::write(ws.join("x.txt"), "").unwrap();
        std::fs::write(ws.join("list.txt"), "src/main.rs\n").unwrap();
        std::os::unix::fs::symlink(home.join(".aws/credentials"), ws.join("notes.txt")).unwrap();
        std::os::unix::fs::symlink(home.join(".ssh"), ws.join("docs/sshlink")).unwrap();
    })
}

fn judged(f: &Fx, cmd: &str) -> Judgement {
    f.judged(cmd)
}

/// Does the judgement read a path whose resolved form is a credential?
fn reads_credential(f: &Fx, cmd: &str) -> bool {
    let j = judged(f, cmd);
    j.reads.iter().any(|p| {
        let forms = paths::forms(&p.display().to_string(), &f.ws, &f.home);
        let found = forms.forms().any(|x| {
            matches!(
                floor::classify(x, Access::Read, &f.floor),
                Some(PathClass::Credential { .. })
            )
        });
        found
    })
}

#[test]
fn patterns_reach_through_links_to_credentials() {
    let f = fx();
    // `*.txt` matches `notes.txt -> ~/.aws/credentials`.
    assert!(reads_credential(&f, "cat *.txt"));
    let j = judged(&f, "cat *.txt");
    assert!(j.reads.contains(&f.ws.join("notes.txt")), "{:?}", j.reads);
    assert!(j.reads.contains(&f.ws.join("x.txt")));
    // A bracket expression spells `.ssh`.
    assert!(reads_credential(&f, "cat ~/.[s]sh/id_rsa"));
    assert!(reads_credential(&f, "cat ~/.ss?/id_*"));
    // No match: the pattern itself, a name that does not exist; routine.
    let j = judged(&f, "cat *.nomatch");
    assert_eq!(j.verdict, Verdict::Routine);
    assert_eq!(j.reads, [f.ws.join("*.nomatch")]);
    // A pattern over ordinary files stays routine.
    assert_eq!(judged(&f, "wc -l src/*.rs").verdict, Verdict::Routine);
}

#[test]
fn a_hard_link_is_found_however_many_plain_files_come_first() {
    // The credential set is built only when the walk meets a file with several names or
    // outgrows a small bound: both roads must still find the link.
    for plain in [3usize, 600] {
        let f = fx();
        let deep = f.ws.join("a/b");
        std::fs::create_dir_all(&deep).unwrap();
        for i in 0..plain {
            std::fs::write(f.ws.join("a").join(format!("f{i}.txt")), "x").unwrap();
        }
        std::fs::hard_link(f.home.join(".netrc"), deep.join("zz.bin")).unwrap();
        for cmd in ["grep -r x .", "grep -r x a"] {
            let j = judged(&f, cmd);
            assert!(
                j.reads.contains(&f.home.join(".netrc")),
                "{plain} files, {cmd}: {:?}",
                j.reads
            );
        }
        // A file with several names that is no credential adds nothing.
        std::fs::remove_file(deep.join("zz.bin")).unwrap();
        std::fs::hard_link(f.ws.join("a/f0.txt"), deep.join("copy.txt")).unwrap();
        let j = judged(&f, "grep -r x .");
        assert!(!j.reads.contains(&f.home.join(".netrc")), "{:?}", j.reads);
        assert_eq!(j.verdict, Verdict::Routine, "{plain}: {:?}", j.verdict);
    }
}

#[test]
fn hard_links_to_credentials_are_credential_reads() {
    let f = fx();
    std::fs::hard_link(f.home.join(".netrc"), f.ws.join("data.bin")).unwrap();
    for cmd in [
        "cat data.bin",
        "echo data.bin | xargs cat",
        "grep -r x .",
        "rg x",
        "cat da*.bin",
    ] {
        let j = judged(&f, cmd);
        assert!(
            j.reads.contains(&f.home.join(".netrc")),
            "{cmd}: {:?}",
            j.reads
        );
    }
    // A lister reads names, not contents: the link shows it nothing.
    for cmd in ["find . -name '*.bin'", "fd bin"] {
        let j = judged(&f, cmd);
        assert!(
            !j.reads.contains(&f.home.join(".netrc")),
            "{cmd}: {:?}",
            j.reads
        );
    }
    // Without the link nothing is added.
    std::fs::remove_file(f.ws.join("data.bin")).unwrap();
    let j = judged(&f, "grep -r x .");
    assert!(!j.reads.contains(&f.home.join(".netrc")), "{:?}", j.reads);
}

#[test]
fn readers_that_follow_links_reach_their_targets() {
    let f = fx();
    // `rg --follow`, `grep -R`, `find -L` walk into `docs/sshlink -> ~/.ssh`.
    for cmd in [
        "rg --follow -N . .",
        "rg -L x docs",
        "grep -R x .",
        "find -L . -name id_rsa",
    ] {
        let j = judged(&f, cmd);
        assert!(
            j.reads.contains(&f.home.join(".ssh")),
            "{cmd}: {:?}",
            j.reads
        );
    }
    // Without following, the link is not entered.
    for cmd in ["rg x .", "grep -r x docs", "find . -name id_rsa"] {
        let j = judged(&f, cmd);
        assert!(
            !j.reads.contains(&f.home.join(".ssh")),
            "{cmd}: {:?}",
            j.reads
        );
    }
    // Names chosen at run time under the workspace may be any link in it.
    let j = judged(&f, "git ls-files | xargs cat");
    assert!(j.reads.contains(&f.home.join(".ssh")), "{:?}", j.reads);
}

#[test]
fn a_find_that_lists_only_some_names_hands_xargs_only_links_of_those_names() {
    let f = fx();
    std::fs::hard_link(f.home.join(".netrc"), f.ws.join("data.bin")).unwrap();
    // No link or hard link is named `*.rs`: nothing outside is reached.
    for cmd in [
        "find . -name '*.rs' | xargs grep -l x",
        "find . -type f \\( -name '*.rs' -o -name '*.md' \\) | xargs grep -l x",
        "find src docs -maxdepth 3 -name '*.rs' -print 2>/dev/null | xargs cat",
    ] {
        let j = judged(&f, cmd);
        assert_eq!(j.verdict, Verdict::Routine, "{cmd}");
        assert!(!reads_credential(&f, cmd), "{cmd}: {:?}", j.reads);
    }
    // A pattern a link or hard link matches, or an expression that may list any name.
    for cmd in [
        "find . -name '*.txt' | xargs cat",
        "find . -name 'ssh*' | xargs ls",
        "find . -name '*.bin' | xargs cat",
        "find . -name '*.rs' -o -type l | xargs cat",
        "find . -type f | xargs cat",
        "find . ! -name '*.rs' | xargs cat",
        "find -L . -name '*.rs' | xargs cat",
        "find . -iname '*.TXT' | xargs cat",
        "find . -iname 'DATA*' | xargs cat",
    ] {
        assert!(reads_credential(&f, cmd), "{cmd}");
    }
    // `-iname` folds case: no link or hard link is named like `*.RS`.
    let cmd = "find . -iname '*.RS' | xargs cat";
    assert!(!reads_credential(&f, cmd), "{cmd}");
}

/// What a find expression prints, as `listed::find_listed` bounds it: names and kinds.
fn listed(line: &str) -> Option<listed::Listed> {
    let words: Vec<String> = line.split_whitespace().map(str::to_string).collect();
    listed::find_listed(&words)
}

/// Does the bound let an entry of this name and kind through?
fn lists(l: &Option<listed::Listed>, name: &str, kind: char) -> bool {
    let Some(l) = l else { return true };
    let k = match kind {
        'f' => l.kinds.files,
        'd' => l.kinds.dirs,
        'l' => l.kinds.links,
        _ => l.kinds.other,
    };
    k && l
        .names
        .as_ref()
        .is_none_or(|ps| ps.iter().any(|p| p.matches(name)))
}

#[test]
fn find_expressions_that_print_only_names_of_their_patterns() {
    let both = |line: &str, yes: &[&str], no: &[&str]| {
        let l = listed(line);
        for n in yes {
            assert!(lists(&l, n, 'f'), "{line}: {n}");
        }
        for n in no {
            assert!(!lists(&l, n, 'f'), "{line}: {n}");
        }
    };
    both(". -name *.h", &["a.h"], &["a.c"]);
    both("a b -type f -name *.h -print0", &["a.h"], &["a.c"]);
    both(
        ". ( -name *.c -o -name *.h ) -a -type f",
        &["a.c", "a.h"],
        &["a.o"],
    );
    both(". -name *.c -name *.h", &[], &["a.o"]);
    // Tests other than names and kinds may be true or false: they only narrow.
    both(
        ". -name *.rs -not -path ./target/* -size +1k",
        &["a.rs"],
        &["a.md"],
    );
    both(
        ". -name *.rs -newer stamp -mtime -3 -prune",
        &["a.rs"],
        &["a.md"],
    );
    // `-iname` folds ASCII case; a bracket expression in it is not bounded.
    both(". -iname *.RS", &["a.rs", "A.Rs"], &["a.txt"]);
    both(". -iname [ab].rs", &["c.txt"], &[]);
    // Printing: an explicit `-print` prints what reaches it.
    both(". -name *.h -print", &["a.h"], &["a.c"]);
    both(". -name *.h -print -o -name *.c", &["a.h"], &["a.c"]);
    both(
        ". ( -name *.h -o -name *.c ) -print , -false",
        &["a.c"],
        &["a.o"],
    );
    both(". -name *.h -quit", &[], &["a.h"]);
    // `-printf` of the path alone prints like `-print`.
    both(". -name *.h -printf %p\\n", &["a.h"], &["a.c"]);
    both(". -name *.h -printf %p\\0", &["a.h"], &["a.c"]);
    // Some branch prints names no pattern limits, or the grammar is left.
    for line in [
        ".",
        ". -type f",
        ". -name *.h -o -type f",
        ". -name *.h -o -print",
        ". -print -name *.h",
        ". -not -name *.h",
        ". ! -name *.h",
        ". -path */x/*",
        ". -name *.h , -print",
    ] {
        assert!(lists(&listed(line), "data.bin", 'f'), "{line}");
    }
    for line in [
        ". ( -name *.h",
        ". -name",
        ". -name *.h )",
        "-L . -name *.h",
        "-H . -name *.h",
        ". -follow -name *.h",
        ". -name *.h -exec cat {} ;",
        ". -name *.h -ls",
        ". -name *.h -delete",
        // What a link points to, names relative to the starting point or the parent
        // directory, literal text, a field width: not names in the tree.
        ". -name *.h -printf %l\\n",
        ". -name *.h -printf %f\\n",
        ". -name *.h -printf %P\\n",
        ". -name *.h -printf %h\\n",
        ". -name *.h -printf /home/u/%f\\n",
        ". -name *.h -printf %-20p\\n",
        ". -name *.h -printf %p%%\\n",
        ". -name *.h -printf %s\\n",
        ". -type q",
    ] {
        assert_eq!(listed(line), None, "{line}");
    }
}

/// `-type` and `-xtype` bound the kinds printed, checked against GNU find 4.9.0: without
/// `-L`, `-type f` prints regular files only, never a link; `-xtype f` prints links to
/// regular files too; `-type l` prints links.
#[test]
fn find_types_bound_the_kinds_printed() {
    let l = listed(". -type f -name *.txt");
    assert!(lists(&l, "a.txt", 'f'));
    assert!(!lists(&l, "notes.txt", 'l') && !lists(&l, "a.txt", 'd'));
    let l = listed(". -type f");
    assert!(lists(&l, "data.bin", 'f') && !lists(&l, "env.txt", 'l'));
    for line in [
        ". -type l",
        ". -xtype f",
        ". -type f,l",
        ". -type f -o -name *.txt",
        ". ! -type d",
        ". -type f -o -type l",
    ] {
        assert!(lists(&listed(line), "env.txt", 'l'), "{line}");
    }
    // The complement of a kind: `! -type l` prints no link.
    let l = listed(". ! -type l");
    assert!(!lists(&l, "env.txt", 'l') && lists(&l, "a", 'd') && lists(&l, "a", 'f'));
    let l = listed(". -type d");
    assert!(!lists(&l, "data.bin", 'f') && lists(&l, "src", 'd'));
    // The real find agrees: a planted tree, every listed entry is admitted.
    let t = tempfile::tempdir().unwrap();
    let root = t.path();
    std::fs::create_dir_all(root.join("d")).unwrap();
    std::fs::write(root.join("a.txt"), "").unwrap();
    std::os::unix::fs::symlink(root.join("a.txt"), root.join("l.txt")).unwrap();
    std::os::unix::fs::symlink(root.join("d"), root.join("ld.txt")).unwrap();
    for expr in [
        "-type f -name *.txt",
        "-type f",
        "-xtype f",
        "! -type l",
        "-type l -o -name *.txt",
        "( -type f -o -type d ) -print",
        "-name *.txt -type f -print -o -print0",
    ] {
        let args: Vec<&str> = expr.split_whitespace().collect();
        let Ok(out) = std::process::Command::new("find")
            .arg(".")
            .args(&args)
            .current_dir(root)
            .output()
        else {
            continue;
        };
        let l = listed(&format!(". {expr}"));
        for p in String::from_utf8_lossy(&out.stdout).split(['\n', '\0']) {
            let Some(name) = p.rsplit('/').next().filter(|n| !n.is_empty()) else {
                continue;
            };
            let m = std::fs::symlink_metadata(root.join(p)).unwrap();
            let kind = if m.file_type().is_symlink() {
                'l'
            } else if m.is_dir() {
                'd'
            } else {
                'f'
            };
            assert!(lists(&l, name, kind), "{expr}: find printed {p}");
        }
    }
}

#[test]
fn a_find_of_regular_files_hands_on_no_link() {
    let f = fx();
    std::os::unix::fs::symlink("/proc/self/environ", f.ws.join("env.txt")).unwrap();
    std::os::unix::fs::symlink(f.home.join(".aws/credentials"), f.ws.join("docs/aws.txt")).unwrap();
    // `notes.txt`, `docs/aws.txt` and `env.txt` are links: `-type f` never prints them.
    for cmd in [
        "find . -type f -name '*.txt' | xargs grep -l x",
        "cat $(find . -type f -name '*.txt')",
        "wc -l $(find . -type f -name '*.txt' | sort)",
        "find . -type f -name '*.txt' -print0 | xargs -0 cat",
        "find docs -type f | xargs cat",
    ] {
        let j = judged(&f, cmd);
        assert_eq!(j.verdict, Verdict::Routine, "{cmd}: {:?}", j.verdict);
        assert!(!reads_credential(&f, cmd), "{cmd}: {:?}", j.reads);
    }
    // What prints the links, follows them, or hands on a hard link to a credential.
    std::fs::hard_link(f.home.join(".netrc"), f.ws.join("data.bin")).unwrap();
    for cmd in [
        "find -L . -type f -name '*.txt' | xargs cat",
        "find . -follow -type f -name '*.txt' | xargs cat",
        "find . -type l | xargs cat",
        "find . -xtype f -name '*.txt' | xargs cat",
        "find . -type f -o -type l | xargs cat",
        "find . -type f | xargs cat",
        "find . -type f -name '*.bin' | xargs cat",
        "cat $(find . -type f)",
        "cat $(find . -name '*.txt')",
        "cat $(find . -type f -name '*.rs') $(find . -name '*.txt')",
        "find . -name '*.txt' -type f , -print | xargs cat",
        "find . -type f -iname '*.TXT' -o -type l | xargs cat",
    ] {
        assert!(reads_credential(&f, cmd), "{cmd}");
    }
}

/// A filter between find and the reader that prints other words than the names it is
/// given (`grep -c` prints a count, a file named `0` can be anything) lets the names go
/// unbounded; one that passes lines on unchanged keeps find's bound.
#[test]
fn only_filters_that_pass_names_on_unchanged_keep_the_bound() {
    let f = fx();
    std::fs::hard_link(f.home.join(".netrc"), f.ws.join("0")).unwrap();
    for cmd in [
        "find src -name '*.rs' | grep -c x | xargs cat",
        "find src -name '*.rs' | uniq -c | xargs cat",
        "find src -name '*.rs' | cat -n | xargs cat",
        "find src -name '*.rs' | head -c 9 | xargs cat",
        "find src -name '*.rs' | grep -o 0 | xargs cat",
        "cat $(find src -name '*.rs' | grep -c x)",
    ] {
        assert!(reads_credential(&f, cmd), "{cmd}");
    }
    for cmd in [
        "find src -name '*.rs' | grep -v test | sort | head -n 5 | xargs cat",
        "find src -name '*.rs' | sort -u | uniq | tail -20 | xargs wc -l",
        "cat $(find src -name '*.rs' | grep -iv x)",
    ] {
        let j = judged(&f, cmd);
        assert_eq!(j.verdict, Verdict::Routine, "{cmd}: {:?}", j.verdict);
        assert!(!reads_credential(&f, cmd), "{cmd}: {:?}", j.reads);
    }
}

/// A command run per found file prints what it likes, and starting points read from a
/// file can be anywhere: neither output is a list of names under the roots written.
#[test]
fn a_find_that_runs_commands_or_reads_its_roots_is_not_a_plain_lister() {
    let f = fx();
    let key = f.home.join(".ssh/id_rsa");
    let key = key.display().to_string();
    let (dir, name) = key.rsplit_once('/').unwrap();
    std::fs::write(f.ws.join("roots0"), format!("{key}\0")).unwrap();
    for cmd in [
        format!("find src -maxdepth 0 -exec printf '%s/%s\\n' {dir} {name} \\; | xargs cat"),
        format!("cat $(find src -maxdepth 0 -execdir printf '%s/%s' {dir} {name} \\;)"),
        "find -files0-from roots0 | xargs cat".to_string(),
        "find -files0-from roots0 -type f -name 'id_*' | xargs cat".to_string(),
        "cat $(find -files0-from roots0)".to_string(),
    ] {
        assert_ne!(judged(&f, &cmd).verdict, Verdict::Routine, "{cmd}");
    }
    // The starting points a file names are read paths of the listing itself.
    assert!(reads_credential(&f, "find -files0-from roots0"));
}

/// A command `find -exec` runs is handed each found path as it is: one that reads what it
/// is handed follows a link there (`find . -name '*.txt' -exec cat {} \;` over `notes.txt
/// -> ~/.aws/credentials` read the credential and was allowed). What find's expression can
/// hand on bounds it, as for xargs.
#[test]
fn find_exec_hands_links_to_the_command_it_runs() {
    let f = fx();
    for cmd in [
        "find . -name '*.txt' -exec cat {} \\;",
        "find . -maxdepth 1 -name 'notes*' -exec grep x {} +",
        "find . -exec cat {} +",
        "find . -name '*.txt' -execdir head -1 {} \\;",
        "find . -name '*.txt' -exec file {} \\;",
        "find . -name docs -exec grep -rl x {} +",
        "find . -name '*.rs' -o -type l -exec cat {} \\;",
    ] {
        assert!(reads_credential(&f, cmd), "{cmd}");
    }
    for cmd in [
        "find . -type f -name '*.txt' -exec cat {} +",
        "find . -name '*.rs' -exec wc -l {} +",
        "find . -name '*.txt' -exec stat {} \\;",
        "find . -name '*.txt' -exec ls -l {} +",
        "find src -exec cat {} +",
    ] {
        let j = judged(&f, cmd);
        assert_eq!(j.verdict, Verdict::Routine, "{cmd}: {:?}", j.verdict);
        assert!(!reads_credential(&f, cmd), "{cmd}: {:?}", j.reads);
    }
    // A hard link to a credential among the regular files handed to a reader is that
    // credential (find's own walk looks at names only).
    std::fs::hard_link(f.home.join(".netrc"), f.ws.join("data.bin")).unwrap();
    for cmd in [
        "find . -type f -exec cat {} +",
        "find . -type f -name '*.bin' -execdir md5sum {} +",
    ] {
        assert!(reads_credential(&f, cmd), "{cmd}");
    }
    // What the actions are handed, read as find reads the expression.
    let handed = |line: &str| {
        let words: Vec<String> = line.split_whitespace().map(str::to_string).collect();
        listed::find_handed(&words)
    };
    let l = handed(". -name *.h -exec cat {} ;");
    assert!(lists(&l, "a.h", 'f') && !lists(&l, "data.bin", 'f'));
    let l = handed(". -type f -exec grep -l x {} +");
    assert!(lists(&l, "data.bin", 'f') && !lists(&l, "env.txt", 'l'));
    let l = handed(". -type f -exec grep -l x {} + -o -name *.md -print");
    assert!(lists(&l, "a.md", 'l') && lists(&l, "data.bin", 'f'));
    assert!(lists(&handed(". -exec cat {} ;"), "data.bin", 'l'));
    assert_eq!(handed(". -exec cat {} x"), None);
}

/// A reader that recurses reads all below a directory it is handed: a lister that may
/// hand on a directory or a link bounds nothing for it.
#[test]
fn a_recursive_reader_handed_directories_reads_below_them() {
    let f = fx();
    // A tree outside the reader's own working directory, so only the names handed on
    // lead there: a directory named like the pattern, holding a hard link.
    let proj = f.home.join("proj");
    std::fs::create_dir_all(proj.join("keep.rs")).unwrap();
    std::fs::hard_link(f.home.join(".netrc"), proj.join("keep.rs/data.bin")).unwrap();
    for cmd in [
        "find ~/proj -name '*.rs' | xargs grep -r x",
        "find ~/proj -type d -name '*.rs' | xargs grep -rl x",
    ] {
        assert!(reads_credential(&f, cmd), "{cmd}");
    }
    // The same names to a reader that does not recurse, or regular files only to one
    // that does: the hard link is never handed on.
    for cmd in [
        "find ~/proj -name '*.rs' | xargs grep -l x",
        "find ~/proj -type f -name '*.rs' | xargs grep -rl x",
    ] {
        assert!(!reads_credential(&f, cmd), "{cmd}");
    }
}

/// `file` without `-L` looks at a link operand (`symbolic link to …`), checked with file
/// 5.44: the target is not read, whether it is a credential, a directory of them or
/// another process's environment. A regular file is read (a hard link to a credential is
/// the credential), so is a file below a linked directory, and so is every operand with
/// `-L` or when POSIXLY_CORRECT may be set.
#[test]
fn file_looks_at_links_without_following_them() {
    // In an environment with POSIXLY_CORRECT file follows links (tests/hook_edges.rs).
    if std::env::var_os("POSIXLY_CORRECT").is_some() {
        return;
    }
    let f = fx();
    std::os::unix::fs::symlink("/proc/self/environ", f.ws.join("env.txt")).unwrap();
    for cmd in [
        "file env.txt",
        "file notes.txt docs/sshlink",
        "file -b --mime-type *.txt",
        "file -L -h env.txt",
        "file ./*",
    ] {
        let j = judged(&f, cmd);
        assert_eq!(j.verdict, Verdict::Routine, "{cmd}: {:?}", j.verdict);
        assert!(!reads_credential(&f, cmd), "{cmd}: {:?}", j.reads);
        assert!(
            !j.reads.iter().any(|r| r.starts_with("/proc")),
            "{cmd}: {:?}",
            j.reads
        );
    }
    // The link itself is what is looked at.
    let j = judged(&f, "file env.txt");
    assert_eq!(j.stats, [f.ws.join("env.txt")]);
    std::fs::hard_link(f.home.join(".netrc"), f.ws.join("data.bin")).unwrap();
    for cmd in [
        "file -L env.txt",
        "file --dereference notes.txt",
        "file -h -L notes.txt",
        "file data.bin",
        "file ./*",
        "file docs/sshlink/id_rsa",
        "POSIXLY_CORRECT=1 file notes.txt",
        "export POSIXLY_CORRECT=1; file notes.txt",
        "env POSIXLY_CORRECT= file notes.txt",
        "X=POSIXLY_CORRECT; export $X=1; file notes.txt",
        "rm notes.txt; ln ~/.aws/credentials notes.txt; file notes.txt",
    ] {
        let j = judged(&f, cmd);
        assert!(
            reads_credential(&f, cmd) || j.verdict != Verdict::Routine,
            "{cmd}: {:?} {:?}",
            j.verdict,
            j.reads
        );
    }
    for cmd in [
        "file -L env.txt",
        "file data.bin",
        "POSIXLY_CORRECT=1 file notes.txt",
        "export POSIXLY_CORRECT=1; file notes.txt",
    ] {
        assert!(
            reads_credential(&f, cmd)
                || judged(&f, cmd).reads.iter().any(|r| r.starts_with("/proc")),
            "{cmd}"
        );
    }
}

#[test]
fn names_files_are_read() {
    let f = fx();
    // Written earlier in the same command with known text.
    assert!(reads_credential(
        &f,
        "printf '%s\\0' ~/.aws/credentials > l; sort --files0-from=l"
    ));
    // A workspace file that exists: its names are read.
    std::fs::write(f.ws.join("names0"), "src/main.rs\0notes.txt\0").unwrap();
    let j = judged(&f, "wc -l --files0-from=names0");
    assert!(j.reads.contains(&f.ws.join("src/main.rs")), "{:?}", j.reads);
    assert!(reads_credential(&f, "wc -l --files0-from=names0"));
    // Written earlier with unknown text, or stdin: not known.
    for cmd in ["find . > l; wc --files0-from=l", "wc --files0-from=-"] {
        assert_ne!(judged(&f, cmd).verdict, Verdict::Routine, "{cmd}");
    }
}

#[test]
fn commands_in_other_roots_or_namespaces_are_never_routine() {
    let f = fx();
    for cmd in [
        "chroot /mnt cat x",
        "unshare -r cat x",
        "proot -b /:/h cat x",
        "nsenter -m -t 1 cat x",
        "firejail --noprofile cat x",
        "systemd-run --user cat x",
    ] {
        assert_ne!(judged(&f, cmd).verdict, Verdict::Routine, "{cmd}");
    }
    assert_eq!(judged(&f, "nohup cat x.txt").verdict, Verdict::Routine);
}

/// GNU grep's name filters decide which files met in recursion are read; checked against
/// the real grep where it is installed: a filter that leaves the hard link out leaves
/// the credential unread, and any other reads it.
#[test]
fn grep_reads_only_the_files_its_include_filters_let_in() {
    let f = fx();
    std::fs::hard_link(f.home.join(".netrc"), f.ws.join("data.bin")).unwrap();
    std::fs::write(f.ws.join("src/a.cpp"), "k").unwrap();
    for (filters, reads_it) in [
        ("--include='*.cpp'", false),
        ("--include '*.cpp' --include='*.h'", false),
        ("--include='*.bin'", true),
        ("--include='d*'", true),
        // The first filter an --exclude: a file matching none is read.
        ("--exclude='*.log' --include='*.cpp'", true),
        ("--include='*.{cpp,h}'", true),
        ("", true),
    ] {
        let cmd = format!("grep -rl k . {filters}");
        let j = judged(&f, &cmd);
        assert_eq!(
            j.reads.contains(&f.home.join(".netrc")),
            reads_it,
            "{cmd}: {:?}",
            j.reads
        );
        // The real grep agrees wherever we say the file is not read.
        if !reads_it {
            if let Ok(out) = std::process::Command::new("sh")
                .arg("-c")
                .arg(&cmd)
                .current_dir(&f.ws)
                .output()
            {
                let listed = String::from_utf8_lossy(&out.stdout).into_owned();
                assert!(!listed.contains("data.bin"), "{cmd}: grep read {listed}");
            }
        }
    }
    // ag searches contents; only `-g` lists names.
    assert!(judged(&f, "ag k").reads.contains(&f.home.join(".netrc")));
}

#[test]
fn names_that_xargs_or_the_shell_would_split_are_not_known_paths() {
    let f = fx();
    // A directory `x ` holding the home's path: find prints `./x /…/home/.ssh/id_rsa`,
    // which xargs hands on as two words, the second the real key.
    let planted =
        f.ws.join("x ")
            .join(f.home.strip_prefix("/").unwrap())
            .join(".ssh");
    std::fs::create_dir_all(&planted).unwrap();
    std::fs::write(planted.join("id_rsa"), "decoy").unwrap();
    let out = std::process::Command::new("bash")
        .args(["--norc", "-c", "find . -name id_rsa | xargs printf '%s\\n'"])
        .current_dir(&f.ws)
        .output();
    if let Ok(out) = out {
        let words = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(
            words
                .lines()
                .any(|w| w == f.home.join(".ssh/id_rsa").to_str().unwrap()),
            "{words}"
        );
    }
    for cmd in [
        "find . -name id_rsa | xargs cat",
        "find . -name '*.rs' | xargs cat",
        "git ls-files | xargs cat",
        "cat $(find . -name id_rsa)",
    ] {
        assert_ne!(judged(&f, cmd).verdict, Verdict::Routine, "{cmd}");
    }
    // Without such a name the same lister is routine.
    std::fs::remove_dir_all(f.ws.join("x ")).unwrap();
    assert_eq!(
        judged(&f, "find src -name '*.rs' | xargs cat").verdict,
        Verdict::Routine
    );
}

#[test]
fn files_the_floor_knows_under_a_root_are_read_when_their_names_are_handed_on() {
    let f = fx();
    std::fs::write(f.ws.join(".env"), "TOKEN=x").unwrap();
    // A credential store below the root, of a name the lister prints.
    for cmd in [
        "find ~ -name credentials | xargs cat",
        "find ~ -maxdepth 2 -name 'id_*' | xargs cat",
        "find ~/.ssh | xargs cat",
        "cat $(find ~/.aws -type f)",
    ] {
        assert!(reads_credential(&f, cmd), "{cmd}");
    }
    // An environment file of the workspace is a read of it, as `cat .env` is (the path
    // floor then asks about it).
    let j = judged(&f, "find . -name .env | xargs cat");
    assert!(j.reads.contains(&f.ws.join(".env")), "{:?}", j.reads);
    // Names the lister does not print are not.
    let j = judged(&f, "find . -name '*.rs' | xargs cat");
    assert!(!j.reads.contains(&f.ws.join(".env")), "{:?}", j.reads);
    assert_eq!(j.verdict, Verdict::Routine);
}

#[test]
fn credential_stores_below_a_root_count_however_big_the_tree() {
    let f = fx();
    // More entries than a walk looks at: the walk stops, the stores are still found.
    let bulk = f.home.join("bulk");
    std::fs::create_dir_all(&bulk).unwrap();
    for i in 0..=reach::walk::MAX_ENTRIES {
        std::fs::write(bulk.join(i.to_string()), "").unwrap();
    }
    assert!(reads_credential(&f, "find ~ -name credentials | xargs cat"));
    assert!(reads_credential(&f, "find ~ -name 'id_*' | xargs cat"));
    // Which stores a name filter lets through.
    let only = |p: &[&str]| {
        p.iter()
            .map(|s| reach::NamePattern::fnmatch(s))
            .collect::<Vec<_>>()
    };
    let got =
        |o: Option<Vec<reach::NamePattern>>| reach::stores_under(&f.home, o.as_deref(), &f.floor);
    assert!(got(Some(only(&["credentials"]))).contains(&f.home.join(".aws/credentials")));
    assert!(got(Some(only(&["id_*"]))).contains(&f.home.join(".ssh/id_rsa")));
    assert!(got(Some(only(&["*.json"]))).is_empty());
    let all = got(None);
    assert!(all.contains(&f.home.join(".ssh")), "{all:?}");
    assert!(
        all.iter()
            .any(|p| f.home.join(".aws/credentials").starts_with(p)),
        "{all:?}"
    );
    assert!(reach::stores_under(&f.ws, None, &f.floor).is_empty());
}

/// A compose project or image build hands the engine the host's files: the build contexts
/// (read whole, like `tar -c`), env and label files, secrets, configs and bind mounts are
/// reads (and writes) the path floor and `reach` judge, so a hard link or a symbolic link
/// to a credential among them is a read of the credential; the home or a credential store
/// mounted is denied, a container given the host asked about. An ordinary project stays
/// routine.
#[test]
fn compose_and_image_builds_read_what_they_hand_the_engine() {
    let f = fx();
    let w = |p: &str, text: &str| {
        let p = f.ws.join(p);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    };
    w("Dockerfile", "FROM scratch\nCOPY . /app\n");
    w("api/Dockerfile", "FROM scratch\n");
    w(".env.app", "X=1\n");
    let compose = |text: &str| w("compose.yaml", text);
    // Ordinary projects: contexts, env files, data volumes inside the workspace.
    compose(
        "services:\n  api:\n    build: ./api\n    env_file: .env.app\n    volumes:\n      - ./src:/src:ro\n      - data:/var/lib/data\n  db:\n    image: postgres:16\nvolumes:\n  data: {}\n",
    );
    for cmd in [
        "docker compose up -d",
        "docker compose build",
        "docker build -t demo .",
    ] {
        let j = judged(&f, cmd);
        assert_eq!(j.verdict, Verdict::Routine, "{cmd}: {:?}", j.verdict);
    }
    let j = judged(&f, "docker compose up -d");
    assert!(j.reads.contains(&f.ws.join("api")), "{:?}", j.reads);
    assert!(j.reads.contains(&f.ws.join(".env.app")), "{:?}", j.reads);
    assert!(j.writes.is_empty(), "{:?}", j.writes);
    // A hard link to a credential in the build context is sent with it.
    std::fs::hard_link(f.home.join(".netrc"), f.ws.join("data.bin")).unwrap();
    for cmd in [
        "docker build -t demo .",
        "docker compose build",
        "docker buildx build --load -t x .",
    ] {
        if cmd.contains("compose") {
            compose("services:\n  app:\n    build: .\n");
        }
        assert!(
            reads_credential(&f, cmd),
            "{cmd}: {:?}",
            judged(&f, cmd).reads
        );
    }
    // Each key that names a host file, pointing at a credential through a hard link, a
    // symbolic link or by name.
    for text in [
        "services:\n  a:\n    image: x\n    env_file: data.bin\n",
        "services:\n  a:\n    image: x\n    label_file: data.bin\n",
        "services:\n  a:\n    image: x\nconfigs:\n  c:\n    file: ~/.netrc\n",
        "services:\n  a:\n    build:\n      context: api\n      secrets: [s]\nsecrets:\n  s:\n    file: ./notes.txt\n",
        "services:\n  a:\n    image: x\nsecrets:\n  s:\n    file: ~/.ssh/id_rsa\n",
        "services:\n  a:\n    build:\n      context: api\n      ssh: [\"id=~/.ssh/id_rsa\"]\n",
        "services:\n  a:\n    build:\n      context: api\n      ssh:\n        id: ~/.ssh/id_rsa\n",
        "services:\n  a:\n    image: x\n    volumes:\n      - ./docs/sshlink:/k\n",
        "services:\n  a:\n    image: x\n    volumes:\n      - type: bind\n        source: ./notes.txt\n        target: /k\n        read_only: true\n",
    ] {
        compose(text);
        let j = judged(&f, "docker compose up -d");
        assert!(
            reads_credential(&f, "docker compose up -d")
                || matches!(j.verdict, Verdict::Hard { category: "credential", .. }),
            "{text}: {j:?}"
        );
    }
    // The home, a credential store or the engine's socket mounted, a container given the
    // host, a context from outside the workspace.
    for (text, want) in [
        ("services:\n  a:\n    image: x\n    volumes:\n      - ~/.ssh:/keys\n", "hard"),
        ("services:\n  a:\n    image: x\n    volumes:\n      - ~:/h:ro\n", "hard"),
        ("services:\n  a:\n    image: x\n    volumes:\n      - type: bind\n        source: /\n        target: /host\n", "hard"),
        ("services:\n  a:\n    image: x\n    volumes: [h:/h]\nvolumes:\n  h:\n    driver: local\n    driver_opts: {type: none, o: bind, device: ~/.ssh}\n", "hard"),
        ("services:\n  a:\n    image: x\n    volumes:\n      - /var/run/docker.sock:/var/run/docker.sock\n", "soft"),
        // An env file is a definition too: one that resolves outside the workspace is
        // asked about before it is read.
        ("services:\n  a:\n    image: x\n    env_file:\n      - path: notes.txt\n        required: false\n", "soft"),
        ("services:\n  a:\n    image: x\n    privileged: true\n", "soft"),
        ("services:\n  a:\n    image: x\n    network_mode: host\n", "soft"),
        ("services:\n  a:\n    image: x\n    pid: host\n", "soft"),
        ("services:\n  a:\n    image: x\n    cap_add: [SYS_ADMIN]\n", "soft"),
        ("services:\n  a:\n    build:\n      context: api\n      ssh: [default]\n", "soft"),
        ("services:\n  a:\n    build:\n      context: api\n      additional_contexts:\n        home: ~/\n", "soft"),
        ("services:\n  a:\n    build:\n      context: api\n      additional_contexts:\n        - extra=./docs/sshlink\n", "soft"),
        ("services:\n  a:\n    image: x\n    volumes:\n      - ${HOME}:/h\n", "unknown"),
        ("services:\n  a:\n    image: x\n    privileged: ${P:-false}\n", "unknown"),
        ("services:\n  a:\n    image: x\nvolumes:\n  v:\n    driver: sshfs\n", "unknown"),
    ] {
        compose(text);
        let j = judged(&f, "docker compose up -d");
        let got = match j.verdict {
            Verdict::Hard { .. } => "hard",
            Verdict::Soft { .. } => "soft",
            Verdict::Unknown { .. } => "unknown",
            _ => "other",
        };
        assert_eq!(got, want, "{text}: {:?}", j.verdict);
    }
    // An override file beside the compose file is read too.
    compose("services:\n  a:\n    image: x\n");
    w(
        "compose.override.yaml",
        "services:\n  a:\n    volumes:\n      - ~/:/h\n",
    );
    assert!(matches!(
        judged(&f, "docker compose up -d").verdict,
        Verdict::Hard { .. }
    ));
}

/// `find -printf` hands on what its format prints: the path alone (`%p`) like `-print`;
/// names relative to the starting point (`%P`, `%f`), opened in the reader's working
/// directory; anything else (`%l`, where each link points) is not a name in the tree.
#[test]
fn find_printf_hands_on_names_only_when_it_prints_names() {
    let f = fx();
    // Paths under the roots, bounded by the expression like `-print`.
    for cmd in [
        "find src -name '*.rs' -printf '%p\\n' | xargs wc -l",
        "find . -type f -name '*.rs' -printf '%p\\0' | xargs -0 cat",
        "cat $(find src -name '*.rs' -printf '%p\\n')",
    ] {
        let j = judged(&f, cmd);
        assert_eq!(j.verdict, Verdict::Routine, "{cmd}: {:?}", j.verdict);
        assert!(!reads_credential(&f, cmd), "{cmd}: {:?}", j.reads);
    }
    // Names the reader opens where it runs: everything below it may be handed on.
    let j = judged(&f, "find src -name '*.rs' -printf '%f\\n' | xargs cat");
    assert!(reads_credential(
        &f,
        "find src -name '*.rs' -printf '%f\\n' | xargs cat"
    ));
    assert!(j.reads.contains(&f.ws), "{:?}", j.reads);
    // Link targets, parents, sizes, literal text: what is handed on is not known.
    for cmd in [
        "find . -type l -printf '%l\\n' | xargs cat",
        "find . -printf '%h\\n' | xargs ls",
        "find . -name '*.rs' -printf '/home/%f\\n' | xargs cat",
        "find . -name '*.rs' -printf '%s %p\\n' | xargs cat",
        "cat $(find . -type l -printf '%l\\n')",
        "find . -name '*.rs' -fprintf out '%p\\n' | xargs cat",
    ] {
        let j = judged(&f, cmd);
        assert!(
            matches!(j.verdict, Verdict::Unknown { .. }),
            "{cmd}: {:?}",
            j.verdict
        );
    }
}

/// A lifecycle command asked about for what it does besides (`--push` publishes, `-H` or
/// `--context` runs on another daemon) is still checked for what its definitions hand
/// the engine: a credential handed over is denied however the command is run.
#[test]
fn publishing_or_remote_lifecycle_commands_still_check_what_they_hand_the_engine() {
    let f = fx();
    f.write("api/Dockerfile", "FROM scratch\n");
    f.write("compose.yaml",
        "services:\n  a:\n    build: ./api\n    secrets: [s]\nsecrets:\n  s:\n    file: ~/.aws/credentials\n",
    );
    for cmd in [
        "docker compose build",
        "docker compose build --push",
        "docker -H tcp://10.0.0.9:2375 compose up -d",
        "docker --context far compose up -d",
    ] {
        let j = judged(&f, cmd);
        assert!(
            matches!(j.verdict, Verdict::Hard { .. }) || reads_credential(&f, cmd),
            "{cmd}: {:?}",
            j.verdict
        );
    }
    // The home mounted: denied, not merely asked about as a publish.
    f.write(
        "compose.yaml",
        "services:\n  a:\n    build: ./api\n    volumes:\n      - ~:/h:ro\n",
    );
    for cmd in [
        "docker compose build --push",
        "docker -H tcp://h:2375 compose up",
    ] {
        assert_eq!(short(&judged(&f, cmd).verdict), "hard", "{cmd}");
    }
    // An ordinary project: asked about only for the push.
    f.write("compose.yaml", "services:\n  a:\n    build: ./api\n");
    let j = judged(&f, "docker compose build --push");
    assert!(
        matches!(
            j.verdict,
            Verdict::Soft {
                category: "publish",
                ..
            }
        ),
        "{:?}",
        j.verdict
    );
}

/// A privilege the definitions give a container outranks their having changed, and the
/// reason still names the changed files.
#[test]
fn a_privilege_over_changed_definitions_keeps_the_changed_files() {
    struct Changed(PathBuf);
    impl crate::context::baseline::Baseline for Changed {
        fn changed(&self, files: &[PathBuf]) -> Vec<PathBuf> {
            files.iter().filter(|f| **f == self.0).cloned().collect()
        }
    }
    let f = fx();
    f.write(
        "compose.yaml",
        "services:\n  a:\n    image: x\n    privileged: true\n",
    );
    let b = Changed(f.ws.join("compose.yaml"));
    let ctx = JudgeCtx {
        home: &f.home,
        cwd: &f.ws,
        workspace: &f.workspace,
        floor: &f.floor,
        baseline: &b,
    };
    let a = analyze(
        "docker compose up -d",
        &ShellEnv::new(f.home.clone(), f.ws.clone()),
    );
    match judge(&a, &ctx).verdict {
        Verdict::Soft { reason, .. } => {
            assert!(reason.contains("compose.yaml"), "{reason}");
            assert!(reason.contains("privileged"), "{reason}");
        }
        v => panic!("{v:?}"),
    }
}

/// A path a compose file names with a leading `~` is the home joined with the rest, as
/// compose-go's `ExpandUser` reads it (`~x.yaml` is `$HOME/x.yaml`), for the files it
/// includes and extends as for the host paths it hands the engine.
#[test]
fn compose_paths_starting_with_a_tilde_are_below_the_home() {
    let f = fx();
    std::fs::write(f.home.join("x.yaml"), "services:\n  b:\n    image: x\n").unwrap();
    for text in [
        "include:\n  - ~x.yaml\nservices:\n  a:\n    image: x\n",
        "include:\n  - path: ~x.yaml\nservices:\n  a:\n    image: x\n",
        "services:\n  a:\n    extends:\n      file: ~x.yaml\n      service: b\n",
        "services:\n  a:\n    image: x\n    env_file: ~.netrc\n",
    ] {
        f.write("compose.yaml", text);
        let v = judged(&f, "docker compose up -d").verdict;
        assert_ne!(short(&v), "routine", "{text}: {v:?}");
    }
    // The same files written inside the workspace stay routine.
    f.write("x.yaml", "services:\n  b:\n    image: x\n");
    f.write("compose.yaml",
        "include:\n  - x.yaml\nservices:\n  a:\n    extends:\n      file: x.yaml\n      service: b\n",
    );
    assert_eq!(
        short(&judged(&f, "docker compose up -d").verdict),
        "routine"
    );
}

/// A `<<` merge as yaml.v3 resolves it: a key the mapping sets itself beats a merged one
/// wherever the `<<` stands; of `<<: [*a, *b]` the earlier wins.
#[test]
fn compose_merge_keys_resolve_as_yaml_v3_does() {
    let f = fx();
    let anchors = "x-on: &on\n  privileged: true\nx-off: &off\n  privileged: false\n";
    for (svc, want) in [
        ("    privileged: true\n    <<: *off\n", "soft"),
        ("    <<: *off\n    privileged: true\n", "soft"),
        ("    <<: [*on, *off]\n", "soft"),
        ("    <<: [*off, *on]\n", "routine"),
        ("    privileged: false\n    <<: *on\n", "routine"),
        ("    <<: *on\n    privileged: false\n", "routine"),
    ] {
        let text = format!("{anchors}services:\n  a:\n    image: x\n{svc}");
        f.write("compose.yaml", &text);
        let v = judged(&f, "docker compose up -d").verdict;
        assert_eq!(short(&v), want, "{text}: {v:?}");
    }
}

/// An included file resolves its relative paths against its entry's project directory:
/// the first file's directory, or a `project_directory` the floor does not follow.
#[test]
fn compose_includes_resolve_against_their_project_directory() {
    let f = fx();
    f.write("a/x.yaml", "services:\n  x:\n    image: x\n");
    // Mounted from the first file's directory, `a`: ../docs/sshlink is the link to ~/.ssh.
    f.write(
        "b/c/y.yaml",
        "services:\n  y:\n    image: x\n    volumes:\n      - ../docs/sshlink:/k\n",
    );
    f.write(
        "compose.yaml",
        "include:\n  - path: [a/x.yaml, b/c/y.yaml]\nservices:\n  a:\n    image: x\n",
    );
    let v = judged(&f, "docker compose up -d").verdict;
    assert!(
        reads_credential(&f, "docker compose up -d") || short(&v) == "hard",
        "{v:?}"
    );
    f.write(
        "compose.yaml",
        "include:\n  - path: b/c/y.yaml\n    project_directory: a\nservices:\n  a:\n    image: x\n",
    );
    let v = judged(&f, "docker compose up -d").verdict;
    assert_ne!(short(&v), "routine", "{v:?}");
    // Without project_directory, an include of a plain file stays routine.
    f.write(
        "compose.yaml",
        "include:\n  - a/x.yaml\nservices:\n  a:\n    image: x\n",
    );
    assert_eq!(
        short(&judged(&f, "docker compose up -d").verdict),
        "routine"
    );
}

/// A short-syntax volume as compose-go splits it: a colon after one letter of any script
/// is a Windows drive's, a NUL ends a field, the last of `ro`/`rw` wins; a source that is
/// no volume name is a host path, followed or not understood.
#[test]
fn compose_short_volumes_split_as_compose_go_splits_them() {
    let f = fx();
    let svc = |vol: &str| {
        format!(
            "services:\n  a:\n    image: x\n    volumes:\n      - {vol}\nvolumes:\n  data: {{}}\n"
        )
    };
    for (vol, want) in [
        ("data:/d", "routine"),
        ("data:/d:ro", "routine"),
        ("/d", "routine"),
        ("./src:/s:rw,ro", "routine"),
        ("\"x\\0~:/h\"", "hard"),
        ("\"é:/x:/h\"", "unknown"),
        ("\"\\\\\\\\host\\\\share:/h\"", "unknown"),
        ("\"my data:/h\"", "unknown"),
        ("\"./src:/s:/x:ro\"", "unknown"),
    ] {
        f.write("compose.yaml", &svc(vol));
        let v = judged(&f, "docker compose up -d").verdict;
        assert_eq!(short(&v), want, "{vol}: {v:?}");
    }
    // The last of ro and rw wins: rw writes the source.
    f.write("compose.yaml", &svc("./src:/s:ro,rw"));
    let j = judged(&f, "docker compose up -d");
    assert!(j.writes.contains(&f.ws.join("src")), "{:?}", j.writes);
    f.write("compose.yaml", &svc("./src:/s:rw,ro"));
    assert!(judged(&f, "docker compose up -d").writes.is_empty());
}

/// A secret's or config's `file` is bind-mounted read-only, a directory whole: the home
/// or a credential store named there is handed over.
#[test]
fn compose_secret_and_config_files_are_read_only_binds() {
    let f = fx();
    for (file, want) in [
        ("~/", "hard"),
        ("~/.ssh", "hard"),
        ("/", "hard"),
        ("./x.txt", "routine"),
    ] {
        for key in ["secrets", "configs"] {
            let text = format!("services:\n  a:\n    image: x\n{key}:\n  s:\n    file: {file}\n");
            f.write("compose.yaml", &text);
            let j = judged(&f, "docker compose up -d");
            assert_eq!(short(&j.verdict), want, "{text}: {:?}", j.verdict);
            assert!(j.writes.is_empty(), "{text}: {:?}", j.writes);
        }
    }
}

/// A volume's `driver_opts.device` is placed against the project only for `driver: local`
/// with `o: bind` exactly (compose-go's `volumeDriverOpts`); any other relative device
/// reaches the engine as written and is not understood.
#[test]
fn compose_volume_devices_are_placed_only_where_compose_places_them() {
    let f = fx();
    let vol = |opts: &str| {
        format!("services:\n  a:\n    image: x\n    volumes: [h:/h]\nvolumes:\n  h:\n{opts}")
    };
    for (opts, want) in [
        (
            "    driver: local\n    driver_opts: {type: none, o: bind, device: ./src}\n",
            "routine",
        ),
        (
            "    driver_opts: {type: none, o: bind, device: ./src}\n",
            "unknown",
        ),
        (
            "    driver: local\n    driver_opts: {type: none, o: \"bind,ro\", device: ./src}\n",
            "unknown",
        ),
        (
            "    driver_opts: {type: none, o: bind, device: ~/.ssh}\n",
            "unknown",
        ),
        (
            "    driver_opts: {type: none, o: bind, device: /}\n",
            "hard",
        ),
        (
            "    driver: local\n    driver_opts: {type: none, o: \"bind,ro\", device: /}\n",
            "hard",
        ),
    ] {
        let text = vol(opts);
        f.write("compose.yaml", &text);
        let v = judged(&f, "docker compose up -d").verdict;
        assert_eq!(short(&v), want, "{text}: {v:?}");
    }
}

/// Booleans as compose-go's `toBoolean` casts them (`y`, `yes`, `on`, `true` in any case),
/// and `device_cgroup_rules` giving the container the host's devices.
#[test]
fn compose_booleans_and_device_rules_read_as_compose_reads_them() {
    let f = fx();
    let svc = |extra: &str| format!("services:\n  a:\n    image: x\n{extra}");
    for (extra, want) in [
        ("    privileged: yes\n", "soft"),
        ("    privileged: Y\n", "soft"),
        ("    privileged: ON\n", "soft"),
        ("    privileged: \"True\"\n", "soft"),
        ("    privileged: no\n", "routine"),
        ("    privileged: false\n", "routine"),
        ("    device_cgroup_rules: ['c 1:3 mr']\n", "soft"),
        ("    device_cgroup_rules: []\n", "routine"),
        ("    device_cgroup_rules: ['${R}']\n", "unknown"),
    ] {
        f.write("compose.yaml", &svc(extra));
        let v = judged(&f, "docker compose up -d").verdict;
        assert_eq!(short(&v), want, "{extra}: {v:?}");
    }
    let bind = |ro: &str| {
        svc(&format!(
            "    volumes:\n      - type: bind\n        source: ./src\n        target: /s\n        read_only: {ro}\n"
        ))
    };
    f.write("compose.yaml", &bind("Yes"));
    assert!(judged(&f, "docker compose up -d").writes.is_empty());
    f.write("compose.yaml", &bind("n"));
    assert!(judged(&f, "docker compose up -d")
        .writes
        .contains(&f.ws.join("src")));
}

/// Every `build.ssh` entry hands the builder an agent (a path may be an agent's socket):
/// asked about; a key file named is read too.
#[test]
fn compose_build_ssh_entries_are_privileges() {
    let f = fx();
    f.write("api/Dockerfile", "FROM scratch\n");
    f.write("agent.sock", "");
    for ssh in [
        "[default]",
        "[\"id=./agent.sock\"]",
        "\n        id: ./agent.sock",
    ] {
        let text = format!("services:\n  a:\n    build:\n      context: api\n      ssh: {ssh}\n");
        f.write("compose.yaml", &text);
        let j = judged(&f, "docker compose build");
        assert_eq!(short(&j.verdict), "soft", "{text}: {:?}", j.verdict);
    }
    f.write(
        "compose.yaml",
        "services:\n  a:\n    build:\n      context: api\n      ssh: [\"id=./agent.sock\"]\n",
    );
    assert!(judged(&f, "docker compose build")
        .reads
        .contains(&f.ws.join("agent.sock")));
    f.write(
        "compose.yaml",
        "services:\n  a:\n    build:\n      context: api\n",
    );
    assert_eq!(
        short(&judged(&f, "docker compose build").verdict),
        "routine"
    );
}
