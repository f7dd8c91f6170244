//! Splitting a shell script into the commands `gatehook scan` judges, each with its line:
//! the statements of the script, descending into the bodies of `if`, `while`, `until`,
//! `for`, `case`, functions, `{ }` and `( )` so each command is judged where it stands
//! (a whole `if … fi` judged at once would report one line for all of it). Conditions and
//! plain statements (pipelines, `&&` lists, redirected commands, assignments) are the
//! units. This only cuts the text; what each piece does is judged by `engine::evaluate`.

use tree_sitter::{Node, Parser};

/// One command of a script: its first line (1-based, in the script) and its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    pub line: usize,
    pub text: String,
    /// A statement of the script's top level that sets state for what follows it: a bare
    /// assignment (`dir=build`) or a `cd`. The scan judges later commands after it.
    pub carries: bool,
}

/// Does this top-level statement set state the rest of the script runs in?
fn carries(node: Node, src: &str) -> bool {
    match node.kind() {
        "variable_assignment" | "variable_assignments" => true,
        "command" => {
            let name = node
                .child_by_field_name("name")
                .and_then(|n| src.get(n.byte_range()))
                .unwrap_or("");
            let has_prefix = node
                .named_child(0)
                .is_some_and(|c| c.kind() == "variable_assignment");
            name == "cd" && !has_prefix
        }
        _ => false,
    }
}

/// Node kinds whose named children are statements to descend into.
const BODIES: &[&str] = &[
    "program",
    "compound_statement",
    "subshell",
    "do_group",
    "else_clause",
    "elif_clause",
    "case_item",
    "if_statement",
    "while_statement",
    "until_statement",
    "case_statement",
    "function_definition",
    "for_statement",
    "c_style_for_statement",
];

/// Children of a body that are not statements (the words of a `for`, the `case` subject,
/// a function's name).
const NOT_STATEMENTS: &[&str] = &[
    "comment",
    "word",
    "variable_name",
    "string",
    "raw_string",
    "concatenation",
    "simple_expansion",
    "expansion",
    "command_substitution",
    "number",
    "heredoc_body",
    "heredoc_end",
    "binary_expression",
    "unary_expression",
    "parenthesized_expression",
    "extglob_pattern",
];

/// The commands of `script`, in order. Text the grammar cannot parse is still cut at
/// statement boundaries (the evaluation reports it as opaque where it is).
pub fn pieces(script: &str) -> Vec<Piece> {
    let mut parser = Parser::new();
    if parser
        .set_language(&tree_sitter_bash::LANGUAGE.into())
        .is_err()
    {
        return whole(script);
    }
    let Some(tree) = parser.parse(script, None) else {
        return whole(script);
    };
    let mut out = Vec::new();
    walk(tree.root_node(), script, &mut out, 0);
    out
}

fn whole(script: &str) -> Vec<Piece> {
    vec![Piece {
        line: 1,
        text: script.to_string(),
        carries: false,
    }]
}

fn walk(node: Node, src: &str, out: &mut Vec<Piece>, depth: usize) {
    if depth > 100 || !BODIES.contains(&node.kind()) {
        let (start, end, row) = span(node);
        let mut run = Some(Run {
            start,
            end,
            row,
            carries: false,
        });
        flush(&mut run, src, out);
        return;
    }
    let mut cursor = node.walk();
    // Plain statements that share a line (`cd dir; rm -rf *`) are one command, judged as
    // the hook would judge that line: the `cd` moves the `rm`.
    let mut run: Option<Run> = None;
    let top = depth == 0;
    for child in node.named_children(&mut cursor) {
        if NOT_STATEMENTS.contains(&child.kind()) {
            continue;
        }
        if BODIES.contains(&child.kind()) {
            flush(&mut run, src, out);
            walk(child, src, out, depth + 1);
            continue;
        }
        let (start, end, row) = span(child);
        // A statement sent to the background runs in a subshell of its own.
        let background = child.next_sibling().is_some_and(|n| n.kind() == "&");
        let sets = top && !background && carries(child, src);
        match &mut run {
            Some(r) if r.row == child.start_position().row => {
                r.end = end;
                r.row = row;
                r.carries = false;
            }
            _ => {
                flush(&mut run, src, out);
                run = Some(Run {
                    start,
                    end,
                    row,
                    carries: sets,
                });
            }
        }
    }
    flush(&mut run, src, out);
}

/// Statements being joined into one piece.
struct Run {
    start: usize,
    end: usize,
    /// The row the last statement ends on.
    row: usize,
    carries: bool,
}

/// A statement's span, heredoc bodies included, and the row it ends on.
fn span(node: Node) -> (usize, usize, usize) {
    let mut end = node.end_byte();
    let mut row = node.end_position().row;
    let mut cursor = node.walk();
    for c in node.children(&mut cursor) {
        if c.end_byte() > end {
            end = c.end_byte();
            row = c.end_position().row;
        }
    }
    (node.start_byte(), end, row)
}

fn flush(run: &mut Option<Run>, src: &str, out: &mut Vec<Piece>) {
    let Some(Run {
        start,
        end,
        carries,
        ..
    }) = run.take()
    else {
        return;
    };
    let Some(text) = src.get(start..end) else {
        return;
    };
    if text.trim().is_empty() {
        return;
    }
    out.push(Piece {
        line: src[..start].matches('\n').count() + 1,
        text: text.to_string(),
        carries,
    });
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn lines(s: &str) -> Vec<(usize, String)> {
        pieces(s).into_iter().map(|p| (p.line, p.text)).collect()
    }

    #[test]
    fn statements_are_cut_with_their_lines_and_bodies_are_entered() {
        let s = "#!/bin/sh\nset -e\n# note\nif [ -f x ]; then\n  rm -rf build\nelse\n  echo no\nfi\nfor f in a b; do\n  cat \"$f\" | wc -l\ndone\nf() {\n  git push origin main\n}\na && \\\n  b\n";
        assert_eq!(
            lines(s),
            vec![
                (2, "set -e".into()),
                (4, "[ -f x ]".into()),
                (5, "rm -rf build".into()),
                (7, "echo no".into()),
                (10, "cat \"$f\" | wc -l".into()),
                (13, "git push origin main".into()),
                (15, "a && \\\n  b".into()),
            ]
        );
    }

    #[test]
    fn heredocs_stay_with_their_command() {
        let s = "cat <<EOF > out.txt\nhello\nEOF\necho done\n";
        let p = lines(s);
        assert_eq!(p[0].0, 1);
        assert!(p[0].1.contains("hello"), "{p:?}");
        assert_eq!(p.last().unwrap(), &(4, "echo done".into()));
    }

    #[test]
    fn statements_on_one_line_stay_one_command() {
        assert_eq!(
            lines(
                "cd /; rm -rf *
echo a; echo b
"
            ),
            vec![(1, "cd /; rm -rf *".into()), (2, "echo a; echo b".into())]
        );
    }
}
