/**
 * API-key failover as a fetch wrapper, so the ai SDK's providers keep doing the protocol work
 * and we only decide which key signs each request.
 *
 * A request goes out with the key currently preferred; on 401/403 (key revoked), 429 (key out of
 * quota) or 5xx it is sent again with the next key. The key that worked stays preferred, so a dead
 * key costs one extra round trip once, not on every request. When every key fails, the last
 * response goes back to the SDK, which reports it as the upstream error.
 */

export type KeyHeader = (key: string) => Record<string, string>;

export const bearerKey: KeyHeader = (key) => ({ authorization: `Bearer ${key}` });
export const anthropicKey: KeyHeader = (key) => ({ "x-api-key": key });

/** Statuses that say "this key (or this moment) is bad", not "this request is bad". */
export function isFailoverStatus(status: number): boolean {
  return status === 401 || status === 403 || status === 429 || status >= 500;
}

/** Told about every failed attempt: the status and the key's position in the list, never the key. */
export type FailoverListener = (status: number, keyNumber: number, keyCount: number) => void;

export function keyFailoverFetch(
  keys: readonly string[],
  keyHeader: KeyHeader,
  onFailover: FailoverListener = () => {},
  baseFetch: typeof fetch = fetch,
): typeof fetch {
  let preferred = 0;

  const failoverFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    if (keys.length === 0) return baseFetch(input, init);

    let response: Response | undefined;
    for (let attempt = 0; attempt < keys.length; attempt++) {
      const index = (preferred + attempt) % keys.length;
      const headers = new Headers(init?.headers);
      for (const [name, value] of Object.entries(keyHeader(keys[index]))) headers.set(name, value);

      // A network error or an abort is not the key's fault: it propagates at once.
      response = await baseFetch(input, { ...init, headers });
      if (!isFailoverStatus(response.status)) {
        preferred = index;
        return response;
      }
      onFailover(response.status, index + 1, keys.length);
      if (attempt < keys.length - 1) await response.body?.cancel();
    }
    preferred = (preferred + 1) % keys.length;
    return response!;
  };
  return failoverFetch as typeof fetch;
}
