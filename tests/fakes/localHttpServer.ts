// The plumbing the local fakes of HTTP APIs share: a server on 127.0.0.1 with a free port that
// hands each request with its whole body to the fake, the answers they give (JSON, plain text for
// a provider that cannot answer), and a close that does not wait for kept-alive connections.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeRequestHandler = (request: http.IncomingMessage, body: Buffer, response: http.ServerResponse) => void;

export interface LocalHttpServer {
  /** http://127.0.0.1:<port>, no trailing slash. */
  origin: string;
  /** The TCP connections it has accepted: a client that keeps its connection alive opens one. */
  readonly connections: number;
  close(): Promise<void>;
}

export async function startLocalHttpServer(handle: FakeRequestHandler): Promise<LocalHttpServer> {
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => handle(request, Buffer.concat(chunks), response));
  });
  let connections = 0;
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    get connections() {
      return connections;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The request's path and query, read against the fake's own origin. */
export function requestUrl(request: http.IncomingMessage): URL {
  return new URL(request.url ?? '/', 'http://127.0.0.1');
}

export function sendJson(
  response: http.ServerResponse,
  status: number,
  body: unknown,
  contentType = 'application/json',
): void {
  response.writeHead(status, { 'content-type': contentType });
  response.end(JSON.stringify(body));
}

/** A body as it is, for a failing provider: a bare 500, or HTML where JSON was due. */
export function sendText(response: http.ServerResponse, status: number, text: string, contentType?: string): void {
  response.writeHead(status, contentType === undefined ? {} : { 'content-type': contentType });
  response.end(text);
}

/** How a fake plays a provider that cannot answer: a bare 500, or a 200 whose body the client cannot read. */
export type BrokenMode = 'http-500' | 'garbage';

/** The answer of a broken provider; `garbage` is the unreadable body and its content type. */
export function sendBroken(
  response: http.ServerResponse,
  mode: BrokenMode,
  garbage: { body: string; contentType: string },
): void {
  if (mode === 'http-500') return sendText(response, 500, 'Internal Server Error');
  return sendText(response, 200, garbage.body, garbage.contentType);
}
