//! The files that define what a `docker compose` lifecycle command or a `docker build`
//! runs (the grammar is the container catalogue's, `catalog::lifecycle`), for the build
//! runners' baseline check in `build`: routine while none of them changed since the
//! session began or was written by the agent, like a makefile.
//!
//! Which files, as docker compose v2 and compose-go read them (`cli/options.go`, the
//! Compose file reference and `include`/`extends`/`build` in the Compose specification):
//! - the compose files: every `-f FILE`; else `COMPOSE_FILE` from the project's `.env`
//!   (`:`-separated, relative to the project directory); else the first of
//!   `compose.yaml`, `compose.yml`, `docker-compose.yml`, `docker-compose.yaml` in the
//!   project directory (`--project-directory`, else the working directory) or the
//!   nearest directory above it that has one — here only up to the workspace root, since
//!   one found above it is not the project's — with the first of the override names
//!   (`compose.override.yml`, `compose.override.yaml`, `docker-compose.override.yml`,
//!   `docker-compose.override.yaml`) beside it;
//! - `.env` in the project directory and the working directory, and every `--env-file`;
//! - in each compose file: the files of `include:`, `extends: {file:}`, every
//!   `env_file:`, and each `build:`'s Dockerfile (`dockerfile:` under its context,
//!   `Dockerfile` by default), followed through YAML anchors and `<<` merges; and
//! - for `docker build CONTEXT`: `-f FILE`, else `CONTEXT/Dockerfile`.
//!
//! A definition outside the workspace is soft (code nobody in this session has seen); what
//! cannot be read soundly — `COMPOSE_FILE` or `DOCKER_HOST`/`DOCKER_CONTEXT` set in the
//! environment, a current docker context other than the default (another machine's
//! daemon), a path interpolated from variables, a remote include or build context, a
//! compose file that does not parse, too many files — is not understood.

use super::catalog::Lifecycle;
use super::core::{Class, JudgeCtx};
use crate::context::paths;
use std::io::Read;
use std::path::{Path, PathBuf};
use yaml_rust2::{Yaml, YamlLoader};

const COMPOSE_NAMES: &[&str] = &[
    "compose.yaml",
    "compose.yml",
    "docker-compose.yml",
    "docker-compose.yaml",
];
const OVERRIDE_NAMES: &[&str] = &[
    "compose.override.yml",
    "compose.override.yaml",
    "docker-compose.override.yml",
    "docker-compose.override.yaml",
];
/// Most compose files (included and extended ones too) followed for one command.
const MAX_FILES: usize = 32;
/// Largest compose or `.env` file read.
const MAX_BYTES: u64 = 1024 * 1024;

fn unknown(reason: impl Into<String>) -> Class {
    Class::Unknown {
        reason: reason.into(),
    }
}

fn soft(reason: String) -> Class {
    Class::Soft {
        category: "runs-code",
        reason,
    }
}

fn read_small(path: &Path) -> Option<String> {
    let f = crate::context::state::open_regular(path).ok()?;
    let mut text = String::new();
    f.take(MAX_BYTES).read_to_string(&mut text).ok()?;
    Some(text)
}

/// `word` placed against `base`, normalised, and whether it is inside the workspace (as
/// written and resolved through links).
fn place(word: &str, base: &Path, ctx: &JudgeCtx) -> (PathBuf, bool) {
    let abs = if word.starts_with('/') {
        PathBuf::from(word)
    } else {
        base.join(word)
    };
    let abs = paths::normalize(&abs);
    let forms = paths::forms(&abs.display().to_string(), base, ctx.home);
    (abs, ctx.workspace.contains(&forms))
}

/// The value `.env` gives `key` (`KEY=value`, `export KEY=value`, quotes removed).
fn dotenv_value(text: &str, key: &str) -> Option<String> {
    text.lines().rev().find_map(|l| {
        let l = l.trim();
        let l = l.strip_prefix("export ").unwrap_or(l).trim_start();
        let v = l.strip_prefix(key)?.trim_start().strip_prefix('=')?.trim();
        let v = v
            .strip_prefix('"')
            .and_then(|v| v.strip_suffix('"'))
            .or_else(|| v.strip_prefix('\'').and_then(|v| v.strip_suffix('\'')))
            .unwrap_or(v);
        Some(v.to_string())
    })
}

/// What the docker CLI would talk to, when it is not this machine's default daemon.
fn other_daemon(ctx: &JudgeCtx) -> Option<String> {
    for var in ["DOCKER_HOST", "DOCKER_CONTEXT"] {
        if std::env::var_os(var).is_some_and(|v| !v.is_empty()) {
            return Some(format!("{var} is set in the environment"));
        }
    }
    let dir = std::env::var_os("DOCKER_CONFIG")
        .map(PathBuf::from)
        .unwrap_or_else(|| ctx.home.join(".docker"));
    let text = read_small(&dir.join("config.json"))?;
    let v: serde_json::Value = serde_json::from_str(&text).ok()?;
    match v.get("currentContext").and_then(|c| c.as_str()) {
        Some(c) if !c.is_empty() && c != "default" => {
            Some(format!("the current docker context is {c}"))
        }
        _ => None,
    }
}

/// The definition files of a lifecycle command run in `cwd`, added to `out`; `Err` with
/// the class the command gets instead (`out` then holds the files found before it).
pub(super) fn definitions(
    l: &Lifecycle,
    cwd: &Path,
    ctx: &JudgeCtx,
    out: &mut Vec<PathBuf>,
) -> Result<(), Class> {
    if let Some(why) = other_daemon(ctx) {
        return Err(unknown(format!(
            "{why}: the containers may be another machine's"
        )));
    }
    let add = |p: PathBuf, out: &mut Vec<PathBuf>| {
        if !out.contains(&p) {
            out.push(p);
        }
    };
    if let Some((context, dockerfile)) = &l.image {
        let (ctx_dir, inside) = place(context, cwd, ctx);
        if !inside {
            return Err(soft(format!(
                "docker build builds {}, outside the workspace",
                ctx_dir.display()
            )));
        }
        let (file, inside) = match dockerfile {
            Some(f) => place(f, cwd, ctx),
            None => place("Dockerfile", &ctx_dir, ctx),
        };
        if !inside {
            return Err(soft(format!(
                "docker build reads the Dockerfile {}, outside the workspace",
                file.display()
            )));
        }
        out.push(file);
        return Ok(());
    }
    if std::env::var_os("COMPOSE_FILE").is_some() {
        return Err(unknown(
            "COMPOSE_FILE in the environment names the compose files",
        ));
    }
    let project = match &l.project_dir {
        Some(d) => {
            let (p, inside) = place(d, cwd, ctx);
            if !inside {
                return Err(soft(format!(
                    "docker compose runs the project in {}, outside the workspace",
                    p.display()
                )));
            }
            Some(p)
        }
        None => None,
    };
    // The env files: variables interpolated into the compose files.
    let mut env_files = Vec::new();
    for e in &l.env_files {
        let (p, inside) = place(e, cwd, ctx);
        if !inside {
            return Err(soft(format!(
                "docker compose --env-file {} is outside the workspace",
                p.display()
            )));
        }
        env_files.push(p);
    }
    // The compose files named on the command line, in `.env`, or found.
    let mut mains: Vec<PathBuf> = Vec::new();
    for f in &l.files {
        if f == "-" {
            return Err(unknown(
                "docker compose -f - reads the compose file from its input",
            ));
        }
        let (p, inside) = place(f, cwd, ctx);
        if !inside {
            return Err(soft(format!(
                "docker compose reads the compose file {}, outside the workspace",
                p.display()
            )));
        }
        mains.push(p);
    }
    let project_dir = project
        .clone()
        .or_else(|| {
            mains
                .first()
                .and_then(|m| m.parent().map(Path::to_path_buf))
        })
        .unwrap_or_else(|| cwd.to_path_buf());
    let dotenvs = [project_dir.join(".env"), cwd.join(".env")];
    for d in &dotenvs {
        add(d.clone(), out);
    }
    for e in env_files {
        add(e, out);
    }
    if mains.is_empty() {
        let dotenv = if l.env_files.is_empty() {
            read_small(&dotenvs[0]).unwrap_or_default()
        } else {
            String::new()
        };
        if dotenv_value(&dotenv, "COMPOSE_PATH_SEPARATOR").is_some() {
            return Err(unknown(".env sets COMPOSE_PATH_SEPARATOR"));
        }
        if let Some(list) = dotenv_value(&dotenv, "COMPOSE_FILE") {
            for f in list.split(':').filter(|f| !f.is_empty()) {
                if f.contains('$') {
                    return Err(unknown(format!(
                        ".env's COMPOSE_FILE names {f}, from a variable"
                    )));
                }
                let (p, inside) = place(f, &project_dir, ctx);
                if !inside {
                    return Err(soft(format!(
                        "docker compose reads the compose file {}, outside the workspace",
                        p.display()
                    )));
                }
                mains.push(p);
            }
        }
    }
    if mains.is_empty() {
        // The nearest directory, up to the workspace root, with a compose file.
        let start = project.clone().unwrap_or_else(|| cwd.to_path_buf());
        let mut dirs: Vec<PathBuf> = start.ancestors().map(Path::to_path_buf).collect();
        dirs.retain(|d| d.starts_with(&ctx.workspace.root));
        let found = dirs.iter().find_map(|d| {
            COMPOSE_NAMES
                .iter()
                .map(|n| d.join(n))
                .find(|p| p.is_file())
                .map(|p| (d.clone(), p))
        });
        let Some((dir, base)) = found else {
            return Err(unknown(format!(
                "no compose file between {} and the workspace root",
                start.display()
            )));
        };
        // Every name it could have found first is a definition too (a new one would win).
        for d in dirs.iter().take_while(|d| **d != dir) {
            for n in COMPOSE_NAMES {
                add(d.join(n), out);
            }
        }
        for n in COMPOSE_NAMES.iter().chain(OVERRIDE_NAMES) {
            add(dir.join(n), out);
        }
        mains.push(base);
        if let Some(o) = OVERRIDE_NAMES
            .iter()
            .map(|n| dir.join(n))
            .find(|p| p.is_file())
        {
            mains.push(o);
        }
    }
    // Each compose file and what it names, breadth first.
    let mut queue: Vec<(PathBuf, PathBuf)> = mains
        .iter()
        .map(|m| (m.clone(), project_dir.clone()))
        .collect();
    let mut visited: Vec<PathBuf> = Vec::new();
    while !queue.is_empty() {
        let (file, base) = queue.remove(0);
        if visited.contains(&file) {
            continue;
        }
        visited.push(file.clone());
        add(file.clone(), out);
        if visited.len() > MAX_FILES {
            return Err(unknown(
                "docker compose reads more compose files than the floor follows",
            ));
        }
        let Some(text) = read_small(&file) else {
            // Missing: compose fails (a missing -f file), or it is not there yet.
            continue;
        };
        let docs = YamlLoader::load_from_str(&text)
            .map_err(|e| unknown(format!("{} does not parse as YAML: {e}", file.display())))?;
        let own_dir = file.parent().map(Path::to_path_buf).unwrap_or_default();
        for doc in &docs {
            named_files(doc, &file, &own_dir, &base, ctx, out, &mut queue)?;
        }
    }
    Ok(())
}

/// A YAML mapping's entries, with those a `<<` merge brings in.
fn entries(node: &Yaml) -> Vec<(&Yaml, &Yaml)> {
    let mut out = Vec::new();
    if let Yaml::Hash(h) = node {
        for (k, v) in h {
            if k.as_str() == Some("<<") {
                match v {
                    Yaml::Array(items) => {
                        for i in items {
                            out.extend(entries(i));
                        }
                    }
                    other => out.extend(entries(other)),
                }
            } else {
                out.push((k, v));
            }
        }
    }
    out
}

fn get<'a>(node: &'a Yaml, key: &str) -> Option<&'a Yaml> {
    entries(node)
        .into_iter()
        .rev()
        .find(|(k, _)| k.as_str() == Some(key))
        .map(|(_, v)| v)
}

/// A path a compose file names, placed against `base`.
fn path_in(v: &str, base: &Path, file: &Path, ctx: &JudgeCtx) -> Result<PathBuf, Class> {
    if v.contains('$') {
        return Err(unknown(format!(
            "{} names {v}, computed from variables",
            file.display()
        )));
    }
    if v.contains("://") || v.starts_with("git@") {
        return Err(unknown(format!("{} names the remote {v}", file.display())));
    }
    let v = v.strip_prefix("~/").map_or_else(
        || v.to_string(),
        |rest| ctx.home.join(rest).display().to_string(),
    );
    let (p, inside) = place(&v, base, ctx);
    if !inside {
        return Err(soft(format!(
            "{} makes docker compose read {}, outside the workspace",
            file.display(),
            p.display()
        )));
    }
    Ok(p)
}

/// A string, or each string of a list, or the `key` of each mapping of a list.
fn strings<'a>(v: &'a Yaml, key: &str) -> Vec<&'a Yaml> {
    match v {
        Yaml::Array(items) => items
            .iter()
            .flat_map(|i| match i {
                Yaml::Hash(_) => get(i, key).map(|x| strings(x, key)).unwrap_or_default(),
                other => vec![other],
            })
            .collect(),
        Yaml::Hash(_) => get(v, key).map(|x| strings(x, key)).unwrap_or_default(),
        other => vec![other],
    }
}

fn text_of<'a>(v: &'a Yaml, file: &Path) -> Result<&'a str, Class> {
    v.as_str().ok_or_else(|| {
        unknown(format!(
            "{} has a path that is not a string",
            file.display()
        ))
    })
}

/// The files one compose document names: `include`, `extends.file`, `env_file`, and the
/// Dockerfile of each `build`.
fn named_files(
    doc: &Yaml,
    file: &Path,
    own_dir: &Path,
    base: &Path,
    ctx: &JudgeCtx,
    out: &mut Vec<PathBuf>,
    queue: &mut Vec<(PathBuf, PathBuf)>,
) -> Result<(), Class> {
    if let Some(inc) = get(doc, "include") {
        for item in strings(inc, "path") {
            let p = path_in(text_of(item, file)?, own_dir, file, ctx)?;
            let dir = p.parent().map(Path::to_path_buf).unwrap_or_default();
            queue.push((p, dir));
        }
        if let Yaml::Array(items) = inc {
            for i in items {
                if let Some(e) = get(i, "env_file") {
                    for f in strings(e, "path") {
                        let p = path_in(text_of(f, file)?, own_dir, file, ctx)?;
                        out.push(p);
                    }
                }
            }
        }
    }
    let Some(services) = get(doc, "services") else {
        return Ok(());
    };
    for (_, svc) in entries(services) {
        if let Some(ext) = get(svc, "extends") {
            if let Some(f) = get(ext, "file") {
                let p = path_in(text_of(f, file)?, own_dir, file, ctx)?;
                let dir = p.parent().map(Path::to_path_buf).unwrap_or_default();
                queue.push((p, dir));
            }
        }
        if let Some(e) = get(svc, "env_file") {
            for f in strings(e, "path") {
                out.push(path_in(text_of(f, file)?, base, file, ctx)?);
            }
        }
        if let Some(b) = get(svc, "build") {
            let (context, dockerfile) = match b {
                Yaml::String(c) => (c.as_str(), None),
                Yaml::Hash(_) => (
                    get(b, "context").and_then(Yaml::as_str).unwrap_or("."),
                    get(b, "dockerfile"),
                ),
                _ => {
                    return Err(unknown(format!(
                        "{} has a build section the floor cannot read",
                        file.display()
                    )))
                }
            };
            let dir = path_in(context, base, file, ctx)?;
            let df = match dockerfile {
                Some(d) => text_of(d, file)?,
                None if b.as_hash().is_some() && get(b, "dockerfile_inline").is_some() => continue,
                None => "Dockerfile",
            };
            out.push(path_in(df, &dir, file, ctx)?);
        }
    }
    Ok(())
}
