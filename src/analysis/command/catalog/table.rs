//! What the families are made of: a table's [`Entry`] (a subcommand path, its [`Kind`] of
//! action, the flags that change it, one reason) and its constructors, what a family says
//! about a command ([`Said`], its tier from `policy`), the service and target a family
//! talks to ([`Svc`]), and the argument readers every family shares (positionals, flags,
//! option values, help). Each family imports it; it imports none of them.

use crate::analysis::command::core::{Class, Cmd};
use crate::analysis::command::policy;
use crate::analysis::effects::{Change, Code, Effect, WriteHow};

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

/// Is `raw` (a path as written, relative to the command's working directory) somewhere
/// other than the workspace, in either of its forms? A relative path after a `cd` to an
/// unknown place is.
pub(crate) fn outside_workspace(
    raw: &str,
    cmd: &Cmd,
    ctx: &crate::analysis::command::core::JudgeCtx,
) -> bool {
    let absolute = raw.starts_with('/') || raw == "~" || raw.starts_with("~/");
    let Some(base) = cmd.cwd.dir().or(absolute.then_some(ctx.cwd)) else {
        return true;
    };
    !ctx.workspace
        .contains(&crate::context::paths::forms(raw, base, ctx.home))
}

/// What a family says when the command also runs code the floor has not seen (`why`): a
/// denial stands; anything else is asked about under `category`, with `why` as its reason
/// and what else the command does among its effects.
pub(crate) fn also_runs(base: Said, category: &'static str, why: String) -> Said {
    if matches!(base.class(), Class::Hard { .. }) {
        return base.and(Effect::Run {
            code: Code::Hidden { what: why },
        });
    }
    let mut effects: Vec<Effect> = base
        .effects
        .into_iter()
        .filter(|e| !e.is_unknown())
        .collect();
    effects.push(Effect::Run {
        code: Code::Hidden { what: why.clone() },
    });
    Said {
        effects,
        category,
        reason: why,
        uses_cwd: base.uses_cwd,
    }
}

/// What a command's standard input carries to whoever it forwards it to (a network
/// client that sends what it reads: `openssl s_client`, `gnutls-cli`, `nslookup -`):
/// the last input redirection of fd 0 (a file; a heredoc or here-string, its text; the
/// null device: nothing), else a pipe's output. `None`: nothing the command line feeds
/// it (the harness's own input).
pub(crate) fn stdin_sent(cmd: &Cmd) -> Option<crate::analysis::effects::Carry> {
    use crate::analysis::effects::Carry;
    use crate::analysis::shell::RedirectOp;
    let fed = cmd.sc.redirects.iter().rev().find(|r| {
        r.fd.is_none_or(|fd| fd == 0)
            && matches!(
                r.op,
                RedirectOp::In
                    | RedirectOp::InOut
                    | RedirectOp::DupIn
                    | RedirectOp::HereDoc
                    | RedirectOp::HereString
            )
    });
    match fed {
        Some(r) if r.op == RedirectOp::DupIn => Some(Carry::Stdin),
        Some(r) if matches!(r.op, RedirectOp::In | RedirectOp::InOut) => {
            if crate::analysis::command::core::is_null_device(&r.target) {
                None
            } else if r.dynamic {
                Some(Carry::Substitution)
            } else {
                Some(Carry::File {
                    path: r.target.clone(),
                })
            }
        }
        Some(r) if r.dynamic => Some(Carry::Substitution),
        Some(_) => Some(Carry::Literal {
            text: crate::decision::cause::one_line(cmd.sc.stdin_text.as_deref().unwrap_or(""), 200),
        }),
        None if cmd.sc.piped_stdin => Some(Carry::Stdin),
        None => None,
    }
}
