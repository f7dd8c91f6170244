//! Text bash evaluates again after expanding it: an arithmetic expression, and a variable
//! name with a subscript (`a[…]`), whose subscript bash expands — command substitutions
//! included — when it evaluates the name. So a command substitution written as quoted,
//! inert text (`[[ -v 'a[$(curl … | sh)]' ]]`) still runs there.
//!
//! Checked against bash 5.2.15 on this machine (`src/analysis/shell/tests/evaluated.rs`
//! runs each context with `$(touch MARK)` in the text and compares): the substitution runs
//! in the operand of `[[ -v ]]`, `test -v` and `[ -v ]`; in the operands of `[[ … ]]`'s
//! arithmetic comparisons (`-eq`, `-ne`, `-lt`, `-le`, `-gt`, `-ge`; not those of `test` or
//! `[`, which want plain integers); in `(( ))`, `$(( ))`, `$[ ]` and `let`; in the value
//! of an integer variable (`declare -i`, `typeset -i`, `local -i`); in an assignment's
//! subscript (`x['$(…)']=1`, `x=( ['$(…)']=1 )`, `declare 'x[$(…)]=1'`, `local`); in the
//! names given to `printf -v`, `read`, `unset` (of an existing array) and `wait -p`; in
//! the subscript and substring offsets of `${a['$(…)']}`, `${#a['$(…)']}` and
//! `${x:'a[$(…)]'}`, quoted or not; and in a nameref's target when it is used
//! (`declare -n r='a[$(…)]'; r=1`). It does not run in `read -a`, `mapfile`, `getopts`,
//! `export`/`readonly` of a subscript, `shift`, `exit`, `printf %d` or a key of an
//! associative array, but those are treated the same way (text with a command
//! substitution in a place that names a variable): nothing ordinary writes it there.
//!
//! Such text is opaque (never routine), and the commands in it are walked as a command
//! substitution's, so what they do is judged too. A variable set to such text is already
//! opaque where it is assigned ([`Opaque::LatentCode`]).

use super::parse::Walker;
use super::words::{short, text};
use super::{Opaque, Origin};
use tree_sitter::Node;

/// Does `text` hold a command substitution or backticks an evaluation would run?
pub(super) fn holds_code(text: &str) -> bool {
    text.contains("$(") || text.contains('`')
}

/// The literal text of `node` — quoted or not, backslashes dropped — with the expansions
/// the grammar found (`$(…)`, `<(…)`, `$x`) left out: what is left is text bash does not
/// expand when it reads the word, but an evaluation of it will.
pub(super) fn literal_text(node: Node, src: &str) -> String {
    let mut out = String::new();
    literal_into(node, src, &mut out, 0);
    out
}

fn literal_into(node: Node, src: &str, out: &mut String, depth: usize) {
    if depth > 64 {
        // Too deep to look into: as if it held code.
        out.push_str("$(");
        return;
    }
    match node.kind() {
        "command_substitution" | "process_substitution" | "simple_expansion" => {
            out.push(' ');
        }
        // The construct's own tokens (`$((`, `${`, `$[`).
        _ if node.child_count() == 0
            && !node.is_named()
            && matches!(text(node, src), "$((" | "${" | "$[") =>
        {
            out.push(' ');
        }
        _ if node.child_count() == 0 => out.push_str(&text(node, src).replace('\\', "")),
        _ => {
            let mut cursor = node.walk();
            let children: Vec<Node> = node.children(&mut cursor).collect();
            for child in children {
                literal_into(child, src, out, depth + 1);
            }
        }
    }
}

/// The bodies of the command substitutions and backquoted commands in `text`.
fn substitutions(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'$' && b.get(i + 1) == Some(&b'(') {
            let start = i + 2;
            let mut depth = 1usize;
            let mut j = start;
            while j < b.len() && depth > 0 {
                match b[j] {
                    b'(' => depth += 1,
                    b')' => depth -= 1,
                    _ => {}
                }
                j += 1;
            }
            let end = if depth == 0 { j - 1 } else { b.len() };
            if let Some(body) = text.get(start..end) {
                found.push(body.to_string());
            }
            i = j.max(i + 2);
        } else if b[i] == b'`' {
            let start = i + 1;
            let end = text[start..].find('`').map_or(b.len(), |k| start + k);
            if let Some(body) = text.get(start..end) {
                found.push(body.to_string());
            }
            i = end + 1;
        } else {
            i += 1;
        }
    }
    found
}

/// Builtins whose operands name variables (bash evaluates a subscript in them) or are
/// arithmetic expressions; `None` for others. The declaration builtins come here too.
fn evaluated_operands(exec: &[String]) -> Vec<&str> {
    let Some((first, rest)) = exec.split_first() else {
        return Vec::new();
    };
    let rest: Vec<&str> = rest.iter().map(String::as_str).collect();
    match first.as_str() {
        // Every operand: names, `NAME[SUB]=value`, a nameref's target, an integer's value,
        // an arithmetic expression.
        "let" | "unset" | "declare" | "typeset" | "local" | "export" | "readonly" | "getopts"
        | "mapfile" | "readarray" => rest,
        // The operand after `-v` (a name).
        "test" | "[" => rest
            .windows(2)
            .filter(|w| w[0] == "-v")
            .map(|w| w[1])
            .collect(),
        // The name given to `-v` / `-p`.
        "printf" | "wait" => {
            let flag = if first == "printf" { "-v" } else { "-p" };
            let mut out = Vec::new();
            for (i, w) in rest.iter().enumerate() {
                if *w == "--" || (first == "printf" && !w.starts_with('-')) {
                    break;
                }
                if *w == flag {
                    out.extend(rest.get(i + 1).copied());
                } else if let Some(v) = w.strip_prefix(flag) {
                    out.push(v);
                } else if w.starts_with('-') && !w.starts_with("--") && w.contains(&flag[1..]) {
                    // `-nv NAME`, `-np NAME`: the name follows the group.
                    out.extend(rest.get(i + 1).copied());
                }
            }
            out
        }
        // Every word but the text given to `-p` (prompt), `-d` (delimiter), `-i` (initial
        // text).
        "read" => {
            let mut out = Vec::new();
            let mut skip = false;
            for w in &rest {
                if std::mem::take(&mut skip) {
                    continue;
                }
                if matches!(*w, "-p" | "-d" | "-i") {
                    skip = true;
                } else if !(w.starts_with("-p") || w.starts_with("-d") || w.starts_with("-i")) {
                    out.push(*w);
                }
            }
            out
        }
        _ => Vec::new(),
    }
}

impl Walker<'_> {
    /// `text` is evaluated by bash (see the module docs): when it holds a command
    /// substitution, the command is opaque and the substitution's commands are walked.
    pub(super) fn evaluated(&mut self, text: &str) {
        if !holds_code(text) {
            return;
        }
        self.opaque(Opaque::EvaluatedCode(short(text)));
        self.walk_code(text);
    }

    /// Walk the commands of the substitutions in text that may run later, as a command
    /// substitution's (so what they do is judged too).
    pub(super) fn walk_code(&mut self, text: &str) {
        for body in substitutions(text) {
            if body.trim().is_empty() {
                continue;
            }
            self.reenter_text(&body, Origin::Substitution);
        }
    }

    /// The literal text of `node` in a place bash evaluates (see [`literal_text`]).
    pub(super) fn evaluated_node(&mut self, node: Node, src: &str) {
        let literal = literal_text(node, src);
        self.evaluated(&literal);
    }

    /// A builtin run with `exec`: its operands that bash evaluates.
    pub(super) fn builtin_evaluates(&mut self, exec: &[String]) {
        // A declaration the grammar parsed had its words looked at one by one (a value
        // with a real substitution, `export X="$(…)"`, is no evaluated text).
        if self.declaring {
            return;
        }
        let texts: Vec<String> = evaluated_operands(exec)
            .into_iter()
            .filter(|t| holds_code(t))
            .map(str::to_string)
            .collect();
        for t in texts {
            self.evaluated(&t);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn substitution_bodies_are_found() {
        assert_eq!(substitutions("a[$(rm -rf ~)]"), vec!["rm -rf ~"]);
        assert_eq!(substitutions("a[$(echo $(id))]"), vec!["echo $(id)"]);
        assert_eq!(substitutions("x`id`y"), vec!["id"]);
        assert_eq!(substitutions("a[$(curl x"), vec!["curl x"]);
        assert!(substitutions("a[1]").is_empty());
    }

    #[test]
    fn operands_bash_evaluates() {
        let v = |s: &str| -> Vec<String> {
            let exec: Vec<String> = s.split(' ').map(str::to_string).collect();
            evaluated_operands(&exec)
                .into_iter()
                .map(str::to_string)
                .collect()
        };
        assert_eq!(v("test -v N"), vec!["N"]);
        assert_eq!(v("[ -v N ]"), vec!["N"]);
        assert!(v("test X -gt 1").is_empty());
        assert_eq!(v("printf -v N fmt"), vec!["N"]);
        assert_eq!(v("printf -vN fmt"), vec!["N"]);
        assert!(v("printf %s X").is_empty());
        assert_eq!(v("read -r -p P N"), vec!["-r", "N"]);
        assert_eq!(v("wait -n -p N"), vec!["N"]);
        assert_eq!(v("let X Y"), vec!["X", "Y"]);
        assert!(v("echo X").is_empty());
    }
}
