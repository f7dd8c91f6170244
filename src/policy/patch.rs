//! Codex's `apply_patch` tool: the patch text (`tool_input.command`) is parsed into the
//! files it adds, updates, moves and deletes, and each is judged by the engine as the Write
//! or Edit it amounts to; the strictest answer stands for the whole patch. A patch that
//! cannot be parsed, or that touches no file, is never allowed (bad input).

use crate::decision::cause::Cause;
use crate::decision::{Decision, Gate};
use crate::policy::engine::{Call, Evaluation, Outcome, Step};
use serde_json::{Map, Value};

/// The tool name Codex gives its patch tool.
pub const TOOL: &str = crate::input::harness::APPLY_PATCH;

/// More files than this in one patch is not judged file by file: it is refused.
const MAX_FILES: usize = 500;

/// One file a patch touches.
#[derive(Debug, PartialEq, Eq)]
pub enum FileOp {
    Add {
        path: String,
        content: String,
    },
    Delete {
        path: String,
    },
    Update {
        path: String,
        move_to: Option<String>,
        old: String,
        new: String,
        /// Each hunk's (old, new) lines, in order: Codex applies them one after another.
        hunks: Vec<(String, String)>,
    },
}

fn header<'a>(line: &'a str, prefix: &str) -> Result<Option<&'a str>, String> {
    match line.strip_prefix(prefix) {
        None => Ok(None),
        Some(p) => {
            let p = p.trim();
            if p.is_empty() || p.contains('\0') {
                Err(format!("`{}` names no usable path", prefix.trim()))
            } else {
                Ok(Some(p))
            }
        }
    }
}

/// Parse a patch in Codex's format (`*** Begin Patch` … `*** End Patch`), also when it is
/// wrapped in an `apply_patch <<'EOF'` heredoc. Anything the grammar does not allow is an
/// error, never skipped.
pub fn parse(text: &str) -> Result<Vec<FileOp>, String> {
    let mut lines: Vec<&str> = text.lines().collect();
    while lines.last().is_some_and(|l| l.trim().is_empty()) {
        lines.pop();
    }
    let start = lines
        .iter()
        .position(|l| !l.trim().is_empty())
        .unwrap_or(lines.len());
    let mut lines = &lines[start..];
    if let Some(first) = lines.first() {
        let f = first.trim();
        if f.starts_with("apply_patch") && f.contains("<<") {
            let tag = f
                .rsplit("<<")
                .next()
                .unwrap_or("")
                .trim()
                .trim_matches(['\'', '"']);
            if tag.is_empty() || lines.len() < 2 || lines[lines.len() - 1].trim() != tag {
                return Err("the apply_patch heredoc is not closed".into());
            }
            lines = &lines[1..lines.len() - 1];
        }
    }
    match (lines.first(), lines.last()) {
        (Some(b), Some(e))
            if b.trim() == "*** Begin Patch" && e.trim() == "*** End Patch" && lines.len() >= 2 => {
        }
        _ => {
            return Err(
                "the patch does not start with `*** Begin Patch` and end with `*** End Patch`"
                    .into(),
            )
        }
    }
    let body = &lines[1..lines.len() - 1];
    let mut ops: Vec<FileOp> = Vec::new();
    for (n, line) in body.iter().enumerate() {
        let at = |why: &str| format!("patch line {}: {why}", n + 2);
        if let Some(p) = header(line, "*** Add File: ").map_err(|e| at(&e))? {
            ops.push(FileOp::Add {
                path: p.into(),
                content: String::new(),
            });
        } else if let Some(p) = header(line, "*** Delete File: ").map_err(|e| at(&e))? {
            ops.push(FileOp::Delete { path: p.into() });
        } else if let Some(p) = header(line, "*** Update File: ").map_err(|e| at(&e))? {
            ops.push(FileOp::Update {
                path: p.into(),
                move_to: None,
                old: String::new(),
                new: String::new(),
                hunks: Vec::new(),
            });
        } else if let Some(p) = header(line, "*** Move to: ").map_err(|e| at(&e))? {
            match ops.last_mut() {
                Some(FileOp::Update {
                    move_to: m @ None,
                    old,
                    new,
                    ..
                }) if old.is_empty() && new.is_empty() => *m = Some(p.into()),
                _ => {
                    return Err(at(
                        "`*** Move to:` does not follow an `*** Update File:` header",
                    ))
                }
            }
        } else {
            match ops.last_mut() {
                Some(FileOp::Add { content, .. }) => match line.strip_prefix('+') {
                    Some(t) => {
                        content.push_str(t);
                        content.push('\n');
                    }
                    None => return Err(at("a line of an added file does not start with `+`")),
                },
                Some(FileOp::Update {
                    old, new, hunks, ..
                }) => {
                    if line.starts_with("@@") {
                        if hunks
                            .last()
                            .is_none_or(|(o, n)| !o.is_empty() || !n.is_empty())
                        {
                            hunks.push((String::new(), String::new()));
                        }
                        continue;
                    }
                    if line.trim() == "*** End of File" {
                        continue;
                    }
                    if hunks.is_empty() {
                        hunks.push((String::new(), String::new()));
                    }
                    let Some((ho, hn)) = hunks.last_mut() else {
                        continue;
                    };
                    let (sign, t) = line.split_at(line.chars().next().map_or(0, char::len_utf8));
                    match sign {
                        "+" => {
                            push_line(new, t);
                            push_line(hn, t);
                        }
                        "-" => {
                            push_line(old, t);
                            push_line(ho, t);
                        }
                        " " | "" => {
                            push_line(old, t);
                            push_line(new, t);
                            push_line(ho, t);
                            push_line(hn, t);
                        }
                        _ => {
                            return Err(at("a hunk line does not start with ` `, `-`, `+` or `@@`"))
                        }
                    }
                }
                Some(FileOp::Delete { .. }) | None => {
                    return Err(at("text outside a file section"));
                }
            }
        }
        if ops.len() > MAX_FILES {
            return Err(format!("the patch touches more than {MAX_FILES} files"));
        }
    }
    if ops.is_empty() {
        return Err("the patch touches no file".into());
    }
    Ok(ops)
}

fn push_line(s: &mut String, t: &str) {
    s.push_str(t);
    s.push('\n');
}

/// The Claude-tool calls a file operation amounts to.
fn calls(op: &FileOp) -> Vec<(&'static str, &'static str, Map<String, Value>)> {
    let obj = |pairs: &[(&str, &str)]| -> Map<String, Value> {
        pairs
            .iter()
            .map(|(k, v)| ((*k).to_string(), Value::String((*v).to_string())))
            .collect()
    };
    match op {
        FileOp::Add { path, content } => vec![(
            "add",
            "Write",
            obj(&[("file_path", path), ("content", content)]),
        )],
        FileOp::Delete { path } => vec![(
            "delete",
            "Write",
            obj(&[("file_path", path), ("content", "")]),
        )],
        FileOp::Update {
            path,
            move_to,
            old,
            new,
            hunks,
        } => {
            let mut v = vec![if hunks.len() > 1 {
                // Hunks applied one after another: a MultiEdit, whose text is read as the
                // file will hold it (`command::proposed_text_at`).
                ("update", "MultiEdit", multi_edit(path, hunks))
            } else {
                (
                    "update",
                    "Edit",
                    obj(&[
                        ("file_path", path),
                        ("old_string", old),
                        ("new_string", new),
                    ]),
                )
            }];
            if let Some(dest) = move_to {
                v.push((
                    "move to",
                    "Write",
                    obj(&[("file_path", dest), ("content", new)]),
                ));
            }
            v
        }
    }
}

/// A MultiEdit of `path` making `edits` (old text, new text) in order.
fn multi_edit(path: &str, edits: &[(String, String)]) -> Map<String, Value> {
    let list: Vec<Value> = edits
        .iter()
        .map(|(o, n)| serde_json::json!({"old_string": o, "new_string": n}))
        .collect();
    let mut m = Map::new();
    m.insert("file_path".into(), Value::String(path.to_string()));
    m.insert("edits".into(), Value::Array(list));
    m
}

/// A file several sections of one patch touch (an `Add File` then an `Update File` of it,
/// two `Update File` sections): Codex applies them in order, each update reading the file
/// the section before left, so they amount to one MultiEdit of it (an added file is its
/// first edit, from nothing), whose text is read as the file will hold it. A file deleted
/// or moved in between is left to each section's own judgement.
fn combined(ops: &[FileOp]) -> Vec<(String, Map<String, Value>)> {
    let mut out = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    for op in ops {
        let (FileOp::Add { path, .. } | FileOp::Update { path, .. } | FileOp::Delete { path }) = op;
        if seen.contains(&path.as_str()) {
            continue;
        }
        seen.push(path);
        let mine: Vec<&FileOp> = ops
            .iter()
            .filter(|o| match o {
                FileOp::Add { path: p, .. }
                | FileOp::Update { path: p, .. }
                | FileOp::Delete { path: p } => p == path,
            })
            .collect();
        if mine.len() < 2 {
            continue;
        }
        let mut edits: Vec<(String, String)> = Vec::new();
        let mut whole = true;
        for o in mine {
            match o {
                FileOp::Add { content, .. } => edits.push((String::new(), content.clone())),
                FileOp::Update {
                    move_to: None,
                    hunks,
                    ..
                } => edits.extend(hunks.iter().cloned()),
                _ => whole = false,
            }
        }
        if whole {
            out.push((path.clone(), multi_edit(path, &edits)));
        }
    }
    out
}

/// How strict an outcome is, for picking the one that stands for the patch.
fn rank(o: Outcome) -> u8 {
    match o {
        Outcome::Decided(Decision::Allow) => 0,
        Outcome::Silent => 1,
        Outcome::Review => 2,
        Outcome::Decided(Decision::Ask) => 3,
        Outcome::Decided(Decision::Deny) => 4,
    }
}

fn bad(call: &Call, error: String) -> Evaluation {
    let cause = Cause::BadInput {
        error: format!("apply_patch: {error}"),
    };
    Evaluation {
        outcome: Outcome::Decided(Decision::Deny),
        gate: Gate::Error,
        steps: vec![Step {
            stage: "patch",
            detail: format!("{} · {}", call.cwd.display(), cause.describe()),
        }],
        cause,
        paths: Vec::new(),
        shell: None,
        judgement: None,
        carried: Vec::new(),
    }
}

/// Judge an `apply_patch` call: each file through `one` (the engine), the strictest wins.
pub fn evaluate(call: &Call, one: impl Fn(&Call) -> Evaluation) -> Evaluation {
    let text = match call.input.get("command").or(call.input.get("input")) {
        Some(Value::String(s)) => s,
        _ => return bad(call, "the input has no patch text in `command`".into()),
    };
    let ops = match parse(text) {
        Ok(o) => o,
        Err(e) => return bad(call, e),
    };
    let mut steps = Vec::new();
    let mut paths = Vec::new();
    let mut worst: Option<Evaluation> = None;
    let together = combined(&ops);
    let all = ops.iter().flat_map(calls).chain(
        together
            .into_iter()
            .map(|(_, input)| ("all sections of", "MultiEdit", input)),
    );
    {
        for (verb, tool, input) in all {
            let c = Call {
                tool,
                input: &input,
                ..call.clone()
            };
            let ev = one(&c);
            let path = input.get("file_path").and_then(Value::as_str).unwrap_or("");
            let got = match ev.outcome {
                Outcome::Decided(d) => d.as_str(),
                Outcome::Silent => "none",
                Outcome::Review => "review",
            };
            steps.push(Step {
                stage: "patch",
                detail: format!(
                    "{verb} {path} (as {tool}): {got} [{}] {}",
                    ev.cause.id(),
                    ev.cause.describe()
                ),
            });
            paths.extend(ev.paths.iter().cloned());
            if worst
                .as_ref()
                .is_none_or(|w| rank(ev.outcome) > rank(w.outcome))
            {
                worst = Some(ev);
            }
        }
    }
    match worst {
        Some(mut w) => {
            steps.push(Step {
                stage: "patch",
                detail: format!("the strictest answer stands: [{}]", w.cause.id()),
            });
            w.steps = steps;
            w.paths = paths;
            w
        }
        None => bad(call, "the patch touches no file".into()),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_header() {
        let p = "*** Begin Patch\n*** Add File: a.txt\n+hi\n*** Update File: src/b.rs\n*** Move to: src/c.rs\n@@ fn x\n-old\n+new\n ctx\n*** End of File\n*** Delete File: d\n*** End Patch\n";
        let ops = parse(p).unwrap();
        assert_eq!(ops.len(), 3);
        assert_eq!(
            ops[0],
            FileOp::Add {
                path: "a.txt".into(),
                content: "hi\n".into()
            }
        );
        assert_eq!(
            ops[1],
            FileOp::Update {
                path: "src/b.rs".into(),
                move_to: Some("src/c.rs".into()),
                old: "old\nctx\n".into(),
                new: "new\nctx\n".into(),
                hunks: vec![("old\nctx\n".into(), "new\nctx\n".into())],
            }
        );
        assert_eq!(ops[2], FileOp::Delete { path: "d".into() });
        let wrapped = format!("apply_patch <<'EOF'\n{p}EOF\n");
        assert_eq!(parse(&wrapped).unwrap().len(), 3);
    }

    #[test]
    fn refuses_what_it_cannot_read() {
        for bad in [
            "",
            "*** Begin Patch\n*** End Patch",
            "*** Add File: a\n+x\n",
            "*** Begin Patch\n*** Add File: a\nx\n*** End Patch",
            "*** Begin Patch\n*** Update File: a\n?x\n*** End Patch",
            "*** Begin Patch\ngarbage\n*** End Patch",
            "*** Begin Patch\n*** Add File: \n*** End Patch",
            "*** Begin Patch\n*** Move to: b\n*** End Patch",
            "*** Begin Patch\n*** Delete File: a\n+x\n*** End Patch",
            "apply_patch <<'EOF'\n*** Begin Patch\n*** Delete File: a\n*** End Patch\n",
        ] {
            assert!(parse(bad).is_err(), "{bad:?}");
        }
    }
}
