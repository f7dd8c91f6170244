//! Holds through the binary: the person's "don't X" asks before X, quoting them, until
//! their own later words lift it.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use serde_json::json;
use support::Env;

fn say(env: &Env, text: &str) {
    let p = json!({"session_id": "test-session", "cwd": env.ws, "hook_event_name": "UserPromptSubmit",
                   "prompt": text, "prompt_id": "p-say"});
    let out = env.hook(&p);
    assert_eq!((out.code, out.stdout.as_str()), (0, ""), "{out:?}");
}

fn bash(env: &Env, cmd: &str) -> support::Out {
    env.hook(&env.payload("Bash", json!({ "command": cmd })))
}

#[test]
fn a_hold_asks_quoting_the_person_until_they_lift_it() {
    let env = Env::new();
    env.config("[permissions]\nallow = [\"Bash(git push origin feature)\"]\n");
    assert_eq!(bash(&env, "git push origin feature").decision(), "allow");
    say(&env, "Refactor the parser. Don't push yet!");
    let out = bash(&env, "git push origin feature");
    assert_eq!(
        (out.decision().as_str(), out.cause().as_str()),
        ("ask", "hold"),
        "{}",
        out.reason()
    );
    assert!(
        out.reason()
            .contains("You asked me not to push code to a remote"),
        "{}",
        out.reason()
    );
    assert!(out.reason().contains("Don't push yet"), "{}", out.reason());
    // Other actions are not held.
    assert_eq!(bash(&env, "git status").decision(), "allow");
    // Their own later words lift it.
    say(&env, "ok, push it now");
    assert_eq!(bash(&env, "git push origin feature").decision(), "allow");
}

#[test]
fn holds_cover_other_tools_and_are_not_set_by_encouragement() {
    let env = Env::new();
    say(&env, "don't forget to push when you're done");
    assert_ne!(bash(&env, "git push origin feature").cause(), "hold");
    say(
        &env,
        "stay offline: no network access please, and don't install anything",
    );
    let out = env.pre("WebFetch", r#"{"url":"https://example.com","prompt":"x"}"#);
    assert_eq!(
        (out.decision().as_str(), out.cause().as_str()),
        ("ask", "hold")
    );
    let out = bash(&env, "npm install left-pad");
    assert_eq!(out.cause(), "hold", "{}", out.reason());
    // A subagent's call in the same session is held by the same words.
    let mut p = env.payload("Bash", json!({"command": "curl https://example.com"}));
    p["agent_id"] = json!("agent-1");
    p["agent_type"] = json!("general-purpose");
    let out = env.hook(&p);
    assert_eq!(out.cause(), "hold");
}

#[test]
fn a_hold_covers_a_subagent_told_to_do_it() {
    let env = Env::new();
    say(&env, "don't push anything today");
    let out = env.hook(&env.payload(
        "Agent",
        json!({"prompt": "finish the refactor and git push the branch", "subagent_type": "general-purpose"}),
    ));
    assert_eq!(
        (out.decision().as_str(), out.cause().as_str()),
        ("ask", "hold"),
        "{}",
        out.reason()
    );
}
