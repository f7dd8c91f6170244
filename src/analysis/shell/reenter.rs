//! Re-entries: programs that run another command given as a string or as words — shells
//! with `-c`, `su -c`, `ssh host cmd`, `docker exec`, `kubectl exec`, `xargs`, `find
//! -exec`, `parallel`, `watch`, `git -c alias.x=!cmd`. Each is handed back as a
//! [`Nested`](super::unwrap::Nested) for the walker to analyse like any other command.

use super::opts;
use super::specs::*;
use super::unwrap::{program_name, NestKind, Unwrapped};
use super::words::Word;
use super::Opaque;

/// Programs that are shells: `-c STR` runs STR; no script argument means stdin.
pub(super) const SHELLS: &[&str] = &[
    "sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "yash", "fish", "posh", "rbash", "lksh",
    "pdksh", "csh", "tcsh",
];

/// Look at the program that runs (`exec[0]`) for a re-entry.
pub(super) fn detect(exec: &[Word], u: &mut Unwrapped) {
    let Some(first) = exec.first() else {
        return;
    };
    if first.dynamic {
        return;
    }
    let name = program_name(&first.text);
    match name {
        _ if SHELLS.contains(&name) => shell(name, exec, u),
        "su" | "runuser" => su(name, exec, u),
        "ssh" => ssh(exec, u),
        "adb" => adb(exec, u),
        "docker" | "podman" | "nerdctl" => docker(exec, u),
        "kubectl" | "oc" => kubectl(exec, u),
        "xargs" => xargs(exec, u),
        "find" => find_exec(exec, u),
        "parallel" => parallel(exec, u),
        "watch" => watch(exec, u),
        "at" | "batch" => at(name, exec, u),
        "git" => git(exec, u),
        "script" => {
            let p = opts::parse(exec, 1, &SCRIPT);
            u.check("script", &p, exec);
            match p.value("-c").or_else(|| p.value("--command")) {
                Some(cmd) => u.nest_shell(NestKind::Shell, Word::lit(cmd)),
                // No command: an interactive shell reading stdin.
                None => u.reads_stdin = Some("script".into()),
            }
        }
        "nix" => nix_develop(exec, u),
        "nix-shell" => {
            let mut iter = exec.iter();
            while let Some(w) = iter.next() {
                if w.text == "--run" || w.text == "--command" {
                    if let Some(cmd) = iter.next() {
                        // nix-shell runs it in bash.
                        u.nest_bash(cmd.clone());
                    }
                }
            }
        }
        _ => {}
    }
}

/// `bash [opts] -c STR [arg0 args…]`, `bash -s`, `bash` (stdin), `bash script` (no re-entry).
fn shell(name: &str, exec: &[Word], u: &mut Unwrapped) {
    let mut j = 1;
    let mut command_flag = false;
    let mut stdin_flag = false;
    let mut command_value = None;
    let mut noexec = false;
    while let Some(w) = exec.get(j) {
        let t = w.text.as_str();
        // A lone `+` ends the options as `-` does (bash 5.2, dash 0.5.12).
        if t == "--" || t == "-" || t == "+" {
            j += 1;
            break;
        }
        if let Some(long) = t.strip_prefix("--") {
            let (opt, inline) = match long.split_once('=') {
                Some((o, v)) => (o, Some(v)),
                None => (long, None),
            };
            match (opt, inline) {
                // fish: --command=STR / --command STR
                ("command", Some(v)) => command_value = Some(Word::lit(v)),
                ("command", None) => {
                    command_value = exec.get(j + 1).cloned();
                    j += 1;
                }
                ("rcfile" | "init-file" | "init-command" | "C", None) => j += 1,
                _ => {}
            }
            j += 1;
            continue;
        }
        let on = t.starts_with('-');
        let flags = match t.strip_prefix('-').or_else(|| t.strip_prefix('+')) {
            Some(f) if !f.is_empty() => f,
            _ => break,
        };
        let mut takes_value = 0;
        for c in flags.chars() {
            match c {
                'c' => command_flag = true,
                's' => stdin_flag = true,
                'n' => noexec = on,
                // -o OPTION / -O SHOPT take the next word.
                'o' | 'O' => {
                    takes_value += 1;
                    if c == 'o'
                        && exec.get(j + takes_value).map(|w| w.text.as_str()) == Some("noexec")
                    {
                        noexec = on;
                    }
                }
                _ => {}
            }
        }
        j += 1 + takes_value;
    }
    // `bash -n` (noexec) only checks syntax: nothing it reads runs.
    if noexec {
        return;
    }
    let bash = matches!(name, "bash" | "rbash");
    let nest = |u: &mut Unwrapped, w: Word| u.nest_fed(w, bash);
    if let Some(cmd) = command_value {
        nest(u, cmd);
    } else if command_flag {
        if let Some(cmd) = exec.get(j) {
            nest(u, cmd.clone());
        }
    } else if stdin_flag || j >= exec.len() {
        u.reads_stdin = Some(name.to_string());
    }
}

/// `at [opts] TIME`, `batch`: the job is the shell text on stdin, which `/bin/sh` runs later
/// (at 3.2's at(1): `-q Q`, `-f FILE`, `-u USER`, `-t TIME`, `-o FMT` take a value; `-l`,
/// `-r`, `-d`, `-c` list, remove or print jobs and submit none). The text is analysed now,
/// as what it will run; a job read from a file (`-f`) is not seen.
fn at(name: &str, exec: &[Word], u: &mut Unwrapped) {
    let mut submits = true;
    let mut j = 1;
    while let Some(w) = exec.get(j) {
        let t = w.text.as_str();
        if w.dynamic {
            u.opaque.push(Opaque::DynamicShellString(t.to_string()));
            return;
        }
        if t == "--" {
            break;
        }
        let Some(flags) = t.strip_prefix('-').filter(|f| !f.is_empty()) else {
            break;
        };
        for (pos, c) in flags.char_indices() {
            match c {
                'q' | 'f' | 'u' | 't' | 'o' => {
                    let rest = &flags[pos + c.len_utf8()..];
                    let value = if rest.is_empty() {
                        j += 1;
                        exec.get(j).map(|w| w.text.clone()).unwrap_or_default()
                    } else {
                        rest.to_string()
                    };
                    if c == 'f' {
                        u.opaque.push(Opaque::UnsupportedSyntax(format!(
                            "{name} -f {value} (a job file run later, unseen)"
                        )));
                        return;
                    }
                    break;
                }
                'l' | 'r' | 'd' | 'c' => submits = false,
                'V' | 'm' | 'M' | 'v' | 'k' | 'b' => {}
                _ => {
                    u.opaque.push(Opaque::UnknownWrapperOption {
                        wrapper: name.to_string(),
                        option: format!("-{c}"),
                    });
                    return;
                }
            }
        }
        j += 1;
    }
    if submits {
        u.reads_stdin = Some(name.to_string());
    }
}

/// `su [opts] [-] [user] -c STR`: options may come after the user.
fn su(name: &str, exec: &[Word], u: &mut Unwrapped) {
    let mut j = 1;
    let mut found = None;
    while j < exec.len() {
        let p = opts::parse(exec, j, &SU);
        for flag in ["-c", "--command", "--session-command"] {
            if let Some(v) = p.value(flag) {
                found = Some(v.to_string());
            }
        }
        j = p.next.max(j) + 1;
    }
    match found {
        Some(cmd) => {
            let dynamic = exec.iter().any(|w| w.dynamic);
            u.nest_shell(NestKind::Shell, Word::new(cmd, dynamic));
        }
        None => u.reads_stdin = Some(name.to_string()),
    }
}

/// An ssh `-o` value as ssh_config(5) reads it: the key (lower case) and its value,
/// separated by blanks or one `=` with optional blanks around it.
pub fn ssh_config_pair(value: &str) -> (String, &str) {
    let value = value.trim_start();
    let (key, val) = value
        .split_once(['=', ' ', '\t'])
        .map(|(k, v)| (k.trim(), v.trim()))
        .unwrap_or((value, ""));
    let val = val.strip_prefix('=').map(str::trim).unwrap_or(val);
    (key.to_ascii_lowercase(), val)
}

/// An ssh command option's value with its `%` tokens as ssh fills them in before the
/// shell runs it (ssh_config(5) TOKENS): `%%` a percent, `%d` the local home directory;
/// the others (`%h`, `%p`, `%r`, `%n`, `%C`, `%u`, `%l`, `%i`, `%k`, `%T`, …) are known
/// only when it runs: the text is then dynamic.
pub fn ssh_tokens(val: &str, home: &std::path::Path) -> (String, bool) {
    let mut out = String::with_capacity(val.len());
    let mut dynamic = false;
    let mut chars = val.chars();
    while let Some(c) = chars.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('%') => out.push('%'),
            Some('d') => out.push_str(&home.display().to_string()),
            Some(t) => {
                dynamic = true;
                out.push('%');
                out.push(t);
            }
            None => {
                dynamic = true;
                out.push('%');
            }
        }
    }
    (out, dynamic)
}

/// `ssh [opts] host [opts] CMD…`: the words after the host are joined into a shell
/// string that the host's shell runs (its commands carry the host in `remote`); with no
/// command, the host's shell reads its commands from stdin (a heredoc, a here-string, a
/// pipe), judged there the same way. `-o ProxyCommand=…` (and `LocalCommand`,
/// `KnownHostsCommand`) runs locally through a shell.
fn ssh(exec: &[Word], u: &mut Unwrapped) {
    let p = opts::parse(exec, 1, &SSH);
    let q = opts::parse(exec, p.next + 1, &SSH);
    for flag in p.flags.iter().chain(q.flags.iter()) {
        if flag.name != "-o" {
            continue;
        }
        let value = flag.value.as_deref().unwrap_or("");
        let (key, val) = ssh_config_pair(value);
        if matches!(
            key.as_str(),
            "proxycommand" | "localcommand" | "knownhostscommand"
        ) && !val.eq_ignore_ascii_case("none")
        {
            let (text, dynamic) = ssh_tokens(val, &u.home);
            u.nest_shell(NestKind::Shell, Word::new(text, dynamic));
        }
    }
    let host = exec.get(p.next).map(|w| w.text.as_str()).unwrap_or("");
    let rest = exec.get(q.next..).unwrap_or(&[]);
    // Words that are only blanks are no command: ssh asks the host for a shell.
    if rest.iter().any(|w| w.dynamic || !w.text.trim().is_empty()) {
        let dynamic = rest.iter().any(|w| w.dynamic);
        let text = rest
            .iter()
            .map(|w| w.text.as_str())
            .collect::<Vec<_>>()
            .join(" ");
        u.nest_remote(host, Word::new(text, dynamic));
    } else if !host.is_empty() && !p.has("-N") && !q.has("-N") && !p.has("-s") && !q.has("-s") {
        u.reads_stdin = Some("ssh".into());
        u.stdin_host = Some(host.to_string());
    }
}

/// `adb [GLOBAL] shell [-e ESC] [-nTtx] CMD…`: the words are joined into a command line the
/// device's shell runs, like ssh's (its commands carry the device in `remote`).
fn adb(exec: &[Word], u: &mut Unwrapped) {
    let texts: Vec<&str> = exec.iter().map(|w| w.text.as_str()).collect();
    let Ok(call) = adb_call(&texts) else {
        return;
    };
    if let Some(at) = call.shell_at {
        let rest = &exec[at..];
        if rest.is_empty() {
            return;
        }
        let dynamic = rest.iter().any(|w| w.dynamic);
        let text = rest
            .iter()
            .map(|w| w.text.as_str())
            .collect::<Vec<_>>()
            .join(" ");
        u.nest_remote(&call.device, Word::new(text, dynamic));
    }
}

/// An `adb` command line read with adb 1.0.41's options (`adb help`): global `-a -d -e`,
/// `-s SERIAL -t ID -H HOST -P PORT -L SOCKET`, `--one-device X`,
/// `--exit-on-write-error`; `shell`'s own `-e ESCAPE -n -T -t -x`.
#[derive(Debug, PartialEq, Eq)]
pub struct AdbCall {
    /// The device named (`-s SERIAL`, `-t ID`), or "the Android device".
    pub device: String,
    /// Where the subcommand is in the argv.
    pub sub_at: usize,
    /// For `adb shell`: where the device's command starts (past the argv when none).
    pub shell_at: Option<usize>,
}

/// Read `argv` (`adb` first) as [`AdbCall`], or why it is outside adb's options.
pub fn adb_call(argv: &[&str]) -> Result<AdbCall, String> {
    let mut device = None;
    let mut i = 1;
    while let Some(a) = argv.get(i) {
        match *a {
            "-a" | "-d" | "-e" | "--exit-on-write-error" => i += 1,
            "-s" | "-t" | "-H" | "-P" | "-L" | "--one-device" => {
                let v = argv.get(i + 1).ok_or(format!("adb {a} without a value"))?;
                if matches!(*a, "-s" | "-t") {
                    device = Some(format!("device {v}"));
                }
                i += 2;
            }
            x if x.starts_with('-') => return Err(format!("{x} is not an option of adb")),
            _ => break,
        }
    }
    let sub_at = i;
    let mut shell_at = None;
    if argv.get(i) == Some(&"shell") {
        i += 1;
        while let Some(a) = argv.get(i) {
            match *a {
                "-n" | "-T" | "-t" | "-tt" | "-x" => i += 1,
                "-e" => i += 2,
                "--" => {
                    i += 1;
                    break;
                }
                x if x.starts_with('-') && x.len() > 1 => {
                    return Err(format!("{x} is not an option of adb shell"))
                }
                _ => break,
            }
        }
        shell_at = Some(i.min(argv.len()));
    }
    Ok(AdbCall {
        device: device.unwrap_or_else(|| "the Android device".to_string()),
        sub_at,
        shell_at,
    })
}

/// `docker|podman [global] (exec|run|container exec|compose exec …) [opts] TARGET CMD…`.
/// An exec inside [`exec_call`]'s grammar runs its words in the container, judged as they
/// run there (like `ssh`); anything else nests the words as a local command.
fn docker(exec: &[Word], u: &mut Unwrapped) {
    let texts: Vec<&str> = exec.iter().map(|w| w.text.as_str()).collect();
    if let Ok(Some(call)) = exec_call(&texts) {
        let child = exec.get(call.child_at..).unwrap_or(&[]).to_vec();
        u.nest_remote_argv(&call.container, child);
        return;
    }
    let g = opts::parse(exec, 1, &DOCKER_GLOBAL);
    let mut j = g.next;
    if exec.get(j).is_some_and(|w| w.text == "compose") {
        j = opts::parse(exec, j + 1, &DOCKER_COMPOSE).next;
    } else if exec.get(j).is_some_and(|w| w.text == "container") {
        j += 1;
    }
    if !exec
        .get(j)
        .is_some_and(|w| w.text == "exec" || w.text == "run")
    {
        return;
    }
    let p = opts::parse(exec, j + 1, &DOCKER_RUN);
    let mut child: Vec<Word> = Vec::new();
    if let Some(entry) = p.value("--entrypoint") {
        child.push(Word::lit(entry));
    }
    child.extend(exec.get(p.next + 1..).unwrap_or(&[]).iter().cloned());
    u.nest_argv(NestKind::Shell, child, "docker");
}

/// A `docker|podman exec` or `docker compose exec` command line read with the options
/// of `docker exec --help` and `docker compose exec --help` (docker 28 / compose v2):
/// global options before the subcommand (`-c -H -l`, `--context`, …; compose's `-f -p`,
/// `--project-directory`, …), then `-d -i -t` (compose: `-T`), `-e/--env VAR[=VALUE]`,
/// `-u/--user`, `-w/--workdir`, `--detach-keys`, compose's `--index N` and `--dry-run`,
/// the container or service, and the command with its words.
#[derive(Debug, PartialEq, Eq)]
pub struct ExecCall {
    /// "docker exec", "podman exec", "docker compose exec".
    pub what: String,
    /// "container NAME" or "the NAME service's container".
    pub container: String,
    /// Where the command run in the container starts (past the argv when none).
    pub child_at: usize,
}

/// Read `argv` (`docker` or `podman` first) as an [`ExecCall`]: `Ok(None)` when it is no
/// exec, `Err` when it is one with an option outside the grammar (`--privileged` gives the
/// command every capability; `--env-file` reads a local file), or without a command.
pub fn exec_call(argv: &[&str]) -> Result<Option<ExecCall>, String> {
    let words: Vec<Word> = argv.iter().map(|a| Word::lit(a)).collect();
    let g = opts::parse(&words, 1, &DOCKER_GLOBAL);
    if !g.unknown.is_empty() || g.dynamic {
        return Ok(None);
    }
    let mut j = g.next;
    let mut compose = false;
    match argv.get(j).copied() {
        Some("compose") => {
            let c = opts::parse(&words, j + 1, &DOCKER_COMPOSE);
            if !c.unknown.is_empty() {
                return Ok(None);
            }
            j = c.next;
            compose = true;
        }
        Some("container") => j += 1,
        _ => {}
    }
    if argv.get(j) != Some(&"exec") {
        return Ok(None);
    }
    let prog = program_name(argv.first().copied().unwrap_or("docker"));
    let what = if compose {
        format!("{prog} compose exec")
    } else {
        format!("{prog} exec")
    };
    let mut i = j + 1;
    while let Some(a) = argv.get(i).copied() {
        if a == "--" {
            i += 1;
            break;
        }
        if !a.starts_with('-') || a == "-" {
            break;
        }
        let (name, attached) = match a.split_once('=') {
            Some((n, v)) if a.starts_with("--") => (n, Some(v)),
            _ => (a, None),
        };
        let takes_value = |n: &str| -> bool {
            matches!(
                n,
                "-e" | "--env" | "-u" | "--user" | "-w" | "--workdir" | "--detach-keys"
            ) || (compose && n == "--index")
        };
        if name.starts_with("--") {
            let bool_ok = matches!(name, "--detach" | "--interactive" | "--tty")
                || (compose && matches!(name, "--no-TTY" | "--no-tty" | "--dry-run"));
            if takes_value(name) {
                i += if attached.is_some() { 1 } else { 2 };
            } else if bool_ok && attached.is_none() {
                i += 1;
            } else {
                return Err(format!("{a} is not an option of {what} gatehook knows"));
            }
            continue;
        }
        // Short options, clustered: bool letters, then at most one that takes a value
        // (its value attached or the next word).
        let letters: Vec<char> = a[1..].chars().collect();
        let mut k = 0;
        let mut step = 1;
        while let Some(&c) = letters.get(k) {
            match c {
                'd' | 'i' | 't' => k += 1,
                'T' if compose => k += 1,
                'e' | 'u' | 'w' => {
                    if k + 1 == letters.len() {
                        step = 2;
                    }
                    break;
                }
                _ => return Err(format!("{a} is not an option of {what} gatehook knows")),
            }
        }
        i += step;
    }
    if i > argv.len() {
        return Err(format!("{what}: an option lacks its value"));
    }
    let Some(target) = argv.get(i) else {
        return Err(format!("{what} without a container"));
    };
    if argv.len() <= i + 1 {
        return Err(format!("{what} without a command"));
    }
    let container = if compose {
        format!("the {target} service's container")
    } else {
        format!("container {target}")
    };
    Ok(Some(ExecCall {
        what,
        container,
        child_at: i + 1,
    }))
}

/// `kubectl exec|run|debug … -- CMD…`.
fn kubectl(exec: &[Word], u: &mut Unwrapped) {
    let runs = exec
        .iter()
        .any(|w| matches!(w.text.as_str(), "exec" | "run" | "debug"));
    if !runs {
        return;
    }
    if let Some(dash) = exec.iter().position(|w| w.text == "--") {
        let child = exec.get(dash + 1..).unwrap_or(&[]).to_vec();
        u.nest_argv(NestKind::Shell, child, "kubectl");
    }
}

/// `xargs [opts] [CMD…]`: the child runs with extra arguments; no command means `echo`.
fn xargs(exec: &[Word], u: &mut Unwrapped) {
    let p = opts::parse(exec, 1, &XARGS);
    u.check("xargs", &p, exec);
    let mut child = exec.get(p.next..).unwrap_or(&[]).to_vec();
    if child.is_empty() {
        child.push(Word::lit("echo"));
    }
    u.nest_argv(NestKind::Xargs, child, "xargs");
}

/// `find … -exec CMD… ;|+` (also `-execdir`, `-ok`, `-okdir`); several may appear.
fn find_exec(exec: &[Word], u: &mut Unwrapped) {
    let mut i = 1;
    while let Some(w) = exec.get(i) {
        i += 1;
        if !matches!(w.text.as_str(), "-exec" | "-execdir" | "-ok" | "-okdir") {
            continue;
        }
        let mut child = Vec::new();
        while let Some(c) = exec.get(i) {
            i += 1;
            let ends = c.text == ";"
                || (c.text == "+" && child.last().is_some_and(|p: &Word| p.text == "{}"));
            if ends {
                break;
            }
            child.push(c.clone());
        }
        u.nest_argv(NestKind::FindExec, child, "find");
    }
}

/// `parallel [opts] CMD… ::: ARGS…`; without a command each argument is a command.
fn parallel(exec: &[Word], u: &mut Unwrapped) {
    let p = opts::parse(exec, 1, &PARALLEL);
    let rest = exec.get(p.next..).unwrap_or(&[]);
    let sep = |w: &Word| w.text.starts_with(":::");
    let cmd: Vec<&Word> = rest.iter().take_while(|w| !sep(w)).collect();
    if cmd.is_empty() {
        for arg in rest.iter().filter(|w| !sep(w)) {
            u.nest_shell(NestKind::Parallel, arg.clone());
        }
    } else {
        u.nest_shell(NestKind::Parallel, joined(cmd.into_iter()));
    }
}

/// `nix [opts] develop [opts] … --command CMD ARGS…` (or `-c`, alone or ending a bundle
/// of short options such as `-Lc`): the rest of the words run as a command, with nix's
/// standard input. The command floor reads nix's options exactly
/// (`effects::programs::nix`); here it is enough to find `develop` as nix's command (only
/// options, and up to two values after one, before it) and the first `--command` after it.
/// Finding a command where nix would not run one only adds a part to judge.
fn nix_develop(exec: &[Word], u: &mut Unwrapped) {
    let Some(d) = exec.iter().position(|w| w.text == "develop") else {
        return;
    };
    let option = |k: usize| exec.get(k).is_some_and(|w| w.text.starts_with('-'));
    // An option, or one of the two words after an option.
    let optional = |k: usize| option(k) || option(k - 1) || (k >= 2 && option(k - 2));
    if !(1..d).all(optional) {
        return;
    }
    let ends_in_c = |t: &str| {
        t == "--command"
            || t.strip_prefix('-').is_some_and(|b| {
                !b.starts_with('-')
                    && b.ends_with('c')
                    && b.bytes().all(|c| c.is_ascii_alphabetic())
            })
    };
    let Some(c) = exec
        .iter()
        .skip(d + 1)
        .position(|w| !w.dynamic && ends_in_c(&w.text))
    else {
        return;
    };
    let child = exec.get(d + 2 + c..).unwrap_or(&[]).to_vec();
    u.nest_argv(NestKind::Shell, child, "nix develop");
}

/// `watch [opts] CMD…`: the words are joined and run by `sh -c`, or exec'd with `-x`.
fn watch(exec: &[Word], u: &mut Unwrapped) {
    let p = opts::parse(exec, 1, &WATCH);
    u.check("watch", &p, exec);
    let rest = exec.get(p.next..).unwrap_or(&[]).to_vec();
    if rest.is_empty() {
        return;
    }
    if p.has("-x") || p.has("--exec") {
        u.nest_argv(NestKind::Watch, rest, "watch");
    } else {
        u.nest_shell(NestKind::Watch, joined(rest.iter()));
    }
}

/// `git -c alias.NAME=!cmd …`: a shell alias defined on the command line.
fn git(exec: &[Word], u: &mut Unwrapped) {
    let p = opts::parse(exec, 1, &GIT);
    for flag in p.flags.iter().filter(|f| f.name == "-c") {
        let Some((key, value)) = flag.value.as_deref().and_then(|v| v.split_once('=')) else {
            continue;
        };
        let key = key.to_ascii_lowercase();
        if key.starts_with("alias.") {
            if let Some(cmd) = value.strip_prefix('!') {
                u.nest_shell(NestKind::GitAlias, Word::lit(cmd));
            }
        } else if git_key_runs_command(&key) {
            let cmd = value.strip_prefix('!').unwrap_or(value);
            u.nest_shell(NestKind::Shell, Word::lit(cmd));
        }
    }
    // `--upload-pack=CMD` / `--receive-pack CMD` run CMD through a shell (locally for
    // local or ext:: transports).
    let mut iter = exec.iter().skip(p.next);
    while let Some(w) = iter.next() {
        for opt in ["--upload-pack", "--receive-pack", "--exec"] {
            if let Some(v) = w.text.strip_prefix(opt).and_then(|r| r.strip_prefix('=')) {
                u.nest_shell(NestKind::Shell, Word::lit(v));
            } else if w.text == opt {
                if let Some(v) = iter.next() {
                    u.nest_shell(NestKind::Shell, v.clone());
                }
            }
        }
    }
}

/// git configuration keys whose value git runs as a command.
fn git_key_runs_command(key: &str) -> bool {
    const EXACT: &[&str] = &[
        "core.pager",
        "core.sshcommand",
        "core.fsmonitor",
        "core.editor",
        "core.askpass",
        "diff.external",
        "sequence.editor",
        "gpg.program",
        "gpg.ssh.program",
        "gpg.x509.program",
        "credential.helper",
        "uploadpack.packobjectshook",
        "interactive.difffilter",
    ];
    let suffix = |s: &str| key.ends_with(s);
    EXACT.contains(&key)
        || key.starts_with("pager.")
        || suffix(".textconv")
        || (key.starts_with("diff.") && suffix(".command"))
        || (key.starts_with("merge.") && suffix(".driver"))
        || (key.starts_with("filter.")
            && (suffix(".clean") || suffix(".smudge") || suffix(".process")))
        || (key.starts_with("credential.") && suffix(".helper"))
}

/// Words a tool joins with spaces and hands to `sh -c` (`watch CMD…`, `parallel CMD…`).
fn joined<'w>(words: impl Iterator<Item = &'w Word> + Clone) -> Word {
    let dynamic = words.clone().any(|w| w.dynamic);
    Word::new(
        words.map(|w| w.text.as_str()).collect::<Vec<_>>().join(" "),
        dynamic,
    )
}
