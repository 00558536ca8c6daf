import { availableParallelism } from 'node:os';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { startEmbedded, type EmbeddedServer } from './embedded.ts';
import { registerPool } from './prepared.ts';
import { openReplica, REPLICA_POOL_SIZE } from './replica.ts';
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
  /** Read-only public look-ups on the replica (DATABASE_REPLICA_URL), when there is one; else they read `db`. */
  readDb?: Db;
  /** The replica's pool, when there is one (metrics). */
  replicaPool?: pg.Pool;
  /** Embedded mode: the database's own thread (snapshots for tests). */
  embedded?: Pick<EmbeddedServer, 'dumpDataDir'>;
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
  /** A PostgreSQL read replica for public look-ups (db/replica.ts); ignored on the embedded database. */
  replicaUrl?: string | undefined;
}

/**
 * The embedded database runs in a thread of its own (db/embedded.ts) and is reached over the PostgreSQL protocol,
 * so a long statement never stops the API's thread. One connection: PGlite has one session, so a second
 * connection would share (and could interleave with) the first one's transaction; pg's pool queues callers
 * behind the one connection instead, each transaction whole.
 */
async function openPglite(options: DatabaseOptions): Promise<{ pool: pg.Pool; embedded: EmbeddedServer }> {
  const embedded = await startEmbedded({
    dataDir: options.dataDir,
    inMemory: options.url?.startsWith('memory://') ?? false,
    snapshot: options.loadDataDir,
  });
  const pool = new pg.Pool({
    ...embedded.connection,
    max: 1,
    // The session outlives a connection (PGlite has only one), so the connection is kept rather than
    // reopened every few seconds, and a new one starts by forgetting the named statements of the last.
    idleTimeoutMillis: 0,
    onConnect: async (client) => {
      await client.query('deallocate all');
    },
  });
  return { pool, embedded };
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
  // Nor a broken connection that is checked out for long (the hub adapter's LISTEN, when the server goes away or
  // a test drops its database): its holder sees the failure on its next use.
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const url = options.url && !options.url.startsWith('memory://') ? options.url : undefined;
  let pool: pg.Pool;
  let embedded: EmbeddedServer | undefined;
  let principalPool: pg.Pool | undefined;
  if (url === undefined) {
    ({ pool, embedded } = await openPglite(options));
    pool.on('error', () => {});
  } else {
    pool = createPool(url, options.poolSize);
    principalPool = createPool(url, 2, 'shared');
  }
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  registerPool(db, pool);
  const thread = embedded;
  const replica =
    url !== undefined && options.replicaUrl
      ? openReplica(createPool(options.replicaUrl, REPLICA_POOL_SIZE))
      : undefined;
  let closed = false;
  return {
    db,
    kind: thread ? 'pglite' : 'postgres',
    pool,
    ...(replica ? { readDb: replica.db, replicaPool: replica.pool } : {}),
    ...(thread ? { embedded: { dumpDataDir: () => thread.dumpDataDir() } } : {}),
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
      await replica?.close();
      await thread?.close();
    },
  };
}
