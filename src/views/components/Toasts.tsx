// Toasts from the view projection, newest last, each with a dismiss button; a toast also leaves
// by itself after TOAST_AUTO_DISMISS_MS.
import { useCallback } from 'react';
import type { Toast } from '../../events/view';
import { useDispatch, useSelector } from '../app/store';
import { ToastCard } from './ToastCard';
import styles from './Toasts.module.css';

export const TOAST_AUTO_DISMISS_MS = 6000;

function ToastItem({ toast }: { toast: Toast }) {
  const dispatch = useDispatch();
  const dismiss = useCallback(() => dispatch({ type: 'DismissToast', data: { id: toast.id } }), [dispatch, toast.id]);
  return <ToastCard kind={toast.kind} text={toast.text} onDismiss={dismiss} dismissAfterMs={TOAST_AUTO_DISMISS_MS} />;
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
