#!/usr/bin/env bun
/**
 * A model provider that never finishes: the scripted OpenAI-compatible server from the AI tests,
 * answering every call with the first frame and then holding the connection open. Streams
 * through logpaste stay open and idle, which is what the idle-SSE memory scenario needs.
 */
import { openai, scriptedUpstream } from "../test/ai/scripted-upstream.ts";

const upstream = scriptedUpstream("openai", () => ({ frames: [openai.start()], stall: true }));
console.log(JSON.stringify({ level: "info", msg: "listening", url: upstream.url }));
process.on("SIGTERM", () => {
  upstream.stop();
  process.exit(0);
});
