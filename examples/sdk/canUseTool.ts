// gatehook as a Claude Agent SDK (TypeScript) `canUseTool` callback.
//
// The SDK calls `canUseTool` only when its own permission flow would prompt. This callback
// sends the call to `gatehook hook` as a PreToolUse payload and maps the answer:
//   allow      -> { behavior: "allow", updatedInput: input }   (the input echoed back)
//   deny       -> { behavior: "deny", message: <gatehook's reason> }
//   ask / none -> the person decides if you pass `askPerson`; otherwise a deny that carries
//                 gatehook's reason (there is nobody to ask)
// Any failure to run gatehook or to read its answer is a deny: the callback fails closed.
//
// Usage:
//   import { query } from "@anthropic-ai/claude-agent-sdk";
//   import { gatehookCanUseTool } from "./canUseTool";
//   for await (const m of query({ prompt, options: { canUseTool: gatehookCanUseTool() } })) { … }

import { spawn } from "node:child_process";
import * as path from "node:path";
import type { CanUseTool, PermissionResult } from "@anthropic-ai/claude-agent-sdk";

export type Decision = "allow" | "ask" | "deny" | "none";

export interface GatehookOptions {
  gatehook?: string; // the binary (default: $GATEHOOK_BIN or "gatehook")
  cwd?: string; // the call's working directory (default: process.cwd())
  sessionId?: string;
  permissionMode?: string;
  timeoutMs?: number;
  // Decides ask/none calls: resolve true to allow the call.
  askPerson?: (toolName: string, input: Record<string, unknown>, reason: string) => Promise<boolean>;
}

/** Ask gatehook about one call. Every failure resolves to ["deny", why]. */
export function gatehookAnswer(
  toolName: string,
  input: Record<string, unknown>,
  opts: GatehookOptions & { toolUseID?: string; agentID?: string } = {},
): Promise<[Decision, string]> {
  const payload: Record<string, unknown> = {
    session_id: opts.sessionId ?? "agent-sdk",
    cwd: path.resolve(opts.cwd ?? process.cwd()),
    permission_mode: opts.permissionMode ?? "default",
    hook_event_name: "PreToolUse",
    tool_name: toolName,
    tool_input: input,
  };
  if (opts.toolUseID) payload.tool_use_id = opts.toolUseID;
  if (opts.agentID) payload.agent_id = opts.agentID;
  const bin = opts.gatehook ?? process.env.GATEHOOK_BIN ?? "gatehook";
  return new Promise((resolve) => {
    let settled = false;
    const done = (d: Decision, why: string) => {
      if (!settled) {
        settled = true;
        resolve([d, why]);
      }
    };
    let child;
    try {
      child = spawn(bin, ["hook", "--format", "claude"], { stdio: ["pipe", "pipe", "pipe"] });
    } catch (e) {
      done("deny", `gatehook could not run, so the call is blocked: ${String(e)}`);
      return;
    }
    const timer = setTimeout(() => {
      child.kill();
      done("deny", "gatehook did not answer in time, so the call is blocked");
    }, opts.timeoutMs ?? 30_000);
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (b: Buffer) => (stdout += b.toString("utf8")));
    child.stderr.on("data", (b: Buffer) => (stderr += b.toString("utf8")));
    child.on("error", (e: Error) => {
      clearTimeout(timer);
      done("deny", `gatehook could not run, so the call is blocked: ${e.message}`);
    });
    child.on("close", (code: number | null) => {
      clearTimeout(timer);
      if (code !== 0) {
        done("deny", stderr.trim() || `gatehook exited with status ${code}`);
        return;
      }
      const out = stdout.trim();
      if (out === "") {
        done("none", "");
        return;
      }
      try {
        const h = JSON.parse(out).hookSpecificOutput;
        const d = h?.permissionDecision;
        const reason = typeof h?.permissionDecisionReason === "string" ? h.permissionDecisionReason : "";
        if (d === "allow" || d === "ask" || d === "deny") done(d, reason);
        else done("deny", `gatehook answered ${JSON.stringify(d)}, which this callback does not know`);
      } catch {
        done("deny", "gatehook's answer could not be read, so the call is blocked");
      }
    });
    child.stdin.on("error", () => {}); // a closed pipe shows up as the exit status
    child.stdin.end(JSON.stringify(payload));
  });
}

/** A `canUseTool` callback backed by gatehook. */
export function gatehookCanUseTool(opts: GatehookOptions = {}): CanUseTool {
  return async (toolName, input, options): Promise<PermissionResult> => {
    const [decision, reason] = await gatehookAnswer(toolName, input, {
      ...opts,
      toolUseID: options.toolUseID,
      agentID: options.agentID,
    });
    if (decision === "allow") return { behavior: "allow", updatedInput: input };
    if (decision === "deny") return { behavior: "deny", message: reason || "gatehook denied the call" };
    const why = reason || "gatehook has no opinion on this call";
    if (!opts.askPerson) {
      return { behavior: "deny", message: `${why} (nobody to ask: run it yourself or add a rule)` };
    }
    try {
      if (await opts.askPerson(toolName, input, why)) return { behavior: "allow", updatedInput: input };
      return { behavior: "deny", message: `${why} (the person declined)` };
    } catch (e) {
      return { behavior: "deny", message: `${why} (could not ask: ${String(e)})` };
    }
  };
}
