//! Reading one config file: size-capped, UTF-8, TOML with spans, walked by hand so that every
//! unknown key, wrong type, bad value and bad rule is reported with its line, all at once.

use super::{ConfigError, ConfigFile, Layer, Provider, MAX_CONFIG_BYTES};
use crate::context::rules::{LoadedRule, Rule, RuleKind, RuleSource};
use crate::decision::{Decision, Mode};
use sha2::{Digest, Sha256};
use std::io::Read;
use std::ops::Range;
use std::path::{Path, PathBuf};
use toml::de::{DeTable, DeValue};
use toml::Spanned;

/// `[reviewer.fast]` as one file says it (unset = `None`).
#[derive(Clone, Debug, Default)]
pub(super) struct StagePatch {
    pub(super) provider: Option<Provider>,
    pub(super) url: Option<String>,
    pub(super) model: Option<String>,
    pub(super) api_key_env: Option<String>,
    pub(super) timeout_ms: Option<u64>,
    pub(super) on_failure: Option<Decision>,
}

impl StagePatch {
    pub(super) fn overlay(&mut self, o: &StagePatch) {
        if o.provider.is_some() {
            self.provider = o.provider;
        }
        if o.url.is_some() {
            self.url.clone_from(&o.url);
        }
        if o.model.is_some() {
            self.model.clone_from(&o.model);
        }
        if o.api_key_env.is_some() {
            self.api_key_env.clone_from(&o.api_key_env);
        }
        if o.timeout_ms.is_some() {
            self.timeout_ms = o.timeout_ms;
        }
        if o.on_failure.is_some() {
            self.on_failure = o.on_failure;
        }
    }
}

#[derive(Clone, Debug, Default)]
pub(super) struct ReviewerPatch {
    pub(super) provider: Option<Provider>,
    pub(super) url: Option<String>,
    pub(super) model: Option<String>,
    pub(super) api_key_env: Option<String>,
    pub(super) timeout_ms: Option<u64>,
    pub(super) on_failure: Option<Decision>,
    pub(super) environment: Option<String>,
    pub(super) pause_after: Option<u64>,
    pub(super) pause_total: Option<u64>,
}

#[derive(Clone, Debug, Default)]
pub(super) struct AuditPatch {
    pub(super) enabled: Option<bool>,
    pub(super) max_bytes: Option<u64>,
    pub(super) keep: Option<u32>,
}

/// Everything one file says.
#[derive(Clone, Debug)]
pub(super) struct FileSettings {
    pub(super) layer: Layer,
    pub(super) mode: Option<Mode>,
    pub(super) reviewer: ReviewerPatch,
    pub(super) fast: Option<StagePatch>,
    pub(super) audit: AuditPatch,
    pub(super) additional_directories: Vec<PathBuf>,
    pub(super) rules: Vec<LoadedRule>,
    pub(super) managed_allow_only: Option<bool>,
    pub(super) has_reviewer: bool,
    pub(super) has_audit: bool,
    pub(super) has_workspace: bool,
    /// `[paths] reads`.
    pub(super) reads: Option<super::ReadScope>,
    /// `[paths] writes`.
    pub(super) writes: Option<super::WriteScope>,
}

/// Read a file into bytes: `Ok(None)` when it doesn't exist; an error for anything that
/// exists but can't be read as a small regular file.
pub(super) fn read_capped(path: &Path) -> Result<Option<Vec<u8>>, String> {
    // NOTE: stat before open, so a FIFO planted at the path can't block the hook.
    let meta = match std::fs::metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("cannot read: {e}")),
    };
    if meta.is_dir() {
        return Err("cannot read: is a directory".into());
    }
    if !meta.is_file() {
        return Err("cannot read: not a regular file".into());
    }
    if meta.len() > MAX_CONFIG_BYTES {
        return Err(format!(
            "file is {} bytes; config files are capped at {MAX_CONFIG_BYTES}",
            meta.len()
        ));
    }
    // Opened without blocking and checked again: a FIFO swapped in after the stat fails.
    let file =
        crate::context::state::open_regular(path).map_err(|e| format!("cannot read: {e}"))?;
    let mut bytes = Vec::new();
    file.take(MAX_CONFIG_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read: {e}"))?;
    if bytes.len() as u64 > MAX_CONFIG_BYTES {
        return Err(format!("file is over the {MAX_CONFIG_BYTES}-byte cap"));
    }
    Ok(Some(bytes))
}

pub(super) fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// 1-based line of a byte offset.
pub(super) fn line_of(text: &str, offset: usize) -> usize {
    let end = offset.min(text.len());
    text.as_bytes()[..end]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

/// Read and parse one layer's file. Errors go to `errors`; the settings are returned even
/// when some keys were bad (the caller refuses the whole load if `errors` is non-empty).
pub(super) fn read_layer(
    layer: Layer,
    path: &Path,
    errors: &mut Vec<ConfigError>,
) -> (ConfigFile, Option<FileSettings>) {
    let mut file = ConfigFile {
        layer,
        path: path.to_path_buf(),
        exists: false,
        sha256: None,
        trusted: None,
    };
    // NOTE: a repository could point `.gatehook.toml` at any file of the person's (a key, a
    // device); its parse errors would then be echoed into deny reasons the agent reads.
    let planted_link = layer == Layer::Project
        && std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
    let read = if planted_link {
        Err("is a symlink: a project config must be a regular file".to_string())
    } else {
        read_capped(path)
    };
    let bytes = match read {
        Ok(None) => return (file, None),
        Ok(Some(b)) => b,
        Err(message) => {
            file.exists = true;
            errors.push(ConfigError {
                file: path.to_path_buf(),
                line: None,
                message,
            });
            return (file, None);
        }
    };
    file.exists = true;
    // Only the project file's bytes are compared with the trust store. The hash is not
    // taken of the others: the first sha256 of a process probes the CPU's features, and
    // `cpuid` traps to the hypervisor on a virtual machine (microseconds each, per call).
    if layer == Layer::Project {
        file.sha256 = Some(sha256_hex(&bytes));
    }
    let Ok(text) = String::from_utf8(bytes) else {
        errors.push(ConfigError {
            file: path.to_path_buf(),
            line: None,
            message: "not valid UTF-8".into(),
        });
        return (file, None);
    };
    let settings = parse_text(layer, path, &text, errors);
    (file, Some(settings))
}

struct Walker<'a> {
    file: &'a Path,
    text: &'a str,
    layer: Layer,
    errors: &'a mut Vec<ConfigError>,
}

type Table<'i> = DeTable<'i>;
type Value<'i> = Spanned<DeValue<'i>>;

impl Walker<'_> {
    fn err(&mut self, span: Range<usize>, message: impl Into<String>) {
        self.errors.push(ConfigError {
            file: self.file.to_path_buf(),
            line: Some(line_of(self.text, span.start)),
            message: message.into(),
        });
    }

    fn unknown(&mut self, span: Range<usize>, section: &str, key: &str, known: &[&str]) {
        let hint = if key == "api_key" {
            " (keys are never stored in files: set `api_key_env` to the NAME of an env var)"
                .to_string()
        } else {
            format!(" (expected one of: {})", known.join(", "))
        };
        self.err(span, format!("unknown key `{section}{key}`{hint}"));
    }

    fn string(&mut self, v: &Value, key: &str) -> Option<String> {
        match v.get_ref().as_str() {
            Some(s) => Some(s.to_string()),
            None => {
                let t = v.get_ref().type_str();
                self.err(v.span(), format!("`{key}` must be a string, found {t}"));
                None
            }
        }
    }

    fn boolean(&mut self, v: &Value, key: &str) -> Option<bool> {
        let b = v.get_ref().as_bool();
        if b.is_none() {
            let t = v.get_ref().type_str();
            self.err(
                v.span(),
                format!("`{key}` must be true or false, found {t}"),
            );
        }
        b
    }

    fn integer(&mut self, v: &Value, key: &str, range: Range<u64>) -> Option<u64> {
        let n = v
            .get_ref()
            .as_integer()
            .and_then(|i| i64::from_str_radix(i.as_str(), i.radix()).ok());
        match n.and_then(|n| u64::try_from(n).ok()) {
            Some(n) if range.contains(&n) => Some(n),
            _ => {
                self.err(
                    v.span(),
                    format!(
                        "`{key}` must be an integer from {} to {}",
                        range.start,
                        range.end - 1
                    ),
                );
                None
            }
        }
    }

    fn table<'v, 'i>(&mut self, v: &'v Value<'i>, key: &str) -> Option<&'v Table<'i>> {
        let t = v.get_ref().as_table();
        if t.is_none() {
            let ty = v.get_ref().type_str();
            self.err(v.span(), format!("`{key}` must be a table, found {ty}"));
        }
        t
    }

    fn choice<T>(
        &mut self,
        v: &Value,
        key: &str,
        parse: fn(&str) -> Option<T>,
        names: &str,
    ) -> Option<T> {
        let s = self.string(v, key)?;
        let parsed = parse(&s);
        if parsed.is_none() {
            self.err(
                v.span(),
                format!("`{key}` must be one of {names}, found \"{s}\""),
            );
        }
        parsed
    }
}

fn parse_on_failure(s: &str) -> Option<Decision> {
    match s {
        "ask" => Some(Decision::Ask),
        "deny" => Some(Decision::Deny),
        _ => None,
    }
}

fn env_name_ok(s: &str) -> bool {
    let mut c = s.chars();
    c.next()
        .is_some_and(|f| f.is_ascii_alphabetic() || f == '_')
        && c.all(|ch| ch.is_ascii_alphanumeric() || ch == '_')
}

pub(super) fn parse_text(
    layer: Layer,
    file: &Path,
    text: &str,
    errors: &mut Vec<ConfigError>,
) -> FileSettings {
    let mut out = FileSettings {
        layer,
        mode: None,
        reviewer: ReviewerPatch::default(),
        fast: None,
        audit: AuditPatch::default(),
        additional_directories: Vec::new(),
        rules: Vec::new(),
        managed_allow_only: None,
        has_reviewer: false,
        has_audit: false,
        has_workspace: false,
        reads: None,
        writes: None,
    };
    let mut w = Walker {
        file,
        text,
        layer,
        errors,
    };
    let (doc, syntax) = DeTable::parse_recoverable(text);
    if !syntax.is_empty() {
        for e in syntax {
            let line = e.span().map(|s| line_of(text, s.start));
            w.errors.push(ConfigError {
                file: file.to_path_buf(),
                line,
                message: format!("TOML syntax: {}", e.message().trim()),
            });
        }
        return out;
    }
    for (k, v) in doc.get_ref().iter() {
        match k.get_ref().as_ref() {
            "mode" => {
                out.mode = w.choice(v, "mode", Mode::parse, "\"guard\", \"auto\", \"observe\"")
            }
            "reviewer" => {
                out.has_reviewer = true;
                if let Some(t) = w.table(v, "reviewer") {
                    reviewer(&mut w, t, &mut out);
                }
            }
            "audit" => {
                out.has_audit = true;
                if let Some(t) = w.table(v, "audit") {
                    audit(&mut w, t, &mut out.audit);
                }
            }
            "workspace" => {
                out.has_workspace = true;
                if let Some(t) = w.table(v, "workspace") {
                    workspace(&mut w, t, &mut out.additional_directories);
                }
            }
            "permissions" => {
                if let Some(t) = w.table(v, "permissions") {
                    permissions(&mut w, t, &mut out);
                }
            }
            "paths" => {
                if let Some(t) = w.table(v, "paths") {
                    for (k, v) in t.iter() {
                        match k.get_ref().as_ref() {
                            "reads" => {
                                out.reads = w.choice(
                                    v,
                                    "paths.reads",
                                    super::ReadScope::parse,
                                    "\"anywhere\", \"workspace\"",
                                )
                            }
                            "writes" => {
                                out.writes = w.choice(
                                    v,
                                    "paths.writes",
                                    super::WriteScope::parse,
                                    "\"scratch\", \"workspace\"",
                                )
                            }
                            other => w.unknown(k.span(), "paths.", other, &["reads", "writes"]),
                        }
                    }
                }
            }
            other => w.unknown(
                k.span(),
                "",
                other,
                &[
                    "mode",
                    "[reviewer]",
                    "[audit]",
                    "[workspace]",
                    "[paths]",
                    "[permissions]",
                ],
            ),
        }
    }
    out
}

const STAGE_KEYS: &[&str] = &[
    "provider",
    "url",
    "model",
    "api_key_env",
    "timeout_ms",
    "on_failure",
];

/// A key shared by `[reviewer]` and `[reviewer.fast]`; false if `key` isn't one.
fn stage_key(w: &mut Walker, key: &str, full: &str, v: &Value, p: &mut StagePatch) -> bool {
    match key {
        "provider" => {
            p.provider = w.choice(
                v,
                full,
                Provider::parse,
                "\"openai\", \"anthropic\", \"none\"",
            )
        }
        "url" => {
            if let Some(u) = w.string(v, full) {
                if u.starts_with("http://") || u.starts_with("https://") {
                    p.url = Some(u);
                } else {
                    w.err(
                        v.span(),
                        format!("`{full}` must start with http:// or https://"),
                    );
                }
            }
        }
        "model" => p.model = w.string(v, full),
        "api_key_env" => {
            if let Some(n) = w.string(v, full) {
                if env_name_ok(&n) {
                    p.api_key_env = Some(n);
                } else {
                    w.err(
                        v.span(),
                        format!("`{full}` must be the NAME of an environment variable, like GATEHOOK_REVIEWER_KEY"),
                    );
                }
            }
        }
        "timeout_ms" => p.timeout_ms = w.integer(v, full, 1..600_001),
        "on_failure" => p.on_failure = w.choice(v, full, parse_on_failure, "\"ask\", \"deny\""),
        _ => return false,
    }
    true
}

fn reviewer(w: &mut Walker, t: &Table, out: &mut FileSettings) {
    let mut stage = StagePatch::default();
    for (k, v) in t.iter() {
        let key = k.get_ref().as_ref();
        let full = format!("reviewer.{key}");
        if stage_key(w, key, &full, v, &mut stage) {
            continue;
        }
        match key {
            "environment" => out.reviewer.environment = w.string(v, &full),
            "pause_after" => out.reviewer.pause_after = w.integer(v, &full, 1..1001),
            "pause_total" => out.reviewer.pause_total = w.integer(v, &full, 1..100_001),
            "fast" => {
                if let Some(ft) = w.table(v, "reviewer.fast") {
                    let mut fast = StagePatch::default();
                    for (fk, fv) in ft.iter() {
                        let fkey = fk.get_ref().as_ref();
                        let ffull = format!("reviewer.fast.{fkey}");
                        if !stage_key(w, fkey, &ffull, fv, &mut fast) {
                            w.unknown(fk.span(), "reviewer.fast.", fkey, STAGE_KEYS);
                        }
                    }
                    out.fast = Some(fast);
                }
            }
            other => {
                let mut known = STAGE_KEYS.to_vec();
                known.extend([
                    "environment",
                    "pause_after",
                    "pause_total",
                    "[reviewer.fast]",
                ]);
                w.unknown(k.span(), "reviewer.", other, &known);
            }
        }
    }
    let r = &mut out.reviewer;
    r.provider = stage.provider;
    r.url = stage.url;
    r.model = stage.model;
    r.api_key_env = stage.api_key_env;
    r.timeout_ms = stage.timeout_ms;
    r.on_failure = stage.on_failure;
}

fn audit(w: &mut Walker, t: &Table, a: &mut AuditPatch) {
    for (k, v) in t.iter() {
        match k.get_ref().as_ref() {
            "enabled" => a.enabled = w.boolean(v, "audit.enabled"),
            "max_bytes" => a.max_bytes = w.integer(v, "audit.max_bytes", 1..u64::MAX),
            "keep" => {
                a.keep = w
                    .integer(v, "audit.keep", 0..101)
                    .and_then(|n| u32::try_from(n).ok())
            }
            other => w.unknown(k.span(), "audit.", other, &["enabled", "max_bytes", "keep"]),
        }
    }
}

fn workspace(w: &mut Walker, t: &Table, dirs: &mut Vec<PathBuf>) {
    for (k, v) in t.iter() {
        match k.get_ref().as_ref() {
            "additional_directories" => {
                let Some(items) = v.get_ref().as_array() else {
                    let ty = v.get_ref().type_str();
                    w.err(
                        v.span(),
                        format!("`workspace.additional_directories` must be an array of strings, found {ty}"),
                    );
                    continue;
                };
                for item in items.iter() {
                    let Some(s) = w.string(item, "workspace.additional_directories entry") else {
                        continue;
                    };
                    match expand_dir(&s) {
                        Some(p) => dirs.push(p),
                        None => w.err(
                            item.span(),
                            format!(
                                "additional directory \"{s}\" must be absolute or start with `~/`"
                            ),
                        ),
                    }
                }
            }
            other => w.unknown(k.span(), "workspace.", other, &["additional_directories"]),
        }
    }
}

fn expand_dir(s: &str) -> Option<PathBuf> {
    if s.contains('\0') {
        return None;
    }
    let home = || directories::BaseDirs::new().map(|b| b.home_dir().to_path_buf());
    let p = if s == "~" {
        home()?
    } else if let Some(rest) = s.strip_prefix("~/") {
        home()?.join(rest)
    } else {
        PathBuf::from(s)
    };
    p.is_absolute().then_some(p)
}

fn permissions(w: &mut Walker, t: &Table, out: &mut FileSettings) {
    for (k, v) in t.iter() {
        let key = k.get_ref().as_ref();
        let kind = match key {
            "allow" => RuleKind::Allow,
            "ask" => RuleKind::Ask,
            "deny" => RuleKind::Deny,
            "managed_allow_only" => {
                if w.layer == Layer::Managed {
                    out.managed_allow_only = w.boolean(v, "permissions.managed_allow_only");
                } else {
                    w.err(
                        k.span(),
                        "`permissions.managed_allow_only` is only valid in the managed config",
                    );
                }
                continue;
            }
            other => {
                w.unknown(
                    k.span(),
                    "permissions.",
                    other,
                    &["allow", "ask", "deny", "managed_allow_only"],
                );
                continue;
            }
        };
        let Some(items) = v.get_ref().as_array() else {
            let ty = v.get_ref().type_str();
            w.err(
                v.span(),
                format!("`permissions.{key}` must be an array of rules, found {ty}"),
            );
            continue;
        };
        for item in items.iter() {
            let Some((s, message)) = rule_entry(w, item, key) else {
                continue;
            };
            match Rule::parse_for(kind, &s) {
                Ok(rule) => out.rules.push(LoadedRule {
                    rule,
                    kind,
                    source: RuleSource {
                        layer: w.layer,
                        file: w.file.to_path_buf(),
                        line: line_of(w.text, item.span().start),
                    },
                    message,
                }),
                Err(e) => {
                    let carried = match &message {
                        Some(_) => " (its message is not used until the rule is fixed)",
                        None => "",
                    };
                    w.err(item.span(), format!("bad {key} rule \"{s}\"{carried}: {e}"))
                }
            }
        }
    }
}

/// One entry of a rule list: a Claude Code rule string, or a table
/// `{ rule = "Bash(python:*)", message = "use `uv run python`" }` that adds the message shown
/// when the rule matches. `None` (with the error recorded) when it is neither.
fn rule_entry(w: &mut Walker, item: &Value, key: &str) -> Option<(String, Option<String>)> {
    let Some(t) = item.get_ref().as_table() else {
        if item.get_ref().as_str().is_none() {
            let ty = item.get_ref().type_str();
            w.err(
                item.span(),
                format!(
                    "`permissions.{key}` entry must be a rule string or a table {{ rule = \"…\", message = \"…\" }}, found {ty}"
                ),
            );
            return None;
        }
        return w
            .string(item, &format!("permissions.{key} entry"))
            .map(|s| (s, None));
    };
    let mut rule = None;
    let mut message = None;
    let mut ok = true;
    for (k, v) in t.iter() {
        match k.get_ref().as_ref() {
            "rule" => rule = w.string(v, &format!("permissions.{key} rule")),
            "message" => message = w.string(v, &format!("permissions.{key} message")),
            other => {
                w.unknown(
                    k.span(),
                    &format!("permissions.{key} entry "),
                    other,
                    &["rule", "message"],
                );
                ok = false;
            }
        }
    }
    match rule {
        Some(r) if ok => Some((r, message)),
        Some(_) => None,
        None => {
            w.err(
                item.span(),
                format!("`permissions.{key}` table entry has no `rule`"),
            );
            None
        }
    }
}
