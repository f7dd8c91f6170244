//! Build and test runners and the project's own scripts: they run project code, so they are
//! routine only while the files that define what runs are the ones the session began with.
//! The runners' and interpreters' option grammars are data in `effects::programs::runners`
//! and `effects::programs::interpreters` (what `--target-dir`, `-coverprofile`,
//! `--basetemp`, `-toolexec`, `make -f`, `node --require` are); this module places what
//! they name, finds the definition files (manifests, build scripts, runner config — their
//! names per family in `definitions` —, the script itself and the makefiles it includes),
//! and asks the session [`Baseline`] whether
//! any of them changed since the session began or was written by the agent this session.
//!
//! Linters, formatters and type checkers are runners too (their grammars in
//! `effects::programs::linters`): their configuration files are their definitions (the
//! agent's writes count, as for a script: they are code or name code), and what they
//! reach below their operands — nested configuration, the files among those they rewrite
//! that the path floor must see — comes from `command::lint`.
//!
//! CMake, Meson and ninja find theirs through `trees`: the source tree given, or the one a
//! generated build tree records, and a generated build file counts as changed only when
//! the agent wrote it (the configure step rewrites it).
//!
//! A runner given a definition file, directory or program from outside the workspace is
//! soft (it runs code nobody in the session has seen), and so is a script in the
//! temporary directory (where the agent writes without asking); a script elsewhere outside
//! the workspace (the person's own tools), an installed module and a shell script looked up
//! on PATH keep their tiers (unknown). What a
//! definition file runs in turn (a recipe calling a helper script, a member crate's build
//! script) is the project's code, like its sources: the entry points are what is tracked,
//! and a script (unlike a runner's definition files, which are judged by their hash as
//! before) also counts as changed once the agent was allowed to write it this session.

use super::core::{Class, Cmd, Judge, JudgeCtx, Look};
use super::definitions::{family_files, is_definition_file, LOCK_FILES, MAKE_FILES, NODE_FILES};
use super::file_kinds::{env_directory, in_installed_env};
use super::{policy, trees};
use crate::analysis::effects::programs::interpreters::{self, ScriptRun};
use crate::analysis::effects::programs::runners::{self, Family, Manager, RunnerCall};
use crate::analysis::effects::{Code, Effect};
use crate::context::paths;
use std::path::{Path, PathBuf};

/// Wrappers whose command runs in the project's environment (`uv run pytest`): where the
/// wrapped command starts, when it is one. The wrapped command is judged on its own.
pub(super) fn wrapped_at(cmd: &Cmd) -> Option<usize> {
    match runners::runner(cmd.argv, cmd.dynamic)? {
        Ok(call) => call.wrapped,
        Err(_) => None,
    }
}

/// The class a runner's or interpreter's effects give it: unknown, secret, code the floor
/// cannot see, deletes, or the runner's own class.
fn class_of(tool: &str, effects: &[Effect], routine: Class) -> Class {
    if let Some(Effect::Unknown { why }) = effects.iter().find(|e| e.is_unknown()) {
        return Class::Unknown {
            reason: format!("{tool}: {why}"),
        };
    }
    if let Some(e) = effects.iter().find(|e| matches!(e, Effect::Secret { .. })) {
        return Class::Hard {
            category: "credential",
            reason: e.phrase(),
        };
    }
    if let Some(e) = effects.iter().find(|e| {
        matches!(
            e,
            Effect::Run {
                code: Code::Hidden { .. }
                    | Code::Inline { .. }
                    | Code::File { .. }
                    | Code::Output { .. }
            }
        )
    }) {
        return Class::Soft {
            category: "runs-code",
            reason: format!("{tool} {}", e.phrase()),
        };
    }
    if let Some(e) = effects.iter().find(|e| {
        matches!(
            e,
            Effect::Run {
                code: Code::Network { .. }
            }
        )
    }) {
        return Class::Soft {
            category: "install",
            reason: format!("{tool} {}", e.phrase()),
        };
    }
    // The project sent to a network service (a remote build cache): what is sent is not
    // judged here, as the catalogues do not judge it.
    if let Some(e) = effects
        .iter()
        .find(|e| matches!(e, Effect::Net { sends, .. } if !sends.is_empty()))
    {
        return Class::Unknown {
            reason: format!("{tool} {}", e.phrase()),
        };
    }
    routine
}

fn paths_of(look: &mut Look) {
    for e in &look.effects {
        match e {
            Effect::Read { path, .. } => look.reads.push(path.clone()),
            Effect::Write { path, .. } | Effect::Delete { path, .. } => {
                look.writes.push(path.clone())
            }
            _ => {}
        }
    }
}

/// Is this a build or test runner, or a script run by an interpreter or by its path?
/// Returns its look (class `Build` when it runs project code and nothing else says
/// otherwise); the baseline is consulted later, in [`check_baseline`].
pub(super) fn look(cmd: &Cmd) -> Option<Look> {
    let prog = cmd.program();
    // The project's own compose services and images: docker runs what its definition
    // files say (`compose`).
    if let Some(found) = super::catalog::lifecycle(cmd) {
        return Some(match found {
            Err(e) => Look::unknown(e),
            Ok(_) if cmd.has_expansion() => {
                Look::unknown(format!("{prog} is given a run-time value"))
            }
            Ok(l) => lifecycle_look(prog, l),
        });
    }
    if let Some(found) = runners::runner(cmd.argv, cmd.dynamic) {
        if let Ok(call) = &found {
            // `pnpm NAME` runs the script NAME only when package.json has one; otherwise
            // it is another command of the manager, which its catalogue judges.
            if let (true, Some((mgr, name))) = (call.implicit_script, &call.script) {
                let has = manager_scripts(*mgr, cmd.cwd.dir(), &call.dirs)
                    .is_some_and(|s| s.contains(name));
                if !has {
                    return None;
                }
            }
        }
        return Some(match found {
            Err(e) => Look::unknown(format!("{prog}: {e}")),
            Ok(call) if call.wrapped.is_some() => {
                Look::unknown(format!("{prog} runs another command, judged on its own"))
            }
            Ok(call) => runner_look(cmd, call),
        });
    }
    if let Some(found) = interpreters::shell_string(cmd.argv, cmd.dynamic) {
        // The string is re-entered by the shell analysis: each of its commands is a
        // part of this call, judged on its own.
        return Some(match found {
            Err(e) => Look::unknown(format!("{prog}: {e}")),
            Ok(_) => Look::routine(format!(
                "{prog} runs its string as a shell script, each command of it judged on its own"
            )),
        });
    }
    let run = match interpreters::script_run(cmd.argv, cmd.dynamic)? {
        Ok(r) => r,
        Err(e) => return Some(Look::unknown(format!("{prog}: {e}"))),
    };
    if run.prints_only {
        return Some(Look::routine(format!("{prog} prints its help or version")));
    }
    // A standard-library module the working directory does not shadow (python -m puts
    // it first on sys.path: a `json/` or `http.py` there is what would run).
    let stdlib = run.module.as_deref().filter(|m| {
        let top = m.split('.').next().unwrap_or(m);
        cmd.cwd
            .dir()
            .is_some_and(|d| !d.join(top).exists() && !d.join(format!("{top}.py")).exists())
    });
    if stdlib == Some("http.server") {
        return Some(http_server(cmd, run.args_at));
    }
    if let Some(look) = stdlib.and_then(|m| stdlib_module(cmd, m, run.args_at)) {
        return Some(look);
    }
    if let Some(m) = &run.module {
        if let Some(found) = runners::python_module(m, cmd.argv, cmd.dynamic, run.args_at) {
            return Some(match found {
                Err(e) => Look::unknown(format!("{prog} -m {m}: {e}")),
                Ok(mut call) => {
                    call.effects.extend(run.effects.iter().cloned());
                    runner_look(cmd, call)
                }
            });
        }
    }
    Some(script_look(cmd, &run))
}

/// A lifecycle command of the project's containers: the project's code as its definition
/// files say (a build runner, routine while they are unchanged), with what it does besides:
/// `docker build` reads its context whole and sends it to the daemon (the way `tar -c`
/// reads a tree: a hard link to a credential in it is a read of the credential), images
/// are pulled from a registry (what the project's files name, like packages a lockfile
/// pins: `Code::Pinned`, so "don't download" and "don't install" holds cover it), `--push`
/// publishes, and a daemon on another machine (`-H tcp://…`, `--context`) is sent the
/// context or runs the project there: asked about, naming it (and still checked like the
/// plain command in [`check_baseline`], the stricter class standing).
fn lifecycle_look(prog: &str, l: crate::analysis::command::catalog::Lifecycle) -> Look {
    let runner = if l.image.is_some() || prog != "docker" {
        prog.to_string()
    } else {
        format!("{prog} compose")
    };
    let mut look = Look::routine(l.does.clone());
    look.class = Class::Build {
        reason: l.does.clone(),
    };
    look.effects = vec![Effect::Run {
        code: Code::Project {
            runner: runner.clone(),
            defined_by: Vec::new(),
            targets: Vec::new(),
            recipe: Vec::new(),
        },
    }];
    look.uses_cwd = true;
    let context = l.image.as_ref().map(|(c, _)| c.clone());
    if let Some(c) = &context {
        look.effects.push(Effect::Read {
            path: c.clone(),
            reach: crate::analysis::effects::Reach::Tree,
        });
        look.reads.push(c.clone());
    }
    if l.pulls {
        look.effects.push(Effect::Run {
            code: Code::Pinned {
                manager: runner.clone(),
            },
        });
    }
    if l.push {
        look.effects.push(Effect::Remote {
            service: "docker".into(),
            action: "pushes the images it builds".into(),
            target: None,
            change: crate::analysis::effects::Change::Publish,
        });
        look.class = Class::Soft {
            category: "publish",
            reason: format!("{runner} --push publishes the images it builds"),
        };
    }
    if let Some(d) = &l.daemon {
        let sent = context.clone().unwrap_or_else(|| ".".into());
        look.effects.push(Effect::Net {
            url: None,
            host: Some(d.clone()),
            sends: vec![crate::analysis::effects::Carry::File { path: sent.clone() }],
        });
        look.effects.push(Effect::Remote {
            service: "docker".into(),
            action: format!("{runner} runs on the daemon of"),
            target: Some(d.clone()),
            change: crate::analysis::effects::Change::Modify,
        });
        if context.is_none() {
            look.effects.push(Effect::Read {
                path: sent.clone(),
                reach: crate::analysis::effects::Reach::Tree,
            });
            look.reads.push(sent.clone());
        }
        if !matches!(look.class, Class::Soft { .. }) {
            look.class = Class::Soft {
                category: "remote",
                reason: format!("{} on {d}, sending it {sent}", l.does),
            };
        }
    }
    look
}

/// Standard-library modules that only read their operands and write what they are told:
/// `python -m json.tool [OPTIONS] [INFILE [OUTFILE]]` (checked against CPython 3.11-3.13's
/// `--help`), `python -m py_compile FILE…` (each file's bytecode lands in the
/// `__pycache__` beside it) and `python -m venv DIR…` ([`venv`]). `None` for any other
/// module.
fn stdlib_module(cmd: &Cmd, module: &str, at: usize) -> Option<Look> {
    if cmd.has_expansion() {
        return None;
    }
    let args = cmd.argv.get(at..).unwrap_or(&[]);
    let mut effects = Vec::new();
    match module {
        "json.tool" => {
            let mut ops = Vec::new();
            let mut it = args.iter();
            while let Some(a) = it.next() {
                match a.as_str() {
                    "--sort-keys" | "--no-ensure-ascii" | "--json-lines" | "--tab"
                    | "--no-indent" | "--compact" | "--no-color" | "--color" => {}
                    "--indent" => {
                        it.next()?;
                    }
                    x if x.starts_with("--indent=") => {}
                    "-h" | "--help" => {
                        return Some(Look::routine("python -m json.tool prints help"))
                    }
                    x if x.starts_with('-') && x != "-" => return None,
                    x => ops.push(x.to_string()),
                }
            }
            match ops.as_slice() {
                [] => {}
                [i] => effects.push(Effect::read(i.clone())),
                [i, o] => {
                    effects.push(Effect::read(i.clone()));
                    if o != "-" {
                        effects.push(Effect::write(
                            o.clone(),
                            crate::analysis::effects::WriteHow::Replace,
                        ));
                    }
                }
                _ => return None,
            }
            effects.retain(|e| !matches!(e, Effect::Read { path, .. } if path == "-"));
            Some(policy::from_effects("pretty-prints JSON", effects))
        }
        "py_compile" => {
            for a in args {
                if a.starts_with('-') {
                    return None;
                }
                effects.push(Effect::read(a.clone()));
                let p = Path::new(a);
                let dir = p
                    .parent()
                    .map(|d| d.join("__pycache__"))
                    .unwrap_or_default();
                effects.push(Effect::write(
                    dir.to_string_lossy().into_owned(),
                    crate::analysis::effects::WriteHow::Mkdir,
                ));
            }
            Some(policy::from_effects(
                "compiles Python files to check their syntax",
                effects,
            ))
        }
        "venv" => venv(args),
        _ => None,
    }
}

/// `python -m venv [OPTIONS] ENV_DIR…` (CPython 3.11's `--help`, exact names only): each
/// directory is made with its `bin`, `lib` and `include` (the directories reach the path
/// floor), and filled as the standard library writes an environment — `pyvenv.cfg`, the
/// activation scripts, links to this interpreter, pip installed from the wheel it bundles
/// (no network) — the way an installer's files in its environment are not listed one by
/// one (`npm ci`, `uv sync`): activating or running the environment later is judged
/// against the session's baseline (`command::venv`), where files made this session count
/// as changed. `--clear` first deletes what the directory holds. `--upgrade-deps` fetches
/// pip and setuptools from PyPI, and anything else is outside the grammar (`None`).
fn venv(args: &[String]) -> Option<Look> {
    use crate::analysis::effects::WriteHow;
    let mut dirs = Vec::new();
    let mut clear = false;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--system-site-packages"
            | "--symlinks"
            | "--copies"
            | "--without-pip"
            | "--upgrade" => {}
            "--clear" => clear = true,
            "--prompt" => {
                it.next()?;
            }
            x if x.starts_with("--prompt=") => {}
            "-h" | "--help" => return Some(Look::routine("python -m venv prints help")),
            x if x.starts_with('-') => return None,
            x => dirs.push(x.trim_end_matches('/').to_string()),
        }
    }
    if dirs.is_empty() {
        return None;
    }
    let mut effects = Vec::new();
    for d in dirs
        .iter()
        .map(|d| if d.is_empty() { "/" } else { d.as_str() })
    {
        if clear {
            effects.push(Effect::Delete {
                path: d.to_string(),
                recursive: true,
            });
        }
        effects.push(Effect::write(d, WriteHow::Mkdir));
        for sub in ["bin", "lib", "include"] {
            effects.push(Effect::write(format!("{d}/{sub}"), WriteHow::Mkdir));
        }
    }
    Some(policy::from_effects(
        "creates a Python virtual environment",
        effects,
    ))
}

/// `python -m http.server [--bind ADDR] [--directory DIR] [--protocol V] [PORT]`: every
/// file below DIR (the working directory by default), links followed, is served to whoever
/// connects — on every interface unless bound to a loopback address. (`--cgi` runs the
/// scripts it serves, and any other option is outside the grammar: unknown.)
fn http_server(cmd: &Cmd, at: usize) -> Look {
    if cmd.has_expansion() {
        return Look::unknown("python -m http.server is given a run-time value");
    }
    let mut dir = ".".to_string();
    let mut bind: Option<String> = None;
    let mut port = "8000".to_string();
    let mut it = cmd.argv.iter().skip(at);
    while let Some(a) = it.next() {
        let (name, inline) = match a.split_once('=') {
            Some((n, v)) if n.starts_with("--") => (n, Some(v.to_string())),
            _ => (a.as_str(), None),
        };
        let mut value = || inline.clone().or_else(|| it.next().cloned());
        match name {
            "-d" | "--directory" => match value() {
                Some(v) => dir = v,
                None => return Look::unknown("python -m http.server --directory without a value"),
            },
            "-b" | "--bind" => bind = value(),
            "-p" | "--protocol" => {
                value();
            }
            _ if !a.starts_with('-') && a.chars().all(|c| c.is_ascii_digit()) => port = a.clone(),
            _ => {
                return Look::unknown(format!(
                    "python -m http.server {name} is not in its grammar"
                ))
            }
        }
    }
    let host = bind.clone().unwrap_or_else(|| "0.0.0.0".to_string());
    let mut effects = vec![Effect::Read {
        path: dir.clone(),
        reach: crate::analysis::effects::Reach::TreeFollow,
    }];
    let local = bind
        .as_deref()
        .is_some_and(crate::context::floor::is_loopback);
    if !local {
        effects.push(Effect::Net {
            url: Some(format!("http://{host}:{port}/")),
            host: None,
            sends: vec![crate::analysis::effects::Carry::File { path: dir.clone() }],
        });
    }
    let mut look =
        policy::from_effects(&format!("serves every file below {dir} over HTTP"), effects);
    look.class = Class::Soft {
        category: "network",
        reason: if local {
            format!("python -m http.server serves every file below {dir} to this machine")
        } else {
            format!("python -m http.server serves every file below {dir} to anyone who connects")
        },
    };
    look
}

fn runner_look(cmd: &Cmd, call: RunnerCall) -> Look {
    if cmd.has_expansion() {
        return Look::unknown(format!("{} is given a run-time value", call.tool));
    }
    let mut effects = call.effects;
    if call
        .script
        .as_ref()
        .is_some_and(|(m, n)| matches!(m, Manager::Npm | Manager::Yarn) && n == "env")
        && package_scripts(cmd.cwd.dir(), &call.dirs)
            .is_some_and(|s| s.contains(&"env".to_string()))
    {
        // The package defines its own `env` script: that runs, not npm's printer.
        effects.retain(|e| !matches!(e, Effect::Secret { .. }));
    }
    // What it is asked to run, by name: the targets, and a package manager's script.
    let mut targets = call.targets.clone();
    targets.extend(call.script.as_ref().map(|(_, name)| name.clone()));
    effects.push(Effect::Run {
        code: Code::Project {
            runner: call.tool.to_string(),
            defined_by: Vec::new(),
            targets,
            recipe: Vec::new(),
        },
    });
    if call.lock_install {
        // It installs packages too: what a "don't install anything" covers.
        effects.push(Effect::Run {
            code: Code::Pinned {
                manager: call.tool.to_string(),
            },
        });
    }
    let class = class_of(
        call.tool,
        &effects,
        Class::Build {
            reason: call.does.clone(),
        },
    );
    // An install target (`make install`, `cmake --build b --target install`, `ninja
    // install`) copies the build into its prefix, outside the workspace (`/usr/local` by
    // default): asked about, as `cmake --install` is.
    let install = call
        .targets
        .iter()
        .find(|t| matches!(t.as_str(), "install" | "uninstall" | "install-strip"));
    let class = match (install, class) {
        (Some(t), Class::Build { .. } | Class::Routine { .. }) => Class::Soft {
            category: "install",
            reason: format!(
                "{} runs the `{t}` target, which installs outside the workspace (its prefix)",
                call.tool
            ),
        },
        (_, c) => c,
    };
    let mut look = Look::routine(call.does);
    look.class = class;
    look.effects = effects;
    look.uses_cwd = true;
    // The words a package manager appends to the project's script are the script's, even
    // where the floor cannot compose its line (npm's undefined script, whose file may
    // appear before it runs).
    look.handed = call.script_args.concat();
    paths_of(&mut look);
    look
}

fn script_look(cmd: &Cmd, run: &ScriptRun) -> Look {
    let prog = cmd.program();
    let interp = if run.interpreter.is_empty() {
        String::new()
    } else {
        format!(" through {}", run.interpreter)
    };
    // `python3 <(…)`, `bash <(…)`: the script is what another command prints.
    if let Some(s) = run
        .script
        .as_ref()
        .filter(|s| crate::analysis::effects::grammar::is_process_substitution(s))
    {
        let mut l = Look::routine(format!("{prog} runs what {s} prints{interp}"));
        l.effects = run.effects.clone();
        l.effects.push(Effect::Run {
            code: Code::Output { word: s.clone() },
        });
        l.class = class_of(prog, &l.effects, l.class.clone());
        return l;
    }
    let dynamic_script = run.script.as_ref().is_some_and(|s| {
        cmd.argv
            .iter()
            .position(|a| a == s)
            .is_some_and(|i| cmd.dynamic.get(i).copied().unwrap_or(false))
    });
    if dynamic_script {
        return Look::unknown(format!("{prog} runs a script named at run time"));
    }
    let (does, mut effects) = if run.test_runner {
        (
            "runs the project's tests through node --test".to_string(),
            run.effects.clone(),
        )
    } else if let Some(s) = &run.script {
        // A URL as an interpreter's script: the runner downloads it and runs it (`uv run
        // https://…/x.py`, uv 0.13 fetches remote scripts), never a local file. (A URL as
        // the program itself, a line of prose read as a command, runs nothing.)
        if s.contains("://") && !run.interpreter.is_empty() {
            let mut l = Look::routine(format!("{prog} downloads {s} and runs it{interp}"));
            l.effects = vec![Effect::Run {
                code: Code::Network {
                    url: Some(s.clone()),
                },
            }];
            l.class = class_of(prog, &l.effects, l.class.clone());
            return l;
        }
        if run.syntax_only {
            let mut l = Look::routine(format!("{prog} checks the syntax of {s}"));
            l.effects = run.effects.clone();
            l.effects.push(Effect::read(s));
            l.class = class_of(prog, &l.effects, l.class.clone());
            paths_of(&mut l);
            return l;
        }
        let mut e = run.effects.clone();
        e.push(Effect::read(s));
        script_arg_paths(cmd.argv, run.args_at, &mut e);
        let missing = cmd.cwd.dir().is_some_and(|d| {
            let p = d.join(s);
            std::fs::symlink_metadata(&p).is_err()
                && !p.components().any(|c| c.as_os_str() == "{found}")
        });
        let does = if missing {
            format!("would run {s}{interp}, which does not exist, so nothing runs")
        } else {
            format!("runs {s}{interp}, which the agent has not written this session")
        };
        (does, e)
    } else if let Some(m) = &run.module {
        let mut e = run.effects.clone();
        script_arg_paths(cmd.argv, run.args_at, &mut e);
        (
            format!("runs the project's module {m}{interp}, which the agent has not written this session"),
            e,
        )
    } else {
        return Look::unknown(format!("{prog} runs nothing the floor can name"));
    };
    effects.push(Effect::Run {
        code: Code::Project {
            runner: if run.interpreter.is_empty() {
                run.script.clone().unwrap_or_default()
            } else {
                run.interpreter.to_string()
            },
            defined_by: run.script.iter().cloned().collect(),
            targets: Vec::new(),
            recipe: Vec::new(),
        },
    });
    let class = class_of(
        prog,
        &effects,
        Class::Build {
            reason: does.clone(),
        },
    );
    let mut look = Look::routine(does);
    look.class = class;
    look.effects = effects;
    look.uses_cwd = true;
    // The words go to the project's code: a script, or a module found in the working
    // directory (`python -m` looks there first); an installed module (`python3 -m
    // zipfile`) is judged by what it is given, not as the project's code.
    let project_module = run.module.as_ref().is_some_and(|m| {
        cmd.cwd.dir().is_some_and(|d| {
            let rel = m.replace('.', "/");
            d.join(format!("{rel}.py")).exists() || d.join(&rel).is_dir()
        })
    });
    if !run.test_runner && (run.script.is_some() || project_module) {
        look.handed = cmd.argv.get(run.args_at..).unwrap_or(&[]).to_vec();
    }
    paths_of(&mut look);
    look
}

/// A path outside the workspace among the words handed to code the floor does not model
/// ([`Look::handed`]: a project script's arguments, the words after a `hatch run` name):
/// what that code does with a word is not known — a test runner behind `npm test --`
/// loads `--setupFiles /tmp/x.js`, `rails test /tmp/x_test.rb` loads the file —, so such
/// a path is code or configuration from outside the workspace it may load, soft
/// `runs-code` as `jest --setupFiles /tmp/x.js` is (the person names the path). A word
/// is looked at whole, and after the `=` of `--name=VALUE`; paths in the workspace, bare
/// names, URLs, the null and standard streams and the system's read-only trees (`/usr`
/// but `/usr/local`) stay on their merits; a word computed at run time that may be a path
/// counts (fail closed).
pub(super) fn handed_outside(cmd: &Cmd, ctx: &JudgeCtx, look: &mut Look) {
    if look.handed.is_empty()
        || !matches!(
            look.class,
            Class::Build { .. }
                | Class::Routine { .. }
                | Class::BuildFilesChanged { .. }
                | Class::Unknown { .. }
        )
    {
        return;
    }
    let Some(cwd) = cmd.cwd.dir() else {
        return;
    };
    let Some(path) = look.handed.iter().find_map(|w| outside_word(w, cwd, ctx)) else {
        return;
    };
    let prog = cmd.program().rsplit('/').next().unwrap_or("").to_string();
    let found = Class::Soft {
        category: "runs-code",
        reason: format!(
            "{prog} hands {path}, outside the workspace, to the project's code, which may load it as code or configuration"
        ),
    };
    look.class = match std::mem::replace(
        &mut look.class,
        Class::Build {
            reason: String::new(),
        },
    ) {
        Class::Unknown { .. } | Class::Build { .. } | Class::Routine { .. } => found,
        other => stricter(found, other),
    };
}

/// The path `word` names outside the workspace, as written (see [`handed_outside`]).
pub(super) fn outside_word(word: &str, cwd: &Path, ctx: &JudgeCtx) -> Option<String> {
    // `--name=VALUE` is looked at after its `=`; `key=VALUE` (`-o pythonpath=/tmp`) whole
    // and after it.
    let after = word.split_once('=').map(|(_, v)| v);
    if word.starts_with('-') {
        return after.and_then(|v| outside_path(v, cwd, ctx));
    }
    outside_path(word, cwd, ctx).or_else(|| after.and_then(|v| outside_path(v, cwd, ctx)))
}

/// The path `v` names, when it lies outside the workspace (see [`handed_outside`]).
fn outside_path(v: &str, cwd: &Path, ctx: &JudgeCtx) -> Option<String> {
    let v = v.trim_matches(|c| c == '\'' || c == '"');
    if v.is_empty() || v.contains("://") {
        return None;
    }
    let computed = v.contains('$') || v.contains('`');
    let pathish = v.contains('/') || v == "~" || v == ".." || v.starts_with("~/");
    if !pathish {
        return None;
    }
    if computed {
        return Some(v.to_string());
    }
    if matches!(
        v,
        "/dev/null" | "/dev/stdin" | "/dev/stdout" | "/dev/stderr"
    ) || (v.starts_with("/usr/") && !v.starts_with("/usr/local/"))
    {
        return None;
    }
    let forms = paths::forms(v, cwd, ctx.home);
    (!ctx.workspace.contains(&forms)).then(|| v.to_string())
}

/// The words given to a project script that name paths (`scripts/x.py --in data/a.csv`,
/// `./show.sh ~/.ssh/id_rsa`): the script may read them, so the path floor sees them.
fn script_arg_paths(argv: &[String], from: usize, out: &mut Vec<Effect>) {
    for w in argv.iter().skip(from) {
        let v = if w.starts_with('-') {
            match w.split_once('=') {
                Some((_, v)) => v,
                None => continue,
            }
        } else {
            w.as_str()
        };
        if v.contains("://") || v.is_empty() {
            continue;
        }
        if v.contains('/') || v.starts_with('~') {
            out.push(Effect::read(v));
        }
    }
}

/// Ask the baseline whether the files that define what runs changed since the session
/// began or were written by the agent; a definition from outside the workspace is soft.
/// A look already asked about for what it does besides (a container lifecycle command
/// that publishes with `--push` or runs on another daemon) is checked the same way, and
/// keeps the stricter of the two classes: what its definitions hand the engine (a
/// credential mounted) may be denied.
pub(super) fn check_baseline(cmd: &Cmd, ctx: &JudgeCtx, look: &mut Look) {
    let own = match &look.class {
        Class::Build { .. } => None,
        other => Some(other.clone()),
    };
    if own.is_some() {
        look.class = Class::Build {
            reason: String::new(),
        };
    }
    baseline_class(cmd, ctx, look);
    if let Some(own) = own {
        let found = std::mem::replace(
            &mut look.class,
            Class::Build {
                reason: String::new(),
            },
        );
        look.class = stricter(own, found);
    }
}

/// The stricter of two classes (as the verdicts rank); of two asked about, the first with
/// the second's reason added; a class that outranks changed definition files names them.
fn stricter(a: Class, b: Class) -> Class {
    let (hi, lo) = if rank(&b) > rank(&a) { (b, a) } else { (a, b) };
    match (hi, lo) {
        (
            Class::Soft { category, reason },
            Class::Soft {
                reason: r2,
                category: _,
            },
        ) => Class::Soft {
            category,
            reason: format!("{reason}; {r2}"),
        },
        (Class::Soft { category, reason }, Class::BuildFilesChanged { files }) => Class::Soft {
            category,
            reason: format!("{reason}; {}", changed_note(&files)),
        },
        (Class::Hard { category, reason }, Class::BuildFilesChanged { files }) => Class::Hard {
            category,
            reason: format!("{reason}; {}", changed_note(&files)),
        },
        (hi, _) => hi,
    }
}

fn changed_note(files: &[PathBuf]) -> String {
    let names: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
    format!(
        "its definition files changed this session: {}",
        names.join(", ")
    )
}

fn baseline_class(cmd: &Cmd, ctx: &JudgeCtx, look: &mut Look) {
    let Some(cwd) = cmd.cwd.dir() else {
        return;
    };
    // A linter or formatter: the configuration below what it is given, and the files among
    // those it rewrites that the path floor must see.
    let reached = match lint_reach(cmd, cwd, ctx) {
        Ok(r) => r,
        Err(class) => {
            look.class = class;
            return;
        }
    };
    if let Some((tool, r)) = &reached {
        if let Some((path, kind)) = r.steering.first() {
            look.class = Class::Unknown {
                reason: format!(
                    "{tool} rewrites {}, {kind}, in place with text the floor does not check",
                    path.display()
                ),
            };
        }
        for p in &r.reads {
            look.reads.push(p.display().to_string());
        }
        for w in &r.writes {
            let word = w.display().to_string();
            look.effects.push(Effect::write(
                word.clone(),
                crate::analysis::effects::WriteHow::Edit,
            ));
            look.writes.push(word);
        }
        if matches!(look.class, Class::Unknown { .. }) {
            return;
        }
    }
    if let Some(class) = outputs(cmd.program(), &look.effects, cwd, ctx) {
        look.class = class;
        return;
    }
    let mut defs = match definitions(cmd, cwd, ctx) {
        Ok(d) => d,
        Err(class) => {
            look.class = class;
            return;
        }
    };
    if let (Some((_, r)), Some(call)) = (&reached, runner_call(cmd)) {
        for f in dirs_files(&r.dirs, family_files(call.family), false, ctx)
            .into_iter()
            .chain(r.configs.iter().cloned())
        {
            if !defs.files.contains(&f) {
                defs.files.push(f);
            }
        }
        // The plugin files a configuration names (mypy's `plugins`, pylint's
        // `load-plugins`, flake8's local plugins).
        let present: Vec<PathBuf> = defs.files.iter().filter(|f| f.is_file()).cloned().collect();
        for f in super::lint::plugin_files(call.family, &present, cwd) {
            if !defs.files.contains(&f) {
                defs.files.push(f);
            }
        }
        // A linter's configuration is code or names code (`eslint.config.js`, a mypy or
        // pylint plugin, prettier's plugins): like a script, it is not the project's own
        // once the agent was allowed to write it, even when the baseline first saw it
        // after the write.
        defs.agent_counts = defs.files.clone();
    }
    let uses_class = host_uses(look, std::mem::take(&mut defs.uses));
    let mut changed = changed_or_written(&defs.files, &defs.agent_counts, ctx);
    // The project's installed packages run with it: what the agent wrote there this
    // session is its code, whatever the definition files say.
    for w in ctx.baseline.written() {
        if in_installed_env(&w) && !env_directory(&w) && !changed.contains(&w) {
            changed.push(w);
        }
    }
    for f in written_exactly(&defs.generated, &ctx.baseline.written()) {
        if !changed.contains(&f) {
            changed.push(f);
        }
    }
    let present: Vec<String> = defs
        .files
        .iter()
        .chain(&defs.generated)
        .filter(|f| defs.named.contains(f) || std::fs::symlink_metadata(f).is_ok())
        .map(|f| f.display().to_string())
        .collect();
    for defined_by in project_definitions(look) {
        *defined_by = present.clone();
    }
    if !changed.is_empty() {
        look.class = Class::BuildFilesChanged { files: changed };
    }
    if let Some(c) = uses_class {
        let found = std::mem::replace(
            &mut look.class,
            Class::Build {
                reason: String::new(),
            },
        );
        look.class = stricter(c, found);
    }
}

/// What a compose project uses of the host (`compose::Uses`), added to the look: the paths
/// it reads and writes go to the path floor (and trees read whole to `reach`, for links
/// and hard links), and the class it gets from what it hands a container — a secret (the
/// home or a credential store mounted) is denied, a privilege asked about, what the floor
/// cannot read not understood. `None` when the uses leave the class as it is.
fn host_uses(look: &mut Look, uses: Vec<Effect>) -> Option<Class> {
    let mut class = None;
    for e in uses {
        match &e {
            Effect::Read { path, .. } => look.reads.push(path.clone()),
            Effect::Write { path, .. } => look.writes.push(path.clone()),
            Effect::Secret { what } => {
                class = Some(Class::Hard {
                    category: "credential",
                    reason: format!("{} hands a container {what}", look_runner(look)),
                });
            }
            Effect::Privilege { how } if !matches!(class, Some(Class::Hard { .. })) => {
                class = Some(Class::Soft {
                    category: "container-escape",
                    reason: format!("{} runs {how}", look_runner(look)),
                });
            }
            _ => {}
        }
        look.effects.push(e);
    }
    class
}

/// The runner a look's project code runs through (`docker compose`), for reason lines.
fn look_runner(look: &Look) -> String {
    look.effects
        .iter()
        .find_map(|e| match e {
            Effect::Run {
                code: Code::Project { runner, .. },
            } => Some(runner.clone()),
            _ => None,
        })
        .unwrap_or_default()
}

/// The runner call a command is, directly or as `python -m NAME`.
pub(super) fn runner_call(cmd: &Cmd) -> Option<RunnerCall> {
    if let Some(found) = runners::runner(cmd.argv, cmd.dynamic) {
        let call = found.ok()?;
        // Through a project wrapper (`uv run ruff check`): the command it runs.
        if let Some(at) = call.wrapped.filter(|at| *at > 0) {
            let (argv, dynamic) = wrapped_argv(cmd, &call, at);
            let inner = Cmd {
                sc: cmd.sc,
                argv: &argv,
                dynamic: &dynamic,
                cwd: cmd.cwd,
            };
            return runner_call(&inner);
        }
        return Some(call);
    }
    let run = interpreters::script_run(cmd.argv, cmd.dynamic)?.ok()?;
    let m = run.module.as_ref()?;
    runners::python_module(m, cmd.argv, cmd.dynamic, run.args_at)?.ok()
}

/// What a linter or formatter reaches below its operands (`None`: the command is not one).
fn lint_reach(
    cmd: &Cmd,
    cwd: &Path,
    ctx: &JudgeCtx,
) -> Result<Option<(&'static str, super::lint::Reached)>, Class> {
    let Some(call) = runner_call(cmd) else {
        return Ok(None);
    };
    let Some(lint) = &call.lint else {
        return Ok(None);
    };
    super::lint::reach(call.tool, lint, family_files(call.family), cwd, ctx)
        .map(|r| Some((call.tool, r)))
}

/// The definition lists of the project code a look runs.
fn project_definitions(look: &mut Look) -> impl Iterator<Item = &mut Vec<String>> {
    look.effects.iter_mut().filter_map(|e| match e {
        Effect::Run {
            code: Code::Project { defined_by, .. },
        } => Some(defined_by),
        _ => None,
    })
}

/// More files that define what a project program runs (`npx` reads `package.json` and
/// `.npmrc` on its way to the bin), in every directory from `/` down to `cwd`: judged by
/// their hash like a runner's (those above the workspace by the agent's writes too), and
/// shown among its definitions.
pub(super) fn also_defined_by(look: &mut Look, cwd: &Path, names: &[&str], ctx: &JudgeCtx) {
    if !matches!(
        look.class,
        Class::Build { .. } | Class::BuildFilesChanged { .. }
    ) {
        return;
    }
    let files = dirs_files(&[cwd.to_path_buf()], names, true, ctx);
    let present: Vec<String> = files
        .iter()
        .filter(|f| std::fs::symlink_metadata(f).is_ok())
        .map(|f| f.display().to_string())
        .collect();
    for defined_by in project_definitions(look) {
        defined_by.extend(present.iter().cloned());
    }
    let above: Vec<PathBuf> = files.iter().filter(|f| above_ws(f, ctx)).cloned().collect();
    let changed = changed_or_written(&files, &above, ctx);
    if changed.is_empty() {
        return;
    }
    match &mut look.class {
        Class::BuildFilesChanged { files } => files.extend(changed),
        _ => look.class = Class::BuildFilesChanged { files: changed },
    }
}

/// Files that define what a project program runs besides its own (the installed bin
/// `npx NAME` runs when a grammar judges NAME's arguments): judged by their hash and the
/// agent's writes, and shown among its definitions.
pub(super) fn also_defined_by_files(look: &mut Look, files: &[PathBuf], ctx: &JudgeCtx) {
    if !matches!(
        look.class,
        Class::Build { .. } | Class::BuildFilesChanged { .. }
    ) {
        return;
    }
    for defined_by in project_definitions(look) {
        defined_by.extend(files.iter().map(|f| f.display().to_string()));
    }
    let changed = changed_or_written(files, files, ctx);
    if changed.is_empty() {
        return;
    }
    match &mut look.class {
        Class::BuildFilesChanged { files } => files.extend(changed),
        _ => look.class = Class::BuildFilesChanged { files: changed },
    }
}

/// Which of `files` differ from the session's baseline, and which of `counted` the agent
/// wrote this session.
pub(super) fn changed_or_written(
    files: &[PathBuf],
    counted: &[PathBuf],
    ctx: &JudgeCtx,
) -> Vec<PathBuf> {
    let mut changed = ctx.baseline.changed(files);
    for f in agent_written(counted, &ctx.baseline.written()) {
        if !changed.contains(&f) {
            changed.push(f);
        }
    }
    changed
}

/// Which of `files` the agent was allowed to write this session: the file itself (as
/// written or resolved), or its directory (a copy or move into it); `/` in the record
/// stands for everything (an unreadable or overfull record).
fn agent_written(files: &[PathBuf], written: &[PathBuf]) -> Vec<PathBuf> {
    if written.is_empty() {
        return Vec::new();
    }
    let everything = written.iter().any(|w| w == Path::new("/"));
    files
        .iter()
        .filter(|f| {
            everything || {
                let forms = [Some((*f).clone()), std::fs::canonicalize(f).ok()];
                forms.iter().flatten().any(|f| {
                    written
                        .iter()
                        .any(|w| f == w || f.parent().is_some_and(|p| p == w))
                })
            }
        })
        .cloned()
        .collect()
}

/// Which of `files` the agent was allowed to write this session, by the file's own path
/// (as written or resolved); `/` in the record stands for everything.
fn written_exactly(files: &[PathBuf], written: &[PathBuf]) -> Vec<PathBuf> {
    if written.is_empty() {
        return Vec::new();
    }
    let everything = written.iter().any(|w| w == Path::new("/"));
    files
        .iter()
        .filter(|f| {
            everything
                || [Some((*f).clone()), std::fs::canonicalize(f).ok()]
                    .iter()
                    .flatten()
                    .any(|f| written.contains(f))
        })
        .cloned()
        .collect()
}

/// What a runner's outputs do beyond the workspace: a directory it empties (`pytest
/// --basetemp`) is a deletion — beyond repair when it is the root, a top-level directory,
/// the home directory or the workspace itself; any file or directory it writes outside
/// the workspace (a report over `~/.bashrc`, a test binary into `~/.local/bin`) is soft,
/// so the person's own words are needed for it.
fn outputs(tool: &str, effects: &[Effect], cwd: &Path, ctx: &JudgeCtx) -> Option<Class> {
    for e in effects {
        match e {
            Effect::Delete { path, .. } => {
                let forms = paths::forms(path, cwd, ctx.home);
                let catastrophic = forms.forms().any(|p| {
                    p.components().count() <= 2
                        || ctx.home.starts_with(p)
                        || ctx.workspace.root.starts_with(p)
                });
                let shown = forms.lexical.display();
                return Some(if catastrophic {
                    Class::Hard {
                        category: "deletion",
                        reason: format!(
                            "{tool} empties {shown} before it runs, which holds the system, your home or the whole workspace"
                        ),
                    }
                } else {
                    Class::Soft {
                        category: "deletion",
                        reason: format!("{tool} empties {shown} before it runs"),
                    }
                });
            }
            Effect::Write { path, .. } => {
                let forms = paths::forms(path, cwd, ctx.home);
                if !ctx.workspace.contains(&forms) {
                    return Some(Class::Soft {
                        category: "write-outside",
                        reason: format!(
                            "{tool} writes {}, outside the workspace",
                            forms.lexical.display()
                        ),
                    });
                }
            }
            _ => {}
        }
    }
    None
}

/// The files that define what a command runs.
struct Definitions {
    files: Vec<PathBuf>,
    /// The files for which the agent's own writes count too: a script and what it is
    /// (the file, a module's package files, a `#!` interpreter in the workspace, a module
    /// shadowing `python -m pytest`). Other definition files are judged by their hash, as
    /// runners always were.
    agent_counts: Vec<PathBuf>,
    /// Files named on the command line (the script, `make -f FILE`): listed even when
    /// missing.
    named: Vec<PathBuf>,
    /// Files a generator wrote into a build tree (build.ninja, CMakeCache.txt): its
    /// configure step rewrites them, so they count as changed only when the agent wrote
    /// them itself (the file, not its directory).
    generated: Vec<PathBuf>,
    /// What a compose project or image build uses of the host besides (`compose::Uses`).
    uses: Vec<Effect>,
}

fn soft(reason: String) -> Class {
    Class::Soft {
        category: "runs-code",
        reason,
    }
}

/// Place a word relative to `cwd` and say whether it is inside the workspace (both as
/// written and resolved through links).
fn place_in_ws(word: &str, cwd: &Path, ctx: &JudgeCtx) -> (PathBuf, bool) {
    let abs = if word.starts_with('/') {
        PathBuf::from(word)
    } else {
        cwd.join(word)
    };
    let abs = paths::physical(&abs);
    let forms = paths::forms(&abs.display().to_string(), cwd, ctx.home);
    (abs, ctx.workspace.contains(&forms))
}

/// Where the person installs code into their agents: skills and plugins (Claude Code's
/// `~/.claude/skills` and `~/.claude/plugins`, Gemini CLI's extensions, Codex's skills).
const INSTALLED_TOOLING: &[&str] = &[
    ".claude/skills",
    ".claude/plugins",
    ".gemini/extensions",
    ".codex/skills",
];

/// A script the person installed into their agent (a skill's or a plugin's), as written
/// and as resolved through links: the harness-config floor refuses every agent write
/// there, so, like the project's own scripts at the session's start, it is not code the
/// agent wrote.
fn in_installed_tooling(abs: &Path, cwd: &Path, ctx: &JudgeCtx) -> bool {
    use crate::context::floor::{classify, Access, PathClass};
    let forms = paths::forms(&abs.display().to_string(), cwd, ctx.home);
    let Some(resolved) = forms.resolved.as_deref() else {
        return false;
    };
    [forms.lexical.as_path(), resolved].iter().all(|p| {
        INSTALLED_TOOLING
            .iter()
            .any(|d| p.starts_with(ctx.home.join(d)) && *p != ctx.home.join(d))
            && matches!(
                classify(p, Access::Write, ctx.floor),
                Some(PathClass::HarnessConfig { .. })
            )
    })
}

/// Does the look run only scripts of installed tooling, in a directory of that tooling
/// (`cd ~/.claude/plugins/…/skills/x && python ./scan.py`, as a skill's instructions say)?
/// What the script does relative to its working directory is then the script's own
/// business, as it is in the workspace for the project's scripts.
pub(super) fn runs_installed_tooling_in(look: &Look, dir: &Path, ctx: &JudgeCtx) -> bool {
    let mut runs = false;
    for e in &look.effects {
        if let Effect::Run { code } = e {
            match code {
                Code::Project { defined_by, .. } if !defined_by.is_empty() => {
                    if !defined_by
                        .iter()
                        .all(|f| in_installed_tooling(Path::new(f), dir, ctx))
                    {
                        return false;
                    }
                    runs = true;
                }
                _ => return false,
            }
        }
    }
    runs && in_installed_tooling(dir, dir, ctx)
}

/// Does node find another file for a main script that is not there? It tries the name
/// with each extension it knows (`x.mjs.js`, and `.ts` where it strips types) and as a
/// directory; so any entry beside it spelled `NAME` or `NAME.…` may run. `None`: the
/// directory cannot be listed.
fn node_finds_another(abs: &Path) -> Option<bool> {
    let (Some(dir), Some(name)) = (abs.parent(), abs.file_name()) else {
        return None;
    };
    let name = name.to_string_lossy();
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        // No directory: nothing in it to find.
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Some(false),
        Err(_) => return None,
    };
    for e in entries {
        let e = e.ok()?;
        let n = e.file_name();
        let n = n.to_string_lossy();
        if n == name || n.starts_with(&format!("{name}.")) {
            return Some(true);
        }
    }
    Some(false)
}

fn definitions(cmd: &Cmd, cwd: &Path, ctx: &JudgeCtx) -> Result<Definitions, Class> {
    if let Some(Ok(l)) = super::catalog::lifecycle(cmd) {
        // Compose files, env files and Dockerfiles: the agent's writes count too. A
        // file the floor cannot follow (one that does not parse) is named as changed
        // when it is.
        let mut files = Vec::new();
        let mut uses = Vec::new();
        if let Err(class) = super::compose::definitions(&l, cwd, ctx, &mut files, &mut uses) {
            let changed = changed_or_written(&files, &files, ctx);
            if matches!(class, Class::Unknown { .. }) && !changed.is_empty() {
                return Err(Class::BuildFilesChanged { files: changed });
            }
            return Err(class);
        }
        return Ok(Definitions {
            agent_counts: files.clone(),
            named: Vec::new(),
            files,
            generated: Vec::new(),
            uses,
        });
    }
    if let Some(Ok(call)) = runners::runner(cmd.argv, cmd.dynamic) {
        return runner_definitions(&call, cwd, ctx);
    }
    let Some(Ok(run)) = interpreters::script_run(cmd.argv, cmd.dynamic) else {
        return Ok(Definitions {
            files: Vec::new(),
            agent_counts: Vec::new(),
            named: Vec::new(),
            generated: Vec::new(),
            uses: Vec::new(),
        });
    };
    if let Some(m) = &run.module {
        if let Some(Ok(call)) = runners::python_module(m, cmd.argv, cmd.dynamic, run.args_at) {
            return runner_definitions(&call, cwd, ctx);
        }
        return module_definitions(m, cwd);
    }
    if run.test_runner {
        // The test files it is given load and run: from outside the workspace they are
        // code from outside, as `pytest /tmp/x` is.
        for t in &run.test_paths {
            let (abs, inside) = place_in_ws(t, cwd, ctx);
            if !inside {
                return Err(soft(format!(
                    "node --test loads tests from {}, outside the workspace",
                    abs.display()
                )));
            }
        }
        let files = dirs_files(&[cwd.to_path_buf()], NODE_FILES, true, ctx);
        return Ok(Definitions {
            agent_counts: files.iter().filter(|f| above_ws(f, ctx)).cloned().collect(),
            files,
            named: Vec::new(),
            generated: Vec::new(),
            uses: Vec::new(),
        });
    }
    let Some(script) = &run.script else {
        return Err(Class::Unknown {
            reason: "no script runs".into(),
        });
    };
    script_definitions(&run, script, cwd, ctx)
}

/// Every directory from the workspace root down to `dir` (only `dir` when it is not
/// under the root).
fn ancestors_in_ws(dir: &Path, ctx: &JudgeCtx) -> Vec<PathBuf> {
    let root = &ctx.workspace.root;
    let mut out = Vec::new();
    if let Ok(rel) = dir.strip_prefix(root) {
        let mut d = root.clone();
        out.push(d.clone());
        for c in rel.components() {
            d.push(c);
            out.push(d.clone());
        }
    } else {
        out.push(dir.to_path_buf());
    }
    out
}

/// Every directory above the workspace root (above `dir` when it is not under the root),
/// from `/` down: where a tool that looks upward for its definition files finds them when
/// the workspace has none (a `../pytest.ini`, a `go.work` or `Directory.Build.props` in a
/// parent, which the agent can write there as scratch files when the workspace sits in
/// the temporary directory).
fn ancestors_above_ws(dir: &Path, ctx: &JudgeCtx) -> Vec<PathBuf> {
    let root = &ctx.workspace.root;
    let from = if dir.starts_with(root) { root } else { dir };
    let mut out: Vec<PathBuf> = from.ancestors().skip(1).map(Path::to_path_buf).collect();
    out.reverse();
    out
}

/// Is `f` above the workspace (in none of its roots)?
fn above_ws(f: &Path, ctx: &JudgeCtx) -> bool {
    !ctx.workspace
        .roots
        .iter()
        .any(|r| f.starts_with(&r.lexical) || r.resolved.as_ref().is_some_and(|x| f.starts_with(x)))
}

/// Does the family's tool look for its definition files in the directories above the one
/// it works in, past the workspace root? Each tool's lookup, as documented: pytest's
/// rootdir and ini-file search (the common ancestor of the arguments and upwards), Cargo's
/// workspace root and `.cargo/config.toml` (every parent), rustup's toolchain file, npm's
/// nearest `package.json` and its workspace root, `go.mod`/`go.work`, `just`, Maven's
/// `.mvn`, Gradle's settings file, Deno's `deno.json`, uv's, Poetry's, Pipenv's, PDM's and
/// Hatch's project root, tsc's `tsconfig.json`, ESLint's flat config and the `.eslintrc`
/// cascade, Prettier's, Ruff's, Black's, isort's, mypy's, pyright's, flake8's, pylint's and
/// Biome's configuration, Bazel's workspace root, MSBuild's `Directory.Build.*`,
/// `global.json` and the NuGet.config hierarchy, SwiftPM's package root, Bundler's
/// `Gemfile`, rake's `Rakefile`, Composer's `composer.json`. GNU make reads the makefile of
/// the directory it runs in only; CMake, Meson and ninja their source or build tree.
fn searches_up(f: Family) -> bool {
    !matches!(
        f,
        Family::Make | Family::CMake | Family::Meson | Family::Ninja
    )
}

fn dirs_files(bases: &[PathBuf], names: &[&str], up: bool, ctx: &JudgeCtx) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = Vec::new();
    for base in bases {
        let above = if up {
            ancestors_above_ws(base, ctx)
        } else {
            Vec::new()
        };
        for d in above.into_iter().chain(ancestors_in_ws(base, ctx)) {
            for n in names {
                let f = d.join(n);
                if !out.contains(&f) {
                    out.push(f);
                }
            }
        }
    }
    out
}

fn runner_definitions(call: &RunnerCall, cwd: &Path, ctx: &JudgeCtx) -> Result<Definitions, Class> {
    let tool = call.tool;
    let mut bases = Vec::new();
    for d in &call.dirs {
        let (abs, inside) = place_in_ws(d, cwd, ctx);
        if !inside {
            return Err(soft(format!(
                "{tool} runs the project in {}, outside the workspace",
                abs.display()
            )));
        }
        bases.push(abs);
    }
    if bases.is_empty() {
        bases.push(cwd.to_path_buf());
    }
    let names = family_files(call.family);
    let up = searches_up(call.family);
    let mut files = dirs_files(&bases, names, up, ctx);
    let mut named = Vec::new();
    let mut agent_counts = Vec::new();
    if call.lock_install {
        files.extend(dirs_files(&bases, LOCK_FILES, up, ctx));
    }
    // Above the workspace they are not the project's own once the agent wrote them: the
    // baseline may first see them after that write (a scratch file in /tmp).
    agent_counts.extend(files.iter().filter(|f| above_ws(f, ctx)).cloned());
    for f in &call.defined_by {
        let (abs, inside) = place_in_ws(f, cwd, ctx);
        if !inside {
            return Err(soft(format!(
                "{tool} reads {}, which defines what it runs, from outside the workspace",
                abs.display()
            )));
        }
        named.push(abs.clone());
        files.push(abs);
    }
    // `python -m TOOL` imports from the working directory first: TOOL itself (named, so a
    // write of it by another part of the command is seen before it exists), and any module
    // TOOL imports — the standard library's, its requirements' — found there by name.
    if let Some(m) = &call.module {
        for f in [
            format!("{m}.py"),
            format!("{m}/__init__.py"),
            format!("{m}/__main__.py"),
        ] {
            named.push(cwd.join(&f));
            files.push(cwd.join(&f));
            agent_counts.push(cwd.join(f));
        }
        for f in shadowing_modules(cwd, runners::python_tool_imports(m))? {
            if !files.contains(&f) {
                files.push(f.clone());
                agent_counts.push(f);
            }
        }
    }
    // The test files it loads: inside the workspace, and for pytest the conftest.py files
    // between the workspace root and each test path.
    for t in &call.test_paths {
        let (abs, inside) = place_in_ws(t, cwd, ctx);
        if !inside {
            return Err(soft(format!(
                "{tool} loads tests from {}, outside the workspace{}",
                abs.display(),
                if call.tool == "pytest" {
                    ", and its conftest.py files"
                } else {
                    ""
                }
            )));
        }
        if call.tool != "pytest" {
            continue;
        }
        let dir = if abs.is_dir() || !t.ends_with(".py") {
            abs
        } else {
            abs.parent().map(Path::to_path_buf).unwrap_or(abs)
        };
        for d in ancestors_in_ws(&dir, ctx) {
            let f = d.join("conftest.py");
            if !files.contains(&f) {
                files.push(f);
            }
        }
    }
    // Files it runs as scripts (`cmake -P`, `php artisan`): the agent's writes count too.
    for f in &call.scripts {
        agent_counts.push(place_in_ws(f, cwd, ctx).0);
    }
    // Load paths (`rake -I`, `rspec -I`, `phpunit --include-path`): code found there runs.
    if call.family != Family::Make {
        for d in &call.include_dirs {
            let (abs, inside) = place_in_ws(d, cwd, ctx);
            if !inside {
                return Err(soft(format!(
                    "{tool} loads code from {}, outside the workspace",
                    abs.display()
                )));
            }
        }
    }
    let mut generated = Vec::new();
    let mut generated_tree = false;
    match call.family {
        Family::CMake | Family::Meson | Family::Ninja | Family::Make => {
            generated_tree = tree_definitions(call, &bases, cwd, ctx, &mut files, &mut generated)?;
        }
        Family::Dotnet => {
            for b in &bases {
                files.extend(trees::dotnet_projects(b));
            }
        }
        Family::Swift => {
            for b in &bases {
                files.extend(trees::matching(b, |n| {
                    n.starts_with("Package@swift-") && n.ends_with(".swift")
                }));
            }
        }
        Family::Mix => {
            for b in &bases {
                files.extend(trees::matching(&b.join("config"), |n| n.ends_with(".exs")));
                // An umbrella runs each app's project under `apps/`.
                for app in trees::matching(&b.join("apps"), |_| true) {
                    for f in ["mix.exs", "config/config.exs", "test/test_helper.exs"] {
                        files.push(app.join(f));
                    }
                }
            }
        }
        Family::Cabal | Family::Stack => {
            for b in &bases {
                files.extend(trees::matching(b, |n| n.ends_with(".cabal")));
            }
        }
        Family::Ruby => {
            for b in &bases {
                for d in ancestors_in_ws(b, ctx) {
                    files.extend(trees::matching(&d.join("rakelib"), |n| {
                        n.ends_with(".rake")
                    }));
                }
            }
        }
        _ => {}
    }
    if call.family == Family::Make && !generated_tree {
        make_includes(call, &bases, cwd, ctx, &mut files)?;
    }
    if let Some((mgr, name)) = &call.script {
        let defined = manager_scripts(*mgr, Some(cwd), &call.dirs);
        let has = defined.as_ref().is_some_and(|s| s.contains(name));
        if !has && *mgr != Manager::Npm && name != "test" {
            // Without such a script, pnpm, yarn and bun run a program of that name, and
            // composer has no such command.
            return Err(Class::Unknown {
                reason: format!(
                    "{tool} {name}: {} defines no `{name}` script, so {tool} would run a program of that name",
                    manifest_of(*mgr)
                ),
            });
        }
    }
    Ok(Definitions {
        files,
        agent_counts,
        named,
        generated,
        uses: Vec::new(),
    })
}

/// The definition files of a CMake, Meson or ninja run, and of make in a build tree CMake
/// generated: the source tree's files (`trees::cmake_sources`, `trees::meson_sources`),
/// found from the source directory given or from the one a generated build tree records;
/// a hand-written build.ninja and the files it includes. The generated files of a build
/// tree go to `generated` (and out of `files`, where make's family put its makefile).
/// Returns whether the make or ninja directory is a generated build tree.
fn tree_definitions(
    call: &RunnerCall,
    bases: &[PathBuf],
    cwd: &Path,
    ctx: &JudgeCtx,
    files: &mut Vec<PathBuf>,
    generated: &mut Vec<PathBuf>,
) -> Result<bool, Class> {
    let tool = call.tool;
    if !call.scripts.is_empty() {
        // `cmake -P SCRIPT`: the script is the definition.
        return Ok(false);
    }
    let place = |d: &str, what: &str| -> Result<PathBuf, Class> {
        let (abs, inside) = place_in_ws(d, cwd, ctx);
        if inside {
            Ok(abs)
        } else {
            Err(soft(format!(
                "{tool} {what} {}, outside the workspace",
                abs.display()
            )))
        }
    };
    let build = match &call.build_dir {
        Some(b) => Some(place(b, "works in the build tree")?),
        None => None,
    };
    let source = match &call.source_dir {
        Some(s) => Some(place(s, "reads the source tree")?),
        None => None,
    };
    // The build trees it works in, and the source trees that define them.
    let mut trees_at: Vec<PathBuf> = Vec::new();
    let mut sources: Vec<(PathBuf, &'static str)> = Vec::new();
    match call.family {
        Family::CMake => {
            match &source {
                // Configure: the source tree given (or an existing build tree given in
                // its place); the build tree is `-B` or the working directory.
                Some(s) => {
                    if trees::generated(s).is_some() {
                        trees_at.push(s.clone());
                    }
                    if s.join("CMakeLists.txt").exists() || trees::generated(s).is_none() {
                        sources.push((s.clone(), "CMake"));
                    }
                    trees_at.push(build.clone().unwrap_or_else(|| cwd.to_path_buf()));
                }
                None => match &build {
                    Some(b) => {
                        trees_at.push(b.clone());
                        if call.tool == "ctest" && trees::generated(b).is_none() {
                            // A hand-written test file.
                            files.push(b.join("CTestTestfile.cmake"));
                        }
                    }
                    // `cmake --build --preset NAME`: the presets of the working directory.
                    None => sources.push((cwd.to_path_buf(), "CMake")),
                },
            }
        }
        Family::Meson => {
            match &build {
                Some(b) => {
                    trees_at.push(b.clone());
                    if b.join("meson.build").exists() {
                        // `meson setup ..` from inside an empty build directory.
                        sources.push((b.clone(), "Meson"));
                    }
                }
                None => trees_at.push(cwd.to_path_buf()),
            }
            // `meson setup` names the source tree (the working directory by default).
            if let Some(s) = &source {
                sources.push((s.clone(), "Meson"));
            }
        }
        Family::Ninja => trees_at.push(build.clone().unwrap_or_else(|| cwd.to_path_buf())),
        _ => trees_at.extend(bases.first().cloned()),
    }
    let mut generated_tree = false;
    for t in &trees_at {
        let Some(g) = trees::generated(t) else {
            continue;
        };
        if call.family == Family::Make && g.by != "CMake" {
            continue;
        }
        generated_tree = true;
        if let Some(t) = call
            .targets
            .iter()
            .find(|t| matches!(t.as_str(), "install" | "install/strip" | "install/local"))
        {
            // What `cmake --install` runs: soft there too.
            return Err(soft(format!(
                "{tool} {t} runs the install rules {} generated, which copy into the install prefix and any destination they name",
                g.by
            )));
        }
        let Some(src) = g.source else {
            return Err(Class::Unknown {
                reason: format!(
                    "{tool}: the build tree {} records no source tree gatehook can read",
                    t.display()
                ),
            });
        };
        let (abs, inside) = place_in_ws(&src.display().to_string(), cwd, ctx);
        if !inside {
            return Err(soft(format!(
                "{tool} builds {}, which {} generated from {}, outside the workspace",
                t.display(),
                g.by,
                abs.display()
            )));
        }
        sources.push((abs, g.by));
        for f in g.files {
            if !generated.contains(&f) {
                generated.push(f);
            }
        }
    }
    for (s, by) in &sources {
        let found = if *by == "Meson" {
            trees::meson_sources(s)
        } else {
            trees::cmake_sources(s)
        };
        for f in found {
            if !files.contains(&f) {
                files.push(f);
            }
        }
    }
    if call.family == Family::Ninja && !generated_tree {
        let dir = build.unwrap_or_else(|| cwd.to_path_buf());
        let file = match call.defined_by.first() {
            Some(f) => place_in_ws(f, &dir, ctx).0,
            None => dir.join("build.ninja"),
        };
        for f in trees::ninja_files(&file, &dir) {
            if !files.contains(&f) {
                files.push(f);
            }
        }
    }
    // What the generator wrote is judged by who wrote it, not by its hash.
    files.retain(|f| !generated.contains(f));
    Ok(generated_tree)
}

/// The manifest whose `scripts` a manager runs.
fn manifest_of(mgr: Manager) -> &'static str {
    match mgr {
        Manager::Composer => "composer.json",
        _ => "package.json",
    }
}

/// The scripts package.json defines in the directory the manager works in.
fn package_scripts(cwd: Option<&Path>, dirs: &[String]) -> Option<Vec<String>> {
    manager_scripts(Manager::Npm, cwd, dirs)
}

/// The scripts a manager's manifest (package.json, composer.json) defines in the directory
/// the manager works in.
fn manager_scripts(mgr: Manager, cwd: Option<&Path>, dirs: &[String]) -> Option<Vec<String>> {
    let cwd = cwd?;
    let dir = match dirs.first() {
        Some(d) if d.starts_with('/') => PathBuf::from(d),
        Some(d) => cwd.join(d),
        None => cwd.to_path_buf(),
    };
    let f = crate::context::state::open_regular(&dir.join(manifest_of(mgr))).ok()?;
    let mut text = String::new();
    use std::io::Read;
    f.take(4 * 1024 * 1024).read_to_string(&mut text).ok()?;
    let v: serde_json::Value = serde_json::from_str(&text).ok()?;
    Some(v.get("scripts")?.as_object()?.keys().cloned().collect())
}

/// The makefiles a makefile includes by a literal name (`include common.mk`), searched in
/// make's directory and the `-I` directories; `-I` outside the workspace is soft when the
/// makefile includes anything.
fn make_includes(
    call: &RunnerCall,
    bases: &[PathBuf],
    cwd: &Path,
    ctx: &JudgeCtx,
    files: &mut Vec<PathBuf>,
) -> Result<(), Class> {
    let base = bases.first().cloned().unwrap_or_else(|| cwd.to_path_buf());
    let mut makefiles: Vec<PathBuf> = call
        .defined_by
        .iter()
        .map(|f| place_in_ws(f, cwd, ctx).0)
        .collect();
    if makefiles.is_empty() {
        if let Some(m) = MAKE_FILES
            .iter()
            .map(|n| base.join(n))
            .find(|p| p.is_file())
        {
            makefiles.push(m);
        }
    }
    let mut includes = Vec::new();
    for m in &makefiles {
        let Ok(f) = crate::context::state::open_regular(m) else {
            continue;
        };
        let mut text = String::new();
        use std::io::Read;
        if f.take(4 * 1024 * 1024).read_to_string(&mut text).is_err() {
            continue;
        }
        for line in text.lines() {
            let l = line.trim_start();
            let rest = ["include ", "-include ", "sinclude "]
                .iter()
                .find_map(|k| l.strip_prefix(k));
            if let Some(rest) = rest {
                includes.extend(rest.split_whitespace().map(str::to_string));
            }
        }
    }
    if includes.is_empty() {
        return Ok(());
    }
    let mut search = vec![base.clone()];
    for d in &call.include_dirs {
        let (abs, inside) = place_in_ws(d, cwd, ctx);
        if !inside {
            return Err(soft(format!(
                "make -I {} can supply the makefiles it includes from outside the workspace",
                abs.display()
            )));
        }
        search.push(abs);
    }
    for inc in includes {
        if inc.contains('$') {
            // Computed at run time: the makefile (tracked) decides.
            continue;
        }
        for d in &search {
            let f = if inc.starts_with('/') {
                PathBuf::from(&inc)
            } else {
                d.join(&inc)
            };
            if !files.contains(&f) {
                files.push(f);
            }
        }
    }
    Ok(())
}

/// `python -m pkg.mod`: the module's files in the working directory (which Python
/// searches first). A module found nowhere there is an installed one: not the project's.
/// Is `name` a module `python -m` would import from the working directory in place of one
/// it needs: a standard-library module or one of `imports`?
fn shadows(name: &str, imports: &[&str]) -> bool {
    use crate::analysis::effects::programs::pyinline::STDLIB_MODULES;
    STDLIB_MODULES.contains(&name) || imports.contains(&name)
}

/// The code files in `dir` that Python would import in place of a standard-library
/// module or one of `imports` (`argparse.py`, `typing_extensions.py`, `_json.cpython-311-
/// x86_64-linux-gnu.so`, a `click/` package's `__init__.py` and the modules beside it;
/// a directory without `__init__.py` is a namespace package, which an installed module
/// comes before). A directory that cannot be listed is not known.
fn shadowing_modules(dir: &Path, imports: &[&str]) -> Result<Vec<PathBuf>, Class> {
    const MOST_FILES: usize = 256;
    let unlisted = |e: std::io::Error| {
        Class::Unknown {
        reason: format!(
            "its working directory {}, where Python looks for modules first, cannot be listed ({e})",
            dir.display()
        ),
    }
    };
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(unlisted)? {
        let entry = entry.map_err(unlisted)?;
        let name = entry.file_name();
        let name = name.to_string_lossy();
        let (stem, ext) = match name.split_once('.') {
            Some((s, rest)) => (s, rest.rsplit('.').next().unwrap_or("")),
            None => (name.as_ref(), ""),
        };
        if !shadows(stem, imports) {
            continue;
        }
        let path = entry.path();
        if matches!(ext, "py" | "pyc" | "pyw" | "so" | "pyd") {
            out.push(path);
        } else if ext.is_empty() && path.join("__init__.py").exists() {
            // The package's own modules run when it imports them.
            let inner = std::fs::read_dir(&path).map_err(unlisted)?;
            for e in inner.flatten() {
                let p = e.path();
                if p.extension().is_some_and(|x| x == "py" || x == "so") {
                    out.push(p);
                }
                if out.len() > MOST_FILES {
                    return Err(Class::Unknown {
                        reason: format!(
                            "{} in its working directory would be imported instead of the module of that name, and holds too many files to check",
                            path.display()
                        ),
                    });
                }
            }
        }
    }
    Ok(out)
}

/// Of the paths another part of the command writes, those a `python -m` run in `cwd`
/// (`argv`, its words) would import in place of a module it needs: written there in the
/// same command (`echo … > argparse.py && python3 -m mypy .`), they are not on disk when
/// the definitions are looked at.
pub(super) fn shadows_written(
    argv: &[String],
    cwd: Option<&Path>,
    writes: &[PathBuf],
) -> Vec<PathBuf> {
    let (Some(m), Some(cwd)) = (python_module_run(argv), cwd) else {
        return Vec::new();
    };
    let imports = runners::python_tool_imports(&m);
    let top = m.split('.').next().unwrap_or(&m).to_string();
    written_modules(cwd, writes, |stem| stem == top || shadows(stem, imports))
}

/// The writes under `dir` whose first component (a module file or a package directory,
/// by its stem) Python would import by a name `named` accepts, `dir` being first on
/// `sys.path`.
pub(super) fn written_modules(
    dir: &Path,
    writes: &[PathBuf],
    named: impl Fn(&str) -> bool,
) -> Vec<PathBuf> {
    writes
        .iter()
        .filter(|w| {
            let Ok(rel) = w.strip_prefix(dir) else {
                return false;
            };
            let first = rel
                .components()
                .next()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .unwrap_or_default();
            let stem = first.split('.').next().unwrap_or("");
            !stem.is_empty() && named(stem)
        })
        .cloned()
        .collect()
}

/// The module a command runs as `python -m MODULE`, directly or through a project wrapper
/// (`uv run python -m mypy`, `uv run -m mypy`).
fn python_module_run(argv: &[String]) -> Option<String> {
    let dynamic = vec![false; argv.len()];
    if let Some(found) = runners::runner(argv, &dynamic) {
        let call = found.ok()?;
        if let Some(at) = call.wrapped.filter(|at| *at > 0) {
            let (inner, _) = wrapped_words(argv, &dynamic, &call, at);
            return python_module_run(&inner);
        }
        return call.module;
    }
    interpreters::script_run(argv, &dynamic)?.ok()?.module
}

fn module_definitions(module: &str, cwd: &Path) -> Result<Definitions, Class> {
    let parts: Vec<&str> = module.split('.').collect();
    if parts.iter().any(|p| p.is_empty() || p.contains('/')) {
        return Err(Class::Unknown {
            reason: format!("python -m {module} is not a module name"),
        });
    }
    let mut files = Vec::new();
    let mut dir = cwd.to_path_buf();
    for (i, p) in parts.iter().enumerate() {
        let last = i + 1 == parts.len();
        if last {
            let file = dir.join(format!("{p}.py"));
            let pkg = dir.join(p);
            if file.is_file() {
                files.push(file);
            } else if pkg.is_dir() {
                files.push(pkg.join("__init__.py"));
                files.push(pkg.join("__main__.py"));
            } else {
                break;
            }
            // What it imports from the standard library may be found here first too.
            let named = files.clone();
            for f in shadowing_modules(cwd, &[])? {
                if !files.contains(&f) {
                    files.push(f);
                }
            }
            return Ok(Definitions {
                named,
                agent_counts: files.clone(),
                files,
                generated: Vec::new(),
                uses: Vec::new(),
            });
        }
        dir = dir.join(p);
        if !dir.is_dir() {
            break;
        }
        files.push(dir.join("__init__.py"));
    }
    Err(Class::Unknown {
        reason: format!("the module {module} is an installed one, not one of the project's files"),
    })
}

/// The soft category of code run from the temporary directory (the reviewer's grounding
/// takes it as code the floor cannot see).
pub(crate) const SCRATCH_CODE: &str = "scratch-code";

/// Whether a file outside the workspace (and the home, which may itself lie in a temporary
/// directory) lies in the system's temporary directory, where the agent writes without
/// asking: where its links lead, or as named when it is not there.
pub(super) fn scratch_file(abs: &Path, ctx: &JudgeCtx) -> bool {
    let real = std::fs::canonicalize(abs).unwrap_or_else(|_| {
        // A link that leads to nothing yet leads where its text says.
        match std::fs::read_link(abs) {
            Ok(t) => crate::context::paths::normalize(&abs.parent().unwrap_or(abs).join(t)),
            Err(_) => crate::context::paths::physical(abs),
        }
    });
    crate::context::floor::in_scratch(&real)
        && !ctx.workspace.holds(&real)
        && !real.starts_with(ctx.home)
}

/// The soft category of code run from a file outside the workspace that nothing vouches
/// for (`bash ~/Downloads/install.sh`, `python3 ~/.local/x.py`, `~/bin/x`): not the
/// project's, not the temporary directory's ([`SCRATCH_CODE`]), not the system's, not a
/// tree of installed packages, not the person's installed agent tooling. The reviewer's
/// grounding takes it as code the floor cannot see, naming the file.
pub(crate) const OUTSIDE_CODE: &str = "outside-code";

/// What every [`OUTSIDE_CODE`] reason says: a path read as a program in a sentence, a
/// tool's value or a delegated prompt says nothing of running it (`edits::sentence_verb`).
pub(crate) const OUTSIDE_FILE: &str = "a file outside the workspace that nothing vouches for";

/// Places whose files the system installed (lexically; `/usr/local` is often the user's
/// own, so it is a package root below instead).
const SYSTEM_CODE_DIRS: &[&str] = &[
    "/usr/bin",
    "/usr/sbin",
    "/usr/lib",
    "/usr/lib32",
    "/usr/lib64",
    "/usr/libexec",
    "/usr/share",
    "/bin",
    "/sbin",
    "/lib",
    "/lib32",
    "/lib64",
    "/nix/store",
    "/run/current-system",
    "/System",
    "/Library/Developer",
    "/Applications",
    "/snap",
];

/// Roots of trees the person's package managers install into (`/usr/local`, `/opt` with
/// Homebrew's prefix, Linuxbrew's) and, below a home, their trees of installed programs and runtimes
/// (`~/.cargo/bin`, `~/.local/bin`, `~/.nvm/versions`, …).
const SYSTEM_PACKAGE_ROOTS: &[&str] = &["/usr/local", "/opt", "/home/linuxbrew/.linuxbrew"];
const HOME_PACKAGE_ROOTS: &[&str] = &[
    // The person's own directory of commands on their PATH, like `~/.local/bin`: a
    // persistence surface (`floor::HOME_PERSISTENCE`) the agent may not write.
    "bin",
    ".cargo/bin",
    ".rustup/toolchains",
    ".local/bin",
    ".local/pipx",
    ".local/share/pipx",
    ".local/share/uv/tools",
    ".local/share/uv/python",
    ".local/share/mise/installs",
    ".local/share/pnpm",
    "go/bin",
    "go/pkg/mod",
    ".bun/bin",
    ".deno/bin",
    ".volta",
    ".nvm/versions",
    ".npm-global",
    ".pyenv/versions",
    ".rbenv/versions",
    ".asdf/installs",
    ".sdkman/candidates",
    ".linuxbrew",
];

/// Directory names that hold installed packages wherever they are.
const PACKAGE_DIR_NAMES: &[&str] = &["node_modules", "site-packages", "dist-packages"];

/// Is `abs` (outside the workspace) a file whose code nothing in the session vouches for:
/// not in the temporary directory (its own category), not in the system's code
/// directories, not in a tree of installed packages or a package manager's root, not the
/// person's installed agent tooling ([`in_installed_tooling`]) nor another file of the
/// harness's own directories, which the agent may not write? Judged as written and
/// where its links lead; either form outside the vouched places is enough.
pub(super) fn unvouched_file(abs: &Path, cwd: &Path, ctx: &JudgeCtx) -> bool {
    if in_installed_tooling(abs, cwd, ctx) || scratch_file(abs, ctx) {
        return false;
    }
    let vouched = |p: &Path| {
        let p = crate::context::paths::normalize(p);
        if ctx.workspace.holds(&p) {
            return true;
        }
        // The harness's own directories (`~/.claude/scripts`, `~/.claude/hooks`): the
        // harness-config floor refuses every agent write there, so what is there is the
        // person's own setup, as an installed plugin is.
        if matches!(
            crate::context::floor::classify(&p, crate::context::floor::Access::Write, ctx.floor),
            Some(crate::context::floor::PathClass::HarnessConfig { .. })
        ) {
            return true;
        }
        if p.components()
            .any(|c| PACKAGE_DIR_NAMES.contains(&c.as_os_str().to_string_lossy().as_ref()))
        {
            return true;
        }
        if SYSTEM_CODE_DIRS
            .iter()
            .chain(SYSTEM_PACKAGE_ROOTS)
            .any(|d| p.starts_with(d))
        {
            return true;
        }
        HOME_PACKAGE_ROOTS
            .iter()
            .any(|d| p.starts_with(ctx.home.join(d)))
    };
    let real = std::fs::canonicalize(abs).unwrap_or_else(|_| abs.to_path_buf());
    !(vouched(abs) && vouched(&real))
}

/// Interpreters that run a file named among their operands; the ones the floor models
/// (python, node, the shells) are judged by `script_definitions`.
const SCRIPT_INTERPRETERS: &[&str] = &[
    "ruby",
    "perl",
    "php",
    "lua",
    "luajit",
    "Rscript",
    "julia",
    "deno",
    "bun",
    "tsx",
    "ts-node",
    "zsh",
    "fish",
    "ksh",
    "mksh",
    "pwsh",
    "osascript",
    "swift",
    "groovy",
    "elixir",
    "tclsh",
    "wish",
    "racket",
    "guile",
    "java",
    "kotlin",
    "scala",
    "dotnet",
    "crystal",
    "nim",
    "v",
    "raku",
    "perl6",
    "R",
    "gawk",
    "awk",
    "node",
    "python",
    "python3",
    "bash",
    "sh",
    "dash",
];

/// The script operand of an interpreter the floor does not understand, when it is a file
/// in the temporary directory (`ruby /tmp/x.rb`, `deno run /tmp/x.ts`) or another file
/// outside the workspace nothing vouches for (`ruby ~/Downloads/x.rb`,
/// [`unvouched_file`]): the first operand (after a `run`/`test` subcommand), unless
/// inline code makes the operands data; with the soft category it is run under.
pub(super) fn scratch_operand(cmd: &Cmd, ctx: &JudgeCtx) -> Option<(PathBuf, &'static str)> {
    let prog = cmd.program();
    let name = prog.rsplit('/').next().unwrap_or(prog);
    let bare = name.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    if !SCRIPT_INTERPRETERS.contains(&name) && !SCRIPT_INTERPRETERS.contains(&bare) {
        return None;
    }
    let cwd = cmd.cwd.dir()?;
    for (k, a) in cmd.args().iter().enumerate() {
        if a == "--" {
            continue;
        }
        if let Some(flags) = a.strip_prefix('-') {
            // Inline code (`-e`, `-ne`, `-c`, `--eval`, php's `-r`): the operands are its
            // data, not a script.
            let short = !flags.starts_with('-')
                && flags.chars().any(|c| matches!(c, 'e' | 'E' | 'c' | 'r'));
            if short || matches!(flags, "-eval" | "-command" | "-print") {
                return None;
            }
            continue;
        }
        // A subcommand before the file (`deno run`, `bun test`, `dotnet run`).
        if matches!(a.as_str(), "run" | "test" | "exec" | "x") {
            continue;
        }
        if cmd.arg_dynamic(k) {
            return None;
        }
        let (p, inside) = place_in_ws(a, cwd, ctx);
        if scratch_file(&p, ctx) {
            return Some((p, SCRATCH_CODE));
        }
        // A bare word (`dotnet new`, `swift build`) is a subcommand or the program's text,
        // not a file, wherever it runs: only a path or a file name is taken for one.
        let file_like = a.contains('/')
            || a.rsplit_once('.').is_some_and(|(s, e)| {
                !s.is_empty() && !e.is_empty() && e.chars().all(|c| c.is_ascii_alphanumeric())
            });
        return (file_like && !inside && unvouched_file(&p, cwd, ctx)).then_some((p, OUTSIDE_CODE));
    }
    None
}

/// A script: the file itself (for Python, a directory's `__main__.py`) and an interpreter
/// its `#!` line names inside the workspace.
fn script_definitions(
    run: &ScriptRun,
    script: &str,
    cwd: &Path,
    ctx: &JudgeCtx,
) -> Result<Definitions, Class> {
    let (abs, inside) = place_in_ws(script, cwd, ctx);
    let who = if run.interpreter.is_empty() {
        script.to_string()
    } else {
        format!("{} {script}", run.interpreter)
    };
    if !inside && !in_installed_tooling(&abs, cwd, ctx) {
        // In the temporary directory, where the agent writes without asking: code nobody
        // in the session has seen, as a runner's definition from outside is. Elsewhere
        // (the person's own tools) it keeps its tier.
        if scratch_file(&abs, ctx) {
            return Err(Class::Soft {
                category: SCRATCH_CODE,
                reason: format!(
                    "{who} runs {}, a script in the temporary directory, where anyone's code may be",
                    abs.display()
                ),
            });
        }
        // Anywhere else nothing vouches for (`~/Downloads`, another project): code no one
        // in the session has seen either, which the person names to run.
        if unvouched_file(&abs, cwd, ctx) {
            return Err(Class::Soft {
                category: OUTSIDE_CODE,
                reason: format!("{who} runs {}, {OUTSIDE_FILE}", abs.display()),
            });
        }
        return Err(Class::Unknown {
            reason: format!("{who}: {} is outside the workspace", abs.display()),
        });
    }
    let mut files = vec![abs.clone()];
    match std::fs::metadata(&abs) {
        Err(_) if std::fs::symlink_metadata(&abs).is_ok() => {
            return Err(Class::Unknown {
                reason: format!("{who}: {} is a link that leads nowhere", abs.display()),
            })
        }
        Err(_) if run.searches_path => {
            return Err(Class::Unknown {
                reason: format!(
                    "{} looks {script} up on PATH when it is not in the working directory",
                    run.interpreter
                ),
            })
        }
        // A path standing for what `find -exec`/`fd -x` finds (`{found}`): found files exist.
        Err(_) if abs.components().any(|c| c.as_os_str() == "{found}") => {
            return Err(Class::Unknown {
                reason: format!("{who} runs files found at run time"),
            })
        }
        Err(_)
            if run.interpreter.starts_with("node") && node_finds_another(&abs) != Some(false) =>
        {
            return Err(Class::Unknown {
                reason: format!("node resolves {script} to another file when it does not exist"),
            })
        }
        // Not there: the interpreter (or the kernel, for a path run directly) stops before
        // running anything. Nothing the agent cannot see puts it there in between: its own
        // writes are listed (this command's by `written_in_command`, earlier ones in the
        // session's record), and the baseline keeps it as missing, so a file that appears
        // later counts as changed. For node, every name it would try is kept so (a
        // `x.node` add-on is native code it loads).
        Err(_) => {
            if run.interpreter.starts_with("node") {
                if let (Some(dir), Some(name)) = (abs.parent(), abs.file_name()) {
                    let name = name.to_string_lossy();
                    for ext in ["js", "json", "node", "cjs", "mjs", "ts", "cts", "mts"] {
                        files.push(dir.join(format!("{name}.{ext}")));
                    }
                    for inner in ["package.json", "index.js", "index.json", "index.node"] {
                        files.push(abs.join(inner));
                    }
                }
            }
        }
        Ok(m) if m.is_dir() => {
            if run.interpreter == "python" && abs.join("__main__.py").is_file() {
                files.push(abs.join("__main__.py"));
            } else {
                return Err(Class::Unknown {
                    reason: format!("{who}: {} is a directory", abs.display()),
                });
            }
        }
        Ok(m) if m.is_file() && run.interpreter.is_empty() => {
            if let Some(interp) = shebang_file(&abs, cwd) {
                let (i_abs, i_inside) = place_in_ws(&interp, cwd, ctx);
                if i_inside {
                    files.push(i_abs);
                } else if !paths::system_program(&i_abs) {
                    return Err(Class::Unknown {
                        reason: format!(
                            "{script} names the interpreter {}, outside the workspace",
                            i_abs.display()
                        ),
                    });
                }
            }
        }
        Ok(_) => {}
    }
    Ok(Definitions {
        named: files.clone(),
        agent_counts: files.clone(),
        files,
        generated: Vec::new(),
        uses: Vec::new(),
    })
}

/// The interpreter a `#!` line names by a path (`#!/usr/bin/env bash` names none of its
/// own: `env` is a system program that looks the name up on PATH).
fn shebang_file(script: &Path, cwd: &Path) -> Option<String> {
    use std::io::Read;
    let f = crate::context::state::open_regular(script).ok()?;
    let mut head = [0u8; 256];
    let n = f.take(256).read(&mut head).ok()?;
    let text = std::str::from_utf8(&head[..n]).ok()?;
    let line = text.strip_prefix("#!")?.lines().next()?.trim();
    let interp = line.split_whitespace().next()?;
    let _ = cwd;
    Some(interp.to_string())
}

/// After every part of a command is judged: a build runner or script whose definition a
/// part of the same command writes (`cat > x.sh <<EOF … EOF; bash x.sh`, `echo … >
/// Makefile && make`) runs what the agent just wrote.
pub(super) fn written_in_command(effects: &[Effect], writes: &[PathBuf]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in effects {
        if let Effect::Run {
            code: Code::Project { defined_by, .. },
        } = e
        {
            for d in defined_by {
                let d = PathBuf::from(d);
                let dk = path_key(&d);
                // The file, a directory it is in, or something below it (a definition that is
                // a directory: `x.py/__main__.py`, node's `x/index.js`).
                let hit = writes.iter().any(|w| {
                    let wk = path_key(w);
                    *w == d
                        || d.starts_with(w)
                        || w.starts_with(&d)
                        || dk == wk
                        || dk.starts_with(&wk)
                        || wk.starts_with(&dk)
                });
                if hit && !out.contains(&d) {
                    out.push(d);
                }
            }
            for w in writes {
                if (is_definition_file(w) || in_installed_env(w)) && !out.contains(w) {
                    out.push(w.clone());
                }
            }
        }
    }
    out
}

/// A path as compared with another part's write: its directories resolved through links
/// (`lnk/x.py` with `lnk` → `src` is `src/x.py`) and its letters in one case (a file system
/// that folds case opens `X.py` for `x.py`; where it does not, the two are only taken for
/// one, which asks more, never less).
fn path_key(p: &Path) -> PathBuf {
    let resolved = match (p.parent(), p.file_name()) {
        (Some(dir), Some(name)) => match std::fs::canonicalize(paths::physical(dir)) {
            Ok(real) => real.join(name),
            Err(_) => paths::physical(p),
        },
        _ => p.to_path_buf(),
    };
    PathBuf::from(resolved.to_string_lossy().to_lowercase())
}

/// Does a part with these effects write the work tree from git's objects: a stash made
/// (the work tree reset to the last commit) or applied, another commit or branch checked
/// out, commits merged, picked, reverted or rebased, files restored or reset?
pub(super) fn checks_out(effects: &[Effect]) -> bool {
    use crate::analysis::effects::RepoOp;
    effects.iter().any(|e| {
        matches!(
            e,
            Effect::Repo {
                op: RepoOp::Stash | RepoOp::Switch | RepoOp::Integrate | RepoOp::Rewrite,
                ..
            }
        )
    })
}

/// The definition files of the project code a part runs (those present when it was
/// judged), or the directory it runs in when it names none: what a checkout before it may
/// have changed.
pub(super) fn defined_files(effects: &[Effect], cwd: Option<&Path>) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = Vec::new();
    let mut runs = false;
    for e in effects {
        if let Effect::Run {
            code: Code::Project { defined_by, .. },
        } = e
        {
            runs = true;
            out.extend(defined_by.iter().map(PathBuf::from));
        }
    }
    if runs && out.is_empty() {
        out.extend(cwd.map(Path::to_path_buf));
    }
    out
}

/// Rank of a class, strictest highest (as the verdicts rank).
fn rank(c: &Class) -> u8 {
    match c {
        Class::Hard { .. } => 5,
        Class::Soft { .. } => 4,
        Class::BuildFilesChanged { .. } => 3,
        Class::Unknown { .. } => 1,
        Class::Build { .. } | Class::Routine { .. } => 0,
    }
}

/// The command a wrapper runs (`uv run -m mod …` is `python -m mod …`, `uv run x.py` is
/// `python x.py`), from `at`. `nix develop --command` hands its words to bash's `exec` as
/// they are.
fn wrapped_argv(cmd: &Cmd, call: &RunnerCall, at: usize) -> (Vec<String>, Vec<bool>) {
    wrapped_words(cmd.argv, cmd.dynamic, call, at)
}

fn wrapped_words(
    argv: &[String],
    dynamic: &[bool],
    call: &RunnerCall,
    at: usize,
) -> (Vec<String>, Vec<bool>) {
    let rest = argv.get(at..).unwrap_or(&[]);
    let rest_dyn = dynamic.get(at..).unwrap_or(&[]);
    let lead: &[&str] = if call.module.is_some() {
        &["python", "-m"]
    } else if call.family != Family::Nix && rest.first().is_some_and(|w| w.ends_with(".py")) {
        &["python"]
    } else {
        &[]
    };
    let mut a: Vec<String> = lead.iter().map(|w| w.to_string()).collect();
    a.extend(rest.iter().cloned());
    let mut d = vec![false; lead.len()];
    d.extend(rest_dyn.iter().copied());
    (a, d)
}

/// `uv run CMD…` and the other project wrappers: CMD is classified on its own (a module
/// with `uv run -m`, a `.py` file through Python); the wrapper adds its options' effects
/// and its definition files (it syncs the project's environment first; `nix develop`
/// builds the flake's development shell: [`nix_definitions`]), judged against the baseline
/// as a runner's are.
pub(super) fn wrapped(
    cmd: &Cmd,
    at: usize,
    all: &[crate::analysis::shell::SimpleCommand],
    i: usize,
    ctx: &JudgeCtx,
    depth: u8,
    judge: &dyn Judge,
) -> Look {
    let Some(Ok(call)) = runners::runner(cmd.argv, cmd.dynamic) else {
        return Look::unknown(format!("{} runs another command", cmd.program()));
    };
    let tool = call.tool;
    let (argv, dynamic) = wrapped_argv(cmd, &call, at);
    if dynamic.first().copied().unwrap_or(true) {
        return Look::unknown(format!("{tool} runs a command computed at run time"));
    }
    let inner = Cmd {
        sc: cmd.sc,
        argv: &argv,
        dynamic: &dynamic,
        cwd: cmd.cwd,
    };
    let mut look = judge.classify(&inner, all, i, ctx, depth);
    if look.effects.is_empty() {
        let reads = look.reads.iter().map(Effect::read);
        let writes = look
            .writes
            .iter()
            .map(|w| Effect::write(w, crate::analysis::effects::WriteHow::Replace));
        look.effects = reads.chain(writes).collect();
    }
    // The wrapper's own options.
    let own = class_of(
        tool,
        &call.effects,
        Class::Routine {
            reason: String::new(),
        },
    );
    if rank(&own) > rank(&look.class) {
        look.class = own;
    }
    look.effects.extend(call.effects.iter().cloned());
    // The wrapper's own project code (its definitions filled in below).
    let own_at = look.effects.len();
    look.effects.push(Effect::Run {
        code: Code::Project {
            runner: tool.to_string(),
            defined_by: Vec::new(),
            targets: Vec::new(),
            recipe: Vec::new(),
        },
    });
    if call.lock_install {
        // It installs what the project pins before the command runs (`uv run` syncs,
        // `nix develop` builds or fetches the shell's packages).
        look.effects.push(Effect::Run {
            code: Code::Pinned {
                manager: tool.to_string(),
            },
        });
    }
    look.uses_cwd = true;
    for e in &call.effects {
        match e {
            Effect::Read { path, .. } => look.reads.push(path.clone()),
            Effect::Write { path, .. } | Effect::Delete { path, .. } => {
                look.writes.push(path.clone())
            }
            _ => {}
        }
    }
    let nix = call.family == Family::Nix;
    // What the command does, for the reason line once the definitions are known.
    let mut what = None;
    if let Class::Routine { reason } | Class::Build { reason } = &look.class {
        let w = if reason.is_empty() {
            format!(
                "runs {}",
                argv.first().map(String::as_str).unwrap_or("a command")
            )
        } else {
            reason.clone()
        };
        let via = match tool {
            "bundle" => "bundle exec",
            "uv" => "uv run",
            "poetry" => "poetry run",
            "pipenv" => "pipenv run",
            "pdm" => "pdm run",
            "nix" => "nix develop",
            _ => "hatch run",
        };
        look.class = Class::Build {
            reason: if nix {
                format!("{w}, in the flake's development shell through {via}")
            } else {
                format!("{w}, in the project's environment through {via}")
            },
        };
        what = Some(w);
    }
    // `hatch run NAME ARGS…` and `pdm run NAME ARGS…` run the script NAME of the project's
    // configuration when it defines one, whatever else NAME is (`test` too), with ARGS
    // appended to its command (hatch's "Run commands within project environments", pdm's
    // "pdm run": "extra arguments will be appended"): ARGS are handed to the project's
    // code.
    if matches!(tool, "hatch" | "pdm")
        && argv
            .first()
            .is_some_and(|w| !w.contains('/') && !w.ends_with(".py") && w != "python")
    {
        look.handed.extend(argv.iter().skip(1).cloned());
        handed_outside(cmd, ctx, &mut look);
    }
    if rank(&look.class) > 1 && !matches!(look.class, Class::BuildFilesChanged { .. }) {
        return look;
    }
    // The wrapper syncs the environment from its own definition files.
    let Some(cwd) = cmd.cwd.dir() else {
        return look;
    };
    let defs = if nix {
        nix_definitions(cmd, cwd, ctx).map(|(defs, found)| {
            if let (Some(w), Class::Build { reason }) = (&what, &mut look.class) {
                *reason = in_dev_shell(w, &found);
            }
            defs
        })
    } else {
        runner_definitions(&call, cwd, ctx)
    };
    match defs {
        Err(class) => {
            if rank(&class) > rank(&look.class) {
                look.class = class;
            }
        }
        Ok(defs) => {
            let present: Vec<String> = defs
                .files
                .iter()
                .filter(|f| defs.named.contains(f) || std::fs::symlink_metadata(f).is_ok())
                .map(|f| f.display().to_string())
                .collect();
            if let Some(Effect::Run {
                code: Code::Project { defined_by, .. },
            }) = look.effects.get_mut(own_at)
            {
                *defined_by = present;
            }
            let changed = changed_or_written(&defs.files, &defs.agent_counts, ctx);
            if !changed.is_empty() {
                match &mut look.class {
                    Class::BuildFilesChanged { files } => {
                        for c in changed {
                            if !files.contains(&c) {
                                files.push(c);
                            }
                        }
                    }
                    Class::Build { .. } => look.class = Class::BuildFilesChanged { files: changed },
                    _ => {}
                }
            }
        }
    }
    look
}

/// `nix develop`'s definition files: each `flake.nix` Nix looks for from the working
/// directory up (`flake::find`), the found flake's `flake.lock`, and the file the first
/// word after `nix` names in the working directory (one starting with `#!` is read for
/// more arguments: not understood). All are named (another part of the command writing
/// one is seen before it exists), and the agent's writes count even before the baseline
/// first sees them: `flake.nix` is code whose `shellHook` is bash, `flake.lock` chooses the
/// code fetched. A flake found above the workspace is soft (a flake directory that is no
/// repository is copied whole into the store, which every user of the machine reads).
fn nix_definitions(
    cmd: &Cmd,
    cwd: &Path,
    ctx: &JudgeCtx,
) -> Result<(Definitions, super::flake::Flake), Class> {
    let first = cmd.argv.get(1).map(|w| cwd.join(w));
    if let Some(f) = first.as_ref().filter(|f| super::flake::read_as_script(f)) {
        return Err(Class::Unknown {
            reason: format!(
                "nix reads {}, a file named like its first word, as a `#!` script of more arguments",
                f.display()
            ),
        });
    }
    let Ok(resolved) = std::fs::canonicalize(cwd) else {
        return Err(Class::Unknown {
            reason: format!(
                "nix develop: the working directory {} cannot be resolved",
                cwd.display()
            ),
        });
    };
    let found = super::flake::find(&resolved);
    if let Some(d) = &found.dir {
        if !place_in_ws(&d.display().to_string(), cwd, ctx).1 {
            return Err(soft(format!(
                "nix develop evaluates the flake in {}, outside the workspace",
                d.display()
            )));
        }
    }
    let mut files = found.looked_at.clone();
    files.extend(found.lock());
    files.extend(first);
    let defs = Definitions {
        agent_counts: files.clone(),
        named: files.clone(),
        files,
        generated: Vec::new(),
        uses: Vec::new(),
    };
    Ok((defs, found))
}

/// The reason line of a command `nix develop` runs: in the shell the flake defines, or
/// not at all when Nix finds no flake.
fn in_dev_shell(what: &str, found: &super::flake::Flake) -> String {
    match found.lock() {
        None => "nix develop finds no flake.nix in this directory or the ones above it, up to the repository root, and stops before the command runs".to_string(),
        Some(lock) if std::fs::symlink_metadata(&lock).is_ok() => format!(
            "{what}, in the development shell flake.nix and flake.lock define, through nix develop"
        ),
        Some(_) => format!(
            "{what}, in the development shell flake.nix defines (with no flake.lock, nix locks its inputs at their newest and writes one), through nix develop"
        ),
    }
}

/// The text of the recipes a runner is asked to run, as its definition file writes them:
/// a package.json script (with its `pre`/`post` scripts), a makefile target's recipe lines
/// (and those of the targets it depends on, a few levels down), a justfile recipe's
/// lines. Each line as the shell it goes to would read it, one per line; make's `$$` is a
/// `$`, its `$(VAR)` left for the shell analysis to find it cannot read. `None` when the
/// runner names no such recipe or the file cannot be read. What the floor reads in it is
/// what holds go by (`Code::Project::recipe`); the tier stays the runner's.
pub(super) fn recipe_text(cmd: &Cmd) -> Option<String> {
    let call = runner_call(cmd)?;
    let cwd = cmd.cwd.dir()?;
    let dir = match call.dirs.first() {
        Some(d) if d.starts_with('/') => PathBuf::from(d),
        Some(d) => cwd.join(d),
        None => cwd.to_path_buf(),
    };
    let read = |name: &str| -> Option<String> {
        let f = crate::context::state::open_regular(&dir.join(name)).ok()?;
        let mut text = String::new();
        use std::io::Read;
        f.take(1024 * 1024).read_to_string(&mut text).ok()?;
        Some(text)
    };
    if let Some((mgr, script)) = &call.script {
        if *mgr == Manager::Composer {
            return None;
        }
        let v: serde_json::Value = serde_json::from_str(&read("package.json")?).ok()?;
        let scripts = v.get("scripts")?.as_object()?;
        let lines: Vec<String> = [
            format!("pre{script}"),
            script.clone(),
            format!("post{script}"),
        ]
        .iter()
        .filter_map(|k| scripts.get(k)?.as_str().map(str::to_string))
        .collect();
        return (!lines.is_empty()).then(|| lines.join("\n"));
    }
    match call.family {
        Family::Make if !call.targets.is_empty() => {
            let text = MAKE_FILES.iter().find_map(|n| read(n))?;
            let mut out = Vec::new();
            let mut seen = Vec::new();
            for t in &call.targets {
                make_recipe(&text, t, 0, &mut seen, &mut out);
            }
            (!out.is_empty()).then(|| out.join("\n"))
        }
        Family::Just if !call.targets.is_empty() => {
            let text = ["justfile", "Justfile", ".justfile"]
                .iter()
                .find_map(|n| read(n))?;
            let out = just_recipe(&text, &call.targets[0]);
            (!out.is_empty()).then(|| out.join("\n"))
        }
        _ => None,
    }
}

/// The command lines a package manager runs when it is given words for the script
/// (`npm test -- --coverage`, `pnpm run lint --fix`): the script's text as package.json
/// writes it with the words appended, quoted as the manager quotes them, one line for each
/// way the manager may hand them over ([`RunnerCall::script_args`]). `None` when no words
/// are passed, or npm is asked for a script the package.json it reads does not define;
/// `Err` when the script's text cannot be read (no package.json in the directory — npm
/// looks further up —, another manager's script not defined, a composer script), so what
/// the words do is not known.
pub(super) fn passed_lines(cmd: &Cmd) -> Option<Result<Vec<String>, String>> {
    let call = runner_call(cmd)?;
    if call.script_args.is_empty() {
        return None;
    }
    let (mgr, name) = call.script.as_ref()?;
    let unread = || {
        Err(format!(
            "{} passes words to the script `{name}`, whose text the floor cannot read",
            call.tool
        ))
    };
    let Some(cwd) = cmd.cwd.dir() else {
        return Some(unread());
    };
    if *mgr == Manager::Composer {
        return Some(unread());
    }
    let dir = match call.dirs.first() {
        Some(d) if d.starts_with('/') => PathBuf::from(d),
        Some(d) => cwd.join(d),
        None => cwd.to_path_buf(),
    };
    let scripts = (|| {
        let f = crate::context::state::open_regular(&dir.join("package.json")).ok()?;
        let mut text = String::new();
        use std::io::Read;
        f.take(1024 * 1024).read_to_string(&mut text).ok()?;
        let v: serde_json::Value = serde_json::from_str(&text).ok()?;
        Some(v.get("scripts").cloned().unwrap_or(serde_json::Value::Null))
    })();
    let Some(scripts) = scripts else {
        return Some(unread());
    };
    let Some(text) = scripts
        .get(name)
        .and_then(|t| t.as_str())
        .map(str::to_string)
    else {
        // npm stops at a script its package.json does not define ("npm error Missing
        // script", npm 11 here), so the words go nowhere; yarn and bun run an installed
        // bin or a file by that name instead.
        return (*mgr != Manager::Npm).then(unread);
    };
    Some(Ok(call
        .script_args
        .iter()
        .map(|words| {
            let mut line = text.clone();
            for w in words {
                line.push(' ');
                line.push_str(&shell_quote(w));
            }
            line
        })
        .collect()))
}

/// A word quoted for the shell as one word, as it is: in single quotes, each `'` closed,
/// escaped and reopened.
fn shell_quote(w: &str) -> String {
    format!("'{}'", w.replace('\'', "'\\''"))
}

/// How deep a makefile target's prerequisites are followed for their recipes.
const RECIPE_DEPTH: usize = 3;
/// At most this many recipe lines are read.
const RECIPE_LINES: usize = 200;

/// The recipe lines of `target` in a makefile's text, its prerequisites' first.
fn make_recipe(
    text: &str,
    target: &str,
    depth: usize,
    seen: &mut Vec<String>,
    out: &mut Vec<String>,
) {
    if depth > RECIPE_DEPTH || seen.iter().any(|s| s == target) || out.len() >= RECIPE_LINES {
        return;
    }
    seen.push(target.to_string());
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if line.starts_with('\t') || line.starts_with('#') {
            continue;
        }
        // `a b: c d` (not `X := v`, `X ::= v`, `X != cmd`).
        let Some((names, rest)) = line.split_once(':') else {
            continue;
        };
        if rest.starts_with('=') || rest.starts_with(":=") || names.contains('=') {
            continue;
        }
        if !names.split_whitespace().any(|n| n == target) {
            continue;
        }
        let prereqs = rest.split(';').next().unwrap_or("").trim_start_matches(':');
        for p in prereqs.split_whitespace() {
            make_recipe(text, p, depth + 1, seen, out);
        }
        if let Some((_, inline)) = rest.split_once(';') {
            out.push(make_line(inline));
        }
        for body in lines.by_ref() {
            let Some(cmd) = body.strip_prefix('\t') else {
                break;
            };
            if out.len() >= RECIPE_LINES {
                return;
            }
            out.push(make_line(cmd));
        }
        return;
    }
}

/// One recipe line as make hands it to the shell: without its `@`, `-`, `+` prefixes,
/// `$$` a `$`.
fn make_line(line: &str) -> String {
    line.trim_start_matches(['@', '-', '+', ' '])
        .replace("$$", "$")
}

/// The lines of a justfile recipe (`name args…:` and the indented lines below it).
fn just_recipe(text: &str, name: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if line.starts_with([' ', '\t']) {
            continue;
        }
        let head = line.trim_start_matches('@');
        let Some(first) = head.split([' ', ':']).next() else {
            continue;
        };
        if first != name || !head.contains(':') || head.contains(":=") {
            continue;
        }
        for body in lines.by_ref() {
            if body.trim().is_empty() {
                continue;
            }
            if !body.starts_with([' ', '\t']) {
                break;
            }
            if out.len() >= RECIPE_LINES {
                break;
            }
            out.push(body.trim().trim_start_matches(['@', '-']).to_string());
        }
        break;
    }
    out
}
