// A product: every field of name, description, code, price (and the struck-through
// old price), weight, nutrition, group, slug, picture (uploaded through the image pipeline),
// group modifiers with their prices (ModifiersEditor), allergens, filters, visibility, the sale flag
// (false keeps a snack out of the fries gift), maxPerPositionInOrder and the order in the menu.
import { useState } from 'react';
import {
  adminCreateProduct,
  adminDeleteProduct,
  adminUpdateProduct,
  type AdminGroup,
  type AdminProduct,
} from '../../../api/contract/admin/menu';
import { EditorForm, useEditorAccess, useEditorFields } from '../kit/editor';
import { CheckField, GroupError, NumberField, SelectField, TextAreaField, TextField, optionsOf } from '../kit/fields';
import { READ_ONLY_MENU, SLUG_RE } from './GroupEditor';
import { ImageField, codedToText, parseDecimal, parseInteger, textToCoded } from './forms';
import { MODIFIERS_PROBLEM, ModifiersEditor, rowsToModifiers, toRows, type ModifierRow } from './ModifiersEditor';
import s from '../admin.module.css';

const NUTRITION = [
  ['energy', 'Ккал'],
  ['proteins', 'Белки, г'],
  ['fats', 'Жиры, г'],
  ['carbohydrates', 'Углеводы, г'],
] as const;

export function ProductEditor({
  product,
  menu,
  defaultGroup,
  onSaved,
  onDeleted,
  onClose,
}: {
  product: AdminProduct | null;
  menu: { groups: readonly AdminGroup[]; products: readonly AdminProduct[] };
  defaultGroup: string | null;
  onSaved: (p: AdminProduct) => void;
  onDeleted: (id: string) => void;
  onClose: () => void;
}) {
  const { action, canEdit, frame } = useEditorAccess(product === null ? adminCreateProduct : adminUpdateProduct, {
    onBack: onClose,
    readOnlyNote: READ_ONLY_MENU,
  });
  const n = product?.nutrition;
  const { form, set, text, flag, errors, report } = useEditorFields({
    name: product?.name ?? '',
    description: product?.description ?? '',
    code: product?.code ?? '',
    price: product ? String(product.price) : '',
    oldPrice: product?.oldPrice != null ? String(product.oldPrice) : '',
    weight: product?.weight != null ? String(product.weight) : '',
    energy: n ? String(n.energy) : '',
    proteins: n ? String(n.proteins) : '',
    fats: n ? String(n.fats) : '',
    carbohydrates: n ? String(n.carbohydrates) : '',
    parentGroup: product?.parentGroup ?? defaultGroup ?? menu.groups[0]?.id ?? '',
    slug: product?.slug ?? '',
    imageUrl: product?.imageUrl ?? null,
    allergens: codedToText(product?.allergens ?? []),
    filters: codedToText(product?.filters ?? []),
    maxPerPositionInOrder: String(product?.maxPerPositionInOrder ?? 0),
    sale: product?.sale === null || product === null ? '' : product.sale ? 'true' : 'false',
    isVisible: product?.isVisible ?? true,
    order: String(product?.order ?? 0),
  });
  const [modifiers, setModifiers] = useState<ModifierRow[]>(() => toRows(product?.groupModifiers ?? []));
  const setImage = (imageUrl: string | null) => set('imageUrl', imageUrl);

  const submit = async () => {
    const problems: Record<string, string> = {};
    const price = parseInteger(form.price);
    const oldPrice = parseInteger(form.oldPrice);
    const weight = parseInteger(form.weight, { max: 100_000 });
    const limit = parseInteger(form.maxPerPositionInOrder, { max: 99 });
    const order = parseInteger(form.order, { min: -1_000_000 });
    const nutrition = NUTRITION.map(([key]) => parseDecimal(form[key], { max: 100_000 }));
    const allergens = textToCoded(form.allergens);
    const filters = textToCoded(form.filters);
    if (form.name.trim() === '') problems.name = 'Введите название';
    if (price === null || price === undefined) problems.price = 'Цена — целое число рублей от 0 до 1 000 000';
    if (oldPrice === undefined) problems.oldPrice = 'Целое число рублей или пусто';
    if (weight === undefined) problems.weight = 'Целое число граммов или пусто';
    if (limit === undefined || limit === null) problems.maxPerPositionInOrder = 'От 0 до 99 (0 — без ограничения)';
    if (order === undefined) problems.order = 'Целое число';
    if (!SLUG_RE.test(form.slug)) problems.slug = 'Только строчные латинские буквы, цифры и дефис';
    if (form.parentGroup === '') problems.parentGroup = 'Выберите группу';
    const filled = nutrition.filter((v) => v !== null);
    if (nutrition.some((v) => v === undefined) || (filled.length > 0 && filled.length < 4))
      problems.nutrition = 'Заполните все четыре значения пищевой ценности числами или оставьте все пустыми';
    if (typeof allergens === 'string') problems.allergens = allergens;
    if (typeof filters === 'string') problems.filters = filters;
    const groupModifiers = rowsToModifiers(modifiers);
    if (groupModifiers === null) problems.modifiers = MODIFIERS_PROBLEM;
    if (!report(problems) || typeof allergens === 'string' || typeof filters === 'string' || groupModifiers === null)
      return;
    const [energy, proteins, fats, carbohydrates] = nutrition;
    const body = {
      name: form.name.trim(),
      description: form.description.trim(),
      code: form.code.trim(),
      price: price ?? 0,
      oldPrice: oldPrice ?? null,
      weight: weight ?? null,
      nutrition:
        filled.length === 4
          ? { energy: energy ?? 0, proteins: proteins ?? 0, fats: fats ?? 0, carbohydrates: carbohydrates ?? 0 }
          : null,
      parentGroup: form.parentGroup,
      slug: form.slug,
      imageUrl: form.imageUrl,
      groupModifiers,
      allergens,
      filters,
      maxPerPositionInOrder: limit ?? 0,
      sale: form.sale === '' ? null : form.sale === 'true',
      isVisible: form.isVisible,
      order: order ?? 0,
    };
    const result =
      product === null
        ? await action.run(adminCreateProduct, { body }, { success: 'Товар создан' })
        : await action.run(adminUpdateProduct, { params: { id: product.id }, body }, { success: 'Товар сохранён' });
    if (result.ok) onSaved(result.value);
  };

  const remove = product && {
    label: 'Удалить товар',
    confirm: `Удалить товар «${product.name}»? Прошлые заказы его сохранят.`,
    run: async () => {
      const result = await action.run(adminDeleteProduct, { params: { id: product.id } }, { success: 'Товар удалён' });
      if (result.ok) onDeleted(product.id);
    },
  };

  return (
    <EditorForm label="Товар" title={product?.name ?? 'Новый товар'} {...frame} onSubmit={submit} remove={remove}>
      <div className={s.grid2}>
        <TextField label="Название" {...text('name')} />
        <SelectField label="Группа" options={optionsOf(menu.groups, (g) => [g.id, g.name])} {...text('parentGroup')} />
      </div>
      <TextAreaField label="Описание" {...text('description')} />
      <div className={s.grid3}>
        <NumberField label="Цена, ₽" {...text('price')} />
        <NumberField label="Старая цена, ₽" hint="Зачёркнутая; пусто — без скидки" {...text('oldPrice')} />
        <NumberField label="Вес, г" {...text('weight')} />
        <TextField label="Код (артикул)" {...text('code')} />
        <TextField label="Адрес в каталоге (slug)" {...text('slug', (typed) => typed.trim())} />
        <NumberField label="Порядок в меню" {...text('order')} />
        <NumberField
          label="Не больше в одной позиции"
          hint="maxPerPositionInOrder: 0 — без ограничения; больше 0 — каждое добавление новой строкой"
          {...text('maxPerPositionInOrder')}
        />
        <SelectField
          label="Участвует в акциях (sale)"
          hint="«Нет» — закуска не считается для картофеля фри в подарок"
          options={[
            { value: '', label: 'не задано' },
            { value: 'true', label: 'да' },
            { value: 'false', label: 'нет' },
          ]}
          {...text('sale')}
        />
        <CheckField label="Виден на сайте" {...flag('isVisible')} />
      </div>
      <fieldset className={s.bareFieldset}>
        <legend className={s.label}>Пищевая ценность на 100 г</legend>
        <div className={s.grid3} style={{ gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' }}>
          {NUTRITION.map(([key, label]) => (
            <TextField key={key} label={label} inputMode="decimal" {...text(key)} />
          ))}
        </div>
        <GroupError error={errors.nutrition} />
      </fieldset>
      <ImageField kind="products" value={form.imageUrl} onChange={setImage} disabled={!canEdit} />
      <div className={s.grid2}>
        <TextAreaField
          label="Аллергены"
          hint="По строке: код: название (например, fish: Рыба)"
          {...text('allergens')}
        />
        <TextAreaField label="Фильтры" hint="По строке: код: название (например, spicy: Острое)" {...text('filters')} />
      </div>
      <ModifiersEditor rows={modifiers} onChange={setModifiers} groups={menu.groups} products={menu.products} />
      <GroupError error={errors.modifiers} />
    </EditorForm>
  );
}
