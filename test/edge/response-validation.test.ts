/**
 * An answer of ours that fails its own response schema is a server bug: it must be a logged
 * 500, not a 400 `invalid_body` that tells the client its request was wrong.
 */
import { expect, test } from "bun:test";
import { Elysia, t } from "elysia";
import { errorHandler } from "../../src/edge/errors.ts";

test("a response that fails its schema is a 500 internal_error, and it is logged", async () => {
  const logged: unknown[] = [];
  const app = new Elysia()
    .use(errorHandler({ allowedMethods: () => undefined, logError: (error) => logged.push(error) }))
    .get("/broken", () => ({ count: "not a number" }) as unknown as { count: number }, { response: { 200: t.Object({ count: t.Number() }) } })
    .post("/strict", ({ body }) => body, { body: t.Object({ name: t.String() }) });
  const broken = await app.handle(new Request("http://localhost/broken"));
  expect(broken.status).toBe(500);
  expect(await broken.json()).toMatchObject({ success: false, code: "internal_error" });
  expect(logged.length).toBe(1);
  // a request that fails its schema stays the client's 400
  const strict = await app.handle(new Request("http://localhost/strict", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }));
  expect(strict.status).toBe(400);
  expect(await strict.json()).toMatchObject({ code: "invalid_body" });
});
