//! `scripts/test.sh`'s own logic (`scripts/test_lib.sh`, run by bash): a workstation may
//! skip the browser test, CI may not; the run ends with one summary line of counts and time.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::process::Command;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// Run `script` in bash after sourcing scripts/test_lib.sh, with only `vars` set.
fn lib(script: &str, vars: &[(&str, &str)]) -> (String, String) {
    let mut c = Command::new("bash");
    c.arg("-c")
        .arg(format!("source scripts/test_lib.sh && {script}"))
        .current_dir(ROOT)
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default());
    for (k, v) in vars {
        c.env(k, v);
    }
    let o = c.output().unwrap();
    assert!(o.status.success(), "{o:?}");
    (
        String::from_utf8_lossy(&o.stdout).trim().to_string(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

#[test]
fn a_workstation_may_skip_the_browser_and_ci_may_not() {
    let missing = "/nonexistent/chromium";
    let present = "/bin/sh";
    let plan = |bin: &str, vars: &[(&str, &str)]| lib(&format!("browser_plan {bin}"), vars);
    assert_eq!(plan(missing, &[]).0, "install");
    assert_eq!(plan(present, &[]).0, "use");
    assert_eq!(plan(missing, &[("GATEHOOK_SKIP_BROWSER", "1")]).0, "skip");
    assert_eq!(plan(present, &[("GATEHOOK_SKIP_BROWSER", "1")]).0, "skip");
    let (out, err) = plan(missing, &[("GATEHOOK_SKIP_BROWSER", "1"), ("CI", "true")]);
    assert_eq!(out, "install", "CI requires the browser");
    assert!(err.contains("ignored under CI=true"), "{err}");
    assert_eq!(
        plan(present, &[("GATEHOOK_SKIP_BROWSER", "1"), ("CI", "true")]).0,
        "use"
    );
}

#[test]
fn the_run_ends_with_one_summary_line() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("log");
    std::fs::write(
        &log,
        "running 3 tests\n\
         test result: ok. 12 passed; 0 failed; 2 ignored; 0 measured; 0 filtered out; finished in 1.0s\n\
         noise: 99 passed\n\
         test result: FAILED. 3 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 2.0s\n",
    )
    .unwrap();
    let log = log.display().to_string();
    let (ok, _) = lib(&format!("summary_line {log} 7 0"), &[]);
    assert_eq!(ok, "test.sh: 15 passed, 1 failed, 2 skipped in 7 s");
    let (failed, _) = lib(
        &format!("summary_line {log} 7 101 'browser test skipped'"),
        &[],
    );
    assert_eq!(
        failed,
        "test.sh: 15 passed, 1 failed, 2 skipped in 7 s (browser test skipped) (FAILED: exit 101)"
    );
    assert_eq!(failed.lines().count(), 1);
    let (none, _) = lib("summary_line /nonexistent/log 3 1", &[]);
    assert_eq!(
        none,
        "test.sh: 0 passed, 0 failed, 0 skipped in 3 s (FAILED: exit 1)"
    );

    // The script prints it on every exit, and CI still runs the script.
    let script = std::fs::read_to_string(format!("{ROOT}/scripts/test.sh")).unwrap();
    assert!(script.contains("trap finish EXIT") && script.contains("summary_line"));
    let ci = std::fs::read_to_string(format!("{ROOT}/.ci/run")).unwrap();
    assert!(ci.lines().any(|l| l.trim() == "scripts/test.sh"), "{ci}");
}
