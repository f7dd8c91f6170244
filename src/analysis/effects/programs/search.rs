//! Searchers: GNU grep (and `egrep`/`fgrep`), ripgrep and fd. Options as the real programs
//! list them, checked here against GNU grep 3.8 (`grep --help` and its hidden options:
//! `-y`, `-u`, `-X MATCHER`, `--fixed-regexp`, `--unix-byte-offsets`), ripgrep 13.0.0
//! (`rg --help`, and every `--no-…` override it accepts) and fd 8.6.0 (`fdfind --help`).
//!
//! What they read: grep reads its file operands (with `-r` everything below them, not
//! following links met on the way; with `-R` following every link) and `.` when recursive
//! without operands; ripgrep always walks its paths (`.` by default), following links
//! with `-L`/`--follow`; fd lists names below its paths. Options that run code:
//! `rg --pre` (a preprocessor per file), `rg -z` (decompression programs), `fd -x`/`-X`
//! (a command per file or batch; [`fd`] hands the command back so the command floor
//! judges it with the found paths in place of the placeholders).

use super::super::grammar::{
    self, flag, opt, value, Arity, Grammar, GrammarError, Operands, Parsed, Style, Val, Word,
};
use super::super::{Effect, Reach};
use super::common;
use super::Program;

const WHEN: Val = Val::Choice(&[
    "always", "yes", "force", "never", "no", "none", "auto", "tty", "if-tty",
]);

/// GNU grep 3.8.
pub static GREP: Program = Program {
    name: "grep",
    does: "searches text",
    grammar: Grammar {
        style: Style::Gnu,
        opts: &[
            flag(&["-E", "--extended-regexp"]),
            flag(&["-F", "--fixed-strings", "--fixed-regexp"]),
            flag(&["-G", "--basic-regexp"]),
            flag(&["-P", "--perl-regexp"]),
            value(
                &["-X"],
                Val::Choice(&["grep", "egrep", "fgrep", "awk", "gawk", "posixawk", "perl"]),
            ),
            value(&["-e", "--regexp"], Val::Pattern),
            value(&["-f", "--file"], Val::Read),
            flag(&["-i", "-y", "--ignore-case"]),
            flag(&["--no-ignore-case"]),
            flag(&["-w", "--word-regexp"]),
            flag(&["-x", "--line-regexp"]),
            flag(&["-z", "--null-data"]),
            flag(&["-s", "--no-messages"]),
            flag(&["-v", "--invert-match"]),
            flag(&["-V"]),
            value(&["-m", "--max-count"], Val::Num),
            flag(&["-b", "--byte-offset"]),
            flag(&["-n", "--line-number"]),
            flag(&["--line-buffered"]),
            flag(&["-H", "--with-filename"]),
            flag(&["-h", "--no-filename"]),
            value(&["--label"], Val::Plain),
            flag(&["-o", "--only-matching"]),
            flag(&["-q", "--quiet", "--silent"]),
            value(
                &["--binary-files"],
                Val::Choice(&["binary", "text", "without-match"]),
            ),
            flag(&["-a", "--text"]),
            flag(&["-I"]),
            value(
                &["-d", "--directories"],
                Val::Choice(&["read", "recurse", "skip"]),
            ),
            value(&["-D", "--devices"], Val::Choice(&["read", "skip"])),
            flag(&["-r", "--recursive"]),
            flag(&["-R", "--dereference-recursive"]),
            value(&["--include"], Val::Pattern),
            value(&["--exclude"], Val::Pattern),
            value(&["--exclude-from"], Val::Read),
            value(&["--exclude-dir"], Val::Pattern),
            flag(&["-L", "--files-without-match"]),
            flag(&["-l", "--files-with-matches"]),
            flag(&["-c", "--count"]),
            flag(&["-T", "--initial-tab"]),
            flag(&["-Z", "--null"]),
            value(&["-B", "--before-context"], Val::Num),
            value(&["-A", "--after-context"], Val::Num),
            value(&["-C", "--context"], Val::Num),
            value(&["--group-separator"], Val::Plain),
            flag(&["--no-group-separator"]),
            opt(&["--color", "--colour"], Arity::Optional, WHEN),
            flag(&["-U", "--binary"]),
            flag(&["-u", "--unix-byte-offsets"]),
        ],
        // The pattern (unless -e or -f gives it) and the files: `grep_files` types them.
        operands: Operands::all(Val::Plain),
        numeric_short: true,
    },
    extra: Some(grep_files),
    reads_cwd_by_default: false,
};

/// grep's operands: the first is the pattern unless `-e`/`-f` gave one; the rest are
/// files, read whole or, when recursive, with everything below them.
fn grep_files(p: &Parsed, out: &mut Vec<Effect>) {
    let pattern_given = p.has("-e") || p.has("-f");
    let follow = p.has("-R");
    let recursive = follow || p.has("-r") || p.value("-d") == Some("recurse");
    let reach = if follow {
        Reach::TreeFollow
    } else if recursive {
        Reach::Tree
    } else {
        Reach::File
    };
    let files: Vec<Word> = p
        .operands
        .iter()
        .map(|(w, _)| *w)
        .skip(usize::from(!pattern_given))
        .collect();
    if files.is_empty() && recursive {
        out.push(Effect::Read {
            path: ".".into(),
            reach,
        });
    }
    for w in files {
        common::read(w, reach, out);
    }
}

/// ripgrep 13.0.0: clap, so long options only by their full names.
pub static RG: Program = Program {
    name: "rg",
    does: "searches text",
    grammar: Grammar {
        style: Style::Clap,
        opts: &[
            value(&["-A", "--after-context"], Val::Num),
            value(&["-B", "--before-context"], Val::Num),
            value(&["-C", "--context"], Val::Num),
            flag(&["--auto-hybrid-regex"]),
            flag(&["--no-auto-hybrid-regex"]),
            flag(&["--binary"]),
            flag(&["--no-binary"]),
            flag(&["--block-buffered"]),
            flag(&["--no-block-buffered"]),
            flag(&["-b", "--byte-offset"]),
            flag(&["-s", "--case-sensitive"]),
            value(
                &["--color"],
                Val::Choice(&["never", "auto", "always", "ansi"]),
            ),
            value(&["--colors"], Val::Plain),
            flag(&["--column"]),
            flag(&["--no-column"]),
            value(&["--context-separator"], Val::Plain),
            flag(&["--no-context-separator"]),
            flag(&["-c", "--count"]),
            flag(&["--count-matches"]),
            flag(&["--crlf"]),
            flag(&["--no-crlf"]),
            flag(&["--debug"]),
            flag(&["--trace"]),
            value(&["--dfa-size-limit"], Val::Num),
            value(&["-E", "--encoding"], Val::Plain),
            flag(&["--no-encoding"]),
            value(&["--engine"], Val::Choice(&["default", "pcre2", "auto"])),
            value(&["--field-context-separator"], Val::Plain),
            value(&["--field-match-separator"], Val::Plain),
            value(&["-f", "--file"], Val::Read),
            flag(&["--files"]),
            flag(&["-l", "--files-with-matches"]),
            flag(&["--files-without-match"]),
            flag(&["-F", "--fixed-strings"]),
            flag(&["--no-fixed-strings"]),
            opt(&["-L", "--follow"], Arity::Flag, Val::Follow),
            flag(&["--no-follow"]),
            value(&["-g", "--glob"], Val::Pattern),
            flag(&["--glob-case-insensitive"]),
            flag(&["--no-glob-case-insensitive"]),
            flag(&["--heading"]),
            flag(&["--no-heading"]),
            flag(&["-.", "--hidden"]),
            flag(&["--no-hidden"]),
            value(&["--iglob"], Val::Pattern),
            flag(&["-i", "--ignore-case"]),
            value(&["--ignore-file"], Val::Read),
            flag(&["--ignore-file-case-insensitive"]),
            flag(&["--no-ignore-file-case-insensitive"]),
            flag(&["--include-zero"]),
            flag(&["-v", "--invert-match"]),
            flag(&["--json"]),
            flag(&["--no-json"]),
            flag(&["--line-buffered"]),
            flag(&["--no-line-buffered"]),
            flag(&["-n", "--line-number"]),
            flag(&["-N", "--no-line-number"]),
            flag(&["-x", "--line-regexp"]),
            value(&["-M", "--max-columns"], Val::Num),
            flag(&["--max-columns-preview"]),
            flag(&["--no-max-columns-preview"]),
            value(&["-m", "--max-count"], Val::Num),
            value(&["--max-depth", "--maxdepth"], Val::Num),
            value(&["--max-filesize"], Val::Num),
            flag(&["--mmap"]),
            flag(&["--no-mmap"]),
            flag(&["-U", "--multiline"]),
            flag(&["--no-multiline"]),
            flag(&["--multiline-dotall"]),
            flag(&["--no-multiline-dotall"]),
            flag(&["--no-config"]),
            flag(&["-I", "--no-filename"]),
            flag(&["-H", "--with-filename"]),
            flag(&["--no-ignore"]),
            flag(&["--ignore"]),
            flag(&["--no-ignore-dot"]),
            flag(&["--ignore-dot"]),
            flag(&["--no-ignore-exclude"]),
            flag(&["--ignore-exclude"]),
            flag(&["--no-ignore-files"]),
            flag(&["--ignore-files"]),
            flag(&["--no-ignore-global"]),
            flag(&["--ignore-global"]),
            flag(&["--no-ignore-messages"]),
            flag(&["--ignore-messages"]),
            flag(&["--no-ignore-parent"]),
            flag(&["--ignore-parent"]),
            flag(&["--no-ignore-vcs"]),
            flag(&["--ignore-vcs"]),
            flag(&["--no-messages"]),
            flag(&["--messages"]),
            flag(&["--no-pcre2-unicode"]),
            flag(&["--pcre2-unicode"]),
            flag(&["--no-require-git"]),
            flag(&["--require-git"]),
            flag(&["--no-unicode"]),
            flag(&["--unicode"]),
            flag(&["-0", "--null"]),
            flag(&["--null-data"]),
            flag(&["--one-file-system"]),
            flag(&["--no-one-file-system"]),
            flag(&["-o", "--only-matching"]),
            flag(&["--passthru"]),
            value(&["--path-separator"], Val::Plain),
            flag(&["-P", "--pcre2"]),
            flag(&["--no-pcre2"]),
            flag(&["--pcre2-version"]),
            value(&["--pre"], Val::Code("a preprocessor")),
            flag(&["--no-pre"]),
            value(&["--pre-glob"], Val::Pattern),
            flag(&["-p", "--pretty"]),
            flag(&["-q", "--quiet"]),
            value(&["--regex-size-limit"], Val::Num),
            value(&["-e", "--regexp"], Val::Pattern),
            value(&["-r", "--replace"], Val::Plain),
            opt(
                &["-z", "--search-zip"],
                Arity::Flag,
                Val::Code("decompression programs"),
            ),
            flag(&["--no-search-zip"]),
            flag(&["-S", "--smart-case"]),
            value(
                &["--sort"],
                Val::Choice(&["path", "modified", "accessed", "created", "none"]),
            ),
            value(
                &["--sortr"],
                Val::Choice(&["path", "modified", "accessed", "created", "none"]),
            ),
            flag(&["--sort-files"]),
            flag(&["--no-sort-files"]),
            flag(&["--stats"]),
            flag(&["--no-stats"]),
            flag(&["-a", "--text"]),
            flag(&["--no-text"]),
            value(&["-j", "--threads"], Val::Num),
            flag(&["--trim"]),
            flag(&["--no-trim"]),
            value(&["-t", "--type"], Val::Plain),
            value(&["--type-add"], Val::Plain),
            value(&["--type-clear"], Val::Plain),
            flag(&["--type-list"]),
            value(&["-T", "--type-not"], Val::Plain),
            flag(&["-u", "--unrestricted"]),
            flag(&["-V"]),
            flag(&["--vimgrep"]),
            flag(&["-w", "--word-regexp"]),
        ],
        operands: Operands::all(Val::Plain),
        numeric_short: false,
    },
    extra: Some(rg_paths),
    reads_cwd_by_default: false,
};

/// ripgrep's operands: the pattern (unless `-e`/`-f` gave one, or `--files` lists
/// names), then paths it walks; with none it walks `.`.
fn rg_paths(p: &Parsed, out: &mut Vec<Effect>) {
    if p.has("--type-list") || p.has("--pcre2-version") {
        return;
    }
    let no_pattern = p.has("-e") || p.has("-f") || p.has("--files");
    let reach = if p.has("-L") {
        Reach::TreeFollow
    } else {
        Reach::Tree
    };
    let paths: Vec<Word> = p
        .operands
        .iter()
        .map(|(w, _)| *w)
        .skip(usize::from(!no_pattern))
        .collect();
    if paths.is_empty() {
        out.push(Effect::Read {
            path: ".".into(),
            reach,
        });
    }
    for w in paths {
        common::read(w, reach, out);
    }
}

/// fd 8.6.0's options (without `-x`/`-X`, whose command [`fd`] splits off first).
static FD_OPTS: &[grammar::Opt] = &[
    flag(&["-H", "--hidden"]),
    flag(&["--no-hidden"]),
    flag(&["-I", "--no-ignore"]),
    flag(&["--ignore"]),
    flag(&["--no-ignore-vcs"]),
    flag(&["--ignore-vcs"]),
    flag(&["--no-ignore-parent"]),
    flag(&["--no-global-ignore-file"]),
    flag(&["-u", "--unrestricted"]),
    flag(&["-s", "--case-sensitive"]),
    flag(&["-i", "--ignore-case"]),
    flag(&["-g", "--glob"]),
    flag(&["--regex"]),
    flag(&["-F", "--fixed-strings"]),
    value(&["--and"], Val::Pattern),
    flag(&["-a", "--absolute-path"]),
    flag(&["--relative-path"]),
    // `-l` is `--exec-batch ls -l` with fixed options: a listing.
    flag(&["-l", "--list-details"]),
    opt(&["-L", "--follow"], Arity::Flag, Val::Follow),
    flag(&["--no-follow"]),
    flag(&["-p", "--full-path"]),
    flag(&["-0", "--print0"]),
    value(&["-d", "--max-depth"], Val::Num),
    value(&["--min-depth"], Val::Num),
    value(&["--exact-depth"], Val::Num),
    value(&["-E", "--exclude"], Val::Pattern),
    flag(&["--prune"]),
    value(&["-t", "--type"], Val::Plain),
    value(&["-e", "--extension"], Val::Plain),
    value(&["-S", "--size"], Val::Plain),
    value(
        &[
            "--changed-within",
            "--change-newer-than",
            "--newer",
            "--changed-after",
        ],
        Val::Plain,
    ),
    value(
        &["--changed-before", "--change-older-than", "--older"],
        Val::Plain,
    ),
    value(&["-o", "--owner"], Val::Plain),
    value(&["--batch-size"], Val::Num),
    value(&["--ignore-file"], Val::Read),
    value(
        &["-c", "--color"],
        Val::Choice(&["auto", "always", "never"]),
    ),
    value(&["-j", "--threads"], Val::Num),
    value(&["--max-results"], Val::Num),
    flag(&["-1"]),
    flag(&["-q", "--quiet", "--has-results"]),
    flag(&["--show-errors"]),
    value(&["--base-directory"], Val::Plain),
    value(&["--path-separator"], Val::Plain),
    value(&["--search-path"], Val::Plain),
    flag(&["--strip-cwd-prefix"]),
    flag(&["--one-file-system", "--mount", "--xdev"]),
    flag(&["-V"]),
];

static FD_GRAMMAR: Grammar = Grammar {
    style: Style::Clap,
    opts: FD_OPTS,
    operands: Operands::all(Val::Plain),
    numeric_short: false,
};

/// A command fd runs per found path (`-x`) or once with all of them (`-X`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FdExec {
    pub batch: bool,
    /// The command's words, with their dynamic marks.
    pub words: Vec<(String, bool)>,
}

/// An fd command: its effects (what it lists) and the commands it runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FdCall {
    pub effects: Vec<Effect>,
    /// The directories it searches, as written (`.` when none is given).
    pub roots: Vec<String>,
    pub execs: Vec<FdExec>,
}

fn is_exec_word(t: &str) -> Option<bool> {
    match t {
        "-x" | "--exec" => Some(false),
        "-X" | "--exec-batch" => Some(true),
        _ => None,
    }
}

/// Does `t` (an option word of fd) take the next word as its value?
fn takes_next(t: &str) -> bool {
    if let Some(long) = t.strip_prefix("--") {
        return !long.contains('=')
            && FD_OPTS.iter().any(|o| {
                o.arity == Arity::Required
                    && o.names.iter().any(|n| n.strip_prefix("--") == Some(long))
            });
    }
    // A short bundle: the first option with a value takes the rest, or the next word.
    let body = t.strip_prefix('-').unwrap_or("");
    for (i, c) in body.char_indices() {
        let o = FD_OPTS.iter().find(|o| {
            o.names.iter().any(|n| {
                let mut ch = n.chars();
                ch.next() == Some('-') && ch.next() == Some(c) && ch.next().is_none()
            })
        });
        match o {
            Some(o) if o.arity == Arity::Required => return i + c.len_utf8() == body.len(),
            Some(_) => continue,
            None => return false,
        }
    }
    false
}

/// Read an fd argv: its own options (through [`FD_GRAMMAR`]) and each `-x`/`-X`
/// command, which runs until a `;` word or the end.
pub fn fd(argv: &[String], dynamic: &[bool]) -> Result<FdCall, GrammarError> {
    let mut own: Vec<String> = Vec::new();
    let mut own_dyn: Vec<bool> = Vec::new();
    let mut execs = Vec::new();
    let mut i = 0;
    let mut options_end = false;
    while let Some(t) = argv.get(i) {
        let d = dynamic.get(i).copied().unwrap_or(false);
        if i > 0 && !options_end {
            if t == "--" {
                options_end = true;
            } else if let Some(batch) = is_exec_word(t) {
                let mut words = Vec::new();
                i += 1;
                while let Some(c) = argv.get(i) {
                    if c == ";" {
                        break;
                    }
                    words.push((c.clone(), dynamic.get(i).copied().unwrap_or(false)));
                    i += 1;
                }
                if words.is_empty() {
                    return Err(GrammarError::MissingValue(t.clone()));
                }
                execs.push(FdExec { batch, words });
                i += 1;
                continue;
            } else if t.starts_with("--exec") {
                // `--exec=CMD` and `--exec-batch=CMD` start a command inside a word.
                return Err(GrammarError::UnknownOption(t.clone()));
            } else if t.starts_with('-') && !t.starts_with("--") && t.len() > 2 {
                if let Some(c) = t.chars().last().filter(|c| matches!(c, 'x' | 'X')) {
                    // A bundle ending in -x/-X (`-Hx cmd`) is unusual: not modelled.
                    if !takes_next(&t[..t.len() - 1]) {
                        return Err(GrammarError::UnknownOption(format!("-{c} in {t}")));
                    }
                }
            }
            if t.starts_with('-') && t != "-" && !options_end && takes_next(t) {
                own.push(t.clone());
                own_dyn.push(d);
                i += 1;
                if let Some(v) = argv.get(i) {
                    own.push(v.clone());
                    own_dyn.push(dynamic.get(i).copied().unwrap_or(false));
                }
                i += 1;
                continue;
            }
        }
        own.push(t.clone());
        own_dyn.push(d);
        i += 1;
    }
    let p = grammar::parse(&FD_GRAMMAR, &own, &own_dyn)?;
    let mut effects = FD_GRAMMAR.effects(&p);
    let follow = p.has("-L");
    let reach = if follow {
        Reach::TreeFollow
    } else {
        Reach::File
    };
    let base = p.value("--base-directory");
    let place = |w: &str| -> String {
        match base {
            Some(b) if !w.starts_with('/') => format!("{}/{w}", b.trim_end_matches('/')),
            _ => w.to_string(),
        }
    };
    // The pattern, then the paths; `--search-path` adds paths.
    let mut paths: Vec<Word> = p.operands.iter().map(|(w, _)| *w).skip(1).collect();
    for g in &p.given {
        if g.name == "--search-path" {
            if let Some(v) = g.value {
                paths.push(v);
            }
        }
    }
    if let Some(b) = base {
        let w = Word {
            text: b,
            dynamic: false,
            index: 0,
        };
        if common::computed(w, &mut effects) {
            return Ok(FdCall {
                effects,
                roots: Vec::new(),
                execs,
            });
        }
    }
    let mut roots = Vec::new();
    if paths.is_empty() {
        roots.push(place("."));
    }
    for w in paths {
        if common::computed(w, &mut effects) {
            continue;
        }
        roots.push(place(w.text));
    }
    for r in &roots {
        effects.push(Effect::Read {
            path: r.clone(),
            reach,
        });
    }
    Ok(FdCall {
        effects,
        roots,
        execs,
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::super::super::{Code, Effect, Reach};
    use super::*;

    fn run(p: &Program, words: &[&str]) -> Result<Vec<Effect>, GrammarError> {
        let v: Vec<String> = words.iter().map(|w| w.to_string()).collect();
        let d: Vec<bool> = v.iter().map(|w| w.contains('$')).collect();
        super::super::effects(p, &v, &d)
    }

    fn rd(p: &str, reach: Reach) -> Effect {
        Effect::Read {
            path: p.into(),
            reach,
        }
    }

    #[test]
    fn grep_reads_its_files_and_trees() {
        use Reach::*;
        let g = &GREP;
        assert_eq!(
            run(g, &["grep", "x", "a", "b"]),
            Ok(vec![rd("a", File), rd("b", File)])
        );
        assert_eq!(run(g, &["grep", "-rn", "x"]), Ok(vec![rd(".", Tree)]));
        assert_eq!(
            run(g, &["grep", "-R", "x", "src"]),
            Ok(vec![rd("src", TreeFollow)])
        );
        assert_eq!(
            run(g, &["grep", "--dereference-rec", "x", "src"]),
            Ok(vec![rd("src", TreeFollow)])
        );
        assert_eq!(
            run(g, &["grep", "--directories=recurse", "x"]),
            Ok(vec![rd(".", Tree)])
        );
        // -e and -f give the pattern, so every operand is a file; -f reads its file.
        assert_eq!(
            run(g, &["grep", "-f", "pats", "a"]),
            Ok(vec![Effect::read("pats"), rd("a", File)])
        );
        assert_eq!(run(g, &["grep", "-e", "x", "a"]), Ok(vec![rd("a", File)]));
        assert_eq!(
            run(g, &["grep", "--regexp=x", "-", "a"]),
            Ok(vec![rd("a", File)])
        );
        // Abbreviations, globs of --include, context numbers, -NUM.
        assert_eq!(
            run(g, &["grep", "--inc=*.rs", "-r", "x", "."]),
            Ok(vec![rd(".", Tree)])
        );
        assert_eq!(
            run(g, &["grep", "-5", "-A", "2", "x", "f"]),
            Ok(vec![rd("f", File)])
        );
        assert_eq!(
            run(g, &["grep", "--exclude-from", "ex", "x", "f"]),
            Ok(vec![Effect::read("ex"), rd("f", File)])
        );
        assert!(run(g, &["grep", "-A", "x", "p"]).is_err());
        assert!(run(g, &["grep", "--mmap", "x"]).is_err());
        assert!(run(g, &["grep", "-N", "x"]).is_err());
        // A run-time word could become an option; one after a literal start is a path
        // computed at run time.
        assert!(matches!(
            run(g, &["grep", "x", "$F"]),
            Err(GrammarError::Dynamic(_))
        ));
        assert!(matches!(
            run(g, &["grep", "x", "src/$F"]).unwrap()[0],
            Effect::Unknown { .. }
        ));
        // `--` ends the options: `-o` is the pattern.
        assert_eq!(run(g, &["grep", "--", "-o", "f"]), Ok(vec![rd("f", File)]));
    }

    #[test]
    fn rg_walks_its_paths_and_runs_preprocessors() {
        use Reach::*;
        assert_eq!(run(&RG, &["rg", "x"]), Ok(vec![rd(".", Tree)]));
        assert_eq!(
            run(&RG, &["rg", "-n", "x", "src", "lib"]),
            Ok(vec![rd("src", Tree), rd("lib", Tree)])
        );
        assert_eq!(
            run(&RG, &["rg", "--follow", "-N", ".", "."]),
            Ok(vec![rd(".", TreeFollow)])
        );
        assert_eq!(run(&RG, &["rg", "-L", "x"]), Ok(vec![rd(".", TreeFollow)]));
        assert_eq!(
            run(&RG, &["rg", "--files", "src"]),
            Ok(vec![rd("src", Tree)])
        );
        assert_eq!(
            run(&RG, &["rg", "-e", "x", "--ignore-file", "ig", "a"]),
            Ok(vec![Effect::read("ig"), rd("a", Tree)])
        );
        // clap takes no abbreviations.
        assert!(run(&RG, &["rg", "--foll", "x"]).is_err());
        // --pre and -z run programs the floor does not see.
        let pre = run(&RG, &["rg", "--pre", "./x.sh", "p"]).unwrap();
        assert!(matches!(
            &pre[0],
            Effect::Run {
                code: Code::Hidden { .. }
            }
        ));
        let z = run(&RG, &["rg", "-nz", "p"]).unwrap();
        assert!(matches!(
            &z[0],
            Effect::Run {
                code: Code::Hidden { .. }
            }
        ));
        assert!(run(&RG, &["rg", "--type-list"]).unwrap().is_empty());
    }

    fn fdr(words: &[&str]) -> Result<FdCall, GrammarError> {
        let v: Vec<String> = words.iter().map(|w| w.to_string()).collect();
        let d: Vec<bool> = v.iter().map(|w| w.contains('$')).collect();
        fd(&v, &d)
    }

    #[test]
    fn fd_lists_names_and_hands_back_its_commands() {
        use Reach::*;
        let c = fdr(&["fd", "-e", "rs", "x", "src"]).unwrap();
        assert_eq!(c.effects, vec![rd("src", File)]);
        assert!(c.execs.is_empty());
        let c = fdr(&["fd", "pat", "-x", "wc", "-l", ";", "-H"]).unwrap();
        assert_eq!(c.roots, vec!["."]);
        assert_eq!(c.execs.len(), 1);
        assert!(!c.execs[0].batch);
        assert_eq!(c.execs[0].words[0].0, "wc");
        assert_eq!(c.execs[0].words.len(), 2);
        let c = fdr(&["fd", "-X", "cat"]).unwrap();
        assert!(c.execs[0].batch);
        let c = fdr(&["fd", "-L", "x", "--base-directory", "d", "sub"]).unwrap();
        assert_eq!(c.effects, vec![rd("d/sub", TreeFollow)]);
        // A value that looks like -x is the value of -e, not a command.
        let c = fdr(&["fd", "-e", "-x", "p"]).unwrap();
        assert!(c.execs.is_empty());
        assert!(fdr(&["fd", "--exec=rm"]).is_err());
        assert!(fdr(&["fd", "-x"]).is_err());
        assert!(fdr(&["fd", "--follo", "x"]).is_err());
    }
}
