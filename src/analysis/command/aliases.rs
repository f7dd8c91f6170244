//! Subcommand aliases and abbreviations: every spelling a CLI accepts for one of its
//! commands, resolved to that command before anything judges it, so `npm it x` is the
//! `npm install-test x` it is, `gem ins x` the `gem install x`, `pulumi dn` the `pulumi
//! destroy`. The floor (`command::classify`) and grounding (`review::unknown`) both read
//! the canonical argv; the call's own words stay what the reason line and rules show.
//!
//! Each table is the program's own, from its source:
//!
//! - **npm** 11.19.1 (`lib/utils/cmd-list.js`, read from the install on this machine):
//!   `deref` turns camelCase into kebab-case (`installTest`), takes a command or an entry
//!   of `aliases` as it is, and otherwise any unique prefix of the commands and aliases
//!   together (the `abbrev` package: `npm pu` is `publish`, `npm install-t` is
//!   `install-test`; `npm ad` matches `add`, `add-user` and `adduser` and is nothing).
//!   Checked with npm's own `deref` for `pu`, `it`, `insta`, `installTest`, `unp`, `pk`.
//! - **bun** (`src/cli.zig`, `RootCommandMatcher` in `which()`, oven-sh/bun through the
//!   code search): `i` install (with `-g`, add), `a` add, `c` create, `r`/`rm`/`uninstall`
//!   remove, `x` bunx. Exact words only.
//! - **RubyGems** 3.3.15 (`rubygems/command_manager.rb` on this machine): the name is
//!   lower-cased, `ALIAS_COMMANDS` maps `i`, `login`, `logout`, and any unique prefix of
//!   the built-in commands is that command (`gem ins` install, `gem pu` push; `gem in` is
//!   ambiguous, info or install, and gem refuses it: checked with `gem INS --help`, `gem
//!   pu --help`, `gem in --help`). A plugin's command can only make a prefix ambiguous
//!   (gem refuses it) or be matched exactly.
//! - **Composer** 2.5.5 on Symfony Console (`Application::find` in
//!   `/usr/share/php/Symfony/Component/Console/Application.php`): a command or a declared
//!   alias as it is, otherwise the names and aliases that start with the word (then the
//!   same without regard to case); several that are one command's names are that command
//!   (`composer req`, `REQ` require; `create` create-project; `glob` global; `in` is
//!   ambiguous: checked with `composer WORD --help`). A composer.json script of that
//!   exact name would win, so abbreviations resolve only to commands that fetch, install,
//!   remove or run code, where reading one as the other asks rather than allows.
//! - **Pulumi** (`pkg/cmd/pulumi/operations/destroy.go`, code search): `destroy` has the
//!   cobra aliases `down`, `dn` (also on `deployment settings destroy`).
//! - **doctl** (`commands/*.go`, code search): delete commands carry `aliasOpt("d", …)`
//!   (`rm`, `del` too, which the destroy verbs already read), at any depth (`doctl compute
//!   droplet d`, `doctl databases d`, `doctl compute ssh-key d`).
//! - **Cloud Foundry `cf`** v7 (`command/common/command_list_v7.go`, code search): the
//!   `alias:` tags, `d` delete, `ds` delete-service, `dsk` delete-service-key, `p` push,
//!   `cs` create-service, … (all of them below).
//!
//! Only the words where a command is expected are rewritten (the first operand, and for
//! doctl's resource trees the words before the action); a word the table does not resolve
//! stays as written, which is what the floor judged before.

/// npm 11.19.1 `commands` (`lib/utils/cmd-list.js`).
const NPM_COMMANDS: &[&str] = &[
    "access",
    "adduser",
    "approve-scripts",
    "audit",
    "bugs",
    "cache",
    "ci",
    "completion",
    "config",
    "dedupe",
    "deny-scripts",
    "deprecate",
    "diff",
    "dist-tag",
    "docs",
    "doctor",
    "edit",
    "exec",
    "explain",
    "explore",
    "find-dupes",
    "fund",
    "get",
    "help",
    "help-search",
    "init",
    "install",
    "install-ci-test",
    "install-scripts",
    "install-test",
    "link",
    "ll",
    "login",
    "logout",
    "ls",
    "org",
    "outdated",
    "owner",
    "pack",
    "ping",
    "pkg",
    "prefix",
    "profile",
    "prune",
    "publish",
    "query",
    "rebuild",
    "repo",
    "restart",
    "root",
    "run",
    "sbom",
    "search",
    "set",
    "shrinkwrap",
    "stage",
    "star",
    "stars",
    "start",
    "stop",
    "team",
    "test",
    "token",
    "trust",
    "undeprecate",
    "uninstall",
    "unpublish",
    "unstar",
    "update",
    "version",
    "view",
    "whoami",
];

/// npm 11.19.1 `aliases` (`lib/utils/cmd-list.js`).
const NPM_ALIASES: &[(&str, &str)] = &[
    ("author", "owner"),
    ("home", "docs"),
    ("issues", "bugs"),
    ("info", "view"),
    ("show", "view"),
    ("find", "search"),
    ("add", "install"),
    ("unlink", "uninstall"),
    ("remove", "uninstall"),
    ("rm", "uninstall"),
    ("r", "uninstall"),
    ("un", "uninstall"),
    ("rb", "rebuild"),
    ("list", "ls"),
    ("ln", "link"),
    ("create", "init"),
    ("i", "install"),
    ("it", "install-test"),
    ("cit", "install-ci-test"),
    ("u", "update"),
    ("up", "update"),
    ("c", "config"),
    ("s", "search"),
    ("se", "search"),
    ("tst", "test"),
    ("t", "test"),
    ("ddp", "dedupe"),
    ("v", "view"),
    ("run-script", "run"),
    ("clean-install", "ci"),
    ("clean-install-test", "install-ci-test"),
    ("x", "exec"),
    ("why", "explain"),
    ("la", "ll"),
    ("verison", "version"),
    ("ic", "ci"),
    ("innit", "init"),
    ("in", "install"),
    ("ins", "install"),
    ("inst", "install"),
    ("insta", "install"),
    ("instal", "install"),
    ("isnt", "install"),
    ("isnta", "install"),
    ("isntal", "install"),
    ("isntall", "install"),
    ("install-clean", "ci"),
    ("isntall-clean", "ci"),
    ("hlep", "help"),
    ("dist-tags", "dist-tag"),
    ("upgrade", "update"),
    ("udpate", "update"),
    ("rum", "run"),
    ("sit", "install-ci-test"),
    ("urn", "run"),
    ("ogr", "org"),
    ("add-user", "adduser"),
];

/// bun's `which()` (`src/cli.zig`): the short names of its package commands.
const BUN_ALIASES: &[(&str, &str)] = &[
    ("i", "install"),
    ("a", "add"),
    ("c", "create"),
    ("r", "remove"),
    ("rm", "remove"),
    ("uninstall", "remove"),
];

/// RubyGems 3.3.15 `BUILTIN_COMMANDS` and `ALIAS_COMMANDS`.
const GEM_COMMANDS: &[&str] = &[
    "build",
    "cert",
    "check",
    "cleanup",
    "contents",
    "dependency",
    "environment",
    "fetch",
    "generate_index",
    "help",
    "info",
    "install",
    "list",
    "lock",
    "mirror",
    "open",
    "outdated",
    "owner",
    "pristine",
    "push",
    "query",
    "rdoc",
    "search",
    "server",
    "signin",
    "signout",
    "sources",
    "specification",
    "stale",
    "uninstall",
    "unpack",
    "update",
    "which",
    "yank",
];
const GEM_ALIASES: &[(&str, &str)] =
    &[("i", "install"), ("login", "signin"), ("logout", "signout")];

/// Composer 2.5.5's commands with their declared aliases (`composer list`; each
/// command's `setAliases`), as `(name or alias, command)`.
const COMPOSER_NAMES: &[(&str, &str)] = &[
    ("about", "about"),
    ("archive", "archive"),
    ("audit", "audit"),
    ("browse", "browse"),
    ("home", "browse"),
    ("bump", "bump"),
    ("check-platform-reqs", "check-platform-reqs"),
    ("clear-cache", "clear-cache"),
    ("clearcache", "clear-cache"),
    ("cc", "clear-cache"),
    ("completion", "completion"),
    ("config", "config"),
    ("create-project", "create-project"),
    ("depends", "depends"),
    ("why", "depends"),
    ("diagnose", "diagnose"),
    ("dump-autoload", "dump-autoload"),
    ("dumpautoload", "dump-autoload"),
    ("exec", "exec"),
    ("fund", "fund"),
    ("global", "global"),
    ("help", "help"),
    ("init", "init"),
    ("install", "install"),
    ("i", "install"),
    ("licenses", "licenses"),
    ("list", "list"),
    ("outdated", "outdated"),
    ("prohibits", "prohibits"),
    ("why-not", "prohibits"),
    ("reinstall", "reinstall"),
    ("remove", "remove"),
    ("rm", "remove"),
    ("uninstall", "remove"),
    ("require", "require"),
    ("r", "require"),
    ("run-script", "run-script"),
    ("run", "run-script"),
    ("search", "search"),
    ("self-update", "self-update"),
    ("selfupdate", "self-update"),
    ("show", "show"),
    ("info", "show"),
    ("status", "status"),
    ("suggests", "suggests"),
    ("update", "update"),
    ("u", "update"),
    ("upgrade", "update"),
    ("validate", "validate"),
];

/// Composer commands an abbreviation may resolve to: each fetches, installs, removes or
/// runs code, so a composer.json script that happened to carry the abbreviation's exact
/// name (and would run instead) is asked about, never allowed, by the reading.
const COMPOSER_ACTS: &[&str] = &[
    "create-project",
    "exec",
    "global",
    "install",
    "reinstall",
    "remove",
    "require",
    "run-script",
    "self-update",
    "update",
];

/// Pulumi's cobra aliases of `destroy`.
const PULUMI_ALIASES: &[(&str, &str)] = &[("down", "destroy"), ("dn", "destroy")];

/// doctl's `aliasOpt("d", …)` on its delete commands.
const DOCTL_ALIASES: &[(&str, &str)] = &[("d", "delete")];

/// cf CLI v7's `alias:` tags (`command/common/command_list_v7.go`).
const CF_ALIASES: &[(&str, &str)] = &[
    ("a", "apps"),
    ("brs", "bind-route-service"),
    ("bs", "bind-service"),
    ("co", "create-org"),
    ("cs", "create-service"),
    ("csb", "create-service-broker"),
    ("csk", "create-service-key"),
    ("csp", "create-space"),
    ("cups", "create-user-provided-service"),
    ("d", "delete"),
    ("ds", "delete-service"),
    ("dsk", "delete-service-key"),
    ("e", "env"),
    ("h", "help"),
    ("l", "login"),
    ("lo", "logout"),
    ("m", "marketplace"),
    ("o", "orgs"),
    ("pw", "passwd"),
    ("p", "push"),
    ("rg", "restage"),
    ("rs", "restart"),
    ("r", "routes"),
    ("rt", "run-task"),
    ("revg", "running-environment-variable-group"),
    ("sk", "service-keys"),
    ("s", "services"),
    ("se", "set-env"),
    ("srevg", "set-running-environment-variable-group"),
    ("ssevg", "set-staging-environment-variable-group"),
    ("sevg", "staging-environment-variable-group"),
    ("st", "start"),
    ("sp", "stop"),
    ("t", "target"),
    ("urs", "unbind-route-service"),
    ("us", "unbind-service"),
    ("ue", "unset-env"),
    ("uups", "update-user-provided-service"),
];

fn lookup(table: &[(&str, &'static str)], w: &str) -> Option<&'static str> {
    table.iter().find(|(a, _)| *a == w).map(|(_, c)| *c)
}

/// The one name of `names` that `w` is a prefix of (`w` itself when it is one).
fn unique_prefix<'a>(names: impl Iterator<Item = &'a str> + Clone, w: &str) -> Option<&'a str> {
    if w.is_empty() {
        return None;
    }
    if let Some(n) = names.clone().find(|n| *n == w) {
        return Some(n);
    }
    let mut found = names.filter(|n| n.starts_with(w));
    let first = found.next()?;
    found.next().is_none().then_some(first)
}

/// npm's `deref`.
fn npm(w: &str) -> Option<&'static str> {
    let w = if w.chars().any(|c| c.is_ascii_uppercase()) {
        let mut out = String::new();
        for c in w.chars() {
            if c.is_ascii_uppercase() {
                out.push('-');
                out.push(c.to_ascii_lowercase());
            } else {
                out.push(c);
            }
        }
        out
    } else {
        w.to_string()
    };
    if let Some(c) = NPM_COMMANDS.iter().find(|c| **c == w) {
        return Some(c);
    }
    if let Some(c) = lookup(NPM_ALIASES, &w) {
        return Some(c);
    }
    let names = NPM_COMMANDS
        .iter()
        .copied()
        .chain(NPM_ALIASES.iter().map(|(a, _)| *a));
    let mut a = unique_prefix(names, &w)?;
    while let Some(next) = lookup(NPM_ALIASES, a) {
        a = next;
    }
    NPM_COMMANDS.iter().find(|c| **c == a).copied()
}

fn gem(w: &str) -> Option<&'static str> {
    let w = w.to_ascii_lowercase();
    let w = lookup(GEM_ALIASES, &w).unwrap_or(&w);
    unique_prefix(GEM_COMMANDS.iter().copied(), w)
}

fn composer(w: &str) -> Option<&'static str> {
    if let Some(c) = lookup(COMPOSER_NAMES, w) {
        return Some(c);
    }
    let matching = |fold: bool| -> Vec<&'static str> {
        let mut out: Vec<&'static str> = COMPOSER_NAMES
            .iter()
            .filter(|(n, _)| {
                if fold {
                    n.to_ascii_lowercase().starts_with(&w.to_ascii_lowercase())
                } else {
                    n.starts_with(w)
                }
            })
            .map(|(_, c)| *c)
            .collect();
        out.dedup();
        out.sort_unstable();
        out.dedup();
        out
    };
    let mut found = matching(false);
    if found.is_empty() {
        found = matching(true);
    }
    match found.as_slice() {
        [one] if COMPOSER_ACTS.contains(one) => Some(one),
        _ => None,
    }
}

/// Index of the first operand of `args` (not an option); options before a subcommand are
/// taken as flags (a CLI's global value options are rare before the verb and, taken as a
/// flag, only move which word is looked at onto the value, which resolves to nothing).
fn first_operand(args: &[String]) -> Option<usize> {
    args.iter().position(|a| !a.starts_with('-'))
}

/// `argv` with its subcommand aliases resolved to the commands they name, or `None` when
/// no word changes.
pub(crate) fn canonical(argv: &[String]) -> Option<Vec<String>> {
    let program = argv.first()?;
    let program = program.rsplit('/').next().unwrap_or(program);
    let args = argv.get(1..)?;
    let mut out = argv.to_vec();
    let mut changed = false;
    let mut set = |i: usize, to: &str, out: &mut Vec<String>| {
        if out[i + 1] != to {
            out[i + 1] = to.to_string();
            changed = true;
        }
    };
    match program {
        "npm" => {
            let i = first_operand(args)?;
            set(i, npm(&args[i])?, &mut out);
        }
        "bun" => {
            let i = first_operand(args)?;
            set(i, lookup(BUN_ALIASES, &args[i])?, &mut out);
        }
        "gem" => {
            let i = first_operand(args)?;
            set(i, gem(&args[i])?, &mut out);
        }
        "composer" | "composer.phar" => {
            let i = first_operand(args)?;
            let c = composer(&args[i])?;
            set(i, c, &mut out);
            // `composer global CMD …` runs CMD in the global project, resolved the same.
            if c == "global" {
                if let Some(j) = args[i + 1..].iter().position(|a| !a.starts_with('-')) {
                    let j = i + 1 + j;
                    if let Some(c) = composer(&args[j]) {
                        set(j, c, &mut out);
                    }
                }
            }
        }
        "pulumi" => {
            let i = first_operand(args)?;
            if let Some(c) = lookup(PULUMI_ALIASES, &args[i]) {
                set(i, c, &mut out);
            } else if args[i] == "deployment" {
                // `pulumi deployment settings destroy|down|dn`.
                let ops: Vec<usize> = (i..args.len())
                    .filter(|&k| !args[k].starts_with('-'))
                    .take(3)
                    .collect();
                if let [_, s, k] = ops.as_slice() {
                    if args[*s] == "settings" {
                        if let Some(c) = lookup(PULUMI_ALIASES, &args[*k]) {
                            set(*k, c, &mut out);
                        }
                    }
                }
            }
        }
        "doctl" => {
            // The resource path and its action lead (`compute droplet d ID`); the action
            // is one of the first four words.
            for k in (0..args.len())
                .filter(|&k| !args[k].starts_with('-'))
                .take(4)
            {
                if let Some(c) = lookup(DOCTL_ALIASES, &args[k]) {
                    set(k, c, &mut out);
                    break;
                }
            }
        }
        "cf" => {
            let i = first_operand(args)?;
            set(i, lookup(CF_ALIASES, &args[i])?, &mut out);
        }
        _ => return None,
    }
    changed.then_some(out)
}

#[cfg(test)]
mod tests {
    use super::canonical;

    fn canon(cmd: &str) -> String {
        let argv: Vec<String> = cmd.split_whitespace().map(str::to_string).collect();
        canonical(&argv).map_or_else(|| cmd.to_string(), |v| v.join(" "))
    }

    #[test]
    fn npm_aliases_and_prefixes_are_its_commands() {
        for (given, want) in [
            ("npm it --save-dev x", "npm install-test --save-dev x"),
            ("npm in x", "npm install x"),
            ("npm isntall x", "npm install x"),
            ("npm installTest x", "npm install-test x"),
            ("npm install-t x", "npm install-test x"),
            ("npm pu", "npm publish"),
            ("npm unp x", "npm unpublish x"),
            ("npm cit", "npm install-ci-test"),
            ("npm t", "npm test"),
            ("npm home x", "npm docs x"),
            ("npm create vite", "npm init vite"),
        ] {
            assert_eq!(canon(given), want, "{given}");
        }
        // Ambiguous, unknown, or already a command: as written.
        for same in ["npm ad x", "npm install x", "npm zzz", "npm run build"] {
            assert_eq!(canon(same), same);
        }
    }

    #[test]
    fn bun_gem_composer() {
        for (given, want) in [
            ("bun a --trust x", "bun add --trust x"),
            ("bun c evil", "bun create evil"),
            ("bun rm x", "bun remove x"),
            ("gem ins evil", "gem install evil"),
            ("gem INST evil", "gem install evil"),
            ("gem i evil", "gem install evil"),
            ("gem pu x.gem", "gem push x.gem"),
            ("gem y x", "gem yank x"),
            ("composer req evil/pkg", "composer require evil/pkg"),
            ("composer REQU evil/pkg", "composer require evil/pkg"),
            (
                "composer create evil/app app",
                "composer create-project evil/app app",
            ),
            (
                "composer glob req evil/pkg",
                "composer global require evil/pkg",
            ),
            ("composer upg", "composer update"),
        ] {
            assert_eq!(canon(given), want, "{given}");
        }
        // `gem in` is info or install (gem refuses it); `composer in` is init or
        // install; `composer val` would be validate, a reading command a script of that
        // name could shadow, so it stays as written; `bun test` is no alias.
        for same in [
            "gem in x",
            "composer in",
            "composer val",
            "bun test",
            "bun run a",
        ] {
            assert_eq!(canon(same), same);
        }
    }

    #[test]
    fn destroy_aliases() {
        for (given, want) in [
            ("pulumi dn --yes", "pulumi destroy --yes"),
            ("pulumi down -s dev", "pulumi destroy -s dev"),
            (
                "pulumi deployment settings dn",
                "pulumi deployment settings destroy",
            ),
            (
                "doctl compute droplet d web-1 --force",
                "doctl compute droplet delete web-1 --force",
            ),
            ("doctl databases d db-1", "doctl databases delete db-1"),
            ("cf d myapp -f", "cf delete myapp -f"),
            ("cf ds svc -f", "cf delete-service svc -f"),
            ("cf dsk svc key", "cf delete-service-key svc key"),
            ("cf p myapp", "cf push myapp"),
        ] {
            assert_eq!(canon(given), want, "{given}");
        }
        for same in ["pulumi preview", "doctl compute droplet list", "cf apps"] {
            assert_eq!(canon(same), same);
        }
    }
}
