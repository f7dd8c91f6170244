#!/usr/bin/env bash
# THE test command: installs the pinned Claude Code (e2e/package.json + package-lock.json)
# into e2e/node_modules if it is missing or stale, then runs every cargo test with
# GATEHOOK_CLAUDE_BIN pointing at it, so the end-to-end test (tests/e2e_claude.rs) runs
# against the real binary. Needs: the Rust toolchain, node/npm, python3, git.
# Extra arguments go to `cargo test` (e.g. scripts/test.sh --test e2e_claude).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

for tool in node npm cargo git python3; do
    command -v "$tool" >/dev/null || {
        echo "scripts/test.sh: '$tool' is not on PATH (needed: Rust toolchain, node/npm, git, python3)" >&2
        exit 1
    }
done

pinned="$(node -p 'require("./e2e/package.json").dependencies["@anthropic-ai/claude-code"]')"
installed="$(node -p 'try { require("./e2e/node_modules/@anthropic-ai/claude-code/package.json").version } catch (e) { "" }')"

# The native binary of the platform package npm chose (linux-x64, linux-x64-musl,
# darwin-arm64, ...), checked by running it: a wrong-libc binary does not count.
find_claude() {
    local bin
    for bin in e2e/node_modules/@anthropic-ai/claude-code-*/claude; do
        if [[ -x "$bin" ]] && "$bin" --version >/dev/null 2>&1; then
            echo "$root/$bin"
            return 0
        fi
    done
    return 1
}

claude_bin=""
if [[ "$installed" == "$pinned" ]]; then
    claude_bin="$(find_claude || true)"
fi
if [[ -z "$claude_bin" ]]; then
    echo "scripts/test.sh: installing Claude Code $pinned into e2e/node_modules" >&2
    # --ignore-scripts: the package's postinstall only links the native binary, which the
    # tests find by path; the optional platform package is installed without it.
    (cd e2e && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error)
    claude_bin="$(find_claude)" || {
        echo "scripts/test.sh: npm installed no runnable Claude Code binary under" \
            "e2e/node_modules/@anthropic-ai/claude-code-*/claude" >&2
        exit 1
    }
fi
echo "scripts/test.sh: using $("$claude_bin" --version) at $claude_bin" >&2

export GATEHOOK_CLAUDE_BIN="$claude_bin"
cargo test --all-targets "$@"
if [[ $# -eq 0 ]]; then
    cargo test --doc
fi
