// A database of its own on the PostgreSQL server of a base URL (TEST_DATABASE_URL): created empty,
// dropped with its connections when the test is done. Every PostgreSQL test starts from one.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface FreshPostgres {
  /** `<prefix>_<random>`, the database's name. */
  name: string;
  /** The database's URL: the base URL with its name as the path. */
  url: string;
  /** Drops the database, closing whatever is still connected to it. */
  drop(): Promise<void>;
}

/** Runs one statement on the server's default database through a short-lived connection. */
async function onServer(baseUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export async function freshPostgres(baseUrl: string, prefix = 'storefront_test'): Promise<FreshPostgres> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await onServer(baseUrl, `create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => onServer(baseUrl, `drop database if exists ${name} with (force)`),
  };
}
