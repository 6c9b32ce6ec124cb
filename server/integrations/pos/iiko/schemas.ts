// The parts of iikoCloud's answers we read (public API /api/1, as documented by its OpenAPI).
// zod objects drop unknown keys: fields iiko adds later are ignored; a field we read that is
// missing or of the wrong type fails the answer as a whole.
import { z } from 'zod/mini';

const id = z.string().check(z.minLength(1));
const text = z.nullish(z.string());
const num = z.nullish(z.number());

export const AccessTokenAnswer = z.object({ token: id });

export const OrganizationsAnswer = z.object({
  organizations: z.array(z.object({ id, name: z.string() })),
});

export const TerminalGroupsAnswer = z.object({
  terminalGroups: z.array(
    z.object({
      organizationId: id,
      items: z.array(z.object({ id, organizationId: id, name: z.string(), address: text, timeZone: text })),
    }),
  ),
});

export const IsAliveAnswer = z.object({
  isAliveStatus: z.array(z.object({ terminalGroupId: id, organizationId: id, isAlive: z.boolean() })),
});

const Price = z.object({ currentPrice: num, isIncludedInMenu: z.nullish(z.boolean()) });

const ChildModifier = z.object({
  id,
  minAmount: num,
  maxAmount: num,
  defaultAmount: num,
  required: z.nullish(z.boolean()),
});

export const NomenclatureAnswer = z.object({
  revision: z.number(),
  groups: z.array(
    z.object({
      id,
      name: z.string(),
      parentGroup: text,
      order: num,
      isIncludedInMenu: z.nullish(z.boolean()),
      isGroupModifier: z.nullish(z.boolean()),
      isDeleted: z.nullish(z.boolean()),
      description: text,
      imageLinks: z.nullish(z.array(z.string())),
    }),
  ),
  products: z.array(
    z.object({
      id,
      code: text,
      name: z.string(),
      description: text,
      type: text,
      groupId: text,
      parentGroup: text,
      order: num,
      weight: num,
      measureUnit: text,
      fatAmount: num,
      proteinsAmount: num,
      carbohydratesAmount: num,
      energyAmount: num,
      isDeleted: z.nullish(z.boolean()),
      imageLinks: z.nullish(z.array(z.string())),
      sizePrices: z.nullish(z.array(z.object({ sizeId: text, price: Price }))),
      groupModifiers: z.nullish(
        z.array(
          z.object({
            id,
            minAmount: num,
            maxAmount: num,
            required: z.nullish(z.boolean()),
            childModifiers: z.nullish(z.array(ChildModifier)),
          }),
        ),
      ),
    }),
  ),
  sizes: z.nullish(z.array(z.object({ id, isDefault: z.nullish(z.boolean()) }))),
});
export type NomenclatureAnswer = z.infer<typeof NomenclatureAnswer>;

export const StopListsAnswer = z.object({
  terminalGroupStopLists: z.array(
    z.object({
      organizationId: id,
      items: z.array(
        z.object({ terminalGroupId: id, items: z.array(z.object({ productId: id, balance: z.number() })) }),
      ),
    }),
  ),
});

export const PaymentTypesAnswer = z.object({
  paymentTypes: z.array(
    z.object({ id, code: text, name: text, paymentTypeKind: text, isDeleted: z.nullish(z.boolean()) }),
  ),
});

/** /api/1/discounts: the organization's discount types; 'FlexibleSum' takes the sum we give. */
export const DiscountsAnswer = z.object({
  discounts: z.array(
    z.object({
      organizationId: id,
      items: z.array(z.object({ id, name: text, mode: text, isDeleted: z.nullish(z.boolean()) })),
    }),
  ),
});

export const CorrelationAnswer = z.object({ correlationId: id });

export const CommandStatusAnswer = z.object({
  state: z.enum(['InProgress', 'Success', 'Error']),
  exception: z.nullish(z.object({ message: text })),
  errorReason: text,
});

const ErrorInfo = z.nullish(z.object({ code: text, message: text, description: text }));

/** deliveries/by_id's order, and a DeliveryOrderUpdate's eventInfo. */
export const DeliveryOrderInfo = z.object({
  id,
  organizationId: id,
  creationStatus: z.enum(['InProgress', 'Success', 'Error']),
  errorInfo: ErrorInfo,
  order: z.nullish(z.object({ status: z.string() })),
});
export type DeliveryOrderInfo = z.infer<typeof DeliveryOrderInfo>;

export const DeliveriesByIdAnswer = z.object({ orders: z.array(DeliveryOrderInfo) });

/** iiko's refusal body (4xx/5xx). */
export const ErrorAnswer = z.object({ errorDescription: text, error: text });

/** A webhook's body: a list of events; each is read by its eventType. */
export const WebhookEvents = z.array(
  z.object({ eventType: z.string(), organizationId: text, correlationId: text, eventInfo: z.unknown() }),
);
