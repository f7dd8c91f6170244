//! The engine's helpers: path steps, the hard floor over a call's paths, self-commands
//! (the agent loosening the gate or the harness through their CLIs), risky edits, and the
//! one-line renderings used in steps.

use super::tool::Eval;
use super::PathFact;
use crate::analysis::command;
use crate::context::config::{ReadScope, WriteScope};
use crate::context::floor::{self, Access, FloorCtx, PathClass};
use crate::context::paths::PathForms;
use crate::context::rules;
use crate::decision::cause::Cause;
use std::path::PathBuf;

pub(super) fn path_steps(ev: &mut Eval, from: usize) {
    for i in from..ev.paths.len() {
        let p = &ev.paths[i];
        let detail = format!(
            "{} {} → {}{}{}",
            match p.access {
                Access::Read => "read",
                Access::Write => "write",
            },
            p.raw,
            p.forms.lexical.display(),
            match &p.forms.resolved {
                Some(r) if *r != p.forms.lexical => format!(" (resolves to {})", r.display()),
                Some(_) => String::new(),
                None => " (unresolvable)".to_string(),
            },
            if p.in_workspace {
                " · in workspace"
            } else {
                " · outside workspace"
            }
        );
        ev.step("path", detail);
    }
}

pub(super) fn hard_floor(paths: &[PathFact]) -> Option<Cause> {
    paths.iter().find_map(|p| {
        let path = p.forms.lexical.clone();
        match &p.class {
            Some(PathClass::Credential { what }) => Some(Cause::Credential {
                path,
                what: what.to_string(),
            }),
            Some(PathClass::SelfConfig { what }) => Some(Cause::SelfModification {
                path,
                what: what.to_string(),
            }),
            Some(PathClass::HarnessConfig { what }) => Some(Cause::HarnessConfig {
                path,
                what: what.to_string(),
            }),
            Some(PathClass::Protected { .. }) | None => None,
        }
    })
}

/// Is a path outside the workspace an ordinary read (`Ok`), or why not? Writes never are;
/// with `[paths] reads = "workspace"` no read is; otherwise every form of the path must
/// be one `floor::outside_read` finds nothing in (a directory is read as a tree), as
/// recorded in [`PathFact::unordinary`].
pub(super) fn outside_read(p: &PathFact, reads: ReadScope) -> Result<(), String> {
    if p.access == Access::Write {
        return Err("a write".into());
    }
    if reads == ReadScope::Workspace {
        return Err("[paths] reads = \"workspace\"".into());
    }
    if let Some(c) = &p.class {
        let (PathClass::Credential { what }
        | PathClass::SelfConfig { what }
        | PathClass::HarnessConfig { what }
        | PathClass::Protected { what }) = c;
        return Err((*what).to_string());
    }
    if p.forms.resolved.is_none() {
        return Err("it does not resolve".into());
    }
    if p.listing {
        // Names and metadata only: what the files below hold is not read, so neither the
        // stores in the tree nor a dot-directory's tokens are reached.
        return Ok(());
    }
    match &p.unordinary {
        Some(why) => Err(why.clone()),
        None => Ok(()),
    }
}

/// Why a read of the path `forms` names, outside the workspace, is not ordinary: the first
/// form `floor::outside_read` finds something in (a directory is read as a tree).
/// `session`: the harness's session id. `None` for a path that does not resolve (refused
/// on its own).
pub(super) fn unordinary(forms: &PathForms, floor: &FloorCtx, session: &str) -> Option<String> {
    let resolved = forms.resolved.as_ref()?;
    let tree = std::fs::metadata(resolved).is_ok_and(|m| m.is_dir());
    forms
        .forms()
        .find_map(|f| floor::outside_read(f, tree, floor, session))
        .map(str::to_string)
}

/// Is a write outside the workspace a program's own scratch file (`Ok`), or why not? With
/// `[paths] writes = "scratch"` (the default) a write runs at once when every form of the
/// path lies in the system's temporary directory (`floor::in_scratch`, not the harness's
/// own there), the floor classes nothing in it, and what is there now is nothing, a
/// directory of the user's, or a regular file of the user's that no other name links to
/// (a hard link would carry the write to the file it shares). A symlink there resolves
/// first, so one leading out is judged where it leads. A home that lies there is no
/// scratch. Claude Code's plan file (`floor::plan_file`: a Markdown file directly in
/// `~/.claude/plans/`) is the agent's own scratch in the home, under the same checks.
pub(super) fn scratch_write(
    p: &PathFact,
    writes: WriteScope,
    floor: &FloorCtx,
) -> Result<(), String> {
    use std::os::unix::fs::MetadataExt;
    if p.access != Access::Write {
        return Err("not a write".into());
    }
    if writes == WriteScope::Workspace {
        return Err("[paths] writes = \"workspace\"".into());
    }
    if let Some(c) = &p.class {
        let (PathClass::Credential { what }
        | PathClass::SelfConfig { what }
        | PathClass::HarnessConfig { what }
        | PathClass::Protected { what }) = c;
        return Err((*what).to_string());
    }
    let Some(resolved) = &p.forms.resolved else {
        return Err("it does not resolve".into());
    };
    let plan = p.forms.forms().all(|f| floor::plan_file(f, &floor.home));
    if !plan && !p.forms.forms().all(floor::in_scratch) {
        return Err("a write".into());
    }
    // A home that itself lies there (a throwaway account, a test) keeps its own rules.
    if !plan && p.forms.forms().any(|f| f.starts_with(&floor.home)) {
        return Err("a write in a home directory".into());
    }
    match std::fs::symlink_metadata(resolved) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(format!("it cannot be examined ({e})")),
        Ok(md) => {
            let mine = crate::context::state::current_uid().is_some_and(|uid| md.uid() == uid);
            if !mine {
                Err(format!("it belongs to uid {}", md.uid()))
            } else if md.is_dir() || (md.is_file() && md.nlink() == 1) {
                Ok(())
            } else if md.is_file() {
                Err("another name links to the file (a hard link)".into())
            } else {
                Err("it is not a regular file or directory".into())
            }
        }
    }
}

pub(super) fn finding_line(f: &command::Finding) -> String {
    let class = match &f.class {
        command::Class::Routine { reason } => format!("routine ({reason})"),
        command::Class::Build { reason } => format!("build ({reason}; definition files unchanged)"),
        command::Class::BuildFilesChanged { files } => format!(
            "build, but {} changed",
            files
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ),
        command::Class::Soft { category, reason } => format!("soft {category}: {reason}"),
        command::Class::Hard { category, reason } => format!("HARD {category}: {reason}"),
        command::Class::Unknown { reason } => format!("not routine: {reason}"),
    };
    format!(
        "part {} {:?} in {} ({}): {class}",
        f.part,
        f.argv,
        f.cwd
            .as_ref()
            .map(|c| c.display().to_string())
            .unwrap_or_else(|| "an unknown directory".into()),
        f.origin
    )
}

/// Parts named in a routine command's summary; the rest are counted.
const SUMMARY_PARTS: usize = 3;

/// What a routine command does, from the command floor's findings and the paths it writes:
/// each part with the catalogue's words for it (a build runner "with its definition files
/// unchanged this session"), then the files written inside the workspace. Never "only
/// reads" unless that is all it does.
pub(super) fn routine_summary(
    j: &command::Judgement,
    paths: &[PathFact],
    ws: &crate::context::paths::Workspace,
) -> String {
    let mut parts: Vec<String> = Vec::new();
    for f in &j.findings {
        let what = match &f.class {
            command::Class::Routine { reason } => reason.clone(),
            command::Class::Build { reason } => {
                format!("{reason} (its definition files unchanged this session)")
            }
            // A routine verdict has no other class; say what it is if one slips through.
            other => format!("{other:?}"),
        };
        let cmd = crate::decision::cause::one_line(&f.argv.join(" "), 40);
        parts.push(format!("`{cmd}` {what}"));
    }
    let named = parts.len().min(SUMMARY_PARTS);
    let mut text = parts[..named].join("; ");
    if parts.len() > named {
        text.push_str(&format!(" (and {} more parts)", parts.len() - named));
    }
    // Files written: inside the workspace, or (the only other place a routine command
    // writes) scratch files in the system's temporary directory.
    for (inside, place) in [
        (true, "inside the workspace"),
        (false, "in the system's temporary directory"),
    ] {
        let mut writes: Vec<String> = Vec::new();
        for p in paths
            .iter()
            .filter(|p| p.access == Access::Write && p.in_workspace == inside)
        {
            let shown = p
                .forms
                .lexical
                .strip_prefix(&ws.root)
                .ok()
                .filter(|r| !r.as_os_str().is_empty())
                .map(|r| r.display().to_string())
                .unwrap_or_else(|| p.forms.lexical.display().to_string());
            // A part whose own words already say it writes the file (`tee out.txt`,
            // `sort -o out.txt`) is not told twice.
            let said = parts[..named].iter().any(|t| says_writes(t, &shown));
            if !said && !writes.contains(&shown) {
                writes.push(shown);
            }
        }
        if !writes.is_empty() {
            let more = writes.len().saturating_sub(SUMMARY_PARTS);
            writes.truncate(SUMMARY_PARTS);
            if !text.is_empty() {
                text.push_str("; ");
            }
            text.push_str(&format!(
                "writes {}{} {place}",
                writes.join(", "),
                if more > 0 {
                    format!(" and {more} more files")
                } else {
                    String::new()
                }
            ));
        }
    }
    if text.is_empty() {
        text = "every part of the command is routine".to_string();
    }
    text
}

/// Does `text` say "writes NAME" of exactly this name (not of `NAME2` or `NAME.bak`)?
fn says_writes(text: &str, name: &str) -> bool {
    let needle = format!("writes {name}");
    text.match_indices(&needle).any(|(i, _)| {
        text[i + needle.len()..]
            .chars()
            .next()
            .is_none_or(|c| !(c.is_alphanumeric() || matches!(c, '.' | '_' | '-' | '/')))
    })
}

pub(super) fn source_label(s: &rules::RuleSource) -> String {
    format!("{}:{}", s.file.display(), s.line)
}

pub(super) fn is_dev_null(target: &str) -> bool {
    target == "/dev/null"
}

/// A command that changes gatehook's or the harness's settings through their own CLIs
/// (`command::selfcmd`), as the hard-floor cause it is.
pub(super) fn self_command(exec: &[String]) -> Option<Cause> {
    let found = command::self_command(exec)?;
    let path = PathBuf::from(exec.first().map(String::as_str).unwrap_or(""));
    Some(if found.harness {
        Cause::HarnessConfig {
            path,
            what: found.what,
        }
    } else {
        Cause::SelfModification {
            path,
            what: found.what,
        }
    })
}

/// Search the new text of a file edit (see `command::edits`).
pub(super) fn risky_edit(ev: &Eval) -> Option<Cause> {
    let p = ev.paths.first()?;
    // The text the file will hold where the edits land, as well as each fragment.
    let texts = command::proposed_text_at(&p.forms.lexical, ev.call.input);
    let jctx = command::JudgeCtx {
        baseline: &crate::context::baseline::NoBaseline,
        ..ev.ctx.judge_ctx(ev.call.cwd)
    };
    let risk = command::scan_edit(&p.forms.lexical, &texts, &jctx)?;
    Some(Cause::RiskyEdit {
        path: p.forms.lexical.clone(),
        file: risk.file.to_string(),
        found: risk.found,
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::context::paths::PathForms;
    use std::path::Path;

    fn fact(path: &Path, access: Access) -> PathFact {
        PathFact {
            raw: path.display().to_string(),
            access,
            forms: PathForms {
                lexical: path.to_path_buf(),
                resolved: std::fs::canonicalize(path.parent().unwrap())
                    .ok()
                    .map(|d| d.join(path.file_name().unwrap())),
            },
            listing: false,
            class: None,
            in_workspace: false,
            unordinary: None,
        }
    }

    fn floor(home: &Path) -> FloorCtx {
        FloorCtx {
            home: home.to_path_buf(),
            self_paths: Vec::new(),
            project_root: PathBuf::from("/w/p"),
            harness: Vec::new(),
            credentials: Vec::new(),
        }
    }

    #[test]
    fn scratch_is_the_temporary_directory_outside_homes_and_the_harness() {
        let t = tempfile::Builder::new()
            .prefix("gatehook-unit-")
            .tempdir_in("/tmp")
            .unwrap();
        let t = t.path().canonicalize().unwrap();
        let home = t.join("home");
        std::fs::create_dir_all(&home).unwrap();
        let away = floor(Path::new("/home/u"));
        let ok = |p: &Path, f: &FloorCtx, w: WriteScope| {
            scratch_write(&fact(p, Access::Write), w, f).is_ok()
        };
        assert!(ok(&t.join("new.txt"), &away, WriteScope::Scratch));
        assert!(!ok(&t.join("new.txt"), &away, WriteScope::Workspace));
        // A read is not a write; a home that lies in /tmp keeps its own rules.
        assert!(scratch_write(
            &fact(&t.join("x"), Access::Read),
            WriteScope::Scratch,
            &away
        )
        .is_err());
        assert!(!ok(
            &home.join("notes.txt"),
            &floor(&home),
            WriteScope::Scratch
        ));
        // Not below a temporary directory, or the directory itself.
        assert!(!ok(Path::new("/var/lib/x"), &away, WriteScope::Scratch));
        assert!(!floor::in_scratch(Path::new("/tmp")));
        assert!(!floor::in_scratch(Path::new("/TMP/x")));
        assert!(!floor::in_scratch(Path::new(
            "/tmp/claude-1000/p/tasks/a.output"
        )));
        assert!(floor::in_scratch(Path::new(
            "/private/var/folders/ab/cd/T/x"
        )));
        assert!(!floor::in_scratch(Path::new("/dev/shm/x")));
        // A file of the user's with a second name is not scratch.
        std::fs::write(t.join("one"), "x").unwrap();
        assert!(ok(&t.join("one"), &away, WriteScope::Scratch));
        std::fs::hard_link(t.join("one"), t.join("two")).unwrap();
        assert!(!ok(&t.join("one"), &away, WriteScope::Scratch));
    }
}

#[cfg(test)]
mod summary_tests {
    use super::says_writes;

    #[test]
    fn a_write_is_said_of_that_name_only() {
        assert!(says_writes(
            "`tee out.txt` writes out.txt inside the workspace",
            "out.txt"
        ));
        assert!(says_writes("`tee a` writes a", "a"));
        assert!(!says_writes("`tee out.txt2` writes out.txt2", "out.txt"));
        assert!(!says_writes(
            "`tee out.txt.bak` writes out.txt.bak",
            "out.txt"
        ));
        assert!(!says_writes("`cat out.txt` prints files", "out.txt"));
    }
}
