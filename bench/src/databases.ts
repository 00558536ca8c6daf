import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { loadConfig, type AppConfig } from '../../apps/api/src/config.ts';
import { openDatabase, type Database } from '../../apps/api/src/db/database.ts';
import { migrateToLatest } from '../../apps/api/src/db/migrate.ts';
import { runSeeds } from '../../apps/api/src/seed/index.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/** Where the bench looks for PostgreSQL when BENCH_DATABASE_URL is not set. */
export const defaultServerUrl = 'postgres://postgres@127.0.0.1:5432/postgres';
/** The database the bench creates and fills on that server. */
export const benchDatabaseName = 'portal_bench';
/** PGlite files (gitignored); kept between runs so a generated province is reused. */
export const defaultDataDir = path.resolve(import.meta.dirname, '../.data');

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** True when a PostgreSQL server answers at `url` within two seconds. */
export async function postgresReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * The URL the bench works on. A URL naming the maintenance database (`postgres`, or none) means "this server":
 * the bench then uses its own database `portal_bench` there, created when missing. Any other database is used
 * as given (a server where the bench may not create databases).
 */
export async function benchPostgresUrl(url: string): Promise<string> {
  const name = new URL(url).pathname.replace(/^\//, '');
  if (name && name !== 'postgres') return url;
  const admin = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [benchDatabaseName]);
    if (found.rowCount === 0) await admin.query(`create database ${benchDatabaseName}`);
  } finally {
    await admin.end();
  }
  return withDatabase(url, benchDatabaseName);
}

export interface BenchDatabase {
  kind: DatabaseKind;
  database: Database;
  config: AppConfig;
  /** PostgreSQL URL of the bench database (absent for PGlite). */
  url?: string;
  /** Human-readable location, for the report. */
  where: string;
}

/**
 * Opens the bench database the way the API's main does: platform migrations, then reference seeds
 * (no demo data, the generator makes the province).
 */
export async function openBenchDatabase(
  kind: DatabaseKind,
  options: { url?: string; dataDir?: string; poolSize?: number; log?: (line: string) => void },
): Promise<BenchDatabase> {
  const dataDir = path.resolve(options.dataDir ?? defaultDataDir);
  const given = options.url ?? process.env.BENCH_DATABASE_URL ?? defaultServerUrl;
  // benchPostgresUrl creates portal_bench when missing, so it runs again after a reset.
  const open = async () => {
    const url = kind === 'postgres' ? await benchPostgresUrl(given) : undefined;
    const database = await openDatabase({ url, dataDir, ...(options.poolSize ? { poolSize: options.poolSize } : {}) });
    return { url, database };
  };

  let { url, database } = await open();
  try {
    await migrateToLatest(database.db);
  } catch (err) {
    await database.close();
    // The bench's own database holds only generated rows: when migrations changed under it (a branch switch,
    // a renumbered migration), start it over. A database the caller named is never dropped.
    if (!ownedByBench(kind, options)) throw err;
    options.log?.(`bench database out of step with the migrations (${(err as Error).message}): starting it over`);
    await resetBenchDatabase(kind, options);
    ({ url, database } = await open());
    try {
      await migrateToLatest(database.db);
    } catch (again) {
      await database.close();
      throw again;
    }
  }

  // A given secret keeps loadConfig from writing one into the data dir; the bench signs no tokens.
  const config = loadConfig(
    {},
    {
      dataDir,
      databaseUrl: url,
      demoData: false,
      logLevel: 'silent',
      jwtSecret: randomBytes(48).toString('base64url'),
    },
  );
  const quiet = { info() {}, warn() {}, error() {} };
  await runSeeds({ db: database.db, config, log: quiet, announce() {} });
  const where = url ? url.replace(/\/\/[^@/]*@/, '//') : path.join(dataDir, 'pglite');
  return { kind, database, config, ...(url ? { url } : {}), where };
}

/** The default PGlite directory, or the portal_bench database the bench created: safe to start over. */
function ownedByBench(kind: DatabaseKind, options: { url?: string; dataDir?: string }): boolean {
  if (kind === 'pglite') return path.resolve(options.dataDir ?? defaultDataDir) === defaultDataDir;
  const url = options.url ?? process.env.BENCH_DATABASE_URL ?? defaultServerUrl;
  const name = new URL(url).pathname.replace(/^\//, '');
  return !name || name === 'postgres';
}

/**
 * Starts the bench over from nothing: the PGlite files under the data dir (`<data dir>/pglite`), or the
 * `portal_bench` database. A PostgreSQL database given by name (not the bench's own) is never dropped.
 */
export async function resetBenchDatabase(
  kind: DatabaseKind,
  options: { url?: string; dataDir?: string },
): Promise<void> {
  if (kind === 'pglite') {
    rmSync(path.join(path.resolve(options.dataDir ?? defaultDataDir), 'pglite'), { recursive: true, force: true });
    return;
  }
  const url = options.url ?? process.env.BENCH_DATABASE_URL ?? defaultServerUrl;
  const name = new URL(url).pathname.replace(/^\//, '');
  if (name && name !== 'postgres') throw new Error(`--fresh drops only the bench's own database, not ${name}`);
  const admin = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${benchDatabaseName} with (force)`);
  } finally {
    await admin.end();
  }
}
