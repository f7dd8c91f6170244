//! Linters, formatters and type checkers through the real binary: routine while the files
//! that configure them are the ones the session began with and the agent has not written
//! them; asked about (naming the file) once one changed or the agent wrote it; options that
//! load code or write outside the workspace, rewrites of protected or steering files and
//! options outside the grammar are never allowed at once.
#![allow(clippy::unwrap_used)]

mod support;

use serde_json::json;
use support::{bash, Env};

fn guard() -> Env {
    let env = Env::new();
    env.config("mode = \"guard\"\n[reviewer]\nprovider = \"none\"\n");
    env
}

/// What `gatehook explain` says of a command in the same session (it records nothing):
/// the reason of a call the hook leaves to the harness's prompt.
fn explain(env: &Env, cmd: &str) -> String {
    let o = env.run_raw(
        env.command(&["explain", "--session", "test-session", cmd]),
        b"",
    );
    o.stdout
}

/// Left to the harness's own prompt (no opinion), with this in its reason.
fn unknown(env: &Env, cmd: &str, why: &str) {
    let out = bash(env, cmd);
    assert_eq!(out.decision(), "none", "{cmd}: {out:?}");
    let e = explain(env, cmd);
    assert!(e.contains("unknown-command"), "{cmd}: {e}");
    assert!(e.contains(why), "{cmd}: {why} not in {e}");
}

fn write(env: &Env, rel: &str, text: &str) {
    let p = env.path(rel);
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(p, text).unwrap();
}

/// A project with Python and TypeScript sources and the tools' configuration.
fn project() -> Env {
    let env = guard();
    write(&env, "pyproject.toml", "[tool.ruff]\nline-length = 100\n");
    write(&env, "mypy.ini", "[mypy]\nstrict = True\n");
    write(&env, "app/main.py", "x = 1\n");
    write(&env, "app/util.py", "y = 2\n");
    write(&env, "package.json", "{\"name\": \"demo\"}\n");
    write(&env, "eslint.config.js", "export default [];\n");
    write(
        &env,
        "tsconfig.json",
        "{\"compilerOptions\": {\"strict\": true}}\n",
    );
    write(&env, "web/index.ts", "export const a = 1;\n");
    env
}

#[test]
fn everyday_checks_and_formats_run_at_once() {
    let env = project();
    for cmd in [
        "ruff check .",
        "ruff check --fix app",
        "ruff format app",
        "ruff format --check .",
        "python -m ruff check app --output-format=concise",
        "black --check .",
        "black app",
        "isort --check-only --diff app",
        "mypy app",
        "python3 -m mypy --strict app 2>&1 | tail -20",
        "uv run mypy app",
        "poetry run ruff check .",
        "flake8 app",
        "pylint app --disable=C0114",
        "pyright app",
        "basedpyright --outputjson",
        "tsc --noEmit",
        "tsc --noEmit -p tsconfig.json",
        "eslint .",
        "eslint --fix web",
        "prettier --check web",
        "prettier --write web/index.ts",
        "biome check .",
        "biome check --write web",
    ] {
        let out = bash(&env, cmd);
        assert_eq!(
            (out.decision().as_str(), out.cause().as_str()),
            ("allow", "routine-command"),
            "{cmd}: {out:?}"
        );
    }
    let out = bash(&env, "eslint --fix web");
    assert!(out.reason().contains("fixes"), "{}", out.reason());
}

#[test]
fn a_changed_or_agent_written_configuration_is_asked_about_by_name() {
    let env = project();
    assert_eq!(bash(&env, "eslint .").decision(), "allow");
    assert_eq!(bash(&env, "mypy app").decision(), "allow");
    // The agent rewrites the flat config with the Write tool (a workspace edit, allowed)…
    let w = env.hook(&env.payload(
        "Write",
        json!({"file_path": env.path("eslint.config.js"), "content": "import './x.js';\nexport default [];\n"}),
    ));
    assert_eq!(w.decision(), "allow", "{w:?}");
    // …so the next lint runs what the agent wrote, even before it is on disk.
    let out = bash(&env, "eslint .");
    assert_eq!(
        (out.decision().as_str(), out.cause().as_str()),
        ("ask", "build-files-changed"),
        "{out:?}"
    );
    assert!(
        out.reason().contains("eslint.config.js"),
        "{}",
        out.reason()
    );
    // A mypy config changed behind gatehook's back now names a plugin.
    write(&env, "mypy.ini", "[mypy]\nplugins = evil_plugin\n");
    let out = bash(&env, "mypy app");
    assert_eq!(out.cause(), "build-files-changed", "{out:?}");
    assert!(out.reason().contains("mypy.ini"), "{}", out.reason());
    // ruff is not configured by either.
    assert_eq!(bash(&env, "ruff check .").decision(), "allow");
    // A part of the same command that writes the configuration.
    let out = bash(&env, "echo '[flake8]' > .flake8 && flake8 app");
    assert_eq!(out.cause(), "build-files-changed", "{out:?}");
    assert!(out.reason().contains(".flake8"), "{}", out.reason());
}

/// ESLint looks its flat config up from each linted file's directory: one below the tree
/// that appears after the session began is a changed definition too.
#[test]
fn a_nested_flat_config_counts() {
    let env = project();
    assert_eq!(bash(&env, "eslint web").decision(), "allow");
    write(&env, "web/eslint.config.mjs", "export default [];\n");
    let out = bash(&env, "eslint web");
    assert_eq!(out.cause(), "build-files-changed", "{out:?}");
    assert!(
        out.reason().contains("web/eslint.config.mjs"),
        "{}",
        out.reason()
    );
    // Not for a tool whose configuration is only looked up from the working directory.
    write(&env, "app/mypy.ini", "[mypy]\n");
    assert_eq!(bash(&env, "mypy app").decision(), "allow");
}

/// A plugin file the configuration names is code the checker loads: the agent writing it
/// (or it changing) is asked about by name, like the configuration itself.
#[test]
fn a_plugin_the_configuration_names_counts() {
    let env = project();
    write(
        &env,
        "mypy.ini",
        "[mypy]\nplugins = tools/typing_plugin.py\n",
    );
    write(
        &env,
        "tools/typing_plugin.py",
        "def plugin(v):\n    return None\n",
    );
    write(&env, ".pylintrc", "[MAIN]\nload-plugins = lint_rules\n");
    write(&env, "lint_rules.py", "def register(linter):\n    pass\n");
    assert_eq!(bash(&env, "mypy app").decision(), "allow");
    assert_eq!(bash(&env, "pylint app").decision(), "allow");
    let w = env.hook(&env.payload(
        "Edit",
        json!({"file_path": env.path("tools/typing_plugin.py"), "old_string": "None", "new_string": "__import__('os').system('id')"}),
    ));
    assert_eq!(w.decision(), "allow", "{w:?}");
    let out = bash(&env, "mypy app");
    assert_eq!(out.cause(), "build-files-changed", "{out:?}");
    assert!(
        out.reason().contains("typing_plugin.py"),
        "{}",
        out.reason()
    );
    write(&env, "lint_rules.py", "import os\n");
    let out = bash(&env, "pylint app");
    assert_eq!(out.cause(), "build-files-changed", "{out:?}");
    assert!(out.reason().contains("lint_rules.py"), "{}", out.reason());
}

#[test]
fn options_that_load_code_or_write_outside_are_not_routine() {
    let env = project();
    let home = env.home.to_str().unwrap().to_string();
    for (cmd, want) in [
        ("eslint --config /tmp/evil.config.js .", "ask"),
        ("eslint --plugin evil .", "ask"),
        ("eslint --rulesdir rules .", "ask"),
        ("eslint -o $HOME/report.txt .", "ask"),
        ("prettier --plugin ./evil.js --check .", "ask"),
        ("prettier --config /tmp/p.json --check .", "ask"),
        ("ruff check --config /tmp/ruff.toml .", "ask"),
        ("ruff check -o $HOME/.bashrc .", "ask"),
        ("mypy --python-executable /tmp/py app", "ask"),
        ("mypy --junit-xml $HOME/r.xml app", "ask"),
        ("pylint --load-plugins=evil app", "ask"),
        (
            "pylint --init-hook='import os; os.system(\"id\")' app",
            "ask",
        ),
        ("pylint --rcf=/tmp/pylintrc app", "ask"),
        ("flake8 --append-config /tmp/x.cfg app", "ask"),
        ("pyright --pythonpath /tmp/py", "ask"),
        ("tsc --outDir $HOME/out", "ask"),
        ("tsc -p /tmp/other", "ask"),
        ("biome check --config-path=/tmp/b.json .", "ask"),
        ("black --cache-dir $HOME/.cache/x app", "ask"),
        // A credential as a report target is a hard floor.
        ("ruff check -o $HOME/.ssh/id_rsa .", "deny"),
    ] {
        let cmd = cmd.replace("$HOME", &home);
        let out = bash(&env, &cmd);
        assert_eq!(out.decision(), want, "{cmd}: {out:?}");
    }
    // Outside the grammar: no opinion (the harness's own prompt), never an allow.
    for (cmd, why) in [
        ("eslint --qui .", "--qui is not in its grammar"),
        ("ruff check --fi .", "--fi is not in its grammar"),
        ("black --chec .", "--chec is not in its grammar"),
        ("tsc --noEmi", "--noEmi is not in its grammar"),
        (
            "mypy @args.txt",
            "reads more arguments from the file args.txt",
        ),
        (
            "isort -a 'import os' app/main.py",
            "adds the given import lines",
        ),
        ("ruff check --config 'cache-dir = \"/tmp\"' .", "cache-dir"),
        ("eslint --inspect-config", "config inspector"),
        ("biome check --use-server .", "daemon"),
        (
            "prettier --write-all .",
            "--write-all is not in its grammar",
        ),
    ] {
        unknown(&env, cmd, why);
    }
}

#[test]
fn rewrites_meet_the_path_floor_like_sed_i() {
    let env = project();
    write(&env, ".github/workflows/ci.yml", "name: ci\n");
    write(&env, ".vscode/settings.json", "{}\n");
    write(&env, "CLAUDE.md", "# notes\n");
    // Checks read them and rewrite nothing.
    for cmd in [
        "prettier --check .",
        "ruff format --check .",
        "biome check .",
    ] {
        assert_eq!(bash(&env, cmd).decision(), "allow", "{cmd}");
    }
    // A protected file the formatter would rewrite is asked about, naming it.
    let out = bash(&env, "prettier --write .github");
    assert_eq!(
        (out.decision().as_str(), out.cause().as_str()),
        ("ask", "protected-path"),
        "{out:?}"
    );
    assert!(out.reason().contains("ci.yml"), "{}", out.reason());
    let out = bash(&env, "biome format --write .vscode");
    assert_eq!(out.cause(), "protected-path", "{out:?}");
    let out = bash(&env, "prettier --write .vscode/settings.json");
    assert_eq!(out.cause(), "protected-path", "{out:?}");
    // The project's sources, named or below a directory, are reformatted by its own
    // definitions: not files the agent wrote, so a script stays the project's own.
    assert_eq!(bash(&env, "ruff format app/main.py").decision(), "allow");
    assert_eq!(bash(&env, "python3 app/main.py").decision(), "allow");
    // Agent instructions rewritten with text the floor does not check: as `sed -i` there.
    unknown(&env, "ruff format .", "CLAUDE.md, agent instructions");
    unknown(
        &env,
        "prettier --write CLAUDE.md",
        "CLAUDE.md, agent instructions",
    );
    // The harness's own settings below `.`: refused, as any write there is.
    write(&env, ".claude/settings.json", "{}\n");
    // ESLint fixes JavaScript and TypeScript (JSON only through a plugin the tracked
    // config adds).
    assert_eq!(bash(&env, "eslint --fix .").decision(), "allow");
    let out = bash(&env, "prettier --write .");
    assert_eq!(
        (out.decision().as_str(), out.cause().as_str()),
        ("deny", "harness-config"),
        "{out:?}"
    );
    // A Python formatter does not touch JSON or YAML: only the sources it formats count.
    assert_eq!(bash(&env, "black .").decision(), "allow");
    // A link in the tree that leads out of the workspace: the rewrite lands there.
    std::os::unix::fs::symlink(env.home.join(".bashrc"), env.path("app/rc.py")).unwrap();
    let out = bash(&env, "black app");
    assert_eq!(out.decision(), "ask", "{out:?}");
    assert!(out.reason().contains("app/rc.py"), "{}", out.reason());
    std::fs::remove_file(env.path("app/rc.py")).unwrap();
    // A linked directory: what the formatter handles there is rewritten there.
    std::fs::create_dir_all(env.home.join("lib")).unwrap();
    std::os::unix::fs::symlink(env.home.join("lib"), env.path("app/vendored")).unwrap();
    assert_eq!(
        bash(&env, "black app").decision(),
        "allow",
        "nothing black handles there"
    );
    std::fs::write(env.home.join("lib/util.py"), "x = 1\n").unwrap();
    let out = bash(&env, "black app");
    assert_eq!(out.decision(), "ask", "{out:?}");
    assert!(out.reason().contains("util.py"), "{}", out.reason());
    // A pattern prettier expands itself reaches everything below its stem.
    let out = bash(&env, "prettier --write '**/*.json'");
    assert_eq!(
        (out.decision().as_str(), out.cause().as_str()),
        ("deny", "harness-config"),
        "{out:?}"
    );
    // A file outside the workspace given by name.
    let out = bash(
        &env,
        &format!("ruff format {}", env.home.join("x.py").display()),
    );
    assert_eq!(out.decision(), "ask", "{out:?}");
    // Outside the workspace a rewriting formatter means to write whatever it is named,
    // there yet or not (black 26.10 and isort 9.0 rewrite in place; a missing path is
    // an error that writes nothing, but it may be there when the command runs).
    for tool in ["black", "isort", "ruff format", "prettier --write"] {
        let out = bash(
            &env,
            &format!("{tool} {}", env.home.join("other-project").display()),
        );
        assert_eq!(out.decision(), "ask", "{tool}: {out:?}");
        let out = bash(
            &env,
            &format!("{tool} {}", env.home.join(".claude/hooks").display()),
        );
        // (ruff and prettier are asked about first for the configuration they would
        // find out there.)
        let want = if tool.contains(' ') { "ask" } else { "deny" };
        assert_eq!(out.decision(), want, "{tool}: {out:?}");
    }
    // A check rewrites nothing; a missing path inside the workspace neither.
    for cmd in [
        "black --check",
        "black --diff",
        "isort --check-only",
        "isort --diff",
    ] {
        let out = bash(
            &env,
            &format!("{cmd} {}", env.home.join("other-project").display()),
        );
        assert_eq!(out.decision(), "allow", "{cmd}: {out:?}");
    }
    assert_eq!(bash(&env, "black app/missing").decision(), "allow");
}

/// What a checker reads below `.`: the files it handles, a link among them read where it
/// leads, a hard link among them checked against the credentials; other files are not
/// read (a hard link to a credential named `data.bin` is nothing to ruff).
#[test]
fn reads_are_the_handled_files_and_what_their_links_reach() {
    let env = project();
    std::fs::write(env.home.join(".netrc"), "machine h login u password p\n").unwrap();
    std::fs::hard_link(env.home.join(".netrc"), env.path("data.bin")).unwrap();
    std::os::unix::fs::symlink(env.home.join(".ssh"), env.path("sshlink")).unwrap();
    for cmd in [
        "ruff check .",
        "mypy .",
        "isort --check-only .",
        "black --check .",
        "uv run ruff check",
        "python3 -m mypy .",
    ] {
        assert_eq!(bash(&env, cmd).decision(), "allow", "{cmd}");
    }
    std::os::unix::fs::symlink(env.home.join(".ssh/id_rsa"), env.path("app/key.py")).unwrap();
    for cmd in ["ruff check .", "mypy app", "flake8 app"] {
        let out = bash(&env, cmd);
        assert_eq!(
            (out.decision().as_str(), out.cause().as_str()),
            ("deny", "credential"),
            "{cmd}: {out:?}"
        );
    }
    std::fs::remove_file(env.path("app/key.py")).unwrap();
    std::fs::hard_link(env.home.join(".aws/credentials"), env.path("app/creds.py")).unwrap();
    let out = bash(&env, "ruff check .");
    assert_eq!(out.decision(), "deny", "{out:?}");
}

/// `npx eslint` with ESLint installed in the project: judged by eslint's grammar, with the
/// installed bin among its definitions.
#[test]
fn npx_linters_use_their_grammar() {
    let env = project();
    std::fs::create_dir_all(env.path("node_modules/eslint/bin")).unwrap();
    std::fs::create_dir_all(env.path("node_modules/.bin")).unwrap();
    write(
        &env,
        "node_modules/eslint/bin/eslint.js",
        "#!/usr/bin/env node\n",
    );
    std::os::unix::fs::symlink(
        "../eslint/bin/eslint.js",
        env.path("node_modules/.bin/eslint"),
    )
    .unwrap();
    let out = bash(&env, "npx eslint --fix web");
    assert_eq!(out.decision(), "allow", "{out:?}");
    assert!(
        out.reason().contains("node_modules/.bin/eslint"),
        "{}",
        out.reason()
    );
    for cmd in [
        "npx eslint --plugin evil web",
        "npx eslint -o /tmp/x.txt web",
    ] {
        assert_eq!(bash(&env, cmd).decision(), "ask", "{cmd}");
    }
    unknown(
        &env,
        "npx eslint --bogus web",
        "--bogus is not in its grammar",
    );
    // The installed bin changed after the session began: asked about, naming it.
    write(
        &env,
        "node_modules/eslint/bin/eslint.js",
        "require('child_process')\n",
    );
    let out = bash(&env, "npx eslint web");
    assert_eq!(out.cause(), "build-files-changed", "{out:?}");
    assert!(out.reason().contains("eslint.js"), "{}", out.reason());
}
