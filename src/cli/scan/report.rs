//! How `gatehook scan` reports: text (one line per finding, `file:line`), JSON, JUnit XML
//! (one test case per scanned file) and SARIF 2.1.0 (one result per finding, one rule per
//! cause, locations relative to `%SRCROOT%`, the scanned root), the format code-scanning
//! UIs read. Every string from the scanned files is hostile: text output is one
//! sanitised line per finding, XML is escaped, JSON is serde's.

use super::{to_json, Finding, Report};
use crate::cli::check::xml_escape;
use crate::decision::Decision;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::fmt::Write as _;

pub fn text(r: &Report) -> String {
    let mut s = String::new();
    for f in &r.findings {
        let _ = writeln!(
            s,
            "{}:{}: {} [{}] {}: {} ({})",
            f.file, f.line, f.decision, f.cause, f.command, f.reason, f.kind
        );
    }
    for u in &r.unreadable {
        let _ = writeln!(s, "{}: unreadable: {}", u.file, u.error);
    }
    let deny = r
        .findings
        .iter()
        .filter(|f| f.decision == Decision::Deny)
        .count();
    let _ = writeln!(
        s,
        "{} finding(s) ({deny} deny, {} ask) in {} command(s) of {} file(s) that run code{}",
        r.findings.len(),
        r.findings.len() - deny,
        r.commands,
        r.files.len(),
        if r.unreadable.is_empty() {
            String::new()
        } else {
            format!("; {} unreadable", r.unreadable.len())
        }
    );
    s
}

pub fn json(r: &Report) -> String {
    to_json(r).to_string()
}

pub fn junit(r: &Report) -> String {
    let mut by_file: BTreeMap<&str, Vec<&Finding>> = BTreeMap::new();
    for f in &r.findings {
        by_file.entry(f.file.as_str()).or_default().push(f);
    }
    let failures = by_file.len();
    let mut s = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let tests = r.files.len() + r.unreadable.len();
    let _ = writeln!(
        s,
        "<testsuites name=\"gatehook scan\" tests=\"{tests}\" failures=\"{failures}\" errors=\"{}\">",
        r.unreadable.len()
    );
    let _ = writeln!(
        s,
        "  <testsuite name=\"gatehook scan\" tests=\"{tests}\" failures=\"{failures}\" errors=\"{}\">",
        r.unreadable.len()
    );
    for (file, kind) in &r.files {
        let _ = write!(
            s,
            "    <testcase classname=\"{}\" name=\"{}\"",
            xml_escape(kind),
            xml_escape(file)
        );
        match by_file.get(file.as_str()) {
            None => s.push_str("/>\n"),
            Some(fs) => {
                let body: String = fs
                    .iter()
                    .map(|f| {
                        format!(
                            "{}:{}: {} [{}] {}: {}\n",
                            f.file, f.line, f.decision, f.cause, f.command, f.reason
                        )
                    })
                    .collect();
                let _ = write!(
                    s,
                    ">\n      <failure message=\"{}\">{}</failure>\n    </testcase>\n",
                    xml_escape(&format!(
                        "{} command(s) the floor would deny or ask about",
                        fs.len()
                    )),
                    xml_escape(&body)
                );
            }
        }
    }
    for u in &r.unreadable {
        let _ = writeln!(
            s,
            "    <testcase classname=\"unreadable\" name=\"{}\">\n      <error message=\"{}\"/>\n    </testcase>",
            xml_escape(&u.file),
            xml_escape(&u.error)
        );
    }
    s.push_str("  </testsuite>\n</testsuites>\n");
    s
}

/// A SARIF location URI for a relative path: `/`-separated, percent-encoded.
fn uri(path: &str) -> String {
    let mut out = String::new();
    for b in path.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' | b'/' => {
                out.push(b as char)
            }
            _ => {
                let _ = write!(out, "%{b:02X}");
            }
        }
    }
    out
}

/// SARIF 2.1.0 (OASIS): one run, gatehook as the driver, one rule per cause id.
pub fn sarif(r: &Report) -> String {
    let mut rules: Vec<&str> = r.findings.iter().map(|f| f.cause).collect();
    rules.sort();
    rules.dedup();
    let rule_objs: Vec<Value> = rules
        .iter()
        .map(|id| {
            let deny = r
                .findings
                .iter()
                .any(|f| f.cause == *id && f.decision == Decision::Deny);
            json!({
                "id": id,
                "name": id,
                "shortDescription": {"text": format!("gatehook's floor: {id}")},
                "fullDescription": {"text": format!(
                    "A command that gatehook's hook would {} an agent running it (cause {id}).",
                    if deny { "deny" } else { "ask the person about for" }
                )},
                "help": {"text": "Run `gatehook explain 'COMMAND'` to see every step of the decision."},
                "defaultConfiguration": {"level": if deny { "error" } else { "warning" }},
            })
        })
        .collect();
    let results: Vec<Value> = r
        .findings
        .iter()
        .map(|f| {
            let index = rules.iter().position(|id| *id == f.cause).unwrap_or(0);
            json!({
                "ruleId": f.cause,
                "ruleIndex": index,
                "level": if f.decision == Decision::Deny { "error" } else { "warning" },
                "message": {"text": format!(
                    "gatehook would {} `{}`: {}",
                    f.decision, f.command, f.reason
                )},
                "locations": [{
                    "physicalLocation": {
                        "artifactLocation": {"uri": uri(&f.file), "uriBaseId": "%SRCROOT%"},
                        "region": {"startLine": f.line.max(1)},
                    }
                }],
                "properties": {"kind": f.kind, "decision": f.decision},
            })
        })
        .collect();
    let notifications: Vec<Value> = r
        .unreadable
        .iter()
        .map(|u| {
            json!({
                "level": "error",
                "message": {"text": format!("{}: {}", u.file, u.error)},
                "locations": [{"physicalLocation": {"artifactLocation": {"uri": uri(&u.file), "uriBaseId": "%SRCROOT%"}}}],
            })
        })
        .collect();
    let mut root = r.root.display().to_string();
    if !root.ends_with('/') {
        root.push('/');
    }
    json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "gatehook",
                "version": env!("CARGO_PKG_VERSION"),
                "rules": rule_objs,
            }},
            "originalUriBaseIds": {"%SRCROOT%": {"uri": format!("file://{}", uri(&root))}},
            "invocations": [{
                "executionSuccessful": r.unreadable.is_empty(),
                "toolExecutionNotifications": notifications,
            }],
            "results": results,
        }]
    })
    .to_string()
}
