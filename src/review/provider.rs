//! One HTTP request to a model: OpenAI chat completions (streamed) or Anthropic messages.
//! An OpenAI-compatible request asks for a stream (`stream`, with the usage in its last
//! event): the server writes each token as it makes it, so when gatehook gives up at its
//! deadline and the connection closes, the server's next write fails and it stops working
//! on the abandoned request (llama.cpp, vLLM and others finish a non-streamed request
//! whoever is waiting, and the next call queues behind it). The events are assembled into
//! the one reply they make and judged exactly as a whole response is; a server that
//! ignores `stream` and answers with one JSON body is read as before. The fallback when a
//! server refuses the request (HTTP 400) is the plain, unstreamed request without a
//! schema. The HTTP agent is built here, only when a review is actually needed, so
//! calls that need none pay for no TLS or HTTP setup. The stage's deadline holds for the
//! whole exchange (DNS, connect, send, read, the structured-output retry): the request runs
//! on a worker thread and is abandoned when the deadline passes. Every failure is an
//! error string; the caller fails closed. A reply the model did not finish (OpenAI
//! `finish_reason`, Anthropic `stop_reason` other than a natural stop: cut at the token
//! limit, filtered, a tool call) is a failure too, whatever its text looks like. The token
//! counts the server reports (prompt, of which served from its prefix cache, completion)
//! come back with the text for the audit.

use super::verdict;
use crate::context::config::{Provider, ReviewerConfig, StageConfig};
use serde::Serialize;
use serde_json::{json, Value};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Largest response body read.
pub const MAX_RESPONSE_BYTES: u64 = 1024 * 1024;
/// Output tokens asked for: a verdict is well under 200; a model that rambles past this is
/// cut (and fails closed) instead of holding the call for its whole deadline.
pub const MAX_TOKENS: u32 = 400;

/// One reviewer stage, as configured.
#[derive(Clone, Debug)]
pub struct Stage {
    pub name: &'static str,
    pub provider: Provider,
    pub url: Option<String>,
    pub model: Option<String>,
    pub api_key_env: Option<String>,
    pub timeout: Duration,
}

impl Stage {
    pub fn full(r: &ReviewerConfig) -> Stage {
        Stage {
            name: "full",
            provider: r.provider,
            url: r.url.clone(),
            model: r.model.clone(),
            api_key_env: r.api_key_env.clone(),
            timeout: Duration::from_millis(r.timeout_ms),
        }
    }

    pub fn fast(s: &StageConfig) -> Stage {
        Stage {
            name: "fast",
            provider: s.provider,
            url: s.url.clone(),
            model: s.model.clone(),
            api_key_env: s.api_key_env.clone(),
            timeout: Duration::from_millis(s.timeout_ms),
        }
    }

    pub fn model_name(&self) -> String {
        self.model.clone().unwrap_or_default()
    }
}

/// What the server reported about tokens (absent when it said nothing).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Usage {
    /// Prompt tokens, including those served from the prefix cache.
    pub prompt: Option<u64>,
    /// Prompt tokens the server served from its prefix cache.
    pub cached: Option<u64>,
    pub completion: Option<u64>,
}

/// The model's finished reply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    pub text: String,
    pub usage: Usage,
}

/// One exchange's outcome: the finished reply text or why there is none, and the token
/// counts the server reported either way (a reply cut at the limit still cost them).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    pub text: Result<String, String>,
    pub usage: Usage,
}

impl Answer {
    fn failed(e: impl Into<String>) -> Answer {
        Answer {
            text: Err(e.into()),
            usage: Usage::default(),
        }
    }
}

/// Ask the model; returns the reply text.
pub fn ask(stage: &Stage, system: &str, user: &str) -> Result<String, String> {
    ask_reply(stage, system, user).text
}

/// Ask the model; returns the reply text and the server's token counts.
pub fn ask_reply(stage: &Stage, system: &str, user: &str) -> Answer {
    let Some(url) = stage.url.clone().filter(|u| !u.is_empty()) else {
        return Answer::failed("[reviewer] url is not set");
    };
    if stage.provider == Provider::None {
        return Answer::failed("[reviewer] provider is \"none\"");
    }
    // An absent key variable means no auth header (local servers).
    let key = stage
        .api_key_env
        .as_deref()
        .and_then(|n| std::env::var(n).ok())
        .filter(|k| !k.is_empty());
    let deadline = Instant::now() + stage.timeout;
    let (tx, rx) = mpsc::channel();
    let st = stage.clone();
    let (system, user) = (system.to_string(), user.to_string());
    std::thread::spawn(move || {
        let _ = tx.send(exchange(
            &st,
            &url,
            key.as_deref(),
            &system,
            &user,
            deadline,
        ));
    });
    match rx.recv_timeout(stage.timeout) {
        Ok(r) => r,
        Err(_) => Answer::failed(format!("no answer within {} ms", stage.timeout.as_millis())),
    }
}

fn body(stage: &Stage, system: &str, user: &str, structured: bool) -> Value {
    let model = stage.model_name();
    match stage.provider {
        Provider::Anthropic => json!({
            "model": model,
            "max_tokens": MAX_TOKENS,
            "temperature": 0,
            "system": system,
            "messages": [{"role": "user", "content": user}],
        }),
        Provider::OpenAi | Provider::None => {
            let mut b = json!({
                "model": model,
                "temperature": 0,
                "max_tokens": MAX_TOKENS,
                "messages": [
                    {"role": "system", "content": system},
                    {"role": "user", "content": user},
                ],
            });
            // The first request streams and asks for the schema; the fallback is the plain
            // request every server takes.
            if structured {
                b["response_format"] = json!({
                    "type": "json_schema",
                    "json_schema": {"name": "gatehook_verdict", "strict": true,
                                    "schema": verdict::schema()},
                });
                b["stream"] = json!(true);
                b["stream_options"] = json!({"include_usage": true});
            }
            b
        }
    }
}

fn exchange(
    stage: &Stage,
    url: &str,
    key: Option<&str>,
    system: &str,
    user: &str,
    deadline: Instant,
) -> Answer {
    let structured = stage.provider == Provider::OpenAi;
    let first = post(
        stage,
        url,
        key,
        &body(stage, system, user, structured),
        deadline,
    );
    let (status, text) = match first {
        // The server does not take JSON-schema output: once more without it.
        Ok((400, _)) if structured => {
            match post(stage, url, key, &body(stage, system, user, false), deadline) {
                Ok(r) => r,
                Err(e) => return Answer::failed(e),
            }
        }
        Ok(r) => r,
        Err(e) => return Answer::failed(e),
    };
    if !(200..300).contains(&status) {
        return Answer::failed(format!(
            "HTTP {status} from the reviewer: {}",
            crate::decision::cause::one_line(&text, 160)
        ));
    }
    let text = if stage.provider != Provider::Anthropic && is_event_stream(&text) {
        match assemble_stream(&text) {
            Ok(whole) => whole.to_string(),
            Err(e) => return Answer::failed(e),
        }
    } else {
        text
    };
    let usage = serde_json::from_str::<Value>(&text)
        .map(|v| usage_of(stage.provider, &v))
        .unwrap_or_default();
    Answer {
        text: reply_text(stage.provider, &text).map(|r| r.text),
        usage,
    }
}

fn post(
    stage: &Stage,
    url: &str,
    key: Option<&str>,
    body: &Value,
    deadline: Instant,
) -> Result<(u16, String), String> {
    let remaining = deadline
        .checked_duration_since(Instant::now())
        .filter(|d| !d.is_zero())
        .ok_or("the deadline passed")?;
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .max_redirects(0)
        .timeout_global(Some(remaining))
        .user_agent(concat!("gatehook/", env!("CARGO_PKG_VERSION")))
        .build()
        .into();
    let mut req = agent.post(url).header("content-type", "application/json");
    match (stage.provider, key) {
        (Provider::Anthropic, k) => {
            req = req.header("anthropic-version", "2023-06-01");
            if let Some(k) = k {
                req = req.header("x-api-key", k);
            }
        }
        (_, Some(k)) => req = req.header("authorization", &format!("Bearer {k}")),
        (_, None) => {}
    }
    let mut resp = req
        .send(body.to_string().as_bytes())
        .map_err(|e| format!("request failed: {e}"))?;
    let status = resp.status().as_u16();
    let text = resp
        .body_mut()
        .with_config()
        .limit(MAX_RESPONSE_BYTES)
        .read_to_string()
        .map_err(|e| format!("reading the response failed: {e}"))?;
    Ok((status, text))
}

/// Is this response body a stream of server-sent events (`data: …` lines)?
fn is_event_stream(body: &str) -> bool {
    let start = body.trim_start();
    start.starts_with("data:") || start.starts_with("event:") || start.starts_with(':')
}

/// The chat completion a stream of OpenAI `chat.completion.chunk` events makes: the
/// content deltas of choice 0 joined, its last `finish_reason`, any refusal, and the usage
/// the last event carries, in the shape of a whole response, so [`reply_text`] judges it
/// as it judges any reply (a stream cut before a `finish_reason` is an unfinished reply).
/// An `error` event is the server's failure.
pub fn assemble_stream(body: &str) -> Result<Value, String> {
    let mut content = String::new();
    let mut refusal: Option<String> = None;
    let mut finish: Value = Value::Null;
    let mut usage: Value = Value::Null;
    let mut events = 0usize;
    for line in body.lines() {
        let Some(data) = line.strip_prefix("data:") else {
            // Comments, `event:`/`id:`/`retry:` fields and the blank lines between events.
            continue;
        };
        let data = data.trim();
        if data == "[DONE]" {
            break;
        }
        let v: Value = serde_json::from_str(data)
            .map_err(|_| "an event of the response stream is not JSON".to_string())?;
        events += 1;
        if let Some(e) = v.get("error") {
            let msg = e
                .get("message")
                .and_then(Value::as_str)
                .map(str::to_string)
                .unwrap_or_else(|| e.to_string());
            return Err(format!(
                "the reviewer reported an error in its stream: {}",
                crate::decision::cause::one_line(&msg, 160)
            ));
        }
        if let Some(u) = v.get("usage").filter(|u| !u.is_null()) {
            usage = u.clone();
        }
        let Some(choice) = v.pointer("/choices/0") else {
            continue;
        };
        if let Some(t) = choice.pointer("/delta/content").and_then(Value::as_str) {
            if content.len() + t.len() > MAX_RESPONSE_BYTES as usize {
                return Err("the streamed reply is too long".into());
            }
            content.push_str(t);
        }
        if let Some(r) = choice.pointer("/delta/refusal").and_then(Value::as_str) {
            refusal.get_or_insert_with(String::new).push_str(r);
        }
        if let Some(f) = choice.get("finish_reason").filter(|f| !f.is_null()) {
            finish = f.clone();
        }
    }
    if events == 0 {
        return Err("the response stream has no events".into());
    }
    let mut message = json!({"role": "assistant", "content": content});
    if let Some(r) = refusal {
        message["refusal"] = json!(r);
    }
    Ok(json!({
        "choices": [{"index": 0, "message": message, "finish_reason": finish}],
        "usage": usage,
    }))
}

fn count(v: &Value, pointer: &str) -> Option<u64> {
    v.pointer(pointer).and_then(Value::as_u64)
}

/// The model's finished reply from a provider response body.
pub fn reply_text(provider: Provider, body: &str) -> Result<Reply, String> {
    let v: Value =
        serde_json::from_str(body).map_err(|_| "the response is not JSON".to_string())?;
    let text = match provider {
        Provider::Anthropic => {
            match v.get("stop_reason").and_then(Value::as_str) {
                Some("end_turn") => {}
                Some("max_tokens") => {
                    return Err(
                        "the reply was cut at the token limit (stop_reason max_tokens)".into(),
                    )
                }
                other => return Err(unfinished("stop_reason", other)),
            }
            let blocks = v
                .get("content")
                .and_then(Value::as_array)
                .ok_or("the response has no content")?;
            let texts: Vec<&str> = blocks
                .iter()
                .filter(|b| b.get("type").and_then(Value::as_str) == Some("text"))
                .filter_map(|b| b.get("text").and_then(Value::as_str))
                .collect();
            if texts.is_empty() {
                return Err("the response has no text".into());
            }
            texts.concat()
        }
        Provider::OpenAi | Provider::None => {
            let msg = v
                .pointer("/choices/0/message")
                .ok_or("the response has no choices[0].message")?;
            if let Some(r) = msg.get("refusal").and_then(Value::as_str) {
                return Err(format!(
                    "the model refused: {}",
                    crate::decision::cause::one_line(r, 120)
                ));
            }
            match v
                .pointer("/choices/0/finish_reason")
                .and_then(Value::as_str)
            {
                Some("stop") => {}
                Some("length") => {
                    return Err(
                        "the reply was cut at the token limit (finish_reason length)".into(),
                    )
                }
                other => return Err(unfinished("finish_reason", other)),
            }
            msg.get("content")
                .and_then(Value::as_str)
                .map(str::to_string)
                .ok_or_else(|| "the response has no message content".to_string())?
        }
    };
    Ok(Reply {
        text,
        usage: usage_of(provider, &v),
    })
}

/// The token counts in a provider response body (absent ones stay `None`).
pub fn usage_of(provider: Provider, v: &Value) -> Usage {
    match provider {
        Provider::Anthropic => Usage {
            prompt: match (
                count(v, "/usage/input_tokens"),
                count(v, "/usage/cache_read_input_tokens"),
                count(v, "/usage/cache_creation_input_tokens"),
            ) {
                (Some(i), r, c) => Some(i + r.unwrap_or(0) + c.unwrap_or(0)),
                (None, ..) => None,
            },
            cached: count(v, "/usage/cache_read_input_tokens"),
            completion: count(v, "/usage/output_tokens"),
        },
        Provider::OpenAi | Provider::None => Usage {
            prompt: count(v, "/usage/prompt_tokens"),
            cached: count(v, "/usage/prompt_tokens_details/cached_tokens"),
            completion: count(v, "/usage/completion_tokens"),
        },
    }
}

/// The error for a reply the model did not end on its own.
fn unfinished(field: &str, value: Option<&str>) -> String {
    match value {
        Some(r) => format!(
            "the model did not finish its reply ({field} {})",
            crate::decision::cause::one_line(r, 40)
        ),
        None => format!("the response has no {field}: an unfinished reply is not a verdict"),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn openai(finish: Value, content: &str) -> String {
        json!({"choices": [{"index": 0, "finish_reason": finish,
                            "message": {"role": "assistant", "content": content}}],
               "usage": {"prompt_tokens": 900, "completion_tokens": 40,
                         "prompt_tokens_details": {"cached_tokens": 700}}})
        .to_string()
    }

    fn anthropic(stop: Value, text: &str) -> String {
        json!({"type": "message", "content": [{"type": "text", "text": text}],
               "stop_reason": stop,
               "usage": {"input_tokens": 100, "output_tokens": 30,
                         "cache_read_input_tokens": 800, "cache_creation_input_tokens": 0}})
        .to_string()
    }

    #[test]
    fn a_finished_reply_comes_with_its_token_counts() {
        let r = reply_text(Provider::OpenAi, &openai(json!("stop"), "{}")).unwrap();
        assert_eq!(r.text, "{}");
        assert_eq!(
            r.usage,
            Usage {
                prompt: Some(900),
                cached: Some(700),
                completion: Some(40)
            }
        );
        let r = reply_text(Provider::Anthropic, &anthropic(json!("end_turn"), "{}")).unwrap();
        assert_eq!(r.text, "{}");
        assert_eq!(
            r.usage,
            Usage {
                prompt: Some(900),
                cached: Some(800),
                completion: Some(30)
            }
        );
        let bare = json!({"choices": [{"finish_reason": "stop", "message": {"content": "x"}}]});
        let r = reply_text(Provider::OpenAi, &bare.to_string()).unwrap();
        assert_eq!(r.usage, Usage::default());
    }

    #[test]
    fn an_unfinished_reply_is_an_error_whatever_its_text() {
        let whole =
            r#"{"decision":"allow","risk":"low","reason":"x","kind":null,"evidence":["m1"]}"#;
        for (finish, says) in [
            (json!("length"), "cut at the token limit"),
            (json!("content_filter"), "did not finish"),
            (json!("tool_calls"), "did not finish"),
            (Value::Null, "no finish_reason"),
        ] {
            let e = reply_text(Provider::OpenAi, &openai(finish.clone(), whole)).unwrap_err();
            assert!(e.contains(says), "{finish}: {e}");
        }
        for (stop, says) in [
            (json!("max_tokens"), "cut at the token limit"),
            (json!("refusal"), "did not finish"),
            (json!("stop_sequence"), "did not finish"),
            (Value::Null, "no stop_reason"),
        ] {
            let e = reply_text(Provider::Anthropic, &anthropic(stop.clone(), whole)).unwrap_err();
            assert!(e.contains(says), "{stop}: {e}");
        }
    }

    #[test]
    fn the_structured_request_carries_the_schema_and_the_plain_one_does_not() {
        let stage = Stage {
            name: "full",
            provider: Provider::OpenAi,
            url: None,
            model: Some("m".into()),
            api_key_env: None,
            timeout: Duration::from_secs(1),
        };
        let b = body(&stage, "s", "u", true);
        assert_eq!(b["response_format"]["type"], "json_schema");
        assert_eq!(b["max_tokens"], MAX_TOKENS);
        assert_eq!(b["stream"], true);
        assert_eq!(b["stream_options"]["include_usage"], true);
        let plain = body(&stage, "s", "u", false);
        assert!(plain.get("response_format").is_none());
        assert!(plain.get("stream").is_none());
    }

    fn sse(events: &[Value]) -> String {
        let mut s = String::from(": keep-alive\n\n");
        for e in events {
            s.push_str(&format!("data: {e}\n\n"));
        }
        s.push_str("data: [DONE]\n\n");
        s
    }

    fn delta(text: &str, finish: Value) -> Value {
        json!({"object": "chat.completion.chunk",
               "choices": [{"index": 0, "delta": {"content": text}, "finish_reason": finish}]})
    }

    #[test]
    fn a_stream_is_the_reply_its_events_make() {
        let body = sse(&[
            json!({"choices": [{"index": 0, "delta": {"role": "assistant"}, "finish_reason": null}]}),
            delta("{\"decision\":", Value::Null),
            delta("\"ask\"}", Value::Null),
            delta("", json!("stop")),
            json!({"choices": [], "usage": {"prompt_tokens": 90, "completion_tokens": 7,
                                          "prompt_tokens_details": {"cached_tokens": 60}}}),
        ]);
        assert!(is_event_stream(&body));
        let whole = assemble_stream(&body).unwrap().to_string();
        let r = reply_text(Provider::OpenAi, &whole).unwrap();
        assert_eq!(r.text, "{\"decision\":\"ask\"}");
        assert_eq!(r.usage.prompt, Some(90));
        assert_eq!(r.usage.cached, Some(60));
        assert_eq!(r.usage.completion, Some(7));
        // A whole JSON body is no stream.
        assert!(!is_event_stream(&openai(json!("stop"), "x")));
    }

    #[test]
    fn a_stream_that_does_not_finish_fails_closed() {
        // Cut at the token limit, cut off before any finish_reason, an error event, a
        // refusal, no events, an event that is not JSON.
        let cases: Vec<(String, &str)> = vec![
            (
                sse(&[delta("{\"decision\":\"allow\"", json!("length"))]),
                "token limit",
            ),
            (
                "data: ".to_string()
                    + &delta("{\"decision\":\"allow\"}", Value::Null).to_string()
                    + "\n\n",
                "finish_reason",
            ),
            (
                sse(&[delta("{\"decision\":\"allow\"}", Value::Null)]),
                "finish_reason",
            ),
            (
                sse(&[json!({"error": {"message": "slot unavailable"}})]),
                "slot unavailable",
            ),
            (
                sse(&[
                    json!({"choices": [{"index": 0, "delta": {"refusal": "no"}, "finish_reason": null}]}),
                    delta("", json!("stop")),
                ]),
                "refused",
            ),
            (": only a comment\n\n".to_string(), "no events"),
            ("data: {not json\n\n".to_string(), "not JSON"),
        ];
        for (body, says) in cases {
            let e = assemble_stream(&body)
                .map(|v| v.to_string())
                .and_then(|w| reply_text(Provider::OpenAi, &w).map(|r| r.text))
                .unwrap_err();
            assert!(e.contains(says), "{body:?}: {e}");
        }
    }
}
