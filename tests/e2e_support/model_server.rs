//! A scripted stand-in for the Anthropic messages API, on loopback, for driving the real
//! Claude Code binary offline.
//!
//! The script is a queue of replies for the *main conversation*: each main request takes
//! the next reply (a `tool_use`, or text with `end_turn`); once the queue is empty every
//! further main request gets a short text `end_turn`, so a run always ends.
//!
//! Main vs side requests (measured on Claude Code 2.1.328, `-p` mode): the main
//! conversation is `POST /v1/messages?beta=true` with `"stream": true` and a non-empty
//! `tools` array. With `CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1` nothing else reaches
//! the server; without it Claude Code also sends `HEAD /api/hello`. Anything that is not
//! the main conversation (no `tools`, `max_tokens: 1` quota probes, `count_tokens`,
//! title generation, `HEAD`/`GET` probes) gets a generic short answer and never consumes
//! the script, so a new side request in a later Claude Code version cannot desynchronise
//! the scenario.
//!
//! Every request is recorded (method, path, parsed body) so a test can assert what the
//! model was told, e.g. the `tool_result` of a denied call.

pub use super::scripted::Recorded;
use super::scripted::{self, lock, Scripted};
use serde_json::{json, Value};
use std::sync::atomic::Ordering;

/// One scripted answer of the model in the main conversation.
#[derive(Clone, Debug)]
pub enum Reply {
    /// Call a tool: `stop_reason: "tool_use"`.
    ToolUse {
        id: String,
        name: String,
        input: Value,
    },
    /// Say something and end the turn: `stop_reason: "end_turn"`.
    Text(String),
}

impl Reply {
    pub fn tool_use(id: &str, name: &str, input: Value) -> Reply {
        Reply::ToolUse {
            id: id.to_string(),
            name: name.to_string(),
            input,
        }
    }

    pub fn text(text: &str) -> Reply {
        Reply::Text(text.to_string())
    }
}

/// The running server. Dropping it stops the accept loop and every connection thread.
pub struct ModelServer(Scripted<Reply>);

type Shared = scripted::Shared<Reply>;

impl ModelServer {
    pub fn start(script: Vec<Reply>) -> ModelServer {
        ModelServer(Scripted::start(script, respond))
    }

    /// The value for `ANTHROPIC_BASE_URL`.
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

    /// The `tool_result` block the model received for `tool_use_id`: from the first main
    /// request that carries it (later requests repeat the whole conversation).
    pub fn tool_result(&self, tool_use_id: &str) -> Option<Value> {
        self.main_requests()
            .iter()
            .find_map(|r| find_tool_result(&r.body, tool_use_id))
    }

    /// A readable summary of every request, for assertion messages.
    pub fn report(&self) -> String {
        let mut out = String::new();
        for (i, r) in self.requests().iter().enumerate() {
            let kind = if r.main { "main" } else { "side" };
            out.push_str(&format!("#{i} [{kind}] {} {}", r.method, r.path));
            if let Some(last) = r
                .body
                .get("messages")
                .and_then(|m| m.as_array())
                .and_then(|m| m.last())
            {
                let mut s = last.to_string();
                truncate(&mut s, 800);
                out.push_str(&format!("\n    last message: {s}"));
            } else if !r.body.is_null() {
                let mut s = r.body.to_string();
                truncate(&mut s, 500);
                out.push_str(&format!("\n    body: {s}"));
            }
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

fn truncate(s: &mut String, max: usize) {
    if s.len() > max {
        let mut cut = max;
        while !s.is_char_boundary(cut) {
            cut -= 1;
        }
        s.truncate(cut);
        s.push('…');
    }
}

/// Finds `{"type":"tool_result","tool_use_id":id,…}` in a messages request body.
pub fn find_tool_result(body: &Value, tool_use_id: &str) -> Option<Value> {
    body.get("messages")?
        .as_array()?
        .iter()
        .filter_map(|m| m.get("content")?.as_array())
        .flatten()
        .find(|b| {
            b.get("type").and_then(Value::as_str) == Some("tool_result")
                && b.get("tool_use_id").and_then(Value::as_str) == Some(tool_use_id)
        })
        .cloned()
}

/// The text of a `tool_result` block, whether its `content` is a string or text blocks.
pub fn tool_result_text(block: &Value) -> String {
    match block.get("content") {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Array(parts)) => parts
            .iter()
            .filter_map(|p| p.get("text").and_then(Value::as_str))
            .collect::<Vec<_>>()
            .join("\n"),
        _ => String::new(),
    }
}

/// One parsed HTTP request (also used by `gemini_server`).
pub struct Request {
    pub method: String,
    pub path: String,
    pub body: Vec<u8>,
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// Parses one complete HTTP/1.1 request from the front of `buf`; `None` while incomplete.
pub fn parse_request(buf: &[u8]) -> Option<(Request, usize)> {
    let head_end = find(buf, b"\r\n\r\n")?;
    let head = String::from_utf8_lossy(&buf[..head_end]);
    let mut lines = head.split("\r\n");
    let mut first = lines.next()?.split_whitespace();
    let method = first.next()?.to_string();
    let path = first.next()?.to_string();
    let mut content_length = 0usize;
    let mut chunked = false;
    for line in lines {
        let Some((name, value)) = line.split_once(':') else {
            continue;
        };
        let (name, value) = (name.trim().to_ascii_lowercase(), value.trim());
        if name == "content-length" {
            content_length = value.parse().unwrap_or(0);
        } else if name == "transfer-encoding" && value.to_ascii_lowercase().contains("chunked") {
            chunked = true;
        }
    }
    let body_start = head_end + 4;
    if chunked {
        let (body, used) = decode_chunked(&buf[body_start..])?;
        return Some((Request { method, path, body }, body_start + used));
    }
    if buf.len() < body_start + content_length {
        return None;
    }
    let body = buf[body_start..body_start + content_length].to_vec();
    Some((Request { method, path, body }, body_start + content_length))
}

fn decode_chunked(mut data: &[u8]) -> Option<(Vec<u8>, usize)> {
    let total = data.len();
    let mut body = Vec::new();
    loop {
        let line_end = find(data, b"\r\n")?;
        let size_text = String::from_utf8_lossy(&data[..line_end]);
        let size = usize::from_str_radix(size_text.split(';').next()?.trim(), 16).ok()?;
        data = &data[line_end + 2..];
        if size == 0 {
            // Trailers (usually none), then the blank line.
            let end = find(data, b"\r\n\r\n")
                .map(|i| i + 4)
                .or_else(|| data.starts_with(b"\r\n").then_some(2))?;
            data = &data[end..];
            return Some((body, total - data.len()));
        }
        if data.len() < size + 2 {
            return None;
        }
        body.extend_from_slice(&data[..size]);
        data = &data[size + 2..];
    }
}

pub fn http_response(status: &str, content_type: &str, body: &[u8], head_only: bool) -> Vec<u8> {
    let mut out = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\n\
         Connection: keep-alive\r\nrequest-id: req_e2e\r\n\r\n",
        body.len()
    )
    .into_bytes();
    if !head_only {
        out.extend_from_slice(body);
    }
    out
}

fn is_main_conversation(req: &Request, body: &Value) -> bool {
    req.method == "POST"
        && req.path.starts_with("/v1/messages")
        && !req.path.contains("count_tokens")
        && body
            .get("tools")
            .and_then(Value::as_array)
            .is_some_and(|t| !t.is_empty())
        && body
            .get("max_tokens")
            .and_then(Value::as_u64)
            .unwrap_or(u64::MAX)
            > 1
}

fn respond(req: &Request, shared: &Shared) -> Vec<u8> {
    let body: Value = serde_json::from_slice(&req.body).unwrap_or(Value::Null);
    let main = is_main_conversation(req, &body);
    lock(&shared.requests).push(Recorded {
        method: req.method.clone(),
        path: req.path.clone(),
        body: body.clone(),
        main,
    });

    if req.method == "HEAD" {
        return http_response("200 OK", "application/json", b"", true);
    }
    if req.method != "POST" {
        return http_response("200 OK", "application/json", b"{}", false);
    }
    if req.path.contains("count_tokens") {
        return http_response(
            "200 OK",
            "application/json",
            br#"{"input_tokens":1}"#,
            false,
        );
    }
    if !req.path.starts_with("/v1/messages") {
        return http_response("200 OK", "application/json", b"{}", false);
    }

    let reply = if main {
        lock(&shared.script)
            .pop_front()
            .unwrap_or_else(|| Reply::text("done"))
    } else {
        Reply::text("ok")
    };
    let n = shared.next_id.fetch_add(1, Ordering::SeqCst);
    let model = body
        .get("model")
        .and_then(Value::as_str)
        .unwrap_or("claude-e2e")
        .to_string();
    if body.get("stream").and_then(Value::as_bool) == Some(true) {
        let events = sse_events(&reply, n, &model);
        http_response("200 OK", "text/event-stream", events.as_bytes(), false)
    } else {
        let message = full_message(&reply, n, &model);
        http_response(
            "200 OK",
            "application/json",
            message.to_string().as_bytes(),
            false,
        )
    }
}

fn usage() -> Value {
    json!({"input_tokens": 1, "output_tokens": 1, "cache_creation_input_tokens": 0,
           "cache_read_input_tokens": 0})
}

fn full_message(reply: &Reply, n: usize, model: &str) -> Value {
    let (content, stop_reason) = match reply {
        Reply::ToolUse { id, name, input } => (
            json!([{"type": "tool_use", "id": id, "name": name, "input": input}]),
            "tool_use",
        ),
        Reply::Text(t) => (json!([{"type": "text", "text": t}]), "end_turn"),
    };
    json!({"id": format!("msg_e2e_{n}"), "type": "message", "role": "assistant", "model": model,
           "content": content, "stop_reason": stop_reason, "stop_sequence": null,
           "usage": usage()})
}

/// The server-sent events of one streamed assistant message, exactly the sequence the
/// real API sends: message_start, one content block (start, delta, stop), message_delta
/// with the stop reason, message_stop.
fn sse_events(reply: &Reply, n: usize, model: &str) -> String {
    let start = json!({"type": "message_start", "message": {
        "id": format!("msg_e2e_{n}"), "type": "message", "role": "assistant", "model": model,
        "content": [], "stop_reason": null, "stop_sequence": null, "usage": usage()}});
    let (block, delta, stop_reason) = match reply {
        Reply::ToolUse { id, name, input } => (
            json!({"type": "tool_use", "id": id, "name": name, "input": {}}),
            json!({"type": "input_json_delta", "partial_json": input.to_string()}),
            "tool_use",
        ),
        Reply::Text(t) => (
            json!({"type": "text", "text": ""}),
            json!({"type": "text_delta", "text": t}),
            "end_turn",
        ),
    };
    let events = [
        ("message_start", start),
        (
            "content_block_start",
            json!({"type": "content_block_start", "index": 0, "content_block": block}),
        ),
        (
            "content_block_delta",
            json!({"type": "content_block_delta", "index": 0, "delta": delta}),
        ),
        (
            "content_block_stop",
            json!({"type": "content_block_stop", "index": 0}),
        ),
        (
            "message_delta",
            json!({"type": "message_delta",
                   "delta": {"stop_reason": stop_reason, "stop_sequence": null},
                   "usage": {"output_tokens": 1}}),
        ),
        ("message_stop", json!({"type": "message_stop"})),
    ];
    events
        .iter()
        .map(|(name, data)| format!("event: {name}\ndata: {data}\n\n"))
        .collect()
}
