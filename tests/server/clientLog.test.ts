// Bug reports: POST /api/v1/client-log (size limit 413, per-IP hourly limit 429 in the
// database, zod 400, Russian messages, masked on receipt) and the staff routes that list and
// fetch them (401 without a staff session, 403 for a customer).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import {
  CLIENT_LOG_BODY_LIMIT,
  CLIENT_LOG_REPORTS_PER_HOUR,
  ClientLogSummary,
  ClientReport,
} from '../../src/api/contract/clientLog';
import { replay, REDACTED, type Log } from '../../src/log/log';
import { parseLog } from '../../src/log/logCodec';
import { buildReport, readReportJson } from '../../src/views/app/bugReport';
import { staff } from '../../server/db/schema/admin';
import { createStaffSession } from '../../server/services/admin/staffSessions';
import { generateCatalog, user as generatedUser } from '../../tools/gen-catalog';
import { generateEventLog } from '../../tools/gen-log';
import { createTestServer, type TestServer, expectRefusal } from './helpers';
import { nextIp, signIn, callApi } from './customers';

const OneReport = z.extend(ClientLogSummary, { report: ClientReport });

let server: TestServer;
let staffAuth: { authorization: string };

const log: Log = parseLog(
  JSON.parse(JSON.stringify(generateEventLog({ eventCount: 120, seed: 3, catalog: generateCatalog(20, 4) }))),
);
const fullPhoneDigits = generatedUser.phone.replace(/\D/g, '');

/** A report as the client sends it, built from the recorded log. */
function clientReport(overrides: Partial<ClientReport> = {}): ClientReport {
  return {
    ...buildReport({
      sessions: [log],
      appVersion: '0.1.0',
      storeVersion: '1',
      route: '/angarsk/cart',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0.6099.109',
      now: '2026-11-20T05:00:00.000Z',
      error: { name: 'TypeError', message: `Cannot read properties of undefined (${generatedUser.phone})` },
    }),
    ...overrides,
  };
}

const post = (payload: unknown, ip = nextIp()) =>
  server.app.inject({ method: 'POST', url: '/api/v1/client-log', payload: payload as object, remoteAddress: ip });

beforeAll(async () => {
  server = await createTestServer();
  const id = randomUUID();
  await server.db.run((db) =>
    db.insert(staff).values({ id, login: 'reports.op', name: 'Оператор', role: 'operator', passwordHash: 'x' }),
  );
  const session = await server.db.run((db) =>
    createStaffSession(db, id, server.clock.now(), { ip: '127.0.0.1', userAgent: 'test' }),
  );
  staffAuth = { authorization: `Bearer ${session.token}` };
});
afterAll(async () => {
  await server.close();
});

describe('POST /api/v1/client-log', () => {
  it('stores a report (201 with its id) and staff read it back: the log replays to the same state', async () => {
    const sent = clientReport();
    const res = await post(sent);
    expect(res.statusCode).toBe(201);
    const { id } = res.json<{ id: string }>();

    const list = await callApi(server, 'GET', '/admin/client-logs', staffAuth);
    expect(list.statusCode).toBe(200);
    const summaries = list.json<{ reports: unknown[] }>().reports.map((r) => ClientLogSummary.parse(r));
    const summary = summaries.find((r) => r.id === id);
    expect(summary).toMatchObject({
      appVersion: '0.1.0',
      storeVersion: '1',
      route: '/angarsk/cart',
      entryCount: log.entries.length,
    });

    const one = await callApi(server, 'GET', `/admin/client-logs/${id}`, staffAuth);
    expect(one.statusCode).toBe(200);
    const body = OneReport.parse(one.json());
    const read = readReportJson(body.report);
    expect(read.report?.userAgent).toBe(sent.userAgent);
    expect(replay(read.log).final).toEqual(replay(parseLog(sent.log)).final);
  });

  it('never stores a full phone number or the token, even when a sender did not mask them', async () => {
    const raw = clientReport({ log: JSON.parse(JSON.stringify(log)) });
    expect(JSON.stringify(raw.log)).toContain(fullPhoneDigits.slice(1));
    expect(JSON.stringify(raw.log)).toContain('bench-token');
    const res = await post(raw);
    expect(res.statusCode).toBe(201);
    const { id } = res.json<{ id: string }>();
    const one = await callApi(server, 'GET', `/admin/client-logs/${id}`, staffAuth);
    const text = one.body;
    expect(text.replace(/\D/g, ' ')).not.toContain(fullPhoneDigits.slice(1));
    expect(text).not.toContain('bench-token');
    const read = readReportJson(OneReport.parse(one.json()).report);
    expect(replay(read.log).final.auth.token).toBe(REDACTED);
  });

  it('answers 400 with a Russian message for a body that is not a report', async () => {
    const res = await post({ kind: 'storefront-bug-report', log: { entries: 'no' } });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/^Некорректные данные запроса/);
  });

  it(`answers 413 'Отчёт об ошибке слишком большой (не более 5 МБ)' above ${CLIENT_LOG_BODY_LIMIT} bytes`, async () => {
    const big = clientReport({ error: { name: 'Error', message: 'x', stack: 'y'.repeat(CLIENT_LOG_BODY_LIMIT) } });
    const res = await post(big);
    expectRefusal(res, 413, 'Отчёт об ошибке слишком большой (не более 5 МБ)');
  });

  it('accepts a body above the API-wide 1 MB limit but under its own', async () => {
    const report = clientReport();
    const padding = Array.from({ length: 3000 }, (_, i) => ({
      position: 10_000 + i,
      at: '2026-11-20T05:00:00.000Z',
      events: [{ type: 'ToastDismissed', data: { id: 'x'.repeat(300) } }],
    }));
    const text = JSON.stringify({ ...report, log: { ...report.log, entries: [...report.log.entries, ...padding] } });
    expect(Buffer.byteLength(text)).toBeGreaterThan(1_048_576);
    expect(Buffer.byteLength(text)).toBeLessThan(CLIENT_LOG_BODY_LIMIT);
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/client-log',
      payload: text,
      headers: { 'content-type': 'application/json' },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(201);
  });

  it(`accepts ${CLIENT_LOG_REPORTS_PER_HOUR} reports per IP per hour, then 429 with Retry-After, again after the hour`, async () => {
    const ip = nextIp();
    const small = clientReport({ log: { ...clientReport().log, entries: [] } });
    for (let i = 0; i < CLIENT_LOG_REPORTS_PER_HOUR; i++) expect((await post(small, ip)).statusCode).toBe(201);
    const refused = await post(small, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ message: string }>().message).toMatch(
      /^Слишком много отчётов об ошибках с вашего адреса\. Повторите позже/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post(small, nextIp())).statusCode).toBe(201);
    server.clock.advance(60 * 60 * 1000 + 1000);
    expect((await post(small, ip)).statusCode).toBe(201);
  });
});

describe('staff routes of the reports', () => {
  it('401 without a staff session, 403 for a customer (Russian messages)', async () => {
    const none = await server.app.inject({ method: 'GET', url: '/api/v1/admin/client-logs' });
    expect(none.statusCode).toBe(401);
    expect(none.json<{ message: string }>().message).toMatch(/[А-Яа-я]/);
    const customer = await signIn(server);
    const asCustomer = await callApi(server, 'GET', '/admin/client-logs', customer.auth);
    expect(asCustomer.statusCode).toBe(403);
    const one = await callApi(server, 'GET', `/admin/client-logs/${randomUUID()}`, customer.auth);
    expect(one.statusCode).toBe(403);
  });

  it("404 'Отчёт об ошибке не найден' for an unknown id", async () => {
    const res = await callApi(server, 'GET', `/admin/client-logs/${randomUUID()}`, staffAuth);
    expectRefusal(res, 404, 'Отчёт об ошибке не найден');
  });

  it('lists newest first and pages with `before`', async () => {
    const res = await callApi(server, 'GET', '/admin/client-logs?limit=2', staffAuth);
    const page = res.json<{ reports: ClientLogSummary[] }>().reports;
    expect(page).toHaveLength(2);
    const [a, b] = page;
    expect(a && b && a.receivedAt >= b.receivedAt).toBe(true);
    const next = await callApi(
      server,
      'GET',
      `/admin/client-logs?limit=200&before=${encodeURIComponent(b?.receivedAt ?? '')}`,
      staffAuth,
    );
    const rest = next.json<{ reports: ClientLogSummary[] }>().reports;
    expect(rest.every((r) => r.receivedAt < (b?.receivedAt ?? ''))).toBe(true);
  });
});
