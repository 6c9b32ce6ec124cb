// A product's group modifiers: per row a modifier group, how many may be chosen, whether a choice
// is required, and which of the group's products are offered at what price.
import type { AdminGroup, AdminProduct } from '../../../api/contract/admin/menu';
import type { GroupModifier } from '../../../api/entities';
import { CheckField, SelectField, TextField, optionsOf } from '../kit/fields';
import { cx } from '../ui';
import { parseInteger } from './forms';
import s from '../admin.module.css';

export interface ModifierRow {
  id: string;
  required: boolean;
  maxAmount: string;
  /** modifierId → price text; present = offered. */
  prices: Record<string, string>;
}

export const toRows = (mods: readonly GroupModifier[]): ModifierRow[] =>
  mods.map((m) => ({
    id: m.id,
    required: m.required,
    maxAmount: String(m.maxAmount),
    prices: Object.fromEntries(m.modifiers.map((c) => [c.modifierId, String(c.price)])),
  }));

export const MODIFIERS_PROBLEM =
  'У каждой группы модификаторов выберите группу, хотя бы один модификатор, цены (целые рубли) и количество от 1';

/** The rows as the product's group modifiers, or null when a row is incomplete (MODIFIERS_PROBLEM). */
export function rowsToModifiers(rows: readonly ModifierRow[]): GroupModifier[] | null {
  const out: GroupModifier[] = [];
  for (const row of rows) {
    const max = parseInteger(row.maxAmount, { min: 1, max: 99 });
    const choices = Object.entries(row.prices).map(([modifierId, text]) => ({ modifierId, price: parseInteger(text) }));
    if (row.id === '' || max === null || max === undefined || choices.length === 0) return null;
    const modifiers: GroupModifier['modifiers'] = [];
    for (const c of choices) {
      if (c.price === null || c.price === undefined) return null;
      modifiers.push({ modifierId: c.modifierId, price: c.price });
    }
    out.push({ id: row.id, required: row.required, maxAmount: max, modifiers });
  }
  return out;
}

function ModifierChoice({
  product,
  row,
  onChange,
}: {
  product: AdminProduct;
  row: ModifierRow;
  onChange: (prices: Record<string, string>) => void;
}) {
  const offered = Object.hasOwn(row.prices, product.id);
  return (
    <li className={s.listItem}>
      <label className={s.check}>
        <input
          type="checkbox"
          checked={offered}
          onChange={(e) => {
            const prices = { ...row.prices };
            if (e.target.checked) prices[product.id] = String(product.price);
            else delete prices[product.id];
            onChange(prices);
          }}
        />
        {product.name}
      </label>
      {offered ? (
        <input
          className={s.input}
          style={{ maxWidth: 120 }}
          inputMode="numeric"
          aria-label={`Цена: ${product.name}`}
          value={row.prices[product.id] ?? ''}
          onChange={(e) => onChange({ ...row.prices, [product.id]: e.target.value })}
        />
      ) : null}
    </li>
  );
}

export function ModifiersEditor({
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
  const groupOptions = [
    { value: '', label: '— выберите —' },
    ...optionsOf(
      groups.filter((g) => g.isGroupModifier),
      (g) => [g.id, g.name],
    ),
  ];
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
              <SelectField
                label="Группа"
                value={row.id}
                onChange={(id) => update(i, { id, prices: {} })}
                options={groupOptions}
              />
              <TextField
                label="Сколько можно выбрать"
                inputMode="numeric"
                value={row.maxAmount}
                onChange={(maxAmount) => update(i, { maxAmount })}
              />
              <CheckField
                label="Обязательный выбор"
                checked={row.required}
                onChange={(required) => update(i, { required })}
              />
            </div>
            {choices.length === 0 ? <p className={s.hint}>В группе нет товаров-модификаторов.</p> : null}
            <ul className={s.list}>
              {choices.map((c) => (
                <ModifierChoice key={c.id} product={c} row={row} onChange={(prices) => update(i, { prices })} />
              ))}
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
