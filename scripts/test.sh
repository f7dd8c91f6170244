#!/usr/bin/env bash
# THE test command: installs the pinned Claude Code, Gemini CLI and Codex CLI (e2e/package.json +
# package-lock.json) into e2e/node_modules if either is missing or stale, and Chromium
# (Debian's `chromium` package) if /usr/bin/chromium is missing, then runs every cargo test
# with GATEHOOK_CLAUDE_BIN, GATEHOOK_GEMINI_BIN, GATEHOOK_CODEX_BIN and GATEHOOK_CHROMIUM
# pointing at them, so the end-to-end tests (tests/e2e_claude.rs, tests/e2e_gemini.rs,
# tests/e2e_codex.rs) run against the real agents and the HTML report test
# (tests/audit_report.rs) against a real browser. Needs: the Rust toolchain, node/npm,
# python3, git, and apt-get (as root, or with sudo) when Chromium is missing. On a
# workstation, GATEHOOK_SKIP_BROWSER=1 installs no browser and the report test skips
# loudly; under CI=true the browser is required all the same.
# It also sets up the local llama.cpp reviewer (scripts/local-reviewer.sh: a venv and
# pinned PyPI wheels, cached outside the tree) for tests/review_llama.rs.
# Extra arguments go to `cargo test` (e.g. scripts/test.sh --test e2e_claude).
# The last line is one summary: passed, failed and skipped counts over every test binary,
# and the time taken.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
# shellcheck source=scripts/test_lib.sh
source scripts/test_lib.sh

started=$SECONDS
log="$(mktemp "${TMPDIR:-/tmp}/gatehook-test.XXXXXX")"
browser_note=""
finish() {
    local status=$?
    summary_line "$log" "$((SECONDS - started))" "$status" "$browser_note"
    rm -f "$log"
    exit "$status"
}
trap finish EXIT

for tool in node npm cargo git python3; do
    command -v "$tool" >/dev/null || {
        echo "scripts/test.sh: '$tool' is not on PATH (needed: Rust toolchain, node/npm, git, python3)" >&2
        exit 1
    }
done

# The version e2e/package.json pins for npm package $1, and the one installed.
pinned_version() {
    node -p 'require("./e2e/package.json").dependencies[process.argv[1]]' "$1"
}
installed_version() {
    node -p 'try { require("./e2e/node_modules/" + process.argv[1] + "/package.json").version } catch (e) { "" }' "$1"
}
pinned="$(pinned_version @anthropic-ai/claude-code)"
installed="$(installed_version @anthropic-ai/claude-code)"
gemini_pinned="$(pinned_version @google/gemini-cli)"

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

# Gemini CLI's entry script (the package's `bin.gemini`, run with node), checked by running
# it: it must report the pinned version.
find_gemini() {
    local bin
    bin="$(node -p 'try { const d = "./e2e/node_modules/@google/gemini-cli/"; d + require(d + "package.json").bin.gemini } catch (e) { "" }')"
    if [[ -n "$bin" && -f "$bin" ]] && [[ "$(node "$bin" --version 2>/dev/null)" == "$gemini_pinned" ]]; then
        echo "$root/${bin#./}"
        return 0
    fi
    return 1
}

codex_pinned="$(pinned_version @openai/codex)"

# Codex's native binary in the platform package npm chose (vendor/<target>/bin/codex),
# checked by running it: it must report the pinned version.
find_codex() {
    local bin
    for bin in e2e/node_modules/@openai/codex-*/vendor/*/bin/codex; do
        if [[ -x "$bin" ]] && [[ "$("$bin" --version 2>/dev/null)" == "codex-cli $codex_pinned" ]]; then
            echo "$root/$bin"
            return 0
        fi
    done
    return 1
}

claude_bin=""
gemini_bin=""
codex_bin="$(find_codex || true)"
if [[ "$installed" == "$pinned" ]]; then
    claude_bin="$(find_claude || true)"
fi
if [[ "$(installed_version @google/gemini-cli)" == "$gemini_pinned" ]]; then
    gemini_bin="$(find_gemini || true)"
fi
if [[ -z "$claude_bin" || -z "$gemini_bin" || -z "$codex_bin" ]]; then
    echo "scripts/test.sh: installing Claude Code $pinned, Gemini CLI $gemini_pinned and Codex" \
        "CLI $codex_pinned into e2e/node_modules" >&2
    # --ignore-scripts: Claude Code's postinstall only links the native binary, which the
    # tests find by path (the optional platform package is installed without it); Gemini
    # CLI is a JavaScript bundle and its native extras (node-pty, keytar) are optional.
    (cd e2e && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error)
    claude_bin="$(find_claude)" || {
        echo "scripts/test.sh: npm installed no runnable Claude Code binary under" \
            "e2e/node_modules/@anthropic-ai/claude-code-*/claude" >&2
        exit 1
    }
    gemini_bin="$(find_gemini)" || {
        echo "scripts/test.sh: npm installed no Gemini CLI $gemini_pinned that runs under" \
            "e2e/node_modules/@google/gemini-cli" >&2
        exit 1
    }
    # Codex's optional platform package holds its native binary (no install script).
    codex_bin="$(find_codex)" || {
        echo "scripts/test.sh: npm installed no Codex CLI $codex_pinned that runs under" \
            "e2e/node_modules/@openai/codex-*/vendor/*/bin/codex" >&2
        exit 1
    }
fi
echo "scripts/test.sh: using $("$claude_bin" --version) at $claude_bin" >&2
echo "scripts/test.sh: using Gemini CLI $gemini_pinned at $gemini_bin" >&2
echo "scripts/test.sh: using $("$codex_bin" --version) at $codex_bin" >&2

# Chromium renders the `gatehook audit report` page in tests/audit_report.rs.
chromium_bin=/usr/bin/chromium
plan="$(browser_plan "$chromium_bin")"
if [[ "$plan" == skip ]]; then
    bar="$(printf '=%.0s' {1..78})"
    printf '%s\nscripts/test.sh: GATEHOOK_SKIP_BROWSER=1: no browser installed; the HTML\nreport test (tests/audit_report.rs) SKIPS. Under CI=true it is required.\n%s\n' \
        "$bar" "$bar" >&2
    browser_note="browser test skipped: GATEHOOK_SKIP_BROWSER=1"
fi
if [[ "$plan" == install ]]; then
    echo "scripts/test.sh: installing Chromium (apt-get install chromium);" \
        "GATEHOOK_SKIP_BROWSER=1 skips the browser test on a workstation" >&2
    command -v apt-get >/dev/null || {
        echo "scripts/test.sh: $chromium_bin is missing and there is no apt-get to install it;" \
            "install Chromium there and re-run" >&2
        exit 1
    }
    sudo=""
    if [[ "$(id -u)" -ne 0 ]]; then
        command -v sudo >/dev/null || {
            echo "scripts/test.sh: $chromium_bin is missing and installing it needs root or sudo" >&2
            exit 1
        }
        sudo=sudo
    fi
    $sudo apt-get update
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium
    [[ -x "$chromium_bin" ]] || {
        echo "scripts/test.sh: apt-get installed no $chromium_bin" >&2
        exit 1
    }
fi
if [[ "$plan" != skip ]]; then
    "$chromium_bin" --version >/dev/null 2>&1 || {
        echo "scripts/test.sh: $chromium_bin does not run" >&2
        exit 1
    }
    echo "scripts/test.sh: using $("$chromium_bin" --version 2>/dev/null) at $chromium_bin" >&2
    export GATEHOOK_CHROMIUM="$chromium_bin"
else
    unset GATEHOOK_CHROMIUM
fi

# The reviewer against a real model (tests/review_llama.rs): llama.cpp's server (PyPI
# xllamacpp) and SmolLM2-135M, pinned and set up once by scripts/local-reviewer.sh under
# ${GATEHOOK_LLAMA_CACHE:-$XDG_CACHE_HOME/gatehook/llama} (outside the tree). The Qwen models
# (~1.6 GB) join with GATEHOOK_TEST_QWEN=1. Without PyPI the tests say SKIPPED; CI fails.
if llama_py="$(scripts/local-reviewer.sh python)" && smollm2="$(scripts/local-reviewer.sh setup smollm2)"; then
    export GATEHOOK_LLAMA_PYTHON="$llama_py" GATEHOOK_LLAMA_SMOLLM2="$smollm2"
    echo "scripts/test.sh: using llama.cpp (xllamacpp) with $smollm2" >&2
    if [[ "${GATEHOOK_TEST_QWEN:-}" == 1 ]]; then
        GATEHOOK_LLAMA_QWEN_0_5B="$(scripts/local-reviewer.sh setup qwen-0.5b)"
        GATEHOOK_LLAMA_QWEN_1_5B="$(scripts/local-reviewer.sh setup qwen-1.5b)"
        export GATEHOOK_LLAMA_QWEN_0_5B GATEHOOK_LLAMA_QWEN_1_5B GATEHOOK_TEST_QWEN
    fi
elif [[ "${CI:-}" == true ]]; then
    echo "scripts/test.sh: could not set up the local llama.cpp reviewer (see above); CI needs it" >&2
    exit 1
else
    echo "scripts/test.sh: WARNING: could not set up the local llama.cpp reviewer (no PyPI?);" \
        "tests/review_llama.rs will be SKIPPED" >&2
fi

export GATEHOOK_CLAUDE_BIN="$claude_bin"
export GATEHOOK_GEMINI_BIN="$gemini_bin"
export GATEHOOK_CODEX_BIN="$codex_bin"
# Output goes to the terminal as usual and into the log the summary counts from.
cargo test --all-targets "$@" 2>&1 | tee -a "$log"
if [[ $# -eq 0 ]]; then
    cargo test --doc 2>&1 | tee -a "$log"
fi
