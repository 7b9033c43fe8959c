/**
 * Every answer says how shared caches may keep it. Routes that know better set their own (raw
 * text: `public, no-cache` with its ETag; assets: immutable; metrics: no-store); everything
 * else gets `no-cache`: a cache may hold it but must ask again before each use, so a deleted
 * log's info, insights or page is never served from a proxy after the delete.
 */
import { withHeaders, type EdgeMiddleware } from "./pipeline.ts";

export function defaultCacheControl(value = "no-cache") {
  return async function defaultCacheControl(request, context, next): ReturnType<EdgeMiddleware> {
    const response = await next(request, context);
    return response.headers.has("cache-control") ? response : withHeaders(response, { "cache-control": value });
  } satisfies EdgeMiddleware;
}
