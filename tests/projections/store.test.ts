// The combined projection: evolveAll ≡ folding evolve, recorded events stay untouched, replay cost.
import { describe, expect, it } from 'vitest';
import type { AppEvent } from '../../src/events';
import { AppEventSchema } from '../../src/events';
import { evolveCart, initialCart } from '../../src/projections/cart';
import { selectCurrentModal, TEXT_WORK_TIME } from '../../src/projections/modal';
import { DRAFT_BATCH_LIMIT, evolve, evolveAll, initialState } from '../../src/projections/store';
import { PRODUCT } from '../fixtures/catalog';
import { readyEvents, readyState } from '../fixtures/state';
import { line } from '../commands/helpers';

function sampleEvents(n: number): AppEvent[] {
  const events: AppEvent[] = [];
  for (let i = 0; i < n; i++) {
    const id = `l${i % 50}`;
    switch (i % 7) {
      case 0:
        events.push({ type: 'ItemAdded', data: { line: line(`${id}-${i}`, PRODUCT.phila) } });
        break;
      case 1:
        events.push({ type: 'ItemMerged', data: { lineId: `l${(i - 1) % 50}-${i - 1}`, added: 1, quantity: 2 } });
        break;
      case 2:
        events.push({ type: 'LineHighlighted', data: { lineId: `l${(i - 2) % 50}-${i - 2}` } });
        break;
      case 3:
        events.push({ type: 'ToastShown', data: { toast: { id: `t${i}`, text: 'x', kind: 'info' } } });
        break;
      case 4:
        events.push({ type: 'ItemRemoved', data: { lineId: `l${(i - 4) % 50}-${i - 4}` } });
        break;
      case 5:
        events.push({ type: 'CouponApplied', data: { coupon: `C${i}` } });
        break;
      default:
        events.push({ type: 'ModalOpened', data: { modal: { kind: 'product', productId: PRODUCT.cola } } });
    }
  }
  return events;
}

describe('evolveAll', () => {
  it('equals folding evolve one event at a time (draft path and copy path)', () => {
    const events = [...readyEvents(), ...sampleEvents(300)];
    const folded = events.reduce(evolve, initialState);
    expect(evolveAll(initialState, events)).toEqual(folded);
    expect(events.length).toBeGreaterThan(DRAFT_BATCH_LIMIT);
    // In draft-sized chunks too.
    let chunked = initialState;
    for (let i = 0; i < events.length; i += DRAFT_BATCH_LIMIT)
      chunked = evolveAll(chunked, events.slice(i, i + DRAFT_BATCH_LIMIT));
    expect(chunked).toEqual(folded);
  });

  it('the copy path keeps untouched areas and freezes touched ones', () => {
    const s = readyState();
    const events = sampleEvents(DRAFT_BATCH_LIMIT + 10);
    const next = evolveAll(s, events);
    expect(next.catalog).toBe(s.catalog);
    expect(next.address).toBe(s.address);
    expect(next.cart).not.toBe(s.cart);
    expect(Object.isFrozen(next.cart.items)).toBe(true);
    expect(Object.isFrozen(next.view.toasts[0])).toBe(true);
  });

  it('never mutates the recorded events and freezes the result', () => {
    const added: AppEvent = { type: 'ItemAdded', data: { line: line('a', PRODUCT.phila) } };
    const snapshot = structuredClone(added);
    const s = evolveAll(readyState(), [added, { type: 'ItemMerged', data: { lineId: 'a', added: 2, quantity: 3 } }]);
    expect(added).toEqual(snapshot);
    expect(s.cart.items[0]?.quantity).toBe(3);
    expect(Object.isFrozen(s.cart.items)).toBe(true);
  });

  it('with no events returns the same state object', () => {
    const s = readyState();
    expect(evolveAll(s, [])).toBe(s);
  });

  it('several projections handle one event: ItemRejected{outside-working-hours} opens the work-time modal', () => {
    const s = evolve(readyState(), {
      type: 'ItemRejected',
      data: { productId: PRODUCT.phila, reason: 'outside-working-hours' },
    });
    expect(selectCurrentModal(s.modal)).toEqual({ kind: 'workTime' });
    expect(TEXT_WORK_TIME).toBe('Сейчас нерабочее время, приносим свои извинения.');
    expect(s.view.hiddenScroll).toBe(true);
  });

  it('per-area evolve works on its slice alone', () => {
    const c = evolveCart(initialCart, {
      type: 'DeliveryMethodChanged',
      data: { method: 'self', previous: 'delivery' },
    });
    expect(c.deliveryMethod).toBe('self');
  });

  it('every sample event passes AppEventSchema (the log format)', () => {
    for (const e of [...readyEvents(), ...sampleEvents(50)]) expect(AppEventSchema.safeParse(e).success).toBe(true);
  });

  it('replays 100,000 events in one produce (prints the time; benchmarks assert nothing)', () => {
    const events = [...readyEvents(), ...sampleEvents(100_000)];
    const t0 = performance.now();
    const s = evolveAll(initialState, events);
    const ms = performance.now() - t0;
    console.log(`evolveAll: ${events.length} events in ${ms.toFixed(0)} ms`);
    expect(s.view.toasts.length).toBeLessThanOrEqual(5);
  });
});
