// A test server handing orders to the fake iiko: the iiko adapter on a fresh fake whose tokens
// expire on the server's simulated clock, hand-off on, the terminal groups mapped onto the demo
// restaurants, one customer signed in. The hand-off tests start from it.
import { createIikoPos, type IikoPos } from '../../../server/integrations/pos/iiko/adapter.js';
import { setHandoff } from '../../../server/services/pos/runner.js';
import { refreshTerminals } from '../../../server/services/pos/terminals.js';
import { startFakeIiko, type FakeIiko } from '../../fakes/iiko/server.js';
import { createTestServer, type TestServer } from '../helpers.js';
import { signedInUser } from '../ordersFixtures.js';

/** The iiko adapter pointed at the fake's organization, on the given clock. */
export function iikoPosOnFake(fake: FakeIiko, now: () => Date, timeoutMs: number): IikoPos {
  return createIikoPos({
    apiUrl: fake.url,
    apiLogin: fake.apiLogin,
    organizationIds: [fake.organizationId],
    now,
    timeoutMs,
  });
}

export async function startIikoHandoffServer(): Promise<{ server: TestServer; fake: FakeIiko; token: string }> {
  const server = await createTestServer();
  const fake = await startFakeIiko({ now: () => server.clock.now().getTime() });
  // The deadline only matters for the hanging fault: at 500 ms, a busy machine's slow answers timed out too.
  server.ctx.pos = iikoPosOnFake(fake, () => server.clock.now(), 2_000);
  await setHandoff(server.ctx, true);
  await refreshTerminals(server.ctx);
  const { token } = await signedInUser(server.db, { now: server.clock.now() });
  return { server, fake, token };
}
