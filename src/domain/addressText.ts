// Address text of PRODUCT.md §3: "city, street, home, 'кв. X', 'подъезд: X', 'этаж: X'; shows 'не указан'
// where absent".

export const NOT_SPECIFIED = 'не указан';

/** Any subset of the address parts; a draft address in checkout may have none of them yet. */
export type AddressParts = Partial<
  Record<'city' | 'street' | 'home' | 'apartment' | 'entrance' | 'floor', string | null>
>;

const present = (part: string | null | undefined): string | null => {
  const trimmed = part?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/**
 * Reading of the spec: each absent part keeps its place and label and shows 'не указан'
 * ('кв. не указан', 'подъезд: не указан'), so the courier sees at a glance what the customer left
 * out instead of a silently shorter line. Only when nothing at all is given does the whole address
 * read 'не указан'. A blank or whitespace-only part counts as absent.
 */
export function formatAddress(address: AddressParts | null | undefined): string {
  const a = address ?? {};
  const parts = [a.city, a.street, a.home, a.apartment, a.entrance, a.floor].map(present);
  if (parts.every((p) => p === null)) return NOT_SPECIFIED;
  const [city, street, home, apartment, entrance, floor] = parts.map((p) => p ?? NOT_SPECIFIED);
  return [city, street, home, `кв. ${apartment}`, `подъезд: ${entrance}`, `этаж: ${floor}`].join(', ');
}
