// All events of the client core. `AppEvent` is the union; `AppEventSchema` validates one (log replay).
import { z } from 'zod/mini';
import { AddressEventSchema, type AddressEvent } from './address';
import { AuthEventSchema, type AuthEvent } from './auth';
import { CartEventSchema, type CartEvent } from './cart';
import { CatalogEventSchema, type CatalogEvent } from './catalog';
import { CheckoutEventSchema, type CheckoutEvent } from './checkout';
import { CityEventSchema, type CityEvent } from './city';
import { ModalEventSchema, type ModalEvent } from './modal';
import { PageEventSchema, type PageEvent } from './page';
import { SettingEventSchema, type SettingEvent } from './setting';
import { UserEventSchema, type UserEvent } from './user';
import { ViewEventSchema, type ViewEvent } from './view';

// Each area's own union: zod reads the options of nested discriminated unions itself.
const AREA_EVENT_SCHEMAS = [
  AddressEventSchema,
  AuthEventSchema,
  CartEventSchema,
  CatalogEventSchema,
  CheckoutEventSchema,
  CityEventSchema,
  ModalEventSchema,
  PageEventSchema,
  SettingEventSchema,
  UserEventSchema,
  ViewEventSchema,
] as const;
export const AppEventSchema = z.discriminatedUnion('type', AREA_EVENT_SCHEMAS);

/** One event of any area. */
export type AppEvent = z.infer<(typeof AREA_EVENT_SCHEMAS)[number]>;
export type AppEventType = AppEvent['type'];
export type EventOf<T extends AppEventType> = Extract<AppEvent, { type: T }>;

export type {
  AddressEvent,
  AuthEvent,
  CartEvent,
  CatalogEvent,
  CheckoutEvent,
  CityEvent,
  ModalEvent,
  PageEvent,
  SettingEvent,
  UserEvent,
  ViewEvent,
};
export { ModalSchema, type Modal, type ModalKind } from './modal';
export { Toast, type ToastKind } from './view';
export { DeliveryTime, ItemRejectionReason } from './cart';
export { AddressDraft } from './address';
export { ProfileChanges } from './user';
export { VersionKind } from './setting';
export { AuthRequiredReason } from './auth';
