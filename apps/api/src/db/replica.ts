import { Kysely, PostgresDialect } from 'kysely';
import type pg from 'pg';
import { registerPool } from './prepared.ts';
import type { DB } from './schema.ts';

/**
 * A PostgreSQL read replica (DATABASE_REPLICA_URL) for the reads that may be a moment behind the primary and are
 * worth moving off it: public look-ups (anyone may call them, so a crowd or a scraper drives them). Nothing a
 * request writes and then reads back goes here: a replica lags by design.
 */
export interface Replica {
  db: Kysely<DB>;
  pool: pg.Pool;
  close(): Promise<void>;
}

/** Connections the replica gets: a handful of light, indexed reads need few. */
export const REPLICA_POOL_SIZE = 4;

/** Kysely over the replica's pool (made by db/database.ts's createPool, so it is set up as the primary's). */
export function openReplica(pool: pg.Pool): Replica {
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  registerPool(db, pool);
  return { db, pool, close: () => db.destroy() };
}
