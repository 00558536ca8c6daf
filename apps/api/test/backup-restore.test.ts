import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { runBackup } from '../../../scripts/backup.ts';
import { runRestore } from '../../../scripts/restore.ts';
import { readFirstEntry, writeArchive } from '../../../scripts/backup/archive.ts';
import { Refusal, tableCounts, type Manifest } from '../../../scripts/backup/common.ts';
import { createBusiness, createUser, signIn, type TestUser } from './support/accounts.ts';
import type { TestApp } from './support/app.ts';

/**
 * The backup drill (issue #28): data made through the app (a user, employers, an uploaded file) → `npm run
 * backup` → the database and data dir wiped → `npm run restore` → the same rows per table, the same file bytes,
 * and the user signs in. Embedded lane: a PGlite data dir on disk; PostgreSQL lane: a freshly created database,
 * dropped at the end. Then the refusals: a damaged archive, a newer portal's, a target that is not empty.
 */

const provided = inject('testTemplate');
const work = mkdtempSync(path.join(os.tmpdir(), 'portal-backup-'));
const pdf = Buffer.from(`%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n${randomBytes(2000).toString('hex')}\n`);
const createdDatabases: string[] = [];

async function admin<T>(work: (c: pg.Client) => Promise<T>): Promise<T> {
  if (provided.kind !== 'postgres') throw new Error('PostgreSQL lane only');
  const c = new pg.Client({ connectionString: provided.url });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

/** A new, empty PostgreSQL database (or one copied from the migrated template); its URL. */
async function createDatabase(name: string, template?: string): Promise<string> {
  await admin((c) => c.query(`create database ${name}${template ? ` template ${template}` : ''}`));
  if (!createdDatabases.includes(name)) createdDatabases.push(name);
  const u = new URL(provided.kind === 'postgres' ? provided.url : '');
  u.pathname = `/${name}`;
  return u.toString();
}

/** A target for the lane: a data dir, and on PostgreSQL a database. */
async function emptyTarget(): Promise<{ dataDir: string; databaseUrl: string | undefined }> {
  const dataDir = mkdtempSync(path.join(work, 'data-'));
  if (provided.kind === 'postgres') {
    return { dataDir, databaseUrl: await createDatabase(`portal_bk_${randomBytes(5).toString('hex')}`) };
  }
  return { dataDir, databaseUrl: undefined };
}

/** The portal as it runs: on disk (not the tests' in-memory database), so there is something to back up. */
async function openPortal(dataDir: string, databaseUrl: string | undefined, loadDataDir?: Blob): Promise<TestApp> {
  const database = await openDatabase({
    url: databaseUrl,
    dataDir,
    poolSize: 4,
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  const config = loadConfig({}, { dataDir, databaseUrl, demoData: false, webDist: path.join(dataDir, 'no-web') });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    database,
    config,
    request: (options) => app.inject(options),
    async close() {
      await app.close();
      await database.close();
    },
  };
}

let archive: string;
let user: TestUser;
let fileId: string;
let source: { dataDir: string; databaseUrl: string | undefined };
let before: Record<string, number>;

beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(work, 'data-'));
  source =
    provided.kind === 'postgres'
      ? { dataDir, databaseUrl: await createDatabase(`portal_bk_${randomBytes(5).toString('hex')}`, provided.template) }
      : { dataDir, databaseUrl: undefined };
  const t = await openPortal(
    source.dataDir,
    source.databaseUrl,
    provided.kind === 'pglite' ? new Blob([readFileSync(provided.file)]) : undefined,
  );
  try {
    user = await createUser(t, { permissions: ['File.create'] });
    await createBusiness(t, '2025:24781', 'Công ty sao lưu');
    await createBusiness(t, '2025:24778', 'Công ty phục hồi');
    const session = await signIn(t, user);
    const form = new FormData();
    form.append('FileType', 'scan');
    form.append('formFile', new Blob([pdf], { type: 'application/pdf' }), 'biên-bản.pdf');
    const res = await t.request({ method: 'POST', url: '/api/File/upload', headers: session.headers, payload: form });
    expect(res.statusCode).toBe(201);
    fileId = (res.json() as { id: string }).id;
    before = await tableCounts(t.database.pool);
    if (provided.kind === 'pglite') {
      // The embedded database has one user: no backup while the portal has it open.
      await expect(runBackup({ ...source, out: work })).rejects.toThrow(/running/);
    } else {
      // PostgreSQL: taken while the portal runs.
      archive = (await runBackup({ ...source, out: work })).archive;
    }
  } finally {
    await t.close();
  }
  if (provided.kind === 'pglite') archive = (await runBackup({ ...source, out: work })).archive;
}, 120_000);

afterAll(async () => {
  if (provided.kind === 'postgres') {
    await admin(async (c) => {
      for (const name of createdDatabases) await c.query(`drop database if exists ${name} with (force)`);
    });
  }
  rmSync(work, { recursive: true, force: true });
});

describe('npm run backup → wipe → npm run restore', () => {
  it('restores the same rows per table and file bytes, and the user signs in', async () => {
    const first = await readFirstEntry(archive);
    expect(first.name).toBe('manifest.json');
    const manifest = JSON.parse(first.data.toString('utf8')) as Manifest;
    expect(manifest.tables).toEqual(before);
    expect(manifest.files).toHaveLength(1);
    expect(manifest.database.migrations.last).toMatch(/^\d{4}_/);

    // Wipe: the data dir goes, and the database (PostgreSQL: dropped and created again, empty).
    rmSync(source.dataDir, { recursive: true, force: true });
    if (source.databaseUrl) {
      const name = new URL(source.databaseUrl).pathname.slice(1);
      await admin((c) => c.query(`drop database ${name} with (force)`));
      await createDatabase(name);
    }
    const lines: string[] = [];
    await runRestore({ ...source, archive, log: (l) => lines.push(l) });
    expect(lines.at(-1)).toMatch(/^Restore done/);

    const t = await openPortal(source.dataDir, source.databaseUrl);
    try {
      expect(await tableCounts(t.database.pool)).toEqual(before);
      const session = await signIn(t, user);
      const res = await t.request({ url: `/api/File/download/${fileId}`, headers: session.headers });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(pdf)).toBe(true);
    } finally {
      await t.close();
    }
  }, 90_000);

  it('refuses a target that is not empty, unless --force', async () => {
    await expect(runRestore({ ...source, archive })).rejects.toThrow(/not empty/);
    // The restore checks its result against the manifest (which holds `before`, as the drill showed).
    const lines: string[] = [];
    await runRestore({ ...source, archive, force: true, log: (l) => lines.push(l) });
    expect(lines.some((l) => l.includes('--force: deleting'))).toBe(true);
    expect(lines.at(-1)).toMatch(/^Restore done/);
  }, 90_000);

  it('refuses a damaged archive and changes nothing', async () => {
    const bytes = readFileSync(archive);
    const damaged = path.join(work, 'damaged.tar.gz');
    for (const at of [Math.floor(bytes.length / 2), bytes.length - 30]) {
      const copy = Buffer.from(bytes);
      copy[at] = copy[at]! ^ 0xff;
      writeFileSync(damaged, copy);
      const target = await emptyTarget();
      const refusal = runRestore({ ...target, archive: damaged });
      await expect(refusal).rejects.toThrow(Refusal);
      await expect(refusal).rejects.toThrow(/corrupt/);
      expect(existsSync(path.join(target.dataDir, 'files'))).toBe(false);
      expect(existsSync(path.join(target.dataDir, 'pglite'))).toBe(false);
      if (target.databaseUrl) {
        const c = new pg.Client({ connectionString: target.databaseUrl });
        await c.connect();
        expect(await tableCounts(c)).toEqual({});
        await c.end();
      }
    }
    // Truncated, as by an interrupted copy.
    writeFileSync(damaged, bytes.subarray(0, Math.floor(bytes.length * 0.7)));
    await expect(runRestore({ ...(await emptyTarget()), archive: damaged })).rejects.toThrow(/corrupt/);
  }, 60_000);

  it("refuses a newer portal's archive", async () => {
    const manifest: Partial<Manifest> = {
      format: 'labour-safety-portal-backup',
      formatVersion: 1,
      portalVersion: '9.0.0',
      database: {
        kind: provided.kind === 'postgres' ? 'postgres' : 'embedded',
        serverVersion: '',
        entry: 'database.dump',
        bytes: 0,
        sha256: '',
        migrations: { count: 999, last: '9999_from_the_future' },
      },
    };
    const newer = path.join(work, 'newer.tar.gz');
    await writeArchive(newer, [{ name: 'manifest.json', source: { data: Buffer.from(JSON.stringify(manifest)) } }]);
    const target = await emptyTarget();
    await expect(runRestore({ ...target, archive: newer })).rejects.toThrow(/newer portal/);
    // An archive of the other kind of database.
    const other = provided.kind === 'postgres' ? 'embedded' : 'postgres';
    manifest.database = { ...manifest.database!, kind: other, migrations: { count: 0, last: null } };
    await writeArchive(newer, [{ name: 'manifest.json', source: { data: Buffer.from(JSON.stringify(manifest)) } }]);
    await expect(runRestore({ ...target, archive: newer })).rejects.toThrow(/holds an? (embedded|PostgreSQL) database/);
  });
});
