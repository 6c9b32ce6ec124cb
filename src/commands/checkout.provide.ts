// Imported for its effect by every chunk that dispatches checkout commands (see ./onDemand).
import { decideCheckout } from './checkout.decide';
import { provideDecider } from './onDemand';

provideDecider('checkout', decideCheckout);
