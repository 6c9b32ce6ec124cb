// Web push (RFC 8030) with VAPID (RFC 8292) and aes128gcm payloads (RFC 8291): the port and the
// real adapter. web-push builds the request (encryption, VAPID token); the request goes out through
// fetch, so the timeout is ours and a local http:// fake works in tests. See docs/PUSH.md.
// web-push is CommonJS: under Node's own ESM loader only its default export is there
import webpush from 'web-push';

/** A browser's subscription as PushSubscription.toJSON() gives it. */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface VapidDetails {
  /** mailto: or https: contact. */
  subject: string;
  /** base64url, uncompressed P-256 point. */
  publicKey: string;
  /** base64url, 32 bytes. Never logged. */
  privateKey: string;
}

export interface PushOptions {
  /** How long the push service keeps an undelivered message (seconds). */
  ttlSeconds: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** Replaces an undelivered message of the same topic (a newer status of the same order). */
  topic?: string;
}

export type PushOutcome =
  | { kind: 'sent'; status: number }
  /** 404 or 410: the subscription is gone for good; delete it. */
  | { kind: 'gone'; status: number }
  | { kind: 'failed'; status: number | null; reason: string };

/** The port: one encrypted message to one subscription. Never throws. */
export interface PushSender {
  send(target: PushTarget, payload: string, vapid: VapidDetails, options: PushOptions): Promise<PushOutcome>;
}

export interface WebPushSenderOptions {
  timeoutMs: number;
  fetch?: typeof globalThis.fetch;
}

/** What a push service's error answer may say, cut short: it goes into the log. */
const MAX_REASON = 200;

/** The real adapter: any push service the browser subscribed with (FCM, Mozilla, Apple, Windows). */
export function createWebPushSender(options: WebPushSenderOptions): PushSender {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  return {
    async send(target, payload, vapid, push) {
      let details: ReturnType<typeof webpush.generateRequestDetails>;
      try {
        details = webpush.generateRequestDetails(target, payload, {
          vapidDetails: vapid,
          TTL: push.ttlSeconds,
          urgency: push.urgency,
          ...(push.topic === undefined ? {} : { topic: push.topic }),
          contentEncoding: 'aes128gcm',
        });
      } catch (error) {
        // a subscription whose keys cannot be encrypted for (stored before a check existed)
        return { kind: 'failed', status: null, reason: `request not built: ${messageOf(error)}` };
      }
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(details.headers)) headers[name] = String(value);
      let response: Response;
      try {
        response = await doFetch(details.endpoint, {
          method: details.method,
          headers,
          body: details.body === null ? null : new Uint8Array(details.body),
          signal: AbortSignal.timeout(options.timeoutMs),
          redirect: 'error',
        });
      } catch (error) {
        const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
        return {
          kind: 'failed',
          status: null,
          reason: timedOut ? `no answer within ${options.timeoutMs} ms` : `unreachable: ${messageOf(error)}`,
        };
      }
      const text = await response.text().catch(() => '');
      if (response.ok) return { kind: 'sent', status: response.status };
      if (response.status === 404 || response.status === 410) return { kind: 'gone', status: response.status };
      return { kind: 'failed', status: response.status, reason: text.slice(0, MAX_REASON) };
    },
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
