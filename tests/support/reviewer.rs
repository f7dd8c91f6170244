//! A scripted reviewer (OpenAI chat completions or Anthropic messages) on loopback: each
//! request is recorded and answered by a policy closure.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use super::Env;

/// What the fake server does with a request.
#[derive(Clone)]
pub enum Reply {
    /// The model's text, wrapped in the provider's response shape.
    Text(String),
    /// A raw HTTP status and body.
    Status(u16, String),
    /// Never answer.
    Hang,
    /// The model's text as a stream of server-sent events, one token-sized piece every
    /// `gap`, then a final event with `finish` and the usage; `cut` (when set) is raised
    /// if the client closed the connection before the stream ended.
    Stream {
        text: String,
        piece: usize,
        gap: Duration,
        finish: &'static str,
        cut: Option<Arc<std::sync::atomic::AtomicBool>>,
    },
}

#[derive(Clone, Debug)]
pub struct Req {
    pub path: String,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

pub type Policy = Arc<dyn Fn(&Req) -> Reply + Send + Sync>;

pub struct Server {
    pub port: u16,
    pub reqs: Arc<Mutex<Vec<Req>>>,
}

impl Server {
    pub fn start(policy: impl Fn(&Req) -> Reply + Send + Sync + 'static) -> Server {
        let l = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = l.local_addr().unwrap().port();
        let reqs = Arc::new(Mutex::new(Vec::new()));
        let (r2, p): (_, Policy) = (reqs.clone(), Arc::new(policy));
        std::thread::spawn(move || {
            for s in l.incoming().flatten() {
                let (r3, p2) = (r2.clone(), p.clone());
                std::thread::spawn(move || serve(s, &r3, &p2));
            }
        });
        Server { port, reqs }
    }
    pub fn url(&self, path: &str) -> String {
        format!("http://127.0.0.1:{}{path}", self.port)
    }
    pub fn count(&self) -> usize {
        self.reqs.lock().unwrap().len()
    }
    pub fn last(&self) -> Req {
        self.reqs.lock().unwrap().last().cloned().unwrap()
    }
}

/// One HTTP request: its path, headers (names lower-cased) and body; `None` when the
/// connection ends before the request does.
pub(super) fn read_request(s: &TcpStream) -> Option<Req> {
    let mut r = BufReader::new(s.try_clone().unwrap());
    let mut line = String::new();
    r.read_line(&mut line).ok()?;
    let path = line.split_whitespace().nth(1).unwrap_or("").to_string();
    let mut headers = Vec::new();
    loop {
        let mut h = String::new();
        if r.read_line(&mut h).unwrap_or(0) == 0 || h.trim().is_empty() {
            break;
        }
        if let Some((k, v)) = h.split_once(':') {
            headers.push((k.trim().to_lowercase(), v.trim().to_string()));
        }
    }
    let len: usize = headers
        .iter()
        .find(|(k, _)| k == "content-length")
        .and_then(|(_, v)| v.parse().ok())
        .unwrap_or(0);
    let mut body = vec![0; len];
    r.read_exact(&mut body).ok()?;
    Some(Req {
        path,
        headers,
        body: String::from_utf8_lossy(&body).into_owned(),
    })
}

fn serve(s: TcpStream, reqs: &Mutex<Vec<Req>>, policy: &Policy) {
    let Some(req) = read_request(&s) else {
        return;
    };
    reqs.lock().unwrap().push(req.clone());
    let (status, text) = match policy(&req) {
        Reply::Stream {
            text,
            piece,
            gap,
            finish,
            cut,
        } => {
            stream(s, &text, piece, gap, finish, cut);
            return;
        }
        Reply::Hang => {
            std::thread::sleep(Duration::from_secs(30));
            return;
        }
        Reply::Status(c, b) => (c, b),
        Reply::Text(t) if req.path.contains("/messages") => (
            200,
            json!({"id": "m", "type": "message", "role": "assistant", "model": "fake",
                   "content": [{"type": "text", "text": t}], "stop_reason": "end_turn"})
            .to_string(),
        ),
        Reply::Text(t) => (
            200,
            json!({"id": "c", "object": "chat.completion", "model": "fake",
                   "choices": [{"index": 0, "finish_reason": "stop",
                                "message": {"role": "assistant", "content": t}}]})
            .to_string(),
        ),
    };
    let mut w = s;
    let _ = write!(
        w,
        "HTTP/1.1 {status} X\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{text}",
        text.len()
    );
}

/// Send `text` as OpenAI chat-completion chunks, `piece` characters each, `gap` apart.
fn stream(
    s: TcpStream,
    text: &str,
    piece: usize,
    gap: Duration,
    finish: &str,
    cut: Option<Arc<std::sync::atomic::AtomicBool>>,
) {
    let mut w = s;
    let mut events = vec![
        json!({"choices": [{"index": 0, "delta": {"role": "assistant"},
                                              "finish_reason": null}]}),
    ];
    let chars: Vec<char> = text.chars().collect();
    for c in chars.chunks(piece.max(1)) {
        let t: String = c.iter().collect();
        events.push(json!({"choices": [{"index": 0, "delta": {"content": t},
                                        "finish_reason": null}]}));
    }
    events.push(json!({"choices": [{"index": 0, "delta": {}, "finish_reason": finish}]}));
    events.push(json!({"choices": [], "usage": {"prompt_tokens": 50, "completion_tokens": 9}}));
    let head = "HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\nconnection: close\r\n\r\n";
    let mut ok = w.write_all(head.as_bytes()).is_ok();
    for e in events {
        if !ok {
            break;
        }
        ok = w.write_all(format!("data: {e}\n\n").as_bytes()).is_ok() && w.flush().is_ok();
        std::thread::sleep(gap);
    }
    ok = ok && w.write_all(b"data: [DONE]\n\n").is_ok();
    if let Some(c) = cut {
        c.store(!ok, std::sync::atomic::Ordering::SeqCst);
    }
}

pub fn verdict(decision: &str, risk: &str, kind: Value, evidence: &[&str]) -> String {
    json!({"decision": decision, "risk": risk, "reason": "scripted", "kind": kind,
           "evidence": evidence})
    .to_string()
}

impl Server {
    /// Every request's body, in arrival order.
    pub fn bodies(&self) -> Vec<String> {
        self.reqs
            .lock()
            .unwrap()
            .iter()
            .map(|r| r.body.clone())
            .collect()
    }
}

/// The adversary of eval/run.py: allow, citing every message id the packet shows (the
/// strongest a prompt-injected reviewer could be).
pub fn allow_citing_all(r: &Req) -> Reply {
    let ids: Vec<String> = (1..)
        .map(|i| format!("m{i}"))
        .take_while(|m| r.body.contains(&format!("[{m}]")))
        .collect();
    Reply::Text(
        json!({"decision": "allow", "risk": "low", "reason": "scripted", "kind": null,
               "evidence": ids})
        .to_string(),
    )
}

// Helpers shared by the reviewer tests (tests/review.rs, tests/review_bounds.rs,
// tests/grounding.rs, …).

pub fn allow_m1() -> String {
    verdict("allow", "low", Value::Null, &["m1"])
}

pub fn auto_config(env: &Env, provider: &str, url: &str, extra: &str) {
    env.config(&format!(
        "mode = \"auto\"\n[reviewer]\nprovider = \"{provider}\"\nurl = \"{url}\"\nmodel = \"fake\"\ntimeout_ms = 3000\n{extra}"
    ));
}

/// The person's message `text` in the payload's session (`test-session`).
pub fn prompt(env: &Env, text: &str) {
    prompt_in(env, "test-session", text);
}

/// The person's message `text` in `session`.
pub fn prompt_in(env: &Env, session: &str, text: &str) {
    let mut p = env.payload("Bash", json!({}));
    let o = p.as_object_mut().unwrap();
    o.insert("hook_event_name".into(), json!("UserPromptSubmit"));
    o.insert("prompt".into(), json!(text));
    o.insert("session_id".into(), json!(session));
    o.remove("tool_name");
    o.remove("tool_input");
    assert_eq!(env.hook(&p).code, 0);
}

pub fn last_review(env: &Env) -> Value {
    env.audit_lines().last().unwrap()["review"].clone()
}

/// One env with a server answering every request the same way.
pub fn setup(provider: &str, reply: Reply) -> (Env, Server) {
    setup_with(provider, "", move |_| reply.clone())
}

/// One env in auto mode (`extra` added to its config) with a server answering each request
/// by `policy`.
pub fn setup_with(
    provider: &str,
    extra: &str,
    policy: impl Fn(&Req) -> Reply + Send + Sync + 'static,
) -> (Env, Server) {
    let srv = Server::start(policy);
    let env = Env::new();
    let path = if provider == "anthropic" {
        "/v1/messages"
    } else {
        "/v1/chat/completions"
    };
    auto_config(&env, provider, &srv.url(path), extra);
    (env, srv)
}
