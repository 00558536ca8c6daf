/** What the backup and the restore share: the manifest, the counts, where things live, the running-portal check. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { loadConfig } from '../../apps/api/src/config.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');

export const MANIFEST_FORMAT = 'labour-safety-portal-backup';
export const MANIFEST_VERSION = 1;

export type DatabaseKind = 'embedded' | 'postgres';

export interface Manifest {
  format: typeof MANIFEST_FORMAT;
  formatVersion: number;
  createdAt: string;
  portalVersion: string;
  database: {
    kind: DatabaseKind;
    serverVersion: string;
    /** The archive entry: a pg_dump custom-format file, or the embedded database's data dir (tar). */
    entry: 'database.dump' | 'database.pglite.tar';
    bytes: number;
    sha256: string;
    /** Applied migrations: how many, and the last one's name. */
    migrations: { count: number; last: string | null };
  };
  /** Rows per table ("schema.table"), as of the database snapshot. */
  tables: Record<string, number>;
  /** Stored files the snapshot references (key under DATA_DIR/files). */
  files: Array<{ key: string; bytes: number; sha256: string }>;
  /** Referenced by the snapshot, but absent from DATA_DIR/files when the backup ran (damage it found, not made). */
  missingFiles: string[];
  /** DATA_DIR/secrets: generated keys (the token signing secret), so sessions and signed links survive. */
  secrets: Array<{ name: string; bytes: number; sha256: string }>;
}

export interface Target {
  dataDir: string;
  /** undefined → the embedded database under dataDir. */
  databaseUrl: string | undefined;
}

/** The portal's own configuration (DATA_DIR, DATABASE_URL), as the portal would read it. */
export function targetFromEnvironment(): Target {
  // The commands sign no tokens: a placeholder keeps loadConfig from generating a secret in the data dir.
  const config = loadConfig(process.env, { jwtSecret: 'x'.repeat(32) });
  if (config.databaseUrl?.startsWith('memory://')) throw new Error('an in-memory database cannot be backed up');
  return { dataDir: config.dataDir, databaseUrl: config.databaseUrl };
}

export function portalVersion(): string {
  const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'apps/api/package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

/** Migration names this version of the portal knows. */
export function knownMigrations(): string[] {
  return readdirSync(path.join(repoRoot, 'apps/api/src/db/migrations'))
    .filter((f) => /^\d{4}_.+\.ts$/.test(f))
    .map((f) => f.replace(/\.ts$/, ''))
    .sort();
}

export const filesDir = (dataDir: string) => path.join(dataDir, 'files');
export const secretsDir = (dataDir: string) => path.join(dataDir, 'secrets');
export const pgliteDir = (dataDir: string) => path.join(dataDir, 'pglite');

/** Anything that can run a query: a pg client or pool. */
export interface Queryable {
  query<R extends object>(text: string, values?: unknown[]): Promise<{ rows: R[] }>;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Rows in every table outside PostgreSQL's own schemas, in one statement (so in one snapshot). */
export async function tableCounts(db: Queryable): Promise<Record<string, number>> {
  const { rows: tables } = await db.query<{ schema: string; name: string }>(
    `select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
        and n.nspname not like 'pg\\_%' order by 1, 2`,
  );
  if (!tables.length) return {};
  const { rows } = await db.query<{ t: string; n: string | number }>(
    tables
      .map((t, i) => `select $${i + 1}::text as t, count(*) as n from ${ident(t.schema)}.${ident(t.name)}`)
      .join(' union all '),
    tables.map((t) => `${t.schema}.${t.name}`),
  );
  return Object.fromEntries(rows.map((r) => [r.t, Number(r.n)]));
}

export async function migrationLevel(db: Queryable): Promise<{ count: number; last: string | null }> {
  const { rows } = await db.query<{ ok: boolean }>(`select to_regclass('public.kysely_migration') is not null as ok`);
  if (!rows[0]?.ok) return { count: 0, last: null };
  const names = await db.query<{ name: string }>('select name from public.kysely_migration order by name');
  return { count: names.rows.length, last: names.rows.at(-1)?.name ?? null };
}

export async function referencedFiles(db: Queryable): Promise<Array<{ key: string; sha256: string | null }>> {
  const { rows } = await db.query<{ ok: boolean }>(`select to_regclass('public.stored_file') is not null as ok`);
  if (!rows[0]?.ok) return [];
  const files = await db.query<{ key: string; sha256: string | null }>(
    'select storage_key as key, sha256 from public.stored_file order by storage_key',
  );
  return files.rows;
}

/**
 * Whether a portal has the embedded database open: it listens on a socket in the data dir. (When that path is
 * too long for a socket the portal listens on a local port instead, and this cannot tell; stop the portal first.)
 */
export async function embeddedInUse(dataDir: string): Promise<boolean> {
  const socket = path.join(path.resolve(dataDir), '.s.PGSQL.5432');
  if (!existsSync(socket)) return false;
  return new Promise((resolve) => {
    const c = net.connect(socket);
    c.once('connect', () => {
      c.destroy();
      resolve(true);
    });
    c.once('error', () => resolve(false));
  });
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 ** 2) return `${(n / 1024).toFixed(1)} KB`;
  if (n < 1024 ** 3) return `${(n / 1024 ** 2).toFixed(1)} MB`;
  return `${(n / 1024 ** 3).toFixed(2)} GB`;
}

export type Log = (line: string) => void;

/** A refusal the operator can act on: printed as is, without a stack. */
export class Refusal extends Error {}

export function totalRows(tables: Record<string, number>): number {
  return Object.values(tables).reduce((a, b) => a + b, 0);
}
