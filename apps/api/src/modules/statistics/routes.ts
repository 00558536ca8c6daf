import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate, type Language } from '@portal/domain/i18n';
import {
  overviewSchema,
  STATISTICS_PERMISSIONS,
  statisticAnswerSchema,
  statisticQuerySchema,
  type StatisticQuery,
  type StatisticsOverview,
} from '@portal/domain/statistics/index';
import { XLSX_MIME } from '../../catalog/excel.ts';
import type { Db } from '../../db/database.ts';
import { clock } from '../../platform/clock/index.ts';
import { notFound, unauthenticated } from '../../platform/errors/app-error.ts';
import { languageOf } from '../../platform/errors/handler.ts';
import { contentDisposition } from '../../platform/files/index.ts';
import { errorResponsesFor } from '../../platform/http/route-schemas.ts';
import type { StatisticDeclaration } from './declare.ts';
import { declarationOf } from './declarations.ts';
import { statisticAnswer, type Viewer } from './read.ts';
import { statisticWorkbook } from './workbook.ts';

const slugParams = z.object({ slug: z.string().max(80) });
const PUBLIC_RATE = { max: 120, timeWindow: '1 minute' } as const;
const PUBLIC_CACHE = 'public, max-age=60';

const declared = (slug: string): StatisticDeclaration => {
  const d = declarationOf(slug);
  if (!d) throw notFound();
  return d;
};

const contextOf = (lang: Language) => ({ today: clock.today(), now: clock.now(), lang });

/** The overview's key figures: (statistic, measure) pairs, each with its year-before and completeness. */
const KEY_FIGURES: readonly [slug: string, measure: string][] = [
  ['lao-dong-theo-don-vi-hanh-chinh', 'workers'],
  ['lao-dong-theo-don-vi-hanh-chinh', 'employers'],
  ['tai-nan-va-su-co', 'accidents'],
  ['tai-nan-va-su-co', 'deaths'],
  ['benh-nghe-nghiep-moi', 'cases'],
  ['so-luong-thiet-bi', 'machines'],
  ['lao-dong-nuoc-ngoai', 'workers'],
  ['that-nghiep', 'claimants'],
];

export async function overviewOf(db: Db, viewer: Viewer, year: number, lang: Language): Promise<StatisticsOverview> {
  const ctx = contextOf(lang);
  const figures = await Promise.all(
    KEY_FIGURES.map(async ([slug, measure]) => {
      const d = declared(slug);
      const a = await statisticAnswer(db, d, { measure, year, by: d.info.dimensions[0]! }, viewer, ctx);
      return {
        slug,
        measure,
        value: a.total ?? 0,
        previous: a.previousTotal,
        completeness: a.completeness?.share ?? null,
      };
    }),
  );
  const byWard = await statisticAnswer(
    db,
    declared('lao-dong-theo-don-vi-hanh-chinh'),
    { measure: 'workers', by: 'ward', year },
    viewer,
    ctx,
  );
  return {
    year,
    asOf: ctx.now.toISOString(),
    figures,
    byWard: byWard.rows
      .filter((r) => r.key !== null)
      .map((r) => ({ key: r.key!, label: r.label, value: r.value ?? 0 })),
  };
}

/** The filters of an answer, in words, for the methodology sheet. */
function filtersOf(lang: Language, q: StatisticQuery, wardName: string | null): { label: string; value: string }[] {
  const t = (key: string) => translate(lang, `statistics:${key}`);
  const out: { label: string; value: string }[] = [];
  if (q.ward) out.push({ label: t('dimensions.ward'), value: wardName ?? q.ward });
  if (q.employer) out.push({ label: t('dimensions.employer'), value: q.employer });
  if (q.filter) {
    const [dimension, key] = q.filter.split(':') as [string, string];
    out.push({ label: t(`dimensions.${dimension}`), value: key });
  }
  return out;
}

/**
 * The statistics' routes: one answer, its workbook, the overview; and, without sign-in, the public set and its
 * open data. Every statistic is served by the same four routes, from its declaration.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['Statistics'];
  const errors = errorResponsesFor(400, 401, 403, 404);

  app.get(
    '/api/Statistics/overview',
    {
      config: { permission: STATISTICS_PERMISSIONS.read },
      schema: {
        tags,
        summary:
          "The overview: key figures of the caller's scope with the year before and completeness, and workers by commune",
        querystring: z.object({ year: z.coerce.number().int().min(2000).max(2100).optional() }),
        response: { 200: overviewSchema, ...errors },
      },
    },
    async (request) => {
      if (!request.principal) throw unauthenticated();
      const year = request.query.year ?? Number(clock.today().slice(0, 4));
      return overviewOf(app.db, { kind: 'user', principal: request.principal }, year, languageOf(request));
    },
  );

  app.get(
    '/api/Statistics/:slug',
    {
      config: { permission: STATISTICS_PERMISSIONS.read },
      schema: {
        tags,
        summary:
          "One statistic in the caller's scope: a measure by one or two dimensions for a year, beside the year before, with its as-of time and completeness",
        params: slugParams,
        querystring: statisticQuerySchema,
        response: { 200: statisticAnswerSchema, ...errors },
      },
    },
    async (request) => {
      if (!request.principal) throw unauthenticated();
      return statisticAnswer(
        app.db,
        declared(request.params.slug),
        request.query,
        { kind: 'user', principal: request.principal },
        contextOf(languageOf(request)),
      );
    },
  );

  app.get(
    '/api/Statistics/:slug/export',
    {
      config: { permission: STATISTICS_PERMISSIONS.export },
      schema: {
        tags,
        summary: 'One statistic as an xlsx workbook: the figures and a methodology sheet',
        params: slugParams,
        querystring: statisticQuerySchema,
      },
    },
    async (request, reply) => {
      if (!request.principal) throw unauthenticated();
      const lang = languageOf(request);
      const d = declared(request.params.slug);
      const answer = await statisticAnswer(
        app.db,
        d,
        request.query,
        { kind: 'user', principal: request.principal },
        contextOf(lang),
      );
      const ward = request.query.ward
        ? ((
            await app.db
              .selectFrom('admin_unit')
              .select('full_name')
              .where('id', '=', request.query.ward)
              .executeTakeFirst()
          )?.full_name ?? null)
        : null;
      const file = await statisticWorkbook(lang, d, answer, filtersOf(lang, request.query, ward));
      const name = `${translate(lang, `statistics:items.${d.info.key}.title`)} ${answer.year}.xlsx`;
      return reply.header('content-type', XLSX_MIME).header('content-disposition', contentDisposition(name)).send(file);
    },
  );

  const publicQuery = statisticQuerySchema.omit({ employer: true });
  app.get(
    '/api/public/Statistics/:slug',
    {
      config: { permission: 'Auth.read', rateLimit: PUBLIC_RATE },
      schema: {
        tags,
        summary: 'Public: a statistic of the public set for the province (counts below 5 suppressed; no personal data)',
        params: slugParams,
        querystring: publicQuery,
        response: { 200: statisticAnswerSchema, ...errorResponsesFor(400, 404, 429) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PUBLIC_CACHE);
      return statisticAnswer(
        app.readDb,
        declared(request.params.slug),
        request.query,
        { kind: 'public' },
        contextOf(languageOf(request)),
      );
    },
  );

  app.get(
    '/api/public/Statistics/:slug/open-data',
    {
      config: { permission: 'Auth.read', rateLimit: PUBLIC_RATE },
      schema: {
        tags,
        summary:
          'Open data: a public statistic as CSV or JSON with its as-of time (counts below 5 suppressed), by its first dimension or the one asked',
        params: slugParams,
        querystring: publicQuery.extend({ format: z.enum(['csv', 'json']).default('json') }),
        response: { 200: z.union([statisticAnswerSchema, z.string()]), ...errorResponsesFor(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      const lang = languageOf(request);
      const d = declared(request.params.slug);
      const a = await statisticAnswer(app.readDb, d, query, { kind: 'public' }, contextOf(lang));
      reply.header('cache-control', PUBLIC_CACHE);
      if (format === 'json') return reply.send(a);
      const cell = (v: string | number | null) => {
        const s = v === null ? '' : String(v);
        return /[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
      };
      const label = (dim: string, key: string | null, name: string | null) =>
        name ?? (key === null ? '' : translate(lang, `statistics:values.${dim}.${key}`));
      const lines = [
        ['statistic', 'measure', 'year', a.by, ...(a.by2 ? [a.by2] : []), 'key', 'value', 'previous', 'as_of'].join(
          ',',
        ),
        ...a.rows.map((r) =>
          [
            a.slug,
            a.measure,
            a.year,
            label(a.by, r.key, r.label),
            ...(a.by2 ? [label(a.by2, r.key2, r.label2)] : []),
            r.key,
            r.value ?? '<5',
            r.previous,
            a.asOf,
          ]
            .map(cell)
            .join(','),
        ),
      ];
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(`${a.slug}-${a.year}.csv`))
        .send(`\uFEFF${lines.join('\n')}\n`);
    },
  );
};

export default routes;
