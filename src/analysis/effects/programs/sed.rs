//! sed: its options (GNU sed 4.9, checked against `sed --help` and the hidden `-b`) and
//! its script language, read the way GNU sed compiles a script: addresses (numbers, `$`,
//! `first~step`, `/regex/` and `\cregexc` with bracket expressions, `addr,+N`), `!`,
//! blocks, and every command. Effects of a script: `w FILE`, `W FILE` and the `w FILE`
//! flag of `s` write FILE; `r FILE` and `R FILE` read it; `e [COMMAND]` and the `e` flag
//! of `s` run a shell command. `-i[SUFFIX]` turns every input file into an edit (and a
//! backup write). Scripts named by `-f` are read by the command floor, which hands their
//! text to [`script_effects`]; with `--sandbox` sed refuses `e`, `r` and `w`.

use super::super::grammar::{self, flag, opt, value, Arity, Grammar, GrammarError, Operands};
use super::super::grammar::{Style, Val, Word};
use super::super::{Code, Effect, WriteHow};
use super::common;

static GRAMMAR: Grammar = Grammar {
    style: Style::Gnu,
    opts: &[
        flag(&["-n", "--quiet", "--silent"]),
        flag(&["--debug"]),
        value(&["-e", "--expression"], Val::Plain),
        value(&["-f", "--file"], Val::Plain),
        flag(&["--follow-symlinks"]),
        opt(&["-i", "--in-place"], Arity::Optional, Val::Plain),
        value(&["-l", "--line-length"], Val::Num),
        flag(&["--posix"]),
        flag(&["-E", "-r", "--regexp-extended"]),
        flag(&["-s", "--separate"]),
        flag(&["--sandbox"]),
        flag(&["-u", "--unbuffered"]),
        flag(&["-z", "--null-data"]),
        flag(&["-b", "--binary"]),
    ],
    operands: Operands::all(Val::Plain),
    numeric_short: false,
};

/// A sed command line read whole (its `-f` script files not yet read).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SedCall {
    /// Effects of the options, the inline script and the input files.
    pub effects: Vec<Effect>,
    /// Script files named by `-f`, to be read and handed to [`script_effects`].
    pub script_files: Vec<String>,
    /// `--sandbox`: the script cannot run, read or write anything.
    pub sandbox: bool,
}

/// Read a sed argv (argv[0] is `sed`).
pub fn parse(argv: &[String], dynamic: &[bool]) -> Result<SedCall, GrammarError> {
    let p = grammar::parse(&GRAMMAR, argv, dynamic)?;
    let sandbox = p.has("--sandbox");
    let mut effects = Vec::new();
    let mut script = String::new();
    let mut script_files = Vec::new();
    for g in &p.given {
        let Some(v) = g.value else { continue };
        match g.name {
            "--expression" => {
                literal_script(v)?;
                script.push_str(v.text);
                script.push('\n');
            }
            "--file" => {
                if v.text == "-" {
                    effects.push(Effect::unknown("sed -f - reads its script from stdin"));
                } else if !common::computed(v, &mut effects) {
                    effects.push(Effect::read(v.text));
                    script_files.push(v.text.to_string());
                }
            }
            _ => {}
        }
    }
    let mut operands: Vec<Word> = p.operands.iter().map(|(w, _)| *w).collect();
    if !p.has("-e") && !p.has("-f") {
        if operands.is_empty() {
            return Err(GrammarError::MissingValue("the sed script".into()));
        }
        let s = operands.remove(0);
        literal_script(s)?;
        script.push_str(s.text);
    }
    match script_effects(&script) {
        Ok(fx) => {
            if !sandbox {
                effects.extend(fx)
            }
        }
        Err(why) => effects.push(Effect::unknown(format!("the sed script {why}"))),
    }
    let in_place = p.given.iter().rev().find(|g| g.name == "--in-place");
    for w in operands {
        match in_place {
            Some(g) => {
                common::write(w, WriteHow::Edit, &mut effects);
                if let Some(suffix) = g.value {
                    if !suffix.text.is_empty() {
                        backup(w, suffix, &mut effects);
                    }
                }
            }
            None => common::read(w, super::super::Reach::File, &mut effects),
        }
    }
    Ok(SedCall {
        effects,
        script_files,
        sandbox,
    })
}

/// `-iSUFFIX` keeps a backup: FILE + SUFFIX, or SUFFIX with `*` replaced by the file's
/// name (which may put it in another directory).
fn backup(file: Word, suffix: Word, out: &mut Vec<Effect>) {
    if suffix.dynamic && grammar::is_expansion(suffix.text) || common::computed(file, out) {
        out.push(Effect::unknown(
            "the sed -i backup name is computed at run time",
        ));
        return;
    }
    let path = if suffix.text.contains('*') {
        let base = file.text.rsplit('/').next().unwrap_or(file.text);
        let name = suffix.text.replace('*', base);
        if name.contains('/') {
            name
        } else {
            match file.text.rsplit_once('/') {
                Some((dir, _)) => format!("{dir}/{name}"),
                None => name,
            }
        }
    } else {
        format!("{}{}", file.text, suffix.text)
    };
    out.push(Effect::write(path, WriteHow::Replace));
}

fn literal_script(w: Word) -> Result<(), GrammarError> {
    if w.dynamic && grammar::is_expansion(w.text) {
        return Err(GrammarError::Dynamic(w.text.to_string()));
    }
    Ok(())
}

/// The effects of a sed script, or why it cannot be read.
pub fn script_effects(script: &str) -> Result<Vec<Effect>, String> {
    let mut p = ScriptParser {
        c: script.chars().collect(),
        i: 0,
        out: Vec::new(),
        depth: 0,
    };
    p.script()?;
    Ok(p.out)
}

struct ScriptParser {
    c: Vec<char>,
    i: usize,
    out: Vec<Effect>,
    depth: usize,
}

impl ScriptParser {
    fn peek(&self) -> Option<char> {
        self.c.get(self.i).copied()
    }

    fn next(&mut self) -> Option<char> {
        let ch = self.peek();
        self.i += 1;
        ch
    }

    fn skip_blanks(&mut self) {
        while matches!(self.peek(), Some(' ' | '\t')) {
            self.i += 1;
        }
    }

    fn script(&mut self) -> Result<(), String> {
        loop {
            while matches!(self.peek(), Some(' ' | '\t' | '\n' | ';')) {
                self.i += 1;
            }
            let Some(ch) = self.peek() else { break };
            if ch == '#' {
                self.rest_of_line();
                continue;
            }
            self.addresses()?;
            self.skip_blanks();
            while self.peek() == Some('!') {
                self.i += 1;
                self.skip_blanks();
            }
            self.command()?;
        }
        if self.depth != 0 {
            return Err("has an unmatched `{`".into());
        }
        Ok(())
    }

    fn addresses(&mut self) -> Result<(), String> {
        if !self.address(false)? {
            return Ok(());
        }
        self.skip_blanks();
        if self.peek() == Some(',') {
            self.i += 1;
            self.skip_blanks();
            if !self.address(true)? {
                return Err("has an address range without its end".into());
            }
        }
        Ok(())
    }

    /// One address; `second` allows `+N` and `~N`.
    fn address(&mut self, second: bool) -> Result<bool, String> {
        match self.peek() {
            Some(d) if d.is_ascii_digit() => {
                self.digits();
                if self.peek() == Some('~') {
                    self.i += 1;
                    self.digits();
                }
                Ok(true)
            }
            Some('+' | '~') if second => {
                self.i += 1;
                self.digits();
                Ok(true)
            }
            Some('$') => {
                self.i += 1;
                Ok(true)
            }
            Some('/') => {
                self.i += 1;
                self.regex('/')?;
                self.regex_flags();
                Ok(true)
            }
            Some('\\') => {
                self.i += 1;
                let d = self.next().ok_or("ends inside an address")?;
                if d == '\n' || d == '\\' {
                    return Err("has a bad address delimiter".into());
                }
                self.regex(d)?;
                self.regex_flags();
                Ok(true)
            }
            _ => Ok(false),
        }
    }

    fn digits(&mut self) {
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.i += 1;
        }
    }

    fn regex_flags(&mut self) {
        while matches!(self.peek(), Some('I' | 'M')) {
            self.i += 1;
        }
    }

    /// A regex up to the unescaped delimiter `d`; a bracket expression holds it literally.
    fn regex(&mut self, d: char) -> Result<(), String> {
        loop {
            let ch = self.next().ok_or("has an unterminated regex")?;
            match ch {
                '\\' => {
                    self.next().ok_or("has an unterminated regex")?;
                }
                '\n' => return Err("has a newline inside a regex".into()),
                '[' => self.bracket()?,
                c if c == d => return Ok(()),
                _ => {}
            }
        }
    }

    /// The rest of a bracket expression after `[`.
    fn bracket(&mut self) -> Result<(), String> {
        if self.peek() == Some('^') {
            self.i += 1;
        }
        if self.peek() == Some(']') {
            self.i += 1;
        }
        loop {
            let ch = self
                .next()
                .ok_or("has an unterminated bracket expression")?;
            match ch {
                ']' => return Ok(()),
                '\n' => return Err("has a newline inside a bracket expression".into()),
                '[' if matches!(self.peek(), Some(':' | '.' | '=')) => {
                    let kind = self.next().unwrap_or(':');
                    loop {
                        let c = self.next().ok_or("has an unterminated class")?;
                        if c == kind && self.peek() == Some(']') {
                            self.i += 1;
                            break;
                        }
                    }
                }
                _ => {}
            }
        }
    }

    /// Replacement or `y` text up to the unescaped delimiter.
    fn text_to(&mut self, d: char) -> Result<(), String> {
        loop {
            let ch = self.next().ok_or("has an unterminated command")?;
            match ch {
                '\\' => {
                    self.next().ok_or("has an unterminated command")?;
                }
                c if c == d => return Ok(()),
                _ => {}
            }
        }
    }

    fn rest_of_line(&mut self) -> String {
        let mut s = String::new();
        while let Some(ch) = self.next() {
            if ch == '\n' {
                break;
            }
            s.push(ch);
        }
        s
    }

    /// Text of `a`, `i`, `c`: one line, or after `\` the following lines while they end
    /// in a backslash.
    fn text_arg(&mut self) {
        self.skip_blanks();
        if self.peek() == Some('\\') {
            self.i += 1;
            if self.peek() == Some('\n') {
                self.i += 1;
            }
        }
        while let Some(ch) = self.next() {
            match ch {
                '\\' => {
                    self.i += 1;
                }
                '\n' => break,
                _ => {}
            }
        }
    }

    fn label(&mut self) {
        self.skip_blanks();
        while !matches!(self.peek(), None | Some(';' | '\n')) {
            self.i += 1;
        }
    }

    fn filename(&mut self) -> Result<String, String> {
        self.skip_blanks();
        let f = self.rest_of_line();
        if f.is_empty() {
            return Err("names no file".into());
        }
        Ok(f)
    }

    fn write(&mut self, f: String) {
        if !matches!(f.as_str(), "/dev/stdout" | "/dev/stderr") {
            self.out.push(Effect::write(f, WriteHow::Replace));
        }
    }

    fn run(&mut self, text: String) {
        self.out.push(Effect::Run {
            code: Code::Inline {
                lang: "sh".into(),
                text,
            },
        });
    }

    /// After a command: blanks, then `;`, a newline, `}`, a comment or the end.
    fn end_of_command(&mut self) -> Result<(), String> {
        self.skip_blanks();
        match self.peek() {
            None | Some(';' | '\n' | '}' | '#') => Ok(()),
            Some(c) => Err(format!("has {c:?} after a command")),
        }
    }

    fn command(&mut self) -> Result<(), String> {
        let ch = self.next().ok_or("ends after an address")?;
        match ch {
            '{' => {
                self.depth += 1;
                Ok(())
            }
            '}' => {
                self.depth = self.depth.checked_sub(1).ok_or("has an unexpected `}`")?;
                self.end_of_command()
            }
            '=' | 'd' | 'D' | 'g' | 'G' | 'h' | 'H' | 'n' | 'N' | 'p' | 'P' | 'x' | 'z' | 'F' => {
                self.end_of_command()
            }
            'l' | 'q' | 'Q' => {
                self.skip_blanks();
                self.digits();
                self.end_of_command()
            }
            ':' => {
                self.label();
                Ok(())
            }
            'b' | 't' | 'T' => {
                self.label();
                Ok(())
            }
            'v' => {
                self.label();
                Ok(())
            }
            'a' | 'i' | 'c' => {
                self.text_arg();
                Ok(())
            }
            'r' | 'R' => {
                let f = self.filename()?;
                if f != "/dev/stdin" {
                    self.out.push(Effect::read(f));
                }
                Ok(())
            }
            'w' | 'W' => {
                let f = self.filename()?;
                self.write(f);
                Ok(())
            }
            'e' => {
                self.skip_blanks();
                let cmd = self.rest_of_line();
                let text = if cmd.is_empty() {
                    "the pattern space".to_string()
                } else {
                    cmd
                };
                self.run(text);
                Ok(())
            }
            's' => {
                let d = self.next().ok_or("ends inside an s command")?;
                if d == '\n' || d == '\\' {
                    return Err("has a bad s delimiter".into());
                }
                self.regex(d)?;
                self.text_to(d)?;
                loop {
                    match self.peek() {
                        Some('g' | 'p' | 'i' | 'I' | 'm' | 'M') => self.i += 1,
                        Some(c) if c.is_ascii_digit() => self.i += 1,
                        Some('e') => {
                            self.i += 1;
                            self.run("the result of the substitution".into());
                        }
                        Some('w') => {
                            self.i += 1;
                            let f = self.filename()?;
                            self.write(f);
                            return Ok(());
                        }
                        _ => break,
                    }
                }
                self.end_of_command()
            }
            'y' => {
                let d = self.next().ok_or("ends inside a y command")?;
                if d == '\n' || d == '\\' {
                    return Err("has a bad y delimiter".into());
                }
                self.text_to(d)?;
                self.text_to(d)?;
                self.end_of_command()
            }
            other => Err(format!("uses the unknown command {other:?}")),
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn fx(script: &str) -> Result<Vec<Effect>, String> {
        script_effects(script)
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
    fn printing_scripts_have_no_effects() {
        for s in [
            "1,5p",
            "s/a/b/g",
            "s|x|y|2p",
            "/^#/d",
            ":a;N;$!ba;s/\\n/ /g",
            "1!G;h;$!d",
            "y/abc/xyz/",
            "0~2 d",
            "1,+2 { p }",
            "/x/I,/y/ s/a/b/I",
            "s/[/]/x/",
            "s/[]]/x/",
            "s/[[:alpha:]/]/X/g",
            "a foo; w bar",
            "$a\\\nlast line",
            "\\,x,d",
            "s/a/\\\n/",
            "= ; l 5; q 3",
            "#n\np",
            "s/x/y/ # comment",
        ] {
            assert_eq!(fx(s), Ok(vec![]), "{s}");
        }
    }

    #[test]
    fn commands_that_write_read_or_run() {
        let w = |p: &str| Effect::write(p, WriteHow::Replace);
        assert_eq!(fx("1W /home/dev/.bashrc"), Ok(vec![w("/home/dev/.bashrc")]));
        assert_eq!(fx("w ~/.bashrc"), Ok(vec![w("~/.bashrc")]));
        assert_eq!(fx("/x/w out.txt"), Ok(vec![w("out.txt")]));
        assert_eq!(fx("s/a/b/w out"), Ok(vec![w("out")]));
        assert_eq!(fx("s/a/b/gw out"), Ok(vec![w("out")]));
        assert_eq!(fx("s/a/b/w /dev/stdout"), Ok(vec![]));
        assert_eq!(fx("r /etc/passwd"), Ok(vec![Effect::read("/etc/passwd")]));
        assert_eq!(fx("$R notes"), Ok(vec![Effect::read("notes")]));
        assert_eq!(fx("1e id"), Ok(vec![sh("id")]));
        assert_eq!(fx("e"), Ok(vec![sh("the pattern space")]));
        assert_eq!(
            fx("s/x/ls/e"),
            Ok(vec![sh("the result of the substitution")])
        );
        // The delimiter inside brackets does not end the regex, so this `w` is a flag.
        assert_eq!(fx("s/[/]/x/w f"), Ok(vec![w("f")]));
        // Inside a block, after `!`, after a label.
        assert_eq!(fx("/a/!{w f\n}"), Ok(vec![w("f")]));
        // A label runs to `;`: `bend` then `w f`.
        assert_eq!(fx("bend;:end;w f"), Ok(vec![w("f")]));
    }

    #[test]
    fn scripts_sed_would_reject_are_not_understood() {
        for s in [
            "s/a/b", "s/a[/X/", "k", "1,", "{p", "p}", "s/a/b/x", "y/ab/c",
        ] {
            assert!(fx(s).is_err(), "{s}");
        }
    }

    fn call(words: &[&str]) -> Result<SedCall, GrammarError> {
        let v: Vec<String> = words.iter().map(|w| w.to_string()).collect();
        let d: Vec<bool> = v.iter().map(|w| w.contains('$')).collect();
        parse(&v, &d)
    }

    #[test]
    fn options_operands_and_in_place_edits() {
        use super::super::super::Reach;
        let c = call(&["sed", "-n", "1,5p", "src/main.rs"]).unwrap();
        assert_eq!(c.effects, vec![Effect::read("src/main.rs")]);
        let c = call(&["sed", "-e", "p", "-e", "d", "a", "b"]).unwrap();
        assert_eq!(c.effects, vec![Effect::read("a"), Effect::read("b")]);
        let c = call(&["sed", "-i", "s/a/b/", "f"]).unwrap();
        assert_eq!(c.effects, vec![Effect::write("f", WriteHow::Edit)]);
        let c = call(&["sed", "-i.bak", "s/a/b/", "d/f"]).unwrap();
        assert_eq!(
            c.effects,
            vec![
                Effect::write("d/f", WriteHow::Edit),
                Effect::write("d/f.bak", WriteHow::Replace)
            ]
        );
        let c = call(&["sed", "--in-place=old/*", "s/a/b/", "d/f"]).unwrap();
        assert_eq!(c.effects[1], Effect::write("old/f", WriteHow::Replace));
        let c = call(&["sed", "-f", "prog.sed", "in"]).unwrap();
        assert_eq!(c.script_files, vec!["prog.sed"]);
        assert_eq!(
            c.effects,
            vec![Effect::read("prog.sed"), Effect::read("in")]
        );
        let c = call(&["sed", "--sandbox", "w x", "in"]).unwrap();
        assert_eq!(
            c.effects,
            vec![Effect::Read {
                path: "in".into(),
                reach: Reach::File
            }]
        );
        assert!(call(&["sed", "s/$X/y/", "f"]).is_err());
        assert!(call(&["sed", "--nosuch", "p"]).is_err());
        assert!(call(&["sed"]).is_err());
        assert!(call(&["sed", "-f", "-"]).unwrap().effects[0].is_unknown());
        assert!(call(&["sed", "s/a/b/x", "f"]).unwrap().effects[0].is_unknown());
    }
}
