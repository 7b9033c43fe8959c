/**
 * The language model behind the AI routes, built from config with the ai SDK's providers:
 * any OpenAI-compatible chat-completions server (OpenAI, OpenRouter, DeepSeek, Ollama, vLLM,
 * llama.cpp, LM Studio) or Anthropic's Messages API. Keys rotate through keyFailoverFetch.
 * `onRequest` is told of every HTTP request sent to the provider (each key tried counts), for the metrics.
 */
import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModel } from "ai";
import type { AiConfig } from "./config.ts";
import { anthropicKey, bearerKey, keyFailoverFetch, type FailoverListener } from "./key-failover.ts";
import type { AiLogger } from "./types.ts";

export function createLanguageModel(config: AiConfig, log: AiLogger, onRequest: () => void = () => {}): LanguageModel {
  // A revoked or exhausted key keeps working around itself; the log is how an operator notices.
  const onFailover: FailoverListener = (status, keyNumber, keyCount) =>
    log("warn", "AI provider refused a request", { provider: config.provider, model: config.model, status, key: `${keyNumber} of ${keyCount}` });
  const countedFetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    onRequest();
    return fetch(input, init);
  }) as typeof fetch;

  if (config.provider === "anthropic") {
    const provider = createAnthropic({
      baseURL: config.baseUrl,
      // The SDK insists on a key; the failover fetch replaces the header with the real one.
      apiKey: config.apiKeys[0] ?? "unused",
      fetch: keyFailoverFetch(config.apiKeys, anthropicKey, onFailover, countedFetch),
    });
    return provider(config.model);
  }

  const provider = createOpenAICompatible({
    name: "openai-compatible",
    baseURL: config.baseUrl,
    includeUsage: true,
    fetch: keyFailoverFetch(config.apiKeys, bearerKey, onFailover, countedFetch),
  });
  return provider.chatModel(config.model);
}
