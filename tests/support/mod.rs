//! A small harness for the built binary: a temp home with planted credentials, a temp git
//! workspace, a private GATEHOOK_HOME, and helpers that pipe a payload into `gatehook hook`.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

pub mod llama;
pub mod reviewer;

use serde_json::{json, Value};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

pub const BIN: &str = env!("CARGO_BIN_EXE_gatehook");

pub struct Env {
    _tmp: tempfile::TempDir,
    pub root: PathBuf,
    pub home: PathBuf,
    pub ws: PathBuf,
    pub gh: PathBuf,
    pub managed: PathBuf,
}

#[derive(Debug)]
pub struct Out {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Out {
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.stdout).unwrap_or(Value::Null)
    }
    /// allow / ask / deny / none; a blocking exit 2 counts as deny.
    pub fn decision(&self) -> String {
        if self.code == 2 {
            return "deny".into();
        }
        assert_eq!(self.code, 0, "unexpected exit code: {self:?}");
        if self.stdout.trim().is_empty() {
            return "none".into();
        }
        let v = self.json();
        let h = &v["hookSpecificOutput"];
        if let Some(d) = h["permissionDecision"].as_str() {
            return d.to_string();
        }
        if let Some(b) = h["decision"]["behavior"].as_str() {
            return b.to_string();
        }
        panic!("unrecognised output: {self:?}")
    }
    pub fn reason(&self) -> String {
        let v = self.json();
        let h = &v["hookSpecificOutput"];
        h["permissionDecisionReason"]
            .as_str()
            .or(h["decision"]["message"].as_str())
            .map(str::to_string)
            .unwrap_or_else(|| self.stderr.clone())
    }
    /// The `[cause]` in the reason line.
    pub fn cause(&self) -> String {
        let r = self.reason();
        match (r.find('['), r.find(']')) {
            (Some(a), Some(b)) if b > a => r[a + 1..b].to_string(),
            _ => String::new(),
        }
    }
}

impl Env {
    pub fn new() -> Env {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path().canonicalize().unwrap();
        let home = root.join("home");
        let ws = root.join("ws");
        let gh = root.join("gh");
        for (rel, text) in [
            (".ssh/id_rsa", "-----BEGIN OPENSSH PRIVATE KEY-----\nx\n"),
            (".ssh/id_rsa.pub", "ssh-rsa AAAA x\n"),
            (
                ".aws/credentials",
                "[default]\naws_access_key_id = AKIAEXAMPLE\n",
            ),
            (".claude/settings.json", "{}\n"),
            (".bashrc", "# rc\n"),
        ] {
            let p = home.join(rel);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, text).unwrap();
        }
        std::fs::create_dir_all(ws.join(".git")).unwrap();
        std::fs::create_dir_all(ws.join("src")).unwrap();
        std::fs::write(ws.join("src/main.rs"), "fn main() {}\n").unwrap();
        std::fs::write(ws.join("README.md"), "# demo\n").unwrap();
        let managed = root.join("managed/config.toml");
        Env {
            _tmp: tmp,
            root,
            home,
            ws,
            gh,
            managed,
        }
    }

    /// Write the user config (GATEHOOK_HOME/config.toml).
    pub fn config(&self, text: &str) -> &Env {
        // Private whatever the umask: gatehook distrusts a group-writable state directory.
        std::os::unix::fs::DirBuilderExt::mode(std::fs::DirBuilder::new().recursive(true), 0o700)
            .create(&self.gh)
            .unwrap();
        std::fs::write(self.gh.join("config.toml"), text).unwrap();
        self
    }

    pub fn command(&self, args: &[&str]) -> Command {
        let mut c = Command::new(BIN);
        c.args(args)
            .env_clear()
            .env("PATH", std::env::var("PATH").unwrap_or_default())
            .env("HOME", &self.home)
            .env("GATEHOOK_HOME", &self.gh)
            .env("GATEHOOK_MANAGED_CONFIG", &self.managed)
            .current_dir(&self.ws);
        c
    }

    pub fn run_raw(&self, mut cmd: Command, stdin: &[u8]) -> Out {
        cmd.stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut child = cmd.spawn().unwrap();
        {
            let mut si = child.stdin.take().unwrap();
            let _ = si.write_all(stdin);
        }
        let o = child.wait_with_output().unwrap();
        Out {
            code: o.status.code().unwrap_or(-1),
            stdout: String::from_utf8_lossy(&o.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&o.stderr).into_owned(),
        }
    }

    pub fn hook_bytes(&self, stdin: &[u8]) -> Out {
        self.run_raw(self.command(&["hook"]), stdin)
    }

    pub fn hook(&self, payload: &Value) -> Out {
        self.hook_bytes(payload.to_string().as_bytes())
    }

    /// Replace `$WS`, `$HOME`, `$GH` in a JSON text and parse it.
    pub fn expand(&self, text: &str) -> Value {
        let t = text
            .replace("$WS", self.ws.to_str().unwrap())
            .replace("$HOME", self.home.to_str().unwrap())
            .replace("$GH", self.gh.to_str().unwrap());
        serde_json::from_str(&t).unwrap_or_else(|e| panic!("bad test JSON {t}: {e}"))
    }

    pub fn payload(&self, tool: &str, input: Value) -> Value {
        json!({
            "session_id": "test-session",
            "transcript_path": self.root.join("t.jsonl"),
            "cwd": self.ws,
            "prompt_id": "p1",
            "permission_mode": "default",
            "hook_event_name": "PreToolUse",
            "tool_name": tool,
            "tool_input": input,
            "tool_use_id": "toolu_1",
        })
    }

    pub fn pre(&self, tool: &str, input_json: &str) -> Out {
        let input = self.expand(input_json);
        self.hook(&self.payload(tool, input))
    }

    pub fn audit_lines(&self) -> Vec<Value> {
        let p = self.gh.join("audit.jsonl");
        let Ok(text) = std::fs::read_to_string(p) else {
            return Vec::new();
        };
        text.lines()
            .map(|l| serde_json::from_str(l).expect("audit line parses"))
            .collect()
    }

    pub fn path(&self, rel: &str) -> PathBuf {
        self.ws.join(rel)
    }
}

/// A Bash call in the payload's session and turn.
pub fn bash(env: &Env, cmd: &str) -> Out {
    env.hook(&env.payload("Bash", json!({ "command": cmd })))
}

/// The person's message `text` in the payload's session; gatehook records it and says
/// nothing.
pub fn say(env: &Env, text: &str) {
    let p = json!({"session_id": "test-session", "cwd": env.ws, "hook_event_name": "UserPromptSubmit",
                   "prompt": text, "prompt_id": "p-say"});
    let out = env.hook(&p);
    assert_eq!((out.code, out.stdout.as_str()), (0, ""), "{out:?}");
}

pub fn exists(p: &Path) -> bool {
    p.exists()
}
