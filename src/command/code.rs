//! Interpreter code given inline (`python -c`, `node -e`, `perl -e`, `ruby -e`, `php -r`,
//! heredocs and herestrings to an interpreter): never routine, and searched for obvious
//! destruction — deletion APIs (hard when the code names `/`, a top-level directory or the
//! home directory, soft otherwise) and shell-outs whose quoted command strings are judged
//! like any other command.

use super::destructive::RUNNERS;
use super::{can_recurse, judge_text, Class, Cmd, JudgeCtx, Verdict};

/// Where secrets are read from inside code.
const SECRET_SOURCES: &[&str] = &[
    "os.environ",
    "environ",
    "process.env",
    "ENV[",
    "ENV.to_h",
    "%ENV",
    "getenv",
    ".ssh/",
    ".aws/",
    ".netrc",
    "credentials",
    "id_rsa",
    "id_ed25519",
];

/// Network calls inside code.
const NETWORK_APIS: &[&str] = &[
    "urlopen",
    "urllib",
    "requests.",
    "http.client",
    "httpx",
    "socket",
    "fetch(",
    "http.request",
    "https.request",
    "axios",
    "Net::HTTP",
    "LWP::",
    "HTTP::Tiny",
    "curl",
];

/// APIs that delete files or trees.
const DELETE_APIS: &[&str] = &[
    "shutil.rmtree",
    "os.remove",
    "os.unlink",
    "os.rmdir",
    "os.removedirs",
    ".unlink(",
    ".rmdir(",
    "fs.rmSync",
    "fs.rm(",
    "fs.rmdirSync",
    "fs.unlinkSync",
    "fs.unlink(",
    "fs.promises.rm",
    "rmSync(",
    "rimraf",
    "FileUtils.rm",
    "FileUtils.remove",
    "rm_rf",
    "File.delete",
    "Dir.rmdir",
    "unlink(",
    "rmtree(",
    "remove_tree",
    "Deno.remove",
    "File::Path",
    "rmdir(",
];

/// APIs that run a shell command.
const SHELL_APIS: &[&str] = &[
    "os.system",
    "subprocess",
    "child_process",
    "execSync",
    "exec(",
    "spawn",
    "system(",
    "popen",
    "Deno.run",
    "Deno.Command",
    "Bun.spawn",
    "%x(",
    "IO.popen",
    "shell_exec",
    "passthru",
    "proc_open",
    "`",
    "Runtime.getRuntime",
    "getline",
    "| \"",
    "|\"",
];

/// Signs that code names the root, a top-level directory or the home directory.
const HARD_SIGNS: &[&str] = &[
    "'/'",
    "\"/\"",
    "'/etc",
    "\"/etc",
    "'/usr",
    "\"/usr",
    "'/home",
    "\"/home",
    "'/Users",
    "\"/Users",
    "'/var",
    "\"/var",
    "'/root",
    "\"/root",
    "'/opt",
    "\"/opt",
    "homedir",
    "expanduser",
    "Path.home",
    "'~",
    "\"~",
    "$HOME",
    "ENV['HOME']",
    "ENV[\"HOME\"]",
    "environ['HOME']",
    "environ[\"HOME\"]",
    "getenv('HOME')",
    "getenv(\"HOME\")",
    "Dir.home",
    "os.homedir",
    "'/bin",
    "\"/bin",
    "'/lib",
    "\"/lib",
    "'/boot",
    "\"/boot",
];

/// Options that introduce inline code, per interpreter family.
fn code_flag(prog: &str) -> &'static [&'static str] {
    match prog {
        "python" | "python2" | "python3" | "pypy" | "pypy3" => &["-c"],
        "node" | "nodejs" | "bun" => &["-e", "--eval", "-p", "--print"],
        "deno" => &["eval"],
        "perl" => &["-e", "-E"],
        "ruby" => &["-e"],
        "php" => &["-r"],
        "lua" => &["-e"],
        "osascript" => &["-e"],
        "awk" | "gawk" | "mawk" | "nawk" => &["-e", "--source"],
        "pwsh" | "powershell" => &["-c", "-Command", "-command"],
        _ => &[],
    }
}

fn is_awk(prog: &str) -> bool {
    matches!(prog, "awk" | "gawk" | "mawk" | "nawk")
}

fn is_interpreter(prog: &str) -> bool {
    let base = prog.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    (RUNNERS.contains(&prog) || RUNNERS.contains(&base) || !code_flag(prog).is_empty())
        && !matches!(prog, "sh" | "bash" | "zsh" | "dash" | "ksh" | "fish")
}

/// The inline code a command runs, if it is an interpreter given code.
fn inline_code(cmd: &Cmd) -> Option<String> {
    let prog = cmd.program();
    let prog = prog.rsplit('/').next().unwrap_or(prog);
    let prog = prog.strip_suffix(".exe").unwrap_or(prog);
    if !is_interpreter(prog) && !is_awk(prog) {
        return None;
    }
    let base = prog.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    let flags = if code_flag(prog).is_empty() {
        code_flag(base)
    } else {
        code_flag(prog)
    };
    let args = cmd.args();
    let mut code = String::new();
    for (i, a) in args.iter().enumerate() {
        if flags.iter().any(|f| a == f) {
            if let Some(v) = args.get(i + 1) {
                code.push_str(v);
                code.push('\n');
            }
        } else if flags.iter().any(|f| {
            f.len() == 2 && a.starts_with('-') && !a.starts_with("--") && a.ends_with(&f[1..])
        }) {
            // A bundle ending in the code flag (`perl -we CODE`, `ruby -we CODE`).
            if let Some(v) = args.get(i + 1) {
                code.push_str(v);
                code.push('\n');
            }
        } else if flags
            .iter()
            .any(|f| f.len() == 2 && a.starts_with(f) && a.len() > 2)
        {
            code.push_str(&a[2..]);
            code.push('\n');
        }
    }
    if is_awk(prog) && code.is_empty() {
        // The first non-option word is the awk program.
        let mut skip = false;
        for a in args {
            if skip {
                skip = false;
                continue;
            }
            if a == "-F" || a == "-v" || a == "-f" {
                skip = true;
                continue;
            }
            if !a.starts_with('-') {
                code.push_str(a);
                break;
            }
        }
    }
    if let Some(s) = &cmd.sc.stdin_text {
        code.push_str(s);
    }
    (!code.is_empty()).then_some(code)
}

/// Search an interpreter's inline code. `None` when the command gives no inline code.
pub(super) fn search(cmd: &Cmd, ctx: &JudgeCtx, depth: u8) -> Option<Class> {
    let code = inline_code(cmd)?;
    let prog = cmd.program();
    let prog = prog.rsplit('/').next().unwrap_or(prog);
    search_code(prog, &code, ctx, depth)
}

/// Search a piece of code run by `prog` (an interpreter one-liner, or the new text of a
/// file that runs). `None` when nothing is found and the code is awk.
pub(super) fn search_code(prog: &str, code: &str, ctx: &JudgeCtx, depth: u8) -> Option<Class> {
    // Shell commands quoted inside the code.
    if SHELL_APIS.iter().any(|a| code.contains(a)) && can_recurse(depth) {
        let mut worst: Option<Class> = None;
        for s in quoted_strings(code) {
            if !s.contains(' ') {
                continue;
            }
            let j = judge_text(&s, ctx, depth);
            let c = match j.verdict {
                Verdict::Hard {
                    category, reason, ..
                } => Class::Hard {
                    category,
                    reason: format!("{prog} code runs a shell command that {reason}"),
                },
                Verdict::Soft {
                    category, reason, ..
                } => Class::Soft {
                    category,
                    reason: format!("{prog} code runs a shell command: {reason}"),
                },
                _ => continue,
            };
            let stricter = matches!(c, Class::Hard { .. }) || worst.is_none();
            if stricter {
                worst = Some(c);
            }
            if matches!(worst, Some(Class::Hard { .. })) {
                break;
            }
        }
        if let Some(w) = worst {
            return Some(w);
        }
    }
    // Code that reads like a shell command line (`ruby -e "rm -rf /"`).
    if can_recurse(depth) {
        let j = judge_text(code, ctx, depth);
        if let Verdict::Hard {
            category, reason, ..
        }
        | Verdict::Soft {
            category, reason, ..
        } = j.verdict
        {
            return Some(Class::Soft {
                category,
                reason: format!("{prog} code reads like a command that {reason}"),
            });
        }
    }
    if let Some(api) = DELETE_APIS.iter().find(|a| code.contains(*a)) {
        let hard = HARD_SIGNS.iter().any(|s| code.contains(s))
            || code.contains(&ctx.home.display().to_string());
        let reason = format!("{prog} code calls {api}");
        return Some(if hard {
            Class::Hard {
                category: "deletion",
                reason: format!("{reason} on the root, a system directory or your home"),
            }
        } else {
            Class::Soft {
                category: "deletion",
                reason: format!("{reason}, which deletes files"),
            }
        });
    }
    if SHELL_APIS.iter().any(|a| code.contains(a)) {
        return Some(Class::Soft {
            category: "dynamic-exec",
            reason: format!("{prog} code runs shell commands"),
        });
    }
    // The environment (where tokens live) or a credential file, and a network call.
    let secrets = SECRET_SOURCES.iter().find(|a| code.contains(*a));
    let network = NETWORK_APIS.iter().find(|a| code.contains(*a));
    if let (Some(src), Some(net)) = (secrets, network) {
        return Some(Class::Soft {
            category: "exfiltration",
            reason: format!("{prog} code reads {src} and calls {net}"),
        });
    }
    if is_awk(prog) {
        return None;
    }
    Some(Class::Unknown {
        reason: format!("{prog} runs inline code, which is never routine"),
    })
}

/// The contents of '…', "…" and `…` literals in code (escapes kept as written).
pub(super) fn quoted_strings(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let chars: Vec<char> = code.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let q = chars[i];
        if q == '\'' || q == '"' || q == '`' {
            let mut s = String::new();
            let mut j = i + 1;
            while j < chars.len() && chars[j] != q {
                if chars[j] == '\\' && j + 1 < chars.len() {
                    s.push(chars[j + 1]);
                    j += 2;
                    continue;
                }
                s.push(chars[j]);
                j += 1;
            }
            out.push(s);
            i = j + 1;
        } else {
            i += 1;
        }
    }
    out
}
