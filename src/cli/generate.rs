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
    let mut page = Vec::new();
    clap_mangen::Man::new(cmd.clone()).render(&mut page)?;
    let mut out = title_first(&String::from_utf8_lossy(&page)).into_bytes();
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

/// clap_mangen's page with its `.TH` line first (man(1) and tools that sniff the page
/// expect it there; the string definitions before it may follow it), and the subcommand
/// list pointing at this page's own sections instead of `gatehook-NAME(1)` pages that do
/// not exist.
fn title_first(page: &str) -> String {
    let mut lines: Vec<&str> = page.lines().collect();
    if let Some(i) = lines.iter().position(|l| l.starts_with(".TH ")) {
        let th = lines.remove(i);
        lines.insert(0, th);
    }
    let mut out = String::new();
    for l in lines {
        match l
            .strip_prefix("gatehook\\-")
            .and_then(|r| r.strip_suffix("(1)"))
        {
            Some(name) => out.push_str(&format!("\\fBgatehook {name}\\fR")),
            None => out.push_str(l),
        }
        out.push('\n');
    }
    out
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
