// The phone order being taken, as plain values: cart lines (product and chosen modifiers), and
// where each of the server's refusals is shown on the screen. No prices here: every sum shown is
// the server's quote (docs/ADMIN.md «Phone orders»).
import type { CheckoutRefusal } from '../../../api/contract/checkout';
import type { RefusalCode } from '../../../api/contract/orderCodes';

export interface DraftMod {
  id: string;
  groupId: string;
  name: string;
}

export interface DraftLine {
  key: string;
  productId: string;
  name: string;
  amount: number;
  mods: DraftMod[];
}

const lineKey = (productId: string, mods: readonly DraftMod[]): string =>
  [productId, ...mods.map((m) => `${m.groupId}:${m.id}`).sort()].join('|');

/** Adds one unit: the same product with the same modifiers adds to its line. */
export function addLine(lines: readonly DraftLine[], productId: string, name: string, mods: DraftMod[]): DraftLine[] {
  const key = lineKey(productId, mods);
  if (lines.some((l) => l.key === key))
    return lines.map((l) => (l.key === key ? { ...l, amount: Math.min(99, l.amount + 1) } : l));
  return [...lines, { key, productId, name, amount: 1, mods }];
}

/** Changes a line's amount by `delta`; at 0 the line goes. */
export function changeAmount<L extends { key: string; amount: number }>(
  lines: readonly L[],
  key: string,
  delta: number,
): L[] {
  return lines
    .map((l) => (l.key === key ? { ...l, amount: Math.min(99, l.amount + delta) } : l))
    .filter((l) => l.amount > 0);
}

/** The lines as POST /order's items. */
export function itemsOf(lines: readonly DraftLine[]) {
  return lines.map((l) => ({
    productId: l.productId,
    amount: l.amount,
    mods: l.mods.map((m) => ({ id: m.id, amount: 1, groupId: m.groupId })),
  }));
}

export type RefusalPlace = 'cart' | 'address' | 'restaurant' | 'time' | 'coupon' | 'bonus' | 'payment' | 'general';

/** Under which part of the screen each refusal is shown (next to what the operator must change). */
const PLACE: Readonly<Record<RefusalCode, RefusalPlace>> = {
  'site-not-working': 'general',
  'outside-working-hours': 'time',
  'restaurant-closed': 'restaurant',
  'slot-past': 'time',
  'slot-too-far': 'time',
  'slot-outside-working-hours': 'time',
  'city-not-found': 'general',
  'empty-cart': 'cart',
  'item-unavailable': 'cart',
  'stop-list': 'cart',
  'no-address': 'address',
  'address-not-found': 'address',
  'street-not-found': 'address',
  'outside-zone': 'address',
  'no-restaurant': 'restaurant',
  'below-min-sum': 'cart',
  'coupon-refused': 'coupon',
  'bonus-cap': 'bonus',
  'price-changed': 'general',
  'online-payment-disabled': 'payment',
  'courier-card-self': 'payment',
  'change-too-small': 'payment',
  'consent-required': 'general',
  'sign-in-required': 'general',
};

export function placeOf(code: string): RefusalPlace {
  return code in PLACE ? PLACE[code as RefusalCode] : 'general';
}

/** The refusals' messages to show at one place, joined. */
export function messagesAt(refusals: readonly Pick<CheckoutRefusal, 'code' | 'message'>[], place: RefusalPlace) {
  const texts = refusals.filter((r) => placeOf(r.code) === place).map((r) => r.message);
  return texts.length > 0 ? texts.join('. ') : null;
}
