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

export type AppEvent =
  | AddressEvent
  | AuthEvent
  | CartEvent
  | CatalogEvent
  | CheckoutEvent
  | CityEvent
  | ModalEvent
  | PageEvent
  | SettingEvent
  | UserEvent
  | ViewEvent;
export type AppEventType = AppEvent['type'];
export type EventOf<T extends AppEventType> = Extract<AppEvent, { type: T }>;

// Nested discriminated unions: zod reads the options of each area's union itself.
export const AppEventSchema = z.discriminatedUnion('type', [
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
]);

export type { CheckoutEvent } from './checkout';
export type {
  AddressEvent,
  AuthEvent,
  CartEvent,
  CatalogEvent,
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
