// All commands of the client core: `AppCommand` (union, in ./appCommand) and `AppCommandSchema` (zod), the root
// `decide`, and the bus (`createStore`).
//
// Naming: commands are imperative. What the user asks: AddItem, ChangeQuantity, SelectCity, ...
// What the outside world answered, sent by effects: Apply* (a successful answer: ApplyCatalog,
// ApplyPromoResult), Report* (a failure: ReportPromoFailure, ReportApiRefusal), Record* / Confirm* /
// Complete* (a server-side action finished: RecordAddressCreated, ConfirmCodeSent, CompleteSignIn),
// Start* (a request is about to go out: StartCatalogLoad, StartPromoCalculation), Check* (a timer
// fired: CheckVersions, CheckPageAge). Per area: src/commands/<area>.ts holds the zod schemas and the
// types; src/commands/<area>.decide.ts holds decide<Area>(command, state, meta) and its helpers, and
// imports only types from the schemas so that the first load carries none.
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

export type {
  AppCommand,
  AppCommandType,
  CommandOf,
  AddressCommand,
  AuthCommand,
  CartCommand,
  CatalogCommand,
  CheckoutCommand,
  CityCommand,
  ModalCommand,
  PageCommand,
  SettingCommand,
  UserCommand,
  ViewCommand,
} from './appCommand';
export type { Meta } from './types';
export { idSource } from './types';
export { decide } from './decide';
export { createStore, type LogEntry, type Store, type StoreDeps, type StoreOptions } from './bus';
