/**
 * npm run backup -- [--out <file or folder>]
 *
 * One archive (.tar.gz) with the database and the stored files it references, consistent with each other, and a
 * manifest (portal version, migration level, rows per table, every file's sha256). See --help.
 */
import { spawn } from 'node:child_process';
import { existsSync, statSync, type Dirent } from 'node:fs';
import { link, copyFile, mkdir, mkdtemp, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/database.ts';
import { sha256File, writeArchive, type ArchiveEntry } from './backup/archive.ts';
import {
  embeddedInUse,
  filesDir,
  formatBytes,
  MANIFEST_FORMAT,
  MANIFEST_VERSION,
  migrationLevel,
  pgliteDir,
  portalVersion,
  referencedFiles,
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

export const backupHelp = `Usage: npm run backup -- [--out <file or folder>]

Writes one archive (.tar.gz) holding the portal's database, the stored files it references, the generated
secrets in DATA_DIR/secrets, and manifest.json (portal version, migration level, rows per table, sha256 of
every file). Reads DATA_DIR and DATABASE_URL like the portal does.

  PostgreSQL (DATABASE_URL set): runs while the portal runs. pg_dump (custom format) and the manifest read one
    snapshot of the database; files are captured before and after that snapshot, so every file it references
    is in the archive even while users upload or delete files.
  Embedded database (no DATABASE_URL): stop the portal first (the embedded database has one user at a time);
    the backup refuses while the portal is running.

Options:
  --out <path>   archive file, or an existing folder to put it in (default: ./backups/)
  --help         this text

Keep archives safe: they hold personal data and the portal's token signing secret.`;

export interface BackupOptions extends Target {
  /** An archive path, or an existing folder. */
  out: string;
  log?: Log;
}

export interface BackupResult {
  archive: string;
  bytes: number;
  manifest: Manifest;
  seconds: number;
}

function archivePath(out: string, kind: string): string {
  const stamp = new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, '')
    .replace('T', '-');
  const name = `portal-${kind}-${stamp}.tar.gz`;
  if (existsSync(out) && statSync(out).isDirectory()) return path.resolve(out, name);
  if (out.endsWith('/') || out.endsWith(path.sep)) return path.resolve(out, name);
  return path.resolve(out);
}

/** Hard links (a copy across file systems): the stored files are written once and never changed in place. */
async function capture(from: string, to: string): Promise<void> {
  await mkdir(path.dirname(to), { recursive: true });
  try {
    await link(from, to);
  } catch (err) {
    if ((err as { code?: string }).code !== 'EXDEV' && (err as { code?: string }).code !== 'EPERM') throw err;
    await copyFile(from, to);
  }
}

async function captureTree(from: string, to: string, relative = ''): Promise<number> {
  let n = 0;
  let names: Dirent[];
  try {
    names = await readdir(path.join(from, relative), { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of names) {
    const rel = path.join(relative, entry.name);
    if (entry.isDirectory()) n += await captureTree(from, to, rel);
    // `.part`: a file still being written, not yet a stored file.
    else if (entry.isFile() && !entry.name.endsWith('.part')) {
      try {
        await capture(path.join(from, rel), path.join(to, rel));
        n++;
      } catch (err) {
        // Removed between the listing and the link: not a file the snapshot can need (it was deleted before).
        if ((err as { code?: string }).code !== 'ENOENT') throw err;
      }
    }
  }
  return n;
}

interface Snapshot {
  serverVersion: string;
  tables: Record<string, number>;
  migrations: { count: number; last: string | null };
  files: Array<{ key: string; sha256: string | null }>;
}

async function readSnapshot(db: Queryable): Promise<Snapshot> {
  const version = await db.query<{ v: string }>(`select current_setting('server_version') as v`);
  return {
    serverVersion: version.rows[0]?.v ?? '',
    tables: await tableCounts(db),
    migrations: await migrationLevel(db),
    files: await referencedFiles(db),
  };
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

/** pg_dump and the manifest's figures from one exported snapshot, held open until the dump has read it. */
async function dumpPostgres(
  url: string,
  file: string,
  log: Log,
  onSnapshot: (s: Snapshot) => Promise<void>,
): Promise<Snapshot> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ id: string }>('select pg_export_snapshot() as id');
    const snapshot = await readSnapshot(client);
    log(`  database snapshot: ${Object.keys(snapshot.tables).length} tables, ${totalRows(snapshot.tables)} rows`);
    await onSnapshot(snapshot);
    await run('pg_dump', ['--format=custom', `--snapshot=${rows[0]!.id}`, `--file=${file}`, `--dbname=${url}`]);
    await client.query('commit');
    return snapshot;
  } finally {
    await client.end();
  }
}

/** The embedded database with the portal stopped: nothing else writes while its data dir is copied. */
async function checkEmbedded(dataDir: string): Promise<void> {
  if (!existsSync(path.join(pgliteDir(dataDir), 'PG_VERSION'))) {
    throw new Refusal(
      `no embedded database in ${path.resolve(dataDir)} (set DATA_DIR, or DATABASE_URL for PostgreSQL)`,
    );
  }
  if (await embeddedInUse(dataDir)) {
    throw new Refusal('the portal is running on this data dir: stop it first (the embedded database has one user)');
  }
}

async function dumpEmbedded(
  dataDir: string,
  file: string,
  log: Log,
  onSnapshot: (s: Snapshot) => Promise<void>,
): Promise<Snapshot> {
  // Again just before opening it: a portal started since the first check must not share the data dir.
  await checkEmbedded(dataDir);
  const database = await openDatabase({ url: undefined, dataDir });
  try {
    const snapshot = await readSnapshot(database.pool);
    log(`  database snapshot: ${Object.keys(snapshot.tables).length} tables, ${totalRows(snapshot.tables)} rows`);
    await onSnapshot(snapshot);
    const tar = await database.embedded!.dumpDataDir();
    await writeFile(file, Buffer.from(await tar.arrayBuffer()), { mode: 0o600 });
    return snapshot;
  } finally {
    await database.close();
  }
}

export async function runBackup(options: BackupOptions): Promise<BackupResult> {
  const log = options.log ?? (() => {});
  const started = performance.now();
  const kind = options.databaseUrl ? 'postgres' : 'embedded';
  const archive = archivePath(options.out, kind);
  if (existsSync(archive)) throw new Refusal(`${archive} exists already`);
  if (kind === 'embedded') await checkEmbedded(options.dataDir);
  await mkdir(path.dirname(archive), { recursive: true });
  await mkdir(options.dataDir, { recursive: true });
  // Beside the stored files, so that capturing one is a hard link rather than a copy.
  const staging = await mkdtemp(path.join(options.dataDir, '.backup-'));
  try {
    log(`Backing up the ${kind === 'postgres' ? 'PostgreSQL' : 'embedded'} database and ${filesDir(options.dataDir)}`);
    // Files first: one the snapshot references but that is deleted right after it is still captured here.
    const early = await captureTree(filesDir(options.dataDir), path.join(staging, 'files'));
    log(`  stored files captured: ${early}`);
    const dbEntry = kind === 'postgres' ? 'database.dump' : 'database.pglite.tar';
    const dbFile = path.join(staging, dbEntry);
    // Right after the snapshot is read (before the dump, which can take minutes), the files it references that
    // were written since the first pass: the window in which one could be both new and deleted is milliseconds.
    const missing = new Set<string>();
    const captureReferenced = async (s: Snapshot) => {
      for (const ref of s.files) {
        const staged = path.join(staging, 'files', ref.key);
        if (existsSync(staged)) continue;
        try {
          await capture(path.join(filesDir(options.dataDir), ref.key), staged);
        } catch (err) {
          if ((err as { code?: string }).code !== 'ENOENT') throw err;
          missing.add(ref.key);
        }
      }
    };
    const snapshot =
      kind === 'postgres'
        ? await dumpPostgres(options.databaseUrl!, dbFile, log, captureReferenced)
        : await dumpEmbedded(options.dataDir, dbFile, log, captureReferenced);
    const dbBytes = (await stat(dbFile)).size;
    log(`  database written: ${formatBytes(dbBytes)}`);

    const files: Manifest['files'] = [];
    const entries: ArchiveEntry[] = [{ name: dbEntry, source: { file: dbFile, size: dbBytes } }];
    for (const ref of snapshot.files) {
      if (missing.has(ref.key)) continue;
      const staged = path.join(staging, 'files', ref.key);
      const sha256 = await sha256File(staged);
      const bytes = (await stat(staged)).size;
      if (ref.sha256 && ref.sha256 !== sha256) log(`  warning: ${ref.key} differs from the sha256 the database holds`);
      files.push({ key: ref.key, bytes, sha256 });
      entries.push({ name: `files/${ref.key}`, source: { file: staged, size: bytes } });
    }
    const missingFiles = [...missing];
    for (const key of missingFiles) log(`  warning: ${key} is referenced by the database but missing from the files`);

    const secrets: Manifest['secrets'] = [];
    const secretNames = existsSync(secretsDir(options.dataDir)) ? await readdir(secretsDir(options.dataDir)) : [];
    for (const name of secretNames.sort()) {
      const file = path.join(secretsDir(options.dataDir), name);
      if (!(await stat(file)).isFile()) continue;
      const bytes = (await stat(file)).size;
      secrets.push({ name, bytes, sha256: await sha256File(file) });
      entries.push({ name: `secrets/${name}`, source: { file, size: bytes } });
    }

    const manifest: Manifest = {
      format: MANIFEST_FORMAT,
      formatVersion: MANIFEST_VERSION,
      createdAt: new Date().toISOString(),
      portalVersion: portalVersion(),
      database: {
        kind,
        serverVersion: snapshot.serverVersion,
        entry: dbEntry,
        bytes: dbBytes,
        sha256: await sha256File(dbFile),
        migrations: snapshot.migrations,
      },
      tables: snapshot.tables,
      files,
      missingFiles,
      secrets,
    };
    entries.unshift({ name: 'manifest.json', source: { data: Buffer.from(JSON.stringify(manifest, null, 2)) } });
    log(`  writing ${archive}`);
    // Under another name until whole: a scheduled copy never picks up half an archive.
    const partial = `${archive}.part`;
    try {
      await writeArchive(partial, entries);
      await rename(partial, archive);
    } catch (err) {
      await rm(partial, { force: true });
      throw err;
    }
    const bytes = (await stat(archive)).size;
    const seconds = (performance.now() - started) / 1000;
    log(
      `Backup done in ${seconds.toFixed(1)} s: ${archive} (${formatBytes(bytes)}); ` +
        `${Object.keys(manifest.tables).length} tables, ${totalRows(manifest.tables)} rows, ` +
        `${files.length} files (${formatBytes(files.reduce((a, f) => a + f.bytes, 0))}), ` +
        `migration ${manifest.database.migrations.last ?? 'none'}` +
        (missingFiles.length ? `; ${missingFiles.length} referenced files were missing` : ''),
    );
    return { archive, bytes, manifest, seconds };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function main(argv: string[]): Promise<number> {
  let out = 'backups/';
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') {
      console.log(backupHelp);
      return 0;
    }
    if (arg === '--out' && argv[i + 1]) out = argv[++i]!;
    else if (arg.startsWith('--out=')) out = arg.slice('--out='.length);
    else {
      console.error(`unknown argument ${arg}\n\n${backupHelp}`);
      return 2;
    }
  }
  try {
    await runBackup({ ...targetFromEnvironment(), out, log: (line) => console.log(line) });
    return 0;
  } catch (err) {
    console.error(`Backup failed: ${err instanceof Refusal ? err.message : ((err as Error).stack ?? String(err))}`);
    return 1;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
