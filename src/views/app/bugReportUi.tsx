// Bug reports in the browser (issue 7): the recorder wired to the store, the report sent to
// POST /api/v1/client-log, the offer after an uncaught error, the button of the error page, and
// Ctrl+Shift+L (⌘+Shift+L on a Mac) to download the log as a JSON file.
//
// `installBugReporting` (src/views/main.tsx, before the effects start) records every entry the
// store appends into the ring (src/effects/recording.ts), writes it on `pagehide`, listens for
// `error` and `unhandledrejection` on window and then shows a small offer in its own React root,
// and exposes `window.__storefront` (state and log) in development and test builds only.
//
// Making a report needs the log codec (the event and command schemas) to read the earlier
// sessions and re-validate the export: bugReport.ts is imported with import() when a report is
// sent or downloaded, so it is a chunk of its own and not part of the page's first load (issue 4).
import { useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { version as packageVersion } from '../../../package.json';
import { ApiFailure, createApiClient } from '../../api/client';
import type { ClientReport, ReportedError } from '../../api/contract/clientLog';
import type { AppEvent } from '../../events';
import type { LogEntry } from '../../commands/bus';
import { storeVersionOf, type KeyValueStorage } from '../../effects/persistence';
import { createRecorder, type Recorder } from '../../effects/recording';
import type { Log } from '../../events/log';
import type { AppState } from '../../projections/store';
import { describeError } from './reportedError';
import styles from './bugReport.module.css';

export const APP_VERSION: string = packageVersion;

export const TEXT_SEND_REPORT = 'Отправить отчёт об ошибке';
export const TEXT_OFFER = 'На странице произошла ошибка. Отчёт поможет нам её исправить.';
export const TEXT_SENDING = 'Отправляем отчёт…';
export const TEXT_SENT = 'Отчёт отправлен, спасибо!';
export const TEXT_SEND_FAILED = 'Не удалось отправить отчёт. Попробуйте позже';
export const TEXT_CLOSE = 'Закрыть';

export type ReportStatus =
  | { status: 'idle' }
  | { status: 'offered'; error: ReportedError }
  | { status: 'sending'; error: ReportedError | null }
  | { status: 'sent'; id: string }
  | { status: 'failed'; message: string; error: ReportedError | null };

export interface BugReporter {
  /** The report as it would be sent now (masked, trimmed to the size limit). */
  report(error: ReportedError | null): Promise<ClientReport>;
  /** Sends the report; the status follows it (sending → sent / failed). */
  send(error: ReportedError | null): Promise<void>;
  /** Saves the masked log as a JSON file (Ctrl+Shift+L); rejects when the report cannot be made. */
  download(): Promise<void>;
  /** An error happened: remember it for the report and offer to send one. */
  offer(error: unknown): void;
  /** Remembers an error for the next report without showing the offer (the error page shows its own button). */
  note(error: unknown): void;
  /** The error the next report will carry, if any. */
  lastError(): ReportedError | null;
  dismiss(): void;
  status(): ReportStatus;
  subscribe(listener: () => void): () => void;
}

export type ReporterDeps = {
  recorder: Pick<Recorder, 'earlier' | 'log'>;
  getState(): AppState;
  now(): string;
  route(): string;
  userAgent(): string;
  upload(report: ClientReport): Promise<{ id: string }>;
  save(fileName: string, text: string): void;
};

export function createBugReporter(deps: ReporterDeps): BugReporter {
  let state: ReportStatus = { status: 'idle' };
  let last: ReportedError | null = null;
  const listeners = new Set<() => void>();
  const set = (next: ReportStatus) => {
    state = next;
    for (const l of [...listeners]) l();
  };
  // Everything is read before the codec loads: the report shows the page as it was when asked for.
  const build = async (error: ReportedError | null, now: string, maxBytes?: number): Promise<ClientReport> => {
    const earlier = deps.recorder.earlier();
    const current = deps.recorder.log();
    const page = { appVersion: APP_VERSION, storeVersion: storeVersionOf(deps.getState()), route: deps.route(), userAgent: deps.userAgent(), now, error };
    const { buildReport, readSessions } = await import('./bugReport');
    return buildReport({ ...page, sessions: readSessions(earlier, current), ...(maxBytes === undefined ? {} : { maxBytes }) });
  };
  const report = (error: ReportedError | null): Promise<ClientReport> => build(error, deps.now());
  return {
    report,
    async send(error) {
      if (state.status === 'sending') return;
      set({ status: 'sending', error });
      try {
        const { id } = await deps.upload(await report(error));
        last = null;
        set({ status: 'sent', id });
      } catch (failure) {
        const message = failure instanceof ApiFailure && failure.serverMessage !== null ? failure.serverMessage : TEXT_SEND_FAILED;
        set({ status: 'failed', message, error });
      }
    },
    async download() {
      const now = deps.now();
      const file = await build(last, now, Number.POSITIVE_INFINITY);
      const { reportFileName } = await import('./bugReport');
      deps.save(reportFileName(now), `${JSON.stringify(file, null, 2)}\n`);
    },
    offer(error) {
      last = describeError(error);
      // An offer already on screen (or a report on its way) is not replaced by a later error.
      if (state.status === 'idle' || state.status === 'sent') set({ status: 'offered', error: last });
    },
    note(error) {
      last = describeError(error);
    },
    lastError: () => last,
    dismiss() {
      if (state.status !== 'sending') set({ status: 'idle' });
    },
    status: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The installed reporter (one per page) and the views that use it.

let installed: BugReporter | null = null;

/** Sets (or clears) the page's reporter; tests pass a reporter over fakes. */
export function setBugReporter(reporter: BugReporter | null): void {
  installed = reporter;
}
export function getBugReporter(): BugReporter | null {
  return installed;
}

const idle: ReportStatus = { status: 'idle' };
const noSubscribe = () => () => undefined;

function useReportStatus(reporter: BugReporter | null): ReportStatus {
  return useSyncExternalStore(reporter?.subscribe ?? noSubscribe, reporter?.status ?? (() => idle), reporter?.status ?? (() => idle));
}

function StatusLine({ status }: { status: ReportStatus }) {
  switch (status.status) {
    case 'idle':
    case 'offered':
      return null;
    case 'sending':
      return <p className={styles.note}>{TEXT_SENDING}</p>;
    case 'sent':
      return (
        <p className={styles.note} role="status">
          {TEXT_SENT} <span className={styles.id}>№ {status.id.slice(0, 8)}</span>
        </p>
      );
    case 'failed':
      return (
        <p className={styles.failure} role="alert">
          {status.message}
        </p>
      );
    default: {
      const never: never = status;
      return never;
    }
  }
}

/** The error page's 'Отправить отчёт об ошибке' (nothing when no reporter is installed). */
export function SendReportButton({ reporter = getBugReporter() }: { reporter?: BugReporter | null }) {
  const status = useReportStatus(reporter);
  if (reporter === null) return null;
  return (
    <div className={styles.inline}>
      {status.status !== 'sent' && (
        <button type="button" className={styles.button} disabled={status.status === 'sending'} onClick={() => void reporter.send(reporter.lastError())}>
          {TEXT_SEND_REPORT}
        </button>
      )}
      <StatusLine status={status} />
    </div>
  );
}

/** The offer shown after an uncaught error (its own React root, over the page). */
export function BugReportOffer({ reporter }: { reporter: BugReporter }) {
  const status = useReportStatus(reporter);
  if (status.status === 'idle') return null;
  const error = status.status === 'offered' || status.status === 'sending' || status.status === 'failed' ? status.error : null;
  return (
    <div className={styles.offer} role="dialog" aria-label={TEXT_SEND_REPORT}>
      <p className={styles.text}>{TEXT_OFFER}</p>
      <div className={styles.actions}>
        {status.status !== 'sent' && (
          <button type="button" className={styles.button} disabled={status.status === 'sending'} onClick={() => void reporter.send(error)}>
            {TEXT_SEND_REPORT}
          </button>
        )}
        <button type="button" className={styles.close} onClick={() => reporter.dismiss()}>
          {TEXT_CLOSE}
        </button>
      </div>
      <StatusLine status={status} />
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// Wiring in the browser.

/** Ctrl+Shift+L, or ⌘+Shift+L on a Mac. */
export function isDownloadShortcut(event: Pick<KeyboardEvent, 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey' | 'code' | 'key'>): boolean {
  return (event.ctrlKey || event.metaKey) && event.shiftKey && !event.altKey && (event.code === 'KeyL' || event.key.toLowerCase() === 'l' || event.key === 'Д' || event.key === 'д');
}

/** Errors that are not bugs of the page: ResizeObserver's loop notice, a script of another origin. */
function worthOffering(message: string): boolean {
  return !/ResizeObserver loop|^Script error\.?$/.test(message);
}

/** Saves text as a file through an object URL and a temporary link (the browser's download). */
export function saveTextFile(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export type InstalledReporting = { recorder: Recorder; reporter: BugReporter; uninstall(): void };

/** The store as the recorder needs it: its state and the entries it appends. */
export type RecordedStore = {
  getState(): AppState;
  events$: { subscribe(observer: (value: { entry: LogEntry; events: readonly AppEvent[] }) => void): { unsubscribe(): void } };
};

export function installBugReporting(options: {
  store: RecordedStore;
  storage: KeyValueStorage;
  win?: Window;
  /** How the Ctrl+Shift+L file is saved (default: a download through an object URL). */
  save?: (fileName: string, text: string) => void;
}): InstalledReporting {
  const { store, storage } = options;
  const win = options.win ?? window;
  const recorder = createRecorder({
    storage,
    initial: store.getState(),
    appVersion: APP_VERSION,
    storeVersion: () => storeVersionOf(store.getState()),
  });
  const subscription = store.events$.subscribe(({ entry }) => recorder.record(entry));
  // No token on the upload: a report is anonymous (the log's token is hidden as well).
  const client = createApiClient({ baseUrl: '', getToken: () => null });
  const reporter = createBugReporter({
    recorder,
    getState: () => store.getState(),
    now: () => new Date().toISOString(),
    route: () => win.location.pathname + win.location.search,
    userAgent: () => win.navigator.userAgent,
    // The route definition comes with the report's own chunk, not with the first load.
    upload: (report) => import('../../api/contract/clientLog').then((m) => client.call(m.uploadClientLog, { body: report })),
    save: options.save ?? saveTextFile,
  });
  setBugReporter(reporter);

  const onError = (event: ErrorEvent) => {
    const message = event.error instanceof Error ? event.error.message : event.message;
    if (worthOffering(message)) reporter.offer(event.error ?? new Error(message));
  };
  const onRejection = (event: PromiseRejectionEvent) => reporter.offer(event.reason);
  const onKey = (event: KeyboardEvent) => {
    if (!isDownloadShortcut(event)) return;
    event.preventDefault();
    recorder.flush();
    // A report that cannot be made (its chunk failed to load) rejects: the page's
    // unhandledrejection listener then offers to send one, as a thrown error did before.
    void reporter.download();
  };
  const onHide = () => void recorder.flush();
  const onVisibility = () => {
    if (win.document.visibilityState === 'hidden') recorder.flush();
  };
  win.addEventListener('error', onError);
  win.addEventListener('unhandledrejection', onRejection);
  win.addEventListener('keydown', onKey);
  win.addEventListener('pagehide', onHide);
  win.document.addEventListener('visibilitychange', onVisibility);

  const host = win.document.createElement('div');
  host.id = 'bug-report-root';
  win.document.body.append(host);
  const root = createRoot(host);
  root.render(<BugReportOffer reporter={reporter} />);

  if (import.meta.env.DEV || import.meta.env.MODE === 'test') {
    Reflect.set(win, '__storefront', {
      state: () => store.getState(),
      log: (): Log => recorder.log(),
      earlier: (): unknown[] => recorder.earlier(),
      flush: () => recorder.flush(),
    });
  }

  return {
    recorder,
    reporter,
    uninstall() {
      subscription.unsubscribe();
      win.removeEventListener('error', onError);
      win.removeEventListener('unhandledrejection', onRejection);
      win.removeEventListener('keydown', onKey);
      win.removeEventListener('pagehide', onHide);
      win.document.removeEventListener('visibilitychange', onVisibility);
      recorder.flush();
      recorder.dispose();
      root.unmount();
      host.remove();
      if (installed === reporter) setBugReporter(null);
      Reflect.deleteProperty(win, '__storefront');
    },
  };
}
