//! A scripted stand-in for the OpenAI Responses API, on loopback, for driving the real
//! Codex CLI offline (`-c openai_base_url="http://127.0.0.1:PORT/v1"`).
//!
//! The script is a queue of replies for the *main conversation*: each main request takes
//! the next reply (a function call, a custom tool call such as `apply_patch`, or text);
//! once the queue is empty every further main request gets the text "done", so a run
//! always ends.
//!
//! What reaches the server (measured on Codex CLI 0.171.0, `codex exec` with a model
//! provider of its own, see `codex.rs`): the main conversation as `POST /v1/responses` with
//! `"stream": true` and the tools in `tools` (`exec_command`, the freeform `apply_patch`,
//! …), answered as server-sent events (`response.created`, one `response.output_item.done`,
//! `response.completed`). With the built-in provider Codex first asks, five times, to
//! upgrade `GET /v1/responses` to a WebSocket; that is answered with a plain `404`, after
//! which Codex falls back to HTTP. Anything else gets a generic short answer and never
//! consumes the script.
//!
//! Every request is recorded (method, path, parsed body) so a test can assert what the
//! model was told, e.g. the `function_call_output` of a denied call.

use super::model_server::{http_response, Request};
pub use super::scripted::Recorded;
use super::scripted::{self, lock, Scripted};
use serde_json::{json, Value};
use std::sync::atomic::Ordering;

/// One scripted answer of the model in the main conversation.
#[derive(Clone, Debug)]
pub enum Reply {
    /// Call a JSON-schema tool: a `function_call` item (`arguments` is sent as a string).
    Function {
        call_id: String,
        name: String,
        arguments: Value,
    },
    /// Call a freeform tool (`apply_patch`): a `custom_tool_call` item with raw `input`.
    Custom {
        call_id: String,
        name: String,
        input: String,
    },
    /// Say something; the turn ends.
    Text(String),
}

impl Reply {
    pub fn function(call_id: &str, name: &str, arguments: Value) -> Reply {
        Reply::Function {
            call_id: call_id.to_string(),
            name: name.to_string(),
            arguments,
        }
    }

    pub fn custom(call_id: &str, name: &str, input: &str) -> Reply {
        Reply::Custom {
            call_id: call_id.to_string(),
            name: name.to_string(),
            input: input.to_string(),
        }
    }

    pub fn text(text: &str) -> Reply {
        Reply::Text(text.to_string())
    }
}

/// The running server. Dropping it stops the accept loop and every connection thread.
pub struct CodexServer(Scripted<Reply>);

type Shared = scripted::Shared<Reply>;

impl CodexServer {
    pub fn start(script: Vec<Reply>) -> CodexServer {
        CodexServer(Scripted::start(script, respond))
    }

    /// The value for Codex's `openai_base_url`: `http://127.0.0.1:PORT/v1`.
    pub fn base_url(&self) -> String {
        format!("{}/v1", self.0.base_url())
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

    /// The `output` the model received for its call `call_id` (a `function_call_output`
    /// or `custom_tool_call_output` input item): from the first main request carrying one.
    pub fn call_output(&self, call_id: &str) -> Option<Value> {
        self.main_requests()
            .iter()
            .find_map(|r| find_call_output(&r.body, call_id))
    }

    /// A readable summary of every request, for assertion messages.
    pub fn report(&self) -> String {
        let mut out = String::new();
        for (i, r) in self.requests().iter().enumerate() {
            let kind = if r.main { "main" } else { "side" };
            out.push_str(&format!("#{i} [{kind}] {} {}", r.method, r.path));
            let last = r
                .body
                .get("input")
                .and_then(Value::as_array)
                .and_then(|c| c.last());
            let mut s = match last {
                Some(last) => format!("\n    last input item: {last}"),
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

/// The `output` of the `function_call_output` / `custom_tool_call_output` input item for
/// `call_id` in a request body.
pub fn find_call_output(body: &Value, call_id: &str) -> Option<Value> {
    body.get("input")?
        .as_array()?
        .iter()
        .filter(|i| {
            matches!(
                i.get("type").and_then(Value::as_str),
                Some("function_call_output" | "custom_tool_call_output")
            )
        })
        .find(|i| i.get("call_id").and_then(Value::as_str) == Some(call_id))
        .and_then(|i| i.get("output").cloned())
}

/// The text of a call output: a string, or the `text` parts of a content list.
pub fn output_text(output: &Value) -> String {
    match output {
        Value::String(s) => s.clone(),
        Value::Array(parts) => parts
            .iter()
            .filter_map(|p| p.get("text").and_then(Value::as_str))
            .collect::<Vec<_>>()
            .join("\n"),
        other => other.to_string(),
    }
}

fn is_main_conversation(req: &Request, body: &Value) -> bool {
    req.method == "POST"
        && req.path.split('?').next() == Some("/v1/responses")
        && body.get("input").is_some_and(Value::is_array)
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
    if req.method == "GET" && req.path.starts_with("/v1/responses") {
        // The WebSocket upgrade: refused, so Codex streams over plain HTTP.
        return http_response("404 Not Found", "application/json", b"{}", false);
    }
    if req.method == "GET" && req.path.starts_with("/v1/models") {
        return http_response("200 OK", "application/json", br#"{"data":[]}"#, false);
    }
    if !main {
        return http_response("200 OK", "application/json", b"{}", req.method == "HEAD");
    }
    let reply = lock(&shared.script)
        .pop_front()
        .unwrap_or_else(|| Reply::text("done"));
    let n = shared.next_id.fetch_add(1, Ordering::SeqCst);
    http_response(
        "200 OK",
        "text/event-stream",
        sse_events(&reply, n).as_bytes(),
        false,
    )
}

/// The server-sent events of one response: created, the one output item, completed.
fn sse_events(reply: &Reply, n: usize) -> String {
    let id = format!("resp_e2e_{n}");
    let item = match reply {
        Reply::Function {
            call_id,
            name,
            arguments,
        } => json!({"type": "function_call", "id": format!("fc_e2e_{n}"), "call_id": call_id,
                    "name": name, "arguments": arguments.to_string(), "status": "completed"}),
        Reply::Custom {
            call_id,
            name,
            input,
        } => json!({"type": "custom_tool_call", "id": format!("ctc_e2e_{n}"), "call_id": call_id,
                    "name": name, "input": input, "status": "completed"}),
        Reply::Text(t) => json!({"type": "message", "id": format!("msg_e2e_{n}"),
                    "role": "assistant", "status": "completed",
                    "content": [{"type": "output_text", "text": t, "annotations": []}]}),
    };
    let usage = json!({"input_tokens": 1, "input_tokens_details": {"cached_tokens": 0},
                       "output_tokens": 1, "output_tokens_details": {"reasoning_tokens": 0},
                       "total_tokens": 2});
    let events = [
        (
            "response.created",
            json!({"type": "response.created", "response": {"id": id, "status": "in_progress"}}),
        ),
        (
            "response.output_item.done",
            json!({"type": "response.output_item.done", "output_index": 0, "item": item}),
        ),
        (
            "response.completed",
            json!({"type": "response.completed",
                   "response": {"id": id, "status": "completed", "usage": usage}}),
        ),
    ];
    events
        .iter()
        .map(|(name, data)| format!("event: {name}\ndata: {data}\n\n"))
        .collect()
}
