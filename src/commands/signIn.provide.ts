// Imported for its effect by every chunk that dispatches sign-in commands (see ./onDemand).
import { provideDecider } from './onDemand';
import { decideSignIn } from './signIn.decide';

provideDecider('signIn', decideSignIn);
