//! Stage 1, the input. The hook payload: read once from stdin with a size cap, parsed as JSON, and validated
//! into a typed [`HookInput`]. Everything here is hostile input; every way it can be wrong
//! is an [`InputError`] that the caller turns into a fail-closed answer. This module
//! decides nothing about the call itself. Other agents' payloads are rewritten into this
//! shape by [`harness`].

pub mod harness;
pub mod tools;

use serde_json::{Map, Value};
use std::fmt;
use std::io::Read;
use std::path::PathBuf;

/// Payloads larger than this are refused unread past the cap.
pub const MAX_PAYLOAD_BYTES: usize = 8 * 1024 * 1024;

/// The hook events gatehook distinguishes. Anything else is `Other` and gets silence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    PreToolUse,
    PermissionRequest,
    UserPromptSubmit,
    SessionStart,
    SubagentStop,
    PostToolUse,
    Other(String),
}

impl Event {
    pub fn parse(s: &str) -> Event {
        match s {
            "PreToolUse" => Event::PreToolUse,
            "PermissionRequest" => Event::PermissionRequest,
            "UserPromptSubmit" => Event::UserPromptSubmit,
            "SessionStart" => Event::SessionStart,
            "SubagentStop" => Event::SubagentStop,
            "PostToolUse" => Event::PostToolUse,
            other => Event::Other(other.to_string()),
        }
    }

    pub fn as_str(&self) -> &str {
        match self {
            Event::PreToolUse => "PreToolUse",
            Event::PermissionRequest => "PermissionRequest",
            Event::UserPromptSubmit => "UserPromptSubmit",
            Event::SessionStart => "SessionStart",
            Event::SubagentStop => "SubagentStop",
            Event::PostToolUse => "PostToolUse",
            Event::Other(s) => s,
        }
    }

    /// Events that carry a tool call to decide.
    pub fn is_tool_event(&self) -> bool {
        matches!(self, Event::PreToolUse | Event::PermissionRequest)
    }
}

/// The harness's permission mode (`permission_mode`), as Claude Code reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub enum PermissionMode {
    #[default]
    Default,
    AcceptEdits,
    Plan,
    Auto,
    DontAsk,
    BypassPermissions,
}

impl PermissionMode {
    /// Unknown values map to `Default`: gatehook only relaxes nothing by mode, it tightens
    /// for `plan`, so an unrecognised new mode gets the ordinary evaluation.
    pub fn parse(s: &str) -> PermissionMode {
        match s {
            "acceptEdits" => PermissionMode::AcceptEdits,
            "plan" => PermissionMode::Plan,
            "auto" => PermissionMode::Auto,
            "dontAsk" => PermissionMode::DontAsk,
            "bypassPermissions" => PermissionMode::BypassPermissions,
            _ => PermissionMode::Default,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            PermissionMode::Default => "default",
            PermissionMode::AcceptEdits => "acceptEdits",
            PermissionMode::Plan => "plan",
            PermissionMode::Auto => "auto",
            PermissionMode::DontAsk => "dontAsk",
            PermissionMode::BypassPermissions => "bypassPermissions",
        }
    }
}

/// A validated hook payload.
#[derive(Clone, Debug)]
pub struct HookInput {
    pub event: Event,
    pub session_id: String,
    pub transcript_path: Option<String>,
    /// Absolute working directory of the call.
    pub cwd: PathBuf,
    pub prompt_id: Option<String>,
    pub permission_mode: PermissionMode,
    /// For tool events: the tool and its input object.
    pub tool: Option<ToolCall>,
    /// For UserPromptSubmit: the person's words.
    pub prompt: Option<String>,
    pub agent_id: Option<String>,
    pub agent_type: Option<String>,
    /// For PostToolUse of an `Agent`/`Task` call: the subagent it ran and whether it has
    /// finished (a background agent's PostToolUse fires at launch, status
    /// `async_launched`). Read leniently: a missing or odd field is `None`.
    pub subagent_result: Option<SubagentResult>,
}

/// What a finished (or launched) subagent call reported in its `tool_response`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SubagentResult {
    pub agent_id: String,
    pub completed: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct ToolCall {
    pub name: String,
    pub input: Map<String, Value>,
    pub tool_use_id: Option<String>,
}

/// Why a payload could not be used. Each one is a fail-closed answer naming the cause.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InputError {
    Empty,
    TooLarge,
    NotUtf8,
    Read(String),
    NotJson(String),
    NotObject,
    Missing(&'static str),
    WrongType {
        field: &'static str,
        expected: &'static str,
    },
    BadValue {
        field: &'static str,
        why: &'static str,
    },
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputError::Empty => write!(f, "the hook payload on stdin is empty"),
            InputError::TooLarge => write!(
                f,
                "the hook payload is larger than {} MiB",
                MAX_PAYLOAD_BYTES / (1024 * 1024)
            ),
            InputError::NotUtf8 => write!(f, "the hook payload is not valid UTF-8"),
            InputError::Read(e) => write!(f, "could not read the hook payload: {e}"),
            InputError::NotJson(e) => write!(f, "the hook payload is not valid JSON ({e})"),
            InputError::NotObject => write!(f, "the hook payload is not a JSON object"),
            InputError::Missing(field) => write!(f, "the hook payload has no `{field}`"),
            InputError::WrongType { field, expected } => {
                write!(f, "the hook payload's `{field}` is not {expected}")
            }
            InputError::BadValue { field, why } => {
                write!(f, "the hook payload's `{field}` {why}")
            }
        }
    }
}

/// Read at most [`MAX_PAYLOAD_BYTES`] from `r`; more is an error, not a truncation.
pub fn read_payload(r: &mut impl Read) -> Result<String, InputError> {
    decode(read_raw(r)?).map_err(|(e, _)| e)
}

/// The raw bytes on stdin, at most one byte past [`MAX_PAYLOAD_BYTES`] (so that an
/// oversize payload is seen as one without reading it all).
pub fn read_raw(r: &mut impl Read) -> Result<Vec<u8>, InputError> {
    let mut buf = Vec::with_capacity(4096);
    let cap = MAX_PAYLOAD_BYTES as u64 + 1;
    r.take(cap)
        .read_to_end(&mut buf)
        .map_err(|e| InputError::Read(e.to_string()))?;
    Ok(buf)
}

/// The payload text of raw bytes: not over the cap, UTF-8, not blank. An error hands the
/// bytes back (for [`PayloadFacts`]) without copying them on the way that succeeds.
pub fn decode(buf: Vec<u8>) -> Result<String, (InputError, Vec<u8>)> {
    if buf.len() > MAX_PAYLOAD_BYTES {
        return Err((InputError::TooLarge, buf));
    }
    let text = String::from_utf8(buf).map_err(|e| (InputError::NotUtf8, e.into_bytes()))?;
    if text.trim().is_empty() {
        return Err((InputError::Empty, text.into_bytes()));
    }
    Ok(text)
}

/// What may be recorded about a payload gatehook could not use: its size and a sha256 of
/// its bytes (enough to match it against a harness's own log), never the bytes, which may
/// carry a secret.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct PayloadFacts {
    /// Bytes read; past the cap reading stops, so this is then a lower bound.
    pub bytes: usize,
    /// More than [`MAX_PAYLOAD_BYTES`] were sent (the hash covers what was read).
    pub over_cap: bool,
    pub sha256: String,
}

impl PayloadFacts {
    pub fn of(bytes: &[u8]) -> PayloadFacts {
        use sha2::Digest;
        let digest = sha2::Sha256::digest(bytes);
        PayloadFacts {
            bytes: bytes.len(),
            over_cap: bytes.len() > MAX_PAYLOAD_BYTES,
            sha256: digest.iter().map(|b| format!("{b:02x}")).collect(),
        }
    }
}

/// What an unusable payload claims about itself, read leniently and only where it is a
/// short string: the session and the tool. Claims, not facts: the payload was bad.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Claims {
    pub event: Option<Event>,
    pub session_id: Option<String>,
    pub tool: Option<String>,
}

/// The longest claimed session id or tool name that is recorded.
const MAX_CLAIM_CHARS: usize = 128;

pub fn sniff_claims(text: &str) -> Claims {
    let Ok(Value::Object(v)) = serde_json::from_str::<Value>(text) else {
        return Claims::default();
    };
    let short = |key: &str| {
        v.get(key)
            .and_then(Value::as_str)
            .filter(|s| s.chars().count() <= MAX_CLAIM_CHARS)
            .map(|s| crate::decision::cause::one_line(s, MAX_CLAIM_CHARS))
    };
    Claims {
        event: v
            .get("hook_event_name")
            .and_then(Value::as_str)
            .map(Event::parse),
        session_id: short("session_id").or_else(|| short("conversation_id")),
        tool: short("tool_name").or_else(|| short("toolName")),
    }
}

/// Parse a payload. serde_json's recursion limit (128) turns deeply nested input into an
/// error rather than a stack overflow.
pub fn parse(text: &str) -> Result<HookInput, InputError> {
    from_object(parse_object(text)?)
}

/// Parse a payload into its JSON object, before any harness-specific rewriting. A
/// duplicate key at any depth is bad input ([`Unique`]).
pub fn parse_object(text: &str) -> Result<Map<String, Value>, InputError> {
    let value = parse_unique(text).map_err(|e| {
        let mut msg = e.to_string();
        // The message can quote the payload (a duplicate key): cut at a char boundary.
        let mut cut = msg.len().min(120);
        while !msg.is_char_boundary(cut) {
            cut -= 1;
        }
        msg.truncate(cut);
        InputError::NotJson(msg)
    })?;
    match value {
        Value::Object(obj) => Ok(obj),
        _ => Err(InputError::NotObject),
    }
}

/// Parse JSON text refusing a duplicate key at any depth (also for JSON carried inside a
/// string field, such as Cursor's MCP `tool_input`).
pub fn parse_unique(text: &str) -> Result<Value, serde_json::Error> {
    serde_json::from_str::<Unique>(text).map(|u| u.0)
}

/// A JSON value whose objects, at every depth, have no duplicate keys. serde_json keeps
/// the last of duplicates; a harness (or a parser in between) might keep the first, so a
/// payload like `{"command":"rm -rf ~","command":"ls"}` would be judged as one call and
/// run as another. Ambiguous payloads are bad input.
struct Unique(Value);

impl<'de> serde::Deserialize<'de> for Unique {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(UniqueVisitor).map(Unique)
    }
}

struct UniqueVisitor;

impl<'de> serde::de::Visitor<'de> for UniqueVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(serde_json::Number::from_f64(v).map_or(Value::Null, Value::Number))
    }
    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_string()))
    }
    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }
    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut out = Vec::new();
        while let Some(Unique(v)) = seq.next_element()? {
            out.push(v);
        }
        Ok(Value::Array(out))
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut out = Map::new();
        while let Some(k) = map.next_key::<String>()? {
            if out.contains_key(&k) {
                return Err(serde::de::Error::custom(format!(
                    "duplicate key `{}`",
                    crate::decision::cause::one_line(&k, 40)
                )));
            }
            let Unique(v) = map.next_value()?;
            out.insert(k, v);
        }
        Ok(Value::Object(out))
    }
}

/// Best effort: the event name of a payload that may otherwise be invalid, so a failure can
/// be answered in that event's output shape.
pub fn sniff_event(text: &str) -> Option<Event> {
    sniff_claims(text).event
}

fn opt_str(obj: &Map<String, Value>, field: &'static str) -> Result<Option<String>, InputError> {
    match obj.get(field) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s.clone())),
        Some(_) => Err(InputError::WrongType {
            field,
            expected: "a string",
        }),
    }
}

fn req_str(obj: &Map<String, Value>, field: &'static str) -> Result<String, InputError> {
    opt_str(obj, field)?.ok_or(InputError::Missing(field))
}

pub fn from_object(mut obj: Map<String, Value>) -> Result<HookInput, InputError> {
    let event = Event::parse(&req_str(&obj, "hook_event_name")?);
    let session_id = opt_str(&obj, "session_id")?.unwrap_or_default();
    let transcript_path = opt_str(&obj, "transcript_path")?;
    let prompt_id = opt_str(&obj, "prompt_id")?;
    let permission_mode = opt_str(&obj, "permission_mode")?
        .map(|s| PermissionMode::parse(&s))
        .unwrap_or_default();
    let agent_id = opt_str(&obj, "agent_id")?;
    let agent_type = opt_str(&obj, "agent_type")?;
    let cwd_text = opt_str(&obj, "cwd")?;

    let needs_cwd = event.is_tool_event();
    let cwd = match cwd_text {
        Some(c) => {
            if c.contains('\0') {
                return Err(InputError::BadValue {
                    field: "cwd",
                    why: "contains a NUL byte",
                });
            }
            let p = PathBuf::from(c);
            if !p.is_absolute() {
                return Err(InputError::BadValue {
                    field: "cwd",
                    why: "is not an absolute path",
                });
            }
            p
        }
        None if needs_cwd => return Err(InputError::Missing("cwd")),
        None => PathBuf::from("/"),
    };

    let tool = if event.is_tool_event() {
        let name = req_str(&obj, "tool_name")?;
        if name.is_empty() {
            return Err(InputError::BadValue {
                field: "tool_name",
                why: "is empty",
            });
        }
        let tool_use_id = opt_str(&obj, "tool_use_id")?;
        let input = match obj.remove("tool_input") {
            Some(Value::Object(m)) => m,
            Some(_) => {
                return Err(InputError::WrongType {
                    field: "tool_input",
                    expected: "an object",
                })
            }
            None => return Err(InputError::Missing("tool_input")),
        };
        Some(ToolCall {
            name,
            input,
            tool_use_id,
        })
    } else {
        None
    };

    let prompt = if event == Event::UserPromptSubmit {
        Some(req_str(&obj, "prompt")?)
    } else {
        None
    };
    let subagent_result = if event == Event::PostToolUse {
        subagent_result(&obj)
    } else {
        None
    };

    Ok(HookInput {
        event,
        session_id,
        transcript_path,
        cwd,
        prompt_id,
        permission_mode,
        tool,
        prompt,
        agent_id,
        agent_type,
        subagent_result,
    })
}

/// The subagent of a PostToolUse `Agent`/`Task` payload (`tool_response.agentId`,
/// `tool_response.status`), measured on Claude Code 2.1.328.
fn subagent_result(obj: &Map<String, Value>) -> Option<SubagentResult> {
    let tool = obj.get("tool_name")?.as_str()?;
    if tool != "Agent" && tool != "Task" {
        return None;
    }
    let resp = obj.get("tool_response")?.as_object()?;
    let agent_id = resp.get("agentId")?.as_str()?;
    if agent_id.is_empty() || agent_id.len() > 200 {
        return None;
    }
    Some(SubagentResult {
        agent_id: agent_id.to_string(),
        completed: resp.get("status").and_then(Value::as_str) == Some("completed"),
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn err(text: &str) -> InputError {
        parse(text).unwrap_err()
    }

    #[test]
    fn duplicate_keys_at_any_depth_are_refused() {
        for text in [
            r#"{"a":1,"a":1}"#,
            r#"{"x":{"command":"rm -rf ~","command":"ls"}}"#,
            r#"{"x":[{"k":1},{"k":2,"k":3}]}"#,
        ] {
            let e = serde_json::from_str::<Unique>(text).map(|u| u.0);
            assert!(
                e.is_err_and(|e| e.to_string().contains("duplicate key")),
                "{text}"
            );
        }
        // Same keys in different objects are fine.
        assert!(
            serde_json::from_str::<Unique>(r#"{"a":{"a":{"a":1}},"b":[{"a":1},{"a":2}]}"#).is_ok()
        );
    }

    #[test]
    fn a_long_non_ascii_duplicate_key_is_refused_without_panicking() {
        // "duplicate key `" is 15 bytes, so byte 120 falls inside a two-byte `é`.
        let key = "é".repeat(80);
        let text = format!(r#"{{"{key}":1,"{key}":2}}"#);
        match parse_object(&text) {
            Err(InputError::NotJson(msg)) => {
                assert!(msg.starts_with("duplicate key `éé"), "{msg}");
                assert!(msg.len() <= 120, "{msg}");
            }
            other => panic!("expected NotJson, got {other:?}"),
        }
    }

    fn any_value() -> impl proptest::strategy::Strategy<Value = Value> {
        use proptest::prelude::*;
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            any::<i64>().prop_map(Value::from),
            any::<u64>().prop_map(Value::from),
            any::<f64>().prop_map(Value::from),
            "\\PC{0,8}".prop_map(Value::String),
        ];
        leaf.prop_recursive(4, 24, 5, |inner| {
            prop_oneof![
                proptest::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
                proptest::collection::btree_map("\\PC{0,4}", inner, 0..4)
                    .prop_map(|m| Value::Object(m.into_iter().collect())),
            ]
        })
    }

    proptest::proptest! {
        /// Without duplicates, the value is exactly what serde_json builds.
        #[test]
        fn unique_values_equal_serde_json(v in any_value()) {
            let text = v.to_string();
            let want: Value = serde_json::from_str(&text).unwrap();
            let got = serde_json::from_str::<Unique>(&text).unwrap().0;
            proptest::prop_assert_eq!(got, want);
        }
    }

    #[test]
    fn rejects_bad_payloads() {
        let cases: &[(&str, InputError)] = &[
            ("[]", InputError::NotObject),
            ("{", InputError::NotJson(String::new())),
            ("{}", InputError::Missing("hook_event_name")),
            (
                r#"{"hook_event_name":3}"#,
                InputError::WrongType {
                    field: "hook_event_name",
                    expected: "a string",
                },
            ),
            (
                r#"{"hook_event_name":"PreToolUse","tool_name":"Read","tool_input":{}}"#,
                InputError::Missing("cwd"),
            ),
            (
                r#"{"hook_event_name":"PreToolUse","cwd":"rel","tool_name":"Read","tool_input":{}}"#,
                InputError::BadValue {
                    field: "cwd",
                    why: "is not an absolute path",
                },
            ),
            (
                r#"{"hook_event_name":"PreToolUse","cwd":"/w","tool_input":{}}"#,
                InputError::Missing("tool_name"),
            ),
            (
                r#"{"hook_event_name":"PreToolUse","cwd":"/w","tool_name":"Read"}"#,
                InputError::Missing("tool_input"),
            ),
            (
                r#"{"hook_event_name":"PreToolUse","cwd":"/w","tool_name":"Read","tool_input":"x"}"#,
                InputError::WrongType {
                    field: "tool_input",
                    expected: "an object",
                },
            ),
            (
                r#"{"hook_event_name":"PreToolUse","cwd":"/w","tool_name":"","tool_input":{}}"#,
                InputError::BadValue {
                    field: "tool_name",
                    why: "is empty",
                },
            ),
            (
                r#"{"hook_event_name":"PreToolUse","cwd":"/w","tool_name":"Read","tool_input":{},"permission_mode":5}"#,
                InputError::WrongType {
                    field: "permission_mode",
                    expected: "a string",
                },
            ),
            (
                r#"{"hook_event_name":"UserPromptSubmit","cwd":"/w"}"#,
                InputError::Missing("prompt"),
            ),
        ];
        for (text, want) in cases {
            let got = err(text);
            match (want, &got) {
                (InputError::NotJson(_), InputError::NotJson(_)) => {}
                _ => assert_eq!(&got, want, "{text}"),
            }
        }
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_crash() {
        let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
        assert!(matches!(err(&deep), InputError::NotJson(_)));
    }

    #[test]
    fn reads_are_capped() {
        let big = vec![b' '; MAX_PAYLOAD_BYTES + 10];
        assert_eq!(read_payload(&mut big.as_slice()), Err(InputError::TooLarge));
        assert_eq!(read_payload(&mut &b"  \n"[..]), Err(InputError::Empty));
        assert_eq!(
            read_payload(&mut &b"\xff\xfe"[..]),
            Err(InputError::NotUtf8)
        );
    }

    #[test]
    fn accepts_unknown_fields_and_modes() {
        let h = parse(r#"{"hook_event_name":"PreToolUse","cwd":"/w","tool_name":"Task","tool_input":{"prompt":"x"},"permission_mode":"someNewMode","effort":{"level":"high"},"extra":[1]}"#).unwrap();
        assert_eq!(h.permission_mode, PermissionMode::Default);
        assert_eq!(h.tool.unwrap().name, "Task");
    }
}
