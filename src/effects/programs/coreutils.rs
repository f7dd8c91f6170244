//! GNU coreutils' file readers and pure programs, each option as `--help` of coreutils 9.1
//! lists it (checked against the real programs). Programs whose effects depend on more
//! than their options have a small function beside their table.

use super::super::grammar::{flag, opt, value, Arity, Grammar, Operands, Parsed, Style, Val};
use super::super::Effect;
use super::Program;

const fn gnu(opts: &'static [super::super::grammar::Opt], operands: Operands) -> Grammar {
    Grammar {
        style: Style::Gnu,
        opts,
        operands,
        numeric_short: false,
    }
}

pub(super) fn lookup(name: &str) -> Option<&'static Program> {
    Some(match name {
        "cat" => &CAT,
        "head" => &HEAD,
        "tail" => &TAIL,
        "wc" => &WC,
        "sort" => &SORT,
        "uniq" => &UNIQ,
        "date" => &DATE,
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
