import { mkdirSync, mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../../src/app.ts';
import { openDatabase, type Database } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { loadConfig } from '../../src/config.ts';
import { runSeeds } from '../../src/seed/index.ts';
import { registeredTallies, workspaceCountCache } from '../../src/modules/workspace/index.ts';

/**
 * Migrate and seed reference data once; every test file then starts from a copy of that template
 * (a PGlite data-dir snapshot, or a PostgreSQL template database), so files are isolated and fast.
 * A second template holds the demo province too (seeded through a built app, as a first start does, with the
 * files it stores kept in a data folder each copy starts from): the files that test the demo, or need it, clone
 * it instead of seeding the province again each.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const kind = project.config.env?.PORTAL_TEST_DB ?? 'pglite';
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
  const config = loadConfig({}, { dataDir: tmp, demoData: false, databaseUrl: 'memory://' });
  const quiet = { info() {}, warn() {}, error() {} };

  if (kind === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL lane');
    const template = `portal_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    const u = new URL(url);
    u.pathname = `/${template}`;
    const database = await openDatabase({ url: u.toString(), dataDir: tmp });
    await migrateToLatest(database.db);
    await runSeeds({
      db: database.db,
      config: { ...config, databaseUrl: u.toString(), embedded: false },
      log: quiet,
      announce() {},
    });
    await onTemplateApp(database, u.toString(), tmp);
    await database.close();
    const demoTemplate = `${template}_demo`;
    await admin.query(`drop database if exists ${demoTemplate}`);
    await admin.query(`create database ${demoTemplate} template ${template}`);
    u.pathname = `/${demoTemplate}`;
    const demoDataDir = path.join(tmp, 'demo');
    mkdirSync(demoDataDir);
    await seedDemoProvince(await openDatabase({ url: u.toString(), dataDir: demoDataDir }), u.toString(), demoDataDir);
    project.provide('testTemplate', {
      kind: 'postgres',
      url,
      template,
      demo: { template: demoTemplate, dataDir: demoDataDir },
    });
    return async () => {
      // Test databases are dropped by each file; the templates go last.
      await admin.query(`drop database if exists ${demoTemplate} with (force)`);
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
      rmSync(tmp, { recursive: true, force: true });
    };
  }

  const database = await openDatabase({ url: 'memory://', dataDir: tmp });
  await migrateToLatest(database.db);
  await runSeeds({ db: database.db, config, log: quiet, announce() {} });
  await onTemplateApp(database, 'memory://', tmp);
  const dump = await database.embedded!.dumpDataDir();
  const file = path.join(tmp, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();

  const demoDataDir = path.join(tmp, 'demo');
  mkdirSync(demoDataDir);
  const demo = await openDatabase({
    url: 'memory://',
    dataDir: demoDataDir,
    loadDataDir: new Blob([readFileSync(file)]),
  });
  const demoFile = path.join(tmp, 'demo.tar');
  await seedDemoProvince(demo, 'memory://', demoDataDir, async () =>
    writeFileSync(demoFile, Buffer.from(await (await demo.embedded!.dumpDataDir()).arrayBuffer())),
  );
  project.provide('testTemplate', { kind: 'pglite', file, demo: { file: demoFile, dataDir: demoDataDir } });
  return async () => rmSync(tmp, { recursive: true, force: true });
}

/**
 * An app built on a template database (so every module has registered its tallies and hooks, as at a real start),
 * with the tallies' triggers and counts built, then `work` run before it closes. The tallies are built once on each
 * template rather than by every test app that starts from a copy of it: each would build them in the background at
 * its start, holding the embedded database's one connection while its test begins.
 */
async function onTemplateApp(
  database: Database,
  databaseUrl: string,
  dataDir: string,
  work: (config: ReturnType<typeof loadConfig>) => Promise<void> = async () => {},
): Promise<void> {
  const config = loadConfig({}, { dataDir, databaseUrl, demoData: false, webDist: path.join(dataDir, 'no-web') });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  await workspaceCountCache(database.db).talliesReady(registeredTallies());
  await work(config);
  await app.close();
}

/**
 * The demo province on a template database, seeded as a first start does (the tallies, built already on the plain
 * template it is copied from, are kept by the demo's writes); `before` runs once the app is closed and before the
 * database is (the embedded one is dumped there).
 */
async function seedDemoProvince(
  database: Database,
  databaseUrl: string,
  dataDir: string,
  before?: () => Promise<void>,
): Promise<void> {
  await onTemplateApp(database, databaseUrl, dataDir, (config) =>
    runSeeds({
      db: database.db,
      config: { ...config, demoData: true },
      log: { info() {}, warn() {}, error() {} },
      announce() {},
    }),
  );
  await before?.();
  await database.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    testTemplate:
      | { kind: 'pglite'; file: string; demo: { file: string; dataDir: string } }
      | { kind: 'postgres'; url: string; template: string; demo: { template: string; dataDir: string } };
  }
}
