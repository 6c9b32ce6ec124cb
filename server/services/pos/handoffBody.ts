// What goes to the POS for one of our orders (issue item 6): the customer, the delivery point,
// the slot as completeBefore in the restaurant's local time, lines with modifiers (plus the
// delivery and service-fee products of the city's data), guests, the comment, and one payment
// of the order's total, less the coupon's discount and the bonuses spent, sent as discounts so
// that lines − discounts = payment (a POS refuses an order whose sums disagree; checked here
// first so the operator reads why). The order's external number is ours.
import type { Executor } from '../../db/database.js';
import type { StoredOrderLine } from '../../db/schema/orders.js';
import type { PosDiscount, PosOrder, PosOrderLine } from '../../integrations/pos/port.js';
import { handoffOrderRow } from '../../repositories/posOutbox.js';
import { localDateTimeInZone } from '../../../src/domain/workingHours.js';

export class HandoffImpossible extends Error {}

/** The order's restaurant has no terminal group: an operator's mapping, or the first sync, is missing. */
export class TerminalNotMapped extends HandoffImpossible {}

export async function handoffBody(db: Executor, orderId: string): Promise<PosOrder> {
  const o = await handoffOrderRow(db, orderId);
  if (!o) throw new HandoffImpossible('Заказ не найден');
  if (o.terminal_group_id === null || o.organization_id === null)
    throw new TerminalNotMapped('Ресторан заказа не сопоставлен с терминалом iiko (раздел «Интеграция»)');
  const lines: PosOrderLine[] = o.items.map((l) => {
    if (l.halfPizza !== undefined) return compoundLine(l, l.halfPizza);
    // a gift costs nothing, its modifiers included
    const free = l.isGift || l.price === 0;
    return {
      productId: l.productId,
      amount: l.amount,
      price: free ? 0 : Math.max(0, l.price - l.mods.reduce((sum, m) => sum + m.price * m.amount, 0)),
      modifiers: l.mods.map((m) => ({
        productId: m.id,
        groupId: m.groupId,
        amount: m.amount,
        price: free ? 0 : m.price,
      })),
    };
  });
  const cityData = cityDataOf(o.cities_data, o.city_iiko_id);
  if (o.delivery_price > 0 && cityData.deliveryId)
    lines.push({ productId: cityData.deliveryId, amount: 1, price: o.delivery_price, modifiers: [] });
  if (o.service_fee > 0 && cityData.serviceFeeId)
    lines.push({ productId: cityData.serviceFeeId, amount: 1, price: o.service_fee, modifiers: [] });
  const discounts: PosDiscount[] = [];
  if (o.discount_total > 0) discounts.push({ kind: 'coupon', sum: o.discount_total });
  if (o.bonus_spent > 0) discounts.push({ kind: 'bonus', sum: o.bonus_spent });
  const linesSum = lines.reduce((sum, l) => sum + l.amount * lineUnit(l), 0);
  const discountSum = discounts.reduce((sum, d) => sum + d.sum, 0);
  if (Math.abs(linesSum - discountSum - o.total) > 0.005)
    throw new HandoffImpossible(
      `Сумма позиций (${linesSum} ₽) за вычетом скидок и бонусов (${discountSum} ₽) не равна сумме заказа (${o.total} ₽): проверьте deliveryId и serviceFeeId города в CITIES_DATA`,
    );
  const a = o.address;
  const change = o.change_from !== null ? `Сдача с ${o.change_from} ₽` : '';
  return {
    id: o.id,
    organizationId: o.organization_id,
    terminalGroupId: o.terminal_group_id,
    externalNumber: String(o.number),
    deliveryMethod: o.delivery_method,
    completeBefore: o.delivery_time === 'asap' ? null : localTime(o.delivery_time, o.time_zone),
    phone: o.phone,
    customerName: o.customer_name.trim() || 'Гость',
    address: a
      ? {
          city: a.city,
          street: a.street,
          house: a.home,
          flat: a.apartment,
          entrance: a.entrance,
          floor: a.floor,
          doorphone: a.intercom,
          comment: a.comment,
          location: a.location,
        }
      : null,
    comment: [o.comment, change, discountNote(o.coupon, o.discount_total, o.bonus_spent)]
      .filter((s) => s.trim() !== '')
      .join('. '),
    guests: Math.max(1, o.persons),
    lines,
    discounts,
    payment: {
      kind: o.payment_method === 'cash' ? 'cash' : o.payment_method === 'courier-card' ? 'courier-card' : 'online',
      sum: o.total,
    },
  };
}

/**
 * A half-and-half line as one compound item: each half its pizza with its own modifiers (the dough),
 * the size once as a common modifier, and the unit price split between the halves so that they add
 * up to it (the modifiers' prices are inside the halves' prices, so they go at 0).
 */
function compoundLine(line: StoredOrderLine, half: NonNullable<StoredOrderLine['halfPizza']>): PosOrderLine {
  const [first, second] = half.halves;
  const secondPrice = Math.floor(line.price / 2);
  const part = (h: typeof first, price: number) => ({
    productId: h.productId,
    price,
    modifiers: h.mods.slice(1).map((m) => ({ productId: m.id, groupId: m.groupId, amount: m.amount, price: 0 })),
  });
  const size = first.mods[0];
  return {
    productId: line.productId,
    amount: line.amount,
    price: line.price,
    modifiers: [],
    compound: {
      primary: part(first, line.price - secondPrice),
      secondary: part(second, secondPrice),
      commonModifiers: size ? [{ productId: size.id, groupId: size.groupId, amount: 1, price: 0 }] : [],
    },
  };
}

/** One unit of a line with its modifiers (a modifier's amount is per unit of its product). */
export function lineUnit(line: PosOrderLine): number {
  return line.price + line.modifiers.reduce((sum, m) => sum + m.price * m.amount, 0);
}

/** The kitchen and the cashier see why the sum is lower: 'Купон WELCOME10: −103 ₽. Бонусами: −200 ₽'. */
function discountNote(coupon: string | null, discount: number, bonus: number): string {
  const parts: string[] = [];
  if (discount > 0) parts.push(`${coupon ? `Купон ${coupon}` : 'Скидка'}: −${discount} ₽`);
  if (bonus > 0) parts.push(`Бонусами: −${bonus} ₽`);
  return parts.join('. ');
}

function cityDataOf(value: unknown, cityIikoId: string): { deliveryId: string | null; serviceFeeId: string | null } {
  const entry: unknown =
    typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[cityIikoId] : null;
  const field = (name: string) => {
    const v: unknown = typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>)[name] : null;
    return typeof v === 'string' && v !== '' ? v : null;
  };
  return { deliveryId: field('deliveryId'), serviceFeeId: field('serviceFeeId') };
}

/** iiko wants the restaurant's wall-clock time without an offset: 'YYYY-MM-DD HH:mm:ss.000'. */
export function localTime(iso: string, timeZone: string): string {
  return `${localDateTimeInZone(iso, timeZone)}.000`;
}
