// Toasts from the view projection, newest last, each with a dismiss button; a toast also leaves
// by itself after TOAST_AUTO_DISMISS_MS.
import { useEffect } from 'react';
import type { Toast } from '../../events/view';
import { useDispatch, useSelector } from '../app/store';
import styles from './Toasts.module.css';

export const TOAST_AUTO_DISMISS_MS = 6000;

function ToastItem({ toast }: { toast: Toast }) {
  const dispatch = useDispatch();
  const dismiss = () => dispatch({ type: 'DismissToast', data: { id: toast.id } });
  useEffect(() => {
    const timer = window.setTimeout(dismiss, TOAST_AUTO_DISMISS_MS);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one timer per toast id
  }, [toast.id]);
  return (
    <div className={`${styles.toast} ${styles[toast.kind] ?? ''}`} role={toast.kind === 'error' ? 'alert' : 'status'}>
      <p className={styles.text}>{toast.text}</p>
      <button type="button" className={styles.close} onClick={dismiss} aria-label="Закрыть уведомление">
        ×
      </button>
    </div>
  );
}

export function Toasts() {
  const toasts = useSelector((s) => s.view.toasts);
  if (toasts.length === 0) return null;
  return (
    <div className={styles.stack} aria-live="polite">
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} />
      ))}
    </div>
  );
}
