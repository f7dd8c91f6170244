//! Readers whose files are chosen at run time, for the judge to check with `reach`: the
//! trees recursive readers walk (`grep -r`/`-R`, `rg`, `find`, `ag`, `fd`) and whether they
//! follow symbolic links there, and files that name the files read (`--files0-from=F`,
//! `tar -T F`, `rsync --files-from=F`). A small recogniser of the options that matter here;
//! everything else about these programs is their catalogue entry's business.

use super::core::Cmd;
use crate::analysis::effects::grammar;
use crate::analysis::effects::programs::search;
use crate::analysis::reach::{rg, NamePattern};

/// A tree a reader walks.
pub(super) struct Tree {
    /// Raw path words (relative to the cwd); the cwd itself when the reader names none.
    pub roots: Vec<String>,
    /// Symbolic links met inside are followed.
    pub follow: bool,
    /// The files' contents are read (`find` and `fd` only list names).
    pub contents: bool,
    /// Only files whose name matches one of these are read (`grep --include`, `rg -g`).
    pub only: Option<Vec<NamePattern>>,
}

/// grep's name filters: GNU grep reads a file met in recursion when the last
/// `--include`/`--exclude` it matches is an `--include`, or it matches none and the first
/// such option is not an `--exclude`. So when the first is `--include`, a file matching no
/// `--include` is not read (whatever the `--exclude`s, which only leave out more).
fn grep_includes(args: &[String]) -> Option<Vec<NamePattern>> {
    let mut globs = Vec::new();
    let mut first: Option<bool> = None;
    let mut i = 0;
    while let Some(a) = args.get(i) {
        i += 1;
        if a == "--" {
            break;
        }
        let (name, value) = match a.split_once('=') {
            Some((n, v)) => (n, Some(v.to_string())),
            None => (a.as_str(), None),
        };
        let include = match name {
            "--include" => true,
            "--exclude" => false,
            _ => continue,
        };
        let value = match value {
            Some(v) => v,
            None => {
                let v = args.get(i)?.clone();
                i += 1;
                v
            }
        };
        first.get_or_insert(include);
        if include {
            globs.push(NamePattern::fnmatch(&value));
        }
    }
    (first == Some(true)).then_some(globs)
}

/// ripgrep's name filters (`reach::rg`), read through its grammar so every spelling of
/// `-g`/`--glob`/`--iglob`/`-t`/`--type` counts: `None` (every name) when the grammar does
/// not take the command, a glob or type is computed at run time, or nothing bounds it.
fn rg_admitted(cmd: &Cmd) -> Option<Vec<NamePattern>> {
    let parsed = grammar::parse(&search::RG.grammar, cmd.argv, cmd.dynamic).ok()?;
    let mut fold_all = false;
    let mut globs: Vec<(&str, bool)> = Vec::new();
    let mut types: Vec<&str> = Vec::new();
    let mut types_fixed = true;
    for g in &parsed.given {
        match g.name {
            "--glob-case-insensitive" => fold_all = true,
            "--no-glob-case-insensitive" => fold_all = false,
            "--glob" | "--iglob" | "--type" | "--type-add" | "--type-clear" => {
                let w = g.value?;
                if w.dynamic {
                    return None;
                }
                match g.name {
                    "--glob" => globs.push((w.text, false)),
                    "--iglob" => globs.push((w.text, true)),
                    "--type" => types.push(w.text),
                    _ => types_fixed = false,
                }
            }
            _ => {}
        }
    }
    // `--glob-case-insensitive` applies to every `--glob`, wherever it stands.
    if fold_all {
        globs.iter_mut().for_each(|(_, f)| *f = true);
    }
    rg::admitted(&globs, &types, types_fixed)
}

/// Short flags of one word (`-rnL` → `rnL`), or `None` for a long option or an operand.
fn shorts(w: &str) -> Option<&str> {
    w.strip_prefix('-')
        .filter(|r| !r.is_empty() && !r.starts_with('-'))
}

/// Operands after the options, skipping option values (`takes_value` names the short
/// options and long options that take one).
fn operands<'a>(args: &'a [String], short_val: &str, long_val: &[&str]) -> Vec<&'a str> {
    let mut out = Vec::new();
    let mut i = 0;
    let mut only_operands = false;
    while let Some(a) = args.get(i) {
        i += 1;
        if only_operands || a == "-" || !a.starts_with('-') {
            out.push(a.as_str());
            continue;
        }
        if a == "--" {
            only_operands = true;
            continue;
        }
        if let Some(long) = a.strip_prefix("--") {
            if !long.contains('=') && long_val.contains(&long) {
                i += 1;
            }
            continue;
        }
        if let Some(s) = shorts(a) {
            // The value is the rest of the word, or the next word.
            if let Some(pos) = s.find(|c| short_val.contains(c)) {
                if pos + 1 == s.len() {
                    i += 1;
                }
            }
        }
    }
    out
}

fn has_short(args: &[String], c: char) -> bool {
    args.iter()
        .take_while(|a| *a != "--")
        .filter_map(|a| shorts(a))
        .any(|s| s.contains(c))
}

fn has_long(args: &[String], name: &str) -> bool {
    args.iter().take_while(|a| *a != "--").any(|a| a == name)
}

/// The tree a recursive reader walks, if the command is one.
pub(super) fn tree(cmd: &Cmd) -> Option<Tree> {
    let args = cmd.args();
    let with_default = |mut roots: Vec<String>| {
        if roots.is_empty() {
            roots.push(".".into());
        }
        roots
    };
    match cmd.program() {
        "grep" | "egrep" | "fgrep" => {
            let follow = has_short(args, 'R') || has_long(args, "--dereference-recursive");
            let recursive = follow || has_short(args, 'r') || has_long(args, "--recursive");
            if !recursive {
                return None;
            }
            let explicit = has_short(args, 'e')
                || has_short(args, 'f')
                || args
                    .iter()
                    .any(|a| a.starts_with("--regexp") || a.starts_with("--file="));
            let ops = operands(
                args,
                "efABCDdmX",
                &[
                    "regexp",
                    "file",
                    "include",
                    "exclude",
                    "exclude-dir",
                    "context",
                    "max-count",
                    "label",
                    "color",
                    "colour",
                ],
            );
            let skip = usize::from(!explicit);
            Some(Tree {
                roots: with_default(ops.iter().skip(skip).map(|s| s.to_string()).collect()),
                follow,
                contents: true,
                only: grep_includes(args),
            })
        }
        "rg" | "ripgrep" => {
            let follow = has_short(args, 'L') || has_long(args, "--follow");
            let files = has_long(args, "--files");
            let explicit = has_short(args, 'e')
                || has_short(args, 'f')
                || args
                    .iter()
                    .any(|a| a.starts_with("--regexp") || a.starts_with("--file="));
            let ops = operands(
                args,
                "efgtTABCmMjrEd",
                &[
                    "regexp",
                    "file",
                    "glob",
                    "iglob",
                    "type",
                    "type-not",
                    "context",
                    "after-context",
                    "before-context",
                    "max-count",
                    "max-filesize",
                    "threads",
                    "replace",
                    "encoding",
                    "max-depth",
                    "type-add",
                    "pre",
                    "pre-glob",
                    "sort",
                    "sortr",
                    "color",
                    "colors",
                    "path-separator",
                    "ignore-file",
                    "engine",
                    "dfa-size-limit",
                    "regex-size-limit",
                    "context-separator",
                    "field-match-separator",
                    "field-context-separator",
                    "max-columns",
                    "hostname-bin",
                    "hyperlink-format",
                ],
            );
            let skip = usize::from(!(explicit || files));
            Some(Tree {
                roots: with_default(ops.iter().skip(skip).map(|s| s.to_string()).collect()),
                follow,
                contents: true,
                only: rg_admitted(cmd),
            })
        }
        "ag" => {
            let follow = has_short(args, 'f') || has_long(args, "--follow");
            let ops = operands(
                args,
                "ABCGgmp",
                &[
                    "after",
                    "before",
                    "context",
                    "file-search-regex",
                    "ignore",
                    "max-count",
                    "pager",
                    "path-to-ignore",
                    "depth",
                ],
            );
            Some(Tree {
                roots: with_default(ops.iter().skip(1).map(|s| s.to_string()).collect()),
                follow,
                contents: !has_short(args, 'g'),
                only: None,
            })
        }
        "fd" | "fdfind" => {
            let follow = has_short(args, 'L') || has_long(args, "--follow");
            let ops = operands(
                args,
                "edEtxXjScho",
                &[
                    "extension",
                    "max-depth",
                    "min-depth",
                    "exact-depth",
                    "exclude",
                    "type",
                    "exec",
                    "exec-batch",
                    "threads",
                    "size",
                    "changed-within",
                    "changed-before",
                    "owner",
                    "color",
                    "base-directory",
                    "search-path",
                    "max-results",
                    "format",
                    "and",
                    "ignore-file",
                ],
            );
            Some(Tree {
                roots: with_default(ops.iter().skip(1).map(|s| s.to_string()).collect()),
                follow,
                contents: false,
                only: None,
            })
        }
        "find" => {
            let mut follow = false;
            let mut roots = Vec::new();
            let mut in_roots = true;
            for a in args {
                match a.as_str() {
                    "-L" if in_roots && roots.is_empty() => follow = true,
                    "-H" | "-P" if in_roots && roots.is_empty() => {}
                    "-follow" => follow = true,
                    _ if in_roots && !a.starts_with('-') && a != "(" && a != "!" => {
                        roots.push(a.clone())
                    }
                    _ => in_roots = false,
                }
            }
            Some(Tree {
                roots: with_default(roots),
                follow,
                contents: false,
                only: None,
            })
        }
        _ => lint_tree(cmd),
    }
}

/// A linter, formatter or type checker reads the files it handles below its operands (a
/// pattern it expands itself, from the pattern's literal stem). Links are not followed
/// here: `command::lint` reads the handled files behind them.
fn lint_tree(cmd: &Cmd) -> Option<Tree> {
    let call = super::build::runner_call(cmd)?;
    let lint = call.lint?;
    let only = (!lint.handles.is_empty()).then(|| {
        lint.handles
            .iter()
            .map(|h| match h.strip_prefix('/') {
                Some(whole) => NamePattern::fnmatch(whole),
                None => NamePattern::fnmatch(&format!("*{h}")),
            })
            .collect()
    });
    Some(Tree {
        roots: lint
            .operands
            .iter()
            .map(|o| super::lint::glob_stem(o))
            .collect(),
        follow: false,
        contents: true,
        only,
    })
}

/// A file whose content names the files read (or, for `find -files0-from`, the trees
/// listed): the raw path word and the separator of its names (`\0` for `--files0-from`,
/// a newline otherwise).
pub(super) fn names_from(cmd: &Cmd) -> Option<(String, char)> {
    let args = cmd.args();
    let value = |long: &str, short: Option<&str>| -> Option<String> {
        let mut it = args.iter();
        while let Some(a) = it.next() {
            if a == "--" {
                break;
            }
            if let Some(v) = a.strip_prefix(long).and_then(|r| r.strip_prefix('=')) {
                return Some(v.to_string());
            }
            if a == long || short.is_some_and(|s| a == s) {
                return it.next().cloned();
            }
        }
        None
    };
    match cmd.program() {
        "sort" | "wc" | "du" => value("--files0-from", None).map(|f| (f, '\0')),
        // Its starting points: listed below (names and metadata), judged as reads.
        "find" => value("-files0-from", None).map(|f| (f, '\0')),
        "tar" | "bsdtar" | "gtar" => value("--files-from", Some("-T")).map(|f| (f, '\n')),
        "rsync" => value("--files-from", None).map(|f| (f, '\n')),
        _ => None,
    }
}
