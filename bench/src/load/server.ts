/**
 * The portal as `npm start` runs it (migrations, reference and demo seeds, background jobs), alone in a process
 * of its own, forked by the mixed-load measurement: its memory is the server's alone (on the embedded database
 * that includes PGlite's thread), and the load generator never shares its event loop.
 *
 * Environment: BENCH_SERVER_DATABASE_URL (absent: PGlite under BENCH_SERVER_DATA_DIR), BENCH_SERVER_DATA_DIR,
 * BENCH_SERVER_JWT_SECRET, BENCH_SERVER_POOL_SIZE (absent: the app's default).
 * Messages: → { port } once listening; ← 'memory' → { rssMb, heapUsedMb } and, since the last ask, what may
 * hold requests up inside the server: the event loop's delay (p99, max) and the requests waiting for a pooled
 * database connection (mean and most, sampled every 50 ms).
 */
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '../../../apps/api/src/app.ts';
import { applyHeapSettings, loadConfig } from '../../../apps/api/src/config.ts';
import { openDatabase } from '../../../apps/api/src/db/database.ts';
import { migrateToLatest } from '../../../apps/api/src/db/migrate.ts';
import { runSeeds } from '../../../apps/api/src/seed/index.ts';

applyHeapSettings();
const env = process.env;
const url = env.BENCH_SERVER_DATABASE_URL || undefined;
const dataDir = env.BENCH_SERVER_DATA_DIR;
if (!dataDir) throw new Error('BENCH_SERVER_DATA_DIR is required');
const poolSize = env.BENCH_SERVER_POOL_SIZE ? Number(env.BENCH_SERVER_POOL_SIZE) : undefined;

const config = loadConfig(
  {},
  {
    dataDir,
    databaseUrl: url,
    embedded: !url,
    demoData: true,
    logLevel: 'silent',
    jwtSecret: env.BENCH_SERVER_JWT_SECRET!,
    // The virtual users come from many addresses, as real ones do behind the province's reverse proxy: each sends
    // its own X-Forwarded-For, so the per-address sign-in and look-up limits see one person each.
    trustProxy: 1,
    ...(poolSize ? { databasePoolSize: poolSize } : {}),
  },
);
const database = await openDatabase({ url, dataDir, poolSize });
const app = await buildApp({ config, database, logger: false });
await migrateToLatest(database.db);
const quiet = { info() {}, warn() {}, error() {} };
await runSeeds({ db: database.db, config, log: quiet, announce() {} });
await app.jobs.start();
await app.listen({ host: '127.0.0.1', port: 0 });

const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
const waiting = { sum: 0, samples: 0, most: 0 };
setInterval(() => {
  const n = database.pool.waitingCount;
  waiting.sum += n;
  waiting.samples++;
  waiting.most = Math.max(waiting.most, n);
}, 50).unref();

process.on('message', (message: string) => {
  if (message === 'memory') {
    const m = process.memoryUsage();
    process.send?.({
      rssMb: m.rss / 2 ** 20,
      heapUsedMb: m.heapUsed / 2 ** 20,
      loopDelayP99Ms: loopDelay.percentile(99) / 1e6,
      loopDelayMaxMs: loopDelay.max / 1e6,
      poolWaitingMean: waiting.samples ? waiting.sum / waiting.samples : 0,
      poolWaitingMost: waiting.most,
      poolSize: database.pool.options.max,
    });
    loopDelay.reset();
    Object.assign(waiting, { sum: 0, samples: 0, most: 0 });
  }
});
process.on('disconnect', () => {
  void app
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0));
});
process.send?.({ port: (app.server.address() as AddressInfo).port });
