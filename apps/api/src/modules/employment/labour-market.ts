import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql, type Expression, type SqlBool } from 'kysely';
import { z } from 'zod';
import { LABOUR_MARKET_API, LABOUR_MARKET_SUBJECT } from '@portal/domain/employment/referrals';
import { translate, type Language } from '@portal/domain/i18n';
import type { Executor } from '../../catalog/context.ts';
import type { Principal } from '../../platform/access/index.ts';
import { scopeCondition } from '../../platform/access/scope.ts';
import { renderDocument } from '../../platform/documents/index.ts';
import { languageOf } from '../../platform/errors/handler.ts';
import { summaryTableRoutes, totalsOf, type SummaryAnswerOf } from '../../platform/excel/summary-table.ts';
import { contentDisposition } from '../../platform/files/index.ts';
import { getPortalConfig } from '../configuration/index.ts';
import { clock } from '../../platform/clock/index.ts';

/**
 * The quarterly labour-market information report: by occupation × commune, the supply (people seeking work: the
 * job seekers still looking, and the communes' labour-supply collection) and the demand (places the vacancies
 * posted in the quarter ask for, and the recruitment-demand collection), the gap between them, and the centre's
 * work (new job seekers, vacancies, referrals, placements); unemployment-insurance decisions by commune, without
 * an occupation. Within the caller's scope (a commune its own wards). The table, its xlsx file and a PDF.
 */

export const labourMarketQuery = z.object({
  /** Absent: the current quarter. */
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  quarter: z.coerce.number().int().min(1).max(4).optional(),
  occupationId: z.uuid().optional(),
  wardId: z
    .string()
    .regex(/^(legacy|2025):\d{2,5}$/)
    .optional(),
});
export type LabourMarketQuery = z.infer<typeof labourMarketQuery>;

export const LABOUR_MARKET_COUNTS = [
  'seeking',
  'supplySurvey',
  'positions',
  'demandSurvey',
  'gap',
  'seekersNew',
  'vacancies',
  'referrals',
  'placements',
  'claimants',
] as const;
type Count = (typeof LABOUR_MARKET_COUNTS)[number];

export const labourMarketRow = z.object({
  occupationId: z.string().nullable(),
  occupationName: z.string().nullable(),
  wardId: z.string().nullable(),
  wardName: z.string().nullable(),
  ...Object.fromEntries(LABOUR_MARKET_COUNTS.map((k) => [k, z.number()])),
}) as unknown as z.ZodObject<
  {
    occupationId: z.ZodNullable<z.ZodString>;
    occupationName: z.ZodNullable<z.ZodString>;
    wardId: z.ZodNullable<z.ZodString>;
    wardName: z.ZodNullable<z.ZodString>;
  } & Record<Count, z.ZodNumber>
>;
type Row = z.infer<typeof labourMarketRow>;

export function quarterPeriod(year: number, quarter: number): { from: string; to: string } {
  const first = (quarter - 1) * 3 + 1;
  return {
    from: `${year}-${String(first).padStart(2, '0')}-01`,
    to: new Date(Date.UTC(year, first + 2, 0)).toISOString().slice(0, 10),
  };
}

/** The quarter asked for, or the current one. */
export function resolvedQuarter(q: LabourMarketQuery, today = clock.today()): { year: number; quarter: number } {
  return {
    year: q.year ?? Number(today.slice(0, 4)),
    quarter: q.quarter ?? Math.floor((Number(today.slice(5, 7)) - 1) / 3) + 1,
  };
}

export async function labourMarketReport(
  db: Executor,
  principal: Principal | null,
  query: LabourMarketQuery,
): Promise<SummaryAnswerOf<Row, Count>> {
  const q = { ...query, ...resolvedQuarter(query) };
  const { from, to } = quarterPeriod(q.year, q.quarter);
  /** The caller's scope and the filters, over a commune column and an occupation column. */
  const where = (ward: string, occupation: string | null): Expression<SqlBool> => {
    const parts: Expression<SqlBool>[] = [];
    const scope = scopeCondition(principal, { localUnitColumn: ward });
    if (scope) parts.push(scope);
    if (q.wardId) parts.push(sql<SqlBool>`${sql.ref(ward)} = ${q.wardId}`);
    if (q.occupationId)
      parts.push(occupation ? sql<SqlBool>`${sql.ref(occupation)} = ${q.occupationId}::uuid` : sql<SqlBool>`false`);
    return parts.length ? sql<SqlBool>`(${sql.join(parts, sql` and `)})` : sql<SqlBool>`true`;
  };
  const rows = await sql<{ occupation_id: string | null; ward_id: string | null; m: Count; n: number }>`
    with facts (occupation_id, ward_id, m, n) as (
      select s.occupation_id, s.admin_unit_id, 'seeking', count(*) from job_seeker s
        where s.deleted_at is null and s.status = 'seeking' and s.registered_date <= ${to}::date
          and ${where('s.admin_unit_id', 's.occupation_id')} group by 1, 2
      union all select s.occupation_id, s.admin_unit_id, 'seekersNew', count(*) from job_seeker s
        where s.deleted_at is null and s.registered_date between ${from}::date and ${to}::date
          and ${where('s.admin_unit_id', 's.occupation_id')} group by 1, 2
      union all select l.occupation_id, l.admin_unit_id, 'supplySurvey', sum(l.seeking) from labour_supply_survey l
        where l.deleted_at is null and l.year = ${q.year} and l.quarter = ${q.quarter}
          and ${where('l.admin_unit_id', 'l.occupation_id')} group by 1, 2
      union all select v.occupation_id, v.admin_unit_id, 'vacancies', count(*) from vacancy v
        where v.deleted_at is null and v.posted_date between ${from}::date and ${to}::date
          and ${where('v.admin_unit_id', 'v.occupation_id')} group by 1, 2
      union all select v.occupation_id, v.admin_unit_id, 'positions', sum(v.quantity) from vacancy v
        where v.deleted_at is null and v.posted_date between ${from}::date and ${to}::date
          and ${where('v.admin_unit_id', 'v.occupation_id')} group by 1, 2
      union all select d.occupation_id, d.admin_unit_id, 'demandSurvey', sum(d.wanted) from recruitment_demand_survey d
        where d.deleted_at is null and d.year = ${q.year} and d.quarter = ${q.quarter}
          and ${where('d.admin_unit_id', 'd.occupation_id')} group by 1, 2
      union all select s.occupation_id, r.seeker_ward, 'referrals', count(*) from job_referral r
          join job_seeker s on s.id = r.seeker_id
        where r.deleted_at is null and r.referred_on between ${from}::date and ${to}::date
          and ${where('r.seeker_ward', 's.occupation_id')} group by 1, 2
      union all select s.occupation_id, r.seeker_ward, 'placements', count(*) from job_referral r
          join job_seeker s on s.id = r.seeker_id
        where r.deleted_at is null and r.status = 'hired' and r.hired_date between ${from}::date and ${to}::date
          and ${where('r.seeker_ward', 's.occupation_id')} group by 1, 2
      union all select null::uuid, u.admin_unit_id, 'claimants', count(*) from unemployment_insurance u
        where u.deleted_at is null and u.decision_date between ${from}::date and ${to}::date
          and ${where('u.admin_unit_id', null)} group by 1, 2
    )
    select occupation_id::text, ward_id, m, sum(n)::int as n from facts group by 1, 2, 3`.execute(db);
  const names = await sql<{ kind: 'o' | 'w'; id: string; name: string; code: string }>`
    select 'o' as kind, id::text, name, code from type_of_profession
      where id = any(${sql.val([...new Set(rows.rows.map((r) => r.occupation_id).filter(Boolean))])}::uuid[])
    union all select 'w', id, full_name, code from admin_unit
      where id = any(${sql.val([...new Set(rows.rows.map((r) => r.ward_id).filter(Boolean))])}::text[])`.execute(db);
  const name = new Map(names.rows.map((n) => [`${n.kind}:${n.id}`, n]));
  const byKey = new Map<string, Row>();
  for (const r of rows.rows) {
    const key = `${r.occupation_id ?? ''}|${r.ward_id ?? ''}`;
    let row = byKey.get(key);
    if (!row) {
      row = {
        occupationId: r.occupation_id,
        occupationName: r.occupation_id ? (name.get(`o:${r.occupation_id}`)?.name ?? null) : null,
        wardId: r.ward_id,
        wardName: r.ward_id ? (name.get(`w:${r.ward_id}`)?.name ?? null) : null,
        ...(Object.fromEntries(LABOUR_MARKET_COUNTS.map((k) => [k, 0])) as Record<Count, number>),
      } as Row;
      byKey.set(key, row);
    }
    row[r.m] = Number(r.n);
  }
  const out = [...byKey.values()];
  for (const r of out) r.gap = r.positions + r.demandSurvey - (r.seeking + r.supplySurvey);
  const code = (kind: 'o' | 'w', id: string | null) => (id ? (name.get(`${kind}:${id}`)?.code ?? '') : '~');
  out.sort(
    (a, b) =>
      code('o', a.occupationId).localeCompare(code('o', b.occupationId)) ||
      code('w', a.wardId).localeCompare(code('w', b.wardId)),
  );
  return { from, to, rows: out, totals: totalsOf(out, LABOUR_MARKET_COUNTS) };
}

const texts = 'employment:labourMarket';
const permission = `${LABOUR_MARKET_SUBJECT}.read` as const;

/** The table and its xlsx file (the reports' summary-table mechanism), and the report as a PDF. */
const tableRoutes = summaryTableRoutes({
  path: LABOUR_MARKET_API.table,
  exportPath: LABOUR_MARKET_API.export,
  permission,
  tag: LABOUR_MARKET_SUBJECT,
  description:
    'The quarterly labour-market information report: supply, demand and the gap by occupation × commune, with the centre’s work, within the caller’s scope',
  query: labourMarketQuery,
  row: labourMarketRow,
  spec: {
    texts,
    columns: [
      { key: 'occupation', width: 44, text: (r, t) => r.occupationName ?? t('noOccupation') },
      { key: 'ward', width: 32, text: (r, t) => r.wardName ?? t('noWard') },
    ],
    counts: LABOUR_MARKET_COUNTS,
  },
  load: labourMarketReport,
});

/** The PDF: the quarter's totals, then supply, demand and the gap by occupation (communes added up). */
async function reportPdf(db: Executor, principal: Principal | null, query: LabourMarketQuery, lang: Language) {
  const q = { ...query, ...resolvedQuarter(query) };
  const report = await labourMarketReport(db, principal, q);
  const t = (key: string, vars: Record<string, string | number> = {}) => translate(lang, `${texts}.${key}`, vars);
  const province = (await getPortalConfig(db, lang)).provinceName.trim();
  const byOccupation = new Map<string, Record<Count, number> & { name: string }>();
  for (const r of report.rows) {
    const key = r.occupationName ?? t('noOccupation');
    const acc =
      byOccupation.get(key) ??
      ({ name: key, ...Object.fromEntries(LABOUR_MARKET_COUNTS.map((k) => [k, 0])) } as Record<Count, number> & {
        name: string;
      });
    for (const k of LABOUR_MARKET_COUNTS) acc[k] += r[k];
    byOccupation.set(key, acc);
  }
  const shown: Count[] = ['seeking', 'supplySurvey', 'positions', 'demandSurvey', 'gap', 'placements'];
  const n = (v: number) => v.toLocaleString('vi-VN');
  return renderDocument({
    lang,
    issuer: [...(province ? [t('pdf.province', { province: province.toLocaleUpperCase('vi') })] : []), t('pdf.issuer')],
    motto: [t('pdf.motto'), t('pdf.mottoSub')],
    title: t('pdf.title', { quarter: q.quarter, year: q.year }),
    paragraphs: [
      t('pdf.intro', {
        from: report.from.split('-').reverse().join('/'),
        to: report.to.split('-').reverse().join('/'),
      }),
    ],
    fields: LABOUR_MARKET_COUNTS.map((k) => ({ label: t(k), value: n(report.totals[k]) })),
    table: {
      columns: [t('occupation'), ...shown.map((k) => t(k))],
      rows: [...byOccupation.values()].map((r) => [r.name, ...shown.map((k) => n(r[k]))]),
    },
    footer: t('pdf.footer'),
    metadata: { title: t('pdf.title', { quarter: q.quarter, year: q.year }) },
  });
}

const routes: FastifyPluginAsyncZod = async (app) => {
  await app.register(tableRoutes);
  app.get(
    LABOUR_MARKET_API.pdf,
    {
      config: { permission },
      schema: {
        tags: [LABOUR_MARKET_SUBJECT],
        summary: 'The quarterly labour-market information report as a PDF',
        querystring: labourMarketQuery,
      },
    },
    async (request, reply) => {
      const lang = languageOf(request);
      const pdf = await reportPdf(app.db, request.principal, request.query, lang);
      const { year, quarter } = resolvedQuarter(request.query);
      return reply
        .header('content-type', 'application/pdf')
        .header(
          'content-disposition',
          contentDisposition(`${translate(lang, `${texts}.fileName`)}-Q${quarter}-${year}.pdf`),
        )
        .send(pdf);
    },
  );
};

export default routes;
