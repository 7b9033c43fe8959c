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
