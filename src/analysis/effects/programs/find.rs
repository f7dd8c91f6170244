//! find's whole command line: leading options, starting points and the expression
//! (operators, options, tests, actions), as GNU findutils 4.9.0 reads them (checked
//! against `find --help` and find(1) here), plus the leading flags of the BSD and macOS
//! find (`-E`, `-X`, `-d`, `-s`, `-x`, from their find(1)), which GNU find rejects.
//!
//! Effects: the starting points are listed (names and metadata) below them, following
//! links with `-L`/`-follow`; `-delete` deletes what matches below them; `-fprint`,
//! `-fprint0`, `-fprintf` and `-fls` write a file; `-files0-from` reads the starting
//! points from a file; `-newer` and friends read a reference file's times. `-exec`,
//! `-execdir`, `-ok` and `-okdir` run a command per found file (or batch): the shell
//! analysis extracts it and judges it on its own, and [`parse`] hands it back too, so the
//! command floor can judge it again with the found paths in place of `{}`; whatever it
//! runs may read every file below the starting points.

use super::super::grammar::{GrammarError, Word};
use super::super::{Effect, Reach, WriteHow};
use super::common;

/// Primaries that take no argument.
const NULLARY: &[&str] = &[
    // operators spelled as words
    "-not",
    "-a",
    "-and",
    "-o",
    "-or",
    // positional and normal options
    "-daystart",
    "-follow",
    "-nowarn",
    "-warn",
    "-depth",
    "-mount",
    "-noleaf",
    "-xdev",
    "-ignore_readdir_race",
    "-noignore_readdir_race",
    // tests
    "-empty",
    "-executable",
    "-false",
    "-nogroup",
    "-nouser",
    "-readable",
    "-true",
    "-writable",
    // actions
    "-delete",
    "-ls",
    "-print",
    "-print0",
    "-prune",
    "-quit",
];

/// Primaries whose one argument is data (a pattern, a number, a name, a format).
const UNARY_DATA: &[&str] = &[
    "-maxdepth",
    "-mindepth",
    "-amin",
    "-atime",
    "-cmin",
    "-context",
    "-ctime",
    "-fstype",
    "-gid",
    "-group",
    "-ilname",
    "-iname",
    "-inum",
    "-ipath",
    "-iregex",
    "-iwholename",
    "-links",
    "-lname",
    "-mmin",
    "-mtime",
    "-name",
    "-path",
    "-perm",
    "-regex",
    "-size",
    "-type",
    "-uid",
    "-used",
    "-user",
    "-wholename",
    "-xtype",
    "-printf",
];

/// Primaries whose one argument is a file whose times or identity are compared.
const UNARY_REF: &[&str] = &["-anewer", "-cnewer", "-newer", "-samefile"];

/// Primaries whose argument is a file they write.
const WRITERS: &[&str] = &["-fprint", "-fprint0", "-fls"];

const REGEX_TYPES: &[&str] = &[
    "findutils-default",
    "ed",
    "emacs",
    "gnu-awk",
    "grep",
    "posix-awk",
    "awk",
    "posix-basic",
    "posix-egrep",
    "egrep",
    "posix-extended",
    "posix-minimal-basic",
    "sed",
];

/// How a found file is handed to a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExecKind {
    /// `-exec` / `-ok`: run in find's working directory.
    Exec,
    /// `-execdir` / `-okdir`: run in the found file's directory.
    ExecDir,
}

/// One command find runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FindExec {
    pub kind: ExecKind,
    /// `{} +`: many found files per run.
    pub batch: bool,
    /// The command's words with their dynamic marks (without the `;` or `+`).
    pub words: Vec<(String, bool)>,
}

/// What a starting point stands for where `-delete` acts on what is found below it: the
/// starting point itself, or under `.` with a name test before the action that binds it
/// (`find . -name '*.pyc' -delete`), the names below `.` that match (`./**/*.pyc`). GNU
/// find never removes the starting point `.` itself (findutils 4.9.0 here: `find .
/// -delete` empties the directory and leaves it), and a pattern with a letter or digit
/// in it never matches `.`; a test after the action (`-delete -name x`) comes too late,
/// and with an operator (`-o`, `!`, `,`, parentheses) the test may not bind the match.
pub fn found_below(root: &str, bound: Option<&str>) -> String {
    match bound {
        Some(name) if matches!(root, "." | "./") => format!("./**/{name}"),
        _ => root.to_string(),
    }
}

/// A find command read whole.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FindCall {
    pub effects: Vec<Effect>,
    /// The starting points as written (`.` when none is given and no `-files0-from`).
    pub roots: Vec<String>,
    pub execs: Vec<FindExec>,
    /// `-L` or `-follow`: links met while walking are followed.
    pub follow: bool,
}

/// The effects of a find argv (argv[0] is `find`).
pub fn effects(argv: &[String], dynamic: &[bool]) -> Result<Vec<Effect>, GrammarError> {
    parse(argv, dynamic).map(|c| c.effects)
}

/// Read a find argv.
pub fn parse(argv: &[String], dynamic: &[bool]) -> Result<FindCall, GrammarError> {
    let words = common::words(argv, dynamic);
    let mut i = 1;
    let mut follow = false;
    // Leading options.
    while let Some(w) = words.get(i) {
        match w.text {
            "-H" | "-P" | "-E" | "-X" | "-d" | "-s" | "-x" => {}
            "-L" => follow = true,
            "-D" => {
                i += 1;
                literal(words.get(i).copied(), "-D")?;
            }
            "--" => {
                i += 1;
                break;
            }
            t if t.starts_with("-O") && t.len() > 2 => {}
            _ => break,
        }
        literal(Some(*w), w.text)?;
        i += 1;
    }
    // Starting points: every word before the first that looks like an expression.
    let mut roots: Vec<Word> = Vec::new();
    while let Some(w) = words.get(i) {
        if looks_like_expression(w.text) {
            break;
        }
        if w.dynamic && common::could_be_option(w.text) {
            return Err(GrammarError::Dynamic(w.text.to_string()));
        }
        roots.push(*w);
        i += 1;
    }
    let mut out = Vec::new();
    let mut execs = Vec::new();
    let mut deletes = false;
    let mut files0 = false;
    // `-name`/`-iname` patterns, and whether an operator (`-o`, `!`, `,`, parentheses)
    // makes a test not bind every match.
    let mut names: Vec<&str> = Vec::new();
    let mut operators = false;
    // The name binding `-delete`, taken where the first `-delete` stands.
    let mut delete_bound: Option<Option<String>> = None;
    let bound_now = |names: &[&str], operators: bool| -> Option<String> {
        if operators {
            return None;
        }
        names
            .iter()
            .find(|n| !n.contains('/') && n.chars().any(|c| c.is_ascii_alphanumeric()))
            .map(|n| n.to_string())
    };
    while let Some(w) = words.get(i) {
        i += 1;
        literal(Some(*w), w.text)?;
        let t = w.text;
        let arg = |k: usize| -> Result<Word, GrammarError> {
            words
                .get(k)
                .copied()
                .ok_or_else(|| GrammarError::MissingValue(t.to_string()))
        };
        match t {
            "(" | ")" | "!" | "," => operators = true,
            "-help" | "--help" | "-version" | "--version" => {}
            _ if NULLARY.contains(&t) => {
                if t == "-follow" {
                    follow = true;
                }
                if t == "-delete" {
                    deletes = true;
                    if delete_bound.is_none() {
                        delete_bound = Some(bound_now(&names, operators));
                    }
                }
                if matches!(t, "-not" | "-o" | "-or") {
                    operators = true;
                }
            }
            _ if UNARY_DATA.contains(&t) => {
                let v = arg(i)?;
                i += 1;
                if matches!(t, "-name" | "-iname") && !v.dynamic {
                    names.push(v.text);
                }
            }
            "-regextype" => {
                let v = arg(i)?;
                i += 1;
                literal(Some(v), t)?;
                if !REGEX_TYPES.contains(&v.text) {
                    return Err(GrammarError::BadValue {
                        option: t.into(),
                        value: v.text.into(),
                    });
                }
            }
            _ if UNARY_REF.contains(&t) || newer_xy(t).is_some() => {
                let v = arg(i)?;
                i += 1;
                // `-newerXt` compares with a date written in the argument, not a file.
                if newer_xy(t) != Some('t') {
                    common::read(v, Reach::File, &mut out);
                }
            }
            _ if WRITERS.contains(&t) => {
                let v = arg(i)?;
                i += 1;
                common::write(v, WriteHow::Replace, &mut out);
            }
            "-fprintf" => {
                let v = arg(i)?;
                arg(i + 1)?;
                i += 2;
                common::write(v, WriteHow::Replace, &mut out);
            }
            "-files0-from" => {
                let v = arg(i)?;
                i += 1;
                files0 = true;
                if v.text == "-" {
                    out.push(Effect::unknown(
                        "find -files0-from - reads the starting points from stdin",
                    ));
                } else if !common::computed(v, &mut out) {
                    out.push(Effect::Read {
                        path: v.text.to_string(),
                        reach: Reach::ListOfFiles,
                    });
                }
            }
            "-exec" | "-execdir" | "-ok" | "-okdir" => {
                let kind = if t.ends_with("dir") {
                    ExecKind::ExecDir
                } else {
                    ExecKind::Exec
                };
                let mut child: Vec<(String, bool)> = Vec::new();
                let mut batch = false;
                let mut closed = false;
                while let Some(c) = words.get(i) {
                    i += 1;
                    if c.text == ";" {
                        closed = true;
                        break;
                    }
                    if c.text == "+" && child.last().is_some_and(|(p, _)| p == "{}") {
                        batch = true;
                        closed = true;
                        break;
                    }
                    child.push((c.text.to_string(), c.dynamic));
                }
                if !closed || child.is_empty() {
                    return Err(GrammarError::MissingValue(t.to_string()));
                }
                execs.push(FindExec {
                    kind,
                    batch,
                    words: child,
                });
            }
            _ => return Err(GrammarError::UnknownOption(t.to_string())),
        }
    }
    let mut root_texts: Vec<String> = Vec::new();
    for w in &roots {
        if !common::computed(*w, &mut out) {
            root_texts.push(w.text.to_string());
        }
    }
    if roots.is_empty() && !files0 {
        root_texts.push(".".into());
    }
    // find lists names and metadata below its starting points, never a file's contents
    // (what -exec runs may read them: added below).
    let list = if follow {
        Reach::TreeFollow
    } else {
        Reach::Metadata
    };
    let mut effects: Vec<Effect> = Vec::new();
    for r in &root_texts {
        effects.push(Effect::Read {
            path: r.clone(),
            reach: list,
        });
        if !execs.is_empty() {
            // What a command given the found paths reads: anything below the roots.
            effects.push(Effect::Read {
                path: r.clone(),
                reach: if follow {
                    Reach::TreeFollow
                } else {
                    Reach::Tree
                },
            });
        }
        if deletes {
            effects.push(Effect::Delete {
                // With links followed the names found may lie anywhere.
                path: found_below(
                    r,
                    delete_bound
                        .clone()
                        .flatten()
                        .filter(|_| !follow)
                        .as_deref(),
                ),
                recursive: true,
            });
        }
    }
    effects.extend(out);
    Ok(FindCall {
        effects,
        roots: root_texts,
        execs,
        follow,
    })
}

/// GNU find's test for the end of the starting points.
fn looks_like_expression(t: &str) -> bool {
    (t.starts_with('-') && t.len() > 1) || matches!(t, "(" | ")" | "!" | ",")
}

/// `-newerXY`: the reference's kind Y (`t` is a date string).
fn newer_xy(t: &str) -> Option<char> {
    let rest = t.strip_prefix("-newer")?;
    let mut c = rest.chars();
    let (x, y) = (c.next()?, c.next()?);
    (c.next().is_none() && "aBcm".contains(x) && "aBcmt".contains(y)).then_some(y)
}

/// An expression word (or a leading option's value) must be literal: a run-time value
/// there could become any primary.
fn literal(w: Option<Word>, what: &str) -> Result<(), GrammarError> {
    match w {
        None => Err(GrammarError::MissingValue(what.to_string())),
        Some(w) if w.dynamic && super::super::grammar::is_expansion(w.text) => {
            Err(GrammarError::Dynamic(w.text.to_string()))
        }
        Some(_) => Ok(()),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn call(words: &[&str]) -> Result<FindCall, GrammarError> {
        let v: Vec<String> = words.iter().map(|w| w.to_string()).collect();
        let d: Vec<bool> = v.iter().map(|w| w.contains('$')).collect();
        parse(&v, &d)
    }

    fn rd(p: &str, reach: Reach) -> Effect {
        Effect::Read {
            path: p.into(),
            reach,
        }
    }

    #[test]
    fn starting_points_are_listed() {
        use Reach::*;
        // Names and metadata below each starting point, never contents.
        let c = call(&["find", ".", "-name", "*.rs", "-not", "-path", "./target/*"]).unwrap();
        assert_eq!(c.effects, vec![rd(".", Metadata)]);
        let c = call(&["find", "src", "lib", "-type", "f", "-mtime", "+3"]).unwrap();
        assert_eq!(c.effects, vec![rd("src", Metadata), rd("lib", Metadata)]);
        assert_eq!(call(&["find"]).unwrap().roots, vec!["."]);
        assert_eq!(
            call(&["find", "-L", "."]).unwrap().effects,
            vec![rd(".", TreeFollow)]
        );
        assert_eq!(
            call(&["find", ".", "-follow", "-name", "x"])
                .unwrap()
                .effects,
            vec![rd(".", TreeFollow)]
        );
        assert_eq!(
            call(&["find", "-O3", "-P", "--", "x"]).unwrap().roots,
            vec!["x"]
        );
        let c = call(&[
            "find", ".", "(", "-name", "a", "-o", "-name", "b", ")", "-print0",
        ]);
        assert!(c.is_ok());
        assert!(call(&["find", ".", "-nosuch"]).is_err());
        assert!(call(&["find", ".", "-name"]).is_err());
        assert!(call(&["find", ".", "$ACTION"]).is_err());
        assert!(call(&["find", "$DIR", "-name", "x"]).is_err());
        assert!(call(&["find", ".", "-regextype", "perl"]).is_err());
    }

    #[test]
    fn actions_write_delete_and_run() {
        use Reach::*;
        let c = call(&["find", ".", "-fls", "/home/u/.bashrc"]).unwrap();
        assert_eq!(
            c.effects[1],
            Effect::write("/home/u/.bashrc", WriteHow::Replace)
        );
        let c = call(&["find", ".", "-fprintf", "out", "%p"]).unwrap();
        assert_eq!(c.effects[1], Effect::write("out", WriteHow::Replace));
        let c = call(&["find", "build", "-name", "*.o", "-delete"]).unwrap();
        assert_eq!(
            c.effects[1],
            Effect::Delete {
                path: "build".into(),
                recursive: true
            }
        );
        // GNU find never removes the starting point `.`: a name test that binds every
        // match deletes those names below it; without one, or past an operator, the
        // starting point stands for everything below it.
        let deleted = |argv: &[&str]| {
            call(argv)
                .unwrap()
                .effects
                .into_iter()
                .find_map(|e| match e {
                    Effect::Delete { path, .. } => Some(path),
                    _ => None,
                })
                .unwrap()
        };
        assert_eq!(
            deleted(&["find", ".", "-name", "*.pyc", "-delete"]),
            "./**/*.pyc"
        );
        assert_eq!(
            deleted(&["find", "./", "-type", "f", "-iname", "*.orig", "-delete"]),
            "./**/*.orig"
        );
        assert_eq!(deleted(&["find", ".", "-delete"]), ".");
        assert_eq!(deleted(&["find", ".", "-name", "*", "-delete"]), ".");
        assert_eq!(
            deleted(&["find", ".", "-name", "*.pyc", "-o", "-name", "*", "-delete"]),
            "."
        );
        assert_eq!(
            deleted(&["find", ".", "!", "-name", "*.pyc", "-delete"]),
            "."
        );
        assert_eq!(
            deleted(&["find", "src", "-name", "*.pyc", "-delete"]),
            "src"
        );
        // A test after the action does not bind it.
        assert_eq!(deleted(&["find", ".", "-delete", "-name", "*.pyc"]), ".");
        let c = call(&["find", ".", "-newer", "stamp", "-newermt", "2024-01-01"]).unwrap();
        assert_eq!(c.effects, vec![rd(".", Metadata), Effect::read("stamp")]);
        let c = call(&["find", "-files0-from", "list"]).unwrap();
        assert_eq!(c.effects, vec![rd("list", ListOfFiles)]);
        assert!(call(&["find", "-files0-from", "-"]).unwrap().effects[0].is_unknown());
        let c = call(&[
            "find",
            ".",
            "-name",
            "x",
            "-execdir",
            "rm",
            "-rf",
            "/home/dev",
            ";",
            "-exec",
            "wc",
            "-l",
            "{}",
            "+",
        ])
        .unwrap();
        assert_eq!(c.execs.len(), 2);
        assert_eq!(c.execs[0].kind, ExecKind::ExecDir);
        assert_eq!(c.execs[0].words.len(), 3);
        assert!(c.execs[1].batch);
        assert_eq!(c.effects, vec![rd(".", Metadata), rd(".", Tree)]);
        // `+` ends a command only right after `{}`.
        assert!(call(&["find", ".", "-exec", "echo", "{}", "x", "+"]).is_err());
        assert!(call(&["find", ".", "-exec", ";"]).is_err());
    }
}
