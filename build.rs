//! Link the binaries as position-dependent executables: the hook starts once per tool
//! call, and a non-PIE binary has no dynamic relocations for the loader to apply (thousands
//! of them in a PIE build, each touching a page), which measurably shortens start-up.
//!
//! Also turn the IANA root zone's list (`src/context/tlds-alpha-by-domain.txt`) into a
//! sorted array, so `context::web` looks a top-level domain up by binary search instead of
//! scanning the ~10 KB text per host, with nothing built at start-up.
fn main() {
    let target = std::env::var("TARGET").unwrap_or_default();
    if target.contains("linux") && target.contains("gnu") {
        println!("cargo:rustc-link-arg-bins=-no-pie");
        println!("cargo:rustc-link-arg-examples=-no-pie");
    }
    println!("cargo:rerun-if-changed=build.rs");
    if let Err(e) = tlds() {
        eprintln!("build.rs: the sorted TLD table was not written: {e}");
        std::process::exit(1);
    }
}

fn tlds() -> std::io::Result<()> {
    let src = "src/context/tlds-alpha-by-domain.txt";
    println!("cargo:rerun-if-changed={src}");
    let text = std::fs::read_to_string(src)?;
    let mut names: Vec<&str> = text
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect();
    names.sort_unstable();
    names.dedup();
    let mut out = String::from("&[\n");
    for n in names {
        out.push_str(&format!("    {n:?},\n"));
    }
    out.push_str("]\n");
    let dir = std::env::var("OUT_DIR").map_err(std::io::Error::other)?;
    std::fs::write(std::path::Path::new(&dir).join("tlds.rs"), out)
}
