// Small builders of PRODUCT.md §3 entities for domain tests; every field is explicit so tests read plainly.
import type { CartItem, CartMod, Group, GroupModifier, Product } from '../../src/api/entities';

export function group(over: Partial<Group> & Pick<Group, 'id' | 'name'>): Group {
  return {
    slug: over.id,
    parentGroup: null,
    isIncludedInMenu: true,
    isGroupModifier: false,
    order: 0,
    imageUrl: null,
    additionalInfo: {},
    ...over,
  };
}

export function product(over: Partial<Product> & Pick<Product, 'id' | 'name'>): Product {
  return {
    description: '',
    code: `code-${over.id}`,
    price: 0,
    oldPrice: null,
    weight: null,
    nutrition: null,
    parentGroup: 'rolls',
    slug: over.id,
    imageUrl: null,
    groupModifiers: [],
    allergens: [],
    filters: [],
    maxPerPositionInOrder: 0,
    additionalInfo: {},
    likesCount: 0,
    isLiked: false,
    ...over,
  };
}

export function modifierGroup(id: string, required: boolean, prices: Record<string, number>): GroupModifier {
  return {
    id,
    required,
    maxAmount: 1,
    modifiers: Object.entries(prices).map(([modifierId, price]) => ({ modifierId, price })),
  };
}

export function cartItem(p: Product, quantity: number, mods: CartMod[] = []): CartItem {
  return {
    id: `line-${p.id}`,
    product: p,
    quantity,
    mods,
    isGift: false,
    isHidden: false,
    isServiceFee: false,
    fromPromocode: false,
  };
}
