//! Commands and their parts: prefix assignments, words, redirects (including the
//! statements the grammar hangs under a heredoc), declarations and `[[ … ]]` tests. Builds a
//! [`Draft`] for each simple command and hands it to `emit`.

use super::expand::Braces;
use super::parse::{Walker, STATEMENTS};
use super::words::{join_fields, short, text, Word};
use super::{Opaque, Redirect, RedirectOp};
use tree_sitter::Node;

/// A command being assembled before wrappers are stripped.
pub(super) struct Draft {
    pub(super) argv: Vec<Word>,
    pub(super) assignments: Vec<(String, String)>,
    pub(super) redirects: Vec<Redirect>,
    pub(super) text: String,
    pub(super) stdin_text: Option<String>,
    pub(super) wrappers: Vec<String>,
}

/// What a redirect node contributes besides the redirect itself.
#[derive(Default)]
pub(super) struct RedirectExtras<'t> {
    pub(super) stdin_text: Option<String>,
    /// Words the grammar attached to a heredoc redirect that belong to the command.
    pub(super) args: Vec<Node<'t>>,
    /// Statements the grammar attached to a heredoc redirect (`cat <<E && rm x`), with
    /// whether they are pipeline stages fed by this command.
    pub(super) trailing: Vec<(Node<'t>, bool)>,
}
/// What an enclosing `redirected_statement` adds to its command.
#[derive(Default)]
pub(super) struct Outer<'t> {
    pub(super) redirects: Vec<Node<'t>>,
    pub(super) lost: Vec<Word>,
    pub(super) shown: Option<Node<'t>>,
}

/// Plain literal words (`-`, `file.txt`) the grammar left out of the tree, or `None` if
/// the text is anything more.
fn lost_words(gap: &str) -> Option<Vec<Word>> {
    let safe = |c: char| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c);
    let gap = gap.replace("\\\n", " ");
    if gap.contains('\n') {
        return None; // a raw newline ends the command in bash
    }
    let mut out = Vec::new();
    for token in gap.split([' ', '\t']) {
        if token.is_empty() {
            continue;
        }
        if !token.chars().all(safe) {
            return None;
        }
        out.push(Word::lit(token));
    }
    Some(out)
}

/// The offset of the first unescaped newline between the children of `node`.
fn gap_newline(node: Node, src: &str) -> Option<usize> {
    let mut pos = node.start_byte();
    let mut cursor = node.walk();
    let mut ends = node
        .children(&mut cursor)
        .map(|c| (c.start_byte(), c.end_byte()));
    loop {
        let (start, end) = ends.next().unwrap_or((node.end_byte(), node.end_byte()));
        let gap = src.get(pos..start).unwrap_or("");
        let mut chars = gap.char_indices();
        while let Some((i, c)) = chars.next() {
            match c {
                '\\' => {
                    chars.next();
                }
                '\n' => return Some(pos + i),
                _ => {}
            }
        }
        if start >= node.end_byte() {
            return None;
        }
        pos = end.max(pos);
    }
}

/// The offset of the first unescaped newline inside an unquoted word, if any.
fn raw_newline(node: Node, src: &str) -> Option<usize> {
    match node.kind() {
        "word" => {
            let t = text(node, src);
            let mut chars = t.char_indices();
            while let Some((i, c)) = chars.next() {
                match c {
                    '\\' => {
                        chars.next();
                    }
                    '\n' => return Some(node.start_byte() + i),
                    _ => {}
                }
            }
            None
        }
        "concatenation" | "command_name" => {
            let mut cursor = node.walk();
            let children: Vec<Node> = node.children(&mut cursor).collect();
            children.into_iter().find_map(|c| raw_newline(c, src))
        }
        _ => None,
    }
}

impl Walker<'_> {
    /// Normalise a run of word nodes, joining nodes that touch (one bash word).
    pub(super) fn words_of(&mut self, nodes: &[Node], src: &str) -> Vec<Word> {
        let mut out = Vec::new();
        let mut start = 0;
        for i in 1..=nodes.len() {
            let split = match (nodes.get(i - 1), nodes.get(i)) {
                // Nodes that touch, or are joined by line continuations only (`r\<newline>m`,
                // which the grammar splits), are one bash word.
                (Some(a), Some(b)) => !src
                    .get(a.end_byte()..b.start_byte())
                    .is_some_and(|gap| gap.split("\\\n").all(str::is_empty)),
                _ => true,
            };
            if split {
                if let Some(group) = nodes.get(start..i) {
                    out.extend(self.word_group(group, src));
                }
                start = i;
            }
        }
        out
    }

    /// [`Walker::words_of`] with brace expansion as the context wants it.
    pub(super) fn words_with(&mut self, nodes: &[Node], src: &str, braces: Braces) -> Vec<Word> {
        let saved = std::mem::replace(&mut self.braces, braces);
        let out = self.words_of(nodes, src);
        self.braces = saved;
        out
    }

    pub(super) fn draft(&self, argv: Vec<Word>, text: &str) -> Draft {
        Draft {
            argv,
            assignments: Vec::new(),
            redirects: self.inherited.clone(),
            text: text.to_string(),
            stdin_text: self.inherited_stdin.clone(),
            wrappers: Vec::new(),
        }
    }

    /// A `command` node: prefix assignments, name, arguments and redirects.
    /// A `command` node; `outer` holds the redirects of an enclosing `redirected_statement`
    /// and the words the grammar dropped between them (see [`Walker::redirected`]).
    pub(super) fn command(&mut self, node: Node, src: &str, outer: &Outer, top: bool) {
        self.check_gaps(node, src);
        let slot = self.commands.len();
        let mut assignments = Vec::new();
        let mut word_nodes = Vec::new();
        let mut redirect_nodes = Vec::new();
        let mut cursor = node.walk();
        let children: Vec<Node> = node.children(&mut cursor).collect();
        for child in children {
            match child.kind() {
                "variable_assignment" => {
                    let pair = self.assignment(child, src);
                    assignments.push(pair);
                }
                k if k.ends_with("_redirect") => redirect_nodes.push(child),
                "comment" => {}
                "subshell" => self.unit(child, src, false),
                _ => word_nodes.push(child),
            }
        }
        redirect_nodes.extend_from_slice(&outer.redirects);
        // NOTE: the grammar glues a line starting with a backslash onto the previous
        // command (`ls⏎\rm -rf ~` becomes one command with the word `⏎\rm`); bash runs
        // two. Cut the command at the raw newline and analyse the rest on its own.
        let in_gap = gap_newline(node, src);
        let in_word = word_nodes.iter().find_map(|n| raw_newline(*n, src));
        let cut = match (in_gap, in_word) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let mut rest = None;
        if let Some(k) = cut {
            self.opaque(Opaque::ParseError(
                "a line starting with `\\` read as part of the previous command".into(),
            ));
            word_nodes.retain(|n| n.start_byte() < k);
            redirect_nodes.retain(|n| n.start_byte() < k);
            rest = src.get(k..node.end_byte());
        }
        let mut redirects = Vec::new();
        let mut extras = RedirectExtras::default();
        for r in redirect_nodes {
            self.redirect(r, src, &mut redirects, &mut extras);
        }
        word_nodes.extend(extras.args.iter().copied());
        word_nodes.sort_by_key(|n| n.start_byte());
        let mut argv = self.words_of(&word_nodes, src);
        argv.extend(outer.lost.iter().cloned());
        let shown = outer.shown.unwrap_or(node);
        let mut draft = self.draft(argv, text(shown, src));
        draft.assignments = assignments;
        draft.redirects.extend(redirects);
        if extras.stdin_text.is_some() {
            draft.stdin_text = extras.stdin_text;
        }
        self.emit(draft, slot);
        if let Some(rest) = rest {
            self.reparse(rest, top);
        }
        for (stmt, piped) in extras.trailing {
            let saved = self.piped;
            self.piped = piped;
            self.pipe_in = if piped { self.last_output.take() } else { None };
            self.statement(stmt, src, top);
            self.piped = saved;
            self.pipe_in = None;
        }
    }

    /// `body > file`: redirects of a command attach to it; those of a compound statement
    /// attach to every command inside.
    pub(super) fn redirected(&mut self, node: Node, src: &str, top: bool) {
        let body = node.child_by_field_name("body");
        let mut cursor = node.walk();
        let redirect_nodes: Vec<Node> = node
            .named_children(&mut cursor)
            .filter(|c| Some(*c) != body)
            .collect();
        // NOTE: the grammar drops plain words written between a command and its heredoc
        // (`python3 - <<'EOF'` loses the `-`); bash passes them as arguments. Simple
        // literal words are restored; anything else in a gap is a parse error.
        let mut lost = Vec::new();
        let mut pos = node.start_byte();
        let mut cursor = node.walk();
        for child in node.children(&mut cursor) {
            let gap = src.get(pos..child.start_byte()).unwrap_or("");
            match lost_words(gap) {
                Some(words) => lost.extend(words),
                None => self.opaque(Opaque::ParseError(format!(
                    "unparsed text `{}`",
                    short(gap)
                ))),
            }
            pos = child.end_byte().max(pos);
        }
        if body.is_none_or(|b| b.kind() != "command") && !lost.is_empty() {
            self.opaque(Opaque::ParseError("words after a redirection".into()));
        }
        match body {
            Some(b) if b.kind() == "command" => {
                let outer = Outer {
                    redirects: redirect_nodes,
                    lost,
                    shown: Some(node),
                };
                self.command(b, src, &outer, top)
            }
            Some(b) => {
                let mut redirects = Vec::new();
                let mut extras = RedirectExtras::default();
                for r in redirect_nodes {
                    self.redirect(r, src, &mut redirects, &mut extras);
                }
                if b.kind() == "pipeline" {
                    // bash redirects the last stage alone: `a | b >f` writes b's output.
                    self.pipeline(b, src, top, Some((redirects, extras.stdin_text)));
                } else {
                    self.inheriting(redirects, extras.stdin_text, |w| w.statement(b, src, false));
                }
                self.words_of(&extras.args, src);
                for (stmt, piped) in extras.trailing {
                    let saved = self.piped;
                    self.piped = piped;
                    self.pipe_in = if piped { self.last_output.take() } else { None };
                    self.statement(stmt, src, top);
                    self.piped = saved;
                    self.pipe_in = None;
                }
            }
            None => {
                self.opaque(Opaque::UnsupportedSyntax(
                    "redirection without a command".into(),
                ));
                self.recover(node, src);
            }
        }
    }

    pub(super) fn redirect<'t>(
        &mut self,
        node: Node<'t>,
        src: &str,
        out: &mut Vec<Redirect>,
        extras: &mut RedirectExtras<'t>,
    ) {
        if !self.enter() {
            return;
        }
        let fd = node
            .child_by_field_name("descriptor")
            .and_then(|d| text(d, src).parse::<u32>().ok());
        let mut cursor = node.walk();
        let children: Vec<Node> = node.children(&mut cursor).collect();
        match node.kind() {
            "file_redirect" => {
                let op_text = children
                    .iter()
                    .find(|c| !c.is_named())
                    .map(|c| text(*c, src))
                    .unwrap_or("");
                let named: Vec<Node> = children
                    .iter()
                    .copied()
                    .filter(|c| c.is_named() && Some(*c) != node.child_by_field_name("descriptor"))
                    .collect();
                // The grammar gives a redirection every word after it (`cat >o.txt X Y`):
                // the target is the first word (the pieces that touch), the rest are the
                // command's arguments.
                let mut targets: Vec<Node> = Vec::new();
                // `>&-` and `<&-` close a descriptor and take no word.
                let mut past = matches!(op_text, ">&-" | "<&-");
                for c in named {
                    past = past
                        || targets
                            .last()
                            .is_some_and(|p: &Node| p.end_byte() != c.start_byte());
                    if past {
                        extras.args.push(c);
                    } else {
                        targets.push(c);
                    }
                }
                let target = join_fields(self.words_with(&targets, src, Braces::Single));
                let numeric =
                    !target.text.is_empty() && target.text.bytes().all(|b| b.is_ascii_digit());
                let op = match op_text {
                    ">" => RedirectOp::Out,
                    ">>" => RedirectOp::Append,
                    "<" => RedirectOp::In,
                    "<>" => RedirectOp::InOut,
                    ">&" | "<&" if target.text == "-" => RedirectOp::Close,
                    ">&" if numeric || fd.is_some() => RedirectOp::DupOut,
                    ">&" => RedirectOp::OutErr,
                    "<&" => RedirectOp::DupIn,
                    ">&-" | "<&-" => RedirectOp::Close,
                    "&>" => RedirectOp::OutErr,
                    "&>>" => RedirectOp::AppendErr,
                    ">|" => RedirectOp::Clobber,
                    other => {
                        self.opaque(Opaque::UnsupportedSyntax(format!("redirection {other}")));
                        RedirectOp::InOut
                    }
                };
                out.push(Redirect {
                    fd,
                    op,
                    target: target.text,
                    dynamic: target.dynamic,
                });
            }
            "herestring_redirect" => {
                let targets: Vec<Node> = children
                    .iter()
                    .copied()
                    .filter(|c| c.is_named() && Some(*c) != node.child_by_field_name("descriptor"))
                    .collect();
                let target = join_fields(self.words_with(&targets, src, Braces::Literal));
                extras.stdin_text = Some(target.text.clone());
                out.push(Redirect {
                    fd,
                    op: RedirectOp::HereString,
                    target: target.text,
                    dynamic: target.dynamic,
                });
            }
            "heredoc_redirect" => {
                let mut delimiter = String::new();
                let mut quoted = false;
                let mut body_expands = false;
                let mut pending_pipe = false;
                for child in children {
                    match child.kind() {
                        "heredoc_start" => {
                            let raw = text(child, src);
                            quoted = raw.contains(['\'', '"', '\\']);
                            delimiter = raw.replace(['\'', '"', '\\'], "");
                        }
                        "heredoc_body" => {
                            body_expands = text(child, src).contains(['$', '`', '\\']);
                            extras.stdin_text = Some(text(child, src).to_string());
                            self.scan(child, src);
                        }
                        "file_redirect" | "herestring_redirect" | "heredoc_redirect" => {
                            self.redirect(child, src, out, extras)
                        }
                        "|" | "|&" if !child.is_named() => pending_pipe = true,
                        "pipeline" => {
                            let mut c2 = child.walk();
                            let stages: Vec<Node> = child.named_children(&mut c2).collect();
                            let starts_with_pipe = child
                                .child(0)
                                .is_some_and(|c| matches!(c.kind(), "|" | "|&"));
                            for (i, stage) in stages.into_iter().enumerate() {
                                extras.trailing.push((stage, starts_with_pipe || i > 0));
                            }
                        }
                        k if STATEMENTS.contains(&k) => {
                            extras.trailing.push((child, pending_pipe));
                            pending_pipe = false;
                        }
                        "heredoc_end" | "comment" => {}
                        _ if child.is_named() => extras.args.push(child),
                        _ => {}
                    }
                }
                out.push(Redirect {
                    fd,
                    op: RedirectOp::HereDoc,
                    target: delimiter,
                    // An unquoted delimiter: bash expands `$`, `` ` `` and `\` in the
                    // body, so the text a program reads is not the text written.
                    dynamic: !quoted && body_expands,
                });
            }
            other => {
                self.opaque(Opaque::UnsupportedSyntax(other.to_string()));
                self.recover(node, src);
            }
        }
        self.leave();
    }

    /// `NAME=value` (the value normalised); assigning IFS or HOME is opaque.
    pub(super) fn assignment(&mut self, node: Node, src: &str) -> (String, String) {
        let (name, value) = self.assignment_word(node, src);
        (name, value.text)
    }

    /// `NAME=value`, the value as a word (dynamic when computed at run time).
    pub(super) fn assignment_word(&mut self, node: Node, src: &str) -> (String, Word) {
        let (name, value) = self.assignment_expanded(node, src);
        self.unbind(&name);
        (name, value)
    }

    /// `NAME=value` with the value expanded, before NAME is assigned.
    fn assignment_expanded(&mut self, node: Node, src: &str) -> (String, Word) {
        let name_node = node.child_by_field_name("name");
        let name = name_node
            .map(|n| text(n, src).to_string())
            .unwrap_or_default();
        if let Some(n) = name_node.filter(|_| name.contains('[')) {
            // `x[SUB]=…`: bash expands and evaluates the subscript (see `evaluated`).
            self.scan(n, src);
            self.evaluated_node(n, src);
        }
        let value = match node.child_by_field_name("value") {
            Some(v) => join_fields(self.assignment_value(v, src)),
            None => Word::lit(""),
        };
        if matches!(name.as_str(), "IFS" | "HOME") {
            self.opaque(Opaque::SpecialAssignment(name.clone()));
        }
        self.check_assignment(&name, &value);
        (name, value)
    }

    /// `export`/`declare`/`local`/`readonly`/`typeset`/`unset`: a builtin command.
    pub(super) fn declaration(&mut self, node: Node, src: &str) {
        let slot = self.commands.len();
        let mut argv = Vec::new();
        let mut cursor = node.walk();
        let children: Vec<Node> = node.children(&mut cursor).collect();
        // `NAME=value` arguments: bash expands them all before it assigns any.
        let mut assigned: Vec<(String, Word, Node)> = Vec::new();
        for child in children {
            if !child.is_named() {
                argv.push(Word::lit(text(child, src)));
            } else if child.kind() == "variable_assignment" {
                let (name, value) = self.assignment_expanded(child, src);
                argv.push(Word::lit(&format!("{name}={}", value.text)));
                assigned.push((name, value, child));
            } else {
                // `unset 'a[$(…)]'`, `declare 'x[$(…)]=1'`: a name bash evaluates.
                self.evaluated_node(child, src);
                argv.extend(self.word(child, src));
            }
        }
        for (name, _, _) in &assigned {
            self.unbind(name);
        }
        let keyword = argv.first().map(|w| w.text.clone()).unwrap_or_default();
        if keyword != "unset"
            && argv.iter().skip(1).any(|w| {
                (w.text.starts_with('-') || w.text.starts_with('+')) && w.text.contains('f')
            })
        {
            self.opaque(Opaque::UnsupportedSyntax(format!("{keyword} -f")));
        }
        if argv
            .iter()
            .skip(1)
            .any(|w| w.text == "IFS" || w.text == "HOME")
        {
            self.opaque(Opaque::SpecialAssignment(keyword.clone()));
        }
        let words: Vec<String> = argv.iter().map(|w| w.text.clone()).collect();
        // What an `export` (or `declare -x`) puts in the environment, read before the
        // builtin's own words make its names unknown.
        let exported = (super::assign::exports(&words) && !argv.iter().any(|w| w.dynamic))
            .then(|| self.exported_pairs(&words));
        let draft = self.draft(argv, text(node, src));
        self.declaring = true;
        self.emit(draft, slot);
        self.declaring = false;
        if let Some(pairs) = exported {
            self.exporting(pairs, assigned, node, src);
        }
    }

    /// `[[ … ]]` / `[ … ]`: a command whose words are the expression's tokens.
    pub(super) fn test_command(&mut self, node: Node, src: &str) {
        let slot = self.commands.len();
        let mut argv = Vec::new();
        // `[[ … ]]` evaluates arithmetic operands; `[ … ]` (bash's `test`) wants integers.
        let double = node.child(0).is_some_and(|c| text(c, src) == "[[");
        self.test_words(node, src, &mut argv, double);
        let draft = self.draft(argv, text(node, src));
        self.emit(draft, slot);
    }

    pub(super) fn test_words(&mut self, node: Node, src: &str, argv: &mut Vec<Word>, double: bool) {
        if !self.enter() {
            return;
        }
        let mut cursor = node.walk();
        let children: Vec<Node> = node.children(&mut cursor).collect();
        // Operands bash evaluates: a name for `-v`, arithmetic for `-eq`, `-lt`, … (see
        // `evaluated`).
        if matches!(node.kind(), "unary_expression" | "binary_expression") {
            const ARITH: &[&str] = &["-v", "-eq", "-ne", "-lt", "-le", "-gt", "-ge"];
            let is_op = |c: &Node| {
                let t = text(*c, src).trim();
                t == "-v" || (double && ARITH.contains(&t))
            };
            if children.iter().any(is_op) {
                for c in children.iter().filter(|c| c.is_named() && !is_op(c)) {
                    self.evaluated_node(*c, src);
                }
            }
        }
        for child in children {
            match child.kind() {
                _ if !child.is_named() => argv.push(Word::lit(text(child, src))),
                "unary_expression"
                | "binary_expression"
                | "parenthesized_expression"
                | "ternary_expression"
                | "postfix_expression" => self.test_words(child, src, argv, double),
                "redirected_statement" => self.statement(child, src, false),
                _ => {
                    let words = self.words_with(&[child], src, Braces::Literal);
                    argv.extend(words)
                }
            }
        }
        self.leave();
    }
}
