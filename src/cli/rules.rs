//! `gatehook rules add | list | remove`: the person's rules. `list` shows the rules in
//! effect for the current project with the file and line of each (and what the config
//! ignores); `add` and `remove` edit `[permissions]` in the user config only, keeping the
//! rest of the file as it is, and without `--yes` only show the change (exit 0). A new file
//! is validated beside the real one before it replaces it. Decides nothing.

use crate::context::config::{self, ConfigPaths};
use crate::context::rules::{LoadedRule, Rule, RuleKind};
use anyhow::{bail, Context as _};
use serde_json::json;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn list_name(kind: RuleKind) -> &'static str {
    match kind {
        RuleKind::Allow => "allow",
        RuleKind::Ask => "ask",
        RuleKind::Deny => "deny",
    }
}

/// The user config's path and its text (empty when the file does not exist yet).
fn user_config(paths: &ConfigPaths) -> anyhow::Result<(PathBuf, String)> {
    let Some(file) = paths.user.clone() else {
        bail!("no user config location (set GATEHOOK_HOME or HOME)");
    };
    let text = match std::fs::read_to_string(&file) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(e).with_context(|| format!("reading {}", file.display())),
    };
    Ok((file, text))
}

/// Is this list entry the rule `rule` (a plain string, or a `{ rule = …, message = … }`
/// table)?
fn is_rule(v: &toml_edit::Value, rule: &str) -> bool {
    v.as_str() == Some(rule)
        || v.as_inline_table()
            .and_then(|t| t.get("rule"))
            .and_then(|r| r.as_str())
            == Some(rule)
}

fn parse_doc(file: &Path, text: &str) -> anyhow::Result<toml_edit::DocumentMut> {
    text.parse()
        .with_context(|| format!("{} is not valid TOML", file.display()))
}

/// `gatehook rules add RULE`: validate, then show (no `--yes`) or append to the user
/// config's `[permissions] <kind>`.
pub fn add(rule: &str, kind: RuleKind, yes: bool) -> anyhow::Result<String> {
    Rule::parse_for(kind, rule)
        .map_err(|e| anyhow::anyhow!("`{rule}` is not a valid rule: {e}"))?;
    let paths = ConfigPaths::discover(None);
    let (file, text) = user_config(&paths)?;
    let list = list_name(kind);
    let mut doc = parse_doc(&file, &text)?;
    let perms = doc
        .entry("permissions")
        .or_insert_with(|| toml_edit::Item::Table(toml_edit::Table::new()))
        .as_table_mut()
        .context("[permissions] is not a table")?;
    let arr = perms
        .entry(list)
        .or_insert_with(|| toml_edit::value(toml_edit::Array::new()))
        .as_array_mut()
        .with_context(|| format!("permissions.{list} is not an array"))?;
    if arr.iter().any(|v| is_rule(v, rule)) {
        return Ok(format!(
            "`{rule}` is already in [permissions] {list} of {}",
            file.display()
        ));
    }
    let change = format!("add `{rule}` to [permissions] {list} in {}", file.display());
    if !yes {
        return Ok(format!("would {change}; re-run with --yes to write it"));
    }
    arr.push(rule);
    write_validated(&file, &paths, &doc.to_string())?;
    Ok(format!("{change}: done"))
}

/// `gatehook rules remove RULE`: take the rule out of the user config's lists (`kind`, or
/// whichever holds it); without `--yes` only show it. A rule that is not in the user
/// config is an error naming where it is in effect instead.
pub fn remove(
    rule: &str,
    kind: Option<RuleKind>,
    yes: bool,
    cwd: &Path,
    env: &crate::context::Env,
) -> anyhow::Result<String> {
    let paths = ConfigPaths::discover(None);
    let (file, text) = user_config(&paths)?;
    let mut doc = parse_doc(&file, &text)?;
    let kinds = match kind {
        Some(k) => vec![k],
        None => vec![RuleKind::Allow, RuleKind::Ask, RuleKind::Deny],
    };
    let mut removed = Vec::new();
    if let Some(perms) = doc.get_mut("permissions").and_then(|p| p.as_table_mut()) {
        for k in kinds {
            let list = list_name(k);
            if let Some(arr) = perms.get_mut(list).and_then(|a| a.as_array_mut()) {
                let before = arr.len();
                arr.retain(|v| !is_rule(v, rule));
                if arr.len() != before {
                    removed.push(list);
                }
            }
        }
    }
    if removed.is_empty() {
        let elsewhere = in_effect(cwd, env)
            .map(|(rules, _)| rules)
            .unwrap_or_default()
            .into_iter()
            .filter(|r| r.rule.text == rule)
            .map(|r| {
                format!(
                    "{} {}:{}",
                    list_name(r.kind),
                    r.source.file.display(),
                    r.source.line
                )
            })
            .collect::<Vec<_>>();
        if elsewhere.is_empty() {
            bail!("`{rule}` is not in [permissions] of {}", file.display());
        }
        bail!(
            "`{rule}` is not in your user config {}; it is in effect from {} (edit that file)",
            file.display(),
            elsewhere.join(", ")
        );
    }
    let change = format!(
        "remove `{rule}` from [permissions] {} in {}",
        removed.join(", "),
        file.display()
    );
    if !yes {
        return Ok(format!("would {change}; re-run with --yes to write it"));
    }
    write_validated(&file, &paths, &doc.to_string())?;
    Ok(format!("{change}: done"))
}

/// The rules in effect for the project at `cwd`, deny then ask then allow, and the
/// config's notes on what it ignores.
fn in_effect(
    cwd: &Path,
    env: &crate::context::Env,
) -> anyhow::Result<(Vec<LoadedRule>, Vec<String>)> {
    let root = crate::context::paths::project_root(env.claude_project_dir.as_deref(), cwd);
    let cfg = config::load(&ConfigPaths::discover(Some(&root))).map_err(|errs| {
        anyhow::anyhow!(
            "{}",
            errs.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("\n")
        )
    })?;
    let r = cfg.rules;
    Ok((
        r.deny.into_iter().chain(r.ask).chain(r.allow).collect(),
        cfg.notes,
    ))
}

/// `gatehook rules list`: every rule in effect with its file and line, plus what the config
/// ignores (an untrusted project's allow rules, `managed_allow_only`).
pub fn list(json: bool, cwd: &Path, env: &crate::context::Env) -> anyhow::Result<String> {
    let (rules, notes) = in_effect(cwd, env)?;
    if json {
        let items: Vec<_> = rules
            .iter()
            .map(|r| {
                json!({"kind": list_name(r.kind), "rule": r.rule.text,
                       "file": r.source.file, "line": r.source.line,
                       "layer": format!("{:?}", r.source.layer).to_lowercase()})
            })
            .collect();
        return Ok(json!({"rules": items, "notes": notes}).to_string());
    }
    let mut s = String::new();
    if rules.is_empty() {
        s.push_str("no rules in effect\n");
    }
    for r in &rules {
        let _ = writeln!(
            s,
            "{:<6} {}   {}:{}",
            list_name(r.kind),
            crate::decision::cause::one_line(&r.rule.text, 200),
            r.source.file.display(),
            r.source.line
        );
    }
    for n in &notes {
        let _ = writeln!(s, "note: {n}");
    }
    Ok(s)
}

/// Write `new_text` to the user config `file` after checking that it loads, through a file
/// beside it (never a shared temp directory, where a planted symlink could redirect it).
fn write_validated(file: &Path, paths: &ConfigPaths, new_text: &str) -> anyhow::Result<()> {
    if let Some(dir) = file.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let check = file.with_extension(format!("toml.check.{}", std::process::id()));
    let _ = std::fs::remove_file(&check);
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&check)
        .and_then(|mut f| std::io::Write::write_all(&mut f, new_text.as_bytes()))
        .with_context(|| format!("writing {}", check.display()))?;
    let probe = ConfigPaths {
        user: Some(check.clone()),
        project: None,
        managed: paths.managed.clone(),
        trust_store: paths.trust_store.clone(),
    };
    let valid = config::load(&probe);
    let _ = std::fs::remove_file(&check);
    if let Err(errs) = valid {
        bail!(
            "the result would not load: {}",
            errs.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("; ")
        );
    }
    let tmp = file.with_extension("toml.tmp");
    std::fs::write(&tmp, new_text)?;
    std::fs::rename(&tmp, file)?;
    Ok(())
}
