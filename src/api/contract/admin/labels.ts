// Staff-facing names of order statuses and payment methods: the admin screens and the CSV exports
// say the same; a payment's state reads as the customer's PAYMENT_STATUS_NAMES. (The customer reads ORDER_STATUS_NAMES, where Unconfirmed and WaitCooking are both
// 'принят'; operators need to tell them apart.)
import type { OrderStatus, PaymentMethod } from '../orders.js';

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
