// iikoCloud's HTTP client: one access token per process, refreshed before it expires and once on
// a 401 (then the call is retried once). The apiLogin and the token never reach a log.
import type { z } from 'zod/mini';
import { PosError } from '../port.js';
import { AccessTokenAnswer, ErrorAnswer } from './schemas.js';

export interface IikoClientOptions {
  apiUrl: string;
  apiLogin: string;
  now: () => Date;
  /** How long one call may take (iiko's own default timeout is 15 s). */
  timeoutMs?: number;
  /** iiko documents about an hour; we refresh earlier than that. */
  tokenTtlMs?: number;
}

export interface IikoClient {
  post<T>(path: string, body: unknown, schema: z.ZodMiniType<T>): Promise<T>;
  /** How many tokens were fetched (for the admin page and the tests). */
  tokensIssued(): number;
}

const TOKEN_TTL_MS = 45 * 60 * 1000;

export function createIikoClient(options: IikoClientOptions): IikoClient {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const ttl = options.tokenTtlMs ?? TOKEN_TTL_MS;
  let token: { value: string; expiresAt: number } | null = null;
  let pending: Promise<string> | null = null;
  let issued = 0;

  async function send(path: string, body: unknown, bearer: string | null): Promise<{ status: number; text: string }> {
    let response: Response;
    try {
      response = await fetch(`${options.apiUrl}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(bearer === null ? {} : { authorization: `Bearer ${bearer}` }),
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const reason = error instanceof Error && error.name === 'TimeoutError' ? 'нет ответа (таймаут)' : 'нет связи';
      throw new PosError('transient', `iiko ${path}: ${reason}`);
    }
    let text: string;
    try {
      text = await response.text();
    } catch {
      throw new PosError('transient', `iiko ${path}: ответ оборвался`);
    }
    return { status: response.status, text };
  }

  function parse<T>(path: string, text: string, schema: z.ZodMiniType<T>): T {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new PosError('invalid', `iiko ${path}: ответ не JSON`);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const where = parsed.error.issues[0]?.path.join('.') ?? '';
      throw new PosError('invalid', `iiko ${path}: ответ не по документации (${where || 'корень'})`);
    }
    return parsed.data;
  }

  function refusal(path: string, status: number, text: string): PosError {
    let reason = '';
    try {
      const parsed = ErrorAnswer.safeParse(JSON.parse(text));
      if (parsed.success) reason = parsed.data.errorDescription ?? parsed.data.error ?? '';
    } catch {
      reason = '';
    }
    const kind = status >= 500 || status === 429 || status === 408 ? 'transient' : 'refused';
    return new PosError(kind, `iiko ${path}: ${status}${reason ? ` ${reason.slice(0, 300)}` : ''}`);
  }

  async function fetchToken(): Promise<string> {
    const { status, text } = await send('/api/1/access_token', { apiLogin: options.apiLogin }, null);
    if (status !== 200) throw refusal('/api/1/access_token', status, text);
    const answer = parse('/api/1/access_token', text, AccessTokenAnswer);
    issued += 1;
    token = { value: answer.token, expiresAt: options.now().getTime() + ttl };
    return answer.token;
  }

  async function currentToken(): Promise<string> {
    if (token && token.expiresAt > options.now().getTime()) return token.value;
    // concurrent callers share one request
    pending ??= fetchToken().finally(() => {
      pending = null;
    });
    return pending;
  }

  return {
    async post(path, body, schema) {
      let bearer = await currentToken();
      let answer = await send(path, body, bearer);
      if (answer.status === 401) {
        // expired or revoked early: a new token, and the call once more
        if (token?.value === bearer) token = null;
        bearer = await currentToken();
        answer = await send(path, body, bearer);
      }
      if (answer.status !== 200) throw refusal(path, answer.status, answer.text);
      return parse(path, answer.text, schema);
    },
    tokensIssued: () => issued,
  };
}
