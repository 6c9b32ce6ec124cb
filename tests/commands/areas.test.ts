// Deciders of the smaller areas: address, catalog (filters, search, likes), city, modal, setting, user, view.
import { describe, expect, it } from 'vitest';
import type { Address } from '../../src/api/entities';
import { TEXT_LIKE_TWICE, TEXT_SERVER_ERROR } from '../../src/commands/catalog.decide';
import { TEXT_REQUEST_FAILED } from '../../src/commands/view.decide';
import { findProduct } from '../../src/domain/catalog';
import { selectVisibleProducts } from '../../src/projections/catalog';
import { selectCurrentModal, TITLE_CITY } from '../../src/projections/modal';
import { catalog, PRODUCT } from '../fixtures/catalog';
import { ANGARSK, cities, settings, SHELEKHOV } from '../fixtures/settings';
import { savedAddress } from '../fixtures/address';
import { USER } from '../fixtures/state';
import type { AppEvent } from '../../src/events';
import { app, history, META, ready, run } from './helpers';

const address = (id: string): Address => savedAddress({ id, home: id });

describe('Addresses (PRODUCT.md §4)', () => {
  it('after a fetch the selected one is kept if it still exists, else the first', () => {
    const given = app.given(
      history(ready(), [
        { type: 'ApplyAddresses', data: { addresses: [address('a1'), address('a2')] } },
        { type: 'SelectAddress', data: { addressId: 'a2' } },
      ]),
    );
    given
      .when({ type: 'ApplyAddresses', data: { addresses: [address('a2'), address('a3')] } })
      .then([{ type: 'AddressesLoaded', data: { addresses: [address('a2'), address('a3')], selectedId: 'a2' } }]);
    given
      .when({ type: 'ApplyAddresses', data: { addresses: [address('a3')] } })
      .then([{ type: 'AddressesLoaded', data: { addresses: [address('a3')], selectedId: 'a3' } }]);
    given.when({ type: 'ApplyAddresses', data: { addresses: [address('a1'), address('a2')] } }).thenNothing();
  });

  it('after delete the first remaining or none', () => {
    const given = history(ready(), [
      { type: 'ApplyAddresses', data: { addresses: [address('a1'), address('a2')] } },
      { type: 'SelectAddress', data: { addressId: 'a2' } },
    ]);
    app
      .given(given)
      .when({ type: 'DeleteAddress', data: { addressId: 'a2' } })
      .then([{ type: 'AddressDeleteRequested', data: { addressId: 'a2' } }]);
    const d = app
      .given(given)
      .when({ type: 'RecordAddressDeleted', data: { addressId: 'a2' } })
      .then([{ type: 'AddressDeleted', data: { addressId: 'a2', selectedId: 'a1' } }]);
    app
      .given(d.history)
      .when({ type: 'RecordAddressDeleted', data: { addressId: 'a1' } })
      .then([{ type: 'AddressDeleted', data: { addressId: 'a1', selectedId: null } }]);
  });

  it('after create the new one is selected', () => {
    const given = app.given(history(ready(), [{ type: 'ApplyAddresses', data: { addresses: [address('a1')] } }]));
    const { id: _id, userId: _u, ...draft } = address('a9');
    given
      .when({ type: 'CreateAddress', data: { address: draft } })
      .then([{ type: 'AddressCreateRequested', data: { userId: USER.id, address: draft } }]);
    const { after } = given.when({ type: 'RecordAddressCreated', data: { address: address('a9') } }).outcome();
    expect(after.address.selectedId).toBe('a9');
    expect(after.address.list.map((a) => a.id)).toEqual(['a1', 'a9']);
  });
});

describe('Catalogue filters and search (PRODUCT.md §4, §5)', () => {
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
    // 'ё' = 'е' and every word in any order (PRODUCT.md §5 search, the same rule the domain uses)
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

describe('Likes (PRODUCT.md §4, §8)', () => {
  it('like and unlike update likesCount and isLiked', () => {
    const liked = app
      .given(ready())
      .when({ type: 'LikeProduct', data: { productId: PRODUCT.phila } })
      .then([{ type: 'ProductLiked', data: { productId: PRODUCT.phila, userId: USER.id } }]);
    expect(findProduct(liked.after.catalog.catalog, PRODUCT.phila)).toMatchObject({ isLiked: true, likesCount: 1 });
    app
      .given(liked.history)
      .when({ type: 'LikeProduct', data: { productId: PRODUCT.phila } })
      .thenNothing();
    const unliked = app
      .given(liked.history)
      .when({ type: 'UnlikeProduct', data: { productId: PRODUCT.phila } })
      .outcome();
    expect(findProduct(unliked.after.catalog.catalog, PRODUCT.phila)).toMatchObject({ isLiked: false, likesCount: 0 });
  });

  it('likes require sign-in: signed out the auth modal opens', () => {
    const { after } = app
      .given(ready({ signedIn: false }))
      .when({ type: 'LikeProduct', data: { productId: PRODUCT.phila } })
      .then([{ type: 'AuthRequired', data: { reason: 'like' } }]);
    expect(selectCurrentModal(after.modal)).toEqual({ kind: 'auth' });
  });

  it("a 409 gives 'Нельзя поставить лайк этому товару повторно'", () => {
    const { after } = app
      .given(history(ready(), [{ type: 'LikeProduct', data: { productId: PRODUCT.phila } }]))
      .when({ type: 'RejectLike', data: { productId: PRODUCT.phila } })
      .then([
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
    const { after } = app
      .given(
        history(ready(), [
          { type: 'LikeProduct', data: { productId: PRODUCT.phila } },
          { type: 'UnlikeProduct', data: { productId: PRODUCT.phila } },
        ]),
      )
      .when({ type: 'ReportUnlikeFailure', data: { productId: PRODUCT.phila } })
      .then([
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

describe('City (PRODUCT.md §4 city selection)', () => {
  const booted: AppEvent[] = [
    { type: 'SettingsLoaded', data: { settings } },
    { type: 'CitiesLoaded', data: { cities } },
  ];

  it("first visit (already-selected cookie not 'true'): default ANGARSK_ID and the city modal, which has no close", () => {
    const started = app
      .given(booted)
      .when({ type: 'StartSession', data: { cityCookie: null, citySelectedCookie: null } })
      .then([
        { type: 'SessionStarted', data: { cityId: ANGARSK.id, openedAt: META.now } },
        { type: 'CityPromptShown', data: {} },
      ]);
    expect(selectCurrentModal(started.after.modal)).toEqual({ kind: 'city' });
    expect(TITLE_CITY).toBe('Выберите свой город');
    app.given(started.history).when({ type: 'CloseModal', data: {} }).thenNothing();
    // Starting twice changes nothing.
    app
      .given(started.history)
      .when({ type: 'StartSession', data: { cityCookie: null, citySelectedCookie: null } })
      .thenNothing();
  });

  it("a returning visitor: the cookie's city, no modal", () => {
    app
      .given(booted)
      .when({ type: 'StartSession', data: { cityCookie: SHELEKHOV.id, citySelectedCookie: 'true' } })
      .then([{ type: 'SessionStarted', data: { cityId: SHELEKHOV.id, openedAt: META.now } }]);
  });

  it('an unknown city cookie falls back to ANGARSK_ID', () => {
    app
      .given(booted)
      .when({ type: 'StartSession', data: { cityCookie: 'city-gone', citySelectedCookie: 'true' } })
      .then([{ type: 'SessionStarted', data: { cityId: ANGARSK.id, openedAt: META.now } }]);
  });

  it('an ANGARSK_ID the city list lacks falls back to the first listed city (the server renders that one too)', () => {
    app
      .given([{ type: 'SettingsLoaded', data: { settings: { ...settings, ANGARSK_ID: 'city-gone' } } }, booted[1]!])
      .when({ type: 'StartSession', data: { cityCookie: null, citySelectedCookie: 'true' } })
      .then([{ type: 'SessionStarted', data: { cityId: cities[0]!.id, openedAt: META.now } }]);
  });

  it('SelectCity emits CitySelected with the slug and closes the city modal', () => {
    const prompted = app.given(
      history(booted, [{ type: 'StartSession', data: { cityCookie: null, citySelectedCookie: null } }]),
    );
    const { after } = prompted
      .when({ type: 'SelectCity', data: { cityId: SHELEKHOV.id } })
      .then([{ type: 'CitySelected', data: { cityId: SHELEKHOV.id, slug: 'shelekhov' } }]);
    expect(after.modal.stack).toEqual([]);
    prompted
      .when({ type: 'SelectCity', data: { cityId: 'x' } })
      .then([{ type: 'CityRejected', data: { cityId: 'x', reason: 'unknown-city' } }]);
  });
});

describe('Settings and versions (PRODUCT.md §9 background checks)', () => {
  it('VersionChanged per changed value; UpdateNeededFlagged when the mobile app version is not 1', () => {
    const checked = history(ready(), [
      { type: 'CheckVersions', data: { catalogVersion: 'c1', storeVersion: '1', mobileAppVersion: '1' } },
    ]);
    const {
      before,
      after,
      history: flagged,
    } = app
      .given(checked)
      .when({ type: 'CheckVersions', data: { catalogVersion: 'c2', storeVersion: '1', mobileAppVersion: '2' } })
      .then([
        { type: 'VersionChanged', data: { kind: 'catalog', version: 'c2', previous: 'c1' } },
        { type: 'VersionChanged', data: { kind: 'mobileApp', version: '2', previous: '1' } },
        { type: 'UpdateNeededFlagged', data: { mobileAppVersion: '2' } },
      ]);
    expect(before.setting.versions).toEqual({ catalog: 'c1', settings: null, store: '1', mobileApp: '1' });
    expect(before.view.updateNeeded).toBe(false);
    expect(after.view.updateNeeded).toBe(true);
    app
      .given(flagged)
      .when({ type: 'CheckVersions', data: { catalogVersion: 'c2', mobileAppVersion: '2' } })
      .thenNothing();
  });

  it('SettingsLoaded is skipped when nothing changed', () => {
    app.given(ready()).when({ type: 'ApplySettings', data: { settings } }).thenNothing();
  });
});

describe('User', () => {
  it('BalanceLoaded updates the balance; excluded allergens hide products', () => {
    const { before: s } = app
      .given(
        history(ready(), [
          { type: 'ApplyBalance', data: { balance: 42 } },
          { type: 'ChangeAllergens', data: { codes: ['gluten'] } },
        ]),
      )
      .when({ type: 'ApplyBalance', data: { balance: 42 } })
      .thenNothing();
    expect(s.user.profile?.balance).toBe(42);
    expect(s.user.profile?.userAllergens).toEqual(['gluten']);
    expect(selectVisibleProducts(s.catalog, s.user.profile?.userAllergens).map((p) => p.id)).not.toContain(
      PRODUCT.pizza,
    );
  });
});

describe('View: toasts, API refusals, page age', () => {
  it("a 422/403 shows the server's message or 'Произошла ошибка при запросе'; DismissToast removes it", () => {
    const refused = app
      .given(ready())
      .when({ type: 'ReportApiRefusal', data: { status: 422, message: null } })
      .then([
        { type: 'ApiRefused', data: { status: 422, message: 'Произошла ошибка при запросе' } },
        { type: 'ToastShown', data: { toast: { id: 'cmd', text: 'Произошла ошибка при запросе', kind: 'error' } } },
      ]);
    expect(TEXT_REQUEST_FAILED).toBe('Произошла ошибка при запросе');
    const dismissed = app
      .given(refused.history)
      .when({ type: 'DismissToast', data: { id: 'cmd' } })
      .outcome();
    expect(dismissed.after.view.toasts).toEqual([]);
    app
      .given(dismissed.history)
      .when({ type: 'DismissToast', data: { id: 'cmd' } })
      .thenNothing();
  });

  it('the page expires after 24 h', () => {
    // readyState opened the page at 2026-11-23T00:00Z.
    app.given(ready()).when({ type: 'CheckPageAge', data: {} }).thenNothing();
    app
      .given(ready())
      .when({ type: 'CheckPageAge', data: {} }, { now: '2026-11-24T00:00:01.000Z' })
      .then([{ type: 'PageExpired', data: { openedAt: '2026-11-23T00:00:00.000Z' } }]);
  });

  it('hiddenScroll is set while a modal is open', () => {
    const { before, after } = app
      .given(history(ready(), [{ type: 'OpenModal', data: { modal: { kind: 'catalogMenu' } } }]))
      .when({ type: 'CloseModal', data: {} })
      .outcome();
    expect(before.view.hiddenScroll).toBe(true);
    expect(after.view.hiddenScroll).toBe(false);
  });
});
