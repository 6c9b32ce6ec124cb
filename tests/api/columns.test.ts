// The columnar form of same-shaped records (src/api/columns.ts), which the server's state block
// carries the catalogue in (docs/SSR.md «What the state block carries»): lossless through JSON.
import { describe, expect, it } from 'vitest';
import { packRows, unpackRows } from '../../src/api/columns';
import { generateCatalog } from '../../tools/gen-catalog';

const throughJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe('columns', () => {
  it('a 1,000-dish catalogue comes back exactly, keys in their order, in well under half the JSON', () => {
    const products = generateCatalog(1000).products;
    const packed = packRows(products);
    if (packed === null) throw new Error('not packed');
    const back = unpackRows(throughJson(packed) as typeof packed);
    expect(JSON.stringify(back)).toBe(JSON.stringify(products));
    expect(JSON.stringify(packed).length).toBeLessThan(JSON.stringify(products).length / 2);
  });

  it('a column of one primitive is written once; nested records of one shape are columns too', () => {
    const rows = [
      { id: 'a', liked: false, nutrition: { energy: 1, fats: 2 }, tags: [] },
      { id: 'b', liked: false, nutrition: { energy: 3, fats: 4 }, tags: ['x'] },
    ];
    const packed = packRows(rows);
    expect(packed?.cols).toEqual([
      { v: ['a', 'b'] },
      { same: false },
      { rows: { n: 2, keys: ['energy', 'fats'], cols: [{ v: [1, 3] }, { v: [2, 4] }] } },
      { v: [[], ['x']] },
    ]);
    expect(unpackRows(throughJson(packed) as NonNullable<typeof packed>)).toEqual(rows);
  });

  it('records of different shapes (or key orders), and an empty list, are left as they are', () => {
    expect(packRows([{ a: 1 }, { b: 1 }])).toBeNull();
    expect(
      packRows([
        { a: 1, b: 2 },
        { b: 2, a: 1 },
      ]),
    ).toBeNull();
    expect(packRows([{ a: 1 }, null])).toBeNull();
    expect(packRows([])).toBeNull();
    // nulls among nested records keep that column as plain values
    const rows = [{ n: null }, { n: { e: 1 } }];
    expect(unpackRows(throughJson(packRows(rows)) as NonNullable<ReturnType<typeof packRows>>)).toEqual(rows);
  });

  it('a key holding undefined is left out, as JSON leaves it out of the plain records', () => {
    const rows = [
      { a: 1, sale: undefined },
      { a: 2, sale: undefined },
    ];
    const packed = packRows(rows);
    expect(packed?.keys).toEqual(['a']);
    expect(unpackRows(throughJson(packed) as NonNullable<typeof packed>)).toEqual(throughJson(rows));
    // present in some records only: the records differ in shape
    expect(
      packRows([
        { a: 1, sale: true },
        { a: 2, sale: undefined },
      ]),
    ).toBeNull();
  });
});
