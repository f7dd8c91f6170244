//! Path, WebFetch, MCP/Agent/generic tool rules, broadness, and property tests.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::*;

#[test]
#[rustfmt::skip]
fn path_rules() {
    let h = "/home/u";
    let p = "/home/u/proj";
    let c = "/home/u/proj/sub";
    for (rule, kind, tool, path, want) in [
        ("Read(./.env)", Deny, "Read", format!("{c}/.env"), true),
        ("Read(./.env)", Allow, "Read", format!("{c}/.env"), true),
        ("Read(./.env)", Allow, "Read", format!("{c}/x/.env"), false),
        ("Read(./.env)", Deny, "Read", format!("{c}/x/.env"), true),
        ("Read(.env)", Allow, "Read", format!("{c}/deep/er/.env"), true),
        ("Read(.env)", Allow, "Read", format!("{p}/.env"), false),
        ("Read(.env)", Deny, "Read", "/elsewhere/.env".to_string(), true),
        ("Read(*.pem)", Deny, "Read", format!("{c}/a/b/key.pem"), true),
        ("Read(*.pem)", Allow, "Read", format!("{c}/a/b/key.pem"), true),
        ("Edit(src/**)", Allow, "Edit", format!("{c}/src/a/b.rs"), true),
        ("Edit(src/**)", Allow, "Edit", format!("{c}/src"), true),
        ("Edit(src/**)", Allow, "Edit", format!("{c}/lib/src/a.rs"), false),
        ("Edit(src/**)", Deny, "Edit", format!("{c}/lib/src/a.rs"), true),
        ("Edit(src/*)", Allow, "Write", format!("{c}/src/a.rs"), true),
        ("Edit(src/*)", Allow, "Write", format!("{c}/src/a/b.rs"), false),
        ("Edit(src/?.rs)", Allow, "Edit", format!("{c}/src/a.rs"), true),
        ("Edit(src/?.rs)", Allow, "Edit", format!("{c}/src/ab.rs"), false),
        ("Read(~/.ssh/**)", Deny, "Read", format!("{h}/.ssh/id_rsa"), true),
        ("Read(~/.ssh/**)", Deny, "Read", format!("{c}/.ssh/id_rsa"), false),
        ("Read(//etc/**)", Deny, "Grep", "/etc/passwd".to_string(), true),
        ("Read(//etc/**)", Deny, "Read", format!("{c}/etc/passwd"), false),
        // `/path` is relative to the project root, not the filesystem root.
        ("Edit(/docs/**)", Allow, "Edit", format!("{p}/docs/a.md"), true),
        ("Edit(/docs/**)", Allow, "Edit", "/docs/a.md".to_string(), false),
        ("Read(../shared/**)", Allow, "Read", format!("{p}/shared/x"), true),
        // A matched directory covers its contents for deny, not for allow.
        ("Read(./secrets)", Deny, "Read", format!("{c}/secrets/k"), true),
        ("Read(./secrets)", Allow, "Read", format!("{c}/secrets/k"), false),
        // Classes: Read rules cover Glob/Grep/LS; a Read deny also covers writes.
        ("Read(./.env)", Deny, "Write", format!("{c}/.env"), true),
        ("Read(./.env)", Ask, "Edit", format!("{c}/.env"), true),
        ("Read(./.env)", Allow, "Edit", format!("{c}/.env"), false),
        ("Edit(./x)", Deny, "Read", format!("{c}/x"), false),
        ("Write(./x)", Allow, "Edit", format!("{c}/x"), true),
        ("Glob(./x/**)", Allow, "Grep", format!("{c}/x/y"), true),
        ("Read", Allow, "LS", "/anywhere".to_string(), true),
        ("Read", Allow, "Edit", "/anywhere".to_string(), false),
        ("Edit", Allow, "NotebookEdit", "/x.ipynb".to_string(), true),
        ("Glob", Allow, "Read", "/x".to_string(), false),
        ("Glob", Allow, "Glob", "/x".to_string(), true),
    ] {
        assert_eq!(
            plain_file(rule, kind, tool, &path),
            want,
            "{rule} {kind:?} {tool} {path}"
        );
    }
}

#[test]
#[rustfmt::skip]
fn path_rules_and_symlinks() {
    let c = "/home/u/proj/sub";
    let inside = format!("{c}/src/link");
    let target = "/home/u/.ssh/id_rsa";
    for (rule, kind, resolved, want) in [
        // Allow needs link and target to match.
        ("Edit(src/**)", Allow, Some(target), false),
        ("Edit(src/**)", Allow, Some(inside.as_str()), true),
        ("Edit(src/**)", Allow, None, false),
        // Deny matches either form.
        ("Edit(~/.ssh/**)", Deny, Some(target), true),
        ("Edit(src/**)", Deny, Some(target), true),
        ("Edit(~/.ssh/**)", Deny, None, false),
        ("Edit", Allow, None, true),
    ] {
        assert_eq!(
            file(rule, kind, "Edit", &inside, resolved),
            want,
            "{rule} {kind:?} {resolved:?}"
        );
    }
}

#[test]
#[rustfmt::skip]
fn webfetch_domains() {
    for (rule, kind, url, want) in [
        ("WebFetch(domain:example.com)", Allow, "https://example.com/a", true),
        ("WebFetch(domain:example.com)", Allow, "https://EXAMPLE.com./a", true),
        ("WebFetch(domain:Example.COM)", Allow, "http://example.com:8080", true),
        ("WebFetch(domain:example.com)", Allow, "https://user@example.com/", true),
        ("WebFetch(domain:example.com)", Allow, "https://example.com@evil.com/", false),
        ("WebFetch(domain:example.com)", Allow, "https://evil.com\\@example.com/", false),
        ("WebFetch(domain:example.com)", Allow, "https://a.example.com/", false),
        ("WebFetch(domain:example.com)", Allow, "https://example.com.evil.net/", false),
        ("WebFetch(domain:*.example.com)", Allow, "https://a.example.com/", true),
        ("WebFetch(domain:*.example.com)", Allow, "https://a.b.example.com/", true),
        ("WebFetch(domain:*.example.com)", Allow, "https://example.com/", false),
        ("WebFetch(domain:api.*.example.com)", Allow, "https://api.eu.example.com/", true),
        ("WebFetch(domain:api.*.example.com)", Allow, "https://api.a.b.example.com/", false),
        // Unparseable: never allowed; caught by any deny/ask WebFetch rule.
        ("WebFetch(domain:example.com)", Allow, "example.com/x", false),
        ("WebFetch(domain:example.com)", Allow, "https://ex%61mple.com/", false),
        ("WebFetch(domain:evil.com)", Deny, "https://evil\u{3002}com/", true),
        ("WebFetch", Deny, "not a url", true),
        ("WebFetch", Allow, "not a url", false),
        ("WebFetch", Allow, "https://anything.example/", true),
    ] {
        assert_eq!(fetch(rule, kind, url), want, "{rule} {kind:?} {url}");
    }
}

#[test]
#[rustfmt::skip]
fn tool_rules() {
    let none = json!({});
    for (rule, kind, name, input, want) in [
        ("mcp__github", Allow, "mcp__github__create_issue", none.clone(), true),
        ("mcp__github__*", Allow, "mcp__github__create_issue", none.clone(), true),
        ("mcp__github", Allow, "mcp__githubber__x", none.clone(), false),
        ("mcp__github", Allow, "mcp__github", none.clone(), false),
        ("mcp__github__get_issue", Allow, "mcp__github__get_issue", none.clone(), true),
        ("mcp__github__get_issue", Allow, "mcp__github__get_issues", none.clone(), false),
        ("mcp__github__get_*", Allow, "mcp__github__get_pr", none.clone(), true),
        ("mcp__github__get_*", Allow, "mcp__github__delete_pr", none.clone(), false),
        ("mcp__*", Deny, "mcp__any__thing", none.clone(), true),
        ("mcp__*", Deny, "WebSearch", none.clone(), false),
        ("*", Deny, "WebSearch", none.clone(), true),
        ("Agent(Explore)", Allow, "Agent", json!({"subagent_type": "Explore"}), true),
        ("Agent(Explore)", Allow, "Task", json!({"subagent_type": "Explore"}), true),
        ("Task(Explore)", Allow, "Agent", json!({"subagent_type": "Explore"}), true),
        ("Agent(Explore)", Allow, "Agent", json!({"subagent_type": "Plan"}), false),
        ("Agent(general-purpose)", Allow, "Agent", json!({"prompt": "x"}), true),
        ("Agent", Allow, "Task", json!({}), true),
        ("Agent(model:opus)", Deny, "Agent", json!({"model": "opus"}), true),
        ("Agent(model:opus)", Deny, "Agent", json!({"model": "haiku"}), false),
        ("Agent(model:*)", Deny, "Agent", json!({"model": "haiku"}), true),
        ("Agent(description:fix *)", Deny, "Agent", json!({"description": "fix it"}), true),
        ("mcp__db__query(limit:10*)", Deny, "mcp__db__query", json!({"limit": 100}), true),
        ("Skill(deploy *)", Allow, "Skill", json!({"skill": "deploy prod"}), true),
        ("Skill(deploy *)", Allow, "Skill", json!({"skill": "deployer"}), false),
        ("Skill(deploy *)", Allow, "Skill", json!({"command": "deploy"}), true),
        ("WebSearch", Allow, "WebSearch", json!({"query": "x"}), true),
        ("WebSearch", Allow, "WebSearchX", json!({"query": "x"}), false),
        ("mcp__s__t(*\"drop\"*)", Deny, "mcp__s__t", json!({"q": "drop"}), true),
        // A file rule facing a call the engine couldn't turn into a path: fail closed.
        ("Read(./.env)", Deny, "Read", json!({}), true),
        ("Read(./.env)", Allow, "Read", json!({}), false),
    ] {
        assert_eq!(
            tool(rule, kind, name, input.clone()),
            want,
            "{rule} {kind:?} {name} {input}"
        );
    }
}

#[test]
#[rustfmt::skip]
fn broad_rules() {
    for (rule, want) in [
        ("Bash", true),
        ("Bash(*)", true),
        ("PowerShell", true),
        ("Bash(python*)", true),
        ("Bash(python3 *)", true),
        ("Bash(py*)", true),
        ("Bash(node *)", true),
        ("Bash(bash *)", true),
        ("Bash(sh -c *)", true),
        ("Bash(env *)", true),
        ("Bash(sudo *)", true),
        ("Bash(xargs *)", true),
        ("Bash(npx:*)", true),
        ("Bash(npm run *)", true),
        ("Bash(npm run build:*)", true),
        ("Bash(pnpm *)", true),
        ("Bash(yarn *)", true),
        ("Bash(make *)", true),
        ("Bash(cargo run*)", true),
        ("Bash(* --version)", true),
        ("Agent(Explore)", true),
        ("Task", true),
        ("Bash(npm test)", false),
        ("Bash(python3 --version)", false),
        ("Bash(ls *)", false),
        ("Bash(git status:*)", false),
        ("Bash(cargo test *)", false),
        ("Read(src/**)", false),
        ("mcp__github", false),
    ] {
        assert_eq!(Rule::parse(rule).unwrap().is_broad(), want, "{rule}");
    }
}

#[test]
#[rustfmt::skip]
fn never_matching_rules_are_flagged() {
    for (rule, want) in [
        ("Bash( ls)", true),
        ("Bash(ls  -la)", true),
        ("Bash(ls -la)", false),
    ] {
        assert_eq!(Rule::parse(rule).unwrap().can_never_match(), want, "{rule}");
    }
}

#[test]
#[rustfmt::skip]
fn path_subject_allow_needs_every_path_covered() {
    let rs = set(&[], &[], &["Read(./a/**)", "Read(./b/**)"]);
    let c = "/home/u/proj/sub";
    let forms = |ps: &[String]| -> Vec<PathForms> {
        ps.iter()
            .map(|p| PathForms {
                lexical: p.into(),
                resolved: Some(p.into()),
            })
            .collect()
    };
    for (paths, want) in [
        (vec![format!("{c}/a/x"), format!("{c}/b/y")], "allow:Read(./a/**),Read(./b/**)"),
        (vec![format!("{c}/a/x"), format!("{c}/c/y")], "none"),
        (vec![], "none"),
    ] {
        let f = forms(&paths);
        let s = Subject::Path {
            tool: "Grep",
            access: Access::Read,
            paths: &f,
        };
        assert_eq!(outcome(&rs, &s, false), want, "{paths:?}");
    }
}

mod props {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn parse_never_panics(s in "\\PC{0,40}") {
            let _ = Rule::parse(&s);
            let _ = Rule::parse_for(Allow, &s);
        }

        #[test]
        fn matching_never_panics(rule in "[A-Za-z*_]{1,8}(\\([ -~]{0,20}\\))?", text in "[ -~]{0,30}") {
            if let Ok(r) = Rule::parse(&rule) {
                let c = cmds(&text);
                let input = json!({"command": text});
                let s = Subject::Bash { commands: &c, fully_parsed: true, input: &input };
                let _ = r.matches(Deny, &s, &ctx());
                let _ = r.matches(Allow, &s, &ctx());
                let _ = r.matches(Deny, &Subject::WebFetch { url: &text }, &ctx());
            }
        }
    }
}
