//! The layout shows the pipeline (docs/ARCHITECTURE.md): each stage under `src/` names only
//! the stages before it and the vocabulary (`decision`), never an edge (`cli`); and inside
//! the command floor (`src/analysis/command/`) the modules import one another without a
//! cycle — the vocabulary (`core`) at the bottom importing no other module of the floor,
//! the judge (`mod.rs`) on top, imported by none of them — so each module can be read
//! knowing only what is below it. The source is read as text: the paths a file names
//! (`use …`, `super::…`, `crate::…`, a child module's `name::…`) are its imports.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The stages, in the order a hook call runs through them.
const STAGES: &[&str] = &[
    "input", "context", "analysis", "policy", "review", "audit", "answer",
];
/// The vocabulary every stage speaks: it names no stage.
const VOCABULARY: &str = "decision";
/// The edges: they run the stages and may name any of them.
const EDGES: &str = "cli";

/// Where a stage names a later one in its comments without importing it: (file, the stage
/// named, why). Each must still be there, and only in comments.
const EXCEPTIONS: &[(&str, &str, &str)] = &[
    (
        "src/input/harness/mod.rs",
        "answer",
        "doc link: the answer shapes a harness's payload is answered in",
    ),
    (
        "src/input/harness/mod.rs",
        "policy",
        "doc: the judge Codex's patch tool is handed to (`policy::patch`)",
    ),
    (
        "src/context/mod.rs",
        "policy",
        "doc: the stage that runs the one evaluation over the prepared context",
    ),
];

/// Every `.rs` file under `dir`, sorted.
fn rs_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for e in std::fs::read_dir(&d).unwrap_or_else(|e| panic!("{}: {e}", d.display())) {
            let p = e.unwrap().path();
            if p.is_dir() {
                todo.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// The module a file under `src/` defines, as path segments from the crate root
/// (`analysis/command/build.rs` → `analysis::command::build`; a `mod.rs` is its directory).
fn module_of(rel: &Path) -> Vec<String> {
    let mut segs: Vec<String> = rel
        .with_extension("")
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if matches!(
        segs.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        segs.pop();
    }
    segs
}

/// `text` as (code, comments): each as long as `text`, line for line, with the other blanked
/// to spaces, and string and character literals blanked in both.
fn split(text: &str) -> (String, String) {
    let c: Vec<char> = text.chars().collect();
    let mut code = String::with_capacity(text.len());
    let mut comments = String::with_capacity(text.len());
    let blank = |ch: char| if ch == '\n' { '\n' } else { ' ' };
    let literal = |from: usize, to: usize, code: &mut String, comments: &mut String| {
        for &ch in &c[from..to.min(c.len())] {
            code.push(blank(ch));
            comments.push(blank(ch));
        }
    };
    let ident = |i: usize| i > 0 && (c[i - 1].is_alphanumeric() || c[i - 1] == '_');
    let mut i = 0;
    while i < c.len() {
        let next = c.get(i + 1).copied();
        if c[i] == '/' && next == Some('/') {
            while i < c.len() && c[i] != '\n' {
                code.push(' ');
                comments.push(c[i]);
                i += 1;
            }
            continue;
        }
        if c[i] == '/' && next == Some('*') {
            let mut depth = 0;
            while i < c.len() {
                let two = (c[i], c.get(i + 1).copied());
                let step = match two {
                    ('/', Some('*')) => {
                        depth += 1;
                        2
                    }
                    ('*', Some('/')) => {
                        depth -= 1;
                        2
                    }
                    _ => 1,
                };
                for &ch in &c[i..(i + step).min(c.len())] {
                    code.push(blank(ch));
                    comments.push(ch);
                }
                i += step;
                if depth == 0 {
                    break;
                }
            }
            continue;
        }
        // Raw strings: r"…", r#"…"#, br"…".
        if !ident(i) && (c[i] == 'r' || (c[i] == 'b' && next == Some('r'))) {
            let mut j = i + if c[i] == 'b' { 2 } else { 1 };
            let mut hashes = 0;
            while c.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if c.get(j) == Some(&'"') {
                let mut k = j + 1;
                while k < c.len() {
                    if c[k] == '"' && (0..hashes).all(|h| c.get(k + 1 + h) == Some(&'#')) {
                        k += 1 + hashes;
                        break;
                    }
                    k += 1;
                }
                literal(i, k, &mut code, &mut comments);
                i = k;
                continue;
            }
        }
        if c[i] == '"' {
            let mut k = i + 1;
            while k < c.len() && c[k] != '"' {
                if c[k] == '\\' {
                    k += 1;
                }
                k += 1;
            }
            literal(i, k + 1, &mut code, &mut comments);
            i = k + 1;
            continue;
        }
        // A character literal ('x', '\n', '\''); otherwise a lifetime.
        if c[i] == '\'' {
            let end = if next == Some('\\') {
                (i + 3..c.len()).find(|&k| c[k] == '\'')
            } else if c.get(i + 2) == Some(&'\'') {
                Some(i + 2)
            } else {
                None
            };
            if let Some(e) = end {
                literal(i, e + 1, &mut code, &mut comments);
                i = e + 1;
                continue;
            }
        }
        code.push(c[i]);
        comments.push(blank(c[i]));
        i += 1;
    }
    (code, comments)
}

#[derive(Debug, PartialEq)]
enum Tok {
    Ident(String),
    Sep,
    Open,
    Close,
    Comma,
    Star,
    Other,
}

/// The tokens of code, each with its line.
fn tokens(code: &str) -> Vec<(Tok, usize)> {
    let c: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut line = 1;
    let mut i = 0;
    while i < c.len() {
        let ch = c[i];
        if ch == '\n' {
            line += 1;
        }
        if ch.is_whitespace() {
            i += 1;
            continue;
        }
        if ch.is_alphabetic() || ch == '_' {
            let start = i;
            while i < c.len() && (c[i].is_alphanumeric() || c[i] == '_') {
                i += 1;
            }
            out.push((Tok::Ident(c[start..i].iter().collect()), line));
            continue;
        }
        let tok = match ch {
            ':' if c.get(i + 1) == Some(&':') => {
                i += 1;
                Tok::Sep
            }
            '{' => Tok::Open,
            '}' => Tok::Close,
            ',' => Tok::Comma,
            '*' => Tok::Star,
            _ => Tok::Other,
        };
        out.push((tok, line));
        i += 1;
    }
    out
}

/// The path starting at token `t` and every path a `{…}` group in it stands for
/// (`super::{x, y::z}` is `super::x` and `super::y::z`), and the token after it.
fn path_at(toks: &[(Tok, usize)], mut t: usize) -> (Vec<Vec<String>>, usize) {
    let mut segs = Vec::new();
    if let Some((Tok::Ident(s), _)) = toks.get(t) {
        segs.push(s.clone());
        t += 1;
    }
    while let Some((Tok::Sep, _)) = toks.get(t) {
        match toks.get(t + 1) {
            Some((Tok::Ident(s), _)) => {
                segs.push(s.clone());
                t += 2;
            }
            Some((Tok::Star, _)) => {
                segs.push("*".into());
                return (vec![segs], t + 2);
            }
            Some((Tok::Open, _)) => {
                let (group, next) = group_at(toks, t + 2);
                let all = group
                    .into_iter()
                    .map(|g| segs.iter().cloned().chain(g).collect())
                    .collect();
                return (all, next);
            }
            _ => return (vec![segs], t + 1),
        }
    }
    (vec![segs], t)
}

/// The paths of a `{…}` group whose first item is at token `t`, and the token after `}`.
fn group_at(toks: &[(Tok, usize)], mut t: usize) -> (Vec<Vec<String>>, usize) {
    let mut out = Vec::new();
    while let Some((tok, _)) = toks.get(t) {
        match tok {
            Tok::Close => return (out, t + 1),
            Tok::Ident(s) if s == "as" => t += 2,
            Tok::Ident(_) => {
                let (ps, next) = path_at(toks, t);
                out.extend(ps);
                t = next;
            }
            Tok::Star => {
                out.push(vec!["*".to_string()]);
                t += 1;
            }
            Tok::Open => {
                let (ps, next) = group_at(toks, t + 1);
                out.extend(ps);
                t = next;
            }
            _ => t += 1,
        }
    }
    (out, t)
}

/// Every path of two segments or more that code names, with its line.
fn paths(code: &str) -> Vec<(Vec<String>, usize)> {
    let toks = tokens(code);
    let mut out = Vec::new();
    let mut t = 0;
    while t < toks.len() {
        let starts =
            matches!(toks[t].0, Tok::Ident(_)) && (t == 0 || !matches!(toks[t - 1].0, Tok::Sep));
        if !starts {
            t += 1;
            continue;
        }
        let line = toks[t].1;
        let (ps, next) = path_at(&toks, t);
        out.extend(ps.into_iter().filter(|p| p.len() > 1).map(|p| (p, line)));
        t = next.max(t + 1);
    }
    out
}

/// A path named in module `at`, from the crate root: `super`, `self` and `crate` resolved
/// (`None` when it climbs above the crate or starts elsewhere, at an external crate or a
/// name in scope).
fn absolute(at: &[String], path: &[String]) -> Option<Vec<String>> {
    let mut base: Vec<String> = match path.first()?.as_str() {
        "crate" => Vec::new(),
        "self" | "super" => at.to_vec(),
        _ => return None,
    };
    let mut rest = &path[1..];
    if path[0] == "super" {
        base.pop()?;
    }
    while rest.first().is_some_and(|s| s == "super") {
        base.pop()?;
        rest = &rest[1..];
    }
    base.extend(rest.iter().cloned());
    Some(base)
}

#[test]
fn each_stage_names_only_the_stages_before_it_and_the_vocabulary() {
    let src = Path::new(ROOT).join("src");
    // What exists: the stages, the vocabulary, the edges, and the crate's two roots.
    let mut dirs = BTreeSet::new();
    let mut top = BTreeSet::new();
    for e in std::fs::read_dir(&src).unwrap() {
        let p = e.unwrap().path();
        let name = p.file_name().unwrap().to_string_lossy().into_owned();
        if p.is_dir() {
            dirs.insert(name);
        } else {
            top.insert(name);
        }
    }
    let known: BTreeSet<String> = STAGES
        .iter()
        .chain([&VOCABULARY, &EDGES])
        .map(|s| s.to_string())
        .collect();
    assert_eq!(
        dirs, known,
        "src/ holds the stages {STAGES:?}, `{VOCABULARY}` and `{EDGES}`: place a new \
         directory in the pipeline here and in docs/ARCHITECTURE.md"
    );
    assert_eq!(
        top,
        BTreeSet::from(["lib.rs".to_string(), "main.rs".to_string()])
    );
    // What each directory may not name.
    let forbidden = |dir: &str| -> Vec<&str> {
        if dir == EDGES {
            return Vec::new();
        }
        if dir == VOCABULARY {
            return STAGES.iter().copied().chain([EDGES]).collect();
        }
        let at = STAGES.iter().position(|s| *s == dir).unwrap();
        STAGES[at + 1..].iter().copied().chain([EDGES]).collect()
    };
    let mut bad = Vec::new();
    let mut used: BTreeSet<(String, String)> = BTreeSet::new();
    for dir in &dirs {
        let no = forbidden(dir);
        for file in rs_files(&src.join(dir)) {
            let rel_src = file.strip_prefix(&src).unwrap();
            let rel = format!("src/{}", rel_src.display());
            let at = module_of(rel_src);
            let (code, comments) = split(&std::fs::read_to_string(&file).unwrap());
            for (text, in_code) in [(&code, true), (&comments, false)] {
                for (p, line) in paths(text) {
                    let Some(abs) = absolute(&at, &p) else {
                        continue;
                    };
                    let Some(stage) = abs.first().filter(|s| no.contains(&s.as_str())) else {
                        continue;
                    };
                    let excused = !in_code
                        && EXCEPTIONS
                            .iter()
                            .any(|(f, s, _)| *f == rel && *s == stage.as_str());
                    if excused {
                        used.insert((rel.clone(), stage.clone()));
                    } else {
                        bad.push(format!(
                            "{rel}:{line}: `{dir}` names `{}`{}",
                            p.join("::"),
                            if in_code { "" } else { " (in a comment)" }
                        ));
                    }
                }
            }
        }
    }
    assert!(
        bad.is_empty(),
        "a stage names a later stage or an edge (docs/ARCHITECTURE.md: each stage imports \
         only the stages before it and the vocabulary):\n{}",
        bad.join("\n")
    );
    for (f, s, why) in EXCEPTIONS {
        assert!(
            used.contains(&(f.to_string(), s.to_string())),
            "the exception ({f}, {s}: {why}) is no longer needed: remove it"
        );
    }
}

/// The command floor's modules (from `src/analysis/command`, as `command::…` segments after
/// `command`) and what each imports, with the first place it does: module → (imported
/// module → `path at file:line`). Test modules are left out.
fn command_graph() -> BTreeMap<Vec<String>, BTreeMap<Vec<String>, String>> {
    let dir = Path::new(ROOT).join("src/analysis/command");
    let base: Vec<String> = vec!["analysis".into(), "command".into()];
    let mut code_of: BTreeMap<Vec<String>, (String, String)> = BTreeMap::new();
    let mut tests: BTreeSet<Vec<String>> = BTreeSet::new();
    for file in rs_files(&dir) {
        let rel = file.strip_prefix(&dir).unwrap();
        let m = module_of(rel);
        let (code, _) = split(&std::fs::read_to_string(&file).unwrap());
        let (code, test_mods) = without_tests(&code);
        tests.extend(test_mods.into_iter().map(|t| {
            let mut c = m.clone();
            c.push(t);
            c
        }));
        code_of.insert(m, (rel.display().to_string(), code));
    }
    code_of.retain(|m, _| !tests.iter().any(|t| m.starts_with(t)));
    let modules: BTreeSet<Vec<String>> = code_of.keys().cloned().collect();
    let mut graph = BTreeMap::new();
    for (m, (file, code)) in &code_of {
        let mut edges: BTreeMap<Vec<String>, String> = BTreeMap::new();
        let at: Vec<String> = base.iter().chain(m).cloned().collect();
        for (p, line) in paths(code) {
            // From the crate root, or a child of this module named on its own.
            let abs = match absolute(&at, &p) {
                Some(a) => a,
                None if modules.contains(&[m.clone(), vec![p[0].clone()]].concat()) => {
                    at.iter().chain(&p).cloned().collect()
                }
                None => continue,
            };
            let Some(inner) = abs.strip_prefix(base.as_slice()) else {
                continue;
            };
            // The deepest module of the floor the path goes through.
            let mut target = Vec::new();
            for s in inner {
                let mut next = target.clone();
                next.push(s.clone());
                if !modules.contains(&next) {
                    break;
                }
                target = next;
            }
            if target != *m && !tests.contains(&target) {
                edges
                    .entry(target)
                    .or_insert_with(|| format!("`{}` at {file}:{line}", p.join("::")));
            }
        }
        graph.insert(m.clone(), edges);
    }
    graph
}

/// Code with its inline `#[cfg(test)] mod … { … }` blocks blanked, and the names of the
/// test modules it declares in files of their own (`#[cfg(test)] mod tests;`).
fn without_tests(code: &str) -> (String, Vec<String>) {
    let mut out: Vec<char> = code.chars().collect();
    let mut files = Vec::new();
    let marker: Vec<char> = "#[cfg(test)]".chars().collect();
    let mut i = 0;
    while i + marker.len() <= out.len() {
        if out[i..i + marker.len()] != marker[..] {
            i += 1;
            continue;
        }
        let mut j = i + marker.len();
        // Other attributes, then `mod NAME` and `;` or a block.
        loop {
            while j < out.len() && out[j].is_whitespace() {
                j += 1;
            }
            if out.get(j) == Some(&'#') {
                while j < out.len() && out[j] != ']' {
                    j += 1;
                }
                j += 1;
            } else {
                break;
            }
        }
        let rest: String = out[j..out.len().min(j + 200)].iter().collect();
        let Some(item) = rest.strip_prefix("mod ") else {
            i = j;
            continue;
        };
        let name: String = item
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let after = item[name.len()..].trim_start();
        if after.starts_with(';') {
            files.push(name);
            i = j;
            continue;
        }
        let Some(open) = (j..out.len()).find(|&k| out[k] == '{') else {
            break;
        };
        let mut depth = 0;
        let mut k = open;
        while k < out.len() {
            match out[k] {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                _ => {}
            }
            k += 1;
        }
        let end = k.min(out.len() - 1) + 1;
        for ch in &mut out[i..end] {
            if *ch != '\n' {
                *ch = ' ';
            }
        }
        i = k + 1;
    }
    (out.into_iter().collect(), files)
}

fn name(m: &[String]) -> String {
    ["command"]
        .into_iter()
        .chain(m.iter().map(String::as_str))
        .collect::<Vec<_>>()
        .join("::")
}

/// A cycle of the graph, as its modules in order, when there is one.
fn cycle(graph: &BTreeMap<Vec<String>, BTreeMap<Vec<String>, String>>) -> Option<Vec<Vec<String>>> {
    // Depth first; a module met again while still on the stack closes a cycle.
    fn visit(
        m: &Vec<String>,
        graph: &BTreeMap<Vec<String>, BTreeMap<Vec<String>, String>>,
        done: &mut BTreeSet<Vec<String>>,
        stack: &mut Vec<Vec<String>>,
    ) -> Option<Vec<Vec<String>>> {
        if let Some(at) = stack.iter().position(|s| s == m) {
            return Some(stack[at..].to_vec());
        }
        if done.contains(m) {
            return None;
        }
        stack.push(m.clone());
        for next in graph.get(m).into_iter().flat_map(BTreeMap::keys) {
            if let Some(c) = visit(next, graph, done, stack) {
                return Some(c);
            }
        }
        stack.pop();
        done.insert(m.clone());
        None
    }
    let mut done = BTreeSet::new();
    for m in graph.keys() {
        if let Some(c) = visit(m, graph, &mut done, &mut Vec::new()) {
            return Some(c);
        }
    }
    None
}

#[test]
fn the_command_floor_imports_downward_only() {
    let graph = command_graph();
    let judge: Vec<String> = Vec::new();
    let core = vec!["core".to_string()];
    // The parser sees the imports it should: the judge imports its tiers.
    assert!(
        graph.get(&judge).is_some_and(|e| e.len() > 5),
        "the judge's imports are read: {:?}",
        graph.get(&judge)
    );
    if let Some(c) = cycle(&graph) {
        let steps: Vec<String> = c
            .iter()
            .zip(c.iter().cycle().skip(1))
            .map(|(a, b)| format!("  {} -> {}: {}", name(a), name(b), graph[a][b]))
            .collect();
        panic!(
            "the command floor's modules import one another in a cycle:\n{}",
            steps.join("\n")
        );
    }
    let into_judge: Vec<String> = graph
        .iter()
        .filter_map(|(m, e)| e.get(&judge).map(|w| format!("  {}: {w}", name(m))))
        .collect();
    assert!(
        into_judge.is_empty(),
        "no module of the floor imports the judge (it hands itself down as `core::Judge`):\n{}",
        into_judge.join("\n")
    );
    assert!(
        graph.contains_key(&core),
        "the floor's vocabulary is `command::core`"
    );
    let from_core: Vec<String> = graph[&core]
        .iter()
        .map(|(t, w)| format!("  {}: {w}", name(t)))
        .collect();
    assert!(
        from_core.is_empty(),
        "the vocabulary imports no other module of the floor:\n{}",
        from_core.join("\n")
    );
}

#[test]
fn the_reader_sees_paths_as_rustc_does() {
    let (code, comments) = split(
        "use super::{a, b::{c, self}, d as e}; // super::x\nlet s = \"super::y\"; let c = '\"'; fn f<'a>() { crate::z::w(); }\n/* crate::q */",
    );
    let got: Vec<String> = paths(&code)
        .into_iter()
        .map(|(p, _)| p.join("::"))
        .collect();
    assert_eq!(
        got,
        [
            "super::a",
            "super::b::c",
            "super::b::self",
            "super::d",
            "crate::z::w"
        ]
    );
    let said: Vec<String> = paths(&comments)
        .into_iter()
        .map(|(p, _)| p.join("::"))
        .collect();
    assert_eq!(said, ["super::x", "crate::q"]);
    let at = vec![
        "analysis".to_string(),
        "command".to_string(),
        "build".to_string(),
    ];
    assert_eq!(
        absolute(&at, &["super".into(), "lint".into()]),
        Some(vec!["analysis".into(), "command".into(), "lint".into()])
    );
    assert_eq!(
        absolute(
            &["a".to_string()],
            &["super".into(), "super".into(), "x".into()]
        ),
        None
    );
    let (kept, files) = without_tests(
        "fn a() {}\n#[cfg(test)]\n#[allow(x)]\nmod tests {\n use super::judge;\n}\n#[cfg(test)]\nmod more;\n",
    );
    assert!(!kept.contains("judge") && kept.contains("fn a"));
    assert_eq!(files, ["more"]);
}

#[test]
fn a_cycle_is_found_and_none_is_invented() {
    let m = |s: &str| -> Vec<String> { s.split("::").map(String::from).collect() };
    let edge = |from: &str, to: &[&str]| {
        (
            m(from),
            to.iter()
                .map(|t| (m(t), format!("`{t}`")))
                .collect::<BTreeMap<_, _>>(),
        )
    };
    let layered: BTreeMap<_, _> = [edge("a", &["b", "c"]), edge("b", &["c"]), edge("c", &[])]
        .into_iter()
        .collect();
    assert_eq!(cycle(&layered), None);
    let circular: BTreeMap<_, _> = [
        edge("a", &["b"]),
        edge("b", &["c"]),
        edge("c", &["a"]),
        edge("d", &["a"]),
    ]
    .into_iter()
    .collect();
    let c = cycle(&circular).expect("a -> b -> c -> a");
    assert_eq!(c.len(), 3);
    assert!(["a", "b", "c"].iter().all(|x| c.contains(&m(x))));
}
