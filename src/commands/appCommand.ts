// The union of every command (`AppCommand`), in a module of its own so that the bus and the
// deciders can name it without importing src/commands/index.ts, which re-exports them.
import type { AddressCommand } from './address';
import type { AuthCommand } from './auth';
import type { CartCommand } from './cart';
import type { CatalogCommand } from './catalog';
import type { CheckoutCommand } from './checkout';
import type { CityCommand } from './city';
import type { ModalCommand } from './modal';
import type { PageCommand } from './page';
import type { SettingCommand } from './setting';
import type { UserCommand } from './user';
import type { ViewCommand } from './view';

export type {
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
};

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
