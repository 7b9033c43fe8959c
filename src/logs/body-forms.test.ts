import { describe, expect, test } from "bun:test";
import { decodeText, parseBodyForm } from "./body-forms.ts";

const standard = new TextDecoder("utf-8", { fatal: false, ignoreBOM: true });

/** Bytes weighted towards the ones that make invalid or truncated UTF-8 sequences. */
function randomBytes(length: number, random: () => number): Uint8Array {
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i++) bytes[i] = random() < 0.5 ? 0x80 + Math.floor(random() * 128) : Math.floor(random() * 256);
  return bytes;
}

/** A small deterministic generator (mulberry32), so a failure can be run again. */
function seeded(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

test("decodeText reads any bytes as the standard lenient UTF-8 decoder does", () => {
  const random = seeded(19);
  for (let i = 0; i < 50_000; i++) {
    const bytes = randomBytes(1 + Math.floor(random() * 12), random);
    expect(decodeText(bytes)).toBe(standard.decode(bytes));
  }
});

test("decodeText keeps a byte order mark, replaces invalid bytes and reads a view's own bytes only", () => {
  expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, 0x41]))).toBe("\uFEFFA");
  expect(decodeText(new Uint8Array([0x41, 0xff, 0xc3]))).toBe("A\uFFFD\uFFFD");
  const whole = new TextEncoder().encode("[x] before|inside|after");
  expect(decodeText(whole.subarray(11, 17))).toBe("inside");
});

describe("a multipart body's boundary", () => {
  const parts = (boundary: string, count: number) =>
    new TextEncoder().encode(`${`--${boundary}\r\nContent-Disposition: form-data; name="a"\r\n\r\nx\r\n`.repeat(count)}--${boundary}--\r\n`);
  const parse = (contentType: string, bytes: Uint8Array, maxFields = 10) => parseBodyForm(bytes, contentType, ["form"], "form", maxFields);

  test("is the `boundary` parameter itself, whatever other parameters hold", async () => {
    for (const contentType of [
      "multipart/form-data; xboundary=ZZ; boundary=BBB",
      'multipart/form-data; charset="boundary=ZZ"; boundary=BBB',
      'multipart/form-data; boundary="BBB"',
      "multipart/form-data ; BOUNDARY = BBB",
    ]) {
      // Counted by the real boundary: 20 parts are over the limit of 10 whichever decoy comes first.
      await expect(parse(contentType, parts("BBB", 20))).rejects.toMatchObject({ code: "payload_too_large" });
      const form = await parse(contentType, parts("BBB", 3));
      expect(form.type === "form" && form.entries.length).toBe(3);
    }
  });

  test("a boundary outside RFC 2046's characters, or none, is a 400", async () => {
    for (const contentType of ["multipart/form-data", 'multipart/form-data; boundary="a\\"b"', "multipart/form-data; boundary=", `multipart/form-data; boundary=${"a".repeat(71)}`]) {
      await expect(parse(contentType, parts("a", 1))).rejects.toMatchObject({ code: "invalid_body" });
    }
  });
});
