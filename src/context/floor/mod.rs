//! The path floor: which paths are credentials, gatehook's own files, the harness's
//! settings, or otherwise protected. Pure tables and matching over absolute paths; the
//! engine decides what a finding means for a given tool and mode. Every entry carries the
//! reason a person reads in the deny or ask. [`classify`] is the one entry point.
//!
//! The credential stores are data in one reviewed file (`sensitive`: agent CLIs, git,
//! containers, clusters, clouds, package registries, GPG and password managers, browser
//! profiles and keychains, histories, `/proc/*/environ`, cloud metadata endpoints); they
//! hold under every home directory the path names (root's and other users' too) and where
//! the environment moves them ([`env_credentials`]). Every table is compared with the path
//! folded as a case-insensitive, normalising file system compares names (`fold`), so
//! `.CLAUDE/settings.json`, `.MCP.json` and `.cl\u{200c}aude` are what they are on macOS.
//! [`outside_read`] says whether a read outside the workspace is ordinary.

mod fold;
pub mod sensitive;

pub use fold::fold;
pub use sensitive::{inet_aton, metadata_host};

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
    /// Credential stores moved by the environment ([`env_credentials`]).
    pub credentials: Vec<(PathBuf, &'static str)>,
}

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
        let at = crate::context::paths::normalize(&at);
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
    ".curlrc",
    ".wgetrc",
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

/// `path` is `entry` or lies under it. `path` is folded (lower-case); `entry` is ASCII in
/// any case and may hold `*` for exactly one component.
fn at_or_under(path: &str, entry: &str) -> bool {
    if !entry.contains('*') {
        let (p, e) = (path.as_bytes(), entry.as_bytes());
        return p.len() >= e.len()
            && p[..e.len()].eq_ignore_ascii_case(e)
            && (p.len() == e.len() || p[e.len()] == b'/');
    }
    let mut pc = path.split('/');
    entry.split('/').all(|e| {
        pc.next()
            .is_some_and(|c| (e == "*" && !c.is_empty()) || c.eq_ignore_ascii_case(e))
    })
}

/// `dir` is a proper ancestor of `entry` (component-wise, `*` in `entry` matching any one
/// component): a tree read of `dir` reaches it.
fn ancestor_of(dir: &str, entry: &str) -> bool {
    let dir = dir.trim_end_matches('/');
    let dc: Vec<&str> = if dir.is_empty() {
        vec![""]
    } else {
        dir.split('/').collect()
    };
    let ec: Vec<&str> = entry.split('/').collect();
    dc.len() < ec.len()
        && dc
            .iter()
            .zip(&ec)
            .all(|(d, e)| (*e == "*" && !d.is_empty()) || d.eq_ignore_ascii_case(e))
}

/// The part of a folded path below a folded base: `Some("")` for the base itself.
fn below<'a>(path: &'a str, base: &str) -> Option<&'a str> {
    let base = base.trim_end_matches('/');
    let rest = path.strip_prefix(base)?;
    if rest.is_empty() {
        Some("")
    } else {
        rest.strip_prefix('/')
    }
}

/// The home directories a folded path lies in, and the part of the path below each: the
/// user's own, and any other the path itself names (`/home/NAME`, `/Users/NAME`, `/root`,
/// `/var/root`): credentials of root and other users are credentials too.
fn homes<'a>(fp: &'a str, home: &str) -> [Option<&'a str>; 2] {
    let own = below(fp, home);
    let mut other = None;
    for base in ["/root", "/var/root", "/private/var/root"] {
        if let Some(r) = below(fp, base) {
            other = Some(r);
        }
    }
    for base in ["/home/", "/users/"] {
        if let Some(rest) = fp.strip_prefix(base) {
            if let Some((user, r)) = rest.split_once('/') {
                if !user.is_empty() {
                    other = Some(r);
                }
            } else if !rest.is_empty() {
                other = Some("");
            }
        }
    }
    if let Some(r) = windows_profile(fp) {
        other = Some(r);
    }
    [own, other.filter(|o| Some(*o) != own)]
}

/// The part of a folded path below a Windows profile a Unix-like shell mounts
/// ([`sensitive::WINDOWS_PROFILES`], the drive one letter): `Some("")` for the profile.
fn windows_profile(fp: &str) -> Option<&str> {
    sensitive::WINDOWS_PROFILES.iter().find_map(|pat| {
        let want: Vec<&str> = pat.trim_start_matches('/').split('/').collect();
        let mut rest = fp.strip_prefix('/')?;
        for (i, w) in want.iter().enumerate() {
            let (c, r) = rest.split_once('/').unwrap_or((rest, ""));
            let fits = match *w {
                // The drive (the first `*`) is one letter; the profile any name.
                "*" if i + 1 < want.len() => c.len() == 1 && c.as_bytes()[0].is_ascii_alphabetic(),
                "*" => !c.is_empty(),
                w => c == w,
            };
            if !fits {
                return None;
            }
            rest = r;
        }
        Some(rest)
    })
}

/// Whether the folded directory `dir` holds a Windows profile (a tree read reaches one):
/// `/mnt`, `/mnt/c`, `/mnt/c/users`, `/c`, `/cygdrive/c/users`.
fn holds_windows_profile(dir: &str) -> bool {
    let dir = dir.trim_end_matches('/');
    let dc: Vec<&str> = dir.split('/').skip(1).filter(|c| !c.is_empty()).collect();
    sensitive::WINDOWS_PROFILES.iter().any(|pat| {
        let want: Vec<&str> = pat.trim_start_matches('/').split('/').collect();
        dc.len() < want.len()
            && dc
                .iter()
                .zip(&want)
                .enumerate()
                .all(|(i, (c, w))| match *w {
                    "*" if i + 1 < want.len() => {
                        c.len() == 1 && c.as_bytes()[0].is_ascii_alphabetic()
                    }
                    "*" => !c.is_empty(),
                    w => *c == w,
                })
    })
}

fn file_name(fp: &str) -> &str {
    fp.rsplit('/').next().unwrap_or("")
}

/// `/proc/PID/root/…` and `/proc/PID/cwd/…` are other names of the file system (a
/// process's root and working directory): what follows is judged as the path it names.
fn proc_view(fp: &str) -> Option<String> {
    let rest = fp.strip_prefix("/proc/")?;
    let mut parts = rest.splitn(3, '/');
    let _pid = parts.next()?;
    match parts.next()? {
        "root" => Some(format!("/{}", parts.next().unwrap_or(""))),
        _ => None,
    }
}

/// The credential a folded path is, if any.
fn credential(fp: &str, access: Access, ctx: &FloorCtx) -> Option<&'static str> {
    if let Some(view) = proc_view(fp) {
        if let Some(what) = credential(&view, access, ctx) {
            return Some(what);
        }
    }
    let name = file_name(fp);
    let home = fold(&ctx.home.to_string_lossy()).into_owned();
    for rel in homes(fp, &home).into_iter().flatten() {
        if at_or_under(rel, ".ssh") {
            // Public keys and known hosts may be read; anything else there is a key, or
            // config and authorized_keys (persistence). A directory read (Grep, Glob)
            // reaches the keys inside, so the directory itself counts too.
            let public = name.ends_with(".pub") || sensitive::SSH_READABLE.contains(&name);
            if access == Access::Write || !public || rel == ".ssh" {
                return Some("SSH keys and config");
            }
        }
        if let Some(st) = sensitive::HOME.iter().find(|st| at_or_under(rel, st.at)) {
            return Some(st.what);
        }
    }
    if let Some(st) = sensitive::ABS.iter().find(|st| at_or_under(fp, st.at)) {
        return Some(st.what);
    }
    for (base, what) in &ctx.credentials {
        if at_or_under(fp, &fold(&base.to_string_lossy())) {
            return Some(what);
        }
    }
    if at_or_under(fp, "/etc/ssh") && name.starts_with("ssh_host_") && name.ends_with("_key") {
        return Some("SSH host private keys");
    }
    if name.starts_with("krb5cc_") {
        return Some("a Kerberos ticket cache");
    }
    let project = fold(&ctx.project_root.to_string_lossy()).into_owned();
    if extension_in(name, sensitive::VAULT_EXTENSIONS) && below(fp, &project).is_none() {
        return Some("a password database or keychain");
    }
    // A backup or swap-file copy beside a store (`~/.netrc~`, `~/.netrc.bak`,
    // `~/.aws/credentials.orig`, `~/..netrc.swp`) holds what the store held.
    if let Some((dir, _)) = fp.rsplit_once('/') {
        for stem in sensitive::backup_of(name) {
            if let Some(what) = credential(&format!("{dir}/{stem}"), access, ctx) {
                return Some(what);
            }
        }
    }
    None
}

fn extension_in(name: &str, exts: &[&str]) -> bool {
    name.rsplit_once('.')
        .is_some_and(|(stem, ext)| !stem.is_empty() && exts.contains(&ext))
}

/// Every credential location as a path to look at (a file, or a directory holding them):
/// what the hard-link check (`reach`) stats. The one reader of the credential tables for
/// that purpose ([`sensitive_files`] under the home in effect).
pub fn credential_locations(ctx: &FloorCtx) -> Vec<PathBuf> {
    sensitive_files(&ctx.home).collect()
}

/// A file name that holds secrets by its name alone, anywhere.
fn secret_file_name(name: &str) -> Option<&'static str> {
    if (name == ".env" || name.starts_with(".env.")) && !sensitive::ENV_TEMPLATES.contains(&name) {
        return Some("an environment file with secrets");
    }
    if sensitive::PRIVATE_KEY_NAMES.contains(&name) || renamed_private_key(name) {
        return Some("a private key");
    }
    if extension_in(name, sensitive::KEY_EXTENSIONS) {
        return Some("key or certificate material");
    }
    if extension_in(name, sensitive::VAULT_EXTENSIONS) {
        return Some("a password database or keychain");
    }
    if let Some((_, what)) = sensitive::SECRET_FILE_NAMES
        .iter()
        .find(|(n, _)| name == *n)
    {
        return Some(what);
    }
    if let Some((_, what)) = sensitive::SECRET_FILE_ENDINGS
        .iter()
        .find(|(e, _)| name.len() > e.len() && name.ends_with(e))
    {
        return Some(what);
    }
    if let Some(stem) = name.strip_suffix(".json") {
        if stem.starts_with("client_secret") {
            return Some("a Google OAuth client secret");
        }
        let words: Vec<&str> = stem.split(['-', '_', '.']).collect();
        if sensitive::SERVICE_ACCOUNT_NAME_WORDS
            .iter()
            .any(|seq| words.windows(seq.len()).any(|w| w == *seq))
        {
            return Some("a Google service-account key (by its name)");
        }
    }
    if pgp_private_by_name(name) {
        return Some("a PGP private key (by its name)");
    }
    if name.ends_with(".p8")
        && sensitive::APPLE_KEY_PREFIXES
            .iter()
            .any(|p| name.starts_with(p))
    {
        return Some("an Apple private key");
    }
    None
}

/// What a content search outside the workspace for a secret's name (`password`,
/// `aws_secret_access_key`) reads, whose lines show the values.
pub const SECRET_LINES_OUTSIDE: &str = "lines naming a secret, searched for outside the workspace";

/// A name that stands for a class of secret file names, with an ordinary name of the same
/// shape (the same extension, a leading dot kept): a file-name pattern (a search's glob)
/// that admits `secret` but not `ordinary` is aimed at secrets, whatever files are there.
pub struct SecretWitness {
    pub secret: String,
    pub ordinary: String,
    /// Secret only outside the workspace (a name that says it holds a secret,
    /// [`sensitive::SECRET_NAME_WORDS`]); inside, it is an ordinary file of the project.
    pub outside_only: bool,
}

/// One witness of every class of name [`secret_file_name`] (and, outside the workspace,
/// [`outside_read`]) takes for a secret, built from the tables in [`sensitive`]: every
/// listed name and ending, `.env` and its variants, each key and vault extension, the
/// private key, service-account and Apple key names, the copied stores' file names that
/// say what they hold, and the secret words.
pub fn secret_name_witnesses() -> Vec<SecretWitness> {
    fn shape(name: &str) -> String {
        let dot = if name.starts_with('.') { "." } else { "" };
        let twin = match name.trim_start_matches('.').rsplit_once('.') {
            Some((_, ext)) => format!("{dot}zzordinary.{ext}"),
            None => format!("{dot}zzordinary"),
        };
        // An ending that is itself the secret's mark (`.tfstate`): another ending.
        if secret_file_name(&twin).is_some() {
            format!("{dot}zzordinary.zzordinary")
        } else {
            twin
        }
    }
    let mut out: Vec<SecretWitness> = Vec::new();
    let mut add = |secret: String, ordinary: String, outside_only: bool| {
        out.push(SecretWitness {
            secret,
            ordinary,
            outside_only,
        })
    };
    for n in [".env", ".env.local", ".env.production", ".env.development"] {
        add(n.to_string(), ".zzordinary".to_string(), false);
    }
    for n in sensitive::PRIVATE_KEY_NAMES {
        add(n.to_string(), "zzordinary".to_string(), false);
    }
    for e in sensitive::KEY_EXTENSIONS
        .iter()
        .chain(sensitive::VAULT_EXTENSIONS)
    {
        add(
            format!("server.{e}"),
            "server.zzordinary".to_string(),
            false,
        );
    }
    for (n, _) in sensitive::SECRET_FILE_NAMES {
        add(n.to_string(), shape(n), false);
    }
    for (e, _) in sensitive::SECRET_FILE_ENDINGS {
        add(format!("main{e}"), "main.zzordinary".to_string(), false);
    }
    add(
        "client_secret_1.json".to_string(),
        "zzordinary.json".to_string(),
        false,
    );
    for words in sensitive::SERVICE_ACCOUNT_NAME_WORDS {
        add(
            format!("ci-{}.json", words.join("-")),
            "ci-zzordinary.json".to_string(),
            false,
        );
    }
    for p in sensitive::APPLE_KEY_PREFIXES {
        add(format!("{p}abc123.p8"), "zzordinary.p8".to_string(), false);
    }
    for (at, _) in sensitive::COPIED_STORES {
        let n = at.rsplit('/').next().unwrap_or(at);
        if secret_looking(n) {
            add(n.to_string(), shape(n), false);
        }
    }
    for w in sensitive::SECRET_NAME_WORDS {
        add(format!("my_{w}.txt"), "my_zzordinary.txt".to_string(), true);
    }
    out
}

/// The store a folded path's last components name, copied anywhere
/// ([`sensitive::COPIED_STORES`]): the entry's components at the path's end, or the
/// path below them.
fn copied_store(fp: &str) -> Option<&'static str> {
    let comps: Vec<&str> = fp.split('/').filter(|c| !c.is_empty()).collect();
    sensitive::COPIED_STORES.iter().find_map(|(at, what)| {
        // No allocation per entry: this runs for every path a call names.
        let n = at.split('/').count();
        let first = at.split('/').next().unwrap_or(at);
        (0..comps.len())
            .filter(|&i| i + n <= comps.len() && comps[i].eq_ignore_ascii_case(first))
            .any(|i| {
                comps[i..i + n]
                    .iter()
                    .zip(at.split('/'))
                    .all(|(c, e)| c.eq_ignore_ascii_case(e))
            })
            .then_some(*what)
    })
}

/// A registry settings file ([`sensitive::CONTENT_JUDGED`]) that holds a literal
/// credential now, or whose content cannot be seen (not there, not a regular file, too
/// large, not UTF-8): what it is. One that can be read and holds none is not.
fn content_judged(p: &Path, fp: &str) -> Option<&'static str> {
    // Split once: the table is long and most paths match none of it.
    let comps: Vec<&str> = fp.split('/').collect();
    let (_, what) = sensitive::CONTENT_JUDGED
        .iter()
        .find(|(n, _)| ends_with_entry(&comps, n))?;
    match held(p, registry_secret_line) {
        Held::Nothing => None,
        Held::Secret => Some(what),
        Held::Unchecked => Some(
            "a settings file of a kind that holds secrets, whose content cannot be checked for one",
        ),
    }
}

/// What a file holds, as far as one bounded read ([`held`]) can tell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Held {
    /// Read whole, and no line holds a literal secret.
    Nothing,
    /// A line holds a literal secret.
    Secret,
    /// Not there, not a regular file, larger than [`sensitive::CONTENT_JUDGED_MAX`], not
    /// UTF-8, or unreadable: what it holds cannot be seen, so it may be anything.
    Unchecked,
}

/// A line of a registry settings file ([`sensitive::CONTENT_JUDGED`]) that holds a
/// literal credential: anything [`crate::decision::redact::has_secret`] finds, or a
/// Bundler gem-server credential. A reference to the environment (`token:
/// ${GITHUB_TOKEN}`) is no secret; a commented-out token is one (a read prints it as well
/// as a live one).
fn registry_secret_line(line: &str) -> bool {
    crate::decision::redact::has_secret(line.trim()) || bundler_credential(line)
}

/// A line of an application's or the system's settings ([`sensitive::CONTENT_READ_TREES`])
/// that holds a literal secret: one recognised by its shape wherever it is (a private key
/// block, a well-known token, a URL's password, an age identity), or a value under a
/// secret's name (`secretKey: …`, `password = …`, a netrc entry) on a line that is not a
/// comment, when the value can be a secret ([`plausible_secret`]). The comments of
/// system and application configuration are their documentation, full of examples
/// (`# input_password = secret`, `#BindPasswd: secret`), and their settings name secrets'
/// properties with values that are none (`passwd: files systemd`,
/// `"credentials_enable_service": false`, `tcp_syncookies=1`).
fn settings_secret_line(line: &str) -> bool {
    let l = line.trim();
    let comment = ["#", ";", "//", "!", "<!--", "*"]
        .iter()
        .any(|c| l.starts_with(c));
    crate::decision::redact::secret_spans(l)
        .into_iter()
        .any(|(r, shaped)| shaped || (!comment && plausible_secret(&l[r])))
}

/// Whether a value found under a secret's name can be one: at least 6 characters once
/// quotes and separators are trimmed, one word (no blank, no `|` of alternatives), not a
/// number, a boolean or a null, not a reference or template (`${X}`, `$X`, `%(x)s`,
/// `<your-token>`, `{{ x }}`), not one character repeated (`xxxxxx`, `******`), and when
/// shorter than 8 characters not a lower-case word alone (`compat`, `sss`, but `hunter2`).
fn plausible_secret(v: &str) -> bool {
    let v = v
        .trim()
        .trim_matches(|c: char| {
            matches!(
                c,
                '"' | '\'' | '`' | ',' | ';' | ')' | ']' | '}' | '(' | '['
            )
        })
        .trim();
    let n = v.chars().count();
    if n < 6 || v.contains(|c: char| c.is_whitespace() || c == '|') {
        return false;
    }
    if v.starts_with(['$', '%', '<', '{', '@']) {
        return false;
    }
    let lower = v.to_ascii_lowercase();
    if [
        "true",
        "false",
        "null",
        "none",
        "undefined",
        "disabled",
        "enabled",
    ]
    .contains(&lower.as_str())
    {
        return false;
    }
    if v.chars()
        .all(|c| c.is_ascii_digit() || matches!(c, '.' | '-' | '+' | '_'))
    {
        return false;
    }
    let first = v.chars().next().unwrap_or(' ');
    if v.chars().all(|c| c == first) {
        return false;
    }
    n >= 8 || !v.chars().all(|c| c.is_ascii_lowercase())
}

/// What the file at `p` holds by `line_holds` (a line that holds a literal secret), read
/// whole in one bounded, non-blocking read (never a FIFO or device). A value sops
/// encrypted (`ENC[AES256_GCM,data:…]`, sops' format) is ciphertext, no secret.
fn held(p: &Path, line_holds: fn(&str) -> bool) -> Held {
    use std::io::Read;
    let Ok(f) = crate::context::state::open_regular(p) else {
        return Held::Unchecked;
    };
    let max = sensitive::CONTENT_JUDGED_MAX;
    if f.metadata().map_or(true, |m| m.len() > max) {
        return Held::Unchecked;
    }
    let mut bytes = Vec::new();
    if f.take(max + 1).read_to_end(&mut bytes).is_err() || bytes.len() as u64 > max {
        return Held::Unchecked;
    }
    let Ok(text) = String::from_utf8(bytes) else {
        return Held::Unchecked;
    };
    let secret = text
        .lines()
        .filter(|l| !l.contains("ENC[AES256_GCM,"))
        .any(line_holds);
    if secret {
        Held::Secret
    } else {
        Held::Nothing
    }
}

/// What the files of the directory `dir` hold, walked without following links (as a
/// search walks it: a link out is judged by `reach`), each regular file by [`held`]; trees
/// of installed code ([`sensitive::CONTENT_PACKAGE_DIRS`]) are not entered. A tree larger
/// than the walk's bounds ([`sensitive::CONTENT_TREE_MAX_ENTRIES`] entries,
/// [`sensitive::CONTENT_TREE_MAX_BYTES`] bytes of files) or a directory that cannot be
/// listed is [`Held::Unchecked`]; one that is not there holds nothing.
fn tree_held(dir: &Path) -> Held {
    let mut stack = vec![dir.to_path_buf()];
    let (mut entries, mut bytes) = (0usize, 0u64);
    while let Some(d) = stack.pop() {
        let list = match std::fs::read_dir(&d) {
            Ok(l) => l,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
            Err(_) => return Held::Unchecked,
        };
        for e in list {
            entries += 1;
            if entries > sensitive::CONTENT_TREE_MAX_ENTRIES {
                return Held::Unchecked;
            }
            let Ok(e) = e else {
                return Held::Unchecked;
            };
            let Ok(kind) = e.file_type() else {
                return Held::Unchecked;
            };
            if kind.is_dir() {
                let name = e.file_name();
                let name = fold(&name.to_string_lossy()).into_owned();
                if !sensitive::CONTENT_PACKAGE_DIRS.contains(&name.as_str()) {
                    stack.push(e.path());
                }
            } else if kind.is_file() {
                bytes += e.metadata().map_or(u64::MAX / 2, |m| m.len());
                if bytes > sensitive::CONTENT_TREE_MAX_BYTES {
                    return Held::Unchecked;
                }
                match held(&e.path(), settings_secret_line) {
                    Held::Nothing => {}
                    other => return other,
                }
            }
        }
    }
    Held::Nothing
}

/// Where a read at folded `fp` is judged by what it holds, if it is
/// ([`sensitive::CONTENT_READ_TREES`]).
#[derive(Clone, Copy, PartialEq, Eq)]
enum ContentPlace {
    /// Below a home's application data (`.config`, `.local/share`, `.local/state`,
    /// macOS's `Library/Application Support` and `Library/Preferences`) but not in a tree
    /// of installed code ([`sensitive::CONTENT_PACKAGE_DIRS`],
    /// [`sensitive::CONTENT_PACKAGE_TREES`]), or system configuration below `/etc`:
    /// where tools keep tokens under names no list keeps up with, so a file that
    /// is not there cannot be checked either.
    Settings,
    /// A file directly in a home that is not a dotfile (`~/notes.txt`): a person's
    /// document, judged when it is there; one that is not there holds nothing (tools keep
    /// their tokens in dotfiles, which are asked about whatever they hold).
    HomeTop,
}

/// Where a read at folded `fp` is judged by what it holds ([`ContentPlace`]); `tree`:
/// the path is a directory.
fn content_read(fp: &str, home: &str, tree: bool) -> Option<ContentPlace> {
    // A tree of installed packages: a directory that holds nothing else
    // (`node_modules`), or a package manager's own tree (`composer/vendor`); not an app's
    // `lib` or `vendor` directory, whose files are its data.
    let in_code = |rest: &str| {
        rest.split('/')
            .any(|c| sensitive::CONTENT_PACKAGE_DIRS.contains(&c))
            || sensitive::CONTENT_PACKAGE_TREES
                .iter()
                .any(|t| below(rest, t).is_some())
    };
    let rels: Vec<&str> = homes(fp, home).into_iter().flatten().collect();
    let settings = rels.iter().any(|rel| {
        sensitive::CONTENT_READ_TREES
            .iter()
            .filter(|(t, _)| !t.starts_with('/'))
            .any(|(t, _)| below(rel, t).is_some_and(|rest| !rest.is_empty() && !in_code(rest)))
    }) || sensitive::CONTENT_READ_TREES
        .iter()
        .filter(|(t, _)| t.starts_with('/'))
        .any(|(t, _)| below(fp, t).is_some_and(|rest| !rest.is_empty()));
    if settings {
        return Some(ContentPlace::Settings);
    }
    rels.iter()
        .any(|rel| !tree && !rel.is_empty() && !rel.contains('/') && !rel.starts_with('.'))
        .then_some(ContentPlace::HomeTop)
}

/// Why a read of `p` (folded `fp`) outside the workspace, in a place whose files are
/// judged by what they hold ([`content_read`]), is not ordinary: a file (or, for a
/// directory, a file below it) that holds a literal secret, or whose content cannot be
/// seen.
fn content_read_why(p: &Path, fp: &str, home: &str, tree: bool) -> Option<&'static str> {
    let place = content_read(fp, home, tree)?;
    if place == ContentPlace::HomeTop
        && std::fs::symlink_metadata(p).is_err_and(|e| e.kind() == std::io::ErrorKind::NotFound)
    {
        return None;
    }
    let found = if tree {
        tree_held(p)
    } else {
        held(p, settings_secret_line)
    };
    match found {
        Held::Nothing => None,
        Held::Secret if tree => Some("an application's or the system's settings below it hold a secret"),
        Held::Secret => Some("an application's or the system's settings file that holds a secret"),
        Held::Unchecked if tree => Some(
            "a tree of applications' or the system's settings too large to check for secrets, or that cannot be listed",
        ),
        Held::Unchecked => Some(
            "an application's or the system's settings file whose content cannot be checked for a secret (not there, not a regular file, too large or not UTF-8)",
        ),
    }
}

/// Whether a folded path's components `comps` end with those of `entry` (a `*` in its last
/// component stands for any run of characters, `appsettings.*.json`).
fn ends_with_entry(comps: &[&str], entry: &str) -> bool {
    let n = entry.split('/').count();
    if n >= comps.len() {
        return false;
    }
    let tail = &comps[comps.len() - n..];
    tail.iter()
        .zip(entry.split('/'))
        .enumerate()
        .all(|(i, (c, w))| {
            if i + 1 < n {
                return *c == w;
            }
            match w.split_once('*') {
                None => *c == w,
                Some((pre, post)) => {
                    c.len() > pre.len() + post.len() && c.starts_with(pre) && c.ends_with(post)
                }
            }
        })
}

/// A Bundler setting for a gem server (`BUNDLE_GEMS__EXAMPLE__COM: "user:pass"`, a host
/// with its dots as `__`, per bundle-config(1) "CREDENTIALS FOR GEM SOURCES") with a
/// value; build options (`BUNDLE_BUILD__…`), local overrides (`BUNDLE_LOCAL__…`) and
/// mirrors (`BUNDLE_MIRROR__…`) are not credentials.
fn bundler_credential(line: &str) -> bool {
    let Some((key, value)) = line.trim().split_once(':') else {
        return false;
    };
    let key = key.trim().to_ascii_uppercase();
    let value = value.trim().trim_matches(['"', '\'']);
    key.strip_prefix("BUNDLE_").is_some_and(|k| {
        k.contains("__")
            && !["BUILD__", "LOCAL__", "MIRROR__"]
                .iter()
                .any(|p| k.starts_with(p))
    }) && !value.is_empty()
}

/// An exported OpenPGP key whose name says it is the private half
/// ([`sensitive::PGP_KEY_EXTENSIONS`], a word of [`sensitive::PGP_PRIVATE_WORDS`]).
fn pgp_private_by_name(name: &str) -> bool {
    let Some((stem, ext)) = name.rsplit_once('.') else {
        return false;
    };
    sensitive::PGP_KEY_EXTENSIONS.contains(&ext)
        && stem
            .split(['-', '_', '.', ' '])
            .any(|w| sensitive::PGP_PRIVATE_WORDS.contains(&w))
}

/// Is the file at `p` an armored OpenPGP private key by what it holds: a regular file
/// with one of [`sensitive::PGP_SNIFF_EXTENSIONS`] whose first
/// [`sensitive::PGP_SNIFF_MAX`] bytes hold [`sensitive::PGP_PRIVATE_HEADER`] (one
/// bounded, non-blocking read; anything else — no such file, a FIFO — is not).
fn pgp_private_key(p: &Path, name: &str) -> bool {
    use std::io::Read;
    if !name
        .rsplit_once('.')
        .is_some_and(|(s, e)| !s.is_empty() && sensitive::PGP_SNIFF_EXTENSIONS.contains(&e))
    {
        return false;
    }
    let Ok(f) = crate::context::state::open_regular(p) else {
        return false;
    };
    let mut head = Vec::new();
    if f.take(sensitive::PGP_SNIFF_MAX)
        .read_to_end(&mut head)
        .is_err()
    {
        return false;
    }
    let header = sensitive::PGP_PRIVATE_HEADER.as_bytes();
    head.windows(header.len()).any(|w| w == header)
}

/// Is the file at `p` a Google service-account key: a regular JSON file of at most
/// [`sensitive::SERVICE_ACCOUNT_KEY_MAX`] bytes whose top-level object has `"type":
/// "service_account"` and a `private_key`? Such keys are downloaded under any name
/// (`my-project-1a2b3c.json`), so they are recognised by what they hold. Anything else —
/// no such file, a directory, a FIFO, a larger file, text that is not that object — is not.
fn service_account_key(p: &Path) -> bool {
    let Some(ext) = p.extension() else {
        return false;
    };
    if !ext.eq_ignore_ascii_case("json") {
        return false;
    }
    let Ok(meta) = std::fs::metadata(p) else {
        return false;
    };
    if !meta.is_file() || meta.len() > sensitive::SERVICE_ACCOUNT_KEY_MAX {
        return false;
    }
    let Ok(bytes) = std::fs::read(p) else {
        return false;
    };
    let Ok(serde_json::Value::Object(map)) = serde_json::from_slice::<serde_json::Value>(&bytes)
    else {
        return false;
    };
    map.get("type").and_then(|t| t.as_str()) == Some("service_account")
        && map.contains_key("private_key")
}

/// Classify one absolute path form. The most severe class is returned. Every table is
/// compared with the path folded (`fold`): `.CLAUDE/settings.json` and `.cl\u{200c}aude` are
/// the harness's settings on the file systems that fold them.
pub fn classify(p: &Path, access: Access, ctx: &FloorCtx) -> Option<PathClass> {
    let raw = p.to_string_lossy();
    let folded = fold(&raw);
    let fp: &str = &folded;
    let name = file_name(fp);

    let home = fold(&ctx.home.to_string_lossy()).into_owned();
    let rel = below(fp, &home);
    // Credentials: reads and writes (a write to a store that is also the harness's
    // config, `~/.claude.json`, is reported as the harness's config: that is what the
    // person must edit themselves).
    if let Some(what) = credential(fp, access, ctx) {
        let harness = access == Access::Write
            && rel.is_some_and(|r| HOME_HARNESS.iter().any(|(b, _)| at_or_under(r, b)));
        if !harness {
            return Some(PathClass::Credential { what });
        }
    }
    if access == Access::Write {
        for s in &ctx.self_paths {
            if at_or_under(fp, &fold(&s.to_string_lossy())) {
                return Some(PathClass::SelfConfig {
                    what: "gatehook's own config, state, audit log or binary",
                });
            }
        }
        if at_or_under(fp, "/etc/gatehook") {
            return Some(PathClass::SelfConfig {
                what: "gatehook's managed config",
            });
        }
        if name == ".gatehook.toml" || fp.split('/').any(|c| c == ".gatehook") {
            return Some(PathClass::SelfConfig {
                what: "gatehook's project policy",
            });
        }
        if let Some(rel) = rel {
            for (base, what) in HOME_HARNESS {
                if at_or_under(rel, base) {
                    return Some(PathClass::HarnessConfig { what });
                }
            }
        }
        for (base, what) in &ctx.harness {
            if at_or_under(fp, &fold(&base.to_string_lossy())) {
                return Some(PathClass::HarnessConfig { what });
            }
        }
        for (base, what) in ABS_HARNESS {
            if at_or_under(fp, base) {
                return Some(PathClass::HarnessConfig { what });
            }
        }
        if let Some(what) = harness_file_anywhere(fp, name) {
            return Some(PathClass::HarnessConfig { what });
        }
    }

    // A Google service-account key, by what it holds: a credential outside the project,
    // protected inside it (like key material by name). Before the names, so that a key
    // saved under a name that says so is still a credential outside the project.
    if access == Access::Read && service_account_key(p) {
        let what = "a Google service-account key";
        let project = fold(&ctx.project_root.to_string_lossy()).into_owned();
        return Some(if below(fp, &project).is_some() {
            PathClass::Protected { what }
        } else {
            PathClass::Credential { what }
        });
    }
    // An armored PGP private key, by what it holds, as a service-account key is.
    if access == Access::Read && pgp_private_key(p, name) {
        let what = "a PGP private key";
        let project = fold(&ctx.project_root.to_string_lossy()).into_owned();
        return Some(if below(fp, &project).is_some() {
            PathClass::Protected { what }
        } else {
            PathClass::Credential { what }
        });
    }
    // An editor's recovery copy that spells the path of the file it copies
    // (`%home%me%.netrc.swp`, `!home!me!.aws!credentials~`) holds what that file held.
    if access == Access::Read {
        if let Some(class) = sensitive::encoded_original(name)
            .and_then(|orig| classify(Path::new(&orig), access, ctx))
        {
            return Some(class);
        }
    }
    // Protected, not hard: secrets by name (reads and writes), the rest for writes.
    if let Some(what) = secret_file_name(name).or_else(|| {
        sensitive::backup_of(name)
            .into_iter()
            .find_map(secret_file_name)
    }) {
        return Some(PathClass::Protected { what });
    }
    // A store's place copied into a project (`.aws/credentials`, `.docker/config.json`,
    // `.streamlit/secrets.toml`): protected, by its place alone.
    if let Some(what) = copied_store(fp) {
        return Some(PathClass::Protected { what });
    }
    // Registry settings (`.npmrc`, `.yarnrc.yml`, `pip.conf`): by what they hold now.
    if access == Access::Read {
        if let Some(what) = content_judged(p, fp) {
            return Some(PathClass::Protected { what });
        }
    }
    if access == Access::Write {
        if let Some(what) = protected_write(fp, rel, name) {
            return Some(PathClass::Protected { what });
        }
        // An 8.3 short name (`.CLAUD~1`) opens whichever long name it was generated for
        // on Windows: any protected directory or file may be behind it.
        if fp.split('/').any(fold::short_name) {
            return Some(PathClass::Protected {
                what: "a Windows 8.3 short name, which may stand for a protected directory or file",
            });
        }
    }
    None
}

/// Why a read of `p` outside the workspace is not ordinary, or `None` when it is. Called
/// for paths [`classify`] finds nothing in (credentials and protected paths are settled
/// before). `tree`: the path is a directory, so the read may reach everything below it.
/// `session`: the harness's session id (its own tool results are the agent's to read).
///
/// Ordinary: system locations (`/usr`, `/opt`, `/nix/store`, `/etc` but its credential
/// files, the harness's own temp and task-output directories under `/tmp`), and in a home
/// the places tools keep code and caches ([`sensitive::HOME_READABLE`], `~/.config/APP`
/// unless APP keeps a listed store) and non-dot directories (other projects). Not ordinary:
/// a dotfile or unknown dot-directory at the top of a home (shell rc files and tools'
/// own dot-directories often hold exported tokens), macOS's `Library` and Windows'
/// `AppData` (a Windows profile mounted under WSL, MSYS or Cygwin is a home), a file whose
/// name says it holds a secret, agents' records of past sessions
/// ([`sensitive::AGENT_RECORDS`]), a recorder's store below a home (histories, clipboards,
/// scrollback: [`sensitive::RECORDER_WORDS`]), an editor's recovery copy of a file that is
/// not ordinary, system configuration that holds a service's password
/// ([`sensitive::SYSTEM_SECRET_CONFIG`]), a service's state under `/var/lib` (but package
/// managers' trees), a file of the system's trees or a home that others may not read
/// ([`private_by_mode`]), and a directory whose tree holds a home or a credential store.
pub fn outside_read(p: &Path, tree: bool, ctx: &FloorCtx, session: &str) -> Option<&'static str> {
    let raw = p.to_string_lossy();
    let folded = fold(&raw);
    let fp: &str = &folded;
    let name = file_name(fp);
    if tree {
        if let Some(why) = tree_holds(fp, ctx) {
            return Some(why);
        }
    }
    if secret_looking(name) && !sensitive::PUBLIC_DESPITE_NAME.contains(&fp) {
        return Some("its name says it holds a secret");
    }
    // An editor's copy that spells the path of the file it copies is that file.
    if let Some(orig) = sensitive::encoded_original(name) {
        let orig = Path::new(&orig);
        if classify(orig, Access::Read, ctx).is_some() {
            return Some("an editor's recovery copy of a file that holds secrets");
        }
        if outside_read(orig, false, ctx, session).is_some() {
            return Some("an editor's recovery copy of a file that is not an ordinary read");
        }
    }
    if sensitive::AGENT_RECORD_NAMES.contains(&name) {
        return Some("an agent's record of past sessions (prompts and tool output)");
    }
    if sensitive::SYSTEM_SECRET_NAMES.contains(&name) {
        return Some("a service's secret, by its name");
    }
    if let Some(why) = system_secret(fp, tree) {
        return Some(why);
    }
    let home = fold(&ctx.home.to_string_lossy()).into_owned();
    let session = fold(session).into_owned();
    for rel in homes(fp, &home).into_iter().flatten() {
        if let Some(why) = home_read(rel)
            .or_else(|| agent_record(rel, &session))
            .or_else(|| recorder(rel, name))
        {
            return Some(why);
        }
    }
    private_by_mode(p, fp, &home, tree).or_else(|| content_read_why(p, fp, &home, tree))
}

/// Why `p` is a record of past work kept below a home — an agent's record of past sessions
/// ([`sensitive::AGENT_RECORDS`], or a tree above one) or a recorder's store (histories,
/// clipboards, scrollback: [`sensitive::RECORDER_WORDS`]) — whatever the session: the
/// prompts, commands and output it keeps are the person's, not the call's. Read by the
/// judge of a delegated prompt, which names such a file in prose.
pub fn record_of_past_work(p: &Path, ctx: &FloorCtx) -> Option<&'static str> {
    let raw = p.to_string_lossy();
    let folded = fold(&raw);
    let fp: &str = &folded;
    let name = file_name(fp);
    let home = fold(&ctx.home.to_string_lossy()).into_owned();
    let found = homes(fp, &home)
        .into_iter()
        .flatten()
        .find_map(|rel| agent_record(rel, "").or_else(|| recorder(rel, name)));
    found
}

/// Why a read at folded `fp` is system configuration that holds a service's secret, or a
/// service's state under `/var/lib` (package managers' trees aside).
fn system_secret(fp: &str, tree: bool) -> Option<&'static str> {
    if sensitive::SYSTEM_SECRET_CONFIG
        .iter()
        .any(|(at, _)| at_or_under(fp, at) || (tree && ancestor_of(fp, at)))
    {
        return Some("system configuration that holds a service's password or key");
    }
    let lib = below(fp, "/var/lib")?;
    if lib.is_empty() && !tree {
        return None;
    }
    if sensitive::VAR_LIB_READABLE
        .iter()
        .any(|r| at_or_under(fp, r))
    {
        return None;
    }
    Some("a service's state under /var/lib, where services keep their keys and databases")
}

/// Why a read at `rel` below a home is an agent's record of past sessions
/// ([`sensitive::AGENT_RECORDS`]; a directory above one too). Claude Code's auto memory and
/// the running session's own tool results (`session`, folded) are not.
fn agent_record(rel: &str, session: &str) -> Option<&'static str> {
    let rc: Vec<&str> = rel.split('/').collect();
    if rc.len() >= 4 && rc[0] == ".claude" && rc[1] == "projects" && rc[3] == "memory" {
        return None;
    }
    let own = rc.len() >= 5
        && rc[0] == ".claude"
        && rc[1] == "projects"
        && !session.is_empty()
        && rc[3] == session
        && rc[4] == "tool-results";
    sensitive::AGENT_RECORDS.iter().find_map(|(at, what)| {
        let ec: Vec<&str> = at.split('/').collect();
        let fits = |c: &str, e: &str| match e.split_once('*') {
            None => c.eq_ignore_ascii_case(e),
            Some(("", "")) => !c.is_empty(),
            Some((pre, post)) => {
                c.len() > pre.len() + post.len()
                    && c.starts_with(&fold(pre).into_owned())
                    && c.ends_with(&fold(post).into_owned())
            }
        };
        let at_or_below = rc.len() >= ec.len() && rc.iter().zip(&ec).all(|(c, e)| fits(c, e));
        // A tree above one (a search of `~/.claude/projects`), there or not yet; not above
        // an entry through its `*` (any app's extension storage: `~/.config/nvim`).
        let above = rc.len() < ec.len()
            && !ec[..rc.len()].contains(&"*")
            && (rel.is_empty() || rc.iter().zip(&ec).all(|(c, e)| fits(c, e)));
        ((at_or_below && !(own && at.ends_with("tool-results"))) || above).then_some(*what)
    })
}

/// Why a read at `rel` below a home is a recorder's store: a component that names a
/// history, clipboard or scrollback ([`sensitive::RECORDER_WORDS`], at a word's start), in
/// a dot-directory, `Library` or `AppData` but not a tree of code and packages, and not a
/// source or documentation file by its extension.
fn recorder(rel: &str, name: &str) -> Option<&'static str> {
    let first = rel.split('/').next().unwrap_or("");
    if !(first.starts_with('.') || first == "library" || first == "appdata") {
        return None;
    }
    const DATA: &[&str] = &[
        ".config",
        ".local",
        ".cache",
        ".claude",
        ".codex",
        ".gemini",
        ".copilot",
        ".cursor",
        ".vim",
        ".emacs.d",
        ".tmux",
        "library/caches",
        "library/logs",
    ];
    if sensitive::HOME_READABLE
        .iter()
        .any(|(d, _)| at_or_under(rel, d) && !DATA.iter().any(|x| x.eq_ignore_ascii_case(d)))
    {
        return None;
    }
    if rel
        .split('/')
        .any(|c| sensitive::PACKAGE_TREE_DIRS.contains(&c))
    {
        return None;
    }
    if let Some((_, ext)) = name.trim_start_matches('.').rsplit_once('.') {
        if sensitive::RECORDER_CODE_EXTENSIONS.contains(&ext) {
            return None;
        }
    }
    let word_at_start = |c: &str, w: &str| {
        c.match_indices(w).any(|(i, _)| {
            i == 0 || !c.as_bytes()[i - 1].is_ascii_alphabetic() || w.starts_with('_')
        })
    };
    rel.split('/')
        .any(|c| {
            sensitive::RECORDER_WORDS
                .iter()
                .any(|w| word_at_start(c, w))
        })
        .then_some("a record of what was typed, copied or shown (a history, clipboard or scrollback), where secrets end up")
}

/// Why a regular file at `p` (folded `fp`) in the system's trees
/// ([`sensitive::PRIVATE_BY_MODE`]) or a home (agents' own directories aside) is private:
/// others may not read it (`mode & 0o004 == 0`: a service's config kept `0600`/`0640`
/// because it holds a password, a tool's token file). One `lstat`; a file that is not
/// there, a link or a directory says nothing. Scratch space outside a home is not looked
/// at (`mktemp` makes every file `0600`).
fn private_by_mode(p: &Path, fp: &str, home: &str, tree: bool) -> Option<&'static str> {
    use std::os::unix::fs::PermissionsExt;
    if tree {
        return None;
    }
    let system = sensitive::PRIVATE_BY_MODE
        .iter()
        .any(|t| below(fp, t).is_some_and(|r| !r.is_empty()));
    let in_home = homes(fp, home).into_iter().flatten().any(|rel| {
        let first = rel.split('/').next().unwrap_or("");
        !rel.is_empty()
            && ![
                ".claude", ".codex", ".gemini", ".cursor", ".copilot", ".qwen",
            ]
            .contains(&first)
    });
    if !(system || in_home) {
        return None;
    }
    let meta = std::fs::symlink_metadata(p).ok()?;
    (meta.is_file() && meta.permissions().mode() & 0o004 == 0).then_some(
        "others may not read it (its mode keeps it private), as files holding secrets are kept",
    )
}

/// A file name that says it holds a secret (`api_token.txt`, `credentials.json`).
fn secret_looking(name: &str) -> bool {
    sensitive::SECRET_NAME_WORDS
        .iter()
        .any(|w| name.contains(w) && !(*w == "token" && name.contains("tokeniz")))
}

/// A private key saved under a name that adds to ssh-keygen's (`ssh-keygen -f`): a
/// prefix before it (`deploy_id_rsa`, `github-id_ed25519`) or a suffix after it with no
/// extension (`id_rsa_work`, `id_ed25519-github`); never the public half (`.pub`) or a
/// file of another kind (`id_rsa_test.go`).
fn renamed_private_key(name: &str) -> bool {
    sensitive::PRIVATE_KEY_NAMES.iter().any(|k| {
        let prefixed = name
            .strip_suffix(k)
            .is_some_and(|head| head.len() > 1 && head.ends_with(['_', '-', '.']));
        let suffixed = name.strip_prefix(k).is_some_and(|tail| {
            tail.len() > 1 && tail.starts_with(['_', '-']) && !tail.contains('.')
        });
        prefixed || suffixed
    })
}

/// Why a read at `rel` below a home is not ordinary.
fn home_read(rel: &str) -> Option<&'static str> {
    let first = rel.split('/').next().unwrap_or("");
    if rel.is_empty() {
        return Some("it is a home directory");
    }
    let known = sensitive::HOME_READABLE
        .iter()
        .find(|(d, _)| at_or_under(rel, d));
    match known {
        Some((".config" | ".local" | ".cache", _)) => {
            // `.config/APP/…`: ordinary unless APP keeps a listed store.
            let mut parts = rel.splitn(3, '/');
            let base = parts.next().unwrap_or("");
            let (base, app) = match (base, parts.next()) {
                (".local", Some("share")) => (".local/share", rel.split('/').nth(2)),
                (".local", Some("state")) => (".local/state", rel.split('/').nth(2)),
                (b, app) => (b, app),
            };
            let Some(app) = app.filter(|a| !a.is_empty()) else {
                return Some("it is a tree of applications' config and data");
            };
            let app_dir = format!("{base}/{app}");
            // A store named for any app (`.config/*/Cookies`) says nothing of this one's
            // other files; the store itself is matched by `classify`.
            if sensitive::HOME
                .iter()
                .filter(|st| !st.at.contains('*'))
                .any(|st| at_or_under(st.at, &app_dir) || ancestor_of(&app_dir, st.at))
            {
                return Some("the application keeps credentials in this directory");
            }
            None
        }
        Some(_) => None,
        None if first.starts_with('.') => {
            Some("an unknown dotfile or dot-directory in a home, where tools keep tokens")
        }
        // An application's own settings and data (`Library/Application Support/APP/…`,
        // `Library/Preferences/…`) are judged by what they hold, as `.config/APP/…` are
        // (`content_read`); unless APP keeps a listed store there.
        None if first.eq_ignore_ascii_case("library") => {
            let app_dir = ["library/application support/", "library/preferences/"]
                .iter()
                .find_map(|base| {
                    let rest = rel.strip_prefix(base)?;
                    let app = rest.split('/').next().filter(|a| !a.is_empty())?;
                    Some(format!("{base}{app}"))
                });
            match app_dir {
                Some(app_dir)
                    if sensitive::HOME
                        .iter()
                        .filter(|st| !st.at.contains('*'))
                        .any(|st| at_or_under(st.at, &app_dir) || ancestor_of(&app_dir, st.at)) =>
                {
                    Some("the application keeps credentials in this directory")
                }
                Some(_) => None,
                None => Some("macOS's Library, where applications keep tokens and saved passwords"),
            }
        }
        None if first.eq_ignore_ascii_case("appdata") => {
            Some("Windows' AppData, where applications keep tokens and saved passwords")
        }
        None => None,
    }
}

/// Why everything under the directory `p` includes a home or a credential store (serving,
/// mounting or reading the whole tree reaches them), if it does.
pub fn tree_holds_store(p: &Path, ctx: &FloorCtx) -> Option<&'static str> {
    let raw = p.to_string_lossy();
    tree_holds(&fold(&raw), ctx)
}

/// The system's shared temporary directories (macOS's `/tmp` is `/private/tmp`, its
/// per-user `$TMPDIR` lies under `/var/folders`).
const SHARED_SCRATCH: &[&str] = &[
    "/tmp",
    "/var/tmp",
    "/private/tmp",
    "/private/var/tmp",
    "/dev/shm",
    "/var/folders",
    "/private/var/folders",
];

/// Whether `p` (absolute, normalised) lies strictly below one of the system's temporary
/// directories, as written (no case folding: `/TMP` is another directory on Linux), and
/// outside the harness's own there (`/tmp/claude-UID/…`: its task output is read, never
/// written by a command). Only the place: what is there is for the caller to look at.
pub fn in_scratch(p: &Path) -> bool {
    in_system_scratch(p)
}

/// Whether `p` (absolute, normalised) is a plan file of Claude Code's plan mode: a
/// Markdown file directly in `~/.claude/plans/` (its default plans directory; plan mode
/// has the agent write its plan there, the one file it may edit in that mode). Only the
/// place, as written: what is there (a link, another name for the file) is for the caller
/// to look at. Checked against Claude Code 2.1.328's plan mode and its plans directory.
pub fn plan_file(p: &Path, home: &Path) -> bool {
    let (Some(s), Some(h)) = (p.to_str(), home.to_str()) else {
        return false;
    };
    below(s, h)
        .and_then(|rel| rel.strip_prefix(".claude/plans/"))
        .is_some_and(|name| {
            name.len() > 3
                && name.ends_with(".md")
                && !name.starts_with('.')
                && !name.contains('/')
                && name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
        })
}

fn in_system_scratch(p: &Path) -> bool {
    let Some(s) = p.to_str() else {
        return false;
    };
    SHARED_SCRATCH
        .iter()
        .filter(|root| **root != "/dev/shm")
        .any(|root| match below(s, root) {
            Some(rest) if !rest.is_empty() => !rest.starts_with("claude"),
            _ => false,
        })
}

/// Whether a file matching the home store `pattern` (with `*` components) exists below
/// the home at `base` inside the tree at folded `rel` (names compared folded; at most 512
/// entries read per directory; a home that is there but cannot be listed counts as holding
/// one).
fn store_below(base: &str, pattern: &str, rel: &str) -> bool {
    let relc: Vec<&str> = rel.split('/').collect();
    let comps: Vec<&str> = pattern.split('/').collect();
    fn walk(dir: &Path, i: usize, comps: &[&str], relc: &[&str]) -> bool {
        let Some(comp) = comps.get(i) else {
            return true;
        };
        let want = relc.get(i).copied();
        let Ok(entries) = std::fs::read_dir(dir) else {
            return false;
        };
        entries.flatten().take(512).any(|e| {
            let name = e.file_name();
            let name = fold(&name.to_string_lossy()).into_owned();
            let fits = match want {
                Some(w) => name == w && (*comp == "*" || name == fold(comp)),
                None => *comp == "*" || name == fold(comp),
            };
            fits && walk(&e.path(), i + 1, comps, relc)
        })
    }
    let base = Path::new(if base.is_empty() { "/" } else { base });
    // A home that is there but cannot be listed may hold anything; one that is not there
    // holds nothing.
    match std::fs::read_dir(base) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => return true,
        _ => {}
    }
    walk(base, 0, &comps, &relc)
}

/// Why a tree read of folded `dir` reaches a home or a credential store.
fn tree_holds(dir: &str, ctx: &FloorCtx) -> Option<&'static str> {
    let home = fold(&ctx.home.to_string_lossy()).into_owned();
    let bases = [
        home.as_str(),
        "/home",
        "/users",
        "/root",
        "/var/root",
        "/private/var/root",
    ];
    if bases.iter().any(|b| below(b, dir).is_some()) || holds_windows_profile(dir) {
        return Some("the tree holds a home directory");
    }
    for rel in homes(dir, &home).into_iter().flatten() {
        if rel.is_empty() {
            return Some("the tree is a home directory");
        }
        // A store named for any app (`.config/*/Cookies`) is in the tree only where such
        // a file is there (looked up, bounded); the others by name.
        let folded_base = dir.strip_suffix(rel).unwrap_or("").trim_end_matches('/');
        let real_home = ctx.home.to_string_lossy();
        let base: &str = if folded_base == home.trim_end_matches('/') {
            &real_home
        } else {
            folded_base
        };
        if ancestor_of(rel, ".ssh")
            || sensitive::HOME.iter().any(|st| {
                ancestor_of(rel, st.at) && (!st.at.contains('*') || store_below(base, st.at, rel))
            })
        {
            return Some("the tree holds a credential store");
        }
    }
    if sensitive::ABS.iter().any(|st| ancestor_of(dir, st.at))
        || ancestor_of(dir, "/etc/ssh/x")
        || ctx
            .credentials
            .iter()
            .any(|(c, _)| ancestor_of(dir, &fold(&c.to_string_lossy())))
    {
        return Some("the tree holds a credential store");
    }
    if SHARED_SCRATCH.iter().any(|s| below(s, dir).is_some()) {
        return Some("the tree is shared scratch space with other programs' files");
    }
    None
}

/// The credential locations to look at for hard links (a file, or a directory holding
/// them), under `home` and at the absolute places: what `reach` stats to find a sensitive
/// file with another name. Bounded: the tables' entries, `.ssh`, and the system's
/// locations without a `*`.
pub fn sensitive_files(home: &Path) -> impl Iterator<Item = PathBuf> + '_ {
    std::iter::once(home.join(".ssh"))
        .chain(
            sensitive::HOME
                .iter()
                .filter(|st| !st.at.contains('*'))
                .map(move |st| home.join(st.at)),
        )
        .chain(
            sensitive::ABS
                .iter()
                .filter(|st| !st.at.contains('*'))
                .map(|st| PathBuf::from(st.at)),
        )
        .chain(std::iter::once(PathBuf::from("/etc/ssh")))
}

/// The [`sensitive::MOVED`] stores of this environment (and the XDG base directories'
/// copies of the home entries under `.config`, `.local/share` and `.cache`): for each
/// variable set to a non-empty value, the location (a relative value taken from `cwd`) and,
/// when it exists, its resolved form.
pub fn env_credentials(
    getenv: impl Fn(&str) -> Option<std::ffi::OsString>,
    cwd: &Path,
    home: &Path,
) -> Vec<(PathBuf, &'static str)> {
    let mut out = Vec::new();
    let push = |at: PathBuf, what: &'static str, out: &mut Vec<(PathBuf, &'static str)>| {
        let at = crate::context::paths::normalize(&cwd.join(at));
        if let Ok(real) = std::fs::canonicalize(&at) {
            if real != at {
                out.push((real, what));
            }
        }
        out.push((at, what));
    };
    for mv in sensitive::MOVED {
        let Some(value) = getenv(mv.var).filter(|v| !v.is_empty()) else {
            continue;
        };
        let value = value.to_string_lossy().into_owned();
        let values: Vec<&str> = if mv.list {
            value
                .split(':')
                .filter(|v| !v.is_empty())
                .take(16)
                .collect()
        } else {
            vec![value.as_str()]
        };
        for v in values {
            let mut at = PathBuf::from(v);
            if !mv.sub.is_empty() {
                at.push(mv.sub);
            }
            push(at, mv.what, &mut out);
        }
    }
    for (var, default) in sensitive::XDG {
        let Some(value) = getenv(var).filter(|v| !v.is_empty()) else {
            continue;
        };
        let base = PathBuf::from(value);
        if crate::context::paths::normalize(&cwd.join(&base)) == home.join(default) {
            continue;
        }
        let prefix = format!("{default}/");
        for st in sensitive::HOME {
            if let Some(rest) = st.at.strip_prefix(&prefix) {
                push(base.join(rest), st.what, &mut out);
            }
        }
    }
    out
}

/// Two adjacent components `a/b` anywhere in a folded path.
fn pair(comps: &[&str], a: &str, b: &str) -> bool {
    comps.windows(2).any(|w| w[0] == a && w[1] == b)
}

/// Harness settings that live inside projects (`fp` and `name` folded).
fn harness_file_anywhere(fp: &str, name: &str) -> Option<&'static str> {
    let comps: Vec<&str> = fp.split('/').collect();
    let parent = comps
        .len()
        .checked_sub(2)
        .and_then(|i| comps.get(i))
        .copied()
        .unwrap_or("");
    if name == ".mcp.json" {
        return Some("the project's MCP server config");
    }
    if parent == ".claude" && name.starts_with("settings") && name.ends_with(".json") {
        return Some("Claude Code's project settings and hooks");
    }
    if pair(&comps, ".claude", "hooks") {
        return Some("Claude Code's project hooks");
    }
    if parent == ".gemini" && name == "settings.json" {
        return Some("Gemini CLI's project settings and hooks");
    }
    // Gemini CLI's policy engine loads a trusted workspace's `.gemini/policies/*.toml`
    // (`Storage.getWorkspacePoliciesDir`, `resolveWorkspacePolicyState`): allow and deny
    // rules for its tools, like its project settings.
    if pair(&comps, ".gemini", "policies") {
        return Some("Gemini CLI's project policy rules");
    }
    if parent == ".codex" && (name == "config.toml" || name == "hooks.json") {
        return Some("Codex's project config and hooks");
    }
    if pair(&comps, ".codex", "rules") {
        return Some("Codex's project approval rules");
    }
    if parent == ".cursor" && (name == "hooks.json" || name == "mcp.json") {
        return Some("Cursor's project hooks");
    }
    if pair(&comps, ".github", "hooks") {
        return Some("Copilot's repository hooks");
    }
    None
}

fn protected_write(fp: &str, rel: Option<&str>, name: &str) -> Option<&'static str> {
    let comps: Vec<&str> = fp.split('/').collect();
    if pair(&comps, ".github", "workflows") {
        return Some("CI workflows");
    }
    if pair(&comps, ".git", "hooks") {
        return Some("git hooks");
    }
    for (i, d) in comps.iter().enumerate() {
        if PROTECTED_DIRS.contains(d) {
            // `.claude/worktrees` is the harness's own scratch space, not config.
            if *d == ".claude" && comps.get(i + 1) == Some(&"worktrees") {
                continue;
            }
            return Some(protected_dir_reason(d));
        }
    }
    if pair(&comps, ".config", "git") {
        return Some("git's config");
    }
    if PROTECTED_FILES.contains(&name) {
        return Some("a config file that runs code or changes tools' behaviour");
    }
    for (base, what) in ABS_PERSISTENCE {
        if at_or_under(fp, base) {
            return Some(what);
        }
    }
    if let Some(rel) = rel {
        for (base, what) in HOME_PERSISTENCE {
            if at_or_under(rel, base) {
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

/// Hosts on this machine: talking to them sends nothing out.
pub fn is_loopback(host: &str) -> bool {
    let h = host
        .trim_start_matches('[')
        .trim_end_matches(']')
        .to_ascii_lowercase();
    // Only a literal address in 127.0.0.0/8: `127.evil.example` is a DNS name.
    let loop_v4 = h
        .parse::<std::net::Ipv4Addr>()
        .is_ok_and(|a| a.octets()[0] == 127);
    h == "localhost" || h.ends_with(".localhost") || h == "::1" || h == "0.0.0.0" || loop_v4
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    /// Every witness is what it stands for, and its ordinary twin is not.
    #[test]
    fn secret_name_witnesses_are_secret_and_their_twins_are_not() {
        let ws = secret_name_witnesses();
        assert!(ws.len() > 40);
        for w in &ws {
            if w.outside_only {
                assert!(secret_looking(&w.secret), "{}", w.secret);
            } else {
                assert!(
                    secret_file_name(&w.secret).is_some() || secret_looking(&w.secret),
                    "{}",
                    w.secret
                );
            }
            assert!(secret_file_name(&w.ordinary).is_none(), "{}", w.ordinary);
            assert!(!secret_looking(&w.ordinary), "{}", w.ordinary);
        }
    }

    use super::*;

    /// Loopback is a literal address in 127.0.0.0/8, `::1` or localhost; a name that
    /// starts like one is a DNS name anyone can point anywhere.
    #[test]
    fn loopback_is_a_literal_address() {
        for h in [
            "127.0.0.1",
            "127.1.2.3",
            "[::1]",
            "localhost",
            "LOCALHOST",
            "a.localhost",
        ] {
            assert!(is_loopback(h), "{h}");
        }
        for h in [
            "127.evil.example",
            "127.0.0.1.evil.example",
            "127.0.0",
            "127.0.0.1x",
            "128.0.0.1",
            "example.com",
        ] {
            assert!(!is_loopback(h), "{h}");
        }
    }

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
            credentials: vec![(
                PathBuf::from("/srv/codex-home/auth.json"),
                "Codex's login token (CODEX_HOME)",
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

    /// A backup or swap-file copy of a store is the store; of a secret by name, protected
    /// as the name is; of an ordinary file, nothing.
    #[test]
    fn aws_key_downloads_and_runner_credentials_are_secret_files_anywhere() {
        for p in [
            "/home/u/Downloads/dev_accessKeys.csv",
            "/home/u/Downloads/accessKeys.csv",
            "/mnt/backup/rootkey.csv",
            "/home/u/Downloads/credentials.csv",
            "/opt/actions-runner/.credentials",
            "/opt/actions-runner/.credentials_rsaparams",
            "/w/p/ci/alice_accessKeys.csv",
        ] {
            assert_eq!(class(p, Access::Read), "protected", "{p}");
        }
        for p in [
            "/home/u/Downloads/report.csv",
            "/home/u/Downloads/access.csv",
            "/w/p/data/keys.csv",
            "/opt/actions-runner/.runner",
        ] {
            assert_eq!(class(p, Access::Read), "none", "{p}");
        }
    }

    #[test]
    fn backup_and_swap_copies_of_stores_are_the_stores() {
        for p in [
            "/home/u/.netrc~",
            "/home/u/.netrc.bak",
            "/home/u/.netrc.orig",
            "/home/u/..netrc.swp",
            "/home/u/.netrc.swp",
            "/home/u/#.netrc#",
            "/home/u/.aws/credentials.bak",
            "/home/u/.aws.bak",
            "/home/u/.pgpass.old",
            "/home/u/.msmtprc~",
            "/home/u/.pg_service.conf.bak",
            "/home/u/.vagrant.d/data/vagrant_login_token.bak",
        ] {
            assert_eq!(class(p, Access::Read), "credential", "{p}");
            assert_eq!(class(p, Access::Write), "credential", "{p}");
        }
        assert_eq!(class("/w/p/.env.bak", Access::Read), "protected");
        assert_eq!(class("/w/p/id_rsa~", Access::Read), "protected");
        // A private key under a name added to ssh-keygen's; not its public half.
        for p in [
            "/w/p/keys/deploy_id_rsa",
            "/w/p/github-id_ed25519",
            "/w/p/id_rsa_work",
            "/w/p/id_ecdsa-ci",
        ] {
            assert_eq!(class(p, Access::Read), "protected", "{p}");
        }
        for p in [
            "/w/p/keys/deploy_id_rsa.pub",
            "/w/p/id_rsa_test.go",
            "/w/p/valid_rsa",
            "/w/p/noid_rsa",
        ] {
            assert_eq!(class(p, Access::Read), "none", "{p}");
        }
        for p in [
            "/home/u/.bashrc~",
            "/home/u/notes.txt.bak",
            "/w/p/src/main.rs~",
            "/w/p/.main.rs.swp",
            "/home/u/~",
            "/home/u/.bak",
        ] {
            assert_eq!(class(p, Access::Read), "none", "{p}");
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
            // Gemini CLI's workspace policies (allow rules for its tools).
            ("/w/p/.gemini/policies/allow.toml", W, "harness"),
            ("/w/p/.gemini/policies", W, "harness"),
            ("/w/p/.gemini/policies/allow.toml", R, "none"),
            ("/w/p/docs/policies/allow.toml", W, "none"),
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
            // Judged by what it holds; one that is not there shows nothing of it.
            ("/w/p/.git/config", R, "protected"),
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

    #[test]
    fn build_and_ci_tools_keys_histories_and_container_records_are_credentials() {
        use Access::Read as R;
        for p in [
            "/home/u/.ivy2/.credentials",
            "/home/u/.sbt/credentials",
            "/home/u/.sbt/.credentials",
            "/home/u/.circleci/cli.yml",
            "/home/u/.travis/config.yml",
            "/home/u/.age/key.txt",
            "/home/u/.config/sops/age/keys.txt",
            "/home/u/.ansible/vault_pass",
            "/home/u/.ansible/vault_pass.txt",
            "/home/u/.vault_pass.txt",
            "/root/.vault_pass",
            "/home/u/.tsh/keys/proxy.example/dev",
            "/home/u/.step/secrets/root_ca_key",
            "/home/u/.local/share/atuin/history.db",
            "/home/other/.local/share/atuin/key",
            "/var/lib/docker/containers/0123abcd/config.v2.json",
        ] {
            assert_eq!(class(p, R), "credential", "{p}");
        }
        // Their neighbours that hold no secret stay what they were.
        for (p, want) in [
            ("/home/u/.ivy2/cache/org.scala/ivy.xml", "none"),
            ("/home/u/.sbt/boot/scala-2.12/lib/x.jar", "none"),
            ("/home/u/.tsh/proxy.example.yaml", "none"),
            ("/home/u/.config/atuin/config.toml", "none"),
            ("/var/lib/docker/containers/0123abcd/hostname", "none"),
        ] {
            assert_eq!(class(p, R), want, "{p}");
        }
    }

    /// The stores added by a survey of developer tools (editor plugins, AI CLIs, data
    /// tools, cloud and SaaS CLIs, registries, remote access, mail and chat, browsers,
    /// histories): each a credential under any home, each beside a neighbour of the same
    /// tool that holds no secret and stays what it was.
    #[test]
    fn surveyed_tool_stores_are_credentials_and_their_neighbours_are_not() {
        use Access::{Read as R, Write as W};
        let groups: &[(&[&str], &[&str])] = &[
            // Editor plugins and telemetry.
            (
                &[
                    "/home/u/.wakatime.cfg",
                    "/home/u/.WakaTime.cfg",
                    "/root/.wakatime.cfg",
                    "/home/u/.codeium/config.json",
                    "/home/u/.local/share/.codeium/config.json",
                    "/home/u/.config/Windsurf/User/globalStorage/state.vscdb",
                    "/home/u/.config/JetBrains/IntelliJIdea2024.3/c.pwd",
                    "/Users/bob/Library/Application Support/JetBrains/PyCharm2024.1/c.pwd",
                    "/home/u/.config/JetBrains/GoLand2024.1/c.kdbx",
                    "/home/u/.continue/.env",
                ],
                &[
                    "/home/u/.wakatime/wakatime-cli-linux-amd64",
                    "/home/u/.wakatime.log",
                    "/home/u/.config/JetBrains/IntelliJIdea2024.3/options/editor.xml",
                    "/home/u/.config/Windsurf/User/settings.json",
                    "/home/u/.config/zed/settings.json",
                ],
            ),
            // AI CLIs and SDK configs.
            (
                &[
                    "/home/u/.aider/oauth-keys.env",
                    "/home/u/.config/io.datasette.llm/keys.json",
                    "/Users/bob/Library/Application Support/io.datasette.llm/keys.json",
                    "/home/u/.config/shell_gpt/.sgptrc",
                    "/home/u/.config/aichat/config.yaml",
                    "/home/u/.cache/huggingface/token",
                    "/home/u/.cache/huggingface/stored_tokens",
                    "/home/u/.huggingface/token",
                    "/home/u/.kaggle/kaggle.json",
                    "/home/u/.kaggle/access_token",
                    "/home/u/.config/kaggle/kaggle.json",
                ],
                &[
                    "/home/u/.config/io.datasette.llm/logs.db",
                    "/home/u/.config/shell_gpt/roles/default.json",
                    "/home/u/.config/aichat/roles/coder.md",
                    "/home/u/.cache/huggingface/hub/models--x/config.json",
                ],
            ),
            // Data tools.
            (
                &[
                    "/home/u/.databricks/token-cache.json",
                    "/home/u/.config/databricks-sdk-py/oauth/abc.json",
                    "/home/u/.config/snowflake/connections.toml",
                    "/home/u/.pg_service.conf",
                    "/home/u/.clickhouse-client/config.xml",
                    "/home/u/.duckdb/stored_secrets/s3.duckdb_secret",
                    "/home/u/.local/share/DBeaverData/workspace6/General/.dbeaver/credentials-config.json",
                    "/Users/bob/Library/DBeaverData/workspace6/General/.dbeaver/credentials-config.json",
                ],
                &[
                    "/home/u/.duckdb/extensions/v1.1.0/httpfs.duckdb_extension",
                    "/home/u/.local/share/DBeaverData/workspace6/General/.dbeaver/data-sources.json",
                    "/home/u/.databricks/labs/x/state.json",
                ],
            ),
            // Cloud and SaaS CLIs.
            (
                &[
                    "/home/u/.ovh.conf",
                    "/etc/ovh.conf",
                    "/home/u/.config/b2/account_info",
                    "/home/u/.okta/okta.yaml",
                    "/home/u/.config/algolia/config.toml",
                    "/home/u/.config/shopify-cli-kit-nodejs/config.json",
                    "/home/u/.slack/credentials.json",
                    "/home/u/.postman/postmanrc",
                    "/home/u/.fastlane/spaceship/me@example.com/cookie",
                    "/home/u/.appstoreconnect/private_keys/AuthKey_ABC123.p8",
                    "/home/u/private_keys/AuthKey_ABC123.p8",
                    "/var/lib/tailscale/tailscaled.state",
                ],
                &[
                    "/home/u/.slack/config.json",
                    "/home/u/.config/algolia/README.md",
                    "/var/lib/tailscale-docs/README.md",
                ],
            ),
            // Registries, provisioning and configuration management.
            (
                &[
                    "/home/u/.regctl/config.json",
                    "/Users/bob/Library/Preferences/helm/repositories.yaml",
                    "/home/u/.vagrant.d/data/vagrant_login_token",
                    "/home/u/.chef/credentials",
                    "/home/u/.chef/alice.pem",
                    "/etc/chef/client.pem",
                    "/etc/puppetlabs/puppet/ssl/private_keys/node.pem",
                    "/home/u/.puppetlabs/token",
                    "/etc/salt/pki/master/master.pem",
                    "/home/u/.ansible/galaxy_token",
                    "/home/u/.config/nix/nix.conf",
                    "/etc/nix/netrc",
                    "/home/u/.config/cachix/cachix.dhall",
                    "/home/u/.rattler/credentials.json",
                    "/home/u/.continuum/anaconda-client/tokens/x.token",
                ],
                &[
                    "/home/u/.vagrant.d/boxes/x/metadata_url",
                    "/home/u/.ansible/tmp/x",
                    "/etc/nix/nix.conf",
                    "/etc/puppetlabs/puppet/puppet.conf",
                    "/etc/salt/minion",
                    "/home/u/.rattler/cache/x",
                ],
            ),
            // Remote access, file transfer, HTTP clients, notebooks.
            (
                &[
                    "/home/u/.vnc/passwd",
                    "/home/u/.config/remmina/remmina.pref",
                    "/home/u/.local/share/remmina/1.remmina",
                    "/home/u/.config/filezilla/sitemanager.xml",
                    "/home/u/.config/filezilla/recentservers.xml",
                    "/home/u/.putty/sessions/prod",
                    "/home/u/.config/httpie/sessions/api.example/s.json",
                    "/home/u/.config/Insomnia/insomnia.Environment.db",
                    "/home/u/.local/share/jupyter/runtime/jpserver-1.json",
                    "/home/u/.mcli/config.json",
                    "/home/u/.authinfo",
                    "/home/u/.authinfo.gpg",
                ],
                &[
                    "/home/u/.vnc/xstartup",
                    "/home/u/.config/filezilla/filezilla.xml",
                    "/home/u/.config/httpie/config.json",
                    "/home/u/.local/share/jupyter/kernels/python3/kernel.json",
                ],
            ),
            // Mail, chat and browsers.
            (
                &[
                    "/home/u/.msmtprc",
                    "/home/u/.fetchmailrc",
                    "/home/u/.mbsyncrc",
                    "/home/u/.config/weechat/sec.conf",
                    "/home/u/.irssi/config",
                    "/home/u/.local/share/TelegramDesktop/tdata/key_datas",
                    "/home/u/.config/mozilla/firefox/x.default/logins.json",
                    "/home/u/.librewolf/x.default/key4.db",
                    "/home/u/.var/app/com.google.Chrome/config/google-chrome/Default/Login Data",
                    "/home/u/snap/brave/current/.config/BraveSoftware/x",
                    "/Users/bob/Library/Application Support/Vivaldi/Default/Cookies",
                ],
                &[
                    "/home/u/.config/weechat/weechat.conf",
                    "/home/u/.irssi/scripts/x.pl",
                ],
            ),
            // Password managers and histories.
            (
                &[
                    "/home/u/Documents/vault.keyx",
                    "/home/u/.zsh_sessions/ABC.history",
                    "/home/u/.Rhistory",
                    "/home/u/.lesshst",
                    "/home/u/.julia/logs/repl_history.jl",
                    "/home/u/.duckdb_history",
                    "/home/u/.clickhouse-client-history",
                    "/home/u/.config/pgcli/history",
                    "/home/u/.mycli-history",
                    "/home/u/.ipython/profile_work/history.sqlite",
                    "/home/u/.cassandra/cqlsh_history",
                ],
                &[
                    "/home/u/.julia/packages/X/abc/src/X.jl",
                    "/home/u/.config/pgcli/config",
                    "/home/u/.ipython/profile_work/startup/00.py",
                ],
            ),
        ];
        for (stores, neighbours) in groups {
            for p in *stores {
                assert_eq!(class(p, R), "credential", "{p}");
                assert_eq!(class(p, W), "credential", "{p}");
            }
            for p in *neighbours {
                assert_eq!(class(p, R), "none", "{p}");
            }
        }
        // The environment moves some of them.
        let vars = |k: &str| -> Option<std::ffi::OsString> {
            match k {
                "WAKATIME_HOME" => Some("/srv/wk".into()),
                "LLM_USER_PATH" => Some("/srv/llm".into()),
                "PGPASSFILE" => Some("/srv/pgpass".into()),
                "KAGGLE_CONFIG_DIR" => Some("/srv/kg".into()),
                _ => None,
            }
        };
        let got = env_credentials(vars, Path::new("/w/p"), Path::new("/home/u"));
        let has = |p: &str| got.iter().any(|(g, _)| g == Path::new(p));
        assert!(has("/srv/wk/.wakatime.cfg") && has("/srv/llm/keys.json"));
        assert!(has("/srv/pgpass") && has("/srv/kg/kaggle.json"));
    }

    /// Stores of MCP configs, package registries, mail clients and build tools surveyed
    /// after the red team read them as ordinary files; their neighbours stay ordinary.
    #[test]
    fn agent_mcp_configs_registry_and_mail_stores_are_credentials() {
        use Access::Read as R;
        for p in [
            "/home/u/.cursor/mcp.json",
            "/home/u/.codeium/windsurf/mcp_config.json",
            "/home/u/.config/Claude/claude_desktop_config.json",
            "/home/u/Library/Application Support/Claude/claude_desktop_config.json",
            "/home/u/.config/Code/User/mcp.json",
            "/home/u/.config/Cursor/User/mcp.json",
            "/home/u/.config/Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json",
            "/home/u/.config/Code/User/globalStorage/rooveterinaryinc.roo-cline/settings/mcp_settings.json",
            "/home/u/.continue/mcpServers/github.yaml",
            "/home/u/.config/crush/crush.json",
            "/home/u/.local/share/crush/crush.json",
            "/home/u/.config/opencode/opencode.json",
            "/home/u/.config/goose/config.yaml",
            "/home/u/.config/jfrog/jfrog-cli.conf.v6",
            "/srv/jf/jfrog-cli.conf.v6",
            "/home/u/.cabal/config",
            "/home/u/.config/cabal/config",
            "/home/u/.stack/upload/credentials.json",
            "/home/u/.config/pnpm/rc",
            "/home/u/Library/Preferences/pnpm/rc",
            "/home/u/.yarnrc",
            "/home/u/.bunfig.toml",
            "/home/u/.julia/servers/pkg.julialang.org/auth.toml",
            "/home/u/.platformio/appstate.json",
            "/home/u/.config/aerc/accounts.conf",
            "/home/u/.config/himalaya/config.toml",
            "/home/u/.muttrc",
            "/home/u/.config/neomutt/neomuttrc",
            "/home/u/.offlineimaprc",
            "/home/u/.purple/accounts.xml",
            "/root/.cursor/mcp.json",
        ] {
            assert!(
                matches!(class(p, R), "credential" | "protected"),
                "{p}: {}",
                class(p, R)
            );
        }
        for p in [
            "/home/u/.cursor/mcp.json",
            "/home/u/.config/aerc/accounts.conf",
            "/home/u/.cabal/config",
            "/home/u/.config/pnpm/rc",
        ] {
            assert_eq!(class(p, R), "credential", "{p}");
        }
        for p in [
            "/home/u/.cursor/extensions/x/package.json",
            "/home/u/.cabal/packages/hackage.haskell.org/01-index.tar",
            "/home/u/.config/aerc/aerc.conf",
            "/home/u/.config/aerc/binds.conf",
            "/home/u/.config/Code/User/settings.json",
            "/home/u/.config/zed/settings.json",
            "/home/u/.julia/packages/X/abc/src/X.jl",
            "/home/u/.stack/programs/x86_64-linux/ghc-9.6.6/lib/x",
            "/w/p/.cursor/mcp.json",
        ] {
            assert_eq!(class(p, R), "none", "{p}");
        }
    }

    /// A store's place copied into a project is protected by the place; the same names
    /// elsewhere in the path are not.
    #[test]
    fn stores_copied_into_a_project_are_protected() {
        use Access::Read as R;
        for p in [
            "/w/p/.aws/credentials",
            "/w/p/deploy/.aws/credentials",
            "/w/p/.docker/config.json",
            "/w/p/ci/.kube/config",
            "/w/p/.streamlit/secrets.toml",
            "/w/p/home/.config/gh/hosts.yml",
            "/w/p/.cargo/credentials.toml",
            "/w/p/.AWS/Credentials",
            "/tmp/x/.aws/credentials",
        ] {
            assert_eq!(class(p, R), "protected", "{p}");
        }
        for p in [
            "/w/p/.aws/config.example",
            "/w/p/docs/aws/credentials.md",
            "/w/p/.docker/daemon.json",
            "/w/p/.streamlit/config.toml",
            "/w/p/.cargo/config.toml",
            "/w/p/.kube-config.md",
            "/w/p/src/credentials.rs",
        ] {
            assert_eq!(class(p, R), "none", "{p}");
        }
    }

    /// `.npmrc`, `.yarnrc.yml`, `pip.conf` in a project are judged by what they hold:
    /// a literal token or password is protected, an environment reference and plain
    /// settings are not, and one that cannot be seen is protected.
    #[test]
    fn registry_settings_in_a_project_are_judged_by_what_they_hold() {
        let t = tempfile::tempdir().unwrap();
        let w = |rel: &str, text: &str| {
            let p = t.path().join(rel);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(&p, text).unwrap();
            p
        };
        let judged = |p: &Path| match classify(p, Access::Read, &ctx()) {
            None => "none",
            Some(PathClass::Protected { .. }) => "protected",
            Some(_) => "other",
        };
        for (rel, text) in [
            (
                "a/.npmrc",
                "//registry.npmjs.org/:_authToken=npm_abcdefghijklmnopqrstuvwxyz0123456789\n",
            ),
            (
                "b/.npmrc",
                "registry=https://u:s3cretpass@npm.example.com/\n",
            ),
            (
                "c/.npmrc",
                "; old\n; //r.example.com/:_authToken=npm_abcdefghijklmnopqrstuvwxyz0123456789\n",
            ),
            (
                "d/.yarnrc.yml",
                "npmAuthToken: npm_abcdefghijklmnopqrstuvwxyz0123456789\n",
            ),
            (
                "e/pip.conf",
                "[global]\nindex-url = https://u:tok3nvalue@pypi.example.com/simple\n",
            ),
            (
                "f/.bundle/config",
                "---\nBUNDLE_GEMS__EXAMPLE__COM: \"u:p4ssword\"\n",
            ),
            // A CI checkout's token, and a clone URL carrying one.
            (
                "n/.git/config",
                "[core]\n\tbare = false\n[http \"https://github.com/\"]\n\textraheader = AUTHORIZATION: basic eC1hY2Nlc3MtdG9rZW46Z2hzX2FiY2RlZmdoaWprbG1ub3BxcnN0dXZ3eHl6MDEyMzQ1\n",
            ),
            (
                "o/.git/config",
                "[remote \"origin\"]\n\turl = https://x-access-token:ghs_abcdefghijklmnopqrstuvwxyz0123456789@github.com/o/r.git\n",
            ),
        ] {
            assert_eq!(judged(&w(rel, text)), "protected", "{rel}");
        }
        for (rel, text) in [
            (
                "g/.npmrc",
                "registry=https://registry.npmjs.org/\nsave-exact=true\nengine-strict=true\n",
            ),
            (
                "h/.npmrc",
                "//registry.npmjs.org/:_authToken=${NPM_TOKEN}\n",
            ),
            (
                "i/.yarnrc.yml",
                "nodeLinker: node-modules\nyarnPath: .yarn/releases/yarn-4.1.0.cjs\n",
            ),
            (
                "j/pip.conf",
                "[global]\nindex-url = https://pypi.org/simple\n",
            ),
            (
                "p/.git/config",
                "[core]\n\trepositoryformatversion = 0\n[remote \"origin\"]\n\turl = git@github.com:o/r.git\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n[branch \"main\"]\n\tremote = origin\n",
            ),
        ] {
            assert_eq!(judged(&w(rel, text)), "none", "{rel}: {text}");
        }
        // Not there yet, or a directory: nothing to judge it by.
        assert_eq!(judged(&t.path().join("k/.npmrc")), "protected");
        std::fs::create_dir_all(t.path().join("l/.npmrc")).unwrap();
        assert_eq!(judged(&t.path().join("l/.npmrc")), "protected");
        // Only these names: a file that merely ends like one is not judged.
        assert_eq!(
            judged(&w(
                "m/x.npmrc",
                "_authToken=npm_abcdefghijklmnopqrstuvwxyz0123456789"
            )),
            "none"
        );
    }

    #[test]
    fn conventional_credential_names_in_a_project_are_protected() {
        use Access::Read as R;
        for p in [
            "/w/p/.pgpass",
            "/w/p/deploy/.netrc",
            "/w/p/.pypirc",
            "/w/p/docker/.my.cnf",
            "/w/p/.htpasswd",
            "/w/p/credentials.json",
            "/w/p/token.json",
            "/w/p/keyfile.json",
            "/w/p/client_secret_123-abc.apps.googleusercontent.com.json",
            "/w/p/my-project-service-account.json",
            "/w/p/keys/service_account_key.json",
            "/w/p/ServiceAccount.json",
            "/w/p/ci-sa-key.json",
            "/w/p/gcp-key.json",
            "/w/p/AuthKey_ABC123DEF.p8",
            "/w/p/SubscriptionKey_ABC123.p8",
            "/w/p/.dbeaver/credentials-config.json",
            "/w/p/tests/fixture.keyx",
            "/w/p/.dev.vars",
            "/w/p/api/local.settings.json",
            // Outside the project, by name alone (not there, or not readable).
            "/tmp/x/prod-service-account.json",
        ] {
            assert_eq!(class(p, R), "protected", "{p}");
        }
        for p in [
            "/w/p/package.json",
            "/w/p/visa-keys.json",
            "/w/p/account-service.ts",
            "/w/p/tokens.json",
            "/w/p/tokenizer.json",
            "/w/p/my.cnf",
            "/w/p/carts/game.p8",
            "/w/p/docs/credentials.md",
            "/w/p/service-account.yaml",
        ] {
            assert_eq!(class(p, R), "none", "{p}");
        }
    }

    #[test]
    fn terraform_state_and_git_credential_files_are_secrets_by_name() {
        use Access::{Read as R, Write as W};
        for (p, a) in [
            ("/w/p/terraform.tfstate", R),
            ("/w/p/.terraform/terraform.tfstate", R),
            ("/w/p/terraform.tfstate.backup", R),
            ("/w/p/envs/prod.tfstate", R),
            ("/w/p/envs/prod.tfstate.backup", W),
            ("/w/p/.git-credentials", R),
            ("/tmp/x/.git-credentials", R),
        ] {
            assert_eq!(class(p, a), "protected", "{p}");
        }
        for p in [
            "/w/p/main.tf",
            "/w/p/tfstate.md",
            "/w/p/.tfstate",
            "/w/p/.terraform.lock.hcl",
        ] {
            assert_eq!(class(p, R), "none", "{p}");
        }
    }

    /// Application settings that hold a secret as often as not: protected when a line
    /// holds a literal one (or when what they hold cannot be seen), read at once when
    /// they hold none or only references to the environment.
    #[test]
    fn application_settings_are_judged_by_what_they_hold() {
        let t = tempfile::tempdir().unwrap();
        let base = t.path().canonicalize().unwrap();
        std::fs::create_dir_all(base.join("config")).unwrap();
        std::fs::create_dir_all(base.join("locales/en")).unwrap();
        let c = ctx();
        for (rel, text, want) in [
            (
                "config/database.yml",
                "production:\n  adapter: postgresql\n  password: Hunter2Prod!\n",
                true,
            ),
            (
                "config/database.yml",
                "production:\n  adapter: postgresql\n  password: <%= ENV['DB_PASSWORD'] %>\n  url: <%= ENV['DATABASE_URL'] %>\n",
                false,
            ),
            (
                "auth.json",
                r#"{"http-basic": {"repo.example.org": {"username": "u", "password": "s3cr3t-Pass-99"}}}"#,
                true,
            ),
            (
                "locales/en/auth.json",
                r#"{"login": "Log in", "forgot": "Forgot your password?"}"#,
                false,
            ),
            (
                "appsettings.Production.json",
                r#"{"ConnectionStrings": {"Default": "Server=db;Database=app;User Id=sa;Password=Hunter2Prod!;"}}"#,
                true,
            ),
            (
                "appsettings.json",
                r#"{"Logging": {"LogLevel": {"Default": "Information"}}, "AllowedHosts": "*"}"#,
                false,
            ),
            ("secrets.yaml", "db_password: Hunter2Prod!\n", true),
            (
                "secrets.yaml",
                "db_password: ENC[AES256_GCM,data:Tr7o=,iv:1=,tag:2=,type:str]\n",
                false,
            ),
        ] {
            let p = base.join(rel);
            std::fs::write(&p, text).unwrap();
            let got = matches!(
                classify(&p, Access::Read, &c),
                Some(PathClass::Protected { .. })
            );
            assert_eq!(got, want, "{rel}: {text}");
        }
        // Not there: what it holds cannot be seen.
        assert!(matches!(
            classify(
                &base.join("config/x/appsettings.Staging.json"),
                Access::Read,
                &c
            ),
            Some(PathClass::Protected { .. })
        ));
        // Secret by name alone.
        for rel in ["wp-config.php", ".vault-token", ".s3cfg", "kubeconfig"] {
            assert!(
                matches!(
                    classify(&base.join(rel), Access::Read, &c),
                    Some(PathClass::Protected { .. })
                ),
                "{rel}"
            );
        }
        for rel in ["wp-config-sample.php", "settings.json", "database.yml"] {
            assert!(
                classify(&base.join(rel), Access::Read, &c).is_none(),
                "{rel}"
            );
        }
    }

    /// Variable files, VPN and network configurations, signing properties and cloud
    /// tool configs that carry their own keys: protected when they hold a literal secret
    /// (or cannot be checked), read at once when they hold none.
    #[test]
    fn configurations_that_carry_keys_are_judged_by_what_they_hold() {
        let t = tempfile::tempdir().unwrap();
        let base = t.path().canonicalize().unwrap();
        std::fs::create_dir_all(base.join("etc/wireguard")).unwrap();
        std::fs::create_dir_all(base.join("etc/netplan")).unwrap();
        std::fs::create_dir_all(base.join("android")).unwrap();
        let c = ctx();
        for (rel, text, want) in [
            ("terraform.tfvars", "db_password = \"Hunter2Prod!\"\n", true),
            ("terraform.tfvars", "region = \"eu-west-1\"\n", false),
            ("prod.auto.tfvars", "api_token = \"tok-0123456789abcdef\"\n", true),
            ("vars.tfvars.json", r#"{"admin_password": "Hunter2Prod!"}"#, true),
            (
                "etc/wireguard/wg0.conf",
                "[Interface]\nPrivateKey = yAnz5TF+lXXJte14tji3zlMNq+hd2rYUIgJBgB3fBmk=\n",
                true,
            ),
            ("wg1.conf", "[Interface]\nAddress = 10.0.0.2/24\n", false),
            (
                "client.ovpn",
                "client\n<key>\n-----BEGIN PRIVATE KEY-----\nx\n-----END PRIVATE KEY-----\n</key>\n",
                true,
            ),
            (
                "wpa_supplicant.conf",
                "network={\n ssid=\"home\"\n psk=\"supersecret123\"\n}\n",
                true,
            ),
            (
                "etc/netplan/50-wifi.yaml",
                "network:\n  wifis:\n    wlan0:\n      access-points:\n        home:\n          password: \"supersecret123\"\n",
                true,
            ),
            (
                "android/key.properties",
                "storePassword=Hunter2Prod!\nkeyAlias=upload\n",
                true,
            ),
            ("rclone.conf", "[s3]\ntype = s3\nsecret_access_key = abcdEFGH1234ijkl\n", true),
            (".boto", "[Credentials]\naws_secret_access_key = abcdEFGH1234ijkl\n", true),
        ] {
            let p = base.join(rel);
            std::fs::write(&p, text).unwrap();
            let got = matches!(
                classify(&p, Access::Read, &c),
                Some(PathClass::Protected { .. })
            );
            assert_eq!(got, want, "{rel}: {text}");
        }
        for rel in ["variables.tf", "main.tf", "wg.config", "README.ovpn.md"] {
            assert!(
                classify(&base.join(rel), Access::Read, &c).is_none(),
                "{rel}"
            );
        }
    }

    #[test]
    fn a_google_service_account_key_is_recognised_by_what_it_holds() {
        let t = tempfile::tempdir().unwrap();
        let base = t.path().canonicalize().unwrap();
        let project = base.join("proj");
        std::fs::create_dir_all(&project).unwrap();
        let c = FloorCtx {
            project_root: project.clone(),
            ..ctx()
        };
        let key = r#"{"type": "service_account", "project_id": "p", "private_key_id": "1", "private_key": "-----BEGIN PRIVATE KEY-----\nx\n-----END PRIVATE KEY-----\n", "client_email": "a@p.iam.gserviceaccount.com"}"#;
        let inside = project.join("my-project-1a2b3c.json");
        let outside = base.join("Downloads-key.json");
        std::fs::write(&inside, key).unwrap();
        std::fs::write(&outside, key).unwrap();
        let cls = |p: &Path| match classify(p, Access::Read, &c) {
            None => "none",
            Some(PathClass::Credential { .. }) => "credential",
            Some(PathClass::Protected { .. }) => "protected",
            Some(_) => "other",
        };
        assert_eq!(cls(&inside), "protected");
        assert_eq!(cls(&outside), "credential");
        // A key saved under a name that says so is still a credential outside the project
        // (what it holds is judged before its name).
        let named = base.join("prod-service-account.json");
        std::fs::write(&named, key).unwrap();
        assert_eq!(cls(&named), "credential");
        // Not one: another JSON file, a key without its private key, a directory named
        // like one, a file too large to be one, a file that does not exist.
        let other = project.join("package.json");
        std::fs::write(&other, r#"{"name": "service_account", "type": "module"}"#).unwrap();
        let public = project.join("sa-public.json");
        std::fs::write(
            &public,
            r#"{"type": "service_account", "client_email": "a@p"}"#,
        )
        .unwrap();
        let dir = project.join("gcp.json");
        std::fs::create_dir_all(&dir).unwrap();
        let big = project.join("big.json");
        let mut text = key.trim_end_matches('}').to_string();
        text.push_str(&format!(", \"pad\": \"{}\"}}", "x".repeat(70 * 1024)));
        std::fs::write(&big, text).unwrap();
        for p in [&other, &public, &dir, &big, &project.join("absent.json")] {
            assert_eq!(cls(p), "none", "{}", p.display());
        }
        // A write is judged by the path alone (it replaces what is there).
        assert!(classify(&inside, Access::Write, &c).is_none());
    }

    #[test]
    fn the_sensitive_stores_are_credentials_through_any_home() {
        use Access::{Read as R, Write as W};
        for p in [
            "/home/u/.codex/auth.json",
            "/home/u/.gemini/oauth_creds.json",
            "/home/u/.gemini/mcp-oauth-tokens-v2.json",
            "/home/u/.config/Code/User/globalStorage/state.vscdb",
            "/home/u/.config/Slack/Cookies",
            "/home/u/.config/discord/Local Storage/leveldb/000003.log",
            "/home/u/.config/Slack/Network/Cookies",
            "/home/u/.config/VSCodium/User/globalStorage/state.vscdb.backup",
            "/home/u/.vscode-server/data/User/globalStorage/state.vscdb",
            "/home/u/.claude/.credentials.json",
            "/home/u/.claude.json",
            "/home/u/.config/github-copilot/apps.json",
            "/home/u/.config/git/credentials",
            "/home/u/.cache/git/credential/socket",
            "/home/u/.config/containers/auth.json",
            "/run/user/1000/containers/auth.json",
            "/var/run/secrets/kubernetes.io/serviceaccount/token",
            "/run/secrets/db_password",
            "/home/u/.config/gcloud/application_default_credentials.json",
            "/home/u/.azure/msal_token_cache.json",
            "/home/u/.aws/credentials.bak",
            "/home/u/.local/share/com.vercel.cli/auth.json",
            "/home/u/.config/configstore/firebase-tools.json",
            "/home/u/.config/.wrangler/config/default.toml",
            "/home/u/.gem/credentials",
            "/home/u/.m2/settings.xml",
            "/home/u/.gradle/gradle.properties",
            "/home/u/.composer/auth.json",
            "/home/u/.password-store/x.gpg",
            "/home/u/.mozilla/firefox/x.default/logins.json",
            "/home/u/Library/Keychains/login.keychain-db",
            "/home/u/Library/Application Support/Google/Chrome/Default/Login Data",
            "/home/u/.bash_history",
            "/home/u/.local/share/fish/fish_history",
            "/proc/1/environ",
            "/proc/self/environ",
            "/proc/thread-self/environ",
            "/proc/12/task/13/environ",
            "/proc/self/root/home/u/.ssh/id_rsa",
            "/proc/1/root/etc/shadow",
            // Root's and other users' homes hold the same stores.
            "/root/.aws/credentials",
            "/home/alice/.ssh/id_ed25519",
            "/Users/bob/.docker/config.json",
            "/var/root/.netrc",
            // The environment moves stores.
            "/srv/codex-home/auth.json",
            "/tmp/krb5cc_1000",
            "/home/u/Documents/passwords.kdbx",
        ] {
            assert_eq!(class(p, R), "credential", "{p}");
            // A write is a hard floor too (the harness's config where the store is also
            // that: `~/.claude.json`, `~/.codex/auth.json`).
            assert!(
                matches!(class(p, W), "credential" | "harness"),
                "{p}: {}",
                class(p, W)
            );
        }
        for p in [
            "/home/alice/.ssh/id_ed25519.pub",
            "/home/alice/.ssh/known_hosts",
            "/home/u/.cargo/registry/src/x/lib.rs",
            "/home/u/.claude/plugins/cache/x/README.md",
            "/proc/self/status",
            "/usr/include/stdio.h",
            "/home/u/.config/gatehook/config.toml",
        ] {
            assert_eq!(class(p, R), "none", "{p}");
        }
        // A KeePass file in the project is a fixture, asked about.
        assert_eq!(class("/w/p/tests/fixture.kdbx", R), "protected");
    }

    #[test]
    fn names_fold_as_a_case_insensitive_normalising_file_system_folds_them() {
        use Access::{Read as R, Write as W};
        for (p, a, want) in [
            ("/w/p/.CLAUDE/settings.json", W, "harness"),
            ("/w/p/.Claude/Settings.Local.JSON", W, "harness"),
            ("/w/p/.MCP.json", W, "harness"),
            ("/w/p/.cl\u{200c}aude/settings.json", W, "harness"),
            ("/w/p/.cl\u{ad}aude/hooks/x.sh", W, "harness"),
            ("/w/p/.Git/config", W, "protected"),
            ("/w/p/.GIT/HOOKS/pre-commit", W, "protected"),
            ("/w/p/.GitHub/workflows/x.yml", W, "protected"),
            ("/w/p/.VSCode/tasks.json", W, "protected"),
            ("/w/p/.Husky/pre-commit", W, "protected"),
            ("/w/p/.ENV", R, "protected"),
            ("/w/p/.Gatehook.toml", W, "self"),
            ("/HOME/U/.SSH/ID_RSA", R, "credential"),
            ("/home/u/.\u{17f}sh/id_rsa", R, "credential"),
            ("/home/u/.\u{212a}ube/config", R, "credential"),
            ("/home/u/.AWS/credentials", R, "credential"),
            ("/home/u/.Codex/Auth.json", R, "credential"),
            ("/Users/Bob/.Docker/config.json", R, "credential"),
            ("/ETC/shadow", R, "credential"),
            ("/home/u/.Claude/settings.json", W, "harness"),
            ("/home/u/.BASHRC", W, "protected"),
            // Not the same name on any file system.
            ("/w/p/.cl\u{e1}ude/settings.json", W, "none"),
            ("/w/p/\u{ff0e}mcp.json", W, "none"),
        ] {
            assert_eq!(class(p, a), want, "{p:?} {a:?}");
        }
    }

    #[test]
    fn every_floor_table_entry_is_ascii() {
        for (e, _) in HOME_HARNESS
            .iter()
            .chain(ABS_HARNESS)
            .chain(ABS_PERSISTENCE)
            .chain(HOME_PERSISTENCE)
        {
            assert!(e.is_ascii(), "{e}");
        }
        for e in PROTECTED_DIRS.iter().chain(PROTECTED_FILES) {
            assert!(e.is_ascii() && *e == e.to_ascii_lowercase(), "{e}");
        }
    }

    #[test]
    fn a_store_named_for_any_app_is_in_a_tree_only_where_it_is_there() {
        let t = tempfile::tempdir().unwrap();
        let home = t.path().canonicalize().unwrap();
        std::fs::create_dir_all(home.join(".config/Slack/Network")).unwrap();
        std::fs::write(home.join(".config/Slack/Network/Cookies"), "x").unwrap();
        std::fs::create_dir_all(home.join(".config/nvim/lua")).unwrap();
        std::fs::write(home.join(".config/Slack/settings.json"), "{}").unwrap();
        let c = FloorCtx {
            home: home.clone(),
            ..ctx()
        };
        let why = |rel: &str, tree: bool| outside_read(&home.join(rel), tree, &c, "");
        // The cookie store itself, and trees that hold it, by any case of its name.
        assert!(why(".config/Slack/Network/Cookies", false).is_some());
        assert!(why(".config/Slack", true).is_some());
        assert!(why(".config", true).is_some());
        assert!(why(".config/slack", true).is_some());
        // An app's tree without one, and its ordinary files, are ordinary reads.
        assert_eq!(why(".config/nvim", true), None);
        assert_eq!(why(".config/nvim/lua", true), None);
        assert_eq!(why(".config/Slack/settings.json", false), None);
    }

    /// Reads outside the workspace the store tables do not name but that are not ordinary:
    /// agents' session records, recorders' stores wherever a setting puts them, services'
    /// secret config, `/var/lib`, Windows profiles, editors' recovery copies; and the
    /// ordinary reads beside them that stay ordinary.
    #[test]
    fn records_recorders_services_and_windows_profiles_are_not_ordinary_reads() {
        let c = ctx();
        let why = |p: &str, tree: bool| outside_read(Path::new(p), tree, &c, "sess-1");
        for (p, tree) in [
            ("/home/u/.claude/history.jsonl", false),
            ("/home/u/.claude/projects/-w-other/0b7e.jsonl", false),
            ("/home/u/.claude/projects/-w-p/sess-0/tool-results/t.txt", false),
            ("/home/u/.claude/projects/-w-p/sess-1/subagents/a.jsonl", false),
            ("/home/u/.claude/projects", false),
            ("/home/u/.claude/file-history/x/y@v2", false),
            ("/root/.codex/sessions/2026/01/02/rollout-x.jsonl", false),
            ("/home/u/.gemini/tmp/abc/shell_history", false),
            ("/home/u/.local/share/goose/sessions/1.jsonl", false),
            ("/home/u/.config/VSCodium/User/globalStorage/saoudrizwan.claude-dev/tasks/1/api_conversation_history.json", false),
            ("/home/u/dev/app/.aider.chat.history.md", false),
            ("/home/u/.config/zsh/.zsh_history", false),
            ("/home/u/.local/state/bash/history", false),
            ("/home/u/.zsh/.zsh_history", false),
            ("/home/u/.local/share/nvim/shada/main.shada", false),
            ("/home/u/.local/share/powershell/PSReadLine/ConsoleHost_history.txt", false),
            ("/home/u/.local/share/tmux/resurrect/pane_contents.tar.gz", false),
            ("/home/u/.cache/cliphist/db", false),
            ("/home/u/.local/share/clipman.json", false),
            ("/home/u/.config/copyq/copyq_tab_x.dat", false),
            ("/home/u/.config/google-chrome/Default/History", false),
            ("/home/u/.config/Code/User/History/-1a2b/AbCd.env", false),
            ("/home/u/.vim/undo/%home%u%.bashrc", false),
            ("/home/u/.emacs.d/backups/!home!u!.profile~", false),
            ("/etc/mysql/debian.cnf", false),
            ("/etc/sssd/sssd.conf", false),
            ("/etc/gitlab/initial_root_password", false),
            ("/etc/redis", true),
            ("/var/lib/cloud/instance/user-data.txt", false),
            ("/var/lib/someservice/state.db", false),
            ("/var/lib", true),
            ("/var/lib/rabbitmq/.erlang.cookie", false),
            ("/opt/app/.erlang.cookie", false),
            ("/mnt/c/Users/dev/AppData/Roaming/rclone/rclone.conf", false),
            ("/mnt/d/Users/dev/AppData/Local/Google/Chrome/User Data/Default/Login Data", false),
            ("/c/Users/dev/AppData/Roaming/x/config.json", false),
            ("/cygdrive/c/Users/dev/.aicommits", false),
            ("/mnt/c/Users/dev/.config/zsh/.zsh_history", false),
            ("/mnt/c/Users", true),
            ("/mnt/c", true),
            ("/mnt", true),
        ] {
            assert!(why(p, tree).is_some(), "{p} should not be an ordinary read");
        }
        for (p, tree) in [
            (
                "/home/u/.claude/projects/-w-p/sess-1/tool-results/t.txt",
                false,
            ),
            ("/home/u/.claude/projects/-w-p/memory/MEMORY.md", false),
            ("/home/u/.claude/projects/-w-p/memory", true),
            ("/home/u/.claude/plugins/cache/x/README.md", false),
            ("/home/u/.claude/plans/plan.md", false),
            (
                "/home/u/.local/lib/python3.12/site-packages/IPython/core/history.py",
                false,
            ),
            (
                "/home/u/.cargo/registry/src/idx/rustyline-14/src/history.rs",
                false,
            ),
            ("/home/u/.gem/ruby/3.3.0/gems/x-1.0/History.txt", false),
            ("/home/u/dev/app/src/history.ts", false),
            ("/home/u/dev/app/HISTORY.txt", false),
            ("/etc/os-release", false),
            ("/etc/passwd", false),
            ("/var/lib/dpkg/status", false),
            ("/var/lib/apt/lists", true),
            ("/mnt/c/Users/dev/projects/app/README.md", false),
            ("/mnt/data/photos", true),
            ("/usr", true),
            ("/srv/www/index.html", false),
        ] {
            assert_eq!(why(p, tree), None, "{p} is an ordinary read");
        }
        // Without the session id, no session's tool results are the running one's.
        let t = "/home/u/.claude/projects/-w-p/sess-1/tool-results/t.txt";
        assert!(outside_read(Path::new(t), false, &c, "").is_some());
    }

    /// An editor's recovery copy that spells its original's path is that file: a copy of a
    /// credential is a credential, a copy of a workspace `.env` is protected.
    #[test]
    fn recovery_copies_are_judged_as_the_file_they_copy() {
        let c = ctx();
        let class = |p: &str| classify(Path::new(p), Access::Read, &c);
        for p in [
            "/home/u/.local/state/nvim/swap/%home%u%.aws%credentials.swp",
            "/home/u/.vim/undo/%home%u%.netrc",
            "/home/u/.emacs.d/backups/!home!u!.aws!credentials~",
            "/home/u/.emacs.d/auto-save/#!home!u!.netrc#",
        ] {
            assert!(
                matches!(class(p), Some(PathClass::Credential { .. })),
                "{p}: {:?}",
                class(p)
            );
        }
        assert!(matches!(
            class("/home/u/.local/share/nvim/swap/%w%other%.env.swp"),
            Some(PathClass::Protected { .. })
        ));
        assert_eq!(
            class("/home/u/.local/state/nvim/swap/%w%p%src%main.rs.swp"),
            None
        );
        assert_eq!(class("/home/u/notes/100%done%.txt"), None);
    }

    /// A file of a home or the system's trees that others may not read is private; the
    /// same file readable by all is ordinary, and a directory or a missing file says
    /// nothing.
    #[test]
    fn a_file_others_may_not_read_is_not_an_ordinary_read() {
        use std::os::unix::fs::PermissionsExt;
        let t = tempfile::tempdir().unwrap();
        let home = t.path().canonicalize().unwrap();
        let dir = home.join(".config/someapp");
        std::fs::create_dir_all(&dir).unwrap();
        let f = dir.join("settings.json");
        std::fs::write(&f, "{}").unwrap();
        let c = FloorCtx {
            home: home.clone(),
            ..ctx()
        };
        std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o644)).unwrap();
        assert_eq!(outside_read(&f, false, &c, ""), None);
        std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o600)).unwrap();
        assert!(outside_read(&f, false, &c, "").is_some());
        std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o640)).unwrap();
        assert!(outside_read(&f, false, &c, "").is_some());
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o700)).unwrap();
        assert_eq!(outside_read(&dir, true, &c, ""), None);
        // A file of an application's settings that is not there cannot be checked.
        assert!(outside_read(&dir.join("gone.json"), false, &c, "").is_some());
        // Scratch space outside a home: `mktemp` makes every file 0600.
        let other = FloorCtx {
            home: PathBuf::from("/home/nobody-here"),
            ..ctx()
        };
        assert_eq!(outside_read(&f, false, &other, ""), None);
    }

    #[test]
    fn reads_outside_the_workspace() {
        let c = ctx();
        let why = |p: &str, tree: bool| outside_read(Path::new(p), tree, &c, "");
        for (p, tree) in [
            ("/usr/include/stdio.h", false),
            ("/usr/include", true),
            ("/nix/store/abc-x/lib", true),
            ("/opt/homebrew/include/x.h", false),
            ("/etc/os-release", false),
            ("/etc/nginx", true),
            ("/tmp/claude-1000/-w-p/tasks/abc.output", false),
            ("/private/tmp/claude-501/-Users-u-p/tasks/abc.output", false),
            ("/tmp/build.log", false),
            ("/home/u/.claude/plugins/cache/x/README.md", false),
            ("/home/u/.claude/skills/x", true),
            (
                "/home/u/.cargo/registry/src/index/serde-1.0/src/lib.rs",
                false,
            ),
            ("/home/u/.config/app", true),
            ("/home/u/.local/lib/python3.12/site-packages/x.py", false),
            ("/home/u/dev/other/README.md", false),
            ("/home/u/dev/other", true),
            ("/home/alice/projects/x/README.md", false),
            ("/home/u/.cache/huggingface/hub/x/tokenizer.json", false),
        ] {
            if p.contains("huggingface") {
                assert!(
                    why(p, tree).is_some(),
                    "{p}: the app keeps a token beside it"
                );
                continue;
            }
            assert_eq!(why(p, tree), None, "{p}");
        }
        for (p, tree) in [
            ("/home/u/.bashrc", false),
            ("/home/u/.someapp/state.json", false),
            ("/home/u/.config/helm/plugins/x", false),
            ("/home/u/.config", true),
            ("/home/u/.claude", true),
            ("/home/u", true),
            ("/home", true),
            ("/", true),
            ("/etc", true),
            ("/proc/self", true),
            ("/tmp", true),
            ("/srv", true),
            ("/opt/app/api_token.txt", false),
            ("/etc/app/credentials.json", false),
            ("/home/u/Library/Messages/chat.db", false),
            ("/root/.profile", false),
        ] {
            if p == "/srv" {
                // The moved Codex store lies below.
                assert!(why(p, tree).is_some(), "{p}");
                continue;
            }
            assert!(why(p, tree).is_some(), "{p}");
        }
    }

    #[test]
    fn environment_moves_credential_stores() {
        let vars = |k: &str| -> Option<std::ffi::OsString> {
            match k {
                "CODEX_HOME" => Some("/srv/ch".into()),
                "CLAUDE_CONFIG_DIR" => Some("rel/claude".into()),
                "KUBECONFIG" => Some("/k/a:/k/b".into()),
                "XDG_CONFIG_HOME" => Some("/x/conf".into()),
                "XDG_DATA_HOME" => Some("/home/u/.local/share".into()),
                "AWS_SHARED_CREDENTIALS_FILE" => Some("".into()),
                _ => None,
            }
        };
        let got = env_credentials(vars, Path::new("/w/p"), Path::new("/home/u"));
        let has = |p: &str| got.iter().any(|(g, _)| g == Path::new(p));
        assert!(has("/srv/ch/auth.json"));
        assert!(has("/w/p/rel/claude/.credentials.json"));
        assert!(has("/w/p/rel/claude/.claude.json"));
        assert!(has("/k/a") && has("/k/b"));
        assert!(has("/x/conf/gh") && has("/x/conf/git/credentials"));
        // The default XDG location adds nothing; an empty variable is unset.
        assert!(!got
            .iter()
            .any(|(g, _)| g.starts_with("/home/u/.local/share")));
        assert!(!got.iter().any(|(_, w)| w.contains("AWS_SHARED")));
    }

    #[test]
    fn sensitive_files_are_bounded_and_under_the_home_given() {
        let all: Vec<PathBuf> = sensitive_files(Path::new("/home/u")).collect();
        assert!(all.len() < 500);
        assert!(all.contains(&PathBuf::from("/home/u/.ssh")));
        assert!(all.contains(&PathBuf::from("/home/u/.codex/auth.json")));
        assert!(all.contains(&PathBuf::from("/etc/shadow")));
        assert!(all.iter().all(|p| !p.to_string_lossy().contains('*')));
    }

    /// A file under a home's application data, at the top of a home, or under `/etc` that
    /// no table settles is judged by what it holds: a literal secret, or content that
    /// cannot be seen (not there, not a regular file, too large, not UTF-8), is not an
    /// ordinary read; settings without one are. A directory read as a tree is judged file
    /// by file, within bounds; trees of installed code are not judged.
    #[test]
    fn reads_of_application_data_and_etc_are_judged_by_what_they_hold() {
        use std::os::unix::fs::PermissionsExt;
        let t = tempfile::tempdir().unwrap();
        let home = t.path().canonicalize().unwrap();
        let c = FloorCtx {
            home: home.clone(),
            ..ctx()
        };
        let put = |rel: &str, text: &[u8]| {
            let p = home.join(rel);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(&p, text).unwrap();
            std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o644)).unwrap();
        };
        let why = |rel: &str, tree: bool| outside_read(&home.join(rel), tree, &c, "");
        let jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZG1pbiJ9.c2lnbmF0dXJlc2lnbmF0dXJl";
        let age = format!("AGE-SECRET-KEY-1{}", "Q".repeat(58));
        let benign: &[(&str, String)] = &[
            (
                ".config/app/settings.json",
                r#"{"theme": "dark", "token": "${GITHUB_TOKEN}"}"#.into(),
            ),
            (".config/eclipse/settings.ini", "[ui]\nfont=mono\n".into()),
            (
                ".config/nvim/lua/history.lua",
                "-- keep 100 lines\nvim.o.history = 100\n".into(),
            ),
            (".config/curlrc", "silent\nshow-error\n".into()),
            (
                ".config/ssl/openssl.cnf",
                "# input_password = secret\n#BindPasswd: secret\n".into(),
            ),
            (
                ".config/nss/nsswitch.conf",
                "passwd:         files systemd\n".into(),
            ),
            (
                ".config/someweb/prefs.json",
                r#"{"credentials_enable_service": false}"#.into(),
            ),
            (
                ".config/sysctl/s.conf",
                "net.ipv4.tcp_syncookies=1\n".into(),
            ),
            (
                ".local/share/app/data.json",
                r#"{"password_min_length": 12}"#.into(),
            ),
            (
                ".local/state/app/state.json",
                r#"{"last": "2026-01-01"}"#.into(),
            ),
            (
                "Library/Application Support/Code/User/settings.json",
                r#"{"editor.fontSize": 14}"#.into(),
            ),
            (
                "Library/Preferences/com.example.app.plist",
                "<plist><dict/></plist>\n".into(),
            ),
            ("notes.txt", "buy milk\n".into()),
            // Installed code below application data is the packages', not settings.
            (
                ".local/share/venv/lib/python3.12/site-packages/x/test_auth.py",
                format!("TOKEN = '{jwt}'\n"),
            ),
        ];
        for (rel, text) in benign {
            put(rel, text.as_bytes());
            assert_eq!(why(rel, false), None, "{rel}");
        }
        assert_eq!(why(".config/nvim", true), None);
        assert!(
            why(".config", true).is_some(),
            "the whole of .config is asked about"
        );
        let secret: &[(&str, String)] = &[
            (".config/argocd/config", format!("users:\n- auth-token: {jwt}\n  name: argocd\n")),
            (".config/mc/config.json", r#"{"aliases": {"s3": {"secretKey": "wJalrXUtnFEMIK7MDENGbPxRfiCY", "accessKey": "AKIAIOSFODNN7EXAMPLE"}}}"#.into()),
            (".config/age/keys.txt", format!("# public key: age1xyz\n{age}\n")),
            (".config/app/old.yml", "# token: ghp_abcdefghijklmnopqrstuvwxyz0123456789\n".into()),
            (".config/twilio-cli/config.json", r#"{"profiles": {"p": {"apiSecret": "Zq8sd7fGh2Jk4Lm"}}}"#.into()),
            (".local/share/rbw/db.json", r#"{"access_token": "Zq8sd7fGh2Jk4LmNpQr"}"#.into()),
            (".local/state/syncthing/config.xml", "password: hunter22x\n".into()),
            ("Library/Application Support/app/auth.json", r#"{"refresh_token": "Zq8sd7fGh2Jk4LmNpQr"}"#.into()),
            ("src-notes.json", r#"{"accessToken": "sgp_Zq8sd7fGh2Jk4LmNpQr"}"#.into()),
        ];
        for (rel, text) in secret {
            put(rel, text.as_bytes());
            assert!(why(rel, false).is_some(), "{rel}");
        }
        // A tree that holds one is asked about; so is one too large to walk.
        assert!(why(".config/argocd", true).is_some());
        assert!(why(".config/age", true).is_some());
        for i in 0..=sensitive::CONTENT_TREE_MAX_ENTRIES {
            put(&format!(".config/big/f{i}.txt"), b"x\n");
        }
        assert!(why(".config/big", true).is_some());
        // Content that cannot be seen: not there, not UTF-8, too large, not a file.
        assert!(why(".config/scaleway/config.yaml", false).is_some());
        assert!(why("Library/Application Support/gone/x.json", false).is_some());
        put(".config/bin/state.db", &[0xff, 0xfe, 0x00, 0x01]);
        assert!(why(".config/bin/state.db", false).is_some());
        let big = vec![b'a'; sensitive::CONTENT_JUDGED_MAX as usize + 1];
        put(".config/bigfile/log.txt", &big);
        assert!(why(".config/bigfile/log.txt", false).is_some());
        let fifo = home.join(".config/fifo/pipe");
        std::fs::create_dir_all(fifo.parent().unwrap()).unwrap();
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            assert!(why(".config/fifo/pipe", false).is_some());
        }
        // System configuration: a file that is there and holds none is ordinary; one
        // that is not there cannot be checked.
        assert_eq!(
            outside_read(Path::new("/etc/os-release"), false, &c, ""),
            None
        );
        assert!(outside_read(
            Path::new("/etc/openvpn/gatehook-no-such-auth.txt"),
            false,
            &c,
            ""
        )
        .is_some());
        // Elsewhere in a home the rules stay: other projects are ordinary, Library's
        // other trees and dot-directories are asked about.
        // A file at the top of a home that is not there holds nothing (a person's
        // documents are kept there, tools' tokens in dotfiles).
        assert_eq!(why("CLAUDE.md", false), None);
        assert_eq!(why("NixOS", false), None);
        put("dev/other/README.md", b"# other\n");
        assert_eq!(why("dev/other/README.md", false), None);
        assert!(why("Library/Messages/chat.db", false).is_some());
    }

    /// Lines of settings that hold a secret: a token's shape wherever it is, a value under
    /// a secret's name on a line that is not a comment and that can be a secret.
    #[test]
    fn settings_lines_hold_a_secret_by_shape_or_by_a_plausible_named_value() {
        for l in [
            "password = hunter22",
            "  \"secretKey\": \"wJalrXUtnFEMIK7MDENG\",",
            "api_key: Zq8sd7fGh2",
            "# token = ghp_abcdefghijklmnopqrstuvwxyz0123456789",
            "url = https://bob:s3cr3tpass@example.com/x",
            "-----BEGIN PGP PRIVATE KEY BLOCK-----",
            "password=hunter2",
        ] {
            assert!(settings_secret_line(l), "{l}");
        }
        for l in [
            "# input_password = secret",
            "#BindPasswd: hunter22x",
            "passwd:         files systemd",
            "passwd: compat",
            "\"credentials_enable_service\": false,",
            "net.ipv4.tcp_syncookies=1",
            "token: ${GITHUB_TOKEN}",
            "password: \"<your password>\"",
            "password = xxxxxxxx",
            "challengePassword = A challenge password",
            "password_min_length = 12",
            "theme = dark",
        ] {
            assert!(!settings_secret_line(l), "{l}");
        }
    }

    /// Workspace files that hold secrets by their names or by what they hold: PGP private
    /// keys (names, the armored block under any name), git-crypt's unlocked keys, Sentry,
    /// Packer and Android signing settings (judged by what they hold, as `key.properties`).
    #[test]
    fn pgp_keys_git_crypt_and_signing_settings_in_a_project() {
        let c = ctx();
        let class = |p: &str| classify(Path::new(p), Access::Read, &c);
        for p in [
            "/w/p/keys/private.asc",
            "/w/p/private-key.asc",
            "/w/p/alice_secret.gpg",
            "/w/p/signing.sec.asc",
            "/w/p/secring.gpg",
            "/w/p/secring.skr",
            "/w/p/release.sec",
            "/w/p/.git/git-crypt/keys/default",
            "/w/p/sub/.git/git-crypt/keys/other",
            // Not there: cannot be checked.
            "/w/p/sentry.properties",
            "/w/p/.sentryclirc",
            "/w/p/keystore.properties",
            "/w/p/secrets.auto.pkrvars.hcl",
            "/w/p/prod.pkrvars.json",
        ] {
            assert!(
                matches!(class(p), Some(PathClass::Protected { .. })),
                "{p}: {:?}",
                class(p)
            );
        }
        for p in [
            "/w/p/keys/public.asc",
            "/w/p/KEYS.asc",
            "/w/p/release.sig",
            "/w/p/.git-crypt/keys/default/0/ABCD.gpg",
            "/w/p/template.pkr.hcl",
            "/w/p/gradle.properties",
        ] {
            assert_eq!(class(p), None, "{p}");
        }
        let t = tempfile::tempdir().unwrap();
        let root = t.path().canonicalize().unwrap();
        let c = FloorCtx {
            project_root: root.clone(),
            ..ctx()
        };
        let put = |rel: &str, text: &str| {
            let p = root.join(rel);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(&p, text).unwrap();
            p
        };
        let class = |p: &Path| classify(p, Access::Read, &c);
        let key = "-----BEGIN PGP PRIVATE KEY BLOCK-----\n\nlQOYBF...\n-----END PGP PRIVATE KEY BLOCK-----\n";
        let p = put("deploy/ops.asc", key);
        assert!(matches!(class(&p), Some(PathClass::Protected { .. })));
        let p = put("notes/handover.txt", &format!("the key:\n{key}"));
        assert!(matches!(class(&p), Some(PathClass::Protected { .. })));
        let p = put(
            "deploy/pub.asc",
            "-----BEGIN PGP PUBLIC KEY BLOCK-----\nmQ...\n",
        );
        assert_eq!(class(&p), None);
        let p = put(
            "sentry.properties",
            "defaults.org=acme\ndefaults.project=app\n",
        );
        assert_eq!(class(&p), None);
        let p = put(
            "sentry.properties",
            "defaults.org=acme\nauth.token=sntrys_eyJpYXQiOjE3MDAwMDAwMDB9\n",
        );
        assert!(matches!(class(&p), Some(PathClass::Protected { .. })));
        let p = put(
            "keystore.properties",
            "storePassword=Zq8sd7fGh2\nkeyAlias=upload\n",
        );
        assert!(matches!(class(&p), Some(PathClass::Protected { .. })));
        // Outside the project, an armored private key is a credential.
        let out = tempfile::tempdir().unwrap();
        let f = out.path().join("backup.txt");
        std::fs::write(&f, key).unwrap();
        assert!(matches!(class(&f), Some(PathClass::Credential { .. })));
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod content_package_tests {
    use super::*;

    /// Only trees that hold nothing but installed packages, or a package manager's own
    /// tree, skip judging what a read of application data holds: an app's `lib`,
    /// `vendor` or `extensions` directory is its data.
    #[test]
    fn only_real_package_trees_skip_the_content_check() {
        let home = "/home/u";
        for rel in [
            ".config/someapp/lib/token.json",
            ".config/app/vendor/creds.json",
            ".local/share/app/extensions/secret.json",
            ".config/app/lib/deep/x.json",
        ] {
            let fp = format!("{home}/{rel}");
            assert!(
                content_read(&fp, home, false) == Some(ContentPlace::Settings),
                "{rel}"
            );
        }
        for rel in [
            ".config/nvim/node_modules/x/index.js",
            ".local/share/app/site-packages/x/y.py",
            ".config/composer/vendor/x/y.php",
            ".local/share/gnome-shell/extensions/x/ext.js",
            ".local/share/uv/python/cpython-3.12/lib/python3.12/os.py",
        ] {
            let fp = format!("{home}/{rel}");
            assert!(content_read(&fp, home, false).is_none(), "{rel}");
        }
    }

    /// A tree read walks an app's `lib` directory too, and finds the secret there.
    #[test]
    fn a_tree_read_walks_an_apps_lib_directory() {
        let t = tempfile::tempdir().unwrap();
        let app = t.path().join("app");
        std::fs::create_dir_all(app.join("lib")).unwrap();
        std::fs::create_dir_all(app.join("node_modules/x")).unwrap();
        std::fs::write(
            app.join("lib/token.json"),
            "{\"api_token\": \"ghp_abcdefghijklmnopqrstuvwxyz0123456789AB\"}\n",
        )
        .unwrap();
        assert!(!matches!(tree_held(&app), Held::Nothing));
        std::fs::remove_file(app.join("lib/token.json")).unwrap();
        std::fs::write(
            app.join("node_modules/x/token.json"),
            "{\"api_token\": \"ghp_abcdefghijklmnopqrstuvwxyz0123456789AB\"}\n",
        )
        .unwrap();
        assert!(matches!(tree_held(&app), Held::Nothing));
    }
}
