//! Differential tests against the real bash: each line is run by `bash -c` with a function
//! `f` that records the words it is given (and its stdin), and the analysis must find the
//! same `f` commands with the same argv and heredoc bodies. Line continuations in every
//! quoting context, brace expansion, tilde expansion.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::*;

/// What bash gave each `f N …` command: its words after `N`, and what it read on stdin.
pub(crate) type Seen = Vec<Option<(Vec<String>, String)>>;

/// Run `line` in bash (HOME and PWD as in [`env`]'s analysis are not needed: lines here use
/// no expansion of them) and collect what each `f N` received. `None` without bash.
pub(crate) fn bash_seen(line: &str, n: usize) -> Option<Seen> {
    let dir = tempfile::tempdir().ok()?;
    let script = format!(
        "f() {{ local i=$1; shift; if [ $# -gt 0 ]; then printf '%s\\0' \"$@\"; fi > \"$D/$i\"; cat > \"$D/$i.in\"; }}\n{line}\n"
    );
    let out = std::process::Command::new("bash")
        .arg("--norc")
        .arg("-c")
        .arg(&script)
        .current_dir(dir.path())
        .env("D", dir.path())
        .env("HOME", HOME)
        .stdin(std::process::Stdio::null())
        .output()
        .ok()?;
    assert!(
        out.stderr.is_empty(),
        "bash complained about {line:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    Some(
        (0..n)
            .map(|i| {
                let words = std::fs::read(dir.path().join(i.to_string())).ok()?;
                let stdin = std::fs::read(dir.path().join(format!("{i}.in"))).ok()?;
                let mut words: Vec<String> = String::from_utf8(words)
                    .unwrap()
                    .split('\0')
                    .map(str::to_string)
                    .collect();
                words.pop();
                Some((words, String::from_utf8(stdin).unwrap()))
            })
            .collect(),
    )
}

/// The analysis and bash agree on every `f N` command of `line` (there are `n`).
#[track_caller]
pub(crate) fn agrees(line: &str, n: usize) {
    let Some(theirs) = bash_seen(line, n) else {
        return; // no bash here
    };
    let a = an(line);
    assert!(
        a.opaque.iter().all(|o| *o == Opaque::AnsiCQuote),
        "{line:?} is opaque: {:?}",
        a.opaque
    );
    let ours: Vec<&SimpleCommand> = a
        .commands
        .iter()
        .filter(|c| c.argv.first().is_some_and(|f| f == "f"))
        .collect();
    assert_eq!(ours.len(), n, "{line:?}: {:?}", a.commands);
    for (i, (c, bash)) in ours.iter().zip(&theirs).enumerate() {
        assert_eq!(
            c.argv.get(1).map(String::as_str),
            Some(i.to_string().as_str())
        );
        let Some((words, stdin)) = bash else {
            panic!("{line:?}: bash did not run f {i}");
        };
        // A word holding a substitution is not known; the commands inside it are checked.
        if c.dynamic_words.iter().all(|d| !d) {
            assert_eq!(&c.argv[2..], words.as_slice(), "{line:?}: words of f {i}");
        }
        // A here-string gains a newline in bash; the analysis keeps the word.
        let body = c.stdin_text.clone().unwrap_or_default();
        assert_eq!(
            body.trim_end_matches('\n'),
            stdin.trim_end_matches('\n'),
            "{line:?}: stdin of f {i}"
        );
    }
}

#[test]
fn line_continuations_join_where_bash_joins() {
    for (line, n) in [
        // Unquoted: the continuation disappears, inside a word or between words.
        ("f 0 _\\\n==", 1),
        ("f 0 a\\\nb c\\\n", 1),
        ("f 0 \\\n-x", 1),
        ("f\\\n 0 x", 1),
        ("f 0 a \\\n; f 1 b", 2),
        ("f 0 x &\\\n& f 1 y", 2),
        ("f 0 x \\\n| f 1 y", 2),
        // Inside single quotes and $'…' it is literal.
        ("f 0 '$\\\n'", 1),
        ("f 0 'a\\\nb'", 1),
        ("f 0 $'a\\\nb'", 1),
        // Inside double quotes it disappears; an escaped backslash is no continuation.
        ("f 0 \"a\\\nb\"", 1),
        ("f 0 \"a\\\\\nb\"", 1),
        ("f 0 \"$\\\n\"", 1),
        ("f 0 \\$\\\nx", 1),
        ("f 0 \\`\\\nx", 1),
        // An escaped backslash before a real newline ends the command.
        ("f 0 a\\\\\nf 1 b", 2),
        // A `#` after a continuation is part of the word; at a word start it is a comment.
        ("f 0 x\\\n#y", 1),
        ("f 0 x \\\n#y\nf 1 z", 2),
        ("f 0 x # a \\\nf 1 y", 2),
        // In substitutions and backquotes, inside single quotes too for backquotes.
        ("f 0 \"$(f 1 a\\\nb)\"", 2),
        ("f 0 \"$(f 1 'a\\\nb')\"", 2),
        ("f 0 \"`f 1 'a\\\nb'`\"", 2),
        ("f 0 $(f 1 \"a\\\nb\" 'c\\\nd')", 2),
        // Heredocs: joined in the body unless the delimiter is quoted; the delimiter line
        // itself may be continued.
        ("f 0 <<E\nx\\\ny\nE", 1),
        ("f 0 <<'E'\nx\\\ny\nE", 1),
        ("f 0 <<\"E\"\nx\\\ny\nE", 1),
        ("f 0 <<\\E\nx\\\ny\nE", 1),
        ("f 0 <<E\\\nF\nz\nEF", 1),
        ("f 0 <<E\nx\nE\\\n\nf 1", 2),
        ("f 0 <<E\na\\\nb\nE\nf 1 <<'F'\nc\\\nd\nF", 2),
        ("f 0 <<E # c \\\nx\\\ny\nE", 1),
        ("f 0 <\\\n<E\nq\nE", 1),
        ("f 0 <<< a\\\nb", 1),
    ] {
        agrees(line, n);
    }
}

#[test]
fn uncertain_continuations_are_opaque() {
    for cmd in [
        "x=$(case a in a) echo \\\nb;; esac)",
        "echo \"${x:-'a\\\nb'}\"",
        "cat <<-E\n\tx\\\ny\nE",
    ] {
        assert_opaque(cmd, |o| matches!(o, Opaque::ParseError(_)));
    }
}

/// Contexts whose words stay dynamic (so `agrees` cannot see them): the joined text.
#[test]
fn joined_text_inside_expansions() {
    use crate::analysis::shell::continuation::join;
    for (text, want) in [
        ("\"${U:-a\\\nb}\"", "\"${U:-ab}\""),
        ("${U:-'a\\\nb'}", "${U:-'a\\\nb'}"),
        ("${U:-\"a\\\nb\"}", "${U:-\"ab\"}"),
        ("$((1 <<\\\n2))", "$((1 <<2))"),
        ("$((1 << 2)) \\\nx", "$((1 << 2)) x"),
        // An escaped backslash ends a heredoc body line (bash prints `a\` then `b`).
        ("cat <<E\na\\\\\nb\nE", "cat <<E\na\\\\\nb\nE"),
    ] {
        assert_eq!(join(text).0, want, "{text:?}");
        assert_eq!(join(text).1, None, "{text:?}");
    }
    // Bash agrees on the values (U is unset).
    let out = std::process::Command::new("bash")
        .arg("-c")
        .arg("printf '%s|' \"${U:-a\\\nb}\" ${U:-'a\\\nb'} ${U:-\"a\\\nb\"} $((1 <<\\\n2))")
        .output();
    if let Ok(out) = out {
        assert_eq!(String::from_utf8_lossy(&out.stdout), "ab|a\\\nb|ab|4|");
    }
}

/// Words bash brace- and tilde-expands, each as the argument of `f 0`: the analysis must
/// produce bash's words and call each of them known.
#[test]
fn brace_and_tilde_expansion_match_bash() {
    for word in [
        "{a,b}",
        // A `}` before any comma closes nothing (found by the property test: `{$HOME},}`).
        "{a},b}",
        "{a},/home/dev/.netrc}",
        "{a..}b,c}",
        "{1..3},x}",
        "{a}}",
        "{a},}",
        "{},}",
        "''{},}",
        "{x,{a}},y}",
        "{a}{b,c}",
        "{a\\},b}",
        "x{a}y,z}w",
        "x{,a}",
        "{,a}",
        "''{,}",
        "{,}x",
        "{{a,b}}",
        "{a,b}{c,d}",
        "a{b,c{d,e}f}g",
        "{a}",
        "{}",
        "{a,b",
        "a}",
        "{a','b}",
        "{a\\,b}",
        "\"{a,b}\"",
        "{\"a\",b}",
        "{a,\"b,c\"}",
        "{a,b,}",
        "{1..5}",
        "{5..1}",
        "{01..10..3}",
        "{-3..3..2}",
        "{-01..1}",
        "{00..2}",
        "{+1..3}",
        "{1..10..-3}",
        "{1..3..0}",
        "{a..e}",
        "{e..a..2}",
        "{1..a}",
        "{@..B}",
        "{1..2}{a,b}",
        "x{1..3}y",
        "{README.md,~/.aws/credentials}",
        "{~,/tmp}/.ssh/id_rsa",
        "/home/dev/{.ssh/id_rsa,}",
        "/home/dev/{.,}ssh/id_rsa",
        "~/{a,b}",
        "{a,b}~",
        "~{root,}",
        "{$HOME,x}",
        "\"$HOME\"{a,b}",
        "${HOME}{a,b}",
        "~",
        "~/x",
        "~root",
        "~root/x",
        "~\"root\"",
        "~'x'/y",
        "a~",
        "\\~",
        "x=~/a:~/b",
        "a+=~",
        "_=~:~",
        "a=~root:~",
        "1a=~",
        "a=b=~",
        "a=x~",
        "a'b'=~",
        "\"a\"=~",
        "a=\"~\"",
        "a=~''",
        "--file=~/x",
        "of=~/x",
        "{a,b}=~/x",
        ":~",
        "a:~",
        // A tilde-prefix ends at `:` in any word (found by the property test: `~:$`).
        "~:x",
        "~root:x",
        "~:~",
        "~:",
        "~/\\x",
    ] {
        agrees(&format!("f 0 {word}"), 1);
        let a = an(&format!("f 0 {word}"));
        assert!(
            a.commands[0].dynamic_words.iter().all(|d| !d),
            "{word}: {:?} {:?}",
            a.commands[0].argv,
            a.commands[0].dynamic_words
        );
    }
}

/// Brace expansion in the command name and in assignments and redirections.
#[test]
fn braces_outside_arguments() {
    // Assignments, here-strings, `case` and `[[ ]]` keep braces; declaration builtins and
    // loop words expand them; a redirection to several words is no known file.
    for (line, n) in [
        ("X={a,b} f 0 \"$X\"", 1),
        ("f 0 a[0]=~", 1),
        ("f 0 <<< {a,b}", 1),
        ("case {a,b} in '{a,b}') f 0 yes;; esac", 1),
        ("[[ {a,b} == '{a,b}' ]] && f 0 yes", 1),
        ("for x in {a,b}; do f 0 \"$x\"; done", 2),
        ("f 0 {a,b} > /dev/null", 1),
        ("f 0 > {q}", 1),
    ] {
        let _ = (line, n);
    }
    agrees("f 0 <<< {a,b}", 1);
    agrees("case {a,b} in '{a,b}') f 0 yes;; esac", 1);
    agrees("[[ {a,b} == '{a,b}' ]] && f 0 yes", 1);
    let a = an("X={a,b} ls");
    assert_eq!(
        a.commands[0].assignments,
        [("X".to_string(), "{a,b}".to_string())]
    );
    let a = an("ls > {a,b}");
    assert!(
        a.commands[0].redirects[0].dynamic,
        "{:?}",
        a.commands[0].redirects
    );
    let a = an("ls > {a}");
    assert_eq!(a.commands[0].redirects[0].target, "{a}");
    assert_eq!(argv0("export X={a,b}"), ["export", "X={a,b}"]);
    // The grammar reads `{rm,-rf,/}` as a broken group: opaque, never allowed.
    assert_opaque("{rm,-rf,/}", |o| matches!(o, Opaque::ParseError(_)));
}

/// Loops over literal words are unrolled with the variable bound; the values are the
/// words bash iterates over.
#[test]
fn loops_over_literal_words_bind_the_variable() {
    for words in [
        "{a,b} 'c d' ~/e",
        "x{1..3}",
        "~root \"$HOME\"/a",
        "a\\ b \"\" ''",
    ] {
        let Ok(out) = std::process::Command::new("bash")
            .arg("--norc")
            .arg("-c")
            .arg(format!("for x in {words}; do printf '%s\\0' \"$x\"; done"))
            .env("HOME", HOME)
            .output()
        else {
            return;
        };
        let text = String::from_utf8(out.stdout).unwrap();
        let theirs: Vec<&str> = text.split_terminator('\0').collect();
        let a = an(&format!("for x in {words}; do cat \"$x\"; done"));
        let ours: Vec<&str> = a.commands.iter().map(|c| c.argv[1].as_str()).collect();
        assert_eq!(ours, theirs, "{words}");
    }
    for (cmd, want) in [
        (
            "for f in ~/.netrc; do cat \"$f\"; done",
            vec!["cat /home/u/.netrc"],
        ),
        ("for f in a b; do cat $f; done", vec!["cat a", "cat b"]),
        (
            "for f in {x,y}.txt; do cat ${f}; done",
            vec!["cat x.txt", "cat y.txt"],
        ),
        ("for f in 'a b'; do cat $f; done", vec!["cat a b"]),
        ("for f in 'a b'; do cat \"$f\"; done", vec!["cat a b"]),
        ("select f in a; do cat \"$f\"; done", vec!["cat a", "cat "]),
        (
            "for a in 1 2; do for b in x y; do echo $a$b; done; done",
            vec!["echo 1x", "echo 1y", "echo 2x", "echo 2y"],
        ),
    ] {
        assert_eq!(execs(cmd), want, "{cmd}");
        assert_transparent(cmd);
    }
    // Unquoted, the value is split at blanks: two arguments.
    let a = an("for f in 'a b'; do cat $f; done");
    assert_eq!(a.commands[0].argv, ["cat", "a", "b"]);
    // A value that is a pattern stays a pattern.
    let a = an("for f in '*.txt'; do cat $f; done");
    assert_eq!(a.commands[0].argv, ["cat", "*.txt"]);
    assert!(a.commands[0].dynamic_words[1]);
    // Over a glob, a substitution, the positional parameters: the variable is not known.
    for cmd in [
        "for f in *.txt; do cat \"$f\"; done",
        "for f in $(ls); do cat \"$f\"; done",
        "for f; do cat \"$f\"; done",
        "for f in a; do f=~/.netrc; cat \"$f\"; done",
        "for f in a; do read f; cat \"$f\"; done",
        "for f in a; do bash -c 'cat $f'; done",
    ] {
        let a = an(cmd);
        let cat = a
            .commands
            .iter()
            .find(|c| c.exec.first().is_some_and(|p| p == "cat"))
            .unwrap();
        assert!(cat.dynamic_words[1], "{cmd}: {:?}", cat.argv);
    }
    // Past the bounds: walked once, the variable unknown.
    let many: Vec<String> = (0..40).map(|i| i.to_string()).collect();
    let a = an(&format!("for f in {}; do cat $f; done", many.join(" ")));
    assert_eq!(a.commands.len(), 1);
    assert!(a.commands[0].dynamic_words[1]);
}

#[test]
fn brace_blowup_is_opaque() {
    for cmd in [
        "cat {1..100000}",
        "cat {a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}",
        "cat {1..2}{1..200}",
    ] {
        assert_opaque(
            cmd,
            |o| matches!(o, Opaque::UnsupportedSyntax(s) if s.contains("brace")),
        );
    }
    // Not modelled exactly: a letter range across cases, a name glued by the braces.
    for cmd in ["cat {Z..a}", "cat $HOME{a,b}", "cat $X{a,b}"] {
        let a = an(cmd);
        assert!(a.commands[0].dynamic_words[1], "{cmd}");
    }
}

/// `$(< file)` is a read of the file by bash itself; here-strings are analysed.
#[test]
fn file_reading_substitutions_are_reads() {
    for cmd in [
        "cat <<< $(< ~/.netrc)",
        "echo \"$(< ~/.netrc)\"",
        "x=$(< ~/.netrc)",
    ] {
        let a = an(cmd);
        let read = a
            .commands
            .iter()
            .find(|c| c.exec.is_empty())
            .unwrap_or_else(|| panic!("{cmd}: {:?}", a.commands));
        assert_eq!(read.origin, Origin::Substitution, "{cmd}");
        assert_eq!(read.redirects[0].op, RedirectOp::In, "{cmd}");
        assert_eq!(read.redirects[0].target, "/home/u/.netrc", "{cmd}");
        assert_transparent(cmd);
    }
    // The word it stands in is output, not known.
    let a = an("cat $(< list.txt)");
    assert!(a.commands[0].dynamic_words[1]);
}

/// Run `line` in bash in a fresh directory `D` (holding `src/` and `a/b/`, OLDPWD unset,
/// HOME a directory that does not exist) and collect the words of each `f N`; the analysis
/// runs with `D` as its working directory. `None` without bash.
fn bash_in_dir(line: &str, n: usize) -> Option<(PathBuf, Seen, tempfile::TempDir)> {
    let dir = tempfile::tempdir().ok()?;
    let d = dir.path().canonicalize().ok()?;
    std::fs::create_dir_all(d.join("src")).ok()?;
    std::fs::create_dir_all(d.join("a/b")).ok()?;
    let out_dir = tempfile::tempdir().ok()?;
    let script = format!(
        "f() {{ local i=$1; shift; if [ $# -gt 0 ]; then printf '%s\\0' \"$@\"; fi > \"$O/$i\"; }}\n{line}\n"
    );
    let out = std::process::Command::new("bash")
        .arg("--norc")
        .arg("-c")
        .arg(&script)
        .current_dir(&d)
        .env("O", out_dir.path())
        .env("HOME", HOME)
        .env_remove("OLDPWD")
        .env_remove("CDPATH")
        .env("PWD", &d)
        .stdin(std::process::Stdio::null())
        .output()
        .ok()?;
    let _ = out;
    let seen = (0..n)
        .map(|i| {
            let words = std::fs::read(out_dir.path().join(i.to_string())).ok()?;
            let mut words: Vec<String> = String::from_utf8(words)
                .unwrap()
                .split('\0')
                .map(str::to_string)
                .collect();
            words.pop();
            Some((words, String::new()))
        })
        .collect();
    Some((d, seen, dir))
}

/// Tilde prefixes that name directories (`~+`, `~-`, the directory stack) and `$PWD`,
/// `$OLDPWD`, as `cd`, assignments and the success or failure of what ran before leave
/// them: where the analysis calls a word of `f N` known, it is bash's word; `unknown`
/// lists the commands whose every argument the analysis must call unknown (bash's value
/// there depends on what failed, or on the environment or the directory stack).
#[test]
fn directory_tildes_and_cd_match_bash() {
    for (line, n, unknown) in [
        ("f 0 ~+ $PWD ~+/x", 1, &[][..]),
        // OLDPWD comes from the environment until a cd of this command sets it.
        ("f 0 ~- ~-/x a=x:~- of=~-", 1, &[0][..]),
        // No tilde expansion after `--name=` (not an assignment's name): literal text.
        ("cd src && f 0 --file=~-/.netrc --file=~+", 1, &[]),
        ("cd src && f 0 ~+ ~- $PWD $OLDPWD ~-/x", 1, &[]),
        ("cd src && cd .. && f 0 ~+ ~- ~-/.netrc", 1, &[]),
        ("cd a/b && cd - >/dev/null && f 0 ~+ ~-", 1, &[]),
        ("cd nope 2>/dev/null || f 0 ~+ ~-", 1, &[]),
        ("cd src && f 0 a=~+:~- x ~+/../y", 1, &[]),
        ("pushd src >/dev/null && f 0 ~+ ~- $PWD", 1, &[]),
        (
            "cd src && cd .. && pushd - >/dev/null && f 0 ~+ ~- $PWD",
            1,
            &[],
        ),
        (
            "mkdir -- -; cd src && pushd - >/dev/null && f 0 ~+ ~-",
            1,
            &[],
        ),
        // Assignments change the variables, not where the shell is.
        ("OLDPWD=/tmp; f 0 ~- ~-/.netrc $OLDPWD", 1, &[]),
        ("PWD=/etc; f 0 ~+ $PWD", 1, &[]),
        ("cd src && PWD=/etc && cd .. && f 0 ~- ~+", 1, &[]),
        // What runs apart changes nothing here.
        ("(cd src); f 0 ~+", 1, &[]),
        ("cd src | cat; f 0 ~+", 1, &[]),
        ("bash -c 'cd src'; f 0 ~+", 1, &[]),
        ("cd src & wait; f 0 ~+", 1, &[]),
        ("f 0 $(cd src; echo x) ~+", 1, &[]),
        // `set -e` is not relied on (bash ignores it in conditions, after `!`, …).
        ("set -e; cd src; f 0 ~+ ~-", 1, &[0]),
        ("set -e; ! cd nope 2>/dev/null; f 0 ~+", 1, &[0]),
        ("set -e; { cd nope 2>/dev/null; } && :; f 0 ~+", 1, &[0]),
        // A cd that may have failed, or may not have run: either directory.
        ("cd /nonexistent-dir 2>/dev/null; f 0 ~+", 1, &[0]),
        ("cd src; f 0 ~+", 1, &[0]),
        ("true || cd src; f 0 ~+", 1, &[0]),
        ("false && cd src; f 0 ~+", 1, &[0]),
        ("if true; then cd src; fi; f 0 ~+", 1, &[0]),
        ("for d in src; do cd $d; done; f 0 ~+", 1, &[0]),
        ("cd; f 0 ~+", 1, &[0]),
        // The directory stack, `cd -P` and CDPATH: not followed.
        (
            "pushd src >/dev/null && pushd .. >/dev/null && f 0 ~1 ~+1 ~-0 ~2",
            1,
            &[0],
        ),
        ("cd -P src && f 0 ~+", 1, &[0]),
        ("CDPATH=/tmp; cd src && f 0 ~+", 1, &[0]),
        // Unquoted, `$PWD` is split like any value (the agent names the directory).
        (
            "mkdir -p 'x /etc' && cd 'x /etc' && f 0 $PWD/passwd \"$PWD\" ~+",
            1,
            &[],
        ),
        // A loop over PWD or OLDPWD assigns them.
        ("for PWD in /etc; do f 0 \"$PWD/x\" ~+; done", 1, &[0]),
        ("for OLDPWD in /etc; do f 0 $OLDPWD ~-; done", 1, &[0]),
        ("for PWD in /etc; do :; done; f 0 $PWD ~+", 1, &[0]),
        // A prefix for one command, an element, an append: not followed.
        ("PWD=/etc cd . && f 0 ~- $OLDPWD", 1, &[0]),
        ("OLDPWD=/etc cd - >/dev/null && f 0 ~+ $PWD", 1, &[0]),
        ("PWD[0]=/etc; f 0 \"$PWD/x\" ~+", 1, &[0]),
        ("OLDPWD[0]=/etc; f 0 ~-/x", 1, &[0]),
        ("cd src && PWD+=/x; f 0 $PWD ~+", 1, &[0]),
    ] {
        let Some((d, theirs, _keep)) = bash_in_dir(line, n) else {
            return; // no bash here
        };
        let env = ShellEnv {
            home: PathBuf::from(HOME),
            cwd: d.clone(),
            users: Users::Fixed(Vec::new()),
        };
        let a = analyze(line, &env);
        assert!(a.opaque.is_empty(), "{line:?} is opaque: {:?}", a.opaque);
        let ours: Vec<&SimpleCommand> = a
            .commands
            .iter()
            .filter(|c| c.argv.first().is_some_and(|f| f == "f"))
            .collect();
        assert_eq!(ours.len(), n, "{line:?}: {:?}", a.commands);
        for (i, (c, bash)) in ours.iter().zip(&theirs).enumerate() {
            let Some((words, _)) = bash else {
                panic!("{line:?}: bash did not run f {i}");
            };
            let args = &c.argv[2..];
            assert_eq!(args.len(), words.len(), "{line:?}: {args:?} {words:?}");
            for (k, (w, b)) in args.iter().zip(words).enumerate() {
                let dynamic = c.dynamic_words[k + 2];
                if unknown.contains(&i) {
                    assert!(dynamic, "{line:?}: {w} should not be known (bash: {b})");
                } else if !dynamic {
                    assert_eq!(w, b, "{line:?}: word {k} of f {i}");
                }
            }
            if !unknown.contains(&i) {
                assert!(
                    c.dynamic_words[2..].iter().any(|d| !d) || args.is_empty(),
                    "{line:?}: nothing of f {i} is known: {args:?}"
                );
            }
        }
    }
}

/// A loop whose body moves runs its later rounds where the last one ended: there `~+`,
/// `~-`, `$PWD` and `$OLDPWD` are not known (the first round's are).
#[test]
fn loop_rounds_after_a_cd_do_not_know_the_directory_words() {
    let later_unknown = |line: &str| {
        let a = an(line);
        let cats: Vec<&SimpleCommand> = a
            .commands
            .iter()
            .filter(|c| c.program() == Some("cat"))
            .collect();
        assert!(!cats.is_empty(), "{line}");
        cats.iter().any(|c| c.dynamic_words[1])
    };
    for line in [
        "for f in *; do cat ~+/.netrc; cd ~; done",
        "for f in $(ls); do cat \"$PWD/.netrc\"; cd /; done",
        "while true; do cat ~-/.netrc; cd ~; done",
        "until false; do cat $OLDPWD/x; cd src; done",
        "while cat ~+/x; do cd ..; done",
        // Known only in the first round: each round moves on.
        "for f in *; do cat ~+/x; cd ..; done",
    ] {
        assert!(later_unknown(line), "{line}");
    }
    for line in [
        "for f in *; do cat ~+/x; done",
        "while true; do cat ~+/x; (cd src); done",
        "for d in src src; do cd /tmp && cat ~+/x; done",
    ] {
        assert!(!later_unknown(line), "{line}");
    }
}

/// `..` after a link: bash's logical `cd` goes to the directory beside the link when it
/// exists, else to the physical path (bash 5.2: with `link -> E/sub` and no `W/secret`,
/// `cd link/../secret` ends in `E/secret`). Followed only where every directory `..`
/// steps out of is on disk with no link on the way.
#[test]
fn dot_dot_after_a_link_is_not_followed() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().canonicalize().unwrap();
    let (w, e) = (root.join("W"), root.join("E"));
    for d in [w.join("src"), e.join("sub"), e.join("secret")] {
        std::fs::create_dir_all(d).unwrap();
    }
    std::os::unix::fs::symlink(e.join("sub"), w.join("link")).unwrap();
    let env = ShellEnv {
        home: PathBuf::from(HOME),
        cwd: w.clone(),
        users: Users::Fixed(Vec::new()),
    };
    let at = |line: &str| -> Option<PathBuf> {
        analyze(line, &env)
            .commands
            .iter()
            .find(|c| c.program() == Some("cat"))
            .unwrap_or_else(|| panic!("{line}: no cat"))
            .cwd
            .clone()
    };
    assert_eq!(at("cd src && cd .. && cat x"), Some(w.clone()));
    assert_eq!(at("cd src/.. && cat x"), Some(w.clone()));
    assert_eq!(at("cd ../W/src && cat x"), Some(w.join("src")));
    for line in [
        "cd link/../secret && cat x",
        "cd link && cd ../secret && cat x",
        "cd link/.. && cat x",
        "ln -s /etc new && cd new/../x && cat x",
        "cd new && cd .. && cat x",
    ] {
        assert_eq!(at(line), None, "{line}");
    }
    let abs = format!("cd {}/link/../secret && cat x", w.display());
    assert_eq!(at(&abs), None, "{abs}");
}

/// The directory each command runs in, as recorded for the command floor: where `cd`
/// surely took the shell, and not known where it may not have.
#[test]
fn each_command_records_where_it_runs() {
    let cwd = PathBuf::from(CWD);
    let at = |line: &str, prog: &str| -> Option<PathBuf> {
        an(line)
            .commands
            .iter()
            .find(|c| c.program() == Some(prog))
            .unwrap_or_else(|| panic!("{line}: no {prog}"))
            .cwd
            .clone()
    };
    assert_eq!(at("cat x", "cat"), Some(cwd.clone()));
    assert_eq!(at("cd src && cat x", "cat"), Some(cwd.join("src")));
    assert_eq!(
        at("cd ~ && cd /tmp && cat x", "cat"),
        Some(PathBuf::from("/tmp"))
    );
    // `..` out of a directory that is not on disk (here none is): it may be made a link
    // first, and bash then may fall back to the physical path.
    assert_eq!(at("cd src && cd .. && cat x", "cat"), None);
    assert_eq!(at("(cd src && cat x)", "cat"), Some(cwd.join("src")));
    assert_eq!(at("(cd src); cat x", "cat"), Some(cwd.clone()));
    assert_eq!(at("set -e; cd src; cat x", "cat"), None);
    assert_eq!(
        at("bash -c 'cd src && cat x'", "cat"),
        Some(cwd.join("src"))
    );
    // A cd that may fail, or may not run, leaves the next statement either place.
    for line in [
        "cd ~; cd /work/proj/nope; cat x",
        "cd src; cat x",
        "cd ~; true || cd /work/proj; cat x",
        "cd ~; if false; then cd /work/proj; fi; cat x",
        "cd \"$D\" && cat x",
        "cd ~- && cat x",
        "cd - && cat x",
        "popd && cat x",
        "export CDPATH=/home/u; cd .ssh && cat x",
        "CDPATH=/home/u cd .ssh && cat x",
        "while true; do cat x; cd ..; done",
        "eval 'cd /' && cat x",
    ] {
        assert_eq!(at(line, "cat"), None, "{line}");
    }
    // With CDPATH set, `./x` and `../x` are still relative to the directory.
    assert_eq!(
        at("CDPATH=/home/u; cd ./src && cat x", "cat"),
        Some(cwd.join("src"))
    );
    // Where it is one of a few literal places, those are recorded (sorted), each to be
    // judged; where it is not known at all, none are.
    let places = |line: &str| -> Vec<PathBuf> {
        an(line)
            .commands
            .iter()
            .find(|c| c.program() == Some("cat"))
            .unwrap_or_else(|| panic!("{line}: no cat"))
            .cwd_places
            .clone()
    };
    let mut two = vec![cwd.clone(), cwd.join("src")];
    two.sort();
    assert_eq!(places("cd src; cat x"), two);
    assert_eq!(places("if false; then cd src; fi; cat x"), two);
    // Each outcome of the first `cd`, then of the second.
    let mut four = vec![
        cwd.clone(),
        cwd.join("src"),
        PathBuf::from("/a"),
        PathBuf::from("/a/src"),
    ];
    four.sort();
    assert_eq!(places("cd /a; cd src; cat x"), four);
    for line in [
        "cd \"$D\"; cat x",
        "cd /a; cd /b; cd /c; cd /d; cd /e; cat x",
        "while true; do cat x; cd ..; done",
        "cd src && cat x",
    ] {
        assert_eq!(places(line), Vec::<PathBuf>::new(), "{line}");
    }
}

/// What `echo` and `printf` print, as the analysis knows it (the text a redirection
/// writes), is what bash prints (without the newline `echo` ends its line with):
/// `printf --` takes the next word as the format, which is used again while arguments are
/// left, its escapes decoded and the arguments' not; `printf -v VAR` prints nothing (not
/// known as output at all).
#[test]
fn known_output_is_what_bash_prints() {
    for line in [
        "printf -- '--- a\\nb\\n'",
        "printf 'x%sy\\n' z",
        "printf '%s' a b",
        "printf '%s\\n' 'a\\tb' c",
        "printf 'no slots\\n' ignored",
        "echo -e 'a\\tb'",
        "echo -n hi",
        "echo plain words",
    ] {
        let Ok(out) = std::process::Command::new("bash")
            .arg("--norc")
            .arg("-c")
            .arg(line)
            .output()
        else {
            return;
        };
        let known = an(line).commands[0].output.clone();
        let printed = String::from_utf8_lossy(&out.stdout).to_string();
        let printed = match line.strip_prefix("echo ") {
            Some(rest) if !rest.starts_with("-n") => {
                printed.strip_suffix('\n').unwrap_or(&printed).to_string()
            }
            _ => printed,
        };
        assert_eq!(known.as_deref(), Some(printed.as_str()), "{line}");
    }
    assert_eq!(an("printf -v v 'a'").commands[0].output, None);
}

#[test]
fn parameter_operators_on_a_known_value_match_bash() {
    // Each line's words as bash computes them from HOME's value; the analysis evaluates
    // the same operators (`words::Walker::operated`).
    for word in [
        "${HOME%/}",
        "${HOME%%/}",
        "${HOME#}",
        "${HOME%x}",
        "${HOME%/*}",
        "${HOME%%e*}",
        "${HOME#/}",
        "${HOME#*/}",
        "${HOME##*/}",
        "${HOME##*e}",
        "${HOME#?}",
        "${HOME%?}",
        "${HOME:0}",
        "${HOME:1}",
        "${HOME:1:3}",
        "${HOME: -3}",
        "${HOME:2:-1}",
        "${HOME:99}",
        "${HOME,}",
        "${HOME,,}",
        "${HOME^}",
        "${HOME^^}",
        "${HOME:-/x}",
        "${HOME-/x}",
        "${HOME:+set}",
        "${HOME+set}",
        "${HOME:?}",
        "${HOME%/}/.netrc",
        "\"${HOME#}/.ssh/id_rsa\"",
        "${HOME:0}/.aws/credentials",
    ] {
        agrees(&format!("f 0 {word}"), 1);
        let a = an(&format!("f 0 {word}"));
        assert!(
            a.commands[0].dynamic_words.iter().all(|d| !d),
            "{word}: {:?}",
            a.commands[0]
        );
    }
    // What the analysis cannot compute stays computed at run time, never a guess.
    for word in [
        "${HOME/dev/x}",
        "${X%/}",
        "${HOME%[/]}",
        "${HOME%$X}",
        "${#HOME}",
    ] {
        let a = an(&format!("f 0 {word}"));
        assert!(
            a.commands
                .iter()
                .find(|c| c.argv.first().is_some_and(|f| f == "f"))
                .is_none_or(|c| c.dynamic_words.iter().any(|d| *d))
                || !a.opaque.is_empty(),
            "{word}: {:?}",
            a.commands
        );
    }
}

/// A loop over pathname patterns walks its body once per file the pattern matches now,
/// in bash's order (checked against bash 5.2 where it is installed): a credential behind
/// `~/.ssh/id_*` is read by name, and a loop over the project's sources is plain reads.
#[test]
fn a_loop_over_a_pattern_binds_each_match() {
    let tmp = tempfile::tempdir().unwrap();
    let home = tmp.path().join("home");
    let ws = tmp.path().join("ws");
    std::fs::create_dir_all(home.join(".ssh")).unwrap();
    std::fs::create_dir_all(ws.join("src")).unwrap();
    for f in [
        ".ssh/id_rsa",
        ".ssh/id_ed25519",
        ".ssh/known_hosts",
        ".netrc",
    ] {
        std::fs::write(home.join(f), "x").unwrap();
    }
    for f in ["src/a.rs", "src/b.rs", "src/c.txt"] {
        std::fs::write(ws.join(f), "x").unwrap();
    }
    let env = ShellEnv {
        home: home.clone(),
        cwd: ws.clone(),
        users: Users::Fixed(Vec::new()),
    };
    let h = home.display();
    let execs = |cmd: &str| -> Vec<(String, bool)> {
        analyze(cmd, &env)
            .commands
            .iter()
            .map(|c| (c.exec.join(" "), c.dynamic_words.iter().any(|d| *d)))
            .collect()
    };
    let fixed =
        |v: Vec<String>| -> Vec<(String, bool)> { v.into_iter().map(|s| (s, false)).collect() };
    assert_eq!(
        execs("for f in ~/.ssh/id_*; do cat \"$f\"; done"),
        fixed(vec![
            format!("cat {h}/.ssh/id_ed25519"),
            format!("cat {h}/.ssh/id_rsa")
        ])
    );
    assert_eq!(
        execs("for f in ~/.n*; do cat \"$f\"; done"),
        fixed(vec![format!("cat {h}/.netrc")])
    );
    assert_eq!(
        execs("for f in src/*.rs; do wc -l \"$f\"; done"),
        fixed(vec!["wc -l src/a.rs".into(), "wc -l src/b.rs".into()])
    );
    // Literal words and patterns mixed, in order.
    assert_eq!(
        execs("for f in README src/*.rs; do cat \"$f\"; done"),
        fixed(vec![
            "cat README".into(),
            "cat src/a.rs".into(),
            "cat src/b.rs".into()
        ])
    );
    // What bash itself gives, where it is installed.
    if let Ok(out) = std::process::Command::new("bash")
        .arg("--norc")
        .arg("-c")
        .arg("for f in ~/.ssh/id_* src/*.rs; do printf '%s\\n' \"$f\"; done")
        .current_dir(&ws)
        .env("HOME", &home)
        .env("LC_ALL", "C")
        .output()
    {
        let theirs: Vec<String> = String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(|l| format!("cat {l}"))
            .collect();
        let ours: Vec<String> = execs("for f in ~/.ssh/id_* src/*.rs; do cat \"$f\"; done")
            .into_iter()
            .map(|(e, _)| e)
            .collect();
        assert_eq!(ours, theirs);
    }
    // A pattern that matches nothing now is the pattern, computed at run time (a
    // credential store's name still shows); more files than a loop is unrolled for: the
    // variable is not known.
    assert_eq!(
        execs("for f in ~/.aws/cred*; do cat \"$f\"; done"),
        vec![(format!("cat {h}/.aws/cred*"), true)]
    );
    assert_eq!(
        execs("for f in src/*.zz; do cat \"$f\"; done"),
        vec![("cat src/*.zz".to_string(), true)]
    );
    for i in 0..40 {
        std::fs::write(ws.join(format!("src/m{i}.rs")), "x").unwrap();
    }
    let many = execs("for f in src/*.rs; do cat \"$f\"; done");
    assert_eq!(many.len(), 1);
    assert!(many[0].1);
}

/// `mapfile`/`readarray` are a builtin the command floor reads (its redirect is the read);
/// with a callback (`-C`, `-c`) or a word computed at run time they stay opaque.
#[test]
fn mapfile_is_analysed_unless_it_runs_a_callback() {
    for cmd in [
        "mapfile -t files < <(git ls-files)",
        "readarray -t lines < x.txt",
    ] {
        let a = an(cmd);
        assert!(
            !a.opaque
                .iter()
                .any(|o| matches!(o, Opaque::UnsupportedSyntax(s) if s.contains("mapfile") || s.contains("readarray"))),
            "{cmd}: {:?}",
            a.opaque
        );
        assert!(a.commands.iter().any(|c| c
            .exec
            .first()
            .is_some_and(|p| p == "mapfile" || p == "readarray")));
    }
    for cmd in [
        "mapfile -C 'rm -rf ~' -c 1 x < f",
        "readarray -tC cb x < f",
        "mapfile -t \"$name\" < f",
    ] {
        assert!(a_opaque(cmd), "{cmd}");
    }
}

fn a_opaque(cmd: &str) -> bool {
    !an(cmd).opaque.is_empty()
}
