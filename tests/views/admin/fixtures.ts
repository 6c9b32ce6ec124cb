// Answers of the admin contract for view tests, checked against the contract schemas.
import type { StaffRole } from '../../../src/api/contract/admin/common';
import { adminMe, StaffMember } from '../../../src/api/contract/admin/auth';
import {
  AdminOrderDetail,
  StaffOrderEvent,
  adminGetOrder,
  adminListOrders,
  type AdminOrder,
} from '../../../src/api/contract/admin/orders';
import {
  AdminCity,
  AdminRestaurant,
  adminListCities,
  adminListRestaurants,
} from '../../../src/api/contract/admin/settings';
import { CheckoutQuote } from '../../../src/api/contract/checkout';
import { ORDER_STATUS_NAMES, type OrderStatus } from '../../../src/api/contract/orders';
import { addressDraft } from '../../fixtures/address';
import { placedOrder } from '../../fixtures/order';
import { FakeServer } from './helpers';

export const staffMember = (role: StaffRole = 'admin') =>
  StaffMember.parse({
    id: role === 'admin' ? 'staff-1' : 'staff-2',
    login: role === 'admin' ? 'admin' : 'oper',
    name: role === 'admin' ? 'Анна' : 'Олег',
    role,
    isActive: true,
    createdAt: '2026-11-01T00:00:00.000Z',
    lastLoginAt: null,
  });

const week = Array.from({ length: 7 }, () => ({ open: '10:00', close: '23:00', isNextDay: false }));

export const CITIES = [
  AdminCity.parse({
    id: 'angarsk',
    name: 'Ангарск',
    slug: 'angarsk',
    iikoId: 'iiko-angarsk',
    cityIn: 'в Ангарске',
    timeZone: 'Asia/Irkutsk',
    order: 1,
    data: { deliveryId: 'd', freeDeliveryFrom: 1500, freeDeliveryId: 'fd', serviceFeeId: null, isPromocodeHide: false },
  }),
  AdminCity.parse({
    id: 'irkutsk',
    name: 'Иркутск',
    slug: 'irkutsk',
    iikoId: 'iiko-irkutsk',
    cityIn: 'в Иркутске',
    timeZone: 'Asia/Irkutsk',
    order: 2,
    data: null,
  }),
];

export const RESTAURANTS = [
  AdminRestaurant.parse({
    deliveryTerminalId: 'rest-a',
    cityId: 'angarsk',
    name: 'Ангарск, 12 мкр',
    address: '12 мкр, 1',
    phone: '+7 (3955) 61-10-10',
    location: { lat: 52.5, lon: 103.9 },
    hours: week,
    cookingMinutes: 30,
    isOnlinePaymentDisabled: false,
    isActive: true,
    order: 1,
  }),
  AdminRestaurant.parse({
    deliveryTerminalId: 'rest-i',
    cityId: 'irkutsk',
    name: 'Иркутск, Центр',
    address: 'Ленина, 1',
    phone: '+7 (3952) 70-10-10',
    location: { lat: 52.28, lon: 104.28 },
    hours: week,
    cookingMinutes: 30,
    isOnlinePaymentDisabled: false,
    isActive: true,
    order: 2,
  }),
];

const FLOW: Record<string, OrderStatus[]> = {
  Unconfirmed: ['WaitCooking', 'CookingStarted', 'CookingCompleted', 'OnWay', 'Delivered', 'Closed'],
  WaitCooking: ['CookingStarted', 'CookingCompleted', 'OnWay', 'Delivered', 'Closed'],
  CookingStarted: ['CookingCompleted', 'OnWay', 'Delivered', 'Closed'],
};

export function order(
  overrides: { id?: string; number?: number; status?: OrderStatus; phone?: string } = {},
): AdminOrderDetail {
  const status = overrides.status ?? 'Unconfirmed';
  return AdminOrderDetail.parse({
    ...placedOrder({
      id: overrides.id ?? 'order-1',
      number: overrides.number ?? 101,
      status,
      statusName: ORDER_STATUS_NAMES[status],
      cityId: 'angarsk',
      deliveryMethod: 'delivery',
      address: addressDraft({ home: '5', apartment: '12' }),
      deliveryTerminalId: 'rest-a',
      items: [{ productId: 'p1', name: 'Филадельфия', amount: 2, price: 500, sum: 1000, mods: [], isGift: false }],
      goodsTotal: 1000,
      total: 1000,
      persons: 2,
      createdAt: '2026-11-23T03:00:00.000Z',
      updatedAt: '2026-11-23T03:00:00.000Z',
    }),
    customer: { id: 'user-1', phone: overrides.phone ?? '+79991234567', name: 'Иван' },
    nextStatuses: FLOW[status] ?? [],
    statusLog: [{ status: 'Unconfirmed', at: '2026-11-23T03:00:00.000Z', actor: 'customer' }],
    cancellation: null,
  });
}

export const listItem = (detail: AdminOrderDetail): AdminOrder => {
  const { statusLog: _log, cancellation: _cancel, ...rest } = detail;
  return rest;
};

/** A staff socket's message about an order: №101 (o1), Unconfirmed, 1000 ₽ at rest-a unless told otherwise. */
export const staffOrderEvent = (
  type: StaffOrderEvent['type'],
  fields: Partial<Omit<StaffOrderEvent, 'type'>> = {},
): StaffOrderEvent =>
  StaffOrderEvent.parse({
    type,
    orderId: 'o1',
    number: 101,
    status: 'Unconfirmed',
    paymentStatus: 'none',
    cityId: 'angarsk',
    deliveryTerminalId: 'rest-a',
    total: 1000,
    ...fields,
  });

/** A quote of the checkout's assessment in Ангарск: delivery, no zone or restaurant, nothing charged or refused unless told. */
export const checkoutQuote = (over: Partial<CheckoutQuote> = {}): CheckoutQuote =>
  CheckoutQuote.parse({
    cityId: 'angarsk',
    deliveryMethod: 'delivery',
    zone: null,
    location: null,
    restaurant: null,
    restaurants: [],
    lines: [],
    goodsTotal: 0,
    discountTotal: 0,
    deliveryPrice: 0,
    serviceFee: 0,
    bonusSpent: 0,
    bonusCap: 0,
    total: 0,
    paymentMethods: [],
    deliveryText: '',
    captcha: { required: false, provider: null, siteKey: '' },
    slots: {
      timeZone: 'Asia/Irkutsk',
      leadMinutes: 60,
      asap: { available: true, estimate: null, message: null },
      days: [],
    },
    refusals: [],
    canSubmit: true,
    ...over,
  });

/** A fake server of the admin area as a `role` sees it at sign-in: their account, no orders, the cities and restaurants. */
export const adminAreaServer = (role: StaffRole = 'admin') =>
  new FakeServer()
    .on(adminMe, () => ({ body: staffMember(role) }))
    .on(adminListOrders, () => ({ body: { orders: [], total: 0 } }))
    .on(adminListCities, () => ({ body: { cities: CITIES } }))
    .on(adminListRestaurants, () => ({ body: { restaurants: RESTAURANTS } }));

/**
 * A fake server of the orders screen over `initial` (newest number first) as a `role` sees it; the
 * returned map is its database, for a test to change between reads.
 */
export function ordersServer(initial: AdminOrderDetail[], role: StaffRole = 'admin') {
  const db = new Map(initial.map((o) => [o.id, o]));
  const server = new FakeServer()
    .on(adminMe, () => ({ body: staffMember(role) }))
    .on(adminListCities, () => ({ body: { cities: CITIES } }))
    .on(adminListRestaurants, () => ({ body: { restaurants: RESTAURANTS } }))
    .on(adminListOrders, () => {
      const orders = [...db.values()].sort((a, b) => b.number - a.number).map(listItem);
      return { body: { orders, total: orders.length } };
    })
    .on(adminGetOrder, (req) => {
      const found = db.get(req.params.id ?? '');
      return found ? { body: found } : { status: 404, body: { message: 'Заказ не найден' } };
    });
  return { server, db };
}
