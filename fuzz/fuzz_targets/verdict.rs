//! Any reply → `review::verdict::parse`: no panic; what parses is exactly the schema.
#![no_main]

use gatehook::review::verdict;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(v) = verdict::parse(text) {
        // A verdict that parsed came from one JSON object (possibly fenced) with exactly the
        // five keys: serialising it again and parsing gives the same verdict.
        let again = serde_json::to_string(&v).expect("serialise");
        assert_eq!(verdict::parse(&again).as_ref(), Ok(&v), "{text:?}");
        // An independent check: the object text (the trimmed reply, or the body of the one
        // fenced block it is) holds exactly the five keys with values of the schema.
        let t = text.trim();
        let body = if t.starts_with("```") {
            let nl = t.find('\n').expect("fenced verdict has a newline");
            t[nl + 1..]
                .trim_end()
                .strip_suffix("```")
                .expect("closing fence")
        } else {
            t
        };
        let obj: serde_json::Value = serde_json::from_str(body.trim()).expect("object text");
        let obj = obj.as_object().expect("an object");
        let mut keys: Vec<&str> = obj.keys().map(String::as_str).collect();
        keys.sort_unstable();
        assert_eq!(
            keys,
            ["decision", "evidence", "kind", "reason", "risk"],
            "{text:?}"
        );
        assert!(matches!(
            obj["decision"].as_str(),
            Some("allow" | "ask" | "deny")
        ));
        assert!(matches!(
            obj["risk"].as_str(),
            Some("low" | "medium" | "high" | "critical")
        ));
        assert!(obj["reason"].is_string() && (obj["kind"].is_string() || obj["kind"].is_null()));
        assert!(obj["evidence"]
            .as_array()
            .is_some_and(|a| a.iter().all(|e| e.is_string())));
    }
});
