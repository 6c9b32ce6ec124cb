// 'Пицца из половинок' (docs/HALF-PIZZA.md): the size, then the two halves among the pizzas made in
// that size, the price by the chain's rule, and AddHalfPizza. The decider prices it again.
import { useMemo, useState } from 'react';
import type { Catalog, HalfPizzaSettings, PizzaHalf } from '../../api/entities';
import { halfPizzaName, halfPizzaPrice, halfPizzaSizes, halvesAtSize, wholePrice } from '../../domain/halfPizza';
import { formatPrice } from '../../domain/price';
import { TITLE_HALF_PIZZA } from '../../projections/modal';
import { useDispatch, useSelector } from '../app/store';
import picker from '../components/ModifierPicker.module.css';
import ui from '../components/ui.module.css';
import { Dialog } from './Dialog';
import styles from './modals.module.css';

export function HalfPizzaModal({ productId, onClose }: { productId: string | null; onClose: () => void }) {
  const catalog = useSelector((s) => s.catalog.catalog);
  const settings = useSelector((s) => s.setting.settings);
  const rule = settings?.HALF_PIZZA ?? null;
  if (catalog === null || settings === null || rule === null) {
    return (
      <Dialog title={TITLE_HALF_PIZZA} onClose={onClose} size="s">
        <p className={ui.muted}>Пицца из половинок сейчас недоступна.</p>
      </Dialog>
    );
  }
  return (
    <HalfPizzaForm
      catalog={catalog}
      pizzasGroupId={settings.PIZZAS_GROUP_ID}
      rule={rule}
      firstId={productId}
      onClose={onClose}
    />
  );
}

function HalfPizzaForm({
  catalog,
  pizzasGroupId,
  rule,
  firstId,
  onClose,
}: {
  catalog: Catalog;
  pizzasGroupId: string;
  rule: HalfPizzaSettings;
  firstId: string | null;
  onClose: () => void;
}) {
  const dispatch = useDispatch();
  const sizes = useMemo(
    () => halfPizzaSizes(catalog, pizzasGroupId, rule.sizeGroupId),
    [catalog, pizzasGroupId, rule.sizeGroupId],
  );
  const [sizeId, setSizeId] = useState(() => sizes[0]?.id ?? '');
  const [first, setFirst] = useState<string | null>(firstId);
  const [second, setSecond] = useState<string | null>(null);
  const halves = useMemo(
    () => halvesAtSize(catalog, pizzasGroupId, rule.sizeGroupId, sizeId),
    [catalog, pizzasGroupId, rule.sizeGroupId, sizeId],
  );
  const a = halves.find((h) => h.product.id === first);
  const b = halves.find((h) => h.product.id === second && second !== first);
  const price = a !== undefined && b !== undefined ? halfPizzaPrice(rule, wholePrice(a), wholePrice(b)) : null;
  return (
    <Dialog title={TITLE_HALF_PIZZA} onClose={onClose}>
      <div className={picker.groups}>
        <fieldset className={picker.group}>
          <legend className={picker.legend}>Размер</legend>
          <div className={picker.options}>
            {sizes.map((s) => (
              <label key={s.id} className={s.id === sizeId ? `${picker.option} ${picker.checked}` : picker.option}>
                <input type="radio" name="half-size" checked={s.id === sizeId} onChange={() => setSizeId(s.id)} />
                <span className={picker.name}>{s.name}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <HalfChoice legend="Первая половина" name="half-first" halves={halves} value={first} onChange={setFirst} />
        <HalfChoice
          legend="Вторая половина"
          name="half-second"
          halves={halves.filter((h) => h.product.id !== first)}
          value={second}
          onChange={setSecond}
        />
      </div>
      {a !== undefined && b !== undefined ? (
        <p className={styles.text}>
          <strong>{halfPizzaName(a.product.name, b.product.name)}</strong>
        </p>
      ) : (
        <p className={ui.muted}>Выберите две разные пиццы одного размера.</p>
      )}
      <div className={ui.actions}>
        <button
          type="button"
          className={`${ui.button} ${ui.block}`}
          disabled={a === undefined || b === undefined}
          onClick={() => {
            if (a !== undefined && b !== undefined)
              dispatch({ type: 'AddHalfPizza', data: { sizeId, firstId: a.product.id, secondId: b.product.id } });
          }}
        >
          {price === null ? 'Добавить' : `Добавить за ${formatPrice(price)}`}
        </button>
      </div>
    </Dialog>
  );
}

function HalfChoice({
  legend,
  name,
  halves,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  halves: readonly PizzaHalf[];
  value: string | null;
  onChange: (id: string) => void;
}) {
  return (
    <fieldset className={picker.group}>
      <legend className={picker.legend}>{legend}</legend>
      <div className={picker.options}>
        {halves.map((h) => {
          const checked = h.product.id === value;
          return (
            <label key={h.product.id} className={checked ? `${picker.option} ${picker.checked}` : picker.option}>
              <input type="radio" name={name} checked={checked} onChange={() => onChange(h.product.id)} />
              <span className={picker.name}>{h.product.name}</span>
              <span className={picker.price}>{formatPrice(wholePrice(h))}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
