// A local fake of an smsc.ru-style SMS gateway (POST /sys/send.php, form fields login, psw,
// phones, mes, sender, charset, fmt=3 → JSON {"id","cnt"} or {"error","error_code"}), on
// 127.0.0.1 with a free port. `mode` switches how it answers the next requests.
import type http from 'node:http';
import { requestUrl, sendBroken, sendJson, startLocalHttpServer, type BrokenMode } from './localHttpServer.js';

export interface FakeSmsMessage {
  login: string;
  psw: string;
  phones: string;
  mes: string;
  sender: string | null;
  charset: string | null;
  fmt: string | null;
}

export type FakeSmsMode = 'ok' | 'error' | BrokenMode | 'hang';

export interface FakeSmsGateway {
  /** Full URL of send.php. */
  url: string;
  received: FakeSmsMessage[];
  mode: FakeSmsMode;
  close(): Promise<void>;
}

export async function startFakeSmsGateway(
  credentials = { login: 'chain', password: 's3cret' },
): Promise<FakeSmsGateway> {
  let nextId = 1000;
  const hanging = new Set<http.ServerResponse>();
  const gateway: FakeSmsGateway = { url: '', received: [], mode: 'ok', close: async () => undefined };
  const server = await startLocalHttpServer((request, body, response) => {
    const url = requestUrl(request);
    const json = (status: number, answer: unknown) =>
      sendJson(response, status, answer, 'application/json; charset=utf-8');
    if (url.pathname !== '/sys/send.php') return json(404, { error: 'not found' });
    const form = new URLSearchParams(request.method === 'POST' ? body.toString('utf8') : url.search);
    const message: FakeSmsMessage = {
      login: form.get('login') ?? '',
      psw: form.get('psw') ?? '',
      phones: form.get('phones') ?? '',
      mes: form.get('mes') ?? '',
      sender: form.get('sender'),
      charset: form.get('charset'),
      fmt: form.get('fmt'),
    };
    switch (gateway.mode) {
      case 'hang':
        hanging.add(response);
        return;
      case 'http-500':
      case 'garbage':
        return sendBroken(response, gateway.mode, { body: 'OK - 1 SMS, ID - 1', contentType: 'text/plain' });
      case 'error':
        return json(200, { error: 'no money', error_code: 3 });
      case 'ok':
        break;
    }
    if (message.login !== credentials.login || message.psw !== credentials.password) {
      return json(200, { error: 'authorise error', error_code: 2 });
    }
    if (!/^7\d{10}$/.test(message.phones) || message.mes === '')
      return json(200, { error: 'invalid number', error_code: 7 });
    gateway.received.push(message);
    nextId += 1;
    return json(200, { id: nextId, cnt: 1 });
  });
  gateway.url = `${server.origin}/sys/send.php`;
  gateway.close = async () => {
    for (const response of hanging) response.destroy();
    await server.close();
  };
  return gateway;
}
