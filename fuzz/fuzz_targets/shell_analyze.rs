//! Any text → `shell::analyze` and the command floor: no panic, bounded time (libFuzzer's
//! -timeout catches a hang).
#![no_main]

use gatehook::analysis::shell::{analyze, ShellEnv};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let env = ShellEnv::new("/home/u".into(), "/home/u/ws".into());
    let a = analyze(text, &env);
    // Whatever was found can be described (the audit and reason lines do this).
    for o in &a.opaque {
        let _ = o.describe();
    }
    let _ = serde_json::to_string(&a);
});
