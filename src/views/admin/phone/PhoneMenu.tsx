// The storefront's catalogue for the call centre: groups of the menu, each product with its price and
// 'Добавить'; a product with modifier groups first asks for them (the modifier dialog's title comes
// from the storefront's modifierChoiceTitle). What the restaurant has stopped is marked; the
// server's quote refuses it anyway.
import { useMemo, useState } from 'react';
import type { Catalog, Product } from '../../../api/entities';
import { modifierChoiceTitle } from '../../../domain/modifierTitle';
import { AdminDialog, cx, formatMoney } from '../ui';
import type { DraftMod } from './phoneDraft';
import { FormError } from '../kit/fields';
import s from '../admin.module.css';

interface Props {
  catalog: Catalog;
  /** Product ids the chosen restaurant cannot cook now (stop list). */
  stopped: ReadonlySet<string>;
  onAdd: (product: Product, mods: DraftMod[]) => void;
}

function ModifierDialog({
  product,
  catalog,
  onClose,
  onAdd,
}: {
  product: Product;
  catalog: Catalog;
  onClose: () => void;
  onAdd: (mods: DraftMod[]) => void;
}) {
  const groupName = (id: string) => catalog.groups.find((g) => g.id === id)?.name ?? '';
  const productName = (id: string) => catalog.products.find((p) => p.id === id)?.name ?? id;
  const [chosen, setChosen] = useState<Record<string, string[]>>(() =>
    Object.fromEntries(
      product.groupModifiers.map((g) => [g.id, g.required && g.modifiers[0] ? [g.modifiers[0].modifierId] : []]),
    ),
  );
  const [error, setError] = useState<string | null>(null);
  const title = modifierChoiceTitle(
    product.groupModifiers.map((g) => ({ name: groupName(g.id), required: g.required })),
  );
  const toggle = (groupId: string, modifierId: string, max: number) =>
    setChosen((current) => {
      const now = current[groupId] ?? [];
      if (now.includes(modifierId)) return { ...current, [groupId]: now.filter((id) => id !== modifierId) };
      return { ...current, [groupId]: max === 1 ? [modifierId] : [...now, modifierId].slice(-max) };
    });
  const submit = () => {
    const lacking = product.groupModifiers.find((g) => g.required && (chosen[g.id] ?? []).length === 0);
    if (lacking) {
      setError(`Выберите: ${groupName(lacking.id) || 'вариант'}`);
      return;
    }
    onAdd(
      product.groupModifiers.flatMap((g) =>
        (chosen[g.id] ?? []).map((id) => ({ id, groupId: g.id, name: productName(id) })),
      ),
    );
  };
  return (
    <AdminDialog title={`${title}: ${product.name}`} onClose={onClose}>
      {product.groupModifiers.map((g) => (
        <fieldset key={g.id} className={s.panel}>
          <legend>
            {groupName(g.id)}
            {g.required ? ' (обязательно)' : ''}
          </legend>
          {g.modifiers.map((m) => (
            <label key={m.modifierId} className={s.check}>
              <input
                type={g.maxAmount === 1 ? 'radio' : 'checkbox'}
                name={g.id}
                checked={(chosen[g.id] ?? []).includes(m.modifierId)}
                onChange={() => toggle(g.id, m.modifierId, g.maxAmount)}
              />{' '}
              {productName(m.modifierId)}
              {m.price > 0 ? ` + ${formatMoney(m.price)}` : ''}
            </label>
          ))}
        </fieldset>
      ))}
      <FormError error={error} />
      <div className={s.actions}>
        <button type="button" className={s.button} onClick={submit}>
          В корзину
        </button>
      </div>
    </AdminDialog>
  );
}

export function PhoneMenu({ catalog, stopped, onAdd }: Props) {
  const [asking, setAsking] = useState<Product | null>(null);
  const [filter, setFilter] = useState('');
  const sections = useMemo(() => {
    const needle = filter.trim().toLocaleLowerCase('ru');
    return catalog.groups
      .filter((g) => g.isIncludedInMenu && !g.isGroupModifier && !g.additionalInfo.isServiceGroup)
      .map((g) => ({
        group: g,
        products: catalog.products.filter(
          (p) => p.parentGroup === g.id && (needle === '' || p.name.toLocaleLowerCase('ru').includes(needle)),
        ),
      }))
      .filter((section) => section.products.length > 0);
  }, [catalog, filter]);
  const add = (product: Product) => {
    if (product.groupModifiers.length > 0) setAsking(product);
    else onAdd(product, []);
  };
  return (
    <section aria-label="Меню">
      <label className={s.label}>
        Найти в меню{' '}
        <input className={s.input} type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
      </label>
      {sections.map(({ group, products }) => (
        <div key={group.id}>
          <h4 className={s.subtitle}>{group.name}</h4>
          <ul className={s.list}>
            {products.map((p) => (
              <li key={p.id} className={cx(s.listItem, stopped.has(p.id) && s.muted)}>
                <span>
                  {p.name} — {formatMoney(p.price)}
                  {stopped.has(p.id) ? ' (стоп-лист ресторана)' : ''}
                </span>
                <button
                  type="button"
                  className={cx(s.button, s.secondary)}
                  aria-label={`Добавить «${p.name}»`}
                  onClick={() => add(p)}
                >
                  Добавить
                </button>
              </li>
            ))}
          </ul>
        </div>
      ))}
      {asking ? (
        <ModifierDialog
          product={asking}
          catalog={catalog}
          onClose={() => setAsking(null)}
          onAdd={(mods) => {
            onAdd(asking, mods);
            setAsking(null);
          }}
        />
      ) : null}
    </section>
  );
}
