//! Table tests of the grammar engine and the program tables.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::grammar::{flag, parse, value, Arity, Grammar, GrammarError, Operands, Style, Val};
use super::programs;
use super::{Code, Effect, Reach, WriteHow};

fn argv(words: &[&str]) -> (Vec<String>, Vec<bool>) {
    let v: Vec<String> = words.iter().map(|w| w.to_string()).collect();
    let d = v.iter().map(|w| w.contains(['$', '*', '?', '['])).collect();
    (v, d)
}

static OPTS: &[super::grammar::Opt] = &[
    flag(&["-v", "--verbose"]),
    value(&["-o", "--output"], Val::Write),
    value(&["--outline"], Val::Plain),
    value(&["-n", "--count"], Val::Num),
    super::grammar::opt(
        &["--color"],
        Arity::Optional,
        Val::Choice(&["always", "never"]),
    ),
    flag(&["--no-verify"]),
];

fn g(style: Style) -> Grammar {
    Grammar {
        style,
        opts: OPTS,
        operands: Operands::all(Val::Read),
        numeric_short: false,
    }
}

fn fx(style: Style, words: &[&str]) -> Result<Vec<Effect>, GrammarError> {
    let (v, d) = argv(words);
    let gr = g(style);
    parse(&gr, &v, &d).map(|p| gr.effects(&p))
}

#[test]
fn gnu_options_are_read_the_way_getopt_long_reads_them() {
    use Style::Gnu;
    let w = |p: &str| Effect::write(p, WriteHow::Replace);
    let r = Effect::read;
    // Separate, attached, bundled and `=` values.
    assert_eq!(fx(Gnu, &["p", "-o", "x", "a"]), Ok(vec![w("x"), r("a")]));
    assert_eq!(fx(Gnu, &["p", "-ox", "a"]), Ok(vec![w("x"), r("a")]));
    assert_eq!(fx(Gnu, &["p", "-vox", "a"]), Ok(vec![w("x"), r("a")]));
    assert_eq!(fx(Gnu, &["p", "--output=x"]), Ok(vec![w("x")]));
    assert_eq!(fx(Gnu, &["p", "--output", "x"]), Ok(vec![w("x")]));
    // Unique prefixes resolve; an exact name wins over a longer one.
    assert_eq!(fx(Gnu, &["p", "--outp=x"]), Ok(vec![w("x")]));
    assert_eq!(fx(Gnu, &["p", "--verb", "a"]), Ok(vec![r("a")]));
    assert!(matches!(
        fx(Gnu, &["p", "--out=x"]),
        Err(GrammarError::Ambiguous { .. })
    ));
    // Options after operands (permutation), and `--` ends them.
    assert_eq!(fx(Gnu, &["p", "a", "-o", "x"]), Ok(vec![w("x"), r("a")]));
    assert_eq!(fx(Gnu, &["p", "--", "-o"]), Ok(vec![r("-o")]));
    // Optional values attach only with `=`.
    assert_eq!(fx(Gnu, &["p", "--color", "a"]), Ok(vec![r("a")]));
    assert_eq!(fx(Gnu, &["p", "--color=always"]), Ok(vec![]));
    assert!(matches!(
        fx(Gnu, &["p", "--color=sometimes"]),
        Err(GrammarError::BadValue { .. })
    ));
    // Unknown, missing, mistyped and dynamic.
    assert!(matches!(
        fx(Gnu, &["p", "-q"]),
        Err(GrammarError::UnknownOption(_))
    ));
    assert!(matches!(
        fx(Gnu, &["p", "--quux"]),
        Err(GrammarError::UnknownOption(_))
    ));
    assert!(matches!(
        fx(Gnu, &["p", "-o"]),
        Err(GrammarError::MissingValue(_))
    ));
    assert!(matches!(
        fx(Gnu, &["p", "-n", "x"]),
        Err(GrammarError::BadValue { .. })
    ));
    assert!(matches!(
        fx(Gnu, &["p", "--verbose=1"]),
        Err(GrammarError::UnexpectedValue(_))
    ));
    assert!(matches!(
        fx(Gnu, &["p", "$OPT"]),
        Err(GrammarError::Dynamic(_))
    ));
    // help and version are always known.
    assert_eq!(fx(Gnu, &["p", "--help"]), Ok(vec![]));
}

#[test]
fn a_path_computed_at_run_time_is_unknown_and_a_glob_is_kept_for_expansion() {
    let got = fx(Style::Gnu, &["p", "-o", "$HOME/x", "src/*.rs"]).unwrap_or_default();
    assert!(got.first().is_some_and(Effect::is_unknown), "{got:?}");
    assert_eq!(got.get(1), Some(&Effect::read("src/*.rs")));
}

#[test]
fn posix_style_stops_at_the_first_operand_and_has_no_long_options() {
    assert_eq!(
        fx(Style::Posix, &["p", "a", "-o", "x"]),
        Ok(vec![
            Effect::read("a"),
            Effect::read("-o"),
            Effect::read("x")
        ])
    );
    assert!(fx(Style::Posix, &["p", "--output=x"]).is_err());
}

#[test]
fn git_style_accepts_negation_and_prefixes() {
    assert_eq!(
        fx(Style::Git, &["p", "--no-verbose", "a"]),
        Ok(vec![Effect::read("a")])
    );
    assert_eq!(fx(Style::Git, &["p", "--no-verify"]), Ok(vec![]));
    assert_eq!(fx(Style::Git, &["p", "--no-verb"]), Ok(vec![]));
    assert_eq!(
        fx(Style::Git, &["p", "--outp", "x"]),
        Ok(vec![Effect::write("x", WriteHow::Replace)])
    );
}

#[test]
fn go_style_takes_one_or_two_dashes_and_no_prefixes_or_bundles() {
    static GO: &[super::grammar::Opt] = &[
        value(&["-o"], Val::Write),
        flag(&["-v"]),
        value(&["-vettool"], Val::Code("a vet tool")),
    ];
    let gr = Grammar {
        style: Style::Go,
        opts: GO,
        operands: Operands::all(Val::Plain),
        numeric_short: false,
    };
    let run = |w: &[&str]| {
        let (v, d) = argv(w);
        parse(&gr, &v, &d).map(|p| gr.effects(&p))
    };
    assert_eq!(
        run(&["go", "--o", "x"]),
        Ok(vec![Effect::write("x", WriteHow::Replace)])
    );
    assert_eq!(run(&["go", "-v=true"]), Ok(vec![]));
    assert!(run(&["go", "-vo"]).is_err());
    assert!(run(&["go", "-vet=x"]).is_err());
    assert_eq!(
        run(&["go", "-vettool=./t.sh"]),
        Ok(vec![Effect::Run {
            code: Code::Hidden {
                what: "a vet tool ./t.sh".into()
            }
        }])
    );
}

fn program(words: &[&str]) -> Result<Vec<Effect>, GrammarError> {
    let (v, d) = argv(words);
    let p = programs::lookup(words[0]).expect("a known program");
    programs::effects(p, &v, &d)
}

#[test]
fn coreutils_tables_turn_options_into_effects() {
    assert_eq!(
        program(&["cat", "-n", "a", "b"]),
        Ok(vec![Effect::read("a"), Effect::read("b")])
    );
    assert_eq!(program(&["head", "-5", "a"]), Ok(vec![Effect::read("a")]));
    assert_eq!(program(&["head", "-n5", "a"]), Ok(vec![Effect::read("a")]));
    // The second operand of uniq is written; a third is not in its grammar.
    assert_eq!(
        program(&["uniq", "a", "b"]),
        Ok(vec![
            Effect::read("a"),
            Effect::write("b", WriteHow::Replace)
        ])
    );
    assert!(program(&["uniq", "a", "b", "c"]).is_err());
    // sort's abbreviated --output writes; its compress program runs.
    assert_eq!(
        program(&["sort", "--ou=x", "a"]),
        Ok(vec![
            Effect::write("x", WriteHow::Replace),
            Effect::read("a")
        ])
    );
    assert!(matches!(
        program(&["sort", "--compress-program=sh"]).as_deref(),
        Ok([Effect::Run { .. }])
    ));
    assert_eq!(
        program(&["sort", "--files0-from=l"]),
        Ok(vec![Effect::Read {
            path: "l".into(),
            reach: Reach::ListOfFiles
        }])
    );
    // date reads the file it is given, and setting the clock is not routine.
    assert_eq!(program(&["date", "--fil=k"]), Ok(vec![Effect::read("k")]));
    assert_eq!(program(&["date", "+%s"]), Ok(vec![]));
    assert!(program(&["date", "0101"])
        .unwrap_or_default()
        .iter()
        .any(Effect::is_unknown));
    assert!(program(&["date", "-s", "x"])
        .unwrap_or_default()
        .iter()
        .any(Effect::is_unknown));
}
