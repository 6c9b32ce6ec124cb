// The embedded database survives a hard kill, and one DATA_DIR has one process (server/db/lock.ts).
// Runs the real server process (`node --import tsx server/main.ts`) on PGlite in a temp DATA_DIR.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeClientDir, freePort, lastCode, signIn, spawnServer, type ServerProcess } from './serverProcess.js';
import { connect } from './wsClient.js';

describe('restart on the embedded database (PGlite in DATA_DIR)', () => {
  let dataDir: string;
  let clientDir: string;
  let first: ServerProcess | undefined;
  let second: ServerProcess | undefined;
  const phone = '+79995550033';
  let session: { token: string; userId: string };

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-restart-'));
    clientDir = fakeClientDir();
    // not in the environment of the parent run: this suite is about PGlite
    first = await spawnServer({
      DATA_DIR: dataDir,
      CLIENT_DIR: clientDir,
      PORT: String(await freePort()),
      DATABASE_URL: '',
    });
  }, 120_000);

  afterAll(async () => {
    await first?.stop('SIGKILL');
    await second?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it('writes through the API: an account created by the sign-in flow', async () => {
    const server = first;
    if (!server) throw new Error('not started');
    // the outbox SMS provider logs the code: 'Код для входа: NNNNNN'
    session = await signIn(server.url, phone, async () => lastCode(server.output()));
    const patch = await fetch(`${server.url}/api/v1/user/${encodeURIComponent(phone)}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Пережил kill -9' }),
    });
    expect(patch.status).toBe(200);
  });

  it("the log never holds a customer's token: a WebSocket opened with ?token= (a browser's only way) is logged with it hidden", async () => {
    const server = first;
    if (!server) throw new Error('not started');
    const socket = connect(`${server.url.replace(/^http/, 'ws')}/api/v1/ws?token=${encodeURIComponent(session.token)}`);
    expect(await socket.next((m) => m['type'] === 'hello')).toMatchObject({ signedIn: true });
    socket.close();
    await fetch(`${server.url}/api/v1/storage/version?token=${encodeURIComponent(session.token)}`);
    await expect.poll(() => server.output().match(/token=\[redacted\]/g)?.length ?? 0).toBeGreaterThanOrEqual(2);
    expect(server.output()).not.toContain(session.token);
  });

  it('a second process on the same DATA_DIR refuses to start with the Russian lock message', async () => {
    const other = await spawnServer(
      { DATA_DIR: dataDir, CLIENT_DIR: clientDir, PORT: String(await freePort()), DATABASE_URL: '' },
      { waitForListening: false },
    );
    const { code } = await other.exited;
    expect(code).toBe(1);
    expect(other.output()).toContain(`Каталог данных ${dataDir} уже используется процессом ${first?.child.pid}`);
    expect(other.output()).toContain('укажите другой DATA_DIR');
    // and the first process is unharmed
    expect((await fetch(`${first?.url}/api/v1/storage/version`)).status).toBe(200);
  });

  it('after kill -9 the server starts again on the same DATA_DIR and the data is there', async () => {
    const killed = await first?.stop('SIGKILL');
    expect(killed?.signal).toBe('SIGKILL');
    expect(fs.existsSync(path.join(dataDir, 'storefront.lock'))).toBe(true); // left behind by the dead process
    second = await spawnServer({
      DATA_DIR: dataDir,
      CLIENT_DIR: clientDir,
      PORT: String(await freePort()),
      DATABASE_URL: '',
    });
    expect(second.output()).not.toContain('seeded the demo chain');
    const res = await fetch(`${second.url}/api/v1/user/${encodeURIComponent(phone)}`, {
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: session.userId, name: 'Пережил kill -9' });
  }, 120_000);

  it('SIGTERM closes cleanly and releases DATA_DIR', async () => {
    const stopped = await second?.stop('SIGTERM');
    expect(stopped?.code).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'storefront.lock'))).toBe(false);
  });
});
