import { mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { registerPool } from './prepared.ts';
import type { DB } from './schema.ts';

// Identical value parsing in both modes: counts and bigint ids as numbers (they stay far below 2^53 here),
// calendar dates as 'YYYY-MM-DD' text so no time zone can shift them.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

export type Db = Kysely<DB>;

/**
 * Connections to PostgreSQL when DATABASE_POOL_SIZE does not say: twice the cores, plus one (the usual rule for a
 * server on the same machine). More connections than the cores can serve do not answer more requests; they run
 * more statements side by side, each slower, and every answer waits longer (at 10 connections on 2 cores the
 * catalogue list's p95 was 39 ms, at 5 it was 31 ms, with the same throughput).
 */
export function defaultPoolSize(): number {
  return 2 * availableParallelism() + 1;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The pg pool behind Kysely (bench and jobs reuse it). */
  pool: pg.Pool;
  /**
   * PostgreSQL: two connections of their own for the statement every request runs first, who is calling
   * (platform/auth/principal.ts). It never waits behind an export holding the main pool, and keeps the one
   * plan made for all callers, where the main pool plans each statement for its values (createPool).
   */
  principalPool?: pg.Pool;
  /** Present in embedded mode. */
  pglite?: PGlite;
  ping(): Promise<{ ok: boolean; latencyMs: number; version?: string; error?: string }>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL URL; absent → PGlite. 'memory://' → in-memory PGlite. */
  url: string | undefined;
  /** Where PGlite keeps its files (embedded mode). */
  dataDir: string;
  /** PostgreSQL connections (defaultPoolSize()); the embedded database has one. */
  poolSize?: number | undefined;
  /** Load a PGlite data dir snapshot instead of starting empty (tests clone a migrated template). */
  loadDataDir?: Blob;
}

async function openPglite(options: DatabaseOptions): Promise<{ pool: pg.Pool; pglite: PGlite }> {
  const [{ PGlite }, { unaccent }, { pg_trgm }, { createPgConfig }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/unaccent'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/node-postgres'),
  ]);
  const inMemory = options.url?.startsWith('memory://') ?? false;
  let dir: string | undefined;
  if (!inMemory) {
    dir = path.join(options.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
  }
  const pglite = await PGlite.create({
    ...(dir ? { dataDir: dir } : {}),
    extensions: { unaccent, pg_trgm },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const pool = new pg.Pool(createPgConfig(pglite) as unknown as pg.PoolConfig);
  return { pool, pglite };
}

/**
 * A pool of connections to a PostgreSQL server, set up as the app uses them. `plans: 'each'` (the main pool):
 * named statements (db/prepared.ts) are planned for each call's own values, never once for all of them, since a
 * plan made for no value in particular could read a million rows where the values at hand need twenty (a list
 * filtered on a rare value, walking its sort index). `plans: 'shared'`: PostgreSQL's default, a named statement
 * whose best plan does not depend on its values (one user by id) is planned once.
 */
export function createPool(url: string, size = defaultPoolSize(), plans: 'each' | 'shared' = 'each'): pg.Pool {
  // Set at connection start-up, with any options the URL carries (pg would let the URL's replace ours).
  const address = new URL(url);
  const options = [
    address.searchParams.get('options'),
    plans === 'each' ? '-c plan_cache_mode=force_custom_plan' : null,
  ].filter(Boolean);
  address.searchParams.delete('options');
  const pool = new pg.Pool({
    connectionString: address.toString(),
    max: size,
    ...(options.length ? { options: options.join(' ') } : {}),
  });
  // A broken idle connection must not crash the process; the next query reports it.
  pool.on('error', () => {});
  return pool;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const url = options.url && !options.url.startsWith('memory://') ? options.url : undefined;
  const embedded = url === undefined;
  let pool: pg.Pool;
  let pglite: PGlite | undefined;
  let principalPool: pg.Pool | undefined;
  if (url === undefined) {
    ({ pool, pglite } = await openPglite(options));
    pool.on('error', () => {});
  } else {
    pool = createPool(url, options.poolSize);
    principalPool = createPool(url, 2, 'shared');
  }
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  if (!embedded) registerPool(db, pool);
  let closed = false;
  return {
    db,
    kind: embedded ? 'pglite' : 'postgres',
    pool,
    ...(pglite ? { pglite } : {}),
    ...(principalPool ? { principalPool } : {}),
    async ping() {
      const start = performance.now();
      try {
        const r = await sql<{ v: string }>`select current_setting('server_version') as v`.execute(db);
        return { ok: true, latencyMs: performance.now() - start, version: r.rows[0]?.v ?? '' };
      } catch (err) {
        return { ok: false, latencyMs: performance.now() - start, error: (err as Error).message };
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
      await principalPool?.end();
      if (pglite) await pglite.close();
    },
  };
}
