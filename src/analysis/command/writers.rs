//! What a command writes, concretely, and what it writes there.
//!
//! Programs described by a grammar name their writes as effects (`cp`, `mv`, `ln`, `tee`,
//! `touch`, `chmod`, `dd of=`, `sort -o` …); [`land`] makes those concrete where the file
//! system decides it: `cp a dir` lands in `dir/a` when `dir` is a directory, and a
//! recursive copy or a move of a directory lands every file under it (walked, bounded),
//! so `cp -r stage/. .` is seen writing `./.claude/settings.json` (and `rsync` between
//! local paths lands where the `cp` it amounts to would: `catalog::rsync_local_cp`).
//! Every landing goes to the path floor like a file tool's path.
//!
//! The risky-edit scan of `edits` then applies to what lands in a file that runs or
//! steers the agent: when the content is known (the words of `echo`/`printf` into a
//! redirect, a heredoc into `cat` or `tee`, a workspace file copied, moved or linked) it
//! is searched; unknown content there is reported as such. [`Planted`] is what the engine
//! turns into a risky-edit cause.
//!
//! [`targets`] names the writes of the programs that have no grammar yet (`sed -i`,
//! `perl -i`, `find -fprint`, `rsync`, `scp`, `chattr`, `setfacl`): the engine sends them
//! through the path floor too. Each leaves this list when its grammar lands.

pub use super::core::Planted;
use super::core::{is_null_device, Cmd, Judge, JudgeCtx, Look};
use super::edits::scan;
use super::file_kinds::file_kind;
use crate::analysis::effects::programs::files::{self, base_name, join, Dest};
use crate::analysis::effects::{Effect, WriteHow};
use crate::analysis::shell::{RedirectOp, SimpleCommand};
use std::path::{Path, PathBuf};

/// Most entries walked under the sources of one recursive copy or move.
const MAX_WALK: usize = 2000;
/// Most bytes of one file read to search what a copy plants.
const MAX_SCAN_BYTES: u64 = 256 * 1024;

/// Where a written file's new content comes from.
#[derive(Clone, Debug)]
enum Content {
    /// Text known from the command line.
    Text(Vec<String>),
    /// The content of these files, as they are when the command runs.
    Files(Vec<PathBuf>),
    /// Not known before the command runs (why).
    Unknown(String),
    /// No new text (a directory, a mode, times, a truncation).
    Nothing,
}

/// One file a command writes, placed, with its new content.
#[derive(Clone, Debug)]
struct Landing {
    path: PathBuf,
    content: Content,
    /// Appends to (or edits) what is there: an existing script keeps its kind.
    keeps: bool,
    /// Judged as this kind whatever its name (a tree too large to see into).
    kind: Option<&'static str>,
}

/// Make a command's writes concrete (adding landing paths to `look`) and search what it
/// plants in files that run or steer the agent. `all`/`i` locate the command among the
/// others of the same call (a file another part writes has unknown content).
pub(super) fn land(
    cmd: &Cmd,
    all: &[SimpleCommand],
    i: usize,
    look: &mut Look,
    ctx: &JudgeCtx,
    judge: &dyn Judge,
) -> Option<Planted> {
    // After a `cd` to a place not known, relative words are placed under a directory
    // that does not exist: judged by their names, never read (the command is not
    // routine for that anyway); absolute ones are where they say.
    let dir = cmd
        .cwd
        .dir()
        .map(Path::to_path_buf)
        .unwrap_or_else(|| PathBuf::from("/(working directory not known)"));
    let place = |w: &str| -> PathBuf {
        let p = Path::new(w);
        if p.is_absolute() {
            crate::context::paths::normalize(p)
        } else {
            crate::context::paths::normalize(&dir.join(p))
        }
    };
    let mut landings: Vec<Landing> = Vec::new();
    // Redirections carry the command's output.
    for r in &cmd.sc.redirects {
        if !r.op.writes() || r.dynamic || is_null_device(&r.target) {
            continue;
        }
        landings.push(Landing {
            path: place(&r.target),
            content: stdout_of(cmd.sc, all, i, &place),
            keeps: matches!(
                r.op,
                RedirectOp::Append | RedirectOp::AppendErr | RedirectOp::InOut
            ),
            kind: None,
        });
    }
    // Copies, moves, links and installs land where the file system says.
    let mut extra_writes: Vec<String> = Vec::new();
    let mut extra_reads: Vec<String> = Vec::new();
    // rsync between local paths lands where the `cp` it amounts to would.
    let rsync_cp = (cmd.program() == "rsync")
        .then(|| super::catalog::rsync_local_cp(cmd, &|w| place(w).is_dir()))
        .flatten();
    let no_dynamic = vec![false; rsync_cp.as_ref().map_or(0, Vec::len)];
    let (argv, dynamic): (&[String], &[bool]) = match &rsync_cp {
        Some(a) => (a, &no_dynamic),
        None => (cmd.argv, cmd.dynamic),
    };
    let transfer = files::transfer(argv, dynamic).and_then(Result::ok);
    if let Some(t) = &transfer {
        transfer_landings(
            t,
            &place,
            &mut landings,
            &mut extra_writes,
            &mut extra_reads,
        );
    } else {
        for e in &look.effects {
            if let Effect::Write { path, how } = e {
                let content = match how {
                    WriteHow::Replace | WriteHow::Append => {
                        if cmd.program() == "tee" {
                            stdin_of(cmd.sc, all, i, &place)
                        } else if cmd.program() == "dd" {
                            dd_input(cmd, &place)
                        } else if super::code::pure_python_program(cmd.program()) {
                            Content::Unknown(format!("{} writes what it computes", cmd.program()))
                        } else if matches!(cmd.program(), "node" | "nodejs") {
                            Content::Unknown("node's inline code computes it".into())
                        } else {
                            Content::Unknown(format!("{} writes it from its input", cmd.program()))
                        }
                    }
                    WriteHow::Edit
                    | WriteHow::Mkdir
                    | WriteHow::Metadata
                    | WriteHow::Touch
                    | WriteHow::Destroy
                    | WriteHow::MoveAway => Content::Nothing,
                    WriteHow::Link | WriteHow::MoveInto => {
                        Content::Unknown(format!("{} links or moves it in", cmd.program()))
                    }
                };
                landings.push(Landing {
                    path: place(path),
                    content,
                    keeps: *how == WriteHow::Append,
                    kind: None,
                });
            }
        }
    }
    for w in extra_writes {
        if !look.writes.contains(&w) {
            look.writes.push(w);
        }
    }
    for r in extra_reads {
        if !look.reads.contains(&r) {
            look.reads.push(r);
        }
    }
    // A file another part of the same call writes holds something else by then.
    let written_elsewhere = |p: &Path| -> bool { written_by_other(all, i, p, &place) };
    for l in &landings {
        let first = match &l.content {
            Content::Text(t) => t.first().map(String::as_str).unwrap_or(""),
            _ => "",
        };
        let Some(kind) = l
            .kind
            .or_else(|| file_kind(&l.path, first))
            .or_else(|| existing_kind(&l.path, l.keeps))
            .or_else(|| super::file_kinds::source_kind(&l.path))
            .or_else(|| super::file_kinds::config_kind(&l.path))
        else {
            // Any other file: its new text is read for what it does, whatever its name.
            if let Content::Text(texts) = &l.content {
                if let Some(found) = super::payload::scan(&l.path, texts, false, ctx, judge) {
                    return Some(Planted {
                        path: l.path.clone(),
                        file: super::payload::ANY_KIND,
                        found,
                    });
                }
            }
            continue;
        };
        // A source file, or configuration known by its format only, is searched for what
        // known text plants in it; one linked into place or written by a program is not
        // read before it runs, and not asked about for that alone (a build compiles what
        // the agent could equally have written; `jq … > x.json` writes data).
        let searched_only =
            kind == super::file_kinds::SOURCE_KIND || kind == super::file_kinds::CONFIG_KIND;
        if searched_only && matches!(l.content, Content::Unknown(_)) {
            continue;
        }
        let found = match &l.content {
            Content::Nothing => continue,
            Content::Text(texts) => match scan(&l.path, texts, ctx, judge) {
                Some(r) => r.found,
                None => continue,
            },
            Content::Files(srcs) => {
                let mut texts = Vec::new();
                let mut unknown = None;
                let mut hidden = false;
                for s in srcs {
                    if written_elsewhere(s) {
                        hidden = true;
                        unknown = Some(format!(
                            "comes from {}, which another part of the command writes",
                            s.display()
                        ));
                        break;
                    }
                    match read_bounded(s) {
                        Some(t) => texts.push(t),
                        None => {
                            unknown = Some(format!(
                                "comes from {}, which cannot be read before it runs",
                                s.display()
                            ));
                            break;
                        }
                    }
                }
                match unknown {
                    // A source, or configuration known by its format whose source file
                    // is not there or too large to read, is searched for what known text
                    // plants, as above; a configuration whose text another part of the
                    // command writes hides what the tool will load (`… > /tmp/c.json &&
                    // cp /tmp/c.json .babelrc.json`).
                    Some(_) if kind == super::file_kinds::SOURCE_KIND => continue,
                    Some(_) if kind == super::file_kinds::CONFIG_KIND && !hidden => continue,
                    Some(u) => u,
                    None => match scan(&l.path, &texts, ctx, judge) {
                        Some(r) => r.found,
                        None => continue,
                    },
                }
            }
            Content::Unknown(why) => format!("is not known before the command runs ({why})"),
        };
        return Some(Planted {
            path: l.path.clone(),
            file: kind,
            found,
        });
    }
    None
}

/// Does another part of the call than `i` write `p` (a redirection, a grammar's write, a
/// program not known to write nothing)?
pub(super) fn written_by_other(
    all: &[SimpleCommand],
    i: usize,
    p: &Path,
    place: &dyn Fn(&str) -> PathBuf,
) -> bool {
    other_writers(all, i, p, place) > 0
}

/// How many parts other than part `i` may write `p` (a redirection to it or to a target
/// computed at run time, or an argument that writes it).
pub(super) fn other_writers(
    all: &[SimpleCommand],
    i: usize,
    p: &Path,
    place: &dyn Fn(&str) -> PathBuf,
) -> usize {
    all.iter()
        .enumerate()
        .filter(|(j, c)| {
            *j != i
                && (c
                    .redirects
                    .iter()
                    .any(|r| r.op.writes() && (r.dynamic || place(&r.target) == p))
                    || writes_by_argv(c, p, place))
        })
        .count()
}

/// An existing file that is a script by its first line or its mode keeps being one.
fn existing_kind(path: &Path, keeps: bool) -> Option<&'static str> {
    use std::io::Read;
    use std::os::unix::fs::PermissionsExt;
    let meta = std::fs::metadata(path).ok()?;
    if !meta.is_file() {
        return None;
    }
    if meta.permissions().mode() & 0o111 != 0 {
        return Some("a script");
    }
    if !keeps {
        return None;
    }
    let mut head = [0u8; 2];
    let mut f = std::fs::File::open(path).ok()?;
    f.read_exact(&mut head).ok()?;
    (&head == b"#!").then_some("a script")
}

fn read_bounded(p: &Path) -> Option<String> {
    let meta = std::fs::metadata(p).ok()?;
    if !meta.is_file() || meta.len() > MAX_SCAN_BYTES {
        return None;
    }
    let bytes = std::fs::read(p).ok()?;
    Some(String::from_utf8_lossy(&bytes).into_owned())
}

/// Does `c` write `p` through its argv (a grammar's write effects, or `sed -i`-style
/// targets)?
fn writes_by_argv(c: &SimpleCommand, p: &Path, place: &dyn Fn(&str) -> PathBuf) -> bool {
    let offset = c.argv.len().saturating_sub(c.exec.len());
    let dynamic = c.dynamic_words.get(offset..).unwrap_or(&[]);
    let Some(prog) = c.exec.first() else {
        return false;
    };
    if let Some(program) = crate::analysis::effects::programs::lookup(prog) {
        return match crate::analysis::effects::programs::effects(program, &c.exec, dynamic) {
            Ok(fx) => fx.iter().any(|e| match e {
                Effect::Write { path, .. } | Effect::Delete { path, .. } => {
                    let w = place(path);
                    p.starts_with(&w) || w.starts_with(p)
                }
                // Unknown writes could be anywhere.
                Effect::Unknown { .. } => true,
                _ => false,
            }),
            Err(_) => true,
        };
    }
    // Anything else that is not known to write nothing might write it.
    let (writes, _) = targets(&c.exec);
    !writes.is_empty() || !super::routine::is_catalogued(prog)
}

/// What a command prints: known for `echo` and `printf` of literal words, `cat` of a
/// heredoc or of files, and the programs that print nothing.
fn stdout_of(
    sc: &SimpleCommand,
    all: &[SimpleCommand],
    i: usize,
    place: &dyn Fn(&str) -> PathBuf,
) -> Content {
    let argv = &sc.exec;
    let offset = sc.argv.len().saturating_sub(sc.exec.len());
    let dynamic = sc.dynamic_words.get(offset..).unwrap_or(&[]);
    let any_dynamic = dynamic.iter().skip(1).any(|d| *d);
    let prog = argv.first().map(String::as_str).unwrap_or("");
    match prog {
        "" | "true" | "false" | ":" => Content::Nothing,
        "echo" if !any_dynamic => Content::Text(vec![echo_text(&argv[1..])]),
        "printf" if !any_dynamic => match printf_text(&argv[1..]) {
            Some(t) => Content::Text(vec![t]),
            None => Content::Unknown("printf's format is not one the floor renders".into()),
        },
        "cat" if !any_dynamic => {
            let files: Vec<&String> = argv[1..].iter().filter(|a| a.as_str() != "-").collect();
            if argv[1..].iter().any(|a| a.starts_with('-') && a != "-") {
                return Content::Unknown("cat is given options".into());
            }
            if files.is_empty() {
                stdin_of(sc, all, i, place)
            } else {
                Content::Files(files.iter().map(|f| place(f)).collect())
            }
        }
        _ => Content::Unknown(format!("it is what {prog} prints")),
    }
}

/// What arrives on a command's standard input: a heredoc or herestring, a file
/// redirected in, or the output of the stage before it in a pipeline.
fn stdin_of(
    sc: &SimpleCommand,
    all: &[SimpleCommand],
    i: usize,
    place: &dyn Fn(&str) -> PathBuf,
) -> Content {
    if let Some(t) = &sc.stdin_text {
        return Content::Text(vec![unescape_heredoc(t)]);
    }
    if let Some(r) = sc.redirects.iter().rev().find(|r| r.op == RedirectOp::In) {
        if r.dynamic {
            return Content::Unknown(format!("it is read from {}", r.target));
        }
        return Content::Files(vec![place(&r.target)]);
    }
    if sc.piped_stdin {
        return match i.checked_sub(1).and_then(|p| all.get(p)) {
            Some(prev) if prev.part == sc.part => stdout_of(prev, all, i - 1, place),
            _ => Content::Unknown("it comes from a pipe".into()),
        };
    }
    Content::Nothing
}

/// The body of an unquoted heredoc as bash delivers it when nothing in it expands: a
/// backslash before a newline joins the lines, `\\`, `\$` and `` \` `` lose their
/// backslash. Both forms are searched.
fn unescape_heredoc(t: &str) -> String {
    if !t.contains('\\') {
        return t.to_string();
    }
    let joined = t
        .replace("\\\n", "")
        .replace("\\\\", "\\")
        .replace("\\$", "$")
        .replace("\\`", "`");
    format!("{t}\n{joined}")
}

/// bash's `echo`: `-n`, `-e`, `-E` leading options; with `-e` escapes are interpreted.
fn echo_text(args: &[String]) -> String {
    let mut k = 0;
    let mut escapes = false;
    while let Some(a) = args.get(k) {
        if a.len() > 1 && a.starts_with('-') && a[1..].chars().all(|c| matches!(c, 'n' | 'e' | 'E'))
        {
            for c in a[1..].chars() {
                match c {
                    'e' => escapes = true,
                    'E' => escapes = false,
                    _ => {}
                }
            }
            k += 1;
        } else {
            break;
        }
    }
    let text = args[k..].join(" ");
    if escapes {
        unescape(&text)
    } else {
        text
    }
}

/// Backslash escapes as `echo -e`, `printf` and `$'…'` read them.
fn unescape(s: &str) -> String {
    let mut out = String::new();
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some('r') => out.push('\r'),
            Some('a') | Some('b') | Some('f') | Some('v') | Some('e') | Some('E') => {}
            Some('c') => break,
            Some('\\') => out.push('\\'),
            Some('x') => {
                let mut v = 0u32;
                let mut n = 0;
                while n < 2 {
                    match chars.peek().and_then(|c| c.to_digit(16)) {
                        Some(d) => {
                            v = v * 16 + d;
                            chars.next();
                            n += 1;
                        }
                        None => break,
                    }
                }
                if let Some(ch) = char::from_u32(v) {
                    out.push(ch);
                }
            }
            Some(d @ '0'..='7') => {
                let mut v = d.to_digit(8).unwrap_or(0);
                let mut n = 0;
                while n < 3 {
                    match chars.peek().and_then(|c| c.to_digit(8)) {
                        Some(x) => {
                            v = v * 8 + x;
                            chars.next();
                            n += 1;
                        }
                        None => break,
                    }
                }
                if let Some(ch) = char::from_u32(v) {
                    out.push(ch);
                }
            }
            Some(other) => {
                out.push('\\');
                out.push(other);
            }
            None => out.push('\\'),
        }
    }
    out
}

/// The output of `printf FORMAT ARGS…` (the format reused while arguments remain, as
/// bash does); `None` for `-v` (nothing printed is known to land) or an empty argv.
fn printf_text(args: &[String]) -> Option<String> {
    let mut k = 0;
    if args.first().is_some_and(|a| a.starts_with("-v")) {
        return None;
    }
    if args.get(k).is_some_and(|a| a == "--") {
        k += 1;
    }
    let format = args.get(k)?;
    let mut rest = args[k + 1..].iter();
    let mut out = String::new();
    loop {
        let mut used = false;
        let mut chars = format.chars().peekable();
        let mut plain = String::new();
        while let Some(c) = chars.next() {
            if c != '%' {
                plain.push(c);
                continue;
            }
            if chars.peek() == Some(&'%') {
                chars.next();
                plain.push('%');
                continue;
            }
            out.push_str(&unescape(&plain));
            plain.clear();
            // Flags, width, precision, then the conversion.
            let mut conv = None;
            for n in chars.by_ref() {
                if n.is_ascii_alphabetic() {
                    conv = Some(n);
                    break;
                }
            }
            let arg = rest.next().map(String::as_str).unwrap_or("");
            used = true;
            match conv? {
                'b' => out.push_str(&unescape(arg)),
                'c' => out.extend(arg.chars().next()),
                _ => out.push_str(arg),
            }
        }
        out.push_str(&unescape(&plain));
        if !used || rest.len() == 0 {
            break;
        }
    }
    Some(out)
}

/// `dd if=FILE` (or its stdin) is what `dd of=` writes.
fn dd_input(cmd: &Cmd, place: &dyn Fn(&str) -> PathBuf) -> Content {
    for (k, a) in cmd.argv.iter().enumerate().skip(1) {
        if let Some(f) = a.strip_prefix("if=") {
            if cmd.dynamic.get(k).copied().unwrap_or(false) {
                return Content::Unknown(format!("it is read from {f}"));
            }
            return Content::Files(vec![place(f)]);
        }
    }
    Content::Unknown("dd writes what arrives on its input".into())
}

/// The landings of a copy, move, link or install, made concrete with the file system:
/// each source's landing path (inside the destination when it is a directory) and, when a
/// directory is copied or moved whole, every file under it.
fn transfer_landings(
    t: &files::Transfer,
    place: &dyn Fn(&str) -> PathBuf,
    landings: &mut Vec<Landing>,
    writes: &mut Vec<String>,
    reads: &mut Vec<String>,
) {
    if t.mkdirs {
        return;
    }
    let Some((dest_word, dest)) = t.dest.as_ref() else {
        return;
    };
    if dest_word.dynamic {
        return;
    }
    let mut walked = 0usize;
    for s in &t.sources {
        if s.dynamic {
            continue;
        }
        let landing_word = match dest {
            Dest::Into(d) => t.into_dir(d, s.text),
            Dest::Onto(d) => d.to_string(),
            Dest::Either(d) => {
                if place(d).is_dir() {
                    // The landing inside the directory is the one written.
                    join(d, base_name(s.text))
                } else {
                    d.to_string()
                }
            }
        };
        if !writes.contains(&landing_word) {
            writes.push(landing_word.clone());
        }
        let landing = place(&landing_word);
        // What the landing holds afterwards: the source's content (a link's target).
        let src = if t.symbolic && !s.text.starts_with('/') {
            landing.parent().map(|p| p.join(s.text)).unwrap_or_default()
        } else {
            place(s.text)
        };
        let src = crate::context::paths::normalize(&src);
        let is_dir = std::fs::symlink_metadata(&src)
            .map(|m| m.is_dir())
            .unwrap_or(false);
        if is_dir && t.recursive {
            let mut tree = Vec::new();
            if !walk(&src, &mut tree, &mut walked) {
                landings.push(Landing {
                    path: landing.clone(),
                    content: Content::Unknown(format!(
                        "{} holds more than {MAX_WALK} entries to check",
                        src.display()
                    )),
                    keeps: false,
                    kind: Some("a directory tree that may hold files that run or steer the agent"),
                });
                continue;
            }
            for (rel, link) in tree {
                let land = landing.join(&rel);
                let word = land.display().to_string();
                if !writes.contains(&word) {
                    writes.push(word);
                }
                match link {
                    // A link copied as a link lands pointing where it pointed; followed
                    // (`cp -rL`), its target is read.
                    Some(target) if t.follow => {
                        reads.push(target.display().to_string());
                        landings.push(Landing {
                            path: land,
                            content: Content::Files(vec![target]),
                            keeps: false,
                            kind: None,
                        });
                    }
                    Some(_) => {}
                    None => landings.push(Landing {
                        path: land,
                        content: Content::Files(vec![src.join(&rel)]),
                        keeps: false,
                        kind: None,
                    }),
                }
            }
        } else {
            landings.push(Landing {
                path: landing,
                content: Content::Files(vec![src]),
                keeps: false,
                kind: None,
            });
        }
    }
}

/// Every entry below `root` (relative paths; links with their resolved target), bounded
/// by [`MAX_WALK`] over one command. `false` when the bound is reached.
fn walk(root: &Path, out: &mut Vec<(PathBuf, Option<PathBuf>)>, seen: &mut usize) -> bool {
    let mut stack = vec![PathBuf::new()];
    while let Some(rel) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(root.join(&rel)) else {
            continue;
        };
        for e in entries.flatten() {
            *seen += 1;
            if *seen > MAX_WALK {
                return false;
            }
            let r = rel.join(e.file_name());
            let Ok(ft) = e.file_type() else {
                continue;
            };
            if ft.is_symlink() {
                // Followed (`cp -rL`) or copied as a link, the entry stands for its
                // target; a followed directory is read whole, not walked.
                let target = std::fs::canonicalize(root.join(&r))
                    .unwrap_or_else(|_| std::fs::read_link(root.join(&r)).unwrap_or_default());
                out.push((r, Some(target)));
            } else if ft.is_dir() {
                stack.push(r.clone());
            } else {
                out.push((r, None));
            }
        }
    }
    true
}

/// Written paths and (link-source) read paths of the programs without a grammar.
pub fn targets(argv: &[String]) -> (Vec<String>, Vec<String>) {
    let mut writes = Vec::new();
    let reads = Vec::new();
    let Some(prog) = argv.first() else {
        return (writes, reads);
    };
    let name = prog.rsplit('/').next().unwrap_or(prog);
    let args = &argv[1..];
    let operands: Vec<&String> = {
        let mut out = Vec::new();
        let mut end_of_opts = false;
        for a in args {
            if !end_of_opts && a == "--" {
                end_of_opts = true;
                continue;
            }
            if end_of_opts || !a.starts_with('-') || a == "-" {
                out.push(a);
            }
        }
        out
    };
    match name {
        "sed" | "gsed"
            if args
                .iter()
                .any(|a| a.starts_with("-i") || a.starts_with("--in-place")) =>
        {
            // The first operand is the script unless given with -e/-f (whose values are
            // not files to edit).
            let mut files = Vec::new();
            let mut scripted = false;
            let mut it = args.iter();
            while let Some(a) = it.next() {
                match a.as_str() {
                    "-e" | "-f" | "--expression" | "--file" => {
                        scripted = true;
                        it.next();
                    }
                    x if x.starts_with("--expression=") || x.starts_with("--file=") => {
                        scripted = true
                    }
                    x if x.starts_with('-') && x != "-" => {}
                    x => files.push(x.to_string()),
                }
            }
            writes.extend(files.into_iter().skip(usize::from(!scripted)));
        }
        "perl"
            if args
                .iter()
                .any(|a| a.starts_with("-i") || (a.starts_with("-p") && a.contains('i'))) =>
        {
            writes.extend(operands.iter().skip(1).map(|s| s.to_string()));
        }
        "find" => {
            for w in args.windows(2) {
                if matches!(w[0].as_str(), "-fprint" | "-fprint0" | "-fprintf" | "-fls") {
                    writes.push(w[1].clone());
                }
            }
        }
        "rsync" | "scp" => {
            if let Some(last) = operands.last() {
                if operands.len() >= 2 {
                    writes.push(last.to_string());
                }
            }
        }
        "chattr" | "setfacl" => {
            // The first operand is the attribute or ACL.
            writes.extend(operands.iter().skip(1).map(|s| s.to_string()));
        }
        _ => {}
    }
    writes.retain(|w| !w.is_empty() && !super::core::is_null_device(w));
    (writes, reads)
}

#[cfg(test)]
mod tests {
    use super::{echo_text, printf_text, targets, unescape};

    fn strings(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn finds_argument_writes_of_programs_without_a_grammar() {
        let cases: &[(&str, &[&str], &[&str])] = &[
            ("sed -i /x/d a.json b.json", &["a.json", "b.json"], &[]),
            ("sed -i -e s/a/b/ f", &["f"], &[]),
            ("sed -n 1p f", &[], &[]),
            ("find . -name x -fprint out.txt", &["out.txt"], &[]),
            ("rsync -a src/ host:dst", &["host:dst"], &[]),
            ("chattr +i f", &["f"], &[]),
            // Programs with a grammar name their writes as effects, not here.
            ("cp a b dest", &[], &[]),
            ("tee -a log.txt", &[], &[]),
            ("ls -la", &[], &[]),
        ];
        for (cmd, w, r) in cases {
            let argv = strings(&cmd.split_whitespace().collect::<Vec<_>>());
            assert_eq!(targets(&argv), (strings(w), strings(r)), "{cmd}");
        }
    }

    #[test]
    fn renders_what_echo_and_printf_print() {
        assert_eq!(echo_text(&strings(&["-n", "a", "b"])), "a b");
        assert_eq!(echo_text(&strings(&["-e", "rm -rf \\x7e"])), "rm -rf ~");
        assert_eq!(echo_text(&strings(&["-x", "y"])), "-x y");
        assert_eq!(
            printf_text(&strings(&["%s\\n", "rm -rf ~", "x"])).as_deref(),
            Some("rm -rf ~\nx\n")
        );
        assert_eq!(
            printf_text(&strings(&["%b", "a\\tb"])).as_deref(),
            Some("a\tb")
        );
        assert_eq!(printf_text(&strings(&["-v", "x", "%s", "y"])), None);
        assert_eq!(unescape("\\0176"), "~");
    }
}
