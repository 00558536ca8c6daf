import { sql } from 'kysely';
import { DRAWING_BENEFIT } from '@portal/domain/employment/constants';
import { catalogueHook, type CatalogueHookEntry } from '../../catalog/index.ts';
import type { OpContext } from '../../catalog/context.ts';

/**
 * People drawing unemployment benefit appear among the job seekers as claimants: a job seeker's `claimant` flag
 * says whether a benefit decision for the same citizen ID is approved or paying. It is stored (so the list filters
 * on it) and kept here whenever either side is written, deleted or restored, by a form, an import or a seed.
 */

const drawing = sql.val([...DRAWING_BENEFIT]);

/** Whether someone holding this citizen ID draws the benefit, leaving out the decisions `except`. */
const drawsBenefit = (citizenId: unknown, except: readonly string[] = []) =>
  sql<boolean>`exists (select 1 from unemployment_insurance u where u.citizen_id = ${citizenId}
    and u.deleted_at is null and u.status = any(${drawing}::text[])
    and not (u.id = any(${sql.val([...except])}::uuid[])))`;

/** Sets the flag of the job seekers holding these citizen IDs from their benefit decisions now. */
async function refresh(ctx: OpContext, citizenIds: readonly string[], except: readonly string[] = []): Promise<void> {
  for (const id of new Set(citizenIds.filter(Boolean)))
    await sql`update job_seeker set claimant = ${drawsBenefit(id, except)}
      where citizen_id = ${id} and claimant is distinct from ${drawsBenefit(id, except)}`.execute(ctx.db);
}

async function citizensOf(ctx: OpContext, ids: readonly string[]): Promise<string[]> {
  const rows = await sql<{ citizen_id: string }>`select citizen_id from unemployment_insurance
    where id = any(${sql.val([...ids])}::uuid[])`.execute(ctx.db);
  return rows.rows.map((r) => r.citizen_id);
}

export const claimantHooks: CatalogueHookEntry[] = [
  catalogueHook('jobSeeker', {
    async beforeChange({ ctx, data, original }) {
      const citizenId = data.citizenId ?? original?.citizenId;
      if (!citizenId) return;
      const row = await sql<{ drawing: boolean }>`select ${drawsBenefit(citizenId)} as drawing`.execute(ctx.db);
      return { ...data, claimant: row.rows[0]!.drawing };
    },
  }),
  catalogueHook('unemploymentInsurance', {
    async beforeChange({ ctx, data, original }) {
      // A decision moved to another person: the first loses the flag unless another decision holds it.
      if (original && data.citizenId && data.citizenId !== original.citizenId)
        await refresh(ctx, [String(original.citizenId)], [original.id]);
    },
    async afterChange({ ctx, record }) {
      await refresh(ctx, [String(record.citizenId)]);
    },
    async beforeDelete({ ctx, ids }) {
      await refresh(ctx, await citizensOf(ctx, ids), ids);
    },
    async afterRestore({ ctx, ids }) {
      await refresh(ctx, await citizensOf(ctx, ids));
    },
  }),
];
