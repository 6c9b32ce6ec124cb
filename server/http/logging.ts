// What the request log says of a request. A WebSocket cannot send headers from a browser, so the
// storefront's /complete and the admin's live orders put the bearer token in `?token=`; pino's
// `redact` only sees object keys, and Fastify's request line logged the whole URL, token and all.
// The query's secret parameters are hidden here before anything is written.

const SECRET_PARAMS = new Set(['token', 'access_token', 'password', 'code']);
export const REDACTED_PARAM = '[redacted]';

function paramName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/** The URL with the values of secret query parameters (token, password, code…) replaced. */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return url;
  const end = url.indexOf('#', start);
  const query = url.slice(start + 1, end === -1 ? undefined : end);
  const hidden = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      return eq !== -1 && SECRET_PARAMS.has(paramName(pair.slice(0, eq)))
        ? `${pair.slice(0, eq)}=${REDACTED_PARAM}`
        : pair;
    })
    .join('&');
  return `${url.slice(0, start + 1)}${hidden}${end === -1 ? '' : url.slice(end)}`;
}

type LoggedRequest = {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
};

/** pino serializers: Fastify's request line, with the URL redacted. */
export const logSerializers = {
  req: (req: LoggedRequest) => ({
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  }),
};
