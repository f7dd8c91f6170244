//! The `gatehook` binary: a thin wrapper that turns a panic anywhere into a fail-closed
//! exit instead of Claude Code's "non-blocking error" (which lets the call run).

fn main() {
    let code = match std::panic::catch_unwind(gatehook::cli::run) {
        Ok(code) => code,
        Err(_) => {
            eprintln!("gatehook deny [internal-error]: gatehook crashed; the call is blocked — report this gatehook bug");
            2
        }
    };
    // NOTE: Claude Code treats exit 1 as "go ahead"; `cli::run` never returns 1 for `hook`.
    std::process::exit(code);
}
