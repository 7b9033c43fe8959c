/**
 * A response finished after the event loop has turned (after a database round trip, say) whose
 * headers and body together pass 16 KiB (uWS's cork buffer) is written by Bun 1.4 with one send()
 * system call per piece of each header: about 70 for the dozen headers a raw read carries, which
 * cost 0.36-0.39 ms of CPU per response against 0.02 for the same response finished at once, and
 * 0.04-0.06 for a late one of up to 12 KiB (`bun bench/deferred-writes.ts`,
 * bench/results/deferred-writes.md; strace counts the calls). A body given as a stream is written
 * with its headers in one go, whenever it is finished: 0.05 ms. The price is the Content-Length
 * header: a stream goes out chunked.
 *
 * So a handler that may wait for I/O watches whether the loop turned while it waited, and gives a
 * late body past LATE_STREAM_FROM_BYTES as a one-chunk stream. A response finished at once
 * (everything from a cache, only promise callbacks in between) and a small one keep their plain
 * body and Content-Length.
 *
 * The watch is a setImmediate, which Bun runs after the I/O callbacks of a loop pass. Under load
 * it runs before a database reply arrives, so late answers are streamed; on an idle server the
 * reply can come in the very next pass, ahead of it, and the answer goes out plain, with its
 * Content-Length, at the higher cost that an idle server can spare. Either form is valid HTTP/1.1.
 */

/** Bodies from this size on leave no room for the headers in the 16 KiB cork buffer. */
export const LATE_STREAM_FROM_BYTES = 12 * 1024;

/** Starts watching; the returned function says whether the event loop has turned since. */
export function watchLoopTurn(): () => boolean {
  let turned = false;
  const immediate = setImmediate(() => {
    turned = true;
  });
  return () => {
    if (!turned) clearImmediate(immediate);
    return turned;
  };
}

/**
 * A body for a response: late bytes past LATE_STREAM_FROM_BYTES as a stream of one chunk, else
 * the body as it is. A Blob stays as it is: Bun would read its stream back as the Blob, and
 * copying it out costs what streaming saves; the caches hand out Blobs, so it is rarely late.
 */
export function lateBody(bytes: Uint8Array | Blob, loopTurned: () => boolean): BodyInit {
  if (bytes instanceof Blob || bytes.byteLength < LATE_STREAM_FROM_BYTES || !loopTurned()) return bytes as BodyInit;
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}
