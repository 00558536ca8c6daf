import type { Kysely } from 'kysely';
import { ensureCatalogSchema } from '../../catalog/schema.ts';

// Catalogue areas (positions, groups, organisation structure, business types and sectors, occupations, …):
// their tables are derived from the declarations in packages/domain/src/catalog/areas. This creates them for
// the first time; migrateToLatest() re-runs the same idempotent sync after every migration run, so an area
// added later only needs its declaration file.
export async function up(db: Kysely<unknown>): Promise<void> {
  await ensureCatalogSchema(db);
}

export async function down(): Promise<void> {
  throw new Error('forward-only');
}
