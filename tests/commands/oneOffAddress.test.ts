// Ordering to an address without saving it: the order carries the address itself (the
// server validates, geocodes and stores it on the order, tests/server/orders.test.ts); the quote
// prices it; choosing a saved address again drops it.
import { describe, expect, it } from 'vitest';
import { checkoutProblems } from '../../src/commands/checkout.decide';
import { buildQuoteBody } from '../../src/projections/orderBody';
import type { AddressDraft } from '../../src/events/address';
import { PRODUCT } from '../fixtures/catalog';
import { ANGARSK, FAR_ZONE, NOW, settingsWith } from '../fixtures/settings';
import { ADDRESS } from './checkoutFixtures';
import { app, history, ready as readyEvents, run } from './helpers';

const ONE_OFF: AddressDraft = {
  city: 'Ангарск',
  street: 'улица Мира',
  home: '7',
  apartment: '12',
  entrance: '1',
  floor: '3',
  intercom: null,
  comment: 'Код 12',
  location: { lat: 52.55, lon: 103.9 },
};
const ready = { signedIn: true, settings: settingsWith({ CITY_ZONES: { [ANGARSK.id]: [FAR_ZONE] } }) };
const use = { type: 'UseOneOffAddress', data: { address: ONE_OFF } } as const;
const basics = [
  { type: 'AddItem', data: { productId: PRODUCT.phila } },
  { type: 'ChangeConsent', data: { given: true } },
] as const;

describe('UseOneOffAddress', () => {
  it('the address is used for this order only: not saved, the quote and the order carry it instead of an addressId', () => {
    const {
      events,
      after,
      history: chosen,
    } = app
      .given(history(readyEvents(ready), [...basics]))
      .when(use)
      .outcome();
    expect(events[0]).toEqual({ type: 'OneOffAddressChosen', data: { address: ONE_OFF } });
    expect(events.map((e) => e.type)).not.toContain('AddressCreateRequested');
    expect(after.address.list).toEqual([]);
    expect(buildQuoteBody(after)).toMatchObject({ address: ONE_OFF, addressId: null });
    expect(checkoutProblems(after, NOW.mondayAfternoon).map((p) => p.code)).not.toContain('no-address');
    const placed = app.given(chosen).when({ type: 'PlaceOrder', data: {} }, { id: 'key-1' }).outcome().events[0];
    expect(placed).toMatchObject({ type: 'OrderSubmitted', data: { body: { address: ONE_OFF, addressId: null } } });
  });

  it("its zone prices the cart's delivery line", () => {
    const after = run([...basics, use], { ready });
    expect(after.cart.items.filter((l) => l.isHidden && !l.isGift).map((l) => l.product.price)).toEqual([300]);
  });

  it('choosing a saved address (even the one selected before) drops the one-off one', () => {
    const { before: withSaved, after: back } = app
      .given(history(readyEvents(ready), [{ type: 'ApplyAddresses', data: { addresses: [ADDRESS] } }, ...basics, use]))
      .when({ type: 'SelectAddress', data: { addressId: ADDRESS.id } })
      .outcome();
    expect(buildQuoteBody(withSaved)).toMatchObject({ address: ONE_OFF, addressId: null });
    expect(withSaved.cart.items.filter((l) => l.isHidden && !l.isGift).map((l) => l.product.price)).toEqual([300]);
    expect(back.checkout.oneOffAddress).toBeNull();
    expect(buildQuoteBody(back)).toMatchObject({ address: null, addressId: ADDRESS.id });
  });

  it('a guest is asked to sign in; an address without street or house is not taken', () => {
    const guest = app
      .given(history(readyEvents({ ...ready, signedIn: false }), [...basics]))
      .when(use)
      .outcome();
    expect(guest.events).toContainEqual({ type: 'AuthRequired', data: { reason: 'address' } });
    app
      .given(history(readyEvents(ready), [...basics]))
      .when({ type: 'UseOneOffAddress', data: { address: { ...ONE_OFF, home: ' ' } } })
      .thenNothing();
  });
});
