// Promotion pricing of the cart (PRODUCT.md §3 promo-check payload, §4 cart recalculation, §7 POST /promo).
// The server re-prices every line from the catalogue; the client's sums only feed a
// price-changed check (a 'Цены изменились: …' entry in loyaltyProgramErrors).
import { defineRoute } from '../route.js';
import { PromoRequest, PromoResponse } from '../entities.js';

export const checkPromo = defineRoute('optional', 'POST /promo', {
  summary: 'Gifts, coupon discount, lost gifts, loyalty errors and allowed bonus of a cart',
  body: PromoRequest,
  response: PromoResponse,
});
