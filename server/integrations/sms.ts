// SMS delivery behind the SmsSender interface: the offline outbox or an smsc.ru-style gateway.
// See docs/SERVER.md «Customer sign-in: codes, sessions, SMS».
import { randomUUID } from 'node:crypto';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { smsOutbox } from '../db/schema/customers.js';

export interface SmsSender {
  send(phone: string, text: string): Promise<void>;
}

/** The part of a pino logger this module uses. */
export interface SmsLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export class SmsError extends Error {
  constructor(
    message: string,
    readonly gatewayCode: string | null = null,
  ) {
    super(message);
    this.name = 'SmsError';
  }
}

/** How long the gateway may take before the send counts as failed. */
export const SMS_HTTP_TIMEOUT_MS = 10_000;

export function createOutboxSms(db: Database, log: SmsLog): SmsSender {
  return {
    async send(phone, text) {
      await db.run((tx) => tx.insert(smsOutbox).values({ id: randomUUID(), phone, text, status: 'queued' }));
      log.info({ sms: { phone } }, `SMS (outbox) to ${phone}: ${text}`);
    },
  };
}

export interface HttpSmsOptions {
  url: string;
  login: string;
  password: string;
  sender: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export function createHttpSms(options: HttpSmsOptions, log: SmsLog): SmsSender {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  return {
    async send(phone, text) {
      const form = new URLSearchParams({
        login: options.login,
        psw: options.password,
        phones: phone.replace(/^\+/, ''),
        mes: text,
        charset: 'utf-8',
        fmt: '3',
      });
      if (options.sender) form.set('sender', options.sender);
      let response: Response;
      try {
        response = await doFetch(options.url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8', accept: 'application/json' },
          body: form.toString(),
          signal: AbortSignal.timeout(options.timeoutMs ?? SMS_HTTP_TIMEOUT_MS),
        });
      } catch (error) {
        const reason = error instanceof Error ? error.name : 'unknown';
        log.warn({ sms: { phone, reason } }, 'SMS gateway unreachable');
        throw new SmsError(`SMS gateway unreachable (${reason})`);
      }
      const body = await response.text().catch(() => '');
      let answer: unknown = null;
      try {
        answer = JSON.parse(body);
      } catch {
        answer = null;
      }
      const record = answer !== null && typeof answer === 'object' ? (answer as Record<string, unknown>) : null;
      if (!response.ok || record === null || 'error' in record || record.id === undefined) {
        const gatewayCode = record && record.error_code !== undefined ? String(record.error_code) : null;
        const error = record && typeof record.error === 'string' ? record.error : `HTTP ${response.status}`;
        log.warn({ sms: { phone, status: response.status, gatewayCode, error } }, 'SMS gateway refused the message');
        throw new SmsError(`SMS gateway refused the message: ${error}`, gatewayCode);
      }
      log.info({ sms: { phone, id: String(record.id) } }, 'SMS handed to the gateway');
    },
  };
}

export function createSms(config: Config, db: Database, log: SmsLog): SmsSender {
  if (config.sms.provider === 'http') {
    const { url, login, password, sender } = config.sms;
    return createHttpSms({ url, login, password, sender }, log);
  }
  return createOutboxSms(db, log);
}
