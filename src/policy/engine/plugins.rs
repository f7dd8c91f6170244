//! Where an installed Claude Code plugin keeps its skills, commands and agents, so that a
//! namespaced name (`superpowers:brainstorming`, `my-plugin:reviewer`) is judged by the
//! files it loads, as a project's or home's own are. Claude Code records what is installed
//! in `plugins/installed_plugins.json` under its config directory (`~/.claude`, or
//! `CLAUDE_CONFIG_DIR`): `{"version": 2, "plugins": {"NAME@MARKETPLACE": [{"scope",
//! "installPath", "version", …}]}}`, one entry per scope it is installed in. A plugin's
//! components sit in `skills/NAME/SKILL.md`, `commands/NAME.md` and `agents/*.md` below
//! its install path, and its manifest (`.claude-plugin/plugin.json`) may add more places
//! (`"skills": "./extra/"`, `"commands": ["./a.md"]`, `"agents": […]`), which supplement
//! the defaults (Claude Code's plugins reference).
//!
//! Only install paths inside the config directory's `plugins/` (as written and resolved
//! through links) count: the harness-config floor refuses every agent write there, so
//! what is found is what the person installed. Anything that cannot be read whole (a
//! record or manifest too big or not JSON, a component path leaving the plugin) is an
//! error, never "nothing found": a definition could hide there.

use crate::context::paths;
use serde_json::Value;
use std::path::{Path, PathBuf};

/// Largest `installed_plugins.json` or `plugin.json` read.
const MAX_RECORD_BYTES: u64 = 1024 * 1024;

/// The directories holding installed plugins: `~/.claude/plugins`, and
/// `$CLAUDE_CONFIG_DIR/plugins` when that variable names an absolute directory.
fn plugin_homes(home: &Path) -> Vec<PathBuf> {
    let mut out = vec![home.join(".claude/plugins")];
    if let Some(dir) = std::env::var_os("CLAUDE_CONFIG_DIR") {
        let dir = PathBuf::from(dir);
        if dir.is_absolute() {
            out.push(paths::normalize(&dir).join("plugins"));
        }
    }
    out
}

fn read_bounded(path: &Path) -> Result<Option<String>, String> {
    let meta = match std::fs::metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("{} cannot be read ({e})", path.display())),
    };
    if !meta.is_file() || meta.len() > MAX_RECORD_BYTES {
        return Err(format!(
            "{} is not a regular file of at most {MAX_RECORD_BYTES} bytes",
            path.display()
        ));
    }
    std::fs::read_to_string(path)
        .map(Some)
        .map_err(|e| format!("{} cannot be read ({e})", path.display()))
}

/// Is `p` inside `base`, both as written and with links resolved?
fn inside(p: &Path, base: &Path) -> bool {
    let lexical = paths::normalize(p);
    if !lexical.starts_with(base) || lexical == base {
        return false;
    }
    match (std::fs::canonicalize(&lexical), std::fs::canonicalize(base)) {
        (Ok(real), Ok(real_base)) => real.starts_with(&real_base) && real != real_base,
        _ => false,
    }
}

/// The install paths of the plugin `name` (every scope it is installed in). An empty list:
/// no record names it.
pub(super) fn installed(name: &str, home: &Path) -> Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    for base in plugin_homes(home) {
        let record = base.join("installed_plugins.json");
        let Some(text) = read_bounded(&record)? else {
            continue;
        };
        let v: Value = serde_json::from_str(&text)
            .map_err(|e| format!("{} is not JSON ({e})", record.display()))?;
        let Some(plugins) = v.get("plugins").and_then(Value::as_object) else {
            return Err(format!("{} has no `plugins` table", record.display()));
        };
        for (id, entries) in plugins {
            if id.split('@').next() != Some(name) {
                continue;
            }
            let entries: Vec<&Value> = match entries {
                Value::Array(a) => a.iter().collect(),
                one => vec![one],
            };
            for e in entries {
                let Some(path) = e.get("installPath").and_then(Value::as_str) else {
                    return Err(format!(
                        "{} lists `{id}` without an install path",
                        record.display()
                    ));
                };
                let path = PathBuf::from(path);
                if !path.is_absolute() || !inside(&path, &base) {
                    return Err(format!(
                        "the plugin `{id}` is installed at {}, outside {}",
                        path.display(),
                        base.display()
                    ));
                }
                out.push(paths::normalize(&path));
            }
        }
    }
    Ok(out)
}

/// Where a plugin keeps one kind of component (`skills`, `commands`, `agents`): the default
/// directory and what its manifest adds, each inside the plugin.
pub(super) fn component_paths(root: &Path, kind: &str) -> Result<Vec<PathBuf>, String> {
    let mut out = vec![root.join(kind)];
    let manifest = root.join(".claude-plugin/plugin.json");
    let Some(text) = read_bounded(&manifest)? else {
        return Ok(out);
    };
    let v: Value = serde_json::from_str(&text)
        .map_err(|e| format!("{} is not JSON ({e})", manifest.display()))?;
    let extra: Vec<&Value> = match v.get(kind) {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(a)) => a.iter().collect(),
        Some(one) => vec![one],
    };
    for e in extra {
        let Some(rel) = e.as_str() else {
            return Err(format!(
                "{} names its {kind} by something other than a path",
                manifest.display()
            ));
        };
        let p = paths::normalize(&root.join(rel));
        if Path::new(rel).is_absolute() || !p.starts_with(root) {
            return Err(format!(
                "{} places its {kind} at {rel}, outside the plugin",
                manifest.display()
            ));
        }
        if std::fs::symlink_metadata(&p).is_ok() && !inside(&p, root) {
            return Err(format!(
                "{} places its {kind} at {rel}, which leads out of the plugin",
                manifest.display()
            ));
        }
        out.push(p);
    }
    Ok(out)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn record(home: &Path, body: &str) {
        let d = home.join(".claude/plugins");
        std::fs::create_dir_all(&d).unwrap();
        std::fs::write(d.join("installed_plugins.json"), body).unwrap();
    }

    #[test]
    fn install_paths_come_from_the_record_and_stay_in_the_plugins_directory() {
        let tmp = tempfile::tempdir().unwrap();
        let home = tmp.path().canonicalize().unwrap();
        assert!(installed("sp", &home).unwrap().is_empty());
        let root = home.join(".claude/plugins/cache/m/sp/1.0");
        std::fs::create_dir_all(&root).unwrap();
        record(
            &home,
            &format!(
                r#"{{"version":2,"plugins":{{"sp@m":[{{"scope":"user","installPath":"{}"}}],"other@m":[]}}}}"#,
                root.display()
            ),
        );
        assert_eq!(installed("sp", &home).unwrap(), vec![root.clone()]);
        assert!(installed("other", &home).unwrap().is_empty());
        // Installed anywhere else (a path the agent could have filled), or through a
        // link leading out: not trusted.
        let out = tmp.path().join("elsewhere");
        std::fs::create_dir_all(&out).unwrap();
        record(
            &home,
            &format!(
                r#"{{"plugins":{{"sp@m":[{{"installPath":"{}"}}]}}}}"#,
                out.display()
            ),
        );
        assert!(installed("sp", &home).is_err());
        std::os::unix::fs::symlink(&out, home.join(".claude/plugins/link")).unwrap();
        record(
            &home,
            &format!(
                r#"{{"plugins":{{"sp@m":[{{"installPath":"{}"}}]}}}}"#,
                home.join(".claude/plugins/link").display()
            ),
        );
        assert!(installed("sp", &home).is_err());
        for bad in [
            "not json",
            r#"{"version":2}"#,
            r#"{"plugins":{"sp@m":[{}]}}"#,
        ] {
            record(&home, bad);
            assert!(installed("sp", &home).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_manifest_adds_component_paths_inside_the_plugin_only() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path().canonicalize().unwrap().join("p");
        std::fs::create_dir_all(root.join(".claude-plugin")).unwrap();
        assert_eq!(
            component_paths(&root, "skills").unwrap(),
            vec![root.join("skills")]
        );
        std::fs::write(
            root.join(".claude-plugin/plugin.json"),
            r#"{"name":"p","skills":"./extra/","commands":["./c/a.md"]}"#,
        )
        .unwrap();
        assert_eq!(
            component_paths(&root, "skills").unwrap(),
            vec![root.join("skills"), root.join("extra")]
        );
        assert_eq!(
            component_paths(&root, "commands").unwrap(),
            vec![root.join("commands"), root.join("c/a.md")]
        );
        for bad in [
            r#"{"skills":"../../elsewhere"}"#,
            r#"{"skills":"/etc"}"#,
            r#"{"skills":7}"#,
            "not json",
        ] {
            std::fs::write(root.join(".claude-plugin/plugin.json"), bad).unwrap();
            assert!(component_paths(&root, "skills").is_err(), "{bad}");
        }
        std::os::unix::fs::symlink(tmp.path(), root.join("out")).unwrap();
        std::fs::write(
            root.join(".claude-plugin/plugin.json"),
            r#"{"agents":"./out"}"#,
        )
        .unwrap();
        assert!(component_paths(&root, "agents").is_err());
    }
}
