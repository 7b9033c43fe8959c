/**
 * What left storage (logs deleted, expired, moderated; blobs no log points at), told to every
 * replica on the same Postgres, so none keeps serving a log from its in-process caches after it
 * is gone (a replica once served a deleted log for 12 minutes and more). Postgres LISTEN/NOTIFY
 * carries it; when the listening connection drops, notifications may have been lost, so a
 * replica that reconnects drops everything it holds (`onGap`). On PGlite the process is the only
 * replica: nothing is sent.
 */

export interface Removed {
  logIds: readonly string[];
  blobHashes: readonly string[];
}

export interface Notifications {
  /** Calls `onMessage` for every payload on `channel`; `onListen` each time listening (re)starts. */
  listen(channel: string, onMessage: (payload: string) => void, onListen: () => void): Promise<{ unlisten(): Promise<void> }>;
  notify(channel: string, payload: string): Promise<void>;
}

export interface RemovalFeed {
  /** Tells the other replicas (and this one) what left storage. */
  publish(removed: Removed): Promise<void>;
  /** Hears every removal, and the gaps in which some may have been missed. */
  subscribe(handlers: { onRemoved(removed: Removed): void; onGap(): void }): Promise<void>;
  close(): Promise<void>;
}

const CHANNEL = "logpaste_removed";
/** NOTIFY payloads must stay under 8000 bytes: ids (8 to 32 characters) and hashes (64) go in batches. */
const BATCH = 60;

/** Only this process: what it removed it already forgot. */
export const localRemovalFeed: RemovalFeed = {
  publish: async () => {},
  subscribe: async () => {},
  close: async () => {},
};

export function postgresRemovalFeed(notifications: Notifications): RemovalFeed {
  let listening: { unlisten(): Promise<void> } | null = null;
  return {
    async publish({ logIds, blobHashes }) {
      const items = [...logIds.map((id) => ["l", id] as const), ...blobHashes.map((hash) => ["b", hash] as const)];
      for (let start = 0; start < items.length; start += BATCH) {
        const batch = items.slice(start, start + BATCH);
        const payload = { l: batch.filter(([kind]) => kind === "l").map(([, value]) => value), b: batch.filter(([kind]) => kind === "b").map(([, value]) => value) };
        await notifications.notify(CHANNEL, JSON.stringify(payload));
      }
    },
    async subscribe({ onRemoved, onGap }) {
      let connections = 0;
      listening = await notifications.listen(
        CHANNEL,
        (payload) => {
          const parsed = parsePayload(payload);
          if (parsed) onRemoved(parsed);
        },
        // the first start is no gap; every later one is a reconnect after a drop
        () => {
          if (connections++ > 0) onGap();
        },
      );
    },
    async close() {
      await listening?.unlisten().catch(() => {});
      listening = null;
    },
  };
}

function parsePayload(payload: string): Removed | null {
  try {
    const { l, b } = JSON.parse(payload) as { l?: unknown; b?: unknown };
    const strings = (value: unknown) => (Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : []);
    return { logIds: strings(l), blobHashes: strings(b) };
  } catch {
    return null;
  }
}
