/**
 * Server-sent events on the wire: the frame encoder and the streaming Response.
 * A plain ReadableStream Response (Elysia 1.4 passes it through untouched), with `: ping`
 * comments on a timer so proxies keep an idle connection open while the model thinks.
 */
import type { AiEvent } from "./events.ts";

const encoder = new TextEncoder();

/** One event as SSE text. Answer text goes in unnamed frames in the OpenAI delta shape. */
export function encodeEvent(event: AiEvent): string {
  switch (event.kind) {
    case "status":
      return `event: status\ndata: ${JSON.stringify(event.data)}\n\n`;
    case "delta":
      return `data: ${JSON.stringify({ choices: [{ delta: { content: event.text } }] })}\n\n`;
    case "done":
      return `event: done\ndata: ${JSON.stringify(event.data)}\n\n`;
    case "error":
      return `event: error\ndata: ${JSON.stringify(event.data)}\n\n`;
  }
}

export const pingFrame = ": ping\n\n";

export const eventStreamHeaders = {
  "content-type": "text/event-stream; charset=utf-8",
  // no-transform: compressing proxies (and our own compression) must not buffer the stream.
  "cache-control": "no-cache, no-transform",
  // nginx buffers proxied responses unless told otherwise.
  "x-accel-buffering": "no",
} as const;

export interface EventStreamOptions {
  pingIntervalMs: number;
  /** Called once when the stream ends for any reason: finished, failed or client gone. */
  onClose(): void;
  /** Called when the client goes away, so the producer can abort its upstream work at once. */
  onCancel(): void;
  /**
   * Lets the owner end the stream from outside (server shutdown): it hands over a function that
   * writes a last event, stops the producer and closes the stream. Returns the unregistration.
   */
  registerInterrupt?(interrupt: (last: AiEvent) => void): () => void;
}

/** Streams events as SSE. The producer is pulled as fast as it yields; pings fill the silences. */
export function eventStreamResponse(events: AsyncIterator<AiEvent>, options: EventStreamOptions): Response {
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  let cancelled = false;
  let ended = false;
  // Runs before the final event is written, so whoever reads `done` can rely on the slot being free.
  let unregisterInterrupt: (() => void) | undefined;
  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(pingTimer);
    unregisterInterrupt?.();
    options.onClose();
  };

  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      pingTimer = setInterval(() => {
        try {
          controller.enqueue(encoder.encode(pingFrame));
        } catch {
          end();
        }
      }, options.pingIntervalMs);

      unregisterInterrupt = options.registerInterrupt?.((last) => {
        if (ended || cancelled) return;
        cancelled = true; // the pump below stops at its next event
        end();
        options.onCancel();
        try {
          controller.enqueue(encoder.encode(encodeEvent(last)));
          controller.close();
        } catch {
          // the client is already gone
        }
        void events.return?.(undefined);
      });

      void (async () => {
        try {
          for (;;) {
            const next = await events.next();
            if (next.done || cancelled) break;
            const final = next.value.kind === "done" || next.value.kind === "error";
            if (final) end();
            controller.enqueue(encoder.encode(encodeEvent(next.value)));
            if (final) break;
          }
          end();
          // Let the producer run its cleanup (timers, upstream abort) even when we stopped at its last event.
          await events.return?.(undefined);
          if (!cancelled) controller.close();
        } catch (error) {
          // The producer turns failures into error events; an exception here means the client left.
          end();
          if (!cancelled) controller.error(error);
        }
      })();
    },
    cancel() {
      cancelled = true;
      options.onCancel();
      end();
      void events.return?.(undefined);
    },
  });

  return new Response(body, { status: 200, headers: eventStreamHeaders });
}
