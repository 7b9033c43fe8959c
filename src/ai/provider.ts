/**
 * The language model behind the AI routes, built from config with the ai SDK's providers:
 * any OpenAI-compatible chat-completions server (OpenAI, OpenRouter, DeepSeek, Ollama, vLLM,
 * llama.cpp, LM Studio) or Anthropic's Messages API. Keys rotate through keyFailoverFetch.
 */
import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModel } from "ai";
import type { AiConfig } from "./config";
import { anthropicKey, bearerKey, keyFailoverFetch } from "./key-failover";

export function createLanguageModel(config: AiConfig): LanguageModel {
  if (config.provider === "anthropic") {
    const provider = createAnthropic({
      baseURL: config.baseUrl,
      // The SDK insists on a key; the failover fetch replaces the header with the real one.
      apiKey: config.apiKeys[0] ?? "unused",
      fetch: keyFailoverFetch(config.apiKeys, anthropicKey),
    });
    return provider(config.model);
  }

  const provider = createOpenAICompatible({
    name: "openai-compatible",
    baseURL: config.baseUrl,
    includeUsage: true,
    fetch: keyFailoverFetch(config.apiKeys, bearerKey),
  });
  return provider.chatModel(config.model);
}
