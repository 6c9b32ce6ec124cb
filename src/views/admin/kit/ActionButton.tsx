// The button that runs one admin action (its failure is shown as a toast by the action itself):
// disabled while an action of its screen is pending.
import type { ReactNode } from 'react';
import { cx } from '../ui';
import s from '../admin.module.css';

export function ActionButton({
  look,
  pending,
  run,
  children,
}: {
  look?: 'secondary' | 'danger';
  pending: boolean;
  run: () => Promise<unknown>;
  children: ReactNode;
}) {
  return (
    <button type="button" className={cx(s.button, look && s[look])} disabled={pending} onClick={() => void run()}>
      {children}
    </button>
  );
}
