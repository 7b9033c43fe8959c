/**
 * The janitor: removes logs whose storage time has run out since their last view, then blobs
 * that no log points at any more. Pending views are written first, so a log viewed a moment ago
 * is never taken for expired.
 */
import type { LogStore } from "./log-store.ts";

export interface JanitorOptions {
  storageTimeS: number;
  /** Called before each run: write what memory holds of recent views. */
  flushViews(): Promise<void>;
  /** Called with what was removed, so caches can forget it. */
  onRemoved(logIds: string[], blobHashes: string[]): void;
}

export class Janitor {
  private timer: ReturnType<typeof setInterval> | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly store: LogStore,
    private readonly options: JanitorOptions,
  ) {}

  async runOnce(now = new Date()): Promise<{ logs: number; blobs: number }> {
    await this.options.flushViews();
    const cutoff = new Date(now.getTime() - this.options.storageTimeS * 1000);
    const { logIds, blobHashes } = await this.store.removeExpired(cutoff);
    this.options.onRemoved(logIds, blobHashes);
    return { logs: logIds.length, blobs: blobHashes.length };
  }

  start(intervalMs: number, onError: (error: unknown) => void): void {
    const run = () => {
      if (this.running) return; // a slow run is never overlapped by the next one
      this.running = this.runOnce().catch(onError).finally(() => (this.running = null));
    };
    this.timer ??= setInterval(run, intervalMs);
    this.timer.unref?.();
    run();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
