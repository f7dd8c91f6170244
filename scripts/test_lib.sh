# Helpers of scripts/test.sh, sourced by it (and by tests/test_script.rs, which checks
# them): whether the browser test runs, and the one summary line the script ends with.

# What to do about Chromium, from the environment: `use` (it is at $1), `install` (it is
# missing), or `skip` (a workstation said GATEHOOK_SKIP_BROWSER=1). Under CI=true the
# browser is required: the skip is refused and the answer is `use` or `install`.
browser_plan() {
    local bin="$1"
    if [[ "${GATEHOOK_SKIP_BROWSER:-}" == 1 ]]; then
        if [[ "${CI:-}" == true ]]; then
            echo "scripts/test.sh: GATEHOOK_SKIP_BROWSER=1 is ignored under CI=true:" \
                "the browser test is required there" >&2
        else
            echo skip
            return 0
        fi
    fi
    if [[ -x "$bin" ]]; then echo use; else echo install; fi
}

# The one summary line: the counts of every `test result:` line cargo printed into the log
# $1, the seconds $2 the run took, and, when $3 (the exit status) is not 0, why it failed.
summary_line() {
    local log="$1" secs="$2" status="$3" note="${4:-}"
    local counts
    counts="$(awk '
        /^test result: / {
            for (i = 1; i <= NF; i++) {
                n = $(i - 1) + 0
                if ($i ~ /^passed;?$/) p += n
                if ($i ~ /^failed;?$/) f += n
                if ($i ~ /^ignored;?$/) s += n
            }
        }
        END { printf "%d passed, %d failed, %d skipped", p, f, s }' "$log" 2>/dev/null ||
        echo "0 passed, 0 failed, 0 skipped")"
    local tail=""
    [[ -n "$note" ]] && tail=" ($note)"
    if [[ "$status" -ne 0 ]]; then
        tail="$tail (FAILED: exit $status)"
    fi
    echo "test.sh: $counts in ${secs} s$tail"
}
