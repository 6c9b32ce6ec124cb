// Bug reports in the browser: recorder wiring, sending, the offer after an error, Ctrl+Shift+L.
// See docs/ARCHITECTURE.md «Bug reporting after the first paint».
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { version as packageVersion } from '../../../package.json';
import { ApiFailure, createApiClient } from '../../api/client';
import type { ClientReport, ReportedError } from '../../api/contract/clientLog';
import { storeVersionOf, type KeyValueStorage } from '../../effects/persistence';
import { createRecorder, type Recorder } from '../../effects/recording';
import type { Log } from '../../log/log';
import type { AppState } from '../../projections/store';
import { isDownloadShortcut, worthOffering, type InstalledReporting, type RecordedStore } from './bugReportStart';
import {
  setBugReporter,
  getBugReporter,
  type BugReporter,
  type ReportConsent,
  type ReportStatus,
} from './bugReportSlot';
import { describeError } from './reportedError';
import {
  ConsentBox,
  StatusLine,
  TEXT_CLOSE,
  TEXT_OFFER,
  TEXT_SEND_FAILED,
  TEXT_SEND_REPORT,
  useReportStatus,
} from './SendReportButton';
import styles from './bugReport.module.css';

export const APP_VERSION: string = packageVersion;

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
  const build = async (
    error: ReportedError | null,
    now: string,
    maxBytes?: number,
    withAddresses = false,
  ): Promise<ClientReport> => {
    const earlier = deps.recorder.earlier();
    const current = deps.recorder.log();
    const page = {
      appVersion: APP_VERSION,
      storeVersion: storeVersionOf(deps.getState()),
      route: deps.route(),
      userAgent: deps.userAgent(),
      now,
      error,
    };
    const { buildReport, readSessions } = await import('./bugReport');
    return buildReport({
      ...page,
      withAddresses,
      sessions: readSessions(earlier, current),
      ...(maxBytes === undefined ? {} : { maxBytes }),
    });
  };
  const report = (error: ReportedError | null, consent?: ReportConsent): Promise<ClientReport> =>
    build(error, deps.now(), undefined, consent?.withAddresses === true);
  return {
    report,
    async send(error, consent) {
      if (state.status === 'sending') return;
      set({ status: 'sending', error });
      try {
        const { id } = await deps.upload(await report(error, consent));
        last = null;
        set({ status: 'sent', id });
      } catch (failure) {
        const message =
          failure instanceof ApiFailure && failure.serverMessage !== null ? failure.serverMessage : TEXT_SEND_FAILED;
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
// The offer after an uncaught error.

/** The offer shown after an uncaught error (its own React root, over the page). */
export function BugReportOffer({ reporter }: { reporter: BugReporter }) {
  const status = useReportStatus(reporter);
  const [withAddresses, setWithAddresses] = useState(false);
  if (status.status === 'idle') return null;
  const error =
    status.status === 'offered' || status.status === 'sending' || status.status === 'failed' ? status.error : null;
  return (
    <div className={styles.offer} role="dialog" aria-label={TEXT_SEND_REPORT}>
      <p className={styles.text}>{TEXT_OFFER}</p>
      {status.status !== 'sent' && <ConsentBox checked={withAddresses} onChange={setWithAddresses} />}
      <div className={styles.actions}>
        {status.status !== 'sent' && (
          <button
            type="button"
            className={styles.button}
            disabled={status.status === 'sending'}
            onClick={() => void reporter.send(error, { withAddresses })}
          >
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

export type { InstalledReporting };

export function installBugReporting(options: {
  store: RecordedStore;
  storage: KeyValueStorage;
  win?: Window;
  /**
   * The state the store started from, when installed after it has appended entries (the default
   * is its state now, which is that only before the first dispatch).
   */
  initial?: AppState;
  /** How the Ctrl+Shift+L file is saved (default: a download through an object URL). */
  save?: (fileName: string, text: string) => void;
}): InstalledReporting {
  const { store, storage } = options;
  const win = options.win ?? window;
  const recorder = createRecorder({
    storage,
    initial: options.initial ?? store.getState(),
    appVersion: APP_VERSION,
    storeVersion: () => storeVersionOf(store.getState()),
  });
  // What the store appended before this chunk loaded, then (in the same task, so nothing is
  // missed between the two) every entry it appends.
  for (const entry of store.entries()) recorder.record(entry);
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
    upload: (report) =>
      import('../../api/contract/clientLog').then((m) => client.call(m.uploadClientLog, { body: report })),
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

  // The offer's React root is made when there is first something to show, not at install: the
  // install runs in the page's first idle moment and should stay a short task (docs/ARCHITECTURE.md).
  let shown: { host: HTMLDivElement; root: ReturnType<typeof createRoot> } | null = null;
  const showOffer = () => {
    if (shown !== null || reporter.status().status === 'idle') return;
    const host = win.document.createElement('div');
    host.id = 'bug-report-root';
    win.document.body.append(host);
    const root = createRoot(host);
    root.render(<BugReportOffer reporter={reporter} />);
    shown = { host, root };
  };
  const stopShowing = reporter.subscribe(showOffer);

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
      stopShowing();
      shown?.root.unmount();
      shown?.host.remove();
      if (getBugReporter() === reporter) setBugReporter(null);
      Reflect.deleteProperty(win, '__storefront');
    },
  };
}
