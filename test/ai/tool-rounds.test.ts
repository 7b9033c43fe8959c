import { afterEach, describe, expect, test } from "bun:test";
import { paperLogWithBrokenPlugin } from "./fixtures";
import { openai, scriptedUpstream, type ScriptedUpstream } from "./scripted-upstream";
import { answerText, readAllFrames, statuses } from "./sse-client";
import { startAiTestServer, type AiTestServer } from "./support";

let upstream: ScriptedUpstream | undefined;
let server: AiTestServer | undefined;
afterEach(() => {
  server?.stop();
  upstream?.stop();
  server = upstream = undefined;
});

function start(script: Parameters<typeof scriptedUpstream>[1], extraEnv: Record<string, string> = {}) {
  upstream = scriptedUpstream("openai", script);
  server = startAiTestServer({
    AI_PROVIDER: "openai",
    AI_BASE_URL: upstream.url,
    AI_MODEL: "scripted-model",
    AI_API_KEYS: "key-1",
    ...extraEnv,
  });
  server.addLog("brokenpl", paperLogWithBrokenPlugin);
  return { upstream, server };
}

const toolMessages = (body: any) => body.messages.filter((m: any) => m.role === "tool").map((m: any) => String(m.content));

describe("a two-round tool conversation (OpenAI-compatible)", () => {
  test("streams status, tool and answer events and ends with done", async () => {
    const { upstream, server } = start((call) => {
      if (call.index === 0) return { frames: openai.toolCalls([{ id: "call_1", name: "search_log", args: { query: "could not load", context: 1 } }]) };
      if (call.index === 1) return { frames: openai.toolCalls([{ id: "call_2", name: "read_file", args: { startLine: 4, endLine: 5 } }]) };
      return { frames: openai.answer(["FancyShop needs **Vault** ", "(line 5). Install Vault."]) };
    });

    const response = await fetch(`${server.url}/v1/ai/brokenpl`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toStartWith("text/event-stream");
    expect(response.headers.get("cache-control")).toBe("no-cache, no-transform");
    expect(response.headers.get("x-accel-buffering")).toBe("no");

    const frames = await readAllFrames(response);
    const types = statuses(frames).map((s) => s.type);
    expect(types).toEqual(["started", "thinking", "tool", "tool_result", "thinking", "tool", "tool_result", "thinking"]);
    const [, , search, searchResult, , read] = statuses(frames);
    expect(search).toMatchObject({ name: "search_log", input: { query: "could not load", context: 1 } });
    expect(searchResult).toMatchObject({ name: "search_log", ok: true });
    expect(read).toMatchObject({ name: "read_file", input: { startLine: 4, endLine: 5 } });

    expect(answerText(frames)).toBe("FancyShop needs **Vault** (line 5). Install Vault.");
    const last = frames[frames.length - 1];
    expect(last.event).toBe("done");
    expect(last.data).toMatchObject({ status: "completed", cached: false, rounds: 2 });

    // The model saw the engine's findings up front and got the tool outputs back.
    expect(upstream.calls).toHaveLength(3);
    const first = upstream.calls[0].body;
    expect(first.stream).toBe(true);
    expect(first.tools.map((t: any) => t.function.name).sort()).toEqual(["list_files", "lookup_problem", "read_file", "search_log"]);
    expect(JSON.stringify(first.messages)).toContain("Engine findings");
    expect(upstream.calls[0].headers.get("authorization")).toBe("Bearer key-1");
    const [searchOutput] = toolMessages(upstream.calls[1].body);
    expect(searchOutput).toContain("latest.log:4: [12:00:03] [Server thread/ERROR]: Could not load 'plugins/FancyShop-2.1.jar'");
    const readOutput = toolMessages(upstream.calls[2].body)[1];
    expect(readOutput).toContain("5| org.bukkit.plugin.UnknownDependencyException");
  });
});
