//! `pip install` of the project's own definitions: local project directories (`-e .`,
//! `.[dev]`) and requirements files (`-r requirements.txt`), with the options that only
//! choose how much is printed, which versions of what those files name are taken, or
//! whether dependencies come along. What it installs is what the project's files say (as
//! with `uv sync`); where it installs is the environment the `pip` that runs belongs to,
//! which the command floor (`command::venv`) must place: a virtual environment inside the
//! workspace. Pure: no file is read here.
//!
//! Left out on purpose, so the command stays the install it is asked about: package names
//! and URLs on the command line (code from the registry the project's files do not name),
//! where it installs (`--user`, `-t/--target`, `--prefix`, `--root`, `--src`,
//! `--break-system-packages`), where packages come from (`-i/--index-url`,
//! `--extra-index-url`, `-f/--find-links`, `--no-index`, `--trusted-host`), what runs the
//! build (`--no-build-isolation`, `-C/--config-settings`, `--global-option`, `--python`),
//! files it writes (`--report`, `--log`), settings it reads (`--isolated` aside). Long
//! options are taken by their full names only: pip's optparse accepts unique prefixes, so
//! a prefix here is refused rather than guessed (pip 23.2 `pip install --help`).

use super::super::grammar::{flag, parse, value, Grammar, Operands, Opt, Style, Val};

/// What a `pip install` of the project's own definitions installs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PipInstall {
    /// Local project directories it builds and installs (`-e DIR`, `DIR`; extras such as
    /// `.[dev]` dropped), as written.
    pub projects: Vec<String>,
    /// Requirements (`-r`) and constraints (`-c`) files, as written.
    pub files: Vec<String>,
}

/// `pip install` options that keep it to the project's own definitions (pip 23.2).
static PIP_INSTALL: &[Opt] = &[
    value(&["-r", "--requirement"], Val::Read),
    value(&["-c", "--constraint"], Val::Read),
    value(&["-e", "--editable"], Val::Plain),
    flag(&["-U", "--upgrade"]),
    value(
        &["--upgrade-strategy"],
        Val::Choice(&["eager", "only-if-needed"]),
    ),
    flag(&["--no-deps"]),
    flag(&["--pre"]),
    flag(&["--force-reinstall"]),
    flag(&["--dry-run"]),
    flag(&["--prefer-binary"]),
    flag(&["--require-hashes"]),
    flag(&["--compile"]),
    flag(&["--no-compile"]),
    flag(&["--no-warn-script-location"]),
    flag(&["--no-warn-conflicts"]),
    flag(&["--no-cache-dir"]),
    flag(&["--disable-pip-version-check"]),
    flag(&["--no-input"]),
    flag(&["--no-color"]),
    flag(&["--require-virtualenv"]),
    flag(&["--isolated"]),
    value(&["--progress-bar"], Val::Choice(&["on", "off", "raw"])),
    value(&["--root-user-action"], Val::Choice(&["warn", "ignore"])),
    flag(&["-q", "--quiet"]),
    flag(&["-v", "--verbose"]),
];

/// `pip`, `pip3`, `pip3.N`: the names pip installs its entry point under.
pub fn is_pip(name: &str) -> bool {
    matches!(name, "pip" | "pip3")
        || name
            .strip_prefix("pip3.")
            .is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
}

/// A local project directory as pip reads an operand: a path (`.`, `./x`, `x/y`, `/abs`:
/// pip takes a word with a separator or a leading dot for a path) with optional extras
/// (`.[dev,test]`). `None` for anything else: a requirement
/// specifier, a URL, an archive.
fn local_dir(word: &str) -> Option<&str> {
    let path = match word.find('[') {
        Some(at) if word.ends_with(']') => &word[..at],
        Some(_) => return None,
        None => word,
    };
    let pathlike = path == "."
        || path == ".."
        || path.starts_with("./")
        || path.starts_with("../")
        || path.contains('/');
    let plain = !path.is_empty()
        && !path.contains("://")
        && !path.contains(['@', ';', '=', '<', '>', '~', '!', ' ', '$', '`', '*', '?'])
        && !path.ends_with(".whl")
        && !path.ends_with(".zip")
        && !path.ends_with(".tar.gz")
        && !path.ends_with(".tgz");
    (pathlike && plain).then_some(path)
}

/// `pip install …` with argv[0] a pip name: what it installs, or `None` when any word is
/// outside [`PIP_INSTALL`] (the command is then judged as before: an install from the
/// registry).
pub fn install(argv: &[String], dynamic: &[bool]) -> Option<PipInstall> {
    if !is_pip(argv.first()?.rsplit('/').next()?) || argv.get(1)? != "install" {
        return None;
    }
    if dynamic.iter().any(|d| *d) {
        return None;
    }
    let g = Grammar {
        style: Style::Clap,
        opts: PIP_INSTALL,
        operands: Operands::all(Val::Plain),
        numeric_short: false,
    };
    let words = &argv[1..];
    let p = parse(&g, words, &[]).ok()?;
    if p.has("--help") || p.has("--version") {
        return None;
    }
    let mut out = PipInstall {
        projects: Vec::new(),
        files: Vec::new(),
    };
    for given in &p.given {
        let v = given.value.map(|w| w.text);
        match given.name {
            "--requirement" | "--constraint" => out.files.push(v?.to_string()),
            "--editable" => out.projects.push(local_dir(v?)?.to_string()),
            _ => {}
        }
    }
    for w in p.operand_texts() {
        out.projects.push(local_dir(w)?.to_string());
    }
    if out.projects.is_empty() && out.files.is_empty() {
        return None;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn argv(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    fn of(s: &str) -> Option<PipInstall> {
        let a = argv(s);
        install(&a, &vec![false; a.len()])
    }

    #[test]
    fn the_projects_own_definitions_are_read() {
        assert_eq!(
            of("pip install -e ."),
            Some(PipInstall {
                projects: vec![".".into()],
                files: vec![],
            })
        );
        assert_eq!(
            of("pip3 install -q -r requirements.txt -c constraints.txt"),
            Some(PipInstall {
                projects: vec![],
                files: vec!["requirements.txt".into(), "constraints.txt".into()],
            })
        );
        assert_eq!(
            of("pip3.12 install --upgrade -e .[dev,test] ./libs/core"),
            Some(PipInstall {
                projects: vec![".".into(), "./libs/core".into()],
                files: vec![],
            })
        );
        assert!(of("pip install --requirement=requirements-dev.txt --no-cache-dir").is_some());
        assert!(of("pip install -qq -e .").is_some());
        assert!(of(".venv/bin/pip install -e .").is_some());
    }

    #[test]
    fn anything_else_is_not_this_install() {
        for s in [
            // Packages, URLs and archives the project's files do not name.
            "pip install requests",
            "pip install -e git+https://x.test/r.git#egg=r",
            "pip install ./dist/x-1.0-py3-none-any.whl",
            "pip install https://x.test/x.tar.gz",
            "pip install -e . requests",
            // Where it installs, and where packages come from.
            "pip install --user -e .",
            "pip install -t /tmp/x -r requirements.txt",
            "pip install --prefix=/usr/local -e .",
            "pip install --root / -e .",
            "pip install --break-system-packages -e .",
            "pip install -i https://evil.test/simple -r requirements.txt",
            "pip install --extra-index-url https://evil.test -e .",
            "pip install -f ./wheels -e .",
            "pip install --no-build-isolation -e .",
            "pip install -C editable_mode=compat -e .",
            "pip install --python /tmp/py -e .",
            "pip install --report /tmp/r.json -e .",
            // Prefixes pip would resolve are not guessed; unknown options are unknown.
            "pip install --req requirements.txt",
            "pip install --us -e .",
            "pip install --frobnicate -e .",
            // Nothing of the project's, another subcommand, or no pip.
            "pip install",
            "pip install -q",
            "pip download -r requirements.txt",
            "pip -q install -e .",
            "pipx install -e .",
            "pip4 install -e .",
            "pip install --help",
        ] {
            assert_eq!(of(s), None, "{s}");
        }
        // A word known only at run time.
        let a = argv("pip install -r $REQ");
        assert_eq!(install(&a, &[false, false, false, true]), None);
    }
}
