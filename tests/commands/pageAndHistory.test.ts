// Deciders of the informational pages (GET /api/v1/page/{slug}/{cityId}) and of the order history
// (PRODUCT.md §3 History: "orders with items and modifiers", the latest 20): given events / when command
// / then events, with a fixed now.
import { describe, expect, it } from 'vitest';
import type { Page } from '../../src/api/contract/pages';
import type { AppEvent } from '../../src/events';
import { order } from './checkoutFixtures';
import { ANGARSK } from '../fixtures/settings';
import { USER } from '../fixtures/state';
import { app, ready } from './helpers';

const about: Page = {
  slug: 'about',
  cityId: ANGARSK.id,
  title: 'О компании',
  body: 'Мы готовим роллы.',
  updatedAt: '2026-11-20T00:00:00.000Z',
};
const requested: AppEvent = { type: 'PageRequested', data: { slug: 'about', cityId: ANGARSK.id } };
const loaded: AppEvent = { type: 'PageLoaded', data: { slug: 'about', cityId: ANGARSK.id, page: about } };

describe('informational pages: LoadPage, ApplyPage, ReportPageFailure', () => {
  it('LoadPage → PageRequested; the entry is loading', () => {
    const { after } = app
      .given(ready())
      .when({ type: 'LoadPage', data: { slug: 'about', cityId: ANGARSK.id } })
      .then([requested]);
    expect(after.page.entries[`about/${ANGARSK.id}`]).toEqual({ status: 'loading' });
  });

  it('LoadPage while the page is asked for already → nothing (the answer is on its way)', () => {
    app
      .given(ready(), [requested])
      .when({ type: 'LoadPage', data: { slug: 'about', cityId: ANGARSK.id } })
      .thenNothing();
  });

  it('LoadPage with no slug or city → nothing', () => {
    app
      .given(ready())
      .when({ type: 'LoadPage', data: { slug: '', cityId: ANGARSK.id } })
      .thenNothing();
    app
      .given(ready())
      .when({ type: 'LoadPage', data: { slug: 'about', cityId: '' } })
      .thenNothing();
  });

  it('LoadPage of a page loaded before asks again, and the page stays shown meanwhile', () => {
    const { after } = app
      .given(ready(), [requested, loaded])
      .when({ type: 'LoadPage', data: { slug: 'about', cityId: ANGARSK.id } })
      .then([requested]);
    expect(after.page.entries[`about/${ANGARSK.id}`]).toEqual({ status: 'loaded', page: about });
  });

  it('LoadPage after a failure asks again', () => {
    const failed: AppEvent = {
      type: 'PageLoadFailed',
      data: { slug: 'about', cityId: ANGARSK.id, status: 500, message: 'Ошибка' },
    };
    const { after } = app
      .given(ready(), [requested, failed])
      .when({ type: 'LoadPage', data: { slug: 'about', cityId: ANGARSK.id } })
      .then([requested]);
    expect(after.page.entries[`about/${ANGARSK.id}`]).toEqual({ status: 'loading' });
  });

  it('ApplyPage → PageLoaded; the same page again → nothing', () => {
    const first = app
      .given(ready(), [requested])
      .when({ type: 'ApplyPage', data: { slug: 'about', cityId: ANGARSK.id, page: about } })
      .then([loaded]);
    expect(first.after.page.entries[`about/${ANGARSK.id}`]).toEqual({ status: 'loaded', page: about });
    app
      .given(ready(), [requested, loaded])
      .when({ type: 'ApplyPage', data: { slug: 'about', cityId: ANGARSK.id, page: about } })
      .thenNothing();
    const edited = { ...about, body: 'Мы готовим роллы и пиццу.' };
    app
      .given(ready(), [requested, loaded, requested])
      .when({ type: 'ApplyPage', data: { slug: 'about', cityId: ANGARSK.id, page: edited } })
      .then([{ type: 'PageLoaded', data: { slug: 'about', cityId: ANGARSK.id, page: edited } }]);
  });

  it('ReportPageFailure → PageLoadFailed with the HTTP status (404: the city has no such page) and the message', () => {
    const failure = { slug: 'masterclass', cityId: ANGARSK.id, status: 404, message: 'Страница не найдена' };
    const { after } = app
      .given(ready(), [{ type: 'PageRequested', data: { slug: 'masterclass', cityId: ANGARSK.id } }])
      .when({ type: 'ReportPageFailure', data: failure })
      .then([{ type: 'PageLoadFailed', data: failure }]);
    expect(after.page.entries[`masterclass/${ANGARSK.id}`]).toEqual({
      status: 'failed',
      httpStatus: 404,
      message: 'Страница не найдена',
    });
  });

  it('a failed refresh of a page shown keeps it shown (the failure is still recorded)', () => {
    const failure = { slug: 'about', cityId: ANGARSK.id, status: 0, message: 'Произошла ошибка. Попробуйте позже.' };
    const { after } = app
      .given(ready(), [requested, loaded, requested])
      .when({ type: 'ReportPageFailure', data: failure })
      .then([{ type: 'PageLoadFailed', data: failure }]);
    expect(after.page.entries[`about/${ANGARSK.id}`]).toEqual({ status: 'loaded', page: about });
  });

  it('pages are kept per city', () => {
    const { after } = app
      .given(ready(), [requested, loaded])
      .when({ type: 'LoadPage', data: { slug: 'about', cityId: 'city-shelekhov' } })
      .outcome();
    expect(Object.keys(after.page.entries)).toEqual([`about/${ANGARSK.id}`, 'about/city-shelekhov']);
  });
});

describe('order history (PRODUCT.md §3 History: orders with items and modifiers)', () => {
  const past = order({ id: 'o-977', number: 977, status: 'Closed', statusName: 'выполнен' });
  const historyRequested: AppEvent = { type: 'OrderHistoryRequested', data: { phone: USER.phone } };
  const historyLoaded: AppEvent = { type: 'OrderHistoryLoaded', data: { orders: [past] } };

  it('LoadOrderHistory signed in → OrderHistoryRequested for the phone; the history is loading', () => {
    const { after } = app.given(ready()).when({ type: 'LoadOrderHistory', data: {} }).then([historyRequested]);
    expect(after.user.history).toEqual({ status: 'loading', orders: [] });
  });

  it('LoadOrderHistory signed out → nothing', () => {
    app
      .given(ready({ signedIn: false }))
      .when({ type: 'LoadOrderHistory', data: {} })
      .thenNothing();
  });

  it('LoadOrderHistory while it is asked for already → nothing; once loaded it asks again and the orders stay shown', () => {
    app.given(ready(), [historyRequested]).when({ type: 'LoadOrderHistory', data: {} }).thenNothing();
    const again = app
      .given(ready(), [historyRequested, historyLoaded])
      .when({ type: 'LoadOrderHistory', data: {} })
      .then([historyRequested]);
    expect(again.after.user.history).toEqual({ status: 'loaded', orders: [past] });
  });

  it('ApplyOrderHistory → OrderHistoryLoaded with the orders, their items and modifiers; the same orders again → nothing', () => {
    const { after } = app
      .given(ready(), [historyRequested])
      .when({ type: 'ApplyOrderHistory', data: { phone: USER.phone, orders: [past] } })
      .then([historyLoaded]);
    expect(after.user.history.orders[0]?.items[0]?.mods.map((m) => m.name)).toEqual(['30 см']);
    app
      .given(ready(), [historyRequested, historyLoaded])
      .when({ type: 'ApplyOrderHistory', data: { phone: USER.phone, orders: [past] } })
      .thenNothing();
  });

  it('an empty history is loaded too (the page says "Вы ещё ничего не заказывали.")', () => {
    const { after } = app
      .given(ready(), [historyRequested])
      .when({ type: 'ApplyOrderHistory', data: { phone: USER.phone, orders: [] } })
      .then([{ type: 'OrderHistoryLoaded', data: { orders: [] } }]);
    expect(after.user.history).toEqual({ status: 'loaded', orders: [] });
  });

  it('an answer for a customer no longer signed in, or for another phone, is dropped', () => {
    app
      .given(ready({ signedIn: false }))
      .when({ type: 'ApplyOrderHistory', data: { phone: USER.phone, orders: [past] } })
      .thenNothing();
    app
      .given(ready(), [historyRequested])
      .when({ type: 'ApplyOrderHistory', data: { phone: '+79990000000', orders: [past] } })
      .thenNothing();
    app
      .given(ready({ signedIn: false }))
      .when({ type: 'ReportOrderHistoryFailure', data: { phone: USER.phone, message: 'x' } })
      .thenNothing();
  });

  it('ReportOrderHistoryFailure → OrderHistoryLoadFailed (the page says "Не удалось загрузить историю заказов.")', () => {
    const { after } = app
      .given(ready(), [historyRequested])
      .when({ type: 'ReportOrderHistoryFailure', data: { phone: USER.phone, message: 'Ошибка сервера' } })
      .then([{ type: 'OrderHistoryLoadFailed', data: { message: 'Ошибка сервера' } }]);
    expect(after.user.history).toEqual({ status: 'failed', orders: [] });
  });

  it('a failed refresh keeps the orders shown', () => {
    const { after } = app
      .given(ready(), [historyRequested, historyLoaded, historyRequested])
      .when({ type: 'ReportOrderHistoryFailure', data: { phone: USER.phone, message: 'x' } })
      .outcome();
    expect(after.user.history).toEqual({ status: 'loaded', orders: [past] });
  });

  it('Logout forgets the history', () => {
    const { after } = app
      .given(ready(), [historyRequested, historyLoaded])
      .when({ type: 'Logout', data: {} })
      .outcome();
    expect(after.user.history).toEqual({ status: 'idle', orders: [] });
  });
});
