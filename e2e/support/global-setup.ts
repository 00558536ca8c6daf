import { randomBytes } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import './provided.ts';
import { CHROMIUM_PATH } from './chromium.ts';
import { prepareWebSnapshot } from './build.ts';
import { E2E_ADMIN_PASSWORD, startPortal } from './portal.ts';

/**
 * Browser tests: Chromium must be installed; the web app is built if stale and snapshotted; one portal with the
 * demo province is started for the whole run (tests may start more with startPortal(env)). On the embedded
 * database, or with E2E_DATABASE_URL (a PostgreSQL server) on a fresh database of its own there, dropped after.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is not installed at ${CHROMIUM_PATH}. Install the Debian package (apt-get install -y chromium), ` +
        'set CHROMIUM_PATH, or run `npm test`, which installs it.',
    );
  }
  const webDist = await prepareWebSnapshot();
  const server = process.env.E2E_DATABASE_URL;
  const database = server ? await createDatabase(server) : undefined;
  const portal = await startPortal(database ? { DATABASE_URL: database.url } : {}, { webDist });
  project.provide('baseUrl', portal.baseUrl);
  project.provide('adminPassword', E2E_ADMIN_PASSWORD);
  project.provide('webDist', webDist);
  return async () => {
    await portal.stop();
    await database?.drop();
    rmSync(webDist, { recursive: true, force: true });
  };
}

async function createDatabase(server: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `portal_e2e_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}
