import { describe, expect, test } from "bun:test";
import { loadAiConfig } from "../../src/config.ts";

describe("loadAiConfig", () => {
  test("no AI_PROVIDER (or none/off) disables AI", () => {
    expect(loadAiConfig({})).toBeNull();
    expect(loadAiConfig({ AI_PROVIDER: "" })).toBeNull();
    expect(loadAiConfig({ AI_PROVIDER: "off", AI_MODEL: "x" })).toBeNull();
  });

  test("defaults for an OpenAI-compatible provider", () => {
    expect(loadAiConfig({ AI_PROVIDER: "openai", AI_MODEL: "gpt-4o-mini", AI_API_KEYS: "a, b,,c " })).toEqual({
      provider: "openai",
      baseUrl: "https://api.openai.com/v1",
      model: "gpt-4o-mini",
      apiKeys: ["a", "b", "c"],
      maxRounds: 4,
      maxStreams: 64,
      maxStreamsPerClient: 8,
      runsPerClient: 10,
      runsWindowMs: 600_000,
      maxToolCallsPerStep: 8,
      maxToolCallsPerRun: 24,
      allowedOrigins: [],
      stallTimeoutMs: 60_000,
      maxDurationMs: 300_000,
      pingIntervalMs: 15_000,
      cacheTtlMs: 3_600_000,
      cacheMaxBytes: 16 * 1024 * 1024,
      maxOutputTokens: 2048,
      temperature: undefined,
    });
  });

  test("Anthropic defaults to its own endpoint; a keyless local server is fine", () => {
    expect(loadAiConfig({ AI_PROVIDER: "Anthropic", AI_MODEL: "claude-sonnet-4-5", AI_API_KEYS: "k" })).toMatchObject({
      provider: "anthropic",
      baseUrl: "https://api.anthropic.com/v1",
    });
    expect(loadAiConfig({ AI_PROVIDER: "openai", AI_MODEL: "llama3.1", AI_BASE_URL: "http://127.0.0.1:11434/v1/" })).toMatchObject({
      baseUrl: "http://127.0.0.1:11434/v1",
      apiKeys: [],
    });
  });

  test("invalid values are start-up errors that name the variable", () => {
    expect(() => loadAiConfig({ AI_PROVIDER: "gemini", AI_MODEL: "x" })).toThrow("AI_PROVIDER");
    expect(() => loadAiConfig({ AI_PROVIDER: "openai" })).toThrow("AI_MODEL is required");
    expect(() => loadAiConfig({ AI_PROVIDER: "openai", AI_MODEL: "x", AI_BASE_URL: "ftp://x" })).toThrow("AI_BASE_URL");
    expect(() => loadAiConfig({ AI_PROVIDER: "openai", AI_MODEL: "x", AI_MAX_ROUNDS: "many" })).toThrow("AI_MAX_ROUNDS must be a whole number");
    expect(() => loadAiConfig({ AI_PROVIDER: "openai", AI_MODEL: "x", AI_PING_INTERVAL_MS: "60000" })).toThrow("AI_PING_INTERVAL_MS");
    expect(() => loadAiConfig({ AI_PROVIDER: "openai", AI_MODEL: "x", AI_TEMPERATURE: "hot" })).toThrow("AI_TEMPERATURE");
    expect(() => loadAiConfig({ AI_PROVIDER: "openai", AI_MODEL: "x", AI_MAX_STREAMS: "500" })).toThrow("raise BUN_CONFIG_MAX_HTTP_REQUESTS");
    expect(loadAiConfig({ AI_PROVIDER: "openai", AI_MODEL: "x", AI_MAX_STREAMS: "500", BUN_CONFIG_MAX_HTTP_REQUESTS: "1024" })?.maxStreams).toBe(500);
    expect(() => loadAiConfig({ AI_PROVIDER: "openai", AI_MODEL: "x", AI_MAX_STREAMS: "4", AI_MAX_STREAMS_PER_CLIENT: "5" })).toThrow("AI_MAX_STREAMS_PER_CLIENT must be a whole number from 1 to 4");
    expect(() => loadAiConfig({ AI_PROVIDER: "openai", AI_MODEL: "x", AI_ALLOWED_ORIGINS: "https://panel.example.com/path" })).toThrow("AI_ALLOWED_ORIGINS");
  });

  test("the per-client share defaults below a small global cap; allowed origins are normalised", () => {
    expect(loadAiConfig({ AI_PROVIDER: "openai", AI_MODEL: "x", AI_MAX_STREAMS: "2" })?.maxStreamsPerClient).toBe(2);
    expect(loadAiConfig({ AI_PROVIDER: "openai", AI_MODEL: "x", AI_ALLOWED_ORIGINS: "https://Panel.Example.com/, http://127.0.0.1:8080, *" })?.allowedOrigins).toEqual([
      "https://panel.example.com",
      "http://127.0.0.1:8080",
      "*",
    ]);
  });

  test("with AI off, nothing else of it is read: a bad AI value is no error then", () => {
    expect(loadAiConfig({ AI_MAX_ROUNDS: "many", AI_BASE_URL: "ftp://x" })).toBeNull();
    expect(loadAiConfig({ AI_PROVIDER: "off", AI_TEMPERATURE: "hot" })).toBeNull();
  });

  test("AI_API_KEY is read when AI_API_KEYS is unset", () => {
    expect(loadAiConfig({ AI_PROVIDER: "openai", AI_MODEL: "x", AI_API_KEY: " only " })?.apiKeys).toEqual(["only"]);
    expect(loadAiConfig({ AI_PROVIDER: "openai", AI_MODEL: "x", AI_API_KEY: "old", AI_API_KEYS: "new" })?.apiKeys).toEqual(["new"]);
  });
});
