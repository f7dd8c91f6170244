//! Infrastructure as code: `terraform`/`tofu`, `packer`, `cdk`. They act on the
//! configuration in their working directory, so reads need a cwd inside the workspace.
//! `cdk synth`/`diff`/`list` run the project's app code and are not catalogued as reads.
//! The target of a command is its stack: the configuration directory (`-chdir`, else the
//! working directory), with `-target` addresses after it.
//!
//! `terraform output -json`/`-raw` print outputs marked sensitive in plain text (the
//! documented behaviour; the plain listing shows `<sensitive>`): when the local state says
//! a printed output is sensitive that is a secret printed; when no local state says, it is
//! not understood.

use super::{
    asks_help, by_table, change_with, create, destroy, grant, modify, publish, read, read_unless,
    target, Entry, Said, Svc,
};
use crate::command::Cmd;
use crate::effects::Change;

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
    destroy(
        &["destroy"],
        "infrastructure",
        "destroys every managed resource",
    ),
    change_with(
        &["apply"],
        Change::Modify,
        "infrastructure",
        TF_AUTO,
        "applies changes without asking",
    ),
    destroy(
        &["state", "rm"],
        "infrastructure",
        "forgets resources (they leak or get recreated)",
    ),
    modify(
        &["state", "mv"],
        "infrastructure",
        "moves resources in the state",
    ),
    modify(
        &["state", "push"],
        "infrastructure",
        "overwrites the remote state",
    ),
    modify(
        &["state", "replace-provider"],
        "infrastructure",
        "rewrites the state",
    ),
    modify(
        &["import"],
        "infrastructure",
        "adopts existing resources into the state",
    ),
    modify(
        &["taint"],
        "infrastructure",
        "marks a resource for replacement",
    ),
    modify(&["untaint"], "infrastructure", "changes the state"),
    modify(&["force-unlock"], "infrastructure", "breaks the state lock"),
    modify(&["refresh"], "infrastructure", "rewrites the state"),
    destroy(
        &["workspace", "delete"],
        "infrastructure",
        "deletes a workspace and its state",
    ),
    grant(&["login"], "credentials", "stores an API token"),
    grant(&["logout"], "credentials", "removes an API token"),
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
    let dir = super::option_value(args, &["-chdir"]).unwrap_or(".");
    let targets: Vec<&str> = option_values(args, "-target");
    let stack = target(std::iter::once(Some(dir)).chain(targets.iter().map(|t| Some(*t))));
    let svc = Svc {
        prog: cmd.program(),
        service: "terraform",
        target: stack,
    };
    let reads = super::option_files(args, &["-var-file", "--var-file", "-state"]);
    if words.first() == Some(&"output")
        && (super::has_flag(args, "-json") || super::has_flag(args, "-raw"))
    {
        return output(cmd, &words, args).with_reads(reads).with_cwd();
    }
    by_table(cmd, &svc, TERRAFORM, TF_VALUE_OPTS)
        .with_reads(reads)
        .with_cwd()
}

/// Every value of a single-dash option (`-target=a -target b`).
fn option_values<'a>(args: &'a [String], name: &str) -> Vec<&'a str> {
    let mut out = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == name {
            if let Some(v) = it.next() {
                out.push(v.as_str());
            }
        } else if let Some(v) = a.strip_prefix(name).and_then(|r| r.strip_prefix('=')) {
            out.push(v);
        }
    }
    out
}

/// `terraform output -json|-raw [NAME]`: sensitive outputs print in plain text.
fn output(cmd: &Cmd, words: &[&str], args: &[String]) -> Said {
    let name = words.get(1).copied();
    let state = super::option_value(args, &["-state"]).unwrap_or("terraform.tfstate");
    let dir = super::option_value(args, &["-chdir"]).unwrap_or(".");
    let path = cmd
        .cwd
        .dir()
        .map(|d| d.join(dir).join(state))
        .filter(|_| !std::path::Path::new(state).is_absolute())
        .unwrap_or_else(|| std::path::PathBuf::from(state));
    let what = name.map_or("every output".to_string(), |n| format!("the output {n}"));
    match sensitive_outputs(&path, name) {
        Some(none) if none.is_empty() => Said::remote(
            "terraform",
            "output",
            target([Some(dir), name]),
            Change::Read,
            "",
            format!("terraform output prints {what}, which the local state does not mark sensitive"),
        ),
        Some(sensitive) => Said::secret(
            format!("the sensitive terraform outputs {}", sensitive.join(", ")),
            format!(
                "terraform output -json/-raw prints sensitive outputs in plain text ({})",
                sensitive.join(", ")
            ),
        ),
        None => Said::unknown(format!(
            "terraform output -json/-raw prints {what} in plain text even when it is sensitive, and no local state says whether it is"
        )),
    }
}

/// The names of sensitive outputs among those printed (`name`, or all), from a local
/// state file; `None` when the state cannot be read (remote backends, no state). Bounded:
/// a state file over 16 MiB is not read.
fn sensitive_outputs(path: &std::path::Path, name: Option<&str>) -> Option<Vec<String>> {
    let meta = std::fs::metadata(path).ok()?;
    if !meta.is_file() || meta.len() > 16 << 20 {
        return None;
    }
    let text = std::fs::read_to_string(path).ok()?;
    let v: serde_json::Value = serde_json::from_str(&text).ok()?;
    let outputs = v.get("outputs")?.as_object()?;
    let mut out = Vec::new();
    for (k, o) in outputs {
        if name.is_some_and(|n| n != k) {
            continue;
        }
        if o.get("sensitive").and_then(|s| s.as_bool()) == Some(true) {
            out.push(k.clone());
        }
    }
    if let Some(n) = name {
        if !outputs.contains_key(n) {
            return None;
        }
    }
    Some(out)
}

const PACKER: &[Entry] = &[
    read(&["validate"], "checks a template"),
    read(&["inspect"], "describes a template"),
    read(&["version"], "prints its version"),
    read(&["plugins", "required"], "lists required plugins"),
    read(&["plugins", "installed"], "lists installed plugins"),
    publish(
        &["build"],
        "publish",
        "builds machine images in a cloud account",
    ),
    destroy(&["plugins", "remove"], "install", "removes plugins"),
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
    let svc = Svc {
        prog: "packer",
        service: "packer",
        target: target([words.get(1).copied().or(Some("."))]),
    };
    by_table(cmd, &svc, PACKER, &["-var"]).with_cwd()
}

const CDK: &[Entry] = &[
    read(&["docs"], "prints the documentation URL"),
    read(&["doctor"], "checks the setup"),
    read_unless(
        &["context"],
        &["--reset", "--clear"],
        "prints cached context",
    ),
    publish(&["deploy"], "publish", "deploys stacks"),
    destroy(&["destroy"], "infrastructure", "destroys stacks"),
    create(
        &["bootstrap"],
        "infrastructure",
        "creates resources in an account",
    ),
    destroy(&["gc"], "infrastructure", "deletes unused assets"),
    create(&["import"], "infrastructure", "adopts existing resources"),
];

pub(super) fn cdk(cmd: &Cmd) -> Said {
    if asks_help(cmd.args()) {
        return Said::read("cdk prints help");
    }
    let opts = ["--app", "-a", "--profile", "--output", "-o"];
    let words = super::positionals(cmd.args(), &opts);
    let svc = Svc {
        prog: "cdk",
        service: "cloudformation",
        target: target([
            super::option_value(cmd.args(), &["--profile"]),
            words.get(1).copied().or(Some(".")),
        ]),
    };
    by_table(cmd, &svc, CDK, &opts).with_cwd()
}
