// The browser's first-load decider (src/commands/onDemand.ts): every area but the on-demand ones
// is built in; an on-demand area's decider is provided by the chunks that dispatch its commands.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppCommand } from '../../src/commands';
import { decide, type OnDemandArea } from '../../src/commands/decide';
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
const areas = Object.keys(commandOf) as OnDemandArea[];

// A fresh module each time: the slot is module state.
const freshSlot = () => import('../../src/commands/onDemand');
const provide = (area: OnDemandArea) => import(`../../src/commands/${area}.provide.ts`);

describe('the first-load decider', () => {
  beforeEach(() => {
    vi.resetModules();
  });

  it.each([openCart, logout])(
    'decides $type (an area of the first load) as the full decider does, with nothing provided',
    async (command) => {
      const { decideOnDemand } = await freshSlot();
      const state = readyState();
      const events = decideOnDemand(command, state, meta);
      expect(events.length).toBeGreaterThan(0);
      expect(events).toEqual(decide(command, state, meta));
    },
  );

  it.each(areas)(
    'refuses a %s command, naming it and the module to import, until that decider is provided',
    async (area) => {
      const { decideOnDemand } = await freshSlot();
      const command = commandOf[area];
      expect(() => decideOnDemand(command, readyState(), meta)).toThrow(
        `${command.type}: the ${area} decider is not loaded (import commands/${area}.provide)`,
      );
    },
  );

  it.each(areas)(
    'once commands/%s.provide is imported, decides its commands as the full decider does, and only its own',
    async (area) => {
      const { decideOnDemand } = await freshSlot();
      await provide(area);
      const state = readyState();
      const command = commandOf[area];
      const events = decideOnDemand(command, state, meta);
      expect(events.length).toBeGreaterThan(0);
      expect(events).toEqual(decide(command, state, meta));
      for (const other of areas.filter((a) => a !== area)) {
        expect(() => decideOnDemand(commandOf[other], state, meta)).toThrow(`the ${other} decider is not loaded`);
      }
    },
  );
});
