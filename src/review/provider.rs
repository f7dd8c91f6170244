//! One HTTP request to a model: OpenAI chat completions or Anthropic messages, not
//! streaming. The HTTP agent is built here, only when a review is actually needed, so
//! calls that need none pay for no TLS or HTTP setup. The stage's deadline holds for the
//! whole exchange (DNS, connect, send, read, the structured-output retry): the request runs
//! on a worker thread and is abandoned when the deadline passes. Every failure is an
//! error string; the caller fails closed.

use super::verdict;
use crate::config::{Provider, ReviewerConfig, StageConfig};
use serde_json::{json, Value};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Largest response body read.
pub const MAX_RESPONSE_BYTES: u64 = 1024 * 1024;
/// Output tokens asked for (the verdict is short).
const MAX_TOKENS: u32 = 1024;

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

/// Ask the model; returns the reply text.
pub fn ask(stage: &Stage, system: &str, user: &str) -> Result<String, String> {
    let url = stage
        .url
        .clone()
        .filter(|u| !u.is_empty())
        .ok_or("[reviewer] url is not set")?;
    if stage.provider == Provider::None {
        return Err("[reviewer] provider is \"none\"".into());
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
        Err(_) => Err(format!("no answer within {} ms", stage.timeout.as_millis())),
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
            if structured {
                b["response_format"] = json!({
                    "type": "json_schema",
                    "json_schema": {"name": "gatehook_verdict", "strict": true,
                                    "schema": verdict::schema()},
                });
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
) -> Result<String, String> {
    let structured = stage.provider == Provider::OpenAi;
    let (status, text) = post(
        stage,
        url,
        key,
        &body(stage, system, user, structured),
        deadline,
    )?;
    let (status, text) = if status == 400 && structured {
        // The server does not take JSON-schema output: once more without it.
        post(stage, url, key, &body(stage, system, user, false), deadline)?
    } else {
        (status, text)
    };
    if !(200..300).contains(&status) {
        return Err(format!(
            "HTTP {status} from the reviewer: {}",
            crate::cause::one_line(&text, 160)
        ));
    }
    reply_text(stage.provider, &text)
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

/// The model's text from a provider response body.
pub fn reply_text(provider: Provider, body: &str) -> Result<String, String> {
    let v: Value =
        serde_json::from_str(body).map_err(|_| "the response is not JSON".to_string())?;
    match provider {
        Provider::Anthropic => {
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
            Ok(texts.concat())
        }
        Provider::OpenAi | Provider::None => {
            let msg = v
                .pointer("/choices/0/message")
                .ok_or("the response has no choices[0].message")?;
            if let Some(r) = msg.get("refusal").and_then(Value::as_str) {
                return Err(format!(
                    "the model refused: {}",
                    crate::cause::one_line(r, 120)
                ));
            }
            msg.get("content")
                .and_then(Value::as_str)
                .map(str::to_string)
                .ok_or_else(|| "the response has no message content".to_string())
        }
    }
}
