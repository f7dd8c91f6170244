#!/usr/bin/env bash
# Build the fuzz targets (fuzz/, libFuzzer via libfuzzer-sys) on stable Rust the way
# `cargo fuzz build --sanitizer none` does, seed their corpora (scripts/fuzz_seed.py:
# fuzz/seeds/, fixtures/, ../shared/eval), and run each target for a bounded time.
#
#   scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]      (default: 60 s, every target)
#
# Fails on any crash, panic, timeout (a hang: -timeout) or out-of-memory (-rss_limit_mb);
# the input that did it is kept under fuzz/artifacts/<target>/ and printed. Reproduce one
# with: fuzz/target/x86_64-unknown-linux-gnu/fuzz/<target> fuzz/artifacts/<target>/<file>
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

secs="${1:-60}"
shift || true
targets=("$@")
if [[ ${#targets[@]} -eq 0 ]]; then
    targets=(hook_input shell_analyze config_rules verdict)
fi

for tool in cargo python3 rustc; do
    command -v "$tool" >/dev/null || {
        echo "scripts/fuzz.sh: '$tool' is not on PATH" >&2
        exit 1
    }
done

# libfuzzer-sys compiles libFuzzer from source with the system C++ compiler.
if ! command -v "${CXX:-c++}" >/dev/null && ! command -v g++ >/dev/null && ! command -v clang++ >/dev/null; then
    echo "scripts/fuzz.sh: no C++ compiler (c++, g++ or clang++; or set CXX) to build libFuzzer" >&2
    exit 1
fi

host="$(rustc -vV | sed -n 's/^host: //p')"
# Coverage instrumentation as cargo-fuzz applies it, without a sanitizer (stable Rust has
# none). `--target` keeps the flags off build scripts, which are not linked to libFuzzer.
export RUSTFLAGS="-Cpasses=sancov-module \
-Cllvm-args=-sanitizer-coverage-level=4 \
-Cllvm-args=-sanitizer-coverage-inline-8bit-counters \
-Cllvm-args=-sanitizer-coverage-pc-table \
-Cllvm-args=-sanitizer-coverage-trace-compares \
--cfg fuzzing"
cargo build --profile fuzz --manifest-path fuzz/Cargo.toml --target "$host" \
    --target-dir fuzz/target --bins
bindir="fuzz/target/$host/fuzz"

python3 scripts/fuzz_seed.py

failed=0
for t in "${targets[@]}"; do
    mkdir -p "fuzz/artifacts/$t" "fuzz/corpus/$t"
    log="fuzz/artifacts/$t.log"
    echo "scripts/fuzz.sh: $t for ${secs}s" >&2
    before="$(ls "fuzz/artifacts/$t" | wc -l)"
    # The corpus directory gets what the run finds; the seeds stay read-only inputs.
    if ! "$bindir/$t" "fuzz/corpus/$t" \
        -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
        -artifact_prefix="fuzz/artifacts/$t/" -print_final_stats=1 >"$log" 2>&1; then
        failed=1
        echo "scripts/fuzz.sh: $t FAILED; the end of its log ($log):" >&2
        tail -n 40 "$log" >&2
    fi
    grep -E '^stat::number_of_executed_units|^#[0-9]+.*DONE' "$log" | tail -n 2 >&2 || true
    after="$(ls "fuzz/artifacts/$t" | wc -l)"
    if [[ "$after" -gt "$before" ]]; then
        failed=1
        for f in "fuzz/artifacts/$t"/*; do
            echo "scripts/fuzz.sh: $t artifact $f:" >&2
            head -c 2000 "$f" | od -c | head -n 20 >&2
        done
    fi
done
if [[ "$failed" -ne 0 ]]; then
    echo "scripts/fuzz.sh: failures above; inputs under fuzz/artifacts/" >&2
    exit 1
fi
echo "scripts/fuzz.sh: no crash, hang or OOM in ${#targets[@]} target(s), ${secs}s each" >&2
