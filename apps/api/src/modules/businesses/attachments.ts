import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ATTACHMENT_KINDS, MAX_ATTACHMENTS } from '@portal/domain/businesses/index';
import type { Executor } from '../../catalog/context.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { readUpload, saveUpload, sendStoredFile } from '../../platform/files/index.ts';
import { businessError } from './common.ts';

/**
 * Files attached to an employer's records (documents, overtime notifications). They are always stored secure:
 * the public file route never serves them; the record's own route does, after checking the caller may see the
 * record. The file row names the employer, so the owner stays known even when the record is gone.
 */
export type OwnerType = 'document' | 'overtime';

export const attachedFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number(),
  mime: z.string(),
  createdAt: z.string(),
});
export type AttachedFile = z.infer<typeof attachedFileSchema>;

export async function listFiles(db: Executor, ownerType: OwnerType, ownerId: string): Promise<AttachedFile[]> {
  const rows = await db
    .selectFrom('business_record_file as l')
    .innerJoin('stored_file as f', 'f.id', 'l.file_id')
    .select(['f.id', 'f.original_name', 'f.size', 'f.mime', 'l.created_at'])
    .where('l.owner_type', '=', ownerType)
    .where('l.owner_id', '=', ownerId)
    .orderBy('l.created_at')
    .orderBy('f.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.original_name,
    size: Number(r.size),
    mime: r.mime,
    createdAt: r.created_at.toISOString(),
  }));
}

/** Store one multipart upload (field formFile) and attach it; the caller has checked it may change the record. */
export async function attachFile(
  app: FastifyInstance,
  request: FastifyRequest,
  owner: { type: OwnerType; id: string; businessId: string; subject: string },
): Promise<AttachedFile> {
  const count = await app.db
    .selectFrom('business_record_file')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('owner_type', '=', owner.type)
    .where('owner_id', '=', owner.id)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= MAX_ATTACHMENTS)
    throw businessError(409, 'TOO_MANY_FILES', { vars: { max: MAX_ATTACHMENTS } });
  const upload = await readUpload(request, { kinds: [...ATTACHMENT_KINDS] });
  const file = await app.db.transaction().execute(async (trx) => {
    // Secure whatever the form said: these are an employer's records.
    const stored = await saveUpload(
      trx,
      app.files,
      { ...upload, isSecure: true },
      { uploadedBy: request.principal?.userId ?? null, businessId: owner.businessId },
    );
    await trx
      .insertInto('business_record_file')
      .values({
        owner_type: owner.type,
        owner_id: owner.id,
        file_id: stored.id,
        created_by: request.principal?.userId ?? null,
      })
      .execute();
    await recordAudit(trx, request, {
      action: 'add_file',
      subject: owner.subject,
      recordId: owner.id,
      details: { fileId: stored.id, name: stored.original_name },
    });
    return stored;
  });
  return {
    id: file.id,
    name: file.original_name,
    size: Number(file.size),
    mime: file.mime,
    createdAt: file.created_at.toISOString(),
  };
}

/** Send a file of the record; 404 when it is not attached to it. */
export async function sendAttachedFile(
  app: FastifyInstance,
  reply: FastifyReply,
  owner: { type: OwnerType; id: string },
  fileId: string,
): Promise<FastifyReply> {
  const file = await app.db
    .selectFrom('business_record_file as l')
    .innerJoin('stored_file as f', 'f.id', 'l.file_id')
    .selectAll('f')
    .where('l.owner_type', '=', owner.type)
    .where('l.owner_id', '=', owner.id)
    .where('l.file_id', '=', fileId)
    .executeTakeFirst();
  if (!file) throw businessError(404, 'FILE_NOT_FOUND');
  return sendStoredFile(reply, app.files, file);
}

/** Detach files from the record and remove them (bytes included). */
export async function removeFiles(
  app: FastifyInstance,
  request: FastifyRequest,
  owner: { type: OwnerType; id: string; subject: string },
  fileIds: string[],
): Promise<number> {
  const found = await app.db
    .selectFrom('business_record_file as l')
    .innerJoin('stored_file as f', 'f.id', 'l.file_id')
    .select(['f.id', 'f.storage_key'])
    .where('l.owner_type', '=', owner.type)
    .where('l.owner_id', '=', owner.id)
    .where('l.file_id', 'in', fileIds)
    .execute();
  if (found.length !== fileIds.length) throw businessError(404, 'FILE_NOT_FOUND');
  await app.db.transaction().execute(async (trx) => {
    // The link goes with the file row (on delete cascade).
    await trx.deleteFrom('stored_file').where('id', 'in', fileIds).execute();
    await recordAudit(trx, request, {
      action: 'delete_file',
      subject: owner.subject,
      recordId: owner.id,
      details: { fileIds },
    });
  });
  for (const f of found) await app.files.remove(f.storage_key).catch(() => undefined);
  return found.length;
}
