// The demo chain's coupons and gift promotions.
import type { Database, Executor } from '../db/database.js';
import { insertPromotionsIfMissing, type NewCoupon, type NewPromotion } from '../repositories/promo.js';

export const DEMO_COUPONS: NewCoupon[] = [
  { code: 'WELCOME10', title: 'Скидка 10 % на первый заказ', kind: 'percent', value: 10, minSum: 800, perUserLimit: 1 },
  { code: 'MINUS200', title: '200 ₽ на заказ от 1 200 ₽', kind: 'fixed', value: 200, minSum: 1200 },
  { code: 'PICKUP15', title: '15 % при самовывозе', kind: 'percent', value: 15, minSum: 0, deliveryMethod: 'self' },
  {
    code: 'AUTUMN2025',
    title: 'Осенняя скидка 2025',
    kind: 'percent',
    value: 20,
    minSum: 0,
    validFrom: new Date('2025-09-01T00:00:00+08:00'),
    validTo: new Date('2025-12-01T00:00:00+08:00'),
  },
  {
    code: 'IRKUTSK300',
    title: '300 ₽ в Иркутске от 2 000 ₽',
    kind: 'fixed',
    value: 300,
    minSum: 2000,
    cityIds: ['city-irkutsk'],
  },
];

export const DEMO_PROMOTIONS: NewPromotion[] = [
  {
    kind: 'snack-gift',
    title: 'При заказе 3х любых закусок - картофель фри в подарок',
    params: { per: 3 },
    isActive: true,
  },
  { kind: 'pizza-gift', title: 'Пицца в подарок при заказе от 2 500 ₽', params: { minSum: 2500 }, isActive: true },
];

/** Writes the demo coupons and gift promotions; rows already there are left as they are. */
export async function insertDemoPromotions(tx: Executor): Promise<void> {
  await insertPromotionsIfMissing(tx, DEMO_COUPONS, DEMO_PROMOTIONS);
}

/** insertDemoPromotions in its own transaction (the demo seed runs it inside its own). */
export async function seedPromotions(db: Database): Promise<void> {
  await db.transaction((tx) => insertDemoPromotions(tx));
}
