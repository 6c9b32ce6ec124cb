// One toast as the storefront and the staff app show it: its text, a close button, and a timer
// that dismisses it by itself.
import { useEffect } from 'react';
import styles from './Toasts.module.css';

export interface ToastCardProps {
  kind: 'error' | 'info' | 'success';
  text: string;
  /** Called by the close button and when the toast's time is up; keep it stable per toast. */
  onDismiss: () => void;
  dismissAfterMs: number;
}

export function ToastCard({ kind, text, onDismiss, dismissAfterMs }: ToastCardProps) {
  useEffect(() => {
    const timer = window.setTimeout(onDismiss, dismissAfterMs);
    return () => window.clearTimeout(timer);
  }, [onDismiss, dismissAfterMs]);
  return (
    <div className={`${styles.toast} ${styles[kind] ?? ''}`} role={kind === 'error' ? 'alert' : 'status'}>
      <p className={styles.text}>{text}</p>
      <button type="button" className={styles.close} onClick={onDismiss} aria-label="Закрыть уведомление">
        ×
      </button>
    </div>
  );
}
