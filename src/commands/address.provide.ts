// Imported for its effect by every chunk that dispatches address commands (see ./onDemand).
import { decideAddress } from './address.decide';
import { provideDecider } from './onDemand';

provideDecider('address', decideAddress);
