//! What a linter, formatter or type checker reaches below the files and directories it is
//! given (`effects::programs::linters` says which tool reads what, and whether it
//! rewrites it): the configuration files below them that apply to their own directory's
//! files (ESLint's flat config, Prettier's, Ruff's and Biome's are looked up from each
//! file), the files behind links among those it reads (a link to a handled file, the
//! handled files below a linked directory: reads the path floor judges where they lead;
//! `command::recursive` checks the handled files' hard links; tried with ruff 0.17, black
//! 26.10, flake8 7.5 and pylint 4.1, which read a linked `.py` file and report on its text,
//! and black and mypy 2.4, which enter a linked directory), and, for a run that
//! rewrites in place (a formatter, `--fix`), the files the path floor must see among those
//! it rewrites.
//!
//! A rewrite is judged the way `sed -i` is: each file it edits in place is a write the
//! path floor classifies, so a protected file (`.github/workflows/ci.yml`,
//! `.vscode/settings.json`), the harness's settings or a credential below `.` is asked
//! about or refused as it would be if named. Only files of a type the tool handles are
//! counted (`.py` for ruff and black, Prettier's own list of languages), and directories
//! the tool leaves out by default (`.git`, `node_modules`, `.venv`, … per tool) are not
//! entered; a linked file it handles is a write wherever it leads (its target decides),
//! so are the files it handles below a linked directory, and a file with other names (hard
//! links) is not known. The tree's other files are the project's sources
//! reformatted by its own definitions; they are not listed (so they do not count as
//! files the agent wrote). The walk is bounded: past [`MAX_ENTRIES`] what it would rewrite
//! is not known.

use super::core::{Class, JudgeCtx};
use crate::analysis::effects::programs::runners::{Family, Lint};
use crate::context::{floor, paths};

use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

/// Entries a walk of one command's operands looks at, at most.
pub const MAX_ENTRIES: usize = 20_000;

/// What a lint run reaches below its operands.
#[derive(Debug, Default)]
pub(super) struct Reached {
    /// Files it rewrites that the path floor must see (absolute).
    pub writes: Vec<PathBuf>,
    /// Configuration files below the operands that apply to files there.
    pub configs: Vec<PathBuf>,
    /// The directories holding each operand (their ancestors' configuration applies).
    pub dirs: Vec<PathBuf>,
    /// Files behind links below its operands that it reads (a link to a handled file, the
    /// handled files below a linked directory): their targets are reads the path floor
    /// judges.
    pub reads: Vec<PathBuf>,
    /// Files it rewrites that steer the agent or run outside the project's own code
    /// (agent instructions, CI files and git hooks, editor tasks, git configuration), with
    /// their kind: rewritten with text the floor does not check, as `sed -i` there is.
    pub steering: Vec<(PathBuf, &'static str)>,
}

/// A file a rewrite lands on: a write the path floor sees when it classes it (as named,
/// or below the walk's root as it resolves: the walk enters no link), and a steering file
/// noted.
fn landing(path: PathBuf, resolved: PathBuf, ctx: &JudgeCtx, out: &mut Reached) {
    // One form when the root is where it says.
    let forms: &[&PathBuf] = if resolved == path {
        &[&path]
    } else {
        &[&path, &resolved]
    };
    let steering = forms
        .iter()
        .find_map(|p| super::file_kinds::steering_kind(p));
    if let Some(kind) = steering {
        out.steering.push((path.clone(), kind));
        out.writes.push(path);
        return;
    }
    let classed = forms
        .iter()
        .any(|f| floor::classify(f, floor::Access::Write, ctx.floor).is_some());
    if classed {
        out.writes.push(path);
    }
}

/// Does the tool handle a file of this name (`handles`: name endings like `.py`, and whole
/// names written `/NAME`; empty: every file)?
fn handles(lint: &Lint, name: &str) -> bool {
    lint.handles.is_empty()
        || lint.handles.iter().any(|h| match h.strip_prefix('/') {
            Some(whole) => name == whole,
            None => name.len() > h.len() && name.ends_with(h),
        })
}

/// Place `word` against `cwd` (lexically).
fn place(word: &str, cwd: &Path) -> PathBuf {
    let p = Path::new(word);
    paths::normalize(&if p.is_absolute() {
        p.to_path_buf()
    } else {
        cwd.join(p)
    })
}

/// Walk what `lint` is given from `cwd`. `names`: its configuration file names. `Err`: a
/// class the command takes instead (configuration from outside the workspace, a tree too
/// large or holding files with other names).
pub(super) fn reach(
    tool: &str,
    lint: &Lint,
    names: &[&str],
    cwd: &Path,
    ctx: &JudgeCtx,
) -> Result<Reached, Class> {
    let mut out = Reached::default();
    let mut entries = 0usize;
    for word in &lint.operands {
        // A pattern the tool expands itself (`prettier --write "**/*.json"`, quoted so the
        // shell left it): everything below its literal stem may match.
        let word = glob_stem(word);
        let abs = place(&word, cwd);
        let forms = paths::forms(&abs.display().to_string(), cwd, ctx.home);
        let inside = ctx.workspace.contains(&forms);
        if !inside && lint.nested {
            return Err(Class::Soft {
                category: "runs-code",
                reason: format!(
                    "{tool} reads {}, outside the workspace, with the configuration it finds there",
                    abs.display()
                ),
            });
        }
        let Ok(meta) = std::fs::metadata(&abs) else {
            // Not there: nothing to read or rewrite (the tool reports it). Outside the
            // workspace a rewriting tool still means to write there, and the path may be
            // there when it runs: the write is the path floor's to judge
            // (`black ~/.claude/hooks` in a home without it yet).
            if lint.rewrites && !inside {
                out.writes.push(abs);
            }
            continue;
        };
        if meta.is_dir() && !inside {
            // A rewrite under a directory outside the workspace: a write there.
            if lint.rewrites {
                out.writes.push(abs);
            }
        } else if meta.is_dir() {
            if !out.dirs.contains(&abs) {
                out.dirs.push(abs.clone());
            }
            walk(tool, lint, names, &abs, &mut entries, &mut out, ctx)?;
        } else {
            if let Some(parent) = abs.parent() {
                if !out.dirs.contains(&parent.to_path_buf()) {
                    out.dirs.push(parent.to_path_buf());
                }
            }
            if lint.rewrites {
                other_names(tool, &abs, &meta)?;
                if inside {
                    // Named or found below a directory, a source file is judged alike.
                    let resolved = std::fs::canonicalize(&abs).unwrap_or_else(|_| abs.clone());
                    landing(abs, resolved, ctx, &mut out);
                } else {
                    out.writes.push(abs);
                }
            }
        }
    }
    Ok(out)
}

/// The handled files below a linked directory (the tools that follow such a link read
/// them), counted against the same bound; links inside are not followed further.
fn linked_reads(lint: &Lint, link: &Path, entries: &mut usize, out: &mut Reached) {
    let mut stack = vec![link.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(rd) = std::fs::read_dir(&dir) else {
            continue;
        };
        for e in rd.flatten() {
            *entries += 1;
            if *entries > MAX_ENTRIES {
                // The walk reports the bound when it next counts.
                return;
            }
            let Ok(ft) = e.file_type() else { continue };
            let name = e.file_name().to_string_lossy().into_owned();
            if ft.is_dir() {
                if !lint.skips.contains(&name.as_str()) {
                    stack.push(e.path());
                }
            } else if handles(lint, &name) {
                out.reads.push(e.path());
            }
        }
    }
}

/// The literal directory a pattern starts from (`src/**/*.ts` → `src`, `*.json` → `.`),
/// or the word itself when it holds no pattern.
pub(super) fn glob_stem(word: &str) -> String {
    if !word.contains(['*', '?', '[', '{']) {
        return word.to_string();
    }
    let mut stem: Vec<&str> = Vec::new();
    for c in word.split('/') {
        if c.contains(['*', '?', '[', '{']) {
            break;
        }
        stem.push(c);
    }
    match stem.join("/") {
        s if s.is_empty() && word.starts_with('/') => "/".to_string(),
        s if s.is_empty() => ".".to_string(),
        s => s,
    }
}

/// The plugin code a configuration file names, as files (so they are definitions too):
/// mypy's `plugins` (a path is relative to the configuration's directory; a module name
/// may be a file of the working directory, which Python finds first under `python -m`),
/// pylint's `load-plugins` (modules, which pylint imports with the working directory on
/// its path), flake8's `[flake8:local-plugins]` (`extension`/`report` modules under its
/// `paths`). Read line by line, bounded; a key it cannot read names nothing (the file
/// itself is tracked).
pub(super) fn plugin_files(family: Family, configs: &[PathBuf], cwd: &Path) -> Vec<PathBuf> {
    let key = match family {
        Family::Mypy => "plugins",
        Family::Pylint => "load-plugins",
        Family::Flake8 => "extension",
        _ => return Vec::new(),
    };
    let mut out: Vec<PathBuf> = Vec::new();
    for cfg in configs {
        let Some(text) = read_small(cfg) else {
            continue;
        };
        let dir = cfg.parent().unwrap_or(cwd);
        let mut values = values_of(&text, key);
        let mut bases = vec![cwd.to_path_buf(), dir.to_path_buf()];
        if family == Family::Flake8 {
            values.extend(values_of(&text, "report"));
            for p in values_of(&text, "paths") {
                for w in words(&p) {
                    bases.push(place(&w, dir));
                }
            }
        }
        for v in values {
            for w in words(&v) {
                // flake8: `CODE = module:Class`; the others: a module or a file.
                let w = w.rsplit('=').next().unwrap_or(&w).trim().to_string();
                let module = w.split(':').next().unwrap_or(&w).trim();
                if module.is_empty() {
                    continue;
                }
                if module.contains('/') || module.ends_with(".py") {
                    out.push(place(module, dir));
                    continue;
                }
                let rel = module.replace('.', "/");
                for b in &bases {
                    out.push(b.join(format!("{rel}.py")));
                    out.push(b.join(&rel).join("__init__.py"));
                }
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// The text of a small regular file.
fn read_small(p: &Path) -> Option<String> {
    use std::io::Read;
    let f = crate::context::state::open_regular(p).ok()?;
    let mut text = String::new();
    f.take(1024 * 1024).read_to_string(&mut text).ok()?;
    Some(text)
}

/// Every value of `key` in INI or TOML text (`key = a, b`, `key = ["a", "b"]`), with the
/// indented or bracketed lines that continue it.
fn values_of(text: &str, key: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        let l = line.trim();
        let Some((k, v)) = l.split_once('=') else {
            continue;
        };
        if k.trim().trim_matches('"') != key {
            continue;
        }
        let mut value = v.to_string();
        let open = |s: &str| s.matches('[').count() > s.matches(']').count();
        while let Some(next) = lines.peek() {
            let continues = next.starts_with([' ', '\t']) && !next.trim().is_empty();
            if !(continues || open(&value)) {
                break;
            }
            value.push('\n');
            value.push_str(next);
            lines.next();
        }
        out.push(value);
    }
    out
}

/// The words of a value: split at commas, blanks, quotes and brackets.
fn words(v: &str) -> Vec<String> {
    v.split(|c: char| c == ',' || c.is_whitespace() || matches!(c, '"' | '\'' | '[' | ']'))
        .filter(|w| !w.is_empty() && !w.starts_with('#'))
        .map(str::to_string)
        .collect()
}

/// A regular file with other names: rewriting it in place changes what they name too,
/// and those names are not known.
fn other_names(tool: &str, path: &Path, meta: &std::fs::Metadata) -> Result<(), Class> {
    if meta.is_file() && meta.nlink() > 1 {
        return Err(Class::Unknown {
            reason: format!(
                "{tool} rewrites {} in place, and it has other names (hard links) the floor cannot see",
                path.display()
            ),
        });
    }
    Ok(())
}

fn walk(
    tool: &str,
    lint: &Lint,
    names: &[&str],
    root: &Path,
    entries: &mut usize,
    out: &mut Reached,
    ctx: &JudgeCtx,
) -> Result<(), Class> {
    let resolved_root = std::fs::canonicalize(root).unwrap_or_else(|_| root.to_path_buf());
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(rd) = std::fs::read_dir(&dir) else {
            continue;
        };
        for e in rd.flatten() {
            *entries += 1;
            if *entries > MAX_ENTRIES {
                return Err(Class::Unknown {
                    reason: format!(
                        "{} holds more than {MAX_ENTRIES} entries, too many to see what {tool} reads and rewrites",
                        root.display()
                    ),
                });
            }
            let path = e.path();
            let name = e.file_name().to_string_lossy().into_owned();
            let Ok(lm) = std::fs::symlink_metadata(&path) else {
                continue;
            };
            if lm.file_type().is_symlink() {
                // Followed or not, a rewrite through it lands where it leads, and a read
                // reads what is there.
                if path.is_dir() {
                    // What it handles below the linked directory: read there, and
                    // rewritten there.
                    let from = out.reads.len();
                    linked_reads(lint, &path, entries, out);
                    if lint.rewrites {
                        let found: Vec<PathBuf> = out.reads[from..].to_vec();
                        out.writes.extend(found);
                    }
                } else if handles(lint, &name) {
                    if lint.rewrites {
                        out.writes.push(path.clone());
                    }
                    out.reads.push(path);
                }
                continue;
            }
            if lm.is_dir() {
                if !lint.skips.contains(&name.as_str()) {
                    stack.push(path);
                }
                continue;
            }
            if lint.nested && names.contains(&name.as_str()) && !out.configs.contains(&path) {
                out.configs.push(path.clone());
            }
            if !lint.rewrites || !handles(lint, &name) {
                continue;
            }
            other_names(tool, &path, &lm)?;
            let resolved = path
                .strip_prefix(root)
                .map(|rel| resolved_root.join(rel))
                .unwrap_or_else(|_| path.clone());
            landing(path, resolved, ctx, out);
        }
    }
    Ok(())
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::handles;
    use crate::analysis::effects::programs::runners::Lint;

    #[test]
    fn plugin_files_named_by_configuration() {
        use crate::analysis::effects::programs::runners::Family;
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        std::fs::write(
            d.join("mypy.ini"),
            "[mypy]\nplugins = pydantic.mypy,\n    tools/check.py\nstrict = True\n",
        )
        .unwrap();
        std::fs::write(
            d.join("pyproject.toml"),
            "[tool.mypy]\nplugins = [\n  \"local_plugin\",\n]\n[tool.pylint.main]\nload-plugins = [\"lintx\"]\n",
        )
        .unwrap();
        std::fs::write(
            d.join(".flake8"),
            "[flake8:local-plugins]\nextension =\n    ABC = checks.abc:Plugin\npaths = ./lint\n",
        )
        .unwrap();
        let cfgs = [d.join("mypy.ini"), d.join("pyproject.toml")];
        let got = super::plugin_files(Family::Mypy, &cfgs, d);
        for want in ["tools/check.py", "pydantic/mypy.py", "local_plugin.py"] {
            assert!(got.contains(&d.join(want)), "{want}: {got:?}");
        }
        assert!(!got.iter().any(|p| p.ends_with("True.py")), "{got:?}");
        let got = super::plugin_files(Family::Pylint, &cfgs, d);
        assert!(got.contains(&d.join("lintx.py")), "{got:?}");
        let got = super::plugin_files(Family::Flake8, &[d.join(".flake8")], d);
        assert!(got.contains(&d.join("lint/checks/abc.py")), "{got:?}");
        assert!(super::plugin_files(Family::Ruff, &cfgs, d).is_empty());
    }

    #[test]
    fn patterns_start_from_their_literal_stem() {
        assert_eq!(super::glob_stem("src/**/*.ts"), "src");
        assert_eq!(super::glob_stem("**/*.json"), ".");
        assert_eq!(super::glob_stem("/etc/*.conf"), "/etc");
        assert_eq!(super::glob_stem("/*"), "/");
        assert_eq!(super::glob_stem("a/{b,c}/d.md"), "a");
        assert_eq!(super::glob_stem("plain/file.py"), "plain/file.py");
    }

    #[test]
    fn handles_name_endings_and_whole_names() {
        let lint = Lint {
            operands: Vec::new(),
            rewrites: true,
            handles: &[".py", "/pyproject.toml"],
            nested: false,
            skips: &[],
        };
        assert!(handles(&lint, "a.py"));
        assert!(handles(&lint, "pyproject.toml"));
        assert!(!handles(&lint, ".py"), "a dotfile named like the ending");
        assert!(!handles(&lint, "a.pyc"));
        assert!(!handles(&lint, "x-pyproject.toml"));
        let any = Lint {
            handles: &[],
            ..lint
        };
        assert!(handles(&any, "README"));
    }
}
