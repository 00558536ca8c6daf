import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { SeedContext, SeedStep } from '../seed/step.ts';
import type { OpContext } from './context.ts';
import { importRows } from './import.ts';
import { catalogOperations } from './operations.ts';
import { demoDepartmentUnits, demoRows, referenceRows } from './seed-data.ts';

/**
 * Catalogue rows at start-up, through the import operation (validated like a user's file). Each area's list is
 * written once: a marker in app_setting remembers it, so rows an administrator deleted or renamed later are
 * never brought back. A domain seeding rows of its own into an area another list seeds too (time limits) names
 * its lists apart with `prefix` (marker `{prefix}.{area key}`).
 */
export async function seedCatalogRows(
  db: Db,
  log: SeedContext['log'],
  prefix: string,
  lists: Record<string, Record<string, unknown>[]>,
): Promise<void> {
  const ctx: OpContext = { db, principal: null, lang: 'vi', request: null, system: true };
  for (const [key, rows] of Object.entries(lists)) {
    const marker = `${prefix}.${key}`;
    const done = await sql<{ key: string }>`select key from app_setting where key = ${marker}`.execute(db);
    if (done.rows.length) continue;
    await db.transaction().execute(async (trx) => {
      const outcome = await importRows(catalogOperations(key), { ...ctx, db: trx }, rows, { dryRun: false });
      const failed = outcome.data.filter((r) => !r.isSuccess);
      // Seed data is ours: a row that does not pass the area's own rules is a bug to fix, not to skip.
      if (failed.length) throw new Error(`Seed rows of ${key} are invalid: ${JSON.stringify(failed.slice(0, 3))}`);
      await sql`insert into app_setting (key, value) values (${marker}, ${JSON.stringify({ rows: rows.length })}::jsonb)`.execute(
        trx,
      );
      log.info({ catalog: key, created: outcome.created, updated: outcome.updated }, 'catalogue rows seeded');
    });
  }
}

export const catalogReferenceStep: SeedStep = {
  name: 'catalog-reference',
  kind: 'reference',
  order: 60,
  run: ({ db, log }) => seedCatalogRows(db, log, 'catalog.seeded.reference', referenceRows),
};

/** Lâm Đồng's units: department-level offices, and one district-level unit per commune/ward of the province. */
async function demoUnits(db: Db): Promise<Record<string, unknown>[]> {
  const wards = await sql<{ id: string; name: string; full_name: string }>`
      select id, name, full_name from admin_unit where province_id = '2025:68' and level = 'ward' order by code`.execute(
    db,
  );
  const wardByName = new Map(wards.rows.map((w) => [w.name, w.id]));
  const departments = demoDepartmentUnits.map(([code, name, ward]) => ({
    code,
    name,
    type: 'EducationDepartment',
    adminUnitId: wardByName.get(ward) ?? null,
  }));
  const communes = wards.rows.map((w, i) => ({
    code: `UBND-${String(i + 1).padStart(3, '0')}`,
    name: `Ủy ban nhân dân ${w.full_name}`,
    type: 'District',
    adminUnitId: w.id,
  }));
  return [...departments, ...communes];
}

export const catalogDemoStep: SeedStep = {
  name: 'catalog-demo',
  kind: 'demo',
  order: 160,
  run: async ({ db, log }) =>
    seedCatalogRows(db, log, 'catalog.seeded.demo', { ...demoRows, educationDepartment: await demoUnits(db) }),
};

/**
 * Stores rows of an area through its import operation (the same rules as a user's file) and answers their ids,
 * in order. Seed data is ours: a row the area's own rules refuse is a bug to fix, not to skip, so it throws.
 */
export async function storeSeedRows(ctx: OpContext, key: string, rows: Record<string, unknown>[]): Promise<string[]> {
  const outcome = await importRows(catalogOperations(key), ctx, rows, { dryRun: false });
  const failed = outcome.data.filter((r) => !r.isSuccess);
  if (failed.length) throw new Error(`Demo rows of ${key} are invalid: ${JSON.stringify(failed.slice(0, 3))}`);
  return outcome.data.map((r) => r.id!);
}
