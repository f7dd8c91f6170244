//! OpenAI Codex: where its hooks live (`$CODEX_HOME/hooks.json`, a project's
//! `.codex/hooks.json`) and its trust in them, asked of Codex itself.
//!
//! Codex runs a hook that is not managed only when the person's own `config.toml` holds a
//! `[hooks.state."<source>:<event>:<group>:<handler>"]` entry whose `trusted_hash` is the
//! hash of the hook's normalised definition; `codex exec` skips any other hook without a
//! word, and editing a hook silently untrusts it. That hash is Codex's own (a sha256 over a
//! canonical form whose fields change between versions), so gatehook never computes it: it
//! starts `codex app-server`, asks `hooks/list` for each handler's `currentHash` and
//! `trustStatus`, records the hashes of gatehook's own handlers (and only those) with
//! `config/batchWrite` — the same entry Codex's `/hooks` screen writes — and asks
//! `hooks/list` again to check that Codex now reports them trusted. The person running
//! `gatehook install --codex` is the consent: the hooks are gatehook's, registered at their
//! request, and they can only refuse calls (gatehook never sends Codex an allow).
//!
//! A project's hooks run only in a project the person trusts in Codex; gatehook does not
//! trust projects on anyone's behalf (that loads the repository's whole `.codex/` config).

use crate::cli::install::merge;
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

/// Longest an exchange with `codex app-server` may take (its first start takes about 2 s).
pub const APP_SERVER_DEADLINE: Duration = Duration::from_secs(30);

/// Codex's home: `CODEX_HOME` when set (a relative value is taken from `cwd`), else
/// `~/.codex`. Returns the directory and where it came from, for messages.
pub fn home(home: Option<&Path>, cwd: &Path) -> Result<(PathBuf, &'static str), String> {
    match std::env::var_os("CODEX_HOME").filter(|v| !v.is_empty()) {
        Some(v) => Ok((
            crate::context::paths::normalize(&cwd.join(PathBuf::from(v))),
            "CODEX_HOME",
        )),
        None => home
            .map(|h| (h.join(".codex"), "~/.codex"))
            .ok_or_else(|| "HOME is not set, so ~/.codex cannot be found".to_string()),
    }
}

/// The `codex` program on PATH.
pub fn find_codex() -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .filter(|d| d.is_absolute())
        .map(|d| d.join("codex"))
        .find(|p| {
            std::fs::metadata(p).is_ok_and(|m| {
                m.is_file()
                    && std::os::unix::fs::PermissionsExt::mode(&m.permissions()) & 0o111 != 0
            })
        })
}

/// One hook as `codex app-server`'s `hooks/list` reports it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct HookEntry {
    /// `<source>:<event>:<group>:<handler>`, the `hooks.state` key.
    pub key: String,
    /// `preToolUse`, `permissionRequest`, `userPromptSubmit`, …
    pub event: String,
    pub command: String,
    pub source_path: PathBuf,
    pub current_hash: String,
    /// `trusted`, `untrusted`, `modified` or `managed`.
    pub trust_status: String,
    pub enabled: bool,
}

impl HookEntry {
    /// Whether Codex runs it (trusted or managed, and enabled).
    pub fn runs(&self) -> bool {
        self.enabled && matches!(self.trust_status.as_str(), "trusted" | "managed")
    }

    fn from_json(v: &Value) -> Option<HookEntry> {
        let s = |k: &str| v.get(k).and_then(Value::as_str).map(str::to_string);
        Some(HookEntry {
            key: s("key")?,
            event: s("eventName")?,
            command: s("command").unwrap_or_default(),
            source_path: PathBuf::from(s("sourcePath")?),
            current_hash: s("currentHash")?,
            trust_status: s("trustStatus")?,
            enabled: v.get("enabled").and_then(Value::as_bool).unwrap_or(false),
        })
    }
}

/// What `hooks/list` says for one working directory.
#[derive(Clone, Debug, Default)]
pub struct Listing {
    pub hooks: Vec<HookEntry>,
    /// Codex's own warnings and errors about the hook files (unparsable file, bad matcher).
    pub problems: Vec<String>,
}

impl Listing {
    /// gatehook's handlers from `source` (compared resolved, as Codex reports its path).
    pub fn gatehook_from(&self, source: &Path, exe_name: &str) -> Vec<&HookEntry> {
        let want = std::fs::canonicalize(source).unwrap_or_else(|_| source.to_path_buf());
        self.hooks
            .iter()
            .filter(|h| {
                let have =
                    std::fs::canonicalize(&h.source_path).unwrap_or_else(|_| h.source_path.clone());
                have == want && merge::is_gatehook_command(&h.command, exe_name)
            })
            .collect()
    }
}

/// A running `codex app-server`, spoken to over JSON-RPC lines on stdin/stdout.
pub struct AppServer {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    next_id: u64,
    deadline: Instant,
}

impl AppServer {
    /// Starts `codex app-server` with `CODEX_HOME` set to `codex_home` and completes the
    /// `initialize` handshake.
    pub fn start(codex: &Path, codex_home: &Path) -> Result<AppServer, String> {
        let mut child = Command::new(codex)
            .arg("app-server")
            .env("CODEX_HOME", codex_home)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {} app-server: {e}", codex.display()))?;
        let stdout = child
            .stdout
            .take()
            .ok_or("codex app-server has no stdout")?;
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        let mut s = AppServer {
            child,
            stdin,
            lines,
            next_id: 0,
            deadline: Instant::now() + APP_SERVER_DEADLINE,
        };
        let client = json!({"name": "gatehook", "version": env!("CARGO_PKG_VERSION")});
        s.request("initialize", json!({ "clientInfo": client }))?;
        s.send(&json!({"method": "initialized"}))?;
        Ok(s)
    }

    fn send(&mut self, msg: &Value) -> Result<(), String> {
        let stdin = self
            .stdin
            .as_mut()
            .ok_or("codex app-server's stdin is closed")?;
        writeln!(stdin, "{msg}")
            .and_then(|()| stdin.flush())
            .map_err(|e| format!("codex app-server stopped reading: {e}"))
    }

    /// One request and its result (an error answer or a timeout is an `Err`).
    pub fn request(&mut self, method: &str, params: Value) -> Result<Value, String> {
        let id = self.next_id;
        self.next_id += 1;
        self.send(&json!({"id": id, "method": method, "params": params}))?;
        loop {
            let left = self.deadline.saturating_duration_since(Instant::now());
            let line = self.lines.recv_timeout(left).map_err(|_| {
                format!(
                    "codex app-server did not answer {method} within {} s",
                    APP_SERVER_DEADLINE.as_secs()
                )
            })?;
            let Ok(msg) = serde_json::from_str::<Value>(&line) else {
                continue;
            };
            if msg.get("id") != Some(&json!(id)) || msg.get("method").is_some() {
                continue; // a notification, or a request of the server's own
            }
            if let Some(e) = msg.get("error") {
                return Err(format!("codex app-server refused {method}: {e}"));
            }
            return msg
                .get("result")
                .cloned()
                .ok_or_else(|| format!("codex app-server answered {method} without a result"));
        }
    }

    /// `hooks/list` for `cwd`.
    pub fn list(&mut self, cwd: &Path) -> Result<Listing, String> {
        let r = self.request("hooks/list", json!({ "cwds": [cwd] }))?;
        let mut out = Listing::default();
        for entry in r["data"].as_array().into_iter().flatten() {
            for h in entry["hooks"].as_array().into_iter().flatten() {
                out.hooks.extend(HookEntry::from_json(h));
            }
            for w in entry["warnings"].as_array().into_iter().flatten() {
                out.problems.extend(w.as_str().map(str::to_string));
            }
            for e in entry["errors"].as_array().into_iter().flatten() {
                out.problems.push(format!(
                    "{}: {}",
                    e["path"].as_str().unwrap_or("?"),
                    e["message"].as_str().unwrap_or("?")
                ));
            }
        }
        Ok(out)
    }

    /// Records Codex's trust in `hooks` (each at its `currentHash`), re-enabling any that
    /// is disabled, in the user's `config.toml`, through Codex's own config writer.
    pub fn trust(&mut self, hooks: &[&HookEntry]) -> Result<(), String> {
        let mut state = serde_json::Map::new();
        for h in hooks {
            let mut entry = json!({"trusted_hash": h.current_hash});
            if !h.enabled {
                entry["enabled"] = json!(true);
            }
            state.insert(h.key.clone(), entry);
        }
        self.request(
            "config/batchWrite",
            json!({"edits": [{"keyPath": "hooks.state", "mergeStrategy": "upsert",
                              "value": Value::Object(state)}]}),
        )
        .map(|_| ())
    }
}

impl Drop for AppServer {
    fn drop(&mut self) {
        // Closing stdin ends the server; it is killed if it lingers.
        self.stdin.take();
        let until = Instant::now() + Duration::from_secs(2);
        while Instant::now() < until {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// What trusting gatehook's handlers in `source` came to.
#[derive(Debug)]
pub struct Trusted {
    /// gatehook's handlers as Codex reports them after the write.
    pub hooks: Vec<HookEntry>,
    /// How many entries were written (0: they were all trusted already).
    pub written: usize,
    pub problems: Vec<String>,
}

/// Asks Codex (`codex`, with `codex_home`) for gatehook's handlers in `source` as seen from
/// `cwd`, records its trust in those it does not run, and lists them again.
pub fn trust_gatehook(
    codex: &Path,
    codex_home: &Path,
    cwd: &Path,
    source: &Path,
    exe_name: &str,
) -> Result<Trusted, String> {
    let mut server = AppServer::start(codex, codex_home)?;
    let before = server.list(cwd)?;
    let todo: Vec<&HookEntry> = before
        .gatehook_from(source, exe_name)
        .into_iter()
        .filter(|h| !h.runs())
        .collect();
    if !todo.is_empty() {
        server.trust(&todo)?;
    }
    let after = server.list(cwd)?;
    Ok(Trusted {
        hooks: after
            .gatehook_from(source, exe_name)
            .into_iter()
            .cloned()
            .collect(),
        written: todo.len(),
        problems: after.problems,
    })
}

/// Whether the user's `config.toml` in `codex_home` turns hooks off (`[features] hooks =
/// false`, or the older `codex_hooks = false`): the key that does, if any.
pub fn hooks_disabled(codex_home: &Path) -> Option<&'static str> {
    let text = std::fs::read_to_string(codex_home.join("config.toml")).ok()?;
    let doc: toml::Table = toml::from_str(&text).ok()?;
    let features = doc.get("features")?.as_table()?;
    ["hooks", "codex_hooks"]
        .into_iter()
        .find(|k| features.get(*k).and_then(toml::Value::as_bool) == Some(false))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn hook_entries_are_read_as_codex_reports_them() {
        let v = json!({"key": "/h/.codex/hooks.json:pre_tool_use:0:0", "eventName": "preToolUse",
            "handlerType": "command", "command": crate::cli::install::PORTABLE_COMMAND,
            "sourcePath": "/h/.codex/hooks.json", "currentHash": "sha256:ab",
            "trustStatus": "untrusted", "enabled": true, "isManaged": false});
        let h = HookEntry::from_json(&v).unwrap();
        assert!(!h.runs());
        let l = Listing {
            hooks: vec![h.clone()],
            problems: vec![],
        };
        assert_eq!(
            l.gatehook_from(Path::new("/h/.codex/hooks.json"), "gatehook")
                .len(),
            1
        );
        assert!(l
            .gatehook_from(Path::new("/other/hooks.json"), "gatehook")
            .is_empty());
        let trusted = HookEntry {
            trust_status: "trusted".into(),
            ..h.clone()
        };
        assert!(trusted.runs());
        let disabled = HookEntry {
            enabled: false,
            ..trusted
        };
        assert!(!disabled.runs());
        // A missing field is no entry at all, never a trusted one.
        let mut broken = v.clone();
        broken.as_object_mut().unwrap().remove("currentHash");
        assert_eq!(HookEntry::from_json(&broken), None);
    }

    #[test]
    fn hooks_off_in_config_is_found() {
        let d = tempfile::tempdir().unwrap();
        assert_eq!(hooks_disabled(d.path()), None);
        std::fs::write(d.path().join("config.toml"), "[features]\nhooks = true\n").unwrap();
        assert_eq!(hooks_disabled(d.path()), None);
        std::fs::write(
            d.path().join("config.toml"),
            "[features]\ncodex_hooks = false\n",
        )
        .unwrap();
        assert_eq!(hooks_disabled(d.path()), Some("codex_hooks"));
    }
}
