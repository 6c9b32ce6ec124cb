// @vitest-environment jsdom
// The menu renders its first sections at once and then one more per step, each step its own
// commit (Lighthouse TBT): in the end every section is there.
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FIRST_SECTIONS, useProgressive } from '../../src/views/app/reveal';

describe('useProgressive', () => {
  it(`renders the first ${FIRST_SECTIONS} items, then one more per step until all of them`, async () => {
    const items = ['Роллы', 'Запечённые роллы', 'Сеты', 'Пицца', 'Закуски'];
    const seen: number[] = [];
    const { result } = renderHook(() => {
      const shown = useProgressive(items);
      seen.push(shown.length);
      return shown;
    });
    await waitFor(() => expect(result.current).toEqual(items));
    expect(seen[0]).toBe(FIRST_SECTIONS);
    // Each length shows up in turn: no step renders two sections at once.
    expect([...new Set(seen)]).toEqual([2, 3, 4, 5]);
  });

  it('a short list is all there at once', () => {
    const { result } = renderHook(() => useProgressive(['Роллы']));
    expect(result.current).toEqual(['Роллы']);
  });
});
