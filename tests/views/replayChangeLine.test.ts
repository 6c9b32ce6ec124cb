// The replay viewer and `npm run replay` write a state change as one line with their own words and
// value width (docs/ARCHITECTURE.md «7. Tools: replay and benchmarks»).
import { describe, expect, it } from 'vitest';
import type { StateChange } from '../../src/log/log';
import { formatChangeLine, shortValue, type ChangeLineWords } from '../../src/views/admin/replay/changeLine';
import { changeLine } from '../../src/views/admin/replay/ReplayParts';
import { formatChange } from '../../tools/replay';

const words: ChangeLineWords = { root: '(root)', removed: '×', was: 'old', maxValue: 8 };
const change = (kind: StateChange['kind'], before: unknown, after: unknown, path = 'cart.total'): StateChange => ({
  path,
  kind,
  before,
  after,
});

describe('shortValue', () => {
  it('writes the value as JSON, undefined as ∅', () => {
    expect(shortValue({ a: 1 }, 20)).toBe('{"a":1}');
    expect(shortValue(undefined, 20)).toBe('∅');
  });

  it('keeps a value of exactly the width and cuts a longer one to the width, its last character an ellipsis', () => {
    expect(shortValue('123456', 8)).toBe('"123456"');
    expect(shortValue('1234567', 8)).toBe('"123456…');
  });
});

describe('formatChangeLine', () => {
  it.each([
    ['added', change('added', undefined, 5), '+ cart.total = 5'],
    ['removed', change('removed', 5, undefined), '× cart.total (old 5)'],
    ['changed', change('changed', 5, 7), '~ cart.total: 5 → 7'],
    ['the whole state by its root name', change('changed', 1, 2, ''), '~ (root): 1 → 2'],
    ['values cut to the width', change('added', undefined, 'abcdefghij'), '+ cart.total = "abcdef…'],
  ])('%s', (_name, c, line) => {
    expect(formatChangeLine(c, words)).toBe(line);
  });
});

describe('the viewer and the command line', () => {
  it('the viewer writes in Russian, values up to 160 characters', () => {
    expect(changeLine(change('removed', 5, undefined, ''))).toBe('− (состояние) (было 5)');
    expect(changeLine(change('added', undefined, 'x'.repeat(200)))).toHaveLength('+ cart.total = '.length + 160);
  });

  it('`npm run replay` writes in English, values up to 100 characters', () => {
    expect(formatChange(change('removed', 5, undefined, ''))).toBe('- (state) (was 5)');
    expect(formatChange(change('added', undefined, 'x'.repeat(200)))).toHaveLength('+ cart.total = '.length + 100);
  });
});
