// @vitest-environment jsdom
// Bug reports in the browser: the error page and an uncaught error offer 'Отправить
// отчёт об ошибке', the report goes to POST /api/v1/client-log masked, Ctrl+Shift+L saves the log.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Subject } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { CLIENT_REPORT_KIND, ClientReport } from '../../src/api/contract/clientLog';
import type { LogEntry } from '../../src/commands/bus';
import type { AppEvent } from '../../src/events';
import { replayFinal, REDACTED } from '../../src/log/log';
import { parseLog } from '../../src/log/logCodec';
import { memoryStorage } from '../../src/effects/persistence';
import { createRecorder, RING_KEY } from '../../src/effects/recording';
import { initialState, type AppState } from '../../src/projections/store';
import { ErrorBoundary } from '../../src/views/app/ErrorBoundary';
import { setBugReporter } from '../../src/views/app/bugReportSlot';
import { isDownloadShortcut, startBugReporting } from '../../src/views/app/bugReportStart';
import { createBugReporter, installBugReporting, type ReporterDeps } from '../../src/views/app/bugReportUi';
import { TEXT_CONSENT, TEXT_SEND_REPORT, TEXT_SENT } from '../../src/views/app/SendReportButton';
import { ErrorPage } from '../../src/views/pages/ErrorPage';
import { StoreProvider } from '../../src/views/app/store';
import { generateCatalog, user as generatedUser } from '../../tools/gen-catalog';
import { savedAddress } from '../fixtures/address';
import { generateEventLog } from '../../tools/gen-log';

const session = generateEventLog({ eventCount: 80, seed: 2, catalog: generateCatalog(15, 6) });
const phoneDigits = generatedUser.phone.replace(/\D/g, '').slice(1);

function fakeStore() {
  const events$ = new Subject<{ entry: LogEntry; events: readonly AppEvent[] }>();
  let state: AppState = initialState;
  const appended: LogEntry[] = [];
  return {
    events$,
    getState: () => state,
    entries: (): readonly LogEntry[] => appended,
    subscribe: () => () => undefined,
    dispatch: () => undefined,
    play(entries: readonly LogEntry[]) {
      for (const entry of entries) {
        appended.push(entry);
        events$.next({ entry, events: entry.events });
      }
      state = replayFinal(parseLog(JSON.parse(JSON.stringify({ ...session, entries: appended }))));
    },
  };
}

/** A reporter over a recorder holding `entries` (the bench session's unless told). */
function reporterOver(upload: ReporterDeps['upload'], entries: readonly LogEntry[] = session.entries) {
  const recorder = createRecorder({
    storage: memoryStorage(),
    initial: initialState,
    appVersion: '0.1.0',
    storeVersion: () => '1',
  });
  for (const entry of entries) recorder.record(entry);
  const saved: { name: string; text: string }[] = [];
  const reporter = createBugReporter({
    recorder,
    getState: () => initialState,
    now: () => '2026-11-23T05:00:00.000Z',
    route: () => '/angarsk/cart',
    userAgent: () => 'jsdom',
    upload,
    save: (name, text) => void saved.push({ name, text }),
  });
  return { reporter, saved };
}

function renderWithStore(ui: React.ReactNode) {
  const { hook } = memoryLocation({ path: '/angarsk' });
  return render(
    <StoreProvider
      store={{
        getState: () => initialState,
        subscribe: () => () => undefined,
        dispatch: () => undefined,
        now: () => '2026-11-23T06:00:00.000Z',
      }}
    >
      <Router hook={hook}>{ui}</Router>
    </StoreProvider>,
  );
}

afterEach(() => {
  cleanup();
  setBugReporter(null);
  vi.unstubAllGlobals();
});

/** A page whose render throws TypeError(`message`), caught by the error boundary (its console.error silenced). */
function renderCrashed(message: string, resetKey: string) {
  const Thrower = () => {
    throw new TypeError(message);
  };
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  renderWithStore(
    <ErrorBoundary resetKey={resetKey}>
      <Thrower />
    </ErrorBoundary>,
  );
}

describe("the error page's 'Отправить отчёт об ошибке'", () => {
  it('sends the masked report (no token, no full phone) and says it was sent', async () => {
    const sent: ClientReport[] = [];
    const { reporter } = reporterOver(async (report) => {
      sent.push(report);
      return { id: '0f1e2d3c-aaaa-bbbb-cccc-111122223333' };
    });
    setBugReporter(reporter);
    renderWithStore(<ErrorPage status={500} />);
    fireEvent.click(screen.getByRole('button', { name: TEXT_SEND_REPORT }));
    expect(await screen.findByText(TEXT_SENT)).toBeTruthy();
    expect(screen.getByText('№ 0f1e2d3c')).toBeTruthy();
    expect(screen.queryByRole('button', { name: TEXT_SEND_REPORT })).toBeNull();
    const [report] = sent;
    expect(ClientReport.parse(report)).toMatchObject({
      kind: CLIENT_REPORT_KIND,
      appVersion: '0.1.0',
      route: '/angarsk/cart',
      userAgent: 'jsdom',
    });
    const text = JSON.stringify(report);
    expect(text).not.toContain('bench-token');
    expect(text.replace(/\D/g, ' ')).not.toContain(phoneDigits);
    expect(replayFinal(parseLog(report?.log)).auth.token).toBe(REDACTED);
  });

  it('masks addresses and comments too unless the customer ticks the box to attach them', async () => {
    const address = savedAddress({
      id: 'addr-1',
      userId: 'user-1',
      street: 'улица Карла Маркса',
      home: '12',
      apartment: '34',
      comment: 'Позвонить за 10 минут',
      location: { lat: 52.541234, lon: 103.888765 },
    });
    const sent: ClientReport[] = [];
    const { reporter } = reporterOver(
      async (report) => (sent.push(report), { id: '0f1e2d3c-aaaa-bbbb-cccc-111122223333' }),
      [
        {
          position: 1,
          at: '2026-11-23T05:00:00.000Z',
          events: [{ type: 'AddressesLoaded', data: { addresses: [address], selectedId: address.id } }],
        },
      ],
    );
    setBugReporter(reporter);
    const { unmount } = renderWithStore(<ErrorPage status={500} />);
    const box = screen.getByRole('checkbox', { name: TEXT_CONSENT });
    expect((box as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: TEXT_SEND_REPORT }));
    await screen.findByText(TEXT_SENT);
    const masked = JSON.stringify(sent[0]);
    for (const part of ['Карла Маркса', 'Позвонить', '52.5412']) expect(masked).not.toContain(part);
    expect(parseLog(sent[0]?.log).entries).toHaveLength(1);

    unmount();
    reporter.dismiss();
    renderWithStore(<ErrorPage status={500} />);
    fireEvent.click(screen.getByRole('checkbox', { name: TEXT_CONSENT }));
    fireEvent.click(screen.getByRole('button', { name: TEXT_SEND_REPORT }));
    await screen.findByText(TEXT_SENT);
    const attached = JSON.stringify(sent[1]);
    for (const part of ['улица Карла Маркса', 'Позвонить за 10 минут', '52.541234']) expect(attached).toContain(part);
  });

  it("shows the server's refusal (429) and keeps the button to try again", async () => {
    const { ApiFailure } = await import('../../src/api/client');
    const { reporter } = reporterOver(async () => {
      throw new ApiFailure(429, 'Слишком много отчётов об ошибках с вашего адреса. Повторите позже');
    });
    setBugReporter(reporter);
    renderWithStore(<ErrorPage status={500} />);
    fireEvent.click(screen.getByRole('button', { name: TEXT_SEND_REPORT }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Слишком много отчётов об ошибках с вашего адреса. Повторите позже',
    );
    expect(screen.getByRole('button', { name: TEXT_SEND_REPORT })).toBeTruthy();
  });

  it('a render error caught by the boundary travels with the report', async () => {
    const sent: ClientReport[] = [];
    const { reporter } = reporterOver(async (report) => (sent.push(report), { id: 'r-1' }));
    setBugReporter(reporter);
    renderCrashed('cart.items is undefined', '/angarsk/cart');
    expect(screen.getByText('500')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: TEXT_SEND_REPORT }));
    await screen.findByText(TEXT_SENT);
    expect(sent[0]?.error).toMatchObject({ name: 'TypeError', message: 'cart.items is undefined' });
  });

  it('shows no button when no reporter is installed', () => {
    renderWithStore(<ErrorPage status={500} />);
    expect(screen.queryByRole('button', { name: TEXT_SEND_REPORT })).toBeNull();
  });
});

describe('installBugReporting', () => {
  let store: ReturnType<typeof fakeStore>;
  let storage: ReturnType<typeof memoryStorage>;
  beforeEach(() => {
    store = fakeStore();
    storage = memoryStorage();
  });

  it('records what the store appends, and flushes the ring on pagehide', () => {
    const installed = installBugReporting({ store, storage });
    store.play(session.entries.slice(0, 30));
    expect(installed.recorder.log().entries).toHaveLength(30);
    window.dispatchEvent(new Event('pagehide'));
    expect(storage.getItem(RING_KEY)).toContain('"position":30');
    installed.uninstall();
  });

  it("offers 'Отправить отчёт об ошибке' after an uncaught error and posts the report to /api/v1/client-log", async () => {
    const calls: { url: string; body: unknown; auth: string | null }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      const headers = new Headers(init.headers);
      calls.push({ url, body: JSON.parse(String(init.body)), auth: headers.get('authorization') });
      return new Response(JSON.stringify({ id: 'abcdef12-0000' }), {
        status: 201,
        headers: { 'content-type': 'application/json' },
      });
    });
    const installed = installBugReporting({ store, storage });
    store.play(session.entries);
    act(() => {
      window.dispatchEvent(new ErrorEvent('error', { error: new RangeError('bad index'), message: 'bad index' }));
    });
    const dialog = await screen.findByRole('dialog', { name: TEXT_SEND_REPORT });
    expect(dialog.textContent).toContain('На странице произошла ошибка');
    fireEvent.click(screen.getByRole('button', { name: TEXT_SEND_REPORT }));
    await screen.findByText(TEXT_SENT);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/api/v1/client-log');
    expect(calls[0]?.auth).toBeNull();
    const report = ClientReport.parse(calls[0]?.body);
    expect(report.error).toMatchObject({ name: 'RangeError', message: 'bad index' });
    expect(report.log.entries).toHaveLength(session.entries.length);
    expect(JSON.stringify(report).replace(/\D/g, ' ')).not.toContain(phoneDigits);
    fireEvent.click(screen.getByRole('button', { name: 'Закрыть' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    installed.uninstall();
  });

  it("makes the offer's React root only when there is an offer to show (the install stays a short task)", async () => {
    const installed = installBugReporting({ store, storage });
    expect(document.getElementById('bug-report-root')).toBeNull();
    act(() => {
      window.dispatchEvent(new ErrorEvent('error', { error: new Error('late'), message: 'late' }));
    });
    expect(await screen.findByRole('dialog', { name: TEXT_SEND_REPORT })).toBeTruthy();
    expect(document.getElementById('bug-report-root')).not.toBeNull();
    installed.uninstall();
    expect(document.getElementById('bug-report-root')).toBeNull();
  });

  it('offers a report for an unhandled promise rejection too', async () => {
    const installed = installBugReporting({ store, storage });
    act(() => {
      const event = new Event('unhandledrejection') as Event & { reason?: unknown };
      Object.defineProperty(event, 'reason', { value: new Error('promo failed') });
      window.dispatchEvent(event);
    });
    expect(await screen.findByRole('dialog', { name: TEXT_SEND_REPORT })).toBeTruthy();
    expect(installed.reporter.lastError()).toMatchObject({ message: 'promo failed' });
    installed.uninstall();
  });

  it('Ctrl+Shift+L saves the masked log as a JSON file named by the time', async () => {
    const saved: { name: string; text: string }[] = [];
    const installed = installBugReporting({ store, storage, save: (name, text) => void saved.push({ name, text }) });
    store.play(session.entries);
    fireEvent.keyDown(window, { key: 'L', code: 'KeyL', ctrlKey: true, shiftKey: true });
    // The report is made once its module (and the log codec) has loaded.
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toMatch(/^storefront-log-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.json$/);
    const file = ClientReport.parse(JSON.parse(saved[0]?.text ?? ''));
    expect(replayFinal(parseLog(file.log)).cart).toEqual(store.getState().cart);
    expect(saved[0]?.text).not.toContain('bench-token');
    expect(saved[0]?.text.replace(/\D/g, ' ')).not.toContain(phoneDigits);
    installed.uninstall();
  });

  it('reads the earlier sessions only for the report: one this app cannot parse is left out there, not at start', async () => {
    const readable = { ...session, entries: session.entries.slice(0, 4) };
    const unreadable = {
      schemaVersion: 99,
      appVersion: '9.9.9',
      storeVersion: '1',
      entries: [{ position: 1, at: 'later', events: [] }],
    };
    storage.setItem(RING_KEY, JSON.stringify({ format: 1, sessions: [unreadable, readable] }));
    const saved: { name: string; text: string }[] = [];
    const installed = installBugReporting({ store, storage, save: (name, text) => void saved.push({ name, text }) });
    expect(installed.recorder.earlier()).toHaveLength(2);
    store.play(session.entries.slice(0, 3));
    fireEvent.keyDown(window, { key: 'L', code: 'KeyL', ctrlKey: true, shiftKey: true });
    await waitFor(() => expect(saved).toHaveLength(1));
    const file = ClientReport.parse(JSON.parse(saved[0]?.text ?? ''));
    expect(file.earlierLogs?.map((l) => l.entries.length)).toEqual([4]);
    expect(file.log.entries).toHaveLength(3);
    expect(saved[0]?.text).not.toContain('bench-token');
    installed.uninstall();
  });

  it('the shortcut is Ctrl+Shift+L or ⌘+Shift+L, in any keyboard layout', () => {
    const base = { ctrlKey: false, metaKey: false, shiftKey: true, altKey: false, code: 'KeyL', key: 'L' };
    expect(isDownloadShortcut({ ...base, ctrlKey: true })).toBe(true);
    expect(isDownloadShortcut({ ...base, metaKey: true })).toBe(true);
    expect(isDownloadShortcut({ ...base, ctrlKey: true, key: 'Д' })).toBe(true);
    expect(isDownloadShortcut({ ...base })).toBe(false);
    expect(isDownloadShortcut({ ...base, ctrlKey: true, shiftKey: false })).toBe(false);
    expect(isDownloadShortcut({ ...base, ctrlKey: true, code: 'KeyK', key: 'K' })).toBe(false);
  });

  it('exposes window.__storefront in test builds (development and test only)', () => {
    const installed = installBugReporting({ store, storage });
    store.play(session.entries.slice(0, 5));
    const hook: unknown = Reflect.get(window, '__storefront');
    expect(typeof hook).toBe('object');
    installed.uninstall();
    expect(Reflect.get(window, '__storefront')).toBeUndefined();
  });
});

describe('startBugReporting: the reporting chunk after the first paint', () => {
  let store: ReturnType<typeof fakeStore>;
  let storage: ReturnType<typeof memoryStorage>;
  let started: ReturnType<typeof startBugReporting> | null = null;
  beforeEach(() => {
    store = fakeStore();
    storage = memoryStorage();
  });
  afterEach(() => {
    started?.stop();
    started = null;
  });

  /** Starts over the real chunk, counting its loads; `idle()` plays the browser's first idle moment. */
  function start(options: { failFirst?: boolean; save?: (name: string, text: string) => void } = {}) {
    let idle: () => void = () => undefined;
    let loads = 0;
    started = startBugReporting({
      store,
      storage,
      ...(options.save ? { save: options.save } : {}),
      whenIdle: (go) => ((idle = go), () => undefined),
      load: () => {
        loads += 1;
        if (options.failFirst === true && loads === 1) return Promise.reject(new Error('chunk failed'));
        return import('../../src/views/app/bugReportUi');
      },
    });
    return { started, idle: () => idle(), loads: () => loads };
  }

  it('loads nothing until the page is idle, then records the whole session from the state the store started from', async () => {
    const { started, idle, loads } = start();
    store.play(session.entries.slice(0, 30));
    expect(loads()).toBe(0);
    idle();
    const installed = await started.installed();
    store.play(session.entries.slice(30, 40));
    const log = installed.recorder.log();
    expect(log.entries.map((e) => e.position)).toEqual(session.entries.slice(0, 40).map((e) => e.position));
    expect(log.snapshot?.state).toEqual(initialState);
    expect(replayFinal(parseLog(JSON.parse(JSON.stringify(log)))).cart).toEqual(store.getState().cart);
    expect(loads()).toBe(1);
  });

  it('an uncaught error before the chunk loads it at once and is offered when it is there', async () => {
    const { started, loads } = start();
    act(() => {
      window.dispatchEvent(new ErrorEvent('error', { error: new RangeError('early'), message: 'early' }));
    });
    expect(loads()).toBe(1);
    const installed = await started.installed();
    expect(await screen.findByRole('dialog', { name: TEXT_SEND_REPORT })).toBeTruthy();
    expect(installed.reporter.lastError()).toMatchObject({ name: 'RangeError', message: 'early' });
  });

  it("a sign-out before the chunk loads it at once, and the ring forgets the customer's entries", async () => {
    const user = {
      id: 'user-1',
      phone: '+79991234567',
      name: 'Иван',
      balance: 0,
      zoneId: null,
      personalData: true,
      PUSHNotifications: false,
      receiveAdvertisingInformation: false,
      userAllergens: [],
    };
    // a previous page load left the customer in the ring
    const previous = createRecorder({ storage, initial: initialState, appVersion: '0.1.0', storeVersion: () => '1' });
    previous.record({
      position: 1,
      at: '2026-11-23T05:00:00.000Z',
      events: [{ type: 'SignedIn', data: { token: 't', user } }],
    });
    previous.flush();
    expect(storage.getItem(RING_KEY)).toContain('9991234567');
    const { started, loads } = start();
    const at = '2026-11-23T05:01:00.000Z';
    store.play([
      {
        position: 1,
        at,
        command: { type: 'Logout', data: {} },
        events: [{ type: 'LoggedOut', data: { reason: 'user' } }],
      },
    ]);
    expect(loads()).toBe(1);
    await started.installed();
    const ring = storage.getItem(RING_KEY) ?? '';
    expect(ring).not.toContain('9991234567');
    expect(ring).not.toContain('Иван');
  });

  it('Ctrl+Shift+L before the chunk downloads the log once it is there', async () => {
    const saved: { name: string; text: string }[] = [];
    start({ save: (name, text) => void saved.push({ name, text }) });
    store.play(session.entries.slice(0, 5));
    fireEvent.keyDown(window, { key: 'L', code: 'KeyL', ctrlKey: true, shiftKey: true });
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(ClientReport.parse(JSON.parse(saved[0]?.text ?? '')).log.entries).toHaveLength(5);
  });

  it('a chunk that failed to load is tried again on the next error', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { started, idle, loads } = start({ failFirst: true });
    idle();
    await waitFor(() => expect(warn).toHaveBeenCalled());
    act(() => {
      window.dispatchEvent(new ErrorEvent('error', { error: new Error('second'), message: 'second' }));
    });
    expect(loads()).toBe(2);
    expect((await started.installed()).reporter.lastError()).toMatchObject({ message: 'second' });
  });

  it("a render error noted before the reporter is there travels with the report, and the error page's button appears with it", async () => {
    const sent: ClientReport[] = [];
    renderCrashed('before the reporter', '/angarsk');
    expect(screen.queryByRole('button', { name: TEXT_SEND_REPORT })).toBeNull();
    const { reporter } = reporterOver(async (report) => (sent.push(report), { id: 'r-2' }));
    act(() => setBugReporter(reporter));
    fireEvent.click(await screen.findByRole('button', { name: TEXT_SEND_REPORT }));
    await screen.findByText(TEXT_SENT);
    expect(sent[0]?.error).toMatchObject({ name: 'TypeError', message: 'before the reporter' });
  });
});
