// The embedded POS: our own database is the menu, the stop lists and the restaurants, edited in
// /admin, and orders are taken by operators on the live orders screen. Nothing to import or send.
import { PosError, type PosAdapter } from './port.js';

export function createEmbeddedPos(): PosAdapter {
  const nothingToSend = (): never => {
    throw new PosError('refused', 'Заказы не передаются: кассовая система не подключена');
  };
  return {
    kind: 'embedded',
    organizationIds: [],
    terminalGroups: async () => [],
    aliveStatus: async () => [],
    menu: async (organizationId, startRevision) => ({
      organizationId,
      revision: startRevision,
      changed: false,
      groups: [],
      products: [],
    }),
    stopLists: async () => [],
    createOrder: async () => nothingToSend(),
    commandStatus: async () => nothingToSend(),
    ordersById: async () => [],
  };
}
