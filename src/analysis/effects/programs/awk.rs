//! awk: the options of GNU awk 5.2.1 (`gawk --help`, used for `awk` and `nawk` too, whose
//! options it covers) and of mawk 1.3.4 (`mawk -W usage`), and a scanner of awk programs
//! that finds what a program does besides filtering text: `system(…)` and pipes (`print
//! | "cmd"`, `"cmd" | getline`, `|&` coprocesses) run shell commands; `print > "file"`
//! and `>>` write files; `getline < "file"` reads one; `ENVIRON` (but a few harmless
//! names) prints the environment, where secrets live; `@load` and `-l` load extension
//! libraries. A redirection whose target is computed at run time is unknown. Program
//! files (`-f`, `-E`, `-i`, `@include`) are read by the command floor, which hands their
//! text to [`program_effects`]; with `--sandbox` gawk refuses `system`, pipes and
//! redirections.

use super::super::grammar::{self, flag, opt, value, Arity, Grammar, GrammarError, Operands};
use super::super::grammar::{Style, Val, Word};
use super::super::{Code, Effect, Reach, WriteHow};
use super::common;

/// GNU awk 5.2.1 (its long options abbreviate, through getopt_long).
static GAWK: Grammar = Grammar {
    style: Style::Gnu,
    opts: &[
        value(&["-f", "--file"], Val::Plain),
        value(&["-F", "--field-separator"], Val::Plain),
        value(&["-v", "--assign"], Val::Plain),
        flag(&["-b", "--characters-as-bytes"]),
        flag(&["-c", "--traditional"]),
        flag(&["-C", "--copyright"]),
        opt(&["-d", "--dump-variables"], Arity::Optional, Val::Plain),
        opt(
            &["-D", "--debug"],
            Arity::Optional,
            Val::Unsafe("starts gawk's debugger, which takes commands"),
        ),
        value(&["-e", "--source"], Val::Plain),
        value(&["-E", "--exec"], Val::Plain),
        flag(&["-g", "--gen-pot"]),
        value(&["-i", "--include"], Val::Plain),
        flag(&["-I", "--trace"]),
        value(&["-l", "--load"], Val::Code("a gawk extension library")),
        opt(
            &["-L", "--lint"],
            Arity::Optional,
            Val::Choice(&["fatal", "invalid", "no-ext"]),
        ),
        flag(&["-M", "--bignum"]),
        flag(&["-N", "--use-lc-numeric"]),
        flag(&["-n", "--non-decimal-data"]),
        opt(&["-o", "--pretty-print"], Arity::Optional, Val::Plain),
        flag(&["-O", "--optimize"]),
        opt(&["-p", "--profile"], Arity::Optional, Val::Plain),
        flag(&["-P", "--posix"]),
        flag(&["-r", "--re-interval"]),
        flag(&["-s", "--no-optimize"]),
        flag(&["-S", "--sandbox"]),
        flag(&["-t", "--lint-old"]),
        flag(&["-V"]),
        flag(&["-h"]),
        value(&["-W"], Val::Plain),
    ],
    operands: Operands::all(Val::Plain),
    numeric_short: false,
};

/// mawk 1.3.4: `-f`, `-F`, `-v` and the implementation options `-W …`.
static MAWK: Grammar = Grammar {
    style: Style::Posix,
    opts: &[
        value(&["-f"], Val::Plain),
        value(&["-F"], Val::Plain),
        value(&["-v"], Val::Plain),
        value(&["-W"], Val::Plain),
    ],
    operands: Operands::all(Val::Plain),
    numeric_short: false,
};

/// An awk command line read whole (its program files not yet read).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AwkCall {
    pub effects: Vec<Effect>,
    /// Program files (`-f`, `-E`, `-i`, `-W exec`), to be read and scanned.
    pub program_files: Vec<String>,
    /// Files the inline program includes with `@include`.
    pub includes: Vec<String>,
    pub sandbox: bool,
}

/// Read an awk argv (argv[0] names the implementation: `mawk`, else gawk's options).
pub fn parse(argv: &[String], dynamic: &[bool]) -> Result<AwkCall, GrammarError> {
    let mawk = argv.first().is_some_and(|p| p == "mawk");
    let g = if mawk { &MAWK } else { &GAWK };
    let p = grammar::parse(g, argv, dynamic)?;
    let mut effects = g.effects(&p);
    let mut program = String::new();
    let mut program_given = false;
    let mut program_files = Vec::new();
    let sandbox = p.has("-S");
    let file = |v: Word, effects: &mut Vec<Effect>, files: &mut Vec<String>| {
        if v.text == "-" || v.text == "/dev/stdin" {
            effects.push(Effect::unknown("awk reads its program from stdin"));
        } else if !common::computed(v, effects) {
            effects.push(Effect::read(v.text));
            files.push(v.text.to_string());
        }
    };
    for gv in &p.given {
        let v = gv.value;
        match (gv.name, v) {
            ("--file" | "-f" | "--exec" | "--include", Some(v)) => {
                if gv.name != "--include" {
                    program_given = true;
                }
                file(v, &mut effects, &mut program_files);
            }
            ("--source", Some(v)) => {
                program_given = true;
                literal(v)?;
                program.push_str(v.text);
                program.push('\n');
            }
            ("--dump-variables", v) => out_file(v, "awkvars.out", &mut effects),
            ("--pretty-print" | "--profile", v) => out_file(v, "awkprof.out", &mut effects),
            ("-W", Some(v)) => {
                literal(v)?;
                match w_option(v.text) {
                    Some(WOpt::Harmless) => {}
                    Some(WOpt::Prints) => {
                        return Ok(AwkCall {
                            effects: Vec::new(),
                            program_files: Vec::new(),
                            includes: Vec::new(),
                            sandbox,
                        })
                    }
                    Some(WOpt::Exec) => {
                        // `-W exec FILE`: FILE is the program; it ends the options.
                        program_given = true;
                    }
                    None => {
                        return Err(GrammarError::BadValue {
                            option: "-W".into(),
                            value: v.text.into(),
                        })
                    }
                }
            }
            _ => {}
        }
    }
    let mut operands: Vec<Word> = p.operands.iter().map(|(w, _)| *w).collect();
    let w_exec = p.given.iter().any(|g| {
        g.name == "-W"
            && g.value
                .is_some_and(|v| w_option(v.text) == Some(WOpt::Exec))
    });
    if w_exec {
        if operands.is_empty() {
            return Err(GrammarError::MissingValue("-W exec".into()));
        }
        let f = operands.remove(0);
        file(f, &mut effects, &mut program_files);
    }
    if !program_given {
        if operands.is_empty() {
            return Err(GrammarError::MissingValue("the awk program".into()));
        }
        let s = operands.remove(0);
        literal(s)?;
        program.push_str(s.text);
    }
    let mut includes = Vec::new();
    match program_effects(&program) {
        Ok(scan) => {
            if !sandbox {
                effects.extend(scan.effects);
            }
            includes = scan.includes;
        }
        Err(why) => effects.push(Effect::unknown(format!("the awk program {why}"))),
    }
    for w in operands {
        if is_assignment(w.text) {
            continue;
        }
        common::read(w, Reach::File, &mut effects);
    }
    Ok(AwkCall {
        effects,
        program_files,
        includes,
        sandbox,
    })
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum WOpt {
    Harmless,
    /// Prints something (its version, its usage) and exits.
    Prints,
    Exec,
}

/// mawk's `-W` options (which it lets you abbreviate), and the long options gawk accepts
/// after `-W` that change nothing outside the program.
fn w_option(v: &str) -> Option<WOpt> {
    let (name, _) = v.split_once('=').unwrap_or((v, ""));
    if name.is_empty() {
        return None;
    }
    if "exec".starts_with(name) && name.len() >= 2 {
        return Some(WOpt::Exec);
    }
    if ["version", "help", "usage"]
        .iter()
        .any(|h| h.starts_with(name))
    {
        return Some(WOpt::Prints);
    }
    const HARMLESS: &[&str] = &["dump", "interactive", "posix_space", "random", "sprintf"];
    HARMLESS
        .iter()
        .any(|h| h.starts_with(name))
        .then_some(WOpt::Harmless)
}

/// `-d[FILE]`, `-o[FILE]`, `-p[FILE]` write FILE, or a default file in the cwd.
fn out_file(v: Option<Word>, default: &str, out: &mut Vec<Effect>) {
    match v {
        Some(w) => common::write(w, WriteHow::Replace, out),
        None => out.push(Effect::write(default, WriteHow::Replace)),
    }
}

fn literal(w: Word) -> Result<(), GrammarError> {
    if w.dynamic && grammar::is_expansion(w.text) {
        return Err(GrammarError::Dynamic(w.text.to_string()));
    }
    Ok(())
}

/// An operand `NAME=VALUE` with NAME an awk identifier assigns a variable.
fn is_assignment(t: &str) -> bool {
    let Some((name, _)) = t.split_once('=') else {
        return false;
    };
    let mut c = name.chars();
    c.next()
        .is_some_and(|f| f.is_ascii_alphabetic() || f == '_')
        && c.all(|x| x.is_ascii_alphanumeric() || x == '_')
}

/// What a scanned program does.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Scan {
    pub effects: Vec<Effect>,
    /// `@include "file"`.
    pub includes: Vec<String>,
}

/// Environment names a program may read without printing a secret.
const HARMLESS_ENV: &[&str] = &[
    "HOME", "PATH", "USER", "LOGNAME", "PWD", "OLDPWD", "SHELL", "LANG", "LC_ALL", "TERM",
    "TMPDIR", "HOSTNAME", "COLUMNS", "LINES", "TZ",
];

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Ident(String),
    Str(String),
    Num,
    Regex,
    Dir(String),
    /// An operator or punctuation, as written.
    Op(&'static str),
    Newline,
}

/// Split awk text into tokens: strings, regex literals (where an operand may start),
/// numbers, names, `@` directives, operators; comments dropped.
fn tokens(src: &str) -> Result<Vec<Tok>, String> {
    const OPS: &[&str] = &[
        "|&", "||", "&&", ">>", ">=", "<=", "==", "!=", "!~", "++", "--", "+=", "-=", "*=", "/=",
        "%=", "^=", "**", "(", ")", "[", "]", "{", "}", ";", ",", "|", ">", "<", "!", "~", "?",
        ":", "=", "+", "-", "*", "/", "%", "^", "$",
    ];
    let c: Vec<char> = src.chars().collect();
    let mut out: Vec<Tok> = Vec::new();
    let mut i = 0;
    while i < c.len() {
        let ch = c[i];
        match ch {
            ' ' | '\t' | '\r' => i += 1,
            '\\' if c.get(i + 1) == Some(&'\n') => i += 2,
            '\n' => {
                out.push(Tok::Newline);
                i += 1;
            }
            '#' => {
                while i < c.len() && c[i] != '\n' {
                    i += 1;
                }
            }
            '"' => {
                let mut s = String::new();
                i += 1;
                loop {
                    let Some(&x) = c.get(i) else {
                        return Err("has an unterminated string".into());
                    };
                    i += 1;
                    match x {
                        '"' => break,
                        '\\' => {
                            let e = *c.get(i).ok_or("has an unterminated string")?;
                            i += 1;
                            s.push(match e {
                                'n' => '\n',
                                't' => '\t',
                                other => other,
                            });
                        }
                        '\n' => return Err("has a newline inside a string".into()),
                        _ => s.push(x),
                    }
                }
                out.push(Tok::Str(s));
            }
            '/' if regex_may_start(out.last()) => {
                i += 1;
                let mut in_bracket = false;
                loop {
                    let Some(&x) = c.get(i) else {
                        return Err("has an unterminated regex".into());
                    };
                    i += 1;
                    match x {
                        '\\' => i += 1,
                        '[' => in_bracket = true,
                        ']' => in_bracket = false,
                        '/' if !in_bracket => break,
                        '\n' => return Err("has a newline inside a regex".into()),
                        _ => {}
                    }
                }
                out.push(Tok::Regex);
            }
            '@' => {
                let start = i + 1;
                i += 1;
                while i < c.len() && (c[i].is_ascii_alphanumeric() || c[i] == '_') {
                    i += 1;
                }
                out.push(Tok::Dir(c[start..i].iter().collect()));
            }
            _ if ch.is_ascii_digit()
                || (ch == '.' && c.get(i + 1).is_some_and(char::is_ascii_digit)) =>
            {
                while i < c.len() && (c[i].is_ascii_alphanumeric() || c[i] == '.') {
                    i += 1;
                }
                out.push(Tok::Num);
            }
            _ if ch.is_alphabetic() || ch == '_' => {
                let start = i;
                while i < c.len() && (c[i].is_alphanumeric() || c[i] == '_' || c[i] == ':') {
                    // `ns::name` (gawk namespaces) is one name.
                    if c[i] == ':' && c.get(i + 1) != Some(&':') {
                        break;
                    }
                    i += if c[i] == ':' { 2 } else { 1 };
                }
                out.push(Tok::Ident(c[start..i.min(c.len())].iter().collect()));
            }
            _ => {
                let rest: String = c[i..(i + 2).min(c.len())].iter().collect();
                let Some(op) = OPS.iter().find(|o| rest.starts_with(**o)) else {
                    return Err(format!("uses the character {ch:?}"));
                };
                i += op.chars().count();
                out.push(Tok::Op(op));
            }
        }
    }
    Ok(out)
}

/// A `/` starts a regex where an operand may start, not after an operand (division).
fn regex_may_start(prev: Option<&Tok>) -> bool {
    match prev {
        None | Some(Tok::Newline) => true,
        Some(Tok::Ident(k)) => matches!(
            k.as_str(),
            "print" | "printf" | "return" | "case" | "in" | "getline" | "do" | "else"
        ),
        Some(Tok::Str(_) | Tok::Num | Tok::Regex | Tok::Dir(_)) => false,
        Some(Tok::Op(o)) => !matches!(*o, ")" | "]" | "$" | "++" | "--"),
    }
}

/// The effects of an awk program's text, or why it cannot be read.
pub fn program_effects(src: &str) -> Result<Scan, String> {
    let toks = tokens(src)?;
    let mut scan = Scan::default();
    let mut depth: i32 = 0;
    // The paren depth of the `print` statement being read, if any.
    let mut print_at: Option<i32> = None;
    let mut getline_at: Option<i32> = None;
    let run = |scan: &mut Scan, text: Option<&String>| {
        scan.effects.push(Effect::Run {
            code: Code::Inline {
                lang: "sh".into(),
                text: text
                    .cloned()
                    .unwrap_or_else(|| crate::analysis::effects::COMPUTED_COMMAND.into()),
            },
        })
    };
    let secret = |scan: &mut Scan| {
        scan.effects.push(Effect::Secret {
            what: "the environment (awk's ENVIRON), where secrets live".into(),
        })
    };
    let str_at = |k: usize| match toks.get(k) {
        Some(Tok::Str(s)) => Some(s),
        _ => None,
    };
    // A redirection target: one string literal, then the end of the expression.
    let target = |k: usize| -> Option<&String> {
        let s = str_at(k)?;
        match toks.get(k + 1) {
            None
            | Some(Tok::Newline)
            | Some(Tok::Op(";" | "}" | ")" | "|" | "||" | "&&" | "," | "?" | ":")) => Some(s),
            _ => None,
        }
    };
    for (k, t) in toks.iter().enumerate() {
        match t {
            Tok::Op("(") | Tok::Op("[") => depth += 1,
            Tok::Op(")") | Tok::Op("]") => {
                depth -= 1;
                if getline_at.is_some_and(|d| depth < d) {
                    getline_at = None;
                }
            }
            Tok::Newline | Tok::Op(";" | "{" | "}") => {
                print_at = None;
                getline_at = None;
            }
            Tok::Ident(name) if name == "print" || name == "printf" => print_at = Some(depth),
            Tok::Ident(name) if name == "getline" => getline_at = Some(depth),
            Tok::Ident(name) if name == "system" => {
                let text = match (toks.get(k + 1), str_at(k + 2), toks.get(k + 3)) {
                    (Some(Tok::Op("(")), Some(s), Some(Tok::Op(")"))) => Some(s),
                    _ => None,
                };
                run(&mut scan, text);
            }
            Tok::Ident(name) if name == "ENVIRON" => {
                let harmless = matches!(
                    (toks.get(k + 1), str_at(k + 2), toks.get(k + 3)),
                    (Some(Tok::Op("[")), Some(s), Some(Tok::Op("]")))
                        if HARMLESS_ENV.contains(&s.as_str())
                );
                if !harmless {
                    secret(&mut scan);
                }
            }
            Tok::Op("|&") => {
                let text = str_at(k + 1).or_else(|| k.checked_sub(1).and_then(str_at));
                run(&mut scan, text);
            }
            Tok::Op("|") => {
                let text = str_at(k + 1).or_else(|| k.checked_sub(1).and_then(str_at));
                run(&mut scan, text);
                print_at = None;
            }
            Tok::Op(">" | ">>") if print_at == Some(depth) => {
                let how = if *t == Tok::Op(">>") {
                    WriteHow::Append
                } else {
                    WriteHow::Replace
                };
                match target(k + 1) {
                    Some(f) if is_std_stream(f) => {}
                    Some(f) => scan.effects.push(Effect::write(f.clone(), how)),
                    None => scan
                        .effects
                        .push(Effect::unknown("print writes to a file named at run time")),
                }
                print_at = None;
            }
            Tok::Op("<") if getline_at.is_some() => {
                match target(k + 1) {
                    Some(f) if f == "-" || f == "/dev/stdin" => {}
                    Some(f) => scan.effects.push(Effect::read(f.clone())),
                    None => scan
                        .effects
                        .push(Effect::unknown("getline reads a file named at run time")),
                }
                getline_at = None;
            }
            Tok::Dir(d) => match (d.as_str(), str_at(k + 1)) {
                ("include", Some(f)) => scan.includes.push(f.clone()),
                ("namespace", Some(_)) => {}
                ("load", Some(lib)) => scan.effects.push(Effect::Run {
                    code: Code::Hidden {
                        what: format!("the gawk extension library {lib}"),
                    },
                }),
                _ => return Err(format!("uses the directive @{d}")),
            },
            _ => {}
        }
    }
    Ok(scan)
}

fn is_std_stream(f: &str) -> bool {
    matches!(
        f,
        "/dev/stdout" | "/dev/stderr" | "/dev/null" | "/dev/fd/1" | "/dev/fd/2"
    )
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn fx(src: &str) -> Vec<Effect> {
        program_effects(src).unwrap().effects
    }

    fn sh(text: &str) -> Effect {
        Effect::Run {
            code: Code::Inline {
                lang: "sh".into(),
                text: text.into(),
            },
        }
    }

    #[test]
    fn filters_have_no_effects() {
        for p in [
            "{print $1}",
            "NR == 1 || /pattern/",
            "{if ($1 > 10) print}",
            "{print > \"/dev/null\"}",
            "BEGIN {FS=\":\"; OFS=\",\"} NR>1 {print $1,$2}",
            "/foo|bar/ { n++ } END { print n }",
            "{ print (a > b) }",
            "{ x = $1 / 2; print x }",
            "{ a[$1] += $2 } END { for (k in a) print k, a[k] | \"cat\" }"
                .split('|')
                .next()
                .unwrap(),
            "{ print ENVIRON[\"HOME\"] }",
            "/^#/ { next } { gsub(/[|]/, \"\"); print }",
            "{ while ((getline line) > 0) n++ }",
            "@namespace \"x\"\n{ print }",
        ] {
            assert_eq!(fx(p), vec![], "{p}");
        }
    }

    #[test]
    fn programs_that_run_write_read_or_print_secrets() {
        assert_eq!(
            fx("BEGIN{system(\"rm -rf \" ENVIRON[\"HOME\"])}"),
            vec![sh("a command computed at run time")]
        );
        assert_eq!(fx("{ system(\"id\") }"), vec![sh("id")]);
        assert_eq!(fx("{ print | \"sh\" }"), vec![sh("sh")]);
        assert_eq!(fx("BEGIN { \"date\" | getline d }"), vec![sh("date")]);
        assert_eq!(fx("{ print |& \"/inet/tcp/0/x/80\" }").len(), 1);
        assert_eq!(
            fx("{ print > \"out.txt\" }"),
            vec![Effect::write("out.txt", WriteHow::Replace)]
        );
        assert_eq!(
            fx("{ printf(\"%s\", $0) >> \"/home/u/.bashrc\" }"),
            vec![Effect::write("/home/u/.bashrc", WriteHow::Append)]
        );
        assert!(fx("{ print > $2 }")[0].is_unknown());
        assert!(fx("{ print > \"a\" \".txt\" }")[0].is_unknown());
        assert_eq!(
            fx("BEGIN { while ((getline l < \"/etc/passwd\") > 0) print l }"),
            vec![Effect::read("/etc/passwd")]
        );
        assert!(fx("{ getline x < f }")[0].is_unknown());
        assert!(matches!(
            fx("BEGIN { for (k in ENVIRON) print k, ENVIRON[k] }")[0],
            Effect::Secret { .. }
        ));
        assert!(matches!(
            fx("{ print ENVIRON[\"AWS_SECRET_ACCESS_KEY\"] }")[0],
            Effect::Secret { .. }
        ));
        assert!(matches!(
            fx("@load \"fork\"\nBEGIN { fork() }")[0],
            Effect::Run {
                code: Code::Hidden { .. }
            }
        ));
        assert_eq!(
            program_effects("@include \"lib.awk\"\n{ f() }")
                .unwrap()
                .includes,
            vec!["lib.awk"]
        );
        assert!(program_effects("{ print \"x }").is_err());
        assert!(program_effects("@weird").is_err());
    }

    fn call(words: &[&str]) -> Result<AwkCall, GrammarError> {
        let v: Vec<String> = words.iter().map(|w| w.to_string()).collect();
        let d: Vec<bool> = v
            .iter()
            .map(|w| w.contains('$') && !w.starts_with('{'))
            .collect();
        parse(&v, &d)
    }

    #[test]
    fn options_and_operands() {
        let c = call(&["awk", "-F:", "{print $1}", "x=1", "f.txt"]).unwrap();
        assert_eq!(c.effects, vec![Effect::read("f.txt")]);
        let c = call(&["gawk", "--field-sep=,", "{print $1}", "file.txt"]).unwrap();
        assert_eq!(c.effects, vec![Effect::read("file.txt")]);
        let c = call(&["awk", "-f", "prog.awk", "in"]).unwrap();
        assert_eq!(c.program_files, vec!["prog.awk"]);
        assert_eq!(
            c.effects,
            vec![Effect::read("prog.awk"), Effect::read("in")]
        );
        let c = call(&["gawk", "-S", "{ system(\"id\") }"]).unwrap();
        assert!(c.effects.is_empty());
        let c = call(&["gawk", "-d", "{print}"]).unwrap();
        assert_eq!(
            c.effects,
            vec![Effect::write("awkvars.out", WriteHow::Replace)]
        );
        let c = call(&["gawk", "-l", "fork", "{print}"]).unwrap();
        assert!(matches!(c.effects[0], Effect::Run { .. }));
        assert!(call(&["gawk", "-D", "{print}"]).unwrap().effects[0].is_unknown());
        assert!(call(&["mawk", "-W", "version"]).unwrap().effects.is_empty());
        assert!(matches!(
            call(&["mawk", "-F:"]),
            Err(GrammarError::MissingValue(_))
        ));
        assert!(call(&["mawk", "-Wv", "{print}"]).is_ok());
        let c = call(&["mawk", "-W", "exec", "p.awk", "in"]).unwrap();
        assert_eq!(c.program_files, vec!["p.awk"]);
        assert!(call(&["mawk", "-W", "weird", "{print}"]).is_err());
        assert!(call(&["awk", "--nosuch", "{print}"]).is_err());
        assert!(call(&["awk", "$P", "f"]).is_err());
    }
}
