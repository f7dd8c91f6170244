//! Properties through the library entries (the fuzz targets in fuzz/ check the same things
//! for longer): the hook never panics and always answers in a valid shape; the reviewer's
//! verdict parser refuses every mutation of a valid verdict that leaves the schema; the
//! shell words of command lists match bash's own word splitting.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use gatehook::analysis::shell::{analyze, Opaque, ShellEnv};
use gatehook::answer::Answer;
use gatehook::cli::hook;
use gatehook::context::Env;
use gatehook::review::verdict;
use proptest::prelude::*;
use serde_json::{json, Map, Value};
use std::path::PathBuf;
use std::sync::OnceLock;

/// The configuration of every property here: `PROPTEST_CASES` (else `cases`) cases, from a
/// seed that is printed (a failing run's output names it: rerun with `PROPTEST_RNG_SEED`),
/// and no failure file: a failing run never writes into the tree. Under `cargo test` the
/// seed is the fixed one `.cargo/config.toml` sets (the suite is deterministic);
/// `scripts/properties.sh` explores with fresh ones. Run without any, the seed is drawn
/// from the clock.
fn config(cases: u32) -> ProptestConfig {
    use proptest::test_runner::RngSeed;
    let seed = std::env::var("PROPTEST_RNG_SEED")
        .ok()
        .and_then(|s| s.parse::<u64>().ok())
        .unwrap_or_else(|| {
            let nanos = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_nanos() as u64)
                .unwrap_or(0);
            nanos ^ (u64::from(std::process::id()) << 32)
        });
    eprintln!("proptest seed {seed} (rerun with PROPTEST_RNG_SEED={seed})");
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(cases);
    ProptestConfig {
        cases,
        rng_seed: RngSeed::Fixed(seed),
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

// ---------------------------------------------------------------------------------------
// The hook on arbitrary JSON-ish payloads.

struct Sandbox {
    env: Env,
    ws: PathBuf,
    _tmp: tempfile::TempDir,
}

fn sandbox() -> &'static Sandbox {
    static S: OnceLock<Sandbox> = OnceLock::new();
    S.get_or_init(|| {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path().canonicalize().unwrap();
        let (home, ws, gh) = (root.join("home"), root.join("ws"), root.join("gh"));
        for d in [home.join(".ssh"), ws.join("src"), gh.clone()] {
            std::fs::create_dir_all(d).unwrap();
        }
        std::fs::write(home.join(".ssh/id_rsa"), "k\n").unwrap();
        std::fs::write(ws.join("src/main.rs"), "fn main() {}\n").unwrap();
        let managed = root.join("managed.toml");
        std::fs::write(&managed, "[reviewer]\nprovider = \"none\"\n").unwrap();
        // Every test in this file that touches the hook goes through this one sandbox,
        // and no test reads these variables otherwise.
        std::env::set_var("GATEHOOK_HOME", &gh);
        std::env::set_var("GATEHOOK_MANAGED_CONFIG", &managed);
        Sandbox {
            env: Env {
                home: Some(home),
                claude_project_dir: Some(ws.to_string_lossy().into_owned()),
            },
            ws,
            _tmp: tmp,
        }
    })
}

/// Exit 0 with nothing or one JSON answer of a known shape, or exit 2 with a reason.
fn check_shape(a: &Answer) -> Result<(), String> {
    match a.exit {
        0 => {
            let Some(out) = a.stdout.as_deref().filter(|s| !s.is_empty()) else {
                return Ok(());
            };
            let v: Value = serde_json::from_str(out).map_err(|e| format!("{e}: {out}"))?;
            let h = &v["hookSpecificOutput"];
            let ok = match (
                h["permissionDecision"].as_str(),
                h["decision"]["behavior"].as_str(),
                h["additionalContext"].as_str(),
            ) {
                (Some(d), None, None) => matches!(d, "allow" | "ask" | "deny"),
                (None, Some(b), None) => matches!(b, "allow" | "deny"),
                (None, None, Some(_)) => true,
                _ => false,
            };
            if ok {
                Ok(())
            } else {
                Err(format!("unknown answer shape: {out}"))
            }
        }
        2 if a.stdout.is_none()
            && a.stderr
                .as_deref()
                .is_some_and(|e| e.starts_with("gatehook deny [")) =>
        {
            Ok(())
        }
        _ => Err(format!("bad answer: {a:?}")),
    }
}

fn any_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        any::<f64>().prop_map(Value::from),
        "\\PC{0,12}".prop_map(Value::String),
        "(/|~/|\\.\\./|\\$HOME/|src/|\\.ssh/|id_rsa|\\.env|rm -rf |git push|\\||;|\\x00| )*"
            .prop_map(Value::String),
    ];
    leaf.prop_recursive(4, 32, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::vec(("[a-z_]{1,12}", inner), 0..5)
                .prop_map(|kv| Value::Object(kv.into_iter().collect::<Map<_, _>>())),
        ]
    })
}

/// A payload close to a real one: known event and tool names and field names, with values
/// that are sometimes of the right type and sometimes anything at all.
fn payload() -> impl Strategy<Value = Value> {
    let event = prop::sample::select(vec![
        "PreToolUse",
        "PermissionRequest",
        "UserPromptSubmit",
        "SubagentStop",
        "PostToolUse",
        "SessionStart",
        "Other",
    ]);
    let tool = prop::sample::select(vec![
        "Bash",
        "Read",
        "Write",
        "Edit",
        "MultiEdit",
        "NotebookEdit",
        "Glob",
        "Grep",
        "LS",
        "WebFetch",
        "Agent",
        "Task",
        "TodoWrite",
        "PowerShell",
        "mcp__x__y",
    ]);
    let field = prop::sample::select(vec![
        "command",
        "file_path",
        "content",
        "old_string",
        "new_string",
        "edits",
        "pattern",
        "path",
        "glob",
        "url",
        "prompt",
        "subagent_type",
        "notebook_path",
        "new_source",
    ]);
    let text_or_any = prop_oneof![
        3 => "(src/main.rs|/etc/passwd|~/.ssh/id_rsa|ls -la|rm -rf /|git status|\\.\\./x|[a-z /.;|&]{0,20})"
            .prop_map(Value::String),
        1 => any_json(),
    ];
    let input = prop::collection::vec((field, text_or_any.clone()), 0..4)
        .prop_map(|kv| Value::Object(kv.into_iter().map(|(k, v)| (k.to_string(), v)).collect()));
    let mode = prop::sample::select(vec![
        "default",
        "plan",
        "acceptEdits",
        "bypassPermissions",
        "x",
    ]);
    (event, tool, input, mode, any_json(), 0u8..8).prop_map(
        move |(ev, tool, input, mode, junk, drop)| {
            let ws = sandbox().ws.to_string_lossy().into_owned();
            let mut p = json!({
                "session_id": "prop", "cwd": ws, "hook_event_name": ev, "permission_mode": mode,
                "tool_name": tool, "tool_input": input, "prompt": "don't push yet",
                "agent_id": "a1", "tool_response": {"agentId": "a1", "status": "completed"},
            });
            // Sometimes a field is missing or replaced by anything.
            let keys = [
                "session_id",
                "cwd",
                "hook_event_name",
                "tool_name",
                "tool_input",
                "permission_mode",
            ];
            if let Some(k) = keys.get(usize::from(drop)) {
                if drop % 2 == 0 {
                    p.as_object_mut().unwrap().remove(*k);
                } else {
                    p[*k] = junk;
                }
            }
            p
        },
    )
}

proptest! {
    #![proptest_config(config(300))]

    #[test]
    fn the_hook_answers_every_payload_in_a_valid_shape(p in payload()) {
        let sb = sandbox();
        let text = p.to_string();
        let a = hook::run(&mut text.as_bytes(), &sb.env);
        prop_assert!(check_shape(&a).is_ok(), "{}: {:?}", text, check_shape(&a));
    }

    #[test]
    fn the_hook_answers_any_json_in_a_valid_shape(v in any_json()) {
        let sb = sandbox();
        let text = v.to_string();
        let a = hook::run(&mut text.as_bytes(), &sb.env);
        prop_assert!(check_shape(&a).is_ok(), "{}: {:?}", text, check_shape(&a));
    }
}

// ---------------------------------------------------------------------------------------
// The reviewer's verdict.

fn valid_verdict() -> impl Strategy<Value = Map<String, Value>> {
    (
        prop::sample::select(vec!["allow", "ask", "deny"]),
        prop::sample::select(vec!["low", "medium", "high", "critical"]),
        "\\PC{0,20}",
        prop::option::of("[a-z-]{1,10}"),
        prop::collection::vec("m[0-9]{1,2}", 0..3),
    )
        .prop_map(|(d, r, reason, kind, ev)| {
            let mut m = Map::new();
            m.insert("decision".into(), json!(d));
            m.insert("risk".into(), json!(r));
            m.insert("reason".into(), json!(reason));
            m.insert("kind".into(), json!(kind));
            m.insert("evidence".into(), json!(ev));
            m
        })
}

const KEYS: [&str; 5] = ["decision", "risk", "reason", "kind", "evidence"];

/// A text that is not exactly the schema, made from a valid verdict.
fn mutate(m: &Map<String, Value>, how: u8, key: usize, junk: &Value) -> String {
    let k = KEYS[key % KEYS.len()];
    let mut m = m.clone();
    let text = |m: &Map<String, Value>| Value::Object(m.clone()).to_string();
    match how % 12 {
        0 => {
            m.remove(k);
            text(&m)
        }
        1 => {
            m.insert("extra".into(), junk.clone());
            text(&m)
        }
        2 => {
            // The same key twice (serde_json alone would keep the last).
            let t = text(&m);
            let dup = format!("\"{k}\":{}", m[k]);
            format!("{},{dup}}}", &t[..t.len() - 1])
        }
        3 => {
            // A value of the wrong type (or, for `kind`, neither a string nor null).
            let wrong = match k {
                "evidence" => json!([1]),
                "kind" => json!(7),
                _ => json!(["x"]),
            };
            m.insert(k.into(), wrong);
            text(&m)
        }
        4 => {
            let v = match k {
                "decision" => json!("Allow"),
                "risk" => json!("none"),
                "reason" => json!(null),
                "kind" => json!({}),
                _ => json!("m1"),
            };
            m.insert(k.into(), v);
            text(&m)
        }
        5 => format!("Here is my verdict: {}", text(&m)),
        6 => format!("{} and that is final", text(&m)),
        7 => format!("[{}]", text(&m)),
        8 => format!("```json\n{}\n```\n```json\n{}\n```", text(&m), text(&m)),
        9 => format!("```python\n{}\n```", text(&m)),
        10 => format!("{}{}", text(&m), text(&m)),
        _ => format!("```json\n{}", text(&m)),
    }
}

/// A valid verdict parses, plain and fenced (a fence inside its reason makes it ambiguous).
fn check_verdict(m: &Map<String, Value>) -> Result<(), TestCaseError> {
    let t = Value::Object(m.clone()).to_string();
    let v = verdict::parse(&t);
    prop_assert!(v.is_ok(), "{}: {:?}", t, v);
    // A fence inside the reason makes a fenced reply ambiguous: refused (fail closed).
    let fenced = format!("```json\n{t}\n```");
    if t.contains("```") {
        prop_assert!(verdict::parse(&fenced).is_err());
    } else {
        prop_assert_eq!(verdict::parse(&fenced), v);
    }
    Ok(())
}

/// Cases the properties once found (they were kept in a regressions file, which no run
/// writes any more).
#[test]
fn verdict_regressions() {
    let m =
        json!({"decision": "allow", "evidence": [], "kind": null, "reason": "```", "risk": "low"});
    check_verdict(m.as_object().unwrap()).unwrap();
}

proptest! {
    #![proptest_config(config(500))]

    #[test]
    fn a_valid_verdict_parses_plain_and_fenced(m in valid_verdict()) {
        check_verdict(&m)?;
    }

    #[test]
    fn any_mutation_off_the_schema_is_malformed(
        m in valid_verdict(), how in any::<u8>(), key in 0usize..5, junk in any_json()
    ) {
        let t = mutate(&m, how, key, &junk);
        prop_assert!(verdict::parse(&t).is_err(), "accepted: {}", t);
    }
}

// ---------------------------------------------------------------------------------------
// Shell words against bash itself.

/// One piece of a word, written without any expansion: plain characters, single quotes,
/// double quotes (with the escapes bash honours there), `$'…'`, a backslash escape, or a
/// line continuation — and a line continuation inside each of those quotings.
fn segment() -> impl Strategy<Value = String> {
    let continued = || Just("\\\n".to_string());
    prop_oneof![
        3 => "[a-zA-Z0-9._/,:@%+=-]{1,4}",
        2 => prop::collection::vec(
            prop_oneof![
                4 => "[a-z ;|&\"\\\\$`*?#~!(){}<>\n\t]",
                1 => continued(),
            ],
            0..5,
        )
        .prop_map(|v| format!("'{}'", v.concat())),
        2 => prop::collection::vec(
            prop_oneof![
                "[a-z ;|&'*?#~(){}<>\t]",
                Just("\\\"".to_string()),
                Just("\\\\".to_string()),
                Just("\\$".to_string()),
                Just("\\`".to_string()),
                Just("\\a".to_string()),
                continued(),
                Just("\\\\\\\n".to_string()),
            ],
            0..5,
        )
        .prop_map(|v| format!("\"{}\"", v.concat())),
        1 => prop::collection::vec(
            prop_oneof![
                // KNOWN LIMITATION: the grammar ends `$'…'` early after an escaped
                // backslash or quote (`$'\\\\' ''`); gatehook reports that as a parse error
                // (opaque), so those two escapes are left out here.
                "[a-z ;|&\"*?#~(){}<>]",
                Just("\\n".to_string()),
                continued(),
            ],
            0..4,
        )
        .prop_map(|v| format!("$'{}'", v.concat())),
        2 => "[ ;|&'\"\\\\$`*?#~!(){}<>a]".prop_map(|c| format!("\\{c}")),
        1 => continued(),
        1 => "[ ;|&'\"$`*?#~!(){}<>a=]".prop_map(|c| format!("\\{c}\\\n")),
    ]
}

fn word() -> impl Strategy<Value = String> {
    prop::collection::vec(segment(), 1..4)
        .prop_map(|v| v.concat())
        // A word that is only a line continuation disappears in bash: keep words real.
        .prop_filter("a word of its own", |w| {
            !w.trim_start_matches("\\\n").is_empty()
        })
        // KNOWN LIMITATION: a word starting with `==` reads as a test operator to
        // tree-sitter-bash (opaque, never allowed); kept out of the comparison.
        .prop_filter("no leading =", |w| {
            !w.trim_start_matches("\\\n").starts_with('=')
        })
}

fn command_list() -> impl Strategy<Value = Vec<(Vec<String>, &'static str)>> {
    let op = prop::sample::select(vec![" ; ", ";", " && ", "&&", " || ", " | ", "|", "\n"]);
    prop::collection::vec((prop::collection::vec(word(), 0..5), op), 1..5)
}

/// bash's own words for each simple command `f <index> WORDS…`: the function writes its
/// arguments, NUL-separated, to `$D/<index>` (pipelines run in subshells, in any order).
fn bash_argvs(line: &str, n: usize) -> Vec<Option<Vec<String>>> {
    let dir = tempfile::tempdir().unwrap();
    let script = format!(
        "f() {{ local i=$1; shift; if [ $# -gt 0 ]; then printf '%s\\0' \"$@\"; fi > \"$D/$i\"; }}\n{line}\nwait\n"
    );
    let out = std::process::Command::new("bash")
        .arg("--norc")
        .arg("-c")
        .arg(&script)
        .env("D", dir.path())
        .output()
        .expect("bash runs");
    assert!(
        out.stderr.is_empty(),
        "bash complained about {line:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    (0..n)
        .map(|i| {
            std::fs::read(dir.path().join(i.to_string())).ok().map(|b| {
                let mut words: Vec<String> = b
                    .split(|c| *c == 0)
                    .map(|w| String::from_utf8(w.to_vec()).unwrap())
                    .collect();
                words.pop(); // after the last NUL
                words
            })
        })
        .collect()
}

fn bash_available() -> bool {
    std::process::Command::new("bash")
        .arg("-c")
        .arg("true")
        .status()
        .is_ok_and(|s| s.success())
}

proptest! {
    #![proptest_config(config(500))]

    /// Lists of simple commands joined by `;`, `&&`, `||`, `|` and newlines, with words
    /// quoted every way bash allows but without expansions: gatehook finds exactly these
    /// commands, in order, and each argv equals what bash passes to the command.
    #[test]
    fn command_lists_split_into_the_words_bash_sees(list in command_list()) {
        check_command_list(&list)?;
    }
}

/// Cases the property once found: an empty command, a continuation after an escaped `$`
/// inside double quotes, an escaped blank, and the two of issue 12 (a continuation inside
/// single quotes, and one inside an unquoted word before `==`).
#[test]
fn command_list_regressions() {
    for list in [
        vec![(vec![], " ; ")],
        vec![(vec!["\"\\$\\\n\"".to_string()], " ; ")],
        vec![(vec!["\\ ".to_string()], " ; ")],
        vec![(vec!["'$\\\n'".to_string()], " ; ")],
        vec![(vec!["_\\\n==".to_string()], " ; ")],
        vec![(vec!["\\ ==".to_string(), "%".to_string()], " ; ")],
    ] {
        check_command_list(&list).unwrap();
    }
}

fn check_command_list(list: &[(Vec<String>, &'static str)]) -> Result<(), TestCaseError> {
    if !bash_available() {
        eprintln!("NOTICE: skipped, no bash");
        return Ok(());
    }
    let mut line = String::new();
    for (i, (words, op)) in list.iter().enumerate() {
        line.push_str(&format!("f {i}"));
        for w in words {
            line.push(' ');
            line.push_str(w);
        }
        if i + 1 < list.len() {
            line.push_str(op);
        }
    }
    let env = ShellEnv::new("/home/u".into(), "/home/u/ws".into());
    let a = analyze(&line, &env);
    // KNOWN LIMITATION (docs/FUZZING.md): tree-sitter-bash does not parse an escaped
    // space or tab at the start of a word or after a quoted part (`\ x`, `''\ x`,
    // `a\<TAB>b`); gatehook then calls the command opaque, which is never allowed:
    // safe, but not bash's reading. That is the only opacity these words may cause,
    // besides `$'…'` (always reported, and still read as bash reads it).
    let joined = line.replace("\\\n", "");
    let escaped_blank = joined.contains("\\ ") || joined.contains("\\\t");
    let reasons: Vec<&Opaque> = a
        .opaque
        .iter()
        .filter(|o| **o != Opaque::AnsiCQuote)
        .collect();
    if !reasons.is_empty() {
        // The misreading must be caught as a parse error (other reasons may follow from
        // it: `\ ==` also reads `==` as a test operator).
        let caught = reasons.iter().any(|o| matches!(o, Opaque::ParseError(_)));
        prop_assert!(escaped_blank && caught, "{:?}: {:?}", line, a.opaque);
        return Ok(());
    }
    prop_assert_eq!(a.commands.len(), list.len(), "{:?}", line);
    let theirs = bash_argvs(&line, list.len());
    for (i, (c, bash)) in a.commands.iter().zip(&theirs).enumerate() {
        prop_assert_eq!(c.argv.first().map(String::as_str), Some("f"), "{:?}", line);
        prop_assert_eq!(c.argv.get(1).cloned(), Some(i.to_string()), "{:?}", line);
        // A command after `||` does not run in bash (f succeeds): nothing to compare.
        if let Some(bash) = bash {
            prop_assert_eq!(&c.argv[2..], bash.as_slice(), "{:?}", line);
        }
    }
    // Everything not behind `||` ran.
    prop_assert!(
        theirs.iter().filter(|t| t.is_some()).count() >= 1,
        "{:?}",
        line
    );
    Ok(())
}
