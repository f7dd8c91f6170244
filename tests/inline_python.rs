//! Inline Python through the binary: what its grammar names literally (files read and
//! written, directories listed, URLs fetched) is decided as a shell command's effects
//! are — the path floor for the paths (workspace writes run, outside the workspace asks,
//! protected files ask, credentials are denied, text no one has seen asks in a file that
//! runs or steers the agent), the network policy for the fetches (a GET of a public host
//! runs) — and what is outside the grammar gets no opinion.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use support::{bash, Env};

fn py(code: &str) -> String {
    format!("python3 <<'EOF'\n{code}\nEOF")
}

fn decided(env: &Env, cases: &[(String, &str, &str)]) {
    let bad: Vec<String> = cases
        .iter()
        .filter_map(|(cmd, decision, cause)| {
            let out = bash(env, cmd);
            // No opinion prints nothing: why is in the audit log, which `cause` is a part of.
            let got = if out.decision() == "none" {
                let line = env.audit_lines().pop().unwrap_or_default();
                let reason = line["reason"].as_str().unwrap_or("").to_string();
                let part = if reason.contains(cause) { *cause } else { "" };
                ("none".to_string(), part.to_string())
            } else {
                (out.decision(), out.cause())
            };
            (got.0 != *decision || got.1 != *cause).then(|| {
                format!(
                    "{cmd}\n  got {} [{}], want {decision} [{cause}]: {}",
                    got.0,
                    got.1,
                    out.reason()
                )
            })
        })
        .collect();
    assert!(bad.is_empty(), "\n{}", bad.join("\n"));
}

#[test]
fn what_inline_python_names_is_decided_as_a_shell_commands_effects_are() {
    let env = Env::new();
    std::fs::create_dir_all(env.path("data")).unwrap();
    std::fs::write(env.path("data/a.json"), "{}").unwrap();
    let home = env.home.display().to_string();
    decided(
        &env,
        &[
            // Ordinary work runs at once.
            (
                py("import urllib.request, json\nreq = urllib.request.Request('https://openlibrary.org/search.json?author=x&limit=2', headers={'User-Agent': 'X/1.0'})\nresp = json.loads(urllib.request.urlopen(req, timeout=15).read())\nprint(json.dumps(resp, indent=2)[:3000])"),
                "allow",
                "routine-command",
            ),
            (
                py("import json\nf = 'state.json'\nd = json.load(open(f)) if False else {}\njson.dump(d, open(f, 'w'), indent=2)"),
                "allow",
                "routine-command",
            ),
            (
                py("import os, json\nos.makedirs('out/x', exist_ok=True)\nfor n in sorted(os.listdir('data')):\n    print(n, json.load(open(os.path.join('data', n))))"),
                "allow",
                "routine-command",
            ),
            (
                py("from pathlib import Path\nfor p in Path('src').rglob('*.rs'):\n    print(p, len(p.read_text().splitlines()))"),
                "allow",
                "routine-command",
            ),
            (
                py("open('/tmp/gatehook-inline-python-test-scratch.json', 'w').write('{}')"),
                "allow",
                "routine-command",
            ),
            // The path floor: outside the workspace, protected, credentials.
            (
                py(&format!("open('{home}/notes.txt', 'w').write('x')")),
                "ask",
                "outside-workspace",
            ),
            (
                py(&format!("open('{home}/.bashrc', 'a').write('export X=1')")),
                "ask",
                "protected-path",
            ),
            (
                py("open('.git/hooks/pre-commit', 'w').write('x')"),
                "ask",
                "protected-path",
            ),
            (
                py(&format!("open('{home}/.ssh/config', 'w').write('x')")),
                "deny",
                "credential",
            ),
            (
                py(&format!("print(open('{home}/.aws/credentials').read())")),
                "deny",
                "credential",
            ),
            (
                py(&format!("import os\nprint(os.listdir('{home}/.ssh'))")),
                "deny",
                "credential",
            ),
            // Text written by code, into a file that runs or steers the agent.
            (
                py("open('CLAUDE.md', 'a').write('x')"),
                "ask",
                "risky-edit",
            ),
            (
                py("from pathlib import Path\nPath('Makefile').write_text('all:\\n\\ttrue\\n')"),
                "ask",
                "risky-edit",
            ),
            // Outside the grammar: no opinion.
            (
                py("import urllib.request\nurllib.request.urlopen('https://example.com/api', data=b'{}')"),
                "none",
                "outside the grammar of pure Python: the code sends data",
            ),
            (
                py("import urllib.request\nprint(urllib.request.urlopen('http://localhost:8080/admin').read())"),
                "none",
                "a local name",
            ),
            (
                py("import os\nfor n in os.listdir('data'):\n    open(os.path.join('data', n), 'w').write('')"),
                "none",
                "writes below data under a name chosen at run time",
            ),
        ],
    );
    // A link below a directory read by names chosen at run time leads to a credential.
    std::os::unix::fs::symlink(env.home.join(".ssh/id_rsa"), env.path("data/k.json")).unwrap();
    decided(
        &env,
        &[(
            py("import os\nfor n in os.listdir('data'):\n    print(open(os.path.join('data', n)).read())"),
            "deny",
            "credential",
        )],
    );
}
