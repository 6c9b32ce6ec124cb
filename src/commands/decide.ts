// The root decider with every area's decider built in: what tests, tools and replays use. The
// browser's first load builds its own without the checkout decider (./checkoutSlot.ts).
import { decideCheckout } from './checkout.decide';
import { createDecide } from './decideAreas';

export type { CheckoutDecide, Decide } from './decideAreas';
export {
  isAddressCommand,
  isAuthCommand,
  isCartCommand,
  isCatalogCommand,
  isCheckoutCommand,
  isCityCommand,
  isModalCommand,
  isSettingCommand,
  isUserCommand,
  isViewCommand,
} from './decideAreas';

/** Pure: the events a command leads to in this state. A business "no" is an event; [] means nothing to do. */
export const decide = createDecide(decideCheckout);
