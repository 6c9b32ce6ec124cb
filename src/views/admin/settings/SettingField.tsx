// One setting edited through its metadata: the widget decides the control —
// switch (a checkbox), text (a line; a number for number settings), textarea, JSON (checked
// as you type), multi-switch (one checkbox per key of an object of booleans). Saving checks the
// value first (validate.ts) and shows the server's 422 message under the field.
import { useState, type ChangeEvent } from 'react';
import { adminUpdateSetting, type AdminSetting } from '../../../api/contract/admin/settings';
import { useAdminAction, useCan } from '../data/hooks';
import { cx, formatDateTime } from '../ui';
import { parseJsonText, parseNumberText, validateSetting } from './validate';
import s from '../admin.module.css';

/** Names of multi-switch keys. */
const KEY_LABELS: Record<string, string> = { delivery: 'Доставка', self: 'Самовывоз' };

function initialText(setting: AdminSetting): string {
  if (setting.widget === 'json') return JSON.stringify(setting.value, null, 2);
  if (setting.type === 'number') return String(setting.value);
  return typeof setting.value === 'string' ? setting.value : JSON.stringify(setting.value);
}

/** The value the control holds now, or a Russian reason it has none. */
function valueOf(
  setting: AdminSetting,
  text: string,
  draft: unknown,
): { ok: true; value: unknown } | { ok: false; message: string } {
  switch (setting.widget) {
    case 'switch':
    case 'multi-switch':
      return { ok: true, value: draft };
    case 'json':
      return parseJsonText(text);
    case 'text':
    case 'textarea':
      return setting.type === 'number' ? parseNumberText(text) : { ok: true, value: text };
    default: {
      const unreachable: never = setting.widget;
      return { ok: false, message: `неизвестный виджет ${String(unreachable)}` };
    }
  }
}

export function SettingField({ setting, onSaved }: { setting: AdminSetting; onSaved: (saved: AdminSetting) => void }) {
  const action = useAdminAction();
  const canEdit = useCan(adminUpdateSetting) && setting.editable;
  const [text, setText] = useState(() => initialText(setting));
  const [draft, setDraft] = useState<unknown>(setting.value);
  const [serverError, setServerError] = useState<string | null>(null);
  const id = `setting-${setting.name}`;

  const current = valueOf(setting, text, draft);
  const problem = current.ok ? validateSetting(setting, current.value) : current.message;
  const changed = current.ok ? JSON.stringify(current.value) !== JSON.stringify(setting.value) : true;

  const save = async () => {
    if (!current.ok || problem !== null) return;
    setServerError(null);
    const result = await action.run(
      adminUpdateSetting,
      { params: { name: setting.name }, body: { value: current.value } },
      { success: `Сохранено: ${setting.title}` },
    );
    if (result.ok) {
      onSaved(result.value);
      setText(initialText(result.value));
      setDraft(result.value.value);
    } else setServerError(result.message);
  };
  const reset = () => {
    setText(initialText(setting));
    setDraft(setting.value);
    setServerError(null);
  };

  // the typed widgets (json, textarea, text) differ only in element and class
  const invalid = problem !== null && s.invalid;
  const typed = {
    id,
    value: text,
    readOnly: !canEdit,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setText(e.target.value),
    'aria-invalid': problem !== null,
    'aria-describedby': `${id}-desc`,
  };
  let control;
  switch (setting.widget) {
    case 'switch':
      control = (
        <label className={s.check}>
          <input
            id={id}
            type="checkbox"
            role="switch"
            checked={draft === true}
            disabled={!canEdit}
            onChange={(e) => setDraft(e.target.checked)}
            aria-describedby={`${id}-desc`}
          />
          {draft === true ? 'Включено' : 'Выключено'}
        </label>
      );
      break;
    case 'multi-switch': {
      const record = typeof draft === 'object' && draft !== null ? (draft as Record<string, unknown>) : {};
      control = (
        <div role="group" aria-labelledby={`${id}-title`}>
          {Object.entries(record).map(([key, on]) => (
            <label key={key} className={s.check}>
              <input
                type="checkbox"
                role="switch"
                checked={on === true}
                disabled={!canEdit}
                onChange={(e) => setDraft({ ...record, [key]: e.target.checked })}
              />
              {KEY_LABELS[key] ?? key}
            </label>
          ))}
        </div>
      );
      break;
    }
    case 'json':
      control = <textarea {...typed} className={cx(s.textarea, s.code, invalid)} spellCheck={false} />;
      break;
    case 'textarea':
      control = <textarea {...typed} className={cx(s.textarea, invalid)} />;
      break;
    case 'text':
      control = (
        <input
          {...typed}
          className={cx(s.input, invalid)}
          inputMode={setting.type === 'number' ? 'decimal' : undefined}
        />
      );
      break;
    default: {
      const unreachable: never = setting.widget;
      control = <p>{String(unreachable)}</p>;
    }
  }

  return (
    <div className={s.panel} role="group" aria-labelledby={`${id}-title`} data-setting={setting.name}>
      <div className={s.pageHead} style={{ marginBottom: 8 }}>
        <label
          id={`${id}-title`}
          htmlFor={setting.widget === 'multi-switch' ? undefined : id}
          style={{ fontWeight: 700 }}
        >
          {setting.title}
        </label>
        <code className={s.muted}>{setting.name}</code>
      </div>
      <p id={`${id}-desc`} className={s.hint}>
        {setting.description}
      </p>
      {control}
      {[problem !== null && changed ? problem : null, serverError].map((message, i) =>
        message !== null ? (
          <p key={i} className={s.fieldError} role="alert">
            {message}
          </p>
        ) : null,
      )}
      <div className={s.actions}>
        {canEdit ? (
          <>
            <button
              type="button"
              className={s.button}
              disabled={!changed || problem !== null || action.pending}
              onClick={() => void save()}
            >
              Сохранить
            </button>
            {changed ? (
              <button type="button" className={cx(s.button, s.secondary)} onClick={reset}>
                Отменить изменения
              </button>
            ) : null}
          </>
        ) : null}
        <span className={s.muted}>изменено {formatDateTime(setting.updatedAt)}</span>
      </div>
    </div>
  );
}
