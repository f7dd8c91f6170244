//! The long tail: hosted-service and backup CLIs no family lists (`doppler`, `vault`,
//! `velero`, `rclone`, `nats`, `stripe`, `wrangler`, …). For a program no catalogue knows,
//! a subcommand, option or stdin line that names a destructive action (`delete`,
//! `destroy`, `purge`, `prune`, `revoke`, `rollback`, `--delete-*`, …) makes it soft with a
//! reason instead of merely unknown; so does an SQL statement typed as a command and a few
//! tools whose only job is to change shared state (`nsupdate`). It never makes anything
//! routine.

use crate::analysis::command::core::Cmd;

/// Verbs that destroy or take something away (whole word, or `verb-…`/`verb_…`).
const DESTROY: &[&str] = &[
    "delete",
    "destroy",
    "remove",
    "purge",
    "prune",
    "drop",
    "terminate",
    "uninstall",
    "unregister",
    "undeploy",
    "reset",
    "wipe",
    "truncate",
    "flush",
    "revoke",
    "disable",
    "stop",
    "rollback",
    "forget",
    "break-lock",
    "compact",
    "recreate",
    "clear",
    "unsubscribe",
    "deregister",
    "roll",
    "kill",
    "shutdown",
    "decommission",
    "evict",
    "expire",
    "erase",
    "restore",
    "overwrite",
    "cleanup",
    "unpublish",
    "deactivate",
    "rotate",
    "detach",
    "del",
    "rm",
    "rb",
    "rmdir",
    "unset",
    "dropdb",
];

/// Verbs too short or common to trust inside a program name.
const SHORT: &[&str] = &[
    "del", "rm", "rb", "stop", "kill", "roll", "clear", "reset", "unset",
];

/// Tools whose verbs move or mirror with deletion at the destination.
const SYNC_DELETES: &[(&str, &[&str])] = &[
    ("rclone", &["sync", "move", "moveto", "dedupe"]),
    ("deck", &["sync"]),
    ("mc", &["mirror"]),
];

/// The destructive verb a token says, as the whole token or as any of its `-`/`_`
/// segments wherever it stands (`delete`, `delete_vhost`, `bucket-destroy`,
/// `forget_cluster_node`, `x-break-lock`); a short verb only as the first segment.
fn matches_verb(token: &str, allow_short: bool) -> Option<&'static str> {
    /// A verb of [`DESTROY`] with its `-` segments, split once per process.
    struct Verb {
        verb: &'static str,
        parts: Vec<&'static str>,
        short: bool,
    }
    static VERBS: std::sync::OnceLock<Vec<Verb>> = std::sync::OnceLock::new();
    let verbs = VERBS.get_or_init(|| {
        DESTROY
            .iter()
            .map(|v| Verb {
                verb: v,
                parts: v.split('-').collect(),
                short: SHORT.contains(v),
            })
            .collect()
    });
    let t = token.to_ascii_lowercase();
    let segments: Vec<&str> = t.split(['-', '_']).filter(|s| !s.is_empty()).collect();
    verbs
        .iter()
        .filter(|v| allow_short || !v.short)
        .find(|v| {
            if t == v.verb {
                return true;
            }
            // A verb with a dash of its own (`break-lock`) is looked for as a run of
            // segments. A short verb (`rm`, `unset`, `clear`) only leads a token: inside a
            // name (`GATEHOOK_TEST_UNSET_DIR`, `x-rm-y`) it is too common to trust.
            if v.short {
                return segments.starts_with(&v.parts);
            }
            segments
                .windows(v.parts.len())
                .any(|w| w == v.parts.as_slice())
        })
        .map(|v| v.verb)
}

fn tokens(word: &str) -> impl Iterator<Item = &str> {
    word.split([
        ':', '.', '/', '(', ')', '"', '\'', ' ', '=', ',', '\n', '\t',
    ])
    .filter(|t| !t.is_empty())
}

const SQL_WRITES: &[&str] = &[
    "DROP", "DELETE", "TRUNCATE", "UPDATE", "INSERT", "ALTER", "GRANT", "REVOKE",
];

/// The words of the two reasons that come from an unknown program's name or arguments
/// alone (`kafka-delete-records`, `doppler secrets delete`): a sentence of prose read as a
/// command ("Remove the cache, then …") says them too, so text that is not shell
/// (`command::edits`) does not count them.
pub(crate) const TOOL_WILL: &str = "is a tool that will";
pub(crate) const NAMES_ACTION: &str = "the command names a destructive action";

/// Is this unknown command a destructive action? `(category, reason)`.
pub(crate) fn mutation(cmd: &Cmd) -> Option<(&'static str, String)> {
    let prog = cmd.program();
    let args = cmd.args();
    // A version control system's verb that discards work or history, or changes a
    // remote (`hg strip`, `jj abandon`, `darcs obliterate`, `dvc gc --cloud`).
    if let Some(found) = super::vcs::destroys(cmd) {
        return Some(found);
    }
    // An SQL statement typed as a command (`DROP TABLE users;`, `truncate table orders`).
    if SQL_WRITES.iter().any(|k| prog.eq_ignore_ascii_case(k))
        && args.first().is_some_and(|a| {
            matches!(
                a.to_ascii_uppercase().trim_end_matches(';'),
                "TABLE"
                    | "FROM"
                    | "INTO"
                    | "DATABASE"
                    | "SCHEMA"
                    | "INDEX"
                    | "VIEW"
                    | "ALL"
                    | "ON"
                    | "USER"
                    | "ROLE"
            ) || prog.chars().all(|c| c.is_ascii_uppercase())
        })
    {
        return Some((
            "database",
            format!("{prog} {}… is an SQL statement that changes data", args[0]),
        ));
    }
    if prog == "nsupdate" {
        return Some(("infrastructure", "nsupdate changes DNS records".into()));
    }
    if matches!(prog, "ssh-add") && args.iter().any(|a| a == "-D" || a == "-d") {
        return Some((
            "credentials",
            "ssh-add -D removes keys from the agent".into(),
        ));
    }
    if prog == "ssh-keygen" && args.iter().any(|a| a == "-R") {
        return Some((
            "credentials",
            "ssh-keygen -R removes a host from known_hosts".into(),
        ));
    }
    if matches!(prog, "scp" | "rsync") {
        if let Some(dest) = args.iter().rfind(|a| !a.starts_with('-')) {
            if let Some((_, path)) = dest.split_once(':') {
                let system = [
                    "/etc", "/lib", "/lib64", "/usr", "/bin", "/sbin", "/boot", "/root",
                ];
                if system
                    .iter()
                    .any(|s| path == *s || path.starts_with(&format!("{s}/")))
                {
                    return Some((
                        "infrastructure",
                        format!("{prog} writes {path} on a remote host's system directories"),
                    ));
                }
            }
        }
    }
    if let Some((_, verbs)) = SYNC_DELETES.iter().find(|(p, _)| *p == prog) {
        if let Some(v) = args.iter().find(|a| verbs.contains(&a.as_str())) {
            return Some((
                "deletion",
                format!("{prog} {v} deletes files at the destination"),
            ));
        }
    }
    if prog == "gsutil" && args.iter().any(|a| a == "rsync") && args.iter().any(|a| a == "-d") {
        return Some((
            "deletion",
            "gsutil rsync -d deletes objects at the destination".into(),
        ));
    }
    // The program's own name (`kafka-delete-records`).
    if let Some(v) = prog
        .split(['-', '_', '.', '('])
        .find_map(|t| matches_verb(t, false))
    {
        return Some(("deletion", format!("{prog} {TOOL_WILL} {v}")));
    }
    // Options naming a deletion (`--delete`, `--delete-destination`, `--prune`, `--remove`).
    if let Some(f) = args.iter().take_while(|a| *a != "--").find(|a| {
        a.starts_with("--") && {
            let name = a[2..].split('=').next().unwrap_or("");
            name.split('-').any(|t| {
                matches!(
                    t,
                    "delete" | "remove" | "purge" | "prune" | "destroy" | "wipe" | "drop"
                )
            }) && !a.ends_with("=false")
        }
    }) {
        return Some(("deletion", format!("{prog} {f} deletes")));
    }
    // Subcommands and arguments (`doppler secrets delete`, `vault kv destroy`).
    for a in args.iter().filter(|a| !a.starts_with('-')) {
        if let Some(v) = tokens(a).find_map(|t| matches_verb(t, true)) {
            return Some(("deletion", format!("{prog} … {v}: {NAMES_ACTION}")));
        }
    }
    // Publishing and deploying (`poetry publish`, `fastly service version activate`).
    if let Some(v) = args
        .iter()
        .filter(|a| !a.starts_with('-'))
        .take(4)
        .find(|a| {
            matches!(
                a.as_str(),
                "publish" | "deploy" | "activate" | "promote" | "release"
            )
        })
    {
        return Some(("publish", format!("{prog} {v} publishes or deploys")));
    }
    // Commands fed on stdin (`echo 'disable server x' | socat stdio /run/haproxy.sock`).
    if let Some(text) = &cmd.sc.stdin_text {
        if let Some(v) = text
            .lines()
            .filter_map(|l| l.split_whitespace().next())
            .find_map(|t| matches_verb(t, true))
        {
            return Some((
                "infrastructure",
                format!("{prog} is sent a {v} command on stdin"),
            ));
        }
    }
    None
}
