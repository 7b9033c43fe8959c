/**
 * A response finished after the event loop has turned (after a database round trip, say) is
 * written by Bun 1.4 with one send() system call per piece of each header: about 70 for the
 * dozen headers a raw read carries, which cost 0.33-0.39 ms of CPU per response against 0.02 for
 * the same response finished at once (`bun bench/deferred-writes.ts`, bench/results/deferred-writes.md).
 * A body given as a stream is written with its headers in one go, whenever it is finished: 0.05 ms.
 * The price is the Content-Length header: a stream goes out chunked.
 *
 * So a handler that may wait for I/O watches whether the loop turned while it waited, and gives a
 * late body as a one-chunk stream. A response finished at once (everything from a cache, only
 * promise callbacks in between) keeps its plain body and its Content-Length.
 *
 * The watch is a setImmediate, which Bun runs after the I/O callbacks of a loop pass. Under load
 * it runs before a database reply arrives, so late answers are streamed; on an idle server the
 * reply can come in the very next pass, ahead of it, and the answer goes out plain, with its
 * Content-Length, at the higher cost that an idle server can spare. Either form is valid HTTP/1.1.
 */

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

/** The bytes as a stream of one chunk: a late response's body, written with its headers. */
export function oneChunkStream(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}
