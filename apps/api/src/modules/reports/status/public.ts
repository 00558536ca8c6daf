import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql, type SqlBool } from 'kysely';
import type { z } from 'zod';
import type { Executor } from '../../../catalog/context.ts';
import { clock } from '../../../platform/clock/index.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { errorResponsesFor } from '../../../platform/http/route-schemas.ts';
import { periodOf, reportTypeOf, typesWithPeriods } from './reference.ts';
import {
  publicFilersAnswer,
  publicFilersQuery,
  publicOptionsAnswer,
  publicStatusAnswer,
  publicStatusQuery,
} from './schemas.ts';
import { reporterPage, statusOf } from './status.ts';

/**
 * What anyone may read without signing in (`/tra-cuu-tinh-hinh-nop-bao-cao`,
 * `/tra-cuu-danh-sach-doanh-nghiep-nop-bao-cao-dinh-ky`): the filing rates by report type, period and commune, and the
 * employers that filed a report on time, late or not at all — each employer by its name, tax code and commune only.
 * Filing says nothing about how safe an employer is (the pages say so, as OSHA's published lists do). The answers are
 * read from the replica when there is one, may be kept a minute by caches, and say when they were read.
 */

const PUBLIC_RATE = { max: 120, timeWindow: '1 minute' } as const;
const PUBLIC_CACHE = 'public, max-age=60';
const viewer = { kind: 'public' } as const;

const publicType = (t: { id: string; code: string; name: string; filer: string; periodType: string }) => ({
  id: t.id,
  code: t.code,
  name: t.name,
  filer: t.filer,
  periodType: t.periodType,
});

/** The employers of a (business-filed) type and period, by name, with how they filed. */
export async function publicFilers(
  db: Executor,
  q: z.output<typeof publicFilersQuery>,
): Promise<z.output<typeof publicFilersAnswer>> {
  const type = await reportTypeOf(db, q.reportTypeId);
  const period = periodOf(type, q.periodKey);
  // The list is of employers: the reports communes and centres file have only the rates.
  if (type.filer !== 'business')
    throw new AppError(404, 'notEmployerReport', { messageKey: 'reportStatus:errors.notEmployerReport' });
  const asOf = clock.now().toISOString();
  const page = await reporterPage(
    db,
    viewer,
    {
      reportTypeId: type.id,
      periodKey: period.key,
      wardCode: q.wardCode,
      keyWord: q.keyWord,
      pageNumber: q.pageNumber,
      pageSize: q.pageSize,
    },
    q.status ? [sql<SqlBool>`f.filed = ${q.status}`] : [],
    sql`f.reporter_name, f.id`,
  );
  return {
    pageLists: page.rows.map((r) => ({
      name: r.reporter_name,
      taxCode: r.tax_code,
      wardName: r.ward_name,
      status: r.filed,
    })),
    totalRecord: page.total,
    reportType: publicType(type),
    period,
    dueOn: page.dueOn,
    today: clock.today(),
    asOf,
  };
}

/** The rates of a (type, period) in all and by commune: aggregates only. */
export async function publicStatus(
  db: Executor,
  q: z.output<typeof publicStatusQuery>,
): Promise<z.output<typeof publicStatusAnswer>> {
  const s = await statusOf(db, viewer, { ...q, groupBy: 'commune' });
  return {
    reportType: publicType(s.reportType),
    period: s.period,
    schedule: s.schedule,
    today: s.today,
    asOf: s.asOf,
    totals: s.totals,
    rows: s.rows.map(({ code: _code, ...r }) => r),
  };
}

const routes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['Report'];
  const errors = errorResponsesFor(400, 404, 429);

  app.get(
    '/api/Report/public/status-options',
    {
      config: { permission: 'Auth.read', rateLimit: PUBLIC_RATE },
      schema: {
        tags,
        summary: 'Public: the report types and their opened periods, for the filing-status look-ups',
        response: { 200: publicOptionsAnswer, ...errors },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', PUBLIC_CACHE);
      const types = await typesWithPeriods(app.readDb);
      return { types: types.map((t) => ({ ...publicType(t), periods: t.periods })) };
    },
  );

  app.get(
    '/api/Report/public/status',
    {
      config: { permission: 'Auth.read', rateLimit: PUBLIC_RATE },
      schema: {
        tags,
        summary:
          'Public: how filing stands for a report type and period — completeness and timeliness in all and by commune (aggregates only)',
        querystring: publicStatusQuery,
        response: { 200: publicStatusAnswer, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PUBLIC_CACHE);
      return publicStatus(app.readDb, request.query);
    },
  );

  app.get(
    '/api/Report/public/filers',
    {
      config: { permission: 'Auth.read', rateLimit: PUBLIC_RATE },
      schema: {
        tags,
        summary:
          'Public: the employers expected to file a report of a period and how they did (on time, late, not filed): name, tax code, commune',
        querystring: publicFilersQuery,
        response: { 200: publicFilersAnswer, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PUBLIC_CACHE);
      return publicFilers(app.readDb, request.query);
    },
  );
};

export default routes;
