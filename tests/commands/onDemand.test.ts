// The browser's first-load decider (src/commands/onDemand.ts): every area but the on-demand ones
// is built in; an on-demand area's decider comes with the chunk that exports it as `deciders`,
// provided by that chunk's loader (withDeciders) before the chunk resolves.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppCommand } from '../../src/commands';
import { decideAddress } from '../../src/commands/address.decide';
import { decideCheckout } from '../../src/commands/checkout.decide';
import { decide, type OnDemandArea, type OnDemandDeciders } from '../../src/commands/decide';
import { decidePage } from '../../src/commands/page.decide';
import { decideSignIn } from '../../src/commands/signIn.decide';
import { decideUser } from '../../src/commands/user.decide';
import { readyState } from '../fixtures/state';

const meta = { now: '2026-11-23T06:00:00.000Z', id: 'c1' };
const openCart: AppCommand = { type: 'OpenCart', data: {} };
const logout: AppCommand = { type: 'Logout', data: {} };

/** One command per on-demand area that leads to events in a ready, signed-in state. */
const commandOf: Record<OnDemandArea, AppCommand> = {
  checkout: { type: 'OpenCheckout', data: {} },
  signIn: { type: 'RequestCode', data: { phone: '+7 (999) 123-45-67' } },
  user: { type: 'ApplyBalance', data: { balance: 42 } },
  address: { type: 'SelectAddress', data: { addressId: 'no-such-address' } },
  page: { type: 'LoadPage', data: { slug: 'about', cityId: 'city-angarsk' } },
};
const deciderOf: OnDemandDeciders = {
  checkout: decideCheckout,
  signIn: decideSignIn,
  user: decideUser,
  address: decideAddress,
  page: decidePage,
};
const areas = Object.keys(commandOf) as OnDemandArea[];

// A fresh module each time: the slots are module state.
const freshSlots = () => import('../../src/commands/onDemand');

describe('the first-load decider', () => {
  beforeEach(() => {
    vi.resetModules();
  });

  it.each([openCart, logout])(
    'decides $type (an area of the first load) as the full decider does, with nothing provided',
    async (command) => {
      const { decideOnDemand } = await freshSlots();
      const state = readyState();
      const events = decideOnDemand(command, state, meta);
      expect(events.length).toBeGreaterThan(0);
      expect(events).toEqual(decide(command, state, meta));
    },
  );

  it.each(areas)('refuses a %s command, naming it and its area, until a chunk brings that decider', async (area) => {
    const { decideOnDemand } = await freshSlots();
    const command = commandOf[area];
    expect(() => decideOnDemand(command, readyState(), meta)).toThrow(
      `${command.type}: the ${area} decider is not loaded`,
    );
  });

  it.each(areas)(
    'once a chunk exporting the %s decider is loaded through withDeciders, decides its commands as the full decider does, and only its own',
    async (area) => {
      const { decideOnDemand, withDeciders } = await freshSlots();
      const chunk = { deciders: { [area]: deciderOf[area] } };
      const load = withDeciders(() => Promise.resolve(chunk));
      const state = readyState();
      const command = commandOf[area];
      expect(() => decideOnDemand(command, state, meta)).toThrow('is not loaded'); // wrapping loads nothing
      expect(await load()).toBe(chunk);
      const events = decideOnDemand(command, state, meta);
      expect(events.length).toBeGreaterThan(0);
      expect(events).toEqual(decide(command, state, meta));
      for (const other of areas.filter((a) => a !== area)) {
        expect(() => decideOnDemand(commandOf[other], state, meta)).toThrow(`the ${other} decider is not loaded`);
      }
    },
  );

  it('a chunk that failed to load provides nothing, and a chunk without deciders leaves the slots as they are', async () => {
    const { decideOnDemand, withDeciders } = await freshSlots();
    await expect(withDeciders(() => Promise.reject(new Error('offline')))()).rejects.toThrow('offline');
    expect(() => decideOnDemand(commandOf.page, readyState(), meta)).toThrow('the page decider is not loaded');
    await withDeciders(() => Promise.resolve({ deciders: { page: decidePage } }))();
    await withDeciders(() => Promise.resolve({}))();
    expect(decideOnDemand(commandOf.page, readyState(), meta).length).toBeGreaterThan(0);
  });
});
