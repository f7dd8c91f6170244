//! The plain-command fast path: most commands an agent runs are plain words joined by
//! `&&`, `||`, `;` and `|` (`git status && git diff --stat`). For text made only of such
//! words, bash's parse is a split on blanks and those operators, so the tree-sitter parse
//! (and the pages of its tables it touches at start-up) can be skipped. Anything outside
//! that tiny grammar — a quote, `$`, a glob, a redirect, a newline, a reserved word, an
//! assignment, a leading or doubled operator — returns `false` and the full parser runs.
//! The commands found go through the very same `Walker::emit` as the parser's, and a
//! differential property test pins that both paths produce identical analyses.

use super::parse::Walker;
use super::words::Word;

/// Bash reserved words and other words that change the grammar in command position.
const RESERVED: &[&str] = &[
    "if", "then", "else", "elif", "fi", "case", "esac", "for", "select", "while", "until", "do",
    "done", "in", "function", "time", "coproc", "[[", "]]", "{", "}", "!",
    // Declaration commands: the grammar gives them their own node (their `NAME=value`
    // arguments are assignments).
    "export", "declare", "typeset", "readonly", "local", "unset",
];

/// Characters a plain word may contain.
fn plain_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"-_./=:,+@%^".contains(&b)
}

#[derive(Debug, PartialEq, Eq, Clone, Copy)]
enum Sep {
    /// `&&`, `||`, `;`: a new pipeline follows.
    List,
    /// `|`: the next pipeline stage follows.
    Pipe,
}

/// One simple command: its words with their byte ranges.
struct Cmd<'a> {
    words: Vec<&'a str>,
    start: usize,
    end: usize,
}

/// Split `text` into pipelines of plain commands, or `None` if it is not plain.
fn split(text: &str) -> Option<Vec<Vec<Cmd<'_>>>> {
    let b = text.as_bytes();
    let mut pipelines: Vec<Vec<Cmd>> = vec![Vec::new()];
    let mut cur: Option<Cmd> = None;
    let mut last_sep: Option<Sep> = None;
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b' ' || c == b'\t' {
            i += 1;
            continue;
        }
        if plain_char(c) {
            let start = i;
            while i < b.len() && plain_char(b[i]) {
                i += 1;
            }
            let word = text.get(start..i)?;
            match cur.as_mut() {
                Some(cmd) => {
                    cmd.words.push(word);
                    cmd.end = i;
                }
                None => {
                    // Command position: no reserved word, assignment or job spec.
                    if RESERVED.contains(&word) || word.contains('=') || word.starts_with('%') {
                        return None;
                    }
                    cur = Some(Cmd {
                        words: vec![word],
                        start,
                        end: i,
                    });
                }
            }
            continue;
        }
        let (sep, len) = match (c, b.get(i + 1)) {
            (b'&', Some(b'&')) => (Sep::List, 2),
            (b'|', Some(b'|')) => (Sep::List, 2),
            (b'|', Some(b'&')) => return None,
            (b'|', _) => (Sep::Pipe, 1),
            (b';', Some(b';')) => return None,
            (b';', _) => (Sep::List, 1),
            _ => return None,
        };
        // An operator needs a command before it.
        let cmd = cur.take()?;
        pipelines.last_mut()?.push(cmd);
        if sep == Sep::List {
            pipelines.push(Vec::new());
        }
        last_sep = Some(sep);
        i += len;
    }
    match cur {
        Some(cmd) => pipelines.last_mut()?.push(cmd),
        // Empty text, or a trailing operator: leave it to the parser.
        None => return None,
    }
    // What moves the directory (`cd`, `pushd`, `popd`, `eval`) or names `PWD`/`OLDPWD`:
    // the parser follows the list operators that decide where later commands run.
    if pipelines.iter().flatten().flat_map(|c| &c.words).any(|w| {
        let name = w.rsplit('/').next().unwrap_or(w);
        matches!(name, "cd" | "pushd" | "popd" | "eval") || w.contains("PWD")
    }) {
        return None;
    }
    if pipelines.iter().any(Vec::is_empty) {
        return None;
    }
    // NOTE: the grammar reads `a | b && c` with `c` inside the pipeline (bash does not);
    // mixing pipes with list operators is left to the parser so both paths stay identical.
    if last_sep.is_some() && pipelines.len() > 1 && pipelines.iter().any(|p| p.len() > 1) {
        return None;
    }
    Some(pipelines)
}

/// Analyse plain text without the grammar; `false` when the text is not plain (nothing
/// has been recorded then).
pub(super) fn analyze(text: &str, w: &mut Walker) -> bool {
    let Some(pipelines) = split(text) else {
        return false;
    };
    for stages in pipelines {
        for (i, cmd) in stages.into_iter().enumerate() {
            // Mirrors `Walker::statement` for a top-level pipeline stage.
            let saved = w.piped;
            w.piped = saved || i > 0;
            w.pipe_in = if i > 0 { w.last_output.take() } else { None };
            w.last_output = None;
            w.part = w.next_part;
            w.next_part += 1;
            let slot = w.commands.len();
            let words = cmd.words.iter().map(|t| Word::lit(t)).collect();
            let draft = w.draft(words, text.get(cmd.start..cmd.end).unwrap_or(""));
            w.emit(draft, slot);
            w.piped = saved;
        }
        w.pipe_in = None;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::split;

    #[test]
    fn accepts_only_plain_text() {
        let plain = [
            "git status && git diff --stat",
            "ls -la | head -5 | wc -l",
            "cargo test --workspace || echo failed",
            "a",
            "find . -name x.rs",
        ];
        for t in plain {
            assert!(split(t).is_some(), "{t}");
        }
        let not_plain = [
            "",
            " ",
            "ls &&",
            "&& ls",
            "ls ;; pwd",
            "ls |& cat",
            "ls &",
            "echo 'x'",
            "echo $HOME",
            "ls *.rs",
            "ls > out",
            "ls\npwd",
            "FOO=1 ls",
            "if true",
            "time ls",
            "! ls",
            "ls ~",
            "echo \\x",
            "a; ; b",
            "%1",
            "ls | head; pwd",
            "export A=1",
            "cat <in",
            "echo `x`",
            "(ls)",
            "{ ls; }",
            "ls #c",
        ];
        for t in not_plain {
            assert!(split(t).is_none(), "{t:?}");
        }
    }
}
