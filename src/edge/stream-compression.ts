/**
 * Compresses a response body that is made while it is sent (the page of a big log,
 * src/web/routes.ts). The edge's compression (compression.ts) reads a whole body first, which
 * would hold the first bytes back until the last one is made; here every piece the source gives
 * is compressed and flushed at once, so the client can show the start while the rest is made.
 * The source is read only as fast as the client reads: a reader that stalls holds one piece.
 */
import zlib from "node:zlib";
import type { ContentCoding } from "./accept-encoding.ts";
import { brotliTextOptions } from "../brotli.ts";
import { DYNAMIC_BROTLI_QUALITY, DYNAMIC_GZIP_LEVEL } from "./compression.ts";

export function compressedStream(coding: Exclude<ContentCoding, "identity">, source: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const compressor =
    coding === "br" ? zlib.createBrotliCompress(brotliTextOptions(DYNAMIC_BROTLI_QUALITY)) : zlib.createGzip({ level: DYNAMIC_GZIP_LEVEL });
  // A sync flush ends each piece on a byte boundary without forgetting the window, so the
  // pieces compress nearly as well as one body would.
  const flushKind = coding === "br" ? zlib.constants.BROTLI_OPERATION_FLUSH : zlib.constants.Z_SYNC_FLUSH;
  const reader = source.getReader();
  let output: Buffer[] = [];
  compressor.on("data", (chunk: Buffer) => output.push(chunk));
  const failed = new Promise<never>((_, reject) => compressor.once("error", reject));
  failed.catch(() => {}); // observed by the step that awaits it

  const handOver = (controller: ReadableStreamDefaultController<Uint8Array>) => {
    for (const chunk of output) controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    output = [];
  };

  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) {
          // "end": the last compressed bytes have been handed out, not only taken in.
          const ended = new Promise<void>((resolve) => compressor.once("end", resolve));
          compressor.end();
          await Promise.race([ended, failed]);
          handOver(controller);
          controller.close();
          return;
        }
        compressor.write(value);
        await Promise.race([new Promise<void>((resolve) => compressor.flush(flushKind, () => resolve())), failed]);
        handOver(controller);
      },
      cancel(reason) {
        compressor.destroy();
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}
