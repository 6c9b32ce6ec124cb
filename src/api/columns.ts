// A lossless columnar form of a list of same-shaped records: each key written once, its values in
// one array, a column holding one primitive value for every record written once. The server's
// state block carries the catalogue so (docs/SSR.md «What the state block carries»): with 1,000
// dishes the key names were half of its 420 KB.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** One key's values: every record's, the one primitive all records share, or nested records. */
export type Column = { v: unknown[] } | { same: null | boolean | number | string } | { rows: PackedRows };

export interface PackedRows {
  n: number;
  keys: string[];
  cols: Column[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The keys JSON writes of a record: those holding undefined are left out, as JSON.stringify does. */
const jsonKeys = (record: Record<string, unknown>) => Object.keys(record).filter((k) => record[k] !== undefined);

/** The keys every record has, in the same order; null when they differ (the list stays as it is). */
function sharedKeys(records: readonly unknown[]): string[] | null {
  const first = records[0];
  if (!isRecord(first)) return null;
  const keys = jsonKeys(first);
  for (const record of records) {
    if (!isRecord(record)) return null;
    const own = jsonKeys(record);
    if (own.length !== keys.length || own.some((key, i) => key !== keys[i])) return null;
  }
  return keys;
}

function isPrimitive(value: unknown): value is null | boolean | number | string {
  return value === null || typeof value === 'boolean' || typeof value === 'number' || typeof value === 'string';
}

function column(values: unknown[]): Column {
  const first = values[0];
  if (isPrimitive(first) && values.every((v) => v === first)) return { same: first };
  const nested = values.length > 0 ? packRows(values) : null;
  return nested === null ? { v: values } : { rows: nested };
}

/** The records as columns, or null when they do not all share one set of keys (in one order). */
export function packRows(records: readonly unknown[]): PackedRows | null {
  if (records.length === 0) return null;
  const keys = sharedKeys(records);
  if (keys === null) return null;
  return {
    n: records.length,
    keys,
    cols: keys.map((key) => column(records.map((r) => (r as Record<string, unknown>)[key]))),
  };
}

function isColumn(value: unknown): value is Column {
  if (!isRecord(value)) return false;
  if ('v' in value) return Array.isArray(value.v);
  if ('same' in value) return isPrimitive(value.same);
  return 'rows' in value && isPackedRows(value.rows);
}

export function isPackedRows(value: unknown): value is PackedRows {
  return (
    isRecord(value) &&
    typeof value.n === 'number' &&
    Array.isArray(value.keys) &&
    value.keys.every((k) => typeof k === 'string') &&
    Array.isArray(value.cols) &&
    value.cols.length === value.keys.length &&
    value.cols.every(isColumn)
  );
}

function columnValues(col: Column, n: number): unknown[] {
  if ('v' in col) return col.v;
  if ('same' in col) return new Array<unknown>(n).fill(col.same);
  return unpackRows(col.rows);
}

/** The records back, each with its keys in the original order. */
export function unpackRows(packed: PackedRows): Record<string, Json>[] {
  const values = packed.cols.map((col) => columnValues(col, packed.n));
  const records: Record<string, Json>[] = [];
  for (let r = 0; r < packed.n; r++) {
    const record: Record<string, Json> = {};
    packed.keys.forEach((key, i) => {
      record[key] = values[i]?.[r] as Json;
    });
    records.push(record);
  }
  return records;
}
