// What the server answered for an informational page and for the order history is recorded in the
// log (PageLoaded, OrderHistoryLoaded), so a recorded session replays to the same pages and orders
// with no server: the log is parsed against the event and command schemas, then folded.
import { describe, expect, it } from 'vitest';
import type { Page } from '../../src/api/contract/pages';
import { createStore } from '../../src/commands/bus';
import { decide } from '../../src/commands/decide';
import { createLog, replay, replayFinal, stateAt } from '../../src/log/log';
import { exportLog, parseLog } from '../../src/log/logCodec';
import { order } from '../commands/checkoutFixtures';
import { ANGARSK } from '../fixtures/settings';
import { readyState, USER } from '../fixtures/state';

const about: Page = {
  slug: 'about',
  cityId: ANGARSK.id,
  title: 'О компании',
  body: '## История\n\nС 2010 года.',
  updatedAt: '2026-11-20T00:00:00.000Z',
};
const past = order({
  id: 'o-977',
  number: 977,
  status: 'Closed',
  statusName: 'выполнен',
  deliveryMethod: 'self',
  address: null,
  zoneId: null,
});

/** A session as the browser records it: the views' commands and the effects' answers, in order. */
function recordedSession() {
  const start = readyState();
  let n = 0;
  const store = createStore({
    decide,
    initial: start,
    deps: { now: () => '2026-11-23T06:00:00.000Z', newId: () => `id-${++n}` },
  });
  store.dispatch({ type: 'LoadPage', data: { slug: 'about', cityId: ANGARSK.id } });
  store.dispatch({ type: 'ApplyPage', data: { slug: 'about', cityId: ANGARSK.id, page: about } });
  store.dispatch({ type: 'LoadPage', data: { slug: 'masterclass', cityId: ANGARSK.id } });
  store.dispatch({
    type: 'ReportPageFailure',
    data: { slug: 'masterclass', cityId: ANGARSK.id, status: 404, message: 'Страница не найдена' },
  });
  store.dispatch({ type: 'LoadOrderHistory', data: {} });
  store.dispatch({ type: 'ApplyOrderHistory', data: { phone: USER.phone, orders: [past] } });
  const log = createLog({
    appVersion: '0.1.0',
    storeVersion: '1',
    snapshot: { position: 0, state: start },
    entries: store.entries(),
  });
  return { log, live: store.getState() };
}

const roundTrip = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe('informational pages and order history in the log', () => {
  it('a recorded PageLoaded replays into the page area with no server', () => {
    const { log, live } = recordedSession();
    const parsed = parseLog(roundTrip(log));
    expect(parsed.entries.map((e) => e.events.map((ev) => ev.type))).toEqual([
      ['PageRequested'],
      ['PageLoaded'],
      ['PageRequested'],
      ['PageLoadFailed'],
      ['OrderHistoryRequested'],
      ['OrderHistoryLoaded'],
    ]);
    const final = replayFinal(parsed);
    expect(final.page.entries[`about/${ANGARSK.id}`]).toEqual({ status: 'loaded', page: about });
    expect(final.page.entries[`masterclass/${ANGARSK.id}`]).toEqual({
      status: 'failed',
      httpStatus: 404,
      message: 'Страница не найдена',
    });
    expect(final.user.history).toEqual({ status: 'loaded', orders: [past] });
    expect(roundTrip(final)).toEqual(roundTrip(live));
    expect(stateAt(parsed, 1).page.entries[`about/${ANGARSK.id}`]).toEqual({ status: 'loading' });
    expect(replay(parsed).states[1]?.page.entries[`about/${ANGARSK.id}`]?.status).toBe('loaded');
  });

  it('an exported log masks the phone the history was asked for and still replays to the same pages and orders', () => {
    const { log } = recordedSession();
    const exported = exportLog(parseLog(roundTrip(log)));
    const text = JSON.stringify(exported);
    expect(text).not.toContain(USER.phone);
    const final = replayFinal(parseLog(roundTrip(exported)));
    expect(final.page.entries[`about/${ANGARSK.id}`]).toEqual({ status: 'loaded', page: about });
    expect(final.user.history.orders.map((o) => o.number)).toEqual([977]);
  });
});
