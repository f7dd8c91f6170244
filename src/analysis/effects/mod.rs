//! The effect model: what a call does to the machine, as typed facts. Every simple command
//! and every tool call becomes a list of [`Effect`]s — which paths it reads, writes and
//! deletes, what code it runs and from where, what it sends over the network and to whom,
//! what remote or repository state it changes, which secrets it prints, which privileges
//! it takes — and every policy (the hard floor, the soft tiers, holds, plan mode, the
//! reviewer's findings and grounding, the reason line) reads these facts instead of
//! recognising names.
//!
//! Effects of a shell command come from allowlisted argument grammars ([`grammar`]): each
//! program the floor knows declares its options (short and long, with arity and what the
//! value is) and its operands; [`programs`] holds those declarations as data, one table
//! per program. An option, operand or construct outside the grammar is an
//! [`Effect::Unknown`], and unknown is never allowed.
//!
//! [`secret_name`] is the one answer to "is this variable name a secret" for every table
//! and check; [`secrets::expansions`] says which variables' values reach a word.
//!
//! Paths here are the words as the program receives them (relative to the directory the
//! command runs in); the command floor places, expands and resolves them, and the path
//! floor classifies them. This module does no I/O.

pub mod grammar;
pub mod programs;
pub mod secrets;

pub use secrets::secret_name;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_files;
#[cfg(test)]
mod tests_readers;

use serde::Serialize;

/// The text of a [`Code::Inline`] shell command whose words are computed at run time
/// (`awk 'BEGIN{system("rm " f)}'`): nothing of it can be judged before it runs.
pub const COMPUTED_COMMAND: &str = "a command computed at run time";

/// The path of a write or delete whose targets arrive as arguments when the command runs
/// (`… | xargs rm`, `xargs dd`, `ls | parallel cp {} /x`): no one can name them before it
/// runs. It holds `$`, so every check of a computed word treats it as one.
pub const PATHS_AT_RUN_TIME: &str = "$(paths given at run time)";

/// How much of the file system a read reaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reach {
    /// The named file itself (or a directory's listing and metadata).
    File,
    /// Everything below a directory, not following symlinks met on the way.
    Tree,
    /// Everything below a directory, following every symlink met on the way.
    TreeFollow,
    /// A file that names further files to read at run time (`--files0-from`, `-T`).
    ListOfFiles,
    /// Only names and metadata (`stat`, `ls -l FILE`, `readlink`; below a directory too,
    /// without following links: `ls -R`, `find`, `tree`, `du`): never a file's contents.
    /// A directory's names are still a listing of the directory.
    Metadata,
    /// The named file's contents, but a symbolic link there is only looked at, not
    /// followed (`file` without `-L`, which prints `symbolic link to TARGET`; `zip -y`,
    /// which stores the link): judged as [`Reach::Metadata`] of the link when the path is
    /// one, as [`Reach::File`] otherwise.
    FileNoFollow,
}

/// How a write changes its target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum WriteHow {
    /// Creates or replaces the whole content.
    Replace,
    /// Appends to the end.
    Append,
    /// Edits the content in place.
    Edit,
    /// Creates a directory.
    Mkdir,
    /// Creates a link at the path.
    Link,
    /// Changes mode, owner or times only.
    Metadata,
    /// Moves something onto the path (rename target).
    MoveInto,
    /// Moves what is at the path elsewhere (rename source): the path no longer holds it.
    MoveAway,
    /// Creates an empty file if none is there, else changes its times (`touch`).
    Touch,
    /// Overwrites the content in place so that it cannot be recovered (`shred`): what
    /// the file held is gone, and through a link the file it points at.
    Destroy,
}

/// Code that a command runs besides the program itself.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "from", rename_all = "kebab-case")]
pub enum Code {
    /// A program or script file (`./build.sh`, `python x.py`, `--vettool=./t`).
    File { path: String },
    /// Code given inline (`python -c`, `node -e`, a `--node-options=--import=data:…`).
    Inline { lang: String, text: String },
    /// Code fetched from the network and run (`curl … | sh`).
    Network { url: Option<String> },
    /// The project's own code as a build or test runner runs it (`cargo test`, `make`),
    /// defined by the files named.
    Project {
        runner: String,
        defined_by: Vec<String>,
        /// The targets, scripts or recipes it is asked to run, by their names in the
        /// definition files (`make push`, `npm run deploy`, `just release`, `cmake --build
        /// build --target clean`): what a hold reads of code it cannot see.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        targets: Vec<String>,
        /// What the named recipes' commands do, as far as the floor reads them (a
        /// package.json script, a makefile target's recipe, a justfile recipe): what a
        /// hold goes by besides the names; the runner's tier stays its own.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        recipe: Vec<Effect>,
    },
    /// A program this one starts that the floor does not see (a pager, a preprocessor, a
    /// compress program, an editor command).
    Hidden { what: String },
    /// Code a command prints: a script, makefile or other definition read from a process
    /// substitution (`make -f <(…)`, `python3 <(…)`, `awk -f <(…)`) or from stdin
    /// (`-f /dev/stdin`, `-f -`), not from a file. `word` is the word as written. What the
    /// inner command prints is not known; when it fetches from the network this is code
    /// fetched from the network (`command::destructive_whole`).
    Output { word: String },
    /// A shell command line handed to a program the floor does not understand, in one of
    /// its arguments, which the program may run (`tar --to-command=CMD`, `less '+!CMD'`,
    /// `git difftool -x CMD`: `command::embedded`); `denied` when the floor denies that
    /// command on its own.
    Carried {
        program: String,
        text: String,
        denied: bool,
    },
    /// Packages the project's lockfile or project files pin, fetched from their registry
    /// and installed, their install scripts run (`npm ci`, `uv sync` and the sync `uv run`
    /// does first, `go mod download`, `dotnet restore`; the images a compose file or
    /// Dockerfile names, pulled by `docker compose up` or `docker build`): the project's
    /// own choice, judged with its definition files.
    Pinned { manager: String },
}

/// What a network exchange carries out of the machine.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "carries", rename_all = "kebab-case")]
pub enum Carry {
    /// The content of a file.
    File { path: String },
    /// The value of an environment variable.
    Env { name: String },
    /// The output of a command substitution.
    Substitution,
    /// Whatever arrives on stdin.
    Stdin,
    /// Literal data written in the command (its text, as written).
    Literal { text: String },
}

/// How a remote action changes the remote side, mildest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Change {
    /// Only reads.
    Read,
    /// Creates something new.
    Create,
    /// Changes existing state.
    Modify,
    /// Deletes or destroys state.
    Destroy,
    /// Makes something public or shipped (packages, releases, deploys, pushes).
    Publish,
    /// Changes who may do what (IAM, tokens, permissions).
    Permission,
    /// Destroys state with no way back (no final snapshot, no recovery window, a bucket
    /// with every object in it) or across a whole account or cluster.
    Wipe,
}

/// Local repository state a version-control command changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum RepoOp {
    /// Stages or unstages changes.
    Stage,
    /// Records a commit (history grows; nothing is lost).
    Commit,
    /// Saves work aside (`git stash push`).
    Stash,
    /// Moves to another branch or commit, creating a branch if asked.
    Switch,
    /// Brings in commits from elsewhere (fetch, merge without force).
    Integrate,
    /// Creates a branch or tag without switching to it.
    CreateRef,
    /// Rewrites history or discards work (rebase, reset --hard, checkout -- file, clean).
    Rewrite,
    /// Deletes a branch, tag, stash or ref.
    DeleteRef,
    /// Changes repository configuration.
    Configure,
}

/// How a service manager's command changes this machine (see [`Effect::System`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SystemChange {
    /// Starts, stops, restarts, reloads or signals what runs now (a service, an agent, a
    /// job, the manager itself, the machine): it runs on outside the session, or stops
    /// what others rely on.
    Running,
    /// Makes something start again by itself later (a unit enabled, linked or wanted by a
    /// target, an agent loaded or bootstrapped, a timer or job submitted), or changes what
    /// does (disabled, masked, the default target).
    Persist,
    /// Changes what every later process of the session or system gets (the manager's
    /// environment, resource limits, its configuration, a unit's properties).
    Settings,
}

/// What a program does to the host beyond the files, services and network exchanges the
/// other effects name (see [`Effect::Host`]), declared per program in one catalogue table
/// (`command::catalog::host`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum HostAct {
    /// Changes the host's security controls or their record: the firewall, the mandatory
    /// access policy, the code-signing gate, the trusted certificate authorities, the audit
    /// rules, the journal, the screen lock and desktop settings, the network configuration.
    Security,
    /// Changes the host's users, groups, passwords or who may act as whom.
    Accounts,
    /// Changes the machine's power or memory state (a runlevel, swap, sleep settings).
    Power,
    /// Observes what is not the agent's: another process (its system calls, its memory),
    /// the person's screen, clipboard or terminal, the network's traffic.
    Observe,
    /// Types into another terminal session or window: code run where the floor does not
    /// see it, as the person.
    Inject,
    /// Exposes a debugger or another control interface of a process to the network.
    Expose,
}

impl HostAct {
    /// The category the reason line shows for it.
    pub fn category(self) -> &'static str {
        match self {
            HostAct::Security => "host-security",
            HostAct::Accounts => "accounts",
            HostAct::Power => "system",
            HostAct::Observe => "observation",
            HostAct::Inject => "injection",
            HostAct::Expose => "exposure",
        }
    }

    /// What it does, in words for a reason line.
    pub fn describe(self) -> &'static str {
        match self {
            HostAct::Security => "changes the host's security controls",
            HostAct::Accounts => "changes the host's users, groups or passwords",
            HostAct::Power => "changes the machine's power or memory state",
            HostAct::Observe => {
                "observes another process, the person's screen, clipboard or terminal, or network traffic"
            }
            HostAct::Inject => "types into another terminal session or window",
            HostAct::Expose => "exposes a debugger or control interface to the network",
        }
    }
}

/// What kind of file an extraction or patch reads its members from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Packed {
    /// A tar archive (plain or gzip-compressed).
    Tar,
    /// A zip archive.
    Zip,
    /// A unified or git diff applied by `git apply`.
    GitPatch,
    /// A diff applied to git's index only (`git apply --cached`): its files are not in the
    /// work tree yet, but land there as written whenever the index or a commit made from
    /// it is checked out (`git stash` then `git stash pop`, a commit switched away from and
    /// back to), so they are judged as the work-tree writes they become.
    GitIndex,
    /// A unified or git diff applied by GNU `patch`.
    Patch,
    /// A directory copied or moved (`cp -R`, `cp -a`, `mv`, rsync between local paths):
    /// every file under it lands under the destination, as an archive's members do.
    Tree,
}

/// One thing a call does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "effect", rename_all = "kebab-case")]
pub enum Effect {
    /// Reads a path.
    Read { path: String, reach: Reach },
    /// Writes a path.
    Write { path: String, how: WriteHow },
    /// Deletes a path.
    Delete { path: String, recursive: bool },
    /// Writes what an archive or a patch holds under a directory (`tar -x`, `unzip`,
    /// `git apply`, `patch`): which paths that is depends on the archive's content, so the
    /// command floor lists its members and judges each as a write (or delete) under
    /// `into`; an archive it cannot list is not understood.
    Unpack {
        /// The archive or patch file (`-`: standard input).
        archive: String,
        /// The directory its member names are placed under.
        into: String,
        format: Packed,
        /// Leading name components dropped (`--strip-components`, `-p`); `None`: `patch`
        /// without `-p` (the base name).
        #[serde(skip_serializing_if = "Option::is_none")]
        strip: Option<u32>,
        /// Members land by their last component only (`unzip -j`).
        flat: bool,
        /// The patch is applied in reverse (`-R`).
        reverse: bool,
    },
    /// Runs code besides the program itself.
    Run { code: Code },
    /// Talks to a host: fetches, or sends what `sends` lists.
    Net {
        #[serde(skip_serializing_if = "Option::is_none")]
        url: Option<String>,
        #[serde(skip_serializing_if = "Option::is_none")]
        host: Option<String>,
        sends: Vec<Carry>,
    },
    /// Reads or changes the state of a remote service.
    Remote {
        service: String,
        action: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        target: Option<String>,
        change: Change,
    },
    /// Changes the local repository.
    Repo {
        op: RepoOp,
        #[serde(skip_serializing_if = "Option::is_none")]
        target: Option<String>,
    },
    /// Prints a secret where the agent reads it.
    Secret { what: String },
    /// Acts with other privileges or as another user.
    Privilege { how: String },
    /// Changes this machine's running services, what starts by itself, or the settings
    /// its later processes get, through a service manager (`systemctl start`, `launchctl
    /// load`, `service x stop`, `systemd-run`, `launchctl setenv`).
    System {
        /// The manager (`systemd`, `launchd`, `sysvinit`).
        manager: String,
        /// What it does, as its subcommand says (`start`, `enable`, `setenv`).
        action: String,
        /// The units, agents, jobs or settings it acts on, blank-separated.
        #[serde(skip_serializing_if = "Option::is_none")]
        target: Option<String>,
        how: SystemChange,
    },
    /// Acts on the host beyond files, services and the network (see [`HostAct`]).
    Host {
        act: HostAct,
        /// The program, as its catalogue row names it.
        program: String,
        /// What it acts on or observes, as written (`0.0.0.0:9229`, `sudo dev`).
        #[serde(skip_serializing_if = "Option::is_none")]
        target: Option<String>,
        /// Words the person would write naming it (the program, its subject): what a need
        /// for their authorisation is grounded by.
        #[serde(skip)]
        named_by: &'static [&'static str],
    },
    /// Something the grammar does not model.
    Unknown { why: String },
}

impl Effect {
    pub fn read(path: impl Into<String>) -> Effect {
        Effect::Read {
            path: path.into(),
            reach: Reach::File,
        }
    }

    pub fn write(path: impl Into<String>, how: WriteHow) -> Effect {
        Effect::Write {
            path: path.into(),
            how,
        }
    }

    pub fn unknown(why: impl Into<String>) -> Effect {
        Effect::Unknown { why: why.into() }
    }

    /// Does this effect leave every state as it was (what plan mode accepts)? A read, a
    /// fetch that sends nothing, a remote call that only reads. A write, a delete, code
    /// run, a change to a repository (a commit, a stash, a branch switch, a fetch into
    /// its refs), a remote change, a secret printed, privilege or anything unknown does not.
    pub fn changes_nothing(&self) -> bool {
        match self {
            Effect::Read { .. } => true,
            Effect::Net { sends, .. } => sends.is_empty(),
            Effect::Remote { change, .. } => *change == Change::Read,
            Effect::Host { act, .. } => *act == HostAct::Observe,
            Effect::Write { .. }
            | Effect::Delete { .. }
            | Effect::Unpack { .. }
            | Effect::Run { .. }
            | Effect::Repo { .. }
            | Effect::Secret { .. }
            | Effect::Privilege { .. }
            | Effect::System { .. }
            | Effect::Unknown { .. } => false,
        }
    }

    /// Is this an effect the floor does not understand?
    pub fn is_unknown(&self) -> bool {
        matches!(self, Effect::Unknown { .. })
    }

    /// Does this effect change anything (locally or remotely)?
    pub fn mutates(&self) -> bool {
        match self {
            Effect::Read { .. } | Effect::Secret { .. } => false,
            Effect::Remote { change, .. } => *change != Change::Read,
            Effect::Net { sends, .. } => !sends.is_empty(),
            Effect::Host { act, .. } => *act != HostAct::Observe,
            Effect::Write { .. }
            | Effect::Delete { .. }
            | Effect::Unpack { .. }
            | Effect::Run { .. }
            | Effect::Repo { .. }
            | Effect::Privilege { .. }
            | Effect::System { .. }
            | Effect::Unknown { .. } => true,
        }
    }

    /// One short phrase for reason lines and `explain` ("reads src/lib.rs").
    pub fn phrase(&self) -> String {
        match self {
            Effect::Read { path, reach } => match reach {
                Reach::File => format!("reads {path}"),
                Reach::Tree => format!("reads everything under {path}"),
                Reach::TreeFollow => format!("reads everything under {path}, following links"),
                Reach::ListOfFiles => format!("reads the files listed in {path}"),
                Reach::Metadata => format!("looks at {path} (its metadata, not its contents)"),
                Reach::FileNoFollow => format!("reads {path} (a link there is not followed)"),
            },
            Effect::Write { path, how } => match how {
                WriteHow::Replace => format!("writes {path}"),
                WriteHow::Append => format!("appends to {path}"),
                WriteHow::Edit => format!("edits {path} in place"),
                WriteHow::Mkdir => format!("creates the directory {path}"),
                WriteHow::Link => format!("creates the link {path}"),
                WriteHow::Metadata => format!("changes the metadata of {path}"),
                WriteHow::MoveInto => format!("moves a file onto {path}"),
                WriteHow::MoveAway => format!("moves {path} elsewhere"),
                WriteHow::Touch => format!("creates {path} if missing or updates its times"),
                WriteHow::Destroy => format!("overwrites {path} past recovery"),
            },
            Effect::Delete { path, recursive } => {
                if *recursive {
                    format!("deletes {path} and everything under it")
                } else {
                    format!("deletes {path}")
                }
            }
            Effect::Unpack {
                archive,
                into,
                format,
                ..
            } => {
                let from = if archive == "-" {
                    "what arrives on its input".to_string()
                } else {
                    archive.clone()
                };
                match format {
                    Packed::Tar | Packed::Zip => format!("extracts {from} into {into}"),
                    Packed::Tree => format!("puts what the directory {from} holds under {into}"),
                    Packed::GitPatch | Packed::Patch => {
                        format!("applies the patch {from} under {into}")
                    }
                    Packed::GitIndex => format!(
                        "stages the patch {from} under {into} (its files reach the work tree when checked out)"
                    ),
                }
            }
            Effect::Run { code } => match code {
                Code::File { path } => format!("runs the file {path}"),
                Code::Inline { lang, .. } => format!("runs inline {lang} code"),
                Code::Network { url: Some(u) } => format!("runs code fetched from {u}"),
                Code::Network { url: None } => "runs code fetched from the network".into(),
                Code::Project { runner, .. } => format!("runs the project's code through {runner}"),
                Code::Hidden { what } => format!("runs {what}, which the floor cannot see"),
                Code::Output { word: from } => format!("runs code a command prints ({from})"),
                Code::Carried { program, text, .. } => {
                    format!("may run `{text}`, handed to {program} in an argument")
                }
                Code::Pinned { manager } => {
                    format!("installs the packages the project pins through {manager}")
                }
            },
            Effect::Net { url, host, sends } => {
                let to = url
                    .as_deref()
                    .or(host.as_deref())
                    .unwrap_or("a host computed at run time");
                if sends.is_empty() {
                    format!("fetches {to}")
                } else {
                    let what: Vec<String> = sends
                        .iter()
                        .map(|c| match c {
                            Carry::File { path } => path.clone(),
                            Carry::Env { name } => format!("${name}"),
                            Carry::Substitution => "a command's output".into(),
                            Carry::Stdin => "its input".into(),
                            Carry::Literal { .. } => "data".into(),
                        })
                        .collect();
                    format!("sends {} to {to}", what.join(", "))
                }
            }
            Effect::Remote {
                service,
                action,
                target,
                ..
            } => match target {
                Some(t) => format!("{service} {action} {t}"),
                None => format!("{service} {action}"),
            },
            Effect::Repo { op, target } => {
                let what = match op {
                    RepoOp::Stage => "stages changes",
                    RepoOp::Commit => "records a commit",
                    RepoOp::Stash => "stashes changes",
                    RepoOp::Switch => "switches branch",
                    RepoOp::Integrate => "brings in commits",
                    RepoOp::CreateRef => "creates a branch or tag",
                    RepoOp::Rewrite => "rewrites history or discards work",
                    RepoOp::DeleteRef => "deletes a ref",
                    RepoOp::Configure => "changes repository configuration",
                };
                match target {
                    Some(t) => format!("{what} ({t})"),
                    None => what.to_string(),
                }
            }
            Effect::Secret { what } => format!("prints {what}"),
            Effect::Privilege { how } => format!("runs {how}"),
            Effect::System {
                manager,
                action,
                target,
                ..
            } => match target {
                Some(t) => format!("{manager} {action} {t}"),
                None => format!("{manager} {action}"),
            },
            Effect::Host {
                act,
                program,
                target,
                ..
            } => match target {
                Some(t) => format!("{program} {} ({t})", act.describe()),
                None => format!("{program} {}", act.describe()),
            },
            Effect::Unknown { why } => why.clone(),
        }
    }
}
