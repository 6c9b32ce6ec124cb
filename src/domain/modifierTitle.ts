// The modifier dialog's title, from the modifier groups the product offers (never its own name):
// the first required group decides, else the first group at all.
import { MODIFIER_TITLES, MODIFIER_TITLE_OTHER } from './checkoutText';

export type TitledGroup = { name: string; required: boolean };

export function modifierChoiceTitle(groups: readonly TitledGroup[]): string {
  const group = groups.find((g) => g.required) ?? groups[0];
  if (group === undefined) return MODIFIER_TITLE_OTHER;
  const name = group.name.trim();
  if (/^выберите\s/i.test(name)) return name;
  const lower = name.toLowerCase();
  return MODIFIER_TITLES.find(([key]) => lower.includes(key))?.[1] ?? MODIFIER_TITLE_OTHER;
}
