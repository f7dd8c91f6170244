//! Programs that print which language toolchains and system packages are installed and
//! change nothing: `pyenv` (versions, version, which…), `conda` (list, info, env list),
//! `java`/`javac` (their version), `dpkg` and `dpkg-query` (the package database's
//! listings), `apt` and `apt-cache` (package listings and policy), and `nvm` (the listings
//! of the shell function nvm.sh defines). Each listing is a subcommand or command option
//! checked beside the grammar; every other subcommand (installing, switching, setting a
//! default) is outside it. rustup's listings are runners (`runners::rustup`): they install
//! the toolchain a project's rust-toolchain.toml names.
//!
//! Checked against: pyenv 2.6.30 (`pyenv help SUB`, its `libexec` commands), conda's
//! command reference (docs.conda.io `conda list`, `conda info`, `conda env list`: `--auth`
//! leaves credentials in package URLs, `--unsafe-channels` shows channel tokens and
//! `--system`/`--all` print environment variables, so they are left out), OpenJDK 17's
//! `java -help` and `javac -help`, dpkg 1.21.22 (`dpkg --help`, `dpkg-query --help`), apt
//! 2.6 (`apt --help`, `apt-cache --help`) on Debian 12, and nvm's `nvm --help`
//! (nvm-sh/nvm's nvm.sh). The C compiler drivers (gcc, g++, cc, c++, clang, clang++)
//! only in their printing forms, with no input file: gcc 12's `gcc --help` (`-v`,
//! `-dumpversion`, `-dumpmachine`, `-dumpspecs`, `-print-*`) and clang's command-line
//! reference and driver tests (`-print-resource-dir`, `-print-target-triple`). nvm is a shell function, not a program: it runs when the
//! person's shell profile defines it (Claude Code's shell snapshot carries functions into
//! each command); a function the command defines itself is judged by the shell analysis.

use super::super::grammar::{flag, opt, value, Arity, Grammar, Operands, Opt, Parsed, Style, Val};
use super::super::Effect;
use super::Program;

pub(super) fn lookup(name: &str) -> Option<&'static Program> {
    Some(match name {
        "pyenv" => &PYENV,
        "conda" => &CONDA,
        "java" => &JAVA,
        "javac" => &JAVAC,
        "dpkg" => &DPKG,
        "dpkg-query" => &DPKG_QUERY,
        "apt" => &APT,
        "apt-cache" => &APT_CACHE,
        "nvm" => &NVM,
        n if c_compiler(n) => &CC,
        _ => return None,
    })
}

/// The C and C++ compiler drivers, with a version suffix (`gcc-12`, `clang++-17`,
/// `gcc-4.9`) as distributions install them.
fn c_compiler(name: &str) -> bool {
    let base = match name.split_once('-') {
        Some((b, v)) if !v.is_empty() && v.chars().all(|c| c.is_ascii_digit() || c == '.') => b,
        Some(_) => return false,
        None => name,
    };
    matches!(base, "gcc" | "g++" | "cc" | "c++" | "clang" | "clang++")
}

const fn grammar(style: Style, opts: &'static [Opt], operands: Operands) -> Grammar {
    Grammar {
        style,
        opts,
        operands,
        numeric_short: false,
    }
}

fn ops<'a>(p: &Parsed<'a>) -> Vec<&'a str> {
    p.operands.iter().map(|(w, _)| w.text).collect()
}

fn not_listing(out: &mut Vec<Effect>, prog: &str, words: &[&str]) {
    out.push(Effect::unknown(format!(
        "{prog} {} is not one of its listings",
        words.join(" ")
    )));
}

// ---------------------------------------------------------------------------------------
// pyenv

static PYENV: Program = Program {
    name: "pyenv",
    does: "prints the installed Python versions",
    grammar: grammar(
        Style::Clap,
        &[
            flag(&["--bare"]),
            flag(&["--skip-aliases"]),
            flag(&["--skip-envs"]),
            flag(&["--nosystem"]),
            flag(&["--path"]),
        ],
        Operands::all(Val::Plain),
    ),
    extra: Some(pyenv_listing),
    reads_cwd_by_default: false,
};

/// `pyenv versions|version|version-name|version-origin|version-file|root|prefix|commands
/// |which CMD|whence CMD|local|global|help`: the last two only without a version (with
/// one they write `.python-version` or the global version file).
fn pyenv_listing(p: &Parsed, out: &mut Vec<Effect>) {
    let w = ops(p);
    let ok = matches!(
        w.as_slice(),
        ["versions"
            | "version"
            | "version-name"
            | "version-origin"
            | "root"
            | "commands"
            | "local"
            | "global"]
            | ["version-file" | "prefix" | "help"]
            | ["version-file" | "prefix" | "help", _]
            | ["which" | "whence", _]
    );
    if !ok {
        not_listing(out, "pyenv", &w);
    }
}

// ---------------------------------------------------------------------------------------
// conda

static CONDA: Program = Program {
    name: "conda",
    does: "lists conda environments and their packages",
    grammar: grammar(
        Style::Clap,
        &[
            value(&["-n", "--name"], Val::Plain),
            value(&["-p", "--prefix"], Val::Read),
            flag(&["--json"]),
            flag(&["-v", "--verbose"]),
            flag(&["-q", "--quiet"]),
            flag(&["--show-channel-urls"]),
            value(&["--fields"], Val::Plain),
            flag(&["--reverse"]),
            flag(&["-c", "--canonical"]),
            flag(&["-f", "--full-name"]),
            flag(&["--explicit"]),
            flag(&["--md5"]),
            flag(&["--sha256"]),
            flag(&["-e", "--export", "--envs"]),
            flag(&["-r", "--revisions"]),
            flag(&["--size"]),
            flag(&["--no-pip"]),
            flag(&["--base"]),
            flag(&["-V", "--version"]),
        ],
        Operands::all(Val::Plain),
    ),
    extra: Some(conda_listing),
    reads_cwd_by_default: false,
};

/// `conda list [REGEX]`, `conda info`, `conda env list` (`conda --version` alone too).
fn conda_listing(p: &Parsed, out: &mut Vec<Effect>) {
    let w = ops(p);
    let ok = match w.as_slice() {
        [] => p.has("--version"),
        ["list"] | ["list", _] | ["info"] | ["env", "list"] => true,
        _ => false,
    };
    if !ok {
        not_listing(out, "conda", &w);
    }
}

// ---------------------------------------------------------------------------------------
// java, javac

/// `java -version` (and `--version`, `-fullversion`, `--full-version`): the launcher
/// prints its version and exits; any other option starts a program.
static JAVA: Program = Program {
    name: "java",
    does: "prints the Java runtime's version",
    grammar: grammar(
        Style::Go,
        &[
            flag(&["-version"]),
            flag(&["-fullversion"]),
            flag(&["--full-version"]),
        ],
        Operands::NONE,
    ),
    extra: Some(version_only),
    reads_cwd_by_default: false,
};

static JAVAC: Program = Program {
    name: "javac",
    does: "prints the Java compiler's version",
    grammar: grammar(
        Style::Go,
        &[flag(&["-version"]), flag(&["-fullversion"])],
        Operands::NONE,
    ),
    extra: Some(version_only),
    reads_cwd_by_default: false,
};

fn version_only(p: &Parsed, out: &mut Vec<Effect>) {
    if p.given.len() != 1 {
        out.push(Effect::unknown(
            "java and javac only print their version with exactly one version option",
        ));
    }
}

// ---------------------------------------------------------------------------------------
// dpkg, dpkg-query

/// The package database's listings: each is a command option, and exactly one is given.
static DPKG: Program = Program {
    name: "dpkg",
    does: "lists installed Debian packages",
    grammar: grammar(
        Style::Clap,
        &[
            flag(&["-l", "--list"]),
            flag(&["-s", "--status"]),
            flag(&["-p", "--print-avail"]),
            flag(&["-L", "--listfiles"]),
            flag(&["-S", "--search"]),
            flag(&["-C", "--audit"]),
            flag(&["--get-selections"]),
            flag(&["--print-architecture"]),
            flag(&["--print-foreign-architectures"]),
            flag(&["--compare-versions"]),
            value(&["--admindir"], Val::Read),
            value(&["--root"], Val::Read),
            flag(&["--no-pager"]),
        ],
        Operands::all(Val::Plain),
    ),
    extra: Some(dpkg_listing),
    reads_cwd_by_default: false,
};

static DPKG_QUERY: Program = Program {
    name: "dpkg-query",
    does: "lists installed Debian packages",
    grammar: grammar(
        Style::Clap,
        &[
            flag(&["-l", "--list"]),
            flag(&["-W", "--show"]),
            flag(&["-s", "--status"]),
            flag(&["-p", "--print-avail"]),
            flag(&["-L", "--listfiles"]),
            flag(&["-S", "--search"]),
            flag(&["-c", "--control-path"]),
            flag(&["--control-list"]),
            value(&["-f", "--showformat"], Val::Plain),
            value(&["--admindir"], Val::Read),
            value(&["--root"], Val::Read),
            flag(&["--no-pager"]),
        ],
        Operands::all(Val::Plain),
    ),
    extra: Some(dpkg_listing),
    reads_cwd_by_default: false,
};

fn dpkg_listing(p: &Parsed, out: &mut Vec<Effect>) {
    const COMMANDS: &[&str] = &[
        "--list",
        "--show",
        "--status",
        "--print-avail",
        "--listfiles",
        "--search",
        "--audit",
        "--get-selections",
        "--print-architecture",
        "--print-foreign-architectures",
        "--compare-versions",
        "--control-path",
        "--control-list",
    ];
    let given: Vec<&str> = p
        .given
        .iter()
        .map(|g| g.name)
        .filter(|n| COMMANDS.contains(n))
        .collect();
    let n = p.operands.len();
    let ok = match given.as_slice() {
        [c] => match *c {
            "--listfiles" | "--search" | "--control-list" => n >= 1,
            "--control-path" => (1..=2).contains(&n),
            "--compare-versions" => n == 3,
            "--print-architecture" | "--print-foreign-architectures" => n == 0,
            _ => true,
        },
        _ => false,
    };
    if !ok {
        out.push(Effect::unknown(
            "dpkg is given no listing command, or more than one",
        ));
    }
}

// ---------------------------------------------------------------------------------------
// apt, apt-cache

/// `apt list|show|policy|search|depends|rdepends` (`apt --help`); install, remove,
/// update and the rest are outside the grammar. `-o` and `-c` (configuration, which can
/// set hooks) are left out.
static APT: Program = Program {
    name: "apt",
    does: "lists Debian packages and their versions",
    grammar: grammar(
        Style::Clap,
        &[
            flag(&["--installed"]),
            flag(&["--upgradable", "--upgradeable"]),
            flag(&["--manual-installed"]),
            flag(&["-a", "--all-versions"]),
            flag(&["--names-only"]),
            flag(&["--full"]),
            flag(&["-q", "--quiet"]),
        ],
        Operands::all(Val::Plain),
    ),
    extra: Some(apt_listing),
    reads_cwd_by_default: false,
};

fn apt_listing(p: &Parsed, out: &mut Vec<Effect>) {
    let w = ops(p);
    let ok = matches!(
        w.as_slice(),
        ["list" | "policy", ..] | ["show" | "search" | "depends" | "rdepends", _, ..]
    );
    if !ok {
        not_listing(out, "apt", &w);
    }
}

/// `apt-cache policy|show|search|depends|rdepends|madison|showpkg|showsrc|stats|pkgnames
/// |unmet` (`apt-cache --help`); `gencaches` (which writes the cache), `-o` and `-c` are
/// left out.
static APT_CACHE: Program = Program {
    name: "apt-cache",
    does: "queries the Debian package cache",
    grammar: grammar(
        Style::Clap,
        &[
            flag(&["-n", "--names-only"]),
            flag(&["-f", "--full"]),
            flag(&["--installed"]),
            flag(&["--recurse"]),
            flag(&["-i", "--important"]),
            flag(&["-a", "--all-versions"]),
            flag(&["--no-all-versions"]),
            flag(&["--no-recommends"]),
            flag(&["--no-suggests"]),
            flag(&["--no-conflicts"]),
            flag(&["--no-breaks"]),
            flag(&["--no-replaces"]),
            flag(&["--no-enhances"]),
            flag(&["--no-pre-depends"]),
            flag(&["-q", "--quiet"]),
        ],
        Operands::all(Val::Plain),
    ),
    extra: Some(apt_cache_listing),
    reads_cwd_by_default: false,
};

fn apt_cache_listing(p: &Parsed, out: &mut Vec<Effect>) {
    let w = ops(p);
    let ok = matches!(
        w.as_slice(),
        ["policy" | "stats" | "pkgnames" | "unmet", ..]
            | [
                "show" | "search" | "depends" | "rdepends" | "madison" | "showpkg" | "showsrc",
                _,
                ..
            ]
    );
    if !ok {
        not_listing(out, "apt-cache", &w);
    }
}

// ---------------------------------------------------------------------------------------
// nvm

/// `nvm ls|list [VERSION]`, `nvm ls-remote [VERSION] [--lts[=NAME]]` (reads the index of
/// nodejs.org), `nvm current`, `nvm version VERSION`, `nvm version-remote VERSION`, `nvm
/// which [VERSION]`, `nvm alias [NAME]` (with a version it writes an alias),
/// `nvm --version`; install, use, exec, run and the rest are outside the grammar.
static NVM: Program = Program {
    name: "nvm",
    does: "lists the Node.js versions nvm has installed",
    grammar: grammar(
        Style::Clap,
        &[
            flag(&["--no-colors"]),
            flag(&["--no-alias"]),
            opt(&["--lts"], Arity::Optional, Val::Plain),
            flag(&["--version"]),
        ],
        Operands::all(Val::Plain),
    ),
    extra: Some(nvm_listing),
    reads_cwd_by_default: false,
};

fn nvm_listing(p: &Parsed, out: &mut Vec<Effect>) {
    let w = ops(p);
    let ok = match w.as_slice() {
        [] => p.has("--version"),
        ["ls" | "list" | "ls-remote" | "list-remote" | "which" | "alias"]
        | ["ls" | "list" | "ls-remote" | "list-remote" | "which" | "alias", _] => true,
        ["current"] => true,
        ["version" | "version-remote", _] => true,
        _ => false,
    };
    if !ok {
        not_listing(out, "nvm", &w);
    }
}

// ---------------------------------------------------------------------------------------
// C compiler drivers

/// gcc, g++, cc, c++, clang and clang++ asked what they are: every option prints and none
/// takes a file, and an operand (an input file: compiling, linking, a plugin) is outside
/// the grammar, as is every option that is not a printer (`-o`, `-B`, `-specs=`,
/// `-fplugin=`, `-x`). The options are single-dash words; `-print-file-name=LIB` and
/// `-print-prog-name=PROG` take their value attached (a separate word would be an input
/// file to gcc).
static CC: Program = Program {
    name: "cc",
    does: "prints the C compiler's version and configuration",
    grammar: grammar(
        Style::Go,
        &[
            flag(&["-v"]),
            flag(&["--version"]),
            flag(&["-dumpversion"]),
            flag(&["-dumpfullversion"]),
            flag(&["-dumpmachine"]),
            flag(&["-dumpspecs"]),
            flag(&["-print-search-dirs"]),
            flag(&["-print-libgcc-file-name"]),
            opt(&["-print-file-name"], Arity::Optional, Val::Plain),
            opt(&["-print-prog-name"], Arity::Optional, Val::Plain),
            flag(&["-print-multiarch"]),
            flag(&["-print-multi-directory"]),
            flag(&["-print-multi-lib"]),
            flag(&["-print-multi-os-directory"]),
            flag(&["-print-sysroot"]),
            flag(&["-print-sysroot-headers-suffix"]),
            flag(&["-print-resource-dir"]),
            flag(&["-print-target-triple"]),
        ],
        Operands::NONE,
    ),
    extra: None,
    reads_cwd_by_default: false,
};
