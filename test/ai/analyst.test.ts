/**
 * The AI service on its own against the scripted upstream, for behaviour that needs its own
 * configuration: key failover, the stall and duration limits, no tools, no cache.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { aiLog, answering, answerOf, startAnalyst, statusTypes, type AnalystRig } from "./harness.ts";
import { requestOf } from "../../src/ai/types.ts";
import { analyseLog } from "../../src/analysis/index.ts";
import { ApiError } from "../../src/errors.ts";
import { anthropic, openai, type Script } from "./scripted-upstream.ts";

const rigs: AnalystRig[] = [];
afterEach(() => {
  for (const rig of rigs.splice(0)) rig.stop();
});
const analyst = (script: Script, env: Record<string, string> = {}, protocol: "openai" | "anthropic" = "openai") => {
  const rig = startAnalyst(script, env, protocol);
  rigs.push(rig);
  return rig;
};
const bearer = (headers: Headers) => headers.get("authorization")?.replace("Bearer ", "");

describe("upstream errors and key failover", () => {
  test("429 on the first key and 500 on the second fail over to the third, which then stays preferred", async () => {
    const rig = analyst(
      (call) => {
        const key = bearer(call.headers);
        if (key === "k1") return { status: 429 };
        if (key === "k2") return { status: 500 };
        return { frames: openai.answer(["Answered with k3."]) };
      },
      { AI_API_KEYS: "k1, k2 ,k3" },
    );
    const events = await rig.analyse();
    expect(answerOf(events)).toBe("Answered with k3.");
    expect(events.at(-1)?.kind).toBe("done");
    expect(rig.upstream.calls.map((c) => bearer(c.headers))).toEqual(["k1", "k2", "k3"]);

    // The next analysis starts with the key that worked.
    expect((await rig.analyse()).at(-1)?.kind).toBe("done");
    expect(rig.upstream.calls.map((c) => bearer(c.headers))).toEqual(["k1", "k2", "k3", "k3"]);
  });

  test("401 is a failover status too, and the refused key is logged by position, never by value", async () => {
    const rig = analyst((call) => (bearer(call.headers) === "revoked" ? { status: 401 } : { frames: openai.answer(["ok"]) }), {
      AI_API_KEYS: "revoked,good",
    });
    expect((await rig.analyse()).at(-1)?.kind).toBe("done");
    expect(rig.upstream.calls.map((c) => bearer(c.headers))).toEqual(["revoked", "good"]);
    expect(rig.logged).toEqual([
      {
        level: "warn",
        message: "AI provider refused a request",
        fields: { provider: "openai", model: "scripted-model", status: 401, key: "1 of 2" },
      },
    ]);
    expect(JSON.stringify(rig.logged)).not.toContain("revoked");
  });

  test("Anthropic keys fail over on the x-api-key header", async () => {
    const rig = analyst(
      (call) => (call.headers.get("x-api-key") === "revoked" ? { status: 401 } : { frames: anthropic.answer(["ok"]) }),
      { AI_API_KEYS: "revoked,sk-ant-2" },
      "anthropic",
    );
    expect((await rig.analyse()).at(-1)?.kind).toBe("done");
    expect(rig.upstream.calls.map((c) => c.headers.get("x-api-key"))).toEqual(["revoked", "sk-ant-2"]);
  });

  test("when every key fails the analysis ends with an ai_unavailable error after it began", async () => {
    const rig = analyst(() => ({ status: 500 }), { AI_API_KEYS: "k1,k2" });
    const events = await rig.analyse();
    expect(statusTypes(events)).toEqual(["started"]);
    expect(events.at(-1)).toEqual({ kind: "error", data: { error: "The model provider failed (HTTP 500).", code: "ai_unavailable" } });
    expect(rig.upstream.calls).toHaveLength(2);
    expect(rig.logged.at(-1)).toMatchObject({ message: "AI analysis failed", fields: { code: "ai_unavailable", reason: "The model provider failed (HTTP 500)." } });
  });

  test("a model that ends without any answer text ends the analysis with an error", async () => {
    const rig = analyst(() => ({ frames: openai.answer([]) }));
    const events = await rig.analyse();
    expect(events.at(-1)).toEqual({ kind: "error", data: { error: "The model finished without writing an answer.", code: "ai_unavailable" } });
  });
});

describe("time limits", () => {
  test("an upstream that stops sending ends with an ai_timeout error and is hung up on", async () => {
    const rig = analyst(() => ({ frames: [openai.start(), openai.text("Partial ")], stall: true }), { AI_STALL_TIMEOUT_MS: "300" });
    const events = await rig.analyse();
    expect(answerOf(events)).toBe("Partial ");
    expect(events.at(-1)).toEqual({ kind: "error", data: { error: "The model sent nothing for 300 ms", code: "ai_timeout" } });
    await rig.upstream.calls[0].aborted;
    expect(rig.upstream.calls[0].wasAborted).toBe(true);
  });

  test("an analysis that runs past AI_MAX_DURATION_MS ends with ai_timeout even while the upstream is alive", async () => {
    const rig = analyst(() => ({ frames: [openai.start(), openai.text("Slow ")], stall: true }), {
      AI_STALL_TIMEOUT_MS: "60000",
      AI_MAX_DURATION_MS: "200",
    });
    const events = await rig.analyse();
    expect(events.at(-1)).toMatchObject({ kind: "error", data: { code: "ai_timeout" } });
    await rig.upstream.calls[0].aborted;
  });
});

describe("configuration", () => {
  test("AI_MAX_ROUNDS=0 offers no tools at all", async () => {
    const rig = analyst(() => ({ frames: openai.answer(["From the findings alone."]) }), { AI_MAX_ROUNDS: "0" });
    const events = await rig.analyse();
    expect(answerOf(events)).toBe("From the findings alone.");
    expect(rig.upstream.calls[0].body.tools).toBeUndefined();
    expect(statusTypes(events)).toEqual(["started", "thinking"]);
  });

  test("AI_CACHE_TTL_SECONDS=0 turns the answer cache off", async () => {
    const rig = analyst(() => ({ frames: openai.answer(["again"]) }), { AI_CACHE_TTL_SECONDS: "0" });
    const log = aiLog();
    await rig.analyse({ log });
    const second = await rig.analyse({ log });
    expect(second.at(-1)).toMatchObject({ kind: "done", data: { cached: false } });
    expect(rig.upstream.calls).toHaveLength(2);
  });
});

describe("a stored log's findings", () => {
  test("turned away by the byte budget (server_busy), they are waited for, not worked out again by the run", async () => {
    const rig = analyst(answering("Read the findings."));
    const log = aiLog();
    const stored = { ...analyseLog(log.files[0].content), title: "The stored findings, marked 7d1" };
    let asked = 0;
    const request = {
      ...requestOf(log),
      readInsights: async () => {
        asked++;
        if (asked === 1) throw new ApiError("server_busy", "Too many large stored logs are being decoded at once.", { "retry-after": "0.05" });
        return stored;
      },
    };
    const events = await rig.analyse({ request });
    expect(events.at(-1)).toMatchObject({ kind: "done" });
    expect(asked).toBe(2);
    // The model was briefed with the findings that were waited for.
    expect(JSON.stringify(rig.upstream.calls[0].body)).toContain("The stored findings, marked 7d1");
  });

  test("while the budget stays spent, the run waits a tenth of AI_MAX_DURATION_MS, then goes on without them", async () => {
    const rig = analyst(answering("Read the log myself."), { AI_MAX_DURATION_MS: "2000" });
    let asked = 0;
    const request = {
      ...requestOf(aiLog()),
      readInsights: async () => {
        asked++;
        throw new ApiError("server_busy", "busy", { "retry-after": "0.05" });
      },
    };
    const started = performance.now();
    const events = await rig.analyse({ request });
    expect(events.at(-1)).toMatchObject({ kind: "done" });
    expect(asked).toBeGreaterThan(1);
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
    // Briefed as a log the engine could not read, not with findings worked out on the run's thread.
    expect(JSON.stringify(rig.upstream.calls[0].body)).toContain("Unknown log");
  });
});

