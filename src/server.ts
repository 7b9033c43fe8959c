/**
 * startServer: the listeners. Plain HTTP on PORT; or, with TLS_CERT/TLS_KEY, https on PORT and a
 * plain listener on HTTP_PORT that answers everything with 308 to https. src/index.ts and the
 * test support both start the service through here, so the tests exercise the real start-up.
 *
 * The socket's peer address is handed to the edge out of band (rememberSocketAddress), never in
 * a header a client could forge.
 */
import { logLine } from "./ops/log-line.ts";
import type { Server } from "bun";
import type { Config } from "./config.ts";
import { rememberSocketAddress } from "./edge/client-ip.ts";
import { redirectListener } from "./edge/https.ts";
import { ApiError, errorResponse } from "./errors.ts";

export interface Servable {
  fetch(request: Request): Promise<Response>;
  /** Told the https port once it is bound (PORT=0 picks a free one). */
  setHttpsPort?(port: number): void;
}

export interface RunningServer {
  /** The main listener's address: https://host:port with TLS, else http://host:port. */
  url: string;
  /** The plain redirect listener's address, when TLS is on. */
  redirectUrl: string | null;
  server: Server<unknown>;
  redirectServer: Server<unknown> | null;
  /** Stops both listeners; `force` closes open connections too. */
  stop(force?: boolean): Promise<void>;
}

export function startServer(config: Config, service: Servable): RunningServer {
  const tls = config.TLS_CERT && config.TLS_KEY ? { cert: Bun.file(config.TLS_CERT), key: Bun.file(config.TLS_KEY) } : undefined;
  const server = Bun.serve({
    ...neverTheDevelopmentPage,
    port: config.PORT,
    hostname: config.HOST,
    tls,
    // Our own body reader enforces MAX_BODY_BYTES with a JSON 413; Bun's cap is only a backstop.
    maxRequestBodySize: config.MAX_BODY_BYTES * 2,
    // Slow or silent clients are cut off; AI streams send a ping every 15 s, well inside this.
    idleTimeout: config.IDLE_TIMEOUT_S,
    fetch(request, bun) {
      rememberSocketAddress(request, bun.requestIP(request)?.address);
      // Bun's idle timer keeps running while a body arrives (an upload at 10 KB/s was cut at
      // ~32 s with no answer). A request with a body gets the body deadline instead, plus a
      // margin, so our own reader answers a trickling body with a JSON 408 first.
      if (hasBody(request)) bun.timeout(request, Math.min(config.BODY_TIMEOUT_S + BODY_TIMEOUT_MARGIN_S, MAX_BUN_TIMEOUT_S));
      return service.fetch(request);
    },
  });
  const host = urlHost(server.hostname ?? config.HOST);
  const port = server.port ?? config.PORT;
  service.setHttpsPort?.(port);

  let redirectServer: Server<unknown> | null = null;
  if (tls) {
    const publicUrl = new URL(config.PUBLIC_URL);
    const target = { publicOrigin: publicUrl.protocol === "https:" ? publicUrl.origin : null, httpsPort: port };
    redirectServer = Bun.serve({
      ...neverTheDevelopmentPage,
      port: config.HTTP_PORT,
      hostname: config.HOST,
      idleTimeout: config.IDLE_TIMEOUT_S,
      // Nothing here reads a body; refuse big ones before they are buffered.
      maxRequestBodySize: 64 * 1024,
      fetch: redirectListener(() => target),
    });
  }

  return {
    url: `${tls ? "https" : "http"}://${host}:${port}`,
    redirectUrl: redirectServer ? `http://${host}:${redirectServer.port}` : null,
    server,
    redirectServer,
    async stop(force = false) {
      await Promise.all([server.stop(force), redirectServer?.stop(force)]);
    },
  };
}

/**
 * Without NODE_ENV=production Bun answers an error its handlers let through with its
 * development page: source paths, code lines, a stack. Neither listener ever does: development
 * mode is off whatever NODE_ENV says, and the last-resort answer is our JSON 500.
 */
const neverTheDevelopmentPage = {
  development: false,
  error(error: Error): Response {
    logLine("error", "listener error", { error: `${error.name}: ${error.message}` });
    return errorResponse(new ApiError("internal_error", "Something went wrong on our side; it has been logged."));
  },
} as const;

const BODY_TIMEOUT_MARGIN_S = 5;
/** Bun refuses longer idle timeouts. */
const MAX_BUN_TIMEOUT_S = 255;

function hasBody(request: Request): boolean {
  return request.headers.has("content-length") || request.headers.has("transfer-encoding");
}

function urlHost(hostname: string): string {
  return hostname.includes(":") ? `[${hostname}]` : hostname;
}
