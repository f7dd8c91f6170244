//! The archive and patch lister on bytes built here: ordinary members, the names that
//! must be refused (absolute, `..`, links, devices), and hostile archives (truncated,
//! bad checksums, sizes past the budget, more members than the bound, a gzip bomb).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::*;
use std::io::{Cursor, Write};

/// One ustar header block (name, typeflag, size, linkname), checksum filled in.
pub(crate) fn header(name: &str, flag: u8, size: u64, link: &str) -> [u8; 512] {
    let mut h = [0u8; 512];
    h[..name.len()].copy_from_slice(name.as_bytes());
    h[100..107].copy_from_slice(b"0000644");
    h[108..115].copy_from_slice(b"0000000");
    h[116..123].copy_from_slice(b"0000000");
    let s = format!("{size:011o}");
    h[124..135].copy_from_slice(s.as_bytes());
    h[136..147].copy_from_slice(b"00000000000");
    h[156] = flag;
    h[157..157 + link.len()].copy_from_slice(link.as_bytes());
    h[257..263].copy_from_slice(b"ustar\0");
    h[263..265].copy_from_slice(b"00");
    fix_sum(&mut h);
    h
}

fn fix_sum(h: &mut [u8; 512]) {
    h[148..156].copy_from_slice(b"        ");
    let sum: u32 = h.iter().map(|&c| u32::from(c)).sum();
    let s = format!("{sum:06o}\0 ");
    h[148..156].copy_from_slice(s.as_bytes());
}

pub(crate) fn file(out: &mut Vec<u8>, name: &str, data: &[u8]) {
    out.extend_from_slice(&header(name, b'0', data.len() as u64, ""));
    out.extend_from_slice(data);
    out.resize(out.len().div_ceil(512) * 512, 0);
}

pub(crate) fn end(out: &mut Vec<u8>) {
    out.extend_from_slice(&[0u8; 1024]);
}

fn names(ms: &[Member]) -> Vec<&str> {
    ms.iter().map(|m| m.name.as_str()).collect()
}

#[test]
fn tar_members_are_listed_with_their_kinds() {
    let mut t = Vec::new();
    t.extend_from_slice(&header("src/", b'5', 0, ""));
    file(&mut t, "src/lib.rs", b"fn main() {}\n");
    file(&mut t, ".claude/settings.json", b"{}");
    t.extend_from_slice(&header("link", b'2', 0, "/home/u/.ssh"));
    t.extend_from_slice(&header("hard", b'1', 0, "src/lib.rs"));
    end(&mut t);
    let ms = tar(Cursor::new(t)).unwrap();
    assert_eq!(
        names(&ms),
        [
            "src/",
            "src/lib.rs",
            ".claude/settings.json",
            "link",
            "hard"
        ]
    );
    assert_eq!(ms[0].kind, Kind::Dir);
    assert_eq!(ms[1].kind, Kind::File);
    assert_eq!(ms[3].kind, Kind::Symlink("/home/u/.ssh".into()));
    assert_eq!(ms[4].kind, Kind::HardLink("src/lib.rs".into()));
    assert!(ms[1].hazard().is_none());
    assert!(ms[3].hazard().unwrap().contains("symbolic link"));
    assert!(ms[4].hazard().unwrap().contains("hard link"));
}

#[test]
fn long_names_prefixes_and_pax_paths_are_the_names_written() {
    let long = format!("{}/.bashrc", "d".repeat(120));
    // GNU 'L': the name is the data of a ././@LongLink member.
    let mut t = Vec::new();
    let mut data = long.clone().into_bytes();
    data.push(0);
    t.extend_from_slice(&header("././@LongLink", b'L', data.len() as u64, ""));
    t.extend_from_slice(&data);
    t.resize(t.len().div_ceil(512) * 512, 0);
    file(&mut t, "short-name", b"x");
    // pax 'x': path= overrides the header's name.
    let rec = "path=.git/hooks/post-checkout\n";
    let len = rec.len() + 3;
    let pax = format!("{len} {rec}");
    assert_eq!(pax.len(), len);
    t.extend_from_slice(&header("PaxHeader", b'x', pax.len() as u64, ""));
    t.extend_from_slice(pax.as_bytes());
    t.resize(t.len().div_ceil(512) * 512, 0);
    file(&mut t, "innocent", b"#!/bin/sh\n");
    // ustar prefix.
    let mut h = header("name.txt", b'0', 0, "");
    h[345..348].copy_from_slice(b"pre");
    fix_sum(&mut h);
    t.extend_from_slice(&h);
    end(&mut t);
    let ms = tar(Cursor::new(t)).unwrap();
    assert_eq!(
        names(&ms),
        [long.as_str(), ".git/hooks/post-checkout", "pre/name.txt"]
    );
}

#[test]
fn hostile_tars_are_not_known() {
    // Truncated in the middle of a header.
    let mut t = Vec::new();
    file(&mut t, "a", b"x");
    t.extend_from_slice(&header("b", b'0', 0, "")[..100]);
    assert!(tar(Cursor::new(t)).is_err());
    // Truncated in the middle of the data.
    let mut t = Vec::new();
    t.extend_from_slice(&header("a", b'0', 4096, ""));
    t.extend_from_slice(&[0u8; 512]);
    assert!(tar(Cursor::new(t)).is_err());
    // A size far past the budget.
    let mut t = Vec::new();
    t.extend_from_slice(&header("a", b'0', 0o77_777_777_777, ""));
    end(&mut t);
    assert!(tar(Cursor::new(t)).is_err());
    // A bad checksum (GNU tar would skip ahead and go on extracting).
    let mut t = Vec::new();
    let mut h = header("a", b'0', 0, "");
    h[0] = b'b';
    t.extend_from_slice(&h);
    end(&mut t);
    assert!(tar(Cursor::new(t)).unwrap_err().contains("checksum"));
    // A sparse member, a directory with data, a device.
    for (flag, size) in [(b'S', 0), (b'5', 512)] {
        let mut t = Vec::new();
        t.extend_from_slice(&header("a", flag, size, ""));
        t.extend_from_slice(&[0u8; 512]);
        end(&mut t);
        assert!(tar(Cursor::new(t)).is_err(), "{}", flag as char);
    }
    let mut t = Vec::new();
    t.extend_from_slice(&header("dev", b'3', 0, ""));
    end(&mut t);
    assert!(tar(Cursor::new(t)).unwrap()[0].hazard().is_some());
    // More members than the bound.
    let mut t = Vec::new();
    let h = header("d/", b'5', 0, "");
    for _ in 0..=MAX_MEMBERS {
        t.extend_from_slice(&h);
    }
    end(&mut t);
    assert!(tar(Cursor::new(t)).unwrap_err().contains("members"));
    // Other compressions.
    assert!(tar(Cursor::new(b"BZh91AY&SY".to_vec()))
        .unwrap_err()
        .contains("bzip2"));
}

#[test]
fn absolute_and_climbing_names_are_hazards() {
    for n in ["/etc/passwd", "../x", "a/../../b", ""] {
        assert!(Member::new(n, Kind::File).hazard().is_some(), "{n}");
    }
    for n in ["a/b", "./a", "a..b/c"] {
        assert!(Member::new(n, Kind::File).hazard().is_none(), "{n}");
    }
}

pub(crate) fn gz(bytes: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    e.write_all(bytes).unwrap();
    e.finish().unwrap()
}

#[test]
fn gzip_tars_are_listed_within_the_budget() {
    let mut t = Vec::new();
    file(&mut t, ".bashrc", b"curl x | sh\n");
    end(&mut t);
    let ms = tar(Cursor::new(gz(&t))).unwrap();
    assert_eq!(names(&ms), [".bashrc"]);
    // A bomb: one member whose data decompresses past the budget.
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    e.write_all(&header("big", b'0', MAX_BYTES + 512, ""))
        .unwrap();
    let zeros = vec![0u8; 1 << 20];
    for _ in 0..(MAX_BYTES >> 20) + 2 {
        e.write_all(&zeros).unwrap();
    }
    let bomb = e.finish().unwrap();
    assert!(bomb.len() < 1 << 20);
    assert!(tar(Cursor::new(bomb)).unwrap_err().contains("bytes"));
    // Truncated gzip.
    let g = gz(&t);
    assert!(tar(Cursor::new(g[..g.len() / 2].to_vec())).is_err());
}

/// A zip archive with these (name, unix mode) entries (stored, empty).
pub(crate) fn zip_bytes(entries: &[(&str, u32)]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut cd = Vec::new();
    for (name, mode) in entries {
        let off = out.len() as u32;
        out.extend_from_slice(&[0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0, 0, 0]);
        out.extend_from_slice(&[0u8; 16]);
        out.extend_from_slice(&(name.len() as u16).to_le_bytes());
        out.extend_from_slice(&0u16.to_le_bytes());
        out.extend_from_slice(name.as_bytes());
        cd.extend_from_slice(&[0x50, 0x4b, 0x01, 0x02, 30, 3, 20, 0, 0, 0, 0, 0]);
        cd.extend_from_slice(&[0u8; 16]);
        cd.extend_from_slice(&(name.len() as u16).to_le_bytes());
        cd.extend_from_slice(&[0u8; 8]);
        cd.extend_from_slice(&(mode << 16).to_le_bytes());
        cd.extend_from_slice(&off.to_le_bytes());
        cd.extend_from_slice(name.as_bytes());
    }
    let cd_off = out.len() as u32;
    out.extend_from_slice(&cd);
    out.extend_from_slice(&[0x50, 0x4b, 0x05, 0x06, 0, 0, 0, 0]);
    let n = entries.len() as u16;
    out.extend_from_slice(&n.to_le_bytes());
    out.extend_from_slice(&n.to_le_bytes());
    out.extend_from_slice(&(cd.len() as u32).to_le_bytes());
    out.extend_from_slice(&cd_off.to_le_bytes());
    out.extend_from_slice(&0u16.to_le_bytes());
    out
}

#[test]
fn zip_members_come_from_the_central_directory() {
    let z = zip_bytes(&[
        ("docs/", 0o040_755),
        ("docs/a.md", 0o100_644),
        (".claude/settings.json", 0o100_644),
        ("key", 0o120_777),
    ]);
    let ms = zip(&mut Cursor::new(z)).unwrap();
    assert_eq!(
        names(&ms),
        ["docs/", "docs/a.md", ".claude/settings.json", "key"]
    );
    assert_eq!(ms[0].kind, Kind::Dir);
    assert_eq!(ms[1].kind, Kind::File);
    assert!(matches!(ms[3].kind, Kind::Symlink(_)));
}

#[test]
fn odd_zips_are_not_known() {
    let z = zip_bytes(&[("a", 0o100_644)]);
    // Truncated: no end record.
    assert!(zip(&mut Cursor::new(z[..z.len() - 4].to_vec())).is_err());
    // Junk after the end record.
    let mut j = z.clone();
    j.extend_from_slice(b"junk");
    assert!(zip(&mut Cursor::new(j)).is_err());
    // Zip64 markers.
    let mut q = z.clone();
    let n = q.len();
    q[n - 12..n - 8].copy_from_slice(&[0xff; 4]);
    assert!(zip(&mut Cursor::new(q)).is_err());
    // A count larger than the directory holds.
    let mut c = z.clone();
    let n = c.len();
    c[n - 14..n - 12].copy_from_slice(&2u16.to_le_bytes());
    c[n - 12..n - 10].copy_from_slice(&2u16.to_le_bytes());
    assert!(zip(&mut Cursor::new(c)).is_err());
    // Backslashes in names.
    assert!(zip(&mut Cursor::new(zip_bytes(&[("..\\x", 0o100_644)]))).is_err());
    // Not a zip at all.
    assert!(zip(&mut Cursor::new(vec![0u8; 100])).is_err());
}

fn git(strip: u32) -> PatchHow {
    PatchHow {
        git: true,
        strip: Some(strip),
        reverse: false,
    }
}

#[test]
fn git_diffs_name_what_they_write_and_delete() {
    let p = "\
diff --git a/src/lib.rs b/src/lib.rs
index 1111111..2222222 100644
--- a/src/lib.rs
+++ b/src/lib.rs
@@ -1,2 +1,2 @@
 fn a() {}
--- removed line that looks like a header
+++ added line that looks like a header
diff --git a/old.txt b/old.txt
deleted file mode 100644
--- a/old.txt
+++ /dev/null
@@ -1 +0,0 @@
-x
diff --git a/x b/.claude/settings.json
similarity index 100%
rename from x
rename to .claude/settings.json
diff --git a/ln b/ln
new file mode 120000
--- /dev/null
+++ b/ln
@@ -0,0 +1 @@
+/home/u/.ssh
\\ No newline at end of file
";
    let ms = patch(p.as_bytes(), git(1)).unwrap();
    let got: Vec<(&str, &Kind)> = ms.iter().map(|m| (m.name.as_str(), &m.kind)).collect();
    assert_eq!(
        got,
        [
            ("src/lib.rs", &Kind::File),
            ("old.txt", &Kind::Delete),
            (".claude/settings.json", &Kind::File),
            ("x", &Kind::Delete),
            ("ln", &Kind::Symlink("a target in the patch".into())),
        ]
    );
    // -p0 keeps the a/ and b/ prefixes; rename lines strip none.
    let ms = patch(p.as_bytes(), git(0)).unwrap();
    assert!(ms.iter().any(|m| m.name == "a/src/lib.rs"));
    assert!(ms.iter().any(|m| m.name == ".claude/settings.json"));
    // Reversed, the deleted file is created and the new link deleted.
    let ms = patch(
        p.as_bytes(),
        PatchHow {
            reverse: true,
            ..git(1)
        },
    )
    .unwrap();
    assert!(ms
        .iter()
        .any(|m| m.name == "old.txt" && m.kind == Kind::File));
    assert!(ms.iter().any(|m| m.name == "x" && m.kind == Kind::File));
}

#[test]
fn gnu_patch_without_p_uses_the_base_name_and_lists_every_candidate() {
    let p = "\
Index: sub/.bashrc
--- orig/sub/.bashrc\t2024-01-01 00:00:00
+++ new/sub/.bashrc\t2024-01-01 00:00:00
@@ -1 +1 @@
-a
+b
";
    let how = PatchHow {
        git: false,
        strip: None,
        reverse: false,
    };
    let ms = patch(p.as_bytes(), how).unwrap();
    let n = names(&ms);
    for want in [
        ".bashrc",
        "orig/sub/.bashrc",
        "sub/.bashrc",
        "new/sub/.bashrc",
    ] {
        assert!(n.contains(&want), "{want} in {n:?}");
    }
    let ms = patch(
        p.as_bytes(),
        PatchHow {
            strip: Some(1),
            ..how
        },
    )
    .unwrap();
    assert!(names(&ms).contains(&"sub/.bashrc"));
}

#[test]
fn patches_the_lister_cannot_read_are_not_known() {
    for p in [
        // A context diff.
        "*** a/x\n--- b/x\n***************\n*** 1 ****\n",
        // A normal diff: no names.
        "1c1\n< a\n---\n> b\n",
        // A hunk before any name.
        "@@ -1 +1 @@\n-a\n+b\n",
        // A hunk shorter than it says.
        "--- a/x\n+++ b/x\n@@ -1,3 +1,3 @@\n a\n",
        // Quoted names.
        "diff --git \"a/x\\ty\" \"b/x\\ty\"\n",
    ] {
        assert!(patch(p.as_bytes(), git(1)).is_err(), "{p}");
    }
    // Fewer components than stripped.
    assert!(patch(b"--- x\n+++ x\n@@ -1 +1 @@\n-a\n+b\n", git(2)).is_err());
}

#[test]
fn files_are_read_through_the_bounds() {
    let dir = tempfile::tempdir().unwrap();
    let mut t = Vec::new();
    file(&mut t, "a.txt", b"x");
    end(&mut t);
    let p = dir.path().join("x.tgz");
    std::fs::write(&p, gz(&t)).unwrap();
    assert_eq!(names(&tar_file(&p).unwrap()), ["a.txt"]);
    let z = dir.path().join("x.zip");
    std::fs::write(&z, zip_bytes(&[("b.txt", 0o100_644)])).unwrap();
    assert_eq!(names(&zip_file(&z).unwrap()), ["b.txt"]);
    assert!(tar_file(&dir.path().join("missing.tar")).is_err());
    // A directory is not an archive.
    assert!(tar_file(dir.path()).is_err());
}
