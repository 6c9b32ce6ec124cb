// The way into 'Пицца из половинок' (docs/HALF-PIZZA.md): a button in the pizza section and on a
// pizza that can be a half, shown only while the chain sells them (HALF_PIZZA set).
import type { Product } from '../../api/entities';
import { isHalvable } from '../../domain/halfPizza';
import { useDispatch, useSelector } from '../app/store';
import ui from './ui.module.css';

export const TEXT_HALF_PIZZA_ENTRY = 'Собрать из половинок';

/** For the pizza group's section (`groupId`), or for one pizza (`product`, its first half). */
export function HalfPizzaEntry({ groupId, product }: { groupId?: string; product?: Product }) {
  const dispatch = useDispatch();
  const settings = useSelector((s) => s.setting.settings);
  const rule = settings?.HALF_PIZZA ?? null;
  if (settings === null || rule === null) return null;
  if (
    product !== undefined
      ? !isHalvable(product, settings.PIZZAS_GROUP_ID, rule.sizeGroupId)
      : groupId !== settings.PIZZAS_GROUP_ID
  )
    return null;
  return (
    <button
      type="button"
      className={`${ui.button} ${ui.secondary}`}
      onClick={() =>
        dispatch({ type: 'OpenModal', data: { modal: { kind: 'halfPizza', productId: product?.id ?? null } } })
      }
    >
      {TEXT_HALF_PIZZA_ENTRY}
    </button>
  );
}
