//! A real llama.cpp server (PyPI `xllamacpp`, via scripts/llama/serve.py) for the tests:
//! started once per test binary on a free loopback port with one thread, and gone when the
//! binary exits (its stdin is a pipe held here, and it dies with the thread that spawned
//! it, which never ends). scripts/test.sh sets it up once and names it in the environment:
//! `GATEHOOK_LLAMA_PYTHON` (the venv's python) and `GATEHOOK_LLAMA_SMOLLM2` (the checked
//! .gguf), plus `GATEHOOK_LLAMA_QWEN_0_5B` / `GATEHOOK_LLAMA_QWEN_1_5B` when the Qwen
//! models are opted in (`GATEHOOK_TEST_QWEN=1`). Without them a test says SKIPPED loudly,
//! and fails under CI=true.
//!
//! [`Proxy`] sits between gatehook and the server when a test needs to see the exchange or
//! change the request (never the response): it forwards to the real server and records
//! both sides.

use super::reviewer::Req;
use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::{mpsc, Arc, Mutex, MutexGuard, OnceLock};
use std::time::{Duration, Instant};

/// The API key the shared server requires (tests pass it through `api_key_env`).
pub const KEY: &str = "gatehook-test-key-1";
pub const KEY_ENV: &str = "GATEHOOK_TEST_LLAMA_KEY";
/// How long a server may take to load its model on a loaded machine.
const START_LIMIT: Duration = Duration::from_secs(300);

pub struct Llama {
    pub port: u16,
    pub models: Vec<String>,
    _child: Mutex<Child>,
    _stdin: Mutex<ChildStdin>,
}

impl Llama {
    pub fn chat_url(&self) -> String {
        format!("http://127.0.0.1:{}/v1/chat/completions", self.port)
    }
}

/// Which model a test wants: the env var naming its .gguf, and the aliases to serve.
pub struct Model {
    pub env: &'static str,
    pub aliases: &'static [&'static str],
}

pub const SMOLLM2: Model = Model {
    env: "GATEHOOK_LLAMA_SMOLLM2",
    aliases: &["smollm2-full", "smollm2-fast"],
};
pub const QWEN_0_5B: Model = Model {
    env: "GATEHOOK_LLAMA_QWEN_0_5B",
    aliases: &["qwen-0.5b"],
};
pub const QWEN_1_5B: Model = Model {
    env: "GATEHOOK_LLAMA_QWEN_1_5B",
    aliases: &["qwen-1.5b"],
};

fn ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true")
}

/// The model's file and the venv's python, or None (SKIPPED, or a panic under CI=true
/// for SmolLM2, which CI must have).
pub fn configured(m: &Model, required_in_ci: bool) -> Option<(String, String)> {
    let py = std::env::var("GATEHOOK_LLAMA_PYTHON")
        .ok()
        .filter(|s| !s.is_empty());
    let gguf = std::env::var(m.env).ok().filter(|s| !s.is_empty());
    match (py, gguf) {
        (Some(py), Some(gguf)) => Some((py, gguf)),
        _ => {
            let msg = format!(
                "SKIPPED: no local llama.cpp server: GATEHOOK_LLAMA_PYTHON and {} are not set \
                 (scripts/test.sh sets them up: scripts/local-reviewer.sh setup ...)",
                m.env
            );
            if ci() && required_in_ci {
                panic!("{msg}; CI=true needs it");
            }
            eprintln!("{msg}");
            None
        }
    }
}

/// Start a server for `m` (for the life of the test binary).
pub fn start(m: &Model, py: &str, gguf: &str) -> Llama {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/llama/serve.py");
    let log = std::env::temp_dir().join(format!(
        "gatehook-test-llama-{}-{}.log",
        std::process::id(),
        m.aliases[0]
    ));
    let mut cmd = Command::new(py);
    cmd.arg(script)
        .args([
            "serve",
            "--gguf",
            gguf,
            "--json",
            "--until-stdin-eof",
            "--threads",
            "1",
        ])
        .arg("--log")
        .arg(&log)
        .args(["--api-key-env", KEY_ENV])
        .env(KEY_ENV, KEY)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit());
    for a in m.aliases {
        cmd.args(["--alias", a]);
    }
    // Spawned from a thread that never ends: the server's parent-death signal is tied to
    // the spawning thread, and a test's thread ends with the test.
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let r = cmd.spawn();
        let _ = tx.send(r);
        loop {
            std::thread::park();
        }
    });
    let mut child = rx
        .recv()
        .expect("spawner thread")
        .expect("start scripts/llama/serve.py");
    let stdin = child.stdin.take().expect("stdin");
    let stdout = child.stdout.take().expect("stdout");
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut line = String::new();
        let _ = BufReader::new(stdout).read_line(&mut line);
        let _ = tx.send(line);
    });
    let line = rx.recv_timeout(START_LIMIT).unwrap_or_default();
    let ready: Value = serde_json::from_str(line.trim()).unwrap_or_else(|_| {
        let _ = child.kill();
        let tail = std::fs::read_to_string(&log).unwrap_or_default();
        let tail: String = tail.lines().rev().take(20).collect::<Vec<_>>().join("\n");
        panic!("the llama.cpp server did not start (stdout {line:?}); log tail (reversed):\n{tail}")
    });
    let url = ready["url"].as_str().unwrap_or_default();
    let port = url.rsplit(':').next().unwrap().parse().unwrap();
    Llama {
        port,
        models: m.aliases.iter().map(|s| s.to_string()).collect(),
        _child: Mutex::new(child),
        _stdin: Mutex::new(stdin),
    }
}

static SMOL: OnceLock<Option<Llama>> = OnceLock::new();
static SERIAL: Mutex<()> = Mutex::new(());

/// The guard that keeps this binary's model tests one at a time.
pub fn serial() -> MutexGuard<'static, ()> {
    SERIAL.lock().unwrap_or_else(|e| e.into_inner())
}

/// The shared SmolLM2 server, and a guard that keeps this binary's tests one at a time (the
/// server has one slot; a test that occupies it on purpose must not hold up another's).
pub fn smollm2() -> Option<(&'static Llama, MutexGuard<'static, ()>)> {
    let guard = serial();
    let l = SMOL
        .get_or_init(|| configured(&SMOLLM2, true).map(|(py, gguf)| start(&SMOLLM2, &py, &gguf)))
        .as_ref()?;
    Some((l, guard))
}

/// A GET with the key, for the server's own views (`/slots`, `/health`).
pub fn get(port: u16, path: &str) -> (u16, String) {
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    write!(
        s,
        "GET {path} HTTP/1.1\r\nhost: 127.0.0.1\r\nauthorization: Bearer {KEY}\r\nconnection: close\r\n\r\n"
    )
    .unwrap();
    let mut raw = Vec::new();
    let _ = s.read_to_end(&mut raw);
    split_response(&raw)
}

/// Is any slot of the server processing a task?
pub fn busy(port: u16) -> bool {
    let (_, body) = get(port, "/slots");
    let v: Value = serde_json::from_str(&body).unwrap_or(Value::Null);
    v.as_array()
        .is_some_and(|a| a.iter().any(|s| s["is_processing"] == Value::Bool(true)))
}

/// Wait (bounded) until the server is idle.
pub fn wait_idle(port: u16, limit: Duration) -> bool {
    let end = Instant::now() + limit;
    while Instant::now() < end {
        if !busy(port) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(200));
    }
    false
}

/// Status and body of a raw HTTP/1.1 response (content-length, chunked, or to EOF).
pub fn split_response(raw: &[u8]) -> (u16, String) {
    let text = String::from_utf8_lossy(raw).into_owned();
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let Some(at) = text.find("\r\n\r\n") else {
        return (status, String::new());
    };
    let head = text[..at].to_lowercase();
    let body = &text[at + 4..];
    if head.contains("transfer-encoding: chunked") {
        let mut out = String::new();
        let mut rest = body;
        while let Some(nl) = rest.find("\r\n") {
            let n = usize::from_str_radix(rest[..nl].trim(), 16).unwrap_or(0);
            if n == 0 || rest.len() < nl + 2 + n {
                break;
            }
            out.push_str(&rest[nl + 2..nl + 2 + n]);
            rest = &rest[(nl + 2 + n + 2).min(rest.len())..];
        }
        return (status, out);
    }
    (status, body.to_string())
}

/// One request gatehook made through the proxy, as forwarded, and the server's answer.
#[derive(Clone, Debug)]
pub struct Exchange {
    pub headers: Vec<(String, String)>,
    /// The request body as forwarded (after the test's edit).
    pub request: Value,
    pub status: u16,
    /// The server's answer; a stream of events is shown as the whole response it makes
    /// (content joined, the last finish_reason and usage).
    pub response: Value,
    /// The server answered with a stream of events.
    pub streamed: bool,
}

/// The whole chat completion a stream of `data:` events makes, read independently of
/// gatehook's own reader: the content deltas of choice 0 joined, the last non-null
/// `finish_reason`, the last non-null `usage`.
fn from_stream(text: &str) -> Option<Value> {
    let mut content = String::new();
    let mut finish = Value::Null;
    let mut usage = Value::Null;
    let mut any = false;
    for line in text.lines() {
        let Some(d) = line.strip_prefix("data:").map(str::trim) else {
            continue;
        };
        if d == "[DONE]" {
            break;
        }
        let v: Value = serde_json::from_str(d).ok()?;
        any = true;
        if let Some(t) = v
            .pointer("/choices/0/delta/content")
            .and_then(Value::as_str)
        {
            content.push_str(t);
        }
        if let Some(f) = v
            .pointer("/choices/0/finish_reason")
            .filter(|f| !f.is_null())
        {
            finish = f.clone();
        }
        if let Some(u) = v.get("usage").filter(|u| !u.is_null()) {
            usage = u.clone();
        }
    }
    any.then(|| {
        serde_json::json!({
            "choices": [{"message": {"content": content}, "finish_reason": finish}],
            "usage": usage,
        })
    })
}

type Edit = Arc<dyn Fn(usize, &mut Value) + Send + Sync>;

pub struct Proxy {
    pub port: u16,
    pub seen: Arc<Mutex<Vec<Exchange>>>,
}

impl Proxy {
    /// Forward to the server on `upstream`; `edit(n, body)` may change the n-th request body.
    pub fn start(upstream: u16, edit: impl Fn(usize, &mut Value) + Send + Sync + 'static) -> Proxy {
        let l = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = l.local_addr().unwrap().port();
        let seen = Arc::new(Mutex::new(Vec::new()));
        let (seen2, edit): (_, Edit) = (seen.clone(), Arc::new(edit));
        let n = Arc::new(Mutex::new(0usize));
        std::thread::spawn(move || {
            for s in l.incoming().flatten() {
                let (seen3, edit2, n2) = (seen2.clone(), edit.clone(), n.clone());
                std::thread::spawn(move || forward(s, upstream, &seen3, &edit2, &n2));
            }
        });
        Proxy { port, seen }
    }

    pub fn url(&self) -> String {
        self.url_of("/v1/chat/completions")
    }

    pub fn url_of(&self, path: &str) -> String {
        format!("http://127.0.0.1:{}{path}", self.port)
    }

    pub fn exchanges(&self) -> Vec<Exchange> {
        self.seen.lock().unwrap().clone()
    }
}

fn forward(
    s: TcpStream,
    upstream: u16,
    seen: &Mutex<Vec<Exchange>>,
    edit: &Edit,
    n: &Mutex<usize>,
) {
    let Some(Req {
        path,
        headers,
        body,
    }) = super::reviewer::read_request(&s)
    else {
        return;
    };
    let path = if path.is_empty() { "/".into() } else { path };
    let mut request: Value = serde_json::from_str(&body).unwrap_or(Value::Null);
    let i = {
        let mut g = n.lock().unwrap();
        *g += 1;
        *g - 1
    };
    edit(i, &mut request);
    let out = request.to_string();
    let mut up = TcpStream::connect(("127.0.0.1", upstream)).unwrap();
    let mut head = format!("POST {path} HTTP/1.1\r\nhost: 127.0.0.1:{upstream}\r\n");
    for (k, v) in &headers {
        if !matches!(k.as_str(), "host" | "content-length" | "connection") {
            head.push_str(&format!("{k}: {v}\r\n"));
        }
    }
    head.push_str(&format!(
        "content-length: {}\r\nconnection: close\r\n\r\n",
        out.len()
    ));
    up.write_all(head.as_bytes()).unwrap();
    up.write_all(out.as_bytes()).unwrap();
    let mut raw = Vec::new();
    let _ = up.read_to_end(&mut raw);
    let (status, text) = split_response(&raw);
    let streamed = text.trim_start().starts_with("data:");
    seen.lock().unwrap().push(Exchange {
        headers,
        request,
        status,
        response: serde_json::from_str(&text)
            .ok()
            .or_else(|| from_stream(&text))
            .unwrap_or(Value::String(text)),
        streamed,
    });
    let mut w = s;
    let _ = w.write_all(&raw);
}
