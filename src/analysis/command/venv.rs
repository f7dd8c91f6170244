//! Python virtual environments activated in the command: `source .venv/bin/activate &&
//! pytest`. The activation script puts the environment's `bin` first on PATH (and sets
//! `VIRTUAL_ENV`, and defines `deactivate`), so what it changes is which program a later
//! name runs. It is judged like a project script: routine while the script and the
//! environment's `pyvenv.cfg` (which tells Python where its base installation is) are the
//! ones the session began with and the agent did not write them. After it, a name the
//! environment's `bin` holds is that file, not the system's program: the interpreter
//! (a link to an installed Python) and the installed entry points judged by their name
//! (`pip`, `pytest`, as `uv run` has them) keep their names' tables; any other name the
//! environment shadows (`ls` in a cloned `.venv/bin`) is a file the floor has not
//! seen. Only an activation at the top of the command is followed: one inside `bash -c`,
//! a subshell or a function is not modelled.

use super::build;
use super::core::{Class, Cmd, JudgeCtx, Look};
use crate::analysis::effects::{Code, Effect};
use crate::analysis::shell::Origin;
use crate::context::paths;
use std::path::{Path, PathBuf};

/// Names an environment's `bin` may hold that keep their names' tables besides the
/// interpreter (checked to be a link to an installed Python): entry points of installed
/// packages judged by name, as after `uv run` (and `pip3.N`, as `python -m venv` writes).
const BY_NAME: &[&str] = &["pip", "pip3", "pytest", "py.test"];

/// `source DIR/bin/activate` (or `. …`): the look, and the environment's directory, in
/// effect after this part. `Err` (why) for a file sourced that is not an
/// activation the floor follows: that stays code the analysis cannot see (opaque).
pub(super) fn activate(cmd: &Cmd, ctx: &JudgeCtx) -> Result<(Look, Option<PathBuf>), String> {
    let unknown = Err;
    let [_, script] = cmd.argv else {
        return unknown("source runs the contents of a file".into());
    };
    if cmd.sc.origin != Origin::TopLevel {
        return unknown(format!(
            "source {script} activates a virtual environment inside a nested shell, which is not followed"
        ));
    }
    let Some(cwd) = cmd.cwd.dir() else {
        return unknown(format!(
            "source {script} follows a cd whose target is not known"
        ));
    };
    let abs = paths::normalize(&if script.starts_with('/') {
        PathBuf::from(script)
    } else {
        cwd.join(script)
    });
    let forms = paths::forms(&abs.display().to_string(), cwd, ctx.home);
    if !ctx.workspace.contains(&forms) {
        return unknown(format!(
            "source {script}: {} is outside the workspace",
            abs.display()
        ));
    }
    let Some(venv) = abs.parent().and_then(Path::parent).map(Path::to_path_buf) else {
        return unknown(format!("source {script} names no virtual environment"));
    };
    let cfg = venv.join("pyvenv.cfg");
    let regular = |p: &Path| std::fs::symlink_metadata(p).is_ok_and(|m| m.is_file());
    if !regular(&abs) || !regular(&cfg) {
        return unknown(format!(
            "source {script}: {} is not a virtual environment (no activation script and pyvenv.cfg as plain files)",
            venv.display()
        ));
    }
    let files = vec![abs.clone(), cfg];
    let changed = build::changed_or_written(&files, &files, ctx);
    let mut look = Look::routine(String::new());
    look.effects.push(Effect::Run {
        code: Code::Project {
            runner: "source".into(),
            defined_by: files.iter().map(|f| f.display().to_string()).collect(),
            targets: Vec::new(),
            recipe: Vec::new(),
        },
    });
    look.reads.push(script.clone());
    if !changed.is_empty() {
        // Still activated: what it shadows is judged as such either way.
        look.class = Class::BuildFilesChanged { files: changed };
        return Ok((look, Some(venv)));
    }
    look.class = Class::Build {
        reason: format!(
            "activates the virtual environment {} (its activation script and pyvenv.cfg unchanged this session)",
            venv.display()
        ),
    };
    Ok((look, Some(venv)))
}

/// After an activation: the look of a command whose name the environment's `bin`
/// shadows (`None`: the name is not there, or keeps its table).
pub(super) fn shadowed(written: &str, venv: &Path, ctx: &JudgeCtx) -> Option<Look> {
    if written.contains('/') || written.is_empty() {
        return None;
    }
    if written == "deactivate" {
        return Some(Look::routine("ends the virtual environment"));
    }
    let file = venv.join("bin").join(written);
    let meta = std::fs::symlink_metadata(&file).ok()?;
    let python = written == "python"
        || written.strip_prefix("python3").is_some_and(|v| {
            v.is_empty()
                || v.strip_prefix('.')
                    .is_some_and(|n| n.chars().all(|c| c.is_ascii_digit()))
        });
    if python {
        // The environment's interpreter is a link to an installed Python (the system's,
        // pyenv's, uv's), as `python` found on PATH would be; a file of the workspace is not.
        let outside = std::fs::canonicalize(&file).ok().is_some_and(|t| {
            !ctx.workspace
                .contains(&paths::forms(&t.display().to_string(), venv, ctx.home))
        });
        if meta.file_type().is_symlink() && outside {
            return None;
        }
        return Some(Look::unknown(format!(
            "{written} in {} is not a link to an installed Python",
            venv.join("bin").display()
        )));
    }
    let versioned_pip = written
        .strip_prefix("pip3.")
        .is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
    if BY_NAME.contains(&written) || versioned_pip {
        return None;
    }
    Some(Look::unknown(format!(
        "{written} is {}, the virtual environment's own program, not the system's",
        file.display()
    )))
}
