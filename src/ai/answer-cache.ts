/**
 * Finished answers, kept for a while and replayed as a stream with `cached: true`, so a popular
 * shared log costs one model call. Keyed by what determines the answer: the log's content hash,
 * the provider and model, the answer language and the prompt version. Weighed in bytes.
 */
import { LRUCache } from "lru-cache";
import type { AiConfig } from "./config.ts";
import { status, type AiEvent } from "./events.ts";
import { promptVersion } from "./prompt.ts";

export interface CachedAnswer {
  text: string;
  /** The live run's done fields (rounds, model, usage...), replayed as they were. */
  done: Record<string, unknown>;
}

export interface AnswerCache {
  get(key: string): CachedAnswer | undefined;
  set(key: string, answer: CachedAnswer): void;
}

export function answerCacheKey(config: AiConfig, contentHash: string, language: string): string {
  return [contentHash, config.provider, config.baseUrl, config.model, language, promptVersion].join("\n");
}

export function createAnswerCache(config: AiConfig): AnswerCache {
  if (config.cacheTtlMs === 0) return { get: () => undefined, set: () => {} };
  const cache = new LRUCache<string, CachedAnswer>({
    maxSize: config.cacheMaxBytes,
    sizeCalculation: (answer, key) => answer.text.length * 2 + key.length * 2 + 256,
    ttl: config.cacheTtlMs,
  });
  return {
    get: (key) => cache.get(key),
    set: (key, answer) => {
      cache.set(key, answer);
    },
  };
}

/** Replay chunk size: small enough that clients render progressively, large enough to be cheap. */
const replayChunkChars = 256;

export function* replayAnswer(answer: CachedAnswer): Generator<AiEvent> {
  yield status("started", { cached: true });
  for (let at = 0; at < answer.text.length; at += replayChunkChars) {
    yield { kind: "delta", text: answer.text.slice(at, at + replayChunkChars) };
  }
  yield { kind: "done", data: { ...answer.done, status: "completed", cached: true } };
}
