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

/// Catalog tables and views whose rows are credentials (lower case, found under any
/// schema; `schema.table` only where the table's own name is common: MySQL's
/// `mysql.user`), each checked against its
/// database's reference:
/// - PostgreSQL (16): `pg_authid` and `pg_shadow` (`rolpassword`/`passwd`: the SCRAM or
///   MD5 verifier, enough to log in to other servers with the same verifier or to crack
///   offline); `pg_user_mappings`/`pg_user_mapping` (`umoptions`, foreign servers' user
///   and password); `pg_subscription` (`subconninfo`, the upstream connection string,
///   revoked from normal users "because it could contain plain-text passwords").
/// - MySQL (8.0): `mysql.user` (`authentication_string`); `mysql.slave_master_info`
///   (the replica's connection to its source, its `User_password` stored there when the
///   source info repository is a table).
/// - SQL Server: `sys.sql_logins` (`password_hash`, the salted SHA-512 of each login's
///   password).
/// - Oracle: `sys.user$` (`PASSWORD` and `SPARE4`, the password verifiers). Not
///   `dba_users`: its `PASSWORD` column is deprecated and empty since 11g (Oracle
///   Database Reference, `DBA_USERS`).
pub const SECRET_TABLES: &[&str] = &[
    "pg_authid",
    "pg_shadow",
    "pg_user_mappings",
    "pg_user_mapping",
    "pg_subscription",
    "mysql.user",
    "slave_master_info",
    "sql_logins",
    "user$",
];

/// Views whose rows are the statement text of other sessions, with the column that holds
/// it (PostgreSQL's `pg_stat_activity.query`, "text of this backend's most recent
/// query"): a statement that set a password (`ALTER ROLE … PASSWORD '…'`) shows it. A
/// read that names neither that column nor every column (`*`) reads no statement text
/// (`SELECT pid, state FROM pg_stat_activity`, `count(*)`).
pub const STATEMENT_VIEWS: &[(&str, &str)] = &[("pg_stat_activity", "query")];

/// Identifiers of a statement, lower case, with quoting (`"x"`, `` `x` ``, `[x]`) and
/// blanks around a qualifying dot removed (`` `mysql` . `user` `` → `mysql.user`);
/// `*` kept as its own word, and `(*` as one, so `count(*)` is told from a star select.
fn identifiers(sql: &str) -> Vec<String> {
    let lower = sql.to_ascii_lowercase();
    let mut s = String::with_capacity(lower.len());
    for c in lower.chars() {
        if !matches!(c, '"' | '`' | '[' | ']') {
            s.push(c);
        }
    }
    // Join `a . b` into `a.b`.
    let mut joined = String::with_capacity(s.len());
    let chars: Vec<char> = s.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            let mut j = i;
            while j < chars.len() && chars[j].is_whitespace() {
                j += 1;
            }
            if chars.get(j) == Some(&'.') || joined.ends_with('.') {
                i = j;
                continue;
            }
        }
        if c == '.' {
            joined.push('.');
            i += 1;
            while i < chars.len() && chars[i].is_whitespace() {
                i += 1;
            }
            continue;
        }
        joined.push(c);
        i += 1;
    }
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut prev = ' ';
    for c in joined.chars() {
        if c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '$') {
            cur.push(c);
        } else {
            if !cur.is_empty() {
                out.push(std::mem::take(&mut cur).trim_matches('.').to_string());
            }
            if c == '*' {
                out.push(if prev == '(' { "(*" } else { "*" }.to_string());
            }
        }
        if !c.is_whitespace() {
            prev = c;
        }
    }
    if !cur.is_empty() {
        out.push(cur.trim_matches('.').to_string());
    }
    out.retain(|w| !w.is_empty());
    out
}

/// What the rows of a catalog [`secret_table`] names are, for reason lines.
pub fn secret_rows(table: &str) -> &'static str {
    match table {
        "pg_user_mappings" | "pg_user_mapping" => "foreign servers' user names and passwords",
        "pg_subscription" => "upstream connection strings, with their passwords",
        "slave_master_info" => "the replica's connection to its source, with its password",
        _ if STATEMENT_VIEWS.iter().any(|(v, _)| *v == table) => {
            "other sessions' statement text, where a password a statement sets stands in clear"
        }
        _ => "login credentials (password verifiers)",
    }
}

/// The credential catalog a query reads, if any: a [`SECRET_TABLES`] entry it names
/// (`pg_catalog.pg_authid` is `pg_authid`), or a [`STATEMENT_VIEWS`] view read with its
/// statement column or every column.
pub fn secret_table(sql: &str) -> Option<&'static str> {
    let words = identifiers(sql);
    let names = |t: &str| {
        words
            .iter()
            .any(|w| w == t || (!t.contains('.') && w.rsplit('.').next() == Some(t)))
    };
    if let Some(t) = SECRET_TABLES.iter().copied().find(|t| names(t)) {
        return Some(t);
    }
    STATEMENT_VIEWS.iter().find_map(|(view, column)| {
        let reads_text = words
            .iter()
            .any(|w| w == "*" || w.ends_with(".*") || w.rsplit('.').next() == Some(column));
        (names(view) && reads_text).then_some(*view)
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
        assert_eq!(secret_table("select user from accounts"), None);
        // Quoting and blanks around the dot do not hide a qualified name.
        assert_eq!(
            secret_table("SELECT * FROM `mysql` . `user`"),
            Some("mysql.user")
        );
        assert_eq!(
            secret_table(r#"select * from "pg_catalog"."pg_authid""#),
            Some("pg_authid")
        );
        assert_eq!(
            secret_table("select subconninfo from pg_subscription"),
            Some("pg_subscription")
        );
        assert_eq!(
            secret_table("SELECT name, spare4 FROM sys.user$"),
            Some("user$")
        );
        assert_eq!(secret_table("select * from mysql.db"), None);
        assert_eq!(secret_table("select username from dba_users"), None);
        // Other sessions' statement text: with its column or every column.
        for q in [
            "SELECT query FROM pg_stat_activity",
            "select pid, a.query from pg_stat_activity a",
            "select * from pg_catalog.pg_stat_activity",
            "select a.* from pg_stat_activity a",
        ] {
            assert_eq!(secret_table(q), Some("pg_stat_activity"), "{q}");
        }
        for q in [
            "select count(*) from pg_stat_activity",
            "SELECT pid, state, query_start FROM pg_stat_activity WHERE state <> 'idle'",
            "select query from app_queries",
        ] {
            assert_eq!(secret_table(q), None, "{q}");
        }
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
