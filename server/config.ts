// Server configuration from the environment. Every knob has a default that works offline on
// a fresh machine; secrets are read here and never logged (see `redactedConfig`).
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  /** PGlite data directory, used when no DATABASE_URL is set. */
  dataDir: string;
  /** A PostgreSQL server; when set, PGlite is not used. */
  databaseUrl: string | null;
  /** Where built client files live (vite build output). */
  clientDir: string;
  /** Resized images cache. */
  imageCacheDir: string;
  sms: { provider: 'outbox' } | { provider: 'http'; url: string; login: string; password: string; sender: string };
  /** Base URL customers reach the storefront at (payment return URLs, links in SMS). */
  publicUrl: string;
  isProduction: boolean;
  /**
   * CONTENT_VERSION_MAX_AGE_MS (default 1000): how long a process trusts its last read of the
   * catalogue version before reading it again; 0 reads on every request (the tests' setting).
   */
  contentVersionMaxAgeMs: number;
}

function intFrom(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

function nonNegativeIntFrom(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 ? n : fallback;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const root = process.cwd();
  const dataDir = path.resolve(root, env.DATA_DIR ?? 'data');
  const port = intFrom(env.PORT, 3333);
  const host = env.HOST ?? '0.0.0.0';
  const smsUrl = env.SMS_HTTP_URL;
  return {
    port,
    host,
    dataDir,
    databaseUrl: env.DATABASE_URL && env.DATABASE_URL.length > 0 ? env.DATABASE_URL : null,
    clientDir: path.resolve(root, env.CLIENT_DIR ?? 'dist/client'),
    imageCacheDir: path.resolve(dataDir, 'img-cache'),
    sms: smsUrl
      ? {
          provider: 'http',
          url: smsUrl,
          login: env.SMS_LOGIN ?? '',
          password: env.SMS_PASSWORD ?? '',
          sender: env.SMS_SENDER ?? '',
        }
      : { provider: 'outbox' },
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    isProduction: env.NODE_ENV === 'production',
    contentVersionMaxAgeMs: nonNegativeIntFrom(env.CONTENT_VERSION_MAX_AGE_MS, 1000),
  };
}

/** The configuration as it may be printed: passwords and database credentials removed. */
export function redactedConfig(config: Config): Record<string, unknown> {
  return {
    port: config.port,
    host: config.host,
    database: config.databaseUrl ? config.databaseUrl.replace(/\/\/[^@/]*@/, '//***@') : `PGlite in ${config.dataDir}`,
    sms: config.sms.provider,
    publicUrl: config.publicUrl,
  };
}
