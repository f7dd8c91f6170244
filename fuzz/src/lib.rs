//! Shared set-up and the answer-shape property for the fuzz targets.

use gatehook::answer::Answer;
use gatehook::context::Env;
use serde_json::Value;
use std::path::PathBuf;
use std::sync::OnceLock;

/// A private GATEHOOK_HOME, HOME and workspace, made once per process.
pub struct Sandbox {
    pub env: Env,
    pub ws: PathBuf,
    _tmp: tempfile::TempDir,
}

pub fn sandbox() -> &'static Sandbox {
    static S: OnceLock<Sandbox> = OnceLock::new();
    S.get_or_init(|| {
        let tmp = tempfile::tempdir().expect("temp dir");
        let root = tmp.path().canonicalize().expect("canonical temp dir");
        let (home, ws, gh) = (root.join("home"), root.join("ws"), root.join("gh"));
        for d in [&home.join(".ssh"), &ws.join("src"), &gh] {
            std::fs::create_dir_all(d).expect("mkdir");
        }
        std::fs::write(home.join(".ssh/id_rsa"), "key\n").expect("write");
        std::fs::write(ws.join("src/main.rs"), "fn main() {}\n").expect("write");
        std::fs::write(ws.join("Cargo.toml"), "[package]\nname = \"x\"\n").expect("write");
        // A small audit log so that reading it back (SubagentStop) stays fast.
        std::fs::write(
            gh.join("config.toml"),
            "[audit]\nmax_bytes = 200000\nkeep = 1\n",
        )
        .expect("write");
        // Set once, before anything in this process reads the environment.
        std::env::set_var("GATEHOOK_HOME", &gh);
        // The managed layer overrides every other: no fuzzed config can make the hook
        // call a reviewer over the network (which would only measure timeouts).
        let managed = root.join("managed.toml");
        std::fs::write(&managed, "[reviewer]\nprovider = \"none\"\n").expect("write");
        std::env::set_var("GATEHOOK_MANAGED_CONFIG", &managed);
        std::env::set_var("HOME", &home);
        std::env::remove_var("CLAUDE_PROJECT_DIR");
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

/// The hook's contract: exit 0 with nothing or one JSON answer of a known shape, or exit 2
/// with a reason on stderr and nothing on stdout. Never exit 1, never anything else.
pub fn assert_answer_shape(a: &Answer, input: &[u8]) {
    match a.exit {
        0 => {
            let Some(out) = a.stdout.as_deref() else {
                return;
            };
            if out.is_empty() {
                return;
            }
            let v: Value = serde_json::from_str(out)
                .unwrap_or_else(|e| panic!("stdout is not JSON ({e}): {out:?} for {input:?}"));
            let h = &v["hookSpecificOutput"];
            assert!(h.is_object(), "no hookSpecificOutput: {out}");
            let ok = match (
                h["permissionDecision"].as_str(),
                h["decision"]["behavior"].as_str(),
                h["additionalContext"].as_str(),
            ) {
                (Some(d), None, None) => {
                    matches!(d, "allow" | "ask" | "deny")
                        && h["permissionDecisionReason"].is_string()
                }
                (None, Some(b), None) => matches!(b, "allow" | "deny"),
                (None, None, Some(_)) => true,
                _ => false,
            };
            assert!(ok, "unknown answer shape: {out}");
        }
        2 => {
            assert!(a.stdout.is_none(), "exit 2 with stdout: {a:?}");
            let err = a.stderr.as_deref().unwrap_or_default();
            assert!(
                err.starts_with("gatehook deny ["),
                "exit 2 without a reason: {a:?}"
            );
        }
        code => panic!("exit {code} for {input:?}: {a:?}"),
    }
}
