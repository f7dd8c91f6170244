//! GNU coreutils' file readers and filters, each option as `--help` of coreutils 9.1 lists
//! it (checked against the real programs on Debian 12; `base64` also takes the options of
//! macOS's `base64`, where `-o` writes a file). Programs whose effects depend on more than
//! their options have a small function beside their table.

use super::super::grammar::{
    flag, is_expansion, opt, value, Arity, Grammar, Operands, Opt, Parsed, Val,
};
use super::super::{Effect, Reach};
use super::common::gnu;
use super::Program;

pub(super) fn lookup(name: &str) -> Option<&'static Program> {
    Some(match name {
        "cat" => &CAT,
        "head" => &HEAD,
        "tail" => &TAIL,
        "wc" => &WC,
        "sort" => &SORT,
        "shuf" => &SHUF,
        "uniq" => &UNIQ,
        "date" => &DATE,
        "ls" | "dir" | "vdir" => &LS,
        "ll" => &LL,
        "la" => &LA,
        "du" => &DU,
        "df" => &DF,
        "stat" => &STAT,
        "nl" => &NL,
        "tac" => &TAC,
        "md5sum" => &MD5SUM,
        "sha1sum" => &SHA1SUM,
        "sha224sum" => &SHA224SUM,
        "sha256sum" => &SHA256SUM,
        "sha384sum" => &SHA384SUM,
        "sha512sum" => &SHA512SUM,
        "b2sum" => &B2SUM,
        "cksum" => &CKSUM,
        "od" => &OD,
        "readlink" => &READLINK,
        "realpath" => &REALPATH,
        "cut" => &CUT,
        "paste" => &PASTE,
        "fold" => &FOLD,
        "fmt" => &FMT,
        "comm" => &COMM,
        "expand" => &EXPAND,
        "unexpand" => &UNEXPAND,
        "base64" => &BASE64,
        "base32" => &BASE32,
        "basenc" => &BASENC,
        "tr" => &TR,
        _ => return None,
    })
}

static CAT: Program = Program {
    name: "cat",
    does: "prints files",
    grammar: gnu(
        &[
            flag(&["-A", "--show-all"]),
            flag(&["-b", "--number-nonblank"]),
            flag(&["-e"]),
            flag(&["-E", "--show-ends"]),
            flag(&["-n", "--number"]),
            flag(&["-s", "--squeeze-blank"]),
            flag(&["-t"]),
            flag(&["-T", "--show-tabs"]),
            flag(&["-u"]),
            flag(&["-v", "--show-nonprinting"]),
        ],
        Operands::all(Val::Read),
    ),
    extra: None,
    reads_cwd_by_default: false,
};

static HEAD: Program = Program {
    name: "head",
    does: "prints the start of files",
    grammar: Grammar {
        numeric_short: true,
        ..gnu(
            &[
                value(&["-c", "--bytes"], Val::Num),
                value(&["-n", "--lines"], Val::Num),
                flag(&["-q", "--quiet", "--silent"]),
                flag(&["-v", "--verbose"]),
                flag(&["-z", "--zero-terminated"]),
            ],
            Operands::all(Val::Read),
        )
    },
    extra: None,
    reads_cwd_by_default: false,
};

static TAIL: Program = Program {
    name: "tail",
    does: "prints the end of files",
    grammar: Grammar {
        numeric_short: true,
        ..gnu(
            &[
                value(&["-c", "--bytes"], Val::Num),
                opt(
                    &["-f", "--follow"],
                    Arity::Optional,
                    Val::Choice(&["name", "descriptor"]),
                ),
                flag(&["-F"]),
                value(&["-n", "--lines"], Val::Num),
                value(&["--max-unchanged-stats"], Val::Num),
                value(&["--pid"], Val::Num),
                flag(&["-q", "--quiet", "--silent"]),
                flag(&["--retry"]),
                value(&["-s", "--sleep-interval"], Val::Num),
                flag(&["-v", "--verbose"]),
                flag(&["-z", "--zero-terminated"]),
            ],
            Operands::all(Val::Read),
        )
    },
    extra: None,
    reads_cwd_by_default: false,
};

static WC: Program = Program {
    name: "wc",
    does: "counts lines, words and bytes",
    grammar: gnu(
        &[
            flag(&["-c", "--bytes"]),
            flag(&["-m", "--chars"]),
            flag(&["-l", "--lines"]),
            value(&["--files0-from"], Val::FileList),
            flag(&["-L", "--max-line-length"]),
            flag(&["-w", "--words"]),
            opt(
                &["--total"],
                Arity::Required,
                Val::Choice(&["auto", "always", "only", "never"]),
            ),
        ],
        Operands::all(Val::Read),
    ),
    extra: None,
    reads_cwd_by_default: false,
};

const SORT_WORDS: &[&str] = &[
    "general-numeric",
    "human-numeric",
    "month",
    "numeric",
    "random",
    "version",
];

/// `shuf`: its operands are files, or with `-e` lines of text, and with `-i LO-HI` it
/// takes none.
static SHUF: Program = Program {
    name: "shuf",
    does: "prints lines in random order",
    grammar: gnu(
        &[
            flag(&["-e", "--echo"]),
            value(&["-i", "--input-range"], Val::Plain),
            value(&["-n", "--head-count"], Val::Num),
            value(&["-o", "--output"], Val::Write),
            value(&["--random-source"], Val::Read),
            flag(&["-r", "--repeat"]),
            flag(&["-z", "--zero-terminated"]),
        ],
        Operands::all(Val::Plain),
    ),
    extra: Some(shuf_fx),
    reads_cwd_by_default: false,
};

fn shuf_fx(p: &Parsed, out: &mut Vec<Effect>) {
    if p.has("-e") {
        return;
    }
    for (w, _) in &p.operands {
        if w.dynamic && is_expansion(w.text) {
            out.push(Effect::unknown(format!(
                "the path {} is computed at run time",
                w.text
            )));
        } else if w.text != "-" {
            out.push(Effect::read(w.text));
        }
    }
}

static SORT: Program = Program {
    name: "sort",
    does: "sorts lines",
    grammar: gnu(
        &[
            flag(&["-b", "--ignore-leading-blanks"]),
            flag(&["-d", "--dictionary-order"]),
            flag(&["-f", "--ignore-case"]),
            flag(&["-g", "--general-numeric-sort"]),
            flag(&["-i", "--ignore-nonprinting"]),
            flag(&["-M", "--month-sort"]),
            flag(&["-h", "--human-numeric-sort"]),
            flag(&["-n", "--numeric-sort"]),
            flag(&["-R", "--random-sort"]),
            value(&["--random-source"], Val::Read),
            flag(&["-r", "--reverse"]),
            value(&["--sort"], Val::Choice(SORT_WORDS)),
            flag(&["-V", "--version-sort"]),
            value(&["--batch-size"], Val::Num),
            flag(&["-c"]),
            opt(
                &["--check"],
                Arity::Optional,
                Val::Choice(&["diagnose-first", "quiet", "silent"]),
            ),
            flag(&["-C"]),
            value(&["--compress-program"], Val::Code("a compress program")),
            flag(&["--debug"]),
            value(&["--files0-from"], Val::FileList),
            value(&["-k", "--key"], Val::Plain),
            flag(&["-m", "--merge"]),
            value(&["-o", "--output"], Val::Write),
            flag(&["-s", "--stable"]),
            value(&["-S", "--buffer-size"], Val::Num),
            value(&["-t", "--field-separator"], Val::Plain),
            value(&["-T", "--temporary-directory"], Val::Write),
            value(&["--parallel"], Val::Num),
            flag(&["-u", "--unique"]),
            flag(&["-z", "--zero-terminated"]),
        ],
        Operands::all(Val::Read),
    ),
    extra: None,
    reads_cwd_by_default: false,
};

static UNIQ: Program = Program {
    name: "uniq",
    does: "filters repeated lines",
    grammar: gnu(
        &[
            flag(&["-c", "--count"]),
            flag(&["-d", "--repeated"]),
            flag(&["-D"]),
            opt(
                &["--all-repeated"],
                Arity::Optional,
                Val::Choice(&["none", "prepend", "separate"]),
            ),
            value(&["-f", "--skip-fields"], Val::Num),
            opt(
                &["--group"],
                Arity::Optional,
                Val::Choice(&["separate", "prepend", "append", "both"]),
            ),
            flag(&["-i", "--ignore-case"]),
            value(&["-s", "--skip-chars"], Val::Num),
            flag(&["-u", "--unique"]),
            flag(&["-z", "--zero-terminated"]),
            value(&["-w", "--check-chars"], Val::Num),
        ],
        // uniq [INPUT [OUTPUT]]: the second operand is written.
        Operands {
            leading: &[Val::Read, Val::Write],
            rest: None,
        },
    ),
    extra: None,
    reads_cwd_by_default: false,
};

static DATE: Program = Program {
    name: "date",
    does: "prints the date",
    grammar: gnu(
        &[
            value(&["-d", "--date"], Val::Plain),
            flag(&["--debug"]),
            value(&["-f", "--file"], Val::Read),
            opt(
                &["-I", "--iso-8601"],
                Arity::Optional,
                Val::Choice(&["date", "hours", "minutes", "seconds", "ns"]),
            ),
            flag(&["--resolution"]),
            flag(&["-R", "--rfc-email"]),
            value(&["--rfc-3339"], Val::Choice(&["date", "seconds", "ns"])),
            value(&["-r", "--reference"], Val::Read),
            value(&["-s", "--set"], Val::Unsafe("sets the system clock")),
            flag(&["-u", "--utc", "--universal"]),
        ],
        Operands {
            leading: &[Val::Plain],
            rest: None,
        },
    ),
    extra: Some(date_operand),
    reads_cwd_by_default: false,
};

/// `date +FORMAT` prints; any other operand (`MMDDhhmm…`) sets the clock.
fn date_operand(p: &Parsed, out: &mut Vec<Effect>) {
    for (w, _) in &p.operands {
        if !w.text.starts_with('+') {
            out.push(Effect::unknown(format!(
                "date {} sets the system clock",
                w.text
            )));
        }
    }
}

/// A path read by an operand (a glob stays a word for the floor to place; an expansion is
/// unknown).
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

/// `--color`, `--hyperlink`, `--classify`: GNU's WHEN words.
const WHEN: &[&str] = &[
    "always", "yes", "force", "never", "no", "none", "auto", "tty", "if-tty",
];

const LS_OPTS: &[Opt] = &[
    flag(&["-a", "--all"]),
    flag(&["-A", "--almost-all"]),
    flag(&["--author"]),
    flag(&["-b", "--escape"]),
    value(&["--block-size"], Val::Plain),
    flag(&["-B", "--ignore-backups"]),
    flag(&["-c"]),
    flag(&["-C"]),
    opt(&["--color"], Arity::Optional, Val::Choice(WHEN)),
    flag(&["-d", "--directory"]),
    flag(&["-D", "--dired"]),
    flag(&["-f"]),
    opt(&["-F", "--classify"], Arity::Optional, Val::Choice(WHEN)),
    flag(&["--file-type"]),
    value(
        &["--format"],
        Val::Choice(&[
            "across",
            "commas",
            "horizontal",
            "long",
            "single-column",
            "verbose",
            "vertical",
        ]),
    ),
    flag(&["--full-time"]),
    flag(&["-g"]),
    flag(&["--group-directories-first"]),
    flag(&["-G", "--no-group"]),
    flag(&["-h", "--human-readable"]),
    flag(&["--si"]),
    flag(&["-H", "--dereference-command-line"]),
    flag(&["--dereference-command-line-symlink-to-dir"]),
    value(&["--hide"], Val::Plain),
    opt(&["--hyperlink"], Arity::Optional, Val::Choice(WHEN)),
    value(
        &["--indicator-style"],
        Val::Choice(&["none", "slash", "file-type", "classify"]),
    ),
    flag(&["-i", "--inode"]),
    value(&["-I", "--ignore"], Val::Plain),
    flag(&["-k", "--kibibytes"]),
    flag(&["-l"]),
    flag(&["-L", "--dereference"]),
    flag(&["-m"]),
    flag(&["-n", "--numeric-uid-gid"]),
    flag(&["-N", "--literal"]),
    flag(&["-o"]),
    flag(&["-p"]),
    flag(&["-q", "--hide-control-chars"]),
    flag(&["--show-control-chars"]),
    flag(&["-Q", "--quote-name"]),
    value(
        &["--quoting-style"],
        Val::Choice(&[
            "literal",
            "locale",
            "shell",
            "shell-always",
            "shell-escape",
            "shell-escape-always",
            "c",
            "escape",
        ]),
    ),
    flag(&["-r", "--reverse"]),
    flag(&["-R", "--recursive"]),
    flag(&["-s", "--size"]),
    flag(&["-S"]),
    value(
        &["--sort"],
        Val::Choice(&["none", "size", "time", "version", "extension", "width"]),
    ),
    value(
        &["--time"],
        Val::Choice(&[
            "atime",
            "access",
            "use",
            "ctime",
            "status",
            "birth",
            "creation",
            "mtime",
            "modification",
        ]),
    ),
    value(&["--time-style"], Val::Plain),
    flag(&["-t"]),
    value(&["-T", "--tabsize"], Val::Num),
    flag(&["-u"]),
    flag(&["-U"]),
    flag(&["-v"]),
    value(&["-w", "--width"], Val::Num),
    flag(&["-x"]),
    flag(&["-X"]),
    flag(&["-Z", "--context"]),
    flag(&["--zero"]),
    flag(&["-1"]),
];

static LS: Program = Program {
    name: "ls",
    does: "lists directories",
    grammar: gnu(LS_OPTS, Operands::all(Val::Plain)),
    extra: Some(ls_fx),
    reads_cwd_by_default: true,
};

static LL: Program = Program {
    name: "ll",
    does: "lists directories (the usual alias of ls -l)",
    grammar: gnu(LS_OPTS, Operands::all(Val::Plain)),
    extra: Some(ls_fx),
    reads_cwd_by_default: true,
};

static LA: Program = Program {
    name: "la",
    does: "lists directories (the usual alias of ls -A)",
    grammar: gnu(LS_OPTS, Operands::all(Val::Plain)),
    extra: Some(ls_fx),
    reads_cwd_by_default: true,
};

/// ls lists each operand; `-R` lists everything below, following links with `-L`.
fn ls_fx(p: &Parsed, out: &mut Vec<Effect>) {
    // ls shows names and metadata, a file's contents never (a directory's names are
    // judged as a read of it by the floor), also with -R; with -R -L the links met below
    // lead the listing wherever they point.
    let reach = match (p.has("-R") && !p.has("-d"), p.has("-L")) {
        (true, true) => Reach::TreeFollow,
        _ => Reach::Metadata,
    };
    for (w, _) in &p.operands {
        read_word(w.text, w.dynamic, reach, out);
    }
}

static DU: Program = Program {
    name: "du",
    does: "measures disk usage",
    grammar: gnu(
        &[
            flag(&["-0", "--null"]),
            flag(&["-a", "--all"]),
            flag(&["--apparent-size"]),
            value(&["-B", "--block-size"], Val::Plain),
            flag(&["-b", "--bytes"]),
            flag(&["-c", "--total"]),
            flag(&["-D", "--dereference-args"]),
            value(&["-d", "--max-depth"], Val::Num),
            value(&["--files0-from"], Val::FileList),
            flag(&["-H"]),
            flag(&["-h", "--human-readable"]),
            flag(&["--inodes"]),
            flag(&["-k"]),
            opt(&["-L", "--dereference"], Arity::Flag, Val::Follow),
            flag(&["-l", "--count-links"]),
            flag(&["-m"]),
            flag(&["-P", "--no-dereference"]),
            flag(&["-S", "--separate-dirs"]),
            flag(&["--si"]),
            flag(&["-s", "--summarize"]),
            value(&["-t", "--threshold"], Val::Plain),
            opt(
                &["--time"],
                Arity::Optional,
                Val::Choice(&["atime", "access", "use", "ctime", "status"]),
            ),
            value(&["--time-style"], Val::Plain),
            value(&["-X", "--exclude-from"], Val::Read),
            value(&["--exclude"], Val::Plain),
            flag(&["-x", "--one-file-system"]),
        ],
        Operands::all(Val::StatTree),
    ),
    extra: None,
    reads_cwd_by_default: true,
};

static DF: Program = Program {
    name: "df",
    does: "shows free disk space",
    grammar: gnu(
        &[
            flag(&["-a", "--all"]),
            value(&["-B", "--block-size"], Val::Plain),
            flag(&["-h", "--human-readable"]),
            flag(&["-H", "--si"]),
            flag(&["-i", "--inodes"]),
            flag(&["-k"]),
            flag(&["-l", "--local"]),
            flag(&["--no-sync"]),
            opt(&["--output"], Arity::Optional, Val::Plain),
            flag(&["-P", "--portability"]),
            flag(&["--sync"]),
            flag(&["--total"]),
            value(&["-t", "--type"], Val::Plain),
            flag(&["-T", "--print-type"]),
            value(&["-x", "--exclude-type"], Val::Plain),
            flag(&["-v"]),
        ],
        Operands::all(Val::Read),
    ),
    extra: None,
    reads_cwd_by_default: false,
};

static STAT: Program = Program {
    name: "stat",
    does: "shows file metadata",
    grammar: gnu(
        &[
            flag(&["-L", "--dereference"]),
            flag(&["-f", "--file-system"]),
            value(&["--cached"], Val::Choice(&["always", "never", "default"])),
            value(&["-c", "--format"], Val::Plain),
            value(&["--printf"], Val::Plain),
            flag(&["-t", "--terse"]),
        ],
        Operands::all(Val::Stat),
    ),
    extra: None,
    reads_cwd_by_default: false,
};

static NL: Program = Program {
    name: "nl",
    does: "numbers lines",
    grammar: gnu(
        &[
            value(&["-b", "--body-numbering"], Val::Plain),
            value(&["-d", "--section-delimiter"], Val::Plain),
            value(&["-f", "--footer-numbering"], Val::Plain),
            value(&["-h", "--header-numbering"], Val::Plain),
            value(&["-i", "--line-increment"], Val::Num),
            value(&["-l", "--join-blank-lines"], Val::Num),
            value(&["-n", "--number-format"], Val::Choice(&["ln", "rn", "rz"])),
            flag(&["-p", "--no-renumber"]),
            value(&["-s", "--number-separator"], Val::Plain),
            value(&["-v", "--starting-line-number"], Val::Num),
            value(&["-w", "--number-width"], Val::Num),
        ],
        Operands::all(Val::Read),
    ),
    extra: None,
    reads_cwd_by_default: false,
};

static TAC: Program = Program {
    name: "tac",
    does: "prints files in reverse",
    grammar: gnu(
        &[
            flag(&["-b", "--before"]),
            flag(&["-r", "--regex"]),
            value(&["-s", "--separator"], Val::Plain),
        ],
        Operands::all(Val::Read),
    ),
    extra: None,
    reads_cwd_by_default: false,
};

/// md5sum, sha*sum: the options every digest program of coreutils shares.
const DIGEST_OPTS: &[Opt] = &[
    flag(&["-b", "--binary"]),
    flag(&["-c", "--check"]),
    flag(&["--tag"]),
    flag(&["-t", "--text"]),
    flag(&["-z", "--zero"]),
    flag(&["--ignore-missing"]),
    flag(&["--quiet"]),
    flag(&["--status"]),
    flag(&["--strict"]),
    flag(&["-w", "--warn"]),
];

/// With `--check` the operands are lists of checksums naming the files to read.
fn digest_fx(p: &Parsed, out: &mut Vec<Effect>) {
    let reach = if p.has("-c") {
        Reach::ListOfFiles
    } else {
        Reach::File
    };
    for (w, _) in &p.operands {
        read_word(w.text, w.dynamic, reach, out);
    }
}

macro_rules! digest {
    ($id:ident, $name:literal) => {
        static $id: Program = Program {
            name: $name,
            does: "checksums files",
            grammar: gnu(DIGEST_OPTS, Operands::all(Val::Plain)),
            extra: Some(digest_fx),
            reads_cwd_by_default: false,
        };
    };
}

digest!(MD5SUM, "md5sum");
digest!(SHA1SUM, "sha1sum");
digest!(SHA224SUM, "sha224sum");
digest!(SHA256SUM, "sha256sum");
digest!(SHA384SUM, "sha384sum");
digest!(SHA512SUM, "sha512sum");

static B2SUM: Program = Program {
    name: "b2sum",
    does: "checksums files",
    grammar: gnu(
        &[
            flag(&["-b", "--binary"]),
            flag(&["-c", "--check"]),
            value(&["-l", "--length"], Val::Num),
            flag(&["--tag"]),
            flag(&["-t", "--text"]),
            flag(&["-z", "--zero"]),
            flag(&["--ignore-missing"]),
            flag(&["--quiet"]),
            flag(&["--status"]),
            flag(&["--strict"]),
            flag(&["-w", "--warn"]),
        ],
        Operands::all(Val::Plain),
    ),
    extra: Some(digest_fx),
    reads_cwd_by_default: false,
};

static CKSUM: Program = Program {
    name: "cksum",
    does: "checksums files",
    grammar: gnu(
        &[
            value(
                &["-a", "--algorithm"],
                Val::Choice(&[
                    "sysv", "bsd", "crc", "crc32b", "md5", "sha1", "sha224", "sha256", "sha384",
                    "sha512", "blake2b", "sm3",
                ]),
            ),
            // coreutils 9.2+: digests printed in base64, or raw.
            flag(&["--base64"]),
            flag(&["--raw"]),
            flag(&["-c", "--check"]),
            value(&["-l", "--length"], Val::Num),
            flag(&["--tag"]),
            flag(&["--untagged"]),
            flag(&["-z", "--zero"]),
            flag(&["--ignore-missing"]),
            flag(&["--quiet"]),
            flag(&["--status"]),
            flag(&["--strict"]),
            flag(&["-w", "--warn"]),
            flag(&["--debug"]),
        ],
        Operands::all(Val::Plain),
    ),
    extra: Some(digest_fx),
    reads_cwd_by_default: false,
};

static OD: Program = Program {
    name: "od",
    does: "dumps bytes",
    grammar: gnu(
        &[
            value(
                &["-A", "--address-radix"],
                Val::Choice(&["d", "o", "x", "n"]),
            ),
            value(&["--endian"], Val::Choice(&["big", "little"])),
            value(&["-j", "--skip-bytes"], Val::Plain),
            value(&["-N", "--read-bytes"], Val::Plain),
            value(&["-S"], Val::Plain),
            opt(&["--strings"], Arity::Optional, Val::Plain),
            value(&["-t", "--format"], Val::Plain),
            flag(&["-v", "--output-duplicates"]),
            opt(&["-w", "--width"], Arity::Optional, Val::Num),
            flag(&["--traditional"]),
            flag(&["-a"]),
            flag(&["-b"]),
            flag(&["-c"]),
            flag(&["-d"]),
            flag(&["-f"]),
            flag(&["-i"]),
            flag(&["-l"]),
            flag(&["-o"]),
            flag(&["-s"]),
            flag(&["-x"]),
        ],
        // od [FILE]... (an OFFSET operand of the traditional form reads as a file: it
        // names no file, so nothing is missed).
        Operands::all(Val::Read),
    ),
    extra: None,
    reads_cwd_by_default: false,
};

static READLINK: Program = Program {
    name: "readlink",
    does: "prints a link target",
    grammar: gnu(
        &[
            flag(&["-f", "--canonicalize"]),
            flag(&["-e", "--canonicalize-existing"]),
            flag(&["-m", "--canonicalize-missing"]),
            flag(&["-n", "--no-newline"]),
            flag(&["-q", "--quiet"]),
            flag(&["-s", "--silent"]),
            flag(&["-v", "--verbose"]),
            flag(&["-z", "--zero"]),
        ],
        Operands::all(Val::Stat),
    ),
    extra: None,
    reads_cwd_by_default: false,
};

static REALPATH: Program = Program {
    name: "realpath",
    does: "prints a resolved path",
    grammar: gnu(
        &[
            flag(&["-e", "--canonicalize-existing"]),
            flag(&["-m", "--canonicalize-missing"]),
            flag(&["-L", "--logical"]),
            flag(&["-P", "--physical"]),
            flag(&["-q", "--quiet"]),
            value(&["--relative-to"], Val::Plain),
            value(&["--relative-base"], Val::Plain),
            flag(&["-s", "--strip", "--no-symlinks"]),
            flag(&["-z", "--zero"]),
        ],
        Operands::all(Val::Stat),
    ),
    extra: None,
    reads_cwd_by_default: false,
};

static CUT: Program = Program {
    name: "cut",
    does: "selects columns",
    grammar: gnu(
        &[
            value(&["-b", "--bytes"], Val::Plain),
            value(&["-c", "--characters"], Val::Plain),
            value(&["-d", "--delimiter"], Val::Plain),
            value(&["-f", "--fields"], Val::Plain),
            flag(&["-n"]),
            flag(&["--complement"]),
            flag(&["-s", "--only-delimited"]),
            value(&["--output-delimiter"], Val::Plain),
            flag(&["-z", "--zero-terminated"]),
        ],
        Operands::all(Val::Read),
    ),
    extra: None,
    reads_cwd_by_default: false,
};

static PASTE: Program = Program {
    name: "paste",
    does: "joins lines",
    grammar: gnu(
        &[
            value(&["-d", "--delimiters"], Val::Plain),
            flag(&["-s", "--serial"]),
            flag(&["-z", "--zero-terminated"]),
        ],
        Operands::all(Val::Read),
    ),
    extra: None,
    reads_cwd_by_default: false,
};

static FOLD: Program = Program {
    name: "fold",
    does: "wraps lines",
    grammar: gnu(
        &[
            flag(&["-b", "--bytes"]),
            flag(&["-s", "--spaces"]),
            value(&["-w", "--width"], Val::Num),
        ],
        Operands::all(Val::Read),
    ),
    extra: None,
    reads_cwd_by_default: false,
};

static FMT: Program = Program {
    name: "fmt",
    does: "formats paragraphs",
    grammar: Grammar {
        // `fmt -72` is `fmt -w 72`.
        numeric_short: true,
        ..gnu(
            &[
                flag(&["-c", "--crown-margin"]),
                value(&["-p", "--prefix"], Val::Plain),
                flag(&["-s", "--split-only"]),
                flag(&["-t", "--tagged-paragraph"]),
                flag(&["-u", "--uniform-spacing"]),
                value(&["-w", "--width"], Val::Num),
                value(&["-g", "--goal"], Val::Num),
            ],
            Operands::all(Val::Read),
        )
    },
    extra: None,
    reads_cwd_by_default: false,
};

static COMM: Program = Program {
    name: "comm",
    does: "compares sorted files",
    grammar: gnu(
        &[
            flag(&["-1"]),
            flag(&["-2"]),
            flag(&["-3"]),
            flag(&["--check-order"]),
            flag(&["--nocheck-order"]),
            value(&["--output-delimiter"], Val::Plain),
            flag(&["--total"]),
            flag(&["-z", "--zero-terminated"]),
        ],
        Operands {
            leading: &[Val::Read, Val::Read],
            rest: None,
        },
    ),
    extra: None,
    reads_cwd_by_default: false,
};

static EXPAND: Program = Program {
    name: "expand",
    does: "converts tabs to spaces",
    grammar: Grammar {
        // `expand -4` is `expand -t 4`.
        numeric_short: true,
        ..gnu(
            &[
                flag(&["-i", "--initial"]),
                value(&["-t", "--tabs"], Val::Plain),
            ],
            Operands::all(Val::Read),
        )
    },
    extra: None,
    reads_cwd_by_default: false,
};

static UNEXPAND: Program = Program {
    name: "unexpand",
    does: "converts spaces to tabs",
    grammar: Grammar {
        numeric_short: true,
        ..gnu(
            &[
                flag(&["-a", "--all"]),
                flag(&["--first-only"]),
                value(&["-t", "--tabs"], Val::Plain),
            ],
            Operands::all(Val::Read),
        )
    },
    extra: None,
    reads_cwd_by_default: false,
};

static BASE64: Program = Program {
    name: "base64",
    does: "encodes or decodes base64",
    grammar: gnu(
        &[
            flag(&["-d", "--decode"]),
            flag(&["-i", "--ignore-garbage"]),
            value(&["-w", "--wrap"], Val::Num),
            // macOS base64: -D decodes, -b breaks lines, --input/-o name the files.
            flag(&["-D"]),
            value(&["-b", "--break"], Val::Num),
            value(&["--input"], Val::Read),
            value(&["-o", "--output"], Val::Write),
            // FreeBSD's ports base64 (fourmilab): -e encodes, -n skips error checks, -u
            // prints its usage, and a second operand names the file written.
            flag(&["-e", "--encode"]),
            flag(&["-n", "--noerrcheck"]),
            flag(&["-u"]),
            flag(&["--copyright"]),
        ],
        // GNU base64 takes one FILE; fourmilab's `[infile [outfile]]` writes the second.
        Operands {
            leading: &[Val::Read, Val::Write],
            rest: None,
        },
    ),
    extra: None,
    reads_cwd_by_default: false,
};

static BASE32: Program = Program {
    name: "base32",
    does: "encodes or decodes base32",
    grammar: gnu(
        &[
            flag(&["-d", "--decode"]),
            flag(&["-i", "--ignore-garbage"]),
            value(&["-w", "--wrap"], Val::Num),
        ],
        Operands {
            leading: &[Val::Read],
            rest: None,
        },
    ),
    extra: None,
    reads_cwd_by_default: false,
};

static BASENC: Program = Program {
    name: "basenc",
    does: "encodes or decodes data",
    grammar: gnu(
        &[
            flag(&["--base64"]),
            flag(&["--base64url"]),
            flag(&["--base32"]),
            flag(&["--base32hex"]),
            flag(&["--base16"]),
            flag(&["--base2msbf"]),
            flag(&["--base2lsbf"]),
            flag(&["--z85"]),
            flag(&["-d", "--decode"]),
            flag(&["-i", "--ignore-garbage"]),
            value(&["-w", "--wrap"], Val::Num),
        ],
        Operands {
            leading: &[Val::Read],
            rest: None,
        },
    ),
    extra: None,
    reads_cwd_by_default: false,
};

static TR: Program = Program {
    name: "tr",
    does: "translates characters on stdin",
    grammar: gnu(
        &[
            flag(&["-c", "-C", "--complement"]),
            flag(&["-d", "--delete"]),
            flag(&["-s", "--squeeze-repeats"]),
            flag(&["-t", "--truncate-set1"]),
        ],
        Operands {
            leading: &[Val::Plain, Val::Plain],
            rest: None,
        },
    ),
    extra: None,
    reads_cwd_by_default: false,
};
