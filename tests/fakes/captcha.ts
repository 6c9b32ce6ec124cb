// A local fake of the captcha verification APIs, on 127.0.0.1 with a free port:
// - Yandex SmartCaptcha: POST /validate, form secret, token, ip → {"status": "ok"|"failed", "message"};
// - reCAPTCHA-style: POST /siteverify, form secret, response, remoteip → {"success", "error-codes"}.
// Tokens listed in `valid` pass (once each, like the real services); anything else fails; a wrong
// secret fails. `mode` 'http-500' / 'garbage' simulate a provider that cannot answer.
import { requestUrl, sendBroken, sendJson, startLocalHttpServer, type BrokenMode } from './localHttpServer.js';

export interface FakeCaptcha {
  validateUrl: string;
  siteverifyUrl: string;
  secret: string;
  valid: Set<string>;
  received: URLSearchParams[];
  mode: 'ok' | BrokenMode;
  close(): Promise<void>;
}

export async function startFakeCaptcha(secret = 'captcha-server-secret'): Promise<FakeCaptcha> {
  const fake: FakeCaptcha = {
    validateUrl: '',
    siteverifyUrl: '',
    secret,
    valid: new Set(),
    received: [],
    mode: 'ok',
    close: async () => undefined,
  };
  const server = await startLocalHttpServer((request, body, response) => {
    const form = new URLSearchParams(body.toString('utf8'));
    fake.received.push(form);
    const json = (status: number, answer: unknown) => sendJson(response, status, answer);
    if (fake.mode !== 'ok') return sendBroken(response, fake.mode, { body: '<html></html>', contentType: 'text/html' });
    const url = requestUrl(request);
    const token = url.pathname === '/validate' ? form.get('token') : form.get('response');
    const ok =
      request.method === 'POST' && form.get('secret') === fake.secret && token !== null && fake.valid.delete(token);
    if (url.pathname === '/validate')
      return json(200, {
        status: ok ? 'ok' : 'failed',
        message: ok ? '' : 'Token invalid or already checked.',
        host: '',
      });
    if (url.pathname === '/siteverify')
      return json(
        200,
        ok ? { success: true, hostname: 'localhost' } : { success: false, 'error-codes': ['invalid-input-response'] },
      );
    json(404, {});
  });
  fake.validateUrl = `${server.origin}/validate`;
  fake.siteverifyUrl = `${server.origin}/siteverify`;
  fake.close = server.close;
  return fake;
}
