//! Other coding agents run as commands (`claude`, `codex`, `gemini`, `aider`, `opencode`,
//! `cursor-agent`, `amp`, `qwen`, `copilot`, `kiro-cli`): printing their version or help
//! only prints; anything else starts an agent that runs what it decides (its own tools, its
//! own approvals: another agent's are not this gate's), or changes the agent's own
//! installation (`claude upgrade`, `claude mcp add`): code the floor cannot see, asked
//! about, the program named with what it is told. Flags that turn an agent's checks off
//! are the hard tier's (`destructive_exec::AGENT_SKIP_FLAGS`), and gatehook's or the
//! harness's own settings changed through an agent's CLI are the self-command floor's
//! (`command::selfcmd`).

use super::table::Said;
use crate::analysis::command::core::Cmd;
use crate::analysis::effects::{Code, Effect};

/// Each agent's short options that only print its version or help, where checked (a
/// short letter means something else in another: aider's and kiro-cli's `-v` is
/// `--verbose`, which starts the agent). Every agent's `--version` and `--help` print.
/// Checked against: Claude Code's CLI reference (`-v`, `-h`), kiro-cli's CLI commands
/// reference (`-V`, `-h`; `-v` is `--verbose`), aider's options reference (`-h`; only
/// `--version`, `-v` is `--verbose`), Codex's clap CLI (`-V`, `-h`), Gemini CLI's yargs
/// options (`-v`, `-h`). The others' short letters were not checked: not read as version
/// or help.
fn prints_only(prog: &str) -> &'static [&'static str] {
    match prog {
        "claude" | "gemini" => &["-v", "-h"],
        "codex" | "kiro-cli" => &["-V", "-h"],
        "aider" => &["-h"],
        _ => &[],
    }
}

/// Claude Code's subcommands that only print what is installed or configured, each with
/// the options that keep it so: the plugins and marketplaces listed, one plugin's
/// inventory, how it is signed in (the method and the variable's name, never the key), the
/// auto-mode rules in use or by default. Checked against Claude Code 2.1.328's `--help` for
/// each and its output in a throwaway home. `plugin list --data-size` measures directories
/// (an optional value the grammar leaves out); everything else is not a listing.
fn claude_listing(args: &[String]) -> Option<&'static str> {
    let words: Vec<&str> = args.iter().map(String::as_str).collect();
    let (what, rest, flags): (&str, &[&str], &[&str]) = match words.as_slice() {
        ["plugin" | "plugins", "list", rest @ ..] => {
            ("its installed plugins", rest, &["--json", "--available"])
        }
        ["plugin" | "plugins", "marketplace", "list", rest @ ..] => {
            ("its configured plugin marketplaces", rest, &["--json"])
        }
        ["plugin" | "plugins", "details", name, rest @ ..] if !name.starts_with('-') => {
            ("one installed plugin's components", rest, &[])
        }
        ["auth", "status", rest @ ..] => ("how it is signed in", rest, &["--json", "--text"]),
        ["auto-mode", "config" | "defaults", rest @ ..] => ("its auto-mode rules", rest, &[]),
        _ => return None,
    };
    rest.iter().all(|a| flags.contains(a)).then_some(what)
}

/// `AGENT [ARGS…]`.
pub(super) fn agent(cmd: &Cmd) -> Said {
    let prog = cmd.program();
    let args = cmd.args();
    if matches!(args, [a] if matches!(a.as_str(), "--version" | "--help")
        || prints_only(prog).contains(&a.as_str()))
    {
        return Said::read(format!("{prog} prints its version or help"));
    }
    if prog == "claude" {
        if let Some(what) = claude_listing(args) {
            return Said::read(format!("claude lists {what}; nothing changes"));
        }
    }
    let mut s = Said::read(format!(
        "{prog} starts an agent that runs what it decides, or changes its own installation"
    ));
    s.category = "nested-agent";
    s.effects.push(Effect::Run {
        code: Code::Hidden {
            what: format!("what the agent {prog} decides to run"),
        },
    });
    s
}
