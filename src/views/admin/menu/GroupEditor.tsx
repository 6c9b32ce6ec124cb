// A menu group: name, slug, parent, flags (in the menu, modifier group, service group, visible),
// order and picture. Deleting works only for an empty group (the server answers 409 otherwise).
import {
  adminCreateGroup,
  adminDeleteGroup,
  adminUpdateGroup,
  type AdminGroup,
} from '../../../api/contract/admin/menu';
import { EditorForm, useEditorAccess, useEditorFields } from '../kit/editor';
import { CheckField, NumberField, SelectField, TextField, optionsOf } from '../kit/fields';
import { ImageField, parseInteger } from './forms';
import s from '../admin.module.css';

export const SLUG_RE = /^[a-z0-9-]{1,100}$/;
/** What a role that may not change the menu sees instead of Сохранить. */
export const READ_ONLY_MENU = 'Изменять меню может администратор.';

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
  const { action, canEdit, frame } = useEditorAccess(group === null ? adminCreateGroup : adminUpdateGroup, {
    onBack: onClose,
    readOnlyNote: READ_ONLY_MENU,
  });
  const { form, set, text, flag, report } = useEditorFields({
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
  const setImage = (imageUrl: string | null) => set('imageUrl', imageUrl);

  const submit = async () => {
    const problems: Record<string, string> = {};
    if (form.name.trim() === '') problems.name = 'Введите название';
    if (!SLUG_RE.test(form.slug)) problems.slug = 'Только строчные латинские буквы, цифры и дефис';
    const order = parseInteger(form.order, { min: -1_000_000 });
    if (order === undefined) problems.order = 'Целое число';
    if (!report(problems)) return;
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

  const remove = group && {
    label: 'Удалить группу',
    confirm: `Удалить группу «${group.name}»?`,
    run: async () => {
      const result = await action.run(adminDeleteGroup, { params: { id: group.id } }, { success: 'Группа удалена' });
      if (result.ok) onDeleted(group.id);
    },
  };

  return (
    <EditorForm
      label="Группа меню"
      title={group === null ? 'Новая группа' : `Группа «${group.name}»`}
      {...frame}
      onSubmit={submit}
      remove={remove}
    >
      <div className={s.grid2}>
        <TextField label="Название" {...text('name')} />
        <TextField label="Адрес в каталоге (slug)" hint="/catalog/<slug>" {...text('slug', (typed) => typed.trim())} />
        <SelectField
          label="Родительская группа"
          empty="— верхний уровень —"
          options={optionsOf(
            groups.filter((g) => g.id !== group?.id),
            (g) => [g.id, g.name],
          )}
          {...text('parentGroup')}
        />
        <NumberField label="Порядок в меню" hint="По возрастанию" {...text('order')} />
      </div>
      <p>
        <CheckField label="Видна на сайте" {...flag('isVisible')} />
        <CheckField label="В меню каталога" {...flag('isIncludedInMenu')} />
        <CheckField label="Группа модификаторов" {...flag('isGroupModifier')} />
        <CheckField label="Служебная (доставка, сборы)" {...flag('isServiceGroup')} />
      </p>
      <ImageField kind="groups" value={form.imageUrl} onChange={setImage} disabled={!canEdit} />
    </EditorForm>
  );
}
