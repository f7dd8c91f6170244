//! Cloud CLIs: `aws`, `gcloud`, `az`. Their operations are named by a verb convention, so
//! besides the tables the family has verb rules: `aws SERVICE describe-*|list-*|get-*`,
//! `gcloud GROUP… list|describe`, `az GROUP… list|show` read; a recognised mutating verb is
//! soft (it changes cloud resources); anything else is not understood. Reads that print a
//! secret or a token (`get-secret-value`, `get-access-token`, `keyvault secret show`) are
//! a hard floor (credential): the secret would land in the agent's transcript; the reason
//! says that the CLI and SDKs use the credentials themselves.

use super::{asks_help, file_urls, has_flag, lookup, positionals, Entry, Said};
use super::{read, soft};
use crate::command::Cmd;

/// Verbs (whole words or `verb-…` prefixes) that change cloud resources.
const MUTATING: &[&str] = &[
    "create",
    "delete",
    "update",
    "set",
    "put",
    "add",
    "remove",
    "deploy",
    "undeploy",
    "import",
    "export",
    "stop",
    "start",
    "restart",
    "reset",
    "resize",
    "enable",
    "disable",
    "patch",
    "restore",
    "rollback",
    "cancel",
    "call",
    "decrypt",
    "encrypt",
    "snapshot",
    "activate",
    "revoke",
    "login",
    "logout",
    "purge",
    "destroy",
    "terminate",
    "detach",
    "attach",
    "move",
    "cp",
    "mv",
    "rm",
    "rb",
    "mb",
    "rsync",
    "sign",
    "upload",
    "publish",
    "submit",
    "execute",
    "ssh",
    "scp",
    "modify",
    "reboot",
    "register",
    "unregister",
    "deregister",
    "associate",
    "disassociate",
    "authorize",
    "grant",
    "tag",
    "untag",
    "invoke",
    "run",
    "send",
    "rotate",
    "renew",
    "swap",
    "upgrade",
    "install",
    "uninstall",
    "deallocate",
    "generalize",
    "capture",
    "redeploy",
    "recover",
    "copy",
    "change",
    "replace",
    "assign",
    "unassign",
    "receive",
    "subscribe",
    "unsubscribe",
    "apply",
    "init",
    "configure",
    "connect",
    "resume",
    "suspend",
    "failover",
    "promote",
    "merge",
    "split",
    "increase",
    "decrease",
    "lock",
    "unlock",
    "generate",
    "issue",
    "approve",
    "reject",
    "wait-for",
    "exec",
    "open",
    "browse",
    "scale",
    "create-or-update",
    "purge-deleted",
    "start-query",
    "stop-query",
    "batch-write",
    "batch-delete",
    "transact-write",
    "admin",
    "confirm",
    "respond",
    "perform",
    "simulate",
    "reinstall",
    "repair",
    "migrate",
    "rebuild",
    "refresh",
    "sync",
    "push",
    "pull",
    "trigger",
    "retry",
    "resend",
    "abandon",
    "fail",
    "flush",
    "clone",
    "rename",
    "transfer",
    "accept",
    "claim",
    "release",
    "reimage",
    "restore",
    "set-iam-policy",
    "mount",
    "unmount",
];

/// Verbs that only read.
const READING: &[&str] = &[
    "list",
    "show",
    "describe",
    "get",
    "exists",
    "logs",
    "log",
    "tail",
    "query",
    "summarize",
    "version",
    "read",
    "search",
    "check",
    "validate",
    "test-iam-permissions",
];

fn is_mutating(w: &str) -> bool {
    MUTATING.iter().any(|v| {
        w == *v
            || w.strip_prefix(v)
                .is_some_and(|r| r.starts_with('-') || r.starts_with('_'))
    })
}

fn is_reading(w: &str) -> bool {
    READING.contains(&w)
        || [
            "list-",
            "show-",
            "describe-",
            "get-",
            "batch-get-",
            "filter-",
        ]
        .iter()
        .any(|p| w.starts_with(p))
}

/// A read that prints a secret, a token or credentials.
fn prints_secret(words: &[&str], args: &[String]) -> Option<String> {
    const SECRET_OPS: &[&str] = &[
        "get-secret-value",
        "get-login-password",
        "get-login",
        "get-authorization-token",
        "get-session-token",
        "get-federation-token",
        "get-password-data",
        "assume-role",
        "assume-role-with-web-identity",
        "assume-role-with-saml",
        "export-credentials",
        "get-access-token",
        "print-access-token",
        "print-identity-token",
        "get-credentials",
        "list-keys",
        "list-publishing-credentials",
        "list-publishing-profiles",
        "show-connection-string",
        "list-connection-strings",
        "access",
        "get-data-key",
        "get-token",
        "get-role-credentials",
        "get-function-configuration",
        "get-function",
        "get-cluster-credentials",
        "get-credentials-for-identity",
        "generate-db-auth-token",
        "generate-credentials",
        "get-shared-access-key",
        "list-access-keys",
    ];
    if let Some(w) = words.iter().find(|w| SECRET_OPS.contains(*w)) {
        if w.starts_with("get-function") {
            return Some(format!(
                "{w} prints the function's environment variables, which commonly hold secrets"
            ));
        }
        return Some(format!("{w} prints a secret or credentials"));
    }
    let has = |w: &str| words.contains(&w);
    if (has("secret") || has("secrets")) && (has("show") || has("download") || has("get")) {
        return Some("it prints a stored secret".into());
    }
    if has("keys") && has("list") {
        return Some("it prints access keys".into());
    }
    if has("connection-string") || has("appsettings") {
        return Some("it prints connection strings or app settings".into());
    }
    if has_flag(args, "--with-decryption") {
        return Some("--with-decryption prints decrypted parameters".into());
    }
    None
}

/// The first verb among `words[from..]` (only group-like words before it), if any.
fn first_verb<'a>(words: &[&'a str], from: usize) -> Option<(usize, &'a str, bool)> {
    for (i, w) in words.iter().enumerate().skip(from).take(4) {
        if is_reading(w) {
            return Some((i, w, true));
        }
        if is_mutating(w) {
            return Some((i, w, false));
        }
        if !w
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_')
        {
            return None;
        }
    }
    None
}

/// Verb-convention CLIs (`gcloud`, `az`): groups then a verb.
fn by_verb(prog: &str, words: &[&str], args: &[String]) -> Said {
    if words.contains(&"get-credentials") {
        return Said::soft(
            "credentials",
            format!(
                "{prog} {}: writes the cluster's credentials into your kubeconfig",
                words.join(" ")
            ),
        );
    }
    if let Some(why) = prints_secret(words, args) {
        return Said::secret(format!(
            "{prog} {}: {why} where the agent reads it; {prog} and the SDKs use your login without printing it",
            words.join(" ")
        ));
    }
    match first_verb(words, 1) {
        Some((i, v, true)) => Said::read(format!(
            "{prog} {} {v} only reads",
            words.get(..i).unwrap_or(&[]).join(" ")
        ))
        .with_reads(file_urls(args)),
        Some((i, v, false)) => Said::soft(
            "cloud",
            format!(
                "{prog} {} {v} changes cloud resources",
                words.get(..i).unwrap_or(&[]).join(" ")
            ),
        ),
        None => Said::unknown(format!(
            "{prog} {} is not a known read-only command",
            words.join(" ")
        )),
    }
}

const AWS_VALUE_OPTS: &[&str] = &[
    "--profile",
    "--region",
    "--output",
    "--query",
    "--endpoint-url",
    "--color",
    "--ca-bundle",
    "--cli-read-timeout",
    "--cli-connect-timeout",
    "--cli-binary-format",
];
const AWS_FLAGS: &[&str] = &[
    "--debug",
    "--no-verify-ssl",
    "--no-paginate",
    "--no-cli-pager",
    "--no-sign-request",
    "--cli-auto-prompt",
    "--no-cli-auto-prompt",
];

/// Deleting with no way back: denied.
const AWS_NO_RECOVERY: &[&str] = &[
    "--force-delete-without-recovery",
    "--skip-final-snapshot",
    "--delete-automated-backups",
];

/// `aws [GLOBAL…] SERVICE OPERATION [ARGS…]`.
pub(super) fn aws(cmd: &Cmd) -> Said {
    let args = cmd.args();
    // Options before the service must be known globals: an unknown one might take a value.
    let mut i = 0;
    while let Some(a) = args.get(i) {
        if !a.starts_with('-') {
            break;
        }
        if AWS_VALUE_OPTS.contains(&a.as_str()) {
            i += 2;
        } else if AWS_FLAGS.contains(&a.as_str())
            || AWS_VALUE_OPTS
                .iter()
                .any(|o| a.strip_prefix(o).is_some_and(|r| r.starts_with('=')))
        {
            i += 1;
        } else if asks_help(std::slice::from_ref(a)) {
            return Said::read("aws prints help or its version");
        } else {
            return Said::unknown(format!("aws {a} is not a known global option"));
        }
    }
    let rest = args.get(i..).unwrap_or(&[]);
    if args.iter().any(|a| a.starts_with("--endpoint-url")) {
        return Said::unknown("aws --endpoint-url sends signed requests to another host");
    }
    let words = positionals(rest, AWS_VALUE_OPTS);
    if words.contains(&"help") || asks_help(rest) {
        return Said::read("aws prints help");
    }
    let (Some(service), Some(op)) = (words.first(), words.get(1)) else {
        return Said::unknown("aws without an operation");
    };
    if let Some(why) = prints_secret(&words[..2], rest) {
        return Said::secret(format!(
            "aws {service} {op}: {why} where the agent reads it; the AWS CLI and SDKs use your credentials without printing them"
        ));
    }
    match *service {
        "s3" => return aws_s3(op, rest),
        "configure" => {
            return match *op {
                "list" | "list-profiles" => {
                    Said::read("aws configure list shows which profile is used")
                }
                "get" if words
                    .get(2)
                    .is_some_and(|k| crate::effects::secret_name(k.rsplit('.').next().unwrap_or(k))) =>
                {
                    Said::secret(format!(
                        "aws configure get {} prints a credential where the agent reads it; the AWS CLI and SDKs use it without printing it",
                        words.get(2).copied().unwrap_or("")
                    ))
                }
                "get" => Said::read("aws configure get prints a setting"),
                _ => Said::soft(
                    "credentials",
                    format!("aws configure {op} reads or changes credentials"),
                ),
            }
        }
        _ => {}
    }
    if matches!(*op, "get-object" | "get-object-torrent") {
        return Said::unknown(format!(
            "aws {service} {op} writes the object to a local file"
        ));
    }
    if is_reading(op)
        || matches!(
            *op,
            "query" | "scan" | "tail" | "wait" | "validate-template" | "estimate-template-cost"
        )
    {
        return Said::read(format!("aws {service} {op} only reads")).with_reads(file_urls(rest));
    }
    if let Some(f) = AWS_NO_RECOVERY.iter().find(|f| has_flag(rest, f)) {
        return Said::Hard {
            category: "cloud",
            reason: format!("aws {service} {op} {f} deletes with no way back"),
        };
    }
    let what = if [
        "delete",
        "terminate",
        "remove",
        "deregister",
        "purge",
        "batch-delete",
    ]
    .iter()
    .any(|p| op.starts_with(p))
    {
        "deletes cloud resources"
    } else {
        "changes cloud resources (not a describe, list or get)"
    };
    Said::soft("cloud", format!("aws {service} {op} {what}"))
}

const S3: &[Entry] = &[
    read(&["ls"], "lists buckets and objects"),
    soft(&["rm"], "deletion", "deletes objects"),
    soft(&["rb"], "deletion", "deletes a bucket"),
    soft(&["mv"], "cloud", "moves objects (deleting the source)"),
    soft(&["cp"], "cloud", "copies objects"),
    soft(&["sync"], "cloud", "copies objects"),
    soft(&["mb"], "cloud", "creates a bucket"),
    soft(&["website"], "cloud", "changes bucket hosting"),
    soft(
        &["presign"],
        "credentials",
        "mints a URL that grants access",
    ),
];

fn aws_s3(op: &str, rest: &[String]) -> Said {
    if op == "sync" && rest.iter().any(|a| a.starts_with("--delete")) {
        return Said::soft(
            "deletion",
            "aws s3 sync --delete deletes objects at the destination",
        );
    }
    if op == "rb" && has_flag(rest, "--force") {
        return Said::Hard {
            category: "deletion",
            reason: "aws s3 rb --force deletes a bucket and every object in it".into(),
        };
    }
    match lookup(S3, &[op]) {
        Some(e) => super::apply("aws s3", e, rest),
        None => Said::unknown(format!("aws s3 {op} is not in the catalogue")),
    }
}

const GCLOUD_VALUE_OPTS: &[&str] = &[
    "--project",
    "--format",
    "--region",
    "--zone",
    "--account",
    "--configuration",
    "--verbosity",
    "--impersonate-service-account",
    "--billing-project",
    "--filter",
    "--flatten",
    "--sort-by",
    "--limit",
    "--page-size",
    "--location",
    "--cluster",
    "--instance",
    "--keyring",
    "--service",
    "--type",
];

/// `gcloud [GLOBAL…] [alpha|beta] GROUP… VERB [ARGS…]`.
pub(super) fn gcloud(cmd: &Cmd) -> Said {
    let args = cmd.args();
    let mut words = positionals(args, GCLOUD_VALUE_OPTS);
    if matches!(words.first(), Some(&("alpha" | "beta" | "preview"))) {
        words.remove(0);
    }
    if asks_help(args) || words.first() == Some(&"help") {
        return Said::read("gcloud prints help");
    }
    match words.first() {
        Some(&("info" | "version" | "topic")) => return Said::read("gcloud prints information"),
        Some(&("init" | "components" | "auth" | "config")) => {}
        None => return Said::unknown("gcloud without a command"),
        _ => {}
    }
    if words.first() == Some(&"auth") && words.get(1) == Some(&"list") {
        return Said::read("gcloud auth list shows accounts");
    }
    if words.first() == Some(&"init") {
        return Said::soft("cloud", "gcloud init changes the configuration and logs in");
    }
    by_verb("gcloud", &words, args)
}

const AZ_VALUE_OPTS: &[&str] = &[
    "--query",
    "-o",
    "--output",
    "--subscription",
    "-g",
    "--resource-group",
    "-n",
    "--name",
    "-l",
    "--location",
];

/// `az GROUP… VERB [ARGS…]`.
pub(super) fn az(cmd: &Cmd) -> Said {
    let args = cmd.args();
    let words = positionals(args, AZ_VALUE_OPTS);
    if asks_help(args) {
        return Said::read("az prints help");
    }
    match words.first() {
        Some(&("version" | "find")) => return Said::read("az prints information"),
        Some(&("login" | "logout" | "configure" | "upgrade" | "init")) => {
            return Said::soft(
                "cloud",
                format!("az {} changes the local configuration or account", words[0]),
            )
        }
        None => return Said::unknown("az without a command"),
        _ => {}
    }
    // `az storage blob download…` writes local files.
    if words.iter().any(|w| w.starts_with("download")) {
        return Said::unknown("az … download writes local files");
    }
    by_verb("az", &words, args)
}
