import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type BuildOptions } from '../../src/app.ts';
import { loadConfig, type AppConfig } from '../../src/config.ts';
import { openDatabase, type Database } from '../../src/db/database.ts';
import { runSeeds } from '../../src/seed/index.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  request(options: InjectOptions | string): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * A fresh, migrated database (copied from the run's template) and an app on it, for one test file.
 * Which database follows the Vitest project: `api` → PGlite, `api-pg` → PostgreSQL.
 */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  build: Partial<Omit<BuildOptions, 'config' | 'database'>> = {},
  /** `demo`: start from the run's copy of the demo province (as seeded by a first start) instead of bare reference data. */
  options: { demo?: boolean } = {},
): Promise<TestApp> {
  const provided = inject('testTemplate');
  const demo = options.demo === true;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-app-'));
  // The demo's stored files (permit documents) come with its database.
  if (demo) cpSync(provided.demo.dataDir, dataDir, { recursive: true });
  const template =
    provided.kind === 'postgres'
      ? { ...provided, template: demo ? provided.demo.template : provided.template }
      : { ...provided, file: demo ? provided.demo.file : provided.file };
  let database: Database;
  let dropDatabase: (() => Promise<void>) | undefined;
  let databaseUrl: string;

  if (template.kind === 'postgres') {
    const name = `portal_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: template.url });
    await admin.connect();
    await admin.query(`create database ${name} template ${template.template}`);
    await admin.end();
    const u = new URL(template.url);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    database = await openDatabase({ url: databaseUrl, dataDir, poolSize: 4 });
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: template.url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  } else {
    databaseUrl = 'memory://';
    const snapshot = new Blob([readFileSync(template.file)]);
    database = await openDatabase({ url: databaseUrl, dataDir, loadDataDir: snapshot });
  }

  const config = loadConfig(
    {},
    { dataDir, databaseUrl, demoData: false, webDist: path.join(dataDir, 'no-web'), ...overrides },
  );
  const app = await buildApp({ config, database, logger: false, ...build });
  await app.ready();
  return {
    app,
    database,
    config,
    request: (options) => app.inject(options),
    async close() {
      await app.close();
      await database.close();
      await dropDatabase?.();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** What the start-up seeding gets, with the demo province switched on and a quiet log. */
export function demoSeedContext(t: TestApp) {
  return {
    db: t.database.db,
    config: { ...t.config, demoData: true },
    log: { info() {}, warn() {}, error() {} },
    announce() {},
  };
}

/** Seeds the demo province (reference data, accounts, every domain's demo records), as a first start does. */
export async function seedDemo(t: TestApp): Promise<void> {
  await runSeeds(demoSeedContext(t));
}
