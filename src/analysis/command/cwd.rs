//! Where each part of a command runs: placing relative path words against the tracked
//! working directory (the one the shell analysis recorded for each command, `shell::dirs`,
//! and on an ssh host the host's, following `cd`/`pushd` when their target is literal).

use super::core::{Cmd, Cwd, JudgeCtx};
use crate::analysis::shell::{Origin, SimpleCommand};
use crate::context::paths;
use std::path::{Path, PathBuf};

/// Make raw path words absolute against the command's cwd. The flag is set when a
/// relative path cannot be placed because the cwd is unknown, or a part before a `..`
/// is not there yet.
pub(super) fn place(raw: &[String], cwd: &Cwd) -> (Vec<PathBuf>, bool) {
    let mut out = Vec::new();
    let mut unplaced = false;
    for r in raw {
        let p = Path::new(r);
        // `..` as the kernel takes it: after the links before it (a part that is not
        // there yet may be a link the command makes: not placed).
        let abs = if p.is_absolute() {
            Some(p.to_path_buf())
        } else {
            cwd.dir().map(|d| d.join(p))
        };
        if let Some(abs) = abs {
            match paths::physical_strict(&abs) {
                Some(placed) => out.push(placed),
                None => unplaced = true,
            }
        } else {
            unplaced = true;
        }
    }
    (out, unplaced)
}

pub(super) fn next_cwd(cmd: &Cmd, sc: &SimpleCommand, ctx: &JudgeCtx) -> Cwd {
    // A cd inside a subshell, substitution or re-entry does not move later commands.
    if sc.origin != Origin::TopLevel {
        return Cwd::Unknown;
    }
    let args: Vec<&String> = cmd
        .args()
        .iter()
        .filter(|a| !matches!(a.as_str(), "-L" | "-P" | "-e" | "-@"))
        .collect();
    let target = match args.as_slice() {
        [] => ctx.home.display().to_string(),
        [a] if a.as_str() != "-" && !cmd.has_expansion() && !a.contains(['*', '?', '[']) => {
            (*a).clone()
        }
        _ => return Cwd::Unknown,
    };
    let Some(base) = cmd.cwd.dir() else {
        if !Path::new(&target).is_absolute() {
            return Cwd::Unknown;
        }
        return known(&target, Path::new("/"), ctx);
    };
    known(&target, base, ctx)
}

/// The directory `dir` (absolute, as the shell analysis followed `cd` to it), placed
/// like a `cd` target: resolved through links, and inside the workspace or not.
pub(super) fn at(dir: &Path, ctx: &JudgeCtx) -> Cwd {
    known(&dir.display().to_string(), Path::new("/"), ctx)
}

fn known(target: &str, base: &Path, ctx: &JudgeCtx) -> Cwd {
    let forms = paths::forms(target, base, ctx.home);
    let in_ws = ctx.workspace.contains(&forms);
    let dir = forms.resolved.unwrap_or(forms.lexical);
    Cwd::Known { dir, in_ws }
}
