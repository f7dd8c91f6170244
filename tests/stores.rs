//! The credential stores of developer tools through the built binary: a Read of the store,
//! and a `cat` of it in either spelling of the home (`~` and `$HOME`), is denied as a
//! credential; a neighbour of the same tool that holds no secret is not denied; files
//! named as credentials by convention inside the workspace are asked about, never read at
//! once.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use support::Env;

/// Home-relative stores, one or two per group of tools (the full list is tested at the
/// path floor, `context::floor`).
#[rustfmt::skip]
const STORES: &[&str] = &[
    // Editor plugins and telemetry.
    ".wakatime.cfg",
    ".codeium/config.json",
    ".config/JetBrains/IntelliJIdea2024.3/c.pwd",
    // AI CLIs and SDK configs.
    ".config/io.datasette.llm/keys.json",
    ".config/shell_gpt/.sgptrc",
    ".aider/oauth-keys.env",
    ".cache/huggingface/stored_tokens",
    ".kaggle/access_token",
    // Data tools.
    ".databricks/token-cache.json",
    ".duckdb/stored_secrets/s3.duckdb_secret",
    ".local/share/DBeaverData/workspace6/General/.dbeaver/credentials-config.json",
    ".pg_service.conf",
    // Cloud and SaaS CLIs.
    ".ovh.conf",
    ".slack/credentials.json",
    ".postman/postmanrc",
    ".appstoreconnect/private_keys/AuthKey_ABC123.p8",
    // Registries, provisioning, configuration management.
    ".regctl/config.json",
    ".vagrant.d/data/vagrant_login_token",
    ".ansible/galaxy_token",
    ".config/nix/nix.conf",
    ".rattler/credentials.json",
    // Remote access, HTTP clients, notebooks.
    ".vnc/passwd",
    ".config/filezilla/sitemanager.xml",
    ".config/httpie/sessions/api.example.com/s.json",
    ".local/share/jupyter/runtime/jpserver-1.json",
    ".authinfo",
    // Mail, chat, browsers.
    ".msmtprc",
    ".config/weechat/sec.conf",
    ".local/share/TelegramDesktop/tdata/key_datas",
    ".config/mozilla/firefox/x.default/logins.json",
    // Histories.
    ".Rhistory",
    ".duckdb_history",
    ".config/pgcli/history",
];

/// Neighbours of those stores that hold no secret: not denied (read at once or asked
/// about, as any read outside the workspace).
#[rustfmt::skip]
const NEIGHBOURS: &[&str] = &[
    ".wakatime/wakatime-cli-linux-amd64",
    ".config/JetBrains/IntelliJIdea2024.3/options/editor.xml",
    ".config/zed/settings.json",
    ".config/io.datasette.llm/logs.db",
    ".cache/huggingface/hub/models--x/config.json",
    ".duckdb/extensions/v1.1.0/httpfs.duckdb_extension",
    ".config/httpie/config.json",
    ".config/weechat/weechat.conf",
    ".config/pgcli/config",
];

fn plant(env: &Env, rel: &str) {
    let p = env.home.join(rel);
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(p, "api_key = sk-example\n").unwrap();
}

#[test]
fn a_store_is_denied_by_read_and_by_cat_in_either_spelling() {
    let env = Env::new();
    let mut bad = Vec::new();
    for rel in STORES {
        plant(&env, rel);
        let read = env.pre("Read", &format!(r#"{{"file_path":"$HOME/{rel}"}}"#));
        let tilde = env.pre("Bash", &format!(r#"{{"command":"cat ~/'{rel}'"}}"#));
        let var = env.pre("Bash", &format!(r#"{{"command":"cat \"$HOME/{rel}\""}}"#));
        for (how, out) in [("Read", read), ("cat ~", tilde), ("cat $HOME", var)] {
            if (out.decision().as_str(), out.cause().as_str()) != ("deny", "credential") {
                bad.push(format!(
                    "{how} {rel}: {} ({})",
                    out.decision(),
                    out.reason()
                ));
            }
        }
    }
    assert!(bad.is_empty(), "\n{}", bad.join("\n"));
}

#[test]
fn a_neighbour_without_secrets_is_not_denied() {
    let env = Env::new();
    let mut bad = Vec::new();
    for rel in NEIGHBOURS {
        plant(&env, rel);
        for (how, out) in [
            (
                "Read",
                env.pre("Read", &format!(r#"{{"file_path":"$HOME/{rel}"}}"#)),
            ),
            (
                "cat",
                env.pre("Bash", &format!(r#"{{"command":"cat ~/'{rel}'"}}"#)),
            ),
        ] {
            if out.decision() == "deny" {
                bad.push(format!("{how} {rel}: {}", out.reason()));
            }
        }
    }
    assert!(bad.is_empty(), "\n{}", bad.join("\n"));
}

#[test]
fn conventional_credential_names_in_the_workspace_are_asked_about() {
    let env = Env::new();
    for name in [
        "credentials.json",
        "token.json",
        "my-project-service-account.json",
        "ci-sa-key.json",
        "client_secret_1-x.apps.googleusercontent.com.json",
        "keyfile.json",
        ".pgpass",
        ".netrc",
        "AuthKey_ABC123.p8",
    ] {
        // There or not yet there: the name alone says what it is.
        for planted in [false, true] {
            if planted {
                std::fs::write(env.path(name), "{}\n").unwrap();
            }
            let out = env.pre("Read", &format!(r#"{{"file_path":"$WS/{name}"}}"#));
            assert_eq!(
                out.decision(),
                "ask",
                "Read {name} ({planted}): {}",
                out.reason()
            );
            let out = env.pre("Bash", &format!(r#"{{"command":"cat {name}"}}"#));
            assert_ne!(
                out.decision(),
                "allow",
                "cat {name} ({planted}): {}",
                out.reason()
            );
        }
    }
    // Their ordinary neighbours are read at once.
    for name in ["package.json", "tokenizer.json", "tsconfig.json"] {
        std::fs::write(env.path(name), "{}\n").unwrap();
        let out = env.pre("Read", &format!(r#"{{"file_path":"$WS/{name}"}}"#));
        assert_eq!(out.decision(), "allow", "Read {name}: {}", out.reason());
        let out = env.pre("Bash", &format!(r#"{{"command":"cat {name}"}}"#));
        assert_eq!(out.decision(), "allow", "cat {name}: {}", out.reason());
    }
}
