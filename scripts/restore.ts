/**
 * npm run restore -- <archive> [--force]
 *
 * Puts an archive made by `npm run backup` back: checks it whole first (damage, wrong kind, a newer portal's),
 * restores into an empty database and data dir, then checks the result against the manifest. See --help.
 */
import { spawn } from 'node:child_process';
import { existsSync, openAsBlob } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase, type Database } from '../apps/api/src/db/database.ts';
import { ArchiveError, readArchive, readFirstEntry, sha256File } from './backup/archive.ts';
import {
  embeddedInUse,
  filesDir,
  formatBytes,
  knownMigrations,
  MANIFEST_FORMAT,
  MANIFEST_VERSION,
  migrationLevel,
  pgliteDir,
  Refusal,
  secretsDir,
  tableCounts,
  targetFromEnvironment,
  totalRows,
  type Log,
  type Manifest,
  type Queryable,
  type Target,
} from './backup/common.ts';

export const restoreHelp = `Usage: npm run restore -- <archive.tar.gz> [--force]

Restores an archive made by \`npm run backup\` into the database and data dir the portal is configured with
(DATA_DIR, DATABASE_URL), with the portal stopped:
  1. checks the whole archive first: gzip and tar checksums, every entry's sha256 against manifest.json, the
     database kind (PostgreSQL or embedded) against this configuration, and that this portal version knows
     the archive's migrations; a damaged or mismatched archive is refused and nothing is changed;
  2. restores the database (pg_restore into the DATABASE_URL database, which must exist — createdb — and be
     empty; or the embedded database into DATA_DIR/pglite) and the stored files into DATA_DIR/files, and the
     secrets into DATA_DIR/secrets;
  3. checks the result against the manifest: rows per table, migration level, every file's sha256.

Options:
  --force   replace a database or data dir that is not empty (everything in it is deleted first)
  --help    this text`;

export interface RestoreOptions extends Target {
  archive: string;
  force?: boolean;
  log?: Log;
}

export interface RestoreResult {
  manifest: Manifest;
  seconds: number;
}

async function hasFiles(dir: string): Promise<boolean> {
  try {
    for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) if (entry.isFile()) return true;
  } catch {
    // absent
  }
  return false;
}

async function withClient<T>(url: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (err) {
    throw new Refusal(`cannot reach the database of DATABASE_URL (${(err as Error).message}); create it first`);
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('error', (err) => reject(new Error(`${command} could not start: ${err.message}`)));
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} failed (${code}): ${stderr.trim()}`)),
    );
  });
}

const userSchemas = `select nspname as name from pg_namespace
  where nspname not in ('pg_catalog', 'information_schema') and nspname not like 'pg\\_%' order by 1`;

/** What makes the target not empty, in words; none → empty. */
async function whatIsThere(target: Target): Promise<string[]> {
  const found: string[] = [];
  if (await hasFiles(filesDir(target.dataDir))) found.push(`stored files in ${filesDir(target.dataDir)}`);
  if (target.databaseUrl) {
    const tables = await withClient(target.databaseUrl, (c) => tableCounts(c));
    if (Object.keys(tables).length) found.push(`${Object.keys(tables).length} tables in the database`);
  } else if (await hasFiles(pgliteDir(target.dataDir))) {
    found.push(`an embedded database in ${pgliteDir(target.dataDir)}`);
  }
  return found;
}

function checkManifest(manifest: Manifest, target: Target): void {
  if (typeof manifest !== 'object' || manifest?.format !== MANIFEST_FORMAT || typeof manifest.database !== 'object') {
    throw new Refusal('this is not a portal backup (no portal manifest)');
  }
  if (manifest.formatVersion > MANIFEST_VERSION) {
    throw new Refusal(`the archive has format ${manifest.formatVersion}; this portal reads up to ${MANIFEST_VERSION}`);
  }
  const kind = target.databaseUrl ? 'postgres' : 'embedded';
  if (manifest.database.kind !== kind) {
    throw new Refusal(
      manifest.database.kind === 'postgres'
        ? 'the archive holds a PostgreSQL database: set DATABASE_URL to the (empty) database to restore into'
        : 'the archive holds an embedded database: unset DATABASE_URL and set DATA_DIR to restore it',
    );
  }
  const last = manifest.database.migrations.last;
  if (last && !knownMigrations().includes(last)) {
    throw new Refusal(
      `the archive was made by a newer portal (version ${manifest.portalVersion}, migration ${last} unknown here): ` +
        'upgrade the portal first',
    );
  }
}

/** Every entry the manifest lists, with its size and sha256. */
function expectedEntries(manifest: Manifest): Map<string, { bytes: number; sha256: string }> {
  const expected = new Map<string, { bytes: number; sha256: string }>();
  expected.set(manifest.database.entry, { bytes: manifest.database.bytes, sha256: manifest.database.sha256 });
  for (const f of manifest.files) expected.set(`files/${f.key}`, f);
  for (const s of manifest.secrets) expected.set(`secrets/${s.name}`, s);
  return expected;
}

/** The archive unpacked under `staging` and checked whole; throws a Refusal naming the problem. */
async function unpack(archive: string, staging: string, target: Target): Promise<Manifest> {
  let manifest: Manifest | undefined;
  let expected = new Map<string, { bytes: number; sha256: string }>();
  const seen = new Set<string>();
  try {
    const read = await readArchive(archive, staging, (entry) => {
      if (entry.index === 0) {
        if (entry.name !== 'manifest.json' || !entry.data) throw new Refusal('this is not a portal backup');
        try {
          manifest = JSON.parse(entry.data.toString('utf8')) as Manifest;
        } catch {
          throw new ArchiveError('the manifest is not valid JSON');
        }
        checkManifest(manifest, target);
        expected = expectedEntries(manifest);
        return;
      }
      const want = expected.get(entry.name);
      if (!want || seen.has(entry.name)) throw new ArchiveError(`unexpected entry ${entry.name}`);
      if (want.bytes !== entry.size) throw new ArchiveError(`${entry.name} has the wrong size`);
      seen.add(entry.name);
    });
    if (!manifest) throw new ArchiveError('the archive is empty');
    const got = new Map(read.map((e) => [e.name, e.sha256]));
    for (const [name, want] of expected) {
      if (!got.has(name)) throw new ArchiveError(`${name} is missing from the archive`);
      if (got.get(name) !== want.sha256) throw new ArchiveError(`${name} is damaged (sha256 differs)`);
    }
    return manifest;
  } catch (err) {
    if (err instanceof ArchiveError) throw new Refusal(`the archive is corrupt: ${err.message}; nothing was restored`);
    throw err;
  }
}

/** The restored state against the manifest; a list of differences (empty → the same). */
async function verify(db: Queryable, dataDir: string, manifest: Manifest): Promise<string[]> {
  const problems: string[] = [];
  const tables = await tableCounts(db);
  for (const name of new Set([...Object.keys(tables), ...Object.keys(manifest.tables)])) {
    if (tables[name] !== manifest.tables[name]) {
      problems.push(`${name}: ${tables[name] ?? 'no table'} rows, the archive had ${manifest.tables[name] ?? 'none'}`);
    }
  }
  const migrations = await migrationLevel(db);
  if (
    migrations.last !== manifest.database.migrations.last ||
    migrations.count !== manifest.database.migrations.count
  ) {
    problems.push(`migration level ${migrations.last}, the archive had ${manifest.database.migrations.last}`);
  }
  for (const f of manifest.files) {
    const file = path.join(filesDir(dataDir), f.key);
    if (!existsSync(file) || (await sha256File(file)) !== f.sha256) problems.push(`file ${f.key} differs`);
  }
  return problems;
}

export async function runRestore(options: RestoreOptions): Promise<RestoreResult> {
  const log = options.log ?? (() => {});
  const started = performance.now();
  const archive = path.resolve(options.archive);
  if (!existsSync(archive)) throw new Refusal(`${archive} does not exist`);
  const target: Target = { dataDir: options.dataDir, databaseUrl: options.databaseUrl };
  if (!target.databaseUrl && (await embeddedInUse(target.dataDir))) {
    throw new Refusal('the portal is running on this data dir: stop it first');
  }
  // The manifest first (cheap): a wrong kind or a newer portal's archive is named before anything else.
  try {
    const first = await readFirstEntry(archive);
    if (first.name !== 'manifest.json') throw new Refusal('this is not a portal backup');
    checkManifest(JSON.parse(first.data.toString('utf8')) as Manifest, target);
  } catch (err) {
    if (
      err instanceof ArchiveError ||
      err instanceof SyntaxError ||
      (err as { code?: string }).code?.startsWith('Z_')
    ) {
      throw new Refusal(`the archive is corrupt: ${(err as Error).message}; nothing was restored`);
    }
    throw err;
  }
  const there = await whatIsThere(target);
  if (there.length && !options.force) {
    throw new Refusal(
      `the target is not empty (${there.join('; ')}): restore into an empty database and data dir, ` +
        'or add --force to delete what is there',
    );
  }

  await mkdir(target.dataDir, { recursive: true });
  // In the data dir, so that the stored files are moved into place rather than copied.
  const staging = await mkdtemp(path.join(target.dataDir, '.restore-'));
  let database: Database | undefined;
  try {
    log(`Checking ${archive}`);
    const manifest = await unpack(archive, staging, target);
    log(
      `  archive of ${manifest.createdAt} (portal ${manifest.portalVersion}, ${manifest.database.kind}, ` +
        `migration ${manifest.database.migrations.last ?? 'none'}): ${totalRows(manifest.tables)} rows, ` +
        `${manifest.files.length} files; every entry checked`,
    );

    if (there.length) {
      log(`  --force: deleting ${there.join('; ')}`);
      await rm(filesDir(target.dataDir), { recursive: true, force: true });
      if (target.databaseUrl) {
        await withClient(target.databaseUrl, async (c) => {
          for (const { name } of (await c.query<{ name: string }>(userSchemas)).rows) {
            await c.query(`drop schema "${name.replace(/"/g, '""')}" cascade`);
          }
          await c.query('create schema if not exists public');
        });
      } else await rm(pgliteDir(target.dataDir), { recursive: true, force: true });
    }

    const dbFile = path.join(staging, manifest.database.entry);
    log(`  restoring the database (${formatBytes(manifest.database.bytes)})`);
    if (target.databaseUrl) {
      // Owners and grants are the old server's; on this one the restoring role owns what it creates.
      await run('pg_restore', [
        '--no-owner',
        '--no-acl',
        '--exit-on-error',
        '--single-transaction',
        `--dbname=${target.databaseUrl}`,
        dbFile,
      ]);
    } else {
      database = await openDatabase({ url: undefined, dataDir: target.dataDir, loadDataDir: await openAsBlob(dbFile) });
    }

    log(`  restoring ${manifest.files.length} stored files`);
    for (const f of manifest.files) {
      const to = path.join(filesDir(target.dataDir), f.key);
      await mkdir(path.dirname(to), { recursive: true });
      await rename(path.join(staging, 'files', f.key), to);
    }
    if (manifest.secrets.length) {
      await mkdir(secretsDir(target.dataDir), { recursive: true, mode: 0o700 });
      for (const s of manifest.secrets) {
        await copyFile(path.join(staging, 'secrets', s.name), path.join(secretsDir(target.dataDir), s.name));
      }
    }

    log('  checking the result against the manifest');
    const problems = target.databaseUrl
      ? await withClient(target.databaseUrl, (c) => verify(c, target.dataDir, manifest))
      : await verify(database!.pool, target.dataDir, manifest);
    if (problems.length) {
      throw new Error(`the restored data differs from the archive:\n  ${problems.slice(0, 20).join('\n  ')}`);
    }
    const seconds = (performance.now() - started) / 1000;
    log(
      `Restore done in ${seconds.toFixed(1)} s: ${Object.keys(manifest.tables).length} tables, ` +
        `${totalRows(manifest.tables)} rows and ${manifest.files.length} files, as in the archive` +
        (manifest.missingFiles.length
          ? `; ${manifest.missingFiles.length} files were already missing when the backup ran`
          : ''),
    );
    return { manifest, seconds };
  } finally {
    await database?.close();
    await rm(staging, { recursive: true, force: true });
  }
}

async function main(argv: string[]): Promise<number> {
  let archive: string | undefined;
  let force = false;
  for (const arg of argv) {
    if (arg === '--help' || arg === '-h') {
      console.log(restoreHelp);
      return 0;
    }
    if (arg === '--force') force = true;
    else if (!arg.startsWith('-') && !archive) archive = arg;
    else {
      console.error(`unknown argument ${arg}\n\n${restoreHelp}`);
      return 2;
    }
  }
  if (!archive) {
    console.error(restoreHelp);
    return 2;
  }
  try {
    await runRestore({ ...targetFromEnvironment(), archive, force, log: (line) => console.log(line) });
    return 0;
  } catch (err) {
    console.error(`Restore failed: ${err instanceof Refusal ? err.message : ((err as Error).stack ?? String(err))}`);
    return 1;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
