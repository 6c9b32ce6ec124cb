// Deciders of the smaller areas: address, catalog (filters, search, likes), city, modal, setting, user, view.
import { describe, expect, it } from 'vitest';
import type { Address } from '../../src/api/entities';
import { TEXT_LIKE_TWICE, TEXT_SERVER_ERROR } from '../../src/commands/catalog.decide';
import { TEXT_REQUEST_FAILED } from '../../src/commands/view.decide';
import { findProduct } from '../../src/domain/catalog';
import { selectVisibleProducts } from '../../src/projections/catalog';
import { selectCurrentModal, TITLE_CITY } from '../../src/projections/modal';
import { evolveAll, initialState } from '../../src/projections/store';
import { decide } from '../../src/commands/decide';
import { catalog, PRODUCT } from '../fixtures/catalog';
import { ANGARSK, cities, settings, SHELEKHOV } from '../fixtures/settings';
import { USER } from '../fixtures/state';
import { META, run, when } from './helpers';

const address = (id: string): Address => ({
  id,
  userId: USER.id,
  city: 'Ангарск',
  street: 'Ленина',
  home: id,
  apartment: null,
  entrance: null,
  floor: null,
  intercom: null,
  comment: null,
  location: null,
});

describe('Addresses (SPEC §4)', () => {
  it('after a fetch the selected one is kept if it still exists, else the first', () => {
    const s = run([
      { type: 'ApplyAddresses', data: { addresses: [address('a1'), address('a2')] } },
      { type: 'SelectAddress', data: { addressId: 'a2' } },
    ]);
    expect(
      when({ type: 'ApplyAddresses', data: { addresses: [address('a2'), address('a3')] } }, { state: s }).events,
    ).toEqual([{ type: 'AddressesLoaded', data: { addresses: [address('a2'), address('a3')], selectedId: 'a2' } }]);
    expect(when({ type: 'ApplyAddresses', data: { addresses: [address('a3')] } }, { state: s }).events).toEqual([
      { type: 'AddressesLoaded', data: { addresses: [address('a3')], selectedId: 'a3' } },
    ]);
    expect(
      when({ type: 'ApplyAddresses', data: { addresses: [address('a1'), address('a2')] } }, { state: s }).events,
    ).toEqual([]);
  });

  it('after delete the first remaining or none', () => {
    const s = run([
      { type: 'ApplyAddresses', data: { addresses: [address('a1'), address('a2')] } },
      { type: 'SelectAddress', data: { addressId: 'a2' } },
    ]);
    expect(when({ type: 'DeleteAddress', data: { addressId: 'a2' } }, { state: s }).events).toEqual([
      { type: 'AddressDeleteRequested', data: { addressId: 'a2' } },
    ]);
    const d = when({ type: 'RecordAddressDeleted', data: { addressId: 'a2' } }, { state: s });
    expect(d.events).toEqual([{ type: 'AddressDeleted', data: { addressId: 'a2', selectedId: 'a1' } }]);
    const last = when({ type: 'RecordAddressDeleted', data: { addressId: 'a1' } }, { state: d.after });
    expect(last.events).toEqual([{ type: 'AddressDeleted', data: { addressId: 'a1', selectedId: null } }]);
  });

  it('after create the new one is selected', () => {
    const s = run([{ type: 'ApplyAddresses', data: { addresses: [address('a1')] } }]);
    const { id: _id, userId: _u, ...draft } = address('a9');
    expect(when({ type: 'CreateAddress', data: { address: draft } }, { state: s }).events).toEqual([
      { type: 'AddressCreateRequested', data: { userId: USER.id, address: draft } },
    ]);
    const { after } = when({ type: 'RecordAddressCreated', data: { address: address('a9') } }, { state: s });
    expect(after.address.selectedId).toBe('a9');
    expect(after.address.list.map((a) => a.id)).toEqual(['a1', 'a9']);
  });
});

describe('Catalogue filters and search (SPEC §4, §5)', () => {
  it('are mutually exclusive: setting one clears the other', () => {
    const searched = run([{ type: 'SearchCatalog', data: { text: ' Пицца ' } }]);
    expect(searched.catalog.query).toEqual({ mode: 'search', text: 'Пицца' });
    const filtered = run([{ type: 'FilterCatalog', data: { codes: ['hit'] } }], { state: searched });
    expect(filtered.catalog.query).toEqual({ mode: 'filter', codes: ['hit'] });
    expect(run([{ type: 'SearchCatalog', data: { text: '' } }], { state: filtered }).catalog.query).toEqual({
      mode: 'all',
    });
  });

  it('search matches name, description or category name case-insensitively; filters by code; hides excluded allergens', () => {
    const s = run([{ type: 'SearchCatalog', data: { text: 'закуск' } }]);
    expect(selectVisibleProducts(s.catalog).map((p) => p.id)).toEqual([
      PRODUCT.nuggets,
      PRODUCT.wings,
      PRODUCT.shrimp,
      PRODUCT.cheeseSticks,
      PRODUCT.fries,
    ]);
    expect(
      selectVisibleProducts(run([{ type: 'SearchCatalog', data: { text: 'КОЛБАС' } }]).catalog).map((p) => p.id),
    ).toEqual([PRODUCT.pizza]);
    expect(
      selectVisibleProducts(run([{ type: 'FilterCatalog', data: { codes: ['hit'] } }]).catalog).map((p) => p.id),
    ).toEqual([PRODUCT.california]);
    // 'ё' = 'е' and every word in any order (SPEC §5 search, the same rule the domain uses)
    expect(
      selectVisibleProducts(run([{ type: 'SearchCatalog', data: { text: 'кревётки' } }]).catalog).map((p) => p.id),
    ).toEqual([PRODUCT.shrimp]);
    expect(
      selectVisibleProducts(run([{ type: 'SearchCatalog', data: { text: 'палочки  сырные' } }]).catalog).map(
        (p) => p.id,
      ),
    ).toEqual([PRODUCT.cheeseSticks]);
    const all = selectVisibleProducts(run([]).catalog, ['fish']).map((p) => p.id);
    expect(all).not.toContain(PRODUCT.phila);
    expect(all).not.toContain(PRODUCT.delivery);
  });
});

describe('Likes (SPEC §4, §8)', () => {
  it('like and unlike update likesCount and isLiked', () => {
    const liked = when({ type: 'LikeProduct', data: { productId: PRODUCT.phila } });
    expect(liked.events).toEqual([{ type: 'ProductLiked', data: { productId: PRODUCT.phila, userId: USER.id } }]);
    expect(findProduct(liked.after.catalog.catalog, PRODUCT.phila)).toMatchObject({ isLiked: true, likesCount: 1 });
    expect(when({ type: 'LikeProduct', data: { productId: PRODUCT.phila } }, { state: liked.after }).events).toEqual(
      [],
    );
    const unliked = when({ type: 'UnlikeProduct', data: { productId: PRODUCT.phila } }, { state: liked.after });
    expect(findProduct(unliked.after.catalog.catalog, PRODUCT.phila)).toMatchObject({ isLiked: false, likesCount: 0 });
  });

  it('likes require sign-in: signed out the auth modal opens', () => {
    const { events, after } = when(
      { type: 'LikeProduct', data: { productId: PRODUCT.phila } },
      { ready: { signedIn: false } },
    );
    expect(events).toEqual([{ type: 'AuthRequired', data: { reason: 'like' } }]);
    expect(selectCurrentModal(after.modal)).toEqual({ kind: 'auth' });
  });

  it("a 409 gives 'Нельзя поставить лайк этому товару повторно'", () => {
    const s = run([{ type: 'LikeProduct', data: { productId: PRODUCT.phila } }]);
    const { events, after } = when({ type: 'RejectLike', data: { productId: PRODUCT.phila } }, { state: s });
    expect(events).toEqual([
      { type: 'LikeRejected', data: { productId: PRODUCT.phila, reason: 'already-liked' } },
      {
        type: 'ToastShown',
        data: { toast: { id: 'cmd', text: 'Нельзя поставить лайк этому товару повторно', kind: 'error' } },
      },
    ]);
    expect(TEXT_LIKE_TWICE).toBe('Нельзя поставить лайк этому товару повторно');
    expect(findProduct(after.catalog.catalog, PRODUCT.phila)).toMatchObject({ isLiked: true, likesCount: 0 });
  });

  it("a failed unlike gives 'Ошибка сервера. Попробуйте позже' and is rolled back", () => {
    const s = run([
      { type: 'LikeProduct', data: { productId: PRODUCT.phila } },
      { type: 'UnlikeProduct', data: { productId: PRODUCT.phila } },
    ]);
    const { events, after } = when({ type: 'ReportUnlikeFailure', data: { productId: PRODUCT.phila } }, { state: s });
    expect(events).toEqual([
      { type: 'UnlikeFailed', data: { productId: PRODUCT.phila } },
      { type: 'ToastShown', data: { toast: { id: 'cmd', text: 'Ошибка сервера. Попробуйте позже', kind: 'error' } } },
    ]);
    expect(TEXT_SERVER_ERROR).toBe('Ошибка сервера. Попробуйте позже');
    expect(findProduct(after.catalog.catalog, PRODUCT.phila)).toMatchObject({ isLiked: true, likesCount: 1 });
  });

  it('LikesLoaded marks products and survives a catalogue reload', () => {
    const s = run([
      { type: 'ApplyLikes', data: { productIds: [PRODUCT.cola] } },
      { type: 'ApplyCatalog', data: { catalog, version: 'c2' } },
    ]);
    expect(findProduct(s.catalog.catalog, PRODUCT.cola)?.isLiked).toBe(true);
  });
});

describe('City (SPEC §4 city selection)', () => {
  const booted = () =>
    evolveAll(initialState, [
      { type: 'SettingsLoaded', data: { settings } },
      { type: 'CitiesLoaded', data: { cities } },
    ]);

  it("first visit (already-selected cookie not 'true'): default ANGARSK_ID and the city modal, which has no close", () => {
    const s = booted();
    const events = decide({ type: 'StartSession', data: { cityCookie: null, citySelectedCookie: null } }, s, META);
    expect(events).toEqual([
      { type: 'SessionStarted', data: { cityId: ANGARSK.id, openedAt: META.now } },
      { type: 'CityPromptShown', data: {} },
    ]);
    const after = evolveAll(s, events);
    expect(selectCurrentModal(after.modal)).toEqual({ kind: 'city' });
    expect(TITLE_CITY).toBe('Выберите свой город');
    expect(decide({ type: 'CloseModal', data: {} }, after, META)).toEqual([]);
    // Starting twice changes nothing.
    expect(decide({ type: 'StartSession', data: { cityCookie: null, citySelectedCookie: null } }, after, META)).toEqual(
      [],
    );
  });

  it("a returning visitor: the cookie's city, no modal", () => {
    const events = decide(
      { type: 'StartSession', data: { cityCookie: SHELEKHOV.id, citySelectedCookie: 'true' } },
      booted(),
      META,
    );
    expect(events).toEqual([{ type: 'SessionStarted', data: { cityId: SHELEKHOV.id, openedAt: META.now } }]);
  });

  it('an unknown city cookie falls back to ANGARSK_ID', () => {
    const events = decide(
      { type: 'StartSession', data: { cityCookie: 'city-gone', citySelectedCookie: 'true' } },
      booted(),
      META,
    );
    expect(events).toEqual([{ type: 'SessionStarted', data: { cityId: ANGARSK.id, openedAt: META.now } }]);
  });

  it('SelectCity emits CitySelected with the slug and closes the city modal', () => {
    const s = evolveAll(
      booted(),
      decide({ type: 'StartSession', data: { cityCookie: null, citySelectedCookie: null } }, booted(), META),
    );
    const events = decide({ type: 'SelectCity', data: { cityId: SHELEKHOV.id } }, s, META);
    expect(events).toEqual([{ type: 'CitySelected', data: { cityId: SHELEKHOV.id, slug: 'shelekhov' } }]);
    expect(evolveAll(s, events).modal.stack).toEqual([]);
    expect(decide({ type: 'SelectCity', data: { cityId: 'x' } }, s, META)).toEqual([
      { type: 'CityRejected', data: { cityId: 'x', reason: 'unknown-city' } },
    ]);
  });
});

describe('Settings and versions (SPEC §9 background checks)', () => {
  it('VersionChanged per changed value; UpdateNeededFlagged when the mobile app version is not 1', () => {
    const s = run([
      { type: 'CheckVersions', data: { catalogVersion: 'c1', storeVersion: '1', mobileAppVersion: '1' } },
    ]);
    expect(s.setting.versions).toEqual({ catalog: 'c1', settings: null, store: '1', mobileApp: '1' });
    expect(s.view.updateNeeded).toBe(false);
    const { events, after } = when(
      { type: 'CheckVersions', data: { catalogVersion: 'c2', storeVersion: '1', mobileAppVersion: '2' } },
      { state: s },
    );
    expect(events).toEqual([
      { type: 'VersionChanged', data: { kind: 'catalog', version: 'c2', previous: 'c1' } },
      { type: 'VersionChanged', data: { kind: 'mobileApp', version: '2', previous: '1' } },
      { type: 'UpdateNeededFlagged', data: { mobileAppVersion: '2' } },
    ]);
    expect(after.view.updateNeeded).toBe(true);
    expect(
      when({ type: 'CheckVersions', data: { catalogVersion: 'c2', mobileAppVersion: '2' } }, { state: after }).events,
    ).toEqual([]);
  });

  it('SettingsLoaded is skipped when nothing changed', () => {
    expect(when({ type: 'ApplySettings', data: { settings } }).events).toEqual([]);
  });
});

describe('User', () => {
  it('BalanceLoaded updates the balance; excluded allergens hide products', () => {
    const s = run([
      { type: 'ApplyBalance', data: { balance: 42 } },
      { type: 'ChangeAllergens', data: { codes: ['gluten'] } },
    ]);
    expect(s.user.profile?.balance).toBe(42);
    expect(s.user.profile?.userAllergens).toEqual(['gluten']);
    expect(selectVisibleProducts(s.catalog, s.user.profile?.userAllergens).map((p) => p.id)).not.toContain(
      PRODUCT.pizza,
    );
    expect(when({ type: 'ApplyBalance', data: { balance: 42 } }, { state: s }).events).toEqual([]);
  });
});

describe('View: toasts, API refusals, page age', () => {
  it("a 422/403 shows the server's message or 'Произошла ошибка при запросе'; DismissToast removes it", () => {
    const { events, after } = when({ type: 'ReportApiRefusal', data: { status: 422, message: null } });
    expect(events).toEqual([
      { type: 'ApiRefused', data: { status: 422, message: 'Произошла ошибка при запросе' } },
      { type: 'ToastShown', data: { toast: { id: 'cmd', text: 'Произошла ошибка при запросе', kind: 'error' } } },
    ]);
    expect(TEXT_REQUEST_FAILED).toBe('Произошла ошибка при запросе');
    const dismissed = when({ type: 'DismissToast', data: { id: 'cmd' } }, { state: after });
    expect(dismissed.after.view.toasts).toEqual([]);
    expect(when({ type: 'DismissToast', data: { id: 'cmd' } }, { state: dismissed.after }).events).toEqual([]);
  });

  it('the page expires after 24 h', () => {
    // readyState opened the page at 2026-11-23T00:00Z.
    expect(when({ type: 'CheckPageAge', data: {} }).events).toEqual([]);
    expect(when({ type: 'CheckPageAge', data: {} }, { now: '2026-11-24T00:00:01.000Z' }).events).toEqual([
      { type: 'PageExpired', data: { openedAt: '2026-11-23T00:00:00.000Z' } },
    ]);
  });

  it('hiddenScroll is set while a modal is open', () => {
    const s = run([{ type: 'OpenModal', data: { modal: { kind: 'catalogMenu' } } }]);
    expect(s.view.hiddenScroll).toBe(true);
    expect(run([{ type: 'CloseModal', data: {} }], { state: s }).view.hiddenScroll).toBe(false);
  });
});
