import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import {
  FIGURE_KEYS,
  SPECIALIZE_FIGURES,
  STATISTICS_ACTIONS,
  STATISTICS_DIMENSIONS,
  STATISTICS_PERIODS,
} from '@portal/domain/accidents/statistics/index';
import { injuryFile, specializeLineFile } from '@portal/domain/accidents/statistics/files';
import { fieldLabelKeys, normalizeHeader, resolveCatalog } from '@portal/domain/catalog/index';
import { translate } from '@portal/domain/i18n';
import { contextOf, inTransaction, type OpContext } from '../../../catalog/context.ts';
import { buildTemplate, fileNames, XLSX_MIME } from '../../../catalog/excel.ts';
import { sendSheet, writeSheet, type SheetColumn } from '../../../platform/excel/stream-sheet.ts';
import { contentDisposition, sendPdf } from '../../../platform/files/index.ts';
import { errorResponses as errors, idParams } from '../../../platform/http/route-schemas.ts';
import { move, registerMoveRoutes } from '../../../platform/workflow/routes.ts';
import { statisticsPdf, specializePdf } from './pdf.ts';
import {
  editableStatus,
  loadReport,
  prefillVictims,
  refill,
  refreshRows,
  reportSubmitted,
  reportView,
  returnReport,
  submitReport,
  updateLosses,
  victimsOf,
  type VictimRow,
} from './service.ts';
import { importLines, linesOf, loadSpecializeReport, saveLines, type LineRow } from './specialize.ts';
import { notReported, summary, SUMMARY_DIMENSIONS } from './summary.ts';

const S = '/api/AccidentStatistical';
const R = '/api/AccidentSpecializeReport';
const injuryCatalog = resolveCatalog(injuryFile);
const lineCatalog = resolveCatalog(specializeLineFile);

const figures = z.object(
  Object.fromEntries(FIGURE_KEYS.map((k) => [k, z.number()])) as Record<(typeof FIGURE_KEYS)[number], z.ZodNumber>,
);
const victim = z.object({
  id: z.string(),
  position: z.number(),
  accidentId: z.string().nullable(),
  accidentCode: z.string(),
  occurredOn: z.string(),
  allowanceCase: z.boolean(),
  causeId: z.string().nullable(),
  causeName: z.string().nullable(),
  factorId: z.string().nullable(),
  factorName: z.string().nullable(),
  fullName: z.string(),
  female: z.boolean(),
  occupationId: z.string().nullable(),
  occupationName: z.string().nullable(),
  severity: z.enum(['light', 'serious', 'fatal']),
  underManagement: z.boolean(),
  daysOff: z.number(),
  medicalCost: z.number(),
  wageCost: z.number(),
  compensationCost: z.number(),
  propertyDamage: z.number(),
  otherCost: z.number(),
});
const figureRow = figures.extend({
  section: z.number(),
  dimension: z.enum(STATISTICS_DIMENSIONS),
  keyId: z.string().nullable(),
  keyName: z.string().nullable(),
  keyCode: z.string().nullable(),
});
const reportAnswer = z.object({
  report: z.record(z.string(), z.unknown()),
  victims: z.array(victim),
  rows: z.array(figureRow),
  actions: z.array(z.enum(STATISTICS_ACTIONS)),
});
const money = z.number().int().min(0).max(1_000_000_000_000_000);
const losses = z.object({
  victims: z
    .array(
      z.object({
        id: z.uuid(),
        daysOff: z.number().int().min(0).max(100_000),
        medicalCost: money,
        wageCost: money,
        compensationCost: money,
      }),
    )
    .max(5000),
});
const importAnswer = z.object({
  data: z.array(
    z
      .object({ isSuccess: z.boolean(), errors: z.array(z.object({ field: z.string(), message: z.string() })) })
      .catchall(z.unknown()),
  ),
});
const importRowsBody = z.array(z.record(z.string(), z.unknown())).max(5000);
const dryRun = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => v === 'true');
const year = z.coerce.number().int().min(2000).max(2100);
const page = {
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
};
const line = z.object({
  titleId: z.string(),
  titleCode: z.string(),
  titleName: z.string(),
  facilityTypeId: z.string(),
  facilityTypeCode: z.string(),
  facilityTypeName: z.string(),
  note: z.string().nullable(),
  filled: z.boolean(),
  ...Object.fromEntries(SPECIALIZE_FIGURES.map((k) => [k, z.number()])),
});
const lineInput = z.object({
  titleId: z.uuid(),
  note: z.string().max(2000).nullable().optional(),
  ...Object.fromEntries(SPECIALIZE_FIGURES.map((k) => [k, z.number().min(0).max(1_000_000_000_000_000).optional()])),
});

const normalizeName = (s: unknown) => normalizeHeader(String(s ?? ''));

/**
 * Accident statistics beyond the catalogue's standard calls (list, create, edit, delete, template, export and
 * import of AccidentStatistical and AccidentSpecializeReport, their types, facility types and titles are generated
 * from the declarations): a report's victims, losses, figures and workflow; its worker list (export, template,
 * import); the Appendix XII PDF; the department's aggregation and the employers not reported; and a specialised
 * summary report's lines, their template and imports, and its PDF.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const ctx = (request: Parameters<typeof contextOf>[0]) => contextOf(request, app.db);
  const tags = ['AccidentStatistical'];

  app.get(
    `${S}/get-report/:id`,
    {
      config: { permission: 'AccidentStatistical.read' },
      schema: {
        tags,
        summary: "A report with its victims, its Appendix XII rows and the caller's actions",
        params: idParams,
        response: { 200: reportAnswer, ...errors },
      },
    },
    async (request) => reportView(ctx(request), request.params.id),
  );

  // The report's moves answer the report as it now is; a bad body is answered by the platform, as on the other routes.
  const moves = {
    area: S,
    tags,
    ctx,
    detail: { schema: reportAnswer, read: reportView },
    attachValidation: false,
  };
  registerMoveRoutes(app, moves, [
    move({
      path: 'prefill',
      permission: 'AccidentStatistical.update',
      summary: "Copy the employer's declared victims of the period again (losses already entered are kept)",
      run: (c, id) => refill(c, id),
    }),
  ]);

  app.put(
    `${S}/update-losses/:id`,
    {
      config: { permission: 'AccidentStatistical.update' },
      schema: {
        tags,
        summary: 'The filer completes the losses of the victims (days off, medical, wage and compensation costs)',
        params: idParams,
        body: losses,
        response: { 200: reportAnswer, ...errors },
      },
    },
    async (request) => {
      await updateLosses(ctx(request), request.params.id, request.body.victims);
      return reportView(ctx(request), request.params.id);
    },
  );

  registerMoveRoutes(app, moves, [
    move({
      path: 'submit',
      permission: 'AccidentStatistical.update',
      summary: 'The filer submits the report to the department (read-only afterwards)',
      run: (c, id) => submitReport(c, id),
    }),
    move({
      path: 'return',
      permission: 'AccidentStatistical.update',
      summary: 'The department returns a submitted report to the employer with its reason',
      body: z.object({ reason: z.string().trim().min(1).max(2000) }),
      run: (c, id, body) => returnReport(c, id, body.reason),
    }),
  ]);

  app.get(
    `${S}/pdf/:id`,
    {
      config: { permission: 'AccidentStatistical.read' },
      schema: { tags, summary: 'The report as a PDF (Decree 39/2016, Appendix XII)', params: idParams },
    },
    async (request, reply) => {
      const { pdf, fileName } = await statisticsPdf(ctx(request), request.params.id);
      return sendPdf(reply, pdf, `${fileName}.pdf`);
    },
  );

  // ------------------------------------------------------------------------------------------- worker list

  const injuryColumns = (c: OpContext): SheetColumn<VictimRow>[] => {
    const label = (name: string) => translate(c.lang, fieldLabelKeys(injuryFile, name)[0]!);
    const severity = (v: VictimRow) => translate(c.lang, `accidents:statistics.severities.${v.severity}`);
    const cols: Record<string, Omit<SheetColumn<VictimRow>, 'header'>> = {
      accidentCode: { width: 22, value: (v) => v.accidentCode },
      occurredOn: { width: 14, date: true, value: (v) => v.occurredOn },
      fullName: { width: 28, value: (v) => v.fullName },
      occupation: { width: 24, value: (v) => v.occupationName },
      severity: { width: 16, value: severity },
      daysOff: { width: 12, value: (v) => v.daysOff },
      medicalCost: { width: 16, value: (v) => v.medicalCost },
      wageCost: { width: 16, value: (v) => v.wageCost },
      compensationCost: { width: 16, value: (v) => v.compensationCost },
    };
    return injuryCatalog.excel.map((name) => ({ header: label(name), ...cols[name]! }));
  };

  app.get(
    `${S}/export-excel`,
    {
      config: { permission: 'AccidentStatistical.export' },
      schema: {
        tags,
        summary: "A report's worker list (its victims and their losses) as xlsx, re-importable with the losses",
        querystring: z.object({ accidentStatisticalId: z.uuid() }),
      },
    },
    async (request, reply) => {
      const c = ctx(request);
      const report = await loadReport(c, request.query.accidentStatisticalId);
      const victims = await victimsOf(c.db, report.id);
      const noun = translate(c.lang, 'accidents:statistics.injuryFile.noun');
      return sendSheet(request, reply, `${noun} ${String(report.code ?? '')}.xlsx`, (out) =>
        writeSheet(
          out,
          { sheet: noun, creator: translate(c.lang, 'common:appShortName'), columns: injuryColumns(c) },
          (write) => write(victims),
        ),
      );
    },
  );

  app.get(
    `${S}/${injuryCatalog.paths.template}`,
    {
      config: { permission: 'AccidentStatistical.import' },
      schema: { tags, summary: 'Template (xlsx) of the worker list for import-accident-injury-from-json' },
    },
    async (request, reply) => {
      const c = ctx(request);
      const buffer = await buildTemplate({ c: injuryCatalog }, c);
      return reply
        .header('content-type', XLSX_MIME)
        .header('content-disposition', contentDisposition(fileNames(c, injuryCatalog).template))
        .send(buffer);
    },
  );

  app.post(
    `${S}/${injuryCatalog.paths.import}`,
    {
      config: { permission: 'AccidentStatistical.import' },
      schema: {
        tags,
        summary:
          "Import a report's worker list: each row's losses go to the victim named by the accident's receipt number " +
          'and the full name; valid rows are stored in one transaction; dryRun validates only',
        querystring: z.object({ accidentStatisticalId: z.uuid(), dryRun }),
        body: importRowsBody,
        response: { 200: importAnswer, ...errors },
      },
    },
    async (request) => {
      const c = ctx(request);
      const id = request.query.accidentStatisticalId;
      return inTransaction(c, async (tx) => {
        const report = await loadReport(tx, id);
        if (!editableStatus(report.status)) throw reportSubmitted();
        const victims = await victimsOf(tx.db, id);
        const key = (code: unknown, name: unknown) => `${normalizeName(code)}|${normalizeName(name)}`;
        const byKey = new Map(victims.map((v) => [key(v.accidentCode, v.fullName), v]));
        const t = (k: string) => translate(tx.lang, `accidents:statistics.errors.${k}`);
        const data = request.body.map((row) => {
          const errs: { field: string; message: string }[] = [];
          const found = byKey.get(key(row.accidentCode, row.fullName));
          if (!found) errs.push({ field: 'fullName', message: t('victimNotInReport') });
          const values: Record<string, number> = {};
          for (const k of ['daysOff', 'medicalCost', 'wageCost', 'compensationCost'] as const) {
            const raw = row[k];
            if (raw === undefined || raw === null || raw === '') {
              values[k] = found ? found[k] : 0;
              continue;
            }
            const n = typeof raw === 'number' ? raw : Number(String(raw).replace(/[.\s]/g, '').replace(',', '.'));
            if (!Number.isInteger(n) || n < 0 || n > 1e18) errs.push({ field: k, message: t('badNumber') });
            else values[k] = n;
          }
          return { row, found, values, errs };
        });
        if (!request.query.dryRun) {
          const valid = data.filter((d) => !d.errs.length && d.found);
          for (const d of valid)
            await sql`update accident_statistical_victim set days_off = ${d.values.daysOff}, medical_cost = ${d.values.medicalCost},
                wage_cost = ${d.values.wageCost}, compensation_cost = ${d.values.compensationCost}
              where id = ${d.found!.id}::uuid`.execute(tx.db);
          if (valid.length) await refreshRows(tx.db, id);
        }
        return { data: data.map((d) => ({ ...d.row, isSuccess: d.errs.length === 0, errors: d.errs })) };
      });
    },
  );

  // ------------------------------------------------------------------------------------ the department's view

  app.get(
    `${S}/get-summary`,
    {
      config: { permission: 'AccidentStatistical.read' },
      schema: {
        tags,
        summary:
          "The submitted reports of a period in the caller's scope, added up: totals by section (1 occupational " +
          'accidents, 2 allowance cases, 3 both) and rows by cause, injury factor, occupation, commune or main sector',
        querystring: z.object({
          year,
          period: z.enum(STATISTICS_PERIODS),
          dimension: z.enum(SUMMARY_DIMENSIONS).default('cause'),
          section: z.coerce.number().int().min(1).max(3).default(3),
          wardId: z.string().max(40).optional(),
          sectorId: z.uuid().optional(),
        }),
        response: {
          200: z.object({
            year: z.number(),
            period: z.enum(STATISTICS_PERIODS),
            dueDate: z.string().nullable(),
            employers: z.number(),
            submitted: z.number(),
            notSubmitted: z.number(),
            sections: z.array(z.object({ section: z.number(), figures })),
            rows: z.array(
              figures.extend({
                keyId: z.string().nullable(),
                keyCode: z.string().nullable(),
                keyName: z.string().nullable(),
                reports: z.number(),
              }),
            ),
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      const q = request.query;
      return summary(app.db, request.principal, { ...q, section: q.section as 1 | 2 | 3 });
    },
  );

  app.get(
    `${S}/get-paging-not-reported`,
    {
      config: { permission: 'AccidentStatistical.read' },
      schema: {
        tags,
        summary: "Active employers in the caller's scope without a submitted report of the period",
        querystring: z.object({
          year,
          period: z.enum(STATISTICS_PERIODS),
          keyWord: z.string().max(200).optional(),
          wardId: z.string().max(40).optional(),
          sectorId: z.uuid().optional(),
          ...page,
        }),
        response: {
          200: z.object({
            pageLists: z.array(
              z.object({
                businessId: z.string(),
                businessName: z.string(),
                taxCode: z.string().nullable(),
                wardName: z.string().nullable(),
                reportId: z.string().nullable(),
                reportStatus: z.string().nullable(),
              }),
            ),
            totalRecord: z.number(),
            dueDate: z.string().nullable(),
          }),
          ...errors,
        },
      },
    },
    async (request) => notReported(app.db, request.principal, request.query),
  );

  // ------------------------------------------------------------------------------ specialised summary reports

  const rtags = ['AccidentSpecializeReport'];
  app.get(
    `${R}/get-lines/:id`,
    {
      config: { permission: 'AccidentSpecializeReport.read' },
      schema: {
        tags: rtags,
        summary: "A report's lines: every facility-type title (of one classification when given) with its figures",
        params: idParams,
        querystring: z.object({ facilityTypeId: z.uuid().optional() }),
        response: { 200: z.object({ report: z.record(z.string(), z.unknown()), lines: z.array(line) }), ...errors },
      },
    },
    async (request) => {
      const c = ctx(request);
      const report = await loadSpecializeReport(c, request.params.id);
      return { report, lines: await linesOf(c.db, report.id, request.query.facilityTypeId ?? null) };
    },
  );

  app.put(
    `${R}/update-lines/:id`,
    {
      config: { permission: 'AccidentSpecializeReport.update' },
      schema: {
        tags: rtags,
        summary: "Save a report's lines (titles not sent keep theirs)",
        params: idParams,
        body: z.object({ lines: z.array(lineInput).max(2000) }),
        response: { 200: z.object({ report: z.record(z.string(), z.unknown()), lines: z.array(line) }), ...errors },
      },
    },
    async (request) => {
      const c = ctx(request);
      await saveLines(c, request.params.id, request.body.lines as Parameters<typeof saveLines>[2]);
      const report = await loadSpecializeReport(c, request.params.id);
      return { report, lines: await linesOf(c.db, report.id) };
    },
  );

  app.get(
    `${R}/${lineCatalog.paths.template}`,
    {
      config: { permission: 'AccidentSpecializeReport.import' },
      schema: {
        tags: rtags,
        summary: 'Template (xlsx) of the lines: every title (of one classification when given), figures to fill',
        querystring: z.object({ facilityTypeId: z.uuid().optional() }),
      },
    },
    async (request, reply) => {
      const c = ctx(request);
      const titles = await sql<{ code: string; name: string }>`select t.code, t.name from facility_type_title t
        join facility_type f on f.id = t.facility_type_id and f.deleted_at is null
        where t.deleted_at is null ${request.query.facilityTypeId ? sql`and f.id = ${request.query.facilityTypeId}::uuid` : sql``}
        order by f.sort_order nulls last, f.code, t.sort_order nulls last, t.code`.execute(app.db);
      const label = (name: string) => translate(c.lang, fieldLabelKeys(specializeLineFile, name)[0]!);
      const columns: SheetColumn<{ code: string; name: string }>[] = lineCatalog.excel.map((name) => ({
        header: label(name),
        width: name === 'titleName' ? 40 : name === 'titleCode' ? 16 : 14,
        value: (r) => (name === 'titleCode' ? r.code : name === 'titleName' ? r.name : null),
      }));
      return sendSheet(request, reply, fileNames(c, lineCatalog).template, (out) =>
        writeSheet(
          out,
          {
            sheet: translate(c.lang, 'accidents:statistics.lineFile.noun'),
            creator: translate(c.lang, 'common:appShortName'),
            columns,
          },
          (write) => write(titles.rows),
        ),
      );
    },
  );

  app.post(
    `${R}/${lineCatalog.paths.import}`,
    {
      config: { permission: 'AccidentSpecializeReport.import' },
      schema: {
        tags: rtags,
        summary:
          "Import a report's lines from a spreadsheet (rows by title code); with facilityTypeId, only that " +
          "classification's titles; valid rows stored in one transaction; dryRun validates only",
        querystring: z.object({ reportId: z.uuid(), facilityTypeId: z.uuid().optional(), dryRun }),
        body: importRowsBody,
        response: { 200: importAnswer, ...errors },
      },
    },
    async (request) => ({
      data: await importLines(
        ctx(request),
        request.query.reportId,
        request.query.facilityTypeId ?? null,
        request.body,
        request.query.dryRun,
      ),
    }),
  );

  app.get(
    `${R}/pdf/:id`,
    {
      config: { permission: 'AccidentSpecializeReport.read' },
      schema: { tags: rtags, summary: 'The specialised summary report as a PDF', params: idParams },
    },
    async (request, reply) => {
      const { pdf, fileName } = await specializePdf(ctx(request), request.params.id);
      return sendPdf(reply, pdf, `${fileName}.pdf`);
    },
  );
};

export type { LineRow };
export { prefillVictims };
export default routes;
