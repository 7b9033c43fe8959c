/**
 * Panel keys (API_KEYS): a hosting panel that uploads for thousands of servers from one address
 * sends `X-API-Key: <key>` and is counted per key, at its key's rate, instead of per address.
 *
 * Two guards on either side of the rate limiter (edge/index.ts), which run in that order:
 *   apiKeyIdentity   before it: a known key becomes the client the limiter counts ("key:<name>")
 *                    and brings its rule; the request's address is kept for everything else
 *   unknownApiKey    after it: an unknown key is refused with 401 once it was counted against
 *                    its address, so guessing keys spends the guesser's own budget
 * Keys are looked up by their SHA-256, so the lookup's timing says nothing about a key's bytes,
 * and no key is ever logged, labelled or echoed: only its name.
 */
import { ApiError, errorResponse } from "../errors.ts";
import type { EdgeContext, EdgeGuard } from "./pipeline.ts";
import type { LimitRule } from "./sliding-window.ts";

export interface ApiKey {
  /** What metrics and access lines show. */
  name: string;
  key: string;
  rule: LimitRule;
}

const NAME = /^[A-Za-z0-9._-]{1,64}$/;
export const MIN_KEY_LENGTH = 16;

/**
 * Parses API_KEYS: entries `<name>:<key>:<max>/<window seconds>` separated by commas. Errors name
 * the entry by position and name, never by its key.
 */
export function parseApiKeys(text: string): ApiKey[] {
  const entries = text.split(",").map((entry) => entry.trim()).filter((entry) => entry !== "");
  const keys = entries.map((entry, index) => {
    const parts = entry.split(":");
    const name = parts[0] ?? "";
    const where = NAME.test(name) ? `entry ${index + 1} ('${name}')` : `entry ${index + 1}`;
    if (parts.length !== 3) throw new Error(`${where} is not "<name>:<key>:<max>/<window seconds>"`);
    const [, key, rate] = parts;
    if (!NAME.test(name)) throw new Error(`${where}: the name must be 1 to 64 letters, digits, '.', '_' or '-'`);
    if (key.length < MIN_KEY_LENGTH || /[\s,]/.test(key)) throw new Error(`${where}: the key must be at least ${MIN_KEY_LENGTH} characters, without spaces`);
    const match = /^(\d+)\/(\d+)$/.exec(rate);
    const max = Number(match?.[1]);
    const windowS = Number(match?.[2]);
    if (!match || !(max >= 1) || max > 100_000_000 || !(windowS >= 1) || windowS > 86_400) {
      throw new Error(`${where}: the rate must be "<max>/<window seconds>" (max at least 1, window 1 to 86400)`);
    }
    return { name, key, rule: { max, windowMs: windowS * 1000 } };
  });
  const names = new Set<string>();
  const secrets = new Set<string>();
  for (const { name, key } of keys) {
    if (names.has(name)) throw new Error(`the name '${name}' is used twice`);
    if (secrets.has(key)) throw new Error(`the key of '${name}' is also another entry's key`);
    names.add(name);
    secrets.add(key);
  }
  return keys;
}

/** What apiKeyIdentity found, for the layers inside it. */
const unknownKeys = new WeakSet<EdgeContext>();

export interface ApiKeyOptions {
  keys: readonly ApiKey[];
  /** Called for every request with a known key (metrics, by name). */
  onKeyedRequest?(name: string): void;
  /** Called for every request with an unknown key. */
  onUnknownKey?(): void;
}

export function apiKeyIdentity(options: ApiKeyOptions) {
  const byHash = new Map(options.keys.map((apiKey) => [sha256(apiKey.key), apiKey]));
  return function apiKeyIdentity(request, context): Response | null {
    const presented = request.headers.get("x-api-key");
    if (presented === null) return null;
    const apiKey = byHash.get(sha256(presented.trim()));
    if (!apiKey) {
      options.onUnknownKey?.();
      unknownKeys.add(context);
      return null;
    }
    options.onKeyedRequest?.(apiKey.name);
    context.chosenLimit = { identity: `key:${apiKey.name}`, rule: apiKey.rule, name: `"key:${apiKey.name}"` };
    return null;
  } satisfies EdgeGuard;
}

export function unknownApiKey() {
  return function unknownApiKey(_request, context): Response | null {
    if (!unknownKeys.has(context)) return null;
    return errorResponse(new ApiError("invalid_api_key", "The X-API-Key is not a key of this server. Leave the header out to be counted by address."));
  } satisfies EdgeGuard;
}

function sha256(text: string): string {
  return new Bun.CryptoHasher("sha256").update(text).digest("hex");
}
