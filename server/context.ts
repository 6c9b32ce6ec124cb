// Everything a route or service needs, built once at start (and per test with fakes).
import type { SQL } from 'drizzle-orm';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import type { CaptchaVerifier } from './integrations/captcha.js';
import type { Geocoder } from './integrations/geocoder.js';
import type { IntegrationLog } from './integrations/log.js';
import type { PaymentGateways } from './integrations/payments.js';
import type { PosAdapter } from './integrations/pos/port.js';
import type { SmsSender } from './integrations/sms.js';
import type { PushSender } from './integrations/webPush.js';
import type { RenderPage } from '../src/api/pageRender.js';

// Defined beside the integrations that use them (an integration never imports this file).
export type { IntegrationLog, SmsSender };

/** What the server pushes to WebSocket clients (across processes through LISTEN/NOTIFY). */
export type PushMessage =
  | { type: 'catalog:update'; version: string }
  | { type: 'settings:update'; version: string }
  | {
      type: 'order:status_update';
      userId: string;
      orderId: string;
      status: string;
      /** The order's lines, total, address or time changed (an operator's edit): read it again. */
      edited?: boolean;
    };

export interface Push {
  publish(message: PushMessage): Promise<void>;
  /**
   * The message as an SQL expression that NOTIFYs it when the transaction running it commits
   * (nothing on a rollback): a write announces itself without a statement of its own. Absent
   * where publishing is not a NOTIFY (test fakes): publish after the commit then.
   */
  notifyOnCommit?(message: PushMessage): SQL;
}

export interface Clock {
  now(): Date;
}

export interface AppContext {
  config: Config;
  db: Database;
  clock: Clock;
  push: Push;
  sms: SmsSender;
  /**
   * Checkout integrations. Optional: when absent, geocoderOf (services/geocoding.ts),
   * captchaVerifierOf (services/captcha.ts) and gatewaysOf (services/paymentGateways.ts) build them from
   * `config` (embedded geocoder or Yandex, test gateway or CloudPayments, captcha off without
   * CAPTCHA_SECRET). Tests may put fakes here.
   */
  geocoder?: Geocoder;
  captcha?: CaptchaVerifier;
  payments?: PaymentGateways;
  /** The POS (docs/IIKO.md); absent: posOf (services/pos/adapter.ts) builds it from `config`. */
  pos?: PosAdapter;
  /** Web push to browsers (docs/PUSH.md); absent: pushSenderOf (services/webPush.ts) builds the real adapter. */
  webPush?: PushSender;
  /** Where integrations log (failed geocoding, webhook refusals); defaults to a pino logger. */
  log?: IntegrationLog;
  /** The storefront's server rendering; defaults to the SSR build beside clientDir (server/ssr/renderer.ts). */
  renderPage?: RenderPage;
}

export const systemClock: Clock = { now: () => new Date() };
