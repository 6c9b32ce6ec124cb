// Imported for its effect by every chunk that dispatches checkout commands (see ./checkoutSlot).
import { decideCheckout } from './checkout.decide';
import { provideCheckoutDecider } from './checkoutSlot';

provideCheckoutDecider(decideCheckout);
