// The browser side of web push on /complete (docs/PUSH.md), with a fake PushDevice: the offer is
// made only to a consenting customer on a browser that can; a yes subscribes with the server's
// key and stores the subscription; a consent withdrawn or a sign-out unsubscribes the browser.
import { firstValueFrom, of, Subject, throwError, toArray, type Observable } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { AppCommand } from '../../src/commands';
import type { Effect, EventEnvelope } from '../../src/effects/deps';
import { orderPushOffer$, orderPushSubscribe$, ORDER_PUSH_FAILED } from '../../src/effects/checkout';
import { pushConsent$ } from '../../src/effects/pushConsent';
import type { DeviceSubscription, PushDevice, PushDeviceState } from '../../src/effects/pushDevice';
import type { AppEvent } from '../../src/events';
import type { AppState } from '../../src/projections/store';
import { USER, readyState } from '../fixtures/state';
import { order } from '../commands/checkoutFixtures';
import { envelope, failure, fakeApi, fakeDeps } from './helpers';

const SUB: DeviceSubscription = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
  keys: { p256dh: 'p', auth: 'a' },
};

function fakeDevice(state: PushDeviceState, answer: DeviceSubscription | 'denied' = SUB) {
  const log: string[] = [];
  const device: PushDevice = {
    state: async () => state,
    current: async () => (state === 'subscribed' ? SUB : null),
    subscribe: async (key) => {
      log.push(`subscribe ${key}`);
      return answer;
    },
    unsubscribe: async () => {
      log.push('unsubscribe');
      return SUB.endpoint;
    },
  };
  return { device, log };
}

const consenting = (push: boolean) =>
  readyState({}, [{ type: 'ProfileLoaded', data: { user: { ...USER, PUSHNotifications: push } } }]);

/** Runs the effect over the given envelopes and state; the commands it emitted once the events end. */
async function run(effect: Effect, state: AppState, events: AppEvent[], deps: ReturnType<typeof fakeDeps>['deps']) {
  const event$ = new Subject<EventEnvelope>();
  const done = firstValueFrom(effect(event$, of(state) as Observable<AppState>, deps).pipe(toArray()));
  for (const e of events) event$.next(envelope(e));
  // let the device's promises settle before the events end
  await new Promise((resolve) => setTimeout(resolve, 0));
  event$.complete();
  return done;
}

const loaded: AppEvent = { type: 'OrderLoaded', data: { order: order() } };

describe('orderPushOffer$', () => {
  it('asks the browser what it can do when the order is shown to a consenting customer', async () => {
    const { api } = fakeApi({});
    const { deps } = fakeDeps(api);
    deps.pushDevice = fakeDevice('available').device;
    expect(await run(orderPushOffer$, consenting(true), [loaded], deps)).toEqual([
      { type: 'ReportPushDevice', data: { state: 'available' } },
    ]);
  });

  it('offers nothing without PUSHNotifications', async () => {
    const { api, calls } = fakeApi({});
    const { deps } = fakeDeps(api);
    deps.pushDevice = fakeDevice('available').device;
    expect(await run(orderPushOffer$, consenting(false), [loaded], deps)).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('stores an existing subscription again, quietly', async () => {
    const { api, calls } = fakeApi({ subscribePush: () => of(undefined) });
    const { deps } = fakeDeps(api);
    deps.pushDevice = fakeDevice('subscribed').device;
    const commands: AppCommand[] = await run(orderPushOffer$, consenting(true), [loaded], deps);
    expect(commands).toEqual([
      { type: 'ReportPushDevice', data: { state: 'subscribed' } },
      { type: 'ConfirmOrderPush', data: {} },
    ]);
    expect(calls).toEqual([{ method: 'subscribePush', args: [SUB] }]);
  });
});

describe('orderPushSubscribe$', () => {
  const requested: AppEvent = { type: 'OrderPushRequested', data: {} };

  it('subscribes with the server’s VAPID key and stores the subscription', async () => {
    const { api, calls } = fakeApi({ getVapidKey: () => of('server-key'), subscribePush: () => of(undefined) });
    const { deps } = fakeDeps(api);
    const { device, log } = fakeDevice('available');
    deps.pushDevice = device;
    expect(await run(orderPushSubscribe$, consenting(true), [requested], deps)).toEqual([
      { type: 'ConfirmOrderPush', data: {} },
    ]);
    expect(log).toEqual(['subscribe server-key']);
    expect(calls.map((c) => c.method)).toEqual(['getVapidKey', 'subscribePush']);
  });

  it('a refused permission is reported as a denied browser, and nothing is stored', async () => {
    const { api, calls } = fakeApi({ getVapidKey: () => of('server-key') });
    const { deps } = fakeDeps(api);
    deps.pushDevice = fakeDevice('available', 'denied').device;
    expect(await run(orderPushSubscribe$, consenting(true), [requested], deps)).toEqual([
      { type: 'ReportPushDevice', data: { state: 'denied' } },
    ]);
    expect(calls.map((c) => c.method)).toEqual(['getVapidKey']);
  });

  it('the server’s refusal is shown in its words; no answer at all as «Не удалось включить уведомления»', async () => {
    const refusing = fakeApi({
      getVapidKey: () => of('server-key'),
      subscribePush: () => throwError(() => failure(422, 'Включите push-уведомления в профиле')),
    });
    const one = fakeDeps(refusing.api);
    one.deps.pushDevice = fakeDevice('available').device;
    expect(await run(orderPushSubscribe$, consenting(true), [requested], one.deps)).toEqual([
      { type: 'ReportOrderPushFailure', data: { message: 'Включите push-уведомления в профиле' } },
    ]);
    const offline = fakeApi({ getVapidKey: () => throwError(() => failure(0)) });
    const two = fakeDeps(offline.api);
    two.deps.pushDevice = fakeDevice('available').device;
    expect(await run(orderPushSubscribe$, consenting(true), [requested], two.deps)).toEqual([
      { type: 'ReportOrderPushFailure', data: { message: 'Не удалось включить уведомления. Попробуйте позже.' } },
    ]);
    expect(ORDER_PUSH_FAILED).toBe('Не удалось включить уведомления. Попробуйте позже.');
  });
});

describe('pushConsent$', () => {
  it('unsubscribes the browser when the consent is off or the customer signs out, not otherwise', async () => {
    const { api } = fakeApi({});
    const { deps } = fakeDeps(api);
    const { device, log } = fakeDevice('subscribed');
    deps.pushDevice = device;
    await run(
      pushConsent$,
      consenting(true),
      [
        { type: 'ProfileLoaded', data: { user: { ...USER, PUSHNotifications: true } } },
        { type: 'ProfileLoaded', data: { user: { ...USER, PUSHNotifications: false } } },
        { type: 'LoggedOut', data: { reason: 'user' } },
      ],
      deps,
    );
    expect(log).toEqual(['unsubscribe', 'unsubscribe']);
  });
});
