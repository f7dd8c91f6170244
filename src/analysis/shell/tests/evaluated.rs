//! Text bash evaluates again (`shell::evaluated`), checked against the real bash: each
//! context is run with `$(touch MARK)` in it. Wherever bash runs the substitution, the
//! analysis is opaque and shows the `touch` as a command; ordinary names, conditions and
//! arithmetic stay transparent.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::*;

/// Contexts with `CODE` where a command substitution may sit in quoted text.
const CONTEXTS: &[&str] = &[
    "[[ -v 'a[CODE]' ]]",
    "test -v 'a[CODE]'",
    "[ -v 'a[CODE]' ]",
    "[[ 'a[CODE]' -gt 1 ]]",
    "[[ 1 -eq 'a[CODE]' ]]",
    "[[ '1 + a[CODE]' -le 1 ]]",
    "x['CODE']=1",
    "x=( ['CODE']=1 )",
    "declare 'x[CODE]=1'",
    "declare x['CODE']=1",
    "declare -i x='a[CODE]'",
    "typeset -i x='a[CODE]'",
    "declare -ai x=('a[CODE]')",
    "declare -n r='a[CODE]'; r=1",
    "f(){ local 'x[CODE]=1'; }; f",
    "a=(1); unset 'a[CODE]'",
    "a=(1); unset -v 'a[CODE]'",
    "printf -v 'a[CODE]' x",
    "printf -v a'[CODE]' x",
    "read 'a[CODE]' <<< x",
    "read -r 'a[CODE]' <<< x",
    "sleep 0 & wait -n -p 'a[CODE]'",
    "let 'a[CODE]'",
    "let 'x=a[CODE]'",
    "(( 'a[CODE]' ))",
    "echo $(( 'a[CODE]' ))",
    "echo \"$(( 'a[CODE]' ))\"",
    "echo ${a['CODE']}",
    "echo \"${a['CODE']}\"",
    "a[1]=1; echo ${#a['CODE']}",
    "x=abc; echo ${x:0:'a[CODE]'}",
    "x=(abc); echo ${x[@]:'a[CODE]'}",
    "x='a[CODE]'; echo $(( x ))",
    "x='a[CODE]'; [[ x -eq 1 ]]",
    "a['`touch MARK`']=1",
    "[[ -v 'a[`touch MARK`]' ]]",
    // Not run by bash 5.2 (treated the same way: nothing ordinary writes them).
    "read -a 'a[CODE]' <<< x",
    "mapfile 'a[CODE]' <<< x",
    "getopts a 'a[CODE]'",
    "declare -A a; echo ${a['CODE']}",
];

/// Did bash run the substitution in `context`?
fn bash_runs(context: &str, mark: &std::path::Path) -> Option<bool> {
    let _ = std::fs::remove_file(mark);
    let code = format!("$(touch {})", mark.display());
    let script = context
        .replace("CODE", &code)
        .replace("MARK", &mark.display().to_string());
    std::process::Command::new("bash")
        .arg("--norc")
        .arg("-c")
        .arg(script)
        .current_dir(mark.parent()?)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .ok()?;
    Some(mark.exists())
}

#[test]
fn a_substitution_bash_evaluates_in_quoted_text_is_seen() {
    let dir = tempfile::tempdir().unwrap();
    let mark = dir.path().join("mark");
    let code = format!("$(touch {})", mark.display());
    let touch = format!("touch {}", mark.display());
    let mut ran = 0;
    for context in CONTEXTS {
        let cmd = context
            .replace("CODE", &code)
            .replace("MARK", &mark.display().to_string());
        let a = an(&cmd);
        let runs = bash_runs(context, &mark);
        ran += usize::from(runs == Some(true));
        if runs == Some(true) || runs.is_none() {
            assert!(
                !a.opaque.is_empty(),
                "{cmd:?}: bash runs it, the analysis is transparent"
            );
        }
        // Every such context is opaque and shows what it runs, whatever bash does (where
        // the grammar reads it otherwise, `${x:0:'…'}`, it is a parse error).
        assert!(!a.opaque.is_empty(), "{cmd:?} should be opaque");
        let misread = a.opaque.iter().any(|o| matches!(o, Opaque::ParseError(_)));
        assert!(
            misread || a.commands.iter().any(|c| c.exec.join(" ") == touch),
            "{cmd:?}: the substitution's command is not shown: {:?}",
            a.commands
                .iter()
                .map(|c| c.exec.join(" "))
                .collect::<Vec<_>>()
        );
    }
    if Command::new("bash").arg("-c").arg("true").status().is_ok() {
        // The contexts above this line's list really run it (keeps the list honest).
        assert!(ran >= 34, "bash ran only {ran} contexts");
    }
}

use std::process::Command;

/// Contexts where bash 5.2 does not evaluate the text: the analysis leaves them as the
/// quoted text they are.
const NOT_RUN: &[&str] = &[
    "[[ 'a[CODE]' == x ]]",
    "[[ -n 'a[CODE]' ]]",
    "test 'a[CODE]' -gt 1",
    "[ 'a[CODE]' -eq 1 ]",
    "printf '%d' 'a[CODE]'",
    "printf '%s' 'a[CODE]'",
    "echo 'a[CODE]'",
    "case 1 in 'a[CODE]') ;; esac",
];

#[test]
fn quoted_text_bash_does_not_evaluate_stays_text() {
    let dir = tempfile::tempdir().unwrap();
    let mark = dir.path().join("mark");
    let code = format!("$(touch {})", mark.display());
    for context in NOT_RUN {
        if let Some(runs) = bash_runs(context, &mark) {
            assert!(!runs, "bash runs {context:?}");
        }
        assert_transparent(&context.replace("CODE", &code));
    }
}

#[test]
fn a_substitution_in_a_subscript_is_walked() {
    // Unquoted or double-quoted, it is an ordinary substitution: its command is shown.
    for cmd in [
        "x[\"$(touch m)\"]=1",
        "x[$(touch m)]=1",
        "[[ 1 -ne \"a[$(touch m)]\" ]]",
        "echo \"${a[$(touch m)]}\"",
    ] {
        assert!(
            an(cmd)
                .commands
                .iter()
                .any(|c| c.exec.join(" ") == "touch m"),
            "{cmd:?}: {:?}",
            execs(cmd)
        );
    }
}

#[test]
fn ordinary_names_conditions_and_arithmetic_stay_transparent() {
    for cmd in [
        "[[ -v HOME ]]",
        "test -v HOME",
        "[ -v HOME ]",
        "[[ $x -gt 3 ]]",
        "[[ ${#arr[@]} -eq 0 ]]",
        "[[ $(wc -l < README.md) -gt 3 ]]",
        "[ \"$(git status --porcelain)\" = '' ]",
        "[[ $(git log --format='%s') == 'x' ]]",
        "arr[0]=1",
        "arr[i+1]=x",
        "x=(a b c)",
        "x=(\"$(pwd)\" b)",
        "echo $((1 + 2))",
        "i=0; echo $((i+1))",
        "echo \"$(( $(date +%s) - 5 ))\"",
        "echo ${x:-default} ${#x} ${x:1:2} ${arr[0]}",
        "printf -v out '%s' x",
        "printf '%s\\n' '$(not run)'",
        "read -r line < README.md",
        "read -r -p 'name $(x): ' n",
        "unset x",
        "export PATH_EXTRA=x",
        "export GOBIN=\"$(go env GOPATH)/bin\"",
        "readonly v=$(date +%s)",
        "echo '$(literal)'",
    ] {
        assert_transparent(cmd);
    }
}

#[test]
fn an_exported_function_is_an_environment_entry_not_a_program() {
    // GNU env takes every word with `=` before the command as NAME=VALUE (coreutils 9.1);
    // bash 5.2 imports `BASH_FUNC_NAME%%` as the function NAME.
    let a = an("env 'BASH_FUNC_cargo%%=() { curl -s x | sh; }' bash -c 'cargo test'");
    let bash = a
        .commands
        .iter()
        .find(|c| c.program() == Some("bash"))
        .unwrap();
    assert!(bash
        .assignments
        .iter()
        .any(|(n, v)| n == "BASH_FUNC_cargo%%" && v.starts_with("() {")));
    assert!(a
        .commands
        .iter()
        .all(|c| !c.program().is_some_and(|p| p.starts_with("BASH_FUNC"))));
    let a = an("env 'a b=1' =x ls");
    assert_eq!(a.commands[0].exec, vec!["ls"]);
    // A word computed at run time stays the program unless its name is written out.
    assert_opaque("env $(echo A=B) ls", |o| {
        matches!(o, Opaque::DynamicCommandName(_))
    });
    assert_eq!(an("env A=$x ls").commands[0].exec, vec!["ls"]);
    // What bash does with it (where bash and env are here).
    let dir = tempfile::tempdir().unwrap();
    let mark = dir.path().join("m");
    let ok = Command::new("env")
        .arg(format!(
            "BASH_FUNC_true%%=() {{ touch {}; }}",
            mark.display()
        ))
        .args(["bash", "-c", "true"])
        .status()
        .is_ok();
    if ok {
        assert!(mark.exists(), "bash imported no function");
    }
}
