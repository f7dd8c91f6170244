#!/usr/bin/env bash
# The benchmarks, one command: scripts/bench.sh [ITERATIONS]
#  1. whole process: `gatehook hook` against the spawn floor (a minimal Rust program that
#     reads stdin and prints JSON, built as cargo builds it), alternating in one run, for a
#     fast-path Read, a routine compound Bash command, an allow-rule hit, a cached review
#     and a review against a loopback reviewer; peak RSS per case; and the peer hook
#     cc-safety-net (pinned in bench/peers, installed from the npm registry) on the same
#     machine in the same run. gatehook is measured as scripts/install.sh builds it (on a
#     *-linux-gnu host: statically linked) and as a plain `cargo build --release`; on such
#     a host the floor is also measured statically linked, for comparison;
#  2. in-process decision time per call over ../shared/eval (median, p90, p99, max);
#  3. criterion: typical calls, and growth with command length, transcript length and
#     audit-log size.
# Results are written up in docs/BENCHMARKS.md. Run on an otherwise idle machine.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
n="${1:-300}"
t="${CARGO_TARGET_DIR:-target}"

cargo build --release --quiet --bin gatehook --example spawn_floor --example bench_spawn \
    --example bench_corpus
# The binary scripts/install.sh installs: the same cargo flags, built into target/<host>/ (or $CARGO_TARGET_DIR/<host>/).
host="$(rustc -vV | sed -n 's/^host: //p')"
installed="$t"/release/gatehook
static_floor=""
if [[ "$host" == *-linux-gnu* ]]; then
    flags='["-Ctarget-feature=+crt-static", "-Crelocation-model=static"]'
    cargo build --release --quiet --locked --target "$host" --config "target.$host.rustflags=$flags" \
        --bin gatehook --example spawn_floor
    installed="$t/$host/release/gatehook"
    static_floor="$t/$host/release/examples/spawn_floor"
fi

peer=""
if command -v npm >/dev/null && command -v node >/dev/null; then
    if [[ ! -f bench/peers/node_modules/cc-safety-net/package.json ]]; then
        (cd bench/peers && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error) ||
            echo "scripts/bench.sh: could not install the peer hook; measuring gatehook only" >&2
    fi
    js=bench/peers/node_modules/cc-safety-net/dist/bin/cc-safety-net.js
    [[ -f "$js" ]] && peer="$js"
fi

echo "== whole process (scripts/bench.sh $n): gatehook as scripts/install.sh builds it ($installed)"
"$t"/release/examples/bench_spawn "$installed" "$t"/release/examples/spawn_floor \
    "$n" ${peer:+"$peer"}
if [[ "$installed" != "$t"/release/gatehook ]]; then
    echo
    echo "== whole process: gatehook from a plain cargo build --release (dynamically linked)"
    "$t"/release/examples/bench_spawn "$t"/release/gatehook "$t"/release/examples/spawn_floor "$n"
    echo
    echo "== whole process: the installed gatehook against a statically linked floor"
    "$t"/release/examples/bench_spawn "$installed" "$static_floor" "$n"
fi

echo
echo "== in-process, per call, over ../shared/eval"
if [[ -d ../shared/eval ]]; then
    "$t"/release/examples/bench_corpus ../shared/eval
else
    echo "(../shared/eval is missing: skipped)"
fi

echo
echo "== criterion (cargo bench --bench decision)"
cargo bench --quiet --bench decision -- --warm-up-time 1 --measurement-time 3 2>/dev/null |
    grep -B1 -E 'time:' | grep -vE '^(--|Benchmarking|Found|$)' || true
