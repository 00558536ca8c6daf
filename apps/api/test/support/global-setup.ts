import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { loadConfig } from '../../src/config.ts';
import { runSeeds } from '../../src/seed/index.ts';

/**
 * Migrate and seed reference data once; every test file then starts from a copy of that template
 * (a PGlite data-dir snapshot, or a PostgreSQL template database), so files are isolated and fast.
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
    await database.close();
    project.provide('testTemplate', { kind: 'postgres', url, template });
    return async () => {
      // Test databases are dropped by each file; the template goes last.
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
      rmSync(tmp, { recursive: true, force: true });
    };
  }

  const database = await openDatabase({ url: 'memory://', dataDir: tmp });
  await migrateToLatest(database.db);
  await runSeeds({ db: database.db, config, log: quiet, announce() {} });
  const dump = await database.embedded!.dumpDataDir();
  const file = path.join(tmp, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('testTemplate', { kind: 'pglite', file });
  return async () => rmSync(tmp, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    testTemplate: { kind: 'pglite'; file: string } | { kind: 'postgres'; url: string; template: string };
  }
}
