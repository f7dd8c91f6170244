//! The tier of a command from its effects: [`effect_class`] for every program described
//! by a grammar ([`from_effects`], its look), [`catalogue_class`] for the CLIs the
//! catalogues (`catalog`) describe, which add the category their entry names for the reason
//! line. What a command does to the world beyond its local paths — remote state
//! (`Effect::Remote`), privileges, the network, code installed from a package registry —
//! is one table of decisions ([`remote_tier`]) both read.
//!
//! Remote reads are routine (they change nothing; what they print is the person's own
//! data). Creating, changing, deleting, publishing and granting are asked about (soft);
//! destroying with no way back (`Change::Wipe`) is denied (hard). A package installed by
//! name from a registry runs its code (install scripts, build backends): soft, so the
//! person or the reviewer names it; code fetched from any other address and run is hard.
//! Acting with other privileges is soft, and so is a change to this machine's services,
//! what starts by itself or the settings later processes get (`Effect::System`: category
//! `persistence` when it outlasts what runs now, else `system`), and so is what a program
//! does to the host itself (`Effect::Host`: its security controls, accounts or power
//! changed, another process or the person's screen, clipboard or terminal observed or
//! typed into, a debugger exposed to the network), under the act's category. A network exchange a
//! grammar names is not understood yet; a catalogue's described fetch (no data sent) is
//! routine, and so is inline Python's GET of a literal public URL, which its grammar
//! describes whole (`code::pure_python`).

use super::core::{Class, Look};
use crate::analysis::effects::{Change, Code, Effect, RepoOp, SystemChange};

/// The scheme of a package reference (`pkg:npm/left-pad`, the package-URL form): code a
/// package manager fetches from its registry by name.
pub(crate) const PACKAGE_URL: &str = "pkg:";

/// A package reference for `manager` and `name` (`pkg:npm/left-pad`).
pub(crate) fn package_url(manager: &str, name: &str) -> String {
    format!("{PACKAGE_URL}{manager}/{name}")
}

/// Is this code a package fetched from a registry by name?
pub(crate) fn is_package(code: &Code) -> bool {
    matches!(code, Code::Network { url: Some(u) } if u.starts_with(PACKAGE_URL))
}

/// The category a remote change is reported under when no catalogue names one.
pub(crate) fn default_category(change: Change) -> &'static str {
    match change {
        Change::Read | Change::Create | Change::Modify => "infrastructure",
        Change::Destroy | Change::Wipe => "deletion",
        Change::Publish => "publish",
        Change::Permission => "permissions",
    }
}

/// The tier of the remote, privilege and package effects among `effects`, or `None` when
/// there are none that are not routine. (Network exchanges are the caller's: a grammar
/// that names a URL is not understood yet; a catalogue that describes a fetch says so.) `category` is the catalogue's name for
/// the action (`None`: derived from the change).
pub(crate) fn remote_tier(effects: &[Effect], category: Option<&'static str>) -> Option<Class> {
    let cat = |c: Change| category.unwrap_or_else(|| default_category(c));
    if let Some(e) = effects.iter().find(|e| {
        matches!(
            e,
            Effect::Remote {
                change: Change::Wipe,
                ..
            }
        )
    }) {
        return Some(Class::Hard {
            category: cat(Change::Wipe),
            reason: e.phrase(),
        });
    }
    if let Some(e) = effects
        .iter()
        .find(|e| matches!(e, Effect::Run { code } if is_package(code)))
    {
        return Some(Class::Soft {
            category: "install",
            reason: e.phrase(),
        });
    }
    // The strongest change decides the category.
    if let Some((e, change)) = effects
        .iter()
        .filter_map(|e| match e {
            Effect::Remote { change, .. } if *change != Change::Read => Some((e, *change)),
            _ => None,
        })
        .max_by_key(|(_, c)| *c)
    {
        return Some(Class::Soft {
            category: cat(change),
            reason: e.phrase(),
        });
    }
    // This machine's services, what starts by itself and the settings later processes
    // get: asked about, as persistence when it outlasts the running services.
    if let Some((e, how)) = effects
        .iter()
        .filter_map(|e| match e {
            Effect::System { how, .. } => Some((e, *how)),
            _ => None,
        })
        .max_by_key(|(_, h)| *h != SystemChange::Running)
    {
        return Some(Class::Soft {
            category: category.unwrap_or(match how {
                SystemChange::Running => "system",
                SystemChange::Persist | SystemChange::Settings => "persistence",
            }),
            reason: e.phrase(),
        });
    }
    // What a program does to the host itself (its security controls, accounts, power;
    // another process, the screen, the clipboard or a terminal observed or typed into; a
    // debugger exposed): asked about, under the act's own category.
    if let Some((e, act)) = effects.iter().find_map(|e| match e {
        Effect::Host { act, .. } => Some((e, *act)),
        _ => None,
    }) {
        return Some(Class::Soft {
            category: category.unwrap_or(act.category()),
            reason: e.phrase(),
        });
    }
    if let Some(e) = effects
        .iter()
        .find(|e| matches!(e, Effect::Privilege { .. }))
    {
        return Some(Class::Soft {
            category: category.unwrap_or("privilege"),
            reason: e.phrase(),
        });
    }
    None
}

/// The tier of a command a catalogue describes: the same decisions as
/// [`effect_class`], with the entry's category on soft and hard answers and its
/// reason line (`reason`) in place of a phrase where the effects agree.
pub(crate) fn catalogue_class(reason: &str, category: &'static str, effects: &[Effect]) -> Class {
    // What is denied outright comes first: an effect the floor does not understand does
    // not hide one it knows to be beyond repair.
    if effects.iter().any(|e| matches!(e, Effect::Secret { .. })) {
        return Class::Hard {
            category: "credential",
            reason: reason.to_string(),
        };
    }
    if effects.iter().any(|e| {
        matches!(
            e,
            Effect::Remote {
                change: Change::Wipe,
                ..
            }
        )
    }) {
        return Class::Hard {
            category,
            reason: reason.to_string(),
        };
    }
    if effects.iter().any(|e| {
        matches!(e, Effect::Run { code } if matches!(code, Code::Network { .. }) && !is_package(code))
    }) {
        return Class::Hard {
            category: "remote-code",
            reason: reason.to_string(),
        };
    }
    if let Some(Effect::Unknown { why }) = effects.iter().find(|e| e.is_unknown()) {
        return Class::Unknown {
            reason: why.clone(),
        };
    }
    // The project's code runs only under the build runners' baseline, which a catalogue
    // does not consult.
    if let Some(e) = effects.iter().find(|e| {
        matches!(
            e,
            Effect::Run {
                code: Code::Project { .. } | Code::Pinned { .. }
            }
        )
    }) {
        return Class::Unknown { reason: e.phrase() };
    }
    if effects.iter().any(|e| {
        matches!(
            e,
            Effect::Run {
                code: Code::Hidden { .. }
                    | Code::Inline { .. }
                    | Code::File { .. }
                    | Code::Output { .. }
            }
        )
    }) {
        return Class::Soft {
            category: if category.is_empty() {
                "runs-code"
            } else {
                category
            },
            reason: reason.to_string(),
        };
    }
    // A catalogue describes the fetches it knows (a GET, a ping); what is sent is not
    // judged here (the secret-flow checks are), so anything sent is not understood.
    if let Some(e) = effects
        .iter()
        .find(|e| matches!(e, Effect::Net { sends, .. } if !sends.is_empty()))
    {
        return Class::Unknown { reason: e.phrase() };
    }
    // A described fetch reaches what its URL names: a service of this machine or its
    // network not written plainly (a private name, a public name for loopback, a control
    // daemon's port) is what `WebFetch` of that URL is, not ordinary (`web::held_service`).
    if let Some((url, at, why)) = effects.iter().find_map(|e| match e {
        Effect::Net {
            url: Some(u),
            sends,
            ..
        } if sends.is_empty() => {
            crate::context::web::held_service(u).map(|(at, why)| (u.clone(), at, why))
        }
        _ => None,
    }) {
        return Class::Unknown {
            reason: format!(
                "fetches {}, which reaches {at}, a service of this machine or its network: the URL {why}",
                crate::decision::cause::one_line(&url, 80)
            ),
        };
    }
    match remote_tier(effects, (!category.is_empty()).then_some(category)) {
        Some(Class::Unknown { reason: r }) => Class::Unknown { reason: r },
        Some(Class::Soft { category, .. }) => Class::Soft {
            category,
            reason: reason.to_string(),
        },
        Some(Class::Hard { category, .. }) => Class::Hard {
            category,
            reason: reason.to_string(),
        },
        Some(c) => c,
        None => {
            if effects.iter().any(|e| matches!(e, Effect::Delete { .. })) {
                Class::Soft {
                    category: "deletion",
                    reason: reason.to_string(),
                }
            } else {
                Class::Routine {
                    reason: reason.to_string(),
                }
            }
        }
    }
}

/// A program described by a grammar: its effects decide its class and paths.
pub(crate) fn from_effects(does: &str, effects: Vec<Effect>) -> Look {
    let mut look = Look::routine(does);
    look.class = effect_class(does, &effects);
    for e in &effects {
        match e {
            Effect::Read { path, .. } => look.reads.push(path.clone()),
            Effect::Write { path, .. } | Effect::Delete { path, .. } => {
                look.writes.push(path.clone())
            }
            _ => {}
        }
    }
    look.effects = effects;
    look
}

/// The tier of a command from its effects: unknown effects make it unknown, code the
/// floor cannot see makes it soft, and reads and writes are left to the path floor.
pub(crate) fn effect_class(does: &str, effects: &[Effect]) -> Class {
    if let Some(Effect::Unknown { why }) = effects.iter().find(|e| e.is_unknown()) {
        return Class::Unknown {
            reason: why.clone(),
        };
    }
    if let Some(e) = effects.iter().find(|e| matches!(e, Effect::Secret { .. })) {
        return Class::Hard {
            category: "credential",
            reason: e.phrase(),
        };
    }
    if let Some(e) = effects.iter().find(|e| {
        matches!(
            e,
            Effect::Run {
                code: Code::Hidden { .. }
                    | Code::Inline { .. }
                    | Code::File { .. }
                    | Code::Output { .. }
            }
        )
    }) {
        return Class::Soft {
            category: "runs-code",
            reason: e.phrase(),
        };
    }
    if let Some(e) = effects.iter().find(|e| {
        matches!(e, Effect::Run { code } if matches!(code, Code::Network { .. }) && !is_package(code))
    }) {
        return Class::Hard {
            category: "remote-code",
            reason: e.phrase(),
        };
    }
    // Remote state, privileges, the network and packages: one table (below).
    if let Some(c) = remote_tier(effects, None) {
        return c;
    }
    if let Some(e) = effects.iter().find(|e| matches!(e, Effect::Net { .. })) {
        return Class::Unknown { reason: e.phrase() };
    }
    // Deleting is asked about: what is deleted cannot be shown to be recoverable cheaply
    // (the destructive tier raises catastrophic targets to hard). The exception is a
    // delete git records in its index without discarding work (`git rm`, `git mv`
    // without `--force`): the content is still in the last commit.
    let staged = effects.iter().any(|e| {
        matches!(
            e,
            Effect::Repo {
                op: RepoOp::Stage,
                ..
            }
        )
    });
    let discards = effects.iter().any(|e| {
        matches!(
            e,
            Effect::Repo {
                op: RepoOp::Rewrite,
                ..
            }
        )
    });
    let deletes: Vec<String> = effects
        .iter()
        .filter(|e| matches!(e, Effect::Delete { .. }))
        .map(Effect::phrase)
        .collect();
    if !deletes.is_empty() && (!staged || discards) {
        return Class::Soft {
            category: "deletion",
            reason: summary(&deletes),
        };
    }
    Class::Routine {
        reason: routine_reason(does, effects),
    }
}

/// What a routine command does, from its effects: what it changes when it changes
/// something ("creates the directory src/x"), else what the program does ("prints
/// files").
fn routine_reason(does: &str, effects: &[Effect]) -> String {
    let changes: Vec<String> = effects
        .iter()
        .filter(|e| matches!(e, Effect::Write { .. }))
        .map(Effect::phrase)
        .collect();
    if changes.is_empty() {
        does.to_string()
    } else {
        summary(&changes)
    }
}

/// Up to three phrases, then a count of the rest.
fn summary(phrases: &[String]) -> String {
    let mut s = phrases
        .iter()
        .take(3)
        .cloned()
        .collect::<Vec<_>>()
        .join(", ");
    if phrases.len() > 3 {
        s.push_str(&format!(" and {} more", phrases.len() - 3));
    }
    s
}
