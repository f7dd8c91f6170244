//! An order-keeping JSON value for editing a person's settings file: objects keep their
//! keys in file order (serde_json's own map sorts them unless a crate-wide feature is on,
//! which would change every other JSON gatehook writes). A key that appears twice is an
//! error: which one Claude Code honours is not ours to guess, so the file is refused.

use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{SerializeMap, SerializeSeq, Serializer};
use serde::{Deserialize, Serialize};
use std::fmt;

/// One JSON value, objects as ordered key lists.
#[derive(Clone, Debug, PartialEq)]
pub enum Json {
    Null,
    Bool(bool),
    Number(serde_json::Number),
    String(String),
    Array(Vec<Json>),
    Object(Vec<(String, Json)>),
}

impl Json {
    pub fn str(s: &str) -> Json {
        Json::String(s.to_string())
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Json::String(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_u64(&self) -> Option<u64> {
        match self {
            Json::Number(n) => n.as_u64().or_else(|| {
                n.as_f64()
                    .filter(|f| f.is_finite() && *f >= 0.0)
                    .map(|f| f.ceil() as u64)
            }),
            _ => None,
        }
    }

    /// The value at `key` of an object.
    pub fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Object(kv) => kv.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    pub fn get_mut(&mut self, key: &str) -> Option<&mut Json> {
        match self {
            Json::Object(kv) => kv.iter_mut().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// Set `key` of an object, in place when present, else appended. No-op on non-objects.
    pub fn set(&mut self, key: &str, value: Json) {
        if let Json::Object(kv) = self {
            match kv.iter_mut().find(|(k, _)| k == key) {
                Some((_, v)) => *v = value,
                None => kv.push((key.to_string(), value)),
            }
        }
    }

    pub fn remove(&mut self, key: &str) {
        if let Json::Object(kv) = self {
            kv.retain(|(k, _)| k != key);
        }
    }

    /// Parse JSON text; duplicate keys are an error.
    pub fn parse(text: &str) -> Result<Json, String> {
        let mut de = serde_json::Deserializer::from_str(text);
        let v = Json::deserialize(&mut de).map_err(|e| e.to_string())?;
        de.end().map_err(|e| e.to_string())?;
        Ok(v)
    }

    /// Pretty text with `indent` per level and a final newline.
    pub fn to_pretty(&self, indent: &[u8]) -> String {
        let mut out = Vec::new();
        let fmt = serde_json::ser::PrettyFormatter::with_indent(indent);
        let mut ser = serde_json::Serializer::with_formatter(&mut out, fmt);
        // Serialising our own tree into a Vec cannot fail (no maps with non-string keys).
        if self.serialize(&mut ser).is_err() {
            return String::new();
        }
        let mut s = String::from_utf8_lossy(&out).into_owned();
        s.push('\n');
        s
    }
}

impl Serialize for Json {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Json::Null => s.serialize_unit(),
            Json::Bool(b) => s.serialize_bool(*b),
            Json::Number(n) => n.serialize(s),
            Json::String(t) => s.serialize_str(t),
            Json::Array(items) => {
                let mut seq = s.serialize_seq(Some(items.len()))?;
                for i in items {
                    seq.serialize_element(i)?;
                }
                seq.end()
            }
            Json::Object(kv) => {
                let mut map = s.serialize_map(Some(kv.len()))?;
                for (k, v) in kv {
                    map.serialize_entry(k, v)?;
                }
                map.end()
            }
        }
    }
}

impl<'de> Deserialize<'de> for Json {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Json, D::Error> {
        d.deserialize_any(JsonVisitor)
    }
}

struct JsonVisitor;

impl<'de> Visitor<'de> for JsonVisitor {
    type Value = Json;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_unit<E>(self) -> Result<Json, E> {
        Ok(Json::Null)
    }
    fn visit_bool<E>(self, b: bool) -> Result<Json, E> {
        Ok(Json::Bool(b))
    }
    fn visit_i64<E>(self, n: i64) -> Result<Json, E> {
        Ok(Json::Number(n.into()))
    }
    fn visit_u64<E>(self, n: u64) -> Result<Json, E> {
        Ok(Json::Number(n.into()))
    }
    fn visit_f64<E: de::Error>(self, n: f64) -> Result<Json, E> {
        serde_json::Number::from_f64(n)
            .map(Json::Number)
            .ok_or_else(|| E::custom("a number JSON cannot hold"))
    }
    fn visit_str<E>(self, s: &str) -> Result<Json, E> {
        Ok(Json::String(s.to_string()))
    }
    fn visit_string<E>(self, s: String) -> Result<Json, E> {
        Ok(Json::String(s))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Json, A::Error> {
        let mut items = Vec::new();
        while let Some(v) = seq.next_element()? {
            items.push(v);
        }
        Ok(Json::Array(items))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Json, A::Error> {
        let mut kv: Vec<(String, Json)> = Vec::new();
        while let Some(k) = map.next_key::<String>()? {
            if kv.iter().any(|(have, _)| *have == k) {
                return Err(de::Error::custom(format!("duplicate key {k:?}")));
            }
            let v = map.next_value()?;
            kv.push((k, v));
        }
        Ok(Json::Object(kv))
    }
}

/// The indentation the file already uses (its first indented line), else two spaces.
pub fn detect_indent(text: &str) -> Vec<u8> {
    for line in text.lines().skip(1) {
        let ws: String = line
            .chars()
            .take_while(|c| *c == ' ' || *c == '\t')
            .collect();
        if !ws.is_empty() && ws.len() <= 8 && line.len() > ws.len() {
            return ws.into_bytes();
        }
    }
    b"  ".to_vec()
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn keeps_key_order_and_round_trips() {
        let text =
            "{\n  \"z\": 1,\n  \"a\": {\n    \"y\": [true, null, 1.5],\n    \"b\": \"x\"\n  }\n}\n";
        let v = Json::parse(text).unwrap();
        assert_eq!(
            v.to_pretty(b"  "),
            text.replace(
                "[true, null, 1.5]",
                "[\n      true,\n      null,\n      1.5\n    ]"
            )
        );
        let keys: Vec<&str> = match &v {
            Json::Object(kv) => kv.iter().map(|(k, _)| k.as_str()).collect(),
            _ => vec![],
        };
        assert_eq!(keys, ["z", "a"]);
    }

    #[test]
    fn refuses_duplicate_keys_and_trailing_text() {
        assert!(Json::parse(r#"{"a": 1, "a": 2}"#)
            .unwrap_err()
            .contains("duplicate key"));
        assert!(Json::parse(r#"{"a": {"b": 1, "b": 1}}"#).is_err());
        assert!(Json::parse(r#"{"a": 1} x"#).is_err());
        assert!(Json::parse("").is_err());
    }

    #[test]
    fn detects_indent() {
        assert_eq!(detect_indent("{\n    \"a\": 1\n}"), b"    ");
        assert_eq!(detect_indent("{\n\t\"a\": 1\n}"), b"\t");
        assert_eq!(detect_indent("{\"a\":1}"), b"  ");
    }
}
