// Operator-facing names of order statuses, actions, payment methods and states, and the address
// line. (The customer
// reads ORDER_STATUS_NAMES, where Unconfirmed and WaitCooking are both 'принят'; operators need
// to tell them apart.)
import { PAYMENT_STATUS_NAMES, type Order, type OrderAddress, type OrderStatus } from '../../../api/contract/orders';
import type { RefundState } from '../../../api/contract/admin/orders';

export { STATUS_LABEL, PAYMENT_METHOD_LABEL } from '../../../api/contract/admin/labels';

/** The button that moves an order to the status. */
export const STATUS_ACTION: Readonly<Record<OrderStatus, string>> = {
  Unconfirmed: 'Вернуть в новые',
  WaitCooking: 'Подтвердить',
  CookingStarted: 'Начать готовить',
  CookingCompleted: 'Приготовлен',
  OnWay: 'Передать курьеру',
  Delivered: 'Доставлен',
  Waiting: 'Готов к выдаче',
  Closed: 'Закрыть заказ',
  Cancelled: 'Отменить',
};

/** A cancelled order still 'paid' is one whose money has not come back yet (the server marks it 'refunded' only when the provider confirmed). */
export function paymentStatusLabel(order: Pick<Order, 'status' | 'paymentStatus'>): string {
  if (order.status === 'Cancelled' && order.paymentStatus === 'paid') return 'оплачен, нужно вернуть деньги';
  return PAYMENT_STATUS_NAMES[order.paymentStatus];
}

export const REFUND_LABEL: Readonly<Record<RefundState, string>> = {
  'not-needed': 'возврат не нужен',
  required: 'нужно вернуть деньги',
  done: 'деньги возвращены',
  failed: 'возврат не прошёл',
};

/** The button that asks the provider again for a refund that failed or is still due. */
export const REFUND_RETRY_ACTION = 'Повторить возврат';

export function statusTone(status: OrderStatus): 'info' | 'ok' | 'bad' | 'plain' {
  if (status === 'Unconfirmed') return 'info';
  if (status === 'Closed' || status === 'Delivered') return 'ok';
  if (status === 'Cancelled') return 'bad';
  return 'plain';
}

/** What an address line shows of an order's address or a customer's saved one (which has no intercom). */
type AddressLineParts = Pick<OrderAddress, 'city' | 'street' | 'home' | 'apartment' | 'entrance' | 'floor'> &
  Partial<Pick<OrderAddress, 'intercom'>>;

/** An address on one line: city, street, house, then the flat, entrance, floor and intercom given. */
export function addressLine(a: AddressLineParts): string {
  return [
    a.city,
    a.street,
    a.home,
    a.apartment && `кв. ${a.apartment}`,
    a.entrance && `подъезд: ${a.entrance}`,
    a.floor && `этаж: ${a.floor}`,
    a.intercom && `домофон: ${a.intercom}`,
  ]
    .filter(Boolean)
    .join(', ');
}
