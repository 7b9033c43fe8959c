/**
 * requestLimits: refuses requests whose URL or headers are larger than configured, with the
 * JSON error of docs/API.md, Errors (414, 431). Bun has its own cap on the request head (16 KiB
 * by default) and answers beyond it with a bare 431 before we see the request; our defaults sit
 * below it so that the usual oversize requests get the JSON answer. Body size is bounded in
 * body.ts, while reading.
 */
import { ApiError, errorResponse } from "../errors.ts";
import type { EdgeGuard } from "./pipeline.ts";
import { pathStartOf } from "./routable-url.ts";

export interface RequestLimitOptions {
  maxUrlBytes: number;
  /** Sum of header names and values. */
  maxHeaderBytes: number;
}

export function requestLimits(options: RequestLimitOptions) {
  return function requestLimits(request, context): Response | null {
    // The limit is on what the client sent (path and query), not on the scheme and host.
    const { url } = context;
    const target = url.length - pathStartOf(url);
    if (target > options.maxUrlBytes) {
      return errorResponse(new ApiError("uri_too_long", `The request URL is longer than ${options.maxUrlBytes} bytes.`));
    }
    let headerBytes = 0;
    request.headers.forEach((value, name) => {
      headerBytes += name.length + value.length + 4;
    });
    if (headerBytes > options.maxHeaderBytes) {
      return errorResponse(new ApiError("header_too_large", `The request headers are larger than ${options.maxHeaderBytes} bytes.`));
    }
    return null;
  } satisfies EdgeGuard;
}
