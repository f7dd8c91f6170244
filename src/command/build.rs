//! Build and test runners: they run project code, so they are routine only while the files
//! that define what they run (manifests, build scripts, runner config) are unchanged since
//! the session's baseline. This module names the runners, the options that would change
//! what runs, and the definition files each one reads.

use super::{Class, Cmd, JudgeCtx, Look};
use std::path::PathBuf;

/// Files that define what each ecosystem's runner executes.
const CARGO_FILES: &[&str] = &[
    "Cargo.toml",
    "build.rs",
    ".cargo/config.toml",
    ".cargo/config",
    "rust-toolchain.toml",
    "rust-toolchain",
];
const NODE_FILES: &[&str] = &[
    "package.json",
    ".npmrc",
    ".yarnrc.yml",
    "bunfig.toml",
    "jest.config.js",
    "vitest.config.ts",
];
const PY_FILES: &[&str] = &[
    "pyproject.toml",
    "setup.py",
    "setup.cfg",
    "conftest.py",
    "tests/conftest.py",
    "pytest.ini",
    "tox.ini",
    "noxfile.py",
];
const GO_FILES: &[&str] = &["go.mod", "go.work"];
const MAKE_FILES: &[&str] = &["Makefile", "makefile", "GNUmakefile"];
const JUST_FILES: &[&str] = &["justfile", "Justfile", ".justfile"];
const MVN_FILES: &[&str] = &["pom.xml", ".mvn/maven.config", ".mvn/jvm.config"];
const GRADLE_FILES: &[&str] = &[
    "build.gradle",
    "build.gradle.kts",
    "settings.gradle",
    "settings.gradle.kts",
    "gradle.properties",
];
const DENO_FILES: &[&str] = &["deno.json", "deno.jsonc"];

/// Options that change which code a runner executes: `(program, option, why)`.
const BAD_OPTS: &[(&str, &str, &str)] = &[
    (
        "cargo",
        "--config",
        "sets config that can name another program",
    ),
    ("cargo", "-Z", "enables unstable options"),
    ("cargo", "--manifest-path", "builds another manifest"),
    ("go", "-toolexec", "runs a program around every tool"),
    ("go", "-exec", "runs test binaries through a program"),
    ("make", "--eval", "evaluates make code"),
    ("make", "-E", "evaluates make code"),
    ("make", "-f", "reads another makefile"),
    ("make", "--file", "reads another makefile"),
    ("make", "--makefile", "reads another makefile"),
    ("make", "-C", "runs in another directory"),
    ("make", "--directory", "runs in another directory"),
    ("pytest", "-p", "loads a plugin"),
    ("pytest", "--rootdir", "reads config from another directory"),
    ("pytest", "-c", "reads another config file"),
    ("just", "--justfile", "reads another justfile"),
    ("just", "-f", "reads another justfile"),
    ("just", "-d", "runs in another directory"),
    ("npm", "--prefix", "runs another package"),
    ("pnpm", "--dir", "runs another package"),
    ("yarn", "--cwd", "runs another package"),
];

/// Is this a build or test runner? Returns the look (class `Build`) when it is.
pub(super) fn look(cmd: &Cmd) -> Option<Look> {
    let args = cmd.args();
    let first = args.first().map(String::as_str);
    let (reason, files): (&str, &[&str]) = match (cmd.program(), first) {
        ("cargo", Some("test" | "t" | "nextest" | "bench")) => {
            ("runs the project's tests", CARGO_FILES)
        }
        ("cargo", Some("run" | "r")) => ("runs the project's program", CARGO_FILES),
        ("cargo", Some("fmt")) => ("formats the project's code", CARGO_FILES),
        ("cargo", Some("build" | "b" | "check" | "c" | "clippy" | "doc")) => {
            ("builds or checks the project", CARGO_FILES)
        }
        ("cargo", Some("metadata" | "tree")) => ("reads the project's metadata", CARGO_FILES),
        ("npm", Some("test" | "t" | "run" | "run-script")) => {
            ("runs a package.json script", NODE_FILES)
        }
        ("pnpm" | "yarn" | "bun", Some("test" | "run")) => {
            ("runs a package.json script", NODE_FILES)
        }
        ("pytest" | "py.test", _) => ("runs the project's tests", PY_FILES),
        ("python" | "python3", Some("-m")) if args.get(1).map(String::as_str) == Some("pytest") => {
            ("runs the project's tests", PY_FILES)
        }
        ("go", Some("test")) => ("runs the project's tests", GO_FILES),
        ("go", Some("build" | "vet")) => ("builds or checks the project", GO_FILES),
        _ if lock_install(cmd.program(), args) => {
            ("installs the project's locked dependencies", &[] as &[&str])
        }
        ("make", _) => ("runs a make target", MAKE_FILES),
        ("just", _) => ("runs a just recipe", JUST_FILES),
        ("tox", _) => ("runs tox environments", PY_FILES),
        ("mvn", Some("test" | "verify" | "compile" | "package")) => {
            ("runs a maven phase", MVN_FILES)
        }
        ("gradle", Some("test" | "build" | "check" | "assemble")) => {
            ("runs a gradle task", GRADLE_FILES)
        }
        ("deno", Some("test" | "check" | "lint" | "fmt")) => {
            ("runs deno on the project", DENO_FILES)
        }
        _ => return None,
    };
    for a in args {
        let name = a.split('=').next().unwrap_or(a);
        let prog = match cmd.program() {
            "py.test" | "python" | "python3" => "pytest",
            p => p,
        };
        if let Some((_, f, why)) = BAD_OPTS.iter().find(|(p, f, _)| *p == prog && *f == name) {
            return Some(Look::unknown(format!("{} {f} {why}", cmd.program())));
        }
    }
    if cmd.program() == "make" && args.iter().any(|a| a.contains('=')) {
        return Some(Look::unknown(
            "make VAR=value can replace the commands a target runs",
        ));
    }
    if cmd.has_expansion() {
        return Some(Look::unknown(format!(
            "{} is given a run-time value",
            cmd.program()
        )));
    }
    let _ = files;
    Some(Look {
        class: Class::Build {
            reason: reason.to_string(),
        },
        reads: Vec::new(),
        writes: Vec::new(),
        uses_cwd: true,
        effects: Vec::new(),
    })
}

/// Lockfiles: a lockfile-respecting install runs exactly what they pin.
const LOCK_FILES: &[&str] = &[
    "package-lock.json",
    "npm-shrinkwrap.json",
    "pnpm-lock.yaml",
    "yarn.lock",
    "bun.lockb",
    "bun.lock",
    "Cargo.lock",
    "uv.lock",
    "go.sum",
];

/// An install of the project's own dependencies that respects the lockfile (`npm ci`,
/// `pnpm install --frozen-lockfile`, `yarn install --immutable`, `cargo fetch`, `uv sync
/// --locked`, `go mod download`): build-like, under the same baseline as build runners,
/// with the lockfiles added to the files it depends on. Installing a named package is not
/// this (see `sensitive`).
fn lock_install(prog: &str, args: &[String]) -> bool {
    let first = args.first().map(String::as_str);
    let has = |f: &str| args.iter().any(|a| a == f);
    let named = args.iter().skip(1).any(|a| !a.starts_with('-'));
    if named {
        return prog == "go" && first == Some("mod") && args.len() == 2 && args[1] == "download";
    }
    match (prog, first) {
        ("npm", Some("ci" | "clean-install")) => true,
        ("pnpm", Some("install" | "i")) => has("--frozen-lockfile"),
        ("yarn", Some("install")) => has("--frozen-lockfile") || has("--immutable"),
        ("bun", Some("install" | "i")) => has("--frozen-lockfile"),
        ("cargo", Some("fetch")) => true,
        ("uv", Some("sync")) => has("--locked") || has("--frozen"),
        _ => false,
    }
}

/// Ask the baseline whether the runner's definition files changed.
pub(super) fn check_baseline(cmd: &Cmd, ctx: &JudgeCtx, look: &mut Look) {
    let files = definition_files(cmd, ctx);
    let changed = ctx.baseline.changed(&files);
    if !changed.is_empty() {
        look.class = Class::BuildFilesChanged { files: changed };
    }
}

/// The definition files a runner reads, in its cwd and at the project root.
pub(super) fn definition_files(cmd: &Cmd, ctx: &JudgeCtx) -> Vec<PathBuf> {
    let names: &[&str] = match cmd.program() {
        "cargo" => CARGO_FILES,
        "npm" | "pnpm" | "yarn" | "bun" => NODE_FILES,
        "pytest" | "py.test" | "python" | "python3" | "tox" => PY_FILES,
        "go" => GO_FILES,
        "make" => MAKE_FILES,
        "just" => JUST_FILES,
        "mvn" => MVN_FILES,
        "gradle" => GRADLE_FILES,
        "deno" => DENO_FILES,
        "uv" => PY_FILES,
        _ => &[],
    };
    let locks: &[&str] = if lock_install(cmd.program(), cmd.args()) {
        LOCK_FILES
    } else {
        &[]
    };
    let mut dirs = vec![ctx.workspace.root.clone()];
    if let Some(d) = cmd.cwd.dir() {
        if !dirs.iter().any(|x| x == d) {
            dirs.push(d.to_path_buf());
        }
    }
    let mut out = Vec::new();
    for d in &dirs {
        for n in names.iter().chain(locks) {
            out.push(d.join(n));
        }
    }
    out
}

/// Is `path` one of the files some runner reads to know what to run (matched on its last
/// components, so `tests/conftest.py` and `.cargo/config.toml` count wherever they sit)?
pub(super) fn is_definition_file(path: &std::path::Path) -> bool {
    let all = [
        CARGO_FILES,
        NODE_FILES,
        PY_FILES,
        GO_FILES,
        MAKE_FILES,
        JUST_FILES,
        MVN_FILES,
        GRADLE_FILES,
        DENO_FILES,
    ];
    all.iter().flat_map(|l| l.iter()).any(|n| path.ends_with(n))
}
