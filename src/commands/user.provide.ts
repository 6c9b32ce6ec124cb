// Imported for its effect by every chunk that dispatches user commands (see ./onDemand).
import { provideDecider } from './onDemand';
import { decideUser } from './user.decide';

provideDecider('user', decideUser);
