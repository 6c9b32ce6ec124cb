// The server's state as the page carries it: the AppState with its catalogue's groups and products
// in columns (src/api/columns.ts), which halves the block with a long menu; the browser unpacks it
// before anything reads it, so hydration and the store see exactly the state the server rendered.
import type { Catalog } from '../../api/entities';
import { isPackedRows, packRows, unpackRows, type PackedRows } from '../../api/columns';
import type { AppState } from '../../projections/store';

/** A list in columns, or as it was when its records differ in shape (or it is empty). */
type Packed = PackedRows | unknown[];

export interface PackedCatalog {
  packed: 'columns';
  groups: Packed;
  products: Packed;
  stopList: Catalog['stopList'];
}

const packList = (list: readonly unknown[]): Packed => packRows(list) ?? [...list];

/** Packed once per catalogue object (the server folds one catalogue object per data version). */
const packedCatalogs = new WeakMap<Catalog, PackedCatalog>();

export function packCatalog(catalog: Catalog): PackedCatalog {
  let packed = packedCatalogs.get(catalog);
  if (packed === undefined) {
    packed = {
      packed: 'columns',
      groups: packList(catalog.groups),
      products: packList(catalog.products),
      stopList: catalog.stopList,
    };
    packedCatalogs.set(catalog, packed);
  }
  return packed;
}

/** What the server writes into the page's state block. */
export function serverStateBlock(state: AppState): unknown {
  const catalog = state.catalog.catalog;
  if (catalog === null) return state;
  return { ...state, catalog: { ...state.catalog, catalog: packCatalog(catalog) } };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function unpackList(list: unknown): unknown[] | null {
  if (Array.isArray(list)) return list;
  return isPackedRows(list) ? unpackRows(list) : null;
}

/** The catalogue of a block: as written, or unpacked; null when the block's catalogue is unreadable. */
function unpackCatalog(value: unknown): unknown {
  if (!isRecord(value) || value.packed !== 'columns') return value;
  const groups = unpackList(value.groups);
  const products = unpackList(value.products);
  if (groups === null || products === null || !Array.isArray(value.stopList)) return null;
  return { groups, products, stopList: value.stopList };
}

/** The AppState of a parsed state block, or null when it is not one. */
export function stateFromBlock(parsed: unknown): AppState | null {
  if (!isRecord(parsed) || !isRecord(parsed.catalog)) return null;
  const catalog = unpackCatalog(parsed.catalog.catalog);
  if (catalog === null && parsed.catalog.catalog !== null) return null;
  // The block is the server's own AppState (src/views/ssr/renderPage.tsx); only its catalogue was packed.
  return { ...parsed, catalog: { ...parsed.catalog, catalog } } as unknown as AppState;
}
