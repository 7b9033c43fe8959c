import { describe, expect, test } from "bun:test";
import { checkJsonShape, MAX_JSON_DEPTH } from "./json-shape.ts";

const code = (text: string, maxValues = 100): string | null => {
  try {
    checkJsonShape(text, maxValues);
    return null;
  } catch (error) {
    return (error as { code: string }).code;
  }
};

describe("checkJsonShape", () => {
  test("counts containers and commas, not what strings hold", () => {
    expect(code(`{"content": "${"{[,],}".repeat(10_000)}", "a": [1, 2]}`, 4)).toBeNull();
    expect(code(`{"a": [1, 2, 3, 4, 5]}`, 4)).toBe("payload_too_large");
    expect(code(`[${"{},".repeat(1_000)}{}]`, 100)).toBe("payload_too_large");
  });

  test("an escaped quote does not end a string; an escaped backslash before a quote does", () => {
    expect(code(String.raw`{"a": "x\"[[[[,,,,,\\"}`, 2)).toBeNull();
    expect(code(String.raw`{"a": "x\\", "b": [1,2,3]}`, 2)).toBe("payload_too_large");
  });

  test(`nesting deeper than ${MAX_JSON_DEPTH} is a 400; as deep is fine`, () => {
    expect(code(`${"[".repeat(MAX_JSON_DEPTH)}${"]".repeat(MAX_JSON_DEPTH)}`)).toBeNull();
    expect(code(`${"[".repeat(MAX_JSON_DEPTH + 1)}${"]".repeat(MAX_JSON_DEPTH + 1)}`)).toBe("invalid_body");
    expect(code(`{"metadata": [{"key": "k", "value": ${"[".repeat(100_000)}${"]".repeat(100_000)}}]}`)).toBe("invalid_body");
  });

  test("malformed text is left to JSON.parse", () => {
    expect(code(`{"a": "never closed`)).toBeNull();
    expect(code("]]]]")).toBeNull();
  });
});
