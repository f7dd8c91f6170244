//! A scripted stand-in for the Gemini API (`generativelanguage.googleapis.com/v1beta`), on
//! loopback, for driving the real Gemini CLI offline (`GOOGLE_GEMINI_BASE_URL`).
//!
//! The script is a queue of replies for the *main conversation*: each main request takes
//! the next reply (a `functionCall`, or text); once the queue is empty every further main
//! request gets the text "done", so a run always ends.
//!
//! Main vs side requests (measured on Gemini CLI 0.61.0, `-p` with an explicit `-m`): the
//! main conversation is `POST /v1beta/models/<model>:streamGenerateContent?alt=sse` with a
//! non-empty `tools` array, answered as server-sent events (`data: <GenerateContentResponse>`).
//! With an explicit model nothing else reaches the server; with the default `auto` model
//! the CLI first asks a router (`:generateContent` with a JSON schema for a complexity
//! score) — which is why the runner pins `-m`. Anything that is not the main conversation
//! (`:generateContent` side calls, `:countTokens`, `GET`s) gets a generic short answer and
//! never consumes the script.
//!
//! Every request is recorded (method, path, parsed body) so a test can assert what the
//! model was told, e.g. the `functionResponse` of a denied call.

use super::model_server::{http_response, Request};
pub use super::scripted::Recorded;
use super::scripted::{self, lock, Scripted};
use serde_json::{json, Value};

/// One scripted answer of the model in the main conversation.
#[derive(Clone, Debug)]
pub enum Reply {
    /// Call a tool: one `functionCall` part.
    Call { name: String, args: Value },
    /// Say something; the turn ends.
    Text(String),
}

impl Reply {
    pub fn call(name: &str, args: Value) -> Reply {
        Reply::Call {
            name: name.to_string(),
            args,
        }
    }

    pub fn text(text: &str) -> Reply {
        Reply::Text(text.to_string())
    }
}

/// The running server. Dropping it stops the accept loop and every connection thread.
pub struct GeminiServer(Scripted<Reply>);

type Shared = scripted::Shared<Reply>;

impl GeminiServer {
    pub fn start(script: Vec<Reply>) -> GeminiServer {
        GeminiServer(Scripted::start(script, respond))
    }

    /// The value for `GOOGLE_GEMINI_BASE_URL`.
    pub fn base_url(&self) -> String {
        self.0.base_url()
    }

    pub fn requests(&self) -> Vec<Recorded> {
        self.0.requests()
    }

    pub fn main_requests(&self) -> Vec<Recorded> {
        self.0.main_requests()
    }

    /// Replies the model never got to give (the run ended early).
    pub fn unused_replies(&self) -> usize {
        self.0.unused_replies()
    }

    /// The `response` of the `functionResponse` the model received for its call of
    /// `name`: from the first main request that carries one (later requests repeat the
    /// whole conversation).
    pub fn function_response(&self, name: &str) -> Option<Value> {
        self.main_requests()
            .iter()
            .find_map(|r| find_function_response(&r.body, name))
    }

    /// A readable summary of every request, for assertion messages.
    pub fn report(&self) -> String {
        let mut out = String::new();
        for (i, r) in self.requests().iter().enumerate() {
            let kind = if r.main { "main" } else { "side" };
            out.push_str(&format!("#{i} [{kind}] {} {}", r.method, r.path));
            let last = r
                .body
                .get("contents")
                .and_then(Value::as_array)
                .and_then(|c| c.last());
            let mut s = match last {
                Some(last) => format!("\n    last content: {last}"),
                None if !r.body.is_null() => format!("\n    body: {}", r.body),
                None => String::new(),
            };
            if s.len() > 900 {
                let mut cut = 900;
                while !s.is_char_boundary(cut) {
                    cut -= 1;
                }
                s.truncate(cut);
                s.push('…');
            }
            out.push_str(&s);
            out.push('\n');
        }
        if out.is_empty() {
            out.push_str("(no requests reached the model server)\n");
        }
        out
    }

    pub fn shutdown(&mut self) {
        self.0.shutdown();
    }
}

/// `{"functionResponse": {"name": name, "response": {...}}}` in a request's `contents`:
/// its `response` object (`{"output": …}` on success, `{"error": …}` on failure).
pub fn find_function_response(body: &Value, name: &str) -> Option<Value> {
    body.get("contents")?
        .as_array()?
        .iter()
        .filter_map(|c| c.get("parts")?.as_array())
        .flatten()
        .filter_map(|p| p.get("functionResponse"))
        .find(|f| f.get("name").and_then(Value::as_str) == Some(name))
        .and_then(|f| f.get("response").cloned())
}

fn is_main_conversation(req: &Request, body: &Value) -> bool {
    req.method == "POST"
        && req.path.contains(":streamGenerateContent")
        && body
            .get("tools")
            .and_then(Value::as_array)
            .is_some_and(|t| !t.is_empty())
}

fn respond(req: &Request, shared: &Shared) -> Vec<u8> {
    let body: Value = serde_json::from_slice(&req.body).unwrap_or(Value::Null);
    let main = is_main_conversation(req, &body);
    lock(&shared.requests).push(Recorded {
        method: req.method.clone(),
        path: req.path.clone(),
        body,
        main,
    });
    if req.method != "POST" {
        return http_response("200 OK", "application/json", b"{}", req.method == "HEAD");
    }
    if req.path.contains(":countTokens") {
        return http_response("200 OK", "application/json", br#"{"totalTokens":1}"#, false);
    }
    if !req.path.contains("GenerateContent") && !req.path.contains(":generateContent") {
        return http_response("200 OK", "application/json", b"{}", false);
    }
    let reply = if main {
        lock(&shared.script)
            .pop_front()
            .unwrap_or_else(|| Reply::text("done"))
    } else {
        Reply::text("ok")
    };
    let answer = generate_content_response(&reply).to_string();
    if req.path.contains(":streamGenerateContent") {
        // One SSE event holding the whole turn, as `?alt=sse` streams it.
        let events = format!("data: {answer}\r\n\r\n");
        http_response("200 OK", "text/event-stream", events.as_bytes(), false)
    } else {
        http_response("200 OK", "application/json", answer.as_bytes(), false)
    }
}

/// A `GenerateContentResponse` with one candidate that ends the turn (`STOP`).
fn generate_content_response(reply: &Reply) -> Value {
    let part = match reply {
        Reply::Call { name, args } => json!({"functionCall": {"name": name, "args": args}}),
        Reply::Text(t) => json!({"text": t}),
    };
    json!({
        "candidates": [{
            "content": {"role": "model", "parts": [part]},
            "finishReason": "STOP",
            "index": 0
        }],
        "usageMetadata": {"promptTokenCount": 1, "candidatesTokenCount": 1, "totalTokenCount": 2},
        "modelVersion": "gemini-e2e"
    })
}
