//! Database clients: `psql`, `mysql`/`mariadb`, `sqlite3`, `duckdb`, `sqlcmd`. A client is
//! routine only when it runs SQL gatehook can read (from `-c`/`-e`/`-cmd`/a positional
//! statement/a heredoc or `echo … |`) and that SQL is one read-only statement: `SELECT`,
//! `SHOW`, `EXPLAIN` (its `ANALYZE` runs the statement, which must itself read), `DESCRIBE`,
//! `WITH … SELECT`, or a listing meta-command (`\d`, `.tables`). No SQL (an interactive
//! session, `-f FILE`), several statements, a write keyword anywhere (`INTO`, `COPY`, …) or
//! a function with side effects (`pg_terminate_backend`, `lo_export`, …) is not routine;
//! SQL that writes is soft.
//!
//! Effects: `Remote{service: the engine, action: the statement's first words, target:
//! the database, change}` — a read, a change, or a destroy for `DROP`/`TRUNCATE`/`DELETE`;
//! the database is `HOST/DB` from `-h`/`-d` (or the URI, or `mysql`'s `-D`), and for
//! `sqlite3`/`duckdb` the database file, which is also a local path read (and written when
//! the SQL writes). A maintenance statement (`VACUUM`, `ANALYZE`, …) is a change only
//! alone: followed by another statement, the SQL is not understood, and what a change does
//! to data is read from the whole SQL. sqlite's `VACUUM INTO 'file'` writes that file.
//!
//! psql reads every script the same way (`-c`, a heredoc, a here-string): its meta-commands
//! are read wherever they stand ([`psql_meta`]), so `select … \g |sh` is a shell command
//! run and `\g FILE` a file written, not a read-only statement. A server that is not this
//! machine (a dotted name or an address, by `-h`, a `host=` word or a URI) is a send
//! (`Effect::Net`) of the SQL and the stored password the client answers with.

use super::table::{asks_help, has_flag, option_value, positionals, Said};
use crate::analysis::command::core::Cmd;
use crate::analysis::effects::{Carry, Change, Code, Effect, WriteHow};

/// Function names (or prefixes) with side effects, or that read files on the server.
const SIDE_EFFECT_FUNCS: &[&str] = &[
    "PG_TERMINATE",
    "PG_CANCEL",
    "PG_RELOAD",
    "PG_ROTATE",
    "PG_SWITCH",
    "PG_CREATE",
    "PG_DROP",
    "PG_PROMOTE",
    "PG_START",
    "PG_STOP",
    "PG_BACKUP",
    "PG_READ",
    "PG_LS",
    "PG_FILE",
    "PG_LOGICAL",
    "PG_REPLICATION",
    "PG_ADVISORY",
    "PG_NOTIFY",
    "PG_SLEEP",
    "LO_",
    "SET_CONFIG",
    "NEXTVAL",
    "SETVAL",
    "DBLINK",
    "LOAD_FILE",
    "SYS_",
    "XP_",
    "SP_",
    "READ_",
    "WRITE",
    "READFILE",
    "WRITEFILE",
    "LOAD_EXTENSION",
    "EDIT",
    "HTTP",
    "QUERY_TABLE",
    "SLEEP",
    "BENCHMARK",
    "GET_LOCK",
    "RELEASE_LOCK",
    "TXID",
    "CURRVAL",
    "LASTVAL",
];

/// Statements that only read, by their first keyword.
const READ_STARTS: &[&str] = &[
    "SELECT", "SHOW", "EXPLAIN", "DESCRIBE", "DESC", "WITH", "VALUES",
];

/// Strip `--` and `/* */` comments.
fn strip_comments(sql: &str) -> String {
    let mut out = String::with_capacity(sql.len());
    let mut rest = sql;
    while !rest.is_empty() {
        if let Some(r) = rest.strip_prefix("--") {
            rest = r.find('\n').map(|i| &r[i..]).unwrap_or("");
        } else if let Some(r) = rest.strip_prefix("/*") {
            rest = r.find("*/").map(|i| &r[i + 2..]).unwrap_or("");
        } else {
            let c = rest.chars().next().unwrap_or(' ');
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

/// Why a piece of SQL is not one read-only statement (None: it reads).
pub(crate) fn not_read_only(sql: &str, duckdb: bool) -> Option<String> {
    let sql = strip_comments(sql);
    let trimmed = sql.trim().trim_end_matches(';').trim();
    if trimmed.is_empty() {
        return Some("no SQL statement".into());
    }
    // Meta-commands: psql `\d…`/`\l`, sqlite `.tables`/`.schema`.
    if let Some(meta) = trimmed.strip_prefix('\\') {
        let name: String = meta
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect();
        let ok = (name.starts_with('d') && !name.starts_with("do"))
            || matches!(
                name.as_str(),
                "l" | "list" | "conninfo" | "dn" | "du" | "x" | "timing"
            );
        return (!ok || trimmed.contains(['\n', '|', ';']))
            .then(|| format!("\\{name} is not a listing meta-command"));
    }
    if let Some(meta) = trimmed.strip_prefix('.') {
        let name = meta.split_whitespace().next().unwrap_or("");
        let ok = matches!(
            name,
            "tables" | "schema" | "indexes" | "indices" | "databases" | "dbinfo" | "show" | "help"
        );
        return (!ok || trimmed.contains(['\n', ';']))
            .then(|| format!(".{name} is not a listing meta-command"));
    }
    if trimmed.contains(';') {
        return Some("several statements".into());
    }
    let upper = trimmed.to_ascii_uppercase();
    let words: Vec<&str> = upper
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty())
        .collect();
    let first = words.first().copied().unwrap_or("");
    if !READ_STARTS.contains(&first) {
        return Some(format!("{first} is not a read-only statement"));
    }
    if let Some(w) = words.iter().find(|w| crate::analysis::sql::writes(w)) {
        return Some(format!("{w} writes or changes state"));
    }
    if words.contains(&"ANALYZE") && first != "EXPLAIN" {
        return Some("ANALYZE writes statistics".into());
    }
    if let Some(f) = words
        .iter()
        .find(|w| SIDE_EFFECT_FUNCS.iter().any(|f| w.starts_with(f)))
    {
        return Some(format!("{f} has side effects or reads server files"));
    }
    // DuckDB reads files and URLs named as tables (`FROM '/etc/x.csv'`).
    if duckdb && (trimmed.contains('\'') || trimmed.contains('"')) {
        return Some("duckdb reads a file or URL named in the query".into());
    }
    None
}

/// Is the SQL a write that should be asked about (rather than merely not understood)?
fn writes(sql: &str) -> bool {
    let upper = strip_comments(sql).to_ascii_uppercase();
    upper
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .any(|w| {
            matches!(
                w,
                "INSERT"
                    | "UPDATE"
                    | "DELETE"
                    | "DROP"
                    | "CREATE"
                    | "ALTER"
                    | "TRUNCATE"
                    | "GRANT"
                    | "REVOKE"
                    | "MERGE"
                    | "UPSERT"
                    | "REPLACE"
                    | "RENAME"
            )
        })
}

/// The SQL texts a client is given, or why they cannot be known.
fn sql_texts(cmd: &Cmd) -> Result<Vec<String>, String> {
    let prog = cmd.program();
    let args = cmd.args();
    let mut texts: Vec<String> = Vec::new();
    let (sql_opts, value_opts, file_opts): (&[&str], &[&str], &[&str]) = match prog {
        "psql" => (
            &["-c", "--command"],
            &[
                "-h",
                "--host",
                "-p",
                "--port",
                "-U",
                "--username",
                "-d",
                "--dbname",
                "-P",
                "--pset",
                "-F",
                "-R",
                "-T",
            ],
            &[
                "-f",
                "--file",
                "-o",
                "--output",
                "-L",
                "--log-file",
                "-v",
                "--set",
                "--variable",
            ],
        ),
        "mysql" | "mariadb" => (
            &["-e", "--execute"],
            &[
                "-h",
                "--host",
                "-P",
                "--port",
                "-u",
                "--user",
                "-D",
                "--database",
                "-S",
                "--socket",
            ],
            &[
                "--init-command",
                "--tee",
                "--pager",
                "--defaults-file",
                "--defaults-extra-file",
                "--plugin-dir",
                "--load-data-local-dir",
            ],
        ),
        "sqlite3" => (
            &["-cmd"],
            &[
                "-separator",
                "-newline",
                "-nullvalue",
                "-mmap",
                "-vfs",
                "-lookaside",
                "-pagecache",
            ],
            &["-init"],
        ),
        "duckdb" => (
            &["-c", "-s", "-cmd"],
            &["-separator", "-nullvalue", "-newline"],
            &["-f", "-init"],
        ),
        _ => (&[], &[], &[]),
    };
    if let Some(f) = file_opts.iter().find(|f| has_flag(args, f)) {
        return Err(format!("{prog} {f} reads or writes files or runs programs"));
    }
    let mut positional = Vec::new();
    let mut it = args.iter().peekable();
    while let Some(a) = it.next() {
        if let Some(o) = sql_opts.iter().find(|o| a == *o) {
            let Some(v) = it.next() else {
                return Err(format!("{prog} {o} without SQL"));
            };
            texts.push(v.clone());
        } else if let Some(v) = sql_opts
            .iter()
            .find_map(|o| a.strip_prefix(&format!("{o}=")))
        {
            texts.push(v.to_string());
        } else if value_opts.contains(&a.as_str()) {
            it.next();
        } else if a.starts_with('-') {
            if prog == "mysql" && (a.starts_with("-e") && a.len() > 2) {
                texts.push(a[2..].to_string());
            }
        } else {
            positional.push(a.clone());
        }
    }
    // sqlite3 / duckdb: `DB [SQL…]`.
    if matches!(prog, "sqlite3" | "duckdb") && positional.len() > 1 {
        texts.extend(positional.drain(1..));
    }
    if let Some(s) = &cmd.sc.stdin_text {
        texts.push(s.clone());
    } else if cmd.sc.piped_stdin {
        return Err(format!("{prog} reads SQL from a pipe gatehook cannot see"));
    }
    if texts.is_empty() {
        return Err(format!("{prog} without SQL opens an interactive session"));
    }
    Ok(texts)
}

/// The engine a client talks to.
fn engine(prog: &str) -> &'static str {
    match prog {
        "psql" => "postgres",
        "mysql" | "mariadb" => "mysql",
        "sqlite3" => "sqlite",
        "duckdb" => "duckdb",
        _ => "sqlserver",
    }
}

/// The database a client names (`HOST/DB`, a URI's host and path, a database file).
fn database(prog: &str, args: &[String]) -> Option<String> {
    match prog {
        "sqlite3" | "duckdb" => positionals(
            args,
            &[
                "-cmd",
                "-c",
                "-s",
                "-separator",
                "-nullvalue",
                "-newline",
                "-init",
                "-f",
            ],
        )
        .first()
        .map(|d| d.to_string()),
        _ => {
            let pos = positionals(
                args,
                &[
                    "-h",
                    "--host",
                    "-p",
                    "-P",
                    "--port",
                    "-U",
                    "-u",
                    "--username",
                    "--user",
                    "-d",
                    "--dbname",
                    "-D",
                    "--database",
                    "-c",
                    "--command",
                    "-e",
                    "--execute",
                    "-S",
                ],
            );
            if let Some(uri) = pos
                .iter()
                .chain(option_value(args, &["-d", "--dbname"]).iter())
                .find(|w| w.contains("://"))
            {
                let rest = uri.split_once("://").map(|(_, r)| r).unwrap_or(uri);
                let rest = rest.rsplit_once('@').map(|(_, r)| r).unwrap_or(rest);
                return Some(rest.split('?').next().unwrap_or(rest).to_string());
            }
            let host = option_value(args, &["-h", "--host", "-S"]);
            let db = option_value(args, &["-d", "--dbname", "-D", "--database"])
                .or_else(|| pos.first().copied());
            // Neither named: the client's default, which no one named either.
            if host.is_none() && db.is_none() {
                return None;
            }
            super::table::target([host.or(Some("-")), db])
        }
    }
}

/// The effects of a client running `sql` (`None`: it only reads).
fn ran(prog: &str, args: &[String], sql: Option<&str>, change: Change, reason: String) -> Said {
    // The statement's keyword and the objects it names (`DROP DATABASE production`).
    let keyword = sql
        .map(|s| {
            strip_comments(s)
                .split_whitespace()
                .take(3)
                .enumerate()
                .map(|(i, w)| {
                    let w = w.trim_end_matches(';');
                    if i == 0 {
                        w.to_ascii_uppercase()
                    } else {
                        w.to_string()
                    }
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .filter(|k| !k.is_empty())
        .unwrap_or_else(|| "query".into());
    let db = database(prog, args);
    let mut said = Said::remote(
        engine(prog),
        keyword,
        db.clone(),
        change,
        "database",
        reason,
    );
    if matches!(prog, "sqlite3" | "duckdb") {
        if let Some(file) = db.filter(|d| d != ":memory:" && !d.contains("://")) {
            said = said.and(Effect::read(file.clone()));
            if change != Change::Read {
                said = said.and(Effect::write(file, WriteHow::Edit));
            }
        }
    }
    said
}

/// `DROP`, `TRUNCATE` or `DELETE` anywhere: the change destroys data.
fn write_change(sql: &str) -> Change {
    let upper = strip_comments(sql).to_ascii_uppercase();
    if upper
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .any(|w| matches!(w, "DROP" | "TRUNCATE" | "DELETE"))
    {
        Change::Destroy
    } else {
        Change::Modify
    }
}

pub(super) fn client(cmd: &Cmd) -> Said {
    let prog = cmd.program();
    let args = cmd.args();
    if asks_help(args) || matches!(args, [a] if matches!(a.as_str(), "-V" | "-?" | "-version")) {
        return Said::read(format!("{prog} prints help or its version"));
    }
    if prog == "sqlcmd" {
        let mut said = sqlcmd(args);
        if let Some(h) = sqlcmd_foreign_server(args) {
            said.category = "exfiltration";
            said.effects.push(Effect::Net {
                url: None,
                host: Some(h),
                sends: vec![Carry::Literal {
                    text: "the SQL it runs, and the login it is given (-U/-P, SQLCMDPASSWORD)"
                        .into(),
                }],
            });
        }
        return said;
    }
    if prog == "psql" && (has_flag(args, "-l") || has_flag(args, "--list")) && !has_flag(args, "-c")
    {
        return ran(
            prog,
            args,
            None,
            Change::Read,
            "psql -l lists databases".into(),
        );
    }
    let away = foreign_host(prog, args).map(|h| Effect::Net {
        url: None,
        host: Some(h),
        sends: vec![Carry::Literal {
            text: "the SQL it reads, and the password it finds (PGPASSWORD, ~/.pgpass, ~/.my.cnf)"
                .into(),
        }],
    });
    let mut said = client_sql(cmd, prog, args);
    if let Some(e) = away {
        said.category = "exfiltration";
        said.effects.push(e);
    }
    said
}

/// The host a server client connects to when it is not this machine (`-h`/`--host`, a
/// `host=` conninfo word, a URI's host): what it reads and the stored password it answers
/// a password request with (libpq's `PGPASSWORD` and `~/.pgpass`, psql(1) and the libpq
/// manual "The Password File"; mysql's option files) go there.
fn foreign_host(prog: &str, args: &[String]) -> Option<String> {
    if matches!(prog, "sqlite3" | "duckdb") {
        return None;
    }
    let mut hosts: Vec<String> = option_value(args, &["-h", "--host"])
        .map(str::to_string)
        .into_iter()
        .collect();
    for a in args {
        if let Some((_, rest)) = a.split_once("://") {
            let auth = rest.split(['/', '?']).next().unwrap_or("");
            let hp = auth.rsplit('@').next().unwrap_or("");
            hosts.extend(
                hp.split(',')
                    .map(|h| h.split(':').next().unwrap_or("").to_string()),
            );
        }
        for w in a.split_whitespace() {
            if let Some(h) = w
                .strip_prefix("host=")
                .or_else(|| w.strip_prefix("hostaddr="))
            {
                hosts.extend(h.trim_matches('\'').split(',').map(str::to_string));
            }
        }
    }
    // A single-label name (`db`, `postgres`: a compose service, `/etc/hosts`) is this
    // machine's network, which no one outside can name.
    hosts.into_iter().find(|h| {
        !h.is_empty()
            && !h.starts_with('/')
            && (h.contains('.') || h.contains(':'))
            && !crate::context::floor::is_loopback(h)
    })
}

fn client_sql(cmd: &Cmd, prog: &str, args: &[String]) -> Said {
    let texts = match sql_texts(cmd) {
        Ok(t) => t,
        // SQL the floor cannot read (a session on stdin, a file, a pipe) may change
        // anything in the database: a change that needs it named, not nothing.
        Err(e) => return unrecognised(prog, args, None, e),
    };
    if let Some(t) = texts
        .iter()
        .find_map(|t| crate::analysis::sql::secret_table(t))
    {
        return Said::secret(
            format!("{prog} reads {t}: {}", crate::analysis::sql::secret_rows(t)),
            format!(
                "{prog} selects from {t}: its rows are {}, printed where the agent reads them",
                crate::analysis::sql::secret_rows(t)
            ),
        );
    }
    if texts.len() > 1 {
        if let Some(t) = texts.iter().find(|t| writes(t)) {
            return ran(
                prog,
                args,
                Some(t),
                write_change(&texts.join(";")),
                format!("{prog} runs SQL that writes"),
            )
            .and_effects(server_side(prog, args, &texts.join(";")));
        }
        return unrecognised(
            prog,
            args,
            Some(&texts.join(";\n")),
            format!("{prog} runs several statements"),
        )
        .and_effects(server_side(prog, args, &texts.join(";")));
    }
    if prog == "psql" {
        if let Some(said) = psql_meta(args, &texts) {
            return said;
        }
    }
    let sql = &texts[0];
    let extra = server_side(prog, args, sql);
    match not_read_only(sql, prog == "duckdb") {
        None => ran(
            prog,
            args,
            Some(sql),
            Change::Read,
            format!("{prog} runs one read-only statement"),
        ),
        Some(_) if writes(sql) => ran(
            prog,
            args,
            Some(sql),
            write_change(sql),
            format!("{prog} runs SQL that writes or changes the schema"),
        )
        .and_effects(extra),
        Some(why) => match maintenance(sql) {
            Some(what) => ran(
                prog,
                args,
                Some(sql),
                write_change(sql),
                format!("{prog} runs {what}"),
            )
            .and_effects(extra),
            None => {
                unrecognised(prog, args, Some(sql), format!("{prog}: {why}")).and_effects(extra)
            }
        },
    }
}

/// psql's meta-commands in a script (psql 15, psql(1) "Meta-Commands": a backslash
/// outside quotes starts one anywhere in a line; its arguments run to the end of the line
/// or the next unquoted backslash, `\\` returning to SQL; text in backquotes inside them
/// is run by the shell). Listing commands (`\d…`, `\l`, `\conninfo`, `\x`, `\timing`,
/// `\q`) and `\g`/`\gx` without an argument (the query run, as `;` does) leave the SQL
/// to be judged as before. `\g`, `\gx`, `\o`, `\w` given `|COMMAND` pipe to a shell
/// command, and `\!` runs one: code the floor does not see (what `\g |sh` runs is the
/// query's own output); given a file they write it. `\gexec` runs each result as SQL,
/// `\copy` reads or writes local files or runs a `program`, `\i`/`\ir` run a script
/// file, and the rest (variables, editors, large objects) are not understood. `None`: no
/// meta-command but those that leave the SQL to the statement rules.
fn psql_meta(args: &[String], texts: &[String]) -> Option<Said> {
    let mut effects: Vec<Effect> = Vec::new();
    let mut what: Option<String> = None;
    let mut sql_only = Vec::new();
    for t in texts {
        let (sql, metas) = psql_split(t);
        sql_only.push(sql);
        for (name, arg) in metas {
            let arg = arg.trim();
            if arg.contains('`') {
                effects.push(Effect::Run {
                    code: Code::Hidden {
                        what: format!("the shell command in backquotes of psql's \\{name}"),
                    },
                });
                what.get_or_insert(format!("\\{name} runs a shell command in backquotes"));
                continue;
            }
            let listing = (name.starts_with('d') && !name.starts_with("do"))
                || matches!(
                    name.as_str(),
                    "l" | "list" | "conninfo" | "x" | "timing" | "q" | "quit" | "encoding"
                );
            match name.as_str() {
                _ if listing && !arg.contains('|') => {}
                "g" | "gx" | "o" | "out" if arg.is_empty() => {}
                "g" | "gx" | "o" | "out" | "w" | "write" | "!" | "shell" => {
                    if let Some(c) = arg
                        .strip_prefix('|')
                        .or((name == "!" || name == "shell").then_some(arg))
                    {
                        effects.push(Effect::Run {
                            code: Code::Hidden {
                                what: format!(
                                    "the shell command `{}` psql's \\{name} runs",
                                    c.trim()
                                ),
                            },
                        });
                        what.get_or_insert(format!(
                            "psql's \\{name} runs the shell command `{}`",
                            c.trim()
                        ));
                    } else {
                        let f = arg.trim_matches('\'');
                        effects.push(Effect::write(f, WriteHow::Replace));
                        what.get_or_insert(format!("psql's \\{name} writes {f}"));
                    }
                }
                "copy" => {
                    let upper = arg.to_ascii_uppercase();
                    if upper.contains(" PROGRAM ") {
                        effects.push(Effect::Run {
                            code: Code::Hidden {
                                what: format!("the program psql's \\copy runs ({arg})"),
                            },
                        });
                    } else {
                        effects.push(Effect::unknown(format!(
                            "psql's \\copy {arg} reads or writes a local file"
                        )));
                    }
                    what.get_or_insert(format!("psql's \\copy {arg}"));
                }
                _ => {
                    effects.push(Effect::unknown(format!(
                        "psql's \\{name} is not a meta-command the floor understands"
                    )));
                    what.get_or_insert(format!("psql's \\{name} {arg}"));
                }
            }
        }
    }
    let what = what?;
    let joined = sql_only.join(";\n");
    let mut said = ran(
        "psql",
        args,
        Some(&joined),
        write_change(&joined),
        what.clone(),
    );
    said.category = "runs-code";
    said.effects.extend(effects);
    if !said
        .effects
        .iter()
        .any(|e| matches!(e, Effect::Run { .. } | Effect::Write { .. }))
    {
        said.effects.push(Effect::unknown(what));
    }
    Some(said)
}

/// A psql script split into its SQL and its meta-commands (name, arguments), with
/// single-quoted, double-quoted and dollar-quoted text and comments kept to the SQL.
fn psql_split(text: &str) -> (String, Vec<(String, String)>) {
    let mut sql = String::new();
    let mut metas = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            '\'' | '"' => {
                let end = chars[i + 1..]
                    .iter()
                    .position(|&d| d == c)
                    .map(|p| i + 1 + p)
                    .unwrap_or(chars.len() - 1);
                sql.extend(&chars[i..=end]);
                i = end + 1;
            }
            '-' if chars.get(i + 1) == Some(&'-') => {
                let end = chars[i..]
                    .iter()
                    .position(|&d| d == '\n')
                    .map(|p| i + p)
                    .unwrap_or(chars.len());
                i = end;
            }
            '\\' => {
                // The meta-command's name, then its arguments to the line's end or the next
                // unquoted backslash.
                i += 1;
                let start = i;
                while i < chars.len()
                    && (chars[i].is_ascii_alphanumeric()
                        || matches!(chars[i], '_' | '!' | '?' | ';'))
                {
                    i += 1;
                    if chars[i - 1] == '!' {
                        break;
                    }
                }
                let name: String = chars[start..i].iter().collect();
                let mut arg = String::new();
                let mut quote: Option<char> = None;
                while i < chars.len() && chars[i] != '\n' {
                    let d = chars[i];
                    match quote {
                        Some(q) if d == q => quote = None,
                        Some(_) => {}
                        None if d == '\'' || d == '`' => quote = Some(d),
                        None if d == '\\' => break,
                        None => {}
                    }
                    arg.push(d);
                    i += 1;
                }
                // `\\`: back to SQL.
                if name.is_empty() && chars.get(i) == Some(&'\\') {
                    i += 1;
                    continue;
                }
                sql.push(';');
                metas.push((name.to_ascii_lowercase(), arg));
            }
            _ => {
                sql.push(c);
                i += 1;
            }
        }
    }
    (sql, metas)
}

/// SQL that is not a read the floor recognises: a change of the database (asked about by
/// the reviewer's needs, the database named), with what it is not understood beside it.
fn unrecognised(prog: &str, args: &[String], sql: Option<&str>, why: String) -> Said {
    // What the whole SQL does to data: a `DROP` after a statement not understood still
    // destroys.
    let change = sql.map(write_change).unwrap_or(Change::Modify);
    let mut said = ran(prog, args, sql, change, why.clone());
    said.effects.push(Effect::unknown(why));
    said
}

/// Maintenance and administration statements, by their first words: what they do to the
/// database itself (its storage, statistics, indexes, locks, the server's state). What
/// also reaches files or programs (`COPY`, `LOAD DATA`, `ATTACH`) or may only read
/// (`PRAGMA`, `SET`) is a change not understood ([`unrecognised`]), with its files.
fn maintenance(sql: &str) -> Option<&'static str> {
    let upper = strip_comments(sql).to_ascii_uppercase();
    // One statement only: what follows a `;` is a statement of its own (`ANALYZE; DROP
    // TABLE users`), not maintenance.
    if upper.trim().trim_end_matches(';').contains(';') {
        return None;
    }
    let words: Vec<&str> = upper
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty())
        .collect();
    Some(match words.as_slice() {
        ["VACUUM", ..] => "VACUUM, which rewrites the database's storage",
        ["ANALYZE" | "ANALYSE", ..] => "ANALYZE, which rewrites the planner's statistics",
        ["CLUSTER", ..] => "CLUSTER, which rewrites a table in an index's order",
        ["REINDEX", ..] => "REINDEX, which rebuilds indexes",
        ["OPTIMIZE", ..] | ["REPAIR", ..] => "a table maintenance statement",
        ["CHECKPOINT", ..] => "CHECKPOINT, which forces the write-ahead log to disk",
        ["REFRESH", ..] => "REFRESH, which recomputes a materialized view",
        ["DETACH", ..] => "DETACH, which closes an attached database",
        ["FLUSH", ..] | ["KILL", ..] | ["SHUTDOWN", ..] | ["PURGE", ..] => {
            "an administration statement of the server"
        }
        ["LOCK", ..] | ["UNLOCK", ..] => "LOCK, which locks tables",
        _ => return None,
    })
}

/// What a statement does on the database server's machine, beyond its tables: a file it
/// reads or writes there (`LOAD DATA INFILE`, `COPY … FROM/TO 'file'`, `pg_read_file`,
/// `INTO OUTFILE`, `lo_import`/`lo_export`) or a program it runs (`COPY … PROGRAM`). On
/// this machine (no host, a local socket or loopback) that is this machine's file, read or
/// written as the path floor judges it; a file the client sends (`LOAD DATA LOCAL
/// INFILE`, psql's `\copy … FROM`) is always a local read. sqlite and duckdb `ATTACH` open
/// a local database file.
fn server_side(prog: &str, args: &[String], sql: &str) -> Vec<Effect> {
    let local_server = match prog {
        "sqlite3" | "duckdb" => true,
        _ => option_value(args, &["-h", "--host"])
            .is_none_or(|h| h.starts_with('/') || crate::context::floor::is_loopback(h)),
    };
    let text = strip_comments(sql);
    let upper = text.to_ascii_uppercase();
    let mut out = Vec::new();
    // Each quoted literal after one of the keywords, in order.
    let literal_after = |key: &str| -> Vec<String> {
        let mut found = Vec::new();
        let mut from = 0;
        while let Some(i) = upper[from..].find(key) {
            let at = from + i + key.len();
            let rest = text[at..].trim_start();
            if let Some(q) = rest.chars().next().filter(|c| *c == '\'' || *c == '"') {
                if let Some(end) = rest[1..].find(q) {
                    found.push(rest[1..1 + end].to_string());
                }
            }
            from = at;
        }
        found
    };
    let program = upper.contains(" PROGRAM ") || upper.contains(" PROGRAM'");
    if program {
        out.push(Effect::Run {
            code: Code::Hidden {
                what: format!(
                    "the shell command the database server runs for COPY … PROGRAM ({})",
                    literal_after("PROGRAM").join(" ")
                ),
            },
        });
    }
    let local_reads: Vec<String> =
        if upper.contains("LOCAL INFILE") || upper.trim_start().starts_with("\\COPY") {
            literal_after("INFILE")
                .into_iter()
                .chain(literal_after(" FROM"))
                .collect()
        } else {
            Vec::new()
        };
    out.extend(local_reads.iter().cloned().map(Effect::read));
    if local_server {
        let reads = literal_after("INFILE")
            .into_iter()
            .chain(if program {
                Vec::new()
            } else {
                literal_after(" FROM")
            })
            .chain(literal_after("PG_READ_FILE("))
            .chain(literal_after("PG_READ_BINARY_FILE("))
            .chain(literal_after("LO_IMPORT("))
            .chain(literal_after("LOAD_FILE("));
        for r in reads {
            if !local_reads.contains(&r) && r.starts_with(['/', '~']) {
                out.push(Effect::read(r));
            }
        }
        let writes = literal_after("OUTFILE")
            .into_iter()
            .chain(literal_after("DUMPFILE"))
            .chain(if program {
                Vec::new()
            } else {
                literal_after(" TO")
            })
            .chain(literal_after("LO_EXPORT("));
        for w in writes {
            if w.starts_with(['/', '~']) {
                out.push(Effect::write(w, WriteHow::Replace));
            }
        }
    }
    // sqlite's `VACUUM INTO 'file'` writes a copy of the database to that file (relative to
    // the client's directory); an expression there names a file only known when it runs.
    let words: Vec<&str> = upper
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty())
        .collect();
    if words.contains(&"VACUUM") && words.contains(&"INTO") {
        let files = literal_after("INTO");
        if files.is_empty() || !local_server {
            out.push(Effect::unknown(
                "VACUUM INTO writes to a file named by an expression",
            ));
        }
        for f in files.into_iter().filter(|_| local_server) {
            out.push(Effect::write(f, WriteHow::Replace));
        }
    }
    if matches!(prog, "sqlite3" | "duckdb") {
        for f in literal_after("ATTACH")
            .into_iter()
            .chain(literal_after("ATTACH DATABASE"))
        {
            if f != ":memory:" && !f.is_empty() {
                out.push(Effect::read(f.clone()));
                out.push(Effect::write(f, WriteHow::Edit));
            }
        }
    }
    out
}

/// The server `sqlcmd -S [PROTOCOL:]SERVER[\\INSTANCE][,PORT]` (or go-sqlcmd's `--server`)
/// connects to when it is not this machine (sqlcmd utility reference, "-S"): the SQL and
/// the login (`-U`/`-P`, or `SQLCMDPASSWORD`) go there. A single-label name is this
/// machine's network, as for the other clients ([`foreign_host`]), and `.` or `(local)`
/// this machine.
fn sqlcmd_foreign_server(args: &[String]) -> Option<String> {
    let v = option_value(args, &["-S", "--server"])?;
    let v = v
        .split_once(':')
        .filter(|(p, _)| {
            matches!(
                p.to_ascii_lowercase().as_str(),
                "tcp" | "np" | "lpc" | "admin"
            )
        })
        .map(|(_, r)| r)
        .unwrap_or(v);
    let host = v
        .split(['\\', ','])
        .next()
        .unwrap_or("")
        .trim_matches(['[', ']']);
    // `.` and `(local)` name this machine's default instance.
    (!matches!(host, "" | "." | "(local)")
        && (host.contains('.') || host.contains(':') || host.contains(['$', '`']))
        && !crate::context::floor::is_loopback(host))
    .then(|| host.to_string())
}

/// go-sqlcmd (`sqlcmd query 'SQL'`, `config view`) and the classic `-Q`/`-q` flags.
fn sqlcmd(args: &[String]) -> Said {
    let pos = super::table::positionals(
        args,
        &[
            "-d",
            "--database",
            "-S",
            "-U",
            "-t",
            "--text",
            "-q",
            "--query",
            "-Q",
        ],
    );
    if pos.first() == Some(&"config") && pos.get(1) == Some(&"view") {
        return Said::read("sqlcmd config view prints settings");
    }
    let sql = option_value(args, &["--text", "-t", "--query", "-q", "-Q"])
        .map(str::to_string)
        .or_else(|| {
            (pos.first() == Some(&"query"))
                .then(|| pos.get(1).map(|s| s.to_string()))
                .flatten()
        });
    let Some(sql) = sql else {
        return Said::unknown("sqlcmd without a query it can read");
    };
    if let Some(t) = crate::analysis::sql::secret_table(&sql) {
        return Said::secret(
            format!("sqlcmd reads {t}: {}", crate::analysis::sql::secret_rows(t)),
            format!(
                "sqlcmd selects from {t}: its rows are {}, printed where the agent reads them",
                crate::analysis::sql::secret_rows(t)
            ),
        );
    }
    if has_flag(args, "-i") || has_flag(args, "-o") {
        return Said::unknown("sqlcmd -i/-o reads or writes files");
    }
    match not_read_only(&sql, false) {
        None => ran(
            "sqlcmd",
            args,
            Some(&sql),
            Change::Read,
            "sqlcmd runs one read-only statement".into(),
        ),
        Some(_) if writes(&sql) => ran(
            "sqlcmd",
            args,
            Some(&sql),
            write_change(&sql),
            "sqlcmd runs SQL that writes".into(),
        ),
        Some(why) => Said::unknown(format!("sqlcmd: {why}")),
    }
}
