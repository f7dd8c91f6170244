//! Environment prefixes and assignments: which leave a program and its code unchanged,
//! which make it load or run other code, and which run it as someone else.

/// Environment prefixes that change nothing about what runs or where it reads code from.
pub(super) const HARMLESS_ENV: &[&str] = &[
    "LANG",
    "LANGUAGE",
    "TZ",
    "NO_COLOR",
    "FORCE_COLOR",
    "CLICOLOR",
    "CLICOLOR_FORCE",
    "COLUMNS",
    "LINES",
    "TERM",
    "RUST_BACKTRACE",
    "RUST_LOG",
    "RUST_TEST_THREADS",
    "CARGO_TERM_COLOR",
    "CARGO_TERM_VERBOSE",
    "CI",
    "NODE_ENV",
    "PYTHONUNBUFFERED",
    "PYTHONDONTWRITEBYTECODE",
    "PYTHONHASHSEED",
    "GOFLAGS_NOCOLOR",
    "DEBUG",
    "VERBOSE",
];

/// Lower-case names programs read from the environment (the proxy family).
const LOWERCASE_ENV: &[&str] = &[
    "http_proxy",
    "https_proxy",
    "ftp_proxy",
    "all_proxy",
    "no_proxy",
    "rsync_proxy",
    "auto_proxy",
    "socks_proxy",
];

/// Is `NAME=value`, as a statement of its own (no `export`, no `set -a`), a shell variable
/// of the command's own, which no program it runs sees? A name bash did not inherit stays
/// the shell's until it is exported; gatehook runs in the harness's environment, which the
/// agent's shell inherits too. Environment variables are upper case by convention (POSIX
/// reserves lower case for applications), so a lower-case name counts as the shell's own
/// unless programs are known to read it (the listed ones).
pub(crate) fn shell_local(name: &str) -> bool {
    shell_local_in(name, |n| std::env::var_os(n).is_some())
}

/// Variables the shell itself reads, exported or not: assigning one changes how the rest
/// of the command is split, expanded, looked up or traced.
const SHELL_READS: &[&str] = &[
    "IFS",
    "CDPATH",
    "PWD",
    "OLDPWD",
    "GLOBIGNORE",
    "HOME",
    "PATH",
    "PS4",
    "OPTIND",
    "OPTARG",
    "OPTERR",
    "FIGNORE",
    "EXECIGNORE",
    "FUNCNEST",
    "TMOUT",
    "POSIXLY_CORRECT",
    "BASH_XTRACEFD",
    "BASH_COMPAT",
    "HISTFILE",
    "HISTCONTROL",
    "HISTIGNORE",
    "HISTSIZE",
    "HISTFILESIZE",
    "HISTTIMEFORMAT",
    "MAIL",
    "MAILPATH",
    "MAILCHECK",
    "SHELL",
    "TIMEFORMAT",
];

/// Variables that say where the shell keeps its history and how much of it: set,
/// exported or unset, the session's commands are not kept (`HISTFILE=/dev/null`,
/// `HISTSIZE=0`, `unset HISTFILE`, `HISTIGNORE='*'`).
pub(crate) const HISTORY_VARS: &[&str] = &[
    "HISTFILE",
    "HISTSIZE",
    "HISTFILESIZE",
    "HISTCONTROL",
    "HISTIGNORE",
    "SAVEHIST",
];

/// The soft category of a command that clears, rewrites or turns off the shell's history
/// (the record the person reads back): the reviewer's grounding takes it as discarding.
pub(crate) const HISTORY: &str = "history-tampering";

/// Is `name` (as assigned: `HISTFILE`, `HISTSIZE+`, `HISTFILE[0]`) a history variable?
pub(crate) fn history_var(name: &str) -> bool {
    let name = name.split('[').next().unwrap_or(name).trim_end_matches('+');
    HISTORY_VARS.contains(&name)
}

/// `history` given any option (`-c` clears, `-d` deletes, `-w`/`-a` write, `-r`/`-n`
/// read a file in, `-s`/`-p` add or expand: bash 5.2's `help history`) or more than a
/// count; `unset` of a history variable; `set +o history`/`set -o history`, and `shopt`
/// of `histappend`/`cmdhist`/`lithist`/`histreedit`/`histverify`: the shell's history
/// cleared, rewritten or turned off. `history` alone or with a count prints it.
pub(super) fn history_look(cmd: &super::core::Cmd) -> Option<super::core::Look> {
    let prog = cmd.program();
    let args = cmd.args();
    let tampers = match prog {
        "history" => match args {
            [] => false,
            [n] => !n.bytes().all(|b| b.is_ascii_digit()),
            _ => true,
        },
        "unset" => args.iter().any(|a| history_var(a)),
        "set" => args.iter().any(|a| a == "history"),
        "shopt" => args.iter().any(|a| {
            matches!(
                a.as_str(),
                "histappend" | "cmdhist" | "lithist" | "histreedit" | "histverify"
            )
        }),
        _ => false,
    };
    tampers.then(|| {
        let mut l = super::core::Look::routine(String::new());
        l.class = super::core::Class::Soft {
            category: HISTORY,
            reason: format!(
                "{prog} {}: clears, rewrites or turns off the shell's history",
                args.join(" ")
            ),
        };
        l
    })
}

/// [`shell_local`] against an environment (`exported(NAME)`: is NAME in it): a lower-case
/// name other than the listed ones, or any other name that the environment does not
/// hold (bash exports what it inherited; a name it did not inherit stays the shell's own
/// until `export` or `set -a`, which are judged apart), unless the shell itself reads it
/// ([`SHELL_READS`]) or it loads code ([`code_env`]).
pub(crate) fn shell_local_in(name: &str, exported: impl Fn(&str) -> bool) -> bool {
    // An element (`PWD[0]=…`) or an append (`PWD+=…`) assigns the variable itself.
    let name = name.split('[').next().unwrap_or(name).trim_end_matches('+');
    if name.is_empty() || SHELL_READS.contains(&name) || code_env(name) {
        return false;
    }
    if !name.bytes().any(|b| b.is_ascii_uppercase()) {
        return !LOWERCASE_ENV.contains(&name);
    }
    !exported(name)
}

/// Does the shell itself read `name` (so assigning or exporting it changes how the rest
/// of the command is read, looked up or traced)?
pub(crate) fn shell_reads(name: &str) -> bool {
    SHELL_READS.contains(&name)
}

/// Builtins whose behaviour no environment variable outside [`SHELL_READS`] and the
/// loaders' ([`code_env`]) changes: bash runs them itself, so a variable in their
/// environment reaches no program (`FOO=bar echo $FOO`, `export FOO=bar && echo $FOO`).
const ENV_BLIND_BUILTINS: &[&str] = &[
    "echo", "printf", "cd", "pwd", "true", "false", ":", "test", "[", "[[", "export", "declare",
    "typeset", "readonly", "unset", "shift", "exit", "return",
];

/// Is `sc` one of [`ENV_BLIND_BUILTINS`] run by the shell itself: written as its bare name
/// (not a path such as `/bin/echo`), with no wrapper (`env echo`, `nice echo` run the
/// program of that name) and not run by another program (`xargs echo`, `find -exec`)?
pub(crate) fn env_blind_builtin(sc: &crate::analysis::shell::SimpleCommand) -> bool {
    use crate::analysis::shell::Origin;
    let offset = sc.argv.len().saturating_sub(sc.exec.len());
    let written = sc.argv.get(offset).map(String::as_str);
    let prog = sc.program();
    prog.is_some_and(|p| ENV_BLIND_BUILTINS.contains(&p))
        && written == prog
        && sc.wrappers.is_empty()
        && matches!(
            sc.origin,
            Origin::TopLevel
                | Origin::Subshell
                | Origin::Substitution
                | Origin::ProcessSubstitution
                | Origin::ShellString { .. }
                | Origin::Heredoc
        )
}

/// `export [--] NAME[=value]…` and `declare -x`/`typeset -x NAME[=value]…`: bash stores
/// each value and puts NAME in the environment of every later command of the shell (the
/// shell analysis hands those commands the pair as if written as a prefix, so each is
/// judged with it). Exporting a name that makes programs load or run other code is
/// soft, as assigning it is; one the shell itself reads is not known to be routine; any
/// other name is routine here, since what it can change is judged at each later
/// command. Other options (`-n`, `-p`, `-f`), a name computed at run time and no name
/// at all are outside the grammar (the printers among them are secret dumps, judged by
/// `sensitive`).
pub(super) fn export_look(cmd: &super::core::Cmd) -> super::core::Look {
    use super::core::{Class, Look};
    let prog = cmd.program();
    let args = cmd.args();
    let mut names = Vec::new();
    for (i, a) in args.iter().enumerate() {
        let option = a.starts_with('-') || a.starts_with('+');
        let allowed = match prog {
            "export" => a == "--",
            _ => a == "-x",
        };
        if option {
            if !allowed {
                return Look::unknown(format!("{prog} {a} is not modelled"));
            }
            continue;
        }
        if cmd.arg_dynamic(i) {
            return Look::unknown(format!("{prog} is given a name computed at run time"));
        }
        let name = a.split_once('=').map_or(a.as_str(), |(n, _)| n);
        let ident = name
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !ident {
            return Look::unknown(format!("{prog} {a}: not a variable name"));
        }
        names.push(name.to_string());
    }
    if names.is_empty() || (prog != "export" && !args.iter().any(|a| a == "-x")) {
        return Look::unknown(format!("{prog} without a name to export is not modelled"));
    }
    if let Some(n) = names.iter().find(|n| code_env(n)) {
        let mut l = Look::routine(String::new());
        l.class = Class::Soft {
            category: "env-injection",
            reason: format!("{prog} {n} makes later programs load or run other code"),
        };
        return l;
    }
    if let Some(n) = names.iter().find(|n| history_var(n)) {
        let mut l = Look::routine(String::new());
        l.class = Class::Soft {
            category: HISTORY,
            reason: format!("{prog} {n}: changes where or how much of the shell's history is kept"),
        };
        return l;
    }
    if let Some(n) = names.iter().find(|n| shell_reads(n)) {
        return Look::unknown(format!(
            "{prog} {n}: the shell itself reads {n}, and programs it starts see it"
        ));
    }
    Look::routine(format!(
        "exports {} to the commands after it (each judged with it)",
        names.join(", ")
    ))
}

/// Is `NAME=value` a prefix that leaves the program and its code unchanged?
pub(crate) fn harmless_env(name: &str) -> bool {
    HARMLESS_ENV.contains(&name) || name.starts_with("LC_")
}

/// Variables that name a program other tools run in its place (make's built-in rules,
/// cgo, cargo's cc crate, configure scripts: `CC`, `CXX`, `LD`, …).
const PROGRAM_ENV: &[&str] = &[
    "CC",
    "CXX",
    "CPP",
    "LD",
    "AR",
    "AS",
    "NM",
    "RANLIB",
    "STRIP",
    "OBJCOPY",
    "FC",
    "F77",
    "HOSTCC",
    "HOSTCXX",
    "CC_FOR_BUILD",
];

/// Is `NAME=value` a program variable ([`PROGRAM_ENV`]) set to a file by its path outside
/// the system's program directories (`CC=/tmp/evil.sh`, `CC=./x`)? A bare name
/// (`CC=clang`) is looked up on `PATH` as ever; `/usr/bin/gcc-12` is installed tooling.
pub(crate) fn program_path_env(name: &str, value: &str) -> bool {
    const SYSTEM: &[&str] = &[
        "/usr/bin/",
        "/usr/local/bin/",
        "/bin/",
        "/opt/homebrew/bin/",
        "/usr/lib/ccache/",
        "/usr/lib64/ccache/",
    ];
    let first = value.split_whitespace().next().unwrap_or("");
    PROGRAM_ENV.contains(&name)
        && first.contains('/')
        && (first.contains("..") || !SYSTEM.iter().any(|d| first.starts_with(d)))
}

/// A variable whose value is a file a program writes: git's trace files
/// (`GIT_TRACE=~/.bashrc` writes there; `GIT_TRACE=1` prints to standard error). (A
/// kubeconfig named by `KUBECONFIG` is judged with the kube clients' catalogue, by where
/// it is and what it holds.)
pub(crate) fn file_value_env(name: &str, value: &str) -> bool {
    name.starts_with("GIT_TRACE") && value.contains('/')
}

/// Variables of compiler flags (read by make's built-in rules, configure scripts and
/// build files) that are harmless when every flag only defines macros, picks the
/// optimisation, debug or warning level or the language standard.
const COMPILER_FLAGS_ENV: &[&str] = &["CFLAGS", "CPPFLAGS", "CXXFLAGS", "OBJCFLAGS"];

/// Is `NAME=value` a compiler-flags prefix whose every flag is one that changes only how
/// code compiles (`CPPFLAGS=-DNO_SPAWN`, `CFLAGS="-O2 -g -Wall"`)? Flags that load or run
/// other code (`-fplugin=`, `-B`, `-wrapper`, `-Wl,…`/`-Wp,…`, `@file`), read or write
/// other files (`-include`, `-I`, `-MF`, `-fdump-…`) and any expansion are not among them.
pub(crate) fn harmless_flags(name: &str, value: &str) -> bool {
    let ident = |s: &str| {
        s.chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    };
    let plain = |s: &str| {
        s.chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-'))
    };
    let flag = |w: &str| {
        if let Some(d) = w.strip_prefix("-D") {
            return match d.split_once('=') {
                Some((n, v)) => ident(n) && plain(v),
                None => ident(d),
            };
        }
        if let Some(u) = w.strip_prefix("-U") {
            return ident(u);
        }
        if let Some(warn) = w.strip_prefix("-W") {
            // `-Wall`, `-Wno-unused`, `-Werror=format`; never `-Wl,` `-Wp,` `-Wa,`.
            return warn.chars().next().is_some_and(|c| c.is_ascii_lowercase())
                && warn
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '=' | '+'));
        }
        if let Some(std) = w.strip_prefix("-std=") {
            return !std.is_empty() && std.chars().all(|c| c.is_ascii_alphanumeric() || c == '+');
        }
        matches!(
            w,
            "-O" | "-O0"
                | "-O1"
                | "-O2"
                | "-O3"
                | "-Os"
                | "-Oz"
                | "-Og"
                | "-Ofast"
                | "-g"
                | "-g0"
                | "-g1"
                | "-g2"
                | "-g3"
                | "-ggdb"
                | "-w"
                | "-pedantic"
                | "-pedantic-errors"
                | "-fPIC"
                | "-fpic"
                | "-pthread"
        )
    };
    COMPILER_FLAGS_ENV.contains(&name)
        && value.len() <= 4096
        && value.split([' ', '\t']).filter(|w| !w.is_empty()).all(flag)
}

/// Wrappers that run the command as someone else.
pub(super) const PRIVILEGE_WRAPPERS: &[&str] = &[
    "sudo",
    "doas",
    "su",
    "runuser",
    "pkexec",
    "run0",
    // Other roots, mounts, namespaces or a service manager: the command's paths are not
    // the paths the floor judged.
    "chroot",
    "nsenter",
    "unshare",
    "proot",
    "systemd-run",
    "firejail",
    "bwrap",
];

/// Wrappers that run the command as another user (root unless told otherwise): the other
/// [`PRIVILEGE_WRAPPERS`] change roots, mounts or namespaces instead.
const USER_WRAPPERS: &[&str] = &["sudo", "doas", "pkexec", "run0", "runuser", "su"];

/// Shells that, given no script or command, read what is typed into them.
const SHELLS: &[&str] = &["sh", "bash", "zsh", "dash", "ksh", "fish", "csh", "tcsh"];

/// How a command acts as another user, if it does: `(how, shell)`, `shell` when what runs
/// is a shell given no command (`sudo -i`, `sudo -s`, `sudo su`, `doas -s`, `pkexec bash`,
/// and `su` or `runuser` themselves, which run a shell as another user: util-linux
/// 2.38.1's su(1) and runuser(1), root when no user is named, a command only through
/// `-c`): its commands are typed where no one sees them.
pub(super) fn privileged(sc: &crate::analysis::shell::SimpleCommand) -> Option<(String, bool)> {
    let prog = sc.program().map(|p| p.rsplit('/').next().unwrap_or(p));
    let wrapper = sc
        .wrappers
        .iter()
        .find(|w| USER_WRAPPERS.contains(&w.as_str()))
        .map(String::as_str);
    let switcher = prog.filter(|p| matches!(*p, "su" | "runuser"));
    let through = wrapper.or(switcher)?;
    let args = sc.exec.get(1..).unwrap_or(&[]);
    let shell = match (switcher, prog) {
        // `su [-] [user]`: a shell unless `-c`/`--command`/`--session-command` gives one.
        (Some(_), _) => !args.iter().any(|a| {
            a.starts_with("--command")
                || a.starts_with("--session-command")
                || (a.starts_with('-') && !a.starts_with("--") && a.contains('c'))
        }),
        (None, Some(p)) => {
            SHELLS.contains(&p)
                && args
                    .iter()
                    .all(|a| matches!(a.as_str(), "-" | "-i" | "-l" | "-s" | "--login"))
        }
        (None, None) => false,
    };
    let how = if shell {
        format!("an interactive shell as another user (root unless one is named) through {through}, whose commands the floor does not see")
    } else {
        format!("as another user (root unless one is named) through {through}")
    };
    Some((how, shell))
}

/// Variables that make programs load or run other code (loaders, pagers, editors, git's
/// hooks into ssh and config, shell startup files, language runtimes).
pub(crate) fn code_env(name: &str) -> bool {
    // npm reads its `npm_config_*` settings from the environment in any case.
    let upper = name.to_ascii_uppercase();
    if let Some(key) = upper.strip_prefix("NPM_CONFIG_") {
        return matches!(
            key,
            "SCRIPT_SHELL"
                | "NODE_OPTIONS"
                | "USERCONFIG"
                | "GLOBALCONFIG"
                | "REGISTRY"
                | "GIT"
                | "SHELL"
                | "EDITOR"
                | "BROWSER"
                | "VIEWER"
                | "INIT_MODULE"
                | "NODE_GYP"
        );
    }
    // An exported bash function (`BASH_FUNC_NAME%%=() { …; }`, as `env` can set it): a
    // bash started below defines NAME from it, shadowing the command (bash 5.2).
    name.starts_with("BASH_FUNC_")
        || name.starts_with("LD_")
        || name.starts_with("DYLD_")
        // An exported function: bash 5.2 imports `BASH_FUNC_NAME%%=() {…}` from its
        // environment as the function NAME, which replaces the command NAME (and a builtin,
        // `cd` too) in every bash started below (older patched bashes read
        // `BASH_FUNC_NAME()`). Any such name is code.
        || name.starts_with("BASH_FUNC_")
        || name.starts_with("GIT_CONFIG")
        // cargo's per-target runner and linker (`CARGO_TARGET_<TRIPLE>_RUNNER`), and the
        // endpoints gcloud sends its token to (`CLOUDSDK_API_ENDPOINT_OVERRIDES_<API>`).
        || (name.starts_with("CARGO_TARGET_")
            && (name.ends_with("_RUNNER") || name.ends_with("_LINKER")))
        || name.starts_with("CLOUDSDK_API_ENDPOINT_OVERRIDES_")
        || matches!(
            name,
            // glibc's iconv (and every program converting with it: `git log
            // --encoding`) loads the modules `$GCONV_PATH/gconv-modules` names
            // (glibc manual, "The iconv Implementation in the GNU C Library").
            "GCONV_PATH"
                // The AWS CLI and SDKs read profiles from these files, and a profile's
                // `credential_process` is a command they run (AWS CLI docs, "Sourcing
                // credentials with an external process"; rt11a ran a `touch` this way).
                | "AWS_CONFIG_FILE"
                | "AWS_SHARED_CREDENTIALS_FILE"
                | "GIT_SSH"
                | "GIT_SSH_COMMAND"
                | "GIT_EXTERNAL_DIFF"
                | "GIT_PAGER"
                | "GIT_EDITOR"
                | "GIT_EXEC_PATH"
                | "GIT_ASKPASS"
                | "SSH_ASKPASS"
                | "GIT_PROXY_COMMAND"
                | "PAGER"
                | "MANPAGER"
                | "LESSOPEN"
                | "LESSCLOSE"
                | "EDITOR"
                | "VISUAL"
                | "BASH_ENV"
                | "ENV"
                | "PROMPT_COMMAND"
                | "SHELLOPTS"
                | "BASHOPTS"
                | "PYTHONSTARTUP"
                | "PYTHONPATH"
                | "PYTHONHOME"
                | "NODE_OPTIONS"
                | "NODE_PATH"
                | "PERL5OPT"
                | "PERL5LIB"
                | "RUBYOPT"
                | "RUBYLIB"
                | "RUSTC_WRAPPER"
                | "RUSTC_WORKSPACE_WRAPPER"
                | "RUSTFLAGS"
                | "CARGO_BUILD_RUSTC_WRAPPER"
                | "PATH"
                | "ZDOTDIR"
                | "NPM_CONFIG_SCRIPT_SHELL"
                | "GIT_TEMPLATE_DIR"
                | "GIT_SEQUENCE_EDITOR"
                | "SUDO_ASKPASS"
                | "BROWSER"
                // The JVM and its launchers' options (`-javaagent:`, `-agentpath:`) and
                // class path; Go's default flags (`-toolexec`, `-exec`); .NET's startup
                // hooks and profilers.
                | "JAVA_TOOL_OPTIONS"
                | "_JAVA_OPTIONS"
                | "JDK_JAVA_OPTIONS"
                | "JAVA_OPTS"
                | "MAVEN_OPTS"
                | "GRADLE_OPTS"
                | "CLASSPATH"
                | "GOFLAGS"
                | "DOTNET_STARTUP_HOOKS"
                | "CORECLR_PROFILER_PATH"
                // Where Ruby, Perl, Lua, PHP, Python and R find code or startup files.
                | "GEM_HOME"
                | "GEM_PATH"
                | "BUNDLE_GEMFILE"
                | "PERLLIB"
                | "LUA_INIT"
                | "LUA_PATH"
                | "LUA_CPATH"
                | "PHPRC"
                | "PHP_INI_SCAN_DIR"
                | "PYTHONUSERBASE"
                | "PYTHONBREAKPOINT"
                | "NODE_REPL_EXTERNAL_MODULE"
                | "R_PROFILE"
                | "R_PROFILE_USER"
                | "IRBRC"
                | "PSQLRC"
                // Ex commands vim and ex run at start-up.
                | "VIMINIT"
                | "EXINIT"
                // Which repository git uses (its config, hooks and fsmonitor with it),
                // and the index and object store it writes.
                | "GIT_DIR"
                | "GIT_WORK_TREE"
                | "GIT_INDEX_FILE"
                | "GIT_OBJECT_DIRECTORY"
                | "GIT_ALTERNATE_OBJECT_DIRECTORIES"
                | "GIT_COMMON_DIR"
                // The refs whose objects stand in for others (`cat-file -p HEAD` then
                // prints what such a ref names).
                | "GIT_REPLACE_REF_BASE"
                // The compiler cargo runs, its home (config, registries, installed
                // binaries), bat's config file, terraform's CLI config (provider
                // installation), and where Go modules come from and are checked.
                | "RUSTC"
                | "RUSTDOC"
                | "CARGO_HOME"
                | "BAT_CONFIG_PATH"
                | "TF_CLI_CONFIG_FILE"
                | "GOPROXY"
                | "GONOSUMDB"
                | "GONOSUMCHECK"
                | "GOSUMDB"
                | "GOINSECURE"
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compiler_flags_that_only_shape_the_compile_are_harmless() {
        for (name, value) in [
            ("CPPFLAGS", "-DJANET_NO_POSIX_SPAWN"),
            (
                "CFLAGS",
                "-O2 -g -Wall -Wno-unused-parameter -Werror=format",
            ),
            ("CXXFLAGS", "-std=c++17 -DNDEBUG=1 -UFOO -fPIC"),
            ("CFLAGS", ""),
        ] {
            assert!(harmless_flags(name, value), "{name}={value}");
        }
        for (name, value) in [
            // Flags that load or run other code, or read or write other files.
            ("CFLAGS", "-fplugin=/tmp/x.so"),
            ("CFLAGS", "-O2 -B/tmp/evil"),
            ("CFLAGS", "-Wl,-plugin,/tmp/x.so"),
            ("CPPFLAGS", "-Wp,-MD,/home/u/.bashrc"),
            ("CFLAGS", "@/tmp/args"),
            ("CPPFLAGS", "-include /home/u/.ssh/id_rsa"),
            ("CPPFLAGS", "-I/home/u/.ssh"),
            ("CFLAGS", "-fdump-tree-all"),
            ("CFLAGS", "-wrapper /tmp/x"),
            // An expansion make would run (`$(shell …)`) or a value not plain.
            ("CPPFLAGS", "-DX=$(shell id)"),
            ("CPPFLAGS", "-DX=`id`"),
            ("CPPFLAGS", "-DX=a;b"),
            // Another variable.
            ("LDFLAGS", "-O2"),
            ("CC", "-O2"),
        ] {
            assert!(!harmless_flags(name, value), "{name}={value}");
        }
    }

    #[test]
    fn a_name_the_environment_does_not_hold_is_the_shells_own() {
        let env = |n: &str| matches!(n, "EDITOR_THEME" | "PROJECT_ROOT" | "http_proxy");
        // Not inherited: no program sees it.
        assert!(shell_local_in("PLUGIN_ROOT", env));
        assert!(shell_local_in("dir", env));
        // Inherited (so exported), read by programs, read by the shell, or loading code.
        assert!(!shell_local_in("PROJECT_ROOT", env));
        assert!(!shell_local_in("http_proxy", |_| false));
        assert!(!shell_local_in("IFS", |_| false));
        assert!(!shell_local_in("CDPATH", |_| false));
        assert!(!shell_local_in("NODE_OPTIONS", |_| false));
        assert!(!shell_local_in("LD_PRELOAD", |_| false));
        assert!(!shell_local_in("", |_| false));
        // `~+` and `~-` read PWD and OLDPWD, however they are assigned.
        for name in ["PWD", "OLDPWD", "PWD[0]", "OLDPWD[1]", "PWD+"] {
            assert!(!shell_local_in(name, |_| false), "{name}");
        }
    }
}
