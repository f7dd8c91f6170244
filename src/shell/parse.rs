//! The syntax-tree walker. Parses with tree-sitter-bash and walks the CST, accepting only
//! the node kinds it fully models; any other kind, and any parse error, is recorded as
//! opaque while the walk still descends into it to find commands. It also assigns parts,
//! pipes, origins and redirects, and runs re-entries (strings and argv run by a shell
//! again) through the same walk with bounded depth.

use super::unwrap::{self, Body, NestKind, Nested};
use super::words::{join_fields, short, text, Word};
use super::{
    Analysis, Opaque, Origin, Redirect, RedirectOp, ShellEnv, SimpleCommand, HARD_MAX_COMMANDS,
    MAX_COMMANDS, MAX_OPAQUE, MAX_REENTRY, MAX_TREE_DEPTH,
};
use std::borrow::Cow;
use tree_sitter::{Node, Parser, Tree};

/// Node kinds that are statements (things that run).
const STATEMENTS: &[&str] = &[
    "command",
    "redirected_statement",
    "list",
    "pipeline",
    "subshell",
    "compound_statement",
    "if_statement",
    "while_statement",
    "for_statement",
    "c_style_for_statement",
    "case_statement",
    "function_definition",
    "variable_assignment",
    "variable_assignments",
    "declaration_command",
    "unset_command",
    "test_command",
    "negated_command",
];

/// A command being assembled before wrappers are stripped.
struct Draft {
    argv: Vec<Word>,
    assignments: Vec<(String, String)>,
    redirects: Vec<Redirect>,
    text: String,
    stdin_text: Option<String>,
    wrappers: Vec<String>,
}

/// What a redirect node contributes besides the redirect itself.
#[derive(Default)]
struct RedirectExtras<'t> {
    stdin_text: Option<String>,
    /// Words the grammar attached to a heredoc redirect that belong to the command.
    args: Vec<Node<'t>>,
    /// Statements the grammar attached to a heredoc redirect (`cat <<E && rm x`), with
    /// whether they are pipeline stages fed by this command.
    trailing: Vec<(Node<'t>, bool)>,
}

pub(crate) struct Walker<'e> {
    pub(super) env: &'e ShellEnv,
    pub(super) opaque: Vec<Opaque>,
    commands: Vec<SimpleCommand>,
    bare: Vec<(String, String)>,
    parser: Option<Parser>,
    depth: usize,
    reentry: u8,
    part: usize,
    next_part: usize,
    origin: Origin,
    piped: bool,
    inherited: Vec<Redirect>,
    inherited_stdin: Option<String>,
    found: usize,
}

impl<'e> Walker<'e> {
    pub(crate) fn new(env: &'e ShellEnv, opaque: Vec<Opaque>) -> Self {
        Walker {
            env,
            opaque,
            commands: Vec::new(),
            bare: Vec::new(),
            parser: None,
            depth: 0,
            reentry: 0,
            part: 0,
            next_part: 0,
            origin: Origin::TopLevel,
            piped: false,
            inherited: Vec::new(),
            inherited_stdin: None,
            found: 0,
        }
    }

    pub(crate) fn finish(mut self) -> Analysis {
        if self.found > MAX_COMMANDS {
            let found = self.found;
            self.opaque(Opaque::TooManyCommands(found));
        }
        Analysis {
            commands: self.commands,
            opaque: self.opaque,
            bare_assignments: self.bare,
        }
    }

    /// Record an opaque reason once.
    pub(super) fn opaque(&mut self, o: Opaque) {
        if self.opaque.len() < MAX_OPAQUE && !self.opaque.contains(&o) {
            self.opaque.push(o);
        }
    }

    /// Guard recursion; every `true` must be paired with [`Walker::leave`].
    pub(super) fn enter(&mut self) -> bool {
        if self.depth >= MAX_TREE_DEPTH {
            self.opaque(Opaque::TooDeep);
            return false;
        }
        self.depth += 1;
        true
    }

    pub(super) fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    /// Parse `src`; returns the tree and the text it was parsed from (see [`defuse`]).
    fn parse<'s>(&mut self, src: &'s str) -> Option<(Tree, Cow<'s, str>)> {
        if self.parser.is_none() {
            let mut parser = Parser::new();
            if parser
                .set_language(&tree_sitter_bash::LANGUAGE.into())
                .is_err()
            {
                self.opaque(Opaque::ParseError("the bash grammar did not load".into()));
                return None;
            }
            self.parser = Some(parser);
        }
        let src = defuse(src);
        if let Cow::Owned(_) = src {
            self.opaque(Opaque::ParseError(
                "a non-ASCII character right after `{` (replaced before parsing)".into(),
            ));
        }
        let tree = self
            .parser
            .as_mut()
            .and_then(|p| p.parse(src.as_ref(), None));
        if tree.is_none() {
            self.opaque(Opaque::ParseError("the parser gave up".into()));
        }
        Some((tree?, src))
    }

    pub(crate) fn analyze_top(&mut self, src: &str) {
        if let Some((tree, src)) = self.parse(src) {
            self.root(tree.root_node(), &src, true);
        }
    }

    fn root(&mut self, root: Node, src: &str, top: bool) {
        if root.has_error() {
            let at = first_error(root)
                .map(|n| format!("near `{}`", short(text(n, src))))
                .unwrap_or_else(|| "unbalanced or unfinished syntax".to_string());
            self.opaque(Opaque::ParseError(at));
        }
        self.statements(root, src, top);
    }

    /// The named children of a list-like node, each a statement.
    fn statements(&mut self, node: Node, src: &str, top: bool) {
        self.check_gaps(node, src);
        let mut cursor = node.walk();
        let children: Vec<Node> = node.named_children(&mut cursor).collect();
        for child in children {
            self.statement(child, src, top);
        }
    }

    /// A statement; at top level every list element and pipeline stage is a new part.
    fn statement(&mut self, node: Node, src: &str, top: bool) {
        if !self.enter() {
            return;
        }
        match node.kind() {
            "list" => self.statements(node, src, top),
            "pipeline" => {
                self.check_gaps(node, src);
                let mut cursor = node.walk();
                let stages: Vec<Node> = node.named_children(&mut cursor).collect();
                for (i, stage) in stages.into_iter().enumerate() {
                    let saved = self.piped;
                    self.piped = saved || i > 0;
                    self.statement(stage, src, top);
                    self.piped = saved;
                }
            }
            "comment" => {}
            _ => {
                if top {
                    self.part = self.next_part;
                    self.next_part += 1;
                }
                self.unit(node, src, top);
            }
        }
        self.leave();
    }

    /// One list element or pipeline stage.
    fn unit(&mut self, node: Node, src: &str, top: bool) {
        if !self.enter() {
            return;
        }
        match node.kind() {
            "command" => self.command(node, src, &[], top),
            "redirected_statement" => self.redirected(node, src, top),
            "negated_command" => {
                let mut cursor = node.walk();
                let children: Vec<Node> = node.named_children(&mut cursor).collect();
                for child in children {
                    self.unit(child, src, false);
                }
            }
            "list" | "pipeline" => self.statement(node, src, false),
            "subshell" => {
                let origin = match self.origin {
                    Origin::TopLevel => Origin::Subshell,
                    other => other,
                };
                let saved = std::mem::replace(&mut self.origin, origin);
                self.statements(node, src, false);
                self.origin = saved;
            }
            "compound_statement" => {
                if node.child(0).is_some_and(|c| c.kind() == "((") {
                    self.opaque(Opaque::UnsupportedSyntax("((…)) arithmetic".into()));
                    self.recover(node, src);
                } else {
                    self.statements(node, src, false);
                }
            }
            "if_statement" | "elif_clause" | "else_clause" | "while_statement" | "do_group"
            | "for_statement" | "case_statement" | "case_item" => self.compound(node, src),
            "c_style_for_statement" => {
                self.opaque(Opaque::UnsupportedSyntax("for ((…)) loop".into()));
                self.recover(node, src);
            }
            "function_definition" => {
                self.opaque(Opaque::FunctionDefinition);
                self.recover(node, src);
            }
            "variable_assignment" => {
                let pair = self.assignment(node, src);
                self.bare.push(pair);
            }
            "variable_assignments" => {
                let mut cursor = node.walk();
                let children: Vec<Node> = node.named_children(&mut cursor).collect();
                for child in children {
                    self.unit(child, src, false);
                }
            }
            "declaration_command" | "unset_command" => self.declaration(node, src),
            "test_command" => self.test_command(node, src),
            "comment" => {}
            kind => {
                if kind == "ERROR" || node.is_missing() {
                    self.opaque(Opaque::ParseError(format!(
                        "near `{}`",
                        short(text(node, src))
                    )));
                } else {
                    self.opaque(Opaque::UnsupportedSyntax(kind.to_string()));
                }
                self.recover(node, src);
            }
        }
        self.leave();
    }

    /// if/while/for/case: statements are walked, words normalised (for substitutions).
    fn compound(&mut self, node: Node, src: &str) {
        self.check_gaps(node, src);
        let mut cursor = node.walk();
        let children: Vec<Node> = node.children(&mut cursor).collect();
        for child in children {
            let kind = child.kind();
            if !child.is_named() {
                if kind == "select" {
                    self.opaque(Opaque::UnsupportedSyntax("select".into()));
                }
                continue;
            }
            if STATEMENTS.contains(&kind) {
                self.statement(child, src, false);
            } else if matches!(
                kind,
                "elif_clause" | "else_clause" | "do_group" | "case_item"
            ) {
                self.unit(child, src, false);
            } else if matches!(kind, "variable_name" | "comment") {
            } else {
                self.word(child, src);
            }
        }
    }

    /// Best effort inside nodes that are not modelled: find every statement, substitution
    /// and command-name-led word run.
    pub(super) fn recover(&mut self, node: Node, src: &str) {
        if !self.enter() {
            return;
        }
        let mut cursor = node.walk();
        let children: Vec<Node> = node.children(&mut cursor).collect();
        let mut i = 0;
        while let Some(child) = children.get(i).copied() {
            i += 1;
            let kind = child.kind();
            if STATEMENTS.contains(&kind) {
                self.statement(child, src, false);
            } else if kind == "command_name" {
                // A command the grammar could not finish: take the name and the words after it.
                let slot = self.commands.len();
                let mut nodes = vec![child];
                while let Some(next) = children.get(i).copied() {
                    if !next.is_named() || STATEMENTS.contains(&next.kind()) {
                        break;
                    }
                    nodes.push(next);
                    i += 1;
                }
                let argv = self.words_of(&nodes, src);
                let draft = self.draft(argv, text(child, src));
                self.emit(draft, slot);
            } else if kind == "command_substitution" {
                self.substitution(child, src, Origin::Substitution);
            } else if kind == "process_substitution" {
                self.substitution(child, src, Origin::ProcessSubstitution);
            } else {
                self.recover(child, src);
            }
        }
        self.leave();
    }

    /// Walk a `$( … )`, backtick or `<( … )` body.
    pub(super) fn substitution(&mut self, node: Node, src: &str, origin: Origin) {
        let saved = (
            std::mem::replace(&mut self.origin, origin),
            std::mem::replace(&mut self.piped, false),
            std::mem::take(&mut self.inherited),
            self.inherited_stdin.take(),
        );
        let mut cursor = node.walk();
        let children: Vec<Node> = node.named_children(&mut cursor).collect();
        for child in children {
            if STATEMENTS.contains(&child.kind()) {
                self.statement(child, src, false);
            } else {
                // `$(< file)` and anything unexpected: find nested substitutions.
                self.scan(child, src);
            }
        }
        (
            self.origin,
            self.piped,
            self.inherited,
            self.inherited_stdin,
        ) = saved;
    }

    /// Find substitutions anywhere below `node` (used for nodes kept only as text).
    pub(super) fn scan(&mut self, node: Node, src: &str) {
        if !self.enter() {
            return;
        }
        let mut cursor = node.walk();
        let children: Vec<Node> = node.children(&mut cursor).collect();
        for child in children {
            match child.kind() {
                "command_substitution" => self.substitution(child, src, Origin::Substitution),
                "process_substitution" => {
                    self.substitution(child, src, Origin::ProcessSubstitution)
                }
                k if STATEMENTS.contains(&k) => self.statement(child, src, false),
                _ => self.scan(child, src),
            }
        }
        self.leave();
    }

    /// Text between children must be blanks or line continuations; anything else was
    /// skipped by the grammar and is not understood.
    fn check_gaps(&mut self, node: Node, src: &str) {
        let mut pos = node.start_byte();
        let mut cursor = node.walk();
        let mut bad = None;
        for child in node.children(&mut cursor) {
            let gap = src.get(pos..child.start_byte()).unwrap_or("");
            if !is_blank(gap) {
                bad = Some(gap.to_string());
                break;
            }
            pos = child.end_byte().max(pos);
        }
        if bad.is_none() && node.child_count() > 0 {
            let gap = src.get(pos..node.end_byte()).unwrap_or("");
            if !is_blank(gap) {
                bad = Some(gap.to_string());
            }
        }
        if let Some(gap) = bad {
            self.opaque(Opaque::ParseError(format!(
                "unparsed text `{}`",
                short(&gap)
            )));
        }
    }

    /// Normalise a run of word nodes, joining nodes that touch (one bash word).
    fn words_of(&mut self, nodes: &[Node], src: &str) -> Vec<Word> {
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

    fn draft(&self, argv: Vec<Word>, text: &str) -> Draft {
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
    fn command(&mut self, node: Node, src: &str, outer: &[Node], top: bool) {
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
        redirect_nodes.extend_from_slice(outer);
        let mut redirects = Vec::new();
        let mut extras = RedirectExtras::default();
        for r in redirect_nodes {
            self.redirect(r, src, &mut redirects, &mut extras);
        }
        word_nodes.extend(extras.args.iter().copied());
        let argv = self.words_of(&word_nodes, src);
        let mut draft = self.draft(argv, text(node, src));
        draft.assignments = assignments;
        draft.redirects.extend(redirects);
        if extras.stdin_text.is_some() {
            draft.stdin_text = extras.stdin_text;
        }
        self.emit(draft, slot);
        for (stmt, piped) in extras.trailing {
            let saved = self.piped;
            self.piped = piped;
            self.statement(stmt, src, top);
            self.piped = saved;
        }
    }

    /// `body > file`: redirects of a command attach to it; those of a compound statement
    /// attach to every command inside.
    fn redirected(&mut self, node: Node, src: &str, top: bool) {
        self.check_gaps(node, src);
        let body = node.child_by_field_name("body");
        let mut cursor = node.walk();
        let redirect_nodes: Vec<Node> = node
            .named_children(&mut cursor)
            .filter(|c| Some(*c) != body)
            .collect();
        match body {
            Some(b) if b.kind() == "command" => self.command(b, src, &redirect_nodes, top),
            Some(b) => {
                let mut redirects = Vec::new();
                let mut extras = RedirectExtras::default();
                for r in redirect_nodes {
                    self.redirect(r, src, &mut redirects, &mut extras);
                }
                let saved_len = self.inherited.len();
                self.inherited.extend(redirects);
                let saved_stdin = self.inherited_stdin.clone();
                if extras.stdin_text.is_some() {
                    self.inherited_stdin = extras.stdin_text;
                }
                self.statement(b, src, false);
                self.inherited.truncate(saved_len);
                self.inherited_stdin = saved_stdin;
                self.words_of(&extras.args, src);
                for (stmt, piped) in extras.trailing {
                    let saved = self.piped;
                    self.piped = piped;
                    self.statement(stmt, src, top);
                    self.piped = saved;
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

    fn redirect<'t>(
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
                let targets: Vec<Node> = children
                    .iter()
                    .copied()
                    .filter(|c| c.is_named() && Some(*c) != node.child_by_field_name("descriptor"))
                    .collect();
                let target = join_fields(self.words_of(&targets, src));
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
                let target = join_fields(self.words_of(&targets, src));
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
                let mut pending_pipe = false;
                for child in children {
                    match child.kind() {
                        "heredoc_start" => {
                            let raw = text(child, src);
                            delimiter = raw.replace(['\'', '"', '\\'], "");
                        }
                        "heredoc_body" => {
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
                    dynamic: false,
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
    fn assignment(&mut self, node: Node, src: &str) -> (String, String) {
        let name = node
            .child_by_field_name("name")
            .map(|n| text(n, src).to_string())
            .unwrap_or_default();
        let value = match node.child_by_field_name("value") {
            Some(v) => join_fields(self.assignment_value(v, src)).text,
            None => String::new(),
        };
        if matches!(name.as_str(), "IFS" | "HOME") {
            self.opaque(Opaque::SpecialAssignment(name.clone()));
        }
        (name, value)
    }

    /// `export`/`declare`/`local`/`readonly`/`typeset`/`unset`: a builtin command.
    fn declaration(&mut self, node: Node, src: &str) {
        let slot = self.commands.len();
        let mut argv = Vec::new();
        let mut cursor = node.walk();
        let children: Vec<Node> = node.children(&mut cursor).collect();
        for child in children {
            if !child.is_named() {
                argv.push(Word::lit(text(child, src)));
            } else if child.kind() == "variable_assignment" {
                let (name, value) = self.assignment(child, src);
                argv.push(Word::lit(&format!("{name}={value}")));
            } else {
                argv.extend(self.word(child, src));
            }
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
        let draft = self.draft(argv, text(node, src));
        self.emit(draft, slot);
    }

    /// `[[ … ]]` / `[ … ]`: a command whose words are the expression's tokens.
    fn test_command(&mut self, node: Node, src: &str) {
        let slot = self.commands.len();
        let mut argv = Vec::new();
        self.test_words(node, src, &mut argv);
        let draft = self.draft(argv, text(node, src));
        self.emit(draft, slot);
    }

    fn test_words(&mut self, node: Node, src: &str, argv: &mut Vec<Word>) {
        if !self.enter() {
            return;
        }
        let mut cursor = node.walk();
        let children: Vec<Node> = node.children(&mut cursor).collect();
        for child in children {
            match child.kind() {
                _ if !child.is_named() => argv.push(Word::lit(text(child, src))),
                "unary_expression"
                | "binary_expression"
                | "parenthesized_expression"
                | "ternary_expression"
                | "postfix_expression" => self.test_words(child, src, argv),
                "redirected_statement" => self.statement(child, src, false),
                _ => argv.extend(self.word(child, src)),
            }
        }
        self.leave();
    }

    /// Strip wrappers, check the program name, store the command, then walk re-entries.
    fn emit(&mut self, draft: Draft, slot: usize) {
        if self.found >= HARD_MAX_COMMANDS {
            self.found = self.found.saturating_add(1);
            return;
        }
        self.found += 1;
        let u = unwrap::unwrap(&draft.argv);
        for o in u.opaque {
            self.opaque(o);
        }
        let mut exec: Vec<String> = match &u.exec_override {
            Some(words) => words.iter().map(|w| w.text.clone()).collect(),
            None => draft
                .argv
                .get(u.exec_start..)
                .unwrap_or(&[])
                .iter()
                .map(|w| w.text.clone())
                .collect(),
        };
        let exec_dynamic = match &u.exec_override {
            Some(_) => false,
            None => draft.argv.get(u.exec_start).is_some_and(|w| w.dynamic),
        };
        if exec_dynamic {
            let name = exec.first().cloned().unwrap_or_default();
            self.opaque(Opaque::DynamicCommandName(name));
        }
        if let Some(first) = exec.first_mut() {
            let base = unwrap::program_name(first).to_string();
            *first = base;
        }
        let mut wrappers = draft.wrappers;
        wrappers.extend(u.wrappers);
        let mut assignments = draft.assignments;
        assignments.extend(u.assignments);
        let cmd = SimpleCommand {
            argv: draft.argv.iter().map(|w| w.text.clone()).collect(),
            dynamic_words: draft.argv.iter().map(|w| w.dynamic).collect(),
            exec,
            wrappers: wrappers.clone(),
            assignments,
            redirects: draft.redirects,
            origin: self.origin,
            part: self.part,
            text: draft.text,
            piped_stdin: self.piped,
            stdin_text: draft.stdin_text.clone(),
        };
        let slot = slot.min(self.commands.len());
        self.commands.insert(slot, cmd);
        for nested in u.nested {
            self.nested(nested, &wrappers);
        }
        if let Some(shell) = u.reads_stdin {
            match draft.stdin_text {
                Some(body) => self.reenter_text(&body, Origin::Heredoc),
                None if self.piped => self.opaque(Opaque::ShellFromStdin(shell)),
                None => {}
            }
        }
    }

    fn nested(&mut self, nested: Nested, wrappers: &[String]) {
        let depth = self.reentry.saturating_add(1);
        let origin = match nested.kind {
            NestKind::Shell => Origin::ShellString { depth },
            NestKind::Xargs => Origin::Xargs,
            NestKind::FindExec => Origin::FindExec,
            NestKind::GitAlias => Origin::GitAlias,
            NestKind::Watch => Origin::Watch,
            NestKind::Parallel => Origin::Parallel,
        };
        match nested.body {
            Body::Shell(word) => {
                if word.dynamic {
                    self.opaque(Opaque::DynamicShellString(short(&word.text)));
                }
                self.reenter_text(&word.text, origin);
            }
            Body::Argv(words) => {
                if self.reentry >= MAX_REENTRY {
                    self.opaque(Opaque::TooDeep);
                    return;
                }
                let text = words
                    .iter()
                    .map(|w| w.text.as_str())
                    .collect::<Vec<_>>()
                    .join(" ");
                let mut draft = self.draft(words, &text);
                draft.wrappers = wrappers.to_vec();
                if let Some(parent) = nested.parent {
                    draft.wrappers.push(parent);
                }
                let saved = (std::mem::replace(&mut self.origin, origin), self.reentry);
                self.reentry = depth;
                let slot = self.commands.len();
                self.emit(draft, slot);
                (self.origin, self.reentry) = saved;
            }
        }
    }

    /// Parse and walk a string a shell will run again.
    fn reenter_text(&mut self, body: &str, origin: Origin) {
        if self.reentry >= MAX_REENTRY {
            self.opaque(Opaque::TooDeep);
            return;
        }
        let Some((tree, body)) = self.parse(body) else {
            return;
        };
        let saved = (
            std::mem::replace(&mut self.origin, origin),
            std::mem::replace(&mut self.piped, false),
            std::mem::take(&mut self.inherited),
            self.inherited_stdin.take(),
            self.reentry,
        );
        self.reentry = self.reentry.saturating_add(1);
        self.root(tree.root_node(), &body, false);
        (
            self.origin,
            self.piped,
            self.inherited,
            self.inherited_stdin,
            self.reentry,
        ) = saved;
    }
}

/// Replace, byte for byte, every non-ASCII character the grammar's scanner would pass to
/// C `isdigit()`.
// NOTE: tree-sitter-bash 0.25.1 (scanner.c, brace_start) calls `isdigit(lookahead)` on the
// code point after `{` and after `{N..`; glibc indexes a small table with it, so a large
// code point reads out of bounds and can crash the whole process (found by the proptest:
// `{\u{722D2}`). Underscores keep every byte offset valid.
fn defuse(src: &str) -> Cow<'_, str> {
    let mut out: Option<String> = None;
    let mut after_brace = false;
    for (i, c) in src.char_indices() {
        if c == '{' {
            after_brace = true;
            continue;
        }
        if after_brace && (c.is_ascii_digit() || c == '.') {
            continue;
        }
        if after_brace && !c.is_ascii() {
            let s = out.get_or_insert_with(|| src.to_string());
            let end = i + c.len_utf8();
            s.replace_range(i..end, &"_".repeat(c.len_utf8()));
        }
        after_brace = false;
    }
    match out {
        Some(s) => Cow::Owned(s),
        None => Cow::Borrowed(src),
    }
}

fn is_blank(gap: &str) -> bool {
    let mut chars = gap.chars();
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' | '\n' | '\r' => {}
            '\\' => {
                if chars.next() != Some('\n') {
                    return false;
                }
            }
            _ => return false,
        }
    }
    true
}

/// The first ERROR or MISSING node, found without recursion.
fn first_error(root: Node) -> Option<Node> {
    let mut node = root;
    loop {
        if node.is_error() || node.is_missing() {
            return Some(node);
        }
        let mut cursor = node.walk();
        let next = node
            .children(&mut cursor)
            .find(|c| c.has_error() || c.is_missing());
        node = next?;
    }
}
