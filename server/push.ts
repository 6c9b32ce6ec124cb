// Pushes to WebSocket clients across server processes (LISTEN/NOTIFY).
// See docs/SERVER.md «WebSocket and push».
import { sql } from 'drizzle-orm';
import { z } from 'zod/mini';
import type { Push, PushMessage } from './context.js';
import type { Database } from './db/database.js';
import { forgetCatalogKey } from './services/catalog.js';

export const PUSH_CHANNEL = 'storefront_push';
export const VERSION_POLL_MS = 3_000;

/** The part of a pino logger this module uses. */
export interface PushLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

const PushMessageSchema: z.ZodMiniType<PushMessage> = z.discriminatedUnion('type', [
  z.object({ type: z.literal('catalog:update'), version: z.string() }),
  z.object({ type: z.literal('settings:update'), version: z.string() }),
  z.object({
    type: z.literal('order:status_update'),
    userId: z.string(),
    orderId: z.string(),
    status: z.string(),
    edited: z.optional(z.boolean()),
  }),
]);

export function parsePushMessage(payload: string): PushMessage | null {
  try {
    const parsed = PushMessageSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Whether a client signed in as `userId` (null: anonymous) gets the message. */
export function concerns(message: PushMessage, userId: string | null): boolean {
  switch (message.type) {
    case 'catalog:update':
    case 'settings:update':
      return true;
    case 'order:status_update':
      return userId !== null && message.userId === userId;
    default: {
      const never: never = message;
      return never;
    }
  }
}

/** A connected client as the hub sees it. */
export interface PushSubscriber {
  userId: string | null;
  deliver(message: PushMessage): void;
}

/** The WebSocket clients of this process. */
export interface PushHub {
  /** Adds a client; the returned function removes it. */
  subscribe(subscriber: PushSubscriber): () => void;
  /** Hands a message to every client it concerns; returns how many got it. */
  deliver(message: PushMessage): number;
  readonly size: number;
}

export function createHub(log?: PushLog): PushHub {
  const subscribers = new Set<PushSubscriber>();
  return {
    subscribe(subscriber) {
      subscribers.add(subscriber);
      return () => {
        subscribers.delete(subscriber);
      };
    },
    deliver(message) {
      let delivered = 0;
      for (const subscriber of subscribers) {
        if (!concerns(message, subscriber.userId)) continue;
        try {
          subscriber.deliver(message);
          delivered++;
        } catch (error) {
          log?.warn({ err: error }, 'push delivery failed');
        }
      }
      return delivered;
    },
    get size() {
      return subscribers.size;
    },
  };
}

/** The push of a running process: publish across processes, plus its local hub. */
export interface ProcessPush extends Push {
  readonly hub: PushHub;
  /** Stops listening and polling. */
  close(): Promise<void>;
}

export function hasHub(push: Push): push is ProcessPush {
  return 'hub' in push && typeof (push as { hub?: unknown }).hub === 'object';
}

/** Reads the catalogue and settings versions (content_versions of migration 0001). */
async function readVersions(db: Database): Promise<{ catalog: string | null; settings: string | null }> {
  const result = await db.run((x) =>
    x.execute<{ name: string; version: string | number }>(
      sql`select name, version from content_versions where name in ('catalog', 'settings')`,
    ),
  );
  const get = (name: string) => {
    const row = result.rows.find((r) => r.name === name);
    return row ? String(row.version) : null;
  };
  return { catalog: get('catalog'), settings: get('settings') };
}

export async function createPush(
  db: Database,
  log: PushLog,
  options: { versionPollMs?: number } = {},
): Promise<ProcessPush> {
  const local = createHub(log);
  // A catalogue change first drops this process's cached catalogue key (CONTENT_VERSION_MAX_AGE_MS),
  // so clients reloading on the message are answered with the new catalogue.
  const hub: PushHub = {
    subscribe: (subscriber) => local.subscribe(subscriber),
    deliver(message) {
      if (message.type === 'catalog:update') forgetCatalogKey(db);
      return local.deliver(message);
    },
    get size() {
      return local.size;
    },
  };
  const stopListening = await db.listen(PUSH_CHANNEL, (payload) => {
    const message = parsePushMessage(payload);
    if (!message) {
      log.warn({ channel: PUSH_CHANNEL }, 'ignored a malformed push message');
      return;
    }
    hub.deliver(message);
  });

  let last = await readVersions(db).catch(() => ({ catalog: null, settings: null }));
  let polling = false;
  let closed = false;
  const poll = async () => {
    if (polling || closed) return;
    polling = true;
    try {
      const now = await readVersions(db);
      if (closed) return;
      if (now.catalog !== null && now.catalog !== last.catalog)
        hub.deliver({ type: 'catalog:update', version: now.catalog });
      if (now.settings !== null && now.settings !== last.settings)
        hub.deliver({ type: 'settings:update', version: now.settings });
      last = now;
    } catch (error) {
      if (!closed) log.warn({ err: error }, 'content version poll failed');
    } finally {
      polling = false;
    }
  };
  const timer = setInterval(() => void poll(), options.versionPollMs ?? VERSION_POLL_MS);
  timer.unref();

  return {
    hub,
    async publish(message) {
      await db.notify(PUSH_CHANNEL, JSON.stringify(message));
    },
    notifyOnCommit: (message) => sql`pg_notify(${PUSH_CHANNEL}, ${JSON.stringify(message)})`,
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      await stopListening().catch(() => undefined);
    },
  };
}
