//! What the command floor reaches at decision time: patterns expanded, links and hard
//! links behind them, trees walked by recursive readers, names chosen at run time.
#![allow(clippy::unwrap_used)]

use super::*;
use crate::analysis::shell::{analyze, ShellEnv};
use crate::context::baseline::NoBaseline;
use std::path::PathBuf;

struct Fx {
    _t: tempfile::TempDir,
    home: PathBuf,
    ws: PathBuf,
    workspace: Workspace,
    floor: FloorCtx,
}

/// A home with credentials and a workspace carrying the links a cloned repository could.
fn fx() -> Fx {
    let t = tempfile::tempdir().unwrap();
    let base = t.path().canonicalize().unwrap();
    let home = base.join("home");
    let ws = base.join("ws");
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
    let workspace = Workspace::new(&ws, &[]);
    let floor = FloorCtx {
        home: home.clone(),
        self_paths: vec![base.join("gh")],
        project_root: ws.clone(),
        harness: Vec::new(),
        credentials: Vec::new(),
    };
    Fx {
        _t: t,
        home,
        ws,
        workspace,
        floor,
    }
}

fn judged(f: &Fx, cmd: &str) -> Judgement {
    let a = analyze(cmd, &ShellEnv::new(f.home.clone(), f.ws.clone()));
    let ctx = JudgeCtx {
        home: &f.home,
        cwd: &f.ws,
        workspace: &f.workspace,
        floor: &f.floor,
        baseline: &NoBaseline,
    };
    judge(&a, &ctx)
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
        "find . -iname '*.RS' | xargs cat",
    ] {
        assert!(reads_credential(&f, cmd), "{cmd}");
    }
}

#[test]
fn find_expressions_that_print_only_names_of_their_patterns() {
    let names = |line: &str| {
        let words: Vec<String> = line.split_whitespace().map(str::to_string).collect();
        dynamic::find_names(&words)
    };
    let some = |v: &[&str]| Some(v.iter().map(|s| s.to_string()).collect::<Vec<_>>());
    assert_eq!(names(". -name *.h"), some(&["*.h"]));
    assert_eq!(names("a b -type f -name *.h -print0"), some(&["*.h"]));
    assert_eq!(
        names(". ( -name *.c -o -name *.h ) -a -type f"),
        some(&["*.c", "*.h"])
    );
    assert_eq!(names(". -name *.c -name *.h"), some(&["*.c", "*.h"]));
    // Some branch prints names no pattern limits, or the grammar is left.
    for line in [
        ".",
        ". -type f",
        ". -name *.h -o -type f",
        ". -name *.h -o -print",
        ". ( -name *.h",
        ". -name",
        ". -not -name *.h",
        ". ! -name *.h",
        ". -path */x/*",
        ". -iname *.h",
        "-L . -name *.h",
        ". -follow -name *.h",
        ". -name *.h -exec cat {} ;",
    ] {
        assert_eq!(names(line), None, "{line}");
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
    let only = |p: &[&str]| p.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let got = |o: Option<Vec<String>>| reach::stores_under(&f.home, o.as_deref(), &f.floor);
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
