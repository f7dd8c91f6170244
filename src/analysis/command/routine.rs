//! The routine catalogue: which table judges a command. Programs described by a grammar
//! (`effects::programs`: coreutils, file viewers, printers of system information, file
//! mutators) are judged by their effects; git, the search tools and the service
//! families by their catalogues; build and test runners by `build`. Anything no table
//! describes is not routine. A program named by a path that is not a plain name (`./x`,
//! `bin/x`) is never a catalogue tool.

use super::core::{Cmd, Judge, JudgeCtx, Look};
use super::routine_search::{awk, fd, find, grep, rg, sed};
use super::{build, policy};

/// Look a command up in the catalogue.
pub(super) fn look(cmd: &Cmd, ctx: &JudgeCtx, judge: &dyn Judge) -> Look {
    let prog = cmd.program();
    if prog.contains('/') {
        return Look::unknown(format!("{prog} is a program from a path, not a known tool"));
    }
    if cmd.dynamic.first().copied().unwrap_or(false) {
        return Look::unknown("the program name is computed at run time");
    }
    // A lone `--help` or `--version` prints and runs nothing of the project's, except
    // through a rustup proxy, which first runs the toolchain `rust-toolchain.toml` picks
    // (a directory of the project's, `path = "…"`): those go to rustup's runners.
    let proxy = crate::analysis::effects::programs::runners::RUSTUP_PROXIES.contains(&prog);
    if cmd.args().iter().any(|a| a == "--help" || a == "--version")
        && cmd.args().len() == 1
        && !proxy
    {
        return Look::routine("prints help or its version");
    }
    // The shell's history cleared, rewritten or turned off (`history -c`, `unset
    // HISTFILE`, `set +o history`): what the person reads back of the session.
    if let Some(l) = super::env::history_look(cmd) {
        return l;
    }
    // A program described by a grammar is judged by what its argv does.
    if let Some(p) = crate::analysis::effects::programs::lookup(prog) {
        return match crate::analysis::effects::programs::effects(p, cmd.argv, cmd.dynamic) {
            Ok(effects) => {
                let mut l = policy::from_effects(p.does, effects);
                l.uses_cwd = p.reads_cwd_by_default && l.reads.iter().any(|r| r == ".");
                l
            }
            Err(e) => Look::unknown(format!("{prog}: {e}")),
        };
    }
    // A lone `-h` is help to the rest, except to shells and interpreters (`bash -h` sets
    // an option and reads commands) and to programs for which it means something else.
    if cmd.args() == ["-h"] && !is_runner(prog) && !H_IS_NOT_HELP.contains(&prog) {
        return Look::routine("prints help");
    }
    if let Some(l) = build::look(cmd) {
        return l;
    }
    if let Some(l) = super::catalog::look(cmd, ctx) {
        return l;
    }
    match prog {
        "git" => super::routine_git::look(cmd, ctx),
        "find" => find(cmd, ctx, judge),
        "grep" | "egrep" | "fgrep" => grep(cmd, ctx),
        "rg" => rg(cmd, ctx),
        "fd" | "fdfind" => fd(cmd, ctx, judge),
        "sed" => sed(cmd, ctx),
        "awk" | "gawk" | "mawk" | "nawk" => awk(cmd, ctx),
        "fzf" => super::routine_git::fzf(cmd, ctx, judge),
        "env" => Look::unknown("env without a command prints every secret in the environment"),
        "export" | "declare" | "typeset" => super::env::export_look(cmd),
        _ => Look::unknown(format!("{prog} is not in the routine catalogue")),
    }
}

/// Programs without a grammar for which a lone `-h` is not help (halt, hold, endless
/// output). Programs with a grammar say what their `-h` is themselves.
const H_IS_NOT_HELP: &[&str] = &[
    "shutdown", "halt", "poweroff", "reboot", "yes", "tar", "init", "telinit",
];

fn is_runner(prog: &str) -> bool {
    let base = prog.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    super::tier::RUNNERS.contains(&prog) || super::tier::RUNNERS.contains(&base)
}

/// Is this program in a routine catalogue (so its arguments are data, not commands)?
/// `command` is not: beyond `command -v NAME` its words are a command line.
pub(super) fn is_catalogued(prog: &str) -> bool {
    (crate::analysis::effects::programs::lookup(prog).is_some() && prog != "command")
        || matches!(
            prog,
            "git"
                | "find"
                | "grep"
                | "egrep"
                | "fgrep"
                | "rg"
                | "fd"
                | "fdfind"
                | "sed"
                | "awk"
                | "gawk"
                | "mawk"
                | "nawk"
                | "fzf"
        )
}

/// Is this command one the catalogues understand: a catalogued program whose grammar (if
/// it has one) reads this argv? A program given words outside its grammar (`split splits
/// kill …`, a SaaS CLI of the same name, a subcommand its listing grammar leaves out:
/// `conda remove`, `nvm uninstall`) is judged like an unknown program.
pub(super) fn understood(cmd: &Cmd) -> bool {
    let prog = cmd.program();
    match crate::analysis::effects::programs::lookup(prog) {
        Some(p) => {
            is_catalogued(prog)
                && crate::analysis::effects::programs::effects(p, cmd.argv, cmd.dynamic)
                    .is_ok_and(|e| !e.iter().any(crate::analysis::effects::Effect::is_unknown))
        }
        None => is_catalogued(prog),
    }
}

/// The literal directory a glob searches (`src/*.rs` → `src`, `*.rs` → `.`).
pub(super) fn glob_dir(word: &str) -> String {
    let mut parts = Vec::new();
    for seg in word.split('/') {
        if seg.contains(['*', '?', '[', '{']) {
            break;
        }
        parts.push(seg);
    }
    let s = parts.join("/");
    if s.is_empty() {
        if word.starts_with('/') {
            "/".into()
        } else {
            ".".into()
        }
    } else {
        s
    }
}
