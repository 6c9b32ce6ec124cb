// Saved addresses (PRODUCT.md §4 Addresses).
import { BehaviorSubject } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import type { Address } from '../../src/api/entities';
import { addresses$ } from '../../src/effects/address';
import type { EventEnvelope } from '../../src/effects/deps';
import { envelope, failure, fakeApi, fakeDeps } from './helpers';
import { addressDraft } from '../fixtures/address';
import { signedIn, USER } from './state';

const newScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
const DRAFT = addressDraft({ apartment: '5' });
const CREATED: Address = { id: 'a2', userId: USER.id, ...DRAFT };

describe('addresses effect', () => {
  it('create → RecordAddressCreated; AddressCreated → the list is refetched → ApplyAddresses; delete → RecordAddressDeleted', () => {
    newScheduler().run(({ hot, cold, expectObservable, flush }) => {
      const { api, calls } = fakeApi({
        createAddress: () => cold('5ms a|', { a: CREATED }),
        getAddresses: () => cold('5ms l|', { l: [CREATED] }),
        deleteAddress: () => cold<void>('5ms (v|)', { v: undefined }),
      });
      const event$ = hot<EventEnvelope>('a 9ms b 9ms c', {
        a: envelope({ type: 'AddressCreateRequested', data: { userId: USER.id, address: DRAFT } }),
        b: envelope({ type: 'AddressCreated', data: { address: CREATED } }),
        c: envelope({ type: 'AddressDeleteRequested', data: { addressId: 'a2' } }),
      });
      expectObservable(addresses$()(event$, new BehaviorSubject(signedIn()), fakeDeps(api).deps), '^ 1s !').toBe(
        '5ms r 9ms l 9ms d',
        {
          r: { type: 'RecordAddressCreated', data: { address: CREATED } },
          l: { type: 'ApplyAddresses', data: { addresses: [CREATED] } },
          d: { type: 'RecordAddressDeleted', data: { addressId: 'a2' } },
        },
      );
      flush();
      expect(calls[0]).toEqual({ method: 'createAddress', args: [{ ...DRAFT, userId: USER.id }] });
    });
  });

  it("a refused create shows the server's message (422), another failure a generic toast; a delete failure is only logged", () => {
    newScheduler().run(({ hot, cold, expectObservable, flush }) => {
      const answers = [
        cold<Address>('5ms #', undefined, failure(422, 'Не больше 20 адресов')),
        cold<Address>('5ms #', undefined, failure(500)),
      ];
      const { api } = fakeApi({
        createAddress: () => answers.shift() ?? cold('-'),
        deleteAddress: () => cold<void>('5ms #', undefined, failure(500)),
      });
      const { deps, recorded } = fakeDeps(api);
      const create = envelope({ type: 'AddressCreateRequested', data: { userId: USER.id, address: DRAFT } });
      const event$ = hot<EventEnvelope>('a 9ms b 9ms c', {
        a: create,
        b: create,
        c: envelope({ type: 'AddressDeleteRequested', data: { addressId: 'a1' } }),
      });
      expectObservable(addresses$()(event$, new BehaviorSubject(signedIn()), deps), '^ 1s !').toBe('5ms r 9ms t', {
        r: { type: 'ReportApiRefusal', data: { status: 422, message: 'Не больше 20 адресов' } },
        t: { type: 'ShowToast', data: { text: 'Произошла ошибка. Попробуйте позже.', kind: 'error' } },
      });
      flush();
      expect(recorded.warnings).toEqual(['address create failed', 'address create failed', 'address delete failed']);
    });
  });
});
