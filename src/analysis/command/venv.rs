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

/// How deep requirements files may include others (`-r other.txt`) before the install is
/// left to the person, and how many files one install may read.
const REQUIREMENT_DEPTH: usize = 6;
const REQUIREMENT_FILES: usize = 32;

/// `pip install` of the project's own definitions (`-e .`, `-r requirements.txt`:
/// `effects::programs::pip`) by the `pip` of a virtual environment inside the workspace
/// (`venv`: the one activated earlier in the command, or the one whose `bin/pip` is named
/// by its path). It installs into that environment what the project's files say, running
/// their build code, as `uv sync` does: routine while those files — the projects'
/// `pyproject.toml`, `setup.py` and `setup.cfg`, every requirements file read (with the
/// ones they include), and the environment's `pyvenv.cfg`, `pip.conf` and `pip` itself —
/// are the ones the session began with and the agent did not write them. `None` (judged
/// as before: an install asked about) for anything else: a package named on the line, a
/// pip the environment does not hold (PATH would find another one), a variable set for
/// it, a path outside the workspace, a requirements line that names a local file this
/// does not follow.
pub(super) fn pip_install(cmd: &Cmd, venv: &Path, ctx: &JudgeCtx) -> Option<Look> {
    use crate::analysis::effects::programs::pip;
    let asked = pip::install(cmd.argv, cmd.dynamic)?;
    if !cmd.sc.assignments.is_empty() || !cmd.sc.exported.is_empty() {
        return None;
    }
    let cwd = cmd.cwd.dir()?;
    let inside = |p: &Path| {
        ctx.workspace
            .contains(&paths::forms(&p.display().to_string(), cwd, ctx.home))
    };
    let name = cmd.argv.first()?.rsplit('/').next()?;
    let cfg = venv.join("pyvenv.cfg");
    let program = venv.join("bin").join(name);
    // Plain files, not links: a `bin/pip` linked to the system's pip is the system's.
    let is_file = |p: &Path| std::fs::symlink_metadata(p).is_ok_and(|m| m.is_file());
    if !inside(venv) || !is_file(&cfg) || !is_file(&program) {
        return None;
    }
    // The interpreter it runs is the environment's, a link to an installed Python (as
    // `shadowed` requires of `python` after an activation), not a file of the workspace.
    let interpreter = own_python(&program, venv)?;
    let installed = std::fs::symlink_metadata(&interpreter).is_ok_and(|m| m.is_symlink())
        && std::fs::canonicalize(&interpreter)
            .ok()
            .is_some_and(|t| !inside(&t));
    if !installed {
        return None;
    }
    let mut files = vec![cfg, program, interpreter, venv.join("pip.conf")];
    let mut projects: Vec<PathBuf> = Vec::new();
    let project = |dir: &str, projects: &mut Vec<PathBuf>| -> Option<()> {
        let abs = paths::normalize(&cwd.join(dir));
        if !inside(&abs) || !abs.is_dir() {
            return None;
        }
        projects.push(abs);
        Some(())
    };
    for dir in &asked.projects {
        project(dir, &mut projects)?;
    }
    let mut queue: Vec<(PathBuf, usize)> = asked
        .files
        .iter()
        .map(|f| (paths::normalize(&cwd.join(f)), 0))
        .collect();
    let mut read: Vec<PathBuf> = Vec::new();
    while let Some((file, depth)) = queue.pop() {
        if depth > REQUIREMENT_DEPTH || read.len() >= REQUIREMENT_FILES {
            return None;
        }
        if !inside(&file) || !is_file(&file) {
            return None;
        }
        if read.contains(&file) {
            continue;
        }
        let text = std::fs::read_to_string(&file).ok()?;
        let here = file.parent()?.to_path_buf();
        for line in requirement_lines(&text) {
            match requirement_line(&line)? {
                ReqLine::Nothing => {}
                ReqLine::Include(path) => {
                    queue.push((paths::normalize(&here.join(path)), depth + 1))
                }
                // pip reads a local path on a requirements line against the working
                // directory (not the file's): followed only where the two agree.
                ReqLine::Project(dir) if here == cwd => project(&dir, &mut projects)?,
                ReqLine::Project(_) => return None,
            }
        }
        read.push(file);
    }
    for dir in &projects {
        for f in ["pyproject.toml", "setup.py", "setup.cfg"] {
            files.push(dir.join(f));
        }
    }
    files.extend(read.iter().cloned());
    let changed = build::changed_or_written(&files, &files, ctx);
    let mut look = Look::routine(String::new());
    look.effects.push(Effect::Run {
        code: Code::Project {
            runner: "pip".into(),
            defined_by: files.iter().map(|f| f.display().to_string()).collect(),
            targets: Vec::new(),
            recipe: Vec::new(),
        },
    });
    // It installs packages too: what a "don't install anything" covers.
    look.effects.push(Effect::Run {
        code: Code::Pinned {
            manager: "pip".into(),
        },
    });
    look.reads
        .extend(read.iter().map(|f| f.display().to_string()));
    look.uses_cwd = true;
    look.class = if changed.is_empty() {
        Class::Build {
            reason: format!(
                "installs the project's own definitions into the virtual environment {} with pip",
                venv.display()
            ),
        }
    } else {
        Class::BuildFilesChanged { files: changed }
    };
    Some(look)
}

/// What one requirements line asks for, as far as where its code comes from.
enum ReqLine {
    /// A requirement from the index or a URL, an option of the resolution, or nothing.
    Nothing,
    /// Another requirements or constraints file (`-r`, `-c`), relative to this one.
    Include(String),
    /// A local project directory (`-e .`, `./libs/x`).
    Project(String),
}

/// The logical lines of a requirements file: continuations (`\` at the end) joined and
/// comments (`#` at the start or after whitespace) removed, as pip's `req_file` does.
fn requirement_lines(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    for raw in text.lines() {
        if let Some(body) = raw.strip_suffix('\\') {
            cur.push_str(body);
            continue;
        }
        cur.push_str(raw);
        let line = std::mem::take(&mut cur);
        let cut = line
            .char_indices()
            .find(|&(i, c)| {
                c == '#' && (i == 0 || line[..i].ends_with(|p: char| p.is_whitespace()))
            })
            .map_or(line.len(), |(i, _)| i);
        let line = line[..cut].trim().to_string();
        if !line.is_empty() {
            out.push(line);
        }
    }
    if !cur.trim().is_empty() {
        out.push(cur.trim().to_string());
    }
    out
}

/// One requirements line (pip 23.2 `req_file`: its options, then a requirement). `None`
/// for a line this does not follow: an option outside the few that only shape the
/// resolution, a local file or archive, an index or link that is not a remote URL.
fn requirement_line(line: &str) -> Option<ReqLine> {
    let remote = |v: &str| {
        (v.starts_with("https://") || v.starts_with("http://")) && !v.contains(char::is_whitespace)
    };
    if line.starts_with('-') {
        let (key, rest) = match line.find(|c: char| c == '=' || c.is_whitespace()) {
            Some(at) => (&line[..at], line[at + 1..].trim()),
            None => (line, ""),
        };
        // A short option with its value attached (`-rbase.txt`, `-e.`).
        let (key, rest) = match key.get(..2) {
            Some(short @ ("-r" | "-c" | "-e" | "-f" | "-i"))
                if key.len() > 2 && !key.starts_with("--") =>
            {
                (short, line[2..].trim())
            }
            _ => (key, rest),
        };
        return match key {
            "-r" | "--requirement" | "-c" | "--constraint" => {
                (!rest.is_empty() && !rest.contains("://") && !rest.contains(char::is_whitespace))
                    .then(|| ReqLine::Include(rest.to_string()))
            }
            "-e" | "--editable" => {
                if rest.starts_with("git+https://") && !rest.contains(char::is_whitespace) {
                    Some(ReqLine::Nothing)
                } else {
                    local_project(rest)
                }
            }
            "-i" | "--index-url" | "--extra-index-url" | "-f" | "--find-links" => {
                remote(rest).then_some(ReqLine::Nothing)
            }
            "--pre" | "--prefer-binary" | "--require-hashes" => {
                rest.is_empty().then_some(ReqLine::Nothing)
            }
            "--only-binary" | "--no-binary" | "--trusted-host" => {
                (!rest.is_empty()).then_some(ReqLine::Nothing)
            }
            _ => None,
        };
    }
    // A requirement: a name with versions, extras, markers and `--hash` options, or
    // `name @ URL`; a path or archive is a local file.
    let first = line.split_whitespace().next().unwrap_or(line);
    if first.starts_with(['.', '/', '~']) || line.contains("file:") {
        return local_project(first);
    }
    if let Some((_, url)) = line.split_once(" @ ") {
        let url = url.split(';').next().unwrap_or(url).trim();
        let url = url.strip_prefix("git+").unwrap_or(url);
        return remote(url).then_some(ReqLine::Nothing);
    }
    let options = line.split_whitespace().skip(1);
    for o in options {
        if !o.starts_with("--hash=") && !o.starts_with(';') && o.starts_with('-') {
            return None;
        }
    }
    if first.contains("://") || first.contains('/') {
        return None;
    }
    Some(ReqLine::Nothing)
}

/// A local project directory named on a requirements line (`.`, `./x`, `.[dev]`).
fn local_project(word: &str) -> Option<ReqLine> {
    let path = match word.find('[') {
        Some(at) if word.ends_with(']') => &word[..at],
        Some(_) => return None,
        None => word,
    };
    let ok = (path == "." || path.starts_with("./") || path == ".." || path.starts_with("../"))
        && !path.contains(['$', '`', '*', '?', '~', ' ', ':', '@']);
    ok.then(|| ReqLine::Project(path.to_string()))
}

/// The interpreter this entry point runs when it is the environment's own
/// (`#!VENV/bin/python3`, as pip writes its scripts); `None` for another one, which would
/// install into its own site.
fn own_python(program: &Path, venv: &Path) -> Option<PathBuf> {
    use std::io::Read;
    let mut head = [0u8; 512];
    let n = std::fs::File::open(program)
        .and_then(|mut f| f.read(&mut head))
        .ok()?;
    let text = std::str::from_utf8(head.get(..n)?).ok()?;
    let interp = Path::new(text.lines().next()?.strip_prefix("#!")?.trim());
    let name = interp.file_name()?.to_str()?;
    let python = name == "python"
        || name.strip_prefix("python3").is_some_and(|v| {
            v.is_empty()
                || v.strip_prefix('.')
                    .is_some_and(|d| !d.is_empty() && d.chars().all(|c| c.is_ascii_digit()))
        });
    (python && interp.parent() == Some(venv.join("bin").as_path())).then(|| interp.to_path_buf())
}

/// The virtual environment a program named by its path belongs to (`.venv/bin/pip` →
/// `.venv`), when its directory is a `bin`; the caller checks that it is one.
pub(super) fn of_program(written: &str, cwd: &Path) -> Option<PathBuf> {
    if !written.contains('/') {
        return None;
    }
    let abs = paths::normalize(&cwd.join(written));
    let bin = abs.parent()?;
    if bin.file_name()? != "bin" {
        return None;
    }
    Some(bin.parent()?.to_path_buf())
}
