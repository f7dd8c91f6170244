//! Programs that read a project's files and print counts or findings, and run none of
//! its code: the line counter `tokei`, the YAML linter `yamllint`, and `gpg --verify`. Each option is what
//! the real program's parser declares; anything else is outside the grammar.
//!
//! Checked against: tokei 12.1.2 (`src/cli.rs`, `src/main.rs`, `src/config.rs`, `src/
//! utils/fs.rs` of the crate: clap 2 without abbreviations; no operand counts `.`; the
//! walk is the `ignore` crate's, which does not follow links; `tokei.toml`/`.tokeirc`
//! hold column and ignore settings only), yamllint 1.37.1 (`cli.py`, `config.py` of the
//! wheel: argparse, whose unique prefixes of long options are accepted; the tree walk is
//! `os.walk`, which does not follow links; rules come only from yamllint's own table, so
//! a configuration names no code — but its `extends` reads the file it names as YAML),
//! GnuPG 2.2.40 (`gpg --dump-options`, run here).

use super::super::grammar::{flag, opt, value, Arity, Grammar, Operands, Parsed, Style, Val};
use super::super::{Effect, Reach};
use super::Program;

pub(super) fn lookup(name: &str) -> Option<&'static Program> {
    Some(match name {
        "tokei" => &TOKEI,
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
