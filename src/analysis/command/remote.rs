//! Commands that run on another machine: the command string of `ssh HOST CMD`, which the
//! host's shell runs. The shell analysis marks each of its commands with the host
//! ([`SimpleCommand::remote`]); the judge classifies them with the same tables as local
//! commands, in a working directory that is not known (the remote shell starts in the
//! remote home, which gatehook does not know), then [`on_host`] turns that into the tier
//! of the same command over there:
//!
//! - its paths are the host's, not this machine's: none reaches the local path floor;
//! - what is denied here is denied there (the host's root, home and credentials, code
//!   from the network), and a credential store read where the agent sees it stays a
//!   credential read;
//! - a routine command that only reads is routine there, unless it reads a file that holds
//!   secrets by its name or kind (`.env`, `id_rsa`, `*.pem`, `.pgpass`: the protected
//!   tier, judged by name for a relative word), which is asked about as it is here;
//! - everything else — a write, a delete, a build, a command not known to be routine — is
//!   asked about (soft): never a hard deny for what would be soft here.

use super::core::{one_line, path_class, Class, JudgeCtx, Look};
use crate::analysis::effects::{Change, Effect};
use crate::analysis::shell::SimpleCommand;
use crate::context::floor::{Access, PathClass};
use std::path::Path;

/// The category of what a command does on an ssh host.
const CATEGORY: &str = "remote";

/// Where a relative name on an ssh host is placed to be judged by its name alone: a
/// directory no rule of the path floor names (the remote working directory is not known).
const REMOTE_PLACE: &str = "/nonexistent-remote-directory";

/// Turn the local judgement of a command (`look`) into its judgement on `host`.
pub(super) fn on_host(look: &mut Look, host: &str, sc: &SimpleCommand, ctx: &JudgeCtx) {
    let text = one_line(&sc.text);
    let credential = look.reads.iter().find_map(|w| {
        // A relative word names something below a directory that is not known.
        let p = Path::new(w);
        if !p.is_absolute() {
            return None;
        }
        match path_class(p, Access::Read, ctx) {
            Some(PathClass::Credential { what }) => Some((w.clone(), what)),
            _ => None,
        }
    });
    // A file that holds secrets by its name or kind (`.env`, `id_rsa`, `*.pem`,
    // `.pgpass`, `master.key`…) holds them on any host: reading its contents there (into the
    // agent's view, or into a local file by the ssh command's redirection) is asked
    // about, as it is here. A relative name is below a directory that is not known, so
    // it is judged by its name alone (placed under a root no rule names).
    let protected = look.reads.iter().find_map(|w| {
        // Names and metadata (`ls`, `stat`) show no contents.
        let metadata_only = look.effects.iter().any(|e| {
            matches!(e, Effect::Read { path, reach: crate::analysis::effects::Reach::Metadata } if path == w)
        });
        if metadata_only {
            return None;
        }
        let p = Path::new(w);
        let at = if p.is_absolute() {
            p.to_path_buf()
        } else {
            Path::new(REMOTE_PLACE).join(p)
        };
        match path_class(&at, Access::Read, ctx) {
            Some(PathClass::Protected { what }) => Some((w.clone(), what)),
            _ => None,
        }
    });
    // Lines searched for a secret's name there (`grep -r PASSWORD /etc`), shown to the
    // agent: the host's files cannot be checked for what they hold, so this is what the
    // Grep tool's content search outside the workspace is here — a secret read.
    let protected = protected.or_else(|| {
        secret_lines(&sc.argv).map(|word| {
            (
                format!("the lines matching `{word}`"),
                crate::context::floor::SECRET_LINES_OUTSIDE,
            )
        })
    });
    let class = std::mem::replace(
        &mut look.class,
        Class::Unknown {
            reason: String::new(),
        },
    );
    let (class, change) = match (class, credential) {
        (c @ Class::Hard { .. }, _) => (c, Change::Modify),
        (_, Some((w, what))) => (
            Class::Hard {
                category: "credential",
                reason: format!(
                    "on {host}, `{text}` reads {w} ({what}) where the agent sees it"
                ),
            },
            Change::Read,
        ),
        (class, None) => match class {
        Class::Soft { category, reason } => (
            Class::Soft {
                category,
                reason: format!("on {host}: {reason}"),
            },
            Change::Modify,
        ),
        Class::Routine { reason } if look.writes.is_empty() => (
            Class::Routine {
                reason: format!("on {host}: {reason}"),
            },
            Change::Read,
        ),
        Class::Routine { .. } => (
            Class::Soft {
                category: CATEGORY,
                reason: format!(
                    "on {host}, `{text}` writes {}",
                    look.writes.first().map(String::as_str).unwrap_or("a file")
                ),
            },
            Change::Modify,
        ),
        Class::Build { .. } | Class::BuildFilesChanged { .. } => (
            Class::Soft {
                category: "runs-code",
                reason: format!(
                    "on {host}, `{text}` runs the project's code there, whose files gatehook cannot see"
                ),
            },
            Change::Modify,
        ),
        Class::Unknown { reason } => (
            Class::Soft {
                category: CATEGORY,
                reason: format!("on {host}, `{text}` is not known to be routine: {reason}"),
            },
            Change::Modify,
        ),
        c @ Class::Hard { .. } => (c, Change::Modify),
        },
    };
    let (class, change) = match (class, protected) {
        // Already asked about (or denied): it stays so.
        (c @ (Class::Hard { .. } | Class::Soft { .. }), _) | (c, None) => (c, change),
        (_, Some((w, what))) => (
            Class::Soft {
                category: "protected",
                reason: format!(
                    "on {host}, `{text}` reads {w} ({what}), which holds secrets there as here"
                ),
            },
            change,
        ),
    };
    look.class = class;
    // What it deletes there (a path, a ref, remote state) destroys state on the host.
    let destroys = look.effects.iter().any(|e| {
        matches!(
            e,
            Effect::Delete { .. }
                | Effect::Repo {
                    op: crate::analysis::effects::RepoOp::DeleteRef
                        | crate::analysis::effects::RepoOp::Rewrite,
                    ..
                }
                | Effect::Remote {
                    change: Change::Destroy | Change::Wipe,
                    ..
                }
        )
    });
    let change = if destroys && change == Change::Modify {
        Change::Destroy
    } else {
        change
    };
    // None of its paths is this machine's.
    look.reads.clear();
    look.writes.clear();
    look.uses_cwd = false;
    // Secrets it prints, and what it does beyond the host's files (services it reaches,
    // hosts it talks to, code it fetches), are as true there as here.
    let secrets: Vec<Effect> = look
        .effects
        .drain(..)
        .filter(|e| {
            matches!(
                e,
                Effect::Secret { .. }
                    | Effect::Remote { .. }
                    | Effect::Net { .. }
                    | Effect::Run {
                        code: crate::analysis::effects::Code::Network { .. }
                    }
            )
        })
        .collect();
    look.effects = std::iter::once(Effect::Remote {
        service: "ssh".into(),
        action: text,
        target: Some(host.to_string()),
        change,
    })
    .chain(secrets)
    .collect();
}

/// The secret's name a content search shows the matching lines of (`grep -ri password
/// /etc`, `rg TOKEN`, `git grep api_key`): a word of the command that names a secret
/// ([`SECRET_NAME_WORDS`](crate::context::floor::sensitive::SECRET_NAME_WORDS)), in a
/// search that prints lines (not only names, counts or a status).
fn secret_lines(argv: &[String]) -> Option<String> {
    let prog = argv.first()?.rsplit('/').next()?;
    let args: &[String] = match prog {
        "grep" | "egrep" | "fgrep" | "zgrep" | "rg" | "ag" | "ack" => &argv[1..],
        "git" if argv.get(1).is_some_and(|a| a == "grep") => &argv[2..],
        _ => return None,
    };
    // Short options, alone or in a cluster (`-rl`); ripgrep's `-L` follows links.
    let short: &[char] = if prog == "rg" {
        &['l', 'c', 'q']
    } else {
        &['l', 'L', 'c', 'q']
    };
    let names_only = args.iter().any(|a| {
        a.strip_prefix('-')
            .filter(|c| !c.starts_with('-'))
            .is_some_and(|c| c.chars().any(|ch| short.contains(&ch)))
            || matches!(
                a.as_str(),
                "--files-with-matches"
                    | "--files-without-match"
                    | "--count"
                    | "--quiet"
                    | "--silent"
            )
    });
    if names_only {
        return None;
    }
    args.iter().find_map(|a| {
        let lower = a.to_ascii_lowercase();
        crate::context::floor::sensitive::SECRET_NAME_WORDS
            .iter()
            .any(|w| lower.contains(w))
            .then(|| one_line(a))
    })
}
