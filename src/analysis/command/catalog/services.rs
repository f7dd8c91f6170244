//! Service managers: `systemctl`, `launchctl`, `service`, and commands run through
//! `systemd-run`. What only reads is read-only (status, listings, properties, unit files);
//! everything else changes this machine beyond its files, as an [`Effect::System`]:
//! starting, stopping, restarting or signalling what runs now (`Running`), making
//! something start by itself later or changing what does — enabling, linking, masking
//! a unit, loading or bootstrapping an agent, a timer (`Persist`) — and the settings every
//! later process gets: the manager's environment, limits, configuration, a unit's
//! properties (`Settings`). A subcommand outside the grammar is still a change (with
//! what the floor does not understand beside it), never nothing. The tier follows from
//! the effects (`policy`: soft), and so do the reviewer's needs (the unit named with what
//! to do with it) and the holds.
//!
//! Checked against: systemd 252 (`systemctl --help`, `systemd-run --help` on Debian 12),
//! init-system-helpers 1.65.2 (`service`), and macOS's launchctl(1) manual (launchctl
//! could not be run here): its subcommands are those of `launchctl help` on macOS 10.10
//! and later, the legacy ones (load, unload, submit, list, start, stop, setenv, limit, …)
//! included.

use super::table::Said;
use crate::analysis::command::core::{is_expansion, Cmd};
use crate::analysis::effects::{secret_name, Change, Code, Effect, SystemChange};

/// One change of this machine's services or settings.
fn system(manager: &str, action: &str, targets: &[&str], how: SystemChange) -> Effect {
    Effect::System {
        manager: manager.to_string(),
        action: action.to_string(),
        target: (!targets.is_empty()).then(|| targets.join(" ")),
        how,
    }
}

/// A command that changes services or settings: its effects, its reason line.
fn changes(reason: String, effects: Vec<Effect>) -> Said {
    let mut s = Said::read(reason);
    s.effects = effects;
    s
}

// ---------------------------------------------------------------------------------------
// systemctl

/// systemctl's options that take a value (systemd 252).
const SYSTEMCTL_VALUES: &[&str] = &[
    "-t",
    "--type",
    "--state",
    "-p",
    "--property",
    "-P",
    "-H",
    "--host",
    "-M",
    "--machine",
    "--job-mode",
    "--check-inhibitors",
    "--kill-whom",
    "--kill-value",
    "-s",
    "--signal",
    "--what",
    "--legend",
    "--preset-mode",
    "--root",
    "--image",
    "-n",
    "--lines",
    "-o",
    "--output",
    "--boot-loader-menu",
    "--boot-loader-entry",
    "--timestamp",
];

/// systemctl's options without a value.
const SYSTEMCTL_FLAGS: &[&str] = &[
    "-h",
    "--help",
    "--version",
    "--system",
    "--user",
    "--failed",
    "-a",
    "--all",
    "-l",
    "--full",
    "-r",
    "--recursive",
    "--reverse",
    "--with-dependencies",
    "-T",
    "--show-transaction",
    "--show-types",
    "--value",
    "-i",
    "--now",
    "--dry-run",
    "-q",
    "--quiet",
    "--wait",
    "--no-block",
    "--no-wall",
    "--no-reload",
    "--no-legend",
    "--no-pager",
    "--no-ask-password",
    "--global",
    "--runtime",
    "-f",
    "--force",
    "--firmware-setup",
    "--plain",
    "--read-only",
    "--mkdir",
    "--marked",
];

/// Verbs that only print.
const SYSTEMCTL_READS: &[&str] = &[
    "list-units",
    "list-automounts",
    "list-sockets",
    "list-timers",
    "list-paths",
    "list-unit-files",
    "list-dependencies",
    "list-machines",
    "list-jobs",
    "is-active",
    "is-failed",
    "is-enabled",
    "is-system-running",
    "status",
    "show",
    "cat",
    "help",
    "get-default",
];

/// Verbs that change what runs now.
const SYSTEMCTL_RUNNING: &[&str] = &[
    "start",
    "stop",
    "reload",
    "restart",
    "try-restart",
    "reload-or-restart",
    "try-reload-or-restart",
    "force-reload",
    "condrestart",
    "condreload",
    "condstop",
    "isolate",
    "kill",
    "freeze",
    "thaw",
    "bind",
    "mount-image",
    "reset-failed",
    "cancel",
    "daemon-reload",
    "daemon-reexec",
    "default",
    "rescue",
    "emergency",
    "halt",
    "poweroff",
    "reboot",
    "kexec",
    "exit",
    "switch-root",
    "suspend",
    "hibernate",
    "hybrid-sleep",
    "suspend-then-hibernate",
    "soft-reboot",
];

/// Verbs that stop or restart the machine (`--dry-run` only prints what they would do).
const SYSTEMCTL_POWER: &[&str] = &[
    "default",
    "rescue",
    "emergency",
    "halt",
    "poweroff",
    "reboot",
    "kexec",
    "exit",
    "suspend",
    "hibernate",
    "hybrid-sleep",
    "suspend-then-hibernate",
    "soft-reboot",
];

/// Verbs that change what starts by itself (unit files, their links, the default target).
const SYSTEMCTL_PERSIST: &[&str] = &[
    "enable",
    "disable",
    "reenable",
    "preset",
    "preset-all",
    "mask",
    "unmask",
    "link",
    "revert",
    "add-wants",
    "add-requires",
    "edit",
    "set-default",
];

/// Verbs that change the settings later units get.
const SYSTEMCTL_SETTINGS: &[&str] = &[
    "set-property",
    "set-environment",
    "unset-environment",
    "import-environment",
];

/// Verbs that print a setting without a value and set it with one.
const SYSTEMCTL_GET_OR_SET: &[(&str, usize)] = &[
    ("log-level", 0),
    ("log-target", 0),
    ("service-watchdogs", 0),
    ("service-log-level", 1),
    ("service-log-target", 1),
];

/// Properties of `systemctl show` that hold a service's environment or command lines
/// (systemd 252 `systemctl show` of a service: `Environment=` with every `KEY=value` the
/// unit sets, `ExecStart=`/`ExecStartPre=`/… with `argv[]=` in full, `SetCredential=`),
/// as prefixes.
const SHOW_SECRET_PROPERTIES: &[&str] = &["Environment", "Exec", "SetCredential"];

/// Does a `systemctl show` print a unit's environment: every property (no `-p`), or one
/// that holds it?
fn show_prints_environment(props: &[String]) -> bool {
    props.is_empty()
        || props
            .iter()
            .any(|p| p.is_empty() || SHOW_SECRET_PROPERTIES.iter().any(|s| p.starts_with(s)))
}

/// `systemctl [OPTIONS] VERB [ARGS]` (options may follow the verb).
pub(super) fn systemctl(cmd: &Cmd) -> Said {
    let args = cmd.args();
    if matches!(args, [v] if v == "--version") {
        return Said::read("systemctl prints help or its version");
    }
    // Help only where the option loop reads it as a flag (`-p --help reboot` reboots).
    let mut help = false;
    let mut words: Vec<&str> = Vec::new();
    let mut effects = Vec::new();
    let mut host = None;
    // Set only where the option loop reads them as flags (not as another option's value:
    // `systemctl -p --dry-run reboot` reboots).
    let (mut dry_run, mut now) = (false, false);
    // `show`'s properties (`-p A,B`, `--property=A`, `-P A`), to see what it prints.
    let mut props: Vec<String> = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "--" {
            words.extend(it.by_ref().map(String::as_str));
            break;
        }
        if !a.starts_with('-') || a == "-" {
            words.push(a);
            continue;
        }
        let (name, inline): (String, Option<&str>) = match a.split_once('=') {
            Some((n, v)) if n.starts_with("--") => (n.to_string(), Some(v)),
            _ if !a.starts_with("--") && a.len() > 2 => {
                // Short flags bundled (`-al`), then a short option with its value attached
                // (`-tservice`, `-Hhost`, `-qn50`).
                let letters = &a[1..];
                let at = letters
                    .char_indices()
                    .find(|(_, c)| !SYSTEMCTL_FLAGS.contains(&format!("-{c}").as_str()));
                let flags = match at {
                    None => letters,
                    Some((k, _)) => &letters[..k],
                };
                help |= flags.contains('h');
                match at {
                    None => continue,
                    Some((k, c)) => (
                        format!("-{c}"),
                        Some(&letters[k + c.len_utf8()..]).filter(|v| !v.is_empty()),
                    ),
                }
            }
            _ => (a.clone(), None),
        };
        let name = name.as_str();
        if SYSTEMCTL_VALUES.contains(&name) {
            let v = inline
                .or_else(|| it.next().map(String::as_str))
                .unwrap_or("");
            match name {
                "-H" | "--host" => host = Some(v.rsplit('@').next().unwrap_or(v).to_string()),
                "-p" | "--property" | "-P" => {
                    props.extend(v.split(',').map(str::to_string));
                }
                "--root" | "--image" => effects.push(Effect::unknown(format!(
                    "systemctl {name} acts on the unit files under {v}"
                ))),
                _ => {}
            }
        } else if SYSTEMCTL_FLAGS.contains(&name) && inline.is_none() {
            match name {
                "--dry-run" => dry_run = true,
                "--now" => now = true,
                "-h" | "--help" => help = true,
                _ => {}
            }
        } else {
            effects.push(Effect::unknown(format!(
                "systemctl {name} is not an option it is known by"
            )));
        }
    }
    if help {
        return Said::read("systemctl prints help or its version");
    }
    let verb = words.first().copied().unwrap_or("list-units");
    let operands: Vec<&str> = words.iter().skip(1).copied().collect();
    if verb == "show" && show_prints_environment(&props) {
        // The state of the units, `Environment=` and the command lines among it.
        effects.push(Effect::Secret {
            what: "the units' Environment= values and command lines, where services are given their keys".into(),
        });
    }
    let how = if SYSTEMCTL_READS.contains(&verb) || (SYSTEMCTL_POWER.contains(&verb) && dry_run) {
        None
    } else if let Some((_, n)) = SYSTEMCTL_GET_OR_SET.iter().find(|(v, _)| *v == verb) {
        (operands.len() > *n).then_some(SystemChange::Settings)
    } else if verb == "show-environment" {
        effects.push(Effect::Secret {
            what: "every variable in the service manager's environment, secrets included".into(),
        });
        None
    } else if SYSTEMCTL_PERSIST.contains(&verb) || SYSTEMCTL_SETTINGS.contains(&verb) {
        if SYSTEMCTL_PERSIST.contains(&verb) {
            // `--now` also starts or stops the units; `edit` runs the editor.
            if now {
                effects.push(system("systemd", verb, &operands, SystemChange::Running));
            }
            if verb == "edit" {
                effects.push(Effect::Run {
                    code: Code::Hidden {
                        what: "the editor systemctl edit opens".into(),
                    },
                });
            }
            Some(SystemChange::Persist)
        } else {
            Some(SystemChange::Settings)
        }
    } else if SYSTEMCTL_RUNNING.contains(&verb) {
        Some(SystemChange::Running)
    } else if verb == "clean" {
        // The unit's state, cache, logs or runtime directories: which ones, the unit says.
        effects.push(Effect::Delete {
            path: crate::analysis::effects::PATHS_AT_RUN_TIME.into(),
            recursive: true,
        });
        Some(SystemChange::Running)
    } else {
        effects.push(Effect::unknown(format!(
            "systemctl {verb} is not a verb it is known by"
        )));
        Some(SystemChange::Running)
    };
    let what = if operands.is_empty() {
        verb.to_string()
    } else {
        format!("{verb} {}", operands.join(" "))
    };
    match (how, host) {
        // `-H host` runs the manager's side over ssh: the host's services.
        (how, Some(h)) => {
            let change = if how.is_some() {
                Change::Modify
            } else {
                Change::Read
            };
            let mut s = Said::remote(
                "ssh",
                format!("systemctl {what}"),
                Some(h.clone()),
                change,
                "remote",
                format!("systemctl {what} on {h}"),
            );
            s.effects.extend(effects);
            s
        }
        (None, None) => {
            let mut s = Said::read(if verb == "show" && show_prints_environment(&props) {
                "systemctl show prints the units' properties, Environment= and the command lines among them".to_string()
            } else {
                format!("systemctl {verb} shows the state of units")
            });
            s.effects = effects;
            s
        }
        (Some(how), None) => {
            effects.insert(0, system("systemd", verb, &operands, how));
            let reason = match how {
                SystemChange::Running => format!("systemctl {what} changes running services"),
                SystemChange::Persist => {
                    format!("systemctl {what} changes what starts by itself")
                }
                SystemChange::Settings => {
                    format!("systemctl {what} changes what later services get")
                }
            };
            changes(reason, effects)
        }
    }
}

// ---------------------------------------------------------------------------------------
// launchctl

/// `launchctl SUBCOMMAND [ARGS]`.
pub(super) fn launchctl(cmd: &Cmd) -> Said {
    let args: Vec<&str> = cmd.args().iter().map(String::as_str).collect();
    let Some((&sub, rest)) = args.split_first() else {
        // The legacy interactive mode reads subcommands from stdin.
        return changes(
            "launchctl without a subcommand reads its subcommands from stdin".into(),
            vec![
                system(
                    "launchd",
                    "reads subcommands from stdin",
                    &[],
                    SystemChange::Persist,
                ),
                Effect::unknown("launchctl reads its subcommands from stdin"),
            ],
        );
    };
    let operands: Vec<&str> = rest
        .iter()
        .copied()
        .filter(|a| !a.starts_with('-'))
        .collect();
    let read = |why: &str| Said::read(format!("launchctl {sub} {why}"));
    let how = match sub {
        "print" | "print-cache" | "print-disabled" | "blame" | "procinfo" | "hostinfo"
        | "resolveport" | "list" | "managerpid" | "manageruid" | "managername" | "error"
        | "variant" | "version" | "help" | "dumpstate" | "dumpjpcategory" | "runstats" => {
            return read("prints launchd's state")
        }
        "plist" => {
            return read("prints the property list embedded in a program")
                .with_reads(operands.last().map(|p| p.to_string()).into_iter().collect())
        }
        "getenv" => {
            let mut s = read("prints a variable of launchd's environment");
            if operands.iter().any(|n| secret_name(n)) || cmd.has_expansion() {
                s.effects.push(Effect::Secret {
                    what: format!(
                        "the variable {} of launchd's environment",
                        operands.join(" ")
                    ),
                });
            }
            return s;
        }
        // `limit` alone, or with one resource, prints the limits.
        "limit" if operands.len() <= 1 => return read("prints resource limits"),
        "kickstart" | "kill" | "start" | "stop" | "attach" | "debug" | "reboot" | "bootshell"
        | "uncache" => SystemChange::Running,
        "bootstrap" | "bootout" | "enable" | "disable" | "load" | "unload" | "remove"
        | "submit" => SystemChange::Persist,
        "setenv" | "unsetenv" | "limit" | "config" => SystemChange::Settings,
        // They run a program: as another user, in another bootstrap, or as a tool.
        "asuser" | "bsexec" | "examine" => {
            let mut s = changes(
                format!("launchctl {sub} runs a program in launchd's context"),
                vec![
                    system("launchd", sub, &operands, SystemChange::Running),
                    Effect::Run {
                        code: Code::Hidden {
                            what: format!("the program launchctl {sub} runs"),
                        },
                    },
                ],
            );
            if sub != "examine" {
                s.effects.push(Effect::Privilege {
                    how: format!("launchctl {sub} (another user's or bootstrap's context)"),
                });
            }
            return s;
        }
        other => {
            return changes(
                format!("launchctl {other} is not a subcommand it is known by"),
                vec![
                    system("launchd", other, &operands, SystemChange::Running),
                    Effect::unknown(format!("launchctl {other} is not a known subcommand")),
                ],
            )
        }
    };
    let targets: Vec<&str> = match sub {
        // `submit -l LABEL [-p PROG] -- COMMAND…`: the label names the job.
        "submit" => rest
            .windows(2)
            .filter(|w| w[0] == "-l")
            .map(|w| w[1])
            .collect(),
        // `setenv KEY VALUE`, `limit RESOURCE SOFT HARD`, `config user|system KEY VALUE`.
        "setenv" | "limit" => operands.first().copied().into_iter().collect(),
        "config" => operands.iter().take(2).copied().collect(),
        _ => operands.clone(),
    };
    let mut effects = vec![system("launchd", sub, &targets, how)];
    if sub == "submit" {
        effects.push(Effect::Run {
            code: Code::Hidden {
                what: "the program launchctl submit keeps running".into(),
            },
        });
    }
    let reason = match how {
        SystemChange::Running => format!("launchctl {sub} changes what runs now"),
        SystemChange::Persist => format!("launchctl {sub} changes what launchd starts by itself"),
        SystemChange::Settings => {
            format!("launchctl {sub} changes what later processes get")
        }
    };
    changes(reason, effects)
}

// ---------------------------------------------------------------------------------------
// service

/// `service --status-all`, `service NAME status` print; `service NAME COMMAND` runs the
/// service's init script (or its unit) with that command. The script is
/// `$SERVICEDIR/NAME` (`/etc/init.d`), run as a path whether or not systemd knows the
/// name: a name with a `/` (`../../home/u/proj/run.sh`), or one known only at run time,
/// runs a file it names, whatever the command.
pub(super) fn service(cmd: &Cmd) -> Said {
    let args: Vec<&str> = cmd.args().iter().map(String::as_str).collect();
    let plain = |name: &str| {
        !name.is_empty()
            && !name.contains('/')
            && !name.starts_with('-')
            && !cmd.arg_dynamic(0)
            && !is_expansion(name)
    };
    match args.as_slice() {
        [] | ["-h" | "--help" | "--version"] => Said::read("service prints its usage"),
        ["--status-all"] => Said::read("service --status-all lists services and their state"),
        [name, "status"] if plain(name) => {
            Said::read(format!("service {name} status shows its state"))
        }
        [name, rest @ ..] => {
            let action = rest.first().copied().unwrap_or("(no command)");
            let mut effects = vec![system("sysvinit", action, &[name], SystemChange::Running)];
            if !plain(name) {
                effects.push(Effect::Run {
                    code: Code::Hidden {
                        what: format!("the file service runs as /etc/init.d/{name}"),
                    },
                });
                effects.push(Effect::unknown(format!(
                    "service runs /etc/init.d/{name}, a file its name points to"
                )));
            }
            if rest.is_empty() || rest.len() > 1 {
                effects.push(Effect::unknown(format!(
                    "service {name} {} runs its init script with these words",
                    rest.join(" ")
                )));
            }
            changes(
                format!("service {name} {action} changes a running service"),
                effects,
            )
        }
    }
}

// ---------------------------------------------------------------------------------------
// systemd-run

/// systemd-run's short options that take a value (systemd 252, `systemd-run --help`).
const SYSTEMD_RUN_SHORT_VALUES: &str = "HMupE";

/// What running a command through `systemd-run` adds to the command's own effects (the
/// shell analysis hands the command on as the program that runs, with `systemd-run` among
/// its wrappers): it runs as a transient unit of the service manager, outside the
/// session (`Running`), later by a timer (`--on-*`: `Persist`); as another user
/// (`--uid`, `--gid`); with unit properties that may run more programs (`-p`); in the
/// manager's working directory (`/` or the home directory) unless `--scope`, `-d` or
/// `--same-dir` keep this one, so its relative paths are not the ones judged.
pub(crate) fn transient(argv: &[String], exec_start: usize) -> Option<Vec<Effect>> {
    let at = argv
        .get(..exec_start)?
        .iter()
        .position(|w| w.rsplit('/').next() == Some("systemd-run"))?;
    let opts = &argv[at + 1..exec_start];
    let program = argv.get(exec_start).map(String::as_str).unwrap_or("");
    let mut how = SystemChange::Running;
    let mut unit = None;
    let mut here = false;
    let mut effects = Vec::new();
    let mut i = 0;
    while let Some(a) = opts.get(i) {
        i += 1;
        // As getopt reads them: `--name=value`, `--name value`, or short options bundled,
        // the first that takes a value taking the rest of the word or the next one
        // (`-dE X=1`).
        let mut parsed: Vec<(String, Option<String>)> = Vec::new();
        match a.split_once('=') {
            Some((n, v)) if n.starts_with("--") => parsed.push((n.to_string(), Some(v.into()))),
            _ if a.starts_with("--") || !a.starts_with('-') || a == "-" => {
                parsed.push((a.clone(), None))
            }
            _ => {
                let letters = &a[1..];
                for (k, c) in letters.char_indices() {
                    let rest = &letters[k + c.len_utf8()..];
                    if SYSTEMD_RUN_SHORT_VALUES.contains(c) {
                        parsed.push((format!("-{c}"), (!rest.is_empty()).then(|| rest.into())));
                        break;
                    }
                    parsed.push((format!("-{c}"), None));
                }
            }
        }
        for (name, inline) in parsed {
            let name = name.as_str();
            let mut value = || {
                inline.clone().or_else(|| {
                    i += 1;
                    opts.get(i - 1).cloned()
                })
            };
            match name {
                "-u" | "--unit" => unit = value(),
                "--scope" | "-d" | "--same-dir" => here = true,
                n if n.starts_with("--on-") => {
                    if !matches!(n, "--on-timezone-change" | "--on-clock-change") {
                        value();
                    }
                    how = SystemChange::Persist;
                }
                "--uid" | "--gid" => {
                    let v = value().unwrap_or_default();
                    effects.push(Effect::Privilege {
                        how: format!("systemd-run {name}={v} (as another user)"),
                    });
                }
                "-p" | "--property" | "--timer-property" | "--path-property"
                | "--socket-property" => {
                    let v = value().unwrap_or_default();
                    effects.push(Effect::unknown(format!(
                        "systemd-run {name} {v} sets a unit property, which may run other programs"
                    )));
                }
                "-E" | "--setenv" => {
                    let v = value().unwrap_or_default();
                    let var = v.split('=').next().unwrap_or("");
                    if !crate::analysis::command::env::harmless_env(var) {
                        effects.push(Effect::unknown(format!(
                            "systemd-run {name} {v} sets a variable that can change what runs"
                        )));
                    }
                }
                "--working-directory" => {
                    let v = value().unwrap_or_default();
                    effects.push(Effect::unknown(format!(
                        "the command runs in {v}, not the directory its paths were judged in"
                    )));
                    here = true;
                }
                "-H" | "--host" | "-M" | "--machine" | "--description" | "--slice"
                | "--service-type" | "--nice" => {
                    value();
                }
                _ => {}
            }
        }
    }
    if !here {
        effects.push(Effect::unknown(
            "the unit runs in the manager's directory (/ or the home directory), not the one its paths were judged in",
        ));
    }
    // The unit, when named: the program is what runs in it, no name of the unit (`make`
    // names no timer of `systemd-run --on-calendar=minutely make test`).
    let targets: Vec<&str> = unit.as_deref().into_iter().collect();
    let action = match how {
        SystemChange::Persist => format!("schedules {program} as a timer unit"),
        _ => format!("runs {program} as a transient unit"),
    };
    effects.insert(0, system("systemd", &action, &targets, how));
    Some(effects)
}

/// A command run through `systemd-run` ([`transient`]): its own effects, and the unit it
/// runs as. Asked about (soft) unless its own class is already stricter.
pub(crate) fn transient_unit(
    sc: &crate::analysis::shell::SimpleCommand,
    look: &mut crate::analysis::command::core::Look,
) {
    use crate::analysis::command::core::Class;
    let exec_start = sc.argv.len().saturating_sub(sc.exec.len());
    let Some(effects) = transient(&sc.argv, exec_start) else {
        return;
    };
    if look.effects.is_empty() {
        // What the command's class says beyond its paths (as the judge derives it).
        match &look.class {
            Class::Soft { reason, .. } | Class::Hard { reason, .. } | Class::Unknown { reason } => {
                look.effects.push(Effect::unknown(reason.clone()))
            }
            _ => {}
        }
    }
    let phrase = effects.first().map(Effect::phrase).unwrap_or_default();
    let category = match crate::analysis::command::policy::remote_tier(&effects, None) {
        Some(Class::Soft { category, .. }) => category,
        _ => "system",
    };
    look.effects.extend(effects);
    if !matches!(look.class, Class::Hard { .. } | Class::Soft { .. }) {
        look.class = Class::Soft {
            category,
            reason: format!("it runs through systemd-run: {phrase}, outside this session"),
        };
    }
}

/// macOS's `defaults`: reading preferences is read-only; writing, deleting, importing or
/// renaming them changes what every later launch of that app (or the system, for global
/// and `/Library` domains) gets (`Settings`). Subcommands from defaults(1).
pub(super) fn defaults(cmd: &Cmd) -> Said {
    let args = cmd.args();
    let mut pos = args
        .iter()
        .filter(|a| !a.starts_with('-'))
        .map(String::as_str);
    let verb = pos.next();
    let domain = pos.next().map(str::to_string);
    match verb {
        Some("read" | "read-type" | "domains" | "find" | "export" | "help") | None => {
            Said::read("defaults reads preferences")
        }
        Some(v @ ("write" | "delete" | "import" | "rename")) => {
            let mut s = Said::read(format!(
                "defaults {v} changes the preferences every later launch reads"
            ))
            .and(Effect::System {
                manager: "defaults".into(),
                action: v.into(),
                target: domain,
                how: SystemChange::Settings,
            });
            s.category = "system";
            s
        }
        Some(v) => Said::unknown(format!("defaults {v} is not in its grammar")),
    }
}

/// `setcap` gives a program capabilities (`cap_setuid+ep`: it may become root when anyone
/// runs it): an act of privilege. `getcap` reads them.
pub(super) fn setcap(cmd: &Cmd) -> Said {
    let how = format!("setcap {}", cmd.args().join(" "));
    let mut s = Said::read("setcap gives a program capabilities, privileges it runs with")
        .and(Effect::Privilege { how });
    s.category = "privilege";
    s
}

/// `journalctl`: prints the journal. Options from systemd 252's `journalctl --help`
/// (checked on this machine): filters, output modes, paging and the listings (`--fields`,
/// `--list-boots`, `--disk-usage`, `--header`, the catalog's listings) only read; a
/// journal directory, file, root or image named is a read the path floor judges;
/// `-b`/`--boot` without an attached value takes a following offset or boot id, as
/// journalctl's own parser does. Anything that changes the journal (`--vacuum-*`,
/// `--rotate`, `--flush`, `--sync`, `--relinquish-var`, `--update-catalog`,
/// `--setup-keys`, `--cursor-file` which rewrites its file) or is not listed leaves the
/// grammar. Operands are matches (`_SYSTEMD_UNIT=x`, `+`) or a program's path.
pub(super) fn journalctl(cmd: &Cmd) -> Said {
    const FLAGS: &[&str] = &[
        "--system",
        "--user",
        "--merge",
        "--dmesg",
        "--reverse",
        "--show-cursor",
        "--utc",
        "--catalog",
        "--no-hostname",
        "--no-full",
        "--full",
        "--all",
        "--follow",
        "--no-tail",
        "--quiet",
        "--no-pager",
        "--pager-end",
        "--help",
        "--version",
        "--fields",
        "--list-boots",
        "--disk-usage",
        "--header",
        "--list-catalog",
        "--dump-catalog",
        "--list-namespaces",
    ];
    const VALUES: &[&str] = &[
        "--machine",
        "--namespace",
        "--since",
        "--until",
        "--cursor",
        "--after-cursor",
        "--unit",
        "--user-unit",
        "--identifier",
        "--priority",
        "--facility",
        "--grep",
        "--output",
        "--output-fields",
        "--field",
        "--case-sensitive",
    ];
    const PATHS: &[&str] = &["--directory", "--file", "--root", "--image"];
    const OPTIONAL: &[&str] = &["--boot", "--lines", "--case-sensitive"];
    let args = cmd.args();
    let mut reads = Vec::new();
    let boot_word = |w: &str| {
        let n = w.strip_prefix('-').unwrap_or(w);
        (!n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
            || (w.len() == 32 && w.chars().all(|c| c.is_ascii_hexdigit()))
    };
    let mut i = 0;
    while let Some(a) = args.get(i) {
        i += 1;
        if is_expansion(a) {
            return Said::unknown(format!("journalctl is given {a}, computed at run time"));
        }
        if let Some(long) = a.strip_prefix("--") {
            let (name, inline) = match long.split_once('=') {
                Some((n, v)) => (format!("--{n}"), Some(v.to_string())),
                None => (a.clone(), None),
            };
            let n = name.as_str();
            if FLAGS.contains(&n) && inline.is_none() {
                continue;
            }
            if OPTIONAL.contains(&n) {
                if inline.is_none() && n == "--boot" && args.get(i).is_some_and(|w| boot_word(w)) {
                    i += 1;
                }
                continue;
            }
            let takes = VALUES.contains(&n) || PATHS.contains(&n);
            // journalctl(1): the `--vacuum-*` options remove archived journal files; the
            // others ask journald to rotate, flush, sync or move its files, or seal them.
            // The journal is the host's record of what ran: changing it is an act on the
            // host's security controls.
            if matches!(
                n,
                "--vacuum-size"
                    | "--vacuum-time"
                    | "--vacuum-files"
                    | "--rotate"
                    | "--flush"
                    | "--sync"
                    | "--relinquish-var"
                    | "--smart-relinquish-var"
                    | "--setup-keys"
                    | "--update-catalog"
            ) {
                let e = crate::analysis::effects::Effect::Host {
                    act: crate::analysis::effects::HostAct::Security,
                    program: "journalctl".into(),
                    target: Some(a.clone()),
                    named_by: &[
                        "vacuum",
                        "rotate the journal",
                        "journal files",
                        "journal size",
                    ],
                };
                let mut s = Said::read(e.phrase()).and(e);
                s.category = crate::analysis::effects::HostAct::Security.category();
                return s;
            }
            if !takes {
                return Said::unknown(format!("journalctl {n} is not a read-only option"));
            }
            let v = match inline {
                Some(v) => v,
                None => match args.get(i) {
                    Some(v) => {
                        i += 1;
                        v.clone()
                    }
                    None => return Said::unknown(format!("journalctl {n} without a value")),
                },
            };
            if PATHS.contains(&n) {
                reads.push(v);
            }
            continue;
        }
        let Some(letters) = a.strip_prefix('-').filter(|l| !l.is_empty()) else {
            // A match (`FIELD=VALUE`, `+`) or the path of a program whose entries to show.
            if a.starts_with('/') {
                reads.push(a.clone());
            }
            continue;
        };
        for (k, c) in letters.char_indices() {
            let rest = &letters[k + c.len_utf8()..];
            match c {
                'm' | 'k' | 'r' | 'x' | 'a' | 'f' | 'q' | 'e' | 'h' | 'N' | 'l' => {}
                // Optional values, attached only (`-n50`, `-b-1`), or `-b` then an offset.
                'n' | 'b' => {
                    if rest.is_empty() && c == 'b' && args.get(i).is_some_and(|w| boot_word(w)) {
                        i += 1;
                    }
                    break;
                }
                'M' | 'S' | 'U' | 'c' | 'u' | 't' | 'p' | 'g' | 'o' | 'F' | 'D' => {
                    let v = if rest.is_empty() {
                        match args.get(i) {
                            Some(v) => {
                                i += 1;
                                v.clone()
                            }
                            None => {
                                return Said::unknown(format!("journalctl -{c} without a value"))
                            }
                        }
                    } else {
                        rest.to_string()
                    };
                    if c == 'D' {
                        reads.push(v);
                    }
                    break;
                }
                _ => return Said::unknown(format!("journalctl -{c} is not a read-only option")),
            }
        }
    }
    Said::read("journalctl prints the system journal").with_reads(reads)
}

/// `sysctl`: prints kernel parameters (procps-ng 4's and macOS's options: `-a -A -X -n -N
/// -b -e -d -q -o -x`, `-r PATTERN`, variable names). Setting one (`NAME=VALUE`, `-w`),
/// loading a file (`-p`, `-f`, `--load`, `--system`) changes the running kernel: asked
/// about as a change to this machine.
pub(super) fn sysctl(cmd: &Cmd) -> Said {
    let args = cmd.args();
    let mut i = 0;
    while let Some(a) = args.get(i) {
        i += 1;
        if is_expansion(a) {
            return Said::unknown(format!("sysctl is given {a}, computed at run time"));
        }
        let writes = a.contains('=') && !a.starts_with("--pattern=")
            || matches!(a.as_str(), "-w" | "--write" | "-p" | "-f" | "--system")
            || a.starts_with("--load")
            || (a.starts_with('-') && !a.starts_with("--") && a[1..].contains(['w', 'p', 'f']));
        if writes {
            return Said::soft(
                "system",
                format!("sysctl {a} changes the running kernel's settings"),
            );
        }
        match a.as_str() {
            "-r" | "--pattern" => {
                if args.get(i).is_none() {
                    return Said::unknown("sysctl -r without a pattern");
                }
                i += 1;
            }
            "--all" | "--deprecated" | "--binary" | "--ignore" | "--names" | "--values"
            | "--quiet" | "--help" | "--version" => {}
            s if s.starts_with("--pattern=") => {}
            s if s.starts_with("--") => {
                return Said::unknown(format!("sysctl {s} is not a read-only option"))
            }
            s if s.starts_with('-') && !s[1..].chars().all(|c| "aAXnNbedqoxhV".contains(c)) => {
                return Said::unknown(format!("sysctl {s} is not a read-only option"));
            }
            _ => {}
        }
    }
    Said::read("sysctl prints kernel parameters")
}
