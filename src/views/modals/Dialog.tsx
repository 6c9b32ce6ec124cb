// The modal frame: a labelled dialog with focus trapped inside, Escape and backdrop closing where
// allowed (not for the city modal), focus restored on close. Page scroll behind is locked by the
// view's hidden-scroll flag (App).
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styles from './Dialog.module.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

type Props = {
  title: string | null;
  /** Accessible name when there is no visible title. */
  label?: string;
  onClose: (() => void) | null;
  size?: 's' | 'm' | 'l';
  children: ReactNode;
};

export function Dialog({ title, label, onClose, size = 'm', children }: Props) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const el = ref.current;
    const first = el?.querySelector<HTMLElement>('[data-autofocus]') ?? el?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? el)?.focus();
    return () => before?.focus();
  }, []);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape' && onClose !== null) {
      e.stopPropagation();
      onClose();
      return;
    }
    if (e.key !== 'Tab' || ref.current === null) return;
    const items = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (first === undefined || last === undefined) {
      e.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (e.shiftKey && (active === first || active === ref.current)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && active === last) {
      e.preventDefault();
      first.focus();
    }
  };
  return (
    <div
      className={styles.backdrop}
      data-testid="modal-backdrop"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget && onClose !== null) onClose();
      }}
    >
      <div
        ref={ref}
        className={`${styles.dialog} ${styles[size] ?? ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={title !== null ? titleId : undefined}
        aria-label={title === null ? label : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        {onClose !== null && (
          <button type="button" className={styles.close} onClick={onClose} aria-label="Закрыть">
            ×
          </button>
        )}
        {title !== null && (
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
        )}
        {children}
      </div>
    </div>
  );
}
