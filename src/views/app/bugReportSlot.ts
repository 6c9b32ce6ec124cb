// The page's bug reporter, once there is one, and what the page needs of it at once.
//
// The reporter and the recorder load after the first paint (./bugReportStart), so the
// error boundary and the error page cannot rely on one being installed: they go through this
// slot. An error noted before the reporter is installed is kept and handed to it when it is,
// and the error page's button appears then (views subscribe to the slot).
import type { ClientReport, ReportedError } from '../../api/contract/clientLog';

export type ReportStatus =
  | { status: 'idle' }
  | { status: 'offered'; error: ReportedError }
  | { status: 'sending'; error: ReportedError | null }
  | { status: 'sent'; id: string }
  | { status: 'failed'; message: string; error: ReportedError | null };

/** What the customer agreed to send beyond the masked log (nothing unless they tick the box). */
export type ReportConsent = { withAddresses: boolean };

export interface BugReporter {
  /** The report as it would be sent now (masked, trimmed to the size limit). */
  report(error: ReportedError | null, consent?: ReportConsent): Promise<ClientReport>;
  /** Sends the report; the status follows it (sending → sent / failed). */
  send(error: ReportedError | null, consent?: ReportConsent): Promise<void>;
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

let installed: BugReporter | null = null;
/** An error the error boundary noted while no reporter was installed yet. */
let pendingNote: { error: unknown } | null = null;
const listeners = new Set<() => void>();

/** Sets (or clears) the page's reporter, handing it an error noted before; tests pass a reporter over fakes. */
export function setBugReporter(reporter: BugReporter | null): void {
  installed = reporter;
  if (reporter !== null && pendingNote !== null) reporter.note(pendingNote.error);
  pendingNote = null;
  for (const listener of [...listeners]) listener();
}

export function getBugReporter(): BugReporter | null {
  return installed;
}

/** For useSyncExternalStore: called when a reporter is installed or removed. */
export function subscribeBugReporter(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Remembers an error for the next report (the error boundary's), whether or not the reporter is there yet. */
export function noteError(error: unknown): void {
  if (installed !== null) installed.note(error);
  else pendingNote = { error };
}
