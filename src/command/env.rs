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
/// of the command's own? Environment variables are upper case by convention (POSIX
/// reserves lower case for applications, and shells and scripts name their own variables
/// so); a lower-case name reaches a program only if it was already exported, and the ones
/// programs read are listed.
pub(crate) fn shell_local(name: &str) -> bool {
    !name.is_empty()
        && !name.bytes().any(|b| b.is_ascii_uppercase())
        && !LOWERCASE_ENV.contains(&name)
}

/// Is `NAME=value` a prefix that leaves the program and its code unchanged?
pub(crate) fn harmless_env(name: &str) -> bool {
    HARMLESS_ENV.contains(&name) || name.starts_with("LC_")
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
];

/// Variables that make programs load or run other code (loaders, pagers, editors, git's
/// hooks into ssh and config, shell startup files, language runtimes).
pub(crate) fn code_env(name: &str) -> bool {
    name.starts_with("LD_")
        || name.starts_with("DYLD_")
        || name.starts_with("GIT_CONFIG")
        || matches!(
            name,
            "GIT_SSH"
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
        )
}
