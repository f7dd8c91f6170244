//! The working directory, and the `PWD` and `OLDPWD` variables, as `cd` changes them
//! (bash 5.2's manual, "Bash Builtins" and "Tilde Expansion", and the real bash: tests in
//! `tests/bash.rs`). Each simple command is recorded with the directory it runs in
//! (`SimpleCommand::cwd`), the place the command floor puts its relative paths; `~+` and
//! `$PWD` expand to `PWD`, `~-` and `$OLDPWD` to `OLDPWD` (inherited from the environment,
//! so not known, until a `cd` of this command sets it, or an assignment does); `~N`,
//! `~+N`, `~-N` are entries of the directory stack, never known. An unquoted `$PWD` is
//! split and expanded like any value (`cd 'x /root' && cat $PWD/.netrc` reads
//! `/root/.netrc`). A loop over `PWD` or `OLDPWD`, either assigned as a prefix of one
//! command (`PWD=/x cd .` leaves `OLDPWD` `/x`; `OLDPWD=/x cd -` goes there), as an
//! element (`PWD[0]=…`) or appended to (`PWD+=…`) leaves both not known.
//!
//! A `cd` that may fail leaves the shell where it was, and one that may not run changes
//! nothing, so the walk follows both outcomes of each statement: what holds if it
//! succeeded and if it failed. `a && b` runs `b` only after `a` succeeded, `a || b` only
//! after it failed; after `a; b` either may hold (`set -e` is not relied on: bash ignores
//! it in conditions, after `!`, in `$(…)` and in a group before `&&`/`||`), and where the two differ the command may run in either:
//! the directories it may run in are kept (up to [`MAX_PLACES`], recorded in
//! `SimpleCommand::cwd_places`, and the command floor judges it in each; beyond that the
//! directory is not known). So `cd ~ && cat .netrc` reads the home's `.netrc`, and
//! `cd ~; cd "$WS/nope"; cat .netrc` reads the home's or the workspace's, both judged
//! (`PWD` and `OLDPWD` are known only where every outcome agrees on them). A `cd` is
//! followed when its target is literal:
//! an absolute path, a relative one (joined to each known directory and normalised as
//! bash's logical `cd -L` does, where every directory a `..` steps out of is on disk
//! with no link on the way: bash falls back to the physical path when the logical one
//! is not there), none (the home), or `-` (a known `OLDPWD`); `cd -P` and
//! `set -P` (the physical directory), `pushd` and `popd` of the stack, and a relative
//! target with `CDPATH` possibly set (assigned anywhere in the command, or in the
//! environment: bash then looks in its directories first) make it not known. What runs in
//! a subshell, a pipeline of several stages, a substitution, a background job or a shell
//! run again (`bash -c`) changes nothing here; a loop or conditional body that changes
//! the directory leaves it not known after it (and, for a loop, inside it: the body is
//! walked again from where a later round may start, so its `~+`, `~-`, `$PWD` and
//! `$OLDPWD` are not known there); `eval` may do anything. Only bash's own `cd`, `pushd`
//! and `popd` move the shell: named by their bare name, with no wrapper but `builtin`,
//! `command` or `time` (`env cd`, `nohup cd`, `/usr/bin/cd` run a program in a child).
//! `pushd -`, like `cd -`, goes to `OLDPWD`.

use super::parse::Walker;
use super::unwrap::Place;
use super::words::Word;
use super::Origin;
use crate::context::paths;
use std::path::{Path, PathBuf};

/// What is known of the directories at one point of the walk (`None`: not known).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Dirs {
    /// The directories commands may run in (bash's logical working directory): one when it
    /// is known, a few when it depends on whether a `cd` before succeeded (sorted, at most
    /// [`MAX_PLACES`]), none when it is not known.
    pub cwd: Vec<PathBuf>,
    /// The value of `PWD`: what `~+` and `$PWD` give (an assignment changes it without
    /// moving the shell).
    pub pwd: Option<PathBuf>,
    /// The value of `OLDPWD`: what `~-` and `$OLDPWD` give.
    pub old: Option<PathBuf>,
    /// `set -P` is in force: `cd` makes the directory its physical path.
    pub physical: bool,
}

/// How many directories a command may run in before the place is not known at all (each
/// is judged: `cd ~; cat .netrc` reads the home's `.netrc` or the workspace's).
pub(super) const MAX_PLACES: usize = 4;

/// The places either side may be in: both sides' together, while both are bounded.
fn either(a: &[PathBuf], b: &[PathBuf]) -> Vec<PathBuf> {
    if a.is_empty() || b.is_empty() {
        return Vec::new();
    }
    let mut all: Vec<PathBuf> = a.iter().chain(b).cloned().collect();
    all.sort();
    all.dedup();
    if all.len() > MAX_PLACES {
        return Vec::new();
    }
    all
}

impl Dirs {
    pub(super) fn start(cwd: &Path) -> Dirs {
        Dirs {
            cwd: vec![cwd.to_path_buf()],
            pwd: Some(cwd.to_path_buf()),
            old: None,
            physical: false,
        }
    }

    pub(super) fn unknown(&self) -> Dirs {
        Dirs {
            cwd: Vec::new(),
            pwd: None,
            old: None,
            physical: self.physical,
        }
    }

    /// What holds when either `a` or `b` may: each part known only where both agree.
    pub(super) fn join(a: &Dirs, b: &Dirs) -> Dirs {
        let same = |x: &Option<PathBuf>, y: &Option<PathBuf>| if x == y { x.clone() } else { None };
        Dirs {
            cwd: either(&a.cwd, &b.cwd),
            pwd: same(&a.pwd, &b.pwd),
            old: same(&a.old, &b.old),
            physical: a.physical || b.physical,
        }
    }
}

impl Dirs {
    /// Where a later round of a loop may start, one having started at `start` and ended
    /// at `end`: each part known only where both agree (the rounds may go on moving:
    /// `cd ..` each round is no bounded set of places).
    fn round(start: &Dirs, end: &Dirs) -> Dirs {
        let same = |x: &Option<PathBuf>, y: &Option<PathBuf>| if x == y { x.clone() } else { None };
        Dirs {
            cwd: if start.cwd == end.cwd {
                start.cwd.clone()
            } else {
                Vec::new()
            },
            pwd: same(&start.pwd, &end.pwd),
            old: same(&start.old, &end.old),
            physical: start.physical || end.physical,
        }
    }
}

impl Walker<'_> {
    /// Before the next statement of a sequence (`a; b`, a newline): what held after the
    /// last one, whether it succeeded or failed. `set -e` is not relied on: bash ignores it
    /// in too many places (a group or subshell before `&&`/`||`, a condition, after `!`,
    /// inside `$(…)`) for a failure to be taken as the end of the shell.
    pub(super) fn dirs_next(&mut self) {
        self.dirs = Dirs::join(&self.dirs, &self.dirs_fail);
        self.dirs_fail = self.dirs.clone();
    }

    /// A loop (its condition and body, `walk`) that may run any number of rounds: walked
    /// from where it starts, then again from where a later round may start (what the
    /// start and the end of the last round agree on; what differs not known) until that
    /// holds still, so `for f in *; do cat ~+/x; cd ~; done` has its later rounds' `~+`
    /// not known. The commands of every walk stay: each is a round that may run.
    pub(super) fn dirs_loop(&mut self, walk: impl Fn(&mut Self)) {
        let (entry, from) = (self.dirs.clone(), self.commands.len());
        let mut start = entry.clone();
        walk(self);
        for pass in 0..3 {
            let end = Dirs::join(&self.dirs, &self.dirs_fail);
            let next = Dirs::round(&start, &end);
            if next == start {
                break;
            }
            start = if pass == 2 { entry.unknown() } else { next };
            self.dirs = start.clone();
            self.dirs_fail = start.clone();
            walk(self);
        }
        self.dirs_body(entry, Some(from));
    }

    /// Run `f` in a context whose directory changes do not come back (a subshell, a
    /// substitution, a background job, a shell run again): after it, what held before.
    pub(super) fn dirs_apart(&mut self, f: impl FnOnce(&mut Self)) {
        let saved = (self.dirs.clone(), self.dirs_fail.clone());
        f(self);
        (self.dirs, self.dirs_fail) = saved;
    }

    /// After a body that may run any number of times or not at all (a loop, a branch):
    /// where it changed anything, not known. `loop_from`: the first command emitted in a
    /// loop's body, whose later rounds start where the last one ended, so its commands'
    /// directory is not known either when the body moves it.
    pub(super) fn dirs_body(&mut self, entry: Dirs, loop_from: Option<usize>) {
        let end = Dirs::join(&self.dirs, &self.dirs_fail);
        let after = Dirs::join(&entry, &end);
        if let Some(from) = loop_from.filter(|_| after.cwd != entry.cwd) {
            for c in self.commands.iter_mut().skip(from) {
                c.cwd = None;
                c.cwd_places.clear();
            }
        }
        self.dirs = after.clone();
        self.dirs_fail = after;
    }

    /// A simple command emitted: how it changes the directories (`cd`, `pushd`, `popd`,
    /// `set -P`, a builtin given `PWD` or `OLDPWD`, `eval`).
    /// `pwd_prefix`: `PWD` or `OLDPWD` is assigned for this command alone (`PWD=/x cd .`
    /// leaves `OLDPWD` `/x`; `OLDPWD=/x cd -` goes to `/x`): both are not known, before it
    /// and after.
    pub(super) fn dirs_command(
        &mut self,
        exec: &[String],
        args_dynamic: bool,
        remote: bool,
        pwd_prefix: bool,
        builtin: bool,
    ) {
        if pwd_prefix {
            self.dirs.pwd = None;
            self.dirs.old = None;
        }
        let entry = self.dirs.clone();
        self.dirs_fail = entry.clone();
        // On an ssh host the directories are the host's: nothing here changes.
        if remote {
            return;
        }
        let Some(prog) = exec.first().map(String::as_str) else {
            return;
        };
        let args = exec.get(1..).unwrap_or(&[]);
        match prog {
            // A program of that name runs in a child: the shell stays.
            "cd" | "pushd" | "popd" if !builtin => {}
            "cd" | "pushd" => {
                self.dirs = self.cd(prog, args, args_dynamic, &entry);
            }
            "popd" => self.dirs = entry.unknown(),
            "eval" => {
                self.dirs = entry.unknown();
                self.dirs_fail = self.dirs.clone();
            }
            "set" => {
                for a in args {
                    let on = a.starts_with('-');
                    let letters = a.strip_prefix(['-', '+']).unwrap_or("");
                    if a.starts_with("--") || !(a.starts_with('-') || a.starts_with('+')) {
                        continue;
                    }
                    if letters.contains('P') {
                        self.dirs.physical = on;
                    }
                }
                for w in args.windows(2) {
                    if matches!(w[0].as_str(), "-o" | "+o") && w[1] == "physical" {
                        self.dirs.physical = w[0] == "-o";
                    }
                }
                self.dirs_fail = self.dirs.clone();
            }
            _ => {
                // `read OLDPWD`, `unset PWD`, `export OLDPWD=…`, `printf -v PWD …`:
                // builtins that may change the variables.
                if args.iter().any(|a| a.contains("PWD")) {
                    self.dirs.pwd = None;
                    self.dirs.old = None;
                    self.dirs_fail = self.dirs.clone();
                }
            }
        }
        if pwd_prefix {
            for d in [&mut self.dirs, &mut self.dirs_fail] {
                d.pwd = None;
                d.old = None;
            }
        }
    }

    /// `PWD=…` or `OLDPWD=…` as a statement of its own; an element (`PWD[0]=…`, the
    /// variable itself) or an append (`PWD+=…`) leaves it not known.
    pub(super) fn dirs_assign(&mut self, name: &str, value: &Word, append: bool) {
        let base = name.split('[').next().unwrap_or(name);
        let v = (!value.dynamic && !append && base == name).then(|| PathBuf::from(&value.text));
        match base {
            "PWD" => self.dirs.pwd = v,
            "OLDPWD" => self.dirs.old = v,
            _ => return,
        }
        self.dirs_fail = self.dirs.clone();
    }

    /// Where a command runs once its wrappers moved it (`env -C DIR`, `sudo -D DIR`,
    /// `bwrap --chdir DIR`): each directory a `chdir(2)` of the path, relative to the one
    /// before; a path that is computed, or whose `..` may not step out where its text says
    /// (see [`logical_holds`]), or a place not known, leaves it not known. `PWD` and
    /// `OLDPWD` are the shell's still, so not known there either.
    pub(super) fn dirs_at(&self, places: &[Place]) -> Dirs {
        let mut d = self.dirs.clone();
        for place in places {
            let to = match place {
                Place::Dir(w) if !w.dynamic && !w.text.is_empty() => {
                    let t = Path::new(&w.text);
                    let all: Option<Vec<PathBuf>> = if t.is_absolute() {
                        logical_holds(t).then(|| vec![paths::normalize(t)])
                    } else {
                        d.cwd
                            .iter()
                            .map(|c| {
                                let raw = c.join(t);
                                logical_holds(&raw).then(|| paths::normalize(&raw))
                            })
                            .collect()
                    };
                    all.filter(|v| !v.is_empty())
                }
                _ => None,
            };
            d = match to {
                Some(mut cwd) => {
                    cwd.sort();
                    cwd.dedup();
                    Dirs {
                        cwd,
                        pwd: None,
                        old: None,
                        physical: d.physical,
                    }
                }
                None => d.unknown(),
            };
        }
        d
    }

    /// Where a successful `cd`/`pushd` leaves the shell.
    fn cd(&self, prog: &str, args: &[String], dynamic: bool, entry: &Dirs) -> Dirs {
        // This shell's own directory changes only for commands it runs itself.
        let here = self.origin != Origin::Xargs
            && self.origin != Origin::FindExec
            && self.origin != Origin::Parallel
            && self.origin != Origin::Watch;
        let mut physical = entry.physical;
        let mut rest = Vec::new();
        let mut ended = false;
        for a in args {
            if !ended && a == "--" {
                ended = true;
            } else if !ended && a.starts_with('-') && a.len() > 1 {
                match a.as_str() {
                    "-L" => physical = false,
                    "-P" => physical = true,
                    "-e" | "-@" | "-Pe" | "-eP" => physical |= a.contains('P'),
                    _ => return entry.unknown(),
                }
            } else {
                rest.push(a.as_str());
            }
        }
        let target: Option<PathBuf> = match rest.as_slice() {
            _ if !here || physical || dynamic => None,
            [] if prog == "cd" => Some(self.env.home.clone()),
            // `pushd -` too goes to `OLDPWD` (bash 5.2).
            ["-"] => entry.old.clone(),
            [t] if t.starts_with('+') && prog == "pushd" => None,
            [t] if !t.is_empty() => {
                let t = Path::new(t);
                let plain = |t: &Path| {
                    let s = t.to_string_lossy();
                    s == "." || s == ".." || s.starts_with("./") || s.starts_with("../")
                };
                if t.is_absolute() {
                    logical_holds(t).then(|| paths::normalize(t))
                } else if self.cdpath && !plain(t) {
                    None
                } else {
                    let all: Option<Vec<PathBuf>> = entry
                        .cwd
                        .iter()
                        .map(|d| {
                            let raw = d.join(t);
                            logical_holds(&raw).then(|| paths::normalize(&raw))
                        })
                        .collect();
                    let all = all.unwrap_or_default();
                    return if all.is_empty() {
                        entry.unknown()
                    } else {
                        Dirs {
                            pwd: (all.len() == 1).then(|| all[0].clone()),
                            cwd: all,
                            old: entry.pwd.clone(),
                            physical: entry.physical,
                        }
                    };
                }
            }
            _ => None,
        };
        match target {
            Some(dir) => Dirs {
                cwd: vec![dir.clone()],
                pwd: Some(dir),
                old: entry.pwd.clone(),
                physical: entry.physical,
            },
            None => entry.unknown(),
        }
    }
}

/// Does bash's logical `cd` to `raw` (a directory joined with a target) surely end where
/// its lexical normalisation says? Each `..` removes the component before it; bash goes
/// there when that directory exists, and otherwise falls back to the physical path (with
/// `link -> E/sub`, `cd link/../secret` ends in `E/secret` when `secret` is not beside the
/// link; bash 5.2). So every directory a `..` steps out of must exist now and be its own
/// physical path (no link on the way to it); one not there yet may be made a link first.
fn logical_holds(raw: &Path) -> bool {
    use std::path::Component;
    let mut prefix = PathBuf::from("/");
    for c in raw.components() {
        match c {
            Component::ParentDir => {
                if !std::fs::canonicalize(&prefix).is_ok_and(|p| p == prefix) {
                    return false;
                }
                prefix.pop();
            }
            Component::Normal(n) => prefix.push(n),
            Component::RootDir | Component::Prefix(_) | Component::CurDir => {}
        }
    }
    true
}
