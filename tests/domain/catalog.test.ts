import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import type { Catalog, StopListEntry } from '../../src/api/entities';
import {
  applyCatalogQuery,
  buildMenuTree,
  cartModFor,
  categoryNames,
  filterProducts,
  findProduct,
  groupName,
  isStopped,
  menuProducts,
  modifierName,
  normalizeSearchText,
  searchProducts,
  stoppedProductIds,
  withoutAllergens,
  type CatalogQuery,
  type MenuNode,
} from '../../src/domain/catalog';
import { group, modifierGroup, product } from './fixtures';
import { numRuns } from './fcRuns';

const groups = [
  group({ id: 'rolls', name: 'Роллы', order: 2 }),
  group({ id: 'pizza', name: 'Пицца', order: 1 }),
  group({ id: 'hot', name: 'Горячие роллы', parentGroup: 'rolls', order: 1 }),
  group({ id: 'baked', name: 'Запечённые', parentGroup: 'rolls', order: 0 }),
  group({ id: 'service', name: 'Служебная', order: 3, additionalInfo: { isServiceGroup: true } }),
  group({ id: 'size', name: 'Размер', order: 4, isGroupModifier: true }),
  group({ id: 'hidden', name: 'Скрытая', order: 5, isIncludedInMenu: false }),
  group({ id: 'under-hidden', name: 'Внутри скрытой', parentGroup: 'hidden', order: 0 }),
  group({ id: 'orphan', name: 'Сирота', parentGroup: 'gone', order: 0 }),
];

const philadelphia = product({
  id: 'phila',
  name: 'Филадельфия',
  parentGroup: 'rolls',
  price: 450,
  description: 'Лосось, сливочный сыр, огурец',
  allergens: [
    { code: 'fish', name: 'Рыба' },
    { code: 'milk', name: 'Молоко' },
  ],
});
const bakedSalmon = product({
  id: 'baked-salmon',
  name: 'Запечённый лосось',
  parentGroup: 'baked',
  price: 390,
  description: 'Ролл под соусом',
  filters: [{ code: 'hot', name: 'Острое' }],
});
const tempura = product({
  id: 'tempura',
  name: 'Темпура',
  parentGroup: 'hot',
  price: 420,
  filters: [{ code: 'hot', name: 'Острое' }],
});
const pepperoni = product({
  id: 'pepperoni',
  name: 'Пепперони',
  parentGroup: 'pizza',
  price: 500,
  description: 'Колбаски, моцарелла',
  allergens: [{ code: 'milk', name: 'Молоко' }],
  filters: [
    { code: 'hot', name: 'Острое' },
    { code: 'meat', name: 'Мясное' },
  ],
  groupModifiers: [modifierGroup('size', true, { s30: 0, s35: 150 })],
});
const delivery = product({ id: 'delivery', name: 'Доставка', parentGroup: 'service', price: 150 });
const size30 = product({ id: 's30', name: '30 см', code: 'S30', parentGroup: 'size' });
const size35 = product({ id: 's35', name: '35 см', code: 'S35', parentGroup: 'size' });
const secret = product({ id: 'secret', name: 'Секретный ролл', parentGroup: 'hidden' });
const deep = product({ id: 'deep', name: 'Глубокий ролл', parentGroup: 'under-hidden' });
const lost = product({ id: 'lost', name: 'Потерянный ролл', parentGroup: 'orphan' });

const catalog: Catalog = {
  groups,
  products: [philadelphia, bakedSalmon, tempura, pepperoni, delivery, size30, size35, secret, deep, lost],
  stopList: [],
};

const shape = (nodes: MenuNode[]): unknown =>
  nodes.map((n) => ({ id: n.group.id, items: n.items.map((p) => p.id), subgroups: shape(n.subgroups) }));

describe('buildMenuTree (PRODUCT.md §3 groups with derived items and subgroups)', () => {
  it('nests subgroups and items under their groups, sorted by order', () => {
    expect(shape(buildMenuTree(catalog))).toEqual([
      { id: 'pizza', items: ['pepperoni'], subgroups: [] },
      {
        id: 'rolls',
        items: ['phila'],
        subgroups: [
          { id: 'baked', items: ['baked-salmon'], subgroups: [] },
          { id: 'hot', items: ['tempura'], subgroups: [] },
        ],
      },
    ]);
  });

  it('hides service groups, group-modifier groups, groups not isIncludedInMenu, and their products', () => {
    const shown = menuProducts(catalog).map((p) => p.id);
    expect(shown).toEqual(['phila', 'baked-salmon', 'tempura', 'pepperoni']);
    for (const hidden of ['delivery', 's30', 'secret', 'deep']) expect(shown).not.toContain(hidden);
  });

  it('hides a group under a hidden group, and one whose parent is missing from the catalogue', () => {
    const ids = JSON.stringify(shape(buildMenuTree(catalog)));
    expect(ids).not.toContain('under-hidden');
    expect(ids).not.toContain('orphan');
    expect(menuProducts(catalog).map((p) => p.id)).not.toContain('lost');
  });

  it('does not loop on a cycle of parents; such groups are hidden', () => {
    const cyclic: Catalog = {
      groups: [group({ id: 'a', name: 'A', parentGroup: 'b' }), group({ id: 'b', name: 'B', parentGroup: 'a' })],
      products: [product({ id: 'x', name: 'X', parentGroup: 'a' })],
      stopList: [],
    };
    expect(buildMenuTree(cyclic)).toEqual([]);
    expect(menuProducts(cyclic)).toEqual([]);
  });
});

describe('stop list', () => {
  const stopList: StopListEntry[] = [
    {
      deliveryTerminalId: 't1',
      items: [
        { productId: 'phila', balance: 0 },
        { productId: 'tempura', balance: -2 },
        { productId: 'pepperoni', balance: 3 },
      ],
    },
    { deliveryTerminalId: 't2', items: [{ productId: 'baked-salmon', balance: 0 }] },
    { deliveryTerminalId: 't1', items: [{ productId: 'phila', balance: 0 }] },
  ];

  it('lists products with balance ≤ 0 on that terminal only, once each', () => {
    expect(stoppedProductIds(stopList, 't1')).toEqual(['phila', 'tempura']);
    expect(stoppedProductIds(stopList, 't2')).toEqual(['baked-salmon']);
    expect(stoppedProductIds(stopList, 't3')).toEqual([]);
  });

  it('isStopped answers for one product', () => {
    expect(isStopped(stopList, 't1', 'tempura')).toBe(true);
    expect(isStopped(stopList, 't1', 'pepperoni')).toBe(false);
    expect(isStopped(stopList, 't2', 'tempura')).toBe(false);
  });
});

describe('searchProducts: name, description or category names, case-insensitive (PRODUCT.md §5)', () => {
  const all = menuProducts(catalog);
  const ids = (query: string): string[] => searchProducts(all, groups, query).map((p) => p.id);

  it('matches the name in any case', () => {
    expect(ids('филадельфия')).toEqual(['phila']);
    expect(ids('ПЕППЕРОНИ')).toEqual(['pepperoni']);
  });

  it("treats 'ё' and 'е' as the same letter", () => {
    expect(ids('запеченный')).toEqual(['baked-salmon']);
    expect(ids('ЗАПЕЧЁННЫЙ')).toEqual(['baked-salmon']);
  });

  it('matches the description', () => {
    expect(ids('сливочный сыр')).toEqual(['phila']);
    expect(ids('моцарелла')).toEqual(['pepperoni']);
  });

  it('matches the parent group and its ancestors by name', () => {
    expect(ids('горячие')).toEqual(['tempura']);
    expect(ids('роллы')).toEqual(['phila', 'baked-salmon', 'tempura']);
    expect(categoryNames(groups, 'baked')).toEqual(['Запечённые', 'Роллы']);
  });

  it('every word must match somewhere, in any field', () => {
    expect(ids('лосось роллы')).toEqual(['phila', 'baked-salmon']);
    expect(ids('лосось пицца')).toEqual([]);
  });

  it('trims the query; an empty query gives everything', () => {
    expect(ids('  темпура \n')).toEqual(['tempura']);
    expect(ids('')).toEqual(all.map((p) => p.id));
    expect(ids('   ')).toEqual(all.map((p) => p.id));
  });

  it('normalizeSearchText lowercases, folds ё and collapses spaces', () => {
    expect(normalizeSearchText('  Ёлка   ЗЕЛЁНАЯ ')).toBe('елка зеленая');
  });

  it('property: any product is found by its own name typed in any case, ё or е', () => {
    const named = fc.string({ minLength: 1, maxLength: 12 }).filter((s) => s.trim() !== '');
    fc.assert(
      fc.property(named, fc.constantFrom('upper', 'lower', 'yo'), (name, variant) => {
        const p = product({ id: 'p', name: `${name} ёж` });
        const typed =
          variant === 'upper'
            ? p.name.toUpperCase()
            : variant === 'lower'
              ? p.name.toLowerCase()
              : p.name.replace(/ё/g, 'е');
        expect(searchProducts([p], [], typed)).toEqual([p]);
      }),
      { numRuns },
    );
  });
});

describe('filterProducts and allergens', () => {
  const all = menuProducts(catalog);

  it('filter mode matches by filter code', () => {
    expect(filterProducts(all, 'hot').map((p) => p.id)).toEqual(['baked-salmon', 'tempura', 'pepperoni']);
    expect(filterProducts(all, 'meat').map((p) => p.id)).toEqual(['pepperoni']);
    expect(filterProducts(all, 'Острое')).toEqual([]); // a name is not a code
  });

  it('hides products containing any allergen the user excluded', () => {
    expect(withoutAllergens(all, ['fish']).map((p) => p.id)).toEqual(['baked-salmon', 'tempura', 'pepperoni']);
    expect(withoutAllergens(all, ['milk', 'gluten']).map((p) => p.id)).toEqual(['baked-salmon', 'tempura']);
    expect(withoutAllergens(all, [])).toEqual(all);
  });
});

describe('applyCatalogQuery: search and filter are mutually exclusive (PRODUCT.md §4)', () => {
  it("kind 'none' shows every menu product the allergens allow", () => {
    expect(applyCatalogQuery(catalog, { kind: 'none' }, ['fish']).map((p) => p.id)).toEqual([
      'baked-salmon',
      'tempura',
      'pepperoni',
    ]);
  });

  it('search applies after the allergen exclusion and never reaches hidden groups', () => {
    expect(applyCatalogQuery(catalog, { kind: 'search', text: 'лосось' }, ['fish']).map((p) => p.id)).toEqual([
      'baked-salmon',
    ]);
    expect(applyCatalogQuery(catalog, { kind: 'search', text: 'доставка' }, [])).toEqual([]);
    expect(applyCatalogQuery(catalog, { kind: 'search', text: 'ролл' }, []).map((p) => p.id)).not.toContain('secret');
  });

  it('filter applies after the allergen exclusion', () => {
    expect(applyCatalogQuery(catalog, { kind: 'filter', code: 'hot' }, ['milk']).map((p) => p.id)).toEqual([
      'baked-salmon',
      'tempura',
    ]);
  });

  it('a query cannot carry both a search text and a filter code', () => {
    // @ts-expect-error search and filter are exclusive by construction
    const both: CatalogQuery = { kind: 'search', text: 'ролл', code: 'hot' };
    expect(both.kind).toBe('search');
  });
});

describe('lookups for building cart mods (PRODUCT.md §3 CartMod)', () => {
  it('findProduct, modifierName and groupName read the catalogue', () => {
    expect(findProduct(catalog, 'pepperoni')).toBe(pepperoni);
    expect(findProduct(catalog, 'nope')).toBeUndefined();
    expect(modifierName(catalog, 's35')).toBe('35 см');
    expect(modifierName(catalog, 'nope')).toBeUndefined();
    expect(groupName(catalog, 'size')).toBe('Размер');
    expect(groupName(catalog, 'nope')).toBeUndefined();
  });

  it('cartModFor builds id, name, amount, price, code, groupId, groupName from the offer', () => {
    expect(cartModFor(catalog, pepperoni, 'size', 's35')).toEqual({
      id: 's35',
      name: '35 см',
      amount: 1,
      price: 150,
      code: 'S35',
      groupId: 'size',
      groupName: 'Размер',
    });
    expect(cartModFor(catalog, pepperoni, 'size', 's30', 2)).toEqual({
      id: 's30',
      name: '30 см',
      amount: 2,
      price: 0,
      code: 'S30',
      groupId: 'size',
      groupName: 'Размер',
    });
  });

  it('cartModFor is null when the product no longer offers that modifier or it left the catalogue', () => {
    expect(cartModFor(catalog, pepperoni, 'size', 'phila')).toBeNull();
    expect(cartModFor(catalog, pepperoni, 'sauce', 's30')).toBeNull();
    const withoutModifier: Catalog = { ...catalog, products: catalog.products.filter((p) => p.id !== 's35') };
    expect(cartModFor(withoutModifier, pepperoni, 'size', 's35')).toBeNull();
  });

  it('cartModFor still builds the mod when only the group name is unknown (the POS keys it by id)', () => {
    const withoutGroup: Catalog = { ...catalog, groups: catalog.groups.filter((g) => g.id !== 'size') };
    expect(cartModFor(withoutGroup, pepperoni, 'size', 's35')?.groupName).toBe('');
  });
});
