//! Rule parsing, shell matching and rule-set evaluation, one line per case. File, web and
//! tool targets are in `targets`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::*;
use crate::context::config::Layer;
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
#[rustfmt::skip]
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
#[rustfmt::skip]
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
        (Deny, "Bash(git:* push)", "`:*` is only allowed at the very end"),
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
        (Allow, "Bash(run_in_background:true)", "deny and ask lists only"),
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
#[rustfmt::skip]
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
        ("Bash(npm test)", Allow, "NODE_OPTIONS=--require=x npm test", false),
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
#[rustfmt::skip]
fn bash_param_rules_read_tool_input() {
    let r = Rule::parse_for(Deny, "Bash(run_in_background:true)").unwrap();
    let c = cmds("sleep 9");
    for (input, want) in [
        (json!({"command": "sleep 9", "run_in_background": true}), true),
        (json!({"command": "sleep 9", "run_in_background": false}), false),
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
                message: None,
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
#[rustfmt::skip]
fn compound_commands() {
    let rs = set(
        &["Bash(rm -rf *)"],
        &["Bash(git push *)"],
        &["Bash(ls *)", "Bash(npm test)", "Bash(python3 *)", "Bash"],
    );
    let narrow = set(&["Bash(rm -rf *)"], &[], &["Bash(ls *)", "Bash(npm test)"]);
    for (rs, command, parsed, auto, want) in [
        (&narrow, "ls && npm test", true, false, "allow:Bash(ls *),Bash(npm test)"),
        (&narrow, "ls && ls -la", true, false, "allow:Bash(ls *)"),
        (&narrow, "ls && curl x", true, false, "none"),
        (&narrow, "ls && rm -rf /", true, false, "deny:Bash(rm -rf *)"),
        (&narrow, "ls && rm -rf /", false, false, "deny:Bash(rm -rf *)"),
        (&narrow, "ls", false, false, "none"),
        (&narrow, "", true, false, "none"),
        (&narrow, "ls && FOO=1 npm test", true, false, "none"),
        (&rs, "npm test && git push origin", true, false, "ask:Bash(git push *)"),
        (&rs, "curl x", true, false, "allow:Bash"),
        // Auto mode drops broad allows (bare Bash, interpreters) but keeps narrow ones.
        (&rs, "curl x", true, true, "none"),
        (&rs, "python3 x.py", true, true, "none"),
        (&rs, "python3 x.py", true, false, "allow:Bash(python3 *)"),
        (&rs, "ls && npm test", true, true, "allow:Bash(ls *),Bash(npm test)"),
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

mod targets;
