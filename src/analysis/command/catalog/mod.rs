//! Catalogues as data: the command-line tools agents live in (cloud CLIs, Kubernetes,
//! containers, GitHub and other hosting CLIs' reads, infrastructure as code, package managers, database clients,
//! fetchers, archivers, remote shells), one file per family. Each family is a table of
//! [`table::Entry`]s — a subcommand path, what it does to the service it talks to (reads it,
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
//!
//! What the families are made of (entries, [`Said`], the argument readers they share) is
//! `table`, below every family; this module owns the dispatch: which family knows a
//! program, what it says, its tier, and a secret piped into a login.

mod agents;
mod archive;
mod cloud;
mod containers;
mod database;
mod fetch;
mod github;
mod host;
mod hosted;
mod infra;
mod kube;
mod network;
mod packages;
mod relay;
mod remote;
mod services;
mod sockets;
mod table;
mod transfer;
mod upload;
mod vcs;
pub(super) use containers::{bind_at, lifecycle, Lifecycle};
pub(super) use host::debugger_exposures;
pub(super) use remote::rsync_local_cp;
pub(super) use services::transient_unit;
mod verbs;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_aliases;
#[cfg(test)]
mod tests_exposure;
#[cfg(test)]
mod tests_host;
#[cfg(test)]
mod tests_printers;

pub(crate) use network::KEY_MATERIAL;
pub(super) use verbs::mutation as unknown_program_mutation;
pub(crate) use verbs::{NAMES_ACTION, TOOL_WILL};

use super::core::{pipeline_ids, Class, Cmd, JudgeCtx, Look};
use super::tier::{Hit, Tier};
use crate::analysis::effects::{Code, Effect};
use crate::analysis::shell::SimpleCommand;
use table::Said;

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
        "glab" => hosted::glab,
        "fly" | "flyctl" => hosted::fly,
        "heroku" => hosted::heroku,
        "npm" | "pnpm" | "yarn" | "bun" => packages::node,
        "pip" | "pip3" => packages::pip,
        "uv" => packages::uv,
        "brew" => packages::brew,
        "nix" => packages::nix,
        "cargo" => packages::cargo,
        "go" => packages::go,
        "psql" | "mysql" | "mariadb" | "sqlite3" | "duckdb" | "sqlcmd" => database::client,
        "curl" => fetch::curl,
        "wget" => fetch::wget,
        "ip" => network::ip,
        "ifconfig" => network::ifconfig,
        "openssl" => network::openssl,
        "ping" | "ping6" => network::ping,
        "gnutls-cli" => network::gnutls_cli,
        "dig" | "host" | "nslookup" => network::resolver,
        "whois" => network::whois,
        "defaults" => services::defaults,
        "setcap" => services::setcap,
        "journalctl" => services::journalctl,
        "sysctl" => services::sysctl,
        "ngrok" | "cloudflared" | "lt" | "localtunnel" | "bore" | "zrok" | "tailscale" => {
            network::tunnel
        }
        "tmate" | "sshx" | "tty-share" | "upterm" | "ttyd" | "gotty" | "x11vnc" => {
            network::remote_control
        }
        "httpd" | "darkhttpd" | "miniserve" | "webfsd" | "static-web-server"
        | "simple-http-server" | "http-server" | "live-server" | "caddy" => network::file_server,
        "http" | "https" | "xh" => fetch::httpie,
        "tar" | "bsdtar" | "gtar" => archive::tar,
        "unzip" => archive::unzip,
        "zipinfo" => archive::zipinfo,
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
        "logger" => sockets::logger,
        "gsutil" => transfer::gsutil,
        "rclone" => transfer::rclone,
        "sftp" => transfer::sftp,
        "mail" | "mailx" | "mutt" | "neomutt" | "sendmail" => transfer::mail,
        "cpio" => transfer::cpio,
        "lftp" => upload::lftp,
        "ncftpput" => upload::ncftpput,
        "ftpput" => upload::ftpput,
        "tftp" => upload::tftp,
        "ftp" | "pftp" => upload::ftp,
        "smbclient" => upload::smbclient,
        "pastebinit" => upload::pastebinit,
        "swaks" => upload::swaks,
        "msmtp" => upload::msmtp,
        "croc" | "wormhole" | "ffsend" | "wgetpaste" | "gist" | "onionshare" | "onionshare-cli" => {
            relay::relay
        }
        "skopeo" => relay::skopeo,
        "apptainer" | "singularity" => relay::container_image,
        "claude" | "codex" | "gemini" | "aider" | "opencode" | "cursor-agent" | "amp" | "qwen"
        | "copilot" | "kiro-cli" => agents::agent,
        // The host's security controls, accounts and power, and what observes or types
        // into what is not the agent's: one table (`host::ROWS`).
        _ if host::knows(prog) => host::host,
        _ => return None,
    })
}

/// Does a family know this program?
pub(super) fn knows(prog: &str) -> bool {
    family(prog).is_some()
}

/// Does its family list only the program's reading forms (`hosted`: glab, fly, heroku), so
/// that what it does not list is still read by the long-tail verb rule?
pub(super) fn knows_only_reads(prog: &str) -> bool {
    matches!(prog, "glab" | "fly" | "flyctl" | "heroku")
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
            | "logger"
    )
}

/// The families' entry points that need the machine's context (the home directory, the
/// floor's tables): `docker run`'s mounts, tool config files, a kubeconfig or terraform
/// directory named on the command line.
fn with_context(cmd: &Cmd, ctx: &JudgeCtx) -> Option<Said> {
    match cmd.program() {
        "docker" | "podman" => containers::run(cmd, ctx),
        "npm" | "pnpm" | "pip" | "pip3" => packages::config(cmd, ctx),
        "kubectl" | "oc" | "helm" => Some(kube::with_context(cmd, ctx)),
        "terraform" | "tofu" => Some(infra::with_context(cmd, ctx)),
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
            super::file_kinds::file_kind(std::path::Path::new(w), "").map(|k| (w.clone(), k))
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
    let class = match (said.class(), secret_member(cmd, ctx)) {
        (c @ (Class::Hard { .. } | Class::Soft { .. }), _) | (c, None) => c,
        (_, Some(reason)) => Class::Soft {
            category: "protected",
            reason,
        },
    };
    Some(Look {
        class,
        reads: said.reads(),
        writes: said.writes(),
        uses_cwd: said.uses_cwd,
        effects: said.effects,
        handed: Vec::new(),
    })
}

/// A member an extraction names that holds secrets by its name or place
/// ([`archive::members_named`], a container's file `docker cp` copies out among them): a
/// backup's `.ssh/id_rsa` or `home/dev/.aws/credentials`, a container's `/app/.env`,
/// printed or written out is the key itself, asked about as reading the file is (the
/// protected tier, whatever the local file system holds). The member is judged where it
/// would be below the root and below a directory no rule names, the stricter answer.
fn secret_member(cmd: &Cmd, ctx: &JudgeCtx) -> Option<String> {
    use crate::context::floor::{Access, PathClass};
    const NEUTRAL: &str = "/nonexistent-archive-root";
    archive::members_named(cmd).into_iter().find_map(|m| {
        let rel = m.trim_start_matches("./").trim_start_matches('/');
        if rel.is_empty() || rel.split('/').any(|c| c == "..") {
            return None;
        }
        [format!("/{rel}"), format!("{NEUTRAL}/{rel}")]
            .iter()
            .find_map(|at| {
                match super::core::path_class(std::path::Path::new(at), Access::Read, ctx) {
                    Some(PathClass::Credential { what } | PathClass::Protected { what }) => {
                        Some(format!(
                            "{} takes {m} out of the archive or container, which holds secrets by its name ({what})",
                            cmd.program()
                        ))
                    }
                    _ => None,
                }
            })
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

/// `terraform console` whose standard input is piped from a command that prints only
/// literals (`echo 'nonsensitive(var.x)' | terraform console`): judged by that text, as a
/// heredoc would be ([`infra::console_input`]).
pub(super) fn console_fed(all: &[SimpleCommand], i: usize, look: &mut Look) {
    let Some(cmd) = all.get(i) else {
        return;
    };
    if !matches!(cmd.program(), Some("terraform" | "tofu"))
        || !cmd.piped_stdin
        || !matches!(look.class, Class::Unknown { .. })
        || !cmd.exec.iter().skip(1).any(|a| a == "console")
    {
        return;
    }
    let ids = pipeline_ids(all);
    let Some(prev) = i.checked_sub(1).and_then(|p| all.get(p)) else {
        return;
    };
    if ids.get(i - 1) != ids.get(i) {
        return;
    }
    let Some(text) = &prev.output else {
        // Terraform's functions read any file (`file`, `templatefile`, …): expressions
        // no one sees may print any of them.
        let prog = cmd.program().unwrap_or("terraform");
        look.class = Class::Soft {
            category: "runs-code",
            reason: format!(
                "{prog} console evaluates expressions piped from a command whose output gatehook does not see, and its functions read any file"
            ),
        };
        look.effects.push(Effect::Run {
            code: Code::Hidden {
                what: format!(
                    "the {prog} console expressions on its input, which may read any file"
                ),
            },
        });
        return;
    };
    let args = cmd.exec.get(1..).unwrap_or(&[]);
    let chdir = table::option_value(args, &["-chdir"]);
    let said = infra::console_input(cmd.program().unwrap_or("terraform"), text, chdir).with_reads(
        table::option_files(args, &["-var-file", "--var-file", "-state"]),
    );
    look.class = said.class();
    look.reads = said.reads();
    look.effects = said.effects;
    look.uses_cwd = true;
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
    let ids = pipeline_ids(all);
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
