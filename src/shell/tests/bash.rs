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
    use crate::shell::continuation::join;
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
