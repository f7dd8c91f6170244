//! Variables a command assigns itself: after `dir=build/out;` (a bare assignment that
//! surely runs, in this shell, before what follows), `$dir` expands to `build/out`, as
//! bash expands it, so `dir=build/out; rm -rf "$dir"` deletes `build/out` and
//! `token=1.2; echo "$token"` prints no secret from the environment. A value computed at run
//! time (`log=$(mktemp)`) binds the name to that computation: the word stays dynamic, and
//! its text is where the value comes from (`tok=$GITHUB_TOKEN; curl "…$tok"` still sends
//! `$GITHUB_TOKEN`).
//!
//! Only what bash surely does binds. An assignment that may not run, or runs in another
//! shell (a list's later elements, any stage of a pipeline, `( )`, `$( )`, a background
//! job, `if`/`while`/`case` and loop bodies, function bodies, text not modelled), makes
//! the name unknown instead; so do `NAME+=…`, arrays and subscripts, bash's own special
//! variables, builtins that assign (`read`, `printf -v`, `unset`, …), `eval`, `source`
//! and `.` (every name), a loop over the name, `${NAME:=…}` and arithmetic that assigns.
//! A declaration with attributes (`declare -i`, `-n`, `-u`, `local -n`, `readonly`, …)
//! turns binding off for the rest of the command: an attribute changes what an assignment
//! stores.

use super::parse::Walker;
use super::words::{text, Word};
use tree_sitter::Node;

/// What is known of a variable at a point of the command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Binding {
    /// Its value, literally.
    Value(String),
    /// Assigned by this command a value computed at run time, written as this text.
    Computed(String),
    /// An indexed array this command assigned literal words (`a=(x y)`): its elements
    /// from index 0, as bash stores them (after brace and tilde expansion).
    Array(Vec<String>),
    /// Assigned by this command or bound by a loop, but no longer known.
    Unknown,
}

/// bash's own variables (special, read-only or recomputed on every use): an assignment
/// to them does not store what it says.
const SPECIAL: &[&str] = &[
    "BASH",
    "BASHOPTS",
    "BASHPID",
    "BASH_ALIASES",
    "BASH_ARGC",
    "BASH_ARGV",
    "BASH_ARGV0",
    "BASH_CMDS",
    "BASH_COMMAND",
    "BASH_LINENO",
    "BASH_REMATCH",
    "BASH_SOURCE",
    "BASH_SUBSHELL",
    "BASH_VERSINFO",
    "BASH_VERSION",
    "COMP_CWORD",
    "COMP_LINE",
    "COMP_POINT",
    "COMP_WORDS",
    "DIRSTACK",
    "EPOCHREALTIME",
    "EPOCHSECONDS",
    "EUID",
    "FUNCNAME",
    "GROUPS",
    "HISTCMD",
    "HOME",
    "IFS",
    "LINENO",
    "OLDPWD",
    "OPTARG",
    "OPTIND",
    "PIPESTATUS",
    "PPID",
    "PWD",
    "RANDOM",
    "REPLY",
    "SECONDS",
    "SHELLOPTS",
    "SRANDOM",
    "UID",
];

/// One variable an `export` puts in the environment.
pub(super) struct Exported {
    name: String,
    /// Its value, or the text of the computation that gives it (`$NAME` when not known).
    value: String,
    /// `export NAME` (no `=`): what was known of NAME before, which it keeps.
    kept: Option<Binding>,
}

/// Builtins whose options give variables attributes.
const DECLARERS: &[&str] = &["declare", "typeset", "local", "export", "readonly"];

/// Builtins that may assign any variable.
const ASSIGN_ANY: &[&str] = &["eval", "source", "."];

/// Does this statement run in a background subshell (`NAME=value &`, also `A=1 B=2 &`,
/// `NAME=value >f &`, `export NAME=value &`)?
fn backgrounded(node: Node) -> bool {
    let mut n = node;
    loop {
        if n.next_sibling().is_some_and(|s| s.kind() == "&") {
            return true;
        }
        match n.parent() {
            Some(p) if matches!(p.kind(), "variable_assignments" | "redirected_statement") => n = p,
            _ => return false,
        }
    }
}

/// Is this declaration an export: `export [--] NAME[=value]…`, or `declare -x`/`typeset
/// -x` with no other option? (`export -n`, `-p`, `-f` and other attributes are not.)
pub(super) fn exports(argv: &[String]) -> bool {
    let opts = || argv.iter().skip(1).filter(|w| w.starts_with(['-', '+']));
    match argv.first().map(String::as_str) {
        Some("export") => opts().all(|w| w == "--") && argv.len() > 1,
        Some("declare" | "typeset") => {
            opts().count() > 0
                && opts().all(|w| w == "-x")
                && argv.iter().skip(1).any(|w| !w.starts_with('-'))
        }
        _ => false,
    }
}

/// What bash's `printf FORMAT ARGS…` prints, for formats of `%s`, `%%` and text without
/// backslashes (the format is reused while arguments remain; a missing argument is empty).
/// `None` for any other conversion or escape, or output past 4096 bytes.
fn printf_text(format: &str, args: &[String]) -> Option<String> {
    if format.contains('\\') {
        return None;
    }
    let mut out = String::new();
    let mut next = 0;
    loop {
        let mut used = false;
        let mut chars = format.chars();
        while let Some(c) = chars.next() {
            if c != '%' {
                out.push(c);
                continue;
            }
            match chars.next() {
                Some('%') => out.push('%'),
                Some('s') => {
                    used = true;
                    if let Some(a) = args.get(next) {
                        out.push_str(a);
                    }
                    next += 1;
                }
                _ => return None,
            }
        }
        if out.len() > 4096 {
            return None;
        }
        if !used || next >= args.len() {
            return Some(out);
        }
    }
}

fn plain_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

impl Walker<'_> {
    /// `NAME=value` as its own statement: may it bind `NAME` for what follows?
    pub(super) fn may_bind(&self, name: &str, node: Node, src: &str) -> bool {
        if !self.sure() || !plain_name(name) || SPECIAL.contains(&name) {
            return false;
        }
        // `NAME+=…` appends; `NAME=(…)` is an array.
        let after = text(node, src).get(name.len()..).unwrap_or("");
        if !after.starts_with('=')
            || node
                .child_by_field_name("value")
                .is_some_and(|v| v.kind() == "array")
        {
            return false;
        }
        !backgrounded(node)
    }

    /// Does what is walked now surely run, in this shell, before what follows?
    fn sure(&self) -> bool {
        self.origin == super::Origin::TopLevel
            && !self.piped
            && self.uncertain == 0
            && !self.binds_off
    }

    /// The `(NAME, value)` pairs an `export`/`declare -x` command line puts in the
    /// environment: `NAME=value` as given; a bare `NAME` with the value this command gave
    /// it, or (inherited, or not known here) `$NAME` itself.
    pub(super) fn exported_pairs(&self, argv: &[String]) -> Vec<Exported> {
        let mut out = Vec::new();
        for w in argv.iter().skip(1) {
            if w.starts_with('-') {
                continue;
            }
            let (name, value, kept) = match w.split_once('=') {
                Some((n, v)) => (n.to_string(), v.to_string(), None),
                None => match self.bound(w) {
                    Some(b @ (Binding::Value(_) | Binding::Computed(_))) => {
                        let v = match &b {
                            Binding::Value(v) | Binding::Computed(v) => v.clone(),
                            Binding::Array(_) | Binding::Unknown => String::new(),
                        };
                        (w.clone(), v, Some(b))
                    }
                    _ => (w.clone(), format!("${w}"), None),
                },
            };
            if plain_name(&name) {
                out.push(Exported { name, value, kept });
            }
        }
        out
    }

    /// After `export NAME=value …` (or `declare -x`): each value is stored where bash
    /// surely stores it (as a bare assignment would be), and every pair reaches the
    /// environment of the commands walked after it.
    pub(super) fn exporting(
        &mut self,
        pairs: Vec<Exported>,
        assigned: Vec<(String, Word, Node)>,
        node: Node,
        src: &str,
    ) {
        for (name, value, child) in assigned {
            if self.may_bind(&name, child, src) && !backgrounded(node) {
                self.bind(name, &value);
            }
        }
        for e in pairs {
            // `export NAME` keeps the value NAME had.
            if let Some(b) = e.kept {
                if self.sure() && !backgrounded(node) && !SPECIAL.contains(&e.name.as_str()) {
                    match self.vars.iter_mut().rev().find(|(n, _)| *n == e.name) {
                        Some(slot) => slot.1 = b,
                        None => self.vars.push((e.name.clone(), b)),
                    }
                }
            }
            self.export(e.name, e.value);
        }
    }

    /// `name` is in the environment of what follows, with `value`.
    pub(super) fn export(&mut self, name: String, value: String) {
        if !self.exported_names.contains(&name) {
            self.exported_names.push(name.clone());
        }
        if self.looping > 0 {
            self.exports_anywhere.push((name.clone(), value.clone()));
        }
        self.exports.push((name, value));
    }

    /// `NAME=(WORD …)` as its own statement, surely run in this shell, every element a
    /// literal word (after brace and tilde expansion; no `[K]=V`, glob or expansion): the
    /// elements bash stores, from index 0. `None` for anything else.
    pub(super) fn array_elements(
        &mut self,
        name: &str,
        node: Node,
        src: &str,
    ) -> Option<Vec<String>> {
        if !self.sure() || !plain_name(name) || SPECIAL.contains(&name) || backgrounded(node) {
            return None;
        }
        let after = text(node, src).get(name.len()..).unwrap_or("");
        let value = node
            .child_by_field_name("value")
            .filter(|v| v.kind() == "array" && after.starts_with('='))?;
        let mut cursor = value.walk();
        let children: Vec<Node> = value.named_children(&mut cursor).collect();
        if children.len() > 64 {
            return None;
        }
        let mut out = Vec::new();
        for child in children {
            if child.kind() == "comment" {
                continue;
            }
            // `[K]=V`, and anything that expands (its substitutions were walked already).
            let t = text(child, src);
            if t.starts_with('[') || t.contains(['$', '`']) {
                return None;
            }
            for w in self.word(child, src) {
                if w.dynamic || w.glob.is_some() {
                    return None;
                }
                out.push(w.text);
            }
        }
        Some(out)
    }

    /// Bind `name` to an indexed array of literal `elements`.
    pub(super) fn bind_array(&mut self, name: String, elements: Vec<String>) {
        let binding = Binding::Array(elements);
        match self.vars.iter_mut().rev().find(|(n, _)| *n == name) {
            Some(slot) => slot.1 = binding,
            None => self.vars.push((name, binding)),
        }
    }

    /// Bind `name` to the assigned `value` for what follows.
    pub(super) fn bind(&mut self, name: String, value: &Word) {
        let binding = if value.dynamic {
            Binding::Computed(value.text.clone())
        } else {
            Binding::Value(value.text.clone())
        };
        match self.vars.iter_mut().rev().find(|(n, _)| *n == name) {
            Some(slot) => slot.1 = binding,
            None => self.vars.push((name, binding)),
        }
    }

    /// Every known variable becomes unknown.
    pub(super) fn unbind_all(&mut self) {
        for slot in &mut self.vars {
            slot.1 = Binding::Unknown;
        }
    }

    /// What a command's builtin does to the known variables: `eval`, `source` and `.`
    /// may assign any; a declaration with attributes stops binding; the other assigning
    /// builtins unbind the names they are given (see `loops::ASSIGNERS`).
    pub(super) fn builtin_assigns(&mut self, argv: &[String]) {
        let Some(first) = argv.first() else { return };
        // `set -a` / `set -o allexport`: every assignment from here on is exported.
        if first == "set"
            && argv.iter().skip(1).any(|w| {
                w == "allexport" || (w.starts_with('-') && !w.starts_with("--") && w.contains('a'))
            })
        {
            self.allexport = true;
        }
        if ASSIGN_ANY.contains(&first.as_str()) {
            self.unbind_all();
            return;
        }
        // `readonly NAME` makes a later `NAME=…` fail and keep the old value. (`export`
        // and `declare -x` give no attribute that changes what an assignment stores.)
        if first == "readonly"
            || DECLARERS.contains(&first.as_str())
                && !exports(argv)
                && argv
                    .iter()
                    .skip(1)
                    .any(|w| w.starts_with('-') || w.starts_with('+'))
        {
            self.binds_off = true;
            self.unbind_all();
            return;
        }
        self.unbind_assigned(argv);
    }

    /// `printf -v NAME FORMAT ARGS…` surely run in this shell, with every word literal:
    /// NAME holds the formatted text, as bash stores it (`printf -v p '%s/.netrc' "$HOME"`
    /// binds `p` to the home's `.netrc`). The builtin already unbound NAME
    /// (`builtin_assigns`); anything else leaves it so.
    pub(super) fn printf_assigns(&mut self, exec: &[String], dynamic: &[bool]) {
        let [first, flag, name, rest @ ..] = exec else {
            return;
        };
        if first != "printf"
            || flag != "-v"
            || !plain_name(name)
            || SPECIAL.contains(&name.as_str())
            || !self.sure()
            || dynamic.iter().any(|d| *d)
        {
            return;
        }
        let rest = match rest.split_first() {
            Some((dd, more)) if dd == "--" => more,
            _ => rest,
        };
        let Some((format, args)) = rest.split_first() else {
            return;
        };
        if format.starts_with('-') {
            return;
        }
        if let Some(value) = printf_text(format, args) {
            self.bind(name.clone(), &Word::lit(&value));
        }
    }

    /// `${NAME:=…}`/`${NAME=…}` assign when NAME is unset or empty; arithmetic assigns
    /// with `=`, `+=`, `++`, ….
    pub(super) fn expansion_assigns(&mut self, expansion: &str) {
        if self.vars.is_empty() {
            return;
        }
        if expansion.starts_with("$((") || expansion.starts_with("$[") {
            // Every `=` that is not a comparison assigns (`<<=` and `>>=` do).
            let t = expansion
                .replace("<<=", "=")
                .replace(">>=", "=")
                .replace("==", "")
                .replace("!=", "")
                .replace("<=", "")
                .replace(">=", "");
            if t.contains('=') || t.contains("++") || t.contains("--") {
                self.unbind_all();
            }
            return;
        }
        let Some(body) = expansion.strip_prefix("${") else {
            return;
        };
        let name: String = body
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        let rest = &body[name.len()..];
        if rest.starts_with(":=") || rest.starts_with('=') {
            self.unbind(&name);
        }
    }
}
