//! Table-driven tests of the shell analysis: one line per case, named for the bypass or
//! behaviour each guards. Words, structure and opaque reasons here; wrappers and
//! re-entries in `reentry`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::*;

mod assign;
mod bash;
mod evaluated;
mod reentry;

pub(super) const HOME: &str = "/home/u";
pub(super) const CWD: &str = "/work/proj";

pub(super) fn env() -> ShellEnv {
    ShellEnv {
        home: PathBuf::from(HOME),
        cwd: PathBuf::from(CWD),
        users: Users::Fixed(vec![("root".into(), PathBuf::from("/root"))]),
    }
}

pub(super) fn an(cmd: &str) -> Analysis {
    analyze(cmd, &env())
}

/// All `exec` vectors, joined by spaces, in order.
pub(super) fn execs(cmd: &str) -> Vec<String> {
    an(cmd).commands.iter().map(|c| c.exec.join(" ")).collect()
}

pub(super) fn has_exec(cmd: &str, want: &str) -> bool {
    execs(cmd).iter().any(|e| e == want)
}

pub(super) fn argv0(cmd: &str) -> Vec<String> {
    an(cmd)
        .commands
        .first()
        .map(|c| c.argv.clone())
        .unwrap_or_default()
}

#[track_caller]
pub(super) fn assert_exec(cmd: &str, want: &str) {
    let got = execs(cmd);
    assert!(
        got.iter().any(|e| e == want),
        "{cmd:?}: wanted exec {want:?}, got {got:?}"
    );
}

#[track_caller]
pub(super) fn assert_transparent(cmd: &str) {
    let a = an(cmd);
    assert!(
        a.opaque.is_empty(),
        "{cmd:?} should be transparent: {:?}",
        a.opaque
    );
}

#[track_caller]
pub(super) fn assert_opaque(cmd: &str, pred: fn(&Opaque) -> bool) {
    let a = an(cmd);
    assert!(
        a.opaque.iter().any(pred),
        "{cmd:?}: wrong opaque reasons {:?}",
        a.opaque
    );
}

#[test]
fn normalises_quote_splitting() {
    for cmd in [
        "r''m -rf ~",
        "\"r\"m -rf ~",
        "'rm' -rf ~",
        "r\"\"m -r'f' ~",
        "rm -rf \"$HOME\"",
    ] {
        assert_exec(cmd, "rm -rf /home/u");
        assert_transparent(cmd);
    }
}

#[test]
fn resolves_home_forms() {
    assert_eq!(
        argv0("ls ~ ~/x \"$HOME\"/y ${HOME}/z \"${HOME}\" $PWD/a ~+"),
        [
            "ls",
            HOME,
            "/home/u/x",
            "/home/u/y",
            "/home/u/z",
            HOME,
            "/work/proj/a",
            CWD
        ]
    );
    assert_eq!(argv0("echo '~' \"~\" a~"), ["echo", "~", "~", "a~"]);
    // `~user`: a home from the user database, else a word that is not known (never
    // silently literal).
    assert_eq!(argv0("ls ~root/x"), ["ls", "/root/x"]);
    let a = an("ls ~nobody/x ~- ~2");
    assert_eq!(a.commands[0].argv[1..], ["~nobody/x", "~-", "~2"]);
    assert_eq!(a.commands[0].dynamic_words, [false, true, true, true]);
}

#[test]
fn ifs_splits_words() {
    assert_eq!(argv0("rm${IFS}-rf${IFS}/"), ["rm", "-rf", "/"]);
    assert_eq!(argv0("rm$IFS-rf$IFS~"), ["rm", "-rf", "~"]);
    assert_eq!(argv0("echo \"a${IFS}b\""), ["echo", "a \t\nb"]);
}

#[test]
fn backslash_command_name() {
    assert_exec("\\rm -rf ~/", "rm -rf /home/u/");
    assert_eq!(argv0("echo a\\ b \\\"c"), ["echo", "a b", "\"c"]);
    assert_eq!(
        argv0("echo \"x\\\"y\\$z\\\\w\\q\""),
        ["echo", "x\"y$z\\w\\q"]
    );
    assert_eq!(argv0("r\\\nm -rf x"), ["rm", "-rf", "x"]);
    assert_eq!(argv0("rm \\\n -rf x"), ["rm", "-rf", "x"]);
}

#[test]
fn concatenations_join() {
    assert_eq!(argv0("echo \"a\"'b'c\"\""), ["echo", "abc"]);
    assert_eq!(argv0("echo '' \"\""), ["echo", "", ""]);
}

#[test]
fn dynamic_words_are_flagged() {
    for (cmd, idx, want) in [
        ("rm $X", 1, true),
        ("rm \"$X\"", 1, true),
        ("rm ${X:-y}", 1, true),
        ("rm *.o", 1, true),
        ("rm a?", 1, true),
        ("rm x{a,b}", 1, false),
        ("rm x{a,b}", 2, false),
        ("rm {a,b}*", 2, true),
        ("rm $(ls)", 1, true),
        ("rm `ls`", 1, true),
        ("rm $((1+2))", 1, true),
        ("rm '*.o'", 1, false),
        ("rm \\*.o", 1, false),
        ("rm plain", 1, false),
    ] {
        let a = an(cmd);
        assert_eq!(a.commands[0].dynamic_words[idx], want, "{cmd}");
    }
}

#[test]
fn finds_rm_inside_substitution() {
    for cmd in [
        "echo \"$(rm -rf ~)\"",
        "echo $(rm -rf ~)",
        "echo `rm -rf ~`",
        "x=$(rm -rf ~)",
        "echo ${x:-$(rm -rf ~)}",
        "cat <(rm -rf ~)",
    ] {
        assert_exec(cmd, "rm -rf /home/u");
    }
    let a = an("echo \"$(rm -rf ~)\"");
    assert_eq!(
        a.commands[0].exec[0], "echo",
        "source order: the outer command first"
    );
    assert_eq!(a.commands[1].origin, Origin::Substitution);
    assert_eq!(
        an("cat <(rm -rf ~)").commands[1].origin,
        Origin::ProcessSubstitution
    );
}

#[test]
fn finds_commands_in_compound_statements() {
    for cmd in [
        "if true; then rm -rf ~; fi",
        "if rm -rf ~; then :; fi",
        "while true; do rm -rf ~; done",
        "until false; do rm -rf ~; done",
        "for f in a b; do rm -rf ~; done",
        "for f in $(rm -rf ~); do :; done",
        "case x in x) rm -rf ~;; esac",
        "(rm -rf ~)",
        "{ rm -rf ~; }",
        "! rm -rf ~",
        "true && rm -rf ~ || false",
        "[[ -n $(rm -rf ~) ]]",
    ] {
        assert_exec(cmd, "rm -rf /home/u");
    }
    assert_eq!(an("(rm -rf ~)").commands[0].origin, Origin::Subshell);
}

#[test]
fn variable_command_name_is_opaque() {
    for cmd in [
        "$a$b -rf ~",
        "a=$1;b=m;$a$b -rf ~",
        "$(echo rm) -rf ~",
        "`echo rm` x",
        "${X} y",
        "/bin/r? x",
        "sudo $X -rf",
    ] {
        assert_opaque(cmd, |o| matches!(o, Opaque::DynamicCommandName(_)));
    }
    // Names the command assigned itself are known: bash runs `rm -rf ~`.
    assert_exec("a=r;b=m;$a$b -rf ~", "rm -rf /home/u");
}

#[test]
fn definitions_and_builtins_are_opaque() {
    assert_opaque("f(){ rm -rf ~; }; f", |o| *o == Opaque::FunctionDefinition);
    assert_exec("function g { rm -rf ~; }", "rm -rf /home/u");
    assert_opaque("alias ls='rm -rf ~'", |o| *o == Opaque::AliasDefinition);
    assert_opaque("source ./env.sh", |o| *o == Opaque::Source);
    assert_opaque(". ./env.sh", |o| *o == Opaque::Source);
    assert_opaque("trap 'rm -rf ~' EXIT", |o| {
        matches!(o, Opaque::UnsupportedSyntax(_))
    });
    assert_exec("trap 'rm -rf ~' EXIT", "rm -rf /home/u");
    assert_opaque("coproc cat", |o| matches!(o, Opaque::UnsupportedSyntax(_)));
    assert_opaque("set -k", |o| matches!(o, Opaque::UnsupportedSyntax(_)));
    assert_opaque("shopt -s expand_aliases", |o| {
        matches!(o, Opaque::UnsupportedSyntax(_))
    });
    assert_opaque("for ((i=0;i<3;i++)); do rm x; done", |o| {
        matches!(o, Opaque::UnsupportedSyntax(_))
    });
    // `select` is modelled like `for` (tests/bash.rs): its body is found.
    assert_exec("select x in a; do rm \"$x\"; done", "rm a");
    assert_opaque("declare -f f", |o| {
        matches!(o, Opaque::UnsupportedSyntax(_))
    });
    assert_opaque("IFS=/; x", |o| matches!(o, Opaque::SpecialAssignment(_)));
    assert_opaque("HOME=/tmp rm -rf ~", |o| {
        matches!(o, Opaque::SpecialAssignment(_))
    });
    assert_transparent("set -euo pipefail; set -x");
}

#[test]
fn invisible_unicode_is_opaque() {
    for c in [
        '\u{200B}',
        '\u{202E}',
        '\u{2066}',
        '\u{FEFF}',
        '\u{00AD}',
        '\u{E0041}',
        '\u{061C}',
        '\u{180E}',
    ] {
        let cmd = format!("ls{c} x");
        assert_opaque(&cmd, |o| matches!(o, Opaque::InvisibleUnicode(_)));
    }
    assert_transparent("echo héllo wörld 日本");
    // Emoji as keyboards type them: a presentation selector after a pictograph or a
    // keycap base, a joiner between two emoji.
    for ok in [
        "echo '🗑️  cleaned'",
        "echo ✅️ done ⚠️ warn",
        "printf '1️⃣ one'",
        "echo 👩‍💻 👨🏽‍🚀",
    ] {
        assert_transparent(ok);
    }
    // The same characters anywhere else hide something.
    for bad in [
        "ls\u{FE0F} x",
        "rm\u{200D}rf x",
        "echo a\u{FE0F}",
        "echo 🗑\u{200D}x",
        "echo \u{200D}🗑",
        "echo 1\u{FE0F}",
    ] {
        assert_opaque(bad, |o| matches!(o, Opaque::InvisibleUnicode(_)));
    }
}

#[test]
fn cr_is_opaque() {
    for cmd in ["ls\rrm -rf ~", "ls\0x", "ls \x1b[2K", "ls \u{85}"] {
        assert_opaque(cmd, |o| matches!(o, Opaque::ControlCharacter(_)));
    }
    assert_transparent("ls\tx\ny");
}

#[test]
fn unbalanced_quote_is_opaque() {
    for cmd in [
        "echo 'abc",
        "echo \"abc",
        "echo $(ls",
        "if true; then",
        "echo `ls",
        "ls &&",
        "{rm,-rf,/}",
    ] {
        assert_opaque(cmd, |o| matches!(o, Opaque::ParseError(_)));
    }
}

#[test]
fn too_long_is_opaque() {
    let cmd = format!("echo {}; rm -rf ~", "a".repeat(MAX_LEN));
    assert_opaque(&cmd, |o| matches!(o, Opaque::TooLong(_)));
    assert_exec(&cmd, "rm -rf /home/u");
}

#[test]
fn too_many_commands_is_opaque_but_collected() {
    let cmd = format!("{}rm -rf ~", "true && ".repeat(200));
    assert_opaque(&cmd, |o| matches!(o, Opaque::TooManyCommands(_)));
    assert_exec(&cmd, "rm -rf /home/u");
    let huge = "true;".repeat(5000);
    assert!(an(&huge).commands.len() <= HARD_MAX_COMMANDS);
}

#[test]
fn pipe_stages_are_parts() {
    let a = an("git status && git diff | head -5; ls $(pwd) & echo x\necho y");
    let got: Vec<_> = a
        .commands
        .iter()
        .map(|c| (c.exec[0].as_str(), c.part, c.piped_stdin))
        .collect();
    assert_eq!(
        got,
        [
            ("git", 0, false),
            ("git", 1, false),
            ("head", 2, true),
            ("ls", 3, false),
            ("pwd", 3, false),
            ("echo", 4, false),
            ("echo", 5, false)
        ]
    );
    let a = an("bash -c 'a; b' && c");
    let parts: Vec<_> = a.commands.iter().map(|c| c.part).collect();
    assert_eq!(parts, [0, 0, 0, 1]);
}

#[test]
fn redirections_parsed() {
    let r = |cmd: &str| {
        an(cmd).commands[0]
            .redirects
            .iter()
            .map(|r| (r.fd, r.op, r.target.clone()))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        r("ls > out.txt 2>&1"),
        [
            (None, RedirectOp::Out, "out.txt".into()),
            (Some(2), RedirectOp::DupOut, "1".into())
        ]
    );
    assert_eq!(r("cat < in"), [(None, RedirectOp::In, "in".into())]);
    assert_eq!(
        r("echo x >> ~/.bashrc"),
        [(None, RedirectOp::Append, "/home/u/.bashrc".into())]
    );
    assert_eq!(
        r("ls &> a >| b &>> c 2>&-"),
        [
            (None, RedirectOp::OutErr, "a".into()),
            (None, RedirectOp::Clobber, "b".into()),
            (None, RedirectOp::AppendErr, "c".into()),
            (Some(2), RedirectOp::Close, "".into())
        ]
    );
    assert_eq!(
        r("cat <<<\"$HOME\""),
        [(None, RedirectOp::HereString, HOME.into())]
    );
    assert_eq!(r("{ ls; } > out"), [(None, RedirectOp::Out, "out".into())]);
    assert_eq!(r("echo $(ls > f)").len(), 0);
    assert!(an("ls > $X").commands[0].redirects[0].dynamic);
}

#[test]
fn a_redirect_after_a_pipeline_belongs_to_its_last_stage() {
    // The grammar hangs `2>/dev/null > out` on the whole pipeline; bash gives them to the
    // last stage alone (checked below), and each stage stays a part of its own.
    let a = an("find . -name x | xargs grep -l y 2>/dev/null > out");
    let c = &a.commands;
    assert_eq!(c.len(), 3, "{c:?}");
    assert_eq!(c[0].exec, ["find", ".", "-name", "x"]);
    assert!(c[0].redirects.is_empty());
    assert_ne!(c[0].part, c[1].part);
    assert_eq!(c[1].redirects.len(), 2);
    assert_eq!(c[1].redirects[1].target, "out");
    let a = an("cat a | sort <<< x");
    assert!(a.commands[0].stdin_text.is_none());
    assert_eq!(a.commands[1].stdin_text.as_deref(), Some("x"));
    // What bash does with the same shape: the first stage's output reaches the pipe.
    let dir = tempfile::tempdir().unwrap();
    let ran = std::process::Command::new("bash")
        .args(["--norc", "-c", "echo one | tr o 0 > out 2>/dev/null"])
        .current_dir(dir.path())
        .status();
    if ran.is_ok_and(|s| s.success()) {
        assert_eq!(
            std::fs::read_to_string(dir.path().join("out")).unwrap(),
            "0ne\n"
        );
    }
}

#[test]
fn absolute_program_path_is_basename() {
    assert_exec("/bin/rm -rf x", "rm -rf x");
    assert_exec("/usr/local/bin/git status", "git status");
}

#[test]
fn relative_program_path_is_kept() {
    assert_exec("./rm -rf x", "./rm -rf x");
    assert_exec("bin/rm x", "bin/rm x");
    assert_exec("../x y", "../x y");
}

#[test]
fn ansi_c_quote_decoded_and_opaque() {
    assert_opaque("$'\\x72\\x6d' -rf /", |o| *o == Opaque::AnsiCQuote);
    assert_exec("$'\\x72\\x6d' -rf /", "rm -rf /");
    assert_exec("$'\\162\\155' -rf /", "rm -rf /");
    assert_exec("$'r\\u006d' -rf /", "rm -rf /");
    assert_eq!(argv0("echo $'a\\nb\\t\\\\\\''"), ["echo", "a\nb\t\\'"]);
    assert_opaque("echo $'cu\\u200brl'", |o| {
        matches!(o, Opaque::InvisibleUnicode(_))
    });
}

#[test]
fn other_quoting_and_expansions_are_opaque() {
    assert_opaque("echo $\"hello\"", |o| *o == Opaque::LocaleQuote);
    for cmd in [
        "echo ${v//a/b}",
        "echo ${v/a/b}",
        "echo ${!x}",
        "echo ${v@P}",
        "${c//x/} -rf ~",
    ] {
        assert_opaque(cmd, |o| *o == Opaque::PatternSubstitution);
    }
}

#[test]
fn routine_commands_are_transparent() {
    for cmd in [
        "git status && git diff --stat",
        "cargo test -- --nocapture 2>&1 | tail -20",
        "ls -la ~/src | grep -v target",
        "cd src && cargo build",
        "echo \"done: $(date +%s)\" >> log.txt",
        "grep -rn 'fn main' --include='*.rs' .",
        "for f in *.rs; do wc -l \"$f\"; done",
        "export RUST_LOG=debug; cargo run",
        "[ -f Cargo.toml ] && echo yes",
        "find . -name '*.rs' | xargs wc -l",
        "cat <<'EOF' > notes.md\n# hi $x\nEOF",
        "if [[ -d target ]]; then du -sh target; fi",
        "ls # a comment",
    ] {
        assert_transparent(cmd);
    }
}

#[test]
fn bare_assignments_recorded() {
    let a = an("a=b c=~/d; x=$(rm -rf ~)");
    assert_eq!(
        a.bare_assignments[..2],
        [("a".into(), "b".into()), ("c".into(), "/home/u/d".into())]
    );
    assert!(has_exec("x=$(rm -rf ~)", "rm -rf /home/u"));
}

#[test]
fn describe_is_one_line() {
    let all = [
        Opaque::ParseError("x".into()),
        Opaque::TooLong(1),
        Opaque::TooManyCommands(1),
        Opaque::TooDeep,
        Opaque::Eval,
        Opaque::Source,
        Opaque::FunctionDefinition,
        Opaque::AliasDefinition,
        Opaque::DynamicCommandName("$x".into()),
        Opaque::DynamicShellString("x".into()),
        Opaque::ControlCharacter('\r'),
        Opaque::InvisibleUnicode('\u{200b}'),
        Opaque::AnsiCQuote,
        Opaque::LocaleQuote,
        Opaque::PatternSubstitution,
        Opaque::SpecialAssignment("IFS".into()),
        Opaque::UnknownWrapperOption {
            wrapper: "sudo".into(),
            option: "-Z".into(),
        },
        Opaque::ShellFromStdin("sh".into()),
        Opaque::UnsupportedSyntax("coproc".into()),
    ];
    for o in all {
        let d = o.describe();
        assert!(!d.is_empty() && !d.contains('\n'), "{o:?}");
    }
    assert!(!Origin::Heredoc.describe().is_empty());
    assert!(serde_json::to_string(&an("ls > x")).is_ok());
}

#[test]
fn deep_nesting_never_overflows() {
    for n in [10usize, 40, 100, 400] {
        for pat in [
            "$(",
            "\"$(",
            "(",
            "{ ",
            "`",
            "${x:-",
            "a=$(",
            "[[ $(",
            "<(",
            "bash -c \"",
            "if ",
            "xargs ",
            "sudo ",
        ] {
            let _ = an(&pat.repeat(n));
        }
    }
}

#[test]
fn non_ascii_after_brace_does_not_crash_parser() {
    // tree-sitter-bash's scanner passed this code point to C isdigit() and segfaulted.
    for cmd in [
        "{\u{722D2}",
        "''{\u{722D2}",
        "echo {1..\u{722D2}",
        "echo {é} x",
        "bash -c $'{\\U000722d2'",
    ] {
        assert_opaque(cmd, |o| matches!(o, Opaque::ParseError(_)));
    }
}

/// Words bash really produces for `printf '%s\0' WORDS`, run in an empty directory.
fn bash_words(words: &str) -> Option<Vec<String>> {
    let dir = tempfile::tempdir().ok()?;
    let out = std::process::Command::new("bash")
        .arg("--norc")
        .arg("-c")
        .arg(format!("printf '%s\\0' SENTINEL {words}"))
        .current_dir(dir.path())
        .env_clear()
        .env("HOME", HOME)
        .env("LC_ALL", "C.UTF-8")
        .env("PATH", "/usr/bin:/bin")
        .output()
        .ok()?;
    if !out.status.success() {
        return None;
    }
    let text = String::from_utf8(out.stdout).ok()?;
    Some(
        text.split_terminator('\0')
            .skip(1)
            .map(str::to_string)
            .collect(),
    )
}

#[test]
fn words_match_bash() {
    let cases = [
        "r''m -rf ~",
        "\"r\"m",
        "'rm'",
        "\\rm",
        "a\\ b",
        "\"x\\\"y\\$z\\\\w\\q\"",
        "~/x",
        "~",
        "a~",
        "x=~/a:~/b",
        "\"$HOME\"/x",
        "${HOME}",
        "rm${IFS}-rf${IFS}/",
        "rm$IFS-rf$IFS~",
        "\"a${IFS}b\"",
        "$'\\x72\\x6d'",
        "$'a\\nb\\t\\\\\\''",
        "$'\\162\\155'",
        "'a'\"b\"c",
        "'' \"\"",
        "a\\\nb",
        "\"a\\\nb\"",
        "'a\\\nb'",
        "\\'",
        "\\\"",
        "\"'\"",
        "'\"'",
        "a'b'\"c\"d",
        "\\~",
        "'~'",
        "\\$HOME",
        "'$HOME'",
        "\"\\$HOME\"",
        "$",
        "a$",
        "\"$\"",
        "x\\",
        "-rf",
        "--a=b",
        "e\\xf",
        "$'\\u00e9'",
        "$'\\cA'",
        "\"a\"$'b'",
        "${HOME}x${HOME}",
        "\"${HOME}\"'${HOME}'",
        "a=b",
        "~/\"x y\"",
        "'~'/x",
    ];
    let Some(probe) = bash_words("ok") else {
        return; // no bash on this machine
    };
    assert_eq!(probe, ["ok"]);
    for words in cases {
        let cmd = format!("printf '%s\\0' {words}");
        let a = analyze(&cmd, &env());
        let c = &a.commands[0];
        let ours: Vec<String> = c.argv.iter().skip(2).cloned().collect();
        if c.dynamic_words.iter().any(|d| *d) || a.opaque.iter().any(|o| *o != Opaque::AnsiCQuote) {
            continue; // only fully understood words must match exactly
        }
        let theirs = bash_words(words).unwrap();
        assert_eq!(ours, theirs, "{words:?}");
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(400))]
    /// Random words made of quoting characters normalise exactly as bash does, whenever the
    /// analysis calls them understood and static.
    #[test]
    fn random_words_match_bash(words in "([ab~/= :#!%@\t-]|'|\"|\\\\|\\\\\n|\\$|\\$HOME|\\$\\{HOME\\}|\\$IFS|\\$'[a\\\\x72nt]*'|\\{|\\}|,|\\n|[;()`*]){1,14}") {
        let cmd = format!("printf '%s\\0' {words}");
        let a = analyze(&cmd, &env());
        let understood = a.opaque.iter().all(|o| *o == Opaque::AnsiCQuote)
            && a.commands.len() == 1
            && a.commands[0].dynamic_words.iter().all(|d| !d);
        if understood {
            if let Some(theirs) = bash_words(&words) {
                let ours: Vec<String> = a.commands[0].argv.iter().skip(2).cloned().collect();
                proptest::prop_assert_eq!(ours, theirs, "{:?}", words);
            }
        }
    }
}

/// The grammar parses an ASCII stand-in; words keep their real characters.
#[test]
fn non_ascii_words_survive_the_ascii_parse() {
    let cases: &[(&str, &[&str])] = &[
        ("cat fïlé.txt", &["cat", "fïlé.txt"]),
        (
            "grep 'naïve café' 日本.md",
            &["grep", "naïve café", "日本.md"],
        ),
        ("echo \u{a0}x", &["echo", "\u{a0}x"]),
    ];
    for (cmd, want) in cases {
        assert_eq!(argv0(cmd), *want, "{cmd}");
        assert!(an(cmd).is_transparent(), "{cmd}: {:?}", an(cmd).opaque);
    }
    // Code points the C scanner once crashed on are harmless now, anywhere in the text.
    for cmd in [
        "{\u{722D2}",
        "x {1..\u{10FFFF}}",
        "echo ${\u{722D2}}",
        "a\u{722D2}{",
    ] {
        let _ = an(cmd);
    }
}

/// The plain-command fast path and the full parse agree on every plain text.
mod fast_path_differential {
    use super::*;
    use proptest::prelude::*;

    const WORDS: &[&str] = &[
        "ls",
        "-la",
        "git",
        "status",
        "diff",
        "--stat",
        "log",
        "-c",
        "alias.x=y",
        "push",
        "origin",
        "main",
        "--force",
        "rm",
        "-rf",
        "/",
        "build",
        "sudo",
        "-u",
        "root",
        "env",
        "A=1",
        "timeout",
        "5",
        "nice",
        "-n",
        "10",
        "xargs",
        "-0",
        "find",
        ".",
        "-name",
        "x.rs",
        "-exec",
        "-delete",
        "+",
        "bash",
        "sh",
        "-s",
        "echo",
        "printf",
        "cat",
        "head",
        "wc",
        "-l",
        "cd",
        "src",
        "..",
        "command",
        "exec",
        "nohup",
        "watch",
        "parallel",
        ":::",
        "a",
        "b",
        "ssh",
        "host",
        "docker",
        "run",
        "kubectl",
        "--",
        "npm",
        "test",
        "cargo",
        "python3",
        "-m",
        "pytest",
        "make",
        "curl",
        "https:/x.example/i",
        "base64",
        "-d",
        "tee",
        "f.txt",
        "%s",
        "@x",
        "^y",
        "a,b",
        "k=v",
        "-o=1",
        "sed",
        "-n",
        "1p",
        "-i",
        "export",
        "B=2",
        "local",
        "declare",
        "-x",
        "unset",
        "alias",
        "eval",
        "source",
        "true",
        "false",
        "test",
        "exit",
        "return",
        "shift",
        "read",
        "set",
        "-e",
        "trap",
        "wait",
        "jobs",
        "fg",
        "let",
    ];
    const SEPS: &[&str] = &[" && ", " || ", "; ", " | ", "|", ";", "&&", "  ", "\t|\t"];

    fn plain_text() -> impl Strategy<Value = String> {
        let cmd =
            prop::collection::vec(prop::sample::select(WORDS), 1..6).prop_map(|w| w.join(" "));
        prop::collection::vec((cmd, prop::sample::select(SEPS)), 1..5).prop_map(|parts| {
            let n = parts.len();
            parts
                .into_iter()
                .enumerate()
                .map(|(i, (c, s))| if i + 1 < n { format!("{c}{s}") } else { c })
                .collect()
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(5000))]
        #[test]
        fn same_analysis(text in plain_text()) {
            prop_assert_eq!(analyze(&text, &env()), analyze_parsed(&text, &env()), "{}", text);
        }
    }

    /// Once found by the property (kept in a regressions file, which no run writes now).
    #[test]
    fn mixed_pipes_and_lists_agree() {
        let text = "ls | ls | ls && ls";
        assert_eq!(analyze(text, &env()), analyze_parsed(text, &env()));
    }

    #[test]
    fn corpus_commands_agree() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/eval");
        let Ok(rd) = std::fs::read_dir(&dir) else {
            return;
        };
        let mut checked = 0;
        for e in rd.flatten() {
            let Ok(text) = std::fs::read_to_string(e.path()) else {
                continue;
            };
            for line in text.lines() {
                let Ok(v) = serde_json::from_str::<serde_json::Value>(line) else {
                    continue;
                };
                let Some(c) = v["command"]
                    .as_str()
                    .or(v["tool_input"]["command"].as_str())
                else {
                    continue;
                };
                assert_eq!(analyze(c, &env()), analyze_parsed(c, &env()), "{c}");
                checked += 1;
            }
        }
        assert!(checked == 0 || checked > 1000);
    }
}
