//! `for NAME in WORDS; do BODY; done` and `select`: over literal words (after brace and
//! tilde expansion) and pathname patterns (expanded against the filesystem at decision
//! time, as bash would: `for f in ~/.ssh/id_*` gives each key, `for f in src/*.rs` each
//! source file), the body is walked once per value with `$NAME` bound to it, so
//! `for f in ~/.netrc; do cat "$f"; done` reads `~/.netrc`. Over anything else (a
//! substitution, `"$@"`, a relative pattern where the directory is not known), or past the
//! bounds, the body is walked once with the variable unknown. A body that may assign the variable (`NAME=…`, `read NAME`, `declare NAME`, …)
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
        let mut values: Option<Vec<(String, bool)>> = if has_in {
            self.loop_values(words)
        } else {
            None
        };
        if select {
            if let Some(v) = values.as_mut() {
                v.push((String::new(), false));
            }
        }
        let body = node.child_by_field_name("body");
        let fits = values.as_ref().is_some_and(|v| {
            v.len() <= MAX_LOOP_VALUES && self.unrolled + v.len().max(1) <= MAX_UNROLLED
        });
        let runs: Vec<Option<(String, bool)>> = match values {
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
        let round = |w: &mut Self, value: Option<(String, bool)>| {
            let binding = match value {
                Some((v, false)) => Binding::Value(v),
                Some((v, true)) => Binding::Computed(v),
                None => Binding::Unknown,
            };
            w.vars.push((name.clone(), binding));
            if let Some(b) = body {
                w.unit(b, src, false);
            }
            w.vars.pop();
        };
        // A pattern only known at run time may give any number of rounds: walked as a
        // loop of unknown length, each value bound in turn.
        let counted = !runs.iter().flatten().any(|(_, computed)| *computed);
        if unrolled && !counted {
            self.dirs_loop(|w| {
                for value in &runs {
                    round(w, value.clone());
                }
            });
        } else if unrolled {
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

    /// The values a loop's words give, as bash gives them, each with whether it is only
    /// known as the text of a computation: literal words as they are, and a word that is
    /// only a pathname pattern (`~/.ssh/id_*`, `src/*.rs`) expanded against the
    /// filesystem now (bash's default rules). A pattern that matches nothing now, or
    /// whose expansion is past its bounds, is the pattern computed at run time (what is
    /// there when it runs is not known; `~/.git-cred*` may still name a credential store).
    /// `None` when a word is otherwise dynamic, a relative pattern's directory is not
    /// known, or there are more than [`MAX_LOOP_VALUES`] values.
    fn loop_values(&self, words: Vec<super::words::Word>) -> Option<Vec<(String, bool)>> {
        let mut out = Vec::new();
        for w in words {
            match (&w.glob, w.dynamic) {
                (_, false) => out.push((w.text, false)),
                (Some(pattern), true) => {
                    let dir = match (pattern.starts_with('/'), self.dirs.cwd.as_slice()) {
                        (true, _) => std::path::Path::new("/"),
                        (false, [one]) => one.as_path(),
                        _ => return None,
                    };
                    match crate::analysis::reach::expand(pattern, dir) {
                        crate::analysis::reach::Glob::Matches(m) => {
                            out.extend(m.into_iter().map(|v| (v, false)));
                        }
                        crate::analysis::reach::Glob::NoMatch(_)
                        | crate::analysis::reach::Glob::Unknown => out.push((w.text, true)),
                    }
                }
                (None, true) => return None,
            }
            if out.len() > MAX_LOOP_VALUES {
                return None;
            }
        }
        Some(out)
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
