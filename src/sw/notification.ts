// What the service worker shows for a push (the server's payload, server/services/webPush.ts
// orderPushPayload) and where a click leads. A push that cannot be read still shows something:
// browsers require a notification for every push.

export interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  /** Same-origin path: /complete?order=ID. */
  url: string;
}

const FALLBACK: ShownNotification = {
  title: 'Статус заказа изменился',
  body: 'Откройте историю заказов, чтобы узнать подробности.',
  tag: 'order-status',
  url: '/personal/history',
};

const text = (value: unknown, max: number): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.slice(0, max) : null;

/** Only a path of our own origin: a push never sends the customer elsewhere. */
function ownPath(value: unknown): string | null {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? value : null;
}

export function notificationOf(payload: string | null | undefined): ShownNotification {
  if (payload === null || payload === undefined) return FALLBACK;
  let data: unknown;
  try {
    data = JSON.parse(payload);
  } catch {
    return FALLBACK;
  }
  if (typeof data !== 'object' || data === null) return FALLBACK;
  const record = data as Record<string, unknown>;
  const title = text(record.title, 120);
  const url = ownPath(record.url);
  if (title === null || url === null) return FALLBACK;
  return { title, body: text(record.body, 300) ?? '', tag: text(record.tag, 100) ?? FALLBACK.tag, url };
}
