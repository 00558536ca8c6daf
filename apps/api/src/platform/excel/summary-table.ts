import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate, type Language } from '@portal/domain/i18n';
import { XLSX_MIME } from '../../catalog/excel.ts';
import type { Db } from '../../db/database.ts';
import type { Permission, Principal } from '../access/index.ts';
import { errorResponsesFor } from '../http/route-schemas.ts';
import { contentDisposition } from '../files/index.ts';
import { languageOf } from '../errors/handler.ts';

/**
 * The summary tables of the reports menu (machines by type × commune, people trained by group × commune, …): rows
 * named by a few columns (a type, a commune), then counts, a totals row, over a period, within the caller's scope;
 * the same table as an xlsx file. A domain gives its rows and texts; the routes, the totals, the answer's schema
 * and the workbook are this one mechanism (the web's `SummaryTable` draws it).
 *
 * Texts, under `texts` (e.g. 'equipment:summary'): `sheet`, `title`, `period` ({{from}}, {{to}}), `total`,
 * `fileName`, a header per naming column and per count.
 */
export interface SummaryTableSpec<Row extends Record<string, unknown>, C extends string> {
  texts: string;
  /** The columns naming a row, in order: their header key (under `texts`), cell text and width. */
  columns: readonly { key: string; width: number; text: (row: Row, t: (key: string) => string) => string }[];
  counts: readonly C[];
}

export interface SummaryAnswerOf<Row, C extends string> {
  from: string;
  to: string;
  rows: Row[];
  totals: Record<C, number>;
}

/** The totals row: each count added up over the rows. */
export function totalsOf<C extends string>(
  rows: readonly Record<C, number>[],
  counts: readonly C[],
): Record<C, number> {
  const totals = Object.fromEntries(counts.map((k) => [k, 0])) as Record<C, number>;
  for (const r of rows) for (const k of counts) totals[k] += r[k];
  return totals;
}

/** The answer's schema: the period, the rows (`row` must hold the counts as numbers) and the totals. */
export function summaryAnswerSchema<R extends z.ZodObject, C extends string>(row: R, counts: readonly C[]) {
  return z.object({
    from: z.string(),
    to: z.string(),
    rows: z.array(row),
    // Named counts in the OpenAPI document; typed as the record the rows' counts add up to.
    totals: z.object(Object.fromEntries(counts.map((k) => [k, z.number()]))) as unknown as z.ZodType<Record<C, number>>,
  });
}

const vnDate = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;

/** The table as an xlsx workbook: title, period, headers, rows, totals (a few hundred rows: built in memory). */
export async function summaryWorkbook<Row extends Record<string, unknown>, C extends string>(
  lang: Language,
  spec: SummaryTableSpec<Row, C>,
  s: SummaryAnswerOf<Row, C>,
): Promise<Buffer> {
  // ExcelJS is loaded on the first spreadsheet, not with the server (see catalog/excel.ts).
  const ExcelJS = (await import('exceljs')).default;
  const t = (key: string, vars: Record<string, string> = {}) => translate(lang, `${spec.texts}.${key}`, vars);
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(t('sheet'));
  sheet.addRow([t('title')]).font = { bold: true, size: 13 };
  sheet.addRow([t('period', { from: vnDate(s.from), to: vnDate(s.to) })]);
  sheet.addRow([]);
  sheet.addRow([...spec.columns.map((c) => t(c.key)), ...spec.counts.map((k) => t(k))]).font = { bold: true };
  for (const r of s.rows) sheet.addRow([...spec.columns.map((c) => c.text(r, t)), ...spec.counts.map((k) => r[k])]);
  sheet.addRow([t('total'), ...spec.columns.slice(1).map(() => ''), ...spec.counts.map((k) => s.totals[k])]).font = {
    bold: true,
  };
  sheet.columns = [...spec.columns.map((c) => ({ width: c.width })), ...spec.counts.map(() => ({ width: 16 }))];
  return Buffer.from(await book.xlsx.writeBuffer());
}

/**
 * The table's two routes: `path` answers it as JSON, `exportPath` as xlsx, both from `load` (which applies the
 * caller's scope) with the same query schema, both needing `permission`.
 */
export function summaryTableRoutes<Q extends z.ZodType, R extends z.ZodObject, C extends string>(o: {
  path: string;
  exportPath: string;
  permission: Permission;
  tag: string;
  description: string;
  query: Q;
  row: R;
  spec: SummaryTableSpec<z.output<R>, C>;
  load: (db: Db, principal: Principal | null, query: z.output<Q>) => Promise<SummaryAnswerOf<z.output<R>, C>>;
}): FastifyPluginAsyncZod {
  const answer = summaryAnswerSchema(o.row, o.spec.counts);
  return async (app) => {
    app.get(
      o.path,
      {
        config: { permission: o.permission },
        schema: {
          tags: [o.tag],
          summary: o.description,
          querystring: o.query,
          response: { 200: answer, ...errorResponsesFor(400, 401, 403) },
        },
      },
      // The query is the schema's output (validated above); the provider cannot follow a generic schema's type.
      async (request) => o.load(app.db, request.principal, request.query as z.output<Q>),
    );
    app.get(
      o.exportPath,
      {
        config: { permission: o.permission },
        schema: { tags: [o.tag], summary: `${o.description} (xlsx)`, querystring: o.query },
      },
      async (request, reply) => {
        const lang = languageOf(request);
        const file = await summaryWorkbook(
          lang,
          o.spec,
          await o.load(app.db, request.principal, request.query as z.output<Q>),
        );
        return reply
          .header('content-type', XLSX_MIME)
          .header('content-disposition', contentDisposition(`${translate(lang, `${o.spec.texts}.fileName`)}.xlsx`))
          .send(file);
      },
    );
  };
}
