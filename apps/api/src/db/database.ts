import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import type { DB } from './schema.ts';

// Identical value parsing in both modes: counts and bigint ids as numbers (they stay far below 2^53 here),
// calendar dates as 'YYYY-MM-DD' text so no time zone can shift them.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

export type Db = Kysely<DB>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The pg pool behind Kysely (bench and jobs reuse it). */
  pool: pg.Pool;
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
  poolSize?: number;
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

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const embedded = !options.url || options.url.startsWith('memory://');
  let pool: pg.Pool;
  let pglite: PGlite | undefined;
  if (embedded) {
    ({ pool, pglite } = await openPglite(options));
  } else {
    pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
  }
  // A broken idle connection must not crash the process; the next query reports it.
  pool.on('error', () => {});
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  let closed = false;
  return {
    db,
    kind: embedded ? 'pglite' : 'postgres',
    pool,
    ...(pglite ? { pglite } : {}),
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
      if (pglite) await pglite.close();
    },
  };
}
