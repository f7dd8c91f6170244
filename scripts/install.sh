#!/usr/bin/env bash
# Install gatehook from this checkout with `cargo install`, statically linked where that
# makes the hook start faster.
#
#   scripts/install.sh [--print] [CARGO_INSTALL_ARGS...]     (e.g. --root DIR, --force)
#
# The hook is a fresh process on every tool call, so start-up is its budget. On Linux with
# glibc (a `*-linux-gnu` host) the binary is linked statically and position-dependent
# (`-C target-feature=+crt-static -C relocation-model=static`): no dynamic loader, no
# shared libraries mapped and faulted in at each start. On the project's VM that took the
# whole-process cost of a fast-path call from ~1.6× to ~1.2× the spawn floor
# (docs/BENCHMARKS.md). Rust applies those flags to the target only when `--target` is
# given, so proc macros and build scripts still build as host code; this script passes it.
# Elsewhere (macOS, musl, other hosts) it is a plain `cargo install --path .`.
#
# The static binary resolves host names (the reviewer's URL) through glibc's built-in
# `files` and `dns` sources, i.e. /etc/hosts and /etc/resolv.conf. A reviewer host that only
# another NSS module can resolve (an mDNS `.local` name, say) needs the dynamic build:
# `cargo install --path .`, or GATEHOOK_DYNAMIC=1 scripts/install.sh.
#
# --print shows the cargo command instead of running it.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

print=""
if [[ "${1:-}" == "--print" ]]; then
    print=1
    shift
fi

command -v cargo >/dev/null || {
    echo "scripts/install.sh: cargo is not on PATH (install the Rust toolchain: https://rustup.rs)" >&2
    exit 1
}
host="$(rustc -vV | sed -n 's/^host: //p')"

cmd=(cargo install --locked --path .)
if [[ "$host" == *-linux-gnu* && "${GATEHOOK_DYNAMIC:-}" != 1 ]]; then
    flags='["-Ctarget-feature=+crt-static", "-Crelocation-model=static"]'
    cmd+=(--target "$host" --config "target.$host.rustflags=$flags")
fi
cmd+=("$@")

if [[ -n "$print" ]]; then
    printf '%q ' "${cmd[@]}"
    echo
    exit 0
fi
"${cmd[@]}"
