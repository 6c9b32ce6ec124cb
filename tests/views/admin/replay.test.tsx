// @vitest-environment jsdom
// The replay viewer at /admin/reports: a report uploaded to the real server (PGlite)
// is listed and opened by staff; the viewer steps and scrubs entry by entry, shows the command,
// events, diff and state, skips an entry (Redux DevTools' toggle) and renders the storefront
// read-only at the selected step; a local file opens in the same viewer.
import { randomUUID } from 'node:crypto';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createAdminApi } from '../../../src/api/adminApi';
import { replay, type Log } from '../../../src/log/log';
import { parseLog } from '../../../src/log/logCodec';
import { buildReport } from '../../../src/views/app/bugReport';
import { AdminServicesProvider, type AdminServices } from '../../../src/views/admin/data/context';
import { createStaffSessionStore } from '../../../src/views/admin/data/session';
import { createToastStore } from '../../../src/views/admin/data/toasts';
import { LogViewer, ReplayViewer } from '../../../src/views/admin/replay/ReplayViewer';
import ReportsPage from '../../../src/views/admin/replay/ReportsPage';
import { staff } from '../../../server/db/schema/admin';
import { createStaffSession } from '../../../server/services/admin/staffSessions';
import { generateCatalog } from '../../../tools/gen-catalog';
import { generateEventLog } from '../../../tools/gen-log';
import { createTestServer, type TestServer } from '../../server/helpers';
import { FakeSocket, memoryStorage } from './helpers';

const catalog = generateCatalog(12, 8);
const log: Log = parseLog(
  JSON.parse(JSON.stringify(generateEventLog({ eventCount: 40, seed: 4, catalog, maxLines: 4 }))),
);
const report = buildReport({
  sessions: [log],
  appVersion: '0.1.0',
  storeVersion: '1',
  route: '/cart',
  userAgent: 'jsdom',
  now: '2026-11-20T05:00:00.000Z',
  error: { name: 'TypeError', message: 'total is NaN' },
});
const final = replay(parseLog(report.log)).final;
const productName = (productId: string) => catalog.products.find((p) => p.id === productId)?.name ?? '';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await createTestServer();
  const id = randomUUID();
  await server.db.run((db) =>
    db.insert(staff).values({ id, login: 'viewer.op', name: 'Оператор', role: 'operator', passwordHash: 'x' }),
  );
  token = (
    await server.db.run((db) => createStaffSession(db, id, server.clock.now(), { ip: '127.0.0.1', userAgent: 'test' }))
  ).token;
});
afterAll(async () => {
  await server.close();
});

/** fetch answered by the real Fastify app (inject), so the view talks to the real routes. */
const injectFetch: typeof fetch = async (input, init) => {
  const url = new URL(String(input));
  const res = await server.app.inject({
    method: (init?.method ?? 'GET') as 'GET',
    url: url.pathname + url.search,
    headers: { ...(init?.headers as Record<string, string> | undefined) },
    ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
  });
  return new Response(res.statusCode === 204 ? null : res.body, {
    status: res.statusCode,
    headers: { 'content-type': 'application/json' },
  });
};

function renderReports(path = '/') {
  const sessions = createStaffSessionStore(memoryStorage());
  sessions.signIn({ token, staff: { id: 's', login: 'viewer.op', name: 'Оператор', role: 'operator' } });
  const services: AdminServices = {
    api: createAdminApi({
      baseUrl: 'http://admin.test',
      getToken: () => sessions.get()?.token ?? null,
      onUnauthorized: () => undefined,
      fetch: injectFetch,
    }),
    session: sessions,
    toasts: createToastStore(),
    beeper: { ready: true, unlock: () => undefined, beep: () => undefined },
    openSocket: (url) => new FakeSocket(url),
    siteOrigin: 'http://admin.test',
  };
  const location = memoryLocation({ path, record: true });
  return render(
    <AdminServicesProvider services={services}>
      <Router hook={location.hook}>
        <ReportsPage />
      </Router>
    </AdminServicesProvider>,
  );
}

const stepText = () => screen.getByText(/^Шаг \d+ из \d+/).textContent ?? '';
const preview = () => screen.getByTestId('storefront-preview');

describe('a report uploaded to POST /api/v1/client-log, in the viewer', () => {
  it('is listed for staff and opens at its last step with the storefront showing the replayed cart', async () => {
    const upload = await server.app.inject({
      method: 'POST',
      url: '/api/v1/client-log',
      payload: report,
      remoteAddress: '10.9.9.9',
    });
    expect(upload.statusCode).toBe(201);
    renderReports();
    const link = await screen.findByRole('link', { name: /\d{2}\.\d{2}\.\d{4}/ });
    const row = link.closest('tr');
    expect(row?.textContent).toContain('total is NaN');
    expect(row?.textContent).toContain(String(log.entries.length));
    fireEvent.click(link);
    await screen.findByText('TypeError: total is NaN');
    expect(stepText()).toContain(`Шаг ${log.entries.length} из ${log.entries.length}`);
    expect(final.cart.items.length).toBeGreaterThan(0);
    await waitFor(() => {
      for (const line of final.cart.items) expect(preview().textContent).toContain(productName(line.product.id));
    });
  });
});

describe('stepping, diff, skip and the read-only storefront', () => {
  const addAt = log.entries.findIndex((e) => e.events[0]?.type === 'ItemAdded');
  const firstAdd = log.entries[addAt];

  it('steps back and forth, scrubs, and shows the command, the events and the diff of each entry', async () => {
    render(<LogViewer log={log} route="/cart" />);
    expect(stepText()).toContain(`Шаг ${log.entries.length} из ${log.entries.length}`);
    fireEvent.change(screen.getByRole('slider', { name: 'Шаг журнала' }), { target: { value: String(addAt + 1) } });
    expect(stepText()).toContain(`Шаг ${addAt + 1} из`);
    expect(screen.getByLabelText('Команда').textContent).toContain('"AddItem"');
    expect(screen.getByLabelText('События').textContent).toContain('"ItemAdded"');
    const event = firstAdd?.events[0];
    const lineId = event?.type === 'ItemAdded' ? event.data.line.id : '';
    expect(
      within(screen.getByRole('list', { name: 'Изменения состояния' })).getByText(
        new RegExp(`^\\+ cart\\.items\\[id=${lineId}\\]`),
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Назад' }));
    expect(stepText()).toContain(`Шаг ${addAt} из`);
    fireEvent.click(screen.getByRole('button', { name: 'Вперёд' }));
    expect(stepText()).toContain(`Шаг ${addAt + 1} из`);
    fireEvent.click(screen.getByRole('button', { name: 'В начало' }));
    expect(stepText()).toContain('Шаг 0 из');
    expect(screen.getByText(/· начальное состояние/)).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('list', { name: 'Записи журнала' }), { key: 'End' });
    expect(stepText()).toContain(`Шаг ${log.entries.length} из`);
  });

  it('shows the projected state by area', () => {
    render(<LogViewer log={log} route="/cart" />);
    fireEvent.click(screen.getByRole('tab', { name: 'Состояние' }));
    expect(JSON.parse(screen.getByLabelText('Состояние: cart').textContent ?? '')).toEqual(
      JSON.parse(JSON.stringify(final.cart)),
    );
  });

  it('skipping an ItemAdded drops that line from the later states, says so, and the storefront follows; unskipping restores it', async () => {
    // a line that is still in the final cart, and the entry that added it
    const kept = final.cart.items[0];
    const added = log.entries.find((e) =>
      e.events.some((ev) => ev.type === 'ItemAdded' && ev.data.line.id === kept?.id),
    );
    if (kept === undefined || added === undefined) throw new Error('the generated log ends with a cart line it added');
    const name = productName(kept.product.id);
    const sameProductLeft = final.cart.items.some((l) => l.id !== kept.id && l.product.id === kept.product.id);
    render(<LogViewer log={log} route="/cart" />);
    fireEvent.click(screen.getByRole('checkbox', { name: `Пропустить запись №${added.position}` }));
    const differences = screen.getByRole('list', { name: 'Отличия из-за пропусков' });
    expect(within(differences).getByText(new RegExp(`^− cart\\.items\\[id=${kept.id}\\]`))).toBeTruthy();
    if (!sameProductLeft) await waitFor(() => expect(preview().textContent).not.toContain(name));
    fireEvent.click(screen.getByRole('button', { name: 'Вернуть пропущенные (1)' }));
    expect(screen.queryByRole('list', { name: 'Отличия из-за пропусков' })).toBeNull();
    await waitFor(() => expect(preview().textContent).toContain(name));
  });

  it('the storefront preview is read-only: its buttons change nothing', async () => {
    render(<LogViewer log={log} route="/cart" />);
    const box = preview();
    await waitFor(() => expect(within(box).getAllByRole('button').length).toBeGreaterThan(0));
    const before = box.textContent;
    for (const button of within(box).getAllByRole('button').slice(0, 10)) fireEvent.click(button);
    expect(stepText()).toContain(`Шаг ${log.entries.length} из ${log.entries.length}`);
    expect(box.textContent).toBe(before);
  });
});

describe('a local file', () => {
  it('opens a Ctrl+Shift+L file (or a bare log) in the viewer without uploading it', async () => {
    renderReports();
    const input = document.querySelector('input[type="file"]');
    if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
    const file = new File([JSON.stringify(report)], 'storefront-log.json', { type: 'application/json' });
    fireEvent.change(input, { target: { files: [file] } });
    expect(await screen.findByText('Журнал из файла storefront-log.json')).toBeTruthy();
    expect(stepText()).toContain(`Шаг ${log.entries.length} из ${log.entries.length}`);
  });

  it('says what is wrong with a file that is not a log', async () => {
    renderReports();
    const input = document.querySelector('input[type="file"]');
    if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
    fireEvent.change(input, { target: { files: [new File(['{"hello":1}'], 'x.json')] } });
    expect((await screen.findByRole('alert')).textContent).toContain('Файл не читается как журнал');
  });
});

describe('earlier page loads', () => {
  it('a report with earlier page loads lets staff pick one; the last (with the error) is shown first', () => {
    const earlier: Log = { ...log, entries: log.entries.slice(0, 5) };
    render(<ReplayViewer report={report} logs={[earlier, log]} fileName="report.json" />);
    expect(stepText()).toContain(`Шаг ${log.entries.length} из ${log.entries.length}`);
    const select = screen.getByRole('combobox', { name: /Загрузка страницы/ });
    fireEvent.change(select, { target: { value: '0' } });
    expect(stepText()).toContain('Шаг 5 из 5');
    expect(screen.getByText('npm run replay -- report.json --to-test ИМЯ')).toBeTruthy();
  });
});
