//! Kubernetes and containers: `kubectl` (and `oc`), `helm`, `docker`/`podman`, `docker
//! compose`. Global options may come before the subcommand (`kubectl -n prod delete …`,
//! `docker --context x ps`): the value options below are skipped when finding the path.

use super::{
    apply, asks_help, by_table, has_flag, help_before, lookup, option_files, option_value, positionals,
    read, read_unless, soft, soft_unless, Entry, Said,
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
    read_unless(&["config", "view"], &["--raw"], "prints the kubeconfig with secrets redacted"),
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
    soft(&["scale"], "infrastructure", "changes how many replicas run"),
    soft(&["autoscale"], "infrastructure", "changes how many replicas run"),
    soft(&["drain"], "infrastructure", "evicts every pod from a node"),
    soft(&["cordon"], "infrastructure", "stops scheduling on a node"),
    soft(&["uncordon"], "infrastructure", "resumes scheduling on a node"),
    soft(&["taint"], "infrastructure", "changes where pods may run"),
    soft(&["label"], "infrastructure", "changes resource labels"),
    soft(&["annotate"], "infrastructure", "changes resource annotations"),
    soft(&["set"], "infrastructure", "changes a workload"),
    soft(&["expose"], "infrastructure", "exposes a workload on the network"),
    soft(&["run"], "infrastructure", "starts a pod"),
    soft(&["rollout", "restart"], "infrastructure", "restarts a workload"),
    soft(&["rollout", "undo"], "infrastructure", "rolls a workload back"),
    soft(&["rollout", "pause"], "infrastructure", "pauses a rollout"),
    soft(&["rollout", "resume"], "infrastructure", "resumes a rollout"),
    soft(&["exec"], "runs-code", "runs a command inside a container"),
    soft(&["debug"], "runs-code", "starts a debugging container"),
    soft(&["attach"], "runs-code", "attaches to a running container"),
    soft(&["cp"], "infrastructure", "copies files into or out of a container"),
    soft(&["certificate"], "infrastructure", "approves or denies certificates"),
    soft(&["config", "set"], "config", "changes the kubeconfig"),
    soft(&["config", "set-context"], "config", "changes the kubeconfig"),
    soft(&["config", "set-cluster"], "config", "changes the kubeconfig"),
    soft(&["config", "set-credentials"], "credentials", "writes credentials to the kubeconfig"),
    soft(&["config", "use-context"], "config", "switches the cluster later commands act on"),
    soft(&["config", "use"], "config", "switches the cluster later commands act on"),
    soft(&["config", "delete-context"], "config", "changes the kubeconfig"),
    soft(&["config", "delete-cluster"], "config", "changes the kubeconfig"),
    soft(&["config", "delete-user"], "config", "changes the kubeconfig"),
    soft(&["config", "unset"], "config", "changes the kubeconfig"),
    soft(&["config", "rename-context"], "config", "changes the kubeconfig"),
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
        && option_value(args, &["-o", "--output"]).is_some_and(|o| {
            !matches!(o, "name" | "wide") && !o.starts_with("custom-columns")
        })
    {
        return Said::soft("credentials", format!("{prog} get secret -o … prints secret values"));
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
        return Said::soft("infrastructure", format!("{prog} scale --replicas=0 stops a workload"));
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
                return Said::unknown(format!("{prog} --server sends the credentials to another host"));
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
    read_unless(&["template"], &["--post-renderer"], "renders manifests to stdout"),
    read(&["lint"], "checks a chart"),
    read(&["verify"], "verifies a chart signature"),
    read(&["version"], "prints its version"),
    read(&["env"], "prints its environment"),
    read(&["repo", "list"], "lists chart repositories"),
    read(&["plugin", "list"], "lists plugins"),
    read(&["dependency", "list"], "lists chart dependencies"),
    read(&["completion"], "prints shell completion"),
    read(&["help"], "prints help"),
    soft_unless(&["install"], "publish", HELM_DRY_RUN, "installs a release into the cluster"),
    soft_unless(&["upgrade"], "publish", HELM_DRY_RUN, "changes a release in the cluster"),
    soft_unless(&["uninstall"], "infrastructure", HELM_DRY_RUN, "removes a release"),
    soft_unless(&["delete"], "infrastructure", HELM_DRY_RUN, "removes a release"),
    soft_unless(&["del"], "infrastructure", HELM_DRY_RUN, "removes a release"),
    soft_unless(&["un"], "infrastructure", HELM_DRY_RUN, "removes a release"),
    soft_unless(&["rollback"], "infrastructure", HELM_DRY_RUN, "rolls a release back"),
    soft(&["test"], "runs-code", "runs test pods in the cluster"),
    soft(&["push"], "publish", "publishes a chart"),
    soft(&["plugin", "install"], "install", "installs a plugin, which runs its code"),
    soft(&["plugin", "uninstall"], "install", "removes a plugin"),
    soft(&["registry", "login"], "credentials", "stores registry credentials"),
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

const DOCKER_VALUE_OPTS: &[&str] = &[
    "--config",
    "--context",
    "-c",
    "-H",
    "--host",
    "--log-level",
    "-l",
    "-f",
    "--format",
    "--filter",
    "--since",
    "--until",
    "--tail",
    "-n",
    "--last",
    "--project-directory",
    "--project-name",
    "-p",
    "--profile",
    "--env-file",
    "--file",
];

const DOCKER: &[Entry] = &[
    read(&["ps"], "lists containers"),
    read(&["images"], "lists images"),
    read(&["inspect"], "shows object details"),
    read(&["logs"], "prints container logs"),
    read(&["version"], "prints versions"),
    read(&["info"], "prints system information"),
    read(&["top"], "lists a container's processes"),
    read(&["port"], "lists port mappings"),
    read(&["diff"], "lists changed files in a container"),
    read(&["history"], "lists image layers"),
    read(&["stats"], "shows resource use"),
    read(&["events"], "prints events"),
    read(&["search"], "searches the registry"),
    read(&["container", "ls"], "lists containers"),
    read(&["container", "list"], "lists containers"),
    read(&["container", "inspect"], "shows container details"),
    read(&["container", "logs"], "prints container logs"),
    read(&["container", "top"], "lists a container's processes"),
    read(&["container", "port"], "lists port mappings"),
    read(&["container", "diff"], "lists changed files"),
    read(&["container", "stats"], "shows resource use"),
    read(&["image", "ls"], "lists images"),
    read(&["image", "list"], "lists images"),
    read(&["image", "inspect"], "shows image details"),
    read(&["image", "history"], "lists image layers"),
    read(&["volume", "ls"], "lists volumes"),
    read(&["volume", "inspect"], "shows volume details"),
    read(&["network", "ls"], "lists networks"),
    read(&["network", "inspect"], "shows network details"),
    read(&["node", "ls"], "lists swarm nodes"),
    read(&["node", "inspect"], "shows node details"),
    read(&["node", "ps"], "lists tasks on a node"),
    read(&["plugin", "ls"], "lists plugins"),
    read(&["plugin", "inspect"], "shows plugin details"),
    read(&["config", "ls"], "lists configs"),
    read(&["config", "inspect"], "shows config metadata"),
    read(&["secret", "ls"], "lists secrets (names only)"),
    read(&["secret", "inspect"], "shows secret metadata (not the value)"),
    read(&["context", "ls"], "lists contexts"),
    read(&["context", "show"], "prints the current context"),
    read(&["context", "inspect"], "shows context details"),
    read(&["service", "ls"], "lists services"),
    read(&["service", "ps"], "lists service tasks"),
    read(&["service", "logs"], "prints service logs"),
    read(&["service", "inspect"], "shows service details"),
    read(&["stack", "ls"], "lists stacks"),
    read(&["stack", "ps"], "lists stack tasks"),
    read(&["stack", "services"], "lists stack services"),
    read(&["system", "info"], "prints system information"),
    read(&["system", "df"], "shows disk use"),
    read(&["system", "events"], "prints events"),
    read(&["trust", "inspect"], "shows signatures"),
    read(&["buildx", "ls"], "lists builders"),
    read(&["buildx", "du"], "shows build cache use"),
    read(&["buildx", "version"], "prints its version"),
    read(&["buildx", "inspect"], "shows a builder"),
    read(&["manifest", "inspect"], "shows a manifest"),
    soft(&["rm"], "container", "removes containers"),
    soft(&["rmi"], "container", "removes images"),
    soft(&["kill"], "container", "kills running containers"),
    soft(&["stop"], "container", "stops running containers"),
    soft(&["container", "rm"], "container", "removes containers"),
    soft(&["container", "kill"], "container", "kills running containers"),
    soft(&["container", "stop"], "container", "stops running containers"),
    soft(&["container", "prune"], "container", "removes stopped containers"),
    soft(&["image", "rm"], "container", "removes images"),
    soft(&["image", "prune"], "container", "removes unused images"),
    soft(&["volume", "rm"], "container", "deletes volumes and their data"),
    soft(&["volume", "prune"], "container", "deletes unused volumes and their data"),
    soft(&["network", "rm"], "container", "removes networks"),
    soft(&["network", "prune"], "container", "removes unused networks"),
    soft(&["system", "prune"], "container", "removes containers, images and caches"),
    soft(&["builder", "prune"], "container", "removes the build cache"),
    soft(&["buildx", "prune"], "container", "removes the build cache"),
    soft(&["push"], "publish", "publishes an image"),
    soft(&["image", "push"], "publish", "publishes an image"),
    soft(&["manifest", "push"], "publish", "publishes a manifest"),
    soft(&["plugin", "push"], "publish", "publishes a plugin"),
    soft(&["trust", "sign"], "publish", "signs and publishes an image"),
    soft(&["trust", "revoke"], "publish", "revokes image signatures"),
    soft(&["login"], "credentials", "stores registry credentials"),
    soft(&["swarm", "leave"], "infrastructure", "leaves the swarm"),
    soft(&["swarm", "init"], "infrastructure", "creates a swarm"),
    soft(&["swarm", "join"], "infrastructure", "joins a swarm"),
    soft(&["swarm", "unlock-key"], "credentials", "prints or rotates the unlock key"),
    soft(&["swarm", "join-token"], "credentials", "prints a join token"),
    soft(&["node", "rm"], "infrastructure", "removes swarm nodes"),
    soft(&["service", "rm"], "infrastructure", "removes services"),
    soft(&["service", "create"], "infrastructure", "starts a service"),
    soft(&["service", "update"], "infrastructure", "changes a service"),
    soft(&["service", "scale"], "infrastructure", "changes how many replicas run"),
    soft(&["stack", "rm"], "infrastructure", "removes a stack"),
    soft(&["stack", "deploy"], "publish", "deploys a stack"),
    soft(&["secret", "rm"], "infrastructure", "deletes secrets"),
    soft(&["config", "rm"], "infrastructure", "deletes configs"),
    soft(&["context", "rm"], "config", "removes a context"),
];

pub(super) fn docker(cmd: &Cmd) -> Said {
    let args = cmd.args();
    let pos = positionals(args, DOCKER_VALUE_OPTS);
    if help_before(args, DOCKER_VALUE_OPTS, 2) {
        return Said::read(format!("{} prints help", cmd.program()));
    }
    if matches!(pos.first(), Some(&"compose")) {
        return compose_words(&format!("{} compose", cmd.program()), &pos[1..], args);
    }
    match lookup(DOCKER, &pos) {
        Some(e) => apply(cmd.program(), e, args),
        None => Said::unknown(format!(
            "{} {} is not a read-only docker command",
            cmd.program(),
            pos.first().copied().unwrap_or("")
        )),
    }
}

const COMPOSE: &[Entry] = &[
    read(&["ps"], "lists services"),
    read(&["ls"], "lists projects"),
    read(&["logs"], "prints service logs"),
    read(&["images"], "lists images"),
    read(&["events"], "prints events"),
    read(&["port"], "prints a port mapping"),
    read(&["version"], "prints its version"),
    read(&["top"], "lists service processes"),
    soft(&["down"], "container", "stops and removes containers (and volumes with -v)"),
    soft(&["rm"], "container", "removes stopped containers"),
    soft(&["kill"], "container", "kills services"),
    soft(&["stop"], "container", "stops services"),
    soft(&["push"], "publish", "publishes images"),
    soft(&["publish"], "publish", "publishes the project"),
];

fn compose_words(prog: &str, pos: &[&str], args: &[String]) -> Said {
    match lookup(COMPOSE, pos) {
        Some(e) => apply(prog, e, args).with_cwd(),
        None => Said::unknown(format!(
            "{prog} {} is not a read-only compose command",
            pos.first().copied().unwrap_or("")
        )),
    }
}

pub(super) fn compose(cmd: &Cmd) -> Said {
    let args = cmd.args();
    if help_before(args, DOCKER_VALUE_OPTS, 2) {
        return Said::read(format!("{} prints help", cmd.program()));
    }
    let pos = positionals(args, DOCKER_VALUE_OPTS);
    compose_words(cmd.program(), &pos, args)
}
