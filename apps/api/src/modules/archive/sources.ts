import type { Readable } from 'node:stream';
import { sql, type RawBuilder } from 'kysely';
import type { ArchiveSource } from '@portal/domain/archive/index';
import { translate, type Language } from '@portal/domain/i18n';
import type { Db } from '../../db/database.ts';
import type { Principal } from '../../platform/access/index.ts';
import { clock } from '../../platform/clock/index.ts';
import type { FileStorage } from '../../platform/files/storage.ts';
import { accidentCaller, receiptPdf } from '../accidents/index.ts';
import { confirmationPdf, declarationCaller } from '../equipment/index.ts';
import { filingCaller, receiptPdf as reportReceiptPdf } from '../reports/index.ts';

/**
 * The kinds of closed records the archive files, each declared once: which of its records are over (a query
 * answering the columns below, set-based, read by the filing) and, where its module makes one, the record's own
 * PDF for an export (a periodic report's receipt, an accident's receipt, an equipment confirmation, an inspection's
 * PDF conclusion). A record without a PDF of its own the caller may read gets the archive's one-page summary.
 *
 * The closing states are the modules' own: a periodic report `accepted`; an accident investigation `concluded`;
 * an equipment declaration `confirmed`; an inspection `closed` (its requirements all accepted, or none).
 */
export interface ClosedRecordColumns {
  record_id: string;
  /** Periodic reports: the report type (a type's own filing rule wins over its kind's). */
  report_type_id: string | null;
  title: string;
  number: string | null;
  business_id: string | null;
  /** The commune (admin unit id) the record belongs to: where an accident happened, else the employer's. */
  ward_code: string | null;
  /** The Vietnam calendar day the record closed. */
  closed_on: string;
}

/** What a source's PDF maker gets: the caller of the export, as its own module checks them. */
export interface PdfContext {
  db: Db;
  principal: Principal | null;
  lang: Language;
  publicUrl: string;
  files: FileStorage;
}

export interface ArchiveSourceDefinition {
  source: ArchiveSource;
  /** Every closed record of this kind, as ClosedRecordColumns (titles in the portal's language, Vietnamese). */
  closed: () => RawBuilder<ClosedRecordColumns>;
  /** The record's own PDF, or null when it has none the caller may read (the summary is used instead). */
  pdf?: (ctx: PdfContext, recordId: string) => Promise<Buffer | null>;
}

const ZONE = 'Asia/Ho_Chi_Minh';

/**
 * A record's title, set-based: the locale's template (`archive:titles.<source>`, Vietnamese as stored data is)
 * with each `{{name}}` replaced in SQL by the value of a column.
 */
function titleOf(source: ArchiveSource, values: Record<string, RawBuilder<unknown>>): RawBuilder<string> {
  // The template with its placeholders kept (translate fills what it is given: each placeholder itself).
  const template = translate(
    'vi',
    `archive:titles.${source}`,
    Object.fromEntries(Object.keys(values).map((name) => [name, `{{${name}}}`])),
  );
  let title: RawBuilder<string> = sql<string>`${template}::text`;
  for (const [name, value] of Object.entries(values))
    title = sql<string>`replace(${title}, ${`{{${name}}}`}, coalesce((${value})::text, ''))`;
  return sql<string>`left(${title}, 1000)`;
}

/** Only the notFound of a source's own reader means "no PDF the caller may read": anything else is a failure. */
const orNull = async (make: () => Promise<{ pdf: Buffer }>): Promise<Buffer | null> => {
  try {
    return (await make()).pdf;
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode === 404) return null;
    throw err;
  }
};

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export const ARCHIVE_SOURCE_DEFINITIONS: readonly ArchiveSourceDefinition[] = [
  {
    source: 'reportSubmission',
    closed: () => sql<ClosedRecordColumns>`select s.id as record_id, s.report_type_id,
        ${titleOf('reportSubmission', {
          type: sql`coalesce(t.name, s.form_code)`,
          period: sql`s.period_key`,
          reporter: sql`coalesce(e.reporter_name, b.name, s.reporter_key)`,
        })} as title,
        s.number, s.business_id, coalesce(s.ward_code, b.ward_code) as ward_code,
        (s.accepted_at at time zone ${ZONE})::date::text as closed_on
      from report_submission s
        left join report_type t on t.id = s.report_type_id
        left join report_expected e on e.id = s.expected_id
        left join business b on b.id = s.business_id
      where s.status = 'accepted' and s.deleted_at is null and s.accepted_at is not null`,
    // The report's numbered receipt, its acceptance signed by the department, as the filing module makes it.
    pdf: (ctx, recordId) =>
      orNull(() =>
        reportReceiptPdf(
          { db: ctx.db, request: null, caller: filingCaller(ctx.principal), lang: ctx.lang, today: clock.today() },
          recordId,
        ),
      ),
  },
  {
    source: 'accidentInvestigation',
    closed: () => sql<ClosedRecordColumns>`select i.id as record_id, null::uuid as report_type_id,
        ${titleOf('accidentInvestigation', { code: sql`a.code`, who: sql`coalesce(b.name, a.place)` })} as title,
        a.code as number, a.business_id, coalesce(a.ward_id, b.ward_code) as ward_code,
        i.concluded_on::text as closed_on
      from accident_investigation i
        join accident a on a.id = i.accident_id
        left join business b on b.id = a.business_id
      where i.status = 'concluded' and i.concluded_on is not null and i.deleted_at is null and a.deleted_at is null`,
    // The accident's receipt (the notification as its current version holds it), as the accidents module makes it.
    pdf: async (ctx, recordId) => {
      const found = await sql<{ accident_id: string }>`select accident_id from accident_investigation
        where id = ${recordId}`.execute(ctx.db);
      const accidentId = found.rows[0]?.accident_id;
      if (!accidentId) return null;
      const caller = accidentCaller(ctx.principal);
      return orNull(() =>
        receiptPdf(
          { db: ctx.db, request: null, caller, lang: ctx.lang, now: clock.now(), today: clock.today() },
          accidentId,
        ),
      );
    },
  },
  {
    source: 'equipmentDeclaration',
    closed: () => sql<ClosedRecordColumns>`select d.id as record_id, null::uuid as report_type_id,
        ${titleOf('equipmentDeclaration', { business: sql`b.name` })} as title,
        d.number, d.business_id, b.ward_code,
        (d.decided_at at time zone ${ZONE})::date::text as closed_on
      from equipment_declaration d join business b on b.id = d.business_id
      where d.status = 'confirmed' and d.decided_at is not null and d.deleted_at is null`,
    // The department's confirmation (giấy xác nhận khai báo), as the equipment module makes it.
    pdf: (ctx, recordId) =>
      orNull(() =>
        confirmationPdf(
          {
            db: ctx.db,
            request: null,
            caller: declarationCaller(ctx.principal),
            lang: ctx.lang,
            today: clock.today(),
          },
          recordId,
          ctx.publicUrl,
        ),
      ),
  },
  {
    source: 'inspection',
    // Closed when its last requirement was accepted (or at its conclusion, when there was nothing to follow up).
    closed: () => sql<ClosedRecordColumns>`select i.id as record_id, null::uuid as report_type_id,
        ${titleOf('inspection', { business: sql`b.name` })} as title,
        coalesce(i.conclusion_number, i.decision_number) as number, i.business_id, b.ward_code,
        coalesce(
          (select (max(e.at) at time zone ${ZONE})::date from labour_inspection_event e
            where e.inspection_id = i.id and e.to_status = 'closed'),
          i.conclusion_date,
          (i.updated_at at time zone ${ZONE})::date
        )::text as closed_on
      from labour_inspection i join business b on b.id = i.business_id
      where i.status = 'closed' and i.deleted_at is null`,
    // The signed conclusion the inspectors uploaded, when it is a PDF.
    pdf: async (ctx, recordId) => {
      const found = await sql<{ storage_key: string }>`select f.storage_key from labour_inspection i
          join stored_file f on f.id = i.conclusion_file_id
        where i.id = ${recordId} and f.mime = 'application/pdf'`.execute(ctx.db);
      const key = found.rows[0]?.storage_key;
      if (!key) return null;
      const stream = await ctx.files.open(key).catch(() => null);
      return stream ? readAll(stream) : null;
    },
  },
];

export const sourceDefinition = (source: ArchiveSource): ArchiveSourceDefinition =>
  ARCHIVE_SOURCE_DEFINITIONS.find((d) => d.source === source)!;
