//! What an archive or a patch will write, read at decision time: the member names of a tar
//! archive (ustar, GNU and pax headers, parsed by hand; gzip-compressed ones decompressed
//! as a stream), of a zip archive (its central directory), and the files a unified or git
//! diff creates, changes and deletes. The command floor places every name under the
//! directory the program extracts into and judges it like a literal write there.
//!
//! Bounded and strict: at most [`MAX_MEMBERS`] members and [`MAX_BYTES`] bytes read (or
//! decompressed); past a bound, or on anything the parser is not sure of (a bad header
//! checksum, a size that does not fit, a sparse or multi-volume member, zip64, a name
//! that is not UTF-8, a compression other than gzip, a diff format other than unified),
//! the answer is `Err` — not known, never a partial list. Names are returned as the
//! archive gives them; [`Member::hazard`] says when one cannot be judged as a plain
//! write (absolute, `..`, a link, a device).

use std::io::{Read, Seek, SeekFrom};
use std::path::Path;

/// Most members listed; past it the archive is not known.
pub const MAX_MEMBERS: usize = 10_000;
/// Most bytes read from an archive (after decompression); past it, not known.
pub const MAX_BYTES: u64 = 64 * 1024 * 1024;

/// What a member is once written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    File,
    Dir,
    /// A symbolic link to this target.
    Symlink(String),
    /// A hard link to this member name.
    HardLink(String),
    /// A device, a fifo, a git submodule: not a plain file.
    Special,
    /// The patch deletes the file.
    Delete,
}

/// One path an archive or patch writes (or deletes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Member {
    pub name: String,
    pub kind: Kind,
}

impl Member {
    fn new(name: impl Into<String>, kind: Kind) -> Member {
        Member {
            name: name.into(),
            kind,
        }
    }

    /// Why this member cannot be judged as a plain write under the destination, if so.
    pub fn hazard(&self) -> Option<String> {
        let n = &self.name;
        if n.is_empty() {
            return Some("a member has an empty name".into());
        }
        if n.starts_with('/') {
            return Some(format!("the member {n} is an absolute path"));
        }
        if n.split('/').any(|c| c == "..") {
            return Some(format!("the member {n} climbs out with .."));
        }
        match &self.kind {
            Kind::Symlink(t) => Some(format!("the member {n} is a symbolic link to {t}")),
            Kind::HardLink(t) => Some(format!("the member {n} is a hard link to {t}")),
            Kind::Special => Some(format!("the member {n} is a device or special file")),
            _ => None,
        }
    }
}

/// How a patch's names become paths.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PatchHow {
    /// `git apply` (git's rules: rename and copy lines strip one component fewer); else
    /// GNU `patch` (every candidate name it may choose: old, new and `Index:`).
    pub git: bool,
    /// Leading components stripped (`-p N`); `None`: `patch` without `-p`, which uses
    /// the base name (the whole name and `-p1` are listed too).
    pub strip: Option<u32>,
    /// `-R`: creations are deletions and the other way round.
    pub reverse: bool,
}

/// The members of the tar archive at `path` (plain or gzip-compressed).
pub fn tar_file(path: &Path) -> Result<Vec<Member>, String> {
    let f = open(path)?;
    tar(f)
}

/// The members of the zip archive at `path`.
pub fn zip_file(path: &Path) -> Result<Vec<Member>, String> {
    let mut f = open(path)?;
    zip(&mut f)
}

/// The files the patch at `path` writes and deletes, with their names stripped as `how`
/// says.
pub fn patch_file(path: &Path, how: PatchHow) -> Result<Vec<Member>, String> {
    let f = open(path)?;
    let mut bytes = Vec::new();
    f.take(MAX_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("it cannot be read: {e}"))?;
    if bytes.len() as u64 > MAX_BYTES {
        return Err(format!("it is larger than {MAX_BYTES} bytes"));
    }
    patch(&bytes, how)
}

fn open(path: &Path) -> Result<std::fs::File, String> {
    crate::context::state::open_regular(path).map_err(|e| format!("it cannot be read now ({e})"))
}

// ---------------------------------------------------------------------------------------
// tar

/// The members of a tar stream: gzip is recognised by its magic and decompressed; other
/// compressions are not listed.
pub fn tar<R: Read>(mut r: R) -> Result<Vec<Member>, String> {
    let mut head = [0u8; 6];
    let n = read_full(&mut r, &mut head)?;
    let head = &head[..n];
    let chained = head.chain(r);
    if head.starts_with(&[0x1f, 0x8b]) {
        let gz = flate2::read::MultiGzDecoder::new(chained);
        return tar_plain(gz);
    }
    for (magic, what) in [
        (&[0xfd, b'7', b'z', b'X', b'Z', 0][..], "xz"),
        (b"BZh", "bzip2"),
        (&[0x28, 0xb5, 0x2f, 0xfd], "zstd"),
        (&[0x1f, 0x9d], "compress"),
        (b"LZIP", "lzip"),
        (&[0x5d, 0, 0], "lzma"),
    ] {
        if head.starts_with(magic) {
            return Err(format!("it is compressed with {what}, which is not listed"));
        }
    }
    tar_plain(chained)
}

/// Read until `buf` is full or the stream ends; the count read.
fn read_full<R: Read>(r: &mut R, buf: &mut [u8]) -> Result<usize, String> {
    let mut n = 0;
    while n < buf.len() {
        match r.read(&mut buf[n..]) {
            Ok(0) => break,
            Ok(k) => n += k,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(format!("it cannot be read ({e})")),
        }
    }
    Ok(n)
}

struct Budget<R> {
    r: R,
    left: u64,
}

impl<R: Read> Budget<R> {
    /// Fill `buf`; `Ok(false)` at a clean end of the stream before any byte.
    fn block(&mut self, buf: &mut [u8]) -> Result<bool, String> {
        if self.left < buf.len() as u64 {
            return Err(format!("it holds more than {MAX_BYTES} bytes"));
        }
        let n = read_full(&mut self.r, buf)?;
        self.left -= n as u64;
        if n == 0 {
            return Ok(false);
        }
        if n < buf.len() {
            return Err("it ends in the middle of a block".into());
        }
        Ok(true)
    }

    /// Skip `n` bytes (rounded up to whole blocks).
    fn skip(&mut self, n: u64) -> Result<(), String> {
        let n = n.div_ceil(512) * 512;
        if n > self.left {
            return Err(format!("it holds more than {MAX_BYTES} bytes"));
        }
        let got = std::io::copy(&mut (&mut self.r).take(n), &mut std::io::sink())
            .map_err(|e| format!("it cannot be read ({e})"))?;
        self.left -= got;
        if got < n {
            return Err("it ends in the middle of a member".into());
        }
        Ok(())
    }

    /// Read `n` bytes of a member's data (a long name, pax records), whole blocks.
    fn data(&mut self, n: u64) -> Result<Vec<u8>, String> {
        if n > 1024 * 1024 {
            return Err("a long name or extended header is too large".into());
        }
        let padded = n.div_ceil(512) * 512;
        let mut buf = vec![0u8; padded as usize];
        if padded > 0 && !self.block(&mut buf)? {
            return Err("it ends in the middle of a member".into());
        }
        buf.truncate(n as usize);
        Ok(buf)
    }
}

/// A NUL-terminated field.
fn field(b: &[u8]) -> &[u8] {
    let end = b.iter().position(|&c| c == 0).unwrap_or(b.len());
    &b[..end]
}

fn utf8(b: &[u8]) -> Result<String, String> {
    String::from_utf8(b.to_vec()).map_err(|_| "a member's name is not UTF-8".into())
}

/// A numeric field: octal (spaces and NULs around it), or GNU's base-256.
fn number(b: &[u8]) -> Result<u64, String> {
    if b.first().is_some_and(|&c| c & 0x80 != 0) {
        if b[0] & 0x40 != 0 {
            return Err("a header holds a negative number".into());
        }
        let mut v: u64 = u64::from(b[0] & 0x3f);
        for &c in &b[1..] {
            v = v
                .checked_mul(256)
                .and_then(|v| v.checked_add(u64::from(c)))
                .ok_or("a header number does not fit")?;
        }
        return Ok(v);
    }
    let s = field(b);
    let t: &[u8] = {
        let start = s.iter().position(|&c| c != b' ').unwrap_or(s.len());
        let end = s.iter().rposition(|&c| c != b' ').map_or(start, |e| e + 1);
        &s[start..end.max(start)]
    };
    if t.is_empty() {
        return Ok(0);
    }
    let mut v: u64 = 0;
    for &c in t {
        if !(b'0'..=b'7').contains(&c) {
            return Err("a header number is not octal".into());
        }
        v = v
            .checked_mul(8)
            .and_then(|v| v.checked_add(u64::from(c - b'0')))
            .ok_or("a header number does not fit")?;
    }
    Ok(v)
}

fn checksum_ok(h: &[u8; 512]) -> Result<bool, String> {
    let want = number(&h[148..156])?;
    let sum: u64 = h
        .iter()
        .enumerate()
        .map(|(i, &c)| {
            if (148..156).contains(&i) {
                32
            } else {
                u64::from(c)
            }
        })
        .sum();
    // Some old writers summed signed bytes.
    let signed: i64 = h
        .iter()
        .enumerate()
        .map(|(i, &c)| {
            if (148..156).contains(&i) {
                32
            } else {
                i64::from(c as i8)
            }
        })
        .sum();
    Ok(sum == want || signed == want as i64)
}

/// Extended header records (`LEN key=value\n`…).
fn pax(data: &[u8]) -> Result<Vec<(String, String)>, String> {
    let bad = || "an extended header is malformed".to_string();
    let mut out = Vec::new();
    let mut rest = data;
    while !rest.is_empty() {
        if rest.iter().all(|&c| c == 0) {
            break;
        }
        let sp = rest.iter().position(|&c| c == b' ').ok_or_else(bad)?;
        let len: usize = std::str::from_utf8(&rest[..sp])
            .ok()
            .and_then(|s| s.parse().ok())
            .ok_or_else(bad)?;
        if len <= sp + 1 || len > rest.len() || rest[len - 1] != b'\n' {
            return Err(bad());
        }
        let rec = &rest[sp + 1..len - 1];
        let eq = rec.iter().position(|&c| c == b'=').ok_or_else(bad)?;
        let key = utf8(&rec[..eq])?;
        let value = utf8(&rec[eq + 1..])?;
        out.push((key, value));
        rest = &rest[len..];
    }
    Ok(out)
}

fn tar_plain<R: Read>(r: R) -> Result<Vec<Member>, String> {
    let mut b = Budget { r, left: MAX_BYTES };
    let mut out = Vec::new();
    let mut long_name: Option<String> = None;
    let mut long_link: Option<String> = None;
    let mut pax_path: Option<String> = None;
    let mut pax_link: Option<String> = None;
    let mut pax_size: Option<u64> = None;
    let mut h = [0u8; 512];
    loop {
        if !b.block(&mut h)? {
            // The stream ended without the end-of-archive blocks, at a header boundary.
            break;
        }
        if h.iter().all(|&c| c == 0) {
            break;
        }
        if !checksum_ok(&h)? {
            return Err("a header's checksum is wrong".into());
        }
        let size = match pax_size.take() {
            Some(s) => s,
            None => number(&h[124..136])?,
        };
        let flag = h[156];
        match flag {
            b'L' | b'K' => {
                let data = b.data(size)?;
                let name = utf8(field(&data))?;
                if flag == b'L' {
                    long_name = Some(name);
                } else {
                    long_link = Some(name);
                }
                continue;
            }
            b'x' => {
                for (k, v) in pax(&b.data(size)?)? {
                    match k.as_str() {
                        "path" => pax_path = Some(v),
                        "linkpath" => pax_link = Some(v),
                        "size" => {
                            pax_size = Some(
                                v.parse()
                                    .map_err(|_| "an extended header's size is not a number")?,
                            )
                        }
                        k if k.starts_with("GNU.sparse") => {
                            return Err("it holds a sparse member".into())
                        }
                        _ => {}
                    }
                }
                continue;
            }
            b'g' => {
                for (k, _) in pax(&b.data(size)?)? {
                    if matches!(k.as_str(), "path" | "linkpath" | "size")
                        || k.starts_with("GNU.sparse")
                    {
                        return Err(format!("a global extended header sets {k}"));
                    }
                }
                continue;
            }
            _ => {}
        }
        let ustar = &h[257..263] == b"ustar\0";
        let name = match (pax_path.take(), long_name.take()) {
            (Some(p), _) => p,
            (None, Some(l)) => l,
            (None, None) => {
                let base = utf8(field(&h[0..100]))?;
                let prefix = if ustar {
                    utf8(field(&h[345..500]))?
                } else {
                    String::new()
                };
                if prefix.is_empty() {
                    base
                } else {
                    format!("{prefix}/{base}")
                }
            }
        };
        let link = match (pax_link.take(), long_link.take()) {
            (Some(p), _) => p,
            (None, Some(l)) => l,
            (None, None) => utf8(field(&h[157..257]))?,
        };
        let kind = match flag {
            b'0' | 0 | b'7' => Kind::File,
            b'1' => Kind::HardLink(link),
            b'2' => Kind::Symlink(link),
            b'5' => Kind::Dir,
            b'3' | b'4' | b'6' => Kind::Special,
            other => {
                return Err(format!(
                    "it holds a member of type {:?}, which is not listed",
                    other as char
                ))
            }
        };
        // Only regular files carry data; a size on anything else is a doubt.
        if kind == Kind::File {
            b.skip(size)?;
        } else if size != 0 {
            return Err(format!("the member {name} has data it should not have"));
        }
        out.push(Member::new(name, kind));
        if out.len() > MAX_MEMBERS {
            return Err(format!("it has more than {MAX_MEMBERS} members"));
        }
    }
    if long_name.is_some() || long_link.is_some() || pax_path.is_some() || pax_link.is_some() {
        return Err("it ends after a long name with no member".into());
    }
    Ok(out)
}

// ---------------------------------------------------------------------------------------
// zip

fn le16(b: &[u8], at: usize) -> u64 {
    u64::from(u16::from_le_bytes([b[at], b[at + 1]]))
}

fn le32(b: &[u8], at: usize) -> u64 {
    u64::from(u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]]))
}

/// The members of a zip archive, from its central directory.
pub fn zip<R: Read + Seek>(r: &mut R) -> Result<Vec<Member>, String> {
    let io = |e: std::io::Error| format!("it cannot be read ({e})");
    let len = r.seek(SeekFrom::End(0)).map_err(io)?;
    if len < 22 {
        return Err("it is too short to be a zip archive".into());
    }
    let tail_len = len.min(22 + 65_535);
    r.seek(SeekFrom::Start(len - tail_len)).map_err(io)?;
    let mut tail = vec![0u8; tail_len as usize];
    r.read_exact(&mut tail).map_err(io)?;
    const EOCD: [u8; 4] = [0x50, 0x4b, 0x05, 0x06];
    let found: Vec<usize> = (0..=tail.len() - 22)
        .filter(|&i| tail[i..i + 4] == EOCD)
        .collect();
    let [at] = found.as_slice() else {
        return Err("its end record is missing or not unique".into());
    };
    let e = &tail[*at..];
    let (disk, cd_disk) = (le16(e, 4), le16(e, 6));
    let (here, total) = (le16(e, 8), le16(e, 10));
    let (cd_size, cd_off, comment) = (le32(e, 12), le32(e, 16), le16(e, 20));
    if *at as u64 + 22 + comment != tail_len {
        return Err("its end record does not end the file".into());
    }
    if disk != 0 || cd_disk != 0 || here != total {
        return Err("it spans several disks".into());
    }
    if here == 0xffff || cd_size == 0xffff_ffff || cd_off == 0xffff_ffff {
        return Err("it is a zip64 archive, which is not listed".into());
    }
    let eocd_pos = len - tail_len + *at as u64;
    if eocd_pos >= 20 && *at >= 20 && tail[*at - 20..*at - 16] == [0x50, 0x4b, 0x06, 0x07] {
        return Err("it is a zip64 archive, which is not listed".into());
    }
    if cd_off + cd_size != eocd_pos {
        return Err("its central directory is not where its end record says".into());
    }
    if total as usize > MAX_MEMBERS {
        return Err(format!("it has more than {MAX_MEMBERS} members"));
    }
    if cd_size > MAX_BYTES {
        return Err(format!("its directory is larger than {MAX_BYTES} bytes"));
    }
    r.seek(SeekFrom::Start(cd_off)).map_err(io)?;
    let mut cd = vec![0u8; cd_size as usize];
    r.read_exact(&mut cd).map_err(io)?;
    let mut out = Vec::new();
    let mut p = 0usize;
    for _ in 0..total {
        let h = cd
            .get(p..p + 46)
            .ok_or("its central directory is truncated")?;
        if h[..4] != [0x50, 0x4b, 0x01, 0x02] {
            return Err("its central directory has a bad entry".into());
        }
        let made_by_os = h[5];
        let flags = le16(h, 8);
        let (csize, usize_) = (le32(h, 20), le32(h, 24));
        let (nlen, xlen, clen) = (
            le16(h, 28) as usize,
            le16(h, 30) as usize,
            le16(h, 32) as usize,
        );
        let disk_start = le16(h, 34);
        let ext = le32(h, 38);
        let local = le32(h, 42);
        if csize == 0xffff_ffff || usize_ == 0xffff_ffff || local == 0xffff_ffff || disk_start != 0
        {
            return Err("it is a zip64 archive, which is not listed".into());
        }
        let name = cd
            .get(p + 46..p + 46 + nlen)
            .ok_or("its central directory is truncated")?;
        let extra = cd
            .get(p + 46 + nlen..p + 46 + nlen + xlen)
            .ok_or("its central directory is truncated")?;
        if cd.len() < p + 46 + nlen + xlen + clen {
            return Err("its central directory is truncated".into());
        }
        // Extra fields that change the name or sizes.
        let mut q = 0;
        while q + 4 <= extra.len() {
            let id = le16(extra, q);
            let n = le16(extra, q + 2) as usize;
            if id == 0x0001 {
                return Err("it is a zip64 archive, which is not listed".into());
            }
            if id == 0x7075 {
                return Err("a member carries a second (Unicode) name".into());
            }
            q += 4 + n;
        }
        let utf8_flag = flags & 0x0800 != 0;
        if !utf8_flag && !name.is_ascii() {
            return Err("a member's name is not ASCII or marked UTF-8".into());
        }
        let name = utf8(name)?;
        if name.contains('\\') || name.contains('\0') {
            return Err(format!(
                "the member {name:?} has a backslash or NUL in its name"
            ));
        }
        let unix_mode = (ext >> 16) & 0o170_000;
        let kind = if unix_mode == 0o120_000 {
            Kind::Symlink("a target stored in the archive".into())
        } else if made_by_os == 3 && !matches!(unix_mode, 0 | 0o100_000 | 0o040_000) {
            Kind::Special
        } else if name.ends_with('/') || unix_mode == 0o040_000 {
            Kind::Dir
        } else {
            Kind::File
        };
        out.push(Member::new(name, kind));
        p += 46 + nlen + xlen + clen;
    }
    if p != cd.len() {
        return Err("its central directory holds more than its end record counts".into());
    }
    Ok(out)
}

// ---------------------------------------------------------------------------------------
// patches

/// Strip `n` leading components the way `patch -p`/`git apply -p` do (a run of slashes
/// counts as one). `None` when the name has fewer.
fn strip(name: &str, n: u32) -> Option<String> {
    let mut rest = name;
    for _ in 0..n {
        let i = rest.find('/')?;
        rest = rest[i..].trim_start_matches('/');
    }
    Some(rest.to_string())
}

/// A name from a `---`/`+++` line: up to a tab (a timestamp follows it).
fn header_name(s: &str) -> Result<Vec<String>, String> {
    let s = s.trim_end_matches(['\r', '\n']);
    if s.starts_with('"') {
        return Err("a file name in it is quoted".into());
    }
    let name = s.split('\t').next().unwrap_or("").to_string();
    let mut out = vec![name.clone()];
    // Without a tab a timestamp may follow after spaces: the first word is a candidate.
    if !s.contains('\t') {
        if let Some((first, _)) = name.split_once(char::is_whitespace) {
            out.push(first.to_string());
        }
    }
    Ok(out)
}

/// The two names of a `diff --git a/X b/Y` line, when they can be told apart.
fn git_names(rest: &str) -> Result<(String, String), String> {
    let rest = rest.trim_end_matches(['\r', '\n']);
    if rest.starts_with('"') || rest.contains(" \"") {
        return Err("a file name in it is quoted".into());
    }
    // The same name twice: the halves around the middle space.
    if rest.len() % 2 == 1 {
        let mid = rest.len() / 2;
        if rest.as_bytes()[mid] == b' ' {
            let (a, b) = (&rest[..mid], &rest[mid + 1..]);
            let tail = |s: &str| s.split_once('/').map(|(_, t)| t.to_string());
            if tail(a).is_some() && tail(a) == tail(b) {
                return Ok((a.to_string(), b.to_string()));
            }
        }
    }
    let splits: Vec<usize> = rest.match_indices(" b/").map(|(i, _)| i).collect();
    match splits.as_slice() {
        [i] => Ok((rest[..*i].to_string(), rest[i + 1..].to_string())),
        _ => Err("a diff --git line's names cannot be told apart".into()),
    }
}

#[derive(Default)]
struct Section {
    /// Candidate names of the file before (raw).
    old: Vec<String>,
    new: Vec<String>,
    /// Names from `rename/copy from/to` (raw, one component fewer to strip in git).
    from: Option<String>,
    to: Option<String>,
    copy: bool,
    index: Vec<String>,
    created: bool,
    deleted: bool,
    link: bool,
    special: bool,
    /// A hunk or a binary patch was seen.
    body: bool,
}

/// The range counts of a `@@ -a,b +c,d @@` line.
fn hunk_counts(line: &str) -> Result<(u64, u64), String> {
    let bad = || "a hunk header is malformed".to_string();
    let inner = line
        .strip_prefix("@@ -")
        .and_then(|s| s.split_once(" @@"))
        .map(|(r, _)| r)
        .ok_or_else(bad)?;
    let (old, new) = inner.split_once(" +").ok_or_else(bad)?;
    let count = |r: &str| -> Result<u64, String> {
        let mut it = r.splitn(2, ',');
        it.next()
            .filter(|s| !s.is_empty() && s.bytes().all(|c| c.is_ascii_digit()))
            .ok_or_else(bad)?;
        match it.next() {
            None => Ok(1),
            Some(c) => c.parse().map_err(|_| bad()),
        }
    };
    Ok((count(old)?, count(new)?))
}

/// The files a patch writes and deletes.
pub fn patch(bytes: &[u8], how: PatchHow) -> Result<Vec<Member>, String> {
    let text = String::from_utf8_lossy(bytes);
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let mut sections: Vec<Section> = Vec::new();
    let mut cur: Option<Section> = None;
    let mut index: Vec<String> = Vec::new();
    let mut k = 0;
    let finish = |cur: &mut Option<Section>, sections: &mut Vec<Section>| {
        if let Some(s) = cur.take() {
            sections.push(s);
        }
    };
    while k < lines.len() {
        let line = lines[k].trim_end_matches(['\n']);
        let line = line.strip_suffix('\r').unwrap_or(line);
        k += 1;
        if let Some(rest) = line.strip_prefix("diff --git ") {
            finish(&mut cur, &mut sections);
            let (a, b) = git_names(rest)?;
            cur = Some(Section {
                old: vec![a],
                new: vec![b],
                index: std::mem::take(&mut index),
                ..Section::default()
            });
            continue;
        }
        if let Some(rest) = line.strip_prefix("--- ") {
            let next = lines.get(k).map(|l| l.trim_end_matches(['\n', '\r']));
            if let Some(plus) = next.and_then(|n| n.strip_prefix("+++ ")) {
                k += 1;
                let old = header_name(rest)?;
                let new = header_name(plus)?;
                // A new section unless this is the git section's own header.
                let git_own = cur.as_ref().is_some_and(|s| !s.body && !s.old.is_empty());
                if !git_own {
                    finish(&mut cur, &mut sections);
                    cur = Some(Section {
                        index: std::mem::take(&mut index),
                        ..Section::default()
                    });
                }
                let s = cur.as_mut().ok_or("a patch section is lost")?;
                let is_null = |v: &[String]| v.first().is_some_and(|n| n == "/dev/null");
                if is_null(&old) {
                    s.created = true;
                } else {
                    s.old.extend(old);
                }
                if is_null(&new) {
                    s.deleted = true;
                } else {
                    s.new.extend(new);
                }
                continue;
            }
        }
        if line.starts_with("@@ ") {
            let s = cur.as_mut().ok_or("it has a hunk before any file name")?;
            s.body = true;
            let (mut old, mut new) = hunk_counts(line)?;
            while old > 0 || new > 0 {
                let Some(l) = lines.get(k) else {
                    return Err("it ends in the middle of a hunk".into());
                };
                k += 1;
                match l.as_bytes().first() {
                    Some(b' ') | Some(b'\n') | Some(b'\r') => {
                        old = old.checked_sub(1).ok_or("a hunk is longer than it says")?;
                        new = new.checked_sub(1).ok_or("a hunk is longer than it says")?;
                    }
                    Some(b'-') => {
                        old = old.checked_sub(1).ok_or("a hunk is longer than it says")?
                    }
                    Some(b'+') => {
                        new = new.checked_sub(1).ok_or("a hunk is longer than it says")?
                    }
                    Some(b'\\') => {}
                    _ => return Err("a hunk is shorter than it says".into()),
                }
            }
            // "\ No newline at end of file" after the last line.
            while lines.get(k).is_some_and(|l| l.starts_with('\\')) {
                k += 1;
            }
            continue;
        }
        if let Some(s) = cur.as_mut().filter(|s| !s.body) {
            let mode = |m: &str| {
                let m = m.trim();
                (m == "120000", m == "160000")
            };
            if let Some(m) = line.strip_prefix("new file mode ") {
                s.created = true;
                let (l, sp) = mode(m);
                s.link |= l;
                s.special |= sp;
                continue;
            }
            if let Some(m) = line.strip_prefix("deleted file mode ") {
                s.deleted = true;
                let (l, sp) = mode(m);
                s.link |= l;
                s.special |= sp;
                continue;
            }
            if let Some(m) = line
                .strip_prefix("old mode ")
                .or_else(|| line.strip_prefix("new mode "))
            {
                let (l, sp) = mode(m);
                s.link |= l;
                s.special |= sp;
                continue;
            }
            if let Some(m) = line.strip_prefix("index ") {
                if let Some((_, m)) = m.split_once(' ') {
                    let (l, sp) = mode(m);
                    s.link |= l;
                    s.special |= sp;
                }
                continue;
            }
            for (prefix, copy, to) in [
                ("rename from ", false, false),
                ("rename to ", false, true),
                ("copy from ", true, false),
                ("copy to ", true, true),
            ] {
                if let Some(n) = line.strip_prefix(prefix) {
                    if n.starts_with('"') {
                        return Err("a file name in it is quoted".into());
                    }
                    s.copy |= copy;
                    if to {
                        s.to = Some(n.to_string());
                    } else {
                        s.from = Some(n.to_string());
                    }
                }
            }
            if line == "GIT binary patch" || line.starts_with("Binary files ") {
                s.body = true;
            }
            continue;
        }
        // Outside a section: leading garbage, except formats whose names are not read.
        if let Some(n) = line.strip_prefix("Index: ") {
            index.push(n.trim().to_string());
            continue;
        }
        if line.starts_with("*** ") || line.starts_with("***************") {
            return Err("it is a context diff, which is not listed".into());
        }
        let b = line.as_bytes();
        if b.first().is_some_and(u8::is_ascii_digit) {
            let after = line.trim_start_matches(|c: char| c.is_ascii_digit() || c == ',');
            if after.starts_with(['a', 'c', 'd']) {
                return Err("it is a normal or ed-style diff, which is not listed".into());
            }
        }
    }
    finish(&mut cur, &mut sections);
    members(sections, how)
}

fn members(sections: Vec<Section>, how: PatchHow) -> Result<Vec<Member>, String> {
    let mut out: Vec<Member> = Vec::new();
    let not_enough = |n: &str| format!("the name {n} has fewer components than it strips");
    // Every path a raw name may become, as the program strips it.
    let paths = |raw: &str, fewer: bool| -> Result<Vec<String>, String> {
        match how.strip {
            Some(p) => {
                let p = if fewer && how.git {
                    p.saturating_sub(1)
                } else {
                    p
                };
                let mut v = vec![strip(raw, p).ok_or_else(|| not_enough(raw))?];
                if fewer && !how.git && p > 0 {
                    // GNU patch's rule for rename lines is not documented: both.
                    v.extend(strip(raw, p - 1));
                }
                Ok(v)
            }
            None => {
                let base = raw.rsplit('/').next().unwrap_or(raw).to_string();
                let mut v = vec![base, raw.to_string()];
                v.extend(strip(raw, 1));
                Ok(v)
            }
        }
    };
    let push = |name: String, kind: Kind, out: &mut Vec<Member>| {
        if !out.iter().any(|m| m.name == name && m.kind == kind) {
            out.push(Member::new(name, kind));
        }
    };
    for s in sections {
        let (created, deleted) = if how.reverse {
            (s.deleted, s.created)
        } else {
            (s.created, s.deleted)
        };
        let (old, new) = if how.reverse {
            (&s.new, &s.old)
        } else {
            (&s.old, &s.new)
        };
        let written = if s.special {
            Kind::Special
        } else if s.link {
            Kind::Symlink("a target in the patch".into())
        } else {
            Kind::File
        };
        let mut names: Vec<(String, bool)> = Vec::new();
        let mut gone: Vec<(String, bool)> = Vec::new();
        if s.from.is_some() || s.to.is_some() {
            let (from, to) = match (&s.from, &s.to) {
                (Some(f), Some(t)) => (f.clone(), t.clone()),
                _ => return Err("a rename or copy names only one side".into()),
            };
            let (from, to) = if how.reverse { (to, from) } else { (from, to) };
            names.push((to, true));
            if !s.copy {
                gone.push((from, true));
            } else if how.reverse {
                // Undoing a copy deletes the copy.
                gone.push((names.pop().map(|n| n.0).unwrap_or_default(), true));
            }
        } else if deleted {
            gone.extend(old.iter().chain(new.iter()).map(|n| (n.clone(), false)));
        } else if created {
            names.extend(new.iter().chain(old.iter()).map(|n| (n.clone(), false)));
        } else {
            names.extend(old.iter().chain(new.iter()).map(|n| (n.clone(), false)));
        }
        if !how.git {
            names.extend(s.index.iter().map(|n| (n.clone(), false)));
        }
        if names.is_empty() && gone.is_empty() {
            return Err("a patch section names no file".into());
        }
        for (raw, fewer) in names {
            for p in paths(&raw, fewer)? {
                push(p, written.clone(), &mut out);
            }
        }
        for (raw, fewer) in gone {
            for p in paths(&raw, fewer)? {
                let kind = if s.link || s.special {
                    written.clone()
                } else {
                    Kind::Delete
                };
                push(p, kind, &mut out);
            }
        }
        if out.len() > MAX_MEMBERS {
            return Err(format!("it names more than {MAX_MEMBERS} files"));
        }
    }
    Ok(out)
}

#[cfg(test)]
#[path = "archive_tests.rs"]
pub(crate) mod tests;
