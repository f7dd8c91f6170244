//! GNU coreutils' file mutators, each option as `--help` of coreutils 9.1 lists it (checked
//! against the real programs on Debian 12): mkdir, touch, cp, mv, ln, install, chmod,
//! chown, chgrp, rm, rmdir, unlink, shred, tee, truncate, split, csplit, mktemp (`dd` reads
//! `key=value` operands and lives in `own`).
//!
//! Where the operands' roles depend on options (`cp -t DIR`, `ln -s TARGET`, `cp -r`) the
//! table's function reads them through [`transfer`] and [`deletions`], which the command
//! floor uses too (to find where a copy lands, and what a delete reaches), so one parser
//! decides for both.

use super::super::grammar::{
    flag, is_expansion, opt, value, Arity, GrammarError, Operands, Opt, Parsed, Val, Word,
};
use super::super::{Effect, Packed, Reach, WriteHow};
use super::common::gnu;
use super::Program;

pub(super) fn lookup(name: &str) -> Option<&'static Program> {
    Some(match name {
        "mkdir" => &MKDIR,
        "touch" => &TOUCH,
        "cp" => &CP,
        "mv" => &MV,
        "ln" => &LN,
        "install" => &INSTALL,
        "chmod" => &CHMOD,
        "chown" => &CHOWN,
        "chgrp" => &CHGRP,
        "rm" => &RM,
        "rmdir" => &RMDIR,
        "unlink" => &UNLINK,
        "shred" => &SHRED,
        "tee" => &TEE,
        "truncate" => &TRUNCATE,
        "split" => &SPLIT,
        "csplit" => &CSPLIT,
        "mktemp" => &MKTEMP,
        _ => return None,
    })
}

/// `--backup[=CONTROL]`'s words.
const BACKUP: &[&str] = &[
    "none", "off", "numbered", "t", "existing", "nil", "simple", "never",
];

/// A path the program creates or changes: a word computed at run time (an expansion, or a
/// glob bash matches only when it runs) is not a place the floor can judge.
fn target(w: &Word, out: &mut Vec<Effect>) -> Option<String> {
    if w.dynamic {
        let why = if is_expansion(w.text) {
            format!("the path {} is computed at run time", w.text)
        } else {
            format!("the target {} is a pattern matched at run time", w.text)
        };
        out.push(Effect::unknown(why));
        return None;
    }
    Some(w.text.to_string())
}

static MKDIR: Program = Program {
    name: "mkdir",
    does: "creates directories",
    grammar: gnu(
        &[
            value(&["-m", "--mode"], Val::Plain),
            flag(&["-p", "--parents"]),
            flag(&["-v", "--verbose"]),
            flag(&["-Z"]),
            opt(&["--context"], Arity::Optional, Val::Plain),
        ],
        Operands::all(Val::Plain),
    ),
    extra: Some(mkdir_fx),
    reads_cwd_by_default: false,
};

fn mkdir_fx(p: &Parsed, out: &mut Vec<Effect>) {
    for (w, _) in &p.operands {
        if let Some(t) = target(w, out) {
            out.push(Effect::write(t, WriteHow::Mkdir));
        }
    }
}

static TOUCH: Program = Program {
    name: "touch",
    does: "creates files or updates their times",
    grammar: gnu(
        &[
            flag(&["-a"]),
            flag(&["-c", "--no-create"]),
            value(&["-d", "--date"], Val::Plain),
            flag(&["-f"]),
            flag(&["-h", "--no-dereference"]),
            flag(&["-m"]),
            value(&["-r", "--reference"], Val::Read),
            value(&["-t"], Val::Plain),
            value(
                &["--time"],
                Val::Choice(&["access", "atime", "use", "modify", "mtime"]),
            ),
        ],
        Operands::all(Val::Plain),
    ),
    extra: Some(touch_fx),
    reads_cwd_by_default: false,
};

fn touch_fx(p: &Parsed, out: &mut Vec<Effect>) {
    let how = if p.has("-c") {
        WriteHow::Metadata
    } else {
        WriteHow::Touch
    };
    for (w, _) in &p.operands {
        // `touch -` changes the times of whatever stdout is.
        if w.text == "-" {
            continue;
        }
        if let Some(t) = target(w, out) {
            out.push(Effect::write(t, how));
        }
    }
}

static CP: Program = Program {
    name: "cp",
    does: "copies files",
    grammar: gnu(
        &[
            flag(&["-a", "--archive"]),
            flag(&["--attributes-only"]),
            opt(&["--backup"], Arity::Optional, Val::Choice(BACKUP)),
            flag(&["-b"]),
            flag(&["--copy-contents"]),
            flag(&["-d"]),
            flag(&["-f", "--force"]),
            flag(&["-i", "--interactive"]),
            flag(&["-H"]),
            flag(&["-l", "--link"]),
            flag(&["-L", "--dereference"]),
            flag(&["-n", "--no-clobber"]),
            flag(&["-P", "--no-dereference"]),
            flag(&["-p"]),
            opt(&["--preserve"], Arity::Optional, Val::Plain),
            value(&["--no-preserve"], Val::Plain),
            flag(&["--parents"]),
            flag(&["-R", "-r", "--recursive"]),
            opt(
                &["--reflink"],
                Arity::Optional,
                Val::Choice(&["always", "auto", "never"]),
            ),
            flag(&["--remove-destination"]),
            value(&["--sparse"], Val::Choice(&["always", "auto", "never"])),
            flag(&["--strip-trailing-slashes"]),
            flag(&["-s", "--symbolic-link"]),
            value(&["-S", "--suffix"], Val::Plain),
            value(&["-t", "--target-directory"], Val::Plain),
            flag(&["-T", "--no-target-directory"]),
            flag(&["-u", "--update"]),
            flag(&["-v", "--verbose"]),
            flag(&["-x", "--one-file-system"]),
            flag(&["-Z"]),
            opt(&["--context"], Arity::Optional, Val::Plain),
        ],
        Operands::all(Val::Plain),
    ),
    extra: Some(cp_fx),
    reads_cwd_by_default: false,
};

static MV: Program = Program {
    name: "mv",
    does: "moves or renames files",
    grammar: gnu(
        &[
            opt(&["--backup"], Arity::Optional, Val::Choice(BACKUP)),
            flag(&["-b"]),
            flag(&["-f", "--force"]),
            flag(&["-i", "--interactive"]),
            flag(&["-n", "--no-clobber"]),
            flag(&["--strip-trailing-slashes"]),
            value(&["-S", "--suffix"], Val::Plain),
            value(&["-t", "--target-directory"], Val::Plain),
            flag(&["-T", "--no-target-directory"]),
            flag(&["-u", "--update"]),
            flag(&["-v", "--verbose"]),
            flag(&["-Z", "--context"]),
        ],
        Operands::all(Val::Plain),
    ),
    extra: Some(mv_fx),
    reads_cwd_by_default: false,
};

static LN: Program = Program {
    name: "ln",
    does: "creates links",
    grammar: gnu(
        &[
            opt(&["--backup"], Arity::Optional, Val::Choice(BACKUP)),
            flag(&["-b"]),
            flag(&["-d", "-F", "--directory"]),
            flag(&["-f", "--force"]),
            flag(&["-i", "--interactive"]),
            flag(&["-L", "--logical"]),
            flag(&["-n", "--no-dereference"]),
            flag(&["-P", "--physical"]),
            flag(&["-r", "--relative"]),
            flag(&["-s", "--symbolic"]),
            value(&["-S", "--suffix"], Val::Plain),
            value(&["-t", "--target-directory"], Val::Plain),
            flag(&["-T", "--no-target-directory"]),
            flag(&["-v", "--verbose"]),
        ],
        Operands::all(Val::Plain),
    ),
    extra: Some(ln_fx),
    reads_cwd_by_default: false,
};

static INSTALL: Program = Program {
    name: "install",
    does: "copies files into place",
    grammar: gnu(
        &[
            opt(&["--backup"], Arity::Optional, Val::Choice(BACKUP)),
            flag(&["-b"]),
            flag(&["-c"]),
            flag(&["-C", "--compare"]),
            flag(&["-d", "--directory"]),
            flag(&["-D"]),
            value(&["-g", "--group"], Val::Plain),
            value(&["-m", "--mode"], Val::Plain),
            value(&["-o", "--owner"], Val::Plain),
            flag(&["-p", "--preserve-timestamps"]),
            // Stripping runs `strip` (found on PATH) on each file installed.
            opt(
                &["-s", "--strip"],
                Arity::Flag,
                Val::Code("the strip program"),
            ),
            value(&["--strip-program"], Val::Code("a strip program")),
            value(&["-S", "--suffix"], Val::Plain),
            value(&["-t", "--target-directory"], Val::Plain),
            flag(&["-T", "--no-target-directory"]),
            flag(&["-v", "--verbose"]),
            flag(&["--preserve-context"]),
            flag(&["-Z"]),
            opt(&["--context"], Arity::Optional, Val::Plain),
        ],
        Operands::all(Val::Plain),
    ),
    extra: Some(install_fx),
    reads_cwd_by_default: false,
};

/// Where the sources of a copy, move or link land.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dest<'a> {
    /// Inside this directory, each under its own base name (`-t DIR`, several sources,
    /// a trailing `/`).
    Into(&'a str),
    /// At this path itself (`-T`).
    Onto(&'a str),
    /// Inside this path if it is an existing directory when the command runs, else at the
    /// path itself (`cp a b`).
    Either(&'a str),
}

/// What a copy, move, link or install does with its operands.
#[derive(Clone, Debug)]
pub struct Transfer<'a> {
    pub program: &'static str,
    /// The sources, as given (for `ln`, the link targets).
    pub sources: Vec<Word<'a>>,
    pub dest: Option<(Word<'a>, Dest<'a>)>,
    /// Copies whole directories (`cp -r`, `mv` of a directory).
    pub recursive: bool,
    /// Follows every symbolic link met in a source tree (`cp -rL`).
    pub follow: bool,
    /// `cp --parents`: each source lands under its whole given path.
    pub parents: bool,
    /// How the landing path is changed.
    pub how: WriteHow,
    /// `ln -s` without `-r`: a relative target is read from the link's directory.
    pub symbolic: bool,
    /// `install -d`: every operand is a directory created.
    pub mkdirs: bool,
}

impl<'a> Transfer<'a> {
    /// The landing path of `src` when the destination is known to be a directory `dir`.
    pub fn into_dir(&self, dir: &str, src: &str) -> String {
        let name = if self.parents {
            src.trim_start_matches('/')
        } else {
            base_name(src)
        };
        join(dir, name)
    }
}

/// The last component of a path as `cp` and `mv` use it (`a/b/` → `b`).
pub fn base_name(p: &str) -> &str {
    let t = p.trim_end_matches('/');
    if t.is_empty() {
        return "/";
    }
    t.rsplit('/').next().unwrap_or(t)
}

/// `dir` + `/` + `name`, without doubling the slash.
pub fn join(dir: &str, name: &str) -> String {
    if dir.ends_with('/') {
        format!("{dir}{name}")
    } else {
        format!("{dir}/{name}")
    }
}

/// The directory part of a path word (`a/b` → `a`, `b` → `.`).
pub fn dir_name(p: &str) -> &str {
    let t = p.trim_end_matches('/');
    match t.rfind('/') {
        Some(0) => "/",
        Some(i) => &t[..i],
        None => ".",
    }
}

/// Read a `cp`/`mv`/`ln`/`install` argv through its grammar: which operands are sources,
/// where they land, and how. `None` for other programs.
pub fn transfer<'a>(
    argv: &'a [String],
    dynamic: &[bool],
) -> Option<Result<Transfer<'a>, GrammarError>> {
    let prog = argv.first()?.as_str();
    let p = lookup(prog)?;
    if !matches!(p.name, "cp" | "mv" | "ln" | "install") {
        return None;
    }
    Some(
        super::super::grammar::parse(&p.grammar, argv, dynamic)
            .and_then(|parsed| transfer_of(p.name, &parsed)),
    )
}

fn transfer_of<'a>(prog: &'static str, p: &Parsed<'a>) -> Result<Transfer<'a>, GrammarError> {
    let ops: Vec<Word<'a>> = p.operands.iter().map(|(w, _)| *w).collect();
    let mkdirs = prog == "install" && p.has("-d");
    let symbolic = prog == "ln" && p.has("-s");
    let how = match prog {
        "mv" => WriteHow::MoveInto,
        "ln" => WriteHow::Link,
        "cp" if p.has("-s") || p.has("-l") => WriteHow::Link,
        "cp" if p.has("--attributes-only") => WriteHow::Metadata,
        _ => WriteHow::Replace,
    };
    let recursive = match prog {
        "cp" => p.has("-R") || p.has("-a"),
        "mv" => true,
        _ => false,
    };
    let follow = prog == "cp" && recursive && p.has("-L");
    let mut t = Transfer {
        program: prog,
        sources: Vec::new(),
        dest: None,
        recursive,
        follow,
        parents: prog == "cp" && p.has("--parents"),
        how,
        symbolic: symbolic && !p.has("-r"),
        mkdirs,
    };
    if mkdirs {
        t.sources = ops;
        return Ok(t);
    }
    let target_dir = p
        .given
        .iter()
        .rev()
        .find(|g| g.name == "--target-directory")
        .and_then(|g| g.value);
    if let Some(dir) = target_dir {
        t.sources = ops;
        t.dest = Some((dir, Dest::Into(dir.text)));
        return Ok(t);
    }
    let no_target = p.has("-T");
    match ops.as_slice() {
        [] => {}
        // `ln TARGET` links into the working directory; `cp x` and `mv x` are errors.
        [only] if prog == "ln" => {
            t.sources = vec![*only];
            let here = Word {
                text: ".",
                dynamic: false,
                index: only.index,
            };
            t.dest = Some((here, Dest::Into(".")));
        }
        [_] => t.sources = ops,
        [src, dst] => {
            t.sources = vec![*src];
            let d = if no_target {
                Dest::Onto(dst.text)
            } else if dst.text.ends_with('/') || t.parents {
                Dest::Into(dst.text)
            } else {
                Dest::Either(dst.text)
            };
            t.dest = Some((*dst, d));
        }
        [srcs @ .., dst] => {
            if no_target {
                return Err(GrammarError::ExtraOperand(dst.text.to_string()));
            }
            t.sources = srcs.to_vec();
            t.dest = Some((*dst, Dest::Into(dst.text)));
        }
    }
    Ok(t)
}

/// The effects of a transfer, without looking at the file system: an `Either`
/// destination is written as the path given (the command floor finds out whether it is a
/// directory).
pub fn transfer_effects(t: &Transfer, out: &mut Vec<Effect>) {
    if t.mkdirs {
        for w in &t.sources {
            if let Some(p) = target(w, out) {
                out.push(Effect::write(p, WriteHow::Mkdir));
            }
        }
        return;
    }
    let reach = if t.program == "mv" {
        None
    } else if t.follow {
        Some(Reach::TreeFollow)
    } else if t.recursive {
        Some(Reach::Tree)
    } else {
        Some(Reach::File)
    };
    let dest = t.dest.as_ref().and_then(|(w, d)| {
        // A destination computed at run time is not a place the floor can judge.
        target(w, out).map(|_| *d)
    });
    for s in &t.sources {
        if t.program == "mv" {
            // Moving a file away changes its old place too.
            if let Some(p) = target(s, out) {
                out.push(Effect::write(p, WriteHow::MoveAway));
            }
        } else if let Some(p) = target(s, out) {
            let path = if t.symbolic && !p.starts_with('/') {
                // A relative symlink target is resolved from the link's directory.
                match dest {
                    Some(Dest::Into(d)) => join(d, &p),
                    Some(Dest::Onto(d)) | Some(Dest::Either(d)) => join(dir_name(d), &p),
                    None => p,
                }
            } else {
                p
            };
            out.push(Effect::Read {
                path,
                reach: reach.unwrap_or(Reach::File),
            });
        }
        match dest {
            Some(Dest::Into(d)) => {
                out.push(Effect::write(t.into_dir(d, s.text), t.how));
            }
            Some(Dest::Onto(d)) | Some(Dest::Either(d)) => {
                out.push(Effect::write(d, t.how));
            }
            None => {}
        }
        // A directory copied or moved puts every file under it below where it lands: the
        // command floor lists it (when it is one) and judges each as a write there.
        if (t.recursive || t.program == "mv")
            && !t.symbolic
            && t.how != WriteHow::Link
            && !s.dynamic
        {
            let landings = match dest {
                Some(Dest::Into(d)) => vec![t.into_dir(d, s.text)],
                Some(Dest::Onto(d)) => vec![d.to_string()],
                // Onto the name, or into it when it is a directory already.
                Some(Dest::Either(d)) => vec![d.to_string(), t.into_dir(d, s.text)],
                None => Vec::new(),
            };
            for into in landings {
                out.push(Effect::Unpack {
                    archive: s.text.to_string(),
                    into,
                    format: Packed::Tree,
                    strip: Some(0),
                    flat: false,
                    reverse: false,
                });
            }
        }
    }
    if t.symbolic {
        // A target that climbs out of a name (`A/..`) leads where A really leads: a link
        // (one this command may make) turns it anywhere, which the text does not show.
        for s in &t.sources {
            let mut seen_name = false;
            for c in std::path::Path::new(&s.text).components() {
                match c {
                    std::path::Component::Normal(_) => seen_name = true,
                    std::path::Component::ParentDir if seen_name => {
                        out.push(Effect::unknown(format!(
                            "the link target {} climbs out of a name, so it leads where that name's own link leads",
                            s.text
                        )));
                        break;
                    }
                    _ => {}
                }
            }
        }
        // `ln -s T L` where L is an existing directory: T is read from inside L.
        if let (Some(Dest::Either(d)), [s]) = (dest, t.sources.as_slice()) {
            if !s.text.starts_with('/') && !s.dynamic {
                out.push(Effect::read(join(d, s.text)));
            }
        }
    }
}

fn transfer_fx(prog: &'static str, p: &Parsed, out: &mut Vec<Effect>) {
    match transfer_of(prog, p) {
        Ok(t) => transfer_effects(&t, out),
        Err(e) => out.push(Effect::unknown(format!("{prog}: {e}"))),
    }
}

fn cp_fx(p: &Parsed, out: &mut Vec<Effect>) {
    transfer_fx("cp", p, out)
}

fn mv_fx(p: &Parsed, out: &mut Vec<Effect>) {
    transfer_fx("mv", p, out)
}

fn ln_fx(p: &Parsed, out: &mut Vec<Effect>) {
    transfer_fx("ln", p, out)
}

fn install_fx(p: &Parsed, out: &mut Vec<Effect>) {
    transfer_fx("install", p, out)
}

static CHMOD: Program = Program {
    name: "chmod",
    does: "changes file modes",
    grammar: gnu(
        &[
            flag(&["-c", "--changes"]),
            flag(&["-f", "--silent", "--quiet"]),
            flag(&["-v", "--verbose"]),
            flag(&["--no-preserve-root"]),
            flag(&["--preserve-root"]),
            value(&["--reference"], Val::Read),
            flag(&["-R", "--recursive"]),
        ],
        Operands::all(Val::Plain),
    ),
    extra: Some(metadata_fx),
    reads_cwd_by_default: false,
};

const CHOWN_OPTS: &[Opt] = &[
    flag(&["-c", "--changes"]),
    flag(&["-f", "--silent", "--quiet"]),
    flag(&["-v", "--verbose"]),
    flag(&["--dereference"]),
    flag(&["-h", "--no-dereference"]),
    value(&["--from"], Val::Plain),
    flag(&["--no-preserve-root"]),
    flag(&["--preserve-root"]),
    value(&["--reference"], Val::Read),
    flag(&["-R", "--recursive"]),
    flag(&["-H"]),
    flag(&["-L"]),
    flag(&["-P"]),
];

static CHOWN: Program = Program {
    name: "chown",
    does: "changes file owners",
    grammar: gnu(CHOWN_OPTS, Operands::all(Val::Plain)),
    extra: Some(metadata_fx),
    reads_cwd_by_default: false,
};

static CHGRP: Program = Program {
    name: "chgrp",
    does: "changes file groups",
    // chgrp has chown's options except `--from`; `--from` is not accepted by chgrp 9.1.
    grammar: gnu(CHGRP_OPTS, Operands::all(Val::Plain)),
    extra: Some(metadata_fx),
    reads_cwd_by_default: false,
};

const CHGRP_OPTS: &[Opt] = &[
    flag(&["-c", "--changes"]),
    flag(&["-f", "--silent", "--quiet"]),
    flag(&["-v", "--verbose"]),
    flag(&["--dereference"]),
    flag(&["-h", "--no-dereference"]),
    flag(&["--no-preserve-root"]),
    flag(&["--preserve-root"]),
    value(&["--reference"], Val::Read),
    flag(&["-R", "--recursive"]),
    flag(&["-H"]),
    flag(&["-L"]),
    flag(&["-P"]),
];

/// `chmod MODE FILE…`, `chown OWNER FILE…`, or with `--reference` every operand a file.
fn metadata_fx(p: &Parsed, out: &mut Vec<Effect>) {
    let skip = usize::from(!p.has("--reference"));
    for (w, _) in p.operands.iter().skip(skip) {
        if let Some(t) = target(w, out) {
            out.push(Effect::write(t, WriteHow::Metadata));
        }
    }
}

static RM: Program = Program {
    name: "rm",
    does: "deletes files",
    grammar: gnu(
        &[
            flag(&["-f", "--force"]),
            flag(&["-i"]),
            flag(&["-I"]),
            opt(
                &["--interactive"],
                Arity::Optional,
                Val::Choice(&["never", "no", "none", "once", "always", "yes"]),
            ),
            flag(&["--one-file-system"]),
            flag(&["--no-preserve-root"]),
            opt(&["--preserve-root"], Arity::Optional, Val::Choice(&["all"])),
            flag(&["-r", "-R", "--recursive"]),
            flag(&["-d", "--dir"]),
            flag(&["-v", "--verbose"]),
        ],
        Operands::all(Val::Plain),
    ),
    extra: Some(rm_fx),
    reads_cwd_by_default: false,
};

static RMDIR: Program = Program {
    name: "rmdir",
    does: "removes empty directories",
    grammar: gnu(
        &[
            flag(&["--ignore-fail-on-non-empty"]),
            flag(&["-p", "--parents"]),
            flag(&["-v", "--verbose"]),
        ],
        Operands::all(Val::Plain),
    ),
    extra: Some(plain_delete_fx),
    reads_cwd_by_default: false,
};

static UNLINK: Program = Program {
    name: "unlink",
    does: "deletes a file",
    grammar: gnu(
        &[],
        Operands {
            leading: &[Val::Plain],
            rest: None,
        },
    ),
    extra: Some(plain_delete_fx),
    reads_cwd_by_default: false,
};

static SHRED: Program = Program {
    name: "shred",
    does: "overwrites files to destroy their content",
    grammar: gnu(
        &[
            flag(&["-f", "--force"]),
            value(&["-n", "--iterations"], Val::Num),
            value(&["--random-source"], Val::Read),
            value(&["-s", "--size"], Val::Num),
            flag(&["-u"]),
            opt(
                &["--remove"],
                Arity::Optional,
                Val::Choice(&["unlink", "wipe", "wipesync"]),
            ),
            flag(&["-v", "--verbose"]),
            flag(&["-x", "--exact"]),
            flag(&["-z", "--zero"]),
        ],
        Operands::all(Val::Plain),
    ),
    extra: Some(shred_fx),
    reads_cwd_by_default: false,
};

/// One path a delete reaches, as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deletion<'a> {
    pub word: &'a str,
    /// Holds an expansion or glob resolved only at run time.
    pub dynamic: bool,
    /// Everything below it goes too.
    pub recursive: bool,
}

/// What `rm`, `rmdir`, `unlink` and `shred` delete, with whether the command forces it
/// (`-f`, `-r`, or `shred`, which destroys content whether or not it unlinks). `None`
/// for other programs.
pub fn deletions<'a>(
    argv: &'a [String],
    dynamic: &[bool],
) -> Option<Result<(Vec<Deletion<'a>>, bool), GrammarError>> {
    let p = lookup(argv.first()?.as_str())?;
    if !matches!(p.name, "rm" | "rmdir" | "unlink" | "shred") {
        return None;
    }
    Some(
        super::super::grammar::parse(&p.grammar, argv, dynamic).map(|parsed| {
            let recursive = p.name == "rm" && parsed.has("-r");
            let forced = parsed.has("-f") || recursive || p.name == "shred";
            let d = parsed
                .operands
                .iter()
                .map(|(w, _)| Deletion {
                    word: w.text,
                    dynamic: w.dynamic,
                    recursive,
                })
                .collect();
            (d, forced)
        }),
    )
}

fn delete(w: &Word, recursive: bool, out: &mut Vec<Effect>) {
    if w.dynamic && is_expansion(w.text) {
        out.push(Effect::unknown(format!(
            "the path {} is computed at run time",
            w.text
        )));
        return;
    }
    out.push(Effect::Delete {
        path: w.text.to_string(),
        recursive,
    });
}

fn rm_fx(p: &Parsed, out: &mut Vec<Effect>) {
    let recursive = p.has("-r");
    for (w, _) in &p.operands {
        delete(w, recursive, out);
    }
}

fn plain_delete_fx(p: &Parsed, out: &mut Vec<Effect>) {
    for (w, _) in &p.operands {
        delete(w, false, out);
    }
}

fn shred_fx(p: &Parsed, out: &mut Vec<Effect>) {
    for (w, _) in &p.operands {
        if w.text == "-" {
            out.push(Effect::unknown("shred - overwrites whatever its output is"));
        } else {
            // The content is overwritten first (through a link, the file it points at:
            // coreutils 9.1 `shred LINK` on this machine overwrites the link's target),
            // past what git or an undo restores; `-u` then removes the name.
            if !w.dynamic {
                out.push(Effect::write(w.text, WriteHow::Destroy));
            }
            delete(w, false, out);
        }
    }
}

static TEE: Program = Program {
    name: "tee",
    does: "copies its input to files",
    grammar: gnu(
        &[
            flag(&["-a", "--append"]),
            flag(&["-i", "--ignore-interrupts"]),
            flag(&["-p"]),
            opt(
                &["--output-error"],
                Arity::Optional,
                Val::Choice(&["warn", "warn-nopipe", "exit", "exit-nopipe"]),
            ),
        ],
        Operands::all(Val::Plain),
    ),
    extra: Some(tee_fx),
    reads_cwd_by_default: false,
};

fn tee_fx(p: &Parsed, out: &mut Vec<Effect>) {
    let how = if p.has("-a") {
        WriteHow::Append
    } else {
        WriteHow::Replace
    };
    for (w, _) in &p.operands {
        if let Some(t) = target(w, out) {
            out.push(Effect::write(t, how));
        }
    }
}

static TRUNCATE: Program = Program {
    name: "truncate",
    does: "sets file sizes",
    grammar: gnu(
        &[
            flag(&["-c", "--no-create"]),
            flag(&["-o", "--io-blocks"]),
            value(&["-r", "--reference"], Val::Read),
            value(&["-s", "--size"], Val::Plain),
        ],
        Operands::all(Val::Plain),
    ),
    extra: Some(truncate_fx),
    reads_cwd_by_default: false,
};

/// `--size`/`--reference` is required: `own` checks it before this runs.
fn truncate_fx(p: &Parsed, out: &mut Vec<Effect>) {
    for (w, _) in &p.operands {
        if let Some(t) = target(w, out) {
            out.push(Effect::write(t, WriteHow::Edit));
        }
    }
}

static SPLIT: Program = Program {
    name: "split",
    does: "splits a file into pieces",
    grammar: gnu(
        &[
            value(&["-a", "--suffix-length"], Val::Num),
            value(&["--additional-suffix"], Val::Plain),
            value(&["-b", "--bytes"], Val::Num),
            value(&["-C", "--line-bytes"], Val::Num),
            flag(&["-d"]),
            opt(&["--numeric-suffixes"], Arity::Optional, Val::Num),
            flag(&["-x"]),
            opt(&["--hex-suffixes"], Arity::Optional, Val::Num),
            flag(&["-e", "--elide-empty-files"]),
            // The command runs in a shell once per piece.
            value(&["--filter"], Val::Code("a shell command for each piece")),
            value(&["-l", "--lines"], Val::Num),
            value(&["-n", "--number"], Val::Plain),
            value(&["-t", "--separator"], Val::Plain),
            flag(&["-u", "--unbuffered"]),
            flag(&["--verbose"]),
        ],
        // split [FILE [PREFIX]]
        Operands {
            leading: &[Val::Read, Val::Plain],
            rest: None,
        },
    ),
    extra: Some(split_fx),
    reads_cwd_by_default: false,
};

/// split writes PREFIXaa, PREFIXab… (default prefix `x`), unless `-n K/N` sends one chunk
/// to stdout or `--filter` gets each piece. The first name stands for all of them: they
/// share a directory and a suffix.
fn split_fx(p: &Parsed, out: &mut Vec<Effect>) {
    if p.has("--filter") {
        return;
    }
    if p.value("-n").is_some_and(|n| {
        n.matches('/').count() >= 1 && {
            // `K/N`, `l/K/N`, `r/K/N` write one chunk to stdout.
            let parts: Vec<&str> = n.split('/').collect();
            match parts.as_slice() {
                [k, _] => k.chars().all(|c| c.is_ascii_digit()),
                [_, k, _] => k.chars().all(|c| c.is_ascii_digit()),
                _ => false,
            }
        }
    }) {
        return;
    }
    let prefix = p.operands.get(1).map(|(w, _)| *w);
    let prefix_text = prefix.map(|w| w.text).unwrap_or("x");
    if let Some(w) = prefix {
        if w.dynamic {
            target(&w, out);
            return;
        }
    }
    let len: usize = p
        .value("-a")
        .and_then(|n| n.parse().ok())
        .unwrap_or(2)
        .clamp(1, 16);
    let digit =
        p.has("-d") || p.has("--numeric-suffixes") || p.has("-x") || p.has("--hex-suffixes");
    let suffix = if digit { "0" } else { "a" }.repeat(len);
    let extra = p.value("--additional-suffix").unwrap_or("");
    out.push(Effect::write(
        format!("{prefix_text}{suffix}{extra}"),
        WriteHow::Replace,
    ));
}

static CSPLIT: Program = Program {
    name: "csplit",
    does: "splits a file by patterns",
    grammar: gnu(
        &[
            value(&["-b", "--suffix-format"], Val::Plain),
            value(&["-f", "--prefix"], Val::Plain),
            flag(&["-k", "--keep-files"]),
            flag(&["--suppress-matched"]),
            value(&["-n", "--digits"], Val::Num),
            flag(&["-s", "--quiet", "--silent"]),
            flag(&["-z", "--elide-empty-files"]),
        ],
        // csplit FILE PATTERN...
        Operands {
            leading: &[Val::Read],
            rest: Some(Val::Pattern),
        },
    ),
    extra: Some(csplit_fx),
    reads_cwd_by_default: false,
};

/// csplit writes PREFIX00, PREFIX01… (default `xx`); `-b FORMAT` is a printf format for
/// the suffix (`%02d.sh` names scripts). The first name stands for all.
fn csplit_fx(p: &Parsed, out: &mut Vec<Effect>) {
    let prefix = p
        .given
        .iter()
        .rev()
        .find(|g| g.name == "--prefix")
        .and_then(|g| g.value);
    if let Some(w) = prefix {
        if target(&w, out).is_none() {
            return;
        }
    }
    let prefix = prefix.map(|w| w.text).unwrap_or("xx");
    let digits: usize = p
        .value("-n")
        .and_then(|n| n.parse().ok())
        .unwrap_or(2)
        .clamp(1, 16);
    let suffix = match p.value("-b") {
        Some(fmt) => printf_suffix(fmt),
        None => "0".repeat(digits),
    };
    out.push(Effect::write(
        format!("{prefix}{suffix}"),
        WriteHow::Replace,
    ));
}

/// A printf suffix format with its first conversion replaced by `00` (`%02d.sh` →
/// `00.sh`).
fn printf_suffix(fmt: &str) -> String {
    let mut out = String::new();
    let mut chars = fmt.chars().peekable();
    let mut done = false;
    while let Some(c) = chars.next() {
        if c == '%' && !done {
            if chars.peek() == Some(&'%') {
                chars.next();
                out.push('%');
                continue;
            }
            while let Some(&n) = chars.peek() {
                chars.next();
                if n.is_ascii_alphabetic() {
                    break;
                }
            }
            out.push_str("00");
            done = true;
        } else {
            out.push(c);
        }
    }
    out
}

static MKTEMP: Program = Program {
    name: "mktemp",
    does: "creates a new temporary file",
    grammar: gnu(
        &[
            flag(&["-d", "--directory"]),
            flag(&["-u", "--dry-run"]),
            flag(&["-q", "--quiet"]),
            value(&["--suffix"], Val::Plain),
            // `-p DIR` takes its value like any short option; `--tmpdir` only with `=`.
            value(&["-p"], Val::Plain),
            opt(&["--tmpdir"], Arity::Optional, Val::Plain),
            flag(&["-t"]),
        ],
        Operands {
            leading: &[Val::Plain],
            rest: None,
        },
    ),
    extra: Some(mktemp_fx),
    reads_cwd_by_default: false,
};

/// mktemp creates a new name (never an existing file) from TEMPLATE: relative to the
/// working directory, or to `-p DIR`; with `-t`, `--tmpdir` without a value, or no
/// template, under `$TMPDIR` (else `/tmp`; coreutils 9.1 `mktemp.c`: `-t` takes
/// `$TMPDIR` before `-p DIR`, `--tmpdir` the other way round).
fn mktemp_fx(p: &Parsed, out: &mut Vec<Effect>) {
    if p.has("-u") {
        return;
    }
    let how = if p.has("-d") {
        WriteHow::Mkdir
    } else {
        WriteHow::Replace
    };
    let template = p.operands.first().map(|(w, _)| *w);
    // `-p DIR` / `--tmpdir=DIR`; `--tmpdir` alone (or an empty DIR) means $TMPDIR.
    let tmpdir = p
        .given
        .iter()
        .rev()
        .find(|g| g.name == "--tmpdir" || g.name == "-p");
    let dir: Option<&str> = match tmpdir {
        Some(g) => match g.value {
            Some(v) if v.dynamic => {
                target(&v, out);
                return;
            }
            Some(v) if !v.text.is_empty() => Some(v.text),
            _ => None,
        },
        None if p.has("-t") || template.is_none() => None,
        None => Some(""),
    };
    // `$TMPDIR` (`-t` prefers it to `-p DIR`): the one the harness hands this hook, which
    // its shell inherits (a prefix the command sets is judged as a variable), else `/tmp`.
    let env_tmp = std::env::var("TMPDIR").ok().filter(|t| !t.is_empty());
    let dir = match (dir, p.has("-t")) {
        (Some(d), false) => d.to_string(),
        (Some(d), true) if env_tmp.is_none() && !d.is_empty() => d.to_string(),
        _ => env_tmp.unwrap_or_else(|| "/tmp".to_string()),
    };
    let dir = dir.as_str();
    let name = template.map(|w| w.text).unwrap_or("tmp.XXXXXXXXXX");
    if let Some(w) = template {
        if w.dynamic {
            target(&w, out);
            return;
        }
    }
    let suffix = p.value("--suffix").unwrap_or("");
    let path = if dir.is_empty() || name.starts_with('/') {
        format!("{name}{suffix}")
    } else {
        join(dir, &format!("{name}{suffix}"))
    };
    out.push(Effect::write(path, how));
}
