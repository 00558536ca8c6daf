import ExcelJS from 'exceljs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql, type Expression, type SqlBool } from 'kysely';
import { z } from 'zod';
import { EQUIPMENT_PERMISSIONS } from '@portal/domain/equipment/features';
import { translate, type Language } from '@portal/domain/i18n';
import type { Executor } from '../../catalog/context.ts';
import { XLSX_MIME } from '../../catalog/excel.ts';
import type { Principal } from '../../platform/access/index.ts';
import { clock } from '../../platform/clock/index.ts';
import { errorBodySchema } from '../../platform/errors/app-error.ts';
import { contentDisposition } from '../../platform/files/index.ts';
import { languageOf } from '../../platform/errors/handler.ts';
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

const counts = {
  inUse: z.number(),
  outOfUse: z.number(),
  scrapped: z.number(),
  overdue: z.number(),
  undeclared: z.number(),
  inspected: z.number(),
};
export const summaryRow = z.object({
  typeId: z.string(),
  typeName: z.string(),
  wardId: z.string().nullable(),
  wardName: z.string().nullable(),
  ...counts,
});
export const summaryAnswer = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(summaryRow),
  totals: z.object(counts),
});
export type SummaryAnswer = z.infer<typeof summaryAnswer>;

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
  const totals = { inUse: 0, outOfUse: 0, scrapped: 0, overdue: 0, undeclared: 0, inspected: 0 };
  for (const r of out) for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += r[k];
  return { from, to, rows: out, totals };
}

const vnDate = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;

export async function summaryWorkbook(lang: Language, s: SummaryAnswer): Promise<Buffer> {
  const t = (key: string, vars: Record<string, string> = {}) => translate(lang, `equipment:summary.${key}`, vars);
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(t('sheet'));
  const keys = ['inUse', 'outOfUse', 'scrapped', 'overdue', 'undeclared', 'inspected'] as const;
  sheet.addRow([t('title')]).font = { bold: true, size: 13 };
  sheet.addRow([t('period', { from: vnDate(s.from), to: vnDate(s.to) })]);
  sheet.addRow([]);
  const header = sheet.addRow([t('type'), t('ward'), ...keys.map((k) => t(k))]);
  header.font = { bold: true };
  for (const r of s.rows) sheet.addRow([r.typeName, r.wardName ?? t('noWard'), ...keys.map((k) => r[k])]);
  sheet.addRow([t('total'), '', ...keys.map((k) => s.totals[k])]).font = { bold: true };
  sheet.columns = [{ width: 48 }, { width: 36 }, ...keys.map(() => ({ width: 16 }))];
  return Buffer.from(await book.xlsx.writeBuffer());
}

const routes: FastifyPluginAsyncZod = async (app) => {
  const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };
  app.get(
    '/api/Equipment/summary',
    {
      config: { permission: EQUIPMENT_PERMISSIONS.read },
      schema: {
        tags: ['Equipment'],
        summary: 'Machines by type × commune × status for a period, within the caller’s scope',
        querystring: summaryQuery,
        response: { 200: summaryAnswer, ...errors },
      },
    },
    async (request) => equipmentSummary(app.db, request.principal, request.query),
  );
  app.get(
    '/api/Equipment/summary/export-excel',
    {
      config: { permission: EQUIPMENT_PERMISSIONS.read },
      schema: {
        tags: ['Equipment'],
        summary: 'The summary table as an xlsx file',
        querystring: summaryQuery,
      },
    },
    async (request, reply) => {
      const lang = languageOf(request);
      const s = await equipmentSummary(app.db, request.principal, request.query);
      const file = await summaryWorkbook(lang, s);
      return reply
        .header('content-type', XLSX_MIME)
        .header('content-disposition', contentDisposition(`${translate(lang, 'equipment:summary.fileName')}.xlsx`))
        .send(file);
    },
  );
};

export default routes;
