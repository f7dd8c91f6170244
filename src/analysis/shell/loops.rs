//! `for NAME in WORDS; do BODY; done` and `select`: over literal words (after brace and
//! tilde expansion), the body is walked once per value with `$NAME` bound to it, so
//! `for f in ~/.netrc; do cat "$f"; done` reads `~/.netrc`. Over anything else (a glob, a
//! substitution, `"$@"`), or past the bounds, the body is walked once with the variable
//! unknown. A body that may assign the variable (`NAME=…`, `read NAME`, `declare NAME`, …)
//! leaves it unknown from there on. `select` also runs its body with the variable empty
//! (an answer that is not on the menu).

use super::assign::Binding;
use super::expand::Braces;
use super::parse::Walker;
use tree_sitter::Node;

/// More values than this, and the body is walked once with the variable unknown.
pub(super) const MAX_LOOP_VALUES: usize = 32;
/// Body walks of all unrolled loops of one analysis (nested loops multiply).
pub(super) const MAX_UNROLLED: usize = 256;

/// Builtins that may assign a variable named among their arguments.
const ASSIGNERS: &[&str] = &[
    "read",
    "printf",
    "getopts",
    "declare",
    "typeset",
    "local",
    "export",
    "readonly",
    "unset",
    "mapfile",
    "readarray",
    "wait",
    "let",
    "eval",
];

impl Walker<'_> {
    /// A `for_statement` node (both `for` and `select`).
    pub(super) fn for_loop(&mut self, node: Node, src: &str) {
        self.check_gaps(node, src);
        let select = node.child(0).is_some_and(|c| c.kind() == "select");
        let name = node
            .child_by_field_name("variable")
            .map(|v| super::words::text(v, src).to_string())
            .unwrap_or_default();
        let mut cursor = node.walk();
        let value_nodes: Vec<Node> = node.children_by_field_name("value", &mut cursor).collect();
        let has_in = {
            let mut c = node.walk();
            let found = node.children(&mut c).any(|n| n.kind() == "in");
            found
        };
        let words = self.words_with(&value_nodes, src, Braces::Expand);
        let mut values: Option<Vec<String>> = (has_in && words.iter().all(|w| !w.dynamic))
            .then(|| words.into_iter().map(|w| w.text).collect());
        if select {
            if let Some(v) = values.as_mut() {
                v.push(String::new());
            }
        }
        let body = node.child_by_field_name("body");
        let fits = values.as_ref().is_some_and(|v| {
            v.len() <= MAX_LOOP_VALUES && self.unrolled + v.len().max(1) <= MAX_UNROLLED
        });
        let runs: Vec<Option<String>> = match values {
            Some(v) if fits && !v.is_empty() => v.into_iter().map(Some).collect(),
            _ => vec![None],
        };
        self.unrolled += runs.len();
        // The body may run any number of times: what it assigns is not known after it.
        self.uncertain += 1;
        self.looping += 1;
        // Unrolled, each round's commands follow the last's directory changes; walked for
        // any number of rounds, a body that moves is walked again from where a later round
        // may start (`dirs_loop`), and leaves its own commands' directory unknown.
        // `for PWD in …` assigns what `~+` and `$PWD` give: not known from here on.
        if matches!(name.as_str(), "PWD" | "OLDPWD") {
            for d in [&mut self.dirs, &mut self.dirs_fail] {
                d.pwd = None;
                d.old = None;
            }
        }
        let unrolled = runs.first().is_some_and(Option::is_some);
        let round = |w: &mut Self, value: Option<String>| {
            let binding = value.map_or(Binding::Unknown, Binding::Value);
            w.vars.push((name.clone(), binding));
            if let Some(b) = body {
                w.unit(b, src, false);
            }
            w.vars.pop();
        };
        if unrolled {
            let entry = self.dirs.clone();
            for value in runs {
                round(self, value);
            }
            self.dirs_body(entry, None);
        } else {
            self.dirs_loop(|w| round(w, None));
        }
        self.looping -= 1;
        self.uncertain -= 1;
        // After the loop the variable holds its last value (or what the body made it).
        self.unbind(&name);
    }

    /// `NAME` may be assigned from here on: a bound loop variable becomes unknown.
    pub(super) fn unbind(&mut self, name: &str) {
        // `a[1]=x` changes the array `a`.
        let name = name.split('[').next().unwrap_or(name);
        if let Some(slot) = self.vars.iter_mut().rev().find(|(n, _)| n == name) {
            slot.1 = Binding::Unknown;
        }
    }

    /// A builtin that may assign one of the bound loop variables.
    pub(super) fn unbind_assigned(&mut self, argv: &[String]) {
        if self.vars.is_empty() {
            return;
        }
        let Some(first) = argv.first() else { return };
        if !ASSIGNERS.contains(&first.as_str()) {
            return;
        }
        let names: Vec<String> = self.vars.iter().map(|(n, _)| n.clone()).collect();
        for name in names {
            let hit = argv.iter().skip(1).any(|w| {
                w == &name
                    || w.strip_prefix(name.as_str()).is_some_and(|r| {
                        r.starts_with('=') || r.starts_with('[') || r.starts_with("+=")
                    })
                    || w.ends_with(&format!("v{name}"))
            });
            if hit {
                self.unbind(&name);
            }
        }
    }
}
