// A local fake of the captcha verification APIs, on 127.0.0.1 with a free port:
// - Yandex SmartCaptcha: POST /validate, form secret, token, ip → {"status": "ok"|"failed", "message"};
// - reCAPTCHA-style: POST /siteverify, form secret, response, remoteip → {"success", "error-codes"}.
// Tokens listed in `valid` pass (once each, like the real services); anything else fails; a wrong
// secret fails. `mode` 'http-500' / 'garbage' simulate a provider that cannot answer.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeCaptcha {
  validateUrl: string;
  siteverifyUrl: string;
  secret: string;
  valid: Set<string>;
  received: URLSearchParams[];
  mode: 'ok' | 'http-500' | 'garbage';
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
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      fake.received.push(form);
      const json = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (fake.mode === 'http-500') {
        response.writeHead(500);
        response.end('oops');
        return;
      }
      if (fake.mode === 'garbage') {
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end('<html></html>');
        return;
      }
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
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
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.validateUrl = `http://127.0.0.1:${port}/validate`;
  fake.siteverifyUrl = `http://127.0.0.1:${port}/siteverify`;
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}
