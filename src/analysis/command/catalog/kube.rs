//! Kubernetes: `kubectl` (and `oc`) and `helm`. Global options may come before the
//! subcommand (`kubectl -n prod delete …`): the value options below are skipped when
//! finding the path. The target of a command is `[context:CTX/]NAMESPACE/KIND[/NAME]`
//! (`*` for every namespace, `-` for the kubeconfig's); `kubectl config …` acts on the
//! local kubeconfig.
//!
//! `kubectl proxy` and `port-forward` listen on `--address` and hand what arrives to the
//! cluster with the kubeconfig's identity (kubectl 1.32 `--help`: a comma-separated list,
//! default loopback): an address beyond loopback (`0.0.0.0`, `::`, a LAN address) exposes
//! the cluster to whoever reaches this machine, asked about as a permission given.
//!
//! A Secret's values are printed by every output that is not a table of its names:
//! `-o yaml|json`, `jsonpath`, `go-template` (which `--template` alone selects),
//! `custom-columns` naming any field but the Secret's name, namespace, type, labels and
//! dates (its annotations hold `kubectl apply`'s last-applied copy of the whole object),
//! `custom-columns-file` (a spec gatehook does not read), and `get --raw` of a path under
//! `/secrets`. `kubectl config view` redacts tokens and client keys (client-go's
//! `ShortenConfig`) but not with `--raw` or `--flatten` (which embeds the files' keys),
//! and it never redacts a user's password, `auth-provider` config (id and refresh tokens)
//! or exec env: a template or jsonpath naming those prints them. `kubectl create token`
//! and `oc whoami -t` print a bearer token; `kubectl view-secret` (a krew plugin) prints a
//! Secret's decoded values. Checked against the kubectl reference (v1.32: `get`, `config
//! view`, `create token`), client-go's `clientcmd/api/helpers.go`, the OpenShift CLI
//! reference (`oc whoami --show-token`) and kubectl-view-secret's README (search tool).
//!
//! Whose kubeconfig and which server: `--kubeconfig PATH` (kubectl, oc, helm) loads that
//! file alone, and a user entry's `exec` credential plugin (`users[].user.exec.command`)
//! runs before the first API call, whatever the verb (the red team saw it run under
//! kubectl 1.32; client-go's `plugin/pkg/client/auth/exec` and `kubectl config
//! set-credentials --exec-command`), as does an `auth-provider`'s `cmd-path`; a
//! `tokenFile` sends any file as the bearer token. A kubeconfig under `~/.kube` is the
//! person's; one in the workspace is read at decision time (at most 256 KiB, UTF-8, no
//! NUL) and is routine only when its text names none of `exec`, `cmd-path`, `tokenFile`
//! (case-insensitive) and has no backslash escape or YAML tag (`!!binary`, `"\x65xec"`
//! decode to a key the text does not show); anywhere else, or unreadable, it runs code
//! the floor has not seen: asked about. `--server`/`-s` (kubectl) and `--kube-apiserver`
//! (helm) keep the context's credentials and send its bearer token (or prove its client
//! certificate) to that host, for every verb: asked about as a send (the red team saw
//! the Authorization header reach a local listener; helm's global flags reference, "the
//! address and the port for the Kubernetes API server"); `kubectl config set-cluster
//! --server` only writes the URL into the kubeconfig. `KUBECONFIG=a:b` (the files merged
//! when no `--kubeconfig` is given) is judged file by file alike.

use super::table::{
    also_runs, asks_help, by_table, change, change_unless, create, destroy, grant, has_flag,
    lookup, modify, option_files, option_value, outside_workspace, positionals, publish, read,
    read_unless, runs, secret, target, Entry, Said, Svc,
};
use crate::analysis::command::core::{Cmd, JudgeCtx};
use crate::analysis::effects::Change;
use std::io::Read;

const KUBECTL_VALUE_OPTS: &[&str] = &[
    "-n",
    "--namespace",
    "--context",
    "--cluster",
    "--user",
    "--kubeconfig",
    "-s",
    "--server",
    "--token",
    "--as",
    "--as-group",
    "-l",
    "--selector",
    "-o",
    "--output",
    "-c",
    "--container",
    "--field-selector",
    "--sort-by",
    "--since",
    "--since-time",
    "--tail",
    "-f",
    "--filename",
    "-k",
    "--kustomize",
    "-p",
    "--patch",
    "--for",
    "--timeout",
    "--revision",
    "--replicas",
    "-L",
    "--label-columns",
    "--image",
    "--type",
    "--port",
    "--grace-period",
    "--request-timeout",
    "-v",
    "--v",
];

const KUBECTL: &[Entry] = &[
    read_unless(&["get"], &["--raw"], "lists resources"),
    read(&["describe"], "describes resources"),
    read(&["logs"], "prints container logs"),
    read(&["top"], "shows resource use"),
    read(&["explain"], "documents a resource type"),
    read(&["version"], "prints versions"),
    read(&["api-resources"], "lists resource types"),
    read(&["api-versions"], "lists API versions"),
    read(&["cluster-info"], "prints cluster endpoints"),
    read_unless(
        &["cluster-info", "dump"],
        &["--output-directory"],
        "prints cluster state",
    ),
    read_unless(
        &["config", "view"],
        &["--raw"],
        "prints the kubeconfig with secrets redacted",
    ),
    read(&["config", "get-contexts"], "lists contexts"),
    read(&["config", "get-clusters"], "lists clusters"),
    read(&["config", "get-users"], "lists users"),
    read(&["config", "current-context"], "prints the current context"),
    read(&["auth", "can-i"], "asks the API what is allowed"),
    read(&["auth", "whoami"], "prints the current identity"),
    read(&["whoami"], "prints the current user (oc)"),
    read(&["rollout", "status"], "waits for a rollout"),
    read(&["rollout", "history"], "lists rollout revisions"),
    read(&["diff"], "compares manifests with the cluster"),
    read_unless(
        &["kustomize"],
        &["--enable-helm", "--enable-alpha-plugins", "--enable-exec"],
        "renders manifests to stdout",
    ),
    read(&["plugin", "list"], "lists plugins"),
    read(&["completion"], "prints shell completion"),
    read(&["wait"], "waits for a condition"),
    read(&["events"], "lists events"),
    destroy(&["delete"], "infrastructure", "deletes cluster resources"),
    change(
        &["apply"],
        Change::Publish,
        "infrastructure",
        "deploys manifests to the cluster",
    ),
    create(&["create"], "infrastructure", "creates cluster resources"),
    modify(&["replace"], "infrastructure", "replaces cluster resources"),
    modify(&["patch"], "infrastructure", "changes cluster resources"),
    modify(&["edit"], "infrastructure", "changes cluster resources"),
    modify(
        &["scale"],
        "infrastructure",
        "changes how many replicas run",
    ),
    modify(
        &["autoscale"],
        "infrastructure",
        "changes how many replicas run",
    ),
    modify(&["drain"], "infrastructure", "evicts every pod from a node"),
    modify(&["cordon"], "infrastructure", "stops scheduling on a node"),
    modify(
        &["uncordon"],
        "infrastructure",
        "resumes scheduling on a node",
    ),
    modify(&["taint"], "infrastructure", "changes where pods may run"),
    modify(&["label"], "infrastructure", "changes resource labels"),
    modify(
        &["annotate"],
        "infrastructure",
        "changes resource annotations",
    ),
    modify(&["set"], "infrastructure", "changes a workload"),
    modify(
        &["expose"],
        "infrastructure",
        "exposes a workload on the network",
    ),
    create(&["run"], "infrastructure", "starts a pod"),
    change(
        &["rollout", "restart"],
        Change::Publish,
        "infrastructure",
        "restarts a workload",
    ),
    change(
        &["rollout", "undo"],
        Change::Publish,
        "infrastructure",
        "rolls a workload back",
    ),
    change(
        &["rollout", "pause"],
        Change::Publish,
        "infrastructure",
        "pauses a rollout",
    ),
    change(
        &["rollout", "resume"],
        Change::Publish,
        "infrastructure",
        "resumes a rollout",
    ),
    runs(&["exec"], "runs a command inside a container"),
    runs(&["debug"], "starts a debugging container"),
    runs(&["attach"], "attaches to a running container"),
    modify(
        &["cp"],
        "infrastructure",
        "copies files into or out of a container",
    ),
    grant(
        &["certificate"],
        "infrastructure",
        "approves or denies certificates",
    ),
    modify(&["config", "set"], "config", "changes the kubeconfig"),
    modify(
        &["config", "set-context"],
        "config",
        "changes the kubeconfig",
    ),
    modify(
        &["config", "set-cluster"],
        "config",
        "changes the kubeconfig",
    ),
    grant(
        &["config", "set-credentials"],
        "credentials",
        "writes credentials to the kubeconfig",
    ),
    modify(
        &["config", "use-context"],
        "config",
        "switches the cluster later commands act on",
    ),
    modify(
        &["config", "use"],
        "config",
        "switches the cluster later commands act on",
    ),
    modify(
        &["config", "delete-context"],
        "config",
        "changes the kubeconfig",
    ),
    modify(
        &["config", "delete-cluster"],
        "config",
        "changes the kubeconfig",
    ),
    modify(
        &["config", "delete-user"],
        "config",
        "changes the kubeconfig",
    ),
    modify(&["config", "unset"], "config", "changes the kubeconfig"),
    modify(
        &["config", "rename-context"],
        "config",
        "changes the kubeconfig",
    ),
];

/// The target a kubectl command names: `[context:CTX/]NAMESPACE/KIND[/NAME]`, with `*` for
/// every namespace and `-` when the namespace comes from the kubeconfig.
fn kube_target(args: &[String], pos: &[&str]) -> Option<String> {
    let context = option_value(args, &["--context"]).map(|c| format!("context:{c}"));
    let ns = if has_flag(args, "--all-namespaces") || has_flag(args, "-A") {
        Some("*")
    } else {
        option_value(args, &["-n", "--namespace"]).or(Some("-"))
    };
    // `pod/web`, `pods web`, `deploy,svc`.
    let (kind, name) = match pos.get(1) {
        Some(k) if k.contains('/') => {
            let (k, n) = k.split_once('/').unwrap_or((k, ""));
            (Some(k.to_ascii_lowercase()), Some(n.to_string()))
        }
        Some(k) => (
            Some(k.to_ascii_lowercase()),
            pos.get(2).map(|n| n.to_string()),
        ),
        None => (None, None),
    };
    target([context.as_deref(), ns, kind.as_deref(), name.as_deref()])
}

/// Fields of an object that hold none of its data (for `custom-columns`).
const NAME_FIELDS: &[&str] = &[
    ".metadata.name",
    ".metadata.namespace",
    ".metadata.uid",
    ".metadata.creationTimestamp",
    ".metadata.resourceVersion",
    ".type",
    ".kind",
    ".apiVersion",
    ".immutable",
];

/// Does this `kubectl get` print the objects' contents rather than a table of names?
/// The default table, `-o wide` and `-o name` do not; `--template` without `-o` selects
/// `go-template`; `custom-columns` does unless every column is a field that holds no data.
fn prints_values(args: &[String]) -> bool {
    let output = option_value(args, &["-o", "--output"]);
    match output {
        None => args.iter().any(|a| a.starts_with("--template")),
        Some("name" | "wide") => false,
        Some(o) => match o.strip_prefix("custom-columns=") {
            Some(spec) => !spec.split(',').all(|col| {
                let expr = col.split_once(':').map_or(col, |(_, e)| e).trim();
                let expr = expr.trim_start_matches('{').trim_end_matches('}');
                NAME_FIELDS.contains(&expr)
                    || expr
                        .strip_prefix(".metadata.labels")
                        .is_some_and(|r| r.is_empty() || r.starts_with('.'))
            }),
            None => true,
        },
    }
}

/// Kinds whose objects carry a pod template, and so their containers' `env` with its
/// literal values (`env: [{name: DB_PASSWORD, value: …}]`), and `all` (which includes
/// pods), as `kubectl get|describe` names them (kubectl 1.32 `api-resources`: full names,
/// plurals and short names).
const WORKLOAD_KINDS: &[&str] = &[
    "all",
    "pod",
    "pods",
    "po",
    "deployment",
    "deployments",
    "deploy",
    "statefulset",
    "statefulsets",
    "sts",
    "daemonset",
    "daemonsets",
    "ds",
    "replicaset",
    "replicasets",
    "rs",
    "job",
    "jobs",
    "cronjob",
    "cronjobs",
    "cj",
    "replicationcontroller",
    "replicationcontrollers",
    "rc",
    "podtemplate",
    "podtemplates",
];

/// Does this word name a workload kind (`pods`, `deploy/web`, `deployments.apps`,
/// `pods,svc`)?
fn names_workload(w: &str) -> bool {
    let w = w.to_ascii_lowercase();
    w.split(',').any(|part| {
        let kind = part.split('/').next().unwrap_or("");
        let kind = kind.split('.').next().unwrap_or("");
        WORKLOAD_KINDS.contains(&kind)
    })
}

/// Path segments whose value is an object that holds the containers' `env`: a template
/// or jsonpath ending at one prints it whole.
const ENV_HOLDERS: &[&str] = &[
    "",
    "@",
    "items",
    "spec",
    "template",
    "containers",
    "initcontainers",
    "ephemeralcontainers",
    "jobtemplate",
];

/// Does a `kubectl get` of workloads print their containers' environment? `-o yaml|json`
/// (and the `*-file` forms, whose spec gatehook does not read) do; a jsonpath, template
/// or custom-columns does when it names `env` or ends a path at an object that holds it
/// (`{.items[*].spec}`, `{.}`, `{..}`, `{{json .}}`); `{.items[*].metadata.name}`,
/// `{.status.phase}` and `{.spec.containers[*].image}` do not. A path after `range`
/// only selects what the template prints next.
fn workload_output_prints_env(args: &[String]) -> bool {
    let output = option_value(args, &["-o", "--output"]);
    let template = match output {
        None => match option_value(args, &["--template"]) {
            Some(t) => t.to_string(),
            None => return false,
        },
        Some("name" | "wide") => return false,
        Some(o) => match o.split_once('=') {
            Some((kind, spec)) if !kind.ends_with("-file") => {
                let extra = option_value(args, &["--template"]).unwrap_or("");
                format!("{spec} {extra}")
            }
            _ => return true,
        },
    };
    let t = template.to_ascii_lowercase();
    if t.contains("env") || t.contains("..") || t.contains("json") || t.contains("yaml") {
        return true;
    }
    let mut after_range = false;
    for tok in t.split(|c: char| !(c.is_ascii_alphanumeric() || "_.[]*@".contains(c))) {
        if tok.is_empty() {
            continue;
        }
        if tok == "range" {
            after_range = true;
            continue;
        }
        if !(tok.starts_with('.') || tok.starts_with('@')) {
            continue;
        }
        if std::mem::take(&mut after_range) {
            continue;
        }
        let mut path = tok;
        while let Some(open) = path.rfind('[').filter(|_| path.ends_with(']')) {
            path = &path[..open];
        }
        let last = path.rsplit('.').next().unwrap_or("");
        if ENV_HOLDERS.contains(&last) {
            return true;
        }
    }
    false
}

/// Does a `config view` template or jsonpath name a user's credentials, which `config
/// view` prints unredacted (a password, an auth-provider's tokens, an exec plugin's env),
/// or a user entry whole? `{.users[*].name}` and `{.contexts}` do not.
fn config_template_reaches_credentials(args: &[String]) -> bool {
    let tpl: String = args
        .iter()
        .filter(|a| a.starts_with("-o") || a.starts_with("--output") || a.starts_with("--template"))
        .cloned()
        .chain(
            args.windows(2)
                .filter(|w| matches!(w[0].as_str(), "-o" | "--output" | "--template"))
                .map(|w| w[1].clone()),
        )
        .collect::<Vec<_>>()
        .join(" ")
        .to_ascii_lowercase();
    if tpl.is_empty() {
        return false;
    }
    if [
        "password",
        "auth-provider",
        "token",
        "exec",
        "client-key",
        "env",
    ]
    .iter()
    .any(|w| tpl.contains(w))
    {
        return true;
    }
    // A user named anywhere but narrowed to its name.
    let mut rest = tpl.as_str();
    while let Some(i) = rest.find("user") {
        let after = &rest[i + 4..];
        let after = after.strip_prefix('s').unwrap_or(after);
        let after = match after.strip_prefix('[') {
            Some(r) => r.split_once(']').map_or("", |(_, r)| r),
            None => after,
        };
        if !(after.starts_with(".name") || after.starts_with("name")) {
            return true;
        }
        rest = after;
    }
    false
}

/// `kubectl [GLOBAL…] VERB [ARGS…]`.
pub(super) fn kubectl(cmd: &Cmd) -> Said {
    let args = cmd.args();
    let prog = cmd.program();
    let pos = positionals(args, KUBECTL_VALUE_OPTS);
    if asks_help(args) && pos.len() <= 2 {
        return Said::read(format!("{prog} prints help"));
    }
    if pos.is_empty() && has_flag(args, "--version") {
        return Said::read(format!("{prog} prints its version"));
    }
    let verb = pos.first().copied().unwrap_or("");
    let svc = Svc {
        prog,
        // `kubectl config …` changes the local kubeconfig, not the cluster.
        service: if verb == "config" {
            "kubeconfig"
        } else {
            "kubernetes"
        },
        target: if verb == "config" {
            target([pos.get(2).copied()])
        } else {
            kube_target(args, &pos)
        },
    };
    // Secrets printed in full.
    let raw_secrets = option_value(args, &["--raw"]).is_some_and(|p| {
        let p = p.to_ascii_lowercase();
        p.contains("secret") || p.contains('%')
    });
    if verb == "get"
        && (raw_secrets
            || (pos.iter().skip(1).any(|w| {
                w.to_ascii_lowercase()
                    .split(['/', ',', '.'])
                    .any(|r| matches!(r, "secret" | "secrets"))
            }) && prints_values(args)))
    {
        return Said::secret(
            format!(
                "the values of Kubernetes secrets ({})",
                svc.target.as_deref().unwrap_or("")
            ),
            format!(
                "{prog} get secret -o … prints the secret's values where the agent reads them; `{prog} get secret NAME` and `{prog} describe secret NAME` show its keys and sizes only"
            ),
        );
    }
    // Workloads' specs: their containers' env values.
    let workload = pos.iter().skip(1).any(|w| names_workload(w));
    // `describe` prints a container's literal env values too, as the everyday debugging
    // view it stays routine (values from a secret it shows as `<set to the key …>`,
    // as `get -o yaml` shows `secretKeyRef`); the whole spec dumped is the printer.
    if workload && verb == "get" && workload_output_prints_env(args) {
        let how = format!("{prog} get -o … prints the workloads' specs");
        return Said::secret(
            format!(
                "the environment of Kubernetes workloads ({})",
                svc.target.as_deref().unwrap_or("")
            ),
            format!(
                "{how} with their env values, where passwords and keys are set; `{prog} get pods` (the table), `-o jsonpath='{{.items[*].status.phase}}'`, `{prog} get events` and `{prog} logs` run at once"
            ),
        );
    }
    if verb == "config" && pos.get(1) == Some(&"view") {
        if let Some(f) = ["--raw", "--flatten"].iter().find(|f| has_flag(args, f)) {
            return Said::secret(
                "the kubeconfig's tokens and keys",
                format!(
                    "{prog} config view {f} prints the kubeconfig's tokens and keys where the agent reads them; `{prog} config view` shows it with them redacted"
                ),
            );
        }
        if config_template_reaches_credentials(args) {
            return Said::secret(
                "the kubeconfig's passwords or auth-provider tokens",
                format!(
                    "{prog} config view -o template/jsonpath names a user's credentials, which config view never redacts; `-o jsonpath='{{.users[*].name}}'` lists the users"
                ),
            );
        }
    }
    if (verb == "create" && pos.get(1) == Some(&"token"))
        || verb == "view-secret"
        || (prog == "oc"
            && matches!(verb, "sa" | "serviceaccounts")
            && matches!(pos.get(1), Some(&("get-token" | "new-token"))))
        || (prog == "oc"
            && verb == "whoami"
            && (has_flag(args, "-t") || has_flag(args, "--show-token")))
    {
        let what = if verb == "view-secret" {
            "the values of a Kubernetes secret"
        } else {
            "a Kubernetes bearer token"
        };
        return Said::secret(
            what,
            format!(
                "{prog} {} prints {what} where the agent reads it; {prog} uses the kubeconfig's credentials without printing them",
                pos.iter().take(2).copied().collect::<Vec<_>>().join(" ")
            ),
        );
    }
    // `proxy` and `port-forward` listen on `--address` (kubectl 1.32 `--help`: a
    // comma-separated list, default `127.0.0.1` / `localhost`) and pass what arrives to
    // the cluster with this kubeconfig's identity: bound beyond loopback, anyone who
    // reaches this machine uses the cluster as the user.
    if matches!(verb, "proxy" | "port-forward") {
        if let Some(addr) = option_value(args, &["--address"]).filter(|a| {
            a.split(',').any(|h| {
                let h = h.trim().trim_start_matches('[').trim_end_matches(']');
                h == "0.0.0.0" || h == "::" || !crate::context::floor::is_loopback(h)
            })
        }) {
            return Said::remote(
                svc.service,
                "exposes to the network",
                svc.target,
                Change::Permission,
                "exfiltration",
                format!(
                    "{prog} {verb} --address {addr} lets whoever reaches this machine use the cluster with this kubeconfig's credentials"
                ),
            );
        }
    }
    if verb == "delete" && (has_flag(args, "--all-namespaces") || has_flag(args, "-A")) {
        return Said::remote(
            svc.service,
            "delete",
            svc.target,
            Change::Wipe,
            "infrastructure",
            format!("{prog} delete --all-namespaces deletes across the whole cluster"),
        );
    }
    if verb == "scale"
        && option_value(args, &["--replicas"]).is_some_and(|r| r.trim_start_matches('0').is_empty())
    {
        return Said::remote(
            svc.service,
            "scale",
            svc.target,
            Change::Modify,
            "infrastructure",
            format!("{prog} scale --replicas=0 stops a workload"),
        );
    }
    if matches!(verb, "get" | "logs") && (has_flag(args, "--watch") || has_flag(args, "-w")) {
        return Said::remote(
            svc.service,
            verb,
            svc.target,
            Change::Read,
            "",
            format!("{prog} {verb} --watch follows changes"),
        );
    }
    match lookup(KUBECTL, &pos) {
        Some(e) => {
            let reads = option_files(args, &["-f", "--filename", "-k", "--kustomize"]);
            super::table::apply(&svc, e, args).with_reads(reads)
        }
        None => Said::unknown(format!("{prog} {verb} is not in the kubectl catalogue")),
    }
}

const HELM_VALUE_OPTS: &[&str] = &[
    "-n",
    "--namespace",
    "--kube-context",
    "--kubeconfig",
    "-o",
    "--output",
    "-f",
    "--values",
    "--set",
    "--set-string",
    "--set-file",
    "--set-json",
    "--version",
    "--revision",
    "--max",
    "--repo",
    "--timeout",
    "--description",
    "-l",
    "--selector",
    "--registry-config",
    "--repository-config",
    "--repository-cache",
];

const HELM_DRY_RUN: &[&str] = &["--dry-run"];

const HELM: &[Entry] = &[
    read(&["list"], "lists releases"),
    read(&["ls"], "lists releases"),
    read(&["status"], "shows a release"),
    // A release's values are where charts take passwords and keys, and its rendered
    // manifests hold its Secrets' data (base64, not encrypted): secrets printed. Notes and
    // metadata are not.
    secret(
        &["get", "values"],
        "prints the release's values, where charts take passwords and keys (`helm get notes` and `helm get metadata` run at once)",
    ),
    secret(
        &["get", "manifest"],
        "prints the release's manifests, its Secrets' data among them",
    ),
    secret(
        &["get", "hooks"],
        "prints the release's hook manifests, which may hold Secrets",
    ),
    secret(
        &["get", "all"],
        "prints the release's values and manifests, its Secrets' data among them",
    ),
    read(&["get", "notes"], "prints a release's notes"),
    read(&["get", "metadata"], "prints a release's metadata"),
    read(&["history"], "lists release revisions"),
    read(&["hist"], "lists release revisions"),
    read(&["show"], "prints chart information"),
    read(&["inspect"], "prints chart information"),
    read(&["search"], "searches charts"),
    read_unless(
        &["template"],
        &["--post-renderer"],
        "renders manifests to stdout",
    ),
    read(&["lint"], "checks a chart"),
    read(&["verify"], "verifies a chart signature"),
    read(&["version"], "prints its version"),
    read(&["env"], "prints its environment"),
    read(&["repo", "list"], "lists chart repositories"),
    read(&["plugin", "list"], "lists plugins"),
    read(&["dependency", "list"], "lists chart dependencies"),
    read(&["completion"], "prints shell completion"),
    read(&["help"], "prints help"),
    change_unless(
        &["install"],
        Change::Publish,
        "publish",
        HELM_DRY_RUN,
        "installs a release into the cluster",
    ),
    change_unless(
        &["upgrade"],
        Change::Publish,
        "publish",
        HELM_DRY_RUN,
        "changes a release in the cluster",
    ),
    change_unless(
        &["uninstall"],
        Change::Destroy,
        "infrastructure",
        HELM_DRY_RUN,
        "removes a release",
    ),
    change_unless(
        &["delete"],
        Change::Destroy,
        "infrastructure",
        HELM_DRY_RUN,
        "removes a release",
    ),
    change_unless(
        &["del"],
        Change::Destroy,
        "infrastructure",
        HELM_DRY_RUN,
        "removes a release",
    ),
    change_unless(
        &["un"],
        Change::Destroy,
        "infrastructure",
        HELM_DRY_RUN,
        "removes a release",
    ),
    change_unless(
        &["rollback"],
        Change::Publish,
        "infrastructure",
        HELM_DRY_RUN,
        "rolls a release back",
    ),
    runs(&["test"], "runs test pods in the cluster"),
    publish(&["push"], "publish", "publishes a chart"),
    create(
        &["plugin", "install"],
        "install",
        "installs a plugin, which runs its code",
    ),
    destroy(&["plugin", "uninstall"], "install", "removes a plugin"),
    grant(
        &["registry", "login"],
        "credentials",
        "stores registry credentials",
    ),
    modify(&["repo", "remove"], "config", "removes a chart repository"),
    modify(&["repo", "rm"], "config", "removes a chart repository"),
];

pub(super) fn helm(cmd: &Cmd) -> Said {
    let args = cmd.args();
    if asks_help(args) {
        return Said::read("helm prints help");
    }
    // `--post-renderer PATH`: helm runs that executable on the rendered manifests (helm
    // docs, "Advanced Helm Techniques: Post Rendering"): code from that path.
    if let Some(r) = option_value(args, &["--post-renderer"]) {
        return Said::runs(
            format!("the post-renderer {r}"),
            "runs-code",
            format!("helm runs {r} on the rendered manifests (--post-renderer)"),
        );
    }
    if args.iter().any(|a| a.starts_with("--post-renderer")) {
        return Said::unknown("helm --post-renderer runs a program");
    }
    let pos = positionals(args, HELM_VALUE_OPTS);
    // `helm plugin install URL|PATH` fetches a plugin and runs its install hook.
    if let ["plugin", "install", what, ..] = pos.as_slice() {
        return Said::installs(
            "helm-plugin",
            &[what],
            "helm plugin install installs a plugin, which runs its code",
        );
    }
    let ns = option_value(args, &["-n", "--namespace"]).or(Some("-"));
    let svc = Svc {
        prog: "helm",
        service: "kubernetes",
        target: target([
            option_value(args, &["--kube-context"])
                .map(|c| format!("context:{c}"))
                .as_deref(),
            ns,
            Some("release"),
            pos.get(1).copied(),
        ]),
    };
    let reads = option_files(args, &["-f", "--values", "--set-file"]);
    by_table(cmd, &svc, HELM, HELM_VALUE_OPTS).with_reads(reads)
}

/// `kubectl`/`oc`/`helm` with what their options name of this machine and the network: a
/// kubeconfig the person has not made theirs (its exec plugin runs), an API server that
/// is not the context's (the context's credentials go there). See the module docs.
pub(super) fn with_context(cmd: &Cmd, ctx: &JudgeCtx) -> Said {
    let prog = cmd.program();
    let args = cmd.args();
    let base = if prog == "helm" {
        helm(cmd)
    } else {
        kubectl(cmd)
    };
    if asks_help(args) {
        return base;
    }
    let server_opts: &[&str] = if prog == "helm" {
        &["--kube-apiserver"]
    } else {
        &["-s", "--server"]
    };
    // `config set-cluster --server URL` writes the URL into the kubeconfig (asked about
    // as a kubeconfig change); elsewhere the option is the global override.
    let config = prog != "helm" && positionals(args, KUBECTL_VALUE_OPTS).first() == Some(&"config");
    if let Some(url) = option_value(args, server_opts).filter(|_| !config) {
        let host = url
            .split_once("://")
            .map_or(url, |(_, r)| r)
            .split(['/', '?', '#'])
            .next()
            .unwrap_or(url);
        let opt = if prog == "helm" {
            "--kube-apiserver"
        } else {
            "--server"
        };
        return also_runs(
            base,
            "exfiltration",
            format!(
                "{prog} {opt} sends the current context's bearer token or client certificate to {host}"
            ),
        );
    }
    for raw in option_all(args, "--kubeconfig") {
        if let Some(why) = foreign_kubeconfig(raw, cmd, ctx) {
            return also_runs(
                base,
                "runs-code",
                format!("{prog} --kubeconfig {raw}: {why}"),
            );
        }
    }
    // `KUBECONFIG=a:b` (a prefix or an earlier export) names the files merged, when no
    // `--kubeconfig` is given. (Any prefix still leaves the command not routine: the
    // environment floor judges it.)
    if option_all(args, "--kubeconfig").is_empty() {
        let listed = cmd
            .sc
            .assignments
            .iter()
            .filter(|(n, _)| n == "KUBECONFIG")
            .flat_map(|(_, v)| v.split(':'))
            .filter(|p| !p.is_empty());
        for raw in listed {
            if let Some(why) = foreign_kubeconfig(raw, cmd, ctx) {
                return also_runs(
                    base,
                    "runs-code",
                    format!("{prog} with KUBECONFIG={raw}: {why}"),
                );
            }
        }
    }
    base
}

/// Every value of a long option (`--kubeconfig a --kubeconfig=b`).
fn option_all<'a>(args: &'a [String], name: &str) -> Vec<&'a str> {
    let mut out = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "--" {
            break;
        }
        if a == name {
            out.extend(it.next().map(String::as_str));
        } else if let Some(v) = a.strip_prefix(name).and_then(|r| r.strip_prefix('=')) {
            out.push(v);
        }
    }
    out
}

/// The largest kubeconfig read at decision time.
const MAX_KUBECONFIG: u64 = 256 * 1024;

/// Why a kubeconfig named on the command line may run code or send a file the floor has
/// not seen; `None` for one under `~/.kube` or a plain one in the workspace.
fn foreign_kubeconfig(raw: &str, cmd: &Cmd, ctx: &JudgeCtx) -> Option<String> {
    let absolute = raw.starts_with('/') || raw == "~" || raw.starts_with("~/");
    let base = cmd.cwd.dir().or(absolute.then_some(ctx.cwd));
    if let Some(base) = base {
        let forms = crate::context::paths::forms(raw, base, ctx.home);
        if forms.lexical.starts_with(ctx.home.join(".kube")) {
            return None;
        }
    }
    if outside_workspace(raw, cmd, ctx) {
        return Some(
            "a kubeconfig outside the workspace and ~/.kube, whose exec credential plugin would run"
                .into(),
        );
    }
    let path = crate::context::paths::forms(raw, base.unwrap_or(ctx.cwd), ctx.home).lexical;
    let unread = || {
        Some(
            "a kubeconfig gatehook cannot read, whose exec credential plugin would run".to_string(),
        )
    };
    let Ok(f) = crate::context::state::open_regular(&path) else {
        return unread();
    };
    let mut text = String::new();
    if f.take(MAX_KUBECONFIG + 1)
        .read_to_string(&mut text)
        .is_err()
        || text.len() as u64 > MAX_KUBECONFIG
        || text.contains('\0')
    {
        return unread();
    }
    kubeconfig_runs(&text).map(|why| format!("a kubeconfig that {why}"))
}

/// What a kubeconfig's text makes kubectl run or send, judged on its text: an exec plugin
/// or auth-provider command, a token file, or a spelling that hides a key (escapes, tags).
fn kubeconfig_runs(text: &str) -> Option<&'static str> {
    let lower = text.to_ascii_lowercase();
    if lower.contains("exec") {
        return Some("names an exec credential plugin, which runs");
    }
    if lower.contains("cmd-path") {
        return Some("names an auth-provider command, which runs");
    }
    if lower.contains("tokenfile") {
        return Some("names a token file, whose content is sent to the server");
    }
    if text.contains('\\') {
        return Some("holds escapes that may spell a key its text does not show");
    }
    let mut prev = '\n';
    for c in text.chars() {
        if c == '!' && (prev.is_whitespace() || matches!(prev, '[' | '{' | ',' | ':' | '-')) {
            return Some("holds YAML tags that may decode to a key its text does not show");
        }
        prev = c;
    }
    None
}
