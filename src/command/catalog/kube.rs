//! Kubernetes and containers: `kubectl` (and `oc`), `helm`, `docker`/`podman`, `docker
//! compose`. Global options may come before the subcommand (`kubectl -n prod delete …`,
//! `docker --context x ps`): the value options below are skipped when finding the path.

use super::{
    asks_help, by_table, has_flag, lookup, option_files, option_value, positionals, read,
    read_unless, soft, soft_unless, Entry, Said,
};
use crate::command::Cmd;

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
    soft(&["delete"], "infrastructure", "deletes cluster resources"),
    soft(&["apply"], "infrastructure", "changes cluster resources"),
    soft(&["create"], "infrastructure", "creates cluster resources"),
    soft(&["replace"], "infrastructure", "replaces cluster resources"),
    soft(&["patch"], "infrastructure", "changes cluster resources"),
    soft(&["edit"], "infrastructure", "changes cluster resources"),
    soft(
        &["scale"],
        "infrastructure",
        "changes how many replicas run",
    ),
    soft(
        &["autoscale"],
        "infrastructure",
        "changes how many replicas run",
    ),
    soft(&["drain"], "infrastructure", "evicts every pod from a node"),
    soft(&["cordon"], "infrastructure", "stops scheduling on a node"),
    soft(
        &["uncordon"],
        "infrastructure",
        "resumes scheduling on a node",
    ),
    soft(&["taint"], "infrastructure", "changes where pods may run"),
    soft(&["label"], "infrastructure", "changes resource labels"),
    soft(
        &["annotate"],
        "infrastructure",
        "changes resource annotations",
    ),
    soft(&["set"], "infrastructure", "changes a workload"),
    soft(
        &["expose"],
        "infrastructure",
        "exposes a workload on the network",
    ),
    soft(&["run"], "infrastructure", "starts a pod"),
    soft(
        &["rollout", "restart"],
        "infrastructure",
        "restarts a workload",
    ),
    soft(
        &["rollout", "undo"],
        "infrastructure",
        "rolls a workload back",
    ),
    soft(&["rollout", "pause"], "infrastructure", "pauses a rollout"),
    soft(
        &["rollout", "resume"],
        "infrastructure",
        "resumes a rollout",
    ),
    soft(&["exec"], "runs-code", "runs a command inside a container"),
    soft(&["debug"], "runs-code", "starts a debugging container"),
    soft(&["attach"], "runs-code", "attaches to a running container"),
    soft(
        &["cp"],
        "infrastructure",
        "copies files into or out of a container",
    ),
    soft(
        &["certificate"],
        "infrastructure",
        "approves or denies certificates",
    ),
    soft(&["config", "set"], "config", "changes the kubeconfig"),
    soft(
        &["config", "set-context"],
        "config",
        "changes the kubeconfig",
    ),
    soft(
        &["config", "set-cluster"],
        "config",
        "changes the kubeconfig",
    ),
    soft(
        &["config", "set-credentials"],
        "credentials",
        "writes credentials to the kubeconfig",
    ),
    soft(
        &["config", "use-context"],
        "config",
        "switches the cluster later commands act on",
    ),
    soft(
        &["config", "use"],
        "config",
        "switches the cluster later commands act on",
    ),
    soft(
        &["config", "delete-context"],
        "config",
        "changes the kubeconfig",
    ),
    soft(
        &["config", "delete-cluster"],
        "config",
        "changes the kubeconfig",
    ),
    soft(
        &["config", "delete-user"],
        "config",
        "changes the kubeconfig",
    ),
    soft(&["config", "unset"], "config", "changes the kubeconfig"),
    soft(
        &["config", "rename-context"],
        "config",
        "changes the kubeconfig",
    ),
];

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
    // Secrets printed in full.
    if verb == "get"
        && pos.iter().skip(1).any(|w| {
            w.to_ascii_lowercase()
                .split(['/', ',', '.'])
                .any(|r| matches!(r, "secret" | "secrets"))
        })
        && option_value(args, &["-o", "--output"])
            .is_some_and(|o| !matches!(o, "name" | "wide") && !o.starts_with("custom-columns"))
    {
        return Said::secret(format!(
            "{prog} get secret -o … prints the secret's values where the agent reads them; `{prog} get secret NAME` and `{prog} describe secret NAME` show its keys and sizes only"
        ));
    }
    if verb == "config" && pos.get(1) == Some(&"view") && has_flag(args, "--raw") {
        return Said::secret(format!(
            "{prog} config view --raw prints the kubeconfig's tokens and keys where the agent reads them; `{prog} config view` shows it with them redacted"
        ));
    }
    if verb == "delete" && (has_flag(args, "--all-namespaces") || has_flag(args, "-A")) {
        return Said::Hard {
            category: "infrastructure",
            reason: format!("{prog} delete --all-namespaces deletes across the whole cluster"),
        };
    }
    if verb == "scale"
        && option_value(args, &["--replicas"]).is_some_and(|r| r.trim_start_matches('0').is_empty())
    {
        return Said::soft(
            "infrastructure",
            format!("{prog} scale --replicas=0 stops a workload"),
        );
    }
    if matches!(verb, "get" | "logs") && (has_flag(args, "--watch") || has_flag(args, "-w")) {
        return Said::read(format!("{prog} {verb} --watch follows changes"));
    }
    match lookup(KUBECTL, &pos) {
        Some(e) => {
            let reads = option_files(args, &["-f", "--filename", "-k", "--kustomize"]);
            let said = super::apply(prog, e, args).with_reads(reads);
            if matches!(said, Said::Read { .. })
                && option_value(args, &["-s", "--server"]).is_some()
            {
                return Said::unknown(format!(
                    "{prog} --server sends the credentials to another host"
                ));
            }
            said
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
    read(&["get"], "prints a release's values or manifests"),
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
    soft_unless(
        &["install"],
        "publish",
        HELM_DRY_RUN,
        "installs a release into the cluster",
    ),
    soft_unless(
        &["upgrade"],
        "publish",
        HELM_DRY_RUN,
        "changes a release in the cluster",
    ),
    soft_unless(
        &["uninstall"],
        "infrastructure",
        HELM_DRY_RUN,
        "removes a release",
    ),
    soft_unless(
        &["delete"],
        "infrastructure",
        HELM_DRY_RUN,
        "removes a release",
    ),
    soft_unless(
        &["del"],
        "infrastructure",
        HELM_DRY_RUN,
        "removes a release",
    ),
    soft_unless(&["un"], "infrastructure", HELM_DRY_RUN, "removes a release"),
    soft_unless(
        &["rollback"],
        "infrastructure",
        HELM_DRY_RUN,
        "rolls a release back",
    ),
    soft(&["test"], "runs-code", "runs test pods in the cluster"),
    soft(&["push"], "publish", "publishes a chart"),
    soft(
        &["plugin", "install"],
        "install",
        "installs a plugin, which runs its code",
    ),
    soft(&["plugin", "uninstall"], "install", "removes a plugin"),
    soft(
        &["registry", "login"],
        "credentials",
        "stores registry credentials",
    ),
    soft(&["repo", "remove"], "config", "removes a chart repository"),
    soft(&["repo", "rm"], "config", "removes a chart repository"),
];

pub(super) fn helm(cmd: &Cmd) -> Said {
    let args = cmd.args();
    if asks_help(args) {
        return Said::read("helm prints help");
    }
    if args.iter().any(|a| a.starts_with("--post-renderer")) {
        return Said::unknown("helm --post-renderer runs a program");
    }
    let reads = option_files(args, &["-f", "--values", "--set-file"]);
    by_table(cmd, HELM, HELM_VALUE_OPTS).with_reads(reads)
}
