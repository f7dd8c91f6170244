//! Link the binaries as position-dependent executables: the hook starts once per tool
//! call, and a non-PIE binary has no dynamic relocations for the loader to apply (thousands
//! of them in a PIE build, each touching a page), which measurably shortens start-up.
fn main() {
    let target = std::env::var("TARGET").unwrap_or_default();
    if target.contains("linux") && target.contains("gnu") {
        println!("cargo:rustc-link-arg-bins=-no-pie");
        println!("cargo:rustc-link-arg-examples=-no-pie");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
