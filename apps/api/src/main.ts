import { applyHeapSettings, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { buildApp } from './app.ts';
import { runSeeds } from './seed/index.ts';

/** read config → open database → migrate → seed → listen; drain and close on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  applyHeapSettings();
  const config = loadConfig();
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    replicaUrl: config.databaseReplicaUrl,
  });
  const app = await buildApp({ config, database });
  const applied = await migrateToLatest(database.db);
  if (applied.length) app.log.info({ applied }, 'migrations applied');
  await runSeeds({
    db: database.db,
    config,
    log: app.log,
    announce: (message) => process.stdout.write(`\n${message}\n\n`),
  });

  await app.jobs.start();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining requests');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { url: config.publicUrl, database: database.kind, demo: config.demoData },
    `Cổng ATVSLĐ đang chạy tại ${config.publicUrl}`,
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
