// The POS port (docs/IIKO.md): where the menu, the stop lists and the restaurants come from and
// where accepted orders go. Two adapters: `embedded` (our database is the source, operators edit
// in /admin: nothing to import, nothing to hand off) and `iiko` (iikoCloud's /api/1).
import type { GroupModifier, Nutrition } from '../../../src/api/entities.js';

export interface PosTerminalGroup {
  id: string;
  organizationId: string;
  name: string;
  address: string;
  timeZone: string | null;
}

export interface PosAliveStatus {
  terminalGroupId: string;
  isAlive: boolean;
}

export interface PosGroup {
  id: string;
  name: string;
  parentGroup: string | null;
  isIncludedInMenu: boolean;
  isGroupModifier: boolean;
  order: number;
  description: string;
  imageUrl: string | null;
  isDeleted: boolean;
}

/** A product as the POS owns it: name, price, modifiers, weight, nutrition (our fields stay ours). */
export interface PosProduct {
  id: string;
  code: string;
  name: string;
  description: string;
  parentGroup: string | null;
  order: number;
  price: number;
  /** Grams, or null when the POS gives none. */
  weight: number | null;
  nutrition: Nutrition | null;
  groupModifiers: GroupModifier[];
  imageUrl: string | null;
  isDeleted: boolean;
}

export interface PosMenu {
  organizationId: string;
  revision: number;
  /** False when the revision did not move since `startRevision` (nothing to import). */
  changed: boolean;
  groups: PosGroup[];
  products: PosProduct[];
}

export interface PosStopListEntry {
  terminalGroupId: string;
  productId: string;
  balance: number;
}

export type PosPaymentKind = 'cash' | 'courier-card' | 'online';

export type PosModifier = { productId: string; groupId: string; amount: number; price: number };

/** One half of a compound line: the pizza, its share of the unit price and its own modifiers. */
export interface PosCompoundPart {
  productId: string;
  price: number;
  modifiers: PosModifier[];
}

export interface PosOrderLine {
  productId: string;
  amount: number;
  /** One unit of the product without its modifiers (a compound line: the whole, its parts' prices summed). */
  price: number;
  modifiers: PosModifier[];
  /**
   * A half-and-half pizza (docs/HALF-PIZZA.md) as one compound item: two halves and the modifiers
   * they share (the size). `productId` is then our own line id, which the POS does not know.
   */
  compound?: { primary: PosCompoundPart; secondary: PosCompoundPart; commonModifiers: PosModifier[] };
}

/** Lines − discounts = payment: a POS refuses an order whose sums disagree. */
export interface PosDiscount {
  kind: 'coupon' | 'bonus';
  sum: number;
}

/** What a hand-off carries (built from our order row by services/pos/handoffBody.ts). */
export interface PosOrder {
  id: string;
  organizationId: string;
  terminalGroupId: string;
  externalNumber: string;
  deliveryMethod: 'delivery' | 'self';
  /** Local time of the restaurant 'YYYY-MM-DD HH:mm:ss.000', or null for «as soon as possible». */
  completeBefore: string | null;
  phone: string;
  customerName: string;
  address: {
    city: string;
    street: string;
    house: string;
    flat: string | null;
    entrance: string | null;
    floor: string | null;
    doorphone: string | null;
    comment: string | null;
    location: { lat: number; lon: number } | null;
  } | null;
  comment: string;
  guests: number;
  lines: PosOrderLine[];
  /** What the lines' sum loses before the payment: the coupon's discount and the bonuses spent. */
  discounts: PosDiscount[];
  payment: { kind: PosPaymentKind; sum: number };
}

/** The POS statuses of a delivery order (iikoCloud's names). */
export const POS_ORDER_STATUSES = [
  'Unconfirmed',
  'WaitCooking',
  'ReadyForCooking',
  'CookingStarted',
  'CookingCompleted',
  'Waiting',
  'OnWay',
  'Delivered',
  'Closed',
  'Cancelled',
] as const;
export type PosOrderStatus = (typeof POS_ORDER_STATUSES)[number];

export type PosCreation = 'InProgress' | 'Success' | 'Error';

/** An order as the POS knows it (deliveries/by_id, or a webhook's eventInfo). */
export interface PosOrderInfo {
  id: string;
  organizationId: string;
  creationStatus: PosCreation;
  errorMessage: string | null;
  /** Null while the order is being created or when it failed. */
  status: PosOrderStatus | null;
}

export type PosCommandState = { state: 'InProgress' } | { state: 'Success' } | { state: 'Error'; message: string };

/**
 * A call that failed. `transient`: the POS did not answer, answered 5xx, timed out or answered
 * something unreadable (retry later); `refused`: the POS answered and said no (4xx with a
 * reason): retrying the same request will not help.
 */
export class PosError extends Error {
  constructor(
    readonly kind: 'transient' | 'refused' | 'invalid',
    message: string,
  ) {
    super(message);
    this.name = 'PosError';
  }
}

export interface PosAdapter {
  readonly kind: 'embedded' | 'iiko';
  /** Organizations this storefront serves (empty for embedded). */
  readonly organizationIds: readonly string[];
  terminalGroups(): Promise<PosTerminalGroup[]>;
  aliveStatus(terminalGroups: PosTerminalGroup[]): Promise<PosAliveStatus[]>;
  /** The menu if its revision moved past `startRevision`; throws PosError('invalid') on a bad answer. */
  menu(organizationId: string, startRevision: number): Promise<PosMenu>;
  stopLists(): Promise<PosStopListEntry[]>;
  /** Starts creating the order; returns the correlation id to follow with `commandStatus`. */
  createOrder(order: PosOrder): Promise<{ correlationId: string }>;
  commandStatus(organizationId: string, correlationId: string): Promise<PosCommandState>;
  /** The orders the POS has among `orderIds` (absent ones are not there). */
  ordersById(organizationId: string, orderIds: string[]): Promise<PosOrderInfo[]>;
}
