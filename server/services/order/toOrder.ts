// A stored order row as the contract's Order: shared by the order lifecycle, payments and the
// admin area, so it sits in a leaf module that imports no service.
import { ORDER_STATUS_NAMES, type Order } from '../../../src/api/contract/orders.js';
import type { OrderRow } from '../../repositories/orders.js';

export type { OrderRow };

export function toOrder(row: OrderRow): Order {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    statusName: ORDER_STATUS_NAMES[row.status],
    cityId: row.cityId,
    deliveryMethod: row.deliveryMethod,
    address: row.address,
    deliveryTerminalId: row.deliveryTerminalId,
    zoneId: row.zoneId,
    items: row.items,
    goodsTotal: row.goodsTotal,
    discountTotal: row.discountTotal,
    deliveryPrice: row.deliveryPrice,
    serviceFee: row.serviceFee,
    bonusSpent: row.bonusSpent,
    total: row.total,
    coupon: row.coupon,
    paymentMethod: row.paymentMethod,
    paymentStatus: row.paymentStatus,
    deliveryTime: row.deliveryTime === 'asap' ? 'asap' : new Date(row.deliveryTime).toISOString(),
    persons: row.persons,
    changeFrom: row.changeFrom,
    comment: row.comment,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
