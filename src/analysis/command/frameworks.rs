//! Framework entry points are dispatchers: Django's `manage.py` / `django-admin` /
//! `python -m django`, Rails' `bin/rails` / `rails` and `rake` (also `bin/rake`, under
//! `bundle exec`), Laravel's `artisan` and Symfony's `bin/console`. The file they run is
//! the project's, but the word after it picks one of the framework's built-in actions,
//! whose effects are known: that word, not the file, says what the call does. The floor
//! judges the built-in actions with known effects here, whether or not the entry-point
//! file exists (a missing `manage.py` runs nothing, but `manage.py flush` says what the
//! call means to do, and the file may appear before it runs: fail closed):
//!
//! - database destruction or rollback (`flush`, `migrate APP zero` or to any named
//!   migration, `db:drop`/`db:reset`/`db:purge`/`db:rollback`/`db:schema:load`,
//!   `db:migrate VERSION=…`, `migrate:fresh`/`refresh`/`reset`/`rollback`, `db:wipe`,
//!   `doctrine:database:drop`, `doctrine:schema:drop`, `doctrine:fixtures:load` without
//!   `--append`) and account or data changes (`createsuperuser`, `changepassword`,
//!   `loaddata`): soft, `database`, as `mix ecto.drop` and `prisma migrate reset` are;
//! - code given inline or on stdin (`shell -c`, `rails runner`, `tinker --execute`,
//!   `dbshell`, `rails dbconsole`, `dbal:run-sql`, `doctrine:query:sql|dql`): the inline
//!   text is judged as the interpreter's own one-liner would be, and is never routine;
//! - secret printers (`rails credentials:show`, `secrets:show`, `encrypted:show`,
//!   Django's `diffsettings`, Symfony's `secrets:reveal`, `secrets:list --reveal`,
//!   `secrets:decrypt-to-local`, `debug:container --env-vars|--env-var` and
//!   `debug:dotenv`, which print the environment variables' values): the hard floor, as
//!   every secret printer; Django's `dumpdata` — the database's rows, which may hold
//!   password hashes and session keys — is soft: the person says whether;
//! - Django's `--pythonpath DIR` (every command) outside the workspace: the settings and
//!   apps are imported from there, code from outside (soft `runs-code`);
//! - everything else (tests, servers, read-only listings, custom commands): the project
//!   script judgement it had (`build::script_look`, the runners' grammars).
//!
//! Symfony's console (and Laravel's artisan, built on it) also finds a command by an
//! abbreviation of each `:`-separated part (`d:d:d` is `doctrine:database:drop`):
//! `Symfony\Component\Console\Application::find` turns each part into `part[^:]*` and
//! requires a whole-name match, case-insensitively as a fallback. Django, Rails and rake
//! take exact names.
//!
//! Checked against: Django 5.2 "django-admin and manage.py" (`flush`, `migrate
//! app_label migration_name` — "zero" unapplies all; `shell --command`, `dbshell --`,
//! `diffsettings` prints every setting differing from the defaults, `SECRET_KEY` and
//! `DATABASES` among them; `dumpdata` "outputs to standard output all data in the
//! database"; `--pythonpath` "adds the given filesystem path to the Python import search
//! path"); `createsuperuser`, `changepassword`, `loaddata`,
//! `collectstatic --clear`, `remove_stale_contenttypes`), `ManagementUtility.execute`
//! (the subcommand is `argv[1]`); Rails 8 guides "The Rails Command Line" (`runner`/`r`,
//! `console`/`c`, `dbconsole`/`db`, `credentials:show`) and "Active Record Migrations"
//! (`db:rollback`, `db:migrate VERSION=`, `db:migrate:down|redo`, `db:reset`,
//! `db:schema:load`, `db:seed:replant`, `db:truncate_all`, `db:purge`, `db:setup`);
//! Symfony 7 console and secrets docs (`secrets:reveal` since 7.1, `secrets:list
//! --reveal`, `secrets:decrypt-to-local` writes `.env.<env>.local`; "Listing environment
//! variables": `debug:container --env-vars` shows each variable's real value, APP_SECRET
//! among them, and `debug:dotenv` the values each .env file sets), DoctrineBundle's
//! command map (`doctrine:query:sql` is `dbal:run-sql`, `doctrine:query:dql`,
//! `doctrine:schema:drop|update`), DoctrineFixturesBundle (`doctrine:fixtures:load`
//! purges the database unless `--append`), DoctrineMigrations (`migrate prev|first|
//! VERSION`, `execute --down`); Laravel 12 "Database: Migrations" (`migrate:rollback`,
//! `reset`, `refresh`, `fresh`, `db:wipe`) and "Artisan Console" (`tinker --execute`,
//! `db`).

use super::core::{can_recurse, Cmd, Judge, JudgeCtx, Verdict};
use super::tier::{hit, Hit, Tier};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Framework {
    Django,
    Rails,
    Rake,
    Laravel,
    Symfony,
}

fn base(w: &str) -> &str {
    let b = w.rsplit('/').next().unwrap_or(w);
    b.strip_suffix(".exe").unwrap_or(b)
}

fn is_python(b: &str) -> bool {
    b == "py"
        || b.strip_prefix("python")
            .is_some_and(|r| r.chars().all(|c| c.is_ascii_digit() || c == '.'))
}

/// The dispatcher a command line runs, and where its own arguments begin: the entry point
/// named as the program (`./manage.py`, `bin/rails`, `artisan`, `bin/console`) or handed
/// to its interpreter (`python3 -u manage.py`, `python -m django`, `ruby bin/rails`,
/// `php artisan`, `php bin/console`).
fn dispatcher(argv: &[String]) -> Option<(Framework, usize)> {
    let prog = argv.first()?;
    let direct = |w: &str, named_by_path: bool| match base(w) {
        "manage.py" | "django-admin" | "django-admin.py" => Some(Framework::Django),
        "rails" => Some(Framework::Rails),
        "rake" => Some(Framework::Rake),
        "artisan" => Some(Framework::Laravel),
        "console" if named_by_path => Some(Framework::Symfony),
        _ => None,
    };
    if let Some(f) = direct(prog, prog.contains('/')) {
        return Some((f, 1));
    }
    let b = base(prog);
    let (python, ruby, php) = (is_python(b), b == "ruby", b == "php");
    if !(python || ruby || php) {
        return None;
    }
    let mut i = 1;
    while let Some(w) = argv.get(i) {
        if python && w == "-m" {
            return (argv.get(i + 1).map(String::as_str) == Some("django"))
                .then_some((Framework::Django, i + 2));
        }
        if !w.starts_with('-') || w == "-" {
            break;
        }
        // Inline code is the interpreter's own judgement, not a dispatcher's.
        if matches!(w.as_str(), "-c" | "-e" | "-r" | "-m" | "--") {
            return None;
        }
        // Options that take the next word (python -W/-X, ruby -I/-r, php -d/-c).
        let takes = match () {
            _ if python => matches!(w.as_str(), "-W" | "-X" | "--check-hash-based-pycs"),
            _ if ruby => matches!(w.as_str(), "-I" | "-C" | "-E"),
            _ => matches!(w.as_str(), "-d" | "-c" | "-z"),
        };
        i += if takes { 2 } else { 1 };
    }
    let script = argv.get(i)?;
    let f = direct(script, script.contains('/'))?;
    // The interpreter must fit the framework (`ruby manage.py` dispatches nothing).
    let fits = match f {
        Framework::Django => python,
        Framework::Rails | Framework::Rake => ruby,
        Framework::Laravel => php,
        Framework::Symfony => php,
    };
    fits.then_some((f, i + 1))
}

/// The words that may be the dispatcher's command: the first word not an option, and,
/// while the words before it are options that may take a value (`--env prod`), the
/// next one too (fail closed: either may be the command).
fn command_words(args: &[String]) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut after_bare_option = false;
    for (i, w) in args.iter().enumerate() {
        if w.starts_with('-') {
            after_bare_option = !w.contains('=');
            continue;
        }
        out.push((i, w.as_str()));
        if !after_bare_option {
            break;
        }
        after_bare_option = false;
    }
    out
}

/// Does `word` name `command` the way Symfony's console finds commands: the same number
/// of `:` parts, each a case-insensitive prefix of the command's part?
fn abbreviates(word: &str, command: &str) -> bool {
    let w: Vec<&str> = word.split(':').collect();
    let c: Vec<&str> = command.split(':').collect();
    w.len() == c.len()
        && w.iter().zip(&c).all(|(a, b)| {
            !a.is_empty() && b.to_ascii_lowercase().starts_with(&a.to_ascii_lowercase())
        })
}

/// What one built-in action does.
enum Action {
    /// Drops, empties or rolls back the database, or changes accounts or rows in it.
    Database(String),
    /// Runs code: `lang` text given inline (judged as that interpreter's one-liner), or
    /// code from stdin or an interactive prompt (`text` empty).
    Code {
        lang: &'static str,
        text: Option<String>,
        what: String,
    },
    /// Prints (or writes where the agent reads them) the application's secrets.
    Secret(String),
    /// Prints the application's data, which may hold secrets among other rows: the
    /// person says whether (a fixture of one app's rows is ordinary work).
    Dump(String),
}

fn has(args: &[String], names: &[&str]) -> bool {
    args.iter().any(|a| {
        names
            .iter()
            .any(|n| a == n || a.strip_prefix(n).is_some_and(|r| r.starts_with('=')))
    })
}

/// The value of an option (`-c CODE`, `--command=CODE`, `--execute CODE`).
fn value_of(args: &[String], names: &[&str]) -> Option<String> {
    for (i, a) in args.iter().enumerate() {
        for n in names {
            if a == n {
                return args.get(i + 1).cloned();
            }
            if let Some(v) = a.strip_prefix(n).and_then(|r| r.strip_prefix('=')) {
                return Some(v.to_string());
            }
            // `-cCODE`: a short option with its value attached.
            if n.len() == 2 && !n.starts_with("--") && a.len() > 2 && a.starts_with(n) {
                return Some(a[2..].to_string());
            }
        }
    }
    None
}

/// The words after the command that are not options (a value after a bare option is
/// counted too: fail closed).
fn positionals(args: &[String]) -> Vec<&str> {
    args.iter()
        .filter(|a| !a.starts_with('-'))
        .map(String::as_str)
        .collect()
}

/// Django takes `argv[1]` as the command; a word after a leading option is looked at too
/// (fail closed: `manage.py --settings x flush` fails today, but says what it means).
fn django(args: &[String]) -> Option<Action> {
    command_words(args)
        .into_iter()
        .find_map(|(at, cmd)| django_command(cmd, &args[at + 1..]))
}

fn django_command(cmd: &str, rest: &[String]) -> Option<Action> {
    let db = |s: &str| Some(Action::Database(s.to_string()));
    match cmd {
        "flush" => db("empties every table of the database (Django's flush)"),
        "sqlflush" | "sqlmigrate" | "showmigrations" => None,
        "migrate" => {
            let pos = positionals(rest);
            if pos.len() >= 2 && !has(rest, &["--plan"]) {
                return Some(Action::Database(format!(
                    "migrates {} to {}, which unapplies the applied migrations after it (zero: all), dropping what they created",
                    pos[0], pos[1]
                )));
            }
            None
        }
        "loaddata" => db("writes fixture rows into the database, replacing rows with the same keys"),
        "createsuperuser" => db("creates a superuser account in the application's database"),
        "changepassword" => db("changes a user's password in the application's database"),
        "remove_stale_contenttypes" => {
            db("deletes stale content types and the objects that point to them")
        }
        "collectstatic" if has(rest, &["--clear", "-c"]) => {
            db("deletes every file in STATIC_ROOT before collecting (collectstatic --clear)")
        }
        "shell" => Some(Action::Code {
            lang: "python",
            text: value_of(rest, &["-c", "--command"]),
            what: "Django's shell runs Python in the application".into(),
        }),
        "dbshell" => Some(Action::Code {
            lang: "sql",
            text: None,
            what: "Django's dbshell runs SQL in the database's client".into(),
        }),
        "dumpdata" => Some(Action::Dump(
            "manage.py dumpdata prints the rows of the application's database, which may hold the users' password hashes, session keys and tokens"
                .into(),
        )),
        "diffsettings" => Some(Action::Secret(
            "manage.py diffsettings prints the project's settings, SECRET_KEY and the database passwords among them"
                .into(),
        )),
        _ => None,
    }
}

/// Rails' database tasks that drop, empty, reload or roll back a database (and their
/// per-database forms, `db:drop:primary`).
const RAILS_DB_DESTROY: &[&str] = &[
    "db:drop",
    "db:reset",
    "db:purge",
    "db:rollback",
    "db:schema:load",
    "db:structure:load",
    "db:seed:replant",
    "db:truncate_all",
    "db:migrate:down",
    "db:migrate:redo",
    "db:migrate:reset",
    "db:setup",
    "db:fixtures:load",
];

fn rails_task(task: &str, vars: &[&str]) -> Option<Action> {
    if let Some(t) = RAILS_DB_DESTROY
        .iter()
        .find(|t| task == **t || task.strip_prefix(**t).is_some_and(|r| r.starts_with(':')))
    {
        return Some(Action::Database(format!(
            "runs {t}, which drops, empties, reloads or rolls back the database"
        )));
    }
    if (task == "db:migrate" || task.starts_with("db:migrate:"))
        && vars.iter().any(|v| v.starts_with("VERSION="))
    {
        return Some(Action::Database(format!(
            "runs {task} to a named VERSION, which rolls back the migrations after it"
        )));
    }
    None
}

fn rails(args: &[String], framework: Framework) -> Option<Action> {
    let words = positionals(args);
    let vars: Vec<&str> = words.iter().copied().filter(|w| w.contains('=')).collect();
    let tasks: Vec<&str> = words.iter().copied().filter(|w| !w.contains('=')).collect();
    if framework == Framework::Rails {
        let (at, cmd) = command_words(args).into_iter().next()?;
        let rest = &args[at + 1..];
        match cmd {
            "runner" | "r" => {
                // `rails runner [-e ENV] CODE_OR_FILE [args]`.
                let mut i = 0;
                while let Some(w) = rest.get(i) {
                    if matches!(w.as_str(), "-e" | "--environment") {
                        i += 2;
                    } else if w.starts_with('-') {
                        i += 1;
                    } else {
                        break;
                    }
                }
                return Some(Action::Code {
                    lang: "ruby",
                    text: rest.get(i).cloned(),
                    what: "rails runner runs Ruby in the application".into(),
                });
            }
            "console" | "c" => {
                return Some(Action::Code {
                    lang: "ruby",
                    text: None,
                    what: "rails console runs Ruby in the application".into(),
                })
            }
            "dbconsole" | "db" => {
                return Some(Action::Code {
                    lang: "sql",
                    text: None,
                    what: "rails dbconsole runs SQL in the database's client".into(),
                })
            }
            "credentials:show" | "secrets:show" | "encrypted:show" => {
                return Some(Action::Secret(format!(
                    "rails {cmd} prints the decrypted credentials"
                )))
            }
            _ => {}
        }
    }
    tasks.iter().find_map(|t| rails_task(t, &vars))
}

fn laravel(args: &[String]) -> Option<Action> {
    let named =
        |cmd: &str, list: &[&'static str]| list.iter().copied().find(|c| abbreviates(cmd, c));
    for (at, cmd) in command_words(args) {
        let rest = &args[at + 1..];
        if let Some(c) = named(
            cmd,
            &[
                "db:wipe",
                "migrate:fresh",
                "migrate:refresh",
                "migrate:reset",
                "migrate:rollback",
            ],
        ) {
            return Some(Action::Database(format!(
                "runs artisan {c}, which drops tables or rolls back migrations"
            )));
        }
        if named(cmd, &["tinker"]).is_some() {
            return Some(Action::Code {
                lang: "php",
                text: value_of(rest, &["--execute"]),
                what: "artisan tinker runs PHP in the application".into(),
            });
        }
        if cmd == "db" {
            return Some(Action::Code {
                lang: "sql",
                text: None,
                what: "artisan db runs SQL in the database's client".into(),
            });
        }
    }
    None
}

fn symfony(args: &[String]) -> Option<Action> {
    let named = |cmd: &str, c: &str| abbreviates(cmd, c);
    for (at, cmd) in command_words(args) {
        let rest = &args[at + 1..];
        let db = |s: String| Some(Action::Database(s));
        for c in ["doctrine:database:drop", "doctrine:schema:drop"] {
            if named(cmd, c) {
                return db(format!("{c} drops the database or its tables"));
            }
        }
        if named(cmd, "doctrine:schema:update")
            && rest.iter().any(|a| a == "-f" || a.starts_with("--f"))
        {
            return db("doctrine:schema:update --force alters the tables to the mapping, dropping what it lacks".into());
        }
        if named(cmd, "doctrine:fixtures:load") && !has(rest, &["--append"]) {
            return db(
                "doctrine:fixtures:load purges the database before loading the fixtures".into(),
            );
        }
        if named(cmd, "doctrine:migrations:migrate") && !positionals(rest).is_empty() {
            return db(
                "doctrine:migrations:migrate to a named version rolls back the migrations after it"
                    .into(),
            );
        }
        if named(cmd, "doctrine:migrations:execute") && has(rest, &["--down"]) {
            return db("doctrine:migrations:execute --down rolls a migration back".into());
        }
        for c in ["dbal:run-sql", "doctrine:query:sql", "doctrine:query:dql"] {
            if named(cmd, c) {
                return Some(Action::Code {
                    lang: "sql",
                    text: None,
                    what: format!("{c} runs SQL in the database"),
                });
            }
        }
        if named(cmd, "secrets:reveal")
            || (named(cmd, "secrets:list") && has(rest, &["--reveal", "-r"]))
        {
            return Some(Action::Secret(format!(
                "bin/console {cmd} prints the decrypted secrets"
            )));
        }
        if (named(cmd, "debug:container") && has(rest, &["--env-vars", "--env-var"]))
            || named(cmd, "debug:dotenv")
        {
            return Some(Action::Secret(format!(
                "bin/console {cmd} prints the environment variables' values, APP_SECRET and the database URL among them"
            )));
        }
        if named(cmd, "secrets:decrypt-to-local") {
            return Some(Action::Secret(
                "secrets:decrypt-to-local writes the decrypted secrets into .env.<env>.local"
                    .into(),
            ));
        }
    }
    None
}

/// The built-in action a framework dispatcher is asked for, judged by its effects.
pub(super) fn check(cmd: &Cmd, ctx: &JudgeCtx, depth: u8, judge: &dyn Judge) -> Option<Hit> {
    let (framework, at) = dispatcher(cmd.argv)?;
    let args = cmd.argv.get(at..)?;
    if framework == Framework::Django {
        let outside = value_of(args, &["--pythonpath"]).and_then(|v| {
            cmd.cwd
                .dir()
                .and_then(|d| super::build::outside_word(&v, d, ctx))
        });
        if let Some(dir) = outside {
            return hit(
                Tier::Soft,
                "runs-code",
                format!(
                    "Django imports the settings and apps from {dir} (--pythonpath), code from outside the workspace"
                ),
            );
        }
    }
    let action = match framework {
        Framework::Django => django(args),
        Framework::Rails | Framework::Rake => rails(args, framework),
        Framework::Laravel => laravel(args),
        Framework::Symfony => symfony(args),
    }?;
    match action {
        Action::Database(reason) => hit(Tier::Soft, "database", reason),
        Action::Dump(reason) => hit(Tier::Soft, "credential-dump", reason),
        Action::Secret(reason) => hit(
            Tier::Hard,
            "credential",
            format!("{reason} where the agent reads them; the application reads them itself"),
        ),
        Action::Code { lang, text, what } => {
            let Some(text) = text else {
                return hit(
                    Tier::Soft,
                    "runs-code",
                    format!("{what}, from its input or given after it"),
                );
            };
            // The text judged as the interpreter's own one-liner: what it denies stays
            // denied; anything else is still code run in the application, never routine.
            let interp = match lang {
                "python" => Some("python3 -c"),
                "ruby" => Some("ruby -e"),
                "php" => Some("php -r"),
                _ => None,
            };
            if let Some(i) = interp.filter(|_| can_recurse(depth)) {
                let line = format!("{i} '{}'", text.replace('\'', "'\\''"));
                if let Verdict::Hard {
                    category, reason, ..
                } = judge.text(&line, ctx, depth + 1).verdict
                {
                    return hit(Tier::Hard, category, format!("{what}: {reason}"));
                }
            }
            let shown: String = text.chars().take(60).collect();
            hit(Tier::Soft, "runs-code", format!("{what}: `{shown}`"))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn dispatchers_are_found_behind_their_interpreters() {
        let d = |s: &str| dispatcher(&words(s));
        assert_eq!(
            d("python3 -u manage.py flush"),
            Some((Framework::Django, 3))
        );
        assert_eq!(d("./manage.py flush"), Some((Framework::Django, 1)));
        assert_eq!(d("python -m django flush"), Some((Framework::Django, 3)));
        assert_eq!(d("bin/rails db:drop"), Some((Framework::Rails, 1)));
        assert_eq!(d("php artisan db:wipe"), Some((Framework::Laravel, 2)));
        assert_eq!(d("php bin/console d:d:d"), Some((Framework::Symfony, 2)));
        // `console` as a bare program name is not Symfony's; `ruby manage.py` is no
        // Django; `python -c` is the interpreter's own.
        assert_eq!(d("console x"), None);
        assert_eq!(d("ruby manage.py flush"), None);
        assert_eq!(d("python -c manage.py"), None);
    }

    #[test]
    fn symfony_abbreviations_match_part_by_part() {
        assert!(abbreviates("d:d:d", "doctrine:database:drop"));
        assert!(abbreviates(
            "DOCTRINE:DATABASE:DROP",
            "doctrine:database:drop"
        ));
        assert!(!abbreviates("d:d", "doctrine:database:drop"));
        assert!(!abbreviates("cache:clear", "doctrine:database:drop"));
    }
}
