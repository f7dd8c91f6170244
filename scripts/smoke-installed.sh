#!/usr/bin/env bash
# Smoke test of an installed gatehook binary (the one scripts/install.sh builds, which on
# Linux with glibc is statically linked): it answers the README's fixtures, and in auto
# mode reaches a reviewer named by host name (`localhost`, resolved through the C library
# as the reviewer's host always is) and lets its allow through.
#
#   scripts/smoke-installed.sh PATH/TO/gatehook
#
# .ci/run calls it on `scripts/install.sh --root <tmp>`'s binary. Needs python3.
set -euo pipefail

bin="${1:?usage: scripts/smoke-installed.sh PATH/TO/gatehook}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
tmp="$(mktemp -d "${TMPDIR:-/tmp}/gatehook-smoke.XXXXXX")"
reviewer_pid=""
cleanup() {
    [[ -n "$reviewer_pid" ]] && kill "$reviewer_pid" 2>/dev/null || true
    rm -rf "$tmp"
}
trap cleanup EXIT

fail() {
    echo "scripts/smoke-installed.sh: $*" >&2
    exit 1
}

mkdir -p "$tmp/home" "$tmp/gh" "$tmp/ws/.git" "$tmp/ws/src"
echo 'fn main() {}' >"$tmp/ws/src/main.rs"
export HOME="$tmp/home" GATEHOOK_HOME="$tmp/gh" GATEHOOK_MANAGED_CONFIG="$tmp/managed.toml"

# 1. The README's fixtures, guard mode (no config).
out="$(sed "s|@PWD@|$tmp/ws|g" fixtures/read-in-workspace.json | "$bin" hook)"
[[ "$out" == *'"permissionDecision":"allow"'* ]] || fail "workspace read not allowed: $out"
out="$(sed -e "s|@PWD@|$tmp/ws|g" -e "s|@HOME@|$HOME|g" fixtures/read-credential.json | "$bin" hook)"
[[ "$out" == *'"permissionDecision":"deny"'*'gatehook deny [credential]'* ]] ||
    fail "credential read not refused: $out"

# 2. Auto mode with a reviewer on loopback, named `localhost`: it allows, citing m1.
python3 - "$tmp/port" <<'PY' &
import http.server, json, sys
class H(http.server.BaseHTTPRequestHandler):
    def log_message(self, *a):
        pass
    def do_POST(self):
        self.rfile.read(int(self.headers.get("content-length", 0)))
        v = {"decision": "allow", "risk": "low", "reason": "asked for", "kind": None, "evidence": ["m1"]}
        body = json.dumps({"id": "c", "object": "chat.completion", "model": "smoke",
                           "choices": [{"index": 0, "finish_reason": "stop",
                                        "message": {"role": "assistant", "content": json.dumps(v)}}]}).encode()
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
srv = http.server.HTTPServer(("127.0.0.1", 0), H)
open(sys.argv[1], "w").write(str(srv.server_address[1]))
srv.serve_forever()
PY
reviewer_pid=$!
for _ in $(seq 100); do
    [[ -s "$tmp/port" ]] && break
    sleep 0.05
done
[[ -s "$tmp/port" ]] || fail "the fake reviewer did not start"
port="$(cat "$tmp/port")"
cat >"$tmp/gh/config.toml" <<EOF
mode = "auto"
[reviewer]
provider = "openai"
url = "http://localhost:$port/v1/chat/completions"
model = "smoke"
timeout_ms = 10000
EOF
python3 - "$tmp/ws" <<'PY' | "$bin" hook >/dev/null
import json, sys
print(json.dumps({"session_id": "smoke", "cwd": sys.argv[1], "hook_event_name": "UserPromptSubmit",
                  "prompt_id": "p1", "prompt": "please run acme-tidy --check"}))
PY
out="$(python3 - "$tmp/ws" <<'PY' | "$bin" hook
import json, sys
print(json.dumps({"session_id": "smoke", "transcript_path": "/nonexistent", "cwd": sys.argv[1],
                  "permission_mode": "default", "hook_event_name": "PreToolUse", "tool_name": "Bash",
                  "tool_input": {"command": "acme-tidy --check"}, "tool_use_id": "t1", "prompt_id": "p1"}))
PY
)"
[[ "$out" == *'"permissionDecision":"allow"'* ]] || fail "the reviewer's allow did not come through: $out"
grep -q '"gate":"reviewer"' "$tmp/gh/audit.jsonl" || fail "no reviewer decision in the audit log"
echo "scripts/smoke-installed.sh: $bin answers the fixtures and reaches a reviewer at localhost:$port"
