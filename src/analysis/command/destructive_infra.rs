//! The destructive floor, part three: data and infrastructure. Database clients and the
//! statements that drop data, container and cloud teardown, and publish or deploy commands.
//! The tiers themselves are in `destructive`.

use super::core::Cmd;
use super::tier::{hit, Hit, Tier};

/// Database clients and the statements that destroy data.
pub(super) const DB_CLIENTS: &[&str] = &[
    "psql",
    "mysql",
    "mariadb",
    "sqlite3",
    "redis-cli",
    "mongo",
    "mongosh",
    "cqlsh",
    "clickhouse-client",
    "clickhouse",
    "sqlcmd",
    "duckdb",
    "cockroach",
];
const DB_DESTROY: &[&str] = &[
    "DROP ",
    "TRUNCATE",
    "DELETE FROM",
    "FLUSHALL",
    "FLUSHDB",
    "DROPDATABASE",
    ".DROP(",
    "DELETEMANY",
    "ALTER TABLE",
    "UNLINK ",
];

/// Publish-like actions: `(program, subcommand)`. (kubectl, helm, docker, terraform and
/// the cloud CLIs are in `catalog`.)
pub(super) const PUBLISH: &[(&str, &str)] = &[
    ("npm", "publish"),
    ("npm", "unpublish"),
    // A registry's other shared state: who owns a package, who may install it, which
    // version `latest` names, what installers are told (npm 10's `access`, `owner`,
    // `dist-tag`, `deprecate`; cargo's `owner`; RubyGems' `owner` and `yank`).
    ("npm", "access"),
    ("npm", "owner"),
    ("npm", "dist-tag"),
    ("npm", "deprecate"),
    ("npm", "undeprecate"),
    ("pnpm", "dist-tag"),
    ("pnpm", "deprecate"),
    ("cargo", "owner"),
    ("gem", "owner"),
    ("gem", "yank"),
    ("pnpm", "publish"),
    ("yarn", "publish"),
    ("cargo", "publish"),
    ("cargo", "yank"),
    ("twine", "upload"),
    ("gem", "push"),
    ("fly", "deploy"),
    ("flyctl", "deploy"),
    ("netlify", "deploy"),
    ("firebase", "deploy"),
    ("wrangler", "deploy"),
    ("wrangler", "publish"),
    ("serverless", "deploy"),
    ("sls", "deploy"),
    ("vercel", "deploy"),
    ("railway", "up"),
    ("heroku", "releases:rollback"),
    ("pulumi", "destroy"),
    ("pulumi", "up"),
];

pub(super) fn db(cmd: &Cmd) -> Option<Hit> {
    let mut text: String = cmd.args().join(" ");
    if let Some(s) = &cmd.sc.stdin_text {
        text.push(' ');
        text.push_str(s);
    }
    let upper = text.to_uppercase().replace(['\n', '\t'], " ");
    let prog = cmd.program();
    if let Some(s) = DB_DESTROY.iter().find(|s| upper.contains(*s)) {
        return hit(
            Tier::Soft,
            "database",
            format!("{prog} runs {} which destroys data", s.trim()),
        );
    }
    if prog == "redis-cli"
        && cmd
            .args()
            .iter()
            .any(|a| matches!(a.to_uppercase().as_str(), "DEL" | "FLUSHALL" | "FLUSHDB"))
    {
        return hit(Tier::Soft, "database", "redis-cli deletes keys");
    }
    None
}

pub(super) fn container(pos: &[(String, bool)]) -> Option<Hit> {
    let w: Vec<&str> = pos.iter().map(|(p, _)| p.as_str()).collect();
    let destroy = matches!(
        w.as_slice(),
        ["system", "prune", ..]
            | ["rm", ..]
            | ["rmi", ..]
            | ["volume", "rm" | "prune", ..]
            | ["container", "prune" | "rm", ..]
            | ["image", "prune" | "rm", ..]
            | ["network", "prune" | "rm", ..]
            | ["builder", "prune", ..]
            | ["compose", "down", ..]
    );
    if destroy {
        return hit(
            Tier::Soft,
            "container",
            format!(
                "docker {} removes containers, images or volumes",
                w.join(" ")
            ),
        );
    }
    if w.first() == Some(&"push") {
        return hit(Tier::Soft, "publish", "docker push publishes an image");
    }
    None
}

pub(super) fn cloud(prog: &str, pos: &[(String, bool)]) -> Option<Hit> {
    for (p, _) in pos.iter().take(4) {
        if p.starts_with("delete")
            || p.starts_with("terminate")
            || p.starts_with("remove")
            || p == "rb"
            || (prog == "aws" && p == "rm")
            || p == "destroy"
        {
            return hit(
                Tier::Soft,
                "cloud",
                format!("{prog} {p} deletes cloud resources"),
            );
        }
    }
    None
}
