//! The destructive floor's shared vocabulary: the two tiers ([`Tier`]: denied or asked
//! about), what one check found ([`Hit`]), and the program tables more than one tier reads
//! (agents and the flags that turn their checks off, programs that reach the network,
//! fetchers, shells and interpreters a payload runs in). `destructive`, its parts and the
//! catalogues' own tier (`catalog::tier`) speak it.

use super::core::Class;

/// Denied (hard) or asked about (soft).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Tier {
    Hard,
    Soft,
}

impl Tier {
    /// The class of a command found in this tier.
    pub fn class(self, category: &'static str, reason: String) -> Class {
        match self {
            Tier::Hard => Class::Hard { category, reason },
            Tier::Soft => Class::Soft { category, reason },
        }
    }
}

/// What one check found: the tier, the category, the reason, and the paths it writes.
pub(super) type Hit = (Tier, &'static str, String, Vec<String>);

/// A hit that writes nothing.
pub(super) fn hit(t: Tier, cat: &'static str, reason: impl Into<String>) -> Option<Hit> {
    Some((t, cat, reason.into(), Vec::new()))
}

/// Agents and the flags that turn their permission checks off.
pub(super) const AGENT_SKIP_FLAGS: &[(&str, &str)] = &[
    ("claude", "--dangerously-skip-permissions"),
    ("claude", "--allow-dangerously-skip-permissions"),
    ("claude", "--permission-mode=bypassPermissions"),
    ("gemini", "--yolo"),
    ("gemini", "-y"),
    ("gemini", "--approval-mode=yolo"),
    ("codex", "--dangerously-bypass-approvals-and-sandbox"),
    ("codex", "--yolo"),
    ("codex", "--sandbox=danger-full-access"),
    ("q", "--trust-all-tools"),
    ("kiro-cli", "--trust-all-tools"),
    ("cursor-agent", "--force"),
    ("cursor-agent", "-f"),
    ("amp", "--dangerously-allow-all"),
    ("copilot", "--allow-all-tools"),
    ("copilot", "--yolo"),
    ("aider", "--yes-always"),
    ("opencode", "--dangerously-skip-permissions"),
    ("qwen", "--yolo"),
    ("qwen", "-y"),
];

/// Programs that reach the network.
pub(super) const NETWORK: &[&str] = &[
    "curl", "wget", "nc", "ncat", "netcat", "socat", "ssh", "scp", "sftp", "rsync", "dig",
    "nslookup", "host", "ping", "telnet", "ftp", "http", "https", "xh", "aria2c", "gh", "openssl",
    "fetch", "whois",
];

/// Programs whose output is a payload fetched from the network.
pub(super) const FETCHERS: &[&str] = &[
    "curl", "wget", "fetch", "http", "https", "xh", "aria2c", "nc", "ncat", "socat",
];

/// Shells and interpreters: a payload fed to them runs.
pub(super) const RUNNERS: &[&str] = &[
    "sh",
    "bash",
    "zsh",
    "dash",
    "ksh",
    "fish",
    "python",
    "python2",
    "python3",
    "perl",
    "ruby",
    "node",
    "nodejs",
    "php",
    "lua",
    "deno",
    "bun",
    "pwsh",
    "osascript",
    "tclsh",
];
