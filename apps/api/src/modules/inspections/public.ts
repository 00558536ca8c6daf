import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql, type Expression, type SqlBool } from 'kysely';
import {
  publicInspectionPage,
  publicInspectionQuery,
  type PublicInspectedEmployer,
} from '@portal/domain/inspections/schemas';
import type { InspectionKind, InspectionTopic, RequirementStatus } from '@portal/domain/inspections/state';
import type { Executor } from '../../catalog/context.ts';
import { matchesKeyword } from '../../db/search.ts';
import { sqlPage } from '../../platform/list/index.ts';
import { errorBodySchema } from '../../platform/errors/app-error.ts';
import { PUBLIC_LOOKUP_RATE } from '../../platform/http/public-lookup.ts';

/**
 * The public look-up of inspections (`/tra-cuu-thong-tin-thanh-tra-kiem-tra`): an employer found by its name or
 * tax code (accent-free), and its concluded inspections — date, kind, topic, the conclusion, the provisions breached
 * with the fines, what had to be fixed and whether it was. Never a person's name (team, signer, employer's staff),
 * never a file, never the findings' working notes.
 */
export async function lookupInspections(
  db: Executor,
  q: { keyWord: string; pageNumber: number; pageSize: number },
): Promise<{ pageLists: PublicInspectedEmployer[]; totalRecord: number }> {
  const concluded = sql`i.deleted_at is null and i.status in ('concluded', 'closed')`;
  const where: Expression<SqlBool>[] = [
    sql<SqlBool>`b.deleted_at is null`,
    sql<SqlBool>`exists (select 1 from labour_inspection i where i.business_id = b.id and ${concluded})`,
    matchesKeyword(['b.name', 'b.code'], q.keyWord) as Expression<SqlBool>,
  ];
  const employers = await sqlPage<{ id: string; name: string; code: string; active: boolean }>(db, q, {
    select: sql`b.id, b.name, b.code, (b.status = 'active') as active`,
    from: sql`business b`,
    where,
    order: sql`b.name, b.id`,
  });
  const ids = employers.rows.map((e) => e.id);
  if (!ids.length) return { pageLists: [], totalRecord: employers.total };
  const inspections = await sql<{
    id: string;
    business_id: string;
    kind: InspectionKind;
    topic: InspectionTopic;
    decision_number: string | null;
    inspected_on: string;
    status: 'concluded' | 'closed';
    conclusion_number: string | null;
    conclusion_date: string | null;
    conclusion_summary: string | null;
  }>`select i.id, i.business_id, i.kind, i.topic, i.decision_number,
      coalesce(i.actual_date, i.planned_from)::text as inspected_on, i.status, i.conclusion_number,
      i.conclusion_date::text, i.conclusion_summary
    from labour_inspection i where i.business_id in (${sql.join(ids)}) and ${concluded}
    order by coalesce(i.actual_date, i.planned_from) desc, i.id`.execute(db);
  const inspectionIds = inspections.rows.map((i) => i.id);
  const [violations, requirements] = inspectionIds.length
    ? await Promise.all([
        sql<{ inspection_id: string; legal_provision: string; fine_amount: string | null }>`select inspection_id,
            legal_provision, fine_amount from labour_inspection_violation
          where inspection_id in (${sql.join(inspectionIds)}) order by inspection_id, position`.execute(db),
        sql<{ inspection_id: string; content: string; deadline: string; status: RequirementStatus }>`select
            inspection_id, content, deadline::text, status from labour_inspection_requirement
          where inspection_id in (${sql.join(inspectionIds)}) order by inspection_id, position`.execute(db),
      ])
    : [{ rows: [] }, { rows: [] }];
  return {
    pageLists: employers.rows.map((e) => ({
      businessId: e.active ? e.id : null,
      businessName: e.name,
      taxCode: e.code,
      inspections: inspections.rows
        .filter((i) => i.business_id === e.id)
        .map((i) => ({
          kind: i.kind,
          topic: i.topic,
          decisionNumber: i.decision_number,
          inspectedOn: i.inspected_on,
          status: i.status,
          conclusionNumber: i.conclusion_number,
          conclusionDate: i.conclusion_date,
          conclusionSummary: i.conclusion_summary,
          violations: violations.rows
            .filter((v) => v.inspection_id === i.id)
            .map((v) => ({
              legalProvision: v.legal_provision,
              fineAmount: v.fine_amount == null ? null : Number(v.fine_amount),
            })),
          requirements: requirements.rows
            .filter((r) => r.inspection_id === i.id)
            .map((r) => ({ content: r.content, deadline: r.deadline, status: r.status })),
        })),
    })),
    totalRecord: employers.total,
  };
}

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/Inspection/public-lookup',
    {
      config: { permission: 'Auth.read', rateLimit: PUBLIC_LOOKUP_RATE },
      schema: {
        tags: ['Inspection'],
        summary:
          "Public look-up: employers by name or tax code with their concluded inspections (conclusion, provisions breached and fines, requirements' status; no personal data, no files)",
        querystring: publicInspectionQuery,
        response: { 200: publicInspectionPage, 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => lookupInspections(app.db, request.query),
  );
};

export default routes;
