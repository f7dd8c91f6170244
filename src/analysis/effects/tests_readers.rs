//! Table tests of the readers, viewers, information printers and own-parser programs
//! (`programs::{coreutils, viewers, info, own}`), and a check that every table is well
//! formed.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::grammar::{Arity, GrammarError};
use super::programs;
use super::{secret_name, Effect, Reach, WriteHow};

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

/// Words as a quoted shell word gives them: nothing computed at run time.
fn lit(words: &[&str]) -> Result<Vec<Effect>, GrammarError> {
    let v: Vec<String> = words.iter().map(|w| w.to_string()).collect();
    let d = vec![false; v.len()];
    let p = programs::lookup(words[0]).expect("a known program");
    programs::effects(p, &v, &d)
}

fn r(p: &str) -> Effect {
    Effect::read(p)
}

fn reach(p: &str, reach: Reach) -> Effect {
    Effect::Read {
        path: p.into(),
        reach,
    }
}

fn secret(words: &[&str]) -> bool {
    fx(words)
        .unwrap()
        .iter()
        .any(|e| matches!(e, Effect::Secret { .. }))
}

fn lsecret(words: &[&str]) -> bool {
    lit(words)
        .unwrap()
        .iter()
        .any(|e| matches!(e, Effect::Secret { .. }))
}

fn lunknown(words: &[&str]) -> bool {
    lit(words).is_err() || lit(words).unwrap().iter().any(Effect::is_unknown)
}

fn unknown(words: &[&str]) -> bool {
    fx(words).is_err() || fx(words).unwrap().iter().any(Effect::is_unknown)
}

fn runs(words: &[&str]) -> bool {
    fx(words)
        .unwrap()
        .iter()
        .any(|e| matches!(e, Effect::Run { .. }))
}

/// Every program the families describe.
const PROGRAMS: &[&str] = &[
    "cat",
    "head",
    "tail",
    "wc",
    "sort",
    "uniq",
    "date",
    "ls",
    "dir",
    "vdir",
    "ll",
    "la",
    "du",
    "df",
    "stat",
    "nl",
    "tac",
    "md5sum",
    "sha1sum",
    "sha224sum",
    "sha256sum",
    "sha384sum",
    "sha512sum",
    "b2sum",
    "cksum",
    "od",
    "readlink",
    "realpath",
    "cut",
    "paste",
    "fold",
    "fmt",
    "comm",
    "expand",
    "unexpand",
    "base64",
    "base32",
    "basenc",
    "tr",
    "mkdir",
    "touch",
    "cp",
    "mv",
    "ln",
    "install",
    "chmod",
    "chown",
    "chgrp",
    "rm",
    "rmdir",
    "unlink",
    "shred",
    "tee",
    "truncate",
    "split",
    "csplit",
    "mktemp",
    "pwd",
    "whoami",
    "logname",
    "id",
    "groups",
    "uname",
    "nproc",
    "arch",
    "tty",
    "basename",
    "dirname",
    "sleep",
    "printenv",
    "uptime",
    "free",
    "pgrep",
    "lsblk",
    "locale",
    "which",
    "whereis",
    "cal",
    "ncal",
    "locate",
    "man",
    "dmesg",
    "hostname",
    "type",
    "help",
    "cd",
    "read",
    "file",
    "strings",
    "hexdump",
    "column",
    "rev",
    "cmp",
    "diff",
    "shasum",
    "bat",
    "batcat",
    "exa",
    "eza",
    "echo",
    "printf",
    "true",
    "false",
    ":",
    "test",
    "[",
    "[[",
    "expr",
    "command",
    "seq",
    "dd",
    "xxd",
    "jq",
    "ps",
    "tree",
    "ss",
    "lsof",
    "netstat",
    "top",
    "avdmanager",
    "sdkmanager",
    "sw_vers",
    "lsb_release",
    "getconf",
    "lscpu",
    "vmstat",
    "xcode-select",
    "otool",
    "plutil",
    "gcc",
    "cc",
    "clang++",
];

#[test]
fn every_table_is_well_formed() {
    for name in PROGRAMS {
        let p = programs::lookup(name).unwrap_or_else(|| panic!("{name} has no table"));
        let mut seen: Vec<&str> = Vec::new();
        for o in p.grammar.opts {
            assert!(!o.names.is_empty(), "{name}: an option without a name");
            for n in o.names {
                assert!(
                    n.starts_with('-') && n.len() >= 2 && !n.contains('='),
                    "{name}: bad option name {n}"
                );
                // Go-style programs (sw_vers, plutil, the C compilers) spell whole
                // words after one dash.
                if !n.starts_with("--") && p.grammar.style != super::grammar::Style::Go {
                    assert_eq!(n.chars().count(), 2, "{name}: {n} is not one letter");
                }
                assert!(!seen.contains(n), "{name}: {n} is declared twice");
                seen.push(n);
            }
            if o.arity == Arity::Flag {
                assert!(
                    !matches!(
                        o.val,
                        super::grammar::Val::Read | super::grammar::Val::Write
                    ),
                    "{name}: a flag cannot name a path"
                );
            }
        }
        // Every GNU-style program answers --help without effects (bash's builtins read
        // a lone --help before their getopt; the catalogue answers that).
        if p.grammar.style != super::grammar::Style::Posix {
            assert!(
                fx(&[name, "--help"]).is_ok(),
                "{name} --help is not in its grammar"
            );
        }
    }
}

#[test]
fn listers_read_what_they_list_and_how_far() {
    assert_eq!(fx(&["ls", "-la"]), Ok(vec![r(".")]));
    // Without -R: the operands' names and metadata (a file's contents never).
    assert_eq!(
        fx(&["ls", "-la", "src", "docs"]),
        Ok(vec![
            reach("src", Reach::Metadata),
            reach("docs", Reach::Metadata)
        ])
    );
    assert_eq!(
        fx(&["stat", "-c", "%s", "f"]),
        Ok(vec![reach("f", Reach::Metadata)])
    );
    // -R lists the names below, still never a file's contents.
    assert_eq!(
        fx(&["ls", "-R", "src"]),
        Ok(vec![reach("src", Reach::Metadata)])
    );
    assert_eq!(
        fx(&["du", "-sh", "src"]),
        Ok(vec![reach("src", Reach::Metadata)])
    );
    assert_eq!(
        fx(&["du", "-L", "src"]),
        Ok(vec![reach("src", Reach::TreeFollow)])
    );
    assert_eq!(
        fx(&["tree", "-a", "src"]),
        Ok(vec![reach("src", Reach::Metadata)])
    );
    assert_eq!(
        fx(&["tree", "-l", "src"]),
        Ok(vec![reach("src", Reach::TreeFollow)])
    );
    assert_eq!(
        fx(&["ls", "-RL", "src"]),
        Ok(vec![reach("src", Reach::TreeFollow)])
    );
    assert_eq!(fx(&["ls", "--color=auto", "-w", "80"]), Ok(vec![r(".")]));
    assert!(fx(&["ls", "--color=sometimes"]).is_err());
    assert!(fx(&["ls", "--quoting-style=weird"]).is_err());
    assert_eq!(
        fx(&["du", "--files0-from=list"]),
        Ok(vec![reach("list", Reach::ListOfFiles), r(".")])
    );
    assert_eq!(
        fx(&["eza", "-T", "--follow-symlinks", "src"]),
        Ok(vec![reach("src", Reach::TreeFollow)])
    );
    assert!(unknown(&["eza", "--stdin"]));
    // tree's options take the next word: `-oL out 2` writes out, not L.
    assert_eq!(
        fx(&["tree", "-oL", "out", "2", "src"]),
        Ok(vec![
            reach("src", Reach::Metadata),
            Effect::write("out", WriteHow::Replace)
        ])
    );
    assert_eq!(
        fx(&["tree", "-L", "2"]),
        Ok(vec![reach(".", Reach::Metadata)])
    );
    assert_eq!(
        fx(&["eza", "-T", "src"]),
        Ok(vec![reach("src", Reach::Metadata)])
    );
    assert_eq!(
        fx(&["tree", "-l", "x"]),
        Ok(vec![reach("x", Reach::TreeFollow)])
    );
    assert_eq!(
        fx(&["tree", "--gitfile=ig", "x"]),
        Ok(vec![r("ig"), reach("x", Reach::Metadata)])
    );
    assert_eq!(
        fx(&["tree", "--gitignore", "x"]),
        Ok(vec![reach("x", Reach::Tree)])
    );
    assert!(unknown(&["tree", "-R", "-H", ".", "-o", "x.html"]));
    assert!(fx(&["tree", "--nosuch"]).is_err());
    assert!(fx(&["tree", "-L"]).is_err());
}

#[test]
fn readers_that_read_lists_or_run_programs_say_so() {
    assert_eq!(
        fx(&["sha256sum", "-c", "SUMS"]),
        Ok(vec![reach("SUMS", Reach::ListOfFiles)])
    );
    assert_eq!(fx(&["md5sum", "a", "b"]), Ok(vec![r("a"), r("b")]));
    assert_eq!(
        fx(&["file", "-f", "names"]),
        Ok(vec![reach("names", Reach::ListOfFiles)])
    );
    assert!(runs(&["file", "-z", "x.gz"]));
    // file looks at a link operand without following it; its magic files it opens.
    assert_eq!(
        fx(&["file", "-m", "a.mgc:b.mgc", "x"]),
        Ok(vec![
            reach("x", Reach::FileNoFollow),
            r("a.mgc"),
            r("b.mgc")
        ])
    );
    // The last of `-L` and `-h` decides.
    for (argv, follows) in [
        (&["file", "-L", "x"][..], true),
        (&["file", "--dereference", "x"], true),
        (&["file", "-h", "-L", "x"], true),
        (&["file", "-L", "-h", "x"], false),
        (&["file", "--no-dereference", "x"], false),
        (&["file", "-b", "x"], false),
    ] {
        let want = if follows {
            Reach::File
        } else {
            Reach::FileNoFollow
        };
        assert_eq!(fx(argv), Ok(vec![reach("x", want)]), "{argv:?}");
    }
    assert!(unknown(&["strings", "@opts"]));
    assert_eq!(fx(&["strings", "-8", "bin"]), Ok(vec![r("bin")]));
    assert!(runs(&["bat", "--pager", "less -R", "x"]));
    assert!(runs(&["batcat", "--paging=always", "x"]));
    assert_eq!(fx(&["bat", "--paging=never", "-n", "x"]), Ok(vec![r("x")]));
    assert!(unknown(&["bat", "cache", "--build"]));
    assert!(unknown(&["bat", "--generate-config-file"]));
    assert!(runs(&["man", "-P", "sh -c id", "ls"]));
    assert!(runs(&["man", "--html=firefox", "ls"]));
    assert_eq!(fx(&["man", "-l", "doc/x.1"]), Ok(vec![r("doc/x.1")]));
    assert_eq!(fx(&["man", "3", "printf"]), Ok(vec![]));
    assert!(runs(&["diff", "-l", "a", "b"]));
    assert_eq!(
        fx(&["diff", "-ru", "a", "b"]),
        Ok(vec![reach("a", Reach::Tree), reach("b", Reach::Tree)])
    );
    assert_eq!(
        fx(&["diff", "--from-file=base", "x"]),
        Ok(vec![r("base"), r("x")])
    );
    assert_eq!(fx(&["cmp", "a", "b", "10"]), Ok(vec![r("a"), r("b")]));
    assert!(fx(&["comm", "a", "b", "c"]).is_err());
}

#[test]
fn writers_among_the_readers_write() {
    // xxd: the second operand is written (patched in place with -r).
    assert_eq!(fx(&["xxd", "-ps", "bin"]), Ok(vec![r("bin")]));
    assert_eq!(
        fx(&["xxd", "-r", "-p", "hex", "out.bin"]),
        Ok(vec![r("hex"), Effect::write("out.bin", WriteHow::Edit)])
    );
    assert_eq!(
        fx(&["xxd", "-cols", "8", "-s", "0x10", "a", "b"]),
        Ok(vec![r("a"), Effect::write("b", WriteHow::Replace)])
    );
    assert_eq!(fx(&["xxd", "-c8", "a"]), Ok(vec![r("a")]));
    assert_eq!(fx(&["xxd", "--revert", "a"]), Ok(vec![r("a")]));
    assert!(fx(&["xxd", "-q"]).is_err());
    assert!(fx(&["xxd", "a", "b", "c"]).is_err());
    // Two bytes that are not two characters spell no option (the fuzzer's `-\u{fffd}aein`).
    assert!(fx(&["xxd", "-\u{fffd}aein"]).is_err());
    assert!(fx(&["xxd", "--\u{e9}", "a"]).is_err());
    // macOS base64 -o writes; GNU base64 reads one file.
    assert_eq!(
        fx(&["base64", "-i", "in", "-o", "out"]),
        Ok(vec![Effect::write("out", WriteHow::Replace), r("in")])
    );
    assert_eq!(fx(&["base64", "-d", "x.b64"]), Ok(vec![r("x.b64")]));
}

#[test]
fn jq_reads_files_named_by_options_and_prints_the_environment_its_filter_names() {
    assert_eq!(lit(&["jq", ".", "a.json"]), Ok(vec![r("a.json")]));
    assert_eq!(
        lit(&["jq", "-r", "--arg", "k", "v", ".[$k]", "a.json", "b.json"]),
        Ok(vec![r("a.json"), r("b.json")])
    );
    assert_eq!(
        lit(&["jq", "--rawfile", "k", "/home/u/.ssh/id_rsa", "-n", "$k"]),
        Ok(vec![r("/home/u/.ssh/id_rsa")])
    );
    assert_eq!(
        lit(&["jq", "-n", "--slurpfile", "d", "data.json", "$d"]),
        Ok(vec![r("data.json")])
    );
    // After --args the operands are strings, not files.
    assert_eq!(lit(&["jq", "-n", "--args", "$ARGS", "a", "b"]), Ok(vec![]));
    // -L and modules.
    assert!(lunknown(&[
        "jq",
        "-L",
        "lib",
        "import \"x\" as x; x::f",
        "a.json"
    ]));
    assert!(lunknown(&["jq", "-Llib", "include \"x\"; .", "a.json"]));
    // The library directory is read as a tree, links followed (modules and data load by
    // name from below it).
    assert_eq!(
        lit(&["jq", "-L", "lib", ".", "a.json"]),
        Ok(vec![
            Effect::Read {
                path: "lib".into(),
                reach: Reach::TreeFollow
            },
            r("a.json")
        ])
    );
    assert_eq!(
        lit(&["jq", "--library-path", "lib", ".", "a.json"]),
        Ok(vec![
            Effect::Read {
                path: "lib".into(),
                reach: Reach::TreeFollow
            },
            r("a.json")
        ])
    );
    // A filter from a file is not seen.
    assert!(lunknown(&["jq", "-f", "prog.jq", "a.json"]));
    // The environment.
    assert!(lsecret(&["jq", "-n", "env"]));
    assert!(lsecret(&["jq", "-n", "$ENV"]));
    assert!(lsecret(&["jq", "-n", "$ENV | keys"]));
    assert!(lsecret(&["jq", "-n", "env.AWS_SECRET_ACCESS_KEY"]));
    assert!(lsecret(&["jq", "-n", "$ENV[\"GITHUB_TOKEN\"]"]));
    assert!(lsecret(&["jq", "-rn", "\"key: \\(env.OPENAI_API_KEY)\""]));
    assert!(lsecret(&["jq", "-n", "[env]"]));
    assert!(!lsecret(&["jq", "-n", "env.HOME"]));
    assert!(!lsecret(&["jq", ".env", "a.json"]));
    assert!(!lsecret(&["jq", "{env: 1}", "a.json"]));
    assert!(!lsecret(&["jq", "{a, env}", "a.json"]));
    assert!(!lsecret(&["jq", ".[\"env\"] # env", "a.json"]));
    assert!(!lsecret(&["jq", "$env", "a.json"]));
    // Options are exact names; unknown ones are errors.
    assert!(lit(&["jq", "--raw", "."]).is_err());
    assert!(lit(&["jq", "-Z", "."]).is_err());
    assert!(lit(&["jq", "--arg", "k"]).is_err());
}

#[test]
fn secret_printers_print_secrets() {
    assert!(secret(&["printenv"]));
    assert!(secret(&["printenv", "-0"]));
    assert!(secret(&["printenv", "GITHUB_TOKEN"]));
    assert!(secret(&["printenv", "DATABASE_URL"]));
    assert!(!secret(&["printenv", "HOME", "PATH"]));
    assert!(secret(&["ps", "eww"]));
    assert!(secret(&["ps", "auxe"]));
    assert!(secret(&["ps", "-E"]));
    assert!(secret(&["ps", "-AE"]));
    assert!(!secret(&["ps", "aux"]));
    assert!(!secret(&["ps", "-ef"]));
    assert!(!secret(&["ps", "-eo", "pid,comm"]));
    assert!(!secret(&["ps", "--sort=-%cpu", "-o", "pid"]));
    assert!(fx(&["ps", "--nosuch"]).is_err());
    assert!(fx(&["ps", "aQ"]).is_err());
    assert!(secret(&["echo", "$GITHUB_TOKEN"]));
    assert!(secret(&["echo", "token=${AWS_SECRET_ACCESS_KEY:-none}"]));
    assert!(secret(&["printf", "%s", "$NPM_TOKEN"]));
    assert!(secret(&["echo", "${!name}"]));
    assert!(!secret(&["echo", "${#GITHUB_TOKEN}"]));
    assert!(!secret(&["echo", "${GITHUB_TOKEN:+set}"]));
    assert!(!secret(&["echo", "$HOME", "$PWD"]));
    assert!(!secret(&["echo", "-n", "GITHUB_TOKEN"]));
    // One test for secret-shaped variable names.
    for n in [
        "AWS_SECRET_ACCESS_KEY",
        "GITHUB_TOKEN",
        "DB_PASSWORD",
        "STRIPE_KEY",
        "SENTRY_DSN",
    ] {
        assert!(secret_name(n), "{n}");
    }
    for n in ["HOME", "PATH", "PWD", "SORT_KEY", "TERM", "EDITOR"] {
        assert!(!secret_name(n), "{n}");
    }
}

#[test]
fn information_printers_change_nothing_unless_told_to() {
    assert_eq!(fx(&["uname", "-a"]), Ok(vec![]));
    assert_eq!(fx(&["id", "-un"]), Ok(vec![]));
    assert_eq!(fx(&["which", "-a", "python3"]), Ok(vec![]));
    assert_eq!(fx(&["basename", "-s", ".rs", "src/a.rs"]), Ok(vec![]));
    assert_eq!(fx(&["seq", "-1", "5"]), Ok(vec![]));
    assert_eq!(fx(&["seq", "-w", "-s", ",", "10"]), Ok(vec![]));
    assert_eq!(fx(&["sleep", "2"]), Ok(vec![]));
    assert_eq!(fx(&["test", "-f", "x"]), Ok(vec![]));
    assert_eq!(fx(&["[", "-d", "x", "]"]), Ok(vec![]));
    assert_eq!(fx(&["true", "--anything"]), Ok(vec![]));
    assert_eq!(fx(&["expr", "1", "+", "2"]), Ok(vec![]));
    assert_eq!(fx(&["echo", "-e", "a\\tb"]), Ok(vec![]));
    assert_eq!(fx(&["tr", "-d", "\\r"]), Ok(vec![]));
    assert_eq!(fx(&["pgrep", "-af", "node"]), Ok(vec![]));
    assert_eq!(fx(&["free", "-h"]), Ok(vec![]));
    assert_eq!(fx(&["command", "-v", "git"]), Ok(vec![]));
    assert!(unknown(&["command", "git", "push"]));
    assert!(unknown(&["dmesg", "-C"]));
    assert!(unknown(&["dmesg", "--console-level", "1"]));
    assert_eq!(fx(&["dmesg", "-T", "--level=err"]), Ok(vec![]));
    assert_eq!(fx(&["dmesg", "-F", "kern.log"]), Ok(vec![r("kern.log")]));
    assert!(unknown(&["hostname", "newname"]));
    assert!(unknown(&["hostname", "-F", "/etc/hostname"]));
    assert_eq!(fx(&["hostname", "-f"]), Ok(vec![]));
    assert!(unknown(&["date", "-s", "now"]));
    assert!(unknown(&["pgrep", "--env", "TOKEN=abc"]));
    // Variables read or printed into: PATH changes what later commands run.
    assert_eq!(fx(&["read", "-r", "line"]), Ok(vec![]));
    assert!(unknown(&["read", "PATH"]));
    assert!(unknown(&["read", "-a", "path"]));
    // mapfile/readarray read lines into an array; a callback runs code.
    assert_eq!(fx(&["mapfile", "-t", "files"]), Ok(vec![]));
    assert_eq!(fx(&["readarray", "-t", "-n", "3", "lines"]), Ok(vec![]));
    assert_eq!(fx(&["mapfile"]), Ok(vec![]));
    assert!(unknown(&["mapfile", "-C", "evil", "-c", "1", "x"]));
    assert!(unknown(&["mapfile", "-t", "PATH"]));
    assert!(unknown(&["readarray", "a", "b"]));
    assert!(unknown(&["printf", "-v", "PATH", "%s", "/tmp"]));
    assert_eq!(fx(&["printf", "-v", "x", "%s", "1"]), Ok(vec![]));
    assert_eq!(fx(&["cd", "-P", "src"]), Ok(vec![]));
    assert!(fx(&["cd", "a", "b"]).is_err());
}

#[test]
fn socket_and_open_file_listings() {
    // ss: getopt_long, so prefixes of long options resolve; the filter is data.
    assert_eq!(fx(&["ss", "-tlnp"]), Ok(vec![]));
    assert_eq!(
        fx(&["ss", "-tan", "state", "listening", "sport", "=", ":8080"]),
        Ok(vec![])
    );
    assert_eq!(fx(&["ss", "--listen", "--numer"]), Ok(vec![]));
    assert!(unknown(&["ss", "-K", "dport", "=", ":22"]));
    assert!(unknown(&["ss", "--ki"]));
    assert!(unknown(&["ss", "-N", "other", "-t"]));
    assert_eq!(
        fx(&["ss", "-D", "dump.bin"]),
        Ok(vec![Effect::write("dump.bin", WriteHow::Replace)])
    );
    assert_eq!(fx(&["ss", "-F", "filter.txt"]), Ok(vec![r("filter.txt")]));
    assert!(fx(&["ss", "--nosuch"]).is_err());
    // lsof: bundles, values attached or in the next word, optional values.
    assert_eq!(fx(&["lsof", "-i", ":8081"]), Ok(vec![]));
    assert_eq!(fx(&["lsof", "-ti:3000"]), Ok(vec![]));
    assert_eq!(fx(&["lsof", "-nP", "-iTCP", "-sTCP:LISTEN"]), Ok(vec![]));
    assert_eq!(fx(&["lsof", "-i", "-P", "-n"]), Ok(vec![]));
    assert_eq!(fx(&["lsof", "-c", "node", "-a", "-p", "123"]), Ok(vec![]));
    assert_eq!(fx(&["lsof", "-F", "-p", "1"]), Ok(vec![]));
    // Names and `+D` directories are looked at, never read.
    assert_eq!(
        fx(&["lsof", "app.log"]),
        Ok(vec![reach("app.log", Reach::Metadata)])
    );
    assert_eq!(
        fx(&["lsof", "+D", "build"]),
        Ok(vec![reach("build", Reach::Metadata)])
    );
    assert_eq!(
        fx(&["lsof", "--", "-odd"]),
        Ok(vec![reach("-odd", Reach::Metadata)])
    );
    // The mount supplement, kernel name list and device cache are files it would
    // create or read; `-f` flag letters and unknown letters are outside the grammar.
    for bad in [
        &["lsof", "+m", "/tmp/m"][..],
        &["lsof", "-m", "/dev/kmem"],
        &["lsof", "-k", "/boot/vmlinux"],
        &["lsof", "-D", "r"],
        &["lsof", "-nPj"],
        &["lsof", "-p"],
    ] {
        assert!(fx(bad).is_err(), "{bad:?}");
    }
    assert!(unknown(&["lsof", "$FILE"]));
}

#[test]
fn process_and_connection_listings() {
    assert_eq!(fx(&["netstat", "-tlnp"]), Ok(vec![]));
    assert_eq!(fx(&["netstat", "-rn"]), Ok(vec![]));
    assert_eq!(fx(&["netstat", "--numeric-ports", "-a"]), Ok(vec![]));
    assert!(fx(&["netstat", "eth0"]).is_err());
    assert_eq!(fx(&["top", "-bn1"]), Ok(vec![]));
    assert_eq!(
        fx(&["top", "-b", "-n", "1", "-o", "%MEM", "-w512"]),
        Ok(vec![])
    );
    // Interactively its keys kill and renice.
    assert!(unknown(&["top"]));
    // The Android SDK's listings, and nothing that creates, deletes or installs.
    for ok in [
        &["avdmanager", "list", "avd"][..],
        &["avdmanager", "-s", "list", "target", "-c"],
        &["avdmanager", "list"],
        &["sdkmanager", "--list_installed"],
        &["sdkmanager", "--list", "--include_obsolete", "--verbose"],
        &["sdkmanager", "--version"],
    ] {
        assert_eq!(fx(ok), Ok(vec![]), "{ok:?}");
    }
    for not in [
        &[
            "avdmanager",
            "create",
            "avd",
            "-n",
            "x",
            "-k",
            "system-images;android-36",
        ][..],
        &["avdmanager", "delete", "avd", "-n", "x"],
        &["avdmanager", "list", "-c"],
        &["avdmanager", "list", "avd", "extra"],
        &["avdmanager", "--clear-cache", "list"],
        &["sdkmanager", "platform-tools"],
        &["sdkmanager", "--list", "platform-tools"],
        &["sdkmanager", "--uninstall", "x"],
        &["sdkmanager", "--licenses"],
        &["sdkmanager", "--update"],
        &["sdkmanager", "--sdk_root=/tmp/x", "--list"],
        &["sdkmanager"],
    ] {
        assert!(unknown(not), "{not:?}: {:?}", fx(not));
    }
    assert!(unknown(&["top", "-n", "1"]));
    assert!(fx(&["top", "-b", "-n", "x"]).is_err());
}

#[test]
fn yq_reads_its_files_with_a_filter_of_paths_and_nothing_else() {
    assert_eq!(
        lit(&["yq", ".services", "docker-compose.yml"]),
        Ok(vec![r("docker-compose.yml")])
    );
    assert_eq!(
        lit(&[
            "yq",
            "-r",
            ".jobs.build.steps[].name",
            ".github/workflows/ci.yml"
        ]),
        Ok(vec![r(".github/workflows/ci.yml")])
    );
    assert_eq!(
        lit(&["yq", "-o", "json", ".a | keys", "a.yml", "b.yml"]),
        Ok(vec![r("a.yml"), r("b.yml")])
    );
    assert_eq!(lit(&["yq", ".on", "-"]), Ok(vec![]));
    assert_eq!(
        lit(&["yq", ".[0].\"a b\", ..", "x.yml"]),
        Ok(vec![r("x.yml")])
    );
    // In place, a file written per document, the filter read from a file, another option,
    // and filters that read the environment or files, assign, or call.
    for argv in [
        &["yq", "-i", ".a = 1", "x.yml"][..],
        &["yq", "--in-place", ".a", "x.yml"],
        &["yq", "-s", ".a", "x.yml"],
        &["yq", "--from-file", "f.yq", "x.yml"],
        &["yq", "-ri", ".a", "x.yml"],
        &["yq", "-o", "shell", ".a", "x.yml"],
        &["yq", "env", "x.yml"],
        &["yq", "$ENV", "x.yml"],
        &["yq", ".a | env(GITHUB_TOKEN)", "x.yml"],
        &["yq", "strenv(HOME)", "x.yml"],
        &["yq", "load(\"/home/u/.aws/credentials\")", "x.yml"],
        &["yq", "\"\\(env)\"", "x.yml"],
        &["yq", ".a = \"x\"", "x.yml"],
        &["yq", "x.yml"],
        &["yq", "-L", "lib", ".", "x.yml"],
    ] {
        assert!(lit(argv).is_err(), "{argv:?}: {:?}", lit(argv));
    }
}

#[test]
fn shellcheck_and_hadolint_read_what_they_check() {
    assert_eq!(
        lit(&["shellcheck", "-x", "-S", "warning", "a.sh", "b.sh"]),
        Ok(vec![r("a.sh"), r("b.sh")])
    );
    assert_eq!(
        lit(&["shellcheck", "-f", "gcc", "--rcfile=rc", "a.sh"]),
        Ok(vec![r("rc"), r("a.sh")])
    );
    assert_eq!(lit(&["hadolint", "Dockerfile"]), Ok(vec![r("Dockerfile")]));
    assert_eq!(
        lit(&["hadolint", "--ignore", "DL3008", "-f", "json", "Dockerfile"]),
        Ok(vec![r("Dockerfile")])
    );
    assert_eq!(
        lit(&["hadolint", "-o", "/home/u/.bashrc", "Dockerfile"]),
        Ok(vec![
            Effect::write("/home/u/.bashrc", WriteHow::Replace),
            r("Dockerfile")
        ])
    );
    // Findings from every sourced file, options neither lists, a prefix hadolint does
    // not take.
    assert!(fx(&["shellcheck", "-a", "-x", "a.sh"]).map_or(true, |e| e
        .iter()
        .any(|e| !matches!(e, Effect::Read { .. }))));
    assert!(lit(&["shellcheck", "--bogus", "a.sh"]).is_err());
    assert!(lit(&["hadolint", "--conf", "x", "Dockerfile"]).is_err());
    assert!(lit(&["hadolint", "--shell", "x", "Dockerfile"]).is_err());
}
