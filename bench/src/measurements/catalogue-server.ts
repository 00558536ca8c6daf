/**
 * The portal's API alone in a process of its own (forked by the catalogue export measurement), so its peak
 * memory during an export is the server's and not the bench's (which also holds the load client, the bare
 * server and the generator). PostgreSQL only: an embedded database cannot be opened by two processes.
 *
 * Messages: → { port } once listening; ← 'reset' starts a new peak; ← 'peak' → { peakMb, baselineMb }.
 */
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../../apps/api/src/app.ts';
import { applyHeapSettings, loadConfig } from '../../../apps/api/src/config.ts';
import { openDatabase } from '../../../apps/api/src/db/database.ts';

// As the API's main.ts does at start.
applyHeapSettings();
const url = process.env.BENCH_SERVER_DATABASE_URL;
if (!url) throw new Error('BENCH_SERVER_DATABASE_URL is required');
const dataDir = process.env.BENCH_SERVER_DATA_DIR ?? '/tmp';

const database = await openDatabase({ url, dataDir });
const config = loadConfig(
  {},
  { dataDir, databaseUrl: url, demoData: false, logLevel: 'silent', jwtSecret: process.env.BENCH_SERVER_JWT_SECRET! },
);
const app = await buildApp({ config, database, logger: false });
await app.listen({ host: '127.0.0.1', port: 0 });

let baseline = process.memoryUsage.rss();
let peak = baseline;
setInterval(() => {
  peak = Math.max(peak, process.memoryUsage.rss());
}, 20).unref();

process.on('message', (message: string) => {
  if (message === 'reset') {
    global.gc?.();
    baseline = process.memoryUsage.rss();
    peak = baseline;
    process.send?.({ ok: true });
  } else if (message === 'peak') {
    process.send?.({ peakMb: Math.max(peak, process.memoryUsage.rss()) / 2 ** 20, baselineMb: baseline / 2 ** 20 });
  }
});
process.on('disconnect', () => {
  void app
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0));
});
process.send?.({ port: (app.server.address() as AddressInfo).port });
