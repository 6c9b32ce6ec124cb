// Starts bug reporting after the first paint, keeping what happens before its chunk arrives.
// See docs/ARCHITECTURE.md «Bug reporting after the first paint».
import type { LogEntry } from '../../commands/bus';
import { whenIdle$ } from '../../effects/lazy';
import type { KeyValueStorage } from '../../effects/persistence';
import type { AppEvent } from '../../events';
import type { AppState } from '../../projections/store';
import type { Recorder } from '../../effects/recording';
import type { BugReporter } from './bugReportSlot';

/** Ctrl+Shift+L, or ⌘+Shift+L on a Mac. */
export function isDownloadShortcut(
  event: Pick<KeyboardEvent, 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey' | 'code' | 'key'>,
): boolean {
  return (
    (event.ctrlKey || event.metaKey) &&
    event.shiftKey &&
    !event.altKey &&
    (event.code === 'KeyL' || event.key.toLowerCase() === 'l' || event.key === 'Д' || event.key === 'д')
  );
}

/** Errors that are not bugs of the page: ResizeObserver's loop notice, a script of another origin. */
export function worthOffering(message: string): boolean {
  return !/ResizeObserver loop|^Script error\.?$/.test(message);
}

/** The store as the recorder needs it: its state, what it appended so far, and what it appends. */
export type RecordedStore = {
  getState(): AppState;
  entries(): readonly LogEntry[];
  events$: {
    subscribe(observer: (value: { entry: LogEntry; events: readonly AppEvent[] }) => void): { unsubscribe(): void };
  };
};

/** What the reporter's chunk (./bugReportUi) installs: declared here, which that chunk imports, so neither imports the other's types. */
export type InstalledReporting = { recorder: Recorder; reporter: BugReporter; uninstall(): void };

/** The reporter's chunk as this module loads it. */
export type BugReportModule = {
  installBugReporting(options: {
    store: RecordedStore;
    storage: KeyValueStorage;
    win?: Window;
    initial?: AppState;
    save?: (fileName: string, text: string) => void;
  }): InstalledReporting;
};

export type StartOptions = {
  store: RecordedStore;
  storage: KeyValueStorage;
  win?: Window;
  /** How the Ctrl+Shift+L file is saved (default: a download through an object URL). */
  save?: (fileName: string, text: string) => void;
  /** The reporting chunk (LAZY_AREAS.logTools in ./lazyAreas). */
  load: () => Promise<BugReportModule>;
  /** Calls `start` when the page is first idle; returns a cancel (default: after the load event, requestIdleCallback, 2 s at most). */
  whenIdle?: (start: () => void) => () => void;
};

export type StartedReporting = {
  /** Resolves with the installed reporting once its chunk has loaded. */
  installed(): Promise<InstalledReporting>;
  /** Removes what was installed, or stops waiting for it. */
  stop(): void;
};

/** The page's first idle moment after its load (src/effects/lazy.ts whenIdle$). */
function browserIdle(start: () => void): () => void {
  const subscription = whenIdle$().subscribe(start);
  return () => subscription.unsubscribe();
}

export function startBugReporting(options: StartOptions): StartedReporting {
  const { store, storage } = options;
  const win = options.win ?? window;
  const { load } = options;
  // The state the store starts from: the recorder's snapshot, whenever it arrives.
  const initial = store.getState();
  const errors: unknown[] = [];
  let downloadAsked = false;
  let stopped = false;
  let loading: Promise<InstalledReporting> | null = null;
  let result: InstalledReporting | null = null;
  const waiting: { resolve(value: InstalledReporting): void }[] = [];

  const onError = (event: ErrorEvent) => {
    const message = event.error instanceof Error ? event.error.message : event.message;
    if (!worthOffering(message)) return;
    errors.push(event.error ?? new Error(message));
    begin();
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    errors.push(event.reason);
    begin();
  };
  const onKey = (event: KeyboardEvent) => {
    if (!isDownloadShortcut(event)) return;
    event.preventDefault();
    downloadAsked = true;
    begin();
  };
  const onHide = () => begin();
  const onVisibility = () => {
    if (win.document.visibilityState === 'hidden') begin();
  };
  const listen = (on: boolean) => {
    if (on) {
      win.addEventListener('error', onError);
      win.addEventListener('unhandledrejection', onRejection);
      win.addEventListener('keydown', onKey);
      win.addEventListener('pagehide', onHide);
      win.document.addEventListener('visibilitychange', onVisibility);
    } else {
      win.removeEventListener('error', onError);
      win.removeEventListener('unhandledrejection', onRejection);
      win.removeEventListener('keydown', onKey);
      win.removeEventListener('pagehide', onHide);
      win.document.removeEventListener('visibilitychange', onVisibility);
    }
  };
  listen(true);
  const signOut = store.events$.subscribe(({ events }) => {
    if (events.some((e) => e.type === 'LoggedOut')) begin();
  });
  const cancelIdle = (options.whenIdle ?? browserIdle)(() => begin());

  function begin(): void {
    if (loading !== null || stopped) return;
    loading = load().then(
      (module) => {
        if (stopped) throw new Error('bug reporting was stopped before it loaded');
        // Handing over in one go: from here on the installed listeners see every event.
        listen(false);
        signOut.unsubscribe();
        const installed = module.installBugReporting({
          store,
          storage,
          win,
          initial,
          ...(options.save ? { save: options.save } : {}),
        });
        for (const error of errors.splice(0)) installed.reporter.offer(error);
        if (downloadAsked) {
          downloadAsked = false;
          installed.recorder.flush();
          void installed.reporter.download();
        }
        result = installed;
        for (const w of waiting.splice(0)) w.resolve(installed);
        return installed;
      },
      (error: unknown) => {
        loading = null;
        console.warn('bug reporting failed to load; trying again on the next error', error);
        throw error;
      },
    );
    loading.catch(() => undefined);
  }

  return {
    installed: () => (result !== null ? Promise.resolve(result) : new Promise((resolve) => waiting.push({ resolve }))),
    stop() {
      stopped = true;
      cancelIdle();
      listen(false);
      signOut.unsubscribe();
      result?.uninstall();
      result = null;
    },
  };
}
