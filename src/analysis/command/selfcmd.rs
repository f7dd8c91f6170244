//! Programs that change the gate or the harness from the inside: the agent trusting a
//! project file, adding rules, resuming a pause or granting itself an allow-once through
//! gatehook's CLI, or editing Claude Code's settings through `claude config/mcp/plugin`.
//! One judgement for every caller: the engine's hard floor (`self-modification`,
//! `harness-config`), the command floor's hard tier (so a file that runs later and plants
//! such a command is a risky edit, and `gatehook scan` reports it).

/// `gatehook` subcommands that only read; any other use of gatehook by the agent changes
/// its own gate.
const GATEHOOK_READ_ONLY: &[&str] = &[
    "explain",
    "check",
    "denied",
    "scan",
    "--version",
    "-V",
    "--help",
    "-h",
    "help",
];

/// The one subcommand that lets a refused call through: whatever the program is called
/// (a copy of the binary under another name), a command that says it is refused.
pub const ALLOW_ONCE: &str = "allow-once";

/// Shaped like an allow-once code: eight letters and digits, with or without a dash.
fn code_like(arg: &str) -> bool {
    let plain: Vec<char> = arg.chars().filter(|c| *c != '-').collect();
    plain.len() == 8 && plain.iter().all(char::is_ascii_alphanumeric)
}

/// `claude plugin` subcommands (after `plugin`, options left out) that only list what is
/// installed or configured: `list`, `details NAME`, `marketplace list`. Checked against
/// Claude Code 2.1.328's `claude plugin --help`.
fn plugin_listing(sub: &[&str]) -> bool {
    matches!(sub, ["list"] | ["details", _] | ["marketplace", "list"])
}

/// What a self-command changes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SelfCommand {
    /// The harness's settings (Claude Code's CLI) rather than gatehook's own.
    pub harness: bool,
    pub what: String,
}

/// A command (its `exec`: wrappers stripped) that changes gatehook's or the harness's
/// settings through their own CLIs.
pub fn self_command(exec: &[String]) -> Option<SelfCommand> {
    let prog = exec.first()?;
    let name = prog.rsplit('/').next().unwrap_or(prog);
    let sub: Vec<&str> = exec
        .iter()
        .skip(1)
        .map(String::as_str)
        .filter(|a| !a.starts_with('-'))
        .collect();
    // Another name for the binary: `allow-once` followed by something shaped like a code
    // (`grep allow-once src/` is a search, not a grant).
    if name != "gatehook"
        && sub.first() == Some(&ALLOW_ONCE)
        && sub.iter().skip(1).any(|a| code_like(a))
    {
        return Some(SelfCommand {
            harness: false,
            what: format!("gatehook's allow-once grant (`{name} {ALLOW_ONCE}`)"),
        });
    }
    match name {
        "gatehook" => {
            let first = exec.get(1).map(String::as_str).unwrap_or("");
            (!GATEHOOK_READ_ONLY.contains(&first) && first != "hook").then(|| SelfCommand {
                harness: false,
                what: format!("gatehook's own CLI (`gatehook {first}`)"),
            })
        }
        "claude" => {
            let changes = match sub.first().copied() {
                Some("config") => sub
                    .get(1)
                    .is_some_and(|s| matches!(*s, "set" | "add" | "remove")),
                // `login`/`logout` store or clear an MCP server's OAuth credentials.
                Some("mcp") => sub.get(1).is_some_and(|s| {
                    matches!(
                        *s,
                        "add"
                            | "add-json"
                            | "remove"
                            | "add-from-claude-desktop"
                            | "reset-project-choices"
                            | "login"
                            | "logout"
                    )
                }),
                // Every plugin subcommand but the listings installs, enables, configures,
                // updates, removes or runs plugins (`init` scaffolds into ~/.claude/skills).
                Some("plugin") | Some("plugins") => !plugin_listing(&sub[1..]),
                // The harness's own sign-in, its auto-mode rules in the user's settings,
                // config imported from another agent into its settings.
                Some("auth") => sub.get(1).is_some_and(|s| matches!(*s, "login" | "logout")),
                Some("setup-token") => true,
                Some("auto-mode") => sub.get(1) == Some(&"reset"),
                Some("import") => !exec.iter().any(|a| a == "--dry-run"),
                _ => false,
            };
            changes.then(|| SelfCommand {
                harness: true,
                what: format!(
                    "Claude Code's settings through its CLI (`claude {}`)",
                    sub.join(" ")
                ),
            })
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn allow_once_is_a_self_command_under_any_name_only_with_a_code() {
        for (cmd, is_self) in [
            ("gatehook allow-once ABCD-EFGH", true),
            ("gatehook allow-once", true),
            ("gh allow-once abcdefgh", true),
            ("./copy allow-once --session s ABCD-EFGH", true),
            ("grep allow-once src/", false),
            ("rg -n allow-once", false),
            ("gatehook explain allow-once", false),
            ("gatehook scan .", false),
            ("gatehook trust", true),
            ("claude plugin install x", true),
            ("claude plugins enable x", true),
            ("claude plugin marketplace add owner/repo", true),
            ("claude plugin init mine", true),
            ("claude plugin list", false),
            ("claude plugin list --json", false),
            ("claude plugin marketplace list", false),
            ("claude plugin details x", false),
            ("claude mcp login github", true),
            ("claude mcp list", false),
            ("claude auth logout", true),
            ("claude auth status", false),
            ("claude setup-token", true),
            ("claude auto-mode reset", true),
            ("claude auto-mode config", false),
            ("claude import cursor", true),
            ("claude import --dry-run cursor", false),
            ("claude --version", false),
        ] {
            assert_eq!(self_command(&v(cmd)).is_some(), is_self, "{cmd}");
        }
    }
}
