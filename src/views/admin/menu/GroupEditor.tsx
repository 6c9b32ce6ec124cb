// A menu group: name, slug, parent, flags (in the menu, modifier group, service group, visible),
// order and picture. Deleting works only for an empty group (the server answers 409 otherwise).
import { useState, type FormEvent } from 'react';
import {
  adminCreateGroup,
  adminDeleteGroup,
  adminUpdateGroup,
  type AdminGroup,
} from '../../../api/contract/admin/menu';
import { useAdminAction, useCan } from '../data/hooks';
import { Field, PageHead, cx } from '../ui';
import { ImageField, parseInteger } from './forms';
import s from '../admin.module.css';

export const SLUG_RE = /^[a-z0-9-]{1,100}$/;

export function GroupEditor({
  group,
  groups,
  onSaved,
  onDeleted,
  onClose,
}: {
  group: AdminGroup | null;
  groups: readonly AdminGroup[];
  onSaved: (g: AdminGroup) => void;
  onDeleted: (id: string) => void;
  onClose: () => void;
}) {
  const action = useAdminAction();
  const canEdit = useCan(group === null ? adminCreateGroup : adminUpdateGroup);
  const [form, setForm] = useState({
    name: group?.name ?? '',
    slug: group?.slug ?? '',
    parentGroup: group?.parentGroup ?? '',
    isIncludedInMenu: group?.isIncludedInMenu ?? true,
    isGroupModifier: group?.isGroupModifier ?? false,
    isServiceGroup: group?.isServiceGroup ?? false,
    isVisible: group?.isVisible ?? true,
    order: String(group?.order ?? 0),
    imageUrl: group?.imageUrl ?? null,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problems: Record<string, string> = {};
    if (form.name.trim() === '') problems.name = 'Введите название';
    if (!SLUG_RE.test(form.slug)) problems.slug = 'Только строчные латинские буквы, цифры и дефис';
    const order = parseInteger(form.order, { min: -1_000_000 });
    if (order === undefined) problems.order = 'Целое число';
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const body = {
      name: form.name.trim(),
      slug: form.slug,
      parentGroup: form.parentGroup || null,
      isIncludedInMenu: form.isIncludedInMenu,
      isGroupModifier: form.isGroupModifier,
      isServiceGroup: form.isServiceGroup,
      isVisible: form.isVisible,
      order: order ?? 0,
      imageUrl: form.imageUrl,
    };
    const result =
      group === null
        ? await action.run(adminCreateGroup, { body }, { success: 'Группа создана' })
        : await action.run(adminUpdateGroup, { params: { id: group.id }, body }, { success: 'Группа сохранена' });
    if (result.ok) onSaved(result.value);
  };

  const remove = async () => {
    if (group === null || !window.confirm(`Удалить группу «${group.name}»?`)) return;
    const result = await action.run(adminDeleteGroup, { params: { id: group.id } }, { success: 'Группа удалена' });
    if (result.ok) onDeleted(group.id);
  };

  return (
    <form className={s.panel} onSubmit={(e) => void submit(e)} noValidate aria-label="Группа меню">
      <PageHead title={group === null ? 'Новая группа' : `Группа «${group.name}»`} />
      <fieldset disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0 }}>
        <div className={s.grid2}>
          <Field label="Название" error={errors.name}>
            {(id) => (
              <input id={id} className={s.input} value={form.name} onChange={(e) => set('name', e.target.value)} />
            )}
          </Field>
          <Field label="Адрес в каталоге (slug)" error={errors.slug} hint="/catalog/<slug>">
            {(id) => (
              <input
                id={id}
                className={s.input}
                value={form.slug}
                onChange={(e) => set('slug', e.target.value.trim())}
              />
            )}
          </Field>
          <Field label="Родительская группа">
            {(id) => (
              <select
                id={id}
                className={s.select}
                value={form.parentGroup}
                onChange={(e) => set('parentGroup', e.target.value)}
              >
                <option value="">— верхний уровень —</option>
                {groups
                  .filter((g) => g.id !== group?.id)
                  .map((g) => (
                    <option key={g.id} value={g.id}>
                      {g.name}
                    </option>
                  ))}
              </select>
            )}
          </Field>
          <Field label="Порядок в меню" error={errors.order} hint="По возрастанию">
            {(id) => (
              <input
                id={id}
                className={s.input}
                inputMode="numeric"
                value={form.order}
                onChange={(e) => set('order', e.target.value)}
              />
            )}
          </Field>
        </div>
        <p>
          <label className={s.check}>
            <input type="checkbox" checked={form.isVisible} onChange={(e) => set('isVisible', e.target.checked)} />{' '}
            Видна на сайте
          </label>
          <label className={s.check}>
            <input
              type="checkbox"
              checked={form.isIncludedInMenu}
              onChange={(e) => set('isIncludedInMenu', e.target.checked)}
            />{' '}
            В меню каталога
          </label>
          <label className={s.check}>
            <input
              type="checkbox"
              checked={form.isGroupModifier}
              onChange={(e) => set('isGroupModifier', e.target.checked)}
            />{' '}
            Группа модификаторов
          </label>
          <label className={s.check}>
            <input
              type="checkbox"
              checked={form.isServiceGroup}
              onChange={(e) => set('isServiceGroup', e.target.checked)}
            />{' '}
            Служебная (доставка, сборы)
          </label>
        </p>
        <ImageField kind="groups" value={form.imageUrl} onChange={(url) => set('imageUrl', url)} disabled={!canEdit} />
      </fieldset>
      <div className={s.actions}>
        {canEdit ? (
          <button type="submit" className={s.button} disabled={action.pending}>
            Сохранить
          </button>
        ) : (
          <span className={s.muted}>Изменять меню может администратор.</span>
        )}
        <button type="button" className={cx(s.button, s.secondary)} onClick={onClose}>
          Назад
        </button>
        {group !== null && canEdit ? (
          <button
            type="button"
            className={cx(s.button, s.danger)}
            disabled={action.pending}
            onClick={() => void remove()}
          >
            Удалить группу
          </button>
        ) : null}
      </div>
    </form>
  );
}
