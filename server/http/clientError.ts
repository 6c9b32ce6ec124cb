// Requests Node's HTTP parser refuses before any route sees them (headers or query beyond its
// 16 KB, a malformed request line, a request that timed out) get the same answer as every other
// 4xx: JSON { message, code } with a Russian message, then the connection is closed. Fastify's
// own handler answers them in English without our contract. Hooked as Fastify's
// `clientErrorHandler` (server/app.ts).
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyServerOptions } from 'fastify';
import { API_MESSAGES } from '../../src/domain/messages.js';

type ClientErrorHandler = NonNullable<FastifyServerOptions['clientErrorHandler']>;

const ANSWERS: Record<number, { message: string; code: string }> = {
  400: { message: API_MESSAGES.badRequest, code: 'bad-request' },
  408: { message: API_MESSAGES.requestTimeout, code: 'request-timeout' },
  431: { message: API_MESSAGES.headersTooLarge, code: 'headers-too-large' },
};

function statusOf(code: string): number {
  if (code === 'HPE_HEADER_OVERFLOW' || code === 'HPE_URI_OVERFLOW') return 431;
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  return 400;
}

/** A response of an earlier request on this connection already started: writing would corrupt it. */
function responseStarted(socket: Socket): boolean {
  const message: unknown = Reflect.get(socket, '_httpMessage');
  return message !== null && typeof message === 'object' && Reflect.get(message, 'headersSent') === true;
}

/** The refused request was a HEAD, whose answer must carry no body (best effort: the raw bytes may start mid-request). */
function isHead(error: Error): boolean {
  const raw: unknown = Reflect.get(error, 'rawPacket');
  return Buffer.isBuffer(raw) && raw.subarray(0, 5).toString('latin1') === 'HEAD ';
}

export const answerClientError: ClientErrorHandler = (error, socket) => {
  // a reset connection has nobody left to answer
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (!socket.writable || responseStarted(socket)) {
    socket.destroy();
    return;
  }
  const status = statusOf(error.code);
  const json = JSON.stringify(ANSWERS[status] ?? ANSWERS[400]);
  const head = isHead(error);
  // the answer is flushed before the connection closes
  socket.once('finish', () => socket.destroy());
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(json)}\r\n` +
      'Connection: close\r\n\r\n' +
      (head ? '' : json),
  );
};
