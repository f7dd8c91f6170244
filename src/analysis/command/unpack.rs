//! Extraction and patching judged by what they write. A grammar or catalogue says a
//! command unpacks an archive or applies a patch ([`Effect::Unpack`]: `tar -x`, `unzip`,
//! `git apply`, `patch`; `git apply --cached`, whose files reach the work tree when the
//! index is checked out, as the writes they become); here the archive is read now
//! (`reach::archive`, bounded) and
//! every member becomes a write (or, for a patch, a delete) placed under the destination,
//! so the path floor judges `.claude/settings.json`, `~/.bashrc` or `.git/hooks/…` inside
//! an archive exactly as it would judge the same path written by name, and `writers`
//! sees what lands in files that run or steer the agent (with content not known).
//!
//! A patch an earlier part writes whole, with text the analysis knows (`printf … > x.patch
//! && git apply x.patch`), is listed from that text. Not listable — standard input, any
//! other archive another part of the command writes, one the
//! path floor would not let be read, a bound passed, a parse doubt — or a member that
//! cannot be placed as a plain write (absolute, `..`, a link, a device) makes the command
//! not understood; the destination is still a write, so the path floor and the reviewer
//! see where it lands. Deletes of what an archiver archives (`tar --remove-files`, `zip
//! -m`) reach the destructive tier's catastrophic targets here too.

use super::core::{demote, Class, Cmd, JudgeCtx, Look};
use super::{destructive, writers};
use crate::analysis::effects::{Effect, Packed, WriteHow};
use crate::analysis::reach::archive::{self, Kind, Member, PatchHow};
use crate::analysis::shell::SimpleCommand;
use crate::context::floor::{self, Access};
use crate::context::paths;
use std::path::{Path, PathBuf};

/// What earlier parts of the command write: every path, the places they may make a
/// directory, and the files whose whole text the analysis knows (`printf … > f`).
pub(super) struct Earlier<'a> {
    pub written: &'a [PathBuf],
    pub trees: &'a [PathBuf],
    pub known: &'a [(PathBuf, String)],
}

/// Make the unpack effects of `look` concrete: members listed and added as writes and
/// deletes, or the command demoted to unknown, by what `earlier` parts write.
pub(super) fn expand(
    cmd: &Cmd,
    all: &[SimpleCommand],
    i: usize,
    look: &mut Look,
    ctx: &JudgeCtx,
    earlier: &Earlier,
) {
    let (written, known) = (earlier.written, earlier.known);
    archiver_deletes(cmd, look, ctx);
    let unpacks: Vec<Effect> = look
        .effects
        .iter()
        .filter(|e| matches!(e, Effect::Unpack { .. }))
        .cloned()
        .collect();
    for u in unpacks {
        let Effect::Unpack {
            archive,
            into,
            format,
            strip,
            flat,
            reverse,
        } = &u
        else {
            continue;
        };
        let into = settle(cmd, &destination(cmd, *format, into), earlier);
        // The destination is written whatever the archive holds (a tree's landing is the
        // copy's own write already).
        if *format != Packed::Tree {
            look.writes.push(into.clone());
        }
        let listed = if *format == Packed::Tree {
            tree_of(cmd, archive, earlier)
        } else {
            members(
                cmd, all, i, ctx, written, known, archive, *format, *strip, *reverse,
            )
        };
        match listed {
            Ok(ms) => {
                let mut fx = Vec::new();
                let mut hazard = None;
                for m in &ms {
                    if let Some(h) = m.hazard() {
                        hazard = Some(h);
                        break;
                    }
                    let Some(name) = placed_name(m, *format, *strip, *flat) else {
                        continue;
                    };
                    let path = join(&into, &name);
                    match m.kind {
                        Kind::Dir => fx.push(Effect::write(path, WriteHow::Mkdir)),
                        Kind::Delete => fx.push(Effect::Delete {
                            path,
                            recursive: false,
                        }),
                        _ => {
                            if *format == Packed::Patch {
                                // GNU patch may leave a backup and a reject file beside it.
                                for s in [".orig", ".rej"] {
                                    fx.push(Effect::write(format!("{path}{s}"), WriteHow::Replace));
                                }
                            }
                            fx.push(Effect::write(path, WriteHow::Replace));
                        }
                    }
                }
                if let Some(h) = hazard {
                    not_known(look, &u, &h);
                    continue;
                }
                for e in fx {
                    if let Effect::Write { path, .. } | Effect::Delete { path, .. } = &e {
                        look.writes.push(path.clone());
                    }
                    if matches!(e, Effect::Delete { .. })
                        && matches!(look.class, Class::Routine { .. })
                    {
                        look.class = Class::Soft {
                            category: "deletion",
                            reason: format!("{}, deleting files", u.phrase()),
                        };
                    }
                    look.effects.push(e);
                }
            }
            // An archive that is not there and that no part writes: the extraction fails,
            // writing nothing; not understood, no more.
            Err(why) if absent(cmd, archive, written) => {
                let reason = format!("{}: {why}", u.phrase());
                look.effects.push(Effect::unknown(reason.clone()));
                demote(look, reason);
            }
            Err(why) => not_known(look, &u, &why),
        }
    }
}

/// Is the archive a named file that does not exist and that no earlier part writes?
fn absent(cmd: &Cmd, archive: &str, written: &[PathBuf]) -> bool {
    if archive == "-" || archive.is_empty() {
        return false;
    }
    let path = match cmd.cwd.dir() {
        _ if archive.starts_with('/') => paths::normalize(Path::new(archive)),
        Some(d) => paths::normalize(&d.join(archive)),
        None => return false,
    };
    std::fs::symlink_metadata(&path).is_err() && !written.iter().any(|w| path.starts_with(w))
}

/// Members that cannot be listed or placed: what lands is not known. For an archive or a
/// patch (on standard input, written by another part, past a bound) it may be the
/// harness's settings, a git hook or an agent's instructions, so the command is a risky
/// one (soft) unless something already made it hard; a directory tree another part fills
/// is not understood (unknown).
fn not_known(look: &mut Look, u: &Effect, why: &str) {
    let reason = format!("{}: {why}", u.phrase());
    look.effects.push(Effect::unknown(reason.clone()));
    demote(look, reason.clone());
    let tree = matches!(
        u,
        Effect::Unpack {
            format: Packed::Tree,
            ..
        }
    );
    if !tree && matches!(look.class, Class::Unknown { .. }) {
        look.class = Class::Soft {
            category: "unknown-writes",
            reason: format!("{reason}; what it writes is not known"),
        };
    }
}

/// A destination that climbs out of a name (`unzip -d sub/../`, `tar -C a/b/../..`)
/// placed where the members land: `unzip` and `bsdtar` make the missing directories
/// (real directories, so `NAME/..` cancels), and an existing prefix is followed through
/// its links. Left as written when an earlier part of the command writes or makes
/// anything there (a link it makes would move the landing), or the directory is unknown.
fn settle(cmd: &Cmd, into: &str, earlier: &Earlier) -> String {
    if !Path::new(into)
        .components()
        .any(|c| c == std::path::Component::ParentDir)
    {
        return into.to_string();
    }
    let Some(dir) = cmd.cwd.dir() else {
        return into.to_string();
    };
    let full = if into.starts_with('/') {
        PathBuf::from(into)
    } else {
        dir.join(into)
    };
    // The longest prefix on disk, resolved; the rest is made as plain directories.
    let mut existing = PathBuf::new();
    let mut rest: Vec<std::path::Component> = Vec::new();
    for c in full.components() {
        if rest.is_empty() && std::fs::symlink_metadata(existing.join(c)).is_ok() {
            existing.push(c);
        } else {
            rest.push(c);
        }
    }
    let made_there = |p: &PathBuf| p.starts_with(&existing) || existing.starts_with(p);
    let lexical = paths::normalize(&full);
    if earlier
        .written
        .iter()
        .any(|w| w.starts_with(&lexical) || made_there(w))
        || earlier.trees.iter().any(made_there)
    {
        return into.to_string();
    }
    let Ok(mut at) = std::fs::canonicalize(&existing) else {
        return into.to_string();
    };
    for part in rest {
        at.push(part);
    }
    paths::normalize(&at).display().to_string()
}

/// Where members are placed, as a word relative to the command's directory: `git apply`
/// places names under the top of the repository it runs in.
fn destination(cmd: &Cmd, format: Packed, into: &str) -> String {
    if !matches!(format, Packed::GitPatch | Packed::GitIndex) || into.starts_with('/') {
        return into.to_string();
    }
    let top = cmd
        .cwd
        .dir()
        .and_then(super::git_repo::discover)
        .and_then(|g| g.worktree);
    match top {
        Some(t) if Some(t.as_path()) != cmd.cwd.dir() => join(&t.display().to_string(), into),
        _ => into.to_string(),
    }
}

fn join(dir: &str, name: &str) -> String {
    if dir == "." || dir.is_empty() {
        name.to_string()
    } else {
        format!("{}/{name}", dir.trim_end_matches('/'))
    }
}

/// The name a member lands under, or `None` when it lands nowhere (`--strip-components`
/// strips all of it, `unzip -j` of a directory).
fn placed_name(m: &Member, format: Packed, strip: Option<u32>, flat: bool) -> Option<String> {
    let mut name = m.name.trim_end_matches('/').to_string();
    if format == Packed::Tar {
        let parts: Vec<&str> = name
            .split('/')
            .filter(|p| !p.is_empty() && *p != ".")
            .collect();
        let n = strip.unwrap_or(0) as usize;
        if parts.len() <= n {
            return None;
        }
        name = parts[n..].join("/");
    }
    if flat {
        if m.kind == Kind::Dir {
            return None;
        }
        name = name.rsplit('/').next().unwrap_or("").to_string();
    }
    let plain = name.split('/').all(|p| p.is_empty() || p == ".");
    (!plain).then_some(name)
}

#[allow(clippy::too_many_arguments)]
fn members(
    cmd: &Cmd,
    all: &[SimpleCommand],
    i: usize,
    ctx: &JudgeCtx,
    written: &[PathBuf],
    known: &[(PathBuf, String)],
    archive: &str,
    format: Packed,
    strip: Option<u32>,
    reverse: bool,
) -> Result<Vec<Member>, String> {
    if archive == "-" {
        return Err("it comes on standard input, which cannot be read before it runs".into());
    }
    let path = match cmd.cwd.dir() {
        _ if archive.starts_with('/') => paths::normalize(Path::new(archive)),
        Some(d) => paths::normalize(&d.join(archive)),
        None => return Err("it is named relative to a directory that is not known".into()),
    };
    let place = |w: &str| -> PathBuf {
        let base = cmd.cwd.dir().unwrap_or(Path::new("/"));
        if w.starts_with('/') {
            paths::normalize(Path::new(w))
        } else {
            paths::normalize(&base.join(w))
        }
    };
    let how = PatchHow {
        git: format != Packed::Patch,
        strip,
        reverse,
    };
    let patch = matches!(format, Packed::GitPatch | Packed::GitIndex | Packed::Patch);
    let forms = paths::forms(
        &path.display().to_string(),
        cmd.cwd.dir().unwrap_or(Path::new("/")),
        ctx.home,
    );
    if forms
        .forms()
        .any(|f| floor::classify(f, Access::Read, ctx.floor).is_some())
    {
        return Err(format!(
            "{archive} is a file the path floor guards; it is not read"
        ));
    }
    // A patch one earlier part writes whole with text the analysis knows (`printf … >
    // x.patch && git apply x.patch`), and that no other part writes: its members are that
    // text's, and, when the write may not have run (`cond && printf … > x.patch`), those of
    // the file on disk too.
    if patch
        && writers::other_writers(all, i, &path, &place) == 1
        && written.iter().filter(|w| **w == path).count() == 1
    {
        if let Some((_, text)) = known.iter().rev().find(|(p, _)| *p == path) {
            let mut ms = match archive::patch(text.as_bytes(), how) {
                Ok(ms) if !ms.is_empty() => ms,
                Ok(_) => {
                    return Err(format!(
                        "{archive}, as the command writes it, patches nothing"
                    ))
                }
                Err(e) => return Err(format!("{archive}: {e}")),
            };
            if std::fs::symlink_metadata(&path).is_ok() {
                ms.extend(archive::patch_file(&path, how).map_err(|e| format!("{archive}: {e}"))?);
            }
            return Ok(ms);
        }
    }
    if written.iter().any(|w| path.starts_with(w))
        || writers::written_by_other(all, i, &path, &place)
    {
        return Err(format!(
            "{archive} is written by another part of the command, so what it holds is not known"
        ));
    }
    let r = match format {
        Packed::Tree => tree_members(&path, archive),
        // bsdtar (libarchive) reads a zip archive as readily as a tar one, whatever it is
        // called; GNU tar refuses one, so listing its members is at worst too many.
        Packed::Tar if is_zip(&path) => archive::zip_file(&path),
        Packed::Tar => archive::tar_file(&path),
        Packed::Zip => archive::zip_file(&path),
        Packed::GitPatch | Packed::GitIndex | Packed::Patch => archive::patch_file(&path, how),
    };
    r.map_err(|e| format!("{archive}: {e}"))
}

/// Does the file start with a zip archive's local-file or end-of-directory signature?
fn is_zip(path: &Path) -> bool {
    use std::io::Read;
    let mut head = [0u8; 4];
    std::fs::File::open(path)
        .and_then(|mut f| f.read_exact(&mut head))
        .is_ok_and(|_| matches!(&head, b"PK\x03\x04" | b"PK\x05\x06"))
}

/// What a directory copied or moved holds (`cp -R`, `mv`, local rsync): none for a file
/// (its own write is judged already) or for nothing there; not known when an earlier part
/// may make a directory there, or writes below it.
fn tree_of(cmd: &Cmd, word: &str, earlier: &Earlier) -> Result<Vec<Member>, String> {
    let path = match cmd.cwd.dir() {
        _ if word.starts_with('/') => paths::normalize(Path::new(word)),
        Some(d) => paths::normalize(&d.join(word)),
        None => return Err("it is named relative to a directory that is not known".into()),
    };
    let below = |w: &PathBuf| w.starts_with(&path) && *w != path;
    if earlier.written.iter().any(below) || earlier.trees.iter().any(|w| path.starts_with(w)) {
        return Err(format!(
            "an earlier part of the command may make or fill the directory {word}, so what it holds is not known"
        ));
    }
    if std::fs::symlink_metadata(&path).is_ok_and(|m| !m.is_dir()) && !path.is_dir() {
        return Ok(Vec::new());
    }
    tree_members(&path, word)
}

/// `python -m zipfile|tarfile` given only `-l`/`--list` or `-t`/`--test` (and tarfile's
/// `-v`) and one archive: it lists or checks the archive and writes nothing (CPython
/// 3.11's `python3 -m zipfile --help`, `-m tarfile --help`: one of `-l`, `-e`, `-c`, `-t`
/// is required). Any other word (`-e`, an abbreviation, a bundle) is not this.
fn python_archive_lists(exec: &[String]) -> bool {
    let [python, m, module, rest @ ..] = exec else {
        return false;
    };
    let base = python.rsplit('/').next().unwrap_or(python);
    let base = base.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    if !matches!(base, "python" | "pypy") || m != "-m" {
        return false;
    }
    if !matches!(module.as_str(), "zipfile" | "tarfile") {
        return false;
    }
    let modes = rest
        .iter()
        .filter(|a| matches!(a.as_str(), "-l" | "--list" | "-t" | "--test"))
        .count();
    let operands = rest.iter().filter(|a| !a.starts_with('-')).count();
    let known = rest.iter().all(|a| {
        !a.starts_with('-')
            || matches!(
                a.as_str(),
                "-l" | "--list" | "-t" | "--test" | "-v" | "--verbose"
            )
    });
    modes == 1 && operands == 1 && known
}

/// Most files among the operands of a command the floor does not understand searched for
/// archives and patches it may unpack, and the largest of them searched.
const MAX_SNIFFED: usize = 64;
const MAX_SNIFF_BYTES: u64 = 16 * 1024 * 1024;

/// A command the floor does not understand (`7z x`, `jar xf`, `python -m zipfile -e`,
/// `cpio -i`, `git am`) given an archive or patch — an operand, or a file on its standard
/// input — whose members would land on a file the path floor guards (the harness's
/// settings, a protected or credential file) or outside where they are placed (absolute,
/// `..`, a link): why it may write there, and the guarded file it would land on. The
/// archive is judged by what it holds, whatever the program; a format that cannot be listed
/// is left to its tier.
pub(super) fn may_unpack_guarded(cmd: &Cmd, ctx: &JudgeCtx) -> Option<(String, Vec<PathBuf>)> {
    let cwd = cmd.cwd.dir()?;
    if python_archive_lists(&cmd.sc.exec) {
        return None;
    }
    // Only operands named as written in the command's text: a pattern's matches
    // (`print("=" * 60)` read as a command line matches every file) name no archive the
    // command chose.
    let sc = cmd.sc;
    let offset = sc.argv.len().saturating_sub(sc.exec.len());
    let mut words: Vec<&str> = sc
        .exec
        .iter()
        .enumerate()
        .skip(1)
        .filter(|(k, a)| {
            !sc.dynamic_words.get(offset + k).copied().unwrap_or(true)
                && !a.starts_with('-')
                && !a.is_empty()
                && sc.text.contains(a.as_str())
        })
        .map(|(_, a)| a.as_str())
        .collect();
    words.extend(
        cmd.sc
            .redirects
            .iter()
            .filter(|r| r.op == crate::analysis::shell::RedirectOp::In && !r.dynamic)
            .map(|r| r.target.as_str()),
    );
    guarded_members(&words, cwd, ctx).0
}

/// Inline code that extracts an archive (`tarfile.open('x.tar').extractall('.')`,
/// `shutil.unpack_archive('x.zip')`, `zipfile.ZipFile('x.zip').extractall()`,
/// `tar.x({file: 'x.tgz'})`): the same effect as `tar -xf x.tar`, judged by the members
/// of the archives its string literals name, as a program the floor does not model is
/// judged by its operands ([`may_unpack_guarded`]). Why it may write a guarded file and
/// where, or — when no literal names an archive the floor could read — the extraction as
/// an `Unpack` effect whose members no one has seen (the reviewer's need names the
/// archive), under the directory it runs in.
pub(super) fn inline_extraction(
    cmd: &Cmd,
    ctx: &JudgeCtx,
) -> Option<Result<(String, Vec<PathBuf>), Effect>> {
    let literals = super::code::extracted_literals(cmd)?;
    let cwd = cmd.cwd.dir()?;
    let words: Vec<&str> = literals
        .iter()
        .map(|l| l.trim())
        .filter(|l| !l.is_empty() && l.len() <= 4096 && !l.contains(['\n', ' ']))
        .collect();
    let (guarded, read) = guarded_members(&words, cwd, ctx);
    if let Some(g) = guarded {
        return Some(Ok(g));
    }
    if read > 0 {
        return None;
    }
    let archive = words
        .iter()
        .find(|w| {
            ARCHIVE_NAMES
                .iter()
                .any(|x| w.to_ascii_lowercase().ends_with(x))
        })
        .map_or_else(
            || "$(an archive the code names)".to_string(),
            |w| w.to_string(),
        );
    let format = if archive.to_ascii_lowercase().ends_with(".zip") {
        Packed::Zip
    } else {
        Packed::Tar
    };
    Some(Err(Effect::Unpack {
        archive,
        into: cwd.display().to_string(),
        format,
        strip: None,
        flat: false,
        reverse: false,
    }))
}

/// How archives are named, by their last letters.
const ARCHIVE_NAMES: &[&str] = &[
    ".tar", ".tgz", ".tar.gz", ".tbz2", ".tar.bz2", ".txz", ".tar.xz", ".tar.zst", ".zip", ".whl",
    ".jar", ".egg", ".7z", ".rar",
];

/// The members of the archives and patches `words` name (relative to `cwd`) that land on a
/// guarded file or outside where they are placed: why, and where (`None` when none does),
/// and how many of the words were archives the floor read.
fn guarded_members(
    words: &[&str],
    cwd: &Path,
    ctx: &JudgeCtx,
) -> (Option<(String, Vec<PathBuf>)>, usize) {
    let mut why = None;
    let mut lands = Vec::new();
    let mut files = 0;
    let mut read = 0;
    for &w in words {
        let path = paths::normalize(&cwd.join(w));
        if !path.is_file() {
            continue;
        }
        files += 1;
        if files > MAX_SNIFFED {
            break;
        }
        let Some(members) = sniffed(&path) else {
            continue;
        };
        read += 1;
        for m in &members {
            if let Some(h) = m.hazard() {
                why.get_or_insert_with(|| format!("{w} is an archive or patch in which {h}"));
                continue;
            }
            let placed = paths::normalize(&cwd.join(&m.name));
            let forms = paths::forms(&placed.display().to_string(), cwd, ctx.home);
            let class = forms
                .forms()
                .find_map(|f| floor::classify(f, Access::Write, ctx.floor));
            let Some(class) = class else {
                continue;
            };
            let what = match class {
                floor::PathClass::Credential { what }
                | floor::PathClass::SelfConfig { what }
                | floor::PathClass::HarnessConfig { what }
                | floor::PathClass::Protected { what } => what,
            };
            why.get_or_insert_with(|| {
                format!(
                    "{w} holds {}, which it may unpack onto {} ({what})",
                    m.name,
                    placed.display()
                )
            });
            lands.push(placed);
        }
    }
    (why.map(|w| (w, lands)), read)
}

/// The members of a file that is a tar (plain or gzip), zip or patch, by its content.
fn sniffed(path: &Path) -> Option<Vec<Member>> {
    use std::io::Read;
    let meta = std::fs::metadata(path).ok()?;
    // A larger file is not searched (the time is the hook's); the program's tier stands.
    if !meta.is_file() || meta.len() < 4 || meta.len() > MAX_SNIFF_BYTES {
        return None;
    }
    let mut head = [0u8; 512];
    let n = std::fs::File::open(path).ok()?.read(&mut head).ok()?;
    let head = &head[..n];
    if head.starts_with(b"PK\x03\x04") || head.starts_with(b"PK\x05\x06") {
        return archive::zip_file(path).ok();
    }
    if head.starts_with(&[0x1f, 0x8b]) || (n >= 262 && &head[257..262] == b"ustar") {
        return archive::tar_file(path).ok();
    }
    let text = String::from_utf8_lossy(head);
    let patchy = text.starts_with("diff ")
        || text.starts_with("--- ")
        || text.starts_with("From ")
        || text.contains("\n--- ")
        || text.contains("\ndiff --git ");
    if patchy {
        let how = PatchHow {
            git: true,
            strip: Some(1),
            reverse: false,
        };
        return archive::patch_file(path, how).ok();
    }
    None
}

/// Most entries listed under a directory copied or moved; a larger tree is not judged.
pub(super) const MAX_TREE_ENTRIES: usize = 20_000;

/// What a directory copied or moved holds, as members named relative to it (links and
/// special files as the plain names they are created as: `cp` makes a link, it does not
/// write through one it made). A source that is not a directory (a file, or nothing) has
/// none: its own write is judged already.
fn tree_members(path: &Path, word: &str) -> Result<Vec<Member>, String> {
    match std::fs::symlink_metadata(path) {
        Ok(m) if m.is_dir() => {}
        // A link to a directory is copied as the link itself unless `-L`/`-H` (or a
        // trailing `/`, which rsync's `SRC/` adds) makes cp follow it: listing where it
        // leads judges at least every write that may happen.
        Ok(m) if m.file_type().is_symlink() && path.is_dir() => {}
        _ => return Ok(Vec::new()),
    }
    let mut out = Vec::new();
    let mut stack = vec![(path.to_path_buf(), String::new(), 0usize)];
    while let Some((dir, rel, depth)) = stack.pop() {
        if depth > 64 {
            return Err(format!("{word} is nested deeper than 64 directories"));
        }
        let entries =
            std::fs::read_dir(&dir).map_err(|e| format!("{word} cannot be listed ({e})"))?;
        for e in entries {
            let e = e.map_err(|e| format!("{word} cannot be listed ({e})"))?;
            let name = e.file_name();
            let Some(name) = name.to_str() else {
                return Err(format!("{word} holds a name that is not UTF-8"));
            };
            let rel = if rel.is_empty() {
                name.to_string()
            } else {
                format!("{rel}/{name}")
            };
            let kind = e.file_type().map_err(|e| format!("{word}: {e}"))?;
            if out.len() >= MAX_TREE_ENTRIES {
                return Err(format!("{word} holds more than {MAX_TREE_ENTRIES} entries"));
            }
            if kind.is_dir() {
                stack.push((e.path(), rel.clone(), depth + 1));
                out.push(Member {
                    name: rel,
                    kind: Kind::Dir,
                });
            } else {
                out.push(Member {
                    name: rel,
                    kind: Kind::File,
                });
            }
        }
    }
    Ok(out)
}

/// `tar --remove-files`, `zip -m`: a delete of a catastrophic target (the home
/// directory, `/`, the workspace) is denied as `rm -rf` of it would be.
fn archiver_deletes(cmd: &Cmd, look: &mut Look, ctx: &JudgeCtx) {
    if !matches!(cmd.program(), "tar" | "bsdtar" | "gtar" | "zip") {
        return;
    }
    for e in &look.effects {
        let Effect::Delete { path, .. } = e else {
            continue;
        };
        let dynamic = cmd
            .args()
            .iter()
            .enumerate()
            .any(|(k, a)| a == path && cmd.arg_dynamic(k));
        if let Some(why) = destructive::hard_target(path, dynamic, cmd, ctx) {
            look.class = Class::Hard {
                category: "deletion",
                reason: format!("{} would delete {why}", cmd.program()),
            };
            return;
        }
    }
    if let Some(e) = look
        .effects
        .iter()
        .find(|e| matches!(e, Effect::Delete { .. }))
    {
        if matches!(look.class, Class::Routine { .. } | Class::Unknown { .. }) {
            look.class = Class::Soft {
                category: "deletion",
                reason: format!("{} {}", cmd.program(), e.phrase()),
            };
        }
    }
}
