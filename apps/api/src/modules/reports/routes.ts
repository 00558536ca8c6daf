import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql, type Expression, type SqlBool } from 'kysely';
import { z } from 'zod';
import { pageOf } from '@portal/domain/paging';
import { EXPECTED_API } from '@portal/domain/reports/assignment';
import { matchesKeyword } from '../../db/search.ts';
import type { Principal } from '../../platform/access/index.ts';
import { inLocalUnit } from '../../platform/access/scope.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { languageOf } from '../../platform/errors/handler.ts';
import { errorResponses, errorResponsesFor } from '../../platform/http/route-schemas.ts';
import { defineRunKind, runSchema } from '../../platform/jobs/runs.ts';
import { sqlPage } from '../../platform/list/index.ts';
import { openingOf, openPeriod, periodOf, type OpenedPeriod } from './expected.ts';
import { reportTypeById, type ReportType } from './types.ts';

/** The calls beyond the catalogue's own (report types, assignments and reminder steps are catalogue areas). */
export const REPORT_API = EXPECTED_API;

/** Who may open a period and evaluate it again: whoever keeps the assignments (the department). */
export const OPEN_PERIOD_PERMISSION = 'ReportAssignment.update';

const tags = ['Report'];
const REPORTER_KINDS = ['business', 'commune', 'serviceCentre', 'trainingBody', 'department'] as const;

/**
 * Which expected rows (alias `e`) the caller sees: the department (and administrators) all; a commune those of its
 * area, its own report included (its ward); an employer its own; a service centre or training body its own unit's.
 */
export function expectedScope(principal: Principal | null, alias = 'e'): Expression<SqlBool> | null {
  const col = (c: string) => sql.ref(`${alias}.${c}`);
  if (!principal) return sql<SqlBool>`false`;
  if (principal.role === 'admin') return null;
  const { unit } = principal;
  switch (unit.kind) {
    case 'department':
      return null;
    case 'district':
      return unit.localUnitCode ? inLocalUnit(col('ward_code'), unit.localUnitCode) : sql<SqlBool>`false`;
    case 'employer':
      return unit.businessId ? sql<SqlBool>`${col('business_id')} = ${unit.businessId}::uuid` : sql<SqlBool>`false`;
    default:
      return sql<SqlBool>`${col('reporter_key')} = ${unit.id}`;
  }
}

const typeQuery = {
  reportTypeId: z.uuid(),
  periodKey: z.string().trim().min(4).max(10),
};

const listQuery = z.object({
  ...typeQuery,
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
  keyWord: z.string().trim().max(200).optional(),
  wardCode: z.string().trim().max(40).optional(),
  state: z.enum(['active', 'removed', 'all']).default('active'),
  sortBy: z.enum(['reporterName', 'reporterKey', 'wardName', 'dueOn', 'removedAt']).optional(),
  sortOrder: z.enum(['asc', 'desc']).optional(),
});

const expectedRow = z.object({
  id: z.string(),
  reportTypeId: z.string(),
  periodKey: z.string(),
  reporterKind: z.enum(REPORTER_KINDS),
  reporterKey: z.string(),
  reporterName: z.string(),
  businessId: z.string().nullable(),
  /** The employer's tax code. */
  taxCode: z.string().nullable(),
  wardCode: z.string().nullable(),
  wardName: z.string().nullable(),
  sectorName: z.string().nullable(),
  opensOn: z.string(),
  dueOn: z.string(),
  closesOn: z.string().nullable(),
  assignmentId: z.string().nullable(),
  assignmentCode: z.string().nullable(),
  openedAt: z.string(),
  removedAt: z.string().nullable(),
  removedReason: z.string().nullable(),
});

const changeRow = z.object({
  id: z.string(),
  reporterKey: z.string(),
  reporterName: z.string(),
  change: z.enum(['added', 'removed', 'restored']),
  reason: z.string().nullable(),
  actorName: z.string().nullable(),
  at: z.string(),
});

const scheduleView = z.object({
  periodKey: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  opensOn: z.string(),
  dueOn: z.string(),
  closesOn: z.string().nullable(),
  deadlineRule: z.string(),
});

const periodRow = scheduleView.extend({
  openedAt: z.string(),
  evaluatedAt: z.string(),
  expected: z.number(),
  removed: z.number(),
  changes: z.number(),
});

const openAnswer = z.object({
  reportTypeId: z.string(),
  periodKey: z.string(),
  opened: z.boolean(),
  added: z.number(),
  restored: z.number(),
  removed: z.number(),
  expected: z.number(),
  schedule: scheduleView.extend({ legalBasis: z.string() }),
});

const openRun = runSchema(openAnswer);

interface OpenParams {
  reportTypeId: string;
  periodKey: string;
  actorId: string | null;
}

const SORTS: Record<string, string> = {
  reporterName: 'e.reporter_name',
  reporterKey: 'e.reporter_key',
  wardName: 'au.name',
  dueOn: 'e.due_on',
  removedAt: 'e.removed_at',
};

async function typeOf(db: Parameters<typeof reportTypeById>[0], id: string): Promise<ReportType> {
  const type = await reportTypeById(db, id);
  if (!type) throw new AppError(404, 'NOT_FOUND', { messageKey: 'reports:errors.typeNotFound' });
  return type;
}

const iso = (column: string) => sql.raw(`to_char(${column}, 'YYYY-MM-DD')`);
const stamp = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** `/api/Report/…`: who must report for a (type, period), the changes to that list, and opening a period. */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    REPORT_API.expected,
    {
      config: { permission: 'Report.read' },
      schema: {
        tags,
        summary:
          'Who must file a report type for a period (department: all; commune: its area; employer and unit: its own)',
        querystring: listQuery,
        response: { 200: pageOf(expectedRow), ...errorResponses },
      },
    },
    async (request) => {
      const query = request.query;
      const type = await typeOf(app.db, query.reportTypeId);
      const period = periodOf(type, query.periodKey);
      const where: Expression<SqlBool>[] = [
        sql<SqlBool>`e.report_type_id = ${type.id}::uuid`,
        sql<SqlBool>`e.period_key = ${period.key}`,
      ];
      const scope = expectedScope(request.principal);
      if (scope) where.push(scope);
      if (query.state === 'active') where.push(sql<SqlBool>`e.removed_at is null`);
      if (query.state === 'removed') where.push(sql<SqlBool>`e.removed_at is not null`);
      if (query.wardCode) where.push(inLocalUnit(sql.ref('e.ward_code'), query.wardCode));
      if (query.keyWord)
        where.push(
          sql<SqlBool>`${matchesKeyword([sql.ref('e.reporter_name'), sql`coalesce(b.code, '')`], query.keyWord)}`,
        );
      const sortColumn = SORTS[query.sortBy ?? 'reporterName']!;
      const direction = sql.raw(query.sortOrder === 'desc' ? 'desc nulls last' : 'asc nulls last');
      const page = await sqlPage<z.infer<typeof expectedRow>>(app.db, query, {
        select: sql`e.id::text as id, e.report_type_id::text as "reportTypeId", e.period_key as "periodKey",
          e.reporter_kind as "reporterKind", e.reporter_key as "reporterKey", e.reporter_name as "reporterName",
          e.business_id::text as "businessId", b.code as "taxCode", e.ward_code as "wardCode", au.name as "wardName",
          s.name as "sectorName", ${iso('e.opens_on')} as "opensOn", ${iso('e.due_on')} as "dueOn",
          ${iso('e.closes_on')} as "closesOn", e.assignment_id::text as "assignmentId", ra.code as "assignmentCode",
          ${stamp('e.opened_at')} as "openedAt", ${stamp('e.removed_at')} as "removedAt",
          e.removed_reason as "removedReason"`,
        from: sql`report_expected e
          left join business b on b.id = e.business_id
          left join admin_unit au on au.id = e.ward_code
          left join bussiness_sector s on s.id = e.sector_id
          left join report_assignment ra on ra.id = e.assignment_id`,
        where,
        order: sql`${sql.ref(sortColumn)} ${direction}, e.id`,
      });
      return { pageLists: page.rows, totalRecord: page.total };
    },
  );

  app.get(
    REPORT_API.changes,
    {
      config: { permission: 'Report.read' },
      schema: {
        tags,
        summary: 'Changes to who must report for a (type, period) after it opened, newest first',
        querystring: z.object({
          ...typeQuery,
          pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
          pageSize: z.coerce.number().int().min(1).max(200).default(20),
        }),
        response: { 200: pageOf(changeRow), ...errorResponses },
      },
    },
    async (request) => {
      const query = request.query;
      const type = await typeOf(app.db, query.reportTypeId);
      const period = periodOf(type, query.periodKey);
      const where: Expression<SqlBool>[] = [
        sql<SqlBool>`c.report_type_id = ${type.id}::uuid`,
        sql<SqlBool>`c.period_key = ${period.key}`,
      ];
      const scope = expectedScope(request.principal);
      if (scope)
        where.push(sql<SqlBool>`exists (select 1 from report_expected e where e.report_type_id = c.report_type_id
          and e.period_key = c.period_key and e.reporter_key = c.reporter_key and ${scope})`);
      const page = await sqlPage<z.infer<typeof changeRow>>(app.db, query, {
        select: sql`c.id::text as id, c.reporter_key as "reporterKey", c.reporter_name as "reporterName", c.change,
          c.reason, u.full_name as "actorName", ${stamp('c.at')} as at`,
        from: sql`report_expected_change c left join app_user u on u.id = c.actor_id`,
        where,
        order: sql`c.at desc, c.id`,
      });
      return { pageLists: page.rows, totalRecord: page.total };
    },
  );

  app.get(
    REPORT_API.periods,
    {
      config: { permission: 'Report.read' },
      schema: {
        tags,
        summary: 'The opened periods of a report type, newest first, with their schedule and counts',
        querystring: z.object({ reportTypeId: z.uuid() }),
        response: { 200: z.array(periodRow), ...errorResponses },
      },
    },
    async (request) => {
      const type = await typeOf(app.db, request.query.reportTypeId);
      const scope = expectedScope(request.principal);
      const mine = scope ?? sql<SqlBool>`true`;
      const { rows } = await sql<z.infer<typeof periodRow>>`
        select p.period_key as "periodKey", ${iso('p.period_start')} as "periodStart", ${iso('p.period_end')} as "periodEnd",
          ${iso('p.opens_on')} as "opensOn", ${iso('p.due_on')} as "dueOn", ${iso('p.closes_on')} as "closesOn",
          p.deadline_rule as "deadlineRule", ${stamp('p.opened_at')} as "openedAt",
          ${stamp('p.evaluated_at')} as "evaluatedAt",
          (select count(*) from report_expected e where e.report_type_id = p.report_type_id
            and e.period_key = p.period_key and e.removed_at is null and ${mine})::int as expected,
          (select count(*) from report_expected e where e.report_type_id = p.report_type_id
            and e.period_key = p.period_key and e.removed_at is not null and ${mine})::int as removed,
          (select count(*) from report_expected_change c where c.report_type_id = p.report_type_id
            and c.period_key = p.period_key)::int as changes
        from report_period p where p.report_type_id = ${type.id}::uuid
        order by p.period_end desc`.execute(app.db);
      return rows;
    },
  );

  /**
   * Opening a period is one set-based transaction (the list is never half made), some seconds for a province of
   * 50 000 employers: a background run the department follows. Its steps: the schedule fixed, then who must report.
   */
  const opening = defineRunKind<OpenParams, OpenedPeriod>(app, {
    kind: 'reports.openPeriod',
    work: async ({ reportTypeId, periodKey, actorId }, progress) => {
      await progress.report(0, 2);
      const { schedule } = await openingOf(app.db, reportTypeId, periodKey);
      await progress.report(1, 2);
      const result = await openPeriod(app.db, reportTypeId, schedule.periodKey, { actorId });
      app.log.info(
        { reportTypeId, periodKey: result.periodKey, opened: result.opened, expected: result.expected },
        'report period opened',
      );
      return result;
    },
  });

  app.post(
    REPORT_API.openPeriod,
    {
      config: { permission: OPEN_PERIOD_PERMISSION },
      schema: {
        tags,
        summary:
          'Open a (type, period): fix its schedule and who must report; on an open period, evaluate the assignments ' +
          'again. Done in the background: 202 with the run to poll (the run under way when the same period is asked again)',
        body: z.object(typeQuery),
        response: { 202: openRun, ...errorResponsesFor(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { reportTypeId, periodKey } = request.body;
      // What the work would refuse is said now, not in the run.
      const { type, schedule } = await openingOf(app.db, reportTypeId, periodKey);
      const run = await opening.start(
        `${type.id}:${schedule.periodKey}`,
        { reportTypeId: type.id, periodKey: schedule.periodKey, actorId: request.principal?.userId ?? null },
        { userId: request.principal?.userId ?? null, lang: languageOf(request) },
      );
      return reply.status(202).send(run);
    },
  );

  app.get(
    `${REPORT_API.openPeriod}/:id`,
    {
      config: { permission: OPEN_PERIOD_PERMISSION },
      schema: {
        tags,
        summary: 'How the opening of a period stands: its progress, then who was added and removed, or its error',
        params: z.object({ id: z.uuid() }),
        response: { 200: openRun, ...errorResponsesFor(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const run = await opening.get(request.params.id);
      if (!run) throw new AppError(404, 'NOT_FOUND');
      return run;
    },
  );
};

export default routes;
