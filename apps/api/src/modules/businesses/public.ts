import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Executor } from '../../catalog/context.ts';
import { clock } from '../../platform/clock/index.ts';
import { errorBodySchema, notFound } from '../../platform/errors/app-error.ts';

/**
 * An employer's public page (`/chi-tiet-doanh-nghiep/{id}`): what the business registry and the department make
 * public about an organisation — its identity, its published violations, and how many of its machines with strict
 * safety requirements are in use and overdue for inspection. Active employers only; nothing about people (no
 * representative, no phone or e-mail, no workers).
 */

const publicViolation = z.object({
  id: z.string(),
  violationContent: z.string(),
  decisionNumber: z.string().nullable(),
  decisionDate: z.string().nullable(),
  fineAmount: z.number().nullable(),
  issuedBy: z.string().nullable(),
  publishedAt: z.string().nullable(),
});

export const publicEmployer = z.object({
  id: z.string(),
  name: z.string(),
  taxCode: z.string(),
  address: z.string().nullable(),
  wardName: z.string().nullable(),
  sectorName: z.string().nullable(),
  typeName: z.string().nullable(),
  foundedOn: z.string().nullable(),
  violations: z.array(publicViolation),
  machines: z.object({
    inUse: z.number(),
    overdue: z.number(),
    dueSoon: z.number(),
  }),
});
export type PublicEmployer = z.infer<typeof publicEmployer>;

const DUE_SOON_DAYS = 30;

export async function publicEmployerPage(
  db: Executor,
  id: string,
  today = clock.today(),
): Promise<PublicEmployer | null> {
  const head = await sql<{
    id: string;
    name: string;
    code: string;
    address: string | null;
    ward_name: string | null;
    sector_name: string | null;
    type_name: string | null;
    registered_on: string | null;
  }>`select b.id, b.name, b.code, b.address, au.full_name as ward_name,
      (select s.name from business_sector_link l join bussiness_sector s on s.id = l.sector_id
        where l.business_id = b.id and s.deleted_at is null order by l.is_main desc, s.code limit 1) as sector_name,
      t.name as type_name, b.registered_on::text as registered_on
    from business b
    left join admin_unit au on au.id = b.ward_code
    left join bussiness_type t on t.id = b.business_type_id and t.deleted_at is null
    where b.id = ${id}::uuid and b.deleted_at is null and b.status = 'active'`.execute(db);
  const b = head.rows[0];
  if (!b) return null;
  const [violations, machines] = await Promise.all([
    sql<{
      id: string;
      violation_content: string;
      decision_number: string | null;
      decision_date: string | null;
      fine_amount: number | null;
      issued_by: string | null;
      published_at: Date | string | null;
    }>`select v.id, v.violation_content, v.decision_number, v.decision_date::text as decision_date,
        v.fine_amount::float8 as fine_amount, v.issued_by, v.published_at
      from violating_organization v
      where v.business_id = ${id}::uuid and v.is_published and v.deleted_at is null
      order by v.decision_date desc nulls last, v.id
      limit 100`.execute(db),
    // Overdue as on the machine's public page: in use, not failed (a failed machine must not be used at all).
    sql<{ in_use: string; overdue: string; due_soon: string }>`select
        count(*) as in_use,
        count(*) filter (where e.last_result is distinct from 'fail' and e.next_due_date < ${today}::date) as overdue,
        count(*) filter (where e.last_result is distinct from 'fail' and e.next_due_date >= ${today}::date
          and e.next_due_date <= ${today}::date + ${DUE_SOON_DAYS}::int) as due_soon
      from equipment e
      where e.business_id = ${id}::uuid and e.deleted_at is null and e.status = 'inUse'`.execute(db),
  ]);
  const m = machines.rows[0];
  return {
    id: b.id,
    name: b.name,
    taxCode: b.code,
    address: b.address,
    wardName: b.ward_name,
    sectorName: b.sector_name,
    typeName: b.type_name,
    foundedOn: b.registered_on,
    violations: violations.rows.map((v) => ({
      id: v.id,
      violationContent: v.violation_content,
      decisionNumber: v.decision_number,
      decisionDate: v.decision_date,
      fineAmount: v.fine_amount === null ? null : Number(v.fine_amount),
      issuedBy: v.issued_by,
      publishedAt: v.published_at === null ? null : new Date(v.published_at).toISOString(),
    })),
    machines: { inUse: Number(m?.in_use ?? 0), overdue: Number(m?.overdue ?? 0), dueSoon: Number(m?.due_soon ?? 0) },
  };
}

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/Bussiness/public/:id',
    {
      config: { permission: 'Auth.read', rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['Bussiness'],
        summary:
          "An active employer's public page: identity, published violations, machines in use and overdue (no people's data)",
        params: z.object({ id: z.uuid() }),
        response: { 200: publicEmployer, 400: errorBodySchema, 404: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => {
      const page = await publicEmployerPage(app.db, request.params.id);
      if (!page) throw notFound();
      return page;
    },
  );
};

export default routes;
