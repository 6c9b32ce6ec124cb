// The root decider's router: routes a command to its area's decide by type. It and the area
// deciders import only types from the schema modules (<area>.ts): the page's first load runs them
// without any schema. The deciders of the areas whose commands only lazily loaded chunks dispatch
// (checkout, the sign-in flow, user, address, the informational pages) are parameters: tests and
// tools pass them in (./decide.ts), the browser's first load leaves them to those chunks
// (./onDemand.ts).
import type { AppEvent } from '../events';
import type { AppState } from '../projections/store';
import type { AddressCommand } from './address';
import type { AuthCommand, SessionCommand, SignInCommand } from './auth';
import { decideSession } from './auth.decide';
import type { CartCommand } from './cart';
import { decideCart } from './cart.decide';
import type { CatalogCommand } from './catalog';
import { decideCatalog } from './catalog.decide';
import type { CheckoutCommand } from './checkout';
import type { CityCommand } from './city';
import { decideCity } from './city.decide';
import type { AppCommand } from './appCommand';
import type { ModalCommand } from './modal';
import { decideModal } from './modal.decide';
import type { PageCommand } from './page';
import type { SettingCommand } from './setting';
import { decideSetting } from './setting.decide';
import type { Meta } from './types';
import type { UserCommand } from './user';
import type { ViewCommand } from './view';
import { decideView } from './view.decide';

// One record per area: TS insists every command type of the area is listed, and nothing else.
const addressTypes: Record<AddressCommand['type'], true> = {
  ApplyAddresses: true,
  SelectAddress: true,
  CreateAddress: true,
  RecordAddressCreated: true,
  DeleteAddress: true,
  RecordAddressDeleted: true,
};
const signInTypes: Record<SignInCommand['type'], true> = {
  RequestCode: true,
  ConfirmCodeSent: true,
  SubmitCode: true,
  CompleteSignIn: true,
  ReportSignInFailure: true,
  ReportCaptchaRequired: true,
  CancelSignIn: true,
};
const sessionTypes: Record<SessionCommand['type'], true> = { Logout: true, ExpireSession: true };
const cartTypes: Record<CartCommand['type'], true> = {
  AddItem: true,
  AddHalfPizza: true,
  ChangeQuantity: true,
  RemoveItem: true,
  ClearHighlight: true,
  ChangeDeliveryMethod: true,
  SelectRestaurant: true,
  ChangeDeliveryTime: true,
  ApplyCoupon: true,
  RemoveCoupon: true,
  ChangeSpendBonus: true,
  StartPromoCalculation: true,
  ApplyPromoResult: true,
  ReportPromoFailure: true,
  InitCart: true,
  ValidateCart: true,
  RepeatOrder: true,
  ClearCart: true,
};
const catalogTypes: Record<CatalogCommand['type'], true> = {
  StartCatalogLoad: true,
  ApplyCatalog: true,
  ReportCatalogFailure: true,
  SearchCatalog: true,
  FilterCatalog: true,
  ClearCatalogQuery: true,
  LikeProduct: true,
  UnlikeProduct: true,
  ApplyLikes: true,
  RejectLike: true,
  ReportLikeFailure: true,
  ReportUnlikeFailure: true,
};
const checkoutTypes: Record<CheckoutCommand['type'], true> = {
  OpenCheckout: true,
  LeaveCheckout: true,
  ApplyStreets: true,
  ChangePaymentMethod: true,
  ChangePersons: true,
  ChangeCashChange: true,
  ChangeOrderComment: true,
  ChangeConsent: true,
  ApplyConsentStatus: true,
  StartQuote: true,
  ApplyQuote: true,
  ReportQuoteFailure: true,
  CheckAddress: true,
  ApplyAddressCheck: true,
  ReportAddressCheckFailure: true,
  UseOneOffAddress: true,
  PlaceOrder: true,
  CompleteOrderPlacement: true,
  ReportOrderRefusal: true,
  ReportOrderFailure: true,
  ApplyPaymentSession: true,
  ReportPaymentStartFailure: true,
  ApplySbpPayment: true,
  RenewSbpPayment: true,
  ReportSbpPaymentFailure: true,
  LoadOrder: true,
  ApplyOrder: true,
  ReportOrderLoadFailure: true,
  ApplyOrderStatus: true,
  RecordPurchaseTracked: true,
  StopOrderTracking: true,
  ReportPushDevice: true,
  EnableOrderPush: true,
  DeclineOrderPush: true,
  ConfirmOrderPush: true,
  ReportOrderPushFailure: true,
};
const cityTypes: Record<CityCommand['type'], true> = { ApplyCities: true, StartSession: true, SelectCity: true };
const modalTypes: Record<ModalCommand['type'], true> = { OpenModal: true, CloseModal: true };
const pageTypes: Record<PageCommand['type'], true> = { LoadPage: true, ApplyPage: true, ReportPageFailure: true };
const settingTypes: Record<SettingCommand['type'], true> = {
  StartSettingsLoad: true,
  ApplySettings: true,
  ReportSettingsFailure: true,
  CheckVersions: true,
};
const userTypes: Record<UserCommand['type'], true> = {
  ApplyProfile: true,
  ApplyBalance: true,
  ApplyLastOrder: true,
  LoadOrderHistory: true,
  ApplyOrderHistory: true,
  ReportOrderHistoryFailure: true,
  StopOrderHistoryTracking: true,
  ChangeAllergens: true,
  EditProfile: true,
  DeleteAccount: true,
  ApplyRatings: true,
  RateOrder: true,
  ApplyOrderRating: true,
  ReportOrderRatingRefusal: true,
  DismissRatingPrompt: true,
};
const viewTypes: Record<ViewCommand['type'], true> = {
  DismissToast: true,
  ShowToast: true,
  ReportApiRefusal: true,
  CheckPageAge: true,
  OpenCart: true,
};

const has = (types: object, type: string) => Object.prototype.hasOwnProperty.call(types, type);
export const isAddressCommand = (c: AppCommand): c is AddressCommand => has(addressTypes, c.type);
export const isSignInCommand = (c: AppCommand): c is SignInCommand => has(signInTypes, c.type);
export const isSessionCommand = (c: AppCommand): c is SessionCommand => has(sessionTypes, c.type);
export const isAuthCommand = (c: AppCommand): c is AuthCommand => isSignInCommand(c) || isSessionCommand(c);
export const isCartCommand = (c: AppCommand): c is CartCommand => has(cartTypes, c.type);
export const isCatalogCommand = (c: AppCommand): c is CatalogCommand => has(catalogTypes, c.type);
export const isCheckoutCommand = (c: AppCommand): c is CheckoutCommand => has(checkoutTypes, c.type);
export const isCityCommand = (c: AppCommand): c is CityCommand => has(cityTypes, c.type);
export const isModalCommand = (c: AppCommand): c is ModalCommand => has(modalTypes, c.type);
export const isPageCommand = (c: AppCommand): c is PageCommand => has(pageTypes, c.type);
export const isSettingCommand = (c: AppCommand): c is SettingCommand => has(settingTypes, c.type);
export const isUserCommand = (c: AppCommand): c is UserCommand => has(userTypes, c.type);
export const isViewCommand = (c: AppCommand): c is ViewCommand => has(viewTypes, c.type);

export type Decide = (command: AppCommand, state: AppState, meta: Meta) => AppEvent[];

/** The command types of each area decided on demand, the one place that lists those areas. */
export type OnDemandCommands = {
  checkout: CheckoutCommand;
  signIn: SignInCommand;
  user: UserCommand;
  address: AddressCommand;
  page: PageCommand;
};
export type OnDemandArea = keyof OnDemandCommands;
export type AreaDecide<C> = (command: C, state: AppState, meta: Meta) => AppEvent[];
export type OnDemandDeciders = { [A in OnDemandArea]: AreaDecide<OnDemandCommands[A]> };

/**
 * The command types of each on-demand area, for the static check that every module dispatching
 * one brings its decider (tests/log/first-load-imports.test.ts). Unused by the page: tree-shaken.
 */
export const ON_DEMAND_COMMAND_TYPES: { [A in OnDemandArea]: Record<OnDemandCommands[A]['type'], true> } = {
  checkout: checkoutTypes,
  signIn: signInTypes,
  user: userTypes,
  address: addressTypes,
  page: pageTypes,
};

/**
 * The root decider over the given on-demand area deciders. Pure as long as they are: the events
 * a command leads to in this state; a business "no" is an event; [] means nothing to do.
 */
export function createDecide(onDemand: OnDemandDeciders): Decide {
  return (command, state, meta) => {
    if (isAddressCommand(command)) return onDemand.address(command, state, meta);
    if (isSignInCommand(command)) return onDemand.signIn(command, state, meta);
    if (isSessionCommand(command)) return decideSession(command, state, meta);
    if (isCartCommand(command)) return decideCart(command, state, meta);
    if (isCatalogCommand(command)) return decideCatalog(command, state, meta);
    if (isCheckoutCommand(command)) return onDemand.checkout(command, state, meta);
    if (isCityCommand(command)) return decideCity(command, state, meta);
    if (isModalCommand(command)) return decideModal(command, state, meta);
    if (isPageCommand(command)) return onDemand.page(command, state, meta);
    if (isSettingCommand(command)) return decideSetting(command, state, meta);
    if (isUserCommand(command)) return onDemand.user(command, state, meta);
    if (isViewCommand(command)) return decideView(command, state, meta);
    const unreachable: never = command;
    throw new Error(`unknown command ${JSON.stringify(unreachable)}`);
  };
}
