//! Paths a command writes (or links) by its arguments rather than by a redirect: `sed -i`,
//! `find -fprint`, `tee`, `cp`/`mv`/`install`, `ln`, `touch`, `truncate`, `chmod`/`chown`,
//! `dd of=`, `rsync`. The engine sends them through the path floor, so writing gatehook's
//! or the harness's settings this way is the same hard floor as an Edit, and a protected or
//! out-of-workspace target asks. `ln -s SRC` also counts SRC as read: a link to `~/.ssh`
//! inside the workspace is a way to read keys.

/// Written paths and (link-source) read paths of one command's argv.
pub fn targets(argv: &[String]) -> (Vec<String>, Vec<String>) {
    let mut writes = Vec::new();
    let mut reads = Vec::new();
    let Some(prog) = argv.first() else {
        return (writes, reads);
    };
    let name = prog.rsplit('/').next().unwrap_or(prog);
    let args = &argv[1..];
    let operands: Vec<&String> = {
        let mut out = Vec::new();
        let mut end_of_opts = false;
        for a in args {
            if !end_of_opts && a == "--" {
                end_of_opts = true;
                continue;
            }
            if end_of_opts || !a.starts_with('-') || a == "-" {
                out.push(a);
            }
        }
        out
    };
    match name {
        "sed" | "gsed"
            if args
                .iter()
                .any(|a| a.starts_with("-i") || a.starts_with("--in-place")) =>
        {
            // The first operand is the script unless given with -e/-f (whose values are
            // not files to edit).
            let mut files = Vec::new();
            let mut scripted = false;
            let mut it = args.iter();
            while let Some(a) = it.next() {
                match a.as_str() {
                    "-e" | "-f" | "--expression" | "--file" => {
                        scripted = true;
                        it.next();
                    }
                    x if x.starts_with("--expression=") || x.starts_with("--file=") => {
                        scripted = true
                    }
                    x if x.starts_with('-') && x != "-" => {}
                    x => files.push(x.to_string()),
                }
            }
            writes.extend(files.into_iter().skip(usize::from(!scripted)));
        }
        "perl"
            if args
                .iter()
                .any(|a| a.starts_with("-i") || (a.starts_with("-p") && a.contains('i'))) =>
        {
            writes.extend(operands.iter().skip(1).map(|s| s.to_string()));
        }
        "find" => {
            for w in args.windows(2) {
                if matches!(w[0].as_str(), "-fprint" | "-fprint0" | "-fprintf" | "-fls") {
                    writes.push(w[1].clone());
                }
            }
        }
        "tee" => writes.extend(operands.iter().map(|s| s.to_string())),
        "cp" | "mv" | "install" | "rsync" | "scp" => {
            if let Some(t) = args
                .windows(2)
                .find(|w| w[0] == "-t" || w[0] == "--target-directory")
            {
                writes.push(t[1].clone());
            } else if let Some(last) = operands.last() {
                if operands.len() >= 2 {
                    writes.push(last.to_string());
                }
            }
            if name == "mv" {
                // Moving a file away changes its old place too.
                writes.extend(operands.iter().rev().skip(1).map(|s| s.to_string()));
            }
        }
        "ln" => {
            if operands.len() >= 2 {
                writes.push(operands[operands.len() - 1].to_string());
                reads.extend(operands[..operands.len() - 1].iter().map(|s| s.to_string()));
            } else if let Some(src) = operands.first() {
                reads.push(src.to_string());
            }
        }
        "touch" | "truncate" | "chmod" | "chown" | "chgrp" | "chattr" | "setfacl" => {
            // chmod/chown's first operand is the mode/owner.
            let skip = usize::from(matches!(
                name,
                "chmod" | "chown" | "chgrp" | "chattr" | "setfacl"
            ));
            writes.extend(operands.iter().skip(skip).map(|s| s.to_string()));
        }
        "dd" => {
            for a in args {
                if let Some(of) = a.strip_prefix("of=") {
                    writes.push(of.to_string());
                }
            }
        }
        _ => {}
    }
    writes.retain(|w| !w.is_empty() && !crate::command::is_null_device(w));
    (writes, reads)
}

#[cfg(test)]
mod tests {
    use super::targets;

    fn strings(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn finds_argument_writes() {
        let cases: &[(&str, &[&str], &[&str])] = &[
            ("sed -i /x/d a.json b.json", &["a.json", "b.json"], &[]),
            ("sed -i -e s/a/b/ f", &["f"], &[]),
            ("sed -n 1p f", &[], &[]),
            ("find . -name x -fprint out.txt", &["out.txt"], &[]),
            ("tee -a log.txt", &["log.txt"], &[]),
            ("cp a b dest", &["dest"], &[]),
            ("mv a b", &["b", "a"], &[]),
            ("ln -s /home/u/.ssh keys", &["keys"], &["/home/u/.ssh"]),
            ("chmod 600 f", &["f"], &[]),
            ("dd if=/dev/zero of=disk.img", &["disk.img"], &[]),
            ("ls -la", &[], &[]),
        ];
        for (cmd, w, r) in cases {
            let argv = strings(&cmd.split_whitespace().collect::<Vec<_>>());
            assert_eq!(targets(&argv), (strings(w), strings(r)), "{cmd}");
        }
    }
}
