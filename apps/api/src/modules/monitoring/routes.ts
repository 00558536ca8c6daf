import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import {
  MONITORING_PERMISSIONS,
  READING_FACTOR_NAMES,
  READING_FACTORS,
  VERDICTS,
  type ReadingFactor,
} from '@portal/domain/monitoring/factors';
import { contextOf, translator, type OpContext } from '../../catalog/context.ts';
import { importRows, type ImportOutcome, type ImportResultRow } from '../../catalog/import.ts';
import { IMPORT_BACKGROUND_ROWS } from '../../catalog/import-runs.ts';
import { catalogOperations } from '../../catalog/operations.ts';
import { booleanQuery, importBody, importResponseSchema, keyWordSchema } from '../../catalog/schemas.ts';
import { clock } from '../../platform/clock/index.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { errorResponses, idParams } from '../../platform/http/route-schemas.ts';
import { rowKindOf } from './file.ts';
import { exposedWorkers, missingMonitoring, overview, repeatedExceedances } from './queries.ts';
import { pageOf } from '@portal/domain/paging';

/**
 * Monitoring beyond the catalogue's standard calls (those are generated from the declarations: the report's
 * get-paging, create, …, each factor's get-paging-{slug}, create-{slug}, …, the standards' MenuObservationMonitor
 * calls): a report's readings exceedances first, the spec's import of the organisation's whole file, the
 * department's overview, the employers missing their yearly monitoring, repeated exceedances, the workers to
 * examine, and the lighting tasks as a tree.
 */

const wardId = z
  .string()
  .regex(/^(legacy|2025):\d{2,5}$/)
  .optional();
const paging = {
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(20),
};
const page = <T extends z.ZodType>(row: T) => pageOf(row);
const factorName = z.enum(READING_FACTOR_NAMES as [string, ...string[]]);

const reading = z
  .looseObject({
    factor: factorName,
    id: z.string(),
    code: z.string(),
    position: z.string(),
    verdict: z.enum(VERDICTS).nullable(),
    limitText: z.string().nullable(),
    regulation: z.string().nullable(),
  })
  .meta({
    description: 'A reading of any factor: its own fields, then the verdict, the limit applied and its regulation',
  });

const VERDICT_ORDER: Record<string, number> = { exceeds: 0, pass: 1, noLimit: 2 };

/** Rows of the organisation's file, each naming its factor: `report` rows first, then readings of each factor. */
const FACTOR_OF_ROW = new Map<string, string>([
  ['report', 'monitoringReport'],
  ...READING_FACTORS.flatMap((f) => [[f.factor, f.key] as [string, string], [f.slug, f.key] as [string, string]]),
]);

/** Thrown to roll a dry run's transaction back with its outcome. */
class DryRun extends Error {
  outcome: ImportOutcome;
  constructor(outcome: ImportOutcome) {
    super('dry run');
    this.outcome = outcome;
  }
}

async function importFile(ctx: OpContext, rows: Record<string, unknown>[], dryRun: boolean): Promise<ImportOutcome> {
  if (rows.length > IMPORT_BACKGROUND_ROWS)
    throw new AppError(400, 'TOO_MANY_ROWS', {
      messageKey: 'catalog:errors.TOO_MANY_ROWS',
      vars: { max: IMPORT_BACKGROUND_ROWS },
    });
  const t = translator(ctx);
  const data: ImportResultRow[] = new Array<ImportResultRow>(rows.length);
  const groups = new Map<string, number[]>();
  rows.forEach((row, i) => {
    const key = FACTOR_OF_ROW.get(rowKindOf(row.factor));
    if (!key) {
      data[i] = {
        ...row,
        isSuccess: false,
        action: null,
        id: null,
        errors: [{ field: 'factor', message: t('monitoring:errors.unknownFactor', { factor: String(row.factor) }) }],
      };
      return;
    }
    groups.set(key, [...(groups.get(key) ?? []), i]);
  });
  // Reports first: the readings of the same file refer to them by their number.
  const order = ['monitoringReport', ...READING_FACTORS.map((f) => f.key)];
  const run = async (tx: OpContext): Promise<ImportOutcome> => {
    let created = 0;
    let updated = 0;
    for (const key of order) {
      const indexes = groups.get(key);
      if (!indexes) continue;
      const cells = indexes.map((i) => {
        const { factor: _factor, ...rest } = rows[i]!;
        return rest;
      });
      const outcome = await importRows(catalogOperations(key), tx, cells, { dryRun: false });
      created += outcome.created;
      updated += outcome.updated;
      outcome.data.forEach((r, j) => {
        data[indexes[j]!] = { ...r, factor: rows[indexes[j]!]!.factor ?? 'report' };
      });
    }
    return { data, created, updated };
  };
  try {
    // A dry run stores the file in a transaction it rolls back: the readings are checked against the reports
    // of the same file, and judged, exactly as they would be saved.
    return await ctx.db.transaction().execute(async (trx) => {
      const outcome = await run({ ...ctx, db: trx });
      if (dryRun) throw new DryRun(outcome);
      return outcome;
    });
  } catch (err) {
    if (err instanceof DryRun) return { ...err.outcome, created: 0, updated: 0 };
    throw err;
  }
}

const routes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['ObservationMonitor'];

  app.get(
    '/api/ObservationMonitor/get-readings/:id',
    {
      config: { permission: MONITORING_PERMISSIONS.read },
      schema: {
        tags,
        summary:
          'A report with its readings of every factor, exceedances first, each with its verdict, limit and regulation',
        params: idParams,
        response: {
          200: z.object({ report: z.looseObject({ id: z.string() }), readings: z.array(reading) }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const ctx = contextOf(request, app.db);
      const report = await catalogOperations('monitoringReport').get(ctx, request.params.id);
      const readings: (Record<string, unknown> & { factor: ReadingFactor })[] = [];
      for (const f of READING_FACTORS) {
        const found = await catalogOperations(f.key).list(ctx, {
          values: { reportId: report.id },
          pageNumber: 1,
          pageSize: 500,
          sortField: 'code',
          sortOrder: 'asc',
        });
        readings.push(...found.pageLists.map((r) => ({ ...r, factor: f.factor })));
      }
      readings.sort(
        (a, b) =>
          (VERDICT_ORDER[String(a.verdict)] ?? 3) - (VERDICT_ORDER[String(b.verdict)] ?? 3) ||
          READING_FACTOR_NAMES.indexOf(a.factor) - READING_FACTOR_NAMES.indexOf(b.factor) ||
          String(a.code).localeCompare(String(b.code)),
      );
      return { report, readings: readings as z.infer<typeof reading>[] };
    },
  );

  app.post(
    '/api/ObservationMonitor/import-observation-monitor-from-json',
    {
      config: { permission: 'ObservationMonitor.import' },
      bodyLimit: 16 * 1024 * 1024,
      schema: {
        tags,
        summary:
          "The monitoring organisation's file: rows keyed by field name, each with `factor` (report, or climate, light, " +
          'noise, vibration/vibrate, dust, chemical/poison, radiation/radation, job, other/another-factor); readings ' +
          `name their report by its number (reportId). At most ${IMPORT_BACKGROUND_ROWS} rows; ?dryRun=true checks and ` +
          'judges without storing. Answers every row with isSuccess and errors, in the order sent',
        querystring: z.object({ dryRun: booleanQuery }),
        body: importBody,
        response: { 200: importResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const body = request.body as Record<string, unknown>[] | { rows: Record<string, unknown>[] };
      const rows = Array.isArray(body) ? body : body.rows;
      return importFile(contextOf(request, app.db), rows, request.query.dryRun ?? false);
    },
  );

  app.get(
    '/api/ObservationMonitor/get-overview',
    {
      config: { permission: MONITORING_PERMISSIONS.read },
      schema: {
        tags,
        summary:
          'Exceedances of a year by factor × commune × main sector (reports, employers, readings, exceedances in total ' +
          'and by factor), within the caller’s scope',
        querystring: z.object({
          year: z.coerce.number().int().min(2000).max(2100).optional(),
          wardId,
          sectorId: z.uuid().optional(),
        }),
        response: {
          200: z.object({
            year: z.number(),
            reports: z.number(),
            employers: z.number(),
            readings: z.number(),
            exceedances: z.number(),
            reportsWithExceedances: z.number(),
            byFactor: z.array(z.object({ factor: z.string(), exceedances: z.number(), employers: z.number() })),
            rows: z.array(
              z.object({
                factor: z.string(),
                wardId: z.string().nullable(),
                wardName: z.string().nullable(),
                sectorId: z.string().nullable(),
                sectorName: z.string().nullable(),
                exceedances: z.number(),
                reports: z.number(),
                employers: z.number(),
              }),
            ),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) =>
      overview(app.db, request.principal, {
        ...request.query,
        year: request.query.year ?? Number(clock.today().slice(0, 4)),
      }),
  );

  app.get(
    '/api/ObservationMonitor/get-paging-missing',
    {
      config: { permission: MONITORING_PERMISSIONS.read },
      schema: {
        tags,
        summary:
          'Active employers whose yearly monitoring is missing (never) or late (the last one older than the interval ' +
          'in force, LegalDeadline MONITORING_INTERVAL), never monitored first',
        querystring: z.object({ ...paging, keyWord: keyWordSchema, status: z.enum(['missing', 'late']).optional() }),
        response: {
          200: page(
            z.object({
              businessId: z.string(),
              businessName: z.string(),
              taxCode: z.string(),
              wardId: z.string().nullable(),
              wardName: z.string().nullable(),
              lastMonitoredOn: z.string().nullable(),
              dueDate: z.string().nullable(),
              status: z.enum(['missing', 'late']),
            }),
          ),
          ...errorResponses,
        },
      },
    },
    async (request) => missingMonitoring(app.db, request.principal, { ...request.query, today: clock.today() }),
  );

  app.get(
    '/api/ObservationMonitor/get-paging-repeated',
    {
      config: { permission: MONITORING_PERMISSIONS.read },
      schema: {
        tags,
        summary: 'Employers whose readings of one factor exceeded in at least minYears of the last `years` years',
        querystring: z.object({
          ...paging,
          years: z.coerce.number().int().min(1).max(10).default(3),
          minYears: z.coerce.number().int().min(2).max(10).default(2),
        }),
        response: {
          200: page(
            z.object({
              businessId: z.string(),
              businessName: z.string(),
              wardName: z.string().nullable(),
              factor: z.string(),
              years: z.array(z.number()),
              exceedances: z.number(),
            }),
          ),
          ...errorResponses,
        },
      },
    },
    async (request) => repeatedExceedances(app.db, request.principal, { ...request.query, today: clock.today() }),
  );

  app.get(
    '/api/ObservationMonitor/get-periodic-examination',
    {
      config: { permission: MONITORING_PERMISSIONS.read },
      schema: {
        tags,
        summary:
          'Workers exposed to a factor that exceeded in their employer’s latest monitored year (or `year`): their job ' +
          'position is named by an exceeding reading. With their health class and occupational-disease cases',
        querystring: z.object({
          ...paging,
          businessId: z.uuid().optional(),
          year: z.coerce.number().int().min(2000).max(2100).optional(),
        }),
        response: {
          200: page(
            z.object({
              workerId: z.string(),
              fullName: z.string(),
              businessId: z.string(),
              businessName: z.string(),
              positionId: z.string(),
              positionName: z.string().nullable(),
              factors: z.array(z.string()),
              year: z.number(),
              healthClassName: z.string().nullable(),
              occupationalDiseases: z.number(),
            }),
          ),
          ...errorResponses,
        },
      },
    },
    async (request) => exposedWorkers(app.db, request.principal, request.query),
  );

  app.get(
    '/api/MenuObservationMonitor/get-treeview-light',
    {
      config: { permission: 'MenuObservationMonitor.read' },
      schema: {
        tags: ['MenuObservationMonitor'],
        summary:
          'The lighting tasks of QCVN 22 in force on `date` (default today), grouped by area: { group, children }',
        querystring: z.object({ date: z.iso.date().optional() }),
        response: {
          200: z.array(
            z.object({
              group: z.string(),
              children: z.array(
                z.object({
                  id: z.string(),
                  code: z.string(),
                  name: z.string(),
                  minValue: z.number().nullable(),
                  unit: z.string(),
                  regulation: z.string().nullable(),
                }),
              ),
            }),
          ),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const date = request.query.date ?? clock.today();
      const rows = await sql<{
        group: string;
        id: string;
        code: string;
        name: string;
        minValue: number | null;
        unit: string;
        regulation: string | null;
      }>`select coalesce(l.section, '') as "group", l.id, l.code, l.name, l.min_value::float8 as "minValue", l.unit,
          r.number as regulation
        from monitoring_limit l left join monitoring_regulation r on r.id = l.regulation_id
        where l.deleted_at is null and l.factor = 'light' and l.valid_from <= ${date}::date
          and (l.valid_to is null or l.valid_to >= ${date}::date)
        order by l.section, l.name`.execute(app.db);
      const groups = new Map<string, (typeof rows.rows)[number][]>();
      for (const r of rows.rows) groups.set(r.group, [...(groups.get(r.group) ?? []), r]);
      return [...groups].map(([group, children]) => ({
        group,
        children: children.map(({ group: _g, ...c }) => c),
      }));
    },
  );
};

export default routes;
