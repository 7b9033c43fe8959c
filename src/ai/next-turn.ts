/**
 * Lets the event loop take a turn: requests that arrived meanwhile (a health check, another
 * reader's stream) are served before the caller goes on. setImmediate, not a microtask: promise
 * callbacks run before any I/O, so awaiting a resolved promise would let nothing in.
 */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
