// The iikoCloud adapter of the POS port: maps iiko's documented shapes onto ours and back.
import type { GroupModifier, Nutrition } from '../../../../src/api/entities.js';
import {
  POS_ORDER_STATUSES,
  PosError,
  type PosAdapter,
  type PosDiscount,
  type PosMenu,
  type PosCompoundPart,
  type PosModifier,
  type PosOrder,
  type PosOrderInfo,
  type PosOrderStatus,
  type PosPaymentKind,
  type PosProduct,
} from '../port.js';
import { createIikoClient, type IikoClient, type IikoClientOptions } from './client.js';
import {
  CommandStatusAnswer,
  CorrelationAnswer,
  DeliveriesByIdAnswer,
  DiscountsAnswer,
  IsAliveAnswer,
  NomenclatureAnswer,
  PaymentTypesAnswer,
  StopListsAnswer,
  TerminalGroupsAnswer,
  type DeliveryOrderInfo,
} from './schemas.js';

export interface IikoPosOptions extends IikoClientOptions {
  organizationIds: string[];
}

export interface IikoPos extends PosAdapter {
  readonly client: IikoClient;
}

/** iiko's payment kinds: cash and a card at the door are kinds the POS knows; online is External. */
const PAYMENT_KINDS: Record<PosPaymentKind, string> = { cash: 'Cash', 'courier-card': 'Card', online: 'External' };

export function createIikoPos(options: IikoPosOptions): IikoPos {
  const client = createIikoClient(options);
  const paymentTypes = new Map<string, Promise<{ id: string; kind: string }[]>>();

  function paymentTypesOf(organizationId: string): Promise<{ id: string; kind: string }[]> {
    let known = paymentTypes.get(organizationId);
    if (!known) {
      known = client
        .post('/api/1/payment_types', { organizationIds: [organizationId] }, PaymentTypesAnswer)
        .then((a) =>
          a.paymentTypes.filter((p) => p.isDeleted !== true).map((p) => ({ id: p.id, kind: p.paymentTypeKind ?? '' })),
        );
      // a failed lookup is asked again next time
      known.catch(() => paymentTypes.delete(organizationId));
      paymentTypes.set(organizationId, known);
    }
    return known;
  }

  const discountTypes = new Map<string, Promise<{ id: string; name: string }[]>>();

  /** The organization's discount types that take a sum we give (mode FlexibleSum). */
  function flexibleDiscountsOf(organizationId: string): Promise<{ id: string; name: string }[]> {
    let known = discountTypes.get(organizationId);
    if (!known) {
      known = client.post('/api/1/discounts', { organizationIds: [organizationId] }, DiscountsAnswer).then((a) =>
        a.discounts
          .filter((d) => d.organizationId === organizationId)
          .flatMap((d) => d.items)
          .filter((t) => t.isDeleted !== true && t.mode === 'FlexibleSum')
          .map((t) => ({ id: t.id, name: t.name ?? '' })),
      );
      known.catch(() => discountTypes.delete(organizationId));
      discountTypes.set(organizationId, known);
    }
    return known;
  }

  return {
    kind: 'iiko',
    client,
    organizationIds: options.organizationIds,

    async terminalGroups() {
      const answer = await client.post(
        '/api/1/terminal_groups',
        { organizationIds: options.organizationIds, includeDisabled: false },
        TerminalGroupsAnswer,
      );
      return answer.terminalGroups.flatMap((g) =>
        g.items.map((t) => ({
          id: t.id,
          organizationId: t.organizationId,
          name: t.name,
          address: t.address ?? '',
          timeZone: t.timeZone ?? null,
        })),
      );
    },

    async aliveStatus(groups) {
      if (groups.length === 0) return [];
      const answer = await client.post(
        '/api/1/terminal_groups/is_alive',
        {
          organizationIds: [...new Set(groups.map((g) => g.organizationId))],
          terminalGroupIds: groups.map((g) => g.id),
        },
        IsAliveAnswer,
      );
      return answer.isAliveStatus.map((s) => ({ terminalGroupId: s.terminalGroupId, isAlive: s.isAlive }));
    },

    async menu(organizationId, startRevision) {
      const answer = await client.post('/api/1/nomenclature', { organizationId, startRevision }, NomenclatureAnswer);
      return menuFrom(organizationId, startRevision, answer);
    },

    async stopLists() {
      const answer = await client.post(
        '/api/1/stop_lists',
        { organizationIds: options.organizationIds },
        StopListsAnswer,
      );
      return answer.terminalGroupStopLists.flatMap((org) =>
        org.items.flatMap((group) =>
          group.items.map((item) => ({
            terminalGroupId: group.terminalGroupId,
            productId: item.productId,
            balance: item.balance,
          })),
        ),
      );
    },

    async createOrder(order) {
      const types = await paymentTypesOf(order.organizationId);
      const wanted = PAYMENT_KINDS[order.payment.kind];
      const type =
        types.find((t) => t.kind === wanted) ??
        (order.payment.kind === 'online' ? types.find((t) => t.kind === 'Card') : undefined);
      if (!type) throw new PosError('refused', `В iiko нет типа оплаты ${wanted}`);
      const discounts =
        order.discounts.length === 0
          ? []
          : rmsDiscounts(order.discounts, await flexibleDiscountsOf(order.organizationId));
      const answer = await client.post(
        '/api/1/deliveries/create',
        deliveryBody(order, type.id, wanted, discounts),
        CorrelationAnswer,
      );
      return { correlationId: answer.correlationId };
    },

    async commandStatus(organizationId, correlationId) {
      const answer = await client.post(
        '/api/1/commands/status',
        { organizationId, correlationId },
        CommandStatusAnswer,
      );
      if (answer.state === 'Error')
        return {
          state: 'Error',
          message: answer.exception?.message ?? answer.errorReason ?? 'iiko: ошибка без описания',
        };
      return { state: answer.state };
    },

    async ordersById(organizationId, orderIds) {
      if (orderIds.length === 0) return [];
      const answer = await client.post('/api/1/deliveries/by_id', { organizationId, orderIds }, DeliveriesByIdAnswer);
      return answer.orders.map(orderInfoFrom);
    },
  };
}

export function orderInfoFrom(info: DeliveryOrderInfo): PosOrderInfo {
  const status = info.order?.status;
  return {
    id: info.id,
    organizationId: info.organizationId,
    creationStatus: info.creationStatus,
    errorMessage: info.errorInfo
      ? (info.errorInfo.message ?? info.errorInfo.description ?? info.errorInfo.code ?? null)
      : null,
    status: isPosStatus(status) ? status : null,
  };
}

function isPosStatus(value: string | null | undefined): value is PosOrderStatus {
  return (POS_ORDER_STATUSES as readonly string[]).includes(value ?? '');
}

type RmsDiscount = { type: 'RMS'; discountTypeId: string; sum: number };

/**
 * Our discounts as iiko's RMS discounts of a FlexibleSum type (the sum is ours): bonuses take a
 * type whose name mentions bonuses ('бонус') when there is one, the coupon any other; discounts
 * of one type are summed into one.
 */
export function rmsDiscounts(discounts: PosDiscount[], types: { id: string; name: string }[]): RmsDiscount[] {
  const bonusType = types.find((t) => /бонус/i.test(t.name));
  const otherType = types.find((t) => !/бонус/i.test(t.name)) ?? bonusType;
  const byType = new Map<string, number>();
  for (const d of discounts) {
    const type = d.kind === 'bonus' ? (bonusType ?? otherType) : otherType;
    if (!type)
      throw new PosError(
        'refused',
        'В iiko нет скидки с произвольной суммой (FlexibleSum): создайте её в iikoOffice, чтобы передавать купоны и бонусы',
      );
    byType.set(type.id, (byType.get(type.id) ?? 0) + d.sum);
  }
  return [...byType].map(([discountTypeId, sum]) => ({ type: 'RMS', discountTypeId, sum }));
}

function deliveryBody(
  order: PosOrder,
  paymentTypeId: string,
  paymentTypeKind: string,
  discounts: RmsDiscount[],
): unknown {
  const a = order.address;
  return {
    organizationId: order.organizationId,
    terminalGroupId: order.terminalGroupId,
    createOrderSettings: { transportToFrontTimeout: 180 },
    order: {
      // our id: a retry can never make a second order, and by_id finds it
      id: order.id,
      externalNumber: order.externalNumber,
      completeBefore: order.completeBefore,
      phone: order.phone,
      orderServiceType: order.deliveryMethod === 'delivery' ? 'DeliveryByCourier' : 'DeliveryByClient',
      deliveryPoint:
        order.deliveryMethod === 'delivery' && a
          ? {
              coordinates: a.location ? { latitude: a.location.lat, longitude: a.location.lon } : null,
              address: {
                street: { name: a.street, city: a.city },
                house: a.house,
                flat: a.flat,
                entrance: a.entrance,
                floor: a.floor,
                doorphone: a.doorphone,
              },
              comment: a.comment,
            }
          : null,
      comment: order.comment,
      customer: { name: order.customerName, type: 'regular' },
      guests: { count: order.guests },
      items: order.lines.map((l) =>
        l.compound
          ? {
              // iikoCloud's compound item: a pizza of two halves
              type: 'Compound',
              amount: l.amount,
              primaryComponent: compoundPart(l.compound.primary),
              secondaryComponent: compoundPart(l.compound.secondary),
              commonModifiers: l.compound.commonModifiers.map(iikoModifier),
            }
          : {
              type: 'Product',
              productId: l.productId,
              amount: l.amount,
              price: l.price,
              modifiers: l.modifiers.map(iikoModifier),
            },
      ),
      // the coupon and the bonuses: items − discounts = payments, as iiko checks
      ...(discounts.length > 0 ? { discountsInfo: { discounts } } : {}),
      payments: [
        {
          paymentTypeKind,
          sum: order.payment.sum,
          paymentTypeId,
          // paid online before the hand-off: the POS must not charge it again
          isProcessedExternally: order.payment.kind === 'online',
        },
      ],
    },
  };
}

function menuFrom(organizationId: string, startRevision: number, answer: NomenclatureAnswer): PosMenu {
  if (answer.revision <= startRevision)
    return { organizationId, revision: answer.revision, changed: false, groups: [], products: [] };
  const defaultSize = answer.sizes?.find((s) => s.isDefault === true)?.id ?? null;
  const prices = new Map<string, number>();
  for (const p of answer.products) prices.set(p.id, priceOf(p.sizePrices ?? [], defaultSize));
  const products: PosProduct[] = answer.products.map((p) => ({
    id: p.id,
    code: p.code ?? '',
    name: p.name,
    description: p.description ?? '',
    parentGroup: p.parentGroup ?? p.groupId ?? null,
    order: p.order ?? 0,
    price: prices.get(p.id) ?? 0,
    weight: gramsOf(p.weight, p.measureUnit),
    nutrition: nutritionOf(p),
    groupModifiers: (p.groupModifiers ?? []).map((g): GroupModifier => ({
      id: g.id,
      required: g.required === true || (g.minAmount ?? 0) > 0,
      maxAmount: Math.max(1, Math.round(g.maxAmount ?? 1)),
      modifiers: (g.childModifiers ?? []).map((c) => ({ modifierId: c.id, price: prices.get(c.id) ?? 0 })),
    })),
    imageUrl: p.imageLinks?.[0] ?? null,
    isDeleted: p.isDeleted === true,
  }));
  return {
    organizationId,
    revision: answer.revision,
    changed: true,
    groups: answer.groups.map((g) => ({
      id: g.id,
      name: g.name,
      parentGroup: g.parentGroup ?? null,
      isIncludedInMenu: g.isIncludedInMenu !== false,
      isGroupModifier: g.isGroupModifier === true,
      order: g.order ?? 0,
      description: g.description ?? '',
      imageUrl: g.imageLinks?.[0] ?? null,
      isDeleted: g.isDeleted === true,
    })),
    products,
  };
}

function priceOf(
  sizePrices: { sizeId?: string | null; price: { currentPrice?: number | null } }[],
  defaultSize: string | null,
): number {
  const chosen =
    sizePrices.find((s) => (s.sizeId ?? null) === null) ??
    sizePrices.find((s) => s.sizeId === defaultSize) ??
    sizePrices[0];
  // our money is whole roubles
  return Math.max(0, Math.round(chosen?.price.currentPrice ?? 0));
}

/** iiko's weight is in kilograms for dishes; grams are what the storefront shows. */
function gramsOf(weight: number | null | undefined, unit: string | null | undefined): number | null {
  if (weight === null || weight === undefined || weight <= 0) return null;
  if (unit === 'г' || unit === 'g') return Math.round(weight);
  return Math.round(weight * 1000);
}

function nutritionOf(p: {
  energyAmount?: number | null;
  proteinsAmount?: number | null;
  fatAmount?: number | null;
  carbohydratesAmount?: number | null;
}): Nutrition | null {
  const values = [p.energyAmount, p.proteinsAmount, p.fatAmount, p.carbohydratesAmount];
  if (values.every((v) => v === null || v === undefined || v === 0)) return null;
  const v = (n: number | null | undefined) => Math.max(0, n ?? 0);
  return {
    energy: v(p.energyAmount),
    proteins: v(p.proteinsAmount),
    fats: v(p.fatAmount),
    carbohydrates: v(p.carbohydratesAmount),
  };
}

const iikoModifier = (m: PosModifier) => ({
  productId: m.productId,
  productGroupId: m.groupId,
  amount: m.amount,
  price: m.price,
});

const compoundPart = (p: PosCompoundPart) => ({
  productId: p.productId,
  price: p.price,
  modifiers: p.modifiers.map(iikoModifier),
});
