//! `npx NAME ARGS…`: which program npm's exec runs. Read from npm's own code
//! (`libnpmexec`, `lib/index.js` and `lib/file-exists.js`): given a bare command and no
//! `--package`, npm looks first for a `bin` named NAME in the package.json of the working
//! directory and of the local prefix (then it installs that package into its cache and
//! runs it), then for a file `node_modules/.bin/NAME` in the local prefix or any directory
//! above it (the first found runs, with that directory put first on PATH), then for a
//! global bin; only when none is there does it fetch the package from the registry, and
//! without a terminal it does so without asking.
//!
//! So `npx tsc` in a project that has TypeScript installed runs the project's
//! `node_modules/.bin/tsc`, and is judged like running that file by its path (a project
//! program, routine while unchanged), with the files npm reads on the way (`package.json`,
//! `.npmrc`, whose `script-shell` and `node-options` change what runs) as its definition
//! files. The floor only follows the plain case: NAME a bare name, the local prefix the
//! nearest directory holding `package.json` or `node_modules` with no npm workspaces
//! above it that could move it (npm then uses the workspace root), no `bin` in those
//! package.json files, and the bin found inside the workspace. Anything else keeps npx's
//! tier: it fetches and runs a package.

use super::core::JudgeCtx;
use crate::context::paths;
use std::path::{Path, PathBuf};

/// Largest package.json read.
const MAX_PACKAGE_JSON: u64 = 1024 * 1024;

/// The workspace file `npx NAME …` (argv `exec`) runs, or why the floor does not follow it.
pub(super) fn local_bin(
    exec: &[String],
    dynamic: &[bool],
    cwd: &Path,
    ctx: &JudgeCtx,
) -> Result<PathBuf, String> {
    let Some(name) = exec.get(1) else {
        return Err("npx names no command".into());
    };
    let plain = name
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphanumeric())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'))
        && name.len() <= 128;
    if !plain || dynamic.get(1).copied().unwrap_or(true) {
        return Err(format!("npx {name}: not a bare command name"));
    }
    let exists = |p: &Path| std::fs::symlink_metadata(p).is_ok();
    // npm's local prefix: the nearest directory with package.json or node_modules.
    let prefix = cwd
        .ancestors()
        .find(|d| exists(&d.join("package.json")) || exists(&d.join("node_modules")))
        .ok_or_else(|| "no package.json or node_modules above the working directory".to_string())?;
    // A workspace root above it may become the prefix instead.
    for d in prefix.ancestors().skip(1) {
        let pj = d.join("package.json");
        if exists(&pj) && package_json(&pj)?.get("workspaces").is_some() {
            return Err(format!(
                "{} declares npm workspaces, which can move the prefix npx looks from",
                pj.display()
            ));
        }
    }
    // A package's own bin of that name is installed and run from npm's cache.
    for d in [cwd, prefix] {
        let pj = d.join("package.json");
        if exists(&pj) && package_json(&pj)?.get("bin").is_some() {
            return Err(format!(
                "{} declares bins, which npx installs and runs from its cache",
                pj.display()
            ));
        }
    }
    let bin = prefix
        .ancestors()
        .map(|d| d.join("node_modules/.bin").join(name))
        .find(|b| std::fs::metadata(b).is_ok_and(|m| m.is_file()))
        .ok_or_else(|| format!("npx {name}: no installed bin, so npx would fetch the package"))?;
    let text = bin.display().to_string();
    if !ctx.workspace.contains(&paths::forms(&text, cwd, ctx.home)) {
        return Err(format!("npx {name} runs {text}, outside the workspace"));
    }
    Ok(bin)
}

/// The files npm reads on the way to the bin, from the workspace root down to `cwd`.
pub(super) const DEFINED_BY: &[&str] = &["package.json", ".npmrc"];

fn package_json(p: &Path) -> Result<serde_json::Map<String, serde_json::Value>, String> {
    let meta = std::fs::metadata(p).map_err(|e| format!("{}: {e}", p.display()))?;
    if !meta.is_file() || meta.len() > MAX_PACKAGE_JSON {
        return Err(format!(
            "{} is not a package.json the floor reads",
            p.display()
        ));
    }
    let text = std::fs::read_to_string(p).map_err(|e| format!("{}: {e}", p.display()))?;
    match serde_json::from_str(&text) {
        Ok(serde_json::Value::Object(m)) => Ok(m),
        _ => Err(format!("{} is not a JSON object", p.display())),
    }
}
