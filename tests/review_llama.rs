//! The reviewer against a real model: gatehook's OpenAI-compatible client talking to
//! llama.cpp's own HTTP server (PyPI `xllamacpp`) serving SmolLM2-135M on loopback, one
//! server for this whole binary (tests/support/llama.rs; scripts/test.sh sets it up). The
//! Qwen models join when opted in (`GATEHOOK_TEST_QWEN=1` in scripts/test.sh). The same
//! server speaks Anthropic's Messages API (`/v1/messages`), so the Anthropic provider is
//! tested here too, besides its scripted-server tests in tests/review.rs.
//!
//! A 135M model's verdicts are close to random, so nothing here asserts a verdict: the tests
//! assert the shapes gatehook sends and gets, and gatehook's guarantees on whatever came
//! back (an allow stands only with evidence, at low/medium risk, with no kind named; any
//! failure is `on_failure`). Where a test needs the server to answer something specific (a
//! refused schema, a cut reply, a fenced reply), a recording proxy changes the *request*
//! (schema, max_tokens, a grammar) and the real server produces the answer. Timeouts are
//! generous (a loaded 2-core machine is slow) and nothing is timed.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use serde_json::{json, Value};
use std::io::Write;
use std::time::Duration;
use support::llama::{self, Exchange, Llama, Proxy, KEY, KEY_ENV};
use support::reviewer::{last_review, prompt};
use support::{Env, Out};

/// Each stage's deadline: generous, for a loaded machine.
const LIMIT_MS: u64 = 240_000;
const ASK: &str = "run the python linter over the project";
const COMMAND: &str = "python3 -m pyflakes .";

fn config(env: &Env, url: &str, model: &str, extra: &str) {
    env.config(&format!(
        "mode = \"auto\"\n[reviewer]\nprovider = \"openai\"\nurl = \"{url}\"\nmodel = \"{model}\"\ntimeout_ms = {LIMIT_MS}\napi_key_env = \"{KEY_ENV}\"\n{extra}"
    ));
}

/// The hook with the key in its environment.
fn hook(env: &Env, payload: &Value) -> Out {
    let mut c = env.command(&["hook"]);
    c.env(KEY_ENV, KEY);
    env.run_raw(c, payload.to_string().as_bytes())
}

fn bash(env: &Env, cmd: &str) -> Out {
    hook(env, &env.payload("Bash", json!({ "command": cmd })))
}

fn finish(x: &Exchange) -> String {
    x.response
        .pointer("/choices/0/finish_reason")
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string()
}

/// What every settled review must look like, whatever the model said.
fn assert_guaranteed(o: &Out, review: &Value) {
    let cause = o.cause();
    let decision = o.decision();
    match cause.as_str() {
        "reviewer-allow" => {
            assert_eq!(decision, "allow", "{o:?}");
            let ev = review["evidence"].as_array().unwrap();
            assert!(!ev.is_empty(), "an allow without evidence stood: {review}");
            assert!(ev.iter().all(|e| e == "m1"), "only m1 was shown: {review}");
            assert!(
                matches!(review["risk"].as_str(), Some("low" | "medium")),
                "{review}"
            );
            assert!(review["kind"].is_null(), "{review}");
            assert!(review["guarantee"].is_null(), "{review}");
        }
        "reviewer-ask" => assert_eq!(decision, "ask", "{o:?}"),
        "reviewer-deny" => assert_eq!(decision, "deny", "{o:?}"),
        // A withdrawn allow asks the person, whatever on_failure.
        "guarantee" => {
            assert_eq!(decision, "ask", "{o:?}");
            assert_eq!(review["decision"], "allow", "{review}");
            assert!(review["guarantee"].is_string(), "{review}");
        }
        "reviewer-unavailable" => {
            assert_eq!(decision, "deny", "on_failure: {o:?}");
            assert!(review["error"].is_string(), "{review}");
        }
        other => panic!("not a review outcome: {other}: {o:?}"),
    }
}

/// The audit's token counts are the server's own.
fn assert_tokens_are_the_servers(review: &Value, x: &Exchange) {
    let usage = &x.response["usage"];
    assert!(usage["prompt_tokens"].as_u64().unwrap() > 0, "{usage}");
    assert_eq!(
        review["tokens"]["prompt"], usage["prompt_tokens"],
        "{review}"
    );
    assert_eq!(
        review["tokens"]["completion"], usage["completion_tokens"],
        "{review}"
    );
    assert_eq!(
        review["tokens"]["cached"], usage["prompt_tokens_details"]["cached_tokens"],
        "{review}"
    );
}

fn server() -> Option<(&'static Llama, std::sync::MutexGuard<'static, ()>)> {
    llama::smollm2()
}

#[test]
fn structured_output_gives_a_verdict_gatehook_can_parse() {
    let Some((l, _g)) = server() else { return };
    let proxy = Proxy::start(l.port, |_, _| {});
    let env = Env::new();
    config(&env, &proxy.url(), &l.models[0], "");
    prompt(&env, ASK);
    let o = bash(&env, COMMAND);
    let r = last_review(&env);
    assert_guaranteed(&o, &r);
    let xs = proxy.exchanges();
    assert_eq!(xs.len(), 1, "one request: {xs:?}");
    let x = &xs[0];
    let rf = &x.request["response_format"];
    assert_eq!(rf["type"], "json_schema");
    assert_eq!(
        rf["json_schema"]["schema"]["properties"]["evidence"]["items"]["pattern"],
        "^m[1-9][0-9]*$"
    );
    assert_eq!(x.request["messages"][0]["role"], "system");
    assert!(x.request["messages"][1]["content"]
        .as_str()
        .unwrap()
        .contains(ASK));
    assert!(x
        .headers
        .iter()
        .any(|(k, v)| k == "authorization" && v == &format!("Bearer {KEY}")));
    assert_eq!(x.status, 200, "{:?}", x.response);
    assert_eq!(r["stage"], "full");
    assert_eq!(r["model"], l.models[0].as_str());
    assert_tokens_are_the_servers(&r, x);
    // The grammar makes the reply a verdict; only a reply cut at max_tokens may fail.
    if finish(x) == "stop" {
        assert_ne!(o.cause(), "reviewer-unavailable", "{r}");
        assert!(r["risk"].is_string(), "{r}");
    } else {
        assert!(
            r["error"]
                .as_str()
                .unwrap()
                .contains("cut at the token limit"),
            "{r}"
        );
    }
}

#[test]
fn a_schema_the_server_refuses_is_retried_without_it() {
    let Some((l, _g)) = server() else { return };
    // The first request's schema gets a reference the server cannot resolve: llama.cpp
    // answers 400 itself.
    let proxy = Proxy::start(l.port, |n, body| {
        if n == 0 {
            body["response_format"]["json_schema"]["schema"]["properties"]["reason"] =
                json!({"$ref": "#/$defs/missing"});
        } else {
            // Unbound by a grammar, a 135M model rambles to the token limit: keep that
            // short on a loaded machine (a cut reply fails closed like any other).
            body["max_tokens"] = json!(60);
        }
    });
    let env = Env::new();
    config(&env, &proxy.url(), &l.models[0], "");
    prompt(&env, ASK);
    let o = bash(&env, COMMAND);
    let xs = proxy.exchanges();
    assert_eq!(
        xs.len(),
        2,
        "the refused request, then the plain one: {xs:?}"
    );
    assert_eq!(xs[0].status, 400, "{:?}", xs[0].response);
    assert!(
        xs[0].response.to_string().contains("schema"),
        "{:?}",
        xs[0].response
    );
    assert!(xs[1].request.get("response_format").is_none());
    assert_eq!(xs[1].status, 200);
    // Without a grammar a 135M model rarely writes a valid verdict: whatever it wrote was
    // judged strictly, and fails closed when it is not one.
    let r = last_review(&env);
    assert_guaranteed(&o, &r);
    assert_tokens_are_the_servers(&r, &xs[1]);
}

#[test]
fn a_reply_cut_at_the_token_limit_fails_closed() {
    let Some((l, _g)) = server() else { return };
    let proxy = Proxy::start(l.port, |_, body| body["max_tokens"] = json!(6));
    let env = Env::new();
    config(&env, &proxy.url(), &l.models[0], "");
    prompt(&env, ASK);
    let o = bash(&env, COMMAND);
    let xs = proxy.exchanges();
    assert_eq!(xs.len(), 1);
    assert_eq!(finish(&xs[0]), "length", "{:?}", xs[0].response);
    let content = xs[0].response["choices"][0]["message"]["content"]
        .as_str()
        .unwrap();
    assert!(content.starts_with('{'), "cut JSON: {content}");
    assert_eq!(o.decision(), "deny", "on_failure: {o:?}");
    assert_eq!(o.cause(), "reviewer-unavailable");
    let r = last_review(&env);
    assert!(
        r["error"]
            .as_str()
            .unwrap()
            .contains("cut at the token limit"),
        "{r}"
    );
}

/// A GBNF grammar that makes the server write a verdict in a ```json fence: `reason` is
/// bounded, so the fence always closes well inside max_tokens unless the test cuts it.
const FENCED: &str = r#"root ::= "```json\n{\"decision\": \"" ("allow" | "ask" | "deny") "\", \"risk\": \"" ("low" | "medium" | "high") "\", \"reason\": \"" [a-z ]{1,24} "\", \"kind\": null, \"evidence\": [\"m1\"]}\n```""#;

#[test]
fn a_fenced_verdict_is_accepted_when_complete_and_refused_when_cut() {
    let Some((l, _g)) = server() else { return };
    for (max_tokens, complete) in [(Value::Null, true), (json!(8), false)] {
        let mt = max_tokens.clone();
        let proxy = Proxy::start(l.port, move |_, body| {
            let o = body.as_object_mut().unwrap();
            o.remove("response_format");
            o.insert("grammar".into(), json!(FENCED));
            if !mt.is_null() {
                o.insert("max_tokens".into(), mt.clone());
            }
        });
        let env = Env::new();
        config(&env, &proxy.url(), &l.models[0], "");
        prompt(&env, ASK);
        let o = bash(&env, COMMAND);
        let xs = proxy.exchanges();
        assert_eq!(xs.len(), 1);
        let content = xs[0].response["choices"][0]["message"]["content"]
            .as_str()
            .unwrap()
            .to_string();
        assert!(content.starts_with("```json\n{"), "{content}");
        let r = last_review(&env);
        assert_guaranteed(&o, &r);
        if complete {
            assert_eq!(finish(&xs[0]), "stop");
            assert!(content.ends_with("```"), "{content}");
            assert_ne!(
                o.cause(),
                "reviewer-unavailable",
                "a whole fence parses: {r}"
            );
            assert_eq!(r["evidence"], json!(["m1"]));
        } else {
            assert_eq!(finish(&xs[0]), "length");
            assert_eq!(o.cause(), "reviewer-unavailable", "{r}");
        }
    }
}

#[test]
fn a_server_slower_than_the_deadline_fails_closed() {
    let Some((l, _g)) = server() else { return };
    // Occupy the server's one slot with a long generation, so gatehook's request waits.
    let port = l.port;
    let occupier = std::thread::spawn(move || {
        let body = json!({"model": "x", "max_tokens": 300, "ignore_eos": true,
                          "messages": [{"role": "user", "content": "Count upwards from one."}]})
        .to_string();
        let mut s = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
        write!(
            s,
            "POST /v1/chat/completions HTTP/1.1\r\nhost: 127.0.0.1\r\nauthorization: Bearer {KEY}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
            body.len()
        )
        .unwrap();
        let mut raw = Vec::new();
        let _ = std::io::Read::read_to_end(&mut s, &mut raw);
        llama::split_response(&raw).0
    });
    let mut started = false;
    for _ in 0..600 {
        if llama::busy(port) {
            started = true;
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    assert!(started, "the occupying request never started");
    let env = Env::new();
    env.config(&format!(
        "mode = \"auto\"\n[reviewer]\nprovider = \"openai\"\nurl = \"{}\"\nmodel = \"{}\"\ntimeout_ms = 300\napi_key_env = \"{KEY_ENV}\"\n",
        l.chat_url(),
        l.models[0]
    ));
    prompt(&env, ASK);
    let o = bash(&env, COMMAND);
    assert_eq!(o.decision(), "deny", "on_failure: {o:?}");
    assert_eq!(o.cause(), "reviewer-unavailable");
    let e = last_review(&env)["error"].as_str().unwrap().to_string();
    assert!(
        e.contains("no answer within 300 ms") || e.contains("imeout") || e.contains("deadline"),
        "{e}"
    );
    assert_eq!(occupier.join().unwrap(), 200);
    // Leave the server idle for the next test.
    assert!(llama::wait_idle(port, Duration::from_secs(600)));
}

/// Tokens the server has generated in all (`llamacpp:tokens_predicted_total`).
fn predicted(port: u16) -> f64 {
    let (_, text) = llama::get(port, "/metrics");
    text.lines()
        .find(|l| l.starts_with("llamacpp:tokens_predicted_total"))
        .and_then(|l| l.split_whitespace().last())
        .and_then(|n| n.parse().ok())
        .unwrap_or(0.0)
}

/// Why gatehook streams: llama.cpp stops a streamed request whose client has gone (it
/// finishes an unstreamed one whoever waits). A streamed request for 3000 tokens is
/// abandoned after its first event; the server goes idle having made far fewer.
#[test]
fn the_server_stops_a_streamed_request_its_client_abandoned() {
    let Some((l, _g)) = server() else { return };
    let port = l.port;
    assert!(llama::wait_idle(port, Duration::from_secs(600)));
    let before = predicted(port);
    let body = json!({"model": l.models[0], "max_tokens": 3000, "ignore_eos": true,
                      "stream": true,
                      "messages": [{"role": "user", "content": "Count upwards from one."}]})
    .to_string();
    let mut s = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(600))).unwrap();
    write!(
        s,
        "POST /v1/chat/completions HTTP/1.1\r\nhost: 127.0.0.1\r\nauthorization: Bearer {KEY}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    // Read until the first event, then go away.
    let mut seen = Vec::new();
    let mut buf = [0u8; 512];
    while !String::from_utf8_lossy(&seen).contains("data:") {
        let n = std::io::Read::read(&mut s, &mut buf).unwrap();
        assert!(n > 0, "the stream ended before its first event");
        seen.extend_from_slice(&buf[..n]);
    }
    drop(s);
    assert!(llama::wait_idle(port, Duration::from_secs(600)));
    let made = predicted(port) - before;
    assert!(
        made < 1500.0,
        "the server made {made} tokens for a request no one read"
    );
}

#[test]
fn without_the_api_key_the_server_answers_401_and_gatehook_fails_closed() {
    let Some((l, _g)) = server() else { return };
    let proxy = Proxy::start(l.port, |_, _| {});
    let env = Env::new();
    config(&env, &proxy.url(), &l.models[0], "");
    prompt(&env, ASK);
    // The hook runs without the key variable: no authorization header.
    let o = env.hook(&env.payload("Bash", json!({ "command": COMMAND })));
    let xs = proxy.exchanges();
    assert_eq!(xs.len(), 1);
    assert_eq!(xs[0].status, 401, "{:?}", xs[0].response);
    assert!(!xs[0].headers.iter().any(|(k, _)| k == "authorization"));
    assert_eq!(o.decision(), "deny");
    assert_eq!(o.cause(), "reviewer-unavailable");
    assert!(
        last_review(&env)["error"]
            .as_str()
            .unwrap()
            .contains("HTTP 401"),
        "{o:?}"
    );
}

#[test]
fn the_fast_and_full_stages_ask_their_own_models() {
    let Some((l, _g)) = server() else { return };
    let proxy = Proxy::start(l.port, |_, _| {});
    let env = Env::new();
    config(
        &env,
        &proxy.url(),
        &l.models[0],
        &format!(
            "[reviewer.fast]\nmodel = \"{}\"\ntimeout_ms = {LIMIT_MS}\n",
            l.models[1]
        ),
    );
    prompt(&env, ASK);
    let o = bash(&env, COMMAND);
    let r = last_review(&env);
    assert_guaranteed(&o, &r);
    let xs = proxy.exchanges();
    assert!(matches!(xs.len(), 1 | 2), "{xs:?}");
    assert_eq!(xs[0].request["model"], l.models[1].as_str(), "fast first");
    let fast_text = xs[0].request["messages"][1]["content"].as_str().unwrap();
    assert!(fast_text.ends_with(
        "FAST CHECK: answer allow only if this action is clearly routine and clearly authorized by the person's messages; otherwise answer ask."
    ));
    if xs.len() == 1 {
        // The fast stage allowed, within every guarantee.
        assert_eq!(r["stage"], "fast");
        assert_eq!(o.cause(), "reviewer-allow");
        assert_tokens_are_the_servers(&r, &xs[0]);
    } else {
        assert_eq!(xs[1].request["model"], l.models[0].as_str());
        assert_eq!(r["stage"], "full");
        assert_eq!(r["fast"]["model"], l.models[1].as_str());
        assert_tokens_are_the_servers(&r, &xs[1]);
        // The full request repeats the fast one's prefix: the server serves it from its cache.
        let full_text = xs[1].request["messages"][1]["content"].as_str().unwrap();
        assert!(fast_text.starts_with(full_text));
        assert!(r["tokens"]["cached"].as_u64().unwrap() > 0, "{r}");
    }
}

#[test]
fn a_second_identical_call_makes_no_request() {
    let Some((l, _g)) = server() else { return };
    let proxy = Proxy::start(l.port, |_, _| {});
    let env = Env::new();
    config(&env, &proxy.url(), &l.models[0], "");
    prompt(&env, ASK);
    let first = bash(&env, COMMAND);
    assert_eq!(proxy.exchanges().len(), 1);
    let second = bash(&env, COMMAND);
    if first.cause() == "reviewer-unavailable" {
        // A failure is not a verdict and is not kept: the second call asks again.
        assert_eq!(proxy.exchanges().len(), 2, "{first:?}");
        return;
    }
    assert_eq!(proxy.exchanges().len(), 1, "answered from the cache");
    let r = last_review(&env);
    assert_eq!(r["cache_hit"], true, "{r}");
    assert_eq!(
        env.audit_lines().last().unwrap()["gate"],
        "cache",
        "{second:?}"
    );
    assert_eq!(first.decision(), second.decision());
}

#[test]
fn the_anthropic_provider_against_the_servers_messages_api() {
    let Some((l, _g)) = server() else { return };
    // No grammar on this path: bound the reply so a rambling 135M model stays quick.
    let proxy = Proxy::start(l.port, |_, body| body["max_tokens"] = json!(120));
    let env = Env::new();
    env.config(&format!(
        "mode = \"auto\"\n[reviewer]\nprovider = \"anthropic\"\nurl = \"{}\"\nmodel = \"{}\"\ntimeout_ms = {LIMIT_MS}\napi_key_env = \"{KEY_ENV}\"\n",
        proxy.url_of("/v1/messages"),
        l.models[0]
    ));
    prompt(&env, ASK);
    let o = bash(&env, COMMAND);
    let r = last_review(&env);
    assert_guaranteed(&o, &r);
    let xs = proxy.exchanges();
    assert_eq!(xs.len(), 1, "{xs:?}");
    let x = &xs[0];
    assert!(x.headers.iter().any(|(k, v)| k == "x-api-key" && v == KEY));
    assert!(x
        .headers
        .iter()
        .any(|(k, v)| k == "anthropic-version" && v == "2023-06-01"));
    assert!(x.request["system"]
        .as_str()
        .unwrap()
        .contains("gatehook's reviewer"));
    assert_eq!(x.status, 200, "{:?}", x.response);
    let stop = x.response["stop_reason"].as_str().unwrap_or("");
    let u = &x.response["usage"];
    if stop == "end_turn" {
        assert_eq!(
            r["tokens"]["prompt"].as_u64(),
            Some(
                u["input_tokens"].as_u64().unwrap()
                    + u["cache_read_input_tokens"].as_u64().unwrap_or(0)
                    + u["cache_creation_input_tokens"].as_u64().unwrap_or(0)
            ),
            "{r}"
        );
        assert_eq!(r["tokens"]["completion"], u["output_tokens"], "{r}");
    } else {
        // No grammar here: a model that runs to the limit, or writes no verdict, fails closed.
        assert_eq!(o.cause(), "reviewer-unavailable", "{stop}: {r}");
    }
}

#[test]
fn doctor_checks_the_live_reviewer() {
    let Some((l, _g)) = server() else { return };
    let proxy = Proxy::start(l.port, |_, _| {});
    let env = Env::new();
    config(&env, &proxy.url(), &l.models[0], "");
    let mut c = env.command(&["doctor"]);
    c.env(KEY_ENV, KEY);
    let o = env.run_raw(c, b"");
    let line = o
        .stdout
        .lines()
        .find(|l| l.contains("reviewer (full)"))
        .unwrap_or_else(|| panic!("{}", o.stdout))
        .to_string();
    let xs = proxy.exchanges();
    assert_eq!(xs.len(), 1, "one probe request");
    assert_eq!(xs[0].status, 200);
    let level = line.split_whitespace().next().unwrap();
    if finish(&xs[0]) == "stop" {
        // A verdict came back: ok if it allowed within the guarantees, warn otherwise.
        assert!(matches!(level, "ok" | "warn"), "{line}");
    } else {
        assert_eq!(level, "fail", "{line}");
    }
    assert!(line.contains(&l.models[0]), "{line}");
    // Without the key the same check fails and says why.
    let o = env.run_raw(env.command(&["doctor"]), b"");
    let line = o
        .stdout
        .lines()
        .find(|l| l.contains("reviewer (full)"))
        .unwrap()
        .to_string();
    assert!(
        line.starts_with("fail") && line.contains("HTTP 401"),
        "{line}"
    );
}

/// Qwen2.5-Coder 0.5B and 1.5B (opt-in): real verdicts through the structured and the
/// plain path, and doctor's live check. Shapes and guarantees only.
#[test]
fn qwen_models_give_verdicts_within_the_guarantees() {
    if std::env::var("GATEHOOK_TEST_QWEN").as_deref() != Ok("1") {
        eprintln!(
            "SKIPPED: the Qwen reviewer tests are opt-in (GATEHOOK_TEST_QWEN=1 scripts/test.sh)"
        );
        return;
    }
    let _g = llama::serial();
    for m in [&llama::QWEN_0_5B, &llama::QWEN_1_5B] {
        let Some((py, gguf)) = llama::configured(m, false) else {
            panic!("GATEHOOK_TEST_QWEN=1 but {} is not set", m.env)
        };
        let l = llama::start(m, &py, &gguf);
        for structured in [true, false] {
            let proxy = Proxy::start(l.port, move |_, body| {
                if !structured {
                    body.as_object_mut().unwrap().remove("response_format");
                }
            });
            let env = Env::new();
            config(&env, &proxy.url(), &l.models[0], "");
            prompt(&env, ASK);
            let o = bash(&env, COMMAND);
            let r = last_review(&env);
            assert_guaranteed(&o, &r);
            let xs = proxy.exchanges();
            assert_eq!(xs.len(), 1);
            assert_tokens_are_the_servers(&r, &xs[0]);
            if structured && finish(&xs[0]) == "stop" {
                assert_ne!(o.cause(), "reviewer-unavailable", "{}: {r}", l.models[0]);
            }
            // A destructive call the request does not name: never allowed, whatever the model.
            let o = bash(&env, "rm -rf src");
            assert_ne!(o.decision(), "allow", "{}: {o:?}", l.models[0]);
        }
    }
}
