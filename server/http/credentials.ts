// Reading credentials off a request, with no server imports (shared like errors.ts): the route
// helpers (http/requestAuth.ts) use it, and so does the transitional request-taking entry of
// services/sessions.ts.
import type { IncomingHttpHeaders } from 'node:http';

/** The parts of a request credentials come from (a FastifyRequest is one). */
export interface CredentialSource {
  headers: IncomingHttpHeaders;
  query?: unknown;
}

/**
 * The token of a request: `Authorization: Bearer <token>`, or `?token=<token>` on a WebSocket
 * upgrade only (browsers cannot set headers there). Query tokens on plain HTTP requests are
 * ignored so that tokens do not end up in URLs, access logs and Referer headers.
 */
export function bearerToken(request: CredentialSource): string | null {
  const header = request.headers.authorization;
  if (typeof header === 'string') {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (match?.[1]) return match[1];
  }
  if (String(request.headers.upgrade ?? '').toLowerCase() === 'websocket') {
    const query = request.query as Record<string, unknown> | undefined;
    const token = query?.token;
    if (typeof token === 'string' && token.length > 0) return token;
  }
  return null;
}
