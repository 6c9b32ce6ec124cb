// A product: every field of name, description, code, price (and the struck-through
// old price), weight, nutrition, group, slug, picture (uploaded through the image pipeline),
// group modifiers with their prices, allergens, filters, visibility, the sale flag (false keeps a
// snack out of the fries gift), maxPerPositionInOrder and the order in the menu.
import { useState, type FormEvent } from 'react';
import {
  adminCreateProduct,
  adminDeleteProduct,
  adminUpdateProduct,
  type AdminGroup,
  type AdminProduct,
} from '../../../api/contract/admin/menu';
import type { GroupModifier } from '../../../api/entities';
import { useAdminAction, useCan } from '../data/hooks';
import { Field, PageHead, cx } from '../ui';
import { SLUG_RE } from './GroupEditor';
import { ImageField, codedToText, parseDecimal, parseInteger, textToCoded } from './forms';
import s from '../admin.module.css';

interface ModifierRow {
  id: string;
  required: boolean;
  maxAmount: string;
  /** modifierId → price text; present = offered. */
  prices: Record<string, string>;
}

const toRows = (mods: readonly GroupModifier[]): ModifierRow[] =>
  mods.map((m) => ({
    id: m.id,
    required: m.required,
    maxAmount: String(m.maxAmount),
    prices: Object.fromEntries(m.modifiers.map((c) => [c.modifierId, String(c.price)])),
  }));

function ModifiersEditor({
  rows,
  onChange,
  groups,
  products,
}: {
  rows: ModifierRow[];
  onChange: (rows: ModifierRow[]) => void;
  groups: readonly AdminGroup[];
  products: readonly AdminProduct[];
}) {
  const modifierGroups = groups.filter((g) => g.isGroupModifier);
  const update = (i: number, patch: Partial<ModifierRow>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <div className={s.field}>
      <span className={s.label}>Группы модификаторов</span>
      {rows.map((row, i) => {
        const choices = products.filter((p) => p.parentGroup === row.id);
        return (
          <div key={i} className={s.panel} role="group" aria-label={`Модификаторы ${i + 1}`}>
            <div className={s.grid3}>
              <Field label="Группа">
                {(id) => (
                  <select
                    id={id}
                    className={s.select}
                    value={row.id}
                    onChange={(e) => update(i, { id: e.target.value, prices: {} })}
                  >
                    <option value="">— выберите —</option>
                    {modifierGroups.map((g) => (
                      <option key={g.id} value={g.id}>
                        {g.name}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field label="Сколько можно выбрать">
                {(id) => (
                  <input
                    id={id}
                    className={s.input}
                    inputMode="numeric"
                    value={row.maxAmount}
                    onChange={(e) => update(i, { maxAmount: e.target.value })}
                  />
                )}
              </Field>
              <label className={s.check}>
                <input
                  type="checkbox"
                  checked={row.required}
                  onChange={(e) => update(i, { required: e.target.checked })}
                />{' '}
                Обязательный выбор
              </label>
            </div>
            {choices.length === 0 ? <p className={s.hint}>В группе нет товаров-модификаторов.</p> : null}
            <ul className={s.list}>
              {choices.map((c) => {
                const offered = Object.hasOwn(row.prices, c.id);
                return (
                  <li key={c.id} className={s.listItem}>
                    <label className={s.check}>
                      <input
                        type="checkbox"
                        checked={offered}
                        onChange={(e) => {
                          const prices = { ...row.prices };
                          if (e.target.checked) prices[c.id] = String(c.price);
                          else delete prices[c.id];
                          update(i, { prices });
                        }}
                      />
                      {c.name}
                    </label>
                    {offered ? (
                      <input
                        className={s.input}
                        style={{ maxWidth: 120 }}
                        inputMode="numeric"
                        aria-label={`Цена: ${c.name}`}
                        value={row.prices[c.id] ?? ''}
                        onChange={(e) => update(i, { prices: { ...row.prices, [c.id]: e.target.value } })}
                      />
                    ) : null}
                  </li>
                );
              })}
            </ul>
            <button
              type="button"
              className={cx(s.button, s.secondary)}
              onClick={() => onChange(rows.filter((_, j) => j !== i))}
            >
              Убрать группу модификаторов
            </button>
          </div>
        );
      })}
      <div>
        <button
          type="button"
          className={cx(s.button, s.secondary)}
          onClick={() => onChange([...rows, { id: '', required: false, maxAmount: '1', prices: {} }])}
        >
          Добавить группу модификаторов
        </button>
      </div>
    </div>
  );
}

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
  const action = useAdminAction();
  const canEdit = useCan(product === null ? adminCreateProduct : adminUpdateProduct);
  const n = product?.nutrition;
  const [form, setForm] = useState({
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
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problems: Record<string, string> = {};
    const price = parseInteger(form.price);
    const oldPrice = parseInteger(form.oldPrice);
    const weight = parseInteger(form.weight, { max: 100_000 });
    const limit = parseInteger(form.maxPerPositionInOrder, { max: 99 });
    const order = parseInteger(form.order, { min: -1_000_000 });
    const nutrition = [form.energy, form.proteins, form.fats, form.carbohydrates].map((t) =>
      parseDecimal(t, { max: 100_000 }),
    );
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
    const groupModifiers: GroupModifier[] = [];
    for (const row of modifiers) {
      const max = parseInteger(row.maxAmount, { min: 1, max: 99 });
      const choices = Object.entries(row.prices).map(([modifierId, text]) => ({
        modifierId,
        price: parseInteger(text),
      }));
      if (
        row.id === '' ||
        max === null ||
        max === undefined ||
        choices.some((c) => c.price === null || c.price === undefined) ||
        choices.length === 0
      ) {
        problems.modifiers =
          'У каждой группы модификаторов выберите группу, хотя бы один модификатор, цены (целые рубли) и количество от 1';
        continue;
      }
      groupModifiers.push({
        id: row.id,
        required: row.required,
        maxAmount: max,
        modifiers: choices.map((c) => ({ modifierId: c.modifierId, price: c.price ?? 0 })),
      });
    }
    setErrors(problems);
    if (Object.keys(problems).length > 0 || typeof allergens === 'string' || typeof filters === 'string') return;
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

  const remove = async () => {
    if (product === null || !window.confirm(`Удалить товар «${product.name}»? Прошлые заказы его сохранят.`)) return;
    const result = await action.run(adminDeleteProduct, { params: { id: product.id } }, { success: 'Товар удалён' });
    if (result.ok) onDeleted(product.id);
  };

  return (
    <form className={s.panel} onSubmit={(e) => void submit(e)} noValidate aria-label="Товар">
      <PageHead title={product === null ? 'Новый товар' : product.name} />
      <fieldset disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0 }}>
        <div className={s.grid2}>
          <Field label="Название" error={errors.name}>
            {(id) => (
              <input id={id} className={s.input} value={form.name} onChange={(e) => set('name', e.target.value)} />
            )}
          </Field>
          <Field label="Группа" error={errors.parentGroup}>
            {(id) => (
              <select
                id={id}
                className={s.select}
                value={form.parentGroup}
                onChange={(e) => set('parentGroup', e.target.value)}
              >
                {menu.groups.map((g) => (
                  <option key={g.id} value={g.id}>
                    {g.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <Field label="Описание">
          {(id) => (
            <textarea
              id={id}
              className={s.textarea}
              value={form.description}
              onChange={(e) => set('description', e.target.value)}
            />
          )}
        </Field>
        <div className={s.grid3}>
          <Field label="Цена, ₽" error={errors.price}>
            {(id) => (
              <input
                id={id}
                className={s.input}
                inputMode="numeric"
                value={form.price}
                onChange={(e) => set('price', e.target.value)}
              />
            )}
          </Field>
          <Field label="Старая цена, ₽" error={errors.oldPrice} hint="Зачёркнутая; пусто — без скидки">
            {(id) => (
              <input
                id={id}
                className={s.input}
                inputMode="numeric"
                value={form.oldPrice}
                onChange={(e) => set('oldPrice', e.target.value)}
              />
            )}
          </Field>
          <Field label="Вес, г" error={errors.weight}>
            {(id) => (
              <input
                id={id}
                className={s.input}
                inputMode="numeric"
                value={form.weight}
                onChange={(e) => set('weight', e.target.value)}
              />
            )}
          </Field>
          <Field label="Код (артикул)">
            {(id) => (
              <input id={id} className={s.input} value={form.code} onChange={(e) => set('code', e.target.value)} />
            )}
          </Field>
          <Field label="Адрес в каталоге (slug)" error={errors.slug}>
            {(id) => (
              <input
                id={id}
                className={s.input}
                value={form.slug}
                onChange={(e) => set('slug', e.target.value.trim())}
              />
            )}
          </Field>
          <Field label="Порядок в меню" error={errors.order}>
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
          <Field
            label="Не больше в одной позиции"
            error={errors.maxPerPositionInOrder}
            hint="maxPerPositionInOrder: 0 — без ограничения; больше 0 — каждое добавление новой строкой"
          >
            {(id) => (
              <input
                id={id}
                className={s.input}
                inputMode="numeric"
                value={form.maxPerPositionInOrder}
                onChange={(e) => set('maxPerPositionInOrder', e.target.value)}
              />
            )}
          </Field>
          <Field label="Участвует в акциях (sale)" hint="«Нет» — закуска не считается для картофеля фри в подарок">
            {(id) => (
              <select id={id} className={s.select} value={form.sale} onChange={(e) => set('sale', e.target.value)}>
                <option value="">не задано</option>
                <option value="true">да</option>
                <option value="false">нет</option>
              </select>
            )}
          </Field>
          <label className={s.check}>
            <input type="checkbox" checked={form.isVisible} onChange={(e) => set('isVisible', e.target.checked)} />{' '}
            Виден на сайте
          </label>
        </div>
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <legend className={s.label}>Пищевая ценность на 100 г</legend>
          <div className={s.grid3} style={{ gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' }}>
            <Field label="Ккал">
              {(id) => (
                <input
                  id={id}
                  className={s.input}
                  inputMode="decimal"
                  value={form.energy}
                  onChange={(e) => set('energy', e.target.value)}
                />
              )}
            </Field>
            <Field label="Белки, г">
              {(id) => (
                <input
                  id={id}
                  className={s.input}
                  inputMode="decimal"
                  value={form.proteins}
                  onChange={(e) => set('proteins', e.target.value)}
                />
              )}
            </Field>
            <Field label="Жиры, г">
              {(id) => (
                <input
                  id={id}
                  className={s.input}
                  inputMode="decimal"
                  value={form.fats}
                  onChange={(e) => set('fats', e.target.value)}
                />
              )}
            </Field>
            <Field label="Углеводы, г">
              {(id) => (
                <input
                  id={id}
                  className={s.input}
                  inputMode="decimal"
                  value={form.carbohydrates}
                  onChange={(e) => set('carbohydrates', e.target.value)}
                />
              )}
            </Field>
          </div>
          {errors.nutrition ? <p className={s.fieldError}>{errors.nutrition}</p> : null}
        </fieldset>
        <ImageField
          kind="products"
          value={form.imageUrl}
          onChange={(url) => set('imageUrl', url)}
          disabled={!canEdit}
        />
        <div className={s.grid2}>
          <Field label="Аллергены" error={errors.allergens} hint="По строке: код: название (например, fish: Рыба)">
            {(id) => (
              <textarea
                id={id}
                className={s.textarea}
                value={form.allergens}
                onChange={(e) => set('allergens', e.target.value)}
              />
            )}
          </Field>
          <Field label="Фильтры" error={errors.filters} hint="По строке: код: название (например, spicy: Острое)">
            {(id) => (
              <textarea
                id={id}
                className={s.textarea}
                value={form.filters}
                onChange={(e) => set('filters', e.target.value)}
              />
            )}
          </Field>
        </div>
        <ModifiersEditor rows={modifiers} onChange={setModifiers} groups={menu.groups} products={menu.products} />
        {errors.modifiers ? <p className={s.fieldError}>{errors.modifiers}</p> : null}
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
        {product !== null && canEdit ? (
          <button
            type="button"
            className={cx(s.button, s.danger)}
            disabled={action.pending}
            onClick={() => void remove()}
          >
            Удалить товар
          </button>
        ) : null}
      </div>
    </form>
  );
}
