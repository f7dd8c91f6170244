//! Holds: when the person says not to do something ("don't push yet", "never touch prod",
//! "no new dependencies"), calls of that action class ask them first, quoting their words,
//! until a later message of theirs permits it ("ok, push it now"). Deterministic: a small,
//! documented phrase grammar over the person's own messages (English), and a table mapping
//! calls to action classes. Pure: messages and parsed commands come in as values.
//!
//! Grammar, per clause (a message is split on `.`, `!`, `?`, `;`, newlines and the words
//! "but", "and then", "then"):
//! - a *hold* is a negation (`don't`, `do not`, `dont`, `never`, `no`, `not`, `stop`,
//!   `avoid`, `without`, `hold off on`, `refrain from`, `wait before`) followed, within a
//!   few words, by a class word (`push`, `commit`, `deploy`/`publish`/`release`/`ship`,
//!   `delete`/`remove`/`rm`/`drop`/`wipe`, `install`/`dependencies`/`packages`,
//!   `network`/`internet`/`download`, `prod`/`production`);
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

/// What one clause says: classes held, classes permitted.
fn read_clause(clause: &str) -> (Vec<ActionClass>, Vec<ActionClass>) {
    let ws = words(clause);
    let mut held = Vec::new();
    let mut negated_until = 0usize; // class words before this index are under a negation
    let mut i = 0;
    while i < ws.len() {
        if let Some(neg) = NEGATIONS.iter().find(|n| {
            ws.get(i..i + n.len())
                .map(|s| s.iter().zip(n.iter()).all(|(a, b)| a == b))
                .unwrap_or(false)
        }) {
            let after = i + neg.len();
            let encouraging = ws
                .get(after)
                .map(|w| NOT_A_HOLD.contains(&w.as_str()))
                .unwrap_or(false);
            if !encouraging {
                negated_until = negated_until.max(after + WINDOW);
            }
            i = after;
            continue;
        }
        i += 1;
    }
    let mut permitted = Vec::new();
    for (idx, w) in ws.iter().enumerate() {
        if let Some(c) = class_of_word(w) {
            if idx < negated_until {
                if !held.contains(&c) {
                    held.push(c);
                }
            } else if negated_until == 0 && !permitted.contains(&c) {
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

/// Subcommand verbs the class table below looks for.
const VERBS: &[&str] = &[
    "push",
    "commit",
    "merge",
    "rebase",
    "cherry-pick",
    "revert",
    "am",
    "rm",
    "clean",
    "branch",
    "tag",
    "clone",
    "fetch",
    "pull",
    "ls-remote",
    "publish",
    "install",
    "i",
    "add",
    "ci",
    "update",
    "upgrade",
    "get",
    "require",
    "upload",
    "release",
    "pr",
    "deploy",
    "up",
    "apply",
    "rollout",
    "delete",
    "destroy",
    "uninstall",
    "status",
    "log",
    "diff",
    "show",
];

/// Action classes of one simple command's argv (wrappers already stripped).
pub fn classes_of_argv(argv: &[String]) -> Vec<ActionClass> {
    use ActionClass::*;
    let mut out = Vec::new();
    let prog = argv.first().map(String::as_str).unwrap_or("");
    let sub: Vec<&str> = argv
        .iter()
        .skip(1)
        .map(String::as_str)
        .filter(|a| !a.starts_with('-'))
        .collect();
    // The subcommand: the first word that is one of the tool's verbs, so global options
    // and their values (`git -C dir push`, `kubectl --context prod apply`) are skipped.
    let first = sub
        .iter()
        .copied()
        .find(|w| VERBS.contains(w))
        .unwrap_or("");
    // Installs that follow the project's own files (routine for the floor) install all
    // the same: a "don't install anything" holds them.
    if matches!(
        (prog, sub.first().copied()),
        ("uv", Some("sync")) | ("dotnet", Some("restore")) | ("bundle", Some("install"))
    ) {
        out.push(Install);
    }
    match prog {
        "git" => match crate::analysis::effects::programs::git::parse(argv, &[]) {
            Ok(call) => git_classes(&call, &mut out),
            // An argv git's grammar does not read is classed by its words.
            Err(_) => git_word_classes(argv, first, &mut out),
        },
        "rm" | "rmdir" | "unlink" | "shred" | "trash" | "srm" => out.push(Delete),
        "find" if argv.iter().any(|a| a == "-delete") => out.push(Delete),
        "npm" | "pnpm" | "yarn" | "bun" => match first {
            "publish" => out.push(Deploy),
            "install" | "i" | "add" | "ci" | "update" | "upgrade" => out.push(Install),
            _ => {}
        },
        "cargo" => match first {
            "publish" => out.push(Deploy),
            "install" | "add" => out.push(Install),
            _ => {}
        },
        "pip" | "pip3" | "pipx" | "gem" | "brew" | "apt" | "apt-get" | "dnf" | "yum" | "apk"
        | "pacman" | "conda" | "composer" | "poetry" | "uv" | "go" => match first {
            "install" | "add" | "get" | "require" => out.push(Install),
            "publish" | "upload" => out.push(Deploy),
            _ => {}
        },
        "twine" if first == "upload" => out.push(Deploy),
        "gh" if first == "release" || (first == "pr" && sub.get(1) == Some(&"merge")) => {
            out.push(Deploy)
        }
        "docker" | "podman" if first == "push" => out.push(Deploy),
        "vercel" | "netlify" | "flyctl" | "fly" | "heroku" | "railway" | "firebase"
        | "wrangler" | "serverless" | "sls" | "amplify" | "eb" | "cdk"
            if matches!(first, "deploy" | "publish" | "up" | "release" | "")
                || argv.iter().any(|a| a == "--prod") =>
        {
            out.push(Deploy)
        }
        "kubectl" | "helm" | "terraform" | "pulumi" | "ansible-playbook" => {
            if matches!(
                first,
                "apply" | "install" | "upgrade" | "up" | "rollout" | "deploy"
            ) || prog == "ansible-playbook"
            {
                out.push(Deploy)
            }
            if matches!(first, "delete" | "destroy" | "uninstall") {
                out.push(Delete)
            }
        }
        "curl" | "wget" | "nc" | "ncat" | "ssh" | "scp" | "sftp" | "rsync" | "ftp" | "telnet"
        | "http" | "https" | "xh" => out.push(Network),
        _ => {}
    }
    if argv.iter().skip(1).any(|a| mentions_production(a)) {
        out.push(Production);
    }
    out
}

/// Action classes of what a command does, from the command floor's typed effects, for
/// every program whose grammar or catalogue describes it: a delete of any path (`tar
/// --remove-files`, `rsync --remove-source-files`, `find -delete`) deletes; a network
/// send or a remote call uses the network; remote state destroyed deletes, published
/// ships (a git push is a push, anything else a release); a recorded commit commits.
/// The engine adds these to [`classes_of_argv`]'s, so a hold covers a command by what it
/// does even where its name says nothing; it never covers less than by name.
pub fn classes_of_effects(effects: &[crate::analysis::effects::Effect]) -> Vec<ActionClass> {
    use crate::analysis::effects::{Change, Effect, RepoOp};
    use ActionClass::*;
    let mut out = Vec::new();
    for e in effects {
        let found: &[ActionClass] = match e {
            Effect::Delete { .. } => &[Delete],
            Effect::Net { .. } => &[Network],
            Effect::Remote {
                service, change, ..
            } => match change {
                Change::Publish if service == "git" => &[Network, Push],
                Change::Publish => &[Network, Deploy],
                Change::Destroy | Change::Wipe => &[Network, Delete],
                _ => &[Network],
            },
            Effect::Repo {
                op: RepoOp::Commit, ..
            } => &[Commit],
            _ => &[],
        };
        for c in found {
            if !out.contains(c) {
                out.push(*c);
            }
        }
    }
    out
}

/// Action classes of a git command from its effects: a push publishes, a fetch or clone
/// uses the network, a commit (or a rewrite of commits) commits, deleting files or refs
/// deletes.
fn git_classes(
    call: &crate::analysis::effects::programs::git::GitCall,
    out: &mut Vec<ActionClass>,
) {
    use crate::analysis::effects::{Change, Effect, RepoOp};
    use ActionClass::*;
    let commits_history = matches!(
        call.sub,
        "commit" | "rebase" | "cherry-pick" | "revert" | "pull" | "merge"
    );
    for e in call.all_effects() {
        let c = match e {
            Effect::Remote {
                change: Change::Publish,
                ..
            } => Push,
            Effect::Remote { .. } | Effect::Net { .. } => Network,
            Effect::Repo {
                op: RepoOp::Commit, ..
            } => Commit,
            Effect::Repo {
                op: RepoOp::Rewrite,
                ..
            } if commits_history => Commit,
            Effect::Repo {
                op: RepoOp::DeleteRef,
                ..
            } if matches!(call.sub, "branch" | "tag") => Delete,
            Effect::Delete { .. } => Delete,
            _ => continue,
        };
        if !out.contains(&c) {
            out.push(c);
        }
    }
}

/// Action classes of a git argv by its words (for what git's grammar does not read).
fn git_word_classes(argv: &[String], first: &str, out: &mut Vec<ActionClass>) {
    use ActionClass::*;
    match first {
        "push" => out.push(Push),
        "commit" | "merge" | "rebase" | "cherry-pick" | "revert" | "am" => out.push(Commit),
        "rm" | "clean" => out.push(Delete),
        "branch"
            if argv
                .iter()
                .any(|a| a == "-D" || a == "-d" || a == "--delete") =>
        {
            out.push(Delete)
        }
        "tag" if argv.iter().any(|a| a == "-d" || a == "--delete") => out.push(Delete),
        "clone" | "fetch" | "pull" | "ls-remote" => out.push(Network),
        _ => {}
    }
}

/// A word that names a production target (`prod`, `production`, `--context=prod-eu`).
fn mentions_production(word: &str) -> bool {
    let w = word.to_ascii_lowercase();
    w.split(|c: char| !c.is_ascii_alphanumeric())
        .any(|t| t == "prod" || t == "production" || t == "prd")
}

/// Action classes of a non-shell tool call.
pub fn classes_of_tool(
    tool: &str,
    input: &serde_json::Map<String, serde_json::Value>,
) -> Vec<ActionClass> {
    let mut out = Vec::new();
    if matches!(tool, "WebFetch" | "WebSearch") {
        out.push(ActionClass::Network);
    }
    if tool.starts_with("mcp__") {
        let lower = tool.to_ascii_lowercase();
        if ["delete", "remove", "drop", "destroy"]
            .iter()
            .any(|v| lower.contains(v))
        {
            out.push(ActionClass::Delete);
        }
        if lower.contains("push") {
            out.push(ActionClass::Push);
        }
        if ["deploy", "publish", "release", "merge"]
            .iter()
            .any(|v| lower.contains(v))
        {
            out.push(ActionClass::Deploy);
        }
        let text = serde_json::Value::Object(input.clone()).to_string();
        if mentions_production(&text) {
            out.push(ActionClass::Production);
        }
    }
    out
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

    fn argv(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn commands_map_to_classes() {
        let cases: &[(&str, &[ActionClass])] = &[
            ("git push origin main", &[Push]),
            ("git push --force", &[Push]),
            ("git commit -m x", &[Commit]),
            ("git status", &[]),
            ("rm -rf build", &[Delete]),
            ("npm install left-pad", &[Install]),
            ("uv sync --frozen", &[Install]),
            ("dotnet restore", &[Install]),
            ("uv lock", &[]),
            ("npm publish", &[Deploy]),
            ("cargo publish", &[Deploy]),
            (
                "kubectl --context prod apply -f x.yaml",
                &[Deploy, Production],
            ),
            ("curl https://example.com", &[Network]),
            ("vercel --prod", &[Deploy, Production]),
            ("ls -la", &[]),
        ];
        for (cmd, want) in cases {
            assert_eq!(classes_of_argv(&argv(cmd)), *want, "{cmd}");
        }
    }

    #[test]
    fn effects_map_to_classes() {
        use crate::analysis::effects::{Change, Effect, RepoOp};
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
        ];
        for (effects, want) in cases {
            assert_eq!(classes_of_effects(&effects), want, "{effects:?}");
        }
    }
}
