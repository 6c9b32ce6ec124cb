// @vitest-environment jsdom
// The menu renders its first sections at once and the rest in a transition right after (TBT):
// in the end every section is there.
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FIRST_SECTIONS, useProgressive } from '../../src/views/app/reveal';

describe('useProgressive', () => {
  it(`renders the first ${FIRST_SECTIONS} items, then all of them`, async () => {
    const items = ['Роллы', 'Запечённые роллы', 'Сеты', 'Пицца', 'Закуски'];
    const seen: number[] = [];
    const { result } = renderHook(() => {
      const shown = useProgressive(items);
      seen.push(shown.length);
      return shown;
    });
    await waitFor(() => expect(result.current).toEqual(items));
    expect(seen[0]).toBe(FIRST_SECTIONS);
  });
});
