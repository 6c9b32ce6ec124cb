// Pieces of the admin list screens: tabs, a filter form with its Найти button, the button that adds
// an object, a table with its column heads, an on/off badge, and paging by offset.
import { useState, type FormEvent, type ReactNode } from 'react';
import { cx } from '../ui';
import s from '../admin.module.css';

export function TabBar<T extends string>({
  tabs,
  value,
  onChange,
}: {
  tabs: readonly { id: T; label: string }[];
  value: T;
  onChange: (id: T) => void;
}) {
  return (
    <div className={s.tabs} role="tablist">
      {tabs.map((t) => (
        <button
          key={t.id}
          type="button"
          role="tab"
          aria-selected={value === t.id}
          className={cx(s.tab, value === t.id && s.tabActive)}
          onClick={() => onChange(t.id)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}

/** A row of filters applied with Найти (Enter in a field submits too); `extra` follows the button. */
export function FilterForm({
  label,
  onSubmit,
  extra,
  children,
}: {
  label: string;
  onSubmit: () => void;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <form
      className={s.filters}
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        onSubmit();
      }}
      aria-label={label}
    >
      {children}
      <button type="submit" className={s.button}>
        Найти
      </button>
      {extra}
    </form>
  );
}

/** The button that opens the editor of a new object, shown only to a role that may create one. */
export function AddButton({ can = true, label, onClick }: { can?: boolean; label: string; onClick: () => void }) {
  return can ? (
    <button type="button" className={s.button} onClick={onClick}>
      {label}
    </button>
  ) : null;
}

/** A green badge `onText` or a red one `offText`: whether a restaurant works, a product is shown… */
export function OnOffBadge({ on, onText, offText }: { on: boolean; onText: string; offText: string }) {
  return <span className={cx(s.badge, on ? s.badgeOk : s.badgeBad)}>{on ? onText : offText}</span>;
}

/** A column head: its text, or `{ label, num: true }` for a right-aligned number column. */
export type Column = string | { label: string; num: true };

export function AdminTable({
  label,
  belowButton = false,
  columns,
  children,
}: {
  label: string;
  /** Set off from the add button above it. */
  belowButton?: boolean;
  /** Without columns the table has no head row. */
  columns?: readonly Column[];
  children: ReactNode;
}) {
  return (
    <table className={cx(s.table, belowButton && s.tableBelowButton)} aria-label={label}>
      {columns ? (
        <thead>
          <tr>
            {columns.map((c, i) =>
              typeof c === 'string' ? (
                <th key={i}>{c || null}</th>
              ) : (
                <th key={i} className={s.num}>
                  {c.label}
                </th>
              ),
            )}
          </tr>
        </thead>
      ) : null}
      <tbody>{children}</tbody>
    </table>
  );
}

/** Назад / Дальше through a list of `total` entries, `size` at a time; `summary` stands before them. */
export function Pager({
  offset,
  size,
  total,
  onChange,
  summary,
}: {
  offset: number;
  size: number;
  total: number;
  onChange: (offset: number) => void;
  summary: ReactNode;
}) {
  return (
    <div className={s.actions}>
      <span className={s.muted}>{summary}</span>
      <button
        type="button"
        className={cx(s.button, s.secondary)}
        disabled={offset === 0}
        onClick={() => onChange(Math.max(0, offset - size))}
      >
        Назад
      </button>
      <button
        type="button"
        className={cx(s.button, s.secondary)}
        disabled={offset + size >= total}
        onClick={() => onChange(offset + size)}
      >
        Дальше
      </button>
    </div>
  );
}

/** The offset of a paged list; `pager` goes to the Pager as it is, `restart` after new filters. */
export function usePaging(size: number) {
  const [offset, setOffset] = useState(0);
  return { offset, restart: () => setOffset(0), pager: { offset, size, onChange: setOffset } };
}

/** «1–50 из 120»: the entries shown of all found. */
export function rangeOf(offset: number, shown: number, total: number): string {
  return `${offset + 1}–${offset + shown} из ${total}`;
}
