//! The tier of what a command does to the world beyond its local paths: remote state
//! (`Effect::Remote`), privileges, the network, and code installed from a package registry.
//! One table of decisions, read by [`super::effect_class`] for every program described by a
//! grammar and by the catalogues (`catalog`) for the CLIs they describe, which add the
//! category their entry names for the reason line.
//!
//! Remote reads are routine (they change nothing; what they print is the person's own
//! data). Creating, changing, deleting, publishing and granting are asked about (soft);
//! destroying with no way back (`Change::Wipe`) is denied (hard). A package installed by
//! name from a registry runs its code (install scripts, build backends): soft, so the
//! person or the reviewer names it; code fetched from any other address and run is hard.
//! Acting with other privileges is soft, and so is a change to this machine's services,
//! what starts by itself or the settings later processes get (`Effect::System`: category
//! `persistence` when it outlasts what runs now, else `system`). A network exchange a
//! grammar names is not understood yet; a catalogue's described fetch (no data sent) is
//! routine.

use super::Class;
use crate::analysis::effects::{Change, Code, Effect, SystemChange};

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
/// [`super::effect_class`], with the entry's category on soft and hard answers and its
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
                code: Code::Hidden { .. } | Code::Inline { .. } | Code::File { .. }
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
