//! What SQL words say, shared by every place the floor reads SQL: a database client's
//! query (`psql -c`, `sqlite3 db "…"`, in `command::catalog::database`) and an MCP tool's
//! SQL value (`policy::engine::mcp`). One list, so the two cannot disagree on what writes.

/// Keywords (lower case) that write, change the session or reach outside the database:
/// a statement holding any of them is not a plain read. `ANALYZE` is not here: after
/// `EXPLAIN` it only measures a query, and each reader decides where it stands.
pub const WRITE_WORDS: &[&str] = &[
    "insert",
    "update",
    "delete",
    "drop",
    "create",
    "alter",
    "truncate",
    "grant",
    "revoke",
    "merge",
    "copy",
    "into",
    "call",
    "do",
    "exec",
    "execute",
    "lock",
    "vacuum",
    "attach",
    "detach",
    "load",
    "set",
    "reset",
    "refresh",
    "reindex",
    "cluster",
    "comment",
    "security",
    "notify",
    "prepare",
    "deallocate",
    "import",
    "export",
    "install",
    "upsert",
    "replace",
    "rename",
    "outfile",
    "dumpfile",
    "unload",
    "checkpoint",
    "kill",
    "shutdown",
    "flush",
    "purge",
    "handler",
    "begin",
    "commit",
    "rollback",
    "savepoint",
    "pragma",
    "use",
    "discard",
    "reassign",
    "optimize",
    "repair",
    "uninstall",
    "restore",
    "backup",
    "release",
    "listen",
];

/// Is `word` (any case) one of [`WRITE_WORDS`]?
pub fn writes(word: &str) -> bool {
    WRITE_WORDS.iter().any(|w| w.eq_ignore_ascii_case(word))
}

/// Catalog tables and views whose rows are credentials (lower case; `schema.table` for
/// MySQL's): PostgreSQL's `pg_authid` and `pg_shadow` (`rolpassword`/`passwd`: the SCRAM
/// or MD5 verifier, enough to log in to other servers with the same verifier or to crack
/// offline) and `pg_user_mappings`/`pg_user_mapping` (`umoptions`, foreign servers'
/// user and password); MySQL's `mysql.user` (`authentication_string`); SQL Server's
/// `sys.sql_logins` (`password_hash`) (PostgreSQL 16 and MySQL 8 system catalog
/// documentation; SQL Server's catalog views reference).
pub const SECRET_TABLES: &[&str] = &[
    "pg_authid",
    "pg_shadow",
    "pg_user_mappings",
    "pg_user_mapping",
    "mysql.user",
    "sys.sql_logins",
];

/// The [`SECRET_TABLES`] entry a query names, if any.
pub fn secret_table(sql: &str) -> Option<&'static str> {
    let lower = sql.to_ascii_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '.'))
        .map(|w| w.trim_matches('.'))
        .filter(|w| !w.is_empty())
        .collect();
    SECRET_TABLES.iter().copied().find(|t| {
        words
            .iter()
            .any(|w| w == t || w.rsplit('.').next() == Some(t) && !t.contains('.'))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secret_tables() {
        assert_eq!(secret_table("select * from pg_shadow"), Some("pg_shadow"));
        assert_eq!(
            secret_table("SELECT rolpassword FROM pg_catalog.pg_authid"),
            Some("pg_authid")
        );
        assert_eq!(
            secret_table("select user, authentication_string from mysql.user"),
            Some("mysql.user")
        );
        assert_eq!(secret_table("select * from users"), None);
        assert_eq!(secret_table("select * from pg_stat_activity"), None);
        assert_eq!(secret_table("select user from accounts"), None);
    }

    #[test]
    fn write_words_are_lower_case_and_distinct() {
        for (i, w) in WRITE_WORDS.iter().enumerate() {
            assert_eq!(*w, w.to_ascii_lowercase());
            assert!(!WRITE_WORDS[..i].contains(w), "{w} twice");
        }
        assert!(writes("DROP") && writes("insert") && writes("OutFile"));
        assert!(!writes("select") && !writes("from") && !writes("analyze"));
    }
}
