import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translate } from '@portal/domain/i18n';
import { clock } from '../../../platform/clock/index.ts';
import { contentDisposition } from '../../../platform/files/index.ts';
import { languageOf } from '../../../platform/errors/handler.ts';
import { sendSheet } from '../../../platform/excel/stream-sheet.ts';
import { XLSX_MIME } from '../../../catalog/excel.ts';
import { errorResponsesFor } from '../../../platform/http/route-schemas.ts';
import { consolidatedReport } from './consolidated.ts';
import { consolidatedPdf, consolidatedWorkbook, statusWorkbook, writeReporters } from './documents.ts';
import { periodOf, reportTypeOf, typesWithPeriods } from './reference.ts';
import {
  consolidatedAnswer,
  consolidatedQuery,
  optionsAnswer,
  reportersAnswer,
  reportersQuery,
  statusAnswer,
  statusQuery,
} from './schemas.ts';
import { reporterSelection, reporterStatement, reportersOf, statusOf, type Viewer } from './status.ts';

/**
 * The status of periodic reports for signed-in users (`/tinh-hinh-nop-bao-cao/danh-sach`): the counts and rates of a
 * (type, period) in all and by commune or sector, the reporters behind them, the same as spreadsheets, and the
 * department's consolidated report with its PDF. Everyone reads within their data scope: the department every
 * reporter, a commune those in its area, an employer or a unit its own row.
 */
const S = '/api/Report';
const PERMISSION = 'Report.read';

const routes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['Report'];
  const errors = errorResponsesFor(400, 401, 403, 404);
  const viewerOf = (request: FastifyRequest): Viewer => ({ kind: 'user', principal: request.principal });
  const fileName = (lang: ReturnType<typeof languageOf>, key: string, vars: Record<string, string>) =>
    `${translate(lang, `reportStatus:files.${key}`, vars)}`;

  app.get(
    `${S}/status/options`,
    {
      config: { permission: PERMISSION },
      schema: {
        tags,
        summary: 'The report types and their opened periods (newest first), to choose what the status page shows',
        response: { 200: optionsAnswer, ...errors },
      },
    },
    async () => ({ types: await typesWithPeriods(app.db) }),
  );

  app.get(
    `${S}/status`,
    {
      config: { permission: PERMISSION },
      schema: {
        tags,
        summary:
          "How filing stands for a report type and period in the caller's scope: expected, complete, on time, late, returned, missing, accepted, completeness and timeliness (filing.ts), in all and by commune or sector",
        querystring: statusQuery,
        response: { 200: statusAnswer, ...errors },
      },
    },
    async (request) => statusOf(app.db, viewerOf(request), request.query),
  );

  app.get(
    `${S}/status/export`,
    {
      config: { permission: PERMISSION },
      schema: {
        tags,
        summary: 'The status of a report type and period as xlsx: the totals, by commune and by sector',
        querystring: statusQuery.omit({ groupBy: true }),
      },
    },
    async (request, reply) => {
      const lang = languageOf(request);
      const viewer = viewerOf(request);
      const byCommune = await statusOf(app.db, viewer, { ...request.query, groupBy: 'commune' });
      const bySector = await statusOf(app.db, viewer, { ...request.query, groupBy: 'sector' });
      const file = await statusWorkbook(lang, byCommune, bySector);
      return reply
        .header('content-type', XLSX_MIME)
        .header(
          'content-disposition',
          contentDisposition(
            `${fileName(lang, 'status', { code: byCommune.reportType.code, period: byCommune.period.key })}.xlsx`,
          ),
        )
        .send(file);
    },
  );

  app.get(
    `${S}/status/reporters`,
    {
      config: { permission: PERMISSION },
      schema: {
        tags,
        summary:
          "A page of a report type and period's expected reporters in the caller's scope with their standing; `status` keeps one count (complete, onTime, late, returned, missing) or one standing (notOpen, open, draft, submitted, returned, accepted, overdue)",
        querystring: reportersQuery,
        response: { 200: reportersAnswer, ...errors },
      },
    },
    async (request) => reportersOf(app.db, viewerOf(request), request.query),
  );

  app.get(
    `${S}/status/reporters/export`,
    {
      config: { permission: PERMISSION },
      schema: {
        tags,
        summary: "The drill-down's reporters (every page, the same filters and order) as a streamed xlsx",
        querystring: reportersQuery.omit({ pageNumber: true, pageSize: true }),
      },
    },
    async (request, reply) => {
      const lang = languageOf(request);
      const q = request.query;
      const type = await reportTypeOf(app.db, q.reportTypeId);
      const period = periodOf(type, q.periodKey);
      const today = clock.today();
      const { filters, order } = reporterSelection(q, today);
      const statement = reporterStatement(viewerOf(request), q, filters, order).all;
      return sendSheet(
        request,
        reply,
        `${fileName(lang, 'reporters', { code: type.code, period: period.key })}.xlsx`,
        (out) => writeReporters(out, app.db, lang, statement, today),
      );
    },
  );

  app.get(
    `${S}/consolidated`,
    {
      config: { permission: PERMISSION },
      schema: {
        tags,
        summary:
          "The consolidated report of a report type and period: the form's numeric fields added up over the accepted submissions in the caller's scope, and the share of the expected reports it rests on",
        querystring: consolidatedQuery,
        response: { 200: consolidatedAnswer, ...errors },
      },
    },
    async (request) => {
      return consolidatedReport(app.db, viewerOf(request), request.query, languageOf(request));
    },
  );

  app.get(
    `${S}/consolidated/pdf`,
    {
      config: { permission: PERMISSION },
      schema: {
        tags,
        summary: "The consolidated report as the department's PDF (signed)",
        querystring: consolidatedQuery,
      },
    },
    async (request, reply) => {
      const lang = languageOf(request);
      const report = await consolidatedReport(app.db, viewerOf(request), request.query, lang);
      const { pdf, fileName: name } = await consolidatedPdf(app.db, lang, report);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(`${name}.pdf`, 'attachment'))
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.get(
    `${S}/consolidated/export`,
    {
      config: { permission: PERMISSION },
      schema: { tags, summary: 'The consolidated report as xlsx', querystring: consolidatedQuery },
    },
    async (request, reply) => {
      const lang = languageOf(request);
      const report = await consolidatedReport(app.db, viewerOf(request), request.query, lang);
      return reply
        .header('content-type', XLSX_MIME)
        .header(
          'content-disposition',
          contentDisposition(
            `${fileName(lang, 'consolidated', { code: report.reportType.code, period: report.period.key })}.xlsx`,
          ),
        )
        .send(await consolidatedWorkbook(lang, report));
    },
  );
};

export default routes;
