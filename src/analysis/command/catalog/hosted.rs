//! The read-only forms of hosting CLIs that otherwise change remote state, modelled as
//! `gh`'s reads are (`github`): GitLab's `glab`, Fly.io's `fly`/`flyctl` and the Heroku
//! CLI. A listed subcommand path reads the service with the person's credentials
//! (`Remote{change: Read}`); one that prints a secret is a secret; a browser flag and
//! every subcommand not listed (create, merge, deploy, scale, restart, destroy, …) is not
//! understood, left to the reviewer's reading of unknown commands as before. A configuration file named by an option is a local read.
//!
//! Checked against: glab's command reference (gitlab-org/cli `docs/source`: `mr list|view|
//! diff`, `issue list|view`, `ci list|status|get|trace`, `repo view`, `release list|view`,
//! `label list`, `auth status [-t|--show-token]`; `ci status` offers to retry the pipeline
//! only at a terminal prompt, which a tool call does not have); flyctl's reference
//! (fly.io/docs/flyctl: `status`, `logs`, `apps list`, `machine list|status`, `releases`,
//! `ips list`, `volumes list`, `secrets list` (names and digests only), `auth whoami`,
//! `version`; `-a/--app`, `-c/--config PATH`, global `-t/--access-token`); the Heroku CLI's
//! command reference (devcenter.heroku.com "Heroku CLI Commands": `logs`, `ps`, `apps`,
//! `apps:info`/`info`, `releases`, `addons`, `domains`, `status`; `config` and
//! `config:get` print the app's configuration variables).

use super::table::{
    asks_help, has_flag, lookup, option_value, positionals, read, target, Entry, Said, Svc,
};
use crate::analysis::command::core::Cmd;

const GLAB_VALUES: &[&str] = &[
    "-R",
    "--repo",
    "-b",
    "--branch",
    "-P",
    "--per-page",
    "-p",
    "--page",
    "-a",
    "--assignee",
    "-A",
    "--author",
    "-l",
    "--label",
    "-m",
    "--milestone",
    "-s",
    "--source-branch",
    "-t",
    "--target-branch",
    "-F",
    "--output-format",
    "-O",
    "--output",
    "--search",
    "--hostname",
    "--status",
    "--orderBy",
    "--sort",
];

const GLAB_READS: &[Entry] = &[
    read(&["mr", "list"], "lists merge requests"),
    read(&["mr", "view"], "shows a merge request"),
    read(&["mr", "diff"], "prints a merge request's diff"),
    read(&["issue", "list"], "lists issues"),
    read(&["issue", "view"], "shows an issue"),
    read(&["ci", "list"], "lists pipelines"),
    read(&["ci", "status"], "shows the pipeline of a branch"),
    read(&["ci", "get"], "shows a pipeline"),
    read(&["ci", "trace"], "follows a CI job's log"),
    read(&["repo", "view"], "shows a project"),
    read(&["release", "list"], "lists releases"),
    read(&["release", "view"], "shows a release"),
    read(&["label", "list"], "lists labels"),
    read(&["auth", "status"], "shows the login state (tokens masked)"),
    read(&["version"], "prints its version"),
];

/// `glab GROUP VERB …`: the reads above; `auth status -t` prints the token.
pub(super) fn glab(cmd: &Cmd) -> Said {
    let args = cmd.args();
    if asks_help(args) {
        return Said::read("glab prints help");
    }
    let pos = positionals(args, GLAB_VALUES);
    if pos.first() == Some(&"auth")
        && pos.get(1) == Some(&"status")
        && (has_flag(args, "-t") || has_flag(args, "--show-token"))
    {
        return Said::secret(
            "the GitLab token",
            "glab auth status --show-token prints the GitLab token where the agent reads it",
        );
    }
    if has_flag(args, "--web") || has_flag(args, "-w") {
        return Said::unknown("glab --web opens a browser");
    }
    let repo = option_value(args, &["-R", "--repo"]).unwrap_or(".");
    let tgt = target([Some(repo), pos.first().copied(), pos.get(2).copied()]);
    read_of("glab", "gitlab", tgt, GLAB_READS, &pos, args)
}

const FLY_VALUES: &[&str] = &[
    "-a",
    "--app",
    "-c",
    "--config",
    "-t",
    "--access-token",
    "-i",
    "--machine",
    "-r",
    "--region",
    "-o",
    "--org",
];

const FLY_READS: &[Entry] = &[
    read(&["status"], "shows an app's status"),
    read(&["logs"], "prints an app's logs"),
    read(&["apps", "list"], "lists apps"),
    read(&["app", "list"], "lists apps"),
    read(&["machine", "list"], "lists an app's machines"),
    read(&["machines", "list"], "lists an app's machines"),
    read(&["m", "list"], "lists an app's machines"),
    read(&["machine", "status"], "shows a machine"),
    read(&["machines", "status"], "shows a machine"),
    read(&["releases"], "lists an app's releases"),
    read(&["ips", "list"], "lists an app's IP addresses"),
    read(&["volumes", "list"], "lists an app's volumes"),
    read(&["secrets", "list"], "lists secret names and digests"),
    read(&["auth", "whoami"], "shows the logged-in user"),
    read(&["version"], "prints its version"),
];

/// `fly SUBCOMMAND …` (also `flyctl`): the reads above. `auth token` prints the token;
/// `-c/--config` names the app configuration it reads.
pub(super) fn fly(cmd: &Cmd) -> Said {
    let args = cmd.args();
    let prog = cmd.program().rsplit('/').next().unwrap_or("fly");
    if asks_help(args) {
        return Said::read(format!("{prog} prints help"));
    }
    let pos = positionals(args, FLY_VALUES);
    if pos.first() == Some(&"auth") && pos.get(1) == Some(&"token") {
        return Said::secret(
            "the Fly.io token",
            format!("{prog} auth token prints the Fly.io token where the agent reads it"),
        );
    }
    let app = option_value(args, &["-a", "--app"]).unwrap_or(".");
    let said = read_of(prog, "fly.io", Some(app.to_string()), FLY_READS, &pos, args);
    match option_value(args, &["-c", "--config"]) {
        Some(c) => said.with_reads(vec![c.to_string()]),
        None => said,
    }
}

const HEROKU_VALUES: &[&str] = &[
    "-a", "--app", "-r", "--remote", "-n", "--num", "-d", "--dyno", "--source", "--space", "--team",
];

const HEROKU_READS: &[Entry] = &[
    read(&["logs"], "prints an app's logs"),
    read(&["ps"], "lists an app's dynos"),
    read(&["apps"], "lists apps"),
    read(&["apps:info"], "shows an app"),
    read(&["info"], "shows an app"),
    read(&["releases"], "lists an app's releases"),
    read(&["addons"], "lists an app's add-ons"),
    read(&["domains"], "lists an app's domains"),
    read(&["status"], "shows Heroku's platform status"),
    read(&["version"], "prints its version"),
];

/// `heroku COMMAND …`: the reads above; `config` and `config:get` print the app's
/// configuration variables, which hold its secrets.
pub(super) fn heroku(cmd: &Cmd) -> Said {
    let args = cmd.args();
    if asks_help(args) {
        return Said::read("heroku prints help");
    }
    let pos = positionals(args, HEROKU_VALUES);
    if matches!(pos.first(), Some(&("config" | "config:get" | "auth:token"))) {
        return Said::secret(
            "the app's configuration variables or token",
            "heroku config prints the app's configuration variables (its secrets) where the agent reads them",
        );
    }
    let app = option_value(args, &["-a", "--app"]).unwrap_or(".");
    // Exactly one command word: the listed reads take no further operand.
    if pos.len() > 1 {
        return not_listed("heroku", &pos);
    }
    read_of(
        "heroku",
        "heroku",
        Some(app.to_string()),
        HEROKU_READS,
        &pos,
        args,
    )
}

/// A listed read of `entries`, else not understood.
fn read_of(
    prog: &str,
    service: &'static str,
    tgt: Option<String>,
    entries: &[Entry],
    pos: &[&str],
    args: &[String],
) -> Said {
    match lookup(entries, pos) {
        Some(e) => super::table::apply(
            &Svc {
                prog,
                service,
                target: tgt,
            },
            e,
            args,
        ),
        None => not_listed(prog, pos),
    }
}

/// A subcommand no table lists: not understood (what it changes, deploys or destroys is
/// the reviewer's to ground, as for any unknown command: `review::unknown` reads its
/// resource and action).
fn not_listed(prog: &str, pos: &[&str]) -> Said {
    let path = pos.iter().take(2).copied().collect::<Vec<_>>().join(" ");
    Said::unknown(format!("{prog} {path} is not in the {prog} catalogue"))
}
