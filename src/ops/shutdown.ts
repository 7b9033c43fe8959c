/**
 * The moment the service starts shutting down, as a signal long-lived work can listen to: open
 * AI streams end with an `error` event instead of being cut mid-frame.
 */
export class ShutdownSignal {
  private readonly listeners = new Set<() => void>();
  private begun = false;

  get hasBegun(): boolean {
    return this.begun;
  }

  /** Registers a listener; returns its removal. A listener added after the start runs at once. */
  onShutdown(listener: () => void): () => void {
    if (this.begun) {
      listener();
      return () => {};
    }
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  begin(): void {
    if (this.begun) return;
    this.begun = true;
    for (const listener of [...this.listeners]) listener();
    this.listeners.clear();
  }
}
