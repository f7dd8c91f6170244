//! Shell completions and the man page, generated from the clap definitions in [`crate::cli`]
//! so they never drift from the real flags.

use crate::cli::Cli;
use clap::CommandFactory;

/// Completions for `shell` (bash, zsh, fish, powershell, elvish) as text.
pub fn completions(shell: clap_complete::Shell) -> Vec<u8> {
    let mut cmd = Cli::command();
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut cmd, "gatehook", &mut out);
    out
}

/// The man page `gatehook(1)` in roff: clap_mangen's page for the command, then one
/// section per subcommand holding its full `--help` text.
pub fn man() -> std::io::Result<Vec<u8>> {
    let mut cmd = Cli::command();
    cmd.build();
    let mut out = Vec::new();
    clap_mangen::Man::new(cmd.clone()).render(&mut out)?;
    for sub in cmd.get_subcommands_mut() {
        if sub.is_hide_set() || sub.get_name() == "help" {
            continue;
        }
        let title = format!("GATEHOOK {}", sub.get_name().to_uppercase());
        let help = sub.render_long_help().to_string();
        out.extend_from_slice(format!(".SH \"{title}\"\n.nf\n").as_bytes());
        for line in help.lines() {
            out.extend_from_slice(roff_line(line).as_bytes());
            out.push(b'\n');
        }
        out.extend_from_slice(b".fi\n");
    }
    Ok(out)
}

/// One line of literal text for roff: backslashes escaped, and a leading `.` or `'` (which
/// roff would read as a request) neutralised.
fn roff_line(line: &str) -> String {
    let escaped = line.replace('\\', "\\e");
    if escaped.starts_with('.') || escaped.starts_with('\'') {
        format!("\\&{escaped}")
    } else {
        escaped
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn roff_lines_cannot_become_requests() {
        assert_eq!(super::roff_line(".TH x"), "\\&.TH x");
        assert_eq!(super::roff_line("'x"), "\\&'x");
        assert_eq!(super::roff_line("a\\b"), "a\\eb");
    }
}
