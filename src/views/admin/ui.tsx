// Small building blocks of the admin screens: a labelled field, the loading / error frame of a
// query, a confirmation dialog, toasts, and Intl formatting of money and times.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useAdminServices } from './data/context';
import { useToasts, type Query } from './data/hooks';
import { TOAST_MS, type AdminToast } from './data/toasts';
import s from './admin.module.css';

export const cx = (...names: (string | false | null | undefined)[]): string => names.filter(Boolean).join(' ');

const money = new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB', maximumFractionDigits: 0 });
const dateTime = new Intl.DateTimeFormat('ru-RU', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const time = new Intl.DateTimeFormat('ru-RU', { hour: '2-digit', minute: '2-digit' });

export const formatMoney = (value: number): string => money.format(value);
export const formatDateTime = (iso: string): string => dateTime.format(new Date(iso));
export const formatTime = (iso: string): string => time.format(new Date(iso));

/** A term and its right-aligned amount in a <dl> of sums. */
export function AmountRow({ term, children }: { term: ReactNode; children: ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd className={s.num}>{children}</dd>
    </>
  );
}

export function Field({
  label,
  hint,
  error,
  children,
}: {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={s.field}>
      <label className={s.label} htmlFor={id}>
        {label}
      </label>
      {children(id)}
      {error ? (
        <p className={s.fieldError} role="alert">
          {error}
        </p>
      ) : null}
      {hint ? <p className={s.hint}>{hint}</p> : null}
    </div>
  );
}

/** Renders a query's data, or its loading text, or its error with a retry button. */
export function QueryView<T>({ query, children }: { query: Query<T>; children: (data: T) => ReactNode }) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.state.status === 'error')
    return (
      <div className={s.panel} role="alert">
        <p>{query.state.message}</p>
        <button type="button" className={cx(s.button, s.secondary)} onClick={query.reload}>
          Повторить
        </button>
      </div>
    );
  return (
    <p className={s.muted} role="status">
      Загрузка…
    </p>
  );
}

/** The page's title; `onReload` adds an Обновить button before the other actions. */
export function PageHead({
  title,
  onReload,
  children,
}: {
  title: string;
  onReload?: () => void;
  children?: ReactNode;
}) {
  return (
    <div className={s.pageHead}>
      <h1 className={s.title}>{title}</h1>
      {children || onReload ? (
        <div className={s.actions}>
          {onReload ? (
            <button type="button" className={cx(s.button, s.secondary)} onClick={onReload}>
              Обновить
            </button>
          ) : null}
          {children}
        </div>
      ) : null}
    </div>
  );
}

/** A modal dialog of the admin area (confirmations, cancellation reason). */
export function AdminDialog({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    ref.current?.querySelector<HTMLElement>('textarea, input, select, button')?.focus();
    return () => before?.focus();
  }, []);
  return (
    <div
      className={s.dialogBackdrop}
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div
        ref={ref}
        className={s.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onClose();
        }}
      >
        <h2 id={titleId} className={s.dialogTitle}>
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}

function ToastItem({ toast }: { toast: AdminToast }) {
  const { toasts } = useAdminServices();
  useEffect(() => {
    const timer = window.setTimeout(() => toasts.dismiss(toast.id), TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [toasts, toast.id]);
  return (
    <div
      className={cx(s.toast, toast.kind === 'error' && s.toastError, toast.kind === 'success' && s.toastSuccess)}
      role={toast.kind === 'error' ? 'alert' : 'status'}
    >
      <p className={s.toastText}>{toast.text}</p>
      <button
        type="button"
        className={s.toastClose}
        aria-label="Закрыть уведомление"
        onClick={() => toasts.dismiss(toast.id)}
      >
        ×
      </button>
    </div>
  );
}

export function AdminToasts() {
  const list = useToasts();
  return (
    <div className={s.toasts} aria-live="polite">
      {list.map((t) => (
        <ToastItem key={t.id} toast={t} />
      ))}
    </div>
  );
}
