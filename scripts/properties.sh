#!/usr/bin/env bash
# Explore the property tests with fresh seeds: `cargo test` itself always runs them from the
# fixed seed in .cargo/config.toml (so the suite is deterministic), and this script is how
# new cases are looked for. Each round draws a new seed, prints it, and runs every property
# test (the lib's and tests/properties.rs) with PROPTEST_CASES cases each.
#
#   scripts/properties.sh [ROUNDS] [CASES]     (defaults: 3 rounds, 2000 cases)
#
# A failure prints proptest's minimal input and the seed; rerun it with
# `PROPTEST_RNG_SEED=SEED PROPTEST_CASES=CASES cargo test …`, then add the input to the
# deterministic table of the property it broke. Nothing is written into the tree.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
rounds="${1:-3}"
cases="${2:-2000}"
for ((r = 1; r <= rounds; r++)); do
    seed="$(od -An -N8 -tu8 /dev/urandom | tr -d ' ')"
    echo "scripts/properties.sh: round $r/$rounds, seed $seed, $cases cases"
    PROPTEST_RNG_SEED="$seed" PROPTEST_CASES="$cases" \
        cargo test --lib --test properties -- --quiet 2>&1 | tail -n 3 || {
        echo "scripts/properties.sh: FAILED with PROPTEST_RNG_SEED=$seed PROPTEST_CASES=$cases" >&2
        exit 1
    }
done
echo "scripts/properties.sh: $rounds rounds passed"
