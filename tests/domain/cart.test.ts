// Cart lines and the delivery line's product (PRODUCT.md §3, §4 "Delivery line").
import { describe, expect, it } from 'vitest';
import type { CartItem, CityData } from '../../src/api/entities';
import {
  fullPrice,
  goodsTotal,
  isDeliveryLine,
  isGiftLine,
  isGoodsLine,
  isOrderedLine,
  wantedDeliveryProduct,
} from '../../src/domain/cart';
import { cartItem, product } from './fixtures';

const roll = product({ id: 'roll', name: 'Филадельфия', price: 450 });
const delivery = product({ id: 'delivery', name: 'Доставка', price: 150 });
const freeDelivery = product({ id: 'free-delivery', name: 'Бесплатная доставка', price: 0 });
const catalog = { products: [roll, delivery, freeDelivery] };
const cityData: CityData = {
  deliveryId: 'delivery',
  freeDeliveryFrom: 1000,
  freeDeliveryId: 'free-delivery',
  serviceFeeId: null,
  isPromocodeHide: false,
};
const gift: CartItem = { ...cartItem(roll, 1), id: 'gift', isGift: true, isHidden: true };
const deliveryLine: CartItem = { ...cartItem(delivery, 1), id: 'd', isHidden: true };

describe('line kinds and totals', () => {
  it('tells goods, gift and delivery lines apart', () => {
    const goods = cartItem(roll, 2);
    expect([goods, gift, deliveryLine].map(isGoodsLine)).toEqual([true, false, false]);
    expect([goods, gift, deliveryLine].map(isGiftLine)).toEqual([false, true, false]);
    expect([goods, gift, deliveryLine].map(isDeliveryLine)).toEqual([false, false, true]);
    expect([goods, gift, deliveryLine].map(isOrderedLine)).toEqual([true, true, false]);
  });

  it('goods total counts goods only; the full price adds delivery but never gifts', () => {
    const items = [cartItem(roll, 2), gift, deliveryLine];
    expect(goodsTotal(items)).toBe(900);
    expect(fullPrice(items)).toBe(1050);
  });
});

describe('wantedDeliveryProduct', () => {
  const cart = (items: CartItem[], over: { deliveryMethod?: 'delivery' | 'self'; freeDelivery?: boolean } = {}) => ({
    items,
    deliveryMethod: over.deliveryMethod ?? 'delivery',
    freeDelivery: over.freeDelivery ?? false,
  });

  it('none in self-pickup, without goods, or before the city data is known', () => {
    expect(wantedDeliveryProduct(cart([cartItem(roll, 1)], { deliveryMethod: 'self' }), cityData, catalog, null)).toBe(
      undefined,
    );
    expect(wantedDeliveryProduct(cart([gift]), cityData, catalog, null)).toBe(undefined);
    expect(wantedDeliveryProduct(cart([cartItem(roll, 1)]), undefined, catalog, null)).toBe(undefined);
  });

  it("the free-delivery product from the city's freeDeliveryFrom", () => {
    expect(wantedDeliveryProduct(cart([cartItem(roll, 3)]), cityData, catalog, null)).toBe(freeDelivery);
  });

  it('below it: the paid product as it is, at the zone price, free in a free zone, none when the promo granted it', () => {
    const one = cart([cartItem(roll, 1)]);
    expect(wantedDeliveryProduct(one, cityData, catalog, null)).toBe(delivery);
    expect(wantedDeliveryProduct(one, cityData, catalog, { deliveryPrice: 250 })).toEqual({ ...delivery, price: 250 });
    expect(wantedDeliveryProduct(one, cityData, catalog, { deliveryPrice: 0 })).toBe(freeDelivery);
    expect(wantedDeliveryProduct(cart([cartItem(roll, 1)], { freeDelivery: true }), cityData, catalog, null)).toBe(
      undefined,
    );
  });
});
