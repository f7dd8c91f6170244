//! The HTML report rendered by a real browser: headless Chromium loads a report written
//! from a synthetic log full of hostile strings; the rendered DOM must hold the charts and
//! the text, and no script from the log may have run.
//!
//! Needs Chromium: `scripts/test.sh` installs it if missing and sets `GATEHOOK_CHROMIUM`.
//! Without it this test skips loudly, or fails under `CI`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod audit_log;
mod support;

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use support::Env;

fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "0" && v != "false")
}

/// The browser, or `None` (after a loud notice) outside CI when it is not configured.
fn chromium() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("GATEHOOK_CHROMIUM").filter(|v| !v.is_empty()) {
        let path = PathBuf::from(p);
        assert!(
            path.is_file(),
            "GATEHOOK_CHROMIUM={} does not exist; run scripts/test.sh, which installs Chromium",
            path.display()
        );
        return Some(path);
    }
    let msg = "GATEHOOK_CHROMIUM is not set (GATEHOOK_SKIP_BROWSER=1?). Run scripts/test.sh, which installs Chromium \
               (apt-get install chromium) if missing and sets it.";
    if in_ci() {
        panic!("{msg}");
    }
    let bar = "=".repeat(78);
    let _ = writeln!(
        std::io::stderr(),
        "\n{bar}\nSKIPPED: the HTML report in headless Chromium.\n{msg}\n{bar}\n"
    );
    None
}

/// Run headless Chromium on `page` with `mode` (`--dump-dom` or `--screenshot=…`);
/// returns stdout. Killed after 90 s.
fn run_chromium(bin: &Path, profile: &Path, mode: &str, page: &Path) -> String {
    let mut child = Command::new(bin)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--hide-scrollbars",
            "--window-size=1100,1800",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(mode)
        .arg(format!("file://{}", page.display()))
        .env("HOME", profile)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start chromium");
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = std::io::Read::read_to_string(&mut stdout, &mut s);
        s
    });
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            assert!(status.success(), "chromium {mode} failed: {status}");
            break;
        }
        if start.elapsed() > Duration::from_secs(90) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("chromium {mode} took over 90 s");
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    reader.join().unwrap()
}

#[test]
fn report_renders_in_chromium_with_charts_and_no_script() {
    let Some(bin) = chromium() else {
        return;
    };
    let env = Env::new();
    audit_log::write(
        &env.gh,
        "audit.jsonl",
        &audit_log::day_of_traffic(),
        &["{\"torn\": ", "<script>document.title='garbage'</script>"],
    );
    let page = env.root.join("report.html");
    let out = env.run_raw(
        env.command(&["audit", "report", "--html", page.to_str().unwrap()]),
        b"",
    );
    assert_eq!(out.code, 0, "{out:?}");
    let profile = env.root.join("chromium-profile");

    // Control: in this very setup, an inline script does run and shows in the dump, so
    // its absence below means something.
    let control = env.root.join("control.html");
    std::fs::write(
        &control,
        "<!DOCTYPE html><html><body><script>document.body.dataset.ran='yes'</script></body></html>",
    )
    .unwrap();
    let dom = run_chromium(&bin, &profile, "--dump-dom", &control);
    assert!(
        dom.contains("data-ran=\"yes\""),
        "control script did not run: {dom}"
    );

    let dom = run_chromium(&bin, &profile, "--dump-dom", &page);
    // The charts, as rendered SVG.
    assert!(dom.matches("<svg class=\"chart\"").count() >= 5, "{dom}");
    assert!(
        dom.matches("<rect class=\"seg\"").count() >= 30,
        "stacked bars"
    );
    assert!(dom.contains("<rect class=\"bin\""), "histogram");
    assert!(dom.contains("<rect class=\"hb\""), "horizontal bars");
    for text in [
        "gatehook audit report",
        "Decisions per hour (UTC)",
        "Decision latency",
        "Most denied",
        "Latest refusals",
        "reviewer-allow",
        "git push origin main",
        "2 unreadable line(s)",
    ] {
        assert!(dom.contains(text), "{text} missing from the rendered page");
    }
    // The hostile command is text, not markup, and nothing it carried ran.
    assert!(dom.contains("&lt;script&gt;document.title=\"pwned\"&lt;/script&gt;"));
    assert!(!dom.to_lowercase().contains("<script"), "a script element");
    assert!(!dom.contains("<img"), "an img element");
    assert!(!dom.contains("data-pwned"), "the onerror handler ran");
    assert!(
        dom.contains("<title>gatehook audit report</title>"),
        "title changed"
    );
    assert!(!dom.contains('\u{202e}'), "a raw bidi override");

    // And it paints: a full-page screenshot that is not blank.
    let png = env.root.join("report.png");
    run_chromium(
        &bin,
        &profile,
        &format!("--screenshot={}", png.display()),
        &page,
    );
    let bytes = std::fs::read(&png).expect("a screenshot");
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    assert!(
        bytes.len() > 40_000,
        "a near-empty screenshot ({} bytes)",
        bytes.len()
    );
}
