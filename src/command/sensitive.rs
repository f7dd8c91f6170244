//! Commands that are neither in a catalogue nor destructive, but touch what a person must
//! see first: credential stores and credential hunting, package installs (which run the
//! package's code), and containers given the host. Soft (asked about in guard mode; in
//! auto mode the reviewer needs the person's words naming the action and its target — so
//! "install requests" does not cover `pip install reqeusts`) or, for credential stores,
//! hard. Consulted for commands the catalogues left unknown, and for searches.

use super::{Class, Cmd};

/// Words in a search pattern that mean "look for secrets".
const SECRET_WORDS: &[&str] = &[
    "token",
    "secret",
    "password",
    "passwd",
    "api_key",
    "apikey",
    "api-key",
    "credential",
    "private_key",
    "aws_access",
    "aws_secret",
    "bearer",
];

fn mentions_secret(text: &str) -> bool {
    let t = text.to_ascii_lowercase();
    SECRET_WORDS.iter().any(|w| t.contains(w))
}

fn soft(category: &'static str, reason: impl Into<String>) -> Option<Class> {
    Some(Class::Soft {
        category,
        reason: reason.into(),
    })
}

/// Classify a command the catalogues did not know.
pub(super) fn classify(cmd: &Cmd, prev: Option<&[String]>) -> Option<Class> {
    let prog = cmd.program().rsplit('/').next().unwrap_or("");
    let args = cmd.args();
    let first = args
        .iter()
        .find(|a| !a.starts_with('-'))
        .map(String::as_str);
    match prog {
        // macOS keychain and desktop secret stores.
        "security"
            if first.is_some_and(|s| {
                s.starts_with("find-") && s.ends_with("-password")
                    || matches!(s, "dump-keychain" | "export")
            }) =>
        {
            Some(Class::Hard {
                category: "credentials",
                reason: format!("security {} reads saved passwords", first.unwrap_or("")),
            })
        }
        "secret-tool" | "pass" | "gopass" | "op" | "lpass" | "bw" | "vault"
            if first.is_some_and(|s| {
                matches!(
                    s,
                    "lookup" | "show" | "get" | "read" | "item" | "read-secret"
                )
            }) =>
        {
            soft("credentials", format!("{prog} reads a stored secret"))
        }
        // Hunting for secrets in the environment printed just before (`env | grep token`).
        "grep" | "egrep" | "rg" | "ag" | "ack"
            if args.iter().any(|a| mentions_secret(a))
                && prev.is_some_and(|p| {
                    p.first().is_some_and(|c| {
                        matches!(
                            c.as_str(),
                            "env" | "printenv" | "set" | "export" | "declare"
                        )
                    })
                }) =>
        {
            soft(
                "credentials",
                format!("{prog} searches the environment for secrets"),
            )
        }
        // Installing runs the package's own code (install scripts, entry points).
        "pip" | "pip3" | "pipx" | "uv" | "poetry" | "pdm" | "conda" | "gem" | "cargo" | "go"
        | "npm" | "pnpm" | "yarn" | "bun" | "brew" | "apt" | "apt-get" | "dnf" | "yum" | "apk"
        | "composer"
            if first.is_some_and(|s| {
                matches!(
                    s,
                    "install" | "i" | "add" | "get" | "require" | "run" | "dlx" | "exec" | "tool"
                )
            }) && !(matches!(
                prog,
                "cargo" | "go" | "npm" | "pnpm" | "yarn" | "bun" | "uv" | "poetry" | "pdm"
            ) && first.is_some_and(|s| matches!(s, "run" | "exec"))) =>
        {
            soft(
                "install",
                format!(
                    "{prog} {} installs or runs a package, which runs its code",
                    first.unwrap_or("")
                ),
            )
        }
        "npx" | "uvx" | "pnpx" | "bunx" => {
            soft("install", format!("{prog} fetches and runs a package"))
        }
        // A container given the host.
        "docker" | "podman" | "nerdctl"
            if first.is_some_and(|s| matches!(s, "run" | "create" | "exec"))
                && args.iter().any(|a| {
                    a == "--privileged"
                        || a.starts_with("--pid=host")
                        || a.starts_with("--net=host")
                        || a.starts_with("--network=host")
                        || a.starts_with("--cap-add")
                        || a.contains("docker.sock")
                        || a == "/:/host"
                        || a.starts_with("/:")
                }) =>
        {
            soft(
                "container-escape",
                format!(
                    "{prog} {} gives the container the host",
                    first.unwrap_or("")
                ),
            )
        }
        _ => None,
    }
}
