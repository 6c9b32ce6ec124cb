// A local fake of the two web counters' scripts, on 127.0.0.1 with a free port, for the browser
// tests (docs/ANALYTICS.md). It serves:
// - GET /metrika/tag.js: Yandex Metrika's public JS API — takes over the `ym` stub, replays its
//   queue (`ym.a`), then answers ym(id, 'init' | 'hit' | 'reachGoal' | …); with `ecommerce:
//   'dataLayer'` in init it reads the `{ ecommerce: … }` objects already in dataLayer and every one
//   pushed later;
// - GET /gtag/js?id=…: gtag.js's — replays the Arguments objects in dataLayer ('js', 'config',
//   'event', …) and every one pushed later.
// Each call the scripts see is sent back to POST /collect/<counter> with the page load's id and a
// sequence number, and recorded in `received` (in the order the page made them). Every request
// the fake gets is in `requests`. `mode`: 'ok'; 'http-500' (the scripts answer 500); 'hang' (the
// script requests never answer: a counter that times out).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type CounterName = 'metrika' | 'ga4';

/** One call a counter's script received on the page. */
export interface ReceivedCall {
  counter: CounterName;
  /** The page load it came from (each load of the script draws a new one). */
  load: string;
  seq: number;
  /** ym's or gtag's arguments; for Metrika's dataLayer, ['dataLayer', { ecommerce }]. */
  args: unknown[];
}

export interface FakeCounters {
  origin: string;
  metrikaScriptUrl: string;
  ga4ScriptUrl: string;
  mode: 'ok' | 'http-500' | 'hang';
  requests: string[];
  received: ReceivedCall[];
  /** The calls of one counter in the order the pages made them (page loads in arrival order). */
  calls(counter: CounterName): ReceivedCall[];
  close(): Promise<void>;
}

/** What both scripts share: the beacon back to the fake, numbered per page load. */
const SEND = (origin: string, counter: CounterName) => `
  var load = Math.random().toString(36).slice(2);
  var seq = 0;
  function send(args) {
    seq += 1;
    var body = JSON.stringify({ counter: ${JSON.stringify(counter)}, load: load, seq: seq, args: args });
    fetch(${JSON.stringify(`${origin}/collect`)}, { method: 'POST', mode: 'no-cors', keepalive: true,
      headers: { 'content-type': 'text/plain' }, body: body });
  }
  function plain(value) { return JSON.parse(JSON.stringify(value === undefined ? null : value)); }
`;

const METRIKA_JS = (origin: string) => `(function () {
  ${SEND(origin, 'metrika')}
  var layerName = null;
  function watchLayer(name) {
    if (layerName !== null) return;
    layerName = name;
    var layer = window[name] = window[name] || [];
    var push = layer.push;
    for (var i = 0; i < layer.length; i++) if (layer[i] && layer[i].ecommerce) send(['dataLayer', plain(layer[i])]);
    layer.push = function () {
      for (var j = 0; j < arguments.length; j++)
        if (arguments[j] && arguments[j].ecommerce) send(['dataLayer', plain(arguments[j])]);
      return push.apply(layer, arguments);
    };
  }
  function ym() {
    var args = Array.prototype.slice.call(arguments);
    send(plain(args));
    if (args[1] === 'init' && args[2] && args[2].ecommerce) watchLayer(args[2].ecommerce === true ? 'dataLayer' : String(args[2].ecommerce));
  }
  var queue = (window.ym && window.ym.a) || [];
  window.ym = ym;
  for (var k = 0; k < queue.length; k++) ym.apply(null, queue[k]);
})();`;

const GTAG_JS = (origin: string) => `(function () {
  ${SEND(origin, 'ga4')}
  var layer = window.dataLayer = window.dataLayer || [];
  function take(entry) {
    // gtag.js reads Arguments objects only; other objects are data layer messages, not commands
    if (Object.prototype.toString.call(entry) !== '[object Arguments]') return;
    send(plain(Array.prototype.slice.call(entry)));
  }
  for (var i = 0; i < layer.length; i++) take(layer[i]);
  var push = layer.push;
  layer.push = function () {
    for (var j = 0; j < arguments.length; j++) take(arguments[j]);
    return push.apply(layer, arguments);
  };
})();`;

export async function startFakeCounters(): Promise<FakeCounters> {
  const fake: FakeCounters = {
    origin: '',
    metrikaScriptUrl: '',
    ga4ScriptUrl: '',
    mode: 'ok',
    requests: [],
    received: [],
    calls(counter) {
      const loads: string[] = [];
      for (const r of fake.received) if (!loads.includes(r.load)) loads.push(r.load);
      return fake.received
        .filter((r) => r.counter === counter)
        .sort((a, b) => loads.indexOf(a.load) - loads.indexOf(b.load) || a.seq - b.seq);
    },
    close: async () => undefined,
  };
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    fake.requests.push(`${request.method ?? 'GET'} ${url.pathname}${url.search}`);
    if (request.method === 'POST' && url.pathname === '/collect') {
      const chunks: Buffer[] = [];
      request.on('data', (c: Buffer) => chunks.push(c));
      request.on('end', () => {
        try {
          fake.received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as ReceivedCall);
        } catch {
          // a beacon cut short: nothing to record
        }
        response.writeHead(204);
        response.end();
      });
      return;
    }
    const script =
      url.pathname === '/metrika/tag.js'
        ? METRIKA_JS(fake.origin)
        : url.pathname === '/gtag/js'
          ? GTAG_JS(fake.origin)
          : null;
    if (script === null) {
      response.writeHead(404);
      response.end();
      return;
    }
    if (fake.mode === 'hang') {
      hanging.add(response);
      return;
    }
    if (fake.mode === 'http-500') {
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end('counter is down');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/javascript; charset=utf-8', 'cache-control': 'no-store' });
    response.end(script);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.origin = `http://127.0.0.1:${port}`;
  fake.metrikaScriptUrl = `${fake.origin}/metrika/tag.js`;
  fake.ga4ScriptUrl = `${fake.origin}/gtag/js`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      for (const r of hanging) r.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
