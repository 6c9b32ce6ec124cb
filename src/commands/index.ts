// All commands of the client core: `AppCommand` (union) and `AppCommandSchema` (zod), the root
// `decide`, and the bus (`createStore`).
//
// Naming: commands are imperative. What the user asks: AddItem, ChangeQuantity, SelectCity, ...
// What the outside world answered, sent by effects: Apply* (a successful answer: ApplyCatalog,
// ApplyPromoResult), Report* (a failure: ReportPromoFailure, ReportApiRefusal), Record* / Confirm* /
// Complete* (a server-side action finished: RecordAddressCreated, ConfirmCodeSent, CompleteSignIn),
// Start* (a request is about to go out: StartCatalogLoad, StartPromoCalculation), Check* (a timer
// fired: CheckVersions, CheckPageAge). Per area: src/commands/<area>.ts holds the zod schemas and the
// types; src/commands/<area>.decide.ts holds decide<Area>(command, state, meta) and its helpers, and
// imports only types from the schemas so that the first load carries none (issue 4).
import { z } from 'zod/mini';
import { AddressCommandSchema, type AddressCommand } from './address';
import { AuthCommandSchema, type AuthCommand } from './auth';
import { CartCommandSchema, type CartCommand } from './cart';
import { CatalogCommandSchema, type CatalogCommand } from './catalog';
import { CheckoutCommandSchema, type CheckoutCommand } from './checkout';
import { CityCommandSchema, type CityCommand } from './city';
import { ModalCommandSchema, type ModalCommand } from './modal';
import { PageCommandSchema, type PageCommand } from './page';
import { SettingCommandSchema, type SettingCommand } from './setting';
import { UserCommandSchema, type UserCommand } from './user';
import { ViewCommandSchema, type ViewCommand } from './view';

export type AppCommand =
  | AddressCommand
  | AuthCommand
  | CartCommand
  | CatalogCommand
  | CheckoutCommand
  | CityCommand
  | ModalCommand
  | PageCommand
  | SettingCommand
  | UserCommand
  | ViewCommand;
export type AppCommandType = AppCommand['type'];
export type CommandOf<T extends AppCommandType> = Extract<AppCommand, { type: T }>;

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

export type { CheckoutCommand } from './checkout';
export type { AddressCommand, AuthCommand, CartCommand, CatalogCommand, CityCommand, ModalCommand, PageCommand, SettingCommand, UserCommand, ViewCommand };
export type { Meta } from './types';
export { idSource } from './types';
export { decide } from './decide';
export { createStore, type LogEntry, type Store, type StoreDeps, type StoreOptions } from './bus';
