// Chooses the POS adapter from the configuration: iikoCloud when IIKO_API_LOGIN and
// IIKO_ORGANIZATION_ID are set, else the embedded one (our database, as before).
import type { Config } from '../../config.js';
import { createEmbeddedPos } from './embedded.js';
import { createIikoPos } from './iiko/adapter.js';
import type { PosAdapter } from './port.js';

export function posFromConfig(config: Config, now: () => Date): PosAdapter {
  const iiko = config.iiko;
  if (iiko === null) return createEmbeddedPos();
  return createIikoPos({
    apiUrl: iiko.apiUrl,
    apiLogin: iiko.apiLogin,
    organizationIds: iiko.organizationIds,
    now,
    timeoutMs: iiko.timeoutMs,
  });
}
