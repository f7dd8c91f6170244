//! The reviewer's answer, parsed strictly (INTERFACE "The reviewer's answer"). The reply
//! text must be exactly one JSON object, or one fenced ```json block holding it, with
//! exactly the keys `decision`, `risk`, `reason`, `kind`, `evidence`. Duplicate keys
//! (which serde_json would silently collapse), unknown keys, wrong types or values and
//! any text around the object are malformed; the caller fails closed. What the verdict
//! is *allowed* to do is the guard module's business, not this one's.

use crate::decision::Decision;
use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::fmt;

/// Longest reply text considered at all.
pub const MAX_REPLY_BYTES: usize = 64 * 1024;

/// How dangerous the reviewer judges the call.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Risk {
    Low,
    Medium,
    High,
    Critical,
}

impl Risk {
    pub fn as_str(self) -> &'static str {
        match self {
            Risk::Low => "low",
            Risk::Medium => "medium",
            Risk::High => "high",
            Risk::Critical => "critical",
        }
    }
}

/// A well-formed verdict. Nothing in it is trusted beyond its shape.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Verdict {
    pub decision: Decision,
    pub risk: Risk,
    pub reason: String,
    pub kind: Option<String>,
    pub evidence: Vec<String>,
}

/// The risk categories the rubric names (`kind`); the parser accepts any string, since
/// what a named kind does to an allow is the guard's business.
pub const KINDS: &[&str] = &[
    "destruction",
    "out-of-workspace",
    "credentials",
    "exfiltration",
    "persistence",
    "self-modification",
    "prod-infra",
    "verification-skipping",
    "nested-agents",
];

/// Longest `reason` the schema lets a grammar-driven server write: a small model that
/// rambles inside the string would otherwise run into the token limit.
pub const MAX_SCHEMA_REASON: u32 = 200;
/// Most evidence ids the schema lets a grammar-driven server list (a small model can
/// otherwise repeat `"m1"` until the token limit).
pub const MAX_SCHEMA_EVIDENCE: u32 = 8;

/// The JSON schema sent to servers that support structured output. It is stricter than
/// the parser where a grammar helps a small model: `reason` and `evidence` are bounded,
/// `kind` is one of
/// [`KINDS`] or null (not "none"), and each evidence item is an owner-message id (`m1`,
/// `m2`, …), never the data marker around it.
pub fn schema() -> Value {
    let mut kinds: Vec<Value> = KINDS.iter().map(|k| Value::from(*k)).collect();
    kinds.push(Value::Null);
    serde_json::json!({
        "type": "object",
        "additionalProperties": false,
        "required": ["decision", "risk", "reason", "kind", "evidence"],
        "properties": {
            "decision": {"type": "string", "enum": ["allow", "ask", "deny"]},
            "risk": {"type": "string", "enum": ["low", "medium", "high", "critical"]},
            "reason": {"type": "string", "maxLength": MAX_SCHEMA_REASON},
            "kind": {"type": ["string", "null"], "enum": kinds},
            "evidence": {"type": "array", "maxItems": MAX_SCHEMA_EVIDENCE,
                         "items": {"type": "string", "pattern": "^m[1-9][0-9]*$"}}
        }
    })
}

/// An object whose keys are kept in order, refusing duplicates.
struct NoDupObject(Vec<(String, Value)>);

impl<'de> Deserialize<'de> for NoDupObject {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = NoDupObject;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut m: A) -> Result<NoDupObject, A::Error> {
                let mut out: Vec<(String, Value)> = Vec::new();
                while let Some(k) = m.next_key::<String>()? {
                    if out.iter().any(|(seen, _)| *seen == k) {
                        return Err(de::Error::custom(format!("duplicate key `{k}`")));
                    }
                    let v: Value = m.next_value()?;
                    out.push((k, v));
                }
                Ok(NoDupObject(out))
            }
        }
        d.deserialize_map(V)
    }
}

/// The JSON text inside the reply: the whole trimmed reply, or the body of one fenced block
/// that is the whole trimmed reply.
fn json_text(reply: &str) -> Result<&str, String> {
    let t = reply.trim();
    if !t.starts_with("```") {
        return Ok(t);
    }
    let body = t
        .strip_prefix("```json")
        .or_else(|| t.strip_prefix("```"))
        .unwrap_or(t);
    let Some(nl) = body.find('\n') else {
        return Err("an unterminated fenced block".into());
    };
    if !body[..nl].trim().is_empty() {
        return Err("a fenced block with a language other than json".into());
    }
    let inner = &body[nl + 1..];
    let Some(inner) = inner.trim_end().strip_suffix("```") else {
        return Err("an unterminated fenced block".into());
    };
    if inner.contains("```") {
        return Err("more than one fenced block".into());
    }
    Ok(inner.trim())
}

/// Parse a reply strictly. The error says what was wrong, for the audit and reason line.
pub fn parse(reply: &str) -> Result<Verdict, String> {
    if reply.len() > MAX_REPLY_BYTES {
        return Err(format!("the reply is longer than {MAX_REPLY_BYTES} bytes"));
    }
    let text = json_text(reply)?;
    if !text.starts_with('{') {
        return Err("the reply is not a JSON object".into());
    }
    let mut de = serde_json::Deserializer::from_str(text);
    let obj = NoDupObject::deserialize(&mut de).map_err(|e| format!("malformed verdict: {e}"))?;
    de.end()
        .map_err(|_| "text after the verdict object".to_string())?;
    let mut decision = None;
    let mut risk = None;
    let mut reason = None;
    let mut kind = None;
    let mut evidence = None;
    for (k, v) in obj.0 {
        match k.as_str() {
            "decision" => {
                decision = Some(match v.as_str() {
                    Some("allow") => Decision::Allow,
                    Some("ask") => Decision::Ask,
                    Some("deny") => Decision::Deny,
                    _ => return Err(format!("`decision` is {v}, not allow|ask|deny")),
                })
            }
            "risk" => {
                risk = Some(match v.as_str() {
                    Some("low") => Risk::Low,
                    Some("medium") => Risk::Medium,
                    Some("high") => Risk::High,
                    Some("critical") => Risk::Critical,
                    _ => return Err(format!("`risk` is {v}, not low|medium|high|critical")),
                })
            }
            "reason" => match v {
                Value::String(s) => reason = Some(s),
                _ => return Err("`reason` is not a string".into()),
            },
            "kind" => match v {
                Value::String(s) => kind = Some(Some(s)),
                Value::Null => kind = Some(None),
                _ => return Err("`kind` is neither a string nor null".into()),
            },
            "evidence" => {
                let Value::Array(items) = v else {
                    return Err("`evidence` is not an array".into());
                };
                let mut ev = Vec::with_capacity(items.len());
                for i in items {
                    match i {
                        Value::String(s) => ev.push(s),
                        _ => return Err("`evidence` holds a non-string".into()),
                    }
                }
                evidence = Some(ev);
            }
            other => {
                return Err(format!(
                    "unknown key `{}` in the verdict",
                    crate::decision::cause::one_line(other, 40)
                ))
            }
        }
    }
    let missing = |k: &str| format!("the verdict has no `{k}`");
    Ok(Verdict {
        decision: decision.ok_or_else(|| missing("decision"))?,
        risk: risk.ok_or_else(|| missing("risk"))?,
        reason: reason.ok_or_else(|| missing("reason"))?,
        kind: kind.ok_or_else(|| missing("kind"))?,
        evidence: evidence.ok_or_else(|| missing("evidence"))?,
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    const OK: &str =
        r#"{"decision":"allow","risk":"low","reason":"asked","kind":null,"evidence":["m1"]}"#;

    #[test]
    fn accepts_exact_object_and_one_fenced_block() {
        assert_eq!(parse(OK).unwrap().evidence, vec!["m1"]);
        assert!(parse(&format!("  {OK}\n")).is_ok());
        assert!(parse(&format!("```json\n{OK}\n```")).is_ok());
        assert!(parse(&format!("```\n{OK}\n```\n")).is_ok());
    }

    #[test]
    fn refuses_everything_else() {
        let cases = [
            ("", "empty"),
            ("allow", "not json"),
            (&format!("Sure! {OK}"), "text before"),
            (&format!("{OK} done"), "text after"),
            (&format!("{OK}{OK}"), "two objects"),
            (&format!("```json\n{OK}\n```\nthanks"), "text after fence"),
            (&format!("```python\n{OK}\n```"), "wrong fence"),
            (
                &format!("```json\n{OK}\n```\n```json\n{OK}\n```"),
                "two fences",
            ),
            (
                r#"{"decision":"allow","decision":"deny","risk":"low","reason":"","kind":null,"evidence":[]}"#,
                "dup",
            ),
            (
                r#"{"decision":"allow","risk":"low","reason":"","kind":null,"evidence":[],"x":1}"#,
                "unknown",
            ),
            (
                r#"{"decision":"yes","risk":"low","reason":"","kind":null,"evidence":[]}"#,
                "value",
            ),
            (
                r#"{"decision":"allow","risk":"none","reason":"","kind":null,"evidence":[]}"#,
                "risk",
            ),
            (
                r#"{"decision":"allow","risk":"low","reason":1,"kind":null,"evidence":[]}"#,
                "reason type",
            ),
            (
                r#"{"decision":"allow","risk":"low","reason":"","kind":1,"evidence":[]}"#,
                "kind type",
            ),
            (
                r#"{"decision":"allow","risk":"low","reason":"","kind":null,"evidence":"m1"}"#,
                "evidence type",
            ),
            (
                r#"{"decision":"allow","risk":"low","reason":"","kind":null,"evidence":[1]}"#,
                "evidence item",
            ),
            (
                r#"{"decision":"allow","risk":"low","reason":"","evidence":[]}"#,
                "missing kind",
            ),
            (r#"["allow"]"#, "array"),
        ];
        for (text, why) in cases {
            assert!(parse(text).is_err(), "{why}: {text}");
        }
    }

    #[test]
    fn the_schema_names_the_rubric_kinds_and_message_ids_only() {
        let s = schema();
        let kinds = s["properties"]["kind"]["enum"].as_array().unwrap();
        assert_eq!(kinds.len(), KINDS.len() + 1);
        assert!(kinds.contains(&Value::Null));
        for k in KINDS {
            assert!(
                crate::review::packet::SYSTEM_PROMPT.contains(&format!("- {k}:")),
                "the rubric does not describe `{k}`"
            );
        }
        assert_eq!(
            s["properties"]["evidence"]["items"]["pattern"],
            "^m[1-9][0-9]*$"
        );
        assert_eq!(s["properties"]["evidence"]["maxItems"], MAX_SCHEMA_EVIDENCE);
        assert_eq!(s["properties"]["reason"]["maxLength"], MAX_SCHEMA_REASON);
    }
}
