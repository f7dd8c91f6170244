//! GitHub's `gh`: `gh GROUP VERB`. Reads are listed (`pr view`, `issue list`, `run
//! watch`, …); a verb that writes (`create`, `merge`, `delete`, `comment`, …) is soft
//! (publish-like, or deletion); `gh api` is a read only as a GET with no body (`-f` and
//! friends turn a request into a POST unless `-X GET` says otherwise) and, for GraphQL, a
//! query with no `mutation`. Anything opening a browser or writing local files is not
//! catalogued. The target of a command is `REPO/GROUP[/ITEM]` (`-R owner/repo`, else `.`
//! for the repository of the working directory): `cli/cli/pr/123`, `./release/v1.2`.

use super::table::{
    asks_help, has_flag, lookup, option_value, positionals, read, target, Entry, Said, Svc,
};
use crate::analysis::command::core::Cmd;
use crate::analysis::effects::Change;

const VALUE_OPTS: &[&str] = &[
    "-R",
    "--repo",
    "--hostname",
    "-L",
    "--limit",
    "--json",
    "-q",
    "--jq",
    "-t",
    "--template",
    "-S",
    "--search",
    "-s",
    "--state",
    "-l",
    "--label",
    "-A",
    "--author",
    "-a",
    "--assignee",
    "-B",
    "--base",
    "-H",
    "--head",
    "-m",
    "--milestone",
    "-b",
    "--branch",
    "--ref",
    "-r",
    "-j",
    "--job",
    "-n",
    "--name",
    "-D",
    "--dir",
    "-p",
    "--pattern",
    "-e",
    "--exclude",
    "--owner",
    "--org",
    "-o",
    "--sort",
    "--order",
    "--status",
    "--created",
    "--workflow",
    "--commit",
    "-c",
    "--language",
    "--topic",
    "--id",
    "-X",
    "--method",
    "-f",
    "-F",
    "--field",
    "--raw-field",
    "--input",
    "--header",
    "--cache",
    "--preview",
];

const READS: &[Entry] = &[
    read(&["pr", "view"], "shows a pull request"),
    read(&["pr", "list"], "lists pull requests"),
    read(&["pr", "status"], "shows pull request status"),
    read(&["pr", "diff"], "prints a pull request's diff"),
    read(&["pr", "checks"], "shows CI checks"),
    read(&["issue", "view"], "shows an issue"),
    read(&["issue", "list"], "lists issues"),
    read(&["issue", "status"], "shows issue status"),
    read(&["repo", "view"], "shows a repository"),
    read(&["repo", "list"], "lists repositories"),
    read(&["release", "view"], "shows a release"),
    read(&["release", "list"], "lists releases"),
    read(&["release", "verify"], "verifies a release"),
    read(&["release", "verify-asset"], "verifies a release asset"),
    read(&["run", "list"], "lists workflow runs"),
    read(&["run", "view"], "shows a workflow run"),
    read(&["run", "watch"], "follows a workflow run"),
    read(&["workflow", "list"], "lists workflows"),
    read(&["workflow", "view"], "shows a workflow"),
    read(&["cache", "list"], "lists Actions caches"),
    read(&["gist", "list"], "lists gists"),
    read(&["gist", "view"], "shows a gist"),
    read(&["label", "list"], "lists labels"),
    read(&["search"], "searches GitHub"),
    read(&["status"], "shows your notifications and assignments"),
    read(&["auth", "status"], "shows the login state (tokens masked)"),
    read(&["config", "get"], "prints a setting"),
    read(&["config", "list"], "prints settings"),
    read(&["alias", "list"], "lists aliases"),
    read(&["extension", "list"], "lists extensions"),
    read(&["extension", "search"], "searches extensions"),
    read(&["gpg-key", "list"], "lists GPG keys"),
    read(&["ssh-key", "list"], "lists SSH keys"),
    read(&["secret", "list"], "lists secret names"),
    read(&["variable", "list"], "lists variables"),
    read(&["variable", "get"], "prints a variable"),
    read(&["org", "list"], "lists organisations"),
    read(&["project", "list"], "lists projects"),
    read(&["project", "view"], "shows a project"),
    read(&["project", "field-list"], "lists project fields"),
    read(&["project", "item-list"], "lists project items"),
    read(&["ruleset", "list"], "lists rulesets"),
    read(&["ruleset", "view"], "shows a ruleset"),
    read(&["ruleset", "check"], "shows the rules for a branch"),
    read(&["codespace", "list"], "lists codespaces"),
    read(&["codespace", "view"], "shows a codespace"),
    read(&["codespace", "logs"], "prints codespace logs"),
    read(&["cs", "list"], "lists codespaces"),
    read(&["cs", "view"], "shows a codespace"),
    read(&["attestation", "verify"], "verifies an attestation"),
    read(&["attestation", "trusted-root"], "prints the trusted root"),
    read(&["version"], "prints its version"),
];

/// Verbs that change something on GitHub (or locally for the account).
const WRITES: &[&str] = &[
    "create",
    "merge",
    "close",
    "reopen",
    "edit",
    "comment",
    "review",
    "ready",
    "lock",
    "unlock",
    "transfer",
    "pin",
    "unpin",
    "develop",
    "archive",
    "unarchive",
    "rename",
    "fork",
    "sync",
    "upload",
    "set",
    "cancel",
    "rerun",
    "run",
    "enable",
    "disable",
    "add",
    "import",
    "login",
    "logout",
    "refresh",
    "setup-git",
    "copy",
    "link",
    "unlink",
    "item-add",
    "item-create",
    "item-edit",
    "item-archive",
    "field-create",
    "mark-template",
    "install",
    "upgrade",
    "exec",
    "ssh",
    "code",
    "cp",
    "stop",
    "jupyter",
    "ports",
    "deploy-key",
    "clone",
    "checkout",
    "revert",
    "update-branch",
];

const DELETES: &[&str] = &[
    "delete",
    "delete-asset",
    "remove",
    "rm",
    "field-delete",
    "item-delete",
];

pub(super) fn gh(cmd: &Cmd) -> Said {
    let args = cmd.args();
    let mut pos = positionals(args, VALUE_OPTS);
    // In `gh config` and `gh auth`, `-h` is `--host HOST`, not help.
    let host_opts = matches!(pos.first(), Some(&("config" | "auth")));
    if host_opts {
        let opts: Vec<&str> = VALUE_OPTS.iter().copied().chain(["-h", "--host"]).collect();
        pos = positionals(args, &opts);
    }
    let help = if host_opts {
        args.iter().any(|a| a == "--help")
    } else {
        asks_help(args)
    };
    if help {
        return Said::read("gh prints help");
    }
    let group = pos.first().copied().unwrap_or("");
    let verb = pos.get(1).copied().unwrap_or("");
    let repo = option_value(args, &["-R", "--repo"]).unwrap_or(".");
    let tgt = target([
        Some(repo),
        Some(group).filter(|g| !g.is_empty()),
        pos.get(2).copied(),
    ]);
    let remote = |change: Change, category: &'static str, reason: String| {
        Said::remote(
            "github",
            format!("{group} {verb}"),
            tgt.clone(),
            change,
            category,
            reason,
        )
    };
    if group == "api" {
        return api(args, &pos);
    }
    if group == "auth"
        && (verb == "token"
            || (verb == "status" && (has_flag(args, "-t") || has_flag(args, "--show-token"))))
    {
        return Said::secret(
            "the GitHub token",
            format!(
                "gh auth {verb} prints the GitHub token where the agent reads it; gh's own commands (gh api, gh pr …) and git's credential helper use it without printing it"
            ),
        );
    }
    // `gh config get KEY -h HOST` reads hosts.yml too: `oauth_token` is the login itself
    // when no keyring holds it. `gh auth git-credential get` answers git's credential
    // protocol with `password=TOKEN`. (gh 2.x manual: `gh config get`, `gh auth
    // git-credential`, which gh's own `setup-git` installs as git's helper.)
    if group == "config"
        && verb == "get"
        && pos.get(2).is_some_and(|k| {
            crate::analysis::effects::secret_name(k.rsplit('.').next().unwrap_or(k))
        })
    {
        let k = pos.get(2).copied().unwrap_or("");
        return Said::secret(
            "the GitHub token",
            format!(
                "gh config get {k} prints the GitHub token where the agent reads it; gh's own commands use it without printing it"
            ),
        );
    }
    if group == "auth" && verb == "git-credential" {
        return Said::secret(
            "the GitHub token",
            "gh auth git-credential prints the GitHub token (git's credential protocol) where the agent reads it; git runs it itself on fetch and push",
        );
    }
    if group == "browse" {
        return if has_flag(args, "--no-browser") || has_flag(args, "-n") {
            Said::read("gh browse --no-browser prints a URL")
        } else {
            Said::unknown("gh browse opens a browser")
        };
    }
    if DELETES.contains(&verb) {
        return remote(
            Change::Destroy,
            "deletion",
            format!("gh {group} {verb} deletes on GitHub"),
        );
    }
    if group == "repo" && matches!(verb, "archive" | "edit" | "rename") {
        return remote(
            Change::Modify,
            "publish",
            format!("gh repo {verb} changes a repository"),
        );
    }
    if WRITES.contains(&verb) {
        let change = match verb {
            // A release ships what it tags (assets, notes) to everyone who can see it.
            "create" if group == "release" => Change::Publish,
            "create" | "fork" | "comment" | "review" | "develop" | "item-create"
            | "field-create" | "clone" => Change::Create,
            "merge" | "upload" | "sync" => Change::Publish,
            "login" | "logout" | "refresh" | "setup-git" | "deploy-key" => Change::Permission,
            _ => Change::Modify,
        };
        return remote(
            change,
            "publish",
            format!("gh {group} {verb} changes state on GitHub"),
        );
    }
    if has_flag(args, "--web") || has_flag(args, "-w") {
        return Said::unknown(format!("gh {group} {verb} --web opens a browser"));
    }
    match lookup(READS, &pos) {
        Some(e) => super::table::apply(
            &Svc {
                prog: "gh",
                service: "github",
                target: tgt.clone(),
            },
            e,
            args,
        ),
        None => Said::unknown(format!("gh {group} {verb} is not in the gh catalogue")),
    }
}

/// `gh api`: GET without a body reads; a method, body fields or an input file write.
/// `-F key=@file` reads a local file and sends it, whatever the method: a read path.
fn api(args: &[String], pos: &[&str]) -> Said {
    let graphql = pos.get(1) == Some(&"graphql");
    let endpoint = pos.get(1).copied();
    let mut reads = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let v = match a.as_str() {
            "-F" | "--field" => it.next().map(String::as_str),
            _ => a
                .strip_prefix("--field=")
                .or_else(|| a.strip_prefix("-F").filter(|v| !v.is_empty())),
        };
        if let Some(path) = v.and_then(|v| v.split_once("=@")).map(|(_, p)| p) {
            if path == "-" || graphql {
                return Said::unknown(
                    "gh api -F key=@… sends a file or stdin gatehook cannot read",
                );
            }
            reads.push(path.to_string());
        }
    }
    let method = option_value(args, &["-X", "--method"]).map(str::to_ascii_uppercase);
    let fields = ["-f", "-F", "--field", "--raw-field"].iter().any(|f| {
        has_flag(args, f)
            || (!f.starts_with("--") && args.iter().any(|a| a.starts_with(f) && a.len() > 2))
    });
    let input = has_flag(args, "--input");
    let body = args.join(" ").to_ascii_lowercase();
    let tgt = endpoint.map(|e| e.trim_start_matches('/').to_string());
    let api = |m: &str, change: Change, category: &'static str, reason: &str| {
        Said::remote(
            "github",
            format!("api {m}"),
            tgt.clone(),
            change,
            category,
            reason,
        )
    };
    let said = match method.as_deref() {
        Some("GET" | "HEAD") if !input => {
            api("GET", Change::Read, "", "gh api GET reads from the API")
        }
        Some("DELETE") => api(
            "DELETE",
            Change::Destroy,
            "deletion",
            "gh api -X DELETE deletes on GitHub",
        ),
        Some(m) => api(
            m,
            Change::Modify,
            "publish",
            &format!("gh api -X {m} changes state on GitHub"),
        ),
        None if graphql && (body.contains("mutation") || input) => api(
            "POST",
            Change::Modify,
            "publish",
            "gh api graphql runs a mutation",
        ),
        None if graphql => api("POST", Change::Read, "", "gh api graphql runs a query"),
        None if input => api(
            "POST",
            Change::Modify,
            "publish",
            "gh api --input sends a request body (a POST)",
        ),
        None if fields => api(
            "POST",
            Change::Modify,
            "publish",
            "gh api with fields sends a POST",
        ),
        None => api("GET", Change::Read, "", "gh api GET reads from the API"),
    };
    said.with_reads(reads)
}
