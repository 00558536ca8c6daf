import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type Database } from '../src/db/database.ts';
import { executePrepared, statementName } from '../src/db/prepared.ts';
import { createTestApp, type TestApp } from './support/app.ts';

/**
 * How the app holds its PostgreSQL connections: list statements named (parsed once per connection) and planned
 * for each call's values; the statement every request runs first on a small pool of its own, planned once.
 * The embedded database, reached over the same protocol, names them too.
 */

let t: TestApp;
let own: Database;
beforeAll(async () => {
  t = await createTestApp();
  // One connection, so what one call prepared is visible to the next.
  own = await openDatabase({ url: t.config.databaseUrl, dataDir: t.config.dataDir, poolSize: 1 });
});
afterAll(async () => {
  await own?.close();
  await t?.close();
});

const prepared = async (db: Database) =>
  (await sql<{ name: string }>`select name from pg_prepared_statements`.execute(db.db)).rows.map((r) => r.name);

describe('database connections', () => {
  it('runs a repeated statement by name, and as usual in a transaction', async () => {
    const query = sql<{ n: number }>`select ${41}::int + 1 as n`;
    expect((await executePrepared(own.db, query)).rows).toEqual([{ n: 42 }]);
    expect((await executePrepared(own.db, query)).rows).toEqual([{ n: 42 }]);
    const inTransaction = sql<{ n: number }>`select ${1}::int + 2 as n`;
    await own.db.transaction().execute(async (trx) => {
      expect((await executePrepared(trx, inTransaction)).rows).toEqual([{ n: 3 }]);
    });
    const names = await prepared(own);
    expect(names).toContain(statementName(query.compile(own.db).sql));
    expect(names).not.toContain(statementName(inTransaction.compile(own.db).sql));
  });

  it('plans list statements for their values, and the caller lookup once, on a pool of its own', async () => {
    const mode = async (run: (text: string) => Promise<{ rows: { plan_cache_mode: string }[] }>) =>
      (await run('show plan_cache_mode')).rows[0]?.plan_cache_mode;
    if (own.kind === 'postgres') {
      expect(await mode((text) => own.pool.query(text))).toBe('force_custom_plan');
      expect(await mode((text) => own.principalPool!.query(text))).toBe('auto');
      expect(own.principalPool!.options.max).toBe(2);
      // Options the address carries are kept beside the app's own.
      const address = new URL(t.config.databaseUrl!);
      address.searchParams.set('options', '-c statement_timeout=4321');
      const withOptions = await openDatabase({ url: address.toString(), dataDir: t.config.dataDir, poolSize: 1 });
      try {
        expect(await mode((text) => withOptions.pool.query(text))).toBe('force_custom_plan');
        const timeout = await withOptions.pool.query<{ statement_timeout: string }>('show statement_timeout');
        expect(timeout.rows[0]?.statement_timeout).toBe('4321ms');
      } finally {
        await withOptions.close();
      }
    } else {
      expect(own.principalPool).toBeUndefined();
      expect(await mode((text) => own.pool.query(text))).toBe('auto');
    }
  });
});
