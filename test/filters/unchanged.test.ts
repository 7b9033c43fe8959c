import { expect, test } from "bun:test";
import { filterLog } from "../../src/filters/index.ts";
import { untouched } from "./samples.ts";

const roomy = { maxBytes: 1 << 20, maxLines: 10_000 };

test.each(untouched)("leaves alone: %s", (line) => {
  expect(filterLog(line, roomy).content).toBe(line);
});
