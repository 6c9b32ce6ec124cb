// The half-and-half line of the cart decider (docs/HALF-PIZZA.md): building it from the catalogue at
// today's prices, its own merge rule (the same halves in either order at the same size are one
// line) and its limit (the stricter maxPerPositionInOrder of the two pizzas).
import type { CartItem, Catalog, HalfPizzaParts, Settings } from '../api/entities';
import { buildHalfPizza, halfPizzaKey } from '../domain/halfPizza';

export { buildHalfPizza };
import { exceedsMaxPerPosition } from '../domain/limits';
import type { AppEvent } from '../events';
import type { HalfPizzaRejectionReason } from '../events/cart';

export type HalfInput = { sizeId: string; firstId: string; secondId: string; quantity: number };

export type HalfPlanned =
  { ok: true; events: AppEvent[]; lineId: string; items: CartItem[] } | { ok: false; reason: HalfPizzaRejectionReason };

const keyOf = (parts: HalfPizzaParts): string =>
  halfPizzaKey(parts.sizeId, parts.halves[0].product.id, parts.halves[1].product.id);

/** Merge into the same halves' line, or a new line; refused above the pizzas' limit. */
export function planHalfPizza(
  items: readonly CartItem[],
  catalog: Catalog,
  settings: Settings,
  input: HalfInput,
  nextId: () => string,
): HalfPlanned {
  const q = input.quantity;
  if (!Number.isInteger(q) || q < 1) return { ok: false, reason: 'invalid-quantity' };
  const built = buildHalfPizza(catalog, settings, input.sizeId, input.firstId, input.secondId);
  if (!built.ok) return built;
  const limit = built.product.maxPerPositionInOrder;
  if (exceedsMaxPerPosition(limit, q)) return { ok: false, reason: 'max-per-position' };
  const key = keyOf(built.parts);
  const same = items.find((l) => l.halfPizza !== undefined && !l.isGift && keyOf(l.halfPizza) === key);
  // Like any product with a limit, each addition of a limited pizza is a line of its own.
  if (same !== undefined && limit === 0) {
    const quantity = same.quantity + q;
    return {
      ok: true,
      events: [{ type: 'HalfPizzaMerged', data: { lineId: same.id, added: q, quantity } }],
      lineId: same.id,
      items: items.map((l) => (l.id === same.id ? { ...l, quantity } : l)),
    };
  }
  const line: CartItem = {
    id: nextId(),
    product: built.product,
    quantity: q,
    mods: [],
    isGift: false,
    isHidden: false,
    isServiceFee: false,
    fromPromocode: false,
    halfPizza: built.parts,
  };
  return { ok: true, events: [{ type: 'HalfPizzaAdded', data: { line } }], lineId: line.id, items: [...items, line] };
}
