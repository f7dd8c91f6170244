#!/usr/bin/env bash
# The reviewer benchmark (not part of `cargo test`; it takes long: run it in the background).
# Sends gatehook's real packet, through the real hook binary, to Qwen2.5-Coder 0.5B and 1.5B
# served by llama.cpp (scripts/local-reviewer.sh sets them up), over a labelled set drawn from
# ../shared/eval; writes target/bench-reviewer/<label>-*.jsonl and <label>-summary.json.
#
#   scripts/bench-reviewer.sh --label before [--bin target/release/gatehook] [--models qwen-0.5b]
#
# Results and how to read them: docs/BENCHMARKS.md ("Reviewer quality on small local models").
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
py="$(scripts/local-reviewer.sh python)"
exec "$py" scripts/llama/bench.py --python "$py" "$@"
