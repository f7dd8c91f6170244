//! The person's words: the only source of authorisation the reviewer gets. They come from
//! the UserPromptSubmit records (`state/<session>/prompts.jsonl`) and, when none were
//! recorded, from the transcript, read with the recipe in PROTOCOLS §4: only typed human
//! prompts, never tool results, assistant text, meta/injected records, sidechains or
//! compaction summaries. The transcript is hostile and may be long, so it is read
//! incrementally (the byte offset and the messages found so far are kept per session in
//! `owner.json`), at most [`MAX_READ_BYTES`] per call, and a partial last line is left for
//! the next call. Ids `m1`, `m2`, … follow first-seen order and are stable for the session.

use crate::context::state;
use crate::context::store;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::io::{Read, Seek, SeekFrom};
use std::path::Path;

/// Most transcript bytes read by one hook call.
pub const MAX_READ_BYTES: u64 = 8 * 1024 * 1024;
/// Longest single message kept (head and tail, with a marker).
pub const MAX_MESSAGE_BYTES: usize = 16 * 1024;
/// Most messages remembered per session; beyond it the middle ones are forgotten (ids stay).
pub const MAX_MESSAGES: usize = 400;

/// One of the person's messages with its stable id number (`m{n}`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OwnerMessage {
    pub n: u32,
    pub text: String,
}

impl OwnerMessage {
    pub fn id(&self) -> String {
        format!("m{}", self.n)
    }
}

/// Where the owner messages came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Source {
    UserPromptSubmit,
    Transcript,
    None,
}

/// Incremental transcript reading state (`owner.json`).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct TranscriptState {
    pub path: String,
    pub offset: u64,
    /// The last read stopped inside an over-long line: skip to the next newline first.
    pub mid_line: bool,
    pub next_n: u32,
    pub messages: Vec<OwnerMessage>,
}

/// The person's messages for a session. With `persist` false (explain) the transcript
/// state is read but never written.
pub fn collect(
    state_root: &Path,
    session_id: &str,
    transcript: Option<&Path>,
    persist: bool,
) -> (Vec<OwnerMessage>, Source) {
    let recorded = state::read_prompts_numbered(state_root, session_id);
    if !recorded.is_empty() {
        let msgs = recorded
            .into_iter()
            .map(|(n, t)| OwnerMessage {
                n,
                text: state::cap_text(&t, MAX_MESSAGE_BYTES),
            })
            .collect();
        return (keep_bounded(msgs), Source::UserPromptSubmit);
    }
    let Some(path) = transcript else {
        return (Vec::new(), Source::None);
    };
    let dir = state::session_dir(state_root, session_id);
    let msgs = if persist {
        match store::lock(&dir, "owner.json") {
            Ok(l) => {
                let mut st: TranscriptState = l.read().unwrap_or_default();
                if read_transcript(path, &mut st) {
                    let _ = l.write(&st);
                }
                st.messages
            }
            Err(_) => {
                let mut st = TranscriptState::default();
                read_transcript(path, &mut st);
                st.messages
            }
        }
    } else {
        let mut st: TranscriptState =
            store::read_unlocked(&dir.join("owner.json")).unwrap_or_default();
        read_transcript(path, &mut st);
        st.messages
    };
    let source = if msgs.is_empty() {
        Source::None
    } else {
        Source::Transcript
    };
    (msgs, source)
}

fn keep_bounded(mut msgs: Vec<OwnerMessage>) -> Vec<OwnerMessage> {
    if msgs.len() > MAX_MESSAGES {
        // Keep the first message and the latest ones; ids are kept, so citations stay valid.
        let tail = msgs.split_off(msgs.len() - (MAX_MESSAGES - 1));
        msgs.truncate(1);
        msgs.extend(tail);
    }
    msgs
}

/// Read new transcript bytes into `st`. Returns whether the state changed.
pub fn read_transcript(path: &Path, st: &mut TranscriptState) -> bool {
    let path_text = path.display().to_string();
    // The path comes from the payload: a FIFO or device there is no transcript.
    let Ok(mut f) = state::open_regular(path) else {
        return false;
    };
    let len = f.metadata().map(|m| m.len()).unwrap_or(0);
    if st.path != path_text || len < st.offset {
        // A different or truncated file: start over.
        *st = TranscriptState {
            path: path_text,
            ..TranscriptState::default()
        };
    }
    if len == st.offset {
        return false;
    }
    if f.seek(SeekFrom::Start(st.offset)).is_err() {
        return false;
    }
    let mut buf = Vec::new();
    if f.take(MAX_READ_BYTES).read_to_end(&mut buf).is_err() {
        return false;
    }
    let Some(last_nl) = buf.iter().rposition(|&b| b == b'\n') else {
        if buf.len() as u64 >= MAX_READ_BYTES {
            // One line longer than the read cap: skip it entirely.
            st.offset += buf.len() as u64;
            st.mid_line = true;
            return true;
        }
        return false; // a partial last line: wait for the rest
    };
    let mut chunk = &buf[..=last_nl];
    if st.mid_line {
        let first_nl = chunk.iter().position(|&b| b == b'\n').unwrap_or(0);
        chunk = &chunk[first_nl + 1..];
        st.mid_line = false;
    }
    for line in chunk.split(|&b| b == b'\n') {
        if let Some(text) = human_prompt(line) {
            st.next_n = st.next_n.max(st.messages.last().map(|m| m.n).unwrap_or(0)) + 1;
            st.messages.push(OwnerMessage {
                n: st.next_n,
                text: state::cap_text(&text, MAX_MESSAGE_BYTES),
            });
        }
    }
    st.messages = keep_bounded(std::mem::take(&mut st.messages));
    st.offset += last_nl as u64 + 1;
    true
}

/// Text that marks a record as generated by the CLI, not typed by the person.
const CLI_TAGS: &[&str] = &[
    "<local-command-stdout>",
    "<local-command-caveat>",
    "<bash-stdout>",
    "<bash-stderr>",
    "<task-notification>",
    "<system-reminder>",
    "<session-start-hook>",
    "<tick>",
    "<goal>",
    "[Request interrupted by user",
    "Caveat: The messages below were generated by the user while running local commands",
];

/// Whether a prompt is text the CLI generated (a background task's notification, a local
/// command's output, …) rather than words the person typed.
pub fn is_cli_generated(text: &str) -> bool {
    let trimmed = text.trim_start();
    CLI_TAGS.iter().any(|t| trimmed.starts_with(t))
}

fn is_true(v: &Value, key: &str) -> bool {
    v.get(key).and_then(Value::as_bool) == Some(true)
}

/// The PROTOCOLS §4 recipe: the text of a typed human prompt, or `None`.
pub fn human_prompt(line: &[u8]) -> Option<String> {
    let start = line
        .iter()
        .position(|&b| b != 0 && !b.is_ascii_whitespace())?;
    let v: Value = serde_json::from_slice(&line[start..]).ok()?;
    if v.get("type").and_then(Value::as_str) != Some("user") || v.get("uuid").is_none() {
        return None;
    }
    if [
        "isSidechain",
        "isMeta",
        "isCompactSummary",
        "isVisibleInTranscriptOnly",
    ]
    .iter()
    .any(|k| is_true(&v, k))
        || v.get("teamName").is_some()
        || v.get("toolUseResult").is_some()
    {
        return None;
    }
    if let Some(origin) = v.get("origin") {
        if origin.get("kind").and_then(Value::as_str) != Some("human") {
            return None;
        }
    }
    if v.get("promptSource").and_then(Value::as_str) == Some("system") {
        return None;
    }
    let msg = v.get("message")?;
    if msg.get("role").and_then(Value::as_str) != Some("user") {
        return None;
    }
    let text = match msg.get("content")? {
        Value::String(s) => s.clone(),
        Value::Array(blocks) => {
            let mut parts = Vec::new();
            for b in blocks {
                match b.get("type").and_then(Value::as_str) {
                    Some("tool_result") => return None,
                    Some("text") => parts.push(b.get("text")?.as_str()?.to_string()),
                    _ => {}
                }
            }
            parts.join("\n")
        }
        _ => return None,
    };
    if is_cli_generated(&text) {
        return None;
    }
    let trimmed = text.trim_start();
    let rest = strip_spans(&strip_spans(trimmed, "ide_opened_file"), "ide_selection");
    if rest.trim().is_empty() {
        return None;
    }
    Some(text)
}

fn strip_spans(text: &str, tag: &str) -> String {
    let (open, close) = (format!("<{tag}>"), format!("</{tag}>"));
    let mut out = String::new();
    let mut rest = text;
    while let Some(a) = rest.find(&open) {
        out.push_str(&rest[..a]);
        match rest[a..].find(&close) {
            Some(b) => rest = &rest[a + b + close.len()..],
            None => {
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}
