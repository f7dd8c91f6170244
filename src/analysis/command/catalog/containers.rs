//! Containers: `docker`/`podman` and `docker compose`/`docker-compose`. Global options
//! may come before the subcommand (`docker --context prod rm …`); `--help` counts only
//! before the operand (`docker run IMAGE --help` passes it to the container).
//!
//! The lifecycle of the project's own services and images — `docker compose
//! up|create|start|restart|stop|build|pull` and `docker build` of a context in the
//! project — is read by [`lifecycle`] (options checked against docker compose v2's
//! `cmd/compose` sources and docker 28.2.2's `docker build --help`) and judged like a
//! build runner (`command::build`, with the definition files `command::compose` finds):
//! routine while the compose files, env files and Dockerfiles are unchanged this session
//! and not written by the agent. `down`, `rm`, `kill`, `run`, `exec` and the rest keep
//! their entries below.

use super::table::{
    apply, create, destroy, grant, has_flag, help_before, lookup, modify, positionals, publish,
    read, runs, secret, target, Entry, Said, Svc,
};
use crate::analysis::command::core::{path_class, Cmd, JudgeCtx};
use crate::analysis::effects::{Change, Effect, Reach, WriteHow};
use crate::context::floor::{Access, PathClass};
use crate::context::paths;

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
    runs(&["exec"], "runs a command inside a running container"),
    runs(
        &["container", "exec"],
        "runs a command inside a running container",
    ),
    destroy(&["rm"], "container", "removes containers"),
    destroy(&["rmi"], "container", "removes images"),
    modify(&["kill"], "container", "kills running containers"),
    modify(&["stop"], "container", "stops running containers"),
    destroy(&["container", "rm"], "container", "removes containers"),
    destroy(
        &["container", "kill"],
        "container",
        "kills running containers",
    ),
    destroy(
        &["container", "stop"],
        "container",
        "stops running containers",
    ),
    destroy(
        &["container", "prune"],
        "container",
        "removes stopped containers",
    ),
    destroy(&["image", "rm"], "container", "removes images"),
    destroy(&["image", "prune"], "container", "removes unused images"),
    destroy(
        &["volume", "rm"],
        "container",
        "deletes volumes and their data",
    ),
    destroy(
        &["volume", "prune"],
        "container",
        "deletes unused volumes and their data",
    ),
    destroy(&["network", "rm"], "container", "removes networks"),
    destroy(
        &["network", "prune"],
        "container",
        "removes unused networks",
    ),
    destroy(
        &["system", "prune"],
        "container",
        "removes containers, images and caches",
    ),
    // podman's reset: every container, pod, image, network and volume of the user
    // (podman-system-reset(1)).
    destroy(
        &["system", "reset"],
        "container",
        "removes every container, image, network and volume",
    ),
    destroy(
        &["builder", "prune"],
        "container",
        "removes the build cache",
    ),
    destroy(&["buildx", "prune"], "container", "removes the build cache"),
    publish(&["push"], "publish", "publishes an image"),
    publish(&["image", "push"], "publish", "publishes an image"),
    publish(&["manifest", "push"], "publish", "publishes a manifest"),
    publish(&["plugin", "push"], "publish", "publishes a plugin"),
    publish(
        &["trust", "sign"],
        "publish",
        "signs and publishes an image",
    ),
    grant(&["trust", "revoke"], "publish", "revokes image signatures"),
    grant(&["login"], "credentials", "stores registry credentials"),
    destroy(&["swarm", "leave"], "infrastructure", "leaves the swarm"),
    create(&["swarm", "init"], "infrastructure", "creates a swarm"),
    create(&["swarm", "join"], "infrastructure", "joins a swarm"),
    secret(&["swarm", "unlock-key"], "prints or rotates the unlock key"),
    secret(&["swarm", "join-token"], "prints a join token"),
    destroy(&["node", "rm"], "infrastructure", "removes swarm nodes"),
    destroy(&["service", "rm"], "infrastructure", "removes services"),
    create(&["service", "create"], "infrastructure", "starts a service"),
    modify(
        &["service", "update"],
        "infrastructure",
        "changes a service",
    ),
    modify(
        &["service", "scale"],
        "infrastructure",
        "changes how many replicas run",
    ),
    destroy(&["stack", "rm"], "infrastructure", "removes a stack"),
    publish(&["stack", "deploy"], "publish", "deploys a stack"),
    destroy(&["secret", "rm"], "infrastructure", "deletes secrets"),
    destroy(&["config", "rm"], "infrastructure", "deletes configs"),
    destroy(&["context", "rm"], "config", "removes a context"),
];

/// The `inspect` commands whose output holds a container's, image's, service's or plugin's
/// environment (`Config.Env`, `Spec.TaskTemplate.ContainerSpec.Env`, `Settings.Env`),
/// where `-e DB_PASSWORD=…` and baked-in keys live, and their commands and labels. Unless
/// `--format` is a Go template that names only fields of the [`INSPECT_SAFE_FIELDS`]
/// (checked against docker 28's `inspect` output), it prints them: secrets printed.
const INSPECT_ENV: &[&[&str]] = &[
    &["inspect"],
    &["container", "inspect"],
    &["image", "inspect"],
    &["service", "inspect"],
    &["plugin", "inspect"],
];

/// Top-level fields of `docker inspect` output that hold no environment, command line or
/// labels.
const INSPECT_SAFE_FIELDS: &[&str] = &[
    "State",
    "Name",
    "Id",
    "ID",
    "Image",
    "Created",
    "RestartCount",
    "NetworkSettings",
    "Mounts",
    "Platform",
    "Driver",
    "HostConfig",
    "SizeRw",
    "SizeRootFs",
    "RepoTags",
    "RepoDigests",
    "Architecture",
    "Os",
    "Size",
    "Version",
    "UpdatedAt",
    "CreatedAt",
    "Enabled",
];

/// Fields of a `docker history` row that hold no build step: `.CreatedBy` is the step,
/// with the values of the build arguments a `RUN` used (`|1 NPM_TOKEN=… /bin/sh -c …`)
/// and every `ENV` value, so it is not among them (docker 28 `docker history --help`:
/// `.ID`, `.CreatedSince`, `.CreatedAt`, `.CreatedBy`, `.Size`, `.Comment`).
const HISTORY_SAFE_FIELDS: &[&str] = &["ID", "CreatedSince", "CreatedAt", "Size"];

/// Why a `docker history` prints its image's build steps: the table's CREATED BY column
/// (truncated or not, `--no-trunc` whole) shows the build arguments a `RUN` used and the
/// `ENV` values baked in, where `--build-arg NPM_TOKEN=…` ends up. `-q` prints layer ids,
/// and a `--format` of fields that hold no step prints none.
fn history_prints_steps(pos: &[&str], args: &[String]) -> Option<&'static str> {
    if !(pos.first() == Some(&"history") || pos.starts_with(&["image", "history"])) {
        return None;
    }
    if has_flag(args, "-q") || has_flag(args, "--quiet") {
        return None;
    }
    match super::table::option_value(args, &["--format"]) {
        Some(t) if template_names_only(t, HISTORY_SAFE_FIELDS) => None,
        _ => Some(
            "history prints the image's build steps, with the build arguments a RUN used and every ENV value (where --build-arg tokens end up); `-q` or a --format of .ID, .CreatedSince and .Size runs at once",
        ),
    }
}

/// Why an `inspect` prints an environment, or `None` when its `--format` names only safe
/// fields.
fn inspect_prints_env(pos: &[&str], args: &[String]) -> Option<&'static str> {
    if !INSPECT_ENV.iter().any(|p| pos.starts_with(p)) {
        return None;
    }
    match super::table::option_value(args, &["-f", "--format"]) {
        Some(t) if template_names_only(t, INSPECT_SAFE_FIELDS) => None,
        Some(_) => Some(
            "inspect --format names a field outside the ones that hold no environment (Config.Env holds the secrets passed with -e); a --format of fields such as .State, .NetworkSettings or .Mounts runs at once",
        ),
        None => Some(
            "inspect prints the object's environment (Config.Env), where secrets passed with -e live; a --format of fields such as .State, .NetworkSettings or .Mounts runs at once",
        ),
    }
}

/// Whether every field a Go template reads is one of `safe` (or below one): no bare `.`
/// (`{{json .}}`, `{{.}}`), no `$` variable (it may hold anything a `range` bound), and a
/// template `json`/`table` of a safe field only.
fn template_names_only(t: &str, safe: &[&str]) -> bool {
    let mut rest = t;
    let mut actions = 0;
    while let Some(open) = rest.find("{{") {
        let Some(close) = rest[open..].find("}}") else {
            return false;
        };
        let action = &rest[open + 2..open + close];
        rest = &rest[open + close + 2..];
        actions += 1;
        if action.contains('$') {
            return false;
        }
        let b = action.as_bytes();
        for (i, &c) in b.iter().enumerate() {
            if c != b'.' {
                continue;
            }
            // A dot that follows a field name continues a path already checked.
            if i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_') {
                continue;
            }
            let name: String = action[i + 1..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if !safe.contains(&name.as_str()) {
                return false;
            }
        }
    }
    actions > 0
}

/// The object a docker command acts on (`container`, `image`, …) and its name.
fn docker_target(args: &[String], pos: &[&str], path_len: usize) -> Option<String> {
    const GROUPS: &[&str] = &[
        "container",
        "image",
        "volume",
        "network",
        "node",
        "plugin",
        "config",
        "secret",
        "context",
        "service",
        "stack",
        "swarm",
        "buildx",
        "builder",
        "system",
        "trust",
        "manifest",
    ];
    let first = pos.first().copied().unwrap_or("");
    let kind = if GROUPS.contains(&first) {
        first
    } else if matches!(
        first,
        "rmi" | "push" | "pull" | "images" | "history" | "search"
    ) {
        "image"
    } else {
        "container"
    };
    target([
        super::table::option_value(args, &["--context", "-c"])
            .map(|c| format!("context:{c}"))
            .as_deref(),
        Some(kind),
        pos.get(path_len).copied(),
    ])
}

pub(super) fn docker(cmd: &Cmd) -> Said {
    let args = cmd.args();
    let pos = positionals(args, DOCKER_VALUE_OPTS);
    if help_before(args, DOCKER_VALUE_OPTS, 2) {
        return Said::read(format!("{} prints help", cmd.program()));
    }
    // `exec` in a running container: its command is judged as it runs there (the shell
    // analysis marks it with the container, like `ssh HOST CMD`); outside the exec
    // grammar it is unknown.
    let argv: Vec<&str> = cmd.argv.iter().map(String::as_str).collect();
    match crate::analysis::shell::exec_call(&argv) {
        Ok(Some(call)) => {
            return Said::remote(
                cmd.program(),
                "connects",
                Some(call.container.clone()),
                Change::Read,
                "remote",
                format!(
                    "{} runs a command in {}, judged as it runs there",
                    call.what, call.container
                ),
            )
        }
        Ok(None) => {}
        Err(e) => return Said::unknown(e),
    }
    if matches!(pos.first(), Some(&"compose")) {
        return compose_words(&format!("{} compose", cmd.program()), &pos[1..], args);
    }
    if let Some(why) = inspect_prints_env(&pos, args).or_else(|| history_prints_steps(&pos, args)) {
        return Said::secret(
            format!("{} {}", cmd.program(), pos.join(" ")),
            format!("{} {why}", cmd.program()),
        );
    }
    match lookup(DOCKER, &pos) {
        Some(e) => {
            let svc = Svc {
                prog: cmd.program(),
                service: "docker",
                target: docker_target(args, &pos, e.path.len()),
            };
            apply(&svc, e, args)
        }
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
    destroy(
        &["down"],
        "container",
        "stops and removes containers (and volumes with -v)",
    ),
    destroy(&["rm"], "container", "removes stopped containers"),
    modify(&["kill"], "container", "kills services"),
    publish(&["push"], "publish", "publishes images"),
    publish(&["publish"], "publish", "publishes the project"),
];

fn compose_words(prog: &str, pos: &[&str], args: &[String]) -> Said {
    // `compose config` prints the resolved project, every `${VAR}` filled in from the
    // environment and `.env` (docker-compose-config(1)); with only a listing option it
    // prints names (`--services`, `--volumes`, `--profiles`, `--images`, `--networks`,
    // `--hash`).
    if pos.first() == Some(&"config") || pos.first() == Some(&"convert") {
        const NAMES: &[&str] = &[
            "--services",
            "--volumes",
            "--profiles",
            "--images",
            "--networks",
            "--hash",
        ];
        if args.iter().any(|a| NAMES.iter().any(|n| a.starts_with(n)))
            && !args.iter().any(|a| a == "--environment")
        {
            return Said::read(format!("{prog} config lists the project's names")).with_cwd();
        }
        return Said::secret(
            "the compose project with its variables filled in",
            format!(
                "{prog} config prints the project with every variable filled in from the environment and .env, secrets included; `--services` lists only names"
            ),
        );
    }
    match lookup(COMPOSE, pos) {
        Some(e) => {
            // The project is the directory's compose file (or `-p NAME`), the service next.
            let project =
                super::table::option_value(args, &["-p", "--project-name"]).unwrap_or(".");
            let svc = Svc {
                prog,
                service: "docker compose",
                target: target([Some(project), pos.get(e.path.len()).copied()]),
            };
            apply(&svc, e, args).with_cwd()
        }
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

/// `docker run`/`create` options that take a value (as `docker run --help` of docker 28.2.2
/// lists them; the short ones are `-a -c -e -h -l -m -p -u -v -w`; `--net` is docker's
/// hidden alias of `--network`).
const RUN_VALUES: &[&str] = &[
    "-a",
    "--attach",
    "-c",
    "--cpu-shares",
    "-e",
    "--env",
    "-h",
    "--hostname",
    "-l",
    "--label",
    "-m",
    "--memory",
    "-p",
    "--publish",
    "-u",
    "--user",
    "-v",
    "--volume",
    "-w",
    "--workdir",
    "--add-host",
    "--annotation",
    "--blkio-weight",
    "--blkio-weight-device",
    "--cap-add",
    "--cap-drop",
    "--cgroup-parent",
    "--cgroupns",
    "--cidfile",
    "--cpu-period",
    "--cpu-quota",
    "--cpu-count",
    "--cpu-percent",
    "--cpu-rt-period",
    "--cpu-rt-runtime",
    "--cpus",
    "--cpuset-cpus",
    "--cpuset-mems",
    "--device",
    "--device-cgroup-rule",
    "--device-read-bps",
    "--device-read-iops",
    "--device-write-bps",
    "--device-write-iops",
    "--dns",
    "--dns-option",
    "--dns-search",
    "--domainname",
    "--entrypoint",
    "--env-file",
    "--expose",
    "--gpus",
    "--group-add",
    "--health-cmd",
    "--health-interval",
    "--health-retries",
    "--health-start-interval",
    "--health-start-period",
    "--health-timeout",
    "--ip",
    "--ip6",
    "--io-maxbandwidth",
    "--io-maxiops",
    "--ipc",
    "--isolation",
    "--kernel-memory",
    "--label-file",
    "--link",
    "--link-local-ip",
    "--log-driver",
    "--log-opt",
    "--mac-address",
    "--memory-reservation",
    "--memory-swap",
    "--memory-swappiness",
    "--mount",
    "--name",
    "--network",
    "--net",
    "--network-alias",
    "--oom-score-adj",
    "--pid",
    "--pids-limit",
    "--platform",
    "--pull",
    "--restart",
    "--runtime",
    "--security-opt",
    "--shm-size",
    "--stop-signal",
    "--stop-timeout",
    "--storage-opt",
    "--sysctl",
    "--tmpfs",
    "--ulimit",
    "--userns",
    "--uts",
    "--volume-driver",
    "--volumes-from",
    "--detach-keys",
];

/// `docker run`/`create` flags (`-d -i -P -t` and the long ones).
const RUN_FLAGS: &[&str] = &[
    "-d",
    "--detach",
    "-i",
    "--interactive",
    "-P",
    "--publish-all",
    "-t",
    "--tty",
    "--rm",
    "--privileged",
    "--init",
    "--read-only",
    "--sig-proxy",
    "--no-healthcheck",
    "--oom-kill-disable",
    "-q",
    "--quiet",
    "--disable-content-trust",
    "--use-api-socket",
];

/// Where a container engine's control socket lives: mounting it hands the container the
/// host, as root.
fn engine_socket(p: &str) -> bool {
    [
        "docker.sock",
        "podman.sock",
        "containerd.sock",
        "crio.sock",
        "buildkitd.sock",
    ]
    .iter()
    .any(|s| p.ends_with(s))
}

/// The effects of one bind mount of host path `src` (read-only when `ro`).
fn bind(src: &str, ro: bool, cmd: &Cmd, ctx: &JudgeCtx, out: &mut Vec<Effect>) {
    bind_at(src, cmd.cwd.dir().unwrap_or(ctx.cwd), ro, ctx, out);
}

/// The effects of a bind mount of host path `src` (relative to `base`) into a container:
/// the engine's socket is the host as root (a privilege), the home or above it and a
/// credential store are secrets handed over, anything else is read (links followed, as
/// the engine resolves the source) and, unless read-only, written. `docker run -v` and a
/// compose file's volumes (`command::compose`) alike.
pub(crate) fn bind_at(
    src: &str,
    base: &std::path::Path,
    ro: bool,
    ctx: &JudgeCtx,
    out: &mut Vec<Effect>,
) {
    let forms = paths::forms(src, base, ctx.home);
    if engine_socket(src) || forms.forms().any(|f| engine_socket(&f.to_string_lossy())) {
        out.push(Effect::Privilege {
            how: format!("the host's container engine as root (its socket {src} is mounted)"),
        });
        return;
    }
    // `/`, the home directory or above it: every credential under it is handed over.
    if forms
        .forms()
        .any(|f| ctx.home.starts_with(f) || f == std::path::Path::new("/"))
    {
        out.push(Effect::Secret {
            what: format!("every credential under {src} (mounted into the container)"),
        });
        return;
    }
    if let Some(PathClass::Credential { what }) = path_class(&forms.lexical, Access::Read, ctx) {
        out.push(Effect::Secret {
            what: format!("{what} (mounted into the container from {src})"),
        });
        return;
    }
    out.push(Effect::Read {
        path: src.to_string(),
        reach: Reach::TreeFollow,
    });
    if !ro {
        out.push(Effect::write(src, WriteHow::Edit));
    }
}

/// `-v SRC:DST[:OPTS]`: a bind mount when SRC is a path (a name is a named volume).
fn volume(v: &str, cmd: &Cmd, ctx: &JudgeCtx, out: &mut Vec<Effect>) {
    let mut parts = v.splitn(3, ':');
    let src = parts.next().unwrap_or("");
    let _dst = parts.next();
    let opts = parts.next().unwrap_or("");
    let is_path = src.starts_with(['/', '~', '.']) || src.contains('/');
    if is_path {
        bind(
            src,
            opts.split(',').any(|o| o == "ro" || o == "readonly"),
            cmd,
            ctx,
            out,
        );
    }
}

/// `--mount type=bind,source=SRC,target=DST[,readonly]`.
fn mount(v: &str, cmd: &Cmd, ctx: &JudgeCtx, out: &mut Vec<Effect>) {
    let mut kind = "volume";
    let mut src = None;
    let mut ro = false;
    for field in v.split(',') {
        let (k, val) = field.split_once('=').unwrap_or((field, ""));
        match k {
            "type" => kind = if val == "bind" { "bind" } else { "other" },
            "source" | "src" => src = Some(val),
            "readonly" | "ro" => ro = val.is_empty() || val == "true" || val == "1",
            _ => {}
        }
    }
    if let (true, Some(s)) = (kind == "bind", src) {
        bind(s, ro, cmd, ctx, out);
    } else if kind == "bind" {
        out.push(Effect::unknown("docker --mount type=bind without a source"));
    }
}

/// `docker|podman [GLOBAL…] run|create [OPTS] IMAGE [CMD…]` (also `container run`): the
/// image's code runs (soft), host paths mounted into it are read (and written unless
/// read-only), and what gives the container the host is a privilege or a credential
/// handed over. `None` for other subcommands.
pub(super) fn run(cmd: &Cmd, ctx: &JudgeCtx) -> Option<Said> {
    let args = cmd.args();
    let pos = positionals(args, DOCKER_VALUE_OPTS);
    let sub_at = match pos.as_slice() {
        ["run" | "create", ..] => 0,
        ["container", "run" | "create", ..] => 1,
        _ => return None,
    };
    let sub = pos[sub_at];
    // The subcommand word in args, then its options up to the image.
    let mut i = args.iter().position(|a| a == sub)? + 1;
    if sub_at == 1 {
        i = args.iter().skip(i).position(|a| a == sub)? + i + 1;
    }
    let prog = cmd.program();
    let mut effects = Vec::new();
    let mut image = None;
    while let Some(a) = args.get(i) {
        i += 1;
        if a == "--" {
            image = args.get(i).cloned();
            break;
        }
        if !a.starts_with('-') || a == "-" {
            image = Some(a.clone());
            break;
        }
        let (name, inline) = match a.split_once('=') {
            Some((n, v)) if n.starts_with("--") => (n, Some(v.to_string())),
            _ => (a.as_str(), None),
        };
        if name == "--help" {
            return Some(Said::read(format!("{prog} {sub} prints help")));
        }
        // Short bundles: `-it`, `-dit`, `-v/x:/y` (a value letter takes the rest).
        if !name.starts_with("--") && name.len() > 2 {
            let letters: Vec<char> = name[1..].chars().collect();
            let mut k = 0;
            let mut value_of = None;
            while let Some(c) = letters.get(k) {
                let o = format!("-{c}");
                if RUN_FLAGS.contains(&o.as_str()) {
                    k += 1;
                } else if RUN_VALUES.contains(&o.as_str()) {
                    let rest: String = letters[k + 1..].iter().collect();
                    let v = if rest.is_empty() {
                        let v = args.get(i).cloned();
                        i += 1;
                        v
                    } else {
                        Some(rest)
                    };
                    value_of = Some((o, v));
                    break;
                } else {
                    return Some(Said::unknown(format!(
                        "{prog} {sub} {o} is not a known option"
                    )));
                }
            }
            if let Some((o, Some(v))) = value_of {
                option(&o, &v, cmd, ctx, &mut effects);
            }
            continue;
        }
        if RUN_FLAGS.contains(&name) {
            if name == "--privileged" {
                effects.push(Effect::Privilege {
                    how: "a privileged container (every capability and device of the host)".into(),
                });
            }
            if name == "--use-api-socket" {
                effects.push(Effect::Privilege {
                    how: "the host's container engine (its API socket is given to the container)"
                        .into(),
                });
            }
            continue;
        }
        if !RUN_VALUES.contains(&name) {
            return Some(Said::unknown(format!(
                "{prog} {sub} {name} is not a known option"
            )));
        }
        let v = match inline {
            Some(v) => v,
            None => {
                let v = args.get(i).cloned();
                i += 1;
                match v {
                    Some(v) => v,
                    None => {
                        return Some(Said::unknown(format!("{prog} {sub} {name} has no value")))
                    }
                }
            }
        };
        option(name, &v, cmd, ctx, &mut effects);
    }
    let image = image.unwrap_or_default();
    effects.push(Effect::Run {
        code: crate::analysis::effects::Code::Hidden {
            what: format!("the container image {image}"),
        },
    });
    let privileged = effects
        .iter()
        .any(|e| matches!(e, Effect::Privilege { .. } | Effect::Secret { .. }));
    Some(Said {
        effects,
        category: if privileged {
            "container-escape"
        } else {
            "runs-code"
        },
        reason: if privileged {
            format!("{prog} {sub} gives the container the host")
        } else {
            format!("{prog} {sub} runs the image {image}, whose code the floor does not see")
        },
        uses_cwd: false,
    })
}

/// The effect of one `docker run` option's value.
fn option(name: &str, v: &str, cmd: &Cmd, ctx: &JudgeCtx, out: &mut Vec<Effect>) {
    let host = |what: &str| Effect::Privilege {
        how: format!("a container sharing the host's {what}"),
    };
    match name {
        "-v" | "--volume" => volume(v, cmd, ctx, out),
        "--mount" => mount(v, cmd, ctx, out),
        "--pid" | "--ipc" | "--uts" | "--userns" | "--cgroupns" if v == "host" => {
            out.push(host(&format!("{} namespace", &name[2..])))
        }
        "--network" | "--net" if v == "host" => out.push(host("network")),
        "--cap-add" => out.push(Effect::Privilege {
            how: format!("a container with the capability {v}"),
        }),
        "--device" => out.push(Effect::Privilege {
            how: format!("a container with the host device {v}"),
        }),
        "--security-opt"
            if v.contains("unconfined")
                || v.contains("disable")
                || v.starts_with("no-new-privileges=false") =>
        {
            out.push(Effect::Privilege {
                how: format!("a container with --security-opt {v}"),
            })
        }
        "--env-file" | "--label-file" => out.push(Effect::read(v)),
        "--cidfile" => out.push(Effect::write(v, WriteHow::Replace)),
        _ => {}
    }
}

/// A lifecycle command of the project's own services or images: `docker compose
/// up|start|restart|stop|build|pull|create` (also `docker-compose`) and `docker build`
/// (`docker image build`, `docker buildx build`) of a context in the project. Like a build
/// runner, it runs what the project's definition files say (`command::compose` finds
/// them: the compose files, their includes, extends, env files and Dockerfiles, `.env`),
/// so it is routine while those are unchanged this session (`command::build`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Lifecycle {
    /// What it does, for the reason line.
    pub does: String,
    /// `-f`/`--file` compose files, as given (relative to the working directory).
    pub files: Vec<String>,
    /// `--project-directory`.
    pub project_dir: Option<String>,
    /// `--env-file` files.
    pub env_files: Vec<String>,
    /// `docker build`: the context directory and the `-f` Dockerfile, if given.
    pub image: Option<(String, Option<String>)>,
    /// The daemon `-H`/`--host`/`--context` picks when it is not this machine's default
    /// one: the build context (or the project) goes to it.
    pub daemon: Option<String>,
    /// `build --push`: the images built are published.
    pub push: bool,
    /// It pulls images from a registry when they are missing (`up`, `create`, `pull`,
    /// `build` and `docker build`, for base images).
    pub pulls: bool,
}

/// docker's global options a lifecycle command may carry: the log level, debug output,
/// and the daemon (`-H`/`--host`, `-c`/`--context`: [`remote_daemon`]). `--config` and
/// the TLS options (which read keys) pick another configuration: outside the grammar.
const LIFECYCLE_DOCKER_VALUES: &[&str] = &["--log-level", "-l", "-H", "--host", "-c", "--context"];
const LIFECYCLE_DOCKER_FLAGS: &[&str] = &["-D", "--debug"];

/// `docker compose` global options (docker compose v2, `cmd/compose/compose.go`).
const COMPOSE_GLOBAL_VALUES: &[&str] = &[
    "-f",
    "--file",
    "-p",
    "--project-name",
    "--project-directory",
    "--env-file",
    "--profile",
    "--parallel",
    "--progress",
    "--ansi",
];
const COMPOSE_GLOBAL_FLAGS: &[&str] = &["--compatibility", "--all-resources"];

/// Each lifecycle subcommand's flags and options with a value (docker compose v2's
/// `up.go`, `create.go`, `start.go`, `restart.go`, `stop.go`, `build.go`, `pull.go`).
/// `build --push` publishes the images it builds ([`Lifecycle::push`]). Left out on
/// purpose: `up -V`/`--renew-anon-volumes` (drops the data of anonymous volumes, like
/// `down -v`), `up -w`/`--watch` (keeps syncing files into containers), `build --ssh`
/// (hands the build the SSH agent), `--builder`.
fn compose_sub(
    sub: &str,
) -> Option<(
    &'static str,
    &'static [&'static str],
    &'static [&'static str],
)> {
    const UP_FLAGS: &[&str] = &[
        "-d",
        "--detach",
        "--build",
        "--no-build",
        "--remove-orphans",
        "--no-color",
        "--no-log-prefix",
        "--force-recreate",
        "--no-recreate",
        "--no-start",
        "--abort-on-container-exit",
        "--abort-on-container-failure",
        "--timestamps",
        "--no-deps",
        "--always-recreate-deps",
        "--quiet-pull",
        "--attach-dependencies",
        "--wait",
    ];
    const UP_VALUES: &[&str] = &[
        "--pull",
        "--scale",
        "--exit-code-from",
        "-t",
        "--timeout",
        "--attach",
        "--no-attach",
        "--wait-timeout",
    ];
    Some(match sub {
        "up" => ("starts the project's compose services", UP_FLAGS, UP_VALUES),
        "create" => (
            "creates the project's compose services",
            &[
                "--build",
                "--no-build",
                "--force-recreate",
                "--no-recreate",
                "--remove-orphans",
                "--quiet-pull",
            ],
            &["--pull", "--scale"],
        ),
        "start" => (
            "starts the project's compose services",
            &["--wait"],
            &["--wait-timeout"],
        ),
        "restart" => (
            "restarts the project's compose services",
            &["--no-deps"],
            &["-t", "--timeout"],
        ),
        "stop" => (
            "stops the project's compose services",
            &[],
            &["-t", "--timeout"],
        ),
        "build" => (
            "builds the project's compose images",
            &[
                "-q",
                "--quiet",
                "--pull",
                "--no-cache",
                "--with-dependencies",
                "--push",
            ],
            &["--progress", "--build-arg", "-m", "--memory"],
        ),
        "pull" => (
            "pulls the images of the project's compose services",
            &[
                "-q",
                "--quiet",
                "--ignore-pull-failures",
                "--include-deps",
                "--ignore-buildable",
            ],
            &["--policy"],
        ),
        _ => return None,
    })
}

/// The daemon a docker `-H`/`--host` or `-c`/`--context` value names, when it is not this
/// machine's own: `None` for the default context and the default local sockets
/// (`unix:///var/run/docker.sock`, `unix:///run/docker.sock`); else the host of a
/// `tcp://`, `ssh://`, `http(s)://` address, or the value itself (another socket, which
/// may be forwarded from another machine, or a named context).
pub(crate) fn remote_daemon(option: &str, v: &str) -> Option<String> {
    if matches!(option, "-c" | "--context") {
        return (v != "default").then(|| format!("the docker context {v}"));
    }
    if matches!(v, "unix:///var/run/docker.sock" | "unix:///run/docker.sock") {
        return None;
    }
    for scheme in ["tcp://", "ssh://", "http://", "https://"] {
        if let Some(rest) = v.strip_prefix(scheme) {
            let host = rest.split('/').next().unwrap_or(rest);
            let host = host.rsplit('@').next().unwrap_or(host);
            let host = match host.rsplit_once(':') {
                Some((h, p)) if p.chars().all(|c| c.is_ascii_digit()) => h,
                _ => host,
            };
            return Some(
                host.trim_start_matches('[')
                    .trim_end_matches(']')
                    .to_string(),
            );
        }
    }
    Some(v.to_string())
}

/// Split `--name=value`; a lone `-x` or `--name` has no inline value.
fn split_opt(a: &str) -> (&str, Option<&str>) {
    match a.split_once('=') {
        Some((n, v)) if n.starts_with("--") => (n, Some(v)),
        _ => (a, None),
    }
}

/// Is `w` a service name as compose accepts them?
fn service_name(w: &str) -> bool {
    !w.is_empty()
        && !w.starts_with('-')
        && w.chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))
}

/// Read a lifecycle command line. `None` when the command is no lifecycle command (other
/// subcommands keep the container catalogue's entries); `Some(Err)` when it is one with
/// something outside the grammar.
pub(crate) fn lifecycle(cmd: &Cmd) -> Option<Result<Lifecycle, String>> {
    let prog = cmd.program();
    if !matches!(prog, "docker" | "docker-compose") {
        return None;
    }
    let args = cmd.args();
    // Help is the catalogue's (`help_before`).
    if args.iter().any(|a| a == "--help" || a == "-h") {
        return None;
    }
    let mut i = 0;
    let mut out = Lifecycle::default();
    if prog == "docker" {
        // docker's own global options, then `compose` or a build.
        let mut global = Vec::new();
        while let Some(a) = args.get(i) {
            if !a.starts_with('-') {
                break;
            }
            let (n, inline) = split_opt(a);
            if LIFECYCLE_DOCKER_VALUES.contains(&n) {
                let v = match inline {
                    Some(v) => Some(v.to_string()),
                    None => {
                        i += 1;
                        args.get(i).cloned()
                    }
                };
                match (n, v) {
                    ("-H" | "--host" | "-c" | "--context", Some(v)) => {
                        if let Some(d) = remote_daemon(n, &v) {
                            out.daemon = Some(d);
                        }
                    }
                    (_, None) => global.push(a.clone()),
                    _ => {}
                }
            } else if !LIFECYCLE_DOCKER_FLAGS.contains(&n) {
                global.push(a.clone());
            }
            i += 1;
        }
        let sub = args.get(i).map(String::as_str);
        let build_at = match (sub, args.get(i + 1).map(String::as_str)) {
            (Some("build"), _) => Some(i + 1),
            (Some("image" | "buildx"), Some("build")) => Some(i + 2),
            _ => None,
        };
        if sub != Some("compose") && build_at.is_none() {
            return None;
        }
        if let Some(g) = global.first() {
            return Some(Err(format!(
                "docker {g} picks another daemon or configuration for a lifecycle command"
            )));
        }
        if let Some(at) = build_at {
            let daemon = out.daemon.take();
            return Some(image_build(&args[at..]).map(|l| Lifecycle { daemon, ..l }));
        }
        i += 1;
    }
    // Compose's global options, then the subcommand.
    while let Some(a) = args.get(i) {
        if !a.starts_with('-') {
            break;
        }
        let (n, inline) = split_opt(a);
        if COMPOSE_GLOBAL_FLAGS.contains(&n) && inline.is_none() {
            i += 1;
            continue;
        }
        if !COMPOSE_GLOBAL_VALUES.contains(&n) {
            // `--help`, `--dry-run`, `-v`: not a lifecycle command this grammar reads.
            return None;
        }
        let v = match inline {
            Some(v) => v.to_string(),
            None => {
                i += 1;
                args.get(i)?.clone()
            }
        };
        match n {
            "-f" | "--file" => out.files.push(v),
            "--project-directory" => out.project_dir = Some(v),
            "--env-file" => out.env_files.push(v),
            _ => {}
        }
        i += 1;
    }
    let sub = args.get(i)?;
    let (does, flags, values) = compose_sub(sub)?;
    out.does = does.to_string();
    out.pulls = matches!(sub.as_str(), "up" | "create" | "pull" | "build");
    i += 1;
    let mut only_services = false;
    while let Some(a) = args.get(i) {
        i += 1;
        if only_services || !a.starts_with('-') {
            if !service_name(a) {
                return Some(Err(format!("docker compose {sub} {a}: not a service name")));
            }
            continue;
        }
        if a == "--" {
            only_services = true;
            continue;
        }
        let (n, inline) = split_opt(a);
        if flags.contains(&n) && inline.is_none() {
            out.push |= n == "--push";
            continue;
        }
        if !values.contains(&n) {
            // Short bundles of flags (`-dV`): each letter must be a flag.
            let short_ok = !n.starts_with("--")
                && n.len() > 2
                && n[1..]
                    .chars()
                    .all(|c| flags.contains(&format!("-{c}").as_str()));
            if short_ok {
                continue;
            }
            return Some(Err(format!(
                "docker compose {sub} {n} is not in its grammar"
            )));
        }
        let v = match inline {
            Some(v) => v.to_string(),
            None => match args.get(i) {
                Some(v) => {
                    i += 1;
                    v.clone()
                }
                None => return Some(Err(format!("docker compose {sub} {n} without a value"))),
            },
        };
        if n == "--build-arg" && !v.contains('=') {
            return Some(Err(format!(
                "docker compose build --build-arg {v} passes a variable of the environment into the build"
            )));
        }
    }
    Some(Ok(out))
}

/// `docker build [OPTS] CONTEXT` (after `build`, `image build` or `buildx build`): the
/// options that only name, tag and shape the image (docker 28.2.2's `docker build --help`),
/// and `--push` (buildx: the image is published); `--secret`, `--ssh`, `--output`,
/// `--network`, cache options and the rest are outside the grammar.
fn image_build(args: &[String]) -> Result<Lifecycle, String> {
    const FLAGS: &[&str] = &[
        "--no-cache",
        "--pull",
        "-q",
        "--quiet",
        "--rm",
        "--force-rm",
        "--load",
        "--push",
    ];
    const VALUES: &[&str] = &[
        "-t",
        "--tag",
        "-f",
        "--file",
        "--build-arg",
        "--target",
        "--progress",
        "--platform",
        "--label",
    ];
    let mut dockerfile = None;
    let mut contexts = Vec::new();
    let mut push = false;
    let mut i = 0;
    while let Some(a) = args.get(i) {
        i += 1;
        if !a.starts_with('-') || a == "-" {
            contexts.push(a.clone());
            continue;
        }
        let (n, inline) = split_opt(a);
        if FLAGS.contains(&n) && inline.is_none() {
            push |= n == "--push";
            continue;
        }
        if !VALUES.contains(&n) {
            return Err(format!("docker build {n} is not in its grammar"));
        }
        let v = match inline {
            Some(v) => v.to_string(),
            None => {
                i += 1;
                args.get(i - 1)
                    .cloned()
                    .ok_or_else(|| format!("docker build {n} without a value"))?
            }
        };
        match n {
            "-f" | "--file" => dockerfile = Some(v),
            "--build-arg" if !v.contains('=') => {
                return Err(format!(
                "docker build --build-arg {v} passes a variable of the environment into the build"
            ))
            }
            _ => {}
        }
    }
    let [context] = contexts.as_slice() else {
        return Err("docker build without exactly one context".into());
    };
    if context == "-" || dockerfile.as_deref() == Some("-") {
        return Err("docker build reads its context or Dockerfile from standard input".into());
    }
    if context.contains("://") || context.starts_with("git@") || context.contains(".git#") {
        return Err(format!("docker build {context} builds a remote context"));
    }
    Ok(Lifecycle {
        does: "builds an image from the project's Dockerfile".into(),
        image: Some((context.clone(), dockerfile)),
        push,
        pulls: true,
        ..Lifecycle::default()
    })
}
