//! Unit tests for the audit log: round trip, torn-line repair, rotation bounds, and the
//! refusals (symlink, FIFO, hard link, writable dir). Multi-process tests live in
//! `tests/audit_concurrency.rs`.

use super::*;
use serde_json::json;
use std::os::unix::fs::symlink;
use std::process::Command;

fn settings(dir: &Path) -> AuditSettings {
    AuditSettings::new(dir.join("state"))
}

fn file_len(path: &Path) -> u64 {
    fs::metadata(path).map(|m| m.len()).unwrap_or(0)
}

#[test]
fn append_then_read_round_trips_in_order() {
    let tmp = tempfile::tempdir().unwrap();
    let s = settings(tmp.path());
    for i in 0..5 {
        append(
            &s,
            &json!({"seq": i, "tool": "Bash", "text": "héllo\nworld"}),
        )
        .unwrap();
    }
    let (records, skipped) = read_all(&s.dir, s.keep).unwrap();
    assert_eq!(skipped, 0);
    let seqs: Vec<_> = records.iter().map(|r| r["seq"].as_i64().unwrap()).collect();
    assert_eq!(seqs, [0, 1, 2, 3, 4]);
    assert_eq!(records[0]["text"], "héllo\nworld");
    let text = fs::read_to_string(s.dir.join(LOG_NAME)).unwrap();
    assert_eq!(text.lines().count(), 5, "one record per line");
}

#[test]
fn creates_dir_and_files_private() {
    let tmp = tempfile::tempdir().unwrap();
    let s = settings(tmp.path());
    append(&s, &json!({"a": 1})).unwrap();
    let mode = |p: &Path| fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&s.dir), 0o700);
    assert_eq!(mode(&s.dir.join(LOG_NAME)) & 0o077, 0);
    assert_eq!(mode(&s.dir.join(LOCK_NAME)) & 0o077, 0);
}

#[test]
fn read_all_of_missing_dir_is_empty() {
    let tmp = tempfile::tempdir().unwrap();
    assert_eq!(read_all(&tmp.path().join("nope"), 3).unwrap(), (vec![], 0));
}

#[test]
fn torn_last_line_is_repaired_and_skipped_on_read() {
    let tmp = tempfile::tempdir().unwrap();
    let s = settings(tmp.path());
    append(&s, &json!({"seq": 1})).unwrap();
    let mut f = OpenOptions::new()
        .append(true)
        .open(s.dir.join(LOG_NAME))
        .unwrap();
    f.write_all(br#"{"seq": 2, "cut sho"#).unwrap();
    drop(f);
    append(&s, &json!({"seq": 3})).unwrap();
    let (records, skipped) = read_all(&s.dir, s.keep).unwrap();
    assert_eq!(records, vec![json!({"seq": 1}), json!({"seq": 3})]);
    assert_eq!(skipped, 1);
    let text = fs::read_to_string(s.dir.join(LOG_NAME)).unwrap();
    assert!(text.ends_with("\"cut sho\n{\"seq\":3}\n"), "{text:?}");
}

#[test]
fn rotation_keeps_at_most_keep_files_each_within_bound() {
    let tmp = tempfile::tempdir().unwrap();
    let mut s = settings(tmp.path());
    s.max_bytes = 300;
    s.keep = 2;
    let mut longest = 0;
    for i in 0..100 {
        let record = json!({"seq": i, "pad": "x".repeat(i % 40)});
        longest = longest.max(serde_json::to_vec(&record).unwrap().len() as u64 + 1);
        append(&s, &record).unwrap();
    }
    let mut names: Vec<_> = fs::read_dir(&s.dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "audit.jsonl",
            "audit.jsonl.1",
            "audit.jsonl.2",
            "audit.lock"
        ]
    );
    for name in &names[..3] {
        assert!(file_len(&s.dir.join(name)) <= s.max_bytes, "{name} too big");
    }
    let (records, skipped) = read_all(&s.dir, s.keep).unwrap();
    assert_eq!(skipped, 0);
    let seqs: Vec<_> = records.iter().map(|r| r["seq"].as_u64().unwrap()).collect();
    assert!(
        seqs.windows(2).all(|w| w[1] == w[0] + 1),
        "oldest first, no gaps: {seqs:?}"
    );
    assert_eq!(*seqs.last().unwrap(), 99);
    assert!(longest < s.max_bytes);
}

#[test]
fn record_larger_than_max_bytes_gets_a_file_of_its_own() {
    let tmp = tempfile::tempdir().unwrap();
    let mut s = settings(tmp.path());
    s.max_bytes = 50;
    for i in 0..3 {
        append(&s, &json!({"seq": i, "pad": "y".repeat(100)})).unwrap();
    }
    for name in [LOG_NAME.to_string(), rotated_name(1), rotated_name(2)] {
        let text = fs::read_to_string(s.dir.join(&name)).unwrap();
        assert_eq!(text.lines().count(), 1, "{name}");
    }
}

#[test]
fn keep_zero_discards_the_old_log() {
    let tmp = tempfile::tempdir().unwrap();
    let mut s = settings(tmp.path());
    s.max_bytes = 30;
    s.keep = 0;
    for i in 0..10 {
        append(&s, &json!({"seq": i, "p": "zzzz"})).unwrap();
    }
    assert!(!s.dir.join(rotated_name(1)).exists());
    let (records, _) = read_all(&s.dir, 0).unwrap();
    assert_eq!(records, vec![json!({"seq": 9, "p": "zzzz"})]);
}

#[test]
fn shrinking_keep_deletes_files_beyond_it() {
    let tmp = tempfile::tempdir().unwrap();
    let mut s = settings(tmp.path());
    s.max_bytes = 10;
    s.keep = 5;
    for i in 0..8 {
        append(&s, &json!({"seq": i})).unwrap();
    }
    assert!(s.dir.join(rotated_name(5)).exists());
    s.keep = 2;
    append(&s, &json!({"seq": 8})).unwrap();
    assert!(s.dir.join(rotated_name(2)).exists());
    assert!(!s.dir.join(rotated_name(3)).exists());
    assert!(!s.dir.join(rotated_name(5)).exists());
}

#[test]
fn symlink_at_log_is_refused_and_target_untouched() {
    let tmp = tempfile::tempdir().unwrap();
    let s = settings(tmp.path());
    fs::create_dir(&s.dir).unwrap();
    fs::set_permissions(&s.dir, fs::Permissions::from_mode(0o700)).unwrap();
    let target = tmp.path().join("bashrc");
    fs::write(&target, "original\n").unwrap();
    symlink(&target, s.dir.join(LOG_NAME)).unwrap();
    let err = append(&s, &json!({"evil": true})).unwrap_err();
    assert!(matches!(err, AuditError::Insecure { .. }), "{err}");
    assert_eq!(fs::read_to_string(&target).unwrap(), "original\n");
    assert!(read_all(&s.dir, s.keep).is_err());
}

#[test]
fn symlink_at_lock_or_dir_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let s = settings(tmp.path());
    fs::create_dir(&s.dir).unwrap();
    fs::set_permissions(&s.dir, fs::Permissions::from_mode(0o700)).unwrap();
    let target = tmp.path().join("victim");
    symlink(&target, s.dir.join(LOCK_NAME)).unwrap();
    assert!(matches!(
        append(&s, &json!({})),
        Err(AuditError::Insecure { .. })
    ));
    assert!(!target.exists(), "no file created through the symlink");

    let real = tmp.path().join("real");
    fs::create_dir(&real).unwrap();
    fs::set_permissions(&real, fs::Permissions::from_mode(0o700)).unwrap();
    let link = tmp.path().join("link");
    symlink(&real, &link).unwrap();
    let err = append(&AuditSettings::new(&link), &json!({})).unwrap_err();
    assert!(matches!(err, AuditError::Insecure { .. }), "{err}");
}

#[test]
fn hard_link_at_log_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let s = settings(tmp.path());
    append(&s, &json!({"a": 1})).unwrap();
    let other = tmp.path().join("other");
    fs::write(&other, "keep me\n").unwrap();
    fs::remove_file(s.dir.join(LOG_NAME)).unwrap();
    fs::hard_link(&other, s.dir.join(LOG_NAME)).unwrap();
    assert!(matches!(
        append(&s, &json!({})),
        Err(AuditError::Insecure { .. })
    ));
    assert_eq!(fs::read_to_string(&other).unwrap(), "keep me\n");
}

#[test]
fn fifo_at_log_is_refused_without_hanging() {
    let tmp = tempfile::tempdir().unwrap();
    let s = settings(tmp.path());
    append(&s, &json!({"a": 1})).unwrap();
    fs::remove_file(s.dir.join(LOG_NAME)).unwrap();
    let status = Command::new("mkfifo")
        .arg(s.dir.join(LOG_NAME))
        .status()
        .unwrap();
    assert!(status.success());
    let start = Instant::now();
    let err = append(&s, &json!({})).unwrap_err();
    assert!(matches!(err, AuditError::Insecure { .. }), "{err}");
    assert!(read_all(&s.dir, s.keep).is_err());
    // A hang guard: opening a FIFO for writing blocks forever without O_NONBLOCK.
    assert!(start.elapsed() < Duration::from_secs(20));
}

#[test]
fn group_or_world_writable_dir_is_refused() {
    for mode in [0o777, 0o770, 0o702] {
        let tmp = tempfile::tempdir().unwrap();
        let s = settings(tmp.path());
        fs::create_dir(&s.dir).unwrap();
        fs::set_permissions(&s.dir, fs::Permissions::from_mode(mode)).unwrap();
        let err = append(&s, &json!({})).unwrap_err();
        assert!(
            matches!(err, AuditError::Insecure { .. }),
            "{mode:o}: {err}"
        );
        assert!(!s.dir.join(LOG_NAME).exists());
    }
}

#[test]
fn oversized_record_is_shrunk_to_valid_json_under_64k() {
    let tmp = tempfile::tempdir().unwrap();
    let s = settings(tmp.path());
    let big = "é".repeat(100_000);
    let records = [
        json!({"tool": "Write", "content": big, "small": "kept"}),
        json!({"tool": "Bash", "parts": vec!["abcdefghij".repeat(10); 1000]}),
        json!({"tool": "X", "nums": (0..50_000).collect::<Vec<_>>()}),
        json!("a bare string ".repeat(10_000)),
    ];
    for r in &records {
        append(&s, r).unwrap();
    }
    let text = fs::read_to_string(s.dir.join(LOG_NAME)).unwrap();
    for line in text.lines() {
        assert!(line.len() + 1 < MAX_LINE, "line of {} bytes", line.len());
        let v: Value = serde_json::from_str(line).unwrap();
        assert_eq!(v["truncated"], true);
    }
    let (back, _) = read_all(&s.dir, s.keep).unwrap();
    assert_eq!(back[0]["small"], "kept");
    assert!(back[0]["content"].as_str().unwrap().contains("[truncated "));
    assert_eq!(
        back[1]["parts"].as_array().unwrap().len(),
        1000,
        "short strings keep their slots"
    );
    assert_eq!(back[2]["tool"], "X", "top-level scalars survive a stub");
    assert!(back[3]["record"].is_string());
}

#[test]
fn lock_timeout_when_another_holder_keeps_it() {
    let tmp = tempfile::tempdir().unwrap();
    let mut s = settings(tmp.path());
    s.lock_timeout = Duration::from_millis(100);
    append(&s, &json!({})).unwrap();
    let holder = File::open(s.dir.join(LOCK_NAME)).unwrap();
    holder.lock().unwrap();
    let start = Instant::now();
    let err = append(&s, &json!({})).unwrap_err();
    assert!(matches!(err, AuditError::LockTimeout { .. }), "{err}");
    // A hang guard: the holder never lets go, so only the timeout ends the wait.
    assert!(start.elapsed() < Duration::from_secs(20));
    holder.unlock().unwrap();
    append(&s, &json!({})).unwrap();
}
