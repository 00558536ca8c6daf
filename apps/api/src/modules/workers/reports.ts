import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { OpContext } from '../../catalog/context.ts';
import { catalogOperations } from '../../catalog/operations.ts';
import { ownerBusiness } from '../../catalog/scope.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { readUpload, saveUpload, sendStoredFile } from '../../platform/files/index.ts';

/**
 * The signed report files of the employers' worker reports (CollectWorker/file-collect-worker-report). Files are
 * secure: uploaded here, served only through the report they belong to, to whoever may read that report.
 */

export const REPORT_FILE_KINDS = ['pdf', 'spreadsheet', 'document'] as const;

export async function uploadReportFile(
  request: FastifyRequest,
  ctx: OpContext,
): Promise<{ id: string; fileName: string; size: number }> {
  const upload = await readUpload(request, { kinds: [...REPORT_FILE_KINDS] });
  const stored = await saveUpload(
    ctx.db,
    request.server.files,
    { ...upload, isSecure: true, fileType: 'collect-worker-report' },
    {
      uploadedBy: ctx.principal?.userId ?? null,
      businessId: ownerBusiness(ctx.principal),
    },
  );
  return { id: stored.id, fileName: stored.original_name, size: Number(stored.size) };
}

/** Send the file of a report the caller may read (404 for a report out of scope or without a file). */
export async function sendReportFile(reply: FastifyReply, ctx: OpContext, reportId: string): Promise<FastifyReply> {
  const report = await catalogOperations('collectWorker').get(ctx, reportId);
  if (!report.fileId) throw new AppError(404, 'NOT_FOUND');
  const file = await ctx.db
    .selectFrom('stored_file')
    .selectAll()
    .where('id', '=', report.fileId as string)
    .executeTakeFirst();
  if (!file) throw new AppError(404, 'NOT_FOUND');
  return sendStoredFile(reply, reply.server.files, file, 'attachment');
}

/**
 * A report may only carry a file its author uploaded, or one already belonging to the report's employer: ids of
 * other people's files must not become readable by being attached.
 */
export async function fileMayBeAttached(ctx: OpContext, fileId: string, businessId: string | null): Promise<boolean> {
  if (ctx.system) return true;
  const found = await sql<{ id: string }>`select id from stored_file where id = ${fileId}
      and (uploaded_by = ${ctx.principal?.userId ?? null} or (business_id is not null and business_id = ${businessId}))`.execute(
    ctx.db,
  );
  return found.rows.length > 0;
}
