// SMS delivery: the smsc.ru-style HTTP adapter against a local fake gateway, the embedded
// outbox, and the sign-in code going through the HTTP adapter end to end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createHttpSms, createSms, SmsError, type SmsLog } from '../../server/integrations/sms.js';
import { smsOutbox } from '../../server/db/schema/customers.js';
import { loadConfig } from '../../server/config.js';
import { startFakeSmsGateway, type FakeSmsGateway } from '../fakes/sms-gateway.js';
import { createTestServer, type TestServer } from './helpers.js';

const credentials = { login: 'chain', password: 's3cret' };

function recordingLog() {
  const lines: string[] = [];
  const log: SmsLog = {
    info: (obj, msg) => void lines.push(`INFO ${JSON.stringify(obj)} ${msg}`),
    warn: (obj, msg) => void lines.push(`WARN ${JSON.stringify(obj)} ${msg}`),
  };
  return { log, lines };
}

let gateway: FakeSmsGateway;
let server: TestServer;
beforeAll(async () => {
  gateway = await startFakeSmsGateway(credentials);
  server = await createTestServer({ seed: false });
});
afterAll(async () => {
  await gateway?.close();
  await server?.close();
});

describe('HTTP adapter (smsc.ru send.php)', () => {
  it('posts login, psw, phones without +, mes in UTF-8 and fmt=3, and resolves on {id, cnt}', async () => {
    gateway.mode = 'ok';
    const { log, lines } = recordingLog();
    const sms = createHttpSms({ url: gateway.url, ...credentials, sender: 'Chain' }, log);
    await sms.send('+79991234567', 'Код для входа: 123456');
    expect(gateway.received.at(-1)).toEqual({
      login: 'chain',
      psw: 's3cret',
      phones: '79991234567',
      mes: 'Код для входа: 123456',
      sender: 'Chain',
      charset: 'utf-8',
      fmt: '3',
    });
    expect(lines.join('\n')).not.toContain('s3cret');
  });

  it('throws SmsError with the gateway code on a JSON error answer (wrong password: error_code 2)', async () => {
    gateway.mode = 'ok';
    const { log, lines } = recordingLog();
    const sms = createHttpSms({ url: gateway.url, login: 'chain', password: 'wrong', sender: '' }, log);
    const failure = await sms.send('+79991234567', 'x').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(SmsError);
    expect((failure as SmsError).gatewayCode).toBe('2');
    expect(lines.join('\n')).not.toContain('wrong');
  });

  it.each(['error', 'http-500', 'garbage'] as const)('throws SmsError when the gateway answers %s', async (mode) => {
    gateway.mode = mode;
    const sms = createHttpSms({ url: gateway.url, ...credentials, sender: '' }, recordingLog().log);
    await expect(sms.send('+79991234567', 'x')).rejects.toBeInstanceOf(SmsError);
    gateway.mode = 'ok';
  });

  it('throws SmsError when the gateway does not answer in time', async () => {
    gateway.mode = 'hang';
    const sms = createHttpSms({ url: gateway.url, ...credentials, sender: '', timeoutMs: 200 }, recordingLog().log);
    await expect(sms.send('+79991234567', 'x')).rejects.toBeInstanceOf(SmsError);
    gateway.mode = 'ok';
  });

  it('throws SmsError when nothing listens', async () => {
    const closed = await startFakeSmsGateway(credentials);
    await closed.close();
    const sms = createHttpSms({ url: closed.url, ...credentials, sender: '' }, recordingLog().log);
    await expect(sms.send('+79991234567', 'x')).rejects.toBeInstanceOf(SmsError);
  });
});

describe('createSms', () => {
  it("the 'outbox' provider writes sms_outbox and logs one line with the phone and the code", async () => {
    const { log, lines } = recordingLog();
    const sms = createSms(loadConfig({}), server.db, log);
    await sms.send('+79990000001', 'Код для входа: 654321');
    const rows = await server.db.run((db) => db.select().from(smsOutbox).where(eq(smsOutbox.phone, '+79990000001')));
    expect(rows.map((r) => r.text)).toEqual(['Код для входа: 654321']);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('+79990000001');
    expect(lines[0]).toContain('654321');
  });

  it("SMS_HTTP_URL selects the 'http' provider", async () => {
    gateway.mode = 'ok';
    const config = loadConfig({
      SMS_HTTP_URL: gateway.url,
      SMS_LOGIN: 'chain',
      SMS_PASSWORD: 's3cret',
      SMS_SENDER: 'Chain',
    });
    const before = gateway.received.length;
    await createSms(config, server.db, recordingLog().log).send('+79990000002', 'Код для входа: 111111');
    expect(gateway.received.length).toBe(before + 1);
    expect(gateway.received.at(-1)?.phones).toBe('79990000002');
  });
});

describe('sign-in through the HTTP gateway', () => {
  it('the code reaches the gateway and signs in; a gateway error is 502 with a Russian message', async () => {
    const sms = server.ctx.sms;
    server.ctx.sms = createHttpSms({ url: gateway.url, ...credentials, sender: '' }, recordingLog().log);
    try {
      gateway.mode = 'ok';
      const phone = '+79995550011';
      const sent = await server.app.inject({
        method: 'POST',
        url: '/api/v1/auth/code',
        payload: { phone },
        remoteAddress: '10.9.0.1',
      });
      expect(sent.statusCode).toBe(200);
      const code = /Код для входа: (\d{6})/.exec(gateway.received.at(-1)?.mes ?? '')?.[1] ?? '';
      expect(code).toMatch(/^\d{6}$/);
      const signed = await server.app.inject({
        method: 'POST',
        url: '/api/v1/auth/token',
        payload: { phone, code, personalData: true },
      });
      expect(signed.statusCode).toBe(200);

      gateway.mode = 'error';
      const failed = await server.app.inject({
        method: 'POST',
        url: '/api/v1/auth/code',
        payload: { phone: '+79995550012' },
        remoteAddress: '10.9.0.2',
      });
      expect(failed.statusCode).toBe(502);
      expect(failed.json().message).toBe('Не удалось отправить SMS. Попробуйте позже');
    } finally {
      server.ctx.sms = sms;
      gateway.mode = 'ok';
    }
  });
});
