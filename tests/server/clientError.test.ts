// Requests refused by Node's HTTP parser before any route (server/http/clientError.ts): headers or
// a query beyond its 16 KB answer 431, a malformed request 400, both as JSON { message, code } with
// a Russian message like every other 4xx, and the connection is closed. Against a real listening
// server: app.inject never goes through the parser.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './helpers.js';

let server: TestServer;
let port = 0;

beforeAll(async () => {
  server = await createTestServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  port = typeof address === 'object' && address !== null ? address.port : 0;
});
afterAll(async () => {
  await server?.close();
});

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends raw bytes and reads until the server closes the connection. */
function raw(request: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.setTimeout(10_000, () => {
      socket.destroy();
      reject(new Error('the server did not close the connection'));
    });
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
    socket.write(request);
  });
}

const TOO_LARGE = {
  message: 'Слишком большой запрос: заголовки или адрес запроса слишком длинные',
  code: 'headers-too-large',
};

describe('requests the HTTP parser refuses', () => {
  it('headers beyond 16 KB: 431 with the JSON contract and a Russian message, and the connection closes', async () => {
    const res = await raw(`GET /api/v1/setting HTTP/1.1\r\nHost: localhost\r\nX-Filler: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers.connection).toBe('close');
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.body));
    expect(JSON.parse(res.body)).toEqual(TOO_LARGE);
    // the server goes on answering ordinary requests
    expect((await fetch(`http://127.0.0.1:${port}/api/v1/setting/version`)).status).toBe(200);
  });

  it('a query beyond 16 KB: the same 431', async () => {
    const res = await raw(`GET /api/v1/catalog?q=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toEqual(TOO_LARGE);
  });

  it('a HEAD request gets the status and headers without a body', async () => {
    const res = await raw(
      `HEAD /api/v1/setting HTTP/1.1\r\nHost: localhost\r\nX-Filler: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(res.status).toBe(431);
    expect(res.body).toBe('');
  });

  it('a malformed request: 400 «Некорректный запрос»', async () => {
    const res = await raw('GET /api/v1/setting HTTP/1.1\r\nHost: localhost\r\nBad Header\r\n\r\n');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ message: 'Некорректный запрос', code: 'bad-request' });
  });
});
