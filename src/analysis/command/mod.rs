//! The command floor's judge: [`judge`] walks every simple command of an [`Analysis`],
//! expands its patterns, tracks the directory each part runs in, classifies it (`classify`:
//! a project wrapper, a program named by a path, the routine catalogue, the breadth
//! catalogues, the hard and soft tiers, in that order), collects the paths it reads and
//! writes and what they reach, and combines the findings into one [`Verdict`], strictest
//! first. It owns that walk and that order. Nothing below imports it: the tiers that judge
//! a command inside another (a wrapper's command, `find -exec`, interpreter strings, fzf
//! bindings, the text of an edit) are handed the judge as a `core::Judge` (`Floor`).
//!
//! It decides nothing about modes, rules or reviewers (that is `engine`), and it does no
//! I/O of its own apart from resolving paths through `paths` and asking the session's
//! `Baseline` whether build files changed.
//!
//! Below it, in layers, each module imports only the ones listed before it (no cycle:
//! `tests/layout.rs` keeps it so):
//! - the vocabulary: `core` (what the judge is given, hands a tier and hears back, the
//!   helpers every tier shares, `Judge`), `tier` (the destructive tiers and the program
//!   tables they share), `policy` (the tier of a command from its effects: programs
//!   described by a grammar in `effects::programs` are judged by `policy::effect_class`);
//! - what the tiers look up: `definitions` (the files that define what each runner runs),
//!   `file_kinds` (which files run or steer the agent), `listed` (what a find expression
//!   can print), `trees` (CMake, Meson and ninja source and build trees), `git_repo` (the
//!   repository git would use, and whether its configuration and hooks are the person's),
//!   `selfcmd` (gatehook's and the harness's own CLI), `env` (environment prefixes), `cwd`
//!   (where each part runs), `npx` (the project's installed bins), `flake` (the flake
//!   `nix develop` evaluates);
//! - the catalogues: `catalog` (tool and service families as data: cloud CLIs, Kubernetes,
//!   containers, GitHub, IaC, package managers, databases, fetchers, archivers, remote
//!   shells; `catalog::table` below the families, the dispatch above them), and `compose`
//!   (the files that define a compose project or an image build);
//! - the glue between grammars and the file system: `routine_search` and `routine_git`
//!   (commands run per found file, links followed, script files, secrets printed), `code`
//!   (searching interpreter one-liners and heredocs), `edits` (searching the new text of
//!   edits to files that run or steer the agent), `lint` (what a linter or formatter
//!   reaches), `build` (build and test runners and the files that define what they run),
//!   `venv` (activated virtual environments), `recursive` (the trees and names files of
//!   readers);
//! - `routine`, the routine catalogue: which table judges a command;
//! - the tiers over it: `destructive_git` and `destructive_infra` (data, containers, cloud,
//!   publishing), `destructive` (filesystem and the tier dispatch), `destructive_exec`
//!   (agents, fetchers, code run out of sight, every spelling that still runs),
//!   `frameworks` (the built-in actions a framework's entry point is asked for:
//!   `manage.py flush`, `bin/rails db:drop`, `rails runner`, `credentials:show`),
//!   `destructive_whole` (whole-command patterns), `dynamic` (paths chosen at run time by a
//!   plain lister: `xargs` and command substitutions), `writers` (where shell writes land
//!   and what they plant), `unpack` (extraction and patching judged by the members they
//!   write), `embedded` (commands carried in an argument of a program the floor does not
//!   understand), `loaded` (files, programs and fetched code such a program is told by an
//!   option to load or run, directories it empties), `sensitive` (installs, credential hunting, secrets printed, host names
//!   computed at run time), `remote` (commands run on an ssh host, a device or in a
//!   container).

pub(crate) mod aliases;
mod build;
mod catalog;
mod code;
mod compose;
mod core;
mod cwd;
mod definitions;
mod destructive;
mod destructive_exec;
mod destructive_git;
mod destructive_infra;
mod destructive_whole;
mod dynamic;
mod edits;
mod edits_code;
mod edits_config;
mod edits_sources;
mod embedded;
mod env;
mod file_kinds;
mod flake;
mod frameworks;
mod git_repo;
mod lint;
mod listed;
mod listen;
mod loaded;
mod magics;
mod npx;
mod payload;
mod policy;
mod recursive;
mod remote;
mod routine;
mod routine_git;
mod routine_search;
mod selfcmd;
mod sensitive;
mod tier;
mod trees;
mod unpack;
mod venv;
pub mod writers;

#[cfg(test)]
mod edits_tests;
#[cfg(test)]
mod fixture;
#[cfg(test)]
mod payload_tests;
#[cfg(test)]
mod reach_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_archive;
#[cfg(test)]
mod tests_devtools;
#[cfg(test)]
mod tests_ecosystems;
#[cfg(test)]
mod tests_everyday;
#[cfg(test)]
mod tests_passed;
#[cfg(test)]
mod tests_pip;
#[cfg(test)]
mod tests_search_git;
#[cfg(test)]
mod tests_secret_sends;
#[cfg(test)]
mod tests_streams;
#[cfg(test)]
mod tests_sysinfo;
#[cfg(test)]
mod tests_writes;

pub(crate) use self::core::is_null_device;
pub use self::core::{Class, Finding, JudgeCtx, Judgement, Verdict};
pub(crate) use build::OUTSIDE_CODE;
pub(crate) use catalog::KEY_MATERIAL;
pub use edits::{proposed_text, proposed_text_at, sentence_verb, EditRisk};
pub(crate) use env::{history_var, HISTORY};
pub use file_kinds::{file_kind, source_kind, INSTALLED_KIND, SOURCE_KIND};
pub use selfcmd::{self_command, SelfCommand, ALLOW_ONCE};
pub(crate) use sensitive::{computed_store, computed_tail};

use self::core::{demote, one_line, Cmd, Cwd, Judge, Look};
use cwd::{next_cwd, place};
use destructive_exec::destructive_any;
use env::{code_env, harmless_env, PRIVILEGE_WRAPPERS};

/// The script a look runs as project code (`sh r.sh`, `python3 run.py`) when it is not
/// there where the command runs and an earlier part names it (as an operand, an option's
/// value, glued to an option or after `=`): that part may write it. Not one whose whole
/// text an earlier part writes from the command line itself (`known`).
fn unseen_script(
    look: &Look,
    cwd: &Cwd,
    earlier: &[SimpleCommand],
    known: &[(PathBuf, String)],
) -> Option<String> {
    let dir = cwd.dir()?;
    look.effects.iter().find_map(|e| {
        let scripts: Vec<String> = match e {
            Effect::Run {
                code: Code::Project { defined_by, .. },
            } => defined_by.clone(),
            Effect::Run {
                code: Code::File { path },
            } => vec![path.clone()],
            _ => return None,
        };
        // A path under the directory it runs in is named there by its relative name too.
        let scripts: Vec<String> = scripts
            .into_iter()
            .map(|s| match Path::new(&s).strip_prefix(dir) {
                Ok(rel) => rel.display().to_string(),
                Err(_) => s,
            })
            .collect();
        scripts
            .iter()
            .find(|s| {
                !s.is_empty()
                    && std::fs::symlink_metadata(dir.join(s.as_str())).is_err()
                    // Text the command line itself writes there (`cat > x.py <<'EOF'`) is
                    // seen: judged as ever.
                    && !known
                        .iter()
                        .any(|(p, _)| paths::normalize(&dir.join(s.as_str())) == *p)
                    && earlier
                        .iter()
                        .filter(|c| may_write_operands(c, s))
                        .any(|c| {
                            c.exec.iter().skip(1).any(|w| {
                                w == *s
                                    || w.strip_suffix(s.as_str()).is_some_and(|head| {
                                        head.ends_with(['=', '/']) && !head.contains("..")
                                            || (head.starts_with('-') && !head.starts_with("--"))
                                    })
                            }) || c.redirects.iter().any(|r| r.target == **s)
                        })
            })
            .cloned()
    })
}

/// May the earlier part `c` write the file `script` it names? Not when it only changes
/// its mode or looks at it (`chmod +x x.sh && ./x.sh`, `cat x.sh`, `ls x.sh`), or runs it
/// (`nohup python x.py & nohup python x.py`: the script is its operand). Its redirections
/// are looked at whatever it is.
fn may_write_operands(c: &SimpleCommand, script: &str) -> bool {
    const LOOKS: &[&str] = &[
        "chmod",
        "chown",
        "chgrp",
        "ls",
        "stat",
        "file",
        "test",
        "[",
        "[[",
        "echo",
        "printf",
        "cat",
        "head",
        "tail",
        "grep",
        "rg",
        "wc",
        "which",
        "type",
        "command",
        "du",
        "realpath",
        "readlink",
        "dirname",
        "basename",
        "md5sum",
        "sha1sum",
        "sha256sum",
        "diff",
        "cmp",
        "less",
        "more",
        "bat",
    ];
    const RUNNERS: &[&str] = &[
        "sh", "bash", "zsh", "dash", "python", "python3", "node", "ruby", "perl", "php", "deno",
        "bun",
    ];
    if c.redirects.iter().any(|r| r.target == script) {
        return true;
    }
    let Some(program) = c.program().map(|p| p.rsplit('/').next().unwrap_or(p)) else {
        return true;
    };
    if LOOKS.contains(&program) {
        return false;
    }
    let runs = RUNNERS
        .contains(&program.trim_end_matches(|ch: char| ch.is_ascii_digit() || ch == '.'))
        && c.exec.iter().skip(1).find(|w| !w.starts_with('-')) == Some(&script.to_string());
    !runs
}

/// Is `NAME=value`, a prefix of `program`, a variable no rule of the floor models: not
/// harmless, not compiler flags that only shape the compile, not a variable the floor
/// knows loads code or names a program or file, not one the program's grammar reads as
/// its own options? What such a variable does is the program's business, unseen.
pub(crate) fn unmodelled_env(program: &str, name: &str, value: &str) -> bool {
    let program = program.rsplit('/').next().unwrap_or(program);
    !harmless_env(name)
        && !env::harmless_flags(name, value)
        && !code_env(name)
        && !env::program_path_env(name, value)
        && !env::file_value_env(name, value)
        && !crate::analysis::effects::programs::runners::env_read_as_options(program, name)
}

use crate::analysis::effects::{Code, Effect, WriteHow};
use crate::analysis::reach;
use crate::analysis::shell::{self, Analysis, Origin, RedirectOp, SimpleCommand};
use crate::context::floor::{self, Access, FloorCtx};
use crate::context::paths::{self, Workspace};
use std::path::{Path, PathBuf};

/// Effects for a command judged by a catalogue without a grammar: its paths and, when it
/// is not routine, what its class says.
fn derived_effects(look: &Look, reads: &[PathBuf], writes: &[PathBuf]) -> Vec<Effect> {
    let mut out: Vec<Effect> = reads
        .iter()
        .map(|p| Effect::read(p.display().to_string()))
        .chain(
            writes
                .iter()
                .map(|p| Effect::write(p.display().to_string(), WriteHow::Replace)),
        )
        .collect();
    match &look.class {
        Class::Routine { .. } => {}
        Class::Build { reason } => out.push(Effect::Run {
            code: Code::Project {
                runner: reason.clone(),
                defined_by: Vec::new(),
                targets: Vec::new(),
                recipe: Vec::new(),
            },
        }),
        Class::BuildFilesChanged { files } => out.push(Effect::Run {
            code: Code::Project {
                runner: "a build runner".into(),
                defined_by: files.iter().map(|f| f.display().to_string()).collect(),
                targets: Vec::new(),
                recipe: Vec::new(),
            },
        }),
        Class::Hard {
            category: "credential",
            ..
        } => out.push(Effect::Secret {
            what: "a secret or credential".into(),
        }),
        Class::Soft { reason, .. } | Class::Hard { reason, .. } | Class::Unknown { reason } => {
            out.push(Effect::unknown(reason.clone()))
        }
    }
    out
}

/// Judge an analysed command.
pub fn judge(analysis: &Analysis, ctx: &JudgeCtx) -> Judgement {
    judge_at(analysis, ctx, 0)
}

/// A command some of whose parts may run in more than one directory (a `cd` before them
/// may have failed: `cd ~; cat .netrc`) is judged once per place, the `k`th place of each
/// such part in the `k`th round, and the strictest answer stands: a deny in any place is a
/// deny, a routine answer needs every place routine. What is read, listed or written in any
/// place is the path floor's to judge.
fn judge_at(analysis: &Analysis, ctx: &JudgeCtx, depth: u8) -> Judgement {
    let rounds = analysis
        .commands
        .iter()
        .map(|c| c.cwd_places.len())
        .max()
        .unwrap_or(0);
    if rounds == 0 {
        return judge_placed(analysis, ctx, depth);
    }
    let mut strictest: Option<Judgement> = None;
    for k in 0..rounds {
        let mut placed = analysis.clone();
        for c in &mut placed.commands {
            if let Some(last) = c.cwd_places.len().checked_sub(1) {
                c.cwd = Some(c.cwd_places[k.min(last)].clone());
            }
        }
        let j = judge_placed(&placed, ctx, depth);
        strictest = Some(match strictest {
            None => j,
            Some(s) => stricter(s, j),
        });
    }
    strictest.unwrap_or_else(|| judge_placed(analysis, ctx, depth))
}

/// Two judgements of one command in different places as one: the stricter verdict with
/// its findings, every path of either; a directory only listed where every judgement that
/// reads it only lists it.
fn stricter(a: Judgement, b: Judgement) -> Judgement {
    fn union<T: PartialEq + Clone>(x: &[T], y: &[T]) -> Vec<T> {
        let mut out = x.to_vec();
        for v in y {
            if !out.contains(v) {
                out.push(v.clone());
            }
        }
        out
    }
    let only_listed = |j: &Judgement, p: &PathBuf| j.listings.contains(p) || !j.reads.contains(p);
    let listings = union(&a.listings, &b.listings)
        .into_iter()
        .filter(|p| only_listed(&a, p) && only_listed(&b, p))
        .collect();
    let (findings, verdict) = if b.verdict.rank() > a.verdict.rank() {
        (b.findings, b.verdict)
    } else {
        (a.findings, a.verdict)
    };
    Judgement {
        findings,
        verdict,
        reads: union(&a.reads, &b.reads),
        stats: union(&a.stats, &b.stats),
        listings,
        writes: union(&a.writes, &b.writes),
        planted: union(&a.planted, &b.planted),
        opaque: union(&a.opaque, &b.opaque),
    }
}

fn judge_placed(analysis: &Analysis, ctx: &JudgeCtx, depth: u8) -> Judgement {
    let mut verdict = Verdict::Routine;
    let raise = |v: Verdict, verdict: &mut Verdict| {
        if v.rank() > verdict.rank() {
            *verdict = v;
        }
    };
    if let Some(o) = analysis.opaque.first() {
        raise(
            Verdict::Opaque {
                reason: o.describe(),
            },
            &mut verdict,
        );
    }
    // May a program see POSIXLY_CORRECT (then `file` follows links, so a read without
    // following one is a read like any other)? When this environment has it (the agent's
    // shell inherits the harness's), or the command names it anywhere, or sets or sources
    // variables it computes at run time; and in a command judged again inside another
    // (`find -exec`, `fd -x`), whose surroundings this analysis does not see.
    let posixly = depth > 0
        || std::env::var_os("POSIXLY_CORRECT").is_some()
        || analysis
            .bare_assignments
            .iter()
            .any(|(n, _)| n.contains("POSIXLY"))
        || analysis.commands.iter().any(|c| {
            c.assignments.iter().any(|(n, _)| n.contains("POSIXLY"))
                || c.argv.iter().any(|w| w.contains("POSIXLY"))
                || (matches!(
                    c.program(),
                    Some(
                        "export"
                            | "declare"
                            | "typeset"
                            | "readonly"
                            | "local"
                            | "set"
                            | "env"
                            | "source"
                            | "."
                            | "eval"
                    )
                ) && c.dynamic_words.iter().any(|d| *d))
        });
    // `set -a` / `set -o allexport`: every assignment from there on is exported.
    let allexport = analysis.commands.iter().any(|c| {
        c.program() == Some("set")
            && c.exec.iter().skip(1).any(|w| {
                w == "allexport" || (w.starts_with('-') && !w.starts_with("--") && w.contains('a'))
            })
    });
    for (name, _) in &analysis.bare_assignments {
        if !allexport && env::shell_local(name) {
            continue;
        }
        if env::history_var(name) {
            raise(
                Verdict::Soft {
                    category: env::HISTORY,
                    reason: format!(
                        "assigning {name} changes where or how much of the shell's history is kept"
                    ),
                    command: format!("{name}=…"),
                },
                &mut verdict,
            );
        } else if code_env(name) {
            raise(
                Verdict::Soft {
                    category: "env-injection",
                    reason: format!("assigning {name} makes later programs load or run other code"),
                    command: format!("{name}=…"),
                },
                &mut verdict,
            );
        } else if !harmless_env(name) {
            raise(
                Verdict::Unknown {
                    command: format!("{name}=…"),
                    reason: format!("assigning {name} can change what later commands run"),
                },
                &mut verdict,
            );
        }
    }
    if analysis.commands.is_empty() && analysis.bare_assignments.is_empty() {
        raise(
            Verdict::Unknown {
                command: String::new(),
                reason: "the command is empty".into(),
            },
            &mut verdict,
        );
    }
    let root_cwd = Cwd::Known {
        dir: paths::normalize(ctx.cwd),
        in_ws: ctx.workspace.contains(&paths::forms(
            &ctx.cwd.display().to_string(),
            ctx.cwd,
            ctx.home,
        )),
    };
    let mut cwd = root_cwd.clone();
    // Where the commands of an `ssh HOST CMD` run on the host: not known at first.
    let mut remote_cwd = Cwd::Unknown;
    let mut findings: Vec<Finding> = Vec::new();
    let mut planted = Vec::new();
    let mut all_reads = Vec::new();
    let mut all_stats: Vec<PathBuf> = Vec::new();
    // Directories listed (names only), and paths whose contents are read.
    let mut all_listed: Vec<PathBuf> = Vec::new();
    let mut all_contents: Vec<PathBuf> = Vec::new();
    let mut all_writes = Vec::new();
    // Links the command's parts make, in order.
    let mut links_made: Vec<PathBuf> = Vec::new();
    let cmds = &analysis.commands;
    let mut sensitive: Option<reach::Sensitive> = None;
    // Files this command writes with text known from the analysis (`printf … > f`).
    let mut known_files: Vec<(PathBuf, String)> = Vec::new();
    // Where earlier parts may make a directory (mkdir, a move or link onto the name, an
    // archive or tree put there): a tree copied from there holds what cannot be listed now.
    let mut tree_writes: Vec<PathBuf> = Vec::new();
    // The virtual environment an earlier part activated (`source .venv/bin/activate`).
    let mut venv_dir: Option<PathBuf> = None;
    let mut opaque: Vec<String> = Vec::new();
    for (i, sc) in cmds.iter().enumerate() {
        // Where it runs, as the analysis followed `cd` (and the success or failure of what
        // came before it): a directory other than the one the call started in is placed
        // like a `cd` target; not known, relative paths cannot be placed.
        if sc.remote.is_none() {
            cwd = match &sc.cwd {
                Some(d) if root_cwd.dir() == Some(paths::normalize(d).as_path()) => {
                    root_cwd.clone()
                }
                Some(d) => cwd::at(d, ctx),
                None => Cwd::Unknown,
            };
        }
        // Patterns expand against the filesystem now, as bash would expand them (on an ssh
        // host, against the host's: not here).
        let expanded = if sc.remote.is_none() {
            expand_globs(sc, &cwd)
        } else {
            None
        };
        let sc = expanded.as_ref().unwrap_or(sc);
        let offset = sc.argv.len().saturating_sub(sc.exec.len());
        let dynamic = sc.dynamic_words.get(offset..).unwrap_or(&[]);
        if sc.remote.is_none() {
            remote_cwd = Cwd::Unknown;
        }
        // A subcommand's alias or abbreviation is the command it names (`npm it x` is
        // `npm install-test x`): what judges the call reads that (`aliases`).
        let canonical = crate::analysis::command::aliases::canonical(&sc.exec);
        let exec: &[String] = canonical.as_deref().unwrap_or(&sc.exec);
        let cmd = Cmd {
            sc,
            argv: exec,
            dynamic,
            cwd: if sc.remote.is_some() {
                &remote_cwd
            } else {
                &cwd
            },
        };
        let written = sc.argv.get(offset).map(String::as_str).unwrap_or("");
        let shadow = venv_dir
            .as_deref()
            .filter(|_| sc.remote.is_none())
            .and_then(|v| venv::shadowed(written, v, ctx));
        // `pip install -e .` by the pip of a virtual environment inside the workspace (the
        // one activated before, or named by its path): the project's own definitions
        // installed there.
        let pip_install = (sc.remote.is_none() && !sc.exec.is_empty())
            .then(|| {
                let venv = if written.contains('/') {
                    venv::of_program(written, cwd.dir()?)?
                } else {
                    venv_dir.clone()?
                };
                venv::pip_install(&cmd, &venv, ctx)
            })
            .flatten();
        let mut look = if sc.exec.is_empty() {
            Look::routine("no program runs")
        } else if let Some(l) = pip_install {
            l
        } else if let Some(l) = shadow {
            l
        } else if matches!(written, "source" | ".") && sc.remote.is_none() {
            match venv::activate(&cmd, ctx) {
                Ok((l, v)) => {
                    if v.is_some() {
                        venv_dir = v;
                    }
                    l
                }
                Err(why) => {
                    let reason = format!("source/. runs the contents of a file: {why}");
                    opaque.push(reason.clone());
                    raise(Verdict::Opaque { reason }, &mut verdict);
                    Look::unknown(why)
                }
            }
        } else if written.starts_with('/')
            && !paths::system_program(Path::new(written))
            && ctx
                .workspace
                .contains(&paths::forms(written, ctx.cwd, ctx.home))
        {
            // A program of the workspace named by its absolute path: the project's
            // scripts are judged like build runners.
            let mut argv = sc.exec.clone();
            argv[0] = written.to_string();
            let by_path = Cmd {
                sc,
                argv: &argv,
                dynamic,
                cwd: &cwd,
            };
            classify(&by_path, cmds, i, ctx, depth)
        } else if let Some((argv, dynamic)) = sc
            .remote
            .is_none()
            .then(|| {
                crate::analysis::effects::programs::runners::env_options(
                    exec,
                    dynamic,
                    &sc.assignments,
                )
            })
            .flatten()
        {
            // A variable the runner reads as one of its options (`CARGO_TARGET_DIR=~ cargo
            // clean`): judged as the option would be.
            let with_env = Cmd {
                sc,
                argv: &argv,
                dynamic: &dynamic,
                cwd: &cwd,
            };
            classify(&with_env, cmds, i, ctx, depth)
        } else if let Some(bin) = (written == "npx" && sc.remote.is_none())
            .then(|| cwd.dir().map(|d| npx::local_bin(&sc.exec, dynamic, d, ctx)))
            .flatten()
            .and_then(Result::ok)
        {
            // `npx NAME` with NAME installed in the project: that file, by its path, with
            // the files npm reads on the way as definitions too. A linter, formatter or
            // type checker with a grammar (`npx eslint --fix src`) is judged by it, with
            // the bin among its definitions.
            let by_name: Vec<String> = sc.exec.iter().skip(1).cloned().collect();
            let by_name_dynamic: Vec<bool> = dynamic.iter().skip(1).copied().collect();
            let linter =
                crate::analysis::effects::programs::linters::linter(&by_name, &by_name_dynamic)
                    .is_some();
            let mut argv = vec![bin.display().to_string()];
            argv.extend(sc.exec.iter().skip(2).cloned());
            let mut dynamic_by_path = vec![false];
            dynamic_by_path.extend(dynamic.iter().skip(2).copied());
            let mut l = if linter {
                let named = Cmd {
                    sc,
                    argv: &by_name,
                    dynamic: &by_name_dynamic,
                    cwd: &cwd,
                };
                let mut l = classify(&named, cmds, i, ctx, depth);
                let mut bins = vec![bin.clone()];
                bins.extend(std::fs::canonicalize(&bin).ok().filter(|t| *t != bin));
                build::also_defined_by_files(&mut l, &bins, ctx);
                l
            } else {
                let by_path = Cmd {
                    sc,
                    argv: &argv,
                    dynamic: &dynamic_by_path,
                    cwd: &cwd,
                };
                classify(&by_path, cmds, i, ctx, depth)
            };
            if let Some(dir) = cwd.dir() {
                build::also_defined_by(&mut l, dir, npx::DEFINED_BY, ctx);
            }
            if let Class::Build { reason } = &mut l.class {
                if linter {
                    *reason = format!(
                        "{reason}, through the project's installed {} (npx finds it before fetching anything)",
                        bin.display()
                    );
                } else if let Some(rest) = reason.strip_prefix("runs ") {
                    *reason = format!(
                        "runs the project's installed bin {rest} (npx finds it before fetching anything)"
                    );
                }
            }
            l
        } else if written.starts_with('/') && !paths::system_program(Path::new(written)) {
            // `/var/tmp/grep` is whatever file is there, not grep; in the temporary
            // directory, where the agent writes without asking, it is code nobody in the
            // session has seen (as `bash /tmp/x.sh` is).
            let why = format!(
                "{written} is a file outside the system's program directories, not {}",
                sc.exec
                    .first()
                    .map(String::as_str)
                    .unwrap_or("a known program")
            );
            let mut l = Look::unknown(why);
            if build::scratch_file(Path::new(written), ctx) {
                if let Class::Unknown { reason } = &l.class {
                    l.class = Class::Soft {
                        category: build::SCRATCH_CODE,
                        reason: format!(
                            "{reason}: it runs a file in the temporary directory, where anyone's code may be"
                        ),
                    };
                }
            } else if cwd
                .dir()
                .is_some_and(|d| build::unvouched_file(Path::new(written), d, ctx))
            {
                // Outside the workspace, where nothing vouches for it (`~/Downloads/x`).
                if let Class::Unknown { reason } = &l.class {
                    l.class = Class::Soft {
                        category: build::OUTSIDE_CODE,
                        reason: format!("{reason}: it runs {}", build::OUTSIDE_FILE),
                    };
                }
            }
            l.effects = vec![Effect::Run {
                code: Code::File {
                    path: written.to_string(),
                },
            }];
            l
        } else {
            classify(&cmd, cmds, i, ctx, depth)
        };
        // A process substitution given where a file is read or written is a pipe another
        // part of the command fills or drains (judged on its own), never a path: whichever
        // grammar typed it, it places nothing. (Where it is code or a definition, the
        // grammar said so: `Code::Output`.)
        {
            use crate::analysis::effects::grammar::is_process_substitution as piped;
            look.reads.retain(|p| !piped(p));
            look.writes.retain(|p| !piped(p));
            look.effects.retain(|e| match e {
                Effect::Read { path, .. } | Effect::Write { path, .. } => !piped(path),
                _ => true,
            });
        }
        // A script that is not there yet, named by an earlier part of the command (`xxd -r
        // -p hex.txt r.sh && sh r.sh`, `openssl enc -d … -out r.sh && bash r.sh`, `ar x
        // a.ar r.sh && sh r.sh`): that part may write it, whatever the floor knows of it,
        // so what runs is code no one has seen, not "nothing".
        // (A tier already drawn — scratch code, a hard refusal — says more.)
        if let Some(s) = unseen_script(&look, &cwd, &cmds[..i], &known_files)
            .filter(|_| !matches!(look.class, Class::Soft { .. } | Class::Hard { .. }))
        {
            look.class = Class::Soft {
                category: "unseen-code",
                reason: format!(
                    "runs {s}, which is not there yet and which an earlier part of the command names: it may write it, so what runs is code no one has seen"
                ),
            };
        }
        // Redirections: dups, /dev/null and workspace files are fine; the rest is judged.
        redirects(&cmd, &mut look);
        // Extraction and patching: the members of the archive, written under its
        // destination (`unpack`).
        if sc.remote.is_none() {
            unpack::expand(
                &cmd,
                cmds,
                i,
                &mut look,
                ctx,
                &unpack::Earlier {
                    written: &all_writes,
                    trees: &tree_writes,
                    known: &known_files,
                },
            );
        }
        // Where copies and moves land, and what lands in files that run or steer the agent.
        if let Some(p) = writers::land(&cmd, cmds, i, &mut look, ctx, &Floor) {
            planted.push(p);
        }
        // A program the floor does not understand handed a command line it would not let
        // through on its own (`tar --to-command='rm -rf ~'`): soft, with what that command
        // does among its effects (after the passes above, which judge the program's own).
        carried(&cmd, ctx, depth, &mut look);
        // What the fixed parts of a program the floor still does not understand show: a
        // path computed at run time that names a store, an archive holding guarded files,
        // a script in the temporary directory.
        if let Class::Unknown { reason } = &look.class {
            // (An extractor the floor models judged its archive already: `unpack`.)
            if let Some(why) = sensitive::dynamic_store(&cmd, ctx) {
                look.class = Class::Soft {
                    category: "credentials",
                    reason: format!("{} is given {why} ({reason})", cmd.program()),
                };
            } else if let Some(Err(unseen)) = unpack::inline_extraction(&cmd, ctx) {
                // Inline code that extracts an archive the floor could not read: the
                // extraction, whose members no one has seen (the reason it was unknown
                // kept as an effect not understood).
                if !look.effects.iter().any(Effect::is_unknown) {
                    look.effects.push(Effect::unknown(reason.clone()));
                }
                look.effects.push(unseen);
            } else if let Some((why, lands)) = look
                .effects
                .iter()
                .all(|e| !matches!(e, Effect::Unpack { .. }))
                .then(|| {
                    unpack::may_unpack_guarded(&cmd, ctx)
                        .or_else(|| unpack::inline_extraction(&cmd, ctx)?.ok())
                })
                .flatten()
            {
                // The guarded files it may write meet the path floor as written by name.
                for p in &lands {
                    look.effects
                        .push(Effect::write(p.display().to_string(), WriteHow::Replace));
                    look.writes.push(p.display().to_string());
                }
                look.class = Class::Soft {
                    category: "persistence",
                    reason: format!("{} is given {why} ({reason})", cmd.program()),
                };
            } else if let Some((f, category)) = build::scratch_operand(&cmd, ctx) {
                let place = if category == build::SCRATCH_CODE {
                    "a file in the temporary directory, where anyone's code may be"
                } else {
                    build::OUTSIDE_FILE
                };
                look.class = Class::Soft {
                    category,
                    reason: format!(
                        "{} may run {}, {place} ({reason})",
                        cmd.program(),
                        f.display()
                    ),
                };
                if category == build::OUTSIDE_CODE {
                    look.effects.push(Effect::Run {
                        code: Code::File {
                            path: f.display().to_string(),
                        },
                    });
                }
            }
        }
        // Privilege wrappers: the same command as another user is not routine.
        if let Some(w) = sc
            .wrappers
            .iter()
            .find(|w| PRIVILEGE_WRAPPERS.contains(&w.as_str()))
        {
            demote(&mut look, format!("it runs through {w}"));
        }
        // As another user: a privilege only the person grants. A shell given no command
        // (`sudo -i`, `su`, `pkexec bash`) runs what is typed into it, which no one sees.
        let privileged = env::privileged(sc);
        if let Some((how, true)) = &privileged {
            if !matches!(look.class, Class::Hard { .. } | Class::Soft { .. }) {
                look.class = Class::Soft {
                    category: "privilege",
                    reason: format!("it runs {how}"),
                };
            }
        }
        // Through systemd-run it runs as a unit of the service manager, outside the session.
        if sc.wrappers.iter().any(|w| w == "systemd-run") {
            catalog::transient_unit(sc, &mut look);
        }
        // A substitution the analysis did not reach (`${x:-`…`}`) hides a command. Only in
        // a word left unresolved: in one bash resolves to its text (quoted, escaped,
        // `$'…'`: a template literal of `node -e '…'`) a backquote is a character.
        if sc
            .exec
            .iter()
            .zip(dynamic.iter().chain(std::iter::repeat(&true)))
            .any(|(w, d)| *d && (w.contains('`') || w.contains("$(")))
            && !cmds.iter().any(|c| {
                c.part == sc.part
                    && matches!(c.origin, Origin::Substitution | Origin::ProcessSubstitution)
            })
        {
            demote(&mut look, "a command substitution was not analysed".into());
        }
        // Prefixes that change what runs, and what earlier exports put in its environment
        // (judged alike: `export LD_PRELOAD=…; make` is `LD_PRELOAD=… make`). A builtin
        // bash runs itself reads no variable but the shell's own.
        let prefix = |name: &str| {
            if sc.exported.iter().any(|n| n == name) {
                format!("{name}, exported earlier in the command,")
            } else {
                format!("the {name}=… prefix")
            }
        };
        if let Some((name, _)) = sc
            .assignments
            .iter()
            .find(|(n, v)| code_env(n) || env::program_path_env(n, v) || env::file_value_env(n, v))
        {
            look.class = Class::Soft {
                category: "env-injection",
                reason: format!("{} makes the program load or run other code", prefix(name)),
            };
        }
        let blind = env::env_blind_builtin(sc);
        let own_options = |n: &str| {
            sc.remote.is_none()
                && sc.exec.first().is_some_and(|p| {
                    crate::analysis::effects::programs::runners::env_read_as_options(p, n)
                })
        };
        if let Some((name, _)) = sc.assignments.iter().find(|(n, v)| {
            !harmless_env(n)
                && !env::harmless_flags(n, v)
                && !own_options(n)
                && (!blind || env::shell_reads(n))
        }) {
            demote(
                &mut look,
                format!("{} can change what the program runs", prefix(name)),
            );
        }
        // Where it runs.
        if let Some(host) = sc.remote.as_deref() {
            // On the host: its paths are not this machine's.
            remote::on_host(&mut look, host, sc, ctx);
        } else if look.uses_cwd
            && !cwd.in_ws()
            && !cwd
                .dir()
                .is_some_and(|d| build::runs_installed_tooling_in(&look, d, ctx))
        {
            demote(
                &mut look,
                "it acts on a working directory outside the workspace or not known".into(),
            );
        }
        // Paths whose metadata alone is read (`stat f`, `ls -l f`): a file behind one is
        // not read, so neither its link target nor its other names matter; a directory's
        // names are a read of it like any other. A path read without following a link
        // there (`file f`) is such a look when it is a link (not one this command may
        // have replaced), and a read otherwise.
        use crate::analysis::effects::Reach as R;
        let reaches = |p: &String| -> Vec<R> {
            look.effects
                .iter()
                .filter_map(|e| match e {
                    Effect::Read { path, reach } if path == p => Some(*reach),
                    _ => None,
                })
                .collect()
        };
        let meta_only = |p: &String| {
            let r = reaches(p);
            !r.is_empty() && r.iter().all(|r| *r == R::Metadata)
        };
        let link_only = |p: &String| {
            let r = reaches(p);
            !posixly
                && r.contains(&R::FileNoFollow)
                && r.iter().all(|r| matches!(r, R::Metadata | R::FileNoFollow))
        };
        let mut link_stats = Vec::new();
        let mut read_words = Vec::new();
        let mut stat_words = Vec::new();
        for p in &look.reads {
            if meta_only(p) {
                stat_words.push(p.clone());
            } else if link_only(p) {
                let (placed, _) = place(std::slice::from_ref(p), &cwd);
                let is_link = |q: &PathBuf| {
                    !all_writes.contains(q)
                        && std::fs::symlink_metadata(q).is_ok_and(|m| m.file_type().is_symlink())
                };
                match placed.first() {
                    Some(q) if is_link(q) => link_stats.push(q.clone()),
                    _ => read_words.push(p.clone()),
                }
            } else {
                read_words.push(p.clone());
            }
        }
        let (mut reads, r_unplaced) = place(&read_words, &cwd);
        let (stat_placed, s_unplaced) = place(&stat_words, &cwd);
        let (dirs, mut stats): (Vec<PathBuf>, Vec<PathBuf>) =
            stat_placed.into_iter().partition(|p| p.is_dir());
        stats.extend(link_stats);
        all_listed.extend(dirs.iter().cloned());
        all_contents.extend(reads.iter().cloned());
        reads.extend(dirs);
        let r_unplaced = r_unplaced || s_unplaced;
        let (mut writes, w_unplaced) = place(&look.writes, &cwd);
        // A path below a link an earlier part of this command makes (`ln -s /etc v && sed -i
        // … v/hosts`): where it lands was not on disk when the floor looked. This only
        // raises a tier: a hard one stays hard.
        let hard = matches!(look.class, Class::Hard { .. });
        if let Some((p, l)) = reads.iter().chain(&writes).filter(|_| !hard).find_map(|p| {
            links_made
                .iter()
                .find(|l| p.starts_with(l) && p != *l)
                .map(|l| (p.clone(), l.clone()))
        }) {
            look.class = Class::Soft {
                category: "link-through",
                reason: format!(
                    "{} goes through {}, a link an earlier part of this command makes",
                    p.display(),
                    l.display()
                ),
            };
        }
        for e in &look.effects {
            if let Effect::Write {
                path,
                how: crate::analysis::effects::WriteHow::Link,
            } = e
            {
                let (placed, _) = place(std::slice::from_ref(path), &cwd);
                links_made.extend(placed);
            }
        }
        if let Class::Routine { reason } = &mut look.class {
            if !writes.is_empty() && !w_unplaced && writes.iter().all(|w| inside(w, ctx)) {
                reason.push_str(" inside the workspace");
            }
        }
        if r_unplaced || w_unplaced {
            demote(
                &mut look,
                "a path cannot be placed: it follows a cd whose target is not known, or climbs out (`NAME/..`) of a name that is not there yet".into(),
            );
        }
        // Trees its effects read whole (`tar -c`, `zip -r`), for readers `recursive` does
        // not name. Listers (`ls -R`, `du`, `tree`, `eza -R`) reach names and sizes only: a
        // hard link among them is not a read of the file it shares.
        let names_only = matches!(
            cmd.program(),
            "ls" | "du" | "tree" | "exa" | "eza" | "lsd" | "dir" | "vdir"
        );
        let effect_trees: Vec<(String, bool, bool)> = look
            .effects
            .iter()
            .filter_map(|e| match e {
                Effect::Read { path, reach } => match reach {
                    crate::analysis::effects::Reach::Tree => {
                        Some((path.clone(), false, !names_only))
                    }
                    crate::analysis::effects::Reach::TreeFollow => {
                        Some((path.clone(), true, !names_only))
                    }
                    _ => None,
                },
                _ => None,
            })
            .collect();
        let reached = Reached {
            cmd: &cmd,
            listed: dynamic::listed(&cmd, cmds, i),
            effect_trees: &effect_trees,
            known_files: &known_files,
            written: &all_writes,
            workspace: ctx.workspace,
            floor: ctx.floor,
            home: ctx.home,
        };
        if let Err(why) = reached.extend(&mut reads, ctx, &mut sensitive) {
            demote(&mut look, why);
        }
        // A file written that has other names: a write through a hard link to a credential
        // (`echo … > data.bin`, `>> data.bin`, `tee data.bin`) writes the store it shares.
        let mut linked = Vec::new();
        for w in &writes {
            match reach::alias(w, &mut sensitive, ctx.floor) {
                Ok(found) => linked.extend(found),
                Err(why) => demote(&mut look, why),
            }
        }
        writes.extend(linked);
        if let Some(text) = sc.output.as_ref().filter(|_| sc.remote.is_none()) {
            for r in &sc.redirects {
                if matches!(r.op, RedirectOp::Out | RedirectOp::Clobber) && !r.dynamic {
                    let (p, _) = place(std::slice::from_ref(&r.target), &cwd);
                    known_files.extend(p.into_iter().map(|p| (p, text.clone())));
                }
            }
        }
        let text = one_line(&sc.text);
        match &look.class {
            Class::Hard { category, reason } => raise(
                Verdict::Hard {
                    category,
                    reason: reason.clone(),
                    command: text,
                },
                &mut verdict,
            ),
            Class::Soft { category, reason } => raise(
                Verdict::Soft {
                    category,
                    reason: reason.clone(),
                    command: text,
                },
                &mut verdict,
            ),
            Class::BuildFilesChanged { files } => raise(
                Verdict::BuildFilesChanged {
                    files: files.clone(),
                    command: text,
                },
                &mut verdict,
            ),
            Class::Unknown { reason } => raise(
                Verdict::Unknown {
                    command: text,
                    reason: reason.clone(),
                },
                &mut verdict,
            ),
            Class::Routine { .. } | Class::Build { .. } => {}
        }
        let mut effects = if look.effects.is_empty() {
            derived_effects(&look, &reads, &writes)
        } else {
            std::mem::take(&mut look.effects)
        };
        if let Some((how, _)) = privileged {
            effects.push(Effect::Privilege { how });
        }
        findings.push(Finding {
            part: sc.part,
            argv: sc.exec.clone(),
            cwd: if sc.remote.is_some() {
                remote_cwd.dir().map(Path::to_path_buf)
            } else {
                cwd.dir().map(Path::to_path_buf)
            },
            origin: sc.origin.describe(),
            class: look.class,
            reads: reads.iter().chain(&stats).cloned().collect(),
            writes: writes.clone(),
            effects,
        });
        for e in findings.last().map(|f| f.effects.as_slice()).unwrap_or(&[]) {
            let raw = match e {
                Effect::Write {
                    path,
                    how: WriteHow::Mkdir | WriteHow::MoveInto | WriteHow::Link,
                } => path,
                Effect::Unpack { into, .. } => into,
                _ => continue,
            };
            tree_writes.extend(place(std::slice::from_ref(raw), &cwd).0);
        }
        all_reads.extend(reads);
        all_stats.extend(stats);
        all_writes.extend(writes);
        // On an ssh host `cd` moves the host's cwd for later commands of the same list
        // (here the analysis records where each command runs: `shell::dirs`).
        if sc.remote.is_some() {
            if matches!(sc.program(), Some("cd" | "pushd")) {
                remote_cwd = next_cwd(&cmd, sc, ctx);
            } else if sc.program() == Some("popd") {
                remote_cwd = Cwd::Unknown;
            }
        }
    }
    // A runner or script whose definition another part of the command writes — by name,
    // or by checking files out of git (a stash applied, a branch switched, the work tree
    // reset) before it runs: then its definitions hold what git's objects hold, which the
    // floor did not look at.
    // Any part: the order of the parts is not the order they run in (a command
    // substitution runs before the command it is in, a background job beside what
    // follows it).
    let checks_out = findings.iter().any(|f| build::checks_out(&f.effects));
    for f in findings.iter_mut() {
        if matches!(f.class, Class::Build { .. }) {
            let mut files = build::written_in_command(&f.effects, &all_writes);
            for w in build::shadows_written(&f.argv, f.cwd.as_deref(), &all_writes) {
                if !files.contains(&w) {
                    files.push(w);
                }
            }
            if checks_out {
                for d in build::defined_files(&f.effects, f.cwd.as_deref()) {
                    if !files.contains(&d) {
                        files.push(d);
                    }
                }
            }
            if !files.is_empty() {
                raise(
                    Verdict::BuildFilesChanged {
                        files: files.clone(),
                        command: one_line(&f.argv.join(" ")),
                    },
                    &mut verdict,
                );
                f.class = Class::BuildFilesChanged { files };
            }
        }
    }
    // Inline Python imports from its working directory first: a module another part of
    // the command writes there (`printf … > json.py; python3 -c 'import json'`) is what
    // it would run, whatever the order of the parts.
    for f in findings.iter_mut() {
        let (Class::Routine { .. }, Some(dir)) = (&f.class, f.cwd.as_deref()) else {
            continue;
        };
        if !f.argv.first().is_some_and(|p| code::pure_python_program(p)) {
            continue;
        }
        let shadow = build::written_modules(dir, &all_writes, |stem| {
            crate::analysis::effects::programs::pyinline::STDLIB_MODULES.contains(&stem)
        });
        if let Some(w) = shadow.first() {
            let reason = format!(
                "another part of the command writes {}, which Python would import from its working directory in place of the standard library's module",
                w.display()
            );
            raise(
                Verdict::Unknown {
                    command: one_line(&f.argv.join(" ")),
                    reason: reason.clone(),
                },
                &mut verdict,
            );
            f.class = Class::Unknown { reason };
        }
    }
    // Whole-command patterns: network into a shell, credentials with egress, fork bombs.
    for v in destructive_whole::whole(analysis, &findings, &all_reads, ctx) {
        raise(v, &mut verdict);
    }
    // Secrets printed where the agent reads them (environment dumps, secret-shaped
    // variables expanded into words).
    for v in sensitive::secrets_printed(analysis, &mut findings) {
        raise(v, &mut verdict);
    }
    for v in sensitive::exposures(analysis, &mut findings, ctx) {
        raise(v, &mut verdict);
    }
    // Debuggers opened to the network (`node --inspect=0.0.0.0:9229`, `dlv --listen=:2345`).
    for v in catalog::debugger_exposures(analysis, &mut findings) {
        raise(v, &mut verdict);
    }
    all_listed.retain(|d| !all_contents.contains(d));
    Judgement {
        findings,
        verdict,
        reads: all_reads,
        stats: all_stats,
        listings: all_listed,
        writes: all_writes,
        planted,
        opaque,
    }
}

/// Is this placed path inside the workspace (lexically and resolved)?
fn inside(p: &Path, ctx: &JudgeCtx) -> bool {
    ctx.workspace
        .contains(&paths::forms(&p.display().to_string(), ctx.cwd, ctx.home))
}

/// Classify one command: hard and soft tiers first, then the catalogues.
fn classify(cmd: &Cmd, all: &[SimpleCommand], i: usize, ctx: &JudgeCtx, depth: u8) -> Look {
    let mut look = classify_one(cmd, all, i, ctx, depth);
    if let Some((name, installed)) = installed_bin(cmd.program()) {
        by_name(cmd, &name, installed, all, i, ctx, depth, &mut look);
    }
    look
}

/// The name of a program of the project's installed environment named by its path
/// (`node_modules/.bin/jest`, `.venv/bin/pytest`, a bin of a directory holding
/// `pyvenv.cfg`: that tool, installed; `true`), or of a project's `bin/NAME` named by a
/// relative path (a binstub, `bin/rspec`, `bin/rails`, is the tool by that name as often
/// as not; `false`). `None` for any other path.
fn installed_bin(program: &str) -> Option<(String, bool)> {
    if !program.contains('/') {
        return None;
    }
    let p = Path::new(program);
    let name = p.file_name()?.to_str()?;
    let plain = name
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphanumeric())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'));
    let parent = p.parent()?;
    let dir = parent.file_name()?.to_str()?;
    let node = dir == ".bin"
        && parent
            .parent()
            .and_then(Path::file_name)
            .is_some_and(|n| n == "node_modules");
    let venv = matches!(dir, "bin" | "Scripts") && file_kinds::in_installed_env(p);
    let stub = dir == "bin"
        && !program.starts_with(['/', '~'])
        && parent
            .parent()
            .is_some_and(|g| g.as_os_str().is_empty() || g == Path::new("."));
    if !plain {
        return None;
    }
    if node || venv {
        Some((name.to_string(), true))
    } else {
        stub.then(|| (name.to_string(), false))
    }
}

/// A program of the project's installed environment is that tool: its arguments are
/// judged by the tool's grammar, as when it is called by name, besides what the floor
/// says of the file by its path (the project's code, routine while unchanged). What the
/// tool is found to do beyond that stands; an option or a path given to a tool the floor
/// has no grammar for is not understood (a plain word, a subcommand or a name filter, is
/// left to the file's own judgement). For a project's `bin/NAME` (not `installed`), which
/// may be the project's own script by that name, only what the tool's grammar asks about
/// or refuses counts.
#[allow(clippy::too_many_arguments)]
fn by_name(
    cmd: &Cmd,
    name: &str,
    installed: bool,
    all: &[SimpleCommand],
    i: usize,
    ctx: &JudgeCtx,
    depth: u8,
    look: &mut Look,
) {
    let mut argv = vec![name.to_string()];
    argv.extend(cmd.argv.iter().skip(1).cloned());
    let named = Cmd {
        sc: cmd.sc,
        argv: &argv,
        dynamic: cmd.dynamic,
        cwd: cmd.cwd,
    };
    let mut tool = classify_one(&named, all, i, ctx, depth);
    carried(&named, ctx, depth, &mut tool);
    look.reads.extend(tool.reads);
    look.writes.extend(tool.writes);
    look.effects.extend(tool.effects.into_iter().filter(|e| {
        !matches!(
            e,
            Effect::Run {
                code: Code::Project { .. }
            }
        )
    }));
    // A project's `bin/NAME` that is no tool the floor knows is the project's own script:
    // the long-tail verb rule (`bin/console cache:clear` read as a destructive `clear`)
    // says nothing of it.
    let long_tail = matches!(&tool.class, Class::Soft { reason, .. }
        if catalog::unknown_program_mutation(&named).is_some_and(|(_, r)| &r == reason));
    let counts = match &tool.class {
        _ if !installed && long_tail => false,
        Class::Unknown { .. } | Class::BuildFilesChanged { .. } if !installed => false,
        Class::Unknown { .. } => cmd.argv.iter().skip(1).any(|w| {
            w.starts_with('-') || w.contains('/') || w.starts_with('~') || w.starts_with('.')
        }),
        _ => true,
    };
    if counts && class_rank(&tool.class) > class_rank(&look.class) {
        look.class = match tool.class {
            Class::Unknown { reason } => Class::Unknown {
                reason: format!(
                    "{} is the project's installed {name}, given arguments: {reason}",
                    cmd.program()
                ),
            },
            other => other,
        };
    }
}

fn classify_one(cmd: &Cmd, all: &[SimpleCommand], i: usize, ctx: &JudgeCtx, depth: u8) -> Look {
    // `uv run CMD`, `poetry run CMD`: CMD is judged on its own, in the project's environment.
    // A server listening beyond loopback, or without authentication, is asked about
    // whatever else its grammar says (`listen`).
    let listener = listen::listener(cmd.argv);
    if let Some(at) = build::wrapped_at(cmd) {
        let mut look = build::wrapped(cmd, at, all, i, ctx, depth, &Floor);
        if let Some(l) = &listener {
            l.apply(&mut look);
        }
        return look;
    }
    let targets = destructive::inherited_targets(cmd, all, i);
    let mut look = if cmd.program() == "xargs" {
        dynamic::xargs(cmd, all)
    } else if cmd.program().contains('/') {
        // A program named by a path is a file being run: the project's scripts are
        // judged like build runners.
        build::look(cmd).unwrap_or_else(|| routine::look(cmd, ctx, &Floor))
    } else {
        routine::look(cmd, ctx, &Floor)
    };
    if matches!(look.class, Class::Unknown { .. }) && cmd.has_expansion() {
        if let Some(l) = dynamic::with_substitutions(cmd, all, ctx, &Floor) {
            look = l;
        }
    }
    dynamic::xargs_child(cmd, all, i, ctx, &mut look, &Floor);
    catalog::secret_consumed(all, i, &mut look);
    catalog::console_fed(all, i, &mut look);
    runs_code(&mut look);
    if let Some(l) = &listener {
        l.apply(&mut look);
    }
    if matches!(look.class, Class::Unknown { .. } | Class::Routine { .. }) {
        let prev = i
            .checked_sub(1)
            .and_then(|p| all.get(p))
            .filter(|_| cmd.sc.piped_stdin)
            .map(|p| p.exec.as_slice());
        if let Some(c) = sensitive::classify(cmd, prev) {
            look.class = c;
        }
    }
    // The gate or the harness loosened through its own CLI (the engine names it as the
    // hard floor's cause; here it is what a planted file or a scanned script would run).
    if let Some(found) = selfcmd::self_command(&cmd.sc.exec) {
        look.class = Class::Hard {
            category: "gate-tampering",
            reason: found.what,
        };
        return look;
    }
    if let Some((tier, category, reason, writes)) =
        destructive_any(cmd, targets.as_deref(), ctx, depth, &Floor)
    {
        look.writes.extend(writes);
        look.class = tier.class(category, reason);
        return look;
    }
    let found = code::search(cmd, ctx, depth, &Floor);
    // Inline JavaScript inside its grammar does only what the grammar says: the one-liner
    // search's soft findings (a template literal's backquote read as a shell command, a
    // string naming an API) are guesses from its text, which the grammar settles. A hard
    // finding stands.
    let pure_js = match &found {
        Some(Class::Soft { .. } | Class::Unknown { .. }) => code::pure_javascript(cmd, ctx.home),
        _ => None,
    };
    if let Some(c @ Class::Hard { .. }) = found {
        look.class = c;
        return look;
    }
    if let Some(c @ Class::Soft { .. }) = &found {
        if !matches!(pure_js, Some(Ok(_))) {
            look.class = c.clone();
            return look;
        }
    }
    if let Some((category, reason)) = destructive_exec::runs_unseen(cmd) {
        look.class = Class::Soft { category, reason };
        return look;
    }
    if let Some(c) = found {
        // Inline JavaScript inside its grammar: only computes, reads and writes literal
        // paths, prints.
        if let Some(js) = pure_js {
            match js {
                Ok(pure) => {
                    look.class = pure.class;
                    look.reads.extend(pure.reads);
                    look.writes.extend(pure.writes);
                    look.effects.extend(pure.effects);
                }
                Err(why) => {
                    look.class = match c {
                        Class::Unknown { .. } => Class::Unknown {
                            reason: format!(
                                "{} runs inline code outside the grammar of pure JavaScript: {why}",
                                cmd.program().rsplit('/').next().unwrap_or("node")
                            ),
                        },
                        other => other,
                    }
                }
            }
            code::add_network_effects(cmd, &mut look);
            return look;
        }
        // Inline Python inside its grammar: computes, prints, and reads, writes and fetches
        // what it names literally.
        match code::pure_python(cmd).filter(|_| matches!(c, Class::Unknown { .. })) {
            Some(Ok(pure)) => {
                look.class = pure.class;
                // A disk device written is beyond repair, as through a redirection.
                if let Some(dev) = pure.writes.iter().find(|w| destructive::is_disk_device(w)) {
                    look.class = Class::Hard {
                        category: "disk",
                        reason: format!(
                            "{} writes straight to the disk device {dev}",
                            cmd.program().rsplit('/').next().unwrap_or("python")
                        ),
                    };
                }
                look.reads.extend(pure.reads);
                look.writes.extend(pure.writes);
                look.effects.extend(pure.effects);
            }
            Some(Err(why)) => {
                look.class = Class::Unknown {
                    reason: format!(
                        "{} runs inline code outside the grammar of pure Python: {why}",
                        cmd.program().rsplit('/').next().unwrap_or("python")
                    ),
                }
            }
            // What the code search found does not lower what the command's own grammar
            // asks about (`node --import=data:… x.js` loads a module before the script).
            None if matches!(c, Class::Unknown { .. })
                && matches!(look.class, Class::Soft { .. } | Class::Hard { .. }) => {}
            None => look.class = c,
        }
        code::add_network_effects(cmd, &mut look);
        return look;
    }
    // The long tail: a tool no catalogue knows (or whose family lists only its reading
    // forms), told to delete, purge, revoke, … .
    let prog = cmd.program();
    if matches!(look.class, Class::Unknown { .. })
        && (!catalog::knows(prog) || catalog::knows_only_reads(prog))
        && !routine::understood(cmd)
        && !tier::RUNNERS.contains(&prog)
    {
        if let Some((category, reason)) = catalog::unknown_program_mutation(cmd) {
            look.class = Class::Soft { category, reason };
            return look;
        }
    }
    // A lifecycle command asked about for publishing or another daemon still hands the
    // engine what its definitions say.
    if matches!(look.class, Class::Build { .. })
        || (matches!(look.class, Class::Soft { .. })
            && matches!(catalog::lifecycle(cmd), Some(Ok(_))))
    {
        build::check_baseline(cmd, ctx, &mut look);
        build::handed_outside(cmd, ctx, &mut look);
        recipe(cmd, ctx, depth, &mut look);
        passed(cmd, ctx, depth, &mut look);
    }
    look
}

/// A package-manager script given words (`npm test -- --setupFiles /tmp/x.js`): the
/// manager appends them to the script's command line, so that line, as the shell would run
/// it (`build::passed_lines`), is judged by the same floor; what it is found to do beyond
/// the script's own class stands, and the paths it reads and writes go to the path floor.
/// A script whose text cannot be read, or a line the floor does not understand, leaves the
/// words not understood.
fn passed(cmd: &Cmd, ctx: &JudgeCtx, depth: u8, look: &mut Look) {
    let Some(lines) = build::passed_lines(cmd) else {
        return;
    };
    let lines = match lines {
        Ok(l) if self::core::can_recurse(depth) => l,
        Ok(_) => {
            look.class = Class::Unknown {
                reason: format!(
                    "{} passes words to a script nested deeper than the floor reads",
                    cmd.program()
                ),
            };
            return;
        }
        Err(why) => {
            look.class = Class::Unknown { reason: why };
            return;
        }
    };
    let prog = cmd.program().rsplit('/').next().unwrap_or("").to_string();
    for line in lines {
        let j = judge_text(&line, ctx, depth);
        look.reads
            .extend(j.reads.iter().map(|p| p.display().to_string()));
        look.writes
            .extend(j.writes.iter().map(|p| p.display().to_string()));
        for f in &j.findings {
            look.effects.extend(
                f.effects
                    .iter()
                    .filter(|e| {
                        !matches!(
                            e,
                            Effect::Run {
                                code: Code::Project { .. }
                            }
                        )
                    })
                    .cloned(),
            );
        }
        let shown = crate::decision::cause::one_line(&line, 80);
        let found = match j.verdict {
            Verdict::Routine => continue,
            Verdict::Hard {
                category, reason, ..
            } => Class::Hard {
                category,
                reason: format!("{prog} runs the script as `{shown}`: {reason}"),
            },
            Verdict::Soft {
                category, reason, ..
            } => Class::Soft {
                category,
                reason: format!("{prog} runs the script as `{shown}`: {reason}"),
            },
            Verdict::BuildFilesChanged { files, .. } => Class::BuildFilesChanged { files },
            Verdict::Opaque { reason } | Verdict::Unknown { reason, .. } => Class::Unknown {
                reason: format!(
                    "{prog} runs the script with the words it is given as `{shown}`, which the floor does not understand: {reason}"
                ),
            },
        };
        if class_rank(&found) > class_rank(&look.class) {
            look.class = found;
        }
    }
}

/// How strict a class is, as the verdicts rank.
fn class_rank(c: &Class) -> u8 {
    match c {
        Class::Hard { .. } => 5,
        Class::Soft { .. } => 4,
        Class::BuildFilesChanged { .. } => 3,
        Class::Unknown { .. } => 1,
        Class::Build { .. } | Class::Routine { .. } => 0,
    }
}

/// Does a catalogue family own this program's remote actions (`aws`, `kubectl`,
/// `docker`, `gh`, `systemctl`, …)? What it leaves unjudged is that family's to judge, not
/// the long tail's.
pub fn models_remote(prog: &str) -> bool {
    catalog::owns_tier(prog)
}

/// Search the new text a file tool proposes for a file that runs or steers the agent
/// (`edits`): what it plants, judged by the same floor.
pub fn scan_edit(path: &Path, texts: &[String], ctx: &JudgeCtx) -> Option<EditRisk> {
    edits::scan(path, texts, ctx, &Floor)
}

/// A payload in text a tool or an agent may act on (a delegated prompt): what
/// `payload` finds in any written file, judged by the same floor.
pub fn scan_payload(text: &str, ctx: &JudgeCtx) -> Option<String> {
    payload::find(text, payload::Reading::Prompt, ctx, &Floor)
        .or_else(|| payload::download_run_sentence(text))
}

/// The judge as the tiers see it ([`Judge`]): handed down to those that judge a command
/// inside another, so that none of them imports this module.
struct Floor;

impl Judge for Floor {
    fn text(&self, text: &str, ctx: &JudgeCtx, depth: u8) -> Judgement {
        judge_text(text, ctx, depth)
    }
    fn classify(
        &self,
        cmd: &Cmd,
        all: &[SimpleCommand],
        i: usize,
        ctx: &JudgeCtx,
        depth: u8,
    ) -> Look {
        let mut look = classify(cmd, all, i, ctx, depth);
        carried(cmd, ctx, depth, &mut look);
        look
    }
}

/// An unknown command given, in an argument, a command line the floor would not let
/// through on its own (`embedded`): soft (`dynamic-exec`), its effects joined by what the
/// carried command does, the reason it was unknown kept as an effect not understood.
fn carried(cmd: &Cmd, ctx: &JudgeCtx, depth: u8, look: &mut Look) {
    let Class::Unknown { reason } = &look.class else {
        return;
    };
    let Some(found) = embedded::carried(cmd, ctx, depth, &Floor) else {
        loads(cmd, ctx, look);
        return;
    };
    if look.effects.is_empty() {
        look.effects = look
            .reads
            .iter()
            .map(|p| Effect::read(p.clone()))
            .chain(
                look.writes
                    .iter()
                    .map(|p| Effect::write(p.clone(), WriteHow::Replace)),
            )
            .collect();
    }
    if !look.effects.iter().any(Effect::is_unknown) {
        look.effects.push(Effect::unknown(reason.clone()));
    }
    look.effects.extend(found.effects);
    look.class = Class::Soft {
        category: "dynamic-exec",
        reason: found.reason,
    };
}

/// An unknown command told by an option to load a file from outside the workspace or one
/// the agent wrote, to run a program or fetched code, or to empty a directory
/// (`loaded`): that effect made explicit, with the class it makes the command; the reason
/// it was unknown kept as an effect not understood.
fn loads(cmd: &Cmd, ctx: &JudgeCtx, look: &mut Look) {
    let Class::Unknown { reason } = &look.class else {
        return;
    };
    let Some((class, effects, writes)) = loaded::loaded(cmd, ctx) else {
        return;
    };
    if !look.effects.iter().any(Effect::is_unknown) {
        look.effects.push(Effect::unknown(reason.clone()));
    }
    for e in &effects {
        if let Effect::Read { path, .. } = e {
            look.reads.push(path.clone());
        }
    }
    look.effects.extend(effects);
    look.writes.extend(writes);
    look.class = class;
}

/// What the recipes a build runner is asked to run do (`build::recipe_text`), as far as
/// the floor reads them, kept with the project code it runs (`Code::Project::recipe`) for
/// the holds: `npm run deploy` whose script is `git push` is a push. What the floor cannot
/// read in a recipe is left out (the target's name still counts); the runner's tier is its
/// own. Recipes met inside a recipe are not read again.
fn recipe(cmd: &Cmd, ctx: &JudgeCtx, depth: u8, look: &mut Look) {
    if depth > 0 {
        return;
    }
    let Some(text) = build::recipe_text(cmd) else {
        return;
    };
    let j = judge_text(&text, ctx, depth);
    let found: Vec<Effect> = j
        .findings
        .iter()
        .flat_map(|f| f.effects.iter())
        .filter(|e| {
            !matches!(
                e,
                Effect::Unknown { .. }
                    | Effect::Run {
                        code: Code::Hidden { .. } | Code::Project { .. }
                    }
            )
        })
        .cloned()
        .collect();
    for e in &mut look.effects {
        if let Effect::Run {
            code: Code::Project { recipe, .. },
        } = e
        {
            recipe.extend(found.iter().cloned());
        }
    }
}

/// Judge a command string found inside another program (interpreter strings, fzf
/// bindings, the text of an edit), one level deeper.
fn judge_text(text: &str, ctx: &JudgeCtx, depth: u8) -> Judgement {
    let analysis = shell::analyze(
        text,
        &shell::ShellEnv::new(ctx.home.to_path_buf(), ctx.cwd.to_path_buf()),
    );
    judge_at(&analysis, ctx, depth + 1)
}

fn redirects(cmd: &Cmd, look: &mut Look) {
    for r in &cmd.sc.redirects {
        // bash opens a socket for `/dev/tcp/HOST/PORT` and `/dev/udp/HOST/PORT` (bash(1),
        // REDIRECTION): a connection to that host, carrying what is written to it.
        if let Some(rest) = r
            .target
            .strip_prefix("/dev/tcp/")
            .or_else(|| r.target.strip_prefix("/dev/udp/"))
        {
            let host = rest.split('/').next().unwrap_or("").to_string();
            let writes = !matches!(r.op, RedirectOp::In);
            look.effects.push(Effect::Net {
                url: Some(r.target.clone()),
                host: Some(host.clone()),
                sends: if writes {
                    vec![crate::analysis::effects::Carry::Stdin]
                } else {
                    Vec::new()
                },
            });
            if r.dynamic || !crate::context::floor::is_loopback(&host) {
                look.class = Class::Soft {
                    category: "exfiltration",
                    reason: format!(
                        "a redirection to {} opens a network connection to {host} (bash's /dev/tcp), sending what is written there and reading what comes back",
                        crate::decision::cause::one_line(&r.target, 80)
                    ),
                };
            } else {
                demote(
                    look,
                    format!("a redirection talks to {} on this machine", r.target),
                );
            }
            continue;
        }
        match r.op {
            RedirectOp::DupOut | RedirectOp::DupIn | RedirectOp::Close => {}
            RedirectOp::HereDoc | RedirectOp::HereString => {}
            // `< <(cmd)`: bash opens a pipe carrying cmd's output (`/dev/fd/N`), no file;
            // cmd is a part of the call, judged on its own.
            RedirectOp::In if r.dynamic && whole_process_substitution(&r.target) => {}
            _ if r.dynamic => demote(
                look,
                format!("a redirection target is computed at run time: {}", r.target),
            ),
            RedirectOp::In => look.reads.push(r.target.clone()),
            _ if is_null_device(&r.target) => {}
            RedirectOp::InOut => {
                look.reads.push(r.target.clone());
                look.writes.push(r.target.clone());
            }
            _ => look.writes.push(r.target.clone()),
        }
    }
}

/// A redirection target that is one process substitution and nothing else (`<(cmd)`):
/// nothing inside it that could close it early or nest another (a further parenthesis,
/// a backquote, `$`, a backslash) makes it not one.
fn whole_process_substitution(target: &str) -> bool {
    let Some(body) = target.strip_prefix("<(").and_then(|t| t.strip_suffix(')')) else {
        return false;
    };
    !body.contains(['(', ')', '\\', '`', '$'])
}

/// What the catalogues say when a reader is given an option that makes it run another
/// program (`rg --pre`, `sort --compress-program`, `sed 1e`, `git --ext-diff`, `man -P`…).
// `find -exec`, `fd -x`, `xargs` and `ssh host cmd` are left out: the shell analysis
// extracts the command they run, which is judged on its own.
const RUNS_CODE: &[&str] = &[
    "runs a pager program",
    "runs a preprocessor program",
    "runs decompression programs",
    "runs a browser",
    "runs an external diff program",
    "runs textconv filter programs",
    "runs programs from a path",
    "config that runs programs",
    "runs the result as a command",
    "e command runs a program",
    "--compress-program runs a program",
    "--hostname-bin runs a program",
    // A debugger port (`node --inspect`): whoever connects runs code in the process.
    "opens a debugger port",
];

/// A reader turned into a launcher is not merely unknown: whatever it runs is hidden from
/// the floor, so it is asked about (guard) and needs grounded words (auto).
fn runs_code(look: &mut Look) {
    if let Class::Unknown { reason } = &look.class {
        if RUNS_CODE.iter().any(|r| reason.contains(r)) {
            look.class = Class::Soft {
                category: "runs-code",
                reason: reason.clone(),
            };
        }
    }
}

/// `sc` with its pathname patterns expanded against the filesystem (bash's default rules),
/// or `None` when it has none to expand. A pattern whose expansion is not known stays a
/// dynamic word.
fn expand_globs(sc: &SimpleCommand, cwd: &Cwd) -> Option<SimpleCommand> {
    if sc.globs.iter().all(Option::is_none) {
        return None;
    }
    let offset = sc.argv.len().checked_sub(sc.exec.len())?;
    // Only the program's own arguments, and only when `exec` is a tail of `argv`.
    if sc.argv.get(offset + 1..) != sc.exec.get(1..) {
        return None;
    }
    let dir = cwd.dir()?;
    let mut out = sc.clone();
    out.argv.clear();
    out.dynamic_words.clear();
    out.globs.clear();
    for (k, w) in sc.argv.iter().enumerate() {
        let pattern = sc.globs.get(k).cloned().flatten();
        let dynamic = sc.dynamic_words.get(k).copied().unwrap_or(false);
        match pattern {
            Some(p) if k > offset => match reach::expand(&p, dir) {
                reach::Glob::Matches(words) => {
                    for m in words {
                        out.argv.push(m);
                        out.dynamic_words.push(false);
                        out.globs.push(None);
                    }
                }
                reach::Glob::NoMatch(literal) => {
                    out.argv.push(literal);
                    out.dynamic_words.push(false);
                    out.globs.push(None);
                }
                reach::Glob::Unknown => {
                    out.argv.push(w.clone());
                    out.dynamic_words.push(true);
                    out.globs.push(None);
                }
            },
            p => {
                out.argv.push(w.clone());
                out.dynamic_words.push(dynamic);
                out.globs.push(p);
            }
        }
    }
    let first = sc.exec.first().cloned();
    out.exec = out.argv.get(offset..).unwrap_or(&[]).to_vec();
    if let (Some(f), Some(slot)) = (first, out.exec.first_mut()) {
        *slot = f;
    }
    Some(out)
}

/// What one command reaches beyond its literal paths (see `reach`).
struct Reached<'a> {
    cmd: &'a Cmd<'a>,
    /// What every name handed to the command at run time is (its names and kinds), when
    /// its lister is a `find` whose expression bounds them (`dynamic::listed`).
    listed: Option<listed::Listed>,
    /// Trees the command's effects read whole, whether links in them are followed, and
    /// whether their files' contents are read (not only names and sizes).
    effect_trees: &'a [(String, bool, bool)],
    /// Files written earlier in this command with known text.
    known_files: &'a [(PathBuf, String)],
    /// Everything written earlier in this command.
    written: &'a [PathBuf],
    workspace: &'a Workspace,
    floor: &'a FloorCtx,
    home: &'a Path,
}

/// The directory relative names of `cmd` are placed against (`/` when unknown: such names
/// were refused already).
fn ctx_cwd<'a>(cmd: &'a Cmd) -> &'a Path {
    cmd.cwd.dir().unwrap_or(Path::new("/"))
}

/// The largest file of names read at decision time.
const MAX_NAMES_FILE: u64 = 64 * 1024;

impl Reached<'_> {
    /// Add to `reads` what the command reaches: link targets out of the workspace and
    /// credentials hard-linked inside the trees it walks or the names it is handed, the
    /// files a names file lists, and the credential behind any read file with several
    /// names. `Err` when some of it cannot be known.
    fn extend(
        &self,
        reads: &mut Vec<PathBuf>,
        ctx: &JudgeCtx,
        sensitive: &mut Option<reach::Sensitive>,
    ) -> Result<(), String> {
        let cmd = self.cmd;
        let mut unknown: Option<String> = None;
        let walk = |root: &Path,
                    how: reach::Walker,
                    reads: &mut Vec<PathBuf>,
                    sensitive: &mut Option<reach::Sensitive>| {
            if !root.is_dir() {
                return None;
            }
            let r = reach::walk(root, how, ctx.workspace, ctx.home, sensitive, ctx.floor);
            reads.extend(r.reads);
            r.unknown
        };
        // A recursive reader walks its trees.
        let tree = recursive::tree(cmd);
        if let Some(tree) = &tree {
            let (roots, _) = place(&tree.roots, cmd.cwd);
            for root in roots {
                if let Some(why) = walk(
                    &root,
                    reach::Walker {
                        follow: tree.follow,
                        contents: tree.contents,
                        only: tree.only.as_deref(),
                        kinds: reach::Kinds::ALL,
                        links_by_name: false,
                        handed_on: false,
                    },
                    reads,
                    sensitive,
                ) {
                    unknown.get_or_insert(why);
                }
            }
        }
        // Trees read whole by effects (`tar -c`, `zip -r`, `jq -L DIR`, `python -m
        // http.server`), when `recursive` named none.
        if tree.is_none() {
            for (word, follow, contents) in self.effect_trees {
                let (roots, _) = place(std::slice::from_ref(word), cmd.cwd);
                for root in roots {
                    if let Some(why) = walk(
                        &root,
                        reach::Walker {
                            follow: *follow,
                            contents: *contents,
                            only: None,
                            kinds: reach::Kinds::ALL,
                            links_by_name: false,
                            handed_on: false,
                        },
                        reads,
                        sensitive,
                    ) {
                        unknown.get_or_insert(why);
                    }
                }
            }
        }
        // Names chosen at run time (xargs, substitutions) under a directory: any of them
        // may be a link the reader follows — of those the lister can print at all, when
        // its expression bounds the names (`-name`) or kinds (`-type f`: no link) it
        // prints. A reader that recurses reads everything below a directory or a linked
        // one it is handed, so then only a lister that hands on neither bounds it.
        let listed = self
            .listed
            .as_ref()
            .filter(|l| tree.is_none() || !(l.kinds.dirs || l.kinds.links));
        if cmd.sc.origin == Origin::Xargs || cmd.has_expansion() {
            let names = listed.and_then(|l| l.names.as_deref());
            let dirs: Vec<PathBuf> = reads.iter().filter(|p| p.is_dir()).cloned().collect();
            for d in dirs {
                // The credential stores below it come first: they are there however big
                // the tree is.
                reads.extend(reach::stores_under(&d, names, ctx.floor));
                if let Some(why) = walk(
                    &d,
                    reach::Walker {
                        follow: true,
                        contents: true,
                        only: names,
                        kinds: listed.map_or(reach::Kinds::ALL, |l| l.kinds),
                        links_by_name: names.is_some(),
                        handed_on: true,
                    },
                    reads,
                    sensitive,
                ) {
                    unknown.get_or_insert(why);
                }
            }
        }
        // A file that lists the files read.
        if let Some((file, sep)) = recursive::names_from(cmd) {
            match self.names(&file, sep) {
                Ok(names) => {
                    let (placed, unplaced) = place(&names, cmd.cwd);
                    if unplaced {
                        unknown.get_or_insert("names a file lists follow an unknown cd".into());
                    }
                    reads.extend(placed);
                }
                Err(why) => {
                    unknown.get_or_insert(why);
                }
            }
        }
        // Any file read that has other names: is one of them a credential?
        let mut aliases = Vec::new();
        for p in reads.iter() {
            match reach::alias(p, sensitive, ctx.floor) {
                Ok(Some(cred)) => aliases.push(cred),
                Ok(None) => {}
                Err(why) => {
                    unknown.get_or_insert(why);
                }
            }
        }
        reads.extend(aliases);
        match unknown {
            Some(why) => Err(why),
            None => Ok(()),
        }
    }

    /// The names a names file holds: written earlier with known text, or read now.
    fn names(&self, file: &str, sep: char) -> Result<Vec<String>, String> {
        let not_known =
            || format!("the files it reads are named in {file}, whose content is not known");
        if file == "-" || file.is_empty() {
            return Err(not_known());
        }
        let (placed, _) = place(&[file.to_string()], self.cmd.cwd);
        let path = placed.into_iter().next().ok_or_else(not_known)?;
        let text = if let Some((_, t)) = self.known_files.iter().rev().find(|(p, _)| *p == path) {
            t.clone()
        } else if self.written.contains(&path) {
            return Err(not_known());
        } else {
            // Only a workspace file that is nothing sensitive is read now (its lines become
            // paths shown in the evaluation).
            let forms = paths::forms(&path.display().to_string(), ctx_cwd(self.cmd), self.home);
            let plain = self.workspace.contains(&forms)
                && forms
                    .forms()
                    .all(|f| floor::classify(f, Access::Read, self.floor).is_none());
            if !plain {
                return Err(not_known());
            }
            let f = crate::context::state::open_regular(&path).map_err(|_| not_known())?;
            let mut buf = String::new();
            use std::io::Read;
            f.take(MAX_NAMES_FILE + 1)
                .read_to_string(&mut buf)
                .map_err(|_| not_known())?;
            if buf.len() as u64 > MAX_NAMES_FILE {
                return Err(not_known());
            }
            buf
        };
        Ok(text
            .split(sep)
            .filter(|n| !n.is_empty())
            .map(str::to_string)
            .collect())
    }
}
