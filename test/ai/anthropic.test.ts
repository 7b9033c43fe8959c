/** The Anthropic Messages API provider over the real app. */
import { describe, expect, test } from "bun:test";
import { startAiApp } from "./harness.ts";
import { anthropic } from "./scripted-upstream.ts";
import { answerText, readAllFrames, statuses } from "./sse-client.ts";

const app = startAiApp({ AI_API_KEYS: "sk-ant-1" }, "anthropic");

describe("Anthropic Messages API provider", () => {
  test("a two-round tool conversation streams end to end", async () => {
    const upstream = app.script((call) => {
      if (call.index === 0) return { frames: anthropic.toolCalls([{ id: "toolu_1", name: "search_log", args: { query: "UnknownDependencyException" } }]) };
      if (call.index === 1) return { frames: anthropic.toolCalls([{ id: "toolu_2", name: "read_file", args: { startLine: 4, endLine: 6 } }]) };
      return { frames: anthropic.answer(["FancyShop needs Vault ", "(line 5)."]) };
    });

    const frames = await readAllFrames(await app.fetch(`/v1/ai/${await app.uploadLog()}`));
    expect(statuses(frames).map((s) => s.type)).toEqual(["started", "thinking", "tool", "tool_result", "thinking", "tool", "tool_result", "thinking"]);
    expect(answerText(frames)).toBe("FancyShop needs Vault (line 5).");
    expect(frames.at(-1)).toMatchObject({ event: "done", data: { status: "completed", cached: false, rounds: 2 } });

    expect(upstream.calls).toHaveLength(3);
    const first = upstream.calls[0];
    expect(first.headers.get("x-api-key")).toBe("sk-ant-1");
    expect(first.body.stream).toBe(true);
    expect(first.body.system).toBeDefined();
    expect(first.body.tools.map((t: any) => t.name).sort()).toEqual(["list_files", "lookup_problem", "read_file", "search_log"]);

    // The tool outputs went back as tool_result blocks.
    const results = (body: any) =>
      body.messages.flatMap((m: any) => (Array.isArray(m.content) ? m.content : [])).filter((b: any) => b.type === "tool_result");
    expect(JSON.stringify(results(upstream.calls[1].body))).toContain("latest.log:5:");
    expect(JSON.stringify(results(upstream.calls[2].body))).toContain("5| org.bukkit.plugin.UnknownDependencyException");
  });
});
