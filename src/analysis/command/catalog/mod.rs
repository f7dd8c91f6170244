//! Catalogues as data: the command-line tools agents live in (cloud CLIs, Kubernetes,
//! containers, GitHub, infrastructure as code, package managers, database clients,
//! fetchers, archivers, remote shells), one file per family. Each family is a table of
//! [`Entry`]s — a subcommand path, what it does to the service it talks to (reads it,
//! creates, changes, destroys, publishes, grants; runs code there; prints a secret), the
//! flags that change that, and a one-line reason — plus, where a CLI names its operations
//! by a verb convention (`aws … describe-*`, `az … list`, `gcloud … describe`), a verb rule
//! checked the same way.
//!
//! What a family says is a [`Said`]: the command's typed [`Effect`]s — `Remote{service,
//! action, target, change}` with the target normalised per service (`namespace/kind/name`,
//! `s3://bucket/key`, `owner/repo`, a stack directory, a package name, a database),
//! `Run` for code (a package from a registry is `pkg:MANAGER/NAME`), `Secret`, `Privilege`,
//! local reads and writes — with the family's category and reason for the reason line. The
//! tier follows from the effects in one place, [`super::policy`]: remote reads are
//! routine, changes are asked about, destroying with no way back is denied. A family never
//! says "read" about something it has not listed; what it does not understand is an
//! `Effect::Unknown`.
//!
//! The judge reaches a family by matching the program name ([`family`]), so the cost of a
//! lookup does not grow with the size of the tables: one `match` on `argv[0]`, then a scan
//! of that one family's entries. Nothing is built at start-up.

mod agents;
mod archive;
mod cloud;
mod containers;
mod database;
mod fetch;
mod github;
mod infra;
mod kube;
mod network;
mod packages;
mod remote;
mod services;
mod sockets;
pub(super) use containers::{lifecycle, Lifecycle};
pub(super) use remote::rsync_local_cp;
pub(super) use services::transient_unit;
mod verbs;

#[cfg(test)]
mod tests;

pub(super) use verbs::mutation as unknown_program_mutation;
pub(crate) use verbs::{NAMES_ACTION, TOOL_WILL};

use super::destructive::{Hit, Tier};
use super::{policy, Class, Cmd, JudgeCtx, Look};
use crate::analysis::effects::{Change, Code, Effect, WriteHow};
use crate::analysis::shell::SimpleCommand;

/// What an entry's command does to the service it talks to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// Only reads (the fast path); any of `flags` makes it not understood.
    Read,
    /// Changes the service's state; any of `flags` makes it a simulation that only reads
    /// (`--dry-run`).
    Change(Change),
    /// Changes state only when one of `flags` is given, otherwise not understood
    /// (`terraform apply -auto-approve`: the plain form prompts on its own).
    ChangeWith(Change),
    /// Runs a command inside the service (`kubectl exec`, `helm test`).
    Runs,
    /// Prints a secret or a token where the agent reads it.
    Secret,
}

/// One catalogue line: a subcommand path, what it does, the flags that change that, why.
#[derive(Debug)]
pub(crate) struct Entry {
    /// Positional words after the program (options and their values skipped).
    pub path: &'static [&'static str],
    pub kind: Kind,
    /// The family's name for the action, for the reason line (empty for reads).
    pub category: &'static str,
    /// Flags that change the class (see [`Kind`]). `-x` also matches inside a bundle
    /// (`-xvf`); `--long` also matches `--long=value`.
    pub flags: &'static [&'static str],
    pub reason: &'static str,
}

/// Shorthand constructors for the tables.
pub(crate) const fn read(path: &'static [&'static str], reason: &'static str) -> Entry {
    Entry {
        path,
        kind: Kind::Read,
        category: "",
        flags: &[],
        reason,
    }
}

pub(crate) const fn read_unless(
    path: &'static [&'static str],
    flags: &'static [&'static str],
    reason: &'static str,
) -> Entry {
    Entry {
        path,
        kind: Kind::Read,
        category: "",
        flags,
        reason,
    }
}

/// An entry that changes remote state in the way `change` says.
pub(crate) const fn change(
    path: &'static [&'static str],
    change: Change,
    category: &'static str,
    reason: &'static str,
) -> Entry {
    Entry {
        path,
        kind: Kind::Change(change),
        category,
        flags: &[],
        reason,
    }
}

pub(crate) const fn create(
    path: &'static [&'static str],
    category: &'static str,
    reason: &'static str,
) -> Entry {
    change(path, Change::Create, category, reason)
}

pub(crate) const fn modify(
    path: &'static [&'static str],
    category: &'static str,
    reason: &'static str,
) -> Entry {
    change(path, Change::Modify, category, reason)
}

pub(crate) const fn destroy(
    path: &'static [&'static str],
    category: &'static str,
    reason: &'static str,
) -> Entry {
    change(path, Change::Destroy, category, reason)
}

pub(crate) const fn publish(
    path: &'static [&'static str],
    category: &'static str,
    reason: &'static str,
) -> Entry {
    change(path, Change::Publish, category, reason)
}

pub(crate) const fn grant(
    path: &'static [&'static str],
    category: &'static str,
    reason: &'static str,
) -> Entry {
    change(path, Change::Permission, category, reason)
}

/// A change that `dry_run` flags turn into a simulation.
pub(crate) const fn change_unless(
    path: &'static [&'static str],
    change: Change,
    category: &'static str,
    dry_run: &'static [&'static str],
    reason: &'static str,
) -> Entry {
    Entry {
        path,
        kind: Kind::Change(change),
        category,
        flags: dry_run,
        reason,
    }
}

/// A change only with one of `flags`; without them, not understood.
pub(crate) const fn change_with(
    path: &'static [&'static str],
    change: Change,
    category: &'static str,
    flags: &'static [&'static str],
    reason: &'static str,
) -> Entry {
    Entry {
        path,
        kind: Kind::ChangeWith(change),
        category,
        flags,
        reason,
    }
}

/// Runs a command inside the service.
pub(crate) const fn runs(path: &'static [&'static str], reason: &'static str) -> Entry {
    Entry {
        path,
        kind: Kind::Runs,
        category: "runs-code",
        flags: &[],
        reason,
    }
}

/// Prints a secret.
pub(crate) const fn secret(path: &'static [&'static str], reason: &'static str) -> Entry {
    Entry {
        path,
        kind: Kind::Secret,
        category: "credentials",
        flags: &[],
        reason,
    }
}

/// What a family says about one command: what it does, as effects, with the family's
/// category and one reason line. Its tier is [`Said::class`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Said {
    pub effects: Vec<Effect>,
    /// The family's name for the action, shown with a soft or hard tier.
    pub category: &'static str,
    /// What the command does, or why it is not understood.
    pub reason: String,
    /// It acts on its working directory (terraform, docker compose).
    pub uses_cwd: bool,
}

impl Said {
    /// A command that only prints (help, versions, local information): no effects.
    pub fn read(reason: impl Into<String>) -> Said {
        Said {
            effects: Vec::new(),
            category: "",
            reason: reason.into(),
            uses_cwd: false,
        }
    }
    /// Not understood.
    pub fn unknown(reason: impl Into<String>) -> Said {
        let reason = reason.into();
        Said {
            effects: vec![Effect::unknown(reason.clone())],
            category: "",
            reason,
            uses_cwd: false,
        }
    }
    /// One remote action.
    pub fn remote(
        service: &str,
        action: impl Into<String>,
        target: Option<String>,
        change: Change,
        category: &'static str,
        reason: impl Into<String>,
    ) -> Said {
        Said {
            effects: vec![Effect::Remote {
                service: service.to_string(),
                action: action.into(),
                target,
                change,
            }],
            category: if category.is_empty() && change != Change::Read {
                policy::default_category(change)
            } else {
                category
            },
            reason: reason.into(),
            uses_cwd: false,
        }
    }
    /// Prints a secret (`what`) where the agent reads it.
    pub fn secret(what: impl Into<String>, reason: impl Into<String>) -> Said {
        Said {
            effects: vec![Effect::Secret { what: what.into() }],
            category: "credentials",
            reason: reason.into(),
            uses_cwd: false,
        }
    }
    /// Runs code the floor does not see (`what`).
    pub fn runs(
        what: impl Into<String>,
        category: &'static str,
        reason: impl Into<String>,
    ) -> Said {
        Said {
            effects: vec![Effect::Run {
                code: Code::Hidden { what: what.into() },
            }],
            category,
            reason: reason.into(),
            uses_cwd: false,
        }
    }
    /// Does something the floor cannot see whose outcome the person should decide (options
    /// read from a file curl does not show, a file the server names): asked about, under
    /// `category`.
    pub fn soft(category: &'static str, reason: impl Into<String>) -> Said {
        let reason = reason.into();
        Said {
            effects: vec![Effect::Run {
                code: Code::Hidden {
                    what: reason.clone(),
                },
            }],
            category,
            reason,
            uses_cwd: false,
        }
    }
    /// Fetches a package from a registry by name and runs its code.
    pub fn installs(manager: &str, names: &[&str], reason: impl Into<String>) -> Said {
        Said {
            effects: names
                .iter()
                .map(|n| Effect::Run {
                    code: Code::Network {
                        url: Some(policy::package_url(manager, n)),
                    },
                })
                .collect(),
            category: "install",
            reason: reason.into(),
            uses_cwd: false,
        }
    }
    /// Add an effect.
    pub fn and(mut self, e: Effect) -> Said {
        self.effects.push(e);
        self
    }
    /// Add effects.
    pub fn and_effects(mut self, more: Vec<Effect>) -> Said {
        self.effects.extend(more);
        self
    }
    /// Add local paths it reads.
    pub fn with_reads(mut self, more: Vec<String>) -> Said {
        self.effects
            .extend(more.into_iter().filter(|p| p != "-").map(Effect::read));
        self
    }
    /// Add local paths it writes (creates or replaces).
    pub fn with_writes(mut self, more: Vec<String>) -> Said {
        self.effects.extend(
            more.into_iter()
                .filter(|p| p != "-")
                .map(|p| Effect::write(p, WriteHow::Replace)),
        );
        self
    }
    pub fn with_cwd(mut self) -> Said {
        self.uses_cwd = true;
        self
    }
    /// The local paths read, as written.
    pub fn reads(&self) -> Vec<String> {
        self.effects
            .iter()
            .filter_map(|e| match e {
                Effect::Read { path, .. } => Some(path.clone()),
                _ => None,
            })
            .collect()
    }
    /// The local paths written or deleted, as written.
    pub fn writes(&self) -> Vec<String> {
        self.effects
            .iter()
            .filter_map(|e| match e {
                Effect::Write { path, .. } | Effect::Delete { path, .. } => Some(path.clone()),
                _ => None,
            })
            .collect()
    }
    /// The tier, from the effects ([`policy::catalogue_class`]).
    pub fn class(&self) -> Class {
        policy::catalogue_class(&self.reason, self.category, &self.effects)
    }
    /// Routine: nothing here is asked about or not understood.
    pub fn is_routine(&self) -> bool {
        matches!(self.class(), Class::Routine { .. })
    }
}

/// The family that knows a program, by name: one `match`, no table built.
fn family(prog: &str) -> Option<fn(&Cmd) -> Said> {
    Some(match prog {
        "aws" => cloud::aws,
        "gcloud" => cloud::gcloud,
        "az" => cloud::az,
        "kubectl" | "oc" => kube::kubectl,
        "helm" => kube::helm,
        "docker" | "podman" => containers::docker,
        "docker-compose" | "podman-compose" => containers::compose,
        "terraform" | "tofu" => infra::terraform,
        "packer" => infra::packer,
        "cdk" => infra::cdk,
        "gh" => github::gh,
        "npm" | "pnpm" | "yarn" | "bun" => packages::node,
        "pip" | "pip3" => packages::pip,
        "uv" => packages::uv,
        "brew" => packages::brew,
        "cargo" => packages::cargo,
        "go" => packages::go,
        "psql" | "mysql" | "mariadb" | "sqlite3" | "duckdb" | "sqlcmd" => database::client,
        "curl" => fetch::curl,
        "wget" => fetch::wget,
        "ip" => network::ip,
        "ifconfig" => network::ifconfig,
        "openssl" => network::openssl,
        "ping" | "ping6" => network::ping,
        "http" | "https" | "xh" => fetch::httpie,
        "tar" | "bsdtar" | "gtar" => archive::tar,
        "unzip" => archive::unzip,
        "zip" => archive::zip,
        "patch" => archive::patch,
        "gzip" | "gunzip" | "zcat" | "bzip2" | "bunzip2" | "xz" | "unxz" | "zstd" => archive::gzip,
        "7z" | "7za" | "7zz" | "7zr" => archive::sevenzip,
        "iconv" => archive::iconv,
        "binhex" => archive::binhex,
        "ssh" => remote::ssh,
        "adb" => remote::adb,
        "scp" => remote::scp,
        "rsync" => remote::rsync,
        "systemctl" => services::systemctl,
        "launchctl" => services::launchctl,
        "service" => services::service,
        "nc" | "netcat" | "ncat" | "nc.openbsd" | "nc.traditional" => sockets::netcat,
        "socat" => sockets::socat,
        "telnet" => sockets::telnet,
        "claude" | "codex" | "gemini" | "aider" | "opencode" | "cursor-agent" | "amp" | "qwen"
        | "copilot" | "kiro-cli" => agents::agent,
        _ => return None,
    })
}

/// Does a family know this program?
pub(super) fn knows(prog: &str) -> bool {
    family(prog).is_some()
}

/// Programs whose destructive tier this catalogue owns (so the older tables do not judge
/// them a second time with a different parse).
pub(super) fn owns_tier(prog: &str) -> bool {
    matches!(
        prog,
        "aws"
            | "gcloud"
            | "az"
            | "kubectl"
            | "oc"
            | "helm"
            | "docker"
            | "podman"
            | "docker-compose"
            | "podman-compose"
            | "terraform"
            | "tofu"
            | "packer"
            | "cdk"
            | "gh"
            | "curl"
            | "wget"
            | "http"
            | "https"
            | "xh"
            | "systemctl"
            | "launchctl"
            | "service"
            | "nc"
            | "netcat"
            | "ncat"
            | "nc.openbsd"
            | "nc.traditional"
            | "socat"
            | "telnet"
    )
}

/// The families' entry points that need the machine's context (the home directory, the
/// floor's tables): `docker run`'s mounts, tool config files.
fn with_context(cmd: &Cmd, ctx: &JudgeCtx) -> Option<Said> {
    match cmd.program() {
        "docker" | "podman" => containers::run(cmd, ctx),
        "npm" | "pnpm" | "pip" | "pip3" => packages::config(cmd, ctx),
        _ => None,
    }
}

/// What the catalogue says, if a family knows the program.
pub(super) fn said(cmd: &Cmd, ctx: &JudgeCtx) -> Option<Said> {
    let family = family(cmd.program())?;
    let f = |cmd: &Cmd| with_context(cmd, ctx).unwrap_or_else(|| family(cmd));
    if cmd.has_expansion() {
        // A word computed at run time could be any subcommand or flag: only an answer that
        // is already asked about or denied stands.
        let s = f(cmd);
        return Some(match s.class() {
            Class::Soft { .. } | Class::Hard { .. } => s,
            _ => Said {
                effects: s
                    .effects
                    .into_iter()
                    .chain(std::iter::once(Effect::unknown(
                        "an argument is computed at run time",
                    )))
                    .collect(),
                reason: "an argument is computed at run time".into(),
                ..Said::read("")
            },
        });
    }
    let mut said = f(cmd);
    // A file written whose content gatehook cannot see must not be one that runs later or
    // steers the agent (the edit scan never sees a download).
    if said.is_routine() {
        if let Some((w, kind)) = said.writes().iter().find_map(|w| {
            super::edits::file_kind(std::path::Path::new(w), "").map(|k| (w.clone(), k))
        }) {
            said.category = "planting";
            said.reason = format!(
                "{} writes {w}, {kind}, with content gatehook cannot see",
                cmd.program()
            );
            said.effects.push(Effect::Run {
                code: Code::Hidden {
                    what: format!("{w} later, with content gatehook cannot see"),
                },
            });
        }
    }
    Some(said)
}

/// The catalogue's answer as a routine-catalogue [`Look`].
pub(super) fn look(cmd: &Cmd, ctx: &JudgeCtx) -> Option<Look> {
    let said = said(cmd, ctx)?;
    Some(Look {
        class: said.class(),
        reads: said.reads(),
        writes: said.writes(),
        uses_cwd: said.uses_cwd,
        effects: said.effects,
    })
}

/// The destructive tiers for the programs this catalogue owns.
pub(super) fn tier(cmd: &Cmd, ctx: &JudgeCtx) -> Option<Hit> {
    if !owns_tier(cmd.program()) {
        return None;
    }
    match said(cmd, ctx)?.class() {
        Class::Soft { category, reason } => Some((Tier::Soft, category, reason, Vec::new())),
        Class::Hard { category, reason } => Some((Tier::Hard, category, reason, Vec::new())),
        _ => None,
    }
}

/// A secret a catalogue command prints, piped straight into a program that reads it as a
/// password (`aws ecr get-login-password | docker login --password-stdin …`), never reaches
/// the agent: it is a login, asked about, not a secret printed.
pub(super) fn secret_consumed(all: &[SimpleCommand], i: usize, look: &mut Look) {
    let Class::Hard {
        category: "credential",
        ..
    } = look.class
    else {
        return;
    };
    if !look
        .effects
        .iter()
        .any(|e| matches!(e, Effect::Secret { .. }))
    {
        return;
    }
    let ids = super::destructive::pipeline_ids(all);
    let Some(next) = all.get(i + 1) else {
        return;
    };
    let same_pipe = next.piped_stdin && ids.get(i) == ids.get(i + 1);
    let consumer = matches!(
        next.program(),
        Some("docker" | "podman" | "nerdctl" | "helm" | "oras" | "crane" | "skopeo" | "buildah")
    ) && next.exec.iter().any(|a| a == "login")
        && next.exec.iter().any(|a| a == "--password-stdin");
    if same_pipe && consumer && next.redirects.is_empty() {
        let to = next
            .exec
            .iter()
            .take(2)
            .cloned()
            .collect::<Vec<_>>()
            .join(" ");
        look.class = Class::Soft {
            category: "credentials",
            reason: format!(
                "the secret goes straight into `{to} --password-stdin`: a registry login"
            ),
        };
    }
}

/// A remote target from its parts, outermost first, absent parts left out
/// (`[Some("prod"), Some("deployment"), Some("web")]` → `prod/deployment/web`).
pub(crate) fn target<'a>(parts: impl IntoIterator<Item = Option<&'a str>>) -> Option<String> {
    let v: Vec<&str> = parts
        .into_iter()
        .flatten()
        .filter(|p| !p.is_empty())
        .collect();
    (!v.is_empty()).then(|| v.join("/"))
}

/// The service a family talks to and the target its command names.
pub(crate) struct Svc<'a> {
    /// The program as run (`kubectl`, `oc`), for reason lines.
    pub prog: &'a str,
    /// The service (`kubernetes`, `aws`, `github`).
    pub service: &'static str,
    pub target: Option<String>,
}

/// Positional words of `args`, skipping options and the values of `value_opts` (a
/// `--opt=value` word carries its own value). Everything after `--` is positional.
pub(crate) fn positionals<'a>(args: &'a [String], value_opts: &[&str]) -> Vec<&'a str> {
    let mut out = Vec::new();
    let mut skip = false;
    let mut ended = false;
    for a in args {
        if skip {
            skip = false;
            continue;
        }
        if ended {
            out.push(a.as_str());
            continue;
        }
        if a == "--" {
            ended = true;
            continue;
        }
        if a.starts_with('-') && a.len() > 1 {
            if !a.contains('=') && value_opts.contains(&a.as_str()) {
                skip = true;
            }
            continue;
        }
        out.push(a.as_str());
    }
    out
}

/// Is `flag` among `args` (`--long`, `--long=v`, `-x`, or `-x` inside a bundle `-xvf`)?
pub(crate) fn has_flag(args: &[String], flag: &str) -> bool {
    args.iter().take_while(|a| *a != "--").any(|a| {
        if a == flag {
            return true;
        }
        if let Some(long) = flag.strip_prefix("--") {
            return a
                .strip_prefix("--")
                .and_then(|r| r.strip_prefix(long))
                .is_some_and(|r| r.starts_with('='));
        }
        if flag.len() == 2 && flag.starts_with('-') {
            let c = flag.as_bytes()[1] as char;
            return a.starts_with('-')
                && !a.starts_with("--")
                && a.len() > 2
                && a[1..].chars().all(|x| x.is_ascii_alphanumeric())
                && a[1..].contains(c);
        }
        // Single-dash long options (`-auto-approve`, `-check`) also as `-opt=value`.
        flag.starts_with('-') && a.strip_prefix(flag).is_some_and(|r| r.starts_with('='))
    })
}

/// The value of an option (`-o yaml`, `-oyaml`, `--output yaml`, `--output=yaml`).
pub(crate) fn option_value<'a>(args: &'a [String], names: &[&str]) -> Option<&'a str> {
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "--" {
            return None;
        }
        for n in names {
            if a == n {
                return it.next().map(String::as_str);
            }
            if let Some(v) = a.strip_prefix(n) {
                if let Some(v) = v.strip_prefix('=') {
                    return Some(v);
                }
                if !n.starts_with("--") && n.len() == 2 && !v.is_empty() {
                    return Some(v);
                }
            }
        }
    }
    None
}

/// Look `pos` up in `entries`: the entry with the longest matching path wins. `*` in an
/// entry path matches any one word.
pub(crate) fn lookup<'e>(entries: &'e [Entry], pos: &[&str]) -> Option<&'e Entry> {
    entries
        .iter()
        .filter(|e| {
            e.path.len() <= pos.len() && e.path.iter().zip(pos).all(|(p, w)| *p == "*" || p == w)
        })
        .max_by_key(|e| e.path.len())
}

/// Apply an entry to a command: what it does, changed by its flags.
pub(crate) fn apply(svc: &Svc, e: &Entry, args: &[String]) -> Said {
    let flag = e.flags.iter().find(|f| has_flag(args, f));
    let path = e.path.join(" ");
    let prog = svc.prog;
    let remote = |change: Change, reason: String| {
        Said::remote(
            svc.service,
            path.clone(),
            svc.target.clone(),
            change,
            e.category,
            reason,
        )
    };
    match (e.kind, flag) {
        (Kind::Read, None) => remote(Change::Read, e.reason.to_string()),
        (Kind::Read, Some(f)) => {
            Said::unknown(format!("{prog} {path} {f} is not read-only ({})", e.reason))
        }
        (Kind::Change(_), Some(f)) => {
            remote(Change::Read, format!("{prog} {path} {f} only simulates"))
        }
        (Kind::Change(c), None) => remote(c, format!("{prog} {path}: {}", e.reason)),
        (Kind::ChangeWith(c), Some(f)) => remote(c, format!("{prog} {path} {f}: {}", e.reason)),
        // Without the flag it prompts (or does what the floor cannot see): what it would
        // change is still the change, and the rest is not understood.
        (Kind::ChangeWith(c), None) => {
            let why = format!("{prog} {path}: {}", e.reason);
            let mut said = remote(c, why.clone());
            said.effects.push(Effect::unknown(why));
            said
        }
        (Kind::Runs, _) => Said::runs(
            format!("a command inside {} ({})", svc.service, e.reason),
            e.category,
            format!("{prog} {path}: {}", e.reason),
        )
        .and(Effect::Remote {
            service: svc.service.to_string(),
            action: path.clone(),
            target: svc.target.clone(),
            change: Change::Modify,
        }),
        (Kind::Secret, _) => Said::secret(
            format!("{} ({prog} {path})", e.reason),
            format!("{prog} {path} {}", e.reason),
        )
        .and(Effect::Remote {
            service: svc.service.to_string(),
            action: path.clone(),
            target: svc.target.clone(),
            change: Change::Read,
        }),
    }
}

/// Look a command up in a family table; unknown when no entry matches.
pub(crate) fn by_table(cmd: &Cmd, svc: &Svc, entries: &[Entry], value_opts: &[&str]) -> Said {
    let args = cmd.args();
    let pos = positionals(args, value_opts);
    match lookup(entries, &pos) {
        Some(e) => apply(svc, e, args),
        None => Said::unknown(format!(
            "{} {} is not in the {} catalogue",
            cmd.program(),
            pos.first().copied().unwrap_or(""),
            cmd.program()
        )),
    }
}

/// `--help` anywhere (before `--`), or a lone `-h`, `-help`, `--version`, `-version`:
/// prints and exits. (`-h` elsewhere is often a host, `--version` a value option.)
pub(crate) fn asks_help(args: &[String]) -> bool {
    if let [a] = args {
        if matches!(
            a.as_str(),
            "-h" | "-help" | "--version" | "-version" | "help"
        ) {
            return true;
        }
    }
    args.iter()
        .take_while(|a| *a != "--")
        .any(|a| a == "--help")
}

/// `--help` before the `n`-th positional word: for CLIs that stop parsing their own
/// options at an operand (`docker run IMAGE --help` passes `--help` to the container).
pub(crate) fn help_before(args: &[String], value_opts: &[&str], n: usize) -> bool {
    let mut seen = 0;
    let mut skip = false;
    for a in args {
        if skip {
            skip = false;
        } else if a == "--help" {
            return true;
        } else if a == "--" {
            return false;
        } else if a.starts_with('-') {
            skip = !a.contains('=') && value_opts.contains(&a.as_str());
        } else {
            seen += 1;
            if seen >= n {
                return false;
            }
        }
    }
    args.len() == 1 && asks_help(args)
}

/// Words passed as `file://` / `fileb://` values are read and sent: judge them as reads.
pub(crate) fn file_urls(args: &[String]) -> Vec<String> {
    args.iter()
        .filter_map(|a| {
            let v = a.split_once('=').map(|(_, v)| v).unwrap_or(a);
            v.strip_prefix("fileb://")
                .or_else(|| v.strip_prefix("file://"))
                .map(str::to_string)
        })
        .collect()
}

/// Values of the options that name files the command reads (`-f FILE`, `--values FILE`).
pub(crate) fn option_files(args: &[String], names: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        for n in names {
            if a == n {
                if let Some(v) = it.clone().next() {
                    out.push(v.clone());
                }
            } else if let Some(v) = a.strip_prefix(n).and_then(|v| v.strip_prefix('=')) {
                out.push(v.to_string());
            }
        }
    }
    out.retain(|v| v != "-" && !v.contains("://"));
    out
}
