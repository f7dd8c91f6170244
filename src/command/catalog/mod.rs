//! Catalogues as data: the command-line tools agents live in (cloud CLIs, Kubernetes,
//! containers, GitHub, infrastructure as code, package managers, database clients,
//! fetchers, archivers), one file per family. Each family is a table of [`Entry`]s — a
//! subcommand path, its class, the flags that change that class, and a one-line reason —
//! plus, where a CLI names its operations by a verb convention (`aws … describe-*`,
//! `az … list`, `gcloud … describe`), a verb rule checked the same way.
//!
//! The judge reaches a family by matching the program name ([`family`]), so the cost of a
//! lookup does not grow with the size of the tables: one `match` on `argv[0]`, then a scan
//! of that one family's entries. Nothing is built at start-up.
//!
//! What a family says: [`Said::Read`] (routine, the fast path), [`Said::Soft`] (asked;
//! publish-like or destructive but recoverable), [`Said::Hard`] (denied, from the flag rules in code), or
//! [`Said::Unknown`] (not understood: an unknown subcommand, or a read-only path given a
//! flag that might write). A family never says "read" about something it has not listed.

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
mod verbs;

#[cfg(test)]
mod tests;

pub(super) use verbs::mutation as unknown_program_mutation;

use super::destructive::{Hit, Tier};
use super::{Class, Cmd, Look};

/// How an entry classes its command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// Only reads (the fast path); any of `flags` makes it not understood.
    Read,
    /// Asked about; any of `flags` makes it a simulation that only reads (`--dry-run`).
    Soft(&'static str),
    /// Soft only when one of `flags` is given, otherwise not understood (`terraform apply
    /// -auto-approve`: the plain form prompts on its own).
    SoftWith(&'static str),
}

/// One catalogue line: a subcommand path, its class, the flags that change the class, why.
#[derive(Debug)]
pub(crate) struct Entry {
    /// Positional words after the program (options and their values skipped).
    pub path: &'static [&'static str],
    pub kind: Kind,
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
        flags,
        reason,
    }
}

pub(crate) const fn soft(
    path: &'static [&'static str],
    category: &'static str,
    reason: &'static str,
) -> Entry {
    Entry {
        path,
        kind: Kind::Soft(category),
        flags: &[],
        reason,
    }
}

pub(crate) const fn soft_unless(
    path: &'static [&'static str],
    category: &'static str,
    dry_run: &'static [&'static str],
    reason: &'static str,
) -> Entry {
    Entry {
        path,
        kind: Kind::Soft(category),
        flags: dry_run,
        reason,
    }
}

pub(crate) const fn soft_with(
    path: &'static [&'static str],
    category: &'static str,
    flags: &'static [&'static str],
    reason: &'static str,
) -> Entry {
    Entry {
        path,
        kind: Kind::SoftWith(category),
        flags,
        reason,
    }
}

/// What a family says about one command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Said {
    Read {
        reason: String,
        /// Path words the command reads (`-f FILE`, `file://…`), judged by the path floor.
        reads: Vec<String>,
        /// Path words it writes (`-o FILE`), judged like an edit.
        writes: Vec<String>,
        /// It acts on its working directory (terraform, docker compose).
        uses_cwd: bool,
    },
    Soft {
        category: &'static str,
        reason: String,
    },
    Hard {
        category: &'static str,
        reason: String,
    },
    Unknown(String),
}

impl Said {
    pub fn read(reason: impl Into<String>) -> Said {
        Said::Read {
            reason: reason.into(),
            reads: Vec::new(),
            writes: Vec::new(),
            uses_cwd: false,
        }
    }
    pub fn soft(category: &'static str, reason: impl Into<String>) -> Said {
        Said::Soft {
            category,
            reason: reason.into(),
        }
    }
    pub fn unknown(reason: impl Into<String>) -> Said {
        Said::Unknown(reason.into())
    }
    /// A command that prints a secret, a token or credentials where the agent reads them:
    /// a hard floor (an `Effect::Secret`). The reason says what would pass instead.
    pub fn secret(reason: impl Into<String>) -> Said {
        Said::Hard {
            category: "credential",
            reason: reason.into(),
        }
    }
    fn with_reads(mut self, more: Vec<String>) -> Said {
        if let Said::Read { reads, .. } = &mut self {
            reads.extend(more);
        }
        self
    }
    fn with_cwd(mut self) -> Said {
        if let Said::Read { uses_cwd, .. } = &mut self {
            *uses_cwd = true;
        }
        self
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
        "gzip" | "gunzip" | "zcat" | "bzip2" | "bunzip2" | "xz" | "unxz" | "zstd" => archive::gzip,
        "7z" | "7za" | "7zz" | "7zr" => archive::sevenzip,
        "iconv" => archive::iconv,
        "binhex" => archive::binhex,
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
    )
}

/// What the catalogue says, if a family knows the program.
pub(super) fn said(cmd: &Cmd) -> Option<Said> {
    let f = family(cmd.program())?;
    if cmd.has_expansion() {
        // A word computed at run time could be any subcommand or flag.
        return Some(match f(cmd) {
            s @ (Said::Soft { .. } | Said::Hard { .. }) => s,
            _ => Said::unknown("an argument is computed at run time"),
        });
    }
    let said = f(cmd);
    // A file written whose content gatehook cannot see must not be one that runs later or
    // steers the agent (the edit scan never sees a download).
    if let Said::Read { writes, .. } = &said {
        if let Some((w, kind)) = writes
            .iter()
            .find_map(|w| super::edits::file_kind(std::path::Path::new(w), "").map(|k| (w, k)))
        {
            return Some(Said::soft(
                "planting",
                format!(
                    "{} writes {w}, {kind}, with content gatehook cannot see",
                    cmd.program()
                ),
            ));
        }
    }
    Some(said)
}

/// The catalogue's answer as a routine-catalogue [`Look`].
pub(super) fn look(cmd: &Cmd) -> Option<Look> {
    Some(match said(cmd)? {
        Said::Read {
            reason,
            reads,
            writes,
            uses_cwd,
        } => Look {
            class: Class::Routine { reason },
            reads,
            writes,
            uses_cwd,
            effects: Vec::new(),
        },
        Said::Soft { category, reason } => Look {
            class: Class::Soft { category, reason },
            ..Look::unknown("")
        },
        Said::Hard { category, reason } => Look {
            class: Class::Hard { category, reason },
            ..Look::unknown("")
        },
        Said::Unknown(r) => Look::unknown(r),
    })
}

/// The destructive tiers for the programs this catalogue owns.
pub(super) fn tier(cmd: &Cmd) -> Option<Hit> {
    if !owns_tier(cmd.program()) {
        return None;
    }
    match said(cmd)? {
        Said::Soft { category, reason } => Some((Tier::Soft, category, reason, Vec::new())),
        Said::Hard { category, reason } => Some((Tier::Hard, category, reason, Vec::new())),
        _ => None,
    }
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

/// Apply an entry to a command: its class, changed by its flags.
pub(crate) fn apply(prog: &str, e: &Entry, args: &[String]) -> Said {
    let flag = e.flags.iter().find(|f| has_flag(args, f));
    let path = e.path.join(" ");
    match (e.kind, flag) {
        (Kind::Read, None) => Said::read(e.reason),
        (Kind::Read, Some(f)) => {
            Said::unknown(format!("{prog} {path} {f} is not read-only ({})", e.reason))
        }
        (Kind::Soft(_), Some(f)) => Said::read(format!("{prog} {path} {f} only simulates")),
        (Kind::Soft(c), None) => Said::soft(c, format!("{prog} {path}: {}", e.reason)),
        (Kind::SoftWith(c), Some(f)) => Said::soft(c, format!("{prog} {path} {f}: {}", e.reason)),
        (Kind::SoftWith(_), None) => Said::unknown(format!("{prog} {path}: {}", e.reason)),
    }
}

/// Look a command up in a family table; unknown when no entry matches.
pub(crate) fn by_table(cmd: &Cmd, entries: &[Entry], value_opts: &[&str]) -> Said {
    let args = cmd.args();
    let pos = positionals(args, value_opts);
    match lookup(entries, &pos) {
        Some(e) => apply(cmd.program(), e, args),
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
