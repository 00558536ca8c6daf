import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../../../apps/api/src/app.ts';
import { loadConfig } from '../../../apps/api/src/config.ts';
import { openDatabase, type Database } from '../../../apps/api/src/db/database.ts';
import { signAccessToken } from '../../../apps/api/src/platform/auth/tokens.ts';
import { HUB_EVENTS, HUB_PATH } from '../../../apps/api/src/platform/realtime/index.ts';
import { gc, judge, type BenchContext, type Goal, type Measurement, type ResultRow } from '../harness.ts';

/**
 * The real-time hub's fan-out: 5 000 signed-in sockets spread over two API instances on one PostgreSQL database
 * (the PostgreSQL adapter between them), one NotifySystem event sent by the first instance to all of their
 * users: the time until the last socket has it, and the servers' heap per connected socket. Clients run in a
 * worker thread (hub-clients.ts), so neither their event loop nor their heap counts as the servers'.
 */
const SOCKETS = 5000;
const MAX_FANOUT_MS = 1000;

type Message =
  | { type: 'connected'; count: number }
  | { type: 'done'; received: number; last: number; lastBy: number[] }
  | { type: 'error'; message: string }
  | { type: 'closed' };

function next(worker: Worker, type: Message['type'], timeoutMs: number): Promise<Message> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      worker.off('message', on);
      reject(new Error(`hub clients: no '${type}' within ${timeoutMs} ms`));
    }, timeoutMs);
    const on = (m: Message) => {
      if (m.type === 'error') {
        clearTimeout(timer);
        worker.off('message', on);
        reject(new Error(m.message));
      } else if (m.type === type) {
        clearTimeout(timer);
        worker.off('message', on);
        resolve(m);
      }
    };
    worker.on('message', on);
  });
}

function heapMb(): number {
  gc();
  return process.memoryUsage().heapUsed / 1024 / 1024;
}

export const hubFanout: Measurement = {
  name: 'hub fan-out',
  description: `${SOCKETS} sockets on two API instances (PostgreSQL adapter), one NotifySystem event to all`,
  async run(ctx: BenchContext): Promise<ResultRow[]> {
    const goal: Goal = {
      label: `last socket ≤ ${MAX_FANOUT_MS} ms (pg)`,
      databases: ['postgres'],
      met: (row) => Number(row.detail?.fanoutMs ?? Infinity) <= MAX_FANOUT_MS,
    };
    if (ctx.kind !== 'postgres') {
      // One embedded database serves one instance: there is nothing to fan out between.
      return [
        judge({ measurement: 'hub fan-out', database: ctx.kind, figure: 'single instance', status: 'n/a' }, [goal]),
      ];
    }
    // The bench database's address, as the app's pool was opened with it.
    const url = (ctx.database.pool as unknown as { options: { connectionString: string } }).options.connectionString;
    const db = ctx.database.db;
    const tag = `bench_hub_${randomBytes(3).toString('hex')}`;
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-hub-'));
    const jwtSecret = randomBytes(32).toString('hex');
    const apps: FastifyInstance[] = [];
    const databases: Database[] = [];
    let worker: Worker | undefined;
    try {
      // 5 000 users with a session each, made by the database.
      const unit = await sql<{
        id: string;
      }>`select id from unit where kind = 'department' order by created_at limit 1`.execute(db);
      const type = await sql<{ id: string }>`insert into user_type (code, name, role, permissions)
        values (${tag}, ${tag}, 'client', '[]'::jsonb) returning id`.execute(db);
      const users = await sql<{ id: string; sid: string }>`
        with u as (
          insert into app_user (user_name, full_name, unit_id, user_type_id, status)
          select ${tag} || '_' || g, 'Bench hub ' || g, ${unit.rows[0]!.id}, ${type.rows[0]!.id}, 'active'
          from generate_series(1, ${SOCKETS}) g returning id)
        insert into auth_session (user_id, expires_at) select id, now() + interval '1 day' from u
        returning user_id as id, id as sid`.execute(db);
      const clients = await Promise.all(
        users.rows.map(async (u) => ({
          uid: u.id,
          token: await signAccessToken(jwtSecret, { sub: u.id, sid: u.sid }),
        })),
      );

      const baseHeap = heapMb();
      const urls: string[] = [];
      for (let i = 0; i < 2; i++) {
        const database = await openDatabase({ url, dataDir, poolSize: 4 });
        databases.push(database);
        const config = loadConfig(
          {},
          { databaseUrl: url, dataDir, jwtSecret, demoData: false, webDist: path.join(dataDir, 'no-web') },
        );
        const app = await buildApp({ config, database, logger: false });
        await app.listen({ host: '127.0.0.1', port: 0 });
        apps.push(app);
        urls.push(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
      }
      const idleHeap = heapMb();

      worker = new Worker(new URL('./hub-clients.ts', import.meta.url), {
        workerData: { urls, path: HUB_PATH, event: HUB_EVENTS.notify, clients },
      });
      const connectStart = performance.now();
      await next(worker, 'connected', 120_000);
      const connectSeconds = (performance.now() - connectStart) / 1000;
      const connectedHeap = heapMb();
      const perSocketKb = ((connectedHeap - idleHeap) * 1024) / SOCKETS;
      const local = apps.map((a) => a.realtime.localSockets);

      const done = next(worker, 'done', 30_000);
      const sentAt = performance.timeOrigin + performance.now();
      apps[0]!.realtime.toUsers(
        clients.map((c) => c.uid),
        HUB_EVENTS.notify,
        { kind: 'bench' },
      );
      const result = (await done) as { received: number; last: number; lastBy: number[] };
      const fanoutMs = Math.round(result.last - sentAt);
      // The sending instance's own sockets, and those the adapter reached through PostgreSQL.
      const [ownMs, otherMs] = result.lastBy.map((t) => Math.round(t - sentAt));
      ctx.log(
        `  hub: ${SOCKETS} sockets (${local.join(' + ')}) connected in ${connectSeconds.toFixed(1)} s; last of ${result.received} had the event after ${fanoutMs} ms (sender's own sockets ${ownMs} ms, the other instance's ${otherMs} ms); heap ${(connectedHeap - idleHeap).toFixed(1)} MB for the sockets (${perSocketKb.toFixed(1)} KB each; base ${baseHeap.toFixed(0)} MB)`,
      );
      return [
        judge(
          {
            measurement: 'hub fan-out',
            database: ctx.kind,
            rows: SOCKETS,
            figure: `${fanoutMs} ms to the last of ${result.received}; ${perSocketKb.toFixed(1)} KB heap/socket`,
            status: result.received === SOCKETS ? 'pass' : 'error',
            detail: { fanoutMs, ownMs, otherMs, received: result.received, perSocketKb, connectSeconds, local },
          },
          [goal],
        ),
      ];
    } finally {
      if (worker) {
        worker.postMessage({ type: 'close' });
        await next(worker, 'closed', 30_000).catch(() => undefined);
        await worker.terminate();
      }
      for (const app of apps) await app.close();
      for (const database of databases) await database.close();
      await sql`delete from app_user where user_name like ${`${tag}_%`}`.execute(db);
      await sql`delete from user_type where code = ${tag}`.execute(db);
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
