//! Programs that print information about the system, the user, processes and names, and
//! change nothing: coreutils 9.1 (pwd, whoami, id, groups, uname, nproc, arch, tty,
//! basename, dirname, sleep, printenv, logname), procps-ng 4.0.2 (uptime, free, pgrep),
//! util-linux 2.38 (lsblk, dmesg, whereis), glibc's locale, debianutils' and GNU which,
//! ncal 12 (cal), plocate 1.1 (locate), man-db 2.11 (man), net-tools' hostname and
//! netstat, iproute2 6.1's ss, procps-ng 4.0.2's top (batch mode only), Android
//! toybox's getprop and the Android SDK's listings (`avdmanager list`, `sdkmanager
//! --list`), the operating system's release (macOS's sw_vers, LSB's lsb_release 11 as
//! Debian 12 ships it), glibc's getconf, util-linux's lscpu, procps-ng's vmstat and the
//! printing forms of macOS's xcode-select; each
//! option as the real program's `--help` (or man page) on Debian 12 lists it. An option
//! that changes the system (`dmesg -C`, `hostname NAME`) is declared `Unsafe`, one that
//! runs a program (`man -P`) is `Code`, and a variable printed by name is a secret when
//! its name is ([`crate::analysis::effects::secret_name`]).

use super::super::grammar::{flag, opt, value, Arity, Grammar, Operands, Opt, Parsed, Style, Val};
use super::super::{secret_name, Effect};
use super::common::gnu;
use super::Program;

pub(super) fn lookup(name: &str) -> Option<&'static Program> {
    Some(match name {
        "pwd" => &PWD,
        "whoami" => &WHOAMI,
        "logname" => &LOGNAME,
        "id" => &ID,
        "groups" => &GROUPS,
        "uname" => &UNAME,
        "nproc" => &NPROC,
        "arch" => &ARCH,
        "tty" => &TTY,
        "basename" => &BASENAME,
        "dirname" => &DIRNAME,
        "sleep" => &SLEEP,
        "yes" => &YES,
        "printenv" => &PRINTENV,
        "uptime" => &UPTIME,
        "free" => &FREE,
        "pgrep" => &PGREP,
        "lsblk" => &LSBLK,
        "locale" => &LOCALE,
        "which" => &WHICH,
        "whereis" => &WHEREIS,
        "cal" | "ncal" => &CAL,
        "locate" | "plocate" | "mlocate" => &LOCATE,
        "man" => &MAN,
        "dmesg" => &DMESG,
        "hostname" => &HOSTNAME,
        "type" => &TYPE,
        "help" => &HELP,
        "cd" => &CD,
        "read" => &READ,
        "mapfile" | "readarray" => &MAPFILE,
        "getprop" => &GETPROP,
        "ss" => &SS,
        "netstat" => &NETSTAT,
        "top" => &TOP,
        "avdmanager" => &AVDMANAGER,
        "sdkmanager" => &SDKMANAGER,
        "sw_vers" => &SW_VERS,
        "lsb_release" => &LSB_RELEASE,
        "getconf" => &GETCONF,
        "lscpu" => &LSCPU,
        "vmstat" => &VMSTAT,
        "xcode-select" => &XCODE_SELECT,
        _ => return None,
    })
}

const fn info(
    name: &'static str,
    does: &'static str,
    opts: &'static [Opt],
    operands: Operands,
) -> Program {
    Program {
        name,
        does,
        grammar: gnu(opts, operands),
        extra: None,
        reads_cwd_by_default: false,
    }
}

static PWD: Program = info(
    "pwd",
    "prints the working directory",
    &[flag(&["-L", "--logical"]), flag(&["-P", "--physical"])],
    Operands::NONE,
);

static WHOAMI: Program = info("whoami", "prints the user name", &[], Operands::NONE);

static LOGNAME: Program = info("logname", "prints the login name", &[], Operands::NONE);

static ID: Program = info(
    "id",
    "prints user and group ids",
    &[
        flag(&["-a"]),
        flag(&["-Z", "--context"]),
        flag(&["-g", "--group"]),
        flag(&["-G", "--groups"]),
        flag(&["-n", "--name"]),
        flag(&["-r", "--real"]),
        flag(&["-u", "--user"]),
        flag(&["-z", "--zero"]),
    ],
    Operands::all(Val::Plain),
);

static GROUPS: Program = info(
    "groups",
    "prints group names",
    &[],
    Operands::all(Val::Plain),
);

static UNAME: Program = info(
    "uname",
    "prints system information",
    &[
        flag(&["-a", "--all"]),
        flag(&["-s", "--kernel-name"]),
        flag(&["-n", "--nodename"]),
        flag(&["-r", "--kernel-release"]),
        flag(&["-v", "--kernel-version"]),
        flag(&["-m", "--machine"]),
        flag(&["-p", "--processor"]),
        flag(&["-i", "--hardware-platform"]),
        flag(&["-o", "--operating-system"]),
    ],
    Operands::NONE,
);

// Android's toybox `getprop [-TZ] [NAME [DEFAULT]]` (what `adb shell getprop …` runs on a
// device): prints system properties; `setprop` is another program.
static GETPROP: Program = info(
    "getprop",
    "prints Android system properties",
    &[flag(&["-T"]), flag(&["-Z"])],
    Operands {
        leading: &[Val::Plain, Val::Plain],
        rest: None,
    },
);

static NPROC: Program = info(
    "nproc",
    "prints the CPU count",
    &[flag(&["--all"]), value(&["--ignore"], Val::Num)],
    Operands::NONE,
);

// macOS's `arch -x86_64 PROG` runs PROG under another architecture: a wrapper, not a
// printer; only the bare form (Linux's and macOS's) prints.
static ARCH: Program = info("arch", "prints the architecture", &[], Operands::NONE);

static TTY: Program = info(
    "tty",
    "prints the terminal",
    &[flag(&["-s", "--silent", "--quiet"])],
    Operands::NONE,
);

static BASENAME: Program = info(
    "basename",
    "strips directories from a name",
    &[
        flag(&["-a", "--multiple"]),
        value(&["-s", "--suffix"], Val::Plain),
        flag(&["-z", "--zero"]),
    ],
    Operands::all(Val::Plain),
);

static DIRNAME: Program = info(
    "dirname",
    "strips the last part of a name",
    &[flag(&["-z", "--zero"])],
    Operands::all(Val::Plain),
);

static SLEEP: Program = info("sleep", "waits", &[], Operands::all(Val::Plain));

/// GNU `yes [STRING]…` (only `--help` and `--version` besides).
static YES: Program = info(
    "yes",
    "prints its arguments (or y) over and over",
    &[],
    Operands::all(Val::Plain),
);

static PRINTENV: Program = Program {
    name: "printenv",
    does: "prints environment variables",
    grammar: gnu(&[flag(&["-0", "--null"])], Operands::all(Val::Plain)),
    extra: Some(printenv_fx),
    reads_cwd_by_default: false,
};

/// `printenv` prints every variable (every secret in the environment among them);
/// `printenv NAME` prints one, a secret when its name is secret-shaped.
fn printenv_fx(p: &Parsed, out: &mut Vec<Effect>) {
    if p.operands.is_empty() {
        out.push(Effect::Secret {
            what: "every variable in the environment, secrets included".into(),
        });
        return;
    }
    for (w, _) in &p.operands {
        if w.dynamic {
            out.push(Effect::Secret {
                what: format!("the variable named by {}, chosen at run time", w.text),
            });
        } else if secret_name(w.text) {
            out.push(Effect::Secret {
                what: format!("the secret variable {}", w.text),
            });
        }
    }
}

static UPTIME: Program = info(
    "uptime",
    "prints uptime",
    &[flag(&["-p", "--pretty"]), flag(&["-s", "--since"])],
    Operands::NONE,
);

static FREE: Program = info(
    "free",
    "shows memory use",
    &[
        flag(&["-b", "--bytes"]),
        flag(&["--kilo"]),
        flag(&["--mega"]),
        flag(&["--giga"]),
        flag(&["--tera"]),
        flag(&["--peta"]),
        flag(&["-k", "--kibi"]),
        flag(&["-m", "--mebi"]),
        flag(&["-g", "--gibi"]),
        flag(&["--tebi"]),
        flag(&["--pebi"]),
        flag(&["-h", "--human"]),
        flag(&["--si"]),
        flag(&["-l", "--lohi"]),
        flag(&["-t", "--total"]),
        flag(&["-v", "--committed"]),
        value(&["-s", "--seconds"], Val::Num),
        value(&["-c", "--count"], Val::Num),
        flag(&["-w", "--wide"]),
    ],
    Operands::NONE,
);

static PGREP: Program = info(
    "pgrep",
    "lists matching processes",
    &[
        value(&["-d", "--delimiter"], Val::Plain),
        flag(&["-l", "--list-name"]),
        flag(&["-a", "--list-full"]),
        flag(&["-v", "--inverse"]),
        flag(&["-w", "--lightweight"]),
        flag(&["-c", "--count"]),
        flag(&["-f", "--full"]),
        value(&["-g", "--pgroup"], Val::Plain),
        value(&["-G", "--group"], Val::Plain),
        flag(&["-i", "--ignore-case"]),
        flag(&["-n", "--newest"]),
        flag(&["-o", "--oldest"]),
        value(&["-O", "--older"], Val::Num),
        value(&["-P", "--parent"], Val::Plain),
        value(&["-s", "--session"], Val::Plain),
        value(&["-t", "--terminal"], Val::Plain),
        value(&["-u", "--euid"], Val::Plain),
        value(&["-U", "--uid"], Val::Plain),
        flag(&["-x", "--exact"]),
        value(&["-F", "--pidfile"], Val::Read),
        flag(&["-L", "--logpidfile"]),
        value(&["-r", "--runstates"], Val::Plain),
        flag(&["-A", "--ignore-ancestors"]),
        value(&["--cgroup"], Val::Plain),
        value(&["--ns"], Val::Num),
        value(&["--nslist"], Val::Plain),
        // procps-ng 4: matching on a variable's value tells its value, one guess at a time.
        value(
            &["--env"],
            Val::Unsafe("matches processes by the values of their environment variables"),
        ),
    ],
    Operands::all(Val::Pattern),
);

static LSBLK: Program = info(
    "lsblk",
    "lists block devices",
    &[
        flag(&["-A", "--noempty"]),
        flag(&["-D", "--discard"]),
        value(&["-E", "--dedup"], Val::Plain),
        value(&["-I", "--include"], Val::Plain),
        flag(&["-J", "--json"]),
        flag(&["-M", "--merge"]),
        flag(&["-O", "--output-all"]),
        flag(&["-P", "--pairs"]),
        flag(&["-S", "--scsi"]),
        opt(&["-T", "--tree"], Arity::Optional, Val::Plain),
        flag(&["-a", "--all"]),
        flag(&["-b", "--bytes"]),
        flag(&["-d", "--nodeps"]),
        value(&["-e", "--exclude"], Val::Plain),
        flag(&["-f", "--fs"]),
        flag(&["-i", "--ascii"]),
        flag(&["-l", "--list"]),
        flag(&["-m", "--perms"]),
        flag(&["-n", "--noheadings"]),
        value(&["-o", "--output"], Val::Plain),
        flag(&["-p", "--paths"]),
        flag(&["-r", "--raw"]),
        flag(&["-s", "--inverse"]),
        flag(&["-t", "--topology"]),
        value(&["-w", "--width"], Val::Num),
        value(&["-x", "--sort"], Val::Plain),
        flag(&["-y", "--shell"]),
        flag(&["-z", "--zoned"]),
        value(&["--sysroot"], Val::ReadTree),
    ],
    // Device names: lsblk prints what the kernel says about them, not their content.
    Operands::all(Val::Plain),
);

static LOCALE: Program = info(
    "locale",
    "prints locale settings",
    &[
        flag(&["-a", "--all-locales"]),
        flag(&["-m", "--charmaps"]),
        flag(&["-c", "--category-name"]),
        flag(&["-k", "--keyword-name"]),
        flag(&["-v", "--verbose"]),
        flag(&["--usage"]),
    ],
    Operands::all(Val::Plain),
);

static WHICH: Program = info(
    "which",
    "finds programs on PATH",
    &[
        // debianutils' which: -a (all), -s (silent); GNU which (Fedora, Arch) adds these.
        flag(&["-a", "--all"]),
        flag(&["-s"]),
        flag(&["-i", "--read-alias"]),
        flag(&["--skip-alias"]),
        flag(&["--read-functions"]),
        flag(&["--skip-functions"]),
        flag(&["--skip-dot"]),
        flag(&["--skip-tilde"]),
        flag(&["--show-dot"]),
        flag(&["--show-tilde"]),
        flag(&["--tty-only"]),
        flag(&["-v", "-V"]),
    ],
    Operands::all(Val::Plain),
);

static WHEREIS: Program = info(
    "whereis",
    "finds programs and manuals",
    &[
        flag(&["-b"]),
        flag(&["-m"]),
        flag(&["-s"]),
        flag(&["-u"]),
        flag(&["-l"]),
        flag(&["-f"]),
        // -B/-M/-S: the directories to look in follow as operands, up to -f.
        flag(&["-B"]),
        flag(&["-M"]),
        flag(&["-S"]),
    ],
    Operands::all(Val::Plain),
);

static CAL: Program = info(
    "cal",
    "prints a calendar",
    &[
        // ncal 12 (BSD getopt) and util-linux cal 2.38 (long options).
        flag(&["-1", "--one"]),
        flag(&["-3", "--three"]),
        value(&["-A", "--after"], Val::Num),
        value(&["-B", "--before"], Val::Num),
        value(&["-d"], Val::Plain),
        flag(&["-j", "--julian"]),
        flag(&["-y", "--year"]),
        flag(&["-Y", "--twelve"]),
        value(&["-m"], Val::Plain),
        value(&["-n", "--months"], Val::Num),
        flag(&["--span"]),
        flag(&["-C"]),
        flag(&["-b"]),
        flag(&["-h"]),
        flag(&["-J"]),
        flag(&["-p"]),
        opt(&["-w", "--week"], Arity::Optional, Val::Num),
        flag(&["-S", "--sunday"]),
        flag(&["-M", "--monday"]),
        value(&["-H"], Val::Plain),
        value(&["-s"], Val::Plain),
        value(&["-W"], Val::Num),
        flag(&["-e"]),
        flag(&["-o"]),
        flag(&["-v", "--vertical"]),
        value(&["--reform"], Val::Plain),
        flag(&["--iso"]),
        opt(
            &["--color"],
            Arity::Optional,
            Val::Choice(&["auto", "always", "never"]),
        ),
    ],
    Operands::all(Val::Plain),
);

static LOCATE: Program = info(
    "locate",
    "looks names up in the file database",
    &[
        flag(&["-b", "--basename"]),
        flag(&["-c", "--count"]),
        value(&["-d", "--database"], Val::Read),
        flag(&["-e", "--existing"]),
        flag(&["-L", "--follow"]),
        flag(&["-i", "--ignore-case"]),
        value(&["-l", "-n", "--limit"], Val::Num),
        flag(&["-0", "--null"]),
        flag(&["-S", "--statistics"]),
        flag(&["-q", "--quiet"]),
        value(&["-r", "--regexp"], Val::Pattern),
        flag(&["--regex"]),
        flag(&["-w", "--wholename"]),
        flag(&["-A", "--all"]),
        flag(&["-N", "--literal"]),
        flag(&["-P", "-H", "--nofollow"]),
        flag(&["-V"]),
    ],
    Operands::all(Val::Pattern),
);

static MAN: Program = Program {
    name: "man",
    does: "shows manual pages",
    grammar: gnu(
        &[
            // A config file can name the pager and other programs man runs.
            value(
                &["-C", "--config-file"],
                Val::Unsafe("reads a config file that can name programs man runs"),
            ),
            flag(&["-d", "--debug"]),
            flag(&["-D", "--default"]),
            opt(&["--warnings"], Arity::Optional, Val::Plain),
            flag(&["-f", "--whatis"]),
            flag(&["-k", "--apropos"]),
            flag(&["-K", "--global-apropos"]),
            flag(&["-l", "--local-file"]),
            flag(&["-w", "--where", "--path", "--location"]),
            flag(&["-W", "--where-cat", "--location-cat"]),
            flag(&["-c", "--catman"]),
            value(&["-R", "--recode"], Val::Plain),
            value(&["-L", "--locale"], Val::Plain),
            value(&["-m", "--systems"], Val::Plain),
            value(&["-M", "--manpath"], Val::ReadTree),
            value(&["-S", "-s", "--sections"], Val::Plain),
            value(&["-e", "--extension"], Val::Plain),
            flag(&["-i", "--ignore-case"]),
            flag(&["-I", "--match-case"]),
            flag(&["--regex"]),
            flag(&["--wildcard"]),
            flag(&["--names-only"]),
            flag(&["-a", "--all"]),
            flag(&["-u", "--update"]),
            flag(&["--no-subpages"]),
            value(&["-P", "--pager"], Val::Code("a pager program")),
            value(&["-r", "--prompt"], Val::Plain),
            flag(&["-7", "--ascii"]),
            value(&["-E", "--encoding"], Val::Plain),
            flag(&["--no-hyphenation", "--nh"]),
            flag(&["--no-justification", "--nj"]),
            value(&["-p", "--preprocessor"], Val::Plain),
            flag(&["-t", "--troff"]),
            opt(&["-T", "--troff-device"], Arity::Optional, Val::Plain),
            opt(&["-H", "--html"], Arity::Optional, Val::Code("a browser")),
            opt(&["-X", "--gxditview"], Arity::Optional, Val::Plain),
            flag(&["-Z", "--ditroff"]),
            flag(&["--usage"]),
        ],
        Operands::all(Val::Plain),
    ),
    extra: Some(man_fx),
    reads_cwd_by_default: false,
};

/// `man -l FILE` formats local files: the operands are paths read.
fn man_fx(p: &Parsed, out: &mut Vec<Effect>) {
    if p.has("-l") {
        for (w, _) in &p.operands {
            if w.dynamic && super::super::grammar::is_expansion(w.text) {
                out.push(Effect::unknown(format!(
                    "the path {} is computed at run time",
                    w.text
                )));
            } else {
                out.push(Effect::read(w.text));
            }
        }
    }
}

const CHANGES_CONSOLE: Val = Val::Unsafe("changes how the kernel logs to the console");

static DMESG: Program = info(
    "dmesg",
    "prints the kernel log",
    &[
        value_flag(&["-C", "--clear"], Val::Unsafe("clears the kernel log")),
        value_flag(
            &["-c", "--read-clear"],
            Val::Unsafe("clears the kernel log"),
        ),
        value_flag(&["-D", "--console-off"], CHANGES_CONSOLE),
        value_flag(&["-E", "--console-on"], CHANGES_CONSOLE),
        value(&["-n", "--console-level"], CHANGES_CONSOLE),
        value(&["-F", "--file"], Val::Read),
        value(&["-f", "--facility"], Val::Plain),
        flag(&["-H", "--human"]),
        flag(&["-J", "--json"]),
        flag(&["-k", "--kernel"]),
        opt(
            &["-L", "--color"],
            Arity::Optional,
            Val::Choice(&["auto", "always", "never"]),
        ),
        value(&["-l", "--level"], Val::Plain),
        flag(&["-P", "--nopager"]),
        flag(&["-p", "--force-prefix"]),
        flag(&["-r", "--raw"]),
        flag(&["--noescape"]),
        flag(&["-S", "--syslog"]),
        value(&["-s", "--buffer-size"], Val::Num),
        flag(&["-u", "--userspace"]),
        flag(&["-w", "--follow"]),
        flag(&["-W", "--follow-new"]),
        flag(&["-x", "--decode"]),
        flag(&["-d", "--show-delta"]),
        flag(&["-e", "--reltime"]),
        flag(&["-T", "--ctime"]),
        flag(&["-t", "--notime"]),
        value(&["--time-format"], Val::Plain),
        value(&["--since"], Val::Plain),
        value(&["--until"], Val::Plain),
    ],
    Operands::NONE,
);

/// A flag whose kind is not plain (`Unsafe`, `Code`, `Secret`).
const fn value_flag(names: &'static [&'static str], val: Val) -> Opt {
    opt(names, Arity::Flag, val)
}

static HOSTNAME: Program = info(
    "hostname",
    "prints the host name",
    &[
        flag(&["-a", "--alias"]),
        flag(&["-A", "--all-fqdns"]),
        value_flag(
            &["-b", "--boot"],
            Val::Unsafe("sets the host name if none is set"),
        ),
        flag(&["-d", "--domain"]),
        flag(&["-f", "--fqdn", "--long"]),
        value(
            &["-F", "--file"],
            Val::Unsafe("sets the host name from a file"),
        ),
        flag(&["-i", "--ip-address"]),
        flag(&["-I", "--all-ip-addresses"]),
        flag(&["-s", "--short"]),
        flag(&["-y", "--yp", "--nis"]),
        flag(&["-v", "--verbose"]),
    ],
    Operands {
        leading: &[Val::Unsafe("sets the host name")],
        rest: None,
    },
);

/// A bash builtin: bash's internal getopt (bundled letters, a value attached or in the
/// next word, the first operand or `--` ends the options, no long options).
const fn builtin(
    name: &'static str,
    does: &'static str,
    opts: &'static [Opt],
    operands: Operands,
    extra: Option<fn(&Parsed, &mut Vec<Effect>)>,
) -> Program {
    Program {
        name,
        does,
        grammar: Grammar {
            style: Style::Posix,
            opts,
            operands,
            numeric_short: false,
        },
        extra,
        reads_cwd_by_default: false,
    }
}

static TYPE: Program = builtin(
    "type",
    "describes a command name",
    &[
        flag(&["-a"]),
        flag(&["-f"]),
        flag(&["-p"]),
        flag(&["-P"]),
        flag(&["-t"]),
    ],
    Operands::all(Val::Plain),
    None,
);

static HELP: Program = builtin(
    "help",
    "shows shell help",
    &[flag(&["-d"]), flag(&["-m"]), flag(&["-s"])],
    Operands::all(Val::Plain),
    None,
);

static CD: Program = builtin(
    "cd",
    "changes the working directory",
    &[flag(&["-L"]), flag(&["-P"]), flag(&["-e"]), flag(&["-@"])],
    Operands {
        leading: &[Val::Plain],
        rest: None,
    },
    None,
);

static READ: Program = builtin(
    "read",
    "reads a line into variables",
    &[
        value(&["-a"], Val::Plain),
        value(&["-d"], Val::Plain),
        flag(&["-e"]),
        value(&["-i"], Val::Plain),
        value(&["-n"], Val::Num),
        value(&["-N"], Val::Num),
        value(&["-p"], Val::Plain),
        flag(&["-r"]),
        flag(&["-s"]),
        value(&["-t"], Val::Num),
        value(&["-u"], Val::Num),
    ],
    Operands::all(Val::Plain),
    Some(read_fx),
);

/// `read NAME…` and `read -a NAME` assign shell variables: `read PATH` changes which
/// programs later commands run.
fn read_fx(p: &Parsed, out: &mut Vec<Effect>) {
    let names = p.operands.iter().map(|(w, _)| (w.text, w.dynamic)).chain(
        p.given
            .iter()
            .filter(|g| g.name == "-a")
            .filter_map(|g| g.value.map(|v| (v.text, v.dynamic))),
    );
    for (name, dynamic) in names {
        if dynamic || !super::own::shell_variable_is_inert(name) {
            out.push(Effect::unknown(format!(
                "read assigns {name}, which can change what later commands run"
            )));
        }
    }
}

/// bash 5.2's `mapfile`/`readarray` (`help mapfile`): lines of its standard input (or of
/// descriptor `-u FD`) into an array; the redirect that feeds it is judged as a read. `-C
/// CALLBACK` evaluates code, so it and `-c` are outside the grammar (the shell analysis
/// leaves them opaque too).
static MAPFILE: Program = builtin(
    "mapfile",
    "reads lines into an array",
    &[
        value(&["-d"], Val::Plain),
        value(&["-n"], Val::Num),
        value(&["-O"], Val::Num),
        value(&["-s"], Val::Num),
        flag(&["-t"]),
        value(&["-u"], Val::Num),
    ],
    Operands::all(Val::Plain),
    Some(mapfile_fx),
);

/// `mapfile NAME` assigns the array NAME (`MAPFILE` when none is given): only a name that
/// changes nothing later commands run by, and only one.
fn mapfile_fx(p: &Parsed, out: &mut Vec<Effect>) {
    if p.operands.len() > 1 {
        out.push(Effect::unknown("mapfile is given more than one array name"));
    }
    for (w, _) in &p.operands {
        if w.dynamic || !super::own::shell_variable_is_inert(w.text) {
            out.push(Effect::unknown(format!(
                "mapfile assigns {}, which can change what later commands run",
                w.text
            )));
        }
    }
}

/// iproute2 6.1's `ss` (getopt_long, its `--help`): socket listings. `-K` closes the
/// sockets it matches, `-D FILE` dumps raw socket data into a file and `-N` enters another
/// network namespace; the filter (`state listening`, `sport = :8080`) is data.
static SS: Program = info(
    "ss",
    "lists sockets",
    &[
        flag(&["-h", "--help"]),
        flag(&["-V", "--version"]),
        flag(&["-n", "--numeric"]),
        flag(&["-r", "--resolve"]),
        flag(&["-a", "--all"]),
        flag(&["-l", "--listening"]),
        flag(&["-o", "--options"]),
        flag(&["-e", "--extended"]),
        flag(&["-m", "--memory"]),
        flag(&["-p", "--processes"]),
        flag(&["-T", "--threads"]),
        flag(&["-i", "--info"]),
        flag(&["--tipcinfo"]),
        flag(&["-s", "--summary"]),
        flag(&["--tos"]),
        flag(&["--cgroup"]),
        flag(&["-b", "--bpf"]),
        flag(&["-E", "--events"]),
        flag(&["-Z", "--context"]),
        flag(&["-z", "--contexts"]),
        value(
            &["-N", "--net"],
            Val::Unsafe("enters another network namespace"),
        ),
        flag(&["-4", "--ipv4"]),
        flag(&["-6", "--ipv6"]),
        flag(&["-0", "--packet"]),
        flag(&["-t", "--tcp"]),
        flag(&["-M", "--mptcp"]),
        flag(&["-S", "--sctp"]),
        flag(&["-u", "--udp"]),
        flag(&["-d", "--dccp"]),
        flag(&["-w", "--raw"]),
        flag(&["-x", "--unix"]),
        flag(&["--tipc"]),
        flag(&["--vsock"]),
        flag(&["--xdp"]),
        value(&["-f", "--family"], Val::Plain),
        value_flag(
            &["-K", "--kill"],
            Val::Unsafe("closes the sockets it matches"),
        ),
        flag(&["-H", "--no-header"]),
        flag(&["-O", "--oneline"]),
        flag(&["--inet-sockopt"]),
        value(&["-A", "--query", "--socket"], Val::Plain),
        value(&["-D", "--diag"], Val::Write),
        value(&["-F", "--filter"], Val::Read),
    ],
    Operands::all(Val::Plain),
);

/// net-tools 2.10's `netstat` (getopt_long, its `--help`): sockets, routes, interfaces
/// and statistics, all listings.
static NETSTAT: Program = info(
    "netstat",
    "lists network connections and routes",
    &[
        flag(&["-r", "--route"]),
        flag(&["-i", "--interfaces"]),
        flag(&["-g", "--groups"]),
        flag(&["-s", "--statistics"]),
        flag(&["-M", "--masquerade"]),
        flag(&["-v", "--verbose"]),
        flag(&["-W", "--wide"]),
        flag(&["-n", "--numeric"]),
        flag(&["--numeric-hosts"]),
        flag(&["--numeric-ports"]),
        flag(&["--numeric-users"]),
        flag(&["-N", "--symbolic"]),
        flag(&["-e", "--extend"]),
        flag(&["-p", "--programs"]),
        flag(&["-o", "--timers"]),
        flag(&["-c", "--continuous"]),
        flag(&["-l", "--listening"]),
        flag(&["-a", "--all"]),
        flag(&["-F", "--fib"]),
        flag(&["-C", "--cache"]),
        flag(&["-Z", "--context"]),
        flag(&["-t", "--tcp"]),
        flag(&["-u", "--udp"]),
        flag(&["-U", "--udplite"]),
        flag(&["-S", "--sctp"]),
        flag(&["-w", "--raw"]),
        flag(&["-x", "--unix"]),
        flag(&["--ax25"]),
        flag(&["--ipx"]),
        flag(&["--netrom"]),
        flag(&["--inet"]),
        flag(&["--inet6"]),
        flag(&["-4"]),
        flag(&["-6"]),
        value(&["-A", "--protocol"], Val::Plain),
        flag(&["-V", "--version"]),
        flag(&["-h", "--help"]),
    ],
    Operands::NONE,
);

/// procps-ng 4.0.2's `top` (getopt_long, its `-h`). Only batch mode (`-b`) is routine:
/// interactively it reads keys, and its keys kill and renice processes.
static TOP: Program = Program {
    name: "top",
    does: "prints processes",
    grammar: gnu(
        &[
            flag(&["-b", "--batch-mode"]),
            flag(&["-c", "--cmdline-toggle"]),
            value(&["-d", "--delay"], Val::Plain),
            value(&["-E", "--scale-summary-mem"], Val::Plain),
            value(&["-e", "--scale-task-mem"], Val::Plain),
            flag(&["-H", "--threads-show"]),
            flag(&["-i", "--idle-toggle"]),
            value(&["-n", "--iterations"], Val::Num),
            flag(&["-O", "--list-fields"]),
            value(&["-o", "--sort-override"], Val::Plain),
            value(&["-p", "--pid"], Val::Plain),
            flag(&["-S", "--accum-time-toggle"]),
            flag(&["-s", "--secure-mode"]),
            value(&["-U", "--filter-any-user"], Val::Plain),
            value(&["-u", "--filter-only-euser"], Val::Plain),
            opt(&["-w", "--width"], Arity::Optional, Val::Num),
            flag(&["-1", "--single-cpu-toggle"]),
            flag(&["-h", "--help"]),
            flag(&["-V", "--version"]),
        ],
        Operands::NONE,
    ),
    extra: Some(top_batch),
    reads_cwd_by_default: false,
};

fn top_batch(p: &Parsed, out: &mut Vec<Effect>) {
    if !(p.has("-b") || p.has("-O") || p.has("-h") || p.has("-V")) {
        out.push(Effect::unknown(
            "top without -b reads keys, and its keys kill and renice processes",
        ));
    }
}

/// The Android SDK's `avdmanager [global options] list [target|device|avd] [-c]`
/// (developer.android.com/tools/avdmanager): only its listing. `create`, `delete` and
/// `move` change the virtual devices, and the global `--clear-cache` deletes a cache.
static AVDMANAGER: Program = Program {
    name: "avdmanager",
    does: "lists Android virtual devices, targets or device definitions",
    grammar: gnu(
        &[
            flag(&["-s", "--silent"]),
            flag(&["-v", "--verbose"]),
            flag(&["-h", "--help"]),
            flag(&["-c"]),
        ],
        Operands::all(Val::Plain),
    ),
    extra: Some(avdmanager_list),
    reads_cwd_by_default: false,
};

fn avdmanager_list(p: &Parsed, out: &mut Vec<Effect>) {
    let ops: Vec<&str> = p.operands.iter().map(|(w, _)| w.text).collect();
    let listing = match ops.as_slice() {
        [] => p.has("-h") && !p.has("-c"),
        ["list"] => !p.has("-c"),
        ["list", what] => matches!(*what, "avd" | "target" | "device"),
        _ => false,
    };
    if !listing {
        out.push(Effect::unknown(format!(
            "avdmanager {} is not its listing",
            ops.join(" ")
        )));
    }
}

/// The Android SDK's `sdkmanager --list | --list_installed | --version`
/// (developer.android.com/tools/sdkmanager, its `--help`): the listings only. Package
/// operands install, `--uninstall`, `--update` and `--licenses` change the SDK, and the
/// options that take a value are left out (sdkmanager reads them as `--name=value`
/// alone; a separate word would be a package to install).
static SDKMANAGER: Program = Program {
    name: "sdkmanager",
    does: "lists Android SDK packages (the available ones from Google's package index)",
    grammar: gnu(
        &[
            flag(&["--list"]),
            flag(&["--list_installed"]),
            flag(&["--version"]),
            flag(&["--help"]),
            flag(&["--include_obsolete"]),
            flag(&["--verbose"]),
            flag(&["--no_https"]),
        ],
        Operands::NONE,
    ),
    extra: Some(sdkmanager_list),
    reads_cwd_by_default: false,
};

fn sdkmanager_list(p: &Parsed, out: &mut Vec<Effect>) {
    if !["--list", "--list_installed", "--version", "--help"]
        .iter()
        .any(|o| p.has(o))
    {
        out.push(Effect::unknown(
            "sdkmanager without --list, --list_installed or --version installs or updates packages",
        ));
    }
}

// ---------------------------------------------------------------------------------------
// The operating system's release, configuration values and hardware.

/// macOS's `sw_vers [-productName|-productVersion|-buildVersion]` (its man page): prints
/// the release from SystemVersion.plist; the options are single-dash words.
static SW_VERS: Program = Program {
    name: "sw_vers",
    does: "prints the macOS version",
    grammar: Grammar {
        style: Style::Go,
        opts: &[
            flag(&["-productName"]),
            flag(&["-productVersion"]),
            flag(&["-buildVersion"]),
        ],
        operands: Operands::NONE,
        numeric_short: false,
    },
    extra: None,
    reads_cwd_by_default: false,
};

/// `lsb_release [-v] [-i] [-d] [-r] [-c] [-a] [-s]` (Debian 12's, a Python optparse
/// script: long options by unique prefix).
static LSB_RELEASE: Program = Program {
    name: "lsb_release",
    does: "prints the distribution's release",
    grammar: Grammar {
        style: Style::Argparse,
        opts: &[
            flag(&["-v", "--version"]),
            flag(&["-i", "--id"]),
            flag(&["-d", "--description"]),
            flag(&["-r", "--release"]),
            flag(&["-c", "--codename"]),
            flag(&["-a", "--all"]),
            flag(&["-s", "--short"]),
        ],
        operands: Operands::NONE,
        numeric_short: false,
    },
    extra: None,
    reads_cwd_by_default: false,
};

/// glibc's `getconf [-v SPEC] NAME [PATH]` and `getconf -a [PATH]` (POSIX getopt): prints
/// configuration values; a path is asked about (pathconf), never opened for its content.
static GETCONF: Program = Program {
    name: "getconf",
    does: "prints system configuration values",
    grammar: Grammar {
        style: Style::Posix,
        opts: &[flag(&["-a"]), value(&["-v"], Val::Plain)],
        operands: Operands {
            leading: &[Val::Plain, Val::Stat],
            rest: None,
        },
        numeric_short: false,
    },
    extra: Some(getconf_all_path),
    reads_cwd_by_default: false,
};

/// With `-a` the only operand is the path whose limits are printed.
fn getconf_all_path(p: &Parsed, out: &mut Vec<Effect>) {
    if !p.has("-a") {
        return;
    }
    if let [(w, _)] = p.operands.as_slice() {
        super::common::stat(*w, out);
    }
}

/// util-linux 2.38's `lscpu` (`lscpu --help`).
static LSCPU: Program = info(
    "lscpu",
    "prints the CPU architecture",
    &[
        flag(&["-a", "--all"]),
        flag(&["-b", "--online"]),
        flag(&["-B", "--bytes"]),
        opt(&["-C", "--caches"], Arity::Optional, Val::Plain),
        flag(&["-c", "--offline"]),
        flag(&["-J", "--json"]),
        opt(&["-e", "--extended"], Arity::Optional, Val::Plain),
        opt(&["-p", "--parse"], Arity::Optional, Val::Plain),
        value(&["-s", "--sysroot"], Val::ReadTree),
        flag(&["-x", "--hex"]),
        flag(&["-y", "--physical"]),
        flag(&["--output-all"]),
    ],
    Operands::NONE,
);

/// procps-ng 4.0.2's `vmstat [options] [delay [count]]` (`vmstat --help`).
static VMSTAT: Program = info(
    "vmstat",
    "prints virtual memory statistics",
    &[
        flag(&["-a", "--active"]),
        flag(&["-f", "--forks"]),
        flag(&["-m", "--slabs"]),
        flag(&["-n", "--one-header"]),
        flag(&["-s", "--stats"]),
        flag(&["-d", "--disk"]),
        flag(&["-D", "--disk-sum"]),
        value(&["-p", "--partition"], Val::Plain),
        value(&["-S", "--unit"], Val::Plain),
        flag(&["-w", "--wide"]),
        flag(&["-t", "--timestamp"]),
        flag(&["-y", "--no-first"]),
    ],
    Operands {
        leading: &[Val::Num, Val::Num],
        rest: None,
    },
);

/// macOS's `xcode-select`: only its printing forms, `-p`/`--print-path` and
/// `-v`/`--version`. `--switch`, `--reset` and `--install` change which developer tools
/// every shell runs, so they are outside the grammar; long options by full name only.
static XCODE_SELECT: Program = Program {
    name: "xcode-select",
    does: "prints the active developer directory",
    grammar: Grammar {
        style: Style::Clap,
        opts: &[flag(&["-p", "--print-path"]), flag(&["-v", "--version"])],
        operands: Operands::NONE,
        numeric_short: false,
    },
    extra: None,
    reads_cwd_by_default: false,
};
