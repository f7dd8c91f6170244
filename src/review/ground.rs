//! Grounding: which effects of a call need the person's own authorisation, and whether a
//! message of theirs gives it.
//!
//! A [`Need`] comes from an effect (see [`crate::analysis::effects`]) that only the person may decide:
//! publishing, pushing, deploying, sending data to another host, changing or destroying
//! remote state, deleting outside the workspace, writing outside it (persistence, system
//! files) or to a protected file, discarding uncommitted work, deleting refs, acting with
//! privilege. Everything else (reads, workspace edits, local builds, searches, read-only
//! SQL, fetches, delegations whose calls are gated one by one) needs no grounding: the
//! reviewer judges it on its merits.
//!
//! A message grounds a need when it names the need's *target* — the same path or a
//! directory containing it, the same host (or a domain above it), the same branch,
//! repository, bucket, cluster or resource name — compared structurally after
//! normalisation (`~` and relative forms resolved against the working directory and the
//! workspace roots; `a/b` split into its parts for names; plural and singular forms), and,
//! for the kinds whose verb is not implied by the target (delete, push, publish, deploy,
//! discard, privilege), names the action with one of its kind's words. A word never
//! grounds by sharing a common word: `test` is not `/etc/cron.d/test` (a bare word is a path
//! relative to where the agent works, and `/ws/test` is not `/etc/cron.d/test`). Negated
//! mentions ("don't push to main") do not count.

use serde::Serialize;
use std::path::{Component, Path, PathBuf};

/// What kind of authorisation an effect needs, mildest first (the order is the risk rank
/// the refusal limit compares).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// Stops a background task, shell or agent the session started (work the person may
    /// be waiting on): the person says to stop it.
    Stop,
    /// A write outside the workspace (not a temporary directory) or to a protected file.
    Write,
    /// Reads a file of secrets (a workspace `.env`) into what the agent sees.
    SecretRead,
    /// Runs code the floor cannot see (inline code, a package fetched by name, a program
    /// steered by its environment): the person names the program and what it runs.
    Run,
    /// Discards uncommitted work or rewrites history.
    Discard,
    /// Deletes a branch, tag or other ref.
    DeleteRef,
    /// Deletes files outside the workspace.
    Delete,
    /// Changes state on a remote service.
    RemoteChange,
    /// Starts, stops, restarts or signals a service of this machine (or the machine):
    /// what runs outside the session, or what others rely on.
    Service,
    /// Sends data to another host.
    Send,
    /// Makes something run again later (shell start-up files, schedulers, services).
    Persist,
    /// Pushes commits.
    Push,
    /// Publishes a package, release or image.
    Publish,
    /// Deploys or changes infrastructure.
    Deploy,
    /// Acts with other privileges.
    Privilege,
    /// Destroys remote state (resources, databases, tables).
    Destroy,
}

impl Kind {
    pub fn id(self) -> &'static str {
        match self {
            Kind::Stop => "stop",
            Kind::Write => "write",
            Kind::SecretRead => "secret-read",
            Kind::Run => "run",
            Kind::Discard => "discard",
            Kind::DeleteRef => "delete-ref",
            Kind::Delete => "delete",
            Kind::RemoteChange => "remote-change",
            Kind::Service => "service",
            Kind::Send => "send",
            Kind::Persist => "persistence",
            Kind::Push => "push",
            Kind::Publish => "publish",
            Kind::Deploy => "deploy",
            Kind::Privilege => "privilege",
            Kind::Destroy => "destroy",
        }
    }

    /// The risk rank the refusal limit compares (1 = mildest).
    pub fn rank(self) -> u8 {
        self as u8 + 1
    }

    /// Words that name the action, when the target alone does not imply it (`None`: naming
    /// the target is enough — a write to a file the person named, data sent to a host they
    /// named, a change to a resource they named).
    fn words(self) -> Option<&'static [&'static str]> {
        Some(match self {
            Kind::Write
            | Kind::SecretRead
            | Kind::Run
            | Kind::Send
            | Kind::RemoteChange
            | Kind::Persist => return None,
            Kind::Discard => &[
                "reset", "discard", "revert", "restore", "undo", "throw", "drop", "clean", "wipe",
                "clear", "rebase", "squash", "amend", "rewrite", "checkout",
            ],
            Kind::DeleteRef | Kind::Delete => &[
                "delete", "remove", "rm", "erase", "wipe", "purge", "clean", "prune", "get rid",
                "clear", "drop", "shred",
            ],
            Kind::Stop => &[
                "stop",
                "kill",
                "cancel",
                "terminate",
                "abort",
                "interrupt",
                "restart",
                "shut",
                "halt",
                "quit",
            ],
            Kind::Push => &["push"],
            Kind::Service => SERVICE_VERBS,
            Kind::Publish => &["publish", "release", "upload", "ship", "push"],
            Kind::Deploy => &[
                "deploy",
                "apply",
                "install",
                "upgrade",
                "roll",
                "rollout",
                "scale",
                "rollback",
                "provision",
                "restart",
            ],
            Kind::Privilege => &[
                "sudo",
                "root",
                "admin",
                "administrator",
                "doas",
                "privilege",
            ],
            // Every verb of `engine::mcp`'s destroy table (a test checks), and `tear`.
            Kind::Destroy => &[
                "delete",
                "destroy",
                "drop",
                "remove",
                "tear",
                "truncate",
                "wipe",
                "purge",
                "uninstall",
                "terminate",
                "kill",
                "prune",
                "erase",
                "flush",
                "nuke",
                "revoke",
                "unpublish",
                "expunge",
                "shred",
                "reset",
                "rm",
                "del",
                // Undoing migrations (`alembic downgrade`, `knex migrate:rollback`).
                "downgrade",
                "rollback",
            ],
        })
    }
}

/// Words that name what a service manager does (`systemctl`, `launchctl`, `service`):
/// a unit or agent named is not a unit started, enabled or loaded, so a need of
/// [`Kind::Service`] or a persistence of a named unit also needs one of these. Only words
/// that say what a service manager does: not common ones ("run", "set", "edit", "install",
/// "load", "link", "reset", "clean", "boot", …), which a request about anything else holds
/// ("run the unit test"); an action named by one of those needs its own word
/// ([`service_verbs`]).
pub const SERVICE_VERBS: &[&str] = &[
    "start",
    "stop",
    "restart",
    "reload",
    "kill",
    "enable",
    "disable",
    "mask",
    "unmask",
    "unload",
    "bootstrap",
    "bootout",
    "kickstart",
    "launch",
    "schedule",
    "submit",
    "shut",
    "reboot",
    "halt",
    "poweroff",
    "suspend",
    "hibernate",
    "isolate",
    "freeze",
    "thaw",
    "setenv",
    "unsetenv",
    "persist",
    "autostart",
    "preset",
    "revert",
];

/// The words that name a service manager's `action` with a unit named: its own word when
/// that is a common one (`launchctl load`: "load"; `systemctl edit`: "edit"), else
/// [`SERVICE_VERBS`].
pub fn service_verbs(action: &str) -> &'static [&'static str] {
    match action {
        "load" => &["load"],
        "link" => &["link"],
        "edit" => &["edit"],
        "mount-image" | "bind" => &["mount", "bind"],
        "attach" => &["attach"],
        "debug" => &["debug"],
        "clean" => &["clean"],
        "reset-failed" => &["reset-failed"],
        "config" => &["configure", "config"],
        "limit" => &["limit"],
        "set-property" | "set-default" | "set-environment" | "unset-environment"
        | "import-environment" => &["set-property", "set-default", "setenv", "environment"],
        _ => SERVICE_VERBS,
    }
}

/// The words that name a service manager's action that acts on no unit, when one does:
/// the machine's power (`systemctl reboot`, `launchctl reboot`: "reboot"). Other actions
/// without a unit (a reload, a setting, a program run without a unit name) no words name.
pub fn power_verbs(action: &str) -> Option<&'static [&'static str]> {
    Some(match action {
        "reboot" | "soft-reboot" => &["reboot"],
        "poweroff" => &["poweroff", "power off", "shut down", "shutdown"],
        "halt" => &["halt"],
        "kexec" => &["kexec"],
        "suspend" | "suspend-then-hibernate" => &["suspend"],
        "hibernate" | "hybrid-sleep" => &["hibernate"],
        _ => return None,
    })
}

/// Something the person can name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "is", content = "value", rename_all = "kebab-case")]
pub enum Target {
    /// An absolute, normalised path.
    Path(String),
    /// A host name (lower case).
    Host(String),
    /// A branch, repository, bucket, cluster, package or resource name.
    Name(String),
}

impl Target {
    fn show(&self) -> &str {
        match self {
            Target::Path(s) | Target::Host(s) | Target::Name(s) => s,
        }
    }
}

/// One effect that needs the person's authorisation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Need {
    /// The kind's id (`push`, `delete`, …): what the packet lists and the cache keys on.
    pub category: String,
    pub kind: Kind,
    /// The effect in a short phrase ("git push origin main").
    pub what: String,
    /// Any one of these, named, grounds it; empty when the action alone is named.
    pub targets: Vec<Target>,
    /// Set when no message can ground it (home, `/`, the workspace root, a pattern, a host
    /// computed at run time, an agent with its checks off).
    pub ungroundable: Option<String>,
    /// Names of which one must also be written as a word (the program that runs code).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub words: Vec<String>,
    /// Words that name the action when the kind's own do not (a unit named is not a unit
    /// enabled: [`SERVICE_VERBS`]); empty: the kind's.
    #[serde(skip_serializing_if = "no_verbs")]
    pub verbs: &'static [&'static str],
}

fn no_verbs(v: &&'static [&'static str]) -> bool {
    v.is_empty()
}

impl Need {
    /// A need for `targets` to be named. A kind whose action words do not say what it acts
    /// on needs a target: with none it cannot be grounded.
    pub fn new(kind: Kind, what: impl Into<String>, targets: Vec<Target>) -> Need {
        let ungroundable = (targets.is_empty() && kind.words().is_none())
            .then(|| format!("a {} whose target the floor cannot name", kind.id()));
        Need {
            category: kind.id().to_string(),
            kind,
            what: what.into(),
            targets,
            ungroundable,
            words: Vec::new(),
            verbs: &[],
        }
    }

    pub fn ungroundable(kind: Kind, what: impl Into<String>, why: impl Into<String>) -> Need {
        Need {
            ungroundable: Some(why.into()),
            ..Need::new(kind, what, Vec::new())
        }
    }

    /// What would let it pass, in one line, from the effect.
    pub fn remedy(&self) -> String {
        if let Some(why) = &self.ungroundable {
            return format!("only you can approve {why}");
        }
        let t = self
            .targets
            .first()
            .map(|t| crate::decision::cause::one_line(t.show(), 60));
        // An act on the host named by its program or subject (`Effect::Host`).
        if self.targets.is_empty()
            && !self.verbs.is_empty()
            && matches!(
                self.kind,
                Kind::Privilege | Kind::SecretRead | Kind::Run | Kind::Send
            )
        {
            return format!(
                "name it if you want it ({}): {}",
                self.what,
                self.verbs
                    .iter()
                    .take(3)
                    .copied()
                    .collect::<Vec<_>>()
                    .join(", ")
            );
        }
        let named = |noun: &str| match &t {
            Some(t) => format!("{noun} {t}"),
            None => noun.to_string(),
        };
        match self.kind {
            Kind::Push => match &t {
                Some(t) => format!("say to push {t} (name the branch and remote)"),
                None => "say which branch to push".into(),
            },
            Kind::Publish => format!("say to publish {}", named("the package")),
            Kind::Deploy => format!("say to deploy to {}", named("the target")),
            Kind::Destroy => format!("say to delete {}", named("the resource")),
            Kind::RemoteChange => format!("name {} it changes", named("the resource")),
            Kind::Send => format!("name {} to send it to", named("the host")),
            Kind::Delete => format!("say to delete {}", named("the file")),
            Kind::DeleteRef => format!("say to delete {}", named("the branch or tag")),
            Kind::Discard => match &t {
                Some(t) => format!("say to discard the changes to {t}"),
                None => "say to discard the uncommitted changes".into(),
            },
            Kind::Write | Kind::Persist | Kind::SecretRead
                if matches!(self.targets.first(), Some(Target::Name(_))) =>
            {
                format!(
                    "say what to do with {} ({})",
                    t.unwrap_or_default(),
                    self.what
                )
            }
            Kind::Write | Kind::Persist | Kind::SecretRead => {
                format!("name the file {}", t.unwrap_or_default())
            }
            Kind::Service => format!(
                "say what to do with {} ({})",
                t.unwrap_or_else(|| "the service".into()),
                self.what
            ),
            Kind::Run => format!(
                "say to run {} with {}",
                t.unwrap_or_default(),
                self.words.first().map(String::as_str).unwrap_or("it")
            ),
            Kind::Privilege => format!("say to run it with sudo ({})", self.what),
            Kind::Stop => format!("say to stop {}", named("the task")),
        }
    }
}

/// Where the person's words are read from: relative names resolve against these.
pub struct Places<'a> {
    pub home: &'a Path,
    pub cwd: &'a Path,
    pub roots: &'a [PathBuf],
}

impl Places<'_> {
    /// An absolute, normalised form of a path word the agent wrote (relative to `cwd`).
    pub fn resolve(&self, word: &str, cwd: Option<&Path>) -> PathBuf {
        crate::context::paths::lexical(word, cwd.unwrap_or(self.cwd), self.home)
    }

    pub fn in_workspace(&self, p: &Path) -> bool {
        self.roots.iter().any(|r| p.starts_with(r))
    }

    /// A directory no message may name as a whole: `/`, a top-level directory, the home
    /// directory or one above it, a workspace root or one above it.
    pub fn critical(&self, p: &Path) -> bool {
        p.components().count() <= 2
            || p == self.home
            || self.home.starts_with(p)
            || self.roots.iter().any(|r| r.starts_with(p))
    }
}

/// Temporary directories: scratch space that needs no authorisation to write or delete in
/// — unless the home directory or a workspace is there too (then it is that, not scratch).
pub fn is_temp(p: &Path, places: &Places) -> bool {
    let tmp = std::env::temp_dir();
    if p.starts_with(places.home)
        || places.home.starts_with(p)
        || places
            .roots
            .iter()
            .any(|r| p.starts_with(r) || r.starts_with(p))
    {
        return false;
    }
    [
        Path::new("/tmp"),
        Path::new("/var/tmp"),
        Path::new("/dev/shm"),
        &tmp,
    ]
    .iter()
    .any(|t| p.starts_with(t) && p != *t && t.components().count() >= 2)
}

/// Files that make something run again later: shell start-up files, schedulers, services,
/// autostart entries, directories on the search path.
pub fn persists(p: &Path, home: &Path) -> bool {
    let s = p.to_string_lossy();
    let rel = p
        .strip_prefix(home)
        .ok()
        .map(|r| r.to_string_lossy().into_owned());
    let home_hit = rel.as_deref().is_some_and(|r| {
        let first = r.split('/').next().unwrap_or("");
        matches!(
            first,
            ".bashrc"
                | ".bash_profile"
                | ".bash_login"
                | ".profile"
                | ".zshrc"
                | ".zprofile"
                | ".zshenv"
                | ".zlogin"
                | ".bashrc.d"
                | ".xprofile"
                | ".xinitrc"
                | ".inputrc"
                | ".gitconfig"
                | ".ssh"
                | "bin"
        ) || r.starts_with(".local/bin")
            || r.starts_with(".config/autostart")
            || r.starts_with(".config/systemd")
            || r.starts_with(".config/fish")
            || r.starts_with("Library/LaunchAgents")
    });
    home_hit
        || s.starts_with("/etc/")
        || s.starts_with("/var/spool/cron")
        || s.starts_with("/usr/")
        || s.starts_with("/Library/Launch")
        || s.starts_with("/opt/")
}

/// Words that negate what follows within a few words ("don't push", "never delete it").
const NEGATORS: &[&str] = &[
    "don't",
    "dont",
    "not",
    "never",
    "no",
    "without",
    "avoid",
    "shouldn't",
    "mustn't",
    "won't",
    "can't",
    "cannot",
    "nor",
];

/// One word of a message, as written (lower case, trailing punctuation removed).
fn tokens(text: &str) -> Vec<String> {
    text.to_lowercase()
        .replace(['\u{2019}', '\u{2018}'], "'")
        .split(|c: char| {
            c.is_whitespace()
                || matches!(
                    c,
                    ',' | ';'
                        | '('
                        | ')'
                        | '['
                        | ']'
                        | '"'
                        | '`'
                        | '<'
                        | '>'
                        | '|'
                        | '{'
                        | '}'
                        | '*'
                )
        })
        .map(|w| {
            w.trim_matches(|c: char| matches!(c, '.' | ':' | '!' | '?' | '\''))
                .to_string()
        })
        .filter(|w| !w.is_empty())
        .collect()
}

/// The same, keeping leading dots (".bashrc", "./build").
fn path_tokens(text: &str) -> Vec<String> {
    text.split(|c: char| {
        c.is_whitespace()
            || matches!(
                c,
                ',' | ';' | '(' | ')' | '[' | ']' | '"' | '`' | '<' | '>' | '|' | '{' | '}'
            )
    })
    .map(|w| w.trim_matches('\'').trim_end_matches(['.', ':', '!', '?']))
    .filter(|w| !w.is_empty())
    .map(str::to_string)
    .collect()
}

fn negated(ws: &[String], i: usize) -> bool {
    ws[i.saturating_sub(3)..i]
        .iter()
        .any(|p| NEGATORS.contains(&p.as_str()) || p.ends_with("n't"))
}

/// Singular and plural forms of a name ("branches" ~ "branch", "logs" ~ "log").
fn forms(w: &str) -> Vec<String> {
    let mut out = vec![w.to_string()];
    if let Some(s) = w.strip_suffix("es") {
        out.push(s.to_string());
    }
    if let Some(s) = w.strip_suffix('s') {
        out.push(s.to_string());
    }
    if let Some(s) = w.strip_suffix("ies") {
        out.push(format!("{s}y"));
    }
    out.push(format!("{w}s"));
    out.retain(|s| s.len() >= 2);
    out
}

fn same_name(a: &str, b: &str) -> bool {
    let (a, b) = (a.to_lowercase(), b.to_lowercase());
    a.len() >= 2 && forms(&a).contains(&b)
}

/// Does the message name one of the action's words (`verbs`, else its kind's), not
/// negated?
fn names_action(ws: &[String], lower: &str, kind: Kind, verbs: &[&str]) -> bool {
    let words = if verbs.is_empty() {
        match kind.words() {
            Some(w) => w,
            None => return true,
        }
    } else {
        verbs
    };
    words.iter().any(|verb| {
        if verb.contains(' ') {
            return lower.contains(verb);
        }
        ws.iter().enumerate().any(|(i, w)| {
            let stem = if verb.len() > 4 {
                verb.strip_suffix('e').unwrap_or(verb)
            } else {
                verb
            };
            let hit = if verb.len() <= 2 {
                w == verb
            } else {
                // The verb and its inflections ("pushes", "deleting", "released").
                w.starts_with(stem) && w.len() <= stem.len() + 4
                    || w.split(['-', '/', '_']).any(|p| p == *verb)
            };
            hit && !negated(ws, i)
        })
    })
}

/// The places a path word of the person's can mean.
fn path_candidates(word: &str, places: &Places) -> Vec<PathBuf> {
    let w = word.trim_start_matches("file://");
    if w.contains("://") || w.starts_with('-') {
        return Vec::new();
    }
    if w.starts_with('/') || w.starts_with('~') || w.starts_with("$HOME") {
        let w = w.replacen("$HOME", "~", 1);
        return vec![crate::context::paths::lexical(&w, places.cwd, places.home)];
    }
    let mut out = vec![crate::context::paths::lexical(w, places.cwd, places.home)];
    for r in places.roots {
        out.push(crate::context::paths::lexical(w, r, places.home));
    }
    out
}

fn parent_dirs(p: &Path) -> impl Iterator<Item = &Path> {
    p.ancestors()
}

fn same_path(candidate: &Path, target: &Path) -> bool {
    if candidate == target {
        return true;
    }
    // Plural or singular of the last component ("the log directory" for `logs`).
    match (
        candidate.file_name(),
        target.file_name(),
        candidate.parent(),
        target.parent(),
    ) {
        (Some(a), Some(b), Some(pa), Some(pb)) if pa == pb => {
            same_name(&a.to_string_lossy(), &b.to_string_lossy())
        }
        _ => false,
    }
}

/// Does `word` name the path `target` (itself, or a directory holding it that is not
/// critical), as the person would write it?
fn names_path(word: &str, target: &Path, places: &Places) -> bool {
    for c in path_candidates(word, places) {
        if parent_dirs(target).any(|d| same_path(&c, d) && (d == target || !places.critical(d))) {
            return true;
        }
    }
    // A dotfile named bare (".bashrc", ".gitconfig") is the file of that name wherever the
    // call puts it: the name is specific, not a common word.
    let bare = word.trim_start_matches("~/");
    bare.starts_with('.')
        && bare.len() > 2
        && !bare.contains('/')
        && target
            .file_name()
            .is_some_and(|n| n.to_string_lossy() == bare)
}

fn host_of_word(w: &str) -> Option<String> {
    let rest = w.split("://").nth(1).unwrap_or(w);
    let host = rest.split(['/', '?', '#']).next()?;
    let host = host.rsplit('@').next()?.split(':').next()?;
    (!host.is_empty()).then(|| host.to_ascii_lowercase())
}

/// `host:port` → (host, port); `None` for a host without a port (or a bare IPv6 address).
fn host_port(t: &str) -> Option<(&str, u16)> {
    let (h, p) = t.rsplit_once(':')?;
    let port = p
        .parse()
        .ok()
        .filter(|_| p.chars().all(|c| c.is_ascii_digit()))?;
    (!h.is_empty() && (h.starts_with('[') || !h.contains(':'))).then_some((h, port))
}

/// The host and port a word names (`http://localhost:3000/x`, `localhost:3000`; a URL
/// without a port names its scheme's), the port `None` when it names none.
fn port_of_word(w: &str) -> Option<(String, Option<u16>)> {
    let (scheme, rest) = match w.split_once("://") {
        Some((s, r)) => (Some(s.to_ascii_lowercase()), r),
        None => (None, w),
    };
    let authority = rest.split(['/', '?', '#']).next()?;
    let authority = authority.rsplit('@').next()?.to_ascii_lowercase();
    if let Some((h, p)) = host_port(&authority) {
        return Some((h.to_string(), Some(p)));
    }
    let default = match scheme.as_deref() {
        Some("http" | "ws") => Some(80),
        Some("https" | "wss") => Some(443),
        _ => None,
    };
    (!authority.is_empty() && !authority.contains(':')).then_some((authority, default))
}

/// Does the word name the target host? A target with a port (a service of this machine or
/// its network, `localhost:3000`) is named only with that port (`localhost:3000`,
/// `http://127.0.0.1:3000/`; loopback names are one host): `localhost` alone does not name
/// the Docker API on `localhost:2375`.
fn names_host(word: &str, target: &str) -> bool {
    let t = target.to_ascii_lowercase();
    if let Some((th, tp)) = host_port(&t) {
        let Some((h, p)) = port_of_word(word) else {
            return false;
        };
        let loopback = crate::context::floor::is_loopback;
        return p == Some(tp) && (h == th || (loopback(&h) && loopback(th)));
    }
    let Some(h) = host_of_word(word) else {
        return false;
    };
    if h == t {
        return true;
    }
    // A domain the person named holds its subdomains (`example.com` for `api.example.com`).
    h.contains('.') && t.ends_with(&format!(".{h}"))
}

fn names_name(word: &str, target: &str) -> bool {
    let t = target
        .trim_start_matches('+')
        .trim_start_matches("refs/heads/")
        .trim_start_matches("refs/tags/")
        .to_lowercase();
    let w = word.to_lowercase();
    if t.len() < 2 {
        return false;
    }
    if same_name(&w, &t) {
        return true;
    }
    // `origin/main` names `main` and `origin`; `acme/api` names the repository `acme/api`.
    w.contains(['/', ':']) && w.split(['/', ':']).any(|p| p == t)
        || t.contains(['/', ':'])
            && t.rsplit(['/', ':']).next().is_some_and(|l| l == w)
            && w.len() >= 3
}

/// Does the message name the target (not negated)?
fn names_target(text: &str, t: &Target, places: &Places) -> bool {
    let ws = tokens(text);
    let pws = path_tokens(text);
    match t {
        Target::Path(p) => {
            let p = Path::new(p);
            pws.iter()
                .enumerate()
                .any(|(i, w)| names_path(w, p, places) && !negated_raw(&pws, i))
        }
        Target::Host(h) => ws
            .iter()
            .enumerate()
            .any(|(i, w)| names_host(w, h) && !negated(&ws, i)),
        Target::Name(n) => ws
            .iter()
            .enumerate()
            .any(|(i, w)| names_name(w, n) && !negated(&ws, i)),
    }
}

fn negated_raw(ws: &[String], i: usize) -> bool {
    let lower: Vec<String> = ws.iter().map(|w| w.to_lowercase()).collect();
    negated(&lower, i)
}

/// Does this message of the person's ground the need?
pub fn grounds(text: &str, need: &Need, places: &Places) -> bool {
    if need.ungroundable.is_some() {
        return false;
    }
    let ws = tokens(text);
    let lower = text.to_lowercase();
    names_action(&ws, &lower, need.kind, need.verbs)
        && (need.words.is_empty()
            || ws
                .iter()
                .enumerate()
                .any(|(i, w)| need.words.iter().any(|n| same_name(w, n)) && !negated(&ws, i)))
        && (need.targets.is_empty() || need.targets.iter().any(|t| names_target(text, t, places)))
}

/// A path target, normalised.
pub fn path_target(p: &Path) -> Target {
    Target::Path(normalise(p).display().to_string())
}

fn normalise(p: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in p.components() {
        match c {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            other => out.push(other.as_os_str()),
        }
    }
    out
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn places() -> (PathBuf, PathBuf, Vec<PathBuf>) {
        (
            PathBuf::from("/home/u"),
            PathBuf::from("/home/u/proj"),
            vec![PathBuf::from("/home/u/proj")],
        )
    }

    #[test]
    fn a_common_word_never_names_a_path() {
        let (h, c, r) = places();
        let p = Places {
            home: &h,
            cwd: &c,
            roots: &r,
        };
        let w = Need::new(
            Kind::Persist,
            "writes",
            vec![Target::Path("/etc/cron.d/test".into())],
        );
        assert!(!grounds("fix the failing unit test in src/lib.rs", &w, &p));
        assert!(grounds("add a job in /etc/cron.d/test", &w, &p));
        assert!(grounds("put it under /etc/cron.d", &w, &p));
        assert!(
            !grounds("look in /etc", &w, &p),
            "a top-level directory is too broad"
        );
        let d = Need::new(
            Kind::Delete,
            "rm",
            vec![Target::Path("/home/u/proj/build".into())],
        );
        assert!(grounds("delete the build dir", &d, &p));
        assert!(grounds("remove ./build/", &d, &p));
        assert!(!grounds("rebuild it", &d, &p));
        assert!(!grounds("don't delete build", &d, &p));
        let o = Need::new(
            Kind::Delete,
            "rm",
            vec![Target::Path("/home/u/other/build".into())],
        );
        assert!(grounds("remove the old build in ../other/build", &o, &p));
        assert!(!grounds("delete the build directory", &o, &p));
        assert!(!grounds("don't touch ../other/build", &o, &p));
    }

    /// A service of this machine or its network is named by its host and port: `localhost`
    /// alone, or another port, does not name it; loopback names are one host.
    #[test]
    fn a_local_service_is_named_with_its_port() {
        let (h, c, r) = places();
        let p = Places {
            home: &h,
            cwd: &c,
            roots: &r,
        };
        let n = |at: &str| Need::new(Kind::RemoteChange, "fetches", vec![Target::Host(at.into())]);
        assert!(grounds(
            "check http://localhost:3000 please",
            &n("localhost:3000"),
            &p
        ));
        assert!(grounds(
            "open localhost:3000/about",
            &n("127.0.0.1:3000"),
            &p
        ));
        assert!(grounds("is http://10.0.0.5/ up?", &n("10.0.0.5:80"), &p));
        assert!(grounds(
            "try https://10.0.0.5/status",
            &n("10.0.0.5:443"),
            &p
        ));
        assert!(!grounds(
            "check http://localhost:3000 please",
            &n("localhost:2375"),
            &p
        ));
        assert!(!grounds("check localhost please", &n("localhost:8080"), &p));
        assert!(!grounds("is http://10.0.0.5/ up?", &n("10.0.0.6:80"), &p));
        assert!(!grounds(
            "don't touch localhost:3000",
            &n("localhost:3000"),
            &p
        ));
        // A host without a port is named as before.
        let s = Need::new(
            Kind::Send,
            "sends",
            vec![Target::Host("api.example.com".into())],
        );
        assert!(grounds("post it to example.com", &s, &p));
    }

    /// Every verb the MCP destroy table recognises in a tool's name is a word that names a
    /// destroy in the person's message.
    #[test]
    fn every_destroy_verb_of_a_tool_name_grounds_a_destroy() {
        let words = Kind::Destroy.words().unwrap();
        for v in crate::policy::engine::mcp::destroy_verbs() {
            assert!(words.contains(&v), "{v}");
        }
    }

    /// A unit, agent or setting named is not one started or enabled: the person also says
    /// what to do with it (a service verb), and a need with no target is grounded by the
    /// verb only for what runs now.
    #[test]
    fn a_service_needs_its_name_and_what_to_do_with_it() {
        let (h, c, r) = places();
        let p = Places {
            home: &h,
            cwd: &c,
            roots: &r,
        };
        let targets = || {
            vec![
                Target::Name("test.service".into()),
                Target::Name("test".into()),
            ]
        };
        let mut start = Need::new(Kind::Service, "systemd start test.service", targets());
        start.verbs = SERVICE_VERBS;
        assert!(!grounds(
            "fix the failing unit test in src/lib.rs",
            &start,
            &p
        ));
        assert!(grounds("restart the test service", &start, &p));
        assert!(grounds("start test.service", &start, &p));
        assert!(!grounds("don't start test.service", &start, &p));
        let mut enable = Need::new(Kind::Persist, "systemd enable test.service", targets());
        enable.verbs = SERVICE_VERBS;
        assert!(!grounds("the test is flaky", &enable, &p));
        assert!(grounds("enable test.service at boot", &enable, &p));
        // Without verbs, a named target alone grounds a persistence (a file to write).
        assert!(grounds(
            "the test is flaky",
            &Need::new(Kind::Persist, "x", targets()),
            &p
        ));
        // Common words are no service verbs: "run the unit test" starts no test.service.
        assert!(!grounds("run the unit test", &start, &p));
        assert!(!grounds("set up the test", &enable, &p));
        // An action on no unit: a power action's own verb only.
        let mut reboot = Need::new(Kind::Service, "systemd reboot", Vec::new());
        reboot.verbs = power_verbs("reboot").unwrap();
        assert!(grounds("reboot the machine", &reboot, &p));
        assert!(!grounds("restart nginx", &reboot, &p));
        assert!(!grounds("don't reboot", &reboot, &p));
        assert!(power_verbs("daemon-reload").is_none());
        assert_eq!(service_verbs("load"), &["load"]);
        let mut setenv = Need::new(Kind::Persist, "launchd setenv", Vec::new());
        setenv.verbs = SERVICE_VERBS;
        assert!(
            !grounds("set it", &setenv, &p),
            "no target: none grounds it"
        );
    }
}
