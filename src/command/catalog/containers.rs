//! Containers: `docker`/`podman` and `docker compose`/`docker-compose`. Global options
//! may come before the subcommand (`docker --context prod rm …`); `--help` counts only
//! before the operand (`docker run IMAGE --help` passes it to the container).

use super::{apply, help_before, lookup, positionals, read, soft, Entry, Said};
use crate::command::Cmd;

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
    read(
        &["secret", "inspect"],
        "shows secret metadata (not the value)",
    ),
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
    soft(
        &["container", "kill"],
        "container",
        "kills running containers",
    ),
    soft(
        &["container", "stop"],
        "container",
        "stops running containers",
    ),
    soft(
        &["container", "prune"],
        "container",
        "removes stopped containers",
    ),
    soft(&["image", "rm"], "container", "removes images"),
    soft(&["image", "prune"], "container", "removes unused images"),
    soft(
        &["volume", "rm"],
        "container",
        "deletes volumes and their data",
    ),
    soft(
        &["volume", "prune"],
        "container",
        "deletes unused volumes and their data",
    ),
    soft(&["network", "rm"], "container", "removes networks"),
    soft(
        &["network", "prune"],
        "container",
        "removes unused networks",
    ),
    soft(
        &["system", "prune"],
        "container",
        "removes containers, images and caches",
    ),
    soft(
        &["builder", "prune"],
        "container",
        "removes the build cache",
    ),
    soft(&["buildx", "prune"], "container", "removes the build cache"),
    soft(&["push"], "publish", "publishes an image"),
    soft(&["image", "push"], "publish", "publishes an image"),
    soft(&["manifest", "push"], "publish", "publishes a manifest"),
    soft(&["plugin", "push"], "publish", "publishes a plugin"),
    soft(
        &["trust", "sign"],
        "publish",
        "signs and publishes an image",
    ),
    soft(&["trust", "revoke"], "publish", "revokes image signatures"),
    soft(&["login"], "credentials", "stores registry credentials"),
    soft(&["swarm", "leave"], "infrastructure", "leaves the swarm"),
    soft(&["swarm", "init"], "infrastructure", "creates a swarm"),
    soft(&["swarm", "join"], "infrastructure", "joins a swarm"),
    soft(
        &["swarm", "unlock-key"],
        "credentials",
        "prints or rotates the unlock key",
    ),
    soft(
        &["swarm", "join-token"],
        "credentials",
        "prints a join token",
    ),
    soft(&["node", "rm"], "infrastructure", "removes swarm nodes"),
    soft(&["service", "rm"], "infrastructure", "removes services"),
    soft(&["service", "create"], "infrastructure", "starts a service"),
    soft(
        &["service", "update"],
        "infrastructure",
        "changes a service",
    ),
    soft(
        &["service", "scale"],
        "infrastructure",
        "changes how many replicas run",
    ),
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
    soft(
        &["down"],
        "container",
        "stops and removes containers (and volumes with -v)",
    ),
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
