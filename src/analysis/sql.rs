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

#[cfg(test)]
mod tests {
    use super::*;

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
