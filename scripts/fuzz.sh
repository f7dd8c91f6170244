#!/usr/bin/env bash
# Build the fuzz targets (fuzz/, libFuzzer via libfuzzer-sys) on stable Rust the way
# `cargo fuzz build --sanitizer none` does, seed their corpora (scripts/fuzz_seed.py:
# fuzz/seeds/, fixtures/, ../shared/eval), and run each target for a bounded time.
#
#   scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]      (default: 60 s, every target)
#   scripts/fuzz.sh --ci [TARGET...]
#
# The first form explores: libFuzzer picks a new random seed each run, for a bounded time.
# `--ci` is the gate CI runs: a fixed seed (-seed=1) and a fixed number of executions per
# target (sized to ~20 s each on the 2-core CI machine), so a commit's fuzz result does not
# depend on the run's luck or the machine's load — a crash it finds, it finds every time.
# What exploration finds goes into fuzz/seeds/<target>/ (and a regression test), so the
# gate replays it from then on.
# Fails on any crash, panic, timeout (a hang: -timeout) or out-of-memory (-rss_limit_mb);
# the input that did it is kept under fuzz/artifacts/<target>/ and printed. Reproduce one
# with: fuzz/target/x86_64-unknown-linux-gnu/fuzz/<target> fuzz/artifacts/<target>/<file>
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

ci=0
if [[ "${1:-}" == "--ci" ]]; then
    ci=1
    shift
    secs=0
else
    secs="${1:-60}"
    shift || true
fi
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

# The gate starts from the seeds alone every time (a fresh fuzz/ci-corpus), so what
# earlier local runs added cannot change its result.
corpus=fuzz/corpus
if [[ "$ci" -eq 1 ]]; then
    corpus=fuzz/ci-corpus
    rm -rf "$corpus"
fi
GATEHOOK_FUZZ_CORPUS="$corpus" python3 scripts/fuzz_seed.py

failed=0
for t in "${targets[@]}"; do
    mkdir -p "fuzz/artifacts/$t" "$corpus/$t"
    log="fuzz/artifacts/$t.log"
    if [[ "$ci" -eq 1 ]]; then
        # Executions per target at the rates measured on the CI machine (docs/FUZZING.md).
        case "$t" in
        hook_input) runs=20000 ;;
        shell_analyze) runs=150000 ;;
        config_rules) runs=40000 ;;
        *) runs=2000000 ;;
        esac
        budget=(-seed=1 -runs="$runs")
        echo "scripts/fuzz.sh: $t, seed 1, $runs executions" >&2
    else
        budget=(-max_total_time="$secs")
        echo "scripts/fuzz.sh: $t for ${secs}s" >&2
    fi
    before="$(ls "fuzz/artifacts/$t" | wc -l)"
    # The corpus directory gets what the run finds; the seeds stay read-only inputs.
    if ! "$bindir/$t" "$corpus/$t" \
        "${budget[@]}" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
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
if [[ "$ci" -eq 1 ]]; then
    echo "scripts/fuzz.sh: no crash, hang or OOM in ${#targets[@]} target(s), seed 1" >&2
else
    echo "scripts/fuzz.sh: no crash, hang or OOM in ${#targets[@]} target(s), ${secs}s each" >&2
fi
