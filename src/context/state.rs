//! Per-session state under `<data dir>/state/`: today, the person's own words, recorded
//! from UserPromptSubmit so the reviewer can read them without trusting the transcript.
//! One directory per session; appends happen under a lock file that is never renamed, and
//! no file is opened through a symlink.

use anyhow::{bail, Context as _};
use serde_json::json;
use sha2::{Digest, Sha256};
use std::fs::{DirBuilder, File, OpenOptions};
use std::io::Write;
use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt};
use std::path::{Path, PathBuf};

/// Sessions untouched for this long are removed (on the next recorded prompt).
pub const RETENTION: std::time::Duration = std::time::Duration::from_secs(14 * 24 * 3600);

/// Longest prompt kept verbatim; longer ones keep their head and tail.
pub const MAX_PROMPT_BYTES: usize = 64 * 1024;

/// A file-system-safe name for a session id chosen by the payload (hostile): kept when it
/// is short and plain, hashed otherwise.
pub fn session_dir_name(session_id: &str) -> String {
    let plain = !session_id.is_empty()
        && session_id.len() <= 100
        && session_id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        && !session_id.starts_with('-');
    if plain {
        session_id.to_string()
    } else {
        let h = Sha256::digest(session_id.as_bytes());
        format!("h-{}", hex(&h[..16]))
    }
}

pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The directory of one session's state.
pub fn session_dir(state_root: &Path, session_id: &str) -> PathBuf {
    state_root.join(session_dir_name(session_id))
}

/// Why the state a session's decision could be loosened by is not private, if it is not:
/// the data directory, `state/` and the session's directory must each be missing, or a
/// real directory (not a symlink) owned by us that neither group nor others can write.
/// Someone who can write there could plant the person's "words", erase a hold, bless a
/// changed build file or a cached reviewer allow. Three `lstat`s; no file is read.
pub fn unsafe_state(state_root: &Path, session_id: &str) -> Option<(PathBuf, String)> {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let session = session_dir(state_root, session_id);
    let dirs = [
        state_root.parent(),
        Some(state_root),
        Some(session.as_path()),
    ];
    for dir in dirs.into_iter().flatten() {
        let md = match std::fs::symlink_metadata(dir) {
            Ok(md) => md,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
            Err(e) => return Some((dir.to_path_buf(), format!("cannot be inspected ({e})"))),
        };
        let why = if md.file_type().is_symlink() {
            "is a symlink".to_string()
        } else if !md.is_dir() {
            "is not a directory".to_string()
        } else if md.permissions().mode() & 0o022 != 0 {
            format!(
                "is writable by group or others (mode {:o})",
                md.permissions().mode() & 0o777
            )
        } else {
            match crate::context::state::current_uid() {
                Some(uid) if md.uid() != uid => format!("is owned by uid {}, not {uid}", md.uid()),
                _ => continue,
            }
        };
        return Some((dir.to_path_buf(), why));
    }
    None
}

/// Create `dir` (and parents) private to the user; refuse a symlink in its place.
pub fn private_dir(dir: &Path) -> anyhow::Result<()> {
    // Already there (every call after a session's first): one `lstat` says so.
    if std::fs::symlink_metadata(dir).is_ok_and(|md| md.is_dir()) {
        return Ok(());
    }
    DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(dir)
        .with_context(|| format!("creating {}", dir.display()))?;
    let md = std::fs::symlink_metadata(dir)?;
    if md.file_type().is_symlink() || !md.is_dir() {
        bail!("{} is not a plain directory", dir.display());
    }
    Ok(())
}

/// Open `path` for reading only if it is a regular file, without ever blocking: a FIFO
/// (which would block `open` until a writer comes) or a device planted at a name gatehook
/// reads (a build file, a transcript, a config file) is an error, not a hang. Symlinks
/// are followed. The type is checked before opening (opening some devices has effects of
/// its own) and again on the opened file, so no swap can slip between.
pub fn open_regular(path: &Path) -> std::io::Result<File> {
    let not_regular =
        || std::io::Error::new(std::io::ErrorKind::InvalidInput, "not a regular file");
    if !std::fs::metadata(path)?.is_file() {
        return Err(not_regular());
    }
    let f = OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK | libc::O_CLOEXEC)
        .open(path)?;
    if !f.metadata()?.is_file() {
        return Err(not_regular());
    }
    Ok(f)
}

pub(crate) fn open_nofollow(path: &Path, append: bool) -> anyhow::Result<File> {
    let mut o = OpenOptions::new();
    o.read(true).create(true).mode(0o600);
    if append {
        o.append(true);
    } else {
        o.write(true);
    }
    o.custom_flags(libc::O_NOFOLLOW | libc::O_CLOEXEC | libc::O_NONBLOCK);
    let f = o
        .open(path)
        .with_context(|| format!("opening {}", path.display()))?;
    if !f.metadata()?.is_file() {
        bail!("{} is not a regular file", path.display());
    }
    Ok(f)
}

/// Append one line to `dir/name` while holding `dir/name.lock`.
pub fn locked_append(dir: &Path, name: &str, line: &str) -> anyhow::Result<()> {
    // The same lock file convention (`NAME.lock`, never renamed) as the other state files.
    let lock = crate::context::store::lock(dir, name)?;
    let mut f = open_nofollow(&dir.join(name), true)?;
    f.write_all(line.as_bytes())?;
    drop(f);
    drop(lock);
    Ok(())
}

/// Keep the head and tail of an over-long prompt, with an explicit marker.
pub fn cap_text(text: &str, max: usize) -> String {
    if text.len() <= max {
        return text.to_string();
    }
    let half = max / 2;
    let mut head_end = half;
    while !text.is_char_boundary(head_end) {
        head_end -= 1;
    }
    let mut tail_start = text.len() - half;
    while !text.is_char_boundary(tail_start) {
        tail_start += 1;
    }
    format!(
        "{}[… {} bytes truncated by gatehook …]{}",
        &text[..head_end],
        tail_start - head_end,
        &text[tail_start..]
    )
}

/// `prompts.jsonl` past this size is compacted on the next append.
pub const MAX_PROMPTS_FILE_BYTES: u64 = 2 * 1024 * 1024;

/// What compaction keeps of an older prompt that is not among the latest: `Some(text)` to
/// keep (e.g. the sentences that set or lift a hold), `None` to drop it.
pub type Reduce = fn(&str) -> Option<String>;

/// Record one of the person's prompts for the session. When the file grows past
/// [`MAX_PROMPTS_FILE_BYTES`] it is compacted under the same lock to half that bound: the
/// first prompt (its head), the latest prompts verbatim, and of the ones between what
/// `reduce` keeps (the sentences that set or lift a hold), latest first. Every record keeps
/// its original number `n`, so the reviewer's message ids (`m{n}`) stay stable; the file
/// is replaced atomically.
pub fn record_prompt(
    state_root: &Path,
    session_id: &str,
    prompt_id: Option<&str>,
    prompt: &str,
    reduce: Reduce,
) -> anyhow::Result<()> {
    let dir = session_dir(state_root, session_id);
    let rec = json!({
        "ts": chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true),
        "prompt_id": prompt_id,
        "prompt": cap_text(prompt, MAX_PROMPT_BYTES),
    });
    let name = "prompts.jsonl";
    let lock = crate::context::store::lock(&dir, name)?;
    let path = dir.join(name);
    let mut f = open_nofollow(&path, true)?;
    f.write_all(format!("{rec}\n").as_bytes())?;
    let size = f.metadata()?.len();
    drop(f);
    if size > MAX_PROMPTS_FILE_BYTES {
        compact_prompts(&path, reduce)?;
    }
    drop(lock);
    Ok(())
}

/// Marks an older prompt of which compaction kept only some sentences.
pub const REDUCED_MARK: &str =
    "[gatehook kept only the sentences of this older message that name actions]";

/// Rewrite `prompts.jsonl` within half its bound (the caller holds the lock).
fn compact_prompts(path: &Path, reduce: Reduce) -> anyhow::Result<()> {
    let text = std::fs::read_to_string(path)?;
    let records = numbered(&text);
    let quarter = (MAX_PROMPTS_FILE_BYTES / 4) as usize;
    let line = |n: u32, t: &str| format!("{}\n", json!({"n": n, "prompt": t}));
    let mut kept: Vec<Option<String>> = vec![None; records.len()];
    // The first message, which often states the task, keeps its head and tail.
    if let Some((_, t)) = records.first() {
        kept[0] = Some(cap_text(t, 8 * 1024));
    }
    // The latest messages verbatim, within a quarter of the bound (the last always).
    let mut used = 0usize;
    let mut tail_start = records.len();
    for (i, (n, t)) in records.iter().enumerate().skip(1).rev() {
        let len = line(*n, t).len();
        if i + 1 != records.len() && used + len > quarter {
            break;
        }
        kept[i] = Some(t.clone());
        used += len;
        tail_start = i;
    }
    // Between them, what `reduce` keeps, latest first, within another quarter.
    let mut used = 0usize;
    for i in (1..tail_start).rev() {
        let Some(r) = reduce(&records[i].1) else {
            continue;
        };
        let t = format!("{REDUCED_MARK}\n{r}");
        let len = line(records[i].0, &t).len();
        if used + len > quarter {
            break;
        }
        kept[i] = Some(t);
        used += len;
    }
    let out: String = records
        .iter()
        .zip(kept)
        .filter_map(|((n, _), k)| k.map(|t| line(*n, &t)))
        .collect();
    let tmp = path.with_extension("jsonl.tmp");
    let _ = std::fs::remove_file(&tmp);
    let mut f = OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .custom_flags(libc::O_NOFOLLOW | libc::O_CLOEXEC)
        .open(&tmp)
        .with_context(|| format!("creating {}", tmp.display()))?;
    f.write_all(out.as_bytes())?;
    f.sync_all()?;
    drop(f);
    std::fs::rename(&tmp, path).with_context(|| format!("replacing {}", path.display()))?;
    Ok(())
}

/// The prompts of a `prompts.jsonl` text with their numbers: a record's own `n` (kept
/// through compaction), else one more than the record before it.
fn numbered(text: &str) -> Vec<(u32, String)> {
    let mut out = Vec::new();
    let mut last = 0u32;
    for v in text
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
    {
        let Some(p) = v.get("prompt").and_then(|p| p.as_str()) else {
            continue;
        };
        let n = v
            .get("n")
            .and_then(serde_json::Value::as_u64)
            .and_then(|n| u32::try_from(n).ok())
            .filter(|&n| n > last)
            .unwrap_or(last.saturating_add(1));
        last = n;
        out.push((n, p.to_string()));
    }
    out
}

/// Remove the state of sessions not touched for [`RETENTION`]; returns how many. A symlink
/// planted in the state directory is removed as a link, never followed.
pub fn prune(state_root: &Path, now: std::time::SystemTime) -> usize {
    let Ok(rd) = std::fs::read_dir(state_root) else {
        return 0;
    };
    let mut removed = 0;
    for e in rd.flatten() {
        let path = e.path();
        let Ok(md) = std::fs::symlink_metadata(&path) else {
            continue;
        };
        let old = md
            .modified()
            .ok()
            .and_then(|m| now.duration_since(m).ok())
            .is_some_and(|age| age > RETENTION);
        if !old {
            continue;
        }
        let gone = if md.is_dir() {
            std::fs::remove_dir_all(&path)
        } else {
            std::fs::remove_file(&path)
        };
        if gone.is_ok() {
            removed += 1;
        }
    }
    removed
}

/// The person's recorded prompts for a session, oldest first, with their stable numbers
/// (unparsable lines skipped).
pub fn read_prompts_numbered(state_root: &Path, session_id: &str) -> Vec<(u32, String)> {
    let path = session_dir(state_root, session_id).join("prompts.jsonl");
    let mut text = String::new();
    match open_regular(&path).and_then(|mut f| std::io::Read::read_to_string(&mut f, &mut text)) {
        Ok(_) => numbered(&text),
        Err(_) => Vec::new(),
    }
}

/// The person's recorded prompts for a session, oldest first.
pub fn read_prompts(state_root: &Path, session_id: &str) -> Vec<String> {
    read_prompts_numbered(state_root, session_id)
        .into_iter()
        .map(|(_, t)| t)
        .collect()
}

/// Our effective uid without `unsafe`: on Linux `/proc/self` is owned by the process's
/// effective uid. Where there is no procfs the ownership checks are skipped (the mode and
/// file-type checks still apply).
pub(crate) fn current_uid() -> Option<u32> {
    static UID: std::sync::OnceLock<Option<u32>> = std::sync::OnceLock::new();
    *UID.get_or_init(|| {
        std::fs::metadata("/proc/self")
            .ok()
            .map(|m| std::os::unix::fs::MetadataExt::uid(&m))
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn keep_none(_: &str) -> Option<String> {
        None
    }

    #[test]
    fn the_prompts_file_stays_bounded_and_numbers_stay_stable() {
        let t = tempfile::tempdir().unwrap();
        let big = "x".repeat(60 * 1024);
        // What the holds grammar would keep: the line that names an action.
        let keep: Reduce = |t: &str| {
            t.lines()
                .find(|l| l.starts_with("HOLD"))
                .map(str::to_string)
        };
        record_prompt(t.path(), "s", None, "first words", keep).unwrap();
        record_prompt(t.path(), "s", None, "HOLD: don't push", keep).unwrap();
        for i in 0..100 {
            record_prompt(t.path(), "s", None, &format!("{i} {big}"), keep).unwrap();
            let size = std::fs::metadata(session_dir(t.path(), "s").join("prompts.jsonl"))
                .unwrap()
                .len();
            assert!(size <= MAX_PROMPTS_FILE_BYTES + 70 * 1024, "{size}");
        }
        record_prompt(t.path(), "s", None, "last words", keep).unwrap();
        let got = read_prompts_numbered(t.path(), "s");
        assert_eq!(got[0], (1, "first words".to_string()));
        assert_eq!(got[1].0, 2, "{}", &got[1].1[..40]);
        assert_eq!(got[1].1, format!("{REDUCED_MARK}\nHOLD: don't push"));
        assert_eq!(got.last().unwrap(), &(103, "last words".to_string()));
        let n99 = got.iter().find(|(_, t)| t.starts_with("99 ")).unwrap();
        assert_eq!(n99.0, 102);
        assert!(got.len() < 40, "{}", got.len());
        // Numbers only grow: a hostile or stale `n` cannot go backwards.
        let text = "{\"n\":5,\"prompt\":\"a\"}\n{\"n\":2,\"prompt\":\"b\"}\n{\"prompt\":\"c\"}\n";
        let v: Vec<u32> = numbered(text).into_iter().map(|(n, _)| n).collect();
        assert_eq!(v, [5, 6, 7]);
    }

    #[test]
    fn session_names_are_safe() {
        assert_eq!(session_dir_name("abc-123_x"), "abc-123_x");
        for hostile in ["../../etc", "a/b", "", "-rf", "x\0y", &"a".repeat(200)] {
            let n = session_dir_name(hostile);
            assert!(
                n.starts_with("h-") && !n.contains('/'),
                "{hostile:?} -> {n}"
            );
        }
    }

    #[test]
    fn prompts_round_trip_and_cap() {
        let t = tempfile::tempdir().unwrap();
        record_prompt(t.path(), "s1", Some("p1"), "don't push", keep_none).unwrap();
        record_prompt(
            t.path(),
            "s1",
            None,
            &"é".repeat(MAX_PROMPT_BYTES),
            keep_none,
        )
        .unwrap();
        let got = read_prompts(t.path(), "s1");
        assert_eq!(got[0], "don't push");
        assert!(got[1].contains("truncated by gatehook") && got[1].len() < MAX_PROMPT_BYTES + 100);
    }

    #[test]
    fn prunes_old_sessions_only() {
        let t = tempfile::tempdir().unwrap();
        record_prompt(t.path(), "old", None, "x", keep_none).unwrap();
        record_prompt(t.path(), "new", None, "y", keep_none).unwrap();
        let later = std::time::SystemTime::now() + RETENTION + std::time::Duration::from_secs(60);
        // Nothing is stale now; past the retention period, both are.
        assert_eq!(prune(t.path(), std::time::SystemTime::now()), 0);
        assert_eq!(prune(t.path(), later), 2);
        assert!(read_prompts(t.path(), "old").is_empty());
    }

    #[test]
    fn refuses_symlinked_state_file() {
        let t = tempfile::tempdir().unwrap();
        let dir = session_dir(t.path(), "s");
        private_dir(&dir).unwrap();
        let target = t.path().join("victim");
        std::fs::write(&target, "keep").unwrap();
        std::os::unix::fs::symlink(&target, dir.join("prompts.jsonl")).unwrap();
        assert!(record_prompt(t.path(), "s", None, "x", keep_none).is_err());
        assert_eq!(std::fs::read_to_string(target).unwrap(), "keep");
    }
}
