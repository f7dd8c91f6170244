//! The trust store: which project config files the person has vouched for, by path and the
//! sha256 of their exact bytes. Editing a trusted file (one byte) makes it untrusted again.
//!
//! Format: `[trusted]` with `"/abs/path/.gatehook.toml" = "<sha256 hex>"`. Keys are the
//! lexical absolute path, never the symlink-resolved one: a repository that symlinks its
//! `.gatehook.toml` to some other project's trusted file must not inherit that trust.

use super::parse::{line_of, parse_text, read_capped, sha256_hex};
use super::{ConfigError, Layer};
use anyhow::{anyhow, bail, Context};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Component, Path, PathBuf};

#[derive(serde::Deserialize, serde::Serialize, Default)]
#[serde(deny_unknown_fields)]
struct StoreFile {
    #[serde(default)]
    trusted: BTreeMap<String, String>,
}

fn store_error(store: &Path, line: Option<usize>, message: String) -> ConfigError {
    ConfigError {
        file: store.to_path_buf(),
        line,
        message: format!("trust store: {message}"),
    }
}

fn read_store(store: &Path) -> Result<StoreFile, ConfigError> {
    let bytes = match read_capped(store) {
        Ok(None) => return Ok(StoreFile::default()),
        Ok(Some(b)) => b,
        Err(m) => return Err(store_error(store, None, m)),
    };
    let text =
        String::from_utf8(bytes).map_err(|_| store_error(store, None, "not valid UTF-8".into()))?;
    let parsed: StoreFile = toml::from_str(&text).map_err(|e| {
        let line = e.span().map(|s| line_of(&text, s.start));
        store_error(store, line, e.message().trim().to_string())
    })?;
    for (path, sha) in &parsed.trusted {
        let hex = sha.len() == 64 && sha.chars().all(|c| matches!(c, '0'..='9' | 'a'..='f'));
        if !hex {
            return Err(store_error(
                store,
                None,
                format!("entry for \"{path}\" is not a sha256 hex digest"),
            ));
        }
    }
    Ok(parsed)
}

/// Absolute and `..`-free, without touching the filesystem.
fn lexical_absolute(path: &Path) -> std::io::Result<PathBuf> {
    let joined = if path.is_absolute() {
        path.to_path_buf()
    } else {
        std::env::current_dir()?.join(path)
    };
    let mut out = PathBuf::new();
    for c in joined.components() {
        match c {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    Ok(out)
}

fn key_of(path: &Path) -> Option<String> {
    lexical_absolute(path)
        .ok()
        .and_then(|p| p.to_str().map(str::to_string))
}

/// The sha256 recorded for `project_file`, if any. A corrupt store is an error.
pub(super) fn lookup(store: &Path, project_file: &Path) -> Result<Option<String>, ConfigError> {
    let parsed = read_store(store)?;
    Ok(key_of(project_file).and_then(|k| parsed.trusted.get(&k).cloned()))
}

/// Record the sha256 of `project_file`'s current bytes in `trust_store` (created if missing,
/// written atomically with mode 0600). Refuses a file that doesn't parse as gatehook config.
pub fn trust(project_file: &Path, trust_store: &Path) -> anyhow::Result<String> {
    let bytes = read_capped(project_file)
        .map_err(|m| anyhow!("{}: {m}", project_file.display()))?
        .ok_or_else(|| anyhow!("{}: no such file", project_file.display()))?;
    let text = std::str::from_utf8(&bytes)
        .map_err(|_| anyhow!("{}: not valid UTF-8", project_file.display()))?;
    let mut errors = Vec::new();
    parse_text(Layer::Project, project_file, text, &mut errors);
    if !errors.is_empty() {
        let list: Vec<String> = errors.iter().map(ToString::to_string).collect();
        bail!(
            "refusing to trust a config with errors:\n{}",
            list.join("\n")
        );
    }
    let sha = sha256_hex(&bytes);
    let key = key_of(project_file)
        .ok_or_else(|| anyhow!("{}: path is not valid UTF-8", project_file.display()))?;
    let mut parsed = read_store(trust_store).map_err(|e| anyhow!("{e}"))?;
    parsed.trusted.insert(key, sha.clone());
    let out = toml::to_string(&parsed).context("serialising the trust store")?;
    write_atomic(trust_store, out.as_bytes())?;
    Ok(sha)
}

fn write_atomic(target: &Path, data: &[u8]) -> anyhow::Result<()> {
    let dir = target
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    let name = target
        .file_name()
        .ok_or_else(|| anyhow!("{}: not a file path", target.display()))?;
    let tmp = dir.join(format!(
        ".{}.{}.tmp",
        name.to_string_lossy(),
        std::process::id()
    ));
    let mut opts = std::fs::OpenOptions::new();
    opts.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        opts.mode(0o600);
    }
    let result = (|| -> anyhow::Result<()> {
        let mut f = opts
            .open(&tmp)
            .with_context(|| format!("creating {}", tmp.display()))?;
        f.write_all(data)?;
        f.sync_all()?;
        std::fs::rename(&tmp, target).with_context(|| format!("replacing {}", target.display()))?;
        Ok(())
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}
