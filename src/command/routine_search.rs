//! The routine catalogue's search and text tools, each with its own small language:
//! `find` (whose actions can delete or run), `grep`, `rg` and `fd` (whose options can run
//! preprocessors or commands), `sed` (whose scripts can write or execute) and `awk` (whose
//! programs can run commands or write files). The rest of the catalogue is in `routine`.

use super::routine::positional;
use super::{is_expansion, Cmd, Look};

/// find: roots are read; actions that run, delete or write files are excluded.
pub(super) fn find(cmd: &Cmd) -> Look {
    const BAD: &[(&str, &str)] = &[
        ("-exec", "runs a program per file"),
        ("-execdir", "runs a program per file"),
        ("-ok", "runs a program per file"),
        ("-okdir", "runs a program per file"),
        ("-delete", "deletes files"),
        ("-fprint", "writes a file"),
        ("-fprint0", "writes a file"),
        ("-fprintf", "writes a file"),
        ("-fls", "writes a file"),
    ];
    let mut roots = Vec::new();
    let mut in_expr = false;
    for (i, a) in cmd.args().iter().enumerate() {
        if let Some((_, why)) = BAD.iter().find(|(f, _)| a == f) {
            return Look::unknown(format!("find {a} {why}"));
        }
        if cmd.arg_dynamic(i) && is_expansion(a) {
            return Look::unknown(format!("find is given a run-time value {a}"));
        }
        if in_expr {
            continue;
        }
        if matches!(
            a.as_str(),
            "-H" | "-L" | "-P" | "-E" | "-X" | "-d" | "-s" | "-x"
        ) || a.starts_with("-O")
        {
            continue;
        }
        if a.starts_with('-') || a == "(" || a == "!" || a == "\\(" {
            in_expr = true;
            continue;
        }
        roots.push(a.clone());
    }
    let mut l = Look::routine("searches for files by name and metadata");
    if roots.is_empty() {
        roots.push(".".into());
        l.uses_cwd = true;
    }
    l.reads = roots;
    l
}

pub(super) fn grep(cmd: &Cmd) -> Look {
    const VALUE: &[&str] = &[
        "-e",
        "-f",
        "-m",
        "-A",
        "-B",
        "-C",
        "-d",
        "-D",
        "--regexp",
        "--file",
        "--max-count",
        "--context",
        "--label",
        "--include",
        "--exclude",
        "--exclude-dir",
        "--color",
    ];
    let mut explicit_pattern = false;
    let mut pattern_files = Vec::new();
    let mut recursive = false;
    let args = cmd.args();
    for (i, a) in args.iter().enumerate() {
        if matches!(a.as_str(), "-e" | "--regexp") || a.starts_with("--regexp=") {
            explicit_pattern = true;
        }
        if matches!(a.as_str(), "-f" | "--file") {
            explicit_pattern = true;
            if let Some(f) = args.get(i + 1) {
                pattern_files.push(f.clone());
            }
        }
        if a == "-r" || a == "-R" || a == "--recursive" || a == "--dereference-recursive" {
            recursive = true;
        }
        if a.starts_with('-') && !a.starts_with("--") && (a.contains('r') || a.contains('R')) {
            recursive = true;
        }
        if matches!(a.as_str(), "-m" | "-A" | "-B" | "-C")
            && args.get(i + 1).is_none_or(|v| v.parse::<u64>().is_err())
        {
            return Look::unknown(format!("grep {a} is not given a number"));
        }
    }
    let mut files = match positional(cmd, VALUE) {
        Ok(f) => f,
        Err(e) => return Look::unknown(e),
    };
    if !explicit_pattern && !files.is_empty() {
        files.remove(0);
    }
    let mut l = Look::routine("searches text");
    if files.is_empty() && recursive {
        files.push(".".into());
        l.uses_cwd = true;
    }
    l.reads = files;
    l.reads.extend(pattern_files);
    l
}

pub(super) fn rg(cmd: &Cmd) -> Look {
    const BAD: &[(&str, &str)] = &[
        ("--pre", "runs a preprocessor program per file"),
        ("--pre-glob", "runs a preprocessor program per file"),
        ("-z", "runs decompression programs"),
        ("--search-zip", "runs decompression programs"),
        ("--hostname-bin", "runs a program"),
    ];
    const VALUE: &[&str] = &[
        "-e",
        "-f",
        "-g",
        "-t",
        "-T",
        "-m",
        "-A",
        "-B",
        "-C",
        "-j",
        "-M",
        "-r",
        "-E",
        "--regexp",
        "--file",
        "--glob",
        "--iglob",
        "--type",
        "--type-not",
        "--max-count",
        "--context",
        "--after-context",
        "--before-context",
        "--threads",
        "--max-columns",
        "--replace",
        "--encoding",
        "--max-depth",
        "--sort",
        "--sortr",
        "--color",
        "--colors",
        "--type-add",
        "--max-filesize",
        "--path-separator",
        "-d",
    ];
    const NUMERIC: &[&str] = &["-m", "-A", "-B", "-C", "-j", "-M", "-d", "--max-depth"];
    let args = cmd.args();
    for (i, a) in args.iter().enumerate() {
        let name = a.split('=').next().unwrap_or(a);
        if let Some((_, why)) = BAD.iter().find(|(f, _)| *f == name) {
            return Look::unknown(format!("rg {name} {why}"));
        }
        if a.starts_with('-') && !a.starts_with("--") && a.len() > 2 && a.contains('z') {
            return Look::unknown("rg -z runs decompression programs");
        }
        if NUMERIC.contains(&a.as_str())
            && args.get(i + 1).is_none_or(|v| v.parse::<u64>().is_err())
        {
            return Look::unknown(format!("rg {a} is not given a number"));
        }
    }
    let explicit = args
        .iter()
        .any(|a| matches!(a.as_str(), "-e" | "-f" | "--regexp" | "--file" | "--files"));
    let mut files = match positional(cmd, VALUE) {
        Ok(f) => f,
        Err(e) => return Look::unknown(e),
    };
    if !explicit && !files.is_empty() {
        files.remove(0);
    }
    let mut l = Look::routine("searches text");
    if files.is_empty() {
        files.push(".".into());
        l.uses_cwd = true;
    }
    l.reads = files;
    l
}

pub(super) fn fd(cmd: &Cmd) -> Look {
    const BAD: &[&str] = &["-x", "--exec", "-X", "--exec-batch"];
    const VALUE: &[&str] = &[
        "-t",
        "-e",
        "-E",
        "-d",
        "-j",
        "-S",
        "-o",
        "--type",
        "--extension",
        "--exclude",
        "--max-depth",
        "--min-depth",
        "--changed-within",
        "--changed-before",
        "--size",
        "--owner",
        "--search-path",
        "--base-directory",
        "-c",
        "--color",
        "--max-results",
    ];
    if let Some(a) = cmd.args().iter().find(|a| BAD.contains(&a.as_str())) {
        return Look::unknown(format!("fd {a} runs a program per file"));
    }
    let mut files = match positional(cmd, VALUE) {
        Ok(f) => f,
        Err(e) => return Look::unknown(e),
    };
    if !files.is_empty() {
        files.remove(0);
    }
    let mut l = Look::routine("searches for files by name");
    if files.is_empty() {
        files.push(".".into());
        l.uses_cwd = true;
    }
    l.reads = files;
    l
}

/// sed: printing only. `-i` edits files; the `e`, `w`, `W`, `r`, `R` commands and the `e`
/// and `w` flags of `s` run programs or touch other files.
pub(super) fn sed(cmd: &Cmd) -> Look {
    let args = cmd.args();
    let mut scripts = Vec::new();
    let mut files = Vec::new();
    let mut i = 0;
    let mut ended = false;
    while let Some(a) = args.get(i) {
        if cmd.arg_dynamic(i) && is_expansion(a) {
            return Look::unknown(format!("sed is given a run-time value {a}"));
        }
        if !ended && a.starts_with('-') && a.len() > 1 {
            match a.as_str() {
                "--" => ended = true,
                "-e" | "--expression" => {
                    scripts.push(args.get(i + 1).cloned().unwrap_or_default());
                    i += 1;
                }
                "-n" | "--quiet" | "--silent" | "-E" | "-r" | "--regexp-extended" | "-s"
                | "--separate" | "-u" | "--unbuffered" | "-z" | "--null-data" | "--posix"
                | "--debug" | "--sandbox" => {}
                "-l" => i += 1,
                s if s.starts_with("--expression=") => {
                    scripts.push(s.trim_start_matches("--expression=").to_string())
                }
                s if s.starts_with("-i") || s.starts_with("--in-place") => {
                    return Look::unknown("sed -i edits files in place")
                }
                s if s.starts_with("-f") || s.starts_with("--file") => {
                    return Look::unknown("sed -f reads its script from a file")
                }
                s if s.chars().skip(1).all(|c| "nErsuz".contains(c)) => {}
                s => return Look::unknown(format!("sed {s} is not a known printing option")),
            }
        } else if scripts.is_empty() && !args.iter().any(|x| x == "-e" || x == "--expression") {
            scripts.push(a.clone());
        } else {
            files.push(if cmd.arg_dynamic(i) {
                super::routine::glob_dir(a)
            } else {
                a.clone()
            });
        }
        i += 1;
    }
    for s in &scripts {
        if let Err(why) = sed_script_ok(s) {
            return Look::unknown(why);
        }
    }
    let mut l = Look::routine("prints edited text to stdout");
    l.reads = files;
    l
}

/// Walk a sed script, rejecting commands that run programs or touch files.
pub(super) fn sed_script_ok(s: &str) -> Result<(), String> {
    let c: Vec<char> = s.chars().collect();
    let mut i = 0;
    let skip_delimited = |i: &mut usize, delim: char| {
        while *i < c.len() {
            if c[*i] == '\\' {
                *i += 2;
                continue;
            }
            if c[*i] == delim {
                *i += 1;
                return;
            }
            *i += 1;
        }
    };
    while i < c.len() {
        let ch = c[i];
        match ch {
            ' ' | '\t' | '\n' | ';' | '{' | '}' | '!' | ',' | '$' | '~' | '+' => i += 1,
            '0'..='9' => i += 1,
            '/' => {
                i += 1;
                skip_delimited(&mut i, '/');
            }
            '\\' => {
                let d = c.get(i + 1).copied().unwrap_or('/');
                i += 2;
                skip_delimited(&mut i, d);
            }
            's' | 'y' => {
                let Some(&d) = c.get(i + 1) else {
                    return Err("sed script ends early".into());
                };
                i += 2;
                skip_delimited(&mut i, d);
                skip_delimited(&mut i, d);
                if ch == 's' {
                    while i < c.len() && !matches!(c[i], ';' | '\n' | '}') {
                        match c[i] {
                            'e' => {
                                return Err("the sed s///e flag runs the result as a command".into())
                            }
                            'w' | 'W' => return Err("the sed s///w flag writes a file".into()),
                            _ => {}
                        }
                        i += 1;
                    }
                }
            }
            'e' => return Err("the sed e command runs a program".into()),
            'w' | 'W' => return Err("the sed w command writes a file".into()),
            'r' | 'R' => return Err("the sed r command reads another file".into()),
            'a' | 'i' | 'c' | ':' | 'b' | 't' | 'T' | '#' => {
                while i < c.len()
                    && c[i] != '\n'
                    && !(ch != 'a' && ch != 'i' && ch != 'c' && ch != '#' && c[i] == ';')
                {
                    i += 1;
                }
            }
            'p' | 'P' | 'd' | 'D' | 'n' | 'N' | 'g' | 'G' | 'h' | 'H' | 'x' | '=' | 'z' | 'F'
            | 'l' | 'q' | 'Q' | 'L' => i += 1,
            other => return Err(format!("the sed command {other:?} is not known to be safe")),
        }
    }
    Ok(())
}

/// awk: only programs without `system`, pipes, redirections or `getline`.
pub(super) fn awk(cmd: &Cmd) -> Look {
    let args = cmd.args();
    if args.first().map(String::as_str) == Some("-W") {
        return match args.get(1).map(String::as_str) {
            Some("version") | Some("v") => Look::routine("prints its version"),
            _ => Look::unknown("awk -W sets an implementation option"),
        };
    }
    let mut i = 0;
    let mut program = None;
    let mut files = Vec::new();
    while let Some(a) = args.get(i) {
        if program.is_none() && a.starts_with('-') && a.len() > 1 {
            match a.as_str() {
                "-F" | "-v" => i += 1,
                s if s.starts_with("-F") || s.starts_with("-v") => {}
                "--" => {}
                s => return Look::unknown(format!("awk {s} may load code or write files")),
            }
        } else if program.is_none() {
            program = Some(a.clone());
        } else if !a.contains('=') {
            files.push(a.clone());
        }
        i += 1;
    }
    let Some(p) = program else {
        return Look::unknown("awk without a program");
    };
    for bad in [
        "system", "|", ">", "getline", "@load", "@include", "close", "fflush", "ENVIRON",
    ] {
        if p.contains(bad) {
            return Look::unknown(format!(
                "the awk program uses {bad}, which can run or write"
            ));
        }
    }
    let mut l = Look::routine("filters text");
    l.reads = files;
    l
}
