// The root decider with every area's decider built in: what tests, tools and replays use. The
// browser's first load builds its own, with the on-demand areas' deciders left to the chunks
// that dispatch their commands (./onDemand.ts).
import { decideAddress } from './address.decide';
import { decideCheckout } from './checkout.decide';
import { createDecide } from './decideAreas';
import { decidePage } from './page.decide';
import { decideSignIn } from './signIn.decide';
import { decideUser } from './user.decide';

export type { AreaDecide, Decide, OnDemandArea, OnDemandDeciders } from './decideAreas';
export {
  isAddressCommand,
  isAuthCommand,
  isCartCommand,
  isCatalogCommand,
  isCheckoutCommand,
  isCityCommand,
  isModalCommand,
  isPageCommand,
  isSessionCommand,
  isSettingCommand,
  isSignInCommand,
  isUserCommand,
  isViewCommand,
} from './decideAreas';

/** Pure: the events a command leads to in this state. A business "no" is an event; [] means nothing to do. */
export const decide = createDecide({
  checkout: decideCheckout,
  signIn: decideSignIn,
  user: decideUser,
  address: decideAddress,
  page: decidePage,
});
