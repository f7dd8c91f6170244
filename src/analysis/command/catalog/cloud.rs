//! Cloud CLIs: `aws`, `gcloud`, `az`. Their operations are named by a verb convention, so
//! besides the tables the family has verb rules: `aws SERVICE describe-*|list-*|get-*`,
//! `gcloud GROUP… list|describe`, `az GROUP… list|show` read; a recognised mutating verb is
//! soft (it changes cloud resources); anything else is not understood. Reads that print a
//! secret or a token (`get-secret-value`, `get-access-token`, `keyvault secret show`,
//! `acr credential show`) are a hard floor (credential, `Effect::Secret`): the secret
//! would land in the agent's transcript; the reason says that the CLI and SDKs use the
//! credentials themselves.
//!
//! Targets: `[profile:P/][REGION/]SERVICE/ID` for aws (the ID from the operation's
//! `--*-name`, `--*-id(s)`, `--*-identifier`, `--*-arn`, `--bucket`, `--cluster` option),
//! `s3://bucket/key` for `aws s3`; `[project:P/]GROUP…/NAME` for gcloud and
//! `[GROUP/]GROUP…/NAME` for az (NAME the first operand after the verb, or `--name`).

use super::table::{
    asks_help, file_urls, has_flag, lookup, option_value, positionals, target, Entry, Said, Svc,
};
use super::table::{create, destroy, grant, modify, read};
use crate::analysis::command::core::Cmd;
use crate::analysis::effects::{Carry, Change, Effect, WriteHow};

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
        "print-refresh-token",
        // `gcloud config config-helper` prints the active account's access token (its
        // `credential.access_token`), for tools that cannot call gcloud's auth library.
        "config-helper",
        // `gcloud auth docker-helper get` is what docker-credential-gcloud runs: it prints
        // `{"Secret": ACCESS_TOKEN, "Username": "_dcgcloud_token"}` for the registry named
        // on stdin.
        "docker-helper",
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
    // `az acr credential show|renew` answers with the registry's admin user and passwords
    // (`renew` with the regenerated ones), `az acr token credential generate` with a
    // token's new passwords (Azure CLI reference: `az acr credential`, `az acr token
    // credential`; the REST API's `listCredentials`, `regenerateCredential` and
    // `generateCredentials` results).
    if has("acr")
        && has("credential")
        && (has("show") || has("renew") || (has("token") && has("generate")))
    {
        return Some("it prints the container registry's passwords".into());
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

/// gcloud and az reads (groups then the verb, after gcloud's `alpha`/`beta`) whose
/// answer carries secret material, as [`AWS_SECRET_READS`] lists AWS's: the field, as the
/// reference names it. Checked against the Azure CLI reference (`az containerapp secret
/// list --show-values`: "Show the secret values", default false; `az containerapp show`:
/// the template's containers' `env` with plain `value`s; `az signalr key list` and `az
/// webpubsub key show`: `primaryKey`, `primaryConnectionString`) and the gcloud reference
/// and REST resources (`run services|jobs describe`: the revision template's containers'
/// `env` values; `functions describe`: `environmentVariables`,
/// `buildEnvironmentVariables`; `app versions describe`: `envVariables`; `compute
/// instances describe` and `compute project-info describe`: `metadata` /
/// `commonInstanceMetadata` items, where `startup-script`, `ssh-keys` and deployment
/// passwords live; `runtime-config configs variables get-value`: the variable's value).
const VERB_SECRET_READS: &[(&str, &[&str], When, &str)] = &[
    (
        "gcloud",
        &["run", "services", "describe"],
        When::Always,
        "the service's environment variables",
    ),
    (
        "gcloud",
        &["run", "jobs", "describe"],
        When::Always,
        "the job's environment variables",
    ),
    (
        "gcloud",
        &["functions", "describe"],
        When::Always,
        "the function's environment variables",
    ),
    (
        "gcloud",
        &["app", "versions", "describe"],
        When::Always,
        "the version's environment variables (envVariables)",
    ),
    (
        "gcloud",
        &["compute", "instances", "describe"],
        When::Always,
        "the instance's metadata (startup scripts, keys)",
    ),
    (
        "gcloud",
        &["compute", "project-info", "describe"],
        When::Always,
        "the project's instance metadata (startup scripts, keys)",
    ),
    (
        "gcloud",
        &["runtime-config", "configs", "variables", "get-value"],
        When::Always,
        "a runtime-config variable's value",
    ),
    (
        "az",
        &["containerapp", "secret", "list"],
        When::With("--show-values"),
        "the container app's secret values",
    ),
    (
        "az",
        &["containerapp", "show"],
        When::Always,
        "the container app's environment variables",
    ),
    (
        "az",
        &["containerapp", "job", "show"],
        When::Always,
        "the job's environment variables",
    ),
    (
        "az",
        &["signalr", "key", "list"],
        When::Always,
        "the service's access keys and connection strings",
    ),
    (
        "az",
        &["webpubsub", "key", "show"],
        When::Always,
        "the service's access keys and connection strings",
    ),
];

/// A [`VERB_SECRET_READS`] read: what it prints, when its condition holds.
fn verb_secret_read(prog: &str, words: &[&str], args: &[String]) -> Option<String> {
    let (_, path, when, what) = VERB_SECRET_READS
        .iter()
        .find(|(p, path, _, _)| *p == prog && words.starts_with(path))?;
    let on = match when {
        When::Always => true,
        When::Unless(f) => !has_flag(args, f),
        When::With(f) => has_flag(args, f),
        When::OptionIs(o, v) => option_value(args, &[o]).is_some_and(|x| x == *v),
    };
    on.then(|| format!("{} prints {what}", path.join(" ")))
}

/// When an operation's response carries secret material.
#[derive(Clone, Copy)]
enum When {
    /// Always: the secret is part of every answer.
    Always,
    /// Unless this flag is given (`--hide-password`).
    Unless(&'static str),
    /// Only with this flag (`--include-values`).
    With(&'static str),
    /// Only when this option has this value (`--attribute userData`).
    OptionIs(&'static str, &'static str),
}

/// AWS operations named like reads (`get-*`, `list-*`, `describe-*`, `batch-get-*`) whose
/// documented response carries secret material: the field, as the API reference names
/// it. Checked against the AWS CLI v2 command reference and the services' API references
/// (search tool, docs corpus): Secrets Manager `BatchGetSecretValue` (`SecretString`),
/// Lightsail `GetInstanceAccessDetails` (`privateKey`, `password`) and
/// `GetRelationalDatabaseMasterUserPassword`, GameLift `GetInstanceAccess`
/// (`InstanceCredentials.Secret`: an SSH private key or an RDP password) and
/// `GetComputeAccess` (AWS credentials), API Gateway `GetApiKey(s)` with
/// `includeValue(s)` (`value`), AppSync `ListApiKeys` (an `ApiKey`'s `id` is the key sent
/// as `x-api-key`), Glue `GetConnection(s)` (`ConnectionProperties` with `PASSWORD`
/// unless `HidePassword`), Cognito `DescribeUserPoolClient` (`ClientSecret`), and the
/// operations that return a workload's plain environment or user data, where deployments
/// keep passwords and keys (CodeBuild `environmentVariables` of type `PLAINTEXT`, ECS and
/// Batch container `environment`, Amplify `environmentVariables` and
/// `basicAuthCredentials`, Elastic Beanstalk option settings, App Runner
/// `RuntimeEnvironmentVariables`, Lambda `Environment.Variables` (also per version),
/// EC2 and Auto Scaling `UserData`, SageMaker's training, processing, transform and tuning
/// jobs' and models' `Environment` (and a training job's `HyperParameters`), Batch jobs'
/// and ECS tasks' container `environment` (with overrides), Lightsail container
/// services' `environment`, Kinesis Analytics' `EnvironmentProperties`). `--query` may narrow what is printed, but its expression is not judged:
/// the operation counts as printing what its response holds. An input file
/// (`--cli-input-json|yaml`) may set any request field, so a condition on a flag is taken
/// as met.
const AWS_SECRET_READS: &[(&str, &str, When, &str)] = &[
    (
        "secretsmanager",
        "batch-get-secret-value",
        When::Always,
        "the secrets' values (SecretString)",
    ),
    (
        "lightsail",
        "get-instance-access-details",
        When::Always,
        "an instance's temporary SSH private key or RDP password",
    ),
    (
        "lightsail",
        "get-relational-database-master-user-password",
        When::Always,
        "a database's master password",
    ),
    (
        "lightsail",
        "download-default-key-pair",
        When::Always,
        "the default key pair's private key",
    ),
    (
        "gamelift",
        "get-instance-access",
        When::Always,
        "an instance's SSH private key or RDP password",
    ),
    (
        "gamelift",
        "get-compute-access",
        When::Always,
        "AWS credentials for a compute resource",
    ),
    (
        "apigateway",
        "get-api-keys",
        When::With("--include-values"),
        "the API keys' values",
    ),
    (
        "apigateway",
        "get-api-key",
        When::With("--include-value"),
        "the API key's value",
    ),
    (
        "appsync",
        "list-api-keys",
        When::Always,
        "the API keys (an AppSync key's id is the key itself)",
    ),
    (
        "appsync",
        "get-api-key",
        When::Always,
        "the API key (an AppSync key's id is the key itself)",
    ),
    (
        "glue",
        "get-connection",
        When::Unless("--hide-password"),
        "the connection's password (ConnectionProperties; --hide-password leaves it out)",
    ),
    (
        "glue",
        "get-connections",
        When::Unless("--hide-password"),
        "the connections' passwords (ConnectionProperties; --hide-password leaves them out)",
    ),
    (
        "cognito-idp",
        "describe-user-pool-client",
        When::Always,
        "the app client's secret (ClientSecret)",
    ),
    (
        "codebuild",
        "batch-get-projects",
        When::Always,
        "the projects' plain-text environment variables",
    ),
    (
        "codebuild",
        "batch-get-builds",
        When::Always,
        "the builds' plain-text environment variables",
    ),
    (
        "ecs",
        "describe-task-definition",
        When::Always,
        "the containers' environment variables",
    ),
    (
        "batch",
        "describe-job-definitions",
        When::Always,
        "the containers' environment variables",
    ),
    (
        "amplify",
        "get-app",
        When::Always,
        "the app's environment variables and basic-auth credentials",
    ),
    (
        "amplify",
        "list-apps",
        When::Always,
        "the apps' environment variables and basic-auth credentials",
    ),
    (
        "amplify",
        "get-branch",
        When::Always,
        "the branch's environment variables and basic-auth credentials",
    ),
    (
        "amplify",
        "list-branches",
        When::Always,
        "the branches' environment variables and basic-auth credentials",
    ),
    (
        "elasticbeanstalk",
        "describe-configuration-settings",
        When::Always,
        "the environment's option settings, its environment properties among them",
    ),
    (
        "apprunner",
        "describe-service",
        When::Always,
        "the service's runtime environment variables",
    ),
    (
        "lambda",
        "list-functions",
        When::Always,
        "the functions' environment variables",
    ),
    (
        "ec2",
        "describe-instance-attribute",
        When::OptionIs("--attribute", "userData"),
        "the instance's user data, where boot scripts keep keys and passwords",
    ),
    (
        "ec2",
        "describe-launch-template-versions",
        When::Always,
        "the launch templates' user data, where boot scripts keep keys and passwords",
    ),
    (
        "autoscaling",
        "describe-launch-configurations",
        When::Always,
        "the launch configurations' user data, where boot scripts keep keys and passwords",
    ),
    (
        "sagemaker",
        "describe-training-job",
        When::Always,
        "the training job's environment variables and hyperparameters",
    ),
    (
        "sagemaker",
        "describe-processing-job",
        When::Always,
        "the processing job's environment variables",
    ),
    (
        "sagemaker",
        "describe-transform-job",
        When::Always,
        "the transform job's environment variables",
    ),
    (
        "sagemaker",
        "describe-model",
        When::Always,
        "the model containers' environment variables",
    ),
    (
        "sagemaker",
        "describe-hyper-parameter-tuning-job",
        When::Always,
        "the training job definitions' environment variables",
    ),
    (
        "batch",
        "describe-jobs",
        When::Always,
        "the jobs' container environment variables",
    ),
    (
        "ecs",
        "describe-tasks",
        When::Always,
        "the tasks' container overrides with their environment variables",
    ),
    (
        "lambda",
        "list-versions-by-function",
        When::Always,
        "the function versions' environment variables",
    ),
    (
        "lightsail",
        "get-container-services",
        When::Always,
        "the container services' environment variables",
    ),
    (
        "lightsail",
        "get-container-service-deployments",
        When::Always,
        "the deployments' container environment variables",
    ),
    (
        "kinesisanalyticsv2",
        "describe-application",
        When::Always,
        "the application's environment properties",
    ),
];

/// What an AWS operation's response prints that is secret, if it does (see
/// [`AWS_SECRET_READS`]).
fn aws_secret_read(service: &str, op: &str, rest: &[String]) -> Option<&'static str> {
    let (_, _, when, what) = AWS_SECRET_READS
        .iter()
        .find(|(s, o, _, _)| *s == service && *o == op)?;
    let input_file = rest
        .iter()
        .any(|a| a.starts_with("--cli-input-json") || a.starts_with("--cli-input-yaml"));
    let met = match *when {
        When::Always => true,
        When::Unless(flag) => {
            input_file || !has_flag(rest, flag) || {
                // `--no-hide-password` after it turns it off again: any `--no-` form counts.
                let no = format!("--no-{}", flag.trim_start_matches("--"));
                has_flag(rest, &no)
            }
        }
        When::With(flag) => input_file || has_flag(rest, flag),
        When::OptionIs(opt, value) => {
            input_file
                || rest.iter().enumerate().any(|(i, a)| {
                    a.strip_prefix(opt).is_some_and(|r| {
                        r.strip_prefix('=')
                            .or_else(|| {
                                r.is_empty()
                                    .then(|| rest.get(i + 1).map(String::as_str))
                                    .flatten()
                            })
                            .is_some_and(|v| v.eq_ignore_ascii_case(value))
                    })
                })
        }
    };
    met.then_some(*what)
}

/// Operations that store credentials for later commands (`gcloud container clusters
/// get-credentials`, `aws eks update-kubeconfig`): they change who later commands act as.
fn stores_credentials(words: &[&str]) -> bool {
    words.iter().any(|w| {
        matches!(
            *w,
            "get-credentials" | "update-kubeconfig" | "configure-docker"
        )
    })
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

/// How a mutating verb changes the resource.
fn verb_change(v: &str) -> Change {
    let starts = |ps: &[&str]| {
        ps.iter()
            .any(|p| v == *p || v.starts_with(&format!("{p}-")))
    };
    if starts(&[
        "delete",
        "remove",
        "destroy",
        "purge",
        "terminate",
        "rm",
        "rb",
        "deregister",
        "unregister",
        "purge-deleted",
        "batch-delete",
        "undeploy",
        "uninstall",
        "abandon",
    ]) {
        Change::Destroy
    } else if starts(&[
        "set-iam-policy",
        "add-iam-policy-binding",
        "remove-iam-policy-binding",
        "grant",
        "revoke",
        "authorize",
        "login",
        "logout",
        "activate",
        "assign",
        "unassign",
        "sign",
        "generate",
        "issue",
        "rotate",
        "renew",
    ]) || v.contains("iam-policy")
    {
        Change::Permission
    } else if starts(&["deploy", "publish", "release", "promote", "push", "upload"]) {
        Change::Publish
    } else if starts(&[
        "create", "add", "mb", "import", "register", "clone", "copy", "cp",
    ]) {
        Change::Create
    } else {
        Change::Modify
    }
}

/// The name a verb-convention command acts on: `--name`/`-n`, else the first operand
/// after the verb; in the environment it names (`--environment prod`), if any.
fn verb_target(
    scope: Option<String>,
    words: &[&str],
    verb_at: usize,
    args: &[String],
) -> Option<String> {
    let name = option_value(args, &["--name", "-n"]).or_else(|| words.get(verb_at + 1).copied());
    let env = option_value(args, &["--environment", "--env"]).map(|e| format!("env:{e}"));
    target(
        std::iter::once(scope.as_deref())
            .chain(std::iter::once(env.as_deref()))
            .chain(words.get(..verb_at).unwrap_or(&[]).iter().map(|w| Some(*w)))
            .chain(std::iter::once(name)),
    )
}

/// Verb-convention CLIs (`gcloud`, `az`): groups then a verb.
fn by_verb(
    prog: &str,
    service: &'static str,
    scope: Option<String>,
    words: &[&str],
    args: &[String],
) -> Said {
    if stores_credentials(words) {
        return Said::remote(
            service,
            words.join(" "),
            scope,
            Change::Permission,
            "credentials",
            format!(
                "{prog} {} stores credentials for later commands",
                words.join(" ")
            ),
        );
    }
    if let Some(why) = verb_secret_read(prog, words, args).or_else(|| prints_secret(words, args)) {
        return Said::secret(
            format!("{why} ({prog} {})", words.join(" ")),
            format!(
                "{prog} {}: {why} where the agent reads it; {prog} and the SDKs use your login without printing it",
                words.join(" ")
            ),
        );
    }
    match first_verb(words, 1) {
        Some((i, v, true)) => Said::remote(
            service,
            v,
            verb_target(scope, words, i, args),
            Change::Read,
            "",
            format!(
                "{prog} {} {v} only reads",
                words.get(..i).unwrap_or(&[]).join(" ")
            ),
        )
        .with_reads(file_urls(args)),
        Some((i, v, false)) => Said::remote(
            service,
            v,
            verb_target(scope, words, i, args),
            verb_change(v),
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
    let profile = option_value(args, &["--profile"]).map(|p| format!("profile:{p}"));
    let region = option_value(args, &["--region"]);
    let tgt = target([
        profile.as_deref(),
        region,
        Some(*service),
        aws_id(rest).as_deref(),
    ]);
    if stores_credentials(&words[..2]) {
        return Said::remote(
            "aws",
            *op,
            tgt,
            Change::Permission,
            "credentials",
            format!("aws {service} {op} stores credentials for later commands"),
        );
    }
    if let Some(why) = prints_secret(&words[..2], rest) {
        return Said::secret(
            format!("{why} (aws {service} {op})"),
            format!(
                "aws {service} {op}: {why} where the agent reads it; the AWS CLI and SDKs use your credentials without printing them"
            ),
        );
    }
    if let Some(what) = aws_secret_read(service, op, rest) {
        return Said::secret(
            format!("{what} (aws {service} {op})"),
            format!(
                "aws {service} {op} prints {what} where the agent reads it; the services and SDKs that need them read them without printing them"
            ),
        );
    }
    match *service {
        "s3" => return aws_s3(op, rest, profile),
        "configure" => {
            return match *op {
                "list" | "list-profiles" => {
                    Said::read("aws configure list shows which profile is used")
                }
                "get"
                    if words.get(2).is_some_and(|k| {
                        crate::analysis::effects::secret_name(k.rsplit('.').next().unwrap_or(k))
                    }) =>
                {
                    let k = words.get(2).copied().unwrap_or("");
                    Said::secret(
                        format!("the AWS setting {k}"),
                        format!(
                            "aws configure get {k} prints a credential where the agent reads it; the AWS CLI and SDKs use it without printing it"
                        ),
                    )
                }
                "get" => Said::read("aws configure get prints a setting"),
                _ => Said::remote(
                    "aws",
                    format!("configure {op}"),
                    target([profile.as_deref().or(Some("profile:default"))]),
                    Change::Permission,
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
        return Said::remote(
            "aws",
            *op,
            tgt,
            Change::Read,
            "",
            format!("aws {service} {op} only reads"),
        )
        .with_reads(file_urls(rest));
    }
    if let Some(f) = AWS_NO_RECOVERY.iter().find(|f| has_flag(rest, f)) {
        return Said::remote(
            "aws",
            *op,
            tgt,
            Change::Wipe,
            "cloud",
            format!("aws {service} {op} {f} deletes with no way back"),
        );
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
    Said::remote(
        "aws",
        *op,
        tgt,
        verb_change(op),
        "cloud",
        format!("aws {service} {op} {what}"),
    )
    .with_reads(file_urls(rest))
}

/// The resource an aws operation names: the value of its first identifying option.
fn aws_id(rest: &[String]) -> Option<String> {
    let mut it = rest.iter();
    while let Some(a) = it.next() {
        let Some(name) = a.strip_prefix("--") else {
            continue;
        };
        let (name, inline) = match name.split_once('=') {
            Some((n, v)) => (n, Some(v.to_string())),
            None => (name, None),
        };
        let ids = [
            "-name",
            "-id",
            "-ids",
            "-identifier",
            "-arn",
            "-names",
            "-arns",
        ];
        if ids.iter().any(|s| name.ends_with(s))
            || matches!(
                name,
                "bucket" | "cluster" | "key" | "queue-url" | "topic-arn" | "name"
            )
        {
            return inline.or_else(|| it.next().cloned());
        }
    }
    None
}

const S3: &[Entry] = &[
    read(&["ls"], "lists buckets and objects"),
    destroy(&["rm"], "deletion", "deletes objects"),
    destroy(&["rb"], "deletion", "deletes a bucket"),
    destroy(&["mv"], "cloud", "moves objects (deleting the source)"),
    modify(&["cp"], "cloud", "copies objects"),
    modify(&["sync"], "cloud", "copies objects"),
    create(&["mb"], "cloud", "creates a bucket"),
    modify(&["website"], "cloud", "changes bucket hosting"),
    grant(
        &["presign"],
        "credentials",
        "mints a URL that grants access",
    ),
];

/// `aws s3 OP [SRC] [DST]`: the objects are the `s3://` operands; the others are local
/// paths read (a source) or written (the destination of a download).
fn aws_s3(op: &str, rest: &[String], profile: Option<String>) -> Said {
    let pos = positionals(
        rest,
        &[
            "--exclude",
            "--include",
            "--acl",
            "--storage-class",
            "--grants",
            "--expires-in",
            "--region",
            "--profile",
            "--sse",
            "--content-type",
            "--cache-control",
            "--metadata",
            "--page-size",
        ],
    );
    let operands: Vec<&str> = pos.iter().skip(1).copied().collect();
    let object = operands.iter().find(|o| o.starts_with("s3://")).copied();
    let tgt = target([profile.as_deref(), object]);
    let svc = Svc {
        prog: "aws s3",
        service: "aws",
        target: tgt.clone(),
    };
    let mut local = Vec::new();
    if matches!(op, "cp" | "mv" | "sync") {
        for (k, o) in operands.iter().enumerate() {
            if o.starts_with("s3://") || *o == "-" {
                continue;
            }
            if k + 1 == operands.len() && operands.len() > 1 {
                local.push(Effect::write(*o, WriteHow::Replace));
            } else {
                local.push(Effect::read(*o));
                if op == "mv" {
                    local.push(Effect::Delete {
                        path: o.to_string(),
                        recursive: has_flag(rest, "--recursive"),
                    });
                }
            }
        }
    }
    let with_local = |mut s: Said| {
        s.effects.extend(local.iter().cloned());
        s
    };
    if op == "sync" && rest.iter().any(|a| a.starts_with("--delete")) {
        return with_local(Said::remote(
            "aws",
            "s3 sync --delete",
            tgt,
            Change::Destroy,
            "deletion",
            "aws s3 sync --delete deletes objects at the destination",
        ));
    }
    if op == "rb" && has_flag(rest, "--force") {
        return Said::remote(
            "aws",
            "s3 rb --force",
            tgt,
            Change::Wipe,
            "deletion",
            "aws s3 rb --force deletes a bucket and every object in it",
        );
    }
    match lookup(S3, &[op]) {
        Some(e) => with_local(super::table::apply(&svc, e, rest)),
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
    let project = option_value(args, &["--project"]).map(|p| format!("project:{p}"));
    if words.first() == Some(&"init") {
        return Said::remote(
            "gcloud",
            "init",
            project,
            Change::Permission,
            "cloud",
            "gcloud init changes the configuration and logs in",
        );
    }
    by_verb("gcloud", "gcloud", project, &words, args)
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

/// Hosts Microsoft runs for Azure's own services, where the Azure CLI's tokens belong:
/// Resource Manager, Microsoft Graph, sign-in, Key Vault, Storage, SQL, Container
/// Registry, Log Analytics and Application Insights, Azure DevOps (`dev.azure.com`, the
/// older `ORG.visualstudio.com`), and the sovereign clouds' Resource Manager (`az cloud
/// show --query endpoints`). Names anyone can claim for their own server
/// (`*.cloudapp.azure.com`, `*.azurewebsites.net`, `*.azure-api.net`) are not among them.
const AZURE_OWN_HOSTS: &[&str] = &[
    "management.azure.com",
    "management.core.windows.net",
    "graph.microsoft.com",
    "graph.windows.net",
    "login.microsoftonline.com",
    "api.loganalytics.io",
    "api.applicationinsights.io",
    "dev.azure.com",
    "management.chinacloudapi.cn",
    "management.usgovcloudapi.net",
];
const AZURE_OWN_SUFFIXES: &[&str] = &[
    ".vault.azure.net",
    ".core.windows.net",
    ".database.windows.net",
    ".azurecr.io",
    ".dev.azure.com",
    ".visualstudio.com",
];

/// Is `host` one of Azure's own service hosts ([`AZURE_OWN_HOSTS`])?
fn azure_own_host(host: &str) -> bool {
    let h = host.trim_end_matches('.').to_ascii_lowercase();
    AZURE_OWN_HOSTS.contains(&h.as_str()) || AZURE_OWN_SUFFIXES.iter().any(|s| h.ends_with(s))
}

/// A request the Azure CLI signs with the user's token, sent to a host that is not
/// Azure's own: the token goes there. `az rest --resource R` acquires a token for R and
/// puts it in the Authorization header of the request to `--url` (Azure CLI reference,
/// `az rest`: "Resource url for which CLI should acquire a token from AAD … The token will
/// be placed in the Authorization header"; without `--resource` it only derives one for
/// the cloud's own endpoints, and `--skip-authorization-header` sends none); the
/// azure-devops extension's commands authenticate to the organisation URL of
/// `--organization`/`--org` with the stored PAT or an `az login` token. A host computed
/// at run time is not known to be Azure's.
fn az_token_elsewhere(args: &[String], words: &[&str]) -> Option<Said> {
    let rest = words.first() == Some(&"rest");
    let url = if rest {
        if !args
            .iter()
            .any(|a| a == "--resource" || a.starts_with("--resource="))
            || has_flag(args, "--skip-authorization-header")
        {
            return None;
        }
        option_value(args, &["--url", "--uri", "-u"])?
    } else {
        option_value(args, &["--organization", "--org"])?
    };
    let host = crate::analysis::effects::grammar::host_of(url);
    // Only a plain `https://HOST[:PORT]/…` is read as naming HOST (no user part, no
    // backslash or expansion a URL parser might read otherwise).
    let authority = url
        .strip_prefix("https://")
        .map(|r| r.split(['/', '?', '#']).next().unwrap_or(""));
    let plain = authority.is_some_and(|a| {
        a.chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':'))
    });
    if plain && host.as_deref().is_some_and(azure_own_host) {
        return None;
    }
    let to = host
        .clone()
        .unwrap_or_else(|| "a host computed at run time".into());
    let how = if rest {
        "az rest --resource puts your Azure access token in the Authorization header of its request"
    } else {
        "az signs in to the --organization URL with your Azure DevOps token"
    };
    let mut said =
        Said::read(format!("{how}; {to} is not one of Azure's own hosts")).and(Effect::Net {
            url: Some(url.to_string()),
            host,
            sends: vec![Carry::Literal {
                text: "your Azure access token".into(),
            }],
        });
    said.category = "credentials";
    Some(said)
}

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
            return Said::remote(
                "azure",
                words[0],
                None,
                if words[0] == "upgrade" {
                    Change::Modify
                } else {
                    Change::Permission
                },
                "cloud",
                format!("az {} changes the local configuration or account", words[0]),
            )
        }
        None => return Said::unknown("az without a command"),
        _ => {}
    }
    if let Some(said) = az_token_elsewhere(args, &words) {
        return said;
    }
    // `az keyvault secret download --file F` writes the secret's value to F (Azure CLI
    // reference, `az keyvault secret download`), where the agent can read it.
    if words.starts_with(&["keyvault", "secret", "download"]) {
        let file = option_value(args, &["--file", "-f"]).unwrap_or("a file");
        return Said::secret(
            "a Key Vault secret (az keyvault secret download)".to_string(),
            format!(
                "az keyvault secret download writes the secret's value to {file}, where the agent reads it; the services that need it read it from Key Vault themselves"
            ),
        );
    }
    // `az storage blob download…` writes local files.
    if words.iter().any(|w| w.starts_with("download")) {
        return Said::unknown("az … download writes local files");
    }
    let scope = option_value(args, &["--subscription"])
        .map(|s| format!("subscription:{s}"))
        .into_iter()
        .chain(option_value(args, &["-g", "--resource-group"]).map(str::to_string))
        .collect::<Vec<_>>()
        .join("/");
    by_verb(
        "az",
        "azure",
        (!scope.is_empty()).then_some(scope),
        &words,
        args,
    )
}
