// Liveness and readiness for load balancers, and the drain before a shutdown (server/routes/health.ts,
// server/http/drain.ts; docs/DEPLOY.md).
import http from 'node:http';
import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { installDrain } from '../../server/http/drain.js';
import { testServerPerFile } from './helpers.js';

describe('GET /api/v1/health/live, /health/ready and /health', () => {
  const server = testServerPerFile();

  it('answer 200 while the database answers and the process is not draining', async () => {
    for (const url of ['/api/v1/health/live', '/api/v1/health/ready', '/api/v1/health']) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.json(), url).toEqual({ ok: true });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('while the database does not answer, readiness (and /health) is 503 with a Russian message, liveness stays 200', async () => {
    const down = await buildApp({
      ...server.ctx,
      db: { ...server.ctx.db, run: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432')) },
    });
    try {
      for (const url of ['/api/v1/health/ready', '/api/v1/health']) {
        const res = await down.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(503);
        expect(res.json(), url).toEqual({
          message: 'База данных недоступна. Попробуйте позже',
          code: 'database-unavailable',
        });
      }
      expect((await down.inject({ method: 'GET', url: '/api/v1/health/live' })).statusCode).toBe(200);
    } finally {
      await down.close();
    }
  });

  // last: draining cannot be undone
  it('draining: readiness turns 503 at once, other requests are still served, every answer closes its connection', async () => {
    const before = await server.app.inject({ method: 'GET', url: '/api/v1/storage/version' });
    expect(before.headers.connection).not.toBe('close');
    server.app.lifecycle.startDraining();
    for (const url of ['/api/v1/health/ready', '/api/v1/health']) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(503);
      expect(res.json(), url).toEqual({
        message: 'Сервер останавливается, запрос направлен на другой',
        code: 'draining',
      });
      expect(res.headers.connection, url).toBe('close');
    }
    const live = await server.app.inject({ method: 'GET', url: '/api/v1/health/live' });
    expect(live.statusCode).toBe(200);
    const served = await server.app.inject({ method: 'GET', url: '/api/v1/storage/version' });
    expect(served.statusCode).toBe(200);
    expect(served.headers.connection).toBe('close');
  });
});

describe('app.close() after a drain with a keep-alive connection', () => {
  it('an answer that began before the drain and ends after the close began does not hold the close for the keep-alive timeout', async () => {
    const app = Fastify({ forceCloseConnections: 'idle', return503OnClosing: false });
    const lifecycle = installDrain(app);
    const body = new PassThrough();
    app.get('/slow', async (_request, reply) => reply.header('content-type', 'text/plain').send(body));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const agent = new http.Agent({ keepAlive: true });
    try {
      const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
        http.get({ host: '127.0.0.1', port, path: '/slow', agent }, resolve).on('error', reject);
        body.write('first half, ');
      });
      expect(response.headers.connection).toBe('keep-alive');
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      const ended = new Promise<void>((resolve) => response.on('end', resolve));

      lifecycle.startDraining();
      const closed = app.close();
      body.end('second half');
      await ended;
      expect(text).toBe('first half, second half');
      let timer: NodeJS.Timeout | undefined;
      const outcome = await Promise.race([
        closed.then(() => 'closed'),
        new Promise<string>(
          (resolve) => (timer = setTimeout(() => resolve('app.close() still waiting after 5 s'), 5_000)),
        ),
      ]);
      clearTimeout(timer);
      expect(outcome).toBe('closed');
    } finally {
      agent.destroy();
      await app.close();
    }
  });
});
