//! Programs that read a project's files and print counts or findings, and run none of
//! its code: the line counters `tokei` and `cloc`, the YAML linter `yamllint`, and `gpg --verify`. Each option is what
//! the real program's parser declares; anything else is outside the grammar.
//!
//! Checked against: tokei 12.1.2 (`src/cli.rs`, `src/main.rs`, `src/config.rs`, `src/
//! utils/fs.rs` of the crate: clap 2 without abbreviations; no operand counts `.`; the
//! walk is the `ignore` crate's, which does not follow links; `tokei.toml`/`.tokeirc`
//! hold column and ignore settings only), yamllint 1.37.1 (`cli.py`, `config.py` of the
//! wheel: argparse, whose unique prefixes of long options are accepted; the tree walk is
//! `os.walk`, which does not follow links; rules come only from yamllint's own table, so
//! a configuration names no code — but its `extends` reads the file it names as YAML),
//! GnuPG 2.2.40 (`gpg --dump-options`, run here), cloc 1.96 (Debian's `cloc`, its
//! `GetOptions` table read and run here: Getopt::Long's defaults, so unique prefixes of
//! long names, no bundling, options anywhere; an operand that is not a readable file or
//! directory and looks like a git commit, `^([a-f0-9]{5,40}|master|HEAD)(~N)?$`, is
//! handed to `git ls-tree` and `git archive`; an archive operand is unpacked by a shell
//! command line its name is pasted into; `$HOME/.config/cloc/options.txt` or `--config
//! FILE` adds options, `--extract-with` among them).

use super::super::grammar::{flag, opt, value, Arity, Grammar, Operands, Parsed, Style, Val};
use super::super::{Effect, Reach};
use super::Program;

pub(super) fn lookup(name: &str) -> Option<&'static Program> {
    Some(match name {
        "tokei" => &TOKEI,
        "cloc" => &CLOC,
        "yamllint" => &YAMLLINT,
        "gpg" | "gpg2" => &GPG_VERIFY,
        _ => return None,
    })
}

/// tokei 12.1.2: counts the lines of the files below its operands (the working directory
/// when none is given). `-i FILE` reads the output of an earlier run; `-o` names a format
/// printed to standard output, never a file.
static TOKEI: Program = Program {
    name: "tokei",
    does: "counts lines of code",
    grammar: Grammar {
        style: Style::Clap,
        opts: &[
            value(&["-c", "--columns"], Val::Num),
            value(&["-e", "--exclude"], Val::Pattern),
            flag(&["-f", "--files"]),
            value(&["-i", "--input"], Val::Read),
            flag(&["--hidden"]),
            flag(&["-l", "--languages"]),
            flag(&["--no-ignore"]),
            flag(&["--no-ignore-parent"]),
            flag(&["--no-ignore-dot"]),
            flag(&["--no-ignore-vcs"]),
            value(&["-o", "--output"], Val::Choice(&["cbor", "json", "yaml"])),
            value(
                &["-s", "--sort"],
                Val::Choice(&["files", "lines", "blanks", "code", "comments"]),
            ),
            value(&["-t", "--type"], Val::Plain),
            flag(&["-C", "--compact"]),
            value(
                &["-n", "--num-format"],
                Val::Choice(&["commas", "dots", "plain", "underscores"]),
            ),
            flag(&["-v", "--verbose"]),
            flag(&["-h", "--help"]),
            flag(&["-V", "--version"]),
        ],
        operands: Operands::all(Val::ReadTree),
        numeric_short: false,
    },
    extra: Some(tokei_cwd),
    reads_cwd_by_default: false,
};

/// cloc 1.96: counts the lines of the files below its operands (none: it prints its
/// usage). Left out, so outside the grammar: the options that run programs or read
/// options from a file (`--extract-with`, `--vcs`, `--git`, `--config`, `--list-file`,
/// `--diff-list-file`), write beside the project's files or empty a directory
/// (`--strip-comments`, `--original-dir`, `--sdir`), the SQL and XSL outputs, and the
/// language definition files (`--read-lang-def`, `--force-lang-def`).
static CLOC: Program = Program {
    name: "cloc",
    does: "counts lines of code",
    grammar: Grammar {
        style: Style::Argparse,
        opts: &[
            flag(&["--by-file", "--by_file"]),
            flag(&["--by-file-by-lang", "--by_file_by_lang"]),
            flag(&["--by-percent", "--by_percent"]),
            value(&["--include-ext", "--include_ext"], Val::Plain),
            value(&["--include-lang", "--include_lang"], Val::Plain),
            value(&["--exclude-lang", "--exclude_lang"], Val::Plain),
            value(&["--exclude-dir", "--exclude_dir"], Val::Plain),
            value(&["--exclude-ext", "--exclude_ext"], Val::Plain),
            value(&["--exclude-list-file", "--exclude_list_file"], Val::Read),
            value(&["--exclude-content", "--exclude_content"], Val::Pattern),
            value(&["--match-f", "--match_f"], Val::Pattern),
            value(&["--not-match-f", "--not_match_f"], Val::Pattern),
            value(&["--match-d", "--match_d"], Val::Pattern),
            value(&["--not-match-d", "--not_match_d"], Val::Pattern),
            value(&["--force-lang", "--force_lang"], Val::Plain),
            value(&["--lang-no-ext", "--lang_no_ext"], Val::Plain),
            value(&["--script-lang", "--script_lang"], Val::Plain),
            value(&["--explain"], Val::Plain),
            opt(&["--show-lang", "--show_lang"], Arity::Optional, Val::Plain),
            opt(&["--show-ext", "--show_ext"], Arity::Optional, Val::Plain),
            flag(&["--show-os", "--show_os"]),
            flag(&["--fullpath"]),
            flag(&["--no-recurse", "--no_recurse"]),
            flag(&["--skip-win-hidden", "--skip_win_hidden"]),
            flag(&["--read-binary-files", "--read_binary_files"]),
            flag(&["--follow-links", "--follow_links"]),
            flag(&["--no-autogen", "--no_autogen"]),
            flag(&["--skip-uniqueness", "--skip_uniqueness"]),
            flag(&["--ignore-whitespace", "--ignore_whitespace"]),
            flag(&["--ignore-case", "--ignore_case"]),
            flag(&["--ignore-case-ext", "--ignore_case_ext"]),
            flag(&["--docstring-as-code", "--docstring_as_code"]),
            flag(&["--strip-str-comments", "--strip_str_comments"]),
            flag(&["--unicode"]),
            flag(&["--autoconf"]),
            flag(&["--diff"]),
            flag(&["--count-and-diff", "--count_and_diff"]),
            value(&["--diff-timeout", "--diff_timeout"], Val::Num),
            flag(&["--sum-reports", "--sum_reports"]),
            flag(&["--sum-one", "--sum_one"]),
            value(&["--max-file-size", "--max_file_size"], Val::Plain),
            value(&["--processes"], Val::Num),
            value(&["--timeout"], Val::Num),
            value(&["--progress-rate", "--progress_rate"], Val::Num),
            flag(&["--print-filter-stages", "--print_filter_stages"]),
            flag(&["--hide-rate", "--hide_rate"]),
            flag(&["--quiet"]),
            flag(&["--json"]),
            flag(&["--yaml"]),
            flag(&["--csv"]),
            value(&["--csv-delimiter", "--csv_delimiter"], Val::Plain),
            flag(&["--md"]),
            flag(&["--xml"]),
            flag(&["--3"]),
            flag(&["--no3"]),
            flag(&["--inline"]),
            flag(&["--stat"]),
            value(&["--summary-cutoff", "--summary_cutoff"], Val::Plain),
            opt(
                &["--skip-leading", "--skip_leading"],
                Arity::Optional,
                Val::Plain,
            ),
            value(&["--stdin-name", "--stdin_name"], Val::Plain),
            value(&["--file-encoding", "--file_encoding"], Val::Plain),
            flag(&["--windows"]),
            flag(&["--unix"]),
            value(&["--out", "--report-file", "--report_file"], Val::Write),
            value(&["--categorized"], Val::Write),
            value(&["--counted"], Val::Write),
            value(&["--found"], Val::Write),
            value(&["--ignored"], Val::Write),
            value(&["--diff-alignment", "--diff_alignment"], Val::Write),
            value(&["--write-lang-def", "--write_lang_def"], Val::Write),
            value(
                &["--write-lang-def-incl-dup", "--write_lang_def_incl_dup"],
                Val::Write,
            ),
            opt(&["-v", "--verbose"], Arity::Optional, Val::Num),
            flag(&["--version"]),
            flag(&["--help"]),
        ],
        operands: Operands::all(Val::ReadTree),
        numeric_short: false,
    },
    extra: Some(cloc_operands),
    reads_cwd_by_default: false,
};

/// What cloc does with an operand beyond reading it: a name that looks like a git commit
/// (when no such file is there) runs git in the repository; an archive is unpacked by a
/// shell command line built from its name.
fn cloc_operands(p: &Parsed, out: &mut Vec<Effect>) {
    const ARCHIVES: &[&str] = &[
        ".tar", ".tar.gz", ".tar.z", ".tgz", ".tar.bz2", ".tar.xz", ".rpm", ".whl", ".zip", ".deb",
    ];
    for (w, _) in &p.operands {
        let t = w.text;
        let lower = t.to_ascii_lowercase();
        let base = t.split_once('~').map_or(t, |(b, n)| {
            if !n.is_empty() && n.bytes().all(|c| c.is_ascii_digit()) {
                b
            } else {
                t
            }
        });
        let commit = matches!(base, "master" | "HEAD")
            || ((5..=40).contains(&base.len())
                && base
                    .bytes()
                    .all(|c| c.is_ascii_digit() || (b'a'..=b'f').contains(&c)));
        if commit {
            out.push(Effect::unknown(format!(
                "cloc reads {t} from git when no such file is there"
            )));
        } else if t == "-" || ARCHIVES.iter().any(|e| lower.ends_with(e)) {
            out.push(Effect::unknown(format!(
                "cloc unpacks {t} with a command line built from its name"
            )));
        }
    }
}

/// With no operand tokei counts the tree of the working directory (unless it only prints
/// its languages or an earlier run's output).
fn tokei_cwd(p: &Parsed, out: &mut Vec<Effect>) {
    if p.operands.is_empty() && !p.has("-l") && !p.has("-i") {
        out.push(Effect::Read {
            path: ".".to_string(),
            reach: Reach::Tree,
        });
    }
}

/// yamllint 1.37.1: prints findings about the YAML files below its operands. `-c` names
/// a configuration file; `-d` gives one inline, and an `extends` in it reads the file it
/// names (a path anywhere), so inline configuration that extends is not understood.
static YAMLLINT: Program = Program {
    name: "yamllint",
    does: "checks YAML files",
    grammar: Grammar {
        style: Style::Argparse,
        opts: &[
            value(&["-c", "--config-file"], Val::Read),
            value(&["-d", "--config-data"], Val::Pattern),
            flag(&["--list-files"]),
            opt(
                &["-f", "--format"],
                Arity::Required,
                Val::Choice(&["parsable", "standard", "colored", "github", "auto"]),
            ),
            flag(&["-s", "--strict"]),
            flag(&["--no-warnings"]),
            flag(&["-v", "--version"]),
            flag(&["-h", "--help"]),
        ],
        operands: Operands::all(Val::ReadTree),
        numeric_short: false,
    },
    extra: Some(yamllint_extends),
    reads_cwd_by_default: false,
};

/// GnuPG 2.2's `gpg --verify [SIGFILE [FILE…]]` (`gpg --dump-options`; its own option
/// parser takes unique prefixes of long options): checks a signature against the public
/// keys of the person's keyring and prints who signed. Every other gpg command (sign,
/// decrypt, export, import, key listing and editing) is outside the grammar, and so are the
/// options that choose another home directory or fetch keys (`--homedir`,
/// `--auto-key-retrieve`, `--keyserver`), which its configuration decides instead.
static GPG_VERIFY: Program = Program {
    name: "gpg",
    does: "verifies a signature",
    grammar: Grammar {
        style: Style::Gnu,
        opts: &[
            flag(&["--verify"]),
            flag(&["--batch"]),
            flag(&["-q", "--quiet"]),
            flag(&["-v", "--verbose"]),
            flag(&["--no-tty"]),
            flag(&["--no-auto-key-retrieve"]),
            value(&["--keyring"], Val::Read),
            flag(&["--no-default-keyring"]),
        ],
        operands: Operands::all(Val::Read),
        numeric_short: false,
    },
    extra: Some(gpg_verifies),
    reads_cwd_by_default: false,
};

/// Without `--verify` the words are another command's (gpg guesses one from the input).
fn gpg_verifies(p: &Parsed, out: &mut Vec<Effect>) {
    if !p.has("--verify") {
        out.push(Effect::unknown("gpg without --verify"));
    }
}

/// An inline configuration that extends another reads that file as YAML, wherever it is.
fn yamllint_extends(p: &Parsed, out: &mut Vec<Effect>) {
    if p.value("-d").is_some_and(|d| d.contains("extends")) {
        out.push(Effect::unknown(
            "yamllint -d extends a configuration file it reads from anywhere",
        ));
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::super::super::{Effect, Reach};
    use super::super::effects;
    use super::lookup;

    fn fx(argv: &[&str]) -> Result<Vec<Effect>, String> {
        let a: Vec<String> = argv.iter().map(|s| s.to_string()).collect();
        let d = vec![false; a.len()];
        let p = lookup(argv[0]).ok_or("no program")?;
        effects(p, &a, &d).map_err(|e| format!("{e:?}"))
    }

    fn tree(p: &str) -> Effect {
        Effect::Read {
            path: p.to_string(),
            reach: Reach::Tree,
        }
    }

    fn unknown(fx: &[Effect]) -> bool {
        fx.iter().any(|e| matches!(e, Effect::Unknown { .. }))
    }

    /// The counters and linters read what they are given (the working directory when
    /// tokei is given nothing); their report formats go to standard output.
    #[test]
    fn read_what_they_are_given() {
        assert_eq!(fx(&["tokei"]).unwrap(), vec![tree(".")]);
        assert_eq!(fx(&["tokei", "-l"]).unwrap(), vec![]);
        assert_eq!(
            fx(&["tokei", "src", "-o", "json"]).unwrap(),
            vec![tree("src")]
        );
        assert_eq!(
            fx(&["tokei", "-e", "target", "--sort", "code", "-C", "."]).unwrap(),
            vec![tree(".")]
        );
        assert_eq!(fx(&["yamllint", "."]).unwrap(), vec![tree(".")]);
        assert_eq!(
            fx(&["yamllint", "-s", "-f", "parsable", ".github"]).unwrap(),
            vec![tree(".github")]
        );
        // argparse takes a unique prefix.
        assert_eq!(
            fx(&["yamllint", "--no-warn", "x.yml"]).unwrap(),
            vec![tree("x.yml")]
        );
        assert!(!unknown(
            &fx(&["yamllint", "-d", "{rules: {line-length: disable}}", "."]).unwrap()
        ));
    }

    /// A file they read besides their operands is a read the path floor judges; what is
    /// outside their grammars is not understood.
    #[test]
    fn other_reads_and_unknown_options() {
        assert!(fx(&["tokei", "-i", "/home/u/.ssh/id_rsa"])
            .unwrap()
            .contains(&Effect::read("/home/u/.ssh/id_rsa")));
        assert!(fx(&["yamllint", "-c", "/tmp/x.yml", "."])
            .unwrap()
            .contains(&Effect::read("/tmp/x.yml")));
        assert!(unknown(
            &fx(&["yamllint", "-d", "extends: /home/u/.aws/credentials", "."]).unwrap()
        ));
        assert!(fx(&["tokei", "-o", "html"]).is_err());
        assert!(fx(&["tokei", "--output-file", "x"]).is_err());
        assert!(fx(&["tokei", "--hid"]).is_err());
        assert!(fx(&["yamllint", "--fix", "."]).is_err());
    }

    /// cloc reads the trees it is given; a name that looks like a git commit, an archive
    /// (unpacked by a shell line built from its name) and the options that run programs
    /// or read more options are not understood.
    #[test]
    fn cloc_reads_its_operands() {
        assert_eq!(fx(&["cloc", "."]).unwrap(), vec![tree(".")]);
        assert_eq!(
            fx(&["cloc", "--by-file", "--json", "src", "tests"]).unwrap(),
            vec![tree("src"), tree("tests")]
        );
        // Getopt::Long takes a unique prefix, and the underscore spellings.
        assert_eq!(
            fx(&["cloc", "--exclude-d=target", "--by_file", "."]).unwrap(),
            vec![tree(".")]
        );
        assert!(fx(&["cloc", "--out", "/home/u/.bashrc", "."])
            .unwrap()
            .contains(&Effect::write(
                "/home/u/.bashrc",
                super::super::super::WriteHow::Replace
            )));
        for commitish in ["HEAD", "master~2", "1a2b3c4", "deadbeefcafe"] {
            assert!(unknown(&fx(&["cloc", commitish]).unwrap()), "{commitish}");
        }
        for archive in ["x.tar.gz", "a.ZIP", "p.whl", "x.tar", "-"] {
            assert!(unknown(&fx(&["cloc", archive]).unwrap()), "{archive}");
        }
        assert!(!unknown(&fx(&["cloc", "headers", "src/beef"]).unwrap()));
        for bad in [
            &["cloc", "--extract-with=sh -c id", "x"][..],
            &["cloc", "--vcs=git"],
            &["cloc", "--git", "HEAD"],
            &["cloc", "--config", "/tmp/o.txt", "."],
            &["cloc", "--list-file=l.txt"],
            &["cloc", "--strip-comments=nc", "."],
            &["cloc", "--sdir", "/tmp/x", "."],
            &["cloc", "--read-lang-def=/tmp/d.txt", "."],
            &["cloc", "--sql", "x.sql", "."],
        ] {
            assert!(fx(bad).is_err(), "{bad:?}");
        }
    }

    /// `gpg --verify` reads the signature and the signed files; any other gpg command or
    /// an option that changes where keys come from is outside the grammar.
    #[test]
    fn gpg_only_verifies() {
        assert_eq!(
            fx(&["gpg", "--verify", "a.tar.gz.asc", "a.tar.gz"]).unwrap(),
            vec![Effect::read("a.tar.gz.asc"), Effect::read("a.tar.gz")]
        );
        assert!(!unknown(
            &fx(&["gpg", "--batch", "--verify", "SHA256SUMS.sig"]).unwrap()
        ));
        assert!(!unknown(&fx(&["gpg2", "--verify", "x.sig", "x"]).unwrap()));
        assert!(unknown(&fx(&["gpg", "x.sig"]).unwrap()));
        for bad in [
            &["gpg", "--decrypt", "secret.gpg"][..],
            &["gpg", "--export-secret-keys"],
            &["gpg", "--list-secret-keys"],
            &["gpg", "--sign", "x"],
            &["gpg", "--import", "k.asc"],
            &["gpg", "--homedir", "/tmp/g", "--verify", "x.sig"],
            &["gpg", "--auto-key-retrieve", "--verify", "x.sig"],
            &[
                "gpg",
                "--keyserver",
                "hkps://evil.example",
                "--verify",
                "x.sig",
            ],
        ] {
            assert!(fx(bad).is_err(), "{bad:?}");
        }
    }
}
