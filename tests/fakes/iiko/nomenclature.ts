// The fake iiko's nomenclature, seeded from the demo menu (server/seed/menu.ts) in iikoCloud's
// shapes: the same ids, names, prices, weights (kg), nutrition and modifier groups, so that an
// import into a freshly seeded storefront changes nothing but the POS's own bookkeeping.
import { GROUPS, PRODUCTS } from '../../../server/seed/menu.js';

export interface FakeGroup {
  id: string;
  name: string;
  parentGroup: string | null;
  order: number;
  isIncludedInMenu: boolean;
  isGroupModifier: boolean;
  isDeleted: boolean;
  description: string;
  imageLinks: string[];
}

export interface FakeProduct {
  id: string;
  code: string;
  name: string;
  description: string;
  type: 'Dish' | 'Modifier' | 'Service';
  groupId: string | null;
  parentGroup: string;
  order: number;
  weight: number;
  measureUnit: string;
  fatAmount: number;
  proteinsAmount: number;
  carbohydratesAmount: number;
  energyAmount: number;
  sizePrices: { sizeId: string | null; price: { currentPrice: number; isIncludedInMenu: boolean } }[];
  groupModifiers: {
    id: string;
    minAmount: number;
    maxAmount: number;
    required: boolean;
    childModifiers: { id: string; minAmount: number; maxAmount: number; defaultAmount: number }[];
  }[];
  modifiers: never[];
  imageLinks: string[];
  isDeleted: boolean;
}

export function demoNomenclature(): { groups: FakeGroup[]; products: FakeProduct[] } {
  const modifierGroups = new Set(GROUPS.filter((g) => g.isGroupModifier).map((g) => g.id));
  const serviceGroups = new Set(GROUPS.filter((g) => g.isServiceGroup).map((g) => g.id));
  // iiko prices a modifier as a product of its own; the demo prices it per choice
  const modifierPrices = new Map<string, number>();
  for (const p of PRODUCTS)
    for (const g of p.groupModifiers)
      for (const m of g.modifiers)
        modifierPrices.set(m.modifierId, Math.max(modifierPrices.get(m.modifierId) ?? 0, m.price));
  const groups = GROUPS.map((g) => ({
    id: g.id,
    name: g.name,
    parentGroup: g.parentGroup,
    order: g.position,
    isIncludedInMenu: g.isIncludedInMenu,
    isGroupModifier: g.isGroupModifier,
    isDeleted: false,
    description: '',
    imageLinks: [],
  }));
  const products = PRODUCTS.map((p): FakeProduct => ({
    id: p.id,
    code: p.code,
    name: p.name,
    description: p.description,
    type: modifierGroups.has(p.parentGroup) ? 'Modifier' : serviceGroups.has(p.parentGroup) ? 'Service' : 'Dish',
    groupId: null,
    parentGroup: p.parentGroup,
    order: p.position,
    weight: p.weight === null ? 0 : p.weight / 1000,
    measureUnit: 'кг',
    fatAmount: p.nutrition?.fats ?? 0,
    proteinsAmount: p.nutrition?.proteins ?? 0,
    carbohydratesAmount: p.nutrition?.carbohydrates ?? 0,
    energyAmount: p.nutrition?.energy ?? 0,
    sizePrices: [
      {
        sizeId: null,
        price: { currentPrice: modifierPrices.get(p.id) ?? p.price, isIncludedInMenu: true },
      },
    ],
    groupModifiers: p.groupModifiers.map((g) => ({
      id: g.id,
      minAmount: g.required ? 1 : 0,
      maxAmount: g.maxAmount,
      required: g.required,
      // one choice may be taken up to the group's limit (per unit of the dish)
      childModifiers: g.modifiers.map((m) => ({
        id: m.modifierId,
        minAmount: 0,
        maxAmount: g.maxAmount,
        defaultAmount: 0,
      })),
    })),
    modifiers: [],
    imageLinks: [],
    isDeleted: false,
  }));
  return { groups, products };
}
