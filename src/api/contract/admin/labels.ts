// Staff-facing names of order statuses and payments: the admin screens and the CSV exports say
// the same. (The customer reads ORDER_STATUS_NAMES, where Unconfirmed and WaitCooking are both
// 'принят'; operators need to tell them apart.)
import type { OrderStatus, PaymentMethod, PaymentStatus } from '../orders.js';

export const STATUS_LABEL: Readonly<Record<OrderStatus, string>> = {
  Unconfirmed: 'Новый',
  WaitCooking: 'Подтверждён',
  CookingStarted: 'Готовится',
  CookingCompleted: 'Приготовлен',
  OnWay: 'В пути',
  Delivered: 'Доставлен',
  Waiting: 'Ждёт выдачи',
  Closed: 'Выполнен',
  Cancelled: 'Отменён',
};

export const PAYMENT_METHOD_LABEL: Readonly<Record<PaymentMethod, string>> = {
  cash: 'Наличными',
  'courier-card': 'Картой курьеру',
  card: 'Картой онлайн',
  sbp: 'СБП',
};

export const PAYMENT_STATUS_LABEL: Readonly<Record<PaymentStatus, string>> = {
  none: 'при получении',
  pending: 'ожидает оплаты',
  paid: 'оплачен',
  failed: 'оплата не прошла',
  refunded: 'деньги возвращены',
};
