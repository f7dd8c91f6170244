//! The destructive floor, part four: whole-command patterns that no single part shows
//! (network or decoded payloads fed to a shell, credentials sent over the network, fork
//! bombs). The per-command tiers are in `destructive`.

use super::core::{pipeline_ids, Finding, JudgeCtx, Verdict};
use super::tier::{FETCHERS, NETWORK, RUNNERS};
use crate::analysis::effects::{Code, Effect};
use crate::analysis::shell::{Analysis, Opaque, Origin, SimpleCommand};
use crate::context::floor::{Access, PathClass};
use crate::context::paths;
use std::path::{Path, PathBuf};

/// Whole-command patterns that no single part shows.
pub(super) fn whole(
    analysis: &Analysis,
    findings: &[Finding],
    _reads: &[PathBuf],
    ctx: &JudgeCtx,
) -> Vec<Verdict> {
    let mut out = Vec::new();
    let cmds = &analysis.commands;
    // Fork bombs: a function that pipes itself into itself in the background.
    if analysis.opaque.contains(&Opaque::FunctionDefinition) {
        if let Some(v) = cmds
            .iter()
            .find_map(|c| fork_bomb(&c.text))
            .or_else(|| fork_bomb_shape(cmds))
        {
            out.push(v);
        }
    }
    // Network or decoded payloads fed to a shell or interpreter.
    let ids = pipeline_ids(cmds);
    let mut groups = ids.clone();
    groups.dedup();
    for g in groups {
        let in_part: Vec<&SimpleCommand> = cmds
            .iter()
            .zip(&ids)
            .filter(|(_, id)| **id == g)
            .map(|(c, _)| c)
            .collect();
        let source = in_part.iter().find(|c| is_fetch_or_decode(c));
        let sink = in_part.iter().find(|c| runs_unknown_code(c));
        if let (Some(src), Some(snk)) = (source, sink) {
            out.push(Verdict::Hard {
                category: "remote-code",
                reason: format!(
                    "{} feeds a payload to {}, which runs it unseen",
                    src.program().unwrap_or("?"),
                    snk.program().unwrap_or("?")
                ),
                command: crate::decision::cause::one_line(&src.text, 200),
            });
        }
    }
    // Code a command prints (`make -f <(…)`, `cmake -P <(…)`) where that command fetches
    // or decodes: the payload is run as `curl … | sh` runs it.
    for f in findings {
        let Some(from) = f.effects.iter().find_map(|e| match e {
            Effect::Run {
                code: Code::Output { word: from },
            } => Some(from),
            _ => None,
        }) else {
            continue;
        };
        let src = cmds.iter().find(|c| {
            c.part == f.part
                && c.origin == Origin::ProcessSubstitution
                && is_fetch_or_decode(c)
                && from.contains(c.text.trim())
        });
        if let Some(src) = src {
            out.push(Verdict::Hard {
                category: "remote-code",
                reason: format!(
                    "{} feeds a payload to {} through {}, which runs it unseen",
                    src.program().unwrap_or("?"),
                    f.argv.first().map(String::as_str).unwrap_or("?"),
                    crate::decision::cause::one_line(from, 60)
                ),
                command: crate::decision::cause::one_line(&src.text, 200),
            });
        }
    }
    // Credentials together with network egress.
    let egress = cmds.iter().any(|c| {
        c.program().is_some_and(|p| NETWORK.contains(&p))
            || c.exec
                .iter()
                .any(|w| w.contains("/dev/tcp/") || w.contains("/dev/udp/"))
            || c.redirects
                .iter()
                .any(|r| r.target.contains("/dev/tcp/") || r.target.contains("/dev/udp/"))
    });
    if egress {
        let cred = findings
            .iter()
            .flat_map(|f| f.reads.iter())
            .find(|p| is_credential(p, ctx))
            .cloned()
            .or_else(|| cmds.iter().find_map(|c| credential_word(c, ctx)));
        if let Some(p) = cred {
            out.push(Verdict::Hard {
                category: "exfiltration",
                reason: format!(
                    "reads the credential {} and talks to the network in the same command",
                    p.display()
                ),
                command: crate::decision::cause::one_line(
                    &cmds
                        .iter()
                        .map(|c| c.text.as_str())
                        .collect::<Vec<_>>()
                        .join("; "),
                    200,
                ),
            });
        }
    }
    out
}

/// `f(){ f|f& };f`: a function piping itself into itself, then called.
fn fork_bomb_shape(cmds: &[SimpleCommand]) -> Option<Verdict> {
    for (i, a) in cmds.iter().enumerate() {
        let Some(name) = a.program() else { continue };
        let piped_twin = cmds
            .iter()
            .skip(i + 1)
            .any(|b| b.program() == Some(name) && b.piped_stdin && b.part == a.part);
        let called = cmds.iter().filter(|b| b.program() == Some(name)).count() >= 3;
        if piped_twin && called {
            return Some(Verdict::Hard {
                category: "fork-bomb",
                reason: format!("the function {name} starts copies of itself without end"),
                command: crate::decision::cause::one_line(&a.text, 200),
            });
        }
    }
    None
}

fn fork_bomb(text: &str) -> Option<Verdict> {
    let t: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let pos = t.find("(){")?;
    let name: String = t[..pos]
        .chars()
        .rev()
        .take_while(|c| !matches!(c, ';' | '&' | '|' | '{' | '}' | '(' | ')'))
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    let name = name.trim_start_matches("function");
    if name.is_empty() {
        return None;
    }
    let body = &t[pos + 3..];
    if body.contains(&format!("{name}|{name}")) {
        return Some(Verdict::Hard {
            category: "fork-bomb",
            reason: format!("the function {name} starts copies of itself without end"),
            command: crate::decision::cause::one_line(text, 200),
        });
    }
    None
}

fn is_fetch_or_decode(c: &SimpleCommand) -> bool {
    let Some(p) = c.program() else { return false };
    let args = c.exec.get(1..).unwrap_or(&[]);
    FETCHERS.contains(&p)
        || (p == "base64"
            && args
                .iter()
                .any(|a| matches!(a.as_str(), "-d" | "--decode" | "-D")))
        || (p == "xxd" && args.iter().any(|a| a == "-r" || a.starts_with("-r")))
        || (p == "openssl" && args.iter().any(|a| a == "-d" || a == "base64"))
        || matches!(p, "uudecode" | "rev" | "base32" | "basenc")
        || (p == "tr" && args.len() >= 2)
        || (p == "printf" && args.iter().any(|a| a.contains("\\x") || a.contains("\\0")))
}

/// A shell or interpreter whose program comes from stdin, a process substitution, or a
/// run-time string.
fn runs_unknown_code(c: &SimpleCommand) -> bool {
    let Some(p) = c.program() else { return false };
    let args = c.exec.get(1..).unwrap_or(&[]);
    let base = p.trim_end_matches(|ch: char| ch.is_ascii_digit() || ch == '.');
    let runner = RUNNERS.contains(&p) || RUNNERS.contains(&base);
    if p == "eval" || p == "source" || p == "." {
        return true;
    }
    if !runner {
        return false;
    }
    let script_args: Vec<&String> = args.iter().filter(|a| !a.starts_with('-')).collect();
    (c.piped_stdin && script_args.is_empty())
        || args
            .iter()
            .any(|a| a.starts_with("<(") || a == "/dev/stdin" || a == "-")
        || (args.iter().any(|a| a == "-c" || a == "-e")
            && args.iter().any(|a| a.contains("$(") || a.contains('`')))
}

fn is_credential(p: &Path, ctx: &JudgeCtx) -> bool {
    matches!(
        super::core::path_class(p, Access::Read, ctx),
        Some(PathClass::Credential { .. })
    )
}

/// A word of any command that names a credential file (`@~/.ssh/id_rsa`, `f=@~/.aws/…`),
/// leaving out ssh's own `-i KEY`.
fn credential_word(c: &SimpleCommand, ctx: &JudgeCtx) -> Option<PathBuf> {
    let mut skip = false;
    for w in c.exec.iter().skip(1) {
        if skip {
            skip = false;
            continue;
        }
        if w == "-i" && matches!(c.program(), Some("ssh" | "scp" | "sftp")) {
            skip = true;
            continue;
        }
        let w = w.rsplit_once('@').map(|(_, r)| r).unwrap_or(w);
        let w = w.rsplit_once('=').map(|(_, r)| r).unwrap_or(w);
        let w = w.trim_start_matches('<');
        if !(w.starts_with('/') || w.starts_with('~')) {
            continue;
        }
        let p = paths::lexical(w, Path::new("/"), ctx.home);
        if is_credential(&p, ctx) {
            return Some(p);
        }
    }
    None
}
