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
//!
//! What the project hands the engine from this machine is a use of the host's files
//! ([`Uses`]), judged like any read or write of them (the host paths compose-go resolves,
//! `paths/resolve.go`: `build.context` and `build.additional_contexts`, read whole and
//! sent to the builder as `tar -c` reads a tree, so a hard link to a credential in one is
//! a read of the credential; `build.ssh` keys (each entry, a key or an agent's socket, is
//! also a privilege); every `env_file` and `label_file`; the `file` of a top-level
//! `secrets` or `configs` entry, bind-mounted read-only (a directory whole); each bind
//! mount among a service's `volumes` — short `SRC:DST[:MODE]` syntax split as compose-go's
//! `format.ParseVolume` splits it, with a source starting `.`, `/` or `~` (any other
//! source that is no volume name, a Windows drive or pipe, is not understood), or `type:
//! bind` — and a top-level volume whose `driver_opts` bind a `device` (placed against the
//! project only for `driver: local` with `o: bind` exactly, as compose-go does; another
//! relative device is not understood), read and, unless read-only, written, as `docker
//! run -v` is (`catalog::containers::bind_at`)); and what gives a container the host
//! (`privileged`, the host's `pid`, `ipc`, `uts`, `userns_mode`, `cgroup` or
//! `network_mode`, `cap_add`, `devices`, `device_cgroup_rules`, an unconfined
//! `security_opt`) is a privilege; a boolean is true as compose-go's `toBoolean` casts it
//! (`y`, `yes`, `on`, `true`, any case). `~` is the home, as compose-go's `ExpandUser`
//! reads it: a leading `~` joined with the rest (`~x` is `$HOME/x`). `<<` merges resolve
//! as yaml.v3 does: a key set beside `<<` wins, and the earlier of `<<: [*a, *b]`.
//! Checked against compose-go v2's source (`loader/include.go`, `loader/interpolate.go`,
//! `paths/resolve.go`, `paths/home.go`, `format/volume.go`).

use super::catalog::Lifecycle;
use super::core::{Class, JudgeCtx};
use crate::analysis::effects::{Effect, Reach};
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

/// What a compose project hands the container engine from this machine, as effects on
/// absolute paths: trees and files read (build contexts, env and label files, secrets and
/// configs, bind mounts), bind mounts written, privileges and secrets handed to a
/// container.
pub(super) type Uses = Vec<Effect>;

/// The definition files of a lifecycle command run in `cwd`, added to `out`, and what the
/// project uses of the host, added to `uses`; `Err` with the class the command gets
/// instead (`out` then holds the files found before it).
pub(super) fn definitions(
    l: &Lifecycle,
    cwd: &Path,
    ctx: &JudgeCtx,
    out: &mut Vec<PathBuf>,
    uses: &mut Uses,
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
            host_uses(doc, &file, &base, ctx, uses)?;
        }
    }
    Ok(())
}

/// A YAML mapping's entries, with those a `<<` merge brings in, each key once, as
/// yaml.v3 (compose-go's parser) resolves them: a key the mapping sets itself beats a
/// merged one wherever the `<<` stands, and of `<<: [*a, *b]` the earlier wins.
fn entries(node: &Yaml) -> Vec<(&Yaml, &Yaml)> {
    let mut out: Vec<(&Yaml, &Yaml)> = Vec::new();
    if let Yaml::Hash(h) = node {
        let is_merge = |k: &Yaml| k.as_str() == Some("<<");
        out.extend(h.iter().filter(|(k, _)| !is_merge(k)));
        for (_, v) in h.iter().filter(|(k, _)| is_merge(k)) {
            let merged: Vec<(&Yaml, &Yaml)> = match v {
                Yaml::Array(items) => items.iter().flat_map(entries).collect(),
                other => entries(other),
            };
            for (k, v) in merged {
                if !out.iter().any(|(seen, _)| *seen == k) {
                    out.push((k, v));
                }
            }
        }
    }
    out
}

fn get<'a>(node: &'a Yaml, key: &str) -> Option<&'a Yaml> {
    entries(node)
        .into_iter()
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
    let v = expand_user(v, ctx);
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

/// compose-go's `ExpandUser` (`paths/home.go`): a leading `~` is the home joined with
/// whatever follows it (`~proj/x` is `$HOME/proj/x`, `~../../tmp` is `$HOME/../../tmp`).
fn expand_user(v: &str, ctx: &JudgeCtx) -> String {
    match v.strip_prefix('~') {
        Some(rest) => ctx
            .home
            .join(rest.trim_start_matches('/'))
            .display()
            .to_string(),
        None => v.to_string(),
    }
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
        // Each entry's files resolve their relative paths against its project directory:
        // the first file's directory (compose-go v2's `loader/include.go`), or the
        // `project_directory` the long syntax names, which the floor does not follow.
        let items: Vec<&Yaml> = match inc {
            Yaml::Array(items) => items.iter().collect(),
            other => vec![other],
        };
        for item in items {
            if item.as_hash().is_some() && get(item, "project_directory").is_some() {
                return Err(unknown(format!(
                    "{} includes a file with its own project_directory",
                    file.display()
                )));
            }
            let mut dir = None;
            for f in strings(item, "path") {
                let p = path_in(text_of(f, file)?, own_dir, file, ctx)?;
                let d = dir
                    .get_or_insert_with(|| p.parent().map(Path::to_path_buf).unwrap_or_default())
                    .clone();
                queue.push((p, d));
            }
            // Without `env_file`, the project directory's `.env` sets its variables.
            if let Some(d) = dir {
                if !out.contains(&d.join(".env")) {
                    out.push(d.join(".env"));
                }
            }
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

/// A host path a compose file names (`~` is the home, a relative path is below `base`),
/// absolute; a path computed from variables or a remote address is not understood.
fn host_path(v: &str, base: &Path, file: &Path, ctx: &JudgeCtx) -> Result<PathBuf, Class> {
    if v.contains('$') {
        return Err(unknown(format!(
            "{} names {v}, computed from variables",
            file.display()
        )));
    }
    if v.contains("://") || v.starts_with("git@") || v.starts_with("github.com/") {
        return Err(unknown(format!("{} names the remote {v}", file.display())));
    }
    let v = expand_user(v, ctx);
    let abs = if v.starts_with('/') {
        PathBuf::from(&v)
    } else {
        base.join(&v)
    };
    Ok(paths::normalize(&abs))
}

fn read_of(p: &Path, reach: Reach) -> Effect {
    Effect::Read {
        path: p.display().to_string(),
        reach,
    }
}

/// Is a YAML value true the way compose reads a boolean? compose-go's `toBoolean` casts a
/// string: `true`, `y`, `yes` or `on`, in any case.
fn truthy(v: &Yaml) -> bool {
    match v {
        Yaml::Boolean(b) => *b,
        Yaml::String(s) => matches!(s.to_ascii_lowercase().as_str(), "true" | "y" | "yes" | "on"),
        _ => false,
    }
}

/// A bind mount of host path `src` (as the compose file writes it).
fn bind(
    src: &str,
    ro: bool,
    base: &Path,
    file: &Path,
    ctx: &JudgeCtx,
    uses: &mut Uses,
) -> Result<(), Class> {
    let p = host_path(src, base, file, ctx)?;
    super::catalog::bind_at(&p.display().to_string(), base, ro, ctx, uses);
    Ok(())
}

/// What one compose document uses of the host ([`Uses`]).
fn host_uses(
    doc: &Yaml,
    file: &Path,
    base: &Path,
    ctx: &JudgeCtx,
    uses: &mut Uses,
) -> Result<(), Class> {
    // Top-level secrets and configs from files: bind-mounted read-only into the
    // containers that use them, a directory whole (`file: ~/` is the home mounted).
    for key in ["secrets", "configs"] {
        if let Some(items) = get(doc, key) {
            for (_, item) in entries(items) {
                if let Some(f) = get(item, "file") {
                    bind(text_of(f, file)?, true, base, file, ctx, uses)?;
                }
            }
        }
    }
    // Named volumes the local driver binds to a host directory.
    if let Some(vols) = get(doc, "volumes") {
        if interpolated(vols) {
            return Err(unknown(format!(
                "{} sets its volumes from variables",
                file.display()
            )));
        }
        for (_, v) in entries(vols) {
            let named = get(v, "driver").and_then(Yaml::as_str);
            let driver = named.unwrap_or("local");
            if driver != "local" {
                return Err(unknown(format!(
                    "{} names the volume driver {driver}",
                    file.display()
                )));
            }
            let Some(opts) = get(v, "driver_opts") else {
                continue;
            };
            let o = get(opts, "o").and_then(Yaml::as_str).unwrap_or("");
            if let Some(dev) = get(opts, "device") {
                if o.split(',').any(|x| x == "bind" || x == "rbind") {
                    let ro = o.split(',').any(|x| x == "ro");
                    let dev = text_of(dev, file)?;
                    // compose-go (`paths/resolve.go`) places the device against the
                    // project only for `driver: local` with `o: bind` exactly; any other
                    // device reaches the engine as written, a relative one against the
                    // daemon's own directory.
                    let placed = named == Some("local") && o == "bind";
                    if !placed && !dev.starts_with('/') {
                        return Err(unknown(format!(
                            "{} binds the device {dev:?}, which the engine places itself",
                            file.display()
                        )));
                    }
                    bind(dev, ro, base, file, ctx, uses)?;
                } else {
                    return Err(unknown(format!(
                        "{} mounts the device {:?} into a volume",
                        file.display(),
                        dev.as_str().unwrap_or("")
                    )));
                }
            }
        }
    }
    let Some(services) = get(doc, "services") else {
        return Ok(());
    };
    for (_, svc) in entries(services) {
        service_uses(svc, file, base, ctx, uses)?;
    }
    Ok(())
}

/// Does a value hold a variable compose interpolates (`${HOME}:/h` is a bind mount of the
/// home, `privileged: ${P}` may be true)?
fn interpolated(v: &Yaml) -> bool {
    match v {
        Yaml::String(s) => s.contains('$'),
        Yaml::Array(items) => items.iter().any(interpolated),
        Yaml::Hash(h) => h.iter().any(|(k, v)| interpolated(k) || interpolated(v)),
        _ => false,
    }
}

/// A short-syntax volume `SRC:DST[:OPTS]` as compose-go's `format.ParseVolume` splits it:
/// its source (empty for an anonymous volume) and whether it is read-only (the last of
/// `ro` and `rw` wins). A colon right after a single letter (`c:`, any Unicode letter)
/// belongs to the field, as a Windows drive; a NUL ends a field as the end of the spec
/// does. `None` when compose rejects it.
fn short_volume(spec: &str) -> Option<(String, bool)> {
    if spec.is_empty() {
        return None;
    }
    if spec.len() <= 2 {
        return Some((String::new(), false));
    }
    let (mut src, mut target, mut ro) = (String::new(), String::new(), false);
    let mut buf: Vec<char> = Vec::new();
    for c in spec.chars().chain(std::iter::once('\0')) {
        // `char::is_alphabetic` holds for every letter Go's `unicode.IsLetter` takes (and a
        // few more, which only keep more in one field: never a read-only mount wrongly).
        if c == ':' && buf.len() == 1 && buf[0].is_alphabetic() {
            buf.push(c);
        } else if c == ':' || c == '\0' {
            let field: String = buf.drain(..).collect();
            if field.is_empty() {
                return None;
            }
            // A NUL inside the spec ends a field the way the end does; the loop goes on.
            if src.is_empty() && c == '\0' {
                target = field;
            } else if src.is_empty() {
                src = field;
            } else if target.is_empty() {
                target = field;
            } else if c == ':' {
                return None;
            } else {
                for o in field.split(',') {
                    match o {
                        "ro" => ro = true,
                        "rw" => ro = false,
                        _ => {}
                    }
                }
            }
        } else {
            buf.push(c);
        }
    }
    Some((src, ro))
}

/// A name compose takes as a named volume (`[a-zA-Z0-9][a-zA-Z0-9_.-]*`).
fn volume_name(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphanumeric())
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-'))
}

/// What one service uses of the host.
fn service_uses(
    svc: &Yaml,
    file: &Path,
    base: &Path,
    ctx: &JudgeCtx,
    uses: &mut Uses,
) -> Result<(), Class> {
    for key in [
        "volumes",
        "privileged",
        "pid",
        "ipc",
        "uts",
        "userns_mode",
        "cgroup",
        "network_mode",
        "cap_add",
        "devices",
        "device_cgroup_rules",
        "security_opt",
    ] {
        if get(svc, key).is_some_and(interpolated) {
            return Err(unknown(format!(
                "{} sets {key} from variables",
                file.display()
            )));
        }
    }
    let privilege = |how: String, uses: &mut Uses| uses.push(Effect::Privilege { how });
    if let Some(b) = get(svc, "build") {
        let context = match b {
            Yaml::String(c) => Some(c.as_str()),
            Yaml::Hash(_) => Some(get(b, "context").and_then(Yaml::as_str).unwrap_or(".")),
            _ => None,
        };
        if let Some(c) = context {
            let dir = host_path(c, base, file, ctx)?;
            uses.push(read_of(&dir, Reach::Tree));
        }
        if let Some(extra) = get(b, "additional_contexts") {
            let values: Vec<&str> = match extra {
                Yaml::Hash(_) => entries(extra)
                    .into_iter()
                    .map(|(_, v)| text_of(v, file))
                    .collect::<Result<_, _>>()?,
                Yaml::Array(items) => items
                    .iter()
                    .map(|i| text_of(i, file).map(|t| t.split_once('=').map_or(t, |(_, v)| v)))
                    .collect::<Result<_, _>>()?,
                _ => {
                    return Err(unknown(format!(
                        "{} has additional_contexts the floor cannot read",
                        file.display()
                    )))
                }
            };
            for v in values {
                // An image or another service's stage is no host path.
                if v.starts_with("docker-image://") || v.starts_with("service:") {
                    continue;
                }
                let dir = host_path(v, base, file, ctx)?;
                if !ctx.workspace.contains(&paths::forms(
                    &dir.display().to_string(),
                    base,
                    ctx.home,
                )) {
                    return Err(soft(format!(
                        "{} sends {} to the builder, outside the workspace",
                        file.display(),
                        dir.display()
                    )));
                }
                uses.push(read_of(&dir, Reach::Tree));
            }
        }
        if let Some(ssh) = get(b, "ssh") {
            // `[default, ID=PATH]`, or a mapping of IDs to paths.
            let items: Vec<String> = match ssh {
                Yaml::Hash(_) => entries(ssh)
                    .into_iter()
                    .map(|(k, v)| match (k.as_str(), v.as_str()) {
                        (Some(k), Some(v)) => Ok(format!("{k}={v}")),
                        (Some(k), None) if matches!(v, Yaml::Null) => Ok(k.to_string()),
                        _ => Err(unknown(format!(
                            "{} has a build.ssh entry the floor cannot read",
                            file.display()
                        ))),
                    })
                    .collect::<Result<_, _>>()?,
                _ => strings(ssh, "")
                    .into_iter()
                    .map(|i| text_of(i, file).map(str::to_string))
                    .collect::<Result<_, _>>()?,
            };
            // Each entry hands the builder an SSH agent: this machine's, or the one whose
            // socket `ID=PATH` names (a key file there is read as well).
            for t in &items {
                if let Some((_, key)) = t.split_once('=') {
                    let p = host_path(key, base, file, ctx)?;
                    uses.push(read_of(&p, Reach::File));
                }
                privilege(
                    format!("the build is handed an SSH agent or key ({t})"),
                    uses,
                );
            }
        }
    }
    for key in ["env_file", "label_file"] {
        if let Some(e) = get(svc, key) {
            for f in strings(e, "path") {
                let p = host_path(text_of(f, file)?, base, file, ctx)?;
                uses.push(read_of(&p, Reach::File));
            }
        }
    }
    if let Some(Yaml::Array(vols)) = get(svc, "volumes") {
        for v in vols {
            match v {
                Yaml::String(spec) => {
                    let Some((src, ro)) = short_volume(spec) else {
                        return Err(unknown(format!(
                            "{} has the volume {spec:?}, which compose does not parse",
                            file.display()
                        )));
                    };
                    // No source is an anonymous volume; a volume's name is no host path.
                    if src.is_empty() || volume_name(&src) {
                        continue;
                    }
                    if !src.starts_with(['.', '/', '~']) {
                        return Err(unknown(format!(
                            "{} mounts {src:?}, which compose reads as a host path the floor \
                             cannot place (a Windows drive or pipe)",
                            file.display()
                        )));
                    }
                    bind(&src, ro, base, file, ctx, uses)?;
                }
                Yaml::Hash(_) => {
                    if get(v, "type").and_then(Yaml::as_str) != Some("bind") {
                        continue;
                    }
                    let Some(src) = get(v, "source") else {
                        continue;
                    };
                    let ro = get(v, "read_only").is_some_and(truthy);
                    bind(text_of(src, file)?, ro, base, file, ctx, uses)?;
                }
                _ => {
                    return Err(unknown(format!(
                        "{} has a volume the floor cannot read",
                        file.display()
                    )))
                }
            }
        }
    } else if get(svc, "volumes").is_some() {
        return Err(unknown(format!(
            "{} has volumes the floor cannot read",
            file.display()
        )));
    }
    // What gives the container the host.
    if get(svc, "privileged").is_some_and(truthy) {
        privilege(
            "a privileged container (every capability and device of the host)".into(),
            uses,
        );
    }
    for key in ["pid", "ipc", "uts", "userns_mode", "cgroup", "network_mode"] {
        if get(svc, key).and_then(Yaml::as_str) == Some("host") {
            privilege(format!("a container sharing the host's {key}"), uses);
        }
    }
    for key in ["cap_add", "devices", "device_cgroup_rules"] {
        if get(svc, key).is_some_and(|v| !matches!(v, Yaml::Array(a) if a.is_empty())) {
            privilege(format!("a container given the host's {key}"), uses);
        }
    }
    if let Some(opts) = get(svc, "security_opt") {
        for o in strings(opts, "") {
            let o = o.as_str().unwrap_or("");
            if o.contains("unconfined") || o.contains("disable") {
                privilege(format!("a container with security_opt {o}"), uses);
            }
        }
    }
    Ok(())
}
