/**
 * A counter of open analysis streams. Each stream holds a model connection and some memory for
 * tens of seconds, so the number open at once is bounded; beyond it the route answers 429.
 */
export interface StreamSlots {
  /** A release function, or null when every slot is taken. Releasing twice is harmless. */
  tryAcquire(): (() => void) | null;
  readonly open: number;
}

export function streamSlots(capacity: number): StreamSlots {
  let open = 0;
  return {
    tryAcquire() {
      if (open >= capacity) return null;
      open++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        open--;
      };
    },
    get open() {
      return open;
    },
  };
}
