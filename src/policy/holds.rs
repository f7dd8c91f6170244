//! Holds: when the person says not to do something ("don't push yet", "never touch prod",
//! "no new dependencies"), calls of that action class ask them first, quoting their words,
//! until a later message of theirs permits it ("ok, push it now"). Deterministic: a small,
//! documented phrase grammar over the person's own messages (English), and the action
//! classes of a call read from its typed effects ([`classes_of_effects`]), never from its
//! name. Pure: messages and effects come in as values.
//!
//! Grammar, per clause (a message is split on `.`, `!`, `?`, `;`, newlines and the words
//! "but", "and then", "then"):
//! - a *hold* is a negation (`don't`, `do not`, `dont`, `never`, `no`, `not`, `stop`,
//!   `avoid`, `without`, `hold off on`, `refrain from`, `wait before`) followed, within a
//!   few words, by a class word (`push`, `commit`, `deploy`/`publish`/`release`/`ship`,
//!   `delete`/`remove`/`rm`/`drop`/`wipe`, `install`/`dependencies`/`packages`,
//!   `network`/`internet`/`download`, `prod`/`production`), or a class word a few words
//!   before a negation that forbids (`pushing is not allowed`, `not ok`, `not permitted`);
//!   a class word before any other negation is none ("install it if not already there",
//!   "a commit that never breaks the build");
//! - a negation followed by `forget`, `hesitate`, `worry`, `mind` or `wait` is not a hold
//!   ("don't forget to push" asks for a push);
//! - a clause naming a class word without a negation, in a message after the hold,
//!   *lifts* it ("ok, push it now", "go ahead and deploy").

use serde::{Deserialize, Serialize};

/// Classes of action a person can put on hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ActionClass {
    Push,
    Commit,
    Deploy,
    Delete,
    Install,
    Network,
    Production,
}

impl ActionClass {
    /// How the reason line names the class: "You asked me not to …".
    pub fn phrase(self) -> &'static str {
        match self {
            ActionClass::Push => "push code to a remote",
            ActionClass::Commit => "commit",
            ActionClass::Deploy => "deploy, publish or release",
            ActionClass::Delete => "delete things",
            ActionClass::Install => "install or add dependencies",
            ActionClass::Network => "use the network",
            ActionClass::Production => "touch production",
        }
    }
}

/// A hold set by the person's words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hold {
    pub class: ActionClass,
    /// The clause that set it, as they wrote it (trimmed, bounded).
    pub quote: String,
    /// Index of the message that set it (0 = first).
    pub message: usize,
}

const NEGATIONS: &[&[&str]] = &[
    &["don't"],
    &["dont"],
    &["do", "not"],
    &["never"],
    &["no"],
    &["not"],
    &["stop"],
    &["avoid"],
    &["without"],
    &["hold", "off"],
    &["refrain", "from"],
    &["wait", "before"],
    &["shouldn't"],
    &["mustn't"],
    &["must", "not"],
    &["should", "not"],
];

/// Words right after a negation that turn it into an encouragement.
const NOT_A_HOLD: &[&str] = &["forget", "hesitate", "worry", "mind", "wait", "be", "need"];

/// How far (in words) a class word may follow its negation.
const WINDOW: usize = 5;

/// Words right after a negation that make it forbid what came just before it ("pushing is
/// not allowed", "deploys are not ok"): only then does a class word before a negation
/// count. Elsewhere a class word before one is no hold ("install it if not already there",
/// "a commit that never breaks the build").
const FORBIDS: &[&str] = &[
    "allowed",
    "permitted",
    "ok",
    "okay",
    "acceptable",
    "authorized",
    "authorised",
    "approved",
    "wanted",
];

fn class_of_word(w: &str) -> Option<ActionClass> {
    use ActionClass::*;
    Some(match w {
        "push" | "pushing" | "force-push" => Push,
        "commit" | "committing" | "commits" => Commit,
        "deploy" | "deploying" | "deployment" | "deploys" | "publish" | "publishing"
        | "release" | "releasing" | "ship" | "shipping" => Deploy,
        "delete" | "deleting" | "remove" | "removing" | "rm" | "drop" | "dropping" | "wipe"
        | "erase" | "destroy" => Delete,
        "install" | "installing" | "dependencies" | "dependency" | "deps" | "packages"
        | "package" => Install,
        "network" | "internet" | "download" | "downloading" | "online" => Network,
        "prod" | "production" => Production,
        _ => return None,
    })
}

fn words(clause: &str) -> Vec<String> {
    clause
        .split(|c: char| {
            c.is_whitespace() || c == ',' || c == '(' || c == ')' || c == '"' || c == '`'
        })
        .map(|w| {
            w.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'' && c != '-')
                .replace('’', "'")
                .to_lowercase()
        })
        .filter(|w| !w.is_empty())
        .collect()
}

fn clauses(message: &str) -> Vec<String> {
    let mut out = Vec::new();
    for piece in message.split(['.', '!', '?', ';', '\n']) {
        let lower = piece.to_lowercase();
        let mut rest = lower.as_str();
        let mut start = 0usize;
        // Split on " but " and " then " so "don't push, but commit" holds only push.
        loop {
            let cut = [" but ", " then ", " however "]
                .iter()
                .filter_map(|sep| rest.find(sep).map(|i| (i, sep.len())))
                .min();
            match cut {
                Some((i, len)) => {
                    out.push(piece.get(start..start + i).unwrap_or("").to_string());
                    start += i + len;
                    rest = lower.get(start..).unwrap_or("");
                }
                None => {
                    out.push(piece.get(start..).unwrap_or("").to_string());
                    break;
                }
            }
        }
    }
    out.into_iter().filter(|c| !c.trim().is_empty()).collect()
}

/// What one clause says: classes held, classes permitted. A class word is held when it
/// follows a negation within [`WINDOW`] words ("don't push", "do not, under any
/// circumstances, deploy"), or precedes within [`WINDOW`] words a negation that forbids
/// ("pushing is not allowed"); a clause with a negation permits nothing.
fn read_clause(clause: &str) -> (Vec<ActionClass>, Vec<ActionClass>) {
    let ws = words(clause);
    let mut held = Vec::new();
    // Index ranges of the words a negation covers.
    let mut covered: Vec<std::ops::Range<usize>> = Vec::new();
    let mut negated = false;
    let mut i = 0;
    while i < ws.len() {
        if let Some(neg) = NEGATIONS.iter().find(|n| {
            ws.get(i..i + n.len())
                .map(|s| s.iter().zip(n.iter()).all(|(a, b)| a == b))
                .unwrap_or(false)
        }) {
            let after = i + neg.len();
            let next = ws.get(after).map(String::as_str);
            let encouraging = next.is_some_and(|w| NOT_A_HOLD.contains(&w));
            negated = true;
            if !encouraging {
                covered.push(after..after + WINDOW);
                if next.is_some_and(|w| FORBIDS.contains(&w)) {
                    covered.push(i.saturating_sub(WINDOW)..i);
                }
            }
            i = after;
            continue;
        }
        i += 1;
    }
    let mut permitted = Vec::new();
    for (idx, w) in ws.iter().enumerate() {
        if let Some(c) = class_of_word(w) {
            if covered.iter().any(|r| r.contains(&idx)) {
                if !held.contains(&c) {
                    held.push(c);
                }
            } else if !negated && !permitted.contains(&c) {
                permitted.push(c);
            }
        }
    }
    (held, permitted)
}

/// The clauses of a message that name an action class (so may set or lift a hold), one
/// per line, or `None`: what the compaction of the session's prompts file keeps of an
/// older message so that the holds it set or lifted stay as they were.
pub fn action_clauses(message: &str) -> Option<String> {
    let kept: Vec<String> = clauses(message)
        .into_iter()
        .filter(|c| {
            let (held, permitted) = read_clause(c);
            !held.is_empty() || !permitted.is_empty()
        })
        .map(|c| crate::context::state::cap_text(c.trim(), 1024))
        .collect();
    (!kept.is_empty()).then(|| kept.join("\n"))
}

/// The holds in force after the person's messages, oldest first.
pub fn holds_from(messages: &[String]) -> Vec<Hold> {
    let mut holds: Vec<Hold> = Vec::new();
    for (m, msg) in messages.iter().enumerate() {
        for clause in clauses(msg) {
            let (held, permitted) = read_clause(&clause);
            // A later permission lifts holds set by earlier messages only.
            holds.retain(|h| !(permitted.contains(&h.class) && h.message < m));
            for c in held {
                holds.retain(|h| h.class != c);
                holds.push(Hold {
                    class: c,
                    quote: crate::decision::cause::one_line(clause.trim(), 160),
                    message: m,
                });
            }
        }
    }
    holds
}

/// Action classes of what a call does, from its typed effects (the command floor's for a
/// shell command, the MCP input's for a tool call): nothing is classed by its name.
///
/// - *Delete*: a path deleted (`rm`, `find -delete`, `tar --remove-files`, `rsync
///   --remove-source-files`), a ref deleted (`git branch -d`, `git tag -d`), remote state
///   destroyed or wiped (`kubectl delete`, `terraform destroy`, `DROP TABLE`).
/// - *Network*: any exchange with another host (`Net`), any remote service reached
///   (`Remote`), code fetched from the network.
/// - *Push*: a git push (`Remote{service: git, change: Publish}`).
/// - *Deploy*: anything else published or shipped (`Change::Publish`: a package, a
///   release, an image, a deploy — `kubectl apply`, `helm install`, `terraform apply`,
///   `cdk deploy`, `gh release create`, `npm publish`).
/// - *Install*: a package fetched from a registry by name and run (`npm install x`, `pip
///   install x`, `brew install x`: `Code::Network` with a `pkg:` reference), the packages
///   the project pins installed (`npm ci`, `uv sync`, `uv run`'s sync, `dotnet restore`,
///   the images `docker compose up` pulls: `Code::Pinned`),
///   or any other code fetched from the network and run.
/// - *Commit*: a commit recorded (`git commit`, `merge`, `cherry-pick`, `rebase`,
///   `commit --amend`).
/// - *Production*: a target, context, path or address the effect names mentions
///   production (`prod`, `production` or `prd` as a word: `--context prod-eu`,
///   `s3://prod-bucket`, `deploy@prod-1`, a unit `api-prod.service`).
///
/// A debugger or control interface exposed to the network (`Effect::Host` of
/// `HostAct::Expose`) is *Network*. A change to this machine's services or settings
/// (`Effect::System`: `systemctl restart`, `launchctl load`), or another act on the host
/// itself (`Effect::Host`: its firewall, accounts, a process observed) is none of the others: it reaches no other host,
/// publishes, deletes, installs or commits nothing.
///
/// An effect the floor does not understand is none of these: it may be any of them, which
/// [`unknown_holds`] answers for.
pub fn classes_of_effects(effects: &[crate::analysis::effects::Effect]) -> Vec<ActionClass> {
    use crate::analysis::effects::{Change, Code, Effect, RepoOp};
    use ActionClass::*;
    let mut out = Vec::new();
    for e in effects {
        let found: &[ActionClass] = match e {
            Effect::Delete { .. }
            | Effect::Repo {
                op: RepoOp::DeleteRef,
                ..
            } => &[Delete],
            Effect::Net { .. } => &[Network],
            Effect::Remote {
                service, change, ..
            } => match change {
                Change::Publish if service == "git" => &[Network, Push],
                Change::Publish => &[Network, Deploy],
                Change::Destroy | Change::Wipe => &[Network, Delete],
                _ => &[Network],
            },
            Effect::Run {
                code: Code::Network { .. } | Code::Pinned { .. },
            } => &[Network, Install],
            Effect::Repo {
                op: RepoOp::Commit, ..
            } => &[Commit],
            // A debugger or control interface opened to the network: reached from it.
            Effect::Host {
                act: crate::analysis::effects::HostAct::Expose,
                ..
            } => &[Network],
            _ => &[],
        };
        for c in found {
            if !out.contains(c) {
                out.push(*c);
            }
        }
        if let Effect::Run {
            code: Code::Project {
                targets, recipe, ..
            },
        } = e
        {
            let read = classes_of_effects(recipe);
            for c in targets.iter().flat_map(|t| target_classes(t)).chain(read) {
                if !out.contains(&c) {
                    out.push(c);
                }
            }
        }
        if !out.contains(&Production) && names(e).iter().any(|n| mentions_production(n)) {
            out.push(Production);
        }
    }
    out
}

/// What a project target, script or recipe is named for (`push`, `deploy-prod`,
/// `release`, `clean`, `db:drop`): the floor does not see the code it runs, and a person
/// who said "don't push" means the project's `push` target too. Each word of the name (split
/// at anything but a letter or digit) is read as a hold's class word, and the names build
/// tools give to deleting what they made (`clean`, `distclean`, `clobber`, `purge`) as
/// deleting.
fn target_classes(name: &str) -> Vec<ActionClass> {
    let lower = name.to_lowercase();
    lower
        .split(|c: char| !c.is_alphanumeric())
        .filter_map(|w| match w {
            "clean" | "distclean" | "mrproper" | "clobber" | "purge" | "nuke" | "prune" => {
                Some(ActionClass::Delete)
            }
            "upload" => Some(ActionClass::Deploy),
            w => class_of_word(w),
        })
        .collect()
}

/// The words an effect names: its paths, addresses, targets and actions.
fn names(e: &crate::analysis::effects::Effect) -> Vec<&str> {
    use crate::analysis::effects::{Code, Effect};
    match e {
        Effect::Read { path, .. } | Effect::Write { path, .. } | Effect::Delete { path, .. } => {
            vec![path]
        }
        Effect::Unpack { archive, into, .. } => vec![archive, into],
        Effect::Run { code } => match code {
            Code::File { path } => vec![path],
            Code::Network { url: Some(u) } => vec![u],
            Code::Network { url: None }
            | Code::Inline { .. }
            | Code::Hidden { .. }
            | Code::Output { .. }
            | Code::Pinned { .. } => vec![],
            Code::Carried { text, .. } => vec![text],
            Code::Project {
                defined_by,
                targets,
                ..
            } => defined_by
                .iter()
                .chain(targets)
                .map(String::as_str)
                .collect(),
        },
        Effect::Net { url, host, sends } => url
            .iter()
            .chain(host.iter())
            .map(String::as_str)
            .chain(sends.iter().filter_map(|c| match c {
                crate::analysis::effects::Carry::Literal { text } => Some(text.as_str()),
                crate::analysis::effects::Carry::File { path } => Some(path.as_str()),
                _ => None,
            }))
            .collect(),
        Effect::Remote { action, target, .. } | Effect::System { action, target, .. } => {
            std::iter::once(action.as_str())
                .chain(target.as_deref())
                .collect()
        }
        Effect::Repo { target, .. } => target.iter().map(String::as_str).collect(),
        Effect::Secret { what } => vec![what],
        Effect::Host { target, .. } => target.iter().map(String::as_str).collect(),
        Effect::Privilege { .. } | Effect::Unknown { .. } => vec![],
    }
}

/// Does any of the effects escape the floor's understanding (a program or option outside
/// every grammar, code it cannot see)? What the floor does not understand it does not
/// allow: such a call may be any held action, so every hold in force covers it.
pub fn unknown_holds(effects: &[crate::analysis::effects::Effect]) -> bool {
    use crate::analysis::effects::{Code, Effect};
    effects.iter().any(|e| {
        matches!(
            e,
            Effect::Unknown { .. }
                | Effect::Run {
                    code: Code::Hidden { .. } | Code::Carried { .. } | Code::Output { .. }
                }
        )
    })
}

/// A word that names a production target (`prod`, `production`, `--context=prod-eu`).
fn mentions_production(word: &str) -> bool {
    let w = word.to_ascii_lowercase();
    w.split(|c: char| !c.is_ascii_alphanumeric())
        .any(|t| t == "prod" || t == "production" || t == "prd")
}

/// Action classes of a non-shell tool call, and whether it has effects the floor does not
/// understand ([`unknown_holds`]): a web fetch uses the network; an MCP call is classed by
/// the effects its input values have (`engine::mcp::effects`: SQL that destroys
/// deletes, a URL it sends to uses the network, a production database named is
/// production), and a tool whose effects its values do not show may be any held action.
pub fn classes_of_tool(
    tool: &str,
    input: &serde_json::Map<String, serde_json::Value>,
) -> (Vec<ActionClass>, bool) {
    if tool.starts_with("mcp__") {
        let fx = crate::policy::engine::mcp::effects(tool, input);
        return (classes_of_effects(&fx), unknown_holds(&fx));
    }
    let web = matches!(tool, "WebFetch" | "WebSearch");
    (
        web.then_some(ActionClass::Network).into_iter().collect(),
        false,
    )
}

/// The first hold that covers any of `classes`.
pub fn applicable<'h>(holds: &'h [Hold], classes: &[ActionClass]) -> Option<&'h Hold> {
    holds.iter().find(|h| classes.contains(&h.class))
}

/// The session file holding the holds in force (written when the person writes).
pub const FILE: &str = "holds.json";

/// Recompute the holds from all of the person's recorded messages and store them.
pub fn refresh(state_root: &std::path::Path, session_id: &str) -> anyhow::Result<()> {
    let prompts = crate::context::state::read_prompts(state_root, session_id);
    let holds = holds_from(&prompts);
    let dir = crate::context::state::session_dir(state_root, session_id);
    let l = crate::context::store::lock(&dir, FILE)?;
    l.write(&holds)
}

/// The holds in force for a session. When `holds.json` is missing or unreadable (a failed
/// refresh, a damaged file) they are recomputed from the recorded prompts, so a broken
/// file never drops a hold the person set.
pub fn load(state_root: &std::path::Path, session_id: &str) -> Vec<Hold> {
    let path = crate::context::state::session_dir(state_root, session_id).join(FILE);
    match crate::context::store::read_unlocked(&path) {
        Some(holds) => holds,
        None => holds_from(&crate::context::state::read_prompts(state_root, session_id)),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use ActionClass::*;

    fn held(msgs: &[&str]) -> Vec<ActionClass> {
        let m: Vec<String> = msgs.iter().map(|s| s.to_string()).collect();
        holds_from(&m).into_iter().map(|h| h.class).collect()
    }

    #[test]
    fn a_damaged_holds_file_is_recomputed_from_the_prompts() {
        let t = tempfile::tempdir().unwrap();
        crate::context::state::record_prompt(t.path(), "s", None, "don't push yet", action_clauses)
            .unwrap();
        refresh(t.path(), "s").unwrap();
        let file = crate::context::state::session_dir(t.path(), "s").join(FILE);
        for damage in ["{not json", ""] {
            std::fs::write(&file, damage).unwrap();
            let got: Vec<ActionClass> = load(t.path(), "s").into_iter().map(|h| h.class).collect();
            assert_eq!(got, vec![Push], "{damage:?}");
        }
        std::fs::remove_file(&file).unwrap();
        assert_eq!(load(t.path(), "s").len(), 1);
        assert!(load(t.path(), "other").is_empty());
    }

    #[test]
    fn compaction_keeps_what_holds_need() {
        let m = "Refactor the parser, it is slow. Don't push yet! Thanks.";
        let kept = action_clauses(m).unwrap();
        assert_eq!(kept, "Don't push yet");
        let reduced = format!("{}\n{kept}", crate::context::state::REDUCED_MARK);
        assert_eq!(held(&[&reduced]), vec![Push]);
        // Reducing again changes nothing.
        assert_eq!(action_clauses(&reduced).unwrap(), kept);
        assert!(action_clauses("ok, push it now").is_some());
        assert_eq!(action_clauses("thanks, looks good"), None);
    }

    #[test]
    fn holds_are_set_by_phrasing_variants() {
        let cases: &[(&str, &[ActionClass])] = &[
            ("don't push yet", &[Push]),
            ("Do not push until I review it.", &[Push]),
            ("dont commit anything", &[Commit]),
            ("please don’t deploy", &[Deploy]),
            ("never touch prod", &[Production]),
            ("don't delete anything", &[Delete]),
            ("no new dependencies", &[Install]),
            ("Fix the tests but don't push", &[Push]),
            ("don't push, but commit when done", &[Push]),
            ("hold off on publishing for now", &[Deploy]),
            ("avoid the network", &[Network]),
            ("don't forget to push", &[]),
            ("don't hesitate to delete temp files", &[]),
            ("push when you're done", &[]),
            ("fix the failing test", &[]),
            ("I don't think the tests cover push", &[Push]),
            // Before a negation, a class word is held only where the negation forbids.
            ("pushing is not allowed", &[Push]),
            ("force pushing is not ok here", &[Push]),
            ("Install if not already: yes | sdkmanager x", &[]),
            (
                "When a commit adds source files, the build never breaks",
                &[],
            ),
            ("commit often, never break the build", &[]),
        ];
        for (msg, want) in cases {
            assert_eq!(held(&[msg]), *want, "{msg}");
        }
    }

    #[test]
    fn a_later_message_lifts_a_hold() {
        assert_eq!(held(&["don't push yet", "ok, push it now"]), vec![]);
        assert_eq!(held(&["don't push yet", "go ahead and commit"]), vec![Push]);
        assert_eq!(held(&["push it", "actually don't push"]), vec![Push]);
        assert_eq!(
            held(&["don't deploy or push", "you can push now"]),
            vec![Deploy]
        );
        // Permission in the same message as the hold does not lift it.
        assert_eq!(held(&["don't push yet; push later"]), vec![Push]);
    }

    #[test]
    fn quotes_the_person() {
        let h = holds_from(&["Refactor it. Don't push yet!".to_string()]);
        assert_eq!(h[0].quote, "Don't push yet");
    }

    #[test]
    fn effects_map_to_classes() {
        use crate::analysis::effects::{Change, Code, Effect, RepoOp, WriteHow};
        let remote = |service: &str, change| Effect::Remote {
            service: service.into(),
            action: "x".into(),
            target: None,
            change,
        };
        let cases: Vec<(Vec<Effect>, &[ActionClass])> = vec![
            (
                vec![Effect::Delete {
                    path: "build".into(),
                    recursive: true,
                }],
                &[Delete],
            ),
            (
                vec![Effect::Net {
                    url: None,
                    host: Some("example.com".into()),
                    sends: vec![],
                }],
                &[Network],
            ),
            (vec![remote("git", Change::Publish)], &[Network, Push]),
            (
                vec![remote("terraform", Change::Publish)],
                &[Network, Deploy],
            ),
            (vec![remote("aws", Change::Wipe)], &[Network, Delete]),
            (vec![remote("aws", Change::Read)], &[Network]),
            (
                vec![Effect::Repo {
                    op: RepoOp::Commit,
                    target: None,
                }],
                &[Commit],
            ),
            (vec![Effect::read("src/main.rs")], &[]),
            (
                vec![Effect::Repo {
                    op: RepoOp::DeleteRef,
                    target: Some("feature".into()),
                }],
                &[Delete],
            ),
            (
                vec![Effect::Run {
                    code: Code::Network {
                        url: Some("pkg:npm/left-pad".into()),
                    },
                }],
                &[Network, Install],
            ),
            (
                vec![Effect::Remote {
                    service: "kubernetes".into(),
                    action: "get".into(),
                    target: Some("context:prod-eu/-/pods".into()),
                    change: Change::Read,
                }],
                &[Network, Production],
            ),
            (
                vec![Effect::Remote {
                    service: "kubernetes".into(),
                    action: "get".into(),
                    target: Some("context:staging/-/products".into()),
                    change: Change::Read,
                }],
                &[Network],
            ),
            (
                vec![Effect::write("config/production.yml", WriteHow::Edit)],
                &[Production],
            ),
            // What is not understood is no class: `unknown_holds` answers for it.
            (vec![Effect::unknown("frobnicate is not known")], &[]),
        ];
        for (effects, want) in cases {
            assert_eq!(classes_of_effects(&effects), want, "{effects:?}");
        }
    }

    #[test]
    fn what_the_floor_cannot_see_may_be_any_held_action() {
        use crate::analysis::effects::{Code, Effect};
        assert!(unknown_holds(&[Effect::unknown("x")]));
        assert!(unknown_holds(&[Effect::Run {
            code: Code::Hidden {
                what: "a pager".into()
            }
        }]));
        assert!(!unknown_holds(&[Effect::read("src/lib.rs")]));
    }

    #[test]
    fn mcp_tools_are_classed_by_their_values() {
        let input = |v: serde_json::Value| v.as_object().unwrap().clone();
        let cases: &[(&str, serde_json::Value, &[ActionClass], bool)] = &[
            // SQL that destroys deletes, whatever the tool is called.
            (
                "mcp__db__run",
                serde_json::json!({"sql": "DROP TABLE users"}),
                &[Network, Delete],
                false,
            ),
            (
                "mcp__db__query",
                serde_json::json!({"sql": "SELECT 1"}),
                &[Network],
                false,
            ),
            (
                "mcp__db__query",
                serde_json::json!({"sql": "SELECT * FROM t", "database": "prod"}),
                &[Network, Production],
                false,
            ),
            // A URL sent to uses the network.
            (
                "mcp__hook__notify",
                serde_json::json!({"url": "https://x.example/h"}),
                &[Network],
                false,
            ),
            // A tool whose own name says it reads is a remote read of what it names.
            (
                "mcp__gh__get_issue",
                serde_json::json!({"repo": "a/b", "number": "3"}),
                &[Network],
                false,
            ),
            // A destructive or publishing name with values that show nothing: not
            // understood, so every hold covers it.
            (
                "mcp__gh__delete_repository",
                serde_json::json!({"repo": "a/b"}),
                &[],
                true,
            ),
            (
                "mcp__npm__publish_package",
                serde_json::json!({"dir": "."}),
                &[],
                true,
            ),
        ];
        for (tool, v, want, unknown) in cases {
            let (got, u) = classes_of_tool(tool, &input(v.clone()));
            assert_eq!((got.as_slice(), u), (*want, *unknown), "{tool} {v}");
        }
    }
}
