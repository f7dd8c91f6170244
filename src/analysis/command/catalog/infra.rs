//! Infrastructure as code: `terraform`/`tofu`, `packer`, `cdk`. They act on the
//! configuration in their working directory, so reads need a cwd inside the workspace.
//! `cdk synth`/`diff`/`list` run the project's app code and are not catalogued as reads.
//! The target of a command is its stack: the configuration directory (`-chdir`, else the
//! working directory), with `-target` addresses after it.
//!
//! `terraform output -json`/`-raw`, `show -json` and `state pull` print sensitive values in
//! plain text (the plain `output` and `show` print `<sensitive>`): secrets printed. So does
//! `terraform console` fed `nonsensitive(…)`: it evaluates the expressions on its standard
//! input over the state, printing a sensitive value as `(sensitive value)` unless
//! `nonsensitive` unwraps it (Terraform v1.x manual: `terraform console`, the
//! `nonsensitive` function). Its input is judged where it is seen: a heredoc or
//! here-string here, the literal text of the command piped into it in
//! `catalog::console_fed`. The console calls any Terraform function, and the filesystem
//! ones read the path they are given (`file`, `filebase64`, the `file*sha*` digests,
//! `fileexists`, `fileset`, `templatefile`; checked with Terraform v1.11.4's console here):
//! a literal path, or `pathexpand` of one, is a read the path floor judges (relative to
//! `-chdir`); a path computed by an expression, or a provider's function, is not
//! understood. Input it does not see (a file, a program's output, an expansion) may read
//! any file: code the floor cannot see, asked about.
//!
//! What lies outside the workspace: `-chdir=DIR` (a global option, before the subcommand)
//! makes DIR the working directory, so every subcommand but `version` loads DIR's
//! configuration, its `.terraform` directory and the provider plugins it names (plan,
//! validate, graph, `providers schema`, `show` and `state` through its backend and
//! schemas, `init` installs them, `test` runs them): a DIR outside the workspace runs code
//! the floor has not seen, asked about. So do `init -plugin-dir=DIR` outside the
//! workspace (providers taken from DIR), `init -from-module=SRC` (copies a module into the
//! working directory, then initialises it) and `test -test-directory=DIR` outside it.
//! `providers mirror DIR` downloads the configuration's providers into DIR: a write of
//! DIR the path floor judges. Checked against the Terraform CLI docs (v1.x: the CLI
//! overview's `-chdir`, `init`, `providers mirror`, `test`; search tool).

use super::table::{
    also_runs, asks_help, by_table, change_with, destroy, grant, modify, outside_workspace,
    publish, read, read_unless, target, Entry, Said, Svc,
};
use crate::analysis::command::core::{Cmd, JudgeCtx};
use crate::analysis::effects::{Change, Effect, WriteHow};

/// Single-dash options that take the next word (`-var 'a=b'`).
const TF_VALUE_OPTS: &[&str] = &[
    "-var",
    "-target",
    "-var-file",
    "-state",
    "-out",
    "-chdir",
    "-plugin-dir",
    "-from-module",
    "-test-directory",
];

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
        Change::Publish,
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
    let words = super::table::positionals(args, TF_VALUE_OPTS);
    // `fmt` rewrites files unless it only checks.
    if words.first() == Some(&"fmt") && !super::table::has_flag(args, "-check") {
        return Said::unknown("terraform fmt without -check rewrites files");
    }
    // Sensitive values in plain text: `output -json|-raw`, `show -json`, `state pull`
    // (`output` and `show` alone print `<sensitive>` in their place).
    let json = super::table::has_flag(args, "-json") || super::table::has_flag(args, "--json");
    let raw = super::table::has_flag(args, "-raw") || super::table::has_flag(args, "--raw");
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
    if words.first() == Some(&"console") {
        let prog = cmd.program();
        let chdir = super::table::option_value(args, &["-chdir"]);
        let reads = super::table::option_files(args, &["-var-file", "--var-file", "-state"]);
        return match (&cmd.sc.stdin_text, cmd.sc.piped_stdin) {
            (Some(text), false) if cmd.sc.stdin_known => console_input(prog, text, chdir)
                .with_cwd()
                .with_reads(reads),
            // A pipe's text is judged in `catalog::console_fed`; no input is nothing run.
            (None, true) => Said::unknown(format!(
                "{prog} console evaluates expressions from input gatehook does not see"
            )),
            _ if super::table::stdin_sent(cmd).is_none() => Said::unknown(format!(
                "{prog} console evaluates expressions from input gatehook does not see"
            )),
            // Terraform's functions read any file (`file`, `templatefile`, …): input no
            // one sees may print any of them.
            _ => Said::read(format!(
                "{prog} console evaluates expressions from input gatehook does not see"
            ))
            .and(Effect::Run {
                code: crate::analysis::effects::Code::Hidden {
                    what: format!(
                        "the {prog} console expressions on its input, which may read any file"
                    ),
                },
            }),
        };
    }
    if let Some(why) = prints {
        let prog = cmd.program();
        return Said::secret(
            format!("the sensitive values of the {prog} state"),
            format!(
                "{prog} {why} where the agent reads it; `{prog} output` and `{prog} show` print <sensitive> in their place"
            ),
        );
    }
    let dir = super::table::option_value(args, &["-chdir"]).unwrap_or(".");
    let targets: Vec<&str> = option_values(args, "-target");
    let stack = target(std::iter::once(Some(dir)).chain(targets.iter().map(|t| Some(*t))));
    let svc = Svc {
        prog: cmd.program(),
        service: "terraform",
        target: stack,
    };
    let reads = super::table::option_files(args, &["-var-file", "--var-file", "-state"]);
    by_table(cmd, &svc, TERRAFORM, TF_VALUE_OPTS)
        .with_reads(reads)
        .with_cwd()
}

/// `terraform`/`tofu` with the directories its options name (see the module docs).
pub(super) fn with_context(cmd: &Cmd, ctx: &JudgeCtx) -> Said {
    let prog = cmd.program();
    let args = cmd.args();
    let mut base = terraform(cmd);
    if asks_help(args) {
        return base;
    }
    let words = super::table::positionals(args, TF_VALUE_OPTS);
    let opt = |n: &str| super::table::option_value(args, &[n]);
    let chdir = opt("-chdir");
    // `providers mirror DIR`: the providers land in DIR.
    if let ["providers", "mirror", rest @ ..] = words.as_slice() {
        base = match rest {
            [dir] => Said::read(format!(
                "{prog} providers mirror downloads the configuration's providers into {dir}"
            ))
            .and(Effect::write(*dir, WriteHow::Edit))
            .with_cwd(),
            _ => Said::unknown(format!("{prog} providers mirror takes one directory")),
        };
    }
    let outside = |raw: &str| outside_workspace(raw, cmd, ctx);
    // Terraform changes into `-chdir` before it reads its other options' paths.
    let placed_outside = |raw: &str| match chdir {
        Some(d) if !raw.starts_with(['/', '~']) => outside(&format!("{d}/{raw}")),
        _ => outside(raw),
    };
    let dir_outside = |name: &str| {
        option_values(args, name)
            .into_iter()
            .find(|d| placed_outside(d))
    };
    let why = match words.first().copied() {
        _ if chdir.is_some_and(outside) && words.first() != Some(&"version") => Some(format!(
            "{prog} -chdir={} runs the configuration and provider plugins of a directory outside the workspace",
            chdir.unwrap_or("")
        )),
        Some("init") if opt("-from-module").is_some() => Some(format!(
            "{prog} init -from-module={} copies that module into the working directory and runs its providers",
            opt("-from-module").unwrap_or("")
        )),
        Some("init") if dir_outside("-plugin-dir").is_some() => Some(format!(
            "{prog} init -plugin-dir={} installs provider plugins from outside the workspace",
            dir_outside("-plugin-dir").unwrap_or("")
        )),
        Some("test") if dir_outside("-test-directory").is_some() => Some(format!(
            "{prog} test -test-directory={} runs tests from outside the workspace",
            dir_outside("-test-directory").unwrap_or("")
        )),
        _ => None,
    };
    match why {
        Some(why) => also_runs(base, "runs-code", why),
        None => base,
    }
}

/// `terraform console` given `text` on its standard input: a secret printed when the text
/// unwraps a sensitive value (`nonsensitive(…)`), else a read of the state that prints
/// sensitive values as `(sensitive value)` (what `terraform show` prints).
pub(super) fn console_input(prog: &str, text: &str, chdir: Option<&str>) -> Said {
    if text.to_ascii_lowercase().contains("nonsensitive") {
        return Said::secret(
            format!("the sensitive values of the {prog} state"),
            format!(
                "{prog} console given nonsensitive(…) prints a sensitive value in plain text where the agent reads it; without it the console prints (sensitive value)"
            ),
        );
    }
    let mut said = Said::read(format!(
        "{prog} console evaluates expressions over the state; sensitive values print as (sensitive value)"
    ));
    for call in console_file_calls(text) {
        match call {
            Ok((func, path)) => {
                // Relative paths are the configuration directory's (`-chdir`).
                let placed = match chdir {
                    Some(d) if !path.starts_with(['/', '~']) => format!("{d}/{path}"),
                    _ => path,
                };
                said.reason = format!("{prog} console prints what {func}(…) reads from {placed}");
                said = said.and(Effect::read(placed));
            }
            Err(why) => said = said.and(Effect::unknown(why)),
        }
    }
    said
}

/// Terraform's functions that read the file or directory their first argument names
/// (Terraform v1.11 function list, `terraform console` run here: `file`, `fileset`, …);
/// `pathexpand` and `abspath` only compute a path.
const TF_FILE_FUNCS: &[&str] = &[
    "file",
    "filebase64",
    "filebase64sha256",
    "filebase64sha512",
    "filemd5",
    "filesha1",
    "filesha256",
    "filesha512",
    "fileexists",
    "fileset",
    "templatefile",
];

/// Each file-reading call in console input: the function and the path it reads (a string
/// literal, or `pathexpand("~/…")` of one), or why the path is not known before it runs.
/// A provider-defined function (`provider::NAME::FUNC`) runs the provider's code.
fn console_file_calls(text: &str) -> Vec<Result<(String, String), String>> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if !(c.is_ascii_alphabetic() || c == b'_') || (i > 0 && is_ident(bytes[i - 1])) {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && (is_ident(bytes[i]) || bytes[i] == b':') {
            i += 1;
        }
        let name = &text[start..i];
        let rest = text[i..].trim_start();
        if !rest.starts_with('(') {
            continue;
        }
        if name.starts_with("provider::") {
            out.push(Err(format!(
                "the console calls {name}, a function of a provider's code"
            )));
            continue;
        }
        let lower = name.to_ascii_lowercase();
        if !TF_FILE_FUNCS.contains(&lower.as_str()) {
            continue;
        }
        let arg = rest[1..].trim_start();
        let path = string_literal(arg).or_else(|| {
            let inner = arg
                .strip_prefix("pathexpand")?
                .trim_start()
                .strip_prefix('(')?;
            string_literal(inner.trim_start())
        });
        out.push(match path {
            Some(p) if !p.contains("${") && !p.contains("%{") => Ok((lower, p)),
            _ => Err(format!(
                "the console's {name}(…) reads a file named by an expression"
            )),
        });
    }
    out
}

fn is_ident(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'-'
}

/// The text of the HCL string literal `s` starts with (`"a/b"`), when it holds no escape
/// but `\\` and `\"`.
fn string_literal(s: &str) -> Option<String> {
    let body = s.strip_prefix('"')?;
    let mut out = String::new();
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        match c {
            '"' => return Some(out),
            '\\' => match chars.next()? {
                c @ ('"' | '\\') => out.push(c),
                _ => return None,
            },
            c => out.push(c),
        }
    }
    None
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
    let words = super::table::positionals(args, &["-var"]);
    if words.first() == Some(&"fmt") {
        return if super::table::has_flag(args, "-check") {
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
    publish(
        &["bootstrap"],
        "infrastructure",
        "deploys the toolkit stack into an account",
    ),
    destroy(&["gc"], "infrastructure", "deletes unused assets"),
    publish(
        &["import"],
        "infrastructure",
        "deploys a stack that adopts existing resources",
    ),
];

pub(super) fn cdk(cmd: &Cmd) -> Said {
    if asks_help(cmd.args()) {
        return Said::read("cdk prints help");
    }
    let opts = ["--app", "-a", "--profile", "--output", "-o"];
    let words = super::table::positionals(cmd.args(), &opts);
    let svc = Svc {
        prog: "cdk",
        service: "cloudformation",
        target: target([
            super::table::option_value(cmd.args(), &["--profile"]),
            words.get(1).copied().or(Some(".")),
        ]),
    };
    by_table(cmd, &svc, CDK, &opts).with_cwd()
}
