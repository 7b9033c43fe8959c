/**
 * Coalesced view tracking for retention: a log expires `storageTime` after its last view, but a
 * popular log must not cost a database write per read. Views are kept in memory and written in
 * one batch per interval; reads consult the pending time so expiry is exact meanwhile.
 */
import type { LogStore } from "../storage/log-store.ts";

export class ViewTracker {
  private pending = new Map<string, Date>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly store: LogStore) {}

  record(id: string, at: Date): void {
    this.pending.set(id, at);
  }

  /** The newest view not yet written, if any. */
  pendingView(id: string): Date | undefined {
    return this.pending.get(id);
  }

  forget(id: string): void {
    this.pending.delete(id);
  }

  /** Writes the pending views; serialised so two flushes never overlap. */
  flush(): Promise<void> {
    this.flushing = this.flushing.catch(() => {}).then(async () => {
      if (this.pending.size === 0) return;
      const batch = this.pending;
      this.pending = new Map();
      try {
        await this.store.recordViews(batch);
      } catch (error) {
        // Keep the views for the next try, unless newer ones arrived meanwhile.
        for (const [id, at] of batch) if (!this.pending.has(id)) this.pending.set(id, at);
        throw error;
      }
    });
    return this.flushing;
  }

  start(intervalMs: number, onError: (error: unknown) => void): void {
    this.timer ??= setInterval(() => this.flush().catch(onError), intervalMs);
    this.timer.unref?.();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush().catch(() => {});
  }
}
