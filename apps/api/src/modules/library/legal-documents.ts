import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql, type Expression, type SqlBool } from 'kysely';
import { z } from 'zod';
import {
  LEGAL_DOCUMENT_STATUSES,
  LEGAL_DOCUMENT_TYPES,
  legalDocumentStatus,
  type LegalDocumentStatus,
} from '@portal/domain/library/index';
import type { Executor } from '../../catalog/context.ts';
import { catalogueHook, type CatalogueHookEntry } from '../../catalog/hooks.ts';
import { matchesKeyword } from '../../db/search.ts';
import { sqlPage } from '../../platform/list/index.ts';
import { clock } from '../../platform/clock/index.ts';
import { errorBodySchema, notFound } from '../../platform/errors/app-error.ts';
import { sendStoredFile } from '../../platform/files/index.ts';
import { documentsWithReplacement, statusSql } from './status.ts';
import { pageOf } from '@portal/domain/paging';

/**
 * Legal documents for everyone: the public list (`/tai-lieu`) with each text's status on the day, and its file —
 * only a file stored as not secure, only of a live document, whatever file id is asked for: the route takes the
 * document's id, so it never serves another record's file. The back office's lists and details get the same
 * status through an afterRead hook.
 */

export const publicLegalDocument = z.object({
  id: z.uuid(),
  number: z.string(),
  type: z.enum(LEGAL_DOCUMENT_TYPES),
  title: z.string(),
  summary: z.string().nullable(),
  issuer: z.string().nullable(),
  signedDate: z.string().nullable(),
  inForceDate: z.string().nullable(),
  expiryDate: z.string().nullable(),
  replacedBy: z.object({ id: z.uuid(), number: z.string(), title: z.string() }).nullable(),
  status: z.enum(LEGAL_DOCUMENT_STATUSES),
  /** Present only when the file may be downloaded by anyone. */
  file: z.object({ name: z.string(), size: z.number(), url: z.string() }).nullable(),
});
export type PublicLegalDocument = z.infer<typeof publicLegalDocument>;

export const legalDocumentQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  keyWord: z.string().trim().max(200).optional(),
  type: z.enum(LEGAL_DOCUMENT_TYPES).optional(),
  status: z.enum(LEGAL_DOCUMENT_STATUSES).optional(),
});

interface Row {
  id: string;
  number: string;
  type: PublicLegalDocument['type'];
  title: string;
  summary: string | null;
  issuer: string | null;
  signed_date: string | null;
  in_force_date: string | null;
  expiry_date: string | null;
  replaced_by: string | null;
  replaced_by_number: string | null;
  replaced_by_title: string | null;
  status: LegalDocumentStatus;
  file_name: string | null;
  file_size: string | number | null;
}

export const publicFileUrl = (id: string) => `/api/LegalDocument/public-file/${id}`;

function toPublic(r: Row): PublicLegalDocument {
  return {
    id: r.id,
    number: r.number,
    type: r.type,
    title: r.title,
    summary: r.summary,
    issuer: r.issuer,
    signedDate: r.signed_date,
    inForceDate: r.in_force_date,
    expiryDate: r.expiry_date,
    replacedBy:
      r.replaced_by && r.replaced_by_number
        ? { id: r.replaced_by, number: r.replaced_by_number, title: r.replaced_by_title ?? '' }
        : null,
    status: r.status,
    file: r.file_name ? { name: r.file_name, size: Number(r.file_size), url: publicFileUrl(r.id) } : null,
  };
}

export async function listPublicLegalDocuments(
  db: Executor,
  q: z.infer<typeof legalDocumentQuery>,
  today = clock.today(),
): Promise<{ pageLists: PublicLegalDocument[]; totalRecord: number }> {
  const status = statusSql(today);
  const where: Expression<SqlBool>[] = [sql<SqlBool>`d.deleted_at is null`];
  if (q.keyWord) where.push(matchesKeyword(['d.number', 'd.title', 'd.summary'], q.keyWord) as Expression<SqlBool>);
  if (q.type) where.push(sql<SqlBool>`d.type = ${q.type}`);
  if (q.status) where.push(sql<SqlBool>`(${status}) = ${q.status}`);
  const page = await sqlPage<Row>(db, q, {
    select: sql`d.id, d.number, d.type, d.title, d.summary, d.issuer, d.signed_date::text as signed_date,
        d.in_force_date::text as in_force_date, d.expiry_date::text as expiry_date, r.id as replaced_by,
        r.number as replaced_by_number, r.title as replaced_by_title, ${status} as status,
        f.original_name as file_name, f.size as file_size`,
    from: sql`${documentsWithReplacement} left join stored_file f on f.id = d.file and not f.is_secure`,
    countFrom: documentsWithReplacement,
    where,
    order: sql`d.signed_date desc nulls last, d.number, d.id`,
  });
  return { pageLists: page.rows.map(toPublic), totalRecord: page.total };
}

// The back office sees the same status in its lists and details (never stored: it changes with the day).
const legalDocumentRules = catalogueHook('legalDocument', {
  async afterRead({ ctx, records }) {
    const today = clock.today();
    const ids = [...new Set(records.map((r) => r.replacedBy).filter((v): v is string => typeof v === 'string'))];
    const found = ids.length
      ? await sql<{ id: string; in_force_date: string | null }>`select id, in_force_date::text as in_force_date
          from legal_document where deleted_at is null and id in (${sql.join(ids.map((id) => sql`${id}::uuid`))})`.execute(
          ctx.db,
        )
      : { rows: [] };
    const replacements = new Map(found.rows.map((r) => [r.id, r]));
    for (const record of records) {
      const replacement = replacements.get(record.replacedBy as string);
      record.status = legalDocumentStatus(
        {
          inForceDate: (record.inForceDate as string | null) ?? null,
          expiryDate: (record.expiryDate as string | null) ?? null,
          replacement: replacement ? { inForceDate: replacement.in_force_date } : null,
        },
        today,
      );
    }
  },
});

/** The legal documents' rules, declared by the library module (index.ts). */
export const legalDocumentHooks: CatalogueHookEntry[] = [legalDocumentRules];

const routes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['LegalDocument'];
  app.get(
    '/api/LegalDocument/public-list',
    {
      config: { permission: 'Auth.read' },
      schema: {
        tags,
        summary: 'The legal documents for everyone, with their status today (paged; search, type and status filters)',
        querystring: legalDocumentQuery,
        response: {
          200: pageOf(publicLegalDocument),
          400: errorBodySchema,
        },
      },
    },
    async (request) => listPublicLegalDocuments(app.db, request.query),
  );

  app.get(
    '/api/LegalDocument/public-file/:id',
    {
      config: { permission: 'Auth.read' },
      schema: {
        tags,
        summary: "A legal document's file, for everyone, when it is not stored as secure",
        params: z.object({ id: z.uuid() }),
        querystring: z.object({ inline: z.enum(['0', '1']).optional() }),
        response: { 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const found = await sql<{ file_id: string }>`select f.id as file_id from legal_document d
        join stored_file f on f.id = d.file
        where d.id = ${request.params.id}::uuid and d.deleted_at is null and not f.is_secure`.execute(app.db);
      const fileId = found.rows[0]?.file_id;
      if (!fileId) throw notFound();
      const file = await app.db.selectFrom('stored_file').selectAll().where('id', '=', fileId).executeTakeFirst();
      if (!file) throw notFound();
      return sendStoredFile(reply, app.files, file, request.query.inline === '1' ? 'inline' : 'attachment');
    },
  );
};

export default routes;
