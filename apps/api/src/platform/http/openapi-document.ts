import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';

/**
 * The OpenAPI document the API serves at /api/docs/json, without a database or a port: the document comes from
 * the routes' zod schemas alone, so the app is built on a database that never connects (any statement would
 * fail, and none runs while routes register). The default configuration is used, so the document does not
 * depend on the environment (e.g. the test clock's routes stay out).
 */
export async function openApiDocument(): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-openapi-'));
  const db = new Kysely<DB>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  // pg connects on the first query only; none is made.
  const pool = new pg.Pool({ max: 1 });
  const database: Database = {
    db,
    kind: 'pglite',
    pool,
    ping: async () => ({ ok: false, latencyMs: 0 }),
    close: async () => {},
  };
  try {
    const config = loadConfig(
      {},
      {
        dataDir,
        databaseUrl: 'memory://',
        demoData: false,
        testClock: false,
        jwtSecret: 'openapi-document',
        webDist: path.join(dataDir, 'no-web'),
      },
    );
    const app = await buildApp({ config, database, logger: false });
    try {
      await app.ready();
      return app.swagger() as unknown as Record<string, unknown>;
    } finally {
      await app.close();
    }
  } finally {
    await pool.end();
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
