// The web counters' chunk loader, the one LAZY_AREAS.analytics (./lazyAreas) declares: a module of
// its own so the footer's «Настройки cookie» can load it without importing the registry (which
// reaches the admin app, and through its storefront preview the footer again).
import { withDeciders } from '../../commands/onDemand';

export const loadAnalyticsArea = withDeciders(() => import('./analyticsArea'));
