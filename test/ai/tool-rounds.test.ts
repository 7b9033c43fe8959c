/** The agent's tool loop over the real app: rounds, tool errors and the round limit. */
import { describe, expect, test } from "bun:test";
import { startAiApp } from "./harness.ts";
import { openai } from "./scripted-upstream.ts";
import { answerText, readAllFrames, statuses } from "./sse-client.ts";

const app = startAiApp({ AI_MAX_ROUNDS: "3" });

const toolMessages = (body: any) => body.messages.filter((m: any) => m.role === "tool").map((m: any) => String(m.content));

describe("a two-round tool conversation (OpenAI-compatible)", () => {
  test("streams status, tool and answer events and ends with done", async () => {
    const upstream = app.script((call) => {
      if (call.index === 0) return { frames: openai.toolCalls([{ id: "call_1", name: "search_log", args: { query: "could not load", context: 1 } }]) };
      if (call.index === 1) return { frames: openai.toolCalls([{ id: "call_2", name: "read_file", args: { startLine: 4, endLine: 5 } }]) };
      return { frames: openai.answer(["FancyShop needs **Vault** ", "(line 5). Install Vault."]) };
    });
    const id = await app.uploadLog();

    const response = await app.fetch(`/v1/ai/${id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-cache, no-transform");
    expect(response.headers.get("x-accel-buffering")).toBe("no");
    expect(response.headers.get("content-encoding")).toBeNull();

    const frames = await readAllFrames(response);
    const types = statuses(frames).map((s) => s.type);
    expect(types).toEqual(["started", "thinking", "tool", "tool_result", "thinking", "tool", "tool_result", "thinking"]);
    const [, , search, searchResult, , read] = statuses(frames);
    expect(search).toMatchObject({ name: "search_log", input: { query: "could not load", context: 1 } });
    expect(searchResult).toMatchObject({ name: "search_log", ok: true });
    expect(read).toMatchObject({ name: "read_file", input: { startLine: 4, endLine: 5 } });

    expect(answerText(frames)).toBe("FancyShop needs **Vault** (line 5). Install Vault.");
    expect(frames.at(-1)).toMatchObject({ event: "done", data: { status: "completed", cached: false, rounds: 2 } });

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

describe("tool failures and the round limit", () => {
  test("a failing tool goes back to the model as its result and the stream carries on", async () => {
    const upstream = app.script((call) =>
      call.index === 0
        ? { frames: openai.toolCalls([{ id: "call_1", name: "read_file", args: { file: "missing.log" } }]) }
        : { frames: openai.answer(["Could not read that file, but the log shows FancyShop lacks Vault."]) },
    );
    const frames = await readAllFrames(await app.fetch(`/v1/ai/${await app.uploadLog()}`));
    const result = statuses(frames).find((s) => s.type === "tool_result");
    expect(result).toMatchObject({ name: "read_file", ok: false });
    expect(result.error).toContain('no file named "missing.log"');
    expect(toolMessages(upstream.calls[1].body).join()).toContain('no file named "missing.log"');
    expect(frames.at(-1)).toMatchObject({ event: "done", data: { status: "completed" } });
    expect(answerText(frames)).toContain("FancyShop lacks Vault");
  });

  test("an unknown tool and malformed arguments are tool errors too, not stream errors", async () => {
    app.script((call) =>
      call.index === 0
        ? {
            frames: openai.toolCalls([
              { id: "call_1", name: "delete_server", args: {} },
              { id: "call_2", name: "read_file", args: { startLine: "ten" } },
            ]),
          }
        : { frames: openai.answer(["Answer without tools."]) },
    );
    const frames = await readAllFrames(await app.fetch(`/v1/ai/${await app.uploadLog()}`));
    const results = statuses(frames).filter((s) => s.type === "tool_result");
    expect(results.map((r) => r.ok)).toEqual([false, false]);
    expect(frames.some((f) => f.event === "error")).toBe(false);
    expect(frames.at(-1)).toMatchObject({ event: "done", data: { status: "completed" } });
  });

  test("after the round limit the model gets a last call without tools and a limit status is sent", async () => {
    const upstream = app.script((call) =>
      call.index < 3
        ? { frames: openai.toolCalls([{ id: `call_${call.index}`, name: "list_files", args: {} }]) }
        : { frames: openai.answer(["Final answer from what was found."]) },
    );
    const frames = await readAllFrames(await app.fetch(`/v1/ai/${await app.uploadLog()}`));
    const round = ["thinking", "tool", "tool_result"];
    expect(statuses(frames).map((s) => s.type)).toEqual(["started", ...round, ...round, ...round, "limit", "thinking"]);
    expect(statuses(frames).find((s) => s.type === "limit")).toMatchObject({ rounds: 3 });
    expect(answerText(frames)).toBe("Final answer from what was found.");
    expect(frames.at(-1)).toMatchObject({ event: "done", data: { status: "completed", rounds: 3, limited: true } });

    expect(upstream.calls).toHaveLength(4);
    const last = upstream.calls[3].body;
    expect(last.tool_choice).toBe("none");
    expect(last.messages[0].content).toContain("used all your tool rounds");
    expect(upstream.calls[2].body.tool_choice).not.toBe("none");
  });
});
