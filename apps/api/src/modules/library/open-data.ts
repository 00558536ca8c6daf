import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql, type RawBuilder } from 'kysely';
import { z } from 'zod';
import { translate } from '@portal/domain/i18n';
import {
  LEGAL_DOCUMENT_STATUSES,
  LEGAL_DOCUMENT_TYPES,
  OPEN_DATA_LICENCE,
  OPEN_DATA_SETS,
  type OpenDataSet,
} from '@portal/domain/library/index';
import type { Executor } from '../../catalog/context.ts';
import { languageOf } from '../../platform/errors/handler.ts';
import { clock } from '../../platform/clock/index.ts';
import { errorBodySchema } from '../../platform/errors/app-error.ts';
import { BOM, csvLine } from './csv.ts';
import { documentsWithReplacement, statusSql } from './status.ts';

/**
 * Open data (as OSHA publishes establishment data): the public lists the portal already shows to everyone, as
 * CSV (UTF-8 with a BOM, RFC 4180) and JSON `{ asOf, licence, columns, rows }`, under CC BY 4.0. Nothing beyond
 * what the public pages show: published penalty decisions, accredited inspectors and organisations, legal
 * documents. Rows are read by keyset pages and streamed, so a large set never sits whole in memory.
 */

const date = z.string().nullable();
const ROW_SCHEMAS = {
  'violating-employers': z.object({
    organizationName: z.string(),
    taxCode: z.string().nullable(),
    address: z.string().nullable(),
    wardName: z.string().nullable(),
    violationContent: z.string(),
    decisionNumber: z.string().nullable(),
    decisionDate: date,
    fineAmount: z.number().nullable(),
    issuedBy: z.string().nullable(),
    publishedAt: z.string().nullable(),
  }),
  inspectors: z.object({
    fullName: z.string(),
    accreditationNumber: z.string(),
    organizationName: z.string(),
    validFrom: date,
    validTo: date,
    equipmentTypes: z.string(),
    valid: z.boolean(),
  }),
  'inspection-organizations': z.object({
    name: z.string(),
    accreditationNumber: z.string(),
    address: z.string().nullable(),
    phone: z.string().nullable(),
    validFrom: date,
    validTo: date,
    equipmentTypes: z.string(),
    valid: z.boolean(),
  }),
  'legal-documents': z.object({
    number: z.string(),
    type: z.enum(LEGAL_DOCUMENT_TYPES),
    title: z.string(),
    issuer: z.string().nullable(),
    signedDate: date,
    inForceDate: date,
    expiryDate: date,
    replacedBy: z.string().nullable(),
    status: z.enum(LEGAL_DOCUMENT_STATUSES),
  }),
} satisfies Record<OpenDataSet, z.ZodObject>;

type RowOf<K extends OpenDataSet> = z.infer<(typeof ROW_SCHEMAS)[K]>;

/** The meaning of a column, where a name is read differently in one set (an inspector's organisation). */
const MEANING_KEY: Partial<Record<OpenDataSet, Record<string, string>>> = {
  inspectors: { organizationName: 'organizationNameOfInspector' },
};

/** One keyset page of a set after `after` (the last row's sort key), in a stable order. */
type PageReader = (today: string, after: string | null, size: number) => RawBuilder<{ k: string }>;

const PAGES: Record<OpenDataSet, PageReader> = {
  'violating-employers': (_today, after, size) =>
    sql<{ k: string }>`select v.id::text as k, v.organization_name as "organizationName", v.tax_code as "taxCode",
        v.address, w.full_name as "wardName", v.violation_content as "violationContent",
        v.decision_number as "decisionNumber", v.decision_date::text as "decisionDate",
        v.fine_amount::text as "fineAmount", v.issued_by as "issuedBy", v.published_at as "publishedAt"
      from violating_organization v left join admin_unit w on w.id = v.ward_code
      where v.deleted_at is null and v.is_published ${after ? sql`and v.id > ${after}::uuid` : sql``}
      order by v.id limit ${size}`,
  inspectors: (today, after, size) =>
    sql<{ k: string }>`select i.id::text as k, i.full_name as "fullName",
        i.accreditation_number as "accreditationNumber", o.name as "organizationName",
        i.valid_from::text as "validFrom", i.valid_to::text as "validTo", i.equipment_types as "equipmentTypes",
        (i.valid_from <= ${today}::date and i.valid_to >= ${today}::date) as valid
      from inspector i join inspection_organization o on o.id = i.organization_id
      where i.deleted_at is null ${after ? sql`and i.id > ${after}::uuid` : sql``}
      order by i.id limit ${size}`,
  'inspection-organizations': (today, after, size) =>
    sql<{ k: string }>`select o.id::text as k, o.name, o.accreditation_number as "accreditationNumber", o.address,
        o.phone, o.valid_from::text as "validFrom", o.valid_to::text as "validTo",
        o.equipment_types as "equipmentTypes",
        (o.valid_from <= ${today}::date and o.valid_to >= ${today}::date) as valid
      from inspection_organization o
      where o.deleted_at is null ${after ? sql`and o.id > ${after}::uuid` : sql``}
      order by o.id limit ${size}`,
  'legal-documents': (today, after, size) =>
    sql<{ k: string }>`select d.id::text as k, d.number, d.type, d.title, d.issuer,
        d.signed_date::text as "signedDate", d.in_force_date::text as "inForceDate",
        d.expiry_date::text as "expiryDate", r.number as "replacedBy", ${statusSql(today)} as status
      from ${documentsWithReplacement}
      where d.deleted_at is null ${after ? sql`and d.id > ${after}::uuid` : sql``}
      order by d.id limit ${size}`,
};

function clean<K extends OpenDataSet>(key: K, raw: Record<string, unknown>): RowOf<K> {
  const { k: _k, ...row } = raw;
  if (key === 'violating-employers') {
    row.fineAmount = row.fineAmount == null ? null : Number(row.fineAmount);
    row.publishedAt = row.publishedAt == null ? null : new Date(row.publishedAt as string | Date).toISOString();
  }
  return row as RowOf<K>;
}

/** Every row of a set, a page at a time (the database is asked again for each page). */
export async function* datasetRows<K extends OpenDataSet>(
  db: Executor,
  key: K,
  today: string,
  pageSize = 500,
): AsyncGenerator<RowOf<K>> {
  let after: string | null = null;
  for (;;) {
    const page = await PAGES[key](today, after, pageSize).execute(db);
    const rows = page.rows as unknown as Record<string, unknown>[];
    for (const r of rows) yield clean(key, r);
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1]!.k as string;
  }
}

export function columnsOf(key: OpenDataSet): string[] {
  return Object.keys(ROW_SCHEMAS[key].shape);
}

const columnSchema = z.object({ name: z.string(), description: z.string() });
const licenceSchema = z.object({ name: z.string(), url: z.string() });
const datasetSchema = z.object({
  key: z.enum(OPEN_DATA_SETS),
  title: z.string(),
  description: z.string(),
  asOf: z.string(),
  licence: licenceSchema,
  columns: z.array(columnSchema),
  csv: z.string(),
  json: z.string(),
});

function describeColumns(lang: 'vi' | 'en', key: OpenDataSet) {
  return columnsOf(key).map((name) => ({
    name,
    description: translate(lang, `library:openData.columnsOf.${MEANING_KEY[key]?.[name] ?? name}`),
  }));
}

async function* csvChunks(db: Executor, key: OpenDataSet, today: string): AsyncGenerator<string> {
  const columns = columnsOf(key);
  yield BOM + csvLine(columns);
  let chunk = '';
  for await (const row of datasetRows(db, key, today)) {
    chunk += csvLine(columns.map((c) => (row as Record<string, unknown>)[c]));
    if (chunk.length > 64 * 1024) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

async function* jsonChunks(
  db: Executor,
  key: OpenDataSet,
  today: string,
  columns: { name: string; description: string }[],
): AsyncGenerator<string> {
  const head = { asOf: today, licence: OPEN_DATA_LICENCE, columns };
  yield `${JSON.stringify(head).slice(0, -1)},"rows":[`;
  let first = true;
  let chunk = '';
  for await (const row of datasetRows(db, key, today)) {
    chunk += (first ? '' : ',') + JSON.stringify(row);
    first = false;
    if (chunk.length > 64 * 1024) {
      yield chunk;
      chunk = '';
    }
  }
  yield `${chunk}]}`;
}

/** A streamed body: fastify sends it as is (no serialisation); its JSON still matches the declared schema. */
const streamed = (reply: FastifyReply, chunks: AsyncGenerator<string>) => reply.send(Readable.from(chunks));

const fileName = (key: OpenDataSet, today: string, ext: string) => `${key}-${today}.${ext}`;

const routes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['OpenData'];
  app.get(
    '/api/OpenData/datasets',
    {
      config: { permission: 'Auth.read' },
      schema: {
        tags,
        summary: 'The open-data sets: title, description, date, licence, columns and their meaning, download links',
        response: { 200: z.object({ items: z.array(datasetSchema) }) },
      },
    },
    async (request) => {
      const lang = languageOf(request);
      const today = clock.today();
      return {
        items: OPEN_DATA_SETS.map((key) => ({
          key,
          title: translate(lang, `library:openData.sets.${key}.title`),
          description: translate(lang, `library:openData.sets.${key}.description`),
          asOf: today,
          licence: OPEN_DATA_LICENCE,
          columns: describeColumns(lang, key),
          csv: `/api/OpenData/datasets/${key}.csv`,
          json: `/api/OpenData/datasets/${key}.json`,
        })),
      };
    },
  );

  for (const key of OPEN_DATA_SETS) {
    app.get(
      `/api/OpenData/datasets/${key}.csv`,
      {
        config: { permission: 'Auth.read' },
        schema: {
          tags,
          summary: `Open data "${key}" as CSV (UTF-8 with BOM, RFC 4180; columns as in the JSON form)`,
          produces: ['text/csv'],
          response: { 200: z.string().describe(`CSV; columns: ${columnsOf(key).join(', ')}`), 400: errorBodySchema },
        },
      },
      async (_request, reply) => {
        const today = clock.today();
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${fileName(key, today, 'csv')}"`)
          .header('cache-control', 'public, max-age=300');
        return streamed(reply, csvChunks(app.db, key, today));
      },
    );
    app.get(
      `/api/OpenData/datasets/${key}.json`,
      {
        config: { permission: 'Auth.read' },
        schema: {
          tags,
          summary: `Open data "${key}" as JSON { asOf, licence, columns, rows }`,
          response: {
            200: z.object({
              asOf: z.string(),
              licence: licenceSchema,
              columns: z.array(columnSchema),
              rows: z.array(ROW_SCHEMAS[key]),
            }),
            400: errorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const today = clock.today();
        const columns = describeColumns(languageOf(request), key);
        reply
          .header('content-type', 'application/json; charset=utf-8')
          .header('content-disposition', `inline; filename="${fileName(key, today, 'json')}"`)
          .header('cache-control', 'public, max-age=300');
        return streamed(reply, jsonChunks(app.db, key, today, columns));
      },
    );
  }
};

export default routes;
