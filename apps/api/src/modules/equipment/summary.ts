import { sql, type Expression, type SqlBool } from 'kysely';
import { z } from 'zod';
import { EQUIPMENT_PERMISSIONS } from '@portal/domain/equipment/features';
import type { Executor } from '../../catalog/context.ts';
import type { Principal } from '../../platform/access/index.ts';
import { clock } from '../../platform/clock/index.ts';
import { summaryTableRoutes, totalsOf, type SummaryAnswerOf } from '../../platform/excel/summary-table.ts';
import { machineScope } from './scope.ts';

/**
 * The summary table (/bang-tong-hop-kiem-dinh-thiet-bi): machines by type × commune × status, for the machines
 * in service by the end of the period (first used, or registered, on or before `to`), with those overdue or
 * never declared on that day and those inspected within the period. Within the caller's scope.
 */
export const summaryQuery = z
  .object({
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
    indexEquipmentId: z.uuid().optional(),
    wardId: z
      .string()
      .regex(/^(legacy|2025):\d{2,5}$/)
      .optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'from ≤ to', path: ['to'] });
export type SummaryQuery = z.infer<typeof summaryQuery>;

const COUNTS = ['inUse', 'outOfUse', 'scrapped', 'overdue', 'undeclared', 'inspected'] as const;
export const summaryRow = z.object({
  typeId: z.string(),
  typeName: z.string(),
  wardId: z.string().nullable(),
  wardName: z.string().nullable(),
  inUse: z.number(),
  outOfUse: z.number(),
  scrapped: z.number(),
  overdue: z.number(),
  undeclared: z.number(),
  inspected: z.number(),
});
export type SummaryAnswer = SummaryAnswerOf<z.infer<typeof summaryRow>, (typeof COUNTS)[number]>;

export async function equipmentSummary(
  db: Executor,
  principal: Principal | null,
  q: SummaryQuery,
): Promise<SummaryAnswer> {
  const to = q.to ?? clock.today();
  const from = q.from ?? `${to.slice(0, 4)}-01-01`;
  const where: Expression<SqlBool>[] = [
    sql<SqlBool>`e.deleted_at is null`,
    machineScope(principal),
    sql<SqlBool>`coalesce(e.first_use_date, e.created_at::date) <= ${to}::date`,
  ];
  if (q.indexEquipmentId) where.push(sql<SqlBool>`e.index_equipment_id = ${q.indexEquipmentId}::uuid`);
  if (q.wardId) where.push(sql<SqlBool>`e.ward_id = ${q.wardId}`);
  const rows = await sql<{
    type_id: string;
    type_name: string;
    ward_id: string | null;
    ward_name: string | null;
    in_use: string;
    out_of_use: string;
    scrapped: string;
    overdue: string;
    undeclared: string;
    inspected: string;
  }>`select e.index_equipment_id as type_id, t.name as type_name, e.ward_id, au.full_name as ward_name,
      count(*) filter (where e.status = 'inUse') as in_use,
      count(*) filter (where e.status = 'outOfUse') as out_of_use,
      count(*) filter (where e.status = 'scrapped') as scrapped,
      count(*) filter (where e.status = 'inUse' and e.next_due_date < ${to}::date) as overdue,
      count(*) filter (where e.status = 'inUse' and e.declaration_status in ('none', 'refused')) as undeclared,
      count(*) filter (where e.last_inspection_date between ${from}::date and ${to}::date) as inspected
    from equipment e
    join index_equipment t on t.id = e.index_equipment_id
    left join admin_unit au on au.id = e.ward_id
    where ${sql.join(where, sql` and `)}
    group by e.index_equipment_id, t.name, t.code, e.ward_id, au.full_name
    order by t.code, au.full_name nulls last`.execute(db);
  const out = rows.rows.map((r) => ({
    typeId: r.type_id,
    typeName: r.type_name,
    wardId: r.ward_id,
    wardName: r.ward_name,
    inUse: Number(r.in_use),
    outOfUse: Number(r.out_of_use),
    scrapped: Number(r.scrapped),
    overdue: Number(r.overdue),
    undeclared: Number(r.undeclared),
    inspected: Number(r.inspected),
  }));
  return { from, to, rows: out, totals: totalsOf(out, COUNTS) };
}

/** The table and its xlsx file: the reports' summary-table mechanism. */
export default summaryTableRoutes({
  path: '/api/Equipment/summary',
  exportPath: '/api/Equipment/summary/export-excel',
  permission: EQUIPMENT_PERMISSIONS.read,
  tag: 'Equipment',
  description: 'Machines by type × commune × status for a period, within the caller’s scope',
  query: summaryQuery,
  row: summaryRow,
  spec: {
    texts: 'equipment:summary',
    columns: [
      { key: 'type', width: 48, text: (r) => r.typeName },
      { key: 'ward', width: 36, text: (r, t) => r.wardName ?? t('noWard') },
    ],
    counts: COUNTS,
  },
  load: equipmentSummary,
});
