#!/usr/bin/env python3
"""Seed fuzz/corpus/<target>/ (or $GATEHOOK_FUZZ_CORPUS/<target>/) for the fuzz targets.

Sources, read at run time (nothing generated is committed):
  - fuzz/seeds/<target>/  hand-written seeds, committed;
  - ../shared/eval/*.jsonl (or $GATEHOOK_EVAL_DIR): commands and tool calls;
  - fixtures/*.json: sample payloads; config.example.toml.

Each seed is written under the sha1 of its bytes, so re-running is idempotent and
libFuzzer's own additions to the corpus are kept. The hook_input target reads its first
byte as a selector (see fuzz/fuzz_targets/hook_input.rs): 0x00 raw payload, 0x02 Bash
command, 0x04 Read path, 0x05 Write content, 0x06 Agent prompt.
"""
import hashlib
import json
import os
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
EVAL = pathlib.Path(os.environ.get("GATEHOOK_EVAL_DIR", ROOT.parent / "shared" / "eval"))
CORPUS = pathlib.Path(os.environ.get("GATEHOOK_FUZZ_CORPUS", ROOT / "fuzz" / "corpus"))
TARGETS = ["hook_input", "shell_analyze", "config_rules", "verdict"]
MAX_SEED = 64 * 1024


def put(target: str, data: bytes, counts: dict) -> None:
    if not data or len(data) > MAX_SEED:
        return
    d = CORPUS / target
    f = d / hashlib.sha1(data).hexdigest()
    if not f.exists():
        f.write_bytes(data)
        counts[target] = counts.get(target, 0) + 1


def main() -> int:
    counts: dict = {}
    for t in TARGETS:
        (CORPUS / t).mkdir(parents=True, exist_ok=True)
        seeds = ROOT / "fuzz" / "seeds" / t
        for f in sorted(seeds.glob("*")) if seeds.is_dir() else []:
            put(t, f.read_bytes(), counts)

    ws = "/tmp/gatehook-fuzz-ws"
    for f in sorted((ROOT / "fixtures").glob("*.json")):
        put("hook_input", b"\x00" + f.read_bytes().replace(b"@PWD@", ws.encode()), counts)
    example = ROOT / "config.example.toml"
    if example.exists():
        text = example.read_text()
        put("config_rules", text.encode(), counts)
        # Each uncommented setting line alone, and the example with comments uncommented.
        put("config_rules", "\n".join(l[2:] if l.startswith("# ") else l
                                      for l in text.splitlines()).encode(), counts)

    files = sorted(EVAL.glob("*.jsonl")) if EVAL.is_dir() else []
    if not files:
        print(f"fuzz_seed: no eval corpus at {EVAL}; hand-written seeds only", file=sys.stderr)
    for f in files:
        for line in f.read_text(encoding="utf-8").splitlines():
            try:
                case = json.loads(line)
            except ValueError:
                continue
            cmd = case.get("command")
            if cmd is None and case.get("tool_name") == "Bash":
                cmd = (case.get("tool_input") or {}).get("command")
            if isinstance(cmd, str):
                put("shell_analyze", cmd.encode(), counts)
                put("hook_input", b"\x02" + cmd.encode(), counts)
                put("config_rules", f'[permissions]\nallow = [{json.dumps("Bash(" + cmd[:60] + ")")}]\n'.encode(), counts)
            if isinstance(case.get("tool_name"), str):
                payload = {
                    "session_id": "seed",
                    "cwd": case.get("cwd") or ws,
                    "hook_event_name": "PreToolUse",
                    "permission_mode": "default",
                    "tool_name": case["tool_name"],
                    "tool_input": case.get("tool_input") or {},
                }
                put("hook_input", b"\x00" + json.dumps(payload).encode(), counts)
                prompt = case.get("user_prompt")
                if isinstance(prompt, str):
                    put("hook_input", b"\x00" + json.dumps({
                        "session_id": "seed", "cwd": ws, "hook_event_name": "UserPromptSubmit",
                        "prompt": prompt}).encode(), counts)
    for t in TARGETS:
        n = len(list((CORPUS / t).iterdir()))
        print(f"fuzz_seed: {t}: {n} inputs ({counts.get(t, 0)} new)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
