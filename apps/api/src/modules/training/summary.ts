import { sql, type Expression, type SqlBool } from 'kysely';
import { z } from 'zod';
import type { Executor } from '../../catalog/context.ts';
import { catalogRegistry } from '../../catalog/registry.ts';
import { rowScope } from '../../catalog/scope.ts';
import type { Principal } from '../../platform/access/index.ts';
import { clock } from '../../platform/clock/index.ts';
import { summaryTableRoutes, totalsOf, type SummaryAnswerOf } from '../../platform/excel/summary-table.ts';

/**
 * The training summary table (/bang-tong-hop-huan-luyen-ATVSLĐ): people trained in a period — credentials issued
 * in it (revoked ones left out; those later superseded still count), one per person trained for a group — by
 * group × commune of the employer, and how many were a worker's first credential of the group (`initial`; the rest
 * are refreshers, `periodic`). Within the caller's scope, as the credential list.
 */
export const trainingSummaryQuery = z
  .object({
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
    targetTrainingId: z.uuid().optional(),
    wardId: z
      .string()
      .regex(/^(legacy|2025):\d{2,5}$/)
      .optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'from ≤ to', path: ['to'] });
export type TrainingSummaryQuery = z.infer<typeof trainingSummaryQuery>;

const COUNTS = ['issued', 'initial', 'periodic'] as const;
export const trainingSummaryRow = z.object({
  targetTrainingId: z.string(),
  targetTrainingName: z.string(),
  wardId: z.string().nullable(),
  wardName: z.string().nullable(),
  issued: z.number(),
  initial: z.number(),
  periodic: z.number(),
});
export type TrainingSummary = SummaryAnswerOf<z.infer<typeof trainingSummaryRow>, (typeof COUNTS)[number]>;

export async function trainingSummary(
  db: Executor,
  principal: Principal | null,
  q: TrainingSummaryQuery,
): Promise<TrainingSummary> {
  const to = q.to ?? clock.today();
  const from = q.from ?? `${to.slice(0, 4)}-01-01`;
  const where: Expression<SqlBool>[] = [
    sql<SqlBool>`c.deleted_at is null`,
    sql<SqlBool>`c.status <> 'revoked'`,
    sql<SqlBool>`c.issued_on between ${from}::date and ${to}::date`,
  ];
  const scope = rowScope(catalogRegistry.get('trainingCertificate'), principal, 'c');
  if (scope) where.push(scope);
  if (q.targetTrainingId) where.push(sql<SqlBool>`c.target_training_id = ${q.targetTrainingId}::uuid`);
  if (q.wardId) where.push(sql<SqlBool>`b.ward_code = ${q.wardId}`);
  const rows = await sql<{
    group_id: string;
    group_name: string;
    ward_id: string | null;
    ward_name: string | null;
    issued: number;
    initial: number;
  }>`select c.target_training_id as group_id, tt.name as group_name, b.ward_code as ward_id, au.full_name as ward_name,
      count(*)::int as issued,
      (count(*) filter (where not exists (select 1 from training_certificate e
        where e.worker_id = c.worker_id and e.target_training_id = c.target_training_id and e.deleted_at is null
          and e.status <> 'revoked' and e.issued_on < c.issued_on)))::int as initial
    from training_certificate c
    join target_training tt on tt.id = c.target_training_id
    left join business b on b.id = c.business_id
    left join admin_unit au on au.id = b.ward_code
    where ${sql.join(where, sql` and `)}
    group by c.target_training_id, tt.name, tt.code, b.ward_code, au.full_name
    order by tt.code, au.full_name nulls last, b.ward_code`.execute(db);
  const out = rows.rows.map((r) => ({
    targetTrainingId: r.group_id,
    targetTrainingName: r.group_name,
    wardId: r.ward_id,
    wardName: r.ward_name,
    issued: r.issued,
    initial: r.initial,
    periodic: r.issued - r.initial,
  }));
  return { from, to, rows: out, totals: totalsOf(out, COUNTS) };
}

/** The table and its xlsx file: the reports' summary-table mechanism. */
export default summaryTableRoutes({
  path: '/api/TrainingCertificate/get-summary',
  exportPath: '/api/TrainingCertificate/export-excel-summary',
  permission: 'TrainingCertificate.read',
  tag: 'TrainingCertificate',
  description: 'People trained (credentials issued) in a period by group × commune, within the caller’s scope',
  query: trainingSummaryQuery,
  row: trainingSummaryRow,
  spec: {
    texts: 'training:summary',
    columns: [
      { key: 'group', width: 40, text: (r) => r.targetTrainingName },
      { key: 'ward', width: 36, text: (r, t) => r.wardName ?? t('noWard') },
    ],
    counts: COUNTS,
  },
  load: trainingSummary,
});
