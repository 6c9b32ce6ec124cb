// Model-based test of the cart (fast-check fc.commands): one class per command, a model simpler
// than the system, invariants of PRODUCT.md §4 checked after every command, replay checked at the end.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CartItem, FreeProduct } from '../../src/api/entities';
import { type LogEntry, type Store } from '../../src/commands/bus';
import type { ChosenMod } from '../../src/commands/cart';
import { AppCommandSchema } from '../../src/commands';
import { AppEventSchema } from '../../src/events';
import { createLog } from '../../src/log/log';
import { decide } from '../../src/commands/decide';
import { recordingStore } from '../commands/helpers';
import { goodsTotal, isDeliveryLine, isGoodsLine } from '../../src/domain/cart';
import { evolveAll, type AppState } from '../../src/projections/store';
import { GROUP, MOD, PRODUCT } from '../fixtures/catalog';
import { DIABLO, HALF_RULE, halfCatalog, halfSettings, MARGHERITA } from '../fixtures/halfPizza';
import { FREE_DELIVERY_FROM, NOW } from '../fixtures/settings';
import { readyState } from '../fixtures/state';

const NUM_RUNS = Number(process.env.FC_RUNS ?? 1000);

// ---- offers: what AddItem is asked to add ----
type Offer = { productId: string; mods?: ChosenMod[] };
const m = (id: string, groupId: string): ChosenMod => ({ id, amount: 1, groupId });
const OFFERS: Offer[] = [
  { productId: PRODUCT.phila, mods: [] },
  { productId: PRODUCT.california },
  { productId: PRODUCT.nuggets },
  { productId: PRODUCT.cheeseSticks },
  { productId: PRODUCT.cola },
  { productId: PRODUCT.pizza, mods: [m(MOD.size25, GROUP.size)] },
  { productId: PRODUCT.pizza, mods: [m(MOD.size30, GROUP.size), m(MOD.jalapeno, GROUP.toppings)] },
  { productId: PRODUCT.pizza, mods: [m(MOD.jalapeno, GROUP.toppings), m(MOD.size30, GROUP.size)] },
  { productId: PRODUCT.set, mods: [m(MOD.rollCalifornia, GROUP.rollChoice)] },
  /** No mods for a product with groups: the modifier modal, no line. */
  { productId: PRODUCT.pizza },
  /** Unknown product: rejected. */
  { productId: 'p-ghost' },
];
const MOD_PRICE: Record<string, number> = {
  [MOD.size25]: 350,
  [MOD.size30]: 500,
  [MOD.jalapeno]: 40,
  [MOD.rollCalifornia]: 50,
};
const REPRICEABLE = [PRODUCT.phila, PRODUCT.nuggets, PRODUCT.pizza, PRODUCT.cola, MARGHERITA] as const;

/** The catalogue the runs use: the fixture's plus two more pizzas (tests/fixtures/halfPizza.ts). */
const productById = (id: string) => {
  const p = halfCatalog.products.find((x) => x.id === id);
  if (p === undefined) throw new Error(`no ${id}`);
  return p;
};

// ---- half-and-half offers (docs/HALF-PIZZA.md): what AddHalfPizza is asked to add ----
type HalfOffer = { sizeId: string; firstId: string; secondId: string };
const HALF_OFFERS: HalfOffer[] = [
  { sizeId: MOD.size30, firstId: PRODUCT.pizza, secondId: MARGHERITA },
  /** The same halves the other way round: merged into the line above. */
  { sizeId: MOD.size30, firstId: MARGHERITA, secondId: PRODUCT.pizza },
  { sizeId: MOD.size25, firstId: PRODUCT.pizza, secondId: MARGHERITA },
  /** Дьябло allows 2 per line: each addition its own line. */
  { sizeId: MOD.size30, firstId: DIABLO, secondId: PRODUCT.pizza },
  /** Refused: the same pizza twice, and a size Дьябло is not made in. */
  { sizeId: MOD.size30, firstId: PRODUCT.pizza, secondId: PRODUCT.pizza },
  { sizeId: MOD.size25, firstId: MARGHERITA, secondId: DIABLO },
];
/** Each pizza's size prices (the model's own copy of the fixture). */
const SIZE_PRICE: Record<string, Record<string, number>> = {
  [PRODUCT.pizza]: { [MOD.size25]: 350, [MOD.size30]: 500, [MOD.size35]: 650 },
  [MARGHERITA]: { [MOD.size25]: 300, [MOD.size30]: 450 },
  [DIABLO]: { [MOD.size30]: 500 },
};
const halfKeyOf = (sizeId: string, a: string, b: string) => `half|${sizeId}|${[a, b].sort().join('+')}`;
const GIFTABLE = [PRODUCT.fries, PRODUCT.wings] as const;

// ---- the model ----
type ModelLine = {
  productIds: string[];
  key: string;
  quantity: number;
  unit: number;
  maxPer: number;
  /** A half-and-half line: its size (its price is recomputed when a half is re-priced). */
  sizeId?: string;
};
type Model = {
  lines: ModelLine[];
  method: 'delivery' | 'self';
  freeDelivery: boolean;
  gifts: string[];
  discount: number;
  prices: Record<string, number>;
};
type Real = { store: Store; entries: LogEntry[]; initial: AppState; catalogVersion: number };

const keyOf = (productId: string, mods: readonly { id: string; groupId: string; amount: number }[]) =>
  `${productId}|${mods
    .map((x) => `${x.groupId}/${x.id}x${x.amount}`)
    .sort()
    .join(',')}`;
/** A line's identity for the merge rule: its product and modifiers, or a half-and-half's size and halves. */
const lineKey = (l: CartItem) =>
  l.halfPizza === undefined
    ? keyOf(l.product.id, l.mods)
    : halfKeyOf(l.halfPizza.sizeId, l.halfPizza.halves[0].product.id, l.halfPizza.halves[1].product.id);
const modelTotal = (model: Model) => model.lines.reduce((s, l) => s + l.unit * l.quantity, 0);
const emptyIfNoGoods = (model: Model) => {
  if (model.lines.length === 0) {
    model.gifts = [];
    model.discount = 0;
  }
};

// ---- invariants of the real cart ----
function checkInvariants(real: Real, model: Model): void {
  const state = real.store.getState();
  const items: CartItem[] = state.cart.items;
  const goods = items.filter(isGoodsLine);
  // No line with quantity < 1.
  expect(items.every((l) => l.quantity >= 1)).toBe(true);
  // The merge rule: no two identical lines of a product without maxPerPositionInOrder.
  const keys = goods.filter((l) => l.product.maxPerPositionInOrder === 0).map(lineKey);
  expect(new Set(keys).size).toBe(keys.length);
  // maxPerPositionInOrder bounds each line.
  expect(
    goods.every((l) => l.product.maxPerPositionInOrder === 0 || l.quantity <= l.product.maxPerPositionInOrder),
  ).toBe(true);
  // At most one delivery line; none in self-pickup.
  const delivery = items.filter(isDeliveryLine);
  expect(delivery.length).toBeLessThanOrEqual(1);
  if (state.cart.deliveryMethod === 'self') expect(delivery).toEqual([]);
  // Free-delivery line exactly when the goods total reaches freeDeliveryFrom in delivery mode.
  const total = goodsTotal(items);
  const inDelivery = state.cart.deliveryMethod === 'delivery' && goods.length > 0;
  const hasFree = delivery.some((l) => l.product.id === PRODUCT.freeDelivery);
  const hasPaid = delivery.some((l) => l.product.id === PRODUCT.delivery);
  expect(hasFree).toBe(inDelivery && total >= FREE_DELIVERY_FROM);
  expect(hasPaid).toBe(inDelivery && total < FREE_DELIVERY_FROM && !state.cart.freeDelivery);
  // Hidden gifts have quantity 1.
  expect(items.filter((l) => l.isGift && l.isHidden).every((l) => l.quantity === 1)).toBe(true);
  // A cart of only gifts / delivery lines is empty, with no discount.
  if (goods.length === 0) {
    expect(items).toEqual([]);
    expect(state.cart.discountTotal).toBe(0);
  }
  // Validation is idempotent: the cart always agrees with the catalogue it was validated against.
  expect(decide({ type: 'ValidateCart', data: {} }, state, { now: NOW.mondayAfternoon, id: 'probe' })).toEqual([]);
  // The model agrees.
  // A half-and-half line is never a gift nor hidden, and costs what the model's own rule says.
  expect(items.filter((l) => l.halfPizza !== undefined).every((l) => isGoodsLine(l) && l.mods.length === 0)).toBe(true);
  expect(goods.map((l) => [lineKey(l), l.quantity])).toEqual(model.lines.map((l) => [l.key, l.quantity]));
  expect(total).toBe(modelTotal(model));
  expect(
    items
      .filter((l) => l.isGift)
      .map((l) => l.product.id)
      .sort(),
  ).toEqual([...model.gifts].sort());
  expect(state.cart.deliveryMethod).toBe(model.method);
  expect(state.cart.discountTotal).toBe(model.discount);
}

type CartCommandModel = fc.Command<Model, Real>;

/**
 * The model's copy of adding a line: a product limited per position gets a line of its own per add
 * (none over the limit); any other adds to its line with the same key.
 */
function modelAddLine(model: Model, line: ModelLine): void {
  if (line.maxPer > 0) {
    if (line.quantity <= line.maxPer) model.lines.push(line);
    return;
  }
  const same = model.lines.find((l) => l.key === line.key);
  if (same !== undefined) same.quantity += line.quantity;
  else model.lines.push(line);
}

/** A command that adds `quantity` of one of a list of offers (`offer` taken modulo its length). */
abstract class AddOfferCommand implements CartCommandModel {
  constructor(
    readonly offer: number,
    readonly quantity: number,
  ) {}
  check = () => true;
  abstract run(model: Model, real: Real): void;
}

class AddItemCommand extends AddOfferCommand {
  run(model: Model, real: Real): void {
    const o = OFFERS[this.offer % OFFERS.length];
    if (o === undefined) throw new Error('no offer');
    real.store.dispatch({ type: 'AddItem', data: { productId: o.productId, mods: o.mods, quantity: this.quantity } });
    const known = model.prices[o.productId];
    const mods = o.mods ?? [];
    const needsChoice = o.productId === PRODUCT.pizza || o.productId === PRODUCT.set;
    if (known !== undefined && !(needsChoice && mods.length === 0)) {
      const maxPer = productById(o.productId).maxPerPositionInOrder;
      const unit = known + mods.reduce((s, x) => s + (MOD_PRICE[x.id] ?? 0) * x.amount, 0);
      modelAddLine(model, {
        productIds: [o.productId],
        key: keyOf(o.productId, mods),
        quantity: this.quantity,
        unit,
        maxPer,
      });
    }
    checkInvariants(real, model);
  }
  override toString = () => `AddItem(${this.offer}, ${this.quantity})`;
}

/** The model's own copy of the rule: the dearer whole pizza at the size plus the fee; undefined when one cannot be a half. */
function modelHalfUnit(model: Model, sizeId: string, ids: readonly string[]): number | undefined {
  const wholes = ids.map((id) => {
    const base = model.prices[id];
    const size = SIZE_PRICE[id]?.[sizeId];
    return base === undefined || size === undefined ? undefined : base + size;
  });
  return wholes.every((w) => w !== undefined) ? Math.max(...wholes) + HALF_RULE.fee : undefined;
}

/** AddHalfPizza: the model prices it with its own copy of the rule (the dearer whole pizza plus the fee). */
class AddHalfPizzaCommand extends AddOfferCommand {
  run(model: Model, real: Real): void {
    const o = HALF_OFFERS[this.offer % HALF_OFFERS.length];
    if (o === undefined) throw new Error('no half offer');
    real.store.dispatch({ type: 'AddHalfPizza', data: { ...o, quantity: this.quantity } });
    const unit = o.firstId === o.secondId ? undefined : modelHalfUnit(model, o.sizeId, [o.firstId, o.secondId]);
    if (unit !== undefined) {
      const limits = [o.firstId, o.secondId].map((id) => productById(id).maxPerPositionInOrder).filter((n) => n > 0);
      const maxPer = limits.length === 0 ? 0 : Math.min(...limits);
      modelAddLine(model, {
        productIds: [o.firstId, o.secondId],
        key: halfKeyOf(o.sizeId, o.firstId, o.secondId),
        quantity: this.quantity,
        unit,
        maxPer,
        sizeId: o.sizeId,
      });
    }
    checkInvariants(real, model);
  }
  override toString = () => `AddHalfPizza(${this.offer}, ${this.quantity})`;
}

const goodsLineAt = (real: Real, index: number): CartItem | undefined => {
  const goods = real.store.getState().cart.items.filter(isGoodsLine);
  return goods.length === 0 ? undefined : goods[index % goods.length];
};

class ChangeQuantityCommand implements CartCommandModel {
  constructor(
    readonly index: number,
    readonly quantity: number,
  ) {}
  check = () => true;
  run(model: Model, real: Real): void {
    const target = goodsLineAt(real, this.index);
    if (target === undefined) return checkInvariants(real, model);
    real.store.dispatch({ type: 'ChangeQuantity', data: { lineId: target.id, quantity: this.quantity } });
    const i = this.index % model.lines.length;
    const line = model.lines[i];
    if (line !== undefined) {
      if (this.quantity < 1) model.lines.splice(i, 1);
      else if (line.maxPer === 0 || this.quantity <= line.maxPer) line.quantity = this.quantity;
    }
    emptyIfNoGoods(model);
    checkInvariants(real, model);
  }
  toString = () => `ChangeQuantity(${this.index}, ${this.quantity})`;
}

class RemoveItemCommand implements CartCommandModel {
  constructor(readonly index: number) {}
  check = () => true;
  run(model: Model, real: Real): void {
    const target = goodsLineAt(real, this.index);
    if (target === undefined) return checkInvariants(real, model);
    real.store.dispatch({ type: 'RemoveItem', data: { lineId: target.id } });
    model.lines.splice(this.index % model.lines.length, 1);
    emptyIfNoGoods(model);
    checkInvariants(real, model);
  }
  toString = () => `RemoveItem(${this.index})`;
}

class ChangeDeliveryMethodCommand implements CartCommandModel {
  constructor(readonly method: 'delivery' | 'self') {}
  check = () => true;
  run(model: Model, real: Real): void {
    real.store.dispatch({ type: 'ChangeDeliveryMethod', data: { method: this.method } });
    model.method = this.method;
    checkInvariants(real, model);
  }
  toString = () => `ChangeDeliveryMethod(${this.method})`;
}

class ApplyPromoResultCommand implements CartCommandModel {
  constructor(
    readonly gifts: readonly number[],
    readonly freeDelivery: boolean,
    readonly discount: number,
  ) {}
  check = () => true;
  run(model: Model, real: Real): void {
    const giftIds = [...new Set(this.gifts.map((g) => GIFTABLE[g % GIFTABLE.length] ?? PRODUCT.fries))];
    const freeProducts: FreeProduct[] = giftIds.map((productId) => ({
      productId,
      hasModifiers: false,
      fromPromocode: true,
    }));
    if (this.freeDelivery)
      freeProducts.push({ productId: PRODUCT.freeDelivery, hasModifiers: false, fromPromocode: true });
    real.store.dispatch({
      type: 'ApplyPromoResult',
      data: {
        response: {
          freeProducts,
          discountTotal: this.discount,
          lostGift: [],
          loyaltyProgramErrors: [],
          allowedBonus: 0,
        },
      },
    });
    model.gifts = giftIds;
    model.freeDelivery = this.freeDelivery;
    model.discount = this.discount;
    emptyIfNoGoods(model);
    checkInvariants(real, model);
  }
  toString = () => `ApplyPromoResult([${this.gifts.join(', ')}], ${this.freeDelivery}, ${this.discount})`;
}

/** The catalogue is refreshed (optionally one product re-priced), then ValidateCart runs. */
class ValidateCartCommand implements CartCommandModel {
  constructor(readonly repriced: number | null) {}
  check = () => true;
  run(model: Model, real: Real): void {
    const id = this.repriced === null ? undefined : REPRICEABLE[this.repriced % REPRICEABLE.length];
    if (id !== undefined) {
      model.prices[id] = (model.prices[id] ?? 0) + 10;
      const prices = { ...model.prices };
      real.catalogVersion += 1;
      const catalog = structuredClone(halfCatalog);
      for (const p of catalog.products) {
        const price = prices[p.id];
        if (price !== undefined) p.price = price;
      }
      real.store.dispatch({ type: 'ApplyCatalog', data: { catalog, version: `v${real.catalogVersion}` } });
      // A half-and-half line is dropped only when its own price changed (the re-priced half may be the cheaper one).
      model.lines = model.lines.filter((l) =>
        l.sizeId === undefined ? !l.productIds.includes(id) : modelHalfUnit(model, l.sizeId, l.productIds) === l.unit,
      );
    }
    real.store.dispatch({ type: 'ValidateCart', data: {} });
    emptyIfNoGoods(model);
    checkInvariants(real, model);
    // Validating twice emits nothing the second time.
    const before = real.entries.length;
    real.store.dispatch({ type: 'ValidateCart', data: {} });
    expect(real.entries[before]?.events).toEqual([]);
  }
  toString = () => `ValidateCart(${this.repriced})`;
}

const addItem = fc
  .tuple(fc.nat(OFFERS.length - 1), fc.integer({ min: 1, max: 3 }))
  .map(([o, q]) => new AddItemCommand(o, q));
// AddItem is listed three times: carts need to fill up for the delivery and merge rules to matter.
const commandArbs = [
  addItem,
  addItem,
  addItem,
  fc
    .tuple(fc.nat(HALF_OFFERS.length - 1), fc.integer({ min: 1, max: 3 }))
    .map(([o, q]) => new AddHalfPizzaCommand(o, q)),
  fc.tuple(fc.nat(5), fc.integer({ min: 0, max: 4 })).map(([i, q]) => new ChangeQuantityCommand(i, q)),
  fc.nat(5).map((i) => new RemoveItemCommand(i)),
  fc.constantFrom('delivery' as const, 'self' as const).map((x) => new ChangeDeliveryMethodCommand(x)),
  fc
    .tuple(fc.array(fc.nat(1), { maxLength: 2 }), fc.boolean(), fc.integer({ min: 0, max: 300 }))
    .map(([g, f, d]) => new ApplyPromoResultCommand(g, f, d)),
  fc.option(fc.nat(3), { nil: null }).map((r) => new ValidateCartCommand(r)),
];

/** Runs one command sequence on a fresh store; `entries` receives the log even when a check throws. */
function runOnce(initial: AppState, cmds: Iterable<CartCommandModel>, entries: LogEntry[]): Store {
  const store = recordingStore(initial, entries);
  const prices = Object.fromEntries(
    [
      PRODUCT.phila,
      PRODUCT.california,
      PRODUCT.nuggets,
      PRODUCT.cheeseSticks,
      PRODUCT.cola,
      PRODUCT.pizza,
      PRODUCT.set,
      MARGHERITA,
      DIABLO,
    ].map((id) => [id, productById(id).price]),
  );
  const setup = () => ({
    model: { lines: [], method: 'delivery' as const, freeDelivery: false, gifts: [], discount: 0, prices },
    real: { store, entries, initial, catalogVersion: 1 },
  });
  fc.modelRun(setup, cmds);
  return store;
}

/**
 * On failure the seed, path and replayPath are written next to the shrunk event log in
 * tests/property/failures/ (a replay fixture); FC_SEED and FC_PATH replay a failure.
 */
function keepFailure(details: fc.RunDetails<[Iterable<CartCommandModel>]>, initial: AppState): void {
  const cmds = details.counterexample?.[0];
  const entries: LogEntry[] = [];
  let error = '';
  if (cmds !== undefined) {
    try {
      runOnce(initial, cmds, entries);
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
    }
  }
  const dir = join(dirname(fileURLToPath(import.meta.url)), 'failures');
  mkdirSync(dir, { recursive: true });
  const commands = cmds === undefined ? null : String(cmds);
  const replayPath = /replayPath="([^"]*)"/.exec(commands ?? '')?.[1] ?? null;
  const name = `cart-${details.seed}`;
  const log = createLog({
    appVersion: 'property-test',
    storeVersion: '1',
    entries,
    snapshot: { position: 0, state: initial },
  });
  writeFileSync(join(dir, `${name}.log.json`), `${JSON.stringify(log, null, 2)}\n`);
  const meta = {
    seed: details.seed,
    path: details.counterexamplePath,
    replayPath,
    commands,
    error,
    log: `${name}.log.json`,
  };
  writeFileSync(join(dir, `${name}.json`), `${JSON.stringify(meta, null, 2)}\n`);
}

describe('cart model (PRODUCT.md §4 invariants)', () => {
  it('keeps the cart rules under any sequence of commands, and the log replays to the live state', () => {
    // frozen: shared by every run; half-and-half on (HALF_PIZZA) with two more pizzas
    const initial = readyState({ settings: halfSettings(), catalog: halfCatalog });
    const property = fc.property(fc.commands(commandArbs, { maxCommands: 40, size: 'large' }), (cmds) => {
      const entries: LogEntry[] = [];
      const store = runOnce(initial, cmds, entries);
      // Every recorded command and event is valid in the log format.
      for (const e of entries) {
        expect(AppCommandSchema.safeParse(e.command).success).toBe(true);
        for (const ev of e.events) expect(AppEventSchema.safeParse(ev).success).toBe(true);
      }
      // Replaying the recorded entries gives the live state.
      expect(
        evolveAll(
          initial,
          entries.flatMap((e) => e.events),
        ),
      ).toEqual(store.getState());
    });
    const seed = process.env.FC_SEED === undefined ? undefined : Number(process.env.FC_SEED);
    const details = fc.check(property, { numRuns: NUM_RUNS, seed, path: process.env.FC_PATH });
    if (details.failed) keepFailure(details, initial);
    expect(details.failed, fc.defaultReportMessage(details)).toBe(false);
  }, 300_000);
});
