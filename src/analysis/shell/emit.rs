//! Emitting commands: strips wrappers from a [`Draft`], checks the program name, stores
//! the [`SimpleCommand`], then analyses whatever it runs again (shell strings, child argv,
//! heredocs fed to a shell) with bounded re-entry depth.

use super::command::Draft;
use super::parse::Walker;
use super::quoting::decode_ansi_c;
use super::unwrap::{self, Access, Body, NestKind, Nested};
use super::words::{short, Word};
use super::{Opaque, Origin, Redirect, RedirectOp, SimpleCommand, HARD_MAX_COMMANDS, MAX_REENTRY};

impl Walker<'_> {
    /// Strip wrappers, check the program name, store the command, then walk re-entries.
    pub(super) fn emit(&mut self, draft: Draft, slot: usize) {
        if self.found >= HARD_MAX_COMMANDS {
            self.found = self.found.saturating_add(1);
            return;
        }
        self.found += 1;
        let u = unwrap::unwrap(&draft.argv, &self.env.home);
        for o in u.opaque {
            self.opaque(o);
        }
        let mut exec: Vec<String> = match &u.exec_override {
            Some(words) => words.iter().map(|w| w.text.clone()).collect(),
            None => draft
                .argv
                .get(u.exec_start..)
                .unwrap_or(&[])
                .iter()
                .map(|w| w.text.clone())
                .collect(),
        };
        let exec_dynamic = match &u.exec_override {
            Some(_) => false,
            None => draft.argv.get(u.exec_start).is_some_and(|w| w.dynamic),
        };
        if exec_dynamic {
            let name = exec.first().cloned().unwrap_or_default();
            self.opaque(Opaque::DynamicCommandName(name));
        }
        if let Some(first) = exec.first_mut() {
            let base = unwrap::program_name(first).to_string();
            *first = base;
        }
        let mut wrappers = draft.wrappers;
        wrappers.extend(u.wrappers);
        let mut assignments = draft.assignments;
        assignments.extend(u.assignments.iter().cloned());
        // What earlier exports put in its environment, as if written as prefixes.
        let mut exported = Vec::new();
        for (name, value) in &self.exports {
            if !assignments.iter().any(|(n, v)| n == name && v == value) {
                assignments.push((name.clone(), value.clone()));
                exported.push(name.clone());
            }
        }
        // Where the wrapped command runs: moved by its wrappers (`env -C DIR`).
        let run = self.dirs_at(&u.places);
        let text = draft.text.clone();
        let stdin_known = match (&draft.stdin_text, self.piped) {
            (Some(_), _) => !draft
                .redirects
                .iter()
                .any(|r| r.dynamic && matches!(r.op, RedirectOp::HereString | RedirectOp::HereDoc)),
            (None, true) => self.pipe_in.is_some(),
            (None, false) => false,
        };
        let program_in = {
            let words: Vec<&str> = exec.iter().map(String::as_str).collect();
            (self.piped && reads_program_from_stdin(&words))
                .then(|| self.pipe_in.clone())
                .flatten()
        };
        let cmd = SimpleCommand {
            argv: draft.argv.iter().map(|w| w.text.clone()).collect(),
            dynamic_words: draft.argv.iter().map(|w| w.dynamic).collect(),
            globs: draft.argv.iter().map(|w| w.glob.clone()).collect(),
            exec,
            wrappers: wrappers.clone(),
            assignments,
            exported,
            redirects: draft.redirects,
            origin: self.origin,
            part: self.part,
            text: draft.text,
            piped_stdin: self.piped,
            // An interpreter given neither inline code nor a script runs what the pipe
            // brings as its program (`echo 'import os; …' | python3 -i`): that text is its
            // code, read as a heredoc's would be.
            stdin_text: draft.stdin_text.clone().or(program_in),
            stdin_known,
            remote: self.remote.clone(),
            output: known_output(&draft.argv, u.exec_start, draft.stdin_text.clone()),
            // On an ssh host the directory is the host's, which the floor follows itself.
            cwd: match run.cwd.as_slice() {
                [one] if self.remote.is_none() => Some(one.clone()),
                _ => None,
            },
            cwd_places: if self.remote.is_none() && run.cwd.len() > 1 {
                run.cwd.clone()
            } else {
                Vec::new()
            },
        };
        self.builtin_assigns(&cmd.exec);
        let offset = cmd.argv.len().saturating_sub(cmd.exec.len());
        self.printf_assigns(&cmd.exec, cmd.dynamic_words.get(offset..).unwrap_or(&[]));
        self.builtin_evaluates(&cmd.exec);
        let args_dynamic = u.exec_override.is_some()
            || draft
                .argv
                .get(u.exec_start + 1..)
                .is_some_and(|a| a.iter().any(|w| w.dynamic));
        let pwd_prefix = cmd.assignments.iter().any(|(n, _)| {
            let base = n.split('[').next().unwrap_or(n).trim_end_matches('+');
            matches!(base, "PWD" | "OLDPWD")
        });
        // Only bash's own `cd` moves it: named by its bare name, wrapped by nothing but
        // `builtin`, `command` or `time` (`env cd`, `nohup cd`, `/usr/bin/cd` run a program
        // in a child, if there is one).
        let builtin = u.exec_override.is_none()
            && draft
                .argv
                .get(u.exec_start)
                .is_some_and(|w| !w.text.contains('/'))
            && draft.argv.get(..u.exec_start).is_some_and(|pre| {
                pre.iter().all(|w| {
                    matches!(w.text.as_str(), "builtin" | "command" | "time")
                        || w.text.starts_with('-')
                })
            });
        let remote = self.remote.is_some();
        self.dirs_command(&cmd.exec, args_dynamic, remote, pwd_prefix, builtin);
        let slot = slot.min(self.commands.len());
        self.commands.insert(slot, cmd);
        // What it runs again runs where it does.
        let moved = !u.places.is_empty();
        let outer = moved.then(|| {
            (
                std::mem::replace(&mut self.dirs, run),
                self.dirs_fail.clone(),
            )
        });
        // What the command is known to read on its standard input, for a string its shell
        // runs with it (`echo 'sh x' | env -S bash`, `… | sh -c 'python3 -i'`).
        let fed = draft
            .stdin_text
            .clone()
            .or_else(|| self.piped.then(|| self.pipe_in.clone()).flatten());
        for nested in u.nested {
            let stdin = nested.stdin.then(|| fed.clone()).flatten();
            self.nested(nested, &wrappers, stdin);
        }
        for (name, value) in &u.assignments {
            self.command_variable(name, &Word::lit(value));
        }
        if let Some(shell) = u.reads_stdin {
            // `ssh HOST` with no command: the host's shell runs what arrives.
            let remote = u.stdin_host.or_else(|| self.remote.clone());
            let saved = std::mem::replace(&mut self.remote, remote);
            if !matches!(shell.as_str(), "bash" | "rbash") {
                if let Some(body) = draft.stdin_text.as_deref().or(self.pipe_in.as_deref()) {
                    let body = body.to_string();
                    self.not_bash(&body);
                }
            }
            match (&draft.stdin_text, self.piped, self.pipe_in.clone()) {
                (Some(body), _, _) => self.reenter_text(body, Origin::Heredoc),
                (None, true, Some(text)) => {
                    let depth = self.reentry.saturating_add(1);
                    self.reenter_text(&text, Origin::ShellString { depth });
                }
                (None, true, None) => self.opaque(Opaque::ShellFromStdin(shell)),
                (None, false, _) => {}
            }
            self.remote = saved;
        }
        if let Some((dirs, fail)) = outer {
            (self.dirs, self.dirs_fail) = (dirs, fail);
        }
        // Files the wrappers open themselves, judged as a command that opens them would be
        // (`time -o FILE -f TEXT`: `printf %s TEXT > FILE`).
        for f in u.files {
            let (argv, redirect) = match f.access {
                Access::Read => (vec![Word::lit("cat"), Word::lit("--"), f.path], None),
                Access::Write { append, content } => (
                    vec![Word::lit("printf"), Word::lit("%s"), Word::lit(&content)],
                    Some(Redirect {
                        fd: None,
                        op: if append {
                            RedirectOp::Append
                        } else {
                            RedirectOp::Out
                        },
                        target: f.path.text.clone(),
                        dynamic: f.path.dynamic,
                    }),
                ),
            };
            let mut opened = self.draft(argv, &text);
            opened.redirects.extend(redirect);
            opened.wrappers = wrappers.clone();
            let at = self.dirs_at(u.places.get(..f.at).unwrap_or(&[]));
            let end = self.commands.len();
            self.dirs_apart(|w| {
                w.dirs = at;
                w.emit(opened, end);
            });
        }
        self.last_output = self.commands.get(slot).and_then(|c| c.output.clone());
    }

    /// Checks on `NAME=value`: text that will run later is analysed now.
    pub(super) fn check_assignment(&mut self, name: &str, value: &Word) {
        if !value.dynamic && (value.text.contains("$(") || value.text.contains('`')) {
            self.opaque(Opaque::LatentCode(name.to_string()));
            self.walk_code(&value.text);
        }
        self.command_variable(name, value);
    }

    /// Variables whose value a program runs through a shell (`GIT_SSH_COMMAND`, `PAGER`).
    fn command_variable(&mut self, name: &str, value: &Word) {
        const RUN: &[&str] = &[
            "GIT_SSH",
            "GIT_PAGER",
            "PAGER",
            "MANPAGER",
            "SYSTEMD_PAGER",
            "GIT_EDITOR",
            "EDITOR",
            "VISUAL",
            "SUDO_EDITOR",
            "GIT_SEQUENCE_EDITOR",
            "GIT_EXTERNAL_DIFF",
            "PROMPT_COMMAND",
            "LESSOPEN",
            "LESSCLOSE",
            "RSYNC_RSH",
            "CVS_RSH",
            "BROWSER",
        ];
        if !(RUN.contains(&name) || name.ends_with("_COMMAND") || name.ends_with("_CMD")) {
            return;
        }
        let body = value.text.trim_start_matches('|');
        if body.trim().is_empty() {
            return;
        }
        if value.dynamic {
            self.opaque(Opaque::DynamicShellString(short(body)));
        }
        let depth = self.reentry.saturating_add(1);
        self.reenter_text(body, Origin::ShellString { depth });
    }

    pub(super) fn nested(&mut self, nested: Nested, wrappers: &[String], stdin: Option<String>) {
        let depth = self.reentry.saturating_add(1);
        let origin = match nested.kind {
            NestKind::Shell => Origin::ShellString { depth },
            NestKind::Xargs => Origin::Xargs,
            NestKind::FindExec => Origin::FindExec,
            NestKind::GitAlias => Origin::GitAlias,
            NestKind::Watch => Origin::Watch,
            NestKind::Parallel => Origin::Parallel,
            NestKind::Remote => Origin::ShellString { depth },
        };
        match nested.body {
            Body::Shell(word) => {
                if word.dynamic {
                    self.opaque(Opaque::DynamicShellString(short(&word.text)));
                }
                if !nested.bash {
                    self.not_bash(&word.text);
                }
                let remote = match nested.kind {
                    NestKind::Remote => nested.parent.clone(),
                    _ => self.remote.clone(),
                };
                let saved = std::mem::replace(&mut self.remote, remote);
                let entry = self.dirs.clone();
                if nested.kind == NestKind::Remote {
                    // The host's directories: none of this shell's.
                    self.dirs = self.dirs.unknown();
                }
                self.reenter_fed(&word.text, origin, stdin);
                self.dirs = entry;
                self.remote = saved;
            }
            Body::Argv(words) => {
                if self.reentry >= MAX_REENTRY {
                    self.opaque(Opaque::TooDeep);
                    return;
                }
                let text = words
                    .iter()
                    .map(|w| w.text.as_str())
                    .collect::<Vec<_>>()
                    .join(" ");
                let remote = match nested.kind {
                    NestKind::Remote => nested.parent.clone(),
                    _ => self.remote.clone(),
                };
                let saved_remote = std::mem::replace(&mut self.remote, remote);
                let mut draft = self.draft(words, &text);
                draft.wrappers = wrappers.to_vec();
                if let (Some(parent), false) = (nested.parent, nested.kind == NestKind::Remote) {
                    draft.wrappers.push(parent);
                }
                let saved = (std::mem::replace(&mut self.origin, origin), self.reentry);
                self.reentry = depth;
                let slot = self.commands.len();
                // A program it starts: its directory changes stay there.
                self.dirs_apart(|w| {
                    if nested.kind == NestKind::Remote {
                        w.dirs = w.dirs.unknown();
                    }
                    w.emit(draft, slot);
                });
                (self.origin, self.reentry) = saved;
                self.remote = saved_remote;
            }
        }
    }

    /// Parse and walk text the grammar misplaced, as if it stood on its own.
    pub(super) fn reparse(&mut self, body: &str, top: bool) {
        if self.reentry >= MAX_REENTRY {
            self.opaque(Opaque::TooDeep);
            return;
        }
        let Some((tree, body)) = self.parse(body) else {
            return;
        };
        self.reentry = self.reentry.saturating_add(1);
        self.root(tree.root_node(), &body, top);
        self.reentry = self.reentry.saturating_sub(1);
    }

    /// Parse and walk a string a shell will run again.
    /// Text another shell than bash runs (sh, dash, a remote login shell) is parsed here
    /// as bash: where bash's syntax means something else to those shells, the parse does
    /// not show what runs. dash has no `[[` (`[[ a || rm -rf ~ ]]` runs rm there), no
    /// `((` command (`((rm -rf ~))` is two subshells) and no `&>` (`ls &>o rm -rf d` is
    /// `ls &` and then `rm -rf d >o`); zsh's glob qualifiers and ksh's extended globs put
    /// code or patterns in `*(…)`. Such text is opaque.
    pub(super) fn not_bash(&mut self, text: &str) {
        let arith_free = text.replace("$((", "");
        let found = if text.contains("[[") || text.contains("]]") {
            Some("[[ … ]]")
        } else if text.contains("&>") {
            Some("&>")
        } else if arith_free.contains("((") {
            Some("(( … ))")
        } else if text
            .as_bytes()
            .windows(2)
            .any(|w| matches!(w[0], b'*' | b'?' | b']' | b'@' | b'+' | b'!') && w[1] == b'(')
        {
            Some("a pattern followed by `(`")
        } else {
            None
        };
        if let Some(what) = found {
            self.opaque(Opaque::UnsupportedSyntax(format!(
                "{what} in a string a shell other than bash runs, which reads it otherwise"
            )));
        }
    }

    pub(super) fn reenter_text(&mut self, body: &str, origin: Origin) {
        self.reenter_fed(body, origin, None);
    }

    /// [`Self::reenter_text`], its commands given `stdin` as known input (the text of a
    /// heredoc or a pipe the shell running the string reads).
    pub(super) fn reenter_fed(&mut self, body: &str, origin: Origin, stdin: Option<String>) {
        if self.reentry >= MAX_REENTRY {
            self.opaque(Opaque::TooDeep);
            return;
        }
        let Some((tree, body)) = self.parse(body) else {
            return;
        };
        // A new shell: the loop variables of this one are not its variables.
        let saved = (
            std::mem::replace(&mut self.origin, origin),
            std::mem::replace(&mut self.piped, false),
            std::mem::take(&mut self.inherited),
            self.inherited_stdin.take(),
            self.reentry,
            std::mem::take(&mut self.vars),
        );
        self.reentry = self.reentry.saturating_add(1);
        self.inherited_stdin = stdin;
        // It starts where this shell is; where it goes does not come back.
        self.dirs_apart(|w| w.root(tree.root_node(), &body, false));
        (
            self.origin,
            self.piped,
            self.inherited,
            self.inherited_stdin,
            self.reentry,
            self.vars,
        ) = saved;
    }
}

/// Is `exec` an interpreter (not a shell: the walker reads a shell's input itself) given
/// nothing but options, none of which takes code or a module (`python3 -i`, `python3 -`,
/// `node -`, `ruby -w`), so that it runs its standard input as its program (on this
/// machine: CPython 3.11.7, `echo 'print(6*7)' | python3 -i` and `| python3 -q -` print
/// 42; Node v20.20.2, `node -` runs the script it reads from stdin).
fn reads_program_from_stdin(exec: &[&str]) -> bool {
    const INTERPRETERS: &[&str] = &[
        "python", "pypy", "node", "nodejs", "bun", "deno", "ruby", "perl", "php", "lua", "luajit",
    ];
    const CODE: &[&str] = &[
        "-c", "-e", "-E", "-m", "-p", "-r", "-x", "--eval", "--print",
    ];
    let Some((name, args)) = exec.split_first() else {
        return false;
    };
    let name = unwrap::program_name(name);
    let base = name.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    INTERPRETERS.contains(&base)
        && args.iter().all(|a| {
            *a == "-"
                || (a.starts_with('-')
                    && !CODE.contains(a)
                    && !a.starts_with("--eval")
                    && !a.starts_with("--print"))
        })
}

/// What a command is known to print, when it only prints literals: `echo` (no `-e`),
/// `printf` with `%s` directives, `cat` of its heredoc.
fn known_output(argv: &[Word], start: usize, stdin: Option<String>) -> Option<String> {
    let exec = argv.get(start..)?;
    let (name, args) = exec.split_first()?;
    if name.dynamic || args.iter().any(|w| w.dynamic) {
        return None;
    }
    match unwrap::program_name(&name.text) {
        "echo" => {
            let skip = args
                .iter()
                .take_while(|w| matches!(w.text.as_str(), "-n" | "-E" | "-e" | "-ne" | "-en"))
                .count();
            let text = args
                .get(skip..)?
                .iter()
                .map(|w| w.text.as_str())
                .collect::<Vec<_>>()
                .join(" ");
            let escapes = args.get(..skip)?.iter().any(|w| w.text.contains('e'));
            Some(if escapes { decode_ansi_c(&text) } else { text })
        }
        "printf" => {
            // `printf -- FORMAT`: the format follows; `-v VAR` prints nothing (it assigns).
            let args = match args.first().map(|w| w.text.as_str()) {
                Some("--") => &args[1..],
                Some(a) if a.starts_with('-') && a.len() > 1 => return None,
                _ => args,
            };
            let (format, rest) = args.split_first()?;
            // Only `%s` and `%%` are read; any other conversion is not known. The format's
            // escapes are decoded, the arguments are not; the format is used again while
            // arguments are left (with none left, a `%s` prints nothing).
            let pieces: Vec<Vec<String>> = format
                .text
                .split("%%")
                .map(|p| p.split("%s").map(decode_ansi_c).collect())
                .collect();
            if pieces.iter().flatten().any(|p| p.contains('%')) {
                return None;
            }
            let slots: usize = pieces.iter().map(|p| p.len() - 1).sum();
            let mut rest = rest.iter().peekable();
            let mut out = String::new();
            loop {
                for (k, piece) in pieces.iter().enumerate() {
                    if k > 0 {
                        out.push('%');
                    }
                    for (j, part) in piece.iter().enumerate() {
                        if j > 0 {
                            out.push_str(rest.next().map(|w| w.text.as_str()).unwrap_or(""));
                        }
                        out.push_str(part);
                    }
                }
                if slots == 0 || rest.peek().is_none() || out.len() > 1 << 20 {
                    break;
                }
            }
            Some(out)
        }
        "cat" if args.is_empty() => stdin,
        _ => None,
    }
}
