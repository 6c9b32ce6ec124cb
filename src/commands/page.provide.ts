// Imported for its effect by every chunk that dispatches page commands (see ./onDemand).
import { provideDecider } from './onDemand';
import { decidePage } from './page.decide';

provideDecider('page', decidePage);
