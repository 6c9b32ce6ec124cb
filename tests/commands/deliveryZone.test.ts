// One delivery price: the cart's hidden delivery line costs what the delivery zone of the
// chosen address costs, as the server's quote charges (orderTotals in
// server/services/order/moneyChecks.ts: the zone's deliveryPrice, free from the city's
// freeDeliveryFrom); before a zone is known, the city's delivery product (PRODUCT.md §4 delivery line).
import { describe, expect, it } from 'vitest';
import type { Address } from '../../src/api/entities';
import { deliveryFee } from '../../src/views/app/cartView';
import { evolveAll, initialState, type AppState } from '../../src/projections/store';
import { PRODUCT } from '../fixtures/catalog';
import { ANGARSK, FAR_ZONE, FREE_DELIVERY_FROM, settingsWith, TERMINAL_1 } from '../fixtures/settings';
import { ADDRESS, quote } from './checkoutFixtures';
import { buildQuoteBody, quoteKey } from '../../src/projections/orderBody';
import { app, history, ready as readyEvents, run } from './helpers';

const ZONED = settingsWith({ CITY_ZONES: { [ANGARSK.id]: [FAR_ZONE] } });
const ELSEWHERE: Address = { ...ADDRESS, id: 'addr-2', street: 'улица Мира', location: { lat: 10, lon: 10 } };
const UNLOCATED: Address = { ...ADDRESS, id: 'addr-3', location: null };

const deliveryLine = (s: AppState) =>
  s.cart.items.filter((l) => l.isHidden && !l.isGift).map((l) => ({ id: l.product.id, price: l.product.price }));
const ready = { signedIn: true, settings: ZONED };

describe('the delivery line and the zone of the chosen address', () => {
  it('before an address is known: the city default (the delivery product, 150)', () => {
    const s = run([{ type: 'AddItem', data: { productId: PRODUCT.phila } }], { ready });
    expect(deliveryLine(s)).toEqual([{ id: PRODUCT.delivery, price: 150 }]);
  });

  it("an address in a zone: the zone's price (300), in the cart's delivery fee and total", () => {
    const s = run(
      [
        { type: 'AddItem', data: { productId: PRODUCT.phila } },
        { type: 'ApplyAddresses', data: { addresses: [ADDRESS, ELSEWHERE] } },
      ],
      { ready },
    );
    expect(deliveryLine(s)).toEqual([{ id: PRODUCT.delivery, price: 300 }]);
    expect(deliveryFee(s.cart.items)).toBe(300);
  });

  it("choosing an address outside every zone goes back to the city default; choosing the zone's again, back to 300", () => {
    const start = history(readyEvents(ready), [
      { type: 'ApplyAddresses', data: { addresses: [ADDRESS, ELSEWHERE] } },
      { type: 'AddItem', data: { productId: PRODUCT.phila } },
    ]);
    const away = app
      .given(start)
      .when({ type: 'SelectAddress', data: { addressId: ELSEWHERE.id } })
      .outcome();
    expect(deliveryLine(away.before)).toEqual([{ id: PRODUCT.delivery, price: 300 }]);
    expect(deliveryLine(away.after)).toEqual([{ id: PRODUCT.delivery, price: 150 }]);
    const back = app
      .given(away.history)
      .when({ type: 'SelectAddress', data: { addressId: ADDRESS.id } })
      .outcome();
    expect(deliveryLine(back.after)).toEqual([{ id: PRODUCT.delivery, price: 300 }]);
  });

  it(`free from the city's freeDeliveryFrom (${FREE_DELIVERY_FROM}) in a paid zone too, as the server charges`, () => {
    const s = run(
      [
        { type: 'ApplyAddresses', data: { addresses: [ADDRESS] } },
        { type: 'AddItem', data: { productId: PRODUCT.phila, quantity: 3 } },
      ],
      { ready },
    );
    expect(deliveryLine(s)).toEqual([{ id: PRODUCT.freeDelivery, price: 0 }]);
  });

  it('self-pickup: no delivery line, whatever the zone', () => {
    const s = run(
      [
        { type: 'ApplyAddresses', data: { addresses: [ADDRESS] } },
        { type: 'AddItem', data: { productId: PRODUCT.phila } },
        { type: 'ChangeDeliveryMethod', data: { method: 'self' } },
      ],
      { ready },
    );
    expect(deliveryLine(s)).toEqual([]);
  });

  it('a saved address without a point learns it from the quote for it, and the line follows the zone', () => {
    const opened = history(readyEvents(ready), [
      { type: 'ApplyAddresses', data: { addresses: [UNLOCATED] } },
      { type: 'AddItem', data: { productId: PRODUCT.phila } },
      { type: 'OpenCheckout', data: {} },
    ]);
    const start = evolveAll(initialState, opened);
    expect(deliveryLine(start)).toEqual([{ id: PRODUCT.delivery, price: 150 }]);
    const body = buildQuoteBody(start);
    if (body === null) throw new Error('no quote body');
    const key = quoteKey(body);
    const asked = history(opened, [{ type: 'StartQuote', data: { key } }]);
    const zone = {
      id: FAR_ZONE.id,
      name: FAR_ZONE.name,
      minSum: 0,
      deliveryPrice: 300,
      freeDeliveryFrom: FREE_DELIVERY_FROM,
      deliveryMinutes: 90,
      deliveryTerminalId: TERMINAL_1,
    };
    const {
      events,
      after,
      history: located,
    } = app
      .given(asked)
      .when({
        type: 'ApplyQuote',
        data: { key, quote: quote({ zone, location: ADDRESS.location, deliveryPrice: 300 }) },
      })
      .outcome();
    expect(events).toContainEqual({
      type: 'AddressLocated',
      data: { addressId: UNLOCATED.id, location: ADDRESS.location },
    });
    expect(after.address.list[0]?.location).toEqual(ADDRESS.location);
    expect(deliveryLine(after)).toEqual([{ id: PRODUCT.delivery, price: 300 }]);
    // The server's list (still without the point) does not take it away again.
    const reloaded = app
      .given(located)
      .when({ type: 'ApplyAddresses', data: { addresses: [UNLOCATED] } })
      .outcome().after;
    expect(reloaded.address.list[0]?.location).toEqual(ADDRESS.location);
    expect(deliveryLine(reloaded)).toEqual([{ id: PRODUCT.delivery, price: 300 }]);
  });
});
