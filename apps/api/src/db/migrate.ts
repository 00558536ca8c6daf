import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { Db } from './database.ts';
import { ensureCatalogSchema } from '../catalog/schema.ts';
import { catalogRegistry } from '../catalog/registry.ts';

const migrationsDir = path.join(import.meta.dirname, 'migrations');

/**
 * Forward-only migrations: every file in db/migrations, in name order (NNNN_domain_what.ts).
 * A landed migration is never edited; a change is a new file.
 */
class FolderProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await readdir(migrationsDir)).filter((f) => /^\d{4}_.+\.ts$/.test(f)).sort();
    const out: Record<string, Migration> = {};
    for (const file of files) {
      const mod = (await import(pathToFileURL(path.join(migrationsDir, file)).href)) as Migration;
      out[file.replace(/\.ts$/, '')] = mod;
    }
    return out;
  }
}

export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new FolderProvider(), allowUnorderedMigrations: false });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? '?'} failed: ${(error as Error).message}`, { cause: error });
  }
  // Repeatable step: catalogue tables follow their declarations (an area added later needs no numbered migration).
  await ensureCatalogSchema(db, catalogRegistry, { afterMigrations: true });
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
