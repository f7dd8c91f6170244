//! The command floor's glue for the search and text tools whose grammars live in
//! `effects::programs` (`search`, `find`, `sed`, `awk`): it turns their effects into a
//! [`Look`] and adds what needs the file system or another judgement —
//! - the command `find -exec`/`-execdir`/`-ok`/`-okdir` or `fd -x`/`-X` runs is judged
//!   again with the starting points in place of `{}` (so `find ~ -exec cat {} \;` reads
//!   the home directory, and a command that changes the found files is not routine); when
//!   it reads what it is handed, every link out of the workspace that find's expression
//!   can hand it (`listed::find_handed`) is a read of the link's target;
//! - a recursive read that follows links (`grep -R`, `rg -L`, `find -L`, `fd -L`) is
//!   routine only when the tree holds no link leading out of the workspace (a bounded
//!   walk);
//! - script files named by `sed -f` and program files named by `awk -f`/`-i` or
//!   `@include` are read and scanned when they are workspace files, else not understood.

use super::core::{can_recurse, Class, Cmd, Cwd, Judge, JudgeCtx, Look, Verdict};
use super::policy;
use crate::analysis::effects::grammar::{self, GrammarError};
use crate::analysis::effects::programs::{
    self, awk as awk_fx, find as find_fx, search, sed as sed_fx,
};
use crate::analysis::effects::{Code, Effect, Reach};
use crate::context::paths;
use std::path::{Path, PathBuf};

/// grep, egrep, fgrep.
pub(super) fn grep(cmd: &Cmd, ctx: &JudgeCtx) -> Look {
    grammar_look(cmd, ctx, &search::GREP)
}

/// ripgrep.
pub(super) fn rg(cmd: &Cmd, ctx: &JudgeCtx) -> Look {
    grammar_look(cmd, ctx, &search::RG)
}

fn grammar_look(cmd: &Cmd, ctx: &JudgeCtx, p: &programs::Program) -> Look {
    match programs::effects(p, cmd.argv, cmd.dynamic) {
        Ok(effects) => finish(cmd, ctx, p.does, effects),
        Err(e) => not_understood(cmd, e),
    }
}

fn not_understood(cmd: &Cmd, e: GrammarError) -> Look {
    Look::unknown(format!("{}: {e}", cmd.program()))
}

/// A look from effects, with recursive reads through links checked, and writes into
/// files whose content runs or steers the agent (a build definition, a script, agent
/// instructions) not understood: what these tools write there is not the text a file
/// tool's edit would show.
fn finish(cmd: &Cmd, ctx: &JudgeCtx, does: &str, effects: Vec<Effect>) -> Look {
    let mut look = policy::from_effects(does, effects);
    if matches!(look.class, Class::Routine { .. }) {
        if let Some(why) = follows_out(cmd, ctx, &look.effects) {
            look.class = Class::Unknown { reason: why };
        }
    }
    if matches!(look.class, Class::Routine { .. }) {
        let steering = look.effects.iter().find_map(|e| match e {
            Effect::Write { path, .. } => {
                super::file_kinds::file_kind(Path::new(path), "").map(|kind| (path.clone(), kind))
            }
            _ => None,
        });
        if let Some((path, kind)) = steering {
            look.class = Class::Unknown {
                reason: format!(
                    "{} writes {path}, {kind}, with text the floor does not check",
                    cmd.program()
                ),
            };
        }
    }
    look
}

/// fd and fdfind: what they list, and the commands `-x`/`-X` run.
pub(super) fn fd(cmd: &Cmd, ctx: &JudgeCtx, judge: &dyn Judge) -> Look {
    let call = match search::fd(cmd.argv, cmd.dynamic) {
        Ok(c) => c,
        Err(e) => return not_understood(cmd, e),
    };
    let mut look = finish(cmd, ctx, "searches for files by name", call.effects);
    for x in &call.execs {
        let mut words = x.words.clone();
        let placeholder = words.iter().any(|(w, _)| {
            ["{}", "{/}", "{//}", "{.}", "{/.}"]
                .iter()
                .any(|p| w.contains(p))
        });
        if !placeholder {
            words.push(("{}".into(), false));
        }
        let how = if x.batch { "fd -X" } else { "fd -x" };
        exec_child(
            cmd,
            ctx,
            how,
            &words,
            &call.roots,
            false,
            true,
            &mut look,
            judge,
        );
    }
    look
}

/// find: what it lists, writes and deletes, and the commands its `-exec` actions run.
pub(super) fn find(cmd: &Cmd, ctx: &JudgeCtx, judge: &dyn Judge) -> Look {
    let call = match find_fx::parse(cmd.argv, cmd.dynamic) {
        Ok(c) => c,
        Err(e) => return not_understood(cmd, e),
    };
    let mut look = finish(
        cmd,
        ctx,
        "searches for files by name and metadata",
        call.effects,
    );
    for x in &call.execs {
        let dir = x.kind == find_fx::ExecKind::ExecDir;
        exec_child(
            cmd,
            ctx,
            "find -exec",
            &x.words,
            &call.roots,
            dir,
            false,
            &mut look,
            judge,
        );
    }
    look
}

/// The most starting points a command run per found file is judged for.
const MAX_EXEC_ROOTS: usize = 8;

/// Judge the command a finder runs with each found path, standing for it by the starting
/// point it was found under. Its reads and writes become the finder's; a command that
/// changes what it is given changes files below the starting points, which may include
/// protected ones, so it is not routine.
#[allow(clippy::too_many_arguments)]
fn exec_child(
    cmd: &Cmd,
    ctx: &JudgeCtx,
    how: &str,
    words: &[(String, bool)],
    roots: &[String],
    in_found_dir: bool,
    fd_placeholders: bool,
    look: &mut Look,
    judge: &dyn Judge,
) {
    let Some(dir) = cmd.cwd.dir() else {
        demote(
            look,
            format!("{how} runs a command after a cd whose target is not known"),
        );
        return;
    };
    if !can_recurse(1) || roots.len() > MAX_EXEC_ROOTS || roots.is_empty() {
        demote(
            look,
            format!("{how} runs a command over too many starting points"),
        );
        return;
    }
    if in_found_dir
        && words
            .iter()
            .skip(1)
            .any(|(w, _)| w.split('/').any(|c| c == ".."))
    {
        demote(
            look,
            format!(
                "{how} runs a command in each found file's directory, where `..` may lead anywhere"
            ),
        );
        return;
    }
    for root in roots {
        let abs = paths::normalize(&dir.join(root));
        let abs_text = abs.display().to_string();
        // A found path stands for any entry below the starting point (or the starting
        // point itself, when it is not a directory).
        let found = if abs.is_dir() {
            abs.join("{found}")
        } else {
            abs.clone()
        };
        let found_text = found.display().to_string();
        let base = found
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_else(|| ".".into());
        let text_with = |found_text: &str, base: &str| {
            words
                .iter()
                .map(|(w, dynamic)| {
                    let replaced = if fd_placeholders {
                        w.replace("{//}", &abs_text)
                            .replace("{/.}", base)
                            .replace("{/}", base)
                            .replace("{.}", found_text)
                            .replace("{}", found_text)
                    } else {
                        w.replace("{}", found_text)
                    };
                    if *dynamic {
                        replaced
                    } else {
                        quote(&replaced)
                    }
                })
                .collect::<Vec<_>>()
                .join(" ")
        };
        let text = text_with(&found_text, &base);
        let run_dir = if in_found_dir {
            abs.clone()
        } else {
            dir.to_path_buf()
        };
        let child_ctx = JudgeCtx {
            home: ctx.home,
            cwd: &run_dir,
            workspace: ctx.workspace,
            floor: ctx.floor,
            baseline: ctx.baseline,
        };
        let j = judge.text(&text, &child_ctx, 1);
        let reads_handed = reads_found(&j);
        let shown = crate::decision::cause::one_line(
            &words
                .iter()
                .map(|(w, _)| w.as_str())
                .collect::<Vec<_>>()
                .join(" "),
            80,
        );
        let class = match j.verdict {
            Verdict::Routine => None,
            Verdict::Hard {
                category, reason, ..
            } => Some(Class::Hard {
                category,
                reason: format!("{how} runs `{shown}` on what it finds, which {reason}"),
            }),
            Verdict::Soft {
                category, reason, ..
            } => Some(Class::Soft {
                category,
                reason: format!("{how} runs `{shown}` on what it finds: {reason}"),
            }),
            Verdict::BuildFilesChanged { files, .. } => Some(Class::BuildFilesChanged { files }),
            Verdict::Unknown { reason, .. } | Verdict::Opaque { reason } => Some(Class::Unknown {
                reason: format!("{how} runs `{shown}`, which is not routine: {reason}"),
            }),
        };
        // Deleting what it finds under the starting point is deleting under it: the tier
        // of deleting the starting point itself, except that a filter choosing among the
        // files of the workspace is asked about (as for `find ROOT -exec rm {} \;`).
        let whole = judge.text(&text_with(&abs_text, &base), &child_ctx, 1);
        if let Verdict::Hard {
            category, reason, ..
        } = whole.verdict
        {
            if !reason.contains("the workspace") {
                raise(
                    look,
                    Class::Hard {
                        category,
                        reason: format!(
                            "{how} runs `{shown}` on what it finds under {root}: {reason}"
                        ),
                    },
                );
                continue;
            }
        }
        if let Some(c) = class {
            raise(look, c);
            continue;
        }
        if j.writes.iter().any(|w| w.starts_with(&abs)) {
            demote(
                look,
                format!(
                    "{how} runs `{shown}`, which changes the files it finds under {root} (they may include protected files)"
                ),
            );
            continue;
        }
        look.reads
            .extend(j.reads.iter().map(|p| p.display().to_string()));
        look.writes
            .extend(j.writes.iter().map(|p| p.display().to_string()));
        // A found path that is a link is handed to the command as it is: a command that
        // reads what it is handed (`cat {}`) reads where the link leads, so a link out of
        // the workspace among what it can be handed is a read of its target. Only what
        // find's expression can hand on counts (its `-name`/`-type` bound), unless the
        // command reads below what it is handed (`grep -r x {}`).
        if abs.is_dir() {
            if let Some(recurses) = reads_handed {
                let handed = if fd_placeholders || recurses {
                    None
                } else {
                    super::listed::find_handed(cmd.args())
                };
                let names = handed.as_ref().and_then(|l| l.names.as_deref());
                let r = crate::analysis::reach::walk(
                    &abs,
                    crate::analysis::reach::Walker {
                        follow: true,
                        contents: true,
                        only: names,
                        kinds: handed
                            .as_ref()
                            .map_or(crate::analysis::reach::Kinds::ALL, |l| l.kinds),
                        links_by_name: names.is_some(),
                        handed_on: false,
                    },
                    ctx.workspace,
                    ctx.home,
                    &mut None,
                    ctx.floor,
                );
                look.reads
                    .extend(r.reads.iter().map(|p| p.display().to_string()));
                if let Some(why) = r.unknown {
                    demote(look, format!("{how}: {why}"));
                }
            }
        }
        // Whatever it runs may read every file below the starting point.
        look.reads.push(abs_text.clone());
        look.effects.push(Effect::Read {
            path: abs_text.clone(),
            reach: Reach::Tree,
        });
    }
}

/// Does the command judged with a found path (`{found}` in its words) read what it is
/// handed: `Some(recurses)` when it reads a found path's contents (`cat {}`, `file {}`;
/// `recurses`: below it too, `grep -r x {}`), `None` when it only looks at it (`stat {}`,
/// `ls -l {}`) or does not read it at all.
fn reads_found(j: &super::core::Judgement) -> Option<bool> {
    let mut reads = false;
    let mut recurses = false;
    for e in j.findings.iter().flat_map(|f| &f.effects) {
        if let Effect::Read { path, reach } = e {
            if !path.contains("{found}") {
                continue;
            }
            match reach {
                Reach::Metadata => {}
                // `file {}` follows links when POSIXLY_CORRECT is set, which a command
                // judged again here cannot see.
                Reach::File | Reach::FileNoFollow => reads = true,
                Reach::Tree | Reach::TreeFollow | Reach::ListOfFiles => {
                    reads = true;
                    recurses = true;
                }
            }
        }
    }
    reads.then_some(recurses)
}

/// Single-quote a word for the shell.
fn quote(w: &str) -> String {
    if !w.is_empty()
        && w.chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c))
    {
        return w.to_string();
    }
    format!("'{}'", w.replace('\'', "'\\''"))
}

fn rank(c: &Class) -> u8 {
    match c {
        Class::Hard { .. } => 5,
        Class::Soft { .. } => 4,
        Class::BuildFilesChanged { .. } => 3,
        Class::Unknown { .. } => 2,
        Class::Routine { .. } | Class::Build { .. } => 0,
    }
}

fn raise(look: &mut Look, c: Class) {
    if rank(&c) > rank(&look.class) {
        look.class = c;
    }
}

fn demote(look: &mut Look, reason: String) {
    raise(look, Class::Unknown { reason });
}

/// sed: its script (inline, or files named by `-f` that are workspace files) and files.
pub(super) fn sed(cmd: &Cmd, ctx: &JudgeCtx) -> Look {
    let call = match sed_fx::parse(cmd.argv, cmd.dynamic) {
        Ok(c) => c,
        Err(e) => return not_understood(cmd, e),
    };
    let mut effects = call.effects;
    for f in &call.script_files {
        if grammar::is_stream(f) {
            // A script another command prints (`sed -f <(…)`): its `e` and `w` unseen.
            if !call.sandbox {
                effects.push(Effect::Run {
                    code: Code::Output { word: f.clone() },
                });
            }
            continue;
        }
        match workspace_text(f, cmd.cwd, ctx) {
            Ok(text) => match sed_fx::script_effects(&text) {
                Ok(fx) if !call.sandbox => effects.extend(fx),
                Ok(_) => {}
                Err(why) => effects.push(Effect::unknown(format!("the sed script {f} {why}"))),
            },
            Err(why) => effects.push(Effect::unknown(format!("sed -f {f}: {why}"))),
        }
    }
    let does = if effects.iter().any(|e| {
        matches!(
            e,
            Effect::Write {
                how: crate::analysis::effects::WriteHow::Edit,
                ..
            }
        )
    }) {
        "edits files in place"
    } else {
        "prints edited text to stdout"
    };
    finish(cmd, ctx, does, effects)
}

/// How deep `@include` files are followed.
const MAX_INCLUDE_DEPTH: usize = 3;

/// awk, gawk, mawk, nawk: the program (inline, or workspace files) and the files.
pub(super) fn awk(cmd: &Cmd, ctx: &JudgeCtx) -> Look {
    let call = match awk_fx::parse(cmd.argv, cmd.dynamic) {
        Ok(c) => c,
        Err(e) => return not_understood(cmd, e),
    };
    let mut effects = call.effects;
    let mut pending: Vec<(String, usize)> = call
        .program_files
        .iter()
        .map(|f| (f.clone(), 0))
        .chain(call.includes.iter().map(|f| (f.clone(), 1)))
        .collect();
    let mut seen = 0;
    while let Some((f, depth)) = pending.pop() {
        if grammar::is_stream(&f) {
            // A program another command prints (`awk -f <(…)`): its `system()` unseen.
            if !call.sandbox {
                effects.push(Effect::Run {
                    code: Code::Output { word: f },
                });
            }
            continue;
        }
        seen += 1;
        if depth > MAX_INCLUDE_DEPTH || seen > 16 {
            effects.push(Effect::unknown("the awk program includes too many files"));
            break;
        }
        // `@include "x"` also finds `x.awk`, searching AWKPATH (`.` first).
        let found = workspace_text(&f, cmd.cwd, ctx)
            .or_else(|e| workspace_text(&format!("{f}.awk"), cmd.cwd, ctx).map_err(|_| e));
        match found {
            Ok(text) => match awk_fx::program_effects(&text) {
                Ok(scan) => {
                    if !call.sandbox {
                        effects.extend(scan.effects);
                    }
                    pending.extend(scan.includes.into_iter().map(|i| (i, depth + 1)));
                }
                Err(why) => effects.push(Effect::unknown(format!("the awk program {f} {why}"))),
            },
            Err(why) => effects.push(Effect::unknown(format!("awk program file {f}: {why}"))),
        }
    }
    finish(cmd, ctx, "filters text", effects)
}

/// The most bytes of a script or program file read to scan it.
const MAX_SCRIPT: u64 = 64 * 1024;

/// The text of a workspace file named by a program's option, or why it is not read:
/// outside the workspace, not a regular file, too large, not UTF-8.
pub(super) fn workspace_text(raw: &str, cwd: &Cwd, ctx: &JudgeCtx) -> Result<String, String> {
    let dir = cwd
        .dir()
        .ok_or("it follows a cd whose target is not known")?;
    let forms = paths::forms(raw, dir, ctx.home);
    if !ctx.workspace.contains(&forms) {
        return Err("it is not a workspace file".into());
    }
    let path = forms.resolved.unwrap_or(forms.lexical);
    let meta = std::fs::metadata(&path).map_err(|_| "it cannot be read".to_string())?;
    if !meta.is_file() {
        return Err("it is not a regular file".into());
    }
    if meta.len() > MAX_SCRIPT {
        return Err("it is too large to read".into());
    }
    std::fs::read_to_string(&path).map_err(|_| "it cannot be read as text".to_string())
}

/// The most directory entries walked to look for links under a tree read through links.
const MAX_WALK: usize = 20_000;

/// Does a read that follows links (`Reach::TreeFollow`) reach out of the workspace? A
/// bounded walk of each tree (not following links) looks at every link: one whose
/// target resolves outside the workspace, or a tree too large to walk, is reported; a
/// link into another workspace directory adds that directory to the walk.
fn follows_out(cmd: &Cmd, ctx: &JudgeCtx, effects: &[Effect]) -> Option<String> {
    let roots: Vec<&str> = effects
        .iter()
        .filter_map(|e| match e {
            Effect::Read {
                path,
                reach: Reach::TreeFollow,
            } => Some(path.as_str()),
            _ => None,
        })
        .collect();
    if roots.is_empty() {
        return None;
    }
    let Some(dir) = cmd.cwd.dir() else {
        return Some(
            "it follows links from a directory after a cd whose target is not known".into(),
        );
    };
    let mut queue: Vec<PathBuf> = Vec::new();
    for r in &roots {
        let forms = paths::forms(r, dir, ctx.home);
        queue.push(forms.resolved.unwrap_or(forms.lexical));
    }
    let mut walked: Vec<PathBuf> = Vec::new();
    let mut count = 0usize;
    while let Some(root) = queue.pop() {
        if walked.iter().any(|w| root.starts_with(w)) {
            continue;
        }
        let mut stack = vec![root.clone()];
        walked.push(root);
        while let Some(d) = stack.pop() {
            let Ok(entries) = std::fs::read_dir(&d) else {
                continue;
            };
            for e in entries.flatten() {
                count += 1;
                if count > MAX_WALK {
                    return Some(format!(
                        "{} follows links under a tree too large to check ({MAX_WALK}+ entries)",
                        cmd.program()
                    ));
                }
                let Ok(ft) = e.file_type() else { continue };
                let p = e.path();
                if ft.is_dir() {
                    stack.push(p);
                } else if ft.is_symlink() {
                    let Ok(target) = std::fs::canonicalize(&p) else {
                        continue; // a dangling link leads nowhere
                    };
                    let forms =
                        paths::forms(&target.display().to_string(), Path::new("/"), ctx.home);
                    if !ctx.workspace.contains(&forms) {
                        return Some(format!(
                            "{} follows the link {} to {}, outside the workspace",
                            cmd.program(),
                            p.display(),
                            target.display()
                        ));
                    }
                    if target.is_dir() {
                        queue.push(target);
                    }
                }
            }
        }
    }
    None
}
