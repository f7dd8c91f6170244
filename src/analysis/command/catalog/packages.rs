//! Package managers: `npm`/`pnpm`/`yarn`/`bun`, `pip`, `uv`, `brew`, `cargo`, `go`.
//! Listing, inspecting and auditing read the registry (routine). Installing a package by
//! name fetches it from the registry and runs its code (install scripts, build backends,
//! entry points): `Run{code: Network{pkg:MANAGER/NAME}}`, asked about with the names so
//! the person or the reviewer names them ("install requests" does not cover `pip install
//! reqeusts`). Installs of anything else (a path, a URL, a requirements file) are left to
//! `sensitive`; installs and resolutions that follow the project's own definition files
//! (`npm ci`, `cargo fetch`, `uv sync`, `uv lock`, `go mod tidy`, `poetry lock`) are
//! build-like and live in `build` under the build-file baseline; publishing is in the soft tier (`destructive_infra::PUBLISH`).
//! `npm config set|delete|edit` and `pip config set|unset|edit` write the settings file
//! that decides what later installs fetch and run: a write of that file (`~/.npmrc`,
//! `./.npmrc`, `~/.config/pip/pip.conf`), which the path floor judges (a credential store
//! is never written) — checked against npm 11.19 and pip 23.2's `config --help`.

use super::table::{
    asks_help, by_table, has_flag, positionals, read, read_unless, Entry, Said, Svc,
};
use crate::analysis::command::core::{Cmd, JudgeCtx};
use crate::analysis::effects::{Effect, WriteHow};

const NODE_VALUE_OPTS: &[&str] = &[
    "--depth",
    "-w",
    "--workspace",
    "--registry",
    "--omit",
    "--include",
    "--filter",
    "-F",
    "--sbom-format",
    "--audit-level",
    "--loglevel",
];

const NODE: &[Entry] = &[
    read(&["ls"], "lists installed packages"),
    read(&["list"], "lists installed packages"),
    read(&["ll"], "lists installed packages"),
    read(&["la"], "lists installed packages"),
    read(&["view"], "shows registry metadata"),
    read(&["info"], "shows registry metadata"),
    read(&["show"], "shows registry metadata"),
    read(&["v"], "shows registry metadata"),
    read(&["outdated"], "lists outdated packages"),
    read(&["why"], "explains why a package is installed"),
    read(&["explain"], "explains why a package is installed"),
    read(&["audit"], "reports known vulnerabilities"),
    read(&["search"], "searches the registry"),
    read(&["s"], "searches the registry"),
    read(&["find"], "searches the registry"),
    read(&["help"], "prints help"),
    read(&["help-search"], "searches help"),
    read(&["prefix"], "prints the prefix"),
    read(&["root"], "prints the modules directory"),
    read(&["bin"], "prints the bin directory"),
    read(&["ping"], "pings the registry"),
    read(&["whoami"], "prints the user name"),
    read(&["fund"], "lists funding links"),
    read(&["query"], "queries the dependency tree"),
    read(&["sbom"], "prints a bill of materials"),
    read(&["doctor"], "checks the environment"),
    read(&["diff"], "prints a package diff"),
    read(&["find-dupes"], "lists duplicate packages"),
    read(&["completion"], "prints shell completion"),
    read(&["stars"], "lists starred packages"),
    read(&["licenses"], "lists licenses"),
    read(&["config", "list"], "prints settings"),
    read(&["config", "ls"], "prints settings"),
    read(&["c", "list"], "prints settings"),
    read(&["config", "get"], "prints a setting"),
    read(&["c", "get"], "prints a setting"),
    read(&["get"], "prints a setting"),
    read(&["cache", "list"], "lists the cache"),
    read(&["cache", "ls"], "lists the cache"),
    read(&["dist-tag", "ls"], "lists dist tags"),
    read(&["access", "get"], "prints package access"),
    read(&["access", "list"], "lists package access"),
    read(&["profile", "get"], "prints profile fields"),
    read(&["token", "list"], "lists tokens (truncated)"),
    read(&["store", "path"], "prints the store path"),
    read(&["workspaces", "list"], "lists workspaces"),
    read(&["workspaces", "info"], "lists workspaces"),
    read(&["pm", "ls"], "lists installed packages"),
];

/// `npm`/`pnpm`/`yarn`/`bun` read-only subcommands.
pub(super) fn node(cmd: &Cmd) -> Said {
    let args = cmd.args();
    if asks_help(args) || (args.len() == 1 && args[0] == "-v") {
        return Said::read(format!("{} prints help or its version", cmd.program()));
    }
    let pos = positionals(args, NODE_VALUE_OPTS);
    if matches!(pos.as_slice(), ["audit", "fix" | "signatures", ..]) {
        return Said::unknown("audit fix installs packages");
    }
    let key = match pos.as_slice() {
        ["config" | "c", "get", key, ..] | ["get", key, ..] => Some(*key),
        _ => None,
    };
    if key.is_some_and(|k| {
        ["auth", "token", "password", "_pass"]
            .iter()
            .any(|s| k.to_ascii_lowercase().contains(s))
    }) {
        return Said::secret(
            format!("the registry credential {}", key.unwrap_or("")),
            "prints a registry credential",
        );
    }
    // pnpm prints every setting of its rc files and the .npmrc files it reads as they
    // are, `_authToken` lines included (pnpm 9.15 `pnpm config list`), and Yarn 1 prints
    // npm's config with them (yarn 1.22 `yarn config list`: "info npm config"); npm
    // itself shows `(protected)` in their place (npm 11 `npm config list`).
    if matches!(cmd.program(), "pnpm" | "yarn")
        && matches!(
            pos.as_slice(),
            ["config" | "c", "list" | "ls", ..] | ["config"] | ["c"]
        )
    {
        return Said::secret(
            format!("the {} settings with registry tokens", cmd.program()),
            format!(
                "{} config list prints the registry settings with their auth tokens; `{} config get registry` prints one setting",
                cmd.program(),
                cmd.program()
            ),
        );
    }
    if pos.first() == Some(&"version") && pos.len() == 1 && cmd.program() == "npm" {
        return Said::read("npm version prints versions");
    }
    if has_flag(args, "--fix") {
        return Said::unknown("--fix changes installed packages");
    }
    if cmd.program() == "npm" {
        if let Some(s) = npm_pkg(cmd, &pos) {
            return s;
        }
        if let Some(s) = npm_browse(args, &pos) {
            return s;
        }
    }
    if let Some(s) = named_install(
        cmd.program(),
        "npm",
        &pos,
        // npm 11's aliases of install (`npm install --help`); pnpm, yarn and bun take
        // `add` (and `install`/`i` for pnpm and bun).
        &[
            "install",
            "add",
            "i",
            "in",
            "ins",
            "inst",
            "insta",
            "instal",
            "isnt",
            "isnta",
            "isntal",
            "isntall",
            // `npm install-test NAME…` installs the names, then runs the test script
            // (npm 11 `npm help install-test`); its aliases (`it`) resolve to it
            // (`command::aliases`).
            "install-test",
        ],
    ) {
        return s;
    }
    by_table(
        cmd,
        &registry(cmd.program(), "npm", &pos),
        NODE,
        NODE_VALUE_OPTS,
    )
}

const PIP: &[Entry] = &[
    read(&["list"], "lists installed packages"),
    read(&["show"], "shows package metadata"),
    read(&["freeze"], "prints installed packages"),
    read(&["check"], "checks dependencies"),
    read(&["config", "list"], "prints settings"),
    read(&["config", "get"], "prints a setting"),
    read(&["config", "debug"], "prints settings and their files"),
    read(&["debug"], "prints debug information"),
    read(&["cache", "dir"], "prints the cache directory"),
    read(&["cache", "list"], "lists cached wheels"),
    read(&["cache", "info"], "prints cache information"),
    read(&["hash"], "hashes package files"),
    read(&["help"], "prints help"),
    read(&["index", "versions"], "lists versions on the index"),
    read(&["inspect"], "prints the environment as JSON"),
    read(&["search"], "searches the index"),
];

const PIP_VALUE_OPTS: &[&str] = &[
    "--format",
    "--path",
    "-a",
    "--algorithm",
    "--index-url",
    "-i",
];

/// Value options of `pip download` and `pip wheel` (pip 23.2 `--help`), beside
/// [`PIP_VALUE_OPTS`].
const PIP_FETCH_VALUE_OPTS: &[&str] = &[
    "--format",
    "--path",
    "-a",
    "--algorithm",
    "--index-url",
    "-i",
    "-d",
    "--dest",
    "-w",
    "--wheel-dir",
    "--no-binary",
    "--only-binary",
    "--platform",
    "--python-version",
    "--implementation",
    "--abi",
    "--extra-index-url",
    "-f",
    "--find-links",
    "--src",
    "--progress-bar",
    "--global-option",
    "--config-settings",
    "-C",
    "--build-option",
    "--root-user-action",
    "--report",
    "--cache-dir",
    "--log",
    "--proxy",
    "--retries",
    "--timeout",
    "--exists-action",
    "--trusted-host",
    "--cert",
    "--client-cert",
];

/// `npm pkg get|set|delete|fix` (npm 11 `npm help pkg`): `get` prints fields of the
/// package.json where it runs (the workspaces' with `--workspace(s)`); `set`, `delete` and
/// `fix` rewrite that file, whose scripts and dependencies decide what later npm commands
/// run: a change of a definition file, asked about (the build-file baseline sees it too).
fn npm_pkg(cmd: &Cmd, pos: &[&str]) -> Option<Said> {
    let ["pkg", rest @ ..] = pos else {
        return None;
    };
    let args = cmd.args();
    let Some(dir) = cmd.cwd.dir() else {
        return Some(Said::unknown(
            "npm pkg where the directory it runs in is not known",
        ));
    };
    let file = dir.join("package.json").display().to_string();
    if args
        .iter()
        .any(|a| a.starts_with('-') && !matches!(a.as_str(), "--json"))
    {
        return Some(Said::unknown(
            "npm pkg is given an option outside the floor's reading (only --json)",
        ));
    }
    Some(match rest.first() {
        Some(&"get") => Said::read("npm pkg get prints fields of package.json")
            .with_reads(vec![file])
            .with_cwd(),
        Some(&verb @ ("set" | "delete" | "fix")) => Said::soft(
            "definitions",
            format!(
                "npm pkg {verb} rewrites package.json, whose scripts and dependencies decide what later npm commands run"
            ),
        )
        .and(Effect::write(file, WriteHow::Edit))
        .with_cwd(),
        _ => Said::unknown("npm pkg without get, set, delete or fix"),
    })
}

/// `npm repo|docs|bugs [NAME…]` (and `home`, `issues`, which resolve to them): with
/// `--no-browser` or `--browser=false` npm prints the URL the package's metadata gives
/// (npm 11 `npm help repo`: "Set to false to suppress browser behavior and instead print
/// urls to terminal"); otherwise it starts the browser on that URL, which the package's
/// author chose: not understood, as `gh browse` is.
fn npm_browse(args: &[String], pos: &[&str]) -> Option<Said> {
    let verb = match pos.first() {
        Some(&v @ ("repo" | "docs" | "bugs")) => v,
        _ => return None,
    };
    let printed = args
        .iter()
        .any(|a| a == "--no-browser" || a == "--browser=false");
    let other = args
        .iter()
        .any(|a| a.starts_with('-') && !matches!(a.as_str(), "--no-browser" | "--browser=false"));
    Some(if printed && !other {
        Said::read(format!(
            "npm {verb} prints the URL the package's metadata gives"
        ))
        .with_cwd()
    } else {
        Said::unknown(format!(
            "npm {verb} opens a browser at the URL the package's metadata gives"
        ))
    })
}

pub(super) fn pip(cmd: &Cmd) -> Said {
    let args = cmd.args();
    if asks_help(args) {
        return Said::read("pip prints help or its version");
    }
    let pos = positionals(args, PIP_VALUE_OPTS);
    // `pip download NAME…` and `pip wheel NAME…` fetch the named distributions and, for a
    // source distribution, run its build backend to read its metadata or build the wheel
    // (setup.py runs: pip 23.2 `pip download --no-binary :all:` and `pip wheel` of an
    // sdist checked by the rt13a red team; pip prefers an sdist wherever no wheel fits):
    // the package's code runs, as an install's does.
    // `--only-binary :all:` takes wheels alone, whose code nothing runs on the way.
    let wheels_only = args
        .windows(2)
        .any(|w| w[0] == "--only-binary" && w[1] == ":all:")
        || args.iter().any(|a| a == "--only-binary=:all:");
    if matches!(pos.first(), Some(&("download" | "wheel"))) && !wheels_only {
        let pos = positionals(args, PIP_FETCH_VALUE_OPTS);
        if !args.iter().any(|a| {
            matches!(
                a.as_str(),
                "-r" | "--requirement" | "-e" | "--editable" | "-c" | "--constraint"
            )
        }) {
            if let Some(s) = named_install(cmd.program(), "pypi", &pos, &["download", "wheel"]) {
                return s;
            }
        }
    }
    if pos.first() == Some(&"install")
        && !args.iter().any(|a| {
            matches!(
                a.as_str(),
                "-r" | "--requirement" | "-e" | "--editable" | "-c"
            )
        })
    {
        if let Some(s) = named_install(cmd.program(), "pypi", &pos, &["install"]) {
            return s;
        }
    }
    let s = by_table(
        cmd,
        &registry(cmd.program(), "pypi", &pos),
        PIP,
        PIP_VALUE_OPTS,
    );
    if s.is_routine() && pos.first() == Some(&"hash") {
        return s.with_reads(pos.iter().skip(1).map(|p| p.to_string()).collect());
    }
    s
}

const UV: &[Entry] = &[
    read(&["help"], "prints help"),
    read(&["version"], "prints the project version"),
    read(&["cache", "dir"], "prints the cache directory"),
    read_unless(
        &["export"],
        &["-o", "--output-file"],
        "prints the locked requirements",
    ),
    read(&["pip", "list"], "lists installed packages"),
    read(&["pip", "show"], "shows package metadata"),
    read(&["pip", "freeze"], "prints installed packages"),
    read(&["pip", "tree"], "prints the dependency tree"),
    read(&["pip", "check"], "checks dependencies"),
    read(&["python", "dir"], "prints the Python directory"),
    read(&["python", "find"], "finds a Python"),
    read(&["python", "list"], "lists Pythons"),
];

pub(super) fn uv(cmd: &Cmd) -> Said {
    let args = cmd.args();
    if asks_help(args) || args.is_empty() || args == ["pip"] {
        return Said::read("uv prints help or its version");
    }
    let pos = positionals(
        args,
        &["--package", "--depth", "-d", "--format", "--python", "-p"],
    );
    // `uv tree` (like `uv lock` and `uv sync`) is a runner under the project's definition
    // files (`build`); these two lock the project as well.
    if matches!(pos.first(), Some(&("export" | "version")))
        && !(has_flag(args, "--frozen") || has_flag(args, "--locked"))
    {
        return Said::unknown("uv export/version may lock the project, building packages");
    }
    if pos.first() == Some(&"version") && pos.len() > 1 {
        return Said::unknown("uv version VALUE changes the project version");
    }
    if let ["pip", rest @ ..] = pos.as_slice() {
        if rest.first() == Some(&"install") && !has_flag(args, "-r") && !has_flag(args, "-e") {
            if let Some(s) = named_install("uv pip", "pypi", rest, &["install"]) {
                return s;
            }
        }
    }
    if pos.first() == Some(&"tool") {
        if let Some(s) = named_install("uv tool", "pypi", &pos[1..], &["install"]) {
            return s;
        }
    }
    by_table(
        cmd,
        &registry("uv", "pypi", &pos),
        UV,
        &["--package", "--depth", "-d", "--format", "--python", "-p"],
    )
}

const BREW: &[Entry] = &[
    read(&["analytics"], "prints the analytics state"),
    read(&["analytics", "state"], "prints the analytics state"),
    read(&["bundle", "list"], "lists Brewfile entries"),
    read(&["commands"], "lists commands"),
    read(&["config"], "prints configuration"),
    read(&["deps"], "lists dependencies"),
    read(&["desc"], "prints descriptions"),
    read(&["doctor"], "checks the installation"),
    read(&["dr"], "checks the installation"),
    read(&["formulae"], "lists formulae"),
    read(&["casks"], "lists casks"),
    read(&["info"], "shows package information"),
    read(&["abv"], "shows package information"),
    read(&["leaves"], "lists top-level packages"),
    read(&["list"], "lists installed packages"),
    read(&["ls"], "lists installed packages"),
    read(&["log"], "prints a formula's history"),
    read(&["options"], "lists install options"),
    read(&["outdated"], "lists outdated packages"),
    read(&["search"], "searches packages"),
    read(&["shellenv"], "prints environment settings"),
    read(&["tap-info"], "shows tap information"),
    read(&["uses"], "lists dependents"),
    read(&["services", "list"], "lists services"),
    read(&["help"], "prints help"),
];

pub(super) fn brew(cmd: &Cmd) -> Said {
    let args = cmd.args();
    if asks_help(args) || args == ["-v"] {
        return Said::read("brew prints help or its version");
    }
    // `brew --prefix`, `--cellar`, `--cache`, `--env`, `--taps`, `--repository`: paths.
    if let Some(first) = args.first() {
        if matches!(
            first.as_str(),
            "--prefix"
                | "--cellar"
                | "--cache"
                | "--caskroom"
                | "--env"
                | "--taps"
                | "--repository"
                | "--repo"
        ) {
            return Said::read(format!("brew {first} prints a path or setting"));
        }
    }
    let pos = positionals(args, &["--max-count", "-n"]);
    if pos.first() == Some(&"analytics") && pos.len() > 1 && pos[1] != "state" {
        return Said::unknown("brew analytics on/off changes a setting");
    }
    if let Some(s) = named_install("brew", "brew", &pos, &["install", "reinstall"]) {
        return s;
    }
    by_table(
        cmd,
        &registry("brew", "brew", &pos),
        BREW,
        &["--max-count", "-n"],
    )
}

/// `nix search nixpkgs[#ATTR] [REGEX…]` (Nix 2.x, `nix search --help`): looks packages
/// up in the nixpkgs the flake registry names, evaluating its package set (which runs no
/// builder). Another flake (a URL, a path, `github:…`) is code of its own that evaluation
/// may build from (import-from-derivation) and configure (`nixConfig`): not understood, nor
/// is any option outside `--json`, `-e`/`--exclude REGEX` and `--offline`, or any other
/// `nix` command (`nix develop --command` is a project wrapper, judged before the
/// catalogues: `effects::programs::nix`).
pub(super) fn nix(cmd: &Cmd) -> Said {
    let args = cmd.args();
    if matches!(args, [v] if v == "--version") {
        return Said::read("nix prints its version");
    }
    let Some((sub, rest)) = args.split_first() else {
        return Said::unknown("nix without a command");
    };
    if sub != "search" {
        return Said::unknown(format!("nix {sub} is not in the floor's grammar of nix"));
    }
    let mut operands = Vec::new();
    let mut i = 0;
    while let Some(a) = rest.get(i) {
        match a.as_str() {
            "--json" | "--offline" => {}
            "-e" | "--exclude" => i += 1,
            _ if a.starts_with("--exclude=") => {}
            _ if a.starts_with('-') => {
                return Said::unknown(format!("nix search {a} is not in the floor's grammar"));
            }
            _ => operands.push(i),
        }
        i += 1;
    }
    if i > rest.len() {
        return Said::unknown("nix search -e is missing its pattern");
    }
    if cmd.dynamic.iter().skip(2).any(|d| *d) {
        return Said::unknown("nix search is given a run-time value");
    }
    match operands.first().map(|&k| rest[k].as_str()) {
        Some(flake) if flake == "nixpkgs" || flake.starts_with("nixpkgs#") => {
            Said::read("nix search looks packages up in nixpkgs")
        }
        Some(flake) => Said::unknown(format!(
            "nix search evaluates the flake {flake}, code the floor does not see"
        )),
        None => Said::unknown("nix search without a flake"),
    }
}

const CARGO: &[Entry] = &[
    read(&["search"], "searches crates.io"),
    read(&["info"], "shows crate information"),
    read(&["version"], "prints its version"),
    read(&["locate-project"], "prints the manifest path"),
    read(&["pkgid"], "prints a package id"),
    read(&["read-manifest"], "prints the manifest"),
    read(&["verify-project"], "checks the manifest"),
    read(&["help"], "prints help"),
];

pub(super) fn cargo(cmd: &Cmd) -> Said {
    if asks_help(cmd.args()) || cmd.args() == ["-V"] {
        return Said::read("cargo prints help or its version");
    }
    let pos = positionals(cmd.args(), &["--limit", "--registry", "--index"]);
    if !has_flag(cmd.args(), "--path") && !has_flag(cmd.args(), "--git") {
        if let Some(s) = named_install("cargo", "cargo", &pos, &["install"]) {
            return s;
        }
    }
    by_table(
        cmd,
        &registry("cargo", "cargo", &pos),
        CARGO,
        &["--limit", "--registry", "--index"],
    )
}

const GO: &[Entry] = &[
    read(&["version"], "prints versions"),
    read(&["env"], "prints the go environment"),
    read(&["doc"], "prints documentation"),
    read(&["help"], "prints help"),
    read(&["mod", "graph"], "prints the module graph"),
    read(&["mod", "why"], "explains why a module is needed"),
    read(
        &["mod", "verify"],
        "checks the downloaded modules against go.sum",
    ),
];

pub(super) fn go(cmd: &Cmd) -> Said {
    let args = cmd.args();
    if asks_help(args) {
        return Said::read("go prints help");
    }
    let pos = positionals(args, &[]);
    if pos.first() == Some(&"env") && (has_flag(args, "-w") || has_flag(args, "-u")) {
        return Said::unknown("go env -w changes the go environment");
    }
    if let Some(s) = named_install("go", "golang", &pos, &["install", "get"]) {
        return s;
    }
    by_table(cmd, &registry("go", "golang", &pos), GO, &[]).with_cwd()
}

/// The registry a package manager reads, and the package a command names.
fn registry<'a>(prog: &'a str, manager: &'static str, pos: &[&str]) -> Svc<'a> {
    Svc {
        prog,
        service: manager,
        target: pos.get(1).map(|p| p.to_string()),
    }
}

/// Is this operand a package name a registry resolves (`left-pad`, `@scope/pkg@1.2`,
/// `requests==2.31`, `github.com/x/y@v1` for Go), not a path, URL or archive?
fn registry_name(manager: &str, w: &str) -> bool {
    if w.is_empty()
        || w.starts_with(['.', '/', '~', '-'])
        || w.contains("://")
        || w.contains(':') && manager != "pypi"
        || [".tgz", ".tar.gz", ".whl", ".zip", ".tar.bz2"]
            .iter()
            .any(|e| w.ends_with(e))
    {
        return false;
    }
    match manager {
        // A scoped name has one slash (`@scope/pkg`); `user/repo` is a GitHub shorthand.
        "npm" => {
            let slashes = w.matches('/').count();
            if w.starts_with('@') {
                slashes == 1
            } else {
                slashes == 0
            }
        }
        "golang" => w.contains('.') && !w.contains(".."),
        // Homebrew taps name formulae `user/tap/formula`.
        "brew" => w.matches('/').count() == 0 || w.matches('/').count() == 2,
        _ => !w.contains('/'),
    }
}

/// `PROG install NAME…` where every operand is a registry package name: the packages'
/// code runs. `None` when the command is not such an install (other forms are judged
/// elsewhere).
fn named_install(prog: &str, manager: &'static str, pos: &[&str], verbs: &[&str]) -> Option<Said> {
    let (verb, names) = pos.split_first()?;
    if !verbs.contains(verb) || names.is_empty() {
        return None;
    }
    if !names.iter().all(|n| registry_name(manager, n)) {
        return None;
    }
    Some(Said::installs(
        manager,
        names,
        format!(
            "{prog} {verb} {} fetches from the {manager} registry and runs its code",
            names.join(" ")
        ),
    ))
}

/// `npm config set|delete|edit|fix` and `pip config set|unset|edit`: a write of the settings
/// file for the location chosen. `None` for other commands.
/// The configuration files pip reads (pip 24, "Configuration": the global
/// `/etc/pip.conf` and `/etc/xdg/pip/pip.conf`, the user's `~/.config/pip/pip.conf` and
/// legacy `~/.pip/pip.conf`, the environment's `$VIRTUAL_ENV/pip.conf`, and
/// `PIP_CONFIG_FILE`), read now: a secret in any is printed by `pip config list|get|debug`.
fn pip_config_read(prog: &str, action: &str, ctx: &JudgeCtx) -> Said {
    const MAX: u64 = 64 * 1024;
    let mut files = vec![
        std::path::PathBuf::from("/etc/pip.conf"),
        std::path::PathBuf::from("/etc/xdg/pip/pip.conf"),
        ctx.home.join(".config/pip/pip.conf"),
        ctx.home.join(".pip/pip.conf"),
    ];
    for (var, sub) in [("VIRTUAL_ENV", "pip.conf"), ("PIP_CONFIG_FILE", "")] {
        if let Some(v) = std::env::var_os(var).filter(|v| !v.is_empty()) {
            let p = std::path::PathBuf::from(v);
            files.push(if sub.is_empty() { p } else { p.join(sub) });
        }
    }
    for f in &files {
        let Ok(md) = std::fs::metadata(f) else {
            continue;
        };
        let text = if md.is_file() && md.len() <= MAX {
            std::fs::read_to_string(f).ok()
        } else {
            None
        };
        let Some(text) = text else {
            return Said::unknown(format!(
                "{prog} config {action} prints {}, which gatehook cannot read to see what it holds",
                f.display()
            ));
        };
        if text
            .lines()
            .any(|l| crate::decision::redact::has_secret(l.trim()))
        {
            return Said::secret(
                format!("{prog} config {action} prints {}, which holds a password or token", f.display()),
                format!(
                    "{prog} config {action}: {} holds a password or token (an index URL's password), printed where the agent reads it",
                    f.display()
                ),
            );
        }
    }
    Said::read(format!(
        "{prog} config {action} prints pip's settings; its configuration files hold no password or token"
    ))
}

pub(super) fn config(cmd: &Cmd, ctx: &JudgeCtx) -> Option<Said> {
    let prog = cmd.program();
    let args = cmd.args();
    let (file, action) = match prog {
        "npm" | "pnpm" => {
            let pos = positionals(args, &["-L", "--location", "--editor"]);
            let action = match pos.as_slice() {
                ["config" | "c", a @ ("set" | "delete" | "edit" | "fix"), ..] => *a,
                ["set", ..] => "set",
                _ => return None,
            };
            let location = super::table::option_value(args, &["-L", "--location"]).unwrap_or(
                if has_flag(args, "-g") || has_flag(args, "--global") {
                    "global"
                } else {
                    "user"
                },
            );
            let file = match location {
                "user" => ctx.home.join(".npmrc"),
                "project" => match cmd.cwd.dir() {
                    Some(d) => d.join(".npmrc"),
                    None => return Some(Said::unknown("npm config --location=project after a cd to an unknown place")),
                },
                _ => {
                    return Some(Said::soft(
                        "persistence",
                        format!(
                            "{prog} config {action} --location={location} rewrites npm's global config, which every later npm command on this machine reads"
                        ),
                    ))
                }
            };
            (file, action)
        }
        "pip" | "pip3" => {
            let pos = positionals(args, &["--editor"]);
            let action = match pos.as_slice() {
                ["config", a @ ("set" | "unset" | "edit"), ..] => *a,
                // `pip config list|get|debug` prints the values of pip's configuration
                // files (pip 24 `pip config --help`; `debug` with each file's name). Judged
                // by what they hold now, as `git config --list` is: a value with a
                // password (`index-url = https://u:p@host/simple`) or under a secret name
                // is a secret printed; files with none print none.
                // `list` and `debug` also print every `PIP_*` variable of the environment
                // (`:env:.index-url='https://u:token@…'`, pip 23.2 checked), which the
                // command's shell may hold whatever gatehook's own environment says; so
                // does `get` of an index or proxy setting.
                ["config", a @ ("list" | "debug"), ..] => {
                    return Some(Said::secret(
                        format!("{prog} config {a}: pip's settings and PIP_* variables"),
                        format!(
                            "{prog} config {a} prints pip's settings and every PIP_* variable of the environment, where index URLs carry tokens; `{prog} config get global.timeout` prints one plain setting"
                        ),
                    ));
                }
                ["config", "get", key, ..]
                    if ["index-url", "proxy", "cert", "client-cert"]
                        .iter()
                        .any(|k| key.to_ascii_lowercase().ends_with(k)) =>
                {
                    return Some(Said::secret(
                        format!("{prog} config get {key}"),
                        format!(
                            "{prog} config get {key} prints an index URL or proxy, from the files or a PIP_* variable, where a token or password is kept"
                        ),
                    ));
                }
                ["config", a @ "get", ..] => {
                    return Some(pip_config_read(prog, a, ctx));
                }
                _ => return None,
            };
            let file = if has_flag(args, "--global") {
                std::path::PathBuf::from("/etc/pip.conf")
            } else if has_flag(args, "--site") {
                return Some(Said::unknown(
                    "pip config --site writes the active environment's config",
                ));
            } else {
                ctx.home.join(".config/pip/pip.conf")
            };
            (file, action)
        }
        _ => return None,
    };
    let path = file.display().to_string();
    let mut said = Said::read(format!(
        "{prog} config {action} rewrites {path}, which decides what later installs fetch and run"
    ))
    .and(Effect::write(path, WriteHow::Edit));
    said.category = "config";
    if action == "edit" {
        said = said.and(Effect::Run {
            code: crate::analysis::effects::Code::Hidden {
                what: "an editor".into(),
            },
        });
    }
    Some(said)
}
