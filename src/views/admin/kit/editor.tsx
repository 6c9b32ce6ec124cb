// The frame of an admin editor (a form titled with the object's name: its fields, disabled for a
// role that may not change them, then Сохранить / Назад / delete) and the state of its fields.
import { useState, type ReactNode } from 'react';
import type { AdminRouteDef } from '../../../api/contract/admin/common';
import { useAdminAction, useCan } from '../data/hooks';
import { PageHead, cx } from '../ui';
import s from '../admin.module.css';

type KeysOf<F, V> = { [K in keyof F]: F[K] extends V ? K : never }[keyof F];

/**
 * The fields of an editor as plain values (numbers stay text until saved) and the Russian
 * problems found on save, keyed by field. `text('name')` / `flag('isActive')` wire a control.
 */
export function useEditorFields<F extends Record<string, unknown>>(initial: F | (() => F)) {
  const [form, setForm] = useState<F>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof F>(key: K, value: F[K]) => setForm((f) => ({ ...f, [key]: value }));
  return {
    form,
    set,
    errors,
    /** Shows the problems found; true when there are none. */
    report(problems: Record<string, string>): boolean {
      setErrors(problems);
      return Object.keys(problems).length === 0;
    },
    /** value / onChange / error of a text control; `clean` adjusts the typed text (e.g. trims). */
    text(key: KeysOf<F, string>, clean: (typed: string) => string = (typed) => typed) {
      return {
        value: String(form[key]),
        onChange: (typed: string) => setForm((f) => ({ ...f, [key]: clean(typed) })),
        error: errors[String(key)],
      };
    },
    flag(key: KeysOf<F, boolean>) {
      return {
        checked: form[key] === true,
        onChange: (checked: boolean) => setForm((f) => ({ ...f, [key]: checked })),
      };
    },
  };
}

/**
 * The save action of an editor and whether the signed-in role may call `def` (its create or
 * update route); `frame` (with the editor's way back) goes to the EditorForm as it is.
 */
export function useEditorAccess(def: AdminRouteDef, back: { onBack: () => void; readOnlyNote?: string }) {
  const action = useAdminAction();
  const canEdit = useCan(def);
  return { action, canEdit, frame: { ...back, canEdit, pending: action.pending } };
}

export function EditorForm({
  label,
  title,
  canEdit,
  pending,
  onSubmit,
  onBack,
  readOnlyNote,
  remove,
  intro,
  bare = false,
  children,
}: {
  /** The form's accessible name. */
  label: string;
  title: string;
  canEdit: boolean;
  pending: boolean;
  onSubmit: () => Promise<void>;
  onBack: () => void;
  /** Shown instead of Сохранить to a role that may not save. */
  readOnlyNote?: string;
  /** The delete button; it runs only after the browser's confirmation asked `confirm`. */
  remove?: { label: string; confirm: string; run: () => Promise<void> } | null;
  /** Shown between the title and the fields. */
  intro?: ReactNode;
  /** Without the panel's frame (when the editor sits inside a larger panel). */
  bare?: boolean;
  children: ReactNode;
}) {
  return (
    <form
      className={bare ? undefined : s.panel}
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
      }}
      noValidate
      aria-label={label}
    >
      <PageHead title={title} />
      {intro}
      <fieldset disabled={!canEdit} className={s.bareFieldset}>
        {children}
      </fieldset>
      <div className={s.actions}>
        {canEdit ? (
          <button type="submit" className={s.button} disabled={pending}>
            Сохранить
          </button>
        ) : readOnlyNote ? (
          <span className={s.muted}>{readOnlyNote}</span>
        ) : null}
        <button type="button" className={cx(s.button, s.secondary)} onClick={onBack}>
          Назад
        </button>
        {remove && canEdit ? (
          <button
            type="button"
            className={cx(s.button, s.danger)}
            disabled={pending}
            onClick={() => {
              if (window.confirm(remove.confirm)) void remove.run();
            }}
          >
            {remove.label}
          </button>
        ) : null}
      </div>
    </form>
  );
}
