#!/usr/bin/env bash
# Whole-process benchmark: `gatehook hook` vs the spawn floor (a minimal Rust program that
# reads stdin and prints JSON), alternating in one run. Usage: scripts/bench.sh [ITERATIONS]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
cargo build --release --quiet --bin gatehook --example spawn_floor --example bench_spawn
target/release/examples/bench_spawn target/release/gatehook target/release/examples/spawn_floor "${1:-300}"
