// The error page's 'Отправить отчёт об ошибке' and the report's status line, which the
// offer after an uncaught error (./bugReportUi, loaded later) shows too. Part of the first load
// because the error page is: the reporter behind the button may arrive after it is shown.
import { useState, useSyncExternalStore } from 'react';
import { getBugReporter, subscribeBugReporter, type BugReporter, type ReportStatus } from './bugReportSlot';
import styles from './bugReport.module.css';

export const TEXT_SEND_REPORT = 'Отправить отчёт об ошибке';
export const TEXT_OFFER = 'На странице произошла ошибка. Отчёт поможет нам её исправить.';
export const TEXT_SENDING = 'Отправляем отчёт…';
export const TEXT_SENT = 'Отчёт отправлен, спасибо!';
export const TEXT_SEND_FAILED = 'Не удалось отправить отчёт. Попробуйте позже';
export const TEXT_CLOSE = 'Закрыть';
export const TEXT_CONSENT = 'Приложить мои адреса и комментарии к заказам';

/** Unticked, the report masks addresses and comments as well as phones and names (152-ФЗ). */
export function ConsentBox({ checked, onChange }: { checked: boolean; onChange(checked: boolean): void }) {
  return (
    <label className={styles.note}>
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.currentTarget.checked)} /> {TEXT_CONSENT}
    </label>
  );
}

const idle: ReportStatus = { status: 'idle' };
const noSubscribe = () => () => undefined;
const idleStatus = () => idle;

export function useReportStatus(reporter: BugReporter | null): ReportStatus {
  return useSyncExternalStore(
    reporter?.subscribe ?? noSubscribe,
    reporter?.status ?? idleStatus,
    reporter?.status ?? idleStatus,
  );
}

/** The page's reporter: null until it is installed, then it (the view re-renders). */
function useInstalledReporter(): BugReporter | null {
  return useSyncExternalStore(subscribeBugReporter, getBugReporter, getBugReporter);
}

export function StatusLine({ status }: { status: ReportStatus }) {
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

/** The error page's 'Отправить отчёт об ошибке' (nothing while no reporter is installed). */
export function SendReportButton({ reporter: given }: { reporter?: BugReporter | null }) {
  const installed = useInstalledReporter();
  const reporter = given === undefined ? installed : given;
  const status = useReportStatus(reporter);
  const [withAddresses, setWithAddresses] = useState(false);
  if (reporter === null) return null;
  return (
    <div className={styles.inline}>
      {status.status !== 'sent' && (
        <>
          <ConsentBox checked={withAddresses} onChange={setWithAddresses} />
          <button
            type="button"
            className={styles.button}
            disabled={status.status === 'sending'}
            onClick={() => void reporter.send(reporter.lastError(), { withAddresses })}
          >
            {TEXT_SEND_REPORT}
          </button>
        </>
      )}
      <StatusLine status={status} />
    </div>
  );
}
