"""gatehook as a Claude Agent SDK (Python) `can_use_tool` callback.

The SDK calls `can_use_tool` only when its own permission flow would prompt (hooks, then
deny/ask rules, then the permission mode, then allow rules). This callback sends the call to
`gatehook hook` as a PreToolUse payload and maps the answer:

    allow -> PermissionResultAllow (the input echoed back unchanged)
    deny  -> PermissionResultDeny with gatehook's reason
    ask / none -> the person decides, if you pass `ask_person`; otherwise a deny that
                  carries gatehook's reason (there is nobody to ask)

Any failure to run gatehook or to read its answer is a deny: the callback fails closed.

`decide()` needs only the standard library, so it can be imported (and tested) without the
SDK; only `can_use_tool()` and `main()` import `claude_agent_sdk`.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
from typing import Any, Callable, Optional

GATEHOOK = os.environ.get("GATEHOOK_BIN", "gatehook")

# Decides ask/none calls: given (tool_name, tool_input, reason), True allows the call.
AskPerson = Callable[[str, dict, str], bool]


def gatehook_answer(
    tool_name: str,
    tool_input: dict,
    *,
    cwd: Optional[str] = None,
    session_id: str = "agent-sdk",
    tool_use_id: Optional[str] = None,
    agent_id: Optional[str] = None,
    permission_mode: str = "default",
    gatehook: str = GATEHOOK,
    timeout: float = 30.0,
) -> tuple[str, str]:
    """Ask gatehook about one call. Returns (decision, reason); decision is one of
    "allow", "ask", "deny", "none" (no opinion). Every failure is ("deny", why)."""
    payload: dict[str, Any] = {
        "session_id": session_id,
        "cwd": os.path.abspath(cwd or os.getcwd()),
        "permission_mode": permission_mode,
        "hook_event_name": "PreToolUse",
        "tool_name": tool_name,
        "tool_input": tool_input,
    }
    if tool_use_id:
        payload["tool_use_id"] = tool_use_id
    if agent_id:
        payload["agent_id"] = agent_id
    try:
        proc = subprocess.run(
            [gatehook, "hook", "--format", "claude"],
            input=json.dumps(payload),
            capture_output=True,
            text=True,
            timeout=timeout,
        )
    except (OSError, subprocess.SubprocessError, TypeError, ValueError) as e:
        return "deny", f"gatehook could not run, so the call is blocked: {e}"
    if proc.returncode != 0:
        why = proc.stderr.strip() or f"gatehook exited with status {proc.returncode}"
        return "deny", why
    out = proc.stdout.strip()
    if not out:
        return "none", ""
    try:
        answer = json.loads(out)["hookSpecificOutput"]
        decision = answer["permissionDecision"]
        reason = answer.get("permissionDecisionReason", "")
    except (ValueError, KeyError, TypeError):
        return "deny", "gatehook's answer could not be read, so the call is blocked"
    if decision not in ("allow", "ask", "deny") or not isinstance(reason, str):
        return "deny", f"gatehook answered {decision!r}, which this callback does not know"
    return decision, reason


def decide(
    tool_name: str,
    tool_input: dict,
    *,
    ask_person: Optional[AskPerson] = None,
    **kwargs: Any,
) -> dict:
    """The SDK-independent mapping: {"behavior": "allow", "updated_input": …} or
    {"behavior": "deny", "message": …}."""
    decision, reason = gatehook_answer(tool_name, tool_input, **kwargs)
    if decision == "allow":
        return {"behavior": "allow", "updated_input": tool_input}
    if decision in ("ask", "none"):
        why = reason or "gatehook has no opinion on this call"
        if ask_person is not None:
            try:
                if ask_person(tool_name, tool_input, why):
                    return {"behavior": "allow", "updated_input": tool_input}
            except Exception as e:  # the person could not be asked: fail closed
                return {"behavior": "deny", "message": f"{why} (could not ask: {e})"}
            return {"behavior": "deny", "message": f"{why} (the person declined)"}
        return {"behavior": "deny", "message": f"{why} (nobody to ask: run it yourself or add a rule)"}
    return {"behavior": "deny", "message": reason or "gatehook denied the call"}


async def can_use_tool(tool_name: str, input_data: dict, context: Any):
    """The `can_use_tool` callback for `ClaudeAgentOptions`."""
    from claude_agent_sdk import PermissionResultAllow, PermissionResultDeny

    result = await asyncio.to_thread(
        decide,
        tool_name,
        input_data,
        tool_use_id=getattr(context, "tool_use_id", None),
        agent_id=getattr(context, "agent_id", None),
    )
    if result["behavior"] == "allow":
        return PermissionResultAllow(updated_input=result["updated_input"])
    return PermissionResultDeny(message=result["message"])


async def main() -> None:
    from claude_agent_sdk import ClaudeAgentOptions, ClaudeSDKClient

    # can_use_tool needs streaming mode: ClaudeSDKClient keeps the session open.
    options = ClaudeAgentOptions(can_use_tool=can_use_tool)
    async with ClaudeSDKClient(options=options) as client:
        await client.query("List the files here, then show git status.")
        async for message in client.receive_response():
            print(message)


if __name__ == "__main__":
    asyncio.run(main())
