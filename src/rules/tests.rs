//! Rule parsing and matching, one line per case.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::*;
use crate::config::Layer;
use serde_json::{json, Value};
use std::path::Path;
use RuleKind::{Allow, Ask, Deny};

fn ctx() -> MatchCtx<'static> {
    MatchCtx {
        cwd: Path::new("/home/u/proj/sub"),
        project_root: Path::new("/home/u/proj"),
        home: Path::new("/home/u"),
    }
}

/// `FOO=1 cmd args > out` → one BashCommand (assignments, argv, redirect flag).
fn cmd(text: &str) -> BashCommand {
    let mut c = BashCommand::default();
    let mut words = text.split_whitespace().peekable();
    while let Some(w) = words.peek() {
        match w.split_once('=') {
            Some((k, v)) if c.argv.is_empty() && !k.is_empty() => {
                c.assignments.push((k.into(), v.into()));
                words.next();
            }
            _ => break,
        }
    }
    while let Some(w) = words.next() {
        if w == ">" {
            c.has_file_redirect = true;
            words.next();
        } else {
            c.argv.push(w.into());
        }
    }
    c
}

/// Commands separated by ` && `.
fn cmds(text: &str) -> Vec<BashCommand> {
    text.split(" && ").map(cmd).collect()
}

fn bash(rule: &str, kind: RuleKind, text: &str) -> bool {
    let r = Rule::parse_for(kind, rule).unwrap_or_else(|e| panic!("{rule}: {e}"));
    let c = cmds(text);
    let input = json!({ "command": text });
    let s = Subject::Bash {
        commands: &c,
        fully_parsed: true,
        input: &input,
    };
    r.matches(kind, &s, &ctx())
}

fn file(rule: &str, kind: RuleKind, tool: &str, path: &str, resolved: Option<&str>) -> bool {
    let r = Rule::parse_for(kind, rule).unwrap_or_else(|e| panic!("{rule}: {e}"));
    let access = match tool {
        "Read" | "Glob" | "Grep" | "LS" => Access::Read,
        _ => Access::Edit,
    };
    let paths = [PathForms {
        lexical: path.into(),
        resolved: resolved.map(Into::into),
    }];
    let s = Subject::Path {
        tool,
        access,
        paths: &paths,
    };
    r.matches(kind, &s, &ctx())
}

/// Same path lexically and resolved (no symlink involved).
fn plain_file(rule: &str, kind: RuleKind, tool: &str, path: &str) -> bool {
    file(rule, kind, tool, path, Some(path))
}

fn fetch(rule: &str, kind: RuleKind, url: &str) -> bool {
    let r = Rule::parse_for(kind, rule).unwrap_or_else(|e| panic!("{rule}: {e}"));
    r.matches(kind, &Subject::WebFetch { url }, &ctx())
}

fn tool(rule: &str, kind: RuleKind, name: &str, input: Value) -> bool {
    let r = Rule::parse_for(kind, rule).unwrap_or_else(|e| panic!("{rule}: {e}"));
    r.matches(
        kind,
        &Subject::Tool {
            name,
            input: &input,
        },
        &ctx(),
    )
}

#[test]
fn parses_valid_rules() {
    for (kind, rule) in [
        (Allow, "Bash"),
        (Allow, "Bash(*)"),
        (Allow, "Bash(npm run test:*)"),
        (Allow, "Bash(git * main)"),
        (Allow, "  Read(./.env)  "),
        (Allow, "Edit(src/**)"),
        (Allow, "Read(~/.ssh/**)"),
        (Allow, "Read(//etc/**)"),
        (Allow, "WebFetch(domain:*.example.com)"),
        (Allow, "mcp__github"),
        (Allow, "mcp__github__*"),
        (Allow, "mcp__github__get_*"),
        (Allow, "Agent(Explore)"),
        (Allow, "Task(Explore)"),
        (Allow, "Skill(deploy *)"),
        (Allow, "Skill(deploy:*)"),
        (Deny, "mcp__*"),
        (Deny, "*"),
        (Deny, "Bash(run_in_background:true)"),
        (Ask, "Agent(model:opus)"),
        (Deny, "mcp__db__query(sql:*drop*)"),
    ] {
        assert!(Rule::parse_for(kind, rule).is_ok(), "{kind:?} {rule}");
    }
}

#[test]
fn rejects_malformed_rules() {
    for (kind, rule, needle) in [
        (Deny, "", "empty rule"),
        (Deny, "   ", "empty rule"),
        (Deny, "Bash(ls", "missing `)`"),
        (Deny, "Bash ls)", "unbalanced"),
        (Deny, "Bash(ls))", "nested or unbalanced"),
        (Deny, "Bash(echo (x))", "nested"),
        (Deny, "Bash(ls) x", "after `)`"),
        (Deny, "Bash()", "empty specifier"),
        (Deny, "(ls)", "missing tool name"),
        (
            Deny,
            "Bash(git:* push)",
            "`:*` is only allowed at the very end",
        ),
        (Deny, "WebFetch(example.com)", "domain:"),
        (Deny, "WebFetch(domain:)", "host name"),
        (Deny, "WebFetch(domain:ex ample.com)", "bad domain"),
        (Deny, "Read(a\0b)", "NUL"),
        (Deny, "Read(src/*/../x)", "`..` after a wildcard"),
        (Deny, "bash(rm *)", "case-sensitive"),
        (Deny, "Ba$h", "bad character"),
        (Deny, "mcp__", "server"),
        (Deny, "mcp__srv__", "tool name"),
        (Deny, "Agent(model:)", "needs a value"),
        (
            Allow,
            "Bash(run_in_background:true)",
            "deny and ask lists only",
        ),
        (Allow, "Agent(model:opus)", "deny and ask lists only"),
        (Allow, "Skill(env:prod)", "deny and ask lists only"),
        (Allow, "mcp__*", "literal `mcp__<server>__` prefix"),
        (Allow, "*", "literal `mcp__<server>__` prefix"),
        (Allow, "mcp__*__read", "literal `mcp__<server>__` prefix"),
    ] {
        match Rule::parse_for(kind, rule) {
            Ok(_) => panic!("{kind:?} {rule:?} should not parse"),
            Err(e) => assert!(e.contains(needle), "{rule:?}: {e:?} lacks {needle:?}"),
        }
    }
}

#[test]
fn generic_parse_keeps_deny_only_forms_out_of_allow() {
    let r = Rule::parse("Bash(run_in_background:true)").unwrap();
    let c = cmds("sleep 1");
    let input = json!({"command": "sleep 1", "run_in_background": true});
    let s = Subject::Bash {
        commands: &c,
        fully_parsed: true,
        input: &input,
    };
    assert!(r.matches(Deny, &s, &ctx()));
    assert!(!r.matches(Allow, &s, &ctx()));
}

#[test]
fn bash_patterns() {
    for (rule, kind, command, want) in [
        ("Bash(npm run test:*)", Allow, "npm run test", true),
        ("Bash(npm run test:*)", Allow, "npm run test --watch", true),
        ("Bash(npm run test:*)", Allow, "npm run test:unit", false),
        ("Bash(npm run test:*)", Allow, "npm run testing", false),
        ("Bash(git * main)", Allow, "git push origin main", true),
        ("Bash(git * main)", Allow, "git push origin main2", false),
        ("Bash(ls *)", Allow, "ls", true),
        ("Bash(ls *)", Allow, "ls -la", true),
        ("Bash(ls *)", Allow, "lsof", false),
        ("Bash(ls:*)", Allow, "lsof", false),
        ("Bash(ls*)", Allow, "lsof", true),
        ("Bash(ls*)", Allow, "ls -la", true),
        ("Bash(npm test)", Allow, "npm test", true),
        ("Bash(npm test)", Allow, "npm test --x", false),
        ("Bash", Allow, "anything at all", true),
        ("Bash(*)", Allow, "rm -rf /", true),
        ("PowerShell(ls *)", Allow, "ls -la", true),
        // Allow never vouches for env assignments or file redirects.
        (
            "Bash(npm test)",
            Allow,
            "NODE_OPTIONS=--require=x npm test",
            false,
        ),
        ("Bash", Allow, "FOO=1 ls", false),
        ("Bash(echo *)", Allow, "echo hi > ~/.bashrc", false),
        // Deny/ask see through assignments and absolute program paths.
        ("Bash(rm *)", Deny, "FOO=1 rm -rf x", true),
        ("Bash(FOO=1 rm *)", Deny, "FOO=1 rm -rf x", true),
        ("Bash(rm *)", Deny, "/bin/rm -rf x", true),
        ("Bash(git push *)", Ask, "git push origin main", true),
        ("Bash(git push *)", Ask, "git status", false),
    ] {
        assert_eq!(
            bash(rule, kind, command),
            want,
            "{rule} {kind:?} `{command}`"
        );
    }
}

#[test]
fn bash_param_rules_read_tool_input() {
    let r = Rule::parse_for(Deny, "Bash(run_in_background:true)").unwrap();
    let c = cmds("sleep 9");
    for (input, want) in [
        (
            json!({"command": "sleep 9", "run_in_background": true}),
            true,
        ),
        (
            json!({"command": "sleep 9", "run_in_background": false}),
            false,
        ),
        (json!({"command": "sleep 9"}), false),
    ] {
        let s = Subject::Bash {
            commands: &c,
            fully_parsed: true,
            input: &input,
        };
        assert_eq!(r.matches(Deny, &s, &ctx()), want, "{input}");
    }
}

fn set(deny: &[&str], ask: &[&str], allow: &[&str]) -> RuleSet {
    let load = |kind, list: &[&str]| -> Vec<LoadedRule> {
        list.iter()
            .enumerate()
            .map(|(i, t)| LoadedRule {
                rule: Rule::parse_for(kind, t).unwrap(),
                kind,
                source: RuleSource {
                    layer: Layer::User,
                    file: "/cfg".into(),
                    line: i + 1,
                },
            })
            .collect()
    };
    RuleSet {
        deny: load(Deny, deny),
        ask: load(Ask, ask),
        allow: load(Allow, allow),
    }
}

/// Outcome as a short string: "deny:<rule>", "ask:<rule>", "allow:<r1>,<r2>", "none".
fn outcome(rs: &RuleSet, s: &Subject, auto: bool) -> String {
    match rs.evaluate(s, &ctx(), auto) {
        RuleOutcome::Deny(r) => format!("deny:{}", r.rule.text),
        RuleOutcome::Ask(r) => format!("ask:{}", r.rule.text),
        RuleOutcome::Allow(v) => {
            let names: Vec<&str> = v.iter().map(|r| r.rule.text.as_str()).collect();
            format!("allow:{}", names.join(","))
        }
        RuleOutcome::NoMatch => "none".into(),
    }
}

fn eval_bash(rs: &RuleSet, command: &str, fully_parsed: bool, auto: bool) -> String {
    let c = if command.is_empty() {
        vec![]
    } else {
        cmds(command)
    };
    let input = json!({ "command": command });
    let s = Subject::Bash {
        commands: &c,
        fully_parsed,
        input: &input,
    };
    outcome(rs, &s, auto)
}

#[test]
fn compound_commands() {
    let rs = set(
        &["Bash(rm -rf *)"],
        &["Bash(git push *)"],
        &["Bash(ls *)", "Bash(npm test)", "Bash(python3 *)", "Bash"],
    );
    let narrow = set(&["Bash(rm -rf *)"], &[], &["Bash(ls *)", "Bash(npm test)"]);
    for (rs, command, parsed, auto, want) in [
        (
            &narrow,
            "ls && npm test",
            true,
            false,
            "allow:Bash(ls *),Bash(npm test)",
        ),
        (&narrow, "ls && ls -la", true, false, "allow:Bash(ls *)"),
        (&narrow, "ls && curl x", true, false, "none"),
        (
            &narrow,
            "ls && rm -rf /",
            true,
            false,
            "deny:Bash(rm -rf *)",
        ),
        (
            &narrow,
            "ls && rm -rf /",
            false,
            false,
            "deny:Bash(rm -rf *)",
        ),
        (&narrow, "ls", false, false, "none"),
        (&narrow, "", true, false, "none"),
        (&narrow, "ls && FOO=1 npm test", true, false, "none"),
        (
            &rs,
            "npm test && git push origin",
            true,
            false,
            "ask:Bash(git push *)",
        ),
        (&rs, "curl x", true, false, "allow:Bash"),
        // Auto mode drops broad allows (bare Bash, interpreters) but keeps narrow ones.
        (&rs, "curl x", true, true, "none"),
        (&rs, "python3 x.py", true, true, "none"),
        (&rs, "python3 x.py", true, false, "allow:Bash(python3 *)"),
        (
            &rs,
            "ls && npm test",
            true,
            true,
            "allow:Bash(ls *),Bash(npm test)",
        ),
    ] {
        assert_eq!(
            eval_bash(rs, command, parsed, auto),
            want,
            "`{command}` parsed={parsed} auto={auto}"
        );
    }
}

#[test]
fn bare_bash_deny_matches_an_unparsed_empty_command() {
    let rs = set(&["Bash"], &[], &[]);
    assert_eq!(eval_bash(&rs, "", false, false), "deny:Bash");
}

#[test]
fn path_rules() {
    let h = "/home/u";
    let p = "/home/u/proj";
    let c = "/home/u/proj/sub";
    for (rule, kind, tool, path, want) in [
        ("Read(./.env)", Deny, "Read", format!("{c}/.env"), true),
        ("Read(./.env)", Allow, "Read", format!("{c}/.env"), true),
        ("Read(./.env)", Allow, "Read", format!("{c}/x/.env"), false),
        ("Read(./.env)", Deny, "Read", format!("{c}/x/.env"), true),
        (
            "Read(.env)",
            Allow,
            "Read",
            format!("{c}/deep/er/.env"),
            true,
        ),
        ("Read(.env)", Allow, "Read", format!("{p}/.env"), false),
        (
            "Read(.env)",
            Deny,
            "Read",
            "/elsewhere/.env".to_string(),
            true,
        ),
        (
            "Read(*.pem)",
            Deny,
            "Read",
            format!("{c}/a/b/key.pem"),
            true,
        ),
        (
            "Read(*.pem)",
            Allow,
            "Read",
            format!("{c}/a/b/key.pem"),
            true,
        ),
        (
            "Edit(src/**)",
            Allow,
            "Edit",
            format!("{c}/src/a/b.rs"),
            true,
        ),
        ("Edit(src/**)", Allow, "Edit", format!("{c}/src"), true),
        (
            "Edit(src/**)",
            Allow,
            "Edit",
            format!("{c}/lib/src/a.rs"),
            false,
        ),
        (
            "Edit(src/**)",
            Deny,
            "Edit",
            format!("{c}/lib/src/a.rs"),
            true,
        ),
        ("Edit(src/*)", Allow, "Write", format!("{c}/src/a.rs"), true),
        (
            "Edit(src/*)",
            Allow,
            "Write",
            format!("{c}/src/a/b.rs"),
            false,
        ),
        (
            "Edit(src/?.rs)",
            Allow,
            "Edit",
            format!("{c}/src/a.rs"),
            true,
        ),
        (
            "Edit(src/?.rs)",
            Allow,
            "Edit",
            format!("{c}/src/ab.rs"),
            false,
        ),
        (
            "Read(~/.ssh/**)",
            Deny,
            "Read",
            format!("{h}/.ssh/id_rsa"),
            true,
        ),
        (
            "Read(~/.ssh/**)",
            Deny,
            "Read",
            format!("{c}/.ssh/id_rsa"),
            false,
        ),
        (
            "Read(//etc/**)",
            Deny,
            "Grep",
            "/etc/passwd".to_string(),
            true,
        ),
        (
            "Read(//etc/**)",
            Deny,
            "Read",
            format!("{c}/etc/passwd"),
            false,
        ),
        // `/path` is relative to the project root, not the filesystem root.
        (
            "Edit(/docs/**)",
            Allow,
            "Edit",
            format!("{p}/docs/a.md"),
            true,
        ),
        (
            "Edit(/docs/**)",
            Allow,
            "Edit",
            "/docs/a.md".to_string(),
            false,
        ),
        (
            "Read(../shared/**)",
            Allow,
            "Read",
            format!("{p}/shared/x"),
            true,
        ),
        // A matched directory covers its contents for deny, not for allow.
        (
            "Read(./secrets)",
            Deny,
            "Read",
            format!("{c}/secrets/k"),
            true,
        ),
        (
            "Read(./secrets)",
            Allow,
            "Read",
            format!("{c}/secrets/k"),
            false,
        ),
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
fn webfetch_domains() {
    for (rule, kind, url, want) in [
        (
            "WebFetch(domain:example.com)",
            Allow,
            "https://example.com/a",
            true,
        ),
        (
            "WebFetch(domain:example.com)",
            Allow,
            "https://EXAMPLE.com./a",
            true,
        ),
        (
            "WebFetch(domain:Example.COM)",
            Allow,
            "http://example.com:8080",
            true,
        ),
        (
            "WebFetch(domain:example.com)",
            Allow,
            "https://user@example.com/",
            true,
        ),
        (
            "WebFetch(domain:example.com)",
            Allow,
            "https://example.com@evil.com/",
            false,
        ),
        (
            "WebFetch(domain:example.com)",
            Allow,
            "https://evil.com\\@example.com/",
            false,
        ),
        (
            "WebFetch(domain:example.com)",
            Allow,
            "https://a.example.com/",
            false,
        ),
        (
            "WebFetch(domain:example.com)",
            Allow,
            "https://example.com.evil.net/",
            false,
        ),
        (
            "WebFetch(domain:*.example.com)",
            Allow,
            "https://a.example.com/",
            true,
        ),
        (
            "WebFetch(domain:*.example.com)",
            Allow,
            "https://a.b.example.com/",
            true,
        ),
        (
            "WebFetch(domain:*.example.com)",
            Allow,
            "https://example.com/",
            false,
        ),
        (
            "WebFetch(domain:api.*.example.com)",
            Allow,
            "https://api.eu.example.com/",
            true,
        ),
        (
            "WebFetch(domain:api.*.example.com)",
            Allow,
            "https://api.a.b.example.com/",
            false,
        ),
        // Unparseable: never allowed; caught by any deny/ask WebFetch rule.
        (
            "WebFetch(domain:example.com)",
            Allow,
            "example.com/x",
            false,
        ),
        (
            "WebFetch(domain:example.com)",
            Allow,
            "https://ex%61mple.com/",
            false,
        ),
        (
            "WebFetch(domain:evil.com)",
            Deny,
            "https://evil\u{3002}com/",
            true,
        ),
        ("WebFetch", Deny, "not a url", true),
        ("WebFetch", Allow, "not a url", true),
    ] {
        assert_eq!(fetch(rule, kind, url), want, "{rule} {kind:?} {url}");
    }
}

#[test]
fn tool_rules() {
    let none = json!({});
    for (rule, kind, name, input, want) in [
        (
            "mcp__github",
            Allow,
            "mcp__github__create_issue",
            none.clone(),
            true,
        ),
        (
            "mcp__github__*",
            Allow,
            "mcp__github__create_issue",
            none.clone(),
            true,
        ),
        (
            "mcp__github",
            Allow,
            "mcp__githubber__x",
            none.clone(),
            false,
        ),
        ("mcp__github", Allow, "mcp__github", none.clone(), false),
        (
            "mcp__github__get_issue",
            Allow,
            "mcp__github__get_issue",
            none.clone(),
            true,
        ),
        (
            "mcp__github__get_issue",
            Allow,
            "mcp__github__get_issues",
            none.clone(),
            false,
        ),
        (
            "mcp__github__get_*",
            Allow,
            "mcp__github__get_pr",
            none.clone(),
            true,
        ),
        (
            "mcp__github__get_*",
            Allow,
            "mcp__github__delete_pr",
            none.clone(),
            false,
        ),
        ("mcp__*", Deny, "mcp__any__thing", none.clone(), true),
        ("mcp__*", Deny, "WebSearch", none.clone(), false),
        ("*", Deny, "WebSearch", none.clone(), true),
        (
            "Agent(Explore)",
            Allow,
            "Agent",
            json!({"subagent_type": "Explore"}),
            true,
        ),
        (
            "Agent(Explore)",
            Allow,
            "Task",
            json!({"subagent_type": "Explore"}),
            true,
        ),
        (
            "Task(Explore)",
            Allow,
            "Agent",
            json!({"subagent_type": "Explore"}),
            true,
        ),
        (
            "Agent(Explore)",
            Allow,
            "Agent",
            json!({"subagent_type": "Plan"}),
            false,
        ),
        (
            "Agent(general-purpose)",
            Allow,
            "Agent",
            json!({"prompt": "x"}),
            true,
        ),
        ("Agent", Allow, "Task", json!({}), true),
        (
            "Agent(model:opus)",
            Deny,
            "Agent",
            json!({"model": "opus"}),
            true,
        ),
        (
            "Agent(model:opus)",
            Deny,
            "Agent",
            json!({"model": "haiku"}),
            false,
        ),
        (
            "Agent(model:*)",
            Deny,
            "Agent",
            json!({"model": "haiku"}),
            true,
        ),
        (
            "mcp__db__query(limit:10*)",
            Deny,
            "mcp__db__query",
            json!({"limit": 100}),
            true,
        ),
        (
            "Skill(deploy *)",
            Allow,
            "Skill",
            json!({"skill": "deploy prod"}),
            true,
        ),
        (
            "Skill(deploy *)",
            Allow,
            "Skill",
            json!({"skill": "deployer"}),
            false,
        ),
        (
            "Skill(deploy *)",
            Allow,
            "Skill",
            json!({"command": "deploy"}),
            true,
        ),
        ("WebSearch", Allow, "WebSearch", json!({"query": "x"}), true),
        (
            "WebSearch",
            Allow,
            "WebSearchX",
            json!({"query": "x"}),
            false,
        ),
        (
            "mcp__s__t(*\"drop\"*)",
            Deny,
            "mcp__s__t",
            json!({"q": "drop"}),
            true,
        ),
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
        (
            vec![format!("{c}/a/x"), format!("{c}/b/y")],
            "allow:Read(./a/**),Read(./b/**)",
        ),
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
