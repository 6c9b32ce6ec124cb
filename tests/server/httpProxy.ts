// A tiny reverse proxy in front of one server process, as nginx is in docs/DEPLOY.md: it appends
// the client's address to X-Forwarded-For (like $proxy_add_x_forwarded_for), sets
// X-Forwarded-Proto, and passes WebSocket upgrades through.
import http from 'node:http';
import net from 'node:net';

export interface HttpProxy {
  port: number;
  url: string;
  close(): Promise<void>;
}

function forwardedFor(request: http.IncomingMessage): string {
  const before = request.headers['x-forwarded-for'];
  const list = Array.isArray(before) ? before.join(', ') : before;
  const client = request.socket.remoteAddress ?? 'unknown';
  return list ? `${list}, ${client}` : client;
}

export async function httpProxy(targetPort: number): Promise<HttpProxy> {
  const upgraded = new Set<net.Socket>();
  const server = http.createServer((request, response) => {
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: targetPort,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, 'x-forwarded-for': forwardedFor(request), 'x-forwarded-proto': 'http' },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'application/json' });
      response.end('{"message":"Прокси: сервер недоступен"}');
    });
    request.pipe(upstream);
  });
  server.on('upgrade', (request: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const headers = { ...request.headers, 'x-forwarded-for': forwardedFor(request), 'x-forwarded-proto': 'http' };
    const lines = Object.entries(headers).flatMap(([name, value]) =>
      (Array.isArray(value) ? value : value === undefined ? [] : [value]).map((v) => `${name}: ${v}`),
    );
    const upstream = net.connect(targetPort, '127.0.0.1', () => {
      upstream.write(`${request.method ?? 'GET'} ${request.url ?? '/'} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      client.pipe(upstream);
      upstream.pipe(client);
    });
    for (const socket of [client, upstream]) {
      upgraded.add(socket);
      socket.on('error', () => socket.destroy());
      socket.on('close', () => {
        upgraded.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      for (const socket of upgraded) socket.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
