// Starts `node --import tsx server/main.ts` as a real child process (what `npm start` runs), for
// the restart and multi-process suites. A tiny fake client build is used so no vite build runs.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

export interface ServerProcess {
  port: number;
  url: string;
  child: ChildProcess;
  /** Everything printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code (or signal) once the process is gone. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM (or the given signal), then waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export function fakeClientDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-client-'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="ru"><body><div id="root"></div></body></html>',
  );
  return dir;
}

/**
 * A throwaway DATA_DIR (named after `prefix`) and a fake client build for the suite's processes,
 * both removed after the suite's tests.
 */
export function throwawayDirs(prefix: string): { dataDir: string; clientDir: string } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `storefront-${prefix}-`));
  const clientDir = fakeClientDir();
  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(clientDir, { recursive: true, force: true });
  });
  return { dataDir, clientDir };
}

/** Spawns the server; resolves when it prints its URL, rejects if it exits first. */
export function spawnServer(
  env: Record<string, string>,
  options: { waitForListening?: boolean; timeoutMs?: number; args?: string[] } = {},
): Promise<ServerProcess> {
  const port = Number(env.PORT);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', ...(options.args ?? [])], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    // SHUTDOWN_GRACE_S=0: no load balancer to drain for, unless a test sets one
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'info', NODE_ENV: 'test', SHUTDOWN_GRACE_S: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const proc: ServerProcess = {
    port,
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  if (options.waitForListening === false) return Promise.resolve(proc);
  const timeoutMs = options.timeoutMs ?? 90_000;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const check = setInterval(() => {
      if (output.includes(`Storefront: http://localhost:${port}`)) {
        clearInterval(check);
        clearTimeout(timer);
        resolve(proc);
      }
    }, 50);
    void exited.then(({ code, signal }) => {
      clearInterval(check);
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? signal}) before listening:\n${output}`));
    });
  });
}

/** Signs in through the OTP flow; `readCode` finds the 6-digit code the server sent to `phone`. */
export async function signIn(
  baseUrl: string,
  phone: string,
  readCode: () => Promise<string | null>,
): Promise<{ token: string; userId: string }> {
  const post = async (path: string, body: unknown) => {
    const res = await fetch(baseUrl + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as Record<string, unknown>;
    if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  await post('/api/v1/auth/code', { phone });
  let code: string | null = null;
  for (let i = 0; i < 100 && code === null; i++) {
    code = await readCode();
    if (code === null) await new Promise((r) => setTimeout(r, 50));
  }
  if (code === null) throw new Error('no sign-in code arrived');
  const answer = await post('/api/v1/auth/token', { phone, code, name: 'Проверка', personalData: true });
  const user = answer.user as { id?: unknown } | undefined;
  if (typeof answer.token !== 'string' || typeof user?.id !== 'string') throw new Error('unexpected sign-in answer');
  return { token: answer.token, userId: user.id };
}

/** The last sign-in code in `text` (an SMS text or the server log: 'Код для входа: 123456'). */
export function lastCode(text: string): string | null {
  const codes = [...text.matchAll(/Код для входа: (\d{6})/g)];
  return codes.at(-1)?.[1] ?? null;
}

/** POST /api/v1/order over HTTP to a server process (at `baseUrl`) as the customer of `token`. */
export function postOrderTo(baseUrl: string, token: string, idempotencyKey: string, body: object): Promise<Response> {
  return fetch(`${baseUrl}/api/v1/order`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'idempotency-key': idempotencyKey,
    },
    body: JSON.stringify(body),
  });
}
