/**
 * Configuration: defaults, validation with messages that name the variable, and a start-up that
 * refuses a bad environment with a clear message instead of a stack trace.
 */
import { describe, expect, test } from "bun:test";
import { ConfigError, loadConfig } from "../src/config.ts";

describe("loadConfig", () => {
  test("defaults need no environment at all", () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.PUBLIC_URL).toBe("http://localhost:8080");
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.MAX_LENGTH).toBe(10 * 1024 * 1024);
    expect(config.MAX_LINES).toBe(25_000);
    expect(config.ID_LENGTH).toBe(8);
    expect(config.STORAGE_TIME_S).toBe(90 * 24 * 3600);
  });

  test("values are read and a trailing slash of PUBLIC_URL is dropped", () => {
    const config = loadConfig({ PORT: "9000", PUBLIC_URL: "https://logs.example.com/", MAX_LINES: "100", DATABASE_URL: "postgres://u@h/db" });
    expect(config.PORT).toBe(9000);
    expect(config.PUBLIC_URL).toBe("https://logs.example.com");
    expect(config.MAX_LINES).toBe(100);
    expect(config.DATABASE_URL).toBe("postgres://u@h/db");
  });

  const invalid: [Record<string, string>, string][] = [
    [{ PORT: "eighty" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ MAX_LINES: "0" }, "MAX_LINES"],
    [{ MAX_LENGTH: "1.5" }, "MAX_LENGTH"],
    [{ ID_LENGTH: "3" }, "ID_LENGTH"],
    [{ PUBLIC_URL: "not a url" }, "PUBLIC_URL"],
    [{ PUBLIC_URL: "ftp://x" }, "PUBLIC_URL"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ MAX_LENGTH: "1048576", MAX_DECODED_BYTES: "2048" }, "MAX_DECODED_BYTES"],
  ];
  for (const [env, variable] of invalid) {
    test(`${JSON.stringify(env)} is refused naming ${variable}`, () => {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      try {
        loadConfig(env);
      } catch (error) {
        expect((error as ConfigError).message).toContain(variable);
      }
    });
  }

  test("every bad variable is reported at once", () => {
    try {
      loadConfig({ PORT: "x", MAX_LINES: "y" });
      throw new Error("expected a ConfigError");
    } catch (error) {
      expect((error as ConfigError).problems).toHaveLength(2);
    }
  });
});

test("the service refuses to start on a bad environment, with a clear message and exit code 78", async () => {
  const child = Bun.spawn(["bun", "run", "src/index.ts"], {
    cwd: `${import.meta.dir}/..`,
    env: { ...process.env, PORT: "not-a-port", DATABASE_URL: "", TEST_DATABASE_URL: "" },
    stdout: "pipe",
    stderr: "pipe",
  });
  const exitCode = await child.exited;
  const stderr = await new Response(child.stderr).text();
  expect(exitCode).toBe(78);
  expect(stderr).toContain("Invalid configuration");
  expect(stderr).toContain("PORT must be a whole number");
  expect(stderr).not.toContain("    at ");
}, 30_000);

describe("operator settings", () => {
  test("every bad variable, AI included, is reported in one run", async () => {
    const { loadSettings } = await import("../src/config.ts");
    try {
      loadSettings({ PORT: "x", AI_PROVIDER: "openai", AI_MAX_ROUNDS: "many", AI_TEMPERATURE: "hot", IMPRINT_URL: "nope" });
      throw new Error("expected a ConfigError");
    } catch (error) {
      const problems = (error as ConfigError).problems;
      expect(problems.some((p) => p.startsWith("PORT"))).toBe(true);
      expect(problems.some((p) => p.startsWith("IMPRINT_URL"))).toBe(true);
      expect(problems.some((p) => p.startsWith("AI_MODEL is required"))).toBe(true);
      expect(problems.some((p) => p.startsWith("AI_MAX_ROUNDS"))).toBe(true);
      expect(problems.some((p) => p.startsWith("AI_TEMPERATURE"))).toBe(true);
    }
  });

  test("no message prints a secret: database passwords, tokens, keys", async () => {
    const { loadSettings } = await import("../src/config.ts");
    const secrets = ["hunter2-db-password", "short-admin", "panel-secret-key-0123", "sk-ai-secret-value", "metrics-secret-value"];
    try {
      loadSettings({
        DATABASE_URL: "mysql://app:hunter2-db-password@db/logs",
        ADMIN_TOKEN: "short-admin",
        API_KEYS: "panel:panel-secret-key-0123:many",
        AI_PROVIDER: "openai",
        AI_MODEL: "x",
        AI_BASE_URL: "ftp://user:sk-ai-secret-value@example.com",
        METRICS_TOKEN: "metrics-secret-value",
        PORT: "x",
      });
      throw new Error("expected a ConfigError");
    } catch (error) {
      const message = (error as ConfigError).message;
      expect(message).toContain("DATABASE_URL");
      expect(message).toContain("ADMIN_TOKEN");
      expect(message).toContain("API_KEYS");
      expect(message).toContain("AI_BASE_URL");
      for (const secret of secrets) expect(message).not.toContain(secret);
    }
  });

  test("legal and branding settings are read; the contact is an e-mail address or a URL", () => {
    const config = loadConfig({ SITE_NAME: "Example logs", IMPRINT_URL: "https://example.com/imprint", PRIVACY_URL: "https://example.com/privacy", ABUSE_CONTACT: "abuse@example.com" });
    expect(config.SITE_NAME).toBe("Example logs");
    expect(config.ABUSE_CONTACT).toBe("abuse@example.com");
    expect(loadConfig({ ABUSE_CONTACT: "https://example.com/report" }).ABUSE_CONTACT).toBe("https://example.com/report");
    expect(() => loadConfig({ ABUSE_CONTACT: "call us" })).toThrow("ABUSE_CONTACT");
  });

  test("variables that look like ours but are not get a warning; the usual environment does not", async () => {
    const { unknownVariableWarnings } = await import("../src/config.ts");
    const warnings = unknownVariableWarnings({ RATELIMIT_MAX: "5", MAX_LINE: "10", AI_MODELS: "x", ADMINTOKEN: "x", PATH: "/bin", HOME: "/root", HOSTNAME: "box", HTTP_PROXY: "", HTTPS_PROXY: "", NODE_ENV: "production", RATE_LIMIT_MAX: "5" });
    expect(warnings).toEqual([
      "ADMINTOKEN is not a logpaste setting and is ignored; did you mean ADMIN_TOKEN?",
      "AI_MODELS is not a logpaste setting and is ignored; did you mean AI_MODEL?",
      "MAX_LINE is not a logpaste setting and is ignored; did you mean MAX_LINES?",
      "RATELIMIT_MAX is not a logpaste setting and is ignored; did you mean RATE_LIMIT_MAX?",
    ]);
    expect(unknownVariableWarnings(process.env)).toEqual([]);
  });
});

test("start-up reports core and AI errors together and hides secrets", async () => {
  const child = Bun.spawn(["bun", "run", "src/index.ts"], {
    cwd: `${import.meta.dir}/..`,
    env: { ...process.env, PORT: "not-a-port", DATABASE_URL: "postgres://app:pw-1234-secret@db/x", ADMIN_TOKEN: "tiny-secret", AI_PROVIDER: "openai", TEST_DATABASE_URL: "" },
    stdout: "pipe",
    stderr: "pipe",
  });
  const exitCode = await child.exited;
  const stderr = await new Response(child.stderr).text();
  expect(exitCode).toBe(78);
  expect(stderr).toContain("PORT must be a whole number");
  expect(stderr).toContain("ADMIN_TOKEN must be at least 16 characters");
  expect(stderr).toContain("AI_MODEL is required");
  expect(stderr).not.toContain("tiny-secret");
  expect(stderr).not.toContain("pw-1234-secret");
}, 30_000);

test("a started service warns about a look-alike variable and still serves", async () => {
  const { startServiceProcess } = await import("./support/service-process.ts");
  const service = await startServiceProcess({ RATELIMIT_MAX: "5" });
  try {
    expect(service.output()).toContain("RATELIMIT_MAX is not a logpaste setting and is ignored; did you mean RATE_LIMIT_MAX?");
    expect((await fetch(`${service.url}/healthz`)).status).toBe(200);
  } finally {
    await service.cleanup();
  }
}, 90_000);
