import { describe, expect, test } from "bun:test";
import { MetricsRegistry } from "./metrics.ts";

describe("label values in the exposition format", () => {
  test("backslash, newline and double quote are escaped; other values are written as they are", () => {
    const registry = new MetricsRegistry();
    const requests = registry.counter("test_requests_total", "Requests.");
    requests.inc({ route: "/v1/raw/{id}", method: "GET" });
    // each alone, then together
    for (const route of ["a\\b", "a\nb", 'a"b', 'a\\b\n"c"']) requests.inc({ route });
    const lines = registry.render().split("\n");
    expect(lines).toContain('test_requests_total{method="GET",route="/v1/raw/{id}"} 1');
    expect(lines).toContain('test_requests_total{route="a\\\\b"} 1');
    expect(lines).toContain('test_requests_total{route="a\\nb"} 1');
    expect(lines).toContain('test_requests_total{route="a\\"b"} 1');
    expect(lines).toContain('test_requests_total{route="a\\\\b\\n\\"c\\""} 1');
  });

  test("the same labels in another order are the same series", () => {
    const registry = new MetricsRegistry();
    const latency = registry.histogram("test_seconds", "Latency.", [0.1]);
    latency.observe(0.05, { method: "GET", route: "/x" });
    latency.observe(0.5, { route: "/x", method: "GET" });
    expect(registry.render()).toContain('test_seconds_count{method="GET",route="/x"} 2');
  });

  test("label sets stay apart however their values read when joined", () => {
    const registry = new MetricsRegistry();
    const counter = registry.counter("test_total", "Test.");
    const sets: Record<string, string>[] = [{ a: "1", b: "2" }, { a: "1b2" }, { a: "1b=1:2" }, { a: "1", b: "2" }];
    for (const labels of sets) counter.inc(labels);
    const lines = registry.render().split("\n");
    expect(lines).toContain('test_total{a="1",b="2"} 2');
    expect(lines).toContain('test_total{a="1b2"} 1');
    expect(lines).toContain('test_total{a="1b=1:2"} 1');
  });
});
