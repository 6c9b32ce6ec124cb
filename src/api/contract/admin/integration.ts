// Admin contract of the POS integration page (docs/IIKO.md «In /admin»): the adapter, the menu
// revision, the stop-list refresh, the hand-off queue, failed hand-offs with a retry, terminal
// groups with their liveness and mapping, and recent errors in Russian.
import { z } from 'zod/mini';
import { Id } from '../../entities.js';
import { AdminIdParams, defineAdminRoute } from './common.js';

const At = z.nullable(z.string());
/** The answer of an action that has nothing else to say. */
const Done = z.object({ ok: z.boolean() });

export const IntegrationTerminal = z.object({
  id: z.string(),
  organizationId: z.string(),
  name: z.string(),
  address: z.string(),
  isAlive: z.nullable(z.boolean()),
  checkedAt: At,
  deliveryTerminalId: z.nullable(z.string()),
  restaurantName: z.nullable(z.string()),
});

export const IntegrationHandoff = z.object({
  orderId: z.string(),
  number: z.number(),
  state: z.enum(['pending', 'waiting', 'sent', 'failed']),
  attempts: z.number(),
  lastError: z.nullable(z.string()),
  createdAt: z.string(),
});
export type IntegrationHandoff = z.infer<typeof IntegrationHandoff>;

export const IntegrationOverview = z.object({
  adapter: z.enum(['embedded', 'iiko']),
  organizationIds: z.array(z.string()),
  webhook: z.boolean(),
  menu: z.array(z.object({ organizationId: z.string(), revision: z.number(), importedAt: At, checkedAt: At })),
  stopListsRefreshedAt: At,
  queueLength: z.number(),
  failed: z.array(IntegrationHandoff),
  delayed: z.array(IntegrationHandoff),
  terminals: z.array(IntegrationTerminal),
  restaurants: z.array(z.object({ deliveryTerminalId: z.string(), name: z.string() })),
  errors: z.array(z.object({ at: z.string(), area: z.string(), message: z.string() })),
});
export type IntegrationOverview = z.infer<typeof IntegrationOverview>;

export const adminIntegration = defineAdminRoute('operator', 'GET /admin/integration', {
  summary: 'The POS integration at a glance (adapter, menu revision, stop lists, hand-off queue, terminals, errors)',
  response: IntegrationOverview,
});

export const adminRetryHandoff = defineAdminRoute('operator', 'POST /admin/integration/handoffs/:orderId/retry', {
  summary: 'Sends a failed order to the POS again (looked up there first, so never twice)',
  params: z.object({ orderId: Id }),
  response: Done,
});

export const adminMapTerminal = defineAdminRoute('admin', 'PUT /admin/integration/terminals/:id', {
  summary: 'Maps a POS terminal group to one of our restaurants (null: none)',
  params: AdminIdParams,
  body: z.object({ deliveryTerminalId: z.nullable(Id) }),
  response: Done,
});

export const adminSyncNow = defineAdminRoute('operator', 'POST /admin/integration/sync', {
  summary: 'Reads terminal groups, the menu (if its revision moved) and stop lists from the POS now',
  response: Done,
});
