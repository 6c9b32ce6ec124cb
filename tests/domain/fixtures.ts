// Small builders of PRODUCT.md §3 entities for domain tests; every field is explicit so tests read plainly.
import type { CartItem, CartMod, GroupModifier, Product } from '../../src/api/entities';
import { product as catalogProduct } from '../fixtures/catalog';
import { cartItem as cartLine } from '../fixtures/cart';

/** The shared fixture group builder: every field explicit. */
export { group } from '../fixtures/catalog';

/** A product in 'rolls' at price 0 unless given: the shared fixture builder with those defaults. */
export function product(over: Partial<Product> & Pick<Product, 'id' | 'name'>): Product {
  return catalogProduct({ price: 0, parentGroup: 'rolls', ...over });
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
  return cartLine(`line-${p.id}`, p, quantity, { mods });
}
