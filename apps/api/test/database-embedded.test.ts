import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type Database } from '../src/db/database.ts';
import { executePrepared, statementName } from '../src/db/prepared.ts';

/**
 * The embedded database in its own thread, reached over the PostgreSQL protocol: the API's thread stays free
 * while it works, transactions stay whole on its single session, snapshots and the close go through the thread.
 * (It runs the same in both lanes: these databases are the test's own.)
 */

const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-embedded-'));
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ url: 'memory://', dataDir: dir });
  await sql`create table probe (label text not null)`.execute(database.db);
});
afterAll(async () => {
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

const labels = async (db: Database) =>
  (await sql<{ label: string }>`select label from probe order by label`.execute(db.db)).rows.map((r) => r.label);

describe('embedded database', () => {
  it('leaves the API thread free while a long statement runs', async () => {
    const order: string[] = [];
    const long = sql`select count(*) from generate_series(1, 3000000)`
      .execute(database.db)
      .then(() => order.push('statement'));
    // A timer set after the statement was sent: on the API's thread it would wait for the statement's end.
    await new Promise((resolve) => setTimeout(resolve, 20));
    order.push('timer');
    await long;
    expect(order).toEqual(['timer', 'statement']);
  });

  it('commits and rolls back transactions', async () => {
    await database.db.transaction().execute(async (trx) => {
      await sql`insert into probe values ('kept')`.execute(trx);
    });
    await expect(
      database.db.transaction().execute(async (trx) => {
        await sql`insert into probe values ('undone')`.execute(trx);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await labels(database)).toEqual(['kept']);
    await sql`delete from probe`.execute(database.db);
  });

  it('runs two concurrent transactions one after the other, never interleaved', async () => {
    const events: string[] = [];
    const first = database.db
      .transaction()
      .execute(async (trx) => {
        events.push('first begins');
        await sql`insert into probe values ('first-1')`.execute(trx);
        // The other transaction is waiting now; on a shared session its statements would run here.
        await new Promise((resolve) => setTimeout(resolve, 100));
        await sql`insert into probe values ('first-2')`.execute(trx);
        events.push('first ends');
        throw new Error('roll back');
      })
      .catch(() => undefined);
    const second = database.db.transaction().execute(async (trx) => {
      events.push('second begins');
      const seen = await sql<{ n: number }>`select count(*)::int as n from probe`.execute(trx);
      await sql`insert into probe values ('second')`.execute(trx);
      events.push(`second saw ${seen.rows[0]?.n}`);
    });
    await Promise.all([first, second]);
    expect(events).toEqual(['first begins', 'first ends', 'second begins', 'second saw 0']);
    // The first one's rollback took none of the second's rows, and left none of its own.
    expect(await labels(database)).toEqual(['second']);
    await sql`delete from probe`.execute(database.db);
  });

  it('keeps named statements working when the connection is replaced', async () => {
    const query = sql<{ n: number }>`select ${2}::int * 21 as n`;
    expect((await executePrepared(database.db, query)).rows).toEqual([{ n: 42 }]);
    // A new connection joins the same session, where the last one's named statement still exists.
    const client = await database.pool.connect();
    client.release(true);
    expect((await executePrepared(database.db, query)).rows).toEqual([{ n: 42 }]);
    const names = await sql<{ name: string }>`select name from pg_prepared_statements`.execute(database.db);
    expect(names.rows.map((r) => r.name)).toContain(statementName(query.compile(database.db).sql));
  });

  it('dumps a snapshot and starts another database from it', async () => {
    await sql`insert into probe values ('in the snapshot')`.execute(database.db);
    const snapshot = await database.embedded!.dumpDataDir();
    const copy = await openDatabase({ url: 'memory://', dataDir: dir, loadDataDir: snapshot });
    try {
      expect(await labels(copy)).toEqual(['in the snapshot']);
      // Two databases side by side in one folder, each its own.
      await sql`insert into probe values ('only in the copy')`.execute(copy.db);
      expect(await labels(database)).toEqual(['in the snapshot']);
    } finally {
      await copy.close();
    }
  });

  it('closes cleanly in its thread and keeps what was written', async () => {
    const files = mkdtempSync(path.join(os.tmpdir(), 'portal-embedded-files-'));
    try {
      const first = await openDatabase({ url: undefined, dataDir: files });
      await sql`create table kept (n int)`.execute(first.db);
      await sql`insert into kept select generate_series(1, 1000)`.execute(first.db);
      await first.close();
      await expect(first.ping()).resolves.toMatchObject({ ok: false });
      const again = await openDatabase({ url: undefined, dataDir: files });
      try {
        const count = await sql<{ n: number }>`select count(*)::int as n from kept`.execute(again.db);
        expect(count.rows[0]?.n).toBe(1000);
      } finally {
        await again.close();
      }
    } finally {
      rmSync(files, { recursive: true, force: true });
    }
  });
});
