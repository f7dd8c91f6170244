//! `nix develop … --command CMD ARGS…` as a project wrapper, like `uv run CMD`: Nix
//! evaluates the flake of the working directory (`flake.nix`, Nix code, with the inputs
//! `flake.lock` pins), builds or fetches its development shell, then runs bash on a
//! script that sets the shell's variables, evaluates its `shellHook` (bash from
//! `flake.nix`) and `exec`s CMD with its words as given. So CMD is judged on its own, and
//! the flake's files define the rest (`command::flake` finds them).
//!
//! Checked against the source of Nix 2.36.0 (NixOS/nix at 88b09c64, `.version` 2.36.0):
//! `src/nix/develop.cc` and `develop.md` (`--command`/`-c` takes every word after it;
//! without it, or with a phase — `--phase`, `--unpack`, `--configure`, `--build`,
//! `--check`, `--install`, `--installcheck` — it runs other code; `--redirect` and
//! `--profile`), `src/libcmd/command.cc` (`-i/--ignore-env`, `-k/--keep-env-var`,
//! `-u/--unset-env-var`, `-s/--set-env-var`, applied to the environment just before the
//! shell starts), `src/libcmd/installables.cc` (the flake options: `--no-write-lock-file`,
//! `--no-update-lock-file`, `--override-input`, `--reference-lock-file`,
//! `--output-lock-file`, `--inputs-from`, `--commit-lock-file`, `--recreate-lock-file`,
//! `--update-input`; `--file`, `--expr`; an installable that is not a path is a flake
//! reference or a store path), `src/libcmd/common-eval-args.cc` (`--arg`, `--argstr`,
//! `--impure`, `-I`, `--override-flake`, `--eval-store`), `src/libmain/common-args.cc` and
//! `src/nix/main.cc` (`-v`, `--quiet`, `--debug`, `--option`, `-j`, `--log-format`, `-L`,
//! `--offline`/`--no-net`, `--refresh`, and a `--NAME VALUE` for every setting:
//! `--extra-experimental-features`, `--substituters`, `--sandbox`, …), and
//! `src/libutil/args.cc` for how the command line is read: a word `-xyz` whose second
//! character is a letter is split into `-x -y -z` (a non-letter ends the split, the rest
//! one word: `-j3` is `-j 3`), `--` ends the options, long options go by their exact
//! name, the options of `nix` itself may stand before or after `develop`, and an option's
//! values are the words after it, whatever they look like.
//!
//! The grammar: `-v`/`--verbose`, `--quiet`, `-L`/`--print-build-logs`,
//! `--offline`/`--no-net`, `--experimental-features` and `--extra-experimental-features`
//! naming only `nix-command` and `flakes` (what the command needs to run at all), then
//! `develop` and its own `-i`/`--ignore-env`/`--ignore-environment`,
//! `-k`/`--keep-env-var`/`--keep NAME`, `-u`/`--unset-env-var`/`--unset NAME` (they only
//! take variables away), `--no-write-lock-file` and `--no-update-lock-file` (they only
//! stop Nix writing `flake.lock`), an installable that is the working directory's flake
//! (`.` or `.#NAME`), and `-c`/`--command` (alone, or the last letter of a bundle) with
//! the command after it. Anything else — an option that evaluates or fetches other code or
//! changes Nix's settings, a remote or other local flake, a phase, no `--command` (an
//! interactive shell reading its input), `--` — is outside the grammar.

use super::super::grammar::GrammarError;
use super::super::Effect;
use super::runners::{Family, Found, RunnerCall};

/// Experimental features `--(extra-)experimental-features` may name: those `nix develop`
/// itself needs.
const FEATURES: &[&str] = &["nix-command", "flakes"];

/// One word of the command line as nix reads it, after splitting bundles of short
/// options: its text, the argv word it came from, and whether it is the last piece of
/// that word.
struct Tok {
    text: String,
    orig: usize,
    last: bool,
}

/// `-xyz` split as `RootArgs::parseCmdline` splits it (`None`: not a bundle).
fn split_bundle(word: &str) -> Option<Vec<String>> {
    let b = word.as_bytes();
    if b.len() <= 2 || b[0] != b'-' || b[1] == b'-' || !b[1].is_ascii_alphabetic() {
        return None;
    }
    let mut out = vec![format!("-{}", b[1] as char)];
    for (j, c) in b.iter().enumerate().skip(2) {
        if c.is_ascii_alphabetic() {
            out.push(format!("-{}", *c as char));
        } else {
            out.push(word[j..].to_string());
            break;
        }
    }
    Some(out)
}

/// The flake of the working directory: `.` or `.#NAME` (an attribute path of letters,
/// digits, `_`, `-`, `.`). Nix reads any other word as another flake (a path, `github:…`,
/// a registry name such as `nixpkgs#hello`), a store path or a profile.
fn local_flake(word: &str) -> bool {
    match word.strip_prefix('.') {
        Some("") => true,
        Some(rest) => rest.strip_prefix('#').is_some_and(|attr| {
            attr.chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))
        }),
        None => false,
    }
}

/// `nix … develop …`: the call, an error for a command line outside the grammar, or
/// `None` when the command is not `nix develop` (another catalogue judges it).
pub(super) fn develop(argv: &[String], dynamic: &[bool]) -> Found {
    if !argv.iter().skip(1).any(|w| w == "develop") {
        return None;
    }
    let mut toks: Vec<Tok> = argv
        .iter()
        .enumerate()
        .skip(1)
        .map(|(i, w)| Tok {
            text: w.clone(),
            orig: i,
            last: true,
        })
        .collect();
    let mut pos = 0;
    let mut develop = false;
    let mut installable: Option<String> = None;
    let mut command: Option<usize> = None;
    // The value of the option at `pos`, taken as nix takes it: the next word as it is.
    let value = |toks: &[Tok], pos: usize| -> Result<String, GrammarError> {
        let t = toks
            .get(pos + 1)
            .ok_or_else(|| GrammarError::MissingValue(toks[pos].text.clone()))?;
        if dynamic.get(t.orig).copied().unwrap_or(false) {
            return Err(GrammarError::Dynamic(toks[pos].text.clone()));
        }
        Ok(t.text.clone())
    };
    while pos < toks.len() {
        if dynamic.get(toks[pos].orig).copied().unwrap_or(false) {
            return Some(Err(GrammarError::Dynamic(toks[pos].text.clone())));
        }
        if let Some(pieces) = split_bundle(&toks[pos].text) {
            let (orig, last) = (toks[pos].orig, toks[pos].last);
            let n = pieces.len();
            let expanded = pieces.into_iter().enumerate().map(|(k, text)| Tok {
                text,
                orig,
                last: last && k + 1 == n,
            });
            toks.splice(pos..=pos, expanded);
        }
        let t = toks[pos].text.as_str();
        let step = match t {
            "-v" | "--verbose" | "--quiet" | "-L" | "--print-build-logs" | "--offline"
            | "--no-net" => 1,
            "--experimental-features" | "--extra-experimental-features" => {
                let v = match value(&toks, pos) {
                    Ok(v) => v,
                    Err(e) => return Some(Err(e)),
                };
                let mut names = v.split_whitespace().peekable();
                if names.peek().is_none() || !names.all(|f| FEATURES.contains(&f)) {
                    return Some(Err(GrammarError::BadValue {
                        option: t.to_string(),
                        value: v,
                    }));
                }
                2
            }
            _ if !develop && !t.starts_with('-') => {
                if t != "develop" {
                    return None;
                }
                develop = true;
                1
            }
            _ if !develop => return Some(Err(GrammarError::UnknownOption(t.to_string()))),
            "-i"
            | "--ignore-env"
            | "--ignore-environment"
            | "--no-write-lock-file"
            | "--no-update-lock-file" => 1,
            "-k" | "--keep-env-var" | "--keep" | "-u" | "--unset-env-var" | "--unset" => {
                if let Err(e) = value(&toks, pos) {
                    return Some(Err(e));
                }
                2
            }
            "-c" | "--command" => {
                // Every word after it, as the argv gives them: a `-c` inside a bundle
                // (`-cL`) would hand on pieces of the bundle.
                let tok = &toks[pos];
                if !tok.last {
                    return Some(Err(GrammarError::UnknownOption(argv[tok.orig].clone())));
                }
                if tok.orig + 1 >= argv.len() {
                    return Some(Err(GrammarError::MissingValue(t.to_string())));
                }
                command = Some(tok.orig + 1);
                break;
            }
            _ if t.starts_with('-') => {
                return Some(Err(GrammarError::UnknownOption(t.to_string())));
            }
            _ => {
                if installable.is_some() || !local_flake(t) {
                    return Some(Err(GrammarError::ExtraOperand(t.to_string())));
                }
                installable = Some(t.to_string());
                1
            }
        };
        pos += step;
    }
    if !develop {
        return None;
    }
    let mut call = RunnerCall::new(
        "nix",
        "runs a command in the flake's development shell through nix develop",
        Family::Nix,
    );
    // It builds or fetches what the flake's inputs pin (the shell's packages, the bash
    // it runs the command with) before the command runs: `Code::Pinned`.
    call.lock_install = true;
    match command {
        Some(at) => call.wrapped = Some(at),
        None => call.effects.push(Effect::unknown(
            "without --command, nix develop starts an interactive shell that reads its commands from its input",
        )),
    }
    Some(Ok(call))
}
