// The browser's first-load decider (src/commands/checkoutSlot.ts): every area but the checkout is
// built in; the checkout's decider is provided by the chunks that dispatch its commands.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppCommand } from '../../src/commands';
import { decide } from '../../src/commands/decide';
import { readyState } from '../fixtures/state';

const meta = { now: '2026-11-23T06:00:00.000Z', id: 'c1' };
const openCheckout: AppCommand = { type: 'OpenCheckout', data: {} };
const openCart: AppCommand = { type: 'OpenCart', data: {} };

// A fresh module each time: the slot is module state.
const freshSlot = () => import('../../src/commands/checkoutSlot');

describe('the first-load decider', () => {
  beforeEach(() => {
    vi.resetModules();
  });

  it('decides the other areas as the full decider does, before any checkout chunk loaded', async () => {
    const { decideWithCheckoutOnDemand } = await freshSlot();
    const state = readyState();
    expect(decideWithCheckoutOnDemand(openCart, state, meta)).toEqual(decide(openCart, state, meta));
  });

  it('refuses a checkout command, naming it, until the checkout decider is provided', async () => {
    const { decideWithCheckoutOnDemand } = await freshSlot();
    expect(() => decideWithCheckoutOnDemand(openCheckout, readyState(), meta)).toThrow(/OpenCheckout: the checkout decider is not loaded/);
  });

  it('once commands/checkout.provide is imported, decides checkout commands as the full decider does', async () => {
    const { decideWithCheckoutOnDemand } = await freshSlot();
    await import('../../src/commands/checkout.provide');
    const state = readyState();
    const events = decideWithCheckoutOnDemand(openCheckout, state, meta);
    expect(events.length).toBeGreaterThan(0);
    expect(events).toEqual(decide(openCheckout, state, meta));
  });
});
