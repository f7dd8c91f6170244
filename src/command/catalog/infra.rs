//! Infrastructure as code: `terraform`/`tofu`, `packer`, `cdk`. They act on the
//! configuration in their working directory, so reads need a cwd inside the workspace.
//! `cdk synth`/`diff`/`list` run the project's app code and are not catalogued as reads.

use super::{asks_help, by_table, read, read_unless, soft, soft_with, Entry, Said};
use crate::command::Cmd;

/// Single-dash options that take the next word (`-var 'a=b'`).
const TF_VALUE_OPTS: &[&str] = &["-var", "-target", "-var-file", "-state", "-out", "-chdir"];

const TF_AUTO: &[&str] = &["-auto-approve", "--auto-approve"];

const TERRAFORM: &[Entry] = &[
    read_unless(
        &["plan"],
        &["-out"],
        "computes a plan without changing anything (with -out it writes a plan file)",
    ),
    read(&["show"], "prints state or a plan"),
    read(&["validate"], "checks the configuration"),
    read_unless(
        &["fmt"],
        &["-write"],
        "checks formatting (rewrites files unless -check)",
    ),
    read(&["version"], "prints versions"),
    read(&["output"], "prints outputs"),
    read(&["state", "list"], "lists resources in the state"),
    read(&["state", "show"], "shows a resource in the state"),
    read(&["providers"], "lists providers"),
    read(&["graph"], "prints the dependency graph"),
    read(&["modules"], "lists modules"),
    read(&["metadata"], "prints metadata"),
    read(&["workspace", "list"], "lists workspaces"),
    read(&["workspace", "show"], "prints the workspace"),
    soft(
        &["destroy"],
        "infrastructure",
        "destroys every managed resource",
    ),
    soft_with(
        &["apply"],
        "infrastructure",
        TF_AUTO,
        "applies changes without asking",
    ),
    soft(
        &["state", "rm"],
        "infrastructure",
        "forgets resources (they leak or get recreated)",
    ),
    soft(
        &["state", "mv"],
        "infrastructure",
        "moves resources in the state",
    ),
    soft(
        &["state", "push"],
        "infrastructure",
        "overwrites the remote state",
    ),
    soft(
        &["state", "replace-provider"],
        "infrastructure",
        "rewrites the state",
    ),
    soft(
        &["import"],
        "infrastructure",
        "adopts existing resources into the state",
    ),
    soft(
        &["taint"],
        "infrastructure",
        "marks a resource for replacement",
    ),
    soft(&["untaint"], "infrastructure", "changes the state"),
    soft(&["force-unlock"], "infrastructure", "breaks the state lock"),
    soft(&["refresh"], "infrastructure", "rewrites the state"),
    soft(
        &["workspace", "delete"],
        "infrastructure",
        "deletes a workspace and its state",
    ),
    soft(&["login"], "credentials", "stores an API token"),
    soft(&["logout"], "credentials", "removes an API token"),
];

pub(super) fn terraform(cmd: &Cmd) -> Said {
    let args = cmd.args();
    if asks_help(args) {
        return Said::read(format!("{} prints help", cmd.program()));
    }
    let words = super::positionals(args, TF_VALUE_OPTS);
    // `fmt` rewrites files unless it only checks.
    if words.first() == Some(&"fmt") && !super::has_flag(args, "-check") {
        return Said::unknown("terraform fmt without -check rewrites files");
    }
    // Sensitive values in plain text: `output -json|-raw`, `show -json`, `state pull`
    // (`output` and `show` alone print `<sensitive>` in their place).
    let json = super::has_flag(args, "-json") || super::has_flag(args, "--json");
    let raw = super::has_flag(args, "-raw") || super::has_flag(args, "--raw");
    let prints = match (words.first().copied(), words.get(1).copied()) {
        (Some("output"), _) if json || raw => {
            Some("output -json/-raw prints sensitive outputs in plain text")
        }
        (Some("show"), _) if json => {
            Some("show -json prints the state's sensitive values in plain text")
        }
        (Some("state"), Some("pull")) => {
            Some("state pull prints the whole state, secrets included")
        }
        _ => None,
    };
    if let Some(why) = prints {
        return Said::secret(format!(
            "{} {why} where the agent reads it; `{} output` and `{} show` print <sensitive> in their place",
            cmd.program(),
            cmd.program(),
            cmd.program()
        ));
    }
    let reads = super::option_files(args, &["-var-file", "--var-file", "-state"]);
    by_table(cmd, TERRAFORM, TF_VALUE_OPTS)
        .with_reads(reads)
        .with_cwd()
}

const PACKER: &[Entry] = &[
    read(&["validate"], "checks a template"),
    read(&["inspect"], "describes a template"),
    read(&["version"], "prints its version"),
    read(&["plugins", "required"], "lists required plugins"),
    read(&["plugins", "installed"], "lists installed plugins"),
    soft(
        &["build"],
        "publish",
        "builds machine images in a cloud account",
    ),
    soft(&["plugins", "remove"], "install", "removes plugins"),
];

pub(super) fn packer(cmd: &Cmd) -> Said {
    let args = cmd.args();
    if asks_help(args) {
        return Said::read("packer prints help");
    }
    let words = super::positionals(args, &["-var"]);
    if words.first() == Some(&"fmt") {
        return if super::has_flag(args, "-check") {
            Said::read("packer fmt -check checks formatting").with_cwd()
        } else {
            Said::unknown("packer fmt without -check rewrites files")
        };
    }
    by_table(cmd, PACKER, &["-var"]).with_cwd()
}

const CDK: &[Entry] = &[
    read(&["docs"], "prints the documentation URL"),
    read(&["doctor"], "checks the setup"),
    read_unless(
        &["context"],
        &["--reset", "--clear"],
        "prints cached context",
    ),
    soft(&["deploy"], "publish", "deploys stacks"),
    soft(&["destroy"], "infrastructure", "destroys stacks"),
    soft(
        &["bootstrap"],
        "infrastructure",
        "creates resources in an account",
    ),
    soft(&["gc"], "infrastructure", "deletes unused assets"),
    soft(&["import"], "infrastructure", "adopts existing resources"),
];

pub(super) fn cdk(cmd: &Cmd) -> Said {
    if asks_help(cmd.args()) {
        return Said::read("cdk prints help");
    }
    by_table(cmd, CDK, &["--app", "-a", "--profile", "--output", "-o"]).with_cwd()
}
