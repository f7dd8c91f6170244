//! The path floor: which paths are credentials, gatehook's own files, the harness's
//! settings, or otherwise protected. Pure tables and matching over absolute paths; the
//! engine decides what a finding means for a given tool and mode. Every entry carries the
//! reason a person reads in the deny or ask.

use serde::Serialize;
use std::path::{Path, PathBuf};

/// How a call touches a path.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Access {
    Read,
    Write,
}

/// What the floor knows about one path form.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "class", rename_all = "kebab-case")]
pub enum PathClass {
    /// Credentials: reading or writing them is never allowed.
    Credential { what: &'static str },
    /// gatehook's own config, state, audit log or binary: writing is never allowed.
    SelfConfig { what: &'static str },
    /// The harness's settings, hooks and MCP config: writing is never allowed.
    HarnessConfig { what: &'static str },
    /// Protected: never fast-pathed; asked about (guard) or reviewed (auto).
    Protected { what: &'static str },
}

/// Where the floor's per-user facts come from.
#[derive(Clone, Debug)]
pub struct FloorCtx {
    pub home: PathBuf,
    /// gatehook's config and data dirs, the managed config dir, the running binary.
    pub self_paths: Vec<PathBuf>,
    pub project_root: PathBuf,
    /// Harness config locations moved by the environment ([`env_harness`]).
    pub harness: Vec<(PathBuf, &'static str)>,
}

/// Home-relative credential locations: any path at or under them. (`.ssh` is special-cased.)
const HOME_CREDENTIALS: &[(&str, &str)] = &[
    (".aws", "AWS credentials"),
    (".config/gh", "GitHub CLI credentials"),
    (".config/hub", "GitHub hub credentials"),
    (".netrc", "netrc login credentials"),
    (".docker/config.json", "Docker registry credentials"),
    (".kube", "Kubernetes credentials"),
    (".gnupg", "GnuPG keys"),
    (".config/gcloud", "Google Cloud credentials"),
    (".azure", "Azure credentials"),
    (".oci", "Oracle Cloud credentials"),
    (".git-credentials", "git stored credentials"),
    (".pgpass", "PostgreSQL passwords"),
    (".my.cnf", "MySQL credentials"),
    (".pypirc", "PyPI upload credentials"),
    (".npmrc", "npm auth token"),
    (".cargo/credentials", "crates.io token"),
    (".cargo/credentials.toml", "crates.io token"),
    (
        ".terraform.d/credentials.tfrc.json",
        "Terraform Cloud token",
    ),
    (".vault-token", "HashiCorp Vault token"),
    (".password-store", "pass password store"),
    (".local/share/keyrings", "desktop keyring"),
    (".config/op", "1Password CLI session"),
    (".config/rclone/rclone.conf", "rclone remote credentials"),
    (".s3cfg", "S3 credentials"),
    (".boto", "cloud storage credentials"),
    (".config/doctl", "DigitalOcean token"),
    (".fly", "Fly.io token"),
    (".config/railway", "Railway token"),
    (".config/heroku", "Heroku credentials"),
    (".claude/.credentials.json", "Claude Code login credentials"),
];

/// Absolute credential locations.
const ABS_CREDENTIALS: &[(&str, &str)] = &[
    ("/etc/shadow", "system password hashes"),
    ("/etc/gshadow", "system group password hashes"),
    ("/root/.ssh", "root's SSH keys"),
];

/// Home-relative harness settings and hooks (writes are a hard floor).
const HOME_HARNESS: &[(&str, &str)] = &[
    (".claude", "Claude Code's user settings, hooks and memory"),
    (".claude.json", "Claude Code's user config"),
    (".claude.json.backup", "Claude Code's user config"),
    (".gemini", "Gemini CLI's settings and hooks"),
    (".codex", "Codex's config, rules and hooks"),
    (".cursor/hooks.json", "Cursor's hooks"),
    (".cursor/mcp.json", "Cursor's MCP servers"),
    (".copilot", "Copilot CLI's config"),
];

/// Harness config locations an environment variable moves, read from the same variable
/// the harness reads: (variable, path under its value, what). Writes are a hard floor, as
/// for the default locations above (which stay on the floor whatever the variables say).
pub const ENV_HARNESS: &[(&str, &str, &str)] = &[
    (
        "CODEX_HOME",
        "",
        "Codex's config, rules and hooks (CODEX_HOME)",
    ),
    (
        "CLAUDE_CONFIG_DIR",
        "",
        "Claude Code's user settings and hooks (CLAUDE_CONFIG_DIR)",
    ),
    (
        "GEMINI_CLI_HOME",
        ".gemini",
        "Gemini CLI's settings and hooks (GEMINI_CLI_HOME)",
    ),
    (
        "GEMINI_CLI_SYSTEM_SETTINGS_PATH",
        "",
        "Gemini CLI's system settings",
    ),
    (
        "GEMINI_CLI_SYSTEM_DEFAULTS_PATH",
        "",
        "Gemini CLI's system defaults",
    ),
    (
        "GEMINI_CLI_TRUSTED_FOLDERS_PATH",
        "",
        "Gemini CLI's trusted folders (which projects' hooks run)",
    ),
];

/// The [`ENV_HARNESS`] locations of this environment: for each variable set to a non-empty
/// value, the location (a relative value taken from `cwd`) and, when it exists, its
/// resolved form, so a write through either spelling is caught.
pub fn env_harness(
    getenv: impl Fn(&str) -> Option<std::ffi::OsString>,
    cwd: &Path,
) -> Vec<(PathBuf, &'static str)> {
    let mut out = Vec::new();
    for (var, sub, what) in ENV_HARNESS {
        let Some(value) = getenv(var).filter(|v| !v.is_empty()) else {
            continue;
        };
        let mut at = cwd.join(PathBuf::from(value));
        if !sub.is_empty() {
            at.push(sub);
        }
        let at = crate::paths::normalize(&at);
        if let Ok(real) = std::fs::canonicalize(&at) {
            if real != at {
                out.push((real, *what));
            }
        }
        out.push((at, *what));
    }
    out
}

/// Absolute harness locations (managed settings).
const ABS_HARNESS: &[(&str, &str)] = &[
    ("/etc/claude-code", "Claude Code's managed settings"),
    (
        "/Library/Application Support/ClaudeCode",
        "Claude Code's managed settings",
    ),
    ("/etc/gemini-cli", "Gemini CLI's system settings"),
    (
        "/Library/Application Support/GeminiCli",
        "Gemini CLI's system settings",
    ),
    ("/etc/cursor", "Cursor's enterprise hooks"),
    ("/etc/codex", "Codex's system config"),
];

/// Directory names protected wherever they appear (Claude Code's protected list).
const PROTECTED_DIRS: &[&str] = &[
    ".git",
    ".vscode",
    ".idea",
    ".husky",
    ".cargo",
    ".devcontainer",
    ".yarn",
    ".mvn",
    ".claude",
    ".circleci",
    ".buildkite",
];

/// File names protected wherever they appear (Claude Code's protected list and friends).
const PROTECTED_FILES: &[&str] = &[
    ".gitconfig",
    ".gitmodules",
    ".gitattributes",
    ".bashrc",
    ".bash_profile",
    ".bash_login",
    ".bash_aliases",
    ".bash_logout",
    ".zshrc",
    ".zprofile",
    ".zshenv",
    ".zlogin",
    ".zlogout",
    ".profile",
    ".envrc",
    ".npmrc",
    ".yarnrc",
    ".yarnrc.yml",
    ".pnp.cjs",
    ".pnp.loader.mjs",
    ".pnpmfile.cjs",
    "bunfig.toml",
    ".bunfig.toml",
    ".bazelrc",
    ".bazelversion",
    ".bazeliskrc",
    ".pre-commit-config.yaml",
    "lefthook.yml",
    "lefthook.yaml",
    ".lefthook.yml",
    ".lefthook.yaml",
    "gradle-wrapper.properties",
    "maven-wrapper.properties",
    ".devcontainer.json",
    ".ripgreprc",
    "pyrightconfig.json",
    ".inputrc",
    ".vimrc",
    ".exrc",
    ".tmux.conf",
    ".gitlab-ci.yml",
    "authorized_keys",
    "config.fish",
    ".pythonrc",
    ".pdbrc",
    "sitecustomize.py",
    "usercustomize.py",
];

/// Absolute persistence surfaces: code that runs later, outside the agent's view.
const ABS_PERSISTENCE: &[(&str, &str)] = &[
    ("/etc/cron.d", "cron jobs"),
    ("/etc/cron.daily", "cron jobs"),
    ("/etc/cron.hourly", "cron jobs"),
    ("/etc/cron.weekly", "cron jobs"),
    ("/etc/cron.monthly", "cron jobs"),
    ("/etc/crontab", "cron jobs"),
    ("/var/spool/cron", "cron jobs"),
    ("/etc/systemd", "systemd units"),
    ("/lib/systemd", "systemd units"),
    ("/usr/lib/systemd", "systemd units"),
    ("/etc/init.d", "init scripts"),
    ("/etc/profile", "login shell startup"),
    ("/etc/profile.d", "login shell startup"),
    ("/etc/bash.bashrc", "shell startup"),
    ("/etc/zsh", "shell startup"),
    ("/etc/environment", "system environment"),
    ("/etc/ld.so.preload", "library preloading"),
    ("/etc/sudoers", "sudo policy"),
    ("/etc/sudoers.d", "sudo policy"),
    ("/etc/hosts", "name resolution"),
    ("/Library/LaunchDaemons", "launchd daemons"),
    ("/Library/LaunchAgents", "launchd agents"),
];

/// Home-relative persistence surfaces.
const HOME_PERSISTENCE: &[(&str, &str)] = &[
    (".config/systemd", "user systemd units"),
    (".config/autostart", "desktop autostart"),
    ("Library/LaunchAgents", "launchd agents"),
    (".local/bin", "programs on your PATH"),
    ("bin", "programs on your PATH"),
    (".config/git", "git's global config"),
    (".config/fish", "fish shell startup"),
];

/// `.env` variants that hold no secrets by convention.
const ENV_TEMPLATES: &[&str] = &[
    ".env.example",
    ".env.sample",
    ".env.template",
    ".env.dist",
    ".env.defaults",
];

/// Extensions of key and certificate material.
const KEY_EXTENSIONS: &[&str] = &["pem", "key", "p12", "pfx", "jks", "keystore", "ppk"];

/// Private key file names (as `ssh-keygen` names them).
const PRIVATE_KEY_NAMES: &[&str] = &[
    "id_rsa",
    "id_dsa",
    "id_ecdsa",
    "id_ed25519",
    "id_ecdsa_sk",
    "id_ed25519_sk",
];

fn under(p: &Path, base: &Path) -> bool {
    p.starts_with(base)
}

fn home_rel<'a>(p: &'a Path, home: &Path) -> Option<&'a Path> {
    p.strip_prefix(home).ok()
}

/// A file name that holds secrets by its name alone, anywhere.
fn secret_file_name(name: &str) -> Option<&'static str> {
    if (name == ".env" || name.starts_with(".env.")) && !ENV_TEMPLATES.contains(&name) {
        return Some("an environment file with secrets");
    }
    if PRIVATE_KEY_NAMES.contains(&name) {
        return Some("a private key");
    }
    let ext = Path::new(name)
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("");
    if KEY_EXTENSIONS.iter().any(|k| ext.eq_ignore_ascii_case(k)) {
        return Some("key or certificate material");
    }
    None
}

/// Is this `/proc/<pid>/environ` (or a task's)? Another process's environment holds secrets.
fn proc_environ(p: &Path) -> bool {
    let mut c = p.components().skip(1);
    if c.next().map(|x| x.as_os_str()) != Some("proc".as_ref()) {
        return false;
    }
    p.file_name().map(|n| n == "environ").unwrap_or(false)
}

/// Every credential location as a path to look at (a file, or a directory holding them):
/// what the hard-link check (`reach`) stats. The one reader of the credential tables for
/// that purpose, so the tables' source can change behind it.
pub fn credential_locations(ctx: &FloorCtx) -> Vec<PathBuf> {
    let mut out = vec![ctx.home.join(".ssh")];
    out.extend(HOME_CREDENTIALS.iter().map(|(base, _)| ctx.home.join(base)));
    out.extend(ABS_CREDENTIALS.iter().map(|(base, _)| PathBuf::from(base)));
    out.push(PathBuf::from("/etc/ssh"));
    out
}

/// Classify one absolute path form. The most severe class is returned.
pub fn classify(p: &Path, access: Access, ctx: &FloorCtx) -> Option<PathClass> {
    let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
    let rel = home_rel(p, &ctx.home);

    // Credentials: reads and writes.
    if proc_environ(p) {
        return Some(PathClass::Credential {
            what: "another process's environment",
        });
    }
    if let Some(rel) = rel {
        if rel.starts_with(".ssh") {
            // Public keys and known hosts may be read; anything else there is a key, or
            // config and authorized_keys (persistence). A directory read (Grep, Glob)
            // reaches the keys inside, so the directory itself counts too.
            let public =
                name.ends_with(".pub") || name == "known_hosts" || name == "known_hosts.old";
            if access == Access::Write || !public {
                return Some(PathClass::Credential {
                    what: "SSH keys and config",
                });
            }
        }
        for (base, what) in HOME_CREDENTIALS {
            if rel.starts_with(base) {
                return Some(PathClass::Credential { what });
            }
        }
    }
    for (base, what) in ABS_CREDENTIALS {
        if under(p, Path::new(base)) {
            return Some(PathClass::Credential { what });
        }
    }
    if under(p, Path::new("/etc/ssh")) && name.starts_with("ssh_host_") && name.ends_with("_key") {
        return Some(PathClass::Credential {
            what: "SSH host private keys",
        });
    }

    if access == Access::Write {
        for s in &ctx.self_paths {
            if under(p, s) {
                return Some(PathClass::SelfConfig {
                    what: "gatehook's own config, state, audit log or binary",
                });
            }
        }
        if under(p, Path::new("/etc/gatehook")) {
            return Some(PathClass::SelfConfig {
                what: "gatehook's managed config",
            });
        }
        if name == ".gatehook.toml" || p.components().any(|c| c.as_os_str() == ".gatehook") {
            return Some(PathClass::SelfConfig {
                what: "gatehook's project policy",
            });
        }
        if let Some(rel) = rel {
            for (base, what) in HOME_HARNESS {
                if rel.starts_with(base) {
                    return Some(PathClass::HarnessConfig { what });
                }
            }
        }
        for (base, what) in &ctx.harness {
            if under(p, base) {
                return Some(PathClass::HarnessConfig { what });
            }
        }
        for (base, what) in ABS_HARNESS {
            if under(p, Path::new(base)) {
                return Some(PathClass::HarnessConfig { what });
            }
        }
        if let Some(what) = harness_file_anywhere(p, name) {
            return Some(PathClass::HarnessConfig { what });
        }
    }

    // Protected, not hard: secrets by name (reads and writes), the rest for writes.
    if let Some(what) = secret_file_name(name) {
        return Some(PathClass::Protected { what });
    }
    if access == Access::Write {
        if let Some(what) = protected_write(p, rel, name) {
            return Some(PathClass::Protected { what });
        }
    }
    None
}

/// Harness settings that live inside projects.
fn harness_file_anywhere(p: &Path, name: &str) -> Option<&'static str> {
    let parent = p
        .parent()
        .and_then(|d| d.file_name())
        .and_then(|n| n.to_str())
        .unwrap_or("");
    if name == ".mcp.json" {
        return Some("the project's MCP server config");
    }
    if parent == ".claude" && name.starts_with("settings") && name.ends_with(".json") {
        return Some("Claude Code's project settings and hooks");
    }
    if p.components()
        .collect::<Vec<_>>()
        .windows(2)
        .any(|w| w[0].as_os_str() == ".claude" && w[1].as_os_str() == "hooks")
    {
        return Some("Claude Code's project hooks");
    }
    if parent == ".gemini" && name == "settings.json" {
        return Some("Gemini CLI's project settings and hooks");
    }
    if parent == ".codex" && (name == "config.toml" || name == "hooks.json") {
        return Some("Codex's project config and hooks");
    }
    if p.components()
        .collect::<Vec<_>>()
        .windows(2)
        .any(|w| w[0].as_os_str() == ".codex" && w[1].as_os_str() == "rules")
    {
        return Some("Codex's project approval rules");
    }
    if parent == ".cursor" && (name == "hooks.json" || name == "mcp.json") {
        return Some("Cursor's project hooks");
    }
    let comps: Vec<_> = p.components().map(|c| c.as_os_str()).collect();
    if comps
        .windows(2)
        .any(|w| w[0] == ".github" && w[1] == "hooks")
    {
        return Some("Copilot's repository hooks");
    }
    None
}

fn protected_write(p: &Path, rel: Option<&Path>, name: &str) -> Option<&'static str> {
    let comps: Vec<&std::ffi::OsStr> = p.components().map(|c| c.as_os_str()).collect();
    if comps
        .windows(2)
        .any(|w| w[0] == ".github" && w[1] == "workflows")
    {
        return Some("CI workflows");
    }
    if comps.windows(2).any(|w| w[0] == ".git" && w[1] == "hooks") {
        return Some("git hooks");
    }
    for (i, c) in comps.iter().enumerate() {
        if let Some(d) = c.to_str() {
            if PROTECTED_DIRS.contains(&d) {
                // `.claude/worktrees` is the harness's own scratch space, not config.
                if d == ".claude" && comps.get(i + 1).map(|n| *n == "worktrees").unwrap_or(false) {
                    continue;
                }
                return Some(protected_dir_reason(d));
            }
        }
    }
    if comps.windows(2).any(|w| w[0] == ".config" && w[1] == "git") {
        return Some("git's config");
    }
    if PROTECTED_FILES.contains(&name) {
        return Some("a config file that runs code or changes tools' behaviour");
    }
    for (base, what) in ABS_PERSISTENCE {
        if under(p, Path::new(base)) {
            return Some(what);
        }
    }
    if let Some(rel) = rel {
        for (base, what) in HOME_PERSISTENCE {
            if rel.starts_with(base) {
                return Some(what);
            }
        }
    }
    None
}

fn protected_dir_reason(d: &str) -> &'static str {
    match d {
        ".git" => "git's internals (hooks and config run code)",
        ".husky" => "git hooks",
        ".vscode" | ".idea" | ".devcontainer" => {
            "editor and dev-container config that can run code"
        }
        ".cargo" => "cargo config that can run code",
        ".claude" => "Claude Code's project config",
        _ => "tool config that can run code",
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn ctx() -> FloorCtx {
        FloorCtx {
            home: PathBuf::from("/home/u"),
            self_paths: vec![
                PathBuf::from("/home/u/.config/gatehook"),
                PathBuf::from("/gh"),
            ],
            project_root: PathBuf::from("/w/p"),
            harness: vec![(
                PathBuf::from("/srv/codex-home"),
                "Codex's config, rules and hooks (CODEX_HOME)",
            )],
        }
    }

    fn class(p: &str, a: Access) -> &'static str {
        match classify(Path::new(p), a, &ctx()) {
            None => "none",
            Some(PathClass::Credential { .. }) => "credential",
            Some(PathClass::SelfConfig { .. }) => "self",
            Some(PathClass::HarnessConfig { .. }) => "harness",
            Some(PathClass::Protected { .. }) => "protected",
        }
    }

    #[test]
    fn harness_config_moved_by_the_environment_is_on_the_floor() {
        use Access::{Read as R, Write as W};
        for (p, a, want) in [
            ("/srv/codex-home/hooks.json", W, "harness"),
            ("/srv/codex-home/config.toml", W, "harness"),
            ("/srv/codex-home", W, "harness"),
            ("/srv/codex-home/hooks.json", R, "none"),
            ("/srv/codex-homework/x", W, "none"),
            // The default locations stay on the floor whatever the variables say.
            ("/home/u/.codex/hooks.json", W, "harness"),
            ("/w/p/.codex/hooks.json", W, "harness"),
            ("/w/p/.codex/rules/default.rules", W, "harness"),
            (
                "/Library/Application Support/GeminiCli/settings.json",
                W,
                "harness",
            ),
        ] {
            assert_eq!(class(p, a), want, "{p} {a:?}");
        }
        let tmp = std::env::temp_dir();
        let vars = |k: &str| -> Option<std::ffi::OsString> {
            match k {
                "CODEX_HOME" => Some("/srv/ch".into()),
                "CLAUDE_CONFIG_DIR" => Some("rel/claude".into()),
                "GEMINI_CLI_HOME" => Some("/srv/g".into()),
                "GEMINI_CLI_TRUSTED_FOLDERS_PATH" => Some("".into()),
                _ => None,
            }
        };
        let got: Vec<(PathBuf, &str)> = env_harness(vars, Path::new("/w/p/sub"))
            .into_iter()
            .filter(|(p, _)| !p.starts_with(&tmp))
            .collect();
        let paths: Vec<&Path> = got.iter().map(|(p, _)| p.as_path()).collect();
        assert_eq!(
            paths,
            [
                Path::new("/srv/ch"),
                Path::new("/w/p/sub/rel/claude"),
                Path::new("/srv/g/.gemini"),
            ],
            "{got:?}"
        );
        assert!(got[0].1.contains("CODEX_HOME"));
    }

    #[test]
    fn classifies_paths() {
        use Access::{Read as R, Write as W};
        let cases = [
            ("/home/u/.ssh/id_rsa", R, "credential"),
            ("/home/u/.ssh/id_rsa.pub", R, "none"),
            ("/home/u/.ssh/authorized_keys", W, "credential"),
            ("/home/u/.ssh/known_hosts", R, "none"),
            ("/home/u/.aws/credentials", R, "credential"),
            ("/home/u/.config/gh/hosts.yml", R, "credential"),
            ("/home/u/.netrc", R, "credential"),
            ("/home/u/.docker/config.json", R, "credential"),
            ("/home/u/.kube/config", R, "credential"),
            ("/home/u/.gnupg/private-keys-v1.d/x", R, "credential"),
            ("/proc/self/environ", R, "credential"),
            ("/proc/1/task/1/environ", R, "credential"),
            ("/home/u/.claude/settings.json", W, "harness"),
            ("/home/u/.claude/settings.json", R, "none"),
            ("/home/u/.claude.json", W, "harness"),
            ("/w/p/.claude/settings.json", W, "harness"),
            ("/w/p/.claude/settings.local.json", W, "harness"),
            ("/w/p/.claude/hooks/x.sh", W, "harness"),
            ("/w/p/.claude/agents/x.md", W, "protected"),
            ("/w/p/.claude/worktrees/a/src/x.rs", W, "none"),
            ("/w/p/.mcp.json", W, "harness"),
            ("/gh/config.toml", W, "self"),
            ("/gh/audit.jsonl", R, "none"),
            ("/home/u/.config/gatehook/config.toml", W, "self"),
            ("/w/p/.gatehook.toml", W, "self"),
            ("/etc/gatehook/config.toml", W, "self"),
            ("/w/p/.env", R, "protected"),
            ("/w/p/.env.local", W, "protected"),
            ("/w/p/.env.example", W, "none"),
            ("/w/p/certs/server.pem", R, "protected"),
            ("/w/p/.git/hooks/pre-commit", W, "protected"),
            ("/w/p/.git/config", R, "none"),
            ("/w/p/.github/workflows/ci.yml", W, "protected"),
            ("/w/p/.husky/pre-commit", W, "protected"),
            ("/home/u/.bashrc", W, "protected"),
            ("/w/p/src/main.rs", W, "none"),
            ("/etc/cron.d/job", W, "protected"),
            ("/home/u/.config/systemd/user/x.service", W, "protected"),
            ("/w/p/.vscode/settings.json", W, "protected"),
            ("/w/p/.vscode/settings.json", R, "none"),
        ];
        for (p, a, want) in cases {
            assert_eq!(class(p, a), want, "{p} {a:?}");
        }
    }
}
