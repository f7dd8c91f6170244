#!/usr/bin/env bash
# A local reviewer in one command: llama.cpp's HTTP server (PyPI xllamacpp, pinned) with a
# pinned GGUF model, on a free loopback port, one thread. Prints the URL and a ready
# [reviewer] config; serves until Ctrl-C / SIGTERM.
#
#   scripts/local-reviewer.sh                     # SmolLM2-135M (Apache-2.0; plumbing only)
#   scripts/local-reviewer.sh serve qwen-1.5b     # Qwen2.5-Coder-1.5B (test-only, see docs)
#   scripts/local-reviewer.sh serve --gguf ~/models/my-model.gguf --alias my-model
#   scripts/local-reviewer.sh setup qwen-0.5b     # install and check only; prints the path
#   scripts/local-reviewer.sh python              # print the venv's python (tests, benchmarks)
#
# Everything lives under $GATEHOOK_LLAMA_CACHE (default $XDG_CACHE_HOME/gatehook/llama or
# ~/.cache/gatehook/llama): the venv, and the models joined and sha256-checked. Needs
# python3 (>= 3.10, with venv) and PyPI. See docs/LOCAL-REVIEWER.md.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cache="${GATEHOOK_LLAMA_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/gatehook/llama}"
venv="$cache/venv"
py="$venv/bin/python"
pin="$(sed -n 's/^xllamacpp==\([^ ]*\).*/\1/p' "$here/llama/requirements-server.txt")"

mkdir -p "$cache"
# The venv with the pinned server wheel, made once (a lock keeps two first runs apart).
if ! "$py" -c "import sys, xllamacpp; sys.exit(xllamacpp.__version__ != '$pin')" 2>/dev/null; then
    exec 9>"$cache/.setup.lock"
    flock 9
    if ! "$py" -c "import sys, xllamacpp; sys.exit(xllamacpp.__version__ != '$pin')" 2>/dev/null; then
        python3 -c 'import sys; sys.exit(sys.version_info < (3, 10))' || {
            echo "local-reviewer: python3 >= 3.10 is needed (xllamacpp's wheel is abi3 for 3.10+)" >&2
            exit 1
        }
        echo "local-reviewer: making $venv with xllamacpp $pin" >&2
        rm -rf "$venv"
        python3 -m venv "$venv" || {
            echo "local-reviewer: python3 -m venv failed (Debian: apt-get install python3-venv)" >&2
            exit 1
        }
        "$py" -m pip install --quiet --disable-pip-version-check --no-deps --require-hashes \
            -r "$here/llama/requirements-server.txt"
    fi
    exec 9>&-
fi

cmd="${1:-serve}"
[[ $# -gt 0 ]] && shift
case "$cmd" in
    python) echo "$py" ;;
    setup | path) exec "$py" "$here/llama/serve.py" "$cmd" "$@" ;;
    serve)
        if [[ $# -eq 0 ]]; then
            set -- smollm2
        fi
        # exec: the server is this process, so signals reach it and nothing is left behind.
        exec "$py" "$here/llama/serve.py" serve "$@"
        ;;
    -h | --help | help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//' ;;
    *)
        echo "local-reviewer: unknown command '$cmd' (serve, setup, path, python, help)" >&2
        exit 2
        ;;
esac
