// The customer's modifier choice for a product (pure helpers for ModifierPicker).
import type { Catalog, GroupModifier, Product } from '../../api/entities';
import type { ChosenMod } from '../../commands/cart';
import { roundMoney } from '../../domain/price';

/** groupId → modifierId → amount. */
export type ModChoice = Record<string, Record<string, number>>;

export type ModOption = { modifierId: string; name: string; price: number };
export type ModGroupView = { id: string; name: string; required: boolean; maxAmount: number; options: ModOption[] };

/** The product's modifier groups with the choices the catalogue can still offer. */
export function modifierGroups(product: Product, catalog: Pick<Catalog, 'groups' | 'products'>): ModGroupView[] {
  const names = new Map(catalog.products.map((p) => [p.id, p.name]));
  return product.groupModifiers.map((g: GroupModifier) => ({
    id: g.id,
    name: catalog.groups.find((x) => x.id === g.id)?.name ?? 'Добавки',
    required: g.required,
    maxAmount: g.maxAmount,
    options: g.modifiers.flatMap((m) => {
      const name = names.get(m.modifierId);
      return name === undefined ? [] : [{ modifierId: m.modifierId, name, price: m.price }];
    }),
  }));
}

/** Required groups start with their cheapest choice, so the first price shown is the 'от' one. */
export function initialChoice(groups: readonly ModGroupView[]): ModChoice {
  const choice: ModChoice = {};
  for (const g of groups) {
    if (!g.required) continue;
    const cheapest = [...g.options].sort((a, b) => a.price - b.price)[0];
    if (cheapest !== undefined) choice[g.id] = { [cheapest.modifierId]: 1 };
  }
  return choice;
}

export function takenIn(choice: ModChoice, groupId: string): number {
  return Object.values(choice[groupId] ?? {}).reduce((n, a) => n + a, 0);
}

/** Every required group has a choice. */
export function isComplete(groups: readonly ModGroupView[], choice: ModChoice): boolean {
  return groups.every((g) => !g.required || takenIn(choice, g.id) > 0);
}

export function toChosenMods(choice: ModChoice): ChosenMod[] {
  return Object.entries(choice).flatMap(([groupId, mods]) =>
    Object.entries(mods)
      .filter(([, amount]) => amount > 0)
      .map(([id, amount]) => ({ id, amount, groupId })),
  );
}

/** One unit with this choice: base price plus each chosen modifier's price × amount. */
export function choicePrice(product: Product, groups: readonly ModGroupView[], choice: ModChoice): number {
  let sum = product.price;
  for (const g of groups) {
    for (const o of g.options) sum += o.price * (choice[g.id]?.[o.modifierId] ?? 0);
  }
  return roundMoney(sum);
}

/** Radio behaviour for single-choice groups, toggling up to maxAmount for the others. */
export function toggle(choice: ModChoice, group: ModGroupView, modifierId: string): ModChoice {
  const current = choice[group.id] ?? {};
  if (group.maxAmount <= 1) {
    if (current[modifierId] === 1 && !group.required) return { ...choice, [group.id]: {} };
    return { ...choice, [group.id]: { [modifierId]: 1 } };
  }
  if ((current[modifierId] ?? 0) > 0) {
    const next = { ...current };
    delete next[modifierId];
    return { ...choice, [group.id]: next };
  }
  if (takenIn(choice, group.id) >= group.maxAmount) return choice;
  return { ...choice, [group.id]: { ...current, [modifierId]: 1 } };
}
