// The index page's stories and slides (settings STORIES and SLIDES): picture, title and link of
// each, reordered, added and removed, saved as the setting's value.
import { useState } from 'react';
import { adminUpdateSetting, type AdminSetting } from '../../../../api/contract/admin/settings';
import { useAdminAction, useCan } from '../../data/hooks';
import { FormError, TextField } from '../../kit/fields';
import { ImageField } from '../../menu/forms';
import { cx } from '../../ui';
import { validateSetting } from '../validate';
import s from '../../admin.module.css';
import { ActionButton } from '../../kit/ActionButton';

interface Slide {
  id: string;
  title: string;
  imageUrl: string;
  link: string | null;
}

function asSlides(value: unknown): Slide[] {
  if (!Array.isArray(value)) return [];
  return value.filter((x): x is Slide => typeof x === 'object' && x !== null && typeof (x as Slide).id === 'string');
}

export function SlidesEditor({
  setting,
  kind,
  onSaved,
}: {
  setting: AdminSetting;
  kind: 'stories' | 'slides';
  onSaved: (x: AdminSetting) => void;
}) {
  const action = useAdminAction();
  const canEdit = useCan(adminUpdateSetting);
  const [items, setItems] = useState<Slide[]>(() => asSlides(setting.value));
  const [error, setError] = useState<string | null>(null);
  const update = (i: number, patch: Partial<Slide>) =>
    setItems((list) => list.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  const move = (i: number, by: number) =>
    setItems((list) => {
      const j = i + by;
      if (j < 0 || j >= list.length) return list;
      const copy = [...list];
      const [item] = copy.splice(i, 1);
      if (item) copy.splice(j, 0, item);
      return copy;
    });
  const save = async () => {
    const value = items.map((x) => ({ ...x, title: x.title.trim(), link: x.link?.trim() ? x.link.trim() : null }));
    if (value.some((x) => x.imageUrl === '')) {
      setError('У каждого элемента должна быть картинка');
      return;
    }
    const problem = validateSetting(setting, value);
    setError(problem);
    if (problem !== null) return;
    const result = await action.run(
      adminUpdateSetting,
      { params: { name: setting.name }, body: { value } },
      { success: `Сохранено: ${setting.title}` },
    );
    if (result.ok) onSaved(result.value);
  };
  return (
    <div className={s.panel} data-setting={setting.name}>
      <h3 className={s.dialogTitle}>{setting.title}</h3>
      <p className={s.hint}>{setting.description}</p>
      {items.map((item, i) => (
        <div
          key={item.id}
          className={s.listItem}
          role="group"
          aria-label={`${setting.title}: ${i + 1}`}
          style={{ alignItems: 'flex-start' }}
        >
          <ImageField
            kind={kind}
            value={item.imageUrl || null}
            onChange={(url) => update(i, { imageUrl: url ?? '' })}
            disabled={!canEdit}
          />
          <div style={{ flex: 1 }}>
            <TextField
              label="Заголовок"
              readOnly={!canEdit}
              value={item.title}
              onChange={(title) => update(i, { title })}
            />
            <TextField
              label="Ссылка"
              hint="Путь на сайте (/catalog/rolls) или пусто"
              readOnly={!canEdit}
              value={item.link ?? ''}
              onChange={(link) => update(i, { link })}
            />
          </div>
          {canEdit ? (
            <div className={s.actions} style={{ flexDirection: 'column' }}>
              <button type="button" className={cx(s.button, s.secondary)} aria-label="Выше" onClick={() => move(i, -1)}>
                ↑
              </button>
              <button type="button" className={cx(s.button, s.secondary)} aria-label="Ниже" onClick={() => move(i, 1)}>
                ↓
              </button>
              <button
                type="button"
                className={cx(s.button, s.danger)}
                onClick={() => setItems((list) => list.filter((_, j) => j !== i))}
              >
                Удалить
              </button>
            </div>
          ) : null}
        </div>
      ))}
      <FormError error={error} />
      {canEdit ? (
        <div className={s.actions}>
          <button
            type="button"
            className={cx(s.button, s.secondary)}
            onClick={() =>
              setItems((list) => [
                ...list,
                { id: `${kind}-${Date.now().toString(36)}`, title: '', imageUrl: '', link: null },
              ])
            }
          >
            Добавить
          </button>
          <ActionButton pending={action.pending} run={save}>
            Сохранить
          </ActionButton>
        </div>
      ) : null}
    </div>
  );
}
