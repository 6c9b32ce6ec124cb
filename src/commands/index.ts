// All commands of the client core: AppCommand, AppCommandSchema, the root decide and the bus.
// See docs/ARCHITECTURE.md «Command naming».
import { z } from 'zod/mini';
import { AddressCommandSchema } from './address';
import { AuthCommandSchema } from './auth';
import { CartCommandSchema } from './cart';
import { CatalogCommandSchema } from './catalog';
import { CheckoutCommandSchema } from './checkout';
import { CityCommandSchema } from './city';
import { ModalCommandSchema } from './modal';
import { PageCommandSchema } from './page';
import { SettingCommandSchema } from './setting';
import { UserCommandSchema } from './user';
import { ViewCommandSchema } from './view';

// Nested discriminated unions: zod reads the options of each area's union itself.
export const AppCommandSchema = z.discriminatedUnion('type', [
  AddressCommandSchema,
  AuthCommandSchema,
  CartCommandSchema,
  CatalogCommandSchema,
  CheckoutCommandSchema,
  CityCommandSchema,
  ModalCommandSchema,
  PageCommandSchema,
  SettingCommandSchema,
  UserCommandSchema,
  ViewCommandSchema,
]);

export type * from './appCommand';
export type { Meta } from './types';
export { idSource } from './types';
export { decide } from './decide';
export { createStore, type LogEntry, type Store, type StoreDeps, type StoreOptions } from './bus';
